"""Work for a session stops with the session (issues 19 and 20): a tab closed while the server builds its
run leaves the server idle within seconds, and a new setting chosen during a build replaces it at once.

The build here is the costliest a page allows (Winnow, adversarial order, 100,000 points: more than twice
the cost of the same points in drawn order; lab.limits), opened from a lab file.  Streamlit asks a
disconnected session's script to stop; the build hears it at its next progress report (every 100 trials).
The server here is this test's own, so the CPU it measures is this test's work alone."""

from __future__ import annotations

import time

import numpy as np
import pytest

from datasets.pointset import MAX_POINTS, PointSet
from lab.links import lab_file
from lab.timeline import build_timeline
from tests.load.test_many_users import cpu_seconds, tree_cpu_seconds

from .player import open_lab_file
from .test_paper_lab import choose_experiment
from .conftest import ROOT, VIEWPORT, _stop, free_port, poll, start_server, wait_idle

pytestmark = [pytest.mark.browser, pytest.mark.timed]    # CPU seconds measured: a marked suite (README)

#: CPU seconds the server may use in the seconds after the tab closed (the build it stopped takes ~4.5)
IDLE_CPU = 1.0
QUIET_SECONDS = 6
#: seconds after the stop (or the tab's close) before the quiet time is measured, at most
STOP_GRACE = 1.0


@pytest.fixture(scope="module")
def own_server():
    port = free_port()
    server = start_server(ROOT / "app.py", port)
    yield server, f"http://127.0.0.1:{port}"
    _stop(server)


def heavy_points() -> PointSet:
    """100,000 overlapping points of two classes: the adversarial order finds a mistake at every trial."""
    rng = np.random.default_rng(20)
    labels = rng.integers(0, 2, MAX_POINTS)
    return PointSet.from_arrays(rng.normal(size=(MAX_POINTS, 2)) * 3 + labels[:, None] * 0.2, labels)


def heavy_file(tmp_path):
    points = heavy_points()
    text = lab_file("winnow", {"winnow_section": "2D: step and play", "winnow_learner": "Winnow",
                               "winnow_order": "adversarial", "winnow_passes": 1}, points)
    path = tmp_path / "heavy-winnow.json"
    path.write_text(text)
    return path


def start_heavy_build(page, url, path) -> None:
    """Open the lab file: the Winnow page then builds its run; return once the build's bar is shown."""
    open_lab_file(page, url, path)
    page.get_by_text("Computing the run").first.wait_for(timeout=90_000)


def cpu_over(measure, seconds: float) -> float:
    """The CPU seconds ``measure()`` grows by in ``seconds``.  Showing that nothing runs takes the whole
    time: ``measure`` is polled, and the watch ends early only when it has already grown by IDLE_CPU."""
    start = measure()
    poll(lambda: measure() - start >= IDLE_CPU, seconds, interval=0.2)
    return measure() - start


def settle(measure, seconds: float = STOP_GRACE) -> None:
    """Return once ``measure()`` (CPU seconds) has stopped rising (not one clock tick in three polls 0.1 s
    apart), or after ``seconds``: the time a stop has to land; the quiet time is measured from then on."""
    last, still = [measure()], [0]

    def stopped() -> bool:
        now = measure()
        still[0] = still[0] + 1 if now - last[0] < 0.01 else 0
        last[0] = now
        return still[0] >= 3
    poll(stopped, seconds, interval=0.1)


def test_closing_the_tab_during_a_build_stops_it(own_server, browser, tmp_path):
    server, url = own_server
    path = heavy_file(tmp_path)
    context = browser.new_context(viewport=VIEWPORT)
    try:
        start_heavy_build(context.new_page(), url, path)
        bar = cpu_seconds(server.pid)                                # well inside the build: it used 0.3 s
        assert poll(lambda: cpu_seconds(server.pid) - bar >= 0.3, 30), "the build did not use the server's CPU"
    finally:
        context.close()
    settle(lambda: cpu_seconds(server.pid))                          # the stop lands at the next report
    used = cpu_over(lambda: cpu_seconds(server.pid), QUIET_SECONDS)
    print(f"\nserver CPU in the {QUIET_SECONDS} s after the tab closed mid-build: {used:.2f} s")
    assert used < IDLE_CPU


def build_cpu(points, order: str) -> float:
    """CPU seconds of building the Winnow run in this process (the server's work, without Streamlit)."""
    start = time.process_time()
    build_timeline("Winnow", {}, points, order=order, n_passes=1, seed=0)
    return time.process_time() - start


def switch_order(page, server_pid: int, label: str, in_url: str) -> tuple[float, float]:
    """Choose the run order ``label``: the server's CPU seconds at the click, and those it used from the
    click until the new run's player is shown."""
    before = cpu_seconds(server_pid)
    shown = page.evaluate("() => document.querySelector('.mbl-tl[data-run]')?.dataset.run || ''")
    page.locator(".st-key-winnow_order label", has_text=label).first.click()
    page.wait_for_function(f"() => location.href.includes('order={in_url}')", timeout=60_000)
    page.wait_for_function("(shown) => { const run = document.querySelector('.mbl-tl[data-run]')?.dataset.run;"
                           " return run && run !== shown; }", arg=shown, timeout=60_000)
    return before, cpu_seconds(server_pid) - before


def test_a_new_setting_during_a_build_replaces_it(own_server, browser, tmp_path):
    """Choosing another order while the adversarial run builds: the page shows the new run after about the
    new build's own cost, without finishing the old build first.

    What a run costs the server besides its build (the page's rerun, the payload sent) is measured on the
    same page: a later, uninterrupted change of order, against that run's build in this process.  Every
    figure compared is CPU seconds measured on this machine, so a faster or slower machine scales them all
    alike: the test asks no build to last a given number of seconds."""
    server, url = own_server
    path = heavy_file(tmp_path)
    points = heavy_points()
    build_cpu(PointSet.from_arrays(points.X[:50], points.labels[:50]), "drawn")   # imports, compiling
    drawn, adversarial = build_cpu(points, "drawn"), build_cpu(points, "adversarial")
    shuffled = build_cpu(points, "shuffled")
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        start_heavy_build(page, url, path)
        started = cpu_seconds(server.pid)                        # the build's bar is shown: it has begun
        clicked, used = switch_order(page, server.pid, "as drawn", "drawn")
        assert page.get_by_text("This run shows its first").count() == 1
        shuffled_on_server = switch_order(page, server.pid, "shuffled", "shuffled")[1]
    finally:
        context.close()
    overhead = max(0.0, shuffled_on_server - shuffled)
    print(f"\nserver CPU from the new setting to the new run shown: {used:.2f} s (here: the drawn-order "
          f"build alone {drawn:.2f} s, the adversarial one {adversarial:.2f} s; a run's cost beyond its build "
          f"on the server: {overhead:.2f} s)")
    new_run, before_click = drawn + overhead, clicked - started
    print(f"server CPU from the build's bar to the click: {before_click:.2f} s")
    # CPU seconds against CPU seconds, never a duration: the click must come in the first quarter of the
    # old build, whatever the machine's speed
    assert before_click < adversarial / 4, "the click came too late in the old build for the test to tell"
    # from the bar to the new run, finishing the old build would cost the server at least about
    # adversarial + new_run; stopping it costs before_click + new_run.  Half the old build lies between.
    assert before_click + used < new_run + adversarial / 2


def start_full_paper_run(page, url) -> None:
    """The full priority-table2 (minutes of CPU), started on the Paper lab; returns once its folds run."""
    page.goto(f"{url}/paper-lab")
    wait_idle(page)
    choose_experiment(page, "priority-table2")
    page.locator(".st-key-paper_quick label").first.click()
    wait_idle(page)
    page.get_by_role("button", name="Run").click()
    page.wait_for_function(
        "() => /fold [0-9]+\\/10/.test(document.querySelector('[data-testid=stProgress]')?.innerText || '')",
        timeout=90_000)


@pytest.mark.parametrize("how", ["Stop pressed", "tab closed"])
def test_a_paper_lab_run_stops_in_its_worker(own_server, browser, how):
    """The run happens in a worker process of the job pool (lab/jobs.py); Stop or a closed tab kills it:
    the server and all its processes use almost no CPU in the seconds after."""
    server, url = own_server
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        start_full_paper_run(page, url)
        running = tree_cpu_seconds(server.pid)
        assert poll(lambda: tree_cpu_seconds(server.pid) - running > 1.0, 30), "the experiment should be using a core"
        if how == "Stop pressed":                                    # the tab stays open while measured
            page.get_by_role("button", name="Stop").click()
            page.locator('[data-testid="stAlertContentWarning"]').wait_for(timeout=10_000)
        else:
            context.close()
        settle(lambda: tree_cpu_seconds(server.pid))
        used = cpu_over(lambda: tree_cpu_seconds(server.pid), QUIET_SECONDS)
    finally:
        context.close()
    print(f"\nserver and workers: CPU in the {QUIET_SECONDS} s after the {how}: {used:.2f} s")
    assert used < IDLE_CPU
