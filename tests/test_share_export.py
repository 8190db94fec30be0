"""The HTML export opens at the trial and in the theme the lab showed (issues 27 and 28), without a browser.

components/html_export.py ``run_html(start=…, theme=…)``: the file's run starts at the trial, its body names
the theme; components/share.py ``export_request``: what a browser may ask for (anything else asks nothing);
the Share panel hands its component the run it exports.  The browser half is tests/browser/test_export_trial.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from components.html_export import run_html
from components.share import export_request
from lab.links import THEMES
from lab.stories import STORIES, make_points
from lab.timeline import build_timeline, payload_json

APP = str(Path(__file__).resolve().parents[1] / "app.py")


@pytest.fixture(scope="module")
def payload() -> str:
    story = STORIES["thin-margin"]
    return payload_json(build_timeline("Perceptron", {}, make_points(story), order="adversarial", n_passes=1))


def run_of(html: str) -> dict:
    block = html[html.index('id="mbl-run">') + len('id="mbl-run">'):]
    return json.loads(block[:block.index("</script>")])


def test_the_export_starts_at_the_trial_asked_clamped_to_its_run(payload):
    T = json.loads(payload)["T"]
    assert run_of(run_html(payload, "run", start=9))["start"] == 9
    assert run_of(run_html(payload, "run", start=T + 50))["start"] == T
    assert "start" not in run_of(run_html(payload, "run")) or run_of(run_html(payload, "run"))["start"] == \
        json.loads(payload).get("start")


def test_the_export_names_the_projector_theme_in_its_body_and_the_default_one_not_at_all(payload):
    assert '<body data-theme="projector">' in run_html(payload, "run", theme="projector")
    for theme in (None, "default"):
        html = run_html(payload, "run", theme=theme)
        assert "<body>" in html and "<body data-theme" not in html


def test_a_theme_the_lab_does_not_have_is_refused(payload):
    with pytest.raises(ValueError, match="theme"):
        run_html(payload, "run", theme='projector"><script>alert(1)</script>')


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("trial", [None, 0, 17])
def test_a_well_formed_request_is_read_as_sent(theme, trial):
    assert export_request({"id": "m3k-9z", "trial": trial, "theme": theme}) == \
        {"id": "m3k-9z", "trial": trial, "theme": theme}


@pytest.mark.parametrize("raw", [
    None, "export", [], {"id": "a", "trial": 1},                                   # not a request
    {"id": "a", "trial": 1, "theme": "default", "html": "<b>"},                    # an extra field
    {"id": "", "trial": 1, "theme": "default"}, {"id": "a b", "trial": 1, "theme": "default"},
    {"id": "a" * 41, "trial": 1, "theme": "default"}, {"id": 7, "trial": 1, "theme": "default"},
    {"id": "a", "trial": -1, "theme": "default"}, {"id": "a", "trial": 1.5, "theme": "default"},
    {"id": "a", "trial": True, "theme": "default"}, {"id": "a", "trial": "3", "theme": "default"},
    {"id": "a", "trial": 10**12, "theme": "default"},
    {"id": "a", "trial": 1, "theme": "neon"}, {"id": "a", "trial": 1, "theme": None},
])
def test_a_malformed_request_asks_for_nothing(raw):
    assert export_request(raw) is None


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["id", "trial", "theme", "x"]),
                       st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=50))))
def test_any_message_is_a_valid_request_or_none(raw):
    request = export_request(raw)
    if request is not None:
        assert request["theme"] in THEMES and (request["trial"] is None or request["trial"] >= 0)


def share_data(at: AppTest) -> dict:
    share = [e for e in at.sidebar if getattr(e, "type", "") == "bidi_component"
             and e.proto.component_name.endswith("share")]
    assert len(share) == 1
    return json.loads(share[0].proto.json)


def test_the_share_panel_hands_its_component_the_run_it_exports_and_no_file_before_a_click():
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.button(key="story_wide-margin").click().run()
    at.toggle(key="share_open").set_value(True).run()
    data = share_data(at)
    shown = at.session_state["timelines"]["perceptron"]
    assert data["run"] == shown["id"] and data["export"] is None
    assert data["name"] == "mistake-bound-lab-perceptron.json"


def test_the_data_page_has_no_run_to_export():
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.switch_page("views/data.py").run()
    at.toggle(key="share_open").set_value(True).run()
    assert share_data(at)["run"] is None
