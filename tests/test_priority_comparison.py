"""Issue 34, the Priority page: "Ours and the baselines" silently stayed linear when the player's kernel was
RBF, and hand-drawn clouds opened in drawn order with one pass (a run that showed little).

The comparison's models (lab.compare.priority_models) take the player's kernel: ours with it, every baseline
that can take it with the very kernel function ours uses, and a reason for the one that cannot; the page's
run settings (lab.settings.run_settings) shuffle the points and make several passes.  The page's wiring is
checked in tests/test_priority_page.py (the kernel switched to RBF in the sidebar)."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics.pairwise import pairwise_kernels

from datasets.four_clouds import four_clouds
from experiments.priority import BASELINE_NAMES, OURS
from lab import catalog
from lab.compare import fit_priority, priority_models
from lab.runner import Run
from lab.settings import run_settings
from learners.kernels import kernel_matrix

THETA = (10.0, 10.0, 1.0, 1.0)


def svc_gram(svc, A, B) -> np.ndarray:
    """The Gram matrix a fitted or unfitted SVC computes between the rows of A and B."""
    if callable(svc.kernel):
        return svc.kernel(A, B)
    assert svc.kernel == "rbf", svc.kernel
    return pairwise_kernels(A, B, metric="rbf", gamma=svc.gamma)


def svcs(model) -> list:
    """The SVCs inside a baseline (itself, or its binary estimators)."""
    inner = getattr(model, "base_estimator", None) or getattr(model, "estimator", None)
    return [inner if inner is not None else model]


@pytest.mark.parametrize("kernel, gamma", [("rbf", 2.0), ("laplace", 0.5), ("poly", 0.3)])
def test_ours_and_every_baseline_that_can_take_a_kernel_use_the_players_kernel(kernel, gamma):
    rng = np.random.default_rng(1)
    A, B = rng.normal(size=(7, 2)), rng.normal(size=(5, 2))
    ours = priority_models(THETA, np.arange(4), "ours", kernel=kernel, gamma=gamma)
    assert list(ours) == list(OURS)
    reference = next(iter(ours.values()))
    assert {(m.kernel, m.gamma) for m in ours.values()} == {(kernel, gamma)}
    assert {m.solver for m in ours.values()} == {"sgd", "perceptron"}
    expected = kernel_matrix(A, B, kernel, gamma, reference.degree, reference.coef0)
    baselines = priority_models(THETA, np.arange(4), "baselines", kernel=kernel, gamma=gamma)
    assert list(baselines) == [name for name in BASELINE_NAMES if name != "CSCS"]    # Crammer–Singer: linear only
    for name, model in baselines.items():
        for svc in svcs(model):
            np.testing.assert_allclose(svc_gram(svc, A, B), expected, rtol=1e-10, atol=1e-12)


def test_with_a_linear_kernel_the_comparison_is_the_paper_labs_and_every_method_is_drawn_exactly():
    X, y = four_clouds(15, seed=2)
    from viz.priority import linear_rule
    for which in ("ours", "baselines"):
        fitted = fit_priority(X, y, THETA, which)
        assert list(fitted) == list(OURS if which == "ours" else BASELINE_NAMES)
        assert all(not isinstance(m, str) for m in fitted.values())
        if which == "ours":
            assert all(linear_rule(m) is not None for m in fitted.values())


def test_with_the_rbf_kernel_the_fitted_methods_predict_with_it():
    X, y = four_clouds(15, seed=2)
    fitted = {**fit_priority(X, y, THETA, "ours", kernel="rbf", gamma=1.0),
              **fit_priority(X, y, THETA, "baselines", kernel="rbf", gamma=1.0)}
    from viz.priority import linear_rule
    assert "CSCS" not in fitted
    for name, model in fitted.items():
        assert linear_rule(model) is None, name                     # no longer a linear rule
        assert model.predict(X).shape == y.shape


def test_hand_drawn_clouds_open_priority_with_a_run_that_meets_every_class_and_makes_passes():
    """Points drawn by hand come cloud after cloud; in drawn order the apportioned margin met one class at a
    time and made one mistake per new class."""
    X, y = four_clouds(20, seed=3, spread=0.5)
    order = np.argsort(y, kind="stable")
    X, y = X[order], y[order]                                       # as drawn: class 0's cloud first, …
    settings = {row.key: row.default for row in run_settings("priority")}
    run = Run(catalog.build("Apportioned margin", {"theta": THETA}), X, y, order=settings["order"],
              n_passes=settings["passes"], seed=settings["seed"])
    run.play()
    first = y[run.shown()[: len(y) // 4]]
    assert set(first.tolist()) == set(y.tolist()), "the first quarter of a pass meets every class"
    assert settings["passes"] > 1
    assert run.mistakes > 2 * len(set(y.tolist()))                  # more than a mistake where each cloud begins
