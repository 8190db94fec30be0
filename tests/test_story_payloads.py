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
