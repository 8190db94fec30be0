"""The projector theme (components/projector.js, projector.css) and the lab's respect for the reader's motion
and contrast settings, in Chromium: contrast measured on the drawn page (WCAG 2.x ratios computed here), thicker
lines, larger outlined markers, each class's shape kept; the toggle; theme=projector kept in the lab's address."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import SCREENSHOTS, screenshot
from .player import control, press, wait_for_layout, wait_for_player
from .test_curves_in_view import CONTROLS_WHOLE
from .story_export import open_export, story_payload

pytestmark = pytest.mark.browser

TRACES = """(selector) => document.querySelector(selector).data.map((t) => ({
  name: t.name || "", mode: t.mode || "", line: t.line ? {width: t.line.width, color: t.line.color} : null,
  marker: t.marker ? {size: t.marker.size, symbol: t.marker.symbol, color: t.marker.color,
                      outline: t.marker.line ? {width: t.marker.line.width, color: t.marker.line.color} : null} : null}))"""
TEXT_COLOURS = """() => {
  const root = document.querySelector('.mbl-tl');
  const texts = [...root.querySelectorAll('.mbl-tl-keys, .mbl-tl-metric .l, .mbl-tl-metric .v, .mbl-tl-mathhead, .mbl-tl-title, .mbl-tl-bar button:not(.primary):not([aria-pressed="true"])')]
    .filter((e) => e.offsetParent !== null).map((e) => getComputedStyle(e).color);
  const svg = [...root.querySelectorAll('.main-svg text')].filter((e) => e.textContent.trim()).map((e) => getComputedStyle(e).fill);
  return {texts, svg};
}"""


def rgb(text: str) -> tuple[float, float, float]:
    if text.startswith("#"):
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))
    return tuple(float(v) for v in re.findall(r"[\d.]+", text)[:3])


def contrast(a, b=(255, 255, 255)) -> float:
    """WCAG 2.x contrast ratio of two sRGB colours."""
    def luminance(colour):
        linear = [(c / 255) / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted([luminance(a), luminance(b)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def traces(page):
    return {name: page.evaluate(TRACES, name) for name in (".mbl-tl-above", ".mbl-tl-curvesplot")}


def sizes(marker) -> list[float]:
    return marker["size"] if isinstance(marker["size"], list) else [marker["size"]]


@pytest.fixture(scope="module")
def payload():
    return story_payload()


def test_the_projector_theme_has_high_contrast_thick_lines_and_outlined_shapes(page, tmp_path, payload):
    open_export(page, tmp_path, payload, start=13)
    assert page.eval_on_selector(".mbl-tl", "root => root.classList.contains('mbl-projector')") is False
    plain_traces = traces(page)
    screenshot(page, "player-default-theme", full_page=False)
    control(page, ".mbl-projector-button").click()
    expect(page.locator(".mbl-projector-button")).to_have_attribute("aria-pressed", "true")
    page.wait_for_function("() => document.querySelector('.mbl-tl-curvesplot').data.every((t) => !t.line || t.line.width >= 3)")
    projected = traces(page)
    for plot in projected:
        for before, after in zip(plain_traces[plot], projected[plot]):
            if after["line"] and "lines" in (after["mode"] or "lines"):
                assert after["line"]["width"] >= 3 and after["line"]["width"] > (before["line"]["width"] or 2)
                if after["line"]["color"]:
                    assert contrast(rgb(after["line"]["color"])) >= 3, (after["name"], after["line"]["color"])
            if after["marker"] and "markers" in after["mode"]:
                assert after["marker"]["symbol"] == before["marker"]["symbol"]          # the class's shape kept
                assert min(sizes(after["marker"])) > min(sizes(before["marker"]))
                assert after["marker"]["outline"]["width"] > 0
                assert contrast(rgb(after["marker"]["outline"]["color"])) >= 3
                if isinstance(after["marker"]["color"], str):
                    assert contrast(rgb(after["marker"]["color"])) >= 3
    classes = [t for t in projected[".mbl-tl-above"] if t["name"] in payload["class_names"]]
    assert len({t["marker"]["symbol"] for t in classes}) == len(payload["class_names"])
    colours = page.evaluate(TEXT_COLOURS)
    assert colours["texts"] and colours["svg"]
    for colour in colours["texts"] + colours["svg"]:
        assert contrast(rgb(colour)) >= 7, colour
    path = screenshot(page, "player-projector-theme", full_page=False)
    assert path.stat().st_size > 0
    control(page, ".mbl-projector-button").click()                # off: the figures drawn again from the run
    page.wait_for_function("() => document.querySelector('.mbl-tl-curvesplot').data.some((t) => t.line && t.line.width < 3)")
    assert traces(page) == plain_traces


def test_the_theme_from_the_exported_files_address_and_from_the_systems_contrast_setting(browser, tmp_path, payload):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    open_export(page, tmp_path, payload, hash_="&theme=projector")
    expect(page.locator(".mbl-tl")).to_have_class(re.compile(r"\bmbl-projector\b"))
    context.close()
    context = browser.new_context(viewport={"width": 1280, "height": 720}, contrast="more")
    page = context.new_page()
    open_export(page, tmp_path, payload)
    expect(page.locator(".mbl-tl")).to_have_class(re.compile(r"\bmbl-projector\b"))
    context.close()


def test_reduced_motion_leaves_nothing_in_the_player_gliding(browser, tmp_path, payload):
    context = browser.new_context(viewport={"width": 1280, "height": 720}, reduced_motion="reduce")
    page = context.new_page()
    open_export(page, tmp_path, payload)
    page.keyboard.press("ArrowRight")
    moving = page.evaluate("""() => [...document.querySelectorAll('.mbl-tl, .mbl-tl *')].filter((e) => {
        const style = getComputedStyle(e);
        const long = (text) => text.split(',').some((v) => parseFloat(v) > 0);
        return long(style.transitionDuration) || (style.animationName !== 'none' && long(style.animationDuration));
      }).map((e) => e.className.baseVal !== undefined ? e.className.baseVal : e.className)""")
    assert moving == []
    context.close()


def test_theme_projector_in_the_labs_address_is_honoured_and_kept(page, server_url):
    page.goto(f"{server_url}/perceptron?theme=projector")
    wait_for_player(page)
    expect(page.locator(".mbl-tl")).to_have_class(re.compile(r"\bmbl-projector\b"))
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    press(page, "ArrowRight", 3)
    page.wait_for_function("() => new URL(window.location.href).searchParams.get('t') === '3'")
    assert "theme=projector" in page.url
    screenshot(page, "lab-projector-theme", full_page=False)
    # the controls, thicker in this theme, each shown whole or not at all and none over another (issue 34: "Sound
    # off" over the trial counter; "Ta", "say mi", "PN" cut at 1280–1400 px), on a laptop, a wider one, a projector
    cut = []
    for width, height in ((1280, 720), (1366, 768), (1400, 900), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        wait_for_layout(page)
        cut += [f"{width} px: {problem}" for problem in page.evaluate(CONTROLS_WHOLE)]
        box = page.locator(".mbl-tl-bar").bounding_box()
        page.screenshot(path=str(SCREENSHOTS / f"lab-projector-theme-controls-{width}.png"),
                        clip={"x": 0, "y": max(0, box["y"] - 8), "width": width, "height": box["height"] + 60})
    assert not cut, "\n".join(cut)
    page.set_viewport_size({"width": 1280, "height": 720})
    wait_for_layout(page)
    control(page, ".mbl-projector-button").click()
    page.wait_for_function("() => !new URL(window.location.href).searchParams.has('theme')")
