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
#: a linear view up to READABLE × count + READABLE keeps the count readable; bounds above it get a log axis
READABLE = 5
#: bounds within this fraction of each other on every trial of the run are one curve (one legend entry)
SAME_WITHIN = 0.01
#: a bound that applies on fewer than this fraction of the trials is named under the title, not drawn
RARE = 0.1
#: the player draws the curve of the comparator the student drags in this colour
#: (components/comparator_drag.js, COLOR): no bound of the figure takes it
DRAGGED_U_COLOR = "#CC79A7"
#: a log axis over at most this many decades has ticks at 1, 2 and 5 of each; over more, at 1 only
#: (the player keeps the rule when a curve it adds stretches the axis: layout.meta.counts)
DENSE_DECADES = 3.5
#: references (bounds of another run) are grey and thin; each gets its own dash
REFERENCE_DASHES = ("dot", "dashdot", "longdashdot", "longdash")


def bound_style(index: int) -> dict:
    """The line of the ``index``-th bound drawn: :func:`viz.palette.bound_style`'s dashes, its colours
    without the dragged comparator's (:data:`DRAGGED_U_COLOR`).

    >>> bound_style(2)["color"] != DRAGGED_U_COLOR
    True
    """
    colors = [c for c in palette.BOUND_COLORS if c.upper() != DRAGGED_U_COLOR.upper()]
    dashes = list(dict.fromkeys(palette.BOUND_DASHES))          # distinct dashes, in the palette's order
    turn = index // len(colors)                                  # the next round of colours shifts the dashes
    return {**palette.bound_style(index), "color": colors[index % len(colors)],
            "dash": dashes[(index + turn) % len(dashes)]}


def reference_style(index: int) -> dict:
    """The line of the ``index``-th reference drawn: :data:`viz.palette.REFERENCE_STYLE` with its own dash."""
    return {**palette.REFERENCE_STYLE, "dash": REFERENCE_DASHES[index % len(REFERENCE_DASHES)]}


def count_axis(top: float, highest: float, lowest: float = 1.0, *, log_y="auto") -> dict:
    """The y axis of counts up to ``top`` against bounds up to ``highest``: both always in view.

    Linear from 0 while the bounds stay below ``READABLE × top + READABLE`` (or ``log_y=False``);
    above that (or ``log_y=True``) a log axis broken at the bottom: 0 is drawn at ``floor`` (below
    the decade of the smallest positive value ``lowest``), the tick there reads "0".  Returns the
    layout's ``yaxis`` entries plus ``"floor"`` (None on a linear axis), which the traces use.

    >>> count_axis(3, 9)["range"]
    [0, 9.45]
    >>> axis = count_axis(3, 130)
    >>> axis["type"], round(axis["floor"], 2), axis["ticktext"][:4]
    ('log', 0.44, ['0', '1', '2', '5'])
    """
    if log_y == "auto":
        log_y = highest > READABLE * max(top, 0.0) + READABLE
    elif log_y not in (True, False):
        raise ValueError(f"log_y must be True, False or 'auto'; got {log_y!r}.")
    upper = max(top, highest)
    if not log_y:
        return {"range": [0, round(max(1.05 * top + 1, 1.05 * highest), 6)], "floor": None}
    lowest = 10.0 ** np.floor(np.log10(min(lowest, 1.0) if lowest > 0 else 1.0))
    # the foot ("0") lies below the lowest decade by a sixth of the axis's decades (by a factor 2 at least
    # a factor 2): on a tall range its tick keeps clear of the next one
    floor = lowest / 10.0 ** max(np.log10(2), np.log10(max(upper, 1.0) / lowest) / 6)
    decades = range(int(np.floor(np.log10(floor))) + 1, int(np.ceil(np.log10(max(upper, 1.0)))) + 5)
    steps = (1, 2, 5) if np.log10(max(upper, 1.0) / floor) <= DENSE_DECADES else (1,)
    values = [round(s * 10.0 ** k, 12) for k in decades for s in steps]
    return {"type": "log", "floor": float(floor), "tickmode": "array",
            "tickvals": [float(floor)] + values, "ticktext": ["0"] + [f"{v:g}" for v in values],
            "range": [round(float(np.log10(floor)) - 0.05, 6), round(float(np.log10(max(upper, floor) * 1.25)), 6)]}


def _on_axis(values, floor):
    """(y, customdata) of a trace: on a log axis, values at or below ``floor`` sit on it (the "0" tick)
    and the hover reads the true value from customdata."""
    if floor is None:
        return values, None
    return np.where(np.isfinite(values), np.maximum(values, floor), values), values


def _measured_trace(trials, values, name, color, width, floor=None) -> go.Scatter:
    keep = step_points(values)
    y, real = _on_axis(values[keep], floor)
    extra = {} if real is None else {"customdata": finite_or_none(real)}
    value = "%{y:.4g}" if real is None else "%{customdata:.4g}"
    return scatter(x=trials[keep].tolist(), y=finite_or_none(y), name=plain(name), mode="lines",
                   line=dict(color=color, width=width, shape="hv"),
                   hovertemplate=value + "<extra>" + plain(name) + "</extra>", **extra)


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


def _bound_item(curve, T: int) -> dict:
    """A bound curve checked and described: its name, values where it applies, and what it is."""
    name, values, shown = _curve_values(curve, T)
    source = plain(_field(curve, "source", "") or "")
    measures = _field(curve, "measures", "mistakes") or "mistakes"
    reason = _field(curve, "reason", "") or "its conditions do not hold on the data seen so far"
    return {"name": name, "values": values, "shown": shown, "source": source, "measures": measures,
            "reference": is_reference(curve), "reason": plain(_shorten(reason, 90))}


def same_curve(a: dict, b: dict) -> bool:
    """Whether two bound items (:func:`_bound_item`) draw one line: both bounds or both references,
    within :data:`SAME_WITHIN` of each other on every trial where both apply, and applying on the
    same trials but for at most a :data:`SAME_WITHIN` share of the run (one trial at least: Novikoff
    waits for the second class, Gentile does not).

    >>> ones = np.ones(3, bool)
    >>> item = lambda v: {"values": np.array(v, float), "shown": ones, "reference": False}
    >>> same_curve(item([55.42, 56, 57]), item([55.43, 56, 57])), same_curve(item([1, 2, 3]), item([1, 2, 3.5]))
    (True, False)
    """
    both = a["shown"] & b["shown"]
    if a["reference"] != b["reference"] or not both.any():
        return False
    if np.count_nonzero(a["shown"] ^ b["shown"]) > max(1, SAME_WITHIN * both.size):
        return False
    x, y = a["values"][both], b["values"][both]
    return bool(np.all(np.abs(x - y) <= SAME_WITHIN * np.maximum(np.abs(x), np.abs(y))))


def group_equal(items: list) -> list[list[int]]:
    """Indices of ``items`` grouped by :func:`same_curve` (each group compared with its first member),
    in the order of their first members."""
    groups: list[list[int]] = []
    for i, item in enumerate(items):
        home = next((g for g in groups if same_curve(items[g[0]], item)), None)
        if home is None:
            groups.append([i])
        else:
            home.append(i)
    return groups


_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five"}


def coinciding_bounds(members: list, counts_equal: bool) -> tuple[str, str]:
    """(names, note) of one drawn line standing for several bounds (:func:`group_equal`), in plain words for
    a student: the legend writes ``names:`` and the note below them (its parenthesis on a line of its own, so
    every line fits a phone's figure), and the player's screen-reader description says the same (the trace's
    ``meta``), so both come from here.  The note says why one line stands for them: the weights, when they
    bound different measures that every weight being 1 makes equal; otherwise that they coincide on this run,
    with their last values (:func:`lab.numbers.number_text`).

    >>> item = lambda name, last, measures="mistakes": {"name": name, "values": np.array([1.0, last]),
    ...                                                 "shown": np.ones(2, bool), "measures": measures}
    >>> coinciding_bounds([item("Weighted Majority", 9.638), item("WM, lecture form", 9.6404)], False)
    ('Weighted Majority and WM, lecture form', 'two bounds that coincide on this run (within 1 %: 9.638 and 9.64 at the last trial)')
    >>> coinciding_bounds([item("Gentile", 5), item("IWP Theorem 2", 5, "weighted loss")], True)[1]
    'two bounds that coincide when every weight is 1 (the weighted loss is then the number of mistakes)'
    """
    from lab.numbers import number_text

    names = [m["name"] for m in members]
    joined = ", ".join(names[:-1]) + " and " + names[-1]
    count = _COUNTS.get(len(members), str(len(members)))
    if counts_equal and len({m["measures"] for m in members}) > 1:
        return joined, f"{count} bounds that coincide when every weight is 1 (the weighted loss is then the number of mistakes)"
    values = [number_text(m["values"][m["shown"]][-1]) for m in members]
    last = ", ".join(values[:-1]) + " and " + values[-1]
    return joined, f"{count} bounds that coincide on this run (within {SAME_WITHIN * 100:g} %: {last} at the last trial)"


def _group_label(members: list, counts_equal: bool) -> tuple[str, str, dict | None]:
    """(legend name, hover name, meta) of one drawn curve, which may stand for several equal bounds (then
    ``meta`` holds :func:`coinciding_bounds`'s names and note for the player's description)."""
    def full(m):
        text = m["name"] + (f" ({m['source']})" if m["source"] else "")
        return text + (f" — {plain(m['measures'])}" if m["measures"] != "mistakes" else "")
    if len(members) == 1:
        name = full(members[0])
        if members[0]["reference"] and not name.lower().startswith("reference"):
            name = "reference — " + name
        return name, name, None
    names, note = coinciding_bounds(members, counts_equal)
    if members[0]["reference"]:
        names = "references " + names
    legend = f"{names}:<br>" + note.replace(" (", "<br>(", 1)         # short lines: they fit a phone's width
    return legend, "<br>".join(full(m) for m in members), {"names": names, "note": note}


def _bound_trace(trials, item: dict, name: str, hover: str, style: dict, floor, meta=None) -> go.Scatter:
    T = trials.size
    values, shown = item["values"], item["shown"]
    if not shown.all():
        first = int(np.argmax(shown))
        if shown[first:].all():
            name += f", from trial {trials[first]:g}"
        else:
            name += f", on {int(shown.sum())} of {T} trials"
        hover = f"{hover}<br>elsewhere: {item['reason']}"
    keep = thin_indices(shown)
    kept = shown[keep]
    y, real = _on_axis(values[keep], floor)
    isolated = kept & ~np.r_[False, kept[:-1]] & ~np.r_[kept[1:], False]
    extra = {"mode": "lines"}
    if isolated.any():      # a lone applicable trial is no line: give it a dot (every marker is an SVG node)
        extra = dict(mode="lines+markers", marker=dict(size=np.where(isolated, 6, 0).tolist(), color=style["color"]))
    if real is not None:
        extra["customdata"] = [float(v) if s else None for v, s in zip(real, kept)]
    if meta is not None:
        extra["meta"] = meta
    value = "%{y:.4g}" if real is None else "%{customdata:.4g}"
    return scatter(x=trials[keep].tolist(), y=[float(v) if s else None for v, s in zip(y, kept)],
                   name=name, line=style, connectgaps=False, opacity=0.8 if item["reference"] else 1.0,
                   legendgroup="reference" if item["reference"] else "bound",
                   hovertemplate=value + "<extra>" + hover + "</extra>", **extra)


def bound_curves_figure(trials, cum_mistakes, curves, *, y_label: str = "mistakes", weighted_loss=None,
                        log_y="auto", title: str | None = None) -> go.Figure:
    """The measured cumulative count against every bound curve, trial by trial.

    Every bound drawn is in view with the count (:func:`count_axis`: linear while that keeps the
    count readable, else a log axis with 0 at its foot).  Bounds equal within :data:`SAME_WITHIN`
    on every trial are one line, whose legend entry names them all and says why.  A bound that
    applies on no trial, or on fewer than :data:`RARE` of them, is not drawn: it is named, with
    its reason, under the title ("not drawn — name: reason"), and the legend lists only what is
    drawn.  A curve that does not bound this run (``bounds_this_run=False``: a reference such as
    Winnow at the tuned η*) is drawn thin, grey and dotted (each reference its own dash), named
    "reference — …", and the measured count may cross it.  The default title promises bounds only
    when the figure draws one.  No bound takes :data:`DRAGGED_U_COLOR`.

    Parameters
    ----------
    trials : trial numbers (x axis), length T.
    cum_mistakes : the learner's cumulative count after each trial (mistakes, expected mistakes, ...).
    curves : objects or dicts with ``name``, ``values`` (T floats, ``inf`` where the bound does
        not apply), ``applies`` (T bools, default: finite values), ``reason`` (why not), and
        optionally ``source`` and ``measures`` (e.g. "weighted loss") — e.g.
        :class:`learners.comparators.BoundCurve`.
    weighted_loss : optional cumulative weighted loss, drawn in grey when it differs from the count.
    log_y : "auto" (default), True or False: see :func:`count_axis`.
    """
    trials = _trials(trials)
    T = trials.size
    measured = _series(cum_mistakes, T, y_label)
    if not np.all(np.isfinite(measured)):
        raise ValueError(f"{y_label} must be finite.")
    items = [_bound_item(curve, T) for curve in (curves or [])]
    loss = None
    if weighted_loss is not None:
        loss = _series(weighted_loss, T, "weighted_loss")
        if not np.all(np.isfinite(loss)):
            raise ValueError("weighted_loss must be finite.")
    counts_equal = loss is None or bool(np.all(loss == measured))
    missing, rare, drawn = [], [], []
    for item in items:
        applies_on = int(item["shown"].sum())
        if applies_on == 0:
            missing.append(f"{item['name']}: {_shorten(item['reason'])}")
        elif applies_on < RARE * T:
            rare.append(f"{item['name']} ({applies_on} {'trial' if applies_on == 1 else 'trials'})")
        else:
            drawn.append(item)
    if rare:    # one line for them all (their reasons are the run's notes)
        missing.append(f"{', '.join(rare)}: under a tenth of the {T} trials")
    groups = [[drawn[i] for i in group] for group in group_equal(drawn)]
    measured_all = np.r_[measured, loss if loss is not None and not counts_equal else []]
    top = max(_finite_max(measured_all), 0.0)
    shown_values = np.concatenate([m["values"][m["shown"]] for g in groups for m in g] or [np.zeros(0)])
    highest = _finite_max(shown_values)
    positive = np.r_[measured_all, shown_values]
    positive = positive[np.isfinite(positive) & (positive > 0)]
    axis = count_axis(top, highest, float(positive.min()) if positive.size else 1.0, log_y=log_y)
    floor = axis.pop("floor")
    traces = [_measured_trace(trials, measured, y_label, palette.MEASURED_COLOR, 3, floor)]
    if loss is not None and not counts_equal:
        traces.append(_measured_trace(trials, loss, "weighted loss", palette.SECONDARY_COLOR, 2, floor))
    n_bounds = n_references = 0
    for members in groups:
        name, hover, meta = _group_label(members, counts_equal)
        if members[0]["reference"]:
            style, n_references = reference_style(n_references), n_references + 1
        else:
            style, n_bounds = bound_style(n_bounds), n_bounds + 1
        widest = max(members, key=lambda m: int(m["shown"].sum()))     # drawn where any of them applies
        traces.append(_bound_trace(trials, widest, name, hover, style, floor, meta))
    if title is None:
        title = f"{y_label} against the bounds" if n_bounds else f"cumulative {y_label}"
    # trials are whole numbers: on a short run plotly would put ticks at 1.5, 2.5, …
    trial_ticks = dict(tick0=1, dtick=1) if T <= 8 else dict(tickformat="d")
    layout = curve_layout_dict(title, height=380, top=44 + 18 * len(missing),
                               xaxis=axis_style(title="trial", automargin=True, **trial_ticks))
    if missing:
        layout["title"]["subtitle"] = dict(text="<br>".join(f"not drawn — {m}" for m in missing),
                                           font=dict(size=12, color="#555555"))
    # nothing overlaps at any size or type: the title (and its notes) and the axes' labels push the
    # margins, and the legend sits at the foot of the figure, under the trial axis's title
    layout["title"].update(yref="container", y=1, yanchor="top", pad=dict(t=8), automargin=True)
    layout["legend"] = {**layout["legend"], "yref": "container", "y": 0, "yanchor": "bottom"}
    label = f"{y_label} (log scale)" if floor is not None else y_label
    layout["yaxis"] = axis_style(title=label, autorange=False, automargin=True, **axis)
    layout["meta"] = {"counts": {"top": top, "highest": highest, "floor": floor, "dense_decades": DENSE_DECADES}}
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
def _column(history, name, label):
    if name not in history:
        raise ValueError(f"each history needs {name!r}.")
    values = np.asarray(history[name], dtype=float).reshape(-1)
    if not np.all(np.isfinite(values)):
        raise ValueError(f"{label} must be finite.")
    return values


def mistakes_vs_cost_figure(histories, *, title: str = "mistakes and weighted loss") -> go.Figure:
    """Two (or more) learners on one stream: cumulative mistakes (left) and weighted loss (right).

    ``histories`` maps a learner's name to its per-trial record — a learner's
    ``history_`` or :meth:`lab.runner.Run.cumulative` (``cum_mistakes``, ``cum_weighted_loss``, ``trial``).
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
    for col, (column, label) in enumerate((("cum_mistakes", "mistakes"), ("cum_weighted_loss", "weighted loss")),
                                          start=1):
        for i, (name, history) in enumerate(items):
            values = _column(history, column, f"{label} of {name}")
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
