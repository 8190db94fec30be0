"""The Share panel's browser part (v2 component): copy the page's link, save its lab file, export the run as HTML.

The link, the lab file and the export are completed with what the browser alone knows: the trial the
player shows, presentation mode and the theme (the player keeps them in the page and in the address
bar without telling the server).  The server passes the lab file's JSON (settings and points;
:func:`lab.links.lab_file`), whether the data fit in a link and, when the page has a run, that run's id.

The HTML export (issue 27): on *Export this run as HTML* the browser sends the trial and theme shown
(the trigger value ``export``, :func:`export_request`); in the rerun this starts, the file is made
for them and handed to the browser once, which saves it.  So the file opens at the trial the user
saw, in the theme the user saw — not at the run's first trial.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import streamlit as st

from lab.links import THEMES

HERE = Path(__file__).parent
#: an export request's id, made by the browser (components/share.js): a few letters, digits and dashes
_REQUEST_ID = re.compile(r"[A-Za-z0-9-]{1,40}")
#: the largest trial a request may name (the player's runs are far shorter; the export clamps to its run)
_MAX_TRIAL = 10**9

_COMPONENT = st.components.v2.component(
    "mistake_bound_lab_share", html='<div class="mbl-share"></div>',
    css=(HERE / "share.css").read_text(encoding="utf-8"), js=(HERE / "share.js").read_text(encoding="utf-8"))


def export_request(raw) -> dict | None:
    """The export a browser asked for, ``{"id", "trial", "theme"}``, or None when ``raw`` is not one.

    ``trial``: a whole number from 0, or None (the run's own start); ``theme``: one of
    :data:`lab.links.THEMES`.  A message that breaks any rule (a forged one) asks for nothing.

    >>> export_request({"id": "k3-1", "trial": 12, "theme": "projector"})
    {'id': 'k3-1', 'trial': 12, 'theme': 'projector'}
    >>> export_request({"id": "k3-1", "trial": True, "theme": "default"}) is None
    True
    """
    if not isinstance(raw, dict) or set(raw) != {"id", "trial", "theme"}:
        return None
    request_id, trial, theme = raw["id"], raw["trial"], raw["theme"]
    if not isinstance(request_id, str) or not _REQUEST_ID.fullmatch(request_id):
        return None
    if trial is not None and (type(trial) is not int or not 0 <= trial <= _MAX_TRIAL):
        return None
    if not isinstance(theme, str) or theme not in THEMES:
        return None
    return {"id": request_id, "trial": trial, "theme": theme}


def _asked(key: str):
    """The trigger value ``export`` of the component ``key`` in this rerun (before it is mounted again)."""
    value = st.session_state.get(key)
    return value.get("export") if hasattr(value, "get") else None


def _ignore() -> None:
    """The export's trigger is read before the component is mounted (:func:`share_box`); no callback needed."""


def share_box(lab_file: str, *, fits: bool, n_points: int, file_name: str, key: str, run_id: str | None = None,
              make_html: Callable[[int | None, str], str] | None = None, html_name: str = "run.html") -> None:
    """The link with a Copy button, a note when the points do not fit in it, Download lab file and, with a run
    (``run_id``, ``make_html``), Export this run as HTML.

    ``make_html(trial, theme)``: the run's HTML file opening at ``trial`` (None: the run's start) in ``theme``
    (:func:`components.html_export.run_html`); called only in the rerun an export click starts, and its file
    is sent to the browser that once, under the name ``html_name``."""
    export = None
    request = export_request(_asked(key)) if make_html is not None else None
    if request is not None:
        try:
            export = {"id": request["id"], "html": make_html(request["trial"], request["theme"]), "name": html_name}
        except ValueError as error:
            export = {"id": request["id"], "problem": str(error)}
    _COMPONENT(key=key, on_export_change=_ignore,
               data={"file": lab_file, "fits": bool(fits), "n": int(n_points), "name": file_name,
                     "run": run_id if make_html is not None else None, "export": export})
