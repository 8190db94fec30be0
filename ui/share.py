"""The sidebar's Share and export panel: the page's link, its lab file, the run as HTML, opening a lab file.

The lab file and the HTML export carry what the browser shows when they are made — the player's trial and
theme (components/share.py) — and a lab file opened here brings its page back in the theme it was saved in.

Drawn after the page ran (``app.py``), when ``ui.state.write_link`` has put the page's state in
the URL.  Folded behind a toggle: the lab file it prepares carries every point.
"""

from __future__ import annotations

import json

import streamlit as st

from components.html_export import run_html
from components.share import share_box
from lab.links import MAX_FILE_BYTES, THEMES, read_lab_file
from ui import state
from ui.controls import literal

#: the lab file uploader's own cap, in MiB: the size :func:`lab.links.read_lab_file` reads at most
LAB_FILE_MB = MAX_FILE_BYTES // 2**20
#: the page scripts by url path (app.py's pages)
SCRIPTS = {"": "views/home.py", "paper-lab": "views/paper_lab.py"}


def script_of(page: str) -> str:
    return SCRIPTS.get(page, f"views/{page}.py")


def share_panel(page: str, slot) -> None:
    """The panel of ``page`` (its url path), drawn in ``slot`` (a container at the top of the sidebar)."""
    with slot:
        if not st.toggle("Share and export", key="share_open",
                         help="A link to this page as it is (data, settings, trial), a lab file, the run as HTML."):
            return
        points = state.points()
        run = state.current_run(page)

        def make_html(trial: int | None, theme: str) -> str:
            """The run as HTML, opening at the trial and in the theme the browser showed at the click."""
            return run_html(run["payload"], _title(run), _SUBTITLE, start=trial, theme=theme)

        share_box(state.lab_file_text(page), fits=state.link_fits(), n_points=len(points),
                  file_name=f"mistake-bound-lab-{page or 'home'}.json", key="share_box",
                  run_id=None if run is None else run["id"], make_html=None if run is None else make_html,
                  html_name=f"mistake-bound-lab-{page}.html")
        open_lab_file()


_SUBTITLE = "Step with → and ←, play with Space, P for presentation mode. Made with Mistake Bound Lab."


def _title(run: dict) -> str:
    learner = json.loads(run["payload"]).get("learner", "A run")
    return f"{learner} — Mistake Bound Lab"


def open_lab_file() -> None:
    upload = st.file_uploader("Open a lab file", type=["json"], key="share_upload", max_upload_size=LAB_FILE_MB,
                              help="A file saved with Download lab file: its page, settings, points and trial.")
    if upload is None or not st.button("Open the lab file", key="share_open_file", icon=":material/folder_open:"):
        return
    link = read_lab_file(upload.getvalue())
    if link.data is None:
        st.error(literal(" ".join(link.problems)) + " Your points are unchanged.", icon=":material/error:")
        return
    state.apply_link(link)
    state.notify("success", f"Opened the lab file “{literal(upload.name)}”: {len(state.points()):,} points.")
    # the page it names, in the theme it was saved in (the player reads theme=… from the address)
    state.switch_to_link(script_of(link.page), {} if link.theme in (None, THEMES[0]) else {"theme": link.theme})
