"""The exact hard-margin separator through the origin: the nearest point of a convex hull to 0.

For trials (f_s, y_s), y_s = ±1, write z_s = y_s·f_s.  A unit u separates with margin γ when
z_s·u ≥ γ for every s.  The largest such γ is the distance from the origin to the convex hull
P = conv{z_s} (the hard-margin SVM without a free intercept, in its dual form):

* for any unit u and any point p = Σ λ_s z_s of P (λ ≥ 0, Σ λ = 1), min_s z_s·u ≤ u·p ≤ ‖p‖,
  so no u has a margin above min_{p∈P} ‖p‖;
* the point p* of P nearest 0 satisfies z_s·p* ≥ ‖p*‖² for every s (otherwise a point of the
  segment [p*, z_s] would be nearer), so u* = p*/‖p*‖ has margin ‖p*‖.

Hence γ* = ‖p*‖ with u* = p*/‖p*‖ when 0 ∉ P, and no u separates (γ* = 0) when 0 ∈ P.

**Why "exact".**  p* is found by Wolfe's minimum-norm-point algorithm (P. Wolfe, "Finding the
nearest point in a polytope", Math. Programming 11, 1976): an active-set method that keeps a
set S of affinely independent z_s (at most d + 1 of them) and the nearest point of their affine
hull; each major step adds the z_j of least z_j·p, each minor step drops a point whose
coefficient would turn negative.  The objective strictly decreases and no set S repeats, so it
ends after finitely many steps with the exact optimum (in exact arithmetic) — no tolerance
on the objective, no penalty parameter (a soft-margin SVM with a large C is not hard-margin
when ‖v‖ must be large, and a one-class prefix needs no special case here).  The support set S
it ends with also gives the primal answer directly: v of least norm with z_s·v = 1 on S (the
hard-margin SVM restricted to its support vectors), whose margins are accurate relative to γ*
even when γ* is far below the largest row; the better of p/‖p‖ and v/‖v‖ is returned.  In
floating point the answer comes with its own certificate, checked before it is returned:
p = Σ λ_s z_s with λ ≥ 0, Σ λ = 1 is a point of P (up to round-off), so γ* ≤ ‖p‖, and the margin
of the u returned is a lower bound of γ*; ``certified`` says that the two agree within a relative
10⁻⁹ (plus 10⁻¹⁵ of the largest row, the round-off of p).  The rows are scaled to largest |entry| 1
first, which changes neither u nor the relative gap: coordinates from 10⁻⁹ to 10⁹ are solved
alike.  The lab's feature spaces have 2 to 6 coordinates; a major step costs one product Z·p,
O(n·d); the tests compare γ with an independent enumeration of the hull's faces
(tests/test_bounds_max_margin.py).

Examples
--------
Two points of one class, (−3, 0) and (0, −0.5) (y = −1, so z = (3, 0) and (0, 0.5)): the nearest
point of the segment between them to 0 is (0.0811, 0.4865), γ* = 0.4932:

>>> import numpy as np
>>> result = nearest_point(np.array([[3.0, 0.0], [0.0, 0.5]]))
>>> result.separable, round(result.gamma, 4), np.round(result.u, 4).tolist()
(True, 0.4932, [0.1644, 0.9864])
>>> nearest_point(np.array([[1.0, 0.0], [-1.0, 0.0]])).separable
False
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: the certificate's slack: min_s z_s·p ≥ ‖p‖²(1 − CERTIFICATE) — the margin found is within this of γ*
CERTIFICATE = 1e-9
#: ‖p‖ at or below this fraction of max ‖z_s‖ counts as 0 ∈ P (no separator); round-off in p is ~1e-16
ORIGIN = 1e-13


@dataclass
class NearestPoint:
    """The nearest point p of conv{z_s} to the origin, in the units of the rows given.

    Attributes
    ----------
    u : ndarray of shape (d,)
        p/‖p‖ (zeros when ``separable`` is False).
    gamma : float
        ‖p‖, the largest margin any unit u has (0 when no u separates).
    separable : bool
        0 ∉ conv{z_s}.
    certified : bool
        Whether the optimality certificate held (see the module's docstring).
    support : ndarray of int
        The z_s whose convex combination p is (the support vectors).
    """

    u: np.ndarray
    gamma: float
    separable: bool
    certified: bool
    support: np.ndarray


def nearest_point(Z, max_steps: int | None = None) -> NearestPoint:
    """The nearest point to 0 of the convex hull of the rows of ``Z`` (Wolfe's algorithm), certified.

    ``Z`` holds the rows z_s = y_s·f_s.  Raises ValueError on an empty or non-finite ``Z``.
    """
    Z = np.asarray(Z, dtype=float)
    if Z.ndim != 2 or Z.shape[0] == 0 or not np.all(np.isfinite(Z)):
        raise ValueError(f"Z must be a non-empty (n, d) array of finite numbers; got shape {Z.shape}.")
    n, d = Z.shape
    scale = float(np.abs(Z).max())
    if scale == 0.0:
        return NearestPoint(np.zeros(d), 0.0, False, True, np.zeros(0, dtype=int))
    G = Z / scale
    G[np.abs(G) < 1e-100] = 0.0               # subnormals slow the arithmetic a hundredfold
    size = float(np.sqrt((G * G).sum(axis=1).max()))
    lam, S = _wolfe(G, size, max_steps if max_steps is not None else 50 * (n + d) + 100)
    p = lam @ G[S]
    norm = float(np.linalg.norm(p))
    if norm <= ORIGIN * size:
        return NearestPoint(np.zeros(d), 0.0, False, True, S)
    u, margin = p / norm, float((G @ p).min()) / norm
    polished = _polish(G, S)
    if polished is not None and polished[1] > margin:
        u, margin = polished
    # p lies in P up to round-off (≈ 1e-16·size), so γ* ≤ ‖p‖; u's margin is a lower bound of γ*
    certified = bool(margin >= norm * (1.0 - CERTIFICATE) - 1e-15 * size)
    return NearestPoint(u, margin * scale, True, certified, S)


def _polish(G, S):
    """The support rows' own answer: v of least norm with z_s·v = 1 for s ∈ S (the hard-margin primal
    on the support vectors), refined once; returns (v/‖v‖, its margin on every row) or None.

    Wolfe's p = Σ λ_s z_s is a sum of rows of size ~1 that cancel down to ‖p‖ = γ*, so its error is
    ~1e-16 in absolute terms — a relative error of 1e-16/γ* in u's margins, too much when γ* is far
    below the largest row (an intercept at coordinates of 10⁵).  v is found relative to the margins
    themselves (z_s·v − 1 ~ 1e-16·‖z‖‖v‖), which keeps the relative error near round-off."""
    A = G[S]
    ones = np.ones(A.shape[0])
    v, *_ = np.linalg.lstsq(A, ones, rcond=None)
    correction, *_ = np.linalg.lstsq(A, ones - A @ v, rcond=None)
    v = v + correction
    norm = float(np.linalg.norm(v))
    if not np.isfinite(norm) or norm == 0.0:
        return None
    u = v / norm
    return u, float((G @ u).min())


def _wolfe(G, size, max_steps):
    """Wolfe's major and minor cycles on the scaled rows G; returns (λ, S) with p = λ·G[S]."""
    start = int(np.argmin((G * G).sum(axis=1)))
    S = [start]
    lam = np.array([1.0])
    p = G[start].copy()
    for _ in range(max_steps):
        pp = float(p @ p)
        if pp <= (ORIGIN * size) ** 2:
            break
        values = G @ p
        j = int(np.argmin(values))
        # optimal: no z_j lies beyond the hyperplane through p orthogonal to p, up to the round-off of
        # z_j·p (a few ulps of ‖z_j‖‖p‖)
        if values[j] >= pp - 1e-14 * size * np.sqrt(pp) or j in S:
            break
        S.append(j)
        lam = np.append(lam, 0.0)
        while True:                             # minor cycle: the affine nearest point of S, kept in P
            mu = _affine_nearest(G[S])
            if np.all(mu > 1e-15):
                lam = mu
                break
            falling = mu < lam
            ratios = np.where(falling & (mu <= 1e-15), lam / np.where(falling, lam - mu, 1.0), np.inf)
            theta = min(1.0, float(ratios.min()))
            lam = lam + theta * (mu - lam)
            keep = lam > 1e-15
            keep[int(np.argmin(np.where(mu <= 1e-15, lam, np.inf)))] = False   # the point that reached 0
            if not keep.any():
                keep[int(np.argmax(lam))] = True
            S = [s for s, k in zip(S, keep) if k]
            lam = np.maximum(lam[keep], 0.0)
            lam = lam / lam.sum()
        p = lam @ G[S]
    return lam, np.array(S, dtype=int)


def _affine_nearest(A):
    """Coefficients μ (Σ μ = 1) of the point of the affine hull of the rows of A nearest 0."""
    m = A.shape[0]
    if m == 1:
        return np.ones(1)
    # min ‖μA‖² s.t. Σμ = 1: with B = A[1:] − A[0], μ' = argmin ‖A[0] + μ'B‖ (least squares), μ₀ = 1 − Σμ'
    B = A[1:] - A[0]
    tail, *_ = np.linalg.lstsq(B.T, -A[0], rcond=None)
    return np.r_[1.0 - tail.sum(), tail]
