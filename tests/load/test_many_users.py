"""Load: 20 browsers at once for two minutes, each drawing, stepping and playing.

Run separately (not part of the default suite): ``python3 -m pytest -q -m load tests/load``.
Environment: LOAD_SESSIONS (20), LOAD_SECONDS (120).
"""

from __future__ import annotations

import os
import statistics
import threading
import time

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, free_port, start_server, wait_idle

pytestmark = pytest.mark.load

SESSIONS = int(os.environ.get("LOAD_SESSIONS", "20"))
SECONDS = float(os.environ.get("LOAD_SECONDS", "120"))


def rss_mb(pid: int) -> float:
    total = 0.0
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            total = int(line.split()[1]) / 1024
    return total


def metric_value(page, label):
    box = page.locator('[data-testid="stMetric"]', has=page.get_by_text(label, exact=True)).first
    return box.locator('[data-testid="stMetricValue"]').inner_text().strip()


def session(url, index, seconds, latencies, errors, finals):
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(f"{url}/data")
            wait_idle(page, 120_000)
            svg = page.locator(".st-key-canvas svg.mbl-svg").first
            svg.wait_for(timeout=120_000)
            clicks = 4 + index % 3
            box = svg.bounding_box()
            for i in range(clicks):                    # this session's own points
                page.mouse.click(box["x"] + (0.2 + 0.1 * i) * box["width"], box["y"] + (0.3 + 0.05 * i) * box["height"])
                page.wait_for_function(
                    "(n) => [...document.querySelectorAll('[data-testid=stMetricValue]')].some(e => e.innerText.trim() === String(n))",
                    arg=i + 1, timeout=120_000)
                wait_idle(page, 120_000)
            points = int(metric_value(page, "Points"))
            page.goto(url)
            wait_idle(page, 120_000)
            page.get_by_role("button", name="Open").nth(index % 3).click()
            wait_idle(page, 120_000)
            steps = 0
            deadline = time.time() + seconds        # the measured window starts once the session is set up
            while time.time() < deadline:
                before = int(metric_value(page, "Trial"))
                start = time.perf_counter()
                page.get_by_role("button", name="Step", exact=True).first.click()
                page.wait_for_function(
                    "(n) => [...document.querySelectorAll('[data-testid=stMetricValue]')].some(e => e.innerText.trim() === String(n))",
                    arg=before + 1, timeout=120_000)
                latencies.append(time.perf_counter() - start)
                steps += 1
                if steps % 10 == 0:
                    page.get_by_role("button", name="Reset", exact=True).first.click()
                    wait_idle(page, 120_000)
            finals[index] = (points, clicks)
            browser.close()
    except Exception as error:  # noqa: BLE001 - every failure is counted and reported
        errors.append(f"session {index}: {error!r}"[:300])


def warm_up(url):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(url)
        wait_idle(page, 120_000)
        page.get_by_role("button", name="Open").first.click()
        wait_idle(page, 120_000)
        page.get_by_role("button", name="Step", exact=True).first.click()
        wait_idle(page, 120_000)
        browser.close()


def test_twenty_sessions_for_two_minutes():
    port = free_port()
    server = start_server(ROOT / "app.py", port)
    url = f"http://127.0.0.1:{port}"
    try:
        latencies, errors, finals = [], [], {}
        warm_up(url)                        # imports and compiled loops loaded once, before measuring
        memory_start = rss_mb(server.pid)
        threads = [threading.Thread(target=session, args=(url, i, SECONDS, latencies, errors, finals))
                   for i in range(SESSIONS)]
        for thread in threads:
            thread.start()
            time.sleep(0.5)
        peak = memory_start
        while any(t.is_alive() for t in threads):
            peak = max(peak, rss_mb(server.pid))
            time.sleep(1)
        p50 = statistics.median(latencies) if latencies else float("nan")
        p95 = statistics.quantiles(latencies, n=20)[-1] if len(latencies) >= 20 else float("nan")
        print(f"\nload: {SESSIONS} sessions × {SECONDS:.0f} s: {len(latencies)} steps, "
              f"p50 {p50 * 1e3:.0f} ms, p95 {p95 * 1e3:.0f} ms; server RSS {memory_start:.0f} → peak {peak:.0f} MB; "
              f"errors {len(errors)}")
        assert not errors, errors
        # every session saw exactly its own points: no leak between users
        assert all(points == clicks for points, clicks in finals.values()), finals
        assert len(finals) == SESSIONS
        assert peak - memory_start < 50 * SESSIONS, f"server memory grew by {peak - memory_start:.0f} MB"
    finally:
        import signal

        os.killpg(server.pid, signal.SIGTERM)
