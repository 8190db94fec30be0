"""Every point set the import accepts works on every page (issue 20): at ±1e9, just inside the limits
(coordinates, weights, priorities) and at the size cap.

The import accepted a point at x₁ = 9.5e8 and the Data page then failed; the Data page's own test is in
tests/test_data_page.py.  Here the stepping pages: each learner of each page builds its whole run on
these sets with every number of the player's payload finite (what the browser steps and plays through),
each page shows its player without an error through AppTest, and the exports (the run as an HTML file,
the lab file, the CSV) carry the run and points back unchanged.  One browser test steps, plays and
exports such a run in Chromium (tests/browser/test_extreme_data_in_chromium.py).

Found on the way: on these sets the Priority page's SVM baselines ran for minutes on unscaled
coordinates (they are now fitted on standardised ones), the multiclass bound's comparator search
for minutes with weights up to 1e9, and the Multiclass page's comparisons over all 100,000 points.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from components.html_export import run_html
from datasets import csv_io
from datasets.pointset import MAX_POINTS, MAX_VALUE, MIN_MAGNITUDE, THETA_RANGE, PointSet, UndoStack
from lab import catalog
from lab.links import lab_file, read_lab_file
from lab.timeline import build_timeline
from tests.test_app import player_data
from tests.test_extremes import assert_finite_payload, non_negative_if_needed

APP = str(Path(__file__).resolve().parents[1] / "app.py")
INSIDE = float(np.nextafter(MAX_VALUE, 0))


def three_classes(X, **extra) -> PointSet:
    return PointSet.from_arrays(X, [index % 3 for index in range(len(X))], **extra)


#: the accepted extremes, two or three classes (three where a page takes them)
EXTREME = {
    "corners at ±1e9": three_classes([[MAX_VALUE, MAX_VALUE], [-MAX_VALUE, -MAX_VALUE], [MAX_VALUE, -MAX_VALUE],
                                      [-MAX_VALUE, MAX_VALUE], [0.0, 0.0], [MAX_VALUE, 0.0]]),
    "x1 = 9.5e8": three_classes([[9.5e8, 0.0], [0.0, 0.0], [0.0, 1.0]]),
    "just inside ±1e9, weights and θ at their ends": three_classes(
        [[INSIDE, 0.0], [0.0, -INSIDE], [-INSIDE, INSIDE], [1.0, 1.0], [-1.0, 2.0], [3.0, -1.0]],
        weights=[MAX_VALUE, 0.0, 1e-9, 1.0, MAX_VALUE, 2.0], theta=[THETA_RANGE[1], THETA_RANGE[0], 1.0]),
    # the points nearest the origin a set accepts (and subnormal coordinates beside a larger one): nearer, the
    # learners' products underflow and the set refuses them (test_points_nearer_the_origin_are_refused_everywhere)
    "tiny coordinates": three_classes([[MIN_MAGNITUDE, 0.0], [0.0, -MIN_MAGNITUDE], [-MIN_MAGNITUDE, MIN_MAGNITUDE],
                                       [1.0, 5e-324], [-5e-324, -1.0], [1e-12, 1e-12]]),
}


def for_page(points: PointSet, page: str) -> PointSet:
    """The set as a page takes it: the Perceptron and Winnow pages are binary (the third class dropped)."""
    if page not in ("perceptron", "winnow"):
        return points
    keep = points.labels < 2
    return PointSet.from_arrays(points.X[keep], points.labels[keep], weights=points.weights[keep],
                                class_names=points.class_names[:2])


LEARNER_CASES = [(page, name, data) for page in ("perceptron", "winnow", "multiclass", "priority")
                 for name in catalog.PAGES[page] for data in EXTREME]


def binary_if_needed(points: PointSet, name: str) -> PointSet:
    return for_page(points, "winnow") if catalog.LEARNERS[name].binary_only else points



@pytest.mark.parametrize("page, name, data", LEARNER_CASES)
def test_every_learner_of_every_page_plays_the_extreme_sets_with_finite_numbers(page, name, data):
    points = non_negative_if_needed(binary_if_needed(for_page(EXTREME[data], page), name), name)
    payload = build_timeline(name, {}, points, order="adversarial", n_passes=2, seed=0)
    assert payload["T"] == 2 * len(points)
    assert_finite_payload(payload)


def test_points_nearer_the_origin_are_refused_everywhere():
    """Issue 34: coordinates ×1e-165 were accepted and every perceptron trial became a tie (w·x underflows to 0)
    while the bound curves were drawn at 0.  A set, a CSV and a lab file now refuse a point nearer the origin than
    MIN_MAGNITUDE, saying why, and keep the points they had; the origin itself and tiny coordinates beside a larger
    one stay welcome."""
    points = EXTREME["tiny coordinates"]
    near = [[3e-165, -1e-170], [1.0, 1.0]]
    with pytest.raises(ValueError, match=r"Point 1, \(3e-165, -1e-170\), is too near the origin.*underflow.*rescale"):
        PointSet.from_arrays(near, [0, 1])
    with pytest.raises(ValueError, match="too near the origin"):
        points.add_points([[0.0, MIN_MAGNITUDE / 2]], label=0)
    assert len(points) == 6 and len(points.add_points([[0.0, 0.0]], label=0)) == 7
    text = csv_io.write_points_csv(points).replace(repr(MIN_MAGNITUDE), "1e-165", 1)
    with pytest.raises(ValueError, match="too near the origin"):
        csv_io.read_points_csv(text)
    file = lab_file("perceptron", {}, points).replace(repr(MIN_MAGNITUDE), "1e-165", 1)
    assert any("too near the origin" in problem for problem in read_lab_file(file).problems)


def open_page(points: PointSet, page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.session_state["undo"] = UndoStack(points)
    at.switch_page(f"views/{page}.py").run()
    return at


@pytest.mark.parametrize("page", ["perceptron", "winnow", "multiclass", "priority"])
@pytest.mark.parametrize("data", EXTREME)
def test_every_stepping_page_shows_and_exports_the_extreme_sets(page, data):
    points = for_page(EXTREME[data], page)
    at = open_page(points, page)
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    component, payload = player_data(at)
    assert payload["n_points"] == len(points) and payload["T"] >= len(points)
    assert_finite_payload(payload)
    html = run_html(component["payload"], f"{page}: {data}")
    carried = html.split('<script type="application/json" id="mbl-run">', 1)[1].split("</script>", 1)[0]
    assert json.loads(carried) == payload                        # the exported page carries the whole run
    link = read_lab_file(lab_file(page, {}, points))
    assert not link.problems and link.data.make() == points
    assert csv_io.read_points_csv(csv_io.write_points_csv(points), theta=points.theta) == points


def largest_set(n_classes: int) -> PointSet:
    rng = np.random.default_rng(7)
    labels = rng.integers(0, n_classes, MAX_POINTS)
    X = np.clip(rng.normal(size=(MAX_POINTS, 2)) * 4e8 + labels[:, None] * 1e8, -INSIDE, INSIDE)
    return PointSet.from_arrays(X, labels, weights=rng.uniform(0, MAX_VALUE, MAX_POINTS))


@pytest.mark.parametrize("page", ["perceptron", "multiclass", "priority"])
def test_the_largest_accepted_set_opens_every_stepping_page_with_a_cut_run(page):
    """100,000 points (the cap) spread up to ±1e9 with weights up to 1e9: the page builds its bounded run
    and says it was cut."""
    points = largest_set(2 if page == "perceptron" else 3)
    at = open_page(points, page)
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    _, payload = player_data(at)
    passes = at.session_state[f"{page}_passes"]              # the page's own default (Priority makes three)
    assert payload["n_points"] == MAX_POINTS and 0 < payload["T"] < MAX_POINTS and payload["cut"] == MAX_POINTS * passes
    assert any("This run shows its first" in warning.value for warning in at.warning)
    assert_finite_payload(payload)
    if page == "multiclass":         # its side-by-side comparisons cover the run's trials, not 100,000 (80 s)
        assert any(f"cover the first {payload['T']:,} trials" in caption.value for caption in at.caption)
