"""Seed 003, Examples 1–2: Perceptron against Winnow as the dimension n grows.

Sparse target (u ∈ {0,1}ⁿ with k ones, x ∈ {±1}ⁿ, y = sign(u·x), k odd so γ = 1)
and dense target (u = 1, x ∈ {0,1}ⁿ with at most k ones, labels by a threshold): mistakes of one pass against both learners' bounds.
"""

from __future__ import annotations

import numpy as np

from learners import Perceptron, Winnow, bounds

from .progress import Steps


def sparse_stream(n, k, trials, rng):
    u = np.zeros(n)
    u[rng.choice(n, k, replace=False)] = 1.0
    X = rng.choice([-1.0, 1.0], size=(trials, n))
    return X, (X @ u > 0).astype(int)


def dense_stream(n, k, trials, rng):
    """x ∈ {0,1}ⁿ with c ∈ {1..k} ones, y = 1 iff u·x = c > k/2 with u = (1, …, 1):
    a dense target with a threshold (learnt through the constant feature)."""
    X = np.zeros((trials, n))
    counts = rng.integers(1, k + 1, trials)
    for row, c in zip(X, counts):
        row[rng.choice(n, c, replace=False)] = 1.0
    return X, (counts > k / 2).astype(int)


def run(runs: int = 1, seed: int = 0, quick: bool = False, k: int = 3, progress=None) -> dict:
    if k % 2 == 0:
        raise ValueError("k must be odd (it gives the sparse target the margin γ = 1).")
    sizes = [16, 64, 256] if quick else [16, 32, 64, 128, 256, 512, 1024]
    trials = 500 if quick else 4000
    steps = Steps(progress, 2 * len(sizes) * runs, "Perceptron against Winnow")
    rows = []
    for target, make in (("sparse", sparse_stream), ("dense", dense_stream)):
        for n in sizes:
            mistakes = {"Perceptron": [], "Winnow": []}
            for r in range(runs):
                rng = np.random.default_rng(seed + 1000 * r + n)
                X, y = make(n, k, trials, rng)
                dense = target == "dense"
                mistakes["Perceptron"].append(Perceptron(fit_intercept=dense).fit(X, y).mistakes_)
                winnow = Winnow(eta=0.5, balanced=dense, fit_intercept=dense)
                mistakes["Winnow"].append(winnow.fit(X, y).mistakes_)
                steps.step(f"{target} target, n = {n}: run {r + 1}/{runs}")
            if target == "sparse":
                perceptron_bound, winnow_bound = bounds.perceptron_sparse(n, k), bounds.winnow_sparse(n, k)
            else:
                # our Example 2: u = (1,…,1, −k/2) on (x, 1), margin γ = ½ (k odd), R² = k + 1,
                # ‖u‖² = n + k²/4; Winnow on (x, 1, −x, −1): ‖u‖₁ = n + k/2, R∞ = 1, 2(n + 1) weights
                perceptron_bound = bounds.novikoff(np.sqrt(k + 1), np.sqrt(n + k * k / 4), 0.5)
                winnow_bound = bounds.winnow_tuned(n + k / 2, 2 * (n + 1), 0.5, 1.0)
            rows.append({"target": target, "n": n, "k": k,
                         "perceptron_mistakes": float(np.mean(mistakes["Perceptron"])),
                         "winnow_mistakes": float(np.mean(mistakes["Winnow"])),
                         "perceptron_bound": float(perceptron_bound), "winnow_bound": float(winnow_bound)})
    steps.finish()
    return {"rows": rows, "trials": trials,
            "notes": ["Sparse: the closed forms of Example 1 with γ = 1 (k odd). Dense: Novikoff and the "
                      "tuned Winnow bound for our construction's u, γ and R.",
                      "Dense target: threshold k/2 on u·x with u = 1, learnt through a constant "
                      "feature (balanced Winnow); our construction of Example 2."]}
