"""Class names from a user's CSV show character for character: never HTML, never Markdown.

A file whose labels are a script tag, Markdown bold, a link, an image and a
LaTeX formula is imported through the real file uploader; the Data page (radio
options, weight and θ labels, the table), the Multiclass page (Plotly legend)
and the Priority page (θ sliders) must show those texts literally: no script
runs, no link or image is made, no bold or math is rendered.
"""

from __future__ import annotations

import pytest

from .player import focus_page, press, wait_for_player
from .conftest import screenshot, wait_idle

pytestmark = pytest.mark.browser

LABELS = ["<script>window.__pwned=1</script>", "**bold**", "[link](https://example.com/x)",
          "![img](https://example.com/i.png)", "$x^2$ :red[red]"]


def csv_bytes() -> bytes:
    rows = ["x1,x2,label"]
    for i, label in enumerate(LABELS):
        quoted = '"' + label.replace('"', '""') + '"'
        rows += [f"{i},{i % 2},{quoted}", f"{i + 0.5},{-1 - i % 2},{quoted}"]
    return ("\n".join(rows) + "\n").encode()


def assert_literal(page) -> None:
    """Every label appears as typed; nothing from them became an element or ran."""
    assert page.evaluate("() => window.__pwned") is None, "a script from a label ran"
    html = page.content()
    assert "https://example.com" not in "".join(page.eval_on_selector_all(
        "a[href], img[src]", "els => els.map(e => e.getAttribute('href') || e.getAttribute('src') || '')"))
    assert "<script>window.__pwned" not in html.replace("&lt;script&gt;", "")
    # (labels carry invisible word joiners that stop bare URLs becoming links: see ui.controls.literal)
    text = page.locator('[data-testid="stMain"]').inner_text().replace("\u2060", "")
    for label in LABELS:
        assert label in text, f"{label!r} is not shown literally"
    assert page.locator('[data-testid="stMain"] strong', has_text="bold").count() == 0
    assert page.locator('[data-testid="stMain"] .katex', has_text="x").count() == 0 or \
        "$x^2$" in text


def test_markup_in_csv_labels_is_shown_literally(page, server_url):
    page.goto(f"{server_url}/data")
    wait_idle(page)
    page.locator('[data-testid="stFileUploader"] input[type=file]').set_input_files(
        files=[{"name": "labels.csv", "mimeType": "text/csv", "buffer": csv_bytes()}])
    wait_idle(page)
    page.get_by_role("button", name="Import", exact=True).click()
    wait_idle(page)
    assert page.get_by_text("Nothing was imported").count() == 0
    assert_literal(page)
    screenshot(page, "untrusted-labels-data")

    page.locator('[data-testid="stSidebarNav"] a', has_text="Multiclass").first.click()
    wait_for_player(page)
    focus_page(page)
    shown = set()
    for _ in range(len(LABELS) * 4):              # the player's trials name every class in its math
        press(page, "ArrowRight")
        shown.add(page.locator(".mbl-tl-mathbody").inner_text() + page.locator(".mbl-tl-mathhead").inner_text())
    legend = " ".join(page.locator(".mbl-tl .legendtext").all_text_contents())
    for label in LABELS:
        assert label in legend, (label, legend)
        assert any(label in text for text in shown), label
    assert page.evaluate("() => window.__pwned") is None
    screenshot(page, "untrusted-labels-multiclass")

    page.locator('[data-testid="stSidebarNav"] a', has_text="Priority").first.click()
    wait_idle(page)
    assert_literal(page)


def test_labels_quoted_in_an_import_error_are_shown_literally(page, server_url):
    """A refused file's message quotes its labels (here: seven classes): as text, not Markdown."""
    labels = LABELS + ["*six*", "`seven`"]
    data = ("x1,x2,label\n" + "".join(f"{i},0,\"{label}\"\n" for i, label in enumerate(labels))).encode()
    page.goto(f"{server_url}/data")
    wait_idle(page)
    page.locator('[data-testid="stFileUploader"] input[type=file]').set_input_files(
        files=[{"name": "seven.csv", "mimeType": "text/csv", "buffer": data}])
    wait_idle(page)
    page.get_by_role("button", name="Import", exact=True).click()
    wait_idle(page)
    alert = page.locator('[data-testid="stAlert"]', has_text="Nothing was imported")
    assert alert.count() == 1
    text = alert.inner_text().replace("\u2060", "")
    assert "7 classes" in text and "'**bold**'" in text and "'[link](https://example.com/x)'" in text, text
    assert alert.locator("a, img, strong, em, code, .katex").count() == 0
    assert page.evaluate("() => window.__pwned") is None
