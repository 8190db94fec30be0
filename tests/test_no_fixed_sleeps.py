"""The browser tests wait on conditions, never for a fixed time (issue 26).

A fixed pause is too short on a slow or busy machine (the test fails at random) and too long on a fast one
(the suite crawls).  So no file of tests/browser may contain

* ``time.sleep(`` or a ``sleep(`` imported from ``time`` (a call of any name bound to ``time.sleep``),
* Playwright's ``wait_for_timeout(``,
* a ``setTimeout(`` in the JavaScript a test runs in the page (a pause written in the page's language),
  but for ``setTimeout(name, 0)``: a zero-delay timer pauses nothing, it runs after the tasks already
  queued (conftest.py's watch of the websocket uses it to know a click's handlers have all run).

What a test uses instead: ``page.wait_for_function``, Playwright's ``expect``, ``wait_for_idle`` (every rerun
the page asked for has run), or ``poll`` (tests/browser/conftest.py) for a server-side fact with a deadline.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BROWSER_TESTS = ROOT / "tests" / "browser"
FORBIDDEN = ("time.sleep(", "wait_for_timeout(", "setTimeout(")
#: the one form of ``setTimeout`` allowed: a named function after no delay
ZERO_DELAY = re.compile(r"setTimeout\(\w+, 0\)")


def sleep_names(tree: ast.AST) -> set[str]:
    """Names the module binds to ``time.sleep`` (``from time import sleep [as pause]``)."""
    return {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and node.module == "time" for alias in node.names if alias.name == "sleep"}


def fixed_sleeps(folder: Path) -> list[str]:
    """Every fixed pause in the Python files under ``folder``, as ``file:line: text``."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for number, line in enumerate(lines, start=1):
            found += [f"{path.name}:{number}: {line.strip()}" for word in FORBIDDEN if word in ZERO_DELAY.sub("", line)]
        tree = ast.parse(text)
        aliases = sleep_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in aliases:
                found.append(f"{path.name}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    return found


def test_the_scan_finds_every_kind_of_fixed_pause(tmp_path):
    (tmp_path / "test_a.py").write_text("import time\n\ndef test():\n    time.sleep(0.5)\n")
    (tmp_path / "test_b.py").write_text("def test(page):\n    page.wait_for_timeout(300)\n")
    (tmp_path / "test_c.py").write_text("from time import sleep as pause\n\ndef test():\n    pause(1)\n")
    (tmp_path / "test_d.py").write_text(
        'def test(page):\n    page.evaluate("() => new Promise((done) => setTimeout(done, 500))")\n')
    (tmp_path / "test_e.py").write_text("import threading\n\ndef test(page):\n    page.wait_for_function('() => 1')\n"
                                        "    page.evaluate('() => setTimeout(done, 0)')\n")
    assert [entry.split(":")[0] for entry in fixed_sleeps(tmp_path)] == ["test_a.py", "test_b.py", "test_c.py",
                                                                        "test_d.py"]


def test_no_browser_test_waits_a_fixed_time():
    assert BROWSER_TESTS.is_dir()
    assert fixed_sleeps(BROWSER_TESTS) == []
