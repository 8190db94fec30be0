"""The Data page's selection tools in Streamlit's AppTest: select, weigh, move, delete, undo.

AppTest cannot fire the canvas's JavaScript events, so a selection is made here with the page's own
"Select a class" control or with the ui.state helpers; what a drawn box or lasso selects is tested in
tests/test_selection.py and, in a real browser, in tests/browser/test_data_selection.py.
"""

import json
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from datasets import csv_io
from datasets.pointset import UndoStack

TIMEOUT = 60
APP = str(Path(__file__).resolve().parents[1] / "app.py")


def data_page() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.switch_page("views/data.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def button(at: AppTest, label: str):
    found = [b for b in at.button if b.label == label]
    assert found, f"no button {label!r}; buttons: {[b.label for b in at.button]}"
    return found[0]


def current_points(at: AppTest):
    return at.session_state["undo"].current


def selection_text(at: AppTest) -> str:
    texts = [m.value for m in at.markdown if "selected" in m.value]
    return texts[0] if texts else ""


def generated(at: AppTest) -> AppTest:
    """Gaussian clouds, the default generator: 40 points in each of 3 classes, all weights 1."""
    button(at, "Generate").click().run()
    assert not at.exception, [e.value for e in at.exception]
    points = current_points(at)
    assert len(points) == 120 and np.all(points.weights == 1.0)
    return at


def select_class(at: AppTest, j: int) -> AppTest:
    at.selectbox(key="data_selection_which").set_value(f"class:{j}").run()
    at.button(key="data_selection_select").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_a_selected_class_gets_a_new_weight_that_undo_takes_back():
    at = generated(data_page())
    assert selection_text(at) == "" and any("No points selected" in c.value for c in at.caption)
    select_class(at, 1)
    assert selection_text(at) == "**40 points selected** · weight 1"
    at.number_input(key="data_selection_weight").set_value(3.0).run()
    at.button(key="data_selection_apply").click().run()
    points = current_points(at)
    assert np.all(points.weights[points.labels == 1] == 3.0) and np.all(points.weights[points.labels != 1] == 1.0)
    assert selection_text(at) == "**40 points selected** · weight 3"      # the selection stays for the next edit
    button(at, "Undo").click().run()
    assert np.all(current_points(at).weights == 1.0)
    assert selection_text(at) == "", "undo drops the selection"
    button(at, "Redo").click().run()
    assert np.sum(current_points(at).weights == 3.0) == 40


def test_a_selection_moves_to_another_class_and_is_deleted():
    at = generated(data_page())
    select_class(at, 0)
    at.selectbox(key="data_selection_class").set_value(2).run()
    at.button(key="data_selection_move").click().run()
    points = current_points(at)
    assert np.sum(points.labels == 2) == 80 and np.sum(points.labels == 0) == 0
    assert selection_text(at).startswith("**40 points selected**")
    assert len(points) == 120                                                    # moving loses no point
    selected_X = points.X[list(at.session_state["selection"][1])]
    at.button(key="data_selection_delete").click().run()
    after = current_points(at)
    assert len(after) == 80 and selection_text(at) == ""
    assert not any((after.X == x).all(axis=1).any() for x in selected_X), "exactly the selected points went"
    assert [m.value for m in at.metric if m.label == "Points"] == ["80"]
    button(at, "Undo").click().run()
    assert len(current_points(at)) == 120


def test_clear_selection_and_a_point_set_change_drop_the_selection():
    at = generated(data_page())
    select_class(at, 2)
    at.button(key="data_selection_clear").click().run()
    assert selection_text(at) == ""
    select_class(at, 2)
    button(at, "Generate").click().run()                 # the very same points: the selection stays
    assert selection_text(at).startswith("**40 points selected**")
    at.number_input(key="data_gen_seed").set_value(1).run()
    button(at, "Generate").click().run()                 # new points: the old indices mean nothing
    assert len(current_points(at)) == 120 and selection_text(at) == ""


def test_state_helpers_keep_a_selection_only_while_its_points_stay_in_place():
    def script():
        import streamlit as st

        from components.canvas import selection_after_event
        from datasets.pointset import PointSet
        from ui import state

        results = {}
        base = PointSet.from_arrays([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [5.0, 5.0]], [0, 0, 1, 1])
        state.set_points(base)
        results["empty"] = state.selection()
        box = {"type": "select", "xs": [-0.5, 1.5, 1.5, -0.5], "ys": [-0.5, -0.5, 1.5, 1.5], "id": "b"}
        state.set_selection(selection_after_event(state.points(), box, state.selection()))
        results["boxed"] = state.selection()
        state.set_points(state.points().set_weights(state.selection(), 4.0), keep_selection=True)
        results["weights"] = state.points().weights.tolist()
        results["kept"] = state.selection()
        try:
            state.set_selection([9])
        except ValueError as error:
            results["refused"] = str(error)
        results["after_refusal"] = state.selection()
        state.set_points(state.points().add_points([[3.0, 3.0]], 0), keep_selection=True)   # a point more
        results["after_add"] = state.selection()
        state.set_selection([3])
        state.undo()
        results["after_undo"] = state.selection()
        results["undone_points"] = len(state.points())
        state.set_selection((2, 0, 2))
        results["merged"] = state.selection()
        state.set_points(state.points().remove([0]))
        results["after_remove"] = state.selection()
        st.json(results)

    at = AppTest.from_function(script, default_timeout=TIMEOUT).run()
    assert not at.exception, [e.value for e in at.exception]
    results = json.loads(at.json[0].value)
    assert results["empty"] == [] and results["boxed"] == [0, 1]
    assert results["weights"] == [4.0, 4.0, 1.0, 1.0] and results["kept"] == [0, 1]
    assert "0..3" in results["refused"] and results["after_refusal"] == [0, 1]
    assert results["after_add"] == []
    assert results["after_undo"] == [] and results["undone_points"] == 4
    assert results["merged"] == [0, 2] and results["after_remove"] == []


def test_generating_three_classes_keeps_all_three_and_undo_restores_a_dropped_class():
    # bug: the "Classes" slider kept its old value (2) and cut a generated third class away on the next rerun
    at = data_page()
    button(at, "Generate").click().run()
    at.run()
    points = current_points(at)
    assert len(points) == 120 and points.class_names == ("A", "B", "C")
    assert at.slider(key="data_classes").value == 3
    at.slider(key="data_classes").set_value(2).run()
    assert len(current_points(at)) == 80 and at.slider(key="data_classes").value == 2
    button(at, "Undo").click().run()
    at.run()
    assert len(current_points(at)) == 120 and at.slider(key="data_classes").value == 3


def test_undo_of_a_priority_change_is_not_reapplied_by_its_input():
    # bug: the θ inputs kept the undone value and set it again on the next rerun (undo had no effect)
    at = data_page()
    at.number_input(key="data_theta_0").set_value(10.0).run()
    assert current_points(at).theta.tolist() == [10.0, 1.0]
    button(at, "Undo").click().run()
    at.run()
    assert current_points(at).theta.tolist() == [1.0, 1.0]
    assert at.number_input(key="data_theta_0").value == 1.0
    assert not button(at, "Redo").disabled


@pytest.mark.parametrize("rows", [
    ["1000000000,1000000000,A", "-1000000000,-1000000000,B", "1000000000,-1000000000,A", "-1e9,1e9,B"],
    ["950000000,0,A", "0,0,B"],
    ["999999999.9999999,0,A", "0,-999999999.9999999,B"],
], ids=["corners at ±1e9", "x1 = 9.5e8", "just inside ±1e9"])
def test_a_file_the_import_accepts_at_the_coordinate_limit_is_drawn_with_its_table_import_and_export(rows):
    # bug: the canvas padded the data's box beyond ±1e9, refused its own view, and the page stopped
    points = csv_io.read_points_csv("x1,x2,label\n" + "\n".join(rows) + "\n")      # what Import accepts
    at = data_page()
    at.session_state["undo"] = UndoStack(points)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert [element.key for element in at.get("bidi_component") if element.key != "figure_saver"] == ["canvas"]
    assert [m.value for m in at.metric if m.label == "Points"] == [str(len(rows))]
    assert [b.label for b in at.get("download_button")] == ["Export CSV"]
    assert len(at.get("file_uploader")) == 1 and button(at, "Apply table edits")
    assert current_points(at) == points
