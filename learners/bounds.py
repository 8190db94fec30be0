"""Mistake bounds of the sources, one function each (ALGORITHMS.md restates them).

Every function takes numbers or NumPy arrays (they broadcast), checks that its
arguments make sense — a ``ValueError`` says what to fix — and returns the
bound.  Where a bound says nothing (a non-positive denominator), the value is
``inf``: a vacuous bound, never NaN.

Examples
--------
>>> round(float(novikoff(R=2.0, u_norm=1.0, gamma=0.5)), 6)
16.0
>>> round(float(weighted_majority(m=3, n_experts=8, beta=0.5)), 3)
14.457
>>> float(randomized_weighted_majority(m=0, n_experts=8, epsilon=0.5)) == 2 * float(np.log(8))
True
"""

from __future__ import annotations

import numpy as np

LOG2 = np.log(2.0)


def _values(name, value, *, low=None, low_open=False, high=None, high_open=False, allow_inf=False):
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number or an array of numbers; got {value!r}.") from None
    if np.any(np.isnan(array)) or (not allow_inf and np.any(np.isinf(array))):
        raise ValueError(f"{name} must be finite; got {value!r}.")
    if low is not None and np.any(array <= low if low_open else array < low):
        raise ValueError(f"{name} must be {'>' if low_open else '>='} {low:g}; got {value!r}.")
    if high is not None and np.any(array >= high if high_open else array > high):
        raise ValueError(f"{name} must be {'<' if high_open else '<='} {high:g}; got {value!r}.")
    return array


def _result(array):
    return float(array) if np.ndim(array) == 0 else array


def log_cosh(a):
    """ln((e^a + e^{−a})/2), computed without overflow."""
    a = np.abs(np.asarray(a, dtype=float))
    return a + np.log1p(np.exp(-2.0 * a)) - LOG2


# ------------------------------------------------------------------ perceptron
def novikoff(R, u_norm, gamma):
    """Novikoff/Block: M ≤ R²‖u‖²/γ² when y_t(u·x_t) ≥ γ > 0 for all t (seed 003, Thm 2.1).

    >>> round(novikoff(1.0, 1.0, 0.1), 9)
    100.0
    """
    R = _values("R", R, low=0)
    u = _values("u_norm", u_norm, low=0)
    g = _values("gamma", gamma, low=0, low_open=True)
    return _result((R * u / g) ** 2)


def freund_schapire(R, u_norm, gamma, hinge_sq_sum):
    """Freund–Schapire: M ≤ ((R‖u‖ + D)/γ)², D² = Σ_t ((γ − y_t u·x_t)₊)² (seed 003, Thm 2.2).

    >>> freund_schapire(1.0, 1.0, 0.5, 0.0) == novikoff(1.0, 1.0, 0.5)
    True
    """
    R = _values("R", R, low=0)
    u = _values("u_norm", u_norm, low=0)
    g = _values("gamma", gamma, low=0, low_open=True)
    d2 = _values("hinge_sq_sum", hinge_sq_sum, low=0)
    return _result(((R * u + np.sqrt(d2)) / g) ** 2)


def seed001_unit(gamma, total_distance):
    """Seed 001's form for unit vectors: M ≤ 1/γ² + (2/γ)·TD_γ.

    >>> seed001_unit(0.5, 1.0)
    8.0
    """
    g = _values("gamma", gamma, low=0, low_open=True)
    td = _values("total_distance", total_distance, low=0)
    return _result(1.0 / g**2 + 2.0 * td / g)


def gentile(L, C):
    """Gentile (seed 000, Theorem 1): M ≤ L + C + √(LC), L = Σ(1 − y u·x)₊, C = R²‖u‖².

    >>> gentile(4.0, 9.0)
    19.0
    """
    L = _values("L", L, low=0)
    C = _values("C", C, low=0)
    return _result(L + C + np.sqrt(L * C))


def iwp_theorem3(L, C, c_max):
    """IWP weighted loss (seed 000, Theorem 3): Loss ≤ L + c_max·C + √(c_max·L·C).

    L = Σ_t c_t(1 − y_t u·x_t)₊ and C = R²‖u‖².

    >>> iwp_theorem3(4.0, 1.0, 9.0)
    19.0
    """
    L = _values("L", L, low=0)
    C = _values("C", C, low=0)
    c = _values("c_max", c_max, low=0, low_open=True)
    return _result(L + c * C + np.sqrt(c * L * C))


def iwp_theorem2(L, C, c_max, c_min):
    """The older IWP bound (seed 000, Theorem 2): θ_r·L + c_max·θ_r²·C + θ_r²·√(c_min·L·C), θ_r = c_max/c_min.

    >>> iwp_theorem2(4.0, 1.0, 1.0, 1.0) == gentile(4.0, 1.0)
    True
    """
    L = _values("L", L, low=0)
    C = _values("C", C, low=0)
    c_max = _values("c_max", c_max, low=0, low_open=True)
    c_min = _values("c_min", c_min, low=0, low_open=True)
    if np.any(c_min > c_max):
        raise ValueError("c_min must not exceed c_max.")
    ratio = c_max / c_min
    return _result(ratio * L + c_max * ratio**2 * C + ratio**2 * np.sqrt(c_min * L * C))


def kernel_perceptron(R_sq, u_norm_sq, gamma):
    """Kernel perceptron (seed 003, Thm 2.3): M ≤ R²·K(u,u)/γ², R² = max_t K(x_t, x_t).

    >>> kernel_perceptron(1.0, 4.0, 1.0)
    4.0
    """
    R_sq = _values("R_sq", R_sq, low=0)
    u_sq = _values("u_norm_sq", u_norm_sq, low=0)
    g = _values("gamma", gamma, low=0, low_open=True)
    return _result(R_sq * u_sq / g**2)


# ---------------------------------------------------------------------- winnow
def winnow(u_l1, n, eta, gamma, R_inf):
    """Winnow (seed 003, Thm 3.1): M ≤ ‖u‖₁ ln n / (ηγ − ‖u‖₁ ln((e^{ηR∞} + e^{−ηR∞})/2)).

    ``inf`` where the denominator is not positive (η too large for this margin).

    >>> round(winnow(1.0, 100, 0.5, 0.5, 1.0), 3)   # ln 100 / (0.25 − ln cosh 0.5)
    35.456
    >>> winnow(1.0, 100, 5.0, 0.5, 1.0)
    inf
    """
    u = _values("u_l1", u_l1, low=0, low_open=True)
    n = _values("n", n, low=1)
    eta = _values("eta", eta, low=0, low_open=True)
    g = _values("gamma", gamma, low=0, low_open=True)
    r = _values("R_inf", R_inf, low=0)
    denominator = eta * g - u * log_cosh(eta * r)
    with np.errstate(divide="ignore", invalid="ignore"):
        value = np.where(denominator > 0, u * np.log(n) / np.where(denominator > 0, denominator, 1.0), np.inf)
    return _result(value)


def winnow_best_eta(u_l1, gamma, R_inf):
    """The tuned rate η* = ln((R∞‖u‖₁ + γ)/(R∞‖u‖₁ − γ)) / (2R∞) (seed 003, Thm 3.1).

    >>> round(winnow_best_eta(1.0, 0.5, 1.0), 4)
    0.5493
    >>> winnow_best_eta(1.0, 1.0, 1.0)       # γ = R∞‖u‖₁: any rate is too small
    inf
    """
    u = _values("u_l1", u_l1, low=0, low_open=True)
    g = _values("gamma", gamma, low=0, low_open=True)
    r = _values("R_inf", R_inf, low=0, low_open=True)
    if np.any(g > r * u * (1 + 1e-9)):
        raise ValueError("gamma cannot exceed R_inf·‖u‖₁ (the margin of u is at most ‖u‖₁·R∞).")
    with np.errstate(divide="ignore"):
        gap = r * u - g
        value = np.where(gap > 0, np.log((r * u + g) / np.where(gap > 0, gap, 1.0)) / (2.0 * r), np.inf)
    return _result(value)


def winnow_tuned(u_l1, n, gamma, R_inf):
    """Winnow with η*: M ≤ 2·(R∞²‖u‖₁²/γ²)·ln n (seed 003, Thm 3.1).

    >>> round(winnow_tuned(1.0, 100, 0.5, 1.0), 3)
    36.841
    """
    u = _values("u_l1", u_l1, low=0, low_open=True)
    n = _values("n", n, low=1)
    g = _values("gamma", gamma, low=0, low_open=True)
    r = _values("R_inf", R_inf, low=0)
    return _result(2.0 * (r * u / g) ** 2 * np.log(n))


def perceptron_sparse(n, k, gamma=1.0):
    """Seed 003 Example 1 (sparse target, x ∈ {±1}ⁿ): Perceptron bound nk/γ².

    >>> perceptron_sparse(100, 3)
    300.0
    """
    return _result(_values("n", n, low=1) * _values("k", k, low=0) / _values("gamma", gamma, low=0, low_open=True) ** 2)


def winnow_sparse(n, k, gamma=1.0):
    """Seed 003 Example 1: Winnow bound 2k² ln n/γ².

    >>> round(winnow_sparse(100, 3), 3)
    82.893
    """
    n = _values("n", n, low=1)
    k = _values("k", k, low=0)
    return _result(2.0 * k**2 * np.log(n) / _values("gamma", gamma, low=0, low_open=True) ** 2)


def perceptron_dense(n, k, gamma=1.0):
    """Seed 003 Example 2 (u = 1, x ∈ {0,1}ⁿ with ≤ k ones): Perceptron bound kn/γ²."""
    return perceptron_sparse(n, k, gamma)


def winnow_dense(n, k, gamma=1.0):
    """Seed 003 Example 2: Winnow bound 2n² ln n/γ².

    >>> round(winnow_dense(10, 2), 3)
    460.517
    """
    n = _values("n", n, low=1)
    _values("k", k, low=0)
    return _result(2.0 * n**2 * np.log(n) / _values("gamma", gamma, low=0, low_open=True) ** 2)


# --------------------------------------------------------------------- experts
def weighted_majority(m, n_experts, beta=0.5):
    """Weighted Majority (seed 001): M ≤ (m ln(1/β) + ln N) / ln(2/(1+β)).

    With β = ½ this is ≈ 2.41(m + log₂ N), the lecture's form.

    >>> round(weighted_majority(0, 2), 4)
    2.4094
    """
    m = _values("m", m, low=0)
    n = _values("n_experts", n_experts, low=1)
    b = _values("beta", beta, low=0, high=1, low_open=True, high_open=True)
    return _result((m * np.log(1.0 / b) + np.log(n)) / np.log(2.0 / (1.0 + b)))


def weighted_majority_lecture(m, n_experts):
    """The lecture's rounded form for β = ½: M ≤ 2.41(m + log₂ N).

    >>> weighted_majority_lecture(1, 4)
    7.23
    """
    m = _values("m", m, low=0)
    n = _values("n_experts", n_experts, low=1)
    return _result(2.41 * (m + np.log2(n)))


def randomized_weighted_majority(m, n_experts, epsilon, form="lecture"):
    """Randomized WM, expected mistakes (seed 001), for ε ∈ (0, ½]:

    ``form="lecture"``: (1 + ε)·m + ln N/ε;
    ``form="exact"``:   (−ln(1 − ε)/ε)·m + ln N/ε (the proof's tighter line).

    >>> randomized_weighted_majority(10, 1, 0.5)
    15.0
    >>> round(randomized_weighted_majority(10, 1, 0.5, form="exact"), 4)
    13.8629
    """
    m = _values("m", m, low=0)
    n = _values("n_experts", n_experts, low=1)
    e = _values("epsilon", epsilon, low=0, high=0.5, low_open=True)
    if form == "lecture":
        factor = 1.0 + e
    elif form == "exact":
        factor = -np.log1p(-e) / e
    else:
        raise ValueError(f"form must be 'lecture' or 'exact'; got {form!r}.")
    return _result(factor * m + np.log(n) / e)


def rwm_best_epsilon(m, n_experts):
    """ε = √(ln N / m), capped to (0, ½] (½ when m = 0; the lecture's choice for known m).

    >>> rwm_best_epsilon(100, 8) == float(np.sqrt(np.log(8) / 100))
    True
    >>> rwm_best_epsilon(0, 8)
    0.5
    """
    m = _values("m", m, low=0)
    n = _values("n_experts", n_experts, low=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        eps = np.where(m > 0, np.sqrt(np.log(n) / np.where(m > 0, m, 1.0)), 0.5)
    return _result(np.clip(eps, 1e-9, 0.5))


def rwm_tuned(m, n_experts):
    """RWM with the best ε for a known m: M ≤ m + 2√(m ln N) (seed 001).

    >>> rwm_tuned(4, 1)
    4.0
    """
    m = _values("m", m, low=0)
    n = _values("n_experts", n_experts, low=1)
    return _result(m + 2.0 * np.sqrt(m * np.log(n)))
