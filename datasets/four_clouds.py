"""The four-cloud example of seed 002 (Figures 3–5): four overlapping 2D Gaussian classes.

Seed 002 says only that the four classes are normal clouds "with different
biases"; it gives no centres.  We place the centres on the corners of a
square, close enough for the clouds to overlap, so that a priority vector such
as {10, 10, 1, 1} visibly moves the boundaries away from the important classes.

Examples
--------
>>> X, y = four_clouds(n_per_class=25, seed=0)
>>> X.shape, sorted(set(y.tolist()))
((100, 2), [0, 1, 2, 3])
"""

from __future__ import annotations

import numpy as np

CENTERS = np.array([[-1.0, 1.0], [1.0, 1.0], [-1.0, -1.0], [1.0, -1.0]])


def four_clouds(n_per_class: int = 60, seed: int = 0, spread: float = 0.8):
    """(X, y): ``n_per_class`` points around each of four centres, standard deviation ``spread``."""
    if int(n_per_class) < 1:
        raise ValueError(f"n_per_class must be at least 1; got {n_per_class!r}.")
    if not spread > 0:
        raise ValueError(f"spread must be positive; got {spread!r}.")
    rng = np.random.default_rng(seed)
    y = np.repeat(np.arange(4), int(n_per_class))
    X = CENTERS[y] + rng.normal(scale=spread, size=(len(y), 2))
    return X, y
