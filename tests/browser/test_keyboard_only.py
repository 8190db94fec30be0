"""The lab by keyboard alone (issue 28): on the Data page Tab reaches the drawing canvas, arrows move its crosshair
(announced in a polite live region), number keys choose the class, Enter places points and Delete erases the
nearest; the Perceptron page then runs on those points and steps by keys. No click anywhere."""

from __future__ import annotations

import pytest

from lab.lessons import LESSONS, right_answer_text

from .conftest import metric, screenshot, wait_for_metric, wait_idle
from .player import total, trial, wait_for_player

pytestmark = pytest.mark.browser

#: the deepest focused element (through shadow roots): its class and the live region's words
FOCUSED = """() => {
  let node = document.activeElement;
  while (node && node.shadowRoot && node.shadowRoot.activeElement) node = node.shadowRoot.activeElement;
  const live = node && node.querySelector ? node.querySelector('.key-live') : null;
  return {cls: node ? String(node.className) : '', live: live ? live.textContent : null,
          polite: live ? live.getAttribute('aria-live') : null};
}"""


#: the focused element's focus ring as drawn: its colour (the outline's, else the box shadow's; faded by the element's
#: and its ancestors' opacity) over the background it is drawn on (inside the element for a negative offset or an
#: inset shadow, else around it: the parent's), both made opaque over the page's white, and their contrast ratio
#: (WCAG's relative luminance); ``visible`` whether the element matches :focus-visible (the browser draws the ring)
FOCUS_RING = """() => {
  const element = document.activeElement;
  const parse = (text) => {
    const found = /rgba?\\(([^)]+)\\)/.exec(text || '');
    if (!found) return null;
    const parts = found[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const up = (node) => node.parentElement || (node.getRootNode && node.getRootNode().host) || null;
  const behind = (node) => {
    const layers = [];
    for (let n = node; n && n.nodeType === 1; n = up(n)) {
      const color = parse(getComputedStyle(n).backgroundColor);
      if (color && color[3] > 0) { layers.push(color); if (color[3] >= 1) break; }
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };
  let opacity = 1;
  for (let n = element; n && n.nodeType === 1; n = up(n)) opacity *= Number(getComputedStyle(n).opacity);
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const style = getComputedStyle(element);
  let ring = null, width = 0, inside = false;
  if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
    ring = parse(style.outlineColor);
    width = parseFloat(style.outlineWidth);
    inside = parseFloat(style.outlineOffset) < 0;
  } else if (style.boxShadow && style.boxShadow !== 'none') {
    const shadow = style.boxShadow.split(/,(?![^(]*\\))/)[0];
    ring = parse(shadow);
    const lengths = shadow.replace(/rgba?\\([^)]*\\)/, '').match(/-?[\\d.]+px/g) || [];
    width = parseFloat(lengths[3] || '0');
    inside = /inset/.test(shadow);
  }
  const what = `${element.tagName} ${(element.innerText || element.getAttribute('aria-label') || '').trim().slice(0, 40)}`;
  if (!ring) return {what, contrast: 0, width: 0, visible: element.matches(':focus-visible')};
  const background = behind(inside ? element : up(element));
  const drawn = over([ring[0], ring[1], ring[2], ring[3] * opacity], background);
  const [a, b] = [luminance(drawn), luminance(background)];
  return {what, contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), width, visible: element.matches(':focus-visible'),
          ring: drawn.slice(0, 3).map(Math.round), background: background.slice(0, 3).map(Math.round)};
}"""


def assert_focus_ring(page, what: str = "") -> dict:
    """The focused element shows a focus ring at least 2 px wide whose contrast with its background is at least
    3:1 (WCAG 1.4.11, 2.4.7), measured from the page's computed styles (:data:`FOCUS_RING`)."""
    ring = page.evaluate(FOCUS_RING)
    assert ring["visible"] and ring["width"] >= 2 and ring["contrast"] >= 3, (what, ring)
    return ring


def tab_to(page, cls: str, limit: int = 80) -> dict:
    """Press Tab until the focused element has class ``cls``; return what FOCUSED reads there."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if cls in focused["cls"].split():
            return focused
    raise AssertionError(f"Tab never reached .{cls} in {limit} presses")


def focus_until(page, predicate: str, key: str = "Tab", limit: int = 120) -> None:
    """Press ``key`` until the focused element (light DOM) satisfies the JS ``predicate``."""
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate(f"() => ({predicate})(document.activeElement)"):
            return
    raise AssertionError(f"{key} never reached an element with {predicate} in {limit} presses")


#: the class the Data page's "Class to draw" radio and the drawing's legend show as chosen (indices)
CLASS_SHOWN = """() => {
  const root = [...document.querySelectorAll('.st-key-canvas *')].find((e) => e.shadowRoot).shadowRoot;
  const chosen = root.querySelector('.legend-item.chosen');
  return {radio: [...document.querySelectorAll('.st-key-data_active input[type=radio]')].findIndex((input) => input.checked),
          legend: chosen ? Number(chosen.dataset.class) : null};
}"""


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
    # "2" chose the second class on the drawing: the page's "Class to draw" and the drawing's legend say so too
    page.wait_for_function(f"() => ({CLASS_SHOWN})().radio === 1", timeout=30_000)
    assert page.evaluate(CLASS_SHOWN) == {"radio": 1, "legend": 1}
    # one more, erased again with Delete at the same place
    keys(page, "ArrowDown", "Enter")
    wait_for_metric(page, "Points", "7", timeout=30_000)
    keys(page, "Delete")
    wait_for_metric(page, "Points", "6", timeout=30_000)
    # Space selects the point nearest the crosshair; its weight is set in the selection's field, by keys
    keys(page, "Space")
    wait_for_metric(page, "Selected", "1", timeout=30_000)
    focus_until(page, "e => e.tagName === 'INPUT' && !!e.closest('.st-key-data_selection_weight')")
    keys(page, "Control+a")
    page.keyboard.type("3")
    focus_until(page, "e => e.tagName === 'BUTTON' && !!e.closest('.st-key-data_selection_apply')")
    keys(page, "Enter")
    page.wait_for_function("""() => [...document.querySelectorAll('*')].filter((e) => e.shadowRoot)
        .flatMap((h) => [...h.shadowRoot.querySelectorAll('.points title')]).filter((t) => /weight 3$/.test(t.textContent))
        .length === 1""", timeout=30_000)
    classes = page.evaluate("""() => [...document.querySelectorAll('*')].filter((e) => e.shadowRoot)
        .flatMap((h) => [...h.shadowRoot.querySelectorAll('.points [data-class]')]).map((p) => p.dataset.class)""")
    assert sorted(classes) == ["0", "0", "0", "1", "1", "1"], classes
    screenshot(page, "data-keyboard-cursor", full_page=False)          # the crosshair and its announced place

    # the Perceptron page by its sidebar link (Shift+Tab back to it, Enter), its run on these six points; the
    # focused link draws a ring (Streamlit's own is a faint background, ≈1.1:1)
    focus_until(page, "a => a.tagName === 'A' && /\\/perceptron$/.test(a.href)", "Shift+Tab")
    assert_focus_ring(page, "a sidebar link")
    page.keyboard.press("Enter")
    page.wait_for_url("**/perceptron**")
    wait_for_player(page)
    assert "passes=1" in page.url and total(page) == 6        # one pass over the six points drawn by keys
    # the current page's link too (Streamlit's focus background is the one it has anyway)
    focus_until(page, "a => a.getAttribute('aria-current') === 'page'")
    assert_focus_ring(page, "the current page's sidebar link")
    # the skip link is the first focusable element; Enter takes the focus to Step, where the arrows step
    assert page.evaluate("""() => document.body.firstElementChild === document.querySelector('a.mbl-tl-skip')
        && ![...document.querySelectorAll('[tabindex]')].some((e) => e.tabIndex > 0)""")
    focus_until(page, "a => a.classList.contains('mbl-tl-skip')", "Shift+Tab")
    assert page.evaluate("() => document.activeElement.getBoundingClientRect().top") >= 0      # shown when focused
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.dataset.action") == "step"
    keys(page, "ArrowRight", "ArrowRight", "ArrowRight")
    page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.trial === '3'")
    keys(page, "ArrowLeft")
    page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.trial === '2'")
    assert trial(page) == 2
    # at the last trial Step has nothing to show but keeps the focus, with its ring: by End, then by Play (Space)
    keys(page, "End")
    page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.trial === '6'")
    assert page.evaluate("() => [document.activeElement.dataset.action, document.activeElement.getAttribute('aria-disabled')]") \
        == ["step", "true"]
    assert_focus_ring(page, "Step at the last trial")
    keys(page, "Home", "Space")
    page.wait_for_function("() => { const root = document.querySelector('.mbl-tl');"
                           " return root.dataset.trial === '6' && !root.classList.contains('mbl-tl-playing'); }")
    assert page.evaluate("() => document.activeElement.dataset.action") == "step"
    assert_focus_ring(page, "Step when Play reached the last trial")


def test_lesson_1_is_completed_with_keys_alone(page, server_url):
    """Every screen of Lesson 1: Tab to the answer (arrows choose a radio option, or type a number), Tab to Check and
    press Enter (Space on a button works the same), then Tab to Next screen and Enter."""
    lesson = LESSONS[0]
    page.goto(f"{server_url}/lessons?lesson=1&screen=1")
    wait_idle(page)
    for index, screen in enumerate(lesson.screens):
        page.wait_for_selector(".mbl-tl[data-trial]", timeout=60_000)
        key = f"lesson_{lesson.key}_{index}_answer"
        answer = right_answer_text(screen, screen.facts())
        focus_until(page, f"e => e.tagName === 'INPUT' && !!e.closest('.st-key-{key}')")
        if screen.question.kind == "choice":
            for _ in range(12):
                if page.evaluate("() => document.activeElement.closest('label').innerText.trim()") == answer:
                    break
                page.keyboard.press("ArrowDown")
            if not page.evaluate("() => document.activeElement.checked"):
                page.keyboard.press("Space")          # Tab focuses the first option of an unanswered group
            assert page.evaluate("() => document.activeElement.checked"), answer
        else:
            page.keyboard.type(answer)
        focus_until(page, "e => e.tagName === 'BUTTON' && e.innerText.trim() === 'Check'")
        if index == 0:
            assert_focus_ring(page, "a Streamlit button (Check)")
        page.keyboard.press("Enter" if index % 2 == 0 else "Space")
        wait_idle(page)
        success = page.locator('[data-testid="stAlertContentSuccess"]').first
        assert success.inner_text().startswith("Right:"), page.locator('[data-testid="stAlert"]').all_inner_texts()
        if index < len(lesson.screens) - 1:
            focus_until(page, "e => e.tagName === 'BUTTON' && e.innerText.trim() === 'Next screen ▶'")
            page.keyboard.press("Enter")
            wait_idle(page)
            page.wait_for_url(f"**screen={index + 2}**")
            # the page drew the button again: the focus is on its new copy (not on the page's body), with its ring
            page.wait_for_function("() => !!document.activeElement.closest('.st-key-lesson_next')", timeout=10_000)
            assert_focus_ring(page, "Next screen after the next screen opened")
    assert page.get_by_text("Lesson 1 done: every screen answered right.").count() == 1


#: the canvas's shadow root: the drawn points (x, y in document order = the point set's order), the selection's rings,
#: the crosshair and the shape being built by keys, with their exact data coordinates
CANVAS_STATE = """() => {
  const root = [...document.querySelectorAll('.st-key-canvas *')].find((e) => e.shadowRoot).shadowRoot;
  const shape = root.querySelector('.key-shape'), cursor = root.querySelector('.key-cursor');
  return {points: [...root.querySelectorAll('.points [data-class]')].map((p) => [Number(p.dataset.x), Number(p.dataset.y)]),
          rings: [...root.querySelectorAll('.selected .ring[data-index]')].map((r) => Number(r.dataset.index)),
          cursor: cursor ? [Number(cursor.dataset.x), Number(cursor.dataset.y)] : null,
          shape: shape ? {kind: shape.dataset.kind, xs: JSON.parse(shape.dataset.xs), ys: JSON.parse(shape.dataset.ys)} : null,
          live: root.querySelector('.key-live').textContent};
}"""


def inside_triangle(point, corners) -> bool:
    """Whether ``point`` lies inside the triangle ``corners`` (or on it): on one side of all three edges."""
    sides = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        cross = (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax)
        assert abs(cross) > 1e-9 * (abs(bx - ax) + abs(by - ay)), f"{point} lies on an edge: the test is ambiguous"
        sides.append(cross > 0)
    return all(sides) or not any(sides)


def wait_for_rings(page, expected: set[int]) -> None:
    page.wait_for_function(f"() => ({CANVAS_STATE})().rings.sort((a, b) => a - b).join() === {sorted(expected)!r}.join()",
                           timeout=30_000)


def test_a_box_and_a_lasso_select_by_keys_and_the_selection_panel_deletes_them(page, server_url):
    """B marks a box corner at the crosshair, arrows move the other corner, B closes it; L adds lasso corners and
    Enter closes the loop; Escape cancels. The rings and the Selected count are the points inside the shape as drawn
    (computed here from the points' coordinates), the count is announced, and the panel deletes the selection."""
    page.goto(f"{server_url}/data")
    wait_idle(page)
    focus_until(page, "e => e.tagName === 'BUTTON' && e.innerText.trim() === 'Generate'")
    page.keyboard.press("Enter")
    wait_for_metric(page, "Points", "120", timeout=30_000)       # three Gaussian clouds of 40
    # the keys are said on the page, not only in the canvas's accessible name
    assert "By keys, on the focused drawing: B, arrows, B selects a box; L at each corner, then Enter, a lasso" \
        in page.locator(".st-key-data_selection").inner_text()
    tab_to(page, "mbl-canvas")
    state = page.evaluate(CANVAS_STATE)
    points = state["points"]
    assert len(points) == 120 and state["cursor"] is not None and state["rings"] == []

    # Escape cancels a box: nothing drawn, nothing selected
    keys(page, "b", "ArrowRight", "ArrowUp")
    assert page.evaluate(CANVAS_STATE)["shape"]["kind"] == "box"
    keys(page, "Escape")
    state = page.evaluate(CANVAS_STATE)
    assert state["shape"] is None and state["live"] == "box cancelled", state["live"]

    # a box from two steps left and down of the centre to four steps right and up (Shift: a grid step each)
    keys(page, "Shift+ArrowLeft", "Shift+ArrowDown", "b")
    corner = page.evaluate(CANVAS_STATE)
    assert corner["live"].startswith("box corner at x₁ "), corner["live"]
    keys(page, *["Shift+ArrowRight"] * 3, *["Shift+ArrowUp"] * 2)
    drawn = page.evaluate(CANVAS_STATE)["shape"]
    x0, x1, y0, y1 = min(drawn["xs"]), max(drawn["xs"]), min(drawn["ys"]), max(drawn["ys"])
    assert (x0, y0) == tuple(corner["cursor"]) and (x1, y1) == tuple(page.evaluate(CANVAS_STATE)["cursor"])
    expected = {i for i, (x, y) in enumerate(points) if x0 <= x <= x1 and y0 <= y <= y1}
    assert 0 < len(expected) < len(points), (drawn, len(expected))
    screenshot(page, "data-keyboard-box", full_page=False)            # the open box, its corner and the crosshair
    keys(page, "b")
    wait_for_metric(page, "Selected", str(len(expected)), timeout=30_000)
    wait_for_rings(page, expected)
    page.wait_for_function(f"() => ({CANVAS_STATE})().live === '{len(expected)} points selected'", timeout=30_000)

    # a lasso: a triangle through three crosshair positions, closed with Enter; it replaces the selection
    keys(page, "l", *["Shift+ArrowLeft"] * 3, "l", *["Shift+ArrowDown"] * 3, "Shift+ArrowRight")
    state = page.evaluate(CANVAS_STATE)
    assert state["shape"]["kind"] == "lasso" and len(state["shape"]["xs"]) == 3       # two corners and the crosshair
    keys(page, "l")
    triangle = [list(corner) for corner in zip(*(lambda s: (s["xs"], s["ys"]))(page.evaluate(CANVAS_STATE)["shape"]))]
    assert len(triangle) == 3, triangle
    lassoed = {i for i, point in enumerate(points) if inside_triangle(point, triangle)}
    assert 0 < len(lassoed) < len(points) and lassoed != expected, (triangle, len(lassoed))
    keys(page, "Enter")
    wait_for_metric(page, "Selected", str(len(lassoed)), timeout=30_000)
    wait_for_rings(page, lassoed)
    assert page.evaluate(CANVAS_STATE)["shape"] is None

    # the selection panel works on it by keys: Delete selection removes exactly those points
    focus_until(page, "e => e.tagName === 'BUTTON' && !!e.closest('.st-key-data_selection_delete')")
    page.keyboard.press("Enter")
    wait_for_metric(page, "Points", str(len(points) - len(lassoed)), timeout=30_000)
    left = page.evaluate(CANVAS_STATE)["points"]
    assert sorted(map(tuple, left)) == sorted(tuple(p) for i, p in enumerate(points) if i not in lassoed)


def test_a_challenge_is_completed_with_keys_alone(page, server_url):
    """Be the adversary by keys: the Perceptron challenge's point form takes its coordinates from the arrow keys (a
    step of 0.1), Enter places each point, the score and "a new best" follow; Space on "Show me a worst case" plays
    a sequence reaching the most mistakes possible. Tab, arrows, Enter and Space only."""
    from lab.challenges import best_possible, outcome

    page.goto(f"{server_url}/challenges")
    wait_idle(page)
    placed = []

    def place(x1_steps: int, x2_steps: int, point: tuple[str, str], submit: str) -> None:
        for name, steps in (("challenge_x1", x1_steps), ("challenge_x2", x2_steps)):
            focus_until(page, f"e => e.tagName === 'INPUT' && !!e.closest('.st-key-{name}')",
                        "Tab" if name == "challenge_x1" and not placed else "Shift+Tab" if name == "challenge_x1" else "Tab")
            keys(page, *["ArrowUp" if steps > 0 else "ArrowDown"] * abs(steps))
        assert [page.locator(f".st-key-{n} input").input_value() for n in ("challenge_x1", "challenge_x2")] \
            == [f"{float(v):.2f}" for v in point]
        focus_until(page, "e => e.tagName === 'BUTTON' && e.innerText.trim() === 'Place this point'")
        page.keyboard.press(submit)
        placed.append(", ".join(point))
        wait_idle(page)
        page.wait_for_function("(text) => document.querySelector('.st-key-challenge_perceptron_text textarea').value "
                               "=== text", arg="\n".join(placed), timeout=30_000)

    place(20, 0, ("2", "0"), "Enter")                  # x₁ 0 → 2.0 by tenths
    assert outcome("perceptron", placed[0]).mistakes == 1     # w = 0 errs on the first point
    wait_for_metric(page, "Mistakes", "1", timeout=30_000)
    success = page.locator('[data-testid="stAlertContentSuccess"]').first
    assert success.inner_text().strip() == "A new best for this challenge: 1 mistake."
    place(-26, 18, ("-0.6", "1.8"), "Space")           # x₁ 2.0 → −0.6, x₂ 0 → 1.8
    mistakes = outcome("perceptron", "\n".join(placed)).mistakes
    assert mistakes == 2
    wait_for_metric(page, "Mistakes", str(mistakes), timeout=30_000)
    success = page.locator('[data-testid="stAlertContentSuccess"]').first
    assert success.inner_text().strip() == f"A new best for this challenge: {mistakes} mistakes."

    best = best_possible("perceptron").mistakes
    focus_until(page, "e => e.tagName === 'BUTTON' && e.innerText.trim() === 'Show me a worst case'")
    page.keyboard.press("Space")
    wait_for_metric(page, "Mistakes", str(best), timeout=30_000)
    assert metric(page, "Score") == "100%" and metric(page, "Your best") == "100%"
    success = page.locator('[data-testid="stAlertContentSuccess"]').first
    assert success.inner_text().strip() == f"A new best for this challenge: {best} mistakes. That is the most possible."
