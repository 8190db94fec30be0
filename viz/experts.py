"""Figures of the expert learners: weights as bars, the vote of a trial, RWM's bound against ε."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from learners import bounds

from . import palette


def expert_weights_figure(weights, wrong_mask=None, names=None) -> go.Figure:
    """Normalised weights, one bar per expert; experts wrong in the last trial hatched in orange."""
    weights = np.nan_to_num(np.asarray(weights, dtype=float), nan=0.0, posinf=0.0)
    names = names or [f"E{i + 1}" for i in range(len(weights))]
    wrong = np.zeros(len(weights), bool) if wrong_mask is None else np.asarray(wrong_mask, bool)
    figure = go.Figure(go.Bar(
        x=names, y=weights.tolist(), marker_color=[palette.color(1) if w else palette.color(0) for w in wrong],
        marker_pattern_shape=["/" if w else "" for w in wrong], name="weight share",
        hovertemplate="%{x}: %{y:.3g}<extra></extra>"))
    figure.update_layout(height=280, margin=dict(l=10, r=10, t=30, b=10), plot_bgcolor="white",
                         yaxis=dict(title="share of the total weight", gridcolor="#eeeeee"),
                         title=dict(text="weights (hatched: wrong in the last trial)", x=0.01, font=dict(size=14)))
    return figure


def vote_figure(vote_for_zero: float, vote_for_one: float) -> go.Figure:
    figure = go.Figure(go.Bar(x=[vote_for_zero, vote_for_one], y=["0", "1"], orientation="h",
                              marker_color=[palette.color(0), palette.color(2)],
                              marker_pattern_shape=["", "."], text=[f"{vote_for_zero:.3g}", f"{vote_for_one:.3g}"],
                              textposition="auto"))
    figure.update_layout(height=150, margin=dict(l=10, r=10, t=10, b=10), plot_bgcolor="white",
                         xaxis=dict(range=[0, 1], title="share of the weight voting for each outcome"),
                         yaxis=dict(type="category", title="outcome"))
    return figure


def rwm_epsilon_figure(n_experts: int, m: int, epsilons) -> go.Figure:
    """RWM's bound (1+ε)m + ln N/ε against ε, the best ε marked (seed 001)."""
    epsilons = np.asarray(epsilons, dtype=float)
    values = bounds.randomized_weighted_majority(m, n_experts, epsilons)
    best = bounds.rwm_best_epsilon(m, n_experts)
    figure = go.Figure(go.Scatter(x=epsilons.tolist(), y=np.asarray(values).tolist(), mode="lines",
                                  name="(1+ε)m + ln N/ε", line=dict(color=palette.color(0), width=2)))
    figure.add_trace(go.Scatter(x=[best], y=[bounds.randomized_weighted_majority(m, n_experts, best)],
                                mode="markers", name=f"best ε = {best:.3f}",
                                marker=dict(symbol="star", size=14, color=palette.color(1))))
    figure.update_layout(height=280, margin=dict(l=10, r=10, t=30, b=10), plot_bgcolor="white",
                         xaxis_title="ε", yaxis_title="bound", legend=dict(orientation="h", y=-0.3),
                         title=dict(text=f"RWM's bound for m = {m}, N = {n_experts}", x=0.01, font=dict(size=14)))
    return figure
