r"""Seed 002's Lemma 4 (Fisher consistency of the apportioned loss), examined exactly.

At a point x with class probabilities P_j = P(Y = j | x) the expected apportioned loss of
scores f = (f_1, …, f_k) is

    L(f) = Σ_l P_l Σ_j [θ_l − δ̄(l,j)·f_j]₊,   δ̄(l,j) = +1 if j = l, −1 otherwise,

and seed 002 (§3.1, Lemma 4) states that its minimiser subject to Σ_j f_j = 0 is f_j = θ_j for
j* = argmax_j θ_j P_j and f_j = −θ_j/(k−1) otherwise — so that the decision argmax_j f_j/θ_j
is the Bayes decision for the costs θ.  **As printed it is false:**

(a) that f sums to θ_{j*} − Σ_{j≠j*} θ_j/(k−1), which is 0 only when θ_{j*} equals the mean
    of the other θ_j: it is not even feasible in general;
(b) the loss is cost-insensitive already at k = 2: with f = (a, −a),
    L = 2(P₀[θ₀ − a]₊ + P₁[θ₁ + a]₊), linear with slope 2(P₁ − P₀) on [−θ₁, θ₀] and rising
    outside it, so the minimiser is a = θ₀ whenever P₀ > P₁ — whatever θ is.  For θ = (1, 10),
    P = (0.6, 0.4) the unique minimiser (1, −1) decides class 0 (f/θ = (1, −0.1)) while
    argmax θ_j P_j = argmax (0.6, 4) is class 1.  With θ = 1 the minimiser decides
    argmax P_j: ordinary (cost-blind) consistency.  (From k = 4 on, even θ = 1 can leave a tie:
    P = (0.25, 0.2, 0.15, 0.4) has the unique minimiser (1, −1, −1, 1), whose largest scores
    are those of classes 0 and 3.)

:func:`examine` computes the exact minimiser by a linear program (scipy's HiGHS): variables
f_1..f_k and slacks s_{lj} ≥ max(0, θ_l − δ̄(l,j)·f_j), minimise Σ_l P_l Σ_j s_{lj} subject to
Σ_j f_j = 0.  **Uniqueness** is decided on the LP's optimal face: holding the objective at its
optimum (plus a relative slack of 1e-10), 2k more programs find the smallest and the largest
f_j among all minimisers; the minimiser is unique when every such range is shorter than
1e-6·max θ (an unbounded range — possible when some P_l = 0 — is not unique).  k more programs
find the classes that some minimiser decides (f_c/θ_c ≥ f_j/θ_j for all j).

Examples
--------
>>> check = examine([1, 10], [0.6, 0.4])
>>> check.minimizer.round(9).tolist(), check.unique, round(check.minimum, 9)
([1.0, -1.0], True, 8.8)
>>> check.predicted, check.bayes, check.differ          # argmax f/θ against argmax θP
(0, 1, True)
>>> check.closed_form.tolist(), check.closed_form_sum     # the lemma's f: (−θ₀/(k−1), θ₁)
([-1.0, 10.0], 9.0)
>>> round(two_class_loss(1.0, [1, 10], [0.6, 0.4]), 9)    # 2(0.6·[1 − 1]₊ + 0.4·[10 + 1]₊)
8.8
>>> examine([1, 1], [0.6, 0.4]).predicted                 # θ = 1: argmax P, as ordinary consistency
0
>>> examine([1, 1, 1, 1], [0.25, 0.2, 0.15, 0.4]).decided  # a tie, though the minimiser is unique
[0, 3]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

#: relative slack on the optimal value when the optimal face is explored
FACE_SLACK = 1e-10
#: a coordinate's range over the optimal face shorter than this × max θ counts as a single point
UNIQUE_TOLERANCE = 1e-6


def point_problem(theta, probabilities):
    """θ and P as float arrays, or a ValueError that says what is wrong.

    >>> point_problem([1, 10], [0.6, 0.4])[0].tolist()
    [1.0, 10.0]
    >>> point_problem([1, 0], [0.6, 0.4])
    Traceback (most recent call last):
    ...
    ValueError: θ must be positive numbers, one per class (the cost of an error on it); got [1.0, 0.0].
    """
    try:
        theta = np.asarray(theta, dtype=float).reshape(-1)
        p = np.asarray(probabilities, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError(f"θ and P must be numbers; got θ = {theta!r}, P = {probabilities!r}.") from None
    if p.shape[0] < 2:
        raise ValueError("P must cover at least two classes.")
    if not np.all(np.isfinite(p)) or np.any(p < 0) or not np.isclose(p.sum(), 1.0):
        raise ValueError(f"P must be non-negative and sum to 1; got {p.tolist()}.")
    if theta.shape != p.shape:
        raise ValueError(f"θ and P must have one value per class each; got {theta.shape[0]} and {p.shape[0]}.")
    if not np.all(np.isfinite(theta)) or np.any(theta <= 0):
        raise ValueError(f"θ must be positive numbers, one per class (the cost of an error on it); "
                         f"got {theta.tolist()}.")
    return theta, p


def fisher_minimizer(theta, probabilities) -> np.ndarray:
    """The scores seed 002's Lemma 4 names as the population minimiser (its closed form).

    f_j = θ_j for j* = argmax_j θ_j·P_j (ties to the lowest index) and f_j = −θ_j/(k−1)
    elsewhere, so argmax_j f_j/θ_j is j*, the Bayes decision for the costs θ.  The claim is
    false (see the module docstring): these scores are not even feasible unless θ_{j*} is the
    mean of the other θ_j, and already at k = 2 the true minimiser ignores θ.

    >>> fisher_minimizer([10, 1, 1], [0.2, 0.5, 0.3]).tolist()
    [10.0, -0.5, -0.5]
    """
    theta, p = point_problem(theta, probabilities)
    best = int(np.argmax(theta * p))
    f = -theta / (p.shape[0] - 1)
    f[best] = theta[best]
    return f


def population_loss(scores, theta, probabilities) -> float:
    """L(f) = Σ_l P_l·Σ_j [θ_l − δ̄(l,j)·f_j]₊, the expected apportioned loss of scores f at one point.

    >>> round(population_loss([1.0, -1.0], [1, 1], [0.7, 0.3]), 9)     # 0.3·(2 + 2)
    1.2
    """
    theta, p = point_problem(theta, probabilities)
    f = np.asarray(scores, dtype=float).reshape(-1)
    if f.shape != p.shape:
        raise ValueError(f"scores must hold one value per class ({p.shape[0]}); got {f.shape[0]}.")
    sign = np.where(np.eye(p.shape[0], dtype=bool), 1.0, -1.0)        # δ̄(l, j)
    hinge = np.maximum(theta[:, None] - sign * f[None, :], 0.0)
    return float(p @ hinge.sum(axis=1))


def two_class_loss(a, theta, probabilities) -> float:
    """k = 2 with f = (a, −a): L = 2(P₀[θ₀ − a]₊ + P₁[θ₁ + a]₊) (both scores' hinges coincide).

    >>> import math                  # the general loss sums through a matrix product: equal up to rounding
    >>> math.isclose(two_class_loss(0.0, [1, 10], [0.6, 0.4]), population_loss([0.0, 0.0], [1, 10], [0.6, 0.4]),
    ...              rel_tol=1e-12)
    True
    """
    theta, p = point_problem(theta, probabilities)
    if p.shape[0] != 2:
        raise ValueError(f"two_class_loss is the k = 2 case; got {p.shape[0]} classes.")
    return float(2.0 * (p[0] * max(theta[0] - a, 0.0) + p[1] * max(theta[1] + a, 0.0)))


def _program(theta, p):
    """The LP's arrays: minimise cost·z, A_ub z ≤ b_ub, Σ f = 0; z = (f, s)."""
    k = p.shape[0]
    sign = np.where(np.eye(k, dtype=bool), 1.0, -1.0)
    # s_{lj} ≥ θ_l − δ̄(l,j) f_j  ⇔  −δ̄(l,j) f_j − s_{lj} ≤ −θ_l
    A = np.zeros((k * k, k + k * k))
    for l in range(k):
        for j in range(k):
            A[l * k + j, j] = -sign[l, j]
            A[l * k + j, k + l * k + j] = -1.0
    b = -np.repeat(theta, k)
    cost = np.r_[np.zeros(k), np.repeat(p, k)]
    equal = np.r_[np.ones(k), np.zeros(k * k)][None, :]
    bounds = [(None, None)] * k + [(0, None)] * (k * k)
    return cost, A, b, equal, bounds


def _solve(objective, **program):
    """scipy's linprog with HiGHS; when the dual simplex stops on a numerical "solve error" (status 4,
    seen on some of these small programs) the interior-point solver, then the primal simplex, retries."""
    from scipy.optimize import linprog

    for method in ("highs", "highs-ipm", "highs-ds"):
        result = linprog(objective, method=method, **program)
        if result.status != 4:
            return result
    return result


def population_minimizer(theta, probabilities) -> np.ndarray:
    """Scores f with Σ_j f_j = 0 minimising :func:`population_loss`: a vertex of the LP's optimal set.

    >>> f = population_minimizer([1, 1, 1], [0.8, 0.1, 0.1])
    >>> bool(population_loss(f, [1, 1, 1], [0.8, 0.1, 0.1])
    ...      < population_loss(fisher_minimizer([1, 1, 1], [0.8, 0.1, 0.1]), [1, 1, 1], [0.8, 0.1, 0.1]))
    True
    """
    theta, p = point_problem(theta, probabilities)
    cost, A, b, equal, bounds = _program(theta, p)
    result = _solve(cost, A_ub=A, b_ub=b, A_eq=equal, b_eq=[0.0], bounds=bounds)
    if not result.success:  # pragma: no cover - the program is always feasible and bounded below by 0
        raise RuntimeError(f"linear program failed: {result.message}")
    return result.x[: p.shape[0]]


@dataclass
class Lemma4Check:
    """Lemma 4 of seed 002 against the exact population minimiser at one point (θ, P).

    Attributes
    ----------
    theta, p : ndarray of shape (k,)
    bayes : int
        argmax_j θ_j·P_j (ties to the lowest index): the decision the lemma promises.
    closed_form : ndarray
        The lemma's f (:func:`fisher_minimizer`), and ``closed_form_sum`` = Σ_j f_j
        (``closed_form_feasible``: whether it is 0).
    projected : ndarray
        The closed form moved onto Σ_j f_j = 0 (its mean subtracted), ``projected_loss`` its loss.
    minimizer : ndarray
        A minimiser from the LP (a vertex of the optimal set), ``minimum`` its loss.
    ranges : ndarray of shape (k, 2)
        The smallest and largest f_j over all minimisers (± inf when unbounded).
    unique : bool
        Whether the minimiser is unique (every range shorter than UNIQUE_TOLERANCE·max θ).
    decided : list of int
        The classes where f_j/θ_j is largest at ``minimizer`` (more than one: a tie).
    predicted : int
        argmax_j f_j/θ_j at ``minimizer`` with the lab's tie rule (the lowest index of ``decided``).
    predictable : list of int
        The classes c for which some minimiser has f_c/θ_c ≥ f_j/θ_j for every j.
    differ : bool
        ``decided != [bayes]``: the minimiser does not single out the class Lemma 4 promises
        (it decides another class, or ties it with another).
    """

    theta: np.ndarray
    p: np.ndarray
    bayes: int
    closed_form: np.ndarray
    closed_form_sum: float
    closed_form_feasible: bool
    closed_form_loss: float
    projected: np.ndarray
    projected_loss: float
    minimizer: np.ndarray
    minimum: float
    ranges: np.ndarray
    unique: bool
    decided: list
    predicted: int
    predictable: list = field(default_factory=list)
    differ: bool = False

    @property
    def k(self) -> int:
        return int(self.theta.shape[0])


def _face_programs(theta, p, minimum):
    """Solve the LPs over the optimal face: ranges of every f_j, and the classes some minimiser decides."""
    k = p.shape[0]
    cost, A, b, equal, bounds = _program(theta, p)
    for slack in (FACE_SLACK, 1e-8, 1e-6):      # a looser slack only if round-off makes the face look empty
        A_face = np.vstack([A, cost[None, :]])
        b_face = np.r_[b, minimum + slack * max(1.0, abs(minimum))]
        ranges = np.empty((k, 2))
        feasible = True
        for j in range(k):
            for column, direction in ((0, 1.0), (1, -1.0)):
                objective = np.zeros(k + k * k)
                objective[j] = direction
                result = _solve(objective, A_ub=A_face, b_ub=b_face, A_eq=equal, b_eq=[0.0], bounds=bounds)
                if result.status == 3:                 # unbounded: f_j runs off along the optimal face
                    ranges[j, column] = -np.inf if direction > 0 else np.inf
                elif result.success:
                    ranges[j, column] = result.x[j]
                else:
                    feasible = False
        if not feasible:
            continue
        predictable = []
        for c in range(k):
            # maximise t subject to f_c/θ_c − f_j/θ_j ≥ t (j ≠ c), t ≤ 1, over the optimal face
            rows, rhs = [], []
            for j in range(k):
                if j == c:
                    continue
                row = np.zeros(k + k * k + 1)
                row[c], row[j], row[-1] = -1.0 / theta[c], 1.0 / theta[j], 1.0
                rows.append(row)
                rhs.append(0.0)
            A_c = np.vstack([np.c_[A_face, np.zeros(A_face.shape[0])], np.array(rows)])
            objective = np.zeros(k + k * k + 1)
            objective[-1] = -1.0
            result = _solve(objective, A_ub=A_c, b_ub=np.r_[b_face, rhs], A_eq=np.c_[equal, [[0.0]]], b_eq=[0.0],
                            bounds=bounds + [(None, 1.0)])
            if result.success and result.x[-1] >= -UNIQUE_TOLERANCE * max(1.0, float(theta.max())):
                predictable.append(c)
        return ranges, predictable
    raise RuntimeError("the optimal face of the linear program could not be explored")  # pragma: no cover


def examine(theta, probabilities) -> Lemma4Check:
    """Lemma 4 of seed 002 at one point: its closed form, the exact minimiser, both decisions.

    See the module docstring for the method.  θ: positive costs, P: probabilities summing to 1.

    >>> check = examine([2, 1, 1], [0.2, 0.5, 0.3])
    >>> check.closed_form.tolist(), check.closed_form_sum      # j* = 1 (θP = (0.4, 0.5, 0.3))
    ([-1.0, 1.0, -0.5], -0.5)
    >>> check.closed_form_feasible
    False
    >>> bool(check.minimum <= check.projected_loss)
    True
    """
    theta, p = point_problem(theta, probabilities)
    k = p.shape[0]
    bayes = int(np.argmax(theta * p))
    closed = fisher_minimizer(theta, p)
    total = float(closed.sum())
    projected = closed - closed.mean()
    minimizer = population_minimizer(theta, p)
    minimum = population_loss(minimizer, theta, p)
    ranges, predictable = _face_programs(theta, p, minimum)
    scale = max(1.0, float(theta.max()))
    unique = bool(np.all(np.isfinite(ranges)) and np.all(ranges[:, 1] - ranges[:, 0] <= UNIQUE_TOLERANCE * scale))
    ratio = minimizer / theta
    decided = [int(j) for j in np.flatnonzero(ratio >= ratio.max() - UNIQUE_TOLERANCE)]
    return Lemma4Check(
        theta=theta, p=p, bayes=bayes, closed_form=closed, closed_form_sum=total,
        closed_form_feasible=bool(abs(total) <= 1e-12 * scale * k), closed_form_loss=population_loss(closed, theta, p),
        projected=projected, projected_loss=population_loss(projected, theta, p), minimizer=minimizer,
        minimum=minimum, ranges=ranges, unique=unique, decided=decided, predicted=decided[0],
        predictable=predictable, differ=decided != [bayes])
