"""A whole run as Plotly frames, played in the browser without a server round trip.

One frame per *update*: a conservative learner (Perceptron, Winnow, ...)
changes its rule only on mistakes, so the trials between two updates add
nothing to see.  Beyond ``MAX_FRAMES`` frames the snapshots are subsampled
evenly, always keeping the first and the last (sliders with ~1,000 steps
are slow in the browser).

Frames carry only what changes — the region polygons, the ghost of the
previous boundary, the ringed current point, the weight-vector arrow and the
marker on the cumulative-mistakes curve — as bare x/y updates of those
traces, so even a long run on many points stays a small payload: the points,
drawn once, are never repeated in the frames.  Every trace is an SVG
``go.Scatter``: WebGL traces do not animate in plotly.js.

Examples
--------
>>> import numpy as np
>>> X = np.array([[1.0, 0.5], [-1.0, -0.5], [0.5, 1.0]]); labels = np.array([1, 0, 1])
>>> snapshots = [{"trial": 0, "W": np.zeros((1, 2)), "b": np.zeros(1), "current_index": None, "cum_mistakes": 0},
...              {"trial": 1, "W": np.array([[1.0, 0.5]]), "b": np.array([1.0]), "current_index": 0,
...               "cum_mistakes": 1}]
>>> figure = animated_boundary_figure(X, labels, ["A", "B"], None, snapshots, (-2.0, 2.0, -2.0, 2.0))
>>> [frame.name for frame in figure.frames], len(figure.layout.sliders[0].steps)
(['0', '1'], 2)
"""

from __future__ import annotations

import copy

import numpy as np
import plotly.graph_objects as go

from . import palette
from .boundary import MARGIN, arrow_trace, arrow_trace_xy, boundary_layout, boundary_traces, plain, scatter, segments_xy
from .curves import step_points
from .geometry import argmax_regions, border_segments, check_box, check_points, halfplane_regions, view_box

MAX_FRAMES = 200
FRAME_DURATION_MS = 25         # 40 frames per second when the browser keeps up (issue 5 asks for ≥ 30)
LABELLED_STEPS = 20               # sliders with more steps draw no ticks (they would merge into a bar)


class AnimatedFigure(go.Figure):
    """A ``go.Figure`` whose frames stay plain dicts until someone reads ``.frames``.

    Turning 200 frames into ``go.Frame`` objects takes about half a second and
    the browser only needs their JSON: :meth:`to_dict` (what ``st.plotly_chart``
    and ``plotly.io.to_json`` call) sends copies of the dicts; ``.frames`` builds
    (validated) ``go.Frame`` objects on first access, for tests and notebooks.
    Assigning ``.frames`` replaces the dicts.
    """

    def __init__(self, data=None, layout=None, frames=None, skip_invalid=False, **kwargs):
        if isinstance(data, dict) and {"data", "layout", "frames"} & set(data):    # a figure dict (copy, pickle)
            data = dict(data)
            layout = data.pop("layout", layout)
            frames = data.pop("frames", frames)
            data = data.pop("data", None)
        kwargs.setdefault("_validate", False)
        super().__init__(data, layout=layout, skip_invalid=skip_invalid, **kwargs)
        self._frame_dicts = [_frame_dict(frame) for frame in frames or ()]
        self._frame_objects = None

    @property
    def frames(self):
        if self._frame_objects is None:
            self._frame_objects = tuple(go.Frame(frame) for frame in self._frame_dicts)
        return self._frame_objects

    @frames.setter
    def frames(self, frames):
        self._frame_dicts = [_frame_dict(frame) for frame in frames or ()]
        self._frame_objects = None

    def to_dict(self):
        figure = super().to_dict()
        if self._frame_dicts:
            figure["frames"] = copy.deepcopy(self._frame_dicts)
        return figure


def _frame_dict(frame) -> dict:
    return frame.to_plotly_json() if isinstance(frame, go.Frame) else dict(frame)


def pick_frames(n: int, limit: int = MAX_FRAMES) -> np.ndarray:
    """Indices of at most ``limit`` of n snapshots, evenly spread, the first and the last included.

    >>> pick_frames(5).tolist()
    [0, 1, 2, 3, 4]
    >>> picked = pick_frames(1000, 200)
    >>> len(picked), int(picked[0]), int(picked[-1])
    (200, 0, 999)
    """
    n, limit = int(n), int(limit)
    if limit < 2:
        raise ValueError(f"limit must be at least 2 (first and last frame); got {limit}.")
    if n <= limit:
        return np.arange(n)
    return np.unique(np.round(np.linspace(0, n - 1, limit)).astype(int))


def snapshot_regions(snapshot: dict, box) -> list:
    """The snapshot's regions: given as ``regions``, or computed from ``W``/``b`` (and ``theta``).

    One row of W is a binary rule (:func:`~viz.geometry.halfplane_regions`),
    several rows an argmax rule (:func:`~viz.geometry.argmax_regions`).
    """
    if snapshot.get("regions") is not None:
        return list(snapshot["regions"])
    if snapshot.get("W") is None:
        raise ValueError("each snapshot needs 'regions' or 'W' and 'b'.")
    W = np.asarray(snapshot["W"], dtype=float)
    b = np.asarray(snapshot.get("b", np.zeros(len(W))), dtype=float).reshape(-1)
    if W.ndim == 2 and W.shape[0] == 1:
        return halfplane_regions(W[0], b[0], box)
    return argmax_regions(W, b, box, snapshot.get("theta"))


def snapshot_arrow(snapshot: dict):
    """The arrow of a snapshot: its ``arrow``, else (w₁, w₂, b) of a one-row W, else None."""
    if "arrow" in snapshot:
        return snapshot["arrow"]
    W = snapshot.get("W")
    if W is not None and np.asarray(W).shape[0] == 1:
        b = np.asarray(snapshot.get("b", [0.0]), dtype=float).reshape(-1)
        return np.concatenate([np.asarray(W, dtype=float)[0], b[:1]])
    return None


def _xy(xs, ys) -> dict:
    """Only the coordinates of a scatter trace: all a frame needs to move it (plain dicts build fast)."""
    return {"type": "scatter", "x": xs, "y": ys}


def _closed_xy(polygon) -> tuple:
    polygon = np.asarray(polygon, dtype=float).reshape(-1, 2)
    closed = np.vstack([polygon, polygon[:1]]) if len(polygon) else polygon
    return closed[:, 0].tolist(), closed[:, 1].tolist()


def _point_xy(X, index) -> tuple:
    if index is None:
        return [None], [None]
    if not 0 <= int(index) < len(X):
        raise ValueError(f"current_index must be a row of X (0..{len(X) - 1}); got {index!r}.")
    return [float(X[int(index), 0])], [float(X[int(index), 1])]


def _step_label(trial: int, mistakes: int) -> str:
    """A slider step's label, shown as the slider's current value while the run plays:
    frames played without a full redraw move traces and annotation positions, but plotly.js
    redraws changed titles and annotation texts only with one (which repaints every point)."""
    return f"{trial} — {mistakes} mistake{'s' if mistakes != 1 else ''}"


def _step_curve(cumulative) -> tuple:
    """(trials, counts) of a cumulative count from trial 0 (count 0) at its change points only
    (drawn with shape "hv").

    >>> _step_curve([0, 1, 1, 1, 2])
    ([0, 2, 5], [0.0, 1.0, 2.0])
    """
    cumulative = np.r_[0.0, np.asarray(cumulative, dtype=float).reshape(-1)]
    if not np.all(np.isfinite(cumulative)):
        raise ValueError("cumulative_mistakes must be finite.")
    keep = step_points(cumulative)
    return keep.tolist(), cumulative[keep].tolist()


def animated_boundary_figure(X, labels, class_names, weights, snapshots, box=None, *, region_classes=None,
                             cumulative_mistakes=None, comparator=None, title: str = "",
                             max_frames: int = MAX_FRAMES, autoplay: bool = False) -> go.Figure:
    """The run as an animated boundary figure with Play/Pause buttons and a slider labelled by trial.

    Parameters
    ----------
    X, labels, class_names, weights : the points, as for :func:`viz.boundary.boundary_figure`.
    snapshots : list of dicts, one per update, in order: ``trial`` (int), ``regions`` (polygons)
        or ``W``/``b`` (and ``theta``), ``current_index`` (row of X or None), ``cum_mistakes``
        (int), optional ``arrow`` (see :func:`viz.boundary.arrow_annotations`; a one-row W
        gives it by itself).  The ghost of frame i is the boundary of snapshot i − 1.
    box : view box (default: :func:`viz.geometry.view_box` of X).
    region_classes : class index of each region (default: region i is class i).
    cumulative_mistakes : optional cumulative mistakes after every trial 1..T: drawn in a
        second panel with a marker that follows the frames.
    comparator : an optional hindsight separator, drawn in every frame.
    max_frames : at most this many frames (evenly subsampled, first and last kept).
    autoplay : ask the lab's chart (components/plotly_view.js) to start playing as soon as it is
        drawn (``layout.meta.autoplay``; plotly.js itself ignores it).
    """
    X = check_points(X)
    box = view_box(X) if box is None else check_box(box)
    snapshots = list(snapshots)
    if not snapshots:
        raise ValueError("snapshots must hold at least one snapshot of the rule.")
    chosen = pick_frames(len(snapshots), max_frames)
    needed = sorted(set(chosen.tolist()) | {i - 1 for i in chosen.tolist() if i > 0})   # frames and their ghosts
    regions = {i: snapshot_regions(snapshots[i], box) for i in needed}
    if len({len(r) for r in regions.values()}) != 1:
        raise ValueError("every snapshot must give the same number of regions.")
    first = int(chosen[0])

    with_curve = cumulative_mistakes is not None
    pairs = boundary_traces(X, labels, class_names, weights, box=box, regions=regions[first],
                            region_classes=region_classes, current_index=snapshots[first].get("current_index"),
                            ghost_regions=regions[first - 1] if first > 0 else None, comparator=comparator,
                            always_in_legend=True)
    traces = [trace for _, trace in pairs]
    roles = [role for role, _ in pairs]
    moving = [i for i, role in enumerate(roles) if role in ("region", "ghost", "current")]
    if with_curve:
        steps_x, steps_y = _step_curve(cumulative_mistakes)
        traces.append(scatter(x=steps_x, y=steps_y, mode="lines", line_shape="hv", name="cumulative mistakes",
                              line=dict(color=palette.SECONDARY_COLOR, width=2), hoverinfo="skip",
                              showlegend=False, xaxis="x2", yaxis="y2"))
        moving.append(len(traces))
        traces.append(scatter(x=[snapshots[first]["trial"]], y=[snapshots[first].get("cum_mistakes", 0)],
                              mode="markers", name="now", showlegend=False, hoverinfo="skip",
                              marker=dict(color=palette.CURRENT_COLOR, size=10), xaxis="x2", yaxis="y2"))

    # the weight vector's arrow as a trace, not annotations: a frame that changes the layout
    # costs plotly.js a layout pass (about a quarter of the frame rate with 2,000 points)
    arrows_any = any(snapshot_arrow(snapshots[i]) is not None for i in chosen)
    if arrows_any:
        moving.append(len(traces))
        traces.append(arrow_trace(snapshot_arrow(snapshots[first]), box))
    frames, names = [], set()
    for i in chosen:
        snapshot = snapshots[int(i)]
        trial, mistakes = int(snapshot["trial"]), int(snapshot.get("cum_mistakes", 0))
        frame_data = [_xy(*_closed_xy(polygon)) for polygon in regions[i]]
        frame_data.append(_xy(*segments_xy(border_segments(regions[i - 1], box) if i > 0 else [])))
        frame_data.append(_xy(*_point_xy(X, snapshot.get("current_index"))))
        if with_curve:
            frame_data.append(_xy([trial], [mistakes]))
        if arrows_any:
            frame_data.append(_xy(*arrow_trace_xy(snapshot_arrow(snapshot), box)))
        name = str(trial)
        while name in names:
            name += "′"
        names.add(name)
        frames.append(dict(data=frame_data, traces=moving, name=name, label=_step_label(trial, mistakes)))

    layout = boundary_layout(box, title)
    layout["title"].update(x=0.99, xanchor="right")         # Play/Pause take the top left
    if with_curve:      # the boundary on the left 55%, the cumulative mistakes on the right (as make_subplots)
        layout["xaxis"]["domain"] = [0.0, 0.55]
        layout["xaxis2"] = dict(title=dict(text="trial"), gridcolor=palette.GRID_COLOR, showline=True, linecolor="#999999",
                                tickfont=dict(size=palette.FONT_SIZE), domain=[0.65, 1.0], anchor="y2")
        layout["yaxis2"] = dict(title=dict(text="cumulative mistakes"), gridcolor=palette.GRID_COLOR, rangemode="tozero",
                                showline=True, linecolor="#999999", tickfont=dict(size=palette.FONT_SIZE), anchor="x2")
    # redraw False: plotly.js moves the frame's traces only; a full redraw per frame
    # would repaint every point (a few frames per second with 2,000 points)
    play = dict(label="▶ Play", method="animate",
                args=[None, {"frame": {"duration": FRAME_DURATION_MS, "redraw": False},
                             "transition": {"duration": 0}, "fromcurrent": True}])
    pause = dict(label="❚❚ Pause", method="animate",
                 args=[[None], {"frame": {"duration": 0, "redraw": False}, "transition": {"duration": 0},
                                "mode": "immediate"}])
    steps = [dict(method="animate", label=frame.pop("label"),
                  args=[[frame["name"]], {"frame": {"duration": 0, "redraw": False}, "transition": {"duration": 0},
                                       "mode": "immediate"}]) for frame in frames]
    layout.update(
        height=660, margin=dict(MARGIN, t=50, b=190),       # room for the slider and the legend (see MARGIN)
        # Play/Pause above the plot at the left (the modebar takes the right), the slider below it
        updatemenus=[dict(type="buttons", buttons=[play, pause], direction="left", x=0.0, y=1.0, xanchor="left",
                          yanchor="bottom", pad=dict(b=6), showactive=False, font=dict(size=palette.FONT_SIZE))],
        # the step labels ("t — m mistakes") are too long to print under every tick: the slider's
        # current value shows the one playing
        sliders=[dict(steps=steps, active=0, x=0.0, len=1.0, y=0, yanchor="top", pad=dict(t=50),
                      currentvalue=dict(prefix="trial ", font=dict(size=palette.FONT_SIZE, color="#222222")),
                      font=dict(color="rgba(0,0,0,0)"), ticklen=0 if len(steps) > LABELLED_STEPS else 7)],
        legend=dict(layout["legend"]))
    if autoplay:
        layout["meta"] = {"autoplay": True}
    return AnimatedFigure(traces, layout=layout, frames=frames)
