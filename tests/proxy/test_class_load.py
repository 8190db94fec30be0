"""Load through the proxy: a class of students (default 40) for two minutes on ``python -m deploy
--workers 2`` (issue 18).  A marked suite: ``python3 -m pytest -q -s -m proxy tests/proxy``.

Students arrive 0.5 s apart (``PROXY_ARRIVAL``) and work for ``PROXY_SECONDS`` each.  Each student is a
Playwright context (its own cookies: its own worker and Streamlit session) in one
headless Chromium, all driven from one asyncio loop — 40 browser tabs fit in this machine's memory;
their rendering shares its two cores with the lab's workers, so latencies are upper bounds.  Student i
repeatedly opens a story by its link with a seed of its own (``/perceptron?story=thin-margin&order=
shuffled&seed=…``, then the four-class story on the Multiclass page), so every open builds a new run on
its worker, and steps through it with → (a quick student's pace, 0.3 s between keys).

Printed: p50/p95 of "open + build" (from the link to the player drawn) and of a step (from the key to the
trial shown in every panel, timed in the page), errors, students per worker, each worker's peak RSS.
Checked: zero errors, every student stays on one worker, both workers serve students.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import threading
import time

import pytest

from benchmarks.browser_bench import KEY_TIMED
from deploy.haproxy import COOKIE, WORKER_HEADER
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT
from tests.load.test_many_users import PLAYER_READY, idle, percentile, rss_mb

pytestmark = pytest.mark.proxy

STUDENTS = int(os.environ.get("PROXY_STUDENTS", "40"))
SECONDS = float(os.environ.get("PROXY_SECONDS", "120"))
TIMEOUT = 180_000
PAUSE = 0.3
ARRIVAL = float(os.environ.get("PROXY_ARRIVAL", "0.5"))    # seconds between two students' arrivals
STEPS_PER_RUN = 12
LINKS = ["/perceptron?story=thin-margin&order=shuffled&passes=3&seed={seed}",
         "/multiclass?story=four-classes&order=shuffled&passes=2&seed={seed}"]


async def student(browser, url, index, start, results) -> None:
    record = results[index] = {"builds": [], "steps": [], "error": None, "workers": set(), "cookie": None}
    context = await browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(TIMEOUT)

    def seen(response) -> None:
        worker = response.headers.get(WORKER_HEADER.lower())
        if worker:
            record["workers"].add(worker)

    try:
        page = await context.new_page()
        page.on("response", seen)
        await start.wait()
        await asyncio.sleep(ARRIVAL * index)           # a class arrives over the first minutes, not in one instant
        deadline, round_ = time.time() + SECONDS, 0
        while time.time() < deadline:
            link = LINKS[round_ % len(LINKS)].format(seed=1000 * index + round_)
            began = time.perf_counter()
            await page.goto(url + link)
            await page.wait_for_function(PLAYER_READY, timeout=TIMEOUT)
            record["builds"].append(time.perf_counter() - began)
            await idle(page)
            await page.evaluate("() => document.activeElement && document.activeElement.blur()")
            for _ in range(STEPS_PER_RUN):
                step = await page.evaluate(KEY_TIMED, "ArrowRight")
                if not step["shown"]:
                    raise AssertionError("a step was not shown in every panel")
                record["steps"].append(step["ms"] / 1e3)
                await asyncio.sleep(PAUSE)
            round_ += 1
        record["cookie"] = next((c["value"] for c in await context.cookies() if c["name"] == COOKIE), None)
    except Exception as error:  # noqa: BLE001 - every failure is counted and reported
        record["error"] = f"student {index}: {type(error).__name__}: {str(error).splitlines()[0][:200]}"
    finally:
        await context.close()


async def warm_up(browser, url, workers: int) -> None:
    """Every link once on every worker (imports, compiled loops, first figures) before anything is timed."""
    warmed, contexts = set(), []
    while len(warmed) < workers and len(contexts) < 8:
        context = await browser.new_context(viewport=VIEWPORT)
        contexts.append(context)
        page = await context.new_page()
        for link in LINKS:
            await page.goto(url + link.format(seed=0))
            await page.wait_for_function(PLAYER_READY, timeout=TIMEOUT)
        warmed |= {c["value"] for c in await context.cookies() if c["name"] == COOKIE}
    for context in contexts:
        await context.close()


async def run_class(url, workers: int) -> dict:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            await warm_up(browser, url, workers)
            start, results, tasks = asyncio.Event(), {}, []
            for index in range(STUDENTS):
                tasks.append(asyncio.create_task(student(browser, url, index, start, results)))
            start.set()
            await asyncio.gather(*tasks)
            return results
        finally:
            await browser.close()


def test_a_class_of_students_through_the_proxy(deployment):
    pids = deployment.pids()
    peaks = {name: rss_mb(pid) for name, pid in pids.items()}
    sampling = threading.Event()

    def sample() -> None:
        while not sampling.is_set():
            for name, pid in pids.items():
                peaks[name] = max(peaks[name], rss_mb(pid))
            time.sleep(1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    began = time.time()
    try:
        results = asyncio.run(run_class(deployment.url, len(pids)))
    finally:
        sampling.set()
        sampler.join()
    builds = [b for r in results.values() for b in r["builds"]]
    steps = [s for r in results.values() for s in r["steps"]]
    errors = [r["error"] for r in results.values() if r["error"]]
    per_worker = {name: sum(r["cookie"] == name for r in results.values()) for name in pids}
    print(f"\nproxy load: {STUDENTS} students (Playwright contexts) × {SECONDS:.0f} s through HAProxy on "
          f"{len(pids)} workers (window {time.time() - began:.0f} s): {len(builds)} runs opened and built, "
          f"open + build p50 {statistics.median(builds):.2f} s, p95 {percentile(builds, 0.95):.2f} s; "
          f"{len(steps)} steps, p50 {statistics.median(steps) * 1e3:.0f} ms, p95 {percentile(steps, 0.95) * 1e3:.0f} ms; "
          f"errors {len(errors)}; students per worker {per_worker}; peak RSS "
          + ", ".join(f"{name} {mb:.0f} MB" for name, mb in peaks.items())
          + f"; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for error in errors:
        print(error)
    assert not errors
    assert all(len(r["workers"]) == 1 for r in results.values()), "a student's requests reached two workers"
    assert all(count > 0 for count in per_worker.values()), f"a worker served nobody: {per_worker}"
    assert all(r["builds"] and r["steps"] for r in results.values())
