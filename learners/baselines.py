"""Cost-sensitive baselines for the apportioned-margin classifier, and its metrics (seed 002).

Built with scikit-learn, minding the pitfalls ALGORITHMS.md lists: ``SVC`` always
trains one-vs-one (``decision_function_shape="ovr"`` does not change its
predictions), so a real one-vs-rest baseline fits one weighted binary SVM per
class; Crammer–Singer is ``LinearSVC(multi_class="crammer_singer")``, linear only.

Examples
--------
>>> import numpy as np
>>> from datasets.four_clouds import four_clouds
>>> X, y = four_clouds(40, seed=1)
>>> model = BASELINES["CSOVA"].build(theta=[10, 10, 1, 1], classes=np.arange(4)).fit(X, y)
>>> float(expected_risk(y, model.predict(X), [10, 10, 1, 1], np.arange(4))) < 10
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.svm import SVC, LinearSVC

from .apportioned import check_theta


def expected_risk(y_true, y_pred, theta, classes) -> float:
    """(1/n)·Σ_i θ_{y_i}·1[ŷ_i ≠ y_i]: the θ-weighted error rate (seed 002, Table 2)."""
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    if y_true.shape != y_pred.shape or y_true.size == 0:
        raise ValueError("y_true and y_pred must be non-empty and of equal length.")
    theta = check_theta(theta, len(classes))
    cost = theta[np.searchsorted(np.asarray(classes), y_true)]
    return float(np.mean(cost * (y_true != y_pred)))


def sensitivity(y_true, y_pred, label) -> float:
    """Recall of class ``label``: the share of its points predicted as it (nan if it has none)."""
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    mask = y_true == label
    return float(np.mean(y_pred[mask] == label)) if mask.any() else float("nan")


def fisher_minimizer(theta, probabilities) -> np.ndarray:
    """Population minimiser of the apportioned loss (seed 002): f_j = θ_j at j* = argmax θ_j P_j,
    −θ_j/(k−1) elsewhere.  Its θ-scaled argmax is the Bayes decision for costs θ.

    >>> fisher_minimizer([10, 1, 1], [0.2, 0.5, 0.3]).tolist()
    [10.0, -0.5, -0.5]
    """
    theta = check_theta(theta, len(probabilities))
    p = np.asarray(probabilities, dtype=float)
    k = len(theta)
    best = int(np.argmax(theta * p))
    f = -theta / (k - 1)
    f[best] = theta[best]
    return f


def _class_weight(theta, classes) -> dict:
    return {c: float(t) for c, t in zip(np.asarray(classes).tolist(), check_theta(theta, len(classes)))}


class WeightedOneVsRest(ClassifierMixin, BaseEstimator):
    """One binary SVM per class, each weighted by θ (a true cost-sensitive one-vs-rest, CSOVA)."""

    def __init__(self, estimator=None, theta=None):
        self.estimator = estimator
        self.theta = theta

    def fit(self, X, y):
        X, y = np.asarray(X, dtype=float), np.asarray(y)
        self.classes_ = np.unique(y)
        theta = check_theta(self.theta, len(self.classes_))
        cost = theta[np.searchsorted(self.classes_, y)]
        base = self.estimator if self.estimator is not None else SVC(kernel="rbf")
        self.estimators_ = [clone(base).fit(X, (y == c).astype(int), sample_weight=cost) for c in self.classes_]
        return self

    def decision_function(self, X):
        return np.column_stack([e.decision_function(np.asarray(X, dtype=float)) for e in self.estimators_])

    def predict(self, X):
        return self.classes_[np.argmax(self.decision_function(X), axis=1)]


@dataclass(frozen=True)
class Baseline:
    name: str
    description: str
    kernel_capable: bool
    make: Callable

    def build(self, theta, classes, kernel="rbf", C=1.0, gamma="scale"):
        return self.make(theta, classes, kernel, C, gamma)


BASELINES = {b.name: b for b in (
    Baseline("SVM", "plain SVM, no costs (one-vs-one)", True,
             lambda theta, classes, kernel, C, gamma: SVC(kernel=kernel, C=C, gamma=gamma)),
    Baseline("CSOVO", "class-weighted SVM (scikit-learn's SVC: one-vs-one)", True,
             lambda theta, classes, kernel, C, gamma: SVC(kernel=kernel, C=C, gamma=gamma,
                                                          class_weight=_class_weight(theta, classes))),
    Baseline("CSOVA", "cost-sensitive one-vs-rest: one θ-weighted binary SVM per class", True,
             lambda theta, classes, kernel, C, gamma: WeightedOneVsRest(SVC(kernel=kernel, C=C, gamma=gamma), theta)),
    Baseline("CSCS", "Crammer–Singer multiclass SVM with class weights (linear)", False,
             lambda theta, classes, kernel, C, gamma: LinearSVC(multi_class="crammer_singer", C=C,
                                                                class_weight=_class_weight(theta, classes))),
)}
