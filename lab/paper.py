"""The Paper lab's unit of work: one experiment's result as the page shows it, computed in a worker
process of :mod:`lab.jobs` (so it takes plain, picklable arguments and returns a picklable result).

>>> result = paper_result("rwm-epsilon", runs=1, seed=0, quick=True)
>>> result["experiment"], "figures" in result
('rwm-epsilon', False)
"""

from __future__ import annotations

from experiments.registry import run_experiment
from experiments.progress import Progress


def paper_result(name: str, runs: int, seed: int, quick: bool, progress: Progress | None = None) -> dict:
    """:func:`experiments.registry.run_experiment`; priority-figures also carries its figures (built where
    the models are, so the models themselves need not travel back)."""
    if name != "priority-figures":
        return run_experiment(name, runs=runs, seed=seed, quick=quick, progress=progress)
    from viz.priority import priority_figures

    result = run_experiment(name, runs=runs, seed=seed, quick=quick, progress=progress, keep_models=True)
    result["figures"] = priority_figures(result)
    del result["models"], result["train"]
    return result


def job_key(name: str, runs: int, seed: int, quick: bool) -> tuple:
    """The key under which sessions share one run of these parameters."""
    return ("paper", name, int(runs), int(seed), bool(quick))
