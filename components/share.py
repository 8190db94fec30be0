"""The Share panel's browser part (v2 component): copy the page's link, save its lab file.

The link and the lab file are completed in the browser (``components/share.js``): only the
browser knows the trial the player is at.  The server passes the lab file's JSON (settings and
points; :func:`lab.links.lab_file`) and whether the data fit in a link.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

HERE = Path(__file__).parent

_COMPONENT = st.components.v2.component(
    "mistake_bound_lab_share", html='<div class="mbl-share"></div>',
    css=(HERE / "share.css").read_text(encoding="utf-8"), js=(HERE / "share.js").read_text(encoding="utf-8"))


def share_box(lab_file: str, *, fits: bool, n_points: int, file_name: str, key: str) -> None:
    """The link with a Copy button, a note when the points do not fit in it, and Download lab file."""
    _COMPONENT(key=key, data={"file": lab_file, "fits": bool(fits), "n": int(n_points), "name": file_name})
