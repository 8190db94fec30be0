"""The lab by keyboard alone (issue 28): on the Data page Tab reaches the drawing canvas, arrows move its crosshair
(announced in a polite live region), number keys choose the class, Enter places points and Delete erases the
nearest; the Perceptron page then runs on those points and steps by keys. No click anywhere."""

from __future__ import annotations

import pytest

from .conftest import metric, wait_for_metric, wait_idle
from .player import trial, wait_for_player

pytestmark = pytest.mark.browser

#: the deepest focused element (through shadow roots): its class and the live region's words
FOCUSED = """() => {
  let node = document.activeElement;
  while (node && node.shadowRoot && node.shadowRoot.activeElement) node = node.shadowRoot.activeElement;
  const live = node && node.querySelector ? node.querySelector('.key-live') : null;
  return {cls: node ? String(node.className) : '', live: live ? live.textContent : null,
          polite: live ? live.getAttribute('aria-live') : null};
}"""


def tab_to(page, cls: str, limit: int = 80) -> dict:
    """Press Tab until the focused element has class ``cls``; return what FOCUSED reads there."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if cls in focused["cls"].split():
            return focused
    raise AssertionError(f"Tab never reached .{cls} in {limit} presses")


def keys(page, *sequence: str) -> None:
    for key in sequence:
        page.keyboard.press(key)


def test_a_data_set_built_by_keys_runs_on_the_perceptron_page_stepped_by_keys(page, server_url):
    page.goto(f"{server_url}/data")
    wait_idle(page)
    assert metric(page, "Points") == "0"
    focused = tab_to(page, "mbl-canvas")
    assert focused["polite"] == "polite" and focused["live"].startswith("x₁ "), focused
    start = focused["live"]
    keys(page, "ArrowRight", "ArrowUp")
    moved = page.evaluate(FOCUSED)["live"]
    assert moved != start and moved.startswith("x₁ "), (start, moved)
    page.wait_for_selector(".st-key-canvas >> .key-cursor", state="attached")        # the crosshair is drawn
    # three points of class 1 up and right of the start, three of class 2 down and left: separable by a line
    keys(page, "1", *["ArrowRight"] * 3, *["ArrowUp"] * 3, "Enter", *["ArrowRight"] * 4, "Enter",
         *["ArrowLeft"] * 4, *["ArrowUp"] * 4, "Enter")
    keys(page, "2", *["ArrowLeft"] * 8, *["ArrowDown"] * 8, "Enter", *["ArrowLeft"] * 4, "Enter",
         *["ArrowRight"] * 4, *["ArrowDown"] * 4, "Enter")
    assert "class" in page.evaluate(FOCUSED)["live"]
    wait_for_metric(page, "Points", "6", timeout=30_000)
    # one more, erased again with Delete at the same place
    keys(page, "ArrowDown", "Enter")
    wait_for_metric(page, "Points", "7", timeout=30_000)
    keys(page, "Delete")
    wait_for_metric(page, "Points", "6", timeout=30_000)
    classes = page.evaluate("""() => [...document.querySelectorAll('*')].filter((e) => e.shadowRoot)
        .flatMap((h) => [...h.shadowRoot.querySelectorAll('.points [data-class]')]).map((p) => p.dataset.class)""")
    assert sorted(classes) == ["0", "0", "0", "1", "1", "1"], classes

    # the Perceptron page by its sidebar link, reached with Tab, then stepped with the arrow key
    page.goto(f"{server_url}/perceptron")        # a new page load, as typing the address would be
    wait_for_player(page)
    assert page.eval_on_selector(".mbl-tl-scrub", "slider => Number(slider.max)") >= 6
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    keys(page, "ArrowRight", "ArrowRight", "ArrowRight")
    page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.trial === '3'")
    keys(page, "ArrowLeft")
    page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.trial === '2'")
    assert trial(page) == 2
