"""Interaction in headless Chromium against a real ``streamlit run`` server, and the server's memory.

Every figure below is measured from the outside, as a user would see it:
Playwright drives Debian's Chromium (``/usr/bin/chromium``) against
``python -m streamlit run app.py`` started on a free port.  The server is
warmed first by one visit to the Home page (Python imports, compiled loops),
so the figures describe a running lab, not its start-up.

Step and Back (targets: median ≤ 30 ms, p90 ≤ 50 ms with 1,000 points; no websocket message)
    A fresh session imports 1,000 points (two Gaussian clouds, CSV upload on the Data page),
    opens the Perceptron page through the sidebar and waits for its player.  Then, 25 times
    each, timed inside the page with ``performance.now()``: a → (Step) or ← (Back) key event is
    dispatched, and the clock stops after the next frame has been produced (an animation
    frame, then a task) — checked to show the new trial in the boundary's title, the trial's
    math and the curves' cursor.  The websocket frames the page sends meanwhile are counted
    (Chrome DevTools protocol): a Step happens in the browser.

Play and scrubbing (target: ≥ 30 frames/s with 1,000 points)
    Play at 250 trials/s: the frames in which the player showed a new trial, per second,
    over three seconds.  Scrubbing: the slider is moved on every animation frame for three
    seconds (an ``input`` event each time, as a dragging hand sends them); frames per second.

Cold load (target: ≤ 3 s per page)
    Once the warm-up visit's background work on the server (the preload of
    the learners, ``ui/preload.py``) is over — the server process uses no
    CPU for half a second — for every page, a new browser context (empty
    cache, new session) opens its URL; the clock stops when the page's title
    (``h1``) is shown and the script is idle (the moment it is first seen idle,
    confirmed 250 ms later; the confirming pause is not counted).

Memory (target: ≤ 150 MB added by one session)
    On a separate, fresh server (warmed as above, and by one small session): the server
    process's resident memory (``VmRSS`` of ``/proc/<pid>/status``) before a new session, and
    its peak while that session imports 5,000 points and its page builds the 5,000-trial run.

When Chromium or Playwright is missing every browser figure is printed as
skipped — a miss, never a silent pass.
"""

from __future__ import annotations

import math
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

import numpy as np

from .measure import Figure

PAGES = ["", "data", "perceptron", "winnow", "experts", "multiclass", "priority", "paper-lab"]
STEP_POINTS, STEP_REPEATS, STEP_WARMUP = 1000, 25, 3
MEMORY_POINTS = 5000
TIMEOUT_MS = 120_000

STEP_MEDIAN_MS, STEP_P90_MS, FPS_TARGET = 30, 50, 30
COLD_TARGET_S, MEMORY_TARGET_MB = 3.0, 150

#: JavaScript: dispatch a key, resolve after the next frame with the milliseconds it took and whether
#: the boundary's title, the trial's math and the curves' cursor all show the expected trial
KEY_TIMED = """(key) => new Promise((resolve) => {
    const root = document.querySelector('.mbl-tl');
    const expected = Number(root.dataset.trial) + (key === 'ArrowRight' ? 1 : -1);
    const start = performance.now();
    document.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
    requestAnimationFrame(() => setTimeout(() => resolve({
        ms: performance.now() - start,
        shown: Number(root.dataset.trial) === expected
            && root.querySelector('.mbl-tl-title').textContent.startsWith('after trial ' + expected)
            && root.querySelector('.mbl-tl-mathhead').textContent.startsWith('Trial ' + expected + ' ')
            && root.querySelector('.mbl-tl-curvesplot').dataset.cursor === String(expected)}), 0));
})"""

#: JavaScript: frames per second over ``seconds`` in which the player showed a new trial, while Play runs
PLAY_FPS = """(seconds) => new Promise((resolve) => {
    const root = document.querySelector('.mbl-tl');
    document.querySelector('.mbl-tl-bar select').value = '250';
    document.querySelector('.mbl-tl-bar select').dispatchEvent(new Event('change'));
    document.dispatchEvent(new KeyboardEvent('keydown', {key: 'Home', bubbles: true}));
    document.dispatchEvent(new KeyboardEvent('keydown', {key: ' ', bubbles: true}));
    let last = root.dataset.trial, frames = 0;
    const start = performance.now();
    const watch = () => {
        if (root.dataset.trial !== last) { frames += 1; last = root.dataset.trial; }
        if (performance.now() - start < seconds * 1000) requestAnimationFrame(watch);
        else { document.dispatchEvent(new KeyboardEvent('keydown', {key: ' ', bubbles: true}));
               resolve({fps: frames / seconds, trial: Number(last)}); }
    };
    requestAnimationFrame(watch);
})"""

#: JavaScript: move the scrub slider on every animation frame for ``seconds``; frames per second
SCRUB_FPS = """(seconds) => new Promise((resolve) => {
    const slider = document.querySelector('.mbl-tl-scrub');
    const root = document.querySelector('.mbl-tl');
    let frames = 0, value = 0, shown = true;
    const start = performance.now();
    const move = () => {
        value = (value + 7) % (Number(slider.max) + 1);
        slider.value = String(value);
        slider.dispatchEvent(new Event('input'));
        shown = shown && Number(root.dataset.trial) === value;
        frames += 1;
        if (performance.now() - start < seconds * 1000) requestAnimationFrame(move);
        else resolve({fps: frames / ((performance.now() - start) / 1000), shown});
    };
    requestAnimationFrame(move);
})"""


def skipped(reason: str) -> list[Figure]:
    """Every browser figure as a miss, saying why it was not measured."""
    names = [("Step (→): key → boundary, math, cursor; 1,000 points (median)", STEP_MEDIAN_MS, "ms", False),
             ("Step (→): p90", STEP_P90_MS, "ms", False),
             ("Back (←): median", STEP_MEDIAN_MS, "ms", False),
             ("Websocket messages sent while stepping", 0, "", False),
             ("Play: frames per second, 1,000 points", FPS_TARGET, "fps", True),
             ("Scrubbing: frames per second, 1,000 points", FPS_TARGET, "fps", True),
             ("Cold load, slowest page", COLD_TARGET_S, "s", False),
             ("Memory added by a session: 5,000 points, 5,000-trial run", MEMORY_TARGET_MB, "MB", False)]
    return [Figure(name, math.nan, target, unit, higher_is_better=higher, note=f"skipped: {reason}")
            for name, target, unit, higher in names]


def run() -> list[Figure]:
    try:
        from playwright.sync_api import sync_playwright
        from tests.browser.conftest import CHROMIUM
    except ImportError as error:
        return skipped(f"{error} (pip install -r requirements-dev.txt)")
    if not Path(CHROMIUM).exists():
        return skipped(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        csv = {n: write_points(Path(folder), n) for n in (STEP_POINTS, MEMORY_POINTS, 40)}
        browser = launch(playwright)
        try:
            with Server() as server:
                figures = cold_loads(browser, server)
                figures += stepping(browser, server, csv[STEP_POINTS])
            with Server() as server:
                figures += memory(browser, server, csv)
        finally:
            browser.close()
    return figures


# ------------------------------------------------------------------ set-up
def write_points(folder: Path, n: int) -> Path:
    """n points in two overlapping Gaussian clouds (seeded), as a CSV the Data page imports."""
    from datasets.csv_io import write_points_csv
    from datasets.pointset import PointSet

    rng = np.random.default_rng(n)
    labels = rng.integers(0, 2, n)
    X = rng.normal(size=(n, 2)) + np.where(labels[:, None] == 1, 1.2, -1.2)
    path = folder / f"points_{n}.csv"
    path.write_text(write_points_csv(PointSet.from_arrays(X, labels)))
    return path


def launch(playwright):
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


class Server:
    """``streamlit run app.py`` on a free port (the test suite's starter), warmed by one Home visit."""

    def __enter__(self):
        from tests.browser.conftest import ROOT, free_port, start_server

        port = free_port()
        self.process = start_server(ROOT / "app.py", port)
        self.url = f"http://127.0.0.1:{port}"
        self.pid = self.process.pid
        return self

    def __exit__(self, *exc):
        from tests.browser.conftest import _stop

        _stop(self.process)

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far (``/proc/<pid>/stat``)."""
        fields = open(f"/proc/{self.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def wait_until_idle(self, quiet: float = 0.05, period: float = 0.5, timeout: float = 60.0) -> None:
        """Return once the server used less than ``quiet`` CPU seconds in ``period`` (or after ``timeout``):
        its start-up work in the background, the preload of the learners, is over."""
        deadline = time.monotonic() + timeout
        before = self.cpu_seconds()
        while time.monotonic() < deadline:
            time.sleep(period)
            now = self.cpu_seconds()
            if now - before < quiet:
                return
            before = now

    def rss_mb(self) -> float:
        for line in open(f"/proc/{self.pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return math.nan


def new_page(browser):
    """A new browser context (an empty HTTP cache) and its tab, watching the websocket as the tests' pages do
    (``tests.browser.conftest.WIRE_WATCH``: what :func:`idle` waits on)."""
    from tests.browser.conftest import VIEWPORT, WIRE_WATCH

    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(WIRE_WATCH)
    return context, context.new_page()


def idle(page) -> None:
    from tests.browser.conftest import wait_for_idle

    wait_for_idle(page, TIMEOUT_MS)


def load_points(page, server, csv: Path) -> None:
    """Import a CSV on the Data page and open the Perceptron page through the sidebar (same session)."""
    from tests.browser.conftest import wait_for_metric

    page.goto(f"{server.url}/data")
    idle(page)
    page.locator('[data-testid="stFileUploader"] input[type=file]').set_input_files(str(csv))
    page.get_by_role("button", name="Import", exact=True).click()
    rows = sum(1 for _ in open(csv)) - 1
    wait_for_metric(page, "Points", str(rows), TIMEOUT_MS)
    page.get_by_role("link", name="Perceptron").first.click()
    # ready as a user sees it: the player has drawn the run (plotly.js, 4.7 MB, is fetched and compiled
    # after the script is idle; a key during that would time the page's loading, not the key)
    from tests.browser.player import wait_for_player

    wait_for_player(page, TIMEOUT_MS)


def idle_since(page) -> float:
    """The ``time.perf_counter()`` at which the script was seen idle, confirmed idle 250 ms later
    (a rerun that starts in between moves it to the later idle moment); the pause is not counted."""
    from tests.browser.conftest import IDLE

    while True:
        page.wait_for_selector(IDLE, timeout=TIMEOUT_MS)
        seen = time.perf_counter()
        page.wait_for_timeout(250)
        if page.locator(IDLE).count():
            return seen


# ------------------------------------------------------------------ figures
def cold_loads(browser, server) -> list[Figure]:
    context, page = new_page(browser)          # warm the server: imports, compiled loops
    start = time.perf_counter()
    page.goto(server.url)
    idle(page)
    first = time.perf_counter() - start
    context.close()
    server.wait_until_idle()                   # its background preload (ui/preload.py) has finished
    times = {}
    for path in PAGES:
        context, page = new_page(browser)
        start = time.perf_counter()
        page.goto(f"{server.url}/{path}")
        page.locator("h1").first.wait_for(timeout=TIMEOUT_MS)
        times[path or "home"] = idle_since(page) - start
        idle(page)                              # (and no exception is shown)
        context.close()
    slowest = max(times, key=times.get)
    figures = [Figure("Cold load, slowest page (its script done)", times[slowest], COLD_TARGET_S, "s",
                      note=f"{slowest}; " + ", ".join(f"{name} {value:.1f}" for name, value in times.items()))]
    ready = player_ready_times(browser, server)
    latest = max(ready, key=ready.get)
    figures.append(Figure("A link opens a ready player, slowest stepping page", ready[latest], math.inf, "s",
                          note=f"{latest}; " + ", ".join(f"{name} {value:.1f}" for name, value in ready.items())))
    figures.append(Figure("First page after the server starts (imports)", first, math.inf, "s"))
    return figures


#: a stepping page opened by a link with its example (a story; Winnow's own example: its story is the
#: high-dimensional experiment, no player), as a student opens a teacher's link
STEPPING_LINKS = {"perceptron": "perceptron?story=thin-margin", "winnow": "winnow",
                  "experts": "experts?story=perfect-expert", "multiclass": "multiclass?story=four-classes",
                  "priority": "priority?story=priority"}


def player_ready_times(browser, server) -> dict:
    """Seconds from opening each stepping page's link in a new browser context (an empty HTTP cache) until its
    player is ready as a student sees it: the run drawn, its trial shown, the curves laid out, the script
    idle (``tests.browser.player.wait_for_player``) — not only the script's end, which comes seconds before
    (plotly.js is fetched and compiled after it)."""
    from tests.browser.player import wait_for_player

    times = {}
    for name, link in STEPPING_LINKS.items():
        context, page = new_page(browser)
        start = time.perf_counter()
        page.goto(f"{server.url}/{link}")
        wait_for_player(page, TIMEOUT_MS)
        times[name] = time.perf_counter() - start
        context.close()
    return times


def stepping(browser, server, csv: Path) -> list[Figure]:
    context, page = new_page(browser)
    load_points(page, server, csv)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    sent = []
    cdp.on("Network.webSocketFrameSent", lambda event: sent.append(event))
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for _ in range(STEP_WARMUP):
        page.evaluate(KEY_TIMED, "ArrowRight")
    sent.clear()
    steps = [page.evaluate(KEY_TIMED, "ArrowRight") for _ in range(STEP_REPEATS)]
    backs = [page.evaluate(KEY_TIMED, "ArrowLeft") for _ in range(STEP_REPEATS)]
    page.wait_for_timeout(500)
    messages = len(sent)
    play = page.evaluate(PLAY_FPS, 3)
    scrub = page.evaluate(SCRUB_FPS, 3)
    context.close()
    step_ms, back_ms = [s["ms"] for s in steps], [b["ms"] for b in backs]
    wrong = sum(not s["shown"] for s in steps + backs)
    note = f"{len(steps)} steps" + (f"; {wrong} did not show the trial in every panel" if wrong else "")
    return [Figure("Step (→): key → boundary, math, cursor; 1,000 points (median)", statistics.median(step_ms) if not wrong
                   else math.nan, STEP_MEDIAN_MS, "ms", note=note),
            Figure("Step (→): p90", statistics.quantiles(step_ms, n=10)[-1], STEP_P90_MS, "ms"),
            Figure("Back (←): median", statistics.median(back_ms), STEP_MEDIAN_MS, "ms",
                   note=f"p90 {statistics.quantiles(back_ms, n=10)[-1]:.1f} ms"),
            Figure("Websocket messages sent while stepping", messages, 0, "", note="50 key presses"),
            Figure("Play: frames per second, 1,000 points", play["fps"], FPS_TARGET, "fps", higher_is_better=True,
                   note=f"at 250 trials/s; reached trial {play['trial']}"),
            Figure("Scrubbing: frames per second, 1,000 points", scrub["fps"] if scrub["shown"] else math.nan,
                   FPS_TARGET, "fps", higher_is_better=True)]


def memory(browser, server, csv: dict) -> list[Figure]:
    context, page = new_page(browser)          # warm: imports, compiled loops, a first run and its player
    load_points(page, server, csv[40])
    context.close()
    time.sleep(2)
    before = server.rss_mb()
    peak = [before]
    stop = threading.Event()

    def watch():
        while not stop.is_set():
            peak[0] = max(peak[0], server.rss_mb())
            time.sleep(0.1)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        context, page = new_page(browser)
        load_points(page, server, csv[MEMORY_POINTS])
        trials = int(page.eval_on_selector(".mbl-tl-scrub", "slider => slider.max"))
        time.sleep(1)
        after = server.rss_mb()
        context.close()
    finally:
        stop.set()
        watcher.join()
    return [Figure("Memory added by a session: 5,000 points, 5,000-trial run", max(peak[0], after) - before,
                   MEMORY_TARGET_MB, "MB", note=f"server RSS {before:.0f} → peak {peak[0]:.0f} MB, {trials} trials")]
