"""The lab in a real headless Chromium against a `streamlit run` server: the Data page's canvas, every
page at 1280×720, and nothing asked of any other server (the player's own tests are in
test_timeline_in_chromium.py)."""

import pytest

from .conftest import metric, screenshot, wait_idle
from .player import focus_page, press, trial, wait_for_player

pytestmark = pytest.mark.browser

PAGES = ["", "data", "perceptron", "winnow", "experts", "multiclass", "priority", "paper-lab"]


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


@pytest.mark.parametrize("path", PAGES)
def test_every_page_renders_at_1280x720_from_the_server_alone(app_page, server_url, path):
    """Each page renders (its player drawn, not half-loaded) and, for offline classrooms, asks nothing of any
    host but the lab's server."""
    outside = requests_outside(app_page, server_url)
    open_page(app_page, server_url, path)
    assert app_page.locator("h1").count() >= 1
    if app_page.locator(".mbl-tl-root").count():
        wait_for_player(app_page)
    screenshot(app_page, f"page-{path or 'home'}")
    assert outside == [], outside


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
