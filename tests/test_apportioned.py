"""The apportioned-margin classifier (seed 002): priorities move the boundaries, both solvers,
the SGD step checked against the explicit Pegasos recursion, the dual form against the
primal one, baselines and metrics."""


import numpy as np
import pytest

import learners.apportioned as apportioned
from datasets.four_clouds import CENTERS, four_clouds
from learners import ApportionedMargin
from learners.baselines import (BASELINES, WeightedOneVsRest, class_weighted_svm, cost_sensitive_ovo,
                                cost_sensitive_ovr, crammer_singer, expected_risk, fisher_minimizer,
                                plain_svm, population_loss, population_minimizer, sensitivity)

THETA = np.array([10.0, 10.0, 1.0, 1.0])
CLASSES = np.arange(4)


def held_out_comparison(solver, seed):
    """Recall of classes 0 and 1 and the θ-weighted test cost, uniform vs priority θ, on fresh points."""
    X, y = four_clouds(100, seed)
    X_test, y_test = four_clouds(300, seed + 100)
    uniform = ApportionedMargin(solver=solver, random_state=seed).fit(X, y).predict(X_test)
    priority = ApportionedMargin(theta=THETA, solver=solver, random_state=seed).fit(X, y).predict(X_test)
    recall_gain = [sensitivity(y_test, priority, c) - sensitivity(y_test, uniform, c) for c in (0, 1)]
    cost_ratio = expected_risk(y_test, priority, THETA, CLASSES) / expected_risk(y_test, uniform, THETA, CLASSES)
    return np.array(recall_gain), cost_ratio


# ------------------------------------------------------------ the priority effect
def test_priority_10_10_1_1_raises_recall_and_lowers_cost_with_sgd_on_every_seed():
    results = [held_out_comparison("sgd", seed) for seed in range(8)]
    for gain, ratio in results:
        assert np.all(gain > 0) and ratio < 1.0
    assert np.mean([gain for gain, _ in results], axis=0).min() > 0.05
    assert np.mean([ratio for _, ratio in results]) < 0.85


def test_priority_raises_recall_and_lowers_cost_with_the_perceptron_solver():
    """The θ-margin perceptron's last iterate wanders on overlapping data, so single seeds are
    noisy: recall never drops, and on average it rises and the cost falls clearly."""
    results = [held_out_comparison("perceptron", seed) for seed in range(8)]
    assert all(np.all(gain >= 0) for gain, _ in results)
    assert np.mean([gain for gain, _ in results], axis=0).min() > 0.05
    assert np.mean([ratio for _, ratio in results]) < 0.85
    assert sum(ratio < 1.0 for _, ratio in results) >= 6


def test_priority_moves_the_vertical_boundary_towards_the_cheap_classes():
    """Seed 002, Figure 2: with θ = {10, 10, 1, 1} the important left classes claim the middle."""
    X, y = four_clouds(100, 0)
    middle = np.column_stack([np.zeros(41), np.linspace(-2, 2, 41)])         # the line x = 0
    plain = ApportionedMargin(random_state=0).fit(X, y).predict(middle)
    tilted = ApportionedMargin(theta=THETA, random_state=0).fit(X, y).predict(middle)
    assert np.isin(tilted, [0, 1]).mean() > np.isin(plain, [0, 1]).mean() + 0.3
    assert np.isin(tilted, [0, 1]).mean() > 0.9


# ---------------------------------------------------------------- the update rules
def explicit_steps(X, y, weights, theta, lam, sgd):
    """The update written out (docs/SPECIFICATION.md): dense W, one step per row, intercept as feature 1."""
    F = np.column_stack([X, np.ones(len(X))])
    k = len(theta)
    W = np.zeros((k, F.shape[1]))
    predictions = []
    for t, (f, label, c) in enumerate(zip(F, y, weights), start=1):
        raw = W @ f
        predictions.append(int(np.argmax(raw / theta)))
        sign = np.where(np.arange(k) == label, 1.0, -1.0)
        gap = theta[label] - sign * raw
        fired = gap > 0 if sgd else gap >= 0
        move = c * (fired * sign)[:, None] * f[None, :]
        W = (1 - 1 / t) * W + move / (lam * t) if sgd else W + move
    return W, np.array(predictions)


@pytest.mark.parametrize("solver", ["sgd", "perceptron"])
def test_the_stored_sums_equal_the_explicit_update(solver):
    rng = np.random.default_rng(4)
    X, y = four_clouds(30, 4)
    order = rng.permutation(len(y))
    X, y, c = X[order], y[order], rng.exponential(1.0, len(y))
    model = ApportionedMargin(theta=THETA, solver=solver, lam=0.05, n_passes=1, shuffle=False)
    model.fit(X, y, sample_weight=c)
    W, predictions = explicit_steps(X, y, c, THETA, 0.05, solver == "sgd")
    np.testing.assert_allclose(model.class_coef_, W[:, :2], rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(model.class_intercept_, W[:, 2], rtol=1e-9, atol=1e-12)
    np.testing.assert_array_equal(model.history_["prediction"], predictions)


def test_an_sgd_step_adds_plus_x_to_the_true_class_and_minus_x_to_the_others():
    """The sign convention: θ_y − δ̄ f_j > 0 fires and w_j gains +(1/(λt))·δ̄(y,j)·x (not −)."""
    model = ApportionedMargin(theta=[2.0, 1.0, 1.0], lam=0.5, fit_intercept=False)
    first = model.learn_one([1.0, 0.0], 0, classes=[0, 1, 2])          # W = 0: every class fires
    assert first.update["fired"].tolist() == [True, True, True] and first.update["step_size"] == 2.0
    np.testing.assert_array_equal(model.class_coef_, [[2.0, 0.0], [-2.0, 0.0], [-2.0, 0.0]])
    # a random state and a violated example: every score moves by exactly the rule
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 2))
    model.partial_fit(X, rng.integers(0, 3, 40))
    x = np.array([0.3, -2.0])
    before = model.class_coef_ @ x
    label = int(np.argmin(before))                        # the class that wants x least
    assert before[label] < model.theta_[label]            # so the example violates its margin
    t = model.n_steps_ + 1
    record = model.learn_one(x, label)
    after = model.class_coef_ @ x
    fired = record.update["fired"]
    assert fired[label]
    sign = np.where(np.arange(3) == label, 1.0, -1.0)
    expected = (1 - 1 / t) * before + fired * sign * (x @ x) / (0.5 * t)
    np.testing.assert_allclose(after, expected, rtol=1e-12)
    assert after[label] > (1 - 1 / t) * before[label]                  # pushed up, not down


def test_the_record_holds_theta_scaled_scores_firings_and_step():
    X, y = four_clouds(20, 1)
    model = ApportionedMargin(theta=THETA, n_passes=1, shuffle=False).fit(X, y)
    x = np.array([0.2, 0.4])
    raw = model.class_coef_ @ x + model.class_intercept_
    record = model.learn_one(x, 2)
    np.testing.assert_allclose(record.scores, raw / THETA, rtol=1e-12)
    sign = np.where(CLASSES == 2, 1.0, -1.0)
    np.testing.assert_array_equal(record.update["fired"], THETA[2] - sign * record.update["raw_scores"] > 0)
    np.testing.assert_allclose(record.update["hinge"], np.maximum(THETA[2] - sign * raw, 0), rtol=1e-9)
    assert record.update["step_size"] == pytest.approx(1 / (0.01 * model.n_steps_))
    assert record.prediction == CLASSES[np.argmax(raw / THETA)]
    assert record.mistake == (record.prediction != 2)


# ------------------------------------------------------------ fast path ≡ stepping
@pytest.mark.parametrize("kernel, solver", [("linear", "sgd"), ("linear", "perceptron"),
                                            ("rbf", "sgd"), ("laplace", "perceptron"), ("poly", "sgd")])
def test_fit_equals_stepping_bit_for_bit(kernel, solver):
    rng = np.random.default_rng(7)
    X, y = four_clouds(15, 3)
    order = rng.permutation(len(y))
    X, y = X[order], y[order]
    c = rng.exponential(1.0, len(y))
    params = dict(theta=THETA, kernel=kernel, solver=solver, n_passes=1, shuffle=False, gamma=0.7)
    fitted = ApportionedMargin(**params).fit(X, y, sample_weight=c)
    stepped = ApportionedMargin(**params)
    records = [stepped.learn_one(x, label, w, classes=CLASSES) for x, label, w in zip(X, y, c)]
    for field in ("prediction", "margin", "mistake", "updated"):
        np.testing.assert_array_equal(fitted.history_[field], stepped.history_[field])
    np.testing.assert_array_equal(fitted._weights(), stepped._weights())
    np.testing.assert_array_equal(fitted.decision_function(X), stepped.decision_function(X))
    np.testing.assert_array_equal(records[-1].weights_after, stepped._weights())
    assert [r.mistake for r in records] == fitted.history_["mistake"].tolist()


@pytest.mark.parametrize("kernel", ["linear", "rbf"])
def test_two_partial_fits_equal_a_two_pass_fit(kernel):
    X, y = four_clouds(20, 5)
    params = dict(theta=THETA, kernel=kernel, n_passes=2, shuffle=False)
    fitted = ApportionedMargin(**params).fit(X, y)
    continued = ApportionedMargin(**params).partial_fit(X, y).partial_fit(X, y)
    assert fitted.n_steps_ == continued.n_steps_ == 2 * len(y)
    np.testing.assert_array_equal(fitted._weights(), continued._weights())
    np.testing.assert_array_equal(fitted.history_["prediction"], continued.history_["prediction"])


def test_compiled_and_pure_python_loops_agree():
    rng = np.random.default_rng(2)
    F = np.column_stack([rng.normal(size=(60, 3)), np.ones(60)])
    y, c = rng.integers(0, 3, 60), rng.exponential(1.0, 60)
    theta = np.array([3.0, 1.0, 0.5])
    results = []
    for loop in (apportioned.linear_pass, apportioned.linear_pass.py_func):
        S, state = np.zeros((3, 4)), np.zeros(2, dtype=np.int64)
        out = [np.empty(60, dtype=np.int64), np.empty(60), np.empty(60, dtype=bool),
               np.empty(60, dtype=np.int64), np.empty(60), np.empty(60, dtype=bool)]
        loop(F, y, c, S, theta, 0.1, True, state, *out, np.zeros(3), np.zeros(3, dtype=bool))
        results.append((S, out))
    np.testing.assert_allclose(results[0][0], results[1][0], rtol=1e-13)
    np.testing.assert_array_equal(results[0][1][0], results[1][1][0])


def test_the_kernel_loop_without_numba_gives_the_same_numbers(monkeypatch):
    X, y = four_clouds(8, 9)
    compiled = ApportionedMargin(theta=THETA, kernel="laplace", n_passes=2, random_state=2).fit(X, y)
    for name in ("kernel_pass", "fill_gram", "linear_pass"):
        monkeypatch.setattr(apportioned, name, getattr(apportioned, name).py_func)
    python = ApportionedMargin(theta=THETA, kernel="laplace", n_passes=2, random_state=2).fit(X, y)
    np.testing.assert_allclose(python.dual_coef_, compiled.dual_coef_, rtol=1e-13)
    np.testing.assert_array_equal(python.history_["prediction"], compiled.history_["prediction"])


def test_the_gram_cache_changes_no_number(monkeypatch):
    X, y = four_clouds(15, 6)
    cached = ApportionedMargin(theta=THETA, kernel="rbf", n_passes=2, random_state=1).fit(X, y)
    monkeypatch.setattr(apportioned, "GRAM_CACHE_ROWS", 10)      # fewer rows than the data: no cache
    uncached = ApportionedMargin(theta=THETA, kernel="rbf", n_passes=2, random_state=1).fit(X, y)
    assert cached._use_cache and not uncached._use_cache
    np.testing.assert_array_equal(cached.dual_coef_, uncached.dual_coef_)
    np.testing.assert_array_equal(cached.history_["margin"], uncached.history_["margin"])


def test_the_dual_form_with_a_linear_kernel_is_the_primal_one():
    """Lemma 5: poly with degree 1, γ = 1, coef0 = 0 is x·x′, so the dual counts give the primal W."""
    X, y = four_clouds(25, 8)
    primal = ApportionedMargin(theta=THETA, random_state=3).fit(X, y)
    dual = ApportionedMargin(theta=THETA, kernel="poly", degree=1, gamma=1.0, coef0=0.0, random_state=3).fit(X, y)
    np.testing.assert_array_equal(primal.history_["prediction"], dual.history_["prediction"])
    W = dual.dual_coef_.T @ np.column_stack([dual.support_vectors_, np.ones(len(dual.support_vectors_))])
    W *= 1.0 / (dual.lam * dual.n_steps_)
    np.testing.assert_allclose(W[:, :2], primal.class_coef_, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(dual.decision_function(X), primal.decision_function(X), rtol=1e-9, atol=1e-9)


# --------------------------------------------------------- predictions and kernels
@pytest.mark.parametrize("k", [2, 4])
def test_decision_function_argmax_is_the_prediction_and_theta_scales_it(k):
    X, y = four_clouds(40, 5)
    keep = y < k
    X, y, theta = X[keep], y[keep], THETA[:k]
    model = ApportionedMargin(theta=theta, random_state=0).fit(X, y)
    scores = model.decision_function(X)
    raw = X @ model.class_coef_.T + model.class_intercept_
    if k == 2:
        np.testing.assert_array_equal(model.classes_[(scores > 0).astype(int)], model.predict(X))
        np.testing.assert_allclose(scores, raw[:, 1] / theta[1] - raw[:, 0] / theta[0], atol=1e-9)
        np.testing.assert_allclose(scores, X @ model.coef_[0] + model.intercept_[0], atol=1e-9)
    else:
        np.testing.assert_array_equal(model.classes_[scores.argmax(axis=1)], model.predict(X))
        np.testing.assert_allclose(scores, raw / theta, atol=1e-9)
    assert [model.predict_one(x) for x in X[:10]] == model.predict(X[:10]).tolist()


def test_ties_go_to_the_lowest_class_and_an_untrained_model_predicts_the_first_class():
    X, y = four_clouds(10, 0)
    model = ApportionedMargin(theta=THETA, fit_intercept=False).fit(X, y + 5)
    assert np.all(model.decision_function([[0.0, 0.0]]) == 0)          # every score is 0 at the origin
    assert model.predict([[0.0, 0.0]]).tolist() == [5]
    fresh = ApportionedMargin()
    fresh.start(["a", "b", "c"], 2)
    assert fresh.predict_one([1.0, 2.0]) == "a"


def xor(n, seed):
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, 2))
    return X, (X[:, 0] * X[:, 1] > 0).astype(int)


@pytest.mark.parametrize("kernel, gamma", [("rbf", 2.0), ("laplace", 0.5)])
def test_kernels_separate_xor_on_held_out_points(kernel, gamma):
    X, y = xor(300, 0)
    X_test, y_test = xor(300, 1)
    model = ApportionedMargin(kernel=kernel, gamma=gamma, random_state=0).fit(X, y)
    assert (model.predict(X_test) == y_test).mean() > 0.9
    linear = ApportionedMargin(random_state=0).fit(X, y)
    assert (linear.predict(X_test) == y_test).mean() < 0.7            # no line does it
    with pytest.raises(AttributeError, match="only for kernel='linear'"):
        model.coef_
    with pytest.raises(AttributeError, match="non-linear kernel"):
        linear.dual_coef_
    assert model.support_vectors_.shape[0] == model.dual_coef_.shape[0] > 0


# ----------------------------------------------------------------- validation
@pytest.mark.parametrize("theta, text", [
    ([0.0, 1.0], "θ must be positive"), ([-1.0, 1.0], "θ must be positive"),
    ([1.0, np.nan], "θ must be positive and finite"), ([1.0, np.inf], "θ must be positive and finite"),
    ([1.0], "one value per class: there are 2 classes"), ([1.0, 2.0, 3.0], r"but θ has 3 value\(s\)"),
    (["a", "b"], "θ must be positive numbers"), ([[1.0, 2.0]], "flat list")])
def test_bad_theta_raises_a_value_error_that_says_what_to_fix(theta, text):
    with pytest.raises(ValueError, match=text):
        ApportionedMargin(theta=theta).fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])


@pytest.mark.parametrize("params, text", [({"solver": "adam"}, "solver"), ({"lam": 0.0}, "lam"),
                                          ({"lam": -1.0}, "lam"), ({"kernel": "sigmoid"}, "kernel"),
                                          ({"gamma": 0.0}, "gamma"), ({"n_passes": 0}, "n_passes")])
def test_bad_parameters_raise_value_errors(params, text):
    with pytest.raises(ValueError, match=text):
        ApportionedMargin(**params).fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])


# -------------------------------------------------------------------- long runs
@pytest.mark.parametrize("solver", ["sgd", "perceptron"])
def test_a_million_adversarial_trials_stay_finite(solver):
    rng = np.random.default_rng(0)
    X = rng.normal(scale=1e3, size=(1_000_000, 2))
    y = rng.integers(0, 4, len(X))                                   # labels carry no signal
    model = ApportionedMargin(theta=THETA, solver=solver, n_passes=1, shuffle=False)
    model.fit(X, y, sample_weight=rng.exponential(1.0, len(y)))
    assert model.n_steps_ == 1_000_000
    assert np.all(np.isfinite(model.class_coef_)) and np.all(np.isfinite(model.class_intercept_))
    assert np.all(np.isfinite(model.history_["margin"]))
    assert np.all(np.isfinite(model.decision_function(X[:100])))
    # one point whose label cycles through the classes: every step conflicts with the last
    cycle = ApportionedMargin(theta=THETA, solver=solver, n_passes=1, shuffle=False)
    cycle.fit(np.full((100_000, 2), 1e6), np.tile(CLASSES, 25_000))
    assert np.all(np.isfinite(cycle.decision_function([[1e6, 1e6], [-1.0, 0.0]])))


# ------------------------------------------------------------- the four clouds
def test_the_four_clouds_follow_figure_2_and_are_seeded():
    X, y = four_clouds(500, 3)
    for j in range(4):
        np.testing.assert_allclose(X[y == j].mean(axis=0), CENTERS[j], atol=0.12)
    assert X[y < 2, 0].mean() < 0 < X[y >= 2, 0].mean()              # important classes on the left
    np.testing.assert_array_equal(four_clouds(10, 3)[0], four_clouds(10, 3)[0])
    assert not np.array_equal(four_clouds(10, 3)[0], four_clouds(10, 4)[0])
    with pytest.raises(ValueError, match="n_per_class"):
        four_clouds(0)
    with pytest.raises(ValueError, match="spread"):
        four_clouds(5, spread=-1.0)


# ----------------------------------------------------------------- baselines
@pytest.mark.parametrize("kernel", ["linear", "rbf"])
def test_baselines_fit_predict_and_are_deterministic(kernel):
    X, y = four_clouds(40, 2)
    for name, baseline in BASELINES.items():
        if not baseline.kernel_capable and kernel != "linear":
            with pytest.raises(ValueError, match="linear only"):
                baseline.build(THETA, CLASSES, kernel=kernel)
            continue
        first = baseline.build(THETA, CLASSES, kernel=kernel).fit(X, y).predict(X)
        again = baseline.build(THETA, CLASSES, kernel=kernel).fit(X, y).predict(X)
        np.testing.assert_array_equal(first, again)
        assert set(first.tolist()) <= set(CLASSES.tolist())
        assert (first == y).mean() > 0.5, name                          # chance is 0.25
        assert expected_risk(y, first, THETA, CLASSES) < 1.5, name       # a constant guess costs ≥ 3


def test_the_builders_and_the_two_one_vs_one_models():
    X, y = four_clouds(60, 3)
    X_test, _ = four_clouds(100, 30)
    assert plain_svm().class_weight is None
    assert class_weighted_svm(THETA, CLASSES).class_weight == {0: 10.0, 1: 10.0, 2: 1.0, 3: 1.0}
    assert crammer_singer(THETA, CLASSES).multi_class == "crammer_singer"
    # SVC(class_weight) is one-vs-one inside: the same model as the explicit pairwise one
    svc = class_weighted_svm(THETA, CLASSES, kernel="linear").fit(X, y).predict(X_test)
    pairs = cost_sensitive_ovo(THETA, CLASSES, kernel="linear").fit(X, y)
    assert len(pairs.estimators_) == 6
    assert (pairs.predict(X_test) == svc).mean() > 0.97


def test_one_vs_rest_passes_the_priorities_to_every_binary_problem():
    X, y = four_clouds(60, 4)
    X_test, _ = four_clouds(200, 40)
    weighted = cost_sensitive_ovr(THETA, CLASSES, kernel="linear").fit(X, y)
    uniform = cost_sensitive_ovr(np.ones(4), CLASSES, kernel="linear").fit(X, y)
    assert len(weighted.estimators_) == 4
    share = [np.isin(m.predict(X_test), [0, 1]).mean() for m in (weighted, uniform)]
    assert share[0] > share[1] + 0.05
    names = np.array(["p", "q", "r", "s"])[y]
    named = WeightedOneVsRest(weighted.estimator, priority=dict(zip("pqrs", THETA))).fit(X, names)
    np.testing.assert_array_equal(named.predict(X_test), np.array(list("pqrs"))[weighted.predict(X_test)])
    with pytest.raises(ValueError, match="no priority for the labels"):
        WeightedOneVsRest(priority={0: 1.0}).fit(X, y)


# ------------------------------------------------------------------- metrics
def test_expected_risk_and_sensitivity():
    assert expected_risk([0, 0, 1, 1], [0, 1, 1, 0], [10, 1], [0, 1]) == pytest.approx(2.75)
    assert expected_risk(["b", "a"], ["a", "a"], [1, 4], ["b", "a"]) == pytest.approx(0.5)
    assert sensitivity([0, 0, 1], [0, 1, 1], 0) == 0.5
    assert np.isnan(sensitivity([0, 0], [0, 0], 1))
    with pytest.raises(ValueError, match="not in classes"):
        expected_risk([0, 2], [0, 0], [1, 1], [0, 1])
    with pytest.raises(ValueError, match="equal length"):
        expected_risk([0, 1], [0], [1, 1], [0, 1])


def test_the_seed_formula_decides_like_the_bayes_rule_for_costs_theta():
    """By construction only: the lemma's scores put j* = argmax θ_j P_j on top of f/θ.  Whether they
    minimise the expected loss is another matter (they do not; see the next test)."""
    rng = np.random.default_rng(1)
    for _ in range(200):
        theta = rng.uniform(0.1, 10, 4)
        p = rng.dirichlet(np.ones(4))
        f = fisher_minimizer(theta, p)
        assert np.argmax(f / theta) == np.argmax(theta * p)


def test_the_exact_population_minimiser_beats_the_seed_formula():
    """Seed 002's Lemma 4 fails already for two classes: with unequal priorities its scores are not
    even feasible (Σf ≠ 0) and the true minimiser ignores θ.  Only with equal priorities at k = 2 are
    its scores a minimiser; at k = 3 even θ = 1 has a lower loss elsewhere (0.3·(2+3) = 1.0 at
    (2, −1, −1) against 1.6), though with the same decision."""
    for p in ([0.7, 0.3], [0.2, 0.8]):                                 # k = 2, θ = 1: the lemma holds
        lemma, exact = fisher_minimizer([1, 1], p), population_minimizer([1, 1], p)
        assert population_loss(exact, [1, 1], p) == pytest.approx(population_loss(lemma, [1, 1], p))
    theta, p = [1, 10], [0.6, 0.4]                                     # k = 2, θ = (1, 10): it fails
    lemma, exact = fisher_minimizer(theta, p), population_minimizer(theta, p)
    assert lemma.sum() == pytest.approx(9.0)                           # (−1, 10): not on Σf = 0
    assert exact == pytest.approx([1.0, -1.0], abs=1e-9)               # minimised at a = θ₀ since P₀ > P₁
    assert np.argmax(exact / theta) == 0 != np.argmax(np.multiply(theta, p)) == 1
    projected = lemma - lemma.mean()
    assert population_loss(exact, theta, p) < population_loss(projected, theta, p)
    p = [0.8, 0.1, 0.1]
    assert population_loss(fisher_minimizer([1, 1, 1], p), [1, 1, 1], p) == pytest.approx(1.6)
    exact = population_minimizer([1, 1, 1], p)
    assert exact.sum() == pytest.approx(0, abs=1e-9)
    assert population_loss(exact, [1, 1, 1], p) == pytest.approx(1.0)
    assert population_loss([2, -1, -1], [1, 1, 1], p) == pytest.approx(1.0)
    rng = np.random.default_rng(5)
    for _ in range(50):                                                # nothing feasible does better
        k = int(rng.integers(2, 5))
        theta, p = rng.uniform(0.5, 5, k), rng.dirichlet(np.ones(k))
        best = population_loss(population_minimizer(theta, p), theta, p)
        trial = rng.normal(scale=5, size=k)
        assert best <= population_loss(trial - trial.mean(), theta, p) + 1e-9


