"""Every reader of untrusted text is linear and bounded (issue 24).

Each reader — a link of every page, a lab file, a CSV, a canvas event, a packed point set, the lesson
and challenge values of the URL — gets adversarial inputs of 10 KB to 1 MB built to make a
backtracking pattern or a conversion slow (long digit runs with a bad last character, runs of
'1.', '+', 'e', brackets, a huge integer).  Each must answer (a value or a ValueError) within
:data:`BOUND` seconds — an upper limit only, taken as the best of three tries so that a busy machine
does not fail it; the old link reader took 1.3–1.6 s on 8,000 digits.  Half a second is ~100 times what a
linear reader takes here, room for a loaded 2-core CI machine, and a quadratic reader of the 1 MB inputs would
take hours, so the bound still tells linear from quadratic.

Then the exact reports: a link's real count of fields, a bool is not a version, a huge integer in
a lab file gets the lab's own message, superscript digits in the URL do not break a page.
"""

from __future__ import annotations

import json
import time

import pytest
from streamlit.testing.v1 import AppTest

from components.canvas import check_canvas_event, event_id, parse_canvas_event
from datasets import csv_io
from lab import links
from lab.pointcodec import decode_points
from tests.parallel import TIMED

pytestmark = TIMED                      # wall times against a bound: never beside another timed or heavy test

APP = str(__import__("pathlib").Path(__file__).resolve().parents[1] / "app.py")
BOUND = 0.5
SIZES = (10_000, 100_000, 1_000_000)


def hostile_texts(size: int) -> dict:
    """Texts of about ``size`` characters, each built to make a backtracking number pattern quadratic."""
    run = size // 2
    return {"digits then x": "1" * size + "x", "digits dot digits then x": "1" * run + "." + "1" * run + "x",
            "ones and dots": "1." * run, "signs": "+" * size, "exponents": "1e" * run,
            "dots": "." * size, "superscripts": "\u00b2" * size, "arabic digits": "\u0661" * size,
            "spaces then digits": " " * run + "1" * run + "x", "commas": "1," * run}


def seconds(call, *args) -> float:
    """Best of three wall times of ``call(*args)`` (ValueError is an answer too)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        try:
            call(*args)
        except ValueError:
            pass
        best = min(best, time.perf_counter() - start)
    return best


def _cases():
    for size in SIZES:
        for name, text in hostile_texts(size).items():
            yield pytest.param(size, text, id=f"{name}-{size // 1000}k")


CASES = list(_cases())


def keys_of_every_page():
    for page in links.PAGES:
        keys = {f.key for f in links.page_fields(page)}
        for learner in links.catalog.PAGES.get(page, ()):
            keys |= {f.key for f in links.page_fields(page, learner)}
        yield page, sorted(keys | {"t", "present", "theta", "gseed", "story"})


# ------------------------------------------------------------------ links
@pytest.mark.parametrize("size,text", CASES)
def test_every_field_of_every_page_reads_a_hostile_value_in_linear_time(size, text):
    for page, keys in keys_of_every_page():
        for key in keys:
            assert seconds(links.read_query, page, {key: text}) < BOUND, (page, key)


@pytest.mark.parametrize("size,text", CASES)
def test_generator_arguments_and_theta_read_a_hostile_value_in_linear_time(size, text):
    from datasets import generators
    for name, generator in generators.GENERATORS.items():
        for param in generator.params:
            assert seconds(links.read_query, "perceptron", {"gen": name, f"g.{param.name}": text}) < BOUND
    assert seconds(links.read_query, "priority", {"story": "thin-margin", "theta": text}) < BOUND
    assert seconds(links.read_query, "data", {"gen": "moons", "gseed": text}) < BOUND


def test_the_reported_link_is_refused_at_once():
    """/perceptron?gen=moons&g.noise=1…1x with 24,000 ones froze a server for 13.6 s."""
    query = {"gen": "moons", "g.noise": "1" * 24_000 + "x"}
    assert seconds(links.read_query, "perceptron", query) < BOUND
    link = links.read_query("perceptron", query)
    assert link.data is None and "24,001 characters" in link.problems[0]


@pytest.mark.parametrize("size", SIZES)
def test_packed_points_and_many_keys_are_bounded(size):
    assert seconds(links.read_query, "data", {"pts": "A" * size + "!"}) < BOUND
    assert seconds(decode_points, "A" * size) < BOUND
    many = {f"k{i}": "1" for i in range(size // 10)}
    assert seconds(links.read_query, "perceptron", many) < BOUND
    long_keys = {"x" * size + str(i): "1" for i in range(3)}
    assert seconds(links.read_query, "perceptron", long_keys) < BOUND


def test_a_link_reports_its_real_count_of_fields():
    link = links.read_query("perceptron", {f"k{i}": "1" for i in range(300)})
    assert link.problems[0] == f"The link has 300 fields; only the first {links.MAX_FIELDS} are read."


# ------------------------------------------------------------------ lab files
def lab_document(**changes) -> dict:
    document = {"format": links.FILE_FORMAT, "version": links.FILE_VERSION, "page": "perceptron",
                "settings": {}, "data": {"class_names": ["a", "b"], "x1": [0.0, 1.0], "x2": [1.0, 0.0],
                                         "label": [0, 1], "weight": [1.0, 1.0]}}
    document.update(changes)
    return document


def hostile_files(size: int) -> dict:
    head = json.dumps(lab_document())[:-1]
    return {
        "huge integer": f'{head}, "x": {"1" * size}}}'.encode(),
        "huge float": f'{head}, "x": 0.{"1" * size}}}'.encode(),
        "empty lists": f'{head}, "x": [{"[]," * (size // 3)}[]]}}'.encode(),
        "empty tables": f'{head}, "x": [{"{},".join([""] * (size // 3))}]}}'.encode(),
        "deep nesting": ("[" * size).encode(),
        "long string": f'{head}, "x": "{"a" * size}"}}'.encode(),
        "settings of digits": json.dumps(lab_document(settings={"passes": "1" * size + "x",
                                                                  "gamma": "1." * (size // 2)})).encode(),
        "many small strings": (head + ', "x": [' + ",".join(['"ab"'] * (size // 5)) + "]}").encode(),
    }


@pytest.mark.parametrize("size", SIZES)
def test_a_hostile_lab_file_is_answered_in_linear_time(size):
    for name, content in hostile_files(size).items():
        assert seconds(links.read_lab_file, content) < BOUND, name


def test_a_lab_file_of_empty_lists_is_refused_before_it_is_parsed(monkeypatch):
    """The 29 MB file of ``[],[],…`` raised the server by 830 MB; such a file never reaches json.loads."""
    parsed = []
    monkeypatch.setattr(links.json, "loads", lambda *a, **k: parsed.append(1) or {})
    for content in (b"[" + b"[]," * 200_000 + b"[]]", b"{" + b'"a":{},' * 100_000 + b'"b":{}}',
                    b" " * (links.MAX_FILE_BYTES + 1)):
        link = links.read_lab_file(content)
        assert link.data is None and link.problems
    assert parsed == []


def test_the_largest_lab_file_a_user_can_save_is_read():
    """100,000 points at full precision, six classes with names of 40 four-byte characters: within the cap."""
    import numpy as np
    from datasets.pointset import MAX_CLASSES, MAX_NAME_LENGTH, MAX_POINTS, MAX_VALUE, PointSet
    rng = np.random.default_rng(1)
    X = (rng.random((MAX_POINTS, 2)) * 2 - 1) * MAX_VALUE * 0.999
    names = ["\U0001F600" * (MAX_NAME_LENGTH - 2) + f"{i:02d}" for i in range(MAX_CLASSES)]
    points = PointSet.from_arrays(X, rng.integers(0, MAX_CLASSES, MAX_POINTS), weights=rng.random(MAX_POINTS) + 0.5,
                                  class_names=names, theta=np.linspace(0.5, 5, MAX_CLASSES))
    text = links.lab_file("multiclass", {}, points, trial=3)
    assert len(text.encode()) < links.MAX_FILE_BYTES
    link = links.read_lab_file(text.encode())
    assert link.problems == [] and link.data.make() == points


def test_a_huge_integer_gets_the_labs_own_message():
    head = json.dumps(lab_document())[:-1]
    link = links.read_lab_file(f'{head}, "trial": {"7" * 5000}}}'.encode())
    assert link.data is None
    assert "5,000 characters" in link.problems[0]
    assert "int_max_str_digits" not in link.problems[0] and "Exceeds the limit" not in link.problems[0]


@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_only_the_whole_number_1_is_version_1(version):
    link = links.read_lab_file(json.dumps(lab_document(version=version)).encode())
    assert link.data is None and "another version" in link.problems[0]
    assert links.read_lab_file(json.dumps(lab_document()).encode()).problems == []


# ------------------------------------------------------------------ CSV
@pytest.mark.parametrize("size,text", CASES)
def test_a_hostile_csv_cell_is_answered_in_linear_time(size, text):
    for column in ("x1", "x2", "label", "weight"):
        cells = {"x1": "1", "x2": "2", "label": "a", "weight": "1"}
        cells[column] = text.replace(",", ";")
        content = "x1,x2,label,weight\n" + ",".join(cells.values()) + "\n0,0,b,1\n"
        assert seconds(csv_io.read_points_csv, content) < BOUND, column
    assert seconds(csv_io.read_points_csv, f"x1,x2,label\n{text}\n") < BOUND


@pytest.mark.parametrize("size", SIZES)
def test_a_hostile_csv_shape_is_answered_in_linear_time(size):
    for content in ("x1,x2,label\n" + "\n" * size, "x1,x2,label\n" + "," * size + "\n",
                    "x1,x2,label\n" + '"' * size + "\n", "x1,x2,label\n1, 2" + ",5" * (size // 2) + "\n",
                    "x1,x2,label\n" + "1 " * (size // 2) + ",2,a\n"):
        assert seconds(csv_io.read_points_csv, content) < BOUND


# ------------------------------------------------------------------ canvas events
@pytest.mark.parametrize("size,text", CASES)
def test_a_hostile_canvas_event_is_answered_in_linear_time(size, text):
    events = [{"type": "add", "x": text, "y": 0, "class": 0, "id": text},
              {"type": text, "x": 0, "y": 0, "id": "a"},
              {"type": "lasso", "xs": [text] * 3, "ys": [0, 1, 0], "id": "b"},
              {"type": "lasso", "xs": list(range(size)), "ys": list(range(size)), "id": "c"},
              {"type": "box", "x0": 0, "x1": 1, "y0": 0, "y1": 1, "id": "d", **{str(i): i for i in range(size // 10)}},
              [[]] * (size // 2)]
    for event in events:
        assert seconds(check_canvas_event, event, 3) < BOUND
        assert seconds(parse_canvas_event, event, 3) < BOUND
        assert seconds(event_id, event) < BOUND


# ------------------------------------------------------------------ lesson and challenge values (ui/state.py)
@pytest.mark.parametrize("size,text", CASES)
def test_a_hostile_url_number_is_answered_in_linear_time(size, text):
    from ui.state import _whole
    assert seconds(_whole, text, 0, 10_000) < BOUND
    assert _whole(text, 0, 10**9) is None


@pytest.mark.parametrize("value", ["\u00b2", "\u00b9\u00b2", "\u0661", "\uff11", "1\u00b2", " 1", "+1", "", "99999999"])
def test_superscript_and_other_unicode_digits_are_no_whole_number(value):
    from ui.state import _whole
    assert _whole(value, 0, 10**9) is None
    assert _whole("12", 0, 100) == 12


@pytest.mark.parametrize("page,query", [
    ("views/lessons.py", {"lesson": "\u00b2"}),
    ("views/lessons.py", {"lesson": "1", "screen": "\u00b2"}),
    ("views/challenges.py", {"challenge": "winnow,winnow=\u00b2"}),
    ("views/challenges.py", {"challenge": "winnow,winnow=" + "1" * 100_000}),
])
def test_superscript_digits_in_the_url_do_not_break_a_page(page, query):
    """/lessons?lesson=², /lessons?lesson=1&screen=², /challenges?challenge=winnow,winnow=² showed
    Streamlit's generic error page: str.isdigit() accepts '²', int() does not."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.switch_page(page)
    at.query_params.update(query)
    at.run()
    assert not at.exception
    if page.endswith("lessons.py"):
        assert at.session_state["lesson_at"] == (0, 0)       # the first lesson's first screen
    else:
        assert at.session_state["challenge_best"] == {}
