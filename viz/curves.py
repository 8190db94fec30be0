"""Live curves: cumulative mistakes (or weighted loss) against the bounds of the data seen so far.

A bound that does not apply at some trials (values ``inf``) is drawn only
where it applies; one that never applies gets a legend entry saying why.
Nothing infinite or NaN ever reaches the figure.

Examples
--------
>>> import numpy as np
>>> from learners.comparators import BoundCurve
>>> curve = BoundCurve("Novikoff", "", "seed 003", np.array([np.inf, 9.0, 9.0]), np.array([False, True, True]))
>>> figure = bound_curves_figure(np.arange(1, 4), np.array([1, 1, 2]), [curve])
>>> [t.name for t in figure.data]
['mistakes', 'Novikoff (seed 003)']
>>> figure.data[1].y
(None, 9.0, 9.0)
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette


def finite_or_none(values) -> list:
    values = np.asarray(values, dtype=float)
    return [float(v) if np.isfinite(v) else None for v in values]


def _get(curve, name, default=None):
    return curve.get(name, default) if isinstance(curve, dict) else getattr(curve, name, default)


def bound_curves_figure(trials, cumulative, curves, *, weighted_loss=None, y_label="mistakes",
                        log_y: bool = False) -> go.Figure:
    """Measured cumulative count(s) against each bound curve, trial by trial."""
    trials = np.asarray(trials).tolist()
    figure = go.Figure()
    figure.add_trace(go.Scatter(x=trials, y=finite_or_none(cumulative), name=y_label, mode="lines",
                                line=dict(color="#000000", width=3), line_shape="hv"))
    if weighted_loss is not None and np.any(np.asarray(weighted_loss) != np.asarray(cumulative)):
        figure.add_trace(go.Scatter(x=trials, y=finite_or_none(weighted_loss), name="weighted loss",
                                    mode="lines", line=dict(color="#777777", width=2), line_shape="hv"))
    for i, curve in enumerate(curves):
        name = f"{_get(curve, 'name')} ({_get(curve, 'source', '')})".replace(" ()", "")
        values = np.asarray(_get(curve, "values"), dtype=float)
        applies = np.asarray(_get(curve, "applies", np.isfinite(values)), dtype=bool) & np.isfinite(values)
        if _get(curve, "measures", "mistakes") == "weighted loss":
            name += " — weighted loss"
        style = dict(color=palette.BOUND_COLORS[i % 6], dash=palette.BOUND_DASHES[i % 6], width=2)
        if not applies.any():
            figure.add_trace(go.Scatter(x=[None], y=[None], name=f"{name}: does not apply", mode="lines",
                                        line=style, visible="legendonly"))
            continue
        figure.add_trace(go.Scatter(x=trials, y=finite_or_none(np.where(applies, values, np.nan)), name=name,
                                    mode="lines", line=style))
    measured = max(float(np.nanmax(np.asarray(cumulative, dtype=float))) if len(trials) else 0.0, 1.0)
    bound_tops = [float(np.max(np.asarray(_get(c, "values"), float)[np.isfinite(np.asarray(_get(c, "values"), float))]))
                  for c in curves if np.isfinite(np.asarray(_get(c, "values"), float)).any()]
    # show the measured curve clearly; a bound far above it is cut at 25× (its legend still names it)
    top = max([measured * 1.15] + [min(b, 25 * measured) * 1.05 for b in bound_tops])
    figure.update_layout(
        height=340, margin=dict(l=10, r=10, t=30, b=10), plot_bgcolor="white",
        legend=dict(orientation="h", y=-0.25, font=dict(size=12)), xaxis=dict(title="trial", gridcolor="#eeeeee"),
        yaxis=dict(title=y_label, gridcolor="#eeeeee", type="log" if log_y else "linear",
                   range=None if log_y else [0, top]),
        title=dict(text="mistakes against the bounds", x=0.01, font=dict(size=14)))
    return figure


def invariants_figure(trials, w_dot_u, gamma_M, w_norm_sq, R2_M) -> go.Figure:
    """Novikoff's proof, live: w·u ≥ γM and ‖w‖² ≤ R²M after every trial."""
    trials = np.asarray(trials).tolist()
    figure = go.Figure()
    for values, name, color, dash in ((w_dot_u, "w·u", palette.CLASS_COLORS[0], "solid"),
                                      (gamma_M, "γM (w·u stays above)", palette.CLASS_COLORS[0], "dash"),
                                      (w_norm_sq, "‖w‖²", palette.CLASS_COLORS[1], "solid"),
                                      (R2_M, "R²M (‖w‖² stays below)", palette.CLASS_COLORS[1], "dash")):
        figure.add_trace(go.Scatter(x=trials, y=finite_or_none(values), name=name, mode="lines",
                                    line=dict(color=color, dash=dash, width=2)))
    figure.update_layout(height=300, margin=dict(l=10, r=10, t=30, b=10), plot_bgcolor="white",
                         legend=dict(orientation="h", y=-0.3), xaxis_title="trial", yaxis_type="log",
                         title=dict(text="the proof's invariants", x=0.01, font=dict(size=14)))
    return figure
