"""Winnow: multiplicative updates on a probability vector (seed 003, §3).

w_1 = (1/d, …, 1/d); predict sign(w·x); on a mistake, y·(w·x) ≤ 0,
w_i ← w_i·exp(η·y·x_i) / Z with Z renormalising the weights to sum 1.

Bound (seed 003, Theorem 3.1): if u ≥ 0 and y_t(u·x_t) ≥ γ for every t,
  M ≤ ‖u‖₁ ln d / (ηγ − ‖u‖₁ ln((e^{ηR∞} + e^{−ηR∞})/2))
whenever the denominator is positive (d = number of weights).

The weights are kept as logarithms and renormalised with log-sum-exp, so a
run of millions of trials never overflows.  Non-negative weights can only
express separators with non-negative coefficients; the **balanced**
representation x ↦ (x, −x) (and the constant (1, −1) for the intercept) lets
w⁺ − w⁻ be any linear separator (Convention of ALGORITHMS.md).
"""

from __future__ import annotations

import numpy as np

from ._base import OnlineClassifier
from ._fast import trial_outputs, winnow_pass
from ._validation import check_number


def balanced_features(X: np.ndarray, fit_intercept: bool, balanced: bool) -> np.ndarray:
    """The vectors Winnow works on: (x, 1) or, balanced, (x, 1, −x, −1)."""
    X = np.asarray(X, dtype=float)
    if fit_intercept:
        X = np.hstack([X, np.ones((X.shape[0], 1))])
    return np.hstack([X, -X]) if balanced else X


class Winnow(OnlineClassifier):
    """Normalised exponentiated Winnow, binary, stepping one trial at a time.

    Parameters
    ----------
    eta : float, default=0.5
        Learning rate η > 0.  Unlike the perceptron's, it matters: the tuned
        η* = ln((R∞‖u‖₁ + γ)/(R∞‖u‖₁ − γ)) / (2R∞) gives M ≤ 2R∞²‖u‖₁² ln d / γ².
    balanced : bool, default=True
        Work on (x, −x) so that any sign pattern of coefficients is reachable.
    fit_intercept : bool, default=True
        Append the constant feature 1 (balanced: 1 and −1).
    n_passes, shuffle, random_state
        Online passes made by ``fit`` and their order.

    Attributes
    ----------
    weights_ : ndarray of shape (d,)
        The probability vector w (sums to 1) over the d working features.
    log_weights_ : ndarray of shape (d,)
    coef_, intercept_ : ndarray of shape (1, n_features), (1,)
        The separator expressed on the original features: w⁺ − w⁻ when balanced.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import Winnow
    >>> X = np.array([[1.0, -1.0], [-1.0, 1.0], [2.0, -0.5], [-1.5, 0.5]] * 3)
    >>> y = np.array([1, 0, 1, 0] * 3)
    >>> model = Winnow(eta=1.0).fit(X, y)
    >>> model.predict(X[:4]).tolist(), round(float(model.weights_.sum()), 12)
    ([1, 0, 1, 0], 1.0)
    """

    _binary_only = True

    def __init__(self, eta=0.5, balanced=True, fit_intercept=True, n_passes=1, shuffle=False,
                 random_state=None):
        self.eta = eta
        self.balanced = balanced
        self.fit_intercept = fit_intercept
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_number("eta", self.eta, low=0, low_open=True)

    def _setup(self, n_features):
        self._kind = "binary"
        d = (n_features + int(bool(self.fit_intercept))) * (2 if self.balanced else 1)
        self._log_w = np.full((1, d), -np.log(d))

    def _features(self, X):
        return balanced_features(X, self.fit_intercept, self.balanced)

    def _scores(self, F):
        return F @ self.weights_[:, None]

    def _weights(self):
        return self.weights_.copy()

    def _run(self, F, y_index, weights):
        F = np.ascontiguousarray(F, dtype=np.float64)
        out = trial_outputs(F.shape[0])
        y_sign = np.where(np.asarray(y_index) == 1, 1.0, -1.0)
        winnow_pass(F, y_sign, self._log_w[0], float(self.eta), out["prediction"], out["margin"],
                    out["mistake"], out["step"])
        out["updated"] = out["mistake"] & np.any(F != 0.0, axis=1)
        return out

    def _trial(self, f, y_index, weight):
        out = self._run(f[None, :], np.array([y_index]), np.array([weight]))
        outcome = (int(out["prediction"][0]), float(out["margin"][0]), bool(out["mistake"][0]))
        y = 1.0 if y_index == 1 else -1.0
        updated = bool(out["updated"][0])
        info = {"eta": float(self.eta), "y": y, "log_Z": float(out["step"][0]) if updated else 0.0}
        return np.array([y * outcome[1]]), outcome, updated, info

    # learned attributes -----------------------------------------------------
    @property
    def log_weights_(self) -> np.ndarray:
        """ln w, normalised so that Σ w = 1."""
        if not hasattr(self, "_log_w"):
            raise AttributeError("log_weights_ exists only after fitting")
        return self._log_w[0].copy()

    @property
    def weights_(self) -> np.ndarray:
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
        signed = self._signed()
        return signed[self.n_features_in_:][:1] if self.fit_intercept else np.zeros(1)
