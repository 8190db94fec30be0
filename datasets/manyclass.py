"""A synthetic many-class sparse data set, the offline stand-in for seed 004's text sets.

Seed 004's data (the ODP challenge tasks, newsgroups, industry) is not
available offline.  This generator keeps what matters to OOZ and PA: many
classes whose sizes follow a Zipf law (seed 004's ODP classes were highly
skewed: 20% of the classes held two thirds of the instances), and sparse
non-negative rows of unit Euclidean length, like l2-normalised tf-idf.  Each
class owns a few characteristic features; a row mixes some of its class's
features with noise features shared by all classes.  The lab says so wherever
it shows results on this data.

Examples
--------
>>> X, y = zipf_manyclass(n_classes=50, n_instances=2000, n_features=500, seed=0)
>>> X.shape, int(y.max()) < 50, bool(abs(X.multiply(X).sum(axis=1).max() - 1.0) < 1e-9)
((2000, 500), True, True)
>>> counts = np.bincount(y, minlength=50)
>>> bool(counts[0] > 5 * counts[-10:].mean())      # Zipf: the first class is far larger
True
"""

from __future__ import annotations

import numbers

import numpy as np
import scipy.sparse as sp


def _check_count(name, value, low):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
        raise ValueError(f"{name} must be an integer of at least {low}; got {value!r}.")


def zipf_manyclass(n_classes=1000, n_instances=50_000, n_features=5_000, nnz_per_row=20,
                   features_per_class=8, class_share=0.6, zipf_exponent=1.0, seed=0):
    """Draw a many-class sparse data set with Zipf-distributed class sizes.

    Class c ∈ {0, …, n_classes − 1} is drawn with probability ∝ 1/(c + 1)^zipf_exponent.
    Every class owns ``features_per_class`` random characteristic features.  A row
    draws ``nnz_per_row`` features: each comes from its class's own features with
    probability ``class_share`` and uniformly from all features otherwise (shared
    noise); values are 0.1 + Exponential(1), repeated features add up, and the row
    is scaled to unit length.

    Parameters
    ----------
    n_classes, n_instances, n_features : int
    nnz_per_row : int, default=20
        Features drawn per row (fewer non-zeros when a feature repeats).
    features_per_class : int, default=8
    class_share : float in [0, 1], default=0.6
        How much of a row comes from its class; lower is harder.
    zipf_exponent : float ≥ 0, default=1.0
        0 gives classes of equal expected size.
    seed : int
        Seed of every random choice.

    Returns
    -------
    X : scipy.sparse.csr_matrix of shape (n_instances, n_features)
        Non-negative rows of Euclidean length 1.
    y : ndarray of shape (n_instances,)
        Class indices.
    """
    for name, value, low in (("n_classes", n_classes, 2), ("n_instances", n_instances, 1),
                             ("n_features", n_features, 2), ("nnz_per_row", nnz_per_row, 1),
                             ("features_per_class", features_per_class, 1)):
        _check_count(name, value, low)
    if not 0.0 <= class_share <= 1.0:
        raise ValueError(f"class_share must lie in [0, 1]; got {class_share!r}.")
    if not (np.isfinite(zipf_exponent) and zipf_exponent >= 0):
        raise ValueError(f"zipf_exponent must be a finite number >= 0; got {zipf_exponent!r}.")
    rng = np.random.default_rng(seed)
    probabilities = 1.0 / np.arange(1, n_classes + 1) ** float(zipf_exponent)
    y = rng.choice(n_classes, size=n_instances, p=probabilities / probabilities.sum())
    own = rng.integers(0, n_features, size=(n_classes, features_per_class))
    from_class = rng.random((n_instances, nnz_per_row)) < class_share
    picks = own[y[:, None], rng.integers(0, features_per_class, size=(n_instances, nnz_per_row))]
    noise = rng.integers(0, n_features, size=(n_instances, nnz_per_row))
    columns = np.where(from_class, picks, noise)
    values = rng.exponential(1.0, size=(n_instances, nnz_per_row)) + 0.1
    rows = np.repeat(np.arange(n_instances), nnz_per_row)
    X = sp.csr_matrix((values.ravel(), (rows, columns.ravel())), shape=(n_instances, n_features))
    X.sum_duplicates()
    norms = np.sqrt(np.asarray(X.multiply(X).sum(axis=1)).ravel())
    X.data /= np.repeat(norms, np.diff(X.indptr))
    return X, y
