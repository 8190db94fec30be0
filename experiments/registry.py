"""The experiments by name, with what each reproduces."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import iwp_table1, lemma4, manyclass, priority, rwm_epsilon, winnow_scaling
from .progress import Progress


@dataclass(frozen=True)
class Experiment:
    name: str
    source: str
    summary: str
    run: Callable       # run(runs=, seed=, quick=, progress=) -> dict
    parallel: bool = False   # run() also takes n_jobs (processes sharing the work; same numbers)
    options: tuple = ()      # further keywords run() takes, offered on the command line (e.g. "passes")
    interactive: bool = False  # the Paper lab recomputes it as its inputs change (no Run button)


EXPERIMENTS = {e.name: e for e in (
    Experiment("iwp-table1", "seed 000, Table 1", "MV-IWP vs MV-Perceptron on LETTER, one pass, 10 permutations",
               iwp_table1.run),
    Experiment("priority-figures", "seed 002, Figures 3–5", "four clouds: ours (both solvers) and baselines per θ",
               lambda runs=1, seed=0, quick=False, progress=None, keep_models=False: priority.figures(
                   seed=seed, quick=quick, progress=progress, keep_models=keep_models)),
    Experiment("priority-table2", "seed 002, Table 2", "expected risk and sensitivity, 10-fold CV, linear and RBF",
               lambda runs=1, seed=0, quick=False, progress=None, n_jobs=1: priority.table2(
                   seed=seed, quick=quick, progress=progress, n_jobs=n_jobs), parallel=True),
    Experiment("winnow-scaling", "seed 003, Examples 1–2", "mistakes vs n, sparse and dense targets",
               winnow_scaling.run),
    Experiment("manyclass", "seed 004", "PA-II vs OOZ on Zipf many-class data, committees, sparsification",
               manyclass.run, options=("passes",)),
    Experiment("rwm-epsilon", "seed 001", "RWM bound vs ε and the doubling trick's phases", rwm_epsilon.run),
    Experiment("lemma4", "seed 002, Lemma 4", "Lemma 4, examined: its closed form against the exact minimiser (LP)",
               lemma4.run, interactive=True),
)}


def run_experiment(name: str, runs: int = 10, seed: int = 0, quick: bool = False,
                   progress: Progress | None = None, **options) -> dict:
    """Run one experiment by name; ``progress(fraction, text)`` hears of every unit of work
    (see :mod:`experiments.progress`); ``options`` go to the experiment's own run function
    (e.g. ``keep_models=True`` for priority-figures)."""
    if name not in EXPERIMENTS:
        raise ValueError(f"Unknown experiment {name!r}; run 'python -m experiments list'.")
    result = EXPERIMENTS[name].run(runs=runs, seed=seed, quick=quick, progress=progress, **options)
    result.update(experiment=name, source=EXPERIMENTS[name].source, seed=seed, quick=quick)
    return result
