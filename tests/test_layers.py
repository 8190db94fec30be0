"""No lower layer imports a higher one (issue 26), read from the AST of every module, imports inside
functions included (relative imports resolved):

* learners/ and datasets/ (the models and data: pure NumPy/scikit-learn) import neither streamlit nor
  plotly nor tests;
* viz/ (pure figure builders) imports plotly, but neither streamlit nor tests;
* lab/ (what a page shows, as data) imports neither streamlit nor tests, and plotly only in lab/timeline.py,
  which serialises the player's boundary figure into its payload (the rule that holds today);
* none of learners/, datasets/, lab/, viz/ imports ui/, views/ or components/ (the Streamlit side).
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP_SIDE = ("ui", "views", "components", "app")
FORBIDDEN = {
    "learners": ("streamlit", "plotly", "tests", *APP_SIDE),
    "datasets": ("streamlit", "plotly", "tests", *APP_SIDE),
    "viz": ("streamlit", "tests", *APP_SIDE),
    "lab": ("streamlit", "plotly", "tests", *APP_SIDE),
}
#: the one module of a layer allowed a package its layer otherwise refuses, and why
ALLOWED = {("lab/timeline.py", "plotly"): "serialises the player's boundary figure (plotly.io) into the payload"}


def imported(source: str, module: str) -> set[str]:
    """Top-level package of every import in ``source`` (``module``: its dotted name, for relative imports)."""
    found = set()
    package = module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = base + (node.module.split(".") if node.module else [])
                found.add(target[0] if target else "")
            else:
                found.add(node.module.split(".")[0])
    return found


def _modules():
    for layer in FORBIDDEN:
        for path in sorted((ROOT / layer).rglob("*.py")):
            yield layer, path


@pytest.mark.parametrize("layer, path", list(_modules()), ids=lambda v: str(v.relative_to(ROOT)) if isinstance(v, Path) else v)
def test_a_lower_layer_imports_no_higher_one(layer, path):
    relative = path.relative_to(ROOT).as_posix()
    module = relative[:-3].replace("/", ".")
    wrong = {name for name in imported(path.read_text(encoding="utf-8"), module) & set(FORBIDDEN[layer])
             if (relative, name) not in ALLOWED}
    assert not wrong, f"{relative} imports {sorted(wrong)}"


def test_the_scan_sees_nested_and_relative_imports():
    source = "def page():\n    import streamlit as st\nfrom ...ui import state\nfrom . import bounds\nimport plotly.io\n"
    assert imported(source, "lab.sub.module") >= {"streamlit", "ui", "lab", "plotly"}
    assert imported("from ..views import home", "viz.figure") == {"views"}


def test_every_allowance_is_still_needed():
    for (relative, name) in ALLOWED:
        module = relative[:-3].replace("/", ".")
        assert name in imported((ROOT / relative).read_text(encoding="utf-8"), module), relative
