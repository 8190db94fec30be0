"""Side-by-side runs of two learners on one stream (the multiclass page's comparisons).

``all_pair_agreement`` runs the multi-vector and the all-pair perceptron on the
same trials and records, after every trial, whether they predicted alike and
the ratio of their scores — k on every trial by Lemma 3 of seed 000.
``weighted_comparison`` runs two learners on the same stream and returns their
cumulative mistakes and weighted losses (e.g. MV-IWP against MV-Perceptron).

Examples
--------
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> X = rng.normal(size=(60, 2)); y = rng.integers(0, 3, 60)
>>> result = all_pair_agreement(X, y)
>>> int(result["disagreements"][-1]), float(np.nanmax(np.abs(result["score_ratio"] - 3))) < 1e-9
(0, True)
>>> len(all_pair_agreement(X, y, max_trials=25)["trial"])
25
"""

from __future__ import annotations

import numpy as np

from learners import AllPairPerceptron, MultiVectorPerceptron

from .runner import Run


def all_pair_agreement(X, y, weights=None, *, importance_weighted=False, order="drawn",
                       n_passes=1, seed=0, max_trials=None) -> dict:
    """Step MV and AP through the same trials (the first ``max_trials`` of them, all by default); count
    disagreements and measure score ratios."""
    classes = np.unique(y)
    mv = Run(MultiVectorPerceptron(importance_weighted=importance_weighted), X, y, weights,
             classes=classes, order=order, n_passes=n_passes, seed=seed)
    ap = Run(AllPairPerceptron(importance_weighted=importance_weighted), X, y, weights,
             classes=classes, order=order, n_passes=n_passes, seed=seed)
    disagree, ratio = [], []
    trials = mv.total_trials if max_trials is None else min(int(max_trials), mv.total_trials)
    for _ in range(trials):
        a, b = mv.step().record, ap.step().record
        disagree.append(a.prediction != b.prediction)
        big = np.abs(a.scores) > 1e-12
        ratio.append(float(np.median(b.scores[big] / a.scores[big])) if big.any() else np.nan)
    return {
        "trial": np.arange(1, len(disagree) + 1),
        "disagreements": np.cumsum(disagree),
        "score_ratio": np.array(ratio),
        "k": len(classes),
        "mistakes": (mv.mistakes, ap.mistakes),
    }


def weighted_comparison(first, second, X, y, weights, *, order="shuffled", n_passes=1, seed=0,
                        max_trials=None) -> dict:
    """Cumulative mistakes and weighted loss of two learners on one stream (its first ``max_trials`` trials,
    all by default)."""
    out = {}
    for name, learner in (("first", first), ("second", second)):
        run = Run(learner, X, y, weights, order=order, n_passes=n_passes, seed=seed)
        run.play(max_trials)
        out[name] = run.cumulative()
    return out
