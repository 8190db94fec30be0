"""A hostile link does not freeze the server (issue 24).

``/perceptron?gen=moons&g.noise=`` followed by 24,000 ones and an ``x`` froze a whole server for 13.6 s:
the link reader's decimal pattern backtracked quadratically before any length check.  Here Chromium opens
that link while a thread asks ``/_stcore/health`` every 50 ms; every answer must come within 1 s (an
upper bound only: the fixed reader answers in milliseconds), and the page must say what it ignored.
"""

from __future__ import annotations

import threading
import time
import urllib.request

import pytest


from .conftest import wait_for_idle

pytestmark = [pytest.mark.browser, pytest.mark.timed]    # answer times measured: a marked suite (README)

LINK = "/perceptron?gen=moons&g.noise=" + "1" * 24_000 + "x"
LIMIT_SECONDS = 1.0


class HealthPoller(threading.Thread):
    """Asks the server's health endpoint again and again; keeps the slowest answer's time."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url, self.times, self.failures, self.stop = f"{url}/_stcore/health", [], [], threading.Event()
        self.answers = threading.Semaphore(0)             # released at every answer

    def wait_for_answers(self, count: int, timeout: float = 30.0) -> None:
        """Wait until ``count`` more answers have come (each within ``timeout`` seconds)."""
        while self.answers.acquire(blocking=False):       # only the answers from now on count
            pass
        for _ in range(count):
            assert self.answers.acquire(timeout=timeout), "the health poller got no answer"

    def run(self):
        while not self.stop.is_set():
            start = time.perf_counter()
            try:
                with urllib.request.urlopen(self.url, timeout=10) as response:
                    response.read()
            except OSError as error:
                self.failures.append(repr(error))
            self.times.append(time.perf_counter() - start)
            self.answers.release()
            self.stop.wait(0.05)                          # the poll interval


def test_the_24_kb_link_leaves_the_server_answering(page, server_url):
    page.goto(f"{server_url}/perceptron?story=thin-margin")           # the server is warm: imports done
    wait_for_idle(page)
    poller = HealthPoller(server_url)
    poller.start()
    try:
        page.goto(server_url + LINK)
        wait_for_idle(page, timeout=60_000)
        page.get_by_text("24,001 characters").first.wait_for(timeout=30_000)
        poller.wait_for_answers(10)                       # ten more answers after the page settled
    finally:
        poller.stop.set()
        poller.join(15)
    assert not poller.failures, poller.failures
    assert len(poller.times) >= 10, poller.times
    assert max(poller.times) < LIMIT_SECONDS, f"slowest health answer {max(poller.times):.2f} s"
