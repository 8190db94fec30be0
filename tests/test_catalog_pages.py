"""Issue 26: a learner offered by its catalog entry alone — OOZ on the Multiclass page, the weight-bounded
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
    assert any("cannot start" in e.value and "non-negative" in as_read(e.value) for e in at.error), \
        [e.value for e in at.error]
    assert at.session_state["undo"].current.fingerprint() == points.fingerprint()
