"""Every bound in view, math readable, nothing overlapping (issue 27), measured in the DOM of a real Chromium.

On every stepping page (Perceptron, Winnow, Experts, Multiclass, Priority: measured in the one visit of each page
that test_lab_in_chromium.py makes) and on the stories the issue names, at 1280×720, at 1920×1080 and in presentation mode, at the first trial, the middle one and the last:

* each bound drawn on the curves ends inside the curves' y axis (a log axis when a linear one would cut
  it off), and nothing in the curves' legend is hidden (a bound that is not drawn is named, not listed);
* no box of trial math is wider than its box (scrollWidth ≤ clientWidth);
* the bounding boxes of the curves' legend entries, title, subtitle, axis titles and tick labels do not
  overlap one another;
* no "&gt;" or "&lt;" is shown as text;
* the boundary's legend names a comparator only when some trial draws one, and the controls stay on
  one line each, within the player, each shown whole or not at all (:data:`CONTROLS_WHOLE`).

One server and one browser for all of it (session fixtures); a page is opened once and measured in many
states; every wait is on a condition.  Screenshots go to screenshots/curves-in-view-*.png.
"""

from __future__ import annotations

import pytest

from .conftest import screenshot
from .player import LAID_OUT, PLAYER, open_story

pytestmark = pytest.mark.browser

#: the stepping pages as opened (each starts with its first story's example): measured by
#: :func:`assert_bounds_in_view` in test_lab_in_chromium.py, in the same visit as every other check of a page as opened
STEPPING_PAGES = ("perceptron", "winnow", "experts", "multiclass", "priority")
#: (name, how to open it): a story (key, page)
PLACES = [
    ("wide-margin", ("story", "wide-margin", "perceptron")),
    ("perfect-expert", ("story", "perfect-expert", "experts")),
    ("four-classes", ("story", "four-classes", "multiclass")),
    ("weighted", ("story", "weighted", "perceptron")),
]

#: what a state breaks, read from the page: bounds out of view, math wider than its box, overlapping
#: boxes on the curves, entities shown as text
MEASURE = """() => {
  const root = document.querySelector('.mbl-tl');
  const curves = root.querySelector('.mbl-tl-curvesplot');
  const problems = [];
  const axis = curves._fullLayout.yaxis, range = axis.range;
  const inView = (v) => axis.type === 'log' ? v > 0 && Math.log10(v) >= range[0] - 1e-9 && Math.log10(v) <= range[1] + 1e-9
                                             : v >= range[0] - 1e-9 && v <= range[1] + 1e-9;
  let bounds = 0;
  for (const trace of curves._fullData) {
    if (trace.visible !== true) problems.push(`legend lists a curve it does not draw: ${trace.name}`);
    const ys = Array.from(trace.y || []).filter((v) => v !== null && v !== undefined && Number.isFinite(v));
    if (!ys.length) continue;
    if (trace.legendgroup === 'bound' || trace.legendgroup === 'reference') bounds += 1;
    const last = ys[ys.length - 1], top = Math.max(...ys);
    if (!inView(last) || !inView(top)) problems.push(`out of view: ${trace.name} reaches ${top} (axis ${axis.type} ${range})`);
  }
  for (const box of root.querySelectorAll('.mbl-tl-math, .mbl-tl-mathbody, .mbl-tl-mathbody math')) {
    if (box.scrollWidth > box.clientWidth + 1) problems.push(`math wider than its box: ${box.scrollWidth} > ${box.clientWidth} at trial ${root.dataset.trial}: ${box.textContent.slice(0, 60)}`);
  }
  const parts = [['legend', '.legend .traces'], ['title', '.gtitle, .gtitle-subtitle'], ['axis title', '.g-xtitle text, .g-ytitle text'],
                 ['tick', '.xtick text, .ytick text']];
  const boxes = [];
  for (const [kind, selector] of parts) for (const element of curves.querySelectorAll(selector)) {
    const r = element.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && element.textContent.trim()) boxes.push([kind, element.textContent.trim().slice(0, 40), r]);
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, b] = [boxes[i][2], boxes[j][2]];
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
      problems.push(`overlap: ${boxes[i][0]} "${boxes[i][1]}" and ${boxes[j][0]} "${boxes[j][1]}"`);
  }
  const payload = root._mblPlayer.payload;
  if (payload.kind === 'points' && !/[^.]/.test(payload.boundary.comparator_use || '')) {
    for (const entry of root.querySelectorAll('.mbl-tl-above .legendtext'))
      if (/comparator/.test(entry.textContent)) problems.push(`legend lists a comparator none draws: ${entry.textContent}`);
  }
  const bar = root.querySelector('.mbl-tl-bar');
  for (const part of [bar, ...bar.children, root.querySelector('.mbl-tl-curves'), root.querySelector('.mbl-tl-math')]) {
    const right = part.getBoundingClientRect().right;
    if (part.offsetParent && right > document.documentElement.clientWidth + 1) problems.push(`beyond the screen's right edge: ${part.className || part.textContent} (${right})`);
  }
  if (bar.scrollWidth > bar.clientWidth + 1) problems.push(`the controls are wider than the player: ${bar.scrollWidth} > ${bar.clientWidth}`);
  for (const button of bar.querySelectorAll('button')) {
    if (!button.offsetParent) continue;
    const range = document.createRange();
    range.selectNodeContents(button);
    if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) problems.push(`button on two lines: ${button.textContent}`);
  }
  const texts = [root.innerText, ...[...root.querySelectorAll('svg text')].map((t) => t.textContent)].join('\\n');
  const entity = texts.match(/&(gt|lt|amp);/);
  if (entity) problems.push(`entity shown as text: ${entity[0]}`);
  return {problems, bounds, trial: Number(root.dataset.trial), boxes: boxes.length};
}"""

#: the player's controls as shown (issue 34: at 1280–1400 px the group of controls cut "Ta", "say mi", "PN" at its
#: edge, and its fade half-hid "PNG"; "Sound off" was seen over the trial counter): each control and the trial's
#: number shown is whole — inside every box that clips it (the bar, the group) or wholly outside it (not shown), and
#: under no faded edge —, no button's label is wider than its button, and no two overlap.  The problems found, as text.
CONTROLS_WHOLE = """() => {
  const bar = document.querySelector('.mbl-tl-bar'), problems = [];
  const name = (e) => e.getAttribute('aria-label') || e.textContent.trim() || e.className;
  const shown = [];
  for (const e of bar.querySelectorAll('button, select, input, .mbl-tl-trial')) {
    if (!e.offsetParent || getComputedStyle(e).visibility !== 'visible') continue;
    const r = e.getBoundingClientRect();
    let out = false, faded = false;
    for (let p = e.parentElement; p && !out; p = p.parentElement) {          // the boxes that clip it, up to the bar
      const style = getComputedStyle(p);
      faded = faded || (style.maskImage || style.webkitMaskImage || 'none') !== 'none';
      if (style.overflowX !== 'visible' || /paint|strict|content/.test(style.contain)) {
        const c = p.getBoundingClientRect();
        out = r.right <= c.left + 0.5 || r.left >= c.right - 0.5 || r.bottom <= c.top + 0.5 || r.top >= c.bottom - 0.5;
        const inside = r.left >= c.left - 0.5 && r.right <= c.right + 0.5 && r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5;
        if (!out && !inside) problems.push(`cut by the edge of its box: ${name(e)} (${Math.round(r.left)}..${Math.round(r.right)} in ${Math.round(c.left)}..${Math.round(c.right)})`);
      }
      if (p === bar) break;
    }
    if (out) continue;
    if (faded) problems.push(`under a faded edge: ${name(e)}`);
    if (e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1) problems.push(`label wider than its button: ${name(e)}`);
    shown.push([e, r]);
  }
  for (let i = 0; i < shown.length; i++) for (let j = i + 1; j < shown.length; j++) {
    const [a, b] = [shown[i][1], shown[j][1]];
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
      problems.push(`overlap: ${name(shown[i][0])} and ${name(shown[j][0])}`);
  }
  return problems;
}"""


#: on a narrow screen (issue 34, 320 px): every text of the bound curves (title, its notes, legend, ticks) inside the
#: figure — plotly.js cuts a legend entry or a subtitle wider than the figure —, and the experts' names under their
#: bars apart and inside the scene ("E10E11E12" ran together).  The problems found, as text.
NARROW_TEXTS = """() => {
  const root = document.querySelector('.mbl-tl'), problems = [];
  const curves = root.querySelector('.mbl-tl-curvesplot'), box = curves.querySelector('.main-svg').getBoundingClientRect();
  for (const text of curves.querySelectorAll('.legendtext, .gtitle, .gtitle-subtitle, .xtick text, .ytick text, .g-xtitle text, .g-ytitle text')) {
    const r = text.getBoundingClientRect();
    if (r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1))
      problems.push(`cut by the curves' edge: ${text.textContent.slice(0, 50)} (${Math.round(r.left)}..${Math.round(r.right)} in ${Math.round(box.left)}..${Math.round(box.right)})`);
  }
  const scene = root.querySelector('.mbl-tl-experts');
  if (scene && scene.offsetParent) {
    const edge = scene.getBoundingClientRect();
    const names = [...scene.querySelectorAll('.mbl-tl-barcol .name')].filter((e) => e.textContent).map((e) => [e.textContent, e.getBoundingClientRect()]);
    if (!names.length) problems.push('no expert is named under its bar');
    names.forEach(([text, r], i) => {
      if (r.left < edge.left - 1 || r.right > edge.right + 1) problems.push(`name out of the scene: ${text}`);
      if (i && names[i - 1][1].right > r.left - 2) problems.push(`names run together: ${names[i - 1][0]}${text}`);
    });
  }
  return problems;
}"""

SETTLED = """([width, present]) => {
  const root = document.querySelector('.mbl-tl');
  const curves = root.querySelector('.mbl-tl-curvesplot');
  return window.innerWidth === width && root.classList.contains('mbl-present') === present && curves._fullLayout
    && Math.abs(curves._fullLayout.width - curves.clientWidth) < 2 && root.dataset.trial !== undefined;
}"""


def go_to(page, t: int) -> None:
    page.eval_on_selector(".mbl-tl-scrub", "(s, t) => { s.value = String(t); s.dispatchEvent(new Event('input')); }", t)
    page.wait_for_function("(t) => document.querySelector('.mbl-tl').dataset.trial === String(t)", arg=t)
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))")


@pytest.mark.parametrize("name, how", PLACES, ids=[p[0] for p in PLACES])
def test_every_bound_in_view_math_fits_nothing_overlaps(page, server_url, name, how):
    open_story(page, server_url, how[1], how[2])
    assert_bounds_in_view(page, name)


def assert_bounds_in_view(page, name: str) -> None:
    """On the open player (a story or a stepping page, named ``name`` in the screenshots): at 1280×720, 1920×1080
    and in presentation mode, at the first, middle and last trial, every bound in view, the math in its box, nothing
    overlapping, the controls whole (module docstring); a phone's width for the experts' long names."""
    T = int(page.eval_on_selector(".mbl-tl-scrub", "s => s.max"))
    assert T > 0
    found, drawn = [], set()
    for width, height, present in ((1280, 720, False), (1920, 1080, False), (1280, 720, True), (1920, 1080, True)):
        page.set_viewport_size({"width": width, "height": height})
        if present != page.eval_on_selector(PLAYER, "r => r.classList.contains('mbl-present')"):
            page.evaluate("() => { if (document.activeElement) document.activeElement.blur(); }")
            page.keyboard.press("p" if present else "Escape")
        page.wait_for_function(SETTLED, arg=[width, present])
        for t in sorted({1, max(1, T // 2), T}):
            go_to(page, t)
            found += [f"{width}×{height}{' presenting' if present else ''}, trial {t}: {p}"
                      for p in page.evaluate(CONTROLS_WHOLE)]
            result = page.evaluate(MEASURE)
            assert result["boxes"] > 4                     # ticks, titles and legend were found to compare
            drawn.add(result["bounds"])
            found += [f"{width}×{height}{' presenting' if present else ''}, trial {t}: {p}" for p in result["problems"]]
        if not present:                                   # the curves, under the boundary and the math
            page.locator(".mbl-tl-curves").scroll_into_view_if_needed()
        screenshot(page, f"curves-in-view-{name}-{width}{'-present' if present else ''}", full_page=False)
    if name in ("experts", "weighted"):                   # a phone: the long legend names and the 16 experts' names
        page.set_viewport_size({"width": 320, "height": 640})
        page.evaluate("() => { if (document.activeElement) document.activeElement.blur(); }")
        page.keyboard.press("Escape")                     # out of presentation mode, the loop's last state
        page.wait_for_function(SETTLED, arg=[320, False])
        page.wait_for_function(LAID_OUT)
        found += [f"320×640: {problem}" for problem in page.evaluate(NARROW_TEXTS)]
        page.locator(".mbl-tl-curves").scroll_into_view_if_needed()
        screenshot(page, f"curves-in-view-{name}-320", full_page=False)
    assert not found, "\n".join(found)
    assert len(drawn) == 1                               # the same bounds drawn in every state
    if name not in ("priority",):                        # the apportioned margin has no mistake bound
        assert drawn.pop() > 0


def test_the_dragged_u_curve_stays_in_view(page, server_url):
    open_story(page, server_url, "wide-margin", "perceptron")
    page.evaluate("() => { if (document.activeElement) document.activeElement.blur(); }")
    go_to(page, int(page.eval_on_selector(".mbl-tl-scrub", "s => s.max")))
    page.keyboard.press("u")
    page.wait_for_function("() => document.querySelector('.mbl-tl-curvesplot').dataset.dragTrace !== undefined")
    # turn u's head towards a thin margin: the bound of this u grows far above the lab's own bounds
    page.locator(".mbl-drag-tip").focus()
    for _ in range(6):
        page.keyboard.press("ArrowUp")
    # the axis settles on what the curves need: the base range, or the dragged curve's top if higher
    page.wait_for_function("""() => { const root = document.querySelector('.mbl-tl'), c = root.querySelector('.mbl-tl-curvesplot');
        const y = c.data[Number(c.dataset.dragTrace)].y.filter((v) => v !== null && Number.isFinite(v));
        const log = c._fullLayout.yaxis.type === 'log', top = Math.max(...y), r = c._fullLayout.yaxis.range;
        const base = JSON.parse(root._mblPlayer.payload.curves.figure).layout.yaxis.range[1];
        return y.length && Math.abs(r[1] - Math.max(base, log ? Math.log10(top * 1.25) : top * 1.05)) < 1e-6; }""",
                           timeout=10_000)
    result = page.evaluate(MEASURE)
    assert not result["problems"], result["problems"]
    # the dragged u's bound reached above the lab's own bounds: the axis grew to hold it
    grown = page.evaluate("""() => { const root = document.querySelector('.mbl-tl'), c = root.querySelector('.mbl-tl-curvesplot');
        const base = JSON.parse(root._mblPlayer.payload.curves.figure).layout.yaxis.range;
        return [base[1], c._fullLayout.yaxis.range[1]]; }""")
    assert grown[1] > grown[0], grown

    page.locator(".mbl-tl-curves").scroll_into_view_if_needed()
    screenshot(page, "curves-in-view-dragged-u", full_page=False)
