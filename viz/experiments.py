"""Figures of the experiments (seed 003 §4 scaling, RWM's ε, Table 1 bars): pure functions of results."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from .palette import CLASS_COLORS  # noqa: F401

LINE = dict(width=2)


def scaling_figure(rows, target: str) -> go.Figure:
    """Mistakes and bounds of Perceptron and Winnow against n, log–log (seed 003, Examples 1–2)."""
    rows = [r for r in rows if r["target"] == target]
    n = [r["n"] for r in rows]
    figure = go.Figure()
    for key, name, color, dash, symbol in (
            ("perceptron_mistakes", "Perceptron mistakes", CLASS_COLORS[0], "solid", "circle"),
            ("winnow_mistakes", "Winnow mistakes", CLASS_COLORS[1], "solid", "square"),
            ("perceptron_bound", "Perceptron bound", CLASS_COLORS[0], "dash", "circle-open"),
            ("winnow_bound", "Winnow bound", CLASS_COLORS[1], "dash", "square-open")):
        figure.add_trace(go.Scatter(x=n, y=[r[key] for r in rows], name=name, mode="lines+markers",
                                    line=dict(color=color, dash=dash, width=2), marker=dict(symbol=symbol, size=8)))
    figure.update_layout(title=f"{target} target: mistakes against n", xaxis_title="n (features)",
                         yaxis_title="mistakes", xaxis_type="log", yaxis_type="log", height=380,
                         legend=dict(orientation="h", y=-0.25), margin=dict(t=50, b=10))
    return figure


def epsilon_figure(rows, best_epsilon: float, best_bound: float) -> go.Figure:
    """RWM's bound against ε with the optimum marked (seed 001)."""
    figure = go.Figure(go.Scatter(x=[r["epsilon"] for r in rows], y=[r["bound"] for r in rows],
                                  name="(1+ε)m + ln N/ε", mode="lines", line=dict(color=CLASS_COLORS[0], width=2)))
    figure.add_trace(go.Scatter(x=[best_epsilon], y=[best_bound], name=f"best ε = {best_epsilon:.3f}",
                                mode="markers", marker=dict(symbol="star", size=14, color=CLASS_COLORS[1])))
    figure.update_layout(xaxis_title="ε", yaxis_title="bound on expected mistakes", height=340,
                         legend=dict(orientation="h", y=-0.3), margin=dict(t=20, b=10))
    return figure


def ours_vs_published_figure(rows, value: str, published: str, label: str) -> go.Figure:
    """Grouped bars: our value beside the published one, per row label."""
    names = [f"{r.get('dataset', '')} {r.get('algorithm', r.get('method', ''))}".strip() for r in rows]
    figure = go.Figure([
        go.Bar(x=names, y=[100 * r[value] for r in rows], name="ours", marker_color=CLASS_COLORS[0]),
        go.Bar(x=names, y=[100 * r[published] for r in rows], name="published", marker_color=CLASS_COLORS[2],
               marker_pattern_shape="/"),
    ])
    figure.update_layout(barmode="group", yaxis_title=f"{label} (%)", height=320, margin=dict(t=20, b=10),
                         legend=dict(orientation="h", y=-0.3))
    return figure
