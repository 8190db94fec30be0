"""A whole run as Plotly frames: one frame per update, played in the browser without reruns.

Frames change only the region polygons, the ghost, the current point and the
cumulative-mistake counter, so the payload stays small; at most ``MAX_FRAMES``
frames (evenly subsampled beyond that, first and last kept).  SVG traces only:
WebGL traces do not animate in plotly.js.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from . import boundary

MAX_FRAMES = 200


def pick_frames(n: int, limit: int = MAX_FRAMES) -> np.ndarray:
    """Indices of at most ``limit`` frames out of n, evenly spread, first and last included."""
    if n <= limit:
        return np.arange(n)
    return np.unique(np.round(np.linspace(0, n - 1, limit)).astype(int))


def animated_boundary_figure(X, labels, class_names, weights, snapshots, box, title="") -> go.Figure:
    """``snapshots``: dicts with trial, regions, current_index, cum_mistakes (and arrow)."""
    chosen = [snapshots[i] for i in pick_frames(len(snapshots))]
    first = chosen[0]
    figure = boundary.boundary_figure(X, labels, class_names, weights, regions=first["regions"], box=box,
                                      current_index=first["current_index"], title=title)
    k = len(first["regions"])
    current_at = len(figure.data) - 1            # the ringed current point is the last trace
    changing = list(range(k)) + [current_at]
    frames = []
    for snap in chosen:
        traces = boundary.region_traces(snap["regions"], class_names) + [boundary.current_trace(X, snap["current_index"])]
        frames.append(go.Frame(data=traces, traces=changing, name=str(snap["trial"]),
                               layout=dict(title=dict(text=f"trial {snap['trial']} — {snap['cum_mistakes']} mistakes"))))
    figure.frames = frames
    play = dict(label="▶ Play", method="animate",
                args=[None, {"frame": {"duration": 33, "redraw": True}, "transition": {"duration": 0},
                             "fromcurrent": True, "mode": "immediate"}])
    pause = dict(label="❚❚ Pause", method="animate",
                 args=[[None], {"frame": {"duration": 0, "redraw": False}, "mode": "immediate"}])
    steps = [dict(method="animate", label=f.name,
                  args=[[f.name], {"frame": {"duration": 0, "redraw": True}, "mode": "immediate"}]) for f in frames]
    figure.update_layout(
        updatemenus=[dict(type="buttons", buttons=[play, pause], direction="left", x=0.0, y=1.12,
                          xanchor="left", yanchor="top", showactive=False)],
        sliders=[dict(steps=steps, active=0, x=0.0, y=-0.02, len=1.0, pad=dict(t=40),
                      currentvalue=dict(prefix="trial ", font=dict(size=13)))],
        margin=dict(t=70, b=80), height=600)
    return figure
