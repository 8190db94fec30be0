"""The trial's math (lab.explain): the numbers shown are the trial's own numbers."""

import numpy as np

from lab.explain import column, number, tex_text, trial_latex, vector
from learners import ImportanceWeightedPerceptron, MultiVectorPerceptron, Perceptron


def test_a_perceptron_mistake_shows_w_before_x_and_w_after():
    model = Perceptron(eta=0.5)
    model.learn_one(np.array([1.0, 2.0]), 1, classes=[0, 1])         # first trial: w = 0, a mistake
    record = model.learn_one(np.array([-3.0, 0.5]), 1)               # w·x = 0.5·(−3 + 1 + 1) < 0: a mistake
    assert record.mistake and record.updated
    check, update = trial_latex(record, model)
    assert r"\text{mistake}" in check and number(record.margin) in check
    assert r"w_{3} &= w_{2} + \eta\,y\,x" in update
    assert column(record.weights_before) in update and column(record.weights_after) in update
    assert column(record.features) in update and r"0.5\cdot(+1)" in update
    w_after = np.asarray(record.weights_before) + 0.5 * np.asarray(record.features)
    np.testing.assert_allclose(record.weights_after, w_after)


def test_a_correct_trial_says_no_update():
    model = Perceptron()
    model.learn_one(np.array([1.0, 1.0]), 1, classes=[0, 1])
    record = model.learn_one(np.array([2.0, 2.0]), 1)
    assert not record.mistake
    lines = trial_latex(record, model)
    assert r"\text{correct}" in lines[0] and r"\text{no update: }" in lines[-1]


def test_the_iwp_update_names_the_point_weight():
    model = ImportanceWeightedPerceptron(eta=1.0)
    record = model.learn_one(np.array([1.0, -1.0]), 0, weight=4.0, classes=[0, 1])
    assert r"\eta\,c" in trial_latex(record, model)[-1] and r"1\cdot 4" in trial_latex(record, model)[-1]


def test_multiclass_lines_name_the_scores_and_the_classes_moved():
    model = MultiVectorPerceptron()
    record = model.learn_one(np.array([1.0, 2.0]), "b", classes=["a", "b", "c"])
    lines = trial_latex(record, model)
    assert lines[0].startswith("s = (") and r"y_{1} = \text{b}" in lines[1]
    assert record.updated == (r"w_{\text{b}} \mathrel{+}=" in lines[-1])


def test_long_vectors_stay_rows_and_are_elided():
    assert column([1, 2, 3]).startswith(r"\begin{pmatrix}")
    assert column(np.arange(10)) == vector(np.arange(10)) and r"\dots" in vector(np.arange(10))
    assert number(float("inf")) == r"\infty" and number(1.5e12) == r"1.5\times 10^{12}"


def test_class_names_from_the_user_are_printed_never_read_as_tex():
    hostile = r"}\href{javascript:alert(1)}{x} $\def\a{b}$ 50% #1 ~_^&"
    escaped = tex_text(hostile)
    # no backslash starts a command and no brace is left unescaped: each is preceded by a backslash
    # that is itself part of an escape
    assert r"\href" not in escaped and r"\def" not in escaped
    unescaped = escaped
    for escape in (r"\textbackslash{}", r"\textasciicircum{}", r"\textasciitilde{}",
                   r"\{", r"\}", r"\$", r"\&", r"\#", r"\_", r"\%"):
        unescaped = unescaped.replace(escape, "")
    assert not set(unescaped) & set("\\{}$&#^_%~")
    model = MultiVectorPerceptron()
    record = model.learn_one(np.array([1.0, 2.0]), 1, classes=[0, 1])
    lines = trial_latex(record, model, names=["plain", hostile])
    assert rf"y_{{1}} = \text{{{escaped}}}" in lines[1]
