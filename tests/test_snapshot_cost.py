"""Snapshots cost no more than the change they record (issue 20): a kernel run keeps, per update, the
coefficient that changed, never a copy of the learner.

Before, each update deep-copied the whole Kernel Perceptron, its trial log included, so a run's cost grew
with the square of its length (1,000 points: 1, 3, 6 passes → 1.5, 14.6, 73.7 s).  These tests count
copies and measure the records' size, so they fail on that code on any machine; the time of a 6-pass run
on 1,000 points is measured side by side with the bare learner in ``python -m benchmarks``
(benchmarks/learners_bench.py, "Kernel run, 6 passes").
"""

from __future__ import annotations

import copy
import pickle

import numpy as np
from sklearn.base import BaseEstimator

from datasets.pointset import PointSet
from lab.runner import Run
from lab.timeline import build_timeline
from learners import KernelPerceptron


def noisy(n: int, seed: int = 3) -> PointSet:
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 2, n)
    return PointSet.from_arrays(rng.normal(size=(n, 2)) + labels[:, None] * 0.5, labels)


def test_a_six_pass_kernel_run_never_copies_its_learner(monkeypatch):
    copied = []
    original = copy.deepcopy

    def counting(value, *args, **kwargs):
        if isinstance(value, BaseEstimator):
            copied.append(type(value).__name__)
        return original(value, *args, **kwargs)

    monkeypatch.setattr(copy, "deepcopy", counting)
    payload = build_timeline("Kernel Perceptron", {"kernel": "rbf", "gamma": 1.0}, noisy(150), order="shuffled",
                             n_passes=6, seed=0)
    assert payload["T"] == 900 and payload["trials"]["updated"].count("1") > 100
    assert copied == []


def test_a_kernel_record_holds_its_trial_and_the_coefficients_not_the_learner():
    """A record keeps the trial's numbers and the coefficients α before and after (O(S), the order of the
    trial's own S kernel values): no learner, no support points, no log of earlier trials."""
    points = noisy(300)
    X, y, weights = points.to_arrays()
    run = Run(KernelPerceptron(kernel="rbf", gamma=1.0), X, y, weights, order="shuffled", n_passes=6, seed=0)
    run.play()
    updates = [trial.record for trial in run.trials if trial.record.updated]
    support = len(run.learner.support_vectors_)
    assert len(updates) > 200 and support > 200
    last = updates[-1]
    assert last.update == {"alpha": last.update["alpha"], "n_support": support}
    for record in updates[-5:]:
        for name, value in vars(record).items():
            assert not isinstance(value, (BaseEstimator, list, tuple)), name
            assert np.size(value) <= support, (name, np.size(value))
    assert len(pickle.dumps(last)) < 16 * support + 1_000         # α before and after, and the trial
