"""Fixtures of the end-to-end tests: real `streamlit run` servers and Debian's Chromium through Playwright.

Fixtures
--------
streamlit_server (session)
    A factory: ``streamlit_server(app_path) -> base URL`` ("http://127.0.0.1:PORT").
    Starts ``python3 -m streamlit run <app> --server.headless true --server.port <free port>
    --browser.gatherUsageStats false`` from the repository root once per app, waits for
    ``/_stcore/health``, and kills each server's process group at the end of the session.
server_url (session)
    ``streamlit_server(ROOT / "app.py")``: the lab itself.
browser (session)
    Playwright's Chromium from ``/usr/bin/chromium``, headless; the test is skipped when that
    binary is missing (CI installs it: ``apt-get install chromium``).
page (function)
    A fresh browser context and page, viewport 1280×720.
chromium, app_page
    Older names of ``browser`` and ``page`` (kept for the existing tests).

Helpers: :func:`wait_for_idle` (alias ``wait_idle``), :func:`metric`, :func:`wait_for_metric`,
:func:`screenshot` (PNG in ``screenshots/`` at the repository root).  Request ``page``
before ``streamlit_server`` in a test's arguments, so a missing Chromium skips the test
before any server starts.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: apps the browser tests serve (``streamlit run`` them); not modules for pytest to import
collect_ignore = ["canvas_app.py", "error_app.py"]
CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = ROOT / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]
VIEWPORT = {"width": 1280, "height": 720}
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
SERVER_START_SECONDS = 90


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _stop(process: subprocess.Popen) -> None:
    """Terminate the server's whole process group (SIGKILL after 10 s)."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


def start_server(app: Path, port: int) -> subprocess.Popen:
    """Start ``streamlit run app`` on ``port`` in its own process group and wait until it is healthy."""
    command = [sys.executable, "-m", "streamlit", "run", str(app), "--server.headless", "true",
               "--server.port", str(port), "--server.address", "127.0.0.1",
               "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
    log = tempfile.TemporaryFile()
    process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    process.log = log
    deadline = time.time() + SERVER_START_SECONDS
    while time.time() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return process
        except OSError:
            time.sleep(0.3)
    _stop(process)
    log.seek(0)
    output = log.read().decode("utf-8", "replace")[-2000:]
    raise RuntimeError(f"`streamlit run {app}` did not become healthy within {SERVER_START_SECONDS} s:\n{output}")


@pytest.fixture(scope="session")
def streamlit_server():
    """Factory ``streamlit_server(app_path) -> base URL``; one server per app, stopped at session end."""
    servers: dict[Path, tuple[subprocess.Popen, str]] = {}

    def serve(app_path) -> str:
        app = Path(app_path)
        app = (app if app.is_absolute() else ROOT / app).resolve()
        if not app.is_file():
            raise FileNotFoundError(f"no Streamlit app at {app}")
        if app not in servers:
            port = free_port()
            servers[app] = (start_server(app, port), f"http://127.0.0.1:{port}")
        return servers[app][1]

    yield serve
    for process, _ in servers.values():
        _stop(process)


@pytest.fixture(scope="session")
def server_url(streamlit_server):
    return streamlit_server(ROOT / "app.py")


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM} (CI installs it: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=VIEWPORT)
    opened = context.new_page()
    yield opened
    context.close()


@pytest.fixture(scope="session")
def chromium(browser):
    return browser


@pytest.fixture
def app_page(page):
    return page


def wait_for_idle(page, timeout: float = 30_000) -> None:
    """Wait until the script has finished running (twice, 250 ms apart) and assert no exception is shown."""
    page.wait_for_selector(IDLE, timeout=timeout)
    page.wait_for_timeout(250)
    page.wait_for_selector(IDLE, timeout=timeout)
    exceptions = page.locator('[data-testid="stException"]')
    assert exceptions.count() == 0, exceptions.first.inner_text()


wait_idle = wait_for_idle


def metric(page, label: str) -> str:
    """The shown value of the ``st.metric`` labelled ``label``."""
    box = page.locator('[data-testid="stMetric"]', has=page.get_by_text(label, exact=True)).first
    return box.locator('[data-testid="stMetricValue"]').inner_text().strip()


def wait_for_metric(page, label: str, value, timeout: float = 20_000) -> None:
    """Wait until the ``st.metric`` labelled ``label`` shows ``value``, then until the app is idle."""
    page.wait_for_function(
        """([label, value]) => [...document.querySelectorAll('[data-testid="stMetric"]')].some(box =>
             box.querySelector('[data-testid="stMetricLabel"]')?.innerText.trim() === label &&
             box.querySelector('[data-testid="stMetricValue"]')?.innerText.trim() === value)""",
        arg=[label, str(value)], timeout=timeout)
    wait_for_idle(page, timeout)


def screenshot(page, name: str, *, full_page: bool = True) -> Path:
    """Save ``screenshots/<name>.png`` (repository root) and return its path."""
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
