"""OOZ and the weight-bounded perceptron (seed 004): the update by hand, bounded
weights, a sparse index, stepping = fitting, learning, long runs, bad input."""

import numpy as np
import pytest
import scipy.sparse as sp

from datasets.manyclass import zipf_manyclass
from learners import OOZ, WeightBoundedPerceptron
from learners.ooz import _compute_deductions


@pytest.fixture(scope="module")
def manyclass():
    X, y = zipf_manyclass(n_classes=100, n_instances=5000, n_features=1000, class_share=0.4, seed=1)
    return X[:4000], y[:4000], X[4000:], y[4000:]


def index_totals(model):
    """Per feature: Σ edge weights + free source (OOZ keeps it at 1)."""
    d = model._edge_weight.shape[1]
    mask = np.arange(d)[None, :] < model._degree[:, None]
    return model.free_weight_ + np.where(mask, model._edge_weight, 0.0).sum(axis=1), model._edge_weight[mask]


# ------------------------------------------------------------------ the update by hand
def test_compute_deductions_lowers_the_top_scores_towards_each_other():
    # true class 0 scores 0.9, δ = 0.5 -> s_min = 0.4; offenders 1, 2, 3 (0.8, 0.75, 0.7); β = 0.1
    scores = np.array([0.9, 0.8, 0.75, 0.7, 0.1])
    for k, expected in ((15, [0.0, 0.075, 0.025, 0.0, 0.0]),     # level 0: Δ = 0.05 to class 1;
                        (2, [0.0, 0.075, 0.025, 0.0, 0.0]),      # level 1: Δ = 0.05 shared by 1 and 2
                        (1, [0.0, 0.1, 0.0, 0.0, 0.0])):         # k = 1: all of β on the top offender
        deduction = np.zeros(5)
        chosen = np.zeros(5, dtype=np.int64)
        m = _compute_deductions(scores, 0, 0.4, 0.1, k, deduction, chosen)
        assert m == min(k, 3) and chosen[:m].tolist() == [1, 2, 3][:m]
        np.testing.assert_allclose(deduction, expected, atol=1e-12)
    # offenders all close to the floor: the budget left after levelling is shared equally
    deduction = np.zeros(3)
    _compute_deductions(np.array([0.5, 0.43, 0.41]), 0, 0.4, 0.1, 15, deduction, np.zeros(3, dtype=np.int64))
    np.testing.assert_allclose(deduction, [0.0, 0.02 + 0.04, 0.04], atol=1e-12)


def hand_built_index():
    """One-hot features; feature 0 has edges to classes 1, 2, 3 and free weight 0.25."""
    model = OOZ(margin=0.5, rate=0.1, max_degree=4)
    model.start(classes=[0, 1, 2, 3], n_features=2)
    model._edge_class[0, :3] = [1, 2, 3]
    model._edge_weight[0, :3] = [0.3, 0.25, 0.2]
    model._degree[0] = 3
    model._free[0] = 0.25
    return model


def test_one_update_worked_by_hand():
    model = hand_built_index()
    record = model.learn_one([1.0, 0.0], 0)
    # scores 0, .3, .25, .2: floor max(0 − .5, 0) = 0; D(1) = .05 + .025, D(2) = .025; β all taken
    np.testing.assert_allclose(record.scores, [0.0, 0.3, 0.25, 0.2])
    assert record.mistake and record.updated and record.update["deducted_from"] == [1, 2, 3]
    assert record.update["deductions"] == pytest.approx({1: 0.075, 2: 0.025, 3: 0.0})
    assert record.update["taken"] == pytest.approx({1: 0.075, 2: 0.025, 3: 0.0})
    assert record.update["from_free"] == pytest.approx(0.0, abs=1e-15)
    assert record.update["score_moved"] == pytest.approx(0.1)
    np.testing.assert_allclose(model.weight_matrix().toarray()[0], [0.1, 0.225, 0.225, 0.2])
    np.testing.assert_allclose(record.weights_after[0], [0.1, 0.225, 0.225, 0.2, 0.25])   # free last
    # feature 1 has no edges: the whole boost comes from its free source
    record = model.learn_one([0.0, 2.0], 3)
    assert record.update["deducted_from"] == [] and record.update["from_free"] == pytest.approx(0.1)
    np.testing.assert_allclose(model.weight_matrix().toarray()[1], [0.0, 0.0, 0.0, 0.1])
    # no update once the true class leads by more than δ
    for _ in range(20):
        model.learn_one([0.0, 1.0], 3)
    record = model.learn_one([0.0, 1.0], 3)
    assert record.margin > 0.5 and not record.updated


def test_a_full_feature_keeps_its_heaviest_edges():
    model = OOZ(margin=0.5, rate=0.1, max_degree=2)
    model.start(classes=[0, 1, 2], n_features=1)
    model._edge_class[0, :2] = [1, 2]
    model._edge_weight[0, :2] = [0.5, 0.05]
    model._degree[0] = 2
    model._free[0] = 0.45
    # true class 0, offenders 1 (0.5) and 2 (0.05): all of β comes off class 1 (0.5 − 0.05 > β);
    # the new edge (0.1) outweighs class 2's (0.05), which is dropped back into the free source
    model.learn_one([1.0], 0)
    np.testing.assert_allclose(model.weight_matrix().toarray(), [[0.1, 0.4, 0.0]])
    np.testing.assert_allclose(model.free_weight_, [0.5])
    assert model.n_edges_ == 2


# ------------------------------------------------------------------ invariants
def test_index_invariants_hold_over_passes(manyclass):
    X, y, _, _ = manyclass
    model = OOZ(max_degree=5, max_deductions=3, n_passes=4, shuffle=True, random_state=0).fit(X, y)
    totals, weights = index_totals(model)
    assert model._degree.max() <= 5 and model.n_edges_ == int(model._degree.sum())
    assert np.all(weights >= model.min_weight) and np.all(weights <= 1) and np.all(np.isfinite(weights))
    np.testing.assert_allclose(totals, 1.0, atol=1e-9)      # edges + free source sum to 1
    assert model.history_["updated"].sum() > 0


def test_each_update_respects_k_and_beta():
    rng = np.random.default_rng(0)
    X = rng.random((400, 30)) * (rng.random((400, 30)) < 0.2)
    X[X.sum(axis=1) == 0, 0] = 1.0
    y = rng.integers(0, 12, 400)
    model = OOZ(margin=0.5, rate=0.1, max_deductions=3, max_degree=6)
    seen_three = False
    for row, label in zip(X, y):
        info = model.learn_one(row, label, classes=np.arange(12)).update
        deductions = np.array(list(info["deductions"].values()))
        assert info["n_deducted"] <= 3 and len(info["deducted_from"]) <= 3
        assert deductions.sum() <= 0.1 + 1e-12 and np.all(deductions >= 0)
        assert all(0 <= info["taken"][c] <= info["deductions"][c] + 1e-12 for c in info["taken"])
        assert info["score_moved"] <= 0.1 + 1e-12
        seen_three |= info["n_deducted"] == 3
    assert seen_three                       # the cap was reached, so it was really tested


def test_stepping_equals_fitting(manyclass):
    X, y, _, _ = manyclass
    X, y = X[:300], y[:300]
    fitted = OOZ(max_degree=8, max_deductions=4).fit(X, y)
    stepped = OOZ(max_degree=8, max_deductions=4)
    classes = np.unique(y)
    for row, label in zip(X.toarray(), y):
        stepped.learn_one(row, label, classes=classes)
    for name in ("prediction", "margin", "mistake", "updated"):
        np.testing.assert_array_equal(fitted.history_[name], stepped.history_[name])
    assert (fitted.weight_matrix() != stepped.weight_matrix()).nnz == 0
    np.testing.assert_array_equal(fitted.free_weight_, stepped.free_weight_)


def test_sparse_and_dense_input_give_the_same_model(manyclass):
    X, y, X_test, _ = manyclass
    X, y = X[:500], y[:500]
    sparse = OOZ(n_passes=2, fit_intercept=True).fit(X, y)
    dense = OOZ(n_passes=2, fit_intercept=True).fit(X.toarray(), y)
    assert (sparse.weight_matrix() != dense.weight_matrix()).nnz == 0
    np.testing.assert_array_equal(sparse.predict(X_test), dense.predict(X_test.toarray()))


def test_predict_top_k_and_decision_function_agree(manyclass):
    X, y, X_test, _ = manyclass
    model = OOZ(n_passes=2).fit(X, y)
    scores = model.decision_function(X_test)
    assert scores.shape == (X_test.shape[0], len(model.classes_)) and np.all(scores >= 0)
    np.testing.assert_array_equal(model.predict(X_test), model.classes_[np.argmax(scores, axis=1)])
    top = model.top_k(X_test, 5)
    np.testing.assert_array_equal(top[:, 0], model.predict(X_test))
    picked = np.take_along_axis(scores, np.searchsorted(model.classes_, top), axis=1)
    assert np.all(np.diff(picked, axis=1) <= 0)             # best first
    assert model.top_k(X_test[:2], 10_000).shape == (2, len(model.classes_))


# ------------------------------------------------------------------ learning
def test_ooz_learns_many_classes_well_above_chance(manyclass):
    X, y, X_test, y_test = manyclass
    model = OOZ(n_passes=3, shuffle=True, random_state=0).fit(X, y)
    accuracy = np.mean(model.predict(X_test) == y_test)
    majority = np.mean(y_test == np.bincount(y).argmax())
    assert accuracy > majority + 0.4
    top5 = np.mean((model.top_k(X_test, 5) == y_test[:, None]).any(axis=1))
    assert top5 > accuracy
    assert model.n_edges_ < 100 * X.shape[1]             # a sparse index, not a dense matrix


def test_a_tighter_degree_gives_a_smaller_index(manyclass):
    X, y, _, _ = manyclass
    sizes = [OOZ(max_degree=d, n_passes=2).fit(X, y).n_edges_ for d in (2, 10, 100)]
    assert sizes[0] <= 2 * X.shape[1] and sizes[0] < sizes[1] <= sizes[2]


def test_ooz_stays_finite_over_a_long_run():
    rng = np.random.default_rng(0)
    n, n_features, per_row = 1_000_000, 50, 5
    columns = rng.integers(0, n_features, size=(n, per_row))
    X = sp.csr_matrix((rng.random(n * per_row) + 1e-3, (np.repeat(np.arange(n), per_row), columns.ravel())),
                      shape=(n, n_features))
    y = rng.integers(0, 20, n)                               # pure noise: the index never settles
    model = OOZ(max_degree=10, min_weight=0.0, margin=2.0, rate=1.0).fit(X, y)
    totals, weights = index_totals(model)
    assert np.all(np.isfinite(weights)) and np.all(weights >= 0) and model._degree.max() <= 10
    np.testing.assert_allclose(totals, 1.0, atol=1e-9)
    assert model.history_["updated"].mean() > 0.5


# ------------------------------------------------------------------ bad input
def test_ooz_refuses_negative_features_and_bad_parameters():
    good_X, good_y = [[1.0, 0.0], [0.0, 1.0]], [0, 1]
    with pytest.raises(ValueError, match="Negative values"):
        OOZ().fit([[1.0, -1.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="Negative values"):
        OOZ().fit(sp.csr_matrix([[1.0, -1.0], [0.0, 1.0]]), [0, 1])
    with pytest.raises(ValueError, match="non-negative"):
        OOZ().learn_one([1.0, -1.0], 0, classes=[0, 1])
    for params, name in (({"max_degree": 0}, "max_degree"), ({"max_degree": 2.5}, "max_degree"),
                         ({"rate": 0.0}, "rate"), ({"rate": 2.0}, "rate"), ({"margin": -1.0}, "margin"),
                         ({"max_deductions": 0}, "max_deductions"), ({"min_weight": 1.0}, "min_weight")):
        with pytest.raises(ValueError, match=name):
            OOZ(**params).fit(good_X, good_y)
    with pytest.raises(ValueError, match="k must"):
        OOZ().fit(good_X, good_y).top_k(good_X, 0)


# ------------------------------------------------------------------ weight-bounded perceptron
def reference_weight_bounded(X, y_sign, beta):
    """The appendix of seed 004 line by line: unit rows, w = ½, clip(w + y·β·x, 0, 1) on s_true ≤ s_other."""
    w = np.full(X.shape[1], 0.5)
    mistakes = 0
    for x, y in zip(X, y_sign):
        x = x / np.linalg.norm(x)
        s1, s2 = float(np.dot(w, x)), float(np.dot(1 - w, x))
        true, other = (s1, s2) if y > 0 else (s2, s1)
        if true <= other:
            mistakes += 1
            w = np.clip(w + y * beta * x, 0.0, 1.0)
    return w, mistakes


def separable_non_negative(seed, beta, u=3.0, n=600, d=20):
    """Unit non-negative rows separated by a bounded W* with margin ≥ uβ (seed 004's assumption)."""
    rng = np.random.default_rng(seed)
    w_star = rng.random(d)
    X = rng.random((n, d)) * (rng.random((n, d)) < 0.5)
    X = X[X.sum(axis=1) > 0]
    X = X / np.linalg.norm(X, axis=1, keepdims=True)
    score = X @ (2 * w_star - 1)
    keep = np.abs(score) >= u * beta
    return X[keep], (score[keep] > 0).astype(int), w_star


@pytest.mark.parametrize("seed", range(4))
def test_weight_bounded_perceptron_matches_the_seed_and_its_mistake_bound(seed):
    beta = 0.03
    X, y, w_star = separable_non_negative(seed, beta)
    assert 0 < y.mean() < 1
    model = WeightBoundedPerceptron(beta=beta, n_passes=50).fit(X, y)
    w, mistakes = reference_weight_bounded(np.tile(X, (50, 1)), np.tile(2 * y - 1, 50), beta)
    np.testing.assert_allclose(model.weights_, w, atol=1e-12)
    assert model.mistakes_ == mistakes
    # appendix A: every update shrinks ‖W − W*‖² by ≥ (u − 2)β² = β², so M ≤ ‖W* − ½‖² / β²
    assert 0 < model.mistakes_ <= np.sum((w_star - 0.5) ** 2) / beta ** 2
    assert model.history_["mistake"][-len(y):].sum() == 0          # converged: a clean last pass
    assert np.all(model.predict(X) == y)


def test_weight_bounded_perceptron_scores_and_class_one():
    model = WeightBoundedPerceptron(beta=0.5)
    record = model.learn_one([1.0, 0.0], "spam", classes=["ham", "spam"])    # classes_[1] is class 1
    assert record.mistake and model.weights_.tolist() == [1.0, 0.5]
    np.testing.assert_allclose(model.coef_, [[1.0, 0.0]])
    s2, s1 = model.learn_one([3.0, 4.0], "ham").update["class_scores"]
    assert (s1, s2) == pytest.approx((0.6 * 1.0 + 0.8 * 0.5, 0.8 * 0.5))
    assert model.decision_function([[3.0, 4.0]])[0] == pytest.approx(float(model.coef_[0] @ [0.6, 0.8]))


def test_weight_bounded_perceptron_stays_bounded_over_a_million_trials():
    rng = np.random.default_rng(0)
    X = rng.random((1_000_000, 4)) * 1e3
    y = rng.integers(0, 2, len(X))
    model = WeightBoundedPerceptron(beta=1.0, normalize=False).fit(X, y)   # huge unnormalised steps
    assert np.all(np.isfinite(model.weights_)) and np.all((model.weights_ >= 0) & (model.weights_ <= 1))
    assert 0.4 < model.history_["mistake"].mean() < 0.6              # noise labels: about half wrong


def test_weight_bounded_perceptron_bad_input():
    with pytest.raises(ValueError, match="beta"):
        WeightBoundedPerceptron(beta=0.0).fit([[1.0, 0.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="beta"):
        WeightBoundedPerceptron(beta=1.5).fit([[1.0, 0.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="Negative values"):
        WeightBoundedPerceptron().fit([[-1.0, 0.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="binary"):
        WeightBoundedPerceptron().fit([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], [0, 1, 2])
