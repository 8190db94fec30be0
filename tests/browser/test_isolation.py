"""Two browsers on one server never see each other's points or runs; user text is never markup.

Each Playwright *context* is a separate browser profile (its own cookies and
storage), so two contexts are two users.  One draws five points on the Data
page, the other opens a story (60 generated points); each steps and plays on
the Perceptron page (the player), and after every action the other's run must be its
own.  Reloading a page starts a new Streamlit session: it must come back empty,
never with the other user's data.
"""

from __future__ import annotations

import pytest

from .conftest import VIEWPORT, metric, screenshot, wait_for_metric, wait_idle
from .player import focus_page, press, total, trial, wait_for_player

pytestmark = pytest.mark.browser


def go_to(page, title: str) -> None:
    """Open a page through the sidebar (the same session, unlike a new URL)."""
    page.locator('[data-testid="stSidebarNav"] a', has_text=title).first.click()
    page.wait_for_function("() => document.querySelector('h1')?.innerText.length > 0")
    wait_idle(page)


def draw_points(page, spots, first_class: str, second_class: str) -> None:
    """Click ``spots`` (fractions of the canvas) — the first half of class ``first_class``, the rest ``second_class``."""
    svg = page.locator(".st-key-canvas svg.mbl-svg").first
    svg.wait_for()
    for i, (fx, fy) in enumerate(spots, start=1):
        if i in (1, len(spots) // 2 + 1):
            name = first_class if i == 1 else second_class
            page.locator(".st-key-data_active").get_by_text(name, exact=True).click()
            wait_idle(page)
        box = svg.bounding_box()
        page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
        wait_for_metric(page, "Points", i)


def test_two_users_at_once_never_see_each_others_points_or_runs(page, browser, server_url):
    # Alice in the profile every test uses (warm caches), Bob in a browser of his own: two browsers, two sessions
    bob_context = browser.new_context(viewport=VIEWPORT)
    try:
        alice, bob = page, bob_context.new_page()
        alice.goto(f"{server_url}/data")
        bob.goto(server_url)
        wait_idle(alice)
        wait_idle(bob)

        # Alice draws five points of two classes; Bob opens a story (60 points, 5 passes)
        draw_points(alice, [(0.25, 0.3), (0.3, 0.35), (0.7, 0.7), (0.75, 0.65), (0.65, 0.75)], "A", "B")
        bob.get_by_role("button", name="Open").first.click()
        bob.wait_for_url("**/perceptron**", timeout=30_000)
        wait_idle(bob)
        assert metric(alice, "Points") == "5"

        # Alice steps twice on her points; Bob's run is still at its start
        go_to(alice, "Perceptron")
        wait_for_player(alice)
        wait_for_player(bob)
        focus_page(alice)
        focus_page(bob)
        press(alice, "ArrowRight", 2)
        assert trial(alice) == 2 and trial(bob) == 0
        press(bob, "ArrowRight")
        assert trial(bob) == 1
        press(alice, "ArrowRight")
        assert trial(alice) == 3

        # each goes to the end of their own run
        press(bob, "End")
        assert trial(bob) == total(bob) == 300                 # 60 points × 5 passes: his own data
        press(alice, "End")
        assert trial(alice) == total(alice) == 5              # 5 points × 1 pass: her own data
        assert trial(bob) == 300
        screenshot(alice, "isolation-alice")
        screenshot(bob, "isolation-bob")

        # the Data page of each shows their own point count
        go_to(alice, "Data")
        go_to(bob, "Data")
        assert metric(alice, "Points") == "5" and metric(bob, "Points") == "60"

        # reloading starts new sessions, each restored from its own URL (issue 16): still their own data
        alice.reload()
        bob.reload()
        wait_idle(alice)
        wait_idle(bob)
        assert metric(alice, "Points") == "5" and metric(bob, "Points") == "60"
        assert "pts=" in alice.evaluate("() => location.search") and "story=" in bob.evaluate("() => location.search")
    finally:
        bob_context.close()
