"""Decision regions of several fitted classifiers side by side (seed 002, Figures 3–5).

One panel per method, all on the same view box with equal axis scales, the
training points on top (Okabe–Ito colour *and* a marker symbol per class, one
shared legend), and each panel titled with the method's name and its
θ-weighted cost (1/n)·Σ_i θ_{y_i}·1[ŷ_i ≠ y_i] (seed 002, §5.2).

How a panel draws its regions depends on the rule the model predicts with:

* **argmax of affine scores** — the apportioned-margin classifier
  (argmax_j (w_j·x + b_j)/θ_j, seed 002 §2), cost-sensitive one-vs-rest
  with linear SVMs (argmax of the binary scores), Crammer–Singer
  (``LinearSVC``), and any linear binary rule: every class owns a convex
  polygon, computed exactly by :func:`viz.geometry.argmax_regions` (or
  :func:`viz.geometry.halfplane_regions` for two classes).  The apportioned
  model's panel also shows its support lines w_j·x + b_j = θ_j (seed 002,
  Figure 4), dotted in the class colour.
* **anything else** — one-vs-one voting (``SVC``, CSOVO) or kernel
  models, whose regions need not be convex: the predicted class on a grid of
  ``resolution × resolution`` cells, drawn as a heatmap with the borders
  between cells of different classes.  The panel title says "grid", since
  those borders are accurate only to one cell.

:func:`method_panels` computes the panels (pure data, testable);
:func:`regions_side_by_side` draws them.

Examples
--------
>>> import numpy as np
>>> from sklearn.svm import LinearSVC
>>> X = np.array([[-2.0, 0.0], [-1.5, 0.5], [2.0, 0.0], [1.5, -0.5]]); y = np.array([0, 0, 1, 1])
>>> model = LinearSVC().fit(X, y)
>>> [panel.kind for panel in method_panels({"linear SVM": model}, X, y, [1.0, 1.0], (-3, 3, -2, 2))]
['polygons']
>>> figure = regions_side_by_side(X, y, ["A", "B"], {"linear SVM": model}, theta=[1.0, 1.0])
>>> figure.layout.annotations[0].text
'<b>linear SVM</b><br>θ-cost<br>0.000<br>exact'
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots
from sklearn.svm import SVC, LinearSVC

from learners.baselines import WeightedOneVsOne, WeightedOneVsRest

from . import palette
from .boundary import plain, point_traces, segments_xy, support_line_traces
from .geometry import (argmax_regions, border_segments, check_box, check_points, halfplane_regions,
                       view_box)

GRID_RESOLUTION = 120
BORDER_COLOR = "rgba(40, 40, 40, 0.8)"
FIGURE_WIDTH_PX = 820             # the width of Streamlit's centred page at 1280 px (sets the height)
#: pixels of a panel's title (four short lines: at 320 px, four panels in a row are 60 px apart, and a longer line
#: ran into the next panel's), of the tick labels under a panel, and of the legend (up to four rows on a phone)
TITLE_PX, TICKS_PX, LEGEND_PX = 72, 28, 90


@dataclass
class Panel:
    """What one panel shows.

    kind : "polygons" (exact convex regions), "grid" (predicted class per cell) or
        "message" (the model could not be drawn; ``message`` says why).
    regions, region_classes : the polygons and the class index of each (kind "polygons").
    grid : (resolution, resolution) class indices, row i at y = grid_y[i] (kind "grid").
    support_lines : (j, w_j, b_j, θ_j) items of the apportioned model.
    cost : θ-weighted cost of the model's predictions on the panel's points (or given).
    """

    name: str
    kind: str
    cost: float = float("nan")
    regions: list = field(default_factory=list)
    region_classes: list = field(default_factory=list)
    grid: np.ndarray | None = None
    grid_x: np.ndarray | None = None
    grid_y: np.ndarray | None = None
    support_lines: list = field(default_factory=list)
    message: str = ""


# ---------------------------------------------------------------- rules
def _svc_is_linear(model) -> bool:
    return getattr(model, "kernel", None) == "linear" and hasattr(model, "coef_")


def linear_rule(model):
    """(W, b, θ or None, classes) when ``model`` predicts an argmax of affine scores, else None.

    Row r of W (with b_r) is the score of ``classes[r]``; θ, when given,
    divides every row (the apportioned rule argmax_j f_j/θ_j).  A binary rule
    sign(w·x + b) comes back as one row with two classes: ``classes[1]``
    where w·x + b > 0.
    """
    if hasattr(model, "theta_") and hasattr(model, "class_coef_"):          # ApportionedMargin
        if getattr(model, "kernel", "linear") != "linear":
            return None
        return (np.asarray(model.class_coef_, float), np.asarray(model.class_intercept_, float),
                np.asarray(model.theta_, float), np.asarray(model.classes_))
    estimators = getattr(model, "estimators_", None)
    if isinstance(model, WeightedOneVsRest) and estimators and all(_svc_is_linear(e) for e in estimators):
        W = np.array([np.asarray(e.coef_, float).reshape(-1) for e in estimators])
        b = np.array([float(np.asarray(e.intercept_).reshape(-1)[0]) for e in estimators])
        return W, b, None, np.asarray(model.classes_)
    if isinstance(model, WeightedOneVsOne) and estimators and len(estimators) == 1 and _svc_is_linear(estimators[0]):
        e = estimators[0]
        return (np.asarray(e.coef_, float).reshape(1, -1), np.asarray(e.intercept_, float).reshape(1),
                None, np.asarray(model.classes_))
    crammer_singer = isinstance(model, LinearSVC)
    if crammer_singer or (isinstance(model, SVC) and _svc_is_linear(model) and len(model.classes_) == 2):
        W = np.asarray(model.coef_, float)
        b = np.asarray(model.intercept_, float).reshape(-1)
        if crammer_singer and W.shape[0] != len(model.classes_) and W.shape[0] != 1:
            return None
        return W, b, None, np.asarray(model.classes_)
    return None


def grid_centres(box, resolution: int) -> tuple:
    """Centres of ``resolution`` equal cells along each side of the box (the cells tile it exactly).

    >>> [c.tolist() for c in grid_centres((0.0, 4.0, 0.0, 2.0), 2)]
    [[1.0, 3.0], [0.5, 1.5]]
    """
    x0, x1, y0, y1 = check_box(box)
    resolution = int(resolution)
    if resolution < 2:
        raise ValueError(f"resolution must be at least 2; got {resolution}.")
    steps = (np.arange(resolution) + 0.5) / resolution
    return x0 + steps * (x1 - x0), y0 + steps * (y1 - y0)


def predicted_grid(model, box, resolution: int = GRID_RESOLUTION) -> tuple:
    """(gx, gy, z): the model's prediction at every cell centre, z[i, j] at (gx[j], gy[i])."""
    gx, gy = grid_centres(box, resolution)
    cells = np.column_stack([np.tile(gx, len(gy)), np.repeat(gy, len(gx))])
    z = np.asarray(model.predict(cells)).reshape(len(gy), len(gx))
    return gx, gy, z


def grid_borders(gx, gy, z) -> list:
    """Segments between neighbouring cells of different classes (vertical runs merged).

    >>> z = np.array([[0, 1], [0, 1]])
    >>> [s.tolist() for s in grid_borders(np.array([0.5, 1.5]), np.array([0.5, 1.5]), z)]
    [[[1.0, 0.0], [1.0, 2.0]]]
    """
    gx, gy, z = np.asarray(gx, float), np.asarray(gy, float), np.asarray(z)
    dx = (gx[1] - gx[0]) if len(gx) > 1 else 1.0
    dy = (gy[1] - gy[0]) if len(gy) > 1 else 1.0
    segments = []

    def runs(flags):
        """(start, stop) of each run of True in a 1D boolean array."""
        padded = np.r_[False, flags, False].astype(int)
        changes = np.flatnonzero(np.diff(padded))
        return zip(changes[0::2], changes[1::2])

    differs_x = z[:, 1:] != z[:, :-1]               # between columns j and j+1
    for j in range(differs_x.shape[1]):
        x = (gx[j] + gx[j + 1]) / 2
        for start, stop in runs(differs_x[:, j]):
            segments.append(np.array([[x, gy[start] - dy / 2], [x, gy[stop - 1] + dy / 2]]))
    differs_y = z[1:, :] != z[:-1, :]               # between rows i and i+1
    for i in range(differs_y.shape[0]):
        y = (gy[i] + gy[i + 1]) / 2
        for start, stop in runs(differs_y[i, :]):
            segments.append(np.array([[gx[start] - dx / 2, y], [gx[stop - 1] + dx / 2, y]]))
    return segments


def theta_weighted_cost(labels, predicted, theta) -> float:
    """(1/n)·Σ_i θ_{y_i}·1[ŷ_i ≠ y_i] with θ indexed by class index (seed 002, §5.2); nan with no points.

    >>> theta_weighted_cost([0, 0, 1, 1], [0, 1, 1, 0], [10.0, 1.0])
    2.75
    """
    labels, predicted = np.asarray(labels).reshape(-1), np.asarray(predicted).reshape(-1)
    if labels.size == 0:
        return float("nan")
    theta = np.asarray(theta, float)
    return float(np.mean(theta[labels] * (labels != predicted)))


def method_panels(models: dict, X, labels, theta, box, *, costs: dict | None = None,
                  resolution: int = GRID_RESOLUTION) -> list:
    """One :class:`Panel` per entry of ``models`` (name → fitted model, or a string saying why not).

    Models predict class indices (into the class names the figure uses), as
    the lab's point sets do.  ``costs`` (name → number) replaces the cost
    computed on (X, labels), e.g. with a cost measured on test data.
    """
    X = check_points(X)
    box = check_box(box)
    labels = np.asarray(labels).reshape(-1)
    panels = []
    for name, model in models.items():
        if isinstance(model, str):
            panels.append(Panel(str(name), "message", message=model))
            continue
        if costs is not None and name in costs:
            cost = float(costs[name])
        else:
            cost = theta_weighted_cost(labels, model.predict(X), theta) if len(X) else float("nan")
        rule = linear_rule(model)
        if rule is None:
            gx, gy, z = predicted_grid(model, box, resolution)
            panels.append(Panel(str(name), "grid", cost, grid=z.astype(int), grid_x=gx, grid_y=gy))
            continue
        W, b, rule_theta, classes = rule
        if W.shape[0] == 1:
            regions = halfplane_regions(W[0], b[0], box)
        else:
            regions = argmax_regions(W, b, box, theta=rule_theta)
        owners = [int(c) for c in classes]
        kept = [(polygon, j) for polygon, j in zip(regions, owners) if len(polygon)]
        lines = []
        if rule_theta is not None:
            lines = [(j, W[r], b[r], rule_theta[r]) for r, j in enumerate(owners)]
        panels.append(Panel(str(name), "polygons", cost, regions=[p for p, _ in kept],
                            region_classes=[j for _, j in kept], support_lines=lines))
    return panels


# ---------------------------------------------------------------- drawing
def _title(panel: Panel) -> str:
    """The panel's title: its name, its θ-cost and how its regions are drawn, one short line each (a line no wider
    than a panel of four in a row on a 320 px phone)."""
    name = f"<b>{plain(panel.name)}</b>"
    if panel.kind == "message":
        return f"{name}<br>not drawn"
    cost = "n/a" if not np.isfinite(panel.cost) else f"{panel.cost:.3f}"
    how = "exact" if panel.kind == "polygons" else "grid"
    return f"{name}<br>θ-cost<br>{cost}<br>{how}"


def _region_traces(panel: Panel, n_classes: int, box) -> list:
    if panel.kind == "polygons":
        traces = []
        for polygon, j in zip(panel.regions, panel.region_classes):
            closed = np.vstack([polygon, polygon[:1]])
            traces.append(go.Scatter(x=closed[:, 0].tolist(), y=closed[:, 1].tolist(), mode="lines",
                                     fill="toself", fillcolor=palette.fill(j), line=dict(width=0),
                                     hoverinfo="skip", showlegend=False, name=f"region {j}"))
        segments = border_segments(panel.regions, box)
    elif panel.kind == "grid":
        colorscale = []
        for j in range(n_classes):
            colour = palette.tint(j, palette.REGION_OPACITY)
            colorscale += [[j / n_classes, colour], [(j + 1) / n_classes, colour]]
        traces = [go.Heatmap(x=panel.grid_x.tolist(), y=panel.grid_y.tolist(), z=panel.grid.tolist(),
                             zmin=-0.5, zmax=n_classes - 0.5, colorscale=colorscale, showscale=False,
                             hoverinfo="skip", name="predicted class (grid)")]
        segments = grid_borders(panel.grid_x, panel.grid_y, panel.grid)
    else:
        return []
    xs, ys = segments_xy(segments)
    traces.append(go.Scatter(x=xs, y=ys, mode="lines", hoverinfo="skip", name="boundary",
                             line=dict(color=BORDER_COLOR, width=1.5), legendgroup="boundary"))
    return traces


def regions_side_by_side(X, labels, class_names, models: dict, theta, *, weights=None, box=None,
                         costs: dict | None = None, columns: int = 3, resolution: int = GRID_RESOLUTION,
                         title: str = "") -> go.Figure:
    """The decision regions of every model in ``models`` side by side, the points on top.

    Parameters
    ----------
    X, labels : the points (shape (n, 2)) and their class indices into ``class_names``.
    class_names : names of the classes (colour and marker follow the index).
    models : name → fitted model predicting class indices, or → a string (why it is missing).
    theta : the priority of each class of ``class_names`` (for the θ-weighted cost).
    weights : importance weights of the points (marker area), optional.
    box : (x0, x1, y0, y1), default :func:`viz.geometry.view_box` of X.
    costs : name → cost to show instead of the one on (X, labels).
    columns : panels per row.
    """
    X = check_points(X)
    names = [str(n) for n in class_names]
    if not names:
        raise ValueError("class_names must name at least one class.")
    theta = np.asarray(theta, float).reshape(-1)
    if theta.shape[0] != len(names) or not np.all(np.isfinite(theta)) or np.any(theta <= 0):
        raise ValueError(f"θ must hold one positive priority per class ({len(names)}); got {theta.tolist()}.")
    if not models:
        raise ValueError("models must hold at least one model to draw.")
    columns = int(columns)
    if columns < 1:
        raise ValueError(f"columns must be at least 1; got {columns}.")
    box = view_box(X) if box is None else check_box(box)
    panels = method_panels(models, X, labels, theta, box, costs=costs, resolution=resolution)
    columns = min(columns, len(panels))
    rows = -(-len(panels) // columns)
    x0, x1, y0, y1 = box
    # heights in pixels for a figure FIGURE_WIDTH_PX wide: each panel as tall as its equal-aspect box,
    # a two-line title above it and tick labels below
    spacing = 0.03
    panel_px = (FIGURE_WIDTH_PX - 20) * (1 - spacing * (columns - 1)) / columns * (y1 - y0) / (x1 - x0)
    top = TITLE_PX + (34 + palette.MODEBAR_PX if title else 0)       # a title under the toolbar's strip
    grid_px = rows * panel_px + (rows - 1) * (TITLE_PX + TICKS_PX)
    figure = make_subplots(rows=rows, cols=columns, subplot_titles=[_title(p) for p in panels],
                           horizontal_spacing=spacing,
                           vertical_spacing=(TITLE_PX + TICKS_PX) / grid_px if rows > 1 else 0.0)
    shown = {"boundary": False, "support": False}
    for index, panel in enumerate(panels):
        row, col = index // columns + 1, index % columns + 1
        for trace in _region_traces(panel, len(names), box):
            if trace.name == "boundary":
                trace.showlegend = not shown["boundary"]
                shown["boundary"] = True
            figure.add_trace(trace, row=row, col=col)
        for trace in support_line_traces(panel.support_lines, names, box):
            trace.update(legendgroup="support", showlegend=False)
            figure.add_trace(trace, row=row, col=col)
        if panel.support_lines and not shown["support"]:
            # one grey legend entry for the dotted lines of every class (their colour is the class's)
            figure.add_trace(go.Scatter(x=[None], y=[None], mode="lines", legendgroup="support",
                                        name="support lines w_j·x + b_j = θ_j<br>(class colour)",
                                        line=dict(color="#555555", dash="dot", width=2)), row=row, col=col)
            shown["support"] = True
        for j, trace in enumerate(point_traces(X, labels, names, weights)):
            trace.update(legendgroup=f"class {j}", showlegend=index == 0)
            figure.add_trace(trace, row=row, col=col)
        if panel.kind == "message":
            figure.add_annotation(text=plain(panel.message), showarrow=False, x=(x0 + x1) / 2, y=(y0 + y1) / 2,
                                  row=row, col=col, font=dict(size=12, color="#666666"))
        suffix = "" if index == 0 else str(index + 1)
        figure.layout[f"xaxis{suffix}"].update(range=[x0, x1], constrain="domain", showgrid=False,
                                               zeroline=False, showline=True, linecolor="#999999", mirror=True,
                                               tickfont=dict(size=11), ticks="", matches=None if index == 0 else "x",
                                               automargin=False)
        figure.layout[f"yaxis{suffix}"].update(range=[y0, y1], constrain="domain", showgrid=False,
                                               zeroline=False, showline=True, linecolor="#999999", mirror=True,
                                               tickfont=dict(size=11), ticks="", scaleanchor=f"x{suffix}", scaleratio=1,
                                               showticklabels=col == 1, automargin=False)
    for annotation in figure.layout.annotations[:len(panels)]:
        annotation.font = dict(size=13)
    figure.update_layout(title=dict(text=plain(title), x=0.01,
                                    y=1 - (12 + palette.MODEBAR_PX) / (grid_px + top + TICKS_PX + LEGEND_PX),
                                    yanchor="top", font=dict(size=15)) if title else None,
                         height=int(grid_px + top + TICKS_PX + LEGEND_PX),
                         margin=dict(l=30, r=10, t=top, b=TICKS_PX + LEGEND_PX), plot_bgcolor="white",
                         legend=dict(orientation="h", yanchor="top", y=-TICKS_PX / grid_px, x=0,
                                     font=dict(size=palette.FONT_SIZE)),
                         hovermode="closest")
    return figure


#: The four clouds of seed 002's example, in the order of datasets.four_clouds.CENTERS.
FOUR_CLOUD_NAMES = ("top left", "bottom left", "top right", "bottom right")


def priority_figures(result: dict) -> list:
    """[(θ, figure)] for a four-cloud result of :func:`experiments.priority.figures` run with
    ``keep_models=True``: every method's regions for each priority vector (seed 002, Figures 3–5),
    titled with the θ-weighted cost measured on the result's test points."""
    if "models" not in result or "train" not in result:
        raise ValueError("priority_figures needs a result made with keep_models=True (models and train).")
    X, y = result["train"]
    figures = []
    for theta, models in result["models"].items():
        costs = {row["method"]: row["expected_risk"] for row in result["rows"]
                 if tuple(row["theta"]) == tuple(theta) and "expected_risk" in row}
        title = f"θ = ({', '.join(f'{t:g}' for t in theta)}) — θ-cost on fresh test points"
        figures.append((tuple(theta), regions_side_by_side(X, y, FOUR_CLOUD_NAMES, models, theta, costs=costs,
                                                           title=title)))
    return figures
