"""Figure builders: exact region geometry, figure contents, no NaN/inf, small animation payloads."""

from __future__ import annotations

import base64
import json
import math

import numpy as np
import plotly.graph_objects as go
import pytest

from learners import ApportionedMargin, MultiVectorPerceptron, Perceptron
from learners.comparators import BoundCurve
from viz import boundary, curves, experts, geometry, palette, timeline
from viz.geometry import (argmax_regions, border_segments, box_area, clip_polygon_halfplane, halfplane_regions,
                          line_segment_in_box, polygon_area, view_box)

UNIT = (0.0, 1.0, 0.0, 1.0)


# ---------------------------------------------------------------- helpers
def inside_convex(polygon, points, margin=0.0) -> np.ndarray:
    """Which points lie inside a convex polygon by at least ``margin`` (any orientation)."""
    polygon = np.asarray(polygon, float)
    if len(polygon) < 3:
        return np.zeros(len(points), bool)
    edges = np.roll(polygon, -1, axis=0) - polygon
    cross = edges[None, :, 0] * (points[:, None, 1] - polygon[None, :, 1]) \
        - edges[None, :, 1] * (points[:, None, 0] - polygon[None, :, 0])
    cross /= np.hypot(edges[:, 0], edges[:, 1])[None, :]
    sign = 1.0 if np.sum(edges[:, 0] * np.roll(edges[:, 1], -1) - edges[:, 1] * np.roll(edges[:, 0], -1)) > 0 else -1.0
    return np.all(sign * cross > margin, axis=1)


def random_points(box, n, rng):
    x0, x1, y0, y1 = box
    return rng.uniform([x0, y0], [x1, y1], size=(n, 2))


def nonfinite_paths(value, path="figure") -> list:
    """Every place in a figure dict holding NaN or ±inf, typed (base64) arrays decoded."""
    bad = []
    if isinstance(value, dict):
        if "bdata" in value and "dtype" in value:
            array = np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
            if array.dtype.kind == "f" and not np.all(np.isfinite(array)):
                bad.append(path)
            return bad
        for key, item in value.items():
            bad += nonfinite_paths(item, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            bad += nonfinite_paths(item, f"{path}[{i}]")
    elif isinstance(value, np.ndarray):
        if value.dtype.kind == "f" and not np.all(np.isfinite(value)):
            bad.append(path)
        elif value.dtype == object:
            bad += nonfinite_paths(value.tolist(), path)
    elif isinstance(value, (float, np.floating)) and not math.isfinite(value):
        bad.append(path)
    return bad


def assert_clean(figure: go.Figure):
    """No NaN or infinity anywhere, neither in the figure's data nor in its JSON text."""
    assert nonfinite_paths(figure.to_plotly_json()) == []

    def refuse(token):
        raise AssertionError(f"{token} in the figure JSON")
    json.loads(figure.to_json(), parse_constant=refuse)


def trace_types(figure) -> set:
    return {trace.type for trace in figure.data}


# ---------------------------------------------------------------- clipping
def test_clip_keeps_the_known_part_of_the_unit_square():
    square = geometry.box_polygon(UNIT)
    left = clip_polygon_halfplane(square, [-1.0, 0.0], 0.5)                # x ≤ 0.5
    assert polygon_area(left) == pytest.approx(0.5)
    assert left[:, 0].max() == pytest.approx(0.5)
    corner = clip_polygon_halfplane(square, [-1.0, -1.0], 0.5)             # x + y ≤ 0.5: a triangle
    assert len(corner) == 3 and polygon_area(corner) == pytest.approx(0.125)
    assert polygon_area(clip_polygon_halfplane(square, [1.0, 1.0], 5.0)) == pytest.approx(1.0)   # all kept
    assert clip_polygon_halfplane(square, [1.0, 1.0], -5.0).shape == (0, 2)                     # nothing kept
    # the line x + y = 2 touches the square at one corner only: zero area, so empty
    assert clip_polygon_halfplane(square, [1.0, 1.0], -2.0).shape == (0, 2)
    # the line x = 1 is an edge: keeping x ≥ 1 leaves a segment, also empty
    assert clip_polygon_halfplane(square, [1.0, 0.0], -1.0).shape == (0, 2)


def test_clip_of_a_triangle_matches_the_hand_computed_quadrilateral():
    triangle = np.array([[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]])
    kept = clip_polygon_halfplane(triangle, [0.0, -1.0], 1.0)              # y ≤ 1
    assert polygon_area(kept) == pytest.approx(8.0 - 4.5)                  # the triangle above y = 1 has area 4.5
    assert sorted(map(tuple, np.round(kept, 12))) == [(0.0, 0.0), (0.0, 1.0), (3.0, 1.0), (4.0, 0.0)]


def test_clip_pieces_are_inside_and_complementary():
    rng = np.random.default_rng(3)
    for _ in range(200):
        polygon = geometry.box_polygon((-2.0, 3.0, -1.0, 1.5))
        a, b = rng.normal(size=2), rng.normal()
        keep, drop = clip_polygon_halfplane(polygon, a, b), clip_polygon_halfplane(polygon, -a, -b)
        assert polygon_area(keep) + polygon_area(drop) == pytest.approx(polygon_area(polygon), rel=1e-12)
        if len(keep):
            assert np.all(keep @ a + b >= -1e-12)


def test_clip_rejects_bad_input():
    with pytest.raises(ValueError, match="two entries"):
        clip_polygon_halfplane(geometry.box_polygon(UNIT), [1.0, 2.0, 3.0], 0.0)
    with pytest.raises(ValueError, match="finite"):
        clip_polygon_halfplane(geometry.box_polygon(UNIT), [np.nan, 1.0], 0.0)
    with pytest.raises(ValueError, match="x0 < x1"):
        geometry.box_polygon((1.0, 0.0, 0.0, 1.0))


# ---------------------------------------------------------------- binary regions
def test_halfplane_regions_tile_the_box_and_hold_their_side():
    rng = np.random.default_rng(0)
    for _ in range(100):
        box = (rng.uniform(-5, 0), rng.uniform(0.5, 5), rng.uniform(-5, 0), rng.uniform(0.5, 5))
        w, b = rng.normal(size=2), rng.normal()
        negative, positive = halfplane_regions(w, b, box)
        assert polygon_area(negative) + polygon_area(positive) == pytest.approx(box_area(box), rel=1e-12)
        points = random_points(box, 300, rng)
        score = points @ w + b
        clear = np.abs(score) > 1e-6 * np.linalg.norm(w)
        assert np.all(inside_convex(positive, points[clear & (score > 0)], -1e-9))
        assert np.all(inside_convex(negative, points[clear & (score < 0)], -1e-9))
        assert not np.any(inside_convex(positive, points[clear & (score < 0)], 1e-9))


def test_zero_weight_vector_gives_the_whole_box_to_the_class_at_score_zero():
    box = (-1.0, 2.0, -3.0, 1.0)
    for b, owner in ((0.0, 0), (-0.5, 0), (0.5, 1)):     # score 0 is classes_[0]: only score > 0 is classes_[1]
        regions = halfplane_regions([0.0, 0.0], b, box)
        assert polygon_area(regions[owner]) == pytest.approx(box_area(box))
        assert regions[1 - owner].shape == (0, 2)


def test_halfplane_regions_agree_with_the_perceptron_predictions():
    rng = np.random.default_rng(1)
    X = rng.normal(size=(80, 2)); y = (X[:, 0] - 0.5 * X[:, 1] + 0.3 * rng.normal(size=80) > 0.2).astype(int)
    model = Perceptron().fit(X, y)
    box = view_box(X)
    regions = halfplane_regions(model.coef_[0], model.intercept_[0], box)
    points = random_points(box, 2000, rng)
    predicted = model.predict(points)
    for j in (0, 1):
        inside = inside_convex(regions[j], points, 1e-9)
        assert inside.any() and np.all(predicted[inside] == model.classes_[j])


# ---------------------------------------------------------------- argmax regions
@pytest.mark.parametrize("k", [2, 3, 4, 6])
def test_argmax_regions_tile_the_box_and_contain_exactly_their_argmax_points(k):
    rng = np.random.default_rng(k)
    for trial in range(30):
        box = (-3.0, rng.uniform(1, 4), -2.0, rng.uniform(1, 3))
        W, b = rng.normal(size=(k, 2)), rng.normal(size=k)
        theta = rng.uniform(0.2, 5.0, size=k) if trial % 2 else None
        regions = argmax_regions(W, b, box, theta)
        assert len(regions) == k
        assert sum(polygon_area(r) for r in regions) == pytest.approx(box_area(box), rel=1e-9)
        points = random_points(box, 400, rng)
        scores = (points @ W.T + b) / (1.0 if theta is None else theta)
        ordered = np.sort(scores, axis=1)
        clear = ordered[:, -1] - ordered[:, -2] > 1e-7
        winner = np.argmax(scores, axis=1)
        for r, polygon in enumerate(regions):
            inside = inside_convex(polygon, points, 1e-9)
            assert np.all(winner[inside & clear] == r)
            assert np.all(inside_convex(polygon, points[clear & (winner == r)], -1e-9))


def test_argmax_regions_agree_with_the_multivector_perceptron():
    rng = np.random.default_rng(5)
    centres = np.array([[-2.0, 0.0], [2.0, 0.5], [0.0, 2.5]])
    y = np.repeat(np.arange(3), 30); X = centres[y] + rng.normal(scale=0.9, size=(90, 2))
    model = MultiVectorPerceptron().fit(X, y)
    box = view_box(X)
    regions = argmax_regions(model.coef_, model.intercept_, box)
    points = random_points(box, 2000, rng)
    predicted = model.predict(points)
    for j, polygon in enumerate(regions):
        inside = inside_convex(polygon, points, 1e-7)
        assert np.all(predicted[inside] == model.classes_[j])


def test_identical_scores_go_to_the_lowest_index():
    box = (-1.0, 1.0, -1.0, 1.0)
    W = np.array([[1.0, 0.0], [1.0, 0.0], [-1.0, 0.0]]); b = np.zeros(3)
    regions = argmax_regions(W, b, box)
    assert polygon_area(regions[0]) == pytest.approx(2.0)         # classes 0 and 1 tie everywhere: 0 wins
    assert regions[1].shape == (0, 2)
    assert polygon_area(regions[2]) == pytest.approx(2.0)
    # same w, larger intercept: class 1 wins its whole half
    regions = argmax_regions(W, np.array([0.0, 0.1, 0.0]), box)
    assert regions[0].shape == (0, 2) and polygon_area(regions[1]) > 2.0
    # all zero: class 0 owns the box
    regions = argmax_regions(np.zeros((4, 2)), np.zeros(4), box)
    assert polygon_area(regions[0]) == pytest.approx(4.0) and all(r.shape == (0, 2) for r in regions[1:])


def test_raising_a_priority_moves_the_boundaries_towards_the_other_classes():
    # three classes whose scores are negative all over the box (like the scores −θ_j/(k−1) seed 002's Lemma 4
    # assigns off the predicted class): dividing by a larger θ_0 raises class 0's score, so it claims more ground
    angles = np.deg2rad([90.0, 210.0, 330.0])
    W = np.column_stack([np.cos(angles), np.sin(angles)]); b = np.full(3, -3.0)
    box = (-1.0, 1.0, -1.0, 1.0)
    areas = [[polygon_area(r) for r in argmax_regions(W, b, box, [t, 1.0, 1.0])] for t in (0.5, 1.0, 2.0, 4.0)]
    important = [a[0] for a in areas]
    others = [a[1] + a[2] for a in areas]
    assert all(x < y for x, y in zip(important, important[1:]))
    assert all(x > y for x, y in zip(others, others[1:]))
    assert areas[1][1] == pytest.approx(areas[1][2])                # symmetric at θ = 1


def test_apportioned_margin_gives_the_important_classes_more_of_the_plane():
    from datasets.four_clouds import four_clouds
    X, y = four_clouds(n_per_class=60, seed=0)
    box = view_box(X)
    areas = {}
    for theta in ((1.0, 1.0, 1.0, 1.0), (10.0, 10.0, 1.0, 1.0)):
        model = ApportionedMargin(theta=theta, random_state=0).fit(X, y)
        regions = argmax_regions(model.class_coef_, model.class_intercept_, box, model.theta_)
        points = random_points(box, 1500, np.random.default_rng(0))
        predicted = model.predict(points)
        for j, polygon in enumerate(regions):
            assert np.all(predicted[inside_convex(polygon, points, 1e-7)] == j)
        areas[theta] = [polygon_area(r) for r in regions]
    plain, weighted = areas[(1.0, 1.0, 1.0, 1.0)], areas[(10.0, 10.0, 1.0, 1.0)]
    assert weighted[0] + weighted[1] > plain[0] + plain[1]
    assert weighted[2] + weighted[3] < plain[2] + plain[3]


def test_argmax_regions_reject_bad_priorities():
    with pytest.raises(ValueError, match="positive"):
        argmax_regions(np.eye(2), np.zeros(2), UNIT, theta=[1.0, 0.0])
    with pytest.raises(ValueError, match="one priority per class"):
        argmax_regions(np.eye(2), np.zeros(2), UNIT, theta=[1.0])


# ---------------------------------------------------------------- lines and boxes
def test_line_segment_lies_on_the_line_and_on_the_box_border():
    rng = np.random.default_rng(2)
    box = (-2.0, 3.0, -1.0, 2.0)
    found = 0
    for _ in range(200):
        w, b, level = rng.normal(size=2), rng.normal(), rng.normal()
        segment = line_segment_in_box(w, b, box, level)
        crosses = np.ptp(geometry.box_polygon(box) @ w + b - level) > 0 and \
            (geometry.box_polygon(box) @ w + b - level).min() < 0 < (geometry.box_polygon(box) @ w + b - level).max()
        assert (segment is not None) == crosses
        if segment is None:
            continue
        found += 1
        assert np.allclose(segment @ w + b, level)
        on_border = np.isclose(segment[:, [0]], [box[0], box[1]]).any(1) | np.isclose(segment[:, [1]], [box[2], box[3]]).any(1)
        assert on_border.all()
    assert found > 50
    assert line_segment_in_box([0.0, 0.0], 1.0, box) is None


def test_border_segments_are_the_boundary_only():
    box = (-1.0, 1.0, -1.0, 1.0)
    segments = border_segments(halfplane_regions([1.0, -1.0], 0.0, box), box)
    assert len(segments) == 1 and np.allclose(segments[0] @ [1.0, -1.0], 0.0)
    three = border_segments(argmax_regions(np.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0]]), np.zeros(3), box), box)
    assert len(three) == 3                             # three rays from the triple point, each listed once
    assert border_segments(halfplane_regions([0.0, 0.0], 0.0, box), box) == []


def test_view_box_holds_the_points_and_is_square_ish():
    rng = np.random.default_rng(4)
    for scale in (1e-6, 1.0, 1e6, 1e200):
        X = rng.normal(size=(20, 2)) * [scale, scale / 7]
        x0, x1, y0, y1 = view_box(X)
        assert all(map(math.isfinite, (x0, x1, y0, y1)))
        assert x0 < X[:, 0].min() and X[:, 0].max() < x1 and y0 < X[:, 1].min() and X[:, 1].max() < y1
        assert 1.0 - 1e-12 <= (x1 - x0) / (y1 - y0) <= 1.5 + 1e-12
    assert view_box(np.zeros((0, 2))) == geometry.DEFAULT_BOX
    x0, x1, y0, y1 = view_box([[0.0, 0.0], [0.0, 0.0]])
    assert x0 < 0 < x1 and y0 < 0 < y1
    x0, x1, y0, y1 = view_box([[5.0, 5.0], [6.0, 6.0]], include_origin=True)
    assert x0 < 0 and y0 < 0
    with pytest.raises(ValueError, match="finite"):
        view_box([[np.inf, 0.0]])


# ---------------------------------------------------------------- palette
def test_palette_gives_each_of_six_classes_its_own_colour_and_symbol():
    assert len({palette.color(j) for j in range(6)}) == 6
    assert len({palette.symbol(j) for j in range(6)}) == 6
    assert palette.fill(2).startswith("rgba(") and palette.fill(2).endswith(f"{palette.REGION_OPACITY:g})")
    assert palette.tint(1, 0.0) == "#ffffff"


# ---------------------------------------------------------------- boundary figure
def two_clouds(n=40, seed=0):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal([1.0, 1.0], 0.7, (n, 2)), rng.normal([-1.0, -1.0], 0.7, (n, 2))])
    return X, np.r_[np.ones(n, int), np.zeros(n, int)]


def test_marker_sizes_grow_with_weight_within_the_clamp():
    sizes = boundary.marker_sizes([0.0, 0.1, 1.0, 1.0, 2.0, 1e9])
    assert sizes[0] == boundary.MARKER_MIN and sizes[-1] == boundary.MARKER_MAX
    assert np.all(np.diff(sizes) >= 0) and sizes[2] == boundary.MARKER_BASE
    with pytest.raises(ValueError, match="≥ 0"):
        boundary.marker_sizes([1.0, -1.0])


def test_class_names_are_shown_as_text_not_html():
    X, y = two_clouds(5)
    names = {t.name for t in boundary.point_traces(X, y, ["<b>bold</b>", "a&b"])}
    assert "&lt;b&gt;bold&lt;/b&gt;" in names and "a&amp;b" in names


@pytest.mark.parametrize("case", ["zero weights", "one class", "duplicates", "all at origin", "huge", "tiny", "no points"])
def test_awkward_inputs_give_clean_figures(case):
    X, y = two_clouds(10)
    names, weights, W, b = ["A", "B"], None, np.array([1.0, -1.0]), 0.5
    if case == "zero weights":
        weights = np.zeros(len(X))
    elif case == "one class":
        y, names = np.zeros(len(X), int), ["only"]
    elif case == "duplicates":
        X = np.repeat(X[:2], 10, axis=0); y = np.repeat(y[:2], 10)
    elif case == "all at origin":
        X = np.zeros_like(X); W, b = np.zeros(2), 0.0
    elif case == "huge":
        X = X * 1e200; W, b = np.array([1e-150, 3e-150]), 1e100
    elif case == "tiny":
        X = X * 1e-200; W, b = np.array([1e150, 3e150]), 0.0
    elif case == "no points":
        X, y = np.zeros((0, 2)), np.zeros(0, int)
    box = view_box(X)
    regions = [geometry.box_polygon(box)] if len(names) == 1 else halfplane_regions(W, b, box)
    figure = go.Figure(boundary.point_traces(X, y, names, weights) + [boundary.arrow_trace(np.r_[W, b], box)]
                       + ([boundary.current_trace(X, 0)] if len(X) else []), boundary.boundary_layout(box))
    assert trace_types(figure) == {"scatter"}
    assert_clean(figure)
    scale = max(abs(v) for v in box)                 # areas of 1e400 do not fit a float: compare them scaled
    assert sum(polygon_area(r / scale) for r in regions) == pytest.approx(box_area(np.array(box) / scale), rel=1e-9)


# ---------------------------------------------------------------- curves
def test_bound_curves_draw_only_where_a_bound_applies_and_say_why_elsewhere():
    T = 6
    trials = np.arange(1, T + 1)
    partial = BoundCurve("Novikoff", "", "seed 003", np.array([np.inf, np.inf, 8.0, 8.0, 9.0, 9.0]),
                         np.array([False, False, True, True, True, True]), reason="not separable yet")
    never = {"name": "Winnow", "values": np.full(T, np.inf), "applies": np.zeros(T, bool),
             "reason": "no non-negative separator"}
    gappy = {"name": "gappy", "values": np.array([1.0, np.inf, 3.0, np.nan, 5.0, 6.0])}
    figure = curves.bound_curves_figure(trials, [0, 1, 1, 2, 2, 2], [partial, never, gappy],
                                        weighted_loss=[0, 2.0, 2.0, 3.5, 3.5, 3.5])
    names = [t.name for t in figure.data]
    assert names[:2] == ["mistakes", "weighted loss"]
    assert names[2] == "Novikoff (seed 003), from trial 3"
    assert list(figure.data[2].y) == [None, None, 8.0, 8.0, 9.0, 9.0]
    assert "Winnow" not in " ".join(names)            # not drawn, so not in the legend: named under the title
    assert figure.layout.title.subtitle.text == "not drawn — Winnow: no non-negative separator"
    assert names[3] == "gappy, on 4 of 6 trials"
    assert list(figure.data[3].y) == [1.0, None, 3.0, None, 5.0, 6.0]
    assert list(figure.data[3].marker.size)[:3] == [6, 0, 6]      # isolated points get a visible marker
    assert_clean(figure)


def test_bound_curves_keep_a_far_bound_in_view_on_a_log_axis_and_log_scale_is_an_option():
    trials = np.arange(1, 101)
    bound = {"name": "loose", "values": np.full(100, 1e6), "applies": np.ones(100, bool)}
    figure = curves.bound_curves_figure(trials, np.minimum(trials, 10), [bound])
    assert figure.layout.yaxis.type == "log" and 10 ** figure.layout.yaxis.range[1] > 1e6
    assert not figure.layout.annotations                 # no "above this view" note: the bound is in view
    assert curves.bound_curves_figure(trials, np.minimum(trials, 10), [bound], log_y=False).layout.yaxis.range[1] > 1e6
    figure = curves.bound_curves_figure(trials, np.zeros(100), [bound], log_y=True)
    assert figure.layout.yaxis.type == "log"
    assert_clean(figure)


def test_long_bound_curves_are_thinned_and_step_counts_keep_their_change_points():
    T = 50_000
    counts = np.floor(np.sqrt(np.arange(T)))
    applies = np.arange(T) > 1000
    bound = {"name": "b", "values": np.where(applies, np.sqrt(np.arange(T)) * 3 + 5, np.inf), "applies": applies}
    figure = curves.bound_curves_figure(np.arange(1, T + 1), counts, [bound])
    assert len(figure.data[0].x) == len(np.unique(counts)) + 1         # one point per change, plus the last
    assert len(figure.data[1].x) < 2 * curves.MAX_POINTS
    assert figure.data[1].y[0] is None and 1001 + 1 in figure.data[1].x
    assert len(figure.to_json()) < 200_000


def test_invariants_and_mistakes_vs_cost_figures():
    trials = np.arange(1, 21)
    M = np.cumsum(np.arange(20) % 3 == 0)
    figure = curves.invariants_figure(trials, 0.5 * M + 0.1, 0.5 * M, 0.9 * M, 2.0 * M)
    assert [t.name for t in figure.data] == ["γ·M", "w·u", "R²·M", "‖w‖²"]
    assert figure.data[1].yaxis == "y" and figure.data[3].yaxis == "y2"
    assert_clean(curves.invariants_figure(trials, np.full(20, np.nan), 0.5 * M, 0.9 * M, np.full(20, np.inf)))
    iwp = {"cum_mistakes": M, "cum_weighted_loss": 2.0 * M}
    run_cumulative = {"trial": trials, "cum_mistakes": M + 1, "cum_weighted_loss": 1.5 * M}
    figure = curves.mistakes_vs_cost_figure({"MV-IWP": iwp, "MV-Perceptron": run_cumulative})
    assert [(t.name, t.xaxis) for t in figure.data] == [("MV-IWP", "x"), ("MV-Perceptron", "x"),
                                                         ("MV-IWP", "x2"), ("MV-Perceptron", "x2")]
    assert figure.data[2].y[-1] == 2.0 * M[-1]
    with pytest.raises(ValueError, match="cum_mistakes"):
        curves.mistakes_vs_cost_figure({"x": {"foo": [1]}})


# ---------------------------------------------------------------- experts
def test_rwm_epsilon_figure_marks_the_minimum_of_the_lecture_bound():
    grid = np.linspace(0.01, 0.5, 200)
    figure = experts.rwm_epsilon_figure(16, 50, grid, current_epsilon=0.5)
    lecture, exact, best = figure.data[:3]
    assert best.x[0] == pytest.approx(np.sqrt(np.log(16) / 50))
    assert best.y[0] <= min(lecture.y) + 1e-9
    assert all(e <= l + 1e-9 for e, l in zip(exact.y, lecture.y))   # the exact form is never above the lecture's
    assert len(figure.data) == 4
    assert_clean(experts.rwm_epsilon_figure(1, 0, grid))
    with pytest.raises(ValueError):
        experts.rwm_epsilon_figure(4, 10, [0.0, 0.7])


def test_the_scaling_figure_shows_eta_where_the_rows_have_one_whatever_the_learners_name():
    """η in a hover is decided by the data (issue 26: no identity by a display name): a learner without η
    shows none, one with η shows it, however the rows name them."""
    from viz.experiments import scaling_figure

    def row(learner, eta):
        return dict(target="sparse", n=16, learner=learner, eta=eta, mistakes=5.0, mistakes_min=4, mistakes_max=6,
                    trials=100.0, trials_max=100, runs=1, runs_capped=0, bound=None, bound_vacuous=False)

    rows = [row("Perceptron (renamed)", None), row("Perceptron", 0.5), row("Winnow η = 0.5", 0.5)]
    figure = scaling_figure(dict(rows=rows, trials_cap=1000, references=[]), "sparse")
    hovers = {t.name: t.hovertemplate for t in figure.data if t.name.endswith(": mistakes")}
    assert "η" not in hovers["Perceptron (renamed): mistakes"]
    assert "η" in hovers["Perceptron: mistakes"] and "η" in hovers["Winnow η = 0.5: mistakes"]


def sent(figure) -> dict:
    """What the browser receives: the figure's JSON, without the (shared) template."""
    figure = json.loads(figure.to_json())
    figure["layout"].pop("template", None)
    return figure


def test_fast_builders_give_figures_plotly_validates():
    """The builders skip plotly.py's per-property validation for speed; rebuilding their figures with
    validation must accept every property (a misspelt one raises ValueError) and change nothing
    (plotly.py would coerce a shorthand, e.g. a bare string title, that plotly.js itself ignores)."""
    X, y = two_clouds(30)
    box = view_box(X)
    T = 8
    partial = BoundCurve("Novikoff", "", "seed 003", np.r_[np.inf, np.full(T - 1, 5.0)], np.r_[False, np.ones(T - 1, bool)])
    lone = {"name": "lone", "values": np.r_[np.inf, 2.0, np.full(T - 2, np.inf)]}
    built = [
        go.Figure(boundary.point_traces(X, y, ["A", "B"], np.r_[np.full(30, 3.0), np.ones(30)])
                  + [boundary.current_trace(X, 1), boundary.arrow_trace([1.0, 1.0, 0.0], box)]
                  + boundary.support_line_traces([(0, np.ones(2), 0.0, 1.0)], ["A", "B"], box),
                  boundary.boundary_layout(box, "t"), _validate=False),
        curves.bound_curves_figure(np.arange(1, T + 1), np.arange(T) // 2, [partial, lone],
                                   weighted_loss=np.arange(T) * 0.7),
        curves.bound_curves_figure(np.arange(1, T + 1), np.arange(T), [{"name": "big", "values": np.full(T, 1e6)}]),
        curves.invariants_figure(np.arange(1, T + 1), np.arange(T) + 1.0, np.arange(T), np.arange(T) * 2.0,
                                 np.arange(T) * 3.0),
    ]
    # the timeline player's base figures: every moving trace present, with a role
    built.append(timeline.timeline_boundary_figure(X, y, ["A", "B"], box=box, region_classes=[0, 1]))
    built.append(timeline.timeline_boundary_figure(X, y % 2, ["A", "B", "C"], box=box, region_classes=[0, 1, 2],
                                                   n_support=3))
    built.append(timeline.timeline_boundary_figure(X, y, ["A", "B"], box=box, region_classes=[0, 1], dual=True))
    built.append(timeline.timeline_boundary_figure(X, y, ["A", "B", "C"], box=box, region_classes=[0, 1, 2],
                                                   dual=True, binary=False))
    built.append(timeline.with_cursor(curves.invariants_figure(np.arange(1, T + 1), np.arange(T) + 1.0, np.arange(T),
                                                               np.arange(T) * 2.0, np.arange(T) * 3.0), T))
    for figure in built:
        again = go.Figure(figure.to_dict())              # rebuilt with plotly.py's validation
        assert len(again.data) == len(figure.data) and len(again.frames) == len(figure.frames)
        assert sent(again) == sent(figure)
    with pytest.raises(ValueError):
        go.Figure(go.Figure([boundary.scatter(x=[1], y=[1], markr=dict(size=3))], _validate=False).to_dict())


def test_equal_weights_give_one_marker_size_and_points_travel_as_binary_arrays():
    X, y = two_clouds(20)
    figure = go.Figure(boundary.point_traces(X, y, ["A", "B"], np.full(40, 2.5)))
    points = [t for t in figure.data if t.name in ("A", "B")]
    assert all(np.ndim(t.marker.size) == 0 and t.marker.size == boundary.MARKER_BASE for t in points)
    sent = figure.to_dict()["data"]
    assert all("bdata" in trace["x"] for trace in sent if trace["name"] in ("A", "B"))
    assert_clean(figure)
