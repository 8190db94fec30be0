"""Exact geometry of linear decision rules in a view box.

Regions are convex polygons: a binary rule w·x + b splits the box in two
half-planes; an argmax rule gives class r the region ∩_{s≠r} {(w_r − w_s)·x +
(b_r − b_s) ≥ 0} (θ-scaled rules are linear too).  Polygons are clipped to the
box with Sutherland–Hodgman, so they tile it exactly.

Examples
--------
>>> box = (-1.0, 1.0, -1.0, 1.0)
>>> negative, positive = halfplane_regions(np.array([1.0, 0.0]), 0.0, box)
>>> round(polygon_area(negative), 6), round(polygon_area(positive), 6)
(2.0, 2.0)
"""

from __future__ import annotations

import numpy as np


def view_box(X, pad: float = 0.15, minimum: float = 1.0) -> tuple:
    """A box (x0, x1, y0, y1) around the points with a margin; a default box when there are none."""
    X = np.asarray(X, dtype=float).reshape(-1, 2)
    X = X[np.all(np.isfinite(X), axis=1)]
    if len(X) == 0:
        return (-3.0, 3.0, -3.0, 3.0)
    low, high = X.min(axis=0), X.max(axis=0)
    span = np.maximum(high - low, minimum)
    centre = (low + high) / 2
    half = span / 2 * (1 + 2 * pad)
    return (centre[0] - half[0], centre[0] + half[0], centre[1] - half[1], centre[1] + half[1])


def box_polygon(box) -> np.ndarray:
    x0, x1, y0, y1 = box
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=float)


def clip_polygon_halfplane(polygon, a, b) -> np.ndarray:
    """The part of a convex polygon where a·x + b ≥ 0 (Sutherland–Hodgman, one edge)."""
    polygon = np.asarray(polygon, dtype=float)
    if len(polygon) == 0:
        return polygon.reshape(0, 2)
    values = polygon @ np.asarray(a, dtype=float) + b
    out = []
    for i in range(len(polygon)):
        p, q = polygon[i], polygon[(i + 1) % len(polygon)]
        vp, vq = values[i], values[(i + 1) % len(polygon)]
        if vp >= 0:
            out.append(p)
        if (vp >= 0) != (vq >= 0):
            t = vp / (vp - vq)
            out.append(p + t * (q - p))
    return np.array(out).reshape(-1, 2)


def polygon_area(polygon) -> float:
    polygon = np.asarray(polygon, dtype=float)
    if len(polygon) < 3:
        return 0.0
    x, y = polygon[:, 0], polygon[:, 1]
    return float(0.5 * abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


def halfplane_regions(w, b, box) -> list:
    """[region of classes_[0], region of classes_[1]]: score ≤ 0 and score > 0 (w = 0: all negative)."""
    w = np.asarray(w, dtype=float)[:2]
    square = box_polygon(box)
    if not np.any(w) or not np.all(np.isfinite(w)) or not np.isfinite(b):
        return [square, np.zeros((0, 2))] if not (np.isfinite(b) and b > 0) else [np.zeros((0, 2)), square]
    return [clip_polygon_halfplane(square, -w, -b), clip_polygon_halfplane(square, w, b)]


def argmax_regions(W, b, box, theta=None) -> list:
    """One convex polygon per class: where its (θ-scaled) score is the largest."""
    W = np.asarray(W, dtype=float)[:, :2]
    b = np.asarray(b, dtype=float).reshape(-1)
    if theta is not None:
        theta = np.asarray(theta, dtype=float)
        W, b = W / theta[:, None], b / theta
    regions = []
    for r in range(len(W)):
        polygon = box_polygon(box)
        for s in range(len(W)):
            if s == r or len(polygon) == 0:
                continue
            a, c = W[r] - W[s], b[r] - b[s]
            if not np.any(a):
                # identical scores everywhere: the lower index wins the tie
                if c < 0 or (c == 0 and s < r):
                    polygon = np.zeros((0, 2))
                continue
            polygon = clip_polygon_halfplane(polygon, a, c)
        regions.append(polygon)
    return regions


def line_segment_in_box(w, b, box, level: float = 0.0):
    """The segment of {x : w·x + b = level} inside the box, or None."""
    w = np.asarray(w, dtype=float)[:2]
    if not np.any(w):
        return None
    square = box_polygon(box)
    values = square @ w + b - level
    points = []
    for i in range(4):
        p, q = square[i], square[(i + 1) % 4]
        vp, vq = values[i], values[(i + 1) % 4]
        if vp == 0:
            points.append(p)
        if (vp > 0) != (vq > 0) and vq != 0:
            points.append(p + vp / (vp - vq) * (q - p))
    if len(points) < 2:
        return None
    points = np.array(points)
    far = np.argmax(np.linalg.norm(points - points[0], axis=1))
    return np.array([points[0], points[far]])
