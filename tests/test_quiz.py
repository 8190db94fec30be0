"""The quiz's answers (lab/quiz.py) on trials worked out by hand, for every kind of question.

The player grades a student's answer by comparing it with these answers (components/quiz.js);
tests/browser/test_self_study_in_chromium.py checks that comparison on the same kinds of question.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from datasets.advice import lecture_table
from datasets.pointset import PointSet
from lab import catalog
from lab.quiz import QUIZ_TRIALS, TURN_OPTIONS, classifier_quiz, experts_quiz, feature_names, turn_of
from lab.timeline import build_timeline
from learners import (AllPairPerceptron, ApportionedMargin, KernelPerceptron, MultiVectorPerceptron,
                      PassiveAggressive, Perceptron, RandomizedWeightedMajority, WeightedMajority, Winnow)


def played(model, rows, labels, classes, weights=None):
    model.start(classes, len(rows[0]))
    weights = weights or [1.0] * len(rows)
    return [model.learn_one(x, y, w) for x, y, w in zip(rows, labels, weights)]


def test_perceptron_trials_by_hand():
    # w₁ = 0. Trial 1: x = (1, 2), y = +1: w·x = 0 ≤ 0, a mistake: w = (1, 2, 1), the boundary appears.
    # Trial 2: x = (2, 1), y = +1: w·x = 5 > 0, no update.  Trial 3: x = (−1, 1), y = −1 (class 0):
    # w·x = −1 + 2 + 1 = 2, y·w·x = −2 ≤ 0: w = (1, 2, 1) − (−1, 1, 1) = (2, 1, 0): the normal goes from
    # atan2(2, 1) = 63.4° to atan2(1, 2) = 26.6°, clockwise.  Trial 4: x = (0, −3), y = −1:
    # w·x = −3, y·w·x = 3 > 0.  Trial 5: x = (4, 2), y = +1: w·x = 10 > 0.
    rows = [[1.0, 2.0], [2.0, 1.0], [-1.0, 1.0], [0.0, -3.0], [4.0, 2.0]]
    model = Perceptron()
    quiz = classifier_quiz(played(model, rows, [1, 1, 0, 0, 1], [0, 1]), model, ["minus", "plus"])
    assert [q["id"] for q in quiz["questions"]] == ["mistake", "turn", "w"]
    assert quiz["answers"]["mistake"] == [0, 1, 0, 1, 1]                  # 0: "a mistake", 1: "no mistake"
    assert [TURN_OPTIONS[i].split()[0] for i in quiz["answers"]["turn"]] == [
        "appears", "stays", "turns", "stays", "stays"]
    assert quiz["answers"]["turn"][2] == TURN_OPTIONS.index("turns clockwise ↻")
    assert quiz["answers"]["w"] == [[1, 2, 1], [1, 2, 1], [2, 1, 0], [2, 1, 0], [2, 1, 0]]
    assert quiz["questions"][2]["labels"] == ["w(x₁)", "w(x₂)", "w(1)"]
    assert "(−1)·(2) = −2 ≤ 0: a mistake" in quiz["why"][2] and "from 63.4° to 26.6°" in quiz["why"][2]


def test_a_turn_counter_clockwise_and_a_shift_without_turning():
    # x = (1, 0), y = +1: a mistake from w = 0, w = (1, 0, 1) (the normal appears at 0°).  x = (−1, 2),
    # y = +1: w·x = −1 + 0 + 1 = 0 ≤ 0, a mistake: w = (0, 2, 2), the normal turns from 0° to 90°,
    # counter-clockwise.  x = (0, 0), y = −1: w·x = 2, y·w·x = −2: w = (0, 2, 1), the same normal: the
    # line only shifts.
    model = Perceptron()
    quiz = classifier_quiz(played(model, [[1.0, 0.0], [-1.0, 2.0], [0.0, 0.0]], [1, 1, 0], [0, 1]), model)
    assert quiz["answers"]["turn"] == [4, 1, 3]
    assert quiz["answers"]["w"] == [[1, 0, 1], [0, 2, 2], [0, 2, 1]]
    assert "from 0° to 90°" in quiz["why"][1]


def test_turn_of_reversal_and_lost_direction():
    assert turn_of([1.0, 0.0], [-2.0, 0.0], True)[0] == TURN_OPTIONS.index("reverses or loses its direction")
    assert turn_of([1.0, 0.0], [0.0, 0.0], True)[0] == 5
    assert turn_of([1.0, 0.0], [5.0, 0.0], False) == (0, "The boundary stays.")


def test_importance_weighted_perceptron_moves_by_c():
    # IWP: w ← w + c·y·x; x = (1, 2), c = 3, y = +1 from w = 0: w = (3, 6, 3).
    model = catalog.build("Importance-Weighted Perceptron")
    quiz = classifier_quiz(played(model, [[1.0, 2.0]], [1], [0, 1], [3.0]), model)
    assert quiz["answers"]["w"] == [[3, 6, 3]]


def test_winnow_first_trial_by_hand():
    # Balanced features (x₁, x₂, 1, −x₁, −x₂, −1), w = 1/6 each.  x = (1, 0), y = +1:
    # f = (1, 0, 1, −1, 0, −1), w·f = 0 ≤ 0: a mistake.  w_i ∝ e^{η y f_i} (η = 0.5):
    # (e^½, 1, e^½, e^−½, 1, e^−½)/Z; the line's normal v = (w(x₁) − w(−x₁), w(x₂) − w(−x₂)) = (> 0, 0).
    model = Winnow(eta=0.5)
    quiz = classifier_quiz(played(model, [[1.0, 0.0]], [1], [0, 1]), model)
    raw = np.exp(0.5 * np.array([1, 0, 1, -1, 0, -1]))
    w = raw / raw.sum()
    assert quiz["answers"]["mistake"] == [0]
    assert quiz["answers"]["turn"] == [TURN_OPTIONS.index("appears (w had no direction yet)")]
    assert quiz["answers"]["w"][0] == pytest.approx(w[:3], rel=1e-5)
    assert quiz["questions"][2]["labels"] == ["w(x₁)", "w(x₂)", "w(1)"]
    assert "first 3 of w's 6 weights" in quiz["questions"][2]["prompt"]
    assert feature_names(model) == ["x₁", "x₂", "1", "−x₁", "−x₂", "−1"]


def test_multivector_pushes_the_predicted_class_away():
    # Three classes, w_r = 0: every score is 0, the tie goes to class 0.  x = (1, 2) of class 1:
    # a mistake; w_1 += x, w_0 −= x: class 0 moves away (option 1 + 0), w_1 = (1, 2, 1).
    # Then x = (−2, 1) of class 2: scores w_0·x = −(−2 + 2 + 1) = −1, w_1·x = 1, w_2·x = 0: ŷ = 1, a
    # mistake; class 1 moves away, w_2 = (−2, 1, 1).
    model = MultiVectorPerceptron()
    quiz = classifier_quiz(played(model, [[1.0, 2.0], [-2.0, 1.0]], [1, 2], [0, 1, 2]), model, ["a", "b", "c"])
    assert [q["id"] for q in quiz["questions"]] == ["mistake", "away", "w"]
    assert quiz["questions"][1]["options"] == ["none (no update)", "a", "b", "c"]
    assert quiz["answers"]["away"] == [1, 2]
    assert quiz["answers"]["w"] == [[1, 2, 1], [-2, 1, 1]]


def test_all_pair_answers_are_k_times_the_multivector_ones():
    """Lemma 3 of seed 000: AP's class scores are k × MV's, so the same class moves away and h_y = k·w_y."""
    rng = np.random.default_rng(3)
    rows, labels = rng.normal(size=(30, 2)).tolist(), rng.integers(0, 4, 30).tolist()
    mv, ap = MultiVectorPerceptron(), AllPairPerceptron()
    quiz_mv = classifier_quiz(played(mv, rows, labels, [0, 1, 2, 3]), mv)
    quiz_ap = classifier_quiz(played(ap, rows, labels, [0, 1, 2, 3]), ap)
    assert quiz_ap["answers"]["away"] == quiz_mv["answers"]["away"]
    assert quiz_ap["answers"]["mistake"] == quiz_mv["answers"]["mistake"]
    assert np.allclose(quiz_ap["answers"]["w"], 4 * np.array(quiz_mv["answers"]["w"]), rtol=1e-5)
    assert "h_y" in quiz_ap["questions"][2]["prompt"]


def test_passive_aggressive_pushes_the_runner_up_away():
    # Three classes, zero weights, x = (1, 0) of class 0: scores 0, ŷ = 0 (no mistake), but the loss
    # 1 − (s_0 − s_1) = 1 > 0: w_0 moves towards x and the runner-up y′ = class 1 (lowest other) away.
    model = PassiveAggressive(variant="PA")
    quiz = classifier_quiz(played(model, [[1.0, 0.0]], [0], [0, 1, 2]), model)
    assert quiz["answers"]["mistake"] == [1]
    assert quiz["answers"]["away"] == [2]


def test_apportioned_margin_names_the_classes_that_fire():
    model = ApportionedMargin(solver="perceptron", theta=[1.0, 10.0, 1.0])
    records = played(model, [[1.0, 0.0], [0.0, 1.0]], [1, 0], [0, 1, 2])
    quiz = classifier_quiz(records, model)
    assert quiz["questions"][1]["kind"] == "multi"
    assert quiz["answers"]["moved"] == [np.flatnonzero(r.update["fired"]).tolist() for r in records]
    assert quiz["answers"]["moved"][0] == [0, 1, 2]       # from zero scores every class fires (θ_y ≥ 0)


def test_kernel_perceptron_coefficient_sign():
    model = KernelPerceptron(kernel="rbf", gamma=1.0)
    records = played(model, [[1.0, 1.0], [1.0, 1.0], [-1.0, -1.0]], [0, 0, 1], [0, 1])
    quiz = classifier_quiz(records, model)
    assert [q["id"] for q in quiz["questions"]] == ["mistake", "alpha"]
    # trial 1: f = 0, a mistake on class 0 (y = −1): α = −1; trial 2: f = −1 < 0 for y = −1, right;
    # trial 3: f(x₃) = −e^{−8} < 0 for y = +1: a mistake, α = +1
    assert quiz["answers"]["mistake"] == [0, 1, 0]
    assert quiz["answers"]["alpha"] == [2, 0, 1]
    assert "y·(f(x))" in quiz["why"][0]


def test_weighted_majority_on_the_lecture_table():
    """Seed 001's table: votes 0 (2/3 : 1/3) and 1 (3/8 : 5/8), both wrong; W = 4, then 2.75."""
    advice, outcomes = lecture_table()
    model = WeightedMajority(beta=0.5)
    quiz = experts_quiz([model.learn_one(a, o) for a, o in zip(advice, outcomes)], randomized=False)
    assert [q["id"] for q in quiz["questions"]] == ["vote", "mistake", "W"]
    assert quiz["answers"] == {"vote": [0, 1], "mistake": [0, 0], "W": [[4.0], [2.75]]}


def test_randomized_weighted_majority_expected_loss_and_a_restart():
    # Two experts, one always wrong, doubling trick: m̂ = 4 ln 2 ≈ 2.77; both reach 3 mistakes in the
    # first phase by trial 6 (see learners.comparators.doubling_phases): after it, W = N = 2.
    advice, outcomes = [[1, 0]] * 8, [0, 1] * 4
    model = RandomizedWeightedMajority(doubling=True, random_state=0)
    records = [model.learn_one(a, o) for a, o in zip(advice, outcomes)]
    quiz = experts_quiz(records, randomized=True)
    assert [q["id"] for q in quiz["questions"]] == ["vote", "F", "W"]
    assert quiz["answers"]["F"][0] == [0.5]                    # equal weights, one of two wrong
    assert quiz["answers"]["W"][0] == [1.5]                    # 1 + (1 − ½)
    assert quiz["answers"]["W"][5] == [2.0] and records[5].restarted
    assert "restarts" in quiz["why"][5]


def test_the_payload_carries_the_quiz_for_at_most_quiz_trials():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(700, 2))
    points = PointSet.from_arrays(X, (X[:, 0] + 0.3 * X[:, 1] > 0).astype(int))
    payload = build_timeline("Perceptron", {}, points, n_passes=2)
    quiz = payload["quiz"]
    assert payload["T"] == 1400 and quiz["T"] == QUIZ_TRIALS
    assert all(len(values) == QUIZ_TRIALS for values in quiz["answers"].values()) and len(quiz["why"]) == QUIZ_TRIALS
    assert quiz["answers"]["mistake"] == [0 if m == "1" else 1 for m in payload["trials"]["mistake"][:QUIZ_TRIALS]]


STEPPED = sorted({name for page, names in catalog.PAGES.items() for name in names
                  if catalog.LEARNERS[name].kind == "classifier"})


@pytest.mark.parametrize("name", STEPPED)
def test_every_stepping_learner_gets_a_quiz_whose_mistakes_are_the_runs(name):
    """Every learner a page offers (catalog.PAGES), on points it accepts (non-negative where it needs them)."""
    rng = np.random.default_rng(1)
    X = rng.normal(size=(40, 2))
    if catalog.LEARNERS[name].cls._positive_only:
        X = np.abs(X)
    k = 2 if catalog.LEARNERS[name].binary_only else 3
    points = PointSet.from_arrays(X, rng.integers(0, k, 40))
    payload = build_timeline(name, {}, points)
    quiz = payload["quiz"]
    assert quiz["answers"]["mistake"] == [0 if m == "1" else 1 for m in payload["trials"]["mistake"]]
    assert len(quiz["questions"]) >= 2
    for question in quiz["questions"]:
        answers = quiz["answers"][question["id"]]
        if question["kind"] == "choice":
            assert all(0 <= a < len(question["options"]) for a in answers)
        elif question["kind"] == "numbers":
            assert all(len(a) == len(question["labels"]) and all(math.isfinite(v) for v in a) for a in answers)


# ------------------------------------------------------------------ every catalog learner, replayed
# What each learner's trial moves, written here from the sources (not read from lab.quiz or the catalog):
# the normal of the line for one weight vector, the score rows for one vector per class, the classes
# pushed, the one dual coefficient.  Each entry: (variants of parameters, classes, kind, how to read it).
def _normal_plain(w):
    return w[:2]                                 # features (x₁, x₂[, 1]) scaled by a positive number at most


def _normal_balanced(w):
    return w[:2] - w[3:5]                        # Winnow's (x₁, x₂, 1, −x₁, −x₂, −1): v_i = w(x_i) − w(−x_i)


def _normal_shares(w):
    return 2.0 * w[:2] - 1.0                     # seed 004: the score is Σ (2w_i − 1)·x_i


REPLAY = {
    "Perceptron": ([{}, {"normalize": True}, {"fit_intercept": False}], [2], "line", _normal_plain),
    "Importance-Weighted Perceptron": ([{}, {"fit_intercept": False}], [2], "line", _normal_plain),
    "Kernel Perceptron": ([{"kernel": "rbf"}, {"kernel": "poly", "degree": 2}], [2], "alpha", None),
    "Winnow": ([{}], [2], "line", _normal_balanced),
    "p-norm": ([{}, {"p": 3.0}, {"p": 12.0, "fit_intercept": False}], [2], "line", _normal_plain),
    "Passive-Aggressive": ([{}, {"variant": "PA-I"}], [2, 3], None, None),
    "Multi-vector Perceptron": ([{}], [2, 3], "rows", lambda W: W),
    "Multi-vector IWP": ([{}], [2, 3], "rows", lambda W: W),
    "All-pair Perceptron": ([{}], [2, 3], "rows", lambda W: W.sum(axis=1)),
    "Apportioned margin": ([{}, {"solver": "perceptron"}, {"kernel": "rbf"}, {"kernel": "rbf", "solver": "perceptron"}],
                           [2, 3], "classes", None),
    "Weight-bounded perceptron": ([{"normalize": True}, {"normalize": False}], [2], "line", _normal_shares),
    "OOZ": ([{}], [2, 3], "rows", "columns"),
    "Weighted Majority": ([{}], None, "experts", None),
    "Randomized Weighted Majority": ([{}, {"doubling": True}], None, "experts", None),
}


def expected_turn(before, after, changed):
    if not changed:
        return 0
    nb, na = np.linalg.norm(before), np.linalg.norm(after)
    if nb == 0:
        return 4 if na > 0 else 5
    if na == 0:
        return 5
    cross = (before[0] * after[1] - before[1] * after[0]) / (nb * na)
    if abs(cross) <= 1e-9:
        return 3 if before @ after > 0 else 5
    return 1 if cross > 0 else 2


def padded(before, after):
    """Dual coefficients before and after, the new support rows of ``before`` filled with 0."""
    before, after = np.asarray(before, float), np.asarray(after, float)
    grown = np.zeros_like(after)
    grown[: before.shape[0]] = before
    return grown, after


def expected_answers(name, kind, read, learner, records, X, values):
    k = len(learner.classes_)
    out = {"mistake": [0 if r.mistake else 1 for r in records]}
    for t, (record, x) in enumerate(zip(records, X), start=1):
        before, after = np.asarray(record.weights_before, float), np.asarray(record.weights_after, float)
        y = list(learner.classes_).index(record.truth)
        if kind == "line":
            before, after = before.reshape(-1), after.reshape(-1)
            changed = not np.array_equal(before, after)
            out.setdefault("turn", []).append(expected_turn(read(before), read(after), changed))
            out.setdefault("w", []).append(after[:3])
        elif kind == "alpha":
            old, new = padded(before, after)
            change = float((new - old).sum())
            out.setdefault("alpha", []).append(0 if change == 0 else 1 if change > 0 else 2)
        elif kind == "rows":
            rows = (lambda W: W[:, :k].T) if read == "columns" else read
            f = np.r_[x, 1.0] if values.get("fit_intercept", learner.get_params().get("fit_intercept")) else x
            drop = (rows(after) - rows(before)) @ f
            out.setdefault("away", []).append(int(np.argmin(drop)) + 1 if drop.min() < -1e-12 else 0)
            out.setdefault("w", []).append(rows(after)[y])
        elif kind == "classes":
            if learner.kernel == "linear":
                lam = learner.lam if learner.solver == "sgd" else None
                # sgd keeps W = S/(λt): the push of trial t is S_t − S_{t−1}; the perceptron solver's W is S
                S_before, S_after = (lam * (t - 1) * before, lam * t * after) if lam else (before, after)
                pushed = np.abs(S_after - S_before).max(axis=1) > 1e-9 * max(1.0, np.abs(S_after).max())
                out.setdefault("w", []).append(after[y])
            else:
                old, new = padded(before, after)
                pushed = np.abs(new - old).max(axis=0) > 0
            out.setdefault("moved", []).append(np.flatnonzero(pushed).tolist())
    return out


def replay(name, values, k, seed):
    rng = np.random.default_rng(seed)
    n = 30
    positive = catalog.LEARNERS[name].cls._positive_only          # OOZ, the weight-bounded perceptron
    X = rng.uniform(0.05, 1.0, size=(n, 2)) if positive else rng.normal(size=(n, 2))
    labels = rng.integers(0, k, n)
    weights = rng.choice([0.0, 0.5, 1.0, 2.0], n)
    learner = catalog.build(name, values)
    learner.start(list(range(k)), 2)
    records = [learner.learn_one(x, int(label), float(c)) for x, label, c in zip(X, labels, weights)]
    return learner, records, X


def test_the_replay_covers_every_learner_of_the_catalog():
    assert set(REPLAY) == set(catalog.LEARNERS)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("name", sorted(REPLAY))
def test_every_answer_of_every_catalog_learner_is_what_its_trial_did(name, seed):
    variants, ks, kind, read = REPLAY[name]
    if kind == "experts":
        rng = np.random.default_rng(seed)
        advice, outcomes = rng.integers(0, 2, (40, 5)), rng.integers(0, 2, 40)
        for values in variants:
            learner = catalog.build(name, values)
            records = [learner.learn_one(a, int(o)) for a, o in zip(advice, outcomes)]
            quiz = experts_quiz(records, randomized=name.startswith("Randomized"))
            before = [np.asarray(r.weights_before, float) for r in records]
            assert quiz["answers"]["vote"] == [int(w[a == 1].sum() >= 0.5 * w.sum()) for w, a in zip(before, advice)]
            wrong = [w[a != o].sum() / w.sum() for w, a, o in zip(before, advice, outcomes)]
            assert np.allclose(np.ravel(quiz["answers"]["W"]), [np.sum(r.weights_after) for r in records], rtol=1e-5)
            if "F" in quiz["answers"]:
                assert np.allclose(np.ravel(quiz["answers"]["F"]), wrong, rtol=1e-5)
        return
    for values in variants:
        for k in ks:
            learner, records, X = replay(name, values, k, seed)
            facts_kind = kind or ("line" if k == 2 else "rows")            # PA: binary with two classes
            facts_read = read or (_normal_plain if k == 2 else (lambda W: W))
            expected = expected_answers(name, facts_kind, facts_read, learner, records, X, values)
            quiz = classifier_quiz(records, learner)
            assert set(quiz["answers"]) == set(expected), (name, values, k)
            for question, answers in expected.items():
                given = quiz["answers"][question]
                if question == "w":
                    for t, (a, b) in enumerate(zip(given, answers)):
                        assert np.allclose(a, b, rtol=1e-5, atol=1e-9), (name, values, k, t)
                else:
                    assert given == answers, (name, values, k, question)


def test_the_weight_bounded_perceptron_turns_its_boundary_not_its_shares():
    # one trial on (3, 4) scaled to (0.6, 0.8), β = ½: w = (0.8, 0.9); the boundary's normal 2w − 1 goes from
    # (0, 0) to (0.6, 0.8): it appears at 53.1° (the shares w turned from 45° to 48.4°)
    model = catalog.build("Weight-bounded perceptron", {"beta": 0.5, "normalize": True})
    record = model.learn_one([3.0, 4.0], 1, classes=[0, 1])
    quiz = classifier_quiz([record], model)
    assert quiz["answers"]["turn"] == [TURN_OPTIONS.index("appears (w had no direction yet)")]
    assert "53.1°" in quiz["why"][0] and "48.4" not in quiz["why"][0]


def test_apportioned_kernel_with_two_classes_asks_which_classes_change_and_weight_zero_pushes_nothing():
    model = catalog.build("Apportioned margin", {"kernel": "rbf"})
    model.start([0, 1], 2)
    records = [model.learn_one(x, y, c) for x, y, c in [([1.0, 2.0], 1, 1.0), ([2.0, -1.0], 0, 1.0)]]
    quiz = classifier_quiz(records, model, ["A", "B"])
    assert [q["id"] for q in quiz["questions"]] == ["mistake", "moved"]
    assert quiz["answers"]["moved"] == [[0, 1], [0, 1]]      # both classes' coefficients of x_t change
    linear = catalog.build("Apportioned margin")
    linear.start([0, 1], 2)
    records = [linear.learn_one(x, y, c) for x, y, c in [([1.0, 2.0], 1, 1.0), ([2.0, -1.0], 0, 0.0)]]
    quiz = classifier_quiz(records, linear, ["A", "B"])
    assert records[1].update["fired"].any() and quiz["answers"]["moved"][1] == []
    assert "Pushed" not in quiz["why"][1]
