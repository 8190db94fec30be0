"""A progress bar that long server work (a run's build, a Paper-lab experiment) can move from inside a
cached function.

``st.cache_data`` records the elements a cached function draws, to replay them on a hit; a bar made
outside the function does not exist in that replay, so drawing on it from inside would fail there.
:func:`bar_callback` therefore runs each update in a copy of the context from outside the cached
function, where the cache is not recording.  Each update is also a point where Streamlit interrupts
the script: a pressed Stop, a changed widget or a closed tab (the server asks a disconnected
session's script to stop) ends the work there, within one report of the work.
"""

from __future__ import annotations

import contextvars

import streamlit as st


def bar_callback(bar, prefix: str = ""):
    """``progress(fraction, text)`` that moves ``bar`` (an ``st.progress``), its text after ``prefix``."""
    context = contextvars.copy_context()

    def report(fraction: float, text: str) -> None:
        context.run(bar.progress, min(max(float(fraction), 0.0), 1.0), text=f"{prefix}{text}")

    return report


def progress_bar(text: str):
    """A new bar at 0 with ``text``, and its callback; the text stays in front of each report
    ("Computing the run… trial 100 of 3,000")."""
    bar = st.progress(0.0, text=text)
    return bar, bar_callback(bar, f"{text} ")
