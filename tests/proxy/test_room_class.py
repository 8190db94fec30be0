"""A class in one room through the proxy (issue 29): 1 teacher + 60 students on ``python -m deploy --workers 2``
with its Redis.  A marked suite: ``python3 -m pytest -q -s -m proxy tests/proxy/test_room_class.py``.

The teacher and ``ROOM_BROWSERS`` (default 3) students are Chromium tabs; the other students are light
clients (as in test_class_load.py, a browser tab costs this 2-core machine more than the lab does): each
opens the teacher's page by its link over Streamlit's websocket protocol — the server builds the page and
the player's payload for it, the cost of a student joining — then follows the room as components/room.js
does, by long polls of ``/room/<code>/state`` with its own affinity cookie, and answers the class's question.

Measured and printed: join time (link opened → page finished, light students; → player drawn, browsers)
p50/p95; follow latency (the teacher's Step → each student holds the new trial) p50/p95; a 60-answer poll
counted exactly; a worker killed mid-lesson (its students back at the teacher's trial within 10 s); Redis
killed mid-lesson (python -m deploy starts it again from its append-only file: the room resumes); each
worker's RSS.  Checked: the poll's counts, p95 follow ≤ 1 s, p95 join ≤ 3 s, recovery ≤ 10 s.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import statistics
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT
from tests.load.test_many_users import cpu_seconds, percentile, rss_mb

from .conftest import start_deployment, stop_deployment
from .light_client import affinity_cookie, open_link

pytestmark = pytest.mark.proxy

STUDENTS = int(os.environ.get("ROOM_STUDENTS", "60"))
BROWSERS = min(STUDENTS, int(os.environ.get("ROOM_BROWSERS", "3")))
JOIN_WINDOW = 30.0                    # every student arrives within 30 s
STEPS = 10
READY = """() => { const r = document.querySelector('.mbl-tl'); return r && r.dataset.trial !== undefined
                   && r.querySelector('.mbl-tl-curvesplot')._fullLayout; }"""


class LightStudent:
    """A student without a browser: joins by the link, follows by long polls, answers over HTTP."""

    def __init__(self, url: str, code: str, index: int):
        self.url, self.code, self.index = url, code, index
        self.cookie, self.worker = affinity_cookie(url, None)
        self.participant = ""                                   # handed by the room when this student joins
        self.version, self.trial, self.seen = -1, None, {}       # trial → when this student first held it
        self.errors, self.stop = [], threading.Event()

    def join(self, link: str) -> float:
        opened = asyncio.run(open_link(self.url, link, self.cookie))
        if opened.exceptions:
            self.errors.append(opened.exceptions[0])
        self.participant = opened.participant
        return opened.seconds

    def request(self, method: str, path: str, body=None, timeout: float = 30):
        data = None if body is None else json.dumps(body).encode()
        headers = {"Cookie": self.cookie, "X-Room-Participant": self.participant}
        if data is not None:                                   # as a page of the lab posts: JSON, from its origin
            headers.update({"Content-Type": "application/json", "Origin": self.url})
        request = urllib.request.Request(f"{self.url}/room/{self.code}/{path}", data=data, headers=headers, method=method)
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read())

    def follow(self) -> None:
        while not self.stop.is_set():
            try:
                state = self.request("GET", f"state?since={self.version}")
            except (urllib.error.URLError, OSError, ValueError) as error:
                self.errors.append(f"follow: {error}")
                time.sleep(0.5)
                continue
            self.version = state["version"]
            self.state = state
            if state["t"] not in self.seen:
                self.seen[state["t"]] = time.monotonic()
            self.trial = state["t"]

    def answer(self, poll: dict, value) -> str:
        return self.request("POST", "answer", {"participant": self.participant, "poll": poll["id"], "round": poll["round"],
                                                "value": value})["answer"]


def _trial(page) -> int:
    return int(page.eval_on_selector(".mbl-tl", "root => root.dataset.trial"))


def test_a_class_of_sixty_follows_answers_and_survives_faults(tmp_path):
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    running = start_deployment(tmp_path)
    assert running.state().get("redis_url"), "python -m deploy must start Redis for the rooms"
    lights: list[LightStudent] = []
    with sync_playwright() as playwright, ThreadPoolExecutor(max_workers=STUDENTS + 4) as pool:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            teacher = chromium.new_context(viewport=VIEWPORT).new_page()
            teacher.set_default_timeout(120_000)
            teacher.goto(f"{running.url}/perceptron?story=wide-margin")
            teacher.wait_for_function(READY)
            teacher.locator('[data-testid="stSidebar"] summary', has_text="Class room").first.click()
            teacher.locator(".st-key-room_start button").click()
            teacher.wait_for_selector('.mbl-room[data-role="teacher"]')
            code = teacher.eval_on_selector(".mbl-room", "bar => bar.dataset.code")
            teacher.wait_for_timeout(500)
            room = json.loads(urllib.request.urlopen(f"{running.url}/room/{code}/state", timeout=30).read())
            link = f"/{room['page']}?" + "&".join(f"{k}={v}" for k, v in room["query"].items()) + f"&room={code}"

            # ---- joining: every student arrives within JOIN_WINDOW seconds
            lights = [LightStudent(running.url, code, i) for i in range(STUDENTS - BROWSERS)]
            spacing = JOIN_WINDOW / max(1, STUDENTS)
            join_light = []

            def arrive(student, delay):
                time.sleep(delay)
                join_light.append(student.join(link))
                pool.submit(student.follow)

            arrivals = [pool.submit(arrive, s, i * spacing) for i, s in enumerate(lights)]
            browsers, join_browser = [], []
            for i in range(BROWSERS):
                page = chromium.new_context(viewport=VIEWPORT).new_page()
                page.set_default_timeout(120_000)
                began = time.monotonic()
                page.goto(f"{running.url}/?room={code}")
                page.wait_for_url("**/perceptron?**")
                page.wait_for_function(READY)
                page.wait_for_selector('.mbl-room[data-following="1"]')
                join_browser.append(time.monotonic() - began)
                browsers.append(page)
            for future in arrivals:
                future.result(timeout=600)
            joins = join_light + join_browser
            print(f"\njoin: light p50 {percentile(join_light, .5):.2f} s p95 {percentile(join_light, .95):.2f} s; "
                  f"browsers {', '.join(f'{s:.1f}' for s in join_browser)} s")

            # ---- following: each Step of the teacher reaches every student
            pids = [w["pid"] for w in running.state()["workers"]]
            cpu_before, began_follow = sum(cpu_seconds(pid) for pid in pids), time.monotonic()
            follow = []
            for _ in range(STEPS):
                teacher.keyboard.press("ArrowRight")
                t = _trial(teacher)
                sent = time.monotonic()
                deadline = sent + 20
                while time.monotonic() < deadline and not all(t in s.seen for s in lights):
                    time.sleep(0.02)
                for page in browsers:
                    page.wait_for_function(f"() => document.querySelector('.mbl-tl').dataset.trial === '{t}'")
                    follow.append(time.monotonic() - sent)
                follow += [s.seen[t] - sent for s in lights if t in s.seen]
                assert all(t in s.seen for s in lights), f"trial {t} did not reach every light student"
                time.sleep(0.4)
            print(f"follow: p50 {percentile(follow, .5) * 1000:.0f} ms p95 {percentile(follow, .95) * 1000:.0f} ms "
                  f"over {len(follow)} deliveries")
            cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
            following = time.monotonic() - began_follow
            print(f"following cost: {cpu:.2f} CPU-s of the workers in {following:.1f} s for {STUDENTS} students "
                  f"({cpu / following / STUDENTS * 1000:.1f} ms of CPU per student per second); "
                  f"join: {sum(join_light) / len(join_light):.2f} s per light student (mean)")

            # ---- a poll of the whole class, counted exactly
            teacher.locator('[data-room="pose"]').first.click()
            teacher.wait_for_selector(".mbl-room-chart, .mbl-room-question")
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and not all(getattr(s, "state", {}).get("poll") for s in lights):
                time.sleep(0.05)
            poll = lights[0].state["poll"]
            choices = [i % 4 == 0 for i in range(len(lights))]
            verdicts = list(pool.map(lambda pair: pair[0].answer(poll, 0 if pair[1] else 1), zip(lights, choices)))
            assert verdicts == ["counted"] * len(lights)
            for i, page in enumerate(browsers):
                page.wait_for_selector(".mbl-room-form")
                page.locator(".mbl-room-option input").nth(i % 2).check()
                page.locator('[data-room="answer"]').click()
                page.wait_for_selector(".mbl-room-sent")
            expected = [sum(choices) + sum(1 for i in range(BROWSERS) if i % 2 == 0),
                        len(choices) - sum(choices) + sum(1 for i in range(BROWSERS) if i % 2 == 1)]
            teacher.wait_for_function(f"() => /{STUDENTS} answers/.test(document.querySelector('.mbl-room-chart figcaption')?.textContent || '')",
                                      timeout=30_000)
            counts = teacher.eval_on_selector_all(".mbl-room-bars td", "cells => cells.map((c) => Number(c.dataset.count))")
            print(f"poll: {STUDENTS} answers counted {counts} (expected {expected})")
            assert counts == expected
            teacher.locator('[data-room="reveal"]').click()

            # ---- a worker killed mid-lesson: its students are back at the teacher's trial within 10 s
            victim = running.state()["workers"][0]
            os.kill(victim["pid"], signal.SIGKILL)
            teacher.keyboard.press("ArrowRight")
            teacher.keyboard.press("ArrowRight")
            t = _trial(teacher)
            sent = time.monotonic()
            for page in browsers:
                page.wait_for_function(f"() => document.querySelector('.mbl-tl').dataset.trial === '{t}'", timeout=30_000)
            while time.monotonic() < sent + 30 and not all(t in s.seen for s in lights):
                time.sleep(0.05)
            back = time.monotonic() - sent
            print(f"worker {victim['name']} killed: every student at trial {t} after {back:.2f} s")
            assert back <= 10

            # ---- Redis killed mid-lesson: started again from its file, the room resumes
            redis_pid = running.state()["redis_pid"]
            os.kill(redis_pid, signal.SIGKILL)
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and running.state().get("redis_pid") in (None, redis_pid):
                time.sleep(0.2)
            assert running.state()["redis_pid"] != redis_pid, "python -m deploy did not start Redis again"
            time.sleep(1)
            teacher.keyboard.press("ArrowRight")
            t = _trial(teacher)
            sent = time.monotonic()
            while time.monotonic() < sent + 30 and not all(t in s.seen for s in lights):
                time.sleep(0.05)
            resumed = time.monotonic() - sent
            print(f"Redis killed and restarted: every light student at trial {t} after {resumed:.2f} s")
            assert all(t in s.seen for s in lights)

            memory = {w["name"]: rss_mb(w["pid"]) for w in running.state()["workers"]}
            print("worker RSS: " + ", ".join(f"{name} {mb:.0f} MB" for name, mb in memory.items()))
            errors = [e for s in lights for e in s.errors if not e.startswith("follow:")]
            assert not errors, errors[:3]
            assert percentile(follow, .95) <= 1.0
            assert percentile(joins, .95) <= 3.0, statistics.quantiles(joins, n=20)
        finally:
            for student in lights:
                student.stop.set()
            chromium.close()
            stop_deployment(running)
