"""Learning from expert advice: Weighted Majority and Randomized Weighted Majority (seed 001).

Every trial, N experts advise 0 or 1, the learner predicts, then the outcome
is revealed.  ``X`` is the advice matrix (trials × experts, entries 0/1) and
``y`` the outcomes (0/1).  Both outcomes are always possible, so
``classes_`` is ``[0, 1]`` even when a stream shows only one of them.

**Weighted Majority, WM** (seed 001).  Weights start at 1.  Predict 1 iff
Σ_{i advises 1} w_i ≥ Σ_{i advises 0} w_i (a tie goes to 1); then multiply the
weight of every wrong expert by β.  Bound: M ≤ (m ln(1/β) + ln N)/ln(2/(1+β)),
m = mistakes of the best expert so far (β = ½: M ≤ 2.41(m + log₂ N)).

**Randomized Weighted Majority, RWM** (seed 001).  Follow expert i with
probability w_i/W; multiply the weight of every wrong expert by (1 − ε).  Its
expected mistakes M = Σ_t F_t, F_t the fraction of the weight on wrong
experts at trial t, satisfy M ≤ (−ln(1−ε)/ε)·m + ln N/ε ≤ (1+ε)m + ln N/ε
for ε ∈ (0, ½].  The **doubling trick** guesses m̂ = 4 ln N with ε = ½; once
every expert has made at least m̂ mistakes in the current phase, it doubles
m̂, sets ε = √(ln N/m̂) (at most ½) and restarts the weights.

Numerics.  A weight is stored as its number c_i of penalties in the phase,
w_i = f^{c_i} with f = β or 1 − ε, so ln w_i = c_i ln f exactly and a run of
millions of trials never overflows or produces NaN.  Votes are sums of the
relative weights f^{c_i − min_j c_j} (the heaviest expert weighs exactly 1):
the log-sum-exp trick with the shift min_j c_j, evaluated with powers of f,
so for β = ½ every vote of the lecture's table is exact.  One compiled loop
(:func:`experts_pass`) serves ``fit``, ``partial_fit`` and ``learn_one``, so
stepping and fitting agree bit for bit.

Examples
--------
>>> import numpy as np
>>> from learners import WeightedMajority
>>> advice = np.array([[1, 1, 0, 0, 0, 0], [0, 1, 1, 1, 1, 0]])   # seed 001's table
>>> wm = WeightedMajority(beta=0.5).fit(advice, [1, 0])
>>> wm.history_["prediction"].tolist(), wm.weights_.tolist()
([0, 1], [1.0, 0.5, 0.25, 0.25, 0.25, 0.5])
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np
from sklearn.base import ClassifierMixin
from sklearn.utils.validation import check_is_fitted

from ._base import HISTORY_FIELDS, OnlineLearner, TrialRecord
from ._fast import njit
from ._validation import (check_flag, check_labels, check_number, check_random_state, check_sample_weight,
                          check_weight, describe)

#: per-trial arrays of ``WeightedMajority.history_``
WM_HISTORY = HISTORY_FIELDS + ("outcome", "vote_for_one", "expected_loss", "best_expert_mistakes")
#: per-trial arrays of ``RandomizedWeightedMajority.history_``
RWM_HISTORY = WM_HISTORY + ("followed_expert", "cum_expected_mistakes", "phase", "epsilon",
                            "m_hat", "restarted")

#: relative weights f^k for k below this are tabulated once per pass (the rest use pow)
_TABLE_SIZE = 1 << 14
#: the most experts a learner follows (two int64 counters each: 160 MB)
MAX_EXPERTS = 10_000_000


# --------------------------------------------------------------------------- compiled loop
@njit(cache=True)
def _power(factor, k):
    """f^k by the C library's pow (exact for f = ½), the one formula every path uses."""
    return factor ** np.float64(k)


@njit(cache=True)
def _power_table(factor, size):
    table = np.empty(size)
    for k in range(size):
        table[k] = _power(factor, k)
    return table


@njit(cache=True)
def _relative_weight(count, lowest, factor, table):
    """w_i / max_j w_j = f^{c_i − min_j c_j}."""
    k = count - lowest
    if k < table.shape[0]:
        return table[k]
    return _power(factor, k)


@njit(cache=True)
def _weight_sums(row, counts, lowest, factor, table):
    """Relative weight advising 1 and advising 0 (summed in expert order)."""
    one = 0.0
    zero = 0.0
    for i in range(row.shape[0]):
        w = _relative_weight(counts[i], lowest, factor, table)
        vote = row[i]             # 0/1: adding w·0 = 0.0 changes no sum (branch-free and fast)
        one += w * vote
        zero += w * (1 - vote)
    return one, zero


@njit(cache=True)
def _draw_expert(counts, lowest, factor, table, total, uniform):
    """Index i with probability w_i/W: the first whose cumulative weight exceeds uniform·W."""
    target = uniform * total
    cumulative = 0.0
    last = 0
    for i in range(counts.shape[0]):
        w = _relative_weight(counts[i], lowest, factor, table)
        if w > 0.0:
            cumulative += w
            last = i
            if target < cumulative:
                return i
    return last  # only reached through rounding in the last place


@njit(cache=True)
def experts_pass(advice, outcomes, adversary, counts, totals, state, randomized, doubling, uniforms,
                 prediction, mistake, vote_one, wrong_share, followed, phase, epsilon, best,
                 updated, restarted):
    """Run WM (``randomized=False``) or RWM over the rows of ``advice`` in order.

    ``counts`` (penalties in the current phase) and ``totals`` (all mistakes of
    every expert) are updated in place; ``state`` = [f, ε, m̂, phase, ln N].
    With ``adversary`` the outcome of each trial is chosen, before the update,
    against the weighted vote (0 iff the weight advising 1 is at least half)
    and written into ``outcomes``.  The other arrays receive per-trial outputs.
    """
    n_trials, n_experts = advice.shape
    factor = state[0]
    lowest = counts.min()
    table = _power_table(factor, min(counts.max() - lowest + n_trials + 1, _TABLE_SIZE))
    for t in range(n_trials):
        row = advice[t]
        one, zero = _weight_sums(row, counts, lowest, factor, table)
        total = one + zero
        if adversary:
            outcomes[t] = 0 if one >= zero else 1
        outcome = outcomes[t]
        vote_one[t] = one / total
        wrong_share[t] = (one if outcome == 0 else zero) / total
        if randomized:
            chosen = _draw_expert(counts, lowest, factor, table, total, uniforms[t])
            followed[t] = chosen
            guess = row[chosen]
        else:
            followed[t] = -1
            guess = 1 if one >= zero else 0
        prediction[t] = guess
        mistake[t] = guess != outcome
        phase[t] = int(state[3])
        epsilon[t] = state[1]
        n_wrong = 0
        lowest = counts[0] + 1 + n_trials
        lowest_total = totals[0] + 1 + n_trials
        for i in range(n_experts):
            wrong = np.int64(row[i] != outcome)
            counts[i] += wrong
            totals[i] += wrong
            n_wrong += wrong
            lowest = min(lowest, counts[i])
            lowest_total = min(lowest_total, totals[i])
        changed = n_wrong > 0
        best[t] = lowest_total
        updated[t] = changed
        restarted[t] = False
        if doubling and lowest >= state[2]:
            # every expert made ≥ m̂ mistakes in this phase: double m̂, retune ε, restart
            state[2] *= 2.0
            state[1] = min(0.5, np.sqrt(state[4] / state[2])) if state[4] > 0.0 else 0.5
            state[0] = 1.0 - state[1]
            state[3] += 1.0
            factor = state[0]
            counts[:] = 0
            lowest = 0
            table = _power_table(factor, min(n_trials - t + 1, _TABLE_SIZE))
            restarted[t] = True


@njit(cache=True)
def relative_sums_of(advice, counts, factor):
    """Relative weight advising 0 and advising 1 on every row (as the trial loop sums them)."""
    lowest = counts.min()
    table = _power_table(factor, min(counts.max() - lowest + 1, _TABLE_SIZE))
    sums = np.empty((advice.shape[0], 2))
    for t in range(advice.shape[0]):
        one, zero = _weight_sums(advice[t], counts, lowest, factor, table)
        sums[t, 0] = zero
        sums[t, 1] = one
    return sums


@njit(cache=True)
def draw_advice_of(advice, counts, factor, uniforms):
    """RWM's prediction on every row: the advice of an expert drawn with probability w_i/W."""
    lowest = counts.min()
    table = _power_table(factor, min(counts.max() - lowest + 1, _TABLE_SIZE))
    guesses = np.empty(advice.shape[0], np.int64)
    for t in range(advice.shape[0]):
        one, zero = _weight_sums(advice[t], counts, lowest, factor, table)
        guesses[t] = advice[t, _draw_expert(counts, lowest, factor, table, one + zero, uniforms[t])]
    return guesses


# --------------------------------------------------------------------------- validation
def _zero_one(name, values, what):
    try:
        array = np.asarray(values)
    except ValueError:
        raise ValueError(f"{name} must be a rectangular array of 0/1 numbers ({what}); "
                         "its rows have different lengths.") from None
    if array.dtype.kind not in "biuf":
        raise ValueError(f"{name} must hold the numbers 0 and 1 ({what}); got dtype {array.dtype}.")
    if array.dtype.kind in "iu":   # integers: a range check needs no temporary arrays
        valid = array.size == 0 or (array.min() >= 0 and array.max() <= 1)
    else:
        valid = array.dtype.kind == "b" or bool(np.all((array == 0) | (array == 1)))
    if not valid:
        bad = array[~((array == 0) | (array == 1))].flat[0]
        raise ValueError(f"{name} must hold only 0 and 1 ({what}); found {bad!r}. "
                         "Encode advice and outcomes as 0/1 (NaN and other values are not allowed).")
    return array.astype(np.int8, copy=False)


def check_advice(X, y=None, n_experts=None):
    """Validate an advice matrix (and outcomes); return them as int8 arrays.

    ``X`` must be 2-D (trials × experts) with at least one expert and entries
    0/1; ``y`` a 1-D array of 0/1 outcomes, one per row.

    >>> check_advice([[1, 0], [0, 0]], [1, 0])[0].tolist()
    [[1, 0], [0, 0]]
    """
    advice = _zero_one("The advice X", X, "rows = trials, columns = experts")
    if advice.ndim != 2:
        raise ValueError(f"The advice X must be 2-D (trials × experts); got shape {advice.shape}. "
                         "For a single trial use learn_one, or reshape(1, -1).")
    if advice.shape[1] < 1:
        raise ValueError("The advice X needs at least one expert (one column).")
    if n_experts is not None and advice.shape[1] != n_experts:
        raise ValueError(f"The learner follows {n_experts} experts but the advice has "
                         f"{advice.shape[1]} columns; give one column per expert.")
    advice = np.ascontiguousarray(advice)
    if y is None:
        return advice
    outcomes = _zero_one("The outcomes y", y, "one outcome per trial")
    if outcomes.ndim != 1:
        raise ValueError(f"The outcomes y must be 1-D (one per trial); got shape {outcomes.shape}.")
    if outcomes.shape[0] != advice.shape[0]:
        raise ValueError(f"The advice has {advice.shape[0]} rows but there are {outcomes.shape[0]} "
                         "outcomes; give exactly one outcome per trial.")
    if advice.shape[0] == 0:
        raise ValueError("There are no trials: give at least one row of advice and its outcome.")
    return advice, np.ascontiguousarray(outcomes)


def _required(learner, y):
    if y is None:
        raise ValueError(f"{type(learner).__name__} requires y to be passed, but the target y is None: "
                         "give the outcomes (0/1), one per trial.")
    return y


def _one_row(advice, n_experts=None) -> np.ndarray:
    """The advice of one trial as a (1, N) int8 matrix."""
    row = _zero_one("The advice", advice, "one 0/1 entry per expert")
    if row.ndim == 2 and row.shape[0] == 1:
        row = row[0]
    if row.ndim != 1:
        raise ValueError(f"Give the advice of one trial as a vector (one 0/1 entry per expert); "
                         f"got shape {row.shape}.")
    return check_advice(row[None, :], None, n_experts)


def _check_classes(classes) -> None:
    """The classes of an expert learner are 0 and 1: a stream's may be a subset of them."""
    if not np.all(np.isin(check_labels(classes), (0, 1))):
        raise ValueError(f"classes must be a subset of [0, 1] (advice and outcomes are 0/1); "
                         f"got {np.asarray(classes).tolist()}.")


def _check_outcome(outcome) -> int:
    if isinstance(outcome, (bool, np.bool_)) or (isinstance(outcome, numbers.Real) and outcome in (0, 1)):
        return int(outcome)
    raise ValueError(f"The outcome must be 0 or 1; got {describe(outcome)}.")


def _new_block(n: int) -> dict:
    """Per-trial arrays of n trials (filled by :func:`experts_pass` and ``_learn``): the columns every
    learner's :class:`learners._base.TrialLog` holds (``truth`` is the outcome) and the experts' own."""
    return {
        "prediction": np.empty(n, np.int8), "mistake": np.empty(n, np.bool_),
        "vote_for_one": np.empty(n), "expected_loss": np.empty(n),
        "followed_expert": np.empty(n, np.int64), "phase": np.empty(n, np.int64),
        "epsilon": np.empty(n), "best_expert_mistakes": np.empty(n, np.int64),
        "updated": np.empty(n, np.bool_), "restarted": np.empty(n, np.bool_),
        "truth": np.empty(n, np.int8), "weight": np.empty(n), "margin": np.empty(n),
        "sample_index": np.empty(n, np.int64), "pass_index": np.empty(n, np.int64),
    }


# --------------------------------------------------------------------------- the record
@dataclass(frozen=True, kw_only=True)
class ExpertTrialRecord(TrialRecord):
    """What happened in one trial of an expert learner: the common :class:`learners._base.TrialRecord`
    (all weights are before normalising) and the experts' own numbers.

    Attributes
    ----------
    trial : int
        1-based trial number since the learner was (re)started.
    x, features : ndarray of int
        The experts' advice (0/1), also as ``advice``.
    truth, prediction : int
        The true outcome (also as ``outcome``) and the learner's prediction (RWM: the followed expert's advice).
    weight : float
        Importance weight of the trial (enters only ``weighted_loss_``).
    scores : ndarray
        The vote shares (``vote_for_zero``, ``vote_for_one``).
    mistake : bool
    weight_for_zero, weight_for_one : float
        Σ w_i over the experts advising 0 (resp. 1), before the update.  Real
        weights: in very long runs they may underflow to 0.0 (the fractions do not).
    vote_for_zero, vote_for_one : float
        The same as fractions of the total weight W (they sum to 1).
    margin : float
        Share of the weight on the outcome minus share against it, 1 − 2·F_t.
    wrong_experts : ndarray of bool
        Which experts erred (their weights get multiplied by β or 1 − ε).
    expected_loss : float
        F_t, the fraction of the weight on wrong experts: RWM's probability of
        a mistake; WM errs only when F_t ≥ ½.
    updated : bool
        Whether any weight changed (some expert erred, or the weights restarted).
    weights_before, weights_after : ndarray
        The experts' weights before and after the trial.
    weights_penalized : ndarray
        The weights the trial's update gives, w_i ← f·w_i for the wrong experts (f = β or 1 − ε): the weights
        after the trial, except on a doubling trick's restart, which then sets every weight to 1.
    followed_expert : int or None
        RWM: the expert drawn (with probability w_i/W).  None for WM.
    epsilon, m_hat : float or None
        RWM: ε and the guess m̂ of this trial's phase (m̂ = inf without doubling).
    phase : int
        Phase of the doubling trick (0 otherwise).
    restarted : bool
        The doubling trick restarted the weights after this trial.
    update : dict
        ``factor`` (β or 1 − ε) and ``penalized`` (number of wrong experts).
    """

    weight_for_zero: float
    weight_for_one: float
    vote_for_zero: float
    vote_for_one: float
    wrong_experts: np.ndarray
    expected_loss: float
    weights_penalized: np.ndarray | None = None
    followed_expert: int | None = None
    epsilon: float | None = None
    m_hat: float | None = None
    phase: int = 0
    restarted: bool = False

    @property
    def advice(self) -> np.ndarray:
        """The experts' advice (the record's ``x``)."""
        return self.x

    @property
    def outcome(self) -> int:
        """The true outcome (the record's ``truth``)."""
        return self.truth


# --------------------------------------------------------------------------- shared loop
class _ExpertLearner(ClassifierMixin, OnlineLearner):
    """The online contract of the lab for learners from expert advice (see the module docstring); the
    counting of mistakes and loss, the parameters ``n_passes``/``shuffle`` and their passes are
    :class:`learners._base.OnlineLearner`'s, shared with the classifiers."""

    _randomized = False
    _history_fields = WM_HISTORY

    # ------------------------------------------------------------------ set-up
    def _initial_state(self, n_experts: int) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags

    def start(self, n_experts: int, n_features: int | None = None):
        """Reset for stepping: ``n_experts`` experts (1 to 10⁷) of weight 1, trial 0, empty history.

        Also callable as the classifiers' ``start(classes, n_features)`` (as :class:`lab.runner.Run`
        starts every learner): ``classes`` must then be a subset of {0, 1} and ``n_features`` is N.
        """
        if n_features is not None:
            _check_classes(n_experts)
            n_experts = n_features
        self._check_params()
        check_number("n_experts", n_experts, low=1, high=MAX_EXPERTS, integer=True)
        self.classes_ = np.array([0, 1])
        self.n_experts_ = self.n_features_in_ = int(n_experts)
        self._counts = np.zeros(self.n_experts_, dtype=np.int64)
        self._totals = np.zeros(self.n_experts_, dtype=np.int64)
        self._state = self._initial_state(self.n_experts_)
        self._start_state = self._state.copy()
        self._rng = check_random_state(self.random_state)
        if self._randomized:
            self._predict_seed = int(self._rng.randint(2**31 - 1))
        self._new_log()
        self._history = None
        return self

    def _started(self) -> bool:
        return hasattr(self, "_counts")

    # ------------------------------------------------------------------ learning
    def fit(self, X, y, sample_weight=None):
        """Start with weights 1 and make ``n_passes`` passes over the trials (rows).

        Rows come in the given order, or in a fresh random order on every pass
        when ``shuffle=True`` (seeded by ``random_state``).  ``sample_weight``
        holds importance weights c_t; they only enter ``weighted_loss_``.
        """
        self._check_params()
        advice, outcomes = check_advice(X, _required(self, y))
        weights = check_sample_weight(sample_weight, advice.shape[0])
        self.start(advice.shape[1])
        n = advice.shape[0]
        for order in self._pass_orders(n, self.n_passes):
            if order is None:
                order = np.arange(n)
            self._learn(advice[order], outcomes[order], weights[order], order)
        return self

    def partial_fit(self, X, y, classes=None, sample_weight=None):
        """Continue (or start) with one pass over the trials of X in order.

        ``classes`` may be given for scikit-learn compatibility; it must be a
        subset of {0, 1}, the classes every expert learner has.
        """
        if classes is not None:
            _check_classes(classes)
        advice, outcomes = check_advice(X, _required(self, y), self.n_experts_ if self._started() else None)
        weights = check_sample_weight(sample_weight, advice.shape[0])
        if not self._started():
            self.start(advice.shape[1])
        self._learn(advice, outcomes, weights, np.arange(advice.shape[0]))
        return self

    def partial_fit_adversarial(self, X, sample_weight=None) -> np.ndarray:
        """Continue with the advice rows of X, an adversary choosing every outcome.

        The adversary picks 0 when the weight advising 1 is at least half,
        else 1 — the opposite of WM's prediction, hence a WM mistake on every
        trial and F_t ≥ ½ for RWM.  Returns the outcomes it chose, so that
        ``fit(X, outcomes)`` on a fresh learner replays the same run.

        >>> from learners import WeightedMajority
        >>> wm = WeightedMajority().start(3)
        >>> wm.partial_fit_adversarial([[1, 0, 0], [1, 1, 0], [0, 0, 1]]).tolist(), wm.mistakes_
        ([1, 0, 1], 3)
        """
        advice = check_advice(X, None, self.n_experts_ if self._started() else None)
        if advice.shape[0] == 0:
            raise ValueError("There are no trials: give at least one row of advice.")
        weights = check_sample_weight(sample_weight, advice.shape[0])
        if not self._started():
            self.start(advice.shape[1])
        outcomes = np.zeros(advice.shape[0], dtype=np.int8)
        self._learn(advice, outcomes, weights, np.arange(advice.shape[0]), adversary=True)
        return outcomes.astype(np.int64)

    def _learn(self, advice, outcomes, weights, sample_index, adversary=False, pass_index=None) -> dict:
        n = advice.shape[0]
        block = _new_block(n)
        uniforms = self._rng.random_sample(n) if self._randomized else np.zeros(n)
        experts_pass(advice, outcomes, adversary, self._counts, self._totals, self._state,
                     self._randomized, bool(getattr(self, "doubling", False)), uniforms,
                     block["prediction"], block["mistake"], block["vote_for_one"], block["expected_loss"],
                     block["followed_expert"], block["phase"], block["epsilon"],
                     block["best_expert_mistakes"], block["updated"], block["restarted"])
        block["truth"][:] = outcomes
        block["weight"][:] = weights
        block["margin"][:] = 1.0 - 2.0 * block["expected_loss"]   # share on the outcome − share against it
        block["sample_index"][:] = sample_index
        block["pass_index"][:] = self._passes_done if pass_index is None else pass_index
        if pass_index is None:
            self._passes_done += 1
        self._log.add_block(block)
        return block

    def learn_one(self, advice, outcome, weight=1.0) -> ExpertTrialRecord:
        """One trial: the experts advise ``advice`` (a 0/1 vector), the truth is ``outcome``.

        Starts the learner (with ``len(advice)`` experts) on the first call.
        """
        row = _one_row(advice, self.n_experts_ if self._started() else None)
        outcome = _check_outcome(outcome)
        weight = check_weight(weight)
        if not self._started():
            self.start(row.shape[1])
        factor = float(self._state[0])
        m_hat = float(self._state[2])
        before, penalties = self.weights_, self._counts.copy()
        sums = relative_sums_of(row, self._counts, factor)[0]
        block = self._learn(row, np.array([outcome], np.int8), np.array([weight]), np.array([-1]),
                            pass_index=0)
        wrong = row[0] != outcome
        randomized = self._randomized
        advice = row[0].astype(np.int64)
        restarted = bool(block["restarted"][0])
        # w_i = f^{c_i}: the penalty counts this trial leaves, before a restart resets them (and f) for the next phase
        penalized = np.power(factor, (penalties + wrong).astype(float)) if restarted else self.weights_
        vote_for_zero, vote_for_one = float(sums[0] / (sums[0] + sums[1])), float(block["vote_for_one"][0])
        return ExpertTrialRecord(
            trial=self.n_trials_, x=advice, features=advice, truth=outcome,
            prediction=int(block["prediction"][0]), weight=weight, scores=np.array([vote_for_zero, vote_for_one]),
            margin=float(block["margin"][0]), mistake=bool(block["mistake"][0]), updated=bool(block["updated"][0]),
            weights_before=before, weights_after=self.weights_,
            weight_for_zero=float(before[row[0] == 0].sum()), weight_for_one=float(before[row[0] == 1].sum()),
            vote_for_zero=vote_for_zero, vote_for_one=vote_for_one, wrong_experts=wrong,
            expected_loss=float(block["expected_loss"][0]), weights_penalized=penalized,
            followed_expert=int(block["followed_expert"][0]) if randomized else None,
            epsilon=float(block["epsilon"][0]) if randomized else None,
            m_hat=m_hat if randomized else None, phase=int(block["phase"][0]),
            restarted=restarted,
            update={"factor": factor, "penalized": int(wrong.sum())})

    # ------------------------------------------------------------------ predicting
    def _check_rows(self, X) -> np.ndarray:
        check_is_fitted(self, "_counts")
        return check_advice(X, None, self.n_experts_)

    def _relative_sums(self, X) -> np.ndarray:
        return relative_sums_of(self._check_rows(X), self._counts, float(self._state[0]))

    def vote_shares(self, X) -> np.ndarray:
        """Fractions of the current weight advising 0 and 1 on each row, shape (n, 2).

        For RWM these are the probabilities of predicting 0 and 1.
        """
        sums = self._relative_sums(X)
        return sums / sums.sum(axis=1, keepdims=True)

    def weighted_vote(self, X) -> np.ndarray:
        """The weighted-majority vote on each row: 1 iff Σ_{advice 1} w ≥ Σ_{advice 0} w (ties → 1)."""
        sums = self._relative_sums(X)
        return (sums[:, 1] >= sums[:, 0]).astype(np.int64)

    def decision_function(self, X) -> np.ndarray:
        """Fraction of the weight advising 1, minus ½ (> 0: the vote says 1; 0: a tie, WM says 1)."""
        sums = self._relative_sums(X)
        return sums[:, 1] / (sums[:, 0] + sums[:, 1]) - 0.5

    def predict_one(self, advice) -> int:
        """The prediction on one advice vector, without learning from it."""
        check_is_fitted(self, "_counts")
        return int(self.predict(_one_row(advice, self.n_experts_))[0])

    # ------------------------------------------------------------------ accounting
    @property
    def log_weights_(self) -> np.ndarray:
        """ln w_i = c_i · ln f (c_i: penalties in the current phase; always finite)."""
        check_is_fitted(self, "_counts")
        return self._counts * np.log(self._state[0])

    @property
    def weights_(self) -> np.ndarray:
        """The experts' weights f^{c_i}: exact powers of f, tiny ones underflow to 0.0 (never NaN)."""
        check_is_fitted(self, "_counts")
        return np.power(self._state[0], self._counts.astype(float))

    @property
    def normalized_weights_(self) -> np.ndarray:
        """w_i / W, computed from relative weights (never 0/0)."""
        check_is_fitted(self, "_counts")
        relative = np.power(self._state[0], (self._counts - self._counts.min()).astype(float))
        return relative / relative.sum()

    @property
    def expert_mistakes_(self) -> np.ndarray:
        """Mistakes of every expert since the start."""
        check_is_fitted(self, "_counts")
        return self._totals.copy()

    def _extra_history(self, out: dict) -> None:
        """Hook for learner-specific history columns."""

    @property
    def history_(self) -> dict:
        """Per-trial arrays since the start (keys: ``WM_HISTORY`` / ``RWM_HISTORY``): the common ones of
        :class:`learners._base.TrialLog` (``mistakes_`` counts the actual predictions, RWM's random
        draws included), the outcome, and the experts' own columns."""
        check_is_fitted(self, "_counts")
        common = super().history_
        if self._history is None or self._history[0] is not common:
            out = {**{k: v[:0] for k, v in _new_block(0).items()}, **common}
            out["outcome"] = out["truth"]
            self._extra_history(out)
            self._history = (common, {k: out[k] for k in self._history_fields})
        return self._history[1]


class WeightedMajority(_ExpertLearner):
    """Weighted Majority (seed 001): a deterministic weighted vote of N experts.

    Predict 1 iff Σ_{advice 1} w_i ≥ Σ_{advice 0} w_i (ties → 1); multiply the
    weight of every wrong expert by β.  Mistake bound (seed 001):
    M ≤ (m ln(1/β) + ln N)/ln(2/(1+β)), m = the best expert's mistakes so far
    (:func:`learners.bounds.weighted_majority`).

    Parameters
    ----------
    beta : float, default=0.5
        Penalty factor β ∈ (0, 1) (the lecture halves: β = ½).
    n_passes : int, default=1
        Passes made by ``fit``.
    shuffle : bool, default=False
        Present the rows of every pass of ``fit`` in a random order.
    random_state : int, RandomState or None
        Seed of the shuffling.

    Attributes
    ----------
    classes_ : ndarray, always ``[0, 1]``
    n_experts_, n_features_in_ : int
    weights_, log_weights_, normalized_weights_ : ndarray of shape (n_experts,)
    expert_mistakes_ : ndarray of shape (n_experts,)
    mistakes_, weighted_loss_ : int, float
    history_ : dict of per-trial arrays (``WM_HISTORY``)

    Examples
    --------
    The lecture's table (seed 001):

    >>> from learners import WeightedMajority
    >>> wm = WeightedMajority()
    >>> first = wm.learn_one([1, 1, 0, 0, 0, 0], 1)
    >>> first.prediction, round(first.vote_for_zero, 4), wm.weights_.tolist()
    (0, 0.6667, [1.0, 1.0, 0.5, 0.5, 0.5, 0.5])
    >>> second = wm.learn_one([0, 1, 1, 1, 1, 0], 0)
    >>> second.prediction, (second.vote_for_zero, second.vote_for_one), wm.weights_.tolist()
    (1, (0.375, 0.625), [1.0, 0.5, 0.25, 0.25, 0.25, 0.5])
    """

    def __init__(self, beta=0.5, n_passes=1, shuffle=False, random_state=None):
        self.beta = beta
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_number("beta", self.beta, low=0, high=1, low_open=True, high_open=True)

    def _initial_state(self, n_experts):
        return np.array([float(self.beta), np.nan, np.inf, 0.0, np.log(n_experts)])

    def predict(self, X) -> np.ndarray:
        """The weighted vote on each advice row: 1 iff the weight advising 1 is ≥ half (ties → 1)."""
        return self.weighted_vote(X)


class RandomizedWeightedMajority(_ExpertLearner):
    """Randomized Weighted Majority (seed 001): follow an expert drawn by weight.

    Each trial, expert i is followed with probability w_i/W; every wrong
    expert's weight is multiplied by (1 − ε).  Expected mistakes M = Σ_t F_t
    obey M ≤ (−ln(1−ε)/ε)·m + ln N/ε ≤ (1+ε)m + ln N/ε for ε ∈ (0, ½]
    (:func:`learners.bounds.randomized_weighted_majority`).

    Parameters
    ----------
    epsilon : float, default=0.5
        Penalty ε ∈ (0, ½]: a wrong expert's weight is multiplied by (1 − ε).
    doubling : bool, default=False
        The doubling trick (``epsilon`` is then ignored): m̂ = 4 ln N, ε = ½;
        after the trial in which every expert reaches m̂ mistakes in the
        phase, m̂ doubles, ε = √(ln N/m̂) and the weights restart at 1.  With
        one expert (ln N = 0) m̂ starts at 1 and ε stays ½ (a lone expert is
        followed whatever its weight).
    n_passes, shuffle
        Passes made by ``fit`` and their order.
    random_state : int, RandomState or None
        Seed of the draws (and of the shuffling).

    Attributes
    ----------
    expected_mistakes_ : float
        Σ_t F_t, what the bound controls; ``mistakes_`` counts the actual draws.
    phases_ : list of (first trial, m̂, ε)
    epsilon_, m_hat_ : float
        ε and m̂ of the current phase.
    history_ : dict of per-trial arrays (``RWM_HISTORY``)

    Notes
    -----
    ``predict`` draws an expert per row with probability w_i/W from a
    generator seeded by ``random_state`` and the number of trials seen, so a
    model predicts the same draws until it learns more, and predicting never
    changes the draws of later trials.  ``predict_proba`` gives the exact
    probabilities, the vote shares.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import RandomizedWeightedMajority
    >>> rng = np.random.default_rng(0)
    >>> advice = rng.integers(0, 2, size=(200, 8)); outcomes = advice[:, 3]   # expert 3 is perfect
    >>> rwm = RandomizedWeightedMajority(epsilon=0.5, random_state=0).fit(advice, outcomes)
    >>> bool(rwm.expected_mistakes_ <= np.log(8) / 0.5)   # m = 0: the bound is ln N / ε
    True
    >>> int(np.argmax(rwm.normalized_weights_))
    3
    """

    _randomized = True
    _history_fields = RWM_HISTORY

    def __init__(self, epsilon=0.5, doubling=False, n_passes=1, shuffle=False, random_state=None):
        self.epsilon = epsilon
        self.doubling = doubling
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_flag("doubling", self.doubling)
        try:
            check_number("epsilon", self.epsilon, low=0, high=0.5, low_open=True)
        except ValueError as error:
            raise ValueError(f"{error} The RWM bound needs 0 < ε ≤ ½; try epsilon=0.5, "
                             "or doubling=True to tune it automatically.") from None

    def _initial_m_hat(self, n_experts: int) -> float:
        return float(4.0 * np.log(n_experts)) if n_experts > 1 else 1.0

    def _initial_state(self, n_experts):
        log_n = np.log(n_experts)
        if self.doubling:
            return np.array([0.5, 0.5, self._initial_m_hat(n_experts), 0.0, log_n])
        return np.array([1.0 - float(self.epsilon), float(self.epsilon), np.inf, 0.0, log_n])

    def _phase_parameters(self, phase: int) -> tuple[float, float]:
        """(m̂, ε) of a phase, computed as the trial loop does."""
        m_hat, epsilon, log_n = (float(v) for v in self._start_state[[2, 1, 4]])
        if not np.isfinite(m_hat):       # a fixed ε: one phase
            return m_hat, epsilon
        for _ in range(phase):
            m_hat *= 2.0
            epsilon = min(0.5, float(np.sqrt(log_n / m_hat))) if log_n > 0.0 else 0.5
        return m_hat, epsilon

    def _extra_history(self, out):
        out["cum_expected_mistakes"] = np.cumsum(out["expected_loss"])
        out["phase"] = out["phase"].astype(np.int64)
        n_phases = int(out["phase"].max()) + 1 if len(out["phase"]) else 0
        m_hats = np.array([self._phase_parameters(k)[0] for k in range(n_phases)])
        out["m_hat"] = m_hats[out["phase"]] if n_phases else np.empty(0)
        out["followed_expert"] = out["followed_expert"].astype(np.int64)
        out["restarted"] = out["restarted"].astype(bool)

    def predict(self, X) -> np.ndarray:
        """For each advice row, the advice of an expert drawn with probability w_i/W (seeded)."""
        advice = self._check_rows(X)
        draws = np.random.default_rng([self._predict_seed, self.n_trials_]).random(advice.shape[0])
        return draw_advice_of(advice, self._counts, float(self._state[0]), draws)

    def predict_proba(self, X) -> np.ndarray:
        """Probabilities of predicting 0 and 1: the shares of the weight advising each."""
        return self.vote_shares(X)

    @property
    def expected_mistakes_(self) -> float:
        """Σ_t F_t over the trials since the start."""
        h = self.history_
        return float(h["cum_expected_mistakes"][-1]) if len(h["trial"]) else 0.0

    @property
    def epsilon_(self) -> float:
        check_is_fitted(self, "_counts")
        return float(self._state[1])

    @property
    def m_hat_(self) -> float:
        check_is_fitted(self, "_counts")
        return float(self._state[2])

    @property
    def phases_(self) -> list[tuple[int, float, float]]:
        """(first trial, m̂, ε) of every phase so far (one phase without doubling).

        A phase begins on the trial after a restart; a restart on the last
        trial seen opens a phase that has no trial yet.
        """
        h = self.history_
        starts = [1] + (np.flatnonzero(h["restarted"]) + 2).tolist()
        return [(int(first), *self._phase_parameters(k)) for k, first in enumerate(starts)]
