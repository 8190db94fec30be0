"""Colours, marker shapes and line styles of the lab, chosen in one place.

Classes differ by colour *and* by shape, so a reader with any common form of
colour-vision deficiency — or a grey-scale printout — can still tell them
apart.  The colours are the Okabe–Ito palette (Okabe & Ito, "Color Universal
Design", 2008) without its yellow, which is too faint on white; the six
markers are the six most distinct filled symbols Plotly draws.  Regions are
the class colour at low opacity, so points stay readable on top of them.

Examples
--------
>>> color(0), symbol(0), symbol(3)
('#0072B2', 'circle', 'triangle-up')
>>> fill(1)
'rgba(230, 159, 0, 0.16)'
>>> len(set(CLASS_COLORS)) == len(set(CLASS_SYMBOLS)) == MAX_STYLED_CLASSES
True
"""

from __future__ import annotations

#: Okabe–Ito blue, orange, bluish green, reddish purple, sky blue, vermillion.
CLASS_COLORS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
#: One marker per class; the lab draws at most six classes.
CLASS_SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "star")
MAX_STYLED_CLASSES = 6

REGION_OPACITY = 0.16            # class regions: light enough for points on top
SHADING_OPACITY = 0.35           # kernel shading: strongest tint where the score is largest

CURRENT_COLOR = "#000000"        # ring around the point of the current trial
GHOST_COLOR = "rgba(60, 60, 60, 0.55)"   # previous boundary, thin dashed
GHOST_DASH = "dash"
COMPARATOR_COLOR = "#555555"     # a hindsight separator, thick long-dashed
COMPARATOR_DASH = "longdash"
ARROW_COLOR = "#222222"          # the weight vector
BOUNDARY_COLOR = "#333333"       # zero level of a kernel model
MEASURED_COLOR = "#000000"       # the learner's own cumulative count
SECONDARY_COLOR = "#777777"      # a second measured count (weighted loss)
WRONG_COLOR = "#D55E00"          # experts wrong in this trial (vermillion) ...
RIGHT_COLOR = "#0072B2"          # ... and those that were right (blue)
GRID_COLOR = "#eeeeee"
AXIS_ZERO_COLOR = "#cccccc"

#: Bound curves cycle through these colours and dashes (never solid: solid is measured data).
BOUND_COLORS = ("#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00", "#0072B2")
BOUND_DASHES = ("dash", "dot", "dashdot", "longdash", "longdashdot", "dash")

#: A reference curve (what a theorem promises another run: another η, an ε tuned in hindsight):
#: thin, grey, finely dotted — never mistaken for a bound of the run shown
REFERENCE_STYLE = {"color": "#8c8c8c", "dash": "dot", "width": 1.5}

#: Two learners compared side by side (e.g. MV-IWP against MV-Perceptron).
LEARNER_COLORS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
LEARNER_DASHES = ("solid", "dash", "dot", "dashdot")

FONT_SIZE = 13                   # legends and ticks readable at 1280×720
#: pixels at a figure's top that plotly.js's toolbar (its modebar) takes: a figure's title sits under them, where a
#: touch screen, which cannot hover, shows the toolbar all the time (the player reads it: components/plotly_assets.py)
MODEBAR_PX = 28


def color(j: int) -> str:
    """The colour of class index ``j`` (cycling after six)."""
    return CLASS_COLORS[int(j) % len(CLASS_COLORS)]


def symbol(j: int) -> str:
    """The marker symbol of class index ``j`` (cycling after six)."""
    return CLASS_SYMBOLS[int(j) % len(CLASS_SYMBOLS)]


def rgba(hex_color: str, opacity: float) -> str:
    """``#RRGGBB`` with an opacity, as a CSS ``rgba(...)`` string.

    >>> rgba("#000000", 0.5)
    'rgba(0, 0, 0, 0.5)'
    """
    digits = hex_color.lstrip("#")
    if len(digits) != 6:
        raise ValueError(f"colour must look like #RRGGBB; got {hex_color!r}.")
    if not 0.0 <= float(opacity) <= 1.0:
        raise ValueError(f"opacity must lie in [0, 1]; got {opacity!r}.")
    red, green, blue = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({red}, {green}, {blue}, {float(opacity):g})"


def fill(j: int, opacity: float = REGION_OPACITY) -> str:
    """The light fill of class ``j``'s region: its colour at low opacity."""
    return rgba(color(j), opacity)


def bound_style(i: int) -> dict:
    """Line style of the ``i``-th bound curve of a figure.

    >>> bound_style(0)
    {'color': '#D55E00', 'dash': 'dash', 'width': 2}
    """
    return {"color": BOUND_COLORS[i % len(BOUND_COLORS)], "dash": BOUND_DASHES[i % len(BOUND_DASHES)], "width": 2}


def tint(j: int, amount: float) -> str:
    """Class ``j``'s colour mixed with white (``amount`` of colour), as an opaque ``#RRGGBB``.

    Opaque tints look like the translucent fills on white but need no alpha
    support (heatmaps and contour shading).

    >>> tint(0, 0.0), tint(0, 1.0)
    ('#ffffff', '#0072b2')
    """
    if not 0.0 <= float(amount) <= 1.0:
        raise ValueError(f"amount must lie in [0, 1]; got {amount!r}.")
    digits = color(j).lstrip("#")
    mixed = (round(255 + (int(digits[i:i + 2], 16) - 255) * float(amount)) for i in (0, 2, 4))
    return "#" + "".join(f"{value:02x}" for value in mixed)
