"""Lessons (issue 17) without a browser: every screen's facts come from the real learners, its right answer
is graded right and a wrong one wrong, its text and explanation fill in with numbers, and a few facts are
recomputed here from scratch (a plain perceptron loop, Novikoff's formula) rather than read from the lab."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from lab import lessons
from lab.lessons import LESSONS, check, options_of, prompt_of, right_answer_text, text_of
from lab.stories import STORIES, make_points

APP = str(Path(__file__).resolve().parents[1] / "app.py")
SCREENS = [(lesson, index, screen) for lesson in LESSONS for index, screen in enumerate(lesson.screens)]
IDS = [f"{lesson.key}-{index + 1}" for lesson, index, _ in SCREENS]


@pytest.fixture(scope="module")
def all_facts():
    return {(lesson.key, index): screen.facts() for lesson, index, screen in SCREENS}


def wrong_answer_text(screen, facts) -> str:
    """An answer that must be graded wrong: another option, or the right numbers moved well past tolerance."""
    answer, kind = facts["answer"], screen.question.kind
    if kind == "choice":
        options = options_of(screen, facts)
        return options[(answer + 1) % len(options)]
    shift = lambda v: float(v) * 1.5 + 3 + 10 * screen.question.absolute        # noqa: E731
    if kind == "vector":
        return ", ".join(f"{shift(v):.6g}" for v in answer)
    return f"{shift(answer):.6g}"


def test_seven_lessons_in_the_order_of_the_issue():
    assert [lesson.key for lesson in LESSONS] == ["novikoff", "no-margin", "importance", "winnow", "experts",
                                                   "multiclass", "priorities"]
    assert all(len(lesson.screens) >= 3 for lesson in LESSONS)


@pytest.mark.parametrize("lesson, index, screen", SCREENS, ids=IDS)
def test_each_screen_grades_its_right_answer_right_and_a_wrong_one_wrong(lesson, index, screen, all_facts):
    facts = all_facts[(lesson.key, index)]
    right = check(screen, right_answer_text(screen, facts), facts)
    assert right.right and not right.problem, (right_answer_text(screen, facts), right)
    wrong = check(screen, wrong_answer_text(screen, facts), facts)
    assert not wrong.right and not wrong.problem
    # the explanation is the same words either way, and it carries numbers
    assert wrong.explanation == right.explanation and re.search(r"\d", right.explanation)
    for text in (text_of(screen, facts), prompt_of(screen, facts)):
        assert not re.search(r"\{[A-Za-z_]\w*\}", text), text          # every placeholder filled


@pytest.mark.parametrize("lesson, index, screen", SCREENS, ids=IDS)
def test_a_blank_or_malformed_answer_is_a_problem_not_a_grade(lesson, index, screen, all_facts):
    facts = all_facts[(lesson.key, index)]
    result = check(screen, "" if screen.question.kind != "choice" else "not an option", facts)
    assert not result.right and result.problem


def perceptron_mistakes_adversarial(X, y, passes):
    """A perceptron from scratch in the adversarial order: each trial takes the first misclassified point
    (y·(w·x + b) ≤ 0), if any; the run stops when none is left or after ``passes``·n trials."""
    w, b, mistakes = np.zeros(X.shape[1]), 0.0, 0
    for _ in range(passes * len(X)):
        wrong = np.flatnonzero(y * (X @ w + b) <= 0)
        if not len(wrong):
            break
        i = wrong[0]
        w, b, mistakes = w + y[i] * X[i], b + y[i], mistakes + 1
    return mistakes


def test_lesson_one_counts_and_bounds_agree_with_a_perceptron_written_here():
    facts = LESSONS[0].screens[0].facts()
    X, labels, _ = make_points(STORIES["wide-margin"]).to_arrays()
    y = np.where(labels == np.unique(labels)[1], 1.0, -1.0)
    R, gamma = facts["R"], facts["gamma"]
    # R is the largest norm of the augmented points (x, 1) and the bound is (R/γ)² with ‖u‖ = 1
    assert R == pytest.approx(np.max(np.linalg.norm(np.c_[X, np.ones(len(X))], axis=1)), rel=1e-9)
    assert facts["bound"] == pytest.approx((R / gamma) ** 2, rel=1e-12)
    assert facts["M"] <= facts["bound"]
    # the adversary shows the first misclassified point; our own loop on the same data counts the same
    assert facts["M"] == perceptron_mistakes_adversarial(np.asarray(X, float), y, 5)


def test_lesson_one_the_second_screen_is_novikoff_of_the_first():
    first, second = LESSONS[0].screens[0].facts(), LESSONS[0].screens[1].facts()
    assert second["answer"] == pytest.approx((first["R"] / first["gamma"]) ** 2)
    assert math.isfinite(second["answer"]) and second["answer"] >= first["M"]


def test_numbers_typed_as_students_type_them():
    screen = LESSONS[0].screens[1]
    facts = screen.facts()
    answer = facts["answer"]
    assert check(screen, f"{answer:.4f}".replace(".", ","), facts).right            # a decimal comma
    assert check(screen, f"{answer * 1.004:.6g}", facts).right                       # within 1 %
    assert not check(screen, f"{answer * 1.02:.6g}", facts).right                    # beyond it
    assert check(screen, "twelve", facts).problem


# ------------------------------------------------------------------ the page, through AppTest
def lessons_session(query: dict) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("views/lessons.py")
    at.query_params.update(query)
    at.run()
    return at


def test_a_link_opens_its_lesson_and_screen_and_a_right_check_is_counted():
    at = lessons_session({"lesson": "3", "screen": "2"})
    assert not at.exception
    lesson = LESSONS[2]
    assert at.title[0].value == f"Lesson 3: {lesson.title}"
    screen = lesson.screens[1]
    facts = screen.facts()
    key = f"lesson_{lesson.key}_1_answer"
    text = right_answer_text(screen, facts)
    if screen.question.kind == "choice":
        at.radio(key=key).set_value(text)
    else:
        at.text_input(key=key).set_value(text)
    at.button[[b.label for b in at.button].index("Check")].click().run()
    assert [s.value for s in at.success][0].startswith("Right:")
    assert at.session_state["lesson_at"] == (2, 1)
    picker = next(b for b in at.button if b.key == "lesson_pick_2")
    assert f"1/{len(lesson.screens)}" in picker.label               # the check just made is counted


def test_a_bad_link_falls_back_to_the_first_screen():
    at = lessons_session({"lesson": "99", "screen": "-4"})
    assert not at.exception
    assert at.title[0].value.startswith("Lesson 1:")
    assert at.session_state["lesson_at"] == (0, 0)
