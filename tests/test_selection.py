"""Lasso spraying and selecting, without a browser: polygon containment and sampling, the lasso/select/pick
events of the canvas, and weights or classes set for a selection.

The containment test is checked against an independent method (the winding number, summed angles) on
simple polygons, where inside by the even–odd rule and inside by a non-zero winding number agree.
"""

import doctest

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import components.canvas as canvas_module
from components.canvas import (MAX_PATH_VERTICES, apply_canvas_event, canvas_data, check_canvas_event,
                               parse_canvas_event, selection_after_event)
from datasets import generators
from datasets.generators import sample_in_polygon
from datasets.pointset import MAX_VALUE, PointSet, check_polygon, points_in_polygon
from viz.boundary import marker_sizes

SQUARE = [[0.0, 0.0], [2.0, 0.0], [2.0, 2.0], [0.0, 2.0]]
L_SHAPE = [[0.0, 0.0], [4.0, 0.0], [4.0, 1.0], [1.0, 1.0], [1.0, 4.0], [0.0, 4.0]]   # area 7


def winding_number(P, polygon) -> np.ndarray:
    """Σ of the signed angles the polygon's edges subtend at each point, over 2π (an independent reference)."""
    P, V = np.asarray(P, float), np.asarray(polygon, float)
    total = np.zeros(len(P))
    for a, b in zip(V, np.roll(V, -1, axis=0)):
        da, db = a - P, b - P
        total += np.arctan2(da[:, 0] * db[:, 1] - da[:, 1] * db[:, 0], (da * db).sum(axis=1))
    return np.rint(total / (2 * np.pi)).astype(int)


def star_polygon(rng, m) -> np.ndarray:
    """A random simple polygon: m corners at increasing angles around the origin, random radii."""
    angles = np.sort(rng.uniform(0, 2 * np.pi, m))
    radii = rng.uniform(0.3, 3.0, m)
    return np.c_[radii * np.cos(angles), radii * np.sin(angles)]


def distance_to_boundary(P, polygon) -> np.ndarray:
    V = np.asarray(polygon, float)
    best = np.full(len(P), np.inf)
    for a, b in zip(V, np.roll(V, -1, axis=0)):
        t = np.clip(((P - a) @ (b - a)) / max((b - a) @ (b - a), 1e-300), 0, 1)
        best = np.minimum(best, np.linalg.norm(P - (a + t[:, None] * (b - a)), axis=1))
    return best


def cloud() -> PointSet:
    """Nine points on a grid 0, 1, 2 (class 0 left column, 1 middle, 2 right), weights 1."""
    X = [[x, y] for x in (0.0, 1.0, 2.0) for y in (0.0, 1.0, 2.0)]
    return PointSet.from_arrays(X, [int(x) for x, _ in X], class_names=("A", "B", "C"))


# ---------------------------------------------------------------- containment
def test_square_inside_outside_and_the_boundary_counts_as_inside():
    P = [[1.0, 1.0], [3.0, 1.0], [-0.5, 1.0], [1.0, 2.5], [2.0, 1.0], [0.0, 0.5], [1.5, 0.0], [1.0, 2.0],
         [0.0, 0.0], [2.0, 2.0], [2.0 + 1e-12, 1.0]]
    assert points_in_polygon(P, SQUARE).tolist() == [True, False, False, False, True, True, True, True,
                                                     True, True, False]
    # either winding direction, and a repeated closing corner, give the same answer
    assert points_in_polygon(P, SQUARE[::-1]).tolist() == points_in_polygon(P, SQUARE).tolist()
    assert points_in_polygon(P, SQUARE + [SQUARE[0]]).tolist() == points_in_polygon(P, SQUARE).tolist()


def test_points_on_slanted_edges_and_at_vertices_of_a_triangle_are_inside():
    triangle = [[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]]
    on = [[2.0, 2.0], [1.0, 3.0], [4.0, 0.0], [0.0, 4.0], [0.0, 1.5], [3.0, 0.0]]    # exact in binary
    assert points_in_polygon(on, triangle).all()
    assert not points_in_polygon([[2.5, 2.0], [4.0, 0.5], [-0.25, 1.0]], triangle).any()


def test_concave_l_shape_leaves_its_notch_outside():
    inside = points_in_polygon([[0.5, 3.5], [3.5, 0.5], [0.5, 0.5], [2.0, 2.0], [3.5, 3.5]], L_SHAPE)
    assert inside.tolist() == [True, True, True, False, False]


def test_a_self_crossing_lasso_follows_the_even_odd_rule():
    pentagram = [[np.cos(np.pi / 2 + k * 4 * np.pi / 5), np.sin(np.pi / 2 + k * 4 * np.pi / 5)] for k in range(5)]
    # the centre is wrapped twice (outside by even–odd); a spike tip region is wrapped once (inside)
    assert winding_number([[0.0, 0.0]], pentagram)[0] == 2
    assert points_in_polygon([[0.0, 0.0], [0.0, 0.8]], pentagram).tolist() == [False, True]
    figure_eight = [[0, 0], [2, 2], [2, 0], [0, 2]]              # two lobes, opposite windings
    assert points_in_polygon([[0.3, 1.0], [1.7, 1.0], [1.0, 0.2]], figure_eight).tolist() == [True, True, False]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), m=st.integers(3, 40))
def test_containment_agrees_with_the_winding_number_on_random_simple_polygons(seed, m):
    rng = np.random.default_rng(seed)
    polygon = star_polygon(rng, m)
    if np.linalg.svd(polygon - polygon.mean(axis=0), compute_uv=False)[1] < 1e-6:
        return                                                  # (nearly) collinear draws are not polygons
    P = rng.uniform(-3.5, 3.5, size=(400, 2))
    P = P[distance_to_boundary(P, polygon) > 1e-9]              # off the boundary, where both methods are exact
    assert np.array_equal(points_in_polygon(P, polygon), winding_number(P, polygon) != 0)


@pytest.mark.parametrize("polygon, message", [
    ([[0, 0], [1, 1]], "3 to"),
    ([[0, 0], [1, 1], [0, 0], [1, 1]], "fewer than 3 distinct"),
    ([[0, 0], [1, 1], [3, 3], [-2, -2]], "no area"),
    ([[0, 0], [1, np.nan], [0, 1]], "finite"),
    ([[0, 0], [1, np.inf], [0, 1]], "finite"),
    ([[0, 0], [2 * MAX_VALUE, 0], [0, 1]], "finite"),
    ([[0, 0, 0], [1, 0, 0], [0, 1, 0]], r"shape \(m, 2\)"),
    ([[0, 0], [1, 0], [0, "a"]], "numbers"),
    (np.zeros((10_001, 2)), "10,000"),
])
def test_degenerate_or_bad_polygons_are_refused_with_the_reason(polygon, message):
    with pytest.raises(ValueError, match=message):
        check_polygon(polygon)
    with pytest.raises(ValueError, match=message):
        points_in_polygon([[0.5, 0.5]], polygon)
    with pytest.raises(ValueError, match=message):
        sample_in_polygon(polygon, 10)


# ---------------------------------------------------------------- PointSet: selections
def test_indices_inside_a_polygon_and_indices_of_a_selection():
    points = cloud()
    assert points.indices_inside([[-0.5, -0.5], [1.0, -0.5], [1.0, 2.5], [-0.5, 2.5]]).tolist() == [0, 1, 2, 3, 4, 5]
    assert points.indices_inside([[5, 5], [6, 5], [6, 6]]).tolist() == []
    assert PointSet.empty().indices_inside(SQUARE).tolist() == []
    assert points.indices_of((8, 0, 8, 3)).tolist() == [0, 3, 8]
    assert points.indices_of(range(2)).tolist() == [0, 1]
    assert points.indices_of(np.array([2.0, 1.0])).tolist() == [1, 2]
    assert points.indices_of(points.labels == 2).tolist() == [6, 7, 8]
    assert points.indices_of("class:1").tolist() == [3, 4, 5] and points.indices_of("all").tolist() == list(range(9))
    assert points.indices_of(()).dtype.kind == "i" and points.indices_of(()).size == 0


@pytest.mark.parametrize("which, message", [
    ([9], "0..8"), ([-1], "0..8"), ([0.5], "whole"), ([[0, 1]], "flat"), ({0, 1}, "numbers"), ("some", "Say which"),
    (np.ones(3, bool), "one entry per point"), (["1"], "numbers"), ([np.nan], "whole"), ("class:7", "0..2"),
])
def test_bad_selections_are_refused_and_nothing_changes(which, message):
    points = cloud()
    before = points.fingerprint()
    for edit in (lambda: points.indices_of(which), lambda: points.set_weights(which, 2.0),
                 lambda: points.relabel(which, 1), lambda: points.remove(which)):
        with pytest.raises(ValueError, match=message):
            edit()
    assert points.fingerprint() == before


def test_weights_and_classes_of_a_selection_change_only_the_selected_points():
    points = cloud()
    weighted = points.set_weights((1, 4, 4, 7), 3.5)
    assert weighted.weights.tolist() == [1, 3.5, 1, 1, 3.5, 1, 1, 3.5, 1]
    assert weighted.X.tolist() == points.X.tolist() and weighted.labels.tolist() == points.labels.tolist()
    assert points.set_weights((), 3.5) == points                       # an empty selection changes nothing
    moved = weighted.relabel((0, 8), 1)
    assert moved.labels.tolist() == [1, 0, 0, 1, 1, 1, 2, 2, 1] and moved.weights.tolist() == weighted.weights.tolist()
    with pytest.raises(ValueError, match="class"):
        points.relabel((0,), 3)
    with pytest.raises(ValueError, match="weight"):
        points.set_weights((0,), -1.0)


def test_a_selection_s_new_weight_shows_as_a_larger_marker():
    points = PointSet.from_arrays(np.c_[np.arange(10.0), np.zeros(10)], [0] * 5 + [1] * 5)
    heavier = points.set_weights((2, 3), 4.0)
    sizes = canvas_data(heavier, (-1, 10, -3, 3), 0, "select", selected=(2, 3))["sizes"]
    assert sizes == marker_sizes(heavier.weights).tolist()
    assert sizes[2] == sizes[3] == 2 * sizes[0] and len(set(sizes[:2] + sizes[4:])) == 1   # area ∝ weight


# ---------------------------------------------------------------- sampling inside a lasso
def test_lasso_samples_lie_inside_are_seeded_and_uniform():
    X = sample_in_polygon(L_SHAPE, 3000, seed=4)
    assert X.shape == (3000, 2) and np.all(winding_number(X, L_SHAPE) != 0)
    assert np.array_equal(X, sample_in_polygon(L_SHAPE, 3000, seed=4))
    assert not np.array_equal(X, sample_in_polygon(L_SHAPE, 3000, seed=5))
    # uniform: each unit cell of the L (7 of them) gets about 1/7 of the points (σ ≈ 0.0064)
    cells = np.floor(X).astype(int)
    counts = {tuple(c): n for c, n in zip(*np.unique(cells, axis=0, return_counts=True))}
    assert set(counts) == {(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (0, 2), (0, 3)}
    assert all(abs(n / 3000 - 1 / 7) < 0.03 for n in counts.values()), counts
    assert np.array_equal(generators.spray(L_SHAPE, 3000, seed=4), X)   # spray's lasso is this sampler


def test_a_thin_sliver_still_fills_and_a_loop_enclosing_nothing_is_refused():
    sliver = [[0.0, 0.0], [10.0, 10.0], [10.0, 10.05]]                    # 0.5 % of its bounding box
    X = sample_in_polygon(sliver, 200, seed=1)
    assert X.shape == (200, 2) and np.all(winding_number(X, sliver) != 0)
    assert sample_in_polygon(SQUARE, 0).shape == (0, 2)
    with pytest.raises(ValueError, match="almost"):
        sample_in_polygon([[0, 0], [1, 0], [1, 1], [1, 0]], 50)            # out and back: no inside
    with pytest.raises(ValueError, match=r"n must lie in \[0"):
        sample_in_polygon(SQUARE, -1)
    with pytest.raises(ValueError, match="seed"):
        sample_in_polygon(SQUARE, 5, seed=-2)


# ---------------------------------------------------------------- lasso events
def lasso(xs, ys, **extra):
    return {"type": "lasso", "xs": list(xs), "ys": list(ys), "label": 2, "id": "s-9", **extra}


def test_a_lasso_sprays_spray_n_points_of_its_class_inside_the_loop():
    points = cloud()
    xs, ys = zip(*L_SHAPE)
    updated = apply_canvas_event(points, lasso(xs, ys), spray_n=40, seed=3, weight=0.25)
    new = updated.X[len(points):]
    assert len(updated) == len(points) + 40 and updated.X[:9].tolist() == points.X.tolist()
    assert np.all(winding_number(new, L_SHAPE) != 0)
    assert np.all(updated.labels[9:] == 2) and np.all(updated.weights[9:] == 0.25)
    assert apply_canvas_event(points, lasso(xs, ys), spray_n=40, seed=3, weight=0.25) == updated
    assert apply_canvas_event(points, lasso(xs, ys), spray_n=40, label=0).labels[9:].tolist() == [0] * 40
    assert apply_canvas_event(points, lasso(xs, ys), spray_n=40, handled_ids=("s-9",)) is points
    # the browser's limit: MAX_PATH_VERTICES corners are accepted
    t = np.linspace(0, 2 * np.pi, MAX_PATH_VERTICES, endpoint=False)
    circle = apply_canvas_event(points, lasso(np.cos(t), np.sin(t)), spray_n=30)
    assert np.all(np.hypot(*circle.X[9:].T) <= 1.0)


BAD_LOOPS = [
    (lasso([0, 1, np.nan], [0, 0, 1]), "finite"),
    (lasso([0, 1, 0], [0, np.inf, 1]), "finite"),
    (lasso([0, 1, 2 * MAX_VALUE], [0, 0, 1]), "finite"),
    (lasso(np.zeros(MAX_PATH_VERTICES + 1), np.zeros(MAX_PATH_VERTICES + 1)), "1 to 500 corners"),
    (lasso([], []), "1 to 500 corners"),
    (lasso([0, 1, 0], [0, 0]), "as many xs as ys"),
    (lasso([0, 1, 2], [0, 1, 2]), "no area"),
    (lasso([0, 1, 0, 1], [0, 1, 0, 1]), "fewer than 3 distinct"),
    (lasso([0.5], [0.5]), "3 to"),
    (lasso(["0", "1", "0"], [0, 0, 1]), "finite"),
    (lasso([True, False, True], [0, 0, 1]), "finite"),
    ({"type": "lasso", "xs": "012", "ys": [0, 0, 1]}, "list of numbers"),
    ({"type": "lasso", "ys": [0, 0, 1]}, "list of numbers"),
    (lasso([0, 1, 0], [0, 0, 1], label=7), "label"),
    (lasso([0, 1, 0], [0, 0, 1], id=""), "id"),
]


@pytest.mark.parametrize("event, message", BAD_LOOPS, ids=range(len(BAD_LOOPS)))
@pytest.mark.parametrize("kind", ["lasso", "select"])
def test_a_bad_lasso_or_select_loop_raises_its_reason_and_changes_nothing(event, message, kind):
    event = {**event, "type": kind}
    points = cloud()
    before = points.fingerprint()
    with pytest.raises(ValueError, match=message):
        apply_canvas_event(points, event, spray_n=5)
    if kind == "select":
        with pytest.raises(ValueError, match=message):
            selection_after_event(points, event, (1, 2))
    assert points.fingerprint() == before
    # the mount's filter drops structurally broken loops; loops without area reach the page, which shows why
    structural = message not in ("no area", "fewer than 3 distinct", "3 to")
    assert (parse_canvas_event(event, points.n_classes) is None) == structural


def test_a_replayed_bad_loop_still_raises_and_a_select_event_changes_no_point():
    points = cloud()
    with pytest.raises(ValueError, match="no area"):
        apply_canvas_event(points, lasso([0, 1, 2], [0, 1, 2]), handled_ids=("s-9",))
    select = {"type": "select", "xs": [-1, 3, 3, -1], "ys": [-1, -1, 3, 3], "id": "q"}
    assert apply_canvas_event(points, select) is points
    assert apply_canvas_event(points, {"type": "pick", "x": 0.0, "y": 0.0, "radius": 1.0}) is points


def test_check_canvas_event_cleans_a_select_event():
    clean = check_canvas_event({"type": "select", "xs": [0, 1, 1], "ys": [0, 0, 1], "extend": True, "id": 5})
    assert clean == {"type": "select", "xs": [0.0, 1.0, 1.0], "ys": [0.0, 0.0, 1.0], "extend": True, "id": "5"}
    with pytest.raises(ValueError, match="true or false"):
        check_canvas_event({"type": "select", "xs": [0, 1, 1], "ys": [0, 0, 1], "extend": 1})
    with pytest.raises(ValueError, match="type is one of"):
        check_canvas_event({"type": "circle", "x": 0, "y": 0})


# ---------------------------------------------------------------- select and pick
def select(xs, ys, **extra):
    return {"type": "select", "xs": list(xs), "ys": list(ys), "id": "sel", **extra}


def test_a_box_selects_the_points_inside_including_those_on_its_edges():
    points = cloud()                                 # grid 0, 1, 2 × 0, 1, 2; index = 3·x + y
    box = select([0.0, 1.0, 1.0, 0.0], [1.0, 1.0, 2.0, 2.0])
    assert selection_after_event(points, box) == (1, 2, 4, 5)
    assert selection_after_event(points, select([0.5, 0.6, 0.6, 0.5], [0.5, 0.5, 0.6, 0.6]), (0, 8)) == ()


def test_a_lasso_selects_inside_and_extend_adds_to_the_selection():
    points = cloud()
    triangle = select([-0.5, 2.5, -0.5], [-0.5, -0.5, 2.5])           # x + y ≤ 2 (points on the slant too)
    assert selection_after_event(points, triangle) == (0, 1, 2, 3, 4, 6)
    corner = select([1.5, 2.5, 2.5], [2.5, 2.5, 1.5], extend=True)      # only (2, 2)
    assert selection_after_event(points, corner, (0, 4)) == (0, 4, 8)
    assert selection_after_event(points, {**corner, "extend": False}, (0, 4)) == (8,)


def test_a_click_picks_the_nearest_point_toggles_with_shift_and_clears_on_empty_space():
    points = cloud()
    pick = {"type": "pick", "x": 1.1, "y": 0.95, "radius": 0.3}
    assert selection_after_event(points, pick, (0, 8)) == (4,)
    assert selection_after_event(points, {**pick, "extend": True}, (0, 8)) == (0, 4, 8)
    assert selection_after_event(points, {**pick, "extend": True}, (0, 4, 8)) == (0, 8)
    assert selection_after_event(points, {**pick, "x": 1.5, "y": 1.5}, (0, 8)) == ()
    assert selection_after_event(points, {**pick, "x": 1.5, "y": 1.5, "extend": True}, (0, 8)) == (0, 8)
    assert selection_after_event(points, {"type": "pick", "x": 0.1, "y": 0.0}, ()) == (0,)   # default radius
    assert selection_after_event(points, {"type": "pick", "x": np.nan, "y": 0.0}, (3,)) == (3,)   # ignored


def test_selection_after_event_refuses_other_events_and_stale_selections():
    points = cloud()
    with pytest.raises(ValueError, match="select and pick"):
        selection_after_event(points, {"type": "add", "x": 0.0, "y": 0.0, "label": 0})
    with pytest.raises(ValueError, match="0..8"):
        selection_after_event(points, select([0, 1, 1], [0, 0, 1]), (12,))
    with pytest.raises(ValueError, match="PointSet"):
        selection_after_event([[0.0, 0.0]], select([0, 1, 1], [0, 0, 1]))


def test_docstring_examples_run():
    import datasets.generators as generators_module
    import datasets.pointset as pointset_module

    for module in (pointset_module, generators_module, canvas_module):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0, module.__name__
