"""Mistake bounds of the sources, one pure function each (docs/SPECIFICATION.md restates them).

Every function takes numbers or NumPy arrays (they broadcast against each
other, so one call evaluates a whole curve), checks that its arguments make
sense — a ``ValueError`` says which argument is wrong and what it must be —
and returns the bound: a float for scalar arguments, an array otherwise.
Where a bound says nothing (Winnow's denominator ηγ − ‖u‖₁ ln cosh(ηR∞) ≤ 0)
the value is ``inf`` (``math.inf`` for scalars), a vacuous bound, never NaN.

Quantities are measured where the learner works: R, R∞ and the margins γ on
the feature vectors it uses (with the constant 1 of the intercept).
:mod:`learners.comparators` computes them from data and turns these functions
into curves over the trials.

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

import functools

import numpy as np

LOG2 = np.log(2.0)


#: what each argument is, said when it is out of range (the "how to fix it" of the error)
MEANING = {
    "R": "R = max_t ‖x_t‖₂ is a length, so it cannot be negative",
    "R_sq": "R² = max_t K(x_t, x_t) is a squared length, so it cannot be negative",
    "R_inf": "R∞ = max_t ‖x_t‖∞ is a largest absolute coordinate, so it cannot be negative",
    "u_norm": "‖u‖ is the norm of the comparator, so it cannot be negative",
    "u_norm_sq": "K(u, u) = ‖u‖² cannot be negative",
    "u_l1": "‖u‖₁ must be positive: the zero vector separates nothing",
    "gamma": ("γ is the margin of the comparator and must be positive; when no u has a positive "
              "margin use freund_schapire or gentile, which let u make mistakes"),
    "hinge_sq_sum": "Σ((γ − y u·x)₊)² is a sum of squares, so it cannot be negative",
    "total_distance": "TD_γ is a total distance, so it cannot be negative",
    "L": "L is a sum of (weighted) hinge losses, so it cannot be negative",
    "C": "C = R²‖u‖² cannot be negative",
    "c_max": "c_max is the largest importance weight and must be positive",
    "c_min": ("c_min is the smallest importance weight; Theorem 2 divides by it, so it must be "
              "positive (use iwp_theorem3 when some weight is 0)"),
    "n": "n is the number of weights the learner keeps, at least 1",
    "k": "k counts relevant (non-zero) features, so it cannot be negative",
    "eta": "η is Winnow's learning rate: choose η > 0 (winnow_best_eta gives the tuned rate)",
    "m": "m counts the mistakes of the best expert, so it cannot be negative",
    "n_experts": "N is the number of experts, at least 1",
    "beta": "β multiplies the weight of every wrong expert: choose 0 < β < 1 (the lecture uses ½)",
    "p": "p is the p-norm algorithm's exponent: choose p ≥ 2 (p = 2 is the Perceptron)",
    "X_p": "X_p = max_t ‖x_t‖_p is a length, so it cannot be negative",
    "u_q": "‖u‖_q is the q-norm of the comparator, so it cannot be negative",
    "distance_sq": "‖½ − W*‖² is a squared distance, so it cannot be negative",
    "rate": "β is the weight-bounded perceptron's rate (0 < β ≤ 1)",
    "u": "u is the separation in units of β (y·Σ(2w*_i − 1)x_i ≥ uβ), so it cannot be negative",
    "epsilon": ("ε is RWM's penalty rate: choose 0 < ε ≤ ½ (rwm_best_epsilon(m, N) gives the "
                "tuned one)"),
}


def _values(name, value, *, low=None, low_open=False, high=None, high_open=False):
    """``value`` as a float array, or a ValueError saying what ``name`` must be and why."""
    why = MEANING.get(name, "")
    why = f" — {why}" if why else ""
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number or an array of numbers; got {value!r}{why}.") from None
    bad = np.isnan(array) | np.isinf(array)
    if np.any(bad):                       # what the argument is ("cannot be negative") is no help here
        shown = _first(array, bad)
        beyond = " (beyond the float range)" if "inf" in shown else ""
        raise ValueError(f"{name} must be finite; got {shown}{beyond}.")
    if low is not None:
        bad = array <= low if low_open else array < low
        if np.any(bad):
            raise ValueError(f"{name} must be {'>' if low_open else '>='} {low:g}; "
                             f"got {_first(array, bad)}{why}.")
    if high is not None:
        bad = array >= high if high_open else array > high
        if np.any(bad):
            raise ValueError(f"{name} must be {'<' if high_open else '<='} {high:g}; "
                             f"got {_first(array, bad)}{why}.")
    return array


def _first(array, bad) -> str:
    """The first offending value (and where it is, for an array)."""
    if array.ndim == 0:
        return f"{float(array):g}"
    index = tuple(int(i) for i in np.argwhere(bad)[0])
    return f"{float(array[index]):g} at index {index[0] if len(index) == 1 else index}"


def _result(array):
    return float(array) if np.ndim(array) == 0 else array


def _quiet(bound):
    """Let a bound overflow to ``inf`` (vacuous) without a floating-point warning."""
    @functools.wraps(bound)
    def wrapper(*args, **kwargs):
        with np.errstate(over="ignore", divide="ignore"):
            return bound(*args, **kwargs)
    return wrapper


def log_cosh(a):
    """ln((e^a + e^{−a})/2) = ln cosh a, computed without overflow (Theorem 3.1's denominator).

    >>> round(float(log_cosh(1.0)), 6), float(log_cosh(1000.0)) == 1000.0 - float(np.log(2.0))
    (0.433781, True)
    """
    a = np.abs(np.asarray(a, dtype=float))
    return a + np.log1p(np.exp(-2.0 * a)) - LOG2


# ------------------------------------------------------------------ perceptron
@_quiet
def novikoff(R, u_norm, gamma):
    """Novikoff/Block: M ≤ R²‖u‖²/γ² when y_t(u·x_t) ≥ γ > 0 for all t (seed 003, Thm 2.1).

    >>> round(novikoff(1.0, 1.0, 0.1), 9)
    100.0
    """
    R = _values("R", R, low=0)
    u = _values("u_norm", u_norm, low=0)
    g = _values("gamma", gamma, low=0, low_open=True)
    return _result((R * u / g) ** 2)


@_quiet
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


@_quiet
def seed001_unit(gamma, total_distance):
    """Seed 001's form for unit vectors: M ≤ 1/γ² + (2/γ)·TD_γ (lecture slides, Perceptron).

    With ‖x_t‖ ≤ 1 and ‖u‖ = 1, TD_γ = Σ_t (γ − y_t u·x_t)₊ is the total
    distance the points must move (along u) to be separated with margin γ.

    >>> seed001_unit(0.5, 1.0)
    8.0
    """
    g = _values("gamma", gamma, low=0, low_open=True)
    td = _values("total_distance", total_distance, low=0)
    return _result(1.0 / g**2 + 2.0 * td / g)


@_quiet
def gentile(L, C):
    """Gentile (seed 000, Theorem 1): M ≤ L + C + √(LC), L = Σ(1 − y u·x)₊, C = R²‖u‖².

    >>> gentile(4.0, 9.0)
    19.0
    """
    L = _values("L", L, low=0)
    C = _values("C", C, low=0)
    return _result(L + C + np.sqrt(L * C))


@_quiet
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


@_quiet
def iwp_theorem2(L, C, c_max, c_min):
    """The older IWP bound (seed 000, Theorem 2), for contrast with Theorem 3.

    Loss ≤ θ_r·L + c_max·θ_r²·C + θ_r²·√(c_min·L·C) with θ_r = c_max/c_min:
    it grows with the square of the weights' spread.

    >>> iwp_theorem2(4.0, 1.0, 1.0, 1.0) == gentile(4.0, 1.0)
    True
    """
    L = _values("L", L, low=0)
    C = _values("C", C, low=0)
    c_max = _values("c_max", c_max, low=0, low_open=True)
    c_min = _values("c_min", c_min, low=0, low_open=True)
    if np.any(c_min > c_max):
        raise ValueError("c_min must not exceed c_max: pass the smallest and the largest "
                         "importance weight of the sequence, in that order of arguments (c_max, c_min).")
    ratio = c_max / c_min
    return _result(ratio * L + c_max * ratio**2 * C + ratio**2 * np.sqrt(c_min * L * C))


@_quiet
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
@_quiet
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


@_quiet
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
        raise ValueError("gamma cannot exceed R_inf·u_l1: by Hölder's inequality the margin "
                         "y(u·x) of u is at most ‖u‖₁·R∞; measure γ, R∞ and ‖u‖₁ on the same data.")
    with np.errstate(divide="ignore"):
        gap = r * u - g
        value = np.where(gap > 0, np.log((r * u + g) / np.where(gap > 0, gap, 1.0)) / (2.0 * r), np.inf)
    return _result(value)


@_quiet
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


@_quiet
def perceptron_sparse(n, k, gamma=1.0):
    """Seed 003 Example 1 (sparse target, x ∈ {±1}ⁿ): Perceptron bound nk/γ².

    >>> perceptron_sparse(100, 3)
    300.0
    """
    return _result(_values("n", n, low=1) * _values("k", k, low=0) / _values("gamma", gamma, low=0, low_open=True) ** 2)


@_quiet
def winnow_sparse(n, k, gamma=1.0):
    """Seed 003 Example 1: Winnow bound 2k² ln n/γ².

    >>> round(winnow_sparse(100, 3), 3)
    82.893
    """
    n = _values("n", n, low=1)
    k = _values("k", k, low=0)
    return _result(2.0 * k**2 * np.log(n) / _values("gamma", gamma, low=0, low_open=True) ** 2)


def perceptron_dense(n, k, gamma=1.0):
    """Seed 003 Example 2 (u = 1, x ∈ {0,1}ⁿ with ≤ k ones): Perceptron bound kn/γ².

    R² ≤ k and ‖u‖² = n, so Novikoff gives kn/γ², the same number as Example 1.

    >>> perceptron_dense(100, 3) == perceptron_sparse(100, 3)
    True
    """
    return perceptron_sparse(n, k, gamma)


@_quiet
def winnow_dense(n, k, gamma=1.0):
    """Seed 003 Example 2: Winnow bound 2n² ln n/γ².

    >>> round(winnow_dense(10, 2), 3)
    460.517
    """
    n = _values("n", n, low=1)
    _values("k", k, low=0)
    return _result(2.0 * n**2 * np.log(n) / _values("gamma", gamma, low=0, low_open=True) ** 2)


# -------------------------------------------------------------------- p-norm
def dual_exponent(p):
    """q with 1/p + 1/q = 1, the exponent of the comparator's norm in the p-norm bound (p ≥ 2, so 1 < q ≤ 2).

    >>> dual_exponent(2.0), dual_exponent(4.0)
    (2.0, 1.3333333333333333)
    """
    p = _values("p", p, low=2)
    return _result(p / (p - 1.0))


@_quiet
def p_norm(p, X_p, u_q, gamma):
    """Gentile's p-norm algorithm (Grove, Littlestone & Schuurmans 2001; Gentile 2003):
    M ≤ (p − 1)·X_p²·‖u‖_q²/γ² when y_t(u·x_t) ≥ γ > 0 for all t, X_p = max_t ‖x_t‖_p, 1/p + 1/q = 1.

    ½‖θ‖_p² is (p − 1)-smooth in ‖·‖_p, so M mistakes leave ‖θ‖_p² ≤ (p − 1)·M·X_p², while
    u·θ ≥ Mγ and Hölder's u·θ ≤ ‖u‖_q‖θ‖_p.  With p = 2 it is Novikoff's bound:

    >>> p_norm(2.0, 2.0, 1.0, 0.5) == novikoff(2.0, 1.0, 0.5)
    True
    >>> p_norm(3.0, 1.0, 2.0, 0.5)               # 2 · 1 · 4 / 0.25
    32.0
    """
    p = _values("p", p, low=2)
    x = _values("X_p", X_p, low=0)
    u = _values("u_q", u_q, low=0)
    g = _values("gamma", gamma, low=0, low_open=True)
    return _result((p - 1.0) * (x * u / g) ** 2)


# ------------------------------------------------------------ weight-bounded
@_quiet
def weight_bounded(distance_sq, u, beta):
    """The weight-bounded perceptron (Madani & Huang, appendix A): M ≤ ‖½ − W*‖²/((u − 2)β²).

    Conditions: features x ≥ 0 with ‖x‖₂ ≤ 1 (the paper normalises to 1; its last step uses only
    Σ x_i² ≤ 1), a separator W* ∈ [0, 1]ⁿ whose score difference y·Σ (2w*_i − 1)x_i is at least
    u·β on every trial, and u > 2.  Each mistake then shrinks ‖W − W*‖² by at least (u − 2)β², from
    ‖½ − W*‖² (all weights start at ½) and never below 0.  ``inf`` where u ≤ 2 (the bound says nothing).

    >>> weight_bounded(1.0, 3.0, 0.5)            # 1 / (1 · 0.25)
    4.0
    >>> weight_bounded(1.0, 2.0, 0.5)
    inf
    """
    d = _values("distance_sq", distance_sq, low=0)
    u = _values("u", u, low=0)
    b = _values("rate", beta, low=0, low_open=True)
    gap = u - 2.0
    with np.errstate(divide="ignore", invalid="ignore"):
        value = np.where(gap > 0, d / (np.where(gap > 0, gap, 1.0) * b**2), np.inf)
    return _result(value)


# --------------------------------------------------------------------- experts
@_quiet
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


@_quiet
def weighted_majority_lecture(m, n_experts):
    """The lecture's rounded form for β = ½: M ≤ 2.41(m + log₂ N).

    >>> weighted_majority_lecture(1, 4)
    7.23
    """
    m = _values("m", m, low=0)
    n = _values("n_experts", n_experts, low=1)
    return _result(2.41 * (m + np.log2(n)))


@_quiet
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


@_quiet
def rwm_best_epsilon(m, n_experts):
    """The lecture's rate for a known m (seed 001): ε = min(½, √(ln N / m)), and ½ when m = 0.

    With a single expert (ln N = 0) the formula gives 0, outside RWM's range
    (0, ½]; the value is then the tiny 1e-9 (the bound tends to m as ε → 0).

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


@_quiet
def rwm_tuned(m, n_experts):
    """RWM's bound with ε tuned to a known m: min over ε ∈ (0, ½] of (1 + ε)m + ln N/ε (seed 001).

    The lecture sets ε = √(ln N/m), giving m + 2√(m ln N); but RWM's theorem
    holds only for ε ≤ ½.  The bound is convex in ε with its free minimum at
    √(ln N/m), so on (0, ½] the minimum is

    * m + 2√(m ln N)   when √(ln N/m) ≤ ½, i.e. m ≥ 4 ln N, and
    * 1.5m + 2 ln N    (ε = ½) when m < 4 ln N — m = 0 included: 2 ln N.

    With one expert (ln N = 0) the value is m, the infimum as ε → 0; it is a
    bound, since RWM follows the lone expert and makes exactly its m mistakes.
    :func:`rwm_best_epsilon` gives the ε that attains the value (N ≥ 2).

    >>> rwm_tuned(4, 1)
    4.0
    >>> round(rwm_tuned(100, 8), 4) == round(100 + 2 * float(np.sqrt(100 * np.log(8))), 4)
    True
    >>> rwm_tuned(2, 100) == randomized_weighted_majority(2, 100, 0.5)   # m < 4 ln N: ε = ½
    True
    >>> rwm_tuned(0, 2) == 2 * float(np.log(2))
    True
    """
    m = _values("m", m, low=0)
    n = _values("n_experts", n_experts, low=1)
    log_n = np.log(n)
    free = m >= 4.0 * log_n         # √(ln N/m) ≤ ½: the lecture's ε lies in RWM's range
    return _result(np.where(free, m + 2.0 * np.sqrt(m * log_n), 1.5 * m + 2.0 * log_n))


@_quiet
def rwm_doubling(m_phase, phase, epsilon, n_experts, form="lecture"):
    """RWM with the doubling trick: the sum over its phases of each phase's own bound (seed 001).

    The doubling trick restarts the weights at every new phase, so phase i is
    a fresh RWM run with rate ε_i on its own trials, and its expected mistakes
    obey RWM's theorem with m_i, the mistakes of the best expert *within
    phase i*: B_i = (1 + ε_i)·m_i + ln N/ε_i (``form="exact"``: the proof's
    (−ln(1 − ε_i)/ε_i)·m_i + ln N/ε_i).  Summed, after trial t of phase p:

        M_t ≤ Σ_{i < p} B_i(whole phase i) + B_p(m_p counted up to trial t).

    The first three arguments are given per trial (1-D, one entry per trial, in order):
    ``m_phase`` the best expert's mistakes within the trial's phase up to
    and including it, ``phase`` the phase index (non-decreasing; a new value
    starts a phase), ``epsilon`` the rate of the trial's phase (or one number
    for every trial).  A completed phase contributes its value at its last trial.
    Returns an array of the bound after every trial.

    >>> N, eps = 4, [0.5, 0.5, 0.5, 0.4, 0.4]
    >>> rwm_doubling([0, 1, 2, 0, 1], [0, 0, 0, 1, 1], eps, N).round(4).tolist()
    [2.7726, 4.2726, 5.7726, 9.2383, 10.6383]
    >>> first_phase = randomized_weighted_majority(2, N, 0.5)       # 1.5·2 + ln 4/0.5
    >>> bool(rwm_doubling([0, 1, 2, 0, 1], [0, 0, 0, 1, 1], eps, N)[3] == first_phase + np.log(4) / 0.4)
    True
    """
    m = _values("m", m_phase, low=0).reshape(-1)
    try:
        index = np.asarray(phase, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError(f"phase must hold one phase number per trial; got {phase!r}.") from None
    if index.shape != m.shape:
        raise ValueError(f"m_phase and phase must have one entry per trial each; got {m.shape[0]} "
                         f"and {index.shape[0]}.")
    if not np.all(np.isfinite(index)) or np.any(index != np.round(index)):
        raise ValueError("phase must hold whole phase numbers (0, 0, 1, 1, 2, ...), one per trial.")
    e = _values("epsilon", epsilon, low=0, high=0.5, low_open=True)
    e = np.broadcast_to(e, m.shape) if e.ndim == 0 else e.reshape(-1)
    if e.shape != m.shape:
        raise ValueError(f"epsilon must be one number or one rate per trial; got {e.shape[0]} rates "
                         f"for {m.shape[0]} trials.")
    step = np.diff(index)
    if np.any(step < 0):
        raise ValueError("phase must not decrease: the doubling trick's phases follow one another.")
    same = step == 0
    if np.any(same & (e[1:] != e[:-1])):
        raise ValueError("epsilon must be the same on every trial of a phase (the doubling trick "
                         "changes ε only when it restarts).")
    if np.any(same & (m[1:] < m[:-1])):
        raise ValueError("m_phase must not decrease within a phase: it counts the best expert's "
                         "mistakes since the phase began.")
    per_trial = np.asarray(randomized_weighted_majority(m, n_experts, e, form=form), dtype=float).reshape(-1)
    if per_trial.size == 0:
        return per_trial
    new = np.r_[True, ~same]                       # first trial of each phase
    group = np.cumsum(new) - 1                     # 0, 0, 1, 1, 1, 2, ...: which phase seen
    whole = per_trial[np.r_[~same, True]]          # each phase's value at its last trial
    earlier = np.r_[0.0, np.cumsum(whole)[:-1]]    # Σ of the phases before it
    return earlier[group] + per_trial
