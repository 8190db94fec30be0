"""Sparsification of a trained model: keep only the largest weights (seed 004, §3).

Seed 004 ranks the edges of a PA-learned weight matrix by |w| and keeps the
top ones: 30% of the edges kept lost no accuracy on their task 4.

Examples
--------
>>> import numpy as np
>>> from learners import MultiVectorPerceptron
>>> rng = np.random.default_rng(0)
>>> X = rng.normal(size=(200, 20)); y = (X[:, 0] > 0).astype(int) + (X[:, 1] > 0)
>>> model = MultiVectorPerceptron(n_passes=3).fit(X, y)
>>> small = sparsify(model, 0.25)
>>> int(np.count_nonzero(small.augmented_coef_)) <= int(np.ceil(0.25 * np.count_nonzero(model.augmented_coef_)))
True
"""

from __future__ import annotations

import copy

import numpy as np


def _weight_array(model) -> tuple[str, np.ndarray]:
    for name in ("_W", "_edge_weight"):
        if hasattr(model, name):
            return name, getattr(model, name)
    raise ValueError(f"{type(model).__name__} has no weight matrix to sparsify "
                     "(linear learners and OOZ can be sparsified).")


def sparsify(model, keep_fraction: float):
    """A copy of ``model`` keeping the ``keep_fraction`` largest-|w| non-zero weights."""
    if not 0.0 <= float(keep_fraction) <= 1.0:
        raise ValueError(f"keep_fraction must lie in [0, 1]; got {keep_fraction!r}.")
    small = copy.deepcopy(model)
    name, weights = _weight_array(small)
    if name == "_edge_weight":
        mask = np.arange(weights.shape[1])[None, :] < small._degree[:, None]
        values = np.where(mask, np.abs(weights), 0.0)
    else:
        values = np.abs(weights)
    nonzero = np.count_nonzero(values)
    keep = int(np.floor(keep_fraction * nonzero))
    if keep < nonzero:
        threshold_order = np.argsort(values, axis=None)[::-1]
        drop = threshold_order[keep:]
        flat = weights.reshape(-1)
        flat[drop] = 0.0
    if hasattr(small, "_pairs_cache"):
        small._pairs_cache = None
    return small


def sparsification_curve(model, X_test, y_test, fractions=(1.0, 0.7, 0.5, 0.3, 0.2, 0.1, 0.05)) -> dict:
    """Accuracy and number of kept weights of ``model`` sparsified to each fraction."""
    _, weights = _weight_array(model)
    total = int(np.count_nonzero(weights))
    accuracy, kept = [], []
    for fraction in fractions:
        small = sparsify(model, fraction)
        accuracy.append(float(np.mean(small.predict(X_test) == np.asarray(y_test))))
        kept.append(int(np.count_nonzero(_weight_array(small)[1])))
    return {"fraction": np.asarray(fractions, dtype=float), "accuracy": np.array(accuracy),
            "kept": np.array(kept), "total": total}
