"""The drawing canvas of the Data page: a Streamlit custom component (v2, inline JS/SVG).

``st.plotly_chart`` reports no click on empty space, so the canvas draws the
points itself in SVG, with known axis ranges, and turns a click into exact data
coordinates.  Events come back as one trigger value per gesture:
``{"type": "add", "x", "y", "label"}``, ``{"type": "box", "x0", "x1", "y0", "y1",
"label"}`` or ``{"type": "erase", "x", "y", "radius"}``.  What an event does to the
data is the pure function :func:`apply_canvas_event`, tested without a browser.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import streamlit as st

from datasets.generators import spray
from datasets.pointset import PointSet
from viz import palette
from viz.boundary import marker_sizes
from viz.geometry import view_box

HERE = Path(__file__).parent
DEFAULT_VIEW = (-5.0, 5.0, -4.0, 4.0)
_COMPONENT = st.components.v2.component(
    "mistake_bound_lab_canvas", html='<div class="mbl-canvas"></div>',
    css=(HERE / "canvas.css").read_text(), js=(HERE / "canvas.js").read_text())


def canvas_view(points: PointSet) -> tuple:
    """The default view, enlarged to hold every point (stable while the user draws inside it)."""
    if len(points) == 0:
        return DEFAULT_VIEW
    x0, x1, y0, y1 = view_box(points.X, 0.1)
    return (min(x0, DEFAULT_VIEW[0]), max(x1, DEFAULT_VIEW[1]), min(y0, DEFAULT_VIEW[2]), max(y1, DEFAULT_VIEW[3]))


def canvas_data(points: PointSet, view, active_class: int, mode: str) -> dict:
    """What the JavaScript side draws (plain JSON; names are set as SVG text, never as HTML)."""
    sizes = marker_sizes(points.weights) / 2 if len(points) else np.zeros(0)
    return {"box": list(view), "names": list(points.class_names), "active": int(active_class), "mode": mode,
            "colors": list(palette.CLASS_COLORS), "symbols": list(palette.CLASS_SYMBOLS),
            "points": [[float(x), float(y), int(c), float(s)] for (x, y), c, s in
                       zip(points.X.tolist(), points.labels.tolist(), sizes.tolist())]}


def canvas(points: PointSet, *, view=None, active_class: int = 0, mode: str = "click", key: str = "canvas"):
    """Mount the canvas; return this rerun's event (a dict) or None."""
    view = canvas_view(points) if view is None else view
    result = _COMPONENT(data=canvas_data(points, view, active_class, mode), key=key,
                        on_event_change=lambda: None)
    event = getattr(result, "event", None)
    return event if isinstance(event, dict) else None


def _number(event, name):
    value = float(event[name])
    if not np.isfinite(value):
        raise ValueError(f"event field {name} is not finite")
    return value


def apply_canvas_event(points: PointSet, event, *, spray_n: int = 20, seed: int = 0, weight: float = 1.0) -> PointSet:
    """The point set after a canvas event; the same object when the event is malformed or changes nothing."""
    if not isinstance(event, dict) or event.get("type") not in ("add", "box", "erase"):
        return points
    try:
        label = int(event.get("label", 0))
        if event["type"] == "add":
            return points.add_points([[_number(event, "x"), _number(event, "y")]], label, weight)
        if event["type"] == "erase":
            radius = float(event.get("radius", 0.3))
            return points.erase_near([_number(event, "x"), _number(event, "y")], radius)
        box = tuple(_number(event, name) for name in ("x0", "x1", "y0", "y1"))
        return points.add_points(spray(box, int(spray_n), seed), label, weight)
    except (KeyError, TypeError, ValueError):
        return points
