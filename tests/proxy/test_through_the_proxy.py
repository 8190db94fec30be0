"""Two lab workers behind HAProxy (``python -m deploy``): affinity, uploads and downloads, isolation, a
worker killed mid-run (issue 18) and the proxy killed mid-run (issue 24).  A marked suite:
``python3 -m pytest -q -s -m proxy tests/proxy``.

Which worker answered is read from the proxy's ``X-Lab-Worker`` response header, on every response a
browser context receives.  Which server session ran the student's page is read from the websocket: every
script run starts with a ``new_session`` message naming its session (``initialize.session_id``) and ends
with ``script_finished`` (Streamlit's ForwardMsg protocol, decoded with Streamlit's own protobuf classes).
The page's DOM cannot tell: the player steps in the browser, and a tab that reconnects keeps what it shows.
"""

from __future__ import annotations

import csv
import io
import os
import signal
import time
from dataclasses import dataclass

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from deploy.haproxy import COOKIE, WORKER_HEADER
from tests.browser.conftest import CHROMIUM_ARGS, VIEWPORT, screenshot, wait_idle
from tests.browser.player import focus_page, open_story, press, trial, wait_for_player

pytestmark = pytest.mark.proxy

#: generous limits for what takes seconds on a quiet machine (other test runs may share its two cores)
RECONNECT_SECONDS = 60
RUN_SECONDS = 120
CONNECTED = '[data-testid="stApp"][data-test-connection-state="CONNECTED"]'


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@dataclass(frozen=True)
class ScriptRun:
    """A script run of the student's page, as its websocket reported it."""

    finished: float              # time.monotonic() when its script_finished arrived
    socket: int                  # which of the student's websockets (0 = the first)
    session: str                 # the server session that ran it
    status: int                  # ForwardMsg.ScriptFinishedStatus


class Student:
    """One browser context: its page, the workers that answered it, its page errors, its websockets (when
    each opened) and the script runs they reported."""

    def __init__(self, browser):
        self.context = browser.new_context(viewport=VIEWPORT)
        self.page = self.context.new_page()
        self.workers: list[str] = []
        self.asked: list[tuple[float, str, str]] = []      # (when the request left, epoch seconds; worker; URL)
        self.errors: list[str] = []
        self.sockets: list[float] = []
        self.runs: list[ScriptRun] = []
        self.page.on("response", self._seen)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", self._socket)

    def _seen(self, response) -> None:
        worker = response.headers.get(WORKER_HEADER.lower())
        if worker:
            self.workers.append(worker)
            self.asked.append((response.request.timing["startTime"] / 1000, worker, response.url))

    def _socket(self, socket) -> None:
        if not socket.url.endswith("/_stcore/stream"):
            return
        number, session = len(self.sockets), [""]
        self.sockets.append(time.monotonic())

        def received(payload) -> None:
            if isinstance(payload, str):
                return
            message = ForwardMsg.FromString(payload)
            kind = message.WhichOneof("type")
            if kind == "new_session":
                session[0] = message.new_session.initialize.session_id
            elif kind == "script_finished":
                self.runs.append(ScriptRun(time.monotonic(), number, session[0], message.script_finished))

        socket.on("framereceived", received)

    def workers_since(self, moment: float) -> set[str]:
        """The workers that answered the requests sent after ``moment`` (``time.time()``), but for Streamlit's
        own scripts and styles (``/static/``: the same on every worker, and the browser's cache answers them
        with the headers of their first response)."""
        return {worker for sent, worker, url in self.asked if sent > moment and "/static/" not in url}

    def session(self) -> str:
        """The server session of the student's last finished run."""
        return self.runs[-1].session

    def wait(self, condition, what: str, seconds: float):
        """Let the page run (its events arrive meanwhile) until ``condition()`` is true; its value."""
        deadline = time.monotonic() + seconds
        while not (value := condition()):
            assert time.monotonic() < deadline, f"{what}: not within {seconds:.0f} s"
            self.page.wait_for_timeout(100)
        return value

    def reconnected_since(self, moment: float, seconds: float = RECONNECT_SECONDS) -> float:
        """Wait until the tab has a websocket opened after ``moment`` and is connected; when it opened."""
        opened = self.wait(lambda: next((t for t in self.sockets if t > moment), None),
                           "the student's tab did not reconnect", seconds)
        self.page.wait_for_selector(CONNECTED, state="attached", timeout=seconds * 1000)
        return opened

    def ran_since(self, moment: float, seconds: float = RUN_SECONDS) -> ScriptRun:
        """Wait for a complete script run of the page on a websocket opened after ``moment``."""
        return self.wait(lambda: next((run for run in self.runs if run.status == ForwardMsg.FINISHED_SUCCESSFULLY
                                       and self.sockets[run.socket] > moment), None),
                         "no server session ran the student's page", seconds)

    def interact(self) -> float:
        """A server interaction that changes no run: open (or close) the share panel; when it was clicked."""
        clicked = time.monotonic()
        self.page.locator(".st-key-share_open label").first.click()
        return clicked

    def worker(self) -> str:
        cookie = next((c["value"] for c in self.context.cookies() if c["name"] == COOKIE), None)
        return cookie or (self.workers[-1] if self.workers else "")

    def close(self) -> None:
        self.context.close()


def students_on_both_workers(browser, url, wanted: int = 2) -> list[Student]:
    """New students until two of them are on different workers (the proxy balances by connections)."""
    students, extra = [], []
    while len(students) < wanted and len(students) + len(extra) < 8:
        student = Student(browser)
        student.page.goto(f"{url}/data")
        wait_idle(student.page)
        if all(student.worker() != other.worker() for other in students):
            students.append(student)
        else:
            extra.append(student)
    for student in extra:
        student.close()
    assert len(students) == wanted, "the proxy sent eight new browsers to one worker"
    return students


def export_csv(page) -> list[dict]:
    with page.expect_download() as download:
        page.get_by_role("button", name="Export CSV").click()
    with open(download.value.path(), encoding="utf-8") as handle:
        return list(csv.DictReader(io.StringIO(handle.read())))


def import_csv(page, rows: int, offset: float) -> None:
    data = "x1,x2,label\n" + "".join(f"{offset + i},{i % 5},{'A' if i % 2 else 'B'}\n" for i in range(rows))
    page.locator('[data-testid="stFileUploader"] input[type=file]').set_input_files(
        files=[{"name": "points.csv", "mimeType": "text/csv", "buffer": data.encode()}])
    wait_idle(page)
    page.get_by_role("button", name="Import", exact=True).click()
    wait_idle(page)


def test_students_stay_on_their_worker_with_uploads_and_downloads(deployment, browser):
    students = students_on_both_workers(browser, deployment.url)
    try:
        for number, student in enumerate(students):
            import_csv(student.page, rows=10 + number, offset=100 * number)       # an upload
        for number, student in enumerate(students):
            rows = export_csv(student.page)                                     # a download
            assert len(rows) == 10 + number and float(rows[0]["x1"]) == 100 * number   # its own points
            student.page.locator('[data-testid="stSidebarNav"] a', has_text="Perceptron").first.click()
            wait_for_player(student.page)                                       # reruns over the websocket
            student.page.locator(".st-key-share_open label").first.click()
            wait_idle(student.page)
            with student.page.expect_download() as download:                    # the run as HTML
                student.page.get_by_role("button", name="Export this run as HTML").click()
            assert 'id="mbl-run"' in open(download.value.path(), encoding="utf-8").read()
        for student in students:
            seen = set(student.workers)
            print(f"\nstudent on {student.worker()}: {len(student.workers)} responses, from {sorted(seen)}")
            assert seen == {student.worker()}, f"one student's requests reached {sorted(seen)}"
            assert not student.errors
        assert students[0].worker() != students[1].worker()
        screenshot(students[0].page, "proxy-student", full_page=False)
    finally:
        for student in students:
            student.close()


def run_shown(page) -> dict:
    return page.evaluate("""() => { const root = document.querySelector('.mbl-tl');
        const player = document.querySelector('.mbl-tl-root')._mblPlayer;
        return {run: root.dataset.run, trial: Number(root.dataset.trial), points: player.payload.n_points,
                url: location.search}; }""")


def open_two_runs(students, url) -> list[dict]:
    """Each student opens a story and steps into it (the player writes the trial into the URL); what shows."""
    shown = []
    for student, (story, path, steps) in zip(students, [("xor", "perceptron", 17), ("thin-margin", "perceptron", 9)]):
        open_story(student.page, url, story, path)
        focus_page(student.page)
        press(student.page, "ArrowRight", steps)
        assert trial(student.page) == steps
        student.page.wait_for_function(f"() => location.search.includes('t={steps}')", timeout=10_000)
        shown.append(run_shown(student.page))
    return shown


@pytest.mark.parametrize("respawn", [False, True], ids=["worker stays down", "worker started again"])
def test_a_killed_worker_loses_no_students_work(request, browser, respawn):
    """Kill the worker of one of two students mid-run.  Its tab reconnects — to the other worker (the proxy's
    redispatch) or, with ``python -m deploy``'s default restart, perhaps to the new process — but Streamlit
    asks the new server session for nothing then: the page, stepping in the browser, still shows the old
    session's run, and the student goes on stepping.  The student's next server interaction (here: opening
    the share panel) makes the new session run the page from its URL.  Measured, from the websocket: when the
    tab reconnected, and when a new server session had run the page; checked: the same run (points and
    settings) at the trial the student had stepped to."""
    deployment = request.getfixturevalue("deployment" if respawn else "deployment_without_respawn")
    students = students_on_both_workers(browser, deployment.url)
    try:
        before = open_two_runs(students, deployment.url)
        victim, bystander = students
        lost, old_session = victim.worker(), victim.session()
        pid = deployment.worker_pid(lost)
        os.killpg(pid, signal.SIGKILL)
        killed, killed_at = time.monotonic(), time.time()
        reconnected = victim.reconnected_since(killed)
        press(victim.page, "ArrowRight", 3)                 # the student goes on stepping (in the browser)
        assert trial(victim.page) == before[0]["trial"] + 3
        clicked = victim.interact()
        ran = victim.ran_since(killed)
        assert ran.session != old_session                   # a new server session ran the page
        wait_idle(victim.page)
        shown = run_shown(victim.page)
        print(f"\nworker {lost} killed ({'started again' if respawn else 'left down'}): the student's tab reconnected "
              f"to {victim.worker()} after {reconnected - killed:.1f} s; a new server session ran its page "
              f"{ran.finished - clicked:.1f} s after the student's next click ({ran.finished - killed:.1f} s after the "
              f"kill); the player then showed trial {shown['trial']} (the student had stepped to "
              f"{before[0]['trial'] + 3}) of the same run: {shown['run'] == before[0]['run']}")
        assert victim.workers_since(killed_at) == {victim.worker()}   # the reconnect and the run: one worker
        if not respawn:
            assert victim.worker() != lost
        screenshot(victim.page, f"proxy-after-failover-{'respawn' if respawn else 'down'}", full_page=False)
        assert {k: shown[k] for k in ("run", "points")} == {k: before[0][k] for k in ("run", "points")}
        assert shown["trial"] == before[0]["trial"] + 3, "the new session did not keep the student's trial"
        focus_page(victim.page)                             # off the share panel's toggle
        press(victim.page, "ArrowRight")
        assert trial(victim.page) == before[0]["trial"] + 4
        # the other worker's student noticed nothing
        press(bystander.page, "ArrowRight")
        assert trial(bystander.page) == before[1]["trial"] + 1
        assert bystander.page.locator('[data-testid="stException"]').count() == 0
        assert bystander.errors == [] and set(bystander.workers) == {bystander.worker()}
        if respawn:                                         # the supervisor started the lost worker again
            deadline = time.monotonic() + 60
            while deployment.pids()[lost] == pid and time.monotonic() < deadline:
                time.sleep(0.5)
            assert deployment.pids()[lost] != pid
    finally:
        for student in students:
            student.close()


def test_a_killed_proxy_is_started_again_and_every_students_session_goes_on(deployment, browser):
    """Issue 24: SIGKILL on HAProxy.  ``python -m deploy`` starts it again; the workers are the same
    processes, each tab reconnects through the new proxy to its own worker, and Streamlit resumes its
    session there: the student's next run is by the same server session, on the same worker, and the
    player is where it was."""
    students = students_on_both_workers(browser, deployment.url)
    try:
        before = open_two_runs(students, deployment.url)
        sessions = [student.session() for student in students]
        workers = [student.worker() for student in students]
        pids, proxy = deployment.pids(), deployment.proxy_pid()
        os.kill(proxy, signal.SIGKILL)
        killed, killed_at = time.monotonic(), time.time()
        students[0].wait(lambda: deployment.proxy_pid() != proxy, "no new proxy", RECONNECT_SECONDS)
        restarted = time.monotonic()
        assert deployment.process.poll() is None and deployment.pids() == pids      # the same workers
        for number, student in enumerate(students):
            reconnected = student.reconnected_since(killed)
            clicked = student.interact()
            ran = student.ran_since(killed)
            wait_idle(student.page)
            print(f"\nproxy killed: a new one within {restarted - killed:.1f} s; student {number + 1}'s tab "
                  f"reconnected after {reconnected - killed:.1f} s; its next click ran "
                  f"{'in the same' if ran.session == sessions[number] else 'in a NEW'} session on "
                  f"{student.worker()} after {ran.finished - clicked:.1f} s")
            assert ran.session == sessions[number], "the student's server session was lost"
            assert student.worker() == workers[number] and student.workers_since(killed_at) == {workers[number]}
            assert run_shown(student.page) == before[number]          # the player's run, trial and URL
            focus_page(student.page)                # off the share panel's toggle
            press(student.page, "ArrowRight")
            assert trial(student.page) == before[number]["trial"] + 1
            assert not student.errors
        screenshot(students[0].page, "proxy-after-proxy-restart", full_page=False)
    finally:
        for student in students:
            student.close()
