"""Once per server process: give back the memory of sessions that have ended.

When Streamlit drops a session (its tab closed and ``server.disconnectedSessionTTL`` passed), what the
session held — its points, its runs, its undo history — becomes garbage.  Two things can keep that
memory from the operating system for a long time on this server:

* **cycles**: objects that refer to each other are freed only by a garbage collection of their
  generation.  The lab turns off Streamlit's full collection after every script run (it held the
  interpreter lock ~100 ms per Step: ``.streamlit/config.toml``, ``ui/preload.py``), and a server
  whose sessions have all gone allocates nothing more, so no automatic collection comes;
* **the C allocator**: glibc keeps freed memory in its arenas (one per thread that allocated, and
  Streamlit runs every script run in a new thread) unless asked to return it (``malloc_trim``).

So one daemon thread collects every :data:`PERIOD` seconds and then trims glibc's heap.  The
collection walks only what sessions created (imports are frozen by ``ui/preload.py``): a few
milliseconds on a busy server.  Nothing here holds per-user state.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import threading
import time

PERIOD = 20.0                   # seconds between two collections
THREAD_NAME = "mbl-janitor"


def _trim():
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, musl)."""
    name = ctypes.util.find_library("c")
    try:
        return getattr(ctypes.CDLL(name), "malloc_trim") if name else None
    except (OSError, AttributeError):
        return None


def _session_storage():
    """Streamlit's store of closed tabs' sessions (kept ``server.disconnectedSessionTTL`` seconds), or None."""
    try:
        from streamlit.runtime import Runtime

        return Runtime.instance()._session_mgr._session_storage
    except (RuntimeError, AttributeError):
        return None


def reap_closed_sessions(storage=None) -> int:
    """Drop the closed tabs' sessions whose time to live has passed; returns how many sessions are still kept.

    Streamlit keeps them in a TTL cache that forgets only when it is touched: with no new tab opening, a closed
    session's points and runs stayed in memory long after its TTL (issue 24: +151 MB after six 100,000-point
    sets).  Counting the cache's entries reaps the expired ones."""
    storage = _session_storage() if storage is None else storage
    cache = getattr(storage, "_cache", None)
    return len(cache) if cache is not None else 0


def clean(trim=None) -> int:
    """Reap closed sessions past their TTL, collect every generation and trim the C heap; returns the objects
    the collection freed."""
    reap_closed_sessions()
    freed = gc.collect()
    if trim is not None:
        trim(0)
    return freed


def _loop(period: float) -> None:
    trim = _trim()
    while True:
        time.sleep(period)
        clean(trim)


def start_once(period: float = PERIOD) -> None:
    """Start the janitor thread unless this process already runs one."""
    if any(t.name == THREAD_NAME for t in threading.enumerate()):
        return
    threading.Thread(target=_loop, args=(period,), name=THREAD_NAME, daemon=True).start()
