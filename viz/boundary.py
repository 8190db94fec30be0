"""Traces and layout of the boundary figure the player shows (:mod:`viz.timeline`, :mod:`lab.timeline`):
points by class (colour and shape, area by weight), the current point, the weight vector as an arrow,
support lines, and the equal-aspect layout showing exactly the view box.

Every trace is an SVG ``go.Scatter`` (never ``Scattergl``: WebGL traces do not animate) and no NaN or
infinity ever reaches the figure.

Speed: the player rebuilds figures often, so traces are made with :func:`scatter` (no per-property
validation by plotly.py — tests/test_viz.py validates every builder's output against Plotly's schema
instead) and the points' coordinates, sizes and hover data are NumPy arrays, which Plotly sends to the
browser as compact binary (base64) arrays rather than long decimal lists.

Examples
--------
>>> import numpy as np
>>> X = np.array([[1.0, 1.0], [-1.0, -1.0]]); labels = np.array([1, 0])
>>> [trace.name for trace in point_traces(X, labels, ("A", "B"))]
['A', 'B']
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette
from .geometry import check_box, check_points, closest_point_to_origin, line_segment_in_box

MARKER_MIN, MARKER_BASE, MARKER_MAX = 6.0, 10.0, 24.0
CURRENT_SIZE = 26
ARROW_FRACTION = 0.2              # the arrow is this fraction of the box's shorter side
DEFAULT_COMPARATOR_NAME = "hindsight max-margin separator"


# ---------------------------------------------------------------- inputs
#: an invisible character put between ``%`` and ``{``: Plotly reads ``%{…}`` in names, hovers and texts as a
#: template variable (replaced by its value, or by nothing), and has no escape for it
TEMPLATE_BREAK = "\u2060"


def plain(text) -> str:
    """User text made inert for Plotly, which renders a few HTML tags in names and hovers and fills
    ``%{…}`` templates: tags are escaped, and a word joiner (invisible) splits every ``%{``.

    >>> plain("<b>A&B</b>")
    '&lt;b&gt;A&amp;B&lt;/b&gt;'
    >>> plain("%{x}%{y}") == "%\u2060{x}%\u2060{y}"
    True
    """
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("%{", "%" + TEMPLATE_BREAK + "{"))


def check_labels(labels, n_points: int, n_classes: int) -> np.ndarray:
    """Class indices 0..n_classes−1, one per point."""
    labels = np.asarray(labels).reshape(-1)
    if labels.shape[0] != n_points:
        raise ValueError(f"labels must give one class per point: {n_points} points, {labels.shape[0]} labels.")
    if n_points == 0:
        return labels.astype(int)
    if not np.issubdtype(labels.dtype, np.integer):
        values = np.asarray(labels, dtype=float)
        if not np.all(np.isfinite(values)) or np.any(values % 1):
            raise ValueError("labels must be class indices (whole numbers 0, 1, ...).")
        labels = values.astype(int)
    if labels.min() < 0 or labels.max() >= n_classes:
        raise ValueError(f"labels must index class_names (0..{n_classes - 1}); "
                         f"got values from {labels.min()} to {labels.max()}.")
    return labels.astype(int)


def check_weights(weights, n_points: int) -> np.ndarray:
    """Importance weights c ≥ 0, one per point (all 1 when None)."""
    if weights is None:
        return np.ones(n_points)
    try:
        weights = np.asarray(weights, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError("weights must be numbers, one per point.") from None
    if weights.shape[0] != n_points:
        raise ValueError(f"weights must give one number per point: {n_points} points, {weights.shape[0]} weights.")
    if not np.all(np.isfinite(weights)) or np.any(weights < 0):
        raise ValueError("weights must be finite and ≥ 0.")
    return weights


def _class_names(class_names) -> list:
    names = [str(name) for name in class_names]
    if not names:
        raise ValueError("class_names must name at least one class.")
    return names


def marker_sizes(weights) -> np.ndarray:
    """Marker diameters (px) that grow with the importance weight.

    diameter = 10·√(c / c̃), c̃ the median of the positive weights, clamped
    to [6, 24] px: a point's *area* is proportional to its weight relative
    to a typical point, so equal weights (any value) all get 10 px, and a
    weight of 0 gets the minimum 6 px.

    >>> marker_sizes([1.0, 1.0, 1.0, 4.0, 0.0, 100.0]).tolist()
    [10.0, 10.0, 10.0, 20.0, 6.0, 24.0]
    >>> marker_sizes([3.0, 3.0]).tolist()
    [10.0, 10.0]
    """
    weights = check_weights(weights, int(np.size(weights)))
    if weights.size == 0:
        return weights
    positive = weights[weights > 0]
    typical = float(np.median(positive)) if positive.size else 1.0
    return np.clip(MARKER_BASE * np.sqrt(weights / typical), MARKER_MIN, MARKER_MAX)


def line_spec(spec, default_name: str = DEFAULT_COMPARATOR_NAME) -> tuple:
    """(w, b, name) of a line given as a dict {w, b, name}, a (w, b[, name]) tuple,
    a vector (w₁, w₂) (b = 0) or (w₁, w₂, b), or an object with such a vector ``u``.

    >>> line_spec([1.0, 2.0, 3.0])
    (array([1., 2.]), 3.0, 'hindsight max-margin separator')
    >>> line_spec({"w": [0, 1], "name": "u"})
    (array([0., 1.]), 0.0, 'u')
    """
    name = default_name
    if isinstance(spec, dict):
        w, b, name = spec.get("w"), spec.get("b", 0.0), spec.get("name", default_name)
    elif isinstance(spec, tuple) and len(spec) in (2, 3) and np.ndim(spec[0]) == 1:
        w, b = spec[0], spec[1]
        name = spec[2] if len(spec) == 3 else default_name
    else:
        vector = getattr(spec, "u", spec)
        try:
            vector = np.asarray(vector, dtype=float).reshape(-1)
        except (TypeError, ValueError):
            raise ValueError(f"a line must be (w, b), a dict with w and b, or a vector; got {spec!r}.") from None
        if vector.shape[0] not in (2, 3):
            raise ValueError(f"a line vector must be (w₁, w₂) or (w₁, w₂, b); got {vector.shape[0]} numbers.")
        w, b = vector[:2], (vector[2] if vector.shape[0] == 3 else 0.0)
    try:
        w = np.asarray(w, dtype=float).reshape(-1)
        b = float(b)
    except (TypeError, ValueError):
        raise ValueError(f"a line needs numbers w (two) and b (one); got {spec!r}.") from None
    if w.shape != (2,) or not (np.all(np.isfinite(w)) and np.isfinite(b)):
        raise ValueError(f"a line needs a finite w of two numbers and a finite b; got {spec!r}.")
    return w, b, str(name)


# ---------------------------------------------------------------- traces
def scatter(**properties) -> go.Scatter:
    """``go.Scatter(**properties)`` without plotly.py's per-property validation.

    Validating a 1,000-point figure costs tens of milliseconds on every Step;
    the builders only pass properties they know, and ``tests/test_viz.py``
    checks their figures against Plotly's schema.
    """
    return go.Scatter(_validate=False, **properties)


def segments_xy(segments) -> tuple:
    """x and y lists of segments joined by None gaps (one trace draws them all).

    >>> segments_xy([np.array([[0, 0], [1, 1]]), np.array([[2, 2], [3, 3]])])
    ([0.0, 1.0, None, 2.0, 3.0], [0.0, 1.0, None, 2.0, 3.0])
    >>> segments_xy([])
    ([None], [None])
    """
    xs, ys = [], []
    for segment in segments:
        segment = np.asarray(segment, dtype=float)
        xs += segment[:, 0].tolist() + [None]
        ys += segment[:, 1].tolist() + [None]
    if not xs:
        return [None], [None]      # one gap: plotly.js lists a trace in the legend only if it has a point
    return xs[:-1], ys[:-1]


def support_line_traces(support_lines, class_names, box) -> list:
    """Dotted lines w_j·x + b_j = level in class j's colour; items are (j, w_j, b_j, level).

    For the apportioned-margin classifier (seed 002) the level is θ_j: the
    score a point of class j should reach.
    """
    names = _class_names(class_names)
    traces = []
    for item in support_lines or []:
        try:
            j, w, b, level = item
        except (TypeError, ValueError):
            raise ValueError(f"each support line must be (class index, w, b, level); got {item!r}.") from None
        j = int(j)
        if not 0 <= j < len(names):
            raise ValueError(f"support line class index must be in 0..{len(names) - 1}; got {j}.")
        segment = line_segment_in_box(w, b, box, level)
        xs, ys = segments_xy([segment] if segment is not None else [])
        traces.append(scatter(x=xs, y=ys, mode="lines", hoverinfo="skip",
                                 name=f"f = {float(level):.3g} for {plain(names[j])}",
                                 line=dict(color=palette.color(j), dash="dot", width=2)))
    return traces


#: ``meta`` of the point-cloud traces: the timeline player (components/timeline.js) draws them on a
#: layer of their own, which a Step that only moves the boundary does not redraw
POINTS_META = "points"


def point_traces(X, labels, class_names, weights=None) -> list:
    """One marker trace per class (its colour and symbol), sizes from the weights, hover with index and weight.

    Coordinates, sizes and hover data are NumPy arrays (sent as binary); equal
    sizes are given once, as a number, which the browser draws faster.
    """
    X = check_points(X)
    names = _class_names(class_names)
    labels = check_labels(labels, len(X), len(names))
    weights = check_weights(weights, len(X))
    sizes = marker_sizes(weights)
    uniform = sizes.size == 0 or bool(np.all(sizes == sizes[0]))
    traces = []
    for j, name in enumerate(names):
        mask = labels == j
        index = np.flatnonzero(mask)
        size = float(sizes[0]) if uniform and sizes.size else sizes[mask]
        traces.append(scatter(
            x=np.ascontiguousarray(X[mask, 0]), y=np.ascontiguousarray(X[mask, 1]), mode="markers",
            name=plain(name),
            marker=dict(color=palette.color(j), symbol=palette.symbol(j), size=size,
                        line=dict(color="white", width=0.8)),
            customdata=np.column_stack([index, weights[mask]]), meta=POINTS_META,
            hovertemplate="point %{customdata[0]}<br>(%{x:.3g}, %{y:.3g})<br>weight %{customdata[1]:.3g}"
                          "<extra>" + plain(name) + "</extra>"))
    return traces


def current_trace(X, index, *, always_in_legend: bool = False) -> go.Scatter:
    """A black ring around the point of the current trial (empty when ``index`` is None)."""
    X = check_points(X)
    if index is not None and not 0 <= int(index) < len(X):
        raise ValueError(f"current_index must be a row of X (0..{len(X) - 1}); got {index!r}.")
    xs, ys = ([float(X[int(index), 0])], [float(X[int(index), 1])]) if index is not None else ([None], [None])
    return scatter(x=xs, y=ys, mode="markers", name="current point",
                      marker=dict(symbol="circle-open", size=CURRENT_SIZE, color=palette.CURRENT_COLOR,
                                  line=dict(width=3)),
                      hoverinfo="skip", showlegend=always_in_legend or index is not None)


def _has_offset(spec) -> bool:
    """Whether a line spec (see :func:`line_spec`) gives b explicitly."""
    if isinstance(spec, dict):
        return "b" in spec
    if isinstance(spec, tuple) and len(spec) in (2, 3) and np.ndim(spec[0]) == 1:
        return True
    return int(np.size(getattr(spec, "u", spec))) == 3


def _inside(point, box) -> bool:
    x0, x1, y0, y1 = box
    return bool(x0 <= point[0] <= x1 and y0 <= point[1] <= y1)


def arrow_geometry(arrow, box) -> dict | None:
    """Where the weight vector's arrow goes: ``anchor``, ``tip``, ``label_at`` (points) and its
    ``hover`` text; None when there is no arrow (see :func:`arrow_annotations`)."""
    if arrow is None:
        return None
    box = check_box(box)
    w, b, _ = line_spec(arrow, "w")
    norm = float(np.hypot(w[0], w[1]))
    if norm == 0.0:
        return None
    direction = w / norm
    x0, x1, y0, y1 = box
    anchor = None
    has_intercept = _has_offset(arrow)
    if has_intercept:
        foot = closest_point_to_origin(w, b)
        if foot is not None and _inside(foot, box):
            anchor = foot
        else:
            segment = line_segment_in_box(w, b, box)
            anchor = segment.mean(axis=0) if segment is not None else None
    if anchor is None:
        anchor = np.zeros(2) if _inside((0.0, 0.0), box) else np.array([x0 / 2 + x1 / 2, y0 / 2 + y1 / 2])
    length = ARROW_FRACTION * min(x1 - x0, y1 - y0)
    for axis, (lo, hi) in enumerate(((x0, x1), (y0, y1))):
        d = direction[axis]
        if d > 0:
            length = min(length, (hi - anchor[axis]) / d)
        elif d < 0:
            length = min(length, (lo - anchor[axis]) / d)
    length = max(length, 0.0)
    hover = f"w = ({w[0]:.3g}, {w[1]:.3g}), ‖w‖ = {norm:.3g}" + (f", b = {b:.3g}" if has_intercept else "")
    return dict(anchor=anchor, tip=anchor + length * direction,
                label_at=anchor + (length + 0.04 * min(x1 - x0, y1 - y0)) * direction, hover=hover)


def arrow_trace_xy(arrow, box) -> tuple[list, list]:
    """The arrow as points — anchor, tip, a gap, the label's place — for :func:`arrow_trace` and for the
    timeline player, which draws the arrow from them; four gaps when there is no arrow."""
    where = arrow_geometry(arrow, box)
    if where is None:
        return [None] * 4, [None] * 4
    (ax, ay), (tx, ty), (lx, ly) = where["anchor"], where["tip"], where["label_at"]
    return [float(ax), float(tx), None, float(lx)], [float(ay), float(ty), None, float(ly)]


def arrow_trace(arrow, box) -> go.Scatter:
    """The weight vector's arrow as a trace: a line, an arrowhead marker turned along it
    (``angleref="previous"``) and the label w, at the places :func:`arrow_annotations` uses."""
    xs, ys = arrow_trace_xy(arrow, box)
    return scatter(x=xs, y=ys, mode="lines+markers+text", name="w", showlegend=False, hoverinfo="skip",
                   line=dict(color=palette.ARROW_COLOR, width=2.5),
                   marker=dict(symbol=["circle", "arrow", "circle", "circle"], size=[0, 14, 0, 0],
                               angleref="previous", color=palette.ARROW_COLOR),
                   text=["", "", "", "<b>w</b>"], textposition="middle center",
                   textfont=dict(size=15, color=palette.ARROW_COLOR))


# ---------------------------------------------------------------- layout
def axis_style(low: float, high: float, title: str) -> dict:
    """An axis showing exactly [low, high] (the title as ``{"text": ...}``: plotly.js ignores a bare
    string, which only plotly.py's validation would have converted)."""
    return dict(range=[low, high], title=dict(text=title), gridcolor=palette.GRID_COLOR, zeroline=True,
                zerolinecolor=palette.AXIS_ZERO_COLOR, constrain="domain", showline=True,
                linecolor="#999999", mirror=True, tickfont=dict(size=palette.FONT_SIZE))


#: margins (px) that already hold the tick labels, axis titles and a legend of up to three rows
#: (the legend sits at the figure's bottom edge, below the x-axis title): when a margin has to
#: grow to fit them, plotly.js draws the whole figure a second time
MARGIN = dict(l=55, r=10, t=44, b=120)
#: a horizontal legend at the bottom edge of the figure ("container" coordinates), under the
#: axis title whatever the plot's height
BOTTOM_LEGEND = dict(orientation="h", yref="container", yanchor="bottom", y=0.0, x=0,
                     font=dict(size=palette.FONT_SIZE))


def boundary_layout(box, title: str = "", annotations=()) -> dict:
    """The layout of a boundary figure as a plain dict: equal-aspect axes showing exactly ``box``,
    white background, legend below the plot, ``uirevision`` kept across Steps (zoom survives),
    margins sized in advance (:data:`MARGIN`)."""
    x0, x1, y0, y1 = check_box(box)
    return dict(
        title=dict(text=plain(title), x=0.01, font=dict(size=15)), height=540,
        margin=dict(MARGIN), plot_bgcolor="white",
        legend=dict(BOTTOM_LEGEND), xaxis=axis_style(x0, x1, "x₁"),
        yaxis=dict(axis_style(y0, y1, "x₂"), scaleanchor="x", scaleratio=1),
        hovermode="closest", uirevision="boundary", **({"annotations": list(annotations)} if annotations else {}))
