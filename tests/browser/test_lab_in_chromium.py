"""The lab in a real headless Chromium against a `streamlit run` server: the Data page's canvas, every
page at 1280×720, and nothing asked of any other server (the player's own tests are in
test_timeline_in_chromium.py).

Every page as opened is visited once, and everything checked of a page as opened is checked in that visit: it
renders, asks nothing of another host, offers nothing that would send data there, axe-core finds no violation
(test_accessibility.py checks the states a user reaches from there), and on a stepping page every bound is in view
in every size and in presentation mode (test_curves_in_view.py)."""

import pytest

from .conftest import metric, screenshot, wait_idle
from .player import focus_page, press, trial, wait_for_layout, wait_for_player
from .test_accessibility import AXE, axe_violations, described
from .test_curves_in_view import STEPPING_PAGES, assert_bounds_in_view

pytestmark = pytest.mark.browser

PAGES = ["", "data", "perceptron", "winnow", "experts", "multiclass", "priority", "paper-lab", "lessons",
         "challenges"]


def open_page(page, url, path):
    page.goto(f"{url}/{path}")
    wait_idle(page)


def open_thin_margin_story(page, url):
    """Home's "thin margin" story: its points and the Perceptron page, ready to Step or Play."""
    open_page(page, url, "")
    page.locator(".st-key-story_thin-margin button").click()
    page.wait_for_url("**/perceptron**", timeout=30_000)
    wait_for_player(page)


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


def requests_outside(page, server_url) -> list[str]:
    """The list, filled as the page goes on, of the web requests it makes to any host but the lab's server."""
    from urllib.parse import urlparse

    server = urlparse(server_url).netloc
    outside = []
    page.on("request", lambda request: outside.append(request.url)
            if urlparse(request.url).scheme in ("http", "https", "ws", "wss")
            and urlparse(request.url).netloc != server else None)
    return outside


#: what a figure's toolbar (plotly.js's modebar) may offer: each happens in the browser (Streamlit adds its
#: Fullscreen); anything else — plotly.js's "Share chart…", which uploads the figure's data to Plotly Cloud, or
#: its logo, a link to plotly.com — would reach outside the lab's server (issue 34)
LOCAL_MODEBAR = {"Download plot", "Download plot as a PNG", "Zoom", "Pan", "Box Select",
                 "Lasso Select", "Zoom in", "Zoom out", "Autoscale", "Reset axes", "Reset view", "Toggle Spike Lines",
                 "Show closest data on hover", "Compare data on hover", "Fullscreen", "Close fullscreen"}
#: every drawn Plotly figure of the page (Streamlit's and the player's) with its modebar's buttons and links; null
#: while a Streamlit chart is not drawn yet
MODEBAR = """() => {
  if ([...document.querySelectorAll('[data-testid="stPlotlyChart"], .mbl-figure')].some((c) => !c.querySelector('.js-plotly-plot')?._fullLayout))
    return null;
  return [...document.querySelectorAll('.js-plotly-plot')].filter((p) => p._fullLayout).map((plot) => {
    const keyed = plot.closest('[class*="st-key-"]');
    return {figure: (keyed ? keyed.className.match(/st-key-\\S+/)[0] + ' ' : '') + String(plot.className),
            buttons: [...plot.querySelectorAll('.modebar-btn')].map((b) => b.getAttribute('data-title')),
            links: [...plot.querySelectorAll('.modebar a[href], .modebar-container a[href]')].map((a) => a.href),
            cloud: plot._context.showSendToCloud, server: plot._context.plotlyServerURL};
  });
}"""


def modebars(page) -> list[dict]:
    """The modebar of every Plotly figure drawn on ``page`` (:data:`MODEBAR`), once Streamlit's charts are drawn."""
    return page.wait_for_function(MODEBAR, timeout=30_000).json_value()


def assert_nothing_offered_outside(figures: list[dict]) -> None:
    """No figure's toolbar offers to send anything off the server (:data:`LOCAL_MODEBAR`), and none could."""
    offered = {figure["figure"]: sorted(set(figure["buttons"]) - LOCAL_MODEBAR) + figure["links"] for figure in figures}
    assert not any(offered.values()), offered
    for figure in figures:                       # nor would a button added later (plotly.js's own defaults)
        assert figure["cloud"] is False and figure["server"] == "", figure


@pytest.mark.parametrize("path", PAGES)
def test_every_page_renders_at_1280x720_from_the_server_alone(app_page, server_url, path):
    """Each page renders (its player drawn, not half-loaded) and, for offline classrooms, asks nothing of any
    host but the lab's server, nor offers to: no figure's toolbar has a control that sends data elsewhere.  Then, in
    the same visit, axe-core finds no WCAG 2.0/2.1 A or AA violation on the page as opened, and a stepping page keeps
    every bound in view (test_curves_in_view.py's measures)."""
    outside = requests_outside(app_page, server_url)
    open_page(app_page, server_url, path)
    assert app_page.locator("h1").count() >= 1
    player = app_page.locator(".mbl-tl-root").count() > 0
    if player:
        wait_for_player(app_page)
    screenshot(app_page, f"page-{path or 'home'}")
    assert outside == [], outside
    figures = modebars(app_page)
    assert_nothing_offered_outside(figures)
    if player:                       # the player's figures were listed: its boundary's or experts' and its curves
        assert any("mbl-tl-curvesplot" in figure["figure"] and figure["buttons"] for figure in figures), figures
    if AXE.is_file():
        wait_for_layout(app_page)                     # late styles (fonts, Plotly, components) are in place
        violations = axe_violations(app_page)
        assert not violations, described(f"/{path} opened", violations)
    if path in STEPPING_PAGES:
        assert_bounds_in_view(app_page, path)
    if not AXE.is_file():
        pytest.skip("axe-core is not installed (npm ci --prefix tests/a11y): the page was not checked by it")


def test_a_story_played_asks_for_nothing_outside_the_server(app_page, server_url):
    """Offline classrooms: a story's data and a Play load only from the lab's server (every page as opened:
    the test above)."""
    outside = requests_outside(app_page, server_url)
    open_thin_margin_story(app_page, server_url)
    focus_page(app_page)
    start = trial(app_page)
    press(app_page, " ")                                  # Play in the browser
    # the play has drawn ten trials (the requests of the boundary, math and curves it redraws were made)
    app_page.wait_for_function("(start) => Number(document.querySelector('.mbl-tl').dataset.trial) >= start + 10",
                               arg=start, timeout=30_000)
    assert outside == [], outside
