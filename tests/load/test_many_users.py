"""Load: many users at once, each drawing points, loading a run and stepping through it on one server.

Run separately (not part of the default suite)::

    LOAD_SESSIONS=20 LOAD_SECONDS=120 python3 -m pytest -q -s -m load tests/load

Environment: ``LOAD_SESSIONS`` (default 20) concurrent users, ``LOAD_SECONDS``
(default 120) of stepping each, measured after every user has drawn its points.

One Chromium (Debian's) drives every user through its own browser context
(its own cookies: its own Streamlit session), all from one asyncio loop.
User i draws 4 + (i mod 20) points of two classes on the Data page — a count
of its own — then, through the sidebar (the same session), opens the
Perceptron page, whose run the server builds once, and for the measured window
repeats: Step with → (latency: from the key to the next frame showing the new
trial in the boundary's title, the math and the curves' cursor, timed in the page),
every 10th round End (the last trial), and Home (trial 0) whenever the run is over;
0.3 s between keys, a quick student's pace.
Stepping happens in the browser: the server's load is the runs it builds and the
pages it serves.

Checks
------
* zero errors (every wait has a timeout; any exception in a user is counted);
* every user's final state is its own: its run has as many trials as it drew points,
  its trial is the one it tracked, and back on the Data page Points equals the count
  it drew;
* server memory is bounded: the server's RSS (``/proc/<pid>/status``, VmRSS,
  sampled every second during the run) grows by less than
  ``MEMORY_PER_SESSION_MB`` × sessions + ``MEMORY_BASE_MB`` over its value after
  a warm-up session — per-user state is a few points and a run, so growth
  beyond that would mean something per-user is kept or copied per rerun;
* the figures — steps, p50/p95 step latency, memory — are printed.
"""

from __future__ import annotations

import asyncio
import os
import signal
import statistics
import threading
import time

import pytest

from benchmarks.browser_bench import KEY_TIMED
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, IDLE, ROOT, VIEWPORT, free_port, start_server

pytestmark = pytest.mark.load

SESSIONS = int(os.environ.get("LOAD_SESSIONS", "20"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "120"))
TIMEOUT = 180_000                      # ms: one wait under full load
MEMORY_PER_SESSION_MB = 15
MEMORY_BASE_MB = 150
END_EVERY = 10
#: seconds between two keys of one user: a quick student (about three a second).  Stepping happens in
#: each user's browser, so with every user's browser on this same machine a shorter pause measures the
#: twenty tabs competing for two cores, not the lab
PAUSE = 0.3
PLAYER_READY = """() => { const r = document.querySelector('.mbl-tl'); return r && r.dataset.trial !== undefined
                          && r.querySelector('.mbl-tl-curvesplot')._fullLayout; }"""


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (``/proc/<pid>/stat``)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _stat_fields(pid: int) -> list[str]:
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()


def tree_cpu_seconds(pid: int) -> float:
    """CPU time of a process and all its descendants: its own, its reaped children's (``cutime``,
    ``cstime``) and every live descendant's, so work moved to worker processes is counted too."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                children.setdefault(int(_stat_fields(int(entry))[1]), []).append(int(entry))
            except (OSError, IndexError):
                continue                                # gone meanwhile
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        try:
            fields = _stat_fields(current)
        except OSError:
            continue
        total += sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")
        todo.extend(children.get(current, []))
    return total


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


async def idle(page) -> None:
    await page.wait_for_selector(IDLE, timeout=TIMEOUT)
    await page.wait_for_timeout(200)
    await page.wait_for_selector(IDLE, timeout=TIMEOUT)
    exceptions = page.locator('[data-testid="stException"]')
    if await exceptions.count():
        raise AssertionError(await exceptions.first.inner_text())


async def metric(page, label: str) -> str:
    box = page.locator('[data-testid="stMetric"]', has=page.get_by_text(label, exact=True)).first
    return (await box.locator('[data-testid="stMetricValue"]').inner_text()).strip()


async def wait_metric(page, label: str, value) -> None:
    await page.wait_for_function(
        """([label, value]) => [...document.querySelectorAll('[data-testid="stMetric"]')].some(box =>
             box.querySelector('[data-testid="stMetricLabel"]')?.innerText.trim() === label &&
             box.querySelector('[data-testid="stMetricValue"]')?.innerText.trim() === value)""",
        arg=[label, str(value)], timeout=TIMEOUT)


async def go_to(page, title: str) -> None:
    await page.locator('[data-testid="stSidebarNav"] a', has_text=title).first.click()
    await page.wait_for_function(f"() => document.querySelector('h1')?.innerText.startsWith({title[:4]!r})",
                                 timeout=TIMEOUT)
    await idle(page)


async def draw(page, count: int, index: int) -> None:
    """``count`` clicks on the canvas, the first half of class A, the rest of class B."""
    svg = page.locator(".st-key-canvas svg.mbl-svg").first
    await svg.wait_for(timeout=TIMEOUT)
    for i in range(count):
        if i in (0, count // 2):
            await page.locator(".st-key-data_active").get_by_text("A" if i == 0 else "B", exact=True).click()
            await idle(page)
        box = await svg.bounding_box()
        side = 0.15 if i < count // 2 else 0.55
        fx = side + 0.3 * ((i * 7 + index) % 10) / 10
        fy = 0.2 + 0.6 * ((i * 3 + index) % 10) / 10
        await page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
        await wait_metric(page, "Points", i + 1)
        await idle(page)


async def user(browser, url, index, ready, start, results) -> None:
    record = results[index] = {"latencies": [], "error": None, "expected": None, "final": None}
    context = await browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(TIMEOUT)               # every click and wait, under full load
    try:
        page = await context.new_page()
        await page.goto(f"{url}/data")
        await idle(page)
        count = 4 + index % 20
        await draw(page, count, index)
        await go_to(page, "Perceptron")
        await page.wait_for_function(PLAYER_READY, timeout=TIMEOUT)
        await page.evaluate("() => document.activeElement && document.activeElement.blur()")
        total = int(await page.eval_on_selector(".mbl-tl-scrub", "slider => slider.max"))
        ready.release()
        await start.wait()                          # the measured window starts for everybody at once
        trial, rounds, deadline = 0, 0, time.time() + SECONDS
        while time.time() < deadline:
            rounds += 1
            if trial == total:                 # the run is over: back to its start
                await page.keyboard.press("Home")
                trial = 0
            if rounds % END_EVERY == 0:
                await page.keyboard.press("End")
                trial = total
                continue
            step = await page.evaluate(KEY_TIMED, "ArrowRight")
            if not step["shown"]:
                raise AssertionError(f"trial {trial + 1} was not shown in every panel after the key")
            record["latencies"].append(step["ms"] / 1e3)
            trial += 1
            await asyncio.sleep(PAUSE)
        shown_trial = int(await page.eval_on_selector(".mbl-tl", "root => root.dataset.trial"))
        await go_to(page, "Data")
        record["expected"] = (count, count, trial)
        record["final"] = (int(await metric(page, "Points")), total, shown_trial)
    except Exception as error:  # noqa: BLE001 - every failure is counted and reported
        lines = str(error).splitlines() or [""]
        waiting = next((line.strip() for line in lines if "waiting for" in line), "")
        record["error"] = f"user {index}: {type(error).__name__}: {lines[0][:200]} {waiting[:200]}"
        ready.release()
    finally:
        await context.close()


async def run_users(url, sessions, after_warm_up, on_start=lambda: None) -> tuple[dict, float]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            # warm-up: imports, compiled loops and the first figures, before anything is measured
            await user_warm_up(browser, url)
            after_warm_up()
            ready, start, results = asyncio.Semaphore(0), asyncio.Event(), {}
            tasks = []
            for index in range(sessions):
                tasks.append(asyncio.create_task(user(browser, url, index, ready, start, results)))
                await asyncio.sleep(0.3)
            for _ in range(sessions):
                await ready.acquire()
            began = time.time()
            on_start()
            start.set()
            await asyncio.gather(*tasks)
            return results, time.time() - began
        finally:
            await browser.close()


async def user_warm_up(browser, url) -> None:
    context = await browser.new_context(viewport=VIEWPORT)
    page = await context.new_page()
    await page.goto(url, timeout=TIMEOUT)
    await idle(page)
    await page.get_by_role("button", name="Open").first.click()
    await page.wait_for_function(PLAYER_READY, timeout=TIMEOUT)
    await page.keyboard.press("ArrowRight")
    await context.close()


def percentile(values, q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else float("nan")


def test_many_users_at_once_keep_their_own_state_and_bounded_memory():
    port = free_port()
    server = start_server(ROOT / "app.py", port)
    url = f"http://127.0.0.1:{port}"
    samples, sampling, warmed = [], threading.Event(), []

    def sample() -> None:
        while not sampling.is_set():
            samples.append(rss_mb(server.pid))
            time.sleep(1)

    try:
        baseline = rss_mb(server.pid)
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        window = []
        results, seconds = asyncio.run(run_users(url, SESSIONS, lambda: warmed.append(rss_mb(server.pid)),
                                                 lambda: window.append(cpu_seconds(server.pid))))
        server_cpu = cpu_seconds(server.pid) - window[0] if window else float("nan")
        sampling.set()
        sampler.join()
        time.sleep(5)
        after = rss_mb(server.pid)
        latencies = [t for r in results.values() for t in r["latencies"]]
        errors = [r["error"] for r in results.values() if r["error"]]
        start_mb = warmed[0] if warmed else baseline
        peak = max(samples or [baseline])
        bound = MEMORY_PER_SESSION_MB * SESSIONS + MEMORY_BASE_MB
        load = os.getloadavg()
        print(f"\nload test: {SESSIONS} users × {SECONDS:.0f} s (window {seconds:.0f} s): {len(latencies)} steps, "
              f"step latency p50 {statistics.median(latencies) * 1e3 if latencies else float('nan'):.0f} ms, "
              f"p95 {percentile(latencies, 0.95) * 1e3:.0f} ms, max {max(latencies or [0]) * 1e3:.0f} ms; "
              f"server RSS {start_mb:.0f} MB after warm-up → peak {peak:.0f} MB (+{peak - start_mb:.0f}, "
              f"bound +{bound}) → {after:.0f} MB 5 s after the users left; errors {len(errors)}; "
              f"server CPU {server_cpu:.1f} s over the window ({100 * server_cpu / seconds:.0f} % of one core: "
              f"stepping is in the browsers); load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on "
              f"{os.cpu_count()} cores (the {SESSIONS} users' browser tabs run on this machine too)")
        for error in errors:
            print(error)
        assert not errors, f"{len(errors)} users failed (printed above)"
        assert len(results) == SESSIONS
        wrong = {i: (r["expected"], r["final"]) for i, r in results.items() if r["final"] != r["expected"]}
        assert not wrong, f"users whose final Points, run length or trial are not their own: {wrong}"
        assert all(r["latencies"] for r in results.values()), "a user made no step"
        assert peak - start_mb < bound, f"server memory grew by {peak - start_mb:.0f} MB (bound {bound} MB)"
    finally:
        sampling.set()
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(10)
