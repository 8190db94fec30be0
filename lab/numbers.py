"""Numbers as the lab writes them: one rule for prose (lessons, quiz, challenges) and for math (lab.formula).

A number gets a fixed count of significant digits (Python's ``g`` format), a true minus sign (−, not the
hyphen -), and, where ``g`` would write an exponent, the power of ten spelled out (``2.5·10^−7`` in prose,
2.5 × 10⁻⁷ in math), never ``2.5e-07``, which reads as a subtraction.  Infinity is ∞ and NaN "undefined".

>>> number_text(-0.000123456), number_text(2.5e-7), number_text(float("-inf")), number_text(1234.5, 6)
('−0.0001235', '2.5·10^−7', '−∞', '1234.5')
"""

from __future__ import annotations

import math

#: significant digits of a number in prose (a lesson's text, a quiz answer, a challenge's verdict)
TEXT_DIGITS = 4


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
