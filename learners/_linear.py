"""Shared machinery of the additive linear learners.

The weights form a matrix W with one row per score: a single row for a
binary learner (score w·x, positive class ``classes_[1]``) or one row per
class for a multiclass learner (score_r = w_r·x).  With
``fit_intercept=True`` every instance gets a constant feature 1 appended
(seed 001: the threshold becomes a weight), so the intercept is the last
column of W.  An algorithm is then only its update rule.
"""

from __future__ import annotations

import math

import numpy as np

from ._base import OnlineClassifier
from ._fast import trial_outputs
from ._validation import check_bound, frobenius, largest_abs, norm_bound


def append_constant(X: np.ndarray, fit_intercept: bool) -> np.ndarray:
    """Return X with a column of ones appended when ``fit_intercept``."""
    X = np.asarray(X, dtype=float)
    if not fit_intercept:
        return X
    F = np.empty((X.shape[0], X.shape[1] + 1))
    F[:, :-1] = X
    F[:, -1] = 1.0
    return F


#: below this length Σ x_j² loses precision to underflow (and beyond 1e154 it overflows)
_TINY_NORM = 1e-140


def safe_row_norms(F: np.ndarray, ord: float = 2.0) -> np.ndarray:
    """The ``ord``-norm (p ≥ 1; Euclidean by default) of every row of F, also where Σ |x_j|^p under- or overflows.

    The one scaled norm of the lab: the learners normalise with it and every bound measures its lengths
    (R, X_p) with it (:mod:`learners.comparators`, :mod:`learners.multiclass_bounds`).  Euclidean: rows whose
    Σ x_j² under- or overflows are scaled by their largest |x_j| first, and every other row gets exactly
    ``np.linalg.norm``'s value.  Any other p: every row is m·‖x/m‖_p with m = max_j |x_j| (the ratios are
    ≤ 1 and the largest is 1, so the sum lies in [1, d] for every p; with p = 1000 a plain Σ|x_j|^1000 is 0
    for coordinates near 0.1 and overflows for coordinates near 3).

    >>> big, tiny = 2.0 ** 600, 2.0 ** -600        # Σ x² overflows, resp. underflows, at these scales
    >>> (safe_row_norms(np.array([[3 * big, 4 * big], [3 * tiny, 4 * tiny], [3.0, 4.0], [0.0, 0.0]]))
    ...  / [big, tiny, 1, 1]).tolist()
    [5.0, 5.0, 5.0, 0.0]
    >>> safe_row_norms(np.array([[0.1, -0.1], [3.0, 0.0]]), ord=1000.0).round(6).tolist()
    [0.100069, 3.0]
    """
    F = np.asarray(F, dtype=float)
    if F.ndim == 1:
        F = F[None, :]
    if ord != 2.0:
        if not ord >= 1.0:
            raise ValueError(f"a norm needs an exponent p ≥ 1; got {ord!r}.")
        top = np.abs(F).max(axis=1) if F.shape[1] else np.zeros(F.shape[0])
        scale = np.where(top > 0, top, 1.0)
        with np.errstate(under="ignore"):
            return top * np.sum((np.abs(F) / scale[:, None]) ** ord, axis=1) ** (1.0 / ord)
    with np.errstate(over="ignore", under="ignore"):
        norms = np.linalg.norm(F, axis=1)
        awkward = ~np.isfinite(norms) | (norms < _TINY_NORM)
        if awkward.any():
            rows = F[awkward]
            top = np.abs(rows).max(axis=1) if rows.shape[1] else np.zeros(rows.shape[0])
            top[top == 0] = 1.0
            norms[awkward] = top * np.linalg.norm(rows / top[:, None], axis=1)
    return norms


def unit_rows(F: np.ndarray) -> np.ndarray:
    """Scale every non-zero row of F to Euclidean length 1 (zero rows stay zero), at any scale.

    >>> unit_rows(np.array([[3e200, 4e200], [0.0, 0.0]])).round(15).tolist()
    [[0.6, 0.8], [0.0, 0.0]]
    """
    norms = safe_row_norms(F)[:, None]
    return np.divide(F, norms, out=np.zeros_like(F, dtype=float), where=norms > 0)


class LinearOnlineClassifier(OnlineClassifier):
    """An online learner whose state is a weight matrix W and whose scores are F·Wᵀ.

    Subclasses set ``_single_vector`` (one row of W when there are two
    classes) and implement ``_update``.
    """

    #: with two classes, keep a single weight vector (binary learner)
    _single_vector = True

    def _setup(self, n_features: int) -> None:
        n_classes = len(self.classes_)
        self._kind = "binary" if (n_classes == 2 and self._single_vector) else "multi"
        rows = 1 if self._kind == "binary" else n_classes
        self._W = np.zeros((rows, n_features + int(bool(self.fit_intercept))))

    def _features(self, X: np.ndarray) -> np.ndarray:
        F = append_constant(X, self.fit_intercept)
        if getattr(self, "normalize", False):
            F = unit_rows(F)
        return F

    def _scores(self, F: np.ndarray) -> np.ndarray:
        return F @ self._W.T

    def _weights(self) -> np.ndarray:
        return self._W.copy()

    # compiled trial loop -------------------------------------------------------
    def _compiled_pass(self, F, y_index, weights, out) -> None:  # pragma: no cover - abstract
        """Run the compiled loop of this learner over rows of F, filling ``out``."""
        raise NotImplementedError

    def _check_block(self, F, weights) -> None:  # pragma: no cover - abstract
        """Refuse (ValueError) a block of trials whose updates could overflow, before running it."""
        raise NotImplementedError

    def _run(self, F, y_index, weights):
        F = np.ascontiguousarray(F, dtype=np.float64)
        self._check_block(F, weights)
        out = trial_outputs(F.shape[0])
        self._compiled_pass(F, np.ascontiguousarray(y_index, dtype=np.int64),
                            np.ascontiguousarray(weights, dtype=np.float64), out)
        out["updated"] = out["step"] != 0.0
        return out

    def _trial(self, f, y_index, weight):
        """One trial through the very loop ``fit`` uses, so stepping ≡ fitting bit for bit."""
        scores = (self._W @ f).astype(float)
        out = self._run(f[None, :], np.array([y_index]), np.array([weight], dtype=float))
        outcome = (int(out["prediction"][0]), float(out["margin"][0]), bool(out["mistake"][0]))
        step = float(out["step"][0])
        if self._kind == "binary":
            scores = np.array([binary_sign(y_index) * outcome[1]])
        return scores, outcome, step != 0.0, self._trial_info(y_index, outcome, step, out)

    def _trial_info(self, y_index, outcome, step, out) -> dict:
        """The numbers of the update rule applied in one trial (shown by the app)."""
        info = {"step": step}
        if self._kind == "binary":
            info["y"] = binary_sign(y_index)
        elif step != 0.0:
            info["promoted"] = y_index
            info["demoted"] = int(out.get("demoted", out["prediction"])[0])
        return info

    # learned attributes ------------------------------------------------------
    @property
    def augmented_coef_(self) -> np.ndarray:
        """W itself: one row per score, intercept (if any) in the last column."""
        if not hasattr(self, "_W"):
            raise AttributeError("augmented_coef_ exists only after fitting")
        return self._W

    def _score_matrix(self) -> np.ndarray:
        """Rows whose sign/argmax gives the prediction: (1, d') binary, (k, d') otherwise."""
        W = self.augmented_coef_
        if self._kind == "multi" and W.shape[0] == 2:
            return (W[1] - W[0])[None, :]
        return W

    @property
    def coef_(self) -> np.ndarray:
        """Linear coefficients: shape (1, n_features) binary, (n_classes, n_features) multiclass."""
        W = self._score_matrix()
        return W[:, : self.n_features_in_].copy()

    @property
    def intercept_(self) -> np.ndarray:
        """Intercepts (the weight of the constant feature); zeros when ``fit_intercept=False``."""
        W = self._score_matrix()
        if self.fit_intercept:
            return W[:, -1].copy()
        return np.zeros(W.shape[0])


def check_additive_growth(learner, F, step: float, moved_rows: int, what: str, detail) -> None:
    """Refuse a block of additive updates W[r] ± a·x (a ≤ ``step``) that could overflow.

    Updates are made only where the learner got the trial wrong (the moved rows'
    score difference had the wrong sign), so every update adds at most
    ``moved_rows``·a²·‖x‖² to ‖W‖² (the cross term is ≤ 0).  After n trials
    ‖W‖ ≤ ‖W_now‖ + √(n·moved_rows)·a·R and every score |w_r·x| ≤ ‖W‖·R, with
    R ≥ ‖x‖ for every row; that bound must stay below ``SAFE_LIMIT``.
    """
    n = F.shape[0]
    R = norm_bound(F)
    with np.errstate(over="ignore", invalid="ignore"):
        bound = (frobenius(learner._W) + math.sqrt(n * moved_rows) * step * R) * R
    check_bound(bound, what, lambda: f"{detail()}, largest |x| = {largest_abs(F):g} over {n} trial(s)",
                "Scale the features down, or lower the step size or the sample weights.")


def binary_sign(y_index: int) -> float:
    """+1 for ``classes_[1]``, -1 for ``classes_[0]``."""
    return 1.0 if y_index == 1 else -1.0
