"""Seed 001: the RWM bound against ε with its optimum, and the doubling trick on a long stream.

The doubling trick restarts RWM's weights at every phase, each phase with its
own ε_i, so its bound is the sum over the phases of RWM's bound with ε_i and
m_i, the best expert's mistakes *within* phase i (seed 001's theorem applied
to every phase; :func:`learners.bounds.rwm_doubling`).  Beside it the
experiment reports a *reference*: min over ε ≤ ½ of (1+ε)m + ln N/ε with m the
best expert's final count, what RWM run with ε tuned to m known in advance is
guaranteed.  It does not bound the doubling run, which does not know m.

>>> result = run(quick=True, n_experts=4)
>>> doubling = result["doubling"]
>>> doubling["expected_mistakes"] <= doubling["bound_exact"] <= doubling["bound"]
True
>>> doubling["reference_tuned_in_hindsight"]["bounds_this_run"]
False
"""

from __future__ import annotations

import numpy as np

from learners import RandomizedWeightedMajority, bounds
from learners.comparators import expert_bound_curves

from .progress import Steps

REFERENCE_NOTE = ("Reference, not a bound of the doubling run: min over ε ≤ ½ of (1+ε)m + ln N/ε with m the "
                  "best expert's final count is what RWM run with that ε, known in advance, is guaranteed; "
                  "the doubling trick does not know m, and its expected mistakes may exceed this value.")


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
    own, own_exact, _, hindsight = expert_bound_curves(advice, outcomes, doubling=True)
    steps.finish("the doubling trick")
    return {
        "rows": [{"epsilon": float(e), "bound": float(b)} for e, b in zip(eps, curve)],
        "best_epsilon": float(best), "best_bound": float(bounds.randomized_weighted_majority(m, n_experts, best)),
        "m": m, "n_experts": n_experts,
        "doubling": {"phases": [list(p) for p in model.phases_], "expected_mistakes": model.expected_mistakes_,
                     "best_expert_mistakes": best_expert, "trials": trials,
                     "phase_bounds": _phase_bounds(own.details, n_experts, len(model.phases_)),
                     "bound": float(own.values[-1]), "bound_exact": float(own_exact.values[-1]),
                     "bound_formula": "Σ over phases of (1+ε_i)m_i + ln N/ε_i, m_i = the best expert's "
                                      "mistakes within phase i",
                     "reference_tuned_in_hindsight": {"value": float(hindsight.values[-1]), "bounds_this_run": False,
                                                      "note": REFERENCE_NOTE}},
        "notes": [REFERENCE_NOTE],
    }


def _phase_bounds(details: dict, n_experts: int, n_phases: int) -> list[dict]:
    """Per phase: the best expert's mistakes in it and its RWM bound (None for a phase with no trial yet)."""
    rows = []
    for k in range(n_phases):
        inside = np.flatnonzero(details["phase"] == k)
        if inside.size == 0:        # a restart on the last trial opens a phase with no trial
            rows.append({"phase": k, "best_expert_mistakes": None, "bound": None})
            continue
        last = inside[-1]
        m_k = int(details["m_phase"][last])
        value = bounds.randomized_weighted_majority(m_k, n_experts, details["epsilon"][last])
        rows.append({"phase": k, "best_expert_mistakes": m_k, "bound": float(value)})
    return rows
