"""Drag the comparator: what the player needs to evaluate Novikoff's bound for a u the student moves.

Novikoff's bound holds for *every* u that separates the trials: if y_s(u·x_s) ≥ γ > 0 for every
trial s ≤ t and ‖x_s‖ ≤ R, the perceptron made at most (R‖u‖/γ)² mistakes in those trials
(seed 003, Thm 2.1; the lab's curve uses the max-margin u).  The player lets the student drag u
on the boundary figure (components/comparator_drag.js) and recomputes, for that u and every
trial t, γ_t = min_{s≤t} y_s u·f_s, R_t = max_{s≤t} ‖f_s‖ and the bound — live, in the browser:
one dot product per trial.  This module hands it what that needs: the feature vectors f of the
points as the learner sees them (the constant 1 of the intercept appended, unit length when it
normalises), the label signs, and the best u — the max-margin u of the longest separable prefix
(the one the lab's Novikoff curve uses) with its γ, R and bound — to compare with.

Offered for a binary linear learner whose features are (x₁, x₂[, 1]) up to a positive scale of
each row: the Perceptron family.  Pure Python.

Examples
--------
>>> import numpy as np
>>> from learners import Perceptron
>>> model = Perceptron()
>>> model.start([0, 1], 2)
Perceptron()
>>> X = np.array([[1.0, 1.0], [-1.0, -1.0], [2.0, 0.0]])
>>> drag = comparator_drag(model, X, np.array([1, 0, 1]), {"u": [0.6, 0.8, 0.0], "gamma": 0.5, "R": 2.0,
...                                                         "until": 3})
>>> drag["intercept"], drag["signs"], drag["F"][0], drag["best"]["bound"]
(True, [1, -1, 1], [1.0, 1.0, 1.0], 16.0)
"""

from __future__ import annotations

import numpy as np

from .quiz import feature_names


def comparator_drag(learner, X, labels, novikoff=None) -> dict | None:
    """The drag payload of a run, or None when the learner is not a linear binary one on (x₁, x₂[, 1]).

    ``X``, ``labels``: the points and their labels (drawn order); ``novikoff``: the ``details`` of the run's
    Novikoff curve (:func:`learners.comparators.perceptron_bound_curves`: its u, γ, R and the trials it
    covers), the best u to show.
    """
    from learners.comparators import learner_features

    classes = getattr(learner, "classes_", None)
    if classes is None or len(classes) != 2 or X.shape[1] != 2:
        return None
    names = feature_names(learner)
    if names not in (["x₁", "x₂", "1"], ["x₁", "x₂"]):
        return None
    F = learner_features(learner, X)
    signs = np.where(np.asarray(labels) == classes[1], 1, -1)
    best = None
    if novikoff and novikoff.get("u") is not None and novikoff.get("gamma", 0) > 0:
        gamma, R = float(novikoff["gamma"]), float(novikoff["R"])
        best = {"u": [float(v) for v in novikoff["u"]], "gamma": gamma, "R": R, "bound": (R / gamma) ** 2,
                "until": int(novikoff["until"])}
    return {"F": np.round(F, 9).tolist(), "signs": signs.astype(int).tolist(),
            "intercept": names[-1] == "1", "best": best}
