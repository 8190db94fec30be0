"""Every curve drawn as a bound is one: ≥ 200 random and adversarial streams per learner family.

For each stream the lab's own run (lab.runner.Run: drawn, shuffled or adversarial order,
one to three passes) is made, its catalog entry's bound curves are computed on the trials
in the order shown, and every curve with ``bounds_this_run`` must be ≥ the quantity it
measures (mistakes or weighted loss) on every trial where it ``applies``.  Streams vary the
geometry (separable with thin or wide margins, label noise, duplicates, collinear points,
one class for a while, scales from 10⁻³ to 10³) and the importance weights (equal, spread,
zeros).  The expert learners have their own property test (tests/test_experts.py).
"""

from __future__ import annotations

import numpy as np
import pytest

from lab import catalog
from lab.runner import Run

STREAMS = 200
#: floating rounding only: a curve may sit this much (relative) below the count and still hold
ROUNDING = 1e-9


def random_stream(seed: int, n_classes: int):
    """Points, labels and weights of one seeded stream (its shape chosen by the seed)."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 70))
    scale = 10.0 ** rng.uniform(-3, 3)
    kind = seed % 6
    if kind == 0:                                     # separable with a random margin
        normal = rng.normal(size=2)
        normal /= np.linalg.norm(normal)
        X = rng.uniform(-1, 1, size=(n, 2))
        side = X @ normal + rng.normal(scale=0.3)
        keep = np.abs(side) > rng.uniform(0.0, 0.3)
        X = X[keep] if keep.sum() >= 2 else X
        y = (X @ normal + 0.0 > 0).astype(int)
    elif kind == 1:                                   # Gaussian clouds, overlapping or not
        centres = rng.normal(scale=rng.uniform(0.2, 3.0), size=(n_classes, 2))
        y = rng.integers(0, n_classes, n)
        X = centres[y] + rng.normal(size=(n, 2))
    elif kind == 2:                                   # label noise
        X = rng.normal(size=(n, 2))
        y = (X[:, 0] > 0).astype(int) if n_classes == 2 else np.digitize(X[:, 0], [-0.4, 0.4]) % n_classes
        flip = rng.random(n) < 0.15
        y[flip] = rng.integers(0, n_classes, flip.sum())
    elif kind == 3:                                   # duplicates and integer grid points
        X = rng.integers(-2, 3, size=(n, 2)).astype(float)
        y = rng.integers(0, n_classes, n)
    elif kind == 4:                                   # collinear points
        t = rng.normal(size=n)
        X = np.column_stack([t, 2 * t + 1])
        y = (t > rng.normal(scale=0.5)).astype(int) if n_classes == 2 else rng.integers(0, n_classes, n)
    else:                                             # one class for a long while, then the others
        X = rng.normal(size=(n, 2))
        y = np.zeros(n, dtype=int)
        y[n // 2:] = rng.integers(0, n_classes, n - n // 2)
    y = np.asarray(y) % n_classes
    if np.unique(y).size < 2:
        y[-1] = 1 - y[-1] if n_classes == 2 else (y[-1] + 1) % n_classes
    weights = {0: np.ones(len(y)), 1: rng.uniform(0.1, 5.0, len(y)),
               2: rng.choice([0.0, 0.5, 1.0, 4.0], len(y))}[seed % 3]
    return X * scale, y, weights


def sparse_stream(seed: int):
    """Seed 003's setting for Winnow: x ∈ {±1}ⁿ, a target on k of the n features (k odd, so every
    trial has a margin); Theorem 3.1 applies here for a small enough η."""
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(3, 16)), int(rng.choice([1, 3]))
    u = np.zeros(n)
    u[rng.choice(n, min(k, n), replace=False)] = 1.0
    X = rng.choice([-1.0, 1.0], size=(int(rng.integers(5, 60)), n))
    y = (X @ u > 0).astype(int)
    if np.unique(y).size < 2:
        y[-1] = 1 - y[-1]
    return X, y, np.ones(len(y))


def check_curves(spec, learner_values, seed: int, n_classes: int) -> int:
    """Run one stream and check every bound of it; return how many curve values were checked."""
    winnow = spec.cls_name == "Winnow" and seed % 2 == 0
    X, y, weights = sparse_stream(seed) if winnow else random_stream(seed, n_classes)
    rng = np.random.default_rng(seed + 1)
    order = ("drawn", "shuffled", "adversarial")[seed % 3]
    run = Run(catalog.build(spec.name, learner_values), X, y, weights, order=order,
              n_passes=int(rng.integers(1, 4)), seed=seed)
    run.play()
    shown = run.shown()
    cumulative = run.cumulative()
    measured = {"mistakes": cumulative["cum_mistakes"], "weighted loss": cumulative["cum_weighted_loss"]}
    checked = 0
    for curve in spec.bound_curves(run.learner, X[shown], y[shown], weights[shown]):
        if not curve.bounds_this_run:
            continue
        where = curve.applies
        count = measured[curve.measures][where]
        assert np.all(curve.values[where] >= count * (1 - ROUNDING) - ROUNDING), (
            f"{spec.name} {learner_values}, stream {seed} ({order}): {curve.name} falls below the "
            f"{curve.measures} at trial {int(np.argmax(curve.values[where] < count)) + 1}")
        checked += int(where.sum())
    return checked


FAMILIES = [
    ("Perceptron", {}, 2),
    ("Perceptron", {"normalize": True, "eta": 0.3}, 2),
    ("Importance-Weighted Perceptron", {}, 2),
    ("Kernel Perceptron", {"kernel": "rbf", "gamma": 1.0}, 2),
    ("Kernel Perceptron", {"kernel": "poly", "degree": 2, "gamma": 0.5}, 2),
    ("Winnow", {"eta": 0.05}, 2),
    ("Winnow", {"eta": 0.2}, 2),
    ("Multi-vector Perceptron", {}, 3),
    ("Multi-vector IWP", {}, 3),
    ("All-pair Perceptron", {}, 4),
]


@pytest.mark.parametrize("name, values, n_classes", FAMILIES, ids=[f"{n} {v}" for n, v, _ in FAMILIES])
def test_every_bound_holds_on_every_trial(name, values, n_classes):
    spec = catalog.LEARNERS[name]
    checked = sum(check_curves(spec, values, seed, n_classes) for seed in range(STREAMS))
    assert checked > STREAMS        # most streams have a bound that applies somewhere


def test_a_reference_curve_is_crossed_and_so_is_not_drawn_as_a_bound():
    """Winnow's η* curve promises another run: on some stream this run's mistakes go over it
    (one relevant feature of n, x ∈ {±1}ⁿ: η* is unbounded and the tuned promise only 2 ln n)."""
    spec = catalog.LEARNERS["Winnow"]
    crossed = 0
    for seed in range(40):
        rng = np.random.default_rng(seed)
        n = 4 + seed % 16
        u = np.zeros(n)
        u[rng.integers(n)] = 1.0
        X = rng.choice([-1.0, 1.0], size=(100, n))
        y = (X @ u > 0).astype(int)
        learner = catalog.build("Winnow", {"eta": (0.05, 0.2)[seed % 2]})
        mistakes = learner.fit(X, y).history_["cum_mistakes"]
        reference = [c for c in spec.bound_curves(learner, X, y, np.ones(len(y))) if not c.bounds_this_run]
        assert reference and all("η*" in c.name for c in reference)      # it names the other run it speaks of
        where = reference[0].applies
        crossed += bool(np.any(mistakes[where] > reference[0].values[where]))
    assert crossed > 0
