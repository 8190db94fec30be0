"""Figures of the Challenges page (lab/challenges.py): the perceptron challenge's plane, and WM's weights.

The perceptron's plane shows what the rules allow — the disc ‖x‖ ≤ R, minus the grey band
|u·x| < g around the comparator's line — the points placed, numbered in the order shown, with
the trials that were mistakes ringed, and the perceptron's boundary w·x = 0 after the last trial
(the adversary's next target).  Pure: data in, a Plotly figure out.

Examples
--------
>>> import numpy as np
>>> figure = perceptron_plane(np.array([[2.0, 0.0], [-0.6, 1.8]]), np.array([1, 1]), [True, True],
...                           np.array([1.4, 1.8]), np.array([0.6, 0.8]), 0.5, 2.0)
>>> [trace.name for trace in figure.data][:3]
['allowed: ‖x‖ ≤ R', 'forbidden band |u·x| < g', 'comparator u·x = 0']
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette
from .boundary import BOTTOM_LEGEND, MARGIN, axis_style
from .geometry import line_segment_in_box

BAND_COLOR = "rgba(120, 120, 120, 0.28)"


def perceptron_plane(X, labels, mistakes, w, u, g: float, R: float) -> go.Figure:
    """The perceptron challenge's plane: the rules, the points in order, the mistakes, w's boundary now."""
    u = np.asarray(u, dtype=float)
    half = R * 1.15
    angles = np.linspace(0, 2 * np.pi, 181)
    figure = go.Figure()
    figure.add_trace(go.Scatter(x=R * np.cos(angles), y=R * np.sin(angles), mode="lines", name="allowed: ‖x‖ ≤ R",
                                line={"color": "#555555", "width": 1.5}, hoverinfo="skip"))
    along = np.array([-u[1], u[0]])
    corners = np.array([g * u + half * 2 * along, g * u - half * 2 * along, -g * u - half * 2 * along,
                        -g * u + half * 2 * along, g * u + half * 2 * along])
    figure.add_trace(go.Scatter(x=corners[:, 0], y=corners[:, 1], mode="lines", fill="toself", fillcolor=BAND_COLOR,
                                line={"width": 0}, name="forbidden band |u·x| < g", hoverinfo="skip"))
    box = (-half, half, -half, half)
    line = line_segment_in_box(u, 0.0, box)           # the rule's own line, u·x = 0, clipped to the view
    figure.add_trace(go.Scatter(x=line[:, 0], y=line[:, 1], mode="lines", name="comparator u·x = 0",
                                line={"color": palette.COMPARATOR_COLOR, "dash": palette.COMPARATOR_DASH, "width": 2}))
    figure.add_annotation(x=1.25 * g * u[0] + 0.5 * u[0], y=1.25 * g * u[1] + 0.5 * u[1], ax=0, ay=0, text="u",
                          showarrow=False, font={"size": 15, "color": palette.COMPARATOR_COLOR})
    X = np.asarray(X, dtype=float).reshape(-1, 2)
    labels = np.asarray(labels, dtype=int).reshape(-1)
    mistakes = np.asarray(mistakes, dtype=bool).reshape(-1)
    order = np.arange(1, len(X) + 1)
    for label, name in ((0, "class −1"), (1, "class +1")):
        chosen = labels == label
        figure.add_trace(go.Scatter(
            x=X[chosen, 0], y=X[chosen, 1], mode="markers+text", name=name, text=[str(i) for i in order[chosen]],
            textposition="top right", textfont={"size": 12},
            marker={"color": palette.color(label), "symbol": palette.symbol(label), "size": 11,
                    "line": {"color": "#ffffff", "width": 1}},
            hovertemplate="trial %{text}: (%{x:.3g}, %{y:.3g})<extra>" + name + "</extra>"))
    if mistakes.any():
        figure.add_trace(go.Scatter(x=X[mistakes, 0], y=X[mistakes, 1], mode="markers", name="a mistake (ringed)",
                                    marker={"symbol": "circle-open", "size": 22, "color": palette.WRONG_COLOR,
                                            "line": {"width": 2.5}}, hoverinfo="skip"))
    w = np.asarray(w, dtype=float).reshape(-1)[:2]
    boundary = line_segment_in_box(w, 0.0, box)       # w·x = 0 (no intercept); None while w = 0
    if boundary is not None:
        figure.add_trace(go.Scatter(x=boundary[:, 0], y=boundary[:, 1], mode="lines", name="perceptron now: w·x = 0",
                                    line={"color": palette.BOUNDARY_COLOR, "width": 2.5}))
        tip = 0.9 * R * w / np.linalg.norm(w)
        figure.add_annotation(x=tip[0], y=tip[1], ax=0, ay=0, axref="x", ayref="y", xref="x", yref="y",
                              showarrow=True, arrowhead=2, arrowwidth=2, arrowcolor=palette.ARROW_COLOR, text="")
        figure.add_annotation(x=tip[0] * 1.08, y=tip[1] * 1.08, text="w", showarrow=False,
                              font={"size": 15, "color": palette.ARROW_COLOR})
    figure.update_layout(
        xaxis={**axis_style(-half, half, "x₁"), "range": [-half, half]},
        yaxis={**axis_style(-half, half, "x₂"), "range": [-half, half], "scaleanchor": "x", "scaleratio": 1},
        height=560, margin=dict(MARGIN, t=20), font={"size": palette.FONT_SIZE}, legend=dict(BOTTOM_LEGEND),
        plot_bgcolor="#ffffff", showlegend=True)
    return figure
