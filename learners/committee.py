"""Committees of online learners (seed 004, Algorithm 1 and eq. (3)).

J members, each a clone of one online learner; member j sees the training
rows in its own permutation Perm(1..T; s_j) (seed s_j drawn from
``random_state``) and makes P passes over that order.  The committee predicts

* ``vote="majority"``: c_maj(x) = argmax_c Σ_j 1[M_j(x) = c], ties to the
  lowest class index (the lab's convention);
* ``vote="min_frequency"``: c_min(x) = M_i(x) with i = argmin_j Freq(M_j(x)),
  the member whose predicted class is rarest in the training set (ties to the
  first such member).  Seed 004 found it best for macro-F1, slightly behind
  the majority in accuracy.

Seed 004 reports ≈ 0.5% accuracy gained by 12 models on its 12,000-class task.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.utils import get_tags
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from ._validation import (MAX_PASSES, check_choice, check_number, check_random_state, check_sample_weight,
                          numbers_as_floats)

#: the largest committee
MAX_MEMBERS = 1000

VOTES = ("majority", "min_frequency")


class Committee(ClassifierMixin, BaseEstimator):
    """A committee of online learners voting on each prediction (seed 004, Algorithm 1).

    Parameters
    ----------
    estimator : classifier
        The member template, cloned ``n_members`` times.  Its ``n_passes`` is
        set to the committee's and its ``shuffle`` to False (each member keeps
        its own permutation in every pass, as in Algorithm 1); a learner without
        ``n_passes`` makes its extra passes with ``partial_fit``.
    n_members : int, default=5
        J, the committee size, in [1, 1000].
    vote : {"majority", "min_frequency"}, default="majority"
        How the members' predictions are combined (see the module docstring).
    n_passes : int, default=1
        P, the passes each member makes over its permutation, in [1, 100000].
    random_state : int, RandomState or None
        Draws the members' permutation seeds s_j.

    Attributes
    ----------
    members_ : list of fitted classifiers
    seeds_ : ndarray of shape (n_members,)
        The permutation seed s_j of every member.
    classes_ : ndarray of shape (n_classes,)
    class_frequency_ : ndarray of shape (n_classes,)
        Freq(c): the share of class c in the training set.
    n_features_in_ : int

    References
    ----------
    Seed 004: Madani & Huang, §2.3, Algorithm 1 and eq. (3).

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
    >>> committee.member_predictions(X[:1]).shape
    (5, 1)
    """

    def __init__(self, estimator=None, n_members=5, vote="majority", n_passes=1, random_state=None):
        self.estimator = estimator
        self.n_members = n_members
        self.vote = vote
        self.n_passes = n_passes
        self.random_state = random_state

    def __sklearn_tags__(self):
        """The members' input and classifier tags (non-negative or sparse input, binary only, ...)."""
        tags = super().__sklearn_tags__()
        if self.estimator is not None:
            member = get_tags(self.estimator)
            tags.input_tags = member.input_tags
            tags.classifier_tags = member.classifier_tags
        return tags

    def _check_params(self) -> None:
        check_number("n_members", self.n_members, low=1, high=MAX_MEMBERS, integer=True)
        check_number("n_passes", self.n_passes, low=1, high=MAX_PASSES, integer=True)
        check_choice("vote", self.vote, VOTES)
        if self.estimator is None or not hasattr(self.estimator, "fit"):
            raise ValueError("Committee needs a classifier to clone, e.g. "
                             f"Committee(MultiVectorPerceptron()); got estimator={self.estimator!r}.")

    def _train_member(self, seed, X, y, weights):
        member = clone(self.estimator)
        params = member.get_params()
        passes = int(self.n_passes)
        if "n_passes" in params:
            member.set_params(n_passes=passes)
        if "shuffle" in params:
            member.set_params(shuffle=False)
        order = np.random.RandomState(seed).permutation(y.shape[0])
        X_member, y_member = X[order], y[order]
        extra = {} if weights is None else {"sample_weight": weights[order]}
        member.fit(X_member, y_member, **extra)
        if "n_passes" not in params:
            if passes > 1 and not hasattr(member, "partial_fit"):
                raise ValueError(f"{type(member).__name__} has neither n_passes nor partial_fit, so it "
                                 f"cannot make {passes} passes; use n_passes=1.")
            for _ in range(passes - 1):
                member.partial_fit(X_member, y_member, **extra)
        return member

    def fit(self, X, y, sample_weight=None):
        """Train every member on its own permutation of (X, y) for ``n_passes`` passes."""
        self._check_params()
        with numbers_as_floats("X"):
            X, y = validate_data(self, X, y, accept_sparse="csr", dtype=np.float64)
        check_classification_targets(y)
        weights = None if sample_weight is None else check_sample_weight(sample_weight, X.shape[0])
        self.classes_, counts = np.unique(y, return_counts=True)
        if self.classes_.size < 2:
            raise ValueError(f"Committee needs at least two classes to learn from; the labels hold one "
                             f"class only ({self.classes_.tolist()}).")
        self.class_frequency_ = counts / counts.sum()
        rng = check_random_state(self.random_state)
        self.seeds_ = rng.randint(np.iinfo(np.int32).max, size=int(self.n_members))
        X = X.tocsr() if sp.issparse(X) else X
        self.members_ = [self._train_member(seed, X, y, weights) for seed in self.seeds_]
        return self

    def member_predictions(self, X) -> np.ndarray:
        """Every member's predicted class *index* into ``classes_``, shape (n_members, n_rows)."""
        check_is_fitted(self, "members_")
        with numbers_as_floats("X"):
            X = validate_data(self, X, reset=False, accept_sparse="csr", dtype=np.float64)
        return np.array([np.searchsorted(self.classes_, member.predict(X)) for member in self.members_])

    def _combine(self, votes: np.ndarray) -> np.ndarray:
        """Class indices chosen from the members' votes (n_members, n_rows)."""
        n_rows = votes.shape[1]
        if self.vote == "majority":
            counts = np.zeros((n_rows, len(self.classes_)), dtype=np.int64)
            for row in votes:
                counts[np.arange(n_rows), row] += 1
            return np.argmax(counts, axis=1)
        first_rarest = np.argmin(self.class_frequency_[votes], axis=0)
        return votes[first_rarest, np.arange(n_rows)]

    def predict(self, X):
        """The committee's vote for every row of X."""
        chosen = self._combine(self.member_predictions(X))
        return self.classes_[chosen]

    def predict_one(self, x):
        """The committee's vote for one instance."""
        return self.predict(np.asarray(x, dtype=float).reshape(1, -1))[0]
