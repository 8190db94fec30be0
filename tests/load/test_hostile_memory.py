"""Load: small inputs cannot make large memory, and no user's large set outlives their session (issue 24).

* A forged canvas message of 22.9 MB (a trigger value of empty lists ``[[],[],…]``) raised a server's RSS
  from 673 MB to 2.45 GB for about 20 s, and a 29 MB lab file of ``[],[],…`` by 830 MB.  Now
  ``server.maxWidgetStateSize`` (.streamlit/config.toml) closes a connection whose message is larger than
  the largest real one, before it is parsed, and a lab file is refused by its size and its count of lists
  before it is parsed (``lab.links``).  The lab file is sent past the uploader's own 8 MiB cap the way a
  forger would: the server's message that draws the uploader is rewritten in flight to allow 32 MB.
  Each must leave the server's RSS within ``SPIKE_MB`` of its level before (sampled every 0.1 s).
* Six distinct 100,000-point sets, each opened on every page that shows points and then closed: once the
  session TTL (``server.disconnectedSessionTTL``, read from .streamlit/config.toml and waited in full)
  has passed, the server is back within ``RELEASED_MB`` of its warm baseline — no shared cache kept them.

Run separately (not part of the default suite)::

    python3 -m pytest -q -s -m load tests/load/test_hostile_memory.py
"""

from __future__ import annotations

import re
import threading
import time
import tomllib

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, ROOT, VIEWPORT, _stop, free_port, start_server
from tests.load.test_many_users import rss_mb
from tests.load.test_memory_released import settle

pytestmark = pytest.mark.load

SPIKE_MB = 150
RELEASED_MB = 100
SETS = 6
ROWS = 100_000
TIMEOUT = 180_000
PAGES = ("Perceptron", "Winnow", "Multiclass", "Priority")
TRIGGER_SUFFIX = "__events"
FORGED_MB = 22.9
FILE_MB = 29


class Peak(threading.Thread):
    """Samples a process's RSS every 0.1 s until stopped; keeps the highest."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.peak, self.stop = pid, rss_mb(pid), threading.Event()

    def run(self):
        while not self.stop.is_set():
            try:
                self.peak = max(self.peak, rss_mb(self.pid))
            except FileNotFoundError:           # the server stopped (the test failed and stopped it)
                return
            self.stop.wait(0.1)


class Forger:
    """Routes a page's websocket: puts ``pending`` in the next canvas gesture sent, and lets the file uploader
    accept ``upload_mb`` (the server's message drawing it is rewritten on its way to the browser)."""

    def __init__(self, upload_mb: int | None = None):
        self.pending, self.forged, self.upload_mb, self.widened = None, 0, upload_mb, 0

    def handle(self, route):
        server = route.connect_to_server()
        route.on_message(lambda message: server.send(self.to_server(message)))
        server.on_message(lambda message: route.send(self.to_browser(message)))

    def to_server(self, message):
        if self.pending is None or not isinstance(message, (bytes, bytearray)):
            return message
        back = BackMsg()
        back.ParseFromString(bytes(message))
        if back.WhichOneof("type") != "rerun_script":
            return message
        trigger = next((w for w in back.rerun_script.widget_states.widgets
                        if w.WhichOneof("value") == "json_trigger_value" and w.id.endswith("-canvas" + TRIGGER_SUFFIX)),
                       None)
        if trigger is None:
            return message
        trigger.json_trigger_value, self.pending = self.pending, None
        self.forged += 1
        return back.SerializeToString()

    def to_browser(self, message):
        if self.upload_mb is None or not isinstance(message, (bytes, bytearray)) or b"json" not in message:
            return message
        forward = ForwardMsg()
        forward.ParseFromString(bytes(message))
        if forward.WhichOneof("type") != "delta" or forward.delta.WhichOneof("type") != "new_element" or \
                forward.delta.new_element.WhichOneof("type") != "file_uploader":
            return message
        forward.delta.new_element.file_uploader.max_upload_size_mb = self.upload_mb
        self.widened += 1
        return forward.SerializeToString()


def metric_is(page, label: str, value: int) -> None:
    page.wait_for_function(r"""([label, value]) => [...document.querySelectorAll('[data-testid="stMetric"]')]
        .some((m) => m.innerText.startsWith(label) && m.innerText.replace(/\D/g, '') === String(value))""",
                           arg=[label, value], timeout=TIMEOUT)


def click_canvas(page):
    svg = page.locator(".st-key-canvas svg.mbl-svg").first
    svg.scroll_into_view_if_needed()
    box = svg.locator("rect.frame").evaluate("e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }")
    page.mouse.click(box[0] + 0.3 * box[2], box[1] + 0.3 * box[3])


def test_a_forged_message_and_a_forged_lab_file_cost_no_memory(tmp_path):
    from playwright.sync_api import sync_playwright

    lab_file = tmp_path / "forged.json"
    lab_file.write_bytes(b"[" + b"[]," * (FILE_MB * 2**20 // 3) + b"[]]")
    port = free_port()
    server = start_server(ROOT / "app.py", port)
    url = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport=VIEWPORT)
            page = context.new_page()
            forger = Forger(upload_mb=32)
            page.route_web_socket(re.compile(r".*/_stcore/stream"), forger.handle)
            page.goto(f"{url}/data")
            page.get_by_role("button", name="Generate", exact=True).click()
            metric_is(page, "Points", 120)
            page.wait_for_timeout(1000)
            before = settle(server.pid, 5)

            peak = Peak(server.pid)
            peak.start()
            forger.pending = "[" + "[]," * int(FORGED_MB * 1e6 / 3) + "[]]"
            click_canvas(page)
            page.wait_for_timeout(20_000)
            peak.stop.set()
            peak.join()
            assert forger.forged == 1, "the click's message was not rewritten"
            print(f"\nforged {FORGED_MB} MB canvas message: RSS before {before:.0f} MB, peak {peak.peak:.0f} MB "
                  f"(+{peak.peak - before:.0f} MB)", flush=True)
            assert peak.peak - before <= SPIKE_MB
            page.reload()                                   # the tab's connection was closed: a new one
            metric_is(page, "Points", 120)                  # the session (and its points) came back

            before = settle(server.pid, 5)
            peak = Peak(server.pid)
            peak.start()
            page.locator(".st-key-share_open label").first.click()
            page.locator('[data-testid="stSidebar"] input[type="file"]').wait_for(state="attached", timeout=TIMEOUT)
            page.locator('[data-testid="stSidebar"] input[type="file"]').set_input_files(str(lab_file))
            page.get_by_text(lab_file.name).first.wait_for(timeout=TIMEOUT)
            page.locator(".st-key-share_open_file button").click()
            page.get_by_text("a lab file has at most").first.wait_for(timeout=TIMEOUT)
            page.wait_for_timeout(3000)
            peak.stop.set()
            peak.join()
            assert forger.widened >= 1, "the uploader's cap was not widened"
            print(f"{FILE_MB} MB lab file of empty lists: RSS before {before:.0f} MB, peak {peak.peak:.0f} MB "
                  f"(+{peak.peak - before:.0f} MB)", flush=True)
            assert peak.peak - before <= SPIKE_MB
            metric_is(page, "Points", 120)                  # refused; the points are kept
            context.close()
            browser.close()
    finally:
        _stop(server)


def point_file(tmp_path, index: int):
    """The ``index``-th distinct CSV of 100,000 points in two classes (the Perceptron and Winnow pages are binary)."""
    path = tmp_path / f"set{index}.csv"
    lines = ["x1,x2,label"] + [f"{(i % 997) * 0.013 - 6.5 + index * 0.001:.6f},{(i % 991) * -0.011 + 5.4:.6f},"
                              f"{'AB'[i % 2]}" for i in range(ROWS)]
    path.write_text("\n".join(lines) + "\n")
    return path


def every_page(browser, url: str, path) -> None:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        page.goto(f"{url}/data")
        page.wait_for_selector('[data-testid="stFileUploader"]', timeout=TIMEOUT)
        page.locator('[data-testid="stFileUploader"] input[type=file]').first.set_input_files(str(path))
        page.get_by_text(path.name).first.wait_for(timeout=TIMEOUT)
        page.get_by_role("button", name="Import", exact=True).click()
        metric_is(page, "Points", ROWS)
        for name in PAGES:
            start = time.perf_counter()
            page.locator('[data-testid="stSidebarNav"] a', has_text=name).first.click()
            page.wait_for_url(f"**/{name.lower()}**", timeout=TIMEOUT)
            page.get_by_text("This run shows its first").first.wait_for(timeout=TIMEOUT)
            page.locator(".mbl-tl[data-trial]").first.wait_for(state="attached", timeout=TIMEOUT)
            if name == "Priority":
                page.get_by_text("The baselines are fitted on a seeded sample").first.wait_for(timeout=TIMEOUT)
            if name == "Multiclass":
                page.get_by_text("Multi-vector ≡ all-pair").first.wait_for(timeout=TIMEOUT)
            print(f"{path.name} {name}: {time.perf_counter() - start:.1f} s", flush=True)
    finally:
        context.close()


def test_six_large_sets_on_every_page_leave_nothing_once_their_sessions_expired(tmp_path):
    from playwright.sync_api import sync_playwright

    ttl = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["server"]["disconnectedSessionTTL"]
    paths = [point_file(tmp_path, index) for index in range(SETS + 1)]
    port = free_port()
    server = start_server(ROOT / "app.py", port)
    url = f"http://127.0.0.1:{port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            every_page(browser, url, paths[0])                 # warm: every code path once
            baseline = settle(server.pid, ttl + 20)
            peak = baseline
            for index, path in enumerate(paths[1:], 1):
                every_page(browser, url, path)
                peak = max(peak, rss_mb(server.pid))
                print(f"\nset {index}: server RSS {rss_mb(server.pid):.0f} MB", flush=True)
            browser.close()
        after = settle(server.pid, ttl + 20)
        print(f"\nwarm baseline {baseline:.0f} MB, peak {peak:.0f} MB, after {SETS} sets on every page closed and "
              f"the TTL ({ttl} s) passed: {after:.0f} MB (+{after - baseline:.0f} MB)", flush=True)
        assert after - baseline <= RELEASED_MB
    finally:
        _stop(server)
