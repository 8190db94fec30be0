"""Once per server process: import what the pages use, then hide those objects from the
garbage collector.

Why this matters.  CPython's full garbage collection walks every tracked object.  Once
NumPy, SciPy, scikit-learn, pandas, plotly, numba and Streamlit are imported that is
about 200,000 objects, and a full collection holds the interpreter lock for a tenth of a
second or more on a 2-core machine: meanwhile the server answers no browser, whichever
session caused it.  A Step no longer waits for the server — it happens in the browser,
which holds the whole run (README, "Why a Step is fast") — but everything else a page does
still runs on the server, for every session at once: opening a page, changing a setting,
building a run (``lab/timeline.py``), the Paper lab's progress.  Streamlit would run a
full collection after every such script run (``runner.postScriptGC``; the lab turns it
off in ``.streamlit/config.toml``), and CPython's own collector and the janitor
(``ui/janitor.py``) still run full collections now and then.

:func:`gc.freeze` moves every object alive at that moment into a permanent generation
that collections skip.  Called right after the imports, it freezes what the modules
define — objects that live as long as the server anyway — so later collections, the
automatic ones included, walk only what sessions created since.  What a session drops
is still freed: by reference counting at once, and by the collector when it is cyclic.
"""

from __future__ import annotations

import gc
import importlib
import sys
import threading

#: the modules the pages import (the slow part is scikit-learn, pulled in by lab.runner)
MODULES = ("pandas", "lab.runner", "lab.compare", "lab.stories", "lab.timeline", "viz.priority", "viz.experts",
           "viz.experiments", "datasets.advice", "datasets.csv_io", "datasets.generators", "experiments.registry",
           "experiments.priority", "experiments.winnow_scaling")
# (components/ is left to the script thread: importing it registers Streamlit components)
THREAD_NAME = "mbl-preload"


def preload(modules=MODULES) -> int:
    """Import ``modules``, collect the garbage of the imports, and freeze what is left.

    Returns how many objects the permanent generation holds afterwards."""
    for name in modules:
        importlib.import_module(name)
    warm_compiled_loops()
    gc.collect()                 # import-time garbage is freed now, not frozen for good
    gc.freeze()
    return gc.get_freeze_count()


def warm_compiled_loops() -> None:
    """Fit a Perceptron on two points: numba's machinery (about half a second to set up, once per
    process) and the cached compiled loops are loaded here, not in the first run a visitor builds."""
    import numpy as np

    from learners import Perceptron

    Perceptron().fit(np.array([[1.0, 0.5], [-1.0, -0.5]]), np.array([1, -1]))


def start_once() -> None:
    """Start :func:`preload` in a background thread on the server's first run, so the first
    visitor's page is not held up by the imports (they take about two seconds)."""
    if "lab.runner" in sys.modules or any(t.name == THREAD_NAME for t in threading.enumerate()):
        return
    threading.Thread(target=preload, name=THREAD_NAME, daemon=True).start()
