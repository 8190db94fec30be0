"""The Class room section of the sidebar: start, join, share, close — and the room's browser part.

A teacher starts a room from a stepping page, a lesson or a challenge: the section shows the room's code,
the students' link and its QR code (drawn here by ``segno``, no network), and — folded away, since the
screen is projected — the teacher's own link with its key.  While the teacher changes the page, the data
or a setting, each script run hands the room the new link (:func:`ui.state.room_link`); the trial, Play,
presentation and the class's questions go from the teacher's player straight to the room
(``components/room.js``).  A student joins with the link, the QR code or the code typed here.
"""

from __future__ import annotations

import streamlit as st

from components.room import room_client
from lab import rooms
from lab.room_store import StoreFull, StoreUnavailable, describe, shared_store
from ui import state
from ui.controls import literal


def _pretty(code: str) -> str:
    return f"{code[:3]}-{code[3:]}"


def _join(code_text: str | None, key: str | None) -> None:
    """Enter the room the URL or the code field names, as its teacher when ``key`` is its token."""
    code = rooms.valid_code(code_text)
    if code is None:
        state.notify("warning", literal(f"“{str(code_text)[:12]}” is not a class room's code (7 letters and digits)."))
        state.set_class_room(None)
        return
    from ui.room_routes import LOOKUPS

    if not state.room_join_allowed(rooms.JOINS_PER_MINUTE):          # per tab
        state.notify("warning", "Too many attempts to join a class room from this tab; wait a minute.")
        state.set_class_room(None)
        return
    if not LOOKUPS.take():                       # guessing codes is as slow here as through the routes
        state.notify("warning", "Too many attempts to join a class room on this server; try again in a moment.")
        state.set_class_room(None)
        return
    store = shared_store()
    if rooms.version(store, code) == 0:
        state.notify("warning", f"There is no class room {_pretty(code)} (it may have closed or expired).")
        state.set_class_room(None)
        return
    teacher = key is not None and rooms.check_token(store, code, key)
    # a student's tab is handed its own participant token: the server, not the browser, says who may answer
    state.set_class_room({"code": code, "role": "teacher" if teacher else "student",
                          "token": key if teacher else None, "sent": None,
                          "participant": None if teacher else rooms.participant_token(store, code)})


def room_entry(page: str) -> None:
    """A student's tab opened with ``?room=CODE`` on another page than the room's (the students' link opens
    Home): before the page reads its link, switch to the room's page with the room's link and trial, so the
    student's first page is the class's — one page load, not two.  Call before :func:`ui.state.open_link`."""
    requested, key = state.room_requested()
    if state.link_read() or not requested or key:
        return
    code = rooms.valid_code(requested)
    from ui.room_routes import LOOKUPS

    if code is None or not LOOKUPS.take():       # a look-up like any other (the panel says why it failed)
        return
    try:
        shown = rooms.public_state(shared_store(), code)
    except StoreUnavailable:
        return                                   # the panel says so after the page ran
    if not shown or shown["closed"] or shown["page"] == page:
        return
    state.switch_to_link(f"views/{shown['page']}.py", {**shown["query"], "room": code, "t": str(shown["t"])})


def _hand_link(page: str, room: dict, store) -> None:
    """The teacher's page, data and settings go to the room when they changed (the trial goes from the player)."""
    if page not in rooms.ROOM_PAGES:
        return
    shown = (page, state.room_link(page))
    if room.get("sent") == shown:
        return
    try:
        rooms.drive(store, room["code"], room["token"], {"page": shown[0], "query": shown[1]})
        state.room_link_sent(shown)
    except rooms.RoomError as error:
        st.sidebar.warning(literal(str(error)))


def _qr_svg(url: str) -> str:
    import segno

    return segno.make(url, error="m").svg_inline(scale=5, border=2, dark="#000000", light="#ffffff",
                                                 title="QR code of the class room's link")


def room_panel(page: str) -> None:
    """The sidebar's Class room section and the room's browser part; call after the page ran."""
    try:
        requested, key = state.room_requested()
        room = state.class_room()
        if requested and (room is None or room["code"] != rooms.valid_code(requested) or key):
            _join(requested, key)
            room = state.class_room()
        store = shared_store()
        if room is not None and room["role"] == "teacher":
            _hand_link(page, room, store)
        _section(page, room, store)
    except StoreFull:
        st.sidebar.warning("The class rooms are full right now (their store reached its memory cap); the lab works "
                           "without them. Try again when a room has closed.")
    except StoreUnavailable as error:
        st.sidebar.warning(f"Class rooms are unavailable right now ({literal(str(error))}); the lab works without them.")
        room = None
    room = state.class_room()
    if room is not None:                         # the room's bar and client, only while in a room
        room_client(room["code"], room["role"], room.get("token"), room.get("participant"))


def _section(page: str, room: dict | None, store) -> None:
    with st.sidebar.expander("Class room", expanded=room is not None):
        if room is None:
            _start_or_join(page, store)
        elif room["role"] == "teacher":
            _teacher(room, store)
        else:
            st.markdown(f"You are in class room **{_pretty(room['code'])}**: your lab follows the teacher's "
                        "(the bar at the bottom says so, and lets you explore on your own).")
            if st.button("Leave the class room", key="room_leave"):
                state.set_class_room(None)
                st.rerun()


def _start_or_join(page: str, store) -> None:
    if page in rooms.ROOM_PAGES:
        st.caption("Teach with this page: every student's lab follows yours, and the class answers your "
                   "questions about the next trial together.")
        if st.button("Start a class room", key="room_start", type="primary"):
            code, token = rooms.create_room(store, page, state.room_link(page))
            state.set_class_room({"code": code, "role": "teacher", "token": token, "sent": None})
            st.rerun()
    else:
        st.caption("A class room starts from a stepping page (Perceptron, Winnow, Experts, Multiclass, Priority), "
                   "a lesson or a challenge.")
    with st.form("room_join_form", border=False):
        typed = st.text_input("Join with a code", key="room_code", max_chars=12, placeholder="ABC-DEFG")
        if st.form_submit_button("Join"):
            _join(typed, None)
            st.rerun()


def _teacher(room: dict, store) -> None:
    code = room["code"]
    origin = state.page_origin()
    join = f"{origin}/?room={code}"
    st.markdown(f"Class room **{_pretty(code)}** — students open the link or scan the code:")
    st.code(join, language=None)
    st.image(_qr_svg(join), caption=f"QR code of {join}", width=220)
    st.caption(f"You drive it: your trial, Play, presentation and questions reach every student. "
               f"It closes after {rooms.IDLE_SECONDS // 3600} h without use, and after "
               f"{rooms.MAX_SECONDS // 3600} h in any case. Rooms live in {describe(store)}.")
    with st.expander("Your driving link (keep it to yourself)"):
        st.caption("It opens this room as its teacher on another device. Anyone with it can drive the room.")
        st.code(f"{origin}/?room={code}&key={room['token']}", language=None)
    if st.button("Close the class room", key="room_close"):
        try:
            rooms.close_room(store, code, room["token"])
        except rooms.RoomError:
            pass                                 # closed or expired already: leaving is all that is left
        state.set_class_room(None)
        st.rerun()
