"""Seeded generators of 2D point sets, described as data so the Data page can draw their controls.

API: every generator returns a :class:`~datasets.pointset.PointSet` and takes
a ``seed`` (a whole number ≥ 0); the same arguments give the same set.
``GENERATORS`` maps a name to a :class:`Generator` (function, one-line
description, and a :class:`GenParam` per slider with its range and default).
``make(name, seed=..., **arguments)`` checks the arguments against those
ranges, runs the generator and shuffles the points in a seeded order (so that
"in the order drawn" is not "class by class").

Painting helpers: ``spray(region, n, seed)`` gives uniform positions inside a
dragged box or lasso polygon (``sample_in_polygon`` for the lasso);
``spray_points`` adds them to a set as one class.

Examples
--------
>>> points = make("linearly_separable", n=50, margin_gamma=0.3, seed=1)
>>> len(points), points.used_classes
(50, (0, 1))
>>> make("moons", n=5)
Traceback (most recent call last):
...
ValueError: moons: points must lie in [10, 1000]; got 5.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from typing import Callable

import numpy as np

from .four_clouds import four_clouds
from .pointset import (DEFAULT_NAMES, MAX_CLASSES, MAX_POINTS, MAX_POLYGON_VERTICES, MAX_VALUE, PointSet,
                       check_polygon, points_in_polygon)

#: half-width of the square [−3, 3]² in which the separable generators sample
SAMPLING_BOX = 3.0
#: largest margin the separable generators accept (the sampling box must keep room on both sides)
MAX_MARGIN = 2.0
#: side of the square [0, 4]² in which :func:`sectors` samples, and the largest margin it accepts (six
#: sectors of 15° still hold points that far from both of their edges)
SECTOR_BOX, MAX_SECTOR_MARGIN = 4.0, 0.5


# ---------------------------------------------------------------- parameter checks
def check_seed(seed) -> np.random.Generator:
    """A NumPy generator for ``seed`` (a whole number ≥ 0), or ValueError."""
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise ValueError(f"seed must be a whole number ≥ 0; got {seed!r:.40}.")
    return np.random.default_rng(int(seed))


def check_whole(name: str, value, low: int, high: int) -> int:
    """``value`` as an int in [low, high] (whole floats accepted), or ValueError."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real) \
            or not np.isfinite(value) or value != int(value):
        raise ValueError(f"{name} must be a whole number; got {value!r:.40}.")
    if not low <= value <= high:
        raise ValueError(f"{name} must lie in [{low}, {high}]; got {value!r}.")
    return int(value)


def check_real(name: str, value, low: float, high: float) -> float:
    """``value`` as a finite float in [low, high], or ValueError."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real) or not np.isfinite(value):
        raise ValueError(f"{name} must be a finite number; got {value!r:.40}.")
    if not low <= value <= high:
        raise ValueError(f"{name} must lie in [{low:g}, {high:g}]; got {value!r}.")
    return float(value)


# ---------------------------------------------------------------- the hidden separator
@dataclass(frozen=True)
class LinearTruth:
    """The linear rule a separable set was drawn from: class = argmax_j (W_j·x + b_j).

    The margin of a point x of class y is its Euclidean distance, in the raw
    plane, to the boundary of its class's region:
    min_{j≠y} ((W_y − W_j)·x + b_y − b_j) / ‖W_y − W_j‖ (negative when x lies in
    another region).  With two classes, W = (0, u), b = (0, β), ‖u‖ = 1, this
    is y·(u·x + β) with y = ±1: the signed distance to the line u·x + β = 0.

    A learner with an intercept sees (x, 1); the same separator (u, β)/‖(u, β)‖
    then has margin γ/√(1 + β²) there (docs/SPECIFICATION.md, intercept convention).

    >>> truth = LinearTruth(np.array([[0.0, 0.0], [1.0, 0.0]]), np.array([0.0, -1.0]))
    >>> truth.margins(np.array([[3.0, 5.0], [0.5, 0.0]]), np.array([1, 0])).tolist()
    [2.0, 0.5]
    """

    W: np.ndarray
    b: np.ndarray

    def predict(self, X) -> np.ndarray:
        return np.argmax(np.asarray(X, dtype=float) @ self.W.T + self.b, axis=1)

    def margins(self, X, labels) -> np.ndarray:
        X = np.asarray(X, dtype=float)
        labels = np.asarray(labels, dtype=int)
        scores = X @ self.W.T + self.b
        margins = np.full(len(X), np.inf)
        for j in range(len(self.b)):
            difference = self.W[labels] - self.W[j]
            norms = np.linalg.norm(difference, axis=1)
            other = labels != j
            distance = (scores[np.arange(len(X)), labels] - scores[:, j])[other] / norms[other]
            margins[other] = np.minimum(margins[other], distance)
        return margins


def _separated_sample(truth: LinearTruth, n: int, gamma: float, rng, n_classes: int,
                      box: tuple = (-SAMPLING_BOX, SAMPLING_BOX)) -> PointSet:
    """``n`` uniform points of box² ([−3, 3]² by default) whose margin under ``truth`` is at least γ
    (rejection)."""
    X = np.zeros((0, 2))
    for _ in range(200):
        candidates = rng.uniform(*box, size=(4 * n, 2))
        labels = truth.predict(candidates)
        X = np.vstack([X, candidates[truth.margins(candidates, labels) >= gamma]])
        if len(X) >= n:
            X = X[:n]
            return PointSet(X, truth.predict(X), None, DEFAULT_NAMES[:n_classes])
    raise ValueError(f"Only {len(X)} of {n} points fit at margin γ = {gamma:g}; "
                     "lower the margin or the number of classes.")


def linearly_separable(n=60, margin_gamma=0.3, seed=0, n_classes=2, *, return_truth=False):
    """Classes cut out by a random linear rule; no point lies closer than γ to a boundary.

    Two classes: a random line u·x + β = 0 (‖u‖ = 1, direction uniform, β
    uniform in [−½, ½]); points are uniform in [−3, 3]² and every candidate with
    |u·x + β| < γ is rejected, so y·(u·x + β) ≥ γ holds exactly for every
    point — the margin is measured in the raw 2D plane, intercept β included.
    More classes: the Voronoi cells of K centres spread round the origin
    (class = argmax_j c_j·x − ‖c_j‖²/2, a linear multiclass rule), each point at
    least γ from every boundary of its cell (see :class:`LinearTruth`).

    Parameters
    ----------
    n : int
        Number of points (1..100,000).
    margin_gamma : float
        Margin γ in [0, 2]; 0 allows points on a boundary.
    seed : int
    n_classes : int
        2..6.
    return_truth : bool
        Also return the hidden :class:`LinearTruth`.

    Examples
    --------
    >>> points, truth = linearly_separable(40, 0.5, seed=2, return_truth=True)
    >>> bool(truth.margins(points.X, points.labels).min() >= 0.5)
    True
    """
    n = check_whole("n", n, 1, MAX_POINTS)
    gamma = check_real("margin_gamma", margin_gamma, 0.0, MAX_MARGIN)
    k = check_whole("n_classes", n_classes, 2, MAX_CLASSES)
    rng = check_seed(seed)
    if k == 2:
        angle = rng.uniform(0, 2 * np.pi)
        u, beta = np.array([np.cos(angle), np.sin(angle)]), rng.uniform(-0.5, 0.5)
        truth = LinearTruth(np.vstack([np.zeros(2), u]), np.array([0.0, beta]))
    else:
        angles = rng.uniform(0, 2 * np.pi) + 2 * np.pi * np.arange(k) / k
        centres = rng.uniform(1.2, 2.2, k)[:, None] * np.c_[np.cos(angles), np.sin(angles)]
        truth = LinearTruth(centres, -0.5 * np.sum(centres**2, axis=1))
    points = _separated_sample(truth, n, gamma, rng, k)
    return (points, truth) if return_truth else points


def sectors(n=90, margin_gamma=0.3, n_classes=3, seed=0, *, return_truth=False):
    """Classes by direction in the positive quadrant: non-negative coordinates, one sector of the quadrant
    per class.

    Class j holds the points whose angle lies in the j-th of ``n_classes`` equal sectors of [0°, 90°]
    (the Voronoi cells of unit vectors at the sectors' middle angles: a linear rule whose boundaries all
    pass through the origin); points are uniform in [0, 4]² and none lies closer than γ to a boundary
    (measured in the plane, as in :func:`linearly_separable`).  These are points OOZ and the
    weight-bounded perceptron accept: Madani & Huang built both for documents, whose features (word
    weights) are never negative, and both scale every x to unit length, so they see only its direction —
    which is all a point's class depends on here.

    >>> points, truth = sectors(60, 0.2, 3, seed=1, return_truth=True)
    >>> bool(points.X.min() >= 0), points.used_classes, bool(truth.margins(points.X, points.labels).min() >= 0.2)
    (True, (0, 1, 2), True)
    """
    n = check_whole("n", n, 1, MAX_POINTS)
    gamma = check_real("margin_gamma", margin_gamma, 0.0, MAX_SECTOR_MARGIN)
    k = check_whole("n_classes", n_classes, 2, MAX_CLASSES)
    rng = check_seed(seed)
    middles = (np.arange(k) + 0.5) * (np.pi / 2) / k
    truth = LinearTruth(np.c_[np.cos(middles), np.sin(middles)], np.zeros(k))
    points = _separated_sample(truth, n, gamma, rng, k, box=(0.0, SECTOR_BOX))
    return (points, truth) if return_truth else points


def thin_margin(n=60, margin_gamma=0.05, seed=0, *, return_truth=False):
    """Story data: two classes separated by a line, half the points hugging the margin.

    Each point sits at a distance d ≥ γ from a random line u·x + β = 0 (the
    raw-plane margin, as in :func:`linearly_separable`): for half the points d is
    uniform in [γ, γ + 0.1], for the rest in [γ, 2.5].  Novikoff's R²‖u‖²/γ² is
    then large and an adversarial order makes the perceptron pay for it.

    >>> points, truth = thin_margin(30, 0.05, seed=1, return_truth=True)
    >>> bool(truth.margins(points.X, points.labels).min() >= 0.05), points.used_classes
    (True, (0, 1))
    """
    n = check_whole("n", n, 2, MAX_POINTS)
    gamma = check_real("margin_gamma", margin_gamma, 0.0, MAX_MARGIN)
    rng = check_seed(seed)
    angle = rng.uniform(0, 2 * np.pi)
    u, beta = np.array([np.cos(angle), np.sin(angle)]), rng.uniform(-0.5, 0.5)
    along = np.array([-u[1], u[0]])
    side = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    near = rng.random(n) < 0.5
    distance = gamma + np.where(near, rng.uniform(0, 0.1, n), rng.uniform(0, 2.5, n))
    X = rng.uniform(-2.5, 2.5, n)[:, None] * along + (side * distance - beta)[:, None] * u
    truth = LinearTruth(np.vstack([np.zeros(2), u]), np.array([0.0, beta]))
    points = PointSet(X, (side > 0).astype(int), None, DEFAULT_NAMES[:2])
    return (points, truth) if return_truth else points


def with_label_noise(points: PointSet, rate: float, seed=0) -> PointSet:
    """Move exactly round(rate·n) randomly chosen points to another class (uniform among the others).

    >>> clean = linearly_separable(100, 0.2, seed=0)
    >>> int(np.sum(with_label_noise(clean, 0.1, seed=1).labels != clean.labels))
    10
    """
    if not isinstance(points, PointSet):
        raise ValueError(f"with_label_noise needs a PointSet; got {type(points).__name__}.")
    rate = check_real("rate", rate, 0.0, 1.0)
    rng = check_seed(seed)
    X, labels, weights = points.to_arrays()
    flip = rng.choice(len(points), int(round(rate * len(points))), replace=False)
    labels[flip] = (labels[flip] + rng.integers(1, points.n_classes, len(flip))) % points.n_classes
    return PointSet(X, labels, weights, points.class_names, points.theta)


def noisy_separable(n=120, margin_gamma=0.4, noise=0.1, seed=0):
    """Story data: :func:`linearly_separable` with a share ``noise`` of the labels flipped.

    >>> int(np.sum(noisy_separable(50, 0.4, 0.1, seed=3).labels != linearly_separable(50, 0.4, seed=3).labels))
    5
    """
    clean = linearly_separable(n, margin_gamma, seed)
    return with_label_noise(clean, noise, check_whole("seed", seed, 0, 2**62) + 1)


def gaussian_clouds(n_per_class=40, n_classes=3, spread=0.8, seed=0, centers=None):
    """Round Gaussian clouds N(c_j, spread²·I), ``n_per_class`` points each.

    The centres c_j are ``centers`` (shape (n_classes, 2)) or, by default, evenly
    spaced on a circle of radius 2 turned by a random angle.

    >>> points = gaussian_clouds(10, 4, seed=0)
    >>> len(points), points.used_classes
    (40, (0, 1, 2, 3))
    """
    n_per_class = check_whole("n_per_class", n_per_class, 1, MAX_POINTS // MAX_CLASSES)
    k = check_whole("n_classes", n_classes, 2, MAX_CLASSES)
    spread = check_real("spread", spread, 0.0, 100.0)
    rng = check_seed(seed)
    if centers is None:
        angles = 2 * np.pi * np.arange(k) / k + rng.uniform(0, 2 * np.pi)
        centres = 2.0 * np.c_[np.cos(angles), np.sin(angles)]
    else:
        try:
            centres = np.asarray(centers, dtype=float)
        except (TypeError, ValueError):
            centres = None
        if centres is None or centres.shape != (k, 2) or not np.all(np.isfinite(centres)) \
                or np.any(np.abs(centres) > 1e6):
            raise ValueError(f"centers must give one finite (x1, x2) pair per class, within ±1e6: shape ({k}, 2).")
    y = np.repeat(np.arange(k), n_per_class)
    X = centres[y] + rng.normal(scale=spread, size=(len(y), 2))
    return PointSet(X, y, None, DEFAULT_NAMES[:k])


def weighted_clouds(n_per_class=40, seed=0):
    """Story data: two overlapping clouds where about a tenth of the points weigh 10.

    >>> sorted(set(weighted_clouds(40, seed=2).weights.tolist()))
    [1.0, 10.0]
    """
    points = gaussian_clouds(n_per_class, 2, 1.1, seed)
    heavy = check_seed(seed + 7).random(len(points)) < 0.1
    return points.set_weights(heavy, 10.0)


def xor(n=120, noise=0.15, seed=0):
    """XOR: uniform points of [−2, 2]², class 1 where x1·x2 > 0, then jittered by N(0, noise²).

    >>> points = xor(200, noise=0.0, seed=0)
    >>> bool(np.all((points.X[:, 0] * points.X[:, 1] > 0) == (points.labels == 1)))
    True
    """
    n = check_whole("n", n, 1, MAX_POINTS)
    noise = check_real("noise", noise, 0.0, 10.0)
    rng = check_seed(seed)
    X = rng.uniform(-2, 2, size=(n, 2))
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    return PointSet(X + rng.normal(scale=noise, size=X.shape), y)


def circles(n=120, noise=0.08, factor=0.5, seed=0):
    """A disc inside a ring (scikit-learn's ``make_circles``, scaled by 2); ``factor`` = inner/outer radius.

    >>> points = circles(100, noise=0.0, factor=0.5, seed=0)
    >>> sorted({round(float(r), 6) for r in np.linalg.norm(points.X, axis=1)})
    [1.0, 2.0]
    """
    n = check_whole("n", n, 2, MAX_POINTS)
    noise = check_real("noise", noise, 0.0, 10.0)
    factor = check_real("factor", factor, 0.0, 0.999)
    seed = check_whole("seed", seed, 0, 2**32 - 1)
    from sklearn.datasets import make_circles      # imported here: scikit-learn takes ~1 s to import

    X, y = make_circles(n_samples=n, noise=noise, factor=factor, random_state=seed)
    return PointSet(2 * X, y)


def moons(n=120, noise=0.1, seed=0):
    """Two interleaved half-moons (scikit-learn's ``make_moons``, scaled and centred).

    >>> len(moons(31, seed=0)), moons(31, seed=0).used_classes
    (31, (0, 1))
    """
    n = check_whole("n", n, 2, MAX_POINTS)
    noise = check_real("noise", noise, 0.0, 10.0)
    from sklearn.datasets import make_moons

    X, y = make_moons(n_samples=n, noise=noise, random_state=check_whole("seed", seed, 0, 2**32 - 1))
    return PointSet(1.5 * X - [0.75, 0.25], y)


def four_cloud_example(n_per_class=60, seed=0):
    """Seed 002's four overlapping classes (Figures 3–5), from :mod:`datasets.four_clouds`.

    >>> four_cloud_example(10, seed=0).class_names
    ('A', 'B', 'C', 'D')
    """
    n_per_class = check_whole("n_per_class", n_per_class, 1, MAX_POINTS // 4)
    X, y = four_clouds(n_per_class, check_whole("seed", seed, 0, 2**62))
    return PointSet(X, y, None, DEFAULT_NAMES[:4])


# ---------------------------------------------------------------- painting
def _region(region):
    """('box', (x0, x1, y0, y1)) or ('polygon', vertices of shape (m, 2), checked by :func:`check_polygon`)."""
    try:
        array = np.asarray(region, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("The region must be a box (x0, x1, y0, y1) or a polygon of (x, y) vertices.") from None
    if array.shape == (4,):
        if not np.all(np.isfinite(array)) or np.any(np.abs(array) > MAX_VALUE):
            raise ValueError(f"The region's corners must be finite numbers within ±{MAX_VALUE:g}.")
        return "box", array
    if array.ndim == 2 and array.shape[1] == 2 and 3 <= array.shape[0] <= MAX_POLYGON_VERTICES:
        return "polygon", check_polygon(array)
    raise ValueError(f"The region must be a box (x0, x1, y0, y1) or a polygon of 3 to {MAX_POLYGON_VERTICES:,} "
                     f"(x, y) vertices; got shape {array.shape}.")


#: candidates tested per batch (a bound on memory) and the work budget of a lasso spray
_BATCH_MIN, _BATCH_MAX = 256, 200_000
_WORK_BUDGET = 20_000_000          # candidates × polygon edges before giving up


def sample_in_polygon(polygon, n, seed=0) -> np.ndarray:
    """``n`` positions drawn uniformly inside a lasso polygon, as an array of shape (n, 2).

    Rejection sampling: candidates are uniform in the polygon's bounding box
    B and kept when :func:`~datasets.pointset.points_in_polygon` puts them
    inside (even–odd rule); the kept ones are uniform on the enclosed region R,
    since for any part A of R, P(candidate ∈ A | candidate ∈ R) = area(A)/area(R).
    Batches are sized from the acceptance rate seen so far (about
    area(R)/area(B)), and everything comes from one ``numpy`` generator seeded
    with ``seed``, so the same polygon, ``n`` and ``seed`` give the same points.

    A degenerate polygon (fewer than 3 distinct corners, or all on one line)
    raises ValueError (:func:`~datasets.pointset.check_polygon`), and so does a
    shape that still encloses (almost) no area, e.g. a path that goes out and
    back along itself, once about 2·10⁷ candidate–edge tests found too few.

    >>> triangle = [[0, 0], [2, 0], [0, 2]]
    >>> X = sample_in_polygon(triangle, 200, seed=3)
    >>> X.shape, bool(np.all((X >= 0).all(axis=1) & (X.sum(axis=1) <= 2))), bool(np.all(X == sample_in_polygon(triangle, 200, seed=3)))
    ((200, 2), True, True)
    >>> sample_in_polygon([[0, 0], [1, 1], [2, 2]], 5)
    Traceback (most recent call last):
    ...
    ValueError: The lasso encloses no area: its corners lie on one line; draw a loop around a region.
    """
    vertices = check_polygon(polygon)
    n = check_whole("n", n, 0, MAX_POINTS)
    rng = check_seed(seed)
    low, high = vertices.min(axis=0), vertices.max(axis=0)
    budget = max(20 * n, 100_000, _WORK_BUDGET // len(vertices))
    kept, found, drawn = [], 0, 0
    while found < n and drawn < budget:
        if not drawn:
            rate = 0.5                  # a first guess for a hand-drawn loop
        elif not found:
            rate = 1.0 / drawn          # nothing inside yet: the rate is at most about this
        else:
            rate = found / drawn
        size = int(np.clip(np.ceil(1.25 * (n - found) / rate), _BATCH_MIN, min(_BATCH_MAX, budget - drawn)))
        candidates = rng.uniform(low, high, size=(size, 2))
        inside = candidates[points_in_polygon(candidates, vertices)]
        kept.append(inside)
        found += len(inside)
        drawn += size
    if found < n:
        raise ValueError(f"The lasso encloses (almost) no area: {found} of {drawn:,} random tries landed inside, "
                         f"{n} were needed; draw a wider loop.")
    return np.vstack(kept)[:n] if n else np.zeros((0, 2))


def spray(region, n, seed=0) -> np.ndarray:
    """``n`` positions, uniform inside a box or a lasso polygon, as an array of shape (n, 2).

    ``region`` is a box (x0, x1, y0, y1) (either corner order) or the vertices
    of a polygon, shape (m, 2), closed implicitly (:func:`sample_in_polygon`:
    even–odd rule, rejection sampling from its bounding box).  Attach a class
    with ``points.add_points(spray(...), label, weight)`` or :func:`spray_points`.

    >>> X = spray([[0, 0], [2, 0], [0, 2]], 100, seed=1)
    >>> X.shape, bool(np.all(X.sum(axis=1) <= 2))
    ((100, 2), True)
    """
    kind, array = _region(region)
    if kind == "polygon":
        return sample_in_polygon(array, n, seed)
    n = check_whole("n", n, 0, MAX_POINTS)
    rng = check_seed(seed)
    x0, x1, y0, y1 = array
    return np.c_[rng.uniform(min(x0, x1), max(x0, x1), n), rng.uniform(min(y0, y1), max(y0, y1), n)]


def spray_points(points: PointSet, region, n, label, seed=0, weight=1.0) -> PointSet:
    """``points`` with ``n`` sprayed points of class ``label`` added (see :func:`spray`).

    >>> len(spray_points(PointSet.empty(), (0, 1, 0, 1), 5, label=1)), PointSet.empty().used_classes
    (5, ())
    """
    if not isinstance(points, PointSet):
        raise ValueError(f"spray_points adds to a PointSet; got {type(points).__name__}.")
    return points.add_points(spray(region, n, seed), label, weight)


# ---------------------------------------------------------------- the registry
@dataclass(frozen=True)
class GenParam:
    """One slider: argument ``name``, its ``label``, ``kind`` "int" or "float", default, range, step.

    The lab's one parameter dataclass is ``lab.settings.Setting``; this layer cannot import the lab, so a
    generator declares its parameters here and ``lab.settings.generator_setting`` makes their rows (the
    Data page's sliders and a link's ``g.<name>``) from them."""

    name: str
    label: str
    kind: str
    default: float
    low: float
    high: float
    step: float | None = None
    help: str = ""

    def check(self, value, generator: str = ""):
        """``value`` as this parameter's type, or ValueError naming the allowed range."""
        where = f"{generator}: " if generator else ""
        try:
            if self.kind == "int":
                return check_whole(self.label, value, int(self.low), int(self.high))
            return check_real(self.label, value, self.low, self.high)
        except ValueError as error:
            raise ValueError(where + str(error)) from None


@dataclass(frozen=True)
class Generator:
    """A named generator, its description and the parameters the Data page shows as sliders."""

    name: str
    description: str
    function: Callable
    params: tuple

    def defaults(self) -> dict:
        return {param.name: param.default for param in self.params}


_N = GenParam("n", "points", "int", 120, 10, 1000)
_NPC = GenParam("n_per_class", "points per class", "int", 40, 5, 300)
_GAMMA = GenParam("margin_gamma", "margin γ", "float", 0.3, 0.0, 1.5, 0.01,
                  "No point lies closer than γ to the hidden boundary (measured in the plane).")
_NOISE = GenParam("noise", "noise", "float", 0.1, 0.0, 0.5, 0.01)

GENERATORS = {g.name: g for g in (
    Generator("gaussian_clouds", "Round Gaussian clouds, one per class.", gaussian_clouds,
              (_NPC, GenParam("n_classes", "classes", "int", 3, 2, 6),
               GenParam("spread", "spread", "float", 0.8, 0.1, 3.0, 0.1))),
    Generator("linearly_separable", "Classes cut out by a hidden linear rule, every point at least γ from it.",
              linearly_separable,
              (GenParam("n", "points", "int", 60, 10, 1000), _GAMMA,
               GenParam("n_classes", "classes", "int", 2, 2, 6))),
    Generator("sectors", "Non-negative coordinates, one sector of the quadrant per class: the points OOZ and the "
              "weight-bounded perceptron accept.", sectors,
              (GenParam("n", "points", "int", 90, 10, 1000),
               GenParam("margin_gamma", "margin γ", "float", 0.3, 0.0, MAX_SECTOR_MARGIN, 0.01,
                        "No point lies closer than γ to a sector's edge (measured in the plane)."),
               GenParam("n_classes", "classes", "int", 3, 2, 6))),
    Generator("thin_margin", "A hair-thin margin: half the points hug the separating line.", thin_margin,
              (GenParam("n", "points", "int", 60, 10, 1000),
               GenParam("margin_gamma", "margin γ", "float", 0.05, 0.01, 0.5, 0.01))),
    Generator("noisy_separable", "Separable with margin γ, then a share of the labels flipped.", noisy_separable,
              (_N, GenParam("margin_gamma", "margin γ", "float", 0.4, 0.0, 1.5, 0.01),
               GenParam("noise", "label noise", "float", 0.1, 0.0, 0.5, 0.01))),
    Generator("weighted_clouds", "Two clouds; about a tenth of the points weigh 10.", weighted_clouds, (_NPC,)),
    Generator("xor", "XOR: no line separates it.", xor,
              (_N, GenParam("noise", "noise", "float", 0.15, 0.0, 1.0, 0.01))),
    Generator("circles", "A disc inside a ring.", circles,
              (_N, GenParam("noise", "noise", "float", 0.08, 0.0, 0.5, 0.01),
               GenParam("factor", "inner radius / outer", "float", 0.5, 0.1, 0.9, 0.05))),
    Generator("moons", "Two interleaved half-moons.", moons, (_N, _NOISE)),
    Generator("four_clouds", "Seed 002's four overlapping clouds (Figures 3–5).", four_cloud_example,
              (GenParam("n_per_class", "points per class", "int", 60, 5, 300),)),
)}


def make(name: str, seed: int = 0, **arguments) -> PointSet:
    """Run generator ``name``; arguments not given take their defaults; points in a seeded random order.

    Raises ValueError for an unknown name, an unknown argument or a value
    outside the parameter's range.

    >>> make("gaussian_clouds", seed=1, n_per_class=5, n_classes=4) == make("gaussian_clouds", seed=1,
    ...                                                                      n_per_class=5, n_classes=4)
    True
    >>> GENERATORS["xor"].defaults()
    {'n': 120, 'noise': 0.15}
    """
    if name not in GENERATORS:
        raise ValueError(f"Unknown generator {name!r:.40}; choose one of {', '.join(GENERATORS)}.")
    generator = GENERATORS[name]
    params = {param.name: param for param in generator.params}
    unknown = sorted(set(arguments) - set(params))
    if unknown:
        raise ValueError(f"{name} has no parameter {unknown[0]!r:.40}; its parameters are {', '.join(params)}.")
    checked = {key: params[key].check(value, name) for key, value in arguments.items()}
    check_seed(seed)
    points = generator.function(seed=int(seed), **checked)
    order = np.random.default_rng([7919, int(seed)]).permutation(len(points))   # a stream of its own
    X, labels, weights = points.to_arrays()
    return PointSet(X[order], labels[order], weights[order], points.class_names, points.theta)
