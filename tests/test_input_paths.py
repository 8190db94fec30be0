"""Every input path of the app refuses bad values with a clear message and keeps the user's points.

Driven through Streamlit's AppTest (the real page scripts, no browser): the CSV
import (file uploader), the Data page's table editor, the weight and θ inputs,
every learner parameter drawn by ``ui.controls.learner_widgets``, the Experts
page's advice table, and URL query parameters.  A refused input must (a) show an
``st.error`` saying what is wrong and (b) leave the point set and its undo
history exactly as they were.  Valid but awkward data — duplicate points,
zero vectors, weights of 0, one class only, 100,000 rows — must work on every
learner page (Step and Play without an exception).

Bad values that a widget's own bounds stop in the browser (θ ≤ 0, a negative
weight, a slider beyond its end) never reach the page: Streamlit replaces a
value outside [min, max] — or a non-finite one — by the widget's default
(``NumberInputSerde`` / ``SliderSerde.deserialize``).  The tests check the
declared bounds and send forged values anyway.
"""

from __future__ import annotations

import math
import re
import time
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from datasets import csv_io
from datasets.pointset import MAX_POINTS, THETA_RANGE, PointSet, UndoStack
from lab import catalog
from lab.limits import trial_limit

ROOT = Path(__file__).resolve().parents[1]
APP = str(ROOT / "app.py")
TIMEOUT = 120
BASE = PointSet([[1.0, 2.0], [-1.0, 0.5], [0.0, 0.0], [2.5, -1.0]], [0, 1, 0, 1], [1.0, 2.0, 0.5, 1.0],
                ("cat", "dog"), [2.0, 1.0])
LEARNER_PAGES = {"views/perceptron.py": "perceptron", "views/winnow.py": "winnow",
                 "views/multiclass.py": "multiclass", "views/priority.py": "priority"}


# ------------------------------------------------------------------ helpers
def session(points: PointSet = BASE, page: str = "views/data.py") -> AppTest:
    """A fresh session holding ``points``, showing ``page``."""
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    at.session_state["undo"] = UndoStack(points)          # ui.state keeps the user's set under "undo"
    at.switch_page(page).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def points_of(at: AppTest) -> PointSet:
    return at.session_state["undo"].current


def history_of(at: AppTest) -> tuple:
    undo = at.session_state["undo"]
    return len(undo), undo.can_undo, undo.can_redo, undo.current.fingerprint()


def shown(markdown: str) -> str:
    """The text a Markdown source shows: backslash escapes and word joiners (ui.controls.literal) removed."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")


def errors(at: AppTest) -> list[str]:
    return [shown(e.value) for e in at.error]


def assert_refused(at: AppTest, before: tuple, prefix: str, expected: str) -> None:
    """No exception, an error starting with ``prefix`` that contains ``expected``, and the points
    and their history untouched."""
    assert not at.exception, [e.value for e in at.exception]
    assert any(text.startswith(prefix) and expected in text for text in errors(at)), errors(at)
    assert history_of(at) == before


def button(at: AppTest, label: str):
    matches = [b for b in at.button if b.label == label]
    assert matches, f"no button {label!r}: {[b.label for b in at.button]}"
    return matches[0]


def player_payload(at: AppTest) -> dict:
    """The run the page hands to its timeline player (the component's data; AppTest runs no JavaScript)."""
    import json

    found = [e for e in at.main if getattr(e, "type", "") == "bidi_component"
             and e.proto.component_name.endswith("timeline")]
    assert len(found) == 1, "the page shows one player"
    return json.loads(json.loads(found[0].proto.json)["payload"])


def upload(at: AppTest, data: bytes, name: str = "points.csv") -> AppTest:
    at.file_uploader(key="data_upload").set_value((name, data, "text/csv")).run()
    at.button(key="data_import").click().run()
    return at


# ------------------------------------------------------------------ CSV import
def rows(n: int) -> bytes:
    return ("x1,x2,label\n" + "".join(f"{i % 97 * 0.1},{i % 89 * -0.1},{'AB'[i % 2]}\n" for i in range(n))).encode()


BAD_FILES = {
    "empty file": (b"", "The file is empty"),
    "header only": (b"x1,x2,label,weight\n", "header but no points"),
    "NaN": (b"x1,x2,label\n1,2,A\nnan,0,B\n", "Line 3: x1 must be a finite number; got 'nan'"),
    "inf": (b"x1,x2,label\n1,-inf,A\n0,0,B\n", "Line 2: x2 must be a finite number; got '-inf'"),
    "text in a numeric column": (b"x1,x2,label\n1,two,A\n", "Line 2: x2 is not a number ('two')"),
    "1e400": (b"x1,x2,label\n1e400,0,A\n", "Line 2: x1 must be a finite number; got '1e400' (too large)"),
    "ragged rows": (b"x1,x2,label\n1,2,A\n3,4,B,9\n", "Line 3 has 4 cells; the header has 3"),
    "binary garbage": (bytes(range(128)) * 4, "binary data (NUL bytes)"),
    "not UTF-8": (b"x1,x2,label\n1,2,\xff\xfe\n", "not UTF-8 text"),
    "seven classes": (b"x1,x2,label\n" + b"".join(b"%d,0,c%d\n" % (i, i) for i in range(7)),
                      "The file has 7 classes"),
    "negative weight": (b"x1,x2,label,weight\n1,2,A,1\n3,4,B,-0.5\n", "Line 3: weight must be \u2265 0"),
    "missing column": (b"x1,x2\n1,2\n", "missing: label"),
    "semicolons": (b"x1;x2;label\n1;2;A\n", "Separate the cells with commas"),
    "over the row cap": (rows(MAX_POINTS + 1), f"more than {MAX_POINTS:,} points"),
}


@pytest.mark.parametrize("data, expected", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_csv_is_refused_with_its_reason_and_the_points_are_kept(data, expected):
    at = session()
    before = history_of(at)
    upload(at, data)
    assert_refused(at, before, "Nothing was imported: ", expected)


def test_a_file_over_the_byte_cap_is_refused_before_it_is_read():
    at = session()
    before = history_of(at)
    data = b"x1,x2,label\n" + b"0,0,A\n" * (csv_io.MAX_BYTES // 6 + 1)
    assert len(data) > csv_io.MAX_BYTES
    upload(at, data)
    assert_refused(at, before, "Nothing was imported: ", "larger than 32 MiB")


def test_the_uploader_states_the_limits():
    at = session()
    help_text = at.file_uploader(key="data_upload").help
    assert f"{MAX_POINTS:,} points" in help_text and "32 MiB" in help_text and "6 classes" in help_text


def test_a_valid_import_replaces_the_points_and_undo_brings_them_back():
    at = session()
    upload(at, b"x1,x2,label,weight\n0,0,b,1\n0,0,b,0\n0,0,a,2\n5,5,a,1\n")
    assert not at.exception and not errors(at)
    imported = points_of(at)
    assert len(imported) == 4 and imported.class_names == ("a", "b")
    button(at, "Undo").click().run()
    assert points_of(at) == BASE


# ------------------------------------------------------------------ the table editor
def edit_table(at: AppTest, edits: dict) -> AppTest:
    """Seed the Data page's table with cell edits, as the browser would send them, and apply them."""
    key = f"data_table_{points_of(at).fingerprint()}"
    at.session_state[key] = {"edited_rows": {}, "added_rows": [], "deleted_rows": [], **edits}
    at.run()
    button(at, "Apply table edits").click().run()
    return at


BAD_EDITS = {
    "text in x1": ({"edited_rows": {0: {"x1": "abc"}}}, "Row 0: x1 is empty"),
    "infinite x2": ({"edited_rows": {1: {"x2": math.inf}}}, "Row 1: x2 must be a finite number"),
    "NaN weight": ({"edited_rows": {2: {"weight": math.nan}}}, "Row 2: weight is empty"),
    "huge x1": ({"edited_rows": {3: {"x1": 1e300}}}, "Row 3: x1 must lie within \u00b11e+09"),
    "negative weight": ({"edited_rows": {1: {"weight": -3.0}}}, "Row 1: weight must be \u2265 0"),
    "empty label": ({"edited_rows": {0: {"label": None}}}, "Row 0: bad label"),
    "unknown label": ({"edited_rows": {0: {"label": "<script>"}}}, "Row 0: unknown class '<script>'"),
    "added row with a missing cell": ({"added_rows": [{"x1": 1.0, "label": "cat", "weight": 1.0}]},
                                      "Row 4: x2 is empty"),
}


@pytest.mark.parametrize("edits, expected", BAD_EDITS.values(), ids=BAD_EDITS.keys())
def test_a_bad_table_edit_is_refused_naming_the_row_and_the_points_are_kept(edits, expected):
    at = session()
    before = history_of(at)
    edit_table(at, edits)
    assert_refused(at, before, "The table was not applied: ", expected)


def test_valid_table_edits_are_applied_and_can_be_undone():
    at = session()
    edit_table(at, {"edited_rows": {0: {"x1": 7.5, "label": "dog"}}, "deleted_rows": [3],
                    "added_rows": [{"x1": 0.0, "x2": 0.0, "label": "cat", "weight": 0.0}]})
    assert not at.exception and not errors(at)
    now = points_of(at)
    assert len(now) == 4 and now.X[0].tolist() == [7.5, 2.0] and now.labels[0] == 1
    assert now.X[-1].tolist() == [0.0, 0.0] and now.weights[-1] == 0.0
    assert now.class_names == BASE.class_names and now.theta.tolist() == BASE.theta.tolist()
    button(at, "Undo").click().run()
    assert points_of(at) == BASE


def test_deleting_every_row_of_the_table_clears_the_points_but_keeps_classes_and_theta():
    at = session()
    edit_table(at, {"deleted_rows": list(range(len(BASE)))})
    assert not at.exception and not errors(at)
    now = points_of(at)
    assert len(now) == 0 and now.class_names == BASE.class_names and now.theta.tolist() == [2.0, 1.0]


# ------------------------------------------------------------------ weights and θ
def test_weight_and_theta_inputs_declare_bounds_that_exclude_bad_values():
    at = session()
    thetas = [n for n in at.number_input if n.key.startswith("data_theta_")]
    weights = [n for n in at.number_input if "weight" in (n.key or "")]
    assert len(thetas) == BASE.n_classes and all(n.min > 0 and n.max <= 1e9 for n in thetas)
    assert weights and all(n.min >= 0 and n.max <= 1e9 for n in weights)
    at.switch_page("views/priority.py").run()
    sliders = [s for s in at.select_slider if s.key.startswith("priority_theta_")]
    assert len(sliders) == BASE.n_classes
    assert all(min(s.options, key=float) == str(THETA_RANGE[0]) or float(min(s.options, key=float)) >= THETA_RANGE[0]
               for s in sliders)
    assert all(THETA_RANGE[0] <= float(option) <= THETA_RANGE[1] for s in sliders for option in s.options)


@pytest.mark.parametrize("value", [-1.0, 0.0, math.nan, math.inf, -math.inf, 1e400, 1e12])
def test_forged_theta_values_leave_the_points_unchanged(value):
    at = session()
    before = history_of(at)
    at.number_input(key="data_theta_0").set_value(value).run()
    assert not at.exception and not errors(at)
    assert history_of(at) == before and points_of(at).theta.tolist() == [2.0, 1.0]


@pytest.mark.parametrize("value", [-3.0, math.nan, math.inf, 1e12])
def test_forged_class_weights_leave_the_points_unchanged(value):
    at = session()
    at.number_input(key="data_class_weight_0").set_value(value).run()
    at.button(key="data_apply_weight_0").click().run()
    assert not at.exception and not errors(at)
    # the forged value was replaced by the input's default (1): the class's weights are 1
    assert points_of(at).weights.tolist() == [1.0, 2.0, 1.0, 1.0]


@pytest.mark.parametrize("value", [-1.0, math.nan, 1e12, "ten"])
def test_forged_priority_sliders_leave_theta_unchanged(value):
    """A value the θ slider does not offer (as a crafted message could send) changes nothing."""
    at = session(page="views/priority.py")
    before = history_of(at)
    at.session_state["priority_theta_0"] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert history_of(at) == before and points_of(at).theta.tolist() == BASE.theta.tolist()


# ------------------------------------------------------------------ learner parameters
def parameter_cases():
    cases = []
    for page, prefix in LEARNER_PAGES.items():
        offered = {"perceptron": ["Perceptron", "Importance-Weighted Perceptron", "Kernel Perceptron"],
                   "winnow": ["Winnow", "Perceptron"],
                   "multiclass": ["Multi-vector Perceptron", "All-pair Perceptron", "Multi-vector IWP",
                                  "Passive-Aggressive"],
                   "priority": ["Apportioned margin"]}[prefix]
        for name in offered:
            if any(p.kind in ("int", "float") for p in catalog.LEARNERS[name].params):
                cases.append(pytest.param(page, name, id=f"{prefix}-{name}"))
    return cases


def learner_session(page: str, name: str, points: PointSet = BASE) -> AppTest:
    at = session(points, page)
    prefix = LEARNER_PAGES[page]
    if page == "views/winnow.py":
        at.segmented_control(key="winnow_section").set_value("2D: step and play").run()
    select = at.selectbox(key=f"{prefix}_learner")
    if select.value != name:
        select.set_value(name).run()
    return at


def assert_run_reaches_the_player(at: AppTest) -> dict:
    """The page built its run without an exception or an error and handed every trial to the player."""
    assert not at.exception, [e.value for e in at.exception]
    assert not errors(at), errors(at)
    payload = player_payload(at)
    passes = next((at.session_state[key] for key in (f"{prefix}_passes" for prefix in LEARNER_PAGES.values())
                   if key in at.session_state), 1)              # Priority makes three by default
    assert payload["T"] == len(points_of(at)) * passes and len(payload["math"]["use"]) == payload["T"]
    return payload


@pytest.mark.parametrize("page, name", parameter_cases())
def test_every_parameter_slider_at_both_ends_runs(page, name):
    prefix = f"{LEARNER_PAGES[page]}_{catalog.LEARNERS[name].cls_name}"
    numeric = [p for p in catalog.LEARNERS[name].params if p.kind in ("int", "float")]
    # "forged": a value far below the slider's range, as a crafted message could send (first case only)
    ends = ("low", "high", "forged") if (page, name) == ("views/perceptron.py", "Perceptron") else ("low", "high")
    at = learner_session(page, name)
    runs = set()
    for end in ends:                      # new values make a new run
        for param in numeric:
            widget = at.slider(key=f"{prefix}_{param.name}")
            assert (widget.min, widget.max) == (param.low, param.high)
            value = getattr(param, end) if end != "forged" else -1e9
            widget.set_value(int(value) if param.kind == "int" else float(value))
        at.run()
        runs.add(assert_run_reaches_the_player(at)["id"])
    assert len(runs) == len(ends)          # every setting made its own run


# ------------------------------------------------------------------ the Experts page's advice table
def experts_session() -> AppTest:
    at = session(page="views/experts.py")
    assert not errors(at)
    return at


BAD_ADVICE = {
    "a 2": {"edited_rows": {0: {"E1": 2}}},
    "a negative cell": {"edited_rows": {3: {"outcome": -1}}},
    "an emptied cell": {"edited_rows": {5: {"E3": None}}},
    "text": {"edited_rows": {5: {"E3": "yes"}}},
    "a row with missing cells": {"added_rows": [{"E1": 1}]},
    "every row deleted": {"deleted_rows": list(range(200))},
}


@pytest.mark.parametrize("edits", BAD_ADVICE.values(), ids=BAD_ADVICE.keys())
def test_a_bad_advice_table_is_refused_and_the_generated_stream_is_used(edits):
    at = experts_session()
    clean = player_payload(at)
    at.session_state["experts_table_noisy experts_16_200_0"] = {"edited_rows": {}, "added_rows": [],
                                                                "deleted_rows": [], **edits}
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("Every cell must be 0 or 1" in text for text in errors(at)), errors(at)
    used = player_payload(at)
    assert (used["advice"], used["outcomes"], used["T"]) == (clean["advice"], clean["outcomes"], 200)
    assert points_of(at) == BASE


def test_a_valid_advice_edit_is_used():
    at = experts_session()
    first = player_payload(at)["outcomes"][0]
    at.session_state["experts_table_noisy experts_16_200_0"] = {
        "edited_rows": {0: {"outcome": 1 - int(first)}}, "added_rows": [], "deleted_rows": []}
    at.run()
    assert not at.exception and not errors(at)
    assert player_payload(at)["outcomes"][0] == str(1 - int(first))


# ------------------------------------------------------------------ URL query parameters
def test_only_the_state_module_reads_the_url():
    """The URL is read and written in one place, ui/state.py (with lab/links.py, which is pure), and no widget is
    bound to it elsewhere; a new parameter needs tests like the ones below."""
    sources = [path for folder in ("views", "ui", "lab", "components") for path in (ROOT / folder).glob("*.py")]
    sources.append(ROOT / "app.py")
    readers = [path.name for path in sources
               if re.search(r"\bst\.(query_params|context\.url)", path.read_text(encoding="utf-8"))]
    assert readers == ["state.py"]
    # the class rooms' HTTP routes read their own requests' queries, not the page's URL
    others = [path.name for path in sources if "query_params" in path.read_text(encoding="utf-8")]
    assert sorted(others) == ["room_routes.py", "state.py"]
    assert not any("bind=" in path.read_text(encoding="utf-8") for path in sources)


@pytest.mark.parametrize("page", ["views/data.py", "views/perceptron.py", "views/experts.py"])
def test_junk_query_parameters_change_nothing(page):
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params.update({"theta": "-1", "data_theta_0": "nan", "perceptron_Perceptron_eta": "1e400",
                            "x": "<script>alert(1)</script>", "seed": ["1", "2"]})
    at.run()
    at.session_state["undo"] = UndoStack(BASE)
    at.switch_page(page).run()
    assert not at.exception and not errors(at)
    assert points_of(at) == BASE


# ------------------------------------------------------------------ valid but awkward data
AWKWARD = {
    "duplicates and a zero vector": PointSet([[1.0, 1.0]] * 4 + [[-1.0, -1.0]] * 4 + [[0.0, 0.0]],
                                             [0] * 4 + [1] * 5, class_names=("a", "b")),
    "contradictory duplicates, weights 0": PointSet([[0.5, 0.5]] * 6 + [[0.0, 0.0]] * 2, [0, 1] * 4,
                                                    [0.0, 1.0, 2.0, 0.0, 1.0, 5.0, 0.0, 0.0]),
    "three classes at the origin": PointSet(np.zeros((6, 2)), [0, 1, 2, 0, 1, 2], class_names=("A", "B", "C")),
}


@pytest.mark.parametrize("page", LEARNER_PAGES)
@pytest.mark.parametrize("data", AWKWARD.values(), ids=AWKWARD.keys())
def test_awkward_but_valid_data_runs_on_every_learner_page(page, data):
    at = session(data, page)
    if page == "views/winnow.py":
        at.segmented_control(key="winnow_section").set_value("2D: step and play").run()
    binary = page in ("views/perceptron.py", "views/winnow.py")
    if binary and len(data.used_classes) > 2:
        assert any("binary" in i.value for i in at.info), [i.value for i in at.info]
        return
    # the page's first learner here; every learner meets such sets in tests/test_extremes.py
    assert_run_reaches_the_player(at)
    assert points_of(at) == data


@pytest.mark.parametrize("page", LEARNER_PAGES)
def test_one_class_only_is_explained_on_every_learner_page(page):
    at = session(PointSet([[0.0, 1.0], [2.0, 3.0]], [1, 1]), page)
    if page == "views/winnow.py":
        at.segmented_control(key="winnow_section").set_value("2D: step and play").run()
    assert not at.exception
    assert any("at least 2 classes" in i.value for i in at.info), [i.value for i in at.info]


def test_a_single_class_file_imports_with_a_spare_class():
    at = session()
    upload(at, b"x1,x2,label\n0,0,only\n1,1,only\n")
    assert not at.exception and not errors(at)
    assert points_of(at).class_names == ("A", "only") and points_of(at).used_classes == (1,)


def test_one_hundred_thousand_imported_rows_open_the_perceptron_page_with_a_bounded_run(capsys):
    """The largest accepted file, imported through the uploader: the page builds the first trials of its
    run up to the Perceptron's limit (lab.limits) and says so, and why; the times are printed, not asserted."""
    at = session(PointSet.empty())
    start = time.perf_counter()
    upload(at, rows(MAX_POINTS))
    imported = time.perf_counter()
    assert not at.exception and not errors(at) and len(points_of(at)) == MAX_POINTS
    at.switch_page("views/perceptron.py").run()
    opened = time.perf_counter()
    assert not at.exception, [e.value for e in at.exception]
    payload = player_payload(at)
    limit = trial_limit("Perceptron", MAX_POINTS, "drawn")
    assert payload["T"] == limit.trials < MAX_POINTS and payload["cut"] == MAX_POINTS
    assert any(f"first {limit.trials:,} trials of {MAX_POINTS:,}: {limit.reason}" in w.value for w in at.warning)
    with capsys.disabled():
        print(f"\n100,000 rows: import {imported - start:.1f} s, open the Perceptron page with its run "
              f"{opened - imported:.1f} s (AppTest, this machine)")
