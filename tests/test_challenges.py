"""Be the adversary (lab/challenges.py, views/challenges.py): known placements scored exactly, rules refused
with their reason, the best score kept in the session and the address bar."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from lab import challenges

APP = str(Path(__file__).resolve().parents[1] / "app.py")


# ------------------------------------------------------------------ perceptron
def test_a_known_placement_is_scored_exactly():
    # u = (0.6, 0.8), g = 0.5, R = 2: bound ⌊(2/0.5)²⌋ = 16.
    # 1. x = (2, 0): u·x = 1.2, y = +1; w = 0, y·w·x = 0 ≤ 0: mistake, w = (2, 0).
    # 2. x = (−0.6, 1.8): u·x = 1.08, y = +1; w·x = −1.2 ≤ 0: mistake, w = (1.4, 1.8).
    # 3. x = (0.2, −1.2): u·x = −0.84, y = −1; w·x = 0.28 − 2.16 = −1.88, y·w·x = 1.88 > 0: right.
    # 4. x = (1.9, −0.2): u·x = 1.14 − 0.16 = 0.98, y = +1; w·x = 2.66 − 0.36 = 2.3 > 0: right.
    # 5. x = (−1.4, 1.4): u·x = −0.84 + 1.12 = 0.28 < 0.5: refused (tested below); instead x = (−1.2, 1.6):
    #    u·x = −0.72 + 1.28 = 0.56, y = +1; w·x = −1.68 + 2.88 = 1.2 > 0: right.
    # 6. x = (1.6, −1.2): u·x = 0.96 − 0.96 = 0: refused; instead x = (0.8, −1.6): u·x = 0.48 − 1.28 = −0.8,
    #    y = −1; w·x = 1.12 − 2.88 = −1.76, y·w·x = 1.76 > 0: right.
    # 7. x = (−1.8, 0.6): u·x = −1.08 + 0.48 = −0.6, y = −1; w·x = −2.52 + 1.08 = −1.44, y·w·x = 1.44: right.
    # 8. x = (1.4, 0.4): u·x = 0.84 + 0.32 = 1.16, y = +1; w·x = 1.96 + 0.72 = 2.68: right.
    # 9. x = (−1.9, 0.6): u·x = −1.14 + 0.48 = −0.66, y = −1; w·x = −2.66 + 1.08 = −1.58: right.
    # Two mistakes: score 2/16 = 0.125.
    text = "2, 0\n-0.6, 1.8\n0.2, -1.2\n1.9, -0.2\n-1.2, 1.6\n0.8, -1.6\n-1.8, 0.6\n1.4, 0.4\n-1.9, 0.6"
    result = challenges.perceptron_outcome(text)
    assert result.valid and result.problems == []
    assert (result.mistakes, result.bound, result.score) == (2, 16, 0.125)
    assert [t["mistake"] for t in result.trials] == [True, True] + [False] * 7
    assert result.state["w"].tolist() == pytest.approx([1.4, 1.8])


def independent_perceptron(points, u):
    """The perceptron from w = 0 without intercept, written out again (not lab's code)."""
    w, mistakes = np.zeros(2), 0
    for x in points:
        y = 1.0 if u @ x > 0 else -1.0
        if y * (w @ x) <= 0:
            mistakes += 1
            w = w + y * x
    return mistakes


def test_random_valid_placements_score_what_an_independent_perceptron_counts_and_never_pass_the_bound():
    rng = np.random.default_rng(17)
    u = np.array([0.6, 0.8])
    for _ in range(30):
        points = []
        while len(points) < 40:
            x = np.round(rng.uniform(-2, 2, 2), 3)
            if np.linalg.norm(x) <= 2 and abs(u @ x) >= 0.5:
                points.append(x)
        text = "\n".join(f"{x[0]}, {x[1]}" for x in points)
        result = challenges.perceptron_outcome(text)
        assert result.valid
        assert result.mistakes == independent_perceptron(points, u) <= result.bound == 16


def test_points_breaking_the_rules_are_refused_with_their_line_and_reason():
    result = challenges.perceptron_outcome("2, 0\n-1.4, 1.4\n3, 0\none, two\n1.6, -1.2")
    assert not result.valid and result.mistakes == 0
    assert result.problems == [
        "Line 4: 'one, two' is not two numbers x₁, x₂ (e.g. 1.2, -0.4).",
        "Line 2 (−1.4, 1.4): u·x = 0.28 lies inside the band |u·x| < g = 0.5 — move it at least 0.5 from the "
        "line u·x = 0.",
        "Line 3 (3, 0): its length ‖x‖ = 3 exceeds R = 2 — bring it closer to the origin.",
        "Line 5 (1.6, −1.2): u·x = 0 lies inside the band |u·x| < g = 0.5 — move it at least 0.5 from the line "
        "u·x = 0."]
    too_many = challenges.perceptron_outcome("\n".join(["2, 0"] * 41))
    assert not too_many.valid and too_many.problems == ["41 points: the budget is 40. Remove 1."]
    assert challenges.perceptron_outcome("").problems == ["Place at least one point."]


# ------------------------------------------------------------------ winnow
def independent_winnow(instances, eta, target):
    """Normalised exponentiated Winnow on (x, 1, −x, −1), uniform start (seed 003 §3), written out again."""
    n = len(instances[0])
    exponents = np.zeros(2 * (n + 1))
    mistakes = 0
    for x in instances:
        f = np.r_[x, 1.0, -np.asarray(x, float), -1.0]
        w = np.exp(eta * exponents)
        w /= w.sum()
        y = 1.0 if any(x[j] for j in target) else -1.0
        if y * (w @ f) <= 0:
            mistakes += 1
            exponents += y * f
    return mistakes


def test_winnow_scores_a_known_sequence_exactly():
    # γ = 1/5, η* = ln((1 + 0.2)/(1 − 0.2))/2 = ln(1.5)/2; n = 12 weights;
    # bound ln 12/(η*·0.2 − ln cosh η*) = 123.4…, so 123.
    eta = math.log(1.5) / 2
    assert challenges.winnow_rate() == pytest.approx(eta)
    bound = math.log(12) / (eta * 0.2 - math.log(math.cosh(eta)))
    assert challenges.winnow_bound() == math.floor(bound) == 123
    # trial 1: uniform w, f = (0,0,0,0,0, 1, 0,0,0,0,0, −1): w·f = 0 ≤ 0 (label −1): a mistake
    sequence = ["00000", "10000", "00100", "01011", "00000", "10100", "01000", "00001"]
    result = challenges.winnow_outcome("\n".join(sequence))
    instances = [[int(c) for c in s] for s in sequence]
    assert result.valid and result.trials[0]["mistake"] is True
    assert result.mistakes == independent_winnow(instances, eta, challenges.TARGET)
    assert result.score == result.mistakes / 123
    assert [t["y"] for t in result.trials] == ["−1", "+1", "+1", "−1", "−1", "+1", "−1", "−1"]


def test_winnow_refuses_malformed_instances():
    result = challenges.winnow_outcome("10000\n1002\n111111")
    assert not result.valid
    assert result.problems == ["Line 2: '1002' must be 5 digits, each 0 or 1 (e.g. 10010).",
                               "Line 3: '111111' must be 5 digits, each 0 or 1 (e.g. 10010)."]


# ------------------------------------------------------------------ weighted majority
def test_weighted_majority_scores_a_known_sequence_exactly():
    # N = 4, β = ½, m ≤ 2: bound (2 ln 2 + ln 4)/ln(4/3) = 4 ln 2/ln(4/3) = 9.6377.
    # 1. advice 1100, outcome 0: vote 1 gets 2/4 ≥ ½ → predicts 1: mistake; E1, E2 halve: w = (½, ½, 1, 1).
    # 2. advice 0011, outcome 1: vote for 1 = 2/3 → predicts 1, right; E1, E2 wrong: w = (¼, ¼, 1, 1).
    # 3. advice 0011, outcome 0: vote for 1 = 2/2.5 → 1: mistake; w = (¼, ¼, ½, ½).
    # 4. advice 1010, outcome 0: vote for 1 = (¼ + ½)/1.5 = ½ ≥ ½ → 1: mistake; w = (⅛, ¼, ¼, ½).
    # Expert mistakes: E1 3, E2 2, E3 2, E4 1: best 1 ≤ 2.  WM: 3 mistakes; score 3/9.6377.
    result = challenges.experts_outcome("1100 0\n0011 1\n0011 0\n1010 0")
    assert result.valid
    assert [t["mistake"] for t in result.trials] == [True, False, True, True]
    assert result.mistakes == 3
    assert result.bound == pytest.approx(4 * math.log(2) / math.log(4 / 3))
    assert result.score == pytest.approx(3 / (4 * math.log(2) / math.log(4 / 3)))
    assert result.state["weights"].tolist() == [0.125, 0.25, 0.25, 0.5]
    assert result.state["expert_mistakes"].tolist() == [3, 2, 2, 1]


def test_weighted_majority_refuses_a_best_expert_over_the_cap():
    result = challenges.experts_outcome("1111 0\n0000 1\n1010 0\n0101 0")
    assert not result.valid
    assert result.problems == ["Every expert has made more than m = 2 mistakes (the best, E1, made 3): make one "
                               "expert right more often — change an outcome or its advice."]
    assert challenges.experts_outcome("0110 2").problems[0].startswith("Line 1: '0110 2' must be 4 digits")


# ------------------------------------------------------------------ the page
def page() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("views/challenges.py").run()
    return at


def metrics(at) -> dict:
    return {m.label: m.value for m in at.metric}


def test_the_page_scores_the_known_placement_and_keeps_the_best_in_the_url():
    at = page()
    assert not at.exception
    assert any("Nothing played yet" in i.value for i in at.info)
    at.text_area(key="challenge_perceptron_text").input("2, 0\n-0.6, 1.8\n0.2, -1.2").run()
    assert metrics(at) == {"Mistakes": "2", "Bound": "16", "Score": "12%", "Best": "12%"}
    assert at.query_params["challenge"] == "perceptron,perceptron=2"
    # a worse sequence does not lower the best
    at.text_area(key="challenge_perceptron_text").input("2, 0").run()
    assert metrics(at)["Mistakes"] == "1" and metrics(at)["Best"] == "12%"
    assert at.query_params["challenge"] == "perceptron,perceptron=2"


def test_the_page_refuses_a_point_in_the_band_and_does_not_place_it():
    at = page()
    at.number_input(key="challenge_x1").set_value(0.1)
    at.number_input(key="challenge_x2").set_value(0.1)
    at.get("form_submit_button")[0].click().run()
    assert any("Not placed" in e.value and "band" in e.value for e in at.error)
    assert at.text_area(key="challenge_perceptron_text").value == ""
    at.number_input(key="challenge_x1").set_value(2.0)
    at.number_input(key="challenge_x2").set_value(0.0)
    at.get("form_submit_button")[0].click().run()
    assert at.text_area(key="challenge_perceptron_text").value == "2, 0"
    assert metrics(at)["Mistakes"] == "1"


def test_a_link_brings_back_the_challenge_and_its_best_scores():
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["challenge"] = "experts,experts=5,perceptron=9,bogus=3,winnow=x"
    at.run()
    at.switch_page("views/challenges.py").run()
    assert not at.exception
    assert at.segmented_control(key="challenge_choice").value == "experts"
    at.text_area(key="challenge_experts_text").input("1100 0\n0011 1\n0011 0\n1010 0").run()
    assert metrics(at)["Mistakes"] == "3" and metrics(at)["Best"] == f"{5 / challenges.experts_bound():.0%}"
    assert at.query_params["challenge"] == "experts,experts=5,perceptron=9"


def test_invalid_rounds_show_the_reason_and_no_score():
    at = page()
    at.segmented_control(key="challenge_choice").set_value("experts").run()
    at.text_area(key="challenge_experts_text").input("1111 0\n0000 1\n1010 0\n0101 0").run()
    assert not at.metric
    assert any("Not scored yet" in e.value and "more than m = 2" in e.value for e in at.error)
