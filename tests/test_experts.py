"""Weighted Majority and Randomized WM: the lecture's table, doubling, long runs, bad input."""

from fractions import Fraction

import numpy as np
import pytest

from learners import RandomizedWeightedMajority, WeightedMajority


def fractions(record):
    """The vote for 0 : for 1 as the lecture prints it (small fractions)."""
    return (Fraction(record.vote_for_zero).limit_denominator(64),
            Fraction(record.vote_for_one).limit_denominator(64))


def test_the_lecture_table_is_reproduced_exactly():
    wm = WeightedMajority(beta=0.5)
    first = wm.learn_one([1, 1, 0, 0, 0, 0], 1)
    assert first.prediction == 0 and first.mistake
    assert fractions(first) == (Fraction(2, 3), Fraction(1, 3))        # "0 (2/3 : 1/3)"
    assert wm.weights_.tolist() == [1, 1, 0.5, 0.5, 0.5, 0.5]
    second = wm.learn_one([0, 1, 1, 1, 1, 0], 0)
    assert second.prediction == 1 and second.mistake
    assert fractions(second) == (Fraction(3, 8), Fraction(5, 8))       # "1 (3/8 : 5/8)"
    assert wm.weights_.tolist() == [1, 0.5, 0.25, 0.25, 0.25, 0.5]
    assert wm.mistakes_ == 2 and wm.expert_mistakes_.tolist() == [0, 1, 2, 2, 2, 1]


def test_ties_go_to_one():
    wm = WeightedMajority()
    assert wm.learn_one([1, 0], 0).prediction == 1


def stream(seed, T=500, N=12):
    rng = np.random.default_rng(seed)
    outcomes = rng.integers(0, 2, T)
    wrong = rng.random((T, N)) < rng.uniform(0.05, 0.5, N)
    return np.where(wrong, 1 - outcomes[:, None], outcomes[:, None]), outcomes


@pytest.mark.parametrize("make", [lambda: WeightedMajority(beta=0.3),
                                  lambda: RandomizedWeightedMajority(epsilon=0.2, random_state=4),
                                  lambda: RandomizedWeightedMajority(doubling=True, random_state=4)])
def test_fit_equals_stepping(make):
    advice, outcomes = stream(1)
    fitted = make().fit(advice, outcomes)
    stepped = make()
    records = [stepped.learn_one(a, o) for a, o in zip(advice, outcomes)]
    assert [r.prediction for r in records] == fitted.history_["prediction"].tolist()
    np.testing.assert_array_equal(fitted.log_weights_, stepped.log_weights_)
    np.testing.assert_allclose(fitted.history_["cum_expected_mistakes"], stepped.history_["cum_expected_mistakes"])


def test_rwm_expected_loss_is_the_weight_on_wrong_experts():
    rwm = RandomizedWeightedMajority(epsilon=0.5, random_state=0)
    rwm.learn_one([1, 1, 0, 0], 1)                   # experts 3, 4 now weigh ½
    record = rwm.learn_one([0, 1, 1, 0], 1)          # wrong: experts 1 and 4 → (1 + ½)/3
    assert np.isclose(record.expected_loss, 1.5 / 3)
    assert record.followed_expert in range(4)
    assert record.prediction == record.advice[record.followed_expert]


def test_doubling_trick_doubles_the_guess_and_restarts_the_weights():
    rng = np.random.default_rng(3)
    N, T = 8, 4000
    advice = rng.integers(0, 2, (T, N))
    outcomes = rng.integers(0, 2, T)
    rwm = RandomizedWeightedMajority(doubling=True, random_state=0).fit(advice, outcomes)
    phases = rwm.phases_
    assert len(phases) >= 3
    m_hats = [p[1] for p in phases]
    assert np.isclose(m_hats[0], 4 * np.log(N))
    assert np.allclose(np.diff(np.log2(m_hats)), 1.0)
    assert phases[0][2] == 0.5 and np.isclose(phases[1][2], np.sqrt(np.log(N) / m_hats[1]))
    # weights restart: at the start of a phase every expert weighs 1 again
    start = phases[-1][0]
    replay = RandomizedWeightedMajority(doubling=True, random_state=0).fit(advice[:start - 1], outcomes[:start - 1])
    assert np.all(replay.weights_ == 1.0)


@pytest.mark.parametrize("make", [lambda: WeightedMajority(beta=0.01),
                                  lambda: RandomizedWeightedMajority(epsilon=0.5, random_state=0),
                                  lambda: RandomizedWeightedMajority(doubling=True, random_state=0)])
def test_a_million_adversarial_trials_stay_finite(make):
    rng = np.random.default_rng(0)
    T, N = 1_000_000, 10
    advice = rng.integers(0, 2, (T, N))
    outcomes = 1 - advice[:, 0]                      # expert 0 is always wrong, others at random
    model = make().fit(advice, outcomes)
    assert np.all(np.isfinite(model.log_weights_)) and np.all(np.isfinite(model.weights_))
    assert np.all(np.isfinite(model.normalized_weights_)) and np.isclose(model.normalized_weights_.sum(), 1)
    assert np.isfinite(model.history_["cum_expected_mistakes"][-1])
    assert model.n_trials_ == T


def test_one_valued_outcome_streams_are_legal():
    wm = WeightedMajority().fit(np.ones((5, 3)), np.ones(5))
    assert wm.mistakes_ == 0 and wm.classes_.tolist() == [0, 1]


@pytest.mark.parametrize("make, advice, outcomes, text", [
    (lambda: RandomizedWeightedMajority(epsilon=0.0), [[0, 1]], [1], "epsilon must lie in"),
    (lambda: RandomizedWeightedMajority(epsilon=0.6), [[0, 1]], [1], "epsilon must lie in"),
    (lambda: WeightedMajority(beta=1.0), [[0, 1]], [1], "beta must lie in"),
    (lambda: WeightedMajority(), [[0, 2]], [1], "0 or 1"),
    (lambda: WeightedMajority(), [[0, np.nan]], [1], "0 or 1"),
    (lambda: WeightedMajority(), [[0, 1], [1, 0]], [1], "one outcome per trial"),
    (lambda: WeightedMajority(), [[0, 1]], [3], "outcome must be 0 or 1"),
    (lambda: WeightedMajority(), np.zeros((3, 0)), [1, 1, 1], "at least one"),
    (lambda: WeightedMajority(), [["a", "b"]], [1], "0/1"),
])
def test_bad_input_raises_value_errors_that_say_what_to_fix(make, advice, outcomes, text):
    with pytest.raises(ValueError, match=text):
        make().fit(advice, outcomes)
