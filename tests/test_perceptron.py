"""Perceptron and IWP: equal to scikit-learn's Perceptron weight for weight."""

import warnings

import numpy as np
import pytest
from sklearn.linear_model import Perceptron as SklearnPerceptron

from learners import ImportanceWeightedPerceptron, Perceptron


def sklearn_one_pass(X, y, sample_weight=None, fit_intercept=True):
    model = SklearnPerceptron(eta0=1.0, shuffle=False, max_iter=1, tol=None, fit_intercept=fit_intercept)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return model.fit(X, y, sample_weight=sample_weight)


def random_stream(seed, n_max=80, d_max=5):
    rng = np.random.default_rng(seed)
    n, d = int(rng.integers(5, n_max)), int(rng.integers(1, d_max))
    X = rng.normal(size=(n, d)) * rng.uniform(0.1, 10)
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    weights = rng.exponential(1.0, n)
    return X, y, weights


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_perceptron_equals_sklearn(seed, fit_intercept):
    X, y, _ = random_stream(seed)
    ours = Perceptron(fit_intercept=fit_intercept).fit(X, y)
    theirs = sklearn_one_pass(X, y, fit_intercept=fit_intercept)
    np.testing.assert_allclose(ours.coef_, theirs.coef_, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(ours.intercept_, theirs.intercept_, rtol=1e-10, atol=1e-10)
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))


@pytest.mark.parametrize("seed", range(60))
def test_iwp_equals_sklearn_with_sample_weight(seed):
    X, y, weights = random_stream(seed)
    ours = ImportanceWeightedPerceptron().fit(X, y, sample_weight=weights)
    theirs = sklearn_one_pass(X, y, sample_weight=weights)
    np.testing.assert_allclose(ours.coef_, theirs.coef_, rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(ours.intercept_, theirs.intercept_, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("seed", range(10))
def test_perceptron_ignores_weights_in_update_but_counts_them(seed):
    X, y, weights = random_stream(seed)
    weighted = Perceptron().fit(X, y, sample_weight=weights)
    plain = Perceptron().fit(X, y)
    np.testing.assert_array_equal(weighted.coef_, plain.coef_)
    history = weighted.history_
    assert weighted.weighted_loss_ == pytest.approx(weights[history["mistake"]].sum())
    assert weighted.mistakes_ == int(history["mistake"].sum())


def test_eta_does_not_change_mistakes_from_zero_start():
    X, y, _ = random_stream(3)
    small = Perceptron(eta=0.01).fit(X, y)
    large = Perceptron(eta=100.0).fit(X, y)
    np.testing.assert_array_equal(small.history_["mistake"], large.history_["mistake"])
    np.testing.assert_allclose(small.coef_ * 1e4, large.coef_)


def test_boundary_point_counts_as_a_mistake():
    model = Perceptron(fit_intercept=False)
    record = model.learn_one([1.0, 0.0], 0, classes=[0, 1])
    assert record.margin == 0.0 and record.mistake and record.updated
    np.testing.assert_array_equal(record.weights_after, [[-1.0, 0.0]])


def test_normalize_scales_instances_to_unit_length():
    model = Perceptron(normalize=True)
    record = model.learn_one([3.0, 4.0], 1, classes=[0, 1])
    assert np.linalg.norm(record.features) == pytest.approx(1.0)


def test_any_two_labels_with_classes_one_positive():
    X = np.array([[1.0, 1.0], [-1.0, -1.0], [2.0, 1.0], [-2.0, -1.0]])
    y = np.array(["spam", "ham", "spam", "ham"])
    model = Perceptron().fit(X, y)
    assert model.classes_.tolist() == ["ham", "spam"]
    assert model.predict(X).tolist() == y.tolist()
    assert (model.decision_function(X) > 0).tolist() == (y == "spam").tolist()
