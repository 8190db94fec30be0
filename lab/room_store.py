"""The one store of state shared between users: class rooms live here, and nowhere else.

Streamlit keeps every session apart (``ui.state``), and the lab may run as several processes behind a
proxy (``python -m deploy``), so what a room's teacher and students share cannot live in a session or in a
process.  This module is the only place that keeps it, with two interchangeable back ends that offer the
same few operations, with Redis's meaning:

* :class:`RedisStore` — a Redis server (``LAB_REDIS_URL``, e.g. ``redis://127.0.0.1:6379/0``): what
  ``python -m deploy`` starts beside the workers, or a managed Redis shared by several machines;
* :class:`MemoryStore` — a dictionary in this process, for a single ``streamlit run`` on a laptop: rooms
  work with nothing to install.

Every key has a time to live, so a room nobody uses disappears by itself; nothing is kept for ever.
A back end that cannot be reached raises :class:`StoreUnavailable`, which the lab turns into a message —
it never stops a page from working without rooms.

>>> store = MemoryStore()
>>> store.set("room:ABC:state", '{"t": 3}', ttl=60)
True
>>> store.get("room:ABC:state")
'{"t": 3}'
>>> store.set("room:ABC:state", "other", ttl=60, only_new=True)
False
>>> store.incr("room:ABC:version", ttl=60), store.incr("room:ABC:version", ttl=60)
(1, 2)
>>> store.add_member("poll:1:who", "browser-a", ttl=60), store.add_member("poll:1:who", "browser-a", ttl=60)
(True, False)
>>> store.hincr("poll:1:counts", "yes", ttl=60); store.hgetall("poll:1:counts")
1
{'yes': 1}
"""

from __future__ import annotations

import os
import threading
import time

#: environment variable naming the Redis server of a deployment (unset: rooms live in this process)
REDIS_URL_VARIABLE = "LAB_REDIS_URL"
#: seconds a Redis call may take before the store counts as unreachable (a class must not wait on it)
REDIS_TIMEOUT = 0.5


class StoreUnavailable(RuntimeError):
    """The shared store cannot be reached (Redis down or misconfigured); rooms are off until it returns."""


class StoreFull(StoreUnavailable):
    """The shared store refuses writes: it reached its memory cap (``python -m deploy`` runs Redis with
    ``maxmemory`` and ``noeviction``, so live rooms are never dropped to make room)."""


class MemoryStore:
    """The store in this process's memory: a dict of key → (value, expiry), behind one lock.

    Values are strings, counters, hashes of counters and sets, as in Redis; expired keys are dropped
    when read and in a sweep every :attr:`SWEEP_EVERY` writes, so memory stays bounded by the live keys."""

    SWEEP_EVERY = 500

    def __init__(self, clock=time.monotonic):
        self._data: dict[str, tuple[object, float]] = {}
        self._lock = threading.Lock()
        self._clock = clock
        self._writes = 0

    # internal helpers: called with the lock held
    def _live(self, key):
        entry = self._data.get(key)
        if entry is None:
            return None
        if entry[1] <= self._clock():
            del self._data[key]
            return None
        return entry[0]

    def _put(self, key, value, ttl):
        self._data[key] = (value, self._clock() + float(ttl))
        self._writes += 1
        if self._writes % self.SWEEP_EVERY == 0:
            now = self._clock()
            for stale in [k for k, (_, expiry) in self._data.items() if expiry <= now]:
                del self._data[stale]

    def ping(self) -> bool:
        return True

    def get(self, key: str) -> str | None:
        with self._lock:
            value = self._live(key)
        return None if value is None else str(value)

    def set(self, key: str, value: str, *, ttl: float, only_new: bool = False) -> bool:
        with self._lock:
            if only_new and self._live(key) is not None:
                return False
            self._put(key, str(value), ttl)
            return True

    def incr(self, key: str, *, ttl: float) -> int:
        """Add one to the counter ``key`` (0 when new) and return it; a new counter lives ``ttl`` s."""
        with self._lock:
            value = self._live(key)
            count = int(value or 0) + 1
            expiry = self._data[key][1] if value is not None else self._clock() + float(ttl)
            self._data[key] = (count, expiry)
            self._writes += 1
            return count

    def hincr(self, key: str, field: str, *, ttl: float) -> int:
        with self._lock:
            table = dict(self._live(key) or {})
            table[field] = table.get(field, 0) + 1
            self._put(key, table, ttl)
            return table[field]

    def hgetall(self, key: str) -> dict[str, int]:
        with self._lock:
            return dict(self._live(key) or {})

    def add_member(self, key: str, member: str, *, ttl: float) -> bool:
        """Put ``member`` in the set ``key``; True when it was not there yet."""
        with self._lock:
            members = set(self._live(key) or ())
            if member in members:
                return False
            members.add(member)
            self._put(key, frozenset(members), ttl)
            return True

    def count_members(self, key: str) -> int:
        with self._lock:
            return len(self._live(key) or ())

    def members(self, key: str) -> set[str]:
        with self._lock:
            return set(self._live(key) or ())

    def expire(self, keys, *, ttl: float) -> None:
        with self._lock:
            for key in keys:
                value = self._live(key)
                if value is not None:
                    self._data[key] = (value, self._clock() + float(ttl))

    def delete(self, *keys: str) -> None:
        with self._lock:
            for key in keys:
                self._data.pop(key, None)

    def keys_with_prefix(self, prefix: str) -> list[str]:
        with self._lock:
            return [k for k in list(self._data) if k.startswith(prefix) and self._live(k) is not None]


class RedisStore:
    """The store in a Redis server (``url``); every call fails fast (:data:`REDIS_TIMEOUT`) as
    :class:`StoreUnavailable` when the server cannot be reached, and reconnects by itself when it is back.

    Counters and sets get their time to live in the same transaction that creates them."""

    def __init__(self, url: str):
        import redis

        self._errors = (redis.RedisError, OSError)
        self._full = redis.exceptions.OutOfMemoryError
        self._client = redis.Redis.from_url(url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT,
                                            decode_responses=True, health_check_interval=30)
        self.url = url

    def _call(self, action):
        try:
            return action(self._client)
        except self._full:
            raise StoreFull("the class rooms are full right now (their store has reached its memory cap)") from None
        except self._errors as error:
            raise StoreUnavailable(f"the class-room store (Redis) cannot be reached: {type(error).__name__}") \
                from None

    def ping(self) -> bool:
        return bool(self._call(lambda r: r.ping()))

    def get(self, key: str) -> str | None:
        return self._call(lambda r: r.get(key))

    def set(self, key: str, value: str, *, ttl: float, only_new: bool = False) -> bool:
        return bool(self._call(lambda r: r.set(key, value, ex=max(1, int(ttl)), nx=only_new)))

    def _counted(self, command, key, *args, ttl):
        def run(r):
            pipe = r.pipeline()
            getattr(pipe, command)(key, *args)
            pipe.expire(key, max(1, int(ttl)), nx=True)
            return pipe.execute()[0]
        return int(self._call(run))

    def incr(self, key: str, *, ttl: float) -> int:
        return self._counted("incr", key, ttl=ttl)

    def hincr(self, key: str, field: str, *, ttl: float) -> int:
        return self._counted("hincrby", key, field, 1, ttl=ttl)

    def hgetall(self, key: str) -> dict[str, int]:
        return {k: int(v) for k, v in self._call(lambda r: r.hgetall(key)).items()}

    def add_member(self, key: str, member: str, *, ttl: float) -> bool:
        return bool(self._counted("sadd", key, member, ttl=ttl))

    def count_members(self, key: str) -> int:
        return int(self._call(lambda r: r.scard(key)))

    def members(self, key: str) -> set[str]:
        return set(self._call(lambda r: r.smembers(key)))

    def expire(self, keys, *, ttl: float) -> None:
        def run(r):
            pipe = r.pipeline()
            for key in keys:
                pipe.expire(key, max(1, int(ttl)))
            pipe.execute()
        self._call(run)

    def delete(self, *keys: str) -> None:
        if keys:
            self._call(lambda r: r.delete(*keys))

    def keys_with_prefix(self, prefix: str) -> list[str]:
        return list(self._call(lambda r: list(r.scan_iter(match=_glob_escape(prefix) + "*", count=500))))


def _glob_escape(text: str) -> str:
    return "".join("\\" + c if c in "*?[]\\" else c for c in text)


#: this process's in-memory store: the one used when no Redis is configured (a single ``streamlit run``)
_PROCESS_STORE = MemoryStore()
#: one client per Redis URL in this process (a client is a pool of connections, safe across threads)
_REDIS_CLIENTS: dict[str, RedisStore] = {}
_CLIENTS_LOCK = threading.Lock()


def shared_store(environ=os.environ):
    """The store rooms use: Redis when ``LAB_REDIS_URL`` is set, else this process's memory."""
    url = (environ.get(REDIS_URL_VARIABLE) or "").strip()
    if not url:
        return _PROCESS_STORE
    with _CLIENTS_LOCK:
        if url not in _REDIS_CLIENTS:
            _REDIS_CLIENTS[url] = RedisStore(url)
        return _REDIS_CLIENTS[url]


def describe(store) -> str:
    """Where rooms live, in words for README and the teacher's panel."""
    return "Redis" if isinstance(store, RedisStore) else "this server's memory (one process)"
