"""Cost-sensitive baselines for a priority vector θ, and the metrics of seed 002.

Seed 002 compares the apportioned margin with a plain SVM and with three
cost-sensitive multiclass SVMs: one-vs-all (CSOVA), one-vs-one (CSOVO) and
Crammer–Singer (CSCS).  Built with scikit-learn, minding the pitfalls listed in
docs/SPECIFICATION.md ("Baselines"):

* ``SVC`` always trains one-vs-one; ``decision_function_shape="ovr"`` only
  reshapes its scores and never changes a prediction.  ``SVC(class_weight=θ)``
  is therefore a cost-sensitive *one-vs-one* SVM (:func:`class_weighted_svm`),
  and the authors' CSOVA and CSOVO were one model.
* ``OneVsRestClassifier`` does not pass per-class weights to its binary
  problems, so the real one-vs-rest baseline (:func:`cost_sensitive_ovr`) is a
  small estimator of our own that fits one binary SVM per class, every point
  weighted by the priority of its class.  :func:`cost_sensitive_ovo` does the
  same for every pair of classes and votes, so the pairwise model is explicit.
* Crammer–Singer is ``LinearSVC(multi_class="crammer_singer", class_weight=θ)``:
  linear only.

Every builder is deterministic (``SVC`` without probabilities draws nothing;
``LinearSVC`` gets ``random_state``).  The registry :data:`BASELINES` maps a
name to a :class:`Baseline` (builder, description, whether it takes kernels).

Metrics (seed 002, §5.2): the expected risk (1/n)·Σ_i θ_{y_i}·1[ŷ_i ≠ y_i] and
the sensitivity (recall) of a class.  Fisher consistency (seed 002, Lemma 4) is
examined in :mod:`learners.consistency`: the lemma's closed form is not even
feasible in general, and already at k = 2 the exact population minimiser
ignores θ (θ = (1, 10), P = (0.6, 0.4): it decides class 0, the lemma class 1).
``fisher_minimizer``, ``population_loss`` and ``population_minimizer`` are
re-exported here from there.

Examples
--------
>>> import numpy as np
>>> from datasets.four_clouds import four_clouds
>>> X, y = four_clouds(40, seed=1)
>>> model = BASELINES["CSOVA"].build(theta=[10, 10, 1, 1], classes=np.arange(4)).fit(X, y)
>>> model.predict(X[:3]).shape
(3,)
>>> 0 <= expected_risk(y, model.predict(X), [10, 10, 1, 1], np.arange(4)) <= 10
True
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.svm import SVC, LinearSVC
from sklearn.utils.validation import check_is_fitted

from .apportioned import check_theta
# Lemma 4 of seed 002 lives in learners.consistency; its helpers stay importable from here
from .consistency import fisher_minimizer, population_loss, population_minimizer  # noqa: F401


# ---------------------------------------------------------------------- metrics
def _labels(y_true, y_pred):
    y_true, y_pred = np.asarray(y_true).reshape(-1), np.asarray(y_pred).reshape(-1)
    if y_true.shape != y_pred.shape or y_true.size == 0:
        raise ValueError(f"y_true and y_pred must be non-empty and of equal length; got "
                         f"{y_true.size} and {y_pred.size} labels.")
    return y_true, y_pred


def expected_risk(y_true, y_pred, theta, classes) -> float:
    """(1/n)·Σ_i θ_{y_i}·1[ŷ_i ≠ y_i]: the θ-weighted error rate (seed 002, Table 2).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n,)
    theta : array-like of shape (n_classes,)
        Priority of each class, in the order of ``classes``.
    classes : array-like of shape (n_classes,)
        Every label ``y_true`` may hold.

    Examples
    --------
    >>> expected_risk([0, 0, 1, 1], [0, 1, 1, 0], theta=[10, 1], classes=[0, 1])
    2.75
    """
    y_true, y_pred = _labels(y_true, y_pred)
    classes = np.asarray(list(classes))
    theta = check_theta(theta, len(classes), classes)
    order = np.argsort(classes, kind="stable")
    position = np.searchsorted(classes[order], y_true)
    position = np.clip(position, 0, len(classes) - 1)
    unknown = classes[order][position] != y_true
    if np.any(unknown):
        raise ValueError(f"label {y_true[unknown][0]!r} of y_true is not in classes "
                         f"{classes.tolist()}; list every class (with its θ).")
    cost = theta[order][position]
    return float(np.mean(cost * (y_true != y_pred)))


def sensitivity(y_true, y_pred, label) -> float:
    """Recall of class ``label``: the share of its points predicted as it (nan if it has none).

    Examples
    --------
    >>> sensitivity([0, 0, 1, 1], [0, 1, 1, 1], label=0)
    0.5
    """
    y_true, y_pred = _labels(y_true, y_pred)
    mask = y_true == label
    return float(np.mean(y_pred[mask] == label)) if mask.any() else float("nan")


# ------------------------------------------------------------------ estimators
def _priority_map(theta, classes) -> dict:
    """{label: θ} from θ in the order of ``classes``."""
    classes = np.asarray(list(classes))
    return dict(zip(classes.tolist(), check_theta(theta, len(classes), classes).tolist()))


def _point_costs(priority: dict, y) -> np.ndarray:
    missing = sorted({label for label in np.asarray(y).tolist() if label not in priority})
    if missing:
        raise ValueError(f"no priority for the labels {missing}; θ covers {sorted(priority)}.")
    return np.array([priority[label] for label in np.asarray(y).tolist()], dtype=float)


class _WeightedDecomposition(ClassifierMixin, BaseEstimator):
    """Shared fit plumbing: binary problems whose points weigh θ of their class."""

    def __init__(self, estimator=None, priority=None):
        self.estimator = estimator
        self.priority = priority

    def _prepare(self, X, y, sample_weight):
        X, y = np.asarray(X, dtype=float), np.asarray(y)
        self.classes_ = np.unique(y)
        if self.classes_.size < 2:
            raise ValueError(f"need at least two classes; y holds only {self.classes_.tolist()}.")
        priority = self.priority if self.priority is not None else {c: 1.0 for c in self.classes_.tolist()}
        cost = _point_costs(priority, y)
        if sample_weight is not None:
            cost = cost * np.asarray(sample_weight, dtype=float)
        self.n_features_in_ = X.shape[1]
        base = self.estimator if self.estimator is not None else SVC(kernel="rbf")
        return X, y, cost, base

    def predict(self, X):
        """The class of the largest ``decision_function`` column (ties to the lowest)."""
        return self.classes_[np.argmax(self.decision_function(X), axis=1)]


class WeightedOneVsRest(_WeightedDecomposition):
    """Cost-sensitive one-vs-rest (CSOVA): one binary classifier per class j,
    "j against the rest", every point weighted by the priority θ of its own class.

    Parameters
    ----------
    estimator : binary classifier with ``sample_weight`` and ``decision_function``,
        default ``SVC(kernel="rbf")``.
    priority : dict label → θ, default all 1.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0.0], [0.2, 0.1], [3.0, 0.0], [3.1, 0.2], [0.0, 3.0], [0.1, 3.2]])
    >>> WeightedOneVsRest(priority={0: 5, 1: 1, 2: 1}).fit(X, [0, 0, 1, 1, 2, 2]).predict(X).tolist()
    [0, 0, 1, 1, 2, 2]
    """

    def fit(self, X, y, sample_weight=None):
        X, y, cost, base = self._prepare(X, y, sample_weight)
        self.estimators_ = [clone(base).fit(X, (y == c).astype(int), sample_weight=cost)
                            for c in self.classes_]
        return self

    def decision_function(self, X):
        """One column per class: its binary classifier's score."""
        check_is_fitted(self, "estimators_")
        X = np.asarray(X, dtype=float)
        return np.column_stack([e.decision_function(X) for e in self.estimators_])


class WeightedOneVsOne(_WeightedDecomposition):
    """Cost-sensitive one-vs-one (CSOVO): one binary classifier per pair of classes,
    trained on the points of the two classes weighted by θ of their class; the
    prediction is the class with most pairwise wins, ties broken by the summed
    pairwise scores (scaled into (−1/3, 1/3) so they never outvote a win).

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[0.0, 0.0], [0.2, 0.1], [3.0, 0.0], [3.1, 0.2], [0.0, 3.0], [0.1, 3.2]])
    >>> WeightedOneVsOne(priority={0: 5, 1: 1, 2: 1}).fit(X, [0, 0, 1, 1, 2, 2]).predict(X).tolist()
    [0, 0, 1, 1, 2, 2]
    """

    def fit(self, X, y, sample_weight=None):
        X, y, cost, base = self._prepare(X, y, sample_weight)
        self.pairs_ = list(combinations(range(self.classes_.size), 2))
        self.estimators_ = []
        for a, b in self.pairs_:
            rows = (y == self.classes_[a]) | (y == self.classes_[b])
            target = (y[rows] == self.classes_[b]).astype(int)          # positive side: class b
            self.estimators_.append(clone(base).fit(X[rows], target, sample_weight=cost[rows]))
        return self

    def decision_function(self, X):
        """Votes per class plus a tie-breaker below 1/3 from the summed pairwise scores."""
        check_is_fitted(self, "estimators_")
        X = np.asarray(X, dtype=float)
        votes = np.zeros((X.shape[0], self.classes_.size))
        confidence = np.zeros_like(votes)
        for (a, b), model in zip(self.pairs_, self.estimators_):
            score = model.decision_function(X)
            votes[:, b] += score > 0
            votes[:, a] += score <= 0
            confidence[:, b] += score
            confidence[:, a] -= score
        return votes + confidence / (3.0 * (np.abs(confidence) + 1.0))


# -------------------------------------------------------------------- builders
def plain_svm(theta=None, classes=None, kernel="rbf", C=1.0, gamma="scale"):
    """A plain SVM that ignores θ (``SVC``, one-vs-one): the reference point."""
    return SVC(kernel=kernel, C=C, gamma=gamma)


def class_weighted_svm(theta, classes, kernel="rbf", C=1.0, gamma="scale"):
    """``SVC(class_weight={label: θ})``: the pair (a, b) is trained with C·θ_a and C·θ_b.

    scikit-learn's SVC is one-vs-one whatever ``decision_function_shape`` says,
    so this is a cost-sensitive one-vs-one SVM (the same model as
    :func:`cost_sensitive_ovo` up to the solver's tolerance and tie-breaking).
    """
    return SVC(kernel=kernel, C=C, gamma=gamma, class_weight=_priority_map(theta, classes))


def cost_sensitive_ovr(theta, classes, kernel="rbf", C=1.0, gamma="scale"):
    """CSOVA: :class:`WeightedOneVsRest` over binary ``SVC``s, points weighted by θ of their class."""
    return WeightedOneVsRest(SVC(kernel=kernel, C=C, gamma=gamma), _priority_map(theta, classes))


def cost_sensitive_ovo(theta, classes, kernel="rbf", C=1.0, gamma="scale"):
    """CSOVO: :class:`WeightedOneVsOne` over binary ``SVC``s, points weighted by θ of their class."""
    return WeightedOneVsOne(SVC(kernel=kernel, C=C, gamma=gamma), _priority_map(theta, classes))


def crammer_singer(theta, classes, C=1.0, random_state=0):
    """CSCS: ``LinearSVC(multi_class="crammer_singer", class_weight={label: θ})`` (linear only)."""
    return LinearSVC(multi_class="crammer_singer", C=C, class_weight=_priority_map(theta, classes),
                     random_state=random_state, max_iter=10_000)


@dataclass(frozen=True)
class Baseline:
    """A named baseline: ``build(theta, classes, kernel, C, gamma)`` returns an unfitted estimator.

    Attributes
    ----------
    name, description : str
    kernel_capable : bool
        False for linear-only models: ``build`` then refuses a non-linear kernel.
    make : callable
        The builder behind ``build``.
    """

    name: str
    description: str
    kernel_capable: bool
    make: Callable

    def build(self, theta, classes, kernel="rbf", C=1.0, gamma="scale"):
        """An unfitted estimator for priorities θ (in the order of ``classes``)."""
        if not self.kernel_capable:
            if kernel != "linear":
                raise ValueError(f"{self.name} is linear only; build it with kernel='linear' "
                                 f"(got kernel={kernel!r}).")
            return self.make(theta, classes, C=C)
        return self.make(theta, classes, kernel=kernel, C=C, gamma=gamma)


BASELINES = {b.name: b for b in (
    Baseline("SVM", "plain SVM, no priorities (SVC, one-vs-one)", True, plain_svm),
    Baseline("CSOVA", "cost-sensitive one-vs-rest: one θ-weighted binary SVM per class", True,
             cost_sensitive_ovr),
    Baseline("CSOVO", "cost-sensitive one-vs-one: one θ-weighted binary SVM per pair, votes", True,
             cost_sensitive_ovo),
    Baseline("CSCS", "Crammer–Singer multiclass SVM with class weights θ (linear only)", False,
             crammer_singer),
    Baseline("weighted SVC", "scikit-learn's SVC(class_weight=θ): one-vs-one inside, i.e. CSOVO "
             "(what 'decision_function_shape=ovr' would wrongly call CSOVA)", True, class_weighted_svm),
)}
