"""Streamlit AppTest: every page loads, Step advances Trial, stories open ready to play."""

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
def test_step_advances_the_trial_by_one(key):
    at = open_story(app(), key)
    assert metric(at, "Trial") == "0"
    step = [b for b in at.button if b.label == "Step"][0]
    step.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert metric(at, "Trial") == "1"
    [b for b in at.button if b.label == "Step"][0].click().run()
    assert metric(at, "Trial") == "2"
    assert at.latex, "the trial's math is shown"


def test_play_runs_every_trial_and_reset_starts_again():
    at = open_story(app(), "thin-margin")
    [b for b in at.button if b.label == "Play"][0].click().run()
    assert not at.exception, [e.value for e in at.exception]
    played = int(metric(at, "Trial"))
    assert played > 1
    # the run is over: the panel drawn right after the click already offers no Step and no Play
    assert {b.label: b.disabled for b in at.button if b.label in ("Step", "Play")} == {"Step": True, "Play": True}
    [b for b in at.button if b.label == "Reset"][0].click().run()
    assert metric(at, "Trial") == "0"
    assert {b.label: b.disabled for b in at.button if b.label in ("Step", "Play")} == {"Step": False, "Play": False}


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
    a result: a table or a chart."""
    at = app()
    at.run()
    at.switch_page("views/paper_lab.py").run()
    at.selectbox(key="paper_experiment").set_value(name).run()
    from experiments.registry import EXPERIMENTS

    if EXPERIMENTS[name].interactive:          # recomputed as its inputs change: shown at once, no Run button
        assert not at.exception, [e.value for e in at.exception]
        assert not [b for b in at.button if b.label == "Run"] and (at.metric or at.latex), f"{name} showed no result"
        return
    assert at.toggle(key="paper_quick").value is True
    [b for b in at.button if b.label == "Run"][0].click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.dataframe or at.get("plotly_chart"), f"{name} showed no result"


def test_the_winnow_page_runs_the_scaling_experiment_and_states_its_bounds_and_caps():
    at = app()
    at.run()
    at.switch_page("views/winnow.py").run()
    at.segmented_control(key="winnow_section").set_value("High-dimensional experiment").run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.get("plotly_chart")) == 2
    captions = " ".join(c.value for c in at.caption)
    assert "Theorem 3.1 of seed 003 with the η it ran" in captions
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
    at.text_input(key="lemma4_theta_2").set_value("1, 1").run()           # equal priorities: they agree
    assert metric(at, "argmax f*_j/θ_j") == "0" == metric(at, "argmax θ_j P_j")
    assert any("the two decisions agree" in m.value for m in at.markdown)
    at.text_input(key="lemma4_p_2").set_value("3, 2").run()               # rescaled, and said so
    assert any("summed to 5" in i.value for i in at.info) and not at.error
    at.text_input(key="lemma4_theta_2").set_value("1, x").run()
    assert at.error and "'x' is not a number" in at.error[0].value and not at.metric
    at.number_input(key="lemma4_k").set_value(3).run()                    # k = 3 starts from its own defaults
    assert not at.error and at.text_input(key="lemma4_theta_3").value == "1, 10, 1"
    at.text_input(key="lemma4_p_3").set_value("0.5, 0.5").run()
    assert "k = 3 needs exactly 3" in at.error[0].value
