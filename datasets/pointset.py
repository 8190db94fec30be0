"""The user's drawn data: points of 2–6 classes with importance weights and class priorities.

A :class:`PointSet` never changes: every edit returns a new one, validated, or
raises ``ValueError`` and leaves the old one as it was — what the user drew is
never lost.  :class:`UndoStack` keeps a bounded history of them.

Examples
--------
>>> points = PointSet.empty().add_points([[0.0, 1.0], [1.0, 0.0]], label=1, weight=2.0)
>>> len(points), points.used_classes, points.weights.tolist()
(2, (1,), [2.0, 2.0])
>>> points.add_points([[np.nan, 0.0]], label=0)
Traceback (most recent call last):
...
ValueError: Coordinates must be finite numbers (no NaN or infinity).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

import numpy as np

MAX_CLASSES = 6
MIN_CLASSES = 2
DEFAULT_NAMES = ("A", "B", "C", "D", "E", "F")


def _as_points(X) -> np.ndarray:
    try:
        X = np.asarray(X, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("Coordinates must be numbers (two per point).") from None
    if X.size == 0:
        return np.zeros((0, 2))
    if X.ndim == 1 and X.shape[0] == 2:
        X = X[None, :]
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"Points need exactly two coordinates each; got shape {X.shape}.")
    if not np.all(np.isfinite(X)):
        raise ValueError("Coordinates must be finite numbers (no NaN or infinity).")
    return X


@dataclass(frozen=True, eq=False)
class PointSet:
    """Points X (n × 2), class indices ``labels``, weights c ≥ 0, class names and priorities θ > 0."""

    X: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))
    labels: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=int))
    weights: np.ndarray = field(default_factory=lambda: np.zeros(0))
    class_names: tuple = DEFAULT_NAMES[:2]
    theta: np.ndarray = field(default_factory=lambda: np.ones(2))

    def __post_init__(self):
        X = _as_points(self.X)
        labels = np.asarray(self.labels).reshape(-1)
        if labels.size and not np.issubdtype(labels.dtype, np.integer):
            if not np.all(np.isfinite(labels.astype(float))) or np.any(labels.astype(float) % 1):
                raise ValueError("Labels must be class indices (whole numbers).")
        labels = labels.astype(int)
        weights = np.ones(len(X)) if np.size(self.weights) == 0 and len(X) else np.asarray(self.weights, dtype=float).reshape(-1)
        names = tuple(str(n) for n in self.class_names)
        k = len(names)
        if not MIN_CLASSES <= k <= MAX_CLASSES:
            raise ValueError(f"A point set has {MIN_CLASSES} to {MAX_CLASSES} classes; got {k}.")
        if len(set(names)) != k:
            raise ValueError("Class names must be different from each other.")
        if labels.shape[0] != X.shape[0] or weights.shape[0] != X.shape[0]:
            raise ValueError("Every point needs one label and one weight.")
        if labels.size and (labels.min() < 0 or labels.max() >= k):
            raise ValueError(f"Labels must be class indices 0..{k - 1}.")
        if not np.all(np.isfinite(weights)) or np.any(weights < 0):
            raise ValueError("Weights must be finite and non-negative.")
        theta = np.ones(k) if np.size(self.theta) == 0 else np.asarray(self.theta, dtype=float).reshape(-1)
        if theta.shape[0] != k:
            raise ValueError(f"θ needs one priority per class ({k}); got {theta.shape[0]}.")
        if not np.all(np.isfinite(theta)) or np.any(theta <= 0):
            raise ValueError("Every priority θ must be a positive finite number.")
        for name, value in (("X", X), ("labels", labels), ("weights", weights), ("theta", theta)):
            value = np.array(value, copy=True)
            value.setflags(write=False)
            object.__setattr__(self, name, value)
        object.__setattr__(self, "class_names", names)

    # ------------------------------------------------------------- basics
    @classmethod
    def empty(cls, n_classes: int = 2) -> "PointSet":
        return cls(class_names=DEFAULT_NAMES[:n_classes], theta=np.ones(n_classes))

    @classmethod
    def from_arrays(cls, X, y, weights=None, class_names=None, theta=None) -> "PointSet":
        """From (X, y) with y class indices 0..k−1 (names A, B, … unless given)."""
        y = np.asarray(y, dtype=int)
        k = max(int(y.max()) + 1 if y.size else 2, 2) if class_names is None else len(class_names)
        names = tuple(class_names) if class_names is not None else DEFAULT_NAMES[:k]
        return cls(X, y, np.ones(len(y)) if weights is None else weights, names,
                   np.ones(len(names)) if theta is None else theta)

    def __len__(self) -> int:
        return self.X.shape[0]

    def __eq__(self, other) -> bool:
        return isinstance(other, PointSet) and self.fingerprint() == other.fingerprint()

    def __hash__(self) -> int:
        return hash(self.fingerprint())

    def fingerprint(self) -> str:
        """A short digest of everything in the set (for caches and run keys)."""
        digest = hashlib.sha1()
        for array in (self.X, self.labels, self.weights, self.theta):
            digest.update(np.ascontiguousarray(array).tobytes())
        digest.update("\x1f".join(self.class_names).encode())
        return digest.hexdigest()[:16]

    @property
    def used_classes(self) -> tuple:
        return tuple(int(c) for c in np.unique(self.labels))

    @property
    def has_weights(self) -> bool:
        return bool(len(self) and np.any(self.weights != 1.0))

    def to_arrays(self):
        """(X, labels, weights) as writable copies."""
        return self.X.copy(), self.labels.copy(), self.weights.copy()

    def _replace(self, **changes) -> "PointSet":
        values = dict(X=self.X, labels=self.labels, weights=self.weights, class_names=self.class_names,
                      theta=self.theta)
        values.update(changes)
        return PointSet(**values)

    # -------------------------------------------------------------- edits
    def add_points(self, X, label: int, weight: float = 1.0) -> "PointSet":
        X = _as_points(X)
        if not (isinstance(label, (int, np.integer)) and 0 <= int(label) < len(self.class_names)):
            raise ValueError(f"The class must be one of 0..{len(self.class_names) - 1}; got {label!r}.")
        if not np.isfinite(weight) or weight < 0:
            raise ValueError(f"A weight must be a finite number ≥ 0; got {weight!r}.")
        return self._replace(X=np.vstack([self.X, X]), labels=np.r_[self.labels, np.full(len(X), int(label))],
                             weights=np.r_[self.weights, np.full(len(X), float(weight))])

    def merge(self, other: "PointSet") -> "PointSet":
        """Append another set's points (its class indices kept; the class count is the larger)."""
        k = max(len(self.class_names), len(other.class_names))
        base = self.with_class_count(k)
        return base._replace(X=np.vstack([base.X, other.X]), labels=np.r_[base.labels, other.labels],
                             weights=np.r_[base.weights, other.weights])

    def remove(self, indices) -> "PointSet":
        keep = np.ones(len(self), bool)
        keep[np.asarray(indices, dtype=int)] = False
        return self._replace(X=self.X[keep], labels=self.labels[keep], weights=self.weights[keep])

    def nearest(self, x, radius: float = np.inf):
        """Index of the point nearest to x within ``radius``, or None."""
        if not len(self):
            return None
        distances = np.linalg.norm(self.X - np.asarray(x, dtype=float), axis=1)
        index = int(np.argmin(distances))
        return index if distances[index] <= radius else None

    def erase_near(self, x, radius: float = np.inf) -> "PointSet":
        index = self.nearest(x, radius)
        return self if index is None else self.remove([index])

    def set_weights(self, which, value: float) -> "PointSet":
        """Set the weight of points ``which`` (indices, or "class:j", or "all")."""
        if not np.isfinite(value) or value < 0:
            raise ValueError(f"A weight must be a finite number ≥ 0; got {value!r}.")
        weights = np.array(self.weights)
        if isinstance(which, str) and which.startswith("class:"):
            weights[self.labels == int(which.split(":")[1])] = value
        elif isinstance(which, str) and which == "all":
            weights[:] = value
        else:
            weights[np.asarray(which, dtype=int)] = value
        return self._replace(weights=weights)

    def set_theta(self, theta) -> "PointSet":
        return self._replace(theta=np.asarray(theta, dtype=float))

    def clear(self) -> "PointSet":
        return self._replace(X=np.zeros((0, 2)), labels=np.zeros(0, int), weights=np.zeros(0))

    def with_class_count(self, k: int) -> "PointSet":
        """k classes (2–6); points of dropped classes are removed."""
        if not MIN_CLASSES <= int(k) <= MAX_CLASSES:
            raise ValueError(f"Choose between {MIN_CLASSES} and {MAX_CLASSES} classes; got {k}.")
        k = int(k)
        names = list(self.class_names[:k]) + [n for n in DEFAULT_NAMES if n not in self.class_names][: max(0, k - len(self.class_names))]
        theta = np.r_[self.theta[:k], np.ones(max(0, k - len(self.theta)))]
        keep = self.labels < k
        return PointSet(self.X[keep], self.labels[keep], self.weights[keep], tuple(names), theta)


class UndoStack:
    """A bounded history of point sets with undo and redo."""

    def __init__(self, initial: PointSet, limit: int = 100):
        self._items = [initial]
        self._position = 0
        self.limit = limit

    @property
    def current(self) -> PointSet:
        return self._items[self._position]

    def push(self, points: PointSet) -> None:
        self._items = self._items[: self._position + 1] + [points]
        if len(self._items) > self.limit:
            self._items = self._items[-self.limit:]
        self._position = len(self._items) - 1

    @property
    def can_undo(self) -> bool:
        return self._position > 0

    @property
    def can_redo(self) -> bool:
        return self._position < len(self._items) - 1

    def undo(self) -> bool:
        if not self.can_undo:
            return False
        self._position -= 1
        return True

    def redo(self) -> bool:
        if not self.can_redo:
            return False
        self._position += 1
        return True
