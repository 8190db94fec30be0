"""plotly.js served by the lab's own server (the copy inside the plotly Python package, put in ``static/``), and
the one Plotly config of every figure the lab draws (:data:`PLOTLY_CONFIG`).

The timeline player (components/timeline.js) loads plotly.js from ``app/static/`` — Streamlit's
static file serving (``server.enableStaticServing`` in ``.streamlit/config.toml``) — so nothing
is ever fetched from outside: the version is the one that matches the figures plotly.py writes.
The copy is made once per server process, written to a temporary file and renamed, so a
browser never loads half a file.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import plotly
from plotly.offline import get_plotlyjs_version

from viz.palette import MODEBAR_PX

HERE = Path(__file__).parent
STATIC = HERE.parent / "static"                    # Streamlit serves <app.py's folder>/static at app/static/
PLOTLY_JS = f"plotly-{get_plotlyjs_version()}.min.js"
SOURCE = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"

#: The Plotly config of every figure of the lab: the pages' (``st.plotly_chart(..., config=PLOTLY_CONFIG)``) and
#: the player's, in the lab and in the exported HTML (its plotly.js takes these as the defaults of every figure it
#: draws: :data:`CONFIG_SCRIPT`, read by components/player/plotly.js ``labPlotly``).  The lab promises that nothing
#: leaves its server, so no control of a figure's toolbar reaches outside: plotly.js's "Share chart…" (on by
#: default) uploads the figure's data to Plotly Cloud at ``plotlyServerURL``, and its logo is a link to plotly.com.
#: What stays (download as an image, zoom, pan, autoscale, Streamlit's fullscreen) happens in the browser.
PLOTLY_CONFIG = {
    "showSendToCloud": False,                       # no "Share chart…" (the upload to Plotly Cloud)
    "modeBarButtonsToRemove": ["sendChartToCloud"],  # nor where a figure's own config would ask for it
    "plotlyServerURL": "",                          # nowhere to upload to
    "displaylogo": False,                           # no link to plotly.com
}
#: :data:`PLOTLY_CONFIG` as the player's script reads it, with the room kept for the toolbar at a figure's top
#: (:data:`viz.palette.MODEBAR_PX`): put before components/player/plotly.js wherever that module is assembled
#: (components/html_export.py player_script, components/figure_saver.py SCRIPT)
CONFIG_SCRIPT = (f"const LAB_PLOTLY_CONFIG = Object.freeze({json.dumps(PLOTLY_CONFIG, sort_keys=True)});\n"
                 f"const MODEBAR_ROOM = {MODEBAR_PX};     // viz/palette.py MODEBAR_PX")


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
