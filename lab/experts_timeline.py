"""The timeline of an expert learner (Weighted Majority, Randomized WM): one payload the player moves through.

Like :func:`lab.timeline.build_timeline`, but the scene is the experts: every trial's advice and
outcome, the vote before the update, the prediction (RWM: the followed expert), mistakes and
expected mistakes, the best expert's mistakes, restarts of the doubling trick, the bound curves
of the learner's catalog entry over all trials, and every trial's math.  The weights need not be
sent: the player rebuilds them exactly as the learner keeps them — w_i = f^{c_i}, c_i the
penalties of expert i in the current phase, f = β or 1 − ε (reset to 1 by a restart) — from the
advice, the outcomes and the phases.

Examples
--------
>>> from datasets.advice import lecture_table
>>> advice, outcomes = lecture_table()
>>> payload = build_experts_timeline("Weighted Majority", {"beta": 0.5}, advice, outcomes)
>>> payload["T"], payload["advice"], payload["outcomes"], payload["trials"]["prediction"]
(2, ['110000', '011110'], '10', '01')
"""

from __future__ import annotations

import hashlib
import json

import numpy as np

from viz import curves as curve_figures
from viz.timeline import with_cursor

from . import catalog
from .formula import math_element, remembering
from .quiz import experts_quiz
from .timeline import VERSION, bits, figure_json, pack_math, rounded


def experts_key(name: str, values: dict, advice, outcomes, seed: int) -> str:
    """A short identity of an expert run's inputs."""
    digest = hashlib.sha256(np.ascontiguousarray(advice, dtype=np.int8).tobytes()
                            + np.ascontiguousarray(outcomes, dtype=np.int8).tobytes()).hexdigest()
    text = json.dumps([name, sorted((k, repr(v)) for k, v in values.items()), digest, int(seed)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def build_experts_timeline(name: str, values: dict, advice, outcomes, *, seed: int = 0, start: int = 0) -> dict:
    """Play learner ``name`` (an experts entry of :data:`lab.catalog.LEARNERS`) over (advice, outcomes)."""
    spec = catalog.LEARNERS[name]
    if spec.kind != "experts":
        raise ValueError(f"{name} is not an expert learner; choose one of the Experts page.")
    advice = np.asarray(advice)
    outcomes = np.asarray(outcomes).reshape(-1)
    learner = catalog.build(name, values)
    if "random_state" in learner.get_params():
        learner.set_params(random_state=int(seed))
    records = [learner.learn_one(row, int(outcome)) for row, outcome in zip(advice, outcomes)]
    T, N = advice.shape
    randomized = records[0].followed_expert is not None if records else False
    history = learner.history_
    mistakes = np.cumsum([r.mistake for r in records]).astype(int)
    expected = np.cumsum([r.expected_loss for r in records])
    measured = expected if randomized else mistakes
    found = spec.bound_curves(learner, advice, outcomes, None)
    curves = with_cursor(curve_figures.bound_curves_figure(
        np.arange(1, T + 1), measured, found, y_label="expected mistakes" if randomized else "mistakes"), T)
    with remembering():
        math = pack_math(["".join(math_element(f) for f in spec.trial_math(record, learner)) for record in records])
    factors = [float(r.update.get("factor", 1.0)) for r in records]
    payload = {
        "version": VERSION, "kind": "experts", "id": experts_key(name, values, advice, outcomes, seed),
        "learner": name, "summary": spec.summary, "T": int(T), "N": int(N), "start": int(min(max(start, 0), T)),
        "randomized": bool(randomized),
        "expert_names": [f"E{i + 1}" for i in range(N)],
        "advice": ["".join("1" if a else "0" for a in row) for row in advice.astype(bool)],
        "outcomes": bits(outcomes.astype(bool)),
        "factors": factors,
        "trials": {"prediction": bits([r.prediction == 1 for r in records]),
                   "mistake": bits([r.mistake for r in records]),
                   "restarted": bits([r.restarted for r in records]),
                   "cum_mistakes": mistakes.tolist(),
                   "cum_expected": rounded(expected, max(float(expected[-1]) if T else 1.0, 1.0), 6),
                   "best": np.asarray(history["best_expert_mistakes"], dtype=int).tolist(),
                   "vote_one": [round(float(r.vote_for_one), 6) for r in records],
                   "expected_loss": [round(float(r.expected_loss), 6) for r in records],
                   "followed": [int(r.followed_expert) if randomized else -1 for r in records],
                   "phase": [int(r.phase) for r in records],
                   "epsilon": [float(r.epsilon) if randomized else None for r in records]},
        "curves": {"figure": figure_json(curves),
                   "notes": [f"{c.name} ({c.source}): {c.reason}." for c in found if c.reason]},   # text, not markup
        "math": math,
        "quiz": experts_quiz(records, randomized=randomized),
    }
    return payload
