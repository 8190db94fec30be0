"""Predict the next update: the quiz of a run — its questions, and every trial's answers, from the learner's records.

Before a Step the student answers a few questions about the trial to come; the player
(``components/quiz.js``) grades the answers by comparing them with what this module wrote down
while the run was played (so the browser implements no learning rule), reveals the trial, and
explains it with the trial's numbers and its math.  What a trial moves is a fact of the learner's
catalog entry (:class:`lab.catalog.QuizFacts`), never guessed from its name or the shape of its
records:

* every learner: **a mistake or not?** — the verdict its own rule gave (a binary trial is a
  mistake iff y·(w·x) ≤ 0, docs/SPECIFICATION.md; multiclass: the argmax missed the class;
  Weighted Majority: the weighted vote missed the outcome);
* **which way it moves**:
  - one weight vector (Perceptron, IWP, Winnow, binary PA, the weight-bounded perceptron): how the
    boundary turns — the normal (v₁, v₂) of the line v·x + b = 0 in the plane, measured on the
    learner's own feature map (Winnow's balanced features included) from the weights of its score
    (the weight-bounded perceptron scores with 2w − 1, seed 004), before and after the trial;
  - one vector per class (multi-vector, all-pair, multiclass PA, OOZ's class columns): whose score
    on x_t is pushed down — the class whose vector moves away from x_t (MV, AP: the predicted
    class ŷ, seed 000 §2.3 and §4.1; PA: the runner-up y′, seed 004);
  - the apportioned margin: which classes get a push — they fire (θ_y − δ̄(y,j)·f_j(x) > 0,
    seed 002) and c_t > 0 — several at once; for a kernel model, whose coefficients of x_t change;
  - the kernel perceptron: what the trial adds to x_t's dual coefficient (seed 003 §2);
  - experts: which answer the weighted vote picks (seed 001);
* **what w will be**: the weight vector after the trial (the true class's row for one vector per
  class; the class score row h_y = Σ_j w^{yj} for the all-pair perceptron), within a tolerance;
  for experts the total weight W = Σ_i w_i after the update (and Randomized WM's expected loss F_t).

Pure Python; the payload's ``quiz`` entry is :func:`classifier_quiz`'s, which hands the run of an expert
learner (its entry's ``QuizFacts("weights")``) to :func:`experts_quiz`.

Examples
--------
>>> import numpy as np
>>> from learners import Perceptron
>>> model = Perceptron()
>>> model.start([0, 1], 2)
Perceptron()
>>> records = [model.learn_one(x, y) for x, y in [([1.0, 2.0], 1), ([2.0, 1.0], 1), ([-1.0, 1.0], 0)]]
>>> quiz = classifier_quiz(records, model, ["A", "B"])
>>> [q["id"] for q in quiz["questions"]]
['mistake', 'turn', 'w']
>>> quiz["answers"]["mistake"], quiz["answers"]["turn"], quiz["answers"]["w"][0]
([0, 1, 0], [4, 0, 2], [1.0, 2.0, 1.0])
>>> print(quiz["why"][2])
y·(w·x) = (−1)·(2) = −2 ≤ 0: a mistake. The normal (w₁, w₂) turns clockwise, from 63.4° to 26.6°. w becomes (2, 1, 0).
"""

from __future__ import annotations

import math

import numpy as np
from sklearn.base import clone

from lab.grading import TOLERANCE
from lab.numbers import number_text as _n

#: the quiz covers at most this many trials (a class asks about a few dozen; 10,000 would weigh MBs)
QUIZ_TRIALS = 1000
#: sin of the angle between two normals below which they count as parallel
PARALLEL = 1e-9

MISTAKE = {"id": "mistake", "kind": "choice", "prompt": "Will the learner make a mistake on this point?",
           "options": ["a mistake", "no mistake"]}
TURN_OPTIONS = ["stays (no update)", "turns counter-clockwise ↺", "turns clockwise ↻",
                "shifts without turning", "appears (w had no direction yet)", "reverses or loses its direction"]
TURN = {"id": "turn", "kind": "choice", "prompt": "Which way will the boundary turn?", "options": TURN_OPTIONS,
        "help": "The boundary is the line where the score is 0; its normal (w₁, w₂) turns with it."}
SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _vector(values) -> str:
    return "(" + ", ".join(_n(v) for v in values) + ")"


def _tolerance() -> dict:
    """How a numeric answer is judged: the lab's one rule (lab.grading), which the player's quiz applies."""
    return dict(TOLERANCE)


def _rounded(values) -> list:
    """A numeric answer as the payload carries it (six significant digits).  The words write these very numbers,
    so that the verdict, which shows the answer (components/quiz.js), and the words say the same digits: written
    from the exact value, 6.06250004 would be 6.063 in the words and, rounded twice, 6.062 in the verdict."""
    return [float(f"{float(v):.6g}") + 0.0 for v in np.asarray(values, dtype=float).reshape(-1)]


# ------------------------------------------------------------------ the learner's feature map
def feature_names(learner) -> list[str]:
    """What each coordinate of the learner's feature vector is, read from its feature map: ``x₁``,
    ``−x₂``, ``1`` (an intercept), ``−1`` (Winnow's balanced copy of it).

    >>> from learners import Perceptron, Winnow
    >>> feature_names(Perceptron()), feature_names(Winnow())
    (['x₁', 'x₂', '1'], ['x₁', 'x₂', '1', '−x₁', '−x₂', '−1'])
    """
    probes = _probe_features(learner)
    base, unit = probes[0], probes[1:] - probes[0]
    names = []
    for j in range(probes.shape[1]):
        inputs = np.flatnonzero(np.abs(unit[:, j]) > 0)
        if inputs.size == 1:
            i = int(inputs[0])
            names.append(("−" if unit[i, j] < 0 else "") + f"x{i + 1}".translate(SUBSCRIPTS))
        elif base[j] != 0:
            names.append("1" if base[j] > 0 else "−1")
        else:
            names.append(f"f{j + 1}".translate(SUBSCRIPTS))
    return names


def _probe_features(learner) -> np.ndarray:
    """φ(0), φ(e₁), …, φ(e_d) of the learner's feature map (without scaling rows to unit length)."""
    plain = clone(learner)
    if "normalize" in plain.get_params():
        plain.set_params(normalize=False)
    d = int(getattr(learner, "n_features_in_", 2))
    plain.start(getattr(learner, "classes_", [0, 1]), d)
    return plain._features(np.vstack([np.zeros(d), np.eye(d)]))


def line_of(learner):
    """The function w ↦ (v, b): a weight vector on the learner's features as the line v·x + b = 0 of the
    input plane (seed 001: the threshold is a weight).  The feature map is affine up to a positive
    scale of each row (``normalize``), which moves no point across the line.

    >>> from learners import Winnow
    >>> v, b = line_of(Winnow())(np.array([0.5, 0.0, 0.1, 0.0, 0.3, 0.1]))
    >>> v.round(3).tolist(), round(b, 3)
    ([0.5, -0.3], 0.0)
    """
    probes = _probe_features(learner)

    def line(w):
        values = probes @ np.asarray(w, dtype=float).reshape(-1)
        return values[1:] - values[0], float(values[0])
    return line


def turn_of(before, after, updated: bool, name: str = "(w₁, w₂)") -> tuple[int, str]:
    """How the normal of the boundary moves: an index into ``TURN_OPTIONS`` and the words with its angles
    (``name``: how the normal is written, e.g. (2w₁ − 1, 2w₂ − 1) for the weight-bounded perceptron).

    >>> turn_of([1.0, 0.0], [1.0, 1.0], True)
    (1, 'The normal (w₁, w₂) turns counter-clockwise, from 0° to 45°.')
    >>> turn_of([0.0, 0.0], [1.0, 1.0], True)[0], turn_of([1.0, 0.0], [2.0, 0.0], True)[0]
    (4, 3)
    """
    if not updated:
        return 0, "The boundary stays."
    vb, va = np.asarray(before, dtype=float), np.asarray(after, dtype=float)
    nb, na = float(np.linalg.norm(vb)), float(np.linalg.norm(va))
    if nb == 0.0:
        if na == 0.0:
            return 5, f"The normal {name} is still (0, 0): there is no boundary line yet."
        return 4, f"The boundary appears: its normal {name} now points at {_n(_angle(va))}°."
    if na == 0.0:
        return 5, f"The normal {name} becomes (0, 0): the boundary line is gone."
    sine = float(vb[0] * va[1] - vb[1] * va[0]) / (nb * na)
    angles = f"from {_n(_angle(vb))}° to {_n(_angle(va))}°"
    if abs(sine) <= PARALLEL:
        if float(vb @ va) > 0:
            return 3, f"The normal {name} keeps its direction ({_n(_angle(va))}°): the boundary only shifts."
        return 5, f"The normal {name} reverses, {angles}."
    if sine > 0:
        return 1, f"The normal {name} turns counter-clockwise, {angles}."
    return 2, f"The normal {name} turns clockwise, {angles}."


def _angle(v) -> float:
    return round(math.degrees(math.atan2(float(v[1]), float(v[0]))), 1)


# ------------------------------------------------------------------ classifiers
def _class_name(label, names) -> str:
    try:
        index = int(label)
    except (TypeError, ValueError):
        return str(label)
    return str(names[index]) if names is not None and 0 <= index < len(names) else str(label)


def _verdict(record, learner, names, score: str = "w·x") -> str:
    """The trial's verdict with its numbers (``score``: how the binary score is written)."""
    scores = np.asarray(record.scores, dtype=float).reshape(-1)
    if scores.size == 1 and len(learner.classes_) == 2:
        y = 1.0 if record.truth == learner.classes_[1] else -1.0
        relation = "≤ 0: a mistake" if record.mistake else "> 0: no mistake"
        return f"y·({score}) = ({'+1' if y > 0 else '−1'})·({_n(scores[0])}) = {_n(record.margin)} {relation}."
    predicted, truth = _class_name(record.prediction, names), _class_name(record.truth, names)
    if record.mistake:
        return f"The scores {_vector(scores)} pick {predicted}, but the point is {truth}: a mistake."
    return f"The scores {_vector(scores)} pick {truth}, its class: no mistake."


def classifier_quiz(records, learner, names=None, *, limit: int = QUIZ_TRIALS) -> dict:
    """The quiz of a run — a classifier's or an expert learner's: questions, and per trial the answers and
    the explanation.

    ``records``: the learner's :class:`learners.TrialRecord` of every trial, in order (at most
    ``limit`` are used); ``learner``: the learner after the run (its parameters and classes are
    read); ``names``: the class names.  What a trial moves comes from the learner's catalog entry
    (:class:`lab.catalog.QuizFacts`), never from the shape of its records.

    Returns ``{"questions": [...], "answers": {id: [per trial]}, "why": [per trial], "T": n}``;
    a choice's answer is an option's index, a multiple choice's a sorted list of indices, a
    numeric question's a list of numbers (compared within ``tolerance``).
    """
    from .catalog import spec_for

    records = list(records)[: int(limit)]
    spec = spec_for(learner)
    facts = spec.quiz
    if facts is None:
        raise ValueError(f"{spec.name} has no quiz facts in the catalog (lab.catalog.QuizFacts).")
    kind = facts.kind(learner)
    if kind == "weights":                     # an expert learner: the vote, the mistake or F_t, and W
        return experts_quiz(records, randomized=facts.draws, limit=limit)
    k = len(learner.classes_)
    class_names = [_class_name(label, names) for label in learner.classes_]
    questions = [MISTAKE]
    answers: dict = {"mistake": []}
    why = []
    coordinates = feature_names(learner)
    first = np.asarray(records[0].weights_before, dtype=float) if records else None
    rows_of = (lambda W: facts.rows(learner, W)) if facts.rows is not None else (lambda W: None)
    if kind == "line":
        line = line_of(learner)
        size = first.size if first is not None else len(coordinates)
        shown = min(3, size)
        labels = [f"w({name})" for name in coordinates[:shown]]
        prompt = "What will w be after this trial?" if shown == size else \
            f"What will the first {shown} of w's {size} weights be after this trial?"
        questions += [TURN, {"id": "w", "kind": "numbers", "prompt": prompt, "labels": labels,
                             "tolerance": _tolerance()}]
        answers.update(turn=[], w=[])
    elif kind == "alpha":
        questions.append({"id": "alpha", "kind": "choice", "prompt": "What does the trial add to x_t's "
                          "coefficient α (the kernel expansion f(x) = Σ α_i K(x_i, x))?",
                          "options": ["nothing (no update)", "a positive amount", "a negative amount"]})
        answers["alpha"] = []
    elif kind == "classes":
        prompt = ("Which classes get a push ±c·x (they fire: θ_y − δ̄(y,j)·f_j(x) > 0, and c > 0)?"
                  if first is not None and rows_of(first) is not None else
                  "Which classes' coefficients of x_t change (they fire: θ_y − δ̄(y,j)·f_j(x) > 0, and c > 0)?")
        questions.append({"id": "moved", "kind": "multi", "options": class_names, "prompt": prompt})
        answers["moved"] = []
    elif kind == "rows":
        questions.append({"id": "away", "kind": "choice", "options": ["none (no update)"] + class_names,
                          "prompt": "Whose vector will be pushed away from x (its score on x goes down most)?"})
        answers["away"] = []
    else:
        raise ValueError(f"unknown quiz kind {kind!r} for {spec.name}")
    if kind in ("rows", "classes") and first is not None and rows_of(first) is not None:
        questions.append({"id": "w", "kind": "numbers", "labels": [f"({name})" for name in coordinates],
                          "prompt": f"What will the true class's vector {facts.row_symbol} be after this trial?",
                          "tolerance": _tolerance()})
        answers["w"] = []
    expansion = kind == "alpha" or (kind == "classes" and "w" not in answers)    # f(x) = Σ α K(x_i, x)
    for record in records:
        answers["mistake"].append(0 if record.mistake else 1)
        words = [_verdict(record, learner, names, "f(x)" if expansion else "w·x")]
        if kind == "line":
            before = np.asarray(record.weights_before, dtype=float).reshape(-1)
            after = np.asarray(record.weights_after, dtype=float).reshape(-1)
            choice, text = turn_of(line(facts.score_weights(before))[0], line(facts.score_weights(after))[0],
                                   record.updated, facts.normal_name)
            answers["turn"].append(choice)
            answers["w"].append(_rounded(after[:shown]))
            words.append(text)
            words.append(f"w {'becomes' if record.updated else 'stays'} {_vector(_rounded(after))}.")
        elif kind == "alpha":
            change = float(np.asarray(spec.dual_change(record, learner), dtype=float).reshape(-1)[0])
            answers["alpha"].append(0 if change == 0 else 1 if change > 0 else 2)
            words.append(f"α of x_t changes by {_n(change)}." if change else "No coefficient changes.")
        elif kind == "classes":
            change = np.asarray(spec.dual_change(record, learner), dtype=float)
            moved = [int(j) for j in np.flatnonzero(change)]
            answers["moved"].append(moved)
            words.append(_moved_words(moved, class_names, record.weight))
        if kind == "rows" or (kind == "classes" and "w" in answers):
            rows_before, rows_after = rows_of(record.weights_before), rows_of(record.weights_after)
            y = int(np.searchsorted(learner.classes_, record.truth))
            if "away" in answers:
                delta = (rows_after - rows_before) @ np.asarray(record.features, dtype=float)
                away = int(np.argmin(delta)) if record.updated and delta.min() < 0 else -1
                answers["away"].append(away + 1)
                words.append(f"{class_names[away]}'s vector moves away from x (its score on x drops by "
                             f"{_n(-delta[away])}), {class_names[y]}'s towards it." if away >= 0 else "No vector moves.")
            if "w" in answers:
                answers["w"].append(_rounded(rows_after[y]))
                words.append(f"{facts.row_symbol[0]} of {class_names[y]} "
                             f"{'becomes' if record.updated else 'stays'} {_vector(_rounded(rows_after[y]))}.")
        why.append(" ".join(words))
    return {"questions": questions, "answers": answers, "why": why, "T": len(records)}


def _moved_words(moved, class_names, weight=1.0) -> str:
    if not moved:
        return "c = 0: no class gets a push." if float(weight) == 0.0 else "No class fires: nothing is pushed."
    return "Pushed: " + ", ".join(class_names[j] for j in moved) + "."


# ------------------------------------------------------------------ experts
def experts_quiz(records, *, randomized: bool, limit: int = QUIZ_TRIALS) -> dict:
    """The quiz of an expert learner's run (seed 001): the vote, the mistake (WM) or F_t (RWM), and W after.

    ``records``: the learner's :class:`learners.experts.ExpertTrialRecord` of every trial.  The
    weighted vote picks 1 iff the share of the weight on answer 1 is at least ½ (Weighted
    Majority's rule, ties to 1); F_t is the share of the weight on the wrong experts, RWM's
    probability of a mistake; W = Σ_i w_i after the trial (a doubling trick's restart sets every
    w_i back to 1).

    >>> from datasets.advice import lecture_table
    >>> from learners import WeightedMajority
    >>> model = WeightedMajority(beta=0.5)
    >>> advice, outcomes = lecture_table()
    >>> quiz = experts_quiz([model.learn_one(a, o) for a, o in zip(advice, outcomes)], randomized=False)
    >>> quiz["answers"]
    {'vote': [0, 1], 'mistake': [0, 0], 'W': [[4.0], [2.75]]}
    >>> print(quiz["why"][1])
    The vote for 1 is 0.625 ≥ ½: the weighted majority says 1; the outcome is 0: a mistake. 4 wrong experts' weights × 0.5: W = 2.75.
    """
    records = list(records)[: int(limit)]
    questions = [{"id": "vote", "kind": "choice", "prompt": "Which answer will the weighted vote pick?",
                  "options": ["0", "1"]}]
    answers: dict = {"vote": []}
    if randomized:
        questions.append({"id": "F", "kind": "numbers", "labels": ["F_t"], "tolerance": _tolerance(),
                          "prompt": "What share F_t of the weight is on the wrong experts (RWM's chance of a mistake)?"})
        answers["F"] = []
    else:
        questions.append(MISTAKE)
        answers["mistake"] = []
    questions.append({"id": "W", "kind": "numbers", "labels": ["W"], "tolerance": _tolerance(),
                      "prompt": "What will the total weight W = Σ w_i be after the update?"})
    answers["W"] = []
    why = []
    for record in records:
        vote = 1 if record.vote_for_one >= 0.5 else 0
        answers["vote"].append(vote)
        relation = "≥ ½" if vote else "< ½"
        wrong_vote = vote != record.outcome
        words = [f"The vote for 1 is {_n(record.vote_for_one)} {relation}: the weighted majority says {vote}; "
                 f"the outcome is {record.outcome}: {'a mistake' if wrong_vote else 'right'}."]
        if randomized:
            answers["F"].append(_rounded([record.expected_loss]))
            words.append(f"F_t = {_n(answers['F'][-1][0])} of the weight is on wrong experts.")
        else:
            answers["mistake"].append(0 if record.mistake else 1)
        total = float(np.sum(record.weights_after))
        answers["W"].append(_rounded([total]))
        penalized = int(np.sum(record.wrong_experts))
        factor = record.update.get("factor", 1.0)
        restart = " The doubling trick restarts: every weight back to 1." if record.restarted else ""
        whose = "1 wrong expert's weight" if penalized == 1 else f"{penalized} wrong experts' weights"
        words.append(f"{whose} × {_n(factor)}: "
                     f"W = {_n(answers['W'][-1][0])}.{restart}")
        why.append(" ".join(words))
    return {"questions": questions, "answers": answers, "why": why, "T": len(records)}
