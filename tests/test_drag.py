"""Drag u (lab/drag.py) is offered only where Novikoff's bound bounds the run, at every scale (issue 25)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from datasets.pointset import PointSet
from lab import catalog
from lab.drag import comparator_drag
from lab.timeline import build_timeline
from learners.comparators import perceptron_bound_curves

SEPARABLE = ([[2.0, 1.0], [1.0, 2.5], [-1.0, -2.0], [-2.5, -0.5], [1.5, -0.2], [-0.4, -1.5]], [1, 1, 0, 0, 1, 0])


def drag_of(name, values, X, y, weights=None, n_passes=1):
    points = PointSet.from_arrays(X, y, weights=weights)
    return build_timeline(name, values, points, order="drawn", n_passes=n_passes, seed=0)


def test_not_offered_for_the_importance_weighted_perceptron_with_unequal_weights():
    # the run: the max-margin u's bound read 101 while IWP made 201 mistakes — with unequal weights
    # IWP is not the Perceptron, and Novikoff does not bound its mistakes
    X, y, c = [[0.1, -1.0], [0.1, 1.0], [-0.5, 0.2]], [0, 1, 0], [1000.0, 0.001, 1.0]
    payload = drag_of("Importance-Weighted Perceptron", {"fit_intercept": False}, X, y, c, n_passes=200)
    assert payload["trials"]["cum_mistakes"][-1] > 101
    assert payload["drag"] is None


def test_offered_for_the_importance_weighted_perceptron_with_equal_weights_and_its_bound_holds():
    X, y = SEPARABLE
    payload = drag_of("Importance-Weighted Perceptron", {}, X, y, [2.5] * len(y), n_passes=5)
    drag = payload["drag"]
    assert drag is not None and drag["learner"] == "Importance-Weighted Perceptron"
    best = drag["best"]
    assert payload["trials"]["cum_mistakes"][best["until"] - 1] <= best["bound"]


@pytest.mark.parametrize("name", ["Passive-Aggressive", "Multi-vector Perceptron", "All-pair Perceptron",
                                  "Multi-vector IWP", "Winnow"])
def test_not_offered_where_novikoff_does_not_bound_the_learner(name):
    X, y = SEPARABLE
    assert drag_of(name, {}, X, y)["drag"] is None


def test_the_catalog_decides_where_drag_u_is_offered(monkeypatch):
    X, y = np.array(SEPARABLE[0]), np.array(SEPARABLE[1])
    model = catalog.build("Perceptron")
    model.start([0, 1], 2)
    curves = perceptron_bound_curves(model, X, y)
    assert comparator_drag(model, X, y, curves) is not None
    spec = catalog.LEARNERS["Perceptron"]
    monkeypatch.setitem(catalog.LEARNERS, "Perceptron", dataclasses.replace(spec, novikoff_applies=lambda l, w: False))
    assert comparator_drag(model, X, y, curves) is None
    monkeypatch.setitem(catalog.LEARNERS, "Perceptron", dataclasses.replace(spec, novikoff_applies=None))
    assert comparator_drag(model, X, y, curves) is None


@pytest.mark.parametrize("scale", [1e-10, 1e-9, 1e-3, 1e3, 1e9])
def test_drag_works_at_every_scale(scale):
    """The features keep their digits (relative rounding): γ of the best u, measured on the payload's
    features, is the lab's own γ (at 1e-10 every feature had been rounded to 0, γ = 0)."""
    X, y = np.array(SEPARABLE[0]) / 2.5 * scale, SEPARABLE[1]          # largest |coordinate| = scale
    for values in ({"fit_intercept": False}, {}):
        payload = drag_of("Perceptron", values, X, y, n_passes=3)
        drag = payload["drag"]
        F, signs, best = np.array(drag["F"]), np.array(drag["signs"]), drag["best"]
        shown = payload["trials"]["point"][: best["until"]]
        gamma = float((signs[shown] * (F[shown] @ np.array(best["u"]))).min())
        R = float(np.linalg.norm(F[shown], axis=1).max())
        assert gamma > 0 and gamma == pytest.approx(best["gamma"], rel=1e-6)
        assert R == pytest.approx(best["R"], rel=1e-9)
        assert best["bound"] == pytest.approx((R / gamma) ** 2, rel=1e-6)
        assert payload["trials"]["cum_mistakes"][best["until"] - 1] <= best["bound"]


def test_the_panel_names_the_learner_of_the_run_instead_of_calling_it_the_perceptron():
    from pathlib import Path

    script = (Path(__file__).resolve().parents[1] / "components" / "comparator_drag.js").read_text(encoding="utf-8")
    assert "the perceptron made" not in script.lower()
    assert "${this.drag.learner} made M" in script
