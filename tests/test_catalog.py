"""The catalog (lab.catalog): each learner's facts in one entry, and nothing else decides by class name."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from lab import catalog

ROOT = Path(__file__).resolve().parents[1]
#: a decision on a learner's class name: type(x).__name__ == / != / in …, x.__class__.__name__ …
CLASS_NAME_TEST = re.compile(r"(type\([^)]*\)|\.__class__)\.__name__\s*(==|!=|in\b)")
LEARNER_NAME = re.compile(r"type\((\w+\.)?learner\)\.__name__|learner\.__class__\.__name__")


@pytest.mark.parametrize("name", sorted(catalog.LEARNERS))
def test_every_entry_names_its_rule_its_bounds_and_builds_its_learner(name):
    spec = catalog.LEARNERS[name]
    assert callable(spec.trial_math)
    assert spec.bound_curves is None or callable(spec.bound_curves)
    assert spec.invariants is None or callable(spec.invariants)
    learner = catalog.build(name)
    assert type(learner) is spec.cls
    assert catalog.spec_for(learner) is spec                   # a built learner finds its own entry
    for param in spec.params:
        assert param.name in learner.get_params(), (name, param.name)
        if param.kind in ("int", "float") and not isinstance(param.default, tuple):
            assert param.low <= param.default <= param.high, (name, param.name)


def test_every_page_offers_learners_of_the_catalog():
    for page, names in catalog.PAGES.items():
        assert names and all(name in catalog.LEARNERS for name in names), page
        assert (ROOT / "views" / f"{page}.py").is_file(), page


def test_kernel_models_say_how_their_dual_coefficients_change():
    """A model drawn from a kernel expansion needs its entry's dual_change (the timeline draws it from that)."""
    for name in ("Kernel Perceptron",):
        assert catalog.LEARNERS[name].dual_change is not None
    spec = catalog.LEARNERS["Apportioned margin"]
    learner = catalog.build("Apportioned margin", {"kernel": "rbf", "theta": (1.0, 2.0, 3.0)})
    record = learner.learn_one(np.array([1.0, 2.0]), 2, weight=1.5, classes=[0, 1, 2])
    change = spec.dual_change(record, learner)
    assert len(change) == 3 and change[2] == pytest.approx(1.5) and all(v <= 0 for v in change[:2])


def test_no_module_decides_by_a_learners_class_name():
    """The trial math, the curves, the timeline and the pages ask the catalog, never type(x).__name__."""
    for folder in ("lab", "viz", "ui", "views", "components"):
        for path in (ROOT / folder).glob("*.py"):
            text = path.read_text(encoding="utf-8")
            assert not CLASS_NAME_TEST.search(text), path
            for line in text.splitlines():         # a learner's class name only ever in an error message
                if LEARNER_NAME.search(line):
                    assert "Error(f" in line or line.lstrip().startswith(">>>"), (path, line)


def test_a_check_on_class_names_would_be_caught():
    assert CLASS_NAME_TEST.search('if type(run.learner).__name__ == "Winnow":')
    assert CLASS_NAME_TEST.search('type(run.learner).__name__ in INVARIANT_LEARNERS')
    assert CLASS_NAME_TEST.search('learner.__class__.__name__ != "KernelPerceptron"')
    assert LEARNER_NAME.search('    name = type(learner).__name__')       # the old lab/explain.py


def test_novikoff_applies_to_the_perceptron_and_to_iwp_only_while_its_weights_are_equal():
    """Drag u (lab.drag) is offered where this entry says so: Novikoff bounds the Perceptron's mistakes
    whatever the weights, IWP's only when every c is the same (issue 25), and nothing else's."""
    offering = {name for name, spec in catalog.LEARNERS.items() if spec.novikoff_applies is not None}
    assert offering == {"Perceptron", "Importance-Weighted Perceptron"}
    perceptron, iwp = catalog.LEARNERS["Perceptron"], catalog.LEARNERS["Importance-Weighted Perceptron"]
    assert perceptron.novikoff_applies(catalog.build("Perceptron"), np.array([1000.0, 0.001, 1.0]))
    learner = catalog.build("Importance-Weighted Perceptron")
    assert iwp.novikoff_applies(learner, np.array([2.0, 2.0, 2.0]))
    assert not iwp.novikoff_applies(learner, np.array([1000.0, 0.001, 1.0]))
    assert not iwp.novikoff_applies(learner, np.array([0.0, 0.0]))


def test_every_classifier_of_the_catalog_is_offered_by_a_page():
    """Issue 26: an entry makes a learner steppable — OOZ (Multiclass), the weight-bounded perceptron and the
    p-norm algorithm (Perceptron; p-norm also on Winnow) were catalog entries no page offered."""
    offered = {name for names in catalog.PAGES.values() for name in names}
    classifiers = {name for name, spec in catalog.LEARNERS.items() if spec.kind == "classifier"}
    assert classifiers <= offered, classifiers - offered
    assert {"p-norm", "Weight-bounded perceptron"} <= set(catalog.PAGES["perceptron"])
    assert "p-norm" in catalog.PAGES["winnow"] and "OOZ" in catalog.PAGES["multiclass"]


def test_an_entrys_max_trials_is_the_limit_of_its_browser_runs():
    from lab.limits import TRIALS, kind_of, trial_limit
    limited = {name: spec.max_trials for name, spec in catalog.LEARNERS.items() if spec.max_trials}
    assert limited.get("OOZ", 0) < TRIALS[kind_of("OOZ")]
    for name, spec in catalog.LEARNERS.items():
        if spec.kind == "classifier":
            assert trial_limit(name, 10**5, "drawn").trials == (spec.max_trials or TRIALS[kind_of(name)]), name
