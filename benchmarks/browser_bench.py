"""Interaction in headless Chromium against a real ``streamlit run`` server, and the server's memory.

Every figure below is measured from the outside, as a user would see it:
Playwright drives Debian's Chromium (``/usr/bin/chromium``) against
``python -m streamlit run app.py`` started on a free port.  The server is
warmed first by one visit to the Home page (Python imports, compiled loops),
so the figures describe a running lab, not its start-up.

Step latency (target: median ≤ 200 ms with 1,000 points)
    A fresh session imports 1,000 points (two Gaussian clouds, CSV upload on
    the Data page), opens the Perceptron page through the sidebar, waits until
    its boundary chart is drawn, and presses Step three times to warm up.
    Then, 25 times, timed inside the page with ``performance.now()``: the
    clock starts when the Step button is clicked
    (``button.click()`` in the page, so Playwright's own round trips are not
    counted) and stops at the first animation frame where *both* the "Trial"
    metric shows the new trial number *and* the boundary chart has been drawn
    for it (its Plotly layout title reads "after trial n").  The bound curves
    and the trial's math, drawn after the boundary, are reported separately
    ("until the page is idle": Streamlit's script-state attribute says
    notRunning, timed from Python, so it includes a 250 ms settling pause of
    the idle check, subtracted).

Play of a 2,000-trial run (targets: computation and first frame ≤ 1.5 s, payload ≤ 2 MB, ≥ 30 frames/s)
    A fresh session imports 2,000 points, waits until the Perceptron page's
    boundary chart is drawn (as a user sees the page before pressing), and
    presses Play.  *Computation and first frame*: from the click until the
    chart in the page holds the animation frames and has been drawn
    (Plotly's ``plotly_afterplot``).
    *Payload*: the largest websocket message the server sent for that rerun.
    *Playback*: Plotly's own ▶ Play button is clicked and the
    ``plotly_animatingframe`` events are timed until ``plotly_animated``:
    frames shown per second of playback.

Cold load (target: ≤ 3 s per page)
    Once the warm-up visit's background work on the server (the preload of
    the learners, ``ui/preload.py``) is over — the server process uses no
    CPU for half a second — for every page, a new browser context (empty
    cache, new session) opens its URL; the clock stops when the page's title
    (``h1``) is shown and the script is idle (the moment it is first seen idle,
    confirmed 250 ms later; the confirming pause is not counted).

Memory (target: ≤ 150 MB added by one session)
    On a separate, fresh server (warmed as above, and by one small session that
    steps and plays): the server process's resident memory (``VmRSS`` of
    ``/proc/<pid>/status``) before a new session, and its peak while that
    session imports 5,000 points and plays the whole 5,000-trial run.

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
PLAY_POINTS, MEMORY_POINTS = 2000, 5000
TIMEOUT_MS = 120_000

STEP_TARGET_MS, PLAY_TARGET_S, PAYLOAD_TARGET_MB, FPS_TARGET = 200, 1.5, 2.0, 30
COLD_TARGET_S, MEMORY_TARGET_MB = 3.0, 150

#: JavaScript: click Step, then resolve with the milliseconds until the Trial metric shows n and the
#: boundary chart (the first Plotly chart of the page) has been drawn for trial n
STEP_AND_TIME = """(n) => new Promise((resolve, reject) => {
    const shows = () => {
        const values = [...document.querySelectorAll('[data-testid=stMetricValue]')].map(e => e.innerText.trim());
        const chart = document.querySelector('.js-plotly-plot');
        const title = chart && chart._fullLayout && chart.layout && chart.layout.title ? String(chart.layout.title.text) : '';
        return values.includes(String(n)) && new RegExp('after trial ' + n + '(?![0-9])').test(title);
    };
    const button = [...document.querySelectorAll('button')].find(b => b.innerText.trim() === 'Step');
    if (!button) { reject(new Error('no Step button')); return; }
    const start = performance.now();
    button.click();
    const check = () => shows() ? resolve(performance.now() - start) : requestAnimationFrame(check);
    requestAnimationFrame(check);
})"""


#: JavaScript: the page's first Plotly chart (the boundary) has been drawn
BOUNDARY_DRAWN = """() => { const chart = document.querySelector('.js-plotly-plot');
    return !!(chart && chart._fullLayout && chart.layout && chart.layout.title); }"""


def skipped(reason: str) -> list[Figure]:
    """Every browser figure as a miss, saying why it was not measured."""
    names = [("Step: click → boundary redrawn, 1,000 points (median)", STEP_TARGET_MS, "ms", False),
             ("Play 2,000 trials: computation and first frame", PLAY_TARGET_S, "s", False),
             ("Play 2,000 trials: figure payload", PAYLOAD_TARGET_MB, "MB", False),
             ("Play 2,000 trials: playback", FPS_TARGET, "fps", True),
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
        csv = {n: write_points(Path(folder), n) for n in (STEP_POINTS, PLAY_POINTS, MEMORY_POINTS, 40)}
        browser = launch(playwright)
        try:
            with Server() as server:
                figures = cold_loads(browser, server)
                figures += step_latency(browser, server, csv[STEP_POINTS])
                figures += play(browser, server, csv[PLAY_POINTS])
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
    from tests.browser.conftest import VIEWPORT

    context = browser.new_context(viewport=VIEWPORT)
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
    page.get_by_role("button", name="Step", exact=True).first.wait_for(timeout=TIMEOUT_MS)
    idle(page)
    # ready as a user sees it: the boundary chart is drawn (plotly.js, 4.7 MB, is fetched and compiled
    # after the script is idle; a click during that would time the page's loading, not the click)
    page.wait_for_function(BOUNDARY_DRAWN, timeout=TIMEOUT_MS)


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


def trial_now(page) -> int:
    from tests.browser.conftest import metric

    return int(metric(page, "Trial"))


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
    figures = [Figure("Cold load, slowest page", times[slowest], COLD_TARGET_S, "s",
                      note=f"{slowest}; " + ", ".join(f"{name} {value:.1f}" for name, value in times.items()))]
    figures.append(Figure("First page after the server starts (imports)", first, math.inf, "s"))
    return figures


def step_latency(browser, server, csv: Path) -> list[Figure]:
    context, page = new_page(browser)
    load_points(page, server, csv)
    drawn, settled = [], []
    for repeat in range(STEP_WARMUP + STEP_REPEATS):
        target = trial_now(page) + 1
        start = time.perf_counter()
        shown = page.evaluate(STEP_AND_TIME, target) / 1e3
        idle(page)
        if repeat >= STEP_WARMUP:
            drawn.append(shown)
            settled.append(time.perf_counter() - start - 0.25)     # wait_for_idle pauses 250 ms to be sure
    context.close()
    p90 = statistics.quantiles(drawn, n=10)[-1]
    return [Figure("Step: click → boundary redrawn, 1,000 points (median)", statistics.median(drawn) * 1e3,
                   STEP_TARGET_MS, "ms", note=f"p90 {p90 * 1e3:.0f} ms, {len(drawn)} steps"),
            Figure("Step: click → page idle (curves, math), 1,000 points", statistics.median(settled) * 1e3,
                   math.inf, "ms")]


def play(browser, server, csv: Path) -> list[Figure]:
    context, page = new_page(browser)
    load_points(page, server, csv)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    sizes = []
    cdp.on("Network.webSocketFrameReceived", lambda event: sizes.append(frame_bytes(event["response"])))
    page.evaluate("""() => { window.__drawn = null;
        new MutationObserver(() => document.querySelectorAll('.js-plotly-plot').forEach(chart => {
            if (chart.on && !chart.__watched) { chart.__watched = true;
                chart.on('plotly_afterplot', () => {
                    const frames = chart._transitionData && chart._transitionData._frames;
                    if (frames && frames.length > 1 && window.__drawn === null) window.__drawn = performance.now(); }); }
        })).observe(document.body, {subtree: true, childList: true}); }""")
    sizes.clear()
    start_js = page.evaluate("() => performance.now()")
    page.get_by_role("button", name="Play", exact=True).first.click()
    page.wait_for_function("() => window.__drawn !== null", polling="raf", timeout=TIMEOUT_MS)
    first_frame = (page.evaluate("() => window.__drawn") - start_js) / 1e3
    idle(page)
    payload = max(sizes) / 1e6 if sizes else math.nan
    trials = trial_now(page)
    fps, frames = playback(page)
    context.close()
    return [Figure("Play 2,000 trials: computation and first frame", first_frame, PLAY_TARGET_S, "s",
                   note=f"{trials} trials played"),
            Figure("Play 2,000 trials: figure payload", payload, PAYLOAD_TARGET_MB, "MB",
                   note="largest websocket message"),
            Figure("Play 2,000 trials: playback", fps, FPS_TARGET, "fps", higher_is_better=True,
                   note=f"{frames} frames")]


def frame_bytes(response: dict) -> int:
    """Size of a websocket message: binary frames reach the DevTools protocol base64-encoded."""
    data = response.get("payloadData", "")
    return len(data) * 3 // 4 if response.get("opcode") == 2 else len(data.encode())


def playback(page) -> tuple[float, int]:
    """Rewind to the first frame (the run started playing by itself), click the figure's own
    ▶ Play and time the frames it shows: (frames per second, frames)."""
    page.evaluate("""async () => { const chart = [...document.querySelectorAll('.js-plotly-plot')].find(
            c => c._transitionData && c._transitionData._frames && c._transitionData._frames.length > 1);
        const first = chart._transitionData._frames[0].name;
        await window.Plotly.animate(chart, [first], {frame: {duration: 0, redraw: false}, transition: {duration: 0},
                                                     mode: 'immediate'});
        window.__frames = []; window.__done = false;
        chart.on('plotly_animatingframe', () => window.__frames.push(performance.now()));
        chart.on('plotly_animated', () => { window.__done = true; }); }""")
    page.locator(".updatemenu-button", has_text="Play").first.click()
    page.wait_for_function("() => window.__done", timeout=TIMEOUT_MS)
    times = page.evaluate("() => window.__frames")
    if len(times) < 2:
        return math.nan, len(times)
    return (len(times) - 1) / ((times[-1] - times[0]) / 1e3), len(times)


def memory(browser, server, csv: dict) -> list[Figure]:
    context, page = new_page(browser)          # warm: imports, compiled loops, a first run and its figures
    load_points(page, server, csv[40])
    page.get_by_role("button", name="Step", exact=True).first.click()
    idle(page)
    page.get_by_role("button", name="Play", exact=True).first.click()
    idle(page)
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
        page.get_by_role("button", name="Play", exact=True).first.click()
        idle(page)
        trials = trial_now(page)
        time.sleep(1)
        after = server.rss_mb()
        context.close()
    finally:
        stop.set()
        watcher.join()
    return [Figure("Memory added by a session: 5,000 points, 5,000-trial run", max(peak[0], after) - before,
                   MEMORY_TARGET_MB, "MB", note=f"server RSS {before:.0f} → peak {peak[0]:.0f} MB, {trials} trials")]
