r"""Seed 002's Lemma 4 (Fisher consistency of the apportioned loss), examined exactly.

At a point x with class probabilities P_j = P(Y = j | x) the expected apportioned loss of
scores f = (f_1, …, f_k) is

    L(f) = Σ_l P_l Σ_j [θ_l − δ̄(l,j)·f_j]₊,   δ̄(l,j) = +1 if j = l, −1 otherwise,

and seed 002 (§3.1, Lemma 4) states that its minimiser subject to Σ_j f_j = 0 is f_j = θ_j for
j* = argmax_j θ_j P_j and f_j = −θ_j/(k−1) otherwise — so that the decision argmax_j f_j/θ_j
is the Bayes decision for the costs θ.  **As printed it is false:**

(a) that f sums to θ_{j*} − Σ_{j≠j*} θ_j/(k−1), which is 0 only when θ_{j*} equals the mean
    of the other θ_j: it is not even feasible in general;
(b) the loss is cost-insensitive already at k = 2: with f = (a, −a),
    L = 2(P₀[θ₀ − a]₊ + P₁[θ₁ + a]₊), linear with slope 2(P₁ − P₀) on [−θ₁, θ₀] and rising
    outside it, so the minimiser is a = θ₀ whenever P₀ > P₁ — whatever θ is.  For θ = (1, 10),
    P = (0.6, 0.4) the unique minimiser (1, −1) decides class 0 (f/θ = (1, −0.1)) while
    argmax θ_j P_j = argmax (0.6, 4) is class 1.  With θ = 1 the minimiser decides
    argmax P_j: ordinary (cost-blind) consistency.  (From k = 4 on, even θ = 1 can leave a tie:
    P = (0.25, 0.2, 0.15, 0.4) has the unique minimiser (1, −1, −1, 1), whose largest scores
    are those of classes 0 and 3.)

**How it is computed: exactly, in rational arithmetic.**  The loss is *separable*: collecting the
hinges of each score, L(f) = Σ_j g_j(f_j) with g_j(x) = P_j[θ_j − x]₊ + Σ_{l≠j} P_l[θ_l + x]₊, a
convex piecewise-linear function whose kinks are at −θ_l (l ≠ j) and θ_j.  Minimising Σ_j g_j(f_j)
on Σ_j f_j = 0 is the linear program of the lemma; its dual has one variable λ (the multiplier of
Σ f = 0), and f is a minimiser exactly when λ is a subgradient of every g_j at f_j (Karush–Kuhn–Tucker).
For each of the finitely many slopes λ of the g_j the set of such f_j is an interval [lo_j, hi_j]
(a kink, a whole segment, or a half-line where a slope continues to ±∞); the optimal λ is one with
Σ lo_j ≤ 0 ≤ Σ hi_j, and then the **set of all minimisers** is the box Π[lo_j, hi_j] cut by
Σ f_j = 0.  From the box: each f_j's range over the minimisers, uniqueness (every range a point),
one vertex shown as *the* minimiser, and the classes some minimiser decides.

Every number is a Fraction: θ and P as given (a float is read as the shortest decimal that prints as
it — 0.6 is 3/5, as typed — :func:`exact`), P divided by its exact sum.  So ties are decided exactly:
θ = (1, 3) with P = (0.75, 0.25) ties θ_j P_j at 3/4 (in floating point 0.75 against 0.75000…01 at
other inputs), and f_j/θ_j ties are ties, not a tolerance's guess.  Nothing is solved numerically, so
the answer does not depend on θ's scale: the problem is scale-invariant (L(cf; cθ) = c·L(f; θ) and
Σ f = 0 is unchanged, so the minimisers scale with θ and both decisions stay), and θ = (10²⁰, 1) is
as exact as (1, 10).  What the check reports is then written as floats; so that each fits one,
θ's largest is at most :data:`MAX_THETA` and at most :data:`MAX_THETA_SPAN` times its smallest
(the scores f_j/θ_j reach (k − 1)·max θ/min θ).

Examples
--------
>>> check = examine([1, 10], [0.6, 0.4])
>>> check.minimizer.tolist(), check.unique, check.minimum
([1.0, -1.0], True, 8.8)
>>> check.predicted, check.bayes, check.differ          # argmax f/θ against argmax θP
(0, 1, True)
>>> check.closed_form.tolist(), check.closed_form_sum     # the lemma's f: (−θ₀/(k−1), θ₁)
([-1.0, 10.0], 9.0)
>>> round(two_class_loss(1.0, [1, 10], [0.6, 0.4]), 9)    # 2(0.6·[1 − 1]₊ + 0.4·[10 + 1]₊)
8.8
>>> examine([1, 1], [0.6, 0.4]).predicted                 # θ = 1: argmax P, as ordinary consistency
0
>>> examine([1, 1, 1, 1], [0.25, 0.2, 0.15, 0.4]).decided  # a tie, though the minimiser is unique
[0, 3]
>>> examine([1, 3], [0.75, 0.25]).bayes_tied               # θP = (3/4, 3/4): a tie, exactly
[0, 1]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

#: largest θ_j accepted: every number the check reports (losses reach 3k·max θ) must fit a float
MAX_THETA = 1e300
#: largest ratio max θ / min θ accepted: the scores f_j/θ_j reach (k − 1) times it
MAX_THETA_SPAN = 1e300


def exact(values) -> tuple:
    """Each of ``values`` as an exact rational: a Fraction or an integer as it is, a float as the shortest
    decimal that prints as it (Python's repr — what was typed: 0.6 is 3/5, not the binary double nearest
    to 0.6).  ValueError for anything else or for a value that is not finite.

    >>> exact([0.6, 3, 1e308])[0], exact([0.6, 3, 1e308])[1], exact([1e308])[0] == 10**308
    (Fraction(3, 5), Fraction(3, 1), True)
    """
    out = []
    for value in np.asarray(values, dtype=object).reshape(-1):
        if isinstance(value, (bool, np.bool_)):
            raise ValueError(f"{value!r} is not a number.")
        if isinstance(value, Fraction):
            out.append(value)
        elif isinstance(value, (int, np.integer)):
            out.append(Fraction(int(value)))
        elif isinstance(value, (float, np.floating)):
            if not np.isfinite(value):
                raise ValueError(f"{float(value)!r} is not a finite number.")
            out.append(Fraction(repr(float(value))))
        else:
            raise ValueError(f"{value!r} is not a number.")
    return tuple(out)


def point_problem(theta, probabilities):
    """θ and P as float arrays, or a ValueError that says what is wrong.

    >>> point_problem([1, 10], [0.6, 0.4])[0].tolist()
    [1.0, 10.0]
    >>> point_problem([1, 0], [0.6, 0.4])
    Traceback (most recent call last):
    ...
    ValueError: θ must be positive numbers, one per class (the cost of an error on it); got [1.0, 0.0].
    """
    try:
        theta = np.asarray(theta, dtype=float).reshape(-1)
        p = np.asarray(probabilities, dtype=float).reshape(-1)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"θ and P must be numbers; got θ = {theta!r}, P = {probabilities!r}.") from None
    if p.shape[0] < 2:
        raise ValueError("P must cover at least two classes.")
    if not np.all(np.isfinite(p)) or np.any(p < 0) or not np.isclose(p.sum(), 1.0):
        raise ValueError(f"P must be non-negative and sum to 1; got {p.tolist()}.")
    if theta.shape != p.shape:
        raise ValueError(f"θ and P must have one value per class each; got {theta.shape[0]} and {p.shape[0]}.")
    if not np.all(np.isfinite(theta)) or np.any(theta <= 0):
        raise ValueError(f"θ must be positive numbers, one per class (the cost of an error on it); "
                         f"got {theta.tolist()}.")
    return theta, p


def exact_problem(theta, probabilities) -> tuple[tuple, tuple]:
    """θ and P as exact rationals (:func:`exact`), P divided by its exact sum, after :func:`point_problem`'s
    checks and the range θ must keep (:data:`MAX_THETA`, :data:`MAX_THETA_SPAN`); ValueError otherwise.

    >>> exact_problem([1e20, 1], [0.5, 0.5])[0][0] == 10**20
    True
    >>> exact_problem([1e308, 1], [0.5, 0.5])
    Traceback (most recent call last):
    ...
    ValueError: θ's largest, 1e+308, is above 1e+300: divide every θ_j by the same number (only θ's ratios matter: the minimisers scale with θ and both decisions stay).
    >>> exact_problem([1e200, 1e-200], [0.5, 0.5])
    Traceback (most recent call last):
    ...
    ValueError: θ's largest is 1e+400 times its smallest; the lab examines costs at most 1e+300 apart (the scores f_j/θ_j would not fit a floating-point number).
    """
    point_problem([float(v) for v in exact(theta)], [float(v) for v in exact(probabilities)])
    theta_q, p_q = exact(theta), exact(probabilities)
    largest, smallest = max(theta_q), min(theta_q)
    if largest > Fraction(MAX_THETA):
        raise ValueError(f"θ's largest, {float(largest):g}, is above {MAX_THETA:g}: divide every θ_j by the same "
                         "number (only θ's ratios matter: the minimisers scale with θ and both decisions stay).")
    if largest > Fraction(MAX_THETA_SPAN) * smallest:
        raise ValueError(f"θ's largest is {_ratio_text(largest / smallest)} times its smallest; the lab examines "
                         f"costs at most {MAX_THETA_SPAN:g} apart (the scores f_j/θ_j would not fit a "
                         "floating-point number).")
    total = sum(p_q)
    return theta_q, tuple(v / total for v in p_q)


def _ratio_text(ratio: Fraction) -> str:
    """A ratio that may exceed a float, to 3 significant digits: 1e+400."""
    exponent = len(str(ratio.numerator // ratio.denominator)) - 1
    mantissa = float(ratio / Fraction(10) ** exponent)
    return f"{mantissa:.3g}e+{exponent:02d}"


def fisher_minimizer(theta, probabilities) -> np.ndarray:
    """The scores seed 002's Lemma 4 names as the population minimiser (its closed form).

    f_j = θ_j for j* = argmax_j θ_j·P_j (ties to the lowest index) and f_j = −θ_j/(k−1)
    elsewhere, so argmax_j f_j/θ_j is j*, the Bayes decision for the costs θ.  The claim is
    false (see the module docstring): these scores are not even feasible unless θ_{j*} is the
    mean of the other θ_j, and already at k = 2 the true minimiser ignores θ.

    >>> fisher_minimizer([10, 1, 1], [0.2, 0.5, 0.3]).tolist()
    [10.0, -0.5, -0.5]
    """
    theta, p = exact_problem(theta, probabilities)
    return _floats(_closed_form(theta, p))


def _bayes(theta, p) -> list:
    """The classes of largest θ_j·P_j (exact: more than one is a tie)."""
    weighted = [t * q for t, q in zip(theta, p)]
    top = max(weighted)
    return [j for j, value in enumerate(weighted) if value == top]


def _closed_form(theta, p) -> list:
    star, k = _bayes(theta, p)[0], len(theta)
    return [t if j == star else -t / (k - 1) for j, t in enumerate(theta)]


def _loss(f, theta, p) -> Fraction:
    k = len(theta)
    return sum((p[l] * max(theta[l] - (f[j] if j == l else -f[j]), Fraction(0))
                for l in range(k) for j in range(k)), Fraction(0))


def _floats(values) -> np.ndarray:
    return np.array([float(v) for v in values])


def population_loss(scores, theta, probabilities) -> float:
    """L(f) = Σ_l P_l·Σ_j [θ_l − δ̄(l,j)·f_j]₊, the expected apportioned loss of scores f at one point.

    >>> round(population_loss([1.0, -1.0], [1, 1], [0.7, 0.3]), 9)     # 0.3·(2 + 2)
    1.2
    """
    theta, p = point_problem(theta, probabilities)
    f = np.asarray(scores, dtype=float).reshape(-1)
    if f.shape != p.shape:
        raise ValueError(f"scores must hold one value per class ({p.shape[0]}); got {f.shape[0]}.")
    sign = np.where(np.eye(p.shape[0], dtype=bool), 1.0, -1.0)        # δ̄(l, j)
    hinge = np.maximum(theta[:, None] - sign * f[None, :], 0.0)
    return float(p @ hinge.sum(axis=1))


def two_class_loss(a, theta, probabilities) -> float:
    """k = 2 with f = (a, −a): L = 2(P₀[θ₀ − a]₊ + P₁[θ₁ + a]₊) (both scores' hinges coincide).

    >>> import math                  # the general loss sums through a matrix product: equal up to rounding
    >>> math.isclose(two_class_loss(0.0, [1, 10], [0.6, 0.4]), population_loss([0.0, 0.0], [1, 10], [0.6, 0.4]),
    ...              rel_tol=1e-12)
    True
    """
    theta, p = point_problem(theta, probabilities)
    if p.shape[0] != 2:
        raise ValueError(f"two_class_loss is the k = 2 case; got {p.shape[0]} classes.")
    return float(2.0 * (p[0] * max(theta[0] - a, 0.0) + p[1] * max(theta[1] + a, 0.0)))


# ------------------------------------------------------------------ the exact minimisers
#: an end of an interval that does not end (a slope that continues to ±∞)
UNBOUNDED = None


def _kinks(j, theta, p) -> tuple[list, list]:
    """g_j's kinks and slopes: ascending kinks x_1 < … < x_m (only where the slope changes) and the
    slopes s_0 (left of x_1) … s_m (right of x_m); s_i − s_{i−1} > 0 is the P mass of the hinges at x_i."""
    jumps: dict = {}
    for l, (t, q) in enumerate(zip(theta, p)):
        if q > 0:
            x = t if l == j else -t
            jumps[x] = jumps.get(x, Fraction(0)) + q
    xs = sorted(jumps)
    slopes = [-p[j]]
    for x in xs:
        slopes.append(slopes[-1] + jumps[x])
    return xs, slopes


def _interval(xs, slopes, lam) -> tuple:
    """The f_j at which λ is a subgradient of g_j: (lo, hi), an end None where it is unbounded."""
    first = next(i for i, s in enumerate(slopes) if s >= lam)
    after = next((i for i, s in enumerate(slopes) if s > lam), None)
    lo = UNBOUNDED if first == 0 else xs[first - 1]
    hi = UNBOUNDED if after is None else xs[after - 1]
    return lo, hi


def _optimal_box(theta, p) -> list:
    """[(lo_j, hi_j)]: the minimisers of L on Σ f = 0 are the f with lo_j ≤ f_j ≤ hi_j and Σ f_j = 0."""
    pieces = [_kinks(j, theta, p) for j in range(len(theta))]
    low, high = max(s[0] for _, s in pieces), min(s[-1] for _, s in pieces)     # the dual's domain
    values = sorted({s for _, slopes in pieces for s in slopes if low <= s <= high} | {low, high})
    candidates = values + [(a + b) / 2 for a, b in zip(values, values[1:])]
    for lam in sorted(candidates):
        box = [_interval(xs, slopes, lam) for xs, slopes in pieces]
        if all(lo is not UNBOUNDED for lo, _ in box) and sum(lo for lo, _ in box) > 0:
            continue
        if all(hi is not UNBOUNDED for _, hi in box) and sum(hi for _, hi in box) < 0:
            continue
        return box
    raise AssertionError("no optimal multiplier: the program is always feasible and bounded")  # pragma: no cover


def _ranges(box) -> list:
    """Each f_j's smallest and largest value over the minimisers (None: unbounded)."""
    out = []
    for j, (lo, hi) in enumerate(box):
        others = [b for i, b in enumerate(box) if i != j]
        top_rest = None if any(h is UNBOUNDED for _, h in others) else sum((h for _, h in others), Fraction(0))
        low_rest = None if any(l is UNBOUNDED for l, _ in others) else sum((l for l, _ in others), Fraction(0))
        low = lo if top_rest is None else (-top_rest if lo is UNBOUNDED else max(lo, -top_rest))
        high = hi if low_rest is None else (-low_rest if hi is UNBOUNDED else min(hi, -low_rest))
        out.append((low, high))
    return out


def _vertex(box) -> list:
    """One minimiser, a vertex of the set: every f_j at an end of its interval (the lower end when it
    has one) but one, moved in index order until Σ f = 0."""
    f = [lo if lo is not UNBOUNDED else hi for lo, hi in box]
    gap = -sum(f)
    for j, (lo, hi) in enumerate(box):
        if gap > 0:
            step = gap if hi is UNBOUNDED else min(gap, hi - f[j])
        elif gap < 0:
            step = gap if lo is UNBOUNDED else max(gap, lo - f[j])
        else:
            break
        f[j] += step
        gap -= step
    assert gap == 0, "the box holds a point with Σ f = 0"
    return f


def _predictable(box, theta) -> list:
    """The classes c for which some minimiser has f_c/θ_c ≥ f_j/θ_j for every j.

    With t = f_c/θ_c: f_c = θ_c t, every other f_j ≤ θ_j t, and Σ f = 0.  The t that allow it form an
    interval of lower ends (lo_c/θ_c, lo_j/θ_j) and upper ends (hi_c/θ_c, −Σ_{j≠c} lo_j/θ_c); on it
    φ(t) = θ_c t + Σ_{j≠c} min(hi_j, θ_j t), the most the scores can sum to, increases, so class c can be
    decided exactly when the interval is not empty and φ ≥ 0 at its upper end."""
    k, out = len(theta), []
    for c in range(k):
        others = [j for j in range(k) if j != c]
        lowers = [lo / theta[j] for j, (lo, _) in enumerate(box) if lo is not UNBOUNDED]
        uppers = [] if box[c][1] is UNBOUNDED else [box[c][1] / theta[c]]
        if all(box[j][0] is not UNBOUNDED for j in others):
            uppers.append(-sum(box[j][0] for j in others) / theta[c])
        if not uppers:
            out.append(c)      # t grows without end: φ(t) → ∞, and every lower end is finite
            continue
        t = min(uppers)
        if lowers and max(lowers) > t:
            continue
        reach = theta[c] * t + sum(theta[j] * t if box[j][1] is UNBOUNDED else min(box[j][1], theta[j] * t)
                                   for j in others)
        if reach >= 0:
            out.append(c)
    return out


def population_minimizer(theta, probabilities) -> np.ndarray:
    """Scores f with Σ_j f_j = 0 minimising :func:`population_loss`: a vertex of the optimal set (exact,
    then written as floats).

    >>> f = population_minimizer([1, 1, 1], [0.8, 0.1, 0.1])
    >>> bool(population_loss(f, [1, 1, 1], [0.8, 0.1, 0.1])
    ...      < population_loss(fisher_minimizer([1, 1, 1], [0.8, 0.1, 0.1]), [1, 1, 1], [0.8, 0.1, 0.1]))
    True
    """
    theta, p = exact_problem(theta, probabilities)
    return _floats(_vertex(_optimal_box(theta, p)))


@dataclass
class Lemma4Check:
    """Lemma 4 of seed 002 against the exact population minimiser at one point (θ, P).

    Every attribute was computed exactly (in rationals) and is written as floats.

    Attributes
    ----------
    theta, p : ndarray of shape (k,)
        θ as given and P divided by its sum.
    weighted : ndarray
        θ_j·P_j.
    bayes : int
        argmax_j θ_j·P_j (ties to the lowest index): the decision the lemma promises, and its j*.
    bayes_tied : list of int
        Every class of largest θ_j·P_j (more than one: a tie, which the lemma's closed form breaks to ``bayes``).
    closed_form : ndarray
        The lemma's f (:func:`fisher_minimizer`), and ``closed_form_sum`` = Σ_j f_j
        (``closed_form_feasible``: whether it is 0).
    projected : ndarray
        The closed form moved onto Σ_j f_j = 0 (its mean subtracted), ``projected_loss`` its loss.
    minimizer : ndarray
        A minimiser (a vertex of the set of minimisers), ``minimum`` its loss; ``ratio`` its f_j/θ_j.
    ranges : ndarray of shape (k, 2)
        The smallest and largest f_j over all minimisers (± inf when unbounded).
    unique : bool
        Whether the minimiser is unique (every range a single point).
    decided : list of int
        The classes where f_j/θ_j is largest at ``minimizer`` (more than one: a tie).
    predicted : int
        argmax_j f_j/θ_j at ``minimizer`` with the lab's tie rule (the lowest index of ``decided``).
    predictable : list of int
        The classes c for which some minimiser has f_c/θ_c ≥ f_j/θ_j for every j.
    differ : bool
        The minimiser's decision is not a Bayes decision: ``decided`` holds a class outside ``bayes_tied``
        (it decides another class, or ties one with another).
    """

    theta: np.ndarray
    p: np.ndarray
    bayes: int
    closed_form: np.ndarray
    closed_form_sum: float
    closed_form_feasible: bool
    closed_form_loss: float
    projected: np.ndarray
    projected_loss: float
    minimizer: np.ndarray
    minimum: float
    ranges: np.ndarray
    unique: bool
    decided: list
    predicted: int
    predictable: list = field(default_factory=list)
    differ: bool = False
    bayes_tied: list = field(default_factory=list)
    weighted: np.ndarray = field(default_factory=lambda: np.zeros(0))
    ratio: np.ndarray = field(default_factory=lambda: np.zeros(0))
    #: whether the two classes' probabilities are equal (k = 2: the loss is flat between the kinks)
    p_equal: bool = False
    #: whether the lemma's closed form is itself a minimiser (on Σ f = 0, with the least loss)
    closed_form_optimal: bool = False

    @property
    def k(self) -> int:
        return int(self.theta.shape[0])


def examine(theta, probabilities) -> Lemma4Check:
    """Lemma 4 of seed 002 at one point: its closed form, the exact minimisers, both decisions.

    See the module docstring for the method.  θ: positive costs (:data:`MAX_THETA`, :data:`MAX_THETA_SPAN`),
    P: probabilities summing to 1; a ValueError says what is wrong with them.

    >>> check = examine([2, 1, 1], [0.2, 0.5, 0.3])
    >>> check.closed_form.tolist(), check.closed_form_sum      # j* = 1 (θP = (0.4, 0.5, 0.3))
    ([-1.0, 1.0, -0.5], -0.5)
    >>> check.closed_form_feasible
    False
    >>> bool(check.minimum <= check.projected_loss)
    True
    >>> examine([1e20, 1], [0.5, 0.5]).ranges.tolist()        # θ's scale does not matter: still exact
    [[-1.0, 1e+20], [-1e+20, 1.0]]
    """
    theta, p = exact_problem(theta, probabilities)
    k = len(theta)
    tied = _bayes(theta, p)
    closed = _closed_form(theta, p)
    total = sum(closed)
    mean = total / k
    projected = [v - mean for v in closed]
    box = _optimal_box(theta, p)
    ranges = _ranges(box)
    minimizer = _vertex(box)
    minimum = _loss(minimizer, theta, p)
    ratio = [f / t for f, t in zip(minimizer, theta)]
    top = max(ratio)
    decided = [j for j, r in enumerate(ratio) if r == top]
    unique = all(lo is not UNBOUNDED and hi is not UNBOUNDED and lo == hi for lo, hi in ranges)
    return Lemma4Check(
        theta=_floats(theta), p=_floats(p), bayes=tied[0], closed_form=_floats(closed),
        closed_form_sum=float(total), closed_form_feasible=total == 0,
        closed_form_loss=float(_loss(closed, theta, p)), projected=_floats(projected),
        projected_loss=float(_loss(projected, theta, p)), minimizer=_floats(minimizer),
        minimum=float(minimum),
        ranges=np.array([[-np.inf if lo is UNBOUNDED else float(lo), np.inf if hi is UNBOUNDED else float(hi)]
                         for lo, hi in ranges]),
        unique=unique, decided=decided, predicted=decided[0], predictable=_predictable(box, theta),
        differ=not set(decided) <= set(tied), bayes_tied=tied, weighted=_floats(t * q for t, q in zip(theta, p)),
        ratio=_floats(ratio), p_equal=k == 2 and p[0] == p[1],
        closed_form_optimal=total == 0 and _loss(closed, theta, p) == minimum)
