"""Multiclass perceptrons: multi-vector (MV) and all-pair (AP), seed 000.

MV (seed 000, §2.3): one vector w_r per class, predict ŷ = argmax_r w_r·x
(ties to the lowest index); on a mistake w_y += a·x and w_ŷ −= a·x, with
a = η (MV-Perceptron) or a = η·c_t (MV-IWP, ``importance_weighted=True``).

AP (seed 000, §4.1): antisymmetric pair vectors w^{ij} = −w^{ji}, score
h(x, r) = Σ_{j≠r} w^{rj}·x; on a mistake w^{yr} += a·x for every r ≠ y and
w^{ŷr} −= a·x for every r ≠ ŷ (so w^{yŷ} moves twice).

Lemma 3 of seed 000: from zero weights, AP's scores are exactly k times
MV's after every trial, so both predict identically forever.
"""

from __future__ import annotations

import numpy as np

from ._fast import multivector_pass
from ._linear import LinearOnlineClassifier, check_additive_growth
from ._validation import MAX_STEP, check_flag, check_number


class MultiVectorPerceptron(LinearOnlineClassifier):
    """Multi-vector perceptron (MV-Perceptron / MV-IWP), seed 000 §2.3.

    Parameters
    ----------
    importance_weighted : bool, default=False
        Scale the update by the importance weight c_t (MV-IWP).
    eta : float, default=1.0
        Step size η ∈ (0, 10⁶]; from zero weights it does not change any prediction.
    fit_intercept : bool, default=True
        Append the constant feature 1 (intercept = last column of the weights).
    n_passes, shuffle, random_state
        Online passes made by ``fit`` and their order.

    Attributes
    ----------
    coef_ : ndarray of shape (n_classes, n_features), or (1, n_features) for two
        classes (w_1 − w_0, so that ``decision_function`` > 0 means ``classes_[1]``).
    augmented_coef_ : ndarray of shape (n_classes, n_features + fit_intercept)
        The per-class vectors w_r themselves.

    Notes
    -----
    Before a block of trials the learner bounds the largest score those trials
    can reach, (‖W‖ + √(2n)·a·R)·R with a the largest step and R ≥ ‖x‖, and
    refuses the block with a ``ValueError`` when it could pass 10³⁰⁰.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import MultiVectorPerceptron
    >>> X = np.array([[3.0, 0.0], [0.0, 3.0], [-3.0, -3.0]] * 3)
    >>> y = np.array([0, 1, 2] * 3)
    >>> model = MultiVectorPerceptron().fit(X, y)
    >>> model.predict(X[:3]).tolist(), model.mistakes_
    ([0, 1, 2], 2)
    """

    _single_vector = False

    def __init__(self, importance_weighted=False, eta=1.0, fit_intercept=True, n_passes=1,
                 shuffle=False, random_state=None):
        self.importance_weighted = importance_weighted
        self.eta = eta
        self.fit_intercept = fit_intercept
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_number("eta", self.eta, low=0, high=MAX_STEP, low_open=True)
        check_flag("importance_weighted", self.importance_weighted)
        check_flag("fit_intercept", self.fit_intercept)

    def _check_block(self, F, weights):
        c = float(np.max(weights, initial=0.0)) if self.importance_weighted else 1.0
        scale = self._score_scale()
        step = float(self.eta) * scale * c

        def detail():
            return (f"η = {self.eta:g}" + (f", largest c = {c:g}" if self.importance_weighted else "")
                    + (f", times k = {scale:g} classes" if scale != 1.0 else ""))

        check_additive_growth(self, F, step, 2, "The perceptron update η·c·x", detail)

    #: the score rows move by this multiple of the MV step (k for the all-pair perceptron)
    def _score_scale(self) -> float:
        return 1.0

    def _compiled_pass(self, F, y_index, weights, out):
        multivector_pass(F, y_index, weights, self._W, float(self.eta) * self._score_scale(),
                         bool(self.importance_weighted), out["prediction"], out["margin"],
                         out["mistake"], out["step"])


class AllPairPerceptron(MultiVectorPerceptron):
    """All-pair perceptron (AP), seed 000 §4.1.

    Keeps the k·(k−1) antisymmetric pair vectors w^{ij} (``pair_coef_``, shape
    (k, k, n_features + fit_intercept), with w^{ii} = 0).  The class scores
    h(x, r) = Σ_{j≠r} w^{rj}·x are computed from the row sums of the pair
    tensor, maintained incrementally, so a trial costs O(k·n), not O(k²·n).
    ``decision_function`` returns these scores: k times those of
    :class:`MultiVectorPerceptron` on the same stream (Lemma 3).

    The pair tensor takes 8·k²·(n_features + 1) bytes: ``start``/``fit``
    refuse, with a ``ValueError`` saying how many classes would fit, a tensor
    (with the score rows) beyond 512 MiB — about 4,700 classes with two features.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import AllPairPerceptron, MultiVectorPerceptron
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(40, 2)); y = rng.integers(0, 3, 40)
    >>> ap = AllPairPerceptron().fit(X, y); mv = MultiVectorPerceptron().fit(X, y)
    >>> bool(np.allclose(ap.decision_function(X), 3 * mv.decision_function(X)))
    True
    """

    def _score_scale(self) -> float:
        return float(len(self.classes_))

    def _trial(self, f, y_index, weight):
        pairs = self._pairs  # the tensor before the trial (the compiled run resets the cache)
        scores, outcome, updated, info = super()._trial(f, y_index, weight)
        self._pairs_cache = pairs
        if updated:
            self._apply_pairs(f, y_index, outcome[0], info["step"] / self._score_scale())
        return scores, outcome, updated, info

    def _run(self, F, y_index, weights):
        out = super()._run(F, y_index, weights)
        self._pairs_cache = None
        return out

    _state_what = "the k·k pair vectors of n_features + 1 numbers (the pair tensor)"

    def _state_bytes(self, n_features, n_classes):
        return 8.0 * (n_classes * n_classes + n_classes) * (n_features + 1)

    def _setup(self, n_features: int) -> None:
        super()._setup(n_features)
        k = len(self.classes_)
        self._pairs_cache = np.zeros((k, k, self._W.shape[1]))

    def _apply_pairs(self, f, y_index, prediction, step):
        """The pair rule of seed 000 §4.1, applied literally (used when stepping)."""
        pairs = self._pairs
        delta = step * f
        pairs[y_index] += delta          # w^{y r} += a x for r != y ...
        pairs[:, y_index] -= delta       # ... and w^{r y} = -w^{y r}
        pairs[y_index, y_index] = 0.0
        pairs[prediction] -= delta       # w^{ŷ r} -= a x for r != ŷ ...
        pairs[:, prediction] += delta    # ... and w^{r ŷ} = -w^{ŷ r}
        pairs[prediction, prediction] = 0.0

    @property
    def _pairs(self) -> np.ndarray:
        """The pair tensor; after a compiled pass it is rebuilt from the score rows.

        Every AP update adds a·x to w^{y·} and subtracts it from w^{ŷ·}, so
        w^{ij} = (h_i − h_j)/k where h_r = Σ_j w^{rj} are the score rows kept
        in ``_W`` (the equivalence of Lemma 3, seed 000).
        """
        if self._pairs_cache is None:
            rows = self._W / self._score_scale()
            self._pairs_cache = rows[:, None, :] - rows[None, :, :]
        return self._pairs_cache

    def _weights(self) -> np.ndarray:
        return self._pairs.copy()

    @property
    def pair_coef_(self) -> np.ndarray:
        """The antisymmetric pair vectors w^{ij}, shape (k, k, n_features + fit_intercept)."""
        if not hasattr(self, "_pairs"):
            raise AttributeError("pair_coef_ exists only after fitting")
        return self._pairs
