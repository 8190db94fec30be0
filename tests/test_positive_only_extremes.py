"""The learners of a page that need non-negative features (OOZ, the weight-bounded perceptron; issue 26) on the
awkward and extreme sets of tests/test_extremes.py and tests/test_extreme_data.py, made non-negative: every
slider at both ends draws finite figures.  On points with a negative coordinate their run is refused with a
ValueError that says why (the page shows it and keeps the points: tests/test_catalog_pages.py)."""

from __future__ import annotations

import numpy as np
import pytest

from datasets.pointset import PointSet
from lab import catalog
from lab.timeline import build_timeline
from tests.test_extreme_data import EXTREME, for_page
from tests.test_extremes import SETS, assert_finite_payload

POSITIVE_ONLY = sorted({name for page, names in catalog.PAGES.items() for name in names
                        if catalog.LEARNERS[name].kind == "classifier" and catalog.LEARNERS[name].cls._positive_only})


def non_negative(points: PointSet) -> PointSet:
    return PointSet.from_arrays(np.abs(points.X), points.labels, weights=points.weights,
                                class_names=points.class_names)


def slider_ends(name: str):
    for param in catalog.LEARNERS[name].params:
        if param.kind in ("int", "float"):
            for value in (param.low, param.high):
                yield {param.name: int(value) if param.kind == "int" else float(value)}


def test_the_pages_offer_learners_that_need_non_negative_features():
    assert set(POSITIVE_ONLY) == {"OOZ", "Weight-bounded perceptron"}


@pytest.mark.parametrize("name", POSITIVE_ONLY)
def test_every_slider_end_on_the_awkward_sets_made_non_negative_draws_finite_figures(name):
    k = 2 if catalog.LEARNERS[name].binary_only else 3
    for values in slider_ends(name):
        for set_name, points in SETS[k].items():
            payload = build_timeline(name, values, non_negative(points), order="adversarial", n_passes=2)
            assert payload["T"] == 2 * len(points), (values, set_name)
            assert_finite_payload(payload)


@pytest.mark.parametrize("name", POSITIVE_ONLY)
@pytest.mark.parametrize("data", sorted(EXTREME))
def test_the_extreme_sets_made_non_negative_play_with_finite_numbers(name, data):
    points = EXTREME[data]
    if catalog.LEARNERS[name].binary_only:
        points = for_page(points, "perceptron")
    payload = build_timeline(name, {}, non_negative(points), order="adversarial", n_passes=2, seed=0)
    assert payload["T"] == 2 * len(points)
    assert_finite_payload(payload)


@pytest.mark.parametrize("name", POSITIVE_ONLY)
def test_a_negative_coordinate_is_refused_with_its_reason(name):
    points = PointSet.from_arrays(np.array([[1.0, 2.0], [2.0, -0.5], [0.5, 1.0]]), np.array([0, 1, 0]))
    with pytest.raises(ValueError, match="(?i)negative"):
        build_timeline(name, {}, points)
