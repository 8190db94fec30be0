"""The drawing canvas of the Data page: a Streamlit custom component (v2, inline HTML/CSS/JS, SVG).

``st.plotly_chart`` reports no click on empty space, so the canvas draws the
points itself in SVG over a known view box and turns a mouse position into
exact data coordinates: with ``s`` pixels per data unit on both axes (equal
aspect) and the plot's top-left corner at pixel (L, T),

    x = x₀ + (u − L) / s,    y = y₁ − (v − T) / s,

where (u, v) is the pointer's position inside the SVG (from its bounding
rectangle).  Each gesture comes back as one trigger value (one rerun):

* ``{"type": "add", "x", "y", "label", "id"}`` — a click in *click* mode;
* ``{"type": "box", "x0", "x1", "y0", "y1", "label", "id"}`` — a drag in *box* mode;
* ``{"type": "erase", "x", "y", "radius", "id"}`` — a click in *erase* mode
  (``radius``: 12 pixels in data units).

``label`` is the class that was active in the canvas, ``id`` is unique per
gesture.  The browser sends one gesture at a time and waits until the ``id``
comes back in ``handled`` (or 1.5 s pass), so quick clicks are queued, not
lost; :func:`canvas` hands each ``id`` to the page at most once.  What an event
does to the data is the pure function :func:`apply_canvas_event`, tested
without a browser (AppTest cannot fire a component's JavaScript events).
"""

from __future__ import annotations

import numbers
from pathlib import Path

import numpy as np
import streamlit as st

from datasets.generators import spray
from datasets.pointset import MAX_VALUE, PointSet
from viz import palette
from viz.boundary import marker_sizes
from viz.geometry import DEFAULT_BOX, view_box

HERE = Path(__file__).parent
MODES = ("click", "box", "erase")
EVENT_TYPES = {"click": "add", "box": "box", "erase": "erase"}
DEFAULT_VIEW = DEFAULT_BOX
DEFAULT_ERASE_RADIUS = 0.25      # data units, when an erase event carries no radius
MAX_EVENT_ID_LENGTH = 64
HANDLED_IDS_KEPT = 64            # ids remembered per canvas (replays of older ones are not possible)
HANDLED_IDS_SENT = 8             # ids echoed to the browser as acknowledgements
_STATE_PREFIX = "_canvas_handled_ids::"
MIN_PLOT_HEIGHT, MAX_PLOT_HEIGHT = 220, 2000   # pixels (the browser never draws a plot lower than 220)

_COMPONENT = st.components.v2.component(
    "mistake_bound_lab_canvas", html='<div class="mbl-canvas"></div>',
    css=(HERE / "canvas.css").read_text(encoding="utf-8"), js=(HERE / "canvas.js").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ inputs
def check_view(view) -> tuple:
    """``view`` as four finite floats (x0, x1, y0, y1) with x0 < x1 and y0 < y1.

    >>> check_view([-1, 1, 0, 2])
    (-1.0, 1.0, 0.0, 2.0)
    >>> check_view((1, 0, 0, 1))
    Traceback (most recent call last):
    ...
    ValueError: The view box (x0, x1, y0, y1) needs x0 < x1 and y0 < y1; got (1.0, 0.0, 0.0, 1.0).
    """
    try:
        box = tuple(float(value) for value in view)
    except (TypeError, ValueError):
        raise ValueError(f"The view box must be four numbers (x0, x1, y0, y1); got {view!r:.60}.") from None
    if len(box) != 4 or not all(np.isfinite(box)) or max(abs(value) for value in box) > MAX_VALUE:
        raise ValueError(f"The view box must be four finite numbers (x0, x1, y0, y1) within ±{MAX_VALUE:g}; "
                         f"got {view!r:.60}.")
    if not (box[0] < box[1] and box[2] < box[3]):
        raise ValueError(f"The view box (x0, x1, y0, y1) needs x0 < x1 and y0 < y1; got {box}.")
    return box


def canvas_view(points: PointSet) -> tuple:
    """The default view (x0, x1, y0, y1), enlarged to hold every point.

    It stays put while the user draws inside it, so a click never moves the axes.

    >>> canvas_view(PointSet.empty())
    (-5.0, 5.0, -4.0, 4.0)
    >>> canvas_view(PointSet.from_arrays([[9.0, 0.0], [10.0, 1.0]], [0, 1]))[1] > 10
    True
    """
    if len(points) == 0:
        return DEFAULT_VIEW
    x0, x1, y0, y1 = view_box(points.X, 0.1)
    return (min(x0, DEFAULT_VIEW[0]), max(x1, DEFAULT_VIEW[1]), min(y0, DEFAULT_VIEW[2]), max(y1, DEFAULT_VIEW[3]))


def canvas_data(points: PointSet, view, active_class: int = 0, mode: str = "click", *,
                handled_ids=(), max_plot_height: int = 420) -> dict:
    """What the browser draws: plain JSON (names are set as SVG text, never parsed as HTML).

    ``points`` rows are (x, y, class index, weight); ``sizes`` are the marker
    diameters in pixels (:func:`viz.boundary.marker_sizes`: area grows with
    the weight); colours and shapes come from :mod:`viz.palette`.

    >>> data = canvas_data(PointSet.from_arrays([[0.5, -1.0]], [1], weights=[2.0]), (-1, 1, -2, 2), 1, "box")
    >>> data["points"], data["sizes"], data["active"], data["mode"], data["view"]
    ([[0.5, -1.0, 1, 2.0]], [10.0], 1, 'box', [-1.0, 1.0, -2.0, 2.0])
    """
    view = check_view(view)
    n_classes = len(points.class_names)
    if isinstance(active_class, (bool, np.bool_)) or not isinstance(active_class, numbers.Integral) \
            or not 0 <= int(active_class) < n_classes:
        raise ValueError(f"active_class must be a class index 0..{n_classes - 1}; got {active_class!r:.40}.")
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES} (add, spray a box, erase); got {mode!r:.40}.")
    if isinstance(max_plot_height, (bool, np.bool_)) or not isinstance(max_plot_height, numbers.Integral) \
            or not MIN_PLOT_HEIGHT <= max_plot_height <= MAX_PLOT_HEIGHT:
        raise ValueError(f"max_plot_height must be a whole number of pixels from {MIN_PLOT_HEIGHT} to "
                         f"{MAX_PLOT_HEIGHT}; got {max_plot_height!r:.40}.")
    sizes = marker_sizes(points.weights) if len(points) else np.zeros(0)
    rows = zip(points.X.tolist(), points.labels.tolist(), points.weights.tolist())
    return {"view": list(view), "names": list(points.class_names), "active": int(active_class), "mode": mode,
            "colors": [palette.color(j) for j in range(n_classes)],
            "symbols": [palette.symbol(j) for j in range(n_classes)],
            "points": [[x, y, int(label), weight] for (x, y), label, weight in rows],
            "sizes": [float(size) for size in sizes],
            "handled": [str(i) for i in list(handled_ids)[-HANDLED_IDS_SENT:]],
            "maxPlotHeight": int(max_plot_height)}


# ------------------------------------------------------------------ events
def _real(value) -> float | None:
    """A finite real number within ±MAX_VALUE as a float, else None (bools and text are not numbers)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        return None
    value = float(value)
    return value if np.isfinite(value) and abs(value) <= MAX_VALUE else None


def event_id(event):
    """The event's id as a string, or None when it has none (or an unusable one).

    >>> event_id({"type": "add", "id": 7}), event_id({"type": "add"}), event_id("junk")
    ('7', None, None)
    """
    if not isinstance(event, dict):
        return None
    value = event.get("id")
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (str, numbers.Integral)):
        return None
    text = str(value)
    return text if 0 < len(text) <= MAX_EVENT_ID_LENGTH else None


def parse_canvas_event(event, n_classes: int | None = None):
    """A well-formed canvas event as a clean dict, or None.

    Well formed: a dict whose ``type`` is "add" or "erase" with finite ``x``
    and ``y``, or "box" with finite ``x0``, ``x1``, ``y0``, ``y1`` spanning a
    positive area (corners in either order; returned sorted).  Optional:
    ``label`` (a class index, below ``n_classes`` when given), ``radius``
    (> 0; erase only) and ``id`` (text or integer, at most 64 characters).
    A field present but unusable makes the whole event malformed.

    >>> parse_canvas_event({"type": "box", "x0": 2, "x1": 1, "y0": 0, "y1": 1, "id": "a"})
    {'type': 'box', 'x0': 1.0, 'x1': 2.0, 'y0': 0.0, 'y1': 1.0, 'id': 'a'}
    >>> parse_canvas_event({"type": "add", "x": float("nan"), "y": 0.0}) is None
    True
    """
    if not isinstance(event, dict) or event.get("type") not in ("add", "box", "erase"):
        return None
    clean = {"type": event["type"]}
    names = ("x0", "x1", "y0", "y1") if event["type"] == "box" else ("x", "y")
    for name in names:
        clean[name] = _real(event.get(name))
        if clean[name] is None:
            return None
    if event["type"] == "box":
        clean["x0"], clean["x1"] = sorted((clean["x0"], clean["x1"]))
        clean["y0"], clean["y1"] = sorted((clean["y0"], clean["y1"]))
        if not (clean["x0"] < clean["x1"] and clean["y0"] < clean["y1"]):
            return None
    if "label" in event:
        label = event["label"]
        if isinstance(label, (bool, np.bool_)) or not isinstance(label, numbers.Integral) or label < 0 \
                or (n_classes is not None and label >= n_classes):
            return None
        clean["label"] = int(label)
    if event["type"] == "erase" and "radius" in event:
        radius = _real(event["radius"])
        if radius is None or radius <= 0:
            return None
        clean["radius"] = radius
    if "id" in event:
        clean["id"] = event_id(event)
        if clean["id"] is None:
            return None
    return clean


def is_new_event(event, handled_ids=()) -> bool:
    """True unless the event's id is among ``handled_ids`` (events without an id are always new).

    >>> is_new_event({"type": "add", "id": "a"}, ("a",)), is_new_event({"type": "add", "id": "b"}, ("a",))
    (False, True)
    """
    identifier = event_id(event)
    return identifier is None or identifier not in {str(i) for i in handled_ids}


def remember_event(handled_ids, event, limit: int = HANDLED_IDS_KEPT) -> tuple:
    """``handled_ids`` with the event's id appended (the newest ``limit`` kept).

    >>> remember_event(("a", "b"), {"id": "c"}, limit=2)
    ('b', 'c')
    >>> remember_event(("a",), {"type": "add"})
    ('a',)
    """
    identifier = event_id(event)
    ids = tuple(str(i) for i in handled_ids)
    if identifier is None or identifier in ids:
        return ids
    return (ids + (identifier,))[-int(limit):]


def apply_canvas_event(points: PointSet, event, *, spray_n: int = 20, seed=0, weight: float = 1.0,
                       label: int | None = None, handled_ids=()) -> PointSet:
    """The point set after one canvas event (the same object when nothing changes).

    * ``add``: one point of class ``label`` at exactly (x, y);
    * ``box``: ``spray_n`` points of class ``label``, uniform in the box
      (:func:`datasets.generators.spray` with ``seed``);
    * ``erase``: the point nearest to (x, y) is removed if it lies within the
      event's ``radius`` (``DEFAULT_ERASE_RADIUS`` if it has none).

    New points get importance weight ``weight``.  The class is ``label`` when
    given, else the event's own ``label`` (the class active in the canvas).
    Returned unchanged (the very same object): malformed events (see
    :func:`parse_canvas_event`), events whose id is in ``handled_ids`` (a
    replay), events without any class, and erasing where no point is near.
    A well-formed event the point set refuses (e.g. more than
    ``MAX_POINTS`` points) raises its ValueError, for the page to show.

    Examples
    --------
    >>> points = PointSet.empty()
    >>> added = apply_canvas_event(points, {"type": "add", "x": 0.25, "y": -1.5, "label": 1, "id": "e1"})
    >>> added.X.tolist(), added.labels.tolist()
    ([[0.25, -1.5]], [1])
    >>> apply_canvas_event(added, {"type": "add", "x": 0.0, "y": 0.0, "label": 1, "id": "e1"},
    ...                    handled_ids=("e1",)) is added
    True
    >>> len(apply_canvas_event(added, {"type": "box", "x0": 0, "x1": 1, "y0": 0, "y1": 1}, spray_n=5, label=0))
    6
    >>> apply_canvas_event(added, {"type": "erase", "x": 0.3, "y": -1.5, "radius": 0.1}).X.shape
    (0, 2)
    """
    if not isinstance(points, PointSet):
        raise ValueError(f"apply_canvas_event edits a PointSet; got {type(points).__name__}.")
    clean = parse_canvas_event(event, len(points.class_names))
    if clean is None or not is_new_event(clean, handled_ids):
        return points
    if clean["type"] == "erase":
        return points.erase_near([clean["x"], clean["y"]], clean.get("radius", DEFAULT_ERASE_RADIUS))
    label = clean.get("label") if label is None else label
    if label is None:
        return points
    if clean["type"] == "add":
        return points.add_points([[clean["x"], clean["y"]]], label, weight)
    box = (clean["x0"], clean["x1"], clean["y0"], clean["y1"])
    return points.add_points(spray(box, spray_n, seed), label, weight)


# ------------------------------------------------------------------ the mount
def _ignore() -> None:
    """The component needs an ``on_event_change`` callback to report the "event" trigger."""


def canvas(points: PointSet, *, view=None, active_class: int = 0, mode: str = "click", key: str = "canvas",
           max_plot_height: int = 420):
    """Mount the canvas; return this rerun's new, well-formed event (a clean dict) or None.

    Parameters
    ----------
    points : PointSet
        What to draw: its points, classes (names), importance weights.
    view : (x0, x1, y0, y1), optional
        The data range to show (:func:`canvas_view` of the points if None).
        A data unit spans as many pixels on both axes, so one axis shows a
        little more than asked, centred; the drawing follows the width of
        its column (and any resize).
    active_class : int
        Class index of new points (shown in bold in the legend).
    mode : {"click", "box", "erase"}
        What a gesture does: add a point, spray a box, erase the nearest point.
    key : str
        Streamlit key (the element gets the CSS class ``st-key-<key>``).
    max_plot_height : int
        Largest height of the plot area in pixels.

    Returns
    -------
    dict or None
        The event (see the module docstring), at most once per id.  Apply it
        with :func:`apply_canvas_event` and call ``st.rerun()`` so the new
        points are drawn and the browser learns the event was handled.
    """
    view = canvas_view(points) if view is None else view
    state_key = _STATE_PREFIX + str(key)
    handled = tuple(st.session_state.get(state_key, ()))
    result = _COMPONENT(data=canvas_data(points, view, active_class, mode, handled_ids=handled,
                                         max_plot_height=max_plot_height),
                        key=key, on_event_change=_ignore)
    raw = getattr(result, "event", None)
    if raw is None or not is_new_event(raw, handled):
        return None
    st.session_state[state_key] = remember_event(handled, raw)
    return parse_canvas_event(raw, len(points.class_names))
