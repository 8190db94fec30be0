"""The class room's browser part (v2 component): follow the teacher, drive the room, answer together.

The server says which room the session is in and in which role (``{"code", "role", "token", "participant"}``:
the teacher's token only to the teacher's own browser, a participant token — the right to answer, once a
round — only to a student's tab, :func:`lab.rooms.participant_token`); ``components/room.js`` does the rest against the room's routes
(:mod:`ui.room_routes`), with no rerun of the page.  Mounted on every page while the session is in a room.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

HERE = Path(__file__).parent

#: the room's script: the player's number formatter and reader (one writing and one reading of a number in the
#: browser), then room.js
SCRIPT = "\n".join((HERE / name).read_text(encoding="utf-8") for name in ("player/numbers.js", "player/grading.js",
                                                                         "room.js"))
_COMPONENT = st.components.v2.component(
    "mistake_bound_lab_room", html='<div class="mbl-room-anchor"></div>',
    css=(HERE / "room.css").read_text(encoding="utf-8"), js=SCRIPT, isolate_styles=False)


def room_client(code: str | None, role: str | None, token: str | None = None, participant: str | None = None, *,
                key: str = "mbl_room") -> None:
    """Mount the room's browser part (``code`` None: the session left its room, the bar goes away)."""
    _COMPONENT(key=key, data={"code": code, "role": role, "token": token if role == "teacher" else None,
                              "participant": participant if role == "student" else None})
