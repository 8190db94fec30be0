"""Issue 26: a page's settings are declared once (lab/settings.py), and one function writes the URL.

The widgets, the link fields, the lab file and the story presets all derive from each page's table; one
range per quantity (seeds, importance weights, θ) holds for the widget, the link and the model; one
ORDERS and one list of learner pages (from the catalog); ui/state.py's ``_write_url`` is the only Python
that writes ``st.query_params``.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from datasets.pointset import MAX_VALUE, THETA_RANGE, PointSet, UndoStack
from lab import catalog, links, runner, settings
from lab.stories import STORIES, Story

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
TIMEOUT = 120
PAGES = ("perceptron", "winnow", "multiclass", "priority", "experts", "paper-lab", "data")


# ------------------------------------------------------------------ one table per page
def test_every_row_of_every_table_is_a_valid_setting():
    for page in PAGES:
        learners = catalog.PAGES.get(page) or (None,)
        for learner in learners:
            rows = settings.page_settings(page, learner)
            assert rows, page
            assert len({row.widget for row in rows}) == len(rows), (page, learner)
            assert len({row.key for row in rows if row.linked}) == len([r for r in rows if r.linked])
            for row in rows:
                assert row.widget and row.key, (page, row)
                if row.kind == "choice":
                    assert row.default in row.options, (page, row.key)
                elif row.kind in ("int", "float"):
                    assert row.low <= row.default <= row.high, (page, row.key)
                elif row.kind == "range":
                    assert row.low <= row.default[0] <= row.default[1] <= row.high, (page, row.key)
                assert row.parse(row.format(row.default)) == row.default, (page, row.key)


def test_the_link_fields_are_the_tables_rows():
    for page in links.PAGES:
        for learner in catalog.PAGES.get(page) or (None,):
            assert links.page_fields(page, learner) == [
                row for row in settings.page_settings(page, learner) if row.linked]


def test_a_learners_parameters_are_its_catalog_entrys_under_one_key_format():
    for page in settings.learner_pages() + ("experts",):
        for name in catalog.PAGES[page]:
            rows = settings.learner_params(page, name)
            spec = catalog.LEARNERS[name]
            assert [dataclasses.replace(row, widget="") for row in rows] == list(spec.params)
            assert [row.widget for row in rows] == [settings.param_widget_key(page, name, p.key)
                                                    for p in spec.params]


def test_one_parameter_dataclass():
    """The catalog's parameters are rows (Setting), as the links' fields are; a generator's parameter (in
    datasets, which cannot import lab) makes its row by generator_setting."""
    from datasets import generators
    assert all(type(p) is settings.Setting for spec in catalog.LEARNERS.values() for p in spec.params)
    assert all(type(p) is settings.Setting for p in catalog.EXPERT_PARAMS.values())
    assert not hasattr(links, "Field")
    for name, generator in generators.GENERATORS.items():
        for param in generator.params:
            row = settings.generator_setting(name, param)
            assert (row.kind, row.default, row.low, row.high) == (param.kind, param.default, param.low, param.high)
            assert row.parse(row.format(param.high)) == param.high


def test_one_orders_and_one_list_of_learner_pages():
    assert links.LEARNER_PAGES == tuple(page for page in catalog.PAGES if page != "experts")
    assert not hasattr(links, "ORDERS")
    for page in settings.learner_pages():
        order = next(row for row in settings.page_settings(page) if row.key == "order")
        assert order.options is runner.ORDERS


# ------------------------------------------------------------------ story presets through the table
def test_every_storys_presets_are_rows_of_its_pages_table():
    for story in STORIES.values():
        rows = {row.widget: row for row in settings.page_settings(story.page_key,
                                                                   story.settings.get("learner"))}
        assert set(story.presets) <= set(rows), story.key
        for widget, value in story.presets.items():
            assert rows[widget].parse(value) == value, (story.key, widget)


@pytest.mark.parametrize("preset, problem", [
    ({"pases": 5}, "no setting 'pases'"),                       # a key the page's table does not have
    ({"passes": 50}, "outside 1 to 20"),                        # a value its row refuses
    ({"order": "backwards"}, "not one of drawn, shuffled, adversarial"),
    ({"learner": "Winnow"}, "not one of perceptron"),           # a learner the page does not offer
    ({"learner": "Kernel Perceptron", "eta": 0.5}, "no setting 'eta'"),   # a parameter of another learner
])
def test_a_story_preset_the_table_does_not_have_is_refused(preset, problem):
    story = dataclasses.replace(STORIES["thin-margin"], settings=preset)
    with pytest.raises(ValueError, match=problem):
        story.presets


# ------------------------------------------------------------------ one range per quantity
def test_a_seed_range_the_widget_the_link_and_the_learners_share():
    from learners._validation import check_random_state
    low, high = settings.SEED_RANGE
    check_random_state(high)
    with pytest.raises(ValueError):
        check_random_state(high + 1)
    for page in ("perceptron", "experts", "data"):
        seed = next(row for row in settings.page_settings(page) if row.widget.endswith("seed"))
        assert (seed.low, seed.high) == settings.SEED_RANGE, page
    link = links.read_query("perceptron", {"seed": str(high), "gen": "xor", "gseed": str(high)})
    assert link.problems == [] and link.widgets["perceptron_seed"] == high and link.data.seed == high
    assert "outside" in " ".join(links.read_query("perceptron", {"seed": str(high + 1)}).problems)


def test_the_weight_inputs_take_every_weight_a_point_set_takes():
    low, high = settings.WEIGHT_RANGE
    assert (low, high) == (0.0, MAX_VALUE)
    points = PointSet.from_arrays(np.array([[0.0, 0.0], [1.0, 1.0]]), [0, 1])
    assert points.set_weights((0,), high).weights[0] == high
    with pytest.raises(ValueError):
        points.set_weights((0,), high * 2)
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.session_state["undo"] = UndoStack(points)          # ui.state keeps the user's set under "undo"
    at.switch_page("views/data.py").run()
    assert not at.exception, [e.value for e in at.exception]
    inputs = [at.number_input(key=key) for key in ("data_weight", "data_class_weight_0", "data_class_weight_1")]
    assert all((field.min, field.max) == (low, high) for field in inputs), [(f.min, f.max) for f in inputs]
    assert at.number_input(key="data_gen_seed").max == settings.SEED_RANGE[1]


def test_theta_has_one_range():
    assert settings.THETA_RANGE is THETA_RANGE
    assert min(settings.THETA_STEPS) == THETA_RANGE[0] and max(settings.THETA_STEPS) == THETA_RANGE[1]
    assert "outside" in " ".join(links.read_query("priority", {"story": "priority", "theta": "0,1,1,1"}).problems)


# ------------------------------------------------------------------ the widgets come from the table
def test_a_storys_presets_reach_its_widgets_without_a_second_default(monkeypatch):
    """Streamlit warns when a widget gets a default beside a value preset through the session state (the
    Winnow story's section did): a row's widget takes its default only while its key holds no value."""
    from streamlit.elements.lib import policies
    warned = []
    monkeypatch.setattr(policies, "_shown_default_value_warning", False)
    monkeypatch.setattr(policies._LOGGER, "warning", lambda text, *args, **_: warned.append(text % args))
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.button(key="story_sparse-winnow").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.segmented_control(key="winnow_section").value == "High-dimensional experiment"
    at.run()                                     # the next run draws it with its default, as every run
    assert at.segmented_control(key="winnow_section").value == "High-dimensional experiment"
    assert warned == []


def test_a_links_learner_parameter_reaches_its_widget_without_a_second_default(monkeypatch):
    from streamlit.elements.lib import policies
    warned = []
    monkeypatch.setattr(policies, "_shown_default_value_warning", False)
    monkeypatch.setattr(policies._LOGGER, "warning", lambda text, *args, **_: warned.append(text % args))
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.switch_page("views/perceptron.py")
    at.query_params.update({"story": "thin-margin", "learner": "perceptron", "eta": "0.5"})
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.sidebar.slider(key="perceptron_Perceptron_eta").value == 0.5
    at.sidebar.slider(key="perceptron_passes").set_value(2).run()
    assert at.sidebar.slider(key="perceptron_Perceptron_eta").value == 0.5
    assert warned == []


# ------------------------------------------------------------------ one writer of the URL
WRITING_METHODS = {"from_dict", "update", "clear", "pop", "popitem", "setdefault", "__setitem__", "__delitem__"}


def _url_writes(tree: ast.AST) -> list[tuple[str, int]]:
    """(enclosing function, line) of every statement that changes ``….query_params``."""
    def is_query_params(node) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "query_params"

    found = []

    def visit(node, function: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        targets = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            if is_query_params(target) or isinstance(target, ast.Subscript) and is_query_params(target.value):
                found.append((function, node.lineno))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in WRITING_METHODS and is_query_params(node.func.value):
            found.append((function, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


def test_only_one_function_writes_the_url():
    writes = {}
    for path in ROOT.rglob("*.py"):
        relative = path.relative_to(ROOT).as_posix()
        if relative.startswith(("tests/", ".")) or "/node_modules/" in relative:
            continue
        for function, line in _url_writes(ast.parse(path.read_text(encoding="utf-8"))):
            writes.setdefault(relative, set()).add(function)
    assert writes == {"ui/state.py": {"_write_url"}}


def test_the_url_scan_finds_every_kind_of_write():
    source = ("def a():\n    st.query_params['x'] = '1'\n"
              "def b():\n    del st.query_params['x']\n"
              "def c():\n    st.query_params.from_dict({})\n"
              "def d():\n    st.query_params.update(x='1')\n"
              "def e():\n    return st.query_params.get('x')\n")
    assert [function for function, _ in _url_writes(ast.parse(source))] == ["a", "b", "c", "d"]


@pytest.mark.parametrize("page, query", [
    ("experts", {"learner": "randomized-weighted-majority"}),
    ("winnow", {"section": "high-dimensional-experiment"}),
    ("perceptron", {"story": "thin-margin", "learner": "kernel-perceptron", "order": "shuffled", "passes": "3",
                    "seed": "4000000000", "gamma": "2.5"}),
    ("multiclass", {"story": "four-classes", "seed": "4000000000"})])
def test_a_pages_widgets_are_its_tables_rows(page, query):
    """The widgets the page draws from its table have the rows' ranges, options and values."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.switch_page(f"views/{page}.py")
    at.query_params.update(query)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    widgets = {w.key: w for kind in ("slider", "number_input", "selectbox", "radio", "checkbox", "toggle",
                                     "segmented_control") for w in getattr(at, kind)}
    link = links.read_query(page, query)
    rows = [row for row in settings.page_settings(page, link.widgets.get(settings.learner_widget(page) or ""))
            if row.widget in widgets]
    assert len(rows) >= (7 if page == "experts" else 3), sorted(widgets)
    for row in rows:
        widget = widgets[row.widget]
        if row.kind in ("int", "float", "range"):
            assert (widget.min, widget.max) == (row.low, row.high), row.widget
        elif row.kind == "choice":
            assert list(widget.options) == [row.shown_option(o) for o in row.options], row.widget
        assert widget.value == link.widgets.get(row.widget, row.default), row.widget
