"""A point set at the import's limits (±1e9) steps, plays and exports in Chromium (issue 20).

The set "corners at ±1e9" of tests/test_extreme_data.py (three classes) is opened from a lab file on the
Multiclass page; the player steps and goes back with the keys, plays to the end, and the run exported as
HTML opens from disk and shows the same trial.  No page error, no traceback, every number the player
writes finite.
"""

from __future__ import annotations

import pytest

from lab.links import lab_file
from tests.test_extreme_data import EXTREME

from .conftest import screenshot, wait_idle
from .player import STATE, focus_page, open_lab_file, press, total, trial, wait_for_player

pytestmark = pytest.mark.browser


def shown_text(page) -> str:
    return page.locator(".mbl-tl").inner_text()


def test_a_run_at_plus_minus_1e9_steps_plays_and_exports(browser, page, server_url, tmp_path):
    errors = []
    page.on("pageerror", lambda error: errors.append("app: " + str(error) + str(error.stack)))
    points = EXTREME["corners at ±1e9"]
    path = tmp_path / "corners.json"
    path.write_text(lab_file("multiclass", {"multiclass_passes": 3}, points))
    open_lab_file(page, server_url, path)
    page.wait_for_url("**/multiclass**", timeout=30_000)
    wait_for_player(page)
    assert page.locator('[data-testid="stException"]').count() == 0
    assert total(page) == 3 * len(points)
    focus_page(page)
    press(page, "ArrowRight", 4)
    assert trial(page) == 4
    at_four = page.evaluate(STATE)
    press(page, "ArrowLeft")
    assert trial(page) == 3
    press(page, "ArrowRight")
    assert page.evaluate(STATE) == at_four
    for word in ("NaN", "Infinity", "undefined"):
        assert word not in shown_text(page)
    press(page, "Home")
    press(page, " ")                                            # Play to the end
    page.wait_for_function("() => Number(document.querySelector('.mbl-tl').dataset.trial) === "
                           "Number(document.querySelector('.mbl-tl-scrub').max)", timeout=30_000)
    assert "NaN" not in shown_text(page)
    screenshot(page, "extreme-data-multiclass", full_page=False)

    export = page.get_by_role("button", name="Export this run as HTML")
    if not export.count():                                      # the panel is still open from the Open
        page.locator(".st-key-share_open label").first.click()
        wait_idle(page)
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Export this run as HTML").click()
    exported = tmp_path / "run.html"
    download_info.value.save_as(exported)
    offline = browser.new_context().new_page()
    try:
        offline.on("pageerror", lambda error: errors.append("exported: " + str(error) + str(error.stack)))
        offline.goto(exported.as_uri() + "#t=4")
        offline.wait_for_function("() => document.body.dataset.ready === '1'", timeout=30_000)
        assert trial(offline) == 4
        assert "NaN" not in offline.locator(".mbl-tl").inner_text()
    finally:
        offline.context.close()
    assert errors == []
