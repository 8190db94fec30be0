"""The drawing canvas of the Data page: a Streamlit custom component (v2, inline HTML/CSS/JS, SVG).

``st.plotly_chart`` reports no click on empty space, so the canvas draws the
points itself in SVG over a known view box and turns a mouse position into
exact data coordinates: with ``s`` pixels per data unit on both axes (equal
aspect) and the plot's top-left corner at pixel (L, T),

    x = x₀ + (u − L) / s,    y = y₁ − (v − T) / s,

where (u, v) is the pointer's position inside the SVG (from its bounding
rectangle).  Tools (``mode``): *click* adds, *spray* sprays a cloud, *select*
selects, *erase* erases; *spray* and *select* drag a ``shape``, a box or a
free-form lasso.  Each gesture comes back as one trigger value (one rerun):

* ``{"type": "add", "x", "y", "label", "id"}`` — a click in *click* mode;
* ``{"type": "box", "x0", "x1", "y0", "y1", "label", "id"}`` — a box drag in *spray* mode;
* ``{"type": "lasso", "xs", "ys", "label", "id"}`` — a lasso drag in *spray* mode: the loop's
  corners in data units (at most ``MAX_PATH_VERTICES``; the browser thins a longer path);
* ``{"type": "select", "xs", "ys", "extend", "id"}`` — a box (its 4 corners) or lasso drag in
  *select* mode; ``extend`` (shift held) adds to the current selection;
* ``{"type": "pick", "x", "y", "radius", "extend", "id"}`` — a click in *select* mode;
* ``{"type": "erase", "x", "y", "radius", "id"}`` — a click in *erase* mode
  (``radius``: 12 pixels in data units);
* ``{"type": "class", "label", "id"}`` — the class to draw was chosen in the
  canvas (a tap on its legend chip, or a number key): with ``class_key`` the
  page's class widget takes it before it is drawn (:func:`canvas`), so the
  widget, the legend and the drawing name one class, whichever chose it.

The same gestures work by keys once the canvas has the focus (WCAG 2.1.1):
arrows move a crosshair, Enter adds, Space picks, Delete erases, B marks and
closes a box, L adds lasso corners and Enter closes the loop, Escape cancels a
shape; a closed shape is a ``select`` event (``box`` or ``lasso`` with the
spray tool), as if dragged (the keys are listed in ``canvas.js``).

``label`` is the class that was active in the canvas, ``id`` is unique per
gesture.  The browser sends one gesture at a time and waits until the ``id``
comes back in ``handled`` (or 1.5 s pass), so quick clicks are queued, not
lost; :func:`canvas` hands each ``id`` to the page at most once.  What an event
does to the data is the pure function :func:`apply_canvas_event`, what it does
to the selection is :func:`selection_after_event`; both are tested without a
browser (AppTest cannot fire a component's JavaScript events).
"""

from __future__ import annotations

import numbers
from functools import partial
from pathlib import Path

import numpy as np
import streamlit as st

from datasets.generators import sample_in_polygon, spray
from datasets.pointset import MAX_VALUE, PointSet, check_polygon
from viz import palette
from viz.boundary import marker_sizes
from viz.geometry import DEFAULT_BOX, view_box

HERE = Path(__file__).parent
MODES = ("click", "spray", "select", "erase")
SHAPES = ("box", "lasso")            # what a drag draws in spray and select mode
EVENT_TYPES = ("add", "box", "lasso", "select", "pick", "erase", "class")
PATH_TYPES = ("lasso", "select")     # events carrying a drawn loop (xs, ys)
MAX_PATH_VERTICES = 500              # corners of a lasso event (the browser thins longer paths)
DEFAULT_VIEW = DEFAULT_BOX
DEFAULT_ERASE_RADIUS = 0.25      # data units, when an erase event carries no radius
MAX_EVENT_ID_LENGTH = 64
HANDLED_IDS_KEPT = 64            # ids remembered per canvas (replays of older ones are not possible)
HANDLED_IDS_SENT = 8             # ids echoed to the browser as acknowledgements
_STATE_PREFIX = "_canvas_handled_ids::"
MIN_PLOT_HEIGHT, MAX_PLOT_HEIGHT = 220, 2000   # pixels (the browser never draws a plot lower than 220)
#: a view box may reach this far: twice the largest coordinate, so points at ±MAX_VALUE are drawn with a margin
VIEW_LIMIT = 2 * MAX_VALUE
MAX_EVENT_DEPTH = 2              # an event is a dict of numbers, texts and flat lists of numbers
MAX_EVENT_ITEMS = 2 * MAX_PATH_VERTICES + 64     # values in an event, all levels (a lasso: xs and ys)

#: the canvas's script: the player's number formatter (components/player/numbers.js), then canvas.js
SCRIPT = "\n".join((HERE / name).read_text(encoding="utf-8") for name in ("player/numbers.js", "canvas.js"))
_COMPONENT = st.components.v2.component(
    "mistake_bound_lab_canvas", html='<div class="mbl-canvas"></div>',
    css=(HERE / "canvas.css").read_text(encoding="utf-8"), js=SCRIPT)


# ------------------------------------------------------------------ inputs
def check_view(view) -> tuple:
    """``view`` as four finite floats (x0, x1, y0, y1) within ±``VIEW_LIMIT`` with x0 < x1 and y0 < y1.

    ``VIEW_LIMIT`` is twice the largest coordinate a point may have, so a view of any
    point set has room for a margin around its outermost points.

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
    if len(box) != 4 or not all(np.isfinite(box)) or max(abs(value) for value in box) > VIEW_LIMIT:
        raise ValueError(f"The view box must be four finite numbers (x0, x1, y0, y1) within ±{VIEW_LIMIT:g}; "
                         f"got {view!r:.60}.")
    if not (box[0] < box[1] and box[2] < box[3]):
        raise ValueError(f"The view box (x0, x1, y0, y1) needs x0 < x1 and y0 < y1; got {box}.")
    return box


def canvas_view(points: PointSet) -> tuple:
    """The default view (x0, x1, y0, y1), enlarged to hold every point with a margin.

    It stays put while the user draws inside it, so a click never moves the axes.
    It never reaches beyond ±``VIEW_LIMIT`` (twice the largest coordinate), so
    :func:`check_view` accepts the view of every valid point set; near that
    limit the margin is what is left up to it (at least ``MAX_VALUE``).

    >>> canvas_view(PointSet.empty())
    (-5.0, 5.0, -4.0, 4.0)
    >>> canvas_view(PointSet.from_arrays([[9.0, 0.0], [10.0, 1.0]], [0, 1]))[1] > 10
    True
    """
    if len(points) == 0:
        return DEFAULT_VIEW
    x0, x1, y0, y1 = view_box(points.X, 0.1)
    box = (min(x0, DEFAULT_VIEW[0]), max(x1, DEFAULT_VIEW[1]), min(y0, DEFAULT_VIEW[2]), max(y1, DEFAULT_VIEW[3]))
    return tuple(float(np.clip(value, -VIEW_LIMIT, VIEW_LIMIT)) for value in box)


def canvas_data(points: PointSet, view, active_class: int = 0, mode: str = "click", *, shape: str = "box",
                selected=(), handled_ids=(), max_plot_height: int = 420) -> dict:
    """What the browser draws: plain JSON (names are set as SVG text, never parsed as HTML).

    ``points`` rows are (x, y, class index, weight); ``sizes`` are the marker
    diameters in pixels (:func:`viz.boundary.marker_sizes`: area grows with
    the weight); colours and shapes come from :mod:`viz.palette`;
    ``selected`` are the indices of the selected points (drawn with a ring).

    >>> data = canvas_data(PointSet.from_arrays([[0.5, -1.0]], [1], weights=[2.0]), (-1, 1, -2, 2), 1, "spray",
    ...                    shape="lasso", selected=[0])
    >>> data["points"], data["sizes"], data["active"], data["mode"], data["shape"], data["selected"], data["view"]
    ([[0.5, -1.0, 1, 2.0]], [10.0], 1, 'spray', 'lasso', [0], [-1.0, 1.0, -2.0, 2.0])
    """
    view = check_view(view)
    n_classes = len(points.class_names)
    if isinstance(active_class, (bool, np.bool_)) or not isinstance(active_class, numbers.Integral) \
            or not 0 <= int(active_class) < n_classes:
        raise ValueError(f"active_class must be a class index 0..{n_classes - 1}; got {active_class!r:.40}.")
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES} (add, spray, select, erase); got {mode!r:.40}.")
    if shape not in SHAPES:
        raise ValueError(f"shape must be one of {SHAPES} (what a drag draws); got {shape!r:.40}.")
    if isinstance(max_plot_height, (bool, np.bool_)) or not isinstance(max_plot_height, numbers.Integral) \
            or not MIN_PLOT_HEIGHT <= max_plot_height <= MAX_PLOT_HEIGHT:
        raise ValueError(f"max_plot_height must be a whole number of pixels from {MIN_PLOT_HEIGHT} to "
                         f"{MAX_PLOT_HEIGHT}; got {max_plot_height!r:.40}.")
    sizes = marker_sizes(points.weights) if len(points) else np.zeros(0)
    rows = zip(points.X.tolist(), points.labels.tolist(), points.weights.tolist())
    return {"view": list(view), "names": list(points.class_names), "active": int(active_class), "mode": mode,
            "shape": shape, "colors": [palette.color(j) for j in range(n_classes)],
            "symbols": [palette.symbol(j) for j in range(n_classes)],
            "points": [[x, y, int(label), weight] for (x, y), label, weight in rows],
            "sizes": [float(size) for size in sizes],
            "selected": points.indices_of(selected).tolist(),
            "handled": [str(i) for i in list(handled_ids)[-HANDLED_IDS_SENT:]],
            "maxPlotHeight": int(max_plot_height)}


# ------------------------------------------------------------------ events
def _real(value) -> float | None:
    """A finite real number within ±MAX_VALUE as a float, else None (bools and text are not numbers)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        return None
    try:
        value = float(value)
    except OverflowError:            # an integer with hundreds of digits
        return None
    return value if np.isfinite(value) and abs(value) <= MAX_VALUE else None


def _small(event) -> bool:
    """True when no dict or list in ``event`` lies ``MAX_EVENT_DEPTH`` levels below the top and it holds at
    most ``MAX_EVENT_ITEMS`` values: checked without recursion, before anything prints or copies it.

    >>> _small({"type": "lasso", "xs": [0, 1, 0]}), _small({"type": "add", "x": [[0]]})
    (True, False)
    """
    pending, seen = [(event, 0)], 0
    while pending:
        value, depth = pending.pop()
        seen += 1
        if seen > MAX_EVENT_ITEMS:
            return False
        if isinstance(value, (dict, list, tuple)):
            if depth >= MAX_EVENT_DEPTH or seen + len(pending) + len(value) > MAX_EVENT_ITEMS:
                return False           # counted before its items are touched: a million-item list costs nothing
            pending.extend((item, depth + 1) for item in (value.values() if isinstance(value, dict) else value))
    return True


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


def _path(event, name: str) -> list:
    """The event's list ``name`` (xs or ys) as floats, or ValueError."""
    values = event.get(name)
    if not isinstance(values, (list, tuple, np.ndarray)):
        raise ValueError(f"A {event['type']} event needs {name} as a list of numbers; got {values!r:.40}.")
    if not 1 <= len(values) <= MAX_PATH_VERTICES:
        raise ValueError(f"A {event['type']} event has 1 to {MAX_PATH_VERTICES} corners; got {len(values)}.")
    clean = [_real(value) for value in values]
    if any(value is None for value in clean):
        raise ValueError(f"A {event['type']} event's {name} must be finite numbers within ±{MAX_VALUE:g}.")
    return clean


def check_canvas_event(event, n_classes: int | None = None) -> dict:
    """The canvas event as a clean dict, or ValueError saying what is wrong with it.

    Well formed: a dict whose ``type`` is one of ``EVENT_TYPES`` with its
    fields (see the module docstring): finite numbers within ±``MAX_VALUE``;
    "box" corners spanning a positive area (either order; returned sorted);
    "lasso" and "select" lists ``xs`` and ``ys`` of equal length, 1 to
    ``MAX_PATH_VERTICES`` corners (whether they enclose an area is checked
    when the event is applied).  Optional: ``label`` (a class index, below
    ``n_classes`` when given), ``radius`` (> 0; erase and pick), ``extend``
    (true or false; select and pick) and ``id`` (text or integer, at most 64
    characters).  A field present but unusable makes the whole event malformed.

    >>> check_canvas_event({"type": "lasso", "xs": [0, 1, 0], "ys": [0, 0, 1], "label": 1})
    {'type': 'lasso', 'xs': [0.0, 1.0, 0.0], 'ys': [0.0, 0.0, 1.0], 'label': 1}
    >>> check_canvas_event({"type": "select", "xs": [0, 1, 0], "ys": [0, 0]})
    Traceback (most recent call last):
    ...
    ValueError: A select event needs as many xs as ys (a corner is a pair); got 3 and 2.
    """
    if isinstance(event, (list, tuple, set, np.ndarray)):     # (not printed: it may be nested thousands deep)
        raise ValueError(f"A canvas event is a dict whose type is one of {EVENT_TYPES}; got a {type(event).__name__}.")
    if isinstance(event, dict) and not _small(event):
        raise ValueError("A canvas event is a small dict of numbers, texts and flat lists of numbers; this one is "
                         f"nested deeper or holds more than {MAX_EVENT_ITEMS:,} values.")
    if not isinstance(event, dict) or event.get("type") not in EVENT_TYPES:
        raise ValueError(f"A canvas event is a dict whose type is one of {EVENT_TYPES}; got {event!r:.60}.")
    kind = event["type"]
    clean = {"type": kind}
    if kind in PATH_TYPES:
        clean["xs"], clean["ys"] = _path(event, "xs"), _path(event, "ys")
        if len(clean["xs"]) != len(clean["ys"]):
            raise ValueError(f"A {kind} event needs as many xs as ys (a corner is a pair); "
                             f"got {len(clean['xs'])} and {len(clean['ys'])}.")
    elif kind == "class":
        if "label" not in event:
            raise ValueError(f"A class event needs a label (the class index chosen); got {event!r:.60}.")
    else:
        for name in ("x0", "x1", "y0", "y1") if kind == "box" else ("x", "y"):
            clean[name] = _real(event.get(name))
            if clean[name] is None:
                raise ValueError(f"{'An' if kind[0] in 'ae' else 'A'} {kind} event needs {name} as a finite number "
                                 f"within ±{MAX_VALUE:g} (the range of coordinates); "
                                 f"got {event.get(name)!r:.40}.")
    if kind == "box":
        clean["x0"], clean["x1"] = sorted((clean["x0"], clean["x1"]))
        clean["y0"], clean["y1"] = sorted((clean["y0"], clean["y1"]))
        if not (clean["x0"] < clean["x1"] and clean["y0"] < clean["y1"]):
            raise ValueError("A box event's corners must span a positive width and height.")
    if "label" in event:
        label = event["label"]
        if isinstance(label, (bool, np.bool_)) or not isinstance(label, numbers.Integral) or label < 0 \
                or (n_classes is not None and label >= n_classes):
            below = "" if n_classes is None else f" below {n_classes}"
            raise ValueError(f"An event's label must be a class index (a whole number ≥ 0{below}); got {label!r:.40}.")
        clean["label"] = int(label)
    if kind in ("erase", "pick") and "radius" in event:
        radius = _real(event["radius"])
        if radius is None or radius <= 0:
            raise ValueError(f"An event's radius must be a positive finite number; got {event['radius']!r:.40}.")
        clean["radius"] = radius
    if kind in ("select", "pick") and "extend" in event:
        if not isinstance(event["extend"], (bool, np.bool_)):
            raise ValueError(f"An event's extend must be true or false; got {event['extend']!r:.40}.")
        clean["extend"] = bool(event["extend"])
    if "id" in event:
        clean["id"] = event_id(event)
        if clean["id"] is None:
            raise ValueError(f"An event's id must be text or a whole number of 1 to {MAX_EVENT_ID_LENGTH} "
                             f"characters; got {event['id']!r:.40}.")
    return clean


def parse_canvas_event(event, n_classes: int | None = None):
    """A well-formed canvas event as a clean dict (see :func:`check_canvas_event`), or None.

    >>> parse_canvas_event({"type": "box", "x0": 2, "x1": 1, "y0": 0, "y1": 1, "id": "a"})
    {'type': 'box', 'x0': 1.0, 'x1': 2.0, 'y0': 0.0, 'y1': 1.0, 'id': 'a'}
    >>> parse_canvas_event({"type": "add", "x": float("nan"), "y": 0.0}) is None
    True
    """
    try:
        return check_canvas_event(event, n_classes)
    except ValueError:
        return None


def event_polygon(clean: dict) -> np.ndarray:
    """The closed polygon of a clean lasso or select event, shape (m, 2); ValueError if it encloses no area.

    >>> event_polygon({"type": "select", "xs": [0.0, 2.0, 2.0], "ys": [0.0, 0.0, 1.0]}).tolist()
    [[0.0, 0.0], [2.0, 0.0], [2.0, 1.0]]
    """
    what = "The lasso" if clean["type"] == "lasso" else "The selection shape"
    return check_polygon(np.c_[clean["xs"], clean["ys"]], what)


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
    * ``lasso``: ``spray_n`` points of class ``label``, uniform inside the
      drawn loop (:func:`datasets.generators.sample_in_polygon` with ``seed``);
    * ``erase``: the point nearest to (x, y) is removed if it lies within the
      event's ``radius`` (``DEFAULT_ERASE_RADIUS`` if it has none);
    * ``select`` and ``pick`` change no point (see :func:`selection_after_event`), nor does ``class``.

    New points get importance weight ``weight``.  The class is ``label`` when
    given, else the event's own ``label`` (the class active in the canvas).
    Returned unchanged (the very same object): malformed add/box/erase/pick
    events (see :func:`parse_canvas_event`), events whose id is in
    ``handled_ids`` (a replay), events without any class, and erasing where no
    point is near.  A lasso or select event whose loop is unusable (not
    finite, too many corners, xs and ys of different lengths, fewer than 3
    distinct corners or all on one line) raises ValueError with the reason, as
    does a well-formed event the point set refuses (e.g. more than
    ``MAX_POINTS`` points): the page shows the message; ``points`` is unchanged.

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
    >>> len(apply_canvas_event(added, {"type": "lasso", "xs": [0, 1, 0], "ys": [0, 0, 1], "label": 0}, spray_n=7))
    8
    >>> apply_canvas_event(added, {"type": "lasso", "xs": [0, 1, 2], "ys": [0, 1, 2], "label": 0})
    Traceback (most recent call last):
    ...
    ValueError: The lasso encloses no area: its corners lie on one line; draw a loop around a region.
    >>> apply_canvas_event(added, {"type": "erase", "x": 0.3, "y": -1.5, "radius": 0.1}).X.shape
    (0, 2)
    """
    if not isinstance(points, PointSet):
        raise ValueError(f"apply_canvas_event edits a PointSet; got {type(points).__name__}.")
    if isinstance(event, dict) and event.get("type") in PATH_TYPES:
        clean = check_canvas_event(event, len(points.class_names))    # a bad loop says why
        polygon = event_polygon(clean)
    else:
        clean = parse_canvas_event(event, len(points.class_names))
    if clean is None or not is_new_event(clean, handled_ids) or clean["type"] in ("select", "pick", "class"):
        return points
    if clean["type"] == "erase":
        return points.erase_near([clean["x"], clean["y"]], clean.get("radius", DEFAULT_ERASE_RADIUS))
    label = clean.get("label") if label is None else label
    if label is None:
        return points
    if clean["type"] == "add":
        return points.add_points([[clean["x"], clean["y"]]], label, weight)
    if clean["type"] == "lasso":
        return points.add_points(sample_in_polygon(polygon, spray_n, seed), label, weight)
    box = (clean["x0"], clean["x1"], clean["y0"], clean["y1"])
    return points.add_points(spray(box, spray_n, seed), label, weight)


def selection_after_event(points: PointSet, event, selection=()) -> tuple:
    """The selection (sorted point indices) after a select or pick event, starting from ``selection``.

    * ``select``: the points inside or on the drawn box or lasso
      (:meth:`PointSet.indices_inside`: even–odd ray casting, edges count as
      inside); with ``extend`` they are added to ``selection``;
    * ``pick``: the point nearest to (x, y) within the event's ``radius``
      (``DEFAULT_ERASE_RADIUS`` if none) — or nothing, when no point is that
      near; with ``extend`` that point is toggled in ``selection``.

    A select event with an unusable loop raises ValueError (as in
    :func:`apply_canvas_event`); a malformed pick event leaves the selection as
    it was; other event types raise ValueError.

    >>> points = PointSet.from_arrays([[0.0, 0.0], [1.0, 1.0], [5.0, 5.0]], [0, 1, 1])
    >>> selection_after_event(points, {"type": "select", "xs": [-1, 2, 2, -1], "ys": [-1, -1, 2, 2]})
    (0, 1)
    >>> selection_after_event(points, {"type": "pick", "x": 5.1, "y": 5.0, "radius": 0.5, "extend": True}, (0, 1))
    (0, 1, 2)
    >>> selection_after_event(points, {"type": "pick", "x": 3.0, "y": 3.0, "radius": 0.5}, (0, 1))
    ()
    """
    if not isinstance(points, PointSet):
        raise ValueError(f"selection_after_event selects in a PointSet; got {type(points).__name__}.")
    current = points.indices_of(selection)
    kind = event.get("type") if isinstance(event, dict) else None
    if kind == "select":
        clean = check_canvas_event(event, len(points.class_names))
        chosen = points.indices_inside(event_polygon(clean))
        if clean.get("extend"):
            chosen = np.union1d(current, chosen)
    elif kind == "pick":
        clean = parse_canvas_event(event, len(points.class_names))
        if clean is None:
            return tuple(int(i) for i in current)
        index = points.nearest([clean["x"], clean["y"]], clean.get("radius", DEFAULT_ERASE_RADIUS))
        picked = np.array([] if index is None else [index], dtype=np.int64)
        chosen = np.setxor1d(current, picked) if clean.get("extend") else picked
    else:
        raise ValueError(f"selection_after_event handles select and pick events; got {kind!r:.40}.")
    return tuple(int(i) for i in chosen)


# ------------------------------------------------------------------ the mount
class RefusedEvent(ValueError):
    """A new event from the browser that :func:`canvas` refused (``strict=True``); the message says why."""


def _take_class(key: str, class_key: str | None, n_classes: int) -> None:
    """The component's ``on_event_change`` callback (it runs before the page's widgets are drawn): a new class
    event sets the page's class widget ``class_key`` to the class chosen in the canvas.  Other events are the
    page's (:func:`canvas` returns them)."""
    if class_key is None:
        return
    raw = (st.session_state.get(key) or {}).get("event")
    if not isinstance(raw, dict) or raw.get("type") != "class" \
            or not is_new_event(raw, st.session_state.get(_STATE_PREFIX + str(key), ())):
        return
    clean = parse_canvas_event(raw, n_classes)
    if clean is not None:
        st.session_state[class_key] = clean["label"]


def canvas(points: PointSet, *, view=None, active_class: int = 0, mode: str = "click", shape: str = "box",
           selected=(), key: str = "canvas", max_plot_height: int = 420, strict: bool = False,
           class_key: str | None = None):
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
    class_key : str, optional
        The session-state key of the page's widget that chooses ``active_class``: a class chosen in the canvas
        (its legend, its number keys) is set there before the widget is drawn, so both always agree.  Without
        it, a class chosen in the canvas holds until the page's next run only.
    mode : {"click", "spray", "select", "erase"}
        What a gesture does: add a point, spray a cloud, select points, erase the nearest point.
    shape : {"box", "lasso"}
        What a drag draws in spray and select mode.
    selected : indices
        The selected points (drawn with a ring).
    key : str
        Streamlit key (the element gets the CSS class ``st-key-<key>``).
    max_plot_height : int
        Largest height of the plot area in pixels.
    strict : bool
        What to do with a new event that is not well formed (e.g. a click
        beyond ±``MAX_VALUE`` in the margin of a view near that limit, or a
        forged message): ``False`` returns None, ``True`` raises
        :class:`RefusedEvent` saying why (after the canvas is drawn).

    Returns
    -------
    dict or None
        The event (see the module docstring), at most once per id.  Apply it
        with :func:`apply_canvas_event` (or :func:`selection_after_event`) and
        call ``st.rerun()`` so the change is drawn and the browser learns the
        event was handled.

    Raises
    ------
    ValueError
        When the arguments cannot be drawn (see :func:`canvas_data`); nothing is mounted.
    RefusedEvent
        With ``strict``, for a new event that is not well formed.
    """
    view = canvas_view(points) if view is None else view
    state_key = _STATE_PREFIX + str(key)
    handled = tuple(st.session_state.get(state_key, ()))
    result = _COMPONENT(data=canvas_data(points, view, active_class, mode, shape=shape, selected=selected,
                                         handled_ids=handled, max_plot_height=max_plot_height),
                        key=key, on_event_change=partial(_take_class, key, class_key, len(points.class_names)))
    raw = getattr(result, "event", None)
    if raw is None or not is_new_event(raw, handled):
        return None
    st.session_state[state_key] = remember_event(handled, raw)
    if not strict:
        return parse_canvas_event(raw, len(points.class_names))
    try:
        return check_canvas_event(raw, len(points.class_names))
    except ValueError as error:
        raise RefusedEvent(str(error)) from None
