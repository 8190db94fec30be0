"""Helpers of the accessibility, sound and projector-theme tests: a fixed story's run as the offline HTML
export (components/html_export.py), opened in Chromium from disk — the same player and plugins as the lab."""

from __future__ import annotations

import json

from components.html_export import run_html
from lab.stories import STORIES, make_points
from lab.timeline import build_timeline, payload_json

#: the story and its run as the Perceptron page plays it (the story's presets)
STORY = "thin-margin"


def story_payload() -> dict:
    """The payload of the thin-margin story's run: the Perceptron, adversarial order, five passes."""
    story = STORIES[STORY]
    presets = story.presets
    return build_timeline(presets["perceptron_learner"], {}, make_points(story), order=presets["perceptron_order"],
                          n_passes=presets["perceptron_passes"], seed=0)


def open_export(page, tmp_path, payload: dict, *, start: int = 0, hash_: str = "") -> None:
    """Write ``payload``'s HTML export into ``tmp_path``, open it (``#t=start`` and ``hash_``) and wait for the player."""
    path = tmp_path / "run.html"
    path.write_text(run_html(payload_json(payload), "A thin margin"), encoding="utf-8")
    page.goto(f"{path.as_uri()}#t={start}{hash_}")
    page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=60_000)
    page.wait_for_function(f"() => document.querySelector('.mbl-tl').dataset.trial === '{start}'")


def curve_values(payload: dict) -> dict:
    """Every named trace of the curves figure at trials 1..T, as a step function of its x (None before it)."""
    figure = json.loads(payload["curves"]["figure"])
    out = {}
    for trace in figure["data"]:
        xs, ys = trace.get("x"), trace.get("y")
        if not trace.get("name") or not isinstance(xs, list):
            continue
        values, j = [], -1
        for t in range(1, payload["T"] + 1):
            while j + 1 < len(xs) and xs[j + 1] <= t:
                j += 1
            values.append(None if j < 0 or ys[j] is None else float(ys[j]))
        out[trace["name"]] = (trace.get("legendgroup") == "bound", values)
    return out
