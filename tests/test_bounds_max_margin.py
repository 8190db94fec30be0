"""The max-margin u is the exact hard-margin separator (issue 25), at every scale the import accepts.

The reference solver written here uses another method than learners/max_margin.py (Wolfe's
active-set algorithm): it enumerates every subset of at most d + 1 rows z_s = y_s·f_s, projects 0
onto the subset's affine hull by solving the bordered Gram system, keeps the projections that lie
in the subset's convex hull, and takes the shortest.  The nearest point p* of conv{z_s} to 0 is
such a projection (for ≤ d + 1 affinely independent rows: Carathéodory), and every kept projection
is a point of the hull, so the shortest is p* and γ* = ‖p*‖ (0 when 0 is in the hull).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from learners import ImportanceWeightedPerceptron, Perceptron
from learners.comparators import learner_features, max_margin_separator, perceptron_bound_curves
from learners.max_margin import nearest_point


def reference_gamma(F, y_sign) -> float:
    """γ* = the distance from 0 to conv{y_s f_s}, by enumerating the faces' affine projections."""
    Z = np.asarray(y_sign, dtype=float)[:, None] * np.asarray(F, dtype=float)
    n, d = Z.shape
    best = math.inf
    for size in range(1, min(n, d + 1) + 1):
        for subset in itertools.combinations(range(n), size):
            A = Z[list(subset)]
            # min ‖λA‖² s.t. Σλ = 1:  [AAᵀ 1; 1ᵀ 0] [λ; ν] = [0; 1]
            K = np.zeros((size + 1, size + 1))
            K[:size, :size] = A @ A.T
            K[:size, size] = K[size, :size] = 1.0
            try:
                solution = np.linalg.solve(K, np.r_[np.zeros(size), 1.0])
            except np.linalg.LinAlgError:
                continue
            lam = solution[:size]
            if not np.all(np.isfinite(lam)) or lam.min() < -1e-9 or abs(lam.sum() - 1.0) > 1e-9:
                continue
            lam = np.maximum(lam, 0.0) / np.maximum(lam, 0.0).sum()
            best = min(best, float(np.linalg.norm(lam @ A)))
    return best


def check_exact(F, y_sign):
    F = np.asarray(F, dtype=float)
    y_sign = np.asarray(y_sign, dtype=float)
    R = float(np.linalg.norm(F, axis=1).max())
    expected = reference_gamma(F, y_sign)
    sep = max_margin_separator(F, y_sign)
    found = sep.gamma if sep.separable else 0.0
    np.testing.assert_allclose(sep.margins, y_sign * (F @ sep.u))          # γ is the u's own margin
    assert found <= expected * (1 + 1e-6) + 1e-12 * R                        # no u beats the maximum
    if expected > 1e-6 * R:
        assert sep.separable, (expected, R)
        assert nearest_point(y_sign[:, None] * F).certified
        assert abs(found - expected) <= 1e-6 * expected, (found, expected)
    elif expected <= 1e-12 * R:
        assert not sep.separable or found <= 1e-9 * R


SCALES = st.integers(-9, 9).map(lambda k: 10.0 ** k)


@st.composite
def point_sets(draw):
    """Random, lattice (duplicates, collinear, zero rows) and thin-margin sets, 2 or 3 features."""
    d = draw(st.sampled_from([2, 3]))
    n = draw(st.integers(1, 8))
    kind = draw(st.sampled_from(["normal", "lattice", "thin", "one class", "intercept"]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    if kind == "lattice":
        F = rng.integers(-2, 3, size=(n, d)).astype(float)
    else:
        F = rng.normal(size=(n, d)) * np.exp(rng.normal(size=(n, 1)))
    if kind == "intercept":                     # (x₁, x₂, 1): the constant does not scale with x
        d = 3
        F = np.c_[rng.normal(size=(n, 2)) * draw(SCALES), np.ones(n)]
        scale = 1.0
    else:
        scale = draw(SCALES)
    w = rng.normal(size=d)
    if kind == "thin":                          # the row nearest w's line moved to margin 1e-4 of the largest
        i = int(np.argmin(np.abs(F @ w)))
        target = (1.0 if F[i] @ w >= 0 else -1.0) * 1e-4 * float(np.abs(F @ w).max())
        F[i] -= (F[i] @ w - target) * w / (w @ w)
    labels = F @ w
    y = np.where(labels >= 0, 1.0, -1.0)
    if kind == "one class":
        y = np.ones(n)
    flips = draw(st.integers(0, 1))
    if flips and n > 2:
        y[int(rng.integers(n))] *= -1
    return F * scale, y


@settings(max_examples=600, deadline=None)
@given(point_sets())
def test_the_max_margin_u_is_the_exact_hard_margin_separator(data):
    check_exact(*data)


@pytest.mark.parametrize("scale", [1e-9, 1e-3, 1.0, 1e3, 1e9])
def test_the_issue_sets_get_the_true_maximum(scale):
    # X = [[3, 0], [0, 0.5], [1, 0.1]], y = [0, 0, 1], no intercept: the first two trials are one class;
    # their max-margin u is −(0.1644, 0.9864) with γ = 0.4932 (the mean direction had γ = 0.0822)
    F = np.array([[3.0, 0.0], [0.0, 0.5]]) * scale
    check_exact(F, [-1.0, -1.0])
    sep = max_margin_separator(F, np.array([-1.0, -1.0]))
    assert sep.gamma == pytest.approx(0.49320 * scale, rel=1e-4)
    # nine points at scale 0.03 with an intercept: ‖v‖ must be large, where LinearSVC(C=1e4) was not
    # hard-margin
    rng = np.random.default_rng(7)
    X = rng.uniform(-1, 1, size=(9, 2)) * 0.03 * scale
    y = np.where(X[:, 0] + 0.3 * X[:, 1] > 0.002 * scale, 1.0, -1.0)
    check_exact(np.c_[X, np.ones(9)], y)


def test_the_novikoff_curve_uses_the_exact_separator_of_a_one_class_prefix():
    X = np.array([[3.0, 0.0], [0.0, 0.5], [1.0, 0.1]])
    y = np.array([0, 0, 1])
    curve = perceptron_bound_curves(Perceptron(fit_intercept=False), X, y)[0]
    assert curve.name == "Novikoff" and curve.details["until"] == 2
    # R = 3, γ* = 0.4932: (R/γ*)² = 37.0 at trial 2 (it read 1332 with the mean direction)
    assert curve.values[1] == pytest.approx((3.0 / 0.49320) ** 2, rel=1e-3)
    assert curve.details["gamma"] == pytest.approx(reference_gamma(X[:2], [-1.0, -1.0]), rel=1e-9)


@pytest.mark.parametrize("seed", range(28))
def test_novikoff_gamma_is_the_maximum_on_random_runs(seed):
    """28 random runs (the issue's count): the curve's γ on its separable prefix is the reference maximum."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 10))
    scale = 10.0 ** rng.uniform(-3, 3)
    X = rng.normal(size=(n, 2)) * scale
    y = (X @ rng.normal(size=2) > 0.1 * scale * rng.normal()).astype(int)
    learner = Perceptron(fit_intercept=bool(seed % 2))
    curve = perceptron_bound_curves(learner, X, y)[0]
    until = curve.details.get("until", 0)
    if until == 0:
        return
    F = learner_features(learner, X)[:until]
    signs = np.where(y[:until] == 1, 1.0, -1.0) if len(np.unique(y)) == 2 else np.ones(until)
    assert curve.details["gamma"] == pytest.approx(reference_gamma(F, signs), rel=1e-6)


def test_nearest_point_certifies_its_answer_and_refuses_bad_input():
    rng = np.random.default_rng(1)
    Z = rng.normal(size=(2000, 3)) + np.array([0.0, 0.0, 3.0])
    result = nearest_point(Z)
    assert result.separable and result.certified
    assert (Z @ result.u).min() >= result.gamma * (1 - 1e-9)
    with pytest.raises(ValueError):
        nearest_point(np.zeros((0, 2)))
    with pytest.raises(ValueError):
        nearest_point(np.array([[np.nan, 1.0]]))


def test_importance_weighted_curves_still_hold_with_the_exact_separator():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(300, 2))
    y = (X @ [1.0, -0.5] > 0.2).astype(int)
    curves = perceptron_bound_curves(ImportanceWeightedPerceptron(), X, y, sample_weight=np.ones(300))
    mistakes = ImportanceWeightedPerceptron().fit(X, y).history_["cum_mistakes"]
    for curve in curves:
        if curve.measures == "mistakes" and curve.bounds_this_run:
            assert np.all(mistakes[curve.applies] <= curve.values[curve.applies] + 1e-9), curve.name
