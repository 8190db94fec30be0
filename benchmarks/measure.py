"""Timing helpers: warm-up, repetitions, medians — two things measured side by side."""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass


def median_seconds(function, repeats: int = 7, warmup: int = 1) -> float:
    """Median wall time of ``function()`` over ``repeats`` runs after ``warmup`` runs."""
    for _ in range(warmup):
        function()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def interleaved_medians(first, second, repeats: int = 7, warmup: int = 1) -> tuple[float, float]:
    """Medians of two functions timed alternately, so machine noise hits both alike."""
    for _ in range(warmup):
        first()
        second()
    a, b = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        first()
        a.append(time.perf_counter() - start)
        start = time.perf_counter()
        second()
        b.append(time.perf_counter() - start)
    return statistics.median(a), statistics.median(b)


@dataclass
class Figure:
    """One measured figure and its target."""

    name: str
    value: float
    target: float
    unit: str
    higher_is_better: bool = False
    note: str = ""

    @property
    def met(self) -> bool:
        return self.value >= self.target if self.higher_is_better else self.value <= self.target

    @property
    def reported(self) -> bool:
        """A figure shown for information, without a target (its target is infinite)."""
        return math.isinf(self.target)

    def line(self) -> str:
        sign = "≥" if self.higher_is_better else "≤"
        status = "    " if self.reported else "ok  " if self.met else "MISS"
        target = "(reported)" if self.reported else f"(target {sign} {self.target:g})"
        return f"{status} {self.name:<58} {self.value:>10.3g} {self.unit:<6} {target} {self.note}"
