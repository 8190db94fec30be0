"""Streamlit's "magic" is off for the whole lab (issue 34), and no page relied on it.

With magic on, Streamlit writes the value of every bare expression statement of a page script (st.write): a
conditional of two st calls written as an expression printed DeltaGenerator's API documentation 30 times on the
Paper lab.  ``[runner] magicEnabled = false`` in .streamlit/config.toml turns that off for every page, so a page
writes only through explicit st calls.  tests/test_source_names.py scans every rendered page for help output.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from streamlit import config
from streamlit.runtime.scriptrunner import magic

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = [ROOT / "app.py", *sorted((ROOT / "views").glob("*.py"))]


def test_magic_is_off_in_the_lab_s_config_and_streamlit_reads_it():
    settings = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert settings["runner"]["magicEnabled"] is False
    assert config.get_option("runner.magicEnabled") is False       # the config AppTest and `streamlit run` read


def _magic_writes(path: Path) -> list:
    """The expressions magic would write in ``path``: (line, source)."""
    tree = magic.add_magic(path.read_text(encoding="utf-8"), str(path))
    return [(node.lineno, ast.unparse(node.args[0]) if node.args else "") for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name) and node.func.value.id == magic.MAGIC_MODULE_NAME]


def _only_calls(expression: ast.expr) -> bool:
    """A call, or a conditional whose branches are calls: code run for its effect, never meant to be shown."""
    if isinstance(expression, ast.IfExp):
        return _only_calls(expression.body) and _only_calls(expression.orelse)
    return isinstance(expression, ast.Call)


def test_no_page_relied_on_magic_to_show_something():
    """Turning magic off lost nothing: no page has a bare string, name or value it meant to show (what magic
    still finds is a call for its effect, whose value was never meant for the page)."""
    shown = []
    for path in SCRIPTS:
        for line, source in _magic_writes(path):
            if not _only_calls(ast.parse(source, mode="eval").body):
                shown.append(f"{path.relative_to(ROOT)}:{line}: {source}")
    assert not shown, shown
    # the scan finds what magic writes: a bare conditional of two calls, and a bare string
    probe = ROOT / "tests" / "fixtures" / "magic_probe.py.txt"
    assert [source for _, source in _magic_writes(probe)] == ["st.latex('a') if True else st.markdown('b')",
                                                              "'shown by magic'"]
