"""Learning from expert advice: Weighted Majority and Randomized Weighted Majority (seed 001).

Each trial, N experts advise 0 or 1, the learner predicts, the outcome is
revealed.  X is the advice matrix (trials × experts, entries 0/1) and y the
outcomes (0/1).

Weighted Majority (WM): weights start at 1; predict 1 iff the weight advising
1 is at least the weight advising 0; multiply every wrong expert's weight by β.
Bound: M ≤ (m ln(1/β) + ln N) / ln(2/(1+β)), m = mistakes of the best expert so
far (≈ 2.41(m + log₂ N) for β = ½).

Randomized WM (RWM): follow expert i with probability w_i/W; multiply every
wrong expert's weight by (1 − ε).  Its expected mistakes M = Σ_t F_t, where F_t
is the fraction of weight on wrong experts at trial t, obey
M ≤ (−ln(1−ε)/ε)·m + ln N/ε ≤ (1+ε)m + ln N/ε for ε ∈ (0, ½].  The doubling
trick guesses m̂ = 4 ln N with ε = ½ and, once every expert has made m̂
mistakes in the current phase, doubles m̂, sets ε = √(ln N/m̂) and restarts.

A weight is kept as its count of penalties c_i (w_i = β^{c_i}), so weights are
exact powers of β (the lecture's table comes out exactly) and every sum is
taken in log space: no run overflows or produces NaN.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from ._fast import njit
from ._validation import check_number

EXPERT_HISTORY = ("trial", "truth", "prediction", "mistake", "weight", "vote_for_one",
                  "expected_loss", "phase", "epsilon", "m_hat", "best_expert_mistakes",
                  "cum_mistakes", "cum_weighted_loss", "cum_expected_mistakes")


@dataclass(frozen=True)
class ExpertTrialRecord:
    """What happened in one trial of an expert learner."""

    trial: int
    advice: np.ndarray
    truth: int
    prediction: int
    mistake: bool
    vote_for_zero: float          # fraction of the total weight advising 0
    vote_for_one: float           # fraction of the total weight advising 1
    wrong_experts: np.ndarray     # boolean mask of the experts that erred
    expected_loss: float          # F_t: fraction of weight on wrong experts
    followed_expert: int          # RWM: the expert drawn (−1 for WM)
    epsilon: float                # RWM: ε of this trial (nan for WM)
    phase: int
    weights_before: np.ndarray
    weights_after: np.ndarray


@njit(cache=True)
def _log_sum(log_factor, counts, mask, want):
    """ln Σ_{i: mask_i = want} exp(log_factor · counts_i) (−inf for an empty sum)."""
    top = -np.inf
    for i in range(counts.shape[0]):
        if mask[i] == want and log_factor * counts[i] > top:
            top = log_factor * counts[i]
    if top == -np.inf:
        return top
    total = 0.0
    for i in range(counts.shape[0]):
        if mask[i] == want:
            total += np.exp(log_factor * counts[i] - top)
    return top + np.log(total)


@njit(cache=True)
def experts_pass(advice, outcomes, counts, totals, state, randomized, doubling, uniforms,
                 prediction, mistake, vote_one, expected, phase_out, eps_out, followed, m_hat_out):
    """Run WM (randomized=False) or RWM over the rows of ``advice``.

    ``counts`` are the penalties of the current phase, ``totals`` every
    mistake of each expert; ``state`` = [log factor, ε, m̂, phase, ln N].
    """
    n_experts = advice.shape[1]
    for t in range(advice.shape[0]):
        row = advice[t]
        log_factor = state[0]
        log_one = _log_sum(log_factor, counts, row, 1.0)
        log_zero = _log_sum(log_factor, counts, row, 0.0)
        top = max(log_one, log_zero)
        share_one = np.exp(log_one - top) / (np.exp(log_one - top) + np.exp(log_zero - top))
        vote_one[t] = share_one
        outcome = outcomes[t]
        expected[t] = share_one if outcome == 0 else 1.0 - share_one
        if randomized:
            # follow expert i with probability w_i / W: invert the cumulative weights
            target = uniforms[t]
            cumulative = 0.0
            chosen = n_experts - 1
            log_total = top + np.log(np.exp(log_one - top) + np.exp(log_zero - top))
            for i in range(n_experts):
                cumulative += np.exp(log_factor * counts[i] - log_total)
                if target < cumulative:
                    chosen = i
                    break
            followed[t] = chosen
            prediction[t] = int(row[chosen])
        else:
            followed[t] = -1
            prediction[t] = 1 if log_one >= log_zero else 0
        mistake[t] = prediction[t] != outcome
        eps_out[t] = state[1]
        m_hat_out[t] = state[2]
        phase_out[t] = int(state[3])
        for i in range(n_experts):
            if row[i] != outcome:
                counts[i] += 1.0
                totals[i] += 1.0
        if doubling:
            done = True
            for i in range(n_experts):
                if counts[i] < state[2]:
                    done = False
                    break
            if done:
                state[2] *= 2.0
                eps = np.sqrt(state[4] / state[2]) if state[4] > 0 else 0.5
                state[1] = min(0.5, eps)
                state[0] = np.log(1.0 - state[1])
                state[3] += 1.0
                for i in range(n_experts):
                    counts[i] = 0.0


def check_advice(X, y=None):
    """Validate an advice matrix (and outcomes): 0/1 entries, at least one expert."""
    try:
        advice = np.asarray(X, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("The advice must be a matrix of 0/1 numbers (trials × experts).") from None
    if advice.ndim == 1:
        advice = advice[None, :]
    if advice.ndim != 2 or advice.shape[1] < 1:
        raise ValueError(f"The advice must be a 2-D matrix (trials × experts) with at least one "
                         f"expert; got shape {advice.shape}.")
    if not np.all(np.isin(advice, (0.0, 1.0))):
        raise ValueError("Every piece of advice must be 0 or 1 (found other values, NaN or inf).")
    if y is None:
        return np.ascontiguousarray(advice)
    try:
        outcomes = np.asarray(y, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError("The outcomes must be 0/1 numbers, one per trial.") from None
    if outcomes.shape[0] != advice.shape[0]:
        raise ValueError(f"There are {advice.shape[0]} advice rows but {outcomes.shape[0]} outcomes; "
                         "give one outcome per trial.")
    if not np.all(np.isin(outcomes, (0.0, 1.0))):
        raise ValueError("Every outcome must be 0 or 1 (found other values, NaN or inf).")
    return np.ascontiguousarray(advice), outcomes.astype(np.int64)


class _ExpertLearner(ClassifierMixin, BaseEstimator):
    """The trial loop shared by WM and RWM (see the module docstring)."""

    _randomized = False

    # ------------------------------------------------------------- set-up
    def _initial_state(self, n_experts: int) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def start(self, n_experts: int):
        """Reset to weights 1 for ``n_experts`` experts, trial 0."""
        self._check_params()
        check_number("n_experts", n_experts, low=1, integer=True)
        self.classes_ = np.array([0, 1])
        self.n_features_in_ = self.n_experts_ = int(n_experts)
        self._counts = np.zeros(self.n_experts_)
        self._totals = np.zeros(self.n_experts_)
        self._state = self._initial_state(self.n_experts_)
        self._rng = check_random_state(getattr(self, "random_state", None))
        self._blocks: list[dict] = []
        return self

    def fit(self, X, y, sample_weight=None):
        """Start with weights 1 and make one pass over the trials (rows) in order."""
        advice, _ = check_advice(X, y)
        self.start(advice.shape[1])
        return self.partial_fit(advice, y, sample_weight=sample_weight)

    def partial_fit(self, X, y, classes=None, sample_weight=None):
        """Continue with the trials (rows) of X in order."""
        advice, outcomes = check_advice(X, y)
        if not hasattr(self, "_counts"):
            self.start(advice.shape[1])
        elif advice.shape[1] != self.n_experts_:
            raise ValueError(f"The learner follows {self.n_experts_} experts but the advice has "
                             f"{advice.shape[1]} columns.")
        from ._validation import check_sample_weight
        weights = check_sample_weight(sample_weight, advice.shape[0]) if advice.shape[0] else np.ones(0)
        self._learn(advice, outcomes, weights)
        return self

    def _learn(self, advice, outcomes, weights):
        n = advice.shape[0]
        out = {"prediction": np.empty(n, np.int64), "mistake": np.empty(n, np.bool_),
               "vote_for_one": np.empty(n), "expected_loss": np.empty(n),
               "phase": np.empty(n, np.int64), "epsilon": np.empty(n), "followed": np.empty(n, np.int64),
               "m_hat": np.empty(n)}
        uniforms = self._rng.random(n) if self._randomized else np.zeros(n)
        best = np.empty(n)
        # the best expert's mistakes after each trial: running totals of every expert
        wrong = advice != outcomes[:, None]
        running = self._totals[None, :] + np.cumsum(wrong, axis=0) if n else np.zeros((0, 1))
        best[:] = running.min(axis=1) if n else 0.0
        experts_pass(advice, outcomes.astype(np.float64), self._counts, self._totals, self._state,
                     self._randomized, bool(getattr(self, "doubling", False)), uniforms,
                     out["prediction"], out["mistake"], out["vote_for_one"], out["expected_loss"],
                     out["phase"], out["epsilon"], out["followed"], out["m_hat"])
        out.update(truth=outcomes, weight=weights, best_expert_mistakes=best)
        self._blocks.append(out)
        self._history = None

    def _check_params(self):  # pragma: no cover - abstract
        raise NotImplementedError

    # -------------------------------------------------------------- stepping
    def learn_one(self, advice, outcome, weight=1.0) -> ExpertTrialRecord:
        """One trial: the experts advise ``advice``, the truth is ``outcome``."""
        row, outcomes = check_advice(np.asarray(advice, dtype=float).reshape(1, -1), [outcome])
        if not hasattr(self, "_counts"):
            self.start(row.shape[1])
        before = self.weights_
        self.partial_fit(row, outcomes, sample_weight=[weight])
        last = self._blocks[-1]
        share_one = float(last["vote_for_one"][0])
        return ExpertTrialRecord(
            trial=self.n_trials_, advice=row[0].astype(int), truth=int(outcomes[0]),
            prediction=int(last["prediction"][0]), mistake=bool(last["mistake"][0]),
            vote_for_zero=1.0 - share_one, vote_for_one=share_one,
            wrong_experts=row[0] != outcomes[0], expected_loss=float(last["expected_loss"][0]),
            followed_expert=int(last["followed"][0]), epsilon=float(last["epsilon"][0]),
            phase=int(last["phase"][0]), weights_before=before, weights_after=self.weights_)

    # -------------------------------------------------------------- predicting
    def _vote_for_one(self, advice) -> np.ndarray:
        log_w = self.log_weights_
        top = log_w.max()
        w = np.exp(log_w - top)
        return (advice @ w) / w.sum()

    def decision_function(self, X):
        """Fraction of the weight advising 1, minus ½ (> 0 means the vote says 1)."""
        check_is_fitted(self, "_counts")
        return self._vote_for_one(check_advice(X)) - 0.5

    # -------------------------------------------------------------- accounting
    @property
    def log_weights_(self) -> np.ndarray:
        """ln w_i = c_i · ln(factor), c_i the penalties of the current phase."""
        check_is_fitted(self, "_counts")
        return self._counts * self._state[0]

    @property
    def weights_(self) -> np.ndarray:
        """The experts' weights (exact powers of the factor; tiny ones underflow to 0, never NaN)."""
        return np.exp(self.log_weights_)

    @property
    def normalized_weights_(self) -> np.ndarray:
        log_w = self.log_weights_
        w = np.exp(log_w - log_w.max())
        return w / w.sum()

    @property
    def expert_mistakes_(self) -> np.ndarray:
        """Mistakes of every expert so far."""
        check_is_fitted(self, "_counts")
        return self._totals.astype(int)

    @property
    def n_trials_(self) -> int:
        check_is_fitted(self, "_counts")
        return int(sum(len(b["mistake"]) for b in self._blocks))

    @property
    def history_(self) -> dict:
        """Per-trial arrays (see ``EXPERT_HISTORY``)."""
        check_is_fitted(self, "_counts")
        if getattr(self, "_history", None) is None:
            keys = ("truth", "prediction", "mistake", "weight", "vote_for_one", "expected_loss",
                    "phase", "epsilon", "m_hat", "best_expert_mistakes")
            out = {k: np.concatenate([b[k] for b in self._blocks]) if self._blocks else np.empty(0)
                   for k in keys}
            out["mistake"] = out["mistake"].astype(bool)
            out["trial"] = np.arange(1, len(out["mistake"]) + 1)
            out["cum_mistakes"] = np.cumsum(out["mistake"].astype(int))
            out["cum_weighted_loss"] = np.cumsum(np.where(out["mistake"], out["weight"], 0.0))
            out["cum_expected_mistakes"] = np.cumsum(out["expected_loss"])
            self._history = {k: out[k] for k in EXPERT_HISTORY}
        return self._history

    @property
    def phases_(self) -> list[tuple[int, float, float]]:
        """(first trial, m̂, ε) of every phase so far (one phase unless doubling)."""
        h = self.history_
        if not len(h["trial"]):
            return [(1, float(self._state[2]), float(self._state[1]))]
        starts = np.flatnonzero(np.diff(h["phase"], prepend=-1))
        return [(int(h["trial"][i]), float(h["m_hat"][i]), float(h["epsilon"][i])) for i in starts]

    @property
    def mistakes_(self) -> int:
        h = self.history_
        return int(h["cum_mistakes"][-1]) if len(h["trial"]) else 0

    @property
    def weighted_loss_(self) -> float:
        h = self.history_
        return float(h["cum_weighted_loss"][-1]) if len(h["trial"]) else 0.0


class WeightedMajority(_ExpertLearner):
    """Weighted Majority (seed 001): a deterministic weighted vote of N experts.

    Parameters
    ----------
    beta : float, default=0.5
        Penalty factor β ∈ (0, 1): a wrong expert's weight is multiplied by β.

    Examples
    --------
    The lecture's table (seed 001):

    >>> from learners import WeightedMajority
    >>> wm = WeightedMajority()
    >>> first = wm.learn_one([1, 1, 0, 0, 0, 0], 1)
    >>> first.prediction, round(first.vote_for_zero, 4), wm.weights_.tolist()
    (0, 0.6667, [1.0, 1.0, 0.5, 0.5, 0.5, 0.5])
    >>> second = wm.learn_one([0, 1, 1, 1, 1, 0], 0)
    >>> second.prediction, second.vote_for_zero, wm.weights_.tolist()
    (1, 0.375, [1.0, 0.5, 0.25, 0.25, 0.25, 0.5])
    """

    def __init__(self, beta=0.5):
        self.beta = beta

    def _check_params(self):
        check_number("beta", self.beta, low=0, high=1, low_open=True, high_open=True)

    def _initial_state(self, n_experts):
        return np.array([np.log(self.beta), np.nan, np.inf, 0.0, np.log(n_experts)])

    def predict(self, X):
        """The weighted vote on each advice row (ties → 1)."""
        check_is_fitted(self, "_counts")
        return (self._vote_for_one(check_advice(X)) >= 0.5).astype(int)


class RandomizedWeightedMajority(_ExpertLearner):
    """Randomized Weighted Majority (seed 001): follow an expert drawn by weight.

    Parameters
    ----------
    epsilon : float, default=0.5
        Penalty ε ∈ (0, ½]: a wrong expert's weight is multiplied by (1 − ε).
    doubling : bool, default=False
        Use the doubling trick instead of a fixed ε (``epsilon`` is then ignored):
        m̂ = 4 ln N, ε = ½, and each time every expert has made m̂ mistakes in
        the phase, m̂ doubles, ε = √(ln N/m̂), and the weights restart.
    random_state : int, RandomState or None
        Seed of the draws.

    Attributes
    ----------
    expected_mistakes_ : float
        Σ_t F_t, the expected number of mistakes (what the bound controls).
    phases_ : list of (first trial, m̂, ε)

    Examples
    --------
    >>> import numpy as np
    >>> from learners import RandomizedWeightedMajority
    >>> rng = np.random.default_rng(0)
    >>> advice = rng.integers(0, 2, size=(200, 8)); outcomes = advice[:, 3]   # expert 3 is perfect
    >>> rwm = RandomizedWeightedMajority(epsilon=0.5, random_state=0).fit(advice, outcomes)
    >>> bool(rwm.expected_mistakes_ <= np.log(8) / 0.5)   # m = 0: the bound is ln N / ε
    True
    """

    _randomized = True

    def __init__(self, epsilon=0.5, doubling=False, random_state=None):
        self.epsilon = epsilon
        self.doubling = doubling
        self.random_state = random_state

    def _check_params(self):
        check_number("epsilon", self.epsilon, low=0, high=0.5, low_open=True)

    def _initial_state(self, n_experts):
        log_n = np.log(n_experts)
        if self.doubling:
            return np.array([np.log(0.5), 0.5, max(4.0 * log_n, 1.0), 0.0, log_n])
        return np.array([np.log(1.0 - self.epsilon), float(self.epsilon), np.inf, 0.0, log_n])

    def predict(self, X):
        """Draw, for each advice row, an expert by weight and return its advice (seeded)."""
        check_is_fitted(self, "_counts")
        advice = check_advice(X)
        w = self.normalized_weights_
        chosen = np.minimum(np.searchsorted(np.cumsum(w), self._rng.random(advice.shape[0]),
                                            side="right"), len(w) - 1)
        return advice[np.arange(advice.shape[0]), chosen].astype(int)

    @property
    def expected_mistakes_(self) -> float:
        h = self.history_
        return float(h["cum_expected_mistakes"][-1]) if len(h["trial"]) else 0.0
