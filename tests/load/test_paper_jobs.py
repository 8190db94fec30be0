"""Load: long experiments do not belong to the request thread (issue 19).

The Paper lab's full-size runs (priority-table2: ~20 minutes of CPU) execute in the job pool's worker
processes (lab/jobs.py), niced, at most one per core, the rest queued with their position shown.

* Two full runs started from two tabs, both tabs closed: the server and all its processes use < 5 CPU-s
  over the next 30 s (the runs' workers were killed with their sessions).
* Three full runs queued (two run, one waits): a bystander opening a story (a server round trip: the
  page's script and its run's payload) and stepping (in the browser) is within 2× of an idle server.

Each test starts its own server, so the CPU measured is its own.  Run separately::

    python3 -m pytest -q -s -m load tests/load/test_paper_jobs.py
"""

from __future__ import annotations

import statistics
import time

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, VIEWPORT, _stop, free_port, start_server, wait_idle
from tests.browser.player import focus_page, open_story, trial
from tests.browser.test_paper_lab import choose_experiment
from tests.load.test_many_users import tree_cpu_seconds

pytestmark = pytest.mark.load

QUIET_SECONDS = 30
QUIET_CPU = 5.0
REPEATS = 3
STEPS = 10


@pytest.fixture
def own_server():
    port = free_port()
    server = start_server(ROOT / "app.py", port)
    yield server, f"http://127.0.0.1:{port}"
    _stop(server)


def start_full_run(browser, url: str, seed: int):
    """A tab that starts the full priority-table2 with ``seed``; returns (context, page) once it is
    running or queued."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(f"{url}/paper-lab")
    wait_idle(page)
    choose_experiment(page, "priority-table2")
    page.locator(".st-key-paper_quick label").first.click()
    wait_idle(page)
    seed_box = page.locator(".st-key-paper_seed input")
    seed_box.fill(str(seed))
    seed_box.press("Enter")
    wait_idle(page)
    page.get_by_role("button", name="Run").click()
    page.wait_for_function(
        "() => /fold [0-9]+\\/10|waiting for a free worker/.test("
        "document.querySelector('[data-testid=stProgress]')?.innerText || '')", timeout=120_000)
    return context, page


def bar_text(page) -> str:
    return page.locator('[data-testid="stProgress"]').inner_text()


STEP_TIME = """async (count) => {
  const root = document.querySelector('.mbl-tl');
  const times = [];
  for (let i = 0; i < count; i++) {
    const before = root.dataset.trial;
    const start = performance.now();
    document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
    while (root.dataset.trial === before) { await new Promise((r) => requestAnimationFrame(r)); }
    times.push(performance.now() - start);
  }
  return times;
}"""


def bystander(browser, url: str) -> tuple[float, float]:
    """(seconds to open a story until its player is drawn, median ms of a step) of a new visitor."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        start = time.monotonic()
        open_story(page, url, "noise", "perceptron")
        opened = time.monotonic() - start
        focus_page(page)
        first = trial(page)
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => Number(document.querySelector('.mbl-tl').dataset.trial) > {first}")
        steps = page.evaluate(STEP_TIME, STEPS)
        return opened, statistics.median(steps)
    finally:
        context.close()


def test_closing_the_tabs_of_two_full_runs_stops_their_work(own_server):
    from playwright.sync_api import sync_playwright

    server, url = own_server
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        tabs = [start_full_run(browser, url, seed) for seed in (1, 2)]
        for _, page in tabs:
            page.wait_for_function("() => /fold [0-9]+\\/10/.test("
                                   "document.querySelector('[data-testid=stProgress]')?.innerText || '')",
                                   timeout=120_000)
        busy = tree_cpu_seconds(server.pid)
        time.sleep(5)
        busy = tree_cpu_seconds(server.pid) - busy
        for context, _ in tabs:
            context.close()
        time.sleep(2)
        start = tree_cpu_seconds(server.pid)
        time.sleep(QUIET_SECONDS)
        quiet = tree_cpu_seconds(server.pid) - start
        browser.close()
    print(f"\nserver and workers: {busy:.1f} CPU-s in 5 s with two full runs; {quiet:.2f} CPU-s in the "
          f"{QUIET_SECONDS} s after both tabs closed")
    assert busy > 5.0, "two full runs should keep both cores busy"
    assert quiet < QUIET_CPU


def test_a_bystander_is_served_as_fast_while_three_full_runs_are_queued(own_server):
    from playwright.sync_api import sync_playwright

    server, url = own_server
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        bystander(browser, url)                                   # warm: imports, the story's cached run
        idle = [bystander(browser, url) for _ in range(REPEATS)]
        tabs = [start_full_run(browser, url, seed) for seed in (1, 2, 3)]
        texts = [bar_text(page) for _, page in tabs]
        assert sum("waiting for a free worker" in text for text in texts) >= 1, texts
        busy = [bystander(browser, url) for _ in range(REPEATS)]
        still = [bar_text(page) for _, page in tabs]
        for context, _ in tabs:
            context.close()
        browser.close()
    idle_open, idle_step = statistics.median(o for o, _ in idle), statistics.median(s for _, s in idle)
    busy_open, busy_step = statistics.median(o for o, _ in busy), statistics.median(s for _, s in busy)
    print(f"\nbystander, idle server: open a story {idle_open:.2f} s, a step {idle_step:.1f} ms; with three full "
          f"runs queued ({'; '.join(texts)}): open {busy_open:.2f} s, a step {busy_step:.1f} ms")
    assert sum("fold" in text for text in still) >= 1, "the full runs should still be running"
    assert busy_open <= 2 * idle_open
    assert busy_step <= 2 * max(idle_step, 1000 / 60)          # a step is drawn at the next frame (~17 ms)
