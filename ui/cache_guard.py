"""The server's shared caches are the operator's: a browser's "clear cache" request does nothing by default.

Streamlit clears every ``st.cache_data`` and ``st.cache_resource`` of the server — every user's, not only the
sender's — when any browser sends it a ``clear_cache`` message (``AppSession._handle_clear_cache_request`` in
Streamlit 1.67; the menu hides the item outside developer mode, but any script can send the message).  In the lab
those caches hold what a whole class shares: the runs of the stories, the Priority page's fitted baselines, the
Paper lab's full runs (hours of a core).  Issue 35 found one anonymous message enough to throw them all away.

:func:`install` (called when ``streamlit run app.py`` imports ``app.py`` as its server, and again by every
session's script) replaces that handler: the request is logged and ignored, unless the operator sets
``LAB_ALLOW_CLEAR_CACHE=1`` in the server's environment (read at each request), which restores Streamlit's
behaviour — for a developer who edits the code of a cached function.
"""

from __future__ import annotations

import logging
import os

#: set to "1" in the server's environment to let browsers clear the server's caches, as Streamlit does
ALLOW_VARIABLE = "LAB_ALLOW_CLEAR_CACHE"
_MARK = "_mbl_cache_guard"
_LOGGER = logging.getLogger(__name__)


def install() -> bool:
    """Guard Streamlit's clear-cache handler (once per process); True when it is guarded.

    False (with a warning in the log) when this Streamlit has no such handler to guard."""
    try:
        from streamlit.runtime.app_session import AppSession
    except ImportError:                                  # pragma: no cover - another Streamlit
        AppSession = None
    original = getattr(AppSession, "_handle_clear_cache_request", None)
    if original is None:
        _LOGGER.warning("Streamlit's clear-cache handler was not found; browsers may clear the server's caches.")
        return False
    if getattr(original, _MARK, False):
        return True

    def handle_clear_cache_request(self) -> None:
        if os.environ.get(ALLOW_VARIABLE) == "1":
            original(self)
            return
        _LOGGER.warning("A browser asked to clear the server's caches; ignored (set %s=1 to allow).", ALLOW_VARIABLE)

    setattr(handle_clear_cache_request, _MARK, True)
    AppSession._handle_clear_cache_request = handle_clear_cache_request
    return True
