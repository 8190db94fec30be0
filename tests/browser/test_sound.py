"""The run as sound (components/sound.js), in Chromium: the schedule of notes the player makes for a known run,
against the same schedule computed here from the same payload (headless Chromium may have no audio output:
the schedule is tested, not the speaker), and the button and key that turn it on (off by default)."""

from __future__ import annotations

import json
import math

import pytest
from playwright.sync_api import expect

from .player import control
from .story_export import curve_values, open_export, story_payload

pytestmark = pytest.mark.browser
SPEED = 25


@pytest.fixture(scope="module")
def payload():
    return story_payload()


def python_schedule(payload, start: int, stop: int, speed: float) -> list[tuple]:
    """(trial, time, voice, hz) of trials start+1..stop, as the README's "The run as sound" describes the notes."""
    cum, flags, T = payload["trials"]["cum_mistakes"], payload["trials"]["mistake"], payload["T"]
    bound = next((values for is_bound, values in curve_values(payload).values() if is_bound), None)
    top = max([cum[-1]] + [v for v in (bound or []) if v is not None and math.isfinite(v)])
    pitch = lambda v: 220 * 2 ** (3 * math.log1p(max(v, 0)) / math.log1p(top))      # noqa: E731
    notes = []
    for t in range(start + 1, stop + 1):
        time = (t - start - 1) / speed
        notes.append((t, time, "mistakes", pitch(cum[t - 1])))
        b = bound[t - 1] if bound else None
        if b is not None:
            notes.append((t, time, "bound", pitch(b)))
        if flags[t - 1] == "1":
            notes.append((t, time, "mistake", 1760))
        before = bound[t - 2] if bound and t > 1 else None
        if b is not None and cum[t - 1] >= b and (t == 1 or before is None or cum[t - 2] < before):
            notes.append((t, time, "crossing", 2637))
    assert len(notes) > 0 and T >= stop
    return notes


def player_schedule(page, start: int, stop: int, speed: float, payload_text: str | None = None) -> list[tuple]:
    notes = page.evaluate("""([start, stop, speed, text]) => {
        const player = document.querySelector('.mbl-tl')._mblPlayer || document.querySelector('.mbl-tl-root')._mblPlayer;
        let payload = player.payload;
        if (text) { payload = JSON.parse(text); const points = payload.trials.point; payload.trials.point = (t) => points[t - 1]; }
        return window.MistakeBoundTimeline.soundSchedule(payload, start, stop, speed); }""",
                          [start, stop, speed, payload_text])
    return [(n["trial"], n["time"], n["voice"], n["hz"]) for n in notes]


def assert_same(ours, theirs):
    assert [(t, voice) for t, _, voice, _ in ours] == [(t, voice) for t, _, voice, _ in theirs]
    for (_, time_a, _, hz_a), (_, time_b, _, hz_b) in zip(ours, theirs):
        assert time_a == pytest.approx(time_b, abs=1e-9)
        assert hz_a == pytest.approx(hz_b, rel=1e-9)


def test_the_schedule_of_notes_follows_the_mistakes_and_the_bound(page, tmp_path, payload):
    open_export(page, tmp_path, payload)
    whole = player_schedule(page, 0, payload["T"], SPEED)
    assert_same(whole, python_schedule(payload, 0, payload["T"], SPEED))
    voices = {voice for _, _, voice, _ in whole}
    assert {"mistakes", "bound", "mistake"} <= voices
    assert_same(player_schedule(page, 40, 55, 10), python_schedule(payload, 40, 55, 10))


def test_a_bound_the_mistakes_reach_rings_once(page, tmp_path, payload):
    """The same run with its first bound curve replaced by a constant the mistakes reach half-way."""
    figure = json.loads(payload["curves"]["figure"])
    bound = next(trace for trace in figure["data"] if trace.get("legendgroup") == "bound")
    level = payload["trials"]["cum_mistakes"][-1] // 2
    bound["x"], bound["y"] = [1, payload["T"]], [level, level]
    lowered = dict(payload, curves=dict(payload["curves"], figure=json.dumps(figure)))
    open_export(page, tmp_path, payload)
    ours = player_schedule(page, 0, payload["T"], SPEED, json.dumps(lowered))
    assert_same(ours, python_schedule(lowered, 0, payload["T"], SPEED))
    rings = [t for t, _, voice, _ in ours if voice == "crossing"]
    first = payload["trials"]["cum_mistakes"].index(level) + 1
    assert rings == [first]


def test_sound_is_off_until_its_button_or_key_turns_it_on(page, tmp_path, payload):
    open_export(page, tmp_path, payload)
    button = page.locator(".mbl-sound-button")
    expect(button).to_have_attribute("aria-pressed", "false")
    assert "S sound" in page.locator(".mbl-tl-keys").text_content()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.trial === '1'")
    assert page.eval_on_selector(".mbl-tl", "root => root.dataset.sounded") is None      # off: nothing sounded
    page.keyboard.press("s")
    expect(button).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.trial === '2'")
    flags = payload["trials"]["mistake"]
    expected = len([v for v in python_schedule(payload, 1, 2, 8)])
    audio = page.evaluate("() => Boolean(window.AudioContext || window.webkitAudioContext)")
    if audio:
        page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.sounded !== undefined")
        assert page.eval_on_selector(".mbl-tl", "root => root.dataset.sounded") == f"2:{expected}"
    control(page, ".mbl-sound-button").click()
    expect(button).to_have_attribute("aria-pressed", "false")
    assert flags                                                   # the run has trials to sound
