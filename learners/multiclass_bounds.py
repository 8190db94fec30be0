"""Mistake bounds of the multi-vector and all-pair perceptrons: the lab's own derivation.

**Where they come from.**  Seed 000 states no multiclass bound.  Its §4 only remarks that the
multiclass framework of Fink, Shalev-Shwartz, Singer and Ullman (ICML 2006), whose proof rests on
Gentile's binary analysis, carries over to importance weights because its Theorem 3 generalises that
analysis.  The three bounds below are the lab's derivation of that remark, through Kesler's
construction; docs/SPECIFICATION.md (§11, "Mistake bounds") writes it out step by step.

**Kesler's construction.**  The multi-vector perceptron *is* a binary perceptron in a larger space.
Stack the class vectors into one W ∈ ℝ^{k·d} and let φ(x, r) put x into block r.  On a mistake the
update w_y += a·x, w_ŷ −= a·x is W += a·z with z = φ(x, y) − φ(x, ŷ), and W·z = s_y − s_ŷ ≤ 0
because ŷ won: a mistake of the binary perceptron on the example z with label +1.  Its length is
‖z‖ = √2·‖x‖ ≤ √2·R.  For a comparator U = (u_1, …, u_k) with multiclass margin
m_t = u_{y_t}·x_t − max_{r≠y_t} u_r·x_t we have U·z_t = u_{y_t}·x_t − u_{ŷ_t}·x_t ≥ m_t, so every
binary bound applies to the z_t with R replaced by √2·R and the margin or hinge loss of U at least
that of the multiclass margins:

* separable (m_t ≥ γ > 0): M ≤ 2R²‖U‖²/γ² (seed 003, Thm 2.1, on the z_t);
* any U: M ≤ L + C + √(LC), L = Σ_t (1 − m_t)₊, C = 2R²‖U‖² (Gentile as seed 000, Thm 1, states it);
* MV-IWP (W += c_t·z_t): weighted loss ≤ L + c_max·C + √(c_max·L·C) with
  L = Σ_t c_t(1 − m_t)₊ (seed 000, Thm 3).

The all-pair perceptron predicts exactly like the multi-vector one on every trial
(seed 000, Lemma 3), so the same curves bound its mistakes.  Comparators are fitted in
hindsight (a Crammer–Singer SVM on the learner's feature vectors) and every value uses
prefix statistics of that one U, exactly as :mod:`learners.comparators` explains for two
classes.  The credit of each curve (its ``source``, which a page shows) says that it is derived,
and from which theorem, by the authors' names.

Examples
--------
>>> import numpy as np
>>> from learners import MultiVectorPerceptron
>>> rng = np.random.default_rng(0)
>>> centres = np.array([[3.0, 0.0], [-3.0, 0.0], [0.0, 3.0]])
>>> y = rng.integers(0, 3, 90); X = centres[y] + rng.normal(scale=0.5, size=(90, 2))
>>> curves = multiclass_bound_curves(MultiVectorPerceptron(), X, y)
>>> [c.name for c in curves]
['Multiclass Novikoff', 'Multiclass Gentile']
>>> model = MultiVectorPerceptron().fit(X, y)
>>> bool(np.all(model.history_["cum_mistakes"] <= curves[1].values))
True
"""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.svm import LinearSVC

from . import bounds
from .sources import credit
from ._linear import safe_row_norms
from .comparators import (SOLVER_SEED, BoundCurve, _check_weights, _first_false, _gentile_family, _prefix_max,
                          _novikoff_values, _prefix_min, _restrict_to_equal_weights, _smallest_positive, _solvable,
                          _theorem3_values, learner_features, restrict_to_float_range)

#: (name, formula, credit) of each curve; the credit reaches the page, so it names the authors
MC_NOVIKOFF = ("Multiclass Novikoff", r"2R^2\|U\|^2/\gamma^2",
               f"derived from {credit('003', 'Thm 2.1')}, by Kesler's construction")
MC_GENTILE = ("Multiclass Gentile", r"L + C + \sqrt{LC},\ C = 2R^2\|U\|^2",
              f"derived from {credit('000', 'Thm 1')}, by Kesler's construction")
MC_IWP3 = ("Multiclass IWP Theorem 3", r"L + c_{\max}C + \sqrt{c_{\max}LC},\ C = 2R^2\|U\|^2",
           f"derived from {credit('000', 'Thm 3')}, by Kesler's construction")
#: the Crammer–Singer SVM's C (a soft-margin comparator; a linear program finds a separating one)
SVM_C = (1.0,)
#: liblinear's iteration limit for the Crammer–Singer comparators (rows of length ≤ 1 converge in a few sweeps)
MC_SOLVER_ITERATIONS = 2000


def multiclass_margins(U, F, y_index) -> np.ndarray:
    """m_t = u_{y_t}·f_t − max_{r≠y_t} u_r·f_t for every row (U: k × d, one row per class).

    >>> U = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])
    >>> multiclass_margins(U, np.array([[2.0, 1.0]]), np.array([0])).tolist()
    [1.0]
    """
    scores = np.asarray(F, dtype=float) @ np.asarray(U, dtype=float).T
    rows = np.arange(scores.shape[0])
    own = scores[rows, y_index]
    rivals = scores.copy()
    rivals[rows, y_index] = -np.inf
    return own - rivals.max(axis=1)


def _lp_separator(F, y_index, k):
    """U (k × d) maximising γ with (u_y − u_r)·f_t ≥ γ for every trial and rival class, |U_ij| ≤ 1: a
    linear program (scipy's HiGHS), the multiclass twin of the binary one; None if it fails."""
    from scipy.optimize import linprog

    n, d = F.shape
    present = np.unique(y_index)
    if present.size < 2:
        return None
    rows = []
    for r in present:
        keep = y_index != r
        block = np.zeros((int(keep.sum()), k * d + 1))
        for index, (f, y) in enumerate(zip(F[keep], y_index[keep])):
            block[index, y * d:(y + 1) * d] = -f
            block[index, r * d:(r + 1) * d] = f
        block[:, -1] = 1.0
        rows.append(block)
    A = np.vstack(rows)
    A[:, :-1] = _solvable(A[:, :-1])     # largest entry 1: the same direction of U, and HiGHS keeps tiny rows
    result = linprog(np.r_[np.zeros(k * d), -1.0], A_ub=A, b_ub=np.zeros(A.shape[0]),
                     bounds=[(-1, 1)] * (k * d) + [(None, 1)], method="highs")
    if not result.success or result.x[-1] <= 0:
        return None
    return result.x[:-1].reshape(k, d)


def _reach(U, F, y_index) -> int:
    """How many leading trials U separates (every margin positive up to there)."""
    if U is None:
        return 0
    positive = _prefix_min(multiclass_margins(U, F, y_index)) > 0
    return int(np.argmin(positive)) if not positive.all() else len(positive)


def longest_separable_prefix(F, y_index, k):
    """(t*, U): the longest prefix 1..t* some U separates with a positive multiclass margin, found by a
    galloping then bisecting search with one linear program per probe (a prefix of a separable
    prefix is separable); U is None when t* = 0."""
    T = F.shape[0]
    U = _lp_separator(F, y_index, k)
    low, best = _reach(U, F, y_index), U
    if low == T:
        return T, U
    high, step, galloping = T, 1, True
    while high - low > 1:
        probe = min(low + step, high - 1) if galloping else (low + high) // 2
        U = _lp_separator(F[:probe], y_index[:probe], k)
        reach = _reach(U, F, y_index)
        if reach >= probe:
            low, best, step = min(reach, high - 1), U, step * 2
        else:
            high, galloping = probe, False
    return low, best


def _length(U) -> float:
    """‖U‖ (Frobenius), at any scale."""
    return float(safe_row_norms(np.ravel(U))[0])


def _comparators(F, y_index, k, sample_weight):
    """Unit-Frobenius comparators U (k × d) from Crammer–Singer SVMs fitted in hindsight.

    Any U gives valid bounds (they hold for every comparator); the SVMs only make them
    tight.  Weighted fits use the rows of positive weight; two classes give one binary
    SVM v, split as u_a = −v/2, u_b = v/2."""
    found = []
    until, U = longest_separable_prefix(F, y_index, k)
    if until and U is not None and _length(U) > 0:
        found.append(U / _length(U))
    fits = [(F, y_index, None)]
    if sample_weight is not None and np.any(sample_weight != sample_weight[0]):
        positive = sample_weight > 0
        # weights of mean 1: any U gives a valid bound, and liblinear converges slowly when C·weight is huge
        # (weights up to 1e9 on 2,000 rows: 26 s against 0.3 s)
        kept = sample_weight[positive]
        fits.append((F[positive], y_index[positive], kept / kept.mean()))
    radius = float(safe_row_norms(F).max()) if F.size else 0.0
    for rows, labels, weights in fits:
        present = np.unique(labels)
        if present.size < 2 or radius == 0.0:
            continue
        for C in SVM_C:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                # on rows of length ≤ 1: liblinear converges in a few sweeps whatever the data's scale
                svm = LinearSVC(multi_class="crammer_singer", fit_intercept=False, C=C,
                                max_iter=MC_SOLVER_ITERATIONS, random_state=SOLVER_SEED)
                svm.fit(rows / radius, labels, sample_weight=weights)
            U = np.zeros((k, F.shape[1]))
            if svm.coef_.shape[0] == 1:
                U[svm.classes_[0]], U[svm.classes_[1]] = -svm.coef_[0] / 2, svm.coef_[0] / 2
            else:
                U[svm.classes_] = svm.coef_
            norm = _length(U) if np.all(np.isfinite(U)) else 0.0
            if norm > 0:
                found.append(U / norm)
    return found


def multiclass_bound_curves(learner, X, y, sample_weight=None) -> list[BoundCurve]:
    """Bounds on the mistakes of a multi-vector or all-pair perceptron after every trial of (X, y).

    Parameters
    ----------
    learner : MultiVectorPerceptron or AllPairPerceptron
        Only its parameters and classes are read (the bounds are measured on its feature
        vectors, with the constant 1 of ``fit_intercept``).  Fitted or not.
    X, y : the trials in the order presented.
    sample_weight : importance weights c_t, optional.

    Returns
    -------
    list of BoundCurve
        Multiclass Novikoff (while the comparator separates the prefix) and Multiclass
        Gentile (every trial).  For the importance-weighted MV (``importance_weighted``)
        with unequal weights the mistake-count curves stop where the weights first differ
        (the learner then moves by c_t·z) and Theorem 3 bounds its weighted loss.
    """
    X = np.asarray(X, dtype=float)
    T = X.shape[0]
    if T == 0:
        return []
    classes = learner.classes_ if hasattr(learner, "classes_") else np.unique(y)
    y_index = np.searchsorted(classes, np.asarray(y))
    c = _check_weights(sample_weight, T)
    F = learner_features(learner, X)
    R = np.sqrt(2.0) * _prefix_max(safe_row_norms(F))      # ‖z‖ = √2‖x‖
    comparators = _comparators(F, y_index, len(classes), c if sample_weight is not None else None)
    if not comparators:
        why = "needs points of at least two classes"
        return [BoundCurve(*MC_NOVIKOFF, np.full(T, np.inf), np.zeros(T, bool), why, key="multiclass_novikoff"),
                BoundCurve(*MC_GENTILE, np.full(T, np.inf), np.zeros(T, bool), why, key="multiclass_gentile")]
    margins = [multiclass_margins(U, F, y_index) for U in comparators]
    ones = np.ones(T)
    novikoff = np.min([_novikoff_values(m, R) for m in margins], axis=0)
    separable = np.isfinite(novikoff)
    reason = "" if separable.all() else (f"from trial {_first_false(separable) + 1} on, no comparator found "
                                         "separates the classes seen so far with a margin γ > 0")
    gentile = np.min([_gentile_family(m, R, ones, bounds.gentile) for m in margins], axis=0)
    curves = [BoundCurve(*MC_NOVIKOFF, novikoff, separable, reason, details={"U": comparators[0]},
                         key="multiclass_novikoff"),
              BoundCurve(*MC_GENTILE, gentile, np.ones(T, bool), details={"U": comparators[0]}, key="multiclass_gentile")]
    if getattr(learner, "importance_weighted", False) and sample_weight is not None:
        _restrict_to_equal_weights(curves, c, lambda start: (
            f"from trial {start + 1} on the importance weights differ and MV-IWP moves by c_t·z: Theorem 3 "
            "bounds its weighted loss instead"))
        theorem3 = np.min([_theorem3_values(m, R, c) for m in margins], axis=0)
        curves.append(BoundCurve(*MC_IWP3, theorem3, np.ones(T, bool), measures="weighted loss",
                                 key="multiclass_iwp_theorem3"))
    eta = float(getattr(learner, "eta", 1.0))
    if getattr(learner, "importance_weighted", False) and sample_weight is not None:
        restrict_to_float_range(curves, eta * _smallest_positive(c), R, "η·c·R²", "R = √2·max ‖x‖")
    else:
        restrict_to_float_range(curves, eta, R, "η·R²", "R = √2·max ‖x‖")
    return curves
