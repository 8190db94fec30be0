"""The timeline player as a Streamlit component (v2, inline JS): a whole run that the browser moves through.

The server hands the component a run's payload (:func:`lab.timeline.build_timeline`) once per
change of the run's inputs; stepping, going back, scrubbing, playing and presentation mode then
happen in the browser (``components/timeline.js`` and its modules in ``components/player/``) without a
rerun.  A rerun that sends the same run again (its ``id`` unchanged) leaves the player where it is.
plotly.js is the copy served from ``static/`` (see :mod:`components.plotly_assets`).
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from lab.formula import MATH_CSS

from .html_export import OFFLINE_PLUGINS, player_script, player_styles
from .plotly_assets import PLOTLY_JS, ensure_plotly_js

HERE = Path(__file__).parent
#: scripts that extend every player through its extension point (``use``, ``on``, ``intercept``; see the top
#: of timeline.js), each with its stylesheet: the quiz mode, the draggable comparator, and (also in the HTML
#: export: components/html_export.py OFFLINE_PLUGINS) the screen reader's words, the run as sound, the projector theme
PLUGINS = ("quiz", "comparator_drag") + OFFLINE_PLUGINS


#: the component's one ES module: the player with every plugin, then its Streamlit entry (the default export)
SCRIPT = player_script(PLUGINS) + "\n" + (HERE / "player" / "streamlit.js").read_text(encoding="utf-8")
STYLE = player_styles(PLUGINS) + "\n" + MATH_CSS

_COMPONENT = st.components.v2.component(
    "mistake_bound_lab_timeline", html='<div class="mbl-tl-root"></div>', css=STYLE, js=SCRIPT,
    isolate_styles=False)

_SERVED = ensure_plotly_js()


def timeline(payload_json: str, run_id: str, *, key: str, start: int | None = None, present: bool = False) -> None:
    """Mount the player with a run (``payload_json`` from :func:`lab.timeline.payload_json`).

    ``start``: the trial to show first (e.g. from a shared link); None keeps the trial the player
    is at (clamped to the new run).  ``present``: open in presentation mode."""
    if not _SERVED:
        st.error("The run cannot be drawn: plotly.js could not be copied into static/ (a read-only checkout?).")
        return
    _COMPONENT(key=key, data={"payload": payload_json, "id": run_id, "src": f"app/static/{PLOTLY_JS}",
                              "start": start, "present": bool(present)})
