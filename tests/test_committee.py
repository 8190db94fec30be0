"""Committees and sparsification (seed 004)."""

import numpy as np
import pytest

from learners import Committee, MultiVectorPerceptron, PassiveAggressive
from learners.sparsify import sparsification_curve, sparsify


def noisy_clouds(seed, n=600, k=4):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    X = rng.normal(scale=2.5, size=(k, 5))[y] + rng.normal(size=(n, 5)) * 1.5
    return X[: n // 2], y[: n // 2], X[n // 2:], y[n // 2:]


def test_a_committee_beats_its_average_member_on_noisy_data():
    gains = []
    for seed in range(6):
        X, y, X_test, y_test = noisy_clouds(seed)
        committee = Committee(MultiVectorPerceptron(), n_members=9, random_state=seed).fit(X, y)
        members = [np.mean(m.predict(X_test) == y_test) for m in committee.members_]
        gains.append(np.mean(committee.predict(X_test) == y_test) - np.mean(members))
    assert np.mean(gains) > 0.0
    assert sum(g >= 0 for g in gains) >= 5


def test_min_frequency_vote_picks_the_rarest_predicted_class():
    X = np.zeros((10, 1))
    y = np.array([0] * 6 + [1] * 3 + [2])
    committee = Committee(MultiVectorPerceptron(), n_members=3, vote="min_frequency", random_state=0).fit(X + 1, y)
    committee.member_predictions = lambda X: np.array([[0, 0], [1, 0], [1, 0]])
    assert committee.predict(np.zeros((2, 1))).tolist() == [1, 0]
    committee.vote = "majority"
    assert committee.predict(np.zeros((2, 1))).tolist() == [1, 0]


def test_committees_are_reproducible_with_a_seed():
    X, y, X_test, _ = noisy_clouds(1)
    a = Committee(MultiVectorPerceptron(), n_members=4, random_state=3).fit(X, y).predict(X_test)
    b = Committee(MultiVectorPerceptron(), n_members=4, random_state=3).fit(X, y).predict(X_test)
    np.testing.assert_array_equal(a, b)


def test_committee_bad_input():
    with pytest.raises(ValueError, match="vote"):
        Committee(MultiVectorPerceptron(), vote="plurality").fit([[0.0], [1.0]], [0, 1])
    with pytest.raises(ValueError, match="n_members"):
        Committee(MultiVectorPerceptron(), n_members=0).fit([[0.0], [1.0]], [0, 1])


def test_sparsify_keeps_the_requested_fraction_of_largest_weights():
    X, y, X_test, y_test = noisy_clouds(2)
    model = PassiveAggressive(variant="PA-II", n_passes=3).fit(X, y)
    for fraction in (0.8, 0.5, 0.2):
        small = sparsify(model, fraction)
        kept = np.count_nonzero(small.augmented_coef_)
        assert kept == int(np.floor(fraction * np.count_nonzero(model.augmented_coef_)))
        survivors = np.abs(model.augmented_coef_[small.augmented_coef_ != 0])
        dropped = np.abs(model.augmented_coef_[(small.augmented_coef_ == 0) & (model.augmented_coef_ != 0)])
        assert survivors.min() >= dropped.max()
    curve = sparsification_curve(model, X_test, y_test, fractions=(1.0, 0.5, 0.2, 0.05))
    assert np.all(np.diff(curve["kept"]) < 0)
    assert curve["accuracy"][0] == np.mean(model.predict(X_test) == y_test)
    with pytest.raises(ValueError, match="keep_fraction"):
        sparsify(model, 1.5)
