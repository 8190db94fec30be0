"""The credit of a multiclass bound curve is the source by its authors' names, and says the bound is derived
(issue 25): seed 000 states no multiclass bound, and a page shows the credit beside the curve's name, where
no reader should meet "seed 000"."""

from __future__ import annotations

import numpy as np

from learners import MultiVectorPerceptron
from learners.multiclass_bounds import multiclass_bound_curves


def test_every_multiclass_curve_is_credited_as_derived_by_author_names():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 3, 60)
    X = np.array([[3.0, 0.0], [-3.0, 0.0], [0.0, 3.0]])[y] + rng.normal(scale=0.6, size=(60, 2))
    weights = rng.uniform(0.5, 2.0, 60)
    curves = multiclass_bound_curves(MultiVectorPerceptron(importance_weighted=True), X, y, weights)
    assert [c.name for c in curves] == ["Multiclass Novikoff", "Multiclass Gentile", "Multiclass IWP Theorem 3"]
    for curve in curves:
        assert "seed" not in curve.source.lower() and "§" not in curve.source, curve.source
        assert curve.source.startswith("derived from "), curve.source
    novikoff, gentile, theorem3 = (curve.source for curve in curves)
    assert "Agarwal's notes, Thm 2.1" in novikoff
    assert "Supeesun & Fakcharoenphol, Thm 1" in gentile
    assert "Supeesun & Fakcharoenphol, Thm 3" in theorem3
