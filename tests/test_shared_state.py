"""Nothing per-user is shared between sessions, nothing a user sends is executed or rendered as HTML,
and the server's upload cap and XSRF protection are on.  Static checks of the source and the config.

Streamlit runs every session's page scripts in one Python process: a module
global, an ``st.cache_resource`` object or a ``functools`` cache is seen by
every user at once.  Per-user state lives in ``st.session_state`` behind
``ui.state``; ``st.cache_data`` is allowed (it returns a copy, keyed by its
inputs).  The two-browser test in ``tests/browser/test_isolation.py`` shows the
same thing end to end.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from datasets import csv_io

ROOT = Path(__file__).resolve().parents[1]
APP_PACKAGES = ("views", "ui", "lab", "viz", "components", "datasets", "learners", "experiments")
MUTATING_METHODS = {"append", "extend", "insert", "update", "setdefault", "pop", "popitem", "clear", "add",
                    "remove", "discard", "__setitem__", "appendleft", "sort", "reverse"}


def app_sources() -> list[Path]:
    paths = [ROOT / "app.py"]
    for package in APP_PACKAGES:
        paths += sorted(p for p in (ROOT / package).rglob("*.py") if "__pycache__" not in p.parts)
    return paths


SOURCES = app_sources()


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else path.name


def test_the_source_list_is_not_empty():
    assert len(SOURCES) > 30 and any(p.name == "state.py" for p in SOURCES)


# ------------------------------------------------------------------ shared state
@pytest.mark.parametrize("path", SOURCES, ids=relative)
def test_no_cache_shared_between_users(path):
    """No st.cache_resource, experimental singletons or functools caches (shared by every session)."""
    text = path.read_text(encoding="utf-8")
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    code = re.sub(r'""".*?"""', "", code, flags=re.S)               # docstrings may name them
    for forbidden in ("cache_resource", "experimental_singleton", "lru_cache", "functools.cache", "@cache\n"):
        assert forbidden not in code, f"{relative(path)} uses {forbidden}"


def module_level_names(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
        for target in targets:
            names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


def local_names(function) -> set[str]:
    """Parameters and names bound inside ``function`` (they shadow module-level names)."""
    args = function.args
    names = {a.arg for a in args.args + args.posonlyargs + args.kwonlyargs}
    names |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def mutations_of_module_state(path: Path) -> list[str]:
    """Places where a function changes a module-level object: ``NAME.append(...)``, ``NAME[k] = v``,
    ``del NAME[k]``, ``NAME.attr = v`` or a ``global`` statement."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    shared = module_level_names(tree)
    found = []
    for function in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        local = local_names(function)

        def is_shared(node) -> bool:
            return isinstance(node, ast.Name) and node.id in shared and node.id not in local

        for node in ast.walk(function):
            where = f"{relative(path)}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Global):
                found.append(f"{where} global {', '.join(node.names)}")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in MUTATING_METHODS and is_shared(node.func.value):
                found.append(f"{where} {node.func.value.id}.{node.func.attr}(…)")
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                for target in targets:
                    if isinstance(target, (ast.Subscript, ast.Attribute)) and is_shared(target.value):
                        found.append(f"{where} {target.value.id}[…] or .attr changed")
    return found


#: the one module that keeps state shared between users on purpose (class rooms): its store and its Redis
#: clients are module-level by design, and nothing else may be
SHARED_STORE = "lab/room_store.py"


@pytest.mark.parametrize("path", [p for p in SOURCES if relative(p) != SHARED_STORE], ids=relative)
def test_no_function_changes_module_level_state(path):
    found = mutations_of_module_state(path)
    assert not found, found


def test_the_mutation_finder_sees_the_patterns_it_forbids(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("SEEN = []\nBY_USER = {}\nCOUNT = 0\n"
                      "def a(x):\n    SEEN.append(x)\n"
                      "def b(user, x):\n    BY_USER[user] = x\n"
                      "def c():\n    global COUNT\n    COUNT += 1\n"
                      "def fine(SEEN):\n    SEEN.append(1)\n    local = {}\n    local['k'] = 1\n")
    found = mutations_of_module_state(sample)
    assert len(found) == 3 and "SEEN.append" in found[0] and "BY_USER" in found[1] and "global COUNT" in found[2]


#: st.session_state outside ui/state.py: the canvas keeps the ids of the gestures it has handled
#: under its own widget key (per session, like any widget's value); the Share panel reads its own widget's
#: value (an export request) before it mounts the component again, and writes nothing there.
SESSION_STATE_OWNERS = {"ui/state.py", "components/canvas.py", "components/share.py"}


def test_session_state_is_touched_only_by_its_owners():
    """Per-user state goes through ui.state (the canvas's own widget bookkeeping aside)."""
    users = {relative(p) for p in SOURCES if "session_state" in p.read_text(encoding="utf-8")}
    assert users - SESSION_STATE_OWNERS == set(), sorted(users - SESSION_STATE_OWNERS)


# ------------------------------------------------------------------ nothing executed or rendered as HTML
@pytest.mark.parametrize("path", SOURCES, ids=relative)
def test_no_raw_html_from_python(path):
    text = path.read_text(encoding="utf-8")
    for forbidden in ("unsafe_allow_html=True", "st.html(", "components.v1", "components.html(", "eval(", "exec("):
        assert forbidden not in text, f"{relative(path)} uses {forbidden}"


def test_the_canvas_never_parses_text_as_html():
    """The drawing canvas sets class names as SVG text (textContent), never as markup."""
    script = (ROOT / "components" / "canvas.js").read_text(encoding="utf-8")
    for forbidden in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                      "setAttribute(\"href", "javascript:"):
        assert forbidden not in script, forbidden
    assert "textContent" in script


# ------------------------------------------------------------------ server configuration
def test_uploads_are_capped_and_xsrf_is_on():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    server = config["server"]
    # maxUploadSize is in MiB (Streamlit multiplies it by 1024²): no more than the import accepts
    assert server["maxUploadSize"] * 1024 * 1024 == csv_io.MAX_BYTES
    assert server["enableXsrfProtection"] is True
    assert server.get("enableCORS", True) is True
