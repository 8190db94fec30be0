"""OOZ and the weight-bounded perceptron (seed 004): bounded weights, sparsity, learning."""

import numpy as np
import pytest
import scipy.sparse as sp

from datasets.manyclass import zipf_manyclass
from learners import OOZ, WeightBoundedPerceptron


@pytest.fixture(scope="module")
def manyclass():
    X, y = zipf_manyclass(n_classes=100, n_instances=5000, n_features=1000, class_share=0.4, seed=1)
    return X[:4000], y[:4000], X[4000:], y[4000:]


def test_ooz_learns_many_classes_well_above_chance(manyclass):
    X, y, X_test, y_test = manyclass
    model = OOZ(n_passes=3, shuffle=True, random_state=0).fit(X, y)
    accuracy = np.mean(model.predict(X_test) == y_test)
    chance = np.bincount(y).max() / len(y)
    assert accuracy > chance + 0.4
    top5 = model.top_k(X_test, 5)
    assert np.mean((top5 == y_test[:, None]).any(axis=1)) >= accuracy


def test_ooz_index_invariants_hold_after_a_long_run(manyclass):
    X, y, _, _ = manyclass
    model = OOZ(max_degree=5, n_passes=4, shuffle=True, random_state=0).fit(X, y)
    assert model._degree.max() <= 5
    mask = np.arange(5)[None, :] < model._degree[:, None]
    weights = model._edge_weight[mask]
    assert np.all(weights >= 0) and np.all(weights <= 1) and np.all(np.isfinite(weights))
    totals = model.free_weight_ + np.where(mask, model._edge_weight, 0).sum(axis=1)
    np.testing.assert_allclose(totals, 1.0, atol=1e-9)      # edges + free source sum to 1
    assert model.n_edges_ == int(model._degree.sum()) <= 5 * X.shape[1]


def test_ooz_stepping_equals_fitting(manyclass):
    X, y, _, _ = manyclass
    X, y = X[:300], y[:300]
    fitted = OOZ().fit(X, y, )
    stepped = OOZ()
    classes = np.unique(y)
    for row, label in zip(X.toarray(), y):
        stepped.learn_one(row, label, classes=classes)
    np.testing.assert_array_equal(fitted.history_["prediction"], stepped.history_["prediction"])
    np.testing.assert_allclose(fitted.weight_matrix().toarray(), stepped.weight_matrix().toarray())


def test_ooz_true_score_rises_by_at_most_beta_per_update():
    rng = np.random.default_rng(0)
    X = rng.random((200, 30)) * (rng.random((200, 30)) < 0.2)
    X[X.sum(axis=1) == 0, 0] = 1.0
    y = rng.integers(0, 6, 200)
    model = OOZ(margin=0.5, rate=0.1)
    for row, label in zip(X, y):
        record = model.learn_one(row, label, classes=np.arange(6))
        assert record.update["score_moved"] <= 0.1 + 1e-12


def test_ooz_refuses_negative_features_and_bad_parameters():
    with pytest.raises(ValueError, match="Negative values"):
        OOZ().fit([[1.0, -1.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="max_degree"):
        OOZ(max_degree=0).fit([[1.0, 0.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="rate"):
        OOZ(rate=2.0).fit([[1.0, 0.0], [0.0, 1.0]], [0, 1])


def test_ooz_accepts_sparse_and_dense_input_alike():
    X = np.array([[1, 0, 0.2], [0, 1, 0.2], [0.1, 0, 1]] * 10, dtype=float)
    y = np.array([0, 1, 2] * 10)
    dense = OOZ(n_passes=2).fit(X, y)
    sparse = OOZ(n_passes=2).fit(sp.csr_matrix(X), y)
    np.testing.assert_array_equal(dense.predict(X), sparse.predict(sp.csr_matrix(X)))


def separable_non_negative(seed, n=400, d=20):
    rng = np.random.default_rng(seed)
    X = rng.random((n, d))
    score = np.zeros(n)
    while (score > 0).all() or (score <= 0).all():     # a bounded separator with both classes
        w_star = rng.random(d)
        score = X @ (2 * w_star - 1)
    keep = np.abs(score) / np.linalg.norm(X, axis=1) > 0.05
    return X[keep], (score[keep] > 0).astype(int)


@pytest.mark.parametrize("seed", range(5))
def test_weight_bounded_perceptron_learns_separable_data_and_stays_bounded(seed):
    X, y = separable_non_negative(seed)
    model = WeightBoundedPerceptron(beta=0.05, n_passes=30, shuffle=True, random_state=seed).fit(X, y)
    assert np.mean(model.predict(X) == y) > 0.95
    assert np.all((model.weights_ >= 0) & (model.weights_ <= 1))
    last_pass = model.history_["mistake"][-len(y):].sum()
    first_pass = model.history_["mistake"][: len(y)].sum()
    assert last_pass < first_pass


def test_weight_bounded_perceptron_stays_finite_over_a_million_trials():
    rng = np.random.default_rng(0)
    X = rng.random((1_000_000, 4)) * 1e3
    y = rng.integers(0, 2, len(X))
    model = WeightBoundedPerceptron(beta=1.0).fit(X, y)
    assert np.all(np.isfinite(model.weights_)) and np.all((model.weights_ >= 0) & (model.weights_ <= 1))


def test_ooz_stays_finite_over_a_million_trials():
    rng = np.random.default_rng(0)
    n = 1_000_000
    X = sp.random(n, 50, density=0.1, random_state=0, format="csr", data_rvs=lambda k: rng.random(k) + 0.01)
    X = X + sp.csr_matrix((np.ones(n), (np.arange(n), np.zeros(n, dtype=int))), shape=(n, 50))
    y = rng.integers(0, 20, n)
    model = OOZ(max_degree=10).fit(X, y)
    assert np.all(np.isfinite(model._edge_weight)) and model._degree.max() <= 10


def test_weight_bounded_perceptron_bad_input():
    with pytest.raises(ValueError, match="beta"):
        WeightBoundedPerceptron(beta=0.0).fit([[1.0, 0.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="Negative values"):
        WeightBoundedPerceptron().fit([[-1.0, 0.0], [0.0, 1.0]], [0, 1])
