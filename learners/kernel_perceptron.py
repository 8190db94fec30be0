"""Kernel Perceptron (seed 003, §2).

Keep α_r = y_r for every mistake trial r (α_r = c_r·y_r when importance
weighted) and predict sign(Σ_r α_r K(x_r, x)).  With the linear kernel it is
the Perceptron itself.  Bound (seed 003, Theorem 2.3): if y_t K(u, x_t) ≥ γ
for all t, the number of mistakes is at most R²K(u, u)/γ², R² = max_t K(x_t, x_t).
"""

from __future__ import annotations

import numpy as np

from ._base import OnlineClassifier
from ._linear import append_constant, binary_sign
from .kernels import check_kernel_params, kernel_matrix


class KernelPerceptron(OnlineClassifier):
    """Binary kernel perceptron: a perceptron in the feature space of a kernel.

    Parameters
    ----------
    kernel : {"rbf", "poly", "linear", "laplace"}, default="rbf"
    gamma : float, default=1.0
        Kernel width (see :mod:`learners.kernels` for each kernel's formula).
    degree : int, default=3
        Degree of the polynomial kernel.
    coef0 : float, default=1.0
        Constant of the polynomial kernel.
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

    def _setup(self, n_features: int) -> None:
        self._kind = "binary"
        width = n_features + int(bool(self.fit_intercept))
        self._support = np.zeros((16, width))
        self._alpha = np.zeros(16)
        self._n_support = 0

    def _features(self, X):
        return append_constant(X, self.fit_intercept)

    def gram(self, A, B) -> np.ndarray:
        """K(A[i], B[j]) with this learner's kernel (A, B as feature vectors)."""
        return kernel_matrix(A, B, self.kernel, self.gamma, self.degree, self.coef0)

    def _scores(self, F):
        n = self._n_support
        if n == 0:
            return np.zeros((F.shape[0], 1))
        return (self.gram(F, self._support[:n]) @ self._alpha[:n])[:, None]

    def _update(self, f, y_index, weight, scores, outcome):
        if not outcome[2]:
            return False, {"alpha": 0.0}
        alpha = binary_sign(y_index) * (weight if self.importance_weighted else 1.0)
        if alpha == 0.0:
            return False, {"alpha": 0.0}
        n = self._n_support
        if n == self._support.shape[0]:
            self._support = np.vstack([self._support, np.zeros_like(self._support)])
            self._alpha = np.concatenate([self._alpha, np.zeros_like(self._alpha)])
        self._support[n] = f
        self._alpha[n] = alpha
        self._n_support = n + 1
        return True, {"alpha": alpha, "support_index": n}

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
