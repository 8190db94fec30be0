"""Winnow: log-space weights, the balanced representation, stepping ≡ fitting."""

import numpy as np
import pytest

from learners import Perceptron, Winnow


def test_a_million_adversarial_trials_stay_finite():
    # the same few points with labels that keep flipping: no weight vector is right for
    # long, so the multiplicative updates push the log-weights as far as they will go
    rng = np.random.default_rng(0)
    X = np.tile([[50.0, -50.0, 50.0], [-50.0, -50.0, 50.0]], (500_000, 1))
    y = rng.integers(0, 2, len(X))
    model = Winnow(eta=5.0).fit(X, y)
    assert np.all(np.isfinite(model.log_weights_))
    assert np.isclose(model.weights_.sum(), 1.0)
    assert np.all(np.isfinite(model.decision_function(X[:100])))
    assert model.mistakes_ > 1000


@pytest.mark.parametrize("seed", range(10))
def test_fit_equals_stepping_bit_for_bit(seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(200, 4))
    y = (X @ rng.normal(size=4) > 0).astype(int)
    fitted = Winnow(eta=0.3).fit(X, y)
    stepped = Winnow(eta=0.3)
    records = [stepped.learn_one(x, label, classes=[0, 1]) for x, label in zip(X, y)]
    np.testing.assert_array_equal(fitted.log_weights_, stepped.log_weights_)
    assert [r.mistake for r in records] == fitted.history_["mistake"].tolist()
    changed = [r for r in records if r.updated]
    assert changed and all(not np.allclose(r.weights_before, r.weights_after) for r in changed)


def test_balanced_representation_learns_a_separator_with_negative_coefficients():
    rng = np.random.default_rng(1)
    X = rng.uniform(-1, 1, size=(600, 2))
    X = X[np.abs(X @ [-1.0, 0.5] + 0.1) > 0.1]
    y = (X @ [-1.0, 0.5] + 0.1 > 0).astype(int)
    model = Winnow(eta=2.0, n_passes=5).fit(X, y)
    assert model.coef_[0, 0] < 0 < model.coef_[0, 1]
    assert (model.predict(X) == y).mean() > 0.97
    # decision function = coef·x + intercept exactly
    np.testing.assert_allclose(model.decision_function(X), X @ model.coef_[0] + model.intercept_[0])
    # without the balanced features only non-negative coefficients are reachable
    unbalanced = Winnow(eta=2.0, balanced=False, n_passes=5).fit(X, y)
    assert np.all(unbalanced.coef_ >= 0) and (unbalanced.predict(X) == y).mean() < 0.9


def test_sparse_target_winnow_makes_far_fewer_mistakes_than_the_perceptron():
    rng = np.random.default_rng(2)
    n, k = 512, 3
    u = np.zeros(n)
    u[rng.choice(n, k, replace=False)] = 1
    X = rng.choice([-1.0, 1.0], size=(3000, n))
    y = (X @ u > 0).astype(int)
    winnow = Winnow(eta=0.5, balanced=False, fit_intercept=False).fit(X, y)
    perceptron = Perceptron(fit_intercept=False).fit(X, y)
    assert winnow.mistakes_ * 3 < perceptron.mistakes_


@pytest.mark.parametrize("kwargs, text", [({"eta": 0.0}, "eta must lie in"), ({"eta": np.nan}, "finite"),
                                          ({"n_passes": 0}, "n_passes")])
def test_bad_parameters_raise_value_errors(kwargs, text):
    with pytest.raises(ValueError, match=text):
        Winnow(**kwargs).fit([[1.0, 0.0], [0.0, 1.0]], [0, 1])


def test_bad_input_raises_value_errors():
    with pytest.raises(ValueError, match="NaN"):
        Winnow().fit([[np.nan, 0.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="one class"):
        Winnow().fit([[1.0, 0.0], [0.0, 1.0]], [1, 1])
    with pytest.raises(ValueError, match="binary"):
        Winnow().fit([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], [0, 1, 2])
