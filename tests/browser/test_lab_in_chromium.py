"""The lab in a real headless Chromium against a `streamlit run` server."""

import pytest

from .conftest import metric, screenshot, wait_idle

pytestmark = pytest.mark.browser

PAGES = ["", "data", "perceptron", "winnow", "experts", "multiclass", "priority", "paper-lab"]


def open_page(page, url, path):
    page.goto(f"{url}/{path}")
    wait_idle(page)


def open_thin_margin_story(page, url):
    """Home's "thin margin" story: its points and the Perceptron page, ready to Step or Play."""
    open_page(page, url, "")
    page.locator(".st-key-story_thin-margin button").click()
    page.wait_for_url("**/perceptron", timeout=30_000)
    wait_idle(page)


def press(page, label: str):
    """Click the trial panel's button ``label`` and wait until the script is idle again."""
    page.get_by_role("button", name=label, exact=True).first.click()
    wait_idle(page)


def test_clicks_in_the_data_canvas_add_points_where_clicked(app_page, server_url):
    open_page(app_page, server_url, "data")
    assert metric(app_page, "Points") == "0"
    svg = app_page.locator(".st-key-canvas svg.mbl-svg").first
    svg.wait_for()
    box = svg.bounding_box()
    clicks = [(0.3, 0.4), (0.6, 0.5), (0.45, 0.7)]
    for i, (fx, fy) in enumerate(clicks, start=1):
        app_page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
        app_page.wait_for_function(
            f"() => [...document.querySelectorAll('[data-testid=stMetricValue]')].some(e => e.innerText.trim() === '{i}')",
            timeout=20_000)
        wait_idle(app_page)
    assert metric(app_page, "Points") == "3"
    # the points are drawn where the clicks were: three markers inside the plot
    assert app_page.locator(".st-key-canvas svg.mbl-svg g.points > *").count() == 3
    screenshot(app_page, "data")


def test_step_advances_the_trial_by_one_and_play_makes_frames(app_page, server_url):
    open_page(app_page, server_url, "")
    app_page.get_by_role("button", name="Open").first.click()     # "A thin margin means many mistakes"
    app_page.wait_for_url("**/perceptron", timeout=30_000)
    wait_idle(app_page)
    app_page.get_by_role("button", name="Step", exact=True).first.wait_for(timeout=30_000)
    assert metric(app_page, "Trial") == "0"
    app_page.get_by_role("button", name="Step", exact=True).first.click()
    app_page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=stMetricValue]')].some(e => e.innerText.trim() === '1')")
    wait_idle(app_page)
    assert metric(app_page, "Trial") == "1"
    screenshot(app_page, "perceptron-step")
    press(app_page, "Play")
    frames = app_page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('.js-plotly-plot')].map(p => (p._transitionData && p._transitionData._frames || []).length))")
    assert frames >= 2
    screenshot(app_page, "perceptron-play")


@pytest.mark.parametrize("path", PAGES)
def test_every_page_renders_at_1280x720(app_page, server_url, path):
    open_page(app_page, server_url, path)
    assert app_page.locator("h1").count() >= 1
    screenshot(app_page, f"page-{path or 'home'}")


def test_step_redraws_the_boundary_in_place_and_keeps_the_zoom(app_page, server_url):
    """The boundary chart survives a Step (components/plotly_view.py): the same plotly.js div is
    updated with the new trial, so a zoom the user made is kept (layout.uirevision); the point
    clouds, drawn on a layer of their own above it, stay aligned with it."""
    open_thin_margin_story(app_page, server_url)
    step = app_page.get_by_role("button", name="Step", exact=True).first
    step.click()
    app_page.wait_for_function("() => /after trial 1(?![0-9])/.test("
                               "document.querySelector('.js-plotly-plot')?.layout?.title?.text || '')")
    wait_idle(app_page)
    full = app_page.evaluate("""() => { const chart = document.querySelector('.js-plotly-plot');
        chart.__marked = true; return chart._fullLayout.xaxis.range; }""")
    # zoom as a user does: drag a box over the plot
    box = app_page.locator(".js-plotly-plot .nsewdrag").first.bounding_box()
    app_page.mouse.move(box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.3)
    app_page.mouse.down()
    app_page.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.5, steps=8)
    app_page.mouse.move(box["x"] + box["width"] * 0.6, box["y"] + box["height"] * 0.6, steps=8)
    app_page.mouse.up()
    zoomed = app_page.evaluate("() => document.querySelector('.js-plotly-plot')._fullLayout.xaxis.range")
    step.click()
    app_page.wait_for_function("() => /after trial 2(?![0-9])/.test("
                               "document.querySelector('.js-plotly-plot')?.layout?.title?.text || '')")
    wait_idle(app_page)
    chart = app_page.evaluate("""() => { const chart = document.querySelector('.js-plotly-plot');
        return {same: chart.__marked === true, range: chart._fullLayout.xaxis.range}; }""")
    assert chart["same"], "the boundary chart was replaced instead of updated"
    assert chart["range"] == pytest.approx(zoomed), f"the zoom {zoomed} was lost: {chart['range']}"
    # the points' layer above the boundary lines up with it exactly, zoom included
    layers = app_page.evaluate("""() => [...document.querySelector('.mbl-plotly').querySelectorAll('.js-plotly-plot')]
        .map(c => ({size: c._fullLayout._size, x: c._fullLayout.xaxis.range, y: c._fullLayout.yaxis.range,
                    points: c.data.some(t => t.meta === 'points')}))""")
    assert [layer["points"] for layer in layers] == [False, True]
    assert layers[0]["size"] == layers[1]["size"]
    assert layers[0]["x"] == pytest.approx(layers[1]["x"]) and layers[0]["y"] == pytest.approx(layers[1]["y"])
    assert zoomed[1] - zoomed[0] < 0.5 * (full[1] - full[0]), "the drag did zoom in"
    # each axis title is shown once, not once per layer (two copies a few pixels apart read as a blur)
    titles = app_page.evaluate("""() => [...document.querySelector('.mbl-plotly').querySelectorAll(
            '.g-xtitle text, .g-ytitle text')]
        .filter(t => { const style = getComputedStyle(t);
            return Number(style.fillOpacity) > 0 && Number(style.opacity) > 0 && !/rgba\\(.*, 0\\)$/.test(style.fill); })
        .map(t => t.textContent)""")
    assert sorted(titles) == ["x₁", "x₂"], titles


def test_play_starts_the_animation_by_itself_and_step_takes_over_after_it(app_page, server_url):
    open_thin_margin_story(app_page, server_url)
    press(app_page, "Play")
    # nobody presses the chart's own ▶ Play: the slider's current value moves past trial 0 by itself
    app_page.wait_for_function(
        "() => { const chart = document.querySelector('.js-plotly-plot');"
        " return chart && chart._fullLayout && chart._fullLayout.sliders"
        " && chart._fullLayout.sliders[0].active > 0; }", timeout=30_000)
    # Reset, then Step: the animation gives way to the boundary of trial 1 in the same chart
    app_page.get_by_role("button", name="Reset", exact=True).first.click()
    wait_idle(app_page)
    app_page.get_by_role("button", name="Step", exact=True).first.click()
    app_page.wait_for_function("() => /after trial 1(?![0-9])/.test("
                               "document.querySelector('.js-plotly-plot')?.layout?.title?.text || '')")
    wait_idle(app_page)
    assert metric(app_page, "Trial") == "1"
    frames = app_page.evaluate("() => (document.querySelector('.js-plotly-plot')._transitionData._frames || []).length")
    assert frames == 0, "the step figure carries no frames"


ANIMATION_LAYERS = """() => [...document.querySelectorAll('.mbl-plotly-chart')]
    .filter(div => div._fullLayout && div.style.display !== 'none')
    .map(div => ({points: div.classList.contains('mbl-plotly-points'),
                  frames: (div._transitionData && div._transitionData._frames || []).length,
                  size: JSON.stringify(div._fullLayout._size)}))"""


def test_an_animation_moves_the_boundary_layer_under_the_points_and_its_controls_take_real_clicks(
        app_page, server_url):
    """The frames go to the layer below, the point clouds stay on the transparent layer above (an
    animation frame does not repaint every marker); the figure's own ▶ Play, drawn below, still takes a
    mouse click through the layer above, and the points above still answer the mouse (hover)."""
    open_thin_margin_story(app_page, server_url)
    press(app_page, "Play")
    app_page.wait_for_function("() => { const c = document.querySelector('.js-plotly-plot');"
                               " return c && c._transitionData && (c._transitionData._frames || []).length > 1; }",
                               timeout=30_000)
    layers = app_page.evaluate(ANIMATION_LAYERS)[:2]
    assert [layer["points"] for layer in layers] == [False, True], layers
    assert layers[0]["frames"] > 1 and layers[1]["frames"] == 0, layers
    assert layers[0]["size"] == layers[1]["size"], "the two layers' plot areas differ"
    app_page.wait_for_timeout(4_000)                     # the autoplay has ended

    app_page.evaluate("() => { window.__frames = 0; document.querySelector('.js-plotly-plot')"
                      ".on('plotly_animatingframe', () => window.__frames++); }")
    play = app_page.locator(".updatemenu-button", has_text="Play").first.bounding_box()
    app_page.mouse.click(play["x"] + play["width"] / 2, play["y"] + play["height"] / 2)
    app_page.wait_for_function("() => window.__frames > 0", timeout=10_000)

    # hover the first point of the cloud: plotly.js shows its label on the layer above
    marker = app_page.locator(".mbl-plotly-points .scatterlayer .point").first.bounding_box()
    app_page.mouse.move(marker["x"] + marker["width"] / 2, marker["y"] + marker["height"] / 2)
    app_page.locator(".mbl-plotly-points .hoverlayer .hovertext").first.wait_for(timeout=10_000)
    screenshot(app_page, "perceptron-animation-hover", full_page=False)


def test_no_page_asks_for_anything_outside_the_server(app_page, server_url):
    """Offline classrooms: every page, with a story's data and a Play, loads only from the lab's server."""
    from urllib.parse import urlparse

    server = urlparse(server_url).netloc
    outside = []
    app_page.on("request", lambda request: outside.append(request.url)
                if urlparse(request.url).scheme in ("http", "https", "ws", "wss")
                and urlparse(request.url).netloc != server else None)
    open_thin_margin_story(app_page, server_url)
    press(app_page, "Play")
    for path in PAGES:
        open_page(app_page, server_url, path)
    assert outside == [], outside
