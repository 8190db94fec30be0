"""``python -m deploy`` (issue 18): the proxy configuration, its arguments, and one real start and stop.

The browser-level checks (affinity, uploads, failover, a class under load) are the marked proxy suite in
tests/proxy; here what runs in seconds: the configuration HAProxy itself validates, and the command starting
two workers behind the proxy, answering through it, and stopping everything on Ctrl-C.
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

import pytest

from deploy.__main__ import parse
from deploy.haproxy import COOKIE, WORKER_HEADER, check_config, haproxy_binary, haproxy_config, workers_on
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
    for wrong in (["--workers", "0"], ["--port", "70000"], ["--workers", "two"]):
        with pytest.raises(SystemExit):
            parse(wrong)
    assert "--workers" in capsys.readouterr().err


def fetch(url: str):
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.headers, response.read()


@needs_haproxy
def test_deploy_serves_the_lab_through_the_proxy_and_stops_everything_on_ctrl_c(tmp_path):
    port, first = free_port(), free_port()
    process = subprocess.Popen([sys.executable, "-m", "deploy", "--workers", "2", "--port", str(port), "--host",
                                "127.0.0.1", "--first-worker-port", str(first), "--run-dir", str(tmp_path)],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.time() + 120
        while not (tmp_path / "state.json").exists() and time.time() < deadline and process.poll() is None:
            time.sleep(0.3)
        state = json.loads((tmp_path / "state.json").read_text())
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
        output = process.communicate(timeout=60)[0].decode()
        assert process.returncode == 0 and "stopped" in output
        for pid in children:
            assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z"
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
