"""The timeline payload (lab.timeline): one run, computed once, that shows at every trial what that trial is.

Every field is checked against the same run stepped separately (lab.runner.Run) or against
the learner itself: the points shown, mistakes, updates, the regions after each update, the
math of every trial, a kernel model's scores rebuilt from the dual changes.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from datasets import generators
from datasets.pointset import PointSet
from lab import catalog
from lab.formula import math_element
from lab.runner import Run, boundary_snapshot
from lab.timeline import PLACEHOLDER, build_timeline, pack_math, payload_json, run_key
from learners.kernels import kernel_matrix
from viz.geometry import halfplane_regions, view_box


@pytest.fixture(scope="module")
def separable():
    return generators.make("linearly_separable", n=60, margin_gamma=0.1, seed=3)


def unpack(payload, t: int) -> str:
    """The MathML the player writes for trial t (1-based): the template filled with its numbers."""
    parts = payload["math"]["templates"][payload["math"]["use"][t - 1]].split(PLACEHOLDER)
    numbers = payload["math"]["numbers"][t - 1]
    return parts[0] + "".join(n + p for n, p in zip(numbers, parts[1:]))


@pytest.mark.parametrize("name, order", [("Perceptron", "adversarial"), ("Winnow", "shuffled"),
                                         ("Importance-Weighted Perceptron", "drawn")])
def test_every_trial_is_the_trial_of_the_run(separable, name, order):
    payload = build_timeline(name, {}, separable, order=order, n_passes=3, seed=5)
    X, labels, weights = separable.to_arrays()
    run = Run(catalog.build(name), X, labels, weights, classes=np.unique(labels), order=order, n_passes=3, seed=5)
    spec = catalog.LEARNERS[name]
    trials = run.play()
    assert payload["T"] == len(trials) == 3 * len(separable)
    assert payload["trials"]["point"] == [trial.index for trial in trials]
    assert payload["trials"]["mistake"] == "".join("1" if trial.record.mistake else "0" for trial in trials)
    assert payload["trials"]["updated"] == "".join("1" if trial.record.updated else "0" for trial in trials)
    assert payload["trials"]["cum_mistakes"] == np.cumsum([t.record.mistake for t in trials]).tolist()
    # one model state before the first trial and one after every update
    assert len(payload["boundary"]["states"]) == 1 + sum(t.record.updated for t in trials)
    for t in (1, 2, len(trials) // 2, len(trials)):
        expected = "".join(math_element(f) for f in spec.trial_math(trials[t - 1].record, run.learner,
                                                                    names=separable.class_names))
        assert unpack(payload, t) == expected


def test_the_regions_of_each_state_are_the_learners_after_that_update(separable):
    payload = build_timeline("Perceptron", {}, separable, order="shuffled", n_passes=2, seed=1)
    X, labels, weights = separable.to_arrays()
    run = Run(catalog.build("Perceptron"), X, labels, weights, order="shuffled", n_passes=2, seed=1)
    box = tuple(payload["boundary"]["box"])
    assert box == view_box(X, 0.15)
    states = [payload["boundary"]["shapes"][state["shape"]] for state in payload["boundary"]["states"]]
    s = 0
    for _ in range(run.total_trials):
        if run.step().record.updated:
            s += 1
            snapshot = boundary_snapshot(run.learner)
            expected = halfplane_regions(snapshot["W"][0], snapshot["b"][0], box)
            for (xs, ys), polygon in zip(states[s]["regions"], expected):
                drawn = np.column_stack([xs, ys])[:-1] if xs else np.zeros((0, 2))
                np.testing.assert_allclose(drawn, np.asarray(polygon).reshape(-1, 2), atol=1e-3 * (box[1] - box[0]))
    assert s == len(states) - 1


def test_a_kernel_model_is_its_dual_changes(separable):
    """Rebuilding f on the grid from the payload's supports and coefficients (as the player does)
    gives the learner's own decision function at the end of the run."""
    points = generators.make("xor", n=80, noise=0.1, seed=2)
    payload = build_timeline("Kernel Perceptron", {"kernel": "rbf", "gamma": 0.7}, points, n_passes=2)
    dual = payload["boundary"]["dual"]
    assert payload["boundary"]["states"] == [] and dual["supports"]
    grid = np.asarray(dual["grid"]["features"])
    K = kernel_matrix(grid, np.asarray(dual["supports"]), "rbf", 0.7)
    scores = K @ np.asarray(dual["deltas"])[:, 0]
    X, labels, weights = points.to_arrays()
    learner = catalog.build("Kernel Perceptron", {"kernel": "rbf", "gamma": 0.7})
    learner.set_params(n_passes=2).fit(X, labels)
    gx, gy = np.asarray(dual["grid"]["x"]), np.asarray(dual["grid"]["y"])
    plane = np.column_stack([np.tile(gx, len(gy)), np.repeat(gy, len(gx))])
    np.testing.assert_allclose(scores, learner.decision_function(plane), rtol=1e-9, atol=1e-9)


def test_the_apportioned_kernel_model_is_its_dual_changes():
    points = generators.make("four_clouds", n_per_class=20, seed=0).set_theta([10.0, 10.0, 1.0, 1.0])
    values = {"kernel": "rbf", "gamma": 0.5, "theta": tuple(points.theta.tolist())}
    payload = build_timeline("Apportioned margin", values, points)
    dual = payload["boundary"]["dual"]
    K = kernel_matrix(np.asarray(dual["grid"]["features"]), np.asarray(dual["supports"]), "rbf", 0.5)
    scores = K @ np.asarray(dual["deltas"])
    learner = catalog.build("Apportioned margin", values)
    X, labels, _ = points.to_arrays()
    learner.fit(X, labels)
    gx, gy = np.asarray(dual["grid"]["x"]), np.asarray(dual["grid"]["y"])
    plane = np.column_stack([np.tile(gx, len(gy)), np.repeat(gy, len(gx))])
    winner_payload = np.argmax(scores / np.asarray(dual["theta"]), axis=1)
    assert np.array_equal(winner_payload, np.searchsorted(learner.classes_, learner.predict(plane)))


def test_comparator_lines_are_drawn_only_where_their_bound_applies():
    """Seed 000's IWP with unequal weights: Novikoff stops applying where the weights first differ, so
    its comparator is not drawn from there on (Theorem 3's may be, as it bounds the weighted loss)."""
    points = generators.make("weighted_clouds", n_per_class=30, seed=2)
    payload = build_timeline("Importance-Weighted Perceptron", {}, points, order="shuffled")
    names = [line["name"] for line in payload["boundary"]["comparators"]]
    use = payload["boundary"]["comparator_use"]
    assert len(use) == payload["T"]
    weights = np.asarray(payload["trials"]["weight"])
    differ = int(np.argmax(weights != weights[0]))             # the first trial whose weight differs
    for t, owner in enumerate(use):
        if owner != "." and t >= differ:
            assert "Novikoff" not in names[int(owner)] and "Gentile" not in names[int(owner)], (t, names[int(owner)])


def test_a_bound_too_rare_to_be_drawn_draws_no_comparator_either():
    """Winnow's theorem applying on 1 of 80 trials is named under the curves, not drawn (issue 27): its
    comparator u is not drawn on the boundary either, so the boundary's legend has no "comparator u"."""
    points = generators.make("linearly_separable", n=80, margin_gamma=0.3, seed=7)
    payload = build_timeline("Winnow", {}, points)
    figure = json.loads(payload["curves"]["figure"])
    assert re.search(r"Winnow[^,]*\(1 trial\)", figure["layout"]["title"]["subtitle"]["text"])
    assert payload["boundary"]["comparator_use"] == "." * payload["T"]
    assert payload["boundary"]["comparators"] == []


def test_the_math_is_packed_into_few_templates(separable):
    payload = build_timeline("Perceptron", {}, separable, n_passes=5)
    assert len(payload["math"]["templates"]) <= 6            # mistake / correct, with and without vectors
    assert pack_math(["<mn>1</mn>", "<mn>22</mn>"]) == {"templates": ["<mn>\u0001</mn>"], "use": [0, 0],
                                                          "numbers": [["1"], ["22"]]}


def test_the_payload_is_finite_json_and_names_its_run(separable):
    payload = build_timeline("Winnow", {"eta": 5.0}, separable, n_passes=2)
    text = payload_json(payload)                    # allow_nan=False: NaN or infinity would raise here
    assert json.loads(text)["id"] == run_key("Winnow", {"eta": 5.0}, separable, "drawn", 2, 0)
    assert run_key("Winnow", {"eta": 5.0}, separable, "drawn", 2, 0) != run_key("Winnow", {"eta": 4.0}, separable,
                                                                                "drawn", 2, 0)
    assert build_timeline("Winnow", {}, separable, start=10 ** 6)["start"] == len(separable)    # clamped to T
    assert build_timeline("Winnow", {}, separable, start=-4)["start"] == 0


def test_a_multiclass_run_draws_every_class_and_its_bounds():
    points = generators.make("gaussian_clouds", n_per_class=20, n_classes=4, seed=4)
    payload = build_timeline("Multi-vector Perceptron", {}, points, n_passes=2)
    assert all(len(shape["regions"]) == 4 for shape in payload["boundary"]["shapes"])
    figure = json.loads(payload["curves"]["figure"])
    names = [trace["name"] for trace in figure["data"]]
    assert any("Multiclass Gentile" in name for name in names)
    assert figure["layout"]["title"]["text"] == "mistakes against the bounds"


def test_a_learner_without_a_bound_does_not_promise_one():
    points = generators.make("gaussian_clouds", n_per_class=15, n_classes=3, seed=1)
    payload = build_timeline("Passive-Aggressive", {}, points)
    figure = json.loads(payload["curves"]["figure"])
    assert "bound" not in figure["layout"]["title"]["text"] and len(figure["data"]) == 1


def test_a_run_of_one_class_refuses_with_a_clear_message():
    points = PointSet.from_arrays([[0.0, 1.0], [1.0, 0.0]], [0, 0], class_names=("A", "B"))
    with pytest.raises(ValueError, match="two classes"):
        build_timeline("Perceptron", {}, points)
