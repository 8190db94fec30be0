"""The boundary figure: points by class (colour and shape), the exact regions of a
linear rule, the current point, the previous boundary as a ghost, the weight
vector as an arrow, support lines and a hindsight comparator.

Every trace is an SVG ``go.Scatter`` (never ``Scattergl``: WebGL traces do not
animate), the axes have equal scales (``scaleanchor``) and show exactly the
view box, and no NaN or infinity ever reaches the figure.

Layers, bottom to top: class regions (light fills, no hover), the ghost of
the previous boundary (thin dashed grey), the comparator (thick long-dashed
grey), support lines (dotted, class colour), the points, the ring around the
current point.

Speed: a Step rebuilds this figure, so traces are made with :func:`scatter`
(no per-property validation by plotly.py — the tests validate every
builder's output against Plotly's schema instead) and the points' coordinates,
sizes and hover data are NumPy arrays, which Plotly sends to the browser as
compact binary (base64) arrays rather than long decimal lists.

Examples
--------
>>> import numpy as np
>>> from viz.geometry import halfplane_regions
>>> X = np.array([[1.0, 1.0], [-1.0, -1.0]]); labels = np.array([1, 0])
>>> box = (-2.0, 2.0, -2.0, 2.0)
>>> figure = boundary_figure(X, labels, ("A", "B"), box=box,
...                          regions=halfplane_regions([1.0, 1.0], 0.0, box), arrow=[1.0, 1.0])
>>> [trace.name for trace in figure.data if trace.showlegend is not False]
['A', 'B']
>>> {trace.type for trace in figure.data}
{'scatter'}
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette
from .geometry import (border_segments, check_box, check_points, closest_point_to_origin,
                       line_segment_in_box, view_box)

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
    checks their figures against Plotly's schema (:func:`validated`).
    """
    return go.Scatter(_validate=False, **properties)


def new_figure(data=None) -> go.Figure:
    """``go.Figure(data)`` without validation (see :func:`scatter`)."""
    return go.Figure(data, _validate=False)


def validated(figure: go.Figure) -> go.Figure:
    """The same figure rebuilt with plotly.py's validation: raises ``ValueError`` on any property
    Plotly does not know, so tests can check the fast builders against the schema."""
    return go.Figure(figure.to_dict())


def _closed(polygon) -> np.ndarray:
    polygon = np.asarray(polygon, dtype=float).reshape(-1, 2)
    return np.vstack([polygon, polygon[:1]]) if len(polygon) else polygon


def region_traces(regions, class_names, region_classes=None) -> list:
    """Filled polygons of the classes' regions (light fills, no hover, no legend).

    ``region_classes[i]`` is the class index (into ``class_names``) of
    ``regions[i]``; by default region i belongs to class i.
    """
    names = _class_names(class_names)
    regions = list(regions or [])
    owners = list(range(len(regions))) if region_classes is None else [int(j) for j in region_classes]
    if len(owners) != len(regions) or any(not 0 <= j < len(names) for j in owners):
        raise ValueError(f"region_classes must give a class index (0..{len(names) - 1}) for each of the "
                         f"{len(regions)} regions; got {region_classes!r}.")
    traces = []
    for polygon, j in zip(regions, owners):
        closed = _closed(polygon)
        traces.append(scatter(x=closed[:, 0].tolist(), y=closed[:, 1].tolist(), mode="lines",
                                 fill="toself", fillcolor=palette.fill(j), line=dict(width=0),
                                 hoverinfo="skip", showlegend=False, name=f"region {plain(names[j])}"))
    return traces


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


def ghost_trace(ghost_regions, box, name: str = "previous boundary") -> go.Scatter:
    """The borders between the previous regions as one thin dashed grey line (the box edge excluded)."""
    segments = border_segments(ghost_regions, box) if ghost_regions else []
    xs, ys = segments_xy(segments)
    return scatter(x=xs, y=ys, mode="lines", name=name, hoverinfo="skip", showlegend=bool(segments),
                      line=dict(color=palette.GHOST_COLOR, dash=palette.GHOST_DASH, width=1.5))


def comparator_trace(comparator, box) -> go.Scatter:
    """A separator found in hindsight (e.g. the max-margin line), long-dashed grey, with a legend entry."""
    w, b, name = line_spec(comparator)
    segment = line_segment_in_box(w, b, box)
    xs, ys = segments_xy([segment] if segment is not None else [])
    label = plain(name) if segment is not None else f"{plain(name)} (outside the view)"
    return scatter(x=xs, y=ys, mode="lines", name=label, hoverinfo="skip",
                      line=dict(color=palette.COMPARATOR_COLOR, dash=palette.COMPARATOR_DASH, width=2.5))


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


def arrow_annotations(arrow, box) -> list:
    """The weight vector's direction as an arrow (two annotations: the arrow and its label "w").

    ``arrow`` is (w₁, w₂), drawn from the origin, or (w₁, w₂, b), drawn from
    the point of the boundary w·x + b = 0 closest to the origin (from the
    middle of the visible boundary when that point is outside the view).
    When the anchor is outside the view the arrow starts at the box centre.
    Only the direction is drawn, with a fixed length of 20% of the box's
    shorter side (shortened to stay inside the view); the hover text gives
    w and ‖w‖.  w = 0 has no direction: no arrow.
    """
    where = arrow_geometry(arrow, box)
    if where is None:
        return []
    anchor, tip, label_at = where["anchor"], where["tip"], where["label_at"]
    return [
        dict(x=float(tip[0]), y=float(tip[1]), ax=float(anchor[0]), ay=float(anchor[1]), xref="x", yref="y",
             axref="x", ayref="y", text="", showarrow=True, arrowhead=3, arrowsize=1.3, arrowwidth=2.5,
             arrowcolor=palette.ARROW_COLOR),
        dict(x=float(label_at[0]), y=float(label_at[1]), xref="x", yref="y", text="<b>w</b>", showarrow=False,
             font=dict(size=15, color=palette.ARROW_COLOR), hovertext=where["hover"]),
    ]


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


def base_layout(figure: go.Figure, box, title: str = "") -> go.Figure:
    """Apply :func:`boundary_layout` to an existing figure (prefer building the figure with it:
    ``update_layout`` costs tens of milliseconds)."""
    figure.update_layout(boundary_layout(box, title))
    return figure


def boundary_traces(X, labels, class_names, weights=None, *, box, regions=None, region_classes=None,
                    current_index=None, ghost_regions=None, support_lines=None, comparator=None,
                    always_in_legend: bool = False) -> list:
    """(role, trace) pairs of a boundary figure, bottom layer first.

    Roles: "region" (one per region), "ghost", "comparator", "support", "points"
    (one per class), "current".
    """
    box = check_box(box)
    pairs = [("region", trace) for trace in region_traces(regions, class_names, region_classes)]
    ghost = ghost_trace(ghost_regions, box)
    if always_in_legend:
        ghost.showlegend = True
    pairs.append(("ghost", ghost))
    if comparator is not None:
        pairs.append(("comparator", comparator_trace(comparator, box)))
    pairs += [("support", trace) for trace in support_line_traces(support_lines, class_names, box)]
    pairs += [("points", trace) for trace in point_traces(X, labels, class_names, weights)]
    pairs.append(("current", current_trace(X, current_index, always_in_legend=always_in_legend)))
    return pairs


def boundary_figure(X, labels, class_names, weights=None, *, regions=None, box=None, region_classes=None,
                    current_index=None, ghost_regions=None, arrow=None, support_lines=None,
                    comparator=None, title: str = "") -> go.Figure:
    """Points, exact regions, ghost, comparator, support lines, current point and arrow in one SVG figure.

    Parameters
    ----------
    X : array of shape (n, 2); labels : class indices into ``class_names``.
    class_names : names of the classes (colour and symbol follow the index).
    weights : importance weights c ≥ 0 (marker area ∝ c, see :func:`marker_sizes`).
    regions : list of convex polygons (from :mod:`viz.geometry`), one per class.
    box : (x0, x1, y0, y1), default :func:`viz.geometry.view_box` of X.
    region_classes : class index of each region (default: region i is class i).
    current_index : row of X shown in the current trial (ringed).
    ghost_regions : the previous regions; their borders are drawn dashed.
    arrow : (w₁, w₂) or (w₁, w₂, b), see :func:`arrow_annotations`.
    support_lines : (j, w_j, b_j, level) items, e.g. w_j·x + b_j = θ_j (seed 002).
    comparator : a hindsight separator, see :func:`line_spec`.
    """
    X = check_points(X)
    box = view_box(X) if box is None else check_box(box)
    pairs = boundary_traces(X, labels, class_names, weights, box=box, regions=regions,
                            region_classes=region_classes, current_index=current_index,
                            ghost_regions=ghost_regions, support_lines=support_lines, comparator=comparator)
    return go.Figure([trace for _, trace in pairs], layout=boundary_layout(box, title, arrow_annotations(arrow, box)),
                     _validate=False)


# ---------------------------------------------------------------- kernel models
def grid_axes(box, resolution: int) -> tuple:
    """The grid's x and y coordinates: ``resolution`` evenly spaced values across the box."""
    x0, x1, y0, y1 = check_box(box)
    resolution = int(resolution)
    if resolution < 2:
        raise ValueError(f"resolution must be at least 2; got {resolution}.")
    return np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution)


def decision_grid(model, box, resolution: int = 80) -> np.ndarray:
    """``model.decision_function`` on the grid: shape (resolution, resolution) for a binary
    model (row i is y = gy[i]) or (resolution, resolution, k) for k class scores."""
    gx, gy = grid_axes(box, resolution)
    grid = np.column_stack([np.tile(gx, len(gy)), np.repeat(gy, len(gx))])
    scores = np.asarray(model.decision_function(grid), dtype=float)
    if scores.ndim == 2 and scores.shape[1] == 1:
        scores = scores[:, 0]
    return scores.reshape((len(gy), len(gx)) + scores.shape[1:])


def _binary_shading(values, region_classes) -> tuple:
    """Scores scaled into [−1, 1] (rounded, in single precision: a small binary payload) and a colour
    scale that tints each side in its class colour, deeper where the score is larger."""
    scale = float(np.max(np.abs(values)))
    z = (np.round(values / scale, 3) if scale > 0 else np.zeros_like(values)).astype(np.float32)
    negative, positive = region_classes
    colorscale = [[0.0, palette.tint(negative, palette.SHADING_OPACITY)],
                  [0.5, palette.tint(negative, palette.REGION_OPACITY / 2)],
                  [0.5, palette.tint(positive, palette.REGION_OPACITY / 2)],
                  [1.0, palette.tint(positive, palette.SHADING_OPACITY)]]
    return z, colorscale


def contour_figure(X, labels, class_names, weights=None, *, model=None, values=None, box=None,
                   resolution: int = 80, region_classes=None, current_index=None, title: str = "") -> go.Figure:
    """A model drawn from its decision values on a grid (kernel models have no polygons).

    Binary (``values`` of shape (r, r)): class-coloured shading (score ≤ 0 →
    ``region_classes[0]``, > 0 → ``region_classes[1]``, deeper where |score|
    is larger) and the boundary, the contour at level 0.  Several classes
    (shape (r, r, k)): each grid cell tinted by its argmax class (ties to the
    lowest index) and the borders between classes drawn as contour lines.
    Give either ``model`` (with ``decision_function``) or ``values`` computed
    on :func:`grid_axes` of the same box.
    """
    X = check_points(X)
    names = _class_names(class_names)
    box = view_box(X) if box is None else check_box(box)
    if values is None:
        if model is None:
            raise ValueError("contour_figure needs a model (with decision_function) or a grid of values.")
        values = decision_grid(model, box, resolution)
    values = np.asarray(values, dtype=float)
    if values.ndim not in (2, 3) or values.shape[0] < 2 or values.shape[1] < 2:
        raise ValueError(f"values must have shape (r, r) or (r, r, k); got {values.shape}.")
    if not np.all(np.isfinite(values)):
        raise ValueError("the model's decision values must be finite (no NaN or infinity).")
    gx, gy = np.linspace(box[0], box[1], values.shape[1]), np.linspace(box[2], box[3], values.shape[0])
    traces = []
    if values.ndim == 2:
        owners = [0, 1] if region_classes is None else [int(j) for j in region_classes]
        if len(owners) != 2 or any(not 0 <= j < len(names) for j in owners):
            raise ValueError(f"region_classes of a binary model must be two class indices; got {region_classes!r}.")
        z, colorscale = _binary_shading(values, owners)
        traces.append(go.Contour(x=gx, y=gy, z=z, zmin=-1, zmax=1, colorscale=colorscale, showscale=False,
                                 contours=dict(coloring="fill", showlines=False), ncontours=20, hoverinfo="skip",
                                 name="decision values", showlegend=False, _validate=False))
        traces.append(go.Contour(x=gx, y=gy, z=z, showscale=False,
                                 contours=dict(coloring="none", start=0, end=0, size=1, showlabels=False),
                                 line=dict(color=palette.BOUNDARY_COLOR, width=2.5), hoverinfo="skip",
                                 name="boundary (score 0)", showlegend=True, _validate=False))
    else:
        k = values.shape[2]
        owners = list(range(k)) if region_classes is None else [int(j) for j in region_classes]
        if len(owners) != k or any(not 0 <= j < len(names) for j in owners):
            raise ValueError(f"region_classes must give a class index for each of the {k} score columns.")
        winner = np.argmax(values, axis=2).astype(np.int8)
        colorscale = []
        for i, j in enumerate(owners):
            colour = palette.tint(j, palette.SHADING_OPACITY)
            colorscale += [[i / k, colour], [(i + 1) / k, colour]]
        traces.append(go.Heatmap(x=gx, y=gy, z=winner, zmin=-0.5, zmax=k - 0.5, colorscale=colorscale,
                                 showscale=False, hoverinfo="skip", name="regions", _validate=False))
        if k > 1:
            traces.append(go.Contour(x=gx, y=gy, z=winner, showscale=False,
                                     contours=dict(coloring="none", start=0.5, end=k - 1.5, size=1),
                                     line=dict(color=palette.BOUNDARY_COLOR, width=2), hoverinfo="skip",
                                     name="boundaries", showlegend=True, _validate=False))
    traces += point_traces(X, labels, names, weights)
    traces.append(current_trace(X, current_index))
    return go.Figure(traces, layout=boundary_layout(box, title), _validate=False)


def empty_canvas_figure(box=None, message: str = "No points yet: draw some on the Data page.") -> go.Figure:
    """Empty equal-aspect axes over ``box`` (default :data:`viz.geometry.DEFAULT_BOX`) with a message.

    >>> figure = empty_canvas_figure()
    >>> len(figure.data), figure.layout.annotations[0].text
    (0, 'No points yet: draw some on the Data page.')
    """
    box = view_box(np.zeros((0, 2))) if box is None else check_box(box)
    notes = [dict(x=0.5, y=0.5, xref="paper", yref="paper", text=plain(message), showarrow=False,
                  font=dict(size=15, color="#666666"))] if message else []
    return go.Figure(layout=boundary_layout(box, annotations=notes), _validate=False)
