"""Mistake bounds hold on many seeded random streams, at every prefix of the stream."""

import numpy as np
import pytest

from learners import (ImportanceWeightedPerceptron, KernelPerceptron, Perceptron,
                      RandomizedWeightedMajority, WeightedMajority, Winnow, bounds)
from learners.comparators import (best_expert_mistakes, expert_bound_curves, kernel_bound_curve,
                                  perceptron_bound_curves, perceptron_invariants, winnow_bound_curves)


def separable_stream(seed, n=None, gamma=None):
    rng = np.random.default_rng(seed)
    n = n or int(rng.integers(20, 300))
    u = rng.normal(size=3)
    u /= np.linalg.norm(u)
    X = rng.normal(scale=rng.uniform(0.5, 5), size=(4 * n, 2))
    F = np.hstack([X, np.ones((len(X), 1))])
    keep = np.abs(F @ u) > (gamma if gamma is not None else rng.uniform(0.01, 0.5))
    X, F = X[keep][:n], F[keep][:n]
    return X, (F @ u > 0).astype(int)


def noisy_stream(seed):
    X, y = separable_stream(seed)
    rng = np.random.default_rng(seed + 7)
    flip = rng.random(len(y)) < rng.uniform(0.0, 0.3)
    return X, np.where(flip, 1 - y, y), rng.exponential(1.0, len(y))


def by_name(curves):
    return {c.name: c for c in curves}


@pytest.mark.parametrize("seed", range(150))
def test_perceptron_never_exceeds_novikoff_at_any_prefix(seed):
    X, y = separable_stream(seed)
    if len(np.unique(y)) < 2:
        pytest.skip("stream of one class")
    normalize = seed % 3 == 0
    model = Perceptron(normalize=normalize)
    curves = by_name(perceptron_bound_curves(model, X, y))
    novikoff = curves["Novikoff"]
    assert novikoff.applies.all(), novikoff.reason
    mistakes = model.fit(X, y).history_["cum_mistakes"]
    assert np.all(mistakes <= novikoff.values + 1e-9)
    assert np.all(np.diff(novikoff.values) >= -1e-9), "a prefix bound never decreases"


@pytest.mark.parametrize("seed", range(150))
def test_freund_schapire_gentile_and_iwp_theorem3_hold_on_noisy_weighted_streams(seed):
    X, y, c = noisy_stream(seed)
    if len(np.unique(y)) < 2:
        pytest.skip("stream of one class")
    plain = by_name(perceptron_bound_curves(Perceptron(), X, y))
    mistakes = Perceptron().fit(X, y).history_["cum_mistakes"]
    assert np.all(mistakes <= plain["Freund–Schapire"].values + 1e-9)
    assert np.all(mistakes <= plain["Gentile"].values + 1e-9)
    iwp = ImportanceWeightedPerceptron()
    weighted = by_name(perceptron_bound_curves(iwp, X, y, sample_weight=c))
    loss = iwp.fit(X, y, sample_weight=c).history_["cum_weighted_loss"]
    assert np.all(loss <= weighted["IWP Theorem 3"].values + 1e-9)
    assert np.all(loss <= weighted["IWP Theorem 2"].values + 1e-9)


def test_theorem3_is_tighter_than_theorem2_with_unequal_weights():
    X, y, c = noisy_stream(3)
    curves = by_name(perceptron_bound_curves(ImportanceWeightedPerceptron(), X, y, sample_weight=c * 5))
    assert curves["IWP Theorem 3"].values[-1] < curves["IWP Theorem 2"].values[-1]


def test_novikoff_says_why_it_does_not_apply_to_xor():
    X = np.array([[1, 1], [-1, -1], [1, -1], [-1, 1]] * 5, dtype=float)
    y = np.array([1, 1, 0, 0] * 5)
    novikoff = by_name(perceptron_bound_curves(Perceptron(), X, y))["Novikoff"]
    assert not novikoff.applies.any() and np.all(np.isinf(novikoff.values))
    assert "not linearly separable" in novikoff.reason


@pytest.mark.parametrize("seed", range(40))
def test_proof_invariants_hold_after_every_trial(seed):
    X, y = separable_stream(seed, n=150)
    if len(np.unique(y)) < 2:
        pytest.skip("stream of one class")
    novikoff = by_name(perceptron_bound_curves(Perceptron(), X, y))["Novikoff"]
    model = Perceptron(eta=0.5)
    after = [model.learn_one(x, label, classes=[0, 1]).weights_after for x, label in zip(X, y)]
    inv = perceptron_invariants(np.array(after), model.history_["cum_mistakes"], novikoff.details["u"],
                                novikoff.details["gamma"], novikoff.details["R"], eta=0.5)
    assert np.all(inv["w_dot_u"] >= inv["gamma_M"] - 1e-9)
    assert np.all(inv["w_norm_sq"] <= inv["R2_M"] + 1e-9)


@pytest.mark.parametrize("seed", range(60))
def test_winnow_never_exceeds_theorem_3_1_where_it_applies(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(8, 64)), int(rng.choice([1, 3, 5]))
    u = np.zeros(n)
    u[rng.choice(n, k, replace=False)] = 1.0
    X = rng.choice([-1.0, 1.0], size=(300, n))
    y = (X @ u > 0).astype(int)          # k odd: |u·x| ≥ 1, a non-negative separator
    for eta in (0.05, 0.2, 0.5):
        model = Winnow(eta=eta, balanced=False, fit_intercept=False)
        curves = by_name(winnow_bound_curves(model, X, y))
        mistakes = model.fit(X, y).history_["cum_mistakes"]
        bound = curves["Winnow (Thm 3.1)"]
        assert np.all(mistakes[bound.applies] <= bound.values[bound.applies] + 1e-9)
    # the tuned bound is about Winnow run with the tuned rate η* of the whole stream
    tuned = by_name(winnow_bound_curves(Winnow(balanced=False, fit_intercept=False), X, y))["Winnow with η*"]
    eta_star = min(float(tuned.details["eta_star"]), 50.0)   # η* = ∞ when γ = R∞‖u‖₁ (k = 1)
    mistakes = Winnow(eta=eta_star, balanced=False, fit_intercept=False).fit(X, y).history_["cum_mistakes"]
    assert mistakes[-1] <= tuned.values[-1] + 1e-9


def test_winnow_bound_explains_a_too_large_rate():
    X = np.array([[0.2, 1.0], [-0.2, 1.0]] * 10)   # γ = 0.2 with u = (1, 0), R∞ = 1
    y = np.array([1, 0] * 10)
    curve = winnow_bound_curves(Winnow(eta=50.0, balanced=False, fit_intercept=False), X, y)[0]
    assert not curve.applies.any() and "too large" in curve.reason


def test_kernel_bound_holds_on_xor_with_rbf():
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(200, 2))
    X = X[np.abs(X[:, 0] * X[:, 1]) > 0.05]
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    model = KernelPerceptron(kernel="rbf", gamma=3.0)
    curve = kernel_bound_curve(model, X, y)[0]
    assert curve.applies.all(), curve.reason
    assert np.all(model.fit(X, y).history_["cum_mistakes"] <= curve.values)


def advice_stream(seed):
    rng = np.random.default_rng(seed)
    T, N = int(rng.integers(20, 400)), int(rng.integers(1, 40))
    outcomes = rng.integers(0, 2, T)
    rates = rng.uniform(0, 0.6, N)
    wrong = rng.random((T, N)) < rates
    return np.where(wrong, 1 - outcomes[:, None], outcomes[:, None]), outcomes


@pytest.mark.parametrize("seed", range(150))
def test_weighted_majority_never_exceeds_its_bound(seed):
    advice, outcomes = advice_stream(seed)
    beta = [0.5, 0.1, 0.9, 0.3][seed % 4]
    model = WeightedMajority(beta=beta).fit(advice, outcomes)
    bound = expert_bound_curves(advice, outcomes, beta=beta)[0]
    assert np.all(model.history_["cum_mistakes"] <= bound.values + 1e-9)
    np.testing.assert_array_equal(model.history_["best_expert_mistakes"], best_expert_mistakes(advice, outcomes))


@pytest.mark.parametrize("seed", range(150))
def test_rwm_expected_mistakes_never_exceed_either_form(seed):
    advice, outcomes = advice_stream(seed)
    epsilon = [0.5, 0.05, 0.25, 0.4][seed % 4]
    model = RandomizedWeightedMajority(epsilon=epsilon, random_state=seed).fit(advice, outcomes)
    lecture, exact = expert_bound_curves(advice, outcomes, epsilon=epsilon)
    expected = model.history_["cum_expected_mistakes"]
    assert np.all(expected <= exact.values + 1e-9)
    assert np.all(exact.values <= lecture.values + 1e-9)


@pytest.mark.parametrize("call, text", [
    (lambda: bounds.novikoff(1.0, 1.0, 0.0), "gamma must be >"),
    (lambda: bounds.novikoff(-1.0, 1.0, 0.5), "R must be >="),
    (lambda: bounds.randomized_weighted_majority(1, 4, 0.0), "epsilon must be >"),
    (lambda: bounds.randomized_weighted_majority(1, 4, 0.6), "epsilon must be <="),
    (lambda: bounds.weighted_majority(1, 4, beta=1.0), "beta must be <"),
    (lambda: bounds.weighted_majority(1, 0), "n_experts must be >="),
    (lambda: bounds.gentile(np.nan, 1.0), "L must be finite"),
    (lambda: bounds.iwp_theorem2(1.0, 1.0, 1.0, 2.0), "c_min must not exceed c_max"),
    (lambda: bounds.winnow_best_eta(1.0, 2.0, 1.0), "cannot exceed"),
    (lambda: bounds.randomized_weighted_majority(1, 4, 0.3, form="tight"), "form must be"),
])
def test_bad_bound_arguments_raise_value_errors_that_say_what_to_fix(call, text):
    with pytest.raises(ValueError, match=text):
        call()


def test_bounds_grow_with_the_comparator_mistakes_and_rwm_best_epsilon_minimises():
    m = np.arange(0, 200)
    assert np.all(np.diff(bounds.weighted_majority(m, 10)) > 0)
    assert np.all(np.diff(bounds.randomized_weighted_majority(m, 10, 0.2)) > 0)
    eps = np.linspace(0.01, 0.5, 500)
    for m in (5, 50, 500):
        best = bounds.rwm_best_epsilon(m, 16)
        grid = bounds.randomized_weighted_majority(m, 16, eps)
        assert bounds.randomized_weighted_majority(m, 16, best) <= grid.min() + 1e-6
        if best < 0.5:   # uncapped: the bound at the best ε is exactly m + 2√(m ln N)
            assert np.isclose(bounds.randomized_weighted_majority(m, 16, best), bounds.rwm_tuned(m, 16))


def test_winnow_tuned_rate_gives_the_smallest_theorem_3_1_bound():
    eta_star = bounds.winnow_best_eta(2.0, 0.5, 1.0)
    etas = np.linspace(0.01, 2.0, 400)
    values = bounds.winnow(2.0, 50, etas, 0.5, 1.0)
    assert bounds.winnow(2.0, 50, eta_star, 0.5, 1.0) <= values.min() + 1e-9
    assert bounds.winnow(2.0, 50, eta_star, 0.5, 1.0) <= bounds.winnow_tuned(2.0, 50, 0.5, 1.0)
