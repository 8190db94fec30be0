"""The job pool of long experiments (lab/jobs.py, issue 19): results, progress, queue order and positions,
shared keys, cancelling (a killed worker stops using CPU), failures, the workers' lower priority."""

from __future__ import annotations

import os
import time

import pytest

from lab.jobs import CANCELLED, DONE, FAILED, QUEUED, RUNNING, JobPool, default_slots


def spin(seconds: float, progress=None) -> int:
    """Busy for ``seconds`` (CPU, like an experiment), reporting its progress; returns its process id."""
    start = time.monotonic()
    while (elapsed := time.monotonic() - start) < seconds:
        if progress is not None:
            progress(elapsed / seconds, f"spun {elapsed:.1f} s")
        sum(range(20_000))
    return os.getpid()


def wait_for_file(path: str, progress=None) -> str:
    """Reports once, then waits until ``path`` exists (the test decides when the job ends)."""
    progress(0.25, "waiting for the test")
    while not os.path.exists(path):
        time.sleep(0.02)
    return "released"


def niceness(progress=None) -> int:
    return os.nice(0)


def fail(progress=None):
    raise ValueError("this experiment cannot run: a reason")


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def until(condition, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture
def pool():
    pool = JobPool(slots=2, heavy_slots=1)
    yield pool
    pool.shutdown()


def test_a_job_runs_in_another_process_at_lower_priority_and_reports_progress(pool, tmp_path):
    flag = tmp_path / "go"
    job = pool.submit("waiter", wait_for_file, str(flag))
    assert until(lambda: pool.status(job).text == "waiting for the test")
    status = pool.status(job)
    assert status.state == RUNNING and status.fraction == 0.25
    flag.touch()
    assert pool.wait(job, timeout=30).result == "released"
    assert pool.status(job).state == DONE and pool.status(job).fraction == 1.0
    other = pool.submit("pid", spin, 0.05)
    assert pool.wait(other, timeout=30).result != os.getpid()
    assert pool.wait(pool.submit("nice", niceness), timeout=30).result == os.nice(0) + pool.niceness


def test_the_same_key_joins_the_running_job_and_it_ends_only_when_every_watcher_left(pool, tmp_path):
    first = pool.submit("shared", wait_for_file, str(tmp_path / "never"))
    second = pool.submit("shared", wait_for_file, str(tmp_path / "never"))
    assert second is first and first.watchers == 2
    assert until(lambda: pool.worker_pids())
    pid = pool.worker_pids()[0]
    pool.release(first)
    assert pool.status(first).state == RUNNING and alive(pid)
    pool.release(second)
    assert pool.status(first).state == CANCELLED
    assert until(lambda: not alive(pid), timeout=10), "the cancelled job's worker was not stopped within 10 s"


def test_a_cancelled_running_job_frees_its_slot_for_the_next_in_the_queue(pool):
    heavy = pool.submit("heavy", spin, 120.0, heavy=True)
    waiting = pool.submit("second heavy", spin, 0.05, heavy=True)
    assert pool.status(heavy).state == RUNNING
    assert pool.status(waiting).state == QUEUED and pool.status(waiting).position == 0
    assert until(lambda: pool.worker_pids())
    pool.release(heavy)
    assert pool.wait(waiting, timeout=60).state == DONE


def test_light_jobs_keep_a_slot_and_go_ahead_of_queued_heavy_ones(pool, tmp_path):
    never = str(tmp_path / "never")
    running_heavy = pool.submit("heavy 1", wait_for_file, never + "1", heavy=True)
    queued_heavy = pool.submit("heavy 2", spin, 0.01, heavy=True)
    assert pool.status(queued_heavy).state == QUEUED        # heavy_slots=1: the second slot stays free
    light = pool.submit("light 1", wait_for_file, never + "2")
    assert pool.status(light).state == RUNNING
    later_heavy = pool.submit("heavy 3", spin, 0.01, heavy=True)
    later_light = pool.submit("light 2", spin, 0.01)
    positions = {name: pool.status(job).position for name, job in
                 [("light 2", later_light), ("heavy 2", queued_heavy), ("heavy 3", later_heavy)]}
    assert positions == {"light 2": 0, "heavy 2": 1, "heavy 3": 2}
    pool.release(queued_heavy)                               # a queued job leaves without running
    assert pool.status(queued_heavy).state == CANCELLED
    assert pool.status(later_heavy).position == 1
    pool.release(running_heavy), pool.release(light)
    assert pool.wait(later_light, timeout=60).state == DONE
    assert pool.wait(later_heavy, timeout=60).state == DONE


def test_a_failing_job_reports_its_error_and_the_pool_goes_on(pool):
    failed = pool.wait(pool.submit("fail", fail), timeout=30)
    assert failed.state == FAILED and "ValueError: this experiment cannot run: a reason" in failed.error
    assert pool.wait(pool.submit("after", spin, 0.01), timeout=30).state == DONE


def test_a_finished_key_starts_a_new_job_when_submitted_again(pool):
    first = pool.submit("again", spin, 0.01)
    pool.wait(first, timeout=30)
    pool.release(first)
    second = pool.submit("again", spin, 0.01)
    assert second is not first and pool.wait(second, timeout=30).state == DONE


def test_pool_sizes_are_checked(monkeypatch):
    with pytest.raises(ValueError, match="at least one slot"):
        JobPool(slots=0)
    with pytest.raises(ValueError, match="heavy_slots"):
        JobPool(slots=2, heavy_slots=3)
    monkeypatch.setenv("LAB_JOB_SLOTS", "1")
    with pytest.raises(ValueError, match="LAB_JOB_SLOTS"):
        default_slots()
    monkeypatch.setenv("LAB_JOB_SLOTS", "5")
    assert default_slots() == 5
    monkeypatch.delenv("LAB_JOB_SLOTS")
    assert default_slots() == (os.cpu_count() or 1) + 1


def test_run_reports_the_wait_then_the_jobs_progress_and_returns_its_result(pool, tmp_path):
    blocker = pool.submit("blocker", wait_for_file, str(tmp_path / "go"), heavy=True)
    seen = []

    def progress(fraction, text):
        seen.append(text)
        if len(seen) == 3:
            (tmp_path / "go").touch()           # the blocker ends: the watched job starts

    assert pool.run("watched", spin, 0.5, heavy=True, progress=progress, every=0.05) != os.getpid()
    assert seen[0] == "waiting for a free worker — next to start"
    assert any(text.startswith("spun ") for text in seen)
    assert not pool.running() and not pool.queued()
    pool.release(blocker)


def test_run_raises_the_jobs_error_and_an_interrupted_run_cancels_its_job(pool):
    with pytest.raises(RuntimeError, match="a reason"):
        pool.run("fail", fail, every=0.05)

    class Stopped(Exception):
        pass

    workers = []

    def stop_soon(fraction, text):
        if text.startswith("spun "):                # running: note its worker, then stop as Streamlit would
            workers.extend(pool.worker_pids())
            raise Stopped
    with pytest.raises(Stopped):
        pool.run("long", spin, 120.0, heavy=True, progress=stop_soon, every=0.05)
    assert not pool.running() and not pool.queued()
    assert workers and until(lambda: not any(map(alive, workers)), timeout=10)
