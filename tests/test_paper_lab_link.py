"""Every Paper-lab experiment can be linked, Lemma 4 included (issue 27): the URL names it and the Share
panel is there; quick mode says why its numbers differ from the published ones, with readable headers."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from experiments.registry import EXPERIMENTS

APP = str(Path(__file__).resolve().parents[1] / "app.py")


def paper_lab(query: dict | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("views/paper_lab.py")
    if query:
        at.query_params.update(query)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.mark.parametrize("name", list(EXPERIMENTS))
def test_every_experiment_is_in_the_url_and_the_share_panel_stays(name):
    at = paper_lab()
    at.selectbox(key="paper_experiment").set_value(name).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.query_params.get("experiment") in (name, [name]), dict(at.query_params)
    assert [t for t in at.sidebar.toggle if t.key == "share_open"], "the Share toggle is shown"


def test_a_link_to_lemma4_opens_lemma4_with_the_share_panel_open():
    at = paper_lab({"experiment": "lemma4"})
    assert at.selectbox(key="paper_experiment").value == "lemma4"
    at.sidebar.toggle(key="share_open").set_value(True).run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.query_params.get("experiment") in ("lemma4", ["lemma4"])
    assert at.metric, "Lemma 4's panel is drawn"


def test_quick_iwp_table1_says_what_is_smaller_and_shows_readable_headers():
    at = paper_lab()
    at.button(key="paper_run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    table = at.dataframe[0].value
    assert not [c for c in table.columns if "_" in c], list(table.columns)
    text = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    assert "small version" in text.lower() and "published" in text.lower()
    from experiments import iwp_table1
    assert f"{iwp_table1.QUICK_TRAIN:,}" in text or str(iwp_table1.QUICK_TRAIN) in text
