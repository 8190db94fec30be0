"""Input and parameter checks shared by every learner.

Every check raises ``ValueError`` with a message that says what was wrong and
how to fix it, so a notebook user (and the app, which shows the text) never
has to read a traceback to understand bad input.  A message about a number
names the parameter, its documented range and the value received.

Limits shared by the learners
-----------------------------
``MAX_FEATURES``
    n_features ≤ 10⁶ (a weight vector of 8 MB).
``MAX_STATE_BYTES``
    What a learner allocates when it starts (weights, pair tensor, index) must
    fit in 512 MiB; the message says how many features or classes would fit.
``MAX_SAMPLE_WEIGHT``
    Importance weights c_t ∈ [0, 10¹⁰⁰], so that the weighted loss of any
    feasible run stays finite.
``SAFE_LIMIT``
    A learner checks, once per block of trials and before updating, a bound on
    every score, weight and step those trials can reach; a block whose bound
    exceeds 10³⁰⁰ is refused (the headroom to the float maximum 1.8·10³⁰⁸
    absorbs rounding).
"""

from __future__ import annotations

import math
import numbers

import numpy as np
from sklearn.utils import check_random_state as _sklearn_random_state

#: the largest n_features any learner accepts
MAX_FEATURES = 1_000_000
#: the most memory a learner may allocate when it starts
MAX_STATE_BYTES = 512 * 2**20
#: the largest importance weight c_t
MAX_SAMPLE_WEIGHT = 1e100
#: the largest step size η (and PA's C, the kernels' γ): 10⁶
MAX_STEP = 1e6
#: the largest number of passes of ``fit``
MAX_PASSES = 100_000
#: a bound on the scores/weights/steps of a block of trials must stay below this
SAFE_LIMIT = 1e300
#: its mirror below: an additive learner's float run follows the exact algorithm while the scale of its scores
#: (step a = η·c times R², R the longest feature vector so far) and of its updates (a·R) stay above this.  Below,
#: products such as w·x leave double precision's normal range (underflow, under about 2.2e-308): a score rounds
#: to 0 — a tie, counted as a mistake — where exact arithmetic has none, and the mistake bounds, theorems about
#: the exact algorithm, stop applying (learners.comparators says so on the curves).  Above it, underflow shifts
#: a bound's quantities by a relative d·1e-23 at most.
SAFE_SMALLEST = 1.0 / SAFE_LIMIT
#: the integers every compiled loop can hold
_INT64 = (-(2**63), 2**63 - 1)


def describe(value, width: int = 60) -> str:
    """A short text for ``value`` in a message (huge integers and long reprs are abbreviated).

    >>> describe(10**400)
    'an integer of 401 digits (10**400)'
    >>> describe(float("nan"))
    'nan'
    """
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and abs(int(value)) >= 10**18:
        big = abs(int(value))
        digits = len(str(big)) if big.bit_length() < 14_000 else int(big.bit_length() * math.log10(2)) + 1
        sign = "-" if value < 0 else ""
        exact = f" ({sign}10**{digits - 1})" if big == 10 ** (digits - 1) else ""
        return f"{'a negative' if sign else 'an'} integer of {digits} digits{exact}"
    try:
        text = repr(value)
    except ValueError:                       # e.g. a list holding an integer of more than 4300 digits
        return f"a {type(value).__name__} that cannot be shown"
    return text if len(text) <= width else text[: width - 1] + "…"


def _bound_text(bound, integer: bool) -> str:
    if integer and float(bound).is_integer():
        return f"{int(bound)}"
    return f"{bound:g}"


def interval(low=None, high=None, low_open=False, high_open=False, integer=False) -> str:
    """The interval as text, e.g. ``(0, 1e+06]``."""
    left = "(" if low_open or low is None else "["
    right = ")" if high_open or high is None else "]"
    lo = "-inf" if low is None else _bound_text(low, integer)
    hi = "inf" if high is None else _bound_text(high, integer)
    return f"{left}{lo}, {hi}{right}"


def check_number(name: str, value, *, low=None, high=None, low_open=False, high_open=False,
                 integer=False):
    """Check that parameter ``name`` is a finite number in the stated interval; return it.

    ``low_open``/``high_open`` make that end of the interval strict.  Integers
    are compared exactly (however large) and must also fit in 64 bits; the
    value is returned as ``int`` (``integer=True``) or ``float``.

    >>> check_number("eta", 10**400, low=0, high=1e6, low_open=True)
    Traceback (most recent call last):
    ...
    ValueError: eta must lie in (0, 1e+06]; got an integer of 401 digits (10**400).
    """
    if integer:                                # every integer ends up in a 64-bit NumPy/numba slot
        low = _INT64[0] if low is None else low
        high = _INT64[1] if high is None else high

    def refuse(requirement: str):
        where = interval(low, high, low_open, high_open, integer)
        return ValueError(f"{name} must {requirement} {where}; got {describe(value)}.")

    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real) or (
            integer and not isinstance(value, numbers.Integral)):
        raise refuse("be an integer in" if integer else "be a number in")
    if isinstance(value, numbers.Integral):
        exact = int(value)                     # compared exactly, however large
    else:
        try:
            exact = float(value)
        except (OverflowError, ValueError, TypeError):
            raise refuse("lie in") from None
        if not math.isfinite(exact):
            raise refuse("be a finite number in")
    too_low = low is not None and (exact <= low if low_open else exact < low)
    too_high = high is not None and (exact >= high if high_open else exact > high)
    if too_low or too_high:
        raise refuse("lie in")
    if integer:
        return exact
    try:
        return float(exact)
    except OverflowError:                      # an integer beyond the float range, no upper end given
        raise refuse("lie in") from None


def check_flag(name: str, value) -> bool:
    """Check that the flag ``name`` is ``True`` or ``False`` (a Python or NumPy bool); return it.

    Anything else — ``"no"``, ``0``, ``None`` — is refused, since Python would
    read most of it as true.

    >>> check_flag("fit_intercept", "no")
    Traceback (most recent call last):
    ...
    ValueError: fit_intercept must be True or False; got 'no'.
    """
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False; got {describe(value)}.")
    return bool(value)


def check_choice(name: str, value, choices) -> str:
    """Check that ``value`` is one of ``choices`` (strings)."""
    if not isinstance(value, str) or value not in choices:
        options = ", ".join(repr(c) for c in choices)
        raise ValueError(f"{name} must be one of {options}; got {describe(value)}.")
    return value


#: the largest integer seed NumPy's RandomState takes (what ``random_state`` accepts, and the lab's seed range)
MAX_SEED = 2**32 - 1


def check_random_state(value):
    """``sklearn.utils.check_random_state`` with a message naming ``random_state``."""
    if isinstance(value, (bool, np.bool_)) or (
            value is not None and not isinstance(value, (numbers.Integral, np.random.RandomState))):
        raise ValueError(f"random_state must be None, an integer in [0, {MAX_SEED}] or a "
                         f"numpy.random.RandomState; got {describe(value)}.")
    if isinstance(value, numbers.Integral) and not 0 <= int(value) <= MAX_SEED:
        raise ValueError(f"random_state must be None, an integer in [0, {MAX_SEED}] or a "
                         f"numpy.random.RandomState; got {describe(value)}.")
    return _sklearn_random_state(value)


def _as_floats(values, what: str) -> np.ndarray:
    try:
        return np.asarray(values, dtype=float)
    except OverflowError:
        raise ValueError(f"{what} holds a number too large for a float (beyond ±1.8e308); "
                         "every entry must be a finite number.") from None
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{what} must hold numbers; could not read it as numbers: {exc}") from None


def check_sample_weight(sample_weight, n_samples: int) -> np.ndarray:
    """Return importance weights c_t as a float array of length ``n_samples`` (a copy).

    ``None`` means every weight is 1.  Weights must be finite numbers in
    [0, ``MAX_SAMPLE_WEIGHT``], and not all zero (a run whose every trial costs
    nothing teaches nothing).
    """
    if sample_weight is None:
        return np.ones(n_samples, dtype=float)
    if isinstance(sample_weight, numbers.Number) and not isinstance(sample_weight, (bool, np.bool_)):
        value = check_number("sample_weight", sample_weight, low=0, high=MAX_SAMPLE_WEIGHT)
        weights = np.full(n_samples, value)
    else:
        weights = np.array(_as_floats(sample_weight, "sample_weight (one importance weight per row)"))
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
        raise ValueError("sample_weight contains NaN or infinity; every weight must be a finite number "
                         f"in [0, {MAX_SAMPLE_WEIGHT:g}].")
    if np.any(weights < 0):
        raise ValueError(
            f"sample_weight contains negative weights (smallest {weights.min():g}); "
            "importance weights are costs and must be >= 0."
        )
    if n_samples > 0 and weights.max() > MAX_SAMPLE_WEIGHT:
        raise ValueError(f"sample_weight must lie in [0, {MAX_SAMPLE_WEIGHT:g}]; got a weight of "
                         f"{weights.max():g}. Rescale the weights (only their ratios matter to the bounds).")
    if n_samples > 0 and not np.any(weights > 0):
        raise ValueError("Every sample weight is zero; at least one weight must be non-zero.")
    return weights


def check_instance(x, n_features: int) -> np.ndarray:
    """Validate one instance for ``learn_one``/``predict_one``: a finite vector of length ``n_features``."""
    try:
        vector = np.asarray(x, dtype=float)
    except OverflowError:
        raise ValueError("x holds a number too large for a float (beyond ±1.8e308); every feature "
                         "must be a finite number.") from None
    except (TypeError, ValueError):
        raise ValueError(f"x must be a vector of {n_features} numbers; got {describe(x)}.") from None
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
    """Validate one importance weight for ``learn_one``: a finite number in [0, ``MAX_SAMPLE_WEIGHT``]."""
    if isinstance(weight, numbers.Real) and not isinstance(weight, (bool, np.bool_)) and weight < 0:
        raise ValueError(f"weight must be >= 0 (it is the cost of a mistake); got {describe(weight)}.")
    return check_number("weight", weight, low=0, high=MAX_SAMPLE_WEIGHT)


# ------------------------------------------------------------------ class labels
_LABELS = "labels must be integers, strings, booleans or finite numbers"


def _bad_label(label) -> str | None:
    """Why ``label`` cannot be a class label (None when it can)."""
    if label is None:
        return "None"
    if isinstance(label, (str, bytes, numbers.Number, np.generic)):
        if isinstance(label, (numbers.Complex, np.number)) and not isinstance(label, numbers.Real):
            return f"the complex number {describe(label)}"
        if isinstance(label, numbers.Real) and not isinstance(label, numbers.Integral):
            if not math.isfinite(float(label)):
                return "NaN" if math.isnan(float(label)) else f"{float(label)!r}"
        return None
    return f"{describe(label)} (of type {type(label).__name__})"


def check_label(label):
    """Validate one class label (``learn_one``'s y): not None, not NaN or infinite, not a container.

    >>> check_label(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: labels must be integers, strings, booleans or finite numbers; got NaN as a label.
    """
    bad = _bad_label(label)
    if bad is not None:
        raise ValueError(f"{_LABELS}; got {bad} as a label.")
    return label


def check_labels(values, what: str = "classes") -> np.ndarray:
    """Validate a list of class labels; return it as an array that ``np.unique`` can sort.

    Refuses None, NaN and ±inf, containers, and a mix of strings and numbers
    (which have no common order).

    >>> check_labels([None, 1])
    Traceback (most recent call last):
    ...
    ValueError: classes: labels must be integers, strings, booleans or finite numbers; got None among [None, 1].
    """
    try:
        array = np.asarray(values)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{what}: {_LABELS}, in a flat list; got {describe(values)}.") from None
    if array.ndim != 1:
        array = array.reshape(-1) if array.ndim == 0 else array
        if array.ndim != 1:
            raise ValueError(f"{what}: {_LABELS}, in a flat list; got an array of shape {array.shape}.")
    kind = array.dtype.kind
    if kind in "fc":
        if not np.all(np.isfinite(array)):
            bad = array[~np.isfinite(array)][0]
            shown = "NaN" if np.isnan(bad) else repr(float(bad.real))
            raise ValueError(f"{what}: {_LABELS}; got {shown} among {describe(array.tolist())}.")
        if kind == "c":
            raise ValueError(f"{what}: {_LABELS}; got complex numbers {describe(array.tolist())}.")
    elif kind == "O":
        has_text = has_number = False
        for label in array:
            bad = _bad_label(label)
            if bad is not None:
                raise ValueError(f"{what}: {_LABELS}; got {bad} among {describe(array.tolist())}.")
            if isinstance(label, (str, bytes)):
                has_text = True
            else:
                has_number = True
        if has_text and has_number:
            raise ValueError(f"{what}: {_LABELS}, all strings or all numbers (they cannot be sorted "
                             f"together); got {describe(array.tolist())}.")
    elif kind not in "biuUS":
        raise ValueError(f"{what}: {_LABELS}; got values of dtype {array.dtype}.")
    return array


# ------------------------------------------------------------------ sizes and overflow
def check_state_size(learner: str, n_bytes: float, what: str, advice: str) -> None:
    """Refuse to allocate more than ``MAX_STATE_BYTES`` when a learner starts.

    ``what`` says what the memory is for, ``advice`` what would fit.
    """
    if not n_bytes <= MAX_STATE_BYTES:
        raise ValueError(f"{learner} would need {n_bytes / 2**20:,.0f} MiB for {what}; the cap is "
                         f"{MAX_STATE_BYTES // 2**20} MiB ({advice}).")


def largest_abs(F) -> float:
    """max |F| (0 for an empty array), without a temporary array."""
    F = np.asarray(F)
    if F.size == 0:
        return 0.0
    return float(max(F.max(), -F.min()))


#: a sum of squares in (this, 1e300) has lost no precision and is far from overflowing
_SQUARES_SAFE = 1e-280


def norm_bound(F) -> float:
    """An upper bound on the Euclidean length of every row of F (never NaN; +inf if beyond the float range).

    One row: its length; several: √d·max|F|.
    """
    F = np.asarray(F, dtype=float)
    if F.ndim == 1 or F.shape[0] == 1:
        return frobenius(F)
    top = largest_abs(F)
    return 0.0 if top == 0.0 else top * math.sqrt(F.shape[1])


def frobenius(W) -> float:
    """‖W‖ computed without overflow (scaled by its largest entry when Σ w² is not safely in range)."""
    with np.errstate(over="ignore", under="ignore"):
        squares = float(np.vdot(W, W))
    if _SQUARES_SAFE < squares < SAFE_LIMIT:
        return math.sqrt(squares)
    top = largest_abs(W)                       # all zero, or squares under- or overflowed
    return 0.0 if top == 0.0 else top * float(np.linalg.norm(np.asarray(W) / top))


def check_bound(bound: float, what: str, detail, advice: str) -> None:
    """Refuse a block of trials whose ``bound`` (on the scores, weights or steps it can reach)
    is not below ``SAFE_LIMIT`` (NaN, from ∞·0, is refused as well).

    ``detail`` (the numbers behind the bound) may be a function, called only to refuse.
    """
    if not bound <= SAFE_LIMIT:
        detail = detail() if callable(detail) else detail
        shown = "beyond the float range" if not math.isfinite(bound) else f"up to {bound:.3g}"
        raise ValueError(f"{what} could overflow: these trials could reach {shown} (the safe limit is "
                         f"{SAFE_LIMIT:g}; {detail}). {advice}")


class numbers_as_floats:
    """Context manager: an ``OverflowError`` of reading input (a Python integer beyond the float
    range, e.g. ``10**400``) becomes a ``ValueError`` naming the input."""

    def __init__(self, what: str = "X"):
        self.what = what

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if kind is not None and issubclass(kind, OverflowError):
            raise ValueError(f"{self.what} holds a number too large for a float (beyond ±1.8e308); "
                             "every entry must be a finite number.") from None
        return False
