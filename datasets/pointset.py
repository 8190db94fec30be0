"""The user's drawn data: 2D points of 2–6 classes with importance weights and class priorities.

A :class:`PointSet` never changes.  Every edit (``add_points``, ``remove``,
``erase_near``, ``set_weights``, ``relabel``, ``set_theta``, ``clear``,
``with_class_count``, ``merge``) returns a new, fully validated set, or raises
``ValueError`` saying what to fix and leaves the old set as it was — what the
user drew is never lost.  :class:`UndoStack` keeps a history of sets bounded in
steps and in bytes.

What a valid set holds (n points, K classes):

* ``X`` — shape (n, 2), finite, every coordinate within ±``MAX_VALUE``, and every point other than the
  origin with a coordinate at least ``MIN_MAGNITUDE`` in size;
* ``labels`` — shape (n,), class indices 0..K−1;
* ``weights`` — shape (n,), importance weights c_t ∈ [0, ``MAX_VALUE``]
  (the cost of a mistake on the point, seed 000), 1 by default;
* ``class_names`` — K distinct names, 2 ≤ K ≤ 6, each at most
  ``MAX_NAME_LENGTH`` characters after :func:`clean_class_name`;
* ``theta`` — shape (K,), priorities θ_j ∈ ``THETA_RANGE`` = [0.01, 100]
  (the cost of an error on class j, seed 002), 1 by default;
* at most ``MAX_POINTS`` points.

The magnitude limits keep every later computation (squared norms, weighted
sums over long runs, f_j/θ_j) far from floating-point overflow, and the learners'
products (w·x, of the order η·‖x‖²) far from underflow.

Examples
--------
>>> points = PointSet.empty().add_points([[0.0, 1.0], [1.0, 0.0]], label=1, weight=2.0)
>>> len(points), points.used_classes, points.weights.tolist()
(2, (1,), [2.0, 2.0])
>>> points.add_points([[np.nan, 0.0]], label=0)
Traceback (most recent call last):
...
ValueError: Coordinates must be finite numbers (no NaN or infinity); remove or fix those points.
>>> len(points)
2
"""

from __future__ import annotations

import hashlib
import numbers
import operator
import unicodedata
from dataclasses import dataclass, field

import numpy as np

MIN_CLASSES = 2
MAX_CLASSES = 6
DEFAULT_NAMES = ("A", "B", "C", "D", "E", "F")
MAX_POINTS = 100_000
MAX_VALUE = 1e9
#: a point other than the origin needs a coordinate at least this large in size.  The learners' scores w·x are
#: of the order η·‖x‖² (η ≥ 0.01 on the pages): 1e-202 here, far inside double precision, whose normal range ends
#: near 2.2e-308.  Much nearer the origin (below about 1e-150) they underflow to 0 — a tie, which the learners count as a
#: mistake — so a perceptron errs on every trial and the mistake bounds, theorems about the exact algorithms, no
#: longer describe its run: learners.comparators stops their curves where the scores' scale falls below
#: learners._validation.SAFE_SMALLEST (tests/test_bounds_hold.py checks that no accepted point comes near it).
MIN_MAGNITUDE = 1e-100
#: the one range of a priority θ_j, wherever it is entered (the Data and Priority pages, a CSV, a link)
THETA_RANGE = (0.01, 100.0)
#: priorities offered by a θ slider: spread evenly on a log scale over THETA_RANGE
THETA_STEPS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 7.5, 10.0, 15.0, 20.0,
               30.0, 50.0, 75.0, 100.0)
MAX_NAME_LENGTH = 40
MAX_POLYGON_VERTICES = 10_000
UNDO_STEPS = 100
#: bytes of point sets an undo history keeps (about ten sets of MAX_POINTS points, hundreds of small ones)
UNDO_BYTES = 32 * 2**20
_ZERO_WIDTH_JOINER = "\u200d"     # kept: it joins emoji sequences


def clean_class_name(name) -> str:
    """A class name as stored: control and invisible format characters removed, ends trimmed.

    Removed are the Unicode categories Cc (controls, including tab and newline),
    Cf (invisible format characters such as bidirectional overrides, except the
    zero-width joiner of emoji), Cs (lone surrogates), Zl and Zp (line and
    paragraph separators).  The result must be 1..``MAX_NAME_LENGTH`` characters
    long.  Names are text only: nothing ever interprets them (no HTML, no
    numbers).  Cleaning twice changes nothing.

    >>> clean_class_name("  <b>x</b>\\t\\u202e ")
    '<b>x</b>'
    >>> clean_class_name("\\n")
    Traceback (most recent call last):
    ...
    ValueError: A class name is empty (after removing control characters); give every class a visible name.
    """
    if not isinstance(name, str):
        raise ValueError(f"Class names must be text; got {type(name).__name__} {name!r:.40}.")
    kept = "".join(ch for ch in name if ch == _ZERO_WIDTH_JOINER
                   or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Zl", "Zp"))
    kept = kept.strip()
    if not kept:
        raise ValueError("A class name is empty (after removing control characters); "
                         "give every class a visible name.")
    if len(kept) > MAX_NAME_LENGTH:
        raise ValueError(f"The class name {kept[:20]!r}… has {len(kept)} characters; "
                         f"use at most {MAX_NAME_LENGTH}.")
    return kept


def _numbers(value, what: str, *, allow_bool: bool = False) -> np.ndarray:
    """``value`` as a NumPy array of real numbers (ValueError for text, objects, ragged lists)."""
    if isinstance(value, (str, bytes, bytearray, dict, set)):
        raise ValueError(f"{what} must be numbers, not {type(value).__name__}.")
    try:
        array = np.asarray(value)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{what} must be a rectangular array of numbers (equal-length rows).") from None
    kinds = "biuf" if allow_bool else "iuf"
    if array.dtype.kind not in kinds:
        raise ValueError(f"{what} must be numbers; got values of type {array.dtype}.")
    return array


def _as_points(X) -> np.ndarray:
    """Coordinates as a float (m, 2) array; one pair may be given flat."""
    X = _numbers(X, "Coordinates").astype(float)
    if X.size == 0:
        return np.zeros((0, 2))
    if X.ndim == 1 and X.shape[0] == 2:
        X = X[None, :]
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"Points need exactly two coordinates each (an array of shape (n, 2)); got shape {X.shape}.")
    if not np.all(np.isfinite(X)):
        raise ValueError("Coordinates must be finite numbers (no NaN or infinity); remove or fix those points.")
    if np.any(np.abs(X) > MAX_VALUE):
        raise ValueError(f"Coordinates must lie within ±{MAX_VALUE:g}; rescale the data.")
    return X


def too_near_origin(X) -> np.ndarray:
    """Per point of X (shape (n, 2)): whether it is not the origin but has no coordinate of size ``MIN_MAGNITUDE``.

    >>> too_near_origin(np.array([[0.0, 0.0], [1e-100, 0.0], [1.0, 5e-324], [3e-165, -1e-170]])).tolist()
    [False, False, False, True]
    """
    X = np.asarray(X, dtype=float)
    if not X.size:
        return np.zeros(X.shape[0], bool)
    top = np.abs(X).max(axis=1)
    return (top > 0) & (top < MIN_MAGNITUDE)


def _check_not_vanishing(X: np.ndarray) -> None:
    """Refuse a point so near the origin (but not at it) that the learners' products underflow.

    >>> _check_not_vanishing(np.array([[1.0, 1.0], [3e-165, -1e-170]]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Point 2, (3e-165, -1e-170), is too near the origin: ... at least 1e-100 in size ...; rescale the data.
    """
    small = too_near_origin(X)
    if small.any():
        first = int(np.argmax(small))
        raise ValueError(f"Point {first + 1}, ({X[first, 0]:.3g}, {X[first, 1]:.3g}), is too near the origin: a point "
                         f"other than (0, 0) needs a coordinate at least {MIN_MAGNITUDE:g} in size (nearer, the "
                         "learners' scores w·x underflow to 0 in double precision: ties, which count as mistakes); "
                         "rescale the data.")


def _real(value, what: str) -> float:
    """A real number (not text, not a bool, not an array) as a float."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise ValueError(f"{what} must be a number; got {value!r:.40}.")
    try:
        return float(value)
    except OverflowError:
        raise ValueError(f"{what} is far too large; got {value!r:.40}.") from None


def _as_weight(value, what: str = "A weight") -> float:
    """One importance weight: a finite real number in [0, MAX_VALUE]."""
    weight = _real(value, what)
    if not np.isfinite(weight) or not 0 <= weight <= MAX_VALUE:
        raise ValueError(f"{what} must be a finite number ≥ 0 (at most {MAX_VALUE:g}); got {value!r:.40}.")
    return weight


def _as_index(value, n_classes: int) -> int:
    """A class index 0..K−1 (an int, not a float or text)."""
    try:
        index = operator.index(value)
    except TypeError:
        index = None
    if index is None or isinstance(value, (bool, np.bool_)) or not 0 <= index < n_classes:
        raise ValueError(f"The class must be one of 0..{n_classes - 1}; got {value!r:.40}.")
    return index


def _class_count(k) -> int:
    """A number of classes K, 2 ≤ K ≤ 6 (a whole number)."""
    try:
        count = operator.index(k)
    except TypeError:
        count = None
    if count is None or isinstance(k, (bool, np.bool_)) or not MIN_CLASSES <= count <= MAX_CLASSES:
        raise ValueError(f"Choose between {MIN_CLASSES} and {MAX_CLASSES} classes; got {k!r:.40}.")
    return count


def _frozen(array: np.ndarray) -> np.ndarray:
    array = np.array(array, copy=True)
    array.setflags(write=False)
    return array


# ------------------------------------------------------------------ polygons (lasso and box selections)
def check_polygon(polygon, what: str = "The lasso") -> np.ndarray:
    """The vertices of a closed polygon as a float (m, 2) array, or ValueError saying what is wrong.

    A usable polygon has 3 to ``MAX_POLYGON_VERTICES`` vertices, finite and
    within ±``MAX_VALUE``, at least 3 of them distinct and not all on one line
    (a polygon whose vertices are collinear encloses no area).  The last vertex
    joins the first; a repeated closing vertex is harmless.

    >>> check_polygon([[0, 0], [1, 0], [0, 1]]).tolist()
    [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]
    >>> check_polygon([[0, 0], [1, 1], [2, 2], [0, 0]])
    Traceback (most recent call last):
    ...
    ValueError: The lasso encloses no area: its corners lie on one line; draw a loop around a region.
    """
    array = _numbers(polygon, f"{what}'s corners").astype(float)
    if array.ndim != 2 or array.shape[1] != 2:
        raise ValueError(f"{what} must be a list of (x, y) corners, an array of shape (m, 2); got shape {array.shape}.")
    if not 3 <= len(array) <= MAX_POLYGON_VERTICES:
        raise ValueError(f"{what} needs 3 to {MAX_POLYGON_VERTICES:,} corners; got {len(array):,}.")
    if not np.all(np.isfinite(array)) or np.any(np.abs(array) > MAX_VALUE):
        raise ValueError(f"{what}'s corners must be finite numbers within ±{MAX_VALUE:g}.")
    distinct = np.unique(array, axis=0)
    if len(distinct) < 3:
        raise ValueError(f"{what} has fewer than 3 distinct corners ({len(distinct)}), so it encloses no area; "
                         "draw a loop around a region.")
    # collinear ⇔ the centred corners have rank 1 (second singular value ~0 relative to the first)
    spread = np.linalg.svd(distinct - distinct.mean(axis=0), compute_uv=False)
    if spread[1] <= 1e-12 * spread[0]:
        raise ValueError(f"{what} encloses no area: its corners lie on one line; draw a loop around a region.")
    return array


def points_in_polygon(P, polygon) -> np.ndarray:
    """Boolean mask: True where a point of ``P`` (shape (n, 2)) lies inside or on the closed polygon.

    Ray casting with the even–odd rule (the classic crossing test, e.g.
    Shimrat 1962, "Algorithm 112"): a point (x, y) is inside when a ray from it
    towards +x crosses the polygon's edges an odd number of times.  An edge from
    (x_a, y_a) to (x_b, y_b) is crossed when y lies in the half-open range
    between y_a and y_b (``(y_a > y) != (y_b > y)``, so a ray through a vertex
    counts once) and x < x_a + (y − y_a)(x_b − x_a)/(y_b − y_a).  Where a lasso
    crosses itself, the regions it wraps an even number of times are outside,
    as an SVG path with ``fill-rule="evenodd"`` draws it.

    Points on the boundary: a point exactly on an edge or a vertex counts as
    **inside** (the polygon is closed), so a selection box drawn through a
    point's coordinates takes the point.  "Exactly" means in floating point:
    the cross product (x_b − x_a)(y − y_a) − (y_b − y_a)(x − x_a) is 0 and the
    point lies within the edge's bounding box — exact for the axis-parallel
    edges of a box, up to rounding for slanted edges.

    >>> square = [[0, 0], [2, 0], [2, 2], [0, 2]]
    >>> points_in_polygon([[1, 1], [3, 1], [2, 1], [0, 0], [2.5, 2.5]], square).tolist()
    [True, False, True, True, False]
    >>> notch = [[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]]          # concave: (2, 3) is in the notch
    >>> points_in_polygon([[2, 0.5], [2, 3], [3.5, 3]], notch).tolist()
    [True, False, True]
    """
    P = _as_points(P)
    V = check_polygon(polygon, "The polygon")
    inside = np.zeros(len(P), bool)
    low, high = V.min(axis=0), V.max(axis=0)
    candidates = np.flatnonzero(np.all((P >= low) & (P <= high), axis=1))   # nothing outside the bounding box
    if not candidates.size:
        return inside
    x, y = P[candidates, 0], P[candidates, 1]
    odd = np.zeros(len(candidates), bool)
    on_edge = np.zeros(len(candidates), bool)
    for (xa, ya), (xb, yb) in zip(V, np.roll(V, -1, axis=0)):
        crosses = (ya > y) != (yb > y)
        if np.any(crosses):
            at = xa + (y[crosses] - ya) * (xb - xa) / (yb - ya)    # yb ≠ ya wherever the edge is crossed
            odd[crosses] ^= x[crosses] < at
        cross = (xb - xa) * (y - ya) - (yb - ya) * (x - xa)
        on_edge |= (cross == 0) & (np.minimum(xa, xb) <= x) & (x <= np.maximum(xa, xb)) \
            & (np.minimum(ya, yb) <= y) & (y <= np.maximum(ya, yb))
    inside[candidates] = odd | on_edge
    return inside


@dataclass(frozen=True, eq=False, repr=False)
class PointSet:
    """Points X (n × 2), class indices, importance weights c ≥ 0, class names and priorities θ > 0.

    Parameters
    ----------
    X : array-like of shape (n, 2)
        Coordinates, finite, within ±``MAX_VALUE``.
    labels : array-like of shape (n,)
        Class indices 0..K−1 (whole numbers; ``class_names`` gives their names).
    weights : array-like of shape (n,), optional
        Importance weights c_t ≥ 0 (seed 000); ``None`` means all 1.
    class_names : sequence of str, default ("A", "B")
        K distinct names, 2 ≤ K ≤ 6, cleaned by :func:`clean_class_name`.
    theta : array-like of shape (K,), optional
        Priority θ_j > 0 of each class (seed 002); ``None`` means all 1.

    The arrays are stored as read-only copies.  Two sets are equal when every
    array (bit for bit) and every name are equal.

    Examples
    --------
    >>> points = PointSet([[0.0, 0.0], [1.0, 2.0]], [0, 1], class_names=("cat", "dog"))
    >>> points.weights.tolist(), points.theta.tolist(), points.n_classes
    ([1.0, 1.0], [1.0, 1.0], 2)
    >>> points.set_theta([10.0, 1.0]).theta.tolist(), points.theta.tolist()
    ([10.0, 1.0], [1.0, 1.0])
    >>> PointSet([[0.0, 0.0]], [0], class_names=("A", "B", "C", "D", "E", "F", "G"))
    Traceback (most recent call last):
    ...
    ValueError: A point set has 2 to 6 classes; got 7. Merge or drop classes.
    """

    X: np.ndarray = None
    labels: np.ndarray = None
    weights: np.ndarray = None
    class_names: tuple = DEFAULT_NAMES[:2]
    theta: np.ndarray = None
    _digest: str = field(default="", init=False, compare=False)

    def __post_init__(self):
        X = np.zeros((0, 2)) if self.X is None else _as_points(self.X)
        _check_not_vanishing(X)
        n = X.shape[0]
        if n > MAX_POINTS:
            raise ValueError(f"A point set holds at most {MAX_POINTS:,} points; got {n:,}. Remove some first.")
        names = self._check_names(self.class_names)
        k = len(names)
        labels = self._check_labels(np.zeros(0) if self.labels is None else self.labels, n, k)
        weights = self._check_weights(self.weights, n)
        theta = self._check_theta(self.theta, k)
        for name, value in (("X", X), ("labels", labels), ("weights", weights), ("theta", theta)):
            object.__setattr__(self, name, _frozen(value))
        object.__setattr__(self, "class_names", names)

    # ------------------------------------------------------------ validation
    @staticmethod
    def _check_names(class_names) -> tuple:
        if isinstance(class_names, (str, bytes)) or not isinstance(class_names, (list, tuple, np.ndarray)):
            raise ValueError("class_names must be a list or tuple of texts, one per class, "
                             f"e.g. ('A', 'B'); got {type(class_names).__name__}.")
        names = tuple(clean_class_name(name) for name in list(class_names))
        if not MIN_CLASSES <= len(names) <= MAX_CLASSES:
            advice = "Merge or drop classes." if len(names) > MAX_CLASSES else "Name at least two classes."
            raise ValueError(f"A point set has {MIN_CLASSES} to {MAX_CLASSES} classes; got {len(names)}. {advice}")
        if len(set(names)) != len(names):
            raise ValueError(f"Class names must differ from each other; got {names}.")
        return names

    @staticmethod
    def _check_labels(labels, n: int, k: int) -> np.ndarray:
        labels = _numbers(labels, "Labels", allow_bool=True)
        if labels.ndim == 2 and labels.shape[1] == 1:
            labels = labels[:, 0]
        if labels.ndim != 1 or labels.shape[0] != n:
            raise ValueError(f"Every point needs exactly one label: {n} points but labels of shape {labels.shape}.")
        values = labels.astype(float)
        if n and (not np.all(np.isfinite(values)) or np.any(values != np.round(values))):
            raise ValueError("Labels must be class indices (whole numbers 0..K−1); "
                             "put the class names in class_names.")
        if n and (values.min() < 0 or values.max() >= k):
            raise ValueError(f"Labels must be class indices 0..{k - 1} (there are {k} classes); "
                             f"got values from {values.min():g} to {values.max():g}.")
        return values.astype(np.int64)

    @staticmethod
    def _check_weights(weights, n: int) -> np.ndarray:
        if weights is None:
            return np.ones(n)
        weights = _numbers(weights, "Weights").astype(float)
        if weights.ndim == 0:
            weights = np.full(n, float(weights))
        if weights.ndim != 1 or weights.shape[0] != n:
            raise ValueError(f"Every point needs exactly one weight: {n} points but weights of shape {weights.shape}.")
        if not np.all(np.isfinite(weights)) or np.any(weights < 0) or np.any(weights > MAX_VALUE):
            raise ValueError(f"Weights must be finite and non-negative (0 to {MAX_VALUE:g}); "
                             "a weight is the cost of a mistake on its point.")
        return weights

    @staticmethod
    def _check_theta(theta, k: int) -> np.ndarray:
        if theta is None:
            return np.ones(k)
        theta = _numbers(theta, "θ").astype(float).reshape(-1)
        if theta.shape[0] != k:
            raise ValueError(f"θ needs one priority per class ({k}); got {theta.shape[0]}.")
        low, high = THETA_RANGE
        if not np.all(np.isfinite(theta)) or np.any(theta < low) or np.any(theta > high):
            raise ValueError(f"Every priority θ must be a positive finite number between {low:g} and {high:g} "
                             f"(the cost of an error on that class); got {np.round(theta, 6).tolist()}.")
        return theta

    # ---------------------------------------------------------------- basics
    @classmethod
    def empty(cls, n_classes: int = 2) -> "PointSet":
        """No points, classes named A, B, … and θ = 1.

        >>> PointSet.empty(3).class_names
        ('A', 'B', 'C')
        """
        return cls(class_names=DEFAULT_NAMES[:_class_count(n_classes)])

    @classmethod
    def from_arrays(cls, X, y, weights=None, class_names=None, theta=None) -> "PointSet":
        """From (X, y) with y class indices 0..K−1; names A, B, … unless given (K ≥ 2).

        >>> PointSet.from_arrays([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]], [0, 2, 1]).class_names
        ('A', 'B', 'C')
        """
        if class_names is None:
            values = _numbers(y, "Labels", allow_bool=True).astype(float).reshape(-1)
            top = values.max() if values.size and np.all(np.isfinite(values)) else 0
            if top >= MAX_CLASSES:
                raise ValueError(f"The labels go up to {top:g}, but a point set has at most {MAX_CLASSES} "
                                 f"classes (indices 0..{MAX_CLASSES - 1}).")
            class_names = DEFAULT_NAMES[: max(int(top) + 1, MIN_CLASSES)]
        return cls(X, y, weights, class_names, theta)

    def __len__(self) -> int:
        return self.X.shape[0]

    def __eq__(self, other) -> bool:
        return isinstance(other, PointSet) and self.fingerprint() == other.fingerprint()

    def __hash__(self) -> int:
        return hash(self.fingerprint())

    def __repr__(self) -> str:
        return (f"PointSet(n={len(self)}, class_names={self.class_names}, theta={self.theta.tolist()}, "
                f"weighted={self.has_weights})")

    def fingerprint(self) -> str:
        """A digest of everything in the set (equal sets, equal digests; used for caches and run keys).

        >>> PointSet.empty().fingerprint() == PointSet.empty().fingerprint()
        True
        """
        if not self._digest:
            digest = hashlib.sha256(f"{len(self)}|{len(self.class_names)}|".encode())
            for array in (self.X, self.labels, self.weights, self.theta):
                digest.update(np.ascontiguousarray(array).tobytes())
            digest.update("\x1f".join(self.class_names).encode("utf-8"))
            object.__setattr__(self, "_digest", digest.hexdigest()[:24])
        return self._digest

    @property
    def n_classes(self) -> int:
        return len(self.class_names)

    @property
    def used_classes(self) -> tuple:
        """The class indices that have at least one point, ascending."""
        return tuple(int(c) for c in np.unique(self.labels))

    @property
    def has_weights(self) -> bool:
        """True when some point's weight differs from 1."""
        return bool(len(self) and np.any(self.weights != 1.0))

    @property
    def nbytes(self) -> int:
        """Bytes the set's arrays and class names take (what a copy kept for undo costs).

        >>> PointSet.from_arrays([[0.0, 0.0], [1.0, 1.0]], [0, 1]).nbytes  # X 32, labels, weights, θ 16 each, names 2
        82
        """
        return int(self.X.nbytes + self.labels.nbytes + self.weights.nbytes + self.theta.nbytes
                   + sum(len(name.encode("utf-8")) for name in self.class_names))

    def to_arrays(self):
        """(X, labels, weights) as writable copies."""
        return self.X.copy(), self.labels.copy(), self.weights.copy()

    def _replace(self, **changes) -> "PointSet":
        values = dict(X=self.X, labels=self.labels, weights=self.weights, class_names=self.class_names,
                      theta=self.theta)
        values.update(changes)
        return PointSet(**values)

    def indices_of(self, which) -> np.ndarray:
        """The points ``which`` names, as sorted distinct indices (an int array).

        ``which`` is ``"all"``, ``"class:j"`` (every point of class j), a
        boolean mask with one entry per point, or point indices 0..n−1 (a list,
        tuple, range or array of whole numbers, e.g. a selection; repeats are
        merged, an empty selection names no point).

        >>> points = PointSet.from_arrays([[0.0, 0.0], [1.0, 1.0], [2.0, 0.0]], [0, 1, 1])
        >>> points.indices_of("class:1").tolist(), points.indices_of((2, 0, 2)).tolist(), points.indices_of([]).tolist()
        ([1, 2], [0, 2], [])
        >>> points.indices_of([3])
        Traceback (most recent call last):
        ...
        ValueError: Point indices must lie in 0..2; got 3 to 3.
        """
        if isinstance(which, str):
            if which == "all":
                return np.arange(len(self))
            if which.startswith("class:") and which[len("class:"):].isdigit():
                return np.flatnonzero(self.labels == _as_index(int(which[len("class:"):]), self.n_classes))
            raise ValueError(f"Say which points: indices, a boolean mask, 'class:j' or 'all'; got {which!r:.40}.")
        array = _numbers(which, "Point indices", allow_bool=True)
        if array.dtype.kind == "b":
            if array.shape != (len(self),):
                raise ValueError(f"A boolean mask needs one entry per point ({len(self)}); got shape {array.shape}.")
            return np.flatnonzero(array)
        if array.ndim > 1:
            raise ValueError(f"Point indices must be a flat list of whole numbers; got shape {array.shape}.")
        array = array.reshape(-1)
        if array.dtype.kind == "f" and (not np.all(np.isfinite(array)) or np.any(array != np.round(array))):
            raise ValueError("Point indices must be whole numbers.")
        if array.size and (array.min() < 0 or array.max() >= len(self)):
            where = f"lie in 0..{len(self) - 1}" if len(self) else "be absent: the set has no points"
            raise ValueError(f"Point indices must {where}; got {array.min():g} to {array.max():g}.")
        return np.unique(array.astype(np.int64))

    def indices_inside(self, polygon) -> np.ndarray:
        """Sorted indices of the points inside or on the closed ``polygon`` (vertices, shape (m, 2)).

        The test is :func:`points_in_polygon` (even–odd ray casting; points on
        an edge count as inside).  A degenerate polygon raises ValueError.

        >>> points = PointSet.from_arrays([[0.5, 0.5], [3.0, 3.0], [1.0, 0.0]], [0, 1, 1])
        >>> points.indices_inside([[0, 0], [1, 0], [1, 1], [0, 1]]).tolist()
        [0, 2]
        """
        return np.flatnonzero(points_in_polygon(self.X, polygon))

    # ----------------------------------------------------------------- edits
    def add_points(self, X, label: int, weight: float = 1.0) -> "PointSet":
        """Append points X (shape (m, 2), or one pair) of class ``label`` with weight ``weight``."""
        X = _as_points(X)
        label = _as_index(label, self.n_classes)
        weight = _as_weight(weight)
        return self._replace(X=np.vstack([self.X, X]), labels=np.r_[self.labels, np.full(len(X), label)],
                             weights=np.r_[self.weights, np.full(len(X), weight)])

    def merge(self, other: "PointSet") -> "PointSet":
        """Append another set's points, class indices kept; the class count is the larger of the two.

        The names and θ are this set's (extended like :meth:`with_class_count`).
        """
        if not isinstance(other, PointSet):
            raise ValueError(f"Can only merge another PointSet; got {type(other).__name__}.")
        base = self.with_class_count(max(self.n_classes, other.n_classes))
        return base._replace(X=np.vstack([base.X, other.X]), labels=np.r_[base.labels, other.labels],
                             weights=np.r_[base.weights, other.weights])

    def remove(self, indices) -> "PointSet":
        """Drop the points at ``indices`` (ints 0..n−1, or a boolean mask)."""
        keep = np.ones(len(self), bool)
        keep[self.indices_of(indices)] = False
        return self._replace(X=self.X[keep], labels=self.labels[keep], weights=self.weights[keep])

    def _distances(self, x) -> np.ndarray:
        centre = _as_points(x)
        if centre.shape[0] != 1:
            raise ValueError("Give one position (x1, x2).")
        return np.linalg.norm(self.X - centre[0], axis=1)

    @staticmethod
    def _radius(radius) -> float:
        radius = _real(radius, "The radius")
        if np.isnan(radius) or radius < 0:
            raise ValueError(f"The radius must be a number ≥ 0; got {radius!r}.")
        return radius

    def nearest(self, x, radius: float = np.inf):
        """Index of the point nearest to ``x`` within ``radius``, or None."""
        radius = self._radius(radius)
        if not len(self):
            self._distances(x)            # still validate x
            return None
        distances = self._distances(x)
        index = int(np.argmin(distances))
        return index if distances[index] <= radius else None

    def erase_near(self, x, radius: float = np.inf, *, all_within: bool = False) -> "PointSet":
        """Remove the point nearest to ``x`` if it lies within ``radius`` (every such point if ``all_within``).

        Returns this same set when nothing lies within the radius.

        >>> points = PointSet.from_arrays([[0.0, 0.0], [0.1, 0.0], [5.0, 5.0]], [0, 1, 1])
        >>> len(points.erase_near([0.0, 0.0], 0.5)), len(points.erase_near([0.0, 0.0], 0.5, all_within=True))
        (2, 1)
        """
        radius = self._radius(radius)
        if all_within:
            close = self._distances(x) <= radius if len(self) else np.zeros(0, bool)
            return self.remove(close) if np.any(close) else self
        index = self.nearest(x, radius)
        return self if index is None else self.remove([index])

    def set_weights(self, which, value: float) -> "PointSet":
        """Set the importance weight of the points ``which`` names (see :meth:`indices_of`) to ``value``.

        ``which`` is indices (e.g. a selection), a boolean mask, ``"class:j"``
        or ``"all"``; the other points keep their weights.

        >>> points = PointSet.from_arrays([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]], [0, 1, 1])
        >>> points.set_weights("class:1", 3.0).weights.tolist(), points.set_weights((0, 2), 0.5).weights.tolist()
        ([1.0, 3.0, 3.0], [0.5, 1.0, 0.5])
        """
        value = _as_weight(value)
        weights = np.array(self.weights)
        weights[self.indices_of(which)] = value
        return self._replace(weights=weights)

    def relabel(self, which, label: int) -> "PointSet":
        """Move the points ``which`` names (see :meth:`indices_of`) to class ``label``; weights are kept.

        >>> PointSet.from_arrays([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]], [0, 0, 1]).relabel([0, 2], 1).labels.tolist()
        [1, 0, 1]
        """
        label = _as_index(label, self.n_classes)
        labels = np.array(self.labels)
        labels[self.indices_of(which)] = label
        return self._replace(labels=labels)

    def set_theta(self, theta) -> "PointSet":
        """New priorities θ (one positive number per class)."""
        return self._replace(theta=theta)

    def clear(self) -> "PointSet":
        """No points; class names and θ kept."""
        return self._replace(X=np.zeros((0, 2)), labels=np.zeros(0, int), weights=np.zeros(0))

    def with_class_count(self, k: int) -> "PointSet":
        """K = ``k`` classes (2–6): extra classes get unused default names and θ = 1; points of dropped classes go.

        >>> PointSet.from_arrays([[0.0, 0.0]], [0], class_names=("x", "y")).with_class_count(3).class_names
        ('x', 'y', 'A')
        """
        k = _class_count(k)
        spare = [name for name in DEFAULT_NAMES if name not in self.class_names]
        names = self.class_names[:k] + tuple(spare[: max(0, k - self.n_classes)])
        theta = np.r_[self.theta[:k], np.ones(max(0, k - self.n_classes))]
        keep = self.labels < k
        return PointSet(self.X[keep], self.labels[keep], self.weights[keep], names, theta)


class UndoStack:
    """A history of point sets with undo and redo, bounded in steps and in memory.

    ``push`` adds a set after the current one (dropping any redo steps); the
    oldest sets go once more than ``limit`` are kept, or once the kept sets
    take more than ``max_bytes`` together (:attr:`PointSet.nbytes`; every
    set holds its own arrays, so this is what the history costs).  The
    current set always stays, however large: a history of one set can
    neither undo nor redo.

    Examples
    --------
    >>> stack = UndoStack(PointSet.empty())
    >>> stack.push(stack.current.add_points([0.0, 0.0], 0))
    >>> len(stack.current), stack.undo(), len(stack.current), stack.redo(), len(stack.current)
    (1, True, 0, True, 1)
    >>> small = UndoStack(PointSet.empty(), max_bytes=1000)
    >>> for i in range(10):
    ...     small.push(small.current.add_points([float(i), 0.0], 0))
    >>> len(small), small.nbytes <= 1000, len(small.current)
    (3, True, 10)
    """

    def __init__(self, initial: PointSet, limit: int = UNDO_STEPS, max_bytes: int = UNDO_BYTES):
        if not isinstance(initial, PointSet):
            raise ValueError(f"UndoStack keeps PointSets; got {type(initial).__name__}.")
        self.limit = self._whole(limit, "limit", "how many sets to keep")
        self.max_bytes = self._whole(max_bytes, "max_bytes", "how many bytes of sets to keep")
        self._items = [initial]
        self._sizes = [initial.nbytes]
        self._position = 0

    @staticmethod
    def _whole(value, name: str, meaning: str) -> int:
        try:
            number = operator.index(value)
        except TypeError:
            number = 0
        if number < 1 or isinstance(value, (bool, np.bool_)):
            raise ValueError(f"{name} must be a whole number ≥ 1 ({meaning}); got {value!r:.40}.")
        return number

    @property
    def nbytes(self) -> int:
        """Bytes of the point sets kept (the current one, those to undo to and those to redo)."""
        return sum(self._sizes)

    @property
    def current(self) -> PointSet:
        return self._items[self._position]

    def __len__(self) -> int:
        return len(self._items)

    def push(self, points: PointSet) -> None:
        if not isinstance(points, PointSet):
            raise ValueError(f"UndoStack keeps PointSets; got {type(points).__name__}.")
        keep = self._position + 1
        self._items = self._items[:keep] + [points]
        self._sizes = self._sizes[:keep] + [points.nbytes]
        total, drop = sum(self._sizes), 0
        while len(self._items) - drop > 1 and (len(self._items) - drop > self.limit or total > self.max_bytes):
            total -= self._sizes[drop]
            drop += 1
        del self._items[:drop], self._sizes[:drop]
        self._position = len(self._items) - 1

    @property
    def can_undo(self) -> bool:
        return self._position > 0

    @property
    def can_redo(self) -> bool:
        return self._position < len(self._items) - 1

    def undo(self) -> bool:
        """Step back; False (and no change) when there is nothing to undo."""
        if not self.can_undo:
            return False
        self._position -= 1
        return True

    def redo(self) -> bool:
        """Step forward again; False when there is nothing to redo."""
        if not self.can_redo:
            return False
        self._position += 1
        return True
