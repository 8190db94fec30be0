"""Drag the comparator: what the player needs to evaluate Novikoff's bound for a u the student moves.

Novikoff's bound holds for *every* u that separates the trials: if y_s(u·x_s) ≥ γ > 0 for every
trial s ≤ t and ‖x_s‖ ≤ R, the perceptron made at most (R‖u‖/γ)² mistakes in those trials
(seed 003, Thm 2.1; the lab's curve uses the exact max-margin u, :mod:`learners.max_margin`).  The player lets the student drag u
on the boundary figure (components/comparator_drag.js) and recomputes, for that u and every
trial t, γ_t = min_{s≤t} y_s u·f_s, R_t = max_{s≤t} ‖f_s‖ and the bound — live, in the browser:
one dot product per trial.  This module hands it what that needs: the feature vectors f of the
points as the learner sees them (the constant 1 of the intercept appended, unit length when it
normalises), the label signs, and the best u — the max-margin u of the longest separable prefix
(the one the lab's Novikoff curve uses) with its γ, R and bound — to compare with.

Offered only where the bound applies to the learner and its run: the catalog entry's
``novikoff_applies(learner, weights)`` (:class:`lab.catalog.LearnerSpec`) says so — the Perceptron,
and the importance-weighted perceptron while all its weights are equal.  The feature vectors keep
12 significant digits (relative, not absolute, rounding: coordinates of 1e-10 stay what they are).
Pure Python.

Examples
--------
>>> import numpy as np
>>> from learners import Perceptron
>>> from learners.comparators import perceptron_bound_curves
>>> model = Perceptron()
>>> model.start([0, 1], 2)
Perceptron()
>>> X, y = np.array([[1.0, 1.0], [-1.0, -1.0], [2.0, 0.0]]), np.array([1, 0, 1])
>>> drag = comparator_drag(model, X, y, perceptron_bound_curves(model, X, y))
>>> drag["intercept"], drag["signs"], drag["F"][0], drag["learner"], round(drag["best"]["bound"], 3)
(True, [1, -1, 1], [1.0, 1.0, 1.0], 'Perceptron', 2.5)
"""

from __future__ import annotations

import numpy as np

from .quiz import feature_names


def comparator_drag(learner, X, labels, curves=(), weights=None) -> dict | None:
    """The drag payload of a run, or None where Novikoff's bound does not bound this learner's run.

    ``X``, ``labels``: the points and their labels (drawn order); ``curves``: the run's bound curves, whose
    Novikoff curve (:func:`learners.comparators.perceptron_bound_curves`) gives the best u to show (its
    exact max-margin u, γ, R and the trials it covers); ``weights``: the importance weights of the run's
    trials (1 when None).
    """
    from learners import bounds
    from learners.comparators import learner_features, novikoff_of

    from .catalog import spec_for

    classes = getattr(learner, "classes_", None)
    if classes is None or len(classes) != 2 or X.shape[1] != 2:
        return None
    spec = spec_for(learner)
    trial_weights = np.ones(len(X)) if weights is None else np.asarray(weights, dtype=float)
    if spec.novikoff_applies is None or not spec.novikoff_applies(learner, trial_weights):
        return None
    names = feature_names(learner)
    if names not in (["x₁", "x₂", "1"], ["x₁", "x₂"]):
        return None
    F = learner_features(learner, X)
    signs = np.where(np.asarray(labels) == classes[1], 1, -1)
    best = None
    curve = novikoff_of(curves)
    novikoff = curve.details if curve is not None else None
    if novikoff and novikoff.get("u") is not None and novikoff.get("gamma", 0) > 0:
        gamma, R = float(novikoff["gamma"]), float(novikoff["R"])
        best = {"u": [float(v) for v in novikoff["u"]], "gamma": gamma, "R": R, "bound": float(bounds.novikoff(R, 1.0, gamma)),
                "until": int(novikoff["until"])}
    return {"F": [[significant(v) for v in row] for row in F], "signs": signs.astype(int).tolist(),
            "intercept": names[-1] == "1", "learner": spec.name, "best": best}


def significant(value, digits: int = 12) -> float:
    """``value`` rounded to ``digits`` significant digits (relative rounding: 1.23456e-10 keeps its digits).

    >>> significant(1.2345678901234e-10), significant(-987654321.987654321, 4), significant(0.0)
    (1.23456789012e-10, -987700000.0, 0.0)
    """
    return float(f"{float(value):.{int(digits)}g}") + 0.0
