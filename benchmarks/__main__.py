"""Run the benchmark: ``python -m benchmarks`` (see README).  Exit 1 when a target is missed."""

from __future__ import annotations

import platform
import sys
from datetime import date

from . import learners_bench


def main() -> int:
    print(f"Mistake Bound Lab benchmark — {date.today()} — {platform.machine()}, "
          f"{platform.python_implementation()} {platform.python_version()}, {_cores()} cores")
    figures = learners_bench.run()
    try:
        from . import browser_bench
        figures += browser_bench.run()
    except ImportError as error:
        print(f"(browser figures skipped: {error})")
    for figure in figures:
        print(figure.line())
    missed = [f for f in figures if not f.met]
    print(f"{len(figures) - len(missed)} of {len(figures)} targets met")
    return 1 if missed else 0


def _cores() -> int:
    import os

    return os.cpu_count() or 1


if __name__ == "__main__":
    sys.exit(main())
