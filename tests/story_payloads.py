"""The payload every story hands to the player, as the page builds it (AppTest), and a comparison of two
payloads that tolerates only what a BLAS kernel or a summation order may change.

``python -m tests.story_payloads`` records every story's payload into ``tests/fixtures/story_payloads.json.gz``;
``tests/test_story_payloads.py`` checks that the pages still build the same payloads.  Recorded before the
refactoring of issue 26 (one stack for the classifiers and the expert learners, one table of settings per
page), so that refactoring provably changes no run a story shows.
"""

from __future__ import annotations

import gzip
import json
import math
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from lab.stories import STORIES

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "story_payloads.json.gz"
#: keys whose value names the run's cache entry, not what it shows
IGNORED = {"id"}
NUMBER = re.compile(r"-?\d+(?:\.(\d+))?(?:[eE][-+]?\d+)?")
REL = 1e-6


def players(key: str) -> list[dict]:
    """Every player payload of the page the story opens (parsed, nested JSON strings parsed too)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.button(key=f"story_{key}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    found = []
    for element in at.main:
        if getattr(element, "type", "") == "bidi_component" and element.proto.component_name.endswith("timeline"):
            data = json.loads(element.proto.json)
            found.append(_parsed(json.loads(data["payload"])))
    return found


def _parsed(value):
    """Nested JSON documents (the figures) parsed, so that their numbers compare as numbers."""
    if isinstance(value, dict):
        return {k: _parsed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_parsed(v) for v in value]
    if isinstance(value, str) and value[:1] in "{[" and value[-1:] in "}]":
        try:
            return _parsed(json.loads(value))
        except ValueError:
            return value
    return value


def record() -> dict:
    return {key: players(key) for key in sorted(STORIES)}


def differences(old, new, path: str = "") -> list[str]:
    """Where ``new`` differs from ``old`` beyond the last printed digit of a number (empty when equal)."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for k in sorted(set(old) | set(new)):
            if k in IGNORED:
                continue
            if k not in old or k not in new:
                out.append(f"{path}/{k}: {'added' if k in new else 'removed'}")
            else:
                out += differences(old[k], new[k], f"{path}/{k}")
        return out
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return [f"{path}: length {len(old)} -> {len(new)}"]
        return [d for i, (a, b) in enumerate(zip(old, new)) for d in differences(a, b, f"{path}[{i}]")]
    if isinstance(old, bool) or isinstance(new, bool) or old is None or new is None:
        return [] if old == new else [f"{path}: {old!r} -> {new!r}"]
    if isinstance(old, (int, float)) and isinstance(new, (int, float)):
        return [] if _close(float(old), float(new), 0) else [f"{path}: {old!r} -> {new!r}"]
    if isinstance(old, str) and isinstance(new, str):
        return [] if _same_text(old, new) else [f"{path}: {old[:120]!r} -> {new[:120]!r}"]
    return [] if old == new else [f"{path}: {old!r} -> {new!r}"]


def _close(a: float, b: float, decimals: int | None) -> bool:
    if math.isinf(a) or math.isinf(b) or math.isnan(a) or math.isnan(b):
        return a == b or (math.isnan(a) and math.isnan(b))
    slack = 1.01 * 10.0 ** -decimals if decimals else 0.0
    return abs(a - b) <= slack + REL * max(abs(a), abs(b), 1e-300) + 1e-12


def _same_text(old: str, new: str) -> bool:
    """Equal words; numbers equal up to one unit of their last printed digit (a rounding boundary)."""
    if old == new:
        return True
    if NUMBER.sub("#", old) != NUMBER.sub("#", new):
        return False
    a, b = list(NUMBER.finditer(old)), list(NUMBER.finditer(new))
    return all(_close(float(x.group()), float(y.group()), len(x.group(1) or "") or 1 if x.group(1) else 1)
               for x, y in zip(a, b))


def load() -> dict:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        return json.load(f)


if __name__ == "__main__":
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(FIXTURE, "wt", encoding="utf-8") as f:
        json.dump(record(), f, separators=(",", ":"))
    print(FIXTURE, FIXTURE.stat().st_size, "bytes")
