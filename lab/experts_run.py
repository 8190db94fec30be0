"""Old names of the Experts page's advice streams, kept for the callers not yet moved (lab.lessons, lab.links,
two tests): the streams are :func:`datasets.advice.make_stream`, an expert learner is built by
:func:`lab.catalog.build` and stepped by :class:`lab.runner.Run` like every learner.  Nothing is defined here.
"""

from __future__ import annotations

from datasets import advice as _advice
from datasets.advice import GENERATORS  # noqa: F401  (re-exported)

from . import catalog

#: the expert learners, in the Experts page's order
ALGORITHMS = catalog.PAGES["experts"]


def make_stream(generator: str, n_experts: int, n_trials: int, error_low: float, error_high: float,
                seed: int, algorithm: str, params: dict):
    """:func:`datasets.advice.make_stream`, the adversary playing against learner ``algorithm`` built by the
    catalog with those of ``params`` that are its parameters."""
    names = {p.name for p in catalog.LEARNERS[algorithm].params}
    learner = catalog.build(algorithm, {k: v for k, v in params.items() if k in names}, seed=seed)
    return _advice.make_stream(generator, n_experts, n_trials, error_low, error_high, seed, learner)
