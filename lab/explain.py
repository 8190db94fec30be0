r"""The math of one trial: each learner's own rule, written with that trial's numbers.

One function per rule.  Each reads a trial record (:class:`learners.TrialRecord`, or
:class:`learners.experts.ExpertTrialRecord`) and the learner that produced it, and
returns a list of :class:`lab.formula.Formula` — LaTeX and MathML of the same lines:
the prediction with its score and margin, the verdict (a score of exactly 0 is a
mistake, docs/SPECIFICATION.md's convention), then the update the learner applied, with its
step size and the weights before and after.  The catalog (:mod:`lab.catalog`) names
the function of every learner; nothing here looks at class names.

Examples
--------
>>> from learners import ImportanceWeightedPerceptron
>>> model = ImportanceWeightedPerceptron()
>>> record = model.learn_one([1.0, 2.0], 1, weight=2.0, classes=[0, 1])
>>> lines = perceptron_math(record, model)
>>> print(lines[0].tex)
\begin{aligned} {w}_{1}\cdot {x}_{1} &=\begin{pmatrix}0 \\ 0 \\ 0\end{pmatrix}\cdot \begin{pmatrix}1 \\ 2 \\ 1\end{pmatrix}=0 \\ {y}_{1}\, \left( {w}_{1}\cdot {x}_{1} \right) &=\left( +1 \right)\cdot \left( 0 \right)=0\le 0:\, \text{mistake} \end{aligned}
>>> print(lines[1].tex.split(r" \\ ")[0])
\begin{aligned} {w}_{2} &={w}_{1}+\eta \, {c}_{1}\, {y}_{1}\, {x}_{1}
"""

from __future__ import annotations

import numpy as np

from learners.sources import credit

from .formula import (EMPTY, Formula, aligned, column, frac, join, norm, num, op, paren, prime, remembered, row,
                      signed, space, sqrt, sub, sup, sym, text, total, under, vector)

EQ = op("=")


# ------------------------------------------------------------------ pieces
def label_text(label, names=None) -> Formula:
    """A class as text: its display name (an index into ``names`` in the lab) or the label itself."""
    if names is not None and isinstance(label, (int, np.integer)) and 0 <= int(label) < len(names):
        return text(names[int(label)])
    return text(label)


def _t(name: str, t: int) -> Formula:
    """``name`` with the trial number as subscript (w_t, x_t, y_t), made once per build (:func:`remembered`)."""
    return remembered(("t", name, t), lambda: sub(name, t))


def _verdict(value: float, mistake: bool, correct_words: str = "correct") -> Formula:
    """``≤ 0: mistake`` or ``> 0: correct`` after a margin."""
    if mistake:
        return row(op(r"\le"), num(0), op(":"), space("thin"), text("mistake"))
    return row(op(">"), num(0), op(":"), space("thin"), text(correct_words))


def _binary_sign(record, learner) -> float:
    return 1.0 if record.truth == learner.classes_[1] else -1.0


def _prediction_lines(record, learner, score_name: Formula, score_value: float, score_rows=()) -> list:
    """y_t·(score) = margin with its verdict, after the score's own rows."""
    t, y = record.trial, _binary_sign(record, learner)
    lines = list(score_rows)
    lines.append((row(_t("y", t), space("thin"), paren(score_name)),
                  row(EQ, paren(signed(y)), op(r"\cdot"), paren(num(score_value)), EQ, num(record.margin),
                      _verdict(record.margin, record.mistake))))
    return lines


def _no_update(t: int, name: str = "w") -> Formula:
    return row(text("no update: "), _t(name, t + 1), EQ, _t(name, t))


def _dot_rows(t: int, before, features, score: float) -> tuple:
    """w_t·x_t = (w)·(x) = s."""
    return (row(_t("w", t), op(r"\cdot"), _t("x", t)),
            row(EQ, column(before), op(r"\cdot"), column(features), EQ, num(score)))


# ------------------------------------------------------------------ perceptron family
def perceptron_math(record, learner, names=None) -> list[Formula]:
    """Perceptron and IWP (seeds 001, 003, 000): on y_t(w_t·x_t) ≤ 0, w_{t+1} = w_t + η(c_t)y_t x_t."""
    t = record.trial
    y = _binary_sign(record, learner)
    before = np.asarray(record.weights_before, dtype=float).reshape(-1)
    score = y * record.margin
    lines = [aligned(_prediction_lines(record, learner, row(_t("w", t), op(r"\cdot"), _t("x", t)), score,
                                       [_dot_rows(t, before, record.features, score)]))]
    if not record.updated:
        lines.append(_no_update(t))
        return lines
    after = np.asarray(record.weights_after, dtype=float).reshape(-1)
    eta = float(learner.eta)
    if getattr(learner, "importance_weighted", False):
        rule = row(sym(r"\eta"), space("thin"), _t("c", t), space("thin"), _t("y", t), space("thin"), _t("x", t))
        factor = row(num(eta), op(r"\cdot"), num(record.weight))
    else:
        rule = row(sym(r"\eta"), space("thin"), _t("y", t), space("thin"), _t("x", t))
        factor = num(eta)
    lines.append(aligned([
        (_t("w", t + 1), row(EQ, _t("w", t), op("+"), rule)),
        (EMPTY, row(EQ, column(before), op("+"), factor, op(r"\cdot"), paren(signed(y)), op(r"\cdot"),
                    column(record.features))),
        (EMPTY, row(EQ, column(after)))]))
    return lines


def p_norm_math(record, learner, names=None) -> list[Formula]:
    """Gentile's p-norm algorithm (Grove, Littlestone & Schuurmans): predict with w_t = ∇(½‖θ_t‖_p²); on
    y_t(w_t·x_t) ≤ 0, θ_{t+1} = θ_t + y_t x_t and w_{t+1,i} = sign(θ_{t+1,i})|θ_{t+1,i}|^{p−1}/‖θ_{t+1}‖_p^{p−2}.
    Every number is the record's (θ before and after, ‖θ_{t+1}‖_p, w before and after)."""
    t, y = record.trial, _binary_sign(record, learner)
    before = np.asarray(record.weights_before, dtype=float).reshape(-1)
    score = y * record.margin
    lines = [aligned(_prediction_lines(record, learner, row(_t("w", t), op(r"\cdot"), _t("x", t)), score,
                                       [_dot_rows(t, before, record.features, score)]))]
    if not record.updated:
        lines.append(_no_update(t, r"\theta"))
        return lines
    info = record.update
    after = np.asarray(record.weights_after, dtype=float).reshape(-1)
    theta = _t(r"\theta", t + 1)
    theta_i = sub(r"\theta", row(num(t + 1), op(","), sym("i")))
    lines.append(aligned([
        (theta, row(EQ, _t(r"\theta", t), op("+"), _t("y", t), space("thin"), _t("x", t))),
        (EMPTY, row(EQ, column(info["theta_before"]), op("+"), paren(signed(y)), op(r"\cdot"),
                    column(record.features))),
        (EMPTY, row(EQ, column(info["theta_after"])))]))
    lines.append(aligned([
        (sub("w", row(num(t + 1), op(","), sym("i"))),
         row(EQ, frac(row(text("sign"), paren(theta_i), space("thin"),
                          sup(paren(theta_i, "||"), row(sym("p"), op("-"), num(1)))),
                      sup(sub(norm(theta), "p"), row(sym("p"), op("-"), num(2)))),
             space("quad"), sym("p"), EQ, num(info["p"]), op(","), space("thin"),
             sub(norm(theta), "p"), EQ, num(info["theta_norm"]))),
        (_t("w", t + 1), row(EQ, vector(after)))]))
    return lines


def passive_aggressive_math(record, learner, names=None) -> list[Formula]:
    """Passive–Aggressive (seed 004, after Crammer et al.): hinge ℓ, step τ of the variant, w += τ·y·x
    (binary), or w_y += τx, w_{y'} −= τx with τ computed on 2‖x‖² (multiclass, two prototypes)."""
    if learner._kind != "binary":
        return _multiclass_pa_math(record, learner, names)
    t, y = record.trial, _binary_sign(record, learner)
    before = np.asarray(record.weights_before, dtype=float).reshape(-1)
    score = y * record.margin
    lines = [aligned(_prediction_lines(record, learner, row(_t("w", t), op(r"\cdot"), _t("x", t)), score,
                                       [_dot_rows(t, before, record.features, score)]))]
    norm_sq = float(np.dot(record.features, record.features))
    loss = record.update["loss"]
    lines.append(aligned([
        (_t(r"\ell", t), row(EQ, op(r"\max"), paren(row(num(0), op(","), space("thin"), num(1), op("-"),
                                                         _t("y", t), space("thin"), _t("w", t), op(r"\cdot"),
                                                         _t("x", t))), EQ, num(loss))),
        _tau_row(t, learner.variant, float(learner.C), loss, sup(norm(_t("x", t)), 2),
                 norm_sq, record.update["tau"])]))
    if not record.updated:
        lines.append(row(text("ℓ = 0, no update: "), _t("w", t + 1), EQ, _t("w", t)))
        return lines
    after = np.asarray(record.weights_after, dtype=float).reshape(-1)
    lines.append(aligned([
        (_t("w", t + 1), row(EQ, _t("w", t), op("+"), _t(r"\tau", t), space("thin"), _t("y", t), space("thin"),
                            _t("x", t))),
        (EMPTY, row(EQ, column(before), op("+"), num(record.update["tau"]), op(r"\cdot"), paren(signed(y)),
                    op(r"\cdot"), column(record.features))),
        (EMPTY, row(EQ, column(after)))]))
    return lines


def _tau_row(t: int, variant: str, C: float, loss: float, norm_symbol: Formula, norm_sq: float, tau: float):
    """τ of PA, PA-I or PA-II with its numbers (``norm_symbol`` is ‖x‖² or 2‖x‖²)."""
    if variant == "PA":
        rule, numbers = frac(_t(r"\ell", t), norm_symbol), frac(num(loss), num(norm_sq))
    elif variant == "PA-I":
        rule = row(op(r"\min"), paren(row(sym("C"), op(","), space("thin"), frac(_t(r"\ell", t), norm_symbol))))
        numbers = row(op(r"\min"), paren(row(num(C), op(","), space("thin"), frac(num(loss), num(norm_sq)))))
    else:
        rule = frac(_t(r"\ell", t), row(norm_symbol, op("+"), frac(num(1), row(num(2), sym("C")))))
        numbers = frac(num(loss), row(num(norm_sq), op("+"), frac(num(1), num(2 * C))))
    return (_t(r"\tau", t), row(EQ, rule, EQ, numbers, EQ, num(tau), space("quad"), paren(text(variant))))


def _multiclass_pa_math(record, learner, names) -> list[Formula]:
    t = record.trial
    classes = learner.classes_
    scores = np.asarray(record.scores, dtype=float)
    y_index = int(np.searchsorted(classes, record.truth))
    rival = int(np.argmax(np.where(np.arange(len(scores)) == y_index, -np.inf, scores)))
    lines = _scores_and_prediction(record, learner, names, sym("s"))
    norm_sq = float(np.dot(record.features, record.features))
    loss, tau = record.update["loss"], record.update["tau"]
    lines.append(aligned([
        (_t(r"\ell", t), row(EQ, op(r"\max"), paren(row(num(0), op(","), space("thin"), num(1), op("-"),
                                                         sub("s", sym("y")), op("+"), sub("s", prime("y")))),
                             EQ, num(loss), space("quad"), prime("y"), EQ, label_text(classes[rival], names))),
        _tau_row(t, learner.variant, float(learner.C), loss,
                 row(num(2), sup(norm(_t("x", t)), 2)), 2 * norm_sq, tau)]))
    if not record.updated:
        lines.append(row(text("ℓ = 0, no update")))
        return lines
    lines.append(_two_rows_update(record, learner, names, classes[y_index], classes[rival], num(tau)))
    return lines


# ------------------------------------------------------------------ multiclass
def _scores_and_prediction(record, learner, names, score_symbol: Formula, scale_note: Formula = EMPTY) -> list:
    t = record.trial
    scores = np.asarray(record.scores, dtype=float)
    line = aligned([
        (score_symbol, row(EQ, vector(scores, limit=6), scale_note)),
        (_t(r"\hat y", t), row(EQ, under(op(r"\arg\max"), "r"), space("thin"), sub(score_symbol, "r"), EQ,
                               label_text(record.prediction, names), space("quad"), _t("y", t), EQ,
                               label_text(record.truth, names), space("quad"),
                               text("mistake" if record.mistake else "correct")))])
    return [line]


def _two_rows_update(record, learner, names, up_label, down_label, step: Formula) -> Formula:
    """w_up += a·x, w_down −= a·x, with x and both rows after the trial."""
    t = record.trial
    up, down = label_text(up_label, names), label_text(down_label, names)
    W_after = np.asarray(record.weights_after, dtype=float)
    classes = list(learner.classes_)
    up_after, down_after = W_after[classes.index(up_label)], W_after[classes.index(down_label)]
    return aligned([
        (sub("w", up), row(op(r"\mathrel{+}="), step, op(r"\cdot"), _t("x", t), EQ, step, op(r"\cdot"),
                           column(record.features), space("quad"), op(r"\Rightarrow"), space("thin"),
                           sub("w", up), EQ, column(up_after))),
        (sub("w", down), row(op(r"\mathrel{-}="), step, op(r"\cdot"), _t("x", t), space("quad"),
                             op(r"\Rightarrow"), space("thin"), sub("w", down), EQ, column(down_after)))])


def multivector_math(record, learner, names=None) -> list[Formula]:
    """Multi-vector perceptron (seed 000 §2.3): ŷ = argmax_r w_r·x; on ŷ ≠ y, w_y += a·x, w_ŷ −= a·x
    with a = η (MV-Perceptron) or η·c_t (MV-IWP)."""
    t = record.trial
    lines = _scores_and_prediction(record, learner, names, sym("s"),
                                   row(space("quad"), paren(row(sub("s", "r"), EQ, sub("w", "r"), op(r"\cdot"),
                                                                _t("x", t)))))
    if not record.updated:
        lines.append(row(text("no update: every "), sub("w", "r"), text(" stays")))
        return lines
    step = record.update.get("step", 1.0)
    if getattr(learner, "importance_weighted", False):
        rule = row(sym("a"), EQ, sym(r"\eta"), space("thin"), _t("c", t), EQ, num(learner.eta), op(r"\cdot"),
                   num(record.weight), EQ, num(step))
    else:
        rule = row(sym("a"), EQ, sym(r"\eta"), EQ, num(step))
    lines.append(rule)
    lines.append(_two_rows_update(record, learner, names, record.truth, record.prediction, sym("a")))
    return lines


def all_pair_math(record, learner, names=None) -> list[Formula]:
    """All-pair perceptron (seed 000 §4.1) in its pair-vector form, beside the multi-vector step it equals:
    h(x, r) = Σ_{j≠r} w^{rj}·x; on a mistake w^{yr} += a·x (r ≠ y) and w^{ŷr} −= a·x (r ≠ ŷ), so w^{yŷ}
    moves twice and the score rows move exactly as k multi-vector steps (Lemma 3)."""
    t = record.trial
    k = len(learner.classes_)
    scores = np.asarray(record.scores, dtype=float)
    note = row(space("quad"), paren(row(sub("h", "r"), EQ, total(row(sym("j"), op(r"\ne"), sym("r"))),
                                        sup("w", row(sym("r"), sym("j"))), op(r"\cdot"), _t("x", t), EQ,
                                        num(k), op(r"\cdot"), sup("s", "MV"))))
    lines = _scores_and_prediction(record, learner, names, sym("h"), note)
    lines.append(row(sup("s", "MV"), EQ, vector(scores / k, limit=6), space("quad"),
                     text("the multi-vector perceptron's scores on the same trials")))
    if not record.updated:
        lines.append(row(text("no update: every pair vector "), sup("w", row(sym("r"), sym("j"))), text(" stays")))
        return lines
    step = record.update.get("step", 1.0) / k
    y, guess = label_text(record.truth, names), label_text(record.prediction, names)
    x = column(record.features)
    lines.append(aligned([
        (sup("w", row(y, space("thin"), sym("r"))),
         row(op(r"\mathrel{+}="), num(step), op(r"\cdot"), _t("x", t), space("quad"), paren(row(sym("r"), op(r"\ne"), y)))),
        (sup("w", row(guess, space("thin"), sym("r"))),
         row(op(r"\mathrel{-}="), num(step), op(r"\cdot"), _t("x", t), space("quad"),
             paren(row(sym("r"), op(r"\ne"), guess)))),
        (sup("w", row(y, space("thin"), guess)),
         row(op(r"\mathrel{+}="), num(2 * step), op(r"\cdot"), x, space("quad"), text("(moved by both rules)")))]))
    lines.append(row(op(r"\Rightarrow"), space("thin"), sub("h", y), op(r"\mathrel{+}="), num(k * step),
                     op(r"\cdot"), _t("x", t), op(","), space("quad"), sub("h", guess), op(r"\mathrel{-}="),
                     num(k * step), op(r"\cdot"), _t("x", t), op(":"), space("thin"),
                     text(f"the multi-vector step, {k} times ({credit('000', 'Lemma 3')})")))
    return lines


# ------------------------------------------------------------------ kernel perceptron
KERNEL_FORMULAS = {
    "linear": lambda g, d, c0: row(sym("x"), op(r"\cdot"), prime("x")),
    "poly": lambda g, d, c0: sup(paren(row(num(g), space("thin"), sym("x"), op(r"\cdot"), prime("x"), op("+"),
                                           num(c0))), num(d)),
    "rbf": lambda g, d, c0: row(op(r"\exp"), paren(row(op("-"), num(g), space("thin"),
                                                      sup(norm(row(sym("x"), op("-"), prime("x"))), 2)))),
    "laplace": lambda g, d, c0: row(op(r"\exp"), paren(row(op("-"), frac(norm(row(sym("x"), op("-"), prime("x"))),
                                                                           num(g))))),
}


def kernel_formula(learner) -> Formula:
    """K(x, x′) of the learner's kernel with its parameters."""
    make = KERNEL_FORMULAS[learner.kernel]
    return row(sym("K"), paren(row(sym("x"), op(","), prime("x"))), EQ,
               make(float(learner.gamma), int(getattr(learner, "degree", 3)), float(getattr(learner, "coef0", 1.0))))


def kernel_perceptron_math(record, learner, names=None) -> list[Formula]:
    """Kernel perceptron (seed 003 §2): f(x) = Σ_r α_r K(x_r, x); on y_t f(x_t) ≤ 0, x_t's α grows by y_t
    (·c_t when importance-weighted).  There is no weight vector w: the model is its support set."""
    t, y = record.trial, _binary_sign(record, learner)
    score = y * record.margin
    alphas = np.asarray(record.weights_before, dtype=float).reshape(-1)
    n = int(np.count_nonzero(alphas))
    f_of_x = row(sym("f"), paren(_t("x", t)))
    lines = [aligned(_prediction_lines(record, learner, f_of_x, score, [
        (f_of_x, row(EQ, total(row(sym("r"), EQ, num(1)), num(n)) if n else total("r"),
                     sub(sym(r"\alpha"), "r"), space("thin"), sym("K"), paren(row(sub("x", "r"), op(","), _t("x", t))),
                     EQ, num(score), space("quad"), paren(row(num(n), text(" support points"))))),
        (EMPTY, kernel_formula(learner))]))]
    if not record.updated:
        lines.append(row(text("no update: the support set and every "), sub(sym(r"\alpha"), "r"), text(" stay")))
        return lines
    delta = float(record.update.get("alpha", y))
    after = np.asarray(record.weights_after, dtype=float).reshape(-1)
    m = int(np.count_nonzero(after))
    if getattr(learner, "importance_weighted", False):
        rule = row(_t("y", t), space("thin"), _t("c", t), EQ, paren(signed(y)), op(r"\cdot"), num(record.weight))
    else:
        rule = _t("y", t)
    lines.append(aligned([
        (sub(sym(r"\alpha"), _t("x", t)), row(op(r"\mathrel{+}="), rule, EQ, signed(delta))),
        (f_of_x, row(op(r"\mathrel{+}="), signed(delta), op(r"\cdot"), sym("K"), paren(row(_t("x", t), op(","),
                                                                                      sym("x"))), space("quad"),
                     text(f"support set: {n} → {m} points")))]))
    return lines


# ------------------------------------------------------------------ winnow
def winnow_math(record, learner, names=None) -> list[Formula]:
    """Normalised exponentiated Winnow (seed 003 §3): on y_t(w_t·x_t) ≤ 0,
    w_{t+1,i} = w_{t,i}·e^{η y_t x_{t,i}} / Z with Z = Σ_j w_{t,j}·e^{η y_t x_{t,j}}."""
    t, y = record.trial, _binary_sign(record, learner)
    before = np.asarray(record.weights_before, dtype=float).reshape(-1)
    score = y * record.margin
    features = "(x, 1, −x, −1)" if learner.balanced and learner.fit_intercept else (
        "(x, −x)" if learner.balanced else ("(x, 1)" if learner.fit_intercept else "x"))
    lines = [aligned(_prediction_lines(record, learner, row(_t("w", t), op(r"\cdot"), _t("x", t)), score, [
        (row(_t("w", t), op(r"\cdot"), _t("x", t)),
         row(EQ, vector(before), op(r"\cdot"), vector(record.features), EQ, num(score))),
        (EMPTY, row(text(f"on the features {features}; w sums to 1")))]))]
    if not record.updated:
        lines.append(_no_update(t))
        return lines
    eta = float(learner.eta)
    log_z = float(record.update["log_Z"])             # the learner's own normaliser, as it recorded it
    z = num(record.update["Z"]) if np.isfinite(record.update["Z"]) else sup("e", num(log_z))
    after = np.asarray(record.weights_after, dtype=float).reshape(-1)
    power = sup("e", row(sym(r"\eta"), space("thin"), _t("y", t), space("thin"), sub("x", row(num(t), op(","), sym("i")))))
    lines.append(aligned([
        (sub("w", row(num(t + 1), op(","), sym("i"))),
         row(EQ, frac(row(sub("w", row(num(t), op(","), sym("i"))), space("thin"), power), sym("Z")), space("quad"),
             sym(r"\eta"), EQ, num(eta), op(","), space("thin"), _t("y", t), EQ, signed(y))),
        (sym("Z"), row(EQ, total("j"), sub("w", row(num(t), op(","), sym("j"))), space("thin"),
                       sup("e", row(sym(r"\eta"), space("thin"), _t("y", t), space("thin"),
                                    sub("x", row(num(t), op(","), sym("j"))))), EQ, z)),
        (_t("w", t + 1), row(EQ, vector(after)))]))
    return lines


# ------------------------------------------------------------------ weight-bounded
def weight_bounded_math(record, learner, names=None) -> list[Formula]:
    """Weight-bounded perceptron (seed 004, appendix): s₁ = Σ w_i x_i, s₂ = Σ (1 − w_i) x_i; on
    y·(s₁ − s₂) ≤ 0, w_i ← clip(w_i + y·β·x_i, 0, 1)."""
    t, y = record.trial, _binary_sign(record, learner)
    before = np.asarray(record.weights_before, dtype=float).reshape(-1)
    second, first = record.update.get("class_scores", (0.0, 0.0))
    classes = learner.classes_
    lines = [aligned([
        (sub("s", label_text(classes[1], names)), row(EQ, total("i"), sub("w", "i"), sub("x", "i"), EQ,
                                                   num(first))),
        (sub("s", label_text(classes[0], names)), row(EQ, total("i"), paren(row(num(1), op("-"),
                                                                                sub("w", "i"))),
                                                   sub("x", "i"), EQ, num(second))),
        (row(_t("y", t), space("thin"), paren(row(sub("s", label_text(classes[1], names)), op("-"),
                                                 sub("s", label_text(classes[0], names))))),
         row(EQ, num(record.margin), _verdict(record.margin, record.mistake)))])]
    if not record.updated:
        lines.append(_no_update(t))
        return lines
    after = np.asarray(record.weights_after, dtype=float).reshape(-1)
    lines.append(aligned([
        (sub("w", "i"), row(op(r"\leftarrow"), text("clip"), paren(row(sub("w", "i"), op("+"), _t("y", t),
                                                                      space("thin"), sym(r"\beta"), space("thin"),
                                                                      sub("x", "i"), op(","), num(0), op(","), num(1))),
                            space("quad"), sym(r"\beta"), EQ, num(learner.beta))),
        (_t("w", t + 1), row(EQ, vector(after), space("quad"), paren(row(text("was "), vector(before))))),
        (EMPTY, row(text("total change "), total("i"), paren(row(op(r"\mid"), sym(r"\Delta"), sub("w", "i"),
                                                                 op(r"\mid")), "||"), EQ,
                    num(record.update["weight_moved"])))]))
    return lines


# ------------------------------------------------------------------ OOZ
def ooz_math(record, learner, names=None) -> list[Formula]:
    """OOZ (seed 004, Fig. 1): update when some other class scores ≥ s_y − δ; weight is deducted from
    the offending classes' edges and the free source, and added to the true class's edge."""
    t = record.trial
    info = record.update
    scores = np.asarray(record.scores, dtype=float)
    y_index = int(np.searchsorted(learner.classes_, record.truth))
    others = np.delete(scores, y_index)
    rival = float(others.max()) if others.size else -np.inf
    lines = [aligned([
        (sub("s", sym("y")), row(EQ, num(scores[y_index]), space("quad"),
                                 under(op(r"\max"), row(sym("r"), op(r"\ne"), sym("y"))),
                                 sub("s", "r"), EQ, num(rival), space("quad"), sym(r"\delta"), EQ, num(learner.margin))),
        (_t(r"\hat y", t), row(EQ, label_text(record.prediction, names), space("quad"), _t("y", t), EQ,
                               label_text(record.truth, names), space("quad"),
                               text("mistake" if record.mistake else "correct")))])]
    if not record.updated:
        lines.append(row(text("no update: "), under(op(r"\max"), row(sym("r"), op(r"\ne"), sym("y"))), sub("s", "r"),
                         op("<"), sub("s", "y"), op("-"), sym(r"\delta")))
        return lines
    taken = info.get("taken", {})
    parts = [row(label_text(label, names), op(":"), space("thin"), num(amount)) for label, amount in taken.items()]
    lines.append(aligned([
        (text("deducted from"), row(op(":"), space("thin"), join(parts, row(op(","), space("quad"))) if parts
                                    else text("no class"), op(";"), space("quad"), text("from the free source: "),
                                    num(info.get("from_free", 0.0)))),
        (sub("s", sym("y")), row(op(r"\mathrel{+}="), num(info.get("score_moved", 0.0)), space("quad"),
                                 paren(row(text("rate "), sym(r"\beta"), EQ, num(info.get("rate", 0.0))))))]))
    return lines


# ------------------------------------------------------------------ apportioned margin
def apportioned_math(record, learner, names=None) -> list[Formula]:
    r"""Apportioned margin (seed 002): ŷ = argmax_j f_j(x)/θ_j; class j fires when
    θ_y − δ̄(y,j)·f_j(x) > 0 (≥ 0 for the perceptron solver).  SGD (Pegasos step 1/(λt)):
    w_j ← (1 − 1/t)·w_j + δ̄(y,j)·x/(λt) for every fired j, the shrink alone for the others;
    perceptron solver: w_j += δ̄(y,j)·x (kernel: the dual count ᾱ_{t,j} += δ̄(y,j))."""
    t = record.trial
    info = record.update
    classes = learner.classes_
    theta = np.asarray(learner.theta_, dtype=float)
    raw = np.asarray(info["raw_scores"], dtype=float)
    y_index = int(np.searchsorted(classes, record.truth))
    fired = np.asarray(info["fired"], dtype=bool)
    lines = [aligned([
        (row(sub("f", "j"), paren(_t("x", t))), row(EQ, vector(raw, limit=6), space("quad"), sym(r"\theta"), EQ,
                                                    vector(theta, limit=6))),
        (row(sub("f", "j"), op("/"), sub(sym(r"\theta"), "j")), row(EQ, vector(raw / theta, limit=6))),
        (_t(r"\hat y", t), row(EQ, under(op(r"\arg\max"), "j"), space("thin"), sub("f", "j"), op("/"),
                               sub(sym(r"\theta"), "j"), EQ, label_text(record.prediction, names), space("quad"),
                               _t("y", t), EQ, label_text(record.truth, names), space("quad"),
                               text("mistake" if record.mistake else "correct")))])]
    sgd = learner.solver == "sgd"
    relation = op(">") if sgd else op(r"\ge")
    rule = row(text("class j fires when "), sub(sym(r"\theta"), "y"), op("-"), sym(r"\bar\delta"),
               paren(row(sym("y"), op(","), sym("j"))), op(r"\cdot"), sub("f", "j"), paren(_t("x", t)), relation,
               num(0), op(":"))
    gaps = []
    for j, label in enumerate(classes):
        sign = 1.0 if j == y_index else -1.0
        gap = theta[y_index] - sign * raw[j]
        gaps.append((label_text(label, names),
                     row(op(":"), space("thin"), num(theta[y_index]), op("-"), paren(signed(sign)), op(r"\cdot"),
                         paren(num(raw[j])), EQ, num(gap), space("quad"), text("fires" if fired[j] else "does not fire"))))
    lines.append(rule)
    lines.append(aligned(gaps))
    moved = [label_text(classes[j], names) for j in np.flatnonzero(fired)]
    linear = learner.kernel == "linear"
    target = "w" if linear else r"\bar\alpha"
    direction = row(sym(r"\bar\delta"), paren(row(sym("y"), op(","), sym("j"))), space("thin"), _t("x", t) if linear
                    else EMPTY)
    if sgd:
        step = float(info.get("step_size", 0.0))
        steps = int(info.get("t", t))
        if linear:
            rule = row(op(r"\leftarrow"), paren(row(num(1), op("-"), frac(num(1), sym("t")))), sub("w", "j"), op("+"),
                       frac(num(1), row(sym(r"\lambda"), sym("t"))), direction)
        else:
            rule = row(op(r"\mathrel{+}="), sym(r"\bar\delta"), paren(row(sym("y"), op(","), sym("j"))),
                       space("quad"), text("and every score is scaled by "), frac(num(1), row(sym(r"\lambda"), sym("t"))))
        lines.append(aligned([
            (sub(target, "j") if linear else sub(sym(r"\bar\alpha"), row(num(t), op(","), sym("j"))), rule),
            (EMPTY, row(text("with "), sym("t"), EQ, num(steps), op(","), space("thin"), sym(r"\lambda"), EQ,
                        num(learner.lam), op(","), space("thin"), frac(num(1), row(sym(r"\lambda"), sym("t"))), EQ,
                        num(step), op(";"), space("quad"), text("moved: "),
                        join(moved, row(op(","), space("thin"))) if moved else text("none (only the shrink)")))]))
    else:
        rule = row(op(r"\mathrel{+}="), direction) if linear else row(op(r"\mathrel{+}="), sym(r"\bar\delta"),
                                                                     paren(row(sym("y"), op(","), sym("j"))))
        lines.append(row(sub(target, "j") if linear else sub(sym(r"\bar\alpha"), row(num(t), op(","), sym("j"))),
                         rule, space("quad"), text("for the classes that fire: "),
                         join(moved, row(op(","), space("thin"))) if moved else text("none (no update)")))
    if linear and fired.any():
        W_after = np.asarray(record.weights_after, dtype=float)
        lines.append(row(*[row(sub("w", label_text(classes[j], names)), EQ, column(W_after[j]), space("quad"))
                           for j in np.flatnonzero(fired)]))
    return lines


# ------------------------------------------------------------------ experts
def _share_rows(record) -> list:
    return [(row(total(row(sym("i"), op(":"), sub("a", "i"), EQ, num(1))), sub("w", "i")),
             row(EQ, num(record.weight_for_one), space("quad"), paren(row(num(record.vote_for_one), text(" of W"))))),
            (row(total(row(sym("i"), op(":"), sub("a", "i"), EQ, num(0))), sub("w", "i")),
             row(EQ, num(record.weight_for_zero), space("quad"), paren(row(num(record.vote_for_zero), text(" of W")))))]


def weighted_majority_math(record, learner, names=None) -> list[Formula]:
    """Weighted Majority (seed 001): predict 1 iff the weight advising 1 is at least the weight advising 0
    (ties → 1); every wrong expert's weight is multiplied by β."""
    t = record.trial
    rows = _share_rows(record)
    rows.append((_t(r"\hat y", t), row(EQ, num(record.prediction), space("quad"), _t("y", t), EQ, num(record.outcome),
                                       space("quad"), text("mistake" if record.mistake else "correct"))))
    lines = [aligned(rows)]
    lines.append(_expert_update(record, sym(r"\beta"), float(learner.beta)))
    return lines


def randomized_weighted_majority_math(record, learner, names=None) -> list[Formula]:
    """Randomized WM (seed 001): follow expert i with probability w_i/W; the chance of a mistake is
    F_t, the share of the weight on wrong experts; every wrong expert's weight is multiplied by 1 − ε."""
    t = record.trial
    rows = _share_rows(record)
    rows.append((_t("F", t), row(EQ, frac(row(total(text("wrong i")), sub("w", "i")), sym("W")), EQ,
                                 num(record.expected_loss), space("quad"), text("(the chance of a mistake)"))))
    rows.append((_t(r"\hat y", t), row(EQ, num(record.prediction), space("quad"),
                                       paren(row(text("followed expert "), num(record.followed_expert + 1))),
                                       space("quad"), _t("y", t), EQ, num(record.outcome), space("quad"),
                                       text("mistake" if record.mistake else "correct"))))
    lines = [aligned(rows)]
    epsilon = float(record.epsilon)
    lines.append(_expert_update(record, paren(row(num(1), op("-"), sym(r"\epsilon"))), 1 - epsilon,
                                row(space("quad"), sym(r"\epsilon"), EQ, num(epsilon))))
    if record.restarted:
        lines.append(_restart(record, learner))
    return lines


def _restart(record, learner) -> Formula:
    """The doubling trick's restart after this trial (seed 001): every expert has made ≥ m̂ mistakes in the
    phase, so the next phase doubles m̂, takes ε = √(ln N/m̂) (at most ½) and starts every weight at 1.
    The next phase's m̂ and ε are read from the learner (``phases_``), not computed again here."""
    _, new_m_hat, new_epsilon = learner.phases_[int(record.phase) + 1]
    return aligned([
        (EMPTY, row(text("every expert made ≥ "), sym(r"\hat m"), EQ, num(float(record.m_hat)),
                    text(" mistakes this phase, so a new phase begins:"))),
        (sym(r"\hat m"), row(op(r"\leftarrow"), num(2), sym(r"\hat m"), EQ, num(new_m_hat), op(","), space("quad"),
                             sym(r"\epsilon"), op(r"\leftarrow"), op(r"\min"),
                             paren(row(frac(num(1), num(2)), op(","), space("thin"),
                                       sqrt(frac(row(op(r"\ln"), sym("N")), sym(r"\hat m"))))),
                             EQ, num(new_epsilon))),
        (sym("w"), row(op(r"\leftarrow"), vector(np.ones(len(record.advice)), limit=8), space("quad"),
                       text("every weight back to 1")))])


def _expert_update(record, factor: Formula, value: float, note: Formula = EMPTY) -> Formula:
    """w_i ← factor·w_i = value·w_i for the wrong experts, and the weights that product gives: the record's
    ``weights_penalized`` (the weights after the trial, except on a doubling trick's restart, which sets them
    all to 1 afterwards: :func:`_restart`)."""
    wrong = np.asarray(record.wrong_experts, dtype=bool)
    after = record.weights_penalized
    names = [num(i + 1) for i in np.flatnonzero(wrong)]
    if len(names) > 8:
        names = names[:6] + [op(r"\dots")] + names[-1:]
    if not wrong.any():
        return row(text("no expert was wrong: no weight changes"))
    return aligned([
        (sub("w", "i"), row(op(r"\leftarrow"), factor, op(r"\cdot"), sub("w", "i"), EQ, num(value), op(r"\cdot"),
                            sub("w", "i"), note, space("quad"), text(f"for the {int(wrong.sum())} wrong experts: "),
                            join(names, row(op(","), space("thin"))))),
        (sym("w"), row(EQ, vector(after, limit=8)))])
