r"""The math of one trial, with its numbers, as LaTeX lines (shown with ``st.latex``).

``trial_latex(record, learner)`` reads a :class:`learners.TrialRecord` — the
scores before the update, the margin, and the update's own numbers — and
writes the rule of the learner that produced it with those numbers filled in,
e.g. ``w_{18} = w_{17} + c\\,y\\,x = (…) + 2.0\\cdot(+1)\\cdot(…)``.

Examples
--------
>>> import numpy as np
>>> from learners import ImportanceWeightedPerceptron
>>> model = ImportanceWeightedPerceptron()
>>> record = model.learn_one([1.0, 2.0], 1, weight=2.0, classes=[0, 1])
>>> lines = trial_latex(record, model)
>>> lines[0], lines[1]
('y_{1}\\,(w_{1}\\cdot x_{1})', '= (+1)\\cdot(0) = 0 \\le 0:\\ \\text{mistake}')
>>> "&= (2,\\ 4,\\ 2)" in lines[-1]
True
"""

from __future__ import annotations

import numpy as np


def number(value: float, digits: int = 3) -> str:
    """A short LaTeX number: integers without decimals, others with ``digits`` significant digits."""
    value = float(value)
    if not np.isfinite(value):
        return r"\infty" if value > 0 else r"-\infty"
    if value == int(value) and abs(value) < 1e9:
        return str(int(value))
    text = f"{value:.{digits}g}"
    if "e" in text:
        mantissa, exponent = text.split("e")
        return rf"{mantissa}\times 10^{{{int(exponent)}}}"
    return text


def vector(values, digits: int = 3, limit: int = 6) -> str:
    """A row vector ``(a,\\ b,\\ c)``, elided in the middle beyond ``limit`` entries."""
    values = np.asarray(values, dtype=float).reshape(-1)
    items = [number(v, digits) for v in values]
    if len(items) > limit:
        items = items[: limit - 2] + [r"\dots"] + items[-1:]
    return "(" + r",\ ".join(items) + ")"


def signed(value: float) -> str:
    return f"+{number(value)}" if value >= 0 else number(value)


def _binary_lines(record, learner) -> list[str]:
    t = record.trial
    y = 1.0 if record.truth == learner.classes_[1] else -1.0
    score = y * record.margin
    verdict = r"\le 0:\ \text{mistake}" if record.mistake else r"> 0:\ \text{correct}"
    return [rf"y_{{{t}}}\,(w_{{{t}}}\cdot x_{{{t}}})",
            rf"= ({signed(y)})\cdot({number(score)}) = {number(record.margin)} {verdict}"]


def _linear_update(record, learner, coefficient_tex: str, coefficient: str) -> str:
    t = record.trial
    y = record.update.get("y", 1.0)
    before = np.asarray(record.weights_before).reshape(-1)
    after = np.asarray(record.weights_after).reshape(-1)
    return (rf"\begin{{aligned}} w_{{{t + 1}}} &= w_{{{t}}} + {coefficient_tex}\,y\,x \\ &= {vector(before)} + "
            rf"{coefficient}\cdot({signed(y)})\cdot{vector(record.features)} \\ &= {vector(after)} \end{{aligned}}")


def _multiclass_lines(record, learner) -> list[str]:
    t = record.trial
    classes = learner.classes_
    scores = np.asarray(record.scores, dtype=float)
    lines = [rf"s = {vector(scores, limit=4)}",
             rf"\hat y_{{{t}}} = \arg\max_r s_r = \text{{{record.prediction}}},\quad y_{{{t}}} = \text{{{record.truth}}}"]
    if record.updated and "promoted" in record.update:
        step = number(record.update.get("step", 0.0))
        up = classes[record.update["promoted"]]
        down = classes[record.update["demoted"]]
        lines.append(rf"w_{{\text{{{up}}}}} \mathrel{{+}}= {step}\cdot x,\quad "
                     rf"w_{{\text{{{down}}}}} \mathrel{{-}}= {step}\cdot x,\quad x = {vector(record.features)}")
    elif not record.updated:
        lines.append(r"\text{no update}")
    return lines


def trial_latex(record, learner) -> list[str]:
    """LaTeX lines stating the trial's prediction, margin and update with its numbers."""
    name = type(learner).__name__
    info = record.update or {}
    if getattr(learner, "_kind", "binary") != "binary":
        lines = _multiclass_lines(record, learner)
        if "tau" in info:
            lines.insert(1, rf"\ell = \max(0,\ 1 - s_y + s_{{y'}}) = {number(info.get('loss', 0.0))},"
                            rf"\quad \tau = {number(info['tau'])}")
        return lines
    lines = _binary_lines(record, learner)
    if "tau" in info:   # Passive-Aggressive
        lines.append(rf"\ell = \max(0,\ 1 - y\,w\cdot x) = {number(info.get('loss', 0.0))},\quad "
                     rf"\tau = {number(info['tau'])} \;(\text{{{learner.variant}}})")
        if record.updated:
            lines.append(_linear_update(record, learner, r"\tau", number(info["tau"])))
        return lines
    if not record.updated:
        lines.append(rf"\text{{no update: }} w_{{{record.trial + 1}}} = w_{{{record.trial}}}")
        return lines
    if name == "ImportanceWeightedPerceptron":
        eta = number(learner.eta)
        lines.append(_linear_update(record, learner, r"\eta\,c", f"{eta}\\cdot {number(record.weight)}"))
    elif name == "Perceptron":
        lines.append(_linear_update(record, learner, r"\eta", number(learner.eta)))
    elif "step" in info and np.ndim(record.weights_before) <= 2 and "alpha" not in info:
        lines.append(_linear_update(record, learner, r"a", number(info["step"])))
    else:
        details = ",\\ ".join(f"\\text{{{k}}} = {number(v) if np.isscalar(v) and isinstance(v, (int, float)) else ''}"
                              for k, v in info.items() if isinstance(v, (int, float)))
        lines.append(r"\text{update: }" + details)
    return lines
