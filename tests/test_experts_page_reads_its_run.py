"""The Experts page reads what its run holds (issue 26, one place for every fact): the section "RWM's bound
against ε" takes the best expert's mistakes from the payload the player shows (``trials.best``), not from
its own count over the advice table, and it is shown for the learner whose catalog entry is Randomized
Weighted Majority, whatever name the page gives it.
"""

from __future__ import annotations

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

import ui.learner_page
from tests.test_app import player_data

APP = str(Path(__file__).resolve().parents[1] / "app.py")
CAPTION = re.compile(r"For the best expert's final m = (\d+)")


def experts_page(learner: str, seed: int) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("views/experts.py").run()
    at.selectbox(key="experts_algorithm").set_value(learner).run()
    at.number_input(key="experts_seed").set_value(seed).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def shown_m(at: AppTest) -> list[int]:
    return [int(m.group(1)) for c in at.caption if (m := CAPTION.search(c.value))]


def test_the_rwm_section_reads_the_best_experts_mistakes_from_the_run(monkeypatch):
    """The payload is marked (its best expert's final count raised by 40): the page's caption shows the mark,
    so the number comes from the run, not from a second count."""
    built = ui.learner_page.build_timeline

    def marked(*args, **kwargs):
        payload = built(*args, **kwargs)
        if "best" in payload.get("trials", {}):
            payload["trials"]["best"][-1] += 40
        return payload

    monkeypatch.setattr(ui.learner_page, "build_timeline", marked)
    at = experts_page("Randomized Weighted Majority", seed=4_817)      # a seed no other test caches
    _, payload = player_data(at)
    assert shown_m(at) == [max(payload["trials"]["best"][-1], 1)]
    assert payload["trials"]["best"][-1] >= 40


def test_the_rwm_section_is_for_randomized_weighted_majority_only():
    assert shown_m(experts_page("Randomized Weighted Majority", seed=1))
    assert not shown_m(experts_page("Weighted Majority", seed=1))
