"""The bound curves as a figure (issue 27): every bound in view with the count, one legend entry per
line that can be told apart, nothing in the legend that is not drawn, no HTML entity in a note.

The unit tests build figures from hand-made curves; the run tests go through the player's payloads
(lab.timeline) on the stories the issue names.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from datasets import generators
from datasets.advice import AdviceStream, with_perfect_expert
from lab.stories import STORIES, make_points
from lab.timeline import build_timeline
from viz import curves, palette

ROOT = Path(__file__).resolve().parents[1]


def in_view(value: float, axis) -> bool:
    """Whether a value drawn on ``axis`` (a layout's yaxis, as a dict) lies inside its range."""
    low, high = axis["range"]
    if axis.get("type") == "log":
        return value > 0 and low <= np.log10(value) <= high
    return low <= value <= high


def last_drawn(trace) -> float:
    return [v for v in trace["y"] if v is not None][-1]


def bound_traces(figure: dict) -> list:
    return [t for t in figure["data"] if t.get("legendgroup") in ("bound", "reference")]


def figure_of(payload) -> dict:
    return json.loads(payload["curves"]["figure"])


# ---------------------------------------------------------------- the axis
def test_a_bound_far_above_the_count_is_in_view_and_the_count_stays_readable():
    T = 80
    count = np.minimum(np.arange(T) // 10, 3)
    novikoff = {"name": "Novikoff", "values": np.full(T, 28.2)}
    figure = curves.bound_curves_figure(np.arange(1, T + 1), count, [novikoff]).to_plotly_json()
    axis = figure["layout"]["yaxis"]
    assert in_view(28.2, axis) and in_view(last_drawn(figure["data"][1]), axis)
    assert axis["type"] == "log"
    # the count keeps its own decade: 1 and 3 mistakes are a third of the axis apart, not 3 % of it
    low, high = axis["range"]
    assert (np.log10(3) - np.log10(1)) / (high - low) > 0.15
    assert "annotations" not in figure["layout"] or not figure["layout"]["annotations"]


def test_zero_mistakes_sit_on_the_axis_foot_read_0_and_hover_the_true_value():
    T = 40
    wm = {"name": "Weighted Majority", "values": np.full(T, 9.64)}
    figure = curves.bound_curves_figure(np.arange(1, T + 1), np.zeros(T), [wm]).to_plotly_json()
    axis = figure["layout"]["yaxis"]
    assert in_view(9.64, axis)
    measured = figure["data"][0]
    assert all(in_view(v, axis) for v in measured["y"])                    # the 0s are drawn, not gaps
    assert axis["ticktext"][axis["tickvals"].index(measured["y"][0])] == "0"
    assert list(measured["customdata"]) == [0.0] * len(measured["y"])
    assert "customdata" in measured["hovertemplate"]


@pytest.mark.parametrize("top, highest", [(0, 3), (3, 9), (10, 54), (3, 130), (0, 1e6), (0.02, 40.0)])
def test_the_axis_holds_the_count_and_the_highest_bound(top, highest):
    axis = curves.count_axis(top, highest, lowest=top if top > 0 else 1.0)
    floor = axis.pop("floor")
    for value in (top, highest):
        assert in_view(max(value, floor or 0.0), axis)
    if floor is None:
        assert axis["range"][0] == 0 and highest <= curves.READABLE * top + curves.READABLE


def test_bad_log_y_is_refused():
    with pytest.raises(ValueError, match="log_y"):
        curves.count_axis(1, 2, log_y="sometimes")


# ---------------------------------------------------------------- the legend
def test_equal_bounds_are_one_entry_that_names_them_all_and_says_why():
    T = 50
    ones = np.ones(T, bool)
    gentile = np.linspace(20, 109.28, T)
    found = [{"name": "Gentile", "source": "A", "values": gentile, "applies": ones},
             {"name": "IWP Theorem 2", "values": gentile * 1.001, "applies": ones, "measures": "weighted loss"},
             {"name": "IWP Theorem 3", "values": gentile, "applies": ones, "measures": "weighted loss"},
             {"name": "Novikoff", "values": np.full(T, 30.0), "applies": ones}]
    count = np.arange(T) // 5
    figure = curves.bound_curves_figure(np.arange(1, T + 1), count, found, weighted_loss=count.astype(float))
    names = [t.name for t in figure.data]
    assert names == ["mistakes", "Gentile, IWP Theorem 2 and IWP Theorem 3:<br>three bounds that coincide when every weight "
                     "is 1<br>(the weighted loss is then the number of mistakes)", "Novikoff"]
    # with uneven weights the equal numbers are a coincidence of this run, and the entry says so
    figure = curves.bound_curves_figure(np.arange(1, T + 1), count, found, weighted_loss=2.0 * count)
    assert figure.data[2].name.startswith("Gentile, IWP Theorem 2 and IWP Theorem 3:<br>three bounds that coincide on "
                                          "this run<br>(within 1 %: ")


def test_bounds_two_percent_apart_stay_two_entries():
    T = 30
    a = {"name": "a", "values": np.full(T, 50.0)}
    b = {"name": "b", "values": np.full(T, 51.0)}
    names = [t.name for t in curves.bound_curves_figure(np.arange(1, T + 1), np.zeros(T), [a, b]).data]
    assert names == ["mistakes", "a", "b"]


def test_a_bound_that_applies_on_few_trials_is_named_not_drawn():
    T = 80
    rare = {"name": "lonely", "values": np.r_[5.0, np.full(T - 1, np.inf)], "reason": "u stops separating"}
    never = {"name": "never", "values": np.full(T, np.inf), "reason": "no separator & no <margin>"}
    wide = {"name": "wide", "values": np.full(T, 7.0)}
    figure = curves.bound_curves_figure(np.arange(1, T + 1), np.arange(T) // 20, [rare, never, wide])
    assert [t.name for t in figure.data] == ["mistakes", "wide"]
    assert all(getattr(t, "visible", None) in (None, True) for t in figure.data)     # nothing legend-only
    notes = figure.layout.title.subtitle.text
    assert "not drawn — lonely (1 trial): under a tenth of the 80 trials" in notes and "not drawn — never" in notes


def test_references_each_have_their_own_dash_and_no_bound_takes_the_dragged_u_colour():
    T = 20
    found = [{"name": f"bound {i}", "values": np.full(T, 10.0 + 3 * i)} for i in range(7)]
    found += [{"name": f"reference {i}", "values": np.full(T, 40.0 + 5 * i), "bounds_this_run": False} for i in range(2)]
    figure = curves.bound_curves_figure(np.arange(1, T + 1), np.arange(T) // 4, found)
    bounds = [t for t in figure.data if t.legendgroup == "bound"]
    references = [t for t in figure.data if t.legendgroup == "reference"]
    assert len({(t.line.color, t.line.dash) for t in bounds}) == len(bounds) == 7
    assert curves.DRAGGED_U_COLOR not in {t.line.color for t in figure.data}
    assert len({t.line.dash for t in references}) == 2
    # the player's dragged-u curve is drawn in that colour (components/comparator_drag.js)
    assert f'"{curves.DRAGGED_U_COLOR}"' in (ROOT / "components" / "comparator_drag.js").read_text()
    assert curves.DRAGGED_U_COLOR in palette.BOUND_COLORS          # the colour that had to be kept free


# ---------------------------------------------------------------- the runs of the issue
def story_payload(key: str, name: str | None = None, **extra):
    story = STORIES[key]
    presets = story.presets
    name = name or presets.get("perceptron_learner", "Perceptron")
    return build_timeline(name, {}, make_points(story), order=presets.get("perceptron_order", "drawn"),
                          n_passes=presets.get("perceptron_passes", 1), seed=0, **extra)


def test_wide_margin_story_draws_novikoff_in_view():
    figure = figure_of(story_payload("wide-margin"))
    traces = bound_traces(figure)
    assert any(t["name"].startswith("Novikoff") for t in traces)
    for trace in traces:
        assert in_view(last_drawn(trace), figure["layout"]["yaxis"]), trace["name"]


def test_one_perfect_expert_draws_the_weighted_majority_bound_in_view_and_merges_its_lecture_form():
    advice, outcomes = with_perfect_expert(80, 16, error_rate=np.linspace(0.2, 0.45, 16), seed=0, perfect_expert=8)
    figure = figure_of(build_timeline("Weighted Majority", {"beta": 0.5}, AdviceStream(advice, outcomes)))
    traces = bound_traces(figure)
    assert traces and all(in_view(last_drawn(t), figure["layout"]["yaxis"]) for t in traces)
    names = [t["name"] for t in figure["data"]]
    assert len(names) == len(set(names))
    assert len(traces) == 1 and " and " in traces[0]["meta"]["names"], names    # the bound and its lecture form: one line


def test_unit_weights_merge_gentile_and_the_iwp_theorems():
    points = generators.make("linearly_separable", n=40, margin_gamma=0.3, seed=1)
    figure = figure_of(build_timeline("Importance-Weighted Perceptron", {}, points, order="shuffled", n_passes=2))
    names = [t["name"] for t in bound_traces(figure)]
    merged = [n for n in names if "Gentile" in n]
    assert len(merged) == 1 and "IWP Theorem 3" in merged[0] and "when every weight is 1" in merged[0], names
    assert all(in_view(last_drawn(t), figure["layout"]["yaxis"]) for t in bound_traces(figure))


@pytest.mark.parametrize("key", ["four-classes", "weighted"])
def test_notes_under_the_curves_are_plain_text(key):
    story = STORIES[key]
    name = story.presets.get("perceptron_learner", "Multi-vector Perceptron")
    payload = build_timeline(name, {}, make_points(story), order=story.presets.get("perceptron_order", "drawn"))
    for note in payload["curves"]["notes"]:
        assert "&gt;" not in note and "&lt;" not in note and "&amp;" not in note, note
    assert any(">" in note for note in payload["curves"]["notes"]) or not payload["curves"]["notes"]


def test_a_bound_that_waits_one_trial_still_merges_with_its_equal():
    T = 100
    gentile = np.linspace(5, 28.2, T)
    novikoff = np.r_[np.inf, gentile[1:] * 1.002]
    found = [{"name": "Novikoff", "values": novikoff}, {"name": "Gentile", "values": gentile}]
    figure = curves.bound_curves_figure(np.arange(1, T + 1), np.arange(T) // 30, found)
    assert [t.name for t in figure.data][1:] == ["Novikoff and Gentile:<br>two bounds that coincide on this run"
                                                 "<br>(within 1 %: 28.26 and 28.2 at the last trial)"]
    assert figure.data[1].y[0] is not None               # drawn from trial 1, where Gentile applies


def test_coinciding_bounds_are_said_in_one_place_for_the_legend_and_the_screen_reader(monkeypatch):
    """The legend and the player's description (the trace's meta, read by components/a11y.js) of a line standing for
    bounds that coincide both come from curves.coinciding_bounds: changing it changes both; the numbers are
    lab.numbers' (4 significant digits, a true minus sign), and no "equal within" shorthand is left."""
    T = 20
    values = np.linspace(-3, 9.638, T)
    found = [{"name": "Weighted Majority", "values": values}, {"name": "WM, lecture form", "values": values * 1.0004}]
    trace = curves.bound_curves_figure(np.arange(1, T + 1), np.zeros(T), found).data[1]
    assert trace.meta == {"names": "Weighted Majority and WM, lecture form",
                          "note": "two bounds that coincide on this run (within 1 %: 9.638 and 9.642 at the last "
                                  "trial)"}
    assert trace.name.split("<br>") == [f"{trace.meta['names']}:", "two bounds that coincide on this run",
                                        "(within 1 %: 9.638 and 9.642 at the last trial)"]
    assert "equal within" not in trace.name
    monkeypatch.setattr(curves, "coinciding_bounds", lambda members, counts_equal: ("A and B", "a note"))
    trace = curves.bound_curves_figure(np.arange(1, T + 1), np.zeros(T), found).data[1]
    assert trace.name == "A and B:<br>a note" and trace.meta == {"names": "A and B", "note": "a note"}

