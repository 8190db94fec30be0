"""Numbers as the lab reads and writes them: one reader for every number a person types or a file or link holds,
one rule for writing numbers in prose (lessons, quiz, challenges) and in math (lab.formula).

Imports only the standard library, so that every layer may read with it (datasets.csv_io, experiments.lemma4).
The browser has the twins, checked against this module on fixtures (tests/js): components/player/numbers.js
(:func:`number_text`) and components/player/grading.js (:func:`read_number` with the typed grammar).

Reading
-------
:func:`read_number` reads one grammar; a place declares which of its optional parts it allows (the keyword
options, all on by default: what a student types)::

    number   = decimal [ "/" decimal ]           a fraction, 3/4 or −1/3          (option fraction)
    decimal  = [sign] mantissa [exponent]
    sign     = "+" | "-" | "−"                    a true minus sign is a minus sign
    mantissa = digits [point [digits]] | point digits
    point    = "." | ","                          a decimal comma, 0,75              (option comma)
    exponent = ("e" | "E") [sign] digits
    digits   = decimal digits of any script (0–9, ٠–٩, 𝟎–𝟗 …); 0–9 alone      (option scripts off)

Spaces around the number are dropped (Python's ``str.strip``).  With the option ``spaces`` a space or thin space
may also stand after a sign (− 2), around the fraction bar (3 / 4) and between digits before a group of exactly
three (1 000 000: thousands); anywhere else a space is refused, so "3 4/5" is not read as 34/5.  A number is
finite: a zero divisor is refused, and so is a value past the largest float (1e999: :class:`NumberTooLarge`);
1e-999 is 0.  ``whole=True`` reads a whole number (sign and digits only) as an int; ``exact=True`` reads the
decimal or fraction exactly, as a :class:`fractions.Fraction` (0.1 is 1/10, not the float nearest it).

Where a place must refuse a part, it says so with an option, never with a grammar of its own:
:data:`PLAIN` is the grammar of text the lab writes (a CSV file's cells, a link's or a lab file's fields): no
decimal comma (a comma separates the values there), no fraction (a spreadsheet writes dates as 3/4), no inner
space, digits 0–9.

>>> read_number("3/4"), read_number("−0,75"), read_number("1 000"), read_number(" 7 ", whole=True)
(0.75, -0.75, 1000.0, 7)
>>> read_number("2,5", **PLAIN)
Traceback (most recent call last):
...
ValueError: “2,5” is not a number: write it with digits, e.g. 12, 0.25 or −2.
>>> read_number("0.1", exact=True), read_number("−1/3", exact=True)
(Fraction(1, 10), Fraction(-1, 3))

Writing
-------
A number gets a fixed count of significant digits (Python's ``g`` format, rounded to nearest, a tie to the even
digit: 6.0625 is 6.062), a true minus sign (−, not the hyphen -), and, where ``g`` would write an exponent, the
power of ten spelled out (``2.5·10^−7`` in prose, 2.5 × 10⁻⁷ in math), never ``2.5e-07``, which reads as a
subtraction.  Infinity is ∞ and NaN "undefined".

>>> number_text(-0.000123456), number_text(2.5e-7), number_text(float("-inf")), number_text(1234.5, 6)
('−0.0001235', '2.5·10^−7', '−∞', '1234.5')
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

#: significant digits of a number wherever the lab writes one: prose (a lesson's text, a quiz answer, a challenge's
#: verdict), the math (lab.formula) and the player (components/player/numbers.js): one quantity, one set of digits
TEXT_DIGITS = 4


# ------------------------------------------------------------------ writing
def significant_parts(value: float, digits: int) -> tuple[bool, str, int | None]:
    """A finite number as (negative, mantissa with ``digits`` significant digits, power of ten or None).

    >>> significant_parts(-1234.5, 3), significant_parts(0.5, 3)
    ((True, '1.23', 3), (False, '0.5', None))
    """
    value = float(value) + 0.0                 # −0.0 is written 0
    body = f"{abs(value):.{int(digits)}g}"
    if "e" not in body:
        return value < 0, body, None
    mantissa, exponent = body.split("e")
    return value < 0, mantissa, int(exponent)


def number_text(value, digits: int = TEXT_DIGITS) -> str:
    """``value`` as plain text with ``digits`` significant digits (see the module's rule)."""
    value = float(value)
    if math.isnan(value):
        return "undefined"
    if math.isinf(value):
        return "∞" if value > 0 else "−∞"
    negative, mantissa, exponent = significant_parts(value, digits)
    power = "" if exponent is None else f"·10^{exponent}".replace("-", "−")
    return ("−" if negative else "") + mantissa + power


# ------------------------------------------------------------------ reading
class NumberTooLarge(ValueError):
    """A number written correctly whose value is past the largest float (1e999, 1e308/1e-10)."""


#: the grammar of text the lab writes itself: a CSV file's cells, a link's and a lab file's fields (see above)
PLAIN = {"comma": False, "fraction": False, "spaces": False, "scripts": False}
#: an exact reading keeps exponents within this (a Fraction of 1e-99999999 would take the server's memory)
EXACT_EXPONENT = 400

#: the spaces a student may type inside a number (a space, a thin space), and where (option spaces)
_INNER = "[ \u2009]"
_FRACTION_BAR = re.compile(f"{_INNER}*/{_INNER}*")
_THOUSANDS = re.compile(rf"(?<=\d){_INNER}(?=\d{{3}}(?!\d))")
_SIGN = re.compile(rf"^([-+]){_INNER}+")
_HAS_INNER = re.compile(_INNER)
#: a plain decimal, the form every option set reads: read at once (a CSV file has 300,000 of them)
_PLAIN_DECIMAL = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
#: a plain decimal with the only blanks Python's float() itself strips around it (\s also matches the
#: separators \x1c–\x1f, which float() refuses): what read_each may hand to float() at once
_SPACED_PLAIN_DECIMAL = re.compile(rf"[ \t\n\r\f\v]*{_PLAIN_DECIMAL.pattern}[ \t\n\r\f\v]*")
_EXPONENT = re.compile(r"[eE]([-+]?\d+)$")


def _pattern(comma: bool, fraction: bool, scripts: bool, whole: bool) -> re.Pattern:
    """The grammar with these options, as one pattern (groups: the decimal, the divisor)."""
    digit = r"\d" if scripts else "[0-9]"
    if whole:
        return re.compile(rf"([-+]?{digit}+)()")
    point = "[.,]" if comma else r"\."
    decimal = rf"[-+]?(?:{digit}+(?:{point}{digit}*)?|{point}{digit}+)(?:[eE][-+]?{digit}+)?"
    return re.compile(rf"({decimal})(?:/({decimal}))?" if fraction else rf"({decimal})()")


#: the grammar's pattern for every set of options (comma, fraction, scripts, whole), compiled once
_PATTERNS = {options: _pattern(*options) for options in itertools.product((False, True), repeat=4)}


def examples(*, comma: bool = True, fraction: bool = True, whole: bool = False) -> str:
    """Numbers to show in a message, as the options allow them."""
    if whole:
        return "12, 0 or −3"
    return "12, 0.25" + (", 0,25" if comma else "") + (", −2 or 3/4" if fraction else " or −2")


def read_number(text, *, comma: bool = True, fraction: bool = True, spaces: bool = True, scripts: bool = True,
                whole: bool = False, exact: bool = False):
    """The number ``text`` holds by the module's grammar (with the parts the options allow), or a ValueError that
    says how to write one (:class:`NumberTooLarge` for a value past the largest float).

    >>> read_number("twelve")
    Traceback (most recent call last):
    ...
    ValueError: “twelve” is not a number: write it with digits, e.g. 12, 0.25, 0,25, −2 or 3/4.
    """
    typed = str(text).strip()
    if not (whole or exact) and _PLAIN_DECIMAL.fullmatch(typed):
        return _finite(float(typed), typed)
    clean = typed.replace("−", "-")
    if spaces:
        clean = _SIGN.sub(r"\1", _THOUSANDS.sub("", _FRACTION_BAR.sub("/", clean)))
    shown = examples(comma=comma, fraction=fraction, whole=whole)
    if not clean:
        raise ValueError(f"Write a number, e.g. {shown}.")
    if spaces and _HAS_INNER.search(clean):
        raise ValueError(f"“{typed[:40]}” has a space inside a number: write it as one number, e.g. {shown} "
                         "(3 4/5 is 19/5 or 3.8; thousands as 1 000 or 1000).")
    found = _PATTERNS[bool(comma), bool(fraction), bool(scripts), bool(whole)].fullmatch(clean)
    if not found:
        raise ValueError(f"“{typed[:40]}” is not a number: write it with digits, e.g. {shown}.")
    if whole:
        return int(found.group(1))
    parts = [part.replace(",", ".") for part in found.groups() if part]
    if exact:
        return _exact(parts, typed)
    top, bottom = (float(part) for part in parts) if len(parts) == 2 else (float(parts[0]), None)
    if bottom == 0:
        raise ValueError(f"“{typed[:40]}” divides by zero.")
    return _finite(top / bottom if bottom is not None else top, typed)


def read_each(texts, **options) -> list:
    """:func:`read_number` of each of ``texts`` with the same options (a CSV file's column: where every text is a
    plain decimal, all are read at once).

    >>> read_each([" 1.5", "-2", "3e2 "], **PLAIN), read_each(["3/4", "1 000"])
    ([1.5, -2.0, 300.0], [0.75, 1000.0])
    """
    texts = list(texts)
    if not (options.get("whole") or options.get("exact")) and all(map(_SPACED_PLAIN_DECIMAL.fullmatch, texts)):
        values = list(map(float, texts))
        if all(map(math.isfinite, values)):
            return values
    return [read_number(text, **options) for text in texts]


def _finite(value: float, typed: str) -> float:
    if not math.isfinite(value):
        raise NumberTooLarge(f"“{typed[:40]}” is too large a number.")
    return value


def _exact(parts: list, typed: str) -> Fraction:
    for part in parts:
        power = _EXPONENT.search(part)
        if power and abs(int(power.group(1))) > EXACT_EXPONENT:
            kind = NumberTooLarge if int(power.group(1)) > 0 else ValueError
            raise kind(f"“{typed[:40]}” is too {'large' if kind is NumberTooLarge else 'small'} a number "
                       f"(the power of ten is at most ±{EXACT_EXPONENT}).")
    top, *bottom = (Fraction(part) for part in parts)
    if bottom and bottom[0] == 0:
        raise ValueError(f"“{typed[:40]}” divides by zero.")
    value = top / bottom[0] if bottom else top
    try:
        float(value)
    except OverflowError:
        raise NumberTooLarge(f"“{typed[:40]}” is too large a number.") from None
    return value


def read_numbers(text, count: int) -> list[float]:
    """``count`` numbers separated by semicolons, spaces or commas (brackets allowed), each by :func:`read_number`.
    A comma between digits is a decimal comma when that leaves ``count`` numbers ("(1, 2,5)" is 1 and 2.5), a
    separator otherwise ("1,2,3" is three numbers).

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
