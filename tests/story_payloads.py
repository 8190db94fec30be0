"""The payload every story hands to the player, as the page builds it (AppTest), and a comparison of two
payloads that tolerates only what a BLAS kernel or a summation order may change.

Numbers must agree to a relative 1e-6 (words: to the last printed digit), except what the boundary figure draws
— the regions, borders, w's arrow and support lines of ``payload["boundary"]`` — which must be *the same
picture*: every vertex within :data:`PIXEL` of the box's size of its counterpart (a pixel of a 1000-pixel-wide
figure; the payload rounds them to 1e-4 of it), a polygon from any starting vertex, borders and lines in any
order and either direction, and nothing smaller than a pixel counted (a corner met twice by the regions around
it, a region thinner than a pixel).  The regions' corners are decided with a margin (viz.geometry), so every
kernel draws the same ones.

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
#: what the boundary figure draws agrees to this fraction of the box's larger side (one pixel of 1000)
PIXEL = 1e-3


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
        if "box" in old and "shapes" in old and "box" in new and "shapes" in new:
            return _boundary_differences(old, new, path)
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


def _boundary_differences(old: dict, new: dict, path: str) -> list[str]:
    """A boundary payload: its shapes and states drawn as the same picture (see the module's doc), the rest exactly."""
    out = differences({k: v for k, v in old.items() if k not in ("shapes", "states")},
                      {k: v for k, v in new.items() if k not in ("shapes", "states")}, path)
    x0, x1, y0, y1 = old["box"]
    pixel = PIXEL * max(x1 - x0, y1 - y0)
    for part in ("shapes", "states"):
        a, b = old[part], new[part]
        if len(a) != len(b):
            out.append(f"{path}/{part}: length {len(a)} -> {len(b)}")
            continue
        for i, (shape_a, shape_b) in enumerate(zip(a, b)):
            out += _drawn_differences(shape_a, shape_b, pixel, f"{path}/{part}[{i}]")
    return out


def _drawn_differences(old, new, pixel: float, path: str) -> list[str]:
    """One shape or state: regions as polygons, borders and support lines as sets of segments, the rest to a pixel."""
    if set(old) != set(new):
        return [f"{path}: keys {sorted(old)} -> {sorted(new)}"]
    out = []
    for key in sorted(old):
        where = f"{path}/{key}"
        if key == "regions":
            if len(old[key]) != len(new[key]):
                out.append(f"{where}: {len(old[key])} regions -> {len(new[key])}")
                continue
            out += [f"{where}[{r}]: {a} -> {b}" for r, (a, b) in enumerate(zip(old[key], new[key]))
                    if not _same_polygon(_vertices(a, pixel), _vertices(b, pixel), pixel)]
        elif key in ("borders", "support"):
            lines_a = [old[key]] if key == "borders" else old[key]
            lines_b = [new[key]] if key == "borders" else new[key]
            if len(lines_a) != len(lines_b) or not all(_same_segments(_segments(a, pixel), _segments(b, pixel), pixel)
                                                       for a, b in zip(lines_a, lines_b)):
                out.append(f"{where}: {str(old[key])[:200]} -> {str(new[key])[:200]}")
        elif not _near(old[key], new[key], pixel):
            out.append(f"{where}: {str(old[key])[:200]} -> {str(new[key])[:200]}")
    return out


def _near(a, b, pixel: float) -> bool:
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_near(x, y, pixel) for x, y in zip(a, b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(a - b) <= pixel
    return a == b


def _vertices(xy, pixel: float) -> list:
    """A closed polygon [xs, ys] as its vertices, consecutive ones within a pixel merged."""
    points = list(zip(*xy)) if xy and xy[0] else []
    kept = []
    for p in points:
        if not kept or not _same_point(p, kept[-1], pixel):
            kept.append(p)
    while len(kept) > 1 and _same_point(kept[0], kept[-1], pixel):
        kept.pop()
    return kept


def _same_point(p, q, pixel: float) -> bool:
    return abs(p[0] - q[0]) <= pixel and abs(p[1] - q[1]) <= pixel


def _same_polygon(a: list, b: list, pixel: float) -> bool:
    """The same vertices in the same cyclic order, from any start (within a pixel of a point or a segment: none)."""
    a, b = (a if len(a) >= 3 else []), (b if len(b) >= 3 else [])
    if len(a) != len(b):
        return False
    return not a or any(all(_same_point(a[i], b[(i + shift) % len(b)], pixel) for i in range(len(a)))
                        for shift in range(len(b)))


def _segments(xy, pixel: float) -> list:
    """Segments [xs, ys] joined by None gaps as a list of (p, q), those shorter than a pixel left out."""
    out, current = [], []
    for x, y in zip(*xy) if xy else []:
        if x is None or y is None:
            current = []
            continue
        current.append((x, y))
        if len(current) > 1:
            p, q = current[-2], current[-1]
            if not _same_point(p, q, pixel):
                out.append((p, q))
    return out


def _same_segments(a: list, b: list, pixel: float) -> bool:
    """The same segments, in any order and either direction."""
    if len(a) != len(b):
        return False
    left = list(b)
    for p, q in a:
        match = next((i for i, (r, s) in enumerate(left) if (_same_point(p, r, pixel) and _same_point(q, s, pixel))
                      or (_same_point(p, s, pixel) and _same_point(q, r, pixel))), None)
        if match is None:
            return False
        left.pop(match)
    return True


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
