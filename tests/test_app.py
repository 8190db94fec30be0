"""Streamlit AppTest: every page loads, stories open with their run handed to the player, a changed
setting makes a new run and an unchanged one keeps it.

AppTest does not run the player's JavaScript (tests/browser does); here the run the page hands to
it — the component's data — is read and checked against the learner.
"""

import json
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from lab.stories import STORIES

PAGES = ["views/home.py", "views/data.py", "views/perceptron.py", "views/winnow.py",
         "views/experts.py", "views/multiclass.py", "views/priority.py", "views/paper_lab.py"]
TIMEOUT = 60
APP = str(Path(__file__).resolve().parents[1] / "app.py")


def app() -> AppTest:
    return AppTest.from_file(APP, default_timeout=TIMEOUT)


def metric(at: AppTest, label: str) -> str:
    values = [m.value for m in at.metric if m.label == label]
    assert values, f"no metric labelled {label!r}; metrics: {[m.label for m in at.metric]}"
    return values[0]


def player_data(at: AppTest) -> tuple[dict, dict]:
    """(the component's data, the run's payload) of the page's timeline player."""
    found = [element for element in at.main if getattr(element, "type", "") == "bidi_component"
             and element.proto.component_name.endswith("timeline")]
    assert len(found) == 1, "the page shows one player"
    data = json.loads(found[0].proto.json)
    return data, json.loads(data["payload"])


def open_story(at: AppTest, key: str) -> AppTest:
    at.run()
    at.button(key=f"story_{key}").click().run()
    return at


@pytest.mark.parametrize("page", PAGES)
def test_every_page_loads_without_exception_on_empty_data(page):
    at = app()
    at.run()
    at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.title, "every page has a title"


@pytest.mark.parametrize("key", sorted(STORIES))
def test_every_story_opens_its_page_without_exception(key):
    at = open_story(app(), key)
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
    assert any("Story loaded" in s.value for s in at.success)


@pytest.mark.parametrize("key", ["thin-margin", "weighted", "xor", "four-classes", "priority"])
def test_a_story_hands_its_whole_run_to_the_player(key):
    """The run of the story's settings, every trial of it: points × passes trials, each with its math."""
    at = open_story(app(), key)
    assert not at.exception, [e.value for e in at.exception]
    data, payload = player_data(at)
    story = STORIES[key]
    passes = story.presets.get(f"{story.page.split('/')[-1][:-3]}_passes", 1)
    assert payload["T"] == passes * payload["n_points"] > 0
    assert len(payload["math"]["use"]) == len(payload["math"]["numbers"]) == payload["T"]
    assert len(payload["trials"]["point"]) == len(payload["trials"]["mistake"]) == payload["T"]
    assert data["id"] == payload["id"] and data["start"] is None          # no link: the player starts at 0
    figure = json.loads(payload["curves"]["figure"])
    assert figure["data"][0]["name"] in ("mistakes", "expected mistakes")


def test_a_changed_setting_makes_a_new_run_and_an_unchanged_one_keeps_it():
    at = open_story(app(), "thin-margin")
    first, payload = player_data(at)
    at.run()                                                     # a rerun with the same settings
    again, _ = player_data(at)
    assert again["id"] == first["id"]                            # the player keeps its trial
    at.sidebar.slider(key="perceptron_passes").set_value(2).run()
    changed, payload_two = player_data(at)
    assert changed["id"] != first["id"] and payload_two["T"] == 2 * payload["n_points"]
    assert not at.exception, [e.value for e in at.exception]


def test_a_link_opens_the_trial_it_names_once():
    at = app()
    at.switch_page("views/perceptron.py")                       # /perceptron?t=7 opened in a new tab
    at.query_params["t"] = "7"
    at.run()                                                    # no points: the page's example story
    data, _ = player_data(at)
    assert data["start"] == 7
    at.run()
    data, _ = player_data(at)
    assert data["start"] is None                                 # read once; the player keeps its trial


def test_paper_lab_runs_a_small_experiment():
    at = app()
    at.run()
    at.switch_page("views/paper_lab.py").run()
    at.selectbox(key="paper_experiment").set_value("iwp-table1").run()
    [b for b in at.button if b.label == "Run"][0].click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.dataframe, "the table of our numbers beside the published ones"
    assert any("holds" in m.value for m in at.markdown)


PAPER_EXPERIMENTS = ["iwp-table1", "priority-figures", "priority-table2", "winnow-scaling", "manyclass",
                     "rwm-epsilon", "lemma4"]


def test_the_page_offers_every_experiment_of_the_command_line():
    from experiments.registry import EXPERIMENTS

    assert list(EXPERIMENTS) == PAPER_EXPERIMENTS


@pytest.mark.parametrize("name", PAPER_EXPERIMENTS)
def test_every_experiment_runs_from_the_paper_lab(name):
    """Each experiment of the command line also runs from the page (its small version) and shows
    a result: a table or a chart, which names its sources by their authors, never "seed 00k" (the experiments'
    own notes, written for developers, reach the page: tests/test_source_names.py)."""
    from tests.test_source_names import assert_no_missing_cells, assert_no_seed_word, page_text

    at = app()
    at.run()
    at.switch_page("views/paper_lab.py").run()
    at.selectbox(key="paper_experiment").set_value(name).run()
    from experiments.registry import EXPERIMENTS

    if EXPERIMENTS[name].interactive:          # recomputed as its inputs change: shown at once, no Run button
        assert not at.exception, [e.value for e in at.exception]
        assert not [b for b in at.button if b.label == "Run"] and (at.metric or at.latex), f"{name} showed no result"
    else:
        assert at.toggle(key="paper_quick").value is True
        [b for b in at.button if b.label == "Run"][0].click().run()
        assert not at.exception, [e.value for e in at.exception]
        from tests.test_priority_page import chart_figures

        assert at.dataframe or chart_figures(at), f"{name} showed no result"
        shown = (len(at.dataframe), chart_figures(at))
        [b for b in at.button if b.label == "Run"][0].click().run()      # again (st.cache_data keeps the result)
        assert not at.exception, [e.value for e in at.exception]
        assert (len(at.dataframe), chart_figures(at)) == shown, f"{name}'s second Run shows another result"
    assert_no_seed_word(page_text(at), f"the Paper lab's {name}")
    assert_no_missing_cells(at, f"the Paper lab's {name}")


def test_the_winnow_page_runs_the_scaling_experiment_and_states_its_bounds_and_caps():
    at = app()
    at.run()
    at.switch_page("views/winnow.py").run()
    at.segmented_control(key="winnow_section").set_value("High-dimensional experiment").run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.get("plotly_chart")) == 2
    from tests.test_source_names import assert_no_missing_cells, assert_no_seed_word, page_text
    assert_no_seed_word(page_text(at), "the Winnow page's high-dimensional experiment")
    assert_no_missing_cells(at, "the Winnow page's high-dimensional experiment")
    captions = " ".join(c.value for c in at.caption)
    assert "Theorem 3.1 of Agarwal's notes with the η it ran" in captions
    assert "Vacuous: Winnow η = 0.5 on the dense target" in captions
    assert "Capped at" in captions or "No count reached the cap" in captions


def test_the_paper_lab_draws_the_sparsification_and_committee_curves_of_manyclass():
    at = app()
    at.run()
    at.switch_page("views/paper_lab.py").run()
    at.selectbox(key="paper_experiment").set_value("manyclass").run()
    [b for b in at.button if b.label == "Run"][0].click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.get("plotly_chart")) == 2, "accuracy against the edges kept, and the committee against its members"
    text = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    assert "3 passes" in text and "compilation" in text


def open_lemma4() -> AppTest:
    at = app()
    at.run()
    at.switch_page("views/paper_lab.py").run()
    at.selectbox(key="paper_experiment").set_value("lemma4").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_lemma4_shows_the_two_class_example_failing_without_a_run_button():
    at = open_lemma4()
    assert not [b for b in at.button if b.label == "Run"]
    assert metric(at, "Σ f of the closed form") == "9"
    assert metric(at, "argmax f*_j/θ_j") == "0" and metric(at, "argmax θ_j P_j") == "1"
    assert metric(at, "exact minimiser") == "unique"
    text = " ".join(m.value for m in at.markdown)
    assert "the two decisions differ" in text and "whatever θ is" in text and "not on the constraint" in text
    assert any("2(0.6" in latex.value for latex in at.latex)


def test_lemma4_recomputes_as_the_inputs_change_and_says_what_is_wrong():
    at = open_lemma4()
    at.text_input(key="lemma4_theta").set_value("1, 1").run()             # equal priorities: they agree
    assert metric(at, "argmax f*_j/θ_j") == "0" == metric(at, "argmax θ_j P_j")
    assert any("the two decisions agree" in m.value for m in at.markdown)
    at.text_input(key="lemma4_p").set_value("3, 2").run()                 # rescaled, and said so
    assert any("summed to 5" in i.value for i in at.info) and not at.error
    at.text_input(key="lemma4_theta").set_value("1, 3").run()             # θP = (0.6·1, 0.2·3)/0.8: a tie
    at.text_input(key="lemma4_p").set_value("0.6, 0.2").run()
    assert metric(at, "argmax θ_j P_j") == "0 = 1 (tie)" and not at.error
    assert any("a tie" in m.value for m in at.markdown)
    at.text_input(key="lemma4_theta").set_value("1e308, 1").run()         # beyond the range: the lab's message
    assert not at.exception and at.error and "above 1e+300" in as_read(at.error[0].value)
    at.text_input(key="lemma4_theta").set_value("1e20 1").run()           # a wide θ, solved exactly
    at.text_input(key="lemma4_p").set_value("1 1").run()
    assert not at.exception and not at.error and metric(at, "exact minimiser") == "not unique"
    at.text_input(key="lemma4_p").set_value("1, 0").run()                 # unbounded minimisers: ∞ written as such
    assert not at.exception and not at.error and any("\\infty)" in m.value for m in at.markdown)
    at.text_input(key="lemma4_theta").set_value("1, x").run()
    assert at.error and "'x' is not a number" in at.error[0].value and not at.metric
    at.number_input(key="lemma4_k").set_value(3).run()                    # k = 3 starts from its own defaults
    assert not at.error and at.text_input(key="lemma4_theta").value == "1, 10, 1"
    at.text_input(key="lemma4_p").set_value("0.5, 0.5").run()
    assert "k = 3 needs exactly 3" in as_read(at.error[0].value)      # the typed text is shown literally


def as_read(markdown: str) -> str:
    """Text as the reader sees it: ``ui.controls.literal`` escapes Markdown with backslashes and breaks autolinks."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")
