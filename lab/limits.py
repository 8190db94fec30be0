"""How long a run the browser lab builds: trial limits chosen from measurements, so that the largest
run a page allows builds in a few seconds on one core and its payload stays a few MB.

A run handed to the player is computed in full on the server before the first frame (every trial's
model, math and quiz answers), at a cost per trial that depends on the learner and on the order:

* a linear two-class learner costs about 0.7 ms a trial (its model, the regions it cuts, the math);
* a multiclass learner draws one region per class: about 1.7 ms a trial with six classes;
* the Kernel Perceptron's trial costs O(S) kernel values (S support points so far) and its bound
  curve replays a dual perceptron on the trials shown (O(T²));
* the adversarial order scores *every* point before each trial to find a misclassified one: n
  scores for a linear model, n·S kernel values for a kernel model — on 3,000 points a 3,000-trial
  kernel run took 17 s (measured on the 2-core machine the lab is tested on).

* OOZ moves on nearly every trial (until every other class scores δ below the true one), so nearly
  every trial draws new class regions: on 2,000 points in six classes 1,000 OOZ trials took 1.4× the
  time of 2,000 multi-vector trials (about 2.8× a trial; both measured on the same loaded machine), so
  its catalog entry sets its limit to 700 (``max_trials``).

So each learner gets a trial limit (:data:`TRIALS`, or its catalog entry's ``max_trials``), and the
adversarial order of a kernel learner a
smaller one that shrinks with the number of points (:data:`KERNEL_SCAN_BUDGET` kernel values in all).
Beyond the limit the run stops and the page says so; the library (``lab.runner.Run(...).play()``,
any learner's ``fit``) and ``python -m experiments`` have no limit.

Some runs cannot start at all, whatever their length: a learner that needs non-negative features (OOZ and
the weight-bounded perceptron, its catalog entry's ``non_negative``) on points with a negative coordinate.
:func:`refusal` says so in the page's words — why, and what to do — before the library would refuse with its
own message.

Examples
--------
>>> trial_limit("Perceptron", 1_000, "shuffled").trials
3000
>>> limit = trial_limit("Kernel Perceptron", 100_000, "adversarial")
>>> limit.trials, "every point" in limit.reason
(200, True)
>>> trial_limit("OOZ", 1_000, "drawn").trials
700
>>> from datasets.pointset import PointSet
>>> print(refusal("OOZ", PointSet.from_arrays([[1.0, -2.5], [0.5, 3.0]], [0, 1])))
OOZ needs points whose coordinates are all 0 or more: Madani & Huang built it for documents, whose features (word weights) are never negative. 1 of these 2 points has a negative coordinate (the lowest: x₂ = −2.5). Choose another learner, open its example, or move the points to x₁ ≥ 0 and x₂ ≥ 0 on the Data page.
>>> refusal("Perceptron", PointSet.from_arrays([[1.0, -2.5], [0.5, 3.0]], [0, 1])) is None
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from learners.sources import credit

from . import catalog
from .numbers import number_text

#: trials of a run built for the browser, by kind of learner (measured: ≤ about 3.5 s each here)
TRIALS = {"linear": 3_000, "multiclass": 2_000, "kernel": 2_000}
#: kernel values the adversarial order of a kernel learner may compute in all: Σ_t n·S_t ≤ n·T²/2
KERNEL_SCAN_BUDGET = 2e9
#: the coordinates of the lab's points (datasets.pointset: two a point), as the pages name them
AXES = ("x₁", "x₂")
#: runs on more points than this are built for their session only and not kept in the cache that
#: sessions share (a class opening one story shares its run; a 100,000-point import is one user's)
SHARED_RUN_POINTS = 5_000


@dataclass(frozen=True)
class Limit:
    """The most trials a run may have, and why (a sentence for the page)."""

    trials: int
    reason: str


def kind_of(name: str) -> str:
    """"kernel", "multiclass" or "linear": the family whose cost per trial sets the limit."""
    spec = catalog.LEARNERS[name]
    if spec.dual_change is not None:          # a model kept as support points (Kernel Perceptron, apportioned margin)
        return "kernel"
    return "linear" if spec.binary_only else "multiclass"


def trial_limit(name: str, n_points: int, order: str) -> Limit:
    """The trial limit of learner ``name`` on ``n_points`` points presented in ``order``."""
    kind = kind_of(name)
    trials = catalog.LEARNERS[name].max_trials or TRIALS[kind]
    reason = f"a run in the browser lab holds at most {trials:,} trials of this learner, so that it builds in a few seconds"
    if kind == "kernel" and order == "adversarial":
        scan = max(1, int(math.sqrt(2 * KERNEL_SCAN_BUDGET / max(int(n_points), 1))))
        if scan < trials:
            trials = scan
            reason = (f"the adversarial order scores every point against every support point before each trial, "
                      f"so on {int(n_points):,} points a run of this kernel model stops after {trials:,} trials here")
    return Limit(int(trials), reason)


def refusal(name: str, data) -> str | None:
    """Why learner ``name`` cannot run on ``data`` (a point set) at all, in plain words with what to do, or
    None when it can start.  The one such reason: a learner that needs non-negative features on points with a
    negative coordinate."""
    if not catalog.LEARNERS[name].non_negative or not hasattr(data, "X") or not len(data):
        return None
    X = np.asarray(data.X, dtype=float)
    negative = np.any(X < 0, axis=1)
    if not negative.any():
        return None
    row, column = np.unravel_index(int(np.argmin(X)), X.shape)
    count, n = int(negative.sum()), len(X)
    axes = " and ".join(f"{AXES[j]} ≥ 0" for j in range(X.shape[1]))
    example = " open its example," if catalog.LEARNERS[name].example else ""
    return (f"{name} needs points whose coordinates are all 0 or more: {credit('004')} built it for documents, "
            f"whose features (word weights) are never negative. {count:,} of these {n:,} points "
            f"{'has' if count == 1 else 'have'} a negative coordinate (the lowest: {AXES[column]} = "
            f"{number_text(X[row, column])}). Choose another learner,{example} or move the points to {axes} on "
            "the Data page.")
