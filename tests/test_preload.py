"""ui.preload: the imports are frozen out of the garbage collector's walk, new garbage is still collected,
and Streamlit's collection after every script run stays off."""

from __future__ import annotations

import gc
import threading
import tomllib
import weakref
from pathlib import Path

import pytest

from ui import preload

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def unfrozen():
    gc.unfreeze()
    yield
    gc.unfreeze()          # leave the test process as it was


def ids_seen_by_collector() -> set[int]:
    return {id(obj) for obj in gc.get_objects()}


def test_preload_freezes_the_objects_of_the_imported_modules(unfrozen):
    import lab.runner

    assert gc.get_freeze_count() == 0
    frozen = preload.preload(("lab.runner", "lab.timeline"))
    assert frozen == gc.get_freeze_count() > 10_000
    seen = ids_seen_by_collector()
    # the modules' dictionaries and functions are out of the collector's walk
    assert id(lab.runner.__dict__) not in seen
    assert id(lab.runner.Run.step) not in seen


def test_garbage_made_after_the_freeze_is_still_collected(unfrozen):
    preload.preload(("lab.runner",))

    class Node:
        pass

    a, b = Node(), Node()
    a.other, b.other = b, a              # a cycle: reference counting alone cannot free it
    assert id(a) in ids_seen_by_collector()
    watch = weakref.ref(a)
    del a, b
    gc.collect()
    assert watch() is None               # the collector found the cycle and freed it


def test_start_once_starts_no_second_preload(monkeypatch):
    import lab.runner  # noqa: F401  (imported: the server's preload has happened)

    started = []
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self.name))
    preload.start_once()
    assert started == []


def test_streamlit_does_not_collect_garbage_after_every_run():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["runner"]["postScriptGC"] is False


def test_the_preloaded_modules_exist_and_none_is_a_re_export_of_another():
    """What the pages import is preloaded where it lives: the advice streams in datasets.advice, an expert
    run in lab.timeline — not the old names lab.experts_run / lab.experts_timeline kept for their callers."""
    import importlib.util

    assert all(importlib.util.find_spec(name) is not None for name in preload.MODULES)
    assert {"datasets.advice", "lab.timeline", "lab.runner"} <= set(preload.MODULES)
    assert not {"lab.experts_run", "lab.experts_timeline"} & set(preload.MODULES)
