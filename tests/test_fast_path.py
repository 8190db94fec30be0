"""The compiled trial loops: fitting and stepping agree bit for bit, and runs stay finite."""

import numpy as np
import pytest

from learners import (AllPairPerceptron, ImportanceWeightedPerceptron, MultiVectorPerceptron,
                      PassiveAggressive, Perceptron)
from learners import _fast

FACTORIES = {
    "perceptron": lambda: Perceptron(),
    "iwp": lambda: ImportanceWeightedPerceptron(eta=0.7),
    "mv": lambda: MultiVectorPerceptron(),
    "mv-iwp": lambda: MultiVectorPerceptron(importance_weighted=True),
    "ap": lambda: AllPairPerceptron(importance_weighted=True),
    "pa": lambda: PassiveAggressive(),
    "pa-i": lambda: PassiveAggressive(variant="PA-I", C=0.3),
    "pa-ii": lambda: PassiveAggressive(variant="PA-II", C=2.0),
}
BINARY_ONLY = {"perceptron", "iwp"}


def stream(seed, k):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(30, 200))
    centers = rng.normal(scale=2, size=(k, 4))
    y = rng.integers(0, k, n)
    X = centers[y] + rng.normal(size=(n, 4))
    return X, y, rng.exponential(1.0, n)


@pytest.mark.parametrize("name", sorted(FACTORIES))
@pytest.mark.parametrize("seed", range(8))
def test_fit_equals_stepping_bit_for_bit(name, seed):
    k = 2 if name in BINARY_ONLY or seed % 2 == 0 else 3 + seed % 4
    X, y, c = stream(seed, k)
    fitted = FACTORIES[name]().fit(X, y, sample_weight=c)
    stepped = FACTORIES[name]()
    records = [stepped.learn_one(x, label, w, classes=np.arange(k)) for x, label, w in zip(X, y, c)]
    np.testing.assert_array_equal(fitted.augmented_coef_, stepped.augmented_coef_)
    np.testing.assert_array_equal(fitted.history_["prediction"], stepped.history_["prediction"])
    np.testing.assert_array_equal(fitted.history_["margin"], stepped.history_["margin"])
    assert [r.mistake for r in records] == fitted.history_["mistake"].tolist()
    # a record's weights before/after are the model's state around that trial
    np.testing.assert_array_equal(records[-1].weights_after, stepped._weights())


def test_compiled_and_pure_python_loops_agree():
    """Without numba the same Python code runs; it must give the same numbers."""
    rng = np.random.default_rng(3)
    F = np.hstack([rng.normal(size=(300, 3)), np.ones((300, 1))])
    y_index = rng.integers(0, 4, 300)
    weights = rng.exponential(1.0, 300)
    results = []
    for loop in (_fast.multivector_pass, getattr(_fast.multivector_pass, "py_func", _fast.multivector_pass)):
        W = np.zeros((4, 4))
        out = _fast.trial_outputs(300)
        loop(F, y_index, weights, W, 1.0, True, out["prediction"], out["margin"], out["mistake"], out["step"])
        results.append((W, out))
    np.testing.assert_allclose(results[0][0], results[1][0], rtol=1e-12)
    np.testing.assert_array_equal(results[0][1]["prediction"], results[1][1]["prediction"])


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_a_million_adversarial_trials_stay_finite(name):
    """Labels chosen against the current model on every trial (the compiled path)."""
    rng = np.random.default_rng(0)
    n = 1_000_000
    k = 2 if name in BINARY_ONLY else 3
    X = rng.normal(scale=1e3, size=(n, 2))
    y = rng.integers(0, k, n)
    c = rng.exponential(10.0, n)
    model = FACTORIES[name]().fit(X[:10], np.arange(10) % k)
    # adversarial: label every trial with a class the current model does not predict
    y = (model.predict(X) + 1 + y % (k - 1)) % k if k > 2 else 1 - model.predict(X)
    model.partial_fit(X, y, sample_weight=c)
    assert np.all(np.isfinite(model.augmented_coef_))
    assert np.all(np.isfinite(model.decision_function(X[:100])))
    assert model.n_trials_ == n + 10
