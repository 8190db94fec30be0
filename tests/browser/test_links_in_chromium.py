"""Share and take away (issue 16) in a real headless Chromium.

A page's link opened in a new browser context (its own cookies: a new session) shows the same
points, run and trial; the Share panel copies that link and saves a lab file that opens the same
run elsewhere; the exported HTML file plays, steps and scrubs from ``file://`` with every network
request refused, and its boundary at trial t is the app's; hostile links run no script.
"""

from __future__ import annotations

import json
import shutil

import pytest

from lab.stories import STORIES

from .conftest import SCREENSHOTS, VIEWPORT, metric, screenshot, wait_for_metric, wait_idle
from .player import control, focus_page, open_lab_file, open_story, press, state, trial, wait_for_player

pytestmark = pytest.mark.browser

#: what identifies a run and the trial shown: the run's id (it digests points, learner, settings)
SHOWN = "() => { const r = document.querySelector('.mbl-tl-root'); return [r.dataset.runId, r.dataset.trial ||" \
        " document.querySelector('.mbl-tl').dataset.trial]; }"
#: the boundary the player shows at its trial, in data coordinates: the regions of the model's shape
BOUNDARY = """() => {
  const player = document.querySelector('.mbl-tl-root')._mblPlayer;
  const boundary = player.payload.boundary;
  const state = boundary.states[player.stateAt[player.t]];
  return JSON.stringify({t: player.t, regions: boundary.shapes[state.shape].regions,
                         title: document.querySelector('.mbl-tl-title').textContent,
                         metrics: [...document.querySelectorAll('.mbl-tl-metric .v')].map((e) => e.textContent),
                         head: document.querySelector('.mbl-tl-mathhead').textContent});
}"""


def href(page) -> str:
    return page.evaluate("() => window.location.href")


def wait_for_trial_in_url(page, t: int) -> None:
    page.wait_for_function(f"() => new URLSearchParams(location.search).get('t') === '{t}'", timeout=10_000)


@pytest.fixture(scope="module")
def second_browser(browser):
    """A browser context of its own (no cookie, no storage of the tests' ``page``), shared by this module's tests:
    each opens its link in a new tab of it, a new Streamlit session, so Chromium compiles the lab's scripts once."""
    context = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
    yield context
    context.close()


def new_tab(second_browser):
    """A new tab of :func:`second_browser`, twice: what the test closes when done, and the page."""
    tab = second_browser.new_page()
    return tab, tab


#: one story of each kind of player (a binary boundary, the experts, class regions, priorities): every story's link
#: opens the same run in a new session in tests/test_app_links.py; here, a new browser shows it at the same trial
LINKED_STORIES = ["thin-margin", "perfect-expert", "four-classes", "priority"]


@pytest.mark.parametrize("key", LINKED_STORIES)
def test_a_storys_link_opens_the_same_run_at_the_same_trial_in_a_new_browser(second_browser, page, server_url, key):
    story = STORIES[key]
    open_story(page, server_url, key, story.page.split("/")[1].removesuffix(".py"), from_home=True)
    focus_page(page)
    press(page, "ArrowRight", 7)
    wait_for_trial_in_url(page, 7)
    link = href(page)
    shown = page.evaluate(SHOWN)
    # one story's link is opened as an embed (Streamlit's ?embed=true): the same run and trial, the page alone
    embed = key == EMBEDDED
    context, other = new_tab(second_browser)
    try:
        other.goto(link + "&embed=true" if embed else link)
        wait_for_player(other)
        assert other.evaluate(SHOWN) == shown
        assert trial(other) == 7
        assert other.locator('[data-testid="stAlert"]').filter(has_text="Ignored").count() == 0
        if embed:
            assert_the_page_alone(other)
    finally:
        context.close()


#: the story whose link is also opened as an embed
EMBEDDED = "thin-margin"
#: what an embed must not show (issue 34: ?embed=true still showed the whole sidebar): the sidebar, the control that
#: opens it, the pages' navigation; each with its box, if any is drawn
SIDEBAR = """() => [...document.querySelectorAll(['stSidebar', 'stSidebarCollapsedControl', 'stExpandSidebarButton',
                                                 'stSidebarNav', 'stSidebarNavLink'].map((id) => `[data-testid="${id}"]`).join())]
  .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => e.dataset.testid + ' ' + JSON.stringify(e.getBoundingClientRect()))"""


def assert_the_page_alone(page) -> None:
    """An embed shows its page alone — no sidebar, no navigation — at the viewport's full width; a step keeps the
    link an embed's (the player writes its trial beside ``embed=true``)."""
    assert page.evaluate(SIDEBAR) == []
    main = page.locator('[data-testid="stMain"]').bounding_box()
    assert main["x"] <= 1 and main["width"] >= VIEWPORT["width"] - 20, main
    screenshot(page, "embed", full_page=False)
    focus_page(page)
    press(page, "ArrowRight")
    wait_for_trial_in_url(page, 8)
    assert "embed=true" in href(page)


def test_points_drawn_by_hand_travel_in_the_link(second_browser, page, server_url):
    page.goto(f"{server_url}/data")
    wait_idle(page)
    frame = page.locator(".mbl-canvas rect.frame").first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; }")
    clicks = [(0.3, 0.3), (0.35, 0.62), (0.7, 0.4), (0.64, 0.71), (0.5, 0.2)]
    for count, (fx, fy) in enumerate(clicks, start=1):
        page.mouse.click(frame["x"] + fx * frame["width"], frame["y"] + fy * frame["height"])
        wait_for_metric(page, "Points", count)
    page.wait_for_function("() => new URLSearchParams(location.search).has('pts')", timeout=10_000)
    link = href(page)
    context, other = new_tab(second_browser)
    try:
        other.goto(link)
        wait_idle(other)
        assert metric(other, "Points") == "5"
        # the new session writes back the very same packed points: the same set, bit for bit
        other.wait_for_function("() => new URLSearchParams(location.search).has('pts')", timeout=10_000)
        assert href(other) == link
    finally:
        context.close()


def test_share_copies_the_link_and_its_lab_file_opens_the_same_run(second_browser, page, server_url, tmp_path):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_story(page, server_url, "noise", "perceptron")
    focus_page(page)
    press(page, "ArrowRight", 12)
    wait_for_trial_in_url(page, 12)
    shown = page.evaluate(SHOWN)
    page.locator(".st-key-share_open label").first.click()
    wait_idle(page)
    page.locator(".mbl-share-copy").click()
    page.locator(".mbl-share-status", has_text="Copied.").wait_for(timeout=10_000)   # (in the component's shadow root)
    assert page.evaluate("() => navigator.clipboard.readText()") == href(page)
    assert page.locator(".mbl-share-link").input_value() == href(page)
    screenshot(page, "share-panel", full_page=False)
    with page.expect_download() as download_info:
        page.locator(".mbl-share-file").click()
    download = download_info.value
    assert download.suggested_filename == "mistake-bound-lab-perceptron.json"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    document = json.loads(open(path, encoding="utf-8").read())
    assert document["page"] == "perceptron" and document["trial"] == 12 and len(document["data"]["x1"]) == 120

    context, other = new_tab(second_browser)
    try:
        open_lab_file(other, server_url, path)
        other.wait_for_url("**/perceptron**", timeout=30_000)
        wait_for_player(other)
        assert other.evaluate(SHOWN) == shown
    finally:
        context.close()


def test_the_exported_html_plays_from_disk_with_the_network_off(browser, page, server_url, tmp_path):
    open_story(page, server_url, "thin-margin", "perceptron")
    page.locator(".st-key-share_open label").first.click()
    wait_idle(page)
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Export this run as HTML").click()
    exported = tmp_path / "run.html"
    download_info.value.save_as(exported)
    focus_page(page)
    press(page, "ArrowRight", 23)
    in_app = json.loads(page.evaluate(BOUNDARY))

    context = browser.new_context(viewport=VIEWPORT)
    requests = []

    def refuse(route):
        requests.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith("file:"), refuse)
    try:
        offline = context.new_page()
        errors = []
        offline.on("pageerror", lambda error: errors.append(str(error)))
        offline.goto(exported.as_uri())
        offline.wait_for_function("() => document.body.dataset.ready === '1'", timeout=30_000)
        press(offline, "ArrowRight", 23)
        assert trial(offline) == 23
        exported_view = json.loads(offline.evaluate(BOUNDARY))
        assert exported_view == in_app                     # regions, title, metrics and math of trial 23
        press(offline, "ArrowLeft", 3)
        assert trial(offline) == 20
        offline.eval_on_selector(".mbl-tl-scrub", "s => { s.value = '40'; s.dispatchEvent(new Event('input')); }")
        assert state(offline)["head"].startswith("Trial 40 ")
        press(offline, "Home")
        press(offline, " ")                                # Play
        offline.wait_for_function("() => Number(document.querySelector('.mbl-tl').dataset.trial) > 10",
                                  timeout=10_000)
        press(offline, " ")
        offline.goto("about:blank")                        # (a changed #hash alone is no new page)
        offline.goto(exported.as_uri() + "#t=15")
        offline.wait_for_function("() => document.body.dataset.ready === '1'", timeout=30_000)
        assert trial(offline) == 15
        screenshot(offline, "exported-run", full_page=False)
        assert requests == [] and errors == []
    finally:
        context.close()


def test_a_hostile_link_runs_no_script_and_keeps_the_page_working(second_browser, server_url):
    context, page = new_tab(second_browser)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        page.goto(f"{server_url}/perceptron?story=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&learner=%3Cscript%3Ealert(2)"
                  "%3C%2Fscript%3E&eta=NaN&passes=1e999&t=-1&pts=" + "A" * 9000 + "&%3Csvg%3E=1")
        wait_for_player(page)
        warning = page.locator('[data-testid="stAlert"]').filter(has_text="Ignored").first.inner_text()
        assert "<script>" in warning or "script" in warning
        assert page.locator("img[src='x']").count() == 0 and dialogs == []
        focus_page(page)
        press(page, "ArrowRight", 3)
        assert trial(page) == 3
    finally:
        context.close()


@pytest.mark.parametrize("format_, story, path", [("svg", "thin-margin", "perceptron"), ("png", "xor", "perceptron")])
def test_the_boundary_figure_saves_at_presentation_size_with_what_the_trial_moved(page, server_url, tmp_path,
                                                                                 format_, story, path):
    open_story(page, server_url, story, path)
    focus_page(page)
    press(page, "ArrowRight", 9)
    with page.expect_download() as download_info:
        control(page, f".mbl-tl-save[data-action='save-{format_}']").click()
    saved = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(saved)
    assert saved.name == f"mistake-bound-lab-trial-9.{format_}"
    SCREENSHOTS.mkdir(exist_ok=True)
    shutil.copy(saved, SCREENSHOTS / f"saved-figure-{story}.{format_}")      # to look at
    if format_ == "svg":
        text = saved.read_text(encoding="utf-8")
        assert 'width="1920"' in text
        # the overlay (ring, ghost, arrow) and both of plotly's layers are in the file
        assert "mbl-tl-overlay" in text and text.count("<svg") >= 3 and "after trial 9" in text
    else:
        from PIL import Image
        with Image.open(saved) as image:
            width, height = image.size
            colours = len(set(image.convert("RGB").resize((64, 64)).getdata()))
        assert width == 1920 and height > 600 and colours > 20   # drawn, not blank


def test_every_figure_of_a_page_saves_as_svg_and_png_at_presentation_size(page, server_url, tmp_path):
    open_story(page, server_url, "priority", "priority")
    page.wait_for_function("() => document.querySelectorAll('.st-key-priority_regions .js-plotly-plot').length"
                           " && document.querySelectorAll('.mbl-save').length >= 3", timeout=60_000)
    # the two Streamlit figures (ours, the baselines) and the player's bound curves
    assert page.locator(".st-key-priority_ours .mbl-save button").count() == 2
    assert page.locator(".st-key-priority_regions .mbl-save button").count() == 2
    assert page.locator(".mbl-tl .mbl-save button").count() == 2
    for key, format_ in (("priority_regions", "png"), ("priority_ours", "svg")):
        with page.expect_download() as download_info:
            page.locator(f".st-key-{key} .mbl-save button[data-format='{format_}']").click()
        saved = tmp_path / download_info.value.suggested_filename
        download_info.value.save_as(saved)
        assert saved.name == f"mistake-bound-lab-{key}.{format_}"
        if format_ == "svg":
            text = saved.read_text(encoding="utf-8")
            assert 'width="1920"' in text and "θ-cost" in text
        else:
            from PIL import Image
            with Image.open(saved) as image:
                assert image.size[0] == 1920 and len(set(image.convert("RGB").resize((64, 64)).getdata())) > 20


@pytest.mark.parametrize("path, choose, key, value", [
    ("paper-lab", lambda page: page.locator(".st-key-paper_experiment").get_by_role("combobox").fill("rwm-epsilon"),
     "experiment", "rwm-epsilon"),
    ("winnow", lambda page: page.get_by_text("High-dimensional experiment", exact=True).click(),
     "section", "high-dimensional-experiment"),
])
def test_pages_without_a_player_keep_their_settings_in_the_link(second_browser, page, server_url, path, choose, key, value):
    page.goto(f"{server_url}/{path}")
    wait_idle(page)
    choose(page)
    page.keyboard.press("Enter") if key == "experiment" else None
    wait_idle(page)
    page.wait_for_function(f"() => new URLSearchParams(location.search).get('{key}') === '{value}'", timeout=20_000)
    context, other = new_tab(second_browser)
    try:
        other.goto(href(page))
        wait_idle(other)
        if key == "experiment":
            from experiments.registry import EXPERIMENTS
            other.get_by_text(EXPERIMENTS["rwm-epsilon"].summary).wait_for(timeout=10_000)
        else:
            other.get_by_text("Runs per size").wait_for(timeout=10_000)       # the experiment's controls
    finally:
        context.close()
