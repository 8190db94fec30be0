"""The weight-bounded perceptron: OOZ with two classes (seed 004, appendix).

Non-negative features (rows scaled to unit length).  Each feature keeps one
weight w_i ∈ [0, 1], its share towards the seed's "class 1", which is our
positive class ``classes_[1]``; the other 1 − w_i goes to ``classes_[0]``
(the seed's class 2).  All weights start at ½.  The class scores are
s_1 = Σ w_i x_i and s_2 = Σ (1 − w_i) x_i, so the decision score is
s_1 − s_2 = Σ (2w_i − 1) x_i.  An update happens iff the true class does not
score strictly more (y·(s_1 − s_2) ≤ 0, a tie counts as a mistake): w_i moves
by β·x_i towards the true class, clipped to [0, 1].

Seed 004 (appendix) shows that the squared distance ‖W − W*‖² to a bounded
separator W* with margin s_true − s_other ≥ uβ (u > 2) drops by at least
(u − 2)β² per update, hence O(R·‖W* − ½‖²/β²) mistakes (R = max ‖x‖²).
"""

from __future__ import annotations

import numpy as np

from ._base import OnlineClassifier
from ._fast import trial_outputs, weight_bounded_pass
from ._linear import append_constant, unit_rows
from ._validation import check_bound, check_flag, check_number, largest_abs


class WeightBoundedPerceptron(OnlineClassifier):
    """Binary perceptron with weights bounded in [0, 1] on non-negative features.

    Parameters
    ----------
    beta : float, default=0.1
        Learning rate β ∈ (0, 1].
    normalize : bool, default=True
        Scale every row to unit Euclidean length, as the seed assumes.
    fit_intercept : bool, default=False
        Append a constant feature 1 (it gets a bounded weight too).
    n_passes, shuffle, random_state
        Online passes made by ``fit`` and their order.

    Attributes
    ----------
    weights_ : ndarray of shape (n_features,) (n_features + 1 with the intercept)
        Each feature's share w_i towards ``classes_[1]`` (the seed's class 1).
    coef_ : ndarray of shape (1, n_features)
        2·w − 1: the decision score's coefficients (intercept excluded).
    intercept_ : ndarray of shape (1,)
        2·w_const − 1 with ``fit_intercept=True``, else 0.

    Notes
    -----
    ``learn_one`` records ``class_scores`` = (s_2, s_1), the scores of
    ``classes_[0]`` and ``classes_[1]`` before the update, and ``weight_moved``
    = Σ_i |Δw_i|.  ``sample_weight`` only enters the loss accounting.

    References
    ----------
    Seed 004: Madani & Huang, appendix A (convergence of OOZ with two classes).

    Examples
    --------
    >>> import numpy as np
    >>> from learners import WeightBoundedPerceptron
    >>> X = np.array([[1.0, 0.1], [0.1, 1.0]] * 10); y = np.array([1, 0] * 10)
    >>> model = WeightBoundedPerceptron(beta=0.3).fit(X, y)
    >>> model.predict(X[:2]).tolist(), bool(np.all((0 <= model.weights_) & (model.weights_ <= 1)))
    ([1, 0], True)

    One trial on x = (3, 4), scaled to (0.6, 0.8): the two classes tie at 0.7,
    which counts as a mistake, and both weights move by β·x_i towards class 1:

    >>> record = WeightBoundedPerceptron(beta=0.5).learn_one([3.0, 4.0], 1, classes=[0, 1])
    >>> record.update["class_scores"], record.mistake, record.weights_after.tolist()
    ((0.7, 0.7), True, [0.8, 0.9])
    """

    _binary_only = True
    _positive_only = True

    def __init__(self, beta=0.1, normalize=True, fit_intercept=False, n_passes=1, shuffle=False,
                 random_state=None):
        self.beta = beta
        self.normalize = normalize
        self.fit_intercept = fit_intercept
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        # Bounded non-negative shares cannot fit the dense blobs of scikit-learn's accuracy
        # check; the tag says so (our tests check it learns separable non-negative data).
        tags.classifier_tags.poor_score = True
        return tags

    def _check_params(self):
        super()._check_params()
        check_number("beta", self.beta, low=0, high=1, low_open=True)
        check_flag("normalize", self.normalize)
        check_flag("fit_intercept", self.fit_intercept)

    def _setup(self, n_features):
        self._kind = "binary"
        self._w = np.full(n_features + int(bool(self.fit_intercept)), 0.5)

    def _features(self, X):
        F = append_constant(X, self.fit_intercept)
        return unit_rows(F) if self.normalize else F

    def _scores(self, F):
        return F @ (2.0 * self._w - 1.0)[:, None]

    def _weights(self):
        return self._w.copy()

    def _run(self, F, y_index, weights):
        F = np.ascontiguousarray(F, dtype=np.float64)
        # weights stay in [0, 1], so |score| ≤ ‖x‖₁ ≤ d·max|x| (only without normalize can that be large)
        top = largest_abs(F)
        check_bound(top * F.shape[1], "The weight-bounded scores Σ (2w_i − 1)·x_i",
                    f"largest |x| = {top:g}, {F.shape[1]} features", "Scale the features down, or use normalize=True.")
        out = trial_outputs(F.shape[0])
        y_sign = np.where(np.asarray(y_index) == 1, 1.0, -1.0)
        weight_bounded_pass(F, y_sign, self._w, float(self.beta), out["prediction"], out["margin"],
                            out["mistake"], out["step"])
        out["updated"] = out["step"] > 0.0
        return out

    def _trial(self, f, y_index, weight):
        """One trial through the loop ``fit`` uses; the record shows both class scores."""
        class_1 = float(f @ self._w)                 # s_1, the share of classes_[1]
        class_2 = float(f @ (1.0 - self._w))         # s_2, the share of classes_[0]
        out = self._run(f[None, :], np.array([y_index]), np.array([weight]))
        outcome = (int(out["prediction"][0]), float(out["margin"][0]), bool(out["mistake"][0]))
        y = 1.0 if y_index == 1 else -1.0
        info = {"beta": float(self.beta), "y": y, "class_scores": (class_2, class_1),
                "weight_moved": float(out["step"][0])}
        return np.array([y * outcome[1]]), outcome, bool(out["updated"][0]), info

    @property
    def weights_(self) -> np.ndarray:
        if not hasattr(self, "_w"):
            raise AttributeError("weights_ exists only after fitting")
        return self._w.copy()

    @property
    def coef_(self) -> np.ndarray:
        return (2.0 * self.weights_ - 1.0)[None, : self.n_features_in_]

    @property
    def intercept_(self) -> np.ndarray:
        return np.array([2.0 * self._w[-1] - 1.0]) if self.fit_intercept else np.zeros(1)
