"""A story that runs on no drawn points leaves the user's points alone, and says what to do on a page
without a player (issue 27): Winnow's high-dimensional experiment draws its own streams, the Experts page
its own advice."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from lab.stories import STORIES

APP = str(Path(__file__).resolve().parents[1] / "app.py")


def home_with_points() -> tuple[AppTest, object]:
    """A session whose points are the thin-margin story's, back on Home."""
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.button(key="story_thin-margin").click().run()
    points = at.session_state["undo"].current
    assert len(points) > 0
    at.switch_page("views/home.py").run()
    return at, points


@pytest.mark.parametrize("key", ["sparse-winnow", "perfect-expert"])
def test_a_story_without_points_keeps_the_users_points(key):
    assert not STORIES[key].uses_points
    at, points = home_with_points()
    at.button(key=f"story_{key}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("Story loaded" in s.value for s in at.success)
    assert at.session_state["undo"].current == points, "the story left the drawn points as they were"


def test_the_sparse_target_story_does_not_ask_for_a_player_it_has_not():
    at, _ = home_with_points()
    at.button(key="story_sparse-winnow").click().run()
    said = " ".join(s.value for s in at.success)
    assert "Step" not in said and "Play" not in said, said
    assert at.session_state["winnow_section"] == "High-dimensional experiment"


def test_a_story_with_points_still_replaces_them_and_says_press_step_or_play():
    at, points = home_with_points()
    at.button(key="story_xor").click().run()
    assert at.session_state["undo"].current != points
    assert any("Press Step or Play" in s.value for s in at.success)
