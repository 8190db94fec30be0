"""The apportioned-margin classifier: priorities between classes (seed 002).

Scores f_j(x) = w_j·x + b_j; decision ŷ = argmax_j f_j(x)/θ_j, where the
priority vector θ ∈ (0, ∞)ᵏ gives the cost of an error on each class.  The
loss of (x, y) is Σ_j [θ_y − δ̄(y,j)·f_j(x)]₊ with δ̄(y,j) = +1 if j = y else −1;
the objective adds (λ/2)‖W‖².  At the population minimiser the scores are
f_j = θ_j for the class maximising θ_j·P_j(x) and −θ_j/(k−1) elsewhere (Fisher
consistency), so a larger θ_j claims more of the plane for class j.

Solvers
-------
``solver="sgd"`` — the paper's Pegasos step η_t = 1/(λt): for every class j,
    w_j ← (1 − 1/t)·w_j + (1/(λt))·δ̄(y,j)·x if θ_y − δ̄(y,j)·f_j(x) > 0, else the shrink only.
    **Convention:** eq. (22) of seed 002 prints a minus before the second term;
    the subgradient of the hinge gives the plus used here.  The recursion
    telescopes: after t steps W = S_t/(λt), S_t the sum of the fired δ̄·x, which is
    what is stored (no rescaling of W at every step).
``solver="perceptron"`` — the authors' published code: a θ-margin perceptron,
    S_j += δ̄(y,j)·x whenever θ_y ≥ δ̄(y,j)·f_j(x), with W = S (no λ, no shrink).

Kernels (Lemma 5): f_j(x) = scale·Σ_i ᾱ_{ij} K(x_i, x), ᾱ_{t,j} += δ̄(y_t, j) when
the indicator fires; kernels from :mod:`learners.kernels` ("laplace" is the
published code's exp(−‖x−x′‖/γ)).  θ is deliberately not called
``class_weight``: scikit-learn uses that name for something else.
"""

from __future__ import annotations

import numpy as np

from ._base import OnlineClassifier
from ._fast import apportioned_pass, trial_outputs
from ._linear import append_constant
from ._validation import check_choice, check_number
from .kernels import check_kernel_params, kernel_matrix

SOLVERS = ("sgd", "perceptron")


def check_theta(theta, n_classes: int) -> np.ndarray:
    """θ as a float array of one positive finite priority per class (1s when None)."""
    if theta is None:
        return np.ones(n_classes)
    try:
        values = np.asarray(theta, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError(f"θ (theta) must be numbers, one priority per class; got {theta!r}.") from None
    if values.shape[0] != n_classes:
        raise ValueError(f"θ (theta) must give one priority per class: {n_classes} classes, "
                         f"but {values.shape[0]} values.")
    if not np.all(np.isfinite(values)) or np.any(values <= 0):
        raise ValueError(f"θ (theta) must be positive and finite for every class (it is the cost of an "
                         f"error on that class); got {values.tolist()}.")
    return values


class ApportionedMargin(OnlineClassifier):
    """Cost-sensitive multiclass classifier with an apportioned margin (seed 002).

    Parameters
    ----------
    theta : array-like of shape (n_classes,), default=None
        Priority of each class, in the order of ``classes_`` (all 1 when None).
    solver : {"sgd", "perceptron"}, default="sgd"
    kernel : {"linear", "rbf", "poly", "laplace"}, default="linear"
    lam : float, default=0.01
        Regularisation λ of the SGD solver.
    gamma, degree, coef0 : kernel parameters (see :mod:`learners.kernels`).
    fit_intercept : bool, default=True
        The bias b_j as the weight of a constant feature 1.
    n_passes : int, default=10
        Passes made by ``fit`` (a batch-style solver needs several).
    shuffle : bool, default=True
        A fresh seeded random order on every pass (the stochastic choice of Pegasos).
    random_state : int, RandomState or None

    Attributes
    ----------
    theta_ : ndarray of shape (n_classes,)
    class_coef_, class_intercept_ : the w_j and b_j of every class (linear kernel).
    coef_, intercept_ : linear kernel only; for two classes the θ-scaled difference
        w_1/θ_1 − w_0/θ_0 (its sign is the prediction), otherwise ``class_coef_``.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import ApportionedMargin
    >>> rng = np.random.default_rng(0)
    >>> X = np.r_[rng.normal(-1, 1, (100, 2)), rng.normal(1, 1, (100, 2))]
    >>> y = np.r_[np.zeros(100, int), np.ones(100, int)]
    >>> plain = ApportionedMargin(random_state=0).fit(X, y)
    >>> urgent = ApportionedMargin(theta=[5.0, 1.0], random_state=0).fit(X, y)
    >>> bool((urgent.predict(X) == 0).sum() > (plain.predict(X) == 0).sum())
    True
    """

    def __init__(self, theta=None, solver="sgd", kernel="linear", lam=0.01, gamma=1.0, degree=3,
                 coef0=1.0, fit_intercept=True, n_passes=10, shuffle=True, random_state=None):
        self.theta = theta
        self.solver = solver
        self.kernel = kernel
        self.lam = lam
        self.gamma = gamma
        self.degree = degree
        self.coef0 = coef0
        self.fit_intercept = fit_intercept
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_choice("solver", self.solver, SOLVERS)
        check_number("lam", self.lam, low=0, low_open=True)
        check_kernel_params(self.kernel, self.gamma, self.degree, self.coef0)

    def _setup(self, n_features):
        self._kind = "multi"
        k = len(self.classes_)
        self.theta_ = check_theta(self.theta, k)
        self._steps = np.zeros(1, dtype=np.int64)
        d = n_features + int(bool(self.fit_intercept))
        self._S = np.zeros((k, d))                    # linear kernel: Σ fired δ̄·x per class
        self._support = np.zeros((0, d))              # other kernels: stored instances ...
        self._alpha = np.zeros((0, k))                # ... and their dual counts ᾱ

    def _features(self, X):
        return append_constant(X, self.fit_intercept)

    @property
    def _sgd(self) -> bool:
        return self.solver == "sgd"

    def _scale(self) -> float:
        if not self._sgd:
            return 1.0
        return 0.0 if self._steps[0] == 0 else 1.0 / (self.lam * self._steps[0])

    def _raw_scores(self, F):
        """f_j(x) for every row of F (before the θ-scaling)."""
        if self.kernel == "linear":
            return (F @ self._S.T) * self._scale()
        if self._support.shape[0] == 0:
            return np.zeros((F.shape[0], len(self.classes_)))
        K = kernel_matrix(F, self._support, self.kernel, self.gamma, self.degree, self.coef0)
        return (K @ self._alpha) * self._scale()

    def _scores(self, F):
        return self._raw_scores(F) / self.theta_

    def _weights(self):
        return self._S.copy() * self._scale() if self.kernel == "linear" else self._alpha.copy()

    # ------------------------------------------------------------- trials
    def _run(self, F, y_index, weights):
        if self.kernel != "linear":
            return super()._run(F, y_index, weights)
        F = np.ascontiguousarray(F, dtype=np.float64)
        out = trial_outputs(F.shape[0])
        fired = np.empty(F.shape[0], dtype=np.int64)
        apportioned_pass(F, np.ascontiguousarray(y_index, dtype=np.int64), self._S, self.theta_,
                         float(self.lam), self._steps, self._sgd, out["prediction"], out["margin"],
                         out["mistake"], out["step"], fired)
        # an SGD step always changes W (the shrink), a perceptron step only when something fired
        out["updated"] = np.ones(F.shape[0], bool) if self._sgd else fired > 0
        return out

    def _trial(self, f, y_index, weight):
        if self.kernel == "linear":
            scores = self._scores(f[None, :])[0]
            out = self._run(f[None, :], np.array([y_index]), np.array([weight]))
            outcome = (int(out["prediction"][0]), float(out["margin"][0]), bool(out["mistake"][0]))
            return scores, outcome, bool(out["updated"][0]), {"classes_moved": int(out["step"][0]),
                                                              "step_size": self._scale()}
        return super()._trial(f, y_index, weight)

    def _update(self, f, y_index, weight, scores, outcome):
        """Kernel trial: the dual counts of this instance move for every fired class."""
        raw = scores * self.theta_
        sign = np.where(np.arange(len(raw)) == y_index, 1.0, -1.0)
        gap = self.theta_[y_index] - sign * raw
        fire = gap > 0 if self._sgd else gap >= 0
        self._steps[0] += 1
        if fire.any():
            self._support = np.vstack([self._support, f[None, :]])
            self._alpha = np.vstack([self._alpha, np.where(fire, sign, 0.0)[None, :]])
        return bool(fire.any() or self._sgd), {"classes_moved": int(fire.sum()), "step_size": self._scale()}

    # ------------------------------------------------------- linear attributes
    def _linear_only(self):
        if self.kernel != "linear":
            raise AttributeError("coefficients exist only for kernel='linear'")
        if not hasattr(self, "_S"):
            raise AttributeError("coefficients exist only after fitting")

    @property
    def class_coef_(self) -> np.ndarray:
        """w_j of every class, shape (n_classes, n_features)."""
        self._linear_only()
        return (self._S * self._scale())[:, : self.n_features_in_]

    @property
    def class_intercept_(self) -> np.ndarray:
        self._linear_only()
        W = self._S * self._scale()
        return W[:, -1].copy() if self.fit_intercept else np.zeros(W.shape[0])

    @property
    def coef_(self) -> np.ndarray:
        W = self.class_coef_
        if W.shape[0] == 2:
            return (W[1] / self.theta_[1] - W[0] / self.theta_[0])[None, :]
        return W

    @property
    def intercept_(self) -> np.ndarray:
        b = self.class_intercept_
        if b.shape[0] == 2:
            return np.array([b[1] / self.theta_[1] - b[0] / self.theta_[0]])
        return b
