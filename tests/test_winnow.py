"""Winnow (seed 003 §3): log-space weights, the balanced representation, fitting ≡ stepping."""

import importlib.util
import itertools
import math
import sys
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from learners import Perceptron, Winnow, _fast, bounds


def reference_update(w, f, y, eta):
    """The seed's update, written plainly in probability space: w_i e^{η y f_i} / Z."""
    z = np.sum(w * np.exp(eta * y * f))
    return w * np.exp(eta * y * f) / z, z


def test_a_million_adversarial_trials_stay_finite():
    # η·|x| = 1000: one naive step e^{η y x} would overflow to inf (then inf/inf = NaN); labels
    # that keep flipping mean no weight vector is right for long, so the updates never settle
    rng = np.random.default_rng(0)
    X = np.tile([[200.0, -200.0, 50.0], [-200.0, -50.0, 200.0]], (500_000, 1))
    y = rng.integers(0, 2, len(X))
    model = Winnow(eta=5.0).fit(X, y)
    assert model.n_trials_ == 1_000_000 and model.mistakes_ > 10_000
    assert np.all(np.isfinite(model.log_weights_))
    assert np.isclose(np.logaddexp.reduce(model.log_weights_), 0.0)
    assert np.isclose(model.weights_.sum(), 1.0)
    assert np.all(np.isfinite(model.decision_function(X[:100])))
    assert np.all(np.isfinite(model.history_["margin"]))


def test_an_adversary_that_always_labels_against_the_prediction_keeps_weights_finite():
    model = Winnow(eta=4.0)
    rng = np.random.default_rng(1)
    model.start([0, 1], 2)
    for _ in range(3000):
        x = rng.choice([-300.0, 300.0], size=2)
        label = 0 if model.decision_function([x])[0] > 0 else 1
        record = model.learn_one(x, label)
        assert record.mistake and np.all(np.isfinite(record.update["log_weights_after"]))
    assert model.mistakes_ == 3000 and np.all(np.isfinite(model.weights_))


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("balanced, fit_intercept", [(True, True), (False, True), (True, False), (False, False)])
def test_fitting_equals_stepping_weight_for_weight(seed, balanced, fit_intercept):
    rng = np.random.default_rng(seed)
    X = rng.normal(scale=2.0, size=(120, 3))
    y = (X @ rng.normal(size=3) + rng.normal(scale=0.5, size=120) > 0).astype(int)
    params = dict(eta=float(rng.uniform(0.1, 3.0)), balanced=balanced, fit_intercept=fit_intercept)
    stepped = Winnow(**params)
    records = [stepped.learn_one(x, label, classes=[0, 1]) for x, label in zip(X, y)]
    for t in (1, 7, 30, 119, 120):   # the compiled fast path on every prefix, bit for bit
        np.testing.assert_array_equal(Winnow(**params).partial_fit(X[:t], y[:t], classes=[0, 1]).log_weights_,
                                      records[t - 1].update["log_weights_after"])
    fitted = Winnow(**params).fit(X, y)
    assert [r.mistake for r in records] == fitted.history_["mistake"].tolist()
    assert [r.margin for r in records] == fitted.history_["margin"].tolist()
    # every record is the seed's update of its own weights, and says so
    for record in records:
        w_before = np.asarray(record.weights_before)
        y_sign = 1.0 if record.truth == 1 else -1.0
        margin = y_sign * float(w_before @ record.features)
        # the mistake flag follows the exact dot product of these very weights (a float dot product
        # rounds: on the first trial of the balanced features, w·(x, 1, −x, −1) = 0 comes out ≈ 4e-17)
        exact = y_sign * sum(Fraction(w) * Fraction(f) for w, f in zip(w_before.tolist(), record.features.tolist()))
        assert record.mistake == (exact <= 0) and np.isclose(record.margin, margin, atol=1e-12)
        if record.mistake:
            expected, z = reference_update(w_before, record.features, record.update["y"], params["eta"])
            np.testing.assert_allclose(record.weights_after, expected, rtol=1e-9, atol=1e-300)
            assert math.isclose(record.update["Z"], z, rel_tol=1e-9)
            assert math.isclose(record.update["log_Z"], math.log(z), rel_tol=1e-9, abs_tol=1e-12)
        else:
            np.testing.assert_array_equal(record.weights_after, w_before)
            assert record.update["log_Z"] == 0.0
        np.testing.assert_allclose(np.exp(record.update["log_weights_after"]), record.weights_after,
                                   rtol=1e-12, atol=1e-300)


def test_partial_fit_continues_exactly_where_fit_stopped():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(300, 2))
    y = (X[:, 0] - X[:, 1] > 0.3).astype(int)
    whole = Winnow(eta=0.7).fit(X, y)
    parts = Winnow(eta=0.7).partial_fit(X[:100], y[:100], classes=[0, 1]).partial_fit(X[100:], y[100:])
    np.testing.assert_array_equal(whole.log_weights_, parts.log_weights_)
    assert whole.mistakes_ == parts.mistakes_


def test_starting_weights_are_uniform_over_the_features_winnow_uses():
    for balanced, fit_intercept, d in [(True, True, 8), (True, False, 6), (False, True, 4), (False, False, 3)]:
        model = Winnow(balanced=balanced, fit_intercept=fit_intercept).start([0, 1], 3)
        np.testing.assert_allclose(model.weights_, np.full(d, 1 / d))


def test_balanced_representation_learns_a_separator_with_negative_coefficients():
    rng = np.random.default_rng(1)
    X = rng.uniform(-1, 1, size=(600, 2))
    X = X[np.abs(X @ [-1.0, 0.5] + 0.1) > 0.1]
    y = (X @ [-1.0, 0.5] + 0.1 > 0).astype(int)
    model = Winnow(eta=2.0, n_passes=5).fit(X, y)
    assert model.coef_.shape == (1, 2) and model.intercept_.shape == (1,)
    assert model.coef_[0, 0] < 0 < model.coef_[0, 1]
    assert (model.predict(X) == y).mean() > 0.97
    # coef_ = w⁺ − w⁻ and intercept_ = w⁺_c − w⁻_c: the decision function is exactly coef·x + intercept
    w = model.weights_
    np.testing.assert_array_equal(model.coef_[0], w[:2] - w[3:5])
    np.testing.assert_array_equal(model.intercept_, [w[2] - w[5]])
    np.testing.assert_allclose(model.decision_function(X), X @ model.coef_[0] + model.intercept_[0])
    # without the balanced features only non-negative coefficients are reachable
    unbalanced = Winnow(eta=2.0, balanced=False, n_passes=5).fit(X, y)
    assert np.all(unbalanced.coef_ >= 0) and unbalanced.intercept_[0] >= 0
    assert (unbalanced.predict(X) == y).mean() < 0.9


def test_sparse_target_winnow_makes_far_fewer_mistakes_than_the_perceptron():
    # seed 003 Example 1 with n = 512, k = 4: u ∈ {0,1}ⁿ, x ∈ {±1}ⁿ, trials with u·x = 0 left out (γ = 2)
    rng = np.random.default_rng(2)
    n, k = 512, 4
    u = np.zeros(n)
    u[rng.choice(n, k, replace=False)] = 1
    X = rng.choice([-1.0, 1.0], size=(4000, n))
    X = X[X @ u != 0][:2500]
    y = (X @ u > 0).astype(int)
    eta_star = bounds.winnow_best_eta(u_l1=k, gamma=2.0, R_inf=1.0)
    winnow = Winnow(eta=eta_star, balanced=False, fit_intercept=False).fit(X, y)
    perceptron = Perceptron(fit_intercept=False).fit(X, y)
    assert winnow.mistakes_ * 5 < perceptron.mistakes_
    assert winnow.mistakes_ <= bounds.winnow_tuned(k, n, 2.0, 1.0)          # 2k²/γ² ln n ≈ 50
    assert perceptron.mistakes_ <= bounds.novikoff(np.sqrt(n), np.sqrt(k), 2.0)   # nk/γ² = 512


@pytest.mark.parametrize("kwargs, text", [
    ({"eta": 0.0}, "eta must lie in"), ({"eta": -1.0}, "eta must lie in"), ({"eta": np.nan}, "finite"),
    ({"eta": "fast"}, "eta must be a number"), ({"n_passes": 0}, "n_passes"),
    ({"balanced": "yes"}, "balanced must be True or False"), ({"fit_intercept": 1}, "fit_intercept must be"),
])
def test_bad_parameters_raise_value_errors(kwargs, text):
    with pytest.raises(ValueError, match=text):
        Winnow(**kwargs).fit([[1.0, 0.0], [0.0, 1.0]], [0, 1])


def test_bad_input_raises_value_errors_that_say_what_to_fix():
    with pytest.raises(ValueError, match="NaN"):
        Winnow().fit([[np.nan, 0.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="one class"):
        Winnow().fit([[1.0, 0.0], [0.0, 1.0]], [1, 1])
    with pytest.raises(ValueError, match="binary"):
        Winnow().fit([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], [0, 1, 2])
    with pytest.raises(ValueError, match="overflows.*scale the features"):
        Winnow(eta=10.0).fit([[1e308, 0.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="S = Σ y·x that Winnow keeps would overflow.*scale the features"):
        Winnow(eta=1.0).fit(np.full((200, 2), 1e306) * [1, -1], np.arange(200) % 2)   # 200·1e306 > 1.8e308
    with pytest.raises(ValueError, match="classes="):
        Winnow().learn_one([1.0, 2.0], 1)
    model = Winnow().fit([[1.0, 0.0], [0.0, 1.0]], [0, 1])
    with pytest.raises(ValueError, match="2 numbers"):
        model.learn_one([1.0, 2.0, 3.0], 1)
    with pytest.raises(ValueError, match="not one of the learner's classes"):
        model.learn_one([1.0, 2.0], 5)


# ----------------------------------------------------------------- exact ties
# Winnow's weights are w_i ∝ e^{η S_i}, S_i = Σ y_t x_{t,i} over the update trials so far.  On
# integer (or half-integer) data every S_i is an exact small number, and the sign of the margin
# Σ_i x_i e^{η S_i} = Σ_k c_k e^{η k}, c_k = Σ_{i: S_i = k} x_i, is decidable: e^{η q} for distinct
# rationals q are linearly independent over the rationals (Lindemann–Weierstrass), so the margin
# is exactly 0 iff every group sum c_k is 0, and otherwise 60 digits settle its sign.  The replay
# below works in halves (every x and S times 2) so that it is pure integer arithmetic.

def exact_margin_sign(S2, f2, eta):
    """Sign (−1, 0, +1) of Σ_i x_i e^{η S_i} given the integers S2 = 2S and f2 = 2x, η taken exactly."""
    groups = {}
    for s, x in zip(S2, f2):
        groups[s] = groups.get(s, 0) + x
    live = {k: c for k, c in groups.items() if c != 0}
    if not live:
        return 0
    with localcontext() as ctx:
        ctx.prec = 60
        half_eta = Decimal(eta) / 2                # Decimal(float) is the float's exact value
        top = max(live)
        terms = [c * (half_eta * (k - top)).exp() for k, c in live.items()]
        total = sum(terms)
        # the oracle must itself be sure: the sum stands far above 60 digits' rounding of its terms
        assert abs(total) > Decimal(10) ** -40 * sum(abs(term) for term in terms)
    return 1 if total > 0 else -1


def exact_winnow_run(F2, y_sign, eta):
    """Winnow replayed exactly: exponents 2S kept as Python integers, margin signs exact."""
    S2 = [0] * len(F2[0])
    signs, ties = [], 0
    for f2, y in zip(F2, y_sign):
        sign = exact_margin_sign(S2, f2, eta)
        signs.append(sign)
        ties += sign == 0
        if y * sign <= 0:                       # a mistake (a tie is one): S ← S + y·x
            S2 = [s + y * x for s, x in zip(S2, f2)]
    return signs, ties


def tie_stream(kind, seed, plain_intercept=False):
    """Small streams of integer or half-integer rows built so that exact ties are common."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 7))
    T = int(rng.integers(30, 70))
    if kind == "balanced rows":     # working features sum to 0 (the plain intercept's 1 included)
        n += (n + plain_intercept) % 2
        plus = (n - plain_intercept) // 2
        X = np.array([rng.permutation([1.0] * plus + [-1.0] * (n - plus)) for _ in range(T)])
    elif kind == "symmetric":               # rows come back negated, or repeated
        half = rng.choice([-1.0, 1.0], size=(T // 2 + 1, n))
        X = np.concatenate([np.stack([r, -r if rng.random() < 0.5 else r]) for r in half])[:T]
    elif kind == "sparse ±1":
        X = rng.choice([-1.0, 0.0, 1.0], size=(T, n), p=[0.35, 0.3, 0.35])
    else:                                   # "halves": half-integers as well as integers
        X = rng.choice([-1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5], size=(T, n))
    u = rng.choice([-1.0, 0.0, 1.0], size=n)
    y = np.where(X @ u + rng.normal(scale=0.7, size=T) > 0, 1, 0)
    return X, y


def working_features(X, balanced, fit_intercept):
    """(x, 1, −x, −1) and its variants, written out here rather than borrowed from the learner."""
    F = np.hstack([X, np.ones((len(X), 1))]) if fit_intercept else X
    return np.hstack([F, -F]) if balanced else F


TIE_KINDS = ("balanced rows", "symmetric", "sparse ±1", "halves")


def test_mistakes_match_exact_arithmetic_on_streams_full_of_ties():
    """Every trial's margin sign equals the exact one, and an exact tie is a mistake (margin 0).

    256 streams: 4 kinds × η ∈ {0.2, 0.5, 1, 1.7} × (balanced, intercept) on/off × 4 seeds,
    ≈ 12,900 trials of which ≈ 830 are exact ties; every 8th stream is also stepped with
    ``learn_one``.  Before the exact tie check (when a rounded float sum decided), 145 of the
    256 streams disagreed with the exact replay on at least one trial.
    """
    disagreements, ties_by_kind, trials = set(), dict.fromkeys(TIE_KINDS, 0), 0
    cases = itertools.product(TIE_KINDS, (0.2, 0.5, 1.0, 1.7), (True, False), (True, False), range(4))
    for case_number, case in enumerate(cases):
        kind, eta, balanced, fit_intercept, seed = case
        X, y = tie_stream(kind, 1000 * case_number + seed, plain_intercept=fit_intercept and not balanced)
        F = working_features(X, balanced, fit_intercept)
        y_sign = np.where(y == 1, 1, -1)
        signs, ties = exact_winnow_run((2 * F).astype(int).tolist(), y_sign.tolist(), eta)
        ties_by_kind[kind] += ties
        trials += len(y)
        expected = y_sign * np.array(signs)          # the exact sign of y·(w·x)
        params = dict(eta=eta, balanced=balanced, fit_intercept=fit_intercept)
        history = Winnow(**params).fit(X, y).history_
        if not (np.array_equal(np.sign(history["margin"]), expected)
                and history["mistake"].tolist() == (expected <= 0).tolist()):
            disagreements.add(case)
        if case_number % 8 == 0:                     # stepping decides the same way
            stepped = Winnow(**params)
            records = [stepped.learn_one(x, label, classes=[0, 1]) for x, label in zip(X, y)]
            if ([np.sign(r.margin) for r in records] != expected.tolist()
                    or [r.mistake for r in records] != (expected <= 0).tolist()):
                disagreements.add(case)
    assert min(ties_by_kind.values()) > 50 and sum(ties_by_kind.values()) > trials // 20, ties_by_kind
    assert not disagreements, f"{len(disagreements)} of 256 streams disagree, e.g. {sorted(disagreements)[:3]}"



@pytest.mark.parametrize("kind", TIE_KINDS)
def test_predict_and_decision_function_decide_ties_exactly_too(kind):
    """decision_function is 0.0 exactly where w·x = 0 exactly, and predict sends a tie to classes_[0]
    (the loop's rule: a tie is not a positive prediction) — checked against the exact sign."""
    X, y = tie_stream(kind, 21)
    for eta, balanced in ((0.5, True), (1.7, False)):
        model = Winnow(eta=eta, balanced=balanced).fit(X, y)
        F2 = (2 * working_features(X, balanced, True)).astype(int).tolist()
        S2 = (2 * model.exponents_).astype(int).tolist()
        signs = [exact_margin_sign(S2, f2, eta) for f2 in F2]
        scores = model.decision_function(X)
        np.testing.assert_array_equal(np.sign(scores), signs)
        np.testing.assert_array_equal(model.predict(X), np.where(np.array(signs) > 0, 1, 0))
    fresh = Winnow().start([0, 1], X.shape[1])                  # uniform weights: every row is a tie
    assert np.all(fresh.decision_function(X) == 0.0) and np.all(fresh.predict(X) == 0)


def _fast_without_numba(monkeypatch):
    """learners/_fast.py loaded afresh with numba hidden: the plain Python loops."""
    monkeypatch.setitem(sys.modules, "numba", None)
    spec = importlib.util.spec_from_file_location("_fast_without_numba", Path(_fast.__file__))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert not hasattr(module.winnow_pass, "py_func")        # really not compiled
    return module


def _winnow_run(module, F, y_sign, eta):
    S, log_w = np.zeros(F.shape[1]), np.empty(F.shape[1])
    out = module.trial_outputs(len(F))
    module.winnow_pass(F, y_sign, S, log_w, eta, out["prediction"], out["margin"], out["mistake"], out["step"])
    return S, log_w, out


@pytest.mark.parametrize("kind", TIE_KINDS + ("normal",))
def test_compiled_and_plain_python_winnow_agree_bit_for_bit(kind, monkeypatch):
    if kind == "normal":
        rng = np.random.default_rng(5)
        X = rng.normal(size=(150, 3))
        y = (X[:, 0] + rng.normal(size=150) > 0).astype(int)
    else:
        X, y = tie_stream(kind, 11)
    F = working_features(X, True, True)
    y_sign = np.where(y == 1, 1.0, -1.0)
    S1, log_w1, out1 = _winnow_run(_fast, F, y_sign, 1.7)          # compiled (numba still visible)
    S2, log_w2, out2 = _winnow_run(_fast_without_numba(monkeypatch), F, y_sign, 1.7)
    np.testing.assert_array_equal(S1, S2)
    np.testing.assert_array_equal(log_w1, log_w2)
    for name in ("prediction", "margin", "mistake", "step"):
        np.testing.assert_array_equal(out1[name], out2[name])
    # both paths met exact ties (the first trial of (x, 1, −x, −1) at uniform weights is one)
    assert out1["margin"][0] == 0.0 and out1["mistake"][0]


def test_a_long_run_with_a_large_rate_stays_finite_and_keeps_deciding_exactly():
    """10⁵ trials at η = 20 on integer rows, plain (unbalanced) features and random labels.

    The first feature is −y on 70% of the trials, so every mistake pushes its exponent down:
    S₁ ends near −36,000, ln w₁ near −370,000, and w₁ underflows to 0 in floating point while
    e^{ηS₁} is still what decides the trials where every other group cancels.  Nothing may become
    NaN or inf; the exponents must stay exact integers; every exact tie (found by an integer
    replay of the learner's own updates) must have margin exactly 0, and no other trial may;
    sampled trials, the underflowed ones among them, must have the exact sign.
    """
    rng = np.random.default_rng(7)
    T = 100_000
    y = rng.integers(0, 2, T)
    y_sign = np.where(y == 1, 1, -1)
    X = np.column_stack([-y_sign * (rng.random(T) < 0.7), rng.choice([-1, 0, 1], size=(T, 2))]).astype(float)
    model = Winnow(eta=20.0, balanced=False).fit(X, y)
    history = model.history_
    assert model.mistakes_ > T // 3
    for values in (model.log_weights_, model.weights_, model.exponents_, history["margin"],
                   model.decision_function(X[:1000])):
        assert np.all(np.isfinite(values))
    assert np.isclose(model.weights_.sum(), 1.0) and model.log_weights_.min() < -1e5
    # the integer replay of S from the learner's own decisions: S before each trial, exactly
    F = working_features(X, False, True).astype(np.int64)
    steps = (y_sign * history["mistake"])[:, None] * F
    S = np.cumsum(steps, axis=0) - steps
    np.testing.assert_array_equal(model.exponents_, S[-1] + steps[-1])
    same_group = S[:, :, None] == S[:, None, :]
    tie = np.all(np.einsum("tij,tj->ti", same_group, F) == 0, axis=1)
    assert tie[-10_000:].sum() > 10                     # ties still occur late in the run
    np.testing.assert_array_equal(history["margin"] == 0.0, tie)
    assert np.all(history["mistake"][tie])
    underflowed = (np.abs(history["margin"]) < 1e-300) & ~tie    # |w·x| ≈ e^{-370,000}: sign kept
    assert underflowed[-10_000:].sum() > 10
    sample = np.concatenate([rng.choice(np.flatnonzero(underflowed), 150, replace=False),
                             rng.choice(np.flatnonzero(~underflowed & ~tie), 150, replace=False)])
    for t in sample:
        assert exact_margin_sign((2 * S[t]).tolist(), (2 * F[t]).tolist(), 20.0) * y_sign[t] == np.sign(history["margin"][t])
