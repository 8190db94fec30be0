"""A synthetic many-class sparse data set, the offline stand-in for seed 004's text sets.

Seed 004's data (ODP, newsgroups, industry) is not available offline.  This
generator mimics what matters for OOZ and PA: many classes with Zipf-distributed
sizes, sparse non-negative rows of unit length.  Each class owns a few
characteristic features; a row mixes some of its class's features with shared
noise features.

Examples
--------
>>> X, y = zipf_manyclass(n_classes=50, n_instances=2000, n_features=500, seed=0)
>>> X.shape, int(y.max()) < 50, bool(abs(X.multiply(X).sum(axis=1).max() - 1.0) < 1e-9)
((2000, 500), True, True)
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp


def zipf_manyclass(n_classes=1000, n_instances=50_000, n_features=5_000, nnz_per_row=20,
                   features_per_class=8, class_share=0.6, zipf_exponent=1.0, seed=0):
    """(X as a CSR matrix with l2-normalised non-negative rows, y in 0..n_classes−1).

    Class c is drawn with probability ∝ 1/(c+1)^zipf_exponent; a row takes about
    ``class_share`` of its ``nnz_per_row`` features from its class's own features
    and the rest uniformly from all features, with random positive values.
    """
    for name, value, low in (("n_classes", n_classes, 2), ("n_instances", n_instances, 1),
                             ("n_features", n_features, 2), ("nnz_per_row", nnz_per_row, 1),
                             ("features_per_class", features_per_class, 1)):
        if int(value) < low:
            raise ValueError(f"{name} must be at least {low}; got {value!r}.")
    if not 0.0 <= class_share <= 1.0:
        raise ValueError(f"class_share must lie in [0, 1]; got {class_share!r}.")
    rng = np.random.default_rng(seed)
    probabilities = 1.0 / np.arange(1, n_classes + 1) ** zipf_exponent
    y = rng.choice(n_classes, size=n_instances, p=probabilities / probabilities.sum())
    own = rng.integers(0, n_features, size=(n_classes, features_per_class))
    n_own = rng.binomial(nnz_per_row, class_share, size=n_instances)
    columns = rng.integers(0, n_features, size=(n_instances, nnz_per_row))
    picks = own[y[:, None], rng.integers(0, features_per_class, size=(n_instances, nnz_per_row))]
    use_own = np.arange(nnz_per_row)[None, :] < n_own[:, None]
    columns = np.where(use_own, picks, columns)
    values = rng.exponential(1.0, size=(n_instances, nnz_per_row)) + 0.1
    rows = np.repeat(np.arange(n_instances), nnz_per_row)
    X = sp.csr_matrix((values.ravel(), (rows, columns.ravel())), shape=(n_instances, n_features))
    X.sum_duplicates()
    norms = np.sqrt(np.asarray(X.multiply(X).sum(axis=1)).ravel())
    X = sp.csr_matrix(sp.diags(1.0 / norms) @ X)
    return X, y
