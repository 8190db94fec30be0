"""One number formatter (issue 26): lessons, the quiz and the challenges write a number the same way, by
lab.numbers, and the math (lab.formula) takes its digits and power of ten from the same rule."""

import math
from pathlib import Path

import pytest

from lab import challenges, lessons, quiz
from lab.formula import num
from lab.numbers import number_text

ROOT = Path(__file__).resolve().parent.parent
VALUES = [0.75, -0.000123456, 2.5e-7, -3.25e12, 1234.5, -0.0, 7.0, math.inf, -math.inf, math.nan]


@pytest.mark.parametrize("value", VALUES)
def test_lessons_quiz_and_challenges_write_a_number_alike(value):
    shown = {module.__name__: module._n(value) for module in (lessons, quiz, challenges)}
    assert set(shown.values()) == {number_text(value)}, shown
    assert "e" not in number_text(value).replace("undefined", "") and "-" not in number_text(value)


def test_the_math_and_the_text_share_digits_and_power():
    assert number_text(-2.5e-7, 3) == "−2.5·10^−7"
    assert num(-2.5e-7).tex == r"-2.5 \times 10^{-7}"
    assert number_text(1234.56, 3) == "1.23·10^3" and num(1234.56, 3).tex == r"1.23 \times 10^{3}"


@pytest.mark.parametrize("value", [6.0625, -0.12345, 12345.6, 2.5e-7, 0.8167, 108.4])
def test_the_math_writes_as_many_digits_as_the_words(value):
    """A player's math sits beside the quiz's and a lesson's words: the same quantity, the same digits (the math
    had three, −0.123 beside the quiz's −0.1235, and a share 0.817 beside the words' 0.8167)."""
    from lab.numbers import TEXT_DIGITS

    words = number_text(value).replace("−", "-").replace("·10^", r" \times 10^{")
    assert num(value).tex == (words + "}" if "10^{" in words else words)
    assert num(value).tex == num(value, TEXT_DIGITS).tex


def test_no_second_formatter_writes_a_true_minus():
    """A module that turns a formatted number's hyphen into a true minus is writing numbers by its own rule."""
    found = [str(path.relative_to(ROOT)) for folder in ("lab", "viz", "ui", "views") for path in (ROOT / folder).rglob("*.py")
             if path.name != "numbers.py" and '.replace("-", "−")' in path.read_text(encoding="utf-8")]
    assert found == []
