"""Madani & Huang's appendix bound for the weight-bounded perceptron, M ≤ ‖½ − W*‖²/((u − 2)β²): it holds on
streams that meet its conditions, and the lab draws it only where they hold (elsewhere it is a note)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from datasets.pointset import PointSet
from lab import catalog
from lab.timeline import build_timeline
from learners import WeightBoundedPerceptron, bounds
from learners.comparators import weight_bounded_bound_curves

#: the planted separator: v = 2W* − 1 = (1, 1, −1, −1), i.e. W* = (1, 1, 0, 0)
V_STAR = np.array([1.0, 1.0, -1.0, -1.0])


def planted_stream(seed: int, n: int = 80):
    """Non-negative 4-feature points: class 1 weighs on features 1–2, class 0 on 3–4 (a little noise on the
    others).  On unit rows the planted v has margin y·v·x ≥ γ* (returned) on every point."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    strong, weak = rng.uniform(0.4, 1.0, (n, 2)), rng.uniform(0.0, 0.15, (n, 2))
    X = np.where(y[:, None] == 1, np.hstack([strong, weak]), np.hstack([weak, strong]))
    unit = X / np.linalg.norm(X, axis=1, keepdims=True)
    gamma = float(np.min(np.where(y == 1, 1.0, -1.0) * (unit @ V_STAR)))
    return X, y, gamma


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("beta", [0.05, 0.1, 0.2, 0.3])
def test_the_theorem_with_the_planted_separator_bounds_every_run(beta, seed):
    """The appendix's statement itself, with the W* we planted: u = γ*/β > 2, distance ‖½ − W*‖² = 1."""
    X, y, gamma = planted_stream(seed)
    assert gamma > 2 * beta
    model = WeightBoundedPerceptron(beta=beta, n_passes=20, shuffle=True, random_state=seed).fit(X, y)
    W_star = (V_STAR + 1.0) / 2.0
    bound = bounds.weight_bounded(float(np.sum((0.5 - W_star) ** 2)), gamma / beta, beta)
    assert model.mistakes_ <= bound, (model.mistakes_, bound)


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("beta", [0.05, 0.1, 0.2, 0.3])
def test_the_lab_curve_applies_on_such_streams_and_is_never_below_the_mistakes(beta, seed):
    X, y, _ = planted_stream(seed)
    X5, y5 = np.vstack([X] * 5), np.concatenate([y] * 5)
    model = WeightBoundedPerceptron(beta=beta, n_passes=5).fit(X, y)
    (curve,) = weight_bounded_bound_curves(model, X5, y5)
    assert curve.applies.all() and curve.bounds_this_run and not curve.reason
    assert np.all(model.history_["cum_mistakes"] <= curve.values)
    # the last value is the library's formula at the W* and u the curve reports
    d = curve.details
    assert np.all((d["W_star"] >= 0) & (d["W_star"] <= 1)) and d["u_margin"] > 2
    assert np.allclose(d["u"], 2 * d["W_star"] - 1)
    F = model._features(X5)
    margin = float(np.min(np.where(y5 == 1, 1.0, -1.0) * (F @ (2 * d["W_star"] - 1))))
    assert margin >= d["u_margin"] * beta * (1 - 1e-9)
    assert curve.values[-1] == pytest.approx(
        bounds.weight_bounded(float(np.sum((0.5 - d["W_star"]) ** 2)), d["u_margin"], beta), rel=1e-9)


def test_rows_longer_than_one_stop_the_curve_where_they_begin():
    X, y, _ = planted_stream(0, n=40)
    X = X / np.linalg.norm(X, axis=1, keepdims=True)
    X[25] *= 3.0                                          # ‖x‖ = 3 at trial 26
    (curve,) = weight_bounded_bound_curves(WeightBoundedPerceptron(beta=0.1, normalize=False), X, y)
    assert curve.applies[:25].all() and not curve.applies[25:].any()
    assert "trial 26" in curve.reason and "‖x‖₂" in curve.reason
    (normalised,) = weight_bounded_bound_curves(WeightBoundedPerceptron(beta=0.1, normalize=True), X, y)
    assert normalised.applies.all()


def test_a_separation_of_at_most_two_beta_means_no_curve_only_a_note():
    """With β so large that no W* in [0, 1]ⁿ reaches a score difference above 2β the bound says nothing:
    the curve applies nowhere, and the run's figure names it under its title instead of drawing it."""
    X, y, gamma = planted_stream(1, n=40)
    beta = 0.95
    assert gamma <= 2 * beta
    (curve,) = weight_bounded_bound_curves(WeightBoundedPerceptron(beta=beta), X, y)
    assert not curve.applies.any() and np.all(np.isinf(curve.values)) and "2β" in curve.reason
    payload = build_timeline("Weight-bounded perceptron", {"beta": beta}, PointSet.from_arrays(X[:, :2], y))
    figure = json.loads(payload["curves"]["figure"])
    assert not any("Weight-bounded" in (trace.get("name") or "") for trace in figure["data"])
    assert "not drawn — Weight-bounded" in figure["layout"]["title"]["subtitle"]["text"]
    assert any(note.startswith("Weight-bounded") for note in payload["curves"]["notes"])


def test_an_inseparable_stream_is_bounded_only_on_its_separable_prefix():
    X, y, _ = planted_stream(2, n=30)
    X, y = np.vstack([X, X[:1]]), np.r_[y, 1 - y[0]]         # the first point again, with the other label
    (curve,) = weight_bounded_bound_curves(WeightBoundedPerceptron(beta=0.1), X, y)
    assert curve.applies[:30].all() and not curve.applies[30]
    assert "trial 31" in curve.reason


def test_the_catalog_entry_draws_this_curve_and_normalises_by_default():
    spec = catalog.LEARNERS["Weight-bounded perceptron"]
    learner = catalog.build("Weight-bounded perceptron")
    assert learner.get_params()["normalize"] is True
    X, y, _ = planted_stream(3, n=30)
    (curve,) = spec.bound_curves(learner, X, y, np.ones(len(y)))
    assert curve.name == "Weight-bounded" and curve.applies.all()
    assert "Weight-bounded perceptron" in catalog.PAGES["perceptron"]


@pytest.mark.parametrize("args, word", [((-1.0, 3.0, 0.1), "distance_sq"), ((1.0, -3.0, 0.1), "u"),
                                        ((1.0, 3.0, 0.0), "β")])
def test_the_bound_function_refuses_what_makes_no_sense(args, word):
    with pytest.raises(ValueError, match=word):
        bounds.weight_bounded(*args)
