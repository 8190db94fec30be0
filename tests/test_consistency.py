"""Seed 002's Lemma 4 against the exact population minimiser (learners.consistency)."""

import itertools

import numpy as np
import pytest
from scipy.optimize import linprog

from learners.consistency import (UNIQUE_TOLERANCE, examine, fisher_minimizer, point_problem, population_loss,
                                  two_class_loss)


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
                # the face is explored with a relative slack of 1e-10 on the optimum: its ends may reach
                # a little further than the exact face, well within the uniqueness tolerance
                assert f[j] == pytest.approx(end, abs=UNIQUE_TOLERANCE * max(1.0, theta.max()))
        if check.unique:
            tilted = tilted_minimizer(theta, p, rng.normal(scale=1e-7, size=k))
            assert np.allclose(tilted, check.minimizer, atol=UNIQUE_TOLERANCE * max(1.0, theta.max()))
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
