"""Every story's run is the one recorded before issue 26's refactoring (tests/story_payloads.py): the pages
may be rebuilt from one table of settings and the expert learners moved onto the classifiers' stack, but
what a story shows — trials, boundaries, math, curves, notes — stays as it was."""

import copy

import pytest

from lab.stories import STORIES
from tests.story_payloads import differences, load, players

RECORDED = load()


def test_every_story_is_recorded_and_some_hand_a_run_to_the_player():
    assert set(RECORDED) == set(STORIES)
    assert sum(len(v) for v in RECORDED.values()) >= len(STORIES) - 1


@pytest.mark.parametrize("key", sorted(STORIES))
def test_the_story_shows_the_recorded_run(key):
    now = players(key)
    assert len(now) == len(RECORDED[key])
    for old, new in zip(RECORDED[key], now):
        found = differences(old, new)
        assert not found, found[:10]


def test_the_comparison_sees_a_changed_number_a_changed_word_and_a_missing_trial():
    old = next(p for v in RECORDED.values() for p in v)
    assert differences(old, copy.deepcopy(old)) == []
    moved = copy.deepcopy(old)
    moved["trials"]["mistake"] = moved["trials"]["mistake"][:-1]
    assert differences(old, moved)
    text = copy.deepcopy(old)
    text["math"]["use"][0] = [-1]
    assert differences(old, text)
    assert differences({"a": "mistakes 12.5"}, {"a": "mistakes 12.7"})
    assert not differences({"a": "mistakes 12.5"}, {"a": "mistakes 12.6"})   # one unit of the last digit
    assert differences({"a": "the bound"}, {"a": "a bound"})
    assert differences({"a": 1.0}, {"a": 1.001})
    assert not differences({"a": 1.0}, {"a": 1.0 + 1e-12})


def test_the_boundary_is_compared_as_the_picture_it_draws():
    """Issue 34: under OPENBLAS_CORETYPE=Prescott the four-classes story's regions met at one point with one corner
    more and its borders came in another order — the same picture.  The regions are now decided with a margin
    (tests/test_geometry.py), and the comparison draws them: a polygon from another start, a corner twice, borders in
    another order or direction, a border or a region thinner than a pixel are the same picture; a corner moved by
    more than a pixel, a border or a region gone, or a support line moved are not."""
    old = next(p for p in RECORDED["four-classes"] if p["kind"] == "points")
    shapes = old["boundary"]["shapes"]
    index, shape = next((i, s) for i, s in enumerate(shapes) if len(s["borders"][0]) > 6)
    region = next(r for r, (xs, _) in enumerate(shape["regions"]) if len(xs) > 4)

    def with_shape(change):
        new = copy.deepcopy(old)
        change(new["boundary"]["shapes"][index])
        return differences(old, new)

    def rotated(s):                     # another starting vertex, and that corner twice
        def turn(values):               # closed: v0 … vn v0  →  v1 v1 v2 … vn v0 v1
            ring = values[1:-1] + values[:1]
            return ring[:1] + ring + ring[:1]
        xs, ys = s["regions"][region]
        s["regions"][region] = [turn(xs), turn(ys)]

    def reordered(s):                   # the borders backwards, each reversed, and one of no length added
        xs, ys = s["borders"]
        pieces = [(xs[i:i + 2], ys[i:i + 2]) for i in range(0, len(xs), 3)]
        s["borders"] = [[], []]
        for px, py in reversed(pieces + [([px[0], px[0]], [py[0], py[0]]) for px, py in pieces[:1]]):
            s["borders"][0] += ([None] if s["borders"][0] else []) + px[::-1]
            s["borders"][1] += ([None] if s["borders"][1] else []) + py[::-1]

    def sliver(s):                      # a region of one point where there was none
        empty = next(r for r, (xs, _) in enumerate(s["regions"]) if not xs)
        x, y = s["regions"][region][0][0], s["regions"][region][1][0]
        s["regions"][empty] = [[x, x, x + 1e-6, x], [y, y + 1e-6, y, y]]

    def nudged(s):                      # every coordinate moved by a tenth of a pixel
        pixel = 1e-4 * max(old["boundary"]["box"][1] - old["boundary"]["box"][0],
                           old["boundary"]["box"][3] - old["boundary"]["box"][2])
        s["regions"] = [[[v + pixel for v in xs], ys] for xs, ys in s["regions"]]

    for same in (rotated, reordered, sliver, nudged):
        assert with_shape(same) == [], same.__name__

    def moved(s):                       # one corner moved by 5 % of the box
        s["regions"][region][0][1] += 0.05 * (old["boundary"]["box"][1] - old["boundary"]["box"][0])

    def lost(s):
        s["borders"] = [s["borders"][0][:-3], s["borders"][1][:-3]]

    def gone(s):
        s["regions"][region] = [[], []]

    for other in (moved, lost, gone):
        assert with_shape(other), other.__name__
