"""An expert learner stepping through an advice stream (the Experts page's run).

Examples
--------
>>> from datasets.advice import lecture_table
>>> advice, outcomes = lecture_table()
>>> run = ExpertsRun("Weighted Majority", {"beta": 0.5}, advice, outcomes)
>>> run.step().prediction, run.step().prediction, run.learner.weights_.tolist()
(0, 1, [1.0, 0.5, 0.25, 0.25, 0.25, 0.5])
"""

from __future__ import annotations

import numpy as np

from datasets import advice as advice_data
from learners import RandomizedWeightedMajority, WeightedMajority

ALGORITHMS = ("Weighted Majority", "Randomized Weighted Majority")
GENERATORS = ("noisy experts", "perfect expert", "adversary", "lecture table")


def make_stream(generator: str, n_experts: int, n_trials: int, error_low: float, error_high: float,
                seed: int, algorithm: str, params: dict):
    """(advice, outcomes) for the chosen generator; the adversary plays against the chosen learner."""
    if generator == "lecture table":
        return advice_data.lecture_table()
    rates = np.linspace(error_low, error_high, n_experts)
    if generator == "noisy experts":
        return advice_data.noisy_experts(n_trials, rates, seed=seed)
    if generator == "perfect expert":
        return advice_data.with_perfect_expert(n_trials, n_experts, error_rate=rates, seed=seed,
                                               perfect_expert=n_experts // 2)
    if generator == "adversary":
        stream = advice_data.random_advice(n_trials, n_experts, seed=seed)
        return advice_data.adversarial_stream(make_learner(algorithm, params, seed), advice=stream, seed=seed)
    raise ValueError(f"unknown generator {generator!r}; choose one of {GENERATORS}.")


def make_learner(algorithm: str, params: dict, seed: int = 0):
    if algorithm == "Weighted Majority":
        return WeightedMajority(beta=params.get("beta", 0.5))
    return RandomizedWeightedMajority(epsilon=params.get("epsilon", 0.5), doubling=params.get("doubling", False),
                                      random_state=seed)


class ExpertsRun:
    """A learner of ``ALGORITHMS`` stepping through (advice, outcomes) one trial at a time."""

    def __init__(self, algorithm: str, params: dict, advice, outcomes, seed: int = 0):
        self.algorithm = algorithm
        self.advice = np.asarray(advice)
        self.outcomes = np.asarray(outcomes)
        self.learner = make_learner(algorithm, params, seed)
        self.learner.start(self.advice.shape[1])
        self.records = []
        #: weights after every trial (row 0: before the first), for bars and animations
        self.weight_history = [self.learner.normalized_weights_]

    @property
    def trial(self) -> int:
        return len(self.records)

    @property
    def total_trials(self) -> int:
        return len(self.outcomes)

    @property
    def finished(self) -> bool:
        return self.trial >= self.total_trials

    def step(self):
        if self.finished:
            raise StopIteration("every trial of the stream has been played")
        t = self.trial
        record = self.learner.learn_one(self.advice[t], int(self.outcomes[t]))
        self.records.append(record)
        self.weight_history.append(self.learner.normalized_weights_)
        return record

    def play(self):
        return [self.step() for _ in range(self.total_trials - self.trial)]

    @property
    def mistakes(self) -> int:
        return int(sum(r.mistake for r in self.records))

    @property
    def expected_mistakes(self) -> float:
        return float(sum(r.expected_loss for r in self.records))
