"""Bounded runs (issue 19): a run built for the browser stops at its learner's trial limit and says why,
reports its progress (where a Stop interrupts it), the adversarial order finds the same points as a full
scan while scanning less, and a run on a large set is its session's alone, not kept in the shared cache."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from datasets.pointset import MAX_POINTS, PointSet
from lab import catalog, limits
from lab.limits import SHARED_RUN_POINTS, TRIALS, trial_limit
from lab.runner import SCAN_BLOCK, Run
from lab.timeline import PROGRESS_EVERY, build_timeline
from ui.state import UndoStack

APP = str(Path(__file__).resolve().parents[1] / "app.py")
CLASSIFIERS = [name for name, spec in catalog.LEARNERS.items() if spec.kind == "classifier"]


def noisy(n, classes=2, seed=0, positive=False):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, classes, n)
    X = rng.normal(size=(n, 2)) * 2 + labels[:, None] * 0.5
    return PointSet.from_arrays(np.abs(X) if positive else X, labels)


def points_for(name, n, seed=0):
    spec = catalog.LEARNERS[name]
    return noisy(n, 2 if spec.binary_only else 3, seed, positive=spec.non_negative)


# ------------------------------------------------------------------ the limits
def test_every_classifier_has_a_limit_no_larger_than_the_largest():
    for name in CLASSIFIERS:
        for order in ("drawn", "shuffled", "adversarial"):
            limit = trial_limit(name, MAX_POINTS, order)
            assert 1 <= limit.trials <= max(TRIALS.values()) and limit.reason


def test_the_adversarial_kernel_limit_shrinks_with_the_points_within_its_budget():
    small, large = (trial_limit("Kernel Perceptron", n, "adversarial") for n in (1_000, MAX_POINTS))
    assert small.trials == TRIALS["kernel"] and large.trials < small.trials
    # worst case Σ_t n·S_t ≤ n·T²/2 kernel values stays within the budget
    assert MAX_POINTS * large.trials ** 2 / 2 <= limits.KERNEL_SCAN_BUDGET
    assert f"{MAX_POINTS:,} points" in large.reason
    assert trial_limit("Kernel Perceptron", MAX_POINTS, "shuffled").trials == TRIALS["kernel"]


@pytest.mark.parametrize("name", ["Perceptron", "Kernel Perceptron", "All-pair Perceptron"])
def test_a_run_longer_than_its_limit_is_cut_there_and_says_why(name):
    points = points_for(name, 400)
    limit = trial_limit(name, len(points), "shuffled")
    passes = limit.trials // len(points) + 1
    payload = build_timeline(name, {}, points, order="shuffled", n_passes=passes)
    assert payload["T"] == limit.trials and payload["cut"] == passes * len(points)
    assert payload["cut_reason"] == limit.reason
    assert len(payload["trials"]["point"]) == limit.trials
    short = build_timeline(name, {}, points, order="shuffled", n_passes=1)
    assert short["T"] == len(points) and short["cut"] is None and short["cut_reason"] is None


def test_the_kernel_runs_support_set_stays_within_the_limit():
    points = points_for("Kernel Perceptron", 3_000)
    payload = build_timeline("Kernel Perceptron", {}, points, order="shuffled", n_passes=2)
    support = sum(payload["trials"]["cum_mistakes"][-1:])          # one support point per mistake
    assert payload["T"] == TRIALS["kernel"] and support <= payload["T"]


# ------------------------------------------------------------------ progress and interruption
def test_progress_is_reported_in_order_and_often_enough():
    points = points_for("Perceptron", 900)
    heard = []
    payload = build_timeline("Perceptron", {}, points, n_passes=2, progress=lambda f, text: heard.append((f, text)))
    fractions = [f for f, _ in heard]
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1
    assert len(heard) >= payload["T"] // PROGRESS_EVERY
    assert heard[0][1].startswith("trial 0 of") and heard[-1][1] == "bounds, figures and math"


class Interrupted(Exception):
    pass


def test_an_exception_from_progress_stops_the_build_at_once():
    """Streamlit interrupts a script inside the next element update: the progress report is that update."""
    points = points_for("Perceptron", 3_000)
    steps = []

    def report(fraction, text):
        steps.append(text)
        if len(steps) == 3:
            raise Interrupted

    with pytest.raises(Interrupted):
        build_timeline("Perceptron", {}, points, progress=report)
    assert steps[-1] == f"trial {2 * PROGRESS_EVERY} of 3,000"


# ------------------------------------------------------------------ the adversarial order's scan
def full_scan_order(learner, X, y, trials):
    """The adversarial order as first written: score every point before each trial, take the first
    misclassified one, else the next point in drawn order."""
    run = Run(learner, X, y, order="drawn", n_passes=trials // len(X) + 1)
    shown = []
    for t in range(trials):
        wrong = np.flatnonzero(run._misclassified())
        index = int(wrong[0]) if wrong.size else t % len(X)
        record = run.learner.learn_one(run.X[index], run.y[index], 1.0)
        run._updates += record.updated
        shown.append(index)
    return shown


@pytest.mark.parametrize("name", CLASSIFIERS)
@pytest.mark.parametrize("seed", [0, 1])
def test_the_block_scan_shows_the_points_a_full_scan_shows(name, seed):
    points = points_for(name, 3 * SCAN_BLOCK // 2, seed)                 # more than one block
    X, y, _ = points.to_arrays()
    learner = catalog.build(name, {})
    run = Run(learner, X, y, order="adversarial", n_passes=1, seed=seed)
    run.play(120)
    assert run.shown().tolist() == full_scan_order(learner, X, y, 120)


def test_a_model_that_has_not_moved_since_a_clean_scan_is_not_scanned_again(monkeypatch):
    rng = np.random.default_rng(5)
    X = rng.normal(size=(5_000, 2)) + 4.0
    X[::2] *= -1                                                        # two clouds around ±(4, 4): separable
    y = (X[:, 0] > 0).astype(int)
    run = Run(catalog.build("Perceptron", {}), X, y, order="adversarial", n_passes=1)
    calls = []
    original = type(run.learner).decision_function
    monkeypatch.setattr(type(run.learner), "decision_function", lambda self, A: calls.append(len(A)) or original(self, A))
    run.play(300)
    assert run._misclassified().sum() == 0 and calls
    converged = sum(calls)
    calls.clear()
    run.play(300)                                                         # no mistake, no update, no scan
    assert sum(calls) == 0 and run.mistakes == int(sum(t.record.mistake for t in run.trials[:300]))
    assert converged < 300 * len(X)                                       # blocks, not the whole set each trial


# ------------------------------------------------------------------ whose cache
def count_builds(monkeypatch):
    import ui.learner_page as page

    built = []
    original = page.build_timeline
    monkeypatch.setattr(page, "build_timeline", lambda *a, **k: built.append(len(a[2])) or original(*a, **k))
    page._shared_timeline_json.clear()
    return built


def open_perceptron(points):
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.session_state["undo"] = UndoStack(points)
    at.switch_page("views/perceptron.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_small_run_is_shared_between_sessions_and_a_large_one_is_not(monkeypatch):
    built = count_builds(monkeypatch)
    small, large = noisy(200, seed=3), noisy(SHARED_RUN_POINTS + 1, seed=4)
    open_perceptron(small), open_perceptron(small)
    assert built == [200]                                    # the second session found it in the shared cache
    open_perceptron(large), open_perceptron(large)
    assert built == [200, SHARED_RUN_POINTS + 1, SHARED_RUN_POINTS + 1]   # each session built its own
