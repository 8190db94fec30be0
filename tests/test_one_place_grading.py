"""One grader of a student's number (issue 26): the lessons and the quiz read and judge an answer by
lab.grading — one tolerance, fractions and decimal commas everywhere, a clear message for what cannot be read."""

import dataclasses

import pytest

from lab import grading, lessons
from lab.quiz import classifier_quiz
from learners import Perceptron

NUMBER = next(s for lesson in lessons.LESSONS for s in lesson.screens if s.question.kind == "number"
              and s.question.tolerance > 0)
VECTOR = next(s for lesson in lessons.LESSONS for s in lesson.screens if s.question.kind == "vector")


def _lesson(screen, given, answer):
    return lessons.check(screen, given, {"answer": answer, "why": ""})


@pytest.mark.parametrize("typed", ["3/4", "0,75", " 0.75 ", "6/8", "0,7501"])
def test_a_lesson_reads_fractions_and_decimal_commas(typed):
    assert _lesson(NUMBER, typed, 0.75).right


def test_a_lesson_reads_a_vector_with_decimal_commas_and_fractions():
    assert _lesson(VECTOR, "(1, −2,5, 3/4)", [1.0, -2.5, 0.75]).right
    assert _lesson(VECTOR, "1,−2,0.5", [1.0, -2.0, 0.5]).right
    assert not _lesson(VECTOR, "(1, −2,5, 1/4)", [1.0, -2.5, 0.75]).right


@pytest.mark.parametrize("typed, says", [("twelve", "is not a number"), ("", "Write a number"),
                                         ("1/0", "divides by zero"), ("3/4/5", "is not a number")])
def test_a_lesson_says_why_it_cannot_read_an_answer(typed, says):
    check = _lesson(NUMBER, typed, 0.75)
    assert not check.right and says in check.problem


def test_a_lesson_names_the_unreadable_number_of_a_vector():
    check = _lesson(VECTOR, "(1, x, 3)", [1.0, 2.0, 3.0])
    assert not check.right and check.problem.startswith("Number 2:") and "“x”" in check.problem


def test_lessons_and_the_quiz_judge_with_one_tolerance():
    model = Perceptron()
    model.start([0, 1], 2)
    records = [model.learn_one(x, y) for x, y in ([[1.0, 2.0], 1], [[-1.0, 1.0], 0])]
    numeric = [q for q in classifier_quiz(records, model)["questions"] if q["kind"] == "numbers"]
    assert numeric and all(q["tolerance"] == grading.TOLERANCE for q in numeric)
    question = NUMBER.question
    assert (question.absolute, question.tolerance) == (grading.TOLERANCE["abs"], grading.TOLERANCE["rel"])
    # near 0 a lesson, like the quiz, does not ask for the float exactly: within 0.005
    assert _lesson(NUMBER, "0,3", 0.304).right and not _lesson(NUMBER, "0,3", 0.31).right


def test_the_quiz_rule_reads_what_a_student_types():
    tolerance = grading.TOLERANCE
    for typed, expected in (("3/4", 0.75), ("−0,5", -0.5), ("2,5/5", 0.5)):
        assert grading.is_close(grading.read_number(typed), expected, relative=tolerance["rel"],
                                absolute=tolerance["abs"])


def test_a_question_may_set_its_own_tolerance():
    loose = dataclasses.replace(NUMBER, question=dataclasses.replace(NUMBER.question, absolute=0.1, tolerance=0.0))
    assert _lesson(loose, "2,95", 3.0).right and not _lesson(loose, "2,85", 3.0).right


@pytest.mark.parametrize("typed", ["3 4/5", "1 00", "1 0000", "3 4", "1  000"])
def test_a_space_inside_a_number_other_than_a_thousands_separator_is_refused_not_read_as_one_number(typed):
    """A mixed number "3 4/5" was read as 34/5 = 6.8 (every inner space was dropped); now it is refused."""
    with pytest.raises(ValueError, match="space inside a number"):
        grading.read_number(typed)


@pytest.mark.parametrize("typed, value", [("1 000", 1000.0), ("1\u2009000 000", 1e6), ("3 / 4", 0.75),
                                          ("\u2212 2", -2.0), ("12 345,5", 12345.5)])
def test_thousands_separators_and_spaces_around_the_bar_or_a_sign_are_read(typed, value):
    assert grading.read_number(typed) == pytest.approx(value)
