"""Kernel functions K(a, b) shared by the kernel learners.

* ``linear``:  a·b
* ``poly``:    (γ·a·b + coef0)^degree
* ``rbf``:     exp(−γ‖a − b‖²)   (scikit-learn's convention)
* ``laplace``: exp(−‖a − b‖/γ)   (the kernel the published code of seed 002
  calls "RBF"; note the distance is not squared and γ divides)

Parameter ranges: γ ∈ (0, 10⁶], degree ∈ [1, 20], coef0 ∈ [−10⁶, 10⁶].
"""

from __future__ import annotations

import math

import numpy as np

from ._validation import MAX_STEP, check_choice, check_number

KERNELS = ("linear", "poly", "rbf", "laplace")
#: the largest polynomial degree
MAX_DEGREE = 20


def check_kernel_params(kernel: str, gamma, degree, coef0) -> None:
    """Raise ValueError unless the kernel name and its parameters are usable."""
    check_choice("kernel", kernel, KERNELS)
    check_number("gamma", gamma, low=0, high=MAX_STEP, low_open=True)
    check_number("degree", degree, low=1, high=MAX_DEGREE, integer=True)
    check_number("coef0", coef0, low=-MAX_STEP, high=MAX_STEP)


def kernel_bound(kernel: str, gamma, degree, coef0, R: float) -> float:
    """An upper bound on |K(a, b)| over all a, b with ‖a‖, ‖b‖ ≤ R (may be inf, never NaN).

    >>> kernel_bound("poly", 1.0, 2, 1.0, 3.0), kernel_bound("rbf", 1.0, 3, 1.0, 1e300)
    (100.0, 1.0)
    """
    if kernel in ("rbf", "laplace"):
        return 1.0
    if not math.isfinite(R):
        return math.inf
    with np.errstate(over="ignore"):
        dot = np.float64(R) * np.float64(R)                # |a·b| ≤ ‖a‖‖b‖
        if kernel == "linear":
            return float(dot)
        return float((np.float64(gamma) * dot + abs(float(coef0))) ** int(degree))


#: beyond this |entry| the expansion ‖a‖² + ‖b‖² − 2a·b would overflow (∞ − ∞ = NaN)
_LARGE = 1e150


def squared_distances(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """Matrix of ‖a_i − b_j‖², clipped at 0 against rounding (+inf where it exceeds the float range).

    >>> squared_distances(np.array([[1e200, 0.0]]), np.array([[-1e200, 0.0], [1e200, 0.0]])).tolist()
    [[inf, 0.0]]
    """
    A = np.asarray(A, dtype=float)
    B = np.asarray(B, dtype=float)
    top = max(np.abs(A).max(initial=0.0), np.abs(B).max(initial=0.0))
    if top <= _LARGE:
        sq = (A * A).sum(1)[:, None] + (B * B).sum(1)[None, :] - 2.0 * (A @ B.T)
        return np.maximum(sq, 0.0)
    A, B = A / top, B / top                                # same distances, scaled by top²
    sq = np.maximum((A * A).sum(1)[:, None] + (B * B).sum(1)[None, :] - 2.0 * (A @ B.T), 0.0)
    with np.errstate(over="ignore"):
        return sq * top * top


def kernel_matrix(A, B, kernel="rbf", gamma=1.0, degree=3, coef0=1.0) -> np.ndarray:
    """Gram matrix K[i, j] = K(A[i], B[j]) for the named kernel."""
    A = np.asarray(A, dtype=float)
    B = np.asarray(B, dtype=float)
    if kernel == "linear":
        return A @ B.T
    if kernel == "poly":
        return (gamma * (A @ B.T) + coef0) ** degree
    if kernel == "rbf":
        return np.exp(-gamma * squared_distances(A, B))
    if kernel == "laplace":
        return np.exp(-np.sqrt(squared_distances(A, B)) / gamma)
    raise ValueError(f"kernel must be one of {', '.join(KERNELS)}; got {kernel!r}.")
