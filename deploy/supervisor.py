"""Start the lab's workers, the proxy and the rooms' Redis, keep them up, stop them together.

``Deployment(workers, port).run()``: first Redis (Debian's ``redis-server``) on a loopback port, the one
store of the class rooms (:mod:`lab.room_store`; every worker gets its URL in ``LAB_REDIS_URL``; an operator's
own ``LAB_REDIS_URL`` is used instead), with its append-only file in the run directory; then every worker,
``streamlit run app.py`` on a loopback port (in its own process group), all with one cookie secret; once they
answer ``/_stcore/health`` HAProxy starts in the foreground with the configuration of :mod:`deploy.haproxy`.
Every half second the supervisor looks at its children and starts again whichever died:

* a worker (unless ``respawn`` is off): its sessions are lost, the proxy's health checks keep new browsers
  away from it until it answers, and its students' tabs reconnect to a live worker;
* the proxy: the workers, and every session they hold, stay as they are.  The open tabs lose their
  websocket, reconnect through the new proxy with their cookie to the same worker, and Streamlit resumes
  their sessions there (it keeps a disconnected session for a while).  A proxy that cannot start again
  (it exits at once or never listens) ends everything;
* Redis: on the same port, from its append-only file, so every room resumes where it was.

The rooms' Redis (:func:`redis_config`) listens on the loopback interface only, with a memory cap that refuses
writes when full instead of dropping live rooms.  (A password and an ACL user limited to the rooms' keys were
tried and taken back: with them, the rooms took 19 s instead of 0.3 s to resume after Redis was killed, in the
proxy suite; the cause is not found yet.)

Ctrl-C or SIGTERM stops the proxy and every worker: all are asked at once, and whichever is still running
after a grace period is killed.

The state file (``state.json`` in the run directory: the proxy's URL and pid, Redis's URL (without its password)
and pid, how often each was started again, each worker's name, port and pid) is for operators and the tests.
"""

from __future__ import annotations

import ctypes
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from deploy.haproxy import Worker, check_config, haproxy_binary, haproxy_config
from lab.room_store import REDIS_URL_VARIABLE

ROOT = Path(__file__).resolve().parents[1]
HEALTH_TIMEOUT = 120.0          # seconds a worker may take to start
PROXY_TIMEOUT = 30.0            # seconds HAProxy (or Redis) may take to listen on its port
POLL = 0.5                      # seconds between two looks at the children


def worker_command(worker: Worker) -> list[str]:
    """The command line of one worker: the lab on a loopback port, no browser, no file watcher."""
    return [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"),
            "--server.headless", "true", "--server.address", "127.0.0.1", "--server.port", str(worker.port),
            "--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"]


def healthy(port: int) -> bool:
    """Whether the server on ``port`` answers its health check."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def redis_binary() -> str | None:
    """Where ``redis-server`` is installed (Debian: ``apt-get install redis-server``), or None."""
    return shutil.which("redis-server") or next((str(p) for p in (Path("/usr/bin/redis-server"),) if p.exists()), None)


#: the most memory the rooms' Redis may hold.  A room is a few kilobytes (its link, trial, poll and counts): 256 MB
#: holds tens of thousands of rooms.  Full, Redis refuses writes (``noeviction``) and the lab says "the class
#: rooms are full"; it never drops a live room's keys to make room, which would end a lecture in silence.
REDIS_MAX_MEMORY = "256mb"


def redis_config(port: int, folder: Path) -> str:
    """The rooms' Redis configuration: loopback only, in the foreground, every write in an append-only file under
    ``folder`` (a Redis started again there resumes every room), no snapshots; a memory cap that refuses writes
    when full."""
    return "\n".join([
        f"port {port}", "bind 127.0.0.1", "protected-mode yes", f"dir {folder}", "appendonly yes", 'save ""',
        "daemonize no", 'logfile ""',
        f"maxmemory {REDIS_MAX_MEMORY}", "maxmemory-policy noeviction", ""])


def redis_command(binary: str, port: int, folder: Path) -> list[str]:
    """Start Redis from :func:`redis_config`, written to ``folder/redis.conf`` (readable by this user alone)."""
    config = folder / "redis.conf"
    config.touch(mode=0o600)
    config.chmod(0o600)
    config.write_text(redis_config(port, folder))
    return [binary, str(config)]


def redacted(url: str | None) -> str | None:
    """``url`` without its password (what state.json and the log may show).

    >>> redacted("redis://lab:s3cret@127.0.0.1:6390/0")
    'redis://lab:***@127.0.0.1:6390/0'
    """
    if not url or "@" not in url:
        return url
    head, _, tail = url.rpartition("@")
    scheme, _, user = head.partition("://")
    return f"{scheme}://{user.split(':', 1)[0]}:***@{tail}"


def free_loopback_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(host: str, port: int) -> bool:
    """Whether something accepts TCP connections on ``host:port`` (an "any" address is tried on loopback)."""
    address = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    try:
        with socket.create_connection((address, port), timeout=2):
            return True
    except OSError:
        return False


#: prctl's option that makes the kernel signal a process when its parent dies (linux/prctl.h)
PR_SET_PDEATHSIG = 1


def die_with_supervisor() -> None:
    """In a child, before it execs: ask the kernel for SIGTERM when the supervisor dies, however it dies.

    Ctrl-C and SIGTERM stop the children in order (:func:`stop_groups`), but a supervisor killed with SIGKILL
    (or by the out-of-memory killer) runs no code: its workers, proxy and Redis, each in a session of its own,
    would keep the port and the machine's memory with nobody to watch them.  Linux only; elsewhere a no-op.
    The supervisor starts every child from its main thread, which lives as long as it does (the signal is
    tied to the thread that forked)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def signal_group(process: subprocess.Popen, number: int) -> None:
    try:
        os.killpg(process.pid, number)
    except ProcessLookupError:
        pass


def stop_groups(processes: list[subprocess.Popen], grace: float = 10.0) -> None:
    """SIGTERM the groups of all ``processes`` at once; SIGKILL those still running ``grace`` seconds later."""
    running = [process for process in processes if process.poll() is None]
    for process in running:
        signal_group(process, signal.SIGTERM)
    deadline = time.monotonic() + grace
    for process in running:
        try:
            process.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            signal_group(process, signal.SIGKILL)
            process.wait()


def stop_group(process: subprocess.Popen, grace: float = 10.0) -> None:
    """SIGTERM ``process``'s group, SIGKILL after ``grace`` seconds."""
    stop_groups([process], grace)


class Deployment:
    """N lab workers behind one HAProxy on ``host:port`` (see the module's text)."""

    def __init__(self, workers: list[Worker], port: int, *, host: str = "0.0.0.0", run_dir: Path | None = None,
                 respawn: bool = True, log=sys.stderr, redis_port: int | None = None, limits: dict | None = None):
        if haproxy_binary() is None:
            raise FileNotFoundError("haproxy is not installed: apt-get update && apt-get install -y haproxy")
        self.workers, self.port, self.host, self.respawn, self.log = list(workers), int(port), host, respawn, log
        self.limits = dict(limits or {})          # the proxy's per-source limits (deploy.haproxy's defaults)
        self.run_dir = Path(run_dir) if run_dir else Path(tempfile.mkdtemp(prefix="lab-deploy-"))
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.environment = {**os.environ, "STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(32)}
        self.processes: dict[str, subprocess.Popen] = {}
        self.proxy: subprocess.Popen | None = None
        self.restarts = 0               # workers started again
        self.proxy_restarts = 0
        # the rooms' Redis: an operator's own (LAB_REDIS_URL set), else one of ours if installed, on the port
        # asked for (``--redis-port``) or a free one
        self.redis: subprocess.Popen | None = None
        ours = not os.environ.get(REDIS_URL_VARIABLE) and redis_binary() is not None
        self.redis_port = (int(redis_port) if redis_port is not None else free_loopback_port()) if ours else None
        if self.redis_port is not None:
            self.environment[REDIS_URL_VARIABLE] = f"redis://127.0.0.1:{self.redis_port}/0"
        self.redis_restarts = 0

    def say(self, text: str) -> None:
        print(f"[deploy] {text}", file=self.log, flush=True)

    # ------------------------------------------------------------------ starting
    def start_worker(self, worker: Worker) -> subprocess.Popen:
        output = open(self.run_dir / f"{worker.name}.log", "ab")
        process = subprocess.Popen(worker_command(worker), cwd=ROOT, env=self.environment, stdout=output,
                                   stderr=subprocess.STDOUT, start_new_session=True,
                                   preexec_fn=die_with_supervisor)
        output.close()
        self.processes[worker.name] = process
        return process

    def wait_healthy(self, workers: list[Worker]) -> None:
        deadline = time.monotonic() + HEALTH_TIMEOUT
        waiting = list(workers)
        while waiting:
            for worker in list(waiting):
                if self.processes[worker.name].poll() is not None:
                    raise RuntimeError(f"worker {worker.name} exited while starting; see "
                                       f"{self.run_dir / (worker.name + '.log')}")
                if healthy(worker.port):
                    waiting.remove(worker)
            if waiting and time.monotonic() > deadline:
                raise RuntimeError(f"workers {[w.name for w in waiting]} did not answer within {HEALTH_TIMEOUT:.0f} s")
            time.sleep(0.2)

    def start_listener(self, name: str, command: list[str], host: str, port: int) -> subprocess.Popen:
        """Start ``command`` (logging to ``name``.log); RuntimeError if it exits or never listens on its port."""
        with open(self.run_dir / f"{name}.log", "ab") as output:
            process = subprocess.Popen(command, cwd=self.run_dir, start_new_session=True, stdout=output,
                                       stderr=subprocess.STDOUT, preexec_fn=die_with_supervisor)
        deadline = time.monotonic() + PROXY_TIMEOUT
        while process.poll() is None and not listening(host, port):
            if time.monotonic() > deadline:
                stop_group(process, grace=1.0)
                raise RuntimeError(f"{name} did not listen on port {port} within {PROXY_TIMEOUT:.0f} s")
            time.sleep(0.1)
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited at start (code {process.returncode}); "
                               f"see {self.run_dir / (name + '.log')}")
        return process

    def start_proxy(self) -> None:
        """HAProxy in the foreground on the written configuration."""
        self.proxy = self.start_listener("haproxy", [haproxy_binary(), "-db", "-f", str(self.run_dir / "haproxy.cfg")],
                                         self.host, self.port)

    def start_redis(self) -> None:
        """The rooms' Redis on its loopback port, its files in the run directory."""
        self.redis = self.start_listener("redis", redis_command(redis_binary(), self.redis_port, self.run_dir),
                                         "127.0.0.1", self.redis_port)

    def start(self) -> None:
        config = self.run_dir / "haproxy.cfg"
        config.write_text(haproxy_config(self.workers, port=self.port, host=self.host, **self.limits))
        check_config(config)
        if self.redis_port is not None:
            self.start_redis()
        elif not os.environ.get(REDIS_URL_VARIABLE):
            self.say("redis-server is not installed (apt-get install redis-server): each worker keeps its own "
                     "class rooms, so a room reaches only the students on its teacher's worker")
        for worker in self.workers:
            self.start_worker(worker)
        self.wait_healthy(self.workers)
        self.start_proxy()
        self.write_state()
        shown = "localhost" if self.host in ("0.0.0.0", "::") else self.host
        count = f"{len(self.workers)} worker{'s' if len(self.workers) != 1 else ''}"
        self.say(f"{count} behind HAProxy: open http://{shown}:{self.port} "
                 f"(Ctrl-C stops everything; logs in {self.run_dir})")

    def write_state(self) -> None:
        state = {"url": f"http://127.0.0.1:{self.port}", "proxy_pid": self.proxy.pid if self.proxy else None,
                 "restarts": self.restarts, "proxy_restarts": self.proxy_restarts,
                 "redis_url": redacted(self.environment.get(REDIS_URL_VARIABLE)),
                 "redis_pid": self.redis.pid if self.redis else None, "redis_restarts": self.redis_restarts,
                 "workers": [{"name": w.name, "port": w.port, "pid": self.processes[w.name].pid} for w in self.workers]}
        temporary = self.run_dir / "state.json.tmp"
        temporary.write_text(json.dumps(state, indent=1))
        temporary.replace(self.run_dir / "state.json")

    # ------------------------------------------------------------------ watching
    def check_once(self) -> None:
        """Start again the proxy if it died (RuntimeError if it cannot), Redis if it died, and every worker that
        died (unless ``respawn`` is off)."""
        if self.proxy is not None and self.proxy.poll() is not None:
            self.say(f"haproxy exited with code {self.proxy.returncode}; starting it again (the workers and "
                     f"their sessions stay)")
            stop_group(self.proxy, grace=1.0)               # what is left of its group
            self.start_proxy()
            self.proxy_restarts += 1
            self.write_state()
        if self.redis is not None and self.redis.poll() is not None:
            self.say(f"redis exited with code {self.redis.returncode}; starting it again from its append-only "
                     f"file (every room resumes)")
            stop_group(self.redis, grace=1.0)
            self.start_redis()
            self.redis_restarts += 1
            self.write_state()
        for worker in self.workers:
            process = self.processes[worker.name]
            if process.poll() is not None:
                self.say(f"worker {worker.name} (port {worker.port}) exited with code {process.returncode}; "
                         + ("starting it again" if self.respawn else "left out"))
                if self.respawn:
                    stop_group(process, grace=1.0)          # what is left of its group
                    self.start_worker(worker)
                    self.restarts += 1
                    self.write_state()

    def stop(self) -> None:
        stop_groups([process for process in (self.proxy, self.redis) if process is not None]
                    + list(self.processes.values()))
        self.say("stopped")

    def run(self) -> int:
        """Start, watch until Ctrl-C or SIGTERM, stop; the exit code.

        Ctrl-C is taken even when the supervisor was started with SIGINT ignored, as a shell starts a
        background job (``python -m deploy &``): Python then installs no handler of its own, and Ctrl-C
        (or ``kill -INT``) would do nothing."""
        stopping = []
        previous = {signal.SIGTERM: signal.signal(signal.SIGTERM, lambda *_: stopping.append(True)),
                    signal.SIGINT: signal.signal(signal.SIGINT, signal.default_int_handler)}
        try:
            self.start()
            while not stopping:
                self.check_once()
                time.sleep(POLL)
            return 0
        except KeyboardInterrupt:
            return 0
        except RuntimeError as error:
            self.say(str(error))
            return 1
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)
            self.stop()
