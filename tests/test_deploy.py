"""``python -m deploy`` (issues 18, 24, 25): the proxy configuration, its arguments, real starts and stops.

The browser-level checks (affinity, uploads, failover, a class under load) are the marked proxy suite in
tests/proxy; here what runs in seconds on a quiet machine: the configuration HAProxy itself validates, the
command starting two workers behind the proxy, answering through it and stopping everything on Ctrl-C, and a
killed proxy started again with the same workers.  Waits are on conditions with generous deadlines
(``PATIENCE``): other test runs may share the machine's two cores (issue 25).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from deploy.__main__ import parse
from deploy.haproxy import COOKIE, WORKER_HEADER, check_config, haproxy_binary, haproxy_config, workers_on
from deploy.supervisor import Deployment, redis_binary
from lab.room_store import REDIS_URL_VARIABLE
from tests.browser.conftest import ROOT, free_port

needs_haproxy = pytest.mark.skipif(haproxy_binary() is None, reason="haproxy is not installed (apt-get install haproxy)")


def test_the_configuration_has_affinity_health_checks_failover_and_a_private_metrics_path():
    text = haproxy_config(workers_on(8601, 3), port=8080)
    assert f"cookie {COOKIE} insert indirect nocache" in text           # affinity by cookie, not by address
    assert "balance source" not in text
    assert "option httpchk GET /_stcore/health" in text and "fall 3 rise 2" in text and "timeout check 5s" in text
    assert "option redispatch" in text and "option persist" in text and "timeout tunnel 1h" in text
    assert "path,url_dec -m beg /_stcore/metrics" in text
    assert f"set-header {WORKER_HEADER} %[srv_name]" in text
    servers = [line.split() for line in text.splitlines() if line.strip().startswith("server ")]
    assert servers == [["server", f"w{i}", f"127.0.0.1:{8600 + i}", "cookie", f"w{i}"] for i in (1, 2, 3)]


def test_no_client_can_hold_the_proxy():
    """Issue 35: 4,200 half-sent requests from one script made everyone wait 20 s (maxconn 4096, a 30 s request
    timeout, no per-source limit).  The head of a request must now arrive within seconds, and one address holds at
    most a lecture hall's connections and requests (the flood itself: tests/proxy/test_flood.py)."""
    from deploy.haproxy import MAX_CONNECTIONS, PER_SOURCE_CONNECTIONS, PER_SOURCE_REQUESTS, REQUEST_HEAD_SECONDS

    text = haproxy_config(workers_on(8601, 2), port=8080)
    lines = {line.strip() for line in text.splitlines()}
    assert f"timeout http-request {REQUEST_HEAD_SECONDS}s" in lines and REQUEST_HEAD_SECONDS <= 10
    assert "tcp-request connection track-sc0 src" in lines
    assert f"tcp-request connection reject if {{ sc_conn_cur(0) gt {PER_SOURCE_CONNECTIONS} }}" in lines
    assert f"http-request deny deny_status 429 if {{ sc_http_req_rate(0) gt {PER_SOURCE_REQUESTS} }}" in lines
    assert PER_SOURCE_CONNECTIONS < MAX_CONNECTIONS / 3          # one address never holds most of the proxy
    assert PER_SOURCE_CONNECTIONS >= 300 * 8                      # a class of 300 behind one NAT, loading pages
    lowered = haproxy_config(workers_on(8601, 2), port=8080, per_source_connections=50, per_source_requests=99)
    assert "sc_conn_cur(0) gt 50" in lowered and "sc_http_req_rate(0) gt 99" in lowered
    assert parse(["--per-source-connections", "50"]).per_source_connections == 50
    with pytest.raises(SystemExit):
        parse(["--per-source-requests", "0"])


@needs_haproxy
def test_haproxy_accepts_the_configuration_and_refuses_a_broken_one(tmp_path):
    good = tmp_path / "good.cfg"
    good.write_text(haproxy_config(workers_on(8601, 2), port=8080))
    assert "valid" in check_config(good).lower()
    broken = tmp_path / "broken.cfg"
    broken.write_text(haproxy_config(workers_on(8601, 2), port=8080).replace("balance leastconn", "balance sideways"))
    with pytest.raises(ValueError, match="HAProxy refuses"):
        check_config(broken)


@pytest.mark.parametrize("count, first", [(0, 8601), (2, 80), (3, 65534)])
def test_impossible_workers_are_refused(count, first):
    with pytest.raises(ValueError):
        workers_on(first, count)


def test_the_command_defaults_to_one_worker_per_core_and_refuses_nonsense(capsys):
    assert parse([]).workers == (os.cpu_count() or 1) and parse([]).port == 8080
    assert parse([]).redis_port is None and parse(["--redis-port", "6390"]).redis_port == 6390
    for wrong in (["--workers", "0"], ["--port", "70000"], ["--workers", "two"], ["--redis-port", "0"]):
        with pytest.raises(SystemExit):
            parse(wrong)
    assert "--workers" in capsys.readouterr().err


def test_the_rooms_redis_may_not_take_the_proxys_or_a_workers_port(capsys):
    from deploy.__main__ import main

    assert main(["--workers", "2", "--port", "9100", "--first-worker-port", "9200", "--redis-port", "9201"]) == 2
    assert "--redis-port 9201" in capsys.readouterr().err


#: seconds a condition may take on a busy machine (other test runs share its 2 cores): generous limits on
#: things that happen in seconds when the machine is quiet, never a required speed (issue 25)
PATIENCE = 300


def fetch(url: str, worker: str | None = None):
    """GET ``url`` (as a browser pinned to ``worker`` by the affinity cookie, if given)."""
    request = urllib.request.Request(url, headers={"Cookie": f"{COOKIE}={worker}"} if worker else {})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, response.headers, response.read()


def wait_for(condition, what: str, seconds: float = PATIENCE):
    """Poll ``condition`` until it returns something true; that value, or a failure naming ``what``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.3)
    pytest.fail(f"{what}: not within {seconds:.0f} s")


def start_deploy(run_dir, port: int, *, sigint_ignored: bool = False, extra: tuple = ()) -> subprocess.Popen:
    """``python -m deploy`` with two workers on 127.0.0.1; returns once its state file is written.

    ``sigint_ignored``: started as a shell starts a background job (``command &`` without job control), with
    SIGINT ignored — a disposition every program it starts inherits."""
    first = free_port()
    while first <= port <= first + 1:
        first = free_port()
    process = subprocess.Popen([sys.executable, "-m", "deploy", "--workers", "2", "--port", str(port), "--host",
                                "127.0.0.1", "--first-worker-port", str(first), "--run-dir", str(run_dir), *extra],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
                               preexec_fn=(lambda: signal.signal(signal.SIGINT, signal.SIG_IGN)) if sigint_ignored else None)
    wait_for(lambda: (run_dir / "state.json").exists() or process.poll() is not None, "python -m deploy started")
    assert process.poll() is None, process.communicate()[0].decode()
    return process


def end(process: subprocess.Popen, run_dir) -> None:
    """After a test, failed or not: no deployment left running.  The supervisor is asked to stop (it stops
    its children) and killed only if it does not; then whatever it started and left is killed too."""
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.communicate(timeout=PATIENCE)
        return
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
    if (run_dir / "state.json").exists():
        state = read_state(run_dir)
        for pid in [state.get("proxy_pid"), state.get("redis_pid")] + [w["pid"] for w in state["workers"]]:
            if pid and not gone(pid):
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass


def read_state(run_dir) -> dict:
    return json.loads((run_dir / "state.json").read_text())


def gone(pid: int) -> bool:
    """Whether process ``pid`` has exited (gone, or a zombie its parent has not reaped yet)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def answers(url: str, worker: str) -> bool:
    """Whether the proxy at ``url`` passes a browser pinned to ``worker`` to that worker, which answers."""
    try:
        status, headers, body = fetch(f"{url}/_stcore/health", worker)
    except OSError:
        return False
    return status == 200 and body == b"ok" and headers[WORKER_HEADER] == worker


@needs_haproxy
@pytest.mark.parametrize("sigint_ignored", [False, True], ids=["from a terminal", "as a background job"])
def test_deploy_serves_the_lab_through_the_proxy_and_stops_everything_on_ctrl_c(tmp_path, sigint_ignored):
    """Issue 25: this test hung when the test run was a background job of a shell: Python then leaves SIGINT
    ignored, so the supervisor never saw the Ctrl-C; the test gave up and killed it, and its workers ran on
    without it.  The supervisor now takes SIGINT itself."""
    port = free_port()
    process = start_deploy(tmp_path, port, sigint_ignored=sigint_ignored)
    try:
        state = read_state(tmp_path)
        status, headers, body = fetch(f"http://127.0.0.1:{port}/")
        assert status == 200 and b"<html" in body.lower()
        assert headers[WORKER_HEADER] in ("w1", "w2") and f"{COOKIE}={headers[WORKER_HEADER]}" in headers["Set-Cookie"]
        assert fetch(f"http://127.0.0.1:{port}/_stcore/health")[2] == b"ok"
        for hidden in ("/_stcore/metrics", "/_stcore/%6Detrics"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                fetch(f"http://127.0.0.1:{port}{hidden}")
            assert refused.value.code == 404
        children = [state["proxy_pid"]] + [worker["pid"] for worker in state["workers"]]
        os.killpg(process.pid, signal.SIGINT)                       # Ctrl-C
        output = process.communicate(timeout=PATIENCE)[0].decode()
        assert process.returncode == 0 and "stopped" in output
        for pid in children:
            wait_for(lambda: gone(pid), f"process {pid} stopped")
    finally:
        end(process, tmp_path)


@needs_haproxy
def test_a_killed_proxy_is_started_again_and_every_worker_is_kept(tmp_path):
    """Issue 24: SIGKILL on HAProxy ended the class (the supervisor stopped every worker and exited).  Now the
    supervisor starts the proxy again; the workers are the same processes (their sessions live on) and
    answer through the new proxy, each to the browsers pinned to it."""
    port = free_port()
    process = start_deploy(tmp_path, port)
    url = f"http://127.0.0.1:{port}"
    try:
        before = read_state(tmp_path)
        workers = {worker["name"]: worker["pid"] for worker in before["workers"]}
        for name in workers:
            wait_for(lambda: answers(url, name), f"worker {name} answering through the proxy")
        os.kill(before["proxy_pid"], signal.SIGKILL)
        wait_for(lambda: process.poll() is not None or read_state(tmp_path)["proxy_pid"] != before["proxy_pid"],
                 "a new proxy in state.json")
        assert process.poll() is None, "the supervisor exited when the proxy died"
        after = read_state(tmp_path)
        assert gone(before["proxy_pid"]) and not gone(after["proxy_pid"])
        assert after["proxy_restarts"] == 1 and after["restarts"] == 0
        assert {worker["name"]: worker["pid"] for worker in after["workers"]} == workers    # the same processes
        for name in workers:
            wait_for(lambda: answers(url, name), f"worker {name} answering through the new proxy")
        assert all(not gone(pid) for pid in workers.values())
        os.killpg(process.pid, signal.SIGTERM)
        output = process.communicate(timeout=PATIENCE)[0].decode()
        assert process.returncode == 0 and "haproxy exited" in output and "starting it again" in output
        for pid in [after["proxy_pid"], *workers.values()]:
            wait_for(lambda: gone(pid), f"process {pid} stopped")
    finally:
        end(process, tmp_path)


#: a child that, asked to stop (SIGTERM), exits cleanly only once all three children were asked
POLITE_CHILD = """
import pathlib, signal, sys, time
folder, me = pathlib.Path(sys.argv[1]), sys.argv[2]
def stop(*_):
    (folder / f"asked-{me}").touch()
    deadline = time.monotonic() + 600
    while len(list(folder.glob("asked-*"))) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    sys.exit(0)
signal.signal(signal.SIGTERM, stop)
(folder / f"ready-{me}").touch()
while True:
    time.sleep(1)
"""


@needs_haproxy
def test_stopping_asks_every_child_at_once(tmp_path):
    """Issue 25: Ctrl-C asked one child after the other, each given 10 s before the next was asked, so a
    busy machine's slow shutdowns added up.  Now all are asked at once and share one grace period: three
    children that each wait for the others to be asked all exit cleanly (before, the first two were
    killed when their grace ran out)."""
    deployment = Deployment(workers_on(8601, 3), free_port(), run_dir=tmp_path / "run")
    deployment.processes = {f"w{n}": subprocess.Popen([sys.executable, "-c", POLITE_CHILD, str(tmp_path), str(n)],
                                                      start_new_session=True) for n in range(3)}
    try:
        wait_for(lambda: len(list(tmp_path.glob("ready-*"))) == 3, "the children ready")
        deployment.stop()
        assert [child.returncode for child in deployment.processes.values()] == [0, 0, 0]
    finally:
        for child in deployment.processes.values():
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)


def environment_of(pid: int) -> dict[str, str]:
    with open(f"/proc/{pid}/environ", "rb") as handle:
        return dict(item.decode().split("=", 1) for item in handle.read().split(b"\0") if b"=" in item)


@needs_haproxy
@pytest.mark.skipif(redis_binary() is None, reason="redis-server is not installed (apt-get install redis-server)")
def test_deploy_runs_the_rooms_redis_and_starts_it_again_with_its_data(tmp_path):
    """The class rooms' one store (lab/room_store.py): ``python -m deploy`` starts Redis on the loopback
    interface, hands every worker its URL, and a Redis that dies is started again on the same port from
    its append-only file: what was written before is still there, the workers untouched."""
    import redis

    port, redis_port = free_port(), free_port()
    while redis_port == port:
        redis_port = free_port()
    process = start_deploy(tmp_path, port, extra=("--redis-port", str(redis_port)))    # the operator's port
    try:
        before = read_state(tmp_path)
        url = before["redis_url"]
        assert url == f"redis://127.0.0.1:{redis_port}/0"
        assert all(environment_of(worker["pid"])[REDIS_URL_VARIABLE] == url for worker in before["workers"])
        client = redis.Redis.from_url(url, socket_timeout=30)
        client.set("room:TEST:state", '{"t": 7}')
        # a memory cap that refuses writes when full, on the loopback interface only (issue 35)
        config = tmp_path / "redis.conf"
        assert {"maxmemory-policy noeviction", "bind 127.0.0.1"} <= set(config.read_text().splitlines())
        os.kill(before["redis_pid"], signal.SIGKILL)
        wait_for(lambda: process.poll() is not None or read_state(tmp_path)["redis_pid"] != before["redis_pid"],
                 "a new Redis in state.json")
        assert process.poll() is None, "the supervisor exited when Redis died"
        after = read_state(tmp_path)
        assert after["redis_url"] == url and after["redis_restarts"] == 1 and after["workers"] == before["workers"]

        def stored():
            try:
                return client.get("room:TEST:state")
            except redis.RedisError:                # still loading its file
                return None

        assert wait_for(stored, "the room's state back") == b'{"t": 7}'
        os.killpg(process.pid, signal.SIGTERM)
        process.communicate(timeout=PATIENCE)
        wait_for(lambda: gone(after["redis_pid"]), "Redis stopped")
    finally:
        end(process, tmp_path)


@needs_haproxy
def test_a_killed_supervisor_takes_its_workers_proxy_and_redis_with_it(tmp_path):
    """SIGKILL on the supervisor runs none of its code; its children (each in a session of its own) kept the
    port and the memory with nobody to watch them.  Now the kernel stops them when it dies."""
    port = free_port()
    process = start_deploy(tmp_path, port)
    try:
        state = read_state(tmp_path)
        children = [state["proxy_pid"], *[worker["pid"] for worker in state["workers"]]]
        children += [state["redis_pid"]] if state.get("redis_pid") else []
        assert all(not gone(pid) for pid in children)
        process.kill()                                   # the supervisor alone, not its children's groups
        process.communicate(timeout=PATIENCE)
        for pid in children:
            wait_for(lambda: gone(pid), f"child {pid} of the killed supervisor stopped", seconds=60)
    finally:
        end(process, tmp_path)
        for pid in children if "children" in locals() else []:
            if not gone(pid):
                os.killpg(pid, signal.SIGKILL)
