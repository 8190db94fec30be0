"""Kernel Perceptron (seed 003, §2).

Keep α_r = y_r for every mistake trial r (α_r = c_r·y_r when importance
weighted) and predict sign(Σ_r α_r K(x_r, x)).  Mistakes on the same instance
share one support vector (their α add up), which gives the same function with
memory that grows with the distinct instances, not with the trials.  With the linear kernel it is
the Perceptron itself.  Bound (seed 003, Theorem 2.3): if y_t K(u, x_t) ≥ γ
for all t, the number of mistakes is at most R²K(u, u)/γ², R² = max_t K(x_t, x_t).

Cost.  A trial scores x against the support vectors: O(S·d) for S support
vectors.  ``fit`` works through blocks of max(2048, S) rows, each through one
compiled loop that keeps the scores of the block's distinct rows up to date
(an update costs O((block + S)·d)), so a long run costs O(trials·S·d) — linear
in the trials for a bounded support — and ``learn_one`` scores only its own
instance.  ``max_support`` bounds S.
"""

from __future__ import annotations

import numpy as np

from ._base import OnlineClassifier
from ._fast import kernel_perceptron_pass, trial_outputs
from ._linear import append_constant, binary_sign
from ._validation import check_bound, check_flag, check_number, norm_bound
from .kernels import KERNELS, check_kernel_params, kernel_bound, kernel_matrix

#: rows of a block of ``fit`` (at least; a block has at least as many rows as support vectors)
CHUNK = 2048
#: entries of one Gram block when scoring many instances (8 bytes each: 32 MiB)
GRAM_ENTRIES = 1 << 22
#: the largest max_support
MAX_SUPPORT = 10_000_000


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
    max_support : int or None, default=None
        The most support vectors (distinct instances with α ≠ 0) the learner
        may keep, in [1, 10⁷]; None: no limit.  Below the limit the learner is
        exactly the kernel perceptron.  A mistake on a new instance that would
        exceed it raises ``ValueError``: the trials before it are learned and
        recorded (``fit``/``partial_fit``), that trial is not (``learn_one``
        leaves the learner as it was), and the learner can go on with
        instances it already holds, or with a larger ``max_support``.
    n_passes, shuffle, random_state
        Online passes made by ``fit`` and their order.

    Attributes
    ----------
    support_vectors_ : ndarray of shape (n_support, n_features)
        The distinct instances of the mistake trials whose α is not zero.
    dual_coef_ : ndarray of shape (n_support,)
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

    With ``max_support`` the support cannot grow past the limit:

    >>> small = KernelPerceptron(kernel="rbf", gamma=0.5, max_support=1)
    >>> small.fit(X, y)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: KernelPerceptron(max_support=1) stopped before trial 2: a mistake on a new instance ...
    >>> small.n_trials_, small.support_vectors_.tolist()
    (1, [[0.0, 0.0]])
    """

    _binary_only = True
    _state_what = "its first 16 support vectors"

    def __init__(self, kernel="rbf", gamma=1.0, degree=3, coef0=1.0, importance_weighted=False,
                 fit_intercept=True, max_support=None, n_passes=1, shuffle=False, random_state=None):
        self.kernel = kernel
        self.gamma = gamma
        self.degree = degree
        self.coef0 = coef0
        self.importance_weighted = importance_weighted
        self.fit_intercept = fit_intercept
        self.max_support = max_support
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_kernel_params(self.kernel, self.gamma, self.degree, self.coef0)
        check_flag("importance_weighted", self.importance_weighted)
        check_flag("fit_intercept", self.fit_intercept)
        if self.max_support is not None:
            check_number("max_support", self.max_support, low=1, high=MAX_SUPPORT, integer=True)

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

    # ------------------------------------------------------------------ checks
    def _limit(self) -> int:
        return -1 if self.max_support is None else int(self.max_support)

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

    def _stopped(self, trial: int) -> str:
        limit = int(self.max_support)
        after = limit + 1
        suffix = "th" if 10 <= after % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(after % 10, "th")
        ordinal = f"{after}{suffix}"
        return (f"KernelPerceptron(max_support={limit}) stopped before trial {trial}: a mistake on a new "
                f"instance would make it the {ordinal} support vector. The {trial - 1} trial(s) before it "
                "were learned (see history_); raise max_support (or set it to None).")

    # ------------------------------------------------------------------ trials
    def _run(self, F, y_index, weights):
        """The trials of F in blocks of max(CHUNK, S) rows (see the module docstring)."""
        F = np.asarray(F, dtype=float)
        n = F.shape[0]
        parts, start = [], 0
        while start < n:
            stop = min(n, start + max(CHUNK, self._n_support))
            part = self._run_block(F[start:stop], y_index[start:stop], weights[start:stop])
            parts.append(part)
            if len(part["mistake"]) < stop - start:
                break
            start = stop
        out = {key: np.concatenate([p[key] for p in parts]) for key in ("prediction", "margin", "mistake", "step")}
        out["updated"] = out["step"] != 0.0
        if len(out["mistake"]) < n:
            out["stopped"] = self._stopped(len(self._log) + len(out["mistake"]) + 1)
        return out

    def _run_block(self, F, y_index, weights):
        """One compiled loop over the rows of F (identical instances share one α)."""
        weights = np.asarray(weights, dtype=float)
        self._check_block(F, weights)
        n = self._n_support
        rows = np.vstack([self._support[:n], F])
        unique, inverse = np.unique(rows, axis=0, return_inverse=True)
        inverse = inverse.reshape(-1)
        alpha = np.zeros(len(unique))
        np.add.at(alpha, inverse[:n], self._alpha[:n])
        scores = self._dual_scores(unique, unique, alpha)
        out = trial_outputs(F.shape[0])
        y_sign = np.where(np.asarray(y_index) == 1, 1.0, -1.0)
        done = kernel_perceptron_pass(
            np.ascontiguousarray(unique), np.ascontiguousarray(inverse[n:], dtype=np.int64), y_sign, weights,
            alpha, scores, KERNELS.index(self.kernel), float(self.gamma), float(self.degree), float(self.coef0),
            bool(self.importance_weighted), self._limit(), n, out["prediction"], out["margin"], out["mistake"],
            out["step"])
        keep = alpha != 0.0
        self._support, self._alpha = unique[keep].copy(), alpha[keep].copy()
        self._n_support = int(keep.sum())
        if self._n_support == 0:
            self._support, self._alpha = np.zeros((1, unique.shape[1])), np.zeros(1)
        else:
            self._largest_norm = max(self._largest_norm, norm_bound(self._support))
        return {key: value[:done] for key, value in out.items()}

    def _dual_scores(self, A, support, alpha) -> np.ndarray:
        """Σ_j α_j K(a, s_j) for every row a of A, in blocks of at most ``GRAM_ENTRIES`` kernel values."""
        nonzero = alpha != 0.0
        if not nonzero.any():
            return np.zeros(A.shape[0])
        support, alpha = support[nonzero], alpha[nonzero]
        rows = max(1, GRAM_ENTRIES // support.shape[0])
        out = np.empty(A.shape[0])
        for start in range(0, A.shape[0], rows):
            out[start:start + rows] = self.gram(A[start:start + rows], support) @ alpha
        return out

    def _trial(self, f, y_index, weight):
        """One trial in O(S·d): score f against the support vectors, then update α in place."""
        self._check_block(f[None, :], np.array([weight], dtype=float))
        n = self._n_support
        score = float(self._dual_scores(f[None, :], self._support[:n], self._alpha[:n])[0]) if n else 0.0
        y = binary_sign(y_index)
        margin = y * score
        mistake = margin <= 0.0
        delta = y * (weight if self.importance_weighted else 1.0) if mistake else 0.0
        if delta != 0.0:
            same = np.flatnonzero(np.all(self._support[:n] == f, axis=1))
            if same.size:                             # a support vector already: its α moves
                i = int(same[0])
                self._alpha[i] += delta
                if self._alpha[i] == 0.0:             # α back to 0: no longer a support vector
                    self._support[i:n - 1] = self._support[i + 1:n]
                    self._alpha[i:n - 1] = self._alpha[i + 1:n]
                    self._alpha[n - 1] = 0.0
                    self._n_support = n - 1
            else:
                if self.max_support is not None and n >= int(self.max_support):
                    raise ValueError(self._stopped(len(self._log) + 1))
                if n == self._support.shape[0]:
                    capacity = max(16, 2 * n)
                    self._support = np.vstack([self._support[:n], np.zeros((capacity - n, f.shape[0]))])
                    self._alpha = np.concatenate([self._alpha[:n], np.zeros(capacity - n)])
                self._support[n] = f
                self._alpha[n] = delta
                self._n_support = n + 1
                self._largest_norm = max(self._largest_norm, norm_bound(f))
        outcome = (1 if score > 0.0 else 0, margin + 0.0, bool(mistake))
        return np.array([score]), outcome, delta != 0.0, {"alpha": delta, "n_support": self._n_support}

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
