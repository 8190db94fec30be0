"""Reproductions of the sources' experiments, beside their published numbers.

``python -m experiments list`` names them; ``python -m experiments NAME
[--runs N] [--seed S] [--out FILE.json] [--quick]`` runs one and prints our
numbers beside the published ones.  Every experiment is a pure function of its
parameters (seeded), returning a JSON-ready dict with ``rows`` and notes.
Every run function also takes ``progress(fraction, text)`` (see
:mod:`experiments.progress`); priority-table2 shares its folds among ``--jobs``
processes with the same numbers.
"""

from .registry import EXPERIMENTS, run_experiment

__all__ = ["EXPERIMENTS", "run_experiment"]
