"""Sparsification of a trained model: keep only its largest weights (seed 004, §3).

Seed 004 ranks the edges (non-zero weights) of a PA-learned weight matrix by
|w| and keeps the top ones: keeping 30% of the edges (14 of 48 million) cost no
accuracy on its task 4, below that accuracy fell quickly.  OOZ, by contrast,
sparsifies every feature during learning (``max_degree``, ``min_weight``).

Works on the linear learners (the weight matrix ``_W`` of
:class:`~learners._linear.LinearOnlineClassifier`: Perceptron, IWP,
PassiveAggressive, MultiVectorPerceptron, AllPairPerceptron) and on
:class:`~learners.OOZ` (its index edges).  The intercept of a linear model is
not an edge: it is kept as it is.

Examples
--------
>>> import numpy as np
>>> from learners import PassiveAggressive
>>> rng = np.random.default_rng(0)
>>> X = rng.normal(size=(300, 20)); y = np.argmax(X[:, :3], axis=1)   # only 3 features matter
>>> model = PassiveAggressive(variant="PA-II", n_passes=3).fit(X, y)
>>> n_edges(model), n_edges(sparsify(model, 0.25))
(60, 15)
>>> curve = sparsification_curve(model, X, y, fractions=(1.0, 0.25, 0.05))
>>> curve["kept"].tolist(), curve["accuracy"].round(2).tolist()
([60, 15, 3], [0.94, 0.97, 0.98])
"""

from __future__ import annotations

import copy

import numpy as np

from ._linear import LinearOnlineClassifier
from ._validation import check_number


def _feature_block(model) -> np.ndarray:
    """The view of a linear model's W that holds feature weights (the intercept column left out)."""
    return model._W[:, : model.n_features_in_]


def _check_model(model) -> None:
    if not (isinstance(model, LinearOnlineClassifier) or hasattr(model, "keep_heaviest_edges")):
        raise ValueError(f"{type(model).__name__} has no weight matrix to sparsify: pass a fitted linear "
                         "learner (Perceptron, PassiveAggressive, MultiVectorPerceptron, ...) or OOZ.")
    if not (hasattr(model, "_W") or hasattr(model, "_degree")):
        raise ValueError(f"This {type(model).__name__} is not fitted yet; call fit before sparsify.")


def n_edges(model) -> int:
    """Number of edges of a fitted model: non-zero feature weights (linear) or stored edges (OOZ)."""
    _check_model(model)
    if hasattr(model, "keep_heaviest_edges"):
        return model.n_edges_
    return int(np.count_nonzero(_feature_block(model)))


def sparsify(model, keep_fraction: float):
    """A copy of a fitted ``model`` keeping only its ``floor(keep_fraction · edges)`` largest-|w| edges.

    Parameters
    ----------
    model : fitted linear learner or OOZ
    keep_fraction : float in [0, 1]

    Returns
    -------
    A deep copy with the other edges set to 0 (linear) or removed (OOZ, whose
    removed weight returns to the features' free sources, so the copy can keep
    learning).  Ties at the threshold keep the edge that comes first in W.
    """
    check_number("keep_fraction", keep_fraction, low=0, high=1)
    _check_model(model)
    n_keep = int(np.floor(keep_fraction * n_edges(model)))
    small = copy.deepcopy(model)
    if hasattr(small, "keep_heaviest_edges"):
        small.keep_heaviest_edges(n_keep)
        return small
    block = _feature_block(small)
    order = np.argsort(-np.abs(block), axis=None, kind="stable")
    drop = np.zeros(block.size, dtype=bool)
    drop[order[n_keep:]] = True
    block[drop.reshape(block.shape)] = 0.0
    if hasattr(small, "_pairs_cache"):       # AllPairPerceptron derives its pair vectors from W
        small._pairs_cache = None
    return small


def sparsification_curve(model, X_test, y_test, fractions=(1.0, 0.7, 0.5, 0.3, 0.2, 0.1, 0.05)) -> dict:
    """Test accuracy of ``model`` sparsified to each kept fraction (seed 004, Fig. 4b).

    Returns
    -------
    dict with arrays ``fraction``, ``kept`` (edges kept), ``accuracy`` and the
    int ``total`` (edges of the full model).
    """
    y_test = np.asarray(y_test)
    accuracy, kept = [], []
    for fraction in fractions:
        small = sparsify(model, fraction)
        accuracy.append(float(np.mean(small.predict(X_test) == y_test)))
        kept.append(n_edges(small))
    return {"fraction": np.asarray(fractions, dtype=float), "kept": np.array(kept),
            "accuracy": np.array(accuracy), "total": n_edges(model)}
