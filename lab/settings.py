"""Every page's settings, declared once: one table of :class:`Setting` rows per page.

A row says everything the lab knows of one setting: the key a link and a lab file call it by
(``passes``), the widget key Streamlit keeps its value under (``perceptron_passes``), its kind
("choice", "int", "float", "bool" or "range" — two floats low ≤ high), its range or choices, its
default, its label and help.  From :func:`page_settings` derive

* the widgets — :func:`ui.controls.setting_widget` draws a row, :func:`ui.controls.run_settings`
  a learner page's table;
* the link fields and the lab file — :mod:`lab.links` reads and writes the rows of a page
  (``parse``, ``format``, ``json_value`` below);
* the story presets — :mod:`lab.stories` states them by key and :func:`widget_values` turns
  them into widget values, refusing a key or a value the page's table does not have.

A learner's own parameters are rows of its catalog entry (``lab.catalog.LearnerSpec.params``):
the table places them under the page with :func:`param_widget_key`, the one widget-key format.
A data generator's parameters are declared in :mod:`datasets.generators` (a lower layer, which
cannot import this one); :func:`generator_setting` makes their rows.

One range per quantity: :data:`SEED_RANGE`, :data:`WEIGHT_RANGE` and :data:`THETA_RANGE` are what the
widgets offer, the links accept and the models accept.

>>> [s.key for s in page_settings("perceptron", "Kernel Perceptron")]
['learner', 'kernel', 'gamma', 'degree', 'fit_intercept', 'order', 'passes', 'seed']
>>> widget_values("perceptron", {"learner": "Perceptron", "passes": 5})
{'perceptron_learner': 'Perceptron', 'perceptron_passes': 5}
>>> widget_values("perceptron", {"passes": 50})
Traceback (most recent call last):
...
ValueError: Ignored passes: '50' is outside 1 to 20.
"""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass, replace

from datasets.pointset import MAX_VALUE, THETA_RANGE, THETA_STEPS  # noqa: F401 (THETA_* are the θ settings')

from learners._validation import MAX_SEED

from .numbers import PLAIN, NumberTooLarge, read_number
from .runner import ORDERS

#: seeds: the widgets', the links' and the learners' range (``random_state`` takes [0, 2³² − 1])
SEED_RANGE = (0, MAX_SEED)
#: the Paper lab's seeds: its experiments derive their runs' seeds from it (see page_settings)
PAPER_MAX_SEED = 10_000
#: importance weights of the lab's points: what a point set accepts (datasets.pointset, ±MAX_VALUE)
WEIGHT_RANGE = (0.0, MAX_VALUE)
#: longest value of any setting read from a link or a file (names and numbers are short)
MAX_VALUE_TEXT = 80


def slug(name: str) -> str:
    """A name as it appears in a link: ``"Kernel Perceptron"`` → ``"kernel-perceptron"``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass(frozen=True)
class Setting:
    """One setting of a page: its link key, widget key, rule, default and how it is shown.

    ``kind``: "choice" (one of ``options``; a link may use an option's slug, and writes the slug when
    ``by_slug``), "int" or "float" (in [low, high]), "bool" ("1"/"0" in a link), "range" (two floats
    "a,b" with low ≤ a ≤ b ≤ high), "numbers" (a text input's list of numbers, each in [low, high]: the
    widget holds "1, 10", a link "1,10"; how many the page checks).  ``control`` names the widget when the kind's usual one does not fit
    ("radio", "segmented", "toggle", "number", "select_slider"); ``shown`` labels the options.
    ``linked``: False for a setting no link carries (the Data page's tools)."""

    key: str
    widget: str
    kind: str
    default: object = None
    low: float | None = None
    high: float | None = None
    options: tuple = ()
    step: float | None = None
    label: str = ""
    help: str = ""
    control: str = ""
    shown: tuple = ()
    by_slug: bool = False
    linked: bool = True

    @property
    def name(self) -> str:
        """A learner parameter's name (its key: links call a parameter by its name)."""
        return self.key

    def shown_option(self, option) -> str:
        """The label of ``option`` in the widget."""
        return dict(zip(self.options, self.shown)).get(option, str(option))

    def parse(self, value):
        """The widget value that ``value`` (link text, a JSON value from a lab file, or a Python value)
        stands for.  Raises ValueError with a message that names the setting."""
        text = _text(value)
        if text is None or len(text) > MAX_VALUE_TEXT:
            raise ValueError(f"Ignored {self.key}: not a short text value.")
        if self.kind == "choice":
            for option in self.options:
                if text in (option, slug(str(option))):
                    return option
            raise ValueError(f"Ignored {self.key}: {_shown(text)} is not one of "
                             f"{', '.join(slug(str(o)) for o in self.options)}.")
        if self.kind == "bool":
            if text.lower() in ("1", "true", "yes", "on"):
                return True
            if text.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"Ignored {self.key}: {_shown(text)} is not 1 or 0.")
        if self.kind == "numbers":
            pieces = [piece for piece in re.split(r"[,;\s]+", text.strip()) if piece]
            if not pieces:
                raise ValueError(f"Ignored {self.key}: {_shown(text)} holds no number.")
            return ", ".join(_number_text(self.number(piece, float)) for piece in pieces)
        if self.kind == "range":
            parts = text.split(",")
            if len(parts) != 2:
                raise ValueError(f"Ignored {self.key}: {_shown(text)} is not two numbers 'low,high'.")
            low, high = (self.number(part, float) for part in parts)
            if low > high:
                raise ValueError(f"Ignored {self.key}: {low:g} is above {high:g}.")
            return (low, high)
        return self.number(text, int if self.kind == "int" else float)

    def number(self, text: str, kind):
        """``text`` as a number of ``kind`` (int or float) in [low, high], or ValueError."""
        if len(text) > MAX_VALUE_TEXT:               # before any pattern or conversion
            raise ValueError(f"Ignored {self.key}: {_shown(text)} is {len(text):,} characters long, "
                             f"not a number (at most {MAX_VALUE_TEXT}).")
        try:                                         # the lab's one reader, in the grammar of what it writes
            number = read_number(text, **PLAIN, whole=kind is int)
        except NumberTooLarge:
            number = math.inf
        except ValueError:
            what = "a whole number" if kind is int else "a decimal number"
            raise ValueError(f"Ignored {self.key}: {_shown(text)} is not {what}.") from None
        if not math.isfinite(number) or not self.low <= number <= self.high:
            raise ValueError(f"Ignored {self.key}: {_shown(text)} is outside {self.low:g} to {self.high:g}.")
        return number

    def format(self, value) -> str:
        """``value`` (a widget value) as link text."""
        if self.kind == "choice":
            return slug(str(value)) if self.by_slug else str(value)
        if self.kind == "bool":
            return "1" if value else "0"
        if self.kind == "range":
            return ",".join(_number_text(v) for v in value)
        if self.kind == "numbers":
            return self.parse(value).replace(" ", "")
        return str(int(value)) if self.kind == "int" else _number_text(value)

    def json_value(self, value):
        """``value`` as a lab file stores it (a JSON number, boolean, string or pair)."""
        if self.kind == "range":
            return [float(v) for v in value]
        if self.kind == "numbers":
            return self.parse(value)
        if self.kind in ("int", "float"):
            return int(value) if self.kind == "int" else float(value)
        return bool(value) if self.kind == "bool" else str(value)


def Param(name: str, label: str, kind: str, default, low=None, high=None, step=None, options: tuple = (),
          help: str = "") -> Setting:
    """A learner parameter's row, in the catalog's order of arguments (its widget key is set when a page's
    table places it, :func:`param_widget_key`).  A float whose default is a pair is a "range"."""
    kind = "range" if kind == "float" and isinstance(default, tuple) else kind
    return Setting(name, "", kind, default, low, high, tuple(options), step, label, help)


# ------------------------------------------------------------------ text helpers (links share them)
def _text(value) -> str | None:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and not math.isfinite(value):
            return "nan"
        return _number_text(value) if isinstance(value, float) else str(value)
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        return ",".join(_text(v) for v in value)
    return value if isinstance(value, str) else None


def _number_text(value) -> str:
    """The shortest text that reads back as the same float (Python's repr): 0.3, 1e-05, 2.5."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def _shown(text: str) -> str:
    """User text quoted for a message: short, repr-escaped (no markup survives as markup)."""
    return repr(text[:24] + ("…" if len(text) > 24 else ""))


# ------------------------------------------------------------------ the tables
ORDER_LABELS = {"drawn": "as drawn", "shuffled": "shuffled (seeded)",
                "adversarial": "adversarial: a misclassified point first"}
WINNOW_SECTIONS = ("2D: step and play", "High-dimensional experiment")


def seed_setting(widget: str, key: str = "seed") -> Setting:
    """A seed's row: a whole number in :data:`SEED_RANGE`, 0 by default."""
    return Setting(key, widget, "int", 0, *SEED_RANGE, step=1, label="Seed", control="number")


def weight_setting(widget: str, label: str) -> Setting:
    """An importance weight's row (the Data page's inputs): a number in :data:`WEIGHT_RANGE`, 1 by default."""
    return Setting("weight", widget, "float", 1.0, *WEIGHT_RANGE, step=0.5, label=label, control="number",
                   linked=False)


def param_widget_key(page: str, learner: str, param: str) -> str:
    """The widget key of a learner's parameter on a page: ``perceptron_KernelPerceptron_gamma`` (the one format;
    a page keeps one value per learner class and parameter)."""
    from . import catalog
    return f"{page}_{catalog.LEARNERS[learner].cls_name}_{param}"


def learner_pages() -> tuple:
    """The stepping pages of classifiers, in the catalog's order (``lab.catalog.PAGES``)."""
    from . import catalog
    return tuple(page for page, names in catalog.PAGES.items()
                 if all(catalog.LEARNERS[name].kind == "classifier" for name in names))


def learner_setting(page: str, widget: str) -> Setting:
    """The row of ``page``'s learner choice (the catalog's learners of that page, the first by default)."""
    from . import catalog
    names = tuple(catalog.PAGES[page])
    return Setting("learner", widget, "choice", names[0], options=names, label="Learner", control="select",
                   by_slug=True)


def learner_widget(page: str) -> str | None:
    """The widget key of ``page``'s learner choice (None for a page without one)."""
    return "experts_algorithm" if page == "experts" else f"{page}_learner" if page in learner_pages() else None


def learner_params(page: str, learner: str | None) -> list:
    """The rows of ``learner``'s parameters on ``page`` (its catalog entry's, each under its widget key);
    an unknown learner stands for the page's first."""
    from . import catalog
    names = catalog.PAGES[page]
    chosen = learner if learner in names else names[0]
    return [replace(p, widget=param_widget_key(page, chosen, p.key)) for p in catalog.LEARNERS[chosen].params]


#: the order and passes a stepping page presents its points in unless told otherwise
RUN_DEFAULTS = {"order": "drawn", "passes": 1}
#: pages whose points "as drawn, one pass" would show little of.  The Priority page's are often drawn by hand,
#: cloud after cloud: in drawn order the learner meets one class at a time — a mistake where a class begins and
#: regions that swing to the last cloud — so it shuffles them, and makes three passes for the regions to settle
PAGE_RUN_DEFAULTS = {"priority": {"order": "shuffled", "passes": 3}}


def run_settings(page: str) -> list:
    """A stepping page's order, passes and seed of presentation (defaults: :data:`RUN_DEFAULTS`, or the page's
    own in :data:`PAGE_RUN_DEFAULTS`)."""
    defaults = {**RUN_DEFAULTS, **PAGE_RUN_DEFAULTS.get(page, {})}
    return [Setting("order", f"{page}_order", "choice", defaults["order"], options=ORDERS,
                    label="Order of presentation", control="radio", shown=tuple(ORDER_LABELS[o] for o in ORDERS)),
            Setting("passes", f"{page}_passes", "int", defaults["passes"], 1, 20, step=1, label="Passes"),
            seed_setting(f"{page}_seed")]


def page_settings(page: str, learner: str | None = None) -> list:
    """The table of ``page`` (a url path: "perceptron", "experts", "paper-lab", "data", …) given its learner."""
    from . import catalog
    if page in learner_pages():
        rows = []
        if page == "winnow":
            rows += [Setting("section", "winnow_section", "choice", WINNOW_SECTIONS[0], options=WINNOW_SECTIONS,
                             label="Section", control="segmented", by_slug=True),
                     Setting("quick", "winnow_quick", "bool", True, label="Small version (seconds)",
                             control="toggle"),
                     Setting("runs", "winnow_runs", "int", 1, 1, 5, step=1, label="Runs per size")]
        rows += [learner_setting(page, f"{page}_learner"), *learner_params(page, learner)]
        return rows + run_settings(page)
    if page == "experts":
        from datasets.advice import GENERATORS
        p = catalog.EXPERT_PARAMS
        return [learner_setting("experts", "experts_algorithm"), *learner_params("experts", learner),
                Setting("advice", "experts_generator", "choice", GENERATORS[0], options=GENERATORS,
                        label="Advice", control="select", by_slug=True),
                replace(p["n_experts"], key="experts", widget="experts_n"),
                replace(p["n_trials"], key="trials", widget="experts_trials"),
                replace(p["error_rates"], key="rates", widget="experts_rates"),
                seed_setting("experts_seed")]
    if page == "paper-lab":
        from experiments.lemma4 import K_RANGE
        from experiments.lemma4 import defaults as lemma4_defaults
        from experiments.registry import EXPERIMENTS
        names = tuple(EXPERIMENTS)
        # an experiment derives its runs' seeds from this one (seed + 1000·run + n in winnow-scaling), so its
        # seed stays far below the learners' largest: 10,000
        return [Setting("experiment", "paper_experiment", "choice", names[0], options=names),
                Setting("runs", "paper_runs", "int", 3, 1, 10, label="Runs (permutations)"),
                replace(seed_setting("paper_seed"), high=PAPER_MAX_SEED),
                Setting("quick", "paper_quick", "bool", True, label="Small version (seconds)", control="toggle",
                        help="The full versions of priority-table2 and manyclass take minutes on two cores."),
                # Lemma 4's point: k classes, their costs θ and probabilities P (not "theta": a link's data use it)
                Setting("k", "lemma4_k", "int", 2, *K_RANGE, step=1, label="k (classes)", control="number"),
                Setting("costs", "lemma4_theta", "numbers", lemma4_defaults(2)[0], 0.0, sys.float_info.max,
                        label="θ — the cost of an error on each class (positive)",
                        help="k numbers, separated by commas or spaces."),
                Setting("p", "lemma4_p", "numbers", lemma4_defaults(2)[1], 0.0, sys.float_info.max,
                        label="P — the class probabilities at x (rescaled to sum 1)",
                        help="k non-negative numbers, separated by commas or spaces.")]
    if page == "data":
        return [Setting("spray", "data_spray_n", "int", 20, 1, 200, step=1, label="Points per spray", linked=False),
                weight_setting("data_weight", "Weight of new points"),
                weight_setting("data_selection_weight", "Weight of the selection"),
                replace(seed_setting("data_gen_seed"), linked=False),
                Setting("replace", "data_gen_replace", "bool", True, label="Replace the current points",
                        control="toggle", linked=False)]
    return []


def setting(page: str, widget: str, learner: str | None = None) -> Setting:
    """The row of ``page``'s table kept under ``widget`` (KeyError if there is none)."""
    for row in page_settings(page, learner):
        if row.widget == widget:
            return row
    raise KeyError(f"{page} has no setting {widget!r}.")


def generator_setting(generator: str, param) -> Setting:
    """The row of a data generator's parameter (a :class:`datasets.generators.GenParam`): link key ``g.<name>``,
    the Data page's widget ``data_gen_<generator>_<name>``."""
    return Setting(f"g.{param.name}", f"data_gen_{generator}_{param.name}", param.kind, param.default, param.low,
                   param.high, step=param.step, label=param.label, help=param.help, linked=False)


def widget_values(page: str, values: dict) -> dict:
    """``{key: value}`` of ``page``'s settings (by their link keys) as ``{widget key: value}``, each value read
    by its row's rule; ValueError for a key the table does not have or a value its row refuses."""
    rows = {row.key: row for row in page_settings(page, values.get("learner"))}
    if "learner" in values:
        rows = {row.key: row for row in page_settings(page, rows["learner"].parse(values["learner"]))}
    out = {}
    for key, value in values.items():
        if key not in rows:
            raise ValueError(f"{page} has no setting {key!r}; its settings are {', '.join(rows)}.")
        out[rows[key].widget] = rows[key].parse(value)
    return out
