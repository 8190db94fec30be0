"""Figures of the experiments (seed 003 §4 scaling, RWM's ε, Table 1 bars, seed 004's curves): pure functions of results.

Every legend sits under its x-axis title, one entry per row (:func:`viz.legend_below.legend_below`), and a
credit names its source by author (:mod:`learners.sources`)."""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from learners.sources import credit

from .legend_below import legend_below
from .palette import CLASS_COLORS  # noqa: F401

LINE = dict(width=2)


#: a reference curve (a theorem's promise for another run): light grey, wide, dotted, no markers,
#: drawn under the curves it is compared with
REFERENCE_LINE = dict(color="#9a9a9a", dash="dot", width=3.5)
#: a count that reached the cap of its stream (a lower bound of what more trials would give)
CAPPED_MARKER = dict(symbol="triangle-up", size=13, color="#000000", line=dict(width=0))


#: the scaling figures' plot height and top margin (title and a two-line subtitle): the same for both targets,
#: so the two figures side by side have their plots at the same height and of the same size
SCALING_PLOT_HEIGHT = 320
SCALING_TOP = 92
#: pixels kept free above the highest data for the ∞ marks (a mark's text, 16 px, and its gap)
INFINITY_BAND = 30


def decade_ticks(low: float, high: float) -> dict:
    """Tick values and labels of a log axis from ``low`` to ``high``: every whole decade, written out in full
    ("1,000,000", never "1e+6", which reads as a sum).

    >>> decade_ticks(30, 2e6)
    {'tickvals': [100, 1000, 10000, 100000, 1000000], 'ticktext': ['100', '1,000', '10,000', '100,000', '1,000,000']}
    """
    first, last = int(np.ceil(np.log10(low))), int(np.floor(np.log10(high)))
    values = [10 ** e for e in range(first, last + 1)]
    return {"tickvals": values, "ticktext": [f"{v:,}" if v >= 1 else f"{v:g}" for v in values]}


def scaling_figure(result: dict, target: str) -> go.Figure:
    """Mistakes of each learner of ``winnow-scaling`` against n, with the bound of its own parameters.

    ``result`` is :func:`experiments.winnow_scaling.run`'s.  Per learner (one colour): the mean
    mistakes (solid; bars from the fewest to the most over the runs) and its bound (dashed, the
    same colour) — Novikoff for the Perceptron, Theorem 3.1 with the η it ran for Winnow.  Where
    Theorem 3.1 is vacuous no line is drawn: an "∞" mark in a band above all the data, one row per
    learner so two marks never share a place, and a legend entry say so.  Counts that reached the cap
    are marked ▲ (a lower bound).  Agarwal's tuned form for η* is drawn underneath as a reference (light
    grey, dotted, no markers) whose legend says it is for η*, not for η = 0.5.  Log–log axes, ticks at the
    sizes run and at whole decades.  The plot's height and top margin do not depend on the target, so
    the sparse and dense figures side by side line up.

    >>> rows = [dict(target="dense", n=n, learner=l, eta=e, mistakes=m, mistakes_min=m, mistakes_max=m,
    ...              runs=1, runs_capped=int(l == "Winnow η = 0.5"), bound=b, bound_vacuous=b is None, trials=9)
    ...         for n in (16, 64) for l, e, m, b in (("Perceptron", None, 90, 300.0),
    ...                                                ("Winnow η = 0.5", 0.5, 3000, None))]
    >>> result = dict(rows=rows, trials_cap=20000,
    ...               references=[dict(target="dense", n=n, value=9e3, eta_star=0.03) for n in (16, 64)])
    >>> figure = scaling_figure(result, "dense")
    >>> [trace.name for trace in figure.data]  # doctest: +NORMALIZE_WHITESPACE
    ["reference: Winnow at η* only, 2R∞²‖u‖₁² ln d/γ²<br>(Agarwal's notes, Thm 3.1; not a bound of η = 0.5)",
     'Perceptron: mistakes', 'Perceptron: its bound', 'Winnow η = 0.5: mistakes',
     'Winnow η = 0.5: bound vacuous at every n<br>(Thm 3.1 says nothing; no line)',
     '▲ reached the cap of 20,000 trials: a lower bound']
    >>> figure.data[4].text, figure.data[4].textposition, figure.data[0].line.dash, figure.data[0].mode
    (('∞', '∞'), 'top center', 'dot', 'lines')
    >>> figure.layout.title.subtitle.text
    'Winnow η = 0.5: no bound where ∞ is marked<br>(Theorem 3.1 vacuous: ηγ ≤ ‖u‖₁ ln cosh ηR∞)'
    >>> figure.layout.margin.t == scaling_figure(result, "sparse").layout.margin.t
    True
    """
    rows = [r for r in result["rows"] if r["target"] == target]
    learners = list(dict.fromkeys(r["learner"] for r in rows))
    references = [r for r in result.get("references", []) if r["target"] == target]
    axis = _scaling_axis(result, target)
    rows_at, (low, high) = axis["rows_at"], axis["range"]
    vacuous_learners = list(rows_at)
    # both targets' figures: the top margin of the most ∞ rows, the left of the longest tick label of either
    targets = list(dict.fromkeys(r["target"] for r in result["rows"]))
    axes = [_scaling_axis(result, t) for t in targets] or [axis]
    top_margin = SCALING_TOP + 26 * max(0, max(len(a["rows_at"]) for a in axes) - 1)
    longest = max(len(text) for a in axes for text in a["ticks"]["ticktext"])
    figure = go.Figure()
    if references:  # first, so the curves it is compared with lie on top
        others = sorted({f"{r['eta']:g}" for r in rows if r.get("eta") is not None and r["learner"] != "Winnow η*"})
        figure.add_trace(go.Scatter(
            x=[r["n"] for r in references], y=[r["value"] for r in references], mode="lines",
            name=f"reference: Winnow at η* only, 2R∞²‖u‖₁² ln d/γ²<br>({credit('003', 'Thm 3.1')}"
                 + (f"; not a bound of η = {', '.join(others)})" if others else ")"),
            line=REFERENCE_LINE, customdata=[r["eta_star"] for r in references],
            hovertemplate="n = %{x}<br>Theorem 3.1 tuned, for η* = %{customdata:.4g}: %{y:,.1f}"
                          "<extra>reference</extra>"))
    for index, learner in enumerate(learners):
        mine = [r for r in rows if r["learner"] == learner]
        color, symbol = CLASS_COLORS[index % len(CLASS_COLORS)], ("circle", "square", "diamond")[index % 3]
        n = [r["n"] for r in mine]
        mean = [r["mistakes"] for r in mine]
        figure.add_trace(go.Scatter(
            x=n, y=mean, name=f"{learner}: mistakes", mode="lines+markers",
            line=dict(color=color, width=2), marker=dict(symbol=symbol, size=8, color=color),
            error_y=dict(type="data", symmetric=False, array=[r["mistakes_max"] - r["mistakes"] for r in mine],
                         arrayminus=[r["mistakes"] - r["mistakes_min"] for r in mine], color=color, thickness=1),
            customdata=[[r["trials"], r.get("eta") or 0.0] for r in mine],
            hovertemplate=("n = %{x}<br>mistakes %{y:,.1f} (mean)<br>trials shown %{customdata[0]:,.0f}"
                           + ("<br>η = %{customdata[1]:.4g}" if any(r.get("eta") is not None for r in mine) else "")
                           + "<extra></extra>")))
        bounded = [r for r in mine if not r["bound_vacuous"]]
        if bounded:
            figure.add_trace(go.Scatter(
                x=[r["n"] for r in bounded], y=[r["bound"] for r in bounded], name=f"{learner}: its bound",
                mode="lines+markers", line=dict(color=color, dash="dash", width=2),
                marker=dict(symbol=f"{symbol}-open", size=8, color=color),
                hovertemplate="n = %{x}<br>bound %{y:,.1f}<extra>" + learner + "</extra>"))
        vacuous = [r["n"] for r in mine if r["bound_vacuous"]]
        if vacuous:
            where = "every n" if len(vacuous) == len(mine) else "n = " + ", ".join(map(str, vacuous))
            figure.add_trace(go.Scatter(
                x=vacuous, y=[rows_at[learner]] * len(vacuous), name=f"{learner}: bound vacuous at {where}"
                                                                     "<br>(Thm 3.1 says nothing; no line)",
                mode="markers+text", text=["∞"] * len(vacuous), textposition="top center",
                textfont=dict(color=color, size=16), line=dict(color=color, dash="dash", width=2),
                marker=dict(symbol="line-ew-open", size=14, color=color, line=dict(width=2, color=color)),
                hovertemplate="n = %{x}<br>Theorem 3.1: denominator ≤ 0, no bound<extra>" + learner + "</extra>"))
    capped = [r for r in rows if r["runs_capped"]]
    if capped:
        cap = result.get("trials_cap")
        figure.add_trace(go.Scatter(
            x=[r["n"] for r in capped], y=[r["mistakes"] for r in capped], mode="markers",
            name=f"▲ reached the cap of {cap:,} trials: a lower bound" if cap else "▲ capped: a lower bound",
            marker=CAPPED_MARKER,
            customdata=[[r["learner"], r["runs_capped"], r["runs"]] for r in capped],
            hovertemplate="%{customdata[0]}, n = %{x}: %{customdata[1]} of %{customdata[2]} runs capped"
                          "<extra></extra>"))
    title = dict(text=f"{target} target: mistakes against n", yref="container", y=1, yanchor="top", pad=dict(t=8))
    if vacuous_learners:
        title["subtitle"] = dict(text="<br>".join(
            f"{name}: no bound where ∞ is marked<br>(Theorem 3.1 vacuous: ηγ ≤ ‖u‖₁ ln cosh ηR∞)"
            for name in vacuous_learners))
    sizes = sorted({r["n"] for r in rows} | {r["n"] for r in references})
    figure.update_layout(title=title, xaxis_title="n (features)", yaxis_title="mistakes",
                         # ticks at the sizes run, and at whole decades of mistakes: no "2, 5" between decades
                         xaxis=dict(type="log", tickmode="array", tickvals=sizes, ticktext=[f"{n:,}" for n in sizes]),
                         yaxis=dict(type="log", range=[low, high], tickmode="array", automargin=False,
                                    **axis["ticks"]))
    figure = legend_below(figure, plot_height=SCALING_PLOT_HEIGHT, top=top_margin, left=34 + 8 * longest)
    figure.update_yaxes(automargin=False)          # the same left margin as the other target's figure
    return figure


def _scaling_axis(result: dict, target: str) -> dict:
    """The y axis of ``target``'s scaling figure: its log range, decade ticks, and the height of each
    vacuous learner's row of ∞ marks (a factor 3 apart, the first 3× above the highest data)."""
    rows = [r for r in result["rows"] if r["target"] == target]
    finite = [v for r in rows for v in (r["mistakes_max"], r["bound"]) if v is not None and v > 0]
    finite += [r["value"] for r in result.get("references", []) if r["target"] == target]
    highest = max(finite) if finite else 10.0
    bottom = max(min(r["mistakes_min"] for r in rows) / 2, 0.5) if rows else 0.5
    vacuous = list(dict.fromkeys(r["learner"] for r in rows if r["bound_vacuous"]))
    rows_at = {name: highest * 3.0 ** (1 + index) for index, name in enumerate(vacuous)}
    top = max(rows_at.values(), default=highest * 2)
    span = np.log10(top) - np.log10(bottom)
    # room above the last row of marks for its text (INFINITY_BAND px of the plot's height)
    headroom = INFINITY_BAND * span / (SCALING_PLOT_HEIGHT - INFINITY_BAND) if vacuous else 0.15
    low, high = float(np.log10(bottom)), float(np.log10(top) + headroom)
    return {"rows_at": rows_at, "range": (low, high), "ticks": decade_ticks(10 ** low, 10 ** high)}


def epsilon_figure(rows, best_epsilon: float, best_bound: float) -> go.Figure:
    """RWM's bound against ε with the optimum marked (seed 001)."""
    figure = go.Figure(go.Scatter(x=[r["epsilon"] for r in rows], y=[r["bound"] for r in rows],
                                  name="(1+ε)m + ln N/ε", mode="lines", line=dict(color=CLASS_COLORS[0], width=2)))
    figure.add_trace(go.Scatter(x=[best_epsilon], y=[best_bound], name=f"best ε = {best_epsilon:.3f}",
                                mode="markers", marker=dict(symbol="star", size=14, color=CLASS_COLORS[1])))
    figure.update_layout(xaxis_title="ε", yaxis_title="bound on expected mistakes")
    return legend_below(figure, plot_height=260, top=20)


def ours_vs_published_figure(rows, value: str, published: str, label: str) -> go.Figure:
    """Grouped bars: our value beside the published one, per row label."""
    names = [f"{r.get('dataset', '')} {r.get('algorithm', r.get('method', ''))}".strip() for r in rows]
    figure = go.Figure([
        go.Bar(x=names, y=[100 * r[value] for r in rows], name="ours", marker_color=CLASS_COLORS[0]),
        go.Bar(x=names, y=[100 * r[published] for r in rows], name="published", marker_color=CLASS_COLORS[2],
               marker_pattern_shape="/"),
    ])
    figure.update_layout(barmode="group", yaxis_title=f"{label} (%)")
    return legend_below(figure, plot_height=240, top=20)


#: a reference level or place drawn as a dotted grey line, named in the legend (never written into the plot,
#: where a label would be cut at the plot's edge or lie on the data)
LEVEL_LINE = dict(color="#9a9a9a", dash="dot", width=1.5)


def sparsification_figure(sparsification: dict) -> go.Figure:
    """Test accuracy of a trained model against the fraction of its edges kept (seed 004 §3, Fig. 4b).

    ``sparsification`` is the ``manyclass`` result's: ``fraction``, ``kept``, ``accuracy`` (the
    sparsified model's curve), ``full_accuracy`` and ``others`` — other models placed at their own
    number of edges as a fraction of the sparsified model's (OOZ).  A dotted line marks the full
    model's accuracy; a dash-dotted vertical marks seed 004's published 30% (its task 4, not this data); both
    are named in the legend.

    >>> figure = sparsification_figure(dict(fraction=[1.0, 0.3, 0.05], kept=[100, 30, 5],
    ...                                     accuracy=[0.9, 0.9, 0.8], total=100, model="PA-II",
    ...                                     full_accuracy=0.9,
    ...                                     others=[dict(method="OOZ d=20", fraction=0.3, accuracy=0.85)]))
    >>> [trace.name for trace in figure.data]  # doctest: +NORMALIZE_WHITESPACE
    ['PA-II, largest-|w| edges kept', 'OOZ d=20 (its own edges)', 'full PA-II: 0.900',
     'Madani & Huang: 30% kept, no loss<br>(their task 4)']
    >>> figure.layout.xaxis.range[1] > 1.0, figure.data[2].y, figure.data[3].x   # the full level, 30%
    (True, (0.9, 0.9), (0.3, 0.3))
    >>> figure.layout.annotations
    ()
    """
    model = sparsification.get("model", "model")
    figure = go.Figure(go.Scatter(
        x=sparsification["fraction"], y=sparsification["accuracy"], name=f"{model}, largest-|w| edges kept",
        mode="lines+markers", line=dict(color=CLASS_COLORS[0], width=2), marker=dict(size=8),
        customdata=sparsification["kept"],
        hovertemplate="kept %{x:.0%} of the edges (%{customdata:,})<br>accuracy %{y:.3f}<extra></extra>"))
    for index, other in enumerate(sparsification.get("others", [])):
        figure.add_trace(go.Scatter(
            x=[other["fraction"]], y=[other["accuracy"]], name=f"{other['method']} (its own edges)", mode="markers",
            marker=dict(symbol=("square", "diamond", "triangle-up")[index % 3], size=11,
                        color=CLASS_COLORS[(index + 1) % len(CLASS_COLORS)]),
            hovertemplate="%{x:.0%} of " + model + "'s edges<br>accuracy %{y:.3f}<extra>" + other["method"] + "</extra>"))
    full = sparsification.get("full_accuracy", sparsification["accuracy"][0])
    values = list(sparsification["accuracy"]) + [o["accuracy"] for o in sparsification.get("others", [])] + [full]
    spread = max(max(values) - min(values), 0.01)
    low, high = min(values) - 0.1 * spread, max(values) + 0.1 * spread
    figure.add_trace(go.Scatter(x=[0, 1.05], y=[full, full], mode="lines", line=LEVEL_LINE, hoverinfo="skip",
                                name=f"full {model}: {full:.3f}"))
    figure.add_trace(go.Scatter(x=[0.3, 0.3], y=[low, high], mode="lines", line=dict(LEVEL_LINE, dash="dashdot"),
                                hoverinfo="skip",
                                name=f"{credit('004')}: 30% kept, no loss<br>(their task 4)"))
    figure.update_layout(xaxis_title="fraction of the edges kept", yaxis_title="test accuracy (top 1)",
                         xaxis=dict(tickformat=".0%", range=[0, 1.05]), yaxis=dict(range=[low, high]))
    return legend_below(figure, plot_height=260, top=30)


def committee_figure(committee: dict) -> go.Figure:
    """Test accuracy of every committee member beside the committee's votes (seed 004, Algorithm 1), as points.

    ``committee`` is the ``manyclass`` result's: ``member_accuracy`` (one per member),
    ``committee`` (majority vote) and optionally ``min_frequency`` (the rarest predicted class).
    A dotted line marks the members' mean, named in the legend.  The axis labels are short and broken over
    two lines, so they stand upright and whole in a narrow column.

    >>> figure = committee_figure(dict(member_accuracy=[0.80, 0.82, 0.81], committee=0.83,
    ...                                min_frequency=0.815, member="OOZ d=100", passes=3))
    >>> list(figure.data[0].x), list(figure.data[1].x)
    (['member 1', 'member 2', 'member 3'], ['majority<br>vote', 'rarest-class<br>vote'])
    >>> figure.data[2].name, round(figure.data[2].y[0], 3)
    ("members' mean 0.810", 0.81)
    """
    members = committee["member_accuracy"]
    passes = committee.get("passes", "?")
    labels = [f"member {i + 1}" for i in range(len(members))]
    votes = {"majority<br>vote": committee["committee"]}
    if committee.get("min_frequency") is not None:
        votes["rarest-class<br>vote"] = committee["min_frequency"]
    # points, not bars: the axis does not start at 0, and a bar's length would overstate the differences
    mean = float(np.mean(members))

    def away(values):        # each value's label on the far side of its point from the mean's line
        return ["bottom center" if value < mean else "top center" for value in values]

    figure = go.Figure([
        go.Scatter(x=labels, y=members, name=f"a member alone ({committee.get('member', 'member')})", mode="markers+text",
                   marker=dict(symbol="circle", size=12, color=CLASS_COLORS[4]), text=[f"{a:.3f}" for a in members],
                   textposition=away(members)),
        go.Scatter(x=list(votes), y=list(votes.values()), name=f"the committee of {len(members)}",
                   mode="markers+text", marker=dict(symbol="diamond", size=14, color=CLASS_COLORS[0]),
                   text=[f"{a:.3f}" for a in votes.values()], textposition=away(votes.values())),
    ])
    categories = labels + list(votes)
    figure.add_trace(go.Scatter(x=categories, y=[mean] * len(categories), mode="lines", line=LEVEL_LINE,
                                hoverinfo="skip", name=f"members' mean {mean:.3f}"))
    values = list(members) + list(votes.values())
    spread = max(values) - min(values)
    low, high = min(values) - max(spread, 0.01) * 2, max(values) + max(spread, 0.01) * 1.5
    figure.update_layout(yaxis_title="test accuracy (top 1)", yaxis_range=[max(0.0, low), min(1.0, high)],
                         xaxis=dict(tickangle=0, automargin=False),
                         title=dict(text=f"{len(members)} members, {passes} pass{'' if passes == 1 else 'es'} each",
                                    font=dict(size=13)))
    # no x-axis title: the band under the plot holds the two-line labels
    return legend_below(figure, plot_height=250, top=40)
