"""The proxy in front of the lab's workers: an HAProxy configuration (Debian's ``haproxy`` package).

One frontend, one backend of ``streamlit run`` workers on the loopback interface:

* **Cookie affinity** (``cookie LABWORKER insert``): the proxy picks a worker for a browser's first request
  and sets a cookie naming it; every later request of that browser — reruns over the websocket, uploads,
  downloads, media — goes to the same worker, where its Streamlit session lives.  Not the client's IP: a
  class behind one NAT would all land on one worker.
* **Websockets** pass through (HTTP/1.1 upgrade); ``timeout tunnel`` keeps an open tab's socket for an hour
  of silence.
* **Health checks** on ``/_stcore/health`` every second (5 s to answer: a worker busy building runs can be
  slow): a worker failing three in a row gets no new browsers, two passes bring it back.  Its own browsers
  stay (``option persist``) as long as it accepts connections; when it refuses them (it died),
  ``option redispatch`` sends them to a live worker (the cookie then names the new one), so the tab
  reconnects and the lab comes back from its URL.
* ``/_stcore/metrics`` (session counts, cache sizes) is refused, matched on the decoded path.
* Every response says which worker served it (``X-Lab-Worker``): for operators and the proxy tests.
* **No client exhausts the class** (issue 35: 4,200 half-sent requests from one script made everyone wait 20 s):
  a request's head must arrive within ``timeout http-request`` (5 s; a browser sends it at once), an idle
  client is let go after ``timeout client``; the proxy holds :data:`MAX_CONNECTIONS` connections in all, and one
  source address at most :data:`PER_SOURCE_CONNECTIONS` open and :data:`PER_SOURCE_REQUESTS` requests in 10 s —
  high enough for a whole lecture hall behind one NAT (300 students, each tab a websocket, a long poll and a
  page load's few dozen requests), far below what it takes to crowd everyone else out.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

#: the affinity cookie's name
COOKIE = "LABWORKER"
#: the response header naming the worker that answered
WORKER_HEADER = "X-Lab-Worker"
#: connections the proxy holds at once (a class of 300 at about 8 each while their pages load is 2,400); HAProxy
#: needs two file descriptors per connection, so ``ulimit -n`` must allow about 16,000 (it says so and stops if not)
MAX_CONNECTIONS = 8_000
#: connections one source address may hold open: a class of 300 behind one NAT, each tab loading a page
#: (about 6 parallel requests), with its websocket and its room's long poll
PER_SOURCE_CONNECTIONS = 2_500
#: requests one source address may make in 10 s: that class all opening a page at once (about 40 each)
PER_SOURCE_REQUESTS = 15_000
#: seconds a request's head may take to arrive (a browser sends it at once; a script that trickles it is let go)
REQUEST_HEAD_SECONDS = 5


@dataclass(frozen=True)
class Worker:
    """One lab server: its name (the cookie's value) and its loopback port."""

    name: str
    port: int


def workers_on(first_port: int, count: int) -> list[Worker]:
    """``count`` workers ``w1 … wN`` on consecutive ports from ``first_port``.

    >>> workers_on(8601, 2)
    [Worker(name='w1', port=8601), Worker(name='w2', port=8602)]
    """
    if count < 1:
        raise ValueError(f"the proxy needs at least one worker; got {count}.")
    if not 1024 <= first_port <= 65535 - count + 1:
        raise ValueError(f"worker ports must lie in 1024–65535; got {first_port}–{first_port + count - 1}.")
    return [Worker(f"w{index + 1}", first_port + index) for index in range(count)]


def haproxy_config(workers: list[Worker], *, port: int, host: str = "0.0.0.0",
                   per_source_connections: int = PER_SOURCE_CONNECTIONS,
                   per_source_requests: int = PER_SOURCE_REQUESTS) -> str:
    """The configuration text of a proxy on ``host:port`` in front of ``workers`` (the per-source limits may be
    lowered for a test)."""
    if not workers:
        raise ValueError("the proxy needs at least one worker.")
    servers = "\n".join(f"    server {w.name} 127.0.0.1:{w.port} cookie {w.name}" for w in workers)
    return f"""\
# Mistake Bound Lab: {len(workers)} workers behind one proxy (written by `python -m deploy`)
global
    maxconn {MAX_CONNECTIONS}
    log stderr format short local0 warning

defaults
    mode http
    log global
    option dontlognull
    option forwardfor
    timeout connect 5s
    # a client idle this long is let go (a tab's websocket lives by timeout tunnel; a long poll waits on the server)
    timeout client 1m
    timeout server 5m
    # a request's head must arrive within {REQUEST_HEAD_SECONDS} s: a script that opens connections and trickles
    # their first bytes holds nothing for long
    timeout http-request {REQUEST_HEAD_SECONDS}s
    timeout http-keep-alive 10s
    # an open tab keeps one websocket; an hour of silence closes it (the tab then reconnects)
    timeout tunnel 1h
    # a browser stays with its worker even while checks call it down (a busy worker can answer a check
    # late: under 40 students one did, and its students were moved, losing their sessions); only when
    # its worker refuses the connection is it sent to another (its cookie then names the new one)
    option persist
    option redispatch
    retries 2

frontend lab
    bind {host}:{port}
    maxconn {MAX_CONNECTIONS}
    # per source address (a class behind one NAT shares one): open connections and requests in 10 s
    stick-table type ip size 200k expire 60s store conn_cur,http_req_rate(10s)
    tcp-request connection track-sc0 src
    tcp-request connection reject if {{ sc_conn_cur(0) gt {per_source_connections} }}
    http-request deny deny_status 429 if {{ sc_http_req_rate(0) gt {per_source_requests} }}
    # session counts and cache sizes are not for the public; decoded, so %6D or %2F cannot slip past
    http-request deny deny_status 404 if {{ path,url_dec -m beg /_stcore/metrics }}
    default_backend lab_workers

backend lab_workers
    balance leastconn
    cookie {COOKIE} insert indirect nocache httponly attr "SameSite=Lax"
    option httpchk GET /_stcore/health
    http-check expect status 200
    timeout check 5s
    default-server check inter 1s fall 3 rise 2
    http-response set-header {WORKER_HEADER} %[srv_name]
{servers}
"""


def haproxy_binary() -> str | None:
    """Where ``haproxy`` is installed (Debian: ``apt-get install haproxy``), or None."""
    return shutil.which("haproxy") or next((str(p) for p in (Path("/usr/sbin/haproxy"),) if p.exists()), None)


def check_config(path: Path) -> str:
    """Have HAProxy validate the configuration at ``path``; its message, or ValueError with it."""
    binary = haproxy_binary()
    if binary is None:
        raise FileNotFoundError("haproxy is not installed: apt-get update && apt-get install -y haproxy")
    done = subprocess.run([binary, "-c", "-f", str(path)], capture_output=True, text=True, timeout=30)
    message = (done.stdout + done.stderr).strip()
    if done.returncode != 0:
        raise ValueError(f"HAProxy refuses {path}:\n{message}")
    return message
