"""Committees (seed 004, Algorithm 1) and sparsification (seed 004, §3)."""

import numpy as np
import pytest
from sklearn.dummy import DummyClassifier

from datasets.manyclass import zipf_manyclass
from learners import OOZ, Committee, MultiVectorPerceptron, PassiveAggressive
from learners.sparsify import n_edges, sparsification_curve, sparsify


def noisy_clouds(seed, n=600, k=4):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    X = rng.normal(scale=2.5, size=(k, 5))[y] + rng.normal(size=(n, 5)) * 1.5
    return X[: n // 2], y[: n // 2], X[n // 2:], y[n // 2:]


def accuracy(model, X, y):
    return float(np.mean(model.predict(X) == y))


# ------------------------------------------------------------------ committees
def test_a_committee_does_at_least_as_well_as_its_average_member_on_noisy_data():
    gains = []
    for seed in range(6):
        X, y, X_test, y_test = noisy_clouds(seed)
        committee = Committee(MultiVectorPerceptron(), n_members=9, random_state=seed).fit(X, y)
        members = [accuracy(member, X_test, y_test) for member in committee.members_]
        assert len(set(members)) > 1                   # the permutations really differ
        gains.append(accuracy(committee, X_test, y_test) - np.mean(members))
    assert np.mean(gains) > 0.0
    assert sum(gain >= 0 for gain in gains) >= 5


def test_members_follow_algorithm_1():
    """Member j = a fresh clone making P passes over the permutation drawn with seed s_j."""
    X, y, X_test, _ = noisy_clouds(3)
    committee = Committee(MultiVectorPerceptron(shuffle=True), n_members=3, n_passes=4, random_state=7).fit(X, y)
    assert len(set(committee.seeds_.tolist())) == 3
    for seed, member in zip(committee.seeds_, committee.members_):
        order = np.random.RandomState(seed).permutation(len(y))
        alone = MultiVectorPerceptron(n_passes=4).fit(X[order], y[order])
        np.testing.assert_array_equal(member.coef_, alone.coef_)
        assert member.n_trials_ == 4 * len(y) and not member.shuffle


def with_members(predictions, y_train):
    """A fitted committee whose members always predict the given labels."""
    X = np.zeros((len(y_train), 1))
    committee = Committee(DummyClassifier(), n_members=len(predictions)).fit(X, y_train)
    committee.members_ = [DummyClassifier(strategy="constant", constant=label).fit(X, y_train)
                          for label in predictions]
    return committee


def test_majority_and_min_frequency_votes():
    y_train = np.array([0] * 6 + [1] * 3 + [2])           # frequencies 0.6, 0.3, 0.1
    X = np.zeros((2, 1))
    committee = with_members([0, 0, 1], y_train)
    assert committee.predict(X).tolist() == [0, 0]          # plain majority
    committee.vote = "min_frequency"
    assert committee.predict(X).tolist() == [1, 1]          # the rarer class wins
    tie = with_members([0, 2], y_train)                     # one vote each
    assert tie.predict(X).tolist() == [0, 0]                # majority tie -> lowest class index
    tie.vote = "min_frequency"
    assert tie.predict(X).tolist() == [2, 2] and tie.predict_one([0.0]) == 2
    np.testing.assert_allclose(tie.class_frequency_, [0.6, 0.3, 0.1])


def test_committees_are_reproducible_with_a_seed():
    X, y, X_test, _ = noisy_clouds(1)
    a = Committee(MultiVectorPerceptron(), n_members=4, random_state=3).fit(X, y)
    b = Committee(MultiVectorPerceptron(), n_members=4, random_state=3).fit(X, y)
    c = Committee(MultiVectorPerceptron(), n_members=4, random_state=4).fit(X, y)
    np.testing.assert_array_equal(a.member_predictions(X_test), b.member_predictions(X_test))
    assert a.seeds_.tolist() == b.seeds_.tolist() != c.seeds_.tolist()


def test_a_committee_of_ooz_on_sparse_many_class_data():
    X, y = zipf_manyclass(n_classes=40, n_instances=1500, n_features=400, class_share=0.3, seed=2)
    committee = Committee(OOZ(max_degree=10), n_members=3, n_passes=2, vote="min_frequency",
                          random_state=0).fit(X[:1200], y[:1200])
    assert committee.n_features_in_ == 400 and committee.classes_.size == np.unique(y[:1200]).size
    chance = np.mean(y[1200:] == np.bincount(y[:1200]).argmax())
    assert accuracy(committee, X[1200:], y[1200:]) > chance + 0.2


def test_committee_bad_input():
    X, y = [[0.0], [1.0]], [0, 1]
    with pytest.raises(ValueError, match="vote"):
        Committee(MultiVectorPerceptron(), vote="plurality").fit(X, y)
    with pytest.raises(ValueError, match="n_members"):
        Committee(MultiVectorPerceptron(), n_members=0).fit(X, y)
    with pytest.raises(ValueError, match="classifier to clone"):
        Committee().fit(X, y)
    with pytest.raises(ValueError, match="two classes"):
        Committee(MultiVectorPerceptron()).fit(X, [1, 1])


# ------------------------------------------------------------------ sparsification
def test_sparsify_keeps_the_requested_fraction_of_the_largest_weights():
    X, y, X_test, y_test = noisy_clouds(2)
    model = PassiveAggressive(variant="PA-II", n_passes=3).fit(X, y)
    full = model.coef_.copy()
    for fraction in (0.8, 0.5, 0.2, 0.0):
        small = sparsify(model, fraction)
        assert n_edges(small) == np.count_nonzero(small.coef_) == int(np.floor(fraction * full.size))
        kept = small.coef_ != 0
        np.testing.assert_array_equal(small.coef_[kept], full[kept])           # survivors unchanged
        if kept.any() and (~kept).any():
            assert np.abs(full[kept]).min() >= np.abs(full[~kept]).max()     # the largest |w| survive
        np.testing.assert_array_equal(small.intercept_, model.intercept_)    # the intercept is no edge
    np.testing.assert_array_equal(model.coef_, full)                          # the original is untouched
    with pytest.raises(ValueError, match="keep_fraction"):
        sparsify(model, 1.5)
    with pytest.raises(ValueError, match="no weight matrix"):
        sparsify(DummyClassifier().fit(X, y), 0.5)


def test_sparsify_an_ooz_index_keeps_its_heaviest_edges():
    X, y = zipf_manyclass(n_classes=30, n_instances=800, n_features=200, seed=3)
    model = OOZ(max_degree=6, n_passes=2).fit(X, y)
    before = model.weight_matrix().toarray()
    small = sparsify(model, 0.3)
    after = small.weight_matrix().toarray()
    assert small.n_edges_ == int(np.floor(0.3 * model.n_edges_))
    assert np.all((after == before) | (after == 0))
    assert before[after > 0].min() >= before[(after == 0) & (before > 0)].max()
    np.testing.assert_allclose(small.free_weight_ + after.sum(axis=1), 1.0, atol=1e-9)
    small.partial_fit(X, y)                                  # the pruned index can keep learning
    assert small._degree.max() <= 6


def test_the_sparsification_curve_is_monotone_in_kept_edges():
    X, y, X_test, y_test = noisy_clouds(4)
    model = MultiVectorPerceptron(n_passes=3).fit(X, y)
    fractions = (1.0, 0.7, 0.4, 0.1, 0.0)
    curve = sparsification_curve(model, X_test, y_test, fractions=fractions)
    assert curve["total"] == np.count_nonzero(model.coef_)
    assert curve["kept"].tolist() == [int(np.floor(f * curve["total"])) for f in fractions]
    assert np.all(np.diff(curve["kept"]) < 0)
    assert curve["accuracy"][0] == accuracy(model, X_test, y_test)
    assert np.all((0 <= curve["accuracy"]) & (curve["accuracy"] <= 1))
