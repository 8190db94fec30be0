"""Every line of trial math the lab can write renders: through KaTeX (what st.latex uses) and as MathML.

For every learner of the catalog, a run with updates — mistakes, correct trials, ties,
restarts of the doubling trick — produces its trial math; every LaTeX line goes through
KaTeX 0.18.10 (the version Streamlit 1.67 bundles; ``tests/katex``, installed by
``npm ci --prefix tests/katex``) in strict mode, and every MathML line must be well-formed
XML.  No line may be a generic "update:" fallback.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import numpy as np
import pytest

from datasets.advice import adversarial_stream, noisy_experts
from lab import catalog
from lab.formula import math_element

KATEX = Path(__file__).parent / "katex"
NAMES = ["blue", "orange <b>", "green_{x}", "purple"]


def katex_errors(formulas: list[str]) -> list:
    """KaTeX's verdict on each formula: None when it renders, else the error message."""
    node = shutil.which("node")
    if node is None or not (KATEX / "node_modules" / "katex").is_dir():
        pytest.fail("KaTeX is not installed for the tests: run `npm ci --prefix tests/katex` (README, Set up).")
    result = subprocess.run([node, str(KATEX / "check.mjs")], input=json.dumps(formulas), capture_output=True,
                            text=True, timeout=120, check=True)
    return json.loads(result.stdout)


def _points(n_classes: int, seed: int, n: int = 80, positive: bool = False):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, n_classes, n)
    centres = rng.normal(scale=2.0, size=(n_classes, 2))
    X = centres[y] + rng.normal(size=(n, 2))
    X[::7] = np.round(X[::7])            # some repeated, integer points: ties and exact zeros happen
    X[3] = 0.0                           # a zero instance (PA makes no step on it)
    if positive:
        X = np.abs(X)
    return X, y, rng.uniform(0.2, 3.0, n)


def _variants(spec):
    """Parameter settings of an entry worth covering (every choice of a choice parameter)."""
    settings = [{}]
    for param in spec.params:
        if param.kind == "choice":
            settings = [dict(s, **{param.name: option}) for s in settings for option in param.options]
        if param.kind == "bool" and param.name in ("normalize", "doubling", "fit_intercept"):
            settings = settings + [dict(s, **{param.name: not param.default}) for s in settings]
    return settings


def classifier_formulas(spec):
    out = []
    positive = spec.name in ("Weight-bounded perceptron", "OOZ")
    for n_classes in ((2,) if spec.binary_only else (2, 3, 4)):
        X, y, c = _points(n_classes, seed=n_classes, positive=positive)
        extra = {"theta": (1.0, 5.0, 2.0, 0.5)[:n_classes]} if spec.cls_name == "ApportionedMargin" else {}
        for values in _variants(spec):
            learner = catalog.build(spec.name, {**values, **extra})
            updates = 0
            for x, label, weight in zip(X, y, c):
                record = learner.learn_one(x, label, weight=weight, classes=np.arange(n_classes))
                updates += record.updated
                out.extend(spec.trial_math(record, learner, names=NAMES))
            assert updates > 0, f"{spec.name} {values}: the run made no update, so its update math went untested"
    return out


def expert_formulas(spec):
    out = []
    advice, outcomes = noisy_experts(120, np.linspace(0.05, 0.6, 6), seed=1)
    for values in _variants(spec):
        learner = catalog.build(spec.name, values)
        if "epsilon" in values or spec.cls_name == "RandomizedWeightedMajority":
            learner.set_params(random_state=0)
        stream = (advice, outcomes) if values.get("doubling") is not True else adversarial_stream(
            catalog.build(spec.name, values).set_params(random_state=0), advice=advice, seed=0)
        for row, outcome in zip(*stream):
            out.extend(spec.trial_math(learner.learn_one(row, outcome), learner))
    return out


@pytest.fixture(scope="module")
def every_line():
    lines = {}
    for spec in catalog.LEARNERS.values():
        lines[spec.name] = expert_formulas(spec) if spec.kind == "experts" else classifier_formulas(spec)
    return lines


def test_every_learner_has_its_own_rule_and_no_generic_fallback(every_line):
    for name, formulas in every_line.items():
        assert formulas, name
        for formula in formulas:
            # the old fallback wrote "update: " followed by the record's keys (\text{log_Z} = …)
            assert not formula.tex.startswith(r"\text{update") and "<mtext>update" not in formula.mml, name
            for key in ("log_Z", "n_support", "weight_moved", "step_size", "raw_scores"):
                assert key not in formula.tex and key.replace("_", r"\_") not in formula.tex, (name, key)


def test_every_line_renders_in_katex(every_line):
    unique = sorted({formula.tex for formulas in every_line.values() for formula in formulas})
    errors = katex_errors(unique)
    failed = [(tex, error) for tex, error in zip(unique, errors) if error]
    assert not failed, f"{len(failed)} of {len(unique)} formulas do not render; first: {failed[0]}"


def test_every_line_is_well_formed_mathml(every_line):
    for name, formulas in every_line.items():
        for formula in formulas:
            ElementTree.fromstring(math_element(formula))        # raises on malformed markup


def test_scientific_notation_is_never_written_as_e(every_line):
    import re
    pattern = re.compile(r"(?<![a-zA-Z\\])\d(\.\d+)?e[-+]?\d")
    for name, formulas in every_line.items():
        for formula in formulas:
            assert not pattern.search(formula.tex), (name, formula.tex)


def test_a_broken_formula_is_caught():
    """The check itself can fail: KaTeX rejects what st.latex showed in red before (``\\text{log_Z}``)."""
    assert katex_errors([r"\text{log_Z}", r"x^2"]) [0] is not None
