"""Compiled trial loops of the additive linear learners.

Each function runs trials t = 0..n−1 in order over the feature rows F,
updating the weight matrix W in place, and fills per-trial outputs:
prediction index, margin, mistake flag, and the step applied (0 when the
model did not change).  ``learn_one`` calls the same functions on one row,
so stepping and fitting give bit-identical weights.

The loops are compiled with numba when it is installed (≈ 1 µs per trial
on LETTER-sized rows); without numba the very same Python code runs,
slowly but with identical results.
"""

from __future__ import annotations

import math

import numpy as np

try:  # numba makes the per-trial loop ~100x faster; results are identical without it
    from numba import njit
except ImportError:  # pragma: no cover - exercised only where numba is missing
    def njit(*args, **kwargs):
        if args and callable(args[0]):
            return args[0]
        return lambda function: function

PA, PA_I, PA_II = 0, 1, 2
PA_CODES = {"PA": PA, "PA-I": PA_I, "PA-II": PA_II}


@njit(cache=True)
def _dot(W, r, F, t):
    total = 0.0
    for j in range(F.shape[1]):
        total += W[r, j] * F[t, j]
    return total


@njit(cache=True)
def _pa_tau(loss, norm_sq, variant, C):
    if loss <= 0.0 or norm_sq <= 0.0:
        return 0.0
    if variant == 0:
        return loss / norm_sq
    if variant == 1:
        return min(C, loss / norm_sq)
    return loss / (norm_sq + 1.0 / (2.0 * C))


@njit(cache=True)
def _binary_outcome(W, F, t, y_sign, prediction, margin, mistake):
    """Score w·x_t, record prediction, margin y·(w·x) and the mistake flag (margin ≤ 0); return the margin."""
    score = _dot(W, 0, F, t)
    m = y_sign[t] * score
    prediction[t] = 1 if score > 0.0 else 0
    margin[t] = m + 0.0
    mistake[t] = m <= 0.0
    return m


@njit(cache=True)
def binary_perceptron_pass(F, y_sign, weights, W, eta, importance_weighted,
                           prediction, margin, mistake, step):
    """Perceptron / IWP: on y·(w·x) ≤ 0, w += η·(c)·y·x (seeds 003, 000)."""
    for t in range(F.shape[0]):
        m = _binary_outcome(W, F, t, y_sign, prediction, margin, mistake)
        a = 0.0
        if m <= 0.0:
            a = eta * weights[t] if importance_weighted else eta
            for j in range(F.shape[1]):
                W[0, j] += a * y_sign[t] * F[t, j]
        step[t] = a


@njit(cache=True)
def binary_pa_pass(F, y_sign, W, variant, C, prediction, margin, mistake, step):
    """Binary PA / PA-I / PA-II: hinge ℓ = (1 − y·w·x)₊, w += τ·y·x."""
    for t in range(F.shape[0]):
        m = _binary_outcome(W, F, t, y_sign, prediction, margin, mistake)
        norm_sq = 0.0
        for j in range(F.shape[1]):
            norm_sq += F[t, j] * F[t, j]
        tau = _pa_tau(max(0.0, 1.0 - m), norm_sq, variant, C)
        if tau > 0.0:
            for j in range(F.shape[1]):
                W[0, j] += tau * y_sign[t] * F[t, j]
        step[t] = tau


@njit(cache=True)
def _scores_into(W, F, t, scores):
    for r in range(W.shape[0]):
        scores[r] = _dot(W, r, F, t)


@njit(cache=True)
def _argmax_first(scores, skip):
    best = -1
    for r in range(scores.shape[0]):
        if r == skip:
            continue
        if best < 0 or scores[r] > scores[best]:
            best = r
    return best


@njit(cache=True)
def multivector_pass(F, y_index, weights, W, eta, importance_weighted,
                     prediction, margin, mistake, step):
    """MV-Perceptron / MV-IWP (seed 000 §2.3): on ŷ ≠ y, w_y += a·x, w_ŷ −= a·x.

    Works on a transposed copy of W (features × classes, the class axis padded
    to a multiple of 4 with zero columns that are never read as scores) so
    that the scores of all classes grow in one contiguous, vectorisable sweep
    per feature; each score is still summed over the features in order, as
    the stepping path does.  The margin s_y − max_{r≠y} s_r needs a second
    sweep only when the prediction is right: on a mistake the best rival of
    y is the prediction itself.
    """
    k, d = W.shape
    padded = (k + 3) // 4 * 4
    WT = np.zeros((d, padded))
    for r in range(k):
        for j in range(d):
            WT[j, r] = W[r, j]
    scores = np.empty(padded)
    for t in range(F.shape[0]):
        for r in range(padded):
            scores[r] = 0.0
        for j in range(d):
            x = F[t, j]
            for r in range(padded):
                scores[r] += x * WT[j, r]
        y = y_index[t]
        guess = 0
        best = scores[0]
        for r in range(1, k):
            if scores[r] > best:
                best = scores[r]
                guess = r
        if guess != y:
            rival_score = best
        else:
            rival_score = -np.inf
            for r in range(k):
                if r != y and scores[r] > rival_score:
                    rival_score = scores[r]
        prediction[t] = guess
        margin[t] = scores[y] - rival_score if k > 1 else scores[y]
        mistake[t] = guess != y
        a = 0.0
        if guess != y:
            a = eta * weights[t] if importance_weighted else eta
            for j in range(d):
                WT[j, y] += a * F[t, j]
                WT[j, guess] -= a * F[t, j]
        step[t] = a
    for r in range(k):
        for j in range(d):
            W[r, j] = WT[j, r]


@njit(cache=True)
def multiclass_pa_pass(F, y_index, W, variant, C, prediction, margin, mistake, step, demoted):
    """Two-prototype PA (seed 004 Fig. 2) with τ computed on 2‖x‖² (see docs/SPECIFICATION.md)."""
    scores = np.empty(W.shape[0])
    for t in range(F.shape[0]):
        _scores_into(W, F, t, scores)
        y = y_index[t]
        guess = _argmax_first(scores, -1)
        rival = _argmax_first(scores, y)
        prediction[t] = guess
        margin[t] = scores[y] - scores[rival]
        mistake[t] = guess != y
        norm_sq = 0.0
        for j in range(F.shape[1]):
            norm_sq += F[t, j] * F[t, j]
        tau = _pa_tau(max(0.0, 1.0 - scores[y] + scores[rival]), 2.0 * norm_sq, variant, C)
        if tau > 0.0:
            for j in range(F.shape[1]):
                W[y, j] += tau * F[t, j]
                W[rival, j] -= tau * F[t, j]
        step[t] = tau
        demoted[t] = rival


def trial_outputs(n: int) -> dict:
    """Empty per-trial output arrays for the loops above."""
    return {
        "prediction": np.empty(n, dtype=np.int64),
        "margin": np.empty(n),
        "mistake": np.empty(n, dtype=np.bool_),
        "step": np.empty(n),
    }


#: machine epsilon of float64 (2^-52) and the smallest positive subnormal (2^-1074)
EPS = 2.0 ** -52
TINY = 2.0 ** -1074


@njit(cache=True)
def winnow_state(exponents, eta, log_w, w, tolerance):
    """Winnow's weights from its exponents S (seed 003 §3): w_i = e^{η S_i} / Σ_j e^{η S_j}.

    Fills ``log_w`` with ln w_i = η(S_i − S_max) − L′, L′ = ln Σ_j e^{η(S_j − S_max)} (every
    exponent ≤ 0, so nothing overflows), ``w`` with the weights, and ``tolerance`` with
    ε·w_i·(2d + 8 + |ln w_i|) + 2·2^-1074, ε = 2^-52.  Returns (S_max, L′), so that
    ln Σ_j e^{η S_j} = η·S_max + L′.  A deterministic function of S: equal exponents give
    bit-identical weights.

    Why the tolerance bounds the error (to first order, u = ε/2): η(S_i − S_max) is rounded
    by ≤ 2u·|ln w_i| (exact subtraction on integer data), exp adds ≤ 2u, the total and the
    division ≤ (d + 2 ln d + 2)u, so each w_i is within u(2|ln w_i| + d + 2 ln d + 4)·w_i of
    the exact e^{ηS_i}/Σ_j e^{ηS_j}; the score Σ_i w_i x_i adds ≤ d·u·Σ_i w_i|x_i|.  Hence
    |float score − exact score| ≤ Σ_i tolerance_i·|x_i| (+ d·2^-1074 for products that fall
    below the normal range, which :func:`winnow_score` adds).

    >>> import numpy as np
    >>> S, log_w, w, tol = np.array([0.0, 1.0, 1.0]), np.empty(3), np.empty(3), np.empty(3)
    >>> top, lse = winnow_state(S, 0.5, log_w, w, tol)
    >>> top, math.isclose(lse, math.log(2 + math.exp(-0.5)))          # L′ = ln(e^{-η} + 1 + 1)
    (1.0, True)
    >>> np.allclose(w, np.exp(0.5 * S) / np.exp(0.5 * S).sum()), bool(w[1] == w[2])
    (True, True)
    >>> bool(np.all(tol < 1e-14 * w + 1e-300))                       # a few dozen ε of each weight
    True
    """
    d = exponents.shape[0]
    top = exponents[0]
    for j in range(1, d):
        if exponents[j] > top:
            top = exponents[j]
    total = 0.0
    for j in range(d):
        a = eta * (exponents[j] - top)
        log_w[j] = a
        w[j] = math.exp(a)
        total += w[j]
    lse = math.log(total)
    slack = 2.0 * d + 8.0
    for j in range(d):
        log_w[j] -= lse
        w[j] /= total
        tolerance[j] = EPS * w[j] * (slack + abs(log_w[j])) + 2.0 * TINY
    return top, lse


@njit(cache=True)
def _grow_expansion(partials, n, x):
    """Add x to the exact sum held as ``partials[:n]`` (Shewchuk's non-overlapping expansion,
    as in Python's ``math.fsum``); return the new length.  No rounding is ever lost."""
    i = 0
    for k in range(n):
        y = partials[k]
        if abs(x) < abs(y):
            x, y = y, x
        high = x + y
        low = y - (high - x)
        if low != 0.0:
            partials[i] = low
            i += 1
        x = high
    partials[i] = x
    return i + 1


@njit(cache=True)
def exact_group_sum(values, partials):
    """The exact sum of ``values``: (is it non-zero, its value rounded to a float).

    >>> import numpy as np
    >>> exact_group_sum(np.array([0.1, 0.2, 0.3, -0.1, -0.2, -0.3]), np.empty(6))
    (False, 0.0)
    >>> exact_group_sum(np.array([1e16, 1.0, -1e16]), np.empty(3))    # a float sum would say 0.0
    (True, 1.0)
    """
    n = 0
    for v in values:
        n = _grow_expansion(partials, n, v)
    nonzero = False
    value = 0.0
    for i in range(n):
        nonzero = nonzero or partials[i] != 0.0
        value += partials[i]
    return nonzero, value


@njit(cache=True)
def winnow_grouped_score(exponents, w, x, eta, partials):
    """w·x recomputed without cancellation, exactly 0 on an exact tie (seed 003 §3).

    With w_i ∝ e^{η S_i}, group the features by equal exponents: w·x ∝ Σ_k c_k e^{η k} with
    c_k = Σ_{i: S_i = k} x_i, each c_k summed exactly (no rounding).  For η ≠ 0 and rational
    k (every float is one) the numbers e^{η k} are linearly independent over the rationals
    (Lindemann–Weierstrass), so the exact w·x is 0 iff every c_k is 0: then 0.0 is returned.
    Otherwise the value is w_top·Σ_k c_k e^{η(k − top)}, top the largest k with c_k ≠ 0, whose
    sign is kept even if the product underflows (±2^-1074 then).  Exact for the float state S:
    on integer data (and any data whose sums y·x are exact) S is Winnow's exact state.

    >>> import numpy as np
    >>> S = np.array([0.0, 0.0, 1.0, 1.0])          # weights ∝ (1, 1, e^η, e^η)
    >>> w = np.exp(S) / np.exp(S).sum()
    >>> winnow_grouped_score(S, w, np.array([0.1, -0.1, 0.7, -0.7]), 1.0, np.empty(5))
    0.0
    >>> x = np.array([0.1, 0.2, -0.3, 0.0])         # the float sum of w·x is not 0 here
    >>> float(w @ x) != 0.0, winnow_grouped_score(S, w, x, 1.0, np.empty(5)) != 0.0
    (True, True)
    >>> bool(np.isclose(winnow_grouped_score(S, w, np.array([0.0, 1.0, -1.0, 0.0]), 1.0, np.empty(5)),
    ...                 w[1] - w[2]))
    True
    """
    d = exponents.shape[0]
    order = np.argsort(exponents, kind="mergesort")   # stable: the same order with or without numba
    members = np.empty(d)
    found = False
    top_k = 0.0
    top_weight = 0.0
    relative = 0.0
    end = d
    while end > 0:                                      # groups from the largest exponent down
        k = exponents[order[end - 1]]
        start = end - 1
        while start > 0 and exponents[order[start - 1]] == k:
            start -= 1
        for i in range(start, end):
            members[i - start] = x[order[i]]
        nonzero, c = exact_group_sum(members[: end - start], partials)
        if nonzero:
            if not found:
                found = True
                top_k = k
                top_weight = w[order[start]]
                relative = c
            else:
                relative += c * math.exp(eta * (k - top_k))
        end = start
    if not found:
        return 0.0
    value = relative * top_weight
    if value == 0.0 and relative != 0.0:
        value = TINY if relative > 0.0 else -TINY
    return value


@njit(cache=True)
def winnow_score(exponents, w, tolerance, x, eta, partials):
    """w·x, made exact near 0: the float sum when |w·x| exceeds its error bound
    Σ_i tolerance_i·|x_i| (its sign is then certain), else :func:`winnow_grouped_score`."""
    score = 0.0
    bound = x.shape[0] * TINY
    for j in range(x.shape[0]):
        score += w[j] * x[j]
        bound += tolerance[j] * abs(x[j])
    if abs(score) <= bound:
        score = winnow_grouped_score(exponents, w, x, eta, partials)
    return score


@njit(cache=True)
def winnow_pass(F, y_sign, exponents, log_w, eta, prediction, margin, mistake, step):
    """Normalised exponentiated Winnow (seed 003 §3), its state kept as exponents.

    The state is S_i = Σ y_t x_{t,i} over the update trials so far (``exponents``, updated in
    place), so that w_i = e^{η S_i} / Σ_j e^{η S_j}: the seed's update w_i ← w_i e^{η y x_i}/Z
    is S ← S + y·x.  ``log_w`` receives ln w after every update (see :func:`winnow_state`:
    all exponents are shifted by max S, so no weight overflows or becomes NaN however long
    the run).  A trial is a mistake iff y·(w·x) ≤ 0, the sign decided exactly near 0
    (:func:`winnow_score`): an exact tie is a mistake with margin 0.0.  ``step`` records
    ln Z_t = ln Σ_i w_i e^{η y x_i} = ln Σ e^{η S_after} − ln Σ e^{η S_before} of the update
    (0 on trials without a mistake).
    """
    d = F.shape[1]
    w = np.empty(d)
    tolerance = np.empty(d)
    partials = np.empty(d + 1)
    top, lse = winnow_state(exponents, eta, log_w, w, tolerance)
    for t in range(F.shape[0]):
        score = winnow_score(exponents, w, tolerance, F[t], eta, partials)
        m = y_sign[t] * score
        prediction[t] = 1 if score > 0.0 else 0
        margin[t] = m + 0.0
        mistake[t] = m <= 0.0
        step[t] = 0.0
        if m <= 0.0:
            for j in range(d):
                exponents[j] += y_sign[t] * F[t, j]
            new_top, new_lse = winnow_state(exponents, eta, log_w, w, tolerance)
            step[t] = eta * (new_top - top) + (new_lse - lse)
            top = new_top
            lse = new_lse


@njit(cache=True)
def winnow_scores(F, exponents, eta, out):
    """w·x of every row of F for the state S (as :func:`winnow_score`: exact 0 on exact ties)."""
    d = F.shape[1]
    w = np.empty(d)
    log_w = np.empty(d)
    tolerance = np.empty(d)
    partials = np.empty(d + 1)
    winnow_state(exponents, eta, log_w, w, tolerance)
    for t in range(F.shape[0]):
        out[t] = winnow_score(exponents, w, tolerance, F[t], eta, partials)


@njit(cache=True)
def weight_bounded_pass(F, y_sign, w, beta, prediction, margin, mistake, step):
    """Weight-bounded perceptron (seed 004, appendix): w_i ∈ [0, 1] is feature i's share
    towards the positive class; score = Σ (2w_i − 1)·x_i; on y·score ≤ 0,
    w_i ← clip(w_i + y·β·x_i, 0, 1).  ``step`` is the total change of the weights."""
    for t in range(F.shape[0]):
        score = 0.0
        for j in range(F.shape[1]):
            score += (2.0 * w[j] - 1.0) * F[t, j]
        m = y_sign[t] * score
        prediction[t] = 1 if score > 0.0 else 0
        margin[t] = m + 0.0
        mistake[t] = m <= 0.0
        moved = 0.0
        if m <= 0.0:
            for j in range(F.shape[1]):
                new = min(1.0, max(0.0, w[j] + y_sign[t] * beta * F[t, j]))
                moved += abs(new - w[j])
                w[j] = new
        step[t] = moved


@njit(cache=True)
def kernel_value(a, b, kind, gamma, degree, coef0):
    """K(a, b): kind 0 linear a·b, 1 poly (γ·a·b + coef0)^degree, 2 rbf exp(−γ‖a−b‖²),
    3 laplace exp(−‖a−b‖/γ) (as in learners.kernels).  Symmetric bit for bit."""
    if kind == 0 or kind == 1:
        dot = 0.0
        for j in range(a.shape[0]):
            dot += a[j] * b[j]
        return dot if kind == 0 else (gamma * dot + coef0) ** degree
    sq = 0.0
    for j in range(a.shape[0]):
        diff = a[j] - b[j]
        sq += diff * diff
    if kind == 2:
        return np.exp(-gamma * sq)
    return np.exp(-np.sqrt(sq) / gamma)


@njit(cache=True)
def kernel_perceptron_pass(U, index, y_sign, weights, alpha, scores, kind, gamma, degree, coef0,
                           importance_weighted, max_support, n_active, prediction, margin, mistake, step):
    """Kernel perceptron over trials whose instances are the rows U[index[t]] (seed 003 §2).

    ``alpha`` holds one dual coefficient per distinct instance (repeats merge),
    ``scores`` the current Σ_j α_j K(U[i], U[j]) of every distinct instance; a
    mistake on U[i] adds δ = y·(c) to α_i and δ·K(U[·], U[i]) to every score, so
    a trial costs O(1) and an update O(U·d).

    ``n_active`` is the number of non-zero α on entry.  With ``max_support`` ≥ 0
    the loop stops before an update that would make more than ``max_support``
    of them non-zero, leaving that trial undone; it returns the number of
    trials completed (``index.shape[0]`` when it did not stop).
    """
    for t in range(index.shape[0]):
        i = index[t]
        s = scores[i]
        m = y_sign[t] * s
        prediction[t] = 1 if s > 0.0 else 0
        margin[t] = m + 0.0
        mistake[t] = m <= 0.0
        delta = 0.0
        if m <= 0.0:
            delta = y_sign[t] * (weights[t] if importance_weighted else 1.0)
            if delta != 0.0:
                was_zero = alpha[i] == 0.0
                if was_zero and max_support >= 0 and n_active >= max_support:
                    return t
                alpha[i] += delta
                if was_zero:
                    n_active += 1
                elif alpha[i] == 0.0:
                    n_active -= 1
                for r in range(U.shape[0]):
                    scores[r] += delta * kernel_value(U[r], U[i], kind, gamma, degree, coef0)
        step[t] = delta
    return index.shape[0]
