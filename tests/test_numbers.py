"""One reader of a number (issue 34): every place the lab reads a number a person typed or a file or link holds
reads it with lab.numbers.read_number, in one grammar, with the options the place declares — a lesson's or the
quiz's answer (all of it), a challenge's points (exact), the Paper lab's θ and P (no decimal comma: a comma
separates the numbers), a link's or a lab file's fields and a CSV file's cells (PLAIN).  Before, there were five
grammars: a link refused −1 and a CSV cell −1 where a lesson read it, the Paper lab read 1_000 and inf, a challenge
refused 3/4 and 1e100.  And the quiz's words write the very numbers its verdict shows."""

from __future__ import annotations

import ast
import math
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from lab import challenges, grading, lessons
from lab.numbers import PLAIN, NumberTooLarge, number_text, read_each, read_number
from lab.settings import Setting

ROOT = Path(__file__).resolve().parent.parent
#: texts every place reads or refuses alike, by its options: plain decimals, a true minus, exponents, spaces around,
#: other scripts' digits, fractions, decimal commas, thousands; and what no place reads
TEXTS = ("1.5", "-2.5e-3", "−0.75", ".5", "5.", "+3", "1E3", " 7 ", "\u0663", "3/4", "−1/3", "0,75", "1 000", "2/0",
         "0x10", "1_000", "nan", "inf", "-Infinity", "1e999", "1e-999", "", "abc", "1..2", "e3", "3 4/5", "12%")


def _read(text, **options):
    """read_number's answer: the value, or the kind of refusal."""
    try:
        return read_number(text, **options)
    except NumberTooLarge:
        return "too large"
    except ValueError:
        return "refused"


def _place(read, text):
    try:
        return read(text)
    except ValueError:
        return "refused"


def _link_field(text):
    return Setting("x", "", "float", 0.0, -1e300, 1e300).number(text, float)


def _csv_cell(text):
    from datasets import csv_io

    return float(csv_io.read_points_csv(f"x1,x2,label\n{text},0,A\n0,1,B\n").X[0, 0])


def _paper_lab(text):
    from experiments.lemma4 import inputs

    return float(inputs(2, f"1; {text}", "1; 1")[0][1])          # θ must be positive: θ₁ is the text


def _lesson(text):
    return grading.read_number(text)


def _challenge(text):
    return challenges.exact_number(text)


PLACES = {"a lesson's or the quiz's answer": (_lesson, {}),
          "a challenge's point": (_challenge, {"exact": True}),
          "the Paper lab's θ": (_paper_lab, {"comma": False}),
          "a link's or a lab file's field": (_link_field, PLAIN),
          "a CSV file's cell": (_csv_cell, PLAIN)}


@pytest.mark.parametrize("place", PLACES)
def test_every_place_reads_what_the_one_reader_reads_with_its_options(place):
    read, options = PLACES[place]
    found = {}
    for text in TEXTS:
        if place == "a CSV file's cell" and "," in text:
            continue                           # a comma ends the cell: the file has other columns
        expected, got = _read(text, **options), _place(read, text)
        if place == "the Paper lab's θ":       # θ: positive numbers (the page's own rule), one per piece
            if " " in text.strip() or (not isinstance(expected, str) and expected <= 0):
                continue
        if isinstance(expected, str):
            found[text] = (got == "refused", expected, got)
        else:
            found[text] = (got == expected and math.copysign(1, got) == math.copysign(1, expected), expected, got)
    wrong = {text: (expected, got) for text, (same, expected, got) in found.items() if not same}
    assert not wrong, f"{place} reads otherwise than lab.numbers.read_number({options}): {wrong}"
    assert sum(not isinstance(expected, str) for _, expected, _ in found.values()) >= 3


def test_the_options_refuse_only_what_they_name():
    """PLAIN (files and links) refuses a decimal comma, a fraction, an inner space and other scripts' digits; every
    option set reads a plain decimal, a true minus sign and an exponent, and refuses words, nan and inf."""
    for text, value in (("−1.5e-3", -0.0015), (" .5 ", 0.5), ("+3", 3.0)):
        assert _read(text) == _read(text, **PLAIN) == _read(text, comma=False) == value
    for text, value in (("0,75", 0.75), ("3/4", 0.75), ("1 000", 1000.0), ("\u0663", 3.0)):
        assert _read(text) == value and _read(text, **PLAIN) == "refused", text
    assert _read("0,75", comma=False) == _read("3/4", fraction=False) == _read("1 000", spaces=False) == "refused"
    assert _read("\u0663", scripts=False) == "refused" and _read("3/4", comma=False) == 0.75
    for text in ("nan", "inf", "0x10", "1_000", "twelve", "1/2/3"):
        assert _read(text) == _read(text, **PLAIN) == "refused", text
    assert _read("1e999") == _read("1e999", **PLAIN) == _read("1e308/1e-10") == "too large"
    assert read_number("-0", **PLAIN) == 0 and math.copysign(1, read_number("-0", **PLAIN)) == -1   # a CSV keeps −0.0


def test_a_whole_number_and_an_exact_one():
    assert read_number(" −12 ", whole=True) == -12 and isinstance(read_number("7", whole=True), int)
    for text in ("7.0", "1e3", "3/4"):
        assert _read(text, whole=True) == "refused"
    assert read_number("0.1", exact=True) == Fraction(1, 10) and read_number("−2,5/5", exact=True) == Fraction(-1, 2)
    assert read_number("1e-3", exact=True) == Fraction(1, 1000)
    with pytest.raises(NumberTooLarge):
        read_number("1e400", exact=True)                   # past the largest float
    started = time.perf_counter()
    with pytest.raises(ValueError, match="too small"):
        read_number("1e-" + "9" * 150, exact=True)         # refused before a Fraction of 10^(10^150) is tried
    assert time.perf_counter() - started < 5


def test_a_column_is_read_at_once_as_each_of_its_numbers_alone():
    texts = ["1.5", " -2", "3e2 ", "−4", "0,5", "3/4", "\u0663"]
    assert read_each(texts) == [read_number(text) for text in texts]
    assert read_each(texts[:3], **PLAIN) == [1.5, -2.0, 300.0]
    with pytest.raises(ValueError):
        read_each(texts, **PLAIN)
    with pytest.raises(NumberTooLarge):
        read_each(["1", "1e999"], **PLAIN)


def test_the_lessons_read_with_the_one_reader():
    assert lessons.read_number is read_number is grading.read_number


def test_the_reader_imports_only_the_standard_library():
    """datasets/ and experiments/ (below lab/ in the layers) read with lab.numbers: it must stay a leaf."""
    tree = ast.parse((ROOT / "lab" / "numbers.py").read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported


def test_no_module_has_a_number_grammar_of_its_own():
    """A pattern of a decimal number (digits, a point, more digits) is written once, in lab/numbers.py."""
    grammar = ("\\d+(?:\\.", "[0-9]+(?:\\.", "\\d+(?:[.,]", "[0-9]+(?:[.,]", "\\d+\\.?\\d*", "[0-9]+\\.?[0-9]*")
    found = sorted(str(path.relative_to(ROOT)) for folder in ("lab", "ui", "views", "datasets", "experiments", "viz",
                                                              "components", "learners")
                   for path in (ROOT / folder).rglob("*.py")
                   if path.name != "numbers.py" and any(g in path.read_text(encoding="utf-8") for g in grammar))
    assert found == []


# ------------------------------------------------------------------ the quiz's words and its verdict
def test_the_quiz_words_write_the_numbers_its_verdict_shows():
    """The payload's answer is rounded to six digits; the verdict (components/quiz.js) shows it with four.  The words
    wrote the exact value with four: a weight 6.06250004 was 6.063 in the words and 6.062 in the verdict."""
    from learners import Perceptron

    from lab.quiz import classifier_quiz

    model = Perceptron()
    model.start([0, 1], 2)
    records = [model.learn_one(np.array(x), y) for x, y in (([6.06250004, 1.0], 1), ([-2.0, 0.5], 1),
                                                            ([0.33333349, -7.00049999], 0))]
    quiz = classifier_quiz(records, model, ["A", "B"])
    checked = 0
    for t, answer in enumerate(quiz["answers"]["w"]):
        for value in answer:
            assert number_text(value) in quiz["why"][t], (value, quiz["why"][t])
            checked += 1
    assert checked == 9 and "6.062" in quiz["why"][0]


def test_experts_quiz_words_write_the_numbers_its_verdict_shows():
    from datasets.advice import lecture_table
    from learners import RandomizedWeightedMajority, WeightedMajority

    from lab.quiz import experts_quiz

    advice, outcomes = lecture_table()
    rng = np.random.default_rng(3)
    advice = np.vstack([advice, rng.integers(0, 2, (40, advice.shape[1]))])
    outcomes = np.concatenate([outcomes, rng.integers(0, 2, 40)])
    for learner, randomized in ((WeightedMajority(beta=0.3), False), (RandomizedWeightedMajority(epsilon=0.3), True)):
        quiz = experts_quiz([learner.learn_one(a, o) for a, o in zip(advice, outcomes)], randomized=randomized)
        for name in ("W", "F") if randomized else ("W",):
            for t, answer in enumerate(quiz["answers"][name]):
                assert f"{name if name == 'W' else 'F_t'} = {number_text(answer[0])}" in quiz["why"][t]


def test_one_wrong_experts_weight_is_written_in_the_singular():
    """The experts' quiz wrote "1 wrong expert' weights" (seen beside the W = 6.0625 of this issue)."""
    from learners import WeightedMajority

    from lab.quiz import experts_quiz

    model = WeightedMajority(beta=0.5)
    quiz = experts_quiz([model.learn_one(np.array(a), 1) for a in ([0, 1, 1], [0, 0, 1])], randomized=False)
    assert "1 wrong expert's weight × 0.5" in quiz["why"][0] and "2 wrong experts' weights × 0.5" in quiz["why"][1]
