"""Issue 34: every learner a page offers runs on the example the page opens with (OOZ refused the Multiclass
page's own example); points a learner refuses get the page's words for why and what to do, not the
library's.

Issue 26: a learner offered by its catalog entry alone — OOZ on the Multiclass page, the weight-bounded
perceptron and the p-norm algorithm on the Perceptron page, p-norm with its p slider on the Winnow page.

Streamlit AppTest: the page's learner select offers them, and choosing one hands its whole run (every trial,
with its math and bound curves) to the player.  No view names these learners: the pages read lab.catalog.PAGES.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from datasets.pointset import PointSet, UndoStack
from lab import catalog
from lab.limits import refusal
from lab.stories import STORIES, example_for, first_story_for, make_points
from lab.timeline import build_timeline
from tests.story_runs import page_inputs
from tests.test_app import as_read

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
TIMEOUT = 120


def positive_points(n_classes: int, n: int = 36, seed: int = 0) -> PointSet:
    rng = np.random.default_rng(seed)
    y = np.arange(n) % n_classes
    centres = np.array([[3.0, 0.5], [0.5, 3.0], [3.0, 3.0], [0.7, 0.7]])[:n_classes]
    X = np.abs(centres[y] + rng.normal(scale=0.3, size=(n, 2)))
    return PointSet.from_arrays(X, y)


def session(points: PointSet, page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.session_state["undo"] = UndoStack(points)          # ui.state keeps the user's set under "undo"
    at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def payload_of(at: AppTest) -> dict:
    found = [element for element in at.main if getattr(element, "type", "") == "bidi_component"
             and element.proto.component_name.endswith("timeline")]
    assert len(found) == 1, "the page shows one player"
    return json.loads(json.loads(found[0].proto.json)["payload"])


def choose(at: AppTest, page: str, name: str) -> AppTest:
    select = at.sidebar.selectbox(key=f"{page}_learner")
    assert name in select.options, select.options
    select.select(name).run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    return at


def assert_whole_run(payload: dict, name: str, n_points: int) -> None:
    assert payload["learner"] == name
    assert payload["T"] == n_points and payload["trials"]["cum_mistakes"][-1] >= 1
    assert len(payload["math"]["use"]) == payload["T"]
    assert payload["quiz"]["T"] >= 1


@pytest.mark.parametrize("page, name, n_classes", [
    ("multiclass", "OOZ", 3),
    ("perceptron", "Weight-bounded perceptron", 2),
    ("perceptron", "p-norm", 2),
])
def test_the_page_offers_the_learner_and_hands_its_run_to_the_player(page, name, n_classes):
    points = positive_points(n_classes)
    at = choose(session(points, f"views/{page}.py"), page, name)
    assert_whole_run(payload_of(at), name, len(points))


def test_the_weight_bounded_bound_is_drawn_on_the_perceptron_page_where_it_holds():
    points = positive_points(2)
    at = choose(session(points, "views/perceptron.py"), "perceptron", "Weight-bounded perceptron")
    figure = json.loads(payload_of(at)["curves"]["figure"])
    assert any((trace.get("name") or "").startswith("Weight-bounded") for trace in figure["data"])


def test_the_winnow_page_runs_the_p_norm_algorithm_with_its_p_slider():
    points = positive_points(2)
    at = choose(session(points, "views/winnow.py"), "winnow", "p-norm")
    first = payload_of(at)
    slider = at.sidebar.slider(key="winnow_PNormPerceptron_p")
    assert slider.value == 2.0 and slider.min == 2.0
    slider.set_value(6.0).run()
    assert not at.exception, [e.value for e in at.exception]
    second = payload_of(at)
    assert second["id"] != first["id"]
    assert_whole_run(second, "p-norm", len(points))
    figure = json.loads(second["curves"]["figure"])
    assert any((trace.get("name") or "").startswith("p-norm") for trace in figure["data"])


def test_points_with_negative_coordinates_get_a_clear_message_and_stay():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(20, 2))
    points = PointSet.from_arrays(X, (X[:, 0] > 0).astype(int))
    at = session(points, "views/perceptron.py")
    at.sidebar.selectbox(key="perceptron_learner").select("Weight-bounded perceptron").run()
    assert not at.exception, [e.value for e in at.exception]
    said = [as_read(e.value) for e in at.error]
    assert any("cannot start" in text and "0 or more" in text and "Madani & Huang" in text
               and "Choose another learner" in text for text in said), said
    assert not any("Negative values in data" in text for text in said), said      # not the library's words
    assert at.session_state["undo"].current.fingerprint() == points.fingerprint()


# ------------------------------------------------------------------ issue 34: the page's example
OFFERED = [(page, name) for page, names in catalog.PAGES.items() for name in names]


@pytest.mark.parametrize("page, name", OFFERED)
def test_every_learner_a_page_offers_runs_on_the_example_the_page_opens_with(page, name):
    """The example a page opens with when ``name`` is chosen (ui.learner_page.example_points): the page's first
    story, or the learner's own example where its catalog entry names one; its run is built as the page builds
    it (lab.timeline.build_timeline with the example's settings)."""
    story = example_for(page, name)
    assert story is first_story_for(page) or story.key == catalog.LEARNERS[name].example
    inputs = page_inputs(story, name)
    if catalog.LEARNERS[name].kind == "classifier":
        assert refusal(name, inputs["data"]) is None, refusal(name, inputs["data"])
    payload = build_timeline(inputs["name"], inputs["values"], inputs["data"], order=inputs["order"],
                             n_passes=inputs["n_passes"], seed=inputs["seed"])
    assert payload["learner"] == name and payload["T"] >= 1
    assert len(payload["trials"]["mistake"]) == payload["T"]


@pytest.mark.parametrize("key", [key for key, story in STORIES.items() if story.uses_points])
@pytest.mark.parametrize("name", [name for name, spec in catalog.LEARNERS.items() if spec.non_negative])
def test_a_story_opened_with_ooz_or_the_weight_bounded_perceptron_runs_or_says_why_in_plain_words(key, name):
    """A story whose page offers the learner, opened with the learner chosen (from Home when the story leaves
    the learner alone, by a link with learner=… otherwise): its run starts, or the page's refusal says why and
    what to do before the library would refuse."""
    story = STORIES[key]
    if name not in catalog.PAGES[story.page_key]:
        return
    points = make_points(story)
    problem = refusal(name, points)
    if problem is None:
        inputs = page_inputs(story, name)
        build_timeline(name, inputs["values"], points, order=inputs["order"], n_passes=inputs["n_passes"],
                       seed=inputs["seed"])
        return
    assert "0 or more" in problem and "Choose another learner" in problem and "open its example" in problem
    with pytest.raises(ValueError, match="Negative values"):      # what the library would have said
        catalog.build(name).fit(points.X, points.labels)


def test_ooz_opened_by_a_link_runs_its_example_and_refused_points_open_it_in_one_click():
    """/multiclass?learner=ooz opened "This run cannot start: Negative values in data …" on the page's own
    example.  Now the link opens OOZ's example and runs it; on the four-classes story's points (negative) the
    page says why in its words and its button opens the example, the points one Undo away."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.switch_page("views/multiclass.py")
    at.query_params.update({"learner": "ooz"})
    at.run()
    assert not at.exception and not at.error, [e.value for e in (*at.exception, *at.error)]
    inputs = page_inputs(example_for("multiclass", "OOZ"))
    example = inputs["data"]
    assert at.session_state["undo"].current == example
    assert_whole_run(payload_of(at), "OOZ", len(example) * inputs["n_passes"])
    four = make_points(STORIES["four-classes"])
    at.session_state["undo"] = UndoStack(four)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("cannot start" in as_read(e.value) and "0 or more" in as_read(e.value) for e in at.error)
    at.button(key="multiclass_open_example").click().run()
    assert not at.exception and not at.error, [e.value for e in (*at.exception, *at.error)]
    assert at.session_state["undo"].current == example
    assert payload_of(at)["learner"] == "OOZ"
    assert at.session_state["undo"].undo() and at.session_state["undo"].current == four
