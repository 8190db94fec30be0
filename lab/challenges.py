r"""Be the adversary: the student chooses the trials, the learner pays mistakes, the bound is the ceiling.

Every mistake bound of the sources holds for *every* sequence that keeps its conditions: a margin
γ and a radius R for the perceptron, a sparse target for Winnow, a best expert with few mistakes
for Weighted Majority.  In a challenge the student plays the adversary of the proofs — chooses the
points (or instances, or the experts' advice and the outcome) and their order to force as many
mistakes as the conditions allow — and the score is the mistakes made as a fraction of the bound,
which no sequence can pass:

* **Perceptron** (seed 003, Thm 2.1; seed 001): points x with ‖x‖ ≤ R and margin u·x ≥ g (or
  ≤ −g) for the fixed unit comparator u; the label is the side of u; the learner is the
  perceptron from w = 0 without an intercept, so every condition of Novikoff's bound holds and
  M ≤ (R/g)², i.e. M ≤ ⌊(R/g)²⌋ (M is whole).
* **Winnow** (seed 003, Thm 3.1): boolean instances x ∈ {0,1}ⁿ labelled by the disjunction of k
  variables.  On Winnow's balanced features (x, 1, −x, −1) the non-negative u with 1 on the k
  variables and ½ on the constant −1, scaled to ‖u‖₁ = 1, has margin γ = ½/(k + ½) = 1/(2k+1) on
  every instance (positives have u·x − ½ ≥ ½, negatives −½), R∞ = 1, and Winnow runs with the
  tuned rate η* of that γ: M ≤ ln n/(η*γ − ln cosh η*) with n = 2(n_vars + 1) weights.
* **Weighted Majority** (seed 001): N experts' advice and the outcome, round after round, as
  long as the best expert makes at most m mistakes; M ≤ (m ln(1/β) + ln N)/ln(2/(1+β)).

Each challenge also caps the number of trials (a budget).  Input that breaks a rule is refused
with the reason and its line, never silently fixed or dropped.  Pure Python: no Streamlit.

Examples
--------
>>> result = perceptron_outcome("1.2, 1.6\n-1.6, 1.2\n1.2, -0.4")
>>> result.valid, result.problems[0]
(False, 'Line 2 (−1.6, 1.2): u·x = 0 lies inside the band |u·x| < g = 0.5 — move it at least 0.5 from the line u·x = 0.')
>>> result = perceptron_outcome("2, 0\n-0.6, 1.8\n0.2, -1.2")
>>> result.valid, result.mistakes, result.bound, result.score
(True, 2, 16, 0.125)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np

from learners import Perceptron, WeightedMajority, Winnow, bounds

SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _n(value: float) -> str:
    """4 significant digits and a true minus sign."""
    value = float(value) + 0.0
    return f"{value:.4g}".replace("-", "−")


@dataclass(frozen=True)
class Challenge:
    """One challenge: its rules as numbers, the bound that caps it and the budget of trials."""

    key: str
    title: str
    learner: str
    budget: int
    rules: str
    bound_text: str


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
    bound : float
        The ceiling: the bound under the challenge's conditions (an integer when mistakes are whole).
    score : float
        ``mistakes / bound``.
    trials : list of dict
        Per trial: what was shown, the label, the prediction, mistake (for a table).
    state : dict
        The learner after the trials (``w``, ``weights`` …): what the adversary plans the next move with.
    """

    valid: bool
    problems: list = field(default_factory=list)
    mistakes: int = 0
    bound: float = 0.0
    score: float = 0.0
    trials: list = field(default_factory=list)
    state: dict = field(default_factory=dict)


def _lines(text: str) -> list[tuple[int, str]]:
    """(line number, stripped text) of the non-empty lines that are not comments (#)."""
    found = []
    for number, line in enumerate(str(text).splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if line:
            found.append((number, line))
    return found


def _budget_problem(count: int, budget: int, what: str) -> list[str]:
    if count > budget:
        return [f"{count} {what}: the budget is {budget}. Remove {count - budget}."]
    return []


# ------------------------------------------------------------------ perceptron
U = np.array([0.6, 0.8])          # the fixed unit comparator
MARGIN, RADIUS = 0.5, 2.0         # g and R
PERCEPTRON_BUDGET = 40

PERCEPTRON = Challenge(
    "perceptron", "Perceptron: force mistakes under a margin", "Perceptron (no intercept, w₁ = 0)",
    PERCEPTRON_BUDGET,
    rules=(f"Place up to {PERCEPTRON_BUDGET} points x = (x₁, x₂), in the order the perceptron will see them "
           f"(repeats allowed). Every point must have length ‖x‖ ≤ R = {_n(RADIUS)} and lie at least "
           f"g = {_n(MARGIN)} from the line u·x = 0 of the fixed comparator u = ({_n(U[0])}, {_n(U[1])}) "
           "(‖u‖ = 1): |u·x| ≥ g. Its class is the side of u: +1 where u·x > 0, −1 where u·x < 0. "
           "The perceptron starts at w = 0, has no intercept, and on a mistake (y·w·x ≤ 0) adds y·x."),
    bound_text=(f"Novikoff (seed 003, Thm 2.1): M ≤ R²‖u‖²/γ² ≤ (R/g)² = ({_n(RADIUS)}/{_n(MARGIN)})² = "
                f"{_n((RADIUS / MARGIN) ** 2)}, so M ≤ {math.floor((RADIUS / MARGIN) ** 2)}."))


def perceptron_bound() -> int:
    """⌊(R/g)²⌋: no sequence keeping the rules makes the perceptron err more often.

    >>> perceptron_bound()
    16
    """
    return math.floor((RADIUS / MARGIN) ** 2 + 1e-9)


_NUMBER = r"[-+−]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def parse_points(text: str) -> tuple[list, list]:
    """Points from text, one per line as ``x₁, x₂`` (commas, semicolons or spaces between): ``(rows, problems)``.

    >>> parse_points("1, 2\\n# a comment\\n-0.5 1.5\\nthree, 4")
    ([(1, 1.0, 2.0), (3, -0.5, 1.5)], ["Line 4: 'three, 4' is not two numbers x₁, x₂ (e.g. 1.2, -0.4)."])
    """
    rows, problems = [], []
    for number, line in _lines(text):
        pieces = [piece for piece in re.split(r"[,;\s]+", line) if piece]
        if len(pieces) != 2 or not all(re.fullmatch(_NUMBER, piece) for piece in pieces):
            problems.append(f"Line {number}: {line!r} is not two numbers x₁, x₂ (e.g. 1.2, -0.4).")
            continue
        x1, x2 = (float(piece.replace("−", "-")) for piece in pieces)
        rows.append((number, x1, x2))
    return rows, problems


def point_problem(number: int, x1: float, x2: float) -> str | None:
    """Why the point breaks the rules (None when it keeps them).

    >>> point_problem(1, 3.0, 0.0)
    'Line 1 (3, 0): its length ‖x‖ = 3 exceeds R = 2 — bring it closer to the origin.'
    """
    where = f"Line {number} ({_n(x1)}, {_n(x2)})"
    length = math.hypot(x1, x2)
    if length > RADIUS + 1e-12:
        return f"{where}: its length ‖x‖ = {length:.6g} exceeds R = {_n(RADIUS)} — bring it closer to the origin."
    margin = float(U @ [x1, x2])
    if abs(margin) < MARGIN - 1e-12:
        return (f"{where}: u·x = {margin + 0.0:.6g}".replace("-", "−") + f" lies inside the band |u·x| < g = {_n(MARGIN)} — move it at least "
                f"{_n(MARGIN)} from the line u·x = 0.")
    return None


def perceptron_outcome(text: str) -> Outcome:
    """Play the perceptron challenge on the points of ``text`` (see :func:`parse_points`)."""
    rows, problems = parse_points(text)
    problems += [p for p in (point_problem(*row) for row in rows) if p]
    problems += _budget_problem(len(rows), PERCEPTRON_BUDGET, "points")
    bound = perceptron_bound()
    if problems or not rows:
        return Outcome(False, problems or ["Place at least one point."], bound=bound)
    X = np.array([[x1, x2] for _, x1, x2 in rows])
    labels = (X @ U > 0).astype(int)                 # class 1 is y = +1
    model = Perceptron(fit_intercept=False)
    model.start([0, 1], 2)
    trials = []
    for x, label in zip(X, labels):
        record = model.learn_one(x, label)
        trials.append({"x₁": x[0], "x₂": x[1], "y": "+1" if label else "−1", "y·(w·x)": record.margin,
                       "mistake": bool(record.mistake), "w after": _vector(record.weights_after)})
    mistakes = int(model.mistakes_)
    return Outcome(True, [], mistakes, bound, mistakes / bound, trials,
                   {"w": np.asarray(model.augmented_coef_[0], dtype=float), "X": X, "labels": labels})


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
           f"runs with η* = {_n(winnow_rate())}."),
    bound_text=(f"Seed 003, Thm 3.1, with the ℓ1-unit u (1 on x₁ and x₃, ½ on −1, divided by 2.5): γ = 1/(2k+1) = "
                f"{_n(winnow_margin())}, R∞ = 1, n = {2 * (N_VARIABLES + 1)}: M ≤ ln n/(η*γ − ln cosh η*) = "
                f"{_n(bounds.winnow(1.0, 2 * (N_VARIABLES + 1), winnow_rate(), winnow_margin(), 1.0))}, so "
                f"M ≤ {winnow_bound()}."))


def parse_instances(text: str, n: int = N_VARIABLES) -> tuple[list, list]:
    """Instances from text, one per line as n digits 0/1 (spaces allowed): ``(rows, problems)``.

    >>> parse_instances("10010\\n1 1 0 0 0\\n1002\\n", 5)
    ([(1, (1, 0, 0, 1, 0)), (2, (1, 1, 0, 0, 0))], ["Line 3: '1002' must be 5 digits, each 0 or 1 (e.g. 10010)."])
    """
    rows, problems = [], []
    for number, line in _lines(text):
        digits = line.replace(" ", "").replace(",", "")
        if len(digits) != n or set(digits) - {"0", "1"}:
            problems.append(f"Line {number}: {line!r} must be {n} digits, each 0 or 1 (e.g. {'10010'[:n].ljust(n, '0')}).")
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
    bound = winnow_bound()
    if problems or not rows:
        return Outcome(False, problems or ["Choose at least one instance."], bound=bound)
    model = Winnow(eta=winnow_rate())
    model.start([0, 1], N_VARIABLES)
    trials = []
    for _, instance in rows:
        label = disjunction(instance)
        record = model.learn_one(np.array(instance, dtype=float), label)
        trials.append({"x": "".join(map(str, instance)), "y": "+1" if label else "−1", "y·(w·x)": record.margin,
                       "mistake": bool(record.mistake)})
    mistakes = int(model.mistakes_)
    return Outcome(True, [], mistakes, bound, mistakes / bound, trials,
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


def experts_bound() -> float:
    """(m ln(1/β) + ln N)/ln(2/(1+β)) with m the cap on the best expert (seed 001).

    >>> round(experts_bound(), 3)
    9.638
    """
    return float(bounds.weighted_majority(BEST_CAP, N_EXPERTS, BETA))


EXPERTS = Challenge(
    "experts", "Weighted Majority: choose the advice", "Weighted Majority (β = ½)", EXPERTS_BUDGET,
    rules=(f"Write up to {EXPERTS_BUDGET} rounds, one per line: the advice of the {N_EXPERTS} experts as "
           f"{N_EXPERTS} digits, a space, and the outcome (e.g. 0110 1). At the end the best expert may have "
           f"made at most m = {BEST_CAP} mistakes. Weighted Majority starts with every weight 1, predicts the "
           "weighted vote (ties: 1) and multiplies each wrong expert's weight by β = ½."),
    bound_text=(f"Seed 001: M ≤ (m ln(1/β) + ln N)/ln(2/(1+β)) = ({BEST_CAP}·ln 2 + ln {N_EXPERTS})/ln(4/3) = "
                f"{_n(experts_bound())} — the lecture's 2.41(m + log₂N) rounded."))


def parse_rounds(text: str, n: int = N_EXPERTS) -> tuple[list, list]:
    """Rounds from text, one per line as ``advice outcome`` (n digits 0/1, then one digit): ``(rows, problems)``.

    >>> parse_rounds("0110 1\\n01101\\n011 1", 4)
    ([(1, (0, 1, 1, 0), 1), (2, (0, 1, 1, 0), 1)], ["Line 3: '011 1' must be 4 digits of advice, a space and the outcome, each 0 or 1 (e.g. 0110 1)."])
    """
    rows, problems = [], []
    for number, line in _lines(text):
        digits = re.sub(r"[\s,;|:/]+", "", line)
        if len(digits) != n + 1 or set(digits) - {"0", "1"}:
            problems.append(f"Line {number}: {line!r} must be {n} digits of advice, a space and the outcome, each 0 "
                            f"or 1 (e.g. {'0110'[:n].ljust(n, '0')} 1).")
            continue
        rows.append((number, tuple(int(c) for c in digits[:n]), int(digits[n])))
    return rows, problems


def experts_outcome(text: str) -> Outcome:
    """Play the Weighted Majority challenge on the rounds of ``text``."""
    rows, problems = parse_rounds(text)
    problems += _budget_problem(len(rows), EXPERTS_BUDGET, "rounds")
    bound = experts_bound()
    if not problems and rows:
        advice = np.array([row[1] for row in rows])
        outcomes = np.array([row[2] for row in rows])
        wrong = (advice != outcomes[:, None]).sum(axis=0)
        best = int(wrong.min())
        if best > BEST_CAP:
            problems.append(f"Every expert has made more than m = {BEST_CAP} mistakes (the best, E{int(wrong.argmin()) + 1}, "
                            f"made {best}): make one expert right more often — change an outcome or its advice.")
    if problems or not rows:
        return Outcome(False, problems or ["Write at least one round."], bound=bound)
    model = WeightedMajority(beta=BETA)
    model.start(N_EXPERTS)
    trials = []
    for _, row_advice, outcome in rows:
        record = model.learn_one(np.array(row_advice), outcome)
        trials.append({"advice": "".join(map(str, row_advice)), "outcome": outcome, "vote for 1": record.vote_for_one,
                       "prediction": record.prediction, "mistake": bool(record.mistake),
                       "W after": float(np.sum(record.weights_after))})
    mistakes = int(model.mistakes_)
    return Outcome(True, [], mistakes, bound, mistakes / bound, trials,
                   {"weights": model.weights_, "expert_mistakes": model.expert_mistakes_, "advice": advice,
                    "outcomes": outcomes})


CHALLENGES = {challenge.key: challenge for challenge in (PERCEPTRON, WINNOW, EXPERTS)}
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
