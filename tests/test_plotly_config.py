"""The lab's one Plotly config (components/plotly_assets.py PLOTLY_CONFIG) and where it goes (issue 34): plotly.js
offers "Share chart…" by default, an upload of the figure's data to Plotly Cloud, in a lab that promises nothing
leaves its server.  The config turns it off, with the logo's link to plotly.com; every st.plotly_chart of the
pages passes it, and the player's script (in the lab and in the exported HTML) carries it for its plotly.js
(components/player/plotly.js labPlotly; its Node test: tests/js/plotly.test.mjs).  The browser tests list the
modebar of every figure drawn (tests/browser/test_lab_in_chromium.py, test_export_trial.py)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

from components.plotly_assets import CONFIG_SCRIPT, PLOTLY_CONFIG, SOURCE

ROOT = Path(__file__).resolve().parents[1]
COMPONENTS = ROOT / "components"


def test_the_config_turns_off_everything_that_sends_a_figure_away():
    assert PLOTLY_CONFIG["showSendToCloud"] is False
    assert "sendChartToCloud" in PLOTLY_CONFIG["modeBarButtonsToRemove"]
    assert PLOTLY_CONFIG["plotlyServerURL"] == ""
    assert PLOTLY_CONFIG["displaylogo"] is False


def test_every_key_is_an_option_of_the_served_plotly_js_and_it_defaults_to_sharing():
    """A misspelt key would be ignored by plotly.js without a word; and plotly.js's own default is what makes the
    config needed (should a version turn Share off by default, this says so)."""
    library = SOURCE.read_text(encoding="utf-8")
    start = library.index("plotlyServerURL:{valType")
    attributes = library[library.rindex("{", 0, library.rindex("staticPlot", 0, start)):]
    for key in PLOTLY_CONFIG:
        assert re.search(rf"[{{,]{key}:{{valType", attributes[:6000]), key
    assert re.search(r"showSendToCloud:\{valType:\"boolean\",dflt:!0\}", attributes[:6000])


def plotly_chart_calls(path: Path):
    for call in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "plotly_chart":
            yield call


def test_every_chart_of_the_pages_passes_the_labs_config():
    calls = {}
    for path in sorted((ROOT / "views").glob("*.py")) + sorted((ROOT / "ui").glob("*.py")):
        for call in plotly_chart_calls(path):
            config = next((k.value for k in call.keywords if k.arg == "config"), None)
            calls[f"{path.relative_to(ROOT)}:{call.lineno}"] = isinstance(config, ast.Name) and config.id == "PLOTLY_CONFIG"
    assert len(calls) >= 10, calls                     # the pages' charts were found
    assert all(calls.values()), [where for where, ok in calls.items() if not ok]


def test_the_players_scripts_carry_the_config_before_the_plotly_module():
    """The lab's player, the figure saver and the exported HTML each define LAB_PLOTLY_CONFIG (the JSON of
    PLOTLY_CONFIG) before components/player/plotly.js, which gives it to plotly.js; no script of the components
    sets a config key of its own that could turn sharing back on."""
    from components.figure_saver import SCRIPT as SAVER
    from components.html_export import player_script, run_html
    from components.timeline import SCRIPT as PLAYER

    loader = (COMPONENTS / "player" / "plotly.js").read_text(encoding="utf-8")
    exported = run_html('{"T": 0}', "A run")
    for script in (PLAYER, SAVER, player_script(), exported):
        assert script.count(CONFIG_SCRIPT) == 1 and script.index(CONFIG_SCRIPT) < script.index(loader)
    assert json.loads(CONFIG_SCRIPT.split("Object.freeze(", 1)[1].split(");", 1)[0]) == PLOTLY_CONFIG
    assert "Plotly.setPlotConfig(LAB_PLOTLY_CONFIG)" in loader
    for path in sorted(COMPONENTS.glob("*.js")) + sorted((COMPONENTS / "player").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        for key in ("showSendToCloud", "plotlyServerURL", "displaylogo", "PLOTLYENV", "modeBarButtons"):
            assert key not in text, (path.name, key)
