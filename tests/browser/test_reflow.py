"""Reflow at 320 CSS pixels (WCAG 2.1 SC 1.4.10, issue 28): at a 320×640 viewport no page needs horizontal
scrolling — the document's scrolling element is no wider than its client area (one pixel of rounding allowed).
Figures and tables may scroll in two dimensions inside their own box (the SC's exception), so an element inside a
box that scrolls or clips its overflow does not count; anything else wider than the viewport is listed by the
assertion (tag, class, Streamlit key, its right edge). Pages: Home, Data, Perceptron after a story, a Lessons
screen, a challenge with its example. Screenshots: screenshots/reflow-320-<page>.png."""

from __future__ import annotations

import io

import pytest

from .conftest import SCREENSHOTS, wait_idle
from .player import open_story, wait_for_player

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 320, "height": 640}

#: Streamlit scrolls the page in its own boxes (the main area, the sidebar), not the document: the page's scrollers
#: are the document's and every box holding the main block or the sidebar that scrolls. Returned: each scroller's
#: scrollWidth and clientWidth, and the outermost elements reaching past the viewport's right edge with no
#: scrolling or clipping box of their own between them and the page's scrollers
OVERFLOW = """() => {
  const scrolls = (e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
  const pageScrollers = new Set([document.scrollingElement]);
  for (const inner of document.querySelectorAll('[data-testid="stMainBlockContainer"], [data-testid="stSidebarContent"]'))
    for (let p = inner; p; p = p.parentElement) if (scrolls(p)) pageScrollers.add(p);
  const limit = document.scrollingElement.clientWidth + 1;
  const up = (e) => e.parentElement || (e.parentNode && e.parentNode.host) || null;     // out of a shadow root too
  const boxed = (e) => {
    for (let p = up(e); p && !pageScrollers.has(p) && p !== document.body; p = up(p))
      if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return true;
    return false;
  };
  const past = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > limit && r.left < limit; };
  const elements = [], pending = [document.body];          // every element, inside components' shadow roots too
  while (pending.length) {
    const node = pending.pop();
    for (const child of [...node.children, ...(node.shadowRoot ? node.shadowRoot.children : [])]) {
      elements.push(child);
      pending.push(child);
    }
  }
  const found = [];
  for (const e of elements) {
    if (!past(e) || boxed(e) || getComputedStyle(e).visibility === 'hidden') continue;
    const parent = up(e);
    if (parent && past(parent) && !pageScrollers.has(parent) && parent !== document.body) continue;   // the outermost
    const r = e.getBoundingClientRect(), keyed = e.closest('[class*="st-key-"]');
    found.push(`${e.tagName.toLowerCase()}.${String(e.getAttribute('class') || '').split(' ').slice(0, 2).join('.')}`
               + ` [${e.dataset.testid || ''}] ${keyed ? keyed.className.match(/st-key-\\S+/)[0] : ''}`
               + ` ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.right > 0 && r.left < limit; };
  const widths = [...pageScrollers].filter(shown).map((e) => ({name: e.dataset.testid || e.tagName.toLowerCase(),
                                                 scrollWidth: e.scrollWidth, clientWidth: e.clientWidth}));
  return {widths, found: found.slice(0, 20)};
}"""


@pytest.fixture
def narrow(page):
    """The tests' ``page`` at 320 px wide."""
    page.set_viewport_size(VIEWPORT)
    return page


def save_whole_page(page, name: str) -> None:
    """screenshots/reflow-320-<name>.png: the main area from top to bottom at 320 px, pieced together from views
    scrolled one screen (less the fixed header) apart; Streamlit scrolls its main area, not the document, so
    Playwright's full-page picture would hold one screen only."""
    from PIL import Image

    main = '[data-testid="stMain"]'
    height, header = page.evaluate(f"""() => [document.querySelector('{main}').scrollHeight,
        Math.max(0, document.querySelector('[data-testid="stHeader"]')?.getBoundingClientRect().bottom || 0)]""")
    whole = Image.new("RGB", (VIEWPORT["width"], height), "white")
    top = 0
    while True:
        shown = page.evaluate(f"""(top) => new Promise((done) => {{ const main = document.querySelector('{main}');
            main.scrollTop = top; requestAnimationFrame(() => requestAnimationFrame(() => done(main.scrollTop))); }})""",
                              top)
        view = Image.open(io.BytesIO(page.screenshot()))
        skip = 0 if shown == 0 else round(header)
        whole.paste(view.crop((0, skip, view.width, view.height)), (0, shown + skip))
        if shown + VIEWPORT["height"] >= height:
            break
        top = shown + VIEWPORT["height"] - round(header)
    page.evaluate(f"() => {{ document.querySelector('{main}').scrollTop = 0; }}")
    SCREENSHOTS.mkdir(exist_ok=True)
    whole.save(SCREENSHOTS / f"reflow-320-{name}.png")


def assert_reflows(page, name: str) -> None:
    page.wait_for_function("() => document.fonts.status === 'loaded'")
    # the pages' styles (components/page.css) come with the figure saver, mounted last in the sidebar
    page.locator(".st-key-figure_saver style, .st-key-figure_saver span").first.wait_for(state="attached")
    seen = page.evaluate(OVERFLOW)
    save_whole_page(page, name)
    wide = [box for box in seen["widths"] if box["scrollWidth"] > box["clientWidth"] + 1]
    assert not wide and not seen["found"], (name, seen)


def test_home_reflows_at_320_px(narrow, server_url):
    narrow.goto(f"{server_url}/")
    wait_idle(narrow)
    assert_reflows(narrow, "home")


def test_data_reflows_at_320_px(narrow, server_url):
    narrow.goto(f"{server_url}/data")
    wait_idle(narrow)
    narrow.locator(".st-key-canvas svg.mbl-svg").wait_for()
    assert_reflows(narrow, "data")


#: the player's boundary box and its legend's texts (the layer above draws the legend), each text's box and the
#: legend's own box (plotly.js clips a legend wider or taller than its room to that box)
BOUNDARY = """() => {
  const box = document.querySelector('.mbl-tl-boundary'), legend = box.querySelector('.mbl-tl-above .legend');
  const rect = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top,
                                                                      bottom: r.bottom, width: r.width}; };
  return {box: rect(box), legend: legend ? rect(legend.querySelector('rect.bg')) : null,
          texts: legend ? [...legend.querySelectorAll('text.legendtext')].map((t) => ({text: t.textContent, ...rect(t)}))
                        : []};
}"""


def test_perceptron_after_a_story_reflows_at_320_px(narrow, server_url):
    open_story(narrow, server_url, "thin-margin", "perceptron")
    assert_reflows(narrow, "perceptron")
    # one column: the boundary is the column's width (it was ~130 px beside the math, its legend cut to "previous…")
    seen = narrow.evaluate(BOUNDARY)
    assert seen["box"]["width"] >= 280, seen["box"]
    assert {"previous boundary", "current point"} <= {text["text"] for text in seen["texts"]}, seen["texts"]
    for outer in (seen["box"], seen["legend"]):
        for text in seen["texts"]:
            assert (outer["left"] - 1 <= text["left"] and text["right"] <= outer["right"] + 1
                    and outer["top"] - 1 <= text["top"] and text["bottom"] <= outer["bottom"] + 1), (text, outer)


def test_a_lesson_screen_reflows_at_320_px(narrow, server_url):
    narrow.goto(f"{server_url}/lessons?lesson=1&screen=1")
    wait_idle(narrow)
    wait_for_player(narrow)
    assert_reflows(narrow, "lessons")


def test_a_challenge_reflows_at_320_px(narrow, server_url):
    narrow.goto(f"{server_url}/challenges")
    wait_idle(narrow)
    narrow.locator(".st-key-challenge_perceptron_example button").click()
    wait_idle(narrow)
    wait_for_player(narrow)
    assert_reflows(narrow, "challenge")


#: a phone: 390 CSS px wide, touch, told it is a phone by none but its size (Streamlit closes the sidebar after a
#: choice only for a user agent it reads as a phone's; a tablet, a narrow window or a phone's desktop mode kept it)
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
#: whether the sidebar is open (its collapse button shown expanded) and lies over the page
SIDEBAR_OPEN = """() => { const side = document.querySelector('[data-testid="stSidebar"]')?.getBoundingClientRect();
  return Boolean(side && side.width > 0 && side.right > 0
                 && document.querySelector('[data-testid="stSidebar"] button[aria-label="Collapse sidebar"]')); }"""


#: the player's titles that plotly.js's toolbar (shown all the time on a touch screen) lies over: the boundary's
#: title (an element over the figure) and the curves' (plotly's own), each with the toolbar it meets
UNDER_THE_TOOLBAR = """() => {
  const box = (e) => e && e.getBoundingClientRect();
  const meets = (a, b) => a && b && a.width && b.width && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const root = document.querySelector('.mbl-tl'), found = [];
  for (const [plot, title] of [['.mbl-tl-above', '.mbl-tl-title'], ['.mbl-tl-curvesplot', '.mbl-tl-curvesplot .gtitle']]) {
    const bar = root.querySelector(`${plot} .modebar`), text = root.querySelector(title);
    if (meets(box(bar), box(text))) found.push(`${text.textContent} under the toolbar of ${plot}`);
  }
  return found;
}"""


def test_on_a_phone_choosing_a_page_closes_the_sidebar(browser, server_url):
    """Issue 34: on a phone the sidebar stayed open over the page chosen in it; and the player's toolbar, shown all
    the time on a touch screen, lay over its titles ("after trial 240 — a mistake")."""
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        page.goto(f"{server_url}/")
        wait_idle(page)
        assert not page.evaluate(SIDEBAR_OPEN)                       # a phone's page opens with the sidebar shut
        page.locator('[data-testid="stExpandSidebarButton"]').tap()
        page.wait_for_function(SIDEBAR_OPEN)
        page.locator('[data-testid="stSidebarNav"] a', has_text="Perceptron").tap()
        page.wait_for_url("**/perceptron**", timeout=30_000)
        page.wait_for_function(f"() => !({SIDEBAR_OPEN})()", timeout=10_000)
        wait_for_player(page)
        page.screenshot(path=str(SCREENSHOTS / "phone-390-perceptron.png"))
        assert page.evaluate(UNDER_THE_TOOLBAR) == []
    finally:
        context.close()
