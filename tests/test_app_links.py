"""The URL is the state (issue 16), through Streamlit's AppTest: a page's query string, opened in a new
session, gives the same points, settings and run; bad links change nothing they cannot use; a lab
file opens the page it names; the run exports as one HTML file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from components.html_export import run_html
from datasets.pointset import PointSet
from lab.links import lab_file
from lab.stories import STORIES
from lab.timeline import build_timeline, payload_json

APP = str(Path(__file__).resolve().parents[1] / "app.py")
TIMEOUT = 60
MAX_HTML_BYTES = 8 * 2**20


def new_session(page: str | None = None, query: dict | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    if page:
        at.switch_page(page)
    if query:
        at.query_params.update(query)
    at.run()
    return at


def points_of(at: AppTest) -> PointSet:
    return at.session_state["undo"].current


def player_id(at: AppTest):
    found = [e for e in at.main if getattr(e, "type", "") == "bidi_component"
             and e.proto.component_name.endswith("timeline")]
    return json.loads(found[0].proto.json)["id"] if found else None


def warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


# a story that runs on no drawn points (uses_points=False) leaves the user's points and the link's data alone:
# its link carries the page's settings (tests/test_story_points.py, and the test after the next)
@pytest.mark.parametrize("key", [key for key, story in STORIES.items() if story.uses_points])
def test_a_storys_link_opens_the_same_run_in_a_new_session(key):
    at = new_session()
    at.button(key=f"story_{key}").click().run()
    query = dict(at.query_params)
    assert query.get("story") == key
    again = new_session(STORIES[key].page, {**query, "t": "3"})
    assert not again.exception and warnings(again) == []
    assert points_of(again) == points_of(at)
    assert player_id(again) == player_id(at)
    assert dict(again.query_params) == {**query, "t": "3"}     # unchanged: nothing to write back
    found = [e for e in again.main if getattr(e, "type", "") == "bidi_component"]
    if STORIES[key].presets.get("winnow_section") != "High-dimensional experiment":
        assert json.loads(found[0].proto.json)["start"] == 3   # the player opens the link's trial


def test_changed_settings_travel_in_the_link():
    at = new_session()
    at.button(key="story_thin-margin").click().run()
    at.sidebar.selectbox(key="perceptron_learner").set_value("Importance-Weighted Perceptron").run()
    at.sidebar.slider(key="perceptron_ImportanceWeightedPerceptron_eta").set_value(0.25).run()
    at.sidebar.radio(key="perceptron_order").set_value("shuffled").run()
    at.sidebar.number_input(key="perceptron_seed").set_value(17).run()
    query = dict(at.query_params)
    assert query["learner"] == "importance-weighted-perceptron" and query["eta"] == "0.25"
    assert query["order"] == "shuffled" and query["seed"] == "17"
    again = new_session("views/perceptron.py", query)
    assert player_id(again) == player_id(at) and points_of(again) == points_of(at)


def test_edited_points_travel_packed_and_priorities_by_name():
    at = new_session()
    at.button(key="story_priority").click().run()
    assert dict(at.query_params)["story"] == "priority"
    at.select_slider(key="priority_theta_3").set_value(10.0).run()
    query = dict(at.query_params)
    assert query["story"] == "priority" and query["theta"] == "10,10,1,10"
    at.session_state["undo"].push(points_of(at).add_points([[0.123456789, -2.5]], 1))
    at.run()
    query = dict(at.query_params)
    assert "pts" in query and "story" not in query
    again = new_session("views/priority.py", query)
    assert points_of(again) == points_of(at) and player_id(again) == player_id(at)


def test_generated_points_travel_by_generator():
    at = new_session("views/data.py")
    at.selectbox(key="data_generator").set_value("moons").run()
    [b for b in at.button if b.label == "Generate"][0].click().run()
    query = dict(at.query_params)
    assert query["gen"] == "moons" and "pts" not in query
    again = new_session("views/data.py", query)
    assert points_of(again) == points_of(at)


@pytest.mark.parametrize("page, widget, value, key, text", [
    ("views/experts.py", "experts_generator", "adversary", "advice", "adversary"),
    ("views/winnow.py", "winnow_section", "High-dimensional experiment", "section", "high-dimensional-experiment"),
])
def test_pages_without_drawn_data_keep_their_settings_in_the_link(page, widget, value, key, text):
    at = new_session(page)
    kind = {"experts_generator": "selectbox", "winnow_section": "segmented_control"}[widget]
    getattr(at, kind)(key=widget).set_value(value).run()
    query = dict(at.query_params)
    assert query[key] == text
    again = new_session(page, query)
    assert again.session_state[widget] == value


@pytest.mark.parametrize("query", [
    {"story": "<script>alert(1)</script>", "learner": "x" * 5000, "eta": "nan", "t": "-4", "present": "yes"},
    {"pts": "AAAA" * 3000, "passes": "1e400", "seed": ["1", "2"], "order": "**bold**"},
    {"gen": "xor", "g.n": "1e9", "theta": "nan,nan"},
    {"t": "99999999", "story": "xor"},
])
def test_a_bad_link_says_what_it_ignored_and_the_page_works(query):
    at = new_session("views/perceptron.py", query)
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    texts = warnings(at)
    if query.get("t") == "99999999":                 # a trial beyond the run: the player clamps it
        assert texts == [] and player_id(at) is not None
    else:
        assert texts and all("<script>" not in t for t in texts)
    assert len(points_of(at)) > 0                    # the page still shows a run (its example story)


def test_a_link_replaces_nothing_the_user_drew_in_the_session():
    """A link is read when a session opens, never later: the points drawn since stay."""
    at = new_session("views/perceptron.py", {"story": "xor"})
    drawn = PointSet.from_arrays([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]], [0, 1, 0])
    at.session_state["undo"].push(drawn)
    at.run()
    at.switch_page("views/data.py").run()
    assert points_of(at) == drawn


def test_a_lab_file_opens_its_page_with_its_points_and_settings():
    points = PointSet.from_arrays([[0.5, 1.0], [1.0, -0.5], [-1, 0.25], [-0.75, -1]], [0, 1, 0, 1],
                                  class_names=["spam", "ham"])
    text = lab_file("perceptron", {"perceptron_learner": "Perceptron", "perceptron_Perceptron_eta": 0.5,
                                   "perceptron_passes": 4}, points, trial=5)
    at = new_session("views/data.py")
    at.toggle(key="share_open").set_value(True).run()
    uploader = at.sidebar.get("file_uploader")
    assert uploader, "the Share panel offers to open a lab file"
    # AppTest cannot upload: the reading and applying are tested directly, the page switch in Chromium
    from lab.links import read_lab_file
    link = read_lab_file(text)
    assert link.data.make() == points and link.page == "perceptron" and link.trial == 5
    assert link.widgets == {"perceptron_learner": "Perceptron", "perceptron_Perceptron_eta": 0.5,
                            "perceptron_passes": 4}


def test_the_share_panel_offers_the_link_the_lab_file_and_the_html_export():
    at = new_session()
    at.button(key="story_wide-margin").click().run()
    at.toggle(key="share_open").set_value(True).run()
    share = [e for e in at.sidebar if getattr(e, "type", "") == "bidi_component"
             and e.proto.component_name.endswith("share")]
    assert len(share) == 1
    data = json.loads(share[0].proto.json)
    assert data["fits"] is True and json.loads(data["file"])["page"] == "perceptron"
    assert data["run"] == at.session_state["timelines"]["perceptron"]["id"]   # Export this run as HTML is offered


# ------------------------------------------------------------------ the HTML export
def test_the_exported_run_of_2000_trials_with_1000_points_is_one_file_under_8_mb():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(1000, 2))
    y = (X @ np.array([1.0, -0.7]) + 0.2 * rng.normal(size=1000) > 0).astype(int)
    points = PointSet.from_arrays(X, y, class_names=["</script><script>alert(1)</script>", "b"])
    payload = build_timeline("Perceptron", {}, points, order="shuffled", n_passes=2, seed=0)
    assert payload["T"] == 2000
    html = run_html(payload_json(payload), "Perceptron </script> run")
    size = len(html.encode("utf-8"))
    print(f"exported run, 2,000 trials and 1,000 points: {size / 2**20:.2f} MiB")
    assert size <= MAX_HTML_BYTES
    assert len(re.findall(r"<script", html, re.IGNORECASE)) == 4     # plotly.js, the run, the player, its start
    assert not re.search(r"<(script|link|img|iframe)[^>]+(src|href)=", html, re.IGNORECASE)
    run = html[html.index('id="mbl-run">') + len('id="mbl-run">'):]
    run = run[:run.index("</script>")]
    assert json.loads(run)["T"] == 2000


def test_points_too_many_for_a_link_leave_it_and_the_share_panel_says_so():
    at = new_session("views/data.py")
    rng = np.random.default_rng(3)
    many = PointSet.from_arrays(rng.normal(size=(1500, 2)), rng.integers(0, 2, 1500))
    at.session_state["undo"].push(many)
    at.toggle(key="share_open").set_value(True).run()
    assert "pts" not in dict(at.query_params)
    share = [e for e in at.sidebar if getattr(e, "type", "") == "bidi_component"
             and e.proto.component_name.endswith("share")]
    data = json.loads(share[0].proto.json)
    assert data["fits"] is False and data["n"] == 1500
    assert len(json.loads(data["file"])["data"]["x1"]) == 1500          # the lab file carries them
