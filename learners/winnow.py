"""Winnow: multiplicative updates on a probability vector (seed 003, §3).

w_1 = (1/d, …, 1/d) over the d features Winnow uses; predict sign(w·x); on a
mistake, y·(w·x) ≤ 0,

    w_i ← w_i·exp(η·y·x_i) / Z,   Z = Σ_j w_j·exp(η·y·x_j),

so w stays a probability vector.

Bound (seed 003, Theorem 3.1): if u ≥ 0 and y_t(u·x_t) ≥ γ for every t,
  M ≤ ‖u‖₁ ln d / (ηγ − ‖u‖₁ ln((e^{ηR∞} + e^{−ηR∞})/2))
whenever the denominator is positive; the tuned η* gives M ≤ 2R∞²‖u‖₁² ln d/γ²
(:func:`learners.bounds.winnow`, :func:`learners.bounds.winnow_tuned`).

Unrolled, w_i = e^{η S_i} / Σ_j e^{η S_j} with S_i = Σ y_t·x_{t,i} over the update
trials so far, so the update is S ← S + y·x.  Winnow keeps S (the *exponents*)
and derives ln w_i = η(S_i − max S) − ln Σ_j e^{η(S_j − max S)} from it (every
exponent ≤ 0), so a run of millions of trials never overflows.

Ties are decided exactly.  The sign of w·x is the sign of Σ_k c_k e^{η k}, with
c_k = Σ_{i: S_i = k} x_i the features grouped by equal exponents.  As e^{η k} for
distinct rationals k are linearly independent over the rationals
(Lindemann–Weierstrass; η ≠ 0 and every float is rational), w·x = 0 exactly iff
every c_k = 0.  So whenever the float w·x lies within its rounding-error bound of 0,
the learner sums each group exactly: all c_k = 0 is a tie — a mistake, margin 0.0
(docs/SPECIFICATION.md) — and otherwise w·x is recomputed from the groups, without the
cancellation.  On integer (or half-integer, …) data S holds Winnow's exact state,
and every mistake flag is the exact one.

Non-negative weights can only express separators with non-negative
coefficients; the **balanced** representation x ↦ (x, −x) (and the constant
(1, −1) for the intercept) lets w⁺ − w⁻ be any linear separator (Convention of
docs/SPECIFICATION.md).
"""

from __future__ import annotations

import math

import numpy as np

from ._base import OnlineClassifier
from ._fast import trial_outputs, winnow_pass, winnow_scores, winnow_state
from ._validation import check_number


def balanced_features(X: np.ndarray, fit_intercept: bool, balanced: bool) -> np.ndarray:
    """The vectors Winnow works on: (x, 1) or, balanced, (x, 1, −x, −1).

    >>> balanced_features(np.array([[2.0, -3.0]]), fit_intercept=True, balanced=True).tolist()
    [[2.0, -3.0, 1.0, -2.0, 3.0, -1.0]]
    """
    X = np.asarray(X, dtype=float)
    if fit_intercept:
        X = np.hstack([X, np.ones((X.shape[0], 1))])
    return np.hstack([X, -X]) if balanced else X


class Winnow(OnlineClassifier):
    """Normalised exponentiated Winnow (seed 003, §3), binary, stepping one trial at a time.

    Parameters
    ----------
    eta : float, default=1.0
        Learning rate η > 0.  Unlike the perceptron's it matters: Theorem 3.1
        needs ηγ > ‖u‖₁ ln cosh(ηR∞), and the tuned
        η* = ln((R∞‖u‖₁ + γ)/(R∞‖u‖₁ − γ)) / (2R∞) gives M ≤ 2R∞²‖u‖₁² ln d / γ²
        (:func:`learners.bounds.winnow_best_eta`).
    balanced : bool, default=True
        Work on (x, −x) so that any sign pattern of coefficients is reachable.
        Without it Winnow can only learn separators with non-negative
        coefficients (and intercept).
    fit_intercept : bool, default=True
        Append the constant feature 1 (balanced: 1 and −1).
    n_passes : int, default=1
        Online passes made by ``fit``.
    shuffle : bool, default=False
        Present the rows of every pass in a random order.
    random_state : int, RandomState or None
        Seed of the shuffling.

    Attributes
    ----------
    weights_ : ndarray of shape (d,)
        The probability vector w (sums to 1) over the d working features:
        d = n_features (+1 with the intercept), doubled when balanced.
    log_weights_ : ndarray of shape (d,)
        ln w, computed from the exponents after every update.
    exponents_ : ndarray of shape (d,)
        S, the state Winnow keeps: S_i = Σ y_t·x_{t,i} over the update trials,
        w_i = e^{η S_i} / Σ_j e^{η S_j}.
    coef_ : ndarray of shape (1, n_features)
        The separator on the original features: w⁺ − w⁻ when balanced, w otherwise.
    intercept_ : ndarray of shape (1,)
        w⁺_c − w⁻_c (balanced) or w_c, the weight of the constant feature; 0 without intercept.
    classes_, history_, mistakes_, weighted_loss_
        As for every online classifier of the lab.

    Notes
    -----
    ``learn_one`` returns a record whose ``weights_before``/``weights_after``
    are w, and whose ``update`` dict holds η, y, ``log_Z`` (ln Z of the
    update, Z = Σ_i w_i e^{η y x_i}, computed as ln Σ e^{η S_after} − ln Σ e^{η S_before};
    0 without an update), ``Z``, the log-weights before and after, and the
    exponents S before and after (``exponents_before``, ``exponents_after``).
    A record's margin is exactly 0.0 on an exact tie.  ``fit`` runs the same
    compiled loop, so stepping and fitting give bit-identical weights.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import Winnow
    >>> X = np.array([[1.0, -1.0], [-1.0, 1.0], [2.0, -0.5], [-1.5, 0.5]] * 3)
    >>> y = np.array([1, 0, 1, 0] * 3)
    >>> model = Winnow(eta=1.0).fit(X, y)
    >>> model.predict(X[:4]).tolist(), round(float(model.weights_.sum()), 12)
    ([1, 0, 1, 0], 1.0)
    >>> record = Winnow(eta=1.0).learn_one([1.0, -1.0], 1, classes=[0, 1])
    >>> record.mistake, record.weights_before.round(3).tolist()   # w·x = 0 counts as a mistake
    (True, [0.167, 0.167, 0.167, 0.167, 0.167, 0.167])
    >>> record.weights_after.round(3).tolist()    # features (1, −1, 1, −1, 1, −1): e^{±1}/(6Z)
    [0.294, 0.04, 0.294, 0.04, 0.294, 0.04]
    >>> round(record.update["Z"], 4)                 # Z = cosh(1)
    1.5431
    >>> record.update["exponents_after"].tolist()    # S = y·x
    [1.0, -1.0, 1.0, -1.0, 1.0, -1.0]
    >>> Winnow().learn_one([0.1, 0.2], 1, classes=[0, 1]).margin   # (x, 1, −x, −1)·w = 0: exactly
    0.0
    """

    _binary_only = True

    def __init__(self, eta=1.0, balanced=True, fit_intercept=True, n_passes=1, shuffle=False,
                 random_state=None):
        self.eta = eta
        self.balanced = balanced
        self.fit_intercept = fit_intercept
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        # without the balanced features only non-negative separators are reachable: on data that
        # needs a negative coefficient Winnow cannot fit well, whatever it is given
        tags.classifier_tags.poor_score = not self.balanced
        return tags

    def _check_params(self):
        from ._validation import MAX_STEP, check_flag

        super()._check_params()
        check_number("eta", self.eta, low=0, high=MAX_STEP, low_open=True)
        check_flag("balanced", self.balanced)
        check_flag("fit_intercept", self.fit_intercept)

    def _setup(self, n_features):
        self._kind = "binary"
        d = (n_features + int(bool(self.fit_intercept))) * (2 if self.balanced else 1)
        self._exponents = np.zeros(d)
        self._log_w = np.empty((1, d))
        winnow_state(self._exponents, float(self.eta), self._log_w[0], np.empty(d), np.empty(d))

    def _features(self, X):
        return balanced_features(X, self.fit_intercept, self.balanced)

    def _scores(self, F):
        """w·x of every row, decided exactly near 0 as in the trial loop (0.0 on an exact tie)."""
        F = np.ascontiguousarray(F, dtype=np.float64)
        self._check_magnitude(F)
        out = np.empty(F.shape[0])
        winnow_scores(F, self._exponents, float(self.eta), out)
        return out[:, None]

    def _weights(self):
        return self.weights_.copy()

    def _check_magnitude(self, F, exponents_grow=False):
        """Refuse rows whose sizes would overflow η·|x|, a group's sum of x, or (fitting) S."""
        row_largest = np.abs(F).max(axis=1) if F.size else np.zeros(0)
        largest = float(row_largest.max(initial=0.0))
        if not (math.isfinite(float(self.eta) * largest) and math.isfinite(2.0 * F.shape[1] * largest)):
            raise ValueError(f"η·|x| or a sum of |x| overflows (η = {self.eta!r}, largest |x| = "
                             f"{largest:g}); scale the features down or lower eta.")
        if exponents_grow:
            with np.errstate(over="ignore"):              # an overflow is what is checked for
                reach = float(np.abs(self._exponents).max()) + float(row_largest.sum())
            if not math.isfinite(2.0 * reach):
                raise ValueError(f"the sums S = Σ y·x that Winnow keeps would overflow (largest |x| = "
                                 f"{largest:g} over {F.shape[0]} rows); scale the features down.")

    def _run(self, F, y_index, weights):
        F = np.ascontiguousarray(F, dtype=np.float64)
        self._check_magnitude(F, exponents_grow=True)
        out = trial_outputs(F.shape[0])
        y_sign = np.where(np.asarray(y_index) == 1, 1.0, -1.0)
        winnow_pass(F, y_sign, self._exponents, self._log_w[0], float(self.eta), out["prediction"],
                    out["margin"], out["mistake"], out["step"])
        out["updated"] = out["mistake"] & np.any(F != 0.0, axis=1)
        return out

    def _trial(self, f, y_index, weight):
        """One trial through the very loop ``fit`` uses, recording the update's numbers."""
        log_before, exponents_before = self._log_w[0].copy(), self._exponents.copy()
        out = self._run(f[None, :], np.array([y_index]), np.array([weight]))
        outcome = (int(out["prediction"][0]), float(out["margin"][0]), bool(out["mistake"][0]))
        y = 1.0 if y_index == 1 else -1.0
        updated = bool(out["updated"][0])
        log_z = float(out["step"][0]) if updated else 0.0
        info = {"eta": float(self.eta), "y": y, "log_Z": log_z,
                "Z": math.exp(log_z) if log_z < 700 else math.inf,
                "log_weights_before": log_before, "log_weights_after": self._log_w[0].copy(),
                "exponents_before": exponents_before, "exponents_after": self._exponents.copy()}
        return np.array([y * outcome[1]]), outcome, updated, info

    # learned attributes -----------------------------------------------------
    @property
    def log_weights_(self) -> np.ndarray:
        """ln w, normalised so that Σ w = 1."""
        if not hasattr(self, "_log_w"):
            raise AttributeError("log_weights_ exists only after fitting")
        return self._log_w[0].copy()

    @property
    def exponents_(self) -> np.ndarray:
        """S, the sums Σ y_t·x_t over the update trials so far: w_i = e^{η S_i} / Σ_j e^{η S_j}."""
        if not hasattr(self, "_exponents"):
            raise AttributeError("exponents_ exists only after fitting")
        return self._exponents.copy()

    @property
    def weights_(self) -> np.ndarray:
        """w = exp(ln w), computed stably (the largest weight is exp(0) before normalising)."""
        log_w = self.log_weights_
        w = np.exp(log_w - log_w.max())
        return w / w.sum()

    def _signed(self) -> np.ndarray:
        w = self.weights_
        if self.balanced:
            half = w.shape[0] // 2
            return w[:half] - w[half:]
        return w

    @property
    def coef_(self) -> np.ndarray:
        """The separator on the original features, shape (1, n_features)."""
        return self._signed()[: self.n_features_in_][None, :]

    @property
    def intercept_(self) -> np.ndarray:
        """Weight of the constant feature (w⁺_c − w⁻_c when balanced), shape (1,)."""
        signed = self._signed()
        return signed[self.n_features_in_:][:1] if self.fit_intercept else np.zeros(1)
