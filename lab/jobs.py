"""Long experiments in worker processes, queued, shared and cancellable (issue 19).

A :class:`JobPool` runs functions in separate processes (``loky``'s process executor, which ships
with joblib and can kill its workers), one job per worker at a time, at a lower CPU priority
(``nice``) than the server, so a class's stepping stays quick while experiments run.

* **Slots.** The pool has ``slots`` workers.  A *heavy* job (a full-size experiment) may take a slot
  only while fewer than ``heavy_slots`` heavy jobs run, so one slot is always left for light jobs
  (a small version takes seconds and should not wait twenty minutes behind a full one).
* **Queue.** Jobs wait first in, first out, light ones ahead of heavy ones; :meth:`JobPool.status`
  gives a waiting job's position.
* **Sharing.** Jobs have a key; submitting a key that is queued or running joins that job (one
  more *watcher*) instead of starting another.
* **Cancelling.** :meth:`JobPool.release` says a watcher no longer wants the result (its Stop was
  pressed, its session ended); when no watcher is left the job is dropped from the queue, or its
  worker is killed at once and replaced by a fresh one when next needed.

Progress crosses from the worker through a small file per job: the job function gets a
``progress(fraction, text)`` argument (as every experiment's run function takes,
:mod:`experiments.progress`), and :meth:`JobPool.status` reads the last report.

The pool holds no per-user state; it is one per server process (:func:`shared_pool`).

Examples
--------
>>> pool = JobPool(slots=1)
>>> job = pool.submit(("sum", 3), _demo_sum, 3)
>>> pool.wait(job, timeout=60).result
6
>>> pool.release(job); pool.shutdown()
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from joblib.externals.loky import ProcessPoolExecutor

#: the workers' niceness: the server (niceness 0) gets about nine times their share of a busy core
WORKER_NICENESS = 10
#: seconds an idle worker stays alive (its memory goes back to the system when it exits)
IDLE_WORKER_SECONDS = 300
QUEUED, RUNNING, DONE, FAILED, CANCELLED = "queued", "running", "done", "failed", "cancelled"


def _lower_priority(niceness: int) -> None:
    os.nice(niceness)


def _demo_sum(n: int, progress=None) -> int:
    """0 + 1 + … + n, reporting each step (the doctest's job)."""
    total = 0
    for i in range(n + 1):
        total += i
        if progress is not None:
            progress(i / max(n, 1), f"added {i}")
    return total


def _report_to(path: str) -> Callable[[float, str], None]:
    """``progress(fraction, text)`` that writes the last report to ``path`` (replaced whole, never torn)."""
    def report(fraction: float, text: str) -> None:
        partial = f"{path}.part"
        with open(partial, "w", encoding="utf-8") as handle:
            handle.write(f"{float(fraction):.6f}\t{str(text)[:200]}")
        os.replace(partial, path)
    return report


def _in_worker(function: Callable, args: tuple, kwargs: dict, progress_path: str):
    """What a worker runs: the job's function with a ``progress`` that reports through a file."""
    return function(*args, progress=_report_to(progress_path), **kwargs)


@dataclass(eq=False)
class Job:
    """One submitted computation.  Read it through :meth:`JobPool.status`."""
    key: Any
    function: Callable
    args: tuple
    kwargs: dict
    heavy: bool
    number: int
    progress_path: str
    state: str = QUEUED
    watchers: int = 1
    result: Any = None
    error: str | None = None
    slot: int | None = None
    future: Any = None
    started: float | None = None
    finished: float | None = None


@dataclass(frozen=True)
class Status:
    """Where a job stands: ``state``, its place in the queue (0 = next), its last progress report,
    and, once done, its result or error."""
    state: str
    position: int | None = None
    fraction: float = 0.0
    text: str = ""
    result: Any = None
    error: str | None = None

    @property
    def over(self) -> bool:
        return self.state in (DONE, FAILED, CANCELLED)


@dataclass
class _Slot:
    executor: Any = None
    job: Job | None = None


class JobPool:
    """Worker processes that run queued jobs; see the module's docstring."""

    def __init__(self, slots: int, heavy_slots: int | None = None, niceness: int = WORKER_NICENESS):
        slots = int(slots)
        if slots < 1:
            raise ValueError(f"a job pool needs at least one slot; got slots={slots}.")
        heavy_slots = max(1, slots - 1) if heavy_slots is None else int(heavy_slots)
        if not 1 <= heavy_slots <= slots:
            raise ValueError(f"heavy_slots must be between 1 and slots={slots}; got {heavy_slots}.")
        self.slots, self.heavy_slots, self.niceness = slots, heavy_slots, int(niceness)
        self._slots = [_Slot() for _ in range(slots)]
        self._queue: list[Job] = []
        self._jobs: dict[Any, Job] = {}
        self._lock = threading.RLock()
        self._numbers = itertools.count()
        self._directory: str | None = None      # made on the first submit: an idle pool costs nothing
        self._closed = False

    # ------------------------------------------------------------------ watchers' side
    def submit(self, key, function: Callable, *args, heavy: bool = False, **kwargs) -> Job:
        """The job of ``key``: the one queued or running under that key (joined), else a new one running
        ``function(*args, progress=…, **kwargs)`` in a worker.  ``function`` and its arguments must be
        picklable (a module-level function)."""
        with self._lock:
            if self._closed:
                raise RuntimeError("this job pool has been shut down")
            job = self._jobs.get(key)
            if job is not None and job.state in (QUEUED, RUNNING):
                job.watchers += 1
                return job
            number = next(self._numbers)
            if self._directory is None:
                self._directory = tempfile.mkdtemp(prefix="lab-jobs-")
            job = Job(key, function, tuple(args), dict(kwargs), bool(heavy), number,
                      os.path.join(self._directory, f"job-{number}.progress"))
            self._jobs[key] = job
            self._queue.append(job)
            self._queue.sort(key=lambda queued: (queued.heavy, queued.number))
            self._dispatch()
            return job

    def status(self, job: Job) -> Status:
        """Where ``job`` stands now."""
        with self._lock:
            if job.state == QUEUED:
                ahead = [queued for queued in self._queue if queued is not job]
                position = self._queue.index(job) if job in self._queue else len(ahead)
                return Status(QUEUED, position=position)
            if job.state == RUNNING:
                fraction, text = self._last_report(job)
                return Status(RUNNING, fraction=fraction, text=text)
            return Status(job.state, fraction=1.0 if job.state == DONE else 0.0, result=job.result, error=job.error)

    def wait(self, job: Job, timeout: float | None = None, every: float = 0.2) -> Status:
        """Block until ``job`` is over (or ``timeout`` seconds passed); its last status."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            status = self.status(job)
            if status.over or (deadline is not None and time.monotonic() >= deadline):
                return status
            time.sleep(every)

    def run(self, key, function: Callable, *args, heavy: bool = False, progress=None, every: float = 0.3,
            **kwargs):
        """Submit (or join) the job of ``key``, wait for it and return its result, telling ``progress``
        where it stands every ``every`` seconds ("waiting for a worker — 2 runs ahead", then the job's own
        reports).  Whatever ends the wait — the job's failure (a ``RuntimeError`` with its message) or an
        exception from ``progress`` (Streamlit stopping the script) — releases the job, so a job nobody
        waits for is cancelled."""
        job = self.submit(key, function, *args, heavy=heavy, **kwargs)
        try:
            while True:
                status = self.status(job)
                if status.state == DONE:
                    return status.result
                if status.state in (FAILED, CANCELLED):
                    raise RuntimeError(status.error or "the job was cancelled")
                if progress is not None:
                    progress(status.fraction, status.text if status.state == RUNNING else waiting_text(status.position))
                time.sleep(every)
        finally:
            self.release(job)

    def release(self, job: Job) -> None:
        """One watcher of ``job`` is gone.  With none left, a queued job leaves the queue and a running
        one is cancelled: its worker is killed now (the slot gets a fresh worker when next used)."""
        with self._lock:
            job.watchers = max(0, job.watchers - 1)
            if job.watchers:
                return
            if self._jobs.get(job.key) is job:
                del self._jobs[job.key]
            if job.state == QUEUED:
                self._queue.remove(job)
                job.state = CANCELLED
            elif job.state == RUNNING:
                slot = self._slots[job.slot]
                slot.executor.shutdown(wait=False, kill_workers=True)
                slot.executor, slot.job = None, None
                job.state = CANCELLED
                self._forget_progress(job)
                self._dispatch()

    # ------------------------------------------------------------------ the pool's side
    def running(self) -> list[Job]:
        with self._lock:
            return [slot.job for slot in self._slots if slot.job is not None]

    def queued(self) -> list[Job]:
        with self._lock:
            return list(self._queue)

    def worker_pids(self) -> list[int]:
        """Process ids of the live workers (for tests and monitoring)."""
        with self._lock:
            executors = [slot.executor for slot in self._slots if slot.executor is not None]
        return [process.pid for executor in executors
                for process in list(getattr(executor, "_processes", {}).values()) if process.is_alive()]

    def shutdown(self) -> None:
        """Cancel everything and stop every worker."""
        with self._lock:
            self._closed = True
            for job in self._queue:
                job.state = CANCELLED
            self._queue.clear()
            for slot in self._slots:
                if slot.job is not None:
                    slot.job.state = CANCELLED
                if slot.executor is not None:
                    slot.executor.shutdown(wait=False, kill_workers=True)
                slot.executor, slot.job = None, None
            self._jobs.clear()
        if self._directory is not None:
            shutil.rmtree(self._directory, ignore_errors=True)

    def _dispatch(self) -> None:
        """Start queued jobs on free slots (called with the lock held)."""
        while self._queue:
            free = [index for index, slot in enumerate(self._slots) if slot.job is None]
            heavy_running = sum(slot.job is not None and slot.job.heavy for slot in self._slots)
            startable = [job for job in self._queue if not job.heavy or heavy_running < self.heavy_slots]
            if not free or not startable:
                return
            job, index = startable[0], free[0]
            self._queue.remove(job)
            self._start(job, index)

    def _start(self, job: Job, index: int) -> None:
        slot = self._slots[index]
        if slot.executor is None:
            slot.executor = ProcessPoolExecutor(max_workers=1, initializer=_lower_priority,
                                                initargs=(self.niceness,), timeout=IDLE_WORKER_SECONDS)
        slot.job, job.slot, job.state, job.started = job, index, RUNNING, time.monotonic()
        job.future = slot.executor.submit(_in_worker, job.function, job.args, job.kwargs, job.progress_path)
        job.future.add_done_callback(lambda future, job=job: self._finished(job, future))

    def _finished(self, job: Job, future) -> None:
        with self._lock:
            if job.state != RUNNING:          # cancelled: its worker was killed on purpose
                return
            slot = self._slots[job.slot]
            slot.job = None
            try:
                job.result, job.state = future.result(), DONE
            except BaseException as error:    # the job's own error, or its worker died
                job.error, job.state = f"{type(error).__name__}: {error}", FAILED
                if slot.executor is not None:
                    slot.executor.shutdown(wait=False, kill_workers=True)
                slot.executor = None
            job.finished = time.monotonic()
            self._forget_progress(job)
            if not job.watchers and self._jobs.get(job.key) is job:
                del self._jobs[job.key]
            self._dispatch()

    # ------------------------------------------------------------------ progress files
    @staticmethod
    def _last_report(job: Job) -> tuple[float, str]:
        try:
            with open(job.progress_path, encoding="utf-8") as handle:
                fraction, _, text = handle.read().partition("\t")
            return min(max(float(fraction), 0.0), 1.0), text
        except (OSError, ValueError):
            return 0.0, "starting a worker…"

    @staticmethod
    def _forget_progress(job: Job) -> None:
        for path in (job.progress_path, f"{job.progress_path}.part"):
            try:
                os.remove(path)
            except OSError:
                pass


def waiting_text(position: int) -> str:
    """What a queued job's watcher reads."""
    if position == 0:
        return "waiting for a free worker — next to start"
    return f"waiting for a free worker — {position} run{'s' if position > 1 else ''} ahead"


def default_slots() -> int:
    """Workers of the server's pool: one per core plus one kept for small runs (``LAB_JOB_SLOTS``
    overrides: a number ≥ 2)."""
    configured = os.environ.get("LAB_JOB_SLOTS")
    if configured:
        value = int(configured) if configured.strip().isdigit() else 0
        if value < 2:
            raise ValueError(f"LAB_JOB_SLOTS must be a whole number ≥ 2; got {configured!r}.")
        return value
    return (os.cpu_count() or 1) + 1


def _make_shared_pool() -> JobPool:
    slots = default_slots()
    return JobPool(slots=slots, heavy_slots=slots - 1)


SHARED_POOL = _make_shared_pool()


def shared_pool() -> JobPool:
    """The server's one pool: ``default_slots()`` workers, of which all but one may run full-size
    experiments — at most one per core.  Made when this module is imported (no worker starts, and no
    directory is made, before the first job), so no function ever rebinds a module-level name."""
    return SHARED_POOL
