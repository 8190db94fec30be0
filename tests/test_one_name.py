"""One name per concept (issue 26): whether a learner's update depends on importance weights is its
``importance_weighted`` flag — a parameter of the multiclass and kernel learners, a class attribute of the
Perceptron and IWP — and the catalog reads it instead of keeping a second copy."""

from pathlib import Path

import pytest

from lab import catalog
from learners import ImportanceWeightedPerceptron, KernelPerceptron, MultiVectorPerceptron, Perceptron

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("learner, flag", [(Perceptron(), False), (ImportanceWeightedPerceptron(), True),
                                           (MultiVectorPerceptron(), False),
                                           (MultiVectorPerceptron(importance_weighted=True), True),
                                           (KernelPerceptron(importance_weighted=True), True)])
def test_every_learner_says_importance_weighted_by_one_name(learner, flag):
    assert learner.importance_weighted is flag


@pytest.mark.parametrize("name", sorted(catalog.LEARNERS))
def test_the_catalog_reads_the_learners_flag(name):
    spec = catalog.LEARNERS[name]
    assert spec.importance_weighted == bool(getattr(catalog.build(name), "importance_weighted", False))


def test_no_module_keeps_a_private_copy_of_the_flag():
    found = [str(p.relative_to(ROOT)) for folder in ("learners", "lab", "viz", "ui", "views")
             for p in (ROOT / folder).rglob("*.py") if "_importance_weighted" in p.read_text(encoding="utf-8")]
    assert found == []


def test_a_run_names_its_cumulative_columns_as_a_learners_history_does():
    """``Run.cumulative()`` and a learner's ``history_`` say cumulative mistakes and weighted loss by one name
    each (``cum_mistakes``, ``cum_weighted_loss``), and the catalog says importance weighting as the learners do."""
    import numpy as np

    from lab.runner import Run

    rng = np.random.default_rng(0)
    X, y, weights = rng.normal(size=(30, 2)), rng.integers(0, 2, 30), rng.uniform(0.5, 3.0, 30)
    run = Run(ImportanceWeightedPerceptron(), X, y, weights)
    run.play()
    cumulative, history = run.cumulative(), run.learner.history_
    for name in ("cum_mistakes", "cum_weighted_loss"):
        np.testing.assert_allclose(cumulative[name], history[name], rtol=1e-12)
    assert not {"mistakes", "weighted_loss"} & set(cumulative)
    assert not hasattr(catalog.LearnerSpec, "uses_weights")
