r"""Lessons: short paths through the ideas of the lab, as data — lesson → screens.

Every screen names the run its player shows (a story or a generator with its seed, the learner
and its settings: :class:`Setup`; None for a screen about formulas or a point's probabilities, whose lab
is its panel alone), a question, and a ``facts`` function that plays the real
learners and evaluates the real bounds (``learners``, ``learners.bounds``,
``learners.consistency``) and returns the numbers of the screen: the right answer, the words
that explain it, and any number the screen's text or question quotes.  :func:`check` grades an
answer against those facts.  Nothing here knows Streamlit; the page is ``views/lessons.py``.

A screen also says what its lab shows: the trial its player opens at (``at``, :func:`opening_trial`: the
trial the screen asks about, whichever way the screen is reached), the quantities it asks the student to
read and where each is (``asks``, :class:`Ask`: a metric or a bound curve of the player, the trial's
math, the comparator panel, or a metric of the screen's own ``panel`` above the player), and the pages of
the lab that show more (``places``, :class:`Place`).  tests/test_lessons.py checks every ``Ask`` of every
screen against its run's payload.

The seven lessons follow issue 17: (1) the perceptron and Novikoff's bound; (2) what breaks
without a margin — Freund–Schapire and Gentile (seed 003 Thm 2.2, seed 000 Thm 1); (3)
importance weights — IWP, Theorems 2 and 3 of seed 000; (4) Winnow against the perceptron,
sparse and dense targets (seed 003 §4); (5) experts — WM, RWM and the ε trade-off (seed 001);
(6) many classes — multi-vector and all-pair, and why they agree (seed 000 Lemma 3); (7)
priorities — the apportioned margin (seed 002) and where its Lemma 4 fails.

Examples
--------
>>> [lesson.key for lesson in LESSONS]
['novikoff', 'no-margin', 'importance', 'winnow', 'experts', 'multiclass', 'priorities']
>>> screen = LESSONS[0].screens[0]
>>> facts = screen.facts()
>>> facts["answer"]
3
>>> check(screen, "3").right, check(screen, "5").right
(True, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from lab.grading import ABSOLUTE_TOLERANCE, RELATIVE_TOLERANCE, is_close, read_number, read_numbers
from lab.numbers import number_text as _n
from learners import bounds

#: wrong answers a screen takes before it shows the right one and its explanation (the first asks again)
TRIES = 2


def reveals(wrong_tries: int) -> bool:
    """Whether a screen, answered wrong ``wrong_tries`` times so far, shows its answer (:data:`TRIES`)."""
    return wrong_tries >= TRIES


# ------------------------------------------------------------------ progress in a link
def done_text(done: dict) -> str:
    """The screens answered right, {lesson index: {screen index}} (0-based), as a link's ``done`` value:
    1-based "lesson-screen" pairs joined by dots, in order ("1-1.1-3.3-2")."""
    return ".".join(f"{lesson + 1}-{screen + 1}" for lesson in sorted(done) for screen in sorted(done[lesson]))


def read_done(text, screens_per_lesson) -> dict:
    """:func:`done_text` read back: {lesson index: {screen index}}.  Pairs out of range, repeated or not
    two ASCII whole numbers are left out; a text longer than any real progress is ignored whole."""
    text = str(text or "")
    if len(text) > 8 * sum(screens_per_lesson):
        return {}
    done: dict = {}
    for pair in text.split("."):
        parts = pair.split("-")
        if len(parts) != 2 or not all(0 < len(p) <= 3 and all("0" <= c <= "9" for c in p) for p in parts):
            continue
        lesson, screen = int(parts[0]) - 1, int(parts[1]) - 1
        if 0 <= lesson < len(screens_per_lesson) and 0 <= screen < screens_per_lesson[lesson]:
            done.setdefault(lesson, set()).add(screen)
    return done


# ------------------------------------------------------------------ data of a screen
@dataclass(frozen=True)
class Data:
    """Points of a screen: a story of :mod:`lab.stories`, or a generator of :mod:`datasets.generators`
    with its arguments (seeded), and optional priorities θ."""

    story: str | None = None
    generator: str | None = None
    arguments: tuple = ()
    theta: tuple | None = None

    def points(self):
        from datasets import generators
        from lab.stories import STORIES, make_points

        points = make_points(STORIES[self.story]) if self.story else generators.make(self.generator, **dict(self.arguments))
        return points.set_theta(self.theta) if self.theta is not None else points


@dataclass(frozen=True)
class Advice:
    """An advice stream of a screen: a generator of :data:`datasets.advice.GENERATORS` (or the lecture's
    table)."""

    generator: str
    n_experts: int = 16
    n_trials: int = 200
    error_rates: tuple = (0.1, 0.5)
    seed: int = 0

    def stream(self, learner: str = "Weighted Majority"):
        """The :class:`datasets.advice.AdviceStream` (the adversary plays against ``learner`` built by the
        catalog with its default parameters)."""
        from datasets.advice import make_stream
        from lab import catalog

        return make_stream(self.generator, self.n_experts, self.n_trials, *self.error_rates, self.seed,
                           catalog.build(learner, {}, seed=self.seed))


@dataclass(frozen=True)
class Setup:
    """The run a screen's player shows: a learner of :data:`lab.catalog.LEARNERS`, its parameter values, the
    data and the presentation (order, passes, seed)."""

    learner: str
    data: Data | Advice
    values: tuple = ()
    order: str = "drawn"
    n_passes: int = 1
    seed: int = 0

    @property
    def experts(self) -> bool:
        return isinstance(self.data, Advice)

    @property
    def parameters(self) -> dict:
        return dict(self.values)


@dataclass(frozen=True)
class Question:
    """What the screen asks.  ``kind``: "number" (one number), "vector" (numbers separated by commas) or
    "choice" (one of ``options``).  A number is right within ``tolerance`` (relative) or ``absolute``, the
    lab's one rule (:mod:`lab.grading`) unless the question sets its own."""

    prompt: str
    kind: str = "number"
    options: tuple = ()
    tolerance: float = RELATIVE_TOLERANCE
    absolute: float = ABSOLUTE_TOLERANCE


@dataclass(frozen=True)
class Ask:
    """A quantity a screen asks the student to read, and where its lab shows it.  ``where``:

    * ``"metric"``: the player's metric labelled ``name`` (components/timeline.js, ``buildMetrics``) at the trial
      the player opens at;
    * ``"curve"``: the bound curve whose legend entry starts with ``name``, drawn on the player's chart (its
      value at the opening trial, or not drawn there when the fact is None);
    * ``"math"``: the numbers of the player's math at the opening trial;
    * ``"comparator"``: the player's comparator panel (U, then “Use the max-margin u”), its ``name``
      ("gamma" or "R") for the trials shown;
    * ``"experts"``: the player's experts, ``name`` "N" (how many it lists);
    * ``"panel"``: the metric ``name`` of the screen's own panel, above the player (:func:`panel_of`).

    ``fact``: the key of the screen's facts whose value that place shows (None: only that it is shown).
    ``tolerance``: relative, for a value the place rounds (the screen's question says how close is right)."""

    where: str
    name: str = ""
    fact: str | None = None
    tolerance: float = 1e-6


@dataclass(frozen=True)
class Reading:
    """A metric of a screen's panel: its label, its value (a number, or a text such as a vector), and a help."""

    label: str
    value: object
    help: str = ""

    @property
    def text(self) -> str:
        """The value as the panel shows it (numbers by :func:`lab.numbers.number_text`)."""
        if isinstance(self.value, (int, np.integer)) and not isinstance(self.value, bool):
            return str(int(self.value))
        return _n(self.value) if isinstance(self.value, (float, np.floating)) else str(self.value)


@dataclass(frozen=True)
class Place:
    """A page of the lab that shows what a screen is about: a label, the page's url path and its link's
    query (key, value) pairs (:func:`lab.links.query_of`: the page opens with exactly these settings)."""

    label: str
    page: str
    query: tuple = ()

    @property
    def href(self) -> str:
        """The link, relative to the lab's address (so it works under any base path)."""
        from urllib.parse import urlencode

        return self.page + ("?" + urlencode(self.query) if self.query else "")


@dataclass(frozen=True)
class Screen:
    title: str
    text: str
    setup: Setup | None
    question: Question
    facts: Callable[[], dict]
    asks: tuple = ()
    at: str | int = "end"
    panel: Callable[[dict], tuple] | None = None
    places: tuple = ()


@dataclass(frozen=True)
class Lesson:
    key: str
    title: str
    summary: str
    screens: tuple = field(default_factory=tuple)


@dataclass
class Check:
    """An answer graded: right or not, the answer as understood, the right answer, and the explanation."""

    right: bool
    given: object
    answer: str
    explanation: str
    problem: str = ""


# ------------------------------------------------------------------ runs
def run_inputs(setup: Setup) -> dict:
    """Every setting of a points screen's run, in one place: ``name``, ``values`` (the learner's parameters,
    the data's priorities θ included when the learner takes them), ``points``, ``order``, ``n_passes`` and
    ``seed``.  :func:`play` (the screen's numbers) and :func:`payload` (the player the page shows) both
    take their run from here, so a number of the text is a number of the run on screen.

    >>> inputs = run_inputs(PRIORITY)
    >>> inputs["values"]["theta"], inputs["order"]
    ((10.0, 10.0, 1.0, 1.0), 'drawn')
    """
    from lab import catalog

    points = setup.data.points()
    values = setup.parameters
    if "theta" in catalog.build(setup.learner).get_params() and "theta" not in values:
        values = {**values, "theta": tuple(float(v) for v in points.theta)}
    return {"name": setup.learner, "values": values, "points": points, "order": setup.order,
            "n_passes": int(setup.n_passes), "seed": int(setup.seed)}


def settings_text(values: dict) -> str:
    """A run's parameter values as the page's caption states them (θ as θ, numbers as numbers).

    >>> settings_text({"eta": 0.1, "theta": (10.0, 10.0, 1.0, 1.0)})
    'eta = 0.1, θ = (10, 10, 1, 1)'
    """
    def shown(value):
        if isinstance(value, (tuple, list)):
            return "(" + ", ".join(shown(v) for v in value) + ")"
        return _n(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else str(value)

    return ", ".join(f"{'θ' if name == 'theta' else name} = {shown(value)}" for name, value in values.items())


def payload(setup: Setup) -> dict:
    """The player's payload of a screen: :func:`lab.timeline.build_timeline` on :func:`run_inputs`, or on the
    screen's advice stream."""
    from lab.timeline import build_timeline

    if setup.experts:
        return build_timeline(setup.learner, setup.parameters, setup.data.stream(setup.learner), seed=setup.seed)

    inputs = run_inputs(setup)
    return build_timeline(inputs["name"], inputs["values"], inputs["points"], order=inputs["order"],
                          n_passes=inputs["n_passes"], seed=inputs["seed"])


def play(setup: Setup):
    """Play a points setup with the real learner: ``(run, curves)`` — the :class:`lab.runner.Run` after every
    trial and the catalog's bound curves of the trials in the order shown (settings: :func:`run_inputs`)."""
    from lab import catalog
    from lab.runner import Run

    inputs = run_inputs(setup)
    X, y, w = inputs["points"].to_arrays()
    run = Run(catalog.build(inputs["name"], inputs["values"]), X, y, w, classes=np.unique(y),
              order=inputs["order"], n_passes=inputs["n_passes"], seed=inputs["seed"])
    run.play()
    spec = catalog.LEARNERS[setup.learner]
    shown = run.shown()
    curves = spec.bound_curves(run.learner, X[shown], y[shown], w[shown]) if spec.bound_curves else []
    return run, {curve.key: curve for curve in curves}


def play_experts(setup: Setup):
    """Play an experts setup: the learner after the stream, and the stream ``(advice, outcomes)``."""
    from lab import catalog

    advice, outcomes = setup.data.stream(setup.learner)
    learner = catalog.build(setup.learner, setup.parameters)
    if "random_state" in learner.get_params():
        learner.set_params(random_state=setup.seed)
    learner.start(advice.shape[1])
    records = [learner.learn_one(row, int(outcome)) for row, outcome in zip(advice, outcomes)]
    return learner, records, advice, outcomes


def trials_of(setup: Setup) -> int:
    """How many trials the player of ``setup`` holds: every trial of the run, up to the browser lab's limit of
    its learner (:func:`lab.limits.trial_limit`, as :func:`lab.timeline.build_timeline` cuts); an advice
    stream's length."""
    if setup.experts:
        _, outcomes = setup.data.stream(setup.learner)
        return len(outcomes)
    from lab.limits import trial_limit

    inputs = run_inputs(setup)
    n = len(inputs["points"])
    return min(n * inputs["n_passes"], trial_limit(inputs["name"], n, inputs["order"]).trials)


def opening_trial(screen: Screen, facts: dict) -> int | None:
    """The trial the screen's player opens at — the trial it asks about: the last one (``at="end"``), a
    number, or the trial a fact names (``at="t"``); None for a screen without a player."""
    if screen.setup is None:
        return None
    if screen.at == "end":
        return trials_of(screen.setup)
    return int(screen.at) if isinstance(screen.at, int) else int(facts[screen.at])


def panel_of(screen: Screen, facts: dict) -> tuple:
    """The metrics of the screen's own panel, above (or instead of) the player: :class:`Reading` s."""
    return tuple(screen.panel(facts)) if screen.panel is not None else ()


def page_place(label: str, page: str, setup: Setup | None = None, **widgets) -> Place:
    """A :class:`Place` on a page of the lab: its link (:func:`lab.links.query_of`) with the run of ``setup`` (a
    story's points: learner, parameters, order, passes, seed), or with the page's own ``widgets`` (widget → value)."""
    from lab import links

    data = None
    if setup is not None:
        if setup.experts or setup.data.story is None:
            raise ValueError("a place's run is a story's points (a link names them by the story).")
        fields = {row.key: row.widget for row in links.page_fields(page, setup.learner)}
        chosen = {"learner": setup.learner, "order": setup.order, "passes": int(setup.n_passes),
                  "seed": int(setup.seed), **setup.parameters}
        widgets = {**{fields[key]: value for key, value in chosen.items() if key in fields}, **widgets}
        data = links.DataRef(story=setup.data.story, theta=setup.data.theta)
    return Place(label, page, tuple(links.query_of(page, widgets, data).items()))


# ------------------------------------------------------------------ grading
def _close(given: float, expected: float, question: Question) -> bool:
    return is_close(given, expected, relative=question.tolerance, absolute=question.absolute)


def check(screen: Screen, given, facts: dict | None = None) -> Check:
    """Grade ``given`` (the student's text, or the option chosen) against the screen's facts."""
    facts = screen.facts() if facts is None else facts
    question, answer = screen.question, facts["answer"]
    explanation = facts["why"]
    if question.kind == "choice":
        options = options_of(screen, facts)
        shown = options[answer]
        if given not in options:
            return Check(False, given, shown, explanation, "Choose one of the answers.")
        right = options.index(given) == answer
        return Check(right, given, shown, explanation)
    if question.kind == "vector":
        shown = "(" + ", ".join(_n(v) for v in answer) + ")"
        try:
            values = read_numbers(given, len(answer))
        except ValueError as problem:
            return Check(False, given, shown, explanation, str(problem))
        right = all(_close(v, a, question) for v, a in zip(values, answer))
        return Check(right, values, shown, explanation)
    shown = _n(answer, 6) if not float(answer).is_integer() else str(int(answer))
    try:
        value = read_number(given)
    except ValueError as problem:
        return Check(False, given, shown, explanation, str(problem))
    return Check(_close(value, float(answer), question), value, shown, explanation)


# ------------------------------------------------------------------ lesson 1: the perceptron, Novikoff
WIDE = Setup("Perceptron", Data(story="wide-margin"), order="adversarial", n_passes=5)
THIN = Setup("Perceptron", Data(story="thin-margin"), order="adversarial", n_passes=5)
THIN_SLOW = Setup("Perceptron", Data(story="thin-margin"), values=(("eta", 0.1),), order="adversarial", n_passes=5)


def _novikoff_numbers(setup: Setup) -> dict:
    run, curves = play(setup)
    novikoff = curves["novikoff"]
    R, gamma = novikoff.details["R"], novikoff.details["gamma"]
    return {"M": run.mistakes, "T": run.total_trials, "n": run.n_points, "R": R, "gamma": gamma,
            "bound": float(bounds.novikoff(R, 1.0, gamma))}


def _wide_mistakes() -> dict:
    f = _novikoff_numbers(WIDE)
    return {**f, "answer": f["M"], "why": (
        f"The perceptron made M = {f['M']} mistakes in {f['T']} trials. The adversarial order shows a misclassified "
        f"point whenever there is one, so after mistake {f['M']} no point is misclassified: w separates all "
        f"{f['n']} points and never moves again. Novikoff's bound allows more: with the max-margin u (‖u‖ = 1), "
        f"R = {_n(f['R'])} and γ = {_n(f['gamma'])}, M ≤ (R/γ)² = {_n(f['bound'])}.")}


def _wide_bound() -> dict:
    f = _novikoff_numbers(WIDE)
    return {**f, "answer": f["bound"], "why": (
        f"(R/γ)² = ({_n(f['R'])}/{_n(f['gamma'])})² = {_n(f['R'] / f['gamma'])}² = {_n(f['bound'])}. "
        f"The run made {f['M']} mistakes, far below: the bound holds for every order, the adversarial one included, "
        "and it is a worst case. Open “The proof's invariants” under the player: w·u grows by at least γ per "
        "mistake while ‖w‖² grows by at most R², which is why M ≤ R²/γ².")}


def _thin_more() -> dict:
    wide, thin = _novikoff_numbers(WIDE), _novikoff_numbers(THIN)
    answer = 0 if thin["M"] > wide["M"] else 1 if thin["M"] < wide["M"] else 2
    return {"wide": wide, "thin": thin, "M": thin["M"], "T": thin["T"], "wide_M": wide["M"], "answer": answer, "why": (
        f"On the thin margin the perceptron made {thin['M']} mistakes, against {wide['M']} on the wide one. The margin "
        f"fell from γ = {_n(wide['gamma'])} to {_n(thin['gamma'])} (R = {_n(thin['R'])} is about the same), so the bound "
        f"(R/γ)² rose from {_n(wide['bound'])} to {_n(thin['bound'])}: {_n(thin['bound'] / wide['bound'], 3)} times, "
        "the square of the margin's ratio. A thin margin lets the adversary find points the current w gets wrong "
        "for longer.")}


def _eta_same() -> dict:
    slow, plain = _novikoff_numbers(THIN_SLOW), _novikoff_numbers(THIN)
    return {"answer": slow["M"], "plain": plain["M"], "why": (
        f"η = 0.1 makes {slow['M']} mistakes, exactly as η = 1 ({plain['M']}). From w₁ = 0, after any trials "
        "w = η·Σ y_s x_s over the mistakes so far: every score w·x is η times the score with η = 1, so its sign — "
        "and every prediction, mistake and update — is the same: η only rescales w. (Agarwal's notes and the "
        "COMS 4771 lecture state the perceptron without a rate: w ← w + y·x.)")}


LESSON_1 = Lesson("novikoff", "The perceptron and Novikoff's bound", "Margin and radius decide how many mistakes.", (
    Screen("Count the mistakes",
           "The **perceptron** starts with w = 0 and, on a mistake (y·w·x ≤ 0), adds y·x to w. The player runs it on "
           "two classes separated by a wide margin, in the **adversarial order**: every trial shows a point the "
           "current w gets wrong, if there is one. The player opens at the end of the run, where its metric "
           "Mistakes has counted them all; Home goes back to the start and → steps through it.",
           WIDE, Question("How many mistakes does the perceptron make in the whole run?"), _wide_mistakes,
           asks=(Ask("metric", "Mistakes", "M"),)),
    Screen("Novikoff's bound, with numbers",
           "If some unit vector u separates every point with margin γ — y·(u·x) ≥ γ — and every ‖x‖ ≤ R, the "
           "perceptron makes at most R²‖u‖²/γ² mistakes, in any order (Novikoff; Agarwal's notes, Thm 2.1). Here the "
           "max-margin u, measured on (x₁, x₂, 1), has **γ = {gamma:.4f}**, and **R = {R:.4f}**: in the player, "
           "press U and then “Use the max-margin u” to see them, and the chart draws the bound as Novikoff's curve.",
           WIDE, Question("What is Novikoff's bound (R/γ)² for this run? (within 1 %)"), _wide_bound,
           asks=(Ask("comparator", "gamma", "gamma"), Ask("comparator", "R", "R"),
                 Ask("curve", "Novikoff", "bound"))),
    Screen("A thin margin",
           "The same kind of data, but the classes nearly touch. The player shows the perceptron on it, again in "
           "the adversarial order, at the end of its run; the panel above it gives screen 1's count on the wide margin.",
           THIN, Question("Compared with the wide margin, does the perceptron make more mistakes, fewer, or the same?",
                          "choice", ("more", "fewer", "the same")), _thin_more,
           asks=(Ask("metric", "Mistakes", "M"), Ask("panel", "Mistakes on the wide margin (screen 1)", "wide_M")),
           panel=lambda f: (Reading("Mistakes on the wide margin (screen 1)", f["wide_M"],
                                    f"the perceptron's mistakes in {f['wide']['T']} adversarial trials of the wide "
                                    "margin's points"),)),
    Screen("Does the learning rate matter?",
           "The perceptron's update is w ← w + η·y·x. The player runs the thin-margin data with **η = 0.1** instead "
           "of 1, and opens at the end of the run.",
           THIN_SLOW, Question("How many mistakes does the perceptron make with η = 0.1?"), _eta_same,
           asks=(Ask("metric", "Mistakes", "answer"),)),
))


# ------------------------------------------------------------------ lesson 2: without a margin
#: the noise story shuffled with seed 7, two passes: the first 37 trials are separable, so Novikoff's curve is
#: drawn (a bound that applies on under a tenth of the trials is only named under the chart, viz.curves)
NOISY = Setup("Perceptron", Data(story="noise"), order="shuffled", n_passes=2, seed=7)


def _noise_numbers() -> dict:
    run, curves = play(NOISY)
    novikoff, fs, gentile = curves["novikoff"], curves["freund_schapire"], curves["gentile"]
    until = int(novikoff.details.get("until", 0)) if novikoff.details else 0
    applies = bool(novikoff.applies[-1])
    return {"M": run.mistakes, "T": run.total_trials, "until": until, "fs": float(fs.values[-1]),
            "gentile": float(gentile.values[-1]), "applies": applies,
            "novikoff_end": float(novikoff.values[-1]) if applies else None}


def _noise_novikoff() -> dict:
    f = _noise_numbers()
    return {**f, "answer": 0 if f["applies"] else 1, "why": (
        f"No: 10 % of the labels were flipped, and from trial {f['until'] + 1} on the points seen are not linearly "
        "separable — no u has a margin γ > 0, and Novikoff's bound needs one (its curve stops at trial "
        f"{f['until']}, and the note under the chart says why). The perceptron never settles: it makes {f['M']} "
        f"mistakes in {f['T']} trials.")}


def _noise_mistakes() -> dict:
    f = _noise_numbers()
    return {**f, "answer": f["M"], "why": (
        f"{f['M']} mistakes. Two bounds still hold because they let u make mistakes and pay for them: "
        f"Freund–Schapire's ((R‖u‖ + D_γ)/γ)², with D_γ² the sum of squared shortfalls (γ − y u·x)₊², ends at "
        f"{_n(f['fs'])}, and Gentile's L + C + √(LC), with L the hinge losses of u and C = R²‖u‖², at "
        f"{_n(f['gentile'])}. Both are above {f['M']}, as they must be.")}


def _noise_smaller() -> dict:
    f = _noise_numbers()
    return {**f, "answer": 0 if f["fs"] < f["gentile"] else 1, "why": (
        f"At the last trial Freund–Schapire's bound is {_n(f['fs'])} and Gentile's {_n(f['gentile'])}: "
        f"{'Freund–Schapire' if f['fs'] < f['gentile'] else 'Gentile'} is smaller here. Both pay for noise — "
        "the squared shortfalls in one, the hinge losses in the other — and which is tighter depends on the data. "
        "The lab draws both and each is the minimum over the comparators and scales it tried.")}


def _gentile_inputs() -> dict:
    """L and C where the player's Gentile curve takes its last value.  The curve is, at every trial, the least
    of L + C + √(LC) over a few unit comparators u and a grid of scales s of each (L = Σ(1 − s·y·u·x)₊, C =
    R²s²: :mod:`learners.comparators`); its ``details["u"]`` is the u of the last trial, and the scale is found
    here on the curve's own grid."""
    from learners import comparators

    run, curves = play(NOISY)
    shown = run.shown()
    F = comparators.learner_features(run.learner, run.X[shown])
    signs = np.where(run.y[shown] == run.learner.classes_[1], 1.0, -1.0)
    margins = signs * (F @ np.asarray(curves["gentile"].details["u"], dtype=float))
    scales = comparators._scales(margins)
    L = comparators._scaled_hinge(margins, np.ones(len(margins)), scales)[:, -1]
    C = (float(np.linalg.norm(F, axis=1).max()) * scales) ** 2
    best = int(np.argmin(bounds.gentile(L, C)))
    return {"L": float(L[best]), "C": float(C[best]), "M": run.mistakes, "T": run.total_trials,
            "gentile": float(curves["gentile"].values[-1])}


def _gentile_compute() -> dict:
    f = _gentile_inputs()
    value = float(bounds.gentile(f["L"], f["C"]))
    L, C = _n(f["L"]), _n(f["C"])
    return {**f, "L_text": L, "C_text": C, "answer": value, "why": (
        f"L + C + √(LC) = {L} + {C} + √({L}·{C}) = {L} + {C} + {_n(math.sqrt(f['L'] * f['C']))} = {_n(value)}: the "
        f"last point of the Gentile curve. The perceptron made {f['M']} mistakes: below, as Gentile's theorem "
        "(Supeesun & Fakcharoenphol, Thm 1) promises for every u.")}


def _gentile_panel(f: dict) -> tuple:
    return (Reading("L, the hinge losses of u", f["L"], "Σ(1 − s·y·u·x)₊ over the trials, at the curve's scale s"),
            Reading("C = R²‖u‖²", f["C"], "R the longest ‖x‖ (x₁, x₂, 1), ‖u‖ = s"))


LESSON_2 = Lesson("no-margin", "What breaks without a margin", "Noisy labels: Freund–Schapire and Gentile.", (
    Screen("Flip a tenth of the labels",
           "The player runs the perceptron on separable points of which 10 % had their label flipped, shuffled, "
           "two passes, and opens at its last trial. Watch the bound curves: where does Novikoff's stop?",
           NOISY, Question("At the end of the run, does Novikoff's bound still apply?", "choice", ("yes", "no")),
           _noise_novikoff, asks=(Ask("curve", "Novikoff", "novikoff_end"),)),
    Screen("Mistakes without a separator",
           "Without a separating u the perceptron keeps erring on the flipped points, pass after pass: read its "
           "metric Mistakes at the end of the run.",
           NOISY, Question("How many mistakes does the perceptron make over the whole run?"), _noise_mistakes,
           asks=(Ask("metric", "Mistakes", "M"),)),
    Screen("Two bounds that pay for noise",
           "Freund–Schapire (Agarwal's notes, Thm 2.2) and Gentile (Supeesun & Fakcharoenphol, Thm 1) hold for every u, separating or not. "
           "Compare their curves at the last trial, where the player opens.",
           NOISY, Question("At the last trial, which bound is smaller?", "choice", ("Freund–Schapire", "Gentile")),
           _noise_smaller, asks=(Ask("curve", "Freund–Schapire", "fs"), Ask("curve", "Gentile", "gentile"))),
    Screen("Gentile's bound by hand",
           "The player's Gentile curve is, at every trial, the least value of L + C + √(LC) over a few unit "
           "comparators u and over scales of each: L is the scaled u's hinge losses and C = R²‖u‖². At the last "
           "trial the least comes with **L = {L_text}** and **C = {C_text}** (the panel above the player).",
           NOISY, Question("What is Gentile's bound L + C + √(LC)? (within 1 %)"), _gentile_compute,
           asks=(Ask("panel", "L, the hinge losses of u", "L"), Ask("panel", "C = R²‖u‖²", "C"),
                 Ask("curve", "Gentile", "answer")),
           panel=_gentile_panel),
))


# ------------------------------------------------------------------ lesson 3: importance weights
WEIGHTED_IWP = Setup("Importance-Weighted Perceptron", Data(story="weighted"), order="shuffled")
WEIGHTED_PLAIN = Setup("Perceptron", Data(story="weighted"), order="shuffled")


def _first_heavy_update() -> dict:
    run, _ = play(WEIGHTED_IWP)
    for trial in run.trials:
        record = trial.record
        if record.updated and record.weight > 1:
            y = 1.0 if record.truth == run.learner.classes_[1] else -1.0
            return {"t": record.trial, "c": record.weight, "y": "+1" if y > 0 else "−1",
                    "w": "(" + ", ".join(_n(v) for v in np.ravel(record.weights_before)) + ")",
                    "x": "(" + ", ".join(_n(v) for v in record.features) + ")",
                    "answer": [float(v) for v in np.ravel(record.weights_after)],
                    "why": (f"w_{record.trial + 1} = w_{record.trial} + c·y·x = "
                            f"({', '.join(_n(v) for v in np.ravel(record.weights_before))}) + {_n(record.weight)}·({'+1' if y > 0 else '−1'})·"
                            f"({', '.join(_n(v) for v in record.features)}) = "
                            f"({', '.join(_n(v) for v in np.ravel(record.weights_after))}). A point of weight "
                            f"{_n(record.weight)} moves w {_n(record.weight)} times as far as the plain perceptron would.")}
    raise RuntimeError("the weighted story has no update on a heavy point")  # pragma: no cover


def _iwp_against_plain() -> dict:
    iwp, curves = play(WEIGHTED_IWP)
    plain, _ = play(WEIGHTED_PLAIN)
    answer = 0 if iwp.weighted_loss < plain.weighted_loss else 1 if iwp.weighted_loss > plain.weighted_loss else 2
    return {"answer": answer, "iwp_loss": float(iwp.weighted_loss), "plain_loss": float(plain.weighted_loss),
            "plain_M": plain.mistakes, "why": (
        f"On the same shuffled stream IWP's weighted loss (the sum of c over its mistakes) is {_n(iwp.weighted_loss)} "
        f"with {iwp.mistakes} mistakes; the perceptron's is {_n(plain.weighted_loss)} with {plain.mistakes}. "
        "IWP moves further on costly points, so it errs on them less; Supeesun & Fakcharoenphol's Table 1 found the same trade on "
        "real data sets — fewer costly mistakes, sometimes more mistakes in all.")}


def _theorem_smaller() -> dict:
    run, curves = play(WEIGHTED_IWP)
    t3, t2 = float(curves["iwp_theorem3"].values[-1]), float(curves["iwp_theorem2"].values[-1])
    weights = run.weights[run.shown()]
    c_max = float(weights.max())
    ratio = float(c_max / weights.min())
    return {"answer": 0 if t3 < t2 else 1, "t3": t3, "t2": t2, "c_max": c_max, "ratio": ratio, "why": (
        f"Theorem 3 ends at {_n(t3)}, Theorem 2 at {_n(t2)}; IWP's weighted loss is {_n(run.weighted_loss)}. Theorem 2 "
        f"multiplies the hinge loss L by θ_r = c_max/c_min = {_n(ratio)} and C by c_max·θ_r² = {_n(c_max)}·"
        f"{_n(ratio ** 2)} = {_n(c_max * ratio ** 2)}; Theorem 3 multiplies C by c_max = {_n(c_max)} only — which is why "
        "it is the one worth having (Supeesun & Fakcharoenphol, Theorems 2 and 3).")}


LESSON_3 = Lesson("importance", "Importance weights", "IWP against the perceptron; Theorems 2 and 3 of Supeesun & Fakcharoenphol.", (
    Screen("A costly point moves w further",
           "The **Importance-Weighted Perceptron** adds c·y·x on a mistake, c the point's weight (cost). In this "
           "run, trial {t} is its first update on a point of weight **c = {c:g}**: before it, w = {w}; the point "
           "has features x = {x} (x₁, x₂, 1) and class y = {y}. The player opens at trial {t}; its math works the "
           "update out, so try it yourself first.",
           WEIGHTED_IWP, Question("What is w after trial {t}? (three numbers, e.g. (1, −2, 0.5))", "vector"),
           _first_heavy_update, at="t", asks=(Ask("math", fact="w"), Ask("math", fact="x"), Ask("math", fact="c"))),
    Screen("IWP against the perceptron",
           "Both run on the same shuffled stream. The player shows IWP at the end of the run (its metric Weighted "
           "loss); the panel above it gives the perceptron's, and the link opens that run on the Perceptron page.",
           WEIGHTED_IWP, Question("Which has the smaller weighted loss at the end?", "choice",
                                  ("IWP", "the perceptron", "neither: equal")), _iwp_against_plain,
           asks=(Ask("metric", "Weighted loss", "iwp_loss"),
                 Ask("panel", "The perceptron's weighted loss", "plain_loss")),
           panel=lambda f: (Reading("The perceptron's weighted loss", f["plain_loss"],
                                    "the sum of c over its mistakes, on the same shuffled stream"),
                            Reading("The perceptron's mistakes", f["plain_M"])),
           places=(page_place("The perceptron on the same stream (Perceptron page)", "perceptron", WEIGHTED_PLAIN),)),
    Screen("Theorem 3 against Theorem 2",
           "Both bound IWP's weighted loss with a comparator's weighted hinge loss L and C = R²‖u‖² "
           "(the two curves of the player's chart, at the last trial where the player opens).",
           WEIGHTED_IWP, Question("At the last trial, which bound is smaller?", "choice",
                                  ("Theorem 3", "Theorem 2")), _theorem_smaller,
           asks=(Ask("curve", "IWP Theorem 3", "t3"), Ask("curve", "IWP Theorem 2", "t2"))),
))


# ------------------------------------------------------------------ lesson 4: Winnow against the perceptron
WINNOW_2D = Setup("Winnow", Data(story="sparse-winnow"), values=(("eta", 0.5),))


def _winnow_first_update() -> dict:
    run, _ = play(WINNOW_2D)
    record = next(trial.record for trial in run.trials if trial.record.updated)
    before, after = np.ravel(record.weights_before), np.ravel(record.weights_after)
    y = 1.0 if record.truth == run.learner.classes_[1] else -1.0
    f = record.features
    raw = before * np.exp(0.5 * y * f)
    return {"t": record.trial, "y": "+1" if y > 0 else "−1", "x": "(" + ", ".join(_n(v) for v in f) + ")",
            "w1": _n(before[0]), "answer": float(after[0]), "why": (
                f"w_i ← w_i·e^(η·y·x_i)/Z. The six products w_i·e^(0.5·({'+1' if y > 0 else '−1'})·x_i) are "
                f"({', '.join(_n(v) for v in raw)}), their sum Z = {_n(raw.sum())}; the first weight becomes "
                f"{_n(raw[0])}/{_n(raw.sum())} = {_n(after[0])}. Winnow multiplies where the perceptron adds.")}


def _sparse_bounds() -> dict:
    n, k = 1000, 3
    p, w = float(bounds.perceptron_sparse(n, k)), float(bounds.winnow_sparse(n, k))
    return {"answer": 0 if w < p else 1, "perceptron_bound": p, "winnow_bound": w, "why": (
        f"Perceptron: n·k/γ² = {n}·{k} = {_n(p)}. Winnow: 2k²·ln n/γ² = 2·9·ln {n} = {_n(w)}. Few relevant features "
        "and many irrelevant ones: Winnow's bound grows with ln n, the perceptron's with n (Agarwal's notes §4, Example 1).")}


def _dense_bounds() -> dict:
    n, k = 1000, 3
    p, w = float(bounds.perceptron_dense(n, k)), float(bounds.winnow_dense(n, k))
    return {"answer": 0 if w < p else 1, "perceptron_bound": p, "winnow_bound": w, "why": (
        f"Perceptron: k·n/γ² = {_n(p)}. Winnow: 2n²·ln n/γ² = {_n(w)}. With every feature relevant and sparse "
        "instances the perceptron wins by far (Agarwal's notes §4, Example 2).")}


def _bounds_panel(perceptron: str, winnow: str):
    """The panel of a screen comparing two bounds at n = 1000, k = 3, γ = 1 (formulas as its text names them)."""
    return lambda f: (Reading(f"Perceptron {perceptron}", f["perceptron_bound"], "n = 1000, k = 3, γ = 1"),
                      Reading(f"Winnow {winnow}", f["winnow_bound"], "n = 1000, k = 3, γ = 1"))


def _sparse_run() -> dict:
    from datasets.winnow_streams import sparse_target
    from learners import Perceptron, Winnow

    stream = sparse_target(n=200, k=3, n_trials=600, seed=1)
    eta = float(bounds.winnow_best_eta(3.0, 1.0, 1.0))
    perceptron = Perceptron(fit_intercept=False).fit(stream.X, stream.y)
    winnow = Winnow(eta=eta, balanced=False, fit_intercept=False).fit(stream.X, stream.y)
    answer = 0 if winnow.mistakes_ < perceptron.mistakes_ else 1
    winnow_bound = float(bounds.winnow(3.0, 200, eta, 1.0, 1.0))
    novikoff = float(bounds.novikoff(math.sqrt(200), math.sqrt(3), 1.0))
    return {"answer": answer, "eta": eta, "winnow_M": int(winnow.mistakes_), "perceptron_M": int(perceptron.mistakes_),
            "winnow_bound": winnow_bound, "novikoff": novikoff, "why": (
        f"On 600 trials of x ∈ {{±1}}²⁰⁰ labelled by 3 of the 200 features (seed 1), Winnow (η\\* = {_n(eta)}) made "
        f"{winnow.mistakes_} mistakes and the perceptron {perceptron.mistakes_}. The bounds foretold it: Winnow's "
        f"Thm 3.1 gives {_n(winnow_bound)}, Novikoff R²‖u‖²/γ² = 200·3 = {_n(novikoff)}.")}


#: the Winnow page's high-dimensional experiment (experiments/winnow_scaling.py): both learners, and their bounds,
#: as the dimension n grows
WINNOW_SCALING = page_place("Both learners and their bounds as n grows (Winnow page, high-dimensional experiment)",
                            "winnow", winnow_section="High-dimensional experiment")

LESSON_4 = Lesson("winnow", "Winnow against the perceptron", "Multiplicative against additive: sparse and dense targets.", (
    Screen("A multiplicative step",
           "**Winnow** keeps a probability vector w over the balanced features (x₁, x₂, 1, −x₁, −x₂, −1), starts "
           "uniform (1/6 each) and on a mistake multiplies w_i by e^(η·y·x_i), then divides by their sum Z "
           "(Agarwal's notes §3; η = 0.5 here). Its first update is at trial {t}: y = {y}, the features are {x}, and every "
           "weight is still {w1}. The player opens at trial {t}; its math works the update out, so try it yourself "
           "first.",
           WINNOW_2D, Question("What is the first weight w₁ (of x₁) after that update? (within 1 %)"),
           _winnow_first_update, at="t", asks=(Ask("math", fact="x"), Ask("math", fact="w1"))),
    Screen("Sparse target",
           "Agarwal's notes compare the bounds when the target uses k of n features, u ∈ {{0,1}}ⁿ, and x ∈ {{±1}}ⁿ: "
           "Perceptron n·k/γ², Winnow 2k²·ln n/γ². Take n = 1000, k = 3, γ = 1: the panel evaluates both, and the "
           "Winnow page draws them against n.",
           None, Question("Which bound is smaller?", "choice", ("Winnow's", "the perceptron's")), _sparse_bounds,
           asks=(Ask("panel", "Perceptron n·k/γ²", "perceptron_bound"), Ask("panel", "Winnow 2k²·ln n/γ²", "winnow_bound")),
           panel=_bounds_panel("n·k/γ²", "2k²·ln n/γ²"), places=(WINNOW_SCALING,)),
    Screen("Dense target",
           "Now every feature is relevant, u = (1, …, 1), and each instance has at most k ones: Perceptron k·n/γ², "
           "Winnow 2n²·ln n/γ², again n = 1000, k = 3, γ = 1 — the panel evaluates both.",
           None, Question("Which bound is smaller?", "choice", ("Winnow's", "the perceptron's")), _dense_bounds,
           asks=(Ask("panel", "Perceptron k·n/γ²", "perceptron_bound"), Ask("panel", "Winnow 2n²·ln n/γ²", "winnow_bound")),
           panel=_bounds_panel("k·n/γ²", "2n²·ln n/γ²"), places=(WINNOW_SCALING,)),
    Screen("The real learners on a sparse target",
           "The lab runs both learners on 600 trials in 200 dimensions whose label depends on 3 features "
           "(`datasets.winnow_streams.sparse_target`, seed 1); Winnow runs with the tuned rate η\\*. The panel counts "
           "their mistakes; the Winnow page runs the same comparison for growing n.",
           None, Question("Which makes fewer mistakes?", "choice", ("Winnow", "the perceptron")), _sparse_run,
           asks=(Ask("panel", "Winnow's mistakes", "winnow_M"), Ask("panel", "The perceptron's mistakes", "perceptron_M")),
           panel=lambda f: (Reading("Winnow's mistakes", f["winnow_M"], f"600 trials, η* = {_n(f['eta'])}"),
                            Reading("The perceptron's mistakes", f["perceptron_M"], "600 trials, no intercept"),
                            Reading("Winnow's bound", f["winnow_bound"], "Agarwal's notes, Thm 3.1, at η*"),
                            Reading("The perceptron's bound", f["novikoff"], "Novikoff: R²‖u‖²/γ² = 200·3")),
           places=(WINNOW_SCALING,)),
))


# ------------------------------------------------------------------ lesson 5: experts
LECTURE = Setup("Weighted Majority", Advice("lecture table"), values=(("beta", 0.5),))
PERFECT = Setup("Weighted Majority", Advice("perfect expert"), values=(("beta", 0.5),))
NOISY_EXPERTS = Setup("Randomized Weighted Majority", Advice("noisy experts"), values=(("epsilon", 0.5),))


def _lecture_vote() -> dict:
    learner, records, advice, outcomes = play_experts(LECTURE)
    second = records[1]
    return {"answer": int(second.prediction),
            "w1": "(" + ", ".join(_n(v) for v in np.ravel(records[0].weights_after)) + ")", "why": (
        "After trial 1 the weights are (1, 1, ½, ½, ½, ½): experts 1 and 2 were right, the others wrong and halved. "
        "At trial 2 the advice is 011110: experts 2–5 say 1, with weights 1 + ½ + ½ + ½ = 2.5; experts 1 and 6 say 0, "
        f"with 1 + ½ = 1.5. The vote is {_n(second.vote_for_zero)} : {_n(second.vote_for_one)} (0 : 1), so WM "
        f"predicts {second.prediction}. The "
        f"outcome is {second.outcome}: a mistake, as in the lecture's table (its 3/8 : 5/8).")}


def _perfect_bound() -> dict:
    learner, records, advice, outcomes = play_experts(PERFECT)
    m, N = int((advice != outcomes[:, None]).sum(axis=0).min()), int(advice.shape[1])
    value = float(bounds.weighted_majority(m, N, 0.5))
    return {"answer": value, "m": m, "N": N, "why": (
        f"(m·ln(1/β) + ln N)/ln(2/(1+β)) = ({m} + ln {N})/ln(4/3) = {_n(math.log(N))}/{_n(math.log(4 / 3))} = "
        f"{_n(value)}. For β = ½ the bound is (ln 2/ln(4/3))·(m + log₂N) ≈ 2.41·(m + log₂N) = 2.41·{_n(m + math.log2(N))}: "
        f"the case the lecture prints, as 2.4(m + log N). WM made {learner.mistakes_} mistakes here: "
        "the perfect expert's weight stays 1 while every other halves with each error.")}


def _best_epsilon() -> dict:
    learner, records, advice, outcomes = play_experts(NOISY_EXPERTS)
    m = int((advice != outcomes[:, None]).sum(axis=0).min())
    N = advice.shape[1]
    value = float(bounds.rwm_best_epsilon(m, N))
    return {"m": m, "N": N, "answer": value, "why": (
        f"(1+ε)m + ln N/ε is smallest where its derivative m − ln N/ε² is 0: ε = √(ln N/m) = √(ln {N}/{m}) = "
        f"{_n(value)}, and the bound is then m + 2√(m ln N) = {_n(m + 2 * math.sqrt(m * math.log(N)))} (COMS 4771 lecture 8). "
        f"With ε = ½ it is 1.5·{m} + 2 ln {N} = {_n(bounds.randomized_weighted_majority(m, N, 0.5))}.")}


def _expected_mistakes() -> dict:
    learner, records, advice, outcomes = play_experts(NOISY_EXPERTS)
    m = int((advice != outcomes[:, None]).sum(axis=0).min())
    expected = float(learner.expected_mistakes_)
    return {"answer": expected, "m": m, "why": (
        f"RWM's expected mistakes are the sum over trials of F_t, the share of weight on wrong experts: "
        f"{_n(expected)} over {len(outcomes)} trials. The best expert made m = {m}; the bound (1+ε)m + ln N/ε = "
        f"1.5·{m} + 2·ln 16 = {_n(bounds.randomized_weighted_majority(m, 16, 0.5))} holds.")}


LESSON_5 = Lesson("experts", "Learning from experts", "Weighted Majority, randomized WM and the ε trade-off.", (
    Screen("The lecture's table",
           "Six experts advise 0 or 1; **Weighted Majority** predicts the weighted vote (ties: 1) and halves the "
           "weight of every wrong expert (β = ½). Trial 1: advice 110000, outcome 1. Trial 2: advice 011110, "
           "outcome 0 (the table of the COMS 4771 lecture). The player opens at trial 1: read the weights after it.",
           LECTURE, Question("What does WM predict at trial 2?", "choice", ("0", "1")), _lecture_vote, at=1,
           asks=(Ask("math", fact="w1"),)),
    Screen("One perfect expert",
           "Sixteen experts, one of which never errs (m = 0: the player's metric Best expert's mistakes). The "
           "COMS 4771 lecture proves M ≤ 2.4(m + log N) for β = ½. The same argument for any β gives the standard "
           "generalisation, derived here: on every mistake at least half of the total weight W sits on wrong "
           "experts and is multiplied by β, so W shrinks by the factor (1+β)/2 at least; W starts at N and stays "
           "above the best expert's β^m. So β^m ≤ N·((1+β)/2)^M, that is M ≤ (m·ln(1/β) + ln N)/ln(2/(1+β)).",
           PERFECT, Question("What is the bound for m = 0, N = 16, β = ½? (within 1 %)"), _perfect_bound,
           asks=(Ask("metric", "Best expert's mistakes", "m"), Ask("experts", "N", "N"),
                 Ask("curve", "Weighted Majority", "answer"))),
    Screen("Choosing ε",
           "**Randomized WM** follows one expert drawn by weight and multiplies wrong experts' weights by 1 − ε; its "
           "expected mistakes stay below (1+ε)m + ln N/ε. Small ε pays little per mistake of the best expert but "
           "much to find it. In this stream of N = {N} noisy experts the best one made **m = {m}** mistakes (the "
           "player's metric Best expert's mistakes, at the last trial).",
           NOISY_EXPERTS, Question("Which ε makes (1+ε)m + ln N/ε smallest? (within 1 %)"), _best_epsilon,
           asks=(Ask("metric", "Best expert's mistakes", "m"), Ask("experts", "N", "N"))),
    Screen("Expected mistakes",
           "The player runs RWM with ε = ½ on that stream. Its metric “Expected mistakes” adds F_t, the share of the "
           "weight on wrong experts, trial after trial; the player opens at the last trial.",
           NOISY_EXPERTS, Question("What are RWM's expected mistakes after the last trial? (to ±0.1)", absolute=0.1,
                                   tolerance=0.0), _expected_mistakes,
           asks=(Ask("metric", "Expected mistakes", "answer"), Ask("metric", "Best expert's mistakes", "m"))),
))


# ------------------------------------------------------------------ lesson 6: many classes
FOUR_MV = Setup("Multi-vector Perceptron", Data(story="four-classes"))
FOUR_AP = Setup("All-pair Perceptron", Data(story="four-classes"))


def _away_class() -> dict:
    run, _ = play(FOUR_MV)
    names = FOUR_MV.data.points().class_names
    record = next(trial.record for trial in run.trials if trial.record.mistake and np.ptp(trial.record.scores) > 0)
    scores = np.asarray(record.scores)
    return {"t": record.trial, "scores": "(" + ", ".join(_n(s) for s in scores) + ")",
            "prediction": names[int(record.prediction)], "answer": 1, "why": (
        f"At trial {record.trial}, the first mistake without a tie, the scores w_r·x were ({', '.join(_n(s) for s in scores)}): "
        f"the argmax picked {names[int(record.prediction)]} but the point is {names[int(record.truth)]}. The rule "
        f"moves w_{names[int(record.truth)]} towards x (+x) and the predicted class's w_{names[int(record.prediction)]} "
        "away (−x); every other vector stays (Supeesun & Fakcharoenphol §2.3).")}


def _agreement() -> dict:
    from lab.compare import all_pair_agreement

    inputs = run_inputs(FOUR_AP)
    X, y, _ = inputs["points"].to_arrays()
    result = all_pair_agreement(X, y, order=inputs["order"], n_passes=inputs["n_passes"], seed=inputs["seed"])
    ratio = result["score_ratio"][np.isfinite(result["score_ratio"])]
    disagreements = int(result["disagreements"][-1])
    return {"answer": disagreements, "disagreements": disagreements, "k": result["k"],
            "ratio": float(np.median(ratio)), "T": len(y), "mistakes": tuple(result["mistakes"]), "why": (
                f"{int(result['disagreements'][-1])} of {len(y)} trials: the two never disagree. From zero weights the "
                f"all-pair scores are exactly k = {result['k']} times the multi-vector scores after every trial "
                "(Supeesun & Fakcharoenphol, Lemma 3), so their argmax — with the same tie rule — is the same class.")}


def _ratio() -> dict:
    f = _agreement()
    return {**f, "answer": f["k"], "why": (
        f"AP's score of class r is h(x, r) = Σ_j w^(rj)·x; after every trial it equals {f['k']} × MV's w_r·x "
        f"(the lab measures the ratio {_n(f['ratio'], 6)}). Each AP update adds x to the k − 1 pair vectors of the "
        "true class and subtracts it from those of the predicted one: the sum over j counts the pair (y, ŷ) twice "
        "and every other once, which is k times MV's single ±x (Supeesun & Fakcharoenphol, Lemma 3).")}


def _agreement_panel(f: dict) -> tuple:
    """The panel of the all-pair screens: what :func:`lab.compare.all_pair_agreement` measured (as the Multiclass
    page shows it)."""
    return (Reading("Disagreements, MV against AP", f["disagreements"], "trials where the two predicted different classes"),
            Reading("Mistakes MV / AP", "{} / {}".format(*f["mistakes"])),
            Reading("Score ratio AP ÷ MV", f["ratio"], f"the median over the trials of AP's score ÷ MV's; k = {f['k']} classes"))


LESSON_6 = Lesson("multiclass", "Many classes", "Multi-vector and all-pair perceptrons, and why they agree.", (
    Screen("Whose vector moves?",
           "The **multi-vector perceptron** keeps one w_r per class and predicts argmax_r w_r·x. The player opens "
           "at trial {t}, its first mistake without a tie: read its math.",
           FOUR_MV, Question("On a mistake, whose vector is pushed away from x?", "choice",
                             ("the true class's", "the predicted class's", "every other class's")), _away_class,
           at="t", asks=(Ask("math", fact="scores"),)),
    Screen("All pairs",
           "The **all-pair perceptron** keeps a vector w^(ij) = −w^(ji) for every pair of classes and scores class r "
           "by Σ_j w^(rj)·x. The player shows it on the same stream; the panel above it steps the multi-vector "
           "perceptron through the same trials and counts where their predictions differ.",
           FOUR_AP, Question("In how many trials do the two perceptrons predict different classes?"), _agreement,
           asks=(Ask("panel", "Disagreements, MV against AP", "disagreements"),), panel=_agreement_panel),
    Screen("Why they agree",
           "The panel divides AP's scores by MV's, trial by trial ({k} classes), and gives their median.",
           FOUR_AP, Question("AP's scores are how many times MV's?"), _ratio,
           asks=(Ask("panel", "Score ratio AP ÷ MV", "ratio"),), panel=_agreement_panel),
))


# ------------------------------------------------------------------ lesson 7: priorities
PRIORITY = Setup("Apportioned margin", Data(story="priority"))


def _theta_decision() -> dict:
    run, _ = play(PRIORITY)
    names = run_inputs(PRIORITY)["points"].class_names
    theta = np.asarray(run.learner.theta_, dtype=float)          # the θ the player's learner ran with
    for trial in run.trials:
        raw = np.asarray(trial.record.update["raw_scores"], dtype=float)
        if np.any(raw) and int(np.argmax(raw)) != int(np.argmax(raw / theta)):
            break
    else:  # pragma: no cover - the story has such a trial; a changed story must not state a false one
        raise RuntimeError("no trial of the priority story where θ changes the decision")
    choice = int(np.argmax(raw / theta))
    if choice != int(trial.record.prediction):  # pragma: no cover - the rule is the learner's own
        raise RuntimeError("the stated decision is not the learner's prediction")
    return {"t": trial.record.trial, "f": "(" + ", ".join(_n(v) for v in raw) + ")",
            "theta": "(" + ", ".join(_n(v) for v in theta) + ")", "names": ", ".join(names),
            "prediction": names[choice], "answer": choice, "options": tuple(names), "why": (
                f"f_j/θ_j = ({', '.join(_n(v) for v in raw / theta)}): the largest is {names[choice]}'s, so the rule "
                f"predicts {names[choice]} — although {names[int(np.argmax(raw))]} has the largest raw score. "
                "Dividing by θ makes an important class (large θ) need a larger score to be predicted, and the "
                "learning rule asks it for a larger margin (Gottlieb, Kaufman & Kontorovich).")}


#: Lemma 4's example point: class probabilities P, and the costs θ of the screens that examine it
LEMMA_P, LEMMA_THETA, LEMMA_THETA_HIGH = (0.6, 0.4), (1.0, 10.0), (1.0, 100.0)


def _vector_text(values) -> str:
    return "(" + ", ".join(_n(v) for v in np.ravel(values)) + ")"


def _lemma(theta) -> dict:
    """:func:`learners.consistency.examine` at θ and :data:`LEMMA_P` (the Paper lab's Lemma 4 page computes the
    same), with the texts its screens and panels show."""
    from learners.consistency import examine

    result = examine(list(theta), list(LEMMA_P))
    return {"result": result, "theta_text": _vector_text(theta), "P_text": _vector_text(LEMMA_P),
            "weighted": _vector_text(np.asarray(theta) * np.asarray(LEMMA_P)),
            "f_star": _vector_text(result.minimizer), "f_over_theta": _vector_text(result.minimizer / np.asarray(theta))}


def _lemma_bayes() -> dict:
    f = _lemma(LEMMA_THETA)
    result = f.pop("result")
    return {**f, "answer": result.bayes, "why": (
        f"θ_j·P_j = {f['weighted']}: the cost-weighted Bayes rule picks class {result.bayes} — an error on class 1 "
        "costs ten times as much, which outweighs its lower probability. Lemma 4 of Gottlieb, Kaufman & Kontorovich claims the loss's "
        "minimiser decides exactly this class.")}


def _lemma_minimiser() -> dict:
    f = _lemma(LEMMA_THETA)
    result = f.pop("result")
    return {**f, "answer": result.predicted, "why": (
        f"The exact minimiser (a linear program, unique) is f = {f['f_star']} with expected loss "
        f"{_n(result.minimum)}; f/θ = {f['f_over_theta']}, so it decides class {result.predicted}, not the "
        f"class {result.bayes} the lemma promises. Lemma 4's own f, (−θ₀/(k−1), θ₁) = ({_n(result.closed_form[0])}, "
        f"{_n(result.closed_form[1])}), sums to {_n(result.closed_form_sum)}, not 0: it is not even allowed. "
        "As printed, the lemma fails (learners/consistency.py; `python -m experiments lemma4`).")}


def _lemma_insensitive() -> dict:
    low, f = _lemma(LEMMA_THETA)["result"], _lemma(LEMMA_THETA_HIGH)
    high = f.pop("result")
    changed = low.predicted != high.predicted or not np.allclose(low.minimizer, high.minimizer)
    return {**f, "answer": 0 if changed else 1, "why": (
        f"With θ = {f['theta_text']} the minimiser is {f['f_star']} and it still decides "
        f"class {high.predicted}. At k = 2 the expected loss 2(P₀[θ₀ − a]₊ + P₁[θ₁ + a]₊) is smallest at a = θ₀ "
        "whenever P₀ > P₁, whatever θ₁ is: the loss ignores the costs where Lemma 4 says it honours them.")}


def _lemma_panel(*shown: str):
    """The panel of a Lemma 4 screen: θ, P and the readings ``shown`` (keys of its facts)."""
    labels = {"weighted": "θ_j·P_j", "f_star": "Exact minimiser f", "f_over_theta": "f_j/θ_j"}
    return lambda f: (Reading("θ", f["theta_text"], "the cost of an error on each class"),
                      Reading("P at x", f["P_text"], "the class probabilities at the point"),
                      *(Reading(labels[key], f[key]) for key in shown))


#: the Paper lab's page that examines Lemma 4 at any k, θ and P (its default is this lesson's point)
LEMMA_PAGE = page_place("Lemma 4, examined at any θ and P (Paper lab)", "paper-lab", paper_experiment="lemma4")

LESSON_7 = Lesson("priorities", "Priorities between classes", "The apportioned margin, and where its Lemma 4 fails.", (
    Screen("Predict with θ",
           "The **apportioned-margin** classifier predicts argmax_j f_j(x)/θ_j, θ_j the priority of class j "
           "(Gottlieb, Kaufman & Kontorovich). Classes {names} have θ = {theta}. At trial {t} of this run the raw "
           "scores were f = {f}: the player opens at that trial, and its math shows them.",
           PRIORITY, Question("Which class does the rule predict at that trial?", "choice", ("A", "B", "C", "D")),
           _theta_decision, at="t", asks=(Ask("math", fact="f"), Ask("math", fact="theta"))),
    Screen("What the lemma promises",
           "Gottlieb, Kaufman & Kontorovich's Lemma 4 says that at a point x with class probabilities P_j the loss's minimiser decides "
           "argmax_j θ_j·P_j — the Bayes rule for the costs θ. Take one point with P = {P_text} and two classes "
           "with θ = {theta_text}: the panel shows both, and the Paper lab examines any θ and P.",
           None, Question("Which class does the Bayes rule for θ = {theta_text} pick?", "choice",
                          ("class 0", "class 1")), _lemma_bayes,
           asks=(Ask("panel", "θ", "theta_text"), Ask("panel", "P at x", "P_text")),
           panel=_lemma_panel("weighted"), places=(LEMMA_PAGE,)),
    Screen("What the minimiser does",
           "The expected loss at that point is Σ_l P_l Σ_j [θ_l − δ̄(l,j)·f_j]₊ with Σ_j f_j = 0. The lab minimises "
           "it exactly with a linear program: the panel shows its minimiser f for θ = {theta_text}, P = {P_text}.",
           None, Question("Which class does the exact minimiser decide (argmax f_j/θ_j)?", "choice",
                          ("class 0", "class 1")), _lemma_minimiser,
           asks=(Ask("panel", "θ", "theta_text"), Ask("panel", "P at x", "P_text"),
                 Ask("panel", "Exact minimiser f", "f_star")),
           panel=_lemma_panel("f_star", "f_over_theta"), places=(LEMMA_PAGE,)),
    Screen("Raise the cost further",
           "Make class 1 a hundred times as costly: θ = {theta_text}, the same P = {P_text}. The panel shows the "
           "minimiser for these costs (on the Paper lab's page, type θ = 1, 100).",
           None, Question("Does the minimiser's decision change?", "choice", ("yes", "no")), _lemma_insensitive,
           asks=(Ask("panel", "θ", "theta_text"), Ask("panel", "Exact minimiser f", "f_star")),
           panel=_lemma_panel("f_star", "f_over_theta"), places=(LEMMA_PAGE,)),
))

LESSONS = (LESSON_1, LESSON_2, LESSON_3, LESSON_4, LESSON_5, LESSON_6, LESSON_7)
BY_KEY = {lesson.key: lesson for lesson in LESSONS}


def text_of(screen: Screen, facts: dict) -> str:
    """The screen's text with its numbers filled in."""
    return screen.text.format(**facts)


def prompt_of(screen: Screen, facts: dict) -> str:
    """The question with its numbers filled in."""
    return screen.question.prompt.format(**facts)


def options_of(screen: Screen, facts: dict) -> tuple:
    """The choices of a choice question (a screen's facts may name them, e.g. the classes of its data)."""
    return tuple(facts.get("options", screen.question.options))


def right_answer_text(screen: Screen, facts: dict) -> str:
    """What a student would type (or choose) to be right — for a test that walks every lesson."""
    answer, kind = facts["answer"], screen.question.kind
    if kind == "choice":
        return options_of(screen, facts)[answer]
    if kind == "vector":
        return ", ".join(f"{v:.6g}" for v in answer)
    return f"{float(answer):.6g}"
