"""The timeline player in a real headless Chromium: a run the browser moves through with no server round trip.

Keyboard (→ ← Space Home End), Back, the scrub slider and Play all show the same trial in every
panel; stepping sends nothing over the websocket; presentation mode fits 1280×720 and is
readable at 1920×1080; a page opened with no points starts with an example; a kernel model
drawn by the player is the learner's own.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import screenshot, wait_idle
from .player import focus_page, open_story, press, state, total, trial, wait_for_layout, wait_for_player

pytestmark = pytest.mark.browser


def test_arrow_keys_step_and_go_back_and_home_and_end_jump(app_page, server_url):
    open_story(app_page, server_url, "thin-margin", "perceptron")
    focus_page(app_page)
    assert trial(app_page) == 0
    press(app_page, "ArrowRight", 5)
    assert trial(app_page) == 5
    press(app_page, "ArrowLeft", 2)
    assert trial(app_page) == 3
    press(app_page, "End")
    assert trial(app_page) == total(app_page) > 100
    press(app_page, "Home")
    assert trial(app_page) == 0
    assert "t=0" in app_page.url or app_page.wait_for_url("**t=0**", timeout=5_000) is None


def test_back_shows_exactly_the_previous_trial(app_page, server_url):
    open_story(app_page, server_url, "thin-margin", "perceptron")
    focus_page(app_page)
    seen = []
    for _ in range(12):
        press(app_page, "ArrowRight")
        seen.append(state(app_page))
    for expected in reversed(seen[:-1]):
        press(app_page, "ArrowLeft")
        assert state(app_page) == expected
    # the trials differ from one another (the check above could not pass by showing one thing)
    assert len({s["math"] for s in seen}) > 6 and len({s["overlay"] for s in seen}) > 3


def test_the_slider_shows_the_trial_it_is_moved_to_in_every_panel(app_page, server_url):
    open_story(app_page, server_url, "thin-margin", "perceptron")
    focus_page(app_page)
    press(app_page, "ArrowRight", 37)
    by_keys = state(app_page)
    press(app_page, "Home")
    app_page.eval_on_selector(".mbl-tl-scrub", "s => { s.value = '37'; s.dispatchEvent(new Event('input')); }")
    by_slider = state(app_page)
    assert by_slider == by_keys
    assert by_slider["head"].startswith("Trial 37 ") and by_slider["metrics"][0].startswith("37 / ")
    assert by_slider["cursor"] == 37


def test_play_animates_every_panel_to_the_last_trial(app_page, server_url):
    open_story(app_page, server_url, "thin-margin", "perceptron")
    focus_page(app_page)
    app_page.select_option(".mbl-tl-bar select", "250")
    focus_page(app_page)
    heads = []
    app_page.expose_function("noteHead", lambda text: heads.append(text))
    app_page.evaluate("""() => new MutationObserver(() => window.noteHead(document.querySelector('.mbl-tl-mathhead').textContent))
                       .observe(document.querySelector('.mbl-tl-mathhead'), {childList: true, characterData: true, subtree: true})""")
    press(app_page, " ")
    T = total(app_page)
    app_page.wait_for_function(f"() => document.querySelector('.mbl-tl').dataset.trial === '{T}'", timeout=60_000)
    final = state(app_page)
    assert final["head"].startswith(f"Trial {T} ") and final["metrics"][0] == f"{T} / {T}"
    assert final["cursor"] == T and final["slider"] == str(T)
    assert final["title"].startswith(f"after trial {T}")
    # the math moved with the boundary during the animation: many trials' heads were shown
    assert len(set(heads)) > 20
    assert app_page.eval_on_selector(".mbl-tl-bar button[data-action=play]", "b => b.textContent") == "▶ Play"


def test_stepping_sends_nothing_to_the_server(app_page, server_url):
    sent = []
    app_page.on("websocket", lambda socket: socket.on("framesent", lambda payload: sent.append(payload)))
    open_story(app_page, server_url, "thin-margin", "perceptron")
    focus_page(app_page)
    wait_idle(app_page)                   # every rerun the page asked for has run: the socket is quiet
    before, sent_in_page = len(sent), app_page.evaluate("() => window.__mblWire.sent")
    press(app_page, "ArrowRight", 30)
    press(app_page, "ArrowLeft", 10)
    app_page.eval_on_selector(".mbl-tl-scrub", "s => { s.value = '80'; s.dispatchEvent(new Event('input')); }")
    app_page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.trial === '80'")
    # nothing is sent for a while: poll, for 0.8 s, the page's count of messages it sent (a send ends the poll)
    with pytest.raises(PlaywrightTimeout):
        app_page.wait_for_function("(n) => window.__mblWire.sent > n", arg=sent_in_page, timeout=800)
    assert trial(app_page) == 80
    assert len(sent) == before, f"{len(sent) - before} websocket messages were sent while stepping"
    assert before > 0          # the socket was watched: loading the page did send messages


@pytest.mark.parametrize("width, height", [(1280, 720), (1920, 1080)])
def test_presentation_mode_fills_the_screen_and_reads_from_the_back(page, server_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    open_story(page, server_url, "thin-margin", "perceptron")
    focus_page(page)
    press(page, "ArrowRight", 9)
    screenshot(page, f"timeline-page-{width}x{height}", full_page=False)
    press(page, "p")
    page.wait_for_function("() => document.querySelector('.mbl-tl').classList.contains('mbl-present')")
    wait_for_layout(page)
    screenshot(page, f"timeline-present-{width}x{height}", full_page=False)
    boxes = page.evaluate("""() => Object.fromEntries(['.mbl-tl-boundary', '.mbl-tl-curves', '.mbl-tl-math',
        '.mbl-tl-bar button[data-action=step]', '.mbl-tl-bar button[data-action=back]',
        '.mbl-tl-bar button[data-action=play]', '.mbl-tl-metrics'].map((s) => {
          const r = document.querySelector(s).getBoundingClientRect();
          return [s, [r.left, r.top, r.right, r.bottom]]; }))""")
    for selector, (left, top, right, bottom) in boxes.items():
        assert left >= 0 and top >= 0 and right <= width + 0.5 and bottom <= height + 0.5, (selector, boxes[selector])
        assert right - left > 20 and bottom - top > 20, selector
    sidebar = page.locator('[data-testid="stSidebar"]')
    assert sidebar.count() == 0 or not sidebar.is_visible()
    sizes = page.evaluate("""() => {
        const px = (e) => parseFloat(getComputedStyle(e).fontSize);
        const ticks = [...document.querySelectorAll('.mbl-tl-below .xtick text, .mbl-tl-curves .xtick text')].map(px);
        const legend = [...document.querySelectorAll('.mbl-tl-above .legendtext, .mbl-tl-curves .legendtext')].map(px);
        const math = [...document.querySelectorAll('.mbl-tl-mathbody math')].map(px);
        return {ticks: Math.min(...ticks), legend: Math.min(...legend), math: Math.min(...math)}; }""")
    if width >= 1920:
        assert min(sizes.values()) >= 18, sizes
    else:
        assert min(sizes.values()) >= 13, sizes
    press(page, "Escape")
    page.wait_for_function("() => !document.querySelector('.mbl-tl').classList.contains('mbl-present')")
    assert trial(page) == 9


def test_the_point_clouds_are_drawn_once_when_the_figure_is_drawn_again(app_page, server_url):
    """Presenting draws the boundary figure again at presentation size: its legend and margins first, then the
    clouds, once (drawn three times, 100,000 points cost the browser seconds)."""
    open_story(app_page, server_url, "weighted", "perceptron")
    focus_page(app_page)
    n = app_page.evaluate("() => document.querySelector('.mbl-tl-root')._mblPlayer.payload.n_points")
    app_page.evaluate("""() => { window.drawnWithPoints = 0; window.draws = 0;
      document.querySelector('.mbl-tl-above').on('plotly_afterplot', () => { window.draws += 1;
        if (document.querySelectorAll('.mbl-tl-above path.point').length) window.drawnWithPoints += 1; }); }""")
    press(app_page, "p")
    app_page.wait_for_function("() => document.querySelector('.mbl-tl').classList.contains('mbl-present')")
    wait_for_layout(app_page)
    assert app_page.locator(".mbl-tl-above path.point").count() >= n
    assert app_page.evaluate("() => [window.draws > 1, window.drawnWithPoints]") == [True, 1]


def test_a_page_opened_without_points_starts_with_an_example(app_page, server_url):
    app_page.goto(f"{server_url}/winnow")
    wait_for_player(app_page)
    notes = app_page.locator('[data-testid="stAlert"]').all_inner_texts()
    assert any("example of the story" in note for note in notes), notes
    focus_page(app_page)
    press(app_page, "ArrowRight")
    assert trial(app_page) == 1 and total(app_page) > 10


def test_a_kernel_model_drawn_by_the_player_is_the_learners(app_page, server_url):
    """The player computes a kernel model's scores on a grid from the dual changes (in JavaScript);
    their signs at the last trial are the signs of the learner's own decision function there."""
    from datasets import generators
    from lab import catalog
    from lab.runner import Run
    from lab.stories import STORIES

    open_story(app_page, server_url, "xor", "perceptron")
    focus_page(app_page)
    press(app_page, "End")
    app_page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.trial === document.querySelector('.mbl-tl-scrub').max")
    drawn = app_page.evaluate("""() => { const p = document.querySelector('.mbl-tl-root')._mblPlayer;
        return {z: p.dual.field(p.stateAt[p.t]), x: p.dual.dual.grid.x, y: p.dual.dual.grid.y}; }""")
    story = STORIES["xor"]
    points = generators.make(story.generator, **story.arguments)
    X, labels, weights = points.to_arrays()
    run = Run(catalog.build("Kernel Perceptron"), X, labels, weights, n_passes=story.presets["perceptron_passes"])
    run.play()
    gx, gy = np.asarray(drawn["x"]), np.asarray(drawn["y"])
    plane = np.column_stack([np.tile(gx, len(gy)), np.repeat(gy, len(gx))])
    expected = run.learner.decision_function(plane).reshape(len(gy), len(gx))
    shown = np.asarray(drawn["z"], dtype=float)
    clear = np.abs(expected) > 1e-9 * np.abs(expected).max()
    assert clear.mean() > 0.9
    assert np.array_equal(np.sign(shown[clear]), np.sign(expected[clear]))
    screenshot(app_page, "timeline-kernel", full_page=False)


def test_the_two_layers_stay_aligned_and_the_zoom_survives_a_step(app_page, server_url):
    open_story(app_page, server_url, "priority", "priority")
    assert app_page.eval_on_selector(".mbl-tl", "r => r.dataset.aligned") == "yes"
    RANGE = "() => document.querySelector('.mbl-tl-above')._fullLayout.xaxis.range.join()"
    unzoomed = app_page.evaluate(RANGE)
    box = app_page.locator(".mbl-tl-above .nsewdrag").first.bounding_box()
    app_page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.3)
    app_page.mouse.down()
    app_page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.6, steps=8)
    app_page.mouse.up()
    # the zoom has been applied to the upper layer
    app_page.wait_for_function(f"(before) => ({RANGE})() !== before", arg=unzoomed, timeout=10_000)
    zoomed = app_page.evaluate("() => document.querySelector('.mbl-tl-above')._fullLayout.xaxis.range.slice()")
    focus_page(app_page)
    press(app_page, "ArrowRight", 3)
    ranges = app_page.evaluate("""() => ['.mbl-tl-above', '.mbl-tl-below'].map(
        (s) => document.querySelector(s)._fullLayout.xaxis.range.slice())""")
    assert ranges[0] == pytest.approx(zoomed) and ranges[1] == pytest.approx(zoomed)
    full = json.loads(app_page.evaluate("() => JSON.stringify(document.querySelector('.mbl-tl-below').layout.xaxis.range)"))
    assert full == pytest.approx(zoomed)


@pytest.mark.parametrize("learner", ["Weighted Majority", "Randomized Weighted Majority with doubling"])
def test_the_experts_weights_the_player_shows_are_the_learners(app_page, server_url, learner):
    """The player rebuilds the weights from advice, outcomes and phases (w_i = f^{c_i}); at several
    trials they are the learner's own normalized weights, restarts of the doubling trick included."""
    from datasets.advice import make_stream
    from lab import catalog

    app_page.goto(f"{server_url}/experts")
    wait_for_player(app_page)
    values = {"beta": 0.5}
    if learner != "Weighted Majority":
        app_page.locator(".st-key-experts_algorithm").click()
        app_page.get_by_role("option", name="Randomized Weighted Majority").click()
        wait_idle(app_page)
        app_page.locator(".st-key-experts_RandomizedWeightedMajority_doubling").get_by_role("checkbox").check(force=True)
        wait_idle(app_page)
        app_page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.kind === 'experts'")
        values = {"doubling": True}
    name = "Weighted Majority" if learner == "Weighted Majority" else "Randomized Weighted Majority"
    advice, outcomes = make_stream("noisy experts", 16, 200, 0.1, 0.5, 0)
    model = catalog.build(name, values)
    if "random_state" in model.get_params():
        model.set_params(random_state=0)
    expected = {}
    restarts = 0
    for t, (row, outcome) in enumerate(zip(advice, outcomes), start=1):
        restarts += model.learn_one(row, int(outcome)).restarted
        expected[t] = model.normalized_weights_.copy()
    if values.get("doubling"):
        assert restarts >= 1                           # the check below crosses a restart
    for t in (1, 37, 120, 200):
        shown = app_page.evaluate(f"() => document.querySelector('.mbl-tl-root')._mblPlayer.shares({t})")
        np.testing.assert_allclose(shown, expected[t], rtol=1e-9, atol=1e-12)
    focus_page(app_page)
    press(app_page, "End")                          # the run is over: no Step (the old panel kept it enabled)
    # unavailable (aria-disabled: a focused Step keeps the focus, tests/browser/test_keyboard_only.py)
    unavailable = "b => b.getAttribute('aria-disabled') === 'true'"
    assert app_page.eval_on_selector(".mbl-tl-bar button[data-action=step]", unavailable)
    assert not app_page.eval_on_selector(".mbl-tl-bar button[data-action=back]", unavailable)
    press(app_page, "Home")
    press(app_page, "ArrowRight", 12)
    assert app_page.locator(".mbl-tl-barcol").count() == 16
    screenshot(app_page, f"timeline-experts-{'wm' if learner == 'Weighted Majority' else 'rwm'}", full_page=False)


MISTAKE_AFTER = """([t, direction]) => {
  const root = document.querySelector('.mbl-tl'), bits = root._mblPlayer.payload.trials.mistake;
  for (let s = t + direction; s >= 1 && s <= bits.length; s += direction) if (bits[s - 1] === '1') return s;
  return t; }"""


def test_keys_work_with_the_slider_focused_and_n_jumps_between_mistakes(app_page, server_url):
    """Space, P, N and Shift+N reach the player whatever has focus in it (issue 27, item 4); the focused
    slider keeps its own arrows.  The old player ignored every key while the slider had focus."""
    open_story(app_page, server_url, "thin-margin", "perceptron")
    focus_page(app_page)
    press(app_page, "ArrowRight", 2)
    app_page.focus(".mbl-tl-scrub")
    press(app_page, "n")
    first = app_page.evaluate(MISTAKE_AFTER, [2, 1])
    assert first > 2 and trial(app_page) == first
    press(app_page, "n")
    second = app_page.evaluate(MISTAKE_AFTER, [first, 1])
    assert second > first and trial(app_page) == second
    press(app_page, "Shift+N")
    assert trial(app_page) == first
    here = trial(app_page)
    press(app_page, "ArrowRight")                       # the slider's own arrow moves it, and the player follows
    app_page.wait_for_function("(t) => document.querySelector('.mbl-tl').dataset.trial === String(t)", arg=here + 1)
    press(app_page, " ")
    app_page.wait_for_function("() => document.querySelector('.mbl-tl').classList.contains('mbl-tl-playing')")
    press(app_page, " ")
    app_page.wait_for_function("() => !document.querySelector('.mbl-tl').classList.contains('mbl-tl-playing')")
    assert app_page.evaluate("() => document.activeElement.classList.contains('mbl-tl-scrub')")
    press(app_page, "p")
    app_page.wait_for_function("() => document.querySelector('.mbl-tl').classList.contains('mbl-present')")
    press(app_page, "Escape")
    app_page.wait_for_function("() => !document.querySelector('.mbl-tl').classList.contains('mbl-present')")
    # a focused button of the player: Space plays, it does not press the button
    app_page.focus(".mbl-tl-bar button[data-action=reset]")
    before = trial(app_page)
    press(app_page, " ")
    app_page.wait_for_function("() => document.querySelector('.mbl-tl').classList.contains('mbl-tl-playing')")
    press(app_page, " ")
    assert trial(app_page) >= before > 0
    keys = app_page.text_content(".mbl-tl-keys")
    assert "N / Shift+N" in keys


def test_experts_presentation_has_the_pages_type_and_its_cursor_at_once(page, server_url):
    """Presenting the Experts page redraws the curves at presentation size and moves the cursor to the
    trial at once (issue 27, item 9): the old player kept 13 px type and the cursor at its old place."""

    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{server_url}/experts")
    wait_for_player(page)
    focus_page(page)
    press(page, "ArrowRight", 10)
    press(page, "p")
    page.wait_for_function("() => document.querySelector('.mbl-tl').classList.contains('mbl-present')")
    size = page.evaluate("() => Math.round(Math.max(14, Math.min(22, innerWidth / 100, innerHeight / 54)))")
    assert size >= 18
    page.wait_for_function("""(size) => { const c = document.querySelector('.mbl-tl-curvesplot');
        return c._fullLayout && c._fullLayout.xaxis.tickfont.size === size; }""", arg=size, timeout=10_000)
    cursor = page.evaluate("""() => { const c = document.querySelector('.mbl-tl-curvesplot'), xa = c._fullLayout.xaxis;
        const line = document.querySelector('.mbl-tl-curves .mbl-tl-cursor');
        return [parseFloat(line.style.left) + 1, xa._offset + xa.l2p(10), Number(c.dataset.cursor)]; }""")
    assert cursor[2] == 10 and abs(cursor[0] - cursor[1]) < 2, cursor
    screenshot(page, "timeline-experts-present-1920", full_page=False)


def test_the_html_export_opens_at_its_trial_with_its_title_and_buttons_on_one_line(browser, tmp_path):
    """The exported file opens at the trial it was exported at, its title in view, N jumps to the next
    mistake, and presenting at 1280×800 keeps every button's label on one line (issue 27, item 10)."""
    from components.html_export import run_html
    from lab.stories import STORIES, make_points
    from lab.timeline import build_timeline, payload_json

    story = STORIES["thin-margin"]
    payload = build_timeline("Perceptron", {}, make_points(story), order="adversarial", n_passes=2)
    path = tmp_path / "run.html"
    path.write_text(run_html(payload_json(payload), "Thin margin run", start=3), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(path.as_uri())
        page.wait_for_function("() => document.body.dataset.ready === '1'")
        assert trial(page) == 3
        assert page.evaluate("() => window.scrollY") == 0
        assert page.evaluate("() => document.querySelector('h1').getBoundingClientRect().top") >= 0
        press(page, "n")
        assert trial(page) == page.evaluate(MISTAKE_AFTER, [3, 1]) > 3
        assert "N / Shift+N" in page.text_content(".mbl-tl-keys")
        press(page, "p")
        page.wait_for_function("() => document.querySelector('.mbl-tl').classList.contains('mbl-present')")
        lines = page.evaluate("""() => [...document.querySelectorAll('.mbl-tl-bar button')].filter((b) => b.offsetParent)
            .map((b) => { const r = document.createRange(); r.selectNodeContents(b);
                          const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
                          return [b.textContent, tops.size]; })""")
        assert lines and all(n == 1 for _, n in lines), lines
        screenshot(page, "timeline-export-present-1280x800", full_page=False)
    finally:
        context.close()


#: the player's controls as laid out: each control of the bar (buttons, selects, the slider) not set aside, with its
#: top and bottom, its accessible name's source (aria-label or text), whether it is shown (a control with no room in
#: the row is hidden whole, behind "All controls") and whether it is in view inside its row
CONTROLS = """() => {
  const bar = document.querySelector('.mbl-tl-bar'), tools = bar.querySelector('.mbl-tl-tools');
  const row = tools && getComputedStyle(tools).display === 'flex';
  return [...bar.querySelectorAll('button, select, input')].filter((e) => e.offsetParent).map((e) => {
    const r = e.getBoundingClientRect(), view = (row && tools.contains(e) ? tools : bar).getBoundingClientRect();
    return {name: e.getAttribute('aria-label') || e.textContent.trim(), top: Math.round(r.top),
            bottom: Math.round(r.bottom), shown: getComputedStyle(e).visibility === 'visible',
            inView: r.left >= view.left - 1 && r.right <= view.right + 1};
  });
}"""


def test_the_controls_take_one_row_at_1280_px_and_each_is_reachable(app_page, server_url):
    """At 1280×720 (a page with its sidebar) the player's controls are one row (issue 28: they took two, and the keys'
    line a third); the controls that do not fit wait, hidden whole (issue 34: the row's scrolling group cut them
    mid-word), behind "All controls" (⋯, aria-expanded), which shows every one of them at once."""
    open_story(app_page, server_url, "thin-margin", "perceptron")
    controls = app_page.evaluate(CONTROLS)
    names = {c["name"] for c in controls}
    assert {"Step one trial (→)", "Present (P): presentation mode; Esc leaves it", "Quiz", "Projector",
            "Data table of the points and the curves (D)", "announce while playing", "trial"} <= names, names
    step = next(c for c in controls if c["name"] == "Step one trial (→)")
    rows = [c for c in controls if c["shown"] and (c["top"] >= step["bottom"] or c["bottom"] <= step["top"])]
    assert not rows, ("controls below or above Step's row", rows)
    # every control shown is whole in its row; the projector's button, the last of the group, has no room: hidden
    assert all(c["inView"] for c in controls if c["shown"]), controls
    assert not next(c for c in controls if c["name"] == "Projector")["shown"]
    # "All controls" shows every control whole, and each works
    toggle = app_page.get_by_role("button", name="All controls")
    assert "Projector" in toggle.get_attribute("title")          # its title names the controls it holds
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert all(c["inView"] and c["shown"] for c in app_page.evaluate(CONTROLS))
    app_page.locator(".mbl-projector-button").click()
    assert app_page.locator(".mbl-projector-button").get_attribute("aria-pressed") == "true"
    app_page.locator(".mbl-projector-button").click()
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false"
    controls = app_page.evaluate(CONTROLS)
    assert not [c for c in controls if c["shown"] and c["top"] >= step["bottom"]]
    assert not next(c for c in controls if c["name"] == "Projector")["shown"]
    # a control with the focus is never hidden under it: the window narrows and the group is shown whole instead
    last = app_page.locator(".mbl-tl-tools > :not(.mbl-tl-spilled)").last.element_handle()
    last.focus()
    app_page.set_viewport_size({"width": 1100, "height": 720})
    app_page.wait_for_function("() => document.querySelector('.mbl-tl-more-tools').getAttribute('aria-expanded') === 'true'")
    assert last.evaluate("e => e === document.activeElement && getComputedStyle(e).visibility === 'visible'")
