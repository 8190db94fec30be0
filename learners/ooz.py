"""OOZ: online learning of a sparse, weight-bounded class index (seed 004, Fig. 1).

The weight matrix is kept as an index: each feature f has at most ``max_degree``
edges (f → class, weight) and a free weight source w_{f,c0} = 1 at the start;
a feature's edges and free source always sum to 1, so every weight stays in
[0, 1] and every class score is non-negative.  Scores s_c = Σ_f x_f·w_{f,c};
the prediction is the top-scoring class (ties to the lowest index).

Update (when some other class scores ≥ s_true − δ): with β ← min(δ/2, β),
Compute_Deductions spreads a budget β over the highest offending classes
(at most ``max_deductions``) by lowering the top scores towards each other;
then every active feature f moves at most x_f·β of weight to its edge to the
true class, first from its edges to the offending classes (within their
deductions), then from its free source.  Edges lighter than ``min_weight`` are
dropped and a full feature replaces its lightest edge; dropped weight returns
to the free source.  The true score rises by at most Σ x_f²·β = β on unit rows.

Reading of the figure: seed 004's two-column pseudo-code is partly garbled in
our copy; the deductions D(c) are in score units and the per-feature
remainders R(c) bound what each class loses in total — our reading, stated
here so the lab can say where it might differ from the authors'.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_non_negative, validate_data

from ._base import OnlineClassifier
from ._fast import trial_outputs
from ._ooz_kernels import ooz_rows
from ._validation import check_number


def _csr(F) -> sp.csr_matrix:
    F = sp.csr_matrix(F, dtype=np.float64)
    F.sort_indices()
    return F


class OOZ(OnlineClassifier):
    """OOZ index learner for many classes and sparse non-negative features (seed 004).

    Parameters
    ----------
    margin : float, default=0.5
        δ: update while another class scores ≥ s_true − δ.
    rate : float, default=0.1
        β, the most the true score can rise per update (capped at δ/2).
    max_degree : int, default=100
        d, the most edges a feature keeps.
    max_deductions : int, default=15
        k, the most offending classes deducted from in one update.
    min_weight : float, default=1e-4
        Edges lighter than this are dropped.
    normalize : bool, default=True
        Scale every row to unit Euclidean length (seed 004 uses l2-normalised tf-idf).
    n_passes, shuffle, random_state
        Online passes made by ``fit`` and their order.

    Attributes
    ----------
    n_edges_ : int
        Number of stored (feature → class) edges.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import OOZ
    >>> X = np.array([[1, 0, 0.2], [0, 1, 0.2], [0.1, 0, 1]] * 20, dtype=float)
    >>> y = np.array([0, 1, 2] * 20)
    >>> model = OOZ(n_passes=3).fit(X, y)
    >>> model.predict(X[:3]).tolist(), model.n_edges_ <= 3 * 100
    ([0, 1, 2], True)
    """

    _positive_only = True

    def __init__(self, margin=0.5, rate=0.1, max_degree=100, max_deductions=15, min_weight=1e-4,
                 normalize=True, n_passes=1, shuffle=False, random_state=None):
        self.margin = margin
        self.rate = rate
        self.max_degree = max_degree
        self.max_deductions = max_deductions
        self.min_weight = min_weight
        self.normalize = normalize
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_number("margin", self.margin, low=0, low_open=True)
        check_number("rate", self.rate, low=0, high=1, low_open=True)
        check_number("max_degree", self.max_degree, low=1, integer=True)
        check_number("max_deductions", self.max_deductions, low=1, integer=True)
        check_number("min_weight", self.min_weight, low=0, high=1)

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = True
        # A non-negative index with weights in [0, 1] and no signed weights cannot carve the
        # dense 2-feature blobs of scikit-learn's accuracy check (> 0.83) into classes: it is
        # built for sparse high-dimensional data (seed 004).  scikit-learn's tag for exactly
        # this is poor_score; our own tests check OOZ's accuracy on many-class sparse data.
        tags.classifier_tags.poor_score = True
        return tags

    # sparse-aware input checks -------------------------------------------------
    def _check_X(self, X, reset):
        X = validate_data(self, X, reset=reset, dtype=np.float64, accept_sparse="csr")
        check_non_negative(X, "OOZ")
        return X

    def _check_targets(self, X, y, reset):
        X, y = validate_data(self, X, y, reset=reset, dtype=np.float64, accept_sparse="csr")
        check_classification_targets(y)
        check_non_negative(X, "OOZ")
        return X, y

    def _setup(self, n_features):
        self._kind = "multi"
        d = int(self.max_degree)
        self._edge_class = np.zeros((n_features, d), dtype=np.int64)
        self._edge_weight = np.zeros((n_features, d))
        self._degree = np.zeros(n_features, dtype=np.int64)
        self._free = np.ones(n_features)

    def _features(self, X):
        F = _csr(X)
        if self.normalize:
            norms = np.sqrt(np.asarray(F.multiply(F).sum(axis=1)).ravel())
            F = _csr(sp.diags(np.divide(1.0, norms, out=np.zeros_like(norms), where=norms > 0)) @ F)
        return F

    def _scores(self, F):
        return np.asarray((_csr(F) @ self.weight_matrix()).todense())

    def weight_matrix(self) -> sp.csr_matrix:
        """The index as a sparse (n_features × n_classes) matrix W (free sources left out)."""
        n, d = self._edge_class.shape
        rows = np.repeat(np.arange(n), self._degree)
        mask = np.arange(d)[None, :] < self._degree[:, None]
        return sp.csr_matrix((self._edge_weight[mask], (rows, self._edge_class[mask])),
                             shape=(n, len(self.classes_)))

    def _weights(self):
        return self.weight_matrix().toarray()

    def _run(self, F, y_index, weights):
        F = _csr(F)
        out = trial_outputs(F.shape[0])
        ooz_rows(F.indptr.astype(np.int64), F.indices.astype(np.int64), F.data,
                 np.ascontiguousarray(y_index, dtype=np.int64), len(self.classes_), self._edge_class,
                 self._edge_weight, self._degree, self._free, float(self.margin), float(self.rate),
                 int(self.max_deductions), float(self.min_weight), out["prediction"], out["margin"],
                 out["mistake"], out["step"])
        out["updated"] = out["step"] > 0.0
        return out

    def _trial(self, f, y_index, weight):
        F = _csr(f if sp.issparse(f) else np.atleast_2d(f))
        scores = self._scores(F)[0]
        out = self._run(F, np.array([y_index]), np.array([weight]))
        outcome = (int(out["prediction"][0]), float(out["margin"][0]), bool(out["mistake"][0]))
        return scores, outcome, bool(out["updated"][0]), {"score_moved": float(out["step"][0])}

    def top_k(self, X, k=5) -> np.ndarray:
        """The k best-scoring classes of every row, best first."""
        scores = self.decision_function(X)
        order = np.argsort(-scores, axis=1, kind="stable")[:, :k]
        return self.classes_[order]

    @property
    def n_edges_(self) -> int:
        return int(self._degree.sum())

    @property
    def free_weight_(self) -> np.ndarray:
        """w_{f,c0}, the weight each feature has not yet given to any class."""
        return self._free.copy()
