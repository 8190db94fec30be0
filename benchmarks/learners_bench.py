"""Throughput of the learners against scikit-learn and river, and the cost of bound curves."""

from __future__ import annotations

import math

import numpy as np
from sklearn.linear_model import Perceptron as SkPerceptron

from datasets.loaders import load
from learners import (AllPairPerceptron, ApportionedMargin, ImportanceWeightedPerceptron,
                      MultiVectorPerceptron, OOZ, PassiveAggressive, Perceptron, WeightedMajority, Winnow)
from learners.comparators import perceptron_bound_curves

from .measure import Figure, interleaved_medians, median_seconds


def sklearn_pass(X, y, sample_weight=None):
    return lambda: SkPerceptron(max_iter=1, tol=None, shuffle=False).fit(X, y, sample_weight=sample_weight)


def river_seconds(X, y) -> float | None:
    """Median time of river's one-vs-rest Perceptron making one pass of ``learn_one`` over every
    row of (X, y) — the same rows, in the same order, as our pass — or None when river is absent.

    Rows are converted to river's dicts beforehand (not timed); a 1,000-row pass warms up first.
    """
    try:
        from river import linear_model, multiclass
    except ImportError:
        return None
    names = [f"x{j}" for j in range(X.shape[1])]
    dicts = [dict(zip(names, row)) for row in X.tolist()]
    labels = y.tolist()

    def one_pass(rows):
        model = multiclass.OneVsRestClassifier(linear_model.Perceptron())
        for features, label in zip(dicts[:rows], labels[:rows]):
            model.learn_one(features, label)

    one_pass(1000)
    return median_seconds(lambda: one_pass(len(labels)), repeats=3, warmup=0)


def run() -> list[Figure]:
    letter = load("letter")
    X, y = letter.X, letter.y
    y_binary = (y < 13).astype(int)
    weights = np.random.default_rng(0).exponential(1.0, len(y))
    figures = []

    ours, theirs = interleaved_medians(lambda: MultiVectorPerceptron().fit(X, y), sklearn_pass(X, y))
    figures.append(Figure("MultiVector one pass on LETTER / scikit-learn Perceptron", ours / theirs, 0.5, "×",
                          note=f"{ours * 1e3:.1f} ms vs {theirs * 1e3:.1f} ms"))
    river = river_seconds(X, y)
    if river is None:
        figures.append(Figure("river OvR Perceptron learn_one / MultiVector, one pass", 0.0, 500, "×",
                              higher_is_better=True, note="river is not installed (benchmarks/requirements.txt)"))
    else:
        mv = median_seconds(lambda: MultiVectorPerceptron().fit(X, y), repeats=21)
        figures.append(Figure("river OvR Perceptron learn_one / MultiVector, one pass", river / mv, 500, "×",
                              higher_is_better=True,
                              note=f"{river:.2f} s vs {mv * 1e3:.1f} ms, all {len(y):,} rows"))
    ap, mv = interleaved_medians(lambda: AllPairPerceptron().fit(X, y), lambda: MultiVectorPerceptron().fit(X, y))
    figures.append(Figure("AllPair (k = 26) / MultiVector, one pass on LETTER", ap / mv, 2.0, "×"))
    for name, make, w in (("Perceptron", Perceptron, None), ("IWP", ImportanceWeightedPerceptron, weights)):
        ours_b, theirs_b = interleaved_medians(lambda: make().fit(X, y_binary, sample_weight=w),
                                               sklearn_pass(X, y_binary, w), repeats=11)
        figures.append(Figure(f"{name} binary pass on LETTER / scikit-learn Perceptron", ours_b / theirs_b, 1.0, "×",
                              note=f"{ours_b * 1e3:.1f} ms vs {theirs_b * 1e3:.1f} ms"))

    reports = {
        "Winnow one pass on LETTER (binary)": lambda: Winnow().fit(X, y_binary),
        "PA-II one pass on LETTER": lambda: PassiveAggressive(variant="PA-II").fit(X, y),
        "ApportionedMargin linear, one pass on LETTER": lambda: ApportionedMargin(n_passes=1).fit(X, y),
        "OOZ one pass on LETTER": lambda: OOZ().fit(X, y),
    }
    advice = np.random.default_rng(1).integers(0, 2, (10_000, 1000))
    outcomes = np.random.default_rng(2).integers(0, 2, 10_000)
    reports["Weighted Majority, 1,000 experts × 10,000 trials"] = lambda: WeightedMajority().fit(advice, outcomes)
    for name, function in reports.items():
        seconds = median_seconds(function, repeats=3)
        figures.append(Figure(name, seconds * 1e3, math.inf, "ms"))

    rng = np.random.default_rng(3)
    X2 = rng.normal(size=(2000, 2))
    y2 = (X2 @ [1.0, -0.5] > 0.1).astype(int)
    curves = median_seconds(lambda: perceptron_bound_curves(ImportanceWeightedPerceptron(), X2, y2,
                                                            sample_weight=rng.exponential(1, 2000)), repeats=5)
    figures.append(Figure("Bound curves, 2,000 trials, comparator fits included", curves * 1e3, 300, "ms"))
    figures += timeline_figures()
    figures.append(kernel_run_figure())
    return figures


TIMELINE_SECONDS, TIMELINE_MB = 1.0, 3.0


def timeline_figures() -> list[Figure]:
    """The whole run the server hands to the player (lab.timeline): 1,000 points, 2 passes = 2,000 trials,
    every trial's math, the model after every update, the bound curves; built on a warm process."""
    from datasets.pointset import PointSet
    from lab.timeline import build_timeline, payload_json

    rng = np.random.default_rng(1000)
    labels = rng.integers(0, 2, 1000)
    X = rng.normal(size=(1000, 2)) + np.where(labels[:, None] == 1, 1.2, -1.2)
    points = PointSet.from_arrays(X, labels)
    figures = []
    for name, target in (("Perceptron", TIMELINE_SECONDS), ("Winnow", math.inf), ("Kernel Perceptron", math.inf)):
        build = lambda: payload_json(build_timeline(name, {}, points, order="shuffled", n_passes=2, seed=0))
        seconds = median_seconds(build, repeats=3)
        size = len(build().encode()) / 1e6
        figures.append(Figure(f"Timeline of 2,000 trials, 1,000 points: {name}", seconds, target, "s",
                              note=f"payload {size:.2f} MB"))
        if name == "Perceptron":
            figures.append(Figure("Timeline of 2,000 trials, 1,000 points: payload", size, TIMELINE_MB, "MB"))
    return figures


KERNEL_RUN_RATIO = 1.5


def kernel_run_figure() -> Figure:
    """Issue 20: a 6-pass Kernel Perceptron run on 1,000 points through ``lab.runner.Run`` (every trial's
    record kept) against the learner stepping through the same trials with nothing kept, timed
    alternately.  Run used to deep-copy the learner after every update, which made the run quadratic
    (1, 3, 6 passes: 1.5, 14.6, 73.7 s); the records alone cost a few per cent."""
    from lab.runner import Run
    from learners import KernelPerceptron

    rng = np.random.default_rng(20)
    labels = rng.integers(0, 2, 1000)
    X = rng.normal(size=(1000, 2)) + labels[:, None] * 0.8

    def with_records():
        Run(KernelPerceptron(kernel="rbf", gamma=1.0), X, labels, order="shuffled", n_passes=6, seed=0).play()

    shown = Run(KernelPerceptron(kernel="rbf", gamma=1.0), X, labels, order="shuffled", n_passes=6, seed=0)
    shown.play()
    order = shown.shown()

    def bare():
        learner = KernelPerceptron(kernel="rbf", gamma=1.0)
        learner.learn_one(X[order[0]], labels[order[0]], classes=[0, 1])
        for index in order[1:]:
            learner.learn_one(X[index], labels[index])

    run_seconds, bare_seconds = interleaved_medians(with_records, bare, repeats=3)
    return Figure("Kernel run, 6 passes on 1,000 points: Run / learner alone", run_seconds / bare_seconds,
                  KERNEL_RUN_RATIO, "×", note=f"{run_seconds:.1f} s with every record kept, {bare_seconds:.1f} s without")
