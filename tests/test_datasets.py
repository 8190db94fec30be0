"""Point sets (validation, edits that never lose data, undo), seeded generators and seed 003's Winnow streams."""

import inspect

import numpy as np
import pytest

from datasets import generators, winnow_streams
from datasets.pointset import MAX_POINTS, PointSet, UndoStack, clean_class_name


def sample():
    return PointSet.from_arrays([[0.0, 0.0], [1.5, -2.0], [3.0, 1.0]], [0, 1, 1], weights=[1.0, 2.0, 0.5])


def snapshot(points):
    return (points.X.copy(), points.labels.copy(), points.weights.copy(), points.class_names, points.theta.copy())


def assert_unchanged(points, before):
    X, labels, weights, names, theta = before
    assert np.array_equal(points.X, X) and np.array_equal(points.labels, labels)
    assert np.array_equal(points.weights, weights) and points.class_names == names
    assert np.array_equal(points.theta, theta)


# ------------------------------------------------------------------ construction
@pytest.mark.parametrize("arguments, message", [
    (dict(X=[[np.nan, 0.0]], labels=[0]), "finite"),
    (dict(X=[[np.inf, 0.0]], labels=[0]), "finite"),
    (dict(X=[[1.0, 2.0, 3.0]], labels=[0]), "two coordinates"),
    (dict(X=[[1.0, 2.0], [3.0]], labels=[0, 0]), "rectangular"),
    (dict(X=[["a", "b"]], labels=[0]), "numbers"),
    (dict(X=[[2e9, 0.0]], labels=[0]), "within"),
    (dict(X=[[0.0, 0.0]], labels=[0, 1]), "one label"),
    (dict(X=[[0.0, 0.0]], labels=[2]), "0..1"),
    (dict(X=[[0.0, 0.0]], labels=[-1]), "0..1"),
    (dict(X=[[0.0, 0.0]], labels=[0.5]), "whole numbers"),
    (dict(X=[[0.0, 0.0]], labels=[0], weights=[-1.0]), "non-negative"),
    (dict(X=[[0.0, 0.0]], labels=[0], weights=[1.0, 2.0]), "one weight"),
    (dict(X=[[0.0, 0.0]], labels=[0], theta=[1.0, 0.0]), "positive"),
    (dict(X=[[0.0, 0.0]], labels=[0], theta=[1.0, -2.0]), "positive"),
    (dict(X=[[0.0, 0.0]], labels=[0], theta=[1.0]), "one priority per class"),
    (dict(class_names=tuple("ABCDEFG")), "2 to 6 classes"),
    (dict(class_names=("A",)), "2 to 6 classes"),
    (dict(class_names=("A", "A")), "differ"),
    (dict(class_names=("A", " A\n")), "differ"),
    (dict(class_names=("A", "\x07")), "empty"),
    (dict(class_names=("A", "x" * 41)), "at most 40"),
    (dict(class_names="AB"), "list or tuple"),
    (dict(class_names=("A", 3)), "text"),
])
def test_bad_construction_raises_a_value_error_naming_the_problem(arguments, message):
    with pytest.raises(ValueError, match=message):
        PointSet(**arguments)


def test_construction_fills_defaults_copies_and_freezes():
    X = np.array([[0.0, 1.0], [2.0, 3.0]])
    points = PointSet(X, [0, 1])
    X[0, 0] = 99.0                                           # the caller's array is not shared
    assert points.X[0, 0] == 0.0
    assert points.weights.tolist() == [1.0, 1.0] and points.theta.tolist() == [1.0, 1.0]
    assert points.class_names == ("A", "B") and points.n_classes == 2
    for array in (points.X, points.labels, points.weights, points.theta):
        with pytest.raises(ValueError):
            array[0] = 5                                     # read-only
    with pytest.raises(ValueError):
        PointSet(np.zeros((MAX_POINTS + 1, 2)), np.zeros(MAX_POINTS + 1, int))


def test_class_names_are_cleaned_of_control_and_invisible_characters_only():
    assert clean_class_name(" a\tb\u202e\u200b\x00 ") == "ab"
    assert clean_class_name("👩\u200d💻") == "👩\u200d💻"        # the emoji's joiner stays
    assert clean_class_name("<b>x</b>") == "<b>x</b>"        # text, never interpreted
    name = " z" * 18 + "\x07 " + "q\u2028"
    assert clean_class_name(clean_class_name(name)) == clean_class_name(name)
    assert PointSet(class_names=("A\n", "B")).class_names == ("A", "B")


def test_equality_hash_and_copies():
    a, b = sample(), sample()
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != a.set_weights([0], 1.5) and a != a.set_theta([1.0, 2.0]) and a != "not a point set"
    X, labels, weights = a.to_arrays()
    X[0, 0], labels[0], weights[0] = 7.0, 1, 9.0              # writable copies
    assert a == b and a.used_classes == (0, 1) and PointSet.empty().used_classes == ()


def test_from_arrays_names_classes_after_the_largest_label():
    assert PointSet.from_arrays([[0.0, 0.0]], [3]).class_names == ("A", "B", "C", "D")
    assert PointSet.from_arrays([[0.0, 0.0]], [0]).class_names == ("A", "B")
    with pytest.raises(ValueError, match="at most 6"):
        PointSet.from_arrays([[0.0, 0.0]], [6])


# ------------------------------------------------------------------ edits
def test_edits_return_new_sets_and_leave_the_old_one_untouched():
    points = sample()
    before = snapshot(points)
    added = points.add_points([[5.0, 5.0], [6.0, 6.0]], label=0, weight=3.0)
    assert len(added) == 5 and added.labels.tolist()[-2:] == [0, 0] and added.weights.tolist()[-2:] == [3.0, 3.0]
    assert np.array_equal(added.X[:3], points.X)
    assert points.remove([0, 2]).X.tolist() == [[1.5, -2.0]]
    assert points.remove(np.array([True, False, False])).labels.tolist() == [1, 1]
    assert len(points.erase_near([1.4, -2.1], 0.5)) == 2
    assert points.erase_near([10.0, 10.0], 0.5) is points  # nothing near: nothing changes
    assert len(points.erase_near([0.7, -1.0], 10.0, all_within=True)) == 0
    assert points.set_weights("class:1", 4.0).weights.tolist() == [1.0, 4.0, 4.0]
    assert points.set_weights("all", 0.0).weights.tolist() == [0.0, 0.0, 0.0]
    assert points.set_weights([2], 7.0).weights.tolist() == [1.0, 2.0, 7.0]
    assert points.set_theta([10.0, 1.0]).theta.tolist() == [10.0, 1.0]
    cleared = points.clear()
    assert len(cleared) == 0 and cleared.class_names == points.class_names
    grown = points.with_class_count(4)
    assert grown.class_names == ("A", "B", "C", "D") and grown.theta.tolist() == [1.0] * 4 and len(grown) == 3
    shrunk = grown.add_points([[0.0, 9.0]], label=3).with_class_count(2)
    assert len(shrunk) == 3 and shrunk.class_names == ("A", "B")
    merged = points.merge(PointSet.from_arrays([[8.0, 8.0]], [2]))
    assert len(merged) == 4 and merged.class_names == ("A", "B", "C") and merged.labels[-1] == 2
    assert_unchanged(points, before)


@pytest.mark.parametrize("edit, message", [
    (lambda p: p.add_points([[np.inf, 0.0]], 0), "finite"),
    (lambda p: p.add_points([[0.0, 0.0]], 7), "class must be"),
    (lambda p: p.add_points([[0.0, 0.0]], 1.0), "class must be"),
    (lambda p: p.add_points([[0.0, 0.0]], 0, weight=-1.0), "weight"),
    (lambda p: p.add_points([[0.0, 0.0]], 0, weight="2"), "number"),
    (lambda p: p.add_points(np.zeros((MAX_POINTS, 2)), 0), "at most"),
    (lambda p: p.remove([3]), "0..2"),
    (lambda p: p.remove([-1]), "0..2"),
    (lambda p: p.remove([True, False]), "mask"),
    (lambda p: p.erase_near([0.0, 0.0], -1.0), "radius"),
    (lambda p: p.erase_near([np.nan, 0.0], 1.0), "finite"),
    (lambda p: p.set_theta([1.0, 0.0]), "positive"),
    (lambda p: p.set_theta([1.0]), "one priority per class"),
    (lambda p: p.with_class_count(7), "between 2 and 6"),
    (lambda p: p.with_class_count(2.5), "between 2 and 6"),
    (lambda p: p.set_weights([0], np.nan), "weight"),
    (lambda p: p.set_weights("class:5", 1.0), "class must be"),
    (lambda p: p.set_weights("heavy ones", 1.0), "class:j"),
    (lambda p: p.merge("points"), "PointSet"),
])
def test_bad_edits_raise_and_change_nothing(edit, message):
    points = sample()
    before = snapshot(points)
    with pytest.raises(ValueError, match=message):
        edit(points)
    assert_unchanged(points, before)


def test_undo_stack_undoes_redoes_and_stays_bounded():
    stack = UndoStack(PointSet.empty(), limit=3)
    assert not stack.undo() and not stack.redo()
    stack.push(sample())
    stack.push(sample().clear())
    assert stack.undo() and len(stack.current) == 3
    assert stack.undo() and len(stack.current) == 0 and not stack.can_undo and not stack.undo()
    assert stack.redo() and len(stack.current) == 3 and stack.can_redo
    stack.push(sample().remove([0]))                        # a new edit drops the redo step
    assert not stack.can_redo and len(stack.current) == 2
    for extra in range(5):
        stack.push(PointSet.empty().add_points(np.zeros((extra + 1, 2)), 0))
    assert len(stack) == 3
    while stack.undo():
        pass
    assert len(stack.current) == 3                          # the oldest kept is three edits back
    with pytest.raises(ValueError):
        stack.push("points")
    with pytest.raises(ValueError):
        UndoStack(PointSet.empty(), limit=0)


def test_undo_history_is_bounded_in_bytes_as_the_allocator_counts_them():
    # bug: 100 full copies were kept whatever their size (150 one-point adds to 99,000 points: +317 MB)
    import tracemalloc

    from datasets import pointset

    rng = np.random.default_rng(0)
    big = PointSet(rng.normal(size=(99_000, 2)), rng.integers(0, 3, 99_000), class_names=("A", "B", "C"))
    stack = UndoStack(big)                                    # as ui.state makes it
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(150):
            stack.push(stack.current.add_points([[float(i), 0.5]], i % 3))
        kept = tracemalloc.get_traced_memory()[0] - before   # (big is still held here: not counted)
    finally:
        tracemalloc.stop()
    assert stack.nbytes <= pointset.UNDO_BYTES
    assert stack.nbytes == sum(pointset.PointSet.nbytes.fget(s) for s in stack._items)
    assert kept <= pointset.UNDO_BYTES + 2**20, f"the history holds {kept / 2**20:.0f} MiB"
    latest = stack.current
    steps = 0
    while stack.undo():
        steps += 1
    assert steps == len(stack) - 1 >= pointset.UNDO_BYTES // latest.nbytes - 1     # about ten steps of this size
    assert len(stack.current) == len(latest) - steps
    assert stack.current.X[:-1].tolist() == latest.X[: len(stack.current) - 1].tolist()
    while stack.redo():
        pass
    assert stack.current is latest


def test_undo_history_of_small_sets_keeps_its_step_limit_and_refuses_bad_budgets():
    stack = UndoStack(PointSet.empty(), max_bytes=10 * 2**20)
    for i in range(150):
        stack.push(stack.current.add_points([[float(i), 0.0]], 0))
    assert len(stack) == 100 and stack.nbytes < 10 * 2**20
    for bad in (0, -1, 2.5, True, "1"):
        with pytest.raises(ValueError, match="max_bytes"):
            UndoStack(PointSet.empty(), max_bytes=bad)


# ------------------------------------------------------------------ generators
@pytest.mark.parametrize("name", sorted(generators.GENERATORS))
def test_generators_are_seeded_valid_and_match_their_registry_entry(name):
    spec = generators.GENERATORS[name]
    a, b, c = generators.make(name, seed=4), generators.make(name, seed=4), generators.make(name, seed=5)
    assert a == b and a != c and len(a) > 0 and len(a.used_classes) >= 2
    signature = inspect.signature(spec.function).parameters
    for param in spec.params:
        assert param.name in signature and param.kind in ("int", "float")
        assert param.low <= param.default <= param.high
        assert signature[param.name].default == param.default
    low = generators.make(name, seed=1, **{p.name: p.low for p in spec.params})
    high = generators.make(name, seed=1, **{p.name: p.high for p in spec.params})
    assert 0 < len(low) <= len(high)
    direct = spec.function(seed=4)
    assert sorted(map(tuple, direct.X.tolist())) == sorted(map(tuple, a.X.tolist()))   # make only reorders


@pytest.mark.parametrize("call, count, classes, equal_classes", [
    (lambda: generators.gaussian_clouds(7, 5, seed=0), 35, 5, True),
    (lambda: generators.gaussian_clouds(3, 2, seed=0, centers=[[0, 0], [5, 5]]), 6, 2, True),
    (lambda: generators.four_cloud_example(9, seed=0), 36, 4, True),
    (lambda: generators.thin_margin(20, 0.05, seed=0), 20, 2, True),
    (lambda: generators.linearly_separable(33, 0.2, seed=0, n_classes=4), 33, 4, False),
    (lambda: generators.xor(41, 0.1, seed=0), 41, 2, False),
    (lambda: generators.circles(41, 0.05, 0.5, seed=0), 41, 2, False),
    (lambda: generators.moons(41, 0.05, seed=0), 41, 2, False),
])
def test_generators_give_the_asked_number_of_points_and_classes(call, count, classes, equal_classes):
    points = call()
    assert len(points) == count and points.n_classes == classes and points.X.shape == (count, 2)
    assert len(points.used_classes) == classes
    if equal_classes:
        assert np.all(np.bincount(points.labels) == count // classes)


def test_gaussian_clouds_sit_on_the_given_centres():
    points = generators.gaussian_clouds(400, 2, 0.1, seed=3, centers=[[-2.0, 1.0], [3.0, 0.5]])
    means = [points.X[points.labels == j].mean(axis=0) for j in (0, 1)]
    assert np.allclose(means, [[-2.0, 1.0], [3.0, 0.5]], atol=0.03)


@pytest.mark.parametrize("n_classes", [2, 3, 6])
@pytest.mark.parametrize("gamma", [0.0, 0.1, 0.5, 1.0])
def test_linearly_separable_keeps_every_point_at_least_gamma_from_the_hidden_rule(n_classes, gamma):
    points, truth = generators.linearly_separable(400, gamma, seed=3, n_classes=n_classes, return_truth=True)
    margins = truth.margins(points.X, points.labels)
    assert np.array_equal(truth.predict(points.X), points.labels)
    assert margins.min() >= gamma and margins.min() < gamma + 0.05     # γ holds and is nearly attained
    # an independent check, for two classes: the distance to the line in the raw plane
    if n_classes == 2:
        (u, beta) = truth.W[1], truth.b[1]
        signs = np.where(points.labels == 1, 1.0, -1.0)
        assert np.isclose(np.linalg.norm(u), 1.0)
        assert np.min(signs * (points.X @ u + beta)) >= gamma


def test_the_best_separator_found_by_the_comparators_has_at_least_the_generated_margin():
    from learners.comparators import max_margin_separator
    points = generators.linearly_separable(n=200, margin_gamma=0.5, seed=3)
    F = np.c_[points.X, np.ones(len(points))]
    separator = max_margin_separator(F, np.where(points.labels == 1, 1.0, -1.0))
    assert separator.separable
    u = separator.u / np.linalg.norm(separator.u[:2])          # margin in the plane
    assert np.min(np.where(points.labels == 1, 1, -1) * (F @ u)) >= 0.5 - 1e-6


def test_thin_margin_hugs_its_margin():
    points, truth = generators.thin_margin(400, 0.05, seed=2, return_truth=True)
    margins = truth.margins(points.X, points.labels)
    assert margins.min() >= 0.05 and np.mean(margins <= 0.15) >= 0.4
    assert np.array_equal(np.bincount(points.labels), [200, 200])


def test_label_noise_flips_exactly_the_share_asked_and_nothing_else():
    clean = generators.gaussian_clouds(50, 3, seed=0)
    noisy = generators.with_label_noise(clean, 0.2, seed=1)
    assert np.sum(noisy.labels != clean.labels) == 30
    assert np.array_equal(noisy.X, clean.X) and np.array_equal(noisy.weights, clean.weights)
    assert generators.with_label_noise(clean, 0.0, seed=1) == clean
    assert generators.with_label_noise(clean, 0.2, seed=1) == noisy
    with pytest.raises(ValueError, match="rate"):
        generators.with_label_noise(clean, 1.5, seed=1)


def test_spray_stays_inside_its_box_in_either_corner_order():
    X = generators.spray((1.0, -1.0, 2.0, 3.0), 500, seed=1)
    assert X.shape == (500, 2) and np.all((X[:, 0] >= -1) & (X[:, 0] <= 1) & (X[:, 1] >= 2) & (X[:, 1] <= 3))
    assert X[:, 0].min() < -0.9 and X[:, 0].max() > 0.9                 # it fills the box
    assert np.array_equal(X, generators.spray((1.0, -1.0, 2.0, 3.0), 500, seed=1))
    assert generators.spray((0, 1, 0, 1), 0).shape == (0, 2)


def test_spray_stays_inside_a_concave_lasso_and_fills_it():
    lasso = [[0, 0], [4, 0], [4, 1], [1, 1], [1, 4], [0, 4]]           # an L
    X = generators.spray(lasso, 2000, seed=2)
    in_foot = (X[:, 0] >= 0) & (X[:, 0] <= 4) & (X[:, 1] >= 0) & (X[:, 1] <= 1)
    in_leg = (X[:, 0] >= 0) & (X[:, 0] <= 1) & (X[:, 1] >= 0) & (X[:, 1] <= 4)
    assert X.shape == (2000, 2) and np.all(in_foot | in_leg)
    # uniform: the foot (area 4) and the upper leg (area 3) get points in proportion
    assert abs(np.mean(in_foot) - 4 / 7) < 0.04
    with pytest.raises(ValueError, match="no area"):
        generators.spray([[0, 0], [1, 1], [2, 2]], 10)
    with pytest.raises(ValueError, match="box"):
        generators.spray([[0, 0], [1, 1]], 10)


def test_spray_points_adds_one_class_and_keeps_the_old_set():
    points = sample()
    sprayed = generators.spray_points(points, (0, 1, 0, 1), 10, label=1, seed=0, weight=2.0)
    assert len(sprayed) == 13 and np.all(sprayed.labels[3:] == 1) and np.all(sprayed.weights[3:] == 2.0)
    assert len(points) == 3
    with pytest.raises(ValueError):
        generators.spray_points(points, (0, 1, 0, 1), 10, label=5)


@pytest.mark.parametrize("call, message", [
    (lambda: generators.make("spiral"), "Unknown generator"),
    (lambda: generators.make("xor", colour=3), "no parameter"),
    (lambda: generators.make("xor", n=5), r"\[10, 1000\]"),
    (lambda: generators.make("xor", n=20.5), "whole number"),
    (lambda: generators.make("xor", seed=-1), "seed"),
    (lambda: generators.make("linearly_separable", margin_gamma=float("nan")), "finite"),
    (lambda: generators.linearly_separable(10, 3.0), "margin_gamma"),
    (lambda: generators.gaussian_clouds(5, 3, centers=[[0, 0]]), "centers"),
    (lambda: generators.xor(10, seed="one"), "seed"),
])
def test_generators_refuse_bad_arguments(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# ------------------------------------------------------------------ seed 003 streams
@pytest.mark.parametrize("k, expected_gamma", [(3, 1.0), (4, 2.0), (1, 1.0)])
def test_sparse_target_stream_is_seed_003_example_1_with_its_margin(k, expected_gamma):
    stream = winnow_streams.sparse_target(n=40, k=k, n_trials=300, seed=5)
    X, y, u = stream.X, stream.y, stream.u
    assert X.shape == (300, 40) and set(np.unique(X)) == {-1.0, 1.0} and set(np.unique(y)) <= {-1, 1}
    assert set(np.unique(u)) == {0.0, 1.0} and u.sum() == k and not stream.fit_intercept
    assert np.array_equal(y, np.sign(X @ u)) and stream.threshold == 0.0
    assert stream.gamma == expected_gamma == np.min(y * (X @ u))
    assert np.isclose(stream.R, np.sqrt(40)) and stream.R_inf == 1.0
    assert stream.u_l1 == k and np.isclose(stream.u_l2, np.sqrt(k)) and stream.winnow_dimension == 40
    assert np.array_equal(stream.X, winnow_streams.sparse_target(n=40, k=k, n_trials=300, seed=5).X)


def test_sparse_target_min_margin_is_honoured_and_both_labels_occur():
    stream = winnow_streams.sparse_target(n=30, k=5, n_trials=400, seed=1, min_margin=3)
    assert np.min(stream.y * (stream.X @ stream.u)) >= 3 and stream.gamma >= 3
    assert 0.3 < np.mean(stream.y == 1) < 0.7
    # the irrelevant coordinates stay fair coins
    irrelevant = stream.X[:, stream.u == 0]
    assert abs(irrelevant.mean()) < 0.05


@pytest.mark.parametrize("k, expected_gamma", [(3, 0.5), (4, 1.0)])
def test_dense_target_stream_has_at_most_k_ones_a_threshold_and_its_margin(k, expected_gamma):
    stream = winnow_streams.dense_target(n=25, k=k, n_trials=300, seed=2)
    X, y = stream.X, stream.y
    ones = X.sum(axis=1)
    assert set(np.unique(X)) <= {0.0, 1.0} and ones.max() <= k and np.all(stream.u == 1.0)
    assert np.array_equal(y, np.where(ones > k / 2, 1, -1)) and stream.threshold == k / 2
    F, target = stream.features(), stream.target()
    assert F.shape == (300, 26) and np.all(F[:, -1] == 1.0) and target[-1] == -k / 2
    assert stream.gamma == expected_gamma == np.min(y * (F @ target))
    assert stream.R == np.max(np.linalg.norm(F, axis=1)) and np.isclose(stream.R, np.sqrt(ones.max() + 1))
    assert stream.u_l1 == 25 + k / 2 and stream.winnow_dimension == 2 * 26 and stream.fit_intercept


@pytest.mark.parametrize("make", [winnow_streams.sparse_target, winnow_streams.dense_target])
def test_both_learners_stay_within_their_bounds_on_the_streams(make):
    from learners import Perceptron, Winnow, bounds
    stream = make(n=64, k=3, n_trials=600, seed=0)
    perceptron = Perceptron(fit_intercept=stream.fit_intercept).fit(stream.X, stream.y)
    assert perceptron.mistakes_ <= bounds.novikoff(stream.R, stream.u_l2, stream.gamma)
    scale = stream.R_inf * stream.u_l1
    eta = np.log((scale + stream.gamma) / (scale - stream.gamma)) / (2 * stream.R_inf)
    winnow = Winnow(eta=eta, balanced=stream.fit_intercept, fit_intercept=stream.fit_intercept)
    winnow.fit(stream.X, stream.y)
    assert winnow.mistakes_ <= bounds.winnow_tuned(stream.u_l1, stream.winnow_dimension, stream.gamma, stream.R_inf)
    assert perceptron.mistakes_ > 0 and winnow.mistakes_ > 0


@pytest.mark.parametrize("kind, k", [("sparse", 3), ("sparse", 4), ("dense", 3), ("dense", 4)])
def test_an_endless_source_gives_one_sequence_however_it_is_taken_and_its_constants_hold(kind, k):
    whole = winnow_streams.TargetSource(kind, n=24, k=k, seed=7, block=100)
    X, y = whole.take(1234)
    pieces = winnow_streams.TargetSource(kind, n=24, k=k, seed=7, block=100)
    parts = [pieces.take(m) for m in (1, 99, 100, 0, 534, 500)]
    assert np.array_equal(np.vstack([p[0] for p in parts]), X)
    assert np.array_equal(np.concatenate([p[1] for p in parts]), y) and pieces.taken == 1234
    F = np.c_[X, np.ones(len(X))] if whole.fit_intercept else X
    target = np.r_[whole.u, -whole.threshold] if whole.fit_intercept else whole.u
    margins = y * (F @ target)
    # the construction's constants bound every trial, and the sample reaches them
    assert margins.min() == whole.gamma and np.linalg.norm(F, axis=1).max() == pytest.approx(whole.R)
    assert np.abs(F).max() == whole.R_inf and whole.u_l1 == np.abs(target).sum()
    assert set(np.unique(y)) == {-1, 1}
    # the first trials are those of the finite stream with the same seed (same draws, same order)
    finite = (winnow_streams.sparse_target if kind == "sparse" else winnow_streams.dense_target)(
        n=24, k=k, n_trials=100, seed=7)
    assert np.array_equal(finite.X, X[:100]) and finite.gamma >= whole.gamma


@pytest.mark.parametrize("call, message", [
    (lambda: winnow_streams.TargetSource("diagonal", n=5, k=2), "kind"),
    (lambda: winnow_streams.sparse_target(n=5, k=6), "k must lie"),
    (lambda: winnow_streams.sparse_target(n=5, k=2, min_margin=3), "min_margin"),
    (lambda: winnow_streams.dense_target(n=5, k=2, min_margin=0), "positive"),
    (lambda: winnow_streams.dense_target(n=100_000, k=2, n_trials=1000), "too large"),
    (lambda: winnow_streams.dense_target(n=10, k=2, seed=1.5), "seed"),
])
def test_streams_refuse_bad_arguments(call, message):
    with pytest.raises(ValueError, match=message):
        call()
