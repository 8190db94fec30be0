"""Perceptron and Importance-Weighted Perceptron (binary).

Perceptron (seeds 001, 003; Rosenblatt 1958): w_1 = 0; on a mistake,
y_t·(w_t·x_t) <= 0, update w_{t+1} = w_t + η·y_t·x_t.

Importance-Weighted Perceptron, IWP (seed 000, §2.3): on a mistake,
w_{t+1} = w_t + c_t·y_t·x_t, where c_t is the importance weight.  Trial by
trial it equals scikit-learn's ``Perceptron(eta0=1, shuffle=False,
max_iter=1, tol=None)`` fitted with ``sample_weight=c``.

Bounds (see :mod:`learners.bounds`): Novikoff R²‖u‖²/γ² (seed 003, Thm 2.1),
Freund–Schapire (seed 003, Thm 2.2), Gentile L + C + √(LC) (seed 000, Thm 1),
and for IWP Theorem 3, L + c_max·C + √(c_max·L·C) (seed 000).
"""

from __future__ import annotations

import numpy as np

from ._fast import binary_perceptron_pass
from ._linear import LinearOnlineClassifier, check_additive_growth
from ._validation import MAX_STEP, check_flag, check_number


class Perceptron(LinearOnlineClassifier):
    """The classic binary Perceptron, stepping one trial at a time.

    ``sample_weight`` only enters the loss accounting (``weighted_loss_``);
    the update ignores it (contrast :class:`ImportanceWeightedPerceptron`).

    Parameters
    ----------
    eta : float, default=1.0
        Step size η ∈ (0, 10⁶].  From w_1 = 0 it only rescales w, so predictions and
        mistakes do not depend on it.
    fit_intercept : bool, default=True
        Append the constant feature 1 (the threshold becomes a weight).
    normalize : bool, default=False
        Scale every (augmented) instance to unit length first, as in seed 001,
        so that R = 1 and the Novikoff bound reads 1/γ².
    n_passes : int, default=1
        Online passes made by ``fit``, in [1, 100000].
    shuffle : bool, default=False
        Present the rows of every pass in a random order.
    random_state : int, RandomState or None
        Seed of the shuffling.

    Attributes
    ----------
    coef_, intercept_ : ndarray of shape (1, n_features), (1,)
    classes_ : ndarray of shape (2,)
    history_ : dict of per-trial arrays
    mistakes_, weighted_loss_ : int, float

    Notes
    -----
    Before a block of trials (a pass of ``fit``, a ``partial_fit``, a
    ``learn_one``) the learner bounds the largest score those trials can reach,
    (‖w‖ + √n·η·c_max·R)·R with R ≥ ‖x‖, and refuses the block with a
    ``ValueError`` when it could pass 10³⁰⁰: weights and scores never become
    ±inf or NaN.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import Perceptron
    >>> X = np.array([[2.0, 1.0], [-1.0, -2.0], [1.5, 2.0], [-2.0, -0.5]])
    >>> y = np.array([1, 0, 1, 0])
    >>> model = Perceptron().fit(X, y)
    >>> model.mistakes_, model.predict(X).tolist()
    (1, [1, 0, 1, 0])
    """

    _binary_only = True

    def __init__(self, eta=1.0, fit_intercept=True, normalize=False, n_passes=1,
                 shuffle=False, random_state=None):
        self.eta = eta
        self.fit_intercept = fit_intercept
        self.normalize = normalize
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_number("eta", self.eta, low=0, high=MAX_STEP, low_open=True)
        check_flag("fit_intercept", self.fit_intercept)
        check_flag("normalize", self.normalize)

    #: whether a mistake moves w by η·c_t·y·x (IWP) rather than η·y·x — the one name of this flag in the lab
    importance_weighted = False

    def _check_block(self, F, weights):
        c = float(np.max(weights, initial=0.0)) if self.importance_weighted else 1.0
        check_additive_growth(self, F, float(self.eta) * c, 1, "The perceptron update η·c·x",
                              lambda: f"η = {self.eta:g}" + (f", largest c = {c:g}" if self.importance_weighted
                                                             else ""))

    def _compiled_pass(self, F, y_index, weights, out):
        y_sign = np.where(y_index == 1, 1.0, -1.0)
        binary_perceptron_pass(F, y_sign, weights, self._W, float(self.eta), self.importance_weighted,
                               out["prediction"], out["margin"], out["mistake"], out["step"])


class ImportanceWeightedPerceptron(Perceptron):
    """Importance-Weighted Perceptron (IWP, seed 000): the update is scaled by c_t.

    On a mistake w ← w + η·c_t·y_t·x_t (η = 1 in the paper).  Its weighted
    loss obeys Theorem 3 of seed 000: Loss ≤ L + c_max·C + √(c_max·L·C) with
    L = Σ_t c_t(1 − y_t u·x_t)₊ and C = R²‖u‖².

    Examples
    --------
    >>> import numpy as np
    >>> from learners import ImportanceWeightedPerceptron
    >>> X = np.array([[1.0, 0.0], [0.0, 1.0]]); y = np.array([1, 0])
    >>> model = ImportanceWeightedPerceptron(fit_intercept=False).fit(X, y, sample_weight=[3.0, 0.5])
    >>> model.coef_.tolist()
    [[3.0, -0.5]]
    """

    importance_weighted = True
