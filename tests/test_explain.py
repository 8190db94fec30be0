"""The trial's math (lab.explain): each learner's own rule, with the numbers of that trial.

The numbers a line shows are checked against values computed here independently of the
learner (Z of Winnow, τ of PA, the all-pair scores against a multi-vector run beside it...).
"""

import html
from dataclasses import replace
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

from lab import explain
from lab.formula import column, math_element, num, tex_text, vector
from learners import (AllPairPerceptron, ApportionedMargin, ImportanceWeightedPerceptron, KernelPerceptron,
                      MultiVectorPerceptron, PassiveAggressive, Perceptron, Winnow)
from learners.experts import RandomizedWeightedMajority, WeightedMajority


def tex_of(lines):
    return "\n".join(line.tex for line in lines)


def mml_of(lines):
    return "\n".join(line.mml for line in lines)


def test_a_perceptron_mistake_shows_w_before_x_and_w_after():
    model = Perceptron(eta=0.5)
    model.learn_one(np.array([1.0, 2.0]), 1, classes=[0, 1])         # first trial: w = 0, a mistake
    record = model.learn_one(np.array([-3.0, 0.5]), 1)               # w·x = 0.5·(−3 + 1 + 1) < 0: a mistake
    assert record.mistake and record.updated
    check, update = explain.perceptron_math(record, model)
    assert r"\text{mistake}" in check.tex and num(record.margin).tex in check.tex
    assert r"{w}_{3} &={w}_{2}+\eta \, {y}_{2}\, {x}_{2}" in update.tex
    for values in (record.weights_before, record.weights_after, record.features):
        assert column(values).tex in update.tex and column(values).mml in update.mml
    assert r"0.5\cdot \left( +1 \right)" in update.tex
    np.testing.assert_allclose(record.weights_after,
                               np.asarray(record.weights_before) + 0.5 * np.asarray(record.features))


def test_a_correct_trial_says_no_update():
    model = Perceptron()
    model.learn_one(np.array([1.0, 1.0]), 1, classes=[0, 1])
    record = model.learn_one(np.array([2.0, 2.0]), 1)
    assert not record.mistake
    lines = explain.perceptron_math(record, model)
    assert r"\text{correct}" in lines[0].tex and r"\text{no update: }" in lines[-1].tex


def test_a_score_of_exactly_zero_is_called_a_mistake():
    model = Perceptron()
    record = model.learn_one(np.array([1.0, 2.0]), 0, classes=[0, 1])     # w = 0: y·(w·x) = 0
    assert record.margin == 0 and record.mistake
    assert r"=0\le 0:\, \text{mistake}" in explain.perceptron_math(record, model)[0].tex


def test_the_iwp_update_names_the_point_weight():
    model = ImportanceWeightedPerceptron(eta=1.0)
    record = model.learn_one(np.array([1.0, -1.0]), 0, weight=4.0, classes=[0, 1])
    update = explain.perceptron_math(record, model)[-1].tex
    assert r"\eta \, {c}_{1}" in update and r"1\cdot 4" in update


def test_winnow_writes_its_multiplicative_rule_with_z():
    model = Winnow(eta=0.7)
    model.learn_one(np.array([1.0, -2.0]), 1, classes=[0, 1])
    record = model.learn_one(np.array([-1.5, 0.5]), 1)
    assert record.updated
    lines = explain.winnow_math(record, model)
    update = lines[-1].tex
    # Z computed here from w_t and the trial's features
    w, f = np.asarray(record.weights_before), np.asarray(record.features)
    z = float(np.sum(w * np.exp(0.7 * f)))
    assert f"Z &=" in update and num(z).tex in update
    assert r"\frac{{w}_{2,i}\, {e}^{\eta \, {y}_{2}\, {x}_{2,i}}}{Z}" in update     # w_i·e^{ηyx_i}/Z
    np.testing.assert_allclose(record.weights_after, w * np.exp(0.7 * f) / z, rtol=1e-12)
    assert vector(record.weights_after).tex in update
    assert r"\text{log" not in tex_of(lines)


def test_kernel_trials_speak_of_alpha_and_k_never_of_w():
    model = KernelPerceptron(kernel="rbf", gamma=0.5)
    X = np.array([[1.0, 0.0], [-1.0, 0.2], [0.9, 0.1], [-0.2, 1.0]])
    records = [model.learn_one(x, label, classes=[0, 1]) for x, label in zip(X, [1, 0, 1, 0])]
    text = tex_of(line for record in records for line in explain.kernel_perceptron_math(record, model))
    assert "{w}" not in text and r"\alpha" in text and r"K\left(" in text
    assert r"\exp \left( -0.5" in text                     # the kernel with its γ
    assert r"\text{n\_support}" not in text and r"\text{log" not in text


def test_passive_aggressive_shows_its_step_size():
    model = PassiveAggressive(variant="PA-I", C=0.1, fit_intercept=False)
    record = model.learn_one(np.array([2.0, 0.0]), 1, classes=[0, 1])
    loss, norm_sq = 1.0, 4.0
    tau = min(0.1, loss / norm_sq)
    assert record.update["tau"] == pytest.approx(tau)
    text = tex_of(explain.passive_aggressive_math(record, model))
    assert r"\min" in text and num(tau).tex in text and r"\text{PA-I}" in text


def test_all_pair_math_is_the_pair_rule_beside_the_multi_vector_scores():
    rng = np.random.default_rng(3)
    X, y = rng.normal(size=(30, 2)), rng.integers(0, 3, 30)
    ap, mv = AllPairPerceptron(), MultiVectorPerceptron()
    updates = 0
    for x, label in zip(X, y):
        record = ap.learn_one(x, label, classes=[0, 1, 2])
        twin = mv.learn_one(x, label, classes=[0, 1, 2])
        lines = explain.all_pair_math(record, ap, names=["a", "b", "c"])
        text = tex_of(lines)
        assert vector(twin.scores).tex in text         # s^MV: the multi-vector run beside it, computed apart
        if record.updated:
            updates += 1
            assert r"{w}^{\text{" in text and r"\mathrel{+}=" in text and "Lemma 3" in text
    assert updates > 3


def test_apportioned_math_says_which_classes_fire_and_by_how_much():
    theta = np.array([1.0, 5.0, 2.0])
    model = ApportionedMargin(theta=theta, lam=0.1)
    rng = np.random.default_rng(0)
    for x, label in zip(rng.normal(size=(12, 2)), rng.integers(0, 3, 12)):
        record = model.learn_one(x, label, classes=[0, 1, 2])
    raw = np.asarray(record.update["raw_scores"])
    y = int(record.truth)
    gaps = theta[y] - np.where(np.arange(3) == y, 1.0, -1.0) * raw
    text = tex_of(explain.apportioned_math(record, model, names=["a", "b", "c"]))
    assert r"\text{class j fires when }" in text
    for j, name in enumerate("abc"):
        verdict = "fires" if gaps[j] > 0 else "does not fire"
        assert rf"\text{{{name}}} &:" in text
        assert num(gaps[j]).tex + r"\quad \text{" + verdict + "}" in text
    assert num(1.0 / (0.1 * record.update["t"])).tex in text        # the Pegasos step 1/(λt)


def test_tiny_and_huge_numbers_are_typeset_as_powers_of_ten():
    assert num(4.66e-10).tex == r"4.66 \times 10^{-10}" and num(1.5e12).tex == r"1.5 \times 10^{12}"
    assert "e-" not in num(-3.2e-5).tex and "<mn>10</mn><mn>−5</mn>" in num(-3.2e-5).mml
    assert num(float("inf")).tex == r"\infty"
    assert column([1, 2, 3]).tex.startswith(r"\begin{pmatrix}")
    assert column(np.arange(10)).tex == vector(np.arange(10)).tex and r"\dots" in vector(np.arange(10)).tex


def test_class_names_from_the_user_are_printed_never_read_as_tex_or_markup():
    hostile = r"}\href{javascript:alert(1)}{x} $\def\a{b}$ 50% #1 ~_^& <script>alert(1)</script>"
    escaped = tex_text(hostile, limit=200)
    assert r"\href" not in escaped and r"\def" not in escaped
    unescaped = escaped
    for escape in (r"\textbackslash{}", r"\textasciicircum{}", r"\textasciitilde{}",
                   r"\{", r"\}", r"\$", r"\&", r"\#", r"\_", r"\%"):
        unescaped = unescaped.replace(escape, "")
    assert not set(unescaped) & set("\\{}$&#^_%~")
    model = MultiVectorPerceptron()
    record = model.learn_one(np.array([1.0, 2.0]), 1, classes=[0, 1])
    lines = explain.multivector_math(record, model, names=["plain", hostile])
    assert rf"\text{{{escaped}}}" in tex_of(lines)
    markup = mml_of(lines)
    assert "<script>" not in markup and html.escape(hostile) in markup
    for line in lines:                       # well-formed XML: the name cannot open or close an element
        ElementTree.fromstring(math_element(line).replace("&nbsp;", " "))


def test_a_doubling_restart_shows_the_penalty_then_the_restart_not_their_product():
    """RWM with the doubling trick, on the trial that ends a phase: the wrong experts' weights are multiplied
    by 1 − ε (that trial still belongs to the phase), and only then does every weight go back to 1 for the
    next phase, whose m̂ and ε are those the learner runs next."""
    model = RandomizedWeightedMajority(doubling=True, random_state=0)
    # expert 1 is wrong on odd trials, expert 2 on even ones: both reach m̂ = 4 ln 2 ≈ 2.77 at trial 6
    records = [model.learn_one(advice, outcome) for advice, outcome in zip([[1, 0]] * 8, [0, 1] * 4)]
    restart = next(record for record in records if record.restarted)
    following = records[restart.trial]                               # records[t − 1] is trial t
    assert restart.trial == 6 and following.phase == restart.phase + 1
    update, restarted = explain.randomized_weighted_majority_math(restart, model)[1:]
    before = np.asarray(restart.weights_before)
    penalized = np.where(restart.wrong_experts, before * (1 - restart.epsilon), before)       # (1/8, 1/8)
    ones = vector(np.ones(2))
    assert vector(penalized).tex in update.tex and vector(penalized).mml in update.mml
    assert ones.tex not in update.tex                                # not the restarted weights as the product
    assert ones.tex in restarted.tex and ones.mml in restarted.mml
    assert num(2 * restart.m_hat).tex in restarted.tex and num(following.m_hat).tex in restarted.tex
    assert num(following.epsilon).tex in restarted.tex
    assert following.epsilon < restart.epsilon == 0.5


def test_the_update_shows_the_weights_the_record_holds_on_a_restart_too():
    """The trial math reads the product w_i ← (1 − ε)·w_i from the record (its ``weights_penalized``), never
    recomputes it: a record carrying other numbers shows those.  The learner's own are the penalty applied to
    the weights before the trial (before the restart sets them to 1) and, without a restart, its weights after."""
    model = RandomizedWeightedMajority(doubling=True, random_state=0)
    records = [model.learn_one(advice, outcome) for advice, outcome in zip([[1, 0]] * 8, [0, 1] * 4)]
    restart = next(record for record in records if record.restarted)
    before = np.asarray(restart.weights_before)
    np.testing.assert_allclose(restart.weights_penalized,
                               np.where(restart.wrong_experts, before * (1 - restart.epsilon), before), rtol=1e-12)
    assert all(np.array_equal(r.weights_penalized, r.weights_after) for r in records if not r.restarted)
    marked = replace(restart, weights_penalized=np.array([0.375, 0.625]))
    update = explain.randomized_weighted_majority_math(marked, model)[1]
    assert vector([0.375, 0.625]).tex in update.tex and vector([0.375, 0.625]).mml in update.mml
    wm = WeightedMajority(beta=0.5)
    record = replace(wm.learn_one([1, 0, 1], 0), weights_penalized=np.array([0.25, 1.0, 0.75]))
    assert vector([0.25, 1.0, 0.75]).tex in explain.weighted_majority_math(record, wm)[1].tex
