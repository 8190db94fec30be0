"""A student's number, read and judged by one rule: the lessons (lab.lessons) and the quiz (lab.quiz) both.

Reading accepts what a student types: a true minus sign (−2), a decimal comma (0,75), a fraction (3/4,
−1/3, 2,5/5), an exponent (1e-3), spaces around the number, a space as thousands separator (1 000).  Anything else is refused with a message that
says what was read and how to write it.  Judging: a number is right when

    |given − expected| ≤ max(ABSOLUTE_TOLERANCE, RELATIVE_TOLERANCE·|expected|),

1 % of the answer, or half a unit of the second decimal for answers near 0 (a 0 must not ask for an
exact float).  A question may set other tolerances (a lesson's "to ±0.1").

>>> read_number("3/4"), read_number("0,75"), read_number("−2,5"), read_number(" 1e-3 "), read_number("1 000")
(0.75, 0.75, -2.5, 0.001, 1000.0)
>>> is_close(read_number("0,995"), 1.0), is_close(0.98, 1.0), is_close(0.004, 0.0)
(True, False, True)
"""

from __future__ import annotations

import math
import re

#: a number is right within this share of the right answer (1 %) ...
RELATIVE_TOLERANCE = 0.01
#: ... or within this distance of it, whichever is larger
ABSOLUTE_TOLERANCE = 0.005
#: the same rule as the player's quiz reads it (a payload's question carries it)
TOLERANCE = {"abs": ABSOLUTE_TOLERANCE, "rel": RELATIVE_TOLERANCE}

_DECIMAL = r"[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][-+]?\d+)?"
#: the spaces a student may type inside a number (a space, a thin space), and where: around the fraction bar
#: (3 / 4), after a sign (− 2), and between digits only before a group of exactly three (1 000 000, thousands).
#: Anywhere else a space is refused, so a mixed number "3 4/5" is not read as 34/5.
_INNER = "[ \u2009]"
_FRACTION_BAR = re.compile(f"{_INNER}*/{_INNER}*")
_THOUSANDS = re.compile(rf"(?<=\d){_INNER}(?=\d{{3}}(?!\d))")
_SIGN = re.compile(rf"^([-+]){_INNER}+")
_NUMBER = re.compile(rf"({_DECIMAL})(?:/({_DECIMAL}))?")
EXAMPLES = "12, 0.25, 0,25, −2 or 3/4"


def read_number(text) -> float:
    """The number a student typed, or a ValueError that says how to write one.

    >>> read_number("twelve")
    Traceback (most recent call last):
    ...
    ValueError: “twelve” is not a number: write it with digits, e.g. 12, 0.25, 0,25, −2 or 3/4.
    """
    typed = str(text).strip()
    clean = _SIGN.sub(r"\1", _THOUSANDS.sub("", _FRACTION_BAR.sub("/", typed.replace("−", "-"))))
    if not clean:
        raise ValueError(f"Write a number, e.g. {EXAMPLES}.")
    if re.search(_INNER, clean):
        raise ValueError(f"“{typed[:40]}” has a space inside a number: write it as one number, e.g. {EXAMPLES} "
                         "(3 4/5 is 19/5 or 3.8; thousands as 1 000 or 1000).")
    found = _NUMBER.fullmatch(clean)
    if not found:
        raise ValueError(f"“{typed[:40]}” is not a number: write it with digits, e.g. {EXAMPLES}.")
    top, bottom = (float(part.replace(",", ".")) if part else None for part in found.groups())
    if bottom == 0:
        raise ValueError(f"“{typed[:40]}” divides by zero.")
    value = top / bottom if bottom is not None else top
    if not math.isfinite(value):
        raise ValueError(f"“{typed[:40]}” is too large a number.")
    return value


def read_numbers(text, count: int) -> list[float]:
    """``count`` numbers separated by semicolons, spaces or commas (brackets allowed).  A comma between digits
    is a decimal comma when that leaves ``count`` numbers ("(1, 2,5)" is 1 and 2.5), a separator otherwise
    ("1,2,3" is three numbers).

    >>> read_numbers("(1, −2,5; 3/4)", 3), read_numbers("1,2,3", 3)
    ([1.0, -2.5, 0.75], [1.0, 2.0, 3.0])
    """
    inner = str(text).strip().strip("()[]")
    pieces = [p for p in re.split(r";|\s+|,(?=\s)", inner) if p.strip(" ,")]
    if len(pieces) != count:
        every_comma = [p for p in re.split(r"[,;\s]+", inner) if p]
        pieces = every_comma if len(every_comma) == count else pieces
    pieces = [p.strip(" ,") for p in pieces]
    if len(pieces) != count:
        example = "(1, −2.5, 3/4)" if count == 3 else "(" + ", ".join(["1"] * count) + ")"
        raise ValueError(f"Write {count} number{'s' if count != 1 else ''} separated by commas, spaces or "
                         f"semicolons, e.g. {example}; found {len(pieces)}.")
    values = []
    for number, piece in enumerate(pieces, start=1):
        try:
            values.append(read_number(piece))
        except ValueError as error:
            raise ValueError(f"Number {number}: {error}") from None
    return values


def is_close(given: float, expected: float, *, relative: float = RELATIVE_TOLERANCE,
             absolute: float = ABSOLUTE_TOLERANCE) -> bool:
    """Whether ``given`` counts as ``expected`` (the module's rule)."""
    return abs(float(given) - float(expected)) <= max(absolute, relative * abs(float(expected)))
