r"""The best score possible in each challenge of :mod:`lab.challenges`, found exactly.

A mistake bound is a ceiling for every sequence; under a challenge's own rules the adversary's
best is often much lower.  These functions find that best — the most mistakes any sequence that
keeps the rules can force — and one sequence that forces it, in exact arithmetic (integers,
:class:`fractions.Fraction`, numbers a + b√d), so no CPU's rounding decides a comparison.

* **Perceptron** (w₁ = 0, no intercept; ‖x‖ ≤ R, |u·x| ≥ g, label = side of u).  Write z = y·x
  in the frame (u, u⊥): z₁ = |u·x| ≥ g, ‖z‖ ≤ R, a mistake is w·z ≤ 0 and the update w ← w + z.
  From w = (p, q) a mistake needs z₂ of the sign opposite to q with p·z₁ ≤ |q|·|z₂|; taking z₁ = g
  gives the smallest p and the widest choice of z₂, so it is never worse (the state (p, |q|) with
  the smaller p can do everything the other can).  After k mistakes p = k·g and the set of
  reachable |q| is one interval; mistake k+1 is possible from |q| = r iff r ≥ k·g²/c, c = √(R² − g²),
  and leads to q' ∈ [r − c, r − k·g²/r].  :func:`perceptron_reach` walks these intervals.  With
  R = 2, g = ½ (R² = 16 g²) the ninth mistake needs |q| = 4/√15 exactly after eight: an irrational
  point no typed (decimal) point reaches, so the best is 8 of Novikoff's 16.
* **Winnow** (balanced features (x, 1, −x, −1), uniform start, rate η with e^η = √(3/2) for the
  challenge's γ = 1/5).  Only mistakes change Winnow, so the best count is the longest chain of
  mistakes from the start: a depth-first search over the integer sums S (the weights are
  ∝ e^{ηS}); the sign of w·f is decided in ℚ(√6).  Best: 27 of the bound's 123.
* **Weighted Majority** (N experts, β = ½, the best expert at most m mistakes, a budget of rounds).
  The state is each expert's mistake count (weights β^count, exact as integers); an exhaustive
  search over every round's advice and outcome, rounds without a mistake included.  Best: 7 of 9.64.

Every search depends only on the challenge's fixed rules; :mod:`lab.challenges` keeps each result
in a module-level cache (no user data in it).  Pure Python: no Streamlit.

Examples
--------
>>> from fractions import Fraction
>>> perceptron_reach(Fraction(2), Fraction(1, 2))
8
>>> experts_best(2, 1, 0.5, 6)[0]      # two experts, the best one at most once wrong, six rounds
3
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction


# ------------------------------------------------------------------ exact numbers a + b√d
@dataclass(frozen=True)
class Surd:
    """a + b·√d with rational a, b and a fixed rational d > 0 that is not a square."""

    a: Fraction
    b: Fraction
    d: Fraction

    def __add__(self, other):
        other = self._lift(other)
        return Surd(self.a + other.a, self.b + other.b, self.d)

    def __sub__(self, other):
        other = self._lift(other)
        return Surd(self.a - other.a, self.b - other.b, self.d)

    def __neg__(self):
        return Surd(-self.a, -self.b, self.d)

    def __mul__(self, other):
        other = self._lift(other)
        return Surd(self.a * other.a + self.b * other.b * self.d, self.a * other.b + self.b * other.a, self.d)

    def __truediv__(self, other):
        other = self._lift(other)
        norm = other.a * other.a - other.b * other.b * self.d
        if norm == 0:
            raise ZeroDivisionError("division by 0 in ℚ(√d)")
        top = self * Surd(other.a, -other.b, self.d)
        return Surd(top.a / norm, top.b / norm, self.d)

    def _lift(self, other):
        return other if isinstance(other, Surd) else Surd(Fraction(other), Fraction(0), self.d)

    def sign(self) -> int:
        """−1, 0 or +1, exactly."""
        sa, sb = (self.a > 0) - (self.a < 0), (self.b > 0) - (self.b < 0)
        if sa == sb or sb == 0:
            return sa
        if sa == 0:
            return sb
        left, right = self.a * self.a, self.b * self.b * self.d         # compare |a| with |b|√d
        return sa if left > right else sb if left < right else 0

    def __lt__(self, other):
        return (self - other).sign() < 0

    def __le__(self, other):
        return (self - other).sign() <= 0

    def __float__(self):
        return float(self.a) + float(self.b) * float(self.d) ** 0.5

    @property
    def rational(self) -> bool:
        return self.b == 0


# ------------------------------------------------------------------ perceptron
def perceptron_reach(R: Fraction, g: Fraction, budget: int = 10**6) -> int:
    """The most mistakes typed (rational) points can force on the perceptron from w = 0 under
    ‖x‖ ≤ R, |u·x| ≥ g (u a rational unit vector), at most ``budget`` points — the interval walk of the
    module's docstring, exact in ℚ(√(R² − g²)).

    Raises ValueError where the answer would hinge on one rational point being reachable (a case the
    lab's rules never meet).
    """
    R, g = Fraction(R), Fraction(g)
    if not (0 < g <= R):
        raise ValueError(f"the rules need 0 < g ≤ R; got g = {g}, R = {R}.")
    d = R * R - g * g
    if d == 0:
        return min(1, budget)                 # only z = (g, 0): w ∥ u after one mistake, none after
    if _is_square(d):
        raise ValueError("R² − g² is a square: the walk would need the closed interval case.")
    c = Surd(Fraction(0), Fraction(1), d)
    zero = Surd(Fraction(0), Fraction(0), d)
    low, high = zero, c                        # |q| after the first mistake: [0, c]
    k = 1
    while k < budget:
        threshold = c._lift(k * g * g) / c     # mistake k+1 needs |q| ≥ k·g²/c
        a = threshold if low < threshold else low
        if high < a:
            break
        if not (a < high):                     # one point left: rational points reach it only if rational
            if not a.rational:
                break
            raise ValueError(f"after {k} mistakes only |q| = {a.a} allows another: undecided here.")
        b = high
        top = b - c._lift(k * g * g) / b       # q' ∈ [a − c, b − k·g²/b]
        bottom = a - c
        if bottom.sign() <= 0 <= top.sign():
            low, high = zero, (-bottom if top < -bottom else top)
        elif top.sign() < 0:
            low, high = -top, -bottom
        else:
            low, high = bottom, top
        k += 1
    return min(k, budget)


def _is_square(value: Fraction) -> bool:
    from math import isqrt

    n, m = value.numerator, value.denominator
    return n >= 0 and isqrt(n) ** 2 == n and isqrt(m) ** 2 == m


def perceptron_sequence(u: tuple, R: Fraction, g: Fraction, count: int, digits: int = 3,
                        slack: Fraction = Fraction(1, 1000)) -> list[tuple[Fraction, Fraction]]:
    """``count`` points x (decimals of at most ``digits`` + 1 places) that keep the rules and are each a
    perceptron mistake with y·w·x ≤ −``slack`` (after the first, where w = 0): a beam search over the
    reduction's one free coordinate z₂, checked in exact arithmetic.  Raises ValueError when it finds none.
    """
    u = (Fraction(u[0]), Fraction(u[1]))
    perp = (-u[1], u[0])
    R, g = Fraction(R), Fraction(g)
    step = Fraction(1, 10 ** digits)
    c2 = R * R - g * g
    top = Fraction(int((c2 ** 0.5) * 10 ** digits), 10 ** digits)
    while top * top > c2:
        top -= step
    beam = [((), Fraction(0), Fraction(0))]      # (z₂ so far, p, q)
    for k in range(count):
        grown = {}
        for chosen, p, q in beam:
            for index in range(41):
                t = top * index / 40
                t = Fraction(int(t / step), 1) * step
                for z2 in ((t, -t) if k == 0 else (-t if q > 0 else t,)):
                    if k and not (p * g + q * z2 <= -slack):
                        continue
                    new_q = q + z2
                    key = abs(new_q)
                    if key not in grown:
                        grown[key] = (chosen + (z2,), p + g, new_q)
        if not grown:
            raise ValueError(f"no sequence of {count} mistakes found (stopped after {k}).")
        ordered = [grown[key] for key in sorted(grown)]
        beam = ordered[:: max(1, len(ordered) // 60)] + ordered[-5:]
    chosen = beam[-1][0]
    points = []
    for index, z2 in enumerate(chosen):
        y = 1 if index % 2 == 0 else -1        # both classes appear in the player
        points.append((y * (g * u[0] + z2 * perp[0]), y * (g * u[1] + z2 * perp[1])))
    return points


# ------------------------------------------------------------------ winnow
def _power(exponent: int) -> tuple[Fraction, Fraction]:
    """s^E = (3/2)^{E//2}·s^{E mod 2} with s = √(3/2), as (rational part, part times s)."""
    half, odd = divmod(exponent, 2)
    value = Fraction(3, 2) ** half
    return (Fraction(0), value) if odd else (value, Fraction(0))


def _sinh2_exact(exponent: int) -> tuple[Fraction, Fraction]:
    """s^E − s^{−E}: a positive copy's weight minus its negative copy's, up to the common factor."""
    plus, minus = _power(exponent), _power(-exponent)
    return plus[0] - minus[0], plus[1] - minus[1]


#: :func:`_sinh2_exact` for the exponents a search reaches (|E| ≤ 64; the Winnow challenge stays within ±6),
#: computed once at import: a table of constants, not a cache
_SINH2 = {exponent: _sinh2_exact(exponent) for exponent in range(-64, 65)}


def _sinh2(exponent: int) -> tuple[Fraction, Fraction]:
    return _SINH2[exponent] if -64 <= exponent <= 64 else _sinh2_exact(exponent)


def _winnow_sign(sums: tuple, instance: tuple) -> int:
    """The exact sign of w·f on the balanced features (x, 1, −x, −1) with w ∝ s^{S}, S of the negative
    copies = −S of the positive ones (``sums`` holds the variables' S, then the constant's)."""
    rational = irrational = Fraction(0)
    for active, exponent in zip(instance + (1,), sums):
        if active:
            r, i = _sinh2(exponent)
            rational += r
            irrational += i
    return Surd(rational, irrational, Fraction(3, 2)).sign()


def winnow_best(n_variables: int, target: tuple, budget: int) -> tuple[int, list[tuple]]:
    """(most mistakes, one sequence of instances forcing them) for Winnow with e^η = √(3/2) on the balanced
    features of ``n_variables`` booleans labelled by the disjunction of ``target``, within ``budget``."""
    instances = list(itertools.product((0, 1), repeat=n_variables))
    labels = [1 if any(x[j] for j in target) else -1 for x in instances]
    inside = sorted(target)
    outside = [j for j in range(n_variables) if j not in target]

    def canonical(sums):
        return (tuple(sorted(sums[j] for j in inside)), tuple(sorted(sums[j] for j in outside)), sums[-1])

    longest: dict = {}

    def moves(sums):
        for x, y in zip(instances, labels):
            if y * _winnow_sign(sums, x) <= 0:
                yield x, tuple(s + y * v for s, v in zip(sums, x + (1,)))

    def search(sums) -> int:
        key = canonical(sums)
        if key not in longest:
            longest[key] = max((1 + search(after) for _, after in moves(sums)), default=0)
        return longest[key]

    start = (0,) * (n_variables + 1)
    best = search(start)
    sequence, sums = [], start
    while len(sequence) < min(best, budget):
        goal = longest[canonical(sums)] - 1
        x, sums = next((x, after) for x, after in moves(sums) if longest[canonical(after)] == goal)
        sequence.append(x)
    return min(best, budget), sequence


# ------------------------------------------------------------------ weighted majority
def experts_best(n_experts: int, cap: int, beta: float, budget: int) -> tuple[int, list[tuple]]:
    """(most mistakes, one sequence of rounds (advice, outcome) forcing them) for Weighted Majority with
    β = 1/2 (ties: 1) over at most ``budget`` rounds, the best expert making at most ``cap`` mistakes.

    The states (sorted mistake counts: experts are interchangeable) reachable in ``budget`` rounds are
    listed once with their moves; then ``best[r][state]`` — the most mistakes in r more rounds — is filled
    for r = 1 … budget, every move of every state at once (integer arrays: exact)."""
    if Fraction(beta) != Fraction(1, 2):
        raise ValueError(f"the exact search is written for β = ½; got {beta!r}.")
    import numpy as np

    advices = list(itertools.product((0, 1), repeat=n_experts))
    top = budget + 1                            # a count never exceeds the rounds played

    def moves(counts):
        """Every round that keeps the cap and changes something: ((advice, outcome), mistake?, counts after)."""
        weights = [1 << (top - c) for c in counts]      # β^c times 2^top, exact
        total = sum(weights)
        for advice in advices:
            for_one = sum(w for w, a in zip(weights, advice) if a)
            prediction = 1 if 2 * for_one >= total else 0
            for outcome in (1 - prediction, prediction):
                after = tuple(c + (a != outcome) for c, a in zip(counts, advice))
                if min(after) <= cap and after != counts:
                    yield (advice, outcome), int(outcome != prediction), after

    start = (0,) * n_experts
    index, frontier, edges = {start: 0}, [start], []
    for _ in range(budget):
        following = []
        for counts in frontier:
            for _, gain, after in moves(counts):
                after = tuple(sorted(after))
                if after not in index:
                    index[after] = len(index)
                    following.append(after)
                edges.append((index[counts], gain, index[after]))
        frontier = following
    source, gain, target = (np.array(column, dtype=np.int64) for column in zip(*set(edges)))
    best = [np.zeros(len(index), dtype=np.int64)]
    for _ in range(budget):
        layer = np.zeros(len(index), dtype=np.int64)
        np.maximum.at(layer, source, gain + best[-1][target])
        best.append(layer)
    sequence, counts, left = [], start, budget
    goal = int(best[budget][0])
    while goal > 0:
        move, won, after = next(m for m in sorted(moves(counts), key=lambda m: -m[1])          # mistakes first
                                if m[1] + int(best[left - 1][index[tuple(sorted(m[2]))]]) == goal)
        sequence.append(move)
        counts, left, goal = after, left - 1, goal - won
    return int(best[budget][0]), sequence
