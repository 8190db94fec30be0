"""Every Paper-lab experiment can be linked, Lemma 4 included (issue 27): the URL names it and the Share
panel is there; quick mode says why its numbers differ from the published ones, with readable headers."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from experiments.registry import EXPERIMENTS
from lab.links import read_query

APP = str(Path(__file__).resolve().parents[1] / "app.py")


def paper_lab() -> AppTest:
    # before a first run AppTest finds a page by its file name, not by st.navigation's url path "paper-lab"
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("views/paper_lab.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("name", list(EXPERIMENTS))
def test_every_experiment_is_in_the_url_and_the_share_panel_stays(name):
    at = paper_lab()
    at.selectbox(key="paper_experiment").set_value(name).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.query_params.get("experiment") in (name, [name]), dict(at.query_params)
    assert [t for t in at.sidebar.toggle if t.key == "share_open"], "the Share toggle is shown"


def test_the_share_panel_of_lemma4_offers_a_link_that_opens_lemma4():
    at = paper_lab()
    at.selectbox(key="paper_experiment").set_value("lemma4").run()
    at.sidebar.toggle(key="share_open").set_value(True).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.metric, "Lemma 4's panel is drawn beside the open Share panel"
    shared = [e for e in at.sidebar if getattr(e, "type", "") == "bidi_component"
              and "share" in e.proto.component_name]
    assert shared and "lemma4" in shared[0].proto.json, "the Share panel's lab file names Lemma 4"
    link = read_query("paper-lab", {key: [value] for key, value in at.query_params.items()})
    assert link.widgets.get("paper_experiment") == "lemma4" and not link.problems


def test_quick_iwp_table1_says_what_is_smaller_and_shows_readable_headers():
    at = paper_lab()
    at.button(key="paper_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    table = at.dataframe[0].value
    assert not [c for c in table.columns if "_" in c], list(table.columns)
    text = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    assert "small version" in text.lower() and "published" in text.lower() and "LETTER" in text
