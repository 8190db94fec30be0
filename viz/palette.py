"""Colours and marker shapes of the lab, in one place.

Okabe–Ito colours (distinguishable with every common colour-vision deficiency)
and a different marker symbol for every class, so classes differ by shape too.
"""

CLASS_COLORS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
CLASS_SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "star")
REGION_OPACITY = 0.16
GHOST_COLOR = "rgba(60, 60, 60, 0.55)"
CURRENT_COLOR = "#000000"
BOUND_COLORS = ("#D55E00", "#009E73", "#CC79A7", "#56B4E9", "#E69F00", "#0072B2")
BOUND_DASHES = ("dash", "dot", "dashdot", "longdash", "longdashdot", "solid")


def color(j: int) -> str:
    return CLASS_COLORS[j % len(CLASS_COLORS)]


def symbol(j: int) -> str:
    return CLASS_SYMBOLS[j % len(CLASS_SYMBOLS)]


def fill(j: int, opacity: float = REGION_OPACITY) -> str:
    """The class colour as a light rgba fill for its region."""
    hex_color = color(j).lstrip("#")
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r}, {g}, {b}, {opacity})"
