"""A screen reader follows every trial of the player (components/a11y.js), in Chromium.

The thin-margin story's run (the Perceptron, adversarial order, five passes) as its offline HTML export — the
same player and plugins as the lab.  The words are checked against numbers computed here from the payload and,
for the points a model misclassifies, from the learner itself replayed in Python."""

from __future__ import annotations

import json

import numpy as np
import pytest
from playwright.sync_api import expect

from lab import catalog
from lab.numbers import number_text
from lab.runner import Run
from lab.stories import STORIES, make_points

from .conftest import ROOT
from .player import control, wait_for_player
from .story_export import STORY, curve_values, open_export, story_payload

pytestmark = pytest.mark.browser
TRIAL = 13


def said(value: float) -> str:
    """A number as the player speaks it (components/player/numbers.js formatNumber): a count whole, any other number
    as the lab writes it (lab.numbers.number_text)."""
    value = float(value)
    return ("\u2212" if value < 0 else "") + f"{abs(int(value)):,}" if value.is_integer() else number_text(value)


@pytest.fixture(scope="module")
def payload():
    return story_payload()


def misclassified_after(payload, trials: int) -> int:
    """Points the learner, replayed for ``trials`` trials of the story's run, predicts wrongly."""
    story = STORIES[STORY]
    X, labels, weights = make_points(story).to_arrays()
    run = Run(catalog.build(payload["learner"], {}), X, labels, weights, classes=np.unique(labels),
              order=story.presets["perceptron_order"], n_passes=story.presets["perceptron_passes"], seed=0)
    for _ in range(trials):
        run.step()
    return int(np.sum(run.learner.predict(X) != labels))


def test_the_player_at_a_fixed_trial_has_named_figures_a_spoken_trial_and_mathml(page, tmp_path, payload):
    open_export(page, tmp_path, payload, start=TRIAL - 1)
    page.keyboard.press("ArrowRight")                           # a Step announces the trial it shows
    page.wait_for_function(f"() => document.querySelector('.mbl-tl').dataset.announced === '{TRIAL}'")
    point = payload["trials"]["point"][TRIAL - 1]
    names, label = payload["class_names"], payload["labels"][point]
    assert payload["trials"]["mistake"][TRIAL - 1] == "1"       # the fixed trial is a mistake of a binary run
    w = payload["quiz"]["answers"]["w"][TRIAL - 1]
    m = payload["trials"]["cum_mistakes"][TRIAL - 1]
    curves = curve_values(payload)
    bounds = [(name, values) for name, (bound, values) in curves.items() if bound]
    novikoff = bounds[0][1][TRIAL - 1]
    assert bounds[0][0].startswith("Novikoff")
    x1, x2 = payload["X"][0][point], payload["X"][1][point]
    spoken = (f"Trial {TRIAL}: point {point} at ({said(x1)}, {said(x2)}), class {names[label]}, "
              f"predicted {names[1 - label]}: a mistake. w moves to ({', '.join(said(v) for v in w)}). "
              f"{m} mistakes; Novikoff's bound {said(novikoff)}.")
    wrong = misclassified_after(payload, TRIAL)
    figure = (f"{payload['learner']} boundary after trial {TRIAL}: w = ({said(w[0])}, {said(w[1])}), "
              f"b = {said(w[2])}; it misclassifies {wrong} of {payload['n_points']} points")
    curve_words = "; ".join([f"Cumulative mistakes and bounds at trial {TRIAL} of {payload['T']}: {m} mistakes"]
                            + [f"{name.replace('&amp;', '&')} {said(values[TRIAL - 1])}" for name, values in bounds])
    quote = lambda text: '"' + text.replace('"', '\\"') + '"'      # noqa: E731 — a YAML string
    named = lambda role, name: "'" + f'{role} "{name}"'.replace("'", "''") + "'"     # noqa: E731 — a role and name as a YAML key
    control(page, ".mbl-projector-button")            # the controls with no room in the row: behind All controls
    expect(page.locator(".mbl-tl")).to_match_aria_snapshot("\n".join([
        "- slider \"trial\": \"13\"",
        "- combobox \"announce while playing\"",
        "- button \"Data table of the points and the curves (D)\"",
        "- button \"Sound off\"",
        "- button \"Projector\"",
        f"- status: {quote(spoken)}",
        f"- {named('img', figure)}",
        "- math",
        "- math",
        f"- {named('img', curve_words)}",
    ]))
    # the images speak only through their names: plotly's SVG text and mode bar are hidden inside them
    for box in (".mbl-tl-boundary", ".mbl-tl-curves"):
        image = page.locator(f"{box} > .mbl-a11y-figure")
        assert image.get_attribute("role") == "img"
        assert page.locator(f"#{image.get_attribute('aria-describedby')}").text_content()
        hidden = page.eval_on_selector(box, "b => [...b.querySelectorAll('.main-svg')].every(s => s.getAttribute('aria-hidden') === 'true')")
        assert hidden
    # Back announces the trial before, as a trial the learner got right or wrong
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"() => document.querySelector('.mbl-tl').dataset.announced === '{TRIAL - 1}'")
    assert page.locator(".mbl-a11y-live").text_content().startswith(f"Trial {TRIAL - 1}: point ")


#: every change of the live region's words, with the page's clock: [[time in ms, words], …] in window.heard
HEAR = """() => { window.heard = [];
  new MutationObserver(() => window.heard.push([performance.now(), document.querySelector('.mbl-a11y-live').textContent]))
    .observe(document.querySelector('.mbl-a11y-live'), {childList: true, characterData: true, subtree: true}); }"""


def tally(payload, t: int) -> str:
    """What the player says of the run at trial t: the mistakes so far and the first bound's value."""
    m = payload["trials"]["cum_mistakes"][t - 1]
    name, (_, values) = next((name, v) for name, v in curve_values(payload).items() if v[0])
    return f"{m} mistake{'' if m == 1 else 's'}; {name.split(' (')[0]}'s bound {said(values[t - 1])}"


def heard_trials(heard: list, gap: float, payload, rate: str) -> list[int]:
    """The trials announced in ``heard`` between its first and last words, checked: each at least ``gap`` ms after
    the words before it, true of its trial (the run's numbers there) and one the setting asks for; in order."""
    trials = []
    for (before, _), (at, words) in zip(heard, heard[1:-1]):
        assert at - before >= gap - 1, (before, at, words)                               # rate-limited
        t = int(words.split(":")[0].removeprefix("Trial "))
        mistake = payload["trials"]["mistake"][t - 1] == "1"
        assert words == f"Trial {t}: {'a mistake' if mistake else 'correct'}. {tally(payload, t)}."    # true of t
        assert mistake if rate == "mistakes" else t % 10 == 0
        trials.append(t)
    assert trials == sorted(trials)
    return trials


@pytest.fixture
def clock_page(browser):
    """A tab of a browser context of its own: Playwright's clock, once installed, stays in its context (the shared
    profile of ``page`` would hand a stopped clock to every later test)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    yield context.new_page()
    context.close()


def test_play_announces_at_a_listenable_rate_what_the_setting_asks_and_says_pause_and_end(clock_page, tmp_path, payload):
    """Play on the page's clock (Playwright's, paused and run forward by the test): its start is said, then at most one
    trial per PLAY_GAP_MS — the newest the setting asks for, never a backlog — with the run's true numbers at that
    trial.  Saying mistakes at 250 trials/s to the end (the thin margin's 13 mistakes come in its first 0.05 s): the
    run's end is the last thing said, with the mistakes at the last trial.  Then every 10th trial at 25 trials/s for
    6 s: a few trials are said, then a Pause, at once, with the trial it stopped at.  Nothing is said after either."""
    page = clock_page
    open_export(page, tmp_path, payload)
    T = payload["T"]
    page.clock.install()
    page.clock.pause_at(page.evaluate("() => Date.now()") + 1000)       # the page's time moves only by run_for
    gap = page.evaluate("() => window.MistakeBoundTimeline.a11y.PLAY_GAP_MS")
    assert gap >= 1000                     # a short sentence takes a screen reader about two seconds
    page.evaluate(HEAR)
    for rate, speed, label in (("mistakes", 250, "mistakes"), ("10", 25, "every 10th")):
        page.select_option(".mbl-a11y-rate", rate)
        page.select_option(".mbl-tl-bar select[aria-label='speed in trials per second']", str(speed))
        page.evaluate("() => { window.heard = []; }")
        page.locator(".mbl-tl-bar button[data-action=play]").focus()
        page.keyboard.press("Enter")                              # Play (from trial 0)
        if rate == "mistakes":
            page.clock.run_for(int(1000 * T / speed) + 100)
            assert page.evaluate("() => document.querySelector('.mbl-tl').dataset.trial") == str(T)
            last = f"End of the run: trial {T} of {T}. {tally(payload, T)}."
        else:
            page.clock.run_for(6000)
            page.keyboard.press("Enter")                          # Pause
            t = int(page.evaluate("() => document.querySelector('.mbl-tl').dataset.trial"))
            assert 0 < t < T
            last = f"Paused at trial {t} of {T}. {tally(payload, t)}."
            assert page.evaluate("() => document.activeElement.dataset.action") == "play"
        heard = page.evaluate("() => window.heard")
        assert heard[0][1] == f"Playing from trial 0 of {T} at {speed} trials per second; saying {label}."
        assert heard[-1][1] == last
        trials = heard_trials(heard, gap, payload, rate)
        assert len(trials) <= (heard[-1][0] - heard[0][0]) / gap + 1
        if rate == "10":
            assert len(trials) >= 2                                 # Play kept talking, at its rate
        page.clock.run_for(2 * gap)
        assert len(page.evaluate("() => window.heard")) == len(heard)       # nothing is said after


def test_a_redraw_does_not_say_the_trial_again(page, tmp_path, payload):
    """A resize draws the player again at the same trial: the live region keeps still (a screen reader would
    read the trial twice, and while playing by mistakes only, a trial that is no mistake); a step still speaks."""
    open_export(page, tmp_path, payload, start=TRIAL)
    page.evaluate("""() => { window.heard = []; window.redrawn = 0;
      document.querySelector('.mbl-tl-root')._mblPlayer.on('redraw', () => { window.redrawn += 1; });
      new MutationObserver(() => window.heard.push(document.querySelector('.mbl-a11y-live').textContent))
        .observe(document.querySelector('.mbl-a11y-live'), {childList: true, characterData: true, subtree: true}); }""")
    page.set_viewport_size({"width": 1100, "height": 720})
    page.wait_for_function("() => window.redrawn > 0")
    assert page.evaluate("() => window.heard") == []
    page.locator(".mbl-tl-root").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.querySelector('.mbl-tl').dataset.announced === '{TRIAL + 1}'")
    assert [text.split(":")[0] for text in page.evaluate("() => window.heard")] == [f"Trial {TRIAL + 1}"]


def test_the_data_table_is_one_key_away_and_holds_the_points_and_every_trial(page, tmp_path, payload):
    open_export(page, tmp_path, payload, start=5)
    keys = page.locator(".mbl-tl-keys").text_content()
    assert "D data table" in keys
    assert page.locator(".mbl-a11y-table").is_hidden()
    page.keyboard.press("d")
    expect(page.locator(".mbl-a11y-table")).to_be_visible()
    tables = page.locator(".mbl-a11y-table table")
    expect(tables).to_have_count(2)
    points = tables.nth(0).locator("tbody tr")
    expect(points).to_have_count(payload["n_points"])
    first = points.nth(0).locator("th, td").all_text_contents()
    assert first[3] == payload["class_names"][payload["labels"][0]]
    assert float(first[1].replace("\u2212", "-")) == pytest.approx(payload["X"][0][0], rel=5e-3, abs=1e-9)
    rows = tables.nth(1).locator("tbody tr")
    expect(rows).to_have_count(payload["T"])
    head = tables.nth(1).locator("thead th").all_text_contents()
    curves = curve_values(payload)
    assert head[2:] == [name.replace("&amp;", "&") for name in curves]
    for t in (1, TRIAL, payload["T"]):
        cells = rows.nth(t - 1).locator("th, td").all_text_contents()
        assert cells[0] == str(t)
        assert cells[1] == ("yes" if payload["trials"]["mistake"][t - 1] == "1" else "no")
        for text, (_, values) in zip(cells[2:], curves.values()):
            assert float(text.replace("\u2212", "-")) == pytest.approx(values[t - 1], rel=5e-3)
    page.keyboard.press("D")
    expect(page.locator(".mbl-a11y-table")).to_be_hidden()


def test_an_experts_run_is_described_and_announced_too(page, tmp_path):
    """The experts' scene (bars, no boundary) is the named image of an experts run; its trials are spoken."""
    from datasets.advice import AdviceStream
    from lab.timeline import build_timeline

    rng = np.random.default_rng(0)
    run = build_timeline("Weighted Majority", {},
                         AdviceStream(rng.integers(0, 2, size=(40, 8)), rng.integers(0, 2, size=40)))
    open_export(page, tmp_path, run)
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.announced === '3'")
    _, (_, bound) = next((name, v) for name, v in curve_values(run).items() if v[0])
    merged = next(trace["meta"] for trace in json.loads(run["curves"]["figure"])["data"] if trace.get("meta"))
    m = run["trials"]["cum_mistakes"][2]
    words = page.locator(".mbl-a11y-live").text_content()
    assert words.startswith(f"Trial 3: advice {run['advice'][2]}, outcome {run['outcomes'][2]}: ")
    # Weighted Majority's bound and its lecture form coincide on this run: one line, named as the legend names it
    assert words.endswith(f" {m} mistake{'' if m == 1 else 's'}; the bound of {merged['names']} {said(bound[2])}.")
    scene = page.locator(".mbl-tl-experts > .mbl-a11y-figure")
    assert scene.get_attribute("role") == "img"
    assert scene.get_attribute("aria-label") == "The 8 experts' weights after trial 3 (shares of the total)"
    # the curves are described in the legend's words (viz/curves.py coinciding_bounds), not "equal within 1 % (…)"
    curves = page.locator(".mbl-tl-curves > .mbl-a11y-figure")
    assert curves.get_attribute("aria-label").endswith(f"; {merged['names']} {said(bound[2])}")
    description = page.locator(f"#{curves.get_attribute('aria-describedby')}").text_content()
    assert f" {merged['names']}: {merged['note']}." in description and "equal within" not in description
    assert merged["note"].startswith("two bounds that coincide on this run (within 1 %: ")


def test_a_multiclass_boundary_names_one_vector_per_class(page, tmp_path):
    """The Multi-vector Perceptron keeps a vector per class: its figure is described with each class's vector, by the
    catalog's symbol (w_y) and the run's class names — not as one w — and a step says which vectors moved."""
    from lab.timeline import build_timeline

    story = STORIES["four-classes"]
    run = build_timeline("Multi-vector Perceptron", {}, make_points(story))
    vectors = run["class_vectors"]
    names = run["class_names"]
    assert vectors["symbol"] == catalog.LEARNERS["Multi-vector Perceptron"].quiz.row_symbol and len(names) == 4
    t = next(t for t in range(2, run["T"]) if run["trials"]["updated"][t - 1] == "1")
    open_export(page, tmp_path, run, start=t - 1)
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => document.querySelector('.mbl-tl').dataset.announced === '{t}'")
    updates = run["trials"]["updated"][:t].count("1")
    rows, before = vectors["after"][updates], vectors["after"][updates - 1]
    vector = lambda row: "(" + ", ".join(said(v) for v in row) + ")"          # noqa: E731
    listed = ", ".join(f"{name} {vector(row)}" for name, row in zip(names, rows))
    image = page.locator(".mbl-tl-boundary > .mbl-a11y-figure")
    assert image.get_attribute("aria-label") == (f"{run['learner']} boundary after trial {t}: one vector w_y per class y, "
                                                 f"on (x₁, x₂, 1): {listed}")
    moved = [j for j in range(4) if rows[j] != before[j]]
    assert len(moved) == 2                   # the true class's vector towards x, the predicted one's away
    words = page.locator(".mbl-a11y-live").text_content()
    assert f" w_y moves for {', '.join(f'{names[j]} to {vector(rows[j])}' for j in moved)}." in words, words
