"""Kernel functions K(a, b) shared by the kernel learners.

* ``linear``:  a·b
* ``poly``:    (γ·a·b + coef0)^degree
* ``rbf``:     exp(−γ‖a − b‖²)   (scikit-learn's convention)
* ``laplace``: exp(−‖a − b‖/γ)   (the kernel the published code of seed 002
  calls "RBF"; note the distance is not squared and γ divides)
"""

from __future__ import annotations

import numpy as np

from ._validation import check_choice, check_number

KERNELS = ("linear", "poly", "rbf", "laplace")


def check_kernel_params(kernel: str, gamma, degree, coef0) -> None:
    """Raise ValueError unless the kernel name and its parameters are usable."""
    check_choice("kernel", kernel, KERNELS)
    check_number("gamma", gamma, low=0, low_open=True)
    check_number("degree", degree, low=1, integer=True)
    check_number("coef0", coef0)


def squared_distances(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """Matrix of ‖a_i − b_j‖², clipped at 0 against rounding."""
    A = np.asarray(A, dtype=float)
    B = np.asarray(B, dtype=float)
    sq = (A * A).sum(1)[:, None] + (B * B).sum(1)[None, :] - 2.0 * (A @ B.T)
    return np.maximum(sq, 0.0)


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


def kernel_diagonal(A, kernel="rbf", gamma=1.0, degree=3, coef0=1.0) -> np.ndarray:
    """K(a_i, a_i) for every row, without forming the Gram matrix."""
    A = np.asarray(A, dtype=float)
    if kernel == "linear":
        return (A * A).sum(1)
    if kernel == "poly":
        return (gamma * (A * A).sum(1) + coef0) ** degree
    return np.ones(A.shape[0])
