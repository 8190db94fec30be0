"""Gentile's p-norm algorithm (learners/p_norm.py): p = 2 is the Perceptron, its bound holds on every
trial of separable streams, no NaN or inf for large p, scikit-learn's conventions, trial math from the record."""

from __future__ import annotations

import math

import numpy as np
import pytest

from lab import catalog, explain
from learners import Perceptron, PNormPerceptron, bounds
from learners.comparators import p_norm_bound_curves
from learners.p_norm import p_norm_link, p_norm_of


def separable_stream(seed: int, n: int = 120, d: int = 4, margin: float = 0.15):
    """Points x ∈ [−1, 1]^d labelled by a random hyperplane through (near) the origin, keeping only those at
    distance ≥ ``margin`` from it: separable with the intercept feature."""
    rng = np.random.default_rng(seed)
    u, b = rng.normal(size=d), rng.normal(scale=0.2)
    u /= np.linalg.norm(u)
    X = rng.uniform(-1.0, 1.0, size=(6 * n, d))
    score = X @ u + b
    keep = np.abs(score) >= margin
    X, score = X[keep][:n], score[keep][:n]
    return X, (score > 0).astype(int)


# ------------------------------------------------------------------ p = 2 is the Perceptron
@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_p_equal_to_2_is_the_perceptron(seed, fit_intercept):
    """Same mistakes and w = θ up to the Perceptron's positive factor η.  The points lie on a grid of quarters
    and η is 1 or ½, so every score is exact whatever order a kernel sums in, and exact ties (which count as
    mistakes) happen and are decided alike."""
    rng = np.random.default_rng(seed)
    X = rng.integers(-8, 9, size=(200, 3)) / 4.0
    y = rng.integers(0, 2, 200)
    ours = PNormPerceptron(p=2.0, fit_intercept=fit_intercept, n_passes=3).fit(X, y)
    assert ours.mistakes_ > 0 and np.any(ours.history_["margin"] == 0.0)
    for eta in (1.0, 0.5):
        theirs = Perceptron(eta=eta, fit_intercept=fit_intercept, n_passes=3).fit(X, y)
        assert np.array_equal(ours.history_["mistake"], theirs.history_["mistake"])
        assert np.allclose(eta * ours.coef_, theirs.coef_, rtol=1e-12, atol=1e-12)
        assert np.allclose(eta * ours.intercept_, theirs.intercept_, rtol=1e-12, atol=1e-12)


def test_the_link_is_the_gradient_of_half_the_squared_p_norm():
    """w = ∇(½‖θ‖_p²) (checked by finite differences), ‖w‖_q = ‖θ‖_p and w·θ = ‖θ‖_p²."""
    rng = np.random.default_rng(0)
    for p in (2.0, 2.5, 3.0, 7.0):
        theta = rng.normal(size=5)
        w = p_norm_link(theta, p)
        half_sq = lambda v: 0.5 * np.sum(np.abs(v) ** p) ** (2.0 / p)
        h = 1e-6
        numeric = [(half_sq(theta + h * e) - half_sq(theta - h * e)) / (2 * h) for e in np.eye(5)]
        assert np.allclose(w, numeric, rtol=1e-5, atol=1e-8), p
        q = p / (p - 1.0)
        assert math.isclose(np.sum(np.abs(w) ** q) ** (1 / q), p_norm_of(theta, p), rel_tol=1e-9)
        assert math.isclose(float(w @ theta), p_norm_of(theta, p) ** 2, rel_tol=1e-9)


# ------------------------------------------------------------------ its bound, every trial
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("p", [2.0, 2.0 * math.log(5), 3.0, 6.0, 15.0])
def test_the_bound_holds_at_every_trial_of_separable_streams(p, seed):
    X, y = separable_stream(seed)
    model = PNormPerceptron(p=p, n_passes=4).fit(X, y)
    X4, y4 = np.vstack([X] * 4), np.concatenate([y] * 4)     # the trials as presented (4 passes in order)
    (curve,) = p_norm_bound_curves(model, X4, y4)
    assert curve.applies.all() and curve.bounds_this_run
    mistakes = model.history_["cum_mistakes"]
    assert mistakes[-1] > 0
    assert np.all(mistakes <= curve.values), (p, seed, int(mistakes[-1]), float(curve.values[-1]))
    # the curve is the library's formula at the comparator it reports, not a copy of it
    u, q = curve.details["u"], bounds.dual_exponent(p)
    F = np.hstack([X4, np.ones((len(X4), 1))])
    gamma = float(np.min(np.where(y4 == 1, 1.0, -1.0) * (F @ u)))
    X_p = float(np.max(np.linalg.norm(F, ord=p, axis=1)))
    assert curve.values[-1] == pytest.approx(bounds.p_norm(p, X_p, np.linalg.norm(u, ord=q), gamma), rel=1e-9)


def test_the_bound_stops_where_the_stream_stops_being_separable():
    X, y = separable_stream(3, n=60)
    X = np.vstack([X, X[:1]])
    y = np.r_[y, 1 - y[0]]                            # the same point with the other label: nothing separates
    (curve,) = p_norm_bound_curves(PNormPerceptron(p=3.0), X, y)
    assert curve.applies[:60].all() and not curve.applies[60]
    assert "not linearly separable" in curve.reason


# ------------------------------------------------------------------ numbers
def test_no_nan_or_inf_in_long_runs_even_for_large_p():
    rng = np.random.default_rng(7)
    X = rng.normal(scale=1e3, size=(3000, 6))
    y = rng.integers(0, 2, 3000)                       # noise: a mistake every other trial, θ keeps growing
    for p in (2.0, 40.0, 1000.0):
        model = PNormPerceptron(p=p, n_passes=3).fit(X, y)
        assert np.all(np.isfinite(model.weights_)) and np.all(np.isfinite(model.theta_)), p
        assert np.all(np.isfinite(model.decision_function(X))), p
        assert np.all(np.isfinite(model.history_["margin"])), p


def test_theta_zero_gives_w_zero_and_the_first_trial_is_a_tie_counted_as_a_mistake():
    model = PNormPerceptron(p=5.0)
    record = model.learn_one([2.0, -1.0], 0, classes=[0, 1])
    assert record.weights_before.tolist() == [0.0, 0.0, 0.0]
    assert record.margin == 0.0 and record.mistake and record.updated
    assert record.update["theta_after"].tolist() == [-2.0, 1.0, -1.0]


def test_overflowing_input_is_refused_with_a_value_error():
    with pytest.raises(ValueError, match="could overflow"):
        PNormPerceptron(p=3.0).fit([[1e200, 1.0], [-1e200, 2.0]], [0, 1])


@pytest.mark.parametrize("p", [1.5, 0.0, -2.0, 1e4, float("nan"), "3"])
def test_a_bad_p_is_refused(p):
    with pytest.raises(ValueError, match="p must"):
        PNormPerceptron(p=p).fit([[1.0, 0.0], [0.0, 1.0]], [0, 1])


# ------------------------------------------------------------------ scikit-learn conventions
def test_stepping_equals_fitting_and_the_api_agrees_with_itself():
    X, y = separable_stream(1, n=80)
    fitted = PNormPerceptron(p=4.0, n_passes=1).fit(X, y)
    stepped = PNormPerceptron(p=4.0)
    records = [stepped.learn_one(x, label, classes=[0, 1]) for x, label in zip(X, y)]
    assert np.array_equal(fitted.weights_, stepped.weights_)
    assert [r.mistake for r in records] == fitted.history_["mistake"].tolist()
    partial = PNormPerceptron(p=4.0).partial_fit(X[:40], y[:40], classes=[0, 1]).partial_fit(X[40:], y[40:])
    assert np.array_equal(partial.weights_, fitted.weights_)
    scores = fitted.decision_function(X)
    assert fitted.predict(X).tolist() == np.where(scores > 0, 1, 0).tolist()
    assert np.allclose(scores, X @ fitted.coef_[0] + fitted.intercept_[0], rtol=1e-12, atol=1e-12)


def test_shuffled_passes_are_seeded():
    X, y = separable_stream(2, n=60)
    one = PNormPerceptron(p=3.0, n_passes=3, shuffle=True, random_state=5).fit(X, y)
    two = PNormPerceptron(p=3.0, n_passes=3, shuffle=True, random_state=5).fit(X, y)
    other = PNormPerceptron(p=3.0, n_passes=3, shuffle=True, random_state=6).fit(X, y)
    assert np.array_equal(one.history_["sample_index"], two.history_["sample_index"])
    assert np.array_equal(one.weights_, two.weights_)
    assert not np.array_equal(one.history_["sample_index"], other.history_["sample_index"])


# ------------------------------------------------------------------ the catalog entry and its trial math
def test_the_catalog_entry_builds_it_with_its_p_slider():
    spec = catalog.LEARNERS["p-norm"]
    p = next(param for param in spec.params if param.name == "p")
    assert p.kind == "float" and p.low == 2.0 and p.default == 2.0 and p.high > 2 * math.log(3)
    assert catalog.build("p-norm", {"p": 4.5}).get_params()["p"] == 4.5
    assert "p-norm" in catalog.PAGES["perceptron"] and "p-norm" in catalog.PAGES["winnow"]


def test_the_trial_math_shows_the_records_numbers_not_recomputed_ones():
    """The lines are written from the record: a record whose θ and ‖θ‖_p were changed shows the changed
    numbers (recomputing them from the learner would not)."""
    model = PNormPerceptron(p=3.0)
    record = model.learn_one([1.0, -2.0], 1, classes=[0, 1])
    lines = [f.tex for f in explain.p_norm_math(record, model)]
    assert len(lines) == 3 and "mistake" in lines[0]
    assert r"\begin{pmatrix}1 \\ -2 \\ 1\end{pmatrix} \end{aligned}" in lines[1]       # θ₂ = θ₁ + y₁x₁
    assert "p=3" in lines[2] and "=2.15" in lines[2]                                  # ‖θ₂‖₃ = 10^(1/3)
    from dataclasses import replace
    forged = replace(record, update={**record.update, "theta_after": np.array([7.0, 8.0, 9.0]), "theta_norm": 42.0})
    forged_lines = [f.tex for f in explain.p_norm_math(forged, model)]
    assert r"\begin{pmatrix}7 \\ 8 \\ 9\end{pmatrix}" in forged_lines[1] and "=42" in forged_lines[2]
    correct = model.learn_one([1.0, -2.0], 1)
    assert [f.tex for f in explain.p_norm_math(correct, model)][-1].startswith(r"\text{no update")
