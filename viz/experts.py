"""Figures of the expert learners (seed 001): weights as bars, the vote of a trial,
Randomized Weighted Majority's bound against ε, and the phases of the doubling trick.

Examples
--------
>>> figure = expert_weights_figure([4.0, 2.0, 2.0], wrong_mask=[False, True, True])
>>> [(t.name, list(t.y)) for t in figure.data]
[('right this trial', [0.5]), ('wrong this trial', [0.25, 0.25])]
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from learners import bounds

from . import palette
from .boundary import plain
from .curves import curve_layout, finite_or_none, step_points
from .legend_below import legend_below


# ---------------------------------------------------------------- weights
def weight_shares(weights, *, from_log: bool = False) -> tuple:
    """(shares, log10 shares) of the total weight, computed in log space when ``from_log``.

    Log shares are exact even where the shares underflow to 0 (a long run's
    losing experts); a zero weight has log share −inf, left to the caller.

    >>> shares, logs = weight_shares([np.log(3.0), np.log(1.0)], from_log=True)
    >>> shares.round(3).tolist(), logs.round(3).tolist()
    ([0.75, 0.25], [-0.125, -0.602])
    """
    try:
        values = np.asarray(weights, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError("weights must be numbers, one per expert.") from None
    if values.size == 0:
        raise ValueError("weights must hold at least one expert.")
    if from_log:
        if np.any(np.isnan(values)) or np.any(values == np.inf):
            raise ValueError("log-weights must be finite numbers or −inf.")
        if np.all(values == -np.inf):
            raise ValueError("at least one log-weight must be finite.")
        top = values.max()
        log_total = top + np.log(np.sum(np.exp(values - top)))
        log_shares = values - log_total
    else:
        if not np.all(np.isfinite(values)) or np.any(values < 0):
            raise ValueError("weights must be finite and ≥ 0 (give log-weights with from_log=True).")
        total = values.sum()
        if total == 0:
            raise ValueError("at least one weight must be positive.")
        with np.errstate(divide="ignore"):
            return values / total, np.log10(values) - np.log10(total)
    return np.exp(log_shares), log_shares / np.log(10)


def expert_weights_figure(weights, wrong_mask=None, names=None, *, log_y: bool = False, from_log: bool = False,
                          title: str = "experts' weights") -> go.Figure:
    """One bar per expert: its share of the total weight; experts wrong in this trial in vermillion, hatched.

    ``log_y=True`` draws log₁₀ of the share instead (bars reach down from 0), so
    weights of 10⁻¹⁰⁰ stay visible; with ``from_log=True`` the input is the
    learner's log-weights and nothing underflows.  A share that underflowed
    to 0 is drawn one decade below the smallest shown, marked in its hover.
    """
    shares, log_shares = weight_shares(weights, from_log=from_log)
    n = shares.size
    names = [f"E{i + 1}" for i in range(n)] if names is None else [plain(name) for name in names]
    if len(names) != n:
        raise ValueError(f"names must name every expert: {n} experts, {len(names)} names.")
    if wrong_mask is not None:
        wrong = np.asarray(wrong_mask, dtype=bool).reshape(-1)
        if wrong.shape[0] != n:
            raise ValueError(f"wrong_mask must flag every expert: {n} experts, {wrong.shape[0]} flags.")
    underflow = ~np.isfinite(log_shares)
    if log_y:
        floor = (np.min(log_shares[~underflow]) - 1) if (~underflow).any() else 0.0
        heights = np.where(underflow, floor, log_shares)
        y_title = "log₁₀ share of weight"
    else:
        heights = shares
        y_title = "share of weight"
    notes = ["0 (underflow)" if u else f"{s:.3g}" for s, u in zip(shares, underflow)]
    groups = [(np.ones(n, bool), "weight share", palette.RIGHT_COLOR, "")] if wrong_mask is None else \
        [(~wrong, "right this trial", palette.RIGHT_COLOR, ""), (wrong, "wrong this trial", palette.WRONG_COLOR, "/")]
    figure = go.Figure()
    for mask, label, colour, pattern in groups:
        if not mask.any():
            continue
        figure.add_trace(go.Bar(
            x=[names[i] for i in np.flatnonzero(mask)], y=heights[mask].tolist(), name=label,
            marker=dict(color=colour, pattern=dict(shape=pattern)),
            customdata=[notes[i] for i in np.flatnonzero(mask)],
            hovertemplate="%{x}: share %{customdata}<extra>" + label + "</extra>"))
    curve_layout(figure, title, height=300)
    figure.update_layout(barmode="overlay", hovermode="closest", showlegend=wrong_mask is not None,
                         xaxis=dict(categoryorder="array", categoryarray=names, title="expert"),
                         yaxis=dict(title=y_title))
    if wrong_mask is None:
        return figure
    return legend_below(figure, plot_height=200, top=40)


def vote_figure(vote0: float, vote1: float, *, show_prediction: bool = True) -> go.Figure:
    """The weight behind answer 0 and behind answer 1, as shares of the total (horizontal bars).

    Weighted Majority predicts 1 iff the share behind 1 is at least ½
    (ties go to 1, seed 001); Randomized WM predicts 1 with that probability.

    >>> figure = vote_figure(1.0, 3.0)
    >>> list(figure.data[0].x), figure.layout.title.text
    ([0.25, 0.75], 'weighted vote — majority predicts 1')
    """
    votes = np.array([vote0, vote1], dtype=float)
    if not np.all(np.isfinite(votes)) or np.any(votes < 0):
        raise ValueError(f"votes must be finite and ≥ 0; got {votes.tolist()}.")
    total = votes.sum()
    shares = votes / total if total > 0 else votes
    figure = go.Figure(go.Bar(
        x=shares.tolist(), y=["answer 0", "answer 1"], orientation="h", name="vote",
        marker=dict(color=[palette.color(0), palette.color(2)], pattern=dict(shape=["", "."])),
        text=[f"{s:.3g}" for s in shares], textposition="auto", hovertemplate="%{y}: %{x:.3g}<extra></extra>"))
    prediction = 1 if shares[1] >= shares[0] else 0
    title = f"weighted vote — majority predicts {prediction}" if show_prediction else "weighted vote"
    curve_layout(figure, title, height=170)
    figure.update_layout(hovermode="closest", showlegend=False, xaxis=dict(range=[0, 1], title="share of the weight"),
                         shapes=[dict(type="line", x0=0.5, x1=0.5, y0=0, y1=1, yref="paper",
                                      line=dict(color="#555555", dash="dash", width=1.5))])
    return figure


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
    return legend_below(figure, plot_height=220, top=40)      # the y title off its ticks, the legend off "ε"


# ---------------------------------------------------------------- doubling trick
def doubling_phases_figure(trials, cum_expected_mistakes, best_expert_mistakes, phases) -> go.Figure:
    """The doubling trick (seed 001): expected mistakes and the best expert's, phase by phase.

    Each phase is a shaded band labelled with its ε; a phase starts when every
    expert has made m̂ mistakes in the previous one, then m̂ doubles, ε =
    √(ln N/m̂) and the weights restart.  ``phases`` are (first trial, m̂, ε)
    tuples, as in ``RandomizedWeightedMajority.phases_``; a phase that starts
    after the last trial is left out.

    >>> figure = doubling_phases_figure([1, 2, 3, 4], [0.5, 1.0, 1.2, 1.5], [0, 1, 1, 1],
    ...                                 [(1, 8.3, 0.5), (3, 16.6, 0.35)])
    >>> [t.name for t in figure.data], len(figure.layout.shapes)
    (['expected mistakes (RWM)', "best expert's mistakes", 'phase starts'], 2)
    """
    trials = np.asarray(trials, dtype=float).reshape(-1)
    expected = np.asarray(cum_expected_mistakes, dtype=float).reshape(-1)
    best = np.asarray(best_expert_mistakes, dtype=float).reshape(-1)
    if not (trials.shape == expected.shape == best.shape) or trials.size == 0:
        raise ValueError("trials, cum_expected_mistakes and best_expert_mistakes need the same non-zero length.")
    if not (np.all(np.isfinite(trials)) and np.all(np.isfinite(expected)) and np.all(np.isfinite(best))):
        raise ValueError("trials and mistake counts must be finite.")
    try:
        rows = [(float(first), float(m_hat), float(eps)) for first, m_hat, eps in phases]
    except (TypeError, ValueError):
        raise ValueError("phases must be (first trial, m̂, ε) tuples.") from None
    last = float(trials[-1])
    rows = [row for row in rows if row[0] <= last and all(np.isfinite(row))]
    keep = step_points(best)
    figure = go.Figure([
        go.Scatter(x=trials.tolist(), y=expected.tolist(), mode="lines", name="expected mistakes (RWM)",
                   line=dict(color=palette.MEASURED_COLOR, width=2.5)),
        go.Scatter(x=trials[keep].tolist(), y=best[keep].tolist(), mode="lines", line_shape="hv",
                   name="best expert's mistakes", line=dict(color=palette.color(0), width=2, dash="dash")),
        go.Scatter(x=[r[0] for r in rows], y=[0.0] * len(rows), mode="markers", name="phase starts",
                   marker=dict(symbol="triangle-up", size=11, color=palette.color(1)),
                   customdata=[[k + 1, r[1], r[2]] for k, r in enumerate(rows)],
                   hovertemplate="phase %{customdata[0]} from trial %{x}<br>m̂ = %{customdata[1]:.3g}, "
                                 "ε = %{customdata[2]:.3g}<extra></extra>"),
    ])
    first_trial = float(trials[0])
    span = max(last - first_trial, 1.0)
    shapes, annotations = [], []
    for k, (start, m_hat, eps) in enumerate(rows):
        end = rows[k + 1][0] if k + 1 < len(rows) else last
        shapes.append(dict(type="rect", xref="x", yref="paper", x0=start - 0.5, x1=end + (0.5 if k + 1 == len(rows)
                                                                                          else -0.5),
                           y0=0, y1=1, line=dict(width=0), layer="below",
                           fillcolor=palette.fill(1, 0.10) if k % 2 == 0 else palette.fill(4, 0.10)))
        if (end - start) / span >= 0.06:
            annotations.append(dict(x=(start + end) / 2, y=1, xref="x", yref="paper", yanchor="top", showarrow=False,
                                    text=f"ε = {eps:.2g}", font=dict(size=12, color="#444444")))
    curve_layout(figure, "the doubling trick: one band per phase", height=340)
    figure.update_layout(shapes=shapes, annotations=annotations, hovermode="closest",
                         xaxis=dict(title="trial"), yaxis=dict(title="mistakes", rangemode="tozero"))
    return legend_below(figure, plot_height=240, top=40)
