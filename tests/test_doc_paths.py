"""Every file path the documentation names exists (issue 25: docs/SOURCES.md still named a module of viz/
that had been removed).

Where paths are looked for: README.md, docs/*.md, and every docstring (module, class, function) of the
project's Python files.  What counts as a path:

* a word of the form ``a/b``, ``a/b/c.ext`` or ``a/`` whose first part is a folder or file at the top of
  the repository (``lab/links.py``, ``components/timeline.js``, ``tests/katex/package-lock.json``,
  ``datasets/keel/``); a ``*`` makes it a pattern, which must match at least one file
  (``tests/test_bounds*.py``);
* the target of a Markdown link that is not a web address or an anchor, relative to its file.

What does not: a word right after ``/``, ``:`` or a letter — URL paths (``/_stcore/health``), addresses
(``https://…``) and paths inside other trees (``/usr/lib/chromium``); a word whose first part is not at the
top of the repository (``pages/``, the folder the README says the app must not have, ``and/or``, ``1/γ``);
and paths the repository ignores (.gitignore: ``static/`` and KaTeX's ``node_modules``, made at run time or
installed).
"""

from __future__ import annotations

import ast
import fnmatch
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: a path word: not inside another word, URL or absolute path; parts of letters, digits, _ . - and *
PATH_WORD = re.compile(r"(?<![\w/:.~@*-])(\.?[A-Za-z_][\w.*-]*/(?:[\w.*-]+/?)*)")
#: a Markdown link's target
LINK = re.compile(r"\]\(([^)\s]+)\)")


def ignored_patterns() -> list[str]:
    """The patterns of .gitignore (run-time output, installed packages), as written there."""
    lines = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


IGNORED = ignored_patterns()


def is_ignored(path: str) -> bool:
    """Whether ``path`` (relative to the root) or one of its folders matches a .gitignore pattern."""
    parts = path.strip("/").split("/")
    for pattern in IGNORED:
        anchored = pattern.startswith("/")
        pattern = pattern.strip("/")
        for end in range(1, len(parts) + 1):
            prefix = "/".join(parts[:end])
            candidates = [prefix] if anchored or "/" in pattern else [prefix, parts[end - 1]]
            if any(fnmatch.fnmatch(candidate, pattern) for candidate in candidates):
                return True
    return False


#: the top of the repository: what a path's first part must name to count as a path of this project
TOP = {entry.name for entry in ROOT.iterdir() if entry.name != ".git" and not is_ignored(entry.name)}


def path_words(text: str) -> list[str]:
    """The words of ``text`` that name paths of this repository (see the module docstring)."""
    found = []
    for match in PATH_WORD.finditer(text):
        word = match.group(1).rstrip(".")
        if word.split("/")[0] in TOP:
            found.append(word)
    return found


def exists(path: str, base: Path = ROOT) -> bool:
    """Whether ``path`` names a file or folder under ``base`` (a pattern: at least one match)."""
    if "*" in path:
        return any(base.glob(path.rstrip("/")))
    return (base / path).exists()


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def python_files() -> list[Path]:
    return sorted(path for path in ROOT.rglob("*.py")
                  if not is_ignored(str(path.relative_to(ROOT))) and ".git" not in path.parts)


def docstrings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every docstring in a Python file: the module's, its classes' and functions'."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            text = ast.get_docstring(node, clean=False)
            if text:
                found.append((node.body[0].lineno, text))
    return found


def missing_in_markdown(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    missing = [f"{path.relative_to(ROOT)}: {word}" for word in path_words(text)
               if not is_ignored(word) and not exists(word)]
    for target in LINK.findall(text):
        target = target.split("#")[0]
        if not target or re.match(r"[a-z][a-z0-9+.-]*:", target):      # an anchor, https:, mailto: …
            continue
        if not exists(target, path.parent):
            missing.append(f"{path.relative_to(ROOT)}: link ({target})")
    return missing


def missing_in_docstrings(path: Path) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line}: {word}" for line, text in docstrings(path)
            for word in path_words(text) if not is_ignored(word) and not exists(word)]


def test_what_counts_as_a_path():
    words = path_words("see `lab/links.py`, components/timeline.js and tests/katex/package-lock.json; "
                       "datasets/keel/ and tests/test_bounds*.py.  Not /_stcore/health, "
                       "https://github.com/x/lab/y.py, /usr/lib/chromium, pages/, and/or, 1/γ, ‖x‖/2.")
    assert words == ["lab/links.py", "components/timeline.js", "tests/katex/package-lock.json", "datasets/keel/",
                     "tests/test_bounds*.py"]
    assert exists("tests/test_bounds*.py") and not exists("viz/" + "runs.py") and not exists("tests/test_nothing*.py")
    assert is_ignored("static/plotly.min.js") and is_ignored("tests/katex/node_modules/katex")
    assert not is_ignored("tests/katex/package-lock.json") and not is_ignored("lab/links.py")


def test_a_missing_path_is_found(tmp_path):
    """The check can fail: a docstring naming a module that is gone, as SOURCES.md named one of viz/."""
    gone = "viz/" + "runs.py"                     # written in two parts, so that this file does not name it
    module = tmp_path / "example.py"
    module.write_text(f'"""Figures come from `{gone}` and `viz/boundary.py`."""\n', encoding="utf-8")
    assert [word for _, text in docstrings(module) for word in path_words(text) if not exists(word)] == [gone]


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_the_documents_name_exists(path):
    assert not missing_in_markdown(path)


def test_every_path_a_docstring_names_exists():
    missing = [item for path in python_files() for item in missing_in_docstrings(path)]
    assert not missing, f"{len(missing)} paths named in docstrings do not exist: {missing}"
