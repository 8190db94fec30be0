"""The lab's state as a link (a query string) and as a lab file (one JSON file), and back.

A link holds everything a page needs to show the same run at the same trial: the page's
settings (learner, its parameters, order, passes, seed, …), the data, the trial ``t`` and
presentation mode ``present``.  The data travel by name when they can — a story
(``story=thin-margin``), a generator with its arguments and seed
(``gen=xor&g.n=120&g.noise=0.15&gseed=1``), optionally with other priorities
(``theta=10,10,1,1``) — and otherwise as the points themselves, packed by
:mod:`lab.pointcodec` (``pts=…``).  A set too large for a link (:data:`MAX_LINK`) travels as a
lab file, which holds the same fields plus the points as plain JSON numbers.

Reading treats every link and file as hostile.  Nothing in them is executed or rendered as
markup; each field is parsed by its own rule (a choice among known options, a whole number or
a finite decimal in the widget's range — the page's table, :mod:`lab.settings`, declares each one)
and a field that fails is dropped with a message,
the rest still used.  :func:`read_query` and :func:`read_lab_file` never raise for bad
content: they return a :class:`Link` whose ``problems`` say what was ignored and why.

This module is pure (no Streamlit): :mod:`ui.state` reads and writes the URL
with it.

>>> link = read_query("perceptron", {"story": "thin-margin", "learner": "kernel-perceptron",
...                                  "gamma": "2.5", "passes": "3", "t": "40"})
>>> link.data.story, link.widgets["perceptron_learner"], link.widgets["perceptron_KernelPerceptron_gamma"]
('thin-margin', 'Kernel Perceptron', 2.5)
>>> link.trial, link.problems
(40, [])
>>> for problem in read_query("perceptron", {"passes": "1e999", "order": "<script>"}).problems:
...     print(problem)
Ignored order: '<script>' is not one of drawn, shuffled, adversarial.
Ignored passes: '1e999' is not a whole number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Mapping

import numpy as np

from datasets.pointset import MAX_POINTS, MAX_VALUE, THETA_RANGE, PointSet

from . import catalog
from .pointcodec import decode_points, encode_points
# a setting's rule and its text helpers live with the settings' tables; links re-export learner_widget and slug
from .settings import (Setting, _number_text, _shown, _text, generator_setting, learner_pages,  # noqa: F401
                       learner_widget, page_settings, seed_setting, slug)

#: longest URL (scheme to the end) a link may be: the default request-line limit of common proxies
MAX_LINK = 8_000
#: longest packed point set put in a link (room left for the host, the page and the settings)
MAX_POINTS_TEXT = 7_200
#: most fields read from one query string
MAX_FIELDS = 64
#: largest lab file read: the largest a user can save is 6.2 MB (100,000 points at full float precision,
#: six classes with 40-character names of 4-byte characters); 8 MiB leaves a third more
MAX_FILE_BYTES = 8 * 2**20
#: most '[' and most '{' a lab file may hold (counted before it is parsed): a saved file has six lists and
#: three tables, class names may hold brackets (6 × 40), so a few hundred are plenty; ``[],[],…`` is refused
MAX_FILE_BRACKETS = 512
#: longest number in a lab file (a float's repr has at most 24 characters)
MAX_FILE_NUMBER = 40
FILE_FORMAT = "mistake-bound-lab"
FILE_VERSION = 1
#: the lab's themes as a lab file names them: its own, and the projector theme (components/projector.js; in an
#: address ``theme=projector``, a key of :data:`FOREIGN_KEYS`)
THEMES = ("default", "projector")

#: a link's trial ``t`` (and a lab file's ``trial``): a whole number from 0
TRIAL = Setting("t", "", "int", 0, 0, 10**9)
#: a lab file's ``theme``: one of :data:`THEMES`
THEME = Setting("theme", "", "choice", THEMES[0], options=THEMES)
#: the stepping pages of classifiers (lab.catalog.PAGES)
LEARNER_PAGES = learner_pages()
#: the pages a link or file may name (url paths; "" is Home)
PAGES = ("", "data", *LEARNER_PAGES, "experts", "paper-lab")
#: query keys other parts of the lab own (lessons, challenges, quiz, class rooms, the projector theme): read there, never reported here
FOREIGN_KEYS = frozenset({"lesson", "screen", "done", "challenge", "quiz", "room", "key", "theme"})
DATA_KEYS = frozenset({"story", "gen", "gseed", "pts", "theta"})

# ------------------------------------------------------------------ fields
def page_fields(page: str, learner: str | None = None) -> list[Setting]:
    """The settings a link holds for ``page`` (a url path of :data:`PAGES`), given its learner: the rows of
    the page's table (:func:`lab.settings.page_settings`) that a link carries."""
    return [row for row in page_settings(page, learner) if row.linked]


# ------------------------------------------------------------------ data
@dataclass(frozen=True)
class DataRef:
    """Where a link's points come from: a story, a generator (name, arguments, seed) or the points.

    ``theta``: priorities replacing the made set's (None keeps them)."""

    story: str | None = None
    generator: str | None = None
    arguments: tuple = ()
    seed: int = 0
    points: PointSet | None = None
    theta: tuple | None = None

    def make(self) -> PointSet:
        """The point set this reference stands for (ValueError if it cannot be made)."""
        if self.points is not None:
            made = self.points
        elif self.story is not None:
            from .stories import STORIES, make_points
            made = make_points(STORIES[self.story])
        else:
            from datasets import generators
            made = generators.make(self.generator, seed=self.seed, **dict(self.arguments))
        return made if self.theta is None else made.set_theta(self.theta)

    def query(self) -> dict:
        if self.points is not None:
            return {"pts": encode_points(self.points)}
        out = {"story": self.story} if self.story is not None else {
            "gen": self.generator, **{f"g.{k}": _plain(v) for k, v in self.arguments}, "gseed": str(self.seed)}
        if self.theta is not None:
            out["theta"] = ",".join(_number_text(v) for v in self.theta)
        return out


def _plain(value) -> str:
    return str(int(value)) if isinstance(value, (int, np.integer)) else _number_text(value)


def describe(points: PointSet, origin: DataRef | None = None, made: PointSet | None = None) -> DataRef:
    """How a link should carry ``points``: by ``origin`` (a story or generator reference) when the points
    are still what it made (``made``) up to their priorities θ, else as the points themselves."""
    if origin is not None and made is not None and len(made) == len(points) and \
            len(made.class_names) == len(points.class_names):
        if made.set_theta(points.theta) == points:
            same_theta = np.array_equal(made.theta, points.theta)
            return DataRef(origin.story, origin.generator, origin.arguments, origin.seed, None,
                           None if same_theta else tuple(float(v) for v in points.theta))
    return DataRef(points=points)


def _read_data(query: Mapping[str, str], problems: list) -> DataRef | None:
    given = [key for key in ("pts", "gen", "story") if key in query]
    if not given:
        if "theta" in query or "gseed" in query or any(k.startswith("g.") for k in query):
            problems.append("Ignored theta/generator arguments: the link names no data (story, gen or pts).")
        return None
    if len(given) > 1:
        problems.append(f"The link names its data twice ({', '.join(given)}); {given[0]} is used.")
    ref = None
    try:
        if given[0] == "pts":
            text = _text(query["pts"])
            if text is not None and len(text) > MAX_POINTS_TEXT * 8:
                raise ValueError(f"The points in the link are {len(text):,} characters long: far more than a "
                                 "link carries; open a lab file instead.")
            ref = DataRef(points=decode_points(text))
        elif given[0] == "gen":
            ref = _read_generator(query)
        else:
            from .stories import STORIES
            name = _text(query["story"])
            if name not in STORIES:
                raise ValueError(f"There is no story {_shown(str(name))}; the stories are {', '.join(STORIES)}.")
            ref = DataRef(story=name)
    except ValueError as error:
        problems.append(f"The link's data could not be used: {error}")
        return None
    if "theta" in query:
        try:
            theta = _read_theta(query["theta"], len(ref.make().class_names))
            ref = DataRef(ref.story, ref.generator, ref.arguments, ref.seed, ref.points, theta)
        except ValueError as error:
            problems.append(f"Ignored theta: {error}")
    return ref


def _read_generator(query) -> DataRef:
    from datasets import generators
    name = _text(query["gen"])
    if name not in generators.GENERATORS:
        raise ValueError(f"There is no generator {_shown(str(name))}; the generators are "
                         f"{', '.join(generators.GENERATORS)}.")
    params = {p.name: p for p in generators.GENERATORS[name].params}
    arguments = {}
    for key in query:
        if not key.startswith("g."):
            continue
        param = params.get(key[2:])
        if param is None:
            raise ValueError(f"{name} has no argument {_shown(key[2:])}; its arguments are {', '.join(params)}.")
        kind = int if param.kind == "int" else float
        number = generator_setting(name, param).number(_text(query[key]) or "", kind)
        arguments[param.name] = param.check(number, name)
    seed = seed_setting("", "gseed").number(_text(query.get("gseed", "0")) or "", int)
    return DataRef(generator=name, arguments=tuple(sorted(arguments.items())), seed=seed)


def _read_theta(value, k: int) -> tuple:
    text = _text(value)
    if text is None or len(text) > 40 * k:
        raise ValueError("not a list of numbers.")
    parts = text.split(",")
    if len(parts) != k:
        raise ValueError(f"it has {len(parts)} values; the data have {k} classes.")
    field_ = Setting("theta", "", "float", 1.0, *THETA_RANGE)
    return tuple(field_.number(part, float) for part in parts)


# ------------------------------------------------------------------ the link
@dataclass
class Link:
    """What a link or lab file asks for.  ``widgets``: widget key → value; ``problems``: what was ignored."""

    page: str
    widgets: dict = field(default_factory=dict)
    data: DataRef | None = None
    trial: int | None = None
    present: bool = False
    problems: list = field(default_factory=list)
    #: the theme a lab file was saved in (one of :data:`THEMES`); None when it names none (a link's theme is
    #: the player's to read)
    theme: str | None = None


def _read_fields(page: str, values: Mapping, problems: list) -> dict:
    learner_key = values.get("learner")
    learner = None
    if learner_key is not None and page in (*LEARNER_PAGES, "experts"):
        try:
            learner = next(f for f in page_fields(page) if f.key == "learner").parse(learner_key)
        except ValueError:
            learner = None          # reported below with the other fields
    widgets = {}
    for field_ in page_fields(page, learner):
        if field_.key not in values:
            continue
        try:
            widgets[field_.widget] = field_.parse(values[field_.key])
        except ValueError as error:
            problems.append(str(error))
    return widgets


def _single(query: Mapping) -> dict:
    """A query mapping with one text per key (the last of repeated ones, as browsers do)."""
    out = {}
    for key, value in list(query.items())[:MAX_FIELDS * 4]:
        if isinstance(value, (list, tuple)):
            value = value[-1] if value else ""
        out[str(key)] = value
    return out


def read_query(page: str, query: Mapping) -> Link:
    """The :class:`Link` a query string (as a mapping key → text) asks of ``page``.  Never raises."""
    page = page if page in PAGES else ""
    link, values = Link(page), _single(query)
    count = len(query)
    if count > MAX_FIELDS:
        link.problems.append(f"The link has {count:,} fields; only the first {MAX_FIELDS} are read.")
        values = dict(list(values.items())[:MAX_FIELDS])
    link.data = _read_data(values, link.problems)
    link.widgets = _read_fields(page, values, link.problems)
    if "t" in values:
        try:
            link.trial = TRIAL.number(_text(values["t"]) or "", int)
        except ValueError as error:
            link.problems.append(str(error))
    link.present = _text(values.get("present")) == "1"
    known = {f.key for f in page_fields(page, link.widgets.get(learner_widget(page) or ""))}
    known |= {f.key for name in catalog.PAGES.get(page, ()) for f in page_fields(page, name)}
    unknown = [k for k in values if k not in known | DATA_KEYS | FOREIGN_KEYS | {"t", "present"}
               and not k.startswith("g.")]
    if unknown:
        shown = ", ".join(_shown(k) for k in unknown[:3]) + (" …" if len(unknown) > 3 else "")
        link.problems.append(f"Ignored what this page does not know: {shown}.")
    return link


def query_of(page: str, widgets: Mapping, data: DataRef | None, *, defaults: bool = False) -> dict:
    """The query (key → text) of ``page`` with widget values ``widgets`` and data ``data``.

    Settings at their default are left out unless ``defaults``; the trial is the player's to add."""
    learner = widgets.get(learner_widget(page) or "")
    out = {}
    for field_ in page_fields(page, learner):
        if field_.widget in widgets:
            value = widgets[field_.widget]
            if defaults or value != field_.default or field_.key == "learner" and len(field_.options) > 1:
                try:
                    out[field_.key] = field_.format(value)
                except (TypeError, ValueError):
                    continue        # a widget holding something else than its kind: not linked
    if data is not None:
        out.update(data.query())
    return out


def fits_link(query: Mapping, base_length: int = 40) -> bool:
    """Whether a link with ``query`` stays within :data:`MAX_LINK` (``base_length``: host and page)."""
    from urllib.parse import urlencode
    return base_length + 1 + len(urlencode(query)) <= MAX_LINK


# ------------------------------------------------------------------ the lab file
def lab_file(page: str, widgets: Mapping, points: PointSet, *, trial: int | None = None,
             present: bool = False, theme: str | None = None) -> str:
    """The lab file (JSON text) of ``page`` with these settings and points; :func:`read_lab_file` reads it.

    ``theme``: one of :data:`THEMES`, or None for a file that names none (the Share panel fills in the trial,
    presentation and theme in the browser, which knows them)."""
    if theme is not None and theme not in THEMES:
        raise ValueError(f"theme must be one of {', '.join(THEMES)}; got {theme!r}.")
    X, labels, weights = points.to_arrays()
    settings = {}
    learner = widgets.get(learner_widget(page) or "")
    for field_ in page_fields(page, learner):
        if field_.widget in widgets:
            try:
                settings[field_.key] = field_.json_value(widgets[field_.widget])
            except (TypeError, ValueError):
                continue
    document = {
        "format": FILE_FORMAT, "version": FILE_VERSION, "page": page, "settings": settings,
        "data": {"class_names": list(points.class_names), "theta": [float(v) for v in points.theta],
                 "x1": X[:, 0].tolist(), "x2": X[:, 1].tolist(), "label": labels.tolist(),
                 "weight": weights.tolist()},
        "trial": trial, "present": bool(present), "theme": theme}
    return json.dumps(document, ensure_ascii=False, allow_nan=False)


def _refuse_constant(name):
    raise ValueError(f"the file holds {name}, which is not a number a point may have.")


def _long_number(text: str):
    raise ValueError(f"it holds a number of {len(text):,} characters ({_shown(text)}); no setting, coordinate, "
                     f"label or weight has more than {MAX_FILE_NUMBER}.")


def _file_int(text: str) -> int:
    """A JSON integer of the file, refused by its length before Python converts it (a huge one would
    otherwise stop at the interpreter's own limit on digits, with the interpreter's message)."""
    return int(text) if len(text) <= MAX_FILE_NUMBER else _long_number(text)


def _file_float(text: str) -> float:
    return float(text) if len(text) <= MAX_FILE_NUMBER else _long_number(text)


def read_lab_file(content) -> Link:
    """The :class:`Link` a lab file asks for.  Never raises: a file that cannot be used at all gives a
    Link without data or settings whose ``problems`` say why."""
    link = Link("")
    try:
        document = _load_document(content)
    except ValueError as error:
        link.problems.append(f"The lab file could not be read: {error}")
        return link
    page = document.get("page")
    if page not in PAGES:
        link.problems.append(f"The lab file names no page of the lab ({_shown(str(page))}); Home is shown.")
        page = ""
    link.page = page
    settings = document.get("settings", {})
    if not isinstance(settings, dict):
        link.problems.append("Ignored the file's settings: not a table of names and values.")
        settings = {}
    link.widgets = _read_fields(page, settings, link.problems)
    try:
        link.data = DataRef(points=_file_points(document.get("data")))
    except ValueError as error:
        link.problems.append(f"The file's points could not be used: {error}")
    trial = document.get("trial")
    if trial is not None:
        try:
            link.trial = replace(TRIAL, key="trial").parse(trial)
        except ValueError as error:
            link.problems.append(str(error))
    link.present = document.get("present") is True
    if document.get("theme") is not None:
        try:
            link.theme = THEME.parse(document["theme"])
        except ValueError as error:
            link.problems.append(str(error))
    return link


def _load_document(content) -> dict:
    if isinstance(content, str):
        content = content.encode("utf-8", "replace")
    if not isinstance(content, (bytes, bytearray)):
        raise ValueError("it is not a file.")
    if len(content) > MAX_FILE_BYTES:
        raise ValueError(f"it has {len(content) / 2**20:.1f} MiB; a lab file has at most {MAX_FILE_BYTES // 2**20} MiB.")
    content = bytes(content)
    for bracket, what in ((b"[", "lists"), (b"{", "tables")):
        if content.count(bracket) > MAX_FILE_BRACKETS:     # before parsing: each costs a Python object
            raise ValueError(f"it holds {content.count(bracket):,} {what}; a lab file has a few "
                             f"(at most {MAX_FILE_BRACKETS}).")
    try:
        document = json.loads(content.decode("utf-8"), parse_constant=_refuse_constant,
                              parse_int=_file_int, parse_float=_file_float)
    except UnicodeDecodeError:
        raise ValueError("it is not UTF-8 text.") from None
    except RecursionError:
        raise ValueError("it nests lists too deeply to be a lab file.") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"it is not JSON (line {error.lineno}, column {error.colno}: {error.msg}).") from None
    if not isinstance(document, dict) or document.get("format") != FILE_FORMAT:
        raise ValueError(f"it is not a lab file (a JSON object with \"format\": \"{FILE_FORMAT}\").")
    version = document.get("version")
    if type(version) is not int or version != FILE_VERSION:      # true == 1 in Python: a bool is no version
        raise ValueError(f"it was written by another version of the lab ({_shown(str(document.get('version')))});"
                         f" this one reads version {FILE_VERSION}.")
    return document


def _file_points(data) -> PointSet:
    if not isinstance(data, dict):
        raise ValueError("the file has no data table.")
    columns = {}
    for key in ("x1", "x2", "label", "weight"):
        column = data.get(key)
        if column is None and key == "weight":
            continue                                   # no weights: every weight 1
        if not isinstance(column, list) or len(column) > MAX_POINTS:
            raise ValueError(f"'{key}' is not a list of at most {MAX_POINTS:,} values.")
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in column):
            raise ValueError(f"'{key}' holds something other than numbers.")
        columns[key] = column
    lengths = {len(c) for c in columns.values()}
    if len(lengths) > 1:
        raise ValueError("the columns x1, x2, label and weight have different lengths.")
    names, theta = data.get("class_names"), data.get("theta")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError("'class_names' is not a list of names.")
    if theta is not None and not (isinstance(theta, list) and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in theta)):
        raise ValueError("'theta' is not a list of numbers.")
    try:
        X = np.column_stack([np.asarray(columns["x1"], dtype=float), np.asarray(columns["x2"], dtype=float)])
        labels = np.asarray(columns["label"], dtype=float)
        weights = None if "weight" not in columns else np.asarray(columns["weight"], dtype=float)
    except OverflowError:
        raise ValueError("a number is too large to be a coordinate, label or weight.") from None
    if X.size and np.max(np.abs(X)) > MAX_VALUE:
        raise ValueError(f"a coordinate is beyond ±{MAX_VALUE:g}.")
    if labels.size and not (np.all(labels == np.round(labels)) and np.all((labels >= 0) & (labels < 64))):
        raise ValueError("a label is not a class index (a whole number from 0).")
    return PointSet.from_arrays(X.reshape(-1, 2), labels.astype(np.int64), weights=weights,
                                class_names=names, theta=theta)
