"""OOZ: online learning of a sparse, weight-bounded class index (seed 004, Fig. 1).

The weight matrix W (features × classes) is kept as an *index*: every feature
f stores at most d = ``max_degree`` edges (class c, weight w_{f,c}) and a free
weight source w_{f,c0} that starts at 1.  Weight only ever moves between a
feature's edges and its free source, so a feature's weights always sum to 1:
every weight lies in [0, 1] and every class score s_c = Σ_f x_f·w_{f,c} is
non-negative.  The prediction is argmax_c s_c (ties to the lowest index).

The update (seed 004, Fig. 1), made whenever some other class scores
s_c ≥ s_y − δ (y the true class, δ = ``margin``):

1. β ← min(δ/2, β).
2. Compute_Deductions: the offending classes c ≠ y with s_c > s_min = s_y − δ,
   at most k = ``max_deductions`` of them, the highest first, are lowered
   towards one another ("water filling"): at level i the top i + 1 classes
   share a budget Δ = min(β − cum, s[i] − s[i+1]) equally, Δ/(i + 1) each,
   until the whole budget β is spent; D(c) is class c's total.
3. Shift_Connection_Weights, for every active feature f (x_f > 0) with budget
   r = x_f·β: from each edge (f → c) with remaining R(c) > 0 (R starts at D)
   take h = min(R(c)/x_f, w_{f,c}, x_f·D(c), r); then take min(w_{f,c0}, r)
   from the free source; the sum (the *boost*) goes to the edge (f → y).
   On unit rows the true score therefore rises by at most Σ x_f²·β = β.

**Reading of the figure** (our copy of seed 004 is partly garbled; where we
had to choose, we say so): the share Δ/n uses the figure's counter n, which
equals the number of classes being lowered; the floor below the last offender
is max(s_min, 0) (a class scoring 0 has no edge to take from); once all
offenders are level with the floor, the rest of β is shared equally among them.
Edges lighter than ``min_weight`` are dropped and a full feature keeps its d
heaviest edges (a new edge lighter than all d is not kept); dropped weight
returns to the free source, which keeps every feature's sum at 1.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from sklearn.utils.validation import check_is_fitted, check_non_negative, validate_data

from ._base import OnlineClassifier, check_class_labels
from ._fast import _argmax_first, njit, trial_outputs
from ._linear import _TINY_NORM, append_constant
from ._validation import (MAX_STEP, check_bound, check_flag, check_number, largest_abs,
                          numbers_as_floats)

#: the largest max_degree (edges per feature)
MAX_DEGREE = 10_000


# --------------------------------------------------------------- compiled loops
@njit(cache=True)
def _score_into(indptr, indices, data, row, edge_class, edge_weight, degree, scores):
    """s_c = Σ_f x_f·w_{f,c} over the row's features and their edges: O(nnz·d)."""
    scores[:] = 0.0
    for p in range(indptr[row], indptr[row + 1]):
        f = indices[p]
        x = data[p]
        for e in range(degree[f]):
            scores[edge_class[f, e]] += x * edge_weight[f, e]


@njit(cache=True)
def _score_rows(indptr, indices, data, edge_class, edge_weight, degree, scores):
    for t in range(indptr.shape[0] - 1):
        _score_into(indptr, indices, data, t, edge_class, edge_weight, degree, scores[t])


@njit(cache=True)
def _top_rows(indptr, indices, data, edge_class, edge_weight, degree, n_classes, top):
    """The top.shape[1] best classes of every row, best first, ties to the lowest index."""
    scores = np.empty(n_classes)
    for t in range(indptr.shape[0] - 1):
        _score_into(indptr, indices, data, t, edge_class, edge_weight, degree, scores)
        if top.shape[1] == 1:
            top[t, 0] = _argmax_first(scores, -1)
        else:
            order = np.argsort(-scores, kind="mergesort")
            top[t, :] = order[: top.shape[1]]


@njit(cache=True)
def _compute_deductions(scores, truth, floor, rate, max_deductions, deduction, chosen):
    """Compute_Deductions (seed 004, Fig. 1); adds D(c) to ``deduction``, fills ``chosen``.

    Returns m, the number of offending classes considered (the top ≤ k with
    s_c > floor, best first, ties to the lowest index).
    """
    count = 0
    for c in range(scores.shape[0]):
        if c != truth and scores[c] > floor:
            count += 1
    candidates = np.empty(count, dtype=np.int64)
    negated = np.empty(count)
    j = 0
    for c in range(scores.shape[0]):
        if c != truth and scores[c] > floor:
            candidates[j] = c
            negated[j] = -scores[c]
            j += 1
    order = np.argsort(negated, kind="mergesort")
    m = min(count, max_deductions)
    for j in range(m):
        chosen[j] = candidates[order[j]]
    cumulative = 0.0
    for i in range(m + 1):
        if cumulative >= rate:
            break
        if i < m:
            below = scores[chosen[i + 1]] if i + 1 < m else floor
            delta = min(rate - cumulative, scores[chosen[i]] - below)
            n = i + 1
        else:       # every offender is level with the floor: share what is left
            delta = rate - cumulative
            n = m
        if delta > 0.0:
            for j in range(n):
                deduction[chosen[j]] += delta / n
        cumulative += delta
    return m


@njit(cache=True)
def _drop_light_edges(f, edge_class, edge_weight, degree, free, min_weight):
    e = 0
    while e < degree[f]:
        if edge_weight[f, e] < min_weight or edge_weight[f, e] <= 0.0:
            free[f] += edge_weight[f, e]
            last = degree[f] - 1
            edge_class[f, e] = edge_class[f, last]
            edge_weight[f, e] = edge_weight[f, last]
            degree[f] = last
        else:
            e += 1


@njit(cache=True)
def _add_to_edge(f, y, boost, edge_class, edge_weight, degree, free, min_weight):
    """Add ``boost`` to the edge (f → y), creating it if it may exist; return what was kept."""
    for e in range(degree[f]):
        if edge_class[f, e] == y:
            edge_weight[f, e] += boost
            return boost
    if boost < min_weight:            # too light to become an edge
        free[f] += boost
        return 0.0
    if degree[f] < edge_class.shape[1]:
        slot = degree[f]
        degree[f] += 1
    else:                             # full: keep the d heaviest edges
        slot = 0
        for e in range(1, degree[f]):
            if edge_weight[f, e] < edge_weight[f, slot]:
                slot = e
        if edge_weight[f, slot] >= boost:
            free[f] += boost
            return 0.0
        free[f] += edge_weight[f, slot]
    edge_class[f, slot] = y
    edge_weight[f, slot] = boost
    return boost


@njit(cache=True)
def _ooz_pass(indptr, indices, data, y_index, edge_class, edge_weight, degree, free, margin_delta,
              beta, max_deductions, min_weight, scores, deduction, remainder, chosen, n_chosen,
              prediction, margin, mistake, step, n_deducted):
    """OOZ trials over CSR rows in order (seed 004, Fig. 1); the index changes in place.

    The work arrays ``scores``, ``deduction``, ``remainder``, ``chosen`` and
    ``n_chosen`` hold the last trial's values afterwards (``learn_one`` shows them).
    """
    rate = min(margin_delta / 2.0, beta)
    for t in range(indptr.shape[0] - 1):
        for j in range(n_chosen[0]):          # forget the previous trial's deductions
            deduction[chosen[j]] = 0.0
            remainder[chosen[j]] = 0.0
        n_chosen[0] = 0
        _score_into(indptr, indices, data, t, edge_class, edge_weight, degree, scores)
        y = y_index[t]
        best = _argmax_first(scores, -1)
        rival = _argmax_first(scores, y)
        prediction[t] = best
        margin[t] = scores[y] - scores[rival]
        mistake[t] = best != y
        step[t] = 0.0
        n_deducted[t] = 0
        if scores[rival] < scores[y] - margin_delta:
            continue
        floor = max(scores[y] - margin_delta, 0.0)
        m = _compute_deductions(scores, y, floor, rate, max_deductions, deduction, chosen)
        n_chosen[0] = m
        for j in range(m):
            remainder[chosen[j]] = deduction[chosen[j]]
            if deduction[chosen[j]] > 0.0:
                n_deducted[t] += 1
        rise = 0.0
        for p in range(indptr[t], indptr[t + 1]):
            f = indices[p]
            x = data[p]
            if x <= 0.0:
                continue
            budget = x * rate
            boost = 0.0
            for e in range(degree[f]):        # Shift_Connection_Weights: offending edges first
                if budget <= 0.0:
                    break
                c = edge_class[f, e]
                if remainder[c] <= 0.0:
                    continue
                h = min(remainder[c] / x, edge_weight[f, e], x * deduction[c], budget)
                if h <= 0.0:
                    continue
                edge_weight[f, e] -= h
                remainder[c] -= h * x
                budget -= h
                boost += h
            take = min(free[f], budget)       # ... then the free source
            free[f] -= take
            boost += take
            _drop_light_edges(f, edge_class, edge_weight, degree, free, min_weight)
            if boost > 0.0:
                rise += x * _add_to_edge(f, y, boost, edge_class, edge_weight, degree, free, min_weight)
        step[t] = rise


@njit(cache=True)
def _keep_heaviest(edge_class, edge_weight, degree, free, n_keep):
    """Keep the n_keep heaviest edges of the whole index (ties: lower feature, then slot)."""
    n_features, d = edge_class.shape
    total = 0
    for f in range(n_features):
        total += degree[f]
    weights = np.empty(total)
    owner = np.empty(total, dtype=np.int64)
    slot = np.empty(total, dtype=np.int64)
    j = 0
    for f in range(n_features):
        for e in range(degree[f]):
            weights[j] = -edge_weight[f, e]
            owner[j] = f
            slot[j] = e
            j += 1
    keep = np.zeros((n_features, d), dtype=np.bool_)
    order = np.argsort(weights, kind="mergesort")
    for j in range(min(n_keep, total)):
        keep[owner[order[j]], slot[order[j]]] = True
    for f in range(n_features):
        e = 0
        while e < degree[f]:
            if keep[f, e]:
                e += 1
                continue
            free[f] += edge_weight[f, e]
            last = degree[f] - 1
            edge_class[f, e] = edge_class[f, last]
            edge_weight[f, e] = edge_weight[f, last]
            keep[f, e] = keep[f, last]
            degree[f] = last


# ------------------------------------------------------------------ the learner
def _csr_arrays(F):
    """(indptr, indices, data) of F as canonical CSR (sorted, no duplicates), int64 indices."""
    F = sp.csr_matrix(F, dtype=np.float64)
    if not F.has_canonical_format:
        F = F.copy()
        F.sum_duplicates()
    return F.indptr.astype(np.int64), F.indices.astype(np.int64), F.data


def _row_norms(F) -> np.ndarray:
    """Euclidean length of every CSR row (1 for an empty row, which then stays zero).

    Rows whose Σ x² under- or overflows are scaled by their largest entry first.

    >>> big = 2.0 ** 600                          # Σ x² overflows at this scale
    >>> (_row_norms(sp.csr_matrix([[3 * big, 4 * big], [0.0, 0.0], [3.0, 4.0]])) / [big, 1, 1]).tolist()
    [5.0, 1.0, 5.0]
    """
    rows = np.repeat(np.arange(F.shape[0]), np.diff(F.indptr))
    with np.errstate(over="ignore", under="ignore"):
        norms = np.sqrt(np.bincount(rows, weights=F.data ** 2, minlength=F.shape[0]))
        awkward = (~np.isfinite(norms) | (norms < _TINY_NORM)) & (np.diff(F.indptr) > 0)
        if awkward.any():
            top = np.zeros(F.shape[0])
            np.maximum.at(top, rows, np.abs(F.data))
            top[top == 0] = 1.0
            scaled = np.sqrt(np.bincount(rows, weights=(F.data / top[rows]) ** 2, minlength=F.shape[0]))
            norms[awkward] = (top * scaled)[awkward]
    norms[norms == 0] = 1.0
    return norms


class OOZ(OnlineClassifier):
    """OOZ index learner for many classes and sparse non-negative features (seed 004, Fig. 1).

    Every feature keeps at most ``max_degree`` weighted edges to classes plus a
    free weight source; an update moves weight from the edges of offending
    classes and from the free source to the true class's edge, so weights
    stay in [0, 1] and the index stays sparse (see the module docstring for
    the update and our reading of the figure).  Input may be dense or a
    SciPy sparse matrix; ``sample_weight`` only enters the loss accounting.

    Parameters
    ----------
    margin : float, default=0.5
        δ ∈ (0, 10⁶]: update while some other class scores ≥ s_true − δ.  Seed 004
        used δ = 0.5 on newsgroups/industry (Table 1) and δ = 0.005 on the
        12,000-class challenge data.
    rate : float, default=0.1
        β ∈ (0, 1], the most the true score rises per update (capped at δ/2).
        Seed 004: 0.1 (Table 1), 0.001 (challenge).
    max_degree : int, default=100
        d ∈ [1, 10⁴], the most edges a feature keeps (seed 004 reports d = 100 ... 2000).
        The index takes 16·d bytes per feature, at most 512 MiB in all (with
        d = 100, about 33,000 features; ``start``/``fit`` refuse more).
    max_deductions : int, default=15
        k ∈ [1, 10⁶], the most offending classes deducted from in one update (seed 004: 15).
    min_weight : float, default=1e-4
        Edges lighter than this, in [0, 1), are dropped (their weight returns to the free source).
    normalize : bool, default=True
        Scale every row to unit Euclidean length, as seed 004 does (l2-normalised tf-idf);
        then the true score rises by at most β per update.
    fit_intercept : bool, default=False
        Append a constant feature 1 (before normalising); its edges act as class priors.
    n_passes, shuffle, random_state
        Online passes made by ``fit`` and their order.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
    n_edges_ : int
        Number of stored (feature → class) edges.
    free_weight_ : ndarray of shape (n_index_features,)
        w_{f,c0}, the weight each feature has not given to any class.
    history_ : dict of per-trial arrays (see :class:`OnlineClassifier`).

    Notes
    -----
    ``learn_one`` records, in ``record.update``, the effective rate, the classes
    deducted from with their deductions D(c) and the score actually taken from
    each (D(c) − R(c)), what came from free sources and how far the true score
    rose.  ``record.weights_before/after`` hold the dense index with the free
    source as the last column (shape n_index_features × (n_classes + 1)).

    References
    ----------
    Seed 004: Madani & Huang, Large-scale many-class prediction via flat techniques, Fig. 1.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import OOZ
    >>> X = np.array([[1, 0, 0.2], [0, 1, 0.2], [0.1, 0, 1]] * 20, dtype=float)
    >>> y = np.array([0, 1, 2] * 20)
    >>> model = OOZ(n_passes=3).fit(X, y)
    >>> model.predict(X[:3]).tolist(), model.n_edges_ <= 3 * 100
    ([0, 1, 2], True)
    >>> model.top_k(X[:1], 2).tolist()
    [[0, 2]]
    """

    _positive_only = True

    def __init__(self, margin=0.5, rate=0.1, max_degree=100, max_deductions=15, min_weight=1e-4,
                 normalize=True, fit_intercept=False, n_passes=1, shuffle=False, random_state=None):
        self.margin = margin
        self.rate = rate
        self.max_degree = max_degree
        self.max_deductions = max_deductions
        self.min_weight = min_weight
        self.normalize = normalize
        self.fit_intercept = fit_intercept
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_number("margin", self.margin, low=0, high=MAX_STEP, low_open=True)
        check_number("rate", self.rate, low=0, high=1, low_open=True)
        check_number("max_degree", self.max_degree, low=1, high=MAX_DEGREE, integer=True)
        check_number("max_deductions", self.max_deductions, low=1, high=1_000_000, integer=True)
        check_number("min_weight", self.min_weight, low=0, high=1, high_open=True)
        check_flag("normalize", self.normalize)
        check_flag("fit_intercept", self.fit_intercept)

    @property
    def _state_what(self):
        return f"its index of max_degree = {self.max_degree} edges per feature (16 bytes each)"

    def _state_bytes(self, n_features, n_classes):
        n_index = n_features + 1
        return 16.0 * n_index * int(self.max_degree) + 16.0 * n_index + 40.0 * n_classes

    def _check_sums(self, F) -> None:
        """Scores are Σ_f x_f·w_{f,c} with weights in [0, 1]: refuse rows whose ‖x‖₁ could overflow
        (only possible without ``normalize``, on huge features)."""
        if self.normalize:
            return
        top = largest_abs(F.data if sp.issparse(F) else F)
        check_bound(top * F.shape[1], "The OOZ scores Σ_f x_f·w_f,c",
                    f"largest x = {top:g}, {F.shape[1]} features", "Scale the features down, or use normalize=True.")

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.sparse = True
        # A non-negative index on unit rows sees only a row's direction: it cannot carve the
        # dense 2-feature blobs of scikit-learn's accuracy check (> 0.83) into classes.  It is
        # built for sparse high-dimensional data (seed 004); poor_score is scikit-learn's tag
        # for exactly this, and our own tests check OOZ's accuracy on many-class sparse data.
        tags.classifier_tags.poor_score = True
        return tags

    # input checks that accept sparse matrices ---------------------------------
    def _check_X(self, X, reset):
        with numbers_as_floats("X"):
            X = validate_data(self, X, reset=reset, dtype=np.float64, accept_sparse="csr")
        check_non_negative(X, "OOZ")
        return X

    def _check_targets(self, X, y, reset):
        with numbers_as_floats("X"):
            X, y = validate_data(self, X, y, reset=reset, dtype=np.float64, accept_sparse="csr")
        check_class_labels(y)
        check_non_negative(X, "OOZ")
        return X, y

    # hooks of OnlineClassifier ------------------------------------------------
    def _setup(self, n_features):
        self._kind = "multi"
        n_index = n_features + int(bool(self.fit_intercept))
        k = len(self.classes_)
        self._edge_class = np.zeros((n_index, int(self.max_degree)), dtype=np.int64)
        self._edge_weight = np.zeros((n_index, int(self.max_degree)))
        self._degree = np.zeros(n_index, dtype=np.int64)
        self._free = np.ones(n_index)
        self._work = {"scores": np.zeros(k), "deduction": np.zeros(k), "remainder": np.zeros(k),
                      "chosen": np.zeros(k, dtype=np.int64), "n_chosen": np.zeros(1, dtype=np.int64)}

    def _features(self, X):
        """Rows (constant 1 appended with ``fit_intercept``) scaled to unit length when ``normalize``.

        Dense input stays dense (``learn_one`` shows it), sparse input becomes CSR; both
        are scaled by the same sums in the same order, so they give the very same model.
        """
        if sp.issparse(X):
            F = sp.csr_matrix(X, dtype=np.float64, copy=True)
            F.sum_duplicates()
            if self.fit_intercept:
                F = sp.hstack([F, np.ones((F.shape[0], 1))], format="csr")
                F.sort_indices()
            if self.normalize:
                F.data /= np.repeat(_row_norms(F), np.diff(F.indptr))
            return F
        F = append_constant(X, self.fit_intercept)
        return F / _row_norms(sp.csr_matrix(F))[:, None] if self.normalize else F

    def _index(self):
        return self._edge_class, self._edge_weight, self._degree

    def _scores(self, F):
        indptr, indices, data = _csr_arrays(F)
        scores = np.zeros((F.shape[0], len(self.classes_)))
        _score_rows(indptr, indices, data, *self._index(), scores)
        return scores

    def _run(self, F, y_index, weights):
        self._check_sums(F)
        indptr, indices, data = _csr_arrays(F)
        out = trial_outputs(F.shape[0])
        out["n_deducted"] = np.zeros(F.shape[0], dtype=np.int64)
        w = self._work
        _ooz_pass(indptr, indices, data, np.ascontiguousarray(y_index, dtype=np.int64), *self._index(),
                  self._free, float(self.margin), float(self.rate), int(self.max_deductions),
                  float(self.min_weight), w["scores"], w["deduction"], w["remainder"], w["chosen"],
                  w["n_chosen"], out["prediction"], out["margin"], out["mistake"], out["step"],
                  out["n_deducted"])
        out["updated"] = out["n_deducted"] > 0
        out["updated"] |= out["step"] > 0.0
        return out

    def _trial(self, f, y_index, weight):
        """One trial through the loop ``fit`` uses; the record shows Compute_Deductions' output."""
        x = np.asarray(f, dtype=float).reshape(1, -1)
        free_before = self._free.copy()
        out = self._run(x, np.array([y_index]), np.array([weight]))
        w = self._work
        chosen = w["chosen"][: int(w["n_chosen"][0])]
        labels = self.classes_[chosen].tolist()
        info = {
            "rate": min(float(self.margin) / 2.0, float(self.rate)),
            "deducted_from": labels,
            "deductions": dict(zip(labels, w["deduction"][chosen].tolist())),
            "taken": dict(zip(labels, (w["deduction"][chosen] - w["remainder"][chosen]).tolist())),
            "n_deducted": int(out["n_deducted"][0]),
            "from_free": float(x[0] @ (free_before - self._free)),
            "score_moved": float(out["step"][0]),
        }
        outcome = (int(out["prediction"][0]), float(out["margin"][0]), bool(out["mistake"][0]))
        return w["scores"].copy(), outcome, bool(out["updated"][0]), info

    def _weights(self):
        return np.column_stack([self._dense_index(), self._free])

    def _dense_index(self) -> np.ndarray:
        """W as a dense array (n_index_features × n_classes), built without SciPy: the lab records it after
        every trial, and a sparse matrix's construction cost most of a stepped run's time."""
        n, d = self._edge_class.shape
        mask = np.arange(d)[None, :] < self._degree[:, None]
        dense = np.zeros((n, len(self.classes_)))
        np.add.at(dense, (np.repeat(np.arange(n), self._degree), self._edge_class[mask]), self._edge_weight[mask])
        return dense

    # the index ---------------------------------------------------------------
    def weight_matrix(self) -> sp.csr_matrix:
        """The index as a sparse matrix W (n_index_features × n_classes), free sources left out.

        With ``fit_intercept=True`` the last row belongs to the constant feature.
        """
        check_is_fitted(self, "classes_")
        n, d = self._edge_class.shape
        mask = np.arange(d)[None, :] < self._degree[:, None]
        rows = np.repeat(np.arange(n), self._degree)
        return sp.csr_matrix((self._edge_weight[mask], (rows, self._edge_class[mask])),
                             shape=(n, len(self.classes_)))

    def _class_rows(self) -> np.ndarray:
        """Wᵀ, one row of feature weights per class; with two classes the one row W₁ − W₀ (scikit-learn's shape)."""
        check_is_fitted(self, "classes_")
        rows = self._dense_index().T
        return (rows[1] - rows[0])[None, :] if rows.shape[0] == 2 else rows

    @property
    def coef_(self) -> np.ndarray:
        """The class scores' coefficients on the input features, shape (n_classes, n_features) — (1, n_features)
        with two classes.  Normalising a row scales every class score alike, so the argmax (and the boundary
        the lab draws) is that of these linear scores."""
        return self._class_rows()[:, : self.n_features_in_].copy()

    @property
    def intercept_(self) -> np.ndarray:
        """The constant feature's weights (``fit_intercept=True``), else zeros."""
        rows = self._class_rows()
        return rows[:, -1].copy() if self.fit_intercept else np.zeros(rows.shape[0])

    @property
    def n_edges_(self) -> int:
        check_is_fitted(self, "classes_")
        return int(self._degree.sum())

    @property
    def free_weight_(self) -> np.ndarray:
        check_is_fitted(self, "classes_")
        return self._free.copy()

    def keep_heaviest_edges(self, n_keep: int) -> None:
        """Drop every edge but the ``n_keep`` heaviest, in place (weight returns to the free sources)."""
        check_is_fitted(self, "classes_")
        check_number("n_keep", n_keep, low=0, integer=True)
        _keep_heaviest(*self._index(), self._free, int(n_keep))

    # prediction ---------------------------------------------------------------
    def _top_indices(self, X, k):
        check_is_fitted(self, "classes_")
        F = self._features(self._check_X(X, reset=False))
        self._check_sums(F)
        indptr, indices, data = _csr_arrays(F)
        top = np.zeros((F.shape[0], k), dtype=np.int64)
        _top_rows(indptr, indices, data, *self._index(), len(self.classes_), top)
        return top

    def predict(self, X):
        """Predicted labels: the top-scoring class of every row (ties to the lowest index)."""
        top = self._top_indices(X, 1)
        return self.classes_[top[:, 0]]

    def top_k(self, X, k=5) -> np.ndarray:
        """The ``k`` best-scoring classes of every row, best first (k is capped at n_classes).

        Top-k accuracy, as seed 004's R_5, is ``(model.top_k(X, 5) == y[:, None]).any(axis=1).mean()``.
        """
        check_is_fitted(self, "classes_")
        check_number("k", k, low=1, integer=True)
        top = self._top_indices(X, min(int(k), len(self.classes_)))
        return self.classes_[top]
