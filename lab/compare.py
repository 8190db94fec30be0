"""Side-by-side runs of two learners on one stream (the multiclass page's comparisons), and the Priority page's
comparison of ours with the baselines under the player's kernel.

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

``priority_models`` and ``fit_priority`` give the Priority page's methods with the kernel of the page's
player: linear, the Paper lab's set (every baseline linear); another kernel, ours and every baseline that
can take it with that very kernel function (Crammer–Singer cannot: it is left out):

>>> list(priority_models([1.0, 1.0, 1.0], [0, 1, 2], "baselines"))
['SVM', 'CSOVA', 'CSOVO', 'CSCS']
>>> list(priority_models([1.0, 1.0, 1.0], [0, 1, 2], "baselines", kernel="rbf", gamma=2.0))
['SVM', 'CSOVA', 'CSOVO']
"""

from __future__ import annotations

from functools import partial

import numpy as np

from learners import AllPairPerceptron, ApportionedMargin, MultiVectorPerceptron

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


def priority_models(theta, classes, which: str, *, kernel: str = "linear", gamma: float = 1.0,
                    seed: int = 0) -> dict:
    """Unfitted models of the Priority page's comparison, name → model: ours with both solvers
    (``which="ours"``) or the baselines (``"baselines"``), for priorities ``theta`` in the order of
    ``classes``, all with the player's ``kernel`` and ``gamma``.

    A linear kernel gives the Paper lab's models (:func:`experiments.priority.method_models`).  Another
    kernel: ours with it, and each baseline scikit-learn's SVC can run with the very kernel function ours uses
    (:func:`learners.kernels.kernel_matrix`, with ours' degree and coef0); Crammer–Singer, linear only, is left
    out (the page says so)."""
    from experiments.priority import BASELINE_NAMES, OURS, method_models
    from learners.baselines import BASELINES
    from learners.kernels import kernel_matrix

    names = OURS if which == "ours" else BASELINE_NAMES
    if kernel == "linear":
        models = method_models(theta, classes, seed)
        return {name: models[name] for name in names}
    theta = np.asarray(theta, dtype=float)
    if which == "ours":
        return {name: ApportionedMargin(theta=theta, kernel=kernel, gamma=gamma, random_state=seed, solver=solver)
                for name, solver in zip(OURS, ("sgd", "perceptron"))}
    ours = ApportionedMargin(kernel=kernel, gamma=gamma)
    # scikit-learn's own rbf is exp(−γ‖a − b‖²), ours exactly (and libsvm computes it natively); the others
    # are handed ours as a function
    function = "rbf" if kernel == "rbf" else partial(kernel_matrix, kernel=kernel, gamma=gamma, degree=ours.degree,
                                                      coef0=ours.coef0)
    return {name: BASELINES[name].build(theta, classes, kernel=function, gamma=gamma)
            for name in names if BASELINES[name].kernel_capable}


def fit_priority(X, labels, theta, which: str, *, kernel: str = "linear", gamma: float = 1.0, seed: int = 0) -> dict:
    """:func:`priority_models` fitted on (X, labels): name → fitted model, or → why it is missing.

    With a linear kernel the baselines see the coordinates standardised (SVMs are not scale-free, and a linear
    rule stays linear in the drawn coordinates) and ours sees them as drawn, as in the Paper lab
    (:func:`experiments.priority.fit_methods`).  With another kernel every method sees the points as drawn: the
    same kernel on the same coordinates."""
    from experiments.priority import BASELINE_NAMES, OURS, fit_methods, fit_model

    theta = np.asarray(theta, dtype=float)
    if kernel == "linear":
        return fit_methods(X, labels, theta, seed=seed, only=OURS if which == "ours" else BASELINE_NAMES,
                           standardize=True)
    models = priority_models(theta, np.unique(labels), which, kernel=kernel, gamma=gamma, seed=seed)
    return {name: fit_model(model, X, labels) for name, model in models.items()}
