"""A learner stepping over its data: the order of presentation and the run's record.

A :class:`Run` owns one learner and one data set: a classifier and the rows of a point set, or an
expert learner (seed 001) and the rows of an advice stream with their outcomes — every learner of
the lab starts with ``start(classes, n_features)`` and performs a trial with ``learn_one(x, y, c)``.  ``step()`` performs the next
trial (``learn_one``) and returns a :class:`Trial`; ``play(n)`` performs many
trials at once and returns them.  Stepping and playing walk the same sequence:
playing 10 trials equals stepping 10 times.  The timeline (:mod:`lab.timeline`)
plays a run once and keeps what every trial shows.

Orders of presentation
----------------------
``"drawn"``
    the points in the order they were drawn, pass after pass;
``"shuffled"``
    a fresh seeded permutation on every pass;
``"adversarial"``
    on every trial the first point (in drawn order) that the current model
    misclassifies — a mistake is forced whenever one is possible; when none
    is, the next point in drawn order.  This is the adversary of the mistake
    bound proofs: it makes the learner pay every mistake the bound allows it.

Examples
--------
>>> import numpy as np
>>> from learners import Perceptron
>>> X = np.array([[1.0, 2.0], [-1.0, -1.5], [2.0, 0.5], [-2.0, 0.5]])
>>> y = np.array([1, 0, 1, 0])
>>> run = Run(Perceptron(), X, y, order="drawn", n_passes=2)
>>> [run.step().record.mistake for _ in range(4)]
[True, False, False, True]
>>> run.trial, run.total_trials
(4, 8)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from sklearn.base import clone

from learners._base import TrialRecord

ORDERS = ("drawn", "shuffled", "adversarial")
#: points scored at once when the adversarial order looks for a misclassified point
SCAN_BLOCK = 2_048


@dataclass(frozen=True)
class Trial:
    """One trial of a run: which point was shown and the learner's record of it."""

    index: int              # row of the data set shown in this trial
    record: TrialRecord
    pass_index: int


def boundary_snapshot(learner) -> dict:
    """The learner's current decision rule in a form the figure builders draw.

    Linear rules give ``{"kind": "linear", "W": (r, n), "b": (r,)}`` with one row
    for a binary learner (positive side = ``classes_[1]``) or one row per class
    for an argmax rule (θ-scaled for the apportioned-margin classifier).  Other
    rules give ``{"kind": "function"}`` and are drawn from ``decision_function``.
    """
    theta = getattr(learner, "theta_", None)
    try:
        coef = np.asarray(learner.coef_, dtype=float)
        intercept = np.asarray(learner.intercept_, dtype=float).reshape(-1)
    except (AttributeError, ValueError, NotImplementedError):
        return {"kind": "function"}
    if coef.shape[0] > 1 and theta is not None:
        theta = np.asarray(theta, dtype=float)
        coef, intercept = coef / theta[:, None], intercept / theta
    return {"kind": "linear", "W": coef.copy(), "b": intercept.copy()}


class Run:
    """A learner, a data set and an order of presentation, stepped trial by trial.

    Parameters
    ----------
    learner : learners._base.OnlineLearner
        A fresh estimator (a classifier, or an expert learner); the run clones it, so the caller's
        object is untouched.
    X, y : arrays of shape (n, d), (n,)
        The data set in drawn order (for an expert learner: the advice, trials × experts, and the outcomes).
    weights : array of shape (n,), optional
        Importance weights c (1 by default).
    classes : array-like, optional
        Every label the learner should know (default: the labels in ``y``).
    order : {"drawn", "shuffled", "adversarial"}
    n_passes : int
        Passes over the data; the run ends after ``n_passes · n`` trials.
    seed : int
        Seed of the shuffled order (and of the learner's own random choices).
    """

    def __init__(self, learner, X, y, weights=None, *, classes=None, order="drawn", n_passes=1,
                 seed=0):
        if order not in ORDERS:
            raise ValueError(f"order must be one of {ORDERS}; got {order!r}.")
        if int(n_passes) < 1:
            raise ValueError(f"n_passes must be at least 1; got {n_passes!r}.")
        self.X = np.asarray(X, dtype=float)
        self.y = np.asarray(y)
        if self.X.ndim != 2 or self.X.shape[0] != self.y.shape[0]:
            raise ValueError("X must be 2-dimensional with one row per label in y.")
        if self.X.shape[0] == 0:
            raise ValueError("There are no points to learn from: draw or generate some first.")
        self.weights = np.ones(len(self.y)) if weights is None else np.asarray(weights, dtype=float)
        self.order, self.n_passes, self.seed = order, int(n_passes), int(seed)
        self.classes = np.unique(self.y) if classes is None else np.asarray(classes)
        self.learner = clone(learner)
        if "random_state" in self.learner.get_params():
            self.learner.set_params(random_state=self.seed)
        self.learner.start(self.classes, self.X.shape[1])
        self._rng = np.random.default_rng(self.seed)
        self._permutation = self._new_permutation()
        self.trials: list[Trial] = []
        self._updates = 0              # updates so far: the model changes only with them
        self._clean_at = None          # the update count at which a scan found no misclassified point

    # ------------------------------------------------------------------ order
    @property
    def n_points(self) -> int:
        return self.X.shape[0]

    @property
    def trial(self) -> int:
        """Trials performed so far."""
        return len(self.trials)

    @property
    def total_trials(self) -> int:
        return self.n_passes * self.n_points

    @property
    def finished(self) -> bool:
        return self.trial >= self.total_trials

    def _new_permutation(self) -> np.ndarray:
        if self.order == "shuffled":
            return self._rng.permutation(self.n_points)
        return np.arange(self.n_points)

    def _next_index(self) -> int:
        position = self.trial % self.n_points
        if position == 0 and self.trial > 0 and self.order == "shuffled":
            self._permutation = self._new_permutation()
        if self.order == "adversarial":
            wrong = self._first_misclassified()
            if wrong is not None:
                return wrong
        return int(self._permutation[position])

    def _first_misclassified(self) -> int | None:
        """The first point (in drawn order) the current model gets wrong, or None.

        The points are scored in blocks of :data:`SCAN_BLOCK` and the scan stops at the first block
        holding a mistake, so on noisy data a trial scores a few thousand points, not all of them.  A
        model that has not changed since a scan that found every point right is not scanned again."""
        if self._clean_at == self._updates:
            return None
        for start in range(0, self.n_points, SCAN_BLOCK):
            wrong = np.flatnonzero(self._misclassified(slice(start, start + SCAN_BLOCK)))
            if wrong.size:
                return start + int(wrong[0])
        self._clean_at = self._updates
        return None

    def _misclassified(self, rows: slice = slice(None)) -> np.ndarray:
        """Which of the points ``rows`` the current model gets wrong (a score of exactly 0 counts as wrong)."""
        learner = self.learner
        scores = learner.decision_function(self.X[rows])
        truth = np.searchsorted(learner.classes_, self.y[rows])
        if scores.ndim == 1:
            sign = np.where(truth == 1, 1.0, -1.0)
            return sign * scores <= 0
        return np.argmax(scores, axis=1) != truth

    # ------------------------------------------------------------------ trials
    def step(self) -> Trial:
        """Perform the next trial; raises ``StopIteration`` when the run is over."""
        if self.finished:
            raise StopIteration("the run is over: every pass has been made")
        index = self._next_index()
        record = self.learner.learn_one(self.X[index], self.y[index], float(self.weights[index]))
        trial = Trial(index=index, record=record, pass_index=self.trial // self.n_points)
        self.trials.append(trial)
        self._updates += bool(record.updated)
        return trial

    def play(self, max_trials: int | None = None) -> list[Trial]:
        """Perform up to ``max_trials`` trials (all remaining by default); return them."""
        remaining = self.total_trials - self.trial
        count = remaining if max_trials is None else min(int(max_trials), remaining)
        return [self.step() for _ in range(count)]

    # ------------------------------------------------------------------ views
    def shown(self) -> np.ndarray:
        """Indices of the points shown so far, trial by trial."""
        return np.array([t.index for t in self.trials], dtype=int)

    def cumulative(self) -> dict:
        """Cumulative mistakes and weighted loss after every trial so far, under the names of a learner's
        ``history_`` (``cum_mistakes``, ``cum_weighted_loss``: learners/_base.py)."""
        mistakes = np.array([t.record.mistake for t in self.trials], dtype=bool)
        weights = np.array([t.record.weight for t in self.trials], dtype=float)
        return {
            "trial": np.arange(1, len(mistakes) + 1),
            "cum_mistakes": np.cumsum(mistakes),
            "cum_weighted_loss": np.cumsum(np.where(mistakes, weights, 0.0)),
            "updated": np.array([t.record.updated for t in self.trials], dtype=bool),
        }

    @property
    def mistakes(self) -> int:
        return int(sum(t.record.mistake for t in self.trials))

    @property
    def weighted_loss(self) -> float:
        return float(sum(t.record.weight for t in self.trials if t.record.mistake))
