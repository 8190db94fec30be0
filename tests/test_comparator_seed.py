"""The soft-margin comparators (liblinear, which visits the rows in a random order) are seeded: a bound curve
does not depend on what else ran before it in the process (found by tests/test_story_payloads.py, where the
"weighted" and "four-classes" stories' curves moved in their sixth digit with the order of the tests)."""

import numpy as np

from learners.comparators import perceptron_bound_curves
from learners.multiclass import MultiVectorPerceptron
from learners.multiclass_bounds import multiclass_bound_curves
from learners.perceptron import ImportanceWeightedPerceptron
from lab.stories import STORIES, make_points


def _disturbed(seed, compute):
    np.random.seed(seed)
    np.random.random(seed + 1)
    return compute()


def test_the_bound_curves_of_the_weighted_story_do_not_depend_on_numpys_global_generator():
    points = make_points(STORIES["weighted"])
    learner = ImportanceWeightedPerceptron()

    def curves():
        return [c.values for c in perceptron_bound_curves(learner, points.X, points.labels, points.weights)]

    runs = [_disturbed(seed, curves) for seed in (1, 2)]
    for a, b in zip(*runs):
        np.testing.assert_allclose(a, b, rtol=1e-12)


def test_a_multiclass_bound_curve_does_not_depend_on_numpys_global_generator():
    points = make_points(STORIES["four-classes"])
    learner = MultiVectorPerceptron()

    def curves():
        return [c.values for c in multiclass_bound_curves(learner, points.X, points.labels)]

    runs = [_disturbed(seed, curves) for seed in (1, 2)]
    for a, b in zip(*runs):
        np.testing.assert_allclose(a, b, rtol=1e-12)
