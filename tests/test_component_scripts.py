"""The components' JavaScript parses: a syntax error would only show in the browser, as a red box."""

import shutil
import subprocess
from pathlib import Path

import pytest

COMPONENTS = Path(__file__).resolve().parents[1] / "components"
SCRIPTS = sorted(COMPONENTS.glob("*.js")) + sorted((COMPONENTS / "player").glob("*.js"))


def test_there_are_scripts_to_check():
    assert {path.name for path in SCRIPTS} >= {"timeline.js", "canvas.js", "kernel.js", "url.js", "streamlit.js"}


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.relative_to(COMPONENTS).as_posix())
def test_script_parses_as_a_module(path, tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js is needed to check the components' scripts (README, Set up).")
    module = tmp_path / (path.stem + ".mjs")       # the components are ES modules (export default)
    module.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    result = subprocess.run([node, "--check", str(module)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_a_broken_script_is_caught(tmp_path):
    module = tmp_path / "broken.mjs"
    module.write_text("const a = 1;\nconst a = 2;\nexport default a;\n", encoding="utf-8")
    result = subprocess.run([shutil.which("node") or "node", "--check", str(module)], capture_output=True, text=True)
    assert result.returncode != 0 and "already been declared" in result.stderr


def test_the_players_assembled_script_parses(tmp_path):
    """timeline.js with its plugins (quiz.js, comparator_drag.js) is one module: no name may clash."""
    from components.timeline import PLUGINS, SCRIPT

    plugins = [COMPONENTS / f"{name}.js" for name in PLUGINS if (COMPONENTS / f"{name}.js").exists()]
    assert plugins and all(path.read_text(encoding="utf-8") in SCRIPT for path in plugins)
    module = tmp_path / "player.mjs"
    module.write_text(SCRIPT, encoding="utf-8")
    result = subprocess.run([shutil.which("node") or "node", "--check", str(module)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr


def test_every_module_of_the_player_is_assembled_once_in_its_order():
    """components/player/*.js are the player's modules: each in PLAYER_MODULES (the one order, for the lab and the
    offline export), the Streamlit entry last and only in the lab's script, nothing in the folder left out."""
    from components.html_export import PLAYER_MODULES, player_script
    from components.timeline import SCRIPT

    folder = {path.stem for path in (COMPONENTS / "player").glob("*.js")}
    assert folder == set(PLAYER_MODULES) | {"streamlit"} and len(set(PLAYER_MODULES)) == len(PLAYER_MODULES)
    texts = [(COMPONENTS / "player" / f"{name}.js").read_text(encoding="utf-8") for name in PLAYER_MODULES]
    texts.append((COMPONENTS / "timeline.js").read_text(encoding="utf-8"))
    at = [SCRIPT.index(text) for text in texts]
    assert at == sorted(at)
    entry = (COMPONENTS / "player" / "streamlit.js").read_text(encoding="utf-8")
    assert SCRIPT.rstrip().endswith(entry.rstrip())
    offline = player_script()
    assert all(text in offline for text in texts) and entry not in offline and "export default" not in offline


def test_one_module_writes_the_address_bar():
    """history.replaceState is called by url.js alone; the player and its plugins write the URL through it."""
    writers = sorted(path.relative_to(COMPONENTS).as_posix() for path in SCRIPTS
                     if "replaceState" in path.read_text(encoding="utf-8"))
    assert writers == ["player/url.js"]
    for name in ("timeline.js", "quiz.js", "projector.js"):
        text = (COMPONENTS / name).read_text(encoding="utf-8")
        assert "address.write(" in text or "api.url.write(" in text, name


def test_one_plotly_loader(tmp_path):
    """plotly.js is loaded by components/player/plotly.js alone (one loadPlotly, one script element added for it):
    the player's script and the figure saver's each hold that module, and the saver calls it."""
    from components.figure_saver import SCRIPT as SAVER
    from components.timeline import SCRIPT as PLAYER

    loaders = sorted(path.relative_to(COMPONENTS).as_posix() for path in SCRIPTS
                     if "function loadPlotly" in path.read_text(encoding="utf-8")
                     or 'createElement("script")' in path.read_text(encoding="utf-8"))
    assert loaders == ["player/plotly.js"]
    loader = (COMPONENTS / "player" / "plotly.js").read_text(encoding="utf-8")
    saver = (COMPONENTS / "figure_saver.js").read_text(encoding="utf-8")
    assert SAVER.count(loader) == PLAYER.count(loader) == 1 and SAVER.index(loader) < SAVER.index(saver)
    assert "await loadPlotly(" in saver
    for script in (SAVER, PLAYER):
        assert script.count("function loadPlotly") == 1
    module = tmp_path / "figure_saver.mjs"
    module.write_text(SAVER, encoding="utf-8")
    result = subprocess.run([shutil.which("node") or "node", "--check", str(module)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
