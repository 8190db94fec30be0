"""Seed 001: the RWM bound against ε with its optimum, and the doubling trick on a long stream."""

from __future__ import annotations

import numpy as np

from learners import RandomizedWeightedMajority, bounds

from .progress import Steps


def run(runs: int = 1, seed: int = 0, quick: bool = False, n_experts: int = 32, m: int = 100,
        progress=None) -> dict:
    steps = Steps(progress, 2, "RWM")
    eps = np.linspace(0.01, 0.5, 50)
    curve = bounds.randomized_weighted_majority(m, n_experts, eps)
    best = bounds.rwm_best_epsilon(m, n_experts)
    steps.step("the bound against ε")
    trials = 2000 if quick else 20000
    rng = np.random.default_rng(seed)
    outcomes = rng.integers(0, 2, trials)
    rates = np.linspace(0.05, 0.5, n_experts)
    wrong = rng.random((trials, n_experts)) < rates
    advice = np.where(wrong, 1 - outcomes[:, None], outcomes[:, None])
    model = RandomizedWeightedMajority(doubling=True, random_state=seed).fit(advice, outcomes)
    best_expert = int(model.expert_mistakes_.min())
    steps.finish("the doubling trick")
    return {
        "rows": [{"epsilon": float(e), "bound": float(b)} for e, b in zip(eps, curve)],
        "best_epsilon": float(best), "best_bound": float(bounds.randomized_weighted_majority(m, n_experts, best)),
        "m": m, "n_experts": n_experts,
        "doubling": {"phases": [list(p) for p in model.phases_], "expected_mistakes": model.expected_mistakes_,
                     "best_expert_mistakes": best_expert, "trials": trials,
                     "tuned_bound_in_hindsight": float(bounds.rwm_tuned(best_expert, n_experts))},
    }
