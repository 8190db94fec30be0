"""Gentile's p-norm algorithm (binary): the family between the Perceptron and Winnow.

Grove, Littlestone & Schuurmans (2001) and Gentile (2003) — reference [7] of Supeesun &
Fakcharoenphol, whose importance-weighted bounds rest on it.  The learner keeps a vector θ
(θ₁ = 0) and predicts with its image under the link w = ∇(½‖θ‖_p²):

    w_i = sign(θ_i)·|θ_i|^{p−1} / ‖θ‖_p^{p−2}        (w = 0 while θ = 0).

A trial is a mistake iff y·(w·x) ≤ 0 (a tie counts, docs/SPECIFICATION.md); then
θ ← θ + y·x.  With p = 2 the link is the identity and this is the Perceptron with η = 1;
with p ≈ 2 ln n it behaves like Winnow (a multiplicative-looking update in w).

Bound (separable data, any u with γ = min_t y_t·u·x_t > 0):
M ≤ (p − 1)·X_p²·‖u‖_q²/γ², 1/p + 1/q = 1, X_p = max_t ‖x_t‖_p
(:func:`learners.bounds.p_norm`; the curve is :func:`learners.comparators.p_norm_bound_curves`).

Numbers: w is computed as ‖θ‖_p·sign(θ_i)·(|θ_i|/‖θ‖_p)^{p−1} with ‖θ‖_p = m·‖θ/m‖_p,
m = max_i |θ_i|, so no power of a large |θ_i| is ever formed: for any p the ratios are ≤ 1,
and w stays finite as long as θ does (θ grows by at most max|x| per coordinate and update,
which a block of trials checks before it runs).
"""

from __future__ import annotations

import numpy as np

from ._base import OnlineClassifier
from ._fast import trial_outputs
from ._linear import append_constant, binary_sign, safe_row_norms
from ._validation import check_bound, check_flag, check_number, largest_abs

#: the largest exponent p accepted (beyond it the link is numerically the ∞-norm's)
MAX_P = 1000.0


def p_norm_link(theta, p: float) -> np.ndarray:
    """w = ∇(½‖θ‖_p²): w_i = sign(θ_i)|θ_i|^{p−1}/‖θ‖_p^{p−2}, without overflow for any p ≥ 2.

    p = 2 returns θ itself (a copy); θ = 0 gives w = 0.  ‖w‖_q = ‖θ‖_p and w·θ = ‖θ‖_p².

    >>> p_norm_link(np.array([3.0, -4.0]), 2.0).tolist()
    [3.0, -4.0]
    >>> w = p_norm_link(np.array([1.0, -2.0]), 3.0)       # (1, −4)/‖θ‖₃ with ‖θ‖₃ = 9^(1/3)
    >>> np.round(w * 9 ** (1 / 3), 12).tolist()
    [1.0, -4.0]
    >>> w = p_norm_link(np.array([1e300, -1e300, 1.0]), 1000.0)   # |θ_i|^999 would overflow; w₁ = 2^(−998/1000)·1e300
    >>> bool(np.all(np.isfinite(w))), bool(w[0] > 0 > w[1]), round(float(w[0] / 1e300), 6)
    (True, True, 0.500694)
    """
    theta = np.asarray(theta, dtype=float)
    if p == 2.0:
        return theta.copy()
    top = float(np.abs(theta).max(initial=0.0))
    if top == 0.0:
        return np.zeros_like(theta)
    ratio = np.abs(theta) / top                          # ≤ 1, the largest is exactly 1
    norm_ratio = float(np.sum(ratio ** p) ** (1.0 / p))  # ‖θ‖_p / m ∈ [1, n^{1/p}]
    with np.errstate(under="ignore"):
        shape = (ratio / norm_ratio) ** (p - 1.0)        # (|θ_i|/‖θ‖_p)^{p−1} ≤ 1
    return np.sign(theta) * shape * (top * norm_ratio)


def p_norm_of(theta, p: float) -> float:
    """‖θ‖_p computed as m·‖θ/m‖_p (m = max|θ_i|), finite whenever θ is (``_linear.safe_row_norms``).

    >>> p_norm_of(np.array([3.0, -4.0]), 2.0), p_norm_of(np.zeros(3), 5.0)
    (5.0, 0.0)
    """
    return float(safe_row_norms(np.asarray(theta, dtype=float).reshape(1, -1), ord=float(p))[0])


class PNormPerceptron(OnlineClassifier):
    """Gentile's p-norm algorithm, binary, stepping one trial at a time.

    Parameters
    ----------
    p : float, default=2.0
        The exponent, 2 ≤ p ≤ 1000.  p = 2 is the Perceptron; p ≈ 2 ln n (n weights) behaves like Winnow.
    fit_intercept : bool, default=True
        Append the constant feature 1 (the threshold becomes a weight).
    n_passes : int, default=1
        Online passes made by ``fit``.
    shuffle : bool, default=False
        Present the rows of every pass in a random order.
    random_state : int, RandomState or None
        Seed of the shuffling.

    Attributes
    ----------
    theta_ : ndarray of shape (n_features,) (+1 with the intercept)
        θ, the sum of y_t·x_t over the mistake trials.
    weights_ : ndarray
        w = ∇(½‖θ‖_p²), the vector that predicts.
    coef_, intercept_ : ndarray of shape (1, n_features), (1,)
        w split into the features' weights and the constant's.

    Notes
    -----
    ``learn_one`` records w before and after as ``weights_before``/``weights_after``, and in its
    ``update`` dict y, p, θ before and after (``theta_before``, ``theta_after``) and ‖θ_{t+1}‖_p
    (``theta_norm``).  ``sample_weight`` only enters the loss accounting.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import PNormPerceptron, Perceptron
    >>> X = np.array([[2.0, 1.0], [-1.0, -2.0], [1.5, 2.0], [-2.0, -0.5]] * 3)
    >>> y = np.array([1, 0, 1, 0] * 3)
    >>> PNormPerceptron(p=2.0).fit(X, y).mistakes_ == Perceptron().fit(X, y).mistakes_
    True
    >>> record = PNormPerceptron(p=3.0).learn_one([1.0, -2.0], 1, classes=[0, 1])
    >>> record.mistake, record.update["theta_after"].tolist()
    (True, [1.0, -2.0, 1.0])
    """

    _binary_only = True

    def __init__(self, p=2.0, fit_intercept=True, n_passes=1, shuffle=False, random_state=None):
        self.p = p
        self.fit_intercept = fit_intercept
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_number("p", self.p, low=2, high=MAX_P)
        check_flag("fit_intercept", self.fit_intercept)

    def _setup(self, n_features):
        self._kind = "binary"
        size = n_features + int(bool(self.fit_intercept))
        self._theta = np.zeros(size)
        self._w = np.zeros(size)

    def _features(self, X):
        return append_constant(X, self.fit_intercept)

    def _scores(self, F):
        return F @ self._w[:, None]

    def _weights(self):
        return self._w.copy()

    def _run(self, F, y_index, weights):
        F = np.asarray(F, dtype=float)
        n, d = F.shape
        top = largest_abs(F)
        # |θ_i| grows by at most max|x| an update, and |w·x| ≤ ‖θ‖_p‖x‖_p ≤ d·max|θ|·max|x|
        theta_top = float(np.abs(self._theta).max(initial=0.0))
        with np.errstate(over="ignore", invalid="ignore"):
            bound = d * (theta_top + n * top) * top
        check_bound(bound, "The p-norm scores w·x", f"largest |x| = {top:g} over {n} trial(s)",
                    "Scale the features down.")
        out = trial_outputs(n)
        p = float(self.p)
        for t in range(n):
            y = binary_sign(int(y_index[t]))
            margin = y * float(F[t] @ self._w)
            mistake = margin <= 0.0
            out["prediction"][t] = 1 if margin * y > 0 else 0
            out["margin"][t] = margin
            out["mistake"][t] = mistake
            out["step"][t] = 1.0 if mistake else 0.0
            if mistake:
                self._theta += y * F[t]
                self._w = p_norm_link(self._theta, p)
        out["updated"] = out["step"] != 0.0
        return out

    def _trial(self, f, y_index, weight):
        """One trial through the loop ``fit`` uses; the record also keeps θ before and after."""
        theta_before = self._theta.copy()
        out = self._run(f[None, :], np.array([y_index]), np.array([weight], dtype=float))
        outcome = (int(out["prediction"][0]), float(out["margin"][0]), bool(out["mistake"][0]))
        y = binary_sign(y_index)
        info = {"y": y, "p": float(self.p), "theta_before": theta_before, "theta_after": self._theta.copy(),
                "theta_norm": p_norm_of(self._theta, float(self.p))}
        return np.array([y * outcome[1]]), outcome, bool(out["updated"][0]), info

    @property
    def theta_(self) -> np.ndarray:
        if not hasattr(self, "_theta"):
            raise AttributeError("theta_ exists only after fitting")
        return self._theta.copy()

    @property
    def weights_(self) -> np.ndarray:
        if not hasattr(self, "_w"):
            raise AttributeError("weights_ exists only after fitting")
        return self._w.copy()

    @property
    def coef_(self) -> np.ndarray:
        return self.weights_[None, : self.n_features_in_]

    @property
    def intercept_(self) -> np.ndarray:
        return np.array([self._w[-1]]) if self.fit_intercept else np.zeros(1)
