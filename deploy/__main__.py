"""``python -m deploy``: the lab for a whole class — N workers behind HAProxy on one machine.

    python -m deploy --workers 4 --port 8080 --redis-port 6390

See README.md ("A whole class at once") and :mod:`deploy.supervisor`.
"""

from __future__ import annotations

import argparse
import os
import sys

from deploy.haproxy import PER_SOURCE_CONNECTIONS, PER_SOURCE_REQUESTS, haproxy_binary, workers_on
from deploy.supervisor import Deployment


def command_line() -> argparse.ArgumentParser:
    """The options of ``python -m deploy`` (README's "A whole class at once" names each)."""
    parser = argparse.ArgumentParser(prog="python -m deploy",
                                     description="Serve the lab from several `streamlit run` workers behind "
                                                 "HAProxy (cookie affinity, health checks, failover).")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="lab servers to start (default: one per core, here %(default)s)")
    parser.add_argument("--port", type=int, default=8080, help="the proxy's port (default %(default)s)")
    parser.add_argument("--host", default="0.0.0.0", help="the proxy's address (default %(default)s: every interface)")
    parser.add_argument("--first-worker-port", type=int, default=8601,
                        help="workers listen on 127.0.0.1 from this port up (default %(default)s)")
    parser.add_argument("--redis-port", type=int, default=None,
                        help="the class rooms' Redis listens on 127.0.0.1 at this port (default: a free one; "
                             "ignored when LAB_REDIS_URL names a Redis of your own)")
    parser.add_argument("--run-dir", default=None, help="where logs, haproxy.cfg and state.json go (default: a new "
                                                        "temporary folder)")
    parser.add_argument("--no-respawn", action="store_true", help="leave a worker that dies down (default: start "
                                                                  "it again)")
    parser.add_argument("--per-source-connections", type=int, default=PER_SOURCE_CONNECTIONS,
                        help="connections one address may hold open (default %(default)s: a class of 300 behind "
                             "one NAT)")
    parser.add_argument("--per-source-requests", type=int, default=PER_SOURCE_REQUESTS,
                        help="requests one address may make in 10 s (default %(default)s)")
    return parser


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = command_line()
    arguments = parser.parse_args(argv)
    if arguments.workers < 1:
        parser.error(f"--workers must be at least 1; got {arguments.workers}")
    if not 1 <= arguments.port <= 65535:
        parser.error(f"--port must lie in 1–65535; got {arguments.port}")
    if arguments.redis_port is not None and not 1 <= arguments.redis_port <= 65535:
        parser.error(f"--redis-port must lie in 1–65535; got {arguments.redis_port}")
    for name in ("per_source_connections", "per_source_requests"):
        if getattr(arguments, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1; got {getattr(arguments, name)}")
    return arguments


def main(argv: list[str] | None = None) -> int:
    arguments = parse(argv)
    if haproxy_binary() is None:
        print("haproxy is not installed (Debian: apt-get update && apt-get install -y haproxy)", file=sys.stderr)
        return 2
    try:
        workers = workers_on(arguments.first_worker_port, arguments.workers)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    if arguments.first_worker_port <= arguments.port < arguments.first_worker_port + arguments.workers:
        print(f"--port {arguments.port} is one of the workers' ports", file=sys.stderr)
        return 2
    taken = {arguments.port, *range(arguments.first_worker_port, arguments.first_worker_port + arguments.workers)}
    if arguments.redis_port in taken:
        print(f"--redis-port {arguments.redis_port} is the proxy's or a worker's port", file=sys.stderr)
        return 2
    return Deployment(workers, arguments.port, host=arguments.host, run_dir=arguments.run_dir,
                      respawn=not arguments.no_respawn, redis_port=arguments.redis_port,
                      limits={"per_source_connections": arguments.per_source_connections,
                              "per_source_requests": arguments.per_source_requests}).run()


if __name__ == "__main__":
    sys.exit(main())
