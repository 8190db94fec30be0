"""Every bound curve is computed by its theorem's function in learners/bounds.py (issue 26): no curve
builder keeps a second copy of a formula.  Each function is patched to return twice its value; the curve
it draws must then move, which a curve computed by an inline copy would not."""

import numpy as np
import pytest

from learners import ImportanceWeightedPerceptron, MultiVectorPerceptron, Perceptron, bounds
from learners.comparators import perceptron_bound_curves
from learners.multiclass_bounds import multiclass_bound_curves

RNG = np.random.default_rng(5)
X = RNG.normal(size=(40, 2))
Y = (X[:, 0] + 0.3 * X[:, 1] > 0).astype(int)
Y_NOISY = Y.copy()
Y_NOISY[[7, 19, 31]] ^= 1                               # not separable: the loss-based grids matter
WEIGHTS = RNG.uniform(0.5, 3.0, size=40)
Y3 = np.digitize(X[:, 0], [-0.5, 0.5])


def _binary(labels):
    return perceptron_bound_curves(Perceptron(normalize=True), X, labels)


def _weighted(labels):
    return perceptron_bound_curves(ImportanceWeightedPerceptron(normalize=True), X, labels, sample_weight=WEIGHTS)


def _multiclass(labels):
    return multiclass_bound_curves(MultiVectorPerceptron(importance_weighted=True), X, labels, sample_weight=WEIGHTS)


def _doubled(monkeypatch, name):
    original = getattr(bounds, name)
    monkeypatch.setattr(bounds, name, lambda *args, **kwargs: 2.0 * np.asarray(original(*args, **kwargs)))


CASES = [(_binary, Y, "Novikoff", "novikoff"),
         (_binary, Y_NOISY, "Freund–Schapire", "freund_schapire"),
         (_binary, Y_NOISY, "Gentile", "gentile"),
         (_binary, Y_NOISY, "Perceptron on unit vectors", "seed001_unit"),
         (_weighted, Y_NOISY, "IWP Theorem 3", "iwp_theorem3"),
         (_weighted, Y_NOISY, "IWP Theorem 2", "iwp_theorem2"),
         (_multiclass, Y3, "Multiclass Novikoff", "novikoff"),
         (_multiclass, Y3, "Multiclass Gentile", "gentile"),
         (_multiclass, Y3, "Multiclass IWP Theorem 3", "iwp_theorem3")]


@pytest.mark.parametrize("build, labels, curve, function", CASES, ids=[c[2] for c in CASES])
def test_the_curve_is_drawn_by_its_theorem_in_bounds(monkeypatch, build, labels, curve, function):
    before = next(c for c in build(labels) if c.name == curve)
    finite = np.isfinite(before.values)
    assert finite.any()
    _doubled(monkeypatch, function)
    after = next(c for c in build(labels) if c.name == curve)
    assert np.array_equal(np.isfinite(after.values), finite)
    # every value is the theorem's at some comparator: doubling the theorem can only raise the curve, and it must
    assert np.all(after.values[finite] >= before.values[finite] * (1 - 1e-9))
    assert np.any(after.values[finite] > before.values[finite] * 1.5), f"{curve} does not call bounds.{function}"
