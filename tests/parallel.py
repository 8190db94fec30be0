"""How README's ``python3 -m pytest -q`` shares the machine's cores (issue 26).

pytest.ini's ``addopts`` runs the suite on pytest-xdist workers (``-n auto --dist loadgroup``), and
:func:`pytest_xdist_auto_num_workers` (a hook, made known by tests/conftest.py) says how many: :data:`WORKERS`,
so that while one worker's browser test waits on its Streamlit server or Chromium, the other computes.  Each
worker has its own session fixtures (a Streamlit server per app, one Chromium), on free ports.  A run that
shows the tests' output (``-s``) or selects the load, proxy or timed tests (``-m load``, ``-m proxy``,
``-m timed``: README's measurements) runs in one process: workers would hide what the tests print, and measure
each other.  The ``timed`` tests bound the CPU or the wall time a server takes (a closed tab or Stop ends a
build, a long link leaves the server answering): measurements, so they are a marked suite of their own, out
of README's test command (pytest.ini), like the load and proxy tests.

:data:`TIMED` marks the tests of README's command that bound a wall time loosely, and those that keep a core busy for
long (the Paper lab's full runs, the 100,000-point builds): ``loadgroup`` sends them all to one worker, one
after another, so no such test measures while another of them loads the machine.  ``-p no:xdist`` (or
``-n 0``) runs everything in one process, as before.
"""

from __future__ import annotations

import re

import pytest

#: the tests that time something or load a core for long: run by one worker, one at a time
TIMED = pytest.mark.xdist_group("timed")
#: workers of README's command, whatever the machine: CI has two cores, and each worker starts its own
#: Streamlit servers and Chromium
WORKERS = 2
#: a mark expression that selects the load, proxy or timed tests (not one that leaves them out: "not load")
MEASURING = re.compile(r"(?<!not )\b(load|proxy|timed)\b")


def pytest_xdist_auto_num_workers(config) -> int:
    """How many workers ``-n auto`` starts: none (one process) with ``-s`` or a mark expression selecting
    the load or proxy tests, else :data:`WORKERS`."""
    if config.getoption("capture") == "no" or MEASURING.search(config.getoption("markexpr") or ""):
        return 0
    return WORKERS
