"""Screenshots of issue 27's Found states 1, 2, 6 and 7 at 1280×720, from any checkout of the lab.

    python tools/before_after.py TREE [--prefix before] [--out screenshots]

runs ``streamlit run app.py`` in TREE (its own code, config and static files) on a free port, opens
Debian's headless Chromium at 1280×720, puts each state on screen and saves ``<out>/<prefix>-*.png``:

* ``found-1-bound-out-of-view``: the "One perfect expert" story at its last trial, the curves;
* ``found-2-math-cut``: the Experts page (Weighted Majority) at its last trial, the trial's math (w of 16 experts);
* ``found-6-text-collides``: the "Costly points" story at its last trial, the curves (axis title and legend);
* ``found-7-curves-alike``: the Experts page at its last trial, the curves (the bound and its lecture form).

The "after" states are the curves-in-view test's (tests/browser/test_curves_in_view.py,
screenshots/curves-in-view-<place>-1280.png); the same command on the current tree with ``--prefix after``
shoots exactly these states again.  The "before" ones, from the last commit before issue 27's work::

    git worktree add /tmp/before a3fc20a
    python tools/before_after.py /tmp/before
    git worktree remove /tmp/before
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import _stop as stop, free_port, start_server  # noqa: E402  (one way to start the lab)

CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 1280, "height": 720}
#: the app between runs (Streamlit marks its root element)
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
#: (file name, how to open the state: ("story", key, page path) or ("page", path), the part put on screen)
STATES = [
    ("found-1-bound-out-of-view", ("story", "perfect-expert", "experts"), ".mbl-tl-curves"),
    ("found-2-math-cut", ("page", "experts"), ".mbl-tl-math"),
    ("found-6-text-collides", ("story", "weighted", "perceptron"), ".mbl-tl-curves"),
    ("found-7-curves-alike", ("page", "experts"), ".mbl-tl-curves"),
]


def idle(page) -> None:
    """Wait until the script has stopped running, twice a quarter of a second apart."""
    for _ in range(2):
        page.wait_for_selector(IDLE, timeout=60_000)
        page.wait_for_timeout(250)


def open_state(page, url: str, how: tuple) -> None:
    """Open a page or a story, wait for its player, go to its last trial."""
    if how[0] == "story":
        page.goto(f"{url}/")
        idle(page)
        page.locator(f".st-key-story_{how[1]} button").click()
        page.wait_for_url(f"**/{how[2]}**", timeout=60_000)
    else:
        page.goto(f"{url}/{how[1]}")
    page.wait_for_function("() => { const r = document.querySelector('.mbl-tl'); return r && r.dataset.trial !== undefined"
                           " && r.querySelector('.mbl-tl-curvesplot')._fullLayout; }", timeout=120_000)
    idle(page)
    page.eval_on_selector(".mbl-tl-scrub", "s => { s.value = s.max; s.dispatchEvent(new Event('input')); }")
    page.wait_for_function("() => document.querySelector('.mbl-tl').dataset.trial === "
                           "document.querySelector('.mbl-tl-scrub').max")
    page.wait_for_function("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))")


def shoot(tree: Path, out: Path, prefix: str) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = start_server(Path(tree).resolve() / "app.py", port, cwd=Path(tree).resolve())
    saved = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            for name, how, part in STATES:
                context = browser.new_context(viewport=VIEWPORT)      # a new session for each state
                page = context.new_page()
                open_state(page, f"http://127.0.0.1:{port}", how)
                page.evaluate("() => { if (document.activeElement) document.activeElement.blur(); }")
                page.locator(part).first.scroll_into_view_if_needed()
                path = out / f"{prefix}-{name}.png"
                page.screenshot(path=str(path))
                saved.append(path)
                context.close()
            browser.close()
    finally:
        stop(server)
    return saved


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tree", type=Path, help="a checkout of the lab (e.g. a git worktree of an older commit)")
    parser.add_argument("--prefix", default="before", help="the screenshots' name prefix (default: before)")
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots", help="where to save them")
    arguments = parser.parse_args(argv)
    for path in shoot(arguments.tree.resolve(), arguments.out, arguments.prefix):
        print(path)


if __name__ == "__main__":
    main()
