"""Two lab workers behind HAProxy (``python -m deploy``): affinity, uploads and downloads, isolation, and
a worker killed mid-run (issue 18).  A marked suite: ``python3 -m pytest -q -s -m proxy tests/proxy``.

Which worker answered is read from the proxy's ``X-Lab-Worker`` response header, on every response a
browser context receives.
"""

from __future__ import annotations

import csv
import io
import os
import signal
import time

import pytest

from deploy.haproxy import COOKIE, WORKER_HEADER
from tests.browser.conftest import CHROMIUM_ARGS, VIEWPORT, screenshot, wait_idle
from tests.browser.player import focus_page, open_story, press, trial, wait_for_player

pytestmark = pytest.mark.proxy

RECONNECT_SECONDS = 10


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Student:
    """One browser context: its page, the workers that answered it, its page errors."""

    def __init__(self, browser):
        self.context = browser.new_context(viewport=VIEWPORT)
        self.page = self.context.new_page()
        self.workers: list[str] = []
        self.errors: list[str] = []
        self.page.on("response", self._seen)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _seen(self, response) -> None:
        worker = response.headers.get(WORKER_HEADER.lower())
        if worker:
            self.workers.append(worker)

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


@pytest.mark.parametrize("respawn", [False, True], ids=["worker stays down", "worker started again"])
def test_a_killed_worker_loses_no_students_work(request, browser, respawn):
    """Kill the worker of one of two students mid-run.  Without a restart its student's tab reconnects
    to the other worker (the proxy's redispatch); with one (``python -m deploy``'s default) it may reach the
    new process.  Either way: the same run (points and settings), trial and URL within 10 s."""
    deployment = request.getfixturevalue("deployment" if respawn else "deployment_without_respawn")
    students = students_on_both_workers(browser, deployment.url)
    try:
        stories = [("xor", "perceptron", 17), ("thin-margin", "perceptron", 9)]
        before = []
        for student, (story, path, steps) in zip(students, stories):
            open_story(student.page, deployment.url, story, path)
            focus_page(student.page)
            press(student.page, "ArrowRight", steps)
            assert trial(student.page) == steps
            student.page.wait_for_function(f"() => location.search.includes('t={steps}')", timeout=10_000)
            before.append(run_shown(student.page))
        victim, bystander = students
        lost = victim.worker()
        pid = deployment.worker_pid(lost)
        answered = len(victim.workers)
        os.killpg(pid, signal.SIGKILL)
        killed = time.monotonic()
        while len(victim.workers) == answered:                                   # the tab reconnects
            assert time.monotonic() - killed < RECONNECT_SECONDS, "the student's tab did not reconnect"
            victim.page.wait_for_timeout(100)
        wait_idle(victim.page)                              # its new session has run the page from the URL
        victim.page.wait_for_function(
            """([run, t]) => { const root = document.querySelector('.mbl-tl');
                 return root && root.dataset.run === run && Number(root.dataset.trial) === t; }""",
            arg=[before[0]["run"], before[0]["trial"]], timeout=max(1, RECONNECT_SECONDS - (time.monotonic() - killed)) * 1000)
        back_after = time.monotonic() - killed
        wait_idle(victim.page)
        assert run_shown(victim.page) == before[0]          # same run (points and settings), trial and URL
        if not respawn:
            assert victim.worker() != lost and set(victim.workers[answered:]) == {victim.worker()}
        screenshot(victim.page, f"proxy-after-failover-{'respawn' if respawn else 'down'}", full_page=False)
        print(f"\nworker {lost} killed ({'started again' if respawn else 'left down'}): its student was back on "
              f"{victim.worker()} at the same run and trial after {back_after:.1f} s")
        press(victim.page, "ArrowRight")
        assert trial(victim.page) == before[0]["trial"] + 1
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
