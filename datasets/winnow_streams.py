"""Seed 003 §4: trial streams with a known target, where Winnow or the Perceptron should win.

Both streams label x by a non-negative linear threshold target,
y = sign(u·x − θ₀) ∈ {−1, +1}, and every trial keeps a margin:
y·(u·x − θ₀) ≥ ``min_margin``.  The returned :class:`TargetStream` carries
what the mistake bounds need, measured where the learners work:

* with θ₀ = 0 (sparse target) on x itself — learners run without intercept;
* with θ₀ ≠ 0 (dense target) on x̃ = (x, 1), target ũ = (u, −θ₀) — learners run
  with ``fit_intercept=True`` (the constant feature of the intercept
  convention), and Winnow balanced, on (x, 1, −x, −1), where the non-negative
  target (u, 0, 0, θ₀) has the same ℓ₁ norm as ũ.

Then y_t(ũ·x̃_t) ≥ γ for every t, and
Perceptron (Novikoff, seed 003 Thm 2.1): M ≤ R²‖ũ‖₂²/γ²;
Winnow with η* (seed 003 Thm 3.1): M ≤ 2·R∞²‖ũ‖₁²·ln d/γ², d = ``winnow_dimension``.

Example 1 of the seed (sparse target) is built exactly: u ∈ {0,1}ⁿ with k
ones, x ∈ {±1}ⁿ, y = sign(u·x).  With k odd |u·x| ≥ 1 always (γ = 1, the
seed's bounds nk/γ² and 2k² ln n/γ²); with k even the trials with u·x = 0 are
left out (γ = 2).  Example 2 (dense target u = 1, x ∈ {0,1}ⁿ with at most k
ones) needs a threshold — with x ≥ 0 and u ≥ 0 the seed's sign(u·x) labels every
trial +1 — so ours is θ₀ = k/2: y = +1 iff more than half of k features are on.

Examples
--------
>>> stream = sparse_target(n=50, k=3, n_trials=200, seed=0)
>>> stream.X.shape, sorted(set(stream.y.tolist())), stream.gamma, stream.R_inf, round(stream.R ** 2, 9)
((200, 50), [-1, 1], 1.0, 1.0, 50.0)
>>> bool(np.all(stream.y * (stream.features() @ stream.target()) >= stream.gamma))
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy.stats import binom

from .generators import check_real, check_seed, check_whole

#: the largest stream (n · n_trials numbers) we build: 20 million floats, 160 MB
MAX_CELLS = 20_000_000


@dataclass(frozen=True)
class TargetStream:
    """Trials labelled by a known target, with the quantities the mistake bounds use.

    Attributes
    ----------
    X : ndarray of shape (T, n)
        Instances, in trial order.
    y : ndarray of shape (T,)
        Labels −1 or +1 (ints); +1 is the positive class ``classes_[1]`` of a learner.
    u : ndarray of shape (n,)
        The non-negative target.
    threshold : float
        θ₀ in y = sign(u·x − θ₀); 0 for the sparse target.
    gamma : float
        The margin the stream really has: min_t y_t(u·x_t − θ₀) (≥ ``min_margin``).
    min_margin : float
        The margin that was asked for (trials below it were never drawn).
    R, R_inf : float
        max_t ‖x̃_t‖₂ and max_t ‖x̃_t‖∞ on the learner's vectors (see ``features``).
    u_l1, u_l2 : float
        ‖ũ‖₁ and ‖ũ‖₂ of the target on those vectors (see ``target``).
    fit_intercept : bool
        Whether learners need the constant feature (θ₀ ≠ 0); Winnow then also runs balanced.
    winnow_dimension : int
        The number d of Winnow's weights: n, or 2(n + 1) balanced with intercept.
    """

    X: np.ndarray
    y: np.ndarray
    u: np.ndarray
    threshold: float
    gamma: float
    min_margin: float
    R: float
    R_inf: float
    u_l1: float
    u_l2: float
    fit_intercept: bool
    winnow_dimension: int

    def features(self) -> np.ndarray:
        """x̃: the instances with the constant 1 appended when the target has a threshold."""
        return np.c_[self.X, np.ones(len(self.X))] if self.fit_intercept else self.X

    def target(self) -> np.ndarray:
        """ũ: the target on ``features()`` — (u, −θ₀) with a threshold, u without."""
        return np.r_[self.u, -self.threshold] if self.fit_intercept else self.u


def _check_sizes(n, k, n_trials):
    n = check_whole("n", n, 1, MAX_CELLS)
    k = check_whole("k", k, 1, n)
    n_trials = check_whole("n_trials", n_trials, 1, MAX_CELLS)
    if n * n_trials > MAX_CELLS:
        raise ValueError(f"n · n_trials = {n * n_trials:,} numbers is too large; keep it under {MAX_CELLS:,}.")
    return n, k, n_trials


def _stream(X, u, threshold, min_margin) -> TargetStream:
    scores = X @ u - threshold
    y = np.where(scores > 0, 1, -1)
    with_intercept = threshold != 0
    features = np.c_[X, np.ones(len(X))] if with_intercept else X
    target = np.r_[u, -threshold] if with_intercept else u
    n = X.shape[1]
    return TargetStream(
        X=X, y=y, u=u, threshold=float(threshold), gamma=float(np.min(y * scores)), min_margin=float(min_margin),
        R=float(np.max(np.linalg.norm(features, axis=1))), R_inf=float(np.max(np.abs(features))),
        u_l1=float(np.sum(np.abs(target))), u_l2=float(np.linalg.norm(target)),
        fit_intercept=bool(with_intercept), winnow_dimension=2 * (n + 1) if with_intercept else n)


def _subsets(rng, size: int, counts: np.ndarray) -> np.ndarray:
    """A 0/1 matrix of shape (len(counts), size): row t has ``counts[t]`` ones at uniform random places."""
    order = np.argsort(rng.random((len(counts), size)), axis=1)
    chosen = np.arange(size) < counts[:, None]
    ones = np.zeros((len(counts), size))
    np.put_along_axis(ones, order, chosen.astype(float), axis=1)
    return ones


def sparse_target(n=100, k=3, n_trials=1000, seed=0, min_margin=1):
    """Seed 003, Example 1: sparse target u ∈ {0,1}ⁿ (k ones), dense instances x ∈ {±1}ⁿ, y = sign(u·x).

    u·x = 2j − k where j ~ Binomial(k, ½) counts the relevant features equal to
    +1; j is drawn from that law conditioned on |2j − k| ≥ ``min_margin``
    (exactly, no rejection loop), the relevant signs are then a uniform
    arrangement of j pluses, and the n − k other coordinates are fair ±1.
    No threshold: learners run without intercept; R = √n, R∞ = 1, ‖u‖₁ = k,
    ‖u‖₂ = √k.

    Parameters
    ----------
    n, k : int
        Dimension and number of relevant features, 1 ≤ k ≤ n.
    n_trials : int
    seed : int
    min_margin : int
        1..k; with k odd every x already has |u·x| ≥ 1.

    Examples
    --------
    >>> stream = sparse_target(n=20, k=4, n_trials=100, seed=1)
    >>> stream.gamma, int(stream.u.sum()), stream.fit_intercept
    (2.0, 4, False)
    """
    n, k, n_trials = _check_sizes(n, k, n_trials)
    min_margin = check_whole("min_margin", min_margin, 1, k)
    rng = check_seed(seed)
    u, relevant = _sparse_target_vector(rng, n, k)
    X = _sparse_rows(rng, n, relevant, _sparse_law(k, min_margin), n_trials)
    return _stream(X, u, 0.0, min_margin)


def _sparse_target_vector(rng, n, k):
    """u ∈ {0,1}ⁿ with k ones at random places, and those places."""
    u = np.zeros(n)
    relevant = rng.choice(n, k, replace=False)
    u[relevant] = 1.0
    return u, relevant


def _sparse_law(k, min_margin):
    """The law of j (relevant features at +1): Binomial(k, ½) conditioned on |2j − k| ≥ min_margin."""
    pluses = np.arange(k + 1)
    law = binom.pmf(pluses, k, 0.5) * (np.abs(2 * pluses - k) >= min_margin)
    return law / law.sum()


def _sparse_rows(rng, n, relevant, law, n_trials):
    """``n_trials`` instances x ∈ {±1}ⁿ of Example 1 (see :func:`sparse_target`)."""
    j = rng.choice(np.arange(len(law)), size=n_trials, p=law)
    X = 2.0 * rng.integers(0, 2, size=(n_trials, n)) - 1.0
    X[:, relevant] = 2.0 * _subsets(rng, len(relevant), j) - 1.0
    return X


def dense_target(n=100, k=3, n_trials=1000, seed=0, min_margin=0.5):
    """Seed 003, Example 2 with a threshold: u = 1, x ∈ {0,1}ⁿ with at most k ones, y = sign(u·x − k/2).

    The number of ones c = u·x is uniform over {0, …, k} restricted to
    |c − k/2| ≥ ``min_margin`` (so the classes are balanced), their places
    uniform among the n features.  With k odd every c qualifies and γ = ½; with
    k even c = k/2 is left out and γ = 1.  Bounds are measured on (x, 1) with
    ũ = (1, …, 1, −k/2): R = √(c_max + 1), R∞ = 1, ‖ũ‖₁ = n + k/2,
    ‖ũ‖₂² = n + k²/4; Winnow runs balanced with d = 2(n + 1) weights.

    Parameters
    ----------
    n, k : int
        Dimension and the most features on in one instance, 1 ≤ k ≤ n.
    n_trials : int
    seed : int
    min_margin : float
        In (0, k/2].

    Examples
    --------
    >>> stream = dense_target(n=30, k=3, n_trials=200, seed=0)
    >>> stream.gamma, stream.threshold, stream.u_l1, stream.winnow_dimension
    (0.5, 1.5, 31.5, 62)
    >>> bool(stream.X.sum(axis=1).max() <= 3)
    True
    """
    n, k, n_trials = _check_sizes(n, k, n_trials)
    threshold = k / 2
    min_margin = check_real("min_margin", min_margin, 0.0, threshold)
    if min_margin <= 0:
        raise ValueError(f"min_margin must be positive; got {min_margin!r}.")
    rng = check_seed(seed)
    allowed = _dense_counts(k, min_margin)
    return _stream(_dense_rows(rng, n, allowed, n_trials), np.ones(n), threshold, min_margin)


def _dense_counts(k, min_margin):
    """The numbers of ones an instance of the dense target may have: |c − k/2| ≥ min_margin."""
    counts = np.arange(k + 1)
    return counts[np.abs(counts - k / 2) >= min_margin]


def _dense_rows(rng, n, allowed, n_trials):
    """``n_trials`` instances x ∈ {0,1}ⁿ of our Example 2 (see :func:`dense_target`)."""
    return _subsets(rng, n, rng.choice(allowed, size=n_trials))


class TargetSource:
    """An endless stream of seed 003's sparse or dense target: ``take(m)`` gives the next m trials.

    The target is drawn once from ``seed``, the trials in fixed blocks of ``block`` rows, so the
    sequence does not depend on how it is taken: ``take(3)`` then ``take(5)`` returns the rows of
    ``take(8)``, and two sources with the same arguments give every learner the same trials —
    however long each one needs.  ``kind="sparse"`` is :func:`sparse_target` (Example 1 exactly),
    ``kind="dense"`` is :func:`dense_target` (our Example 2, with the threshold k/2).

    The constants are those of the construction, valid for every trial it can ever draw (not
    measured on a finite sample): γ is the smallest margin y(ũ·x̃) an allowed instance has,
    R and R∞ the largest norms of an allowed x̃, and ‖ũ‖₁, ‖ũ‖₂ those of the target on the
    learners' vectors (see :class:`TargetStream`).  Seed 003's bounds taken with them hold for
    any prefix of the stream.

    Parameters
    ----------
    kind : {"sparse", "dense"}
    n, k : int
        Dimension and the number of relevant features (sparse) or the most ones (dense), 1 ≤ k ≤ n.
    seed : int
    min_margin : number or None
        As in :func:`sparse_target` (default 1) and :func:`dense_target` (default ½).
    block : int, default=1000
        Trials drawn at a time.

    Examples
    --------
    >>> source = TargetSource("sparse", n=20, k=3, seed=4)
    >>> source.gamma, source.R_inf, round(source.R ** 2, 9), source.u_l1, source.winnow_dimension
    (1.0, 1.0, 20.0, 3.0, 20)
    >>> X, y = source.take(2500)
    >>> X.shape, bool(np.all(y * (X @ source.u) >= source.gamma))
    ((2500, 20), True)
    >>> again = TargetSource("sparse", n=20, k=3, seed=4)
    >>> parts = [again.take(m)[0] for m in (3, 997, 1, 1499)]
    >>> bool(np.array_equal(np.vstack(parts), X))
    True
    >>> dense = TargetSource("dense", n=30, k=3, seed=0)
    >>> dense.gamma, dense.threshold, round(dense.R ** 2, 9), dense.u_l1, round(dense.u_l2 ** 2, 9), dense.winnow_dimension
    (0.5, 1.5, 4.0, 31.5, 32.25, 62)
    """

    def __init__(self, kind, n, k, seed=0, min_margin=None, block=1000):
        if kind not in ("sparse", "dense"):
            raise ValueError(f"kind must be 'sparse' or 'dense'; got {kind!r}.")
        n, k, block = _check_sizes(n, k, block)
        self.kind, self.n, self.k, self.block = kind, n, k, block
        self._rng = check_seed(seed)
        if kind == "sparse":
            min_margin = check_whole("min_margin", 1 if min_margin is None else min_margin, 1, k)
            self.u, self._relevant = _sparse_target_vector(self._rng, n, k)
            self._law = _sparse_law(k, min_margin)
            self.threshold = 0.0
            pluses = np.flatnonzero(self._law > 0)
            self.gamma = float(np.min(np.abs(2 * pluses - k)))
            self.R, self.R_inf = float(np.sqrt(n)), 1.0
            target = self.u
        else:
            self.threshold = k / 2
            min_margin = check_real("min_margin", 0.5 if min_margin is None else min_margin, 0.0, self.threshold)
            if min_margin <= 0:
                raise ValueError(f"min_margin must be positive; got {min_margin!r}.")
            self.u = np.ones(n)
            self._allowed = _dense_counts(k, min_margin)
            self.gamma = float(np.min(np.abs(self._allowed - self.threshold)))
            self.R, self.R_inf = float(np.sqrt(self._allowed.max() + 1.0)), 1.0
            target = np.r_[self.u, -self.threshold]
        self.min_margin = float(min_margin)
        self.u_l1, self.u_l2 = float(np.sum(np.abs(target))), float(np.linalg.norm(target))
        self.fit_intercept = kind == "dense"
        self.winnow_dimension = 2 * (n + 1) if self.fit_intercept else n
        self._X = np.empty((0, n))
        self.taken = 0

    def _draw_block(self) -> np.ndarray:
        if self.kind == "sparse":
            return _sparse_rows(self._rng, self.n, self._relevant, self._law, self.block)
        return _dense_rows(self._rng, self.n, self._allowed, self.block)

    def take(self, m):
        """The next ``m`` trials: X of shape (m, n) and labels y ∈ {−1, +1} (y = sign(u·x − θ₀))."""
        m = check_whole("m", m, 0, MAX_CELLS)
        parts, have = [self._X], self._X.shape[0]
        while have < m:
            parts.append(self._draw_block())
            have += self.block
        rows = np.vstack(parts) if len(parts) > 1 else self._X
        X, self._X = rows[:m], rows[m:]
        self.taken += m
        return X, np.where(X @ self.u - self.threshold > 0, 1, -1)
