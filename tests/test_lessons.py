"""Lessons (issue 17) without a browser: every screen's facts come from the real learners, its right answer
is graded right and a wrong one wrong, its text and explanation fill in with numbers, and a few facts are
recomputed here from scratch (a plain perceptron loop, Novikoff's formula) rather than read from the lab."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from lab import lessons
from lab.lessons import LESSONS, check, options_of, prompt_of, right_answer_text, text_of
from lab.stories import STORIES, make_points

APP = str(Path(__file__).resolve().parents[1] / "app.py")
SCREENS = [(lesson, index, screen) for lesson in LESSONS for index, screen in enumerate(lesson.screens)]
IDS = [f"{lesson.key}-{index + 1}" for lesson, index, _ in SCREENS]


@pytest.fixture(scope="module")
def all_facts():
    return {(lesson.key, index): screen.facts() for lesson, index, screen in SCREENS}


def wrong_answer_text(screen, facts) -> str:
    """An answer that must be graded wrong: another option, or the right numbers moved well past tolerance."""
    answer, kind = facts["answer"], screen.question.kind
    if kind == "choice":
        options = options_of(screen, facts)
        return options[(answer + 1) % len(options)]
    shift = lambda v: float(v) * 1.5 + 3 + 10 * screen.question.absolute        # noqa: E731
    if kind == "vector":
        return ", ".join(f"{shift(v):.6g}" for v in answer)
    return f"{shift(answer):.6g}"


def test_seven_lessons_in_the_order_of_the_issue():
    assert [lesson.key for lesson in LESSONS] == ["novikoff", "no-margin", "importance", "winnow", "experts",
                                                   "multiclass", "priorities"]
    assert all(len(lesson.screens) >= 3 for lesson in LESSONS)


@pytest.mark.parametrize("lesson, index, screen", SCREENS, ids=IDS)
def test_each_screen_grades_its_right_answer_right_and_a_wrong_one_wrong(lesson, index, screen, all_facts):
    facts = all_facts[(lesson.key, index)]
    right = check(screen, right_answer_text(screen, facts), facts)
    assert right.right and not right.problem, (right_answer_text(screen, facts), right)
    wrong = check(screen, wrong_answer_text(screen, facts), facts)
    assert not wrong.right and not wrong.problem
    # the explanation is the same words either way, and it carries numbers
    assert wrong.explanation == right.explanation and re.search(r"\d", right.explanation)
    for text in (text_of(screen, facts), prompt_of(screen, facts)):
        assert not re.search(r"\{[A-Za-z_]\w*\}", text), text          # every placeholder filled


@pytest.mark.parametrize("lesson, index, screen", SCREENS, ids=IDS)
def test_a_blank_or_malformed_answer_is_a_problem_not_a_grade(lesson, index, screen, all_facts):
    facts = all_facts[(lesson.key, index)]
    result = check(screen, "" if screen.question.kind != "choice" else "not an option", facts)
    assert not result.right and result.problem


def perceptron_mistakes_adversarial(X, y, passes):
    """A perceptron from scratch in the adversarial order: each trial takes the first misclassified point
    (y·(w·x + b) ≤ 0), if any; the run stops when none is left or after ``passes``·n trials."""
    w, b, mistakes = np.zeros(X.shape[1]), 0.0, 0
    for _ in range(passes * len(X)):
        wrong = np.flatnonzero(y * (X @ w + b) <= 0)
        if not len(wrong):
            break
        i = wrong[0]
        w, b, mistakes = w + y[i] * X[i], b + y[i], mistakes + 1
    return mistakes


def test_lesson_one_counts_and_bounds_agree_with_a_perceptron_written_here():
    facts = LESSONS[0].screens[0].facts()
    X, labels, _ = make_points(STORIES["wide-margin"]).to_arrays()
    y = np.where(labels == np.unique(labels)[1], 1.0, -1.0)
    R, gamma = facts["R"], facts["gamma"]
    # R is the largest norm of the augmented points (x, 1) and the bound is (R/γ)² with ‖u‖ = 1
    assert R == pytest.approx(np.max(np.linalg.norm(np.c_[X, np.ones(len(X))], axis=1)), rel=1e-9)
    assert facts["bound"] == pytest.approx((R / gamma) ** 2, rel=1e-12)
    assert facts["M"] <= facts["bound"]
    # the adversary shows the first misclassified point; our own loop on the same data counts the same
    assert facts["M"] == perceptron_mistakes_adversarial(np.asarray(X, float), y, 5)


def test_lesson_one_the_second_screen_is_novikoff_of_the_first():
    first, second = LESSONS[0].screens[0].facts(), LESSONS[0].screens[1].facts()
    assert second["answer"] == pytest.approx((first["R"] / first["gamma"]) ** 2)
    assert math.isfinite(second["answer"]) and second["answer"] >= first["M"]


def test_numbers_typed_as_students_type_them():
    screen = LESSONS[0].screens[1]
    facts = screen.facts()
    answer = facts["answer"]
    assert check(screen, f"{answer:.4f}".replace(".", ","), facts).right            # a decimal comma
    assert check(screen, f"{answer * 1.004:.6g}", facts).right                       # within 1 %
    assert not check(screen, f"{answer * 1.02:.6g}", facts).right                    # beyond it
    assert check(screen, "twelve", facts).problem


# ------------------------------------------------------------------ the page, through AppTest
def lessons_session(query: dict) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page("views/lessons.py")
    at.query_params.update(query)
    at.run()
    return at


def test_a_link_opens_its_lesson_and_screen_and_a_right_check_is_counted():
    at = lessons_session({"lesson": "3", "screen": "2"})
    assert not at.exception
    lesson = LESSONS[2]
    assert at.title[0].value == f"Lesson 3: {lesson.title}"
    screen = lesson.screens[1]
    facts = screen.facts()
    key = f"lesson_{lesson.key}_1_answer"
    text = right_answer_text(screen, facts)
    if screen.question.kind == "choice":
        at.radio(key=key).set_value(text)
    else:
        at.text_input(key=key).set_value(text)
    at.button[[b.label for b in at.button].index("Check")].click().run()
    assert [s.value for s in at.success][0].startswith("Right:")
    assert at.session_state["lesson_at"] == (2, 1)
    picker = next(b for b in at.button if b.key == "lesson_pick_2")
    assert f"1/{len(lesson.screens)}" in picker.label               # the check just made is counted


def test_a_bad_link_falls_back_to_the_first_screen():
    at = lessons_session({"lesson": "99", "screen": "-4"})
    assert not at.exception
    assert at.title[0].value.startswith("Lesson 1:")
    assert at.session_state["lesson_at"] == (0, 0)


# ------------------------------------------------------------------ the numbers of the text are the player's
# Issue 25: lesson 7 stated θ = (10, 10, 1, 1) and "trial 14 … answer A" while its learner ran with θ = 1 and the
# player showed D at trial 14.  Every number a screen states about its run is checked here against the payload the
# page's player shows (lab.lessons.payload: the same run_inputs as the facts), at the trial the text names.
from lab.timeline import PLACEHOLDER  # noqa: E402


def _float(text: str) -> float:
    return float(str(text).replace("−", "-"))


def _unit(text: str) -> float:
    """Half the last place of a number as shown ('−38.92' → 0.005), so two roundings of one value compare."""
    text = str(text).replace("−", "-").lstrip("+-")
    if "e" in text.lower() or "·10^" in text:
        return abs(_float(text.split("·")[0])) * 1e-3
    return 0.5 * 10.0 ** -(len(text.split(".")[1]) if "." in text else 0)


def _numbers(text: str) -> list[str]:
    return re.findall(r"[−+-]?\d+(?:\.\d+)?", str(text))


def math_at(payload: dict, t: int) -> tuple[list[str], str]:
    """The numbers and the plain text of trial t's math in the player (1-based)."""
    math = payload["math"]
    template, numbers = math["templates"][math["use"][t - 1]], math["numbers"][t - 1]
    pieces = template.split(PLACEHOLDER)
    text = "".join(piece + (numbers[i] if i < len(numbers) else "") for i, piece in enumerate(pieces))
    return numbers, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


def held(stated: str, shown: list[str]) -> bool:
    """The number ``stated`` by a lesson is one the player shows (each rounded as displayed)."""
    value = _float(stated)
    return any(abs(value - _float(s)) <= _unit(stated) + _unit(s) + 1e-12 for s in shown)


def curve_end(payload: dict, name: str) -> float:
    import json

    figure = json.loads(payload["curves"]["figure"])
    trace = next(trace for trace in figure["data"] if str(trace.get("name", "")).startswith(name))
    values = [v for v in trace["y"] if v is not None]
    return float(values[-1])


PAYLOADS: dict = {}


def payload_of(setup):
    if setup not in PAYLOADS:
        PAYLOADS[setup] = lessons.payload(setup)
    return PAYLOADS[setup]


def check_run_numbers(facts: dict, setup) -> int:
    """Check the run numbers of ``facts`` against ``setup``'s payload; returns how many were checked."""
    payload = payload_of(setup)
    checked = 0
    if "M" in facts:
        assert facts["M"] == payload["trials"]["cum_mistakes"][-1]
        checked += 1
    if "T" in facts:
        assert facts["T"] == payload["T"]
        checked += 1
    if "bound" in facts and "Novikoff" in facts.get("why", "Novikoff"):
        assert facts["bound"] == pytest.approx(curve_end(payload, "Novikoff"), rel=1e-6)    # shown to 4 digits
        checked += 1
    for key, name in (("fs", "Freund–Schapire"), ("gentile", "Gentile")):
        if key in facts:
            assert facts[key] == pytest.approx(curve_end(payload, name), rel=1e-6)
            checked += 1
    if "t" in facts:
        t = facts["t"]
        numbers, text = math_at(payload, t)
        assert re.search(rf"\b{t}\b", text)                       # the math is trial t's
        for key in ("f", "theta", "w", "x", "w1", "c", "scores"):
            if key in facts:
                stated = _numbers(facts[key]) if isinstance(facts[key], str) else \
                    [f"{v:.4g}" for v in np.ravel(facts[key])]
                assert stated and all(held(s, numbers) for s in stated), (key, facts[key], numbers)
                checked += 1
        if "c" in facts:
            assert payload["trials"]["weight"][t - 1] == pytest.approx(facts["c"])
        if "y" in facts:
            point = payload["trials"]["point"][t - 1]
            label = payload["labels"][point]
            assert facts["y"] == ("+1" if label == sorted(set(payload["labels"]))[1] else "−1")
            checked += 1
        if "prediction" in facts:
            assert re.search(rf"arg ?max .*?= {re.escape(facts['prediction'])} ", text), text
            checked += 1
        if isinstance(facts["answer"], (list, float)) and ("w" in facts or "w1" in facts):
            stated = [f"{v:.4g}" for v in np.ravel(facts["answer"])]        # w after the trial
            assert all(held(s, numbers) for s in stated), (facts["answer"], numbers)
            checked += 1
    if "names" in facts:
        assert facts["names"] == ", ".join(payload["class_names"])
        checked += 1
    if "k" in facts:
        assert facts["k"] == len(payload["class_names"])
        checked += 1
    if "N" in facts and payload["kind"] == "experts":
        assert facts["N"] == payload["N"]
        advice = np.array([[int(c) for c in row] for row in payload["advice"]])
        outcomes = np.array([int(c) for c in payload["outcomes"]])
        assert facts["m"] == int((advice != outcomes[:, None]).sum(axis=0).min())
        checked += 2
    return checked


@pytest.mark.parametrize("lesson, index, screen", SCREENS, ids=IDS)
def test_every_number_a_screen_states_about_its_run_is_the_players(lesson, index, screen, all_facts):
    facts = all_facts[(lesson.key, index)]
    if screen.setup is None:            # no player: the screen states no trial, score or weight of a run
        assert not re.search(r"\{(t|theta|f|w|x|c|w1|M|T|names|k)\b", screen.text + screen.question.prompt)
        assert lessons.panel_of(screen, facts), "a screen without a player shows its numbers in its panel"
        return
    checked = check_run_numbers(facts, screen.setup)
    for key, setup in (("wide", lessons.WIDE), ("thin", lessons.THIN)):           # a comparison of two runs
        if key in facts:
            checked += check_run_numbers(facts[key], setup)
    text = text_of(screen, facts) + prompt_of(screen, facts)
    for key in ("t", "theta", "f", "names", "w", "x", "c", "w1", "N", "m", "k"):
        if re.search(r"\{" + key + r"[}:]", screen.text + screen.question.prompt):
            assert key in facts                                 # a placeholder of the text is a fact checked above
    if re.search(r"\{(t|theta|f|w|x|c|w1)\b", screen.text + screen.question.prompt):
        assert checked, text


def test_lesson_seven_runs_the_priorities_it_states():
    run, _ = lessons.play(lessons.PRIORITY)
    stated = make_points(STORIES["priority"]).theta
    assert run.learner.theta_.tolist() == stated.tolist() == [10.0, 10.0, 1.0, 1.0]
    assert lessons.run_inputs(lessons.PRIORITY)["values"]["theta"] == (10.0, 10.0, 1.0, 1.0)
    quoting = 0
    for screen in lessons.LESSON_7.screens[1:]:
        facts = screen.facts()
        if screen.setup is not None:
            theta = lessons.run_inputs(screen.setup)["values"]["theta"]
        else:                               # Lemma 4's point: the θ of the screen's panel
            shown = next(r.value for r in lessons.panel_of(screen, facts) if r.label == "θ")
            theta = tuple(float(v) for v in re.findall(r"\d+(?:\.\d+)?", shown))
        quoted = re.findall(r"θ = \((\d+), (\d+)\)", lessons.text_of(screen, facts))
        if quoted:                          # the θ the screen's text names last is the θ its lab shows
            assert tuple(float(v) for v in quoted[-1]) == theta, (screen.title, theta)
            quoting += 1
    assert quoting >= 2
    facts = lessons.LESSON_7.screens[0].facts()
    payload = lessons.payload(lessons.PRIORITY)
    numbers, text = math_at(payload, facts["t"])
    assert "θ = ( 10 , 10 , 1 , 1 )" in text
    assert re.search(rf"arg ?max .*?= {facts['options'][facts['answer']]} ", text)


def test_lesson_three_quotes_theorem_two_as_supeesun_and_fakcharoenphol_state_it():
    # Theorem 2: θL + c_max·θ²·C + θ²·√(c_min·L·C), θ = c_max/c_min: C is multiplied by c_max·θ², not θ²
    facts = lessons.LESSON_3.screens[2].facts()
    factor = facts["c_max"] * facts["ratio"] ** 2
    assert f"C by c_max·θ_r² = " in facts["why"] and lessons._n(factor) in facts["why"]
    from learners import bounds

    assert float(bounds.iwp_theorem2(0.0, 1.0, facts["c_max"], facts["c_max"] / facts["ratio"])) == \
        pytest.approx(factor)


def test_the_page_runs_lesson_seven_with_its_priorities():
    at = lessons_session({"lesson": "7", "screen": "1"})
    assert not at.exception
    assert any("θ = (10, 10, 1, 1)" in caption.value for caption in at.caption)


# ------------------------------------------------------------------ what a screen asks about, its lab shows
# Issue 34: L2S1 asked "where does Novikoff's stop?" with Novikoff not drawn, L4S4 (600 trials, 200 dimensions)
# sat beside an unrelated 2-D run, L7S2–S4 asked about P = (0.6, 0.4) that no player showed, L2S4's L and C were
# nowhere, L3S2 sent the student to another page without a link.  Every screen now declares what it asks the
# student to read (lab.lessons.Ask) and where its lab shows it; each declaration is checked here against the
# payload of the very run the page's player shows (lab.lessons.payload), at the trial the player opens at.
ASKED = [(lesson, index, screen, ask) for lesson, index, screen in SCREENS for ask in screen.asks]


def curve_at(payload: dict, name: str, trial: int):
    """The value the curves chart draws for the bound whose legend starts with ``name`` at ``trial`` (None where
    it is not drawn), and whether it is drawn anywhere."""
    import json

    figure = json.loads(payload["curves"]["figure"])
    traces = [t for t in figure["data"] if str(t.get("name", "")).startswith(name)]
    assert len(traces) == 1, (name, [t.get("name") for t in figure["data"]])
    trace = traces[0]
    values = trace.get("customdata") or trace["y"]             # customdata: the value where the axis clips it
    drawn = dict(zip(trace["x"], values))
    return drawn.get(trial), any(v is not None for v in values)


#: the player's metrics (components/timeline.js, ``buildMetrics``) by label: the payload's series each one shows
#: (tests/browser/test_self_study_in_chromium.py reads the same labels and values off the player in Chromium)
PLAYER_METRICS = {"Mistakes": "cum_mistakes", "Weighted loss": "cum_loss", "Best expert's mistakes": "best",
                  "Expected mistakes": "cum_expected"}


def shown_by_metric(payload: dict, name: str) -> bool:
    """Whether the player (components/timeline.js, buildMetrics) shows the metric ``name`` for this run."""
    experts = payload["kind"] == "experts"
    return {"Mistakes": True, "Weighted loss": not experts and payload["show_weighted"],
            "Best expert's mistakes": experts, "Expected mistakes": experts and payload["randomized"]}[name]


def assert_same(value, expected, tolerance: float) -> None:
    if isinstance(expected, str):
        assert str(value) == expected
    else:
        assert float(value) == pytest.approx(float(expected), rel=tolerance, abs=1e-5)


@pytest.mark.parametrize("lesson, index, screen, ask", ASKED,
                         ids=[f"{lesson.key}-{index + 1}-{ask.where}-{ask.name or ask.fact}" for lesson, index, screen, ask in ASKED])
def test_every_quantity_a_screen_asks_about_is_shown_by_its_lab(lesson, index, screen, ask, all_facts):
    facts = all_facts[(lesson.key, index)]
    expected = facts[ask.fact] if ask.fact is not None else None
    if ask.where == "panel":
        readings = {reading.label: reading for reading in lessons.panel_of(screen, facts)}
        assert ask.name in readings, (ask.name, list(readings))
        assert "panel" in lessons.text_of(screen, facts)                 # the screen says where to look
        if ask.fact is not None:
            assert_same(readings[ask.name].value, expected, ask.tolerance)
        return
    assert screen.setup is not None, "only a player shows a metric, a curve or a trial's math"
    payload = payload_of(screen.setup)
    trial = lessons.opening_trial(screen, facts)
    assert 0 <= trial <= payload["T"]
    if ask.where == "metric":
        assert shown_by_metric(payload, ask.name), (ask.name, "not a metric of this player")
        series = payload["trials"][PLAYER_METRICS[ask.name]]
        assert_same(series[trial - 1] if trial else 0, expected, ask.tolerance)
    elif ask.where == "curve":
        value, drawn = curve_at(payload, ask.name, trial)
        assert drawn, f"{ask.name} is only named under the chart, not drawn"
        if expected is None:
            assert value is None, f"{ask.name} is drawn at trial {trial}"
        else:
            assert value is not None and float(value) == pytest.approx(expected, rel=ask.tolerance)
    elif ask.where == "math":
        numbers, text = math_at(payload, trial)
        assert re.search(rf"\b{trial}\b", text)
        stated = _numbers(expected) if isinstance(expected, str) else [f"{v:.4g}" for v in np.ravel(expected)]
        assert stated and all(held(s, numbers) for s in stated), (ask.fact, expected, numbers)
    elif ask.where == "comparator":
        best = payload["drag"]["best"]                 # “Use the max-margin u” in the comparator panel (U)
        assert best["until"] >= trial
        assert float(best[ask.name]) == pytest.approx(expected, rel=ask.tolerance)
    elif ask.where == "experts":
        assert payload[ask.name] == expected
    else:
        pytest.fail(f"unknown place {ask.where!r}")


@pytest.mark.parametrize("lesson, index, screen", SCREENS, ids=IDS)
def test_every_screen_declares_what_it_asks_about_and_opens_at_its_trial(lesson, index, screen, all_facts):
    facts = all_facts[(lesson.key, index)]
    assert screen.asks, "a screen names the quantities it asks about (lab.lessons.Ask)"
    trial = lessons.opening_trial(screen, facts)
    if screen.setup is None:
        assert trial is None and not any(ask.where != "panel" for ask in screen.asks)
        return
    payload = payload_of(screen.setup)
    if screen.at == "end":
        assert trial == payload["T"] == lessons.trials_of(screen.setup)
    else:                                       # a screen about one trial names it, and opens there
        assert 1 <= trial < payload["T"]
        assert re.search(rf"\btrial {trial}\b", lessons.text_of(screen, facts)), lessons.text_of(screen, facts)


def test_the_places_a_screen_links_open_their_run():
    """A link of a screen (lab.lessons.Place) is read by the page as the lab reads every link, without a problem,
    and opens the settings it names — the Perceptron page with lesson 3's stream and the plain perceptron."""
    from lab.links import read_query

    places = [place for _, _, screen in SCREENS for place in screen.places]
    assert {place.page for place in places} == {"perceptron", "winnow", "paper-lab"}
    for place in places:
        link = read_query(place.page, dict(place.query))
        assert not link.problems, (place, link.problems)
        assert place.href.startswith(place.page + "?")
    perceptron = next(place for place in places if place.page == "perceptron")
    link = read_query("perceptron", dict(perceptron.query))
    assert link.data.story == lessons.WEIGHTED_PLAIN.data.story
    assert link.widgets["perceptron_learner"] == "Perceptron" and link.widgets["perceptron_order"] == "shuffled"
    winnow = next(place for place in places if place.page == "winnow")
    assert read_query("winnow", dict(winnow.query)).widgets["winnow_section"] == "High-dimensional experiment"
    lemma = next(place for place in places if place.page == "paper-lab")
    assert read_query("paper-lab", dict(lemma.query)).widgets["paper_experiment"] == "lemma4"


# ------------------------------------------------------------------ the player opens at the screen's trial
# Issue 34: /lessons?lesson=6&screen=3, End, "Next lesson ▶" opened lesson 7 screen 1 at trial 120 of 240 while it
# asked about trial 20: the page kept one player for every screen, and a new run kept the trial of the old one.
def player_data(at: AppTest) -> tuple[dict, str]:
    """The data the page hands its player (start trial, run) and the player's element id (its key)."""
    import json

    found = [e for e in at.main if getattr(e, "type", "") == "bidi_component"
             and e.proto.component_name.endswith("timeline")]
    assert len(found) == 1, "the page shows one player"
    return json.loads(found[0].proto.json), found[0].proto.id


def click(at: AppTest, key: str) -> AppTest:
    next(b for b in at.button if b.key == key).click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_each_screen_opens_its_own_player_at_its_trial_however_it_is_reached():
    expected = {}
    for lesson_index, lesson in enumerate(LESSONS):
        for screen_index, screen in enumerate(lesson.screens):
            expected[(lesson_index, screen_index)] = lessons.opening_trial(screen, screen.facts())
    at = lessons_session({"lesson": "6", "screen": "3"})                 # a link
    seen = {}

    def check_here():
        where = at.session_state["lesson_at"]
        data, element = player_data(at)
        assert data["start"] == expected[where], (where, data["start"])
        assert element not in seen.values(), "a screen's player is its own, never the previous screen's"
        seen[where] = element

    check_here()
    click(at, "lesson_next")                                              # Next lesson: 7.1, trial 20
    assert at.session_state["lesson_at"] == (6, 0) and expected[(6, 0)] == lessons.LESSON_7.screens[0].facts()["t"]
    check_here()
    click(at, "lesson_back")                                              # Previous: back to 6.3
    assert at.session_state["lesson_at"] == (5, 2)
    seen.pop((5, 2))
    check_here()
    click(at, "lesson_pick_2")                                            # a lesson from the sidebar: 3.1
    check_here()
    click(at, "lesson_next")                                              # Next screen: 3.2, the same run
    assert at.session_state["lesson_at"] == (2, 1)
    check_here()
    data, element = player_data(at)
    key = f"lesson_{LESSONS[2].key}_1_answer"
    at.radio(key=key).set_value("IWP")
    at.button[[b.label for b in at.button].index("Check")].click().run()     # a Check keeps the player as it is
    assert player_data(at)[1] == element


def test_choosing_another_lesson_draws_only_that_lesson(monkeypatch):
    """Issue 34: /lessons showed the perceptron lesson's player for seconds while another lesson loaded — a click
    on a lesson first ran the page again with the old lesson (its player included), then asked for a second run.
    Now the buttons move the position before the run: the run draws the chosen lesson alone."""
    from ui import learner_page

    drawn = []
    original = learner_page.show_run

    def recording(page, name, *args, **kwargs):
        drawn.append(name)
        return original(page, name, *args, **kwargs)

    at = lessons_session({"lesson": "1", "screen": "1"})
    monkeypatch.setattr(learner_page, "show_run", recording)
    click(at, "lesson_pick_4")
    assert at.title[0].value.startswith("Lesson 5:")
    assert drawn == [lessons.LESSON_5.screens[0].setup.learner], drawn
    drawn.clear()
    click(at, "lesson_next")
    assert drawn == [lessons.LESSON_5.screens[1].setup.learner], drawn
