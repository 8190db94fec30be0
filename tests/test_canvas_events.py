"""The canvas's event handling in plain Python: what each gesture does to the point set.

AppTest cannot fire a custom component's JavaScript events, so the handlers are
pure functions (components/canvas.py) tested here directly; the browser side is
tested in tests/browser/test_canvas.py.
"""

import doctest

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import components.canvas as canvas_module
from components.canvas import (apply_canvas_event, canvas_data, canvas_view, check_view, is_new_event,
                               parse_canvas_event, remember_event)
from datasets.pointset import MAX_VALUE, PointSet, too_near_origin
from viz import palette
from viz.boundary import marker_sizes


def three_points() -> PointSet:
    return PointSet.from_arrays([[0.0, 0.0], [1.0, 0.0], [4.0, 4.0]], [0, 1, 1], class_names=("A", "B", "C"))


# ---------------------------------------------------------------- add
def test_add_puts_one_point_of_the_event_class_exactly_at_the_event_coordinates():
    points = three_points()
    x, y = 0.123456789012345, -3.3333333333333335
    updated = apply_canvas_event(points, {"type": "add", "x": x, "y": y, "label": 2, "id": "s-1"}, weight=2.5)
    assert len(updated) == 4 and len(points) == 3           # the old set is unchanged
    assert updated.X[-1].tolist() == [x, y]                  # bit for bit, no rounding
    assert updated.labels[-1] == 2 and updated.weights[-1] == 2.5
    assert updated.X[:3].tolist() == points.X.tolist()


def test_label_argument_overrides_the_event_class_and_an_event_without_any_class_changes_nothing():
    points = three_points()
    event = {"type": "add", "x": 1.5, "y": 2.5, "label": 2}
    assert apply_canvas_event(points, event, label=1).labels[-1] == 1
    no_class = {"type": "add", "x": 1.5, "y": 2.5}
    assert apply_canvas_event(points, no_class) is points
    assert apply_canvas_event(points, no_class, label=0).labels[-1] == 0


# ---------------------------------------------------------------- box
@pytest.mark.parametrize("corners", [(-1.0, 2.0, 0.5, 0.75), (2.0, -1.0, 0.75, 0.5)])
def test_box_sprays_spray_n_points_of_the_class_inside_the_box(corners):
    x0, x1, y0, y1 = corners
    points = three_points()
    event = {"type": "box", "x0": x0, "x1": x1, "y0": y0, "y1": y1, "label": 0, "id": "s-2"}
    updated = apply_canvas_event(points, event, spray_n=37, seed=5, weight=0.5)
    new = updated.X[len(points):]
    assert new.shape == (37, 2)
    assert np.all((new[:, 0] >= min(x0, x1)) & (new[:, 0] <= max(x0, x1)))
    assert np.all((new[:, 1] >= min(y0, y1)) & (new[:, 1] <= max(y0, y1)))
    assert np.all(updated.labels[len(points):] == 0) and np.all(updated.weights[len(points):] == 0.5)
    assert len(np.unique(new, axis=0)) == 37
    # the seed decides the cloud
    again = apply_canvas_event(points, event, spray_n=37, seed=5, weight=0.5)
    other = apply_canvas_event(points, event, spray_n=37, seed=6, weight=0.5)
    assert again == updated and other != updated


# ---------------------------------------------------------------- erase
def test_erase_removes_only_the_nearest_point_within_the_radius():
    points = three_points()                                     # (0,0) A, (1,0) B, (4,4) B
    updated = apply_canvas_event(points, {"type": "erase", "x": 0.7, "y": 0.1, "radius": 0.5, "id": "e"})
    assert updated.X.tolist() == [[0.0, 0.0], [4.0, 4.0]]
    assert updated.labels.tolist() == [0, 1]


def test_erase_with_nothing_within_the_radius_returns_the_same_set():
    points = three_points()
    assert apply_canvas_event(points, {"type": "erase", "x": 2.5, "y": 2.0, "radius": 1.0}) is points


def test_erase_without_a_radius_uses_the_default_radius():
    points = three_points()
    near = canvas_module.DEFAULT_ERASE_RADIUS * 0.9
    far = canvas_module.DEFAULT_ERASE_RADIUS * 1.1
    assert len(apply_canvas_event(points, {"type": "erase", "x": 4.0 + near, "y": 4.0})) == 2
    assert apply_canvas_event(points, {"type": "erase", "x": 4.0 + far, "y": 4.0}) is points


# ---------------------------------------------------------------- duplicates
def test_an_event_whose_id_was_handled_is_ignored():
    points = three_points()
    event = {"type": "add", "x": 0.5, "y": 0.5, "label": 0, "id": "abc-7"}
    handled = remember_event((), event)
    assert handled == ("abc-7",)
    assert apply_canvas_event(points, event, handled_ids=handled) is points
    assert len(apply_canvas_event(points, {**event, "id": "abc-8"}, handled_ids=handled)) == 4
    assert not is_new_event(event, handled) and is_new_event({**event, "id": "abc-8"}, handled)


def test_integer_and_text_ids_are_the_same_id_and_remembering_is_bounded():
    assert not is_new_event({"id": 12}, ("12",))
    ids = ()
    for i in range(10):
        ids = remember_event(ids, {"id": f"e{i}"}, limit=4)
    assert ids == ("e6", "e7", "e8", "e9")
    assert remember_event(ids, {"id": "e9"}, limit=4) == ids       # already known: no change


# ---------------------------------------------------------------- malformed
MALFORMED = [
    None, "add", 3, [], {}, {"type": "move", "x": 0.0, "y": 0.0}, {"type": "ADD", "x": 0.0, "y": 0.0},
    {"x": 0.0, "y": 0.0},
    {"type": "add", "x": 0.0}, {"type": "add", "y": 0.0},
    {"type": "add", "x": float("nan"), "y": 0.0}, {"type": "add", "x": 0.0, "y": float("inf")},
    {"type": "add", "x": "1.0", "y": 0.0}, {"type": "add", "x": True, "y": 0.0},
    {"type": "add", "x": [1.0], "y": 0.0}, {"type": "add", "x": None, "y": 0.0},
    {"type": "add", "x": 2 * MAX_VALUE, "y": 0.0},
    {"type": "add", "x": 0.0, "y": 0.0, "label": -1}, {"type": "add", "x": 0.0, "y": 0.0, "label": 3},
    {"type": "add", "x": 0.0, "y": 0.0, "label": 1.0}, {"type": "add", "x": 0.0, "y": 0.0, "label": True},
    {"type": "add", "x": 0.0, "y": 0.0, "label": "1"}, {"type": "add", "x": 0.0, "y": 0.0, "label": None},
    {"type": "add", "x": 0.0, "y": 0.0, "label": 0, "id": ""},
    {"type": "add", "x": 0.0, "y": 0.0, "label": 0, "id": "x" * 65},
    {"type": "add", "x": 0.0, "y": 0.0, "label": 0, "id": {"a": 1}},
    {"type": "add", "x": 0.0, "y": 0.0, "label": 0, "id": False},
    {"type": "box", "x0": 0.0, "x1": 1.0, "y0": 0.0}, {"type": "box", "x0": 0.0, "x1": 0.0, "y0": 0.0, "y1": 1.0},
    {"type": "box", "x0": 0.0, "x1": 1.0, "y0": 2.0, "y1": 2.0},
    {"type": "box", "x0": 0.0, "x1": float("nan"), "y0": 0.0, "y1": 1.0},
    {"type": "box", "x": 0.0, "y": 0.0, "label": 0},
    {"type": "erase", "x": 0.0}, {"type": "erase", "x": 0.0, "y": 0.0, "radius": 0.0},
    {"type": "erase", "x": 0.0, "y": 0.0, "radius": -1.0}, {"type": "erase", "x": 0.0, "y": 0.0, "radius": "big"},
    {"type": "erase", "x": 0.0, "y": 0.0, "radius": float("nan")},
]


@pytest.mark.parametrize("event", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_events_change_nothing(event):
    points = three_points()
    before = points.fingerprint()
    assert parse_canvas_event(event, points.n_classes) is None
    assert apply_canvas_event(points, event, spray_n=5, label=None) is points
    assert points.fingerprint() == before


JUNK = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True, allow_infinity=True),
                 st.text(max_size=5), st.lists(st.integers(), max_size=2))


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(["add", "box", "erase", "other"]),
       fields=st.dictionaries(st.sampled_from(["x", "y", "x0", "x1", "y0", "y1", "label", "radius", "id"]), JUNK))
def test_any_event_either_changes_nothing_or_gives_a_valid_set(kind, fields):
    points = three_points()
    event = {"type": kind, **fields}
    updated = apply_canvas_event(points, event, spray_n=3)
    clean = parse_canvas_event(event, points.n_classes)
    if clean is None:
        assert updated is points
    else:
        assert isinstance(updated, PointSet) and np.all(np.isfinite(updated.X))
        expected = {"add": 4 if "label" in clean else 3, "box": 6 if "label" in clean else 3}.get(clean["type"])
        if expected is not None:
            assert len(updated) == expected
        else:
            assert len(updated) in (2, 3)


def test_a_well_formed_event_the_point_set_refuses_raises_its_message():
    with pytest.raises(ValueError, match=r"n must lie in \[0, "):
        apply_canvas_event(three_points(), {"type": "box", "x0": 0, "x1": 1, "y0": 0, "y1": 1, "label": 0},
                           spray_n=-1)
    with pytest.raises(ValueError, match="PointSet"):
        apply_canvas_event([[0.0, 0.0]], {"type": "add", "x": 0.0, "y": 0.0, "label": 0})


# ---------------------------------------------------------------- what the browser gets
def test_canvas_data_carries_points_sizes_palette_and_acknowledged_ids():
    points = PointSet.from_arrays([[0.5, -1.0], [2.0, 3.0], [-1.0, 0.25]], [1, 0, 1], weights=[4.0, 1.0, 1.0])
    data = canvas_data(points, (-2, 3, -1.5, 3.5), 1, "spray", handled_ids=[f"e{i}" for i in range(20)])
    assert data["view"] == [-2.0, 3.0, -1.5, 3.5]
    assert data["points"] == [[0.5, -1.0, 1, 4.0], [2.0, 3.0, 0, 1.0], [-1.0, 0.25, 1, 1.0]]
    assert data["sizes"] == marker_sizes([4.0, 1.0, 1.0]).tolist() and data["sizes"][0] > data["sizes"][1]
    assert data["colors"] == list(palette.CLASS_COLORS[:2]) and data["symbols"] == list(palette.CLASS_SYMBOLS[:2])
    assert data["names"] == ["A", "B"] and data["active"] == 1 and data["mode"] == "spray"
    assert data["shape"] == "box" and data["selected"] == []
    assert data["handled"] == [f"e{i}" for i in range(12, 20)]


@pytest.mark.parametrize("arguments, message", [
    ({"view": (0, 0, 0, 1)}, "x0 < x1"), ({"view": (0, 1, 0)}, "four"), ({"view": "wide"}, "four numbers"),
    ({"view": (0, float("inf"), 0, 1)}, "finite"), ({"active_class": 2}, "active_class"),
    ({"active_class": True}, "active_class"), ({"mode": "box"}, "mode"), ({"shape": "circle"}, "shape"), ({"selected": [3]}, "no points"), ({"max_plot_height": 10}, "max_plot"),
])
def test_canvas_data_rejects_bad_arguments_with_advice(arguments, message):
    call = {"view": (-1, 1, -1, 1), "active_class": 0, "mode": "click", **arguments}
    with pytest.raises(ValueError, match=message):
        canvas_data(PointSet.empty(), call.pop("view"), call.pop("active_class"), call.pop("mode"), **call)


def test_the_default_view_holds_every_point():
    points = PointSet.from_arrays([[-30.0, 2.0], [1.0, 12.0]], [0, 1])
    x0, x1, y0, y1 = canvas_view(points)
    assert x0 < -30.0 and x1 >= 5.0 and y0 <= -4.0 and y1 > 12.0
    assert check_view(canvas_view(PointSet.empty())) == canvas_module.DEFAULT_VIEW


AT_THE_LIMIT = {
    "x1 = 9.1e8, as in a reviewer's file": [[9.1e8, 0.0], [0.0, 0.0]],
    "all four corners at ±MAX_VALUE": [[MAX_VALUE, MAX_VALUE], [-MAX_VALUE, -MAX_VALUE], [MAX_VALUE, -MAX_VALUE],
                                      [-MAX_VALUE, MAX_VALUE]],
    "a vertical edge at +MAX_VALUE": [[MAX_VALUE, -MAX_VALUE], [MAX_VALUE, MAX_VALUE]],
    "one point at +MAX_VALUE": [[MAX_VALUE, 0.0]],
    "one point at -MAX_VALUE": [[0.0, -MAX_VALUE]],
    "just inside the limit": [[np.nextafter(MAX_VALUE, 0), 0.0], [0.0, np.nextafter(-MAX_VALUE, 0)]],
}


def assert_drawable(points: PointSet):
    view = canvas_view(points)
    assert check_view(view) == view                           # the canvas accepts the view it made
    x0, x1, y0, y1 = view
    assert x0 < points.X[:, 0].min() and points.X[:, 0].max() < x1, "every point inside, off the frame"
    assert y0 < points.X[:, 1].min() and points.X[:, 1].max() < y1
    assert canvas_data(points, view)["view"] == list(view)


@pytest.mark.parametrize("X", AT_THE_LIMIT.values(), ids=AT_THE_LIMIT.keys())
def test_every_point_set_within_the_coordinate_limit_gets_a_view_the_canvas_draws(X):
    assert_drawable(PointSet.from_arrays(X, [0] * len(X)))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(-MAX_VALUE, MAX_VALUE), st.floats(-MAX_VALUE, MAX_VALUE))
                .filter(lambda pair: not too_near_origin([pair])[0]), min_size=1, max_size=6))
@example(pairs=[(0.0, 4.0), (1.0838332989147757e-263, 4.0)])   # a spread floats cannot pad (CI, 2026-11-24)
def test_any_valid_points_get_a_view_the_canvas_draws(pairs):
    assert_drawable(PointSet.from_arrays(pairs, [0] * len(pairs)))


def nested(depth: int):
    value = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("event", [
    nested(5000),
    {"type": "add", "x": nested(5000), "y": 0.0, "label": 0},
    {"type": "add", "x": 10 ** 4000, "y": 0.0, "label": 0},           # float() of it overflows
    {"type": "erase", "x": 0.0, "y": 0.0, "radius": -(10 ** 4000)},
], ids=["a list 5,000 deep", "x 5,000 deep", "x of 4,001 digits", "radius of 4,001 digits"])
def test_absurd_events_are_refused_with_a_value_error_not_a_crash(event):
    points = three_points()
    with pytest.raises(ValueError):
        canvas_module.check_canvas_event(event, points.n_classes)
    assert parse_canvas_event(event, points.n_classes) is None
    assert apply_canvas_event(points, event) is points


def test_docstring_examples_run():
    result = doctest.testmod(canvas_module, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10 and result.failed == 0


def test_the_canvas_mounts_in_apptest_and_reports_no_event_without_a_browser():
    from streamlit.testing.v1 import AppTest

    def app():
        import streamlit as st

        from components.canvas import canvas
        from datasets.pointset import PointSet

        event = canvas(PointSet.from_arrays([[0.0, 1.0]], [1]), view=(-2, 2, -2, 2), active_class=1, mode="select",
                       shape="lasso", selected=[0])
        st.metric("Event", repr(event))

    at = AppTest.from_function(app, default_timeout=30).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.metric[0].value == "None"


# ---------------------------------------------------------------- class
def test_a_class_chosen_on_the_canvas_sets_the_pages_class_widget_once_and_changes_no_point(monkeypatch):
    """A class event (a tap on a legend chip, a number key) changes no point; the component's callback sets the
    page's class widget (class_key) to its label before the widget is drawn, once per event id, and only to a class
    the point set has."""
    points = three_points()
    assert canvas_module.check_canvas_event({"type": "class", "label": 2, "id": "c-1"}, 3) == \
        {"type": "class", "label": 2, "id": "c-1"}
    for bad in ({"type": "class"}, {"type": "class", "label": 3}, {"type": "class", "label": True}):
        with pytest.raises(ValueError, match="label"):
            canvas_module.check_canvas_event(bad, 3)
    assert apply_canvas_event(points, {"type": "class", "label": 1, "id": "c-1"}) is points
    session = {"canvas": {"event": {"type": "class", "label": 2, "id": "c-1"}}, "data_active": 0}
    monkeypatch.setattr(canvas_module.st, "session_state", session)
    canvas_module._take_class("canvas", "data_active", 3)
    assert session["data_active"] == 2
    session["data_active"] = 0                                   # the event was handled: its replay changes nothing
    session[canvas_module._STATE_PREFIX + "canvas"] = ("c-1",)
    canvas_module._take_class("canvas", "data_active", 3)
    assert session["data_active"] == 0
    for event in ({"type": "class", "label": 5, "id": "c-2"}, {"type": "add", "x": 0.0, "y": 0.0, "label": 1, "id": "c-3"}):
        session["canvas"] = {"event": event}
        canvas_module._take_class("canvas", "data_active", 3)
        assert session["data_active"] == 0
