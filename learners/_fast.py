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


@njit(cache=True)
def winnow_pass(F, y_sign, log_w, eta, prediction, margin, mistake, step):
    """Normalised exponentiated Winnow (seed 003 §3) in log space.

    ``log_w`` holds ln w with Σ w = 1; on y·(w·x) ≤ 0 it moves by η·y·x and
    is renormalised with log-sum-exp, so no weight overflows or becomes NaN.
    ``step`` records ln Z_t of the update (0 on trials without a mistake).
    """
    d = F.shape[1]
    w = np.empty(d)
    for t in range(F.shape[0]):
        top = log_w[0]
        for j in range(1, d):
            if log_w[j] > top:
                top = log_w[j]
        total = 0.0
        score = 0.0
        for j in range(d):
            w[j] = np.exp(log_w[j] - top)
            total += w[j]
        for j in range(d):
            score += (w[j] / total) * F[t, j]
        m = y_sign[t] * score
        prediction[t] = 1 if score > 0.0 else 0
        margin[t] = m + 0.0
        mistake[t] = m <= 0.0
        step[t] = 0.0
        if m <= 0.0:
            top = -np.inf
            for j in range(d):
                log_w[j] += eta * y_sign[t] * F[t, j]
                if log_w[j] > top:
                    top = log_w[j]
            total = 0.0
            for j in range(d):
                total += np.exp(log_w[j] - top)
            log_z = top + np.log(total)
            for j in range(d):
                log_w[j] -= log_z
            step[t] = log_z


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
