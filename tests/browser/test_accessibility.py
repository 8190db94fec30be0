"""axe-core (pinned in tests/a11y) finds no WCAG 2.0/2.1 A or AA violation on any page of the lab, in each state
a user reaches: every page as opened (checked in test_lab_in_chromium.py, in the one visit of each page), and here
a story mid-run, the quiz open, presentation mode, a lesson screen, a challenge, the Paper lab with results, the
Share panel open (issue 28).

One server, one browser context: the states are visited in turn and every violation is collected before the
single assertion, so a failure lists them all (rule, impact, the first nodes and axe's summary of each)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import ROOT, wait_idle
from .player import focus_page, open_story, press, wait_for_layout
from .test_keyboard_only import assert_focus_ring

pytestmark = pytest.mark.browser

AXE = ROOT / "tests" / "a11y" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  return result.violations.map((v) => ({id: v.id, impact: v.impact, count: v.nodes.length,
    nodes: v.nodes.slice(0, 3).map((n) => ({target: n.target.join(" "), summary: n.failureSummary,
      related: [...n.any, ...n.all, ...n.none].flatMap((c) => c.relatedNodes.map((r) => r.target.join(" "))).slice(0, 4)}))}));
}"""


def axe_violations(page) -> list[dict]:
    """Inject axe-core (once per document) and return the violations of the WCAG 2.0/2.1 A and AA rules."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE, TAGS)


def test_axe_core_finds_no_violation_on_any_page_or_state(page, server_url):
    if not AXE.is_file():
        pytest.skip("axe-core is not installed: npm ci --prefix tests/a11y")
    found: dict[str, list[dict]] = {}

    def check(state: str) -> None:
        wait_for_layout(page)                          # late styles (fonts, Plotly, components) are in place
        found[state] = axe_violations(page)

    open_story(page, server_url, "thin-margin", "perceptron")
    focus_page(page)
    press(page, "ArrowRight", 5)
    check("story mid-run (/perceptron)")
    press(page, "q")
    page.wait_for_selector(".mbl-quiz:not([hidden])")
    check("quiz open (/perceptron)")
    # answered and checked by keys (Enter in the form): the verdict replaces the form, and the focus goes to Step,
    # the next thing to press, which draws a ring (not to the player's box, which draws none)
    page.evaluate("""() => { for (const set of document.querySelectorAll('.mbl-quiz fieldset')) {
        const option = set.querySelector('input[type=radio], input[type=checkbox]');
        if (option) option.checked = true;
        for (const box of set.querySelectorAll('input[type=text]')) box.value = '0'; } }""")
    page.locator(".mbl-quiz form input[type=text]").last.focus()
    press(page, "Enter")
    page.wait_for_selector(".mbl-quiz-verdict")
    assert page.evaluate("() => document.activeElement.dataset.action") == "step"
    assert_focus_ring(page, "Step after the quiz's Check")
    press(page, "q")
    press(page, "p")
    page.wait_for_function("() => document.querySelector('.mbl-tl').classList.contains('mbl-present')")
    check("presentation mode (/perceptron)")
    press(page, "Escape")

    page.goto(f"{server_url}/lessons?lesson=1&screen=2")
    wait_idle(page)
    check("lesson 1, screen 2")

    page.goto(f"{server_url}/challenges")
    wait_idle(page)
    page.locator(".st-key-challenge_perceptron_example button").click()
    wait_idle(page)
    check("a challenge with its example (/challenges)")

    page.goto(f"{server_url}/paper-lab")
    wait_idle(page)
    page.locator(".st-key-paper_experiment").click()
    page.get_by_role("option", name="rwm-epsilon").first.click()
    wait_idle(page)
    page.get_by_role("button", name="Run").click()
    page.locator('[data-testid="stDataFrame"]').first.wait_for(timeout=120_000)
    wait_idle(page, 120_000)
    check("Paper lab with results (rwm-epsilon, quick)")

    page.goto(f"{server_url}/data")
    wait_idle(page)
    page.locator(".st-key-share_open label").first.click()
    wait_idle(page)
    check("Share panel open (/data)")

    print("\naxe-core violations (nodes) per state:")
    for state, violations in found.items():
        print(f"  {sum(v['count'] for v in violations):3d}  {state}{'  — ' + described('', violations) if violations else ''}")
    failures = {state: violations for state, violations in found.items() if violations}
    assert not failures, failures


def described(state: str, violations: list[dict]) -> str:
    """axe's violations in one line: each rule with its count, its first nodes and the nodes they relate to."""
    rules = ", ".join(f"{v['id']}×{v['count']} ({'; '.join(n['target'] + ' ' + str(n['related'] or '') for n in v['nodes'])})"
                      for v in violations)
    return f"{state}: {rules}" if state else rules
