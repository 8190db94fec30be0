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
    u = np.zeros(n)
    relevant = rng.choice(n, k, replace=False)
    u[relevant] = 1.0
    pluses = np.arange(k + 1)
    law = binom.pmf(pluses, k, 0.5) * (np.abs(2 * pluses - k) >= min_margin)
    j = rng.choice(pluses, size=n_trials, p=law / law.sum())
    X = 2.0 * rng.integers(0, 2, size=(n_trials, n)) - 1.0
    X[:, relevant] = 2.0 * _subsets(rng, k, j) - 1.0
    return _stream(X, u, 0.0, min_margin)


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
    counts = np.arange(k + 1)
    allowed = counts[np.abs(counts - threshold) >= min_margin]
    ones = rng.choice(allowed, size=n_trials)
    return _stream(_subsets(rng, n, ones), np.ones(n), threshold, min_margin)
