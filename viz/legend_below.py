"""A legend under a figure's x-axis title, one entry per row, with room measured in pixels (issue 27).

plotly places a legend at a fraction of the plot's height (``y=-0.2``): on a short plot that fraction is
fewer pixels than the x tick labels and the axis title, and the legend covers them; a horizontal legend's
long entry runs past the right edge.  Here the layout's height, bottom margin and the legend's place are
set from pixel sizes: the plot keeps its height, the band under it holds the ticks and the axis title
(``AXIS_BAND``), and below that each entry gets a row of its own (``ROW``).  The bottom margin is
fixed, so the screen, the SVG and the PNG export (the same layout) all draw the same boxes.

>>> import plotly.graph_objects as go
>>> figure = go.Figure([go.Scatter(x=[1, 2], y=[1, 2], name="a"), go.Scatter(x=[1, 2], y=[2, 1], name="b")])
>>> figure = legend_below(figure, plot_height=300, top=40)
>>> figure.layout.height, figure.layout.margin.b
(446, 106)
>>> round(figure.layout.legend.y, 4), figure.layout.legend.orientation
(-0.2, 'v')
"""

from __future__ import annotations

import plotly.graph_objects as go

from .palette import FONT_SIZE

#: pixels under the plot for the x tick labels and the x-axis title (the title sits at its bottom)
AXIS_BAND = 60
#: pixels of one legend row (FONT_SIZE text with plotly's item padding)
ROW = 22
#: pixels left under the last row
BOTTOM_PAD = 2


def legend_below(figure: go.Figure, *, plot_height: int, top: int = 40, left: int = 70, right: int = 16,
                 entries: int | None = None) -> go.Figure:
    """Put ``figure``'s legend under its x-axis title, one row per entry, the plot ``plot_height`` px tall.

    ``entries``: the number of legend rows (default: one per line of each name shown in the legend).  The
    bottom margin is fixed (the x axis does not push it); the y axis may widen the left one to keep its title
    off its tick labels, which moves nothing vertically.
    """
    if plot_height <= 0:
        raise ValueError(f"plot_height must be a positive number of pixels; got {plot_height!r}.")
    if entries is None:       # a name written over several lines ("…<br>…") takes a row per line
        entries = sum((trace.name or "").count("<br>") + 1 for trace in figure.data if trace.showlegend is not False)
    legend_height = ROW * entries
    bottom = AXIS_BAND + legend_height + BOTTOM_PAD
    figure.update_layout(
        height=int(top + plot_height + bottom), margin=dict(t=top, b=bottom, l=left, r=right),
        legend=dict(orientation="v", x=0, xanchor="left", yanchor="top", y=-AXIS_BAND / plot_height,
                    font=dict(size=FONT_SIZE), tracegroupgap=0, itemsizing="constant"))
    figure.update_xaxes(automargin=False, title_standoff=10)     # the band under the plot is fixed
    figure.update_yaxes(automargin=True, title_standoff=8)       # may widen the left margin: never the bottom
    return figure
