"""Input and parameter checks shared by every learner.

Every check raises ``ValueError`` with a message that says what was wrong and
how to fix it, so a notebook user (and the app, which shows the text) never
has to read a traceback to understand bad input.
"""

from __future__ import annotations

import numbers

import numpy as np


def check_sample_weight(sample_weight, n_samples: int) -> np.ndarray:
    """Return importance weights c_t as a float array of length ``n_samples``.

    ``None`` means every weight is 1.  Weights must be finite and non-negative,
    and not all zero (a run whose every trial costs nothing teaches nothing).
    """
    if sample_weight is None:
        return np.ones(n_samples, dtype=float)
    if isinstance(sample_weight, numbers.Number):
        weights = np.full(n_samples, float(sample_weight))
    else:
        try:
            weights = np.asarray(sample_weight, dtype=float)
        except (TypeError, ValueError) as exc:
            raise ValueError(
                "sample_weight must hold numbers (one importance weight per row); "
                f"could not read it as numbers: {exc}"
            ) from None
    if weights.ndim != 1:
        raise ValueError(
            f"sample_weight must be 1-dimensional with one weight per row; got shape {weights.shape}."
        )
    if weights.shape[0] != n_samples:
        raise ValueError(
            f"sample_weight has {weights.shape[0]} weights but X has {n_samples} rows; "
            "give exactly one weight per row."
        )
    if not np.all(np.isfinite(weights)):
        raise ValueError("sample_weight contains NaN or infinity; every weight must be a finite number.")
    if np.any(weights < 0):
        raise ValueError(
            f"sample_weight contains negative weights (smallest {weights.min():g}); "
            "importance weights are costs and must be >= 0."
        )
    if n_samples > 0 and not np.any(weights > 0):
        raise ValueError("Every sample weight is zero; at least one weight must be non-zero.")
    return weights


def check_number(name: str, value, *, low=None, high=None, low_open=False, high_open=False,
                 integer=False) -> float:
    """Check that parameter ``name`` is a finite number in the stated interval.

    ``low_open``/``high_open`` make that end of the interval strict.
    """
    kind = "an integer" if integer else "a number"
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ValueError(f"{name} must be {kind}; got {value!r}.")
    if integer and not isinstance(value, numbers.Integral):
        raise ValueError(f"{name} must be {kind}; got {value!r}.")
    if not np.isfinite(value):
        raise ValueError(f"{name} must be a finite number; got {value!r}.")
    too_low = low is not None and (value <= low if low_open else value < low)
    too_high = high is not None and (value >= high if high_open else value > high)
    if too_low or too_high:
        left = "(" if low_open else "["
        right = ")" if high_open else "]"
        lo = "-inf" if low is None else f"{low:g}"
        hi = "inf" if high is None else f"{high:g}"
        raise ValueError(f"{name} must lie in {left}{lo}, {hi}{right}; got {value!r}.")
    return value


def check_choice(name: str, value, choices) -> str:
    """Check that ``value`` is one of ``choices`` (strings)."""
    if value not in choices:
        options = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {options}; got {value!r}.")
    return value


def check_instance(x, n_features: int) -> np.ndarray:
    """Validate one instance for ``learn_one``/``predict_one``: a finite vector of length ``n_features``."""
    try:
        vector = np.asarray(x, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"x must be a vector of {n_features} numbers; got {x!r}.") from None
    if vector.ndim == 2 and vector.shape[0] == 1:
        vector = vector[0]
    if vector.ndim != 1 or vector.shape[0] != n_features:
        raise ValueError(
            f"x must be a vector of {n_features} numbers (the learner was set up with "
            f"{n_features} features); got shape {vector.shape}."
        )
    if not np.all(np.isfinite(vector)):
        raise ValueError("x contains NaN or infinity; every feature must be a finite number.")
    return vector


def check_weight(weight) -> float:
    """Validate one importance weight for ``learn_one``."""
    if isinstance(weight, bool) or not isinstance(weight, numbers.Real) or not np.isfinite(weight):
        raise ValueError(f"weight must be a finite number >= 0; got {weight!r}.")
    if weight < 0:
        raise ValueError(f"weight must be >= 0 (it is the cost of a mistake); got {weight!r}.")
    return float(weight)
