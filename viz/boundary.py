"""The boundary figure: points by class (colour and shape), exact regions, the current point,
the previous boundary as a ghost, the weight vector as an arrow.

Examples
--------
>>> import numpy as np
>>> from viz.geometry import halfplane_regions
>>> X = np.array([[1.0, 1.0], [-1.0, -1.0]]); labels = np.array([1, 0])
>>> box = (-2.0, 2.0, -2.0, 2.0)
>>> figure = boundary_figure(X, labels, ("A", "B"), regions=halfplane_regions(np.array([1.0, 1.0]), 0.0, box),
...                          box=box, arrow=np.array([1.0, 1.0]))
>>> [trace.name for trace in figure.data if trace.showlegend is not False][:2]
['A', 'B']
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette
from .geometry import view_box

MARKER_MIN, MARKER_MAX = 7.0, 22.0


def marker_sizes(weights) -> np.ndarray:
    """Marker size grows with the square root of the importance weight, clamped to [7, 22] px."""
    weights = np.asarray(weights, dtype=float)
    if weights.size == 0:
        return weights
    safe = np.where(np.isfinite(weights) & (weights >= 0), weights, 1.0)
    return np.clip(9.0 * np.sqrt(safe), MARKER_MIN, MARKER_MAX)


def region_traces(regions, class_names) -> list:
    """Filled polygons of the classes' regions (no hover, no legend)."""
    traces = []
    for j, polygon in enumerate(regions or []):
        polygon = np.asarray(polygon, dtype=float).reshape(-1, 2)
        closed = np.vstack([polygon, polygon[:1]]) if len(polygon) else polygon
        traces.append(go.Scatter(x=closed[:, 0].tolist(), y=closed[:, 1].tolist(), mode="lines",
                                 fill="toself", fillcolor=palette.fill(j), line=dict(width=0),
                                 hoverinfo="skip", showlegend=False, name=f"region {plain(class_names[j])}"))
    return traces


def _on_box_side(p, q, box, tol=1e-9) -> bool:
    x0, x1, y0, y1 = box
    return any((abs(p[0] - v) < tol and abs(q[0] - v) < tol) for v in (x0, x1)) or \
        any((abs(p[1] - v) < tol and abs(q[1] - v) < tol) for v in (y0, y1))


def outline_trace(regions, name="previous boundary", color=palette.GHOST_COLOR, dash="dash", box=None) -> go.Scatter:
    """The boundaries between the regions as one dashed line trace (the ghost of the previous
    boundary): polygon edges that lie on the view's border are left out."""
    xs, ys = [], []
    for polygon in regions or []:
        polygon = np.asarray(polygon, dtype=float).reshape(-1, 2)
        for i in range(len(polygon)):
            p, q = polygon[i], polygon[(i + 1) % len(polygon)]
            if box is not None and _on_box_side(p, q, box):
                continue
            xs += [float(p[0]), float(q[0]), None]
            ys += [float(p[1]), float(q[1]), None]
    return go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=color, dash=dash, width=1.5),
                      name=name, hoverinfo="skip", showlegend=bool(xs))


def plain(text) -> str:
    """User text made inert for Plotly, which renders a few HTML tags in names and hovers."""
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def point_traces(X, labels, class_names, weights=None) -> list:
    X = np.asarray(X, dtype=float).reshape(-1, 2)
    labels = np.asarray(labels, dtype=int)
    sizes = marker_sizes(np.ones(len(X)) if weights is None else weights)
    traces = []
    for j, name in enumerate(class_names):
        mask = labels == j
        traces.append(go.Scatter(
            x=X[mask, 0].tolist(), y=X[mask, 1].tolist(), mode="markers", name=plain(name),
            marker=dict(color=palette.color(j), symbol=palette.symbol(j), size=sizes[mask].tolist(),
                        line=dict(color="white", width=0.8)),
            customdata=np.flatnonzero(mask).tolist(),
            hovertemplate="#%{customdata}<br>(%{x:.3g}, %{y:.3g})<extra>" + plain(name) + "</extra>"))
    return traces


def current_trace(X, index) -> go.Scatter:
    point = np.asarray(X, dtype=float)[[index]] if index is not None else np.zeros((0, 2))
    return go.Scatter(x=point[:, 0].tolist(), y=point[:, 1].tolist(), mode="markers", name="current point",
                      marker=dict(symbol="circle-open", size=28, color=palette.CURRENT_COLOR, line=dict(width=3)),
                      hoverinfo="skip", showlegend=index is not None)


def arrow_annotation(arrow, box) -> list:
    """The weight vector's direction (x, y part) drawn from the view's centre, scaled to fit."""
    if arrow is None:
        return []
    w = np.asarray(arrow, dtype=float)[:2]
    norm = np.linalg.norm(w)
    if not np.isfinite(norm) or norm == 0:
        return []
    x0, x1, y0, y1 = box
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    tip = centre + w / norm * 0.25 * min(x1 - x0, y1 - y0)
    return [dict(x=tip[0], y=tip[1], ax=centre[0], ay=centre[1], xref="x", yref="y", axref="x", ayref="y",
                 showarrow=True, arrowhead=3, arrowsize=1.4, arrowwidth=2.5, arrowcolor="#333333",
                 text="w", font=dict(size=14))]


def base_layout(figure: go.Figure, box, title: str = "") -> go.Figure:
    x0, x1, y0, y1 = box
    figure.update_layout(
        title=dict(text=title, x=0.01, font=dict(size=15)), height=520, margin=dict(l=10, r=10, t=40, b=10),
        legend=dict(orientation="h", y=-0.08, x=0, font=dict(size=13)), plot_bgcolor="white",
        xaxis=dict(range=[x0, x1], title="x₁", gridcolor="#eeeeee", zeroline=True, zerolinecolor="#cccccc"),
        yaxis=dict(range=[y0, y1], title="x₂", gridcolor="#eeeeee", zeroline=True, zerolinecolor="#cccccc",
                   scaleanchor="x", scaleratio=1),
        uirevision="keep")
    return figure


def boundary_figure(X, labels, class_names, weights=None, *, regions=None, box=None, current_index=None,
                    ghost_regions=None, arrow=None, support_lines=None, title="") -> go.Figure:
    """Regions, ghost, points, current point, support lines and arrow in one SVG figure."""
    box = view_box(X) if box is None else box
    figure = go.Figure(region_traces(regions, class_names))
    figure.add_trace(outline_trace(ghost_regions, box=box))
    for j, segment in support_lines or []:
        figure.add_trace(go.Scatter(x=segment[:, 0].tolist(), y=segment[:, 1].tolist(), mode="lines",
                                    line=dict(color=palette.color(j), dash="dot", width=2),
                                    name=f"w·x + b = θ ({plain(class_names[j])})", hoverinfo="skip"))
    for trace in point_traces(X, labels, class_names, weights):
        figure.add_trace(trace)
    figure.add_trace(current_trace(X, current_index))
    base_layout(figure, box, title)
    figure.update_layout(annotations=arrow_annotation(arrow, box))
    return figure


def contour_figure(X, labels, class_names, weights=None, *, model, box=None, current_index=None,
                   resolution: int = 80, title="") -> go.Figure:
    """A kernel model: its decision function on a grid, the zero level drawn as a contour line."""
    box = view_box(X) if box is None else box
    x0, x1, y0, y1 = box
    gx, gy = np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution)
    grid = np.array(np.meshgrid(gx, gy)).reshape(2, -1).T
    scores = np.asarray(model.decision_function(grid), dtype=float)
    scores = np.nan_to_num(scores, nan=0.0, posinf=1e6, neginf=-1e6)
    figure = go.Figure()
    if scores.ndim == 1:
        z = scores.reshape(resolution, resolution)
        scale = max(float(np.abs(z).max()), 1e-12)
        figure.add_trace(go.Contour(x=gx.tolist(), y=gy.tolist(), z=(z / scale).tolist(), showscale=False,
                                    colorscale=[[0, palette.fill(0, 0.3)], [0.5, "white"], [1, palette.fill(1, 0.3)]],
                                    zmin=-1, zmax=1, contours=dict(showlines=False), hoverinfo="skip",
                                    name="decision function"))
        figure.add_trace(go.Contour(x=gx.tolist(), y=gy.tolist(), z=z.tolist(), showscale=False,
                                    contours=dict(type="constraint", operation="=", value=0),
                                    line=dict(color="#333333", width=2), name="boundary", hoverinfo="skip"))
    else:
        winner = np.argmax(scores, axis=1).reshape(resolution, resolution)
        k = len(class_names)
        colorscale = [[j / max(k - 1, 1), palette.fill(j, 0.35)] for j in range(k)]
        figure.add_trace(go.Heatmap(x=gx.tolist(), y=gy.tolist(), z=winner.tolist(), showscale=False,
                                    colorscale=colorscale, zmin=0, zmax=max(k - 1, 1), hoverinfo="skip"))
    for trace in point_traces(X, labels, class_names, weights):
        figure.add_trace(trace)
    figure.add_trace(current_trace(X, current_index))
    return base_layout(figure, box, title)
