"""Every parameter and input of every learner is checked, with a ValueError that says what to fix.

Regression tests for the defects a reviewer reproduced:

1. a huge step size or huge inputs gave silent ±inf/NaN weights;
2. a huge integer parameter (10**400) raised TypeError/OverflowError from deep inside NumPy;
3. None and NaN were taken as class labels (or raised TypeError);
4. ``start(classes, 10**9)`` raised MemoryError;
5. a flag such as ``fit_intercept="no"`` was silently read as true;
6. the Kernel Perceptron's support grew without bound, and stepping it was quadratic.
"""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest
from sklearn.base import clone

import learners
from learners import (AllPairPerceptron, ApportionedMargin, Committee, ImportanceWeightedPerceptron,
                      KernelPerceptron, MultiVectorPerceptron, OOZ, PassiveAggressive, Perceptron,
                      RandomizedWeightedMajority, WeightBoundedPerceptron, WeightedMajority, Winnow)
from learners import kernel_perceptron as kernel_module

#: the documented caps (learners/_validation.py)
MAX_FEATURES, MAX_STATE_MIB, SAFE_LIMIT = 1_000_000, 512, 1e300

#: one instance of every learner of the library (defaults)
LEARNERS = [Perceptron(), ImportanceWeightedPerceptron(), KernelPerceptron(), PassiveAggressive(),
            MultiVectorPerceptron(), AllPairPerceptron(), Winnow(), ApportionedMargin(), OOZ(),
            WeightBoundedPerceptron(), WeightedMajority(), RandomizedWeightedMajority(),
            Committee(MultiVectorPerceptron(), n_members=2)]
CLASSIFIERS = [learner for learner in LEARNERS if isinstance(learner, learners.OnlineClassifier)]
#: 0/1 advice that every learner accepts (non-negative features, two classes)
X01 = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.0, 1.0]])
Y01 = np.array([1, 0, 1, 0])
#: the step-size learners of defect 1
STEPPED = [Perceptron, ImportanceWeightedPerceptron, MultiVectorPerceptron, AllPairPerceptron]


def name_of(learner) -> str:
    return type(learner).__name__


def fit(learner, X=X01, y=Y01, **extra):
    return clone(learner).fit(X, y, **extra)


# ------------------------------------------------------------------ 1. overflow
@pytest.mark.parametrize("cls", STEPPED)
def test_a_huge_step_size_is_refused_naming_eta_and_its_range(cls):
    with pytest.raises(ValueError, match=r"eta must lie in \(0, 1e\+06\]; got 1e\+308"):
        cls(eta=1e308).fit(X01, Y01)


@pytest.mark.parametrize("cls", STEPPED)
@pytest.mark.parametrize("path", ["fit", "partial_fit", "learn_one"])
def test_inputs_whose_update_would_overflow_are_refused_before_the_model_changes(cls, path):
    X = np.array([[1e200, -2e200], [-3e200, 1e200], [2e200, 2e200], [-1e200, -3e200]])
    y = np.array([1, 0, 1, 2]) if cls in (MultiVectorPerceptron, AllPairPerceptron) else Y01
    model = cls().partial_fit(X[:1] * 1e-200, y[:1], classes=np.unique(y))
    before = model.augmented_coef_.copy()
    with pytest.raises(ValueError, match=r"perceptron update η·c·x could overflow.*largest \|x\| = \de\+200"):
        if path == "fit":
            model.fit(X, y)
        elif path == "partial_fit":
            model.partial_fit(X, y)
        else:
            for x, label in zip(X, y):
                model.learn_one(x, label)
    if path != "fit":                             # refused before any update
        np.testing.assert_array_equal(model.augmented_coef_, before)
        assert model.n_trials_ == 1


@pytest.mark.parametrize("plain, weighted", [
    (Perceptron(), ImportanceWeightedPerceptron()),
    (MultiVectorPerceptron(), MultiVectorPerceptron(importance_weighted=True)),
    (AllPairPerceptron(), AllPairPerceptron(importance_weighted=True))], ids=["IWP", "MV-IWP", "AP-IWP"])
def test_importance_weights_enter_the_bound_where_they_scale_the_update(plain, weighted):
    X, weights = X01 * 1e100, np.full(4, 1e100)
    # weights that only enter the loss: steps of x, scores up to about 1e200, accepted
    assert np.all(np.isfinite(fit(plain, X=X, sample_weight=weights).decision_function(X)))
    # steps of c·x = 1e200: scores could reach 1e300 and more, refused
    with pytest.raises(ValueError, match=r"could overflow.*largest c = 1e\+100"):
        fit(weighted, X=X, sample_weight=weights)


def test_every_stepped_learner_stays_finite_at_the_largest_step_weight_and_point():
    """η = 10⁶, weights 10⁹ and points ±10⁹ (the lab's caps), many passes: nothing overflows."""
    rng = np.random.default_rng(0)
    X = rng.choice([-1e9, 1e9], size=(60, 2))
    y = rng.integers(0, 3, 60)
    for cls in STEPPED:
        for importance_weighted in (False, True):
            params = {"eta": 1e6, "n_passes": 20}
            if "importance_weighted" in cls().get_params():
                params["importance_weighted"] = importance_weighted
            labels = y if cls in (MultiVectorPerceptron, AllPairPerceptron) else y % 2
            model = cls(**params).fit(X, labels, sample_weight=np.full(60, 1e9))
            assert np.all(np.isfinite(model.augmented_coef_))
            assert np.all(np.isfinite(model.history_["margin"]))
            assert np.all(np.isfinite(model.decision_function(X)))
            assert np.abs(model.decision_function(X)).max() < SAFE_LIMIT


def test_passive_aggressive_refuses_rows_so_short_that_its_step_overflows():
    X = np.array([[1e-160, 0.0], [0.0, -1e-160], [-1e-160, 1e-160]])
    # PA: τ = ℓ/‖x‖² with ‖x‖² ≈ 1e-320 (subnormal), beyond the float range
    with pytest.raises(ValueError, match=r"could overflow.*smallest non-zero ‖x‖² = [\d.]+e-32\d"):
        PassiveAggressive(variant="PA", fit_intercept=False).fit(X, [1, 0, 1])
    # PA-I: τ ≤ C, PA-II: τ ≤ 2C·ℓ: bounded, so these variants may learn from the same rows
    for variant in ("PA-I", "PA-II"):
        assert np.all(np.isfinite(PassiveAggressive(variant=variant, fit_intercept=False).fit(X, [1, 0, 1]).coef_))


def test_passive_aggressive_refuses_rows_whose_squared_norm_overflows():
    with pytest.raises(ValueError, match="passive-aggressive.*could overflow"):
        PassiveAggressive().fit(X01 * 1e160, Y01)


def test_normalising_huge_or_tiny_rows_gives_the_same_model_as_moderate_ones():
    """Scaling a row to unit length must not under- or overflow (‖x‖² of 1e±200 does)."""
    X = np.array([[2.0, 1.0], [-1.0, -2.0], [1.5, 2.0], [-2.0, -0.5], [0.5, -1.0]])
    y = np.array([1, 0, 1, 0, 0])
    plain = Perceptron(normalize=True, fit_intercept=False).fit(X, y)
    for scale in (1e200, 1e-200):
        scaled = Perceptron(normalize=True, fit_intercept=False).fit(X * scale, y)
        np.testing.assert_allclose(scaled.coef_, plain.coef_, rtol=1e-12)
        assert scaled.mistakes_ == plain.mistakes_
    ooz = OOZ(n_passes=3).fit(np.abs(X), y)
    huge = OOZ(n_passes=3).fit(np.abs(X) * 1e200, y)
    np.testing.assert_allclose(huge.weight_matrix().toarray(), ooz.weight_matrix().toarray(), rtol=1e-12)


def test_scores_that_overflow_are_refused_instead_of_returned_as_inf():
    model = Perceptron().fit(X01 * 10.0, Y01)
    with pytest.raises(ValueError, match="scores of these instances overflow"):
        model.decision_function(X01 * 1e308)
    with pytest.raises(ValueError, match="scores of these instances overflow"):
        model.predict(X01 * 1e308)


def test_rbf_and_laplace_kernels_give_finite_scores_on_huge_points():
    X = np.array([[0.0, 0.0], [1e200, -1e200], [-1e200, 1e200], [1e200, 1e200]])
    for kernel in ("rbf", "laplace"):
        model = KernelPerceptron(kernel=kernel).fit(X, Y01)
        assert np.all(np.isfinite(model.decision_function(X)))


@pytest.mark.parametrize("kernel, scale", [("poly", 1e60), ("linear", 1e160)])
def test_kernel_perceptron_refuses_points_whose_kernel_values_overflow(kernel, scale):
    with pytest.raises(ValueError, match="kernel perceptron's scores.*could overflow"):
        KernelPerceptron(kernel=kernel, degree=3).fit(X01 * scale, Y01)
    model = KernelPerceptron(kernel=kernel, degree=3).fit(X01, Y01)
    with pytest.raises(ValueError, match="kernel perceptron's scores.*could overflow"):
        model.learn_one(X01[0] * scale, 0)
    np.testing.assert_array_equal(model.dual_coef_, fit(KernelPerceptron(kernel=kernel, degree=3)).dual_coef_)


def test_apportioned_margin_refuses_a_block_whose_scores_could_overflow():
    with pytest.raises(ValueError, match="apportioned-margin scores.*could overflow"):
        ApportionedMargin(solver="perceptron").fit(X01 * 1e200, Y01)


def test_weight_bounded_and_ooz_without_normalising_refuse_huge_sums():
    X = np.full((4, 3), 1e307)
    with pytest.raises(ValueError, match="weight-bounded scores.*could overflow"):
        WeightBoundedPerceptron(normalize=False).fit(X, Y01)
    with pytest.raises(ValueError, match="OOZ scores.*could overflow"):
        OOZ(normalize=False).fit(X, Y01)


# ------------------------------------------------------------------ 2. huge integers
def numeric_parameters():
    cases = []
    for learner in LEARNERS:
        for name, value in learner.get_params(deep=False).items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                cases.append(pytest.param(learner, name, id=f"{name_of(learner)}-{name}"))
    return cases


@pytest.mark.parametrize("learner, name", numeric_parameters())
def test_a_huge_integer_parameter_is_refused_naming_the_parameter_and_its_range(learner, name):
    with pytest.raises(ValueError, match=rf"^{name} must lie in [\[(].*; got an integer of 401 digits"):
        fit(clone(learner).set_params(**{name: 10**400}))
    with pytest.raises(ValueError, match=rf"^{name} must lie in [\[(].*; got a negative integer of 401 digits"):
        fit(clone(learner).set_params(**{name: -10**400}))


@pytest.mark.parametrize("learner, name, value, text", [
    (ApportionedMargin(), "theta", 10**400, "θ must be positive numbers, one per class"),
    (ApportionedMargin(), "theta", [10**400, 1], "θ must be positive numbers, one per class"),
    (ApportionedMargin(), "theta", [1e-320, 1.0], r"θ must be positive and finite .* within \[1e-06, 1e\+06\]"),
    (ApportionedMargin(kernel="rbf"), "gram_cache_rows", 10**400, r"gram_cache_rows must lie in \[0, 32768\]"),
    (KernelPerceptron(), "max_support", 10**400, r"max_support must lie in \[1, 10000000\]"),
    (Perceptron(shuffle=True), "random_state", 10**400, "random_state must be None, an integer in"),
    (Perceptron(shuffle=True), "random_state", -1, "random_state must be None, an integer in"),
    (WeightedMajority(shuffle=True), "random_state", 2**32, "random_state must be None, an integer in"),
    (Committee(Perceptron()), "random_state", 10**400, "random_state must be None, an integer in"),
], ids=lambda value: str(value)[:20])
def test_other_huge_or_out_of_range_parameters_are_refused(learner, name, value, text):
    with pytest.raises(ValueError, match=text):
        fit(clone(learner).set_params(**{name: value}))


@pytest.mark.parametrize("learner", CLASSIFIERS + [LEARNERS[-1]], ids=name_of)
def test_a_huge_integer_in_the_data_is_refused_with_a_value_error(learner):
    with pytest.raises(ValueError, match="X holds a number too large for a float"):
        fit(learner, X=[[10**400, 0], [0, 1], [1, 1], [0, 1]])


@pytest.mark.parametrize("learner", LEARNERS, ids=name_of)
def test_huge_integer_weights_are_refused_with_a_value_error(learner):
    with pytest.raises(ValueError, match="sample_weight.*too large for a float"):
        fit(learner, sample_weight=[10**400, 1, 1, 1])
    with pytest.raises(ValueError, match=r"sample_weight must lie in \[0, 1e\+100\]"):
        fit(learner, sample_weight=10**400)
    if hasattr(learner, "learn_one"):
        extra = {} if isinstance(learner, (WeightedMajority, RandomizedWeightedMajority)) else {"classes": [0, 1]}
        with pytest.raises(ValueError, match=r"weight must lie in \[0, 1e\+100\]; got an integer of 401 digits"):
            clone(learner).learn_one([1, 0], 1, weight=10**400, **extra)


@pytest.mark.parametrize("learner", CLASSIFIERS, ids=name_of)
def test_a_huge_integer_feature_in_learn_one_is_refused(learner):
    with pytest.raises(ValueError, match="x holds a number too large for a float"):
        clone(learner).learn_one([10**400, 1], 1, classes=[0, 1])


def test_sample_weights_above_their_cap_are_refused_since_the_weighted_loss_would_overflow():
    with pytest.raises(ValueError, match=r"sample_weight must lie in \[0, 1e\+100\]; got a weight of 1e\+308"):
        Perceptron().fit(X01, Y01, sample_weight=[1e308, 1e308, 1.0, 1.0])


# ------------------------------------------------------------------ 3. labels
@pytest.mark.parametrize("learner", CLASSIFIERS, ids=name_of)
def test_none_and_nan_are_refused_as_labels(learner):
    with pytest.raises(ValueError, match="labels must be .*; got None as a label"):
        clone(learner).learn_one([1.0, 0.0], None, classes=[0, 1])
    with pytest.raises(ValueError, match="labels must be .*; got NaN as a label"):
        clone(learner).learn_one([1.0, 0.0], float("nan"), classes=[0.0, 1.0])
    with pytest.raises(ValueError, match=r"classes: labels must be .*; got None among \[None, 1\]"):
        clone(learner).learn_one([1.0, 0.0], 1, classes=[None, 1])
    with pytest.raises(ValueError, match=r"classes: labels must be .*; got NaN among \[nan, 1.0\]"):
        clone(learner).learn_one([1.0, 0.0], 1.0, classes=[np.nan, 1.0])
    with pytest.raises(ValueError, match="classes: labels must be .*; got None"):
        clone(learner).partial_fit(X01, Y01, classes=[None, 0, 1])
    with pytest.raises(ValueError, match="classes: labels must be .*; got None"):
        clone(learner).start([0, None], 2)
    with pytest.raises(ValueError, match="y: labels must be .*; got None"):
        fit(learner, y=np.array([1, None, 1, 0], dtype=object))
    with pytest.raises(ValueError, match="cannot be sorted together"):
        clone(learner).start(np.array(["a", 1], dtype=object), 2)


def test_a_refused_label_leaves_a_started_learner_unchanged():
    model = Perceptron().fit(X01, Y01)
    before = (model.coef_.copy(), model.n_trials_)
    with pytest.raises(ValueError, match="got None as a label"):
        model.learn_one([1.0, 0.0], None)
    assert np.array_equal(model.coef_, before[0]) and model.n_trials_ == before[1]


def test_valid_labels_of_every_kind_still_work():
    for classes in (["cat", "dog"], [False, True], [-3, 7], [0.5, 2.5], np.array(["a", "b"], dtype=object)):
        model = Perceptron()
        record = model.learn_one([1.0, 2.0], classes[1], classes=classes)
        assert record.truth == classes[1] and list(model.classes_) == sorted(classes)


# ------------------------------------------------------------------ 4. sizes
@pytest.mark.parametrize("learner", CLASSIFIERS, ids=name_of)
def test_a_huge_n_features_is_refused_naming_the_cap(learner):
    with pytest.raises(ValueError, match=rf"n_features must lie in \[1, {MAX_FEATURES}\]; got 1000000000"):
        clone(learner).start([0, 1], 10**9)


@pytest.mark.parametrize("learner, classes, n_features, fits", [
    (AllPairPerceptron(), 100_000, 2, "classes"),
    (AllPairPerceptron(), 100, 100_000, "features"),
    (MultiVectorPerceptron(), 1_000, 1_000_000, "features"),
    (OOZ(), 3, 1_000_000, "features"),
    (ApportionedMargin(), 500, 1_000_000, "features"),
], ids=lambda value: str(value)[:20])
def test_a_state_beyond_the_memory_cap_is_refused_saying_what_fits(learner, classes, n_features, fits):
    model = clone(learner)
    with pytest.raises(ValueError, match=rf"would need [\d,]+ MiB .* the cap is {MAX_STATE_MIB} MiB"
                                         rf" \(.*at most [\d,]+ {fits}"):
        model.start(list(range(classes)), n_features)
    assert not hasattr(model, "classes_")          # nothing was set up


def test_the_advice_of_the_size_message_is_right():
    """The number of classes the message says fit does fit, and one more does not."""
    with pytest.raises(ValueError) as refused:
        AllPairPerceptron().start(list(range(100_000)), 2)
    most = int(str(refused.value).split("at most ")[-1].split(" classes")[0].replace(",", ""))
    AllPairPerceptron().start(list(range(most)), 2)
    with pytest.raises(ValueError):
        AllPairPerceptron().start(list(range(most + 1)), 2)


def test_the_number_of_experts_and_of_committee_members_is_capped():
    with pytest.raises(ValueError, match=r"n_experts must lie in \[1, 10000000\]; got 10000000000"):
        WeightedMajority().start(10**10)
    with pytest.raises(ValueError, match=r"n_members must lie in \[1, 1000\]; got 1001"):
        Committee(Perceptron(), n_members=1001).fit(X01, Y01)


# ------------------------------------------------------------------ 5. flags
def flags():
    cases = []
    for learner in LEARNERS:
        for name, value in learner.get_params(deep=False).items():
            if isinstance(value, bool):
                cases.append(pytest.param(learner, name, id=f"{name_of(learner)}-{name}"))
    return cases


def test_every_learner_has_its_flags_checked():
    found = {(values.values[0].__class__.__name__, values.values[1]) for values in flags()}
    assert ("Perceptron", "fit_intercept") in found and ("RandomizedWeightedMajority", "doubling") in found
    assert ("OOZ", "normalize") in found and ("Winnow", "balanced") in found
    assert ("KernelPerceptron", "importance_weighted") in found


@pytest.mark.parametrize("learner, name", flags())
@pytest.mark.parametrize("value", ["no", 0, 1, None, 1.0, "False"])
def test_a_flag_that_is_not_a_bool_is_refused(learner, name, value):
    with pytest.raises(ValueError, match=rf"^{name} must be True or False; got {value!r}"):
        fit(clone(learner).set_params(**{name: value}))


@pytest.mark.parametrize("learner, name", flags())
def test_numpy_bools_are_flags(learner, name):
    for value in (np.True_, np.False_):
        fit(clone(learner).set_params(**{name: value}))


def test_fit_intercept_no_no_longer_turns_the_intercept_on():
    with pytest.raises(ValueError, match="fit_intercept must be True or False; got 'no'"):
        Perceptron(fit_intercept="no").fit(X01, Y01)


# ------------------------------------------------------------------ 6. kernel perceptron
def distinct_ring(n, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    return X, (np.hypot(*X.T) < 1.0).astype(int)


def test_max_support_stops_fit_keeping_the_trials_before_the_limit():
    X, y = distinct_ring(400)
    free = KernelPerceptron(gamma=2.0).fit(X, y)
    assert len(free.support_vectors_) > 10
    limited = KernelPerceptron(gamma=2.0, max_support=10)
    with pytest.raises(ValueError, match=r"KernelPerceptron\(max_support=10\) stopped before trial (\d+): "
                                         r"a mistake on a new instance would make it the 11th support vector"):
        limited.fit(X, y)
    stop = limited.n_trials_                       # the trials made before the one that would exceed the limit
    assert len(limited.support_vectors_) == 10
    # below the limit the run is exactly the unlimited one
    for key in ("prediction", "mistake", "margin"):
        np.testing.assert_array_equal(limited.history_[key], free.history_[key][:stop])
    assert free.history_["mistake"][stop] and limited.dual_coef_.shape == (10,)


def test_a_limit_that_is_never_reached_changes_nothing():
    X, y = distinct_ring(300, seed=1)
    free = KernelPerceptron(gamma=2.0, n_passes=2).fit(X, y)
    limited = KernelPerceptron(gamma=2.0, n_passes=2, max_support=len(free.support_vectors_)).fit(X, y)
    np.testing.assert_array_equal(limited.history_["prediction"], free.history_["prediction"])
    np.testing.assert_array_equal(limited.dual_coef_, free.dual_coef_)


def test_learn_one_at_the_limit_raises_and_leaves_the_learner_as_it_was():
    X, y = distinct_ring(200, seed=2)
    model = KernelPerceptron(gamma=2.0, max_support=5)
    model.start([0, 1], 2)
    for x, label in zip(X, y):
        before = (model.dual_coef_.copy(), model.support_vectors_.copy(), model.n_trials_)
        try:
            model.learn_one(x, label)
        except ValueError as error:
            assert "max_support=5" in str(error)
            break
    else:
        pytest.fail("the limit was never reached")
    assert np.array_equal(model.dual_coef_, before[0]) and np.array_equal(model.support_vectors_, before[1])
    assert model.n_trials_ == before[2] and len(model.support_vectors_) == 5
    known = model.support_vectors_[0]                 # an instance it holds can still be learned
    model.learn_one(known, 1 - model.predict([known])[0])
    assert len(model.support_vectors_) <= 5


def test_learn_one_scores_only_its_own_instance(monkeypatch):
    """A step computes S kernel values (S support vectors), not the Gram matrix of the whole support."""
    X, y = distinct_ring(300, seed=3)
    model = KernelPerceptron(gamma=2.0).fit(X, y)
    support = len(model.support_vectors_)
    computed = []
    real = kernel_module.kernel_matrix

    def counting(A, B, *args, **kwargs):
        computed.append(np.shape(A)[0] * np.shape(B)[0])
        return real(A, B, *args, **kwargs)

    monkeypatch.setattr(kernel_module, "kernel_matrix", counting)
    model.learn_one(X[0] + 10.0, 1)                  # far away: a new instance, a mistake
    assert 0 < sum(computed) <= support


def test_stepping_and_fitting_agree_beyond_one_block_of_fit():
    """fit works through blocks of 2048 rows; stepping scores each instance afresh: same run."""
    X, y = distinct_ring(5000, seed=4)
    X = np.round(X, 1)                                # repeats, so that support vectors merge
    fitted = KernelPerceptron(gamma=3.0, importance_weighted=True).fit(X, y, sample_weight=1 + (y == 1))
    stepped = KernelPerceptron(gamma=3.0, importance_weighted=True).start([0, 1], 2)
    for x, label in zip(X, y):
        stepped.learn_one(x, label, weight=1.0 + (label == 1))
    np.testing.assert_array_equal(fitted.history_["prediction"], stepped.history_["prediction"])
    np.testing.assert_allclose(fitted.decision_function(X[:50]), stepped.decision_function(X[:50]), atol=1e-9)
    assert len(fitted.support_vectors_) == len(stepped.support_vectors_)


def test_a_copy_of_a_learner_shares_its_recorded_trials_instead_of_copying_them():
    """Copying a learner (a snapshot after every update) must not cost time in the length of its log."""
    model = Perceptron().start([0, 1], 2)
    for x, label in zip(np.tile(X01, (300, 1)), np.tile(Y01, 300)):
        model.learn_one(x, label)
    copied = copy.deepcopy(model)
    assert copied._log._blocks and all(a is b for a, b in zip(copied._log._blocks, model._log._blocks))
    assert len(copied._log._rows) < 256
    copied.learn_one([5.0, -5.0], 0)                 # the copy goes its own way ...
    assert model.n_trials_ == 1200 and copied.n_trials_ == 1201
    for key in model.history_:                       # ... and the original's history is untouched
        np.testing.assert_array_equal(copied.history_[key][:1200], model.history_[key])


# ------------------------------------------------------------------ the messages
def test_messages_name_the_parameter_its_range_and_the_value():
    cases = [(lambda: Perceptron(eta=0).fit(X01, Y01), r"eta must lie in (0, 1e+06]; got 0."),
             (lambda: Perceptron(eta="fast").fit(X01, Y01), r"eta must be a number in (0, 1e+06]; got 'fast'."),
             (lambda: Perceptron(eta=math.nan).fit(X01, Y01), r"eta must be a finite number in (0, 1e+06]; got nan."),
             (lambda: Perceptron(n_passes=2.0).fit(X01, Y01), r"n_passes must be an integer in [1, 100000]; got 2.0."),
             (lambda: KernelPerceptron(degree=21).fit(X01, Y01), r"degree must lie in [1, 20]; got 21."),
             (lambda: OOZ(max_degree=10**5).fit(X01, Y01), r"max_degree must lie in [1, 10000]; got 100000."),
             (lambda: ApportionedMargin(lam=0.0).fit(X01, Y01), r"lam must lie in [1e-09, 1e+06]; got 0.0.")]
    for call, text in cases:
        with pytest.raises(ValueError) as refused:
            call()
        assert str(refused.value) == text


# ------------------------------------------------------------ scoring a plain matrix skips no check
@pytest.mark.parametrize("learner", CLASSIFIERS, ids=name_of)
def test_a_float_matrix_is_scored_like_any_input_and_refused_like_it(learner):
    """decision_function takes a finite float64 matrix of the fitted width without sklearn's validation
    (the lab's adversarial order scores thousands of blocks a run): the scores equal those of the same rows
    as a list, and NaN, inf, a wrong width, no rows or (where refused) negative entries still raise."""
    fitted = fit(clone(learner))
    rows = np.abs(X01[:5]).astype(np.float64)
    assert np.array_equal(fitted.decision_function(rows), fitted.decision_function(rows.tolist()))
    for bad in (np.array([[np.nan, 1.0]]), np.array([[np.inf, 1.0]]), np.ones((2, 3)), np.ones((0, 2))):
        with pytest.raises(ValueError):
            fitted.decision_function(bad)
    if fitted._positive_only:
        with pytest.raises(ValueError, match="[Nn]egative"):
            fitted.decision_function(-rows - 1.0)
