"""A browser's clear-cache message leaves the server's shared caches alone (ui/cache_guard.py, issue 35)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import streamlit as st
from streamlit.runtime.app_session import AppSession

from ui import cache_guard

ROOT = Path(__file__).resolve().parents[1]


def _counted():
    calls = []

    @st.cache_data(show_spinner=False)
    def shared(x: int) -> int:
        calls.append(x)
        return 2 * x
    return shared, calls


class Sender:
    """The session whose browser sent the message (Streamlit's handler also empties its own state)."""

    def __init__(self):
        self._session_state = {"points": "drawn"}


def test_a_clear_cache_message_keeps_every_cache_unless_the_operator_allows_it(monkeypatch):
    assert cache_guard.install() and cache_guard.install()          # once per process, whatever the calls
    shared, calls = _counted()
    monkeypatch.delenv(cache_guard.ALLOW_VARIABLE, raising=False)
    assert shared(3) == 6 and shared(3) == 6 and calls == [3]
    sender = Sender()
    AppSession._handle_clear_cache_request(sender)                   # what a browser's message calls
    assert shared(3) == 6 and calls == [3], "the cache was emptied"
    assert sender._session_state == {"points": "drawn"}              # nor is the sender's own work lost
    monkeypatch.setenv(cache_guard.ALLOW_VARIABLE, "1")             # the operator allows it: Streamlit's own
    AppSession._handle_clear_cache_request(sender)
    assert shared(3) == 6 and calls == [3, 3] and sender._session_state == {}


def test_the_server_guards_its_caches_as_it_starts():
    """``streamlit run app.py`` imports app.py to find its server: that import installs the guard."""
    probe = ("import app\nfrom streamlit.runtime.app_session import AppSession\n"
             "print(getattr(AppSession._handle_clear_cache_request, '_mbl_cache_guard', False))")
    shown = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert shown.stdout.strip().splitlines()[-1] == "True", shown.stderr[-2000:]
