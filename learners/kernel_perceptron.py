"""Kernel Perceptron (seed 003, §2).

Keep α_r = y_r for every mistake trial r (α_r = c_r·y_r when importance
weighted) and predict sign(Σ_r α_r K(x_r, x)).  Mistakes on the same instance
share one support vector (their α add up), which gives the same function with
memory that grows with the distinct instances, not with the trials.  With the linear kernel it is
the Perceptron itself.  Bound (seed 003, Theorem 2.3): if y_t K(u, x_t) ≥ γ
for all t, the number of mistakes is at most R²K(u, u)/γ², R² = max_t K(x_t, x_t).
"""

from __future__ import annotations

import numpy as np

from ._base import OnlineClassifier
from ._fast import kernel_perceptron_pass, trial_outputs
from ._linear import append_constant, binary_sign
from ._validation import check_bound, check_flag, norm_bound
from .kernels import KERNELS, check_kernel_params, kernel_bound, kernel_matrix

CHUNK = 2048   # rows of a Gram block, to bound memory when scoring many instances


class KernelPerceptron(OnlineClassifier):
    """Binary kernel perceptron: a perceptron in the feature space of a kernel.

    Parameters
    ----------
    kernel : {"rbf", "poly", "linear", "laplace"}, default="rbf"
    gamma : float, default=1.0
        Kernel width γ ∈ (0, 10⁶] (see :mod:`learners.kernels` for each kernel's formula).
    degree : int, default=3
        Degree of the polynomial kernel, in [1, 20].
    coef0 : float, default=1.0
        Constant of the polynomial kernel, in [−10⁶, 10⁶].
    importance_weighted : bool, default=False
        Store α = c·y instead of y (the kernel form of the IWP).
    fit_intercept : bool, default=True
        Append the constant feature 1 before applying the kernel (with the
        linear kernel this gives exactly the Perceptron with intercept).
    n_passes, shuffle, random_state
        Online passes made by ``fit`` and their order.

    Attributes
    ----------
    support_vectors_ : ndarray of shape (n_mistakes, n_features)
        The instances of the mistake trials.
    dual_coef_ : ndarray of shape (n_mistakes,)
        Their coefficients α.

    Notes
    -----
    Before a block of trials the learner bounds every score it can reach,
    (Σ|α| + n·c_max)·K_max with K_max ≥ |K(a, b)| over the instances involved,
    and refuses the block with a ``ValueError`` when it could pass 10³⁰⁰ (the
    polynomial and linear kernels on very large features).

    Examples
    --------
    >>> import numpy as np
    >>> from learners import KernelPerceptron
    >>> X = np.array([[0.0, 0.0], [3.0, 3.0], [3.0, -3.0], [-3.0, 3.0], [-3.0, -3.0]] * 4)
    >>> y = np.array([1, 0, 0, 0, 0] * 4)           # a class inside, a ring around it
    >>> model = KernelPerceptron(kernel="rbf", gamma=0.5).fit(X, y)
    >>> model.predict(X[:5]).tolist()
    [1, 0, 0, 0, 0]
    """

    _binary_only = True
    _state_what = "its first 16 support vectors"

    def __init__(self, kernel="rbf", gamma=1.0, degree=3, coef0=1.0, importance_weighted=False,
                 fit_intercept=True, n_passes=1, shuffle=False, random_state=None):
        self.kernel = kernel
        self.gamma = gamma
        self.degree = degree
        self.coef0 = coef0
        self.importance_weighted = importance_weighted
        self.fit_intercept = fit_intercept
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_kernel_params(self.kernel, self.gamma, self.degree, self.coef0)
        check_flag("importance_weighted", self.importance_weighted)
        check_flag("fit_intercept", self.fit_intercept)

    def _state_bytes(self, n_features, n_classes):
        return 8.0 * 16 * (n_features + 2)

    def _setup(self, n_features: int) -> None:
        self._kind = "binary"
        width = n_features + int(bool(self.fit_intercept))
        self._support = np.zeros((16, width))
        self._alpha = np.zeros(16)
        self._n_support = 0
        self._largest_norm = 0.0          # ≥ ‖s‖ for every support vector ever kept

    def _features(self, X):
        return append_constant(X, self.fit_intercept)

    def gram(self, A, B) -> np.ndarray:
        """K(A[i], B[j]) with this learner's kernel (A, B as feature vectors)."""
        return kernel_matrix(A, B, self.kernel, self.gamma, self.degree, self.coef0)

    def _scores(self, F):
        n = self._n_support
        if n == 0:
            return np.zeros((F.shape[0], 1))
        return self._dual_scores(np.asarray(F, dtype=float), self._support[:n], self._alpha[:n])[:, None]

    def _check_block(self, F, weights) -> None:
        """Refuse a block whose scores could overflow (bound in the class's Notes)."""
        c = float(np.max(weights, initial=0.0)) if self.importance_weighted else 1.0
        R = max(self._largest_norm, norm_bound(F))
        K = kernel_bound(self.kernel, self.gamma, self.degree, self.coef0, R)
        with np.errstate(over="ignore", invalid="ignore"):
            total = float(np.abs(self._alpha[: self._n_support]).sum()) + F.shape[0] * c
            bound = total * K
        check_bound(bound, "The kernel perceptron's scores Σ α·K(x_r, x)",
                    lambda: f"kernel {self.kernel!r}, largest ‖x‖ ≤ {R:g}, Σ|α| up to {total:g}",
                    "Scale the features down (or use the rbf or laplace kernel, which is at most 1), "
                    "or lower the sample weights.")

    def _run(self, F, y_index, weights):
        """All trials of a block through one compiled loop (identical instances share one α)."""
        self._check_block(np.asarray(F, dtype=float), np.asarray(weights, dtype=float))
        n = self._n_support
        rows = np.vstack([self._support[:n], np.asarray(F, dtype=float)])
        unique, inverse = np.unique(rows, axis=0, return_inverse=True)
        inverse = inverse.reshape(-1)
        alpha = np.zeros(len(unique))
        np.add.at(alpha, inverse[:n], self._alpha[:n])
        scores = self._dual_scores(unique, unique, alpha)
        out = trial_outputs(F.shape[0])
        y_sign = np.where(np.asarray(y_index) == 1, 1.0, -1.0)
        kernel_perceptron_pass(np.ascontiguousarray(unique), np.ascontiguousarray(inverse[n:], dtype=np.int64),
                               y_sign, np.asarray(weights, dtype=float), alpha, scores, KERNELS.index(self.kernel),
                               float(self.gamma), float(self.degree), float(self.coef0),
                               bool(self.importance_weighted), out["prediction"], out["margin"],
                               out["mistake"], out["step"])
        keep = alpha != 0.0
        self._support, self._alpha = unique[keep].copy(), alpha[keep].copy()
        self._n_support = int(keep.sum())
        if self._n_support == 0:
            self._support, self._alpha = np.zeros((1, unique.shape[1])), np.zeros(1)
        else:
            self._largest_norm = max(self._largest_norm, norm_bound(self._support[: self._n_support]))
        out["updated"] = out["step"] != 0.0
        return out

    def _dual_scores(self, A, support, alpha) -> np.ndarray:
        """Σ_j α_j K(a, s_j) for every row a of A, in blocks."""
        nonzero = alpha != 0.0
        if not nonzero.any():
            return np.zeros(A.shape[0])
        out = np.empty(A.shape[0])
        for start in range(0, A.shape[0], CHUNK):
            out[start:start + CHUNK] = self.gram(A[start:start + CHUNK], support[nonzero]) @ alpha[nonzero]
        return out

    def _trial(self, f, y_index, weight):
        scores = self._scores(f[None, :])[0]
        out = self._run(f[None, :], np.array([y_index]), np.array([weight], dtype=float))
        outcome = (int(out["prediction"][0]), float(out["margin"][0]), bool(out["mistake"][0]))
        alpha = float(out["step"][0])
        return scores, outcome, alpha != 0.0, {"alpha": alpha, "n_support": self._n_support}

    def _weights(self):
        return self._alpha[: self._n_support].copy()

    @property
    def support_vectors_(self) -> np.ndarray:
        """Instances of the mistake trials (without the constant feature)."""
        if not hasattr(self, "_support"):
            raise AttributeError("support_vectors_ exists only after fitting")
        return self._support[: self._n_support, : self.n_features_in_].copy()

    @property
    def dual_coef_(self) -> np.ndarray:
        """Coefficients α of the support vectors."""
        if not hasattr(self, "_alpha"):
            raise AttributeError("dual_coef_ exists only after fitting")
        return self._alpha[: self._n_support].copy()
