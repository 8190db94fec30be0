"""The apportioned-margin classifier: priorities between classes (seed 002).

A priority vector θ ∈ (0, ∞)ᵏ gives the cost of an error on each class.  Every
class j has a score f_j(x) = w_j·x + b_j (b_j is the weight of a constant
feature 1) and the decision is

    ŷ = argmax_j f_j(x)/θ_j                      (seed 002, §2; ties to the lowest index).

The loss of an example (x, y) is Σ_j [θ_y − δ̄(y,j)·f_j(x)]₊ with δ̄(y,j) = +1 if
j = y and −1 otherwise: the true class's score must reach θ_y and every other
score must stay below −θ_y, so the margin around an expensive class is wider.
The objective adds (λ/2)‖W‖².  Seed 002 (Lemma 4) states that the population
minimiser (with Σ_j f_j = 0) is f_j = θ_j for j = argmax_j θ_j·P_j(x) and
−θ_j/(k−1) elsewhere, whose θ-scaled argmax is the Bayes decision for the
costs θ.  As printed it is false, already for two classes: that f sums to 0
only when θ_{j*} is the mean of the other θ_j, and at k = 2 the expected loss
2(P₀[θ₀ − a]₊ + P₁[θ₁ + a]₊) of f = (a, −a) is minimised at a = θ₀ whenever
P₀ > P₁, whatever θ is — θ = (1, 10), P = (0.6, 0.4) gives (1, −1), which
decides class 0 where argmax θ_j·P_j is class 1 (see
:mod:`learners.consistency`, which solves the minimisation exactly).

Solvers
-------
``solver="sgd"`` — the paper's Pegasos steps η_t = 1/(λt) (seed 002, §4): on the
    example of step t, for every class j,

        w_j ← (1 − 1/t)·w_j + (1/(λt))·δ̄(y,j)·x   if θ_y − δ̄(y,j)·f_j(x) > 0,
        w_j ← (1 − 1/t)·w_j                        otherwise.

    **Convention** (docs/SPECIFICATION.md): eq. (22) of seed 002 prints a minus before
    the second term; the subgradient of the hinge gives the plus used here.
    The recursion telescopes: from W = 0, after t steps W = S_t/(λt) where S_t
    is the sum of the fired δ̄(y,j)·x.  We store S and the scale 1/(λt), so a step
    costs O(k·d) and allocates nothing (a "scale factor" representation; it is
    also Lemma 5 of the seed, where the sum is over dual counts).

``solver="perceptron"`` — the authors' published code: a θ-margin perceptron,
    for every class j, S_j += δ̄(y,j)·x whenever θ_y ≥ δ̄(y,j)·f_j(x), with W = S
    (no shrink, no λ).

An importance weight c_t (``sample_weight``, ``learn_one(weight=...)``)
multiplies the loss of its example, hence the δ̄·x term of its step; with the
default c_t = 1 both solvers are exactly the ones above.

Kernels (seed 002, Lemma 5): f_j(x) = s·Σ_i ᾱ_{ij}·K(x_i, x) with s = 1/(λt)
(SGD) or 1 (perceptron); when the indicator fires for (x_t, j), ᾱ_{t,j} +=
δ̄(y_t, j).  Kernels come from :mod:`learners.kernels`; ``"laplace"`` is
exp(−‖x − x′‖/γ), the kernel the published code calls RBF.  With
``fit_intercept`` the constant 1 is appended before the kernel, as in
:class:`~learners.KernelPerceptron` (for ``rbf``/``laplace`` it cancels).

θ is deliberately not called ``class_weight``: scikit-learn uses that name for
weights that multiply the loss of each class's points, which is not this.
"""

from __future__ import annotations

import numpy as np

from ._base import OnlineClassifier
from ._fast import kernel_value, njit
from ._linear import append_constant
from ._validation import (check_bound, check_choice, check_flag, check_number, describe, frobenius,
                          norm_bound)
from .kernels import check_kernel_params, kernel_bound, kernel_matrix

SOLVERS = ("sgd", "perceptron")
KERNEL_CODES = {"linear": 0, "poly": 1, "rbf": 2, "laplace": 3}
#: the kernel path caches the Gram matrix of the distinct rows seen up to this many rows
GRAM_CACHE_ROWS = 2048
#: the largest gram_cache_rows a user may ask for (8 GiB of cache)
MAX_GRAM_CACHE_ROWS = 32_768
#: the range of a priority θ_j
THETA_LIMITS = (1e-6, 1e6)
#: the range of the regularisation λ
LAM_LIMITS = (1e-9, 1e6)


def check_theta(theta, n_classes: int | None = None, classes=None) -> np.ndarray:
    """Return θ as a float array: one priority θ_j ∈ [10⁻⁶, 10⁶] per class (all 1 when None).

    Parameters
    ----------
    theta : array-like of shape (n_classes,) or None
    n_classes : int, optional
        When given, θ must have exactly this many values.
    classes : array-like, optional
        The class labels, only to make the error message concrete.

    Examples
    --------
    >>> check_theta([10, 10, 1, 1], 4).tolist()
    [10.0, 10.0, 1.0, 1.0]
    >>> check_theta(None, 3).tolist()
    [1.0, 1.0, 1.0]
    """
    if theta is None:
        if n_classes is None:
            raise ValueError("θ must be positive numbers, one per class; got None without a class count.")
        return np.ones(int(n_classes))
    low, high = THETA_LIMITS
    try:
        values = np.asarray(theta, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"θ must be positive numbers, one per class, within [{low:g}, {high:g}] (the cost "
                         f"of an error on that class); got {describe(theta)}.") from None
    if values.ndim != 1:
        raise ValueError(f"θ must be positive numbers in a flat list, one per class; got an array of "
                         f"shape {values.shape}.")
    if n_classes is not None and values.shape[0] != n_classes:
        which = f" {np.asarray(classes).tolist()}" if classes is not None else ""
        raise ValueError(f"θ must be positive, one value per class: there are {n_classes} classes{which} "
                         f"but θ has {values.shape[0]} value(s) (got {values.tolist()}). Give one priority "
                         "per class, in the order of classes_.")
    if not np.all(np.isfinite(values) & (values >= low) & (values <= high)):
        raise ValueError(f"θ must be positive and finite for every class, within [{low:g}, {high:g}] (θ_j is "
                         f"the cost of an error on class j; use 1 for an ordinary class); "
                         f"got {describe(values.tolist(), 200)}.")
    return values


# --------------------------------------------------------------- compiled loops
@njit(cache=True)
def _theta_decision(raw, theta, y, scaled):
    """θ-scaled scores into ``scaled``; return (argmax, margin s_y − max_{r≠y} s_r)."""
    k = raw.shape[0]
    best = 0
    rival = -1
    for r in range(k):
        scaled[r] = raw[r] / theta[r]
    for r in range(k):
        if scaled[r] > scaled[best]:
            best = r
        if r != y and (rival < 0 or scaled[r] > scaled[rival]):
            rival = r
    margin = scaled[y] - scaled[rival] if rival >= 0 else scaled[y]
    return best, margin


@njit(cache=True)
def _indicators(raw, theta, y, sgd, fired):
    """Fire class r when θ_y − δ̄(y,r)·f_r > 0 (SGD) or ≥ 0 (perceptron); return how many fired."""
    count = 0
    for r in range(raw.shape[0]):
        sign = 1.0 if r == y else -1.0
        gap = theta[y] - sign * raw[r]
        fired[r] = gap > 0.0 if sgd else gap >= 0.0
        if fired[r]:
            count += 1
    return count


@njit(cache=True)
def _sum_scale(sgd, lam, steps):
    """The factor 1/(λt) that turns the sums into W after t SGD steps (0 before any); 1 for the perceptron."""
    if not sgd:
        return 1.0
    return 0.0 if steps == 0 else 1.0 / (lam * steps)


@njit(cache=True)
def _judge(t, y, raw, theta, sgd, state, scaled, fired, prediction, margin, mistake):
    """Record trial t's θ-scaled decision (made before the update), count the step, fire the indicators.

    Returns how many classes fired; their sums move by ±weight·x (or ±weight at x's support row).
    """
    best, m = _theta_decision(raw, theta, y, scaled)
    prediction[t] = best
    margin[t] = m
    mistake[t] = best != y
    state[0] += 1
    return _indicators(raw, theta, y, sgd, fired)


@njit(cache=True)
def _close(t, count, changed, lam, sgd, state, moved, step_size, updated):
    """Record what trial t changed: the classes moved, the step size 1/(λt) (SGD) or 1, whether W moved."""
    moved[t] = count
    step_size[t] = 1.0 / (lam * state[0]) if sgd else 1.0
    updated[t] = changed


@njit(cache=True)
def linear_pass(F, y_index, weights, S, theta, lam, sgd, state, prediction, margin, mistake,
                moved, step_size, updated, last_raw, last_fired):
    """Apportioned-margin trials over the rows of F, linear kernel, in order.

    S (k × d) holds the unscaled sums: W = S/(λt) after t SGD steps, W = S for
    the perceptron.  ``state[0]`` counts the steps t, ``state[1]`` is 1 once W ≠ 0.
    Per trial: θ-scaled prediction, margin and mistake before the update, the
    number of classes whose indicator fired, the step size, and whether W changed.
    ``last_raw``/``last_fired`` keep the raw scores and firings of the last trial.
    """
    k, d = S.shape
    scaled = np.empty(k)
    for t in range(F.shape[0]):
        scale = _sum_scale(sgd, lam, state[0])
        for r in range(k):
            total = 0.0
            for c in range(d):
                total += S[r, c] * F[t, c]
            last_raw[r] = total * scale
        y = y_index[t]
        count = _judge(t, y, last_raw, theta, sgd, state, scaled, last_fired, prediction, margin, mistake)
        amount = weights[t]
        changed = sgd and state[1] == 1
        if count > 0 and amount != 0.0:
            for r in range(k):
                if last_fired[r]:
                    a = amount if r == y else -amount
                    for c in range(d):
                        S[r, c] += a * F[t, c]
            state[1] = 1
            changed = True
        _close(t, count, changed, lam, sgd, state, moved, step_size, updated)


@njit(cache=True)
def fill_gram(X, G, start, stop, code, gamma, degree, coef0):
    """G[a, b] = G[b, a] = K(X[a], X[b]) for the new rows a in [start, stop) and every b < stop."""
    for a in range(start, stop):
        for b in range(a + 1):
            value = kernel_value(X[a], X[b], code, gamma, degree, coef0)
            G[a, b] = value
            G[b, a] = value


@njit(cache=True)
def kernel_pass(rows, y_index, weights, X, n_support, alpha, active, G, use_cache, code, gamma,
                degree, coef0, theta, lam, sgd, state, prediction, margin, mistake, moved,
                step_size, updated, last_raw, last_fired):
    """Apportioned-margin trials in dual form (seed 002, Lemma 5).

    ``rows[t]`` is the support index of trial t's instance (every instance seen
    is a support row; only rows with some ᾱ ≠ 0 are ``active``).  f_j(x_s) =
    scale·Σ_{i active} ᾱ_{ij}·K(x_i, x_s), K read from the cached Gram matrix G
    or computed on the spot (the same function, so the same numbers).
    """
    k = alpha.shape[1]
    scaled = np.empty(k)
    for t in range(rows.shape[0]):
        s = rows[t]
        scale = _sum_scale(sgd, lam, state[0])
        for r in range(k):
            last_raw[r] = 0.0
        for i in range(n_support):
            if not active[i]:
                continue
            kv = G[s, i] if use_cache else kernel_value(X[s], X[i], code, gamma, degree, coef0)
            for r in range(k):
                last_raw[r] += alpha[i, r] * kv
        for r in range(k):
            last_raw[r] = last_raw[r] * scale
        y = y_index[t]
        count = _judge(t, y, last_raw, theta, sgd, state, scaled, last_fired, prediction, margin, mistake)
        amount = weights[t]
        changed = sgd and state[1] == 1
        if count > 0 and amount != 0.0:
            for r in range(k):
                if last_fired[r]:
                    alpha[s, r] += amount if r == y else -amount
            active[s] = True
            state[1] = 1
            changed = True
        _close(t, count, changed, lam, sgd, state, moved, step_size, updated)


# ------------------------------------------------------------------ the learner
class ApportionedMargin(OnlineClassifier):
    """Cost-sensitive multiclass classifier with an apportioned margin (seed 002).

    Predicts ŷ = argmax_j f_j(x)/θ_j; learns by the paper's Pegasos SGD steps
    (default) or by the θ-margin perceptron of the authors' published code.

    Parameters
    ----------
    theta : array-like of shape (n_classes,), default=None
        Priority θ_j > 0 of each class, in the order of ``classes_`` (all 1 when
        None): the cost of an error on that class.
    solver : {"sgd", "perceptron"}, default="sgd"
        ``"sgd"``: Pegasos steps η_t = 1/(λt) (seed 002, §4).  ``"perceptron"``:
        the published code's θ-margin perceptron (no λ, no shrink).
    kernel : {"linear", "rbf", "poly", "laplace"}, default="linear"
        ``"linear"`` keeps the primal weights (``coef_``); the others keep dual
        counts per stored instance (seed 002, Lemma 5).
    lam : float, default=0.01
        Regularisation λ ∈ [10⁻⁹, 10⁶] of the SGD solver (ignored by the perceptron).  In
        Pegasos terms C = 1/(λn): 0.25 for the 400 points of the four-cloud
        example.  Weak enough for the scores to reach ±θ on data of unit scale,
        strong enough to average out the noise of overlapping classes; there,
        λ from 0.001 to 0.1 gives nearly the same boundaries, while λ = 1
        underfits (every indicator fires on every step and θ stops mattering).
    gamma : float, default=1.0
        Kernel width: exp(−γ‖x−x′‖²) for ``rbf``, exp(−‖x−x′‖/γ) for ``laplace``,
        (γ x·x′ + coef0)^degree for ``poly``.
    degree : int, default=3
    coef0 : float, default=1.0
    fit_intercept : bool, default=True
        The bias b_j as the weight of a constant feature 1.
    n_passes : int, default=10
        Passes made by ``fit``.  The SGD solver needs several to settle: on the
        four-cloud example ten passes come within a few percent of the
        Bayes-optimal θ-weighted risk (the published code makes 100 perceptron
        passes; its last iterate keeps wandering on overlapping classes).
    shuffle : bool, default=True
        A fresh seeded random order on every pass: this is the stochastic choice
        of Pegasos (which draws examples uniformly; a permutation per pass draws
        them without replacement).  ``shuffle=False`` gives the published code's
        cyclic passes.
    random_state : int, RandomState or None
        Seed of the shuffling.
    gram_cache_rows : int or None, default=None
        Non-linear kernels: the Gram matrix of the stored instances is cached
        while there are at most this many, in [0, 32768] (None: :data:`GRAM_CACHE_ROWS`, 2048;
        the matrix takes 8·rows² bytes: 2048 rows take 32 MB);
        beyond, every K(x_i, x) is computed on the spot.  Both give the same
        numbers (one kernel function); a larger cache only saves time, e.g.
        18,000 rows (2.6 GB) make ten passes over LETTER about ten times faster.

    Notes
    -----
    Before a block of trials the learner bounds every score it can reach
    (each step adds at most c_max·‖x‖ to a row of the sums, or c_max to a dual
    count) and refuses the block with a ``ValueError`` when it could pass 10³⁰⁰.

    Attributes
    ----------
    theta_ : ndarray of shape (n_classes,)
        The validated priorities.
    classes_, n_features_in_, history_, mistakes_, weighted_loss_
        As for every learner of the lab; a trial is a mistake when the θ-scaled
        argmax before the update differs from y.
    n_steps_ : int
        Steps t made since the last ``fit``/``start``.
    class_coef_, class_intercept_ : ndarray of shape (n_classes, n_features), (n_classes,)
        Linear kernel: w_j and b_j of every class (the support lines w_j·x + b_j = θ_j).
    coef_, intercept_ : linear kernel only
        Two classes: the θ-scaled difference w_1/θ_1 − w_0/θ_0 (shape (1, n)),
        whose sign is ``decision_function``; more classes: ``class_coef_`` (the
        scores are then divided by θ_j).
    support_vectors_, dual_coef_ : other kernels only
        The stored instances with some ᾱ ≠ 0 and their dual counts ᾱ (n_sv, n_classes).

    See Also
    --------
    learners.baselines : cost-sensitive SVM baselines and the metrics
        :func:`~learners.baselines.expected_risk`, :func:`~learners.baselines.sensitivity`.

    References
    ----------
    Gottlieb, Kaufman & Kontorovich, "Apportioned margin approach for cost sensitive
    large margin classifiers" (seed 002); Shalev-Shwartz et al. (2011), Pegasos.

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
    >>> record = ApportionedMargin(theta=[2.0, 1.0, 1.0]).learn_one([1.0, 0.0], 0, classes=[0, 1, 2])
    >>> record.update["fired"].tolist(), record.update["step_size"]
    ([True, True, True], 100.0)
    """

    def __init__(self, theta=None, solver="sgd", kernel="linear", lam=0.01, gamma=1.0, degree=3,
                 coef0=1.0, fit_intercept=True, n_passes=10, shuffle=True, random_state=None,
                 gram_cache_rows=None):
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
        self.gram_cache_rows = gram_cache_rows

    # ------------------------------------------------------------------ hooks
    def _check_params(self):
        super()._check_params()
        check_choice("solver", self.solver, SOLVERS)
        check_number("lam", self.lam, low=LAM_LIMITS[0], high=LAM_LIMITS[1])
        check_kernel_params(self.kernel, self.gamma, self.degree, self.coef0)
        check_flag("fit_intercept", self.fit_intercept)
        if self.gram_cache_rows is not None:
            check_number("gram_cache_rows", self.gram_cache_rows, low=0, high=MAX_GRAM_CACHE_ROWS, integer=True)
        if self.theta is not None:
            check_theta(self.theta)

    def _check_block(self, F, weights) -> None:
        """Refuse a block of trials whose scores could overflow.

        A step adds ±c·x to some rows of the sums S (linear) or ±c to some dual
        counts ᾱ (kernels), so after n more steps every raw score is at most
        (‖S‖ + n·k·c_max·R)·R, resp. (Σ|ᾱ| + n·k·c_max)·K_max; the SGD scale
        1/(λt) and the division by θ multiply it by at most max(1, 1/λ)/θ_min.
        """
        n, k = F.shape[0], len(self.classes_)
        c = float(np.max(weights, initial=0.0))
        scale = max(1.0, 1.0 / float(self.lam)) if self._sgd else 1.0
        scale /= float(self.theta_.min())
        with np.errstate(over="ignore", invalid="ignore"):
            if self.kernel == "linear":
                R = norm_bound(F)
                raw = (frobenius(self._S) + n * k * c * R) * R
            else:
                R = max(self._largest_norm, norm_bound(F))
                total = float(np.abs(self._alpha[: self._n_support]).sum()) + n * k * c
                raw = total * kernel_bound(self.kernel, self.gamma, self.degree, self.coef0, R)
            bound = raw * scale
        check_bound(bound, "The apportioned-margin scores f_j(x)/θ_j",
                    lambda: f"largest ‖x‖ ≤ {R:g}, largest c = {c:g}, {n} trial(s), "
                            f"θ_min = {self.theta_.min():g}",
                    "Scale the features down, or lower the sample weights.")

    def _setup(self, n_features):
        self._kind = "multi"
        k = len(self.classes_)
        self.theta_ = check_theta(self.theta, k, self.classes_)
        self._state = np.zeros(2, dtype=np.int64)          # steps t, whether W ≠ 0
        self._last_raw = np.zeros(k)
        self._last_fired = np.zeros(k, dtype=np.bool_)
        width = n_features + int(bool(self.fit_intercept))
        if self.kernel == "linear":
            self._S = np.zeros((k, width))
            return
        self._largest_norm = 0.0                           # ≥ ‖x‖ of every instance stored
        self._X = np.zeros((0, width))                     # every distinct instance seen
        self._alpha = np.zeros((0, k))                     # its dual counts ᾱ
        self._active = np.zeros(0, dtype=np.bool_)         # rows with some ᾱ ≠ 0
        self._n_support = 0
        self._row_of = {}                                  # instance bytes -> row
        self._G = np.zeros((0, 0))                         # Gram cache (while small enough)
        self._use_cache = True

    def _features(self, X):
        return append_constant(X, self.fit_intercept)

    @property
    def _sgd(self) -> bool:
        return self.solver == "sgd"

    def _scale(self) -> float:
        """s with W = s·S: 1/(λt) after t SGD steps (0 before the first), 1 for the perceptron."""
        if not self._sgd:
            return 1.0
        t = int(self._state[0])
        return 0.0 if t == 0 else 1.0 / (self.lam * t)

    def _raw_scores(self, F):
        """f_j(x) for every row of F, before the division by θ."""
        if self.kernel == "linear":
            return (F @ self._S.T) * self._scale()
        rows = np.flatnonzero(self._active[: self._n_support])
        if rows.size == 0:
            return np.zeros((F.shape[0], len(self.classes_)))
        K = kernel_matrix(F, self._X[rows], self.kernel, self.gamma, self.degree, self.coef0)
        return (K @ self._alpha[rows]) * self._scale()

    def _scores(self, F):
        return self._raw_scores(F) / self.theta_

    def _weights(self):
        if self.kernel == "linear":
            return self._S * self._scale()
        return self._alpha[: self._n_support].copy()

    # ------------------------------------------------------------- trials
    def _run(self, F, y_index, weights):
        n = F.shape[0]
        out = {"prediction": np.empty(n, dtype=np.int64), "margin": np.empty(n),
               "mistake": np.empty(n, dtype=np.bool_), "updated": np.empty(n, dtype=np.bool_),
               "moved": np.empty(n, dtype=np.int64), "step_size": np.empty(n)}
        y_index = np.ascontiguousarray(y_index, dtype=np.int64)
        weights = np.ascontiguousarray(weights, dtype=np.float64)
        self._check_block(F, weights)
        tail = (float(self.lam), self._sgd, self._state, out["prediction"], out["margin"],
                out["mistake"], out["moved"], out["step_size"], out["updated"], self._last_raw,
                self._last_fired)
        if self.kernel == "linear":
            F = np.ascontiguousarray(F, dtype=np.float64)
            linear_pass(F, y_index, weights, self._S, self.theta_, *tail)
        else:
            rows = self._store_rows(F)
            kernel_pass(rows, y_index, weights, self._X, self._n_support, self._alpha, self._active,
                        self._G, self._use_cache, KERNEL_CODES[self.kernel], float(self.gamma),
                        float(self.degree), float(self.coef0), self.theta_, *tail)
        return out

    def _trial(self, f, y_index, weight):
        """One trial through the loop ``fit`` uses, so stepping ≡ fitting bit for bit."""
        out = self._run(f[None, :], np.array([y_index]), np.array([weight], dtype=float))
        raw = self._last_raw.copy()
        sign = np.where(np.arange(raw.shape[0]) == y_index, 1.0, -1.0)
        hinge = np.maximum(self.theta_[y_index] - sign * raw, 0.0)
        outcome = (int(out["prediction"][0]), float(out["margin"][0]), bool(out["mistake"][0]))
        info = {"t": int(self._state[0]), "step_size": float(out["step_size"][0]),
                "fired": self._last_fired.copy(), "classes_moved": int(out["moved"][0]),
                "raw_scores": raw, "hinge": hinge, "loss": float(hinge.sum())}
        return raw / self.theta_, outcome, bool(out["updated"][0]), info

    def _store_rows(self, F) -> np.ndarray:
        """Support row of every instance of F, storing new distinct instances (and their Gram rows)."""
        rows = np.empty(F.shape[0], dtype=np.int64)
        fresh = []
        for t, f in enumerate(np.asarray(F, dtype=np.float64)):
            key = f.tobytes()
            row = self._row_of.get(key)
            if row is None:
                row = self._n_support + len(fresh)
                self._row_of[key] = row
                fresh.append(f)
            rows[t] = row
        if fresh:
            self._grow(np.array(fresh))
        return rows

    def _grow(self, new_rows: np.ndarray) -> None:
        start = self._n_support
        stop = start + new_rows.shape[0]
        if stop > self._X.shape[0]:
            capacity = max(stop, 2 * self._X.shape[0], 16)
            self._X = _resized(self._X, capacity)
            self._alpha = _resized(self._alpha, capacity)
            self._active = _resized(self._active, capacity)
        self._X[start:stop] = new_rows
        self._n_support = stop
        self._largest_norm = max(self._largest_norm, norm_bound(new_rows))
        limit = GRAM_CACHE_ROWS if self.gram_cache_rows is None else self.gram_cache_rows
        if self._use_cache and stop > limit:
            self._use_cache, self._G = False, np.zeros((0, 0))   # too big: compute K on the spot
        if not self._use_cache:
            return
        if stop > self._G.shape[0]:
            capacity = min(limit, max(stop, 2 * self._G.shape[0], 16))
            grown = np.zeros((capacity, capacity))
            grown[:start, :start] = self._G[:start, :start]
            self._G = grown
        fill_gram(self._X, self._G, start, stop, KERNEL_CODES[self.kernel], float(self.gamma),
                  float(self.degree), float(self.coef0))

    # ------------------------------------------------------- learned attributes
    @property
    def n_steps_(self) -> int:
        """Steps t made since the last ``fit``/``start``."""
        if not hasattr(self, "_state"):
            raise AttributeError("n_steps_ exists only after fitting")
        return int(self._state[0])

    def _linear_weights(self, name: str) -> np.ndarray:
        if self.kernel != "linear":
            raise AttributeError(f"{name} is available only for kernel='linear' (this model uses "
                                 f"kernel={self.kernel!r}: see support_vectors_ and dual_coef_).")
        if not hasattr(self, "_S"):
            raise AttributeError(f"{name} exists only after fitting")
        return self._S * self._scale()

    @property
    def class_coef_(self) -> np.ndarray:
        """w_j of every class, shape (n_classes, n_features) (linear kernel only)."""
        return self._linear_weights("class_coef_")[:, : self.n_features_in_].copy()

    @property
    def class_intercept_(self) -> np.ndarray:
        """b_j of every class, shape (n_classes,) (zeros when ``fit_intercept=False``)."""
        W = self._linear_weights("class_intercept_")
        return W[:, -1].copy() if self.fit_intercept else np.zeros(W.shape[0])

    @property
    def coef_(self) -> np.ndarray:
        """(1, n) θ-scaled difference for two classes, else the w_j (linear kernel only)."""
        self._linear_weights("coef_")
        W = self.class_coef_
        if W.shape[0] == 2:
            return (W[1] / self.theta_[1] - W[0] / self.theta_[0])[None, :]
        return W

    @property
    def intercept_(self) -> np.ndarray:
        """(1,) θ-scaled difference for two classes, else the b_j (linear kernel only)."""
        self._linear_weights("intercept_")
        b = self.class_intercept_
        if b.shape[0] == 2:
            return np.array([b[1] / self.theta_[1] - b[0] / self.theta_[0]])
        return b

    def _dual(self, name: str):
        if self.kernel == "linear":
            raise AttributeError(f"{name} exists only for a non-linear kernel; kernel='linear' keeps "
                                 "coef_ and intercept_.")
        if not hasattr(self, "_active"):
            raise AttributeError(f"{name} exists only after fitting")
        return np.flatnonzero(self._active[: self._n_support])

    @property
    def support_vectors_(self) -> np.ndarray:
        """Stored instances with some ᾱ ≠ 0 (without the constant feature)."""
        rows = self._dual("support_vectors_")
        return self._X[rows, : self.n_features_in_].copy()

    @property
    def dual_coef_(self) -> np.ndarray:
        """Their dual counts ᾱ, shape (n_support_vectors, n_classes); f = scale·Σ ᾱ K."""
        rows = self._dual("dual_coef_")
        return self._alpha[rows].copy()


def _resized(array: np.ndarray, rows: int) -> np.ndarray:
    grown = np.zeros((rows,) + array.shape[1:], dtype=array.dtype)
    grown[: array.shape[0]] = array
    return grown
