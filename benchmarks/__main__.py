"""Run the benchmark: ``python -m benchmarks`` (see README).  Exit 1 when a target is missed."""

from __future__ import annotations

import math
import platform
import sys
from datetime import date

from . import learners_bench, limits_bench
from .measure import Figure


def main() -> int:
    print(f"Mistake Bound Lab benchmark — {date.today()} — {_cpu()} ({platform.machine()}), {_cores()} cores, "
          f"{platform.python_implementation()} {platform.python_version()}")
    figures = learners_bench.run() + limits_bench.run()
    try:
        from . import browser_bench
    except ImportError as error:       # counted as misses below, never a silent pass
        figures.append(Figure("Browser figures", math.nan, 0, "", note=f"skipped: {error}"))
    else:
        figures += browser_bench.run()
    for figure in figures:
        print(figure.line())
    targets = [f for f in figures if not f.reported]
    missed = [f for f in targets if not f.met]
    print(f"{len(targets) - len(missed)} of {len(targets)} targets met")
    return 1 if missed else 0


def _cpu() -> str:
    """The CPU model named by /proc/cpuinfo (Linux), else what the platform module says."""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _cores() -> int:
    import os

    return os.cpu_count() or 1


if __name__ == "__main__":
    sys.exit(main())
