"""Point sets, generators and CSV import/export: validation, round trips, never a partial change."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from datasets import csv_io, generators
from datasets.pointset import PointSet, UndoStack


def sample():
    return PointSet.from_arrays([[0.0, 0.0], [1.5, -2.0], [3.0, 1.0]], [0, 1, 1], weights=[1.0, 2.0, 0.5])


def test_edits_return_new_sets_and_leave_the_old_one_untouched():
    points = sample()
    before = points.fingerprint()
    added = points.add_points([[5.0, 5.0]], label=0, weight=3.0)
    assert len(added) == 4 and len(points) == 3 and points.fingerprint() == before
    assert len(points.remove([0])) == 2 and len(points.erase_near([1.4, -2.1], 0.5)) == 2
    assert len(points.erase_near([10.0, 10.0], 0.5)) == 3
    assert points.set_weights("class:1", 4.0).weights.tolist() == [1.0, 4.0, 4.0]
    assert points.with_class_count(4).class_names == ("A", "B", "C", "D")
    with pytest.raises(ValueError):
        points.X[0, 0] = 9.0          # arrays are read-only


@pytest.mark.parametrize("edit, text", [
    (lambda p: p.add_points([[np.inf, 0.0]], 0), "finite"),
    (lambda p: p.add_points([[0.0, 0.0]], 7), "class must be"),
    (lambda p: p.add_points([[0.0, 0.0]], 0, weight=-1.0), "weight"),
    (lambda p: p.set_theta([1.0, 0.0]), "positive"),
    (lambda p: p.set_theta([1.0]), "one priority per class"),
    (lambda p: p.with_class_count(7), "between 2 and 6"),
    (lambda p: p.set_weights([0], np.nan), "weight"),
])
def test_bad_edits_raise_and_change_nothing(edit, text):
    points = sample()
    before = points.fingerprint()
    with pytest.raises(ValueError, match=text):
        edit(points)
    assert points.fingerprint() == before


def test_undo_stack_undoes_and_redoes():
    stack = UndoStack(PointSet.empty())
    stack.push(sample())
    stack.push(sample().clear())
    assert stack.undo() and len(stack.current) == 3
    assert stack.undo() and len(stack.current) == 0 and not stack.undo()
    assert stack.redo() and len(stack.current) == 3


@pytest.mark.parametrize("name", sorted(generators.GENERATORS))
def test_generators_are_seeded_and_valid(name):
    a = generators.make(name, seed=4)
    b = generators.make(name, seed=4)
    c = generators.make(name, seed=5)
    assert a == b and a != c and len(a) > 0
    assert np.all(np.isfinite(a.X))


@pytest.mark.parametrize("gamma", [0.0, 0.1, 0.5, 1.0])
def test_linearly_separable_respects_its_margin(gamma):
    points = generators.linearly_separable(n=200, margin_gamma=gamma, seed=3)
    from learners.comparators import max_margin_separator
    F = np.c_[points.X, np.ones(len(points))]
    separator = max_margin_separator(F, np.where(points.labels == 1, 1.0, -1.0))
    assert separator.separable
    # the hidden line has margin ≥ γ in the plane; the best separator can only do better
    u = separator.u / np.linalg.norm(separator.u[:2])
    assert np.min(np.where(points.labels == 1, 1, -1) * (F @ u)) >= gamma - 1e-6


def test_spray_stays_inside_its_box():
    X = generators.spray((1.0, -1.0, 2.0, 3.0), 500, seed=1)
    assert X.shape == (500, 2) and np.all((X[:, 0] >= -1) & (X[:, 0] <= 1) & (X[:, 1] >= 2) & (X[:, 1] <= 3))


def test_csv_round_trip_is_exact_with_odd_labels():
    points = PointSet.from_arrays([[0.1, 1e-300], [-2.5, 3.141592653589793], [1e6, -7.0]], [0, 1, 2],
                                  weights=[0.0, 2.5, 1.0 / 3.0], class_names=("<b>x</b>", "naïve ☃", "z,y"))
    back = csv_io.read_points_csv(csv_io.write_points_csv(points))
    assert back == points


@pytest.mark.parametrize("text, message", [
    ("", "empty"), ("x1,x2,label\n", "no points"), ("a,b,c\n1,2,A\n", "missing"),
    ("x1,x2,label\n1,nan,A\n", "finite"), ("x1,x2,label\n1,abc,A\n", "not a number"),
    ("x1,x2,label\n1,1e400,A\n", "finite"), ("x1,x2,label\n1,2,A,4\n", "cells"),
    ("x1,x2,label,weight\n1,2,A,-1\n", "≥ 0"),
    ("x1,x2,label\n" + "".join(f"{i},0,c{i}\n" for i in range(7)), "at most 6"),
    ("x1,x2,label\n1,2,\n", "empty"),
])
def test_bad_csv_files_are_refused_with_the_reason(text, message):
    with pytest.raises(ValueError, match=message):
        csv_io.read_points_csv(text)


def test_binary_garbage_and_oversized_files_are_refused():
    with pytest.raises(ValueError, match="UTF-8|binary"):
        csv_io.read_points_csv(bytes(range(256)) * 4)
    with pytest.raises(ValueError, match="at most"):
        csv_io.read_points_csv("x1,x2,label\n" + "1,2,A\n" * 11, max_rows=10)


def test_awkward_but_valid_data_is_accepted():
    text = "x1,x2,label\n0,0,A\n0,0,A\n0,0,A\n"              # duplicates at the origin, one class
    points = csv_io.read_points_csv(text)
    assert len(points) == 3 and points.used_classes == (0,)
    big = "x1,x2,label,weight\n" + "".join(f"{i * 0.5},{-i},{'AB'[i % 2]},1\n" for i in range(100_000))
    assert len(csv_io.read_points_csv(big)) == 100_000


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300),
                 st.lists(st.lists(st.one_of(st.text(max_size=8), st.floats(allow_nan=True), st.integers()),
                                   max_size=6), max_size=8).map(
                     lambda rows: "x1,x2,label,weight\n" + "\n".join(",".join(map(str, r)) for r in rows))))
def test_import_of_arbitrary_input_raises_only_value_errors(data):
    try:
        points = csv_io.read_points_csv(data)
    except ValueError:
        return
    assert np.all(np.isfinite(points.X)) and np.all(points.weights >= 0)
    assert 2 <= len(points.class_names) <= 6
