"""Fixtures of the proxy suite: ``python -m deploy`` (two lab workers behind HAProxy) started per module.

Run separately (``-m proxy``; README, "A whole class at once")::

    python3 -m pytest -q -s -m proxy tests/proxy
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from deploy.haproxy import haproxy_binary
from tests.browser.conftest import CHROMIUM, ROOT, free_port

START_SECONDS = 150


class Running:
    """A started deployment: its URL, its run directory, its supervisor process."""

    def __init__(self, process: subprocess.Popen, port: int, run_dir: Path):
        self.process, self.url, self.run_dir = process, f"http://127.0.0.1:{port}", run_dir

    def state(self) -> dict:
        return json.loads((self.run_dir / "state.json").read_text())

    def worker_pid(self, name: str) -> int:
        return next(w["pid"] for w in self.state()["workers"] if w["name"] == name)

    def pids(self) -> dict[str, int]:
        return {w["name"]: w["pid"] for w in self.state()["workers"]}

    def proxy_pid(self) -> int:
        return self.state()["proxy_pid"]


def start_deployment(tmp_path: Path, workers: int = 2, respawn: bool = True, extra: tuple = ()) -> Running:
    if haproxy_binary() is None:
        pytest.skip("haproxy is not installed (apt-get install haproxy)")
    port, first = free_port(), free_port()
    while first <= port < first + workers:
        first = free_port()
    command = [sys.executable, "-m", "deploy", "--workers", str(workers), "--port", str(port),
               "--host", "127.0.0.1", "--first-worker-port", str(first), "--run-dir", str(tmp_path)] + ([] if respawn else ["--no-respawn"]) + list(extra)
    log = open(tmp_path / "deploy.log", "ab")
    process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    running = Running(process, port, tmp_path)
    deadline = time.time() + START_SECONDS
    while time.time() < deadline and process.poll() is None:
        if (tmp_path / "state.json").exists():
            try:
                with urllib.request.urlopen(running.url + "/_stcore/health", timeout=2) as response:
                    if response.status == 200:
                        return running
            except OSError:
                pass
        time.sleep(0.3)
    stop_deployment(running)
    raise RuntimeError(f"python -m deploy did not come up:\n{(tmp_path / 'deploy.log').read_text()[-2000:]}")


def stop_deployment(running: Running) -> None:
    try:
        os.killpg(running.process.pid, signal.SIGTERM)       # the supervisor stops proxy, Redis and workers
        running.process.wait(120)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(running.process.pid, signal.SIGKILL)
        running.process.wait()
        if (running.run_dir / "state.json").exists():        # what the killed supervisor left running
            state = running.state()
            for pid in [state.get("proxy_pid"), state.get("redis_pid")] + [w["pid"] for w in state["workers"]]:
                try:
                    if pid:
                        os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass


@pytest.fixture(scope="module")
def deployment(tmp_path_factory):
    """Two workers; one that dies is started again."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM}")
    running = start_deployment(tmp_path_factory.mktemp("deploy"))
    yield running
    stop_deployment(running)


@pytest.fixture
def deployment_without_respawn(tmp_path_factory):
    """Two workers; one that dies stays down, so its students must move to the other."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's chromium is not installed at {CHROMIUM}")
    running = start_deployment(tmp_path_factory.mktemp("deploy"), respawn=False)
    yield running
    stop_deployment(running)
