"""A student's number, read and judged by one rule: the lessons (lab.lessons) and the quiz (lab.quiz) both.

Reading is :func:`lab.numbers.read_number`, the lab's one reader, with every part of its grammar a student may
type: a true minus sign (−2), a decimal comma (0,75), a fraction (3/4, −1/3, 2,5/5), an exponent (1e-3), spaces
around the number, a space as thousands separator (1 000).  Anything else is refused with a message that says
what was read and how to write it.  Judging: a number is right when

    |given − expected| ≤ max(ABSOLUTE_TOLERANCE, RELATIVE_TOLERANCE·|expected|),

1 % of the answer, or half a unit of the second decimal for answers near 0 (a 0 must not ask for an
exact float).  A question may set other tolerances (a lesson's "to ±0.1").

>>> read_number("3/4"), read_number("0,75"), read_number("−2,5"), read_number(" 1e-3 "), read_number("1 000")
(0.75, 0.75, -2.5, 0.001, 1000.0)
>>> is_close(read_number("0,995"), 1.0), is_close(0.98, 1.0), is_close(0.004, 0.0)
(True, False, True)
"""

from __future__ import annotations

from lab.numbers import read_number, read_numbers

#: a number is right within this share of the right answer (1 %) ...
RELATIVE_TOLERANCE = 0.01
#: ... or within this distance of it, whichever is larger
ABSOLUTE_TOLERANCE = 0.005
#: the same rule as the player's quiz reads it (a payload's question carries it)
TOLERANCE = {"abs": ABSOLUTE_TOLERANCE, "rel": RELATIVE_TOLERANCE}
__all__ = ["ABSOLUTE_TOLERANCE", "RELATIVE_TOLERANCE", "TOLERANCE", "is_close", "read_number",
           "read_numbers"]


def is_close(given: float, expected: float, *, relative: float = RELATIVE_TOLERANCE,
             absolute: float = ABSOLUTE_TOLERANCE) -> bool:
    """Whether ``given`` counts as ``expected`` (the module's rule)."""
    return abs(float(given) - float(expected)) <= max(absolute, relative * abs(float(expected)))
