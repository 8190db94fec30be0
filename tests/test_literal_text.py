"""User text reaches the screen as text (issue 24): a scan of every page script and UI module.

Streamlit renders the text of ``st.success/info/warning/error/markdown/caption/toast`` (and of the
notices queued with ``ui.state.notify``) as Markdown: a file name like ``![i](https:host) x.json``
becomes an image the browser fetches.  Every such call fed with user text must pass it through
the one helper, :func:`ui.controls.literal`.

User text is recognised by what holds it: an exception (its message may quote the input), a link's
or file's ``problems``, an upload, a class name, a typed answer.  The scan walks the call's
arguments and flags a name or attribute among :data:`USER_TEXT` that is not inside ``literal(…)``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHOWN_AS_MARKDOWN = {"success", "info", "warning", "error", "markdown", "caption", "toast", "write"}
#: names and attributes that hold text a user (or a link, a file, a CSV) wrote
USER_TEXT = {"error", "exc", "problems", "upload", "given", "class_names", "names", "file_name", "filename"}
#: attributes only (a page's own local ``problem`` is its own sentence): a result's problem quotes the input
USER_ATTRIBUTES = USER_TEXT | {"problem"}
#: files owned by other engineers in which the scan finds user text; reported (issue 24), strict: when
#: one is fixed the mark must go
REPORTED: dict[str, str] = {}


def _display_calls(tree):
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        if node.func.attr in SHOWN_AS_MARKDOWN:
            yield node, list(node.args[:1]) + [k.value for k in node.keywords if k.arg == "body"]
        elif node.func.attr == "notify" and len(node.args) >= 2:
            yield node, [node.args[1]]


def _tainted(expression) -> list[str]:
    """Names or attributes in ``expression`` that hold user text and are not inside ``literal(…)``."""
    found = []

    def visit(node):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "literal":
            return
        if isinstance(node, ast.Name) and node.id in USER_TEXT:
            found.append(node.id)
        if isinstance(node, ast.Attribute) and node.attr in USER_ATTRIBUTES | {"name"} and (
                node.attr != "name" or _mentions(node.value, {"upload", "file", "uploaded"})):
            found.append(ast.unparse(node))
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(expression)
    return found


def _mentions(node, names) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(node))


def findings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for call, arguments in _display_calls(tree):
        for argument in arguments:
            for name in _tainted(argument):
                out.append(f"{path.relative_to(ROOT)}:{call.lineno}: {name} shown without literal()")
    return out


SCANNED = sorted([ROOT / "app.py", *(ROOT / "views").glob("*.py"), *(ROOT / "ui").glob("*.py"),
                  *(ROOT / "components").glob("*.py")])


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=pytest.mark.xfail(strict=True, reason=REPORTED[str(p.relative_to(ROOT))]))
    if str(p.relative_to(ROOT)) in REPORTED else p
    for p in SCANNED], ids=lambda p: str(p.relative_to(ROOT)))
def test_user_text_is_shown_through_literal(path):
    assert findings(path) == []


def test_the_scan_finds_what_it_looks_for():
    """The scan is not blind: the old share panel's notice (``upload.name`` in an f-string) and an error
    fed with a link's problems are found; the same passed through ``literal`` are not."""
    source = ('state.notify("success", f"Opened the lab file {upload.name!r}: {n:,} points.")\n'
              'st.error(" ".join(link.problems) + " Your points are unchanged.")\n'
              'slot.error(f"Ours could not be fitted: {error}")\n')
    tree = ast.parse(source)
    assert [len(_tainted(a)) for _, args in _display_calls(tree) for a in args] == [1, 1, 1]
    fixed = ('state.notify("success", f"Opened the lab file {literal(upload.name)}: {n:,} points.")\n'
             'st.error(literal(" ".join(link.problems)) + " Your points are unchanged.")\n')
    assert [len(_tainted(a)) for _, args in _display_calls(ast.parse(fixed)) for a in args] == [0, 0]


def test_a_file_name_is_escaped_by_literal():
    from ui.controls import WORD_JOINER, literal
    shown = literal("![i](https:example.invalid) x.json")
    assert "![" not in shown and "](" not in shown
    assert shown.replace("\\", "").replace(WORD_JOINER, "") == "![i](https:example.invalid) x.json"


# ------------------------------------------------------------------ Plotly template syntax in class names
TEMPLATE_NAMES = ["%{x}%{y}", "<b>%{customdata[0]}</b>", "plain"]


def _figures_with(names):
    import numpy as np
    from experiments.priority import OURS, fit_methods
    from viz.priority import regions_side_by_side
    from viz.timeline import timeline_boundary_figure
    rng = np.random.default_rng(0)
    labels = np.arange(30) % len(names)
    X = rng.normal(size=(30, 2)) + 4 * np.stack([labels == 1, labels == 2], axis=1)
    box = (-5.0, 9.0, -5.0, 9.0)
    theta = np.ones(len(names))
    models = fit_methods(X, labels, theta, seed=0, only=OURS)
    yield timeline_boundary_figure(X, labels, names, box=box, region_classes=list(range(len(names))),
                                   n_support=len(names), binary=False)
    yield regions_side_by_side(X, labels, names, models, theta, columns=len(OURS))


def test_template_syntax_in_class_names_is_escaped_in_every_figure():
    """A class named ``%{x}%{y}`` vanished from Plotly legends: Plotly filled its template.  Every figure
    builder that puts a class name in a name, hover or text now splits ``%{``; the figures' own templates
    (``%{x:.3g}`` in a hover) are untouched."""
    from viz.boundary import TEMPLATE_BREAK
    for figure in _figures_with(TEMPLATE_NAMES):
        text = figure.to_json()
        assert "%{x}%{y}" not in text and "%{customdata[0]}</b>" not in text, text[:200]
        shown = [t.name for t in figure.data if t.name and TEMPLATE_BREAK in t.name]
        assert all(n.replace(TEMPLATE_BREAK, "").count("%{") >= 1 for n in shown)
    legend = [t.name for t in next(_figures_with(TEMPLATE_NAMES)).data if t.showlegend is not False]
    assert "%" + TEMPLATE_BREAK + "{x}%" + TEMPLATE_BREAK + "{y}" in legend


# ------------------------------------------------------------------ Markdown emphasis the text did not mean
# Issue 34: the Winnow challenge's "ln n/(η*γ − ln cosh η*)" came out as "ln n/(η" and an italic "γ − ln cosh η".
# Lessons and challenges write Markdown on purpose (**bold**, `code`); any other * or _ that a renderer would pair
# into emphasis is an accident.  The rules are CommonMark's (Streamlit renders with remark, a CommonMark parser).
def _kind(char: str) -> str:
    import unicodedata

    if not char or char.isspace():
        return "space"
    return "punctuation" if unicodedata.category(char)[0] in "PS" else "other"


def emphasis_accidents(text: str) -> list[str]:
    """The stretches of ``text`` that Markdown would set in italics or bold unasked: an unescaped ``*`` or ``_``
    that can open emphasis (CommonMark's left-flanking rule) followed, in the same paragraph, by one that can
    close it.  ``**bold**``, code spans and escaped ``\\*`` are meant and left out."""
    import re as _re

    text = _re.sub(r"`[^`\n]*`", "c", text)
    text = text.replace("\\*", "x").replace("\\_", "x")
    text = _re.sub(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", r"\1", text)
    found = []
    for paragraph in _re.split(r"\n\s*\n", text):
        openers = {"*": [], "_": []}
        for match in _re.finditer(r"\*+|_+", paragraph):
            char, start, end = match.group()[0], match.start(), match.end()
            before = _kind(paragraph[start - 1] if start else "")
            after = _kind(paragraph[end] if end < len(paragraph) else "")
            left = after != "space" and (after != "punctuation" or before != "other")
            right = before != "space" and (before != "punctuation" or after != "other")
            can_open = left if char == "*" else left and (not right or before == "punctuation")
            can_close = right if char == "*" else right and (not left or after == "punctuation")
            if can_close and openers[char]:
                found.append(paragraph[openers[char][-1]:end])
                openers[char].clear()
            elif can_open:
                openers[char].append(start)
    return found


def test_the_emphasis_scan_finds_what_it_looks_for():
    assert emphasis_accidents("M ≤ ln n/(η*γ − ln cosh η*) = 5") == ["*γ − ln cosh η*"]
    assert emphasis_accidents("a _stressed_ word") == ["_stressed_"]
    assert emphasis_accidents("M ≤ ln n/(η\\*γ − ln cosh η\\*), **bold**, `a*b*c`, w_i·x_i, y_s x_s, η* = 0.7") == []


def test_no_lesson_or_challenge_text_turns_into_emphasis_by_accident():
    from tests.test_source_names import shown_texts

    found = {where: accidents for where, text in shown_texts().items() if (accidents := emphasis_accidents(text))}
    assert not found, found
