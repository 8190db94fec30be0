"""A Plotly figure that is updated in place across reruns (Streamlit component v2, inline JS).

Why not ``st.plotly_chart``: Streamlit 1.67 derives the chart element's identity from
the figure itself, so a figure that changes — the boundary after every Step — is a new
element: the browser discards the old chart and draws the new one from nothing
(``Plotly.newPlot``, every marker rebuilt; about half a second for 1,000 points on two
cores).  This component keeps one chart ``div`` per ``key`` for as long as the element
lives and hands each new figure to ``Plotly.react``, which redraws only what changed and
keeps the user's zoom (``layout.uirevision``).

plotly.js is the copy that ships inside the plotly Python package (so its version
matches the figures plotly.py writes); it is copied once into ``static/`` next to
``app.py`` (made then; git ignores the folder) and served by Streamlit's static file
serving (``server.enableStaticServing`` in ``.streamlit/config.toml``), which serves every
file in that folder to anyone: nothing else belongs there.  Nothing is downloaded.  When that copy cannot be made
(a read-only checkout), :func:`plotly_view` falls back to ``st.plotly_chart``.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import plotly
import plotly.io as pio
import streamlit as st
from plotly.offline import get_plotlyjs_version

HERE = Path(__file__).parent
STATIC = HERE.parent / "static"                    # Streamlit serves <app.py's folder>/static at app/static/
PLOTLY_JS = f"plotly-{get_plotlyjs_version()}.min.js"
SOURCE = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
DEFAULT_CONFIG = {"displaylogo": False}

_COMPONENT = st.components.v2.component(
    "mistake_bound_lab_plotly", html='<div class="mbl-plotly"></div>', isolate_styles=False,
    js=(HERE / "plotly_view.js").read_text(encoding="utf-8"))


def ensure_plotly_js(static: Path = STATIC, source: Path = SOURCE) -> bool:
    """Copy plotly.js into ``static`` unless an identical copy is there; True when it is served.

    The copy is written to a temporary file and renamed, so a browser never loads half a file."""
    target = static / PLOTLY_JS
    try:
        if target.exists() and target.stat().st_size == source.stat().st_size:
            return True
        static.mkdir(exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=static, suffix=".part")
        os.close(handle)
        shutil.copyfile(source, temporary)
        os.chmod(temporary, 0o644)               # mkstemp makes it private
        os.replace(temporary, target)
        return True
    except OSError:
        return False


_SERVED = ensure_plotly_js()        # once per server process (a file on disk, no per-user state)


def plotly_view(figure, *, key: str, config: dict | None = None, later: bool = False) -> None:
    """Draw ``figure`` (a ``go.Figure``) under ``key``; the next call with the same key updates
    the same chart in the browser instead of replacing it.  ``later``: a secondary chart, updated
    a frame after the others (the page's main chart is shown first)."""
    config = {**DEFAULT_CONFIG, **(config or {})}
    if not _SERVED:
        st.plotly_chart(figure, key=key, config=config, theme=None)
        return
    _COMPONENT(key=key, data={"figure": pio.to_json(figure, validate=False), "config": config,
                              "src": f"app/static/{PLOTLY_JS}", "later": bool(later)})
