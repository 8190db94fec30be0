"""CSV import and export of point sets: columns x1, x2, label and an optional weight.

Import is strict — a bad file raises ``ValueError`` saying what is wrong and
the caller keeps its data.  Labels are text, never interpreted or rendered as
HTML; they are trimmed to ``MAX_LABEL`` characters with control characters
removed.  What :func:`write_points_csv` writes, :func:`read_points_csv` reads
back unchanged (floats are written with ``repr`` precision).

Examples
--------
>>> from datasets.pointset import PointSet
>>> points = PointSet.from_arrays([[0.1, 2.0], [3.0, -1.5]], [0, 1], weights=[1.0, 2.5])
>>> text = write_points_csv(points)
>>> read_points_csv(text) == points
True
"""

from __future__ import annotations

import csv
import io
import math

import numpy as np

from .pointset import MAX_CLASSES, PointSet

MAX_ROWS = 100_000
MAX_BYTES = 8 * 1024 * 1024
MAX_LABEL = 40
REQUIRED = ("x1", "x2", "label")


def _clean_label(text: str) -> str:
    cleaned = "".join(ch for ch in text if ch.isprintable()).strip()
    return cleaned[:MAX_LABEL]


def _number(text: str, row: int, column: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"Row {row}: {column} is not a number ({text[:20]!r}).") from None
    if not math.isfinite(value):
        raise ValueError(f"Row {row}: {column} must be a finite number (got {text[:20]!r}).")
    return value


def read_points_csv(data, *, class_names=None, theta=None, max_rows: int = MAX_ROWS,
                    max_bytes: int = MAX_BYTES) -> PointSet:
    """Parse CSV bytes or text into a PointSet (ValueError with the reason on any problem).

    ``class_names`` fixes the classes (a table edit); otherwise they are the
    distinct labels in sorted order (2 classes at least are kept: a file of one
    class gets a second, empty one).
    """
    if isinstance(data, (bytes, bytearray)):
        if len(data) > max_bytes:
            raise ValueError(f"The file is larger than {max_bytes // (1024 * 1024)} MB.")
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ValueError("The file is not UTF-8 text (is it a CSV file?).") from None
    if not isinstance(data, str):
        raise ValueError("Expected CSV text or bytes.")
    if len(data) > max_bytes:
        raise ValueError(f"The file is larger than {max_bytes // (1024 * 1024)} MB.")
    if "\x00" in data:
        raise ValueError("The file contains binary data, not CSV text.")
    if not data.strip():
        raise ValueError("The file is empty.")
    try:
        rows = list(csv.reader(io.StringIO(data)))
    except csv.Error as error:
        raise ValueError(f"The file is not valid CSV: {error}.") from None
    rows = [r for r in rows if any(cell.strip() for cell in r)]
    header = [cell.strip().lower() for cell in rows[0]]
    missing = [c for c in REQUIRED if c not in header]
    if missing:
        raise ValueError(f"The header must name the columns x1, x2, label (and optionally weight); "
                         f"missing: {', '.join(missing)}.")
    body = rows[1:]
    if not body:
        raise ValueError("The file has a header but no points.")
    if len(body) > max_rows:
        raise ValueError(f"The file has {len(body)} points; at most {max_rows:,} are accepted.")
    at = {name: header.index(name) for name in REQUIRED}
    has_weight = "weight" in header
    if has_weight:
        at["weight"] = header.index("weight")
    X = np.empty((len(body), 2))
    weights = np.ones(len(body))
    raw_labels = []
    for i, row in enumerate(body, start=2):
        if len(row) != len(header):
            raise ValueError(f"Row {i} has {len(row)} cells; the header has {len(header)}.")
        X[i - 2, 0] = _number(row[at["x1"]], i, "x1")
        X[i - 2, 1] = _number(row[at["x2"]], i, "x2")
        if has_weight:
            weights[i - 2] = _number(row[at["weight"]], i, "weight")
            if weights[i - 2] < 0:
                raise ValueError(f"Row {i}: weights must be ≥ 0 (got {row[at['weight']]}).")
        label = _clean_label(row[at["label"]])
        if not label:
            raise ValueError(f"Row {i}: the label is empty.")
        raw_labels.append(label)
    if class_names is None:
        names = sorted(set(raw_labels))
        if len(names) > MAX_CLASSES:
            raise ValueError(f"The file has {len(names)} classes; the lab handles at most {MAX_CLASSES}.")
        while len(names) < 2:
            names.append("B" if names != ["B"] else "A")
    else:
        names = list(class_names)
        unknown = sorted(set(raw_labels) - set(names))
        if unknown:
            raise ValueError(f"Unknown class {unknown[0]!r}; the classes are {', '.join(names)}.")
    index = {name: j for j, name in enumerate(names)}
    labels = np.array([index[label] for label in raw_labels], dtype=int)
    theta = np.ones(len(names)) if theta is None else theta
    return PointSet(X, labels, weights, tuple(names), theta)


def write_points_csv(points: PointSet) -> str:
    """CSV text with columns x1, x2, label, weight (repr precision: reads back exactly)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["x1", "x2", "label", "weight"])
    for (x1, x2), label, weight in zip(points.X.tolist(), points.labels.tolist(), points.weights.tolist()):
        writer.writerow([repr(x1), repr(x2), points.class_names[label], repr(weight)])
    return out.getvalue()
