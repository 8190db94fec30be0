"""Base figures of the timeline player: every trace the player moves exists from the start, with a role.

The player (components/timeline.js) draws a run at any trial by replacing the data of a few
traces — the regions, the previous boundary, the arrow, the ringed point, the support lines,
the comparator, the shading of a kernel model — and never rebuilds a figure.  So the figures
built here hold those traces empty (or at trial 0) and ``layout.meta.roles`` names the index
of each: ``{"region": [i, …], "ghost": i, "arrow": i, "current": i, "support": [i, …],
"comparator": i}`` and, for a kernel model drawn from a grid of scores, ``"shading"``,
``"borders"`` (its boundary) and ``"ghost_grid"`` (the boundary before the last update).  The point clouds carry ``meta = "points"``
(drawn on a layer of their own that no trial redraws).  Pure functions of data: no Streamlit.

Examples
--------
>>> import numpy as np
>>> figure = timeline_boundary_figure(np.array([[0.0, 1.0], [1.0, 0.0]]), np.array([0, 1]), ("A", "B"),
...                                   box=(-2.0, 2.0, -2.0, 2.0), region_classes=[0, 1], n_support=0)
>>> roles = figure.layout.meta["roles"]
>>> sorted(roles), [figure.data[i].name for i in roles["region"]]
(['arrow', 'comparator', 'current', 'ghost', 'region', 'support'], ['region A', 'region B'])
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import palette
from .boundary import (arrow_trace, boundary_layout, check_box, current_trace, plain, point_traces, scatter)
from .curves import axis_style

EMPTY_XY = dict(x=[None], y=[None])


def timeline_boundary_figure(X, labels, class_names, weights=None, *, box, region_classes, n_support: int = 0,
                             dual: bool = False, binary: bool = True, title: str = "") -> go.Figure:
    """The boundary figure of a timeline with every moving trace present and named by role.

    ``region_classes`` gives the class index (into ``class_names``) of each region trace: one
    trace per class the learner knows.  ``dual``: the model is drawn from a grid of scores
    (a kernel model): a shading trace replaces the region polygons (``binary``: a contour of
    the score; otherwise a heatmap of the winning class) and ``borders`` draws its boundary.
    """
    box = check_box(box)
    names = [str(name) for name in class_names]
    traces, roles = [], {}

    def add(role, trace, many=False):
        if many:
            roles.setdefault(role, []).append(len(traces))
        else:
            roles[role] = len(traces)
        traces.append(trace)

    if dual:
        add("shading", _shading_trace(box, region_classes, binary))
        roles["region"] = []
    else:
        roles["region"] = []
        for j in region_classes:
            add("region", scatter(**EMPTY_XY, mode="lines", fill="toself", fillcolor=palette.fill(j),
                                  line=dict(width=0), hoverinfo="skip", showlegend=False,
                                  name=f"region {plain(names[j])}"), many=True)
    add("ghost", scatter(**EMPTY_XY, mode="lines", name="previous boundary", hoverinfo="skip", showlegend=True,
                         line=dict(color=palette.GHOST_COLOR, dash=palette.GHOST_DASH, width=1.5)))
    if dual:
        add("borders", _level_trace(box, "boundary", palette.BOUNDARY_COLOR, "solid", 2.5))
        add("ghost_grid", _level_trace(box, "previous boundary", palette.GHOST_COLOR, palette.GHOST_DASH, 1.5,
                                       legend=False))
    add("comparator", scatter(**EMPTY_XY, mode="lines", name="comparator u", hoverinfo="skip", showlegend=True,
                              line=dict(color=palette.COMPARATOR_COLOR, dash=palette.COMPARATOR_DASH, width=2.5)))
    roles["support"] = []
    for j in list(region_classes)[:n_support]:
        add("support", scatter(**EMPTY_XY, mode="lines", hoverinfo="skip", name=f"support line of {plain(names[j])}",
                               line=dict(color=palette.color(j), dash="dot", width=2)), many=True)
    add("arrow", arrow_trace(None, box))
    for trace in point_traces(X, labels, names, weights):
        traces.append(trace)
    add("current", current_trace(X, None, always_in_legend=True))
    layout = boundary_layout(box, title)
    layout["meta"] = {"roles": roles}
    return go.Figure(traces, layout=layout, _validate=False)


def _level_trace(box, name, colour, dash, width, legend=True):
    """An empty grid trace drawing the boundary of a grid of scores: the player gives it the
    scores (level 0) or, for several classes, the winning class (levels between classes)."""
    x0, x1, y0, y1 = box
    return go.Contour(x=[x0, x1], y=[y0, y1], z=[[0, 0], [0, 0]], showscale=False, hoverinfo="skip",
                      contours=dict(coloring="none", start=0, end=0, size=1, showlabels=False),
                      line=dict(color=colour, width=width, dash=dash), name=name, showlegend=legend,
                      _validate=False)


def _shading_trace(box, region_classes, binary: bool):
    """An empty grid trace the player fills with a kernel model's scores (binary: a filled contour whose
    two sides take the two classes' tints) or winning classes (several classes: a heatmap)."""
    x0, x1, y0, y1 = box
    if binary:
        negative, positive = region_classes
        colorscale = [[0.0, palette.tint(negative, palette.SHADING_OPACITY)],
                      [0.5, palette.tint(negative, palette.REGION_OPACITY / 2)],
                      [0.5, palette.tint(positive, palette.REGION_OPACITY / 2)],
                      [1.0, palette.tint(positive, palette.SHADING_OPACITY)]]
        return go.Contour(x=[x0, x1], y=[y0, y1], z=[[0, 0], [0, 0]], zmin=-1, zmax=1, colorscale=colorscale,
                          showscale=False, contours=dict(coloring="fill", showlines=False), ncontours=20,
                          hoverinfo="skip", name="decision values", showlegend=False, _validate=False)
    k = len(region_classes)
    colorscale = []
    for i, j in enumerate(region_classes):
        colour = palette.tint(j, palette.SHADING_OPACITY)
        colorscale += [[i / k, colour], [(i + 1) / k, colour]]
    return go.Heatmap(x=[x0, x1], y=[y0, y1], z=[[0, 0], [0, 0]], zmin=-0.5, zmax=k - 0.5, colorscale=colorscale,
                      showscale=False, hoverinfo="skip", name="regions", _validate=False)


def with_cursor(figure: go.Figure, T: int) -> go.Figure:
    """A curve figure of T trials ready for the player's cursor (a line at the trial and a veil over
    the trials not reached yet, drawn by the player over the plot): its x axis is fixed to the whole
    run, so the axis does not move while the cursor does."""
    axes = ["xaxis"] + (["xaxis2"] if "xaxis2" in figure.layout.to_plotly_json() else [])
    for axis in axes:
        figure.layout[axis].range = [0.5, max(T, 1) + 0.5]
        figure.layout[axis].autorange = False
    return figure


def grid_axes_of(box, resolution: int) -> tuple:
    """x and y coordinates of the player's score grid over the box (``resolution`` per side)."""
    x0, x1, y0, y1 = check_box(box)
    return np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution)
