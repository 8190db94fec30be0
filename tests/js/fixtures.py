"""Fixtures of the player's Node tests (tests/js/*.test.mjs): what Python computes from a model, for the
JavaScript that computes it again in the browser to be compared against.

* ``kernel.json`` — runs of the kernel models as the player gets them (``payload["boundary"]["dual"]`` of
  :func:`lab.timeline.build_timeline`, the grid thinned to every 8th row and column), with the learner's own
  ``decision_function`` on those grid points after some numbers of updates s (replayed with
  :class:`lab.runner.Run`, the run the payload was built from).  components/player/kernel.js's DualGrid must
  give the same scores (up to the factor the SGD solver's scale puts on all of them) and the same sign or
  winning class.
* ``novikoff.json`` — the comparator drag's data of a run (``payload["drag"]``: feature vectors and label
  signs, :mod:`lab.drag`) and, for a few vectors u, γ_t = min_{s≤t} y_s(u·f_s), R_t = max_{s≤t} ‖f_s‖ and
  Novikoff's bound :func:`learners.bounds.novikoff` (R_t, ‖u‖, γ_t) at every trial where γ_t > 0, which
  components/comparator_drag.js computes live for a dragged u; and the same feature vectors scaled to the ends
  of the float range (:data:`NOVIKOFF_SCALES`: where Σ f² under- or overflows), u with them (up to scale 1),
  whose γ/‖u‖ and R must be the unscaled ones times the scale and the bound the same.  Lengths are measured with
  the lab's scaled norm (:func:`learners._linear.safe_row_norms`) and margins with the unit u/‖u‖, as the
  player does.
* ``experts.json`` — expert runs as the player gets them (the fields of an experts payload the scene reads:
  advice, outcomes, every trial's factor β or 1 − ε, the doubling trick's restarts) and, after every trial,
  the learner's ``normalized_weights_`` and ``expert_mistakes_``, which components/player/experts.js rebuilds
  from those fields.  Weighted Majority on the "perfect-expert" story as its page built it (the recorded
  payload, tests/fixtures/story_payloads.json.gz), Randomized WM with a fixed ε and with the doubling trick
  (restarts included) on a seeded advice stream.
* ``grading.json`` — what a student may type (:data:`TYPED`) and what :func:`lab.grading.read_number` reads
  from it (null where it refuses), and pairs of numbers with :func:`lab.grading.is_close`'s verdict under the
  payload's tolerance (:data:`lab.grading.TOLERANCE`) and a lesson's own; components/player/grading.js (the
  quiz's reader and judge) must give the same answers.
* ``numbers.json`` — numbers (:data:`NUMBERS`: negative, tiny, huge, whole, halves at the rounding edge, and
  seeded random floats of every size) with :func:`lab.numbers.number_text`'s text at several counts of digits,
  and :data:`lab.numbers.TEXT_DIGITS`; components/player/numbers.js's numberText must write the same strings.
  And quizzes (:func:`lab.quiz.classifier_quiz`, :func:`lab.quiz.experts_quiz`) whose answers sit at a rounding
  edge: Weighted Majority's W = 6.0625 (a tie: 6.062, where toPrecision says 6.063) and a perceptron's weight
  6.06250004 (six digits, 6.0625, then four: 6.062; the exact value: 6.063) — the quiz's verdict
  (components/quiz.js) must show each answer with the digits its words (Python's) say.

They are committed, so ``node --test tests/js/`` runs on its own; ``python3 -m tests.js.fixtures`` writes
them again and tests/test_player_js.py checks that the committed ones are what this module makes now.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "fixtures"
#: every how many grid rows and columns the kernel fixtures keep (the player's grid is lab.timeline.GRID wide)
THIN = 8
#: kernel runs: (name, learner, parameter values, story whose points it runs on, order, passes)
KERNEL_RUNS = (
    ("kernel perceptron, rbf", "Kernel Perceptron", {"kernel": "rbf", "gamma": 1.0}, "xor", "drawn", 3),
    ("kernel perceptron, poly", "Kernel Perceptron", {"kernel": "poly", "gamma": 0.5, "degree": 2}, "xor", "drawn", 2),
    ("kernel perceptron, laplace", "Kernel Perceptron", {"kernel": "laplace", "gamma": 1.5}, "noise", "shuffled", 1),
    ("apportioned margin, rbf, perceptron solver", "Apportioned margin",
     {"kernel": "rbf", "solver": "perceptron", "gamma": 2.0}, "four-classes", "drawn", 1),
    ("apportioned margin, rbf, sgd", "Apportioned margin", {"kernel": "rbf", "solver": "sgd", "gamma": 2.0},
     "priority", "drawn", 1),
)
#: numbers of updates at which the kernel scores are compared: the start, the first ones, around the player's
#: checkpoints (every 32 updates, components/player/kernel.js CHECKPOINT) and the last
KERNEL_STATES = (0, 1, 2, 31, 32, 33, 64, 65)
#: the drag fixture: the story, its first trials kept, and the vectors u (as fractions of the best u's
#: components, turned by an angle in radians): the best u, two that separate fewer trials, one that never does
NOVIKOFF_STORY = "thin-margin"
NOVIKOFF_TRIALS = 150
NOVIKOFF_TURNS = (0.0, 0.05, -0.3, np.pi)
#: scales of the extreme copies of the drag fixture: Σ f² underflows below about 1e-154 and overflows above 1e154,
#: and u·f (u drawn at the data's scale) underflows below about 1e-154 as well
NOVIKOFF_SCALES = (1e-300, 1e-165, 1e-100, 1e150, 1e300)
#: Randomized WM runs: (name, parameter values, trials, experts, seed of the advice stream)
EXPERT_RUNS = (("randomized WM, ε = 0.3", {"epsilon": 0.3}, 240, 6, 5),
               ("randomized WM, doubling trick", {"doubling": True}, 400, 5, 8))

#: typed answers: fractions, decimal commas, true minus signs, exponents, spaces (Python's strip and the reader's
#: own), other scripts' digits — and what must be refused (words, two slashes, two commas, nothing, a zero divisor)
TYPED = ("3/4", "-3/4", "\u22123/4", "\u22120,5", "0,75", "0.75", "1e3", "1E3", "1,5e-2", "2,5/5", "1/3", "+2",
         " 7 ", "\t7\n", "\u00a07\u3000", "\u20097", "1 000", "3 / 4", "- 3", "1\u2009000", ".5", ",5", "5.",
         "5,", "1.e3", "-0", "0/5", "1e-999", "\u0663/\u0664", "\U0001d7d1,\U0001d7d3",
         "2/0", "0/0", "2/0,0", "1e999", "1e308/1e-10", "abc", "", "   ", "1/2/3", "0,1,2", "1..2", "1,,2",
         "1e", "e3", "1e3.5", ".", ",", "-", "/4", "3/", "1\u00a0000", "1\t2", "0x10", "1_000", "inf", "nan",
         "\ufeff7", "7\x1c", "\u00bd", "\u00b2", "12%", "(3)", "3 4/5", "--3", "+-3",
         "1 000 000", "12 345,5", "1 00", "1 0000", "1\u20090000", "3 4", "1 000/4", "- 2 / 3", "\u2212 1 000",
         "1,5 e-2", "3/ 4", "3 /4", "\u0663 \u0664\u0665\u0666", "1  000")
#: (given, expected) pairs judged with the lab's tolerance and with a lesson's (±0.1): well inside, well outside
#: and around both of its arms (absolute near 0, relative for large answers)
CLOSE_PAIRS = ((0.75, 0.75), (0.7, 0.75), (0.745, 0.75), (0.004, 0.0), (0.006, 0.0), (-0.004, 0.0),
               (990.5, 1000.0), (985.0, 1000.0), (-1003.0, -1000.0), (1000.0, -1000.0), (3.2, 3.0),
               (0.05, 0.1), (1.0e-9, 0.0), (101.0, 100.0), (102.0, 100.0))
LESSON_TOLERANCE = {"abs": 0.1, "rel": 0.0}
#: numbers both formatters must write alike: zero and −0, negative, tiny (down to the smallest subnormal), huge
#: (to the largest float), whole (below and above 10^digits), halves at the rounding edge (a tie between two
#: neighbours, which Python gives to the even digit: 6.0625, 0.125, 2.5, 9.5, 25, 99995), their neighbours a float
#: apart, and the powers of ten where Python's "g" switches to an exponent (1e-4, 1e-5, 1e4 …)
NUMBERS = (0.0, -0.0, 1.0, -1.0, 7.0, 240.0, -12345.0, 99995.0, 1e16, 2.0 ** 53 + 2, 123456789012345678.0,
           6.0625, 6.8125, -6.0625, 0.125, 0.375, 2.5, -2.5, 9.5, 25.0, 0.5, 1.5, 1234.5, 6.06250004, 6.0625000000000009,
           6.0624999999999991, 9.9995, 0.00012345, -0.000123456, 2.5e-7, -3.25e12, 1e-4, 1e-5, 9.99949e-5, 1e4,
           9999.5, 1e23, 1e22, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, 1.7976931348623157e308,
           -1.7976931348623157e308, 0.1, 0.2 + 0.1, 1 / 3, -2 / 3, 2.1385, -2.1385, 100.0, 0.001)
#: the counts of significant digits the numbers are written with (lab.numbers.TEXT_DIGITS among them)
NUMBER_DIGITS = (1, 2, 3, 4, 6, 17)
#: seeded random floats: any bits; binary fractions (ties are frequent); and random sizes
RANDOM_NUMBERS = 300


def _story_run(learner: str, values: dict, story: str, order: str, passes: int):
    from lab.stories import STORIES, make_points
    from lab.timeline import build_timeline

    points = make_points(STORIES[story])
    return points, build_timeline(learner, values, points, order=order, n_passes=passes, seed=0)


def kernel_case(label: str, learner: str, values: dict, story: str, order: str, passes: int) -> dict:
    """One kernel run: the payload's dual (grid thinned) and the learner's decision values after some updates."""
    from lab import catalog
    from lab.runner import Run

    points, payload = _story_run(learner, values, story, order, passes)
    dual = payload["boundary"]["dual"]
    size = len(dual["grid"]["x"])
    keep = list(range(0, size, THIN))
    rows = [i * size + j for i in keep for j in keep]
    grid = {"x": [dual["grid"]["x"][j] for j in keep], "y": [dual["grid"]["y"][i] for i in keep],
            "features": [dual["grid"]["features"][g] for g in rows]}
    xy = np.array([[grid["x"][j], grid["y"][i]] for i in range(len(keep)) for j in range(len(keep))])
    X, labels, weights = points.to_arrays()
    run = Run(catalog.build(learner, values), X, labels, weights, classes=np.unique(labels), order=order,
              n_passes=passes, seed=0)
    updates = len(dual["deltas"])
    wanted = sorted({s for s in KERNEL_STATES if s <= updates} | {updates})
    states, s = [], 0                      # s = 0 (no support point yet) scores 0 everywhere: the test knows it
    for _ in range(payload["T"]):
        if run.step().record.updated:
            s += 1
            if s in wanted:
                states.append({"s": s, "decision": run.learner.decision_function(xy).tolist()})
    assert s == updates, "the replayed run is not the payload's"
    return {"name": label, "learner": learner, "dual": {**dual, "grid": grid}, "states": states}


def _novikoff_values(u, F, signs, point) -> dict:
    """γ_t, R_t, ‖u‖ and Novikoff's bound of u at every trial, measured as the player must (scaled norms,
    margins of u/‖u‖)."""
    from learners import bounds
    from learners._linear import safe_row_norms

    norm = float(safe_row_norms(u)[0])
    unit_gamma = np.minimum.accumulate(signs[point] * (F[point] @ (u / norm)))
    R = np.maximum.accumulate(safe_row_norms(F[point]))
    bound = [float(bounds.novikoff(r, 1.0, g)) if g > 0 else None for r, g in zip(R, unit_gamma)]
    broken = next((t + 1 for t, g in enumerate(unit_gamma) if g <= 0), 0)
    return {"u": u.tolist(), "norm": norm, "gamma": (unit_gamma * norm).tolist(), "unit_gamma": unit_gamma.tolist(),
            "R": R.tolist(), "bound": bound, "broken": broken}


def novikoff_case() -> dict:
    """The drag data of a Perceptron run and, for a few u, γ_t, R_t and Novikoff's bound at every trial; then the
    run without its intercept at the extreme scales, with the values that must not change there."""
    from lab.stories import STORIES

    presets = STORIES[NOVIKOFF_STORY].presets
    _, payload = _story_run(presets["perceptron_learner"], {}, NOVIKOFF_STORY, presets["perceptron_order"],
                            presets["perceptron_passes"])
    drag = payload["drag"]
    T = min(NOVIKOFF_TRIALS, payload["T"])
    point = payload["trials"]["point"][:T]
    F, signs = np.array(drag["F"], dtype=float), np.array(drag["signs"], dtype=float)
    best = np.array(drag["best"]["u"], dtype=float)
    turned = []
    for turn in NOVIKOFF_TURNS:
        c, s = np.cos(turn), np.sin(turn)
        u = best.copy()
        u[:2] = [c * best[0] - s * best[1], s * best[0] + c * best[1]]
        turned.append(u)
    cases = [_novikoff_values(u, F, signs, point) for u in turned]
    extreme = [{"scale": scale, "F": (F * scale).tolist(),
                "cases": [_novikoff_values(u * min(scale, 1.0), F * scale, signs, point) for u in turned]}
               for scale in NOVIKOFF_SCALES]
    return {"story": NOVIKOFF_STORY, "T": T, "point": point, "drag": {"F": drag["F"], "signs": drag["signs"]},
            "cases": cases, "extreme": extreme}


def _replayed(name: str, values: dict, advice, outcomes) -> dict:
    """The learner's shares of the weight and every expert's mistakes after each trial 0..T."""
    from lab import catalog

    learner = catalog.build(name, values)
    if "random_state" in learner.get_params():
        learner.set_params(random_state=0)
    N = advice.shape[1]
    shares, totals = [[1.0 / N] * N], [[0] * N]          # weights all 1 before the first trial
    records = []
    for row, outcome in zip(advice, outcomes):
        records.append(learner.learn_one(row, int(outcome)))
        shares.append(learner.normalized_weights_.tolist())
        totals.append(learner.expert_mistakes_.astype(int).tolist())
    return {"shares": shares, "totals": totals, "records": records}


def experts_case() -> list:
    """Expert runs: the payload fields the experts scene reads, and the learner's weights after every trial."""
    from tests.story_payloads import load

    cases = []
    payload = load()["perfect-expert"][0]
    advice = np.array([[int(a) for a in row] for row in payload["advice"]])
    outcomes = np.array([int(o) for o in payload["outcomes"]])
    assert payload["learner"] == "Weighted Majority" and len(set(payload["factors"])) == 1
    found = _replayed("Weighted Majority", {"beta": payload["factors"][0]}, advice, outcomes)
    fields = {key: payload[key] for key in ("T", "N", "advice", "outcomes", "factors")}
    cases.append({"name": "Weighted Majority, the perfect-expert story", "payload": {
        **fields, "trials": {"restarted": payload["trials"]["restarted"]}},
        "shares": found["shares"], "totals": found["totals"]})
    for label, values, T, N, seed in EXPERT_RUNS:
        rng = np.random.default_rng(seed)
        outcomes = rng.integers(0, 2, T)
        wrong = rng.random((T, N)) < np.linspace(0.1, 0.45, N)
        advice = np.where(wrong, 1 - outcomes[:, None], outcomes[:, None])
        found = _replayed("Randomized Weighted Majority", values, advice, outcomes)
        records = found["records"]
        cases.append({"name": label, "payload": {
            "T": T, "N": N, "advice": ["".join(map(str, row)) for row in advice.tolist()],
            "outcomes": "".join(map(str, outcomes.tolist())),
            "factors": [float(r.update["factor"]) for r in records],
            "trials": {"restarted": "".join("1" if r.restarted else "0" for r in records)}},
            "shares": found["shares"], "totals": found["totals"]})
    return cases


def grading_case() -> dict:
    """What lab.grading reads from each typed answer (None: refused) and how it judges pairs of numbers."""
    from lab import grading

    def read(text):
        try:
            return grading.read_number(text)
        except ValueError:
            return None

    closes = [{"given": given, "expected": expected, "tolerance": tolerance,
               "close": grading.is_close(given, expected, relative=tolerance["rel"], absolute=tolerance["abs"])}
              for tolerance in (dict(grading.TOLERANCE), LESSON_TOLERANCE) for given, expected in CLOSE_PAIRS]
    return {"reads": [{"text": text, "value": read(text)} for text in TYPED], "closes": closes}


def _random_numbers(count: int, seed: int = 34) -> list[float]:
    import struct

    rng = np.random.default_rng(seed)
    found = []
    while len(found) < count:
        kind = len(found) % 3
        if kind == 0:                                  # any bits (NaN and ∞ skipped)
            value = struct.unpack("<d", rng.bytes(8))[0]
            if not np.isfinite(value):
                continue
        elif kind == 1:                                # a binary fraction: a tie at some count of digits
            value = int(rng.integers(1, 10**6)) / 2.0 ** int(rng.integers(0, 24)) * 10.0 ** int(rng.integers(-6, 9))
        else:                                          # a plain number of a random size
            value = float(rng.normal()) * 10.0 ** int(rng.integers(-12, 14))
        found.append(-value if rng.random() < 0.5 else value)
    return found


def _number(value: float):
    """A float as JSON holds it (∞ and NaN as text)."""
    return value if np.isfinite(value) else "nan" if np.isnan(value) else "inf" if value > 0 else "-inf"


def numbers_case() -> dict:
    """lab.numbers.number_text of the numbers at several counts of digits, and quizzes at a rounding edge."""
    from learners import Perceptron, WeightedMajority

    from lab import numbers, quiz

    values = list(NUMBERS) + [np.inf, -np.inf, np.nan] + _random_numbers(RANDOM_NUMBERS)
    texts = [[_number(v), digits, numbers.number_text(v, digits)] for v in values for digits in NUMBER_DIGITS]
    # Weighted Majority, β = ½, seven experts: the first is wrong four times, so W = 6 + 1/16 = 6.0625
    experts = WeightedMajority(beta=0.5)
    records = [experts.learn_one(np.array([0, 1, 1, 1, 1, 1, 1]), 1) for _ in range(4)]
    wm = quiz.experts_quiz(records, randomized=False)
    # a perceptron whose weight after its first mistake is 6.06250004 (six digits: 6.0625, four: 6.062)
    model = Perceptron()
    model.start([0, 1], 2)
    records = [model.learn_one(np.array(x), y) for x, y in (([6.06250004, 1.0], 1), ([-2.0, 0.5], 1))]
    perceptron = quiz.classifier_quiz(records, model, ["A", "B"])
    quizzes = [{"name": "Weighted Majority, W = 6.0625", **wm}, {"name": "Perceptron, w₁ = 6.06250004", **perceptron}]
    return {"digits": numbers.TEXT_DIGITS, "texts": texts, "quizzes": quizzes}


def make() -> dict:
    """Every fixture: file name → its content."""
    return {"kernel.json": {"cases": [kernel_case(*run) for run in KERNEL_RUNS]},
            "novikoff.json": novikoff_case(), "experts.json": {"cases": experts_case()},
            "grading.json": grading_case(), "numbers.json": numbers_case()}


def write(folder: Path = FOLDER) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, content in make().items():
        path = folder / name
        path.write_text(json.dumps(content, separators=(",", ":"), allow_nan=False) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    for written in write():
        print(f"wrote {written.relative_to(HERE.parents[1])} ({written.stat().st_size:,} bytes)")
