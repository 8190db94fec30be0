"""Regions of several classifiers side by side (viz.priority), without Streamlit."""

from __future__ import annotations

import base64
import json

import numpy as np
import pytest
from sklearn.svm import SVC, LinearSVC

from datasets.four_clouds import four_clouds
from experiments.priority import METHODS, fit_methods
from learners import ApportionedMargin
from viz import priority as viz_priority
from viz.geometry import box_area, polygon_area, view_box
from viz.priority import (grid_borders, linear_rule, method_panels, priority_figures, regions_side_by_side,
                          theta_weighted_cost)

THETA = (10.0, 10.0, 1.0, 1.0)
NAMES = ("top left", "bottom left", "top right", "bottom right")


@pytest.fixture(scope="module")
def clouds():
    X, y = four_clouds(30, seed=4)
    return X, y, fit_methods(X, y, THETA, seed=0)


def inside_convex(polygon, points) -> np.ndarray:
    """Which points lie strictly inside a convex polygon (either orientation)."""
    edges = np.roll(polygon, -1, axis=0) - polygon
    cross = edges[None, :, 0] * (points[:, None, 1] - polygon[None, :, 1]) \
        - edges[None, :, 1] * (points[:, None, 0] - polygon[None, :, 0])
    return np.all(cross > 1e-9, axis=1) | np.all(cross < -1e-9, axis=1)


def nonfinite(value) -> bool:
    """Whether a figure's JSON holds NaN or ±inf anywhere (typed arrays decoded)."""
    if isinstance(value, dict):
        if "bdata" in value and "dtype" in value:
            array = np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
            return array.dtype.kind == "f" and not np.all(np.isfinite(array))
        return any(nonfinite(v) for v in value.values())
    if isinstance(value, list):
        return any(nonfinite(v) for v in value)
    return isinstance(value, float) and not np.isfinite(value)


def figure_json(figure) -> dict:
    return json.loads(figure.to_json(), parse_constant=lambda name: float(name))


def test_one_panel_per_method_with_its_name_and_cost_in_the_title(clouds):
    X, y, fitted = clouds
    figure = regions_side_by_side(X, y, NAMES, fitted, THETA)
    titles = [a.text for a in figure.layout.annotations if "<b>" in a.text]
    assert len(titles) == len(METHODS) == len(fitted)
    for method, title in zip(METHODS, titles):
        assert method in title
        cost = theta_weighted_cost(y, fitted[method].predict(X), THETA)
        assert f"θ-cost<br>{cost:.3f}" in title
    axes = {trace.xaxis for trace in figure.data}
    assert len(axes) == len(METHODS), "every panel has traces on its own axes"


def test_traces_per_panel_regions_border_support_lines_and_points(clouds):
    X, y, fitted = clouds
    figure = regions_side_by_side(X, y, NAMES, fitted, THETA)
    panels = method_panels(fitted, X, y, THETA, view_box(X))
    for index, panel in enumerate(panels):
        axis = "x" if index == 0 else f"x{index + 1}"
        traces = [t for t in figure.data if t.xaxis == axis]
        points = [t for t in traces if t.type == "scatter" and t.mode == "markers"]
        assert [t.name for t in points] == list(NAMES), "the training points of every class"
        assert traces[-len(NAMES):] == points, "drawn last: on top of the regions"
        assert sum(t.name == "boundary" for t in traces) == 1
        if panel.kind == "polygons":
            assert sum(t.fill == "toself" for t in traces) == len(panel.regions)
        else:
            assert sum(t.type == "heatmap" for t in traces) == 1
        dotted = [t for t in traces if t.type == "scatter" and t.line.dash == "dot" and t.x != (None,)]
        expected = len(NAMES) if panel.name.startswith("ours") else 0
        assert len(dotted) == expected, (panel.name, "support lines w_j·x + b_j = θ_j only for ours")
    legend = [t.name for t in figure.data if t.showlegend is not False]
    assert legend.count("boundary") == 1 and sum(n.startswith("support lines") for n in legend) == 1
    assert all(legend.count(name) == 1 for name in NAMES), "one shared legend entry per class"


def test_same_axes_equal_aspect_and_no_nan(clouds):
    X, y, fitted = clouds
    figure = regions_side_by_side(X, y, NAMES, fitted, THETA)
    layout = figure.layout
    box = view_box(X)
    for index in range(len(METHODS)):
        suffix = "" if index == 0 else str(index + 1)
        assert tuple(layout[f"xaxis{suffix}"].range) == pytest.approx(box[:2])
        assert tuple(layout[f"yaxis{suffix}"].range) == pytest.approx(box[2:])
        assert layout[f"yaxis{suffix}"].scaleanchor == f"x{suffix}"
    assert not nonfinite(figure_json(figure))


def test_exact_polygons_cover_the_view_and_agree_with_predict(clouds):
    X, y, fitted = clouds
    box = view_box(X)
    panels = method_panels(fitted, X, y, THETA, box)
    kinds = {p.name: p.kind for p in panels}
    assert kinds["ours (sgd)"] == kinds["ours (perceptron)"] == kinds["CSOVA"] == kinds["CSCS"] == "polygons"
    assert kinds["CSOVO"] == kinds["SVM"] == "grid", "one-vs-one voting is not an argmax of affine scores"
    probe = np.random.default_rng(0).uniform([box[0], box[2]], [box[1], box[3]], size=(3000, 2))
    for panel in panels:
        if panel.kind != "polygons":
            continue
        assert sum(polygon_area(p) for p in panel.regions) == pytest.approx(box_area(box), rel=1e-9)
        predicted = fitted[panel.name].predict(probe)
        for polygon, j in zip(panel.regions, panel.region_classes):
            inside = inside_convex(polygon, probe)
            assert np.all(predicted[inside] == j), panel.name


def test_grid_panels_hold_the_predictions_at_the_cell_centres(clouds):
    X, y, fitted = clouds
    box = view_box(X)
    panel = next(p for p in method_panels(fitted, X, y, THETA, box, resolution=40) if p.kind == "grid")
    assert panel.grid.shape == (40, 40)
    cells = np.column_stack([np.tile(panel.grid_x, 40), np.repeat(panel.grid_y, 40)])
    assert np.array_equal(panel.grid.reshape(-1), fitted[panel.name].predict(cells))
    assert panel.grid_x[0] - box[0] == pytest.approx(box[1] - panel.grid_x[-1]), "cells tile the box"


def test_grid_borders_separate_exactly_the_differing_neighbours():
    z = np.array([[0, 0, 1], [0, 2, 1], [0, 2, 2]])
    centres = np.array([0.5, 1.5, 2.5])
    segments = grid_borders(centres, centres, z)
    length = sum(np.abs(s[1] - s[0]).sum() for s in segments)
    differing = np.sum(z[:, 1:] != z[:, :-1]) + np.sum(z[1:, :] != z[:-1, :])
    assert length == pytest.approx(differing), "one unit of border per differing pair of cells"
    assert grid_borders(centres, centres, np.zeros((3, 3), int)) == []


def test_linear_rules_are_recognised_and_others_are_not():
    X, y = four_clouds(20, seed=1)
    assert linear_rule(LinearSVC(multi_class="crammer_singer").fit(X, y)) is not None
    assert linear_rule(SVC(kernel="linear").fit(X, y)) is None, "multiclass SVC votes one-vs-one"
    assert linear_rule(SVC(kernel="rbf").fit(X[y < 2], y[y < 2])) is None
    binary = linear_rule(SVC(kernel="linear").fit(X[y < 2], y[y < 2]))
    assert binary is not None and binary[0].shape == (1, 2)
    assert linear_rule(ApportionedMargin(theta=THETA, kernel="rbf", n_passes=1).fit(X, y)) is None
    W, b, theta, classes = linear_rule(ApportionedMargin(theta=THETA, n_passes=1).fit(X, y))
    assert W.shape == (4, 2) and theta.tolist() == list(THETA) and classes.tolist() == [0, 1, 2, 3]


def test_a_binary_linear_svc_splits_the_view_in_two_exactly():
    X, y = four_clouds(20, seed=2)
    X, y = X[y < 2], y[y < 2]
    model = SVC(kernel="linear").fit(X, y)
    box = view_box(X)
    panel = method_panels({"SVM": model}, X, y, [1.0, 1.0], box)[0]
    assert panel.kind == "polygons" and sorted(panel.region_classes) == [0, 1]
    probe = np.random.default_rng(1).uniform([box[0], box[2]], [box[1], box[3]], size=(2000, 2))
    for polygon, j in zip(panel.regions, panel.region_classes):
        assert np.all(model.predict(probe[inside_convex(polygon, probe)]) == j)


def test_a_model_that_could_not_be_fitted_gets_a_panel_that_says_why(clouds):
    X, y, fitted = clouds
    models = dict(fitted, broken="could not fit: only one class")
    figure = regions_side_by_side(X, y, NAMES, models, THETA)
    assert "could not fit: only one class" in [a.text for a in figure.layout.annotations]
    assert sum("<b>" in a.text for a in figure.layout.annotations) == len(models)


def test_bad_input_gets_a_clear_error(clouds):
    X, y, fitted = clouds
    with pytest.raises(ValueError, match="one positive priority per class"):
        regions_side_by_side(X, y, NAMES, fitted, (1.0, 1.0))
    with pytest.raises(ValueError, match="at least one model"):
        regions_side_by_side(X, y, NAMES, {}, THETA)
    with pytest.raises(ValueError, match="keep_models=True"):
        priority_figures({"rows": []})


def test_paper_figures_one_per_priority_vector_with_test_costs():
    from experiments.priority import PRIORITIES, figures

    result = figures(seed=1, quick=True, keep_models=True)
    drawn = priority_figures(result)
    assert [theta for theta, _ in drawn] == list(PRIORITIES)
    for theta, figure in drawn:
        titles = [a.text for a in figure.layout.annotations if "<b>" in a.text]
        row = next(r for r in result["rows"] if tuple(r["theta"]) == theta and r["method"] == "CSOVA")
        assert any(f"θ-cost<br>{row['expected_risk']:.3f}" in t for t in titles if "CSOVA" in t)
        assert str(theta[0]) in figure.layout.title.text or f"{theta[0]:g}" in figure.layout.title.text
    assert viz_priority.FOUR_CLOUD_NAMES[0] in [t.name for t in drawn[0][1].data]
