"""plotly.js served by the lab's own server: the copy inside the plotly Python package, put in ``static/``.

The timeline player (components/timeline.js) loads plotly.js from ``app/static/`` — Streamlit's
static file serving (``server.enableStaticServing`` in ``.streamlit/config.toml``) — so nothing
is ever fetched from outside: the version is the one that matches the figures plotly.py writes.
The copy is made once per server process, written to a temporary file and renamed, so a
browser never loads half a file.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import plotly
from plotly.offline import get_plotlyjs_version

HERE = Path(__file__).parent
STATIC = HERE.parent / "static"                    # Streamlit serves <app.py's folder>/static at app/static/
PLOTLY_JS = f"plotly-{get_plotlyjs_version()}.min.js"
SOURCE = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


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
