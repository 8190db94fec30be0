"""Compile numba's loops into its cache once, before many processes need them.

The loops of ``learners/`` are compiled with ``cache=True``: the first process that runs a loop compiles it
(tenths of a second to seconds each; about 15 s for what the test suite runs, on one core) and writes the machine
code beside its module, where every later process loads it.  A fresh checkout has no cache, so the test suite's
workers and the Streamlit servers they start — or the workers ``python -m deploy`` starts — would each compile the
same loops at once.  :func:`warm` plays every learner of the catalog on each page that offers it, in every order,
and fits it (the batch loops) with each choice of its choice parameters (kernels, variants), on a story's points
— moved into the first quadrant for a learner of non-negative features — or, for the expert learners, on a
stream of advice and an adversary's.  ``python -m lab.warm`` does it and says how many runs it made.

>>> warm(trials=5) > len(catalog.LEARNERS)
True
"""

from __future__ import annotations

import itertools

from datasets.advice import make_stream
from datasets.pointset import PointSet
from lab import catalog
from lab.runner import ORDERS
from lab.stories import STORIES, make_points
from lab.timeline import build_timeline

#: the points each page's learners are warmed on: a story of that page
PAGE_STORIES = {"perceptron": "weighted", "winnow": "thin-margin", "multiclass": "four-classes",
                "priority": "priority"}


def _choices(name: str):
    """Every combination of the learner's choice parameters (one empty one when it has none)."""
    params = [p for p in catalog.LEARNERS[name].params if p.kind == "choice"]
    for values in itertools.product(*(p.options for p in params)):
        yield dict(zip((p.name for p in params), values))


def _points_for(name: str, points: PointSet) -> PointSet:
    if not getattr(catalog.LEARNERS[name].cls, "_positive_only", False):
        return points
    X, labels, weights = points.to_arrays()
    return PointSet.from_arrays(X - X.min(axis=0), labels, weights)


def warm(trials: int = 40) -> int:
    """Play and fit every page's learners on ``trials`` examples; return the number of runs and fits made."""
    runs = 0
    for page, names in catalog.PAGES.items():
        for name in names:
            if page == "experts":
                streams = [make_stream("perfect expert", 8, trials, 0.1, 0.4, seed=0),
                           make_stream("adversary", 8, trials, 0.1, 0.4, seed=0,
                                       learner=lambda name=name: catalog.build(name))]
                for stream in streams:
                    build_timeline(name, {}, stream, max_trials=trials)
                    catalog.build(name).fit(stream.advice, stream.outcomes)
                    runs += 2
                continue
            points = _points_for(name, make_points(STORIES[PAGE_STORIES[page]]))
            for order in ORDERS:
                build_timeline(name, {}, points, order=order, max_trials=trials)
                runs += 1
            X, labels, weights = points.to_arrays()
            for values in _choices(name):
                catalog.build(name, values).fit(X[:trials], labels[:trials], sample_weight=weights[:trials])
                runs += 1
    return runs


if __name__ == "__main__":
    print(f"lab.warm: {warm()} runs and fits; numba's loops are in its cache")
