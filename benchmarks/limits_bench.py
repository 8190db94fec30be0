"""The largest run a page of the lab allows (issue 19): for each kind of learner, the worst order on the
largest point set the import accepts, cut at its trial limit (lab.limits).  Each must build within a few
seconds and make a payload of a few MB, since a class shares one server."""

from __future__ import annotations

import numpy as np

from .measure import Figure, median_seconds

LARGEST_RUN_SECONDS, LARGEST_RUN_MB = 5.0, 16.0
#: (learner, classes, order): the costliest case of each kind
CASES = (("Perceptron", 2, "adversarial"), ("Winnow", 2, "adversarial"), ("All-pair Perceptron", 6, "adversarial"),
         ("Multi-vector Perceptron", 6, "shuffled"), ("Kernel Perceptron", 2, "shuffled"),
         ("Kernel Perceptron", 2, "adversarial"), ("Apportioned margin", 6, "adversarial"))


def noisy_points(n: int, classes: int, seed: int = 19):
    """``n`` points of ``classes`` overlapping clouds: every order keeps making mistakes until the limit."""
    from datasets.pointset import PointSet

    rng = np.random.default_rng(seed)
    labels = rng.integers(0, classes, n)
    return PointSet.from_arrays(rng.normal(size=(n, 2)) * 3 + labels[:, None] * 0.3, labels)


def run() -> list[Figure]:
    from datasets.pointset import MAX_POINTS
    from lab.limits import trial_limit
    from lab.timeline import build_timeline, payload_json

    figures = []
    for name, classes, order in CASES:
        points = noisy_points(MAX_POINTS, classes)
        build = lambda: payload_json(build_timeline(name, {}, points, order=order, n_passes=1, seed=0))  # noqa: E731
        seconds = median_seconds(build, repeats=1)
        size = len(build().encode()) / 1e6
        trials = trial_limit(name, MAX_POINTS, order).trials
        figures.append(Figure(f"Largest run: {name}, {order}, {MAX_POINTS:,} points", seconds, LARGEST_RUN_SECONDS,
                              "s", note=f"{trials:,} trials, payload {size:.1f} MB"))
        figures.append(Figure(f"Largest run: {name}, {order}: payload", size, LARGEST_RUN_MB, "MB"))
    return figures


if __name__ == "__main__":
    for figure in run():
        print(figure.line(), flush=True)
