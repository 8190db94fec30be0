"""Committees of online learners (seed 004, Algorithm 1).

J members, each a clone of one online learner trained on its own seeded
permutation of the data for P passes; they vote by plain majority (ties to the
lowest class index) or by "min-frequency": among the classes the members
predict, the one rarest in training (seed 004 found it best for macro-F1).
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from ._validation import check_choice, check_number

VOTES = ("majority", "min_frequency")


class Committee(ClassifierMixin, BaseEstimator):
    """A committee of online learners voting on each prediction (seed 004, Algorithm 1).

    Parameters
    ----------
    estimator : OnlineClassifier
        The member template (cloned J times).
    n_members : int, default=5
    vote : {"majority", "min_frequency"}, default="majority"
    n_passes : int, default=1
        P: passes each member makes over its own permutation.
    random_state : int, RandomState or None
        Seeds the members' permutations.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import Committee, MultiVectorPerceptron
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(90, 2)) + np.repeat([[0, 3], [3, 0], [-3, -3]], 30, axis=0)
    >>> y = np.repeat([0, 1, 2], 30)
    >>> committee = Committee(MultiVectorPerceptron(), n_members=5, random_state=0).fit(X, y)
    >>> len(committee.members_), float((committee.predict(X) == y).mean()) > 0.9
    (5, True)
    """

    def __init__(self, estimator=None, n_members=5, vote="majority", n_passes=1, random_state=None):
        self.estimator = estimator
        self.n_members = n_members
        self.vote = vote
        self.n_passes = n_passes
        self.random_state = random_state

    def fit(self, X, y, sample_weight=None):
        """Train every member on its own permutation of (X, y) for ``n_passes`` passes."""
        check_number("n_members", self.n_members, low=1, integer=True)
        check_number("n_passes", self.n_passes, low=1, integer=True)
        check_choice("vote", self.vote, VOTES)
        if self.estimator is None:
            raise ValueError("Committee needs an estimator to clone, e.g. Committee(MultiVectorPerceptron()).")
        X = X.tocsr() if sp.issparse(X) else np.asarray(X, dtype=float)
        y = np.asarray(y)
        rng = check_random_state(self.random_state)
        self.classes_, counts = np.unique(y, return_counts=True)
        self.class_frequency_ = counts / counts.sum()
        self.members_ = []
        for _ in range(int(self.n_members)):
            member = clone(self.estimator)
            if "shuffle" in member.get_params():
                member.set_params(shuffle=True, random_state=int(rng.randint(2**31 - 1)))
            if "n_passes" in member.get_params():
                member.set_params(n_passes=int(self.n_passes))
            order = rng.permutation(len(y))
            weights = None if sample_weight is None else np.asarray(sample_weight)[order]
            self.members_.append(member.fit(X[order], y[order], sample_weight=weights))
        self.n_features_in_ = X.shape[1]
        return self

    def member_predictions(self, X) -> np.ndarray:
        """Every member's predicted class index, shape (n_members, n_rows)."""
        check_is_fitted(self, "members_")
        return np.array([np.searchsorted(self.classes_, m.predict(X)) for m in self.members_])

    def predict(self, X):
        votes = self.member_predictions(X)
        k = len(self.classes_)
        counts = np.zeros((votes.shape[1], k), dtype=int)
        for row in votes:
            counts[np.arange(votes.shape[1]), row] += 1
        if self.vote == "majority":
            return self.classes_[np.argmax(counts, axis=1)]
        rarity = np.where(counts > 0, self.class_frequency_[None, :], np.inf)
        return self.classes_[np.argmin(rarity, axis=1)]

    def predict_one(self, x):
        return self.predict(np.asarray(x, dtype=float).reshape(1, -1))[0]
