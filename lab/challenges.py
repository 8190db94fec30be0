r"""Be the adversary: the student chooses the trials, the learner pays mistakes — how many can the rules give?

Every mistake bound of the sources holds for *every* sequence that keeps its conditions: a margin
γ and a radius R for the perceptron, a sparse target for Winnow, a best expert with few mistakes
for Weighted Majority.  In a challenge the student plays the adversary of the proofs — chooses the
points (or instances, or the experts' advice and the outcome) and their order to force as many
mistakes as the conditions allow.  The theorem's bound is a ceiling no sequence passes, but under a
challenge's rules the best any sequence can do is often far below it: :mod:`lab.challenge_search`
finds that best exactly, with one sequence that reaches it (the page's "show me a worst case").  The
score is the mistakes made as a fraction of that best possible, the bound beside it:

* **Perceptron** (seed 003, Thm 2.1; seed 001): points x with ‖x‖ ≤ R and margin u·x ≥ g (or
  ≤ −g) for the fixed unit comparator u; the label is the side of u; the learner is the
  perceptron from w = 0 without an intercept, so every condition of Novikoff's bound holds and
  M ≤ (R/g)².  The rules are checked, and the perceptron replayed, in exact arithmetic on the numbers
  as typed (:class:`fractions.Fraction`): no CPU's rounding decides whether a point is in the band.
* **Winnow** (seed 003, Thm 3.1): boolean instances x ∈ {0,1}ⁿ labelled by the disjunction of k
  variables.  On Winnow's balanced features (x, 1, −x, −1) the non-negative u with 1 on the k
  variables and ½ on the constant −1, scaled to ‖u‖₁ = 1, has margin γ = ½/(k + ½) = 1/(2k+1) on
  every instance (positives have u·x − ½ ≥ ½, negatives −½), R∞ = 1, and Winnow runs with the
  tuned rate η* of that γ: M ≤ ln n/(η*γ − ln cosh η*) with n = 2(n_vars + 1) weights.
* **Weighted Majority** (seed 001): N experts' advice and the outcome, round after round, as
  long as the best expert makes at most m mistakes; M ≤ (m ln(1/β) + ln N)/ln(2/(1+β)).

Mistakes are whole, so every bound is shown as :func:`whole_bound` of its value (the one rounding rule
of the three).  Each challenge also caps the number of trials (a budget).  Input that breaks a rule
is refused with the reason and its line, never silently fixed or dropped; the text is checked for
length (:data:`MAX_CHARACTERS`, :data:`MAX_LINE`) before any pattern or number conversion looks at
it.  Pure Python: no Streamlit.

Examples
--------
>>> result = perceptron_outcome("1.2, 1.6\n-1.6, 1.2\n1.2, -0.4")
>>> result.valid, result.problems[0]
(False, 'Line 2 (−1.6, 1.2): u·x = 0 lies inside the band |u·x| < g = 0.5 — move it at least 0.5 from the line u·x = 0.')
>>> result = perceptron_outcome("2, 0\n-0.6, 1.8\n0.2, -1.2")
>>> result.valid, result.mistakes, result.bound, result.best, result.score
(True, 2, 16, 8, 0.25)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from lab.numbers import number_text as _n, read_number
from learners import WeightedMajority, Winnow, bounds

from . import challenge_search

#: the longest text a challenge reads (40 trials of a line each leave plenty of room for comments)
MAX_CHARACTERS = 10_000
#: the longest line a challenge reads
MAX_LINE = 200
#: the most lines a challenge reads (its budget of trials, comments and blank lines between them)
MAX_LINES = 400

SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
#: η* (the tuned rate) as Markdown writes it: ``η\\*``
ETA_STAR = "η\\*"


@dataclass(frozen=True)
class Challenge:
    """One challenge: its rules as numbers, the bound that caps it, the budget of trials, and why the best
    possible stays below the bound (``gap``).  ``rules``, ``bound_text`` and ``gap`` are Markdown (the page
    renders them): a literal asterisk is written ``\\*`` (:data:`ETA_STAR`), or two would set the text between
    them in italics."""

    key: str
    title: str
    learner: str
    budget: int
    rules: str
    bound_text: str
    gap: str = ""


def whole_bound(value) -> int:
    """The most whole mistakes a bound of ``value`` allows, ⌊value⌋ — the rounding rule of every challenge.

    An exact value (int, :class:`~fractions.Fraction`) is floored exactly; a float computed from
    logarithms is floored unless it lies within 10⁻⁹ (relative) of a whole number, where its last bits
    could decide — then ValueError rather than a guess.

    >>> whole_bound(Fraction(16)), whole_bound(123.44), whole_bound(9.6377)
    (16, 123, 9)
    """
    if isinstance(value, (int, Fraction)):
        return math.floor(value)
    value = float(value)
    nearest = round(value)
    if abs(value - nearest) <= 1e-9 * max(1.0, abs(value)) and not float(value).is_integer():
        raise ValueError(f"the bound {value!r} is too close to {nearest} to floor in floating point.")
    return math.floor(value)


@dataclass(frozen=True)
class Best:
    """The best score possible under a challenge's rules: the most mistakes and a sequence forcing them,
    as the text a student would type."""

    mistakes: int
    text: str


@dataclass
class Outcome:
    """A challenge played: whether the input keeps the rules, and then the mistakes against the bound.

    Attributes
    ----------
    valid : bool
        Every line keeps the rules (``problems`` is empty) and there is at least one trial.
    problems : list of str
        What breaks the rules, line by line, with the fix.
    mistakes : int
        The learner's mistakes on the trials (0 when not valid).
    bound : int
        The theorem's ceiling under the challenge's conditions, as whole mistakes (:func:`whole_bound`).
    best : int
        The most mistakes any sequence keeping the rules forces (:func:`best_possible`).
    score : float
        ``mistakes / best``.
    trials : list of dict
        Per trial: what was shown, the label, the prediction, mistake (for a table).
    state : dict
        The learner after the trials (``w``, ``weights`` …): what the adversary plans the next move with.
    """

    valid: bool
    problems: list = field(default_factory=list)
    mistakes: int = 0
    bound: int = 0
    best: int = 1
    score: float = 0.0
    trials: list = field(default_factory=list)
    state: dict = field(default_factory=dict)


def _lines(text: str) -> list[tuple[int, str]]:
    """(line number, stripped text) of the non-empty lines that are not comments (#); the text is cut at
    :data:`MAX_CHARACTERS` first, so no caller reads more (the parsers read nothing of a text
    :func:`length_problems` refuses)."""
    found = []
    for number, line in enumerate(str(text)[:MAX_CHARACTERS].splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if line:
            found.append((number, line))
    return found


def length_problems(text: str) -> list[str]:
    """Why ``text`` is too long to read (empty when it is not): checked before anything parses it, which
    then reads nothing of it.

    >>> length_problems("2, 0"), length_problems("1" * 20_000), length_problems("1\\n" * 500)
    ([], ['The text has 20,000 characters; a challenge reads at most 10,000. Shorten it.'], ['The text has 500 lines; a challenge reads at most 400. Shorten it.'])
    """
    text = str(text)
    if len(text) > MAX_CHARACTERS:
        return [f"The text has {len(text):,} characters; a challenge reads at most {MAX_CHARACTERS:,}. Shorten it."]
    lines = len(text.splitlines())
    if lines > MAX_LINES:
        return [f"The text has {lines:,} lines; a challenge reads at most {MAX_LINES:,}. Shorten it."]
    return []


def _shown(line: str) -> str:
    """A line quoted in a problem: cut to :data:`MAX_LINE` characters."""
    return repr(line if len(line) <= MAX_LINE else line[:MAX_LINE] + "…")


def _too_long(number: int, line: str) -> str | None:
    if len(line) > MAX_LINE:
        return f"Line {number}: {len(line):,} characters; a line holds at most {MAX_LINE}."
    return None


def _budget_problem(count: int, budget: int, what: str) -> list[str]:
    if count > budget:
        return [f"{count} {what}: the budget is {budget}. Remove {count - budget}."]
    return []


# ------------------------------------------------------------------ perceptron
U_EXACT = (Fraction(3, 5), Fraction(4, 5))        # the fixed unit comparator u
G_EXACT, R_EXACT = Fraction(1, 2), Fraction(2)    # g and R
U = np.array([float(v) for v in U_EXACT])         # the same numbers, for figures
MARGIN, RADIUS = float(G_EXACT), float(R_EXACT)
PERCEPTRON_BUDGET = 40


def novikoff_value() -> Fraction:
    """(R/g)², exactly: Novikoff's bound with ‖u‖ = 1 and margin g."""
    return (R_EXACT / G_EXACT) ** 2


PERCEPTRON = Challenge(
    "perceptron", "Perceptron: force mistakes under a margin", "Perceptron (no intercept, w₁ = 0)",
    PERCEPTRON_BUDGET,
    rules=(f"Place up to {PERCEPTRON_BUDGET} points x = (x₁, x₂), in the order the perceptron will see them "
           f"(repeats allowed). Every point must have length ‖x‖ ≤ R = {_n(RADIUS)} and lie at least "
           f"g = {_n(MARGIN)} from the line u·x = 0 of the fixed comparator u = ({_n(U[0])}, {_n(U[1])}) "
           "(‖u‖ = 1): |u·x| ≥ g. Its class is the side of u: +1 where u·x > 0, −1 where u·x < 0. "
           "The perceptron starts at w = 0, has no intercept, and on a mistake (y·w·x ≤ 0) adds y·x. "
           "The rules and the perceptron use the numbers exactly as you type them."),
    bound_text=(f"Novikoff (Agarwal's notes, Thm 2.1): M ≤ R²‖u‖²/γ² ≤ (R/g)² = ({_n(RADIUS)}/{_n(MARGIN)})² = "
                f"{_n(novikoff_value())}, so M ≤ {whole_bound(novikoff_value())}."),
    gap=("The proof adds two inequalities: w·u grows by at least g per mistake, and ‖w‖² by at most R². Both "
         "are tight only if every mistake's point is as long as R, perpendicular to w, and w points along u. "
         "But a mistake needs y·w·x ≤ 0 while y·u·x ≥ g, so w must point well away from u — then ‖w‖ exceeds "
         "w·u and the room left shrinks with every mistake. In the frame of u the game is one number (how far w "
         "leans off u); walking its exact range shows the ninth mistake would need one irrational point on the "
         "circle ‖x‖ = R, which no typed point reaches."))


def perceptron_bound() -> int:
    """⌊(R/g)²⌋: no sequence keeping the rules makes the perceptron err more often.

    >>> perceptron_bound()
    16
    """
    return whole_bound(novikoff_value())


def exact_number(text) -> Fraction:
    """The number a student typed, exactly (a decimal is the decimal, not its nearest binary float): the lab's
    one reader (:func:`lab.numbers.read_number`), exact.

    >>> exact_number("−0.1"), exact_number(0.1), exact_number("2e-1"), exact_number("1/3")
    (Fraction(-1, 10), Fraction(1, 10), Fraction(1, 5), Fraction(1, 3))
    """
    if isinstance(text, (int, Fraction)):
        return Fraction(text)
    if isinstance(text, float):
        text = repr(text)                  # the shortest decimal that is this float: what was typed
    return read_number(text, exact=True)


def parse_points(text: str) -> tuple[list, list]:
    """Points from text, one per line as ``x₁, x₂`` (commas, semicolons or spaces between): ``(rows, problems)``,
    each row (line, x₁, x₂) with exact coordinates.  Linear in the text, which is read up to
    :data:`MAX_CHARACTERS`; a line longer than :data:`MAX_LINE` is refused before it is split.

    >>> parse_points("1, 2\\n# a comment\\n-0.5 1.5\\nthree, 4")
    ([(1, Fraction(1, 1), Fraction(2, 1)), (3, Fraction(-1, 2), Fraction(3, 2))], ["Line 4: 'three, 4' is not two numbers x₁, x₂ (e.g. 1.2, -0.4)."])
    """
    rows, problems = [], length_problems(text)
    for number, line in ([] if problems else _lines(text)):
        long = _too_long(number, line)
        if long:
            problems.append(long)
            continue
        pieces = [piece for piece in re.split(r"[,;\s]+", line) if piece]
        try:
            x1, x2 = map(exact_number, pieces)
        except ValueError:                 # not two pieces, or one that is not a number
            problems.append(f"Line {number}: {_shown(line)} is not two numbers x₁, x₂ (e.g. 1.2, -0.4).")
            continue
        rows.append((number, x1, x2))
    return rows, problems


def point_problem(number: int, x1, x2) -> str | None:
    """Why the point breaks the rules (None when it keeps them), decided exactly on the typed numbers.

    >>> point_problem(1, 3.0, 0.0)
    'Line 1 (3, 0): its length ‖x‖ = 3 exceeds R = 2 — bring it closer to the origin.'
    >>> point_problem(5, "1.6", "-1.2")
    'Line 5 (1.6, −1.2): u·x = 0 lies inside the band |u·x| < g = 0.5 — move it at least 0.5 from the line u·x = 0.'
    """
    x1, x2 = exact_number(x1), exact_number(x2)
    where = f"Line {number} ({_n(x1)}, {_n(x2)})"
    if x1 * x1 + x2 * x2 > R_EXACT * R_EXACT:
        length = math.sqrt(float(x1 * x1 + x2 * x2))
        return f"{where}: its length ‖x‖ = {_n(length, 6)} exceeds R = {_n(RADIUS)} — bring it closer to the origin."
    margin = U_EXACT[0] * x1 + U_EXACT[1] * x2
    if abs(margin) < G_EXACT:
        return (f"{where}: u·x = {_n(margin, 6)} lies inside the band |u·x| < g = {_n(MARGIN)} — move it at "
                f"least {_n(MARGIN)} from the line u·x = 0.")
    return None


def perceptron_outcome(text: str) -> Outcome:
    """Play the perceptron challenge on the points of ``text`` (see :func:`parse_points`), in exact arithmetic."""
    rows, problems = parse_points(text)
    problems += [p for p in (point_problem(*row) for row in rows[:PERCEPTRON_BUDGET + 1]) if p]
    problems += _budget_problem(len(rows), PERCEPTRON_BUDGET, "points")
    bound, best = perceptron_bound(), best_possible("perceptron").mistakes
    if problems or not rows:
        return Outcome(False, problems or ["Place at least one point."], bound=bound, best=best)
    w, trials, mistakes = (Fraction(0), Fraction(0)), [], 0
    labels = []
    for _, x1, x2 in rows:
        y = 1 if U_EXACT[0] * x1 + U_EXACT[1] * x2 > 0 else -1
        margin = y * (w[0] * x1 + w[1] * x2)
        mistake = margin <= 0
        if mistake:
            w, mistakes = (w[0] + y * x1, w[1] + y * x2), mistakes + 1
        labels.append(int(y > 0))                    # class 1 is y = +1
        trials.append({"x₁": float(x1), "x₂": float(x2), "y": "+1" if y > 0 else "−1", "y·(w·x)": float(margin),
                       "mistake": mistake, "w after": _vector([float(v) for v in w])})
    X = np.array([[float(x1), float(x2)] for _, x1, x2 in rows])
    return Outcome(True, [], mistakes, bound, best, mistakes / best, trials,
                   {"w": np.array([float(v) for v in w]), "X": X, "labels": np.array(labels, dtype=int)})


def _vector(values) -> str:
    return "(" + ", ".join(_n(v) for v in np.asarray(values, dtype=float).reshape(-1)) + ")"


# ------------------------------------------------------------------ winnow
N_VARIABLES = 5
TARGET = (0, 2)                   # x₁ ∨ x₃
WINNOW_BUDGET = 40


def winnow_margin(k: int = len(TARGET)) -> float:
    """γ = 1/(2k+1): the margin of the ℓ1-unit u (1 on the k variables, ½ on the constant −1).

    >>> winnow_margin(2)
    0.2
    """
    return 1.0 / (2 * k + 1)


def winnow_rate() -> float:
    """η*, the rate Theorem 3.1 is tuned with for γ = 1/(2k+1), R∞ = 1, ‖u‖₁ = 1 (seed 003)."""
    return float(bounds.winnow_best_eta(1.0, winnow_margin(), 1.0))


def winnow_bound() -> int:
    """⌊ln n/(η*γ − ln cosh η*)⌋ with n = 2(n_vars + 1) weights: Theorem 3.1 of seed 003, whole mistakes.

    >>> winnow_bound()
    123
    """
    return math.floor(float(bounds.winnow(1.0, 2 * (N_VARIABLES + 1), winnow_rate(), winnow_margin(), 1.0)) + 1e-9)


def _target_text() -> str:
    return " ∨ ".join(f"x{j + 1}".translate(SUBSCRIPTS) for j in TARGET)


WINNOW = Challenge(
    "winnow", "Winnow: a sparse disjunction", "Winnow (balanced features, tuned η*)", WINNOW_BUDGET,
    rules=(f"Choose up to {WINNOW_BUDGET} boolean instances of {N_VARIABLES} variables, one per line as "
           f"{N_VARIABLES} digits 0/1 (e.g. 10010), in the order Winnow sees them (repeats allowed). The label "
           f"is the target disjunction {_target_text()}: +1 when x₁ or x₃ is 1, −1 otherwise. Winnow keeps "
           f"2·({N_VARIABLES} + 1) = {2 * (N_VARIABLES + 1)} weights on (x, 1, −x, −1), starts uniform and "
           f"runs with {ETA_STAR} = {_n(winnow_rate())}."),
    bound_text=(f"Agarwal's notes, Thm 3.1, with the ℓ1-unit u (1 on x₁ and x₃, ½ on −1, divided by 2.5): γ = 1/(2k+1) = "
                f"{_n(winnow_margin())}, R∞ = 1, n = {2 * (N_VARIABLES + 1)}: M ≤ ln n/({ETA_STAR}γ − ln cosh {ETA_STAR}) = "
                f"{_n(bounds.winnow(1.0, 2 * (N_VARIABLES + 1), winnow_rate(), winnow_margin(), 1.0))}, so "
                f"M ≤ {winnow_bound()}."),
    gap=("The theorem holds for any instances in [−1, 1] and any target of margin γ; its proof follows the "
         f"potential KL(u‖w), which starts at most at ln n and falls by at least {ETA_STAR}γ − ln cosh {ETA_STAR} per mistake. Here "
         "it starts lower — u spreads over the weights {shares}, so KL(u‖w₁) = ln {n} − H(u) = {start} and "
         "the same argument already gives {start_bound} — and every variable that is off gives its two features the "
         "value 0, where the proof's estimate e^(ηx) ≤ cosh η + x·sinh η overshoots by cosh η − 1. Only mistakes move "
         "Winnow, so the best is the longest chain of mistakes from the start: an exhaustive search over Winnow's "
         "exact states finds it."))


def winnow_start() -> float:
    """KL(u‖w₁) = ln n − H(u) for the challenge's u (1 on the target's k variables and ½ on −1, ℓ1-normalised)
    and Winnow's uniform start over n = 2(n_vars + 1) weights: where the proof's potential really starts.

    >>> f"{winnow_start():.3f}"
    '1.430'
    """
    return math.log(2 * (N_VARIABLES + 1)) + sum(share * math.log(share) for share in winnow_comparator())


def winnow_comparator() -> list[float]:
    """The non-zero weights of the challenge's u: 1 on each of the k target variables, ½ on −1, over k + ½."""
    k = len(TARGET)
    return [1.0 / (k + 0.5)] * k + [0.5 / (k + 0.5)]


def parse_instances(text: str, n: int = N_VARIABLES) -> tuple[list, list]:
    """Instances from text, one per line as n digits 0/1 (spaces allowed): ``(rows, problems)``; the text and
    each line are checked for length first.

    >>> parse_instances("10010\\n1 1 0 0 0\\n1002\\n", 5)
    ([(1, (1, 0, 0, 1, 0)), (2, (1, 1, 0, 0, 0))], ["Line 3: '1002' must be 5 digits, each 0 or 1 (e.g. 10010)."])
    """
    rows, problems = [], length_problems(text)
    for number, line in ([] if problems else _lines(text)):
        long = _too_long(number, line)
        if long:
            problems.append(long)
            continue
        digits = line.replace(" ", "").replace(",", "")
        if len(digits) != n or set(digits) - {"0", "1"}:
            problems.append(f"Line {number}: {_shown(line)} must be {n} digits, each 0 or 1 (e.g. {'10010'[:n].ljust(n, '0')}).")
            continue
        rows.append((number, tuple(int(c) for c in digits)))
    return rows, problems


def disjunction(instance) -> int:
    """1 (y = +1) when one of the target's variables is 1."""
    return int(any(instance[j] for j in TARGET))


def winnow_outcome(text: str) -> Outcome:
    """Play the Winnow challenge on the instances of ``text``."""
    rows, problems = parse_instances(text)
    problems += _budget_problem(len(rows), WINNOW_BUDGET, "instances")
    bound, best = winnow_bound(), best_possible("winnow").mistakes
    if problems or not rows:
        return Outcome(False, problems or ["Choose at least one instance."], bound=bound, best=best)
    model = Winnow(eta=winnow_rate())
    model.start([0, 1], N_VARIABLES)
    trials = []
    for _, instance in rows:
        label = disjunction(instance)
        record = model.learn_one(np.array(instance, dtype=float), label)
        trials.append({"x": "".join(map(str, instance)), "y": "+1" if label else "−1", "y·(w·x)": record.margin,
                       "mistake": bool(record.mistake)})
    mistakes = int(model.mistakes_)
    return Outcome(True, [], mistakes, bound, best, mistakes / best, trials,
                   {"weights": model.weights_, "wrong_now": winnow_wrong_now(model)})


def winnow_wrong_now(model) -> list[str]:
    """The instances the model would get wrong now (what the adversary of the proof knows)."""
    import itertools

    X = np.array(list(itertools.product((0, 1), repeat=N_VARIABLES)), dtype=float)
    y = np.array([disjunction(x) for x in X.astype(int)])
    margins = np.where(y == 1, 1.0, -1.0) * model.decision_function(X)
    return ["".join(str(int(v)) for v in x) for x, m in zip(X, margins) if m <= 0]


# ------------------------------------------------------------------ weighted majority
N_EXPERTS, BEST_CAP, BETA = 4, 2, 0.5
EXPERTS_BUDGET = 30


def experts_value() -> float:
    """(m ln(1/β) + ln N)/ln(2/(1+β)) with m the cap on the best expert: the standard generalisation to any β of the
    bound seed 001 prints for β = ½, M ≤ 2.4(m + log N) (docs/SPECIFICATION.md §9 derives it).

    >>> round(experts_value(), 3)
    9.638
    """
    return float(bounds.weighted_majority(BEST_CAP, N_EXPERTS, BETA))


def experts_bound() -> int:
    """⌊(m ln(1/β) + ln N)/ln(2/(1+β))⌋: whole mistakes, as every challenge rounds (:func:`whole_bound`).

    >>> experts_bound()
    9
    """
    return whole_bound(experts_value())


EXPERTS = Challenge(
    "experts", "Weighted Majority: choose the advice", "Weighted Majority (β = ½)", EXPERTS_BUDGET,
    rules=(f"Write up to {EXPERTS_BUDGET} rounds, one per line: the advice of the {N_EXPERTS} experts as "
           f"{N_EXPERTS} digits, a space, and the outcome (e.g. 0110 1). At the end the best expert may have "
           f"made at most m = {BEST_CAP} mistakes. Weighted Majority starts with every weight 1, predicts the "
           "weighted vote (ties: 1) and multiplies each wrong expert's weight by β = ½."),
    bound_text=(f"M ≤ (m ln(1/β) + ln N)/ln(2/(1+β)) = ({BEST_CAP}·ln 2 + ln {N_EXPERTS})/ln(4/3) = "
                f"{_n(experts_value())}, so M ≤ {experts_bound()}: the standard generalisation to any β of the bound "
                "COMS 4771 lecture 8 prints for β = ½, M ≤ 2.4(m + log N) (the lab derives it in Lesson 5, and "
                "the gap below follows its proof)."),
    gap=("The proof chains two estimates: a mistake shrinks the total weight W by at least the factor ¾ (the wrong "
         "side holds at least half of W, and it is halved), and at the end W is at least the best expert's weight "
         "(½)^m. The bound is reached only if every mistake finds exactly half of W on the wrong side and the other "
         "experts' weights count for nothing at the end; with four experts whose weights are powers of ½ and whole "
         "mistakes, these cannot all hold at once. An exhaustive search over every advice and outcome of up to "
         f"{EXPERTS_BUDGET} rounds, with exact weights, finds the most Weighted Majority can be made to err."))


def parse_rounds(text: str, n: int = N_EXPERTS) -> tuple[list, list]:
    """Rounds from text, one per line as ``advice outcome`` (n digits 0/1, then one digit): ``(rows, problems)``;
    the text and each line are checked for length first.

    >>> parse_rounds("0110 1\\n01101\\n011 1", 4)
    ([(1, (0, 1, 1, 0), 1), (2, (0, 1, 1, 0), 1)], ["Line 3: '011 1' must be 4 digits of advice, a space and the outcome, each 0 or 1 (e.g. 0110 1)."])
    """
    rows, problems = [], length_problems(text)
    for number, line in ([] if problems else _lines(text)):
        long = _too_long(number, line)
        if long:
            problems.append(long)
            continue
        digits = re.sub(r"[\s,;|:/]+", "", line)
        if len(digits) != n + 1 or set(digits) - {"0", "1"}:
            problems.append(f"Line {number}: {_shown(line)} must be {n} digits of advice, a space and the outcome, each 0 "
                            f"or 1 (e.g. {'0110'[:n].ljust(n, '0')} 1).")
            continue
        rows.append((number, tuple(int(c) for c in digits[:n]), int(digits[n])))
    return rows, problems


def experts_outcome(text: str) -> Outcome:
    """Play the Weighted Majority challenge on the rounds of ``text``."""
    rows, problems = parse_rounds(text)
    problems += _budget_problem(len(rows), EXPERTS_BUDGET, "rounds")
    bound, best_count = experts_bound(), best_possible("experts").mistakes
    if not problems and rows:
        advice = np.array([row[1] for row in rows])
        outcomes = np.array([row[2] for row in rows])
        wrong = (advice != outcomes[:, None]).sum(axis=0)
        best = int(wrong.min())
        if best > BEST_CAP:
            problems.append(f"Every expert has made more than m = {BEST_CAP} mistakes (the best, E{int(wrong.argmin()) + 1}, "
                            f"made {best}): make one expert right more often — change an outcome or its advice.")
    if problems or not rows:
        return Outcome(False, problems or ["Write at least one round."], bound=bound, best=best_count)
    model = WeightedMajority(beta=BETA)
    model.start(N_EXPERTS)
    trials = []
    for _, row_advice, outcome in rows:
        record = model.learn_one(np.array(row_advice), outcome)
        trials.append({"advice": "".join(map(str, row_advice)), "outcome": outcome, "vote for 1": record.vote_for_one,
                       "prediction": record.prediction, "mistake": bool(record.mistake),
                       "W after": float(np.sum(record.weights_after))})
    mistakes = int(model.mistakes_)
    return Outcome(True, [], mistakes, bound, best_count, mistakes / best_count, trials,
                   {"weights": model.weights_, "expert_mistakes": model.expert_mistakes_, "advice": advice,
                    "outcomes": outcomes})


CHALLENGES = {challenge.key: challenge for challenge in (PERCEPTRON, WINNOW, EXPERTS)}


def search_best(key: str) -> Best:
    """The most mistakes any sequence keeping challenge ``key``'s rules forces, and one such sequence as the
    text a student would type — found exactly by :mod:`lab.challenge_search` (Winnow's exhaustive search takes
    about 20 s, Weighted Majority's a few)."""

    if key == "perceptron":
        count = challenge_search.perceptron_reach(R_EXACT, G_EXACT, PERCEPTRON_BUDGET)
        points = challenge_search.perceptron_sequence(U_EXACT, R_EXACT, G_EXACT, count)
        return Best(count, "\n".join(f"{_exact_text(x1)}, {_exact_text(x2)}" for x1, x2 in points))
    if key == "winnow":
        count, instances = challenge_search.winnow_best(N_VARIABLES, TARGET, WINNOW_BUDGET)
        return Best(count, "\n".join("".join(map(str, x)) for x in instances))
    if key == "experts":
        count, rounds = challenge_search.experts_best(N_EXPERTS, BEST_CAP, BETA, EXPERTS_BUDGET)
        return Best(count, "\n".join("".join(map(str, advice)) + f" {outcome}" for advice, outcome in rounds))
    raise ValueError(f"no challenge {key!r}; choose one of {sorted(CHALLENGES)}.")



#: :func:`search_best` of every challenge, found once and kept here, so no student waits for a search (a
#: table of the challenges' fixed rules, no user data); tests/test_challenges.py searches again and compares
KNOWN_BEST = {
    'perceptron': Best(8, '0.1456, 0.5158\n-1.7712, 0.7034\n0.0296, 0.6028\n0.164, -0.748\n-0.9776, 1.3582\n-1.6936, 0.6452\n-1.132, 1.474\n-1.8488, 0.7616'),
    'winnow': Best(27, '00000\n00100\n00001\n01110\n00011\n01111\n00011\n11011\n00011\n01001\n01111\n01001\n10010\n10011\n01001\n01011\n01010\n11010\n01111\n01011\n11011\n01011\n00010\n00111\n01010\n11011\n00010'),
    'experts': Best(7, '0011 0\n0011 1\n0011 0\n0011 1\n0011 0\n0100 1\n1011 0'),
}


def best_possible(key: str) -> Best:
    """The best possible of challenge ``key`` (:data:`KNOWN_BEST`, what :func:`search_best` finds).

    >>> best_possible("perceptron").mistakes, best_possible("winnow").mistakes, best_possible("experts").mistakes
    (8, 27, 7)
    """
    if key not in KNOWN_BEST:
        raise ValueError(f"no challenge {key!r}; choose one of {sorted(CHALLENGES)}.")
    return KNOWN_BEST[key]


def _exact_text(value: Fraction) -> str:
    """A terminating decimal written out exactly (the worst cases are built from such numbers).

    >>> _exact_text(Fraction(-2579, 5000)), _exact_text(Fraction(3))
    ('-0.5158', '3')
    """
    sign, value = ("-" if value < 0 else ""), abs(value)
    places = 0
    while (value * 10 ** places).denominator != 1:
        places += 1
        if places > 30:
            raise ValueError(f"{value} has no short decimal.")
    digits = str((value * 10 ** places).numerator).rjust(places + 1, "0")
    return sign + (digits[:-places] + "." + digits[-places:] if places else digits)


def gap_text(key: str) -> str:
    """Why the best possible stays below the bound, with this challenge's numbers."""
    challenge = CHALLENGES[key]
    if key == "winnow":
        start = winnow_start()
        per_mistake = math.log(2 * (N_VARIABLES + 1)) / float(
            bounds.winnow(1.0, 2 * (N_VARIABLES + 1), winnow_rate(), winnow_margin(), 1.0))
        shares = "(" + ", ".join(_n(v) for v in winnow_comparator()) + ")"
        return challenge.gap.format(start=_n(start), start_bound=f"M ≤ {_n(start / per_mistake)}", shares=shares,
                                    n=2 * (N_VARIABLES + 1))
    return challenge.gap
OUTCOMES = {"perceptron": perceptron_outcome, "winnow": winnow_outcome, "experts": experts_outcome}


def outcome(key: str, text: str) -> Outcome:
    """Play challenge ``key`` on the student's ``text``."""
    return OUTCOMES[key](text)


#: a valid sequence to start from, for each challenge (a student improves on it)
EXAMPLES = {
    "perceptron": "2, 0\n-0.6, 1.8\n0.2, -1.2",
    "winnow": "10000\n01000\n00100\n00011",
    "experts": "1100 1\n0011 0\n1010 1",
}


def appended(text: str, line: str) -> str:
    """``text`` with ``line`` added as its last line.

    >>> appended("1, 2", "3, 4"), appended("", "3, 4"), appended("1, 2\\n", "3, 4")
    ('1, 2\\n3, 4', '3, 4', '1, 2\\n3, 4')
    """
    text = str(text).rstrip("\n")
    return f"{text}\n{line}" if text else line


def line_count(text: str) -> int:
    """How many trials ``text`` holds (non-empty lines that are not comments)."""
    return len(_lines(text))
