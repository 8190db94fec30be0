"""Mistake bounds hold on many seeded random streams, at every prefix; bad arguments are refused."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linprog, minimize_scalar

from learners import ImportanceWeightedPerceptron, KernelPerceptron, Perceptron, Winnow, bounds
from learners.comparators import (best_expert_mistakes, expert_bound_curves, hinge_separator,
                                  kernel_bound_curve, largest_separable_prefix, max_margin_separator,
                                  non_negative_separator, perceptron_bound_curves, perceptron_invariants,
                                  winnow_bound_curves)


# ----------------------------------------------------------------------- streams
def separable_stream(seed, n=None):
    """2D points with margin ≥ γ around a random line (random γ, scale, length)."""
    rng = np.random.default_rng(seed)
    n = n or int(rng.integers(20, 300))
    u = rng.normal(size=3)
    u /= np.linalg.norm(u)
    X = rng.normal(scale=rng.uniform(0.5, 5), size=(4 * n, 2))
    F = np.hstack([X, np.ones((len(X), 1))])
    keep = np.abs(F @ u) > rng.uniform(0.01, 0.5)
    X, F = X[keep][:n], F[keep][:n]
    return X, (F @ u > 0).astype(int)


def noisy_stream(seed):
    """A separable stream with 0–30 % of its labels flipped, and importance weights."""
    X, y = separable_stream(seed)
    rng = np.random.default_rng(seed + 7)
    flip = rng.random(len(y)) < rng.uniform(0.0, 0.3)
    return X, np.where(flip, 1 - y, y), rng.exponential(1.0, len(y))


def by_name(curves):
    return {c.name: c for c in curves}


def two_classes(y):
    if len(np.unique(y)) < 2:
        pytest.skip("stream of one class")


def lp_separable(F, y_sign):
    """Independent check: is there u with y_t u·f_t ≥ 1 for all t? (feasibility LP)"""
    result = linprog(np.zeros(F.shape[1]), A_ub=-(y_sign[:, None] * F), b_ub=-np.ones(len(F)),
                     bounds=[(None, None)] * F.shape[1], method="highs")
    return result.status == 0


# ------------------------------------------------------------- perceptron family
@pytest.mark.parametrize("seed", range(150))
def test_perceptron_never_exceeds_novikoff_at_any_prefix(seed):
    X, y = separable_stream(seed)
    two_classes(y)
    model = Perceptron(normalize=seed % 3 == 0, fit_intercept=True)
    curves = by_name(perceptron_bound_curves(model, X, y))
    novikoff = curves["Novikoff"]
    assert novikoff.applies.all(), novikoff.reason
    mistakes = model.fit(X, y).history_["cum_mistakes"]
    assert np.all(mistakes <= novikoff.values)
    assert np.all(np.diff(novikoff.values) >= 0), "a prefix bound never decreases"
    # the soft bounds take the separable value into their minimum, so they are never looser
    assert np.all(curves["Freund–Schapire"].values <= novikoff.values * (1 + 1e-12))
    assert np.all(curves["Gentile"].values <= novikoff.values * (1 + 1e-12))
    if model.normalize:
        assert np.all(mistakes <= curves["Perceptron on unit vectors"].values)


@pytest.mark.parametrize("seed", range(150))
def test_freund_schapire_gentile_and_iwp_theorems_hold_on_noisy_weighted_streams(seed):
    X, y, c = noisy_stream(seed)
    two_classes(y)
    normalize = seed % 4 == 0
    plain = by_name(perceptron_bound_curves(Perceptron(normalize=normalize), X, y))
    mistakes = Perceptron(normalize=normalize).fit(X, y).history_["cum_mistakes"]
    for name in ("Freund–Schapire", "Gentile") + (("Perceptron on unit vectors",) if normalize else ()):
        assert plain[name].applies.all()
        assert np.all(mistakes <= plain[name].values), name
    iwp = ImportanceWeightedPerceptron()
    weighted = by_name(perceptron_bound_curves(iwp, X, y, sample_weight=c))
    loss = iwp.fit(X, y, sample_weight=c).history_["cum_weighted_loss"]
    assert weighted["IWP Theorem 3"].applies.all() and weighted["IWP Theorem 2"].applies.all()
    assert np.all(loss <= weighted["IWP Theorem 3"].values)
    assert np.all(loss <= weighted["IWP Theorem 2"].values)
    assert np.all(weighted["IWP Theorem 3"].values <= weighted["IWP Theorem 2"].values * (1 + 1e-12))


def test_theorem3_is_much_tighter_than_theorem2_with_unequal_weights():
    X, y, c = noisy_stream(3)
    curves = by_name(perceptron_bound_curves(ImportanceWeightedPerceptron(), X, y, sample_weight=c * 5))
    assert curves["IWP Theorem 3"].values[-1] * 10 < curves["IWP Theorem 2"].values[-1]


def test_mistake_bounds_leave_iwp_once_its_weights_differ():
    X, y = separable_stream(5, n=100)
    c = np.ones(len(y))
    c[40:] = np.linspace(0.5, 3.0, len(y) - 40)
    curves = by_name(perceptron_bound_curves(ImportanceWeightedPerceptron(), X, y, sample_weight=c))
    for name in ("Novikoff", "Freund–Schapire", "Gentile"):
        assert curves[name].applies.tolist() == [True] * 40 + [False] * (len(y) - 40)
        assert "from trial 41 on the importance weights differ" in curves[name].reason
    # while the weights are equal IWP is the Perceptron, and the bound holds
    mistakes = ImportanceWeightedPerceptron().fit(X, y, sample_weight=c).history_["cum_mistakes"]
    assert np.all(mistakes[:40] <= curves["Novikoff"].values[:40])


@pytest.mark.parametrize("seed", range(40))
def test_novikoff_applies_exactly_on_the_longest_separable_prefix(seed):
    X, y = separable_stream(seed + 1000, n=120)
    two_classes(y)
    rng = np.random.default_rng(seed)
    start = int(rng.integers(5, 100))
    y = y.copy()
    y[start:] = np.where(rng.random(len(y) - start) < 0.2, 1 - y[start:], y[start:])
    novikoff = by_name(perceptron_bound_curves(Perceptron(), X, y))["Novikoff"]
    until = int(novikoff.applies.sum())
    assert novikoff.applies.tolist() == [True] * until + [False] * (len(y) - until)
    F = np.hstack([X, np.ones((len(X), 1))])
    y_sign = np.where(y == 1, 1.0, -1.0)
    assert until == 0 or lp_separable(F[:until], y_sign[:until])
    if until < len(y):
        assert not lp_separable(F[:until + 1], y_sign[:until + 1])
        assert f"from trial {until + 1} on" in novikoff.reason and "not linearly separable" in novikoff.reason
        assert np.all(np.isinf(novikoff.values[until:]))
    mistakes = Perceptron().fit(X, y).history_["cum_mistakes"]
    assert np.all(mistakes[:until] <= novikoff.values[:until])


def test_novikoff_says_why_it_does_not_apply_to_xor():
    X = np.array([[1, 1], [-1, -1], [1, -1], [-1, 1]] * 5, dtype=float)
    y = np.array([1, 1, 0, 0] * 5)
    novikoff = by_name(perceptron_bound_curves(Perceptron(), X, y))["Novikoff"]
    # (1,1)+, (−1,−1)+, (1,−1)− are separable with the intercept (u = (−1, 1, 1)); the fourth point is not
    assert novikoff.applies.tolist() == [True] * 3 + [False] * 17 and np.all(np.isinf(novikoff.values[3:]))
    assert "from trial 4 on" in novikoff.reason
    assert "not linearly separable through the origin of the augmented space" in novikoff.reason


@pytest.mark.parametrize("seed", range(40))
def test_proof_invariants_hold_after_every_trial(seed):
    X, y = separable_stream(seed, n=150)
    two_classes(y)
    novikoff = by_name(perceptron_bound_curves(Perceptron(), X, y))["Novikoff"]
    model = Perceptron(eta=0.5)
    after = [model.learn_one(x, label, classes=[0, 1]).weights_after for x, label in zip(X, y)]
    inv = perceptron_invariants(np.array(after), model.history_["cum_mistakes"], novikoff.details["u"],
                                novikoff.details["gamma"], novikoff.details["R"], eta=0.5)
    assert np.all(inv["w_dot_u"] >= inv["gamma_M"] - 1e-9)
    assert np.all(inv["w_norm_sq"] <= inv["R2_M"] + 1e-9)
    # together they give the bound: (γM)² ≤ (w·u)² ≤ ‖w‖² ≤ R²M
    assert np.all(inv["gamma_M"] ** 2 <= inv["w_norm_sq"] + 1e-9)


def test_separators_report_the_margin_of_the_u_they_return():
    X, y = separable_stream(11, n=200)
    F = np.hstack([X, np.ones((len(X), 1))])
    y_sign = np.where(y == 1, 1.0, -1.0)
    hard = max_margin_separator(F, y_sign)
    assert hard.separable and math.isclose(np.linalg.norm(hard.u), 1.0)
    np.testing.assert_allclose(hard.margins, y_sign * (F @ hard.u))
    assert math.isclose(hard.gamma, float(np.min(y_sign * (F @ hard.u))))
    assert math.isclose(hard.R, float(np.linalg.norm(F, axis=1).max()))
    soft = hinge_separator(F, np.where(np.arange(len(y)) % 7 == 0, -y_sign, y_sign))
    assert not soft.separable and np.all(soft.hinge_losses(2.0) == np.maximum(0, 1 - 2.0 * soft.margins))
    positive = non_negative_separator(np.hstack([F, -F]), y_sign)
    assert positive.separable and np.all(positive.u >= 0) and math.isclose(positive.u.sum(), 1.0)
    assert largest_separable_prefix(F, y_sign)[0] == len(y)


# ------------------------------------------------------------------------ winnow
def sparse_target_stream(seed, n_trials=300):
    """Seed 003 Example 1: u ∈ {0,1}ⁿ with k ones, x ∈ {±1}ⁿ; k even drops u·x = 0, or a threshold."""
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(8, 64)), int(rng.integers(1, 6))
    u = np.zeros(n)
    u[rng.choice(n, k, replace=False)] = 1.0
    X = rng.choice([-1.0, 1.0], size=(3 * n_trials, n))
    X = X[X @ u != 0][:n_trials]
    return X, (X @ u > 0).astype(int)


@pytest.mark.parametrize("seed", range(50))
def test_winnow_never_exceeds_theorem_3_1_where_it_applies(seed):
    X, y = sparse_target_stream(seed)
    two_classes(y)
    settings = [dict(balanced=False, fit_intercept=False), dict(balanced=True, fit_intercept=True)]
    for params in settings:
        for eta in (0.05, 0.4, 1.5):
            model = Winnow(eta=eta, **params)
            bound = by_name(winnow_bound_curves(model, X, y))["Winnow"]
            mistakes = model.fit(X, y).history_["cum_mistakes"]
            assert bound.applies.all() or eta > 0.05, bound.reason   # γ ≥ 1/k ≥ 0.2: η = 0.05 is small enough
            assert np.all(mistakes[bound.applies] <= bound.values[bound.applies])
    # the tuned bound is a reference: it is about Winnow run with the tuned rate η* of the whole stream
    tuned = by_name(winnow_bound_curves(Winnow(balanced=False, fit_intercept=False), X, y))[
        "Winnow run with η*"]
    assert not tuned.bounds_this_run
    eta_star = min(float(tuned.details["eta_star"]), 50.0)   # η* = ∞ when γ = R∞‖u‖₁ (k = 1)
    mistakes = Winnow(eta=eta_star, balanced=False, fit_intercept=False).fit(X, y).history_["cum_mistakes"]
    assert mistakes[-1] <= tuned.values[-1]


def test_winnow_bound_explains_a_too_large_rate():
    X = np.array([[0.2, 1.0], [-0.2, 1.0]] * 10)   # γ = 0.2 with u = (1, 0), R∞ = 1
    y = np.array([1, 0] * 10)
    curve, tuned = winnow_bound_curves(Winnow(eta=50.0, balanced=False, fit_intercept=False), X, y)
    assert not curve.applies.any() and np.all(np.isinf(curve.values))
    assert "too large" in curve.reason and "denominator" in curve.reason
    assert tuned.applies.all() and np.all(np.isfinite(tuned.values))


def test_winnow_bound_stops_where_no_non_negative_separator_exists():
    X = np.array([[1.0, -1.0], [-1.0, 1.0]] * 10 + [[1.0, -1.0]])
    y = np.array([1, 0] * 10 + [0])                 # u = (1, 0) separates, until the last trial contradicts the first
    curve = winnow_bound_curves(Winnow(eta=0.5, balanced=False, fit_intercept=False), X, y)[0]
    assert curve.applies[:20].all() and not curve.applies[20]
    assert "from trial 21 on, no non-negative u separates" in curve.reason


# ------------------------------------------------------------------------ kernel
def test_kernel_bound_holds_on_xor_with_rbf():
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(200, 2))
    X = X[np.abs(X[:, 0] * X[:, 1]) > 0.05]
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    model = KernelPerceptron(kernel="rbf", gamma=3.0)
    curve = kernel_bound_curve(model, X, y)[0]
    assert curve.applies.all(), curve.reason
    assert np.all(model.fit(X, y).history_["cum_mistakes"] <= curve.values)


# ------------------------------------------------------------------ expert curves
def test_expert_curves_use_the_best_expert_so_far():
    rng = np.random.default_rng(4)
    advice = rng.integers(0, 2, size=(200, 6))
    outcomes = rng.integers(0, 2, 200)
    m = best_expert_mistakes(advice, outcomes)
    by_hand = [min(sum(advice[s, i] != outcomes[s] for s in range(t + 1)) for i in range(6)) for t in range(200)]
    assert m.tolist() == by_hand
    wm, lecture = expert_bound_curves(advice, outcomes, beta=0.5)
    np.testing.assert_array_equal(wm.values, bounds.weighted_majority(m, 6, 0.5))
    np.testing.assert_array_equal(lecture.values, bounds.weighted_majority_lecture(m, 6))
    rough, exact = expert_bound_curves(advice, outcomes, epsilon=0.3)
    np.testing.assert_array_equal(rough.values, bounds.randomized_weighted_majority(m, 6, 0.3))
    np.testing.assert_array_equal(exact.values, bounds.randomized_weighted_majority(m, 6, 0.3, form="exact"))
    with pytest.raises(ValueError, match="exactly one of beta"):
        expert_bound_curves(advice, outcomes)
    with pytest.raises(ValueError, match="one row per outcome"):
        best_expert_mistakes(advice, outcomes[:-1])


# ------------------------------------------------------------- bound functions
@pytest.mark.parametrize("call, text", [
    (lambda: bounds.novikoff(1.0, 1.0, 0.0), "gamma must be > 0; got 0 — γ is the margin"),
    (lambda: bounds.novikoff(-1.0, 1.0, 0.5), "R must be >= 0; got -1 — R = max_t"),
    (lambda: bounds.novikoff([1.0, 2.0], 1.0, [0.5, -0.1]), "gamma must be > 0; got -0.1 at index 1"),
    (lambda: bounds.freund_schapire(1.0, 1.0, 0.5, -1.0), "hinge_sq_sum must be >= 0"),
    (lambda: bounds.seed001_unit(0.5, -2.0), "total_distance must be >= 0"),
    (lambda: bounds.gentile(np.nan, 1.0), "L must be finite"),
    (lambda: bounds.gentile("many", 1.0), "L must be a number"),
    (lambda: bounds.iwp_theorem3(1.0, 1.0, 0.0), "c_max must be > 0"),
    (lambda: bounds.iwp_theorem2(1.0, 1.0, 1.0, 2.0), "c_min must not exceed c_max"),
    (lambda: bounds.iwp_theorem2(1.0, 1.0, 1.0, 0.0), "use iwp_theorem3 when some weight is 0"),
    (lambda: bounds.kernel_perceptron(-1.0, 1.0, 1.0), "R_sq must be >= 0"),
    (lambda: bounds.winnow(1.0, 0, 0.5, 0.5, 1.0), "n must be >= 1"),
    (lambda: bounds.winnow(1.0, 10, 0.0, 0.5, 1.0), "eta must be > 0.*winnow_best_eta"),
    (lambda: bounds.winnow(0.0, 10, 0.5, 0.5, 1.0), "u_l1 must be > 0"),
    (lambda: bounds.winnow(1.0, 10, 0.5, 0.5, -1.0), "R_inf must be >= 0"),
    (lambda: bounds.winnow_best_eta(1.0, 2.0, 1.0), "cannot exceed"),
    (lambda: bounds.winnow_sparse(10, -1), "k must be >= 0"),
    (lambda: bounds.weighted_majority(1, 4, beta=1.0), "beta must be < 1.*choose 0 < β < 1"),
    (lambda: bounds.weighted_majority(1, 4, beta=0.0), "beta must be > 0"),
    (lambda: bounds.weighted_majority(1, 0), "n_experts must be >= 1"),
    (lambda: bounds.weighted_majority(-1, 4), "m must be >= 0"),
    (lambda: bounds.weighted_majority_lecture(1, 0.5), "n_experts must be >= 1"),
    (lambda: bounds.randomized_weighted_majority(1, 4, 0.0), "epsilon must be > 0"),
    (lambda: bounds.randomized_weighted_majority(1, 4, 0.6), "epsilon must be <= 0.5.*rwm_best_epsilon"),
    (lambda: bounds.randomized_weighted_majority(1, 4, 0.3, form="tight"), "form must be"),
    (lambda: bounds.rwm_best_epsilon(1, 0), "n_experts must be >= 1"),
    (lambda: bounds.rwm_tuned(-2, 4), "m must be >= 0"),
])
def test_bad_bound_arguments_raise_value_errors_that_say_what_to_fix(call, text):
    with pytest.raises(ValueError, match=text):
        call()


def test_bounds_broadcast_and_return_inf_where_vacuous():
    R = np.array([[1.0], [2.0], [3.0]])
    gamma = np.array([0.1, 0.2, 0.5, 1.0])
    assert bounds.novikoff(R, 1.0, gamma).shape == (3, 4)
    np.testing.assert_allclose(bounds.novikoff(R, 1.0, gamma), (R / gamma) ** 2)
    assert isinstance(bounds.novikoff(1.0, 1.0, 0.5), float)
    vacuous = bounds.winnow(1.0, 100, 5.0, 0.5, 1.0)      # 2.5 − ln cosh 5 < 0
    assert vacuous == math.inf and isinstance(vacuous, float)
    etas = np.array([0.1, 0.5, 5.0])
    values = bounds.winnow(1.0, 100, etas, 0.5, 1.0)
    assert np.isfinite(values[:2]).all() and values[2] == np.inf
    assert bounds.winnow_best_eta(1.0, 1.0, 1.0) == math.inf  # γ = R∞‖u‖₁
    with np.errstate(all="raise"):                          # overflow gives inf quietly
        assert bounds.novikoff(1.0, 1.0, 1e-200) == math.inf


def test_bounds_grow_with_what_they_should_and_shrink_with_the_margin():
    rng = np.random.default_rng(0)
    for _ in range(200):
        R, u, g, h, L, C = rng.uniform(0.1, 5, size=6)
        assert bounds.novikoff(R * 1.1, u, g) > bounds.novikoff(R, u, g) > bounds.novikoff(R, u, g * 1.1)
        assert bounds.freund_schapire(R, u, g, h * 1.5) > bounds.freund_schapire(R, u, g, h)
        assert bounds.freund_schapire(R, u, g, 0.0) == pytest.approx(bounds.novikoff(R, u, g))
        assert bounds.gentile(L * 1.1, C) > bounds.gentile(L, C) and bounds.gentile(L, C * 1.1) > bounds.gentile(L, C)
        c_min, c_max = np.sort(rng.uniform(0.1, 10, size=2))
        assert bounds.iwp_theorem3(L, C, 1.0) == pytest.approx(bounds.gentile(L, C))
        assert bounds.iwp_theorem3(L, C, c_max) <= bounds.iwp_theorem2(L, C, c_max, c_min) * (1 + 1e-12)
        assert bounds.seed001_unit(g, h * 2) > bounds.seed001_unit(g, h)
    n = np.arange(2, 500)
    assert np.all(np.diff(bounds.winnow(1.0, n, 0.3, 0.5, 1.0)) > 0)
    assert np.all(np.diff(bounds.winnow_tuned(2.0, n, 0.5, 1.0)) > 0)
    m = np.arange(0, 200)
    for beta in (0.1, 0.5, 0.9):
        assert np.all(np.diff(bounds.weighted_majority(m, 10, beta)) > 0)
    assert np.all(np.diff(bounds.randomized_weighted_majority(m, 10, 0.2)) > 0)
    assert np.all(np.diff(bounds.rwm_tuned(m, 10)) > 0)


def test_seed_003_examples_compare_as_the_notes_say():
    n = np.array([64, 512, 4096])
    # Example 1, sparse target: Winnow's bound wins for k ≪ n; Example 2, dense target: the Perceptron's
    assert np.all(bounds.winnow_sparse(n, 3) < bounds.perceptron_sparse(n, 3))
    assert np.all(bounds.perceptron_dense(n, 3) < bounds.winnow_dense(n, 3))
    # they are Theorem 3.1 tuned and Novikoff with the example's norms
    assert bounds.winnow_sparse(512, 3, 0.5) == pytest.approx(bounds.winnow_tuned(3, 512, 0.5, 1.0))
    assert bounds.perceptron_sparse(512, 3, 0.5) == pytest.approx(bounds.novikoff(np.sqrt(512), np.sqrt(3), 0.5))


def test_expert_bound_forms_agree_with_the_lecture():
    m, N = np.arange(0, 100), np.array([2, 8, 64])[:, None]
    general, lecture = bounds.weighted_majority(m, N, 0.5), bounds.weighted_majority_lecture(m, N)
    assert np.all(general <= lecture) and np.all(lecture <= general * 1.001)   # 2.41 rounds 1/log₂(4/3)
    eps = np.linspace(0.01, 0.5, 50)[:, None]
    assert np.all(bounds.randomized_weighted_majority(m, 8, eps, form="exact")
                  <= bounds.randomized_weighted_majority(m, 8, eps, form="lecture") + 1e-12)
    assert bounds.rwm_best_epsilon(0, 8) == 0.5 and bounds.rwm_best_epsilon(1, 8) == 0.5
    assert bounds.rwm_best_epsilon(100, 8) == pytest.approx(math.sqrt(math.log(8) / 100))


def test_rwm_best_epsilon_minimises_and_tuned_rates_give_the_smallest_bounds():
    eps = np.linspace(0.01, 0.5, 500)
    for m in (5, 50, 500):
        best = bounds.rwm_best_epsilon(m, 16)
        grid = bounds.randomized_weighted_majority(m, 16, eps)
        assert bounds.randomized_weighted_majority(m, 16, best) <= grid.min() + 1e-6
        if best < 0.5:   # uncapped: the bound at the best ε is exactly m + 2√(m ln N)
            assert np.isclose(bounds.randomized_weighted_majority(m, 16, best), bounds.rwm_tuned(m, 16))
    eta_star = bounds.winnow_best_eta(2.0, 0.5, 1.0)
    etas = np.linspace(0.01, 2.0, 400)
    values = bounds.winnow(2.0, 50, etas, 0.5, 1.0)
    assert bounds.winnow(2.0, 50, eta_star, 0.5, 1.0) <= values.min() + 1e-9
    assert bounds.winnow(2.0, 50, eta_star, 0.5, 1.0) <= bounds.winnow_tuned(2.0, 50, 0.5, 1.0)


#: ε ∈ (0, ½] for the tuned RWM bound: dense, and finer towards 0 where the bound is steep
EPSILON_GRID = np.unique(np.r_[np.geomspace(1e-7, 0.5, 3001), np.linspace(1e-3, 0.5, 3001)])


@settings(max_examples=300, deadline=None)
@given(m=st.one_of(st.integers(0, 300), st.floats(0.0, 1e7, allow_nan=False, allow_infinity=False)),
       n=st.one_of(st.integers(2, 64), st.integers(2, 10**7)))
def test_rwm_tuned_is_the_minimum_over_epsilon_of_the_rwm_bound(m, n):
    """rwm_tuned(m, N) = min over ε ∈ (0, ½] of (1 + ε)m + ln N/ε: a bound RWM with some ε ≤ ½ proves."""
    def rwm(e):
        return bounds.randomized_weighted_majority(m, n, e)

    value = bounds.rwm_tuned(m, n)
    rounding = 1e-12 * (1.0 + value)
    # the lecture's ε = √(ln N/m), moved into RWM's range (0, ½]: with the grid, the minimiser is a candidate
    lecture_eps = min(0.5, math.sqrt(math.log(n) / m)) if m > 0 else 0.5
    grid = rwm(np.r_[EPSILON_GRID, lecture_eps])
    assert value <= grid.min() + rounding, "some ε ≤ ½ proves less: not the minimum"
    assert value >= grid.min() - rounding, "below every ε ≤ ½: not a bound"
    # the true minimum, by a bounded search around the grid's best ε (the bound is convex in ε)
    k = int(np.argmin(grid[:-1]))
    low, high = EPSILON_GRID[max(k - 1, 0)], EPSILON_GRID[min(k + 1, EPSILON_GRID.size - 1)]
    search = minimize_scalar(rwm, bounds=(low, high), method="bounded", options={"xatol": 1e-14})
    true_min = min(grid.min(), float(search.fun))
    assert value >= true_min - 1e-9 * (1.0 + true_min)
    # rwm_best_epsilon attains it
    assert rwm(bounds.rwm_best_epsilon(m, n)) == pytest.approx(value, rel=1e-12, abs=1e-12)


def test_rwm_tuned_clips_the_lecture_epsilon_at_one_half():
    # the reviewer's cases: m < 4 ln N, where √(ln N/m) > ½ lies outside RWM's range
    assert bounds.rwm_tuned(0, 2) == pytest.approx(2 * math.log(2))
    assert bounds.rwm_tuned(2, 100) == pytest.approx(bounds.randomized_weighted_majority(2, 100, 0.5))
    assert bounds.rwm_tuned(2, 100) > 12.2 > 2 + 2 * math.sqrt(2 * math.log(100))
    # at m = 4 ln N both forms meet (ε* = ½ exactly); above it the lecture's m + 2√(m ln N)
    edge = 4 * math.log(50)
    assert bounds.rwm_tuned(edge, 50) == pytest.approx(8 * math.log(50))
    assert bounds.rwm_tuned(1000, 50) == pytest.approx(1000 + 2 * math.sqrt(1000 * math.log(50)))
    # one expert: RWM follows it and makes exactly its m mistakes; every ε ≤ ½ proves more
    m = np.arange(0, 50)
    np.testing.assert_array_equal(bounds.rwm_tuned(m, 1), m)
    assert np.all(bounds.randomized_weighted_majority(m, 1, EPSILON_GRID[:, None]) >= m)
    # the vectorised call agrees with the scalar one
    ms, ns = np.array([0.0, 1.0, 3.0, 40.0, 1e4]), np.array([[1], [2], [100], [10**6]])
    table = bounds.rwm_tuned(ms, ns)
    assert table.shape == (4, 5)
    assert table.tolist() == [[bounds.rwm_tuned(a, int(b)) for a in ms] for b in ns[:, 0]]


def test_rwm_doubling_sums_the_phases_and_refuses_what_is_no_doubling_run():
    # phases 0 | 1 | 2 with in-phase best-expert counts; every phase is a fresh RWM run
    m_phase = np.array([0, 1, 1, 2, 0, 0, 3, 1, 2])
    phase = np.array([0, 0, 0, 0, 1, 1, 1, 2, 2])
    eps = np.array([0.5] * 4 + [0.3] * 3 + [0.2] * 2)
    for form in ("lecture", "exact"):
        values = bounds.rwm_doubling(m_phase, phase, eps, 6, form=form)
        by_hand = []
        for t in range(len(m_phase)):
            done = sum(bounds.randomized_weighted_majority(m_phase[phase == p][-1], 6, eps[phase == p][0], form=form)
                       for p in range(phase[t]))
            by_hand.append(done + bounds.randomized_weighted_majority(m_phase[t], 6, eps[t], form=form))
        np.testing.assert_allclose(values, by_hand, rtol=1e-14)
        assert np.all(np.diff(values) >= 0)
        starts = np.flatnonzero(np.diff(phase)) + 1
        assert np.all(np.diff(values)[starts - 1] >= np.log(6) / eps[starts])   # a new phase adds ≥ ln N/ε
    assert np.all(bounds.rwm_doubling(m_phase, phase, eps, 6, form="exact")
                  <= bounds.rwm_doubling(m_phase, phase, eps, 6))
    # one phase is plain RWM; phase numbers need not start at 0
    np.testing.assert_array_equal(bounds.rwm_doubling([0, 1, 4], [3, 3, 3], 0.25, 8),
                                  bounds.randomized_weighted_majority(np.array([0, 1, 4]), 8, 0.25))
    assert bounds.rwm_doubling([], [], 0.5, 3).shape == (0,)
    for args, text in [(([0, 1], [1, 0], 0.5, 4), "phase must not decrease"),
                       (([0, 1], [0, 0], [0.5, 0.4], 4), "same on every trial of a phase"),
                       (([2, 1], [0, 0], 0.5, 4), "m_phase must not decrease within a phase"),
                       (([0, 1], [0, 0.5], 0.5, 4), "whole phase numbers"),
                       (([0, 1], [0], 0.5, 4), "one entry per trial"),
                       (([0, 1], [0, 1], [0.5, 0.5, 0.5], 4), "one rate per trial"),
                       (([0, 1], [0, 1], [0.5, 0.7], 4), "epsilon must be <= 0.5"),
                       (([0, -1], [0, 1], 0.5, 4), "m must be >= 0"),
                       (([0, 1], [0, 1], 0.5, 0), "n_experts must be >= 1")]:
        with pytest.raises(ValueError, match=text):
            bounds.rwm_doubling(*args)


def test_curves_for_two_thousand_2d_trials_finish():
    rng = np.random.default_rng(9)
    X = rng.normal(size=(2000, 2))
    y = (X @ [1.0, -0.5] + 0.2 > 0).astype(int)
    noisy = np.where(rng.random(2000) < 0.1, 1 - y, y)
    c = rng.exponential(1.0, 2000)
    curves = perceptron_bound_curves(ImportanceWeightedPerceptron(), X, noisy, sample_weight=c)
    curves += perceptron_bound_curves(Perceptron(), X, y)
    curves += winnow_bound_curves(Winnow(eta=0.2), X, y)
    for curve in curves:
        assert curve.values.shape == (2000,) and curve.applies.shape == (2000,)
        assert np.all(np.isfinite(curve.values[curve.applies])) and np.all(np.isinf(curve.values[~curve.applies]))
        assert curve.applies.all() or curve.reason


def test_winnow_curves_quote_one_eta_star():
    """The old curves quoted η* twice — where the denominator first failed and for the whole prefix
    (0.122 and 0.0382 on one page); a reader needs one η*, the one the reference curve is about."""
    import re

    rng = np.random.default_rng(4)
    X = rng.normal(size=(60, 2))
    y = (X @ [1.0, -0.4] > 0.05).astype(int)
    curves = winnow_bound_curves(Winnow(eta=3.0), X, y)
    quoted = {value for curve in curves for value in re.findall(r"η\* = ([0-9.e+-]+)", curve.reason)}
    assert len(quoted) == 1, [curve.reason for curve in curves]
    assert "too large" in curves[0].reason           # the theorem's curve still says why it stops
