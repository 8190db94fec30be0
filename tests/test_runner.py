"""lab.runner: orders of presentation, stepping ≡ playing, snapshots at updates."""

import numpy as np
import pytest

from lab.runner import Run, boundary_snapshot
from learners import MultiVectorPerceptron, Perceptron


def clouds(seed, n=40, k=2):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    X = rng.normal(size=(k, 2))[y] * 3 + rng.normal(size=(n, 2))
    return X, y


@pytest.mark.parametrize("order", ["drawn", "shuffled", "adversarial"])
def test_stepping_equals_playing(order):
    X, y = clouds(1)
    stepped = Run(Perceptron(), X, y, order=order, n_passes=3, seed=9)
    played = Run(Perceptron(), X, y, order=order, n_passes=3, seed=9)
    for _ in range(50):
        stepped.step()
    played.play(50)
    assert stepped.shown().tolist() == played.shown().tolist()
    np.testing.assert_array_equal(stepped.learner.coef_, played.learner.coef_)
    assert stepped.cumulative()["cum_mistakes"].tolist() == played.cumulative()["cum_mistakes"].tolist()


def test_shuffled_order_is_a_seeded_permutation_per_pass():
    X, y = clouds(2, n=25)
    run = Run(Perceptron(), X, y, order="shuffled", n_passes=2, seed=4)
    run.play()
    first, second = run.shown()[:25], run.shown()[25:]
    assert sorted(first) == list(range(25)) and sorted(second) == list(range(25))
    assert first.tolist() != list(range(25)) and first.tolist() != second.tolist()
    again = Run(Perceptron(), X, y, order="shuffled", n_passes=2, seed=4)
    again.play()
    assert again.shown().tolist() == run.shown().tolist()


def test_adversarial_order_forces_a_mistake_whenever_one_is_possible():
    X, y = clouds(3, n=30)
    run = Run(Perceptron(), X, y, order="adversarial", n_passes=2)
    for _ in range(60):
        wrong_before = run._misclassified().any()
        trial = run.step()
        assert trial.record.mistake == wrong_before


def test_the_boundary_snapshot_is_the_learners_rule():
    X, y = clouds(4, n=50, k=3)
    run = Run(MultiVectorPerceptron(), X, y, n_passes=2)
    run.play()
    snapshot = boundary_snapshot(run.learner)
    assert snapshot["kind"] == "linear"
    scores = X @ snapshot["W"].T + snapshot["b"]
    np.testing.assert_array_equal(np.argmax(scores, axis=1), np.argmax(run.learner.decision_function(X), axis=1))


def test_the_callers_learner_is_not_touched_and_the_run_ends():
    X, y = clouds(5, n=10)
    learner = Perceptron()
    run = Run(learner, X, y)
    run.play()
    assert not hasattr(learner, "classes_")
    assert run.finished and run.trial == 10
    with pytest.raises(StopIteration):
        run.step()


@pytest.mark.parametrize("kwargs, text", [
    ({"order": "random"}, "order must be one of"),
    ({"n_passes": 0}, "at least 1"),
])
def test_bad_settings_raise_value_errors(kwargs, text):
    X, y = clouds(6)
    with pytest.raises(ValueError, match=text):
        Run(Perceptron(), X, y, **kwargs)


def test_an_empty_data_set_is_refused_with_advice():
    with pytest.raises(ValueError, match="draw or generate"):
        Run(Perceptron(), np.empty((0, 2)), np.empty(0), classes=[0, 1])
