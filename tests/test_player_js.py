"""The player's JavaScript modules have tests of their own: ``node --test tests/js/`` (Node's built-in test
runner) loads the very files the player is assembled from and checks what the browser computes from a model
against Python — a kernel model's scores and shading (components/player/kernel.js against the learners'
decision_function), the experts' weights (components/player/experts.js against the learners'
normalized_weights_), Novikoff's bound for a dragged u (components/comparator_drag.js against
learners.bounds.novikoff), a student's typed number read and judged by the quiz (components/player/grading.js
against lab.grading), a number written (components/player/numbers.js against lab.numbers, and the quiz's verdict
against the quiz's words) — and the address-bar and key modules.  Their fixtures are made by
tests/js/fixtures.py and committed; the last test checks they are what it makes now.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests" / "js"


def node() -> str:
    path = shutil.which("node")
    if path is None:
        pytest.skip("Node.js is not installed (README, Set up; .ci/run installs it): the player's own tests need it")
    return path


def test_the_players_node_tests_pass():
    files = sorted(TESTS.glob("*.test.mjs"))
    assert {path.name for path in files} >= {"kernel.test.mjs", "experts.test.mjs", "novikoff.test.mjs", "url.test.mjs",
                                             "state.test.mjs", "grading.test.mjs", "numbers.test.mjs",
                                             "plotly.test.mjs"}
    result = subprocess.run([node(), "--test", *map(str, files)], capture_output=True, text=True, timeout=300,
                            cwd=ROOT)
    summary = {line.split()[1]: int(line.split()[2]) for line in result.stdout.splitlines()
               if line.startswith("# ") and len(line.split()) == 3 and line.split()[2].isdigit()}
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert summary.get("fail") == 0 and summary.get("pass", 0) >= 20, summary


def test_a_failing_node_test_fails_the_run(tmp_path):
    broken = tmp_path / "broken.test.mjs"
    broken.write_text('import {test} from "node:test";\nimport assert from "node:assert/strict";\n'
                      'test("one", () => assert.equal(1, 2));\n', encoding="utf-8")
    result = subprocess.run([node(), "--test", str(broken)], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "# fail 1" in result.stdout


def _same(committed, made, path="") -> None:
    """Equal structures, numbers within a BLAS kernel's rounding (relative 1e-9 of the largest of their list)."""
    if isinstance(made, dict):
        assert isinstance(committed, dict) and committed.keys() == made.keys(), path
        for key in made:
            _same(committed[key], made[key], f"{path}.{key}")
    elif isinstance(made, list) and made and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in made):
        assert isinstance(committed, list) and len(committed) == len(made), path
        scale = max(1.0, float(np.max(np.abs(made))))
        np.testing.assert_allclose(committed, made, rtol=0, atol=1e-9 * scale, err_msg=path)
    elif isinstance(made, list):
        assert isinstance(committed, list) and len(committed) == len(made), path
        for i, (a, b) in enumerate(zip(committed, made)):
            _same(a, b, f"{path}[{i}]")
    elif isinstance(made, float) and not isinstance(committed, bool) and isinstance(committed, (int, float)):
        assert abs(committed - made) <= 1e-9 * max(1.0, abs(made)), path
    else:
        assert committed == made, path


def test_the_committed_fixtures_are_what_python_computes_now():
    from tests.js import fixtures

    made = fixtures.make()
    assert sorted(path.name for path in fixtures.FOLDER.glob("*.json")) == sorted(made)
    for name, content in made.items():
        committed = json.loads((fixtures.FOLDER / name).read_text(encoding="utf-8"))
        _same(committed, json.loads(json.dumps(content)), name)      # (as JSON: tuples are lists)


def test_the_quiz_reads_and_judges_numbers_with_the_tested_module():
    """quiz.js has no reader or tolerance rule of its own: it calls grading.js's (checked against lab.grading above),
    which the lab's player script holds before the quiz."""
    from components.timeline import SCRIPT

    quiz = (ROOT / "components" / "quiz.js").read_text(encoding="utf-8")
    grading = (ROOT / "components" / "player" / "grading.js").read_text(encoding="utf-8")
    assert "readNumber(input.value)" in quiz and "isClose(" in quiz
    assert "Math.max(" not in quiz and "Number(clean" not in quiz and "function parseNumber" not in quiz
    assert SCRIPT.index(grading) < SCRIPT.index(quiz)


def test_the_quiz_writes_numbers_with_the_tested_module():
    """quiz.js has no number formatter of its own: the verdict writes an answer with numbers.js's numberText (checked
    against lab.numbers above), which the player's script holds before the quiz."""
    from components.timeline import SCRIPT

    quiz = (ROOT / "components" / "quiz.js").read_text(encoding="utf-8")
    numbers = (ROOT / "components" / "player" / "numbers.js").read_text(encoding="utf-8")
    assert "numberText(" in quiz and "toPrecision" not in quiz and "function formatted" not in quiz
    assert SCRIPT.index(numbers) < SCRIPT.index(quiz)


def test_the_browser_has_one_number_formatter_and_one_reader(tmp_path):
    """Every script of the lab's browser side writes a number by components/player/numbers.js and reads a typed one by
    components/player/grading.js: no other script rounds to significant digits, writes its own minus sign or reads its
    own grammar (the player had five formatters, −0.123 beside the quiz's −0.1235, and the class room a reader of its
    own).  The class room and the Data canvas are components of their own: their scripts start with the modules they
    use, and parse as one module each (no name clashes)."""
    from components import canvas, room

    scripts = sorted((ROOT / "components").glob("*.js")) + sorted((ROOT / "components" / "player").glob("*.js"))
    own = ("toPrecision(", "toExponential(", "Intl.NumberFormat", 'replace("-", "\\u2212")', 'replace("-", "\u2212")',
           'replace("-", MINUS)', "function typedNumber", "function parseNumber")
    formatting = {path.relative_to(ROOT).as_posix() for path in scripts
                  if any(call in path.read_text(encoding="utf-8") for call in own)}
    assert formatting == {"components/player/numbers.js"}, formatting
    module = lambda name: (ROOT / "components" / name).read_text(encoding="utf-8")     # noqa: E731
    assert room.SCRIPT.index(module("player/numbers.js")) < room.SCRIPT.index(module("player/grading.js")) \
        < room.SCRIPT.index(module("room.js"))
    assert canvas.SCRIPT.index(module("player/numbers.js")) < canvas.SCRIPT.index(module("canvas.js"))
    assert "readNumber(input.value)" in module("room.js") and "numberText(" in module("canvas.js")
    for name, script in (("room", room.SCRIPT), ("canvas", canvas.SCRIPT)):
        path = tmp_path / f"{name}.mjs"
        path.write_text(script, encoding="utf-8")
        result = subprocess.run([node(), "--check", str(path)], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
