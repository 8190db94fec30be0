"""A minimal Streamlit app around the drawing canvas, for tests/browser/test_canvas.py only.

It mounts the canvas over a fixed view with the points (and the selection) kept in
``st.session_state`` and shows what the Python side received: ``st.metric("Points", n)``,
the last point's exact coordinates and class, every point as JSON, and the selected
indices.
Query parameter ``?demo=1`` starts with one point of each of six classes and a
second, heavier point of the first class, for screenshots.  Run: ``streamlit run tests/browser/canvas_app.py``.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from components.canvas import apply_canvas_event, canvas, selection_after_event  # noqa: E402
from datasets.pointset import PointSet  # noqa: E402

VIEW = (-5.0, 5.0, -4.0, 4.0)
SPRAY_N = 12
DEMO = [(-3.0, 2.5), (-1.0, 2.5), (1.0, 2.5), (3.0, 2.5), (-2.0, -2.0), (2.0, -2.0), (0.0, -0.5)]
DEMO_LABELS = [0, 1, 2, 3, 4, 5, 0]
DEMO_WEIGHTS = [1.0, 2.0, 4.0, 1.0, 0.5, 8.0, 4.0]


def initial_points() -> PointSet:
    if st.query_params.get("demo") == "1":
        return PointSet.from_arrays(DEMO, DEMO_LABELS, weights=DEMO_WEIGHTS,
                                    class_names=("circle A", "square B", "diamond C", "triangle D",
                                                 "cross E", "star F"))
    return PointSet.empty(3)


def main() -> None:
    st.set_page_config(page_title="Canvas test", layout="centered")
    if "points" not in st.session_state:
        st.session_state.points = initial_points()
        st.session_state.events = 0
        st.session_state.selection = ()
    points = st.session_state.points
    tool_column, shape_column = st.columns([3, 2])       # one row: the canvas stays where it was
    mode = tool_column.radio("Tool", ["click", "spray", "select", "erase"], horizontal=True, key="mode")
    shape = shape_column.radio("Shape", ["box", "lasso"], horizontal=True, key="shape")
    active = st.radio("Class", list(range(len(points.class_names))), horizontal=True, key="active",
                      format_func=lambda j: points.class_names[j])
    event = canvas(points, view=VIEW, active_class=active, mode=mode, shape=shape,
                   selected=st.session_state.selection, key="canvas", class_key="active")
    if event is not None:
        st.session_state.events += 1
        if event["type"] == "class":          # "Class" has taken it (class_key): drawn again, the canvas learns so
            st.rerun()
        if event["type"] in ("select", "pick"):
            st.session_state.selection = selection_after_event(points, event, st.session_state.selection)
            st.rerun()
        updated = apply_canvas_event(points, event, spray_n=SPRAY_N, seed=st.session_state.events)
        if updated is not points:
            st.session_state.points = updated
            st.session_state.selection = ()
            st.rerun()
    st.metric("Points", len(points))
    st.metric("Events", st.session_state.events)
    last = {"x": points.X[-1, 0], "y": points.X[-1, 1], "label": int(points.labels[-1])} if len(points) else {}
    with st.container(key="last_point"):
        st.text("last " + json.dumps(last))
    with st.container(key="all_points"):
        st.text("points " + json.dumps({"X": points.X.tolist(), "labels": points.labels.tolist()}))
    with st.container(key="selected_points"):
        st.text("selected " + json.dumps(list(st.session_state.selection)))


if __name__ == "__main__":
    main()
