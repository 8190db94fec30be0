"""Out-of-range numbers typed into the Data page are refused in the browser with a clear message.

The θ and weight inputs declare their ranges (θ in [0.01, 100], weights in
[0, 1e9], what a point set accepts: lab.settings.WEIGHT_RANGE); Streamlit's number input refuses a value outside them, says so
under the input, and sends nothing to the server — the point's weight stays
what it was.  A number input cannot take text at all, and 1e400 (infinite)
is replaced by a number in range.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from lab.settings import WEIGHT_RANGE

from .conftest import metric, screenshot, wait_for_metric, wait_idle

pytestmark = pytest.mark.browser

RANGE_MESSAGE = "Number is outside the allowed range"


def point_titles(page) -> list[str]:
    """The hover titles of the canvas's points: "<class> (x, y), weight w"."""
    return page.locator(".st-key-canvas svg.mbl-svg g.points title").all_text_contents()


def wait_for_weight(page, weight: str, timeout: float = 20_000) -> None:
    """Wait until the canvas's single point says it has ``weight``: the canvas redraws after the rerun
    that changed it, so an immediate look may still see the previous drawing.  (The canvas sits in a
    shadow root: Playwright's locators and ``expect`` reach into it, ``document.querySelectorAll`` does
    not.)"""
    expect(page.locator(".st-key-canvas svg.mbl-svg g.points title")).to_have_text(
        [re.compile(f"weight {re.escape(weight)}$")], timeout=timeout)


def type_number(page, key: str, text: str) -> None:
    """Type ``text`` into the number input ``key`` and press Enter; wait until the rerun it asks for (if the
    input takes the value) has run."""
    field = page.locator(f".st-key-{key} input")
    field.fill(text)
    field.press("Enter")
    wait_idle(page)


def test_negative_weights_and_theta_at_most_zero_are_refused_with_a_message(page, server_url):
    page.goto(f"{server_url}/data")
    wait_idle(page)
    svg = page.locator(".st-key-canvas svg.mbl-svg").first
    svg.wait_for()
    box = svg.bounding_box()
    page.mouse.click(box["x"] + 0.4 * box["width"], box["y"] + 0.4 * box["height"])
    wait_for_metric(page, "Points", 1)
    assert [t.endswith("weight 1") for t in point_titles(page)] == [True]

    for key, text, allowed in (("data_class_weight_0", "-5", "between 0.00 and 1000000000.00"),
                               ("data_theta_0", "0", "between 0.01 and 100.00"),
                               ("data_theta_0", "-1", "between 0.01 and 100.00")):
        type_number(page, key, text)
        expect(page.locator(f".st-key-{key}")).to_contain_text(RANGE_MESSAGE)    # shown once the input refused it
        message = page.locator(f".st-key-{key}").inner_text()
        assert RANGE_MESSAGE in message and allowed in message, message
    screenshot(page, "data-number-out-of-range")

    page.locator(".st-key-data_apply_weight_0 button").click()      # applies the last accepted weight, 1
    wait_idle(page)
    assert metric(page, "Points") == "1"
    assert [t.endswith("weight 1") for t in point_titles(page)] == [True]

    type_number(page, "data_class_weight_0", "2.5")                  # a valid value is taken
    page.locator(".st-key-data_apply_weight_0 button").click()
    wait_idle(page)
    wait_for_weight(page, "2.5")
    assert [t.endswith("weight 2.5") for t in point_titles(page)] == [True]

    type_number(page, "data_class_weight_0", "1e400")                # infinity is not taken
    expect(page.locator(".st-key-data_class_weight_0 input")).not_to_have_value("1e400")   # replaced
    shown = float(page.locator(".st-key-data_class_weight_0 input").input_value())
    assert 0.0 <= shown <= WEIGHT_RANGE[1]
    assert [t.endswith("weight 2.5") for t in point_titles(page)] == [True]
