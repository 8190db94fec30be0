"""The four-cloud example of seed 002 (Figures 2–5): four 2D Gaussian classes.

Seed 002 (§5.1) says only that it "generated 2-dimensional data from four
separable classes with different biases ... using a normal distribution"; it
gives neither centres nor spread.  Its Figure 2 describes the layout: the two
important classes of the priority vector {10, 10, 1, 1} on the left, the two
cheap ones on the right, so the vertical boundary moves right while the
horizontal ones stay centred.  We follow that layout:

=====  ==========  ==================
class  centre      where
=====  ==========  ==================
0      (−1,  1)    top left
1      (−1, −1)    bottom left
2      ( 1,  1)    top right
3      ( 1, −1)    bottom right
=====  ==========  ==================

and choose the spread 0.8 ourselves, so that neighbouring clouds overlap (about
10% of a cloud lies past the midline towards each neighbour).  With separable
clouds every method would reach recall 1 and priorities could not change the
errors; with overlap, θ = {10, 10, 1, 1} visibly trades errors on the left
classes for errors on the right ones.  A smaller ``spread`` (e.g. 0.3) gives
nearly separable clouds, closer to the seed's wording.
"""

from __future__ import annotations

import numbers

import numpy as np

CENTERS = np.array([[-1.0, 1.0], [-1.0, -1.0], [1.0, 1.0], [1.0, -1.0]])


def four_clouds(n_per_class: int = 60, seed: int = 0, spread: float = 0.8):
    """Draw ``n_per_class`` points around each of the four centres of :data:`CENTERS`.

    Parameters
    ----------
    n_per_class : int, default=60
        Points per class (≥ 1).
    seed : int, default=0
        Seed of NumPy's generator: the same seed gives the same points.
    spread : float, default=0.8
        Standard deviation of every cloud along each axis (> 0).

    Returns
    -------
    X : ndarray of shape (4·n_per_class, 2)
    y : ndarray of shape (4·n_per_class,)
        Labels 0, 1, 2, 3, grouped by class (0s first).

    Examples
    --------
    >>> X, y = four_clouds(n_per_class=25, seed=0)
    >>> X.shape, sorted(set(y.tolist()))
    ((100, 2), [0, 1, 2, 3])
    >>> bool(X[y == 0, 0].mean() < 0 < X[y == 2, 0].mean())    # class 0 left, class 2 right
    True
    """
    if isinstance(n_per_class, bool) or not isinstance(n_per_class, numbers.Integral) or n_per_class < 1:
        raise ValueError(f"n_per_class must be a whole number >= 1 (points per class); got {n_per_class!r}.")
    if isinstance(spread, bool) or not isinstance(spread, numbers.Real) or not np.isfinite(spread) \
            or spread <= 0:
        raise ValueError(f"spread must be a finite number > 0 (the standard deviation of a cloud); "
                         f"got {spread!r}.")
    rng = np.random.default_rng(seed)
    y = np.repeat(np.arange(4), int(n_per_class))
    X = CENTERS[y] + rng.normal(scale=float(spread), size=(y.shape[0], 2))
    return X, y
