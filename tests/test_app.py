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
                     "rwm-epsilon"]


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
