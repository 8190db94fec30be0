"""SVG and PNG buttons under every Plotly figure of a page, at presentation size (``figure_saver.js``).

Mounted once per page run (``app.py``); the browser finds the page's figures itself, so pages
call nothing.  The images are made in the browser with the lab's own plotly.js (``static/``), loaded by the
player's one plotly.js loader (``components/player/plotly.js``), which :data:`SCRIPT` puts before the saver's code.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from .plotly_assets import CONFIG_SCRIPT, PLOTLY_JS, ensure_plotly_js

HERE = Path(__file__).parent
#: the component's one ES module: the lab's Plotly config, the player's plotly.js loader and its saving of an image
#: (player/image.js), the pages' behaviour on a narrow screen (page.js, with page.css), then the saver (figure_saver.js)
SCRIPT = "\n".join([CONFIG_SCRIPT] + [(HERE / name).read_text(encoding="utf-8")
                                      for name in ("player/plotly.js", "player/image.js", "page.js", "figure_saver.js")])

_COMPONENT = st.components.v2.component(
    "mistake_bound_lab_figure_saver", html="<span></span>", isolate_styles=False,
    # its own styles, then the pages' (components/page.css): this component is on every page, unisolated
    css=(HERE / "figure_saver.css").read_text(encoding="utf-8") + "\n" + (HERE / "page.css").read_text(encoding="utf-8"),
    js=SCRIPT)


def figure_saver() -> None:
    """Give every Plotly figure of the page its SVG and PNG buttons."""
    if ensure_plotly_js():
        _COMPONENT(key="figure_saver", data={"src": f"app/static/{PLOTLY_JS}"})
