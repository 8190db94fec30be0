"""A lesson gives a second try before it reveals the answer, and its progress survives a reload through the
URL (``done=1-1.3-2``: lesson-screen pairs answered right, read once per session like lesson and screen)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from lab.lessons import LESSONS, TRIES, done_text, read_done, right_answer_text

APP = str(Path(__file__).resolve().parents[1] / "app.py")
SCREENS = [len(lesson.screens) for lesson in LESSONS]


def lessons_session(query: dict) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("views/lessons.py")
    at.query_params.update(query)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def answer(at: AppTest, lesson_index: int, screen_index: int, text: str) -> AppTest:
    lesson = LESSONS[lesson_index]
    key = f"lesson_{lesson.key}_{screen_index}_answer"
    if lesson.screens[screen_index].question.kind == "choice":
        at.radio(key=key).set_value(text)
    else:
        at.text_input(key=key).set_value(text)
    at.button[[b.label for b in at.button].index("Check")].click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def shown(at: AppTest) -> str:
    return " ".join(e.value for kind in (at.success, at.error, at.warning, at.info, at.markdown) for e in kind)


def test_the_rule_gives_two_tries():
    assert TRIES == 2


def test_a_first_wrong_answer_asks_again_and_the_second_reveals():
    screen = LESSONS[0].screens[1]
    facts = screen.facts()
    right = f"{facts['answer']:.6g}"
    at = lessons_session({"lesson": "1", "screen": "2"})
    answer(at, 0, 1, "12")
    text = shown(at)
    assert "Not quite" in text and "try" in text.lower()
    assert right not in text and facts["why"] not in text, "the first wrong answer reveals nothing"
    answer(at, 0, 1, "13")
    text = shown(at)
    assert any(right in e.value for e in at.error), [e.value for e in at.error]
    assert facts["why"].split("\n")[0][:40] in text


def test_a_right_second_try_counts_and_reveals_the_explanation():
    screen = LESSONS[0].screens[1]
    facts = screen.facts()
    at = lessons_session({"lesson": "1", "screen": "2"})
    answer(at, 0, 1, "12")
    answer(at, 0, 1, right_answer_text(screen, facts))
    assert [s.value for s in at.success][0].startswith("Right:")
    assert "1/" in next(b for b in at.button if b.key == "lesson_pick_0").label


def test_progress_goes_into_the_url_and_comes_back_after_a_reload():
    lesson = LESSONS[2]
    screen = lesson.screens[1]
    at = lessons_session({"lesson": "3", "screen": "2"})
    answer(at, 2, 1, right_answer_text(screen, screen.facts()))
    assert at.query_params["done"] in ("3-2", ["3-2"]), dict(at.query_params)
    again = lessons_session({key: value for key, value in at.query_params.items()})      # a reload
    picker = next(b for b in again.button if b.key == "lesson_pick_2")
    assert f"1/{len(lesson.screens)}" in picker.label
    progress = " ".join(c.value for c in again.caption)
    assert "✓" in progress


def test_done_text_and_read_done_agree_and_ignore_what_they_cannot_use():
    done = {0: {0, 2}, 2: {1}}
    assert done_text(done) == "1-1.1-3.3-2"
    assert read_done("1-1.1-3.3-2", SCREENS) == done
    assert read_done("", SCREENS) == {}
    assert read_done("99-1.1-99.x-1.1-1.1-1", SCREENS) == {0: {0}}        # out of range, junk and repeats
    assert read_done("1-1." * 10_000, SCREENS) == {}                      # too long to be a real link: ignored
    assert read_done("²-1", SCREENS) == {}


@pytest.mark.parametrize("query", [{"done": "1-1.<b>"}, {"done": ["1-1", "2-1"]}, {"done": "1-1" * 3000}])
def test_a_bad_done_never_breaks_the_page(query):
    at = lessons_session({"lesson": "1", "screen": "1", **query})
    assert at.title[0].value.startswith("Lesson 1:")
