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
    A tab, viewport 1280×720, of one browser profile per worker (``cached_context``), blank and with empty
    storage: a new Streamlit session at its first ``goto``, with Chromium's caches warm.  The tab is the one
    the previous test used, when that test left nothing in it that could reach the next one (see
    :func:`page`): a page opened in a used tab costs Chromium about half the CPU of one in a new tab.
chromium, app_page
    Older names of ``browser`` and ``page`` (kept for the existing tests).

Every context made through ``browser.new_context`` (so every ``page``) watches Streamlit's websocket
(:data:`WIRE_WATCH`): it counts the rerun requests the page sends and the runs the server starts and
finishes, so :func:`wait_for_idle` waits until every rerun asked for has been run, not a fixed time.

Helpers: :func:`wait_for_idle` (alias ``wait_idle``), :func:`poll`, :func:`metric`, :func:`wait_for_metric`,
:func:`screenshot` (PNG in ``screenshots/`` at the repository root).  Request ``page``
before ``streamlit_server`` in a test's arguments, so a missing Chromium skips the test
before any server starts.
"""

from __future__ import annotations

import itertools
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
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


def start_server(app: Path, port: int, cwd: Path = ROOT) -> subprocess.Popen:
    """Start ``streamlit run app`` on ``port`` in its own process group and wait until it is healthy
    (``cwd``: the tree whose config and static files it serves; tools/before_after.py runs another checkout)."""
    command = [sys.executable, "-m", "streamlit", "run", str(app), "--server.headless", "true",
               "--server.port", str(port), "--server.address", "127.0.0.1",
               "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
    log = tempfile.TemporaryFile()
    process = subprocess.Popen(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    process.log = log
    deadline = time.time() + SERVER_START_SECONDS
    while time.time() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return process
        except OSError:
            try:                                       # a pause that ends at once if the server dies
                process.wait(0.3)
            except subprocess.TimeoutExpired:
                pass
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
def playwright():
    """Playwright, started once per worker (one sync instance serves every browser of the session)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM} (CI installs it: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    poll_on_a_timer()
    with sync_playwright() as started:
        yield started


#: how often a wait for a condition evaluates it in the page, in ms, unless the wait says otherwise
POLL_MS = 40


def poll_on_a_timer() -> None:
    """Waits for a condition evaluate it every :data:`POLL_MS` ms instead of at every animation frame (Playwright's
    default): a page waited on at 60 frames a second keeps Chromium drawing frames, about a twentieth of a core per
    waiting tab, and the suite is CPU-bound (README).  A wait that passes ``polling`` keeps it."""
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        if getattr(cls.wait_for_function, "_mbl_timer", False):
            continue
        original = cls.wait_for_function

        def wait_for_function(self, expression, *, arg=None, timeout=None, polling=None, _original=original):
            return _original(self, expression, arg=arg, timeout=timeout, polling=POLL_MS if polling is None else polling)
        wait_for_function._mbl_timer = True
        cls.wait_for_function = wait_for_function


@pytest.fixture(scope="session")
def browser(playwright):
    launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    new_context = launched.new_context

    def watched_context(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.add_init_script(WIRE_WATCH)
        return context

    launched.new_context = watched_context
    yield launched
    launched.close()


@pytest.fixture(scope="session")
def cached_context(playwright, tmp_path_factory):
    """One browser profile on disk whose pages share Chromium's HTTP and compiled-code caches: the lab's
    scripts (Streamlit's bundle, plotly.js: about 14 MB) are parsed and compiled once per worker instead of
    once per test (a page then costs about a fifth less CPU).  Each ``page`` is a new tab of it, so a new
    Streamlit session with its own ``sessionStorage``; what a tab could leave behind for the next test
    (permissions granted, ``localStorage``) is cleared when the tab closes.  Tests that need a browser of their
    own (a second user, another viewport or locale) make it with ``browser.new_context``."""
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM, headless=True,
        args=CHROMIUM_ARGS, viewport=VIEWPORT)
    context.add_init_script(WIRE_WATCH)
    for opened in context.pages:                     # the blank tab a persistent profile starts with
        opened.close()
    yield context
    context.close()


#: what a test may add to a tab that would reach the next test in it (handlers, exposed functions, routes, scripts,
#: emulation): a test that calls any of these on its ``page`` leaves a tab that is closed, not handed on
STICKY_CALLS = ("expose_function", "expose_binding", "add_init_script", "route", "route_from_har", "route_web_socket",
                "set_extra_http_headers", "emulate_media", "set_default_timeout", "set_default_navigation_timeout")


def _listeners(tab) -> int:
    """How many listeners the tab's events have (Playwright's own and a test's ``page.on``)."""
    events = tab._impl_obj._events
    return sum(len(listener) if isinstance(listener, list) else 1 for listener in events.values())


def _watch(tab, used: list) -> None:
    """Note in ``used`` every call of :data:`STICKY_CALLS` on ``tab`` (wrappers on the instance, removed by
    :func:`_unwatch`)."""
    for name in STICKY_CALLS:
        original = getattr(tab, name)

        def noted(*args, _name=name, _original=original, **kwargs):
            used.append(_name)
            return _original(*args, **kwargs)
        setattr(tab, name, noted)


def _unwatch(tab) -> None:
    for name in STICKY_CALLS:
        tab.__dict__.pop(name, None)


@pytest.fixture(scope="session")
def _idle_tabs() -> list:
    """The tab a finished test left clean, for the next test of this worker (at most one)."""
    return []


@pytest.fixture
def page(cached_context, _idle_tabs, request):
    """A blank tab (viewport 1280×720) of :func:`cached_context` with empty storage: each ``goto`` is a new
    Streamlit session.  The previous test's tab is handed on when that test closed nothing, added no listener
    (``page.on``), called nothing of :data:`STICKY_CALLS` and did not use the page's clock; its storage is cleared
    and it is sent to ``about:blank`` (which ends its Streamlit session) first.  Anything else is closed: the next
    test gets a new tab.  What a tab could leave in the profile (permissions, cookies, tabs it opened) is cleared
    after every test."""
    opened = _idle_tabs.pop() if _idle_tabs else cached_context.new_page()
    before, used = _listeners(opened), []
    _watch(opened, used)
    yield opened
    source = getattr(request.function, "__code__", None)
    clock = source is not None and "clock" in source.co_names
    handed_on = False
    if not opened.is_closed():
        _unwatch(opened)
        try:
            if opened.url.startswith("http"):
                opened.evaluate("() => { try { localStorage.clear(); sessionStorage.clear(); } catch (error) { /* off */ } }")
            if not used and not clock and _listeners(opened) == before:
                opened.goto("about:blank")
                opened.set_viewport_size(VIEWPORT)
                handed_on = True
        except Exception:                            # a tab in a state that cannot be cleaned: a new one next time
            handed_on = False
        if handed_on:
            _idle_tabs.append(opened)
        else:
            opened.close()
    cached_context.clear_permissions()
    for other in cached_context.pages:               # tabs the test opened from this one (a popup, a download)
        if other is not opened:
            other.close()
    cached_context.clear_cookies()


@pytest.fixture(scope="session")
def chromium(browser):
    return browser


@pytest.fixture
def app_page(page):
    return page


#: run in every document before its own scripts: counts, in ``window.__mblWire``, the events of Streamlit's
#: websocket in one sequence (``sent`` counts every message the page sends): a rerun request sent (a BackMsg whose field is ``rerun_script``, 11: its first
#: byte is 0x5A), a run started (a ForwardMsg ``new_session``, field 4, sent at every run's start) and a run
#: finished (``script_finished``, field 6, any status but FINISHED_EARLY_FOR_RERUN = 2, which a newer
#: request interrupted).  ``answered`` is the event number of the last run finished that started after the
#: last request; every request has been run when ``answered > rerun``.  ``pending`` counts the user's inputs
#: (clicks, keys, changes) whose handlers may still send a request from a zero-delay timer.
WIRE_WATCH = """(() => {
  if (window.__mblWire || !window.WebSocket) return;
  const wire = window.__mblWire = {events: 0, sent: 0, rerun: 0, started: 0, answered: 0, pending: 0, token: null, quiet: 0};
  // a user's input may ask for a rerun from a zero-delay timer (Streamlit flushes widget triggers so): each
  // input is pending until a timer queued after the input's own handlers have run has fired
  const settled = () => { wire.pending -= 1; };
  const later = () => setTimeout(settled, 0);
  for (const type of ['pointerup', 'click', 'keydown', 'keyup', 'change', 'input'])
    window.addEventListener(type, () => { wire.pending += 1; setTimeout(later, 0); }, true);
  const bytesOf = (data) => data instanceof ArrayBuffer ? new Uint8Array(data)
    : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
  const varint = (bytes, at) => {
    let value = 0, scale = 1, byte;
    do { byte = bytes[at++]; value += (byte & 0x7f) * scale; scale *= 128; } while (byte & 0x80 && at < bytes.length);
    return [value, at];
  };
  const topFields = (bytes) => {            // [field, varint value or -1] of the message's top level
    const fields = [];
    let at = 0;
    while (at < bytes.length) {
      let tag, value = -1;
      [tag, at] = varint(bytes, at);
      const type = tag % 8, field = Math.floor(tag / 8);
      if (type === 0) [value, at] = varint(bytes, at);
      else if (type === 2) { let size; [size, at] = varint(bytes, at); at += size; }
      else if (type === 1) at += 8;
      else if (type === 5) at += 4;
      else break;
      fields.push([field, value]);
    }
    return fields;
  };
  const Native = window.WebSocket, send = Native.prototype.send;
  Native.prototype.send = function (data) {
    const bytes = bytesOf(data);
    wire.sent += 1;
    if (bytes && bytes[0] === 0x5a) wire.rerun = ++wire.events;
    return send.call(this, data);
  };
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const bytes = bytesOf(event.data);
        if (!bytes) return;
        for (const [field, value] of topFields(bytes)) {
          if (field === 4) wire.started = ++wire.events;
          else if (field === 6 && value !== 2 && wire.started > wire.rerun) wire.answered = ++wire.events;
        }
      });
    }
  };
})();"""

#: true once the app is idle, no input is pending, every rerun it asked for has been run, no element is still
#: a skeleton (Streamlit loads a widget's code when first shown: a select box is a placeholder until then),
#: and all held for two polls in a row (:data:`POLL_MS` apart); ``token`` starts a new count for each wait
SETTLED = """(token) => {
  const app = document.querySelector('[data-testid="stApp"]'), wire = window.__mblWire;
  if (!app || !wire) return false;
  if (wire.token !== token) { wire.token = token; wire.quiet = 0; }
  const idle = app.dataset.testScriptState === 'notRunning' && wire.answered > wire.rerun && wire.pending === 0
    && !document.querySelector('[data-testid="stSkeleton"]');
  wire.quiet = idle ? wire.quiet + 1 : 0;
  return wire.quiet >= 2;
}"""
_waits = itertools.count()


def wait_for_idle(page, timeout: float = 30_000) -> None:
    """Wait until every rerun the page asked for has run and the script is not running (:data:`SETTLED`),
    and assert no exception is shown."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(SETTLED, arg=next(_waits), timeout=timeout)
    except PlaywrightTimeout as error:
        seen = page.evaluate("() => [document.querySelector('[data-testid=\"stApp\"]')?.dataset.testScriptState,"
                             " JSON.stringify(window.__mblWire)]")
        raise AssertionError(f"the app did not settle within {timeout / 1000:g} s: script state, wire = {seen}") from error
    exceptions = page.locator('[data-testid="stException"]')
    assert exceptions.count() == 0, exceptions.first.inner_text()


wait_idle = wait_for_idle


def poll(condition, timeout: float, interval: float = 0.05) -> bool:
    """Call ``condition()`` every ``interval`` seconds until it is true (return True) or ``timeout`` seconds
    have passed (return False).  The pause between calls is a poll interval, not a wait for something to
    happen: a test that must show that something does *not* happen for a while polls the condition that
    would show it happening, for that bounded time."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not condition():
        if time.monotonic() >= deadline:
            return False
        pause.wait(interval)
    return True


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
