"""Seed 002's Lemma 4 against the exact population minimiser (learners.consistency)."""

import itertools
from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import linprog

from learners.consistency import (examine, fisher_minimizer, point_problem, population_loss,
                                  two_class_loss)


#: how far HiGHS's answer (a floating-point solver, tolerances about 1e-7) may sit from the exact one
LP_TOLERANCE = 1e-6


def random_case(rng, k):
    theta = np.round(rng.uniform(0.2, 10, k), 2)
    p = rng.dirichlet(np.ones(k))
    return theta, p


def grid_minimum(theta, p, steps):
    """Brute force: the smallest loss on a grid of the plane Σf = 0 (k = 2: a line, k = 3: a plane)."""
    k, top = len(theta), 2.0 * max(theta)
    axis = np.linspace(-top, top, steps)
    if k == 2:
        F = np.c_[axis, -axis]
    else:
        a, b = np.meshgrid(axis, axis)
        F = np.c_[a.ravel(), b.ravel(), -(a.ravel() + b.ravel())]
    sign = np.where(np.eye(k, dtype=bool), 1.0, -1.0)
    # loss of every grid point at once: Σ_l P_l Σ_j [θ_l − δ̄(l,j) f_j]₊
    hinge = np.maximum(theta[None, :, None] - sign[None, :, :] * F[:, None, :], 0.0)
    losses = hinge.sum(axis=2) @ p
    return float(losses.min()), F[int(np.argmin(losses))], axis[1] - axis[0]


def tilted_minimizer(theta, p, tilt):
    """Our own LP (not the module's), minimising L(f) + tilt·f on Σf = 0: variables f and s_{lj} ≥ 0."""
    k = len(theta)
    cost = np.r_[tilt, np.repeat(p, k)]
    rows, rhs = [], []
    for l, j in itertools.product(range(k), range(k)):
        row = np.zeros(k + k * k)
        row[j] = -(1.0 if j == l else -1.0)
        row[k + l * k + j] = -1.0
        rows.append(row)
        rhs.append(-theta[l])
    for method in ("highs-ipm", "highs-ds"):      # HiGHS's default dual simplex stops on some of these
        result = linprog(cost, A_ub=np.array(rows), b_ub=rhs, A_eq=np.r_[np.ones(k), np.zeros(k * k)][None, :],
                         b_eq=[0.0], bounds=[(None, None)] * k + [(0, None)] * (k * k), method=method)
        if result.success:
            break
    assert result.success
    return result.x[:k]


def test_the_two_class_example_theta_1_10_p_06_04():
    check = examine([1, 10], [0.6, 0.4])
    assert check.minimizer == pytest.approx([1.0, -1.0], abs=1e-9) and check.unique
    assert check.minimum == pytest.approx(2 * 0.4 * 11)                 # 2(0.6·[1 − 1]₊ + 0.4·[10 + 1]₊)
    assert check.predicted == 0 and check.bayes == 1 and check.differ and check.predictable == [0]
    assert check.closed_form.tolist() == [-1.0, 10.0] and check.closed_form_sum == 9.0
    assert not check.closed_form_feasible
    assert check.projected == pytest.approx([-5.5, 5.5]) and check.minimum < check.projected_loss
    for a in np.linspace(-15, 15, 61):                                  # the k = 2 formula is the loss
        assert two_class_loss(a, [1, 10], [0.6, 0.4]) == pytest.approx(population_loss([a, -a], [1, 10], [0.6, 0.4]))


@pytest.mark.parametrize("seed", range(5))
def test_at_two_classes_the_minimiser_ignores_theta(seed):
    rng = np.random.default_rng(seed)
    for _ in range(10):
        theta, p = random_case(rng, 2)
        check = examine(theta, p)
        big = int(np.argmax(p))
        # a = θ₀ when P₀ > P₁, a = −θ₁ when P₁ > P₀: the decision is argmax P whatever θ is
        expected = [theta[0], -theta[0]] if big == 0 else [-theta[1], theta[1]]
        assert check.minimizer == pytest.approx(expected, abs=1e-8) and check.unique
        assert check.predicted == big and check.decided == [big]
        assert check.differ == (big != int(np.argmax(theta * p)))


def test_equal_probabilities_at_two_classes_leave_a_whole_segment_of_minimisers():
    check = examine([1, 10], [0.5, 0.5])
    assert not check.unique
    assert check.ranges.ravel() == pytest.approx([-10, 1, -1, 10], abs=1e-7)
    assert check.predictable == [0, 1]
    unbounded = examine([1, 10], [1.0, 0.0])                 # P₁ = 0: any a ≥ θ₀ is free of loss
    assert not unbounded.unique and unbounded.ranges[0, 1] == np.inf and unbounded.minimum == pytest.approx(0)


@pytest.mark.parametrize("k", range(2, 7))
def test_with_equal_priorities_the_most_probable_class_is_among_the_minimiser_s_decisions(k):
    rng = np.random.default_rng(k)
    for _ in range(8):
        p = rng.dirichlet(np.ones(k))
        check = examine(np.ones(k), p)
        assert int(np.argmax(p)) in check.decided and int(np.argmax(p)) in check.predictable
        if k == 2:
            assert check.decided == [int(np.argmax(p))] and not check.differ
    # from k = 4 on a unique minimiser can still tie the most probable class with another
    tie = examine(np.ones(4), [0.25, 0.2, 0.15, 0.4])
    assert tie.unique and tie.minimizer == pytest.approx([1, -1, -1, 1], abs=1e-8)
    assert tie.decided == [0, 3] and tie.differ and tie.predicted == 0


@pytest.mark.parametrize("k", range(2, 7))
def test_the_lp_is_at_most_the_seed_closed_form_moved_onto_the_constraint(k):
    rng = np.random.default_rng(10 + k)
    for _ in range(10):
        theta, p = random_case(rng, k)
        check = examine(theta, p)
        lemma = fisher_minimizer(theta, p)
        projected = lemma - lemma.mean()
        assert abs(projected.sum()) < 1e-9 and abs(check.minimizer.sum()) < 1e-9
        assert check.closed_form_sum == pytest.approx(lemma.sum())
        assert check.minimum <= population_loss(projected, theta, p) + 1e-9
        assert check.projected_loss == pytest.approx(population_loss(projected, theta, p))
        # Σf = 0 holds for the closed form exactly when θ_{j*} is the mean of the other θ_j
        star = int(np.argmax(theta * p))
        others = np.delete(theta, star).mean()
        assert check.closed_form_feasible == bool(np.isclose(theta[star], others))


@pytest.mark.parametrize("k, steps", [(2, 4001), (3, 601)])
def test_random_cases_agree_with_a_brute_force_grid(k, steps):
    rng = np.random.default_rng(100 + k)
    for _ in range(12 if k == 2 else 6):
        theta, p = random_case(rng, k)
        check = examine(theta, p)
        best, where, h = grid_minimum(theta, p, steps)
        # nothing on the grid beats the LP, and the grid gets within its resolution of it (L is 1-Lipschitz
        # in every f_j because Σ P_l = 1, so a step h in k coordinates changes it by at most 2kh)
        assert check.minimum <= best + 1e-9
        assert best <= check.minimum + 2 * k * h
        assert abs(population_loss(where, theta, p) - best) < 1e-9


def test_uniqueness_agrees_with_re_solving_under_tilted_objectives():
    """The face method (ranges over the optimal set) against an independent check: a unique minimiser
    stays put under a small tilt of the objective, a non-unique one moves to the ends of its ranges."""
    rng = np.random.default_rng(7)
    cases = [random_case(rng, k) for k in (3, 4, 5, 6) for _ in range(4)]
    cases += [([1, 1, 1], [0.5, 0.25, 0.25]), ([1, 2, 3, 4, 5, 6], [0.1, 0.2, 0.3, 0.2, 0.1, 0.1])]
    seen = set()
    for theta, p in cases:
        theta, p = np.asarray(theta, float), np.asarray(p, float)
        check = examine(theta, p)
        seen.add(check.unique)
        k = len(theta)
        for j in range(k):
            for direction in (1.0, -1.0):
                tilt = np.zeros(k)
                tilt[j] = direction * 1e-7
                f = tilted_minimizer(theta, p, tilt)
                assert population_loss(f, theta, p) == pytest.approx(check.minimum, abs=1e-5)
                end = check.ranges[j, 0] if direction > 0 else check.ranges[j, 1]
                # HiGHS, a floating-point solver, lands within its tolerances of the exact ends
                assert f[j] == pytest.approx(end, abs=LP_TOLERANCE * max(1.0, theta.max()))
        if check.unique:
            tilted = tilted_minimizer(theta, p, rng.normal(scale=1e-7, size=k))
            assert np.allclose(tilted, check.minimizer, atol=LP_TOLERANCE * max(1.0, theta.max()))
    assert seen == {True, False}, "the cases include unique and non-unique minimisers"


def test_point_problem_says_what_is_wrong():
    with pytest.raises(ValueError, match="sum to 1"):
        point_problem([1, 1], [0.6, 0.6])
    with pytest.raises(ValueError, match="one value per class"):
        point_problem([1, 1, 1], [0.5, 0.5])
    with pytest.raises(ValueError, match="positive"):
        point_problem([1, -2], [0.5, 0.5])
    with pytest.raises(ValueError, match="two classes"):
        point_problem([1], [1.0])


# ------------------------------------------------------------------ exact: θ's scale, ties, the accepted range
def scaled(values, exponent: int) -> list:
    """``values`` × 10^exponent as the floats a user types ("3.47e250"): the decimal shifted, not a product."""
    return [float(f"{float(v)!r}e{exponent}") for v in values]


@pytest.mark.parametrize("exponent", [-250, -20, 20, 250])
def test_the_answer_does_not_depend_on_theta_s_scale(exponent):
    """L(cf; cθ) = c·L(f; θ) and Σ f = 0 does not change: the minimisers scale with θ, both decisions stay.
    (HiGHS stopped with "Model error" on θ = (1e20, 1); the exact method has no scale.)"""
    rng = np.random.default_rng(40 + exponent % 7)
    cases = [random_case(rng, k) for k in (2, 3, 4, 6) for _ in range(3)]
    cases += [(np.array([1.0, 10.0]), np.array([0.5, 0.5])), (np.array([1.0, 10.0]), np.array([1.0, 0.0]))]
    factor = 10.0 ** exponent
    for theta, p in cases:
        base, big = examine(theta, p), examine(scaled(theta, exponent), p)
        assert (big.unique, big.decided, big.bayes_tied, big.predictable, big.differ) == \
            (base.unique, base.decided, base.bayes_tied, base.predictable, base.differ), (theta, p)
        assert big.minimizer == pytest.approx(base.minimizer * factor, rel=1e-12)
        assert big.minimum == pytest.approx(base.minimum * factor, rel=1e-12)
        assert big.ranges == pytest.approx(base.ranges * factor, rel=1e-12)
        assert big.ratio == pytest.approx(base.ratio, rel=1e-12)


@pytest.mark.parametrize("theta, message", [
    ([1e308, 1], r"θ's largest, 1e\+308, is above 1e\+300"),
    ([1e200, 1e-200], r"1e\+400 times its smallest"),
    ([1, 5e-324], r"times its smallest"),
])
def test_theta_beyond_the_accepted_range_is_a_clear_value_error(theta, message):
    with pytest.raises(ValueError, match=message):
        examine(theta, [0.5, 0.5])


def test_the_widest_accepted_theta_reports_finite_numbers():
    for theta, p in (([1e300, 1], [0.5, 0.5]), ([1e300] * 6, [1 / 6] * 6), ([1, 1e-300, 1e-300], [0.2, 0.3, 0.5]),
                     ([1e300, 1e150, 1, 1, 1, 1], [0.0, 0.0, 0.0, 0.0, 0.0, 1.0])):
        check = examine(theta, p)
        reported = np.r_[check.minimizer, check.minimum, check.closed_form, check.projected, check.projected_loss,
                         check.closed_form_loss, check.ratio, check.closed_form_sum]
        assert np.all(np.isfinite(reported)), (theta, p)


def test_ties_are_decided_exactly_on_the_numbers_as_typed():
    # θ = (1, 3), P = (0.6, 0.2) rescaled: θP = (3/4, 3/4). In floats 0.6/0.8 = 0.7499999999999999 and
    # 3·(0.2/0.8) = 0.75: one class; read as the decimals typed, a tie
    check = examine([1, 3], [Fraction(3, 4), Fraction(1, 4)])
    assert check.bayes_tied == [0, 1] and check.bayes == 0
    assert examine([1, 3], [0.75, 0.25]).bayes_tied == [0, 1]
    assert examine([1, 3], [0.7500001, 0.2499999]).bayes_tied == [0]
    # 0.6666666666666666 and 0.3333333333333333 sum to 0.9999999999999999: rescaled exactly they are 2/3 and 1/3,
    # and θP = (1/15, 1/15) — in floats 0.06666666666666667 against 0.06666666666666665
    assert examine([0.1, 0.2], [2 / 3, 1 / 3]).bayes_tied == [0, 1]
    # a minimiser whose decision is one of the tied Bayes classes agrees with the lemma's promise
    assert examine([1, 3], [0.75, 0.25]).decided == [0] and not examine([1, 3], [0.75, 0.25]).differ


def test_the_exact_answer_meets_the_optimality_conditions():
    """The minimiser's loss is the least over many feasible points near it, and the closed form (moved onto
    Σf = 0) never beats it; every reported range end is itself a minimiser's coordinate."""
    rng = np.random.default_rng(11)
    for k in range(2, 7):
        for _ in range(6):
            theta, p = random_case(rng, k)
            check = examine(theta, p)
            for _ in range(200):
                step = rng.normal(scale=rng.choice([1e-3, 1e-1, 1.0]), size=k)
                other = check.minimizer + step - step.mean()
                assert population_loss(other, theta, p) >= check.minimum - 1e-9 * max(1.0, check.minimum)
            assert check.minimum == pytest.approx(population_loss(check.minimizer, theta, p), rel=1e-12, abs=1e-12)
            assert check.closed_form_optimal == (check.closed_form_feasible and
                                                 check.closed_form_loss == pytest.approx(check.minimum))
