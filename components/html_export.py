"""A run as one self-contained HTML file: the timeline player, plotly.js and the run, nothing fetched.

The file is the same player the lab shows (:func:`player_script`: the modules of ``components/player/`` and
``components/timeline.js``, unchanged, mounted with ``window.MistakeBoundTimeline.mount``), with plotly.js and
the player's styles inlined and the
run's payload (:func:`lab.timeline.payload_json`) in a ``<script type="application/json">``
block.  The math is MathML written on the server, which browsers draw natively, so no math
library is needed.  It opens from disk with the network off, steps, goes back, scrubs and plays
with the keyboard, and fits a slide: ``<iframe src="run.html#t=40">`` opens it at trial 40
(``#present`` in presentation mode); without ``#t`` it opens at the trial it was exported at
(``start``), its title in view, and in the theme the lab showed then (``theme``; ``#theme=…`` in the
address wins).

Pure Python (no Streamlit): the page's Share panel offers the file (ui/share.py).

>>> html = run_html('{"T": 0}', "A run")
>>> html.startswith("<!DOCTYPE html>") and "window.MistakeBoundTimeline" in html
True
"""

from __future__ import annotations

import html as html_text
import json
from pathlib import Path

from lab.formula import MATH_CSS
from lab.links import THEMES

from .plotly_assets import CONFIG_SCRIPT, SOURCE as PLOTLY_SOURCE

HERE = Path(__file__).parent
#: the player's modules (components/player/), in the order they are assembled into one script before
#: components/timeline.js (the Player, which mixes in the parts: boundary, curves, experts, math, present, export);
#: one scope, so a module may use at load time only what the modules before it define; numbers.js is the one
#: formatter of a number (lab/numbers.py's number_text), grading.js the quiz's reader and judge of a typed number
#: (lab/grading.py's rule)
PLAYER_MODULES = ("numbers", "dom", "plotly", "image", "url", "state", "kernel", "overlay", "boundary", "curves", "experts",
                  "math", "present", "export", "grading")
#: the player's plugins (see components/timeline.py PLUGINS) that work in a file opened from disk, in the order
#: assembled: the screen reader's words and data table, the run as sound, the projector theme (#theme=projector), and
#: last the one row of controls (toolbar.js groups the controls the others added)
OFFLINE_PLUGINS = ("a11y", "sound", "projector", "toolbar")
#: the export's own layout: the page is the player, nothing of Streamlit around it
_PAGE_CSS = """
body { margin: 0; padding: 18px 22px; background: #fff; }
.mbl-export-head { font-family: "Source Sans", "Source Sans Pro", system-ui, sans-serif; margin: 0 0 8px; }
.mbl-export-head h1 { font-size: 22px; margin: 0; }
.mbl-export-head p { font-size: 14px; color: #5c6066; margin: 2px 0 0; }
html.mbl-presenting .mbl-export-head { display: none; }
"""
_START = """
const run = document.getElementById("mbl-run").textContent;
const hash = new URLSearchParams(window.location.hash.slice(1));
// the theme the lab showed when the file was made (the body's data-theme), unless the address names one: put in the
// address, where the projector theme reads it
if (document.body.dataset.theme && !hash.has("theme")) {
  hash.set("theme", document.body.dataset.theme);
  try { window.history.replaceState(window.history.state, "", "#" + hash); }
  catch (error) { window.location.replace("#" + hash); }
}
const trial = Number.parseInt(hash.get("t") || "", 10);
const root = document.getElementById("mbl-player");
window.MistakeBoundTimeline.mount(root, run, {Plotly: window.Plotly, url: false,
    present: hash.has("present"), start: Number.isInteger(trial) && trial >= 0 ? trial : undefined})
  .then(() => { document.body.dataset.ready = "1"; root.focus({preventScroll: true}); window.scrollTo(0, 0); })
  .catch((error) => { root.textContent = "The run could not be drawn: " + (error && error.message || error); });
"""


def player_script(plugins=OFFLINE_PLUGINS) -> str:
    """The player as one script: the lab's Plotly config (:data:`components.plotly_assets.CONFIG_SCRIPT`), its
    modules (:data:`PLAYER_MODULES`), the Player (timeline.js), then each of ``plugins`` (components/<name>.js),
    which extend it through ``window.MistakeBoundTimeline.use``."""
    paths = [HERE / "player" / f"{name}.js" for name in PLAYER_MODULES] + [HERE / "timeline.js"]
    paths += [HERE / f"{name}.js" for name in plugins]
    # first the lab's Plotly config, which player/plotly.js gives plotly.js (components/plotly_assets.py)
    return "\n".join([CONFIG_SCRIPT] + [path.read_text(encoding="utf-8") for path in paths])


def player_styles(plugins=OFFLINE_PLUGINS) -> str:
    """The player's stylesheet (timeline.css) followed by each plugin's that has one."""
    paths = [HERE / "timeline.css"] + [HERE / f"{name}.css" for name in plugins]
    return "\n".join(path.read_text(encoding="utf-8") for path in paths if path.exists())


def _inline_script(source: str) -> str:
    """JavaScript safe inside a <script> element: a closing tag would end it early."""
    return source.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT")


def run_html(payload_json: str, title: str, subtitle: str = "", start: int | None = None,
             theme: str | None = None) -> str:
    """The HTML file of one run (``payload_json``: the run's payload as JSON text).

    ``title`` and ``subtitle`` are shown above the player (as text: any markup in them is escaped).
    ``start``: the trial the file opens at (the one shown when it was exported; clamped to the run);
    None keeps the payload's own.  ``theme``: the theme it opens in, one of :data:`lab.links.THEMES`
    (None: the default one)."""
    if theme is not None and theme not in THEMES:
        raise ValueError(f"theme must be one of {', '.join(THEMES)}; got {theme!r}.")
    run = json.loads(payload_json)                         # a payload that is not JSON is refused here
    if start is not None:
        if isinstance(start, bool) or not isinstance(start, int):
            raise ValueError(f"start must be a trial number; got {start!r}.")
        if isinstance(run, dict) and "T" in run:
            run["start"] = min(max(start, 0), int(run["T"]))
            payload_json = json.dumps(run, separators=(",", ":"), allow_nan=False)
    player = player_script()              # without the Streamlit entry (player/streamlit.js): mounted below
    styles = player_styles() + MATH_CSS + _PAGE_CSS
    payload = payload_json.replace("<", "\\u003c")          # no tag, comment or closing tag inside the block
    plotly_js = PLOTLY_SOURCE.read_text(encoding="utf-8")
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html_text.escape(title)}</title>",
        f"<style>{styles}</style>",
        f"<script>{_inline_script(plotly_js)}</script>",
        "</head><body>" if theme in (None, THEMES[0]) else f'</head><body data-theme="{theme}">',
        '<header class="mbl-export-head">',
        f"<h1>{html_text.escape(title)}</h1>",
        f"<p>{html_text.escape(subtitle)}</p>" if subtitle else "",
        "</header>",
        '<div id="mbl-player" class="mbl-tl-root"></div>',
        f'<script type="application/json" id="mbl-run">{payload}</script>',
        f"<script>{_inline_script(player)}</script>",
        f"<script>{_START}</script>",
        "</body></html>"])
