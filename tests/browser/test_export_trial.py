"""The Share panel's HTML export and lab file tell the truth about what is shown (issues 27 and 28).

In a real headless Chromium: the player is stepped to a trial k that is not its run's start, the run is
exported from the Share panel (Playwright's download), and the file, opened from disk, shows trial k with
its title in view (scrolled to its top) — the export used to open at the run's first trial.  With the
projector theme on in the lab, the export opens in the projector theme, and the lab file carries the
theme: opened in a new browser, the lab shows the projector theme again.
"""

from __future__ import annotations

import json

import pytest

from .conftest import VIEWPORT, screenshot, wait_idle
from .player import PLAYER, STATE, control, focus_page, open_lab_file, open_story, press, trial, wait_for_player
from .test_lab_in_chromium import assert_nothing_offered_outside, modebars

pytestmark = pytest.mark.browser

#: a trial of the thin-margin story's run that is not its start
K = 9


def step_to(page, k: int) -> None:
    focus_page(page)
    press(page, "ArrowRight", k - trial(page))
    assert trial(page) == k


def open_share_panel(page) -> None:
    page.locator(".st-key-share_open label").first.click()
    wait_idle(page)


def export(page, tmp_path):
    """Export the run from the Share panel; the saved file's path."""
    with page.expect_download(timeout=60_000) as download_info:
        page.get_by_role("button", name="Export this run as HTML").click()
    download = download_info.value
    assert download.suggested_filename == "mistake-bound-lab-perceptron.html"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    return path


def open_from_disk(browser, path):
    """The exported file opened in a new browser; the page, and the list of its errors and of its requests that
    leave the disk (an export asks nothing of any server)."""
    context = browser.new_context(viewport=VIEWPORT)
    opened = context.new_page()
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("request", lambda request: errors.append(f"request {request.url}")
              if not request.url.startswith(("file:", "data:", "blob:")) else None)
    opened.goto(path.as_uri())
    opened.wait_for_function("() => document.body.dataset.ready === '1'", timeout=60_000)
    return context, opened, errors


def shown(page) -> dict:
    state = page.evaluate(STATE)
    return {key: state[key] for key in ("trial", "metrics", "head", "title")}


def title_in_view(page) -> bool:
    return page.evaluate("""() => { const r = document.querySelector('h1').getBoundingClientRect();
        return window.scrollY === 0 && r.top >= 0 && r.bottom <= window.innerHeight; }""")


def test_the_export_opens_at_the_trial_the_player_shows_with_its_title_in_view(browser, page, server_url, tmp_path):
    open_story(page, server_url, "thin-margin", "perceptron")
    start = page.eval_on_selector(PLAYER, "root => root._mblPlayer.payload.start || 0")
    assert K != start
    step_to(page, K)
    in_lab = shown(page)
    open_share_panel(page)
    assert trial(page) == K                              # the panel's rerun left the player where it was
    path = export(page, tmp_path)
    context, exported, errors = open_from_disk(browser, path)
    try:
        assert trial(exported) == K
        assert shown(exported) == in_lab                  # the same trial's metrics, math and title
        assert title_in_view(exported)
        assert "mbl-projector" not in exported.eval_on_selector(PLAYER, "root => root.className")
        screenshot(exported, "export-at-its-trial", full_page=False)
        # the export's figures offer nothing that leaves the computer (plotly.js's "Share chart…" did, issue 34)
        figures = modebars(exported)
        assert_nothing_offered_outside(figures)
        assert any("mbl-tl-above" in figure["figure"] and "Download plot" in figure["buttons"] for figure in figures)
        # stepped on in the lab and exported again: the new file opens at the new trial
        step_to(page, K + 4)
        (tmp_path / "again").mkdir()
        second = export(page, tmp_path / "again")
        again = context.new_page()
        again.goto(second.as_uri())
        again.wait_for_function("() => document.body.dataset.ready === '1'", timeout=60_000)
        assert trial(again) == K + 4 and title_in_view(again)
    finally:
        context.close()
    assert errors == []


def test_an_export_and_a_lab_file_made_in_the_projector_theme_open_in_it(browser, page, server_url, tmp_path):
    open_story(page, server_url, "thin-margin", "perceptron")
    control(page, ".mbl-projector-button").click()
    page.wait_for_function("() => document.querySelector('.mbl-tl').classList.contains('mbl-projector')")
    step_to(page, K)
    open_share_panel(page)
    path = export(page, tmp_path)
    context, exported, errors = open_from_disk(browser, path)
    try:
        assert trial(exported) == K
        assert "mbl-projector" in exported.eval_on_selector(PLAYER, "root => root.className")
        assert exported.locator(".mbl-projector-button").get_attribute("aria-pressed") == "true"
        assert title_in_view(exported)
        screenshot(exported, "export-in-the-projector-theme", full_page=False)
        exported.goto(path.as_uri() + "#theme=default")   # the address still wins over the file's theme
        exported.reload()
        exported.wait_for_function("() => document.body.dataset.ready === '1'", timeout=60_000)
        assert "mbl-projector" not in exported.eval_on_selector(PLAYER, "root => root.className")
    finally:
        context.close()
    assert errors == []

    with page.expect_download() as download_info:
        page.locator(".mbl-share-file").click()
    lab_path = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(lab_path)
    document = json.loads(lab_path.read_text(encoding="utf-8"))
    assert (document["theme"], document["trial"]) == ("projector", K)

    context = browser.new_context(viewport=VIEWPORT)
    try:
        other = context.new_page()
        open_lab_file(other, server_url, lab_path)
        other.wait_for_url("**/perceptron**", timeout=30_000)
        wait_for_player(other)
        assert trial(other) == K
        other.wait_for_function("() => document.querySelector('.mbl-tl').classList.contains('mbl-projector')")
        assert "theme=projector" in other.url
    finally:
        context.close()
