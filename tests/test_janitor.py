"""ui/janitor.py: the collection it runs frees cycles left by a session, and it trims the C heap."""

from __future__ import annotations

import gc
import threading
import weakref

import numpy as np

from ui import janitor


class Holder:
    pass


def test_clean_frees_a_cycle_that_holds_a_large_array_and_trims():
    gc.disable()                       # no automatic collection may free it first
    try:
        first, second = Holder(), Holder()
        first.other, second.other = second, first            # a cycle, as a session's objects make
        first.points = np.ones(1_000_000)
        alive = weakref.ref(first)
        del first, second
        assert alive() is not None                           # reference counting alone cannot free a cycle
        trims = []
        assert janitor.clean(trims.append) >= 2
        assert alive() is None and trims == [0]
    finally:
        gc.enable()


def test_the_janitor_starts_once_per_process():
    janitor.start_once(period=3600)
    janitor.start_once(period=3600)
    assert sum(t.name == janitor.THREAD_NAME for t in threading.enumerate()) == 1


def test_malloc_trim_is_found_on_glibc():
    import platform

    if platform.libc_ver()[0] == "glibc":
        assert janitor._trim() is not None


def test_closed_sessions_past_their_ttl_are_reaped_without_a_new_tab():
    """Streamlit's session storage forgets an expired session only when touched; the janitor touches it."""
    import time as clock

    from streamlit.runtime.memory_session_storage import MemorySessionStorage

    from ui.janitor import reap_closed_sessions

    class Info:
        class session:
            id = "closed-tab"

    storage = MemorySessionStorage(ttl_seconds=1)
    storage.save(Info())
    held = storage._cache._data
    assert reap_closed_sessions(storage) == 1 and "closed-tab" in held       # still within its TTL
    deadline = clock.monotonic() + 30
    while "closed-tab" in held and clock.monotonic() < deadline:
        clock.sleep(0.1)
        reap_closed_sessions(storage)
    assert "closed-tab" not in held                                           # gone: its memory can be freed
