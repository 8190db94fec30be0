"""Compiled loops of OOZ (seed 004, Fig. 1) over CSR rows: scoring and the update.

The index keeps, for every feature f, at most ``D`` edges (class id, weight)
plus a free weight source w_{f,c0} (initially 1); every weight stays in [0, 1]
and a feature's edges and free source always sum to 1.
"""

from __future__ import annotations

import numpy as np

from ._fast import njit


@njit(cache=True)
def score_row(indptr, indices, data, row, edge_class, edge_weight, degree, scores):
    scores[:] = 0.0
    for p in range(indptr[row], indptr[row + 1]):
        f = indices[p]
        x = data[p]
        for e in range(degree[f]):
            scores[edge_class[f, e]] += x * edge_weight[f, e]


@njit(cache=True)
def _deductions(scores, truth, s_min, beta, max_deductions, deduction):
    """Compute_Deductions: lower the top offending scores towards each other, budget β.

    Only classes with a positive score (the only ones an edge can be taken
    from) above s_min are offending; at most ``max_deductions`` of them, the
    highest.  Returns the number of classes with a deduction.
    """
    k = scores.shape[0]
    order = np.argsort(-scores)
    chosen = np.empty(max_deductions, dtype=np.int64)
    m = 0
    for j in range(k):
        c = order[j]
        if scores[c] <= max(s_min, 0.0):
            break
        if c == truth:
            continue
        chosen[m] = c
        m += 1
        if m == max_deductions:
            break
    cumulative = 0.0
    i = 0
    while cumulative < beta and m > 0:
        delta = beta - cumulative
        if i < m:
            lower = scores[chosen[i + 1]] if i + 1 < m else max(s_min, 0.0)
            delta = min(delta, scores[chosen[i]] - lower)
        top = min(i + 1, m)
        for j in range(top):
            deduction[chosen[j]] += delta
        cumulative += delta
        i += 1
        if i > m and delta <= 0.0:
            break
    return m


@njit(cache=True)
def ooz_rows(indptr, indices, data, y_index, n_classes, edge_class, edge_weight, degree, free,
             margin_delta, beta, max_deductions, min_weight, prediction, margin, mistake, step):
    """Run OOZ trials over the CSR rows; fill per-trial outputs; update the index in place."""
    scores = np.empty(n_classes)
    deduction = np.zeros(n_classes)
    remainder = np.zeros(n_classes)
    rate = min(margin_delta / 2.0, beta)
    for t in range(indptr.shape[0] - 1):
        score_row(indptr, indices, data, t, edge_class, edge_weight, degree, scores)
        y = y_index[t]
        best = 0
        rival = -1
        for c in range(n_classes):
            if scores[c] > scores[best]:
                best = c
            if c != y and (rival < 0 or scores[c] > scores[rival]):
                rival = c
        prediction[t] = best
        margin[t] = scores[y] - scores[rival] if rival >= 0 else scores[y]
        mistake[t] = best != y
        step[t] = 0.0
        if rival < 0 or scores[rival] < scores[y] - margin_delta:
            continue
        deduction[:] = 0.0
        _deductions(scores, y, scores[y] - margin_delta, rate, max_deductions, deduction)
        remainder[:] = deduction
        moved = 0.0
        for p in range(indptr[t], indptr[t + 1]):
            f = indices[p]
            x = data[p]
            if x <= 0.0:
                continue
            r = x * rate
            boost = 0.0
            for e in range(degree[f]):
                c = edge_class[f, e]
                if r <= 0.0:
                    break
                if c == y or remainder[c] <= 0.0 or edge_weight[f, e] <= 0.0:
                    continue
                h = min(remainder[c] / x, edge_weight[f, e], x * deduction[c], r)
                boost += h
                edge_weight[f, e] -= h
                remainder[c] -= h * x
                r -= h
            take = min(free[f], r)
            free[f] -= take
            boost += take
            if boost <= 0.0:
                continue
            moved += boost * x
            # add the boost to the true class's edge (create it if needed)
            slot = -1
            for e in range(degree[f]):
                if edge_class[f, e] == y:
                    slot = e
                    break
            if slot < 0:
                if degree[f] < edge_class.shape[1]:
                    slot = degree[f]
                    degree[f] += 1
                else:   # full: replace the lightest edge, its weight returns to the free source
                    slot = 0
                    for e in range(1, degree[f]):
                        if edge_weight[f, e] < edge_weight[f, slot]:
                            slot = e
                    free[f] += edge_weight[f, slot]
                edge_class[f, slot] = y
                edge_weight[f, slot] = 0.0
            edge_weight[f, slot] += boost
            # drop tiny edges (their weight returns to the free source)
            e = 0
            while e < degree[f]:
                if edge_weight[f, e] < min_weight and edge_class[f, e] != y:
                    free[f] += edge_weight[f, e]
                    last = degree[f] - 1
                    edge_class[f, e] = edge_class[f, last]
                    edge_weight[f, e] = edge_weight[f, last]
                    degree[f] -= 1
                else:
                    e += 1
        step[t] = moved
