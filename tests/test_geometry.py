"""The regions of a linear rule are decided with a margin (viz.geometry), so that rounding in the rule's last
bits — a BLAS kernel, a summation order — draws the same picture (issue 34: under OPENBLAS_CORETYPE=Prescott the
four-classes story's regions gained a corner and its borders changed, where four regions meet at one point)."""

from __future__ import annotations

import numpy as np
import pytest

from viz.geometry import (MERGE, argmax_regions, border_segments, box_area, clip_polygon_halfplane,
                          halfplane_regions, polygon_area)

BOX = (-5.185575816667488, 4.8746880411162925, -5.380990358115573, 4.6792734996682075)
SPAN = max(BOX[1] - BOX[0], BOX[3] - BOX[2])
#: a multi-vector perceptron's rule of the four-classes story: its rows sum to 0 and class 3's is 0, so classes 0,
#: 1 and 2 meet class 3 (which owns no area) at one point
FOUR = (np.array([[1.7807014550453744, -1.2003013689665525], [0.5858526057913453, 2.602425293205025],
                  [-2.3665540608367195, -1.4021239242384724], [0.0, 0.0]]), np.array([-1.0, 0.0, 1.0, 0.0]))


def nudged(values, rng, ulps=4):
    """``values`` moved by a few units in their last place, each independently."""
    values = np.array(values, dtype=float)
    for index in np.ndindex(values.shape):
        for _ in range(int(rng.integers(0, ulps + 1))):
            values[index] = np.nextafter(values[index], np.inf if rng.random() < 0.5 else -np.inf)
    return values


def picture(regions):
    """The regions and their borders, rounded far below a pixel but far above the last bits."""
    borders = sorted(tuple(sorted(map(tuple, np.round(s / SPAN, 9).tolist()))) for s in border_segments(regions, BOX))
    return [np.round(r / SPAN, 9).tolist() for r in regions], borders


def assert_clean(regions):
    """No corner twice (consecutive vertices within MERGE of the box) and no border shorter than that."""
    for region in regions:
        if len(region):
            steps = np.abs(np.diff(np.vstack([region, region[:1]]), axis=0)).max(axis=1)
            assert steps.min() > MERGE * SPAN, region.tolist()
    for segment in border_segments(regions, BOX):
        assert np.abs(segment[1] - segment[0]).max() > MERGE * SPAN


def test_four_regions_meeting_at_one_point_look_the_same_whatever_their_last_bits():
    rng = np.random.default_rng(0)
    W, b = FOUR
    reference = argmax_regions(W, b, BOX)
    assert [len(r) for r in reference] == [4, 5, 4, 0]            # each corner once; class 3 owns a point only
    assert len(border_segments(reference, BOX)) == 3
    assert_clean(reference)
    for _ in range(60):
        regions = argmax_regions(nudged(W, rng), nudged(b, rng), BOX)
        assert_clean(regions)
        assert picture(regions) == picture(reference)


@pytest.mark.parametrize("theta", [None, [10.0, 10.0, 1.0, 1.0]])
def test_random_rules_with_a_common_point_draw_clean_regions_that_tile_the_box(theta):
    """Rules whose rows sum to 0 (every class's score meets the others' at one point): whatever their last bits,
    no corner twice, no empty border, and the regions still cover the box."""
    rng = np.random.default_rng(1)
    for _ in range(25):
        W = rng.normal(size=(4, 2))
        W[-1] = -W[:-1].sum(axis=0)
        point = rng.uniform(-3, 3, 2)
        b = -(W @ point)
        first = argmax_regions(W, b, BOX, theta)
        assert_clean(first)
        assert sum(polygon_area(r) for r in first) == pytest.approx(box_area(BOX), rel=1e-9)
        for _ in range(3):
            assert picture(argmax_regions(nudged(W, rng), nudged(b, rng), BOX, theta)) == picture(first)


def test_a_line_through_a_corner_up_to_its_last_bits_keeps_the_corner_once():
    square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    for offset in (-1.0, np.nextafter(-1.0, 0), np.nextafter(-1.0, -2)):
        kept = clip_polygon_halfplane(square, np.array([1.0, 1.0]), offset)
        assert kept.tolist() == [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]
    for b in (0.0, 1e-17, -1e-17):          # the binary rule's line through the box's corners, up to its last bits
        negative, positive = halfplane_regions([1.0, -BOX[0] / BOX[2]], b, (BOX[0], 0.0, BOX[2], 0.0))
        assert len(negative) in (0, 3) and len(positive) in (0, 3)
        assert len(border_segments([r for r in (negative, positive) if len(r)], (BOX[0], 0.0, BOX[2], 0.0))) == 1
