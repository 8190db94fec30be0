"""No cache shared between sessions keeps a large point set or a figure of a user's points (issue 24).

The Priority page's ``compare`` (st.cache_data, 32 entries, an hour) kept the fitted rows and a figure
with every point, keyed by the point set: another user's 100,000 points stayed in the server for an
hour.  Now a set of more than ``lab.limits.SHARED_RUN_POINTS`` points is the session's alone (kept
with :func:`ui.state.kept`), and figures are never shared.  The Multiclass page's comparisons follow
the same rule.  Read from Streamlit's own cache statistics after each page ran.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import streamlit as st
from streamlit.runtime.caching.cache_data_api import _data_caches
from streamlit.testing.v1 import AppTest

from datasets.pointset import PointSet, UndoStack
from lab.limits import SHARED_RUN_POINTS

APP = str(Path(__file__).resolve().parents[1] / "app.py")
PAGE_CACHES = {"views/priority.py": "_shared_fit", "views/multiclass.py": "_shared_comparisons"}


def cache_entries() -> dict:
    """Function name → list of byte sizes of its entries, over every st.cache_data cache of the process."""
    out = {}
    for stats in _data_caches.get_stats().values():
        for stat in stats:
            out.setdefault(stat.cache_name.rsplit(".", 1)[-1], []).append(stat.byte_length)
    return out


def classes(n: int, seed: int) -> PointSet:
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 3, n)
    X = rng.normal(size=(n, 2)) + 3 * np.stack([np.cos(2 * labels), np.sin(2 * labels)], axis=1)
    return PointSet.from_arrays(X, labels, class_names=["a", "b", "c"])


def open_page(page: str, points: PointSet) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=240)
    at.session_state["undo"] = UndoStack(points)
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("page", sorted(PAGE_CACHES))
def test_a_set_beyond_the_shared_run_limit_stays_out_of_every_shared_cache(page):
    st.cache_data.clear()
    at = open_page(page, classes(SHARED_RUN_POINTS + 1, seed=1))
    entries = cache_entries()
    assert PAGE_CACHES[page] not in entries, entries
    # nothing shared holds the points: every shared entry is far smaller than the set (48 bytes a point as JSON)
    assert all(size < 16 * SHARED_RUN_POINTS for sizes in entries.values() for size in sizes), entries
    # the page still shows its results, kept in the session
    assert any(name.startswith(page.split("/")[1][:-3]) for name in at.session_state["kept"])


@pytest.mark.parametrize("page", sorted(PAGE_CACHES))
def test_a_small_set_is_shared_and_no_shared_entry_holds_a_figure(page):
    """The control: the shared cache is used for a small set (so the test above is not blind), and what it
    keeps is the fit or the comparison, not a figure of the points."""
    st.cache_data.clear()
    open_page(page, classes(300, seed=2))
    entries = cache_entries()
    assert entries.get(PAGE_CACHES[page]), entries
    items = [bytes(item) for function_caches in _data_caches._function_caches.values()
             for cache in function_caches.values() for item in cache.storage._mem_cache.values()]
    assert items
    assert not any(b"plotly" in item for item in items), "a figure in a shared cache"
