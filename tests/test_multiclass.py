"""Multi-vector and all-pair perceptrons (seed 000): the equivalence of Lemma 3."""

import numpy as np
import pytest

from learners import AllPairPerceptron, MultiVectorPerceptron


def stream(seed, k):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 150))
    centers = rng.normal(scale=3, size=(k, 3))
    y = rng.integers(0, k, n)
    X = centers[y] + rng.normal(size=(n, 3))
    weights = rng.exponential(1.0, n)
    return X, y, weights


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("importance_weighted", [False, True])
def test_all_pair_predicts_like_multi_vector_on_every_trial(seed, importance_weighted):
    k = 2 + seed % 6
    X, y, weights = stream(seed, k)
    mv = MultiVectorPerceptron(importance_weighted=importance_weighted)
    ap = AllPairPerceptron(importance_weighted=importance_weighted)
    classes = np.arange(k)
    probe = np.random.default_rng(seed + 1000).normal(scale=4, size=(25, 3))
    disagreements = 0
    for x, label, c in zip(X, y, weights):
        rec_mv = mv.learn_one(x, label, c, classes=classes)
        rec_ap = ap.learn_one(x, label, c, classes=classes)
        disagreements += rec_mv.prediction != rec_ap.prediction
        # AP's scores, summed from the pair tensor itself, are k times MV's
        pair_scores = ap._features(probe) @ ap.pair_coef_.sum(axis=1).T
        mv_scores = mv._features(probe) @ mv.augmented_coef_.T
        np.testing.assert_allclose(pair_scores, k * mv_scores, rtol=1e-9, atol=1e-9)
    assert disagreements == 0
    assert ap.mistakes_ == mv.mistakes_
    np.testing.assert_array_equal(ap.predict(probe), mv.predict(probe))


@pytest.mark.parametrize("seed", range(5))
def test_pair_tensor_is_antisymmetric(seed):
    X, y, _ = stream(seed, 5)
    ap = AllPairPerceptron().fit(X, y)
    pairs = ap.pair_coef_
    np.testing.assert_allclose(pairs, -pairs.transpose(1, 0, 2))


def test_importance_weighted_step_is_the_weight():
    model = MultiVectorPerceptron(importance_weighted=True, fit_intercept=False)
    model.learn_one([1.0, 2.0], 0, weight=1.0, classes=[0, 1, 2])  # tie -> class 0, correct
    record = model.learn_one([1.0, 2.0], 2, weight=2.5)
    assert record.mistake and record.update["step"] == 2.5
    np.testing.assert_allclose(record.weights_after[2], [2.5, 5.0])
    np.testing.assert_allclose(record.weights_after[record.update["demoted"]], [-2.5, -5.0])


def test_ties_go_to_the_lowest_class_index():
    model = MultiVectorPerceptron()
    record = model.learn_one([1.0, 1.0], "b", classes=["c", "a", "b"])
    assert record.prediction == "a" and record.mistake


def test_mv_iwp_has_lower_cost_share_on_weighted_rare_class():
    rng = np.random.default_rng(0)
    n = 3000
    y = rng.choice(3, size=n, p=[0.6, 0.3, 0.1])
    X = np.array([[0, 0], [1.2, 0], [0, 1.2]])[y] + rng.normal(scale=0.8, size=(n, 2))
    weights = np.array([1.0, 2.0, 10.0])[y]
    plain = MultiVectorPerceptron().fit(X, y, sample_weight=weights)
    weighted = MultiVectorPerceptron(importance_weighted=True).fit(X, y, sample_weight=weights)
    assert weighted.weighted_loss_ < plain.weighted_loss_
