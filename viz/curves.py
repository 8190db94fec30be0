"""Curves over trials: cumulative mistakes against the bounds, the perceptron proof's
invariants, and two learners' mistakes against their weighted loss.

A bound is drawn only on the trials where it applies (its value is ``inf``
elsewhere, e.g. while the data seen so far is not separable): those trials
become gaps, never NaN or infinity in the figure.  A bound that applies
nowhere still gets a legend entry that says why.  Measured counts are solid
and black; bounds are dashed or dotted in colour (:func:`viz.palette.bound_style`).

Examples
--------
>>> import numpy as np
>>> from learners.comparators import BoundCurve
>>> curve = BoundCurve("Novikoff", "", "seed 003", np.array([np.inf, 9.0, 9.0]), np.array([False, True, True]))
>>> figure = bound_curves_figure(np.arange(1, 4), np.array([1, 1, 2]), [curve])
>>> [t.name for t in figure.data]
['mistakes', 'Novikoff (seed 003), from trial 2']
>>> figure.data[1].y
(None, 9.0, 9.0)
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from . import palette
from .boundary import plain, scatter

MAX_POINTS = 2000                 # longer bound curves are thinned to about this many points
LEGEND_REASON_CHARS = 70


# ---------------------------------------------------------------- helpers
def finite_or_none(values) -> list:
    """Floats, with None (a gap in the line) wherever the value is not finite.

    >>> finite_or_none([1.0, np.inf, np.nan, -2])
    [1.0, None, None, -2.0]
    """
    values = np.asarray(values, dtype=float).reshape(-1)
    return [float(v) if np.isfinite(v) else None for v in values]


def _field(curve, name: str, default=None):
    return curve.get(name, default) if isinstance(curve, dict) else getattr(curve, name, default)


def _series(values, length: int, name: str) -> np.ndarray:
    try:
        values = np.asarray(values, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be numbers, one per trial.") from None
    if values.shape[0] != length:
        raise ValueError(f"{name} must have one value per trial: {length} trials, {values.shape[0]} values.")
    return values


def _trials(trials) -> np.ndarray:
    try:
        trials = np.asarray(trials, dtype=float).reshape(-1)
    except (TypeError, ValueError):
        raise ValueError("trials must be numbers (trial indices).") from None
    if not np.all(np.isfinite(trials)):
        raise ValueError("trials must be finite.")
    return trials


def step_points(values) -> np.ndarray:
    """Indices where a step curve changes (plus the first and last): enough to draw it with shape "hv".

    >>> step_points([0, 0, 1, 1, 1, 2]).tolist()
    [0, 2, 5]
    """
    values = np.asarray(values, dtype=float).reshape(-1)
    if values.size <= 2:
        return np.arange(values.size)
    keep = np.ones(values.size, bool)
    keep[1:-1] = values[1:-1] != values[:-2]
    return np.flatnonzero(keep)


def thin_indices(shown: np.ndarray, limit: int = MAX_POINTS) -> np.ndarray:
    """About ``limit`` evenly spread indices, plus both ends of every stretch where ``shown`` is True."""
    n = shown.size
    if n <= limit:
        return np.arange(n)
    edges = np.flatnonzero(np.diff(shown.astype(np.int8))) if n > 1 else np.zeros(0, int)
    picked = np.concatenate([np.round(np.linspace(0, n - 1, limit)).astype(int), edges, edges + 1])
    return np.unique(np.clip(picked, 0, n - 1))


def _shorten(text: str, limit: int = LEGEND_REASON_CHARS) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _finite_max(values) -> float:
    values = np.asarray(values, dtype=float)
    values = values[np.isfinite(values)]
    return float(values.max()) if values.size else 0.0


def axis_style(title: str | None = None, **extra) -> dict:
    """A line chart's axis: light grid, grey axis line, readable ticks, an optional title."""
    style = dict(gridcolor=palette.GRID_COLOR, showline=True, linecolor="#999999",
                 tickfont=dict(size=palette.FONT_SIZE), **extra)
    if title is not None:
        style["title"] = dict(text=title)       # plotly.js ignores a bare string title
    return style


def curve_layout_dict(title: str, height: int = 360, top: int = 40, **extra) -> dict:
    """:func:`curve_layout` as a plain dict (building a figure with it skips ``update_layout``,
    which costs tens of milliseconds); ``extra`` adds or replaces entries (e.g. ``yaxis``).

    The margins already hold tick labels, axis titles and a legend row or two: when a margin
    has to grow to fit them, plotly.js draws the whole figure a second time."""
    layout = dict(
        height=height, margin=dict(l=50, r=10, t=top, b=60), plot_bgcolor="white", hovermode="x unified",
        legend=dict(orientation="h", yanchor="top", y=-0.2, x=0, font=dict(size=palette.FONT_SIZE),
                    traceorder="normal"),
        title=dict(text=plain(title), x=0.01, font=dict(size=15)), xaxis=axis_style(), yaxis=axis_style())
    layout.update(extra)
    return layout


def curve_layout(figure: go.Figure, title: str, height: int = 360, top: int = 40) -> go.Figure:
    """The lab's layout for line and bar charts: white plot, light grid, legend below, title at the left."""
    figure.update_layout(
        height=height, margin=dict(l=10, r=10, t=top, b=10), plot_bgcolor="white", hovermode="x unified",
        legend=dict(orientation="h", yanchor="top", y=-0.2, x=0, font=dict(size=palette.FONT_SIZE),
                    traceorder="normal"),
        title=dict(text=plain(title), x=0.01, font=dict(size=15)))
    figure.update_xaxes(gridcolor=palette.GRID_COLOR, showline=True, linecolor="#999999",
                        tickfont=dict(size=palette.FONT_SIZE))
    figure.update_yaxes(gridcolor=palette.GRID_COLOR, showline=True, linecolor="#999999",
                        tickfont=dict(size=palette.FONT_SIZE))
    return figure


# ---------------------------------------------------------------- bounds
def _measured_trace(trials, values, name, color, width) -> go.Scatter:
    keep = step_points(values)
    return scatter(x=trials[keep].tolist(), y=finite_or_none(values[keep]), name=plain(name), mode="lines",
                   line=dict(color=color, width=width, shape="hv"),
                   hovertemplate="%{y:.4g}<extra>" + plain(name) + "</extra>")


def _curve_values(curve, T: int) -> tuple:
    """(name, values, applies) of a bound curve, checked; ``applies`` defaults to the finite values."""
    name = plain(_field(curve, "name", "bound"))
    values = _series(_field(curve, "values"), T, f"values of {name}")
    applies = _field(curve, "applies", None)
    applies = np.isfinite(values) if applies is None else np.asarray(applies, dtype=bool).reshape(-1)
    if applies.shape[0] != T:
        raise ValueError(f"applies of {name} must have one flag per trial ({T}); got {applies.shape[0]}.")
    return name, values, applies & np.isfinite(values)


def is_reference(curve) -> bool:
    """Whether a curve is a reference for another run (``bounds_this_run`` False), not a bound of this one."""
    return not bool(_field(curve, "bounds_this_run", True))


def _bound_trace(trials, curve, index: int, log_y: bool) -> go.Scatter:
    T = trials.size
    name, values, shown = _curve_values(curve, T)
    source = _field(curve, "source", "")
    if source:
        name += f" ({plain(source)})"
    if _field(curve, "measures", "mistakes") not in ("mistakes", None):
        name += f" — {plain(_field(curve, 'measures'))}"
    if log_y:
        shown = shown & (values > 0)
    reference = is_reference(curve)
    style = palette.REFERENCE_STYLE if reference else palette.bound_style(index)
    if reference and not name.lower().startswith("reference"):
        name = "reference — " + name
    reason = _field(curve, "reason", "") or "its conditions do not hold on the data seen so far"
    if not shown.any():
        return scatter(x=[float(trials[0]) if T else None], y=[None], mode="lines", line=style, visible="legendonly",
                       name=f"{name}: does not apply", meta=plain(_shorten(reason, 90)))
    hover = name
    if not shown.all():
        first = int(np.argmax(shown))
        if shown[first:].all():
            name += f", from trial {trials[first]:g}"
        else:
            name += f", on {int(shown.sum())} of {T} trials"
        hover = f"{name}<br>elsewhere: {plain(_shorten(reason))}"
    keep = thin_indices(shown)
    kept = shown[keep]
    isolated = kept & ~np.r_[False, kept[:-1]] & ~np.r_[kept[1:], False]
    markers = {"mode": "lines"}
    if isolated.any():      # a lone applicable trial is no line: give it a dot (every marker is an SVG node)
        markers = dict(mode="lines+markers", marker=dict(size=np.where(isolated, 6, 0).tolist(), color=style["color"]))
    return scatter(x=trials[keep].tolist(), y=[float(v) if s else None for v, s in zip(values[keep], kept)],
                   name=name, line=style, connectgaps=False, opacity=0.8 if reference else 1.0,
                   legendgroup="reference" if reference else "bound",
                   hovertemplate="%{y:.4g}<extra>" + hover + "</extra>", **markers)


def bound_curves_figure(trials, cum_mistakes, curves, *, y_label: str = "mistakes", weighted_loss=None,
                        log_y=False, title: str | None = None) -> go.Figure:
    """The measured cumulative count against every bound curve, trial by trial.

    A bound that applies on no trial is listed, with its reason, under the
    title ("not drawn — name: reason") and as a hidden legend entry.  A curve
    that does not bound this run (``bounds_this_run=False``: a reference such as
    Winnow at the tuned η*) is drawn thin, grey and dotted, named "reference — …",
    and the measured count may cross it.  The default title promises bounds only
    when the figure draws one.

    Parameters
    ----------
    trials : trial numbers (x axis), length T.
    cum_mistakes : the learner's cumulative count after each trial (mistakes, expected mistakes, ...).
    curves : objects or dicts with ``name``, ``values`` (T floats, ``inf`` where the bound does
        not apply), ``applies`` (T bools, default: finite values), ``reason`` (why not), and
        optionally ``source`` and ``measures`` (e.g. "weighted loss") — e.g.
        :class:`learners.comparators.BoundCurve`.
    weighted_loss : optional cumulative weighted loss, drawn in grey when it differs from the count.
    log_y : True for a log y axis; ``"auto"`` when the largest bound exceeds 20 times the count.
        On a linear axis the view keeps the count readable: it shows bounds up to
        5 × count + 5 and says so when some lie above.
    """
    trials = _trials(trials)
    T = trials.size
    measured = _series(cum_mistakes, T, y_label)
    if not np.all(np.isfinite(measured)):
        raise ValueError(f"{y_label} must be finite.")
    curves = list(curves or [])
    top = max(_finite_max(measured), 0.0)
    highest = 0.0
    for curve in curves:
        _, values, shown = _curve_values(curve, T)
        highest = max(highest, _finite_max(values[shown]))
    if log_y == "auto":
        log_y = highest > 20 * max(top, 1.0)
    elif log_y not in (True, False):
        raise ValueError(f"log_y must be True, False or 'auto'; got {log_y!r}.")
    traces = [_measured_trace(trials, measured, y_label, palette.MEASURED_COLOR, 3)]
    if weighted_loss is not None:
        loss = _series(weighted_loss, T, "weighted_loss")
        if not np.all(np.isfinite(loss)):
            raise ValueError("weighted_loss must be finite.")
        if np.any(loss != measured):
            traces.append(_measured_trace(trials, loss, "weighted loss", palette.SECONDARY_COLOR, 2))
            top = max(top, _finite_max(loss))
    for i, curve in enumerate(curves):
        traces.append(_bound_trace(trials, curve, i, bool(log_y)))
    missing = [f"{trace.name.removesuffix(': does not apply')}: {trace.meta}" for trace in traces
               if trace.visible == "legendonly"]
    if title is None:
        drawn_bounds = [c for c, t in zip(curves, traces[-len(curves):] if curves else [])
                        if not is_reference(c) and t.visible != "legendonly"]
        title = f"{y_label} against the bounds" if drawn_bounds else f"cumulative {y_label}"
    # trials are whole numbers: on a short run plotly would put ticks at 1.5, 2.5, …
    trial_ticks = dict(tick0=1, dtick=1) if T <= 8 else dict(tickformat="d")
    layout = curve_layout_dict(title, height=380, top=44 + 18 * len(missing),
                               xaxis=axis_style(title="trial", **trial_ticks))
    if missing:
        layout["title"]["subtitle"] = dict(text="<br>".join(f"not drawn — {m}" for m in missing),
                                           font=dict(size=12, color="#555555"))
    if log_y:
        layout["yaxis"] = axis_style(title=f"{y_label} (log scale)", type="log")
    else:
        ceiling = 5 * top + 5
        upper = max(1.05 * top + 1, min(1.05 * highest, ceiling))
        layout["yaxis"] = axis_style(title=y_label, range=[0, upper])
        if highest > upper:     # two short lines: the chart may be narrow (a third of the page)
            layout["annotations"] = [dict(
                x=1, y=1, xref="paper", yref="paper", xanchor="right", yanchor="top", showarrow=False, align="right",
                font=dict(size=11, color="#555555"), bgcolor="rgba(255, 255, 255, 0.85)",
                text=f"▲ bounds reach {highest:.3g},<br>above this view")]
    return go.Figure(traces, layout=layout, _validate=False)


# ---------------------------------------------------------------- perceptron proof
def invariants_figure(trials, w_dot_u, gamma_M, w_norm_sq, R2_M) -> go.Figure:
    """Novikoff's proof, live (seed 003, Thm 2.1; seed 001, Claims 1–2): after M mistakes
    w·u ≥ γM (top panel: every mistake moves w towards u) and ‖w‖² ≤ R²M (bottom
    panel: w grows slowly); together Mγ ≤ ‖w‖‖u‖ ≤ √M·R‖u‖, so M ≤ R²‖u‖²/γ².

    The shaded band between each quantity and its bound is the slack of the invariant.

    >>> figure = invariants_figure([1, 2], [0.5, 1.4], [0.4, 0.8], [1.0, 2.0], [2.0, 4.0])
    >>> [t.name for t in figure.data]
    ['γ·M', 'w·u', 'R²·M', '‖w‖²']
    """
    trials = _trials(trials)
    T = trials.size
    series = {name: _series(values, T, name) for name, values in
              (("w_dot_u", w_dot_u), ("gamma_M", gamma_M), ("w_norm_sq", w_norm_sq), ("R2_M", R2_M))}
    x = trials.tolist()
    top = (("gamma_M", "γ·M", "dash"), ("w_dot_u", "w·u", "solid"))
    bottom = (("R2_M", "R²·M", "dash"), ("w_norm_sq", "‖w‖²", "solid"))
    traces = []
    for axis, items, j in (("", top, 0), ("2", bottom, 1)):
        for k, (key, name, dash) in enumerate(items):
            traces.append(scatter(x=x, y=finite_or_none(series[key]), name=name, mode="lines",
                                  xaxis="x" + axis, yaxis="y" + axis,
                                  line=dict(color=palette.color(j), dash=dash, width=2.5 if k else 2),
                                  fill="tonexty" if k else None, fillcolor=palette.fill(j, 0.12),
                                  hovertemplate="%{y:.4g}<extra>" + name + "</extra>"))
    # two panels sharing the trial axis (what make_subplots(rows=2, shared_xaxes=True) lays out)
    layout = curve_layout_dict(
        "the perceptron proof's two invariants", height=460, top=80,
        xaxis=axis_style(anchor="y", matches="x2", showticklabels=False),
        yaxis=axis_style(domain=[0.56, 1.0], anchor="x"),
        xaxis2=axis_style(anchor="y2", title="trial"), yaxis2=axis_style(domain=[0.0, 0.44], anchor="x2"),
        annotations=[dict(text=text, x=0.5, y=y, xref="paper", yref="paper", xanchor="center", yanchor="bottom",
                          showarrow=False, font=dict(size=14))
                     for text, y in (("progress: w·u stays above γ·M", 1.0),
                                     ("growth: ‖w‖² stays below R²·M", 0.44))])
    return go.Figure(traces, layout=layout, _validate=False)


# ---------------------------------------------------------------- two learners
def _column(history, names, label):
    for name in names:
        if name in history:
            values = np.asarray(history[name], dtype=float).reshape(-1)
            if not np.all(np.isfinite(values)):
                raise ValueError(f"{label} must be finite.")
            return values
    raise ValueError(f"each history needs {' or '.join(repr(n) for n in names)}.")


def mistakes_vs_cost_figure(histories, *, title: str = "mistakes and weighted loss") -> go.Figure:
    """Two (or more) learners on one stream: cumulative mistakes (left) and weighted loss (right).

    ``histories`` maps a learner's name to its per-trial record — a learner's
    ``history_`` (``cum_mistakes``, ``cum_weighted_loss``, ``trial``) or
    :meth:`lab.runner.Run.cumulative` (``mistakes``, ``weighted_loss``, ``trial``).
    Seed 000, Table 1: MV-IWP makes more mistakes than MV-Perceptron but pays
    less weighted loss when the weights are uneven.

    >>> h = {"cum_mistakes": [1, 1, 2], "cum_weighted_loss": [2.0, 2.0, 2.5]}
    >>> figure = mistakes_vs_cost_figure({"MV-IWP": h, "MV-Perceptron": h})
    >>> [t.name for t in figure.data]
    ['MV-IWP', 'MV-Perceptron', 'MV-IWP', 'MV-Perceptron']
    """
    items = list(histories.items()) if isinstance(histories, dict) else list(histories)
    if not items:
        raise ValueError("mistakes_vs_cost_figure needs at least one learner's history.")
    figure = make_subplots(rows=1, cols=2, horizontal_spacing=0.1,
                           subplot_titles=("cumulative mistakes", "cumulative weighted loss"))
    for col, (names, label) in enumerate(((("cum_mistakes", "mistakes"), "mistakes"),
                                          (("cum_weighted_loss", "weighted_loss"), "weighted loss")), start=1):
        for i, (name, history) in enumerate(items):
            values = _column(history, names, f"{label} of {name}")
            trials = np.asarray(history.get("trial", np.arange(1, values.size + 1)), dtype=float).reshape(-1)
            if trials.shape != values.shape:
                raise ValueError(f"trial and {label} of {name} must have the same length.")
            keep = step_points(values)
            color = palette.LEARNER_COLORS[i % len(palette.LEARNER_COLORS)]
            figure.add_trace(go.Scatter(
                x=trials[keep].tolist(), y=values[keep].tolist(), name=plain(name), legendgroup=str(i),
                showlegend=col == 1, mode="lines", line_shape="hv",
                line=dict(color=color, width=2.5, dash=palette.LEARNER_DASHES[i % len(palette.LEARNER_DASHES)]),
                hovertemplate="%{y:.4g}<extra>" + plain(name) + "</extra>"), row=1, col=col)
    curve_layout(figure, title, top=80)
    figure.update_xaxes(title="trial")
    figure.update_yaxes(rangemode="tozero")
    return figure
