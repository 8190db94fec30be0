"""Helpers of the browser tests that drive the timeline player (components/timeline.js)."""

from __future__ import annotations

from .conftest import wait_idle

PLAYER = ".mbl-tl"

#: everything the player shows at its trial, read from the page: metrics, math, the boundary's moving
#: parts (the overlay's paths and ring), a kernel model's shading (its canvas), the curves' cursor
STATE = """() => {
  const root = document.querySelector('.mbl-tl');
  const below = root.querySelector('.mbl-tl-below');
  const curves = root.querySelector('.mbl-tl-curvesplot');
  return {
    trial: Number(root.dataset.trial),
    metrics: [...root.querySelectorAll('.mbl-tl-metric .v')].map((e) => e.textContent),
    head: root.querySelector('.mbl-tl-mathhead').textContent,
    math: root.querySelector('.mbl-tl-mathbody').innerHTML,
    title: root.querySelector('.mbl-tl-title').textContent,
    cursor: Number(curves.dataset.cursor),
    overlay: [...root.querySelectorAll(".mbl-tl-overlay path, .mbl-tl-overlay circle")].map((e) => (e.getAttribute("d") || "") + (e.getAttribute("cx") || "") + (e.getAttribute("cy") || "")).join("|"),
    canvas: root.querySelector(".mbl-tl-canvas").width ? root.querySelector(".mbl-tl-canvas").toDataURL() : "",
    slider: root.querySelector('.mbl-tl-scrub').value,
  };
}"""


def open_lab_file(page, url: str, path) -> None:
    """On the Data page, open the lab file at ``path`` through the share panel (the page it names then opens)."""
    page.goto(f"{url}/data")
    wait_idle(page)
    page.locator(".st-key-share_open label").first.click()
    wait_idle(page)
    page.locator('[data-testid="stSidebar"] input[type="file"]').set_input_files(path)
    wait_idle(page)
    page.locator(".st-key-share_open_file button").click()


def open_story(page, url: str, key: str, path: str, *, from_home: bool = False) -> None:
    """Open story ``key`` on its page ``path`` and wait for its player: by the story's link (``/path?story=key``,
    one page load), or, ``from_home``, as a visitor does, by its button on Home (which switches to ``path``)."""
    if not from_home:
        page.goto(f"{url}/{path}?story={key}")
        wait_for_player(page)
        return
    page.goto(f"{url}/")
    wait_idle(page)
    page.locator(f".st-key-story_{key} button").click()
    page.wait_for_url(f"**/{path}**", timeout=30_000)
    wait_for_player(page)


def wait_for_player(page, timeout: float = 60_000) -> None:
    """Wait until the player has drawn a run (its trial is set) and the script is idle."""
    page.wait_for_function("() => { const r = document.querySelector('.mbl-tl'); return r && r.dataset.trial !== undefined"
                           " && r.querySelector('.mbl-tl-curvesplot')._fullLayout; }", timeout=timeout)
    wait_idle(page)


#: the page has finished moving: its fonts are loaded, no finite CSS animation or transition runs (a mode's
#: change of size), and every Plotly figure of the player is drawn at its box's width
LAID_OUT = """() => document.fonts.status === 'loaded'
  && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)
  && [...document.querySelectorAll('.mbl-tl .js-plotly-plot')].every((plot) => plot._fullLayout
       && (!plot.clientWidth || Math.abs(plot._fullLayout.width - plot.clientWidth) < 2))"""


def wait_for_layout(page, timeout: float = 20_000) -> None:
    """Wait until the page has finished moving (:data:`LAID_OUT`), e.g. after presentation mode is
    switched on, and one more frame is drawn."""
    page.wait_for_function(LAID_OUT, timeout=timeout)
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))")


def trial(page) -> int:
    return int(page.eval_on_selector(PLAYER, "root => root.dataset.trial"))


def total(page) -> int:
    return int(page.eval_on_selector(".mbl-tl-scrub", "slider => slider.max"))


def state(page) -> dict:
    return page.evaluate(STATE)


def press(page, key: str, times: int = 1) -> None:
    """Press ``key`` on the page (not in a text field), ``times`` times."""
    for _ in range(times):
        page.keyboard.press(key)


def focus_page(page) -> None:
    """Move the focus off any widget (the player ignores keys typed into a field)."""
    page.evaluate("() => { if (document.activeElement) document.activeElement.blur(); }")


def control(page, selector: str):
    """The player's control ``selector``, in view as a user finds it: a control with no room left in the row
    waits, hidden whole, behind "⋯" (All controls, components/toolbar.js), which is opened first."""
    from playwright.sync_api import expect

    found = page.locator(selector)
    if not found.is_visible():
        page.locator(".mbl-tl-more-tools").click()
        expect(page.locator(".mbl-tl-more-tools")).to_have_attribute("aria-expanded", "true")
        expect(found).to_be_visible()
    return found
