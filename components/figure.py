"""A page's Plotly figure drawn by the lab's own plotly.js (v2 component, ``components/figure.js``).

``st.plotly_chart`` brings Streamlit's own plotly.js bundle and a React wrapper: on the Priority page, beside the
player (which loads the lab's copy of plotly.js anyway), its two charts were half of Chromium's work to open the
page — the second bundle parsed and the charts laid out again and again.  :func:`lab_figure` draws a figure with
the player's copy instead (``static/``, :mod:`components.plotly_assets`), with the lab's one Plotly config (nothing
in its toolbar leaves the server), once per figure and again only when the figure changes.  The figure appears as
it is built (no Streamlit theme: for figures that set their own look, ``theme=None`` in ``st.plotly_chart``'s
terms); the SVG and PNG buttons of :mod:`components.figure_saver` are under it like under every figure.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from .plotly_assets import CONFIG_SCRIPT, PLOTLY_JS, ensure_plotly_js

HERE = Path(__file__).parent
#: the component's one ES module: the lab's Plotly config and the player's plotly.js loader, then the figure
SCRIPT = "\n".join([CONFIG_SCRIPT] + [(HERE / name).read_text(encoding="utf-8")
                                      for name in ("player/plotly.js", "figure.js")])

_COMPONENT = st.components.v2.component(
    "mistake_bound_lab_figure", html='<div class="mbl-figure" role="figure"><div class="mbl-figure-plot"></div></div>',
    css=(HERE / "figure.css").read_text(encoding="utf-8"), js=SCRIPT, isolate_styles=False)


def lab_figure(figure, *, key: str, label: str | None = None) -> None:
    """Draw the Plotly ``figure`` (a ``plotly.graph_objects.Figure``) across the current column; ``label`` names it
    for a screen reader (default: its title)."""
    if not ensure_plotly_js():
        st.error("The figure cannot be drawn: plotly.js could not be copied into static/ (a read-only checkout?).")
        return
    _COMPONENT(key=key, data={"figure": figure.to_json(), "src": f"app/static/{PLOTLY_JS}", "label": label})
