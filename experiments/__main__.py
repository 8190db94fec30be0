"""python -m experiments list | NAME [--runs N] [--seed S] [--out FILE.json] [--quick] [--jobs J] [--passes P]

On a terminal, one line on stderr shows the progress ([ 42%] what is running); piped or
redirected output holds only the results."""

from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

from learners.sources import readable

from .progress import terminal_line
from .registry import EXPERIMENTS, run_experiment


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m experiments", description=__doc__)
    parser.add_argument("name", help="an experiment name, or 'list'")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="write the result as JSON here")
    parser.add_argument("--quick", action="store_true", help="a small version (seconds)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="processes for the experiments that can share their work (priority-table2); "
                             "the numbers do not depend on it (default: one per core)")
    parser.add_argument("--passes", type=int,
                        help="passes over the training rows, for the experiments that train in passes "
                             "(manyclass: default 3 with --quick, 7 without)")
    args = parser.parse_args(argv)
    if args.name == "list":
        for e in EXPERIMENTS.values():
            print(f"{e.name:<18} {readable(e.source):<45} {readable(e.summary)}")
        return 0
    options = {}
    if args.name in EXPERIMENTS and EXPERIMENTS[args.name].parallel:
        options["n_jobs"] = max(1, args.jobs)
    if args.passes is not None:
        if args.name in EXPERIMENTS and "passes" not in EXPERIMENTS[args.name].options:
            takes = [e.name for e in EXPERIMENTS.values() if "passes" in e.options]
            print(f"{args.name} does not train in passes; --passes applies to {', '.join(takes)}.", file=sys.stderr)
            return 2
        options["passes"] = args.passes
    try:
        result = _plain(run_experiment(args.name, runs=args.runs, seed=args.seed, quick=args.quick,
                                       progress=terminal_line(), **options))
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    text = json.dumps(result, indent=2, default=str)
    if args.out:
        with open(args.out, "w") as handle:
            handle.write(text)
    for row in result.get("rows", []):
        print(json.dumps(row, default=str))
    for note in result.get("notes", []):
        print("note:", readable(note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
