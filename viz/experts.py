"""The expert learners' figure beside the player (seed 001): Randomized Weighted Majority's bound against ε.

The weights, the vote and the doubling trick's phases of a run are drawn by the player (the experts scene of
``components/player/experts.js``) from the run's payload, not here.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from learners import bounds

from . import palette
from .curves import curve_layout, finite_or_none
from .legend_below import legend_below


# ---------------------------------------------------------------- RWM's ε
def rwm_epsilon_figure(n_experts: int, m: int, epsilons, *, current_epsilon=None) -> go.Figure:
    """RWM's bound on expected mistakes against ε ∈ (0, ½] for N experts whose best makes m mistakes.

    Two curves (seed 001): the lecture's (1 + ε)m + ln N/ε and the proof's exact
    (−ln(1 − ε)/ε)m + ln N/ε; the lecture bound's minimiser ε* = √(ln N/m)
    (capped at ½) is starred, the learner's own ε optionally marked.

    >>> figure = rwm_epsilon_figure(8, 100, np.linspace(0.05, 0.5, 10))
    >>> [t.name for t in figure.data][:2]
    ['lecture: (1+ε)m + ln N/ε', 'exact: (−ln(1−ε)/ε)m + ln N/ε']
    """
    epsilons = np.asarray(epsilons, dtype=float).reshape(-1)
    if epsilons.size == 0:
        raise ValueError("epsilons must hold at least one ε in (0, ½].")
    best = float(bounds.rwm_best_epsilon(m, n_experts))
    grid = np.unique(np.concatenate([epsilons, [best]]))
    lecture = np.asarray(bounds.randomized_weighted_majority(m, n_experts, grid, form="lecture"), dtype=float)
    exact = np.asarray(bounds.randomized_weighted_majority(m, n_experts, grid, form="exact"), dtype=float)
    best_value = float(bounds.randomized_weighted_majority(m, n_experts, best, form="lecture"))
    figure = go.Figure([
        go.Scatter(x=grid.tolist(), y=finite_or_none(lecture), mode="lines", name="lecture: (1+ε)m + ln N/ε",
                   line=dict(color=palette.color(0), width=2.5)),
        go.Scatter(x=grid.tolist(), y=finite_or_none(exact), mode="lines", name="exact: (−ln(1−ε)/ε)m + ln N/ε",
                   line=dict(color=palette.color(2), width=2, dash="dash")),
        go.Scatter(x=[best], y=[best_value], mode="markers", name=f"best ε* = {best:.3g} → {best_value:.4g}",
                   marker=dict(symbol="star", size=15, color=palette.color(1), line=dict(color="black", width=1))),
    ])
    if current_epsilon is not None:
        value = float(bounds.randomized_weighted_majority(m, n_experts, current_epsilon, form="lecture"))
        figure.add_trace(go.Scatter(x=[float(current_epsilon)], y=[value], mode="markers",
                                    name=f"this run's ε = {float(current_epsilon):.3g} → {value:.4g}",
                                    marker=dict(symbol="diamond", size=12, color=palette.color(3))))
    curve_layout(figure, f"RWM's bound for m = {m:g}, N = {n_experts:g}", height=320)
    top = float(np.nanmax(np.where(np.isfinite(lecture), lecture, np.nan)))
    figure.update_layout(hovermode="closest", xaxis=dict(title="ε", range=[0, 0.52]),
                         yaxis=dict(title="bound on expected mistakes", range=[0, min(top, 4 * best_value + 1) * 1.05]))
    # the y title off its ticks, the legend off "ε", the title under the toolbar's strip (a phone shows it always)
    legend_below(figure, plot_height=220, top=40 + palette.MODEBAR_PX)
    figure.update_layout(title=dict(yref="container", y=1 - (8 + palette.MODEBAR_PX) / figure.layout.height,
                                    yanchor="top"))
    return figure

