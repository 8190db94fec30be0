"""Expert-advice streams for Weighted Majority and Randomized WM (seed 001).

Every generator returns ``(advice, outcomes)``: ``advice`` an int8 matrix of
0/1 (trials × experts) and ``outcomes`` an int8 vector of 0/1, the format of
:class:`learners.WeightedMajority`.  Random choices take a ``seed``.

* :func:`lecture_table` — the two trials of seed 001's worked table;
* :func:`noisy_experts` — expert i errs independently with probability p_i;
* :func:`with_perfect_expert` — the same, with one expert that never errs;
* :func:`adversarial_stream` — every outcome chosen against the learner's
  weighted vote (WM errs on every trial, RWM's F_t ≥ ½);
* :func:`make_stream` — one of those by its name in :data:`GENERATORS`, as the
  Experts page and the lessons ask for it, returned as an :class:`AdviceStream`
  (the data of an expert learner's run, as a point set is a classifier's).

Examples
--------
>>> advice, outcomes = noisy_experts(1000, [0.1, 0.5], seed=0)
>>> advice.shape, [round(float(r), 1) for r in (advice != outcomes[:, None]).mean(axis=0)]
((1000, 2), [0.1, 0.5])
"""

from __future__ import annotations

import copy
import hashlib
import numbers
from dataclasses import dataclass

import numpy as np

#: the advice streams :func:`make_stream` makes, by the name the Experts page shows
GENERATORS = ("noisy experts", "perfect expert", "adversary", "lecture table")


def _check_count(name, value, low=1):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
        raise ValueError(f"{name} must be an integer >= {low}; got {value!r}.")
    return int(value)


def _check_probability(name, value):
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must hold probabilities (numbers in [0, 1]); got {value!r}.") from None
    if not np.all(np.isfinite(array)) or np.any((array < 0) | (array > 1)):
        raise ValueError(f"{name} must hold probabilities in [0, 1]; got {value!r}.")
    return array


def lecture_table():
    """The two trials of seed 001's Weighted Majority table (six experts).

    Trial 1: advice 1 1 0 0 0 0, outcome 1; trial 2: advice 0 1 1 1 1 0, outcome 0.
    With β = ½, WM predicts 0 (vote 2/3 : 1/3) then 1 (3/8 : 5/8) and ends
    with weights 1 ½ ¼ ¼ ¼ ½.

    >>> advice, outcomes = lecture_table()
    >>> advice.tolist(), outcomes.tolist()
    ([[1, 1, 0, 0, 0, 0], [0, 1, 1, 1, 1, 0]], [1, 0])
    """
    advice = np.array([[1, 1, 0, 0, 0, 0], [0, 1, 1, 1, 1, 0]], dtype=np.int8)
    return advice, np.array([1, 0], dtype=np.int8)


def noisy_experts(n_trials, error_rates, seed=0, outcome_prob=0.5):
    """Outcomes ~ Bernoulli(outcome_prob); expert i is wrong independently with probability error_rates[i].

    Parameters
    ----------
    n_trials : int
        Number of trials T ≥ 1.
    error_rates : array-like of shape (N,)
        Per-expert error probabilities in [0, 1] (one expert at least).
    seed : int
        Seed of the draws.
    outcome_prob : float, default=0.5
        Probability that an outcome is 1.

    Returns
    -------
    advice : ndarray of int8, shape (T, N)
    outcomes : ndarray of int8, shape (T,)

    >>> advice, outcomes = noisy_experts(5, [0.0, 1.0], seed=3)
    >>> bool(np.all(advice[:, 0] == outcomes) and np.all(advice[:, 1] != outcomes))
    True
    """
    n_trials = _check_count("n_trials", n_trials)
    rates = _check_probability("error_rates", error_rates)
    if rates.ndim != 1 or rates.size < 1:
        raise ValueError(f"error_rates must be a 1-D list with one probability per expert (at least "
                         f"one expert); got shape {rates.shape}.")
    prob = float(_check_probability("outcome_prob", outcome_prob))
    rng = np.random.default_rng(seed)
    outcomes = (rng.random(n_trials) < prob).astype(np.int8)
    wrong = rng.random((n_trials, rates.size)) < rates
    advice = np.where(wrong, 1 - outcomes[:, None], outcomes[:, None]).astype(np.int8)
    return advice, outcomes


def with_perfect_expert(n_trials, n_experts, error_rate=0.3, seed=0, perfect_expert=0, outcome_prob=0.5):
    """Noisy experts plus one, ``perfect_expert``, that is always right (m = 0 for the bounds).

    ``error_rate`` is the error probability of every other expert: one number,
    or one per expert (the perfect expert's entry is ignored).

    >>> advice, outcomes = with_perfect_expert(50, 6, seed=1, perfect_expert=2)
    >>> (advice != outcomes[:, None]).sum(axis=0).tolist()[2]
    0
    """
    n_experts = _check_count("n_experts", n_experts)
    if isinstance(perfect_expert, bool) or not isinstance(perfect_expert, numbers.Integral) \
            or not 0 <= perfect_expert < n_experts:
        raise ValueError(f"perfect_expert must be an expert index in [0, {n_experts - 1}]; "
                         f"got {perfect_expert!r}.")
    rates = _check_probability("error_rate", error_rate)
    if rates.ndim == 0:
        rates = np.full(n_experts, float(rates))
    elif rates.shape != (n_experts,):
        raise ValueError(f"error_rate must be one number or {n_experts} numbers (one per expert); "
                         f"got shape {rates.shape}.")
    rates = rates.copy()
    rates[perfect_expert] = 0.0
    return noisy_experts(n_trials, rates, seed=seed, outcome_prob=outcome_prob)


def random_advice(n_trials, n_experts, seed=0):
    """Advice bits drawn uniformly at random (no outcomes): the input of :func:`adversarial_stream`.

    >>> random_advice(3, 2, seed=0).shape
    (3, 2)
    """
    n_trials = _check_count("n_trials", n_trials)
    n_experts = _check_count("n_experts", n_experts)
    return np.random.default_rng(seed).integers(0, 2, size=(n_trials, n_experts), dtype=np.int8)


def adversarial_stream(learner, n_trials=None, advice=None, *, n_experts=8, seed=0, fast=True):
    """Outcomes chosen, trial by trial, against a learner's weighted vote.

    Outcome t is 0 when the weight advising 1 is at least half, else 1.  That
    is the opposite of Weighted Majority's prediction, so WM errs on every
    trial; for Randomized WM it makes F_t, the weight on wrong experts, ≥ ½.
    The adversary looks only at the weights, never at RWM's draws, so the
    stream does not depend on the learner's ``random_state``.

    Parameters
    ----------
    learner : expert learner or callable
        A ``WeightedMajority``/``RandomizedWeightedMajority`` (it is copied
        and restarted, never changed) or a zero-argument factory of one.
    n_trials : int, optional
        Number of trials; defaults to the rows of ``advice``.
    advice : array-like of shape (T, N), optional
        The experts' advice; by default ``random_advice(n_trials, n_experts, seed)``.
    n_experts, seed : int
        Used only to draw the default advice.
    fast : bool, default=True
        Use the learner's compiled adversary (``partial_fit_adversarial``)
        rather than stepping with ``weighted_vote`` and ``learn_one``;
        both give the same stream.

    Returns
    -------
    advice : ndarray of int8, shape (T, N)
    outcomes : ndarray of int8, shape (T,)
        Fitting a fresh copy of the learner on them replays the run.

    >>> from learners import WeightedMajority
    >>> advice, outcomes = adversarial_stream(WeightedMajority(), 100, n_experts=4, seed=0)
    >>> WeightedMajority().fit(advice, outcomes).mistakes_
    100
    """
    if advice is None:
        if n_trials is None:
            raise ValueError("Give n_trials, or the advice matrix to play against.")
        advice = random_advice(n_trials, n_experts, seed)
    else:
        try:
            advice = np.asarray(advice)
        except ValueError:
            raise ValueError("advice must be a rectangular 0/1 matrix (trials × experts).") from None
        if advice.ndim != 2:
            raise ValueError(f"advice must be 2-D (trials × experts); got shape {advice.shape}.")
        if n_trials is not None:
            n_trials = _check_count("n_trials", n_trials)
            if n_trials > advice.shape[0]:
                raise ValueError(f"n_trials={n_trials} but the advice has only {advice.shape[0]} rows; "
                                 "give more advice or fewer trials.")
            advice = advice[:n_trials]
    if hasattr(learner, "learn_one"):
        model = copy.deepcopy(learner)
    elif callable(learner):
        model = learner()
    else:
        raise ValueError("learner must be an expert learner (e.g. WeightedMajority()) or a function "
                         f"returning one; got {learner!r}.")
    model.start(advice.shape[1])
    if fast:
        outcomes = model.partial_fit_adversarial(advice)
    else:
        outcomes = np.empty(advice.shape[0], dtype=np.int64)
        for t, row in enumerate(advice):
            outcomes[t] = 1 - model.weighted_vote(row[None, :])[0]
            model.learn_one(row, int(outcomes[t]))
    return advice.astype(np.int8), outcomes.astype(np.int8)


@dataclass(frozen=True, eq=False)
class AdviceStream:
    """The data of an expert learner's run: ``advice`` (trials × experts, 0/1) and ``outcomes`` (one 0/1
    per trial).  It unpacks as ``advice, outcomes = stream`` and answers what a run asks of its data, like
    :class:`datasets.pointset.PointSet`: ``len`` (trials), ``to_arrays`` and ``fingerprint``.

    >>> stream = AdviceStream(*lecture_table())
    >>> advice, outcomes = stream
    >>> len(stream), advice.shape, stream.to_arrays()[2].tolist()
    (2, (2, 6), [1.0, 1.0])
    """

    advice: np.ndarray
    outcomes: np.ndarray

    def __iter__(self):
        return iter((self.advice, self.outcomes))

    def __len__(self) -> int:
        return int(np.shape(self.outcomes)[0])

    def to_arrays(self) -> tuple:
        """(advice, outcomes, importance weights 1): the arrays a run steps through."""
        outcomes = np.asarray(self.outcomes).reshape(-1)
        return np.asarray(self.advice), outcomes, np.ones(outcomes.shape[0])

    def fingerprint(self) -> str:
        """A digest of the advice and outcomes (equal streams, equal digests; used for caches and run keys)."""
        advice = np.ascontiguousarray(self.advice, dtype=np.int8)
        digest = hashlib.sha256(f"{advice.shape}|".encode())
        digest.update(advice.tobytes())
        digest.update(np.ascontiguousarray(self.outcomes, dtype=np.int8).tobytes())
        return digest.hexdigest()[:24]


def make_stream(generator: str, n_experts: int, n_trials: int, error_low: float, error_high: float, seed: int,
                learner=None) -> AdviceStream:
    """The advice stream ``generator`` (one of :data:`GENERATORS`): N experts whose error rates run evenly
    from ``error_low`` to ``error_high`` (the perfect expert, N // 2, never errs), or the lecture's table
    (the sizes are then ignored); ``"adversary"`` plays random advice against ``learner`` (an expert
    learner, or a factory of one: see :func:`adversarial_stream`).

    >>> advice, outcomes = make_stream("perfect expert", 4, 30, 0.2, 0.4, seed=1)
    >>> advice.shape, int((advice[:, 2] != outcomes).sum())
    ((30, 4), 0)
    """
    if generator == "lecture table":
        return AdviceStream(*lecture_table())
    rates = np.linspace(error_low, error_high, _check_count("n_experts", n_experts))
    if generator == "noisy experts":
        return AdviceStream(*noisy_experts(n_trials, rates, seed=seed))
    if generator == "perfect expert":
        return AdviceStream(*with_perfect_expert(n_trials, n_experts, error_rate=rates, seed=seed,
                                                 perfect_expert=n_experts // 2))
    if generator == "adversary":
        if learner is None:
            raise ValueError("The adversary plays against a learner: give learner=(an expert learner).")
        return AdviceStream(*adversarial_stream(learner, advice=random_advice(n_trials, n_experts, seed=seed),
                                                seed=seed))
    raise ValueError(f"unknown generator {generator!r}; choose one of {GENERATORS}.")
