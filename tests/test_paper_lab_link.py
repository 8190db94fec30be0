"""Every Paper-lab experiment can be linked, Lemma 4 included (issue 27): the URL names it and the Share
panel is there; quick mode says why its numbers differ from the published ones, with readable headers."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.util import calc_hash

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


def opened_by_link(query: dict) -> AppTest:
    """A new session whose first run opens the Paper lab with ``query`` in its URL, as a reload or a pasted
    link does.  Before a first run AppTest finds a page only by its file name, and st.navigation registers
    views/paper_lab.py as "paper-lab" (st.Page keys a page by the hash of its url path): the session is
    pointed at that hash."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(query)
    at._page_hash = calc_hash("paper-lab")
    at.run()
    assert [t.value for t in at.title] == ["Paper lab"]
    return at


def test_lemma4_k_theta_and_p_survive_a_link_and_a_reload():
    """k, θ and P are settings of the page's table (lab/settings.py): the URL holds them, and a new session
    opened with that URL (a reload, a pasted link) shows the same point and the same verdict."""
    at = paper_lab()
    at.selectbox(key="paper_experiment").set_value("lemma4").run()
    at.number_input(key="lemma4_k").set_value(3).run()
    at.text_input(key="lemma4_theta").set_value("2; 1 3").run()
    at.text_input(key="lemma4_p").set_value("0.5, 0.3, 0.2").run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    query = dict(at.query_params)
    assert (query.get("k"), query.get("costs"), query.get("p")) == ("3", "2,1,3", "0.5,0.3,0.2"), query
    metrics = [(m.label, m.value) for m in at.metric]

    again = opened_by_link(query)
    assert not again.exception and not again.warning, [w.value for w in again.warning]
    assert again.number_input(key="lemma4_k").value == 3
    assert again.text_input(key="lemma4_theta").value == "2, 1, 3"
    assert again.text_input(key="lemma4_p").value == "0.5, 0.3, 0.2"
    assert [(m.label, m.value) for m in again.metric] == metrics
    assert dict(again.query_params) == query                       # nothing to write back


def test_a_hostile_lemma4_link_is_refused_with_a_warning_and_the_page_works():
    at = opened_by_link({"experiment": "lemma4", "k": "99", "costs": "<script>alert(1)</script>", "p": "1e999,1"})
    assert not at.exception, [e.value for e in at.exception]
    texts = " ".join(w.value for w in at.warning)
    assert "Ignored k" in texts and "Ignored costs" in texts and "Ignored p" in texts and "<script>" not in texts
    assert at.number_input(key="lemma4_k").value == 2 and at.text_input(key="lemma4_theta").value == "1, 10"
    assert at.metric and not at.error                               # the page's own example instead
    link = read_query("paper-lab", {"experiment": ["lemma4"], "costs": ["1,x"], "p": [""]})
    assert "lemma4_theta" not in link.widgets and "lemma4_p" not in link.widgets and len(link.problems) == 2
