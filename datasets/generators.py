"""Seeded generators of 2D point sets, described as data so the Data page can draw their controls.

``make(name, seed=..., **arguments)`` returns a :class:`~datasets.pointset.PointSet`.

Examples
--------
>>> points = make("linearly_separable", n=50, margin_gamma=0.3, seed=1)
>>> len(points), points.used_classes
(50, (0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
from sklearn.datasets import make_circles, make_moons

from .four_clouds import four_clouds
from .pointset import PointSet


@dataclass(frozen=True)
class GenParam:
    name: str
    label: str
    kind: str
    default: float
    low: float
    high: float
    step: float | None = None


@dataclass(frozen=True)
class Generator:
    name: str
    description: str
    function: Callable
    params: tuple


def gaussian_clouds(n_per_class=40, n_classes=3, spread=0.8, seed=0):
    """Round Gaussian clouds around centres spaced on a circle of radius 2."""
    rng = np.random.default_rng(seed)
    angles = 2 * np.pi * np.arange(n_classes) / n_classes + rng.uniform(0, 2 * np.pi)
    centres = 2.0 * np.c_[np.cos(angles), np.sin(angles)]
    y = np.repeat(np.arange(n_classes), n_per_class)
    X = centres[y] + rng.normal(scale=spread, size=(len(y), 2))
    return PointSet.from_arrays(X, y)


def linearly_separable(n=60, margin_gamma=0.3, seed=0):
    """Two classes on either side of a random line, no point closer to it than γ.

    The margin is measured in the plane: |u·x + b| ≥ γ with ‖u‖ = 1 (u, b the hidden line).
    """
    if margin_gamma < 0:
        raise ValueError("margin_gamma must be ≥ 0.")
    rng = np.random.default_rng(seed)
    angle = rng.uniform(0, 2 * np.pi)
    u, b = np.array([np.cos(angle), np.sin(angle)]), rng.uniform(-0.5, 0.5)
    X = np.zeros((0, 2))
    while len(X) < n:
        candidates = rng.uniform(-3, 3, size=(4 * n, 2))
        X = np.vstack([X, candidates[np.abs(candidates @ u + b) >= margin_gamma]])
    X = X[:n]
    return PointSet.from_arrays(X, (X @ u + b > 0).astype(int))


def noisy_separable(n=120, margin_gamma=0.4, noise=0.1, seed=0):
    """``linearly_separable`` with a share ``noise`` of the labels flipped."""
    return with_label_noise(linearly_separable(n, margin_gamma, seed), noise, seed + 1)


def with_label_noise(points: PointSet, rate: float, seed=0) -> PointSet:
    """Flip a share ``rate`` of the labels to another class (seeded)."""
    if not 0 <= rate <= 1:
        raise ValueError("The noise rate must lie in [0, 1].")
    rng = np.random.default_rng(seed)
    X, labels, weights = points.to_arrays()
    k = len(points.class_names)
    flip = rng.random(len(labels)) < rate
    labels[flip] = (labels[flip] + rng.integers(1, k, flip.sum())) % k
    return PointSet(X, labels, weights, points.class_names, points.theta)


def weighted_clouds(n_per_class=40, seed=0):
    """Two overlapping clouds where a tenth of the points weigh 10."""
    points = gaussian_clouds(n_per_class, 2, 1.1, seed)
    rng = np.random.default_rng(seed + 7)
    heavy = rng.random(len(points)) < 0.1
    return points.set_weights(np.flatnonzero(heavy), 10.0)


def xor(n=120, noise=0.15, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 2, size=(n, 2))
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    return PointSet.from_arrays(X + rng.normal(scale=noise, size=X.shape), y)


def circles(n=120, noise=0.08, factor=0.5, seed=0):
    X, y = make_circles(n_samples=int(n), noise=noise, factor=factor, random_state=seed)
    return PointSet.from_arrays(2 * X, y)


def moons(n=120, noise=0.1, seed=0):
    X, y = make_moons(n_samples=int(n), noise=noise, random_state=seed)
    return PointSet.from_arrays(1.5 * X - [0.75, 0.25], y)


def four_cloud_example(n_per_class=60, seed=0):
    """Seed 002's four-cloud example (Figures 3–5)."""
    X, y = four_clouds(int(n_per_class), seed)
    return PointSet.from_arrays(X, y)


def spray(box, n, seed=0):
    """``n`` uniform points inside the rectangle (x0, x1, y0, y1)."""
    x0, x1, y0, y1 = (float(v) for v in box)
    if not all(np.isfinite([x0, x1, y0, y1])):
        raise ValueError("The box must have finite corners.")
    rng = np.random.default_rng(seed)
    return np.c_[rng.uniform(min(x0, x1), max(x0, x1), n), rng.uniform(min(y0, y1), max(y0, y1), n)]


N = GenParam("n", "points", "int", 120, 10, 1000)
NPC = GenParam("n_per_class", "points per class", "int", 40, 5, 300)
GENERATORS = {g.name: g for g in (
    Generator("gaussian_clouds", "Round Gaussian clouds, one per class.", gaussian_clouds,
              (NPC, GenParam("n_classes", "classes", "int", 3, 2, 6), GenParam("spread", "spread", "float", 0.8, 0.1, 3.0, 0.1))),
    Generator("linearly_separable", "Two classes separated by a line with margin γ.", linearly_separable,
              (GenParam("n", "points", "int", 60, 10, 1000), GenParam("margin_gamma", "margin γ", "float", 0.3, 0.0, 1.5, 0.01))),
    Generator("noisy_separable", "Separable with margin γ, then a share of labels flipped.", noisy_separable,
              (N, GenParam("margin_gamma", "margin γ", "float", 0.4, 0.0, 1.5, 0.01),
               GenParam("noise", "label noise", "float", 0.1, 0.0, 0.5, 0.01))),
    Generator("weighted_clouds", "Two clouds; a tenth of the points weigh 10.", weighted_clouds, (NPC,)),
    Generator("xor", "XOR: no line separates it.", xor, (N, GenParam("noise", "noise", "float", 0.15, 0.0, 1.0, 0.01))),
    Generator("circles", "A ring around a disc.", circles, (N, GenParam("noise", "noise", "float", 0.08, 0.0, 0.5, 0.01))),
    Generator("moons", "Two interleaved half-moons.", moons, (N, GenParam("noise", "noise", "float", 0.1, 0.0, 0.5, 0.01))),
    Generator("four_clouds", "Seed 002's four overlapping clouds (Figures 3–5).", four_cloud_example, (NPC,)),
)}


def make(name: str, seed: int = 0, **arguments) -> PointSet:
    """Run generator ``name`` with ``arguments`` (ValueError for an unknown name or bad value)."""
    if name not in GENERATORS:
        raise ValueError(f"Unknown generator {name!r}; choose one of {', '.join(GENERATORS)}.")
    points = GENERATORS[name].function(seed=seed, **arguments)
    # the points come in a seeded random order, so that "as drawn" is not "class by class"
    order = np.random.default_rng(seed + 7919).permutation(len(points))
    X, labels, weights = points.to_arrays()
    return PointSet(X[order], labels[order], weights[order], points.class_names, points.theta)
