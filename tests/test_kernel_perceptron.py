"""Kernel perceptron: the compiled dual loop against the definition, stepping, long runs."""

import numpy as np
import pytest

from learners import KernelPerceptron, Perceptron
from learners.kernels import kernel_matrix


def definition(X, y, kernel, gamma, n_passes=1):
    """The kernel perceptron straight from seed 003: a list of mistakes, sign Σ α_r K(x_r, x)."""
    F = np.hstack([X, np.ones((len(X), 1))])
    support, alpha, predictions = [], [], []
    for _ in range(n_passes):
        for f, label in zip(F, y):
            sign = 1.0 if label == 1 else -1.0
            score = sum(a * kernel_matrix(f[None], s[None], kernel, gamma)[0, 0] for s, a in zip(support, alpha))
            predictions.append(int(score > 0))
            if sign * score <= 0:
                support.append(f)
                alpha.append(sign)
    return np.array(predictions)


@pytest.mark.parametrize("kernel", ["rbf", "poly", "laplace", "linear"])
@pytest.mark.parametrize("seed", range(3))
def test_compiled_loop_predicts_like_the_definition(kernel, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(60, 2))
    y = (X[:, 0] * X[:, 1] > 0).astype(int)
    model = KernelPerceptron(kernel=kernel, gamma=0.7, n_passes=2).fit(X, y)
    np.testing.assert_array_equal(model.history_["prediction"], definition(X, y, kernel, 0.7, n_passes=2))


def test_linear_kernel_is_the_perceptron():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(200, 3))
    y = (X @ [1.0, -2.0, 0.5] > 0.2).astype(int)
    kernel = KernelPerceptron(kernel="linear").fit(X, y)
    plain = Perceptron().fit(X, y)
    np.testing.assert_array_equal(kernel.history_["mistake"], plain.history_["mistake"])


def test_stepping_gives_the_same_run_as_fitting():
    rng = np.random.default_rng(5)
    X = rng.normal(size=(150, 2))
    y = (np.hypot(*X.T) < 1.0).astype(int)
    fitted = KernelPerceptron(gamma=2.0).fit(X, y)
    stepped = KernelPerceptron(gamma=2.0)
    for x, label in zip(X, y):
        stepped.learn_one(x, label, classes=[0, 1])
    np.testing.assert_array_equal(fitted.history_["prediction"], stepped.history_["prediction"])
    np.testing.assert_allclose(fitted.decision_function(X), stepped.decision_function(X), rtol=1e-9, atol=1e-9)


def test_repeated_instances_share_one_support_vector():
    X = np.array([[0.0, 1.0], [1.0, 0.0]] * 50)
    y = np.array([1, 0] * 25 + [0, 1] * 25)          # the labels flip halfway
    model = KernelPerceptron(kernel="rbf").fit(X, y)
    assert len(model.support_vectors_) <= 2 and model.mistakes_ > 2


def test_a_million_adversarial_trials_stay_finite():
    rng = np.random.default_rng(0)
    X = np.tile([[3.0, -1.0], [-2.0, 2.0], [0.5, 0.5]], (333_334, 1))[:1_000_000]
    y = rng.integers(0, 2, len(X))                    # labels that no function can follow
    model = KernelPerceptron(kernel="rbf", importance_weighted=True).fit(X, y, sample_weight=rng.exponential(5.0, len(X)))
    assert np.all(np.isfinite(model.dual_coef_)) and np.all(np.isfinite(model.decision_function(X[:3])))
    assert model.n_trials_ == 1_000_000 and len(model.support_vectors_) <= 3
