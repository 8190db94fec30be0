"""Exact geometry of linear decision rules inside a view box.

A view box is ``(x0, x1, y0, y1)``.  Every region a linear rule gives a class
is convex, so it is the box clipped by a few half-planes (Sutherland–Hodgman,
one half-plane at a time):

* a binary rule with score f(x) = w·x + b predicts ``classes_[1]`` iff
  f(x) > 0, so the box splits into {f ≤ 0} (``classes_[0]``) and {f > 0};
* an argmax rule predicts r where f_r(x) = w_r·x + b_r is largest, so class r
  owns R_r = ∩_{s≠r} {(w_r − w_s)·x + (b_r − b_s) ≥ 0};
* the apportioned-margin rule argmax_j f_j(x)/θ_j (seed 002) is an argmax
  rule with the rows (w_j, b_j) divided by θ_j: still linear.

**Ties.**  Regions are closed polygons, so neighbours share their border
(a set of zero area) and together they tile the box.  Where two classes have
*identical* score functions they tie everywhere; the lower class index then
owns the whole tied area, as in the learners' rule "ties to the lowest index".

All arithmetic is done on half-planes scaled so that their largest
coefficient is 1, and coordinates are kept within ±``LIMIT``, so no input of
finite numbers overflows to infinity or NaN.

**The same picture whatever rounded the last bits.**  Where three or four
regions meet at one point, that corner is computed once per region, from
different half-planes, and the copies differ in their last bits — and the
rule's own coefficients may differ in theirs between machines (a BLAS kernel,
a summation order).  A predicate decided by those bits gave one machine a
corner twice and another once.  So every decision is taken with a margin of
``MERGE`` times the box's size: a vertex that near a clipping line lies on
it, vertices that near each other are one, a region thinner than that is
empty, and a border that short is no border.  The values a·x + b are summed
in plain floats in a fixed order, never by a BLAS kernel.

Examples
--------
>>> box = (-1.0, 1.0, -1.0, 1.0)
>>> negative, positive = halfplane_regions(np.array([1.0, 0.0]), 0.0, box)
>>> polygon_area(negative), polygon_area(positive)
(2.0, 2.0)
>>> regions = argmax_regions(np.eye(2), np.zeros(2), box)
>>> [polygon_area(r) for r in regions]
[2.0, 2.0]
"""

from __future__ import annotations

import math

import numpy as np

LIMIT = 1e300                     # coordinates beyond this are clamped (products stay finite)
#: decisions are taken with this margin, relative to the box's size (see "The same picture" above); rounding moves a
#: vertex by about 1e-16 of the box, a pixel is about 1e-3 of it
MERGE = 1e-9
DEFAULT_BOX = (-5.0, 5.0, -4.0, 4.0)
EMPTY = np.zeros((0, 2))


# ---------------------------------------------------------------- validation
def check_box(box) -> tuple:
    """``box`` as four finite floats (x0, x1, y0, y1) with x0 < x1 and y0 < y1.

    >>> check_box([0, 1, 0, 2])
    (0.0, 1.0, 0.0, 2.0)
    """
    try:
        values = np.asarray(box, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError(f"box must be four numbers (x0, x1, y0, y1); got {box!r}.") from None
    if values.shape != (4,) or not np.all(np.isfinite(values)):
        raise ValueError(f"box must be four finite numbers (x0, x1, y0, y1); got {box!r}.")
    x0, x1, y0, y1 = (float(v) for v in values)
    if not (x0 < x1 and y0 < y1):
        raise ValueError(f"box needs x0 < x1 and y0 < y1; got {box!r}.")
    return (x0, x1, y0, y1)


def check_points(X) -> np.ndarray:
    """``X`` as a finite float array of shape (n, 2) (n may be 0)."""
    try:
        X = np.asarray(X, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("points must be numbers, two coordinates per point.") from None
    if X.size == 0:
        return np.zeros((0, 2))
    if X.ndim == 1 and X.shape[0] == 2:
        X = X[None, :]
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"points need exactly two coordinates each (shape (n, 2)); got shape {X.shape}.")
    if not np.all(np.isfinite(X)):
        raise ValueError("point coordinates must be finite (no NaN or infinity).")
    return X


def _vector(w, name: str = "w") -> np.ndarray:
    try:
        w = np.asarray(w, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be two numbers; got {w!r}.") from None
    if w.shape != (2,):
        raise ValueError(f"{name} must have exactly two entries (a 2D rule); got {w.shape[0]}.")
    if not np.all(np.isfinite(w)):
        raise ValueError(f"{name} must be finite; got {w.tolist()}.")
    return w


def _scalar(b, name: str = "b") -> float:
    try:
        value = float(np.asarray(b, dtype=float).reshape(-1)[0]) if np.ndim(b) else float(b)
    except (TypeError, ValueError, IndexError):
        raise ValueError(f"{name} must be one number; got {b!r}.") from None
    if np.size(b) > 1:
        raise ValueError(f"{name} must be one number; got {np.size(b)} values.")
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite; got {value}.")
    return value


def _scaled(a, b) -> tuple:
    """(a, b) divided by their largest absolute entry: the same half-plane, no overflow."""
    a = np.asarray(a, dtype=float)
    scale = max(float(np.max(np.abs(a))), abs(float(b)))
    if scale == 0.0:
        return a, float(b)
    return a / scale, float(b) / scale


# ---------------------------------------------------------------- boxes
def view_box(X, pad: float = 0.15, *, include_origin: bool = False, max_aspect: float = 1.5) -> tuple:
    """A square-ish box (x0, x1, y0, y1) holding every point with a margin.

    The box is at least as wide as it is tall and at most ``max_aspect`` times
    wider, so an equal-aspect plot of it fits a landscape screen; each side is
    padded by ``pad`` times the span.  All points at one place (spread within 1e-9 of
    their scale) give a box of half-width max(1, |centre|/10).  No points: ``DEFAULT_BOX``.

    >>> view_box([[0.0, 0.0], [2.0, 1.0]], pad=0.0, max_aspect=1.0)
    (0.0, 2.0, -0.5, 1.5)
    >>> view_box([[0.0, 0.0], [0.0, 0.0]])
    (-1.3, 1.3, -1.3, 1.3)
    >>> view_box([[0.0, 0.0], [4.0, 1.0]], pad=0.0, max_aspect=2.0)
    (0.0, 4.0, -0.5, 1.5)
    """
    X = check_points(X)
    pad = float(pad)
    if not (np.isfinite(pad) and pad >= 0):
        raise ValueError(f"pad must be a finite number ≥ 0; got {pad!r}.")
    if not (np.isfinite(max_aspect) and max_aspect >= 1):
        raise ValueError(f"max_aspect must be a finite number ≥ 1; got {max_aspect!r}.")
    if len(X) == 0:
        return DEFAULT_BOX
    X = np.clip(X, -LIMIT, LIMIT)
    low, high = X.min(axis=0), X.max(axis=0)
    if include_origin:
        low, high = np.minimum(low, 0.0), np.maximum(high, 0.0)
    centre = low / 2 + high / 2
    half = high / 2 - low / 2
    scale = max(1.0, float(np.abs(centre).max()))
    if half.max() <= 1e-9 * scale:                  # one place, up to rounding: a span floats cannot pad
        half = np.full(2, max(1.0, scale / 10))
    half_x = max(half[0], half[1])                  # never taller than wide
    half_y = max(half[1], half_x / max_aspect)      # never wider than max_aspect
    half_x, half_y = half_x * (1 + 2 * pad), half_y * (1 + 2 * pad)
    return (float(centre[0] - half_x), float(centre[0] + half_x),
            float(centre[1] - half_y), float(centre[1] + half_y))


def box_polygon(box) -> np.ndarray:
    """The box's four corners, counter-clockwise from (x0, y0)."""
    x0, x1, y0, y1 = check_box(box)
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=float)


def box_area(box) -> float:
    x0, x1, y0, y1 = check_box(box)
    return (x1 - x0) * (y1 - y0)


# ---------------------------------------------------------------- polygons
def polygon_area(polygon) -> float:
    """Area of a simple polygon (shoelace formula); 0 for fewer than three vertices.

    Computed on coordinates scaled to at most 1 and then scaled back, so only
    an area beyond the float range (sides over ~1e154) comes out infinite.
    """
    polygon = np.asarray(polygon, dtype=float).reshape(-1, 2)
    if len(polygon) < 3:
        return 0.0
    scale = float(np.max(np.abs(polygon)))
    if scale == 0.0:
        return 0.0
    x, y = polygon[:, 0] / scale, polygon[:, 1] / scale
    with np.errstate(over="ignore"):
        return float(0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) * scale * scale)


def _extent(vertices) -> float:
    """The larger side of the vertices' bounding box (0 for none)."""
    if not vertices:
        return 0.0
    xs, ys = [v[0] for v in vertices], [v[1] for v in vertices]
    return max(max(xs) - min(xs), max(ys) - min(ys))


def _tidy(points: list, tolerance: float = 0.0) -> np.ndarray:
    """Merge consecutive vertices within ``tolerance`` of each other (in both coordinates); fewer than three
    distinct vertices, or a sliver no wider than ``tolerance``, → empty.
    (Vertices are (x, y) tuples of floats: on polygons of a few vertices, plain floats are
    several times faster than NumPy, and the timeline clips thousands of them.)"""
    if not points:
        return EMPTY.copy()

    def same(p, q):
        return abs(p[0] - q[0]) <= tolerance and abs(p[1] - q[1]) <= tolerance

    kept = [points[0]]
    for p in points[1:]:
        if not same(p, kept[-1]):
            kept.append(p)
    while len(kept) > 1 and same(kept[0], kept[-1]):
        kept.pop()
    if len(kept) < 3 or (tolerance > 0 and _thinner_than(kept, tolerance)):
        return EMPTY.copy()
    return np.array(kept, dtype=float)


def _thinner_than(vertices: list, tolerance: float) -> bool:
    """Whether the polygon's area is at most ``tolerance`` × its extent (a sliver at most that wide), computed
    on coordinates relative to its first vertex and scaled by its extent (no overflow, little cancellation)."""
    extent = _extent(vertices)
    if extent == 0.0:
        return True
    ox, oy = vertices[0]
    points = [((x - ox) / extent, (y - oy) / extent) for x, y in vertices]
    twice = 0.0
    for (px, py), (qx, qy) in zip(points, points[1:] + points[:1]):
        twice += px * qy - qx * py
    return abs(twice) / 2 <= tolerance / extent


def clip_polygon_halfplane(polygon, a, b, tolerance: float | None = None) -> np.ndarray:
    """The part of a convex polygon where a·x + b ≥ 0 (Sutherland–Hodgman, one clipping line).

    Walking the edges p → q: keep p when it is inside; when the edge crosses
    the line, add the crossing p + t(q − p) with t = f(p)/(f(p) − f(q)).
    A vertex within ``tolerance`` of the line lies on it (it is kept, and no
    crossing is made next to it); vertices within ``tolerance`` of each other
    are merged (:func:`_tidy`).  ``tolerance`` defaults to ``MERGE`` times the
    polygon's size; the region builders pass the box's.  A result with fewer
    than three distinct vertices (a point or a segment, zero area) is returned
    empty, shape (0, 2).

    >>> square = box_polygon((0, 1, 0, 1))
    >>> clip_polygon_halfplane(square, np.array([-1.0, 0.0]), 0.5).tolist()
    [[0.0, 0.0], [0.5, 0.0], [0.5, 1.0], [0.0, 1.0]]
    >>> clip_polygon_halfplane(square, np.array([1.0, 1.0]), -2.0).shape
    (0, 2)

    A line through a corner, up to its last bits: the corner is on it, and kept once.

    >>> clip_polygon_halfplane(square, np.array([1.0, 1.0]), -1.0 + 1e-16).tolist()
    [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]
    """
    polygon = np.asarray(polygon, dtype=float).reshape(-1, 2)
    if len(polygon) == 0:
        return EMPTY.copy()
    a, b = _scaled(_vector(a, "a"), _scalar(b))
    a0, a1 = float(a[0]), float(a[1])
    vertices = [tuple(v) for v in polygon.tolist()]
    if tolerance is None:
        tolerance = MERGE * _extent(vertices)
    near = tolerance * math.hypot(a0, a1)            # |a·x + b| ≤ near: within `tolerance` of the line
    values = []
    for x, y in vertices:
        f = a0 * x + a1 * y + b
        values.append(0.0 if abs(f) <= near else f)
    if min(values) >= 0:                             # wholly inside
        return _tidy(vertices, tolerance)
    if max(values) <= 0:                             # outside, or a point or segment on the line
        return EMPTY.copy()
    out = []
    n = len(vertices)
    for i in range(n):
        p, q = vertices[i], vertices[(i + 1) % n]
        fp, fq = values[i], values[(i + 1) % n]
        if fp >= 0:
            out.append(p)
        if (fp >= 0) != (fq >= 0) and fp != 0 and fq != 0:
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return _tidy(out, tolerance)


def _box_tolerance(box) -> float:
    """``MERGE`` times the box's larger side: the margin of every decision about regions in it."""
    x0, x1, y0, y1 = check_box(box)
    return MERGE * max(x1 - x0, y1 - y0)


# ---------------------------------------------------------------- rules
def halfplane_regions(w, b, box) -> list:
    """[region of ``classes_[0]``, region of ``classes_[1]``] of the rule sign(w·x + b).

    A binary learner predicts ``classes_[1]`` only where the score is > 0, so
    the line itself (score 0) belongs to ``classes_[0]``.  With w = 0 the score
    is the constant b: the whole box goes to ``classes_[1]`` if b > 0 and to
    ``classes_[0]`` otherwise (the empty region has shape (0, 2)).

    >>> box = (-1.0, 1.0, -1.0, 1.0)
    >>> [polygon_area(r) for r in halfplane_regions([0.0, 0.0], 0.0, box)]
    [4.0, 0.0]
    >>> [polygon_area(r) for r in halfplane_regions([0.0, 0.0], 0.5, box)]
    [0.0, 4.0]
    >>> [round(polygon_area(r), 9) for r in halfplane_regions([1.0, 1.0], -1.0, box)]
    [3.5, 0.5]
    """
    w, b = _vector(w), _scalar(b)
    square = box_polygon(box)
    if not np.any(w):
        return [EMPTY.copy(), square] if b > 0 else [square, EMPTY.copy()]
    tolerance = _box_tolerance(box)
    return [clip_polygon_halfplane(square, -w, -b, tolerance), clip_polygon_halfplane(square, w, b, tolerance)]


def scaled_rule(W, b, theta=None) -> tuple:
    """(W, b) of the argmax rule with every row divided by θ_j, scaled so that no entry exceeds 1.

    Dividing all rows by one positive number changes no argmax, so the rule
    is the same; the scaling only keeps later differences finite.
    """
    try:
        W = np.asarray(W, dtype=float)
        b = np.asarray(b, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError("W and b must be numbers: W of shape (k, 2), b of shape (k,).") from None
    if W.ndim != 2 or W.shape[1] != 2 or W.shape[0] < 1:
        raise ValueError(f"W must have shape (k, 2), one row per class; got {W.shape}.")
    if b.shape != (W.shape[0],):
        raise ValueError(f"b must hold one intercept per row of W ({W.shape[0]}); got {b.shape[0]}.")
    if not (np.all(np.isfinite(W)) and np.all(np.isfinite(b))):
        raise ValueError("W and b must be finite (no NaN or infinity).")
    scale = max(float(np.max(np.abs(W))), float(np.max(np.abs(b))))
    if scale > 0:
        W, b = W / scale, b / scale
    if theta is not None:
        try:
            theta = np.asarray(theta, dtype=float).reshape(-1)
        except (TypeError, ValueError):
            raise ValueError(f"θ (theta) must be numbers, one priority per class; got {theta!r}.") from None
        if theta.shape != (W.shape[0],):
            raise ValueError(f"θ (theta) needs one priority per class ({W.shape[0]}); got {theta.shape[0]}.")
        if not np.all(np.isfinite(theta)) or np.any(theta <= 0):
            raise ValueError(f"θ (theta) must be positive and finite; got {theta.tolist()}.")
        relative = theta / theta.max()
        with np.errstate(over="ignore"):
            W, b = W / relative[:, None], b / relative
        if not (np.all(np.isfinite(W)) and np.all(np.isfinite(b))):
            raise ValueError("θ (theta) priorities differ by too many orders of magnitude to draw.")
        scale = max(float(np.max(np.abs(W))), float(np.max(np.abs(b))))
        if scale > 0:
            W, b = W / scale, b / scale
    return W, b


def argmax_regions(W, b, box, theta=None) -> list:
    """One convex polygon per class: where its (θ-scaled) score is the largest.

    Class r owns R_r = ∩_{s≠r} {(w_r − w_s)·x + (b_r − b_s) ≥ 0} clipped to
    the box, with (w_j, b_j) replaced by (w_j, b_j)/θ_j when ``theta`` is
    given (the apportioned-margin rule of seed 002).  When w_r = w_s the
    difference is the constant b_r − b_s: r keeps its region if it is
    larger, or equal with r < s (ties to the lowest index); otherwise r's
    region is empty.  Regions overlap only on their borders and tile the box.

    >>> box = (0.0, 2.0, 0.0, 2.0)
    >>> W = np.array([[-1.0, 0.0], [1.0, 0.0]]); b = np.array([0.0, -2.0])
    >>> [polygon_area(r) for r in argmax_regions(W, b, box)]
    [2.0, 2.0]

    Both scores are −1 on that border, so dividing class 1's by θ_1 = 3
    raises it there and class 1 gains ground:

    >>> [polygon_area(r) for r in argmax_regions(W, b, box, theta=[1.0, 3.0])]
    [1.0, 3.0]
    >>> [polygon_area(r) for r in argmax_regions(np.zeros((3, 2)), np.zeros(3), box)]
    [4.0, 0.0, 0.0]
    """
    W, b = scaled_rule(W, b, theta)
    square = box_polygon(box)
    tolerance = _box_tolerance(box)
    regions = []
    for r in range(len(W)):
        polygon = square
        for s in range(len(W)):
            if s == r:
                continue
            a, c = W[r] - W[s], b[r] - b[s]
            if not np.any(a):
                if c < 0 or (c == 0 and s < r):
                    polygon = EMPTY.copy()
            else:
                polygon = clip_polygon_halfplane(polygon, a, c, tolerance)
            if len(polygon) == 0:
                break
        regions.append(polygon.copy())
    return regions


# ---------------------------------------------------------------- lines
def line_segment_in_box(w, b, box, level: float = 0.0):
    """The segment of the line {x : w·x + b = level} inside the box, shape (2, 2), or None.

    Used for the apportioned classifier's support lines w_j·x + b_j = θ_j and
    for comparator separators.  None when w = 0 or the line misses the box
    (touching a single corner counts as missing).

    >>> line_segment_in_box([1.0, 0.0], 0.0, (-1, 1, -2, 2)).tolist()
    [[0.0, -2.0], [0.0, 2.0]]
    >>> line_segment_in_box([1.0, 0.0], -5.0, (-1, 1, -2, 2)) is None
    True
    """
    w, b, level = _vector(w), _scalar(b), _scalar(level, "level")
    x0, x1, y0, y1 = check_box(box)
    w0, w1 = float(w[0]), float(w[1])
    norm = math.hypot(w0, w1)
    if norm == 0.0:
        return None
    n0, n1 = w0 / norm, w1 / norm
    offset = b / norm - level / norm             # the line: normal·x + offset = 0
    cx, cy = x0 / 2 + x1 / 2, y0 / 2 + y1 / 2
    along = n0 * cx + n1 * cy + offset
    foot = (cx - along * n0, cy - along * n1)
    direction = (-n1, n0)
    t_low, t_high = -math.inf, math.inf
    for axis, (lo, hi) in enumerate(((x0, x1), (y0, y1))):
        d = direction[axis]
        if abs(d) < 1e-15:
            if not lo <= foot[axis] <= hi:
                return None
            continue
        ta, tb = (lo - foot[axis]) / d, (hi - foot[axis]) / d
        t_low, t_high = max(t_low, min(ta, tb)), min(t_high, max(ta, tb))
    if not (math.isfinite(t_low) and math.isfinite(t_high)) or t_high <= t_low:
        return None
    ends = [(min(max(foot[0] + t * direction[0], x0), x1), min(max(foot[1] + t * direction[1], y0), y1))
            for t in (t_low, t_high)]
    if ends[0] == ends[1]:
        return None
    return np.array(ends, dtype=float)


def closest_point_to_origin(w, b):
    """The point of the line w·x + b = 0 nearest to the origin, −b·w/‖w‖², or None when w = 0 or the
    point lies beyond the float range (a tiny w with a large b).

    >>> closest_point_to_origin([0.0, 2.0], -4.0).tolist()
    [0.0, 2.0]
    >>> closest_point_to_origin([1e-320, 0.0], 1.0) is None
    True
    """
    w, b = _vector(w), _scalar(b)
    norm = float(np.hypot(w[0], w[1]))
    if norm == 0.0:
        return None
    with np.errstate(over="ignore", invalid="ignore"):
        foot = -(b / norm) * (w / norm)
    return foot if np.all(np.isfinite(foot)) else None


def border_segments(regions, box, tolerance: float = MERGE) -> list:
    """The edges between regions: every polygon edge that does not lie on the box's border.

    Each shared edge is listed once: two regions compute their common edge each from its own half-planes,
    so the copies may differ in their last bits, and edges whose ends lie within ``tolerance`` times the
    box's size of each other are one edge; an edge that short (a corner met twice) is none.  These are
    the lines of a decision boundary (e.g. the dashed ghost of the previous one).

    >>> box = (-1.0, 1.0, -1.0, 1.0)
    >>> [s.tolist() for s in border_segments(halfplane_regions([1.0, 0.0], 0.0, box), box)]
    [[[0.0, -1.0], [0.0, 1.0]]]
    """
    x0, x1, y0, y1 = check_box(box)
    slack = tolerance * max(x1 - x0, y1 - y0)
    sides = ((0, x0), (0, x1), (1, y0), (1, y1))

    def same(p, q):
        return abs(p[0] - q[0]) <= slack and abs(p[1] - q[1]) <= slack

    segments = []
    for polygon in regions or []:
        vertices = [tuple(v) for v in np.asarray(polygon, dtype=float).reshape(-1, 2).tolist()]
        for i in range(len(vertices)):
            p, q = vertices[i], vertices[(i + 1) % len(vertices)]
            if same(p, q) or any(abs(p[axis] - v) <= slack and abs(q[axis] - v) <= slack for axis, v in sides):
                continue
            if any((same(p, a) and same(q, c)) or (same(p, c) and same(q, a)) for a, c in segments):
                continue
            segments.append((p, q))
    return [np.array(segment, dtype=float) for segment in segments]
