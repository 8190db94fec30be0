"""The Paper lab in headless Chromium: a long run shows its progress and stops at once on Stop;
priority-figures draws its regions, and Lemma 4 its own text, its point in the link; the Priority page draws
every method side by side."""

import time

import pytest

from tests.parallel import TIMED

from .conftest import IDLE, screenshot, wait_idle

pytestmark = [pytest.mark.browser, TIMED]


def choose_experiment(page, name: str) -> None:
    page.locator(".st-key-paper_experiment").click()
    page.keyboard.type(name)                  # filtered: the list shows only the first options it holds
    page.get_by_role("option", name=name).first.click()
    wait_idle(page)


@pytest.mark.timed              # the seconds from Stop to the page idle: a marked suite (README)
def test_a_long_run_shows_progress_and_stops_within_seconds(page, server_url):
    page.goto(f"{server_url}/paper-lab")
    wait_idle(page)
    choose_experiment(page, "priority-table2")
    toggle = page.locator(".st-key-paper_quick input[type=checkbox]")
    assert toggle.is_checked()
    page.locator(".st-key-paper_quick label").first.click()                  # the full version: minutes
    wait_idle(page)
    assert not toggle.is_checked()
    page.get_by_role("button", name="Run").click()
    bar = page.locator('[data-testid="stProgress"]')
    bar.wait_for(timeout=30_000)
    # the bar moves: its text names the fold being run
    page.wait_for_function(
        "() => /fold [0-9]+\\/10/.test(document.querySelector('[data-testid=stProgress]')?.innerText || '')",
        timeout=60_000)
    assert page.locator(f'[data-testid="stApp"][data-test-script-state="running"]').count() == 1
    screenshot(page, "paper-lab-running", full_page=False)
    pressed = time.monotonic()
    page.get_by_role("button", name="Stop").click()
    page.wait_for_selector(IDLE, timeout=10_000)
    warning = page.locator('[data-testid="stAlertContentWarning"]')
    warning.wait_for(timeout=10_000)
    elapsed = time.monotonic() - pressed
    wait_idle(page)
    assert "Stopped" in warning.inner_text() and "priority-table2" in warning.inner_text()
    assert elapsed < 10, f"the run took {elapsed:.1f} s to stop"
    assert page.locator('[data-testid="stProgress"]').count() == 0
    assert page.locator('[data-testid="stDataFrame"]').count() == 0, "a stopped run shows no results"
    screenshot(page, "paper-lab-stopped", full_page=False)


def test_priority_figures_are_drawn_and_lemma4_shows_no_help_output(page, server_url):
    page.goto(f"{server_url}/paper-lab")
    wait_idle(page)
    choose_experiment(page, "priority-figures")
    page.get_by_role("button", name="Run").click()
    charts = page.locator('.mbl-figure[data-drawn="1"]')   # drawn by the lab's plotly.js (components/figure.py)
    try:
        charts.nth(3).wait_for(timeout=120_000)     # the run may start a moment after the click
    finally:
        screenshot(page, "paper-lab-priority-figures-run", full_page=False)
    wait_idle(page, timeout=120_000)
    assert charts.count() == 4, "one side-by-side figure per priority vector"
    assert page.get_by_text("What the paper says").count() == 4
    # (a second Run, replayed from st.cache_data, is tests/test_app.py's: the same results, no exception)
    charts.nth(1).scroll_into_view_if_needed()
    screenshot(page, "paper-lab-priority-figures", full_page=True)
    # Lemma 4 on the same page: its text and formulas only (it printed Streamlit's API documentation 30 times,
    # 63,528 px), and its point in the address bar
    choose_experiment(page, "lemma4")
    page.wait_for_function("() => new URLSearchParams(location.search).get('costs') === '1,10'", timeout=20_000)
    assert page.locator('[data-testid="stHelp"]').count() == 0
    height = page.evaluate("document.querySelector('[data-testid=stMain]').scrollHeight")
    assert height < 5000, f"the Lemma 4 page is {height} px tall"


def test_priority_page_draws_every_method_side_by_side(page, server_url):
    page.goto(server_url)
    wait_idle(page)
    page.locator(".st-key-story_priority button").click()
    page.wait_for_url("**/priority", timeout=30_000)
    wait_idle(page, timeout=60_000)
    chart = page.locator(".st-key-priority_regions")
    chart.wait_for(timeout=30_000)
    # ours (two solvers) and the four baselines are drawn in two charts, ours first; a chart element can
    # be on the page a moment before plotly.js has drawn into it, so wait for every panel's title
    titles_js = (
        "() => [...document.querySelectorAll('.st-key-priority_ours .js-plotly-plot, "
        ".st-key-priority_regions .js-plotly-plot')]"
        ".filter(p => p._fullLayout).flatMap(p => (p.layout.annotations || []).map(a => a.text))"
        ".filter(t => t.includes('θ-cost'))")
    try:
        page.wait_for_function(f"({titles_js})().length >= 6", timeout=30_000)
    except Exception:
        pass  # the assertion below says what was drawn
    titles = page.evaluate(titles_js)
    assert len(titles) == 6, titles
    assert sum(t.startswith("ours") or "ours" in t.lower() for t in titles) == 2, titles
    chart.scroll_into_view_if_needed()
    screenshot(page, "priority-regions", full_page=True)
