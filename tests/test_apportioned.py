"""The apportioned-margin classifier (seed 002): priorities move the boundaries, both solvers."""

import numpy as np
import pytest

from datasets.four_clouds import four_clouds
from learners import ApportionedMargin
from learners.baselines import BASELINES, expected_risk, fisher_minimizer, sensitivity

THETA = [10.0, 10.0, 1.0, 1.0]


def compare(solver, seed):
    X, y = four_clouds(100, seed)
    X_test, y_test = four_clouds(300, seed + 100)
    uniform = ApportionedMargin(solver=solver, random_state=seed).fit(X, y).predict(X_test)
    priority = ApportionedMargin(theta=THETA, solver=solver, random_state=seed).fit(X, y).predict(X_test)
    recall = [(sensitivity(y_test, uniform, c), sensitivity(y_test, priority, c)) for c in (0, 1)]
    cost = (expected_risk(y_test, uniform, THETA, range(4)), expected_risk(y_test, priority, THETA, range(4)))
    return recall, cost


@pytest.mark.parametrize("seed", range(6))
def test_priority_10_10_1_1_raises_recall_and_lowers_cost_with_sgd(seed):
    recall, (uniform_cost, priority_cost) = compare("sgd", seed)
    for before, after in recall:
        assert after > before + 0.02
    assert priority_cost < 0.9 * uniform_cost


def test_priority_raises_recall_and_lowers_cost_with_the_perceptron_solver_on_average():
    results = [compare("perceptron", seed) for seed in range(6)]
    recall_gain = np.mean([[after - before for before, after in r] for r, _ in results], axis=0)
    cost_ratio = np.mean([after / before for _, (before, after) in results])
    assert np.all(recall_gain > 0.05)
    assert cost_ratio < 0.8


@pytest.mark.parametrize("kernel, solver", [("linear", "sgd"), ("linear", "perceptron"), ("rbf", "sgd")])
def test_fit_equals_stepping(kernel, solver):
    X, y = four_clouds(20, 3)
    fitted = ApportionedMargin(theta=THETA, kernel=kernel, solver=solver, n_passes=1, shuffle=False).fit(X, y)
    stepped = ApportionedMargin(theta=THETA, kernel=kernel, solver=solver, n_passes=1, shuffle=False)
    for x, label in zip(X, y):
        stepped.learn_one(x, label, classes=np.arange(4))
    np.testing.assert_array_equal(fitted.history_["prediction"], stepped.history_["prediction"])
    np.testing.assert_allclose(fitted.decision_function(X), stepped.decision_function(X))


def test_an_sgd_step_moves_the_true_class_score_up():
    model = ApportionedMargin(theta=[2.0, 1.0, 1.0], fit_intercept=False)
    first = model.learn_one([1.0, 0.0], 0, classes=[0, 1, 2])   # W = 0: every class fires
    assert first.update["classes_moved"] == 3
    raw = model.decision_function([[1.0, 0.0]])[0] * model.theta_
    assert raw[0] > 0 > raw[1] and raw[2] < 0            # + for the true class, − for the others
    second = model.learn_one([1.0, 0.0], 0)             # margins now exceed θ: only the shrink
    assert second.update["classes_moved"] == 0 and second.updated


def test_decision_function_argmax_is_the_prediction_and_theta_scales_it():
    X, y = four_clouds(40, 5)
    model = ApportionedMargin(theta=THETA, random_state=0).fit(X, y)
    scores = model.decision_function(X)
    np.testing.assert_array_equal(model.classes_[scores.argmax(axis=1)], model.predict(X))
    raw = X @ model.class_coef_.T + model.class_intercept_
    np.testing.assert_allclose(scores, raw / np.array(THETA))


def test_rbf_kernel_separates_xor():
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, (300, 2))
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    model = ApportionedMargin(kernel="rbf", gamma=2.0, random_state=0).fit(X, y)
    assert (model.predict(X) == y).mean() > 0.9
    with pytest.raises(AttributeError, match="linear"):
        model.coef_


@pytest.mark.parametrize("theta, text", [([0.0, 1.0], "positive"), ([-1.0, 1.0], "positive"),
                                         ([1.0, np.nan], "positive and finite"), ([1.0], "one priority per class"),
                                         (["a", "b"], "must be numbers")])
def test_bad_theta_raises_a_value_error_that_says_what_to_fix(theta, text):
    with pytest.raises(ValueError, match=text):
        ApportionedMargin(theta=theta).fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])


def test_bad_solver_and_lambda_raise_value_errors():
    with pytest.raises(ValueError, match="solver"):
        ApportionedMargin(solver="adam").fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])
    with pytest.raises(ValueError, match="lam"):
        ApportionedMargin(lam=0.0).fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])


def test_long_adversarial_runs_stay_finite():
    rng = np.random.default_rng(0)
    X = rng.normal(scale=1e3, size=(1_000_000, 2))
    y = rng.integers(0, 4, len(X))
    for solver in ("sgd", "perceptron"):
        model = ApportionedMargin(theta=THETA, solver=solver, n_passes=1, shuffle=False).fit(X, y)
        assert np.all(np.isfinite(model.class_coef_)) and np.all(np.isfinite(model.decision_function(X[:50])))


def test_baselines_fit_and_predict_on_the_four_clouds():
    X, y = four_clouds(40, 2)
    for baseline in BASELINES.values():
        model = baseline.build(THETA, np.arange(4), kernel="rbf").fit(X, y)
        assert (model.predict(X) == y).mean() > 0.6, baseline.name


def test_fisher_minimizer_decides_like_the_bayes_rule_for_costs_theta():
    rng = np.random.default_rng(1)
    for _ in range(200):
        theta = rng.uniform(0.1, 10, 4)
        p = rng.dirichlet(np.ones(4))
        f = fisher_minimizer(theta, p)
        assert np.argmax(f / theta) == np.argmax(theta * p)
        assert np.isclose(f.sum(), theta[np.argmax(theta * p)] - (theta.sum() - theta[np.argmax(theta * p)]) / 3)
