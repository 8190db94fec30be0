"""Links and lab files (lab/links.py, lab/pointcodec.py): exact round trips, sizes, and hostile input.

The property tests throw generated query strings, packed point sets and lab files at the
readers — more than 1,000 of each kind — and check the readers' promise: they never raise,
keep only values that obey the field's rule, and say what they dropped.
"""

from __future__ import annotations

import base64
import json
import math
import zlib
from urllib.parse import urlencode

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from datasets.pointset import MAX_VALUE, THETA_RANGE, PointSet, too_near_origin
from lab import catalog, links
from lab.links import (MAX_LINK, DataRef, describe, lab_file, page_fields, query_of, read_lab_file,
                       read_query)
from lab.pointcodec import decode_points, encode_points
from lab.settings import Setting, _number_text
from lab.stories import STORIES, make_points

MANY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOME = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: a long host and page, as a lab served behind a university's proxy might have
BASE = "https://mistake-bound-lab.cs.example-university.edu:8501/perceptron?"


# ------------------------------------------------------------------ strategies
finite = st.floats(-MAX_VALUE, MAX_VALUE, allow_nan=False, allow_infinity=False)
names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp")),
                min_size=1, max_size=12).filter(lambda s: s.strip())


@st.composite
def point_sets(draw, max_points=60):
    k = draw(st.integers(2, 6))
    n = draw(st.integers(0, max_points))
    coords = draw(st.one_of(
        st.lists(finite, min_size=2 * n, max_size=2 * n),
        st.lists(st.integers(-10**6, 10**6).map(lambda v: v / 100), min_size=2 * n, max_size=2 * n)))
    labels = draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    weights = draw(st.one_of(st.none(), st.lists(st.floats(0, 1e6, allow_nan=False), min_size=n, max_size=n)))
    theta = draw(st.one_of(st.none(), st.lists(st.floats(*THETA_RANGE), min_size=k, max_size=k)))
    class_names = draw(st.lists(names, min_size=k, max_size=k, unique_by=lambda s: s.strip()))
    X = np.array(coords, dtype=float).reshape(n, 2)
    X[too_near_origin(X)] = 0.0                       # a set refuses them (the learners' products would underflow)
    return PointSet.from_arrays(X, labels, weights=weights, class_names=class_names, theta=theta)


def valid_value(draw, field: Setting):
    if field.kind == "choice":
        return draw(st.sampled_from(field.options))
    if field.kind == "bool":
        return draw(st.booleans())
    if field.kind == "int":
        return draw(st.integers(int(field.low), int(field.high)))
    if field.kind == "range":
        pair = sorted(draw(st.lists(st.floats(field.low, field.high), min_size=2, max_size=2)))
        return tuple(pair)
    if field.kind == "numbers":          # a text input's list: the widget holds "1, 10" (each number's shortest text)
        numbers = draw(st.lists(st.floats(field.low, field.high), min_size=1, max_size=3))
        return ", ".join(_number_text(v) for v in numbers)
    return draw(st.floats(field.low, field.high))


@st.composite
def page_states(draw):
    """(page, widget values) of a page, every field valid."""
    page = draw(st.sampled_from(links.PAGES))
    learner = None
    if page in catalog.PAGES:
        learner = draw(st.sampled_from(catalog.PAGES[page]))
    widgets = {}
    for field in page_fields(page, learner):
        widgets[field.widget] = learner if field.key == "learner" else valid_value(draw, field)
    return page, widgets


KNOWN_KEYS = sorted({f.key for page in links.PAGES for name in (catalog.PAGES.get(page) or (None,))
                     for f in page_fields(page, name)} | links.DATA_KEYS | {"t", "present", "g.n", "g.noise"})
hostile_text = st.one_of(
    st.text(max_size=40), st.sampled_from(["nan", "NaN", "inf", "-inf", "1e308", "1e999", "-0", "0x10", "1_000",
                                           "<script>alert(1)</script>", "**bold**", "$x$", "  3 ", "", "1,2,3",
                                           "9" * 500, "thin-margin", "xor", "kernel-perceptron", "Perceptron",
                                           "0.1,0.05", "1,1", "Ⅻ", "٣", "\u0000", "%00", "../../etc/passwd"]),
    st.integers(-10**30, 10**30).map(str), st.floats().map(repr))
hostile_queries = st.dictionaries(
    st.one_of(st.sampled_from(KNOWN_KEYS), st.text(max_size=12)),
    st.one_of(hostile_text, st.lists(hostile_text, max_size=3)), max_size=20)


def assert_obeys_the_fields(link):
    """Every value a Link keeps is one its widget could hold."""
    learner_key = links.learner_widget(link.page)
    learner = link.widgets.get(learner_key) if learner_key else None
    allowed = {f.widget: f for f in page_fields(link.page, learner)}
    for widget, value in link.widgets.items():
        field = allowed[widget]
        if field.kind == "choice":
            assert value in field.options
        elif field.kind == "bool":
            assert value in (True, False)
        elif field.kind == "range":
            assert field.low <= value[0] <= value[1] <= field.high
        elif field.kind == "numbers":
            numbers = [float(piece) for piece in value.split(", ")]
            assert numbers and all(math.isfinite(v) and field.low <= v <= field.high for v in numbers)
            assert value == ", ".join(_number_text(v) for v in numbers)
        else:
            assert isinstance(value, int if field.kind == "int" else float) and not isinstance(value, bool)
            assert math.isfinite(value) and field.low <= value <= field.high
    assert all(isinstance(p, str) and p for p in link.problems)
    if link.trial is not None:
        assert isinstance(link.trial, int) and link.trial >= 0


# ------------------------------------------------------------------ points
@MANY
@given(point_sets())
def test_packed_points_come_back_exactly(points):
    assert decode_points(encode_points(points)) == points        # same fingerprint: every bit


def test_a_negative_zero_comes_back_exactly():
    """Hypothesis found (0, −0.0): the packed link gave back +0.0, another fingerprint (a CSV keeps −0.0 too)."""
    points = PointSet.from_arrays(np.array([[0.0, -0.0], [-0.0, 1.0]]), np.array([0, 1]))
    back = decode_points(encode_points(points))
    assert back == points and np.signbit(back.X[0, 1]) and np.signbit(back.X[1, 0])


def test_three_hundred_clicked_points_fit_in_a_link_with_their_settings():
    """The worst case of hand-drawn points: clicks land anywhere (float64 coordinates that no decimal
    scale reproduces), two classes, weights of 1.  Measured: the whole URL's length."""
    rng = np.random.default_rng(0)
    points = PointSet.from_arrays(rng.uniform(-4.3, 4.3, size=(300, 2)), rng.integers(0, 2, 300))
    widgets = {f.widget: f.default for f in page_fields("perceptron", "Kernel Perceptron")}
    widgets["perceptron_learner"] = "Kernel Perceptron"
    query = query_of("perceptron", widgets, DataRef(points=points), defaults=True)
    url = BASE + urlencode({**query, "t": "299", "present": "1"})
    print(f"300 clicked points: URL of {len(url):,} characters")
    assert len(url) <= MAX_LINK
    link = read_query("perceptron", dict(q.split("=", 1) for q in url.split("?", 1)[1].split("&")))
    assert link.problems == [] and link.data.make() == points and link.trial == 299
    # points with a few decimals (typed, imported, generated) take a fraction of that
    rounded = PointSet.from_arrays(np.round(points.X, 2), points.labels)
    assert len(encode_points(rounded)) < len(encode_points(points)) / 3


def test_a_set_too_large_for_a_link_is_said_not_to_fit():
    rng = np.random.default_rng(1)
    points = PointSet.from_arrays(rng.normal(size=(1000, 2)), rng.integers(0, 2, 1000))
    query = query_of("data", {}, DataRef(points=points))
    assert not links.fits_link(query)


@MANY
@given(st.one_of(st.text(max_size=200), st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                                          "0123456789-_", max_size=300)))
def test_junk_in_place_of_packed_points_is_a_clear_value_error(text):
    try:
        points = decode_points(text)
    except ValueError as error:
        assert str(error).startswith(("The points in", "A point set", "A class", "Labels", "θ", "The class"))
    else:
        assert isinstance(points, PointSet)


@MANY
@given(point_sets(max_points=20), st.data())
def test_damaged_packed_points_never_raise_anything_but_value_error(points, data):
    text = encode_points(points)
    how = data.draw(st.sampled_from(["cut", "flip", "insert"]))
    at = data.draw(st.integers(0, max(len(text) - 1, 0)))
    if how == "cut":
        damaged = text[:at]
    elif how == "flip":
        damaged = text[:at] + data.draw(st.sampled_from("AZaz09-_")) + text[at + 1:]
    else:
        damaged = text[:at] + data.draw(st.text("Aa0_-", min_size=1, max_size=4)) + text[at:]
    try:
        decoded = decode_points(damaged)
    except ValueError:
        return
    assert isinstance(decoded, PointSet)


def test_a_packed_zip_bomb_is_refused_before_it_is_inflated():
    bomb = base64.urlsafe_b64encode(zlib.compress(b"\x01" + b"\x00" * 50_000_000, 9)).rstrip(b"=").decode()
    assert len(bomb) < 80_000
    with pytest.raises(ValueError, match="at most|unpack to more"):
        decode_points(bomb)


# ------------------------------------------------------------------ query strings
@MANY
@given(st.sampled_from(links.PAGES + ("nonsense", "<b>")), hostile_queries)
def test_hostile_query_strings_never_break_the_reader(page, query):
    link = read_query(page, query)
    assert link.page in links.PAGES
    assert_obeys_the_fields(link)
    if link.data is not None:
        assert isinstance(link.data.make(), PointSet)


@SOME
@given(page_states(), st.one_of(st.none(), st.sampled_from(sorted(STORIES))), st.integers(0, 10**6),
       st.booleans())
def test_a_page_state_survives_the_query_string(state, story, trial, present):
    page, widgets = state
    data = DataRef(story=story) if story else None
    query = query_of(page, widgets, data, defaults=True)
    query.update({"t": str(trial), **({"present": "1"} if present else {})})
    link = read_query(page, query)
    assert link.problems == []
    assert link.widgets == widgets
    assert link.trial == trial and link.present == present
    assert link.data == data


def test_numbers_travel_as_the_shortest_text_that_reads_back_exactly():
    field = Setting("eta", "w", "float", 1.0, 0.0, 5.0)
    for value in (0.1, 0.30000000000000004, 1e-05, 2.0, 4.999999999999999):
        assert field.parse(field.format(value)) == value
    assert field.format(2.0) == "2" and field.format(0.1) == "0.1"


@pytest.mark.parametrize("text, reason", [
    ("nan", "not a decimal"), ("inf", "not a decimal"), ("1e308", "outside"), ("-1", "outside"),
    ("1_0", "not a decimal"), ("0x1", "not a decimal"), ("<b>1</b>", "not a decimal"), ("9" * 100, "not a short")])
def test_a_bad_number_is_dropped_with_its_reason(text, reason):
    link = read_query("perceptron", {"learner": "perceptron", "eta": text})
    assert "perceptron_Perceptron_eta" not in link.widgets
    assert any(reason in problem and "eta" in problem for problem in link.problems), link.problems


def test_markup_in_a_link_is_quoted_never_kept():
    link = read_query("perceptron", {"learner": "<img src=x onerror=alert(1)>", "story": "<script>x</script>"})
    assert link.widgets == {} and link.data is None
    assert all("<img src=x onerror" not in p or "'<img" in p for p in link.problems)


def test_data_named_twice_uses_the_packed_points_and_says_so():
    points = PointSet.from_arrays([[0.0, 1.0], [1.0, 0.0]], [0, 1])
    link = read_query("data", {"pts": encode_points(points), "story": "xor"})
    assert link.data.make() == points and any("twice" in p for p in link.problems)


def test_theta_of_the_wrong_length_or_range_is_dropped():
    assert read_query("priority", {"story": "priority", "theta": "1,2"}).data.theta is None
    assert read_query("priority", {"story": "priority", "theta": "1,2,3,1000"}).data.theta is None
    assert read_query("priority", {"story": "priority", "theta": "1,2,3,4"}).data.theta == (1, 2, 3, 4)


def test_a_generator_link_makes_the_generators_points():
    link = read_query("data", {"gen": "xor", "g.n": "50", "g.noise": "0.2", "gseed": "9"})
    assert link.problems == []
    from datasets import generators
    assert link.data.make() == generators.make("xor", seed=9, n=50, noise=0.2)
    bad = read_query("data", {"gen": "xor", "g.n": "5000", "gseed": "9"})
    assert bad.data is None and "g.n" in bad.problems[0] and "outside 10 to 1000" in bad.problems[0]


# ------------------------------------------------------------------ describing the session's data
def test_points_are_named_by_their_story_until_they_change():
    story = DataRef(story="priority")
    made = make_points(STORIES["priority"])
    assert describe(made, story, made) == story
    theta = describe(made.set_theta([1, 1, 1, 10]), story, made)
    assert theta.story == "priority" and theta.theta == (1, 1, 1, 10)
    edited = made.add_points([[0.0, 0.0]], 0)
    assert describe(edited, story, made) == DataRef(points=edited)
    assert describe(made, None, None) == DataRef(points=made)


# ------------------------------------------------------------------ lab files
@SOME
@given(page_states(), point_sets(), st.one_of(st.none(), st.integers(0, 10**6)), st.booleans())
def test_a_lab_file_brings_back_page_settings_points_and_trial(state, points, trial, present):
    page, widgets = state
    link = read_lab_file(lab_file(page, widgets, points, trial=trial, present=present))
    assert link.problems == []
    assert (link.page, link.widgets, link.trial, link.present) == (page, widgets, trial, present)
    assert link.data.make() == points


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**400, 10**400), st.floats(), st.text(max_size=20)),
    lambda children: st.one_of(st.lists(children, max_size=5), st.dictionaries(st.text(max_size=8), children,
                                                                                  max_size=5)), max_leaves=30)


@MANY
@given(st.data())
def test_hostile_lab_files_never_break_the_reader(data):
    valid = json.loads(lab_file("perceptron", {"perceptron_learner": "Perceptron"},
                                PointSet.from_arrays([[0.0, 1.0], [1.0, 0.0]], [0, 1]), trial=1))
    how = data.draw(st.sampled_from(["replace", "junk", "text"]))
    if how == "replace":           # a valid file with one part swapped for anything
        key = data.draw(st.sampled_from(["page", "settings", "data", "trial", "present", "version", "format"]))
        if key == "data":
            column = data.draw(st.sampled_from(["x1", "x2", "label", "weight", "class_names", "theta"]))
            valid["data"][column] = data.draw(json_values)
        else:
            valid[key] = data.draw(json_values)
        content = json.dumps(valid, allow_nan=True).encode()
    elif how == "junk":
        content = json.dumps(data.draw(json_values), allow_nan=True).encode()
    else:
        content = data.draw(st.binary(max_size=200))
    link = read_lab_file(content)
    assert link.page in links.PAGES
    assert_obeys_the_fields(link)
    if link.data is not None:
        assert isinstance(link.data.make(), PointSet)
    else:
        assert link.problems


def test_a_lab_file_nested_thousands_deep_is_refused_with_a_message():
    deep = '{"format": "mistake-bound-lab", "version": 1, "data": ' + "[" * 100_000 + "]" * 100_000 + "}"
    link = read_lab_file(deep)
    assert link.data is None and link.problems


def test_nan_and_infinity_in_a_lab_file_are_refused():
    text = lab_file("data", {}, PointSet.from_arrays([[0.0, 1.0], [1.0, 0.0]], [0, 1]))
    link = read_lab_file(text.replace("[0.0, 1.0]", "[NaN, 1.0]", 1))
    assert link.data is None and any("NaN" in p for p in link.problems)


# ------------------------------------------------------------------ the theme in a lab file (issue 28)
@pytest.mark.parametrize("theme", links.THEMES)
def test_a_lab_file_keeps_the_theme_it_was_saved_in(theme):
    points = PointSet.from_arrays([[0.0, 1.0], [1.0, 0.0]], [0, 1])
    link = read_lab_file(lab_file("perceptron", {"perceptron_learner": "Perceptron"}, points, trial=1, theme=theme))
    assert link.problems == [] and link.theme == theme and link.trial == 1


def test_a_lab_file_without_a_theme_names_none():
    document = json.loads(lab_file("data", {}, PointSet.from_arrays([[0.0, 1.0], [1.0, 0.0]], [0, 1])))
    document.pop("theme", None)                       # a file saved before the lab kept its theme
    link = read_lab_file(json.dumps(document))
    assert link.problems == [] and link.theme is None and link.data is not None


@pytest.mark.parametrize("value, reason", [("neon", "'neon' is not one of default, projector"),
                                           (["projector"], "not a short text value"),
                                           ("<b>projector</b>", "'<b>projector</b>' is not one of")])
def test_a_bad_theme_in_a_lab_file_is_dropped_with_its_reason_and_the_rest_kept(value, reason):
    document = json.loads(lab_file("data", {}, PointSet.from_arrays([[0.0, 1.0], [1.0, 0.0]], [0, 1]), trial=1))
    document["theme"] = value
    link = read_lab_file(json.dumps(document))
    assert link.theme is None and link.trial == 1 and link.data is not None
    assert len(link.problems) == 1 and link.problems[0].startswith("Ignored theme: ") and reason in link.problems[0]


def test_a_lab_file_is_not_written_with_a_theme_the_lab_does_not_have():
    with pytest.raises(ValueError, match="theme"):
        lab_file("data", {}, PointSet.from_arrays([[0.0, 1.0], [1.0, 0.0]], [0, 1]), theme="neon")


@SOME
@given(json_values)
def test_any_json_value_as_the_theme_leaves_a_theme_of_the_lab_or_none(value):
    document = json.loads(lab_file("data", {}, PointSet.from_arrays([[0.0, 1.0], [1.0, 0.0]], [0, 1])))
    document["theme"] = value
    link = read_lab_file(json.dumps(document, allow_nan=True))
    assert link.theme in (None, *links.THEMES)
    if link.data is None:                     # the file refused as a whole (a number longer than any field's)
        assert link.theme is None and link.problems[0].startswith("The lab file could not be read")
        return
    assert (link.theme is None and value is not None) == any(p.startswith("Ignored theme") for p in link.problems)
