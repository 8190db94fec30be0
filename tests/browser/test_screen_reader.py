"""A screen reader follows every trial of the player (components/a11y.js), in Chromium.

The thin-margin story's run (the Perceptron, adversarial order, five passes) as its offline HTML export — the
same player and plugins as the lab.  The words are checked against numbers computed here from the payload and,
for the points a model misclassifies, from the learner itself replayed in Python."""

from __future__ import annotations

import numpy as np
import pytest
from playwright.sync_api import expect

from lab import catalog
from lab.runner import Run
from lab.stories import STORIES, make_points

from .conftest import ROOT
from .player import control, wait_for_player
from .story_export import STORY, curve_values, open_export, story_payload

pytestmark = pytest.mark.browser
TRIAL = 13


def said(value: float) -> str:
    """A number as the player speaks it: three significant digits, a true minus sign."""
    rounded = float(f"{value:.3g}")
    text = str(int(rounded)) if rounded.is_integer() else repr(rounded)
    return text.replace("-", "\u2212")


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


@pytest.mark.parametrize("rate", ["mistakes", "10"])
def test_play_announces_only_what_the_setting_asks(page, tmp_path, payload, rate):
    open_export(page, tmp_path, payload)
    page.select_option(".mbl-a11y-rate", rate)
    page.select_option(".mbl-tl-bar select[aria-label='speed in trials per second']", "250")
    page.evaluate("""() => { window.heard = [];
      new MutationObserver(() => window.heard.push(document.querySelector('.mbl-a11y-live').textContent))
        .observe(document.querySelector('.mbl-a11y-live'), {childList: true, characterData: true, subtree: true}); }""")
    page.locator(".mbl-tl-root").focus()
    page.keyboard.press(" ")
    page.wait_for_function(f"() => document.querySelector('.mbl-tl').dataset.trial === '{payload['T']}'", timeout=60_000)
    heard = page.evaluate("() => window.heard")
    trials = [int(text.split(":")[0].removeprefix("Trial ")) for text in heard]
    assert trials, "Play announced nothing"
    assert trials == sorted(trials)
    if rate == "mistakes":
        assert all(payload["trials"]["mistake"][t - 1] == "1" for t in trials)
    else:
        assert all(t % 10 == 0 for t in trials)


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
    bound_name, (_, bound) = next((name, v) for name, v in curve_values(run).items() if v[0])
    m = run["trials"]["cum_mistakes"][2]
    words = page.locator(".mbl-a11y-live").text_content()
    assert words.startswith(f"Trial 3: advice {run['advice'][2]}, outcome {run['outcomes'][2]}: ")
    assert words.endswith(f" {m} mistake{'' if m == 1 else 's'}; {bound_name.split(' = ')[0]}'s bound {said(bound[2])}.")
    scene = page.locator(".mbl-tl-experts > .mbl-a11y-figure")
    assert scene.get_attribute("role") == "img"
    assert scene.get_attribute("aria-label") == "The 8 experts' weights after trial 3 (shares of the total)"


def test_axe_finds_no_violation_in_the_labs_player_with_every_plugin(page, server_url):
    """In the lab (the draggable comparator's handles live in the boundary too), the named images, the live
    region, the data table and the hidden plot insides break no WCAG A/AA rule axe-core checks."""
    axe = ROOT / "tests" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
    if not axe.exists():
        pytest.skip("axe-core is not installed: npm ci --prefix tests/a11y")
    page.goto(f"{server_url}/perceptron")
    wait_for_player(page)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("d")
    expect(page.locator(".mbl-a11y-table")).to_be_visible()
    page.add_script_tag(path=str(axe))
    violations = page.evaluate("""async () => (await axe.run(document.querySelector('.mbl-tl'),
        {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}, resultTypes: ['violations']}))
        .violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)""")
    assert violations == []
