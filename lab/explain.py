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
>>> print(lines[0])
\begin{aligned} y_{1}\,(w_{1}\cdot x_{1}) &= (+1)\cdot(0) \\ &= 0 \le 0:\ \text{mistake} \end{aligned}
>>> lines[-1].endswith(r"&= \begin{pmatrix}2 \\ 4 \\ 2\end{pmatrix} \end{aligned}")
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


def column(values, digits: int = 3, limit: int = 4) -> str:
    """A column vector (``pmatrix``) when it has at most ``limit`` entries — narrow enough for
    three of them on one line beside the boundary — else :func:`vector`."""
    values = np.asarray(values, dtype=float).reshape(-1)
    if len(values) > limit:
        return vector(values, digits)
    return r"\begin{pmatrix}" + r" \\ ".join(number(v, digits) for v in values) + r"\end{pmatrix}"


def signed(value: float) -> str:
    return f"+{number(value)}" if value >= 0 else number(value)


def _binary_lines(record, learner) -> list[str]:
    t = record.trial
    y = 1.0 if record.truth == learner.classes_[1] else -1.0
    score = y * record.margin
    verdict = r"\le 0:\ \text{mistake}" if record.mistake else r"> 0:\ \text{correct}"
    return [rf"\begin{{aligned}} y_{{{t}}}\,(w_{{{t}}}\cdot x_{{{t}}}) &= ({signed(y)})\cdot({number(score)}) \\ "
            rf"&= {number(record.margin)} {verdict} \end{{aligned}}"]


def _linear_update(record, learner, coefficient_tex: str, coefficient: str) -> str:
    t = record.trial
    y = record.update.get("y", 1.0)
    before = np.asarray(record.weights_before).reshape(-1)
    after = np.asarray(record.weights_after).reshape(-1)
    return (rf"\begin{{aligned}} w_{{{t + 1}}} &= w_{{{t}}} + {coefficient_tex}\,y\,x \\ &= {column(before)} + "
            rf"{coefficient}\cdot({signed(y)})\cdot{column(record.features)} \\ &= {column(after)} \end{{aligned}}")


#: LaTeX's special characters, as KaTeX prints them literally inside \text{…}
_TEX_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
                "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}"}


def tex_text(text) -> str:
    r"""``text`` (a class name from the user) for ``\text{…}``: every LaTeX special character
    escaped, so a name is always printed, never read as a command.

    >>> print(tex_text("a_b {x}"))
    a\_b \{x\}
    """
    return "".join(_TEX_ESCAPES.get(character, character) for character in str(text)[:40])


def class_name(label, names=None) -> str:
    """The display name of a learner's label (an index into ``names`` in the lab), TeX-escaped."""
    if names is not None and isinstance(label, (int, np.integer)) and 0 <= label < len(names):
        return tex_text(names[label])
    return tex_text(label)


def _multiclass_lines(record, learner, names=None) -> list[str]:
    t = record.trial
    classes = learner.classes_
    scores = np.asarray(record.scores, dtype=float)
    lines = [rf"s = {vector(scores, limit=4)}",
             rf"\hat y_{{{t}}} = \arg\max_r s_r = \text{{{class_name(record.prediction, names)}}},\quad "
             rf"y_{{{t}}} = \text{{{class_name(record.truth, names)}}}"]
    if record.updated and "promoted" in record.update:
        step = number(record.update.get("step", 0.0))
        up = class_name(classes[record.update["promoted"]], names)
        down = class_name(classes[record.update["demoted"]], names)
        lines.append(rf"\begin{{aligned}} &w_{{\text{{{up}}}}} \mathrel{{+}}= {step}\cdot x,\quad "
                     rf"w_{{\text{{{down}}}}} \mathrel{{-}}= {step}\cdot x \\ &x = {column(record.features)} "
                     rf"\end{{aligned}}")
    elif not record.updated:
        lines.append(r"\text{no update}")
    return lines


def trial_latex(record, learner, names=None) -> list[str]:
    """LaTeX lines stating the trial's prediction, margin and update with its numbers.

    ``names`` (optional) gives the display name of each label, e.g. a point set's class names
    indexed by the integer labels the lab's learners see."""
    name = type(learner).__name__
    info = record.update or {}
    if getattr(learner, "_kind", "binary") != "binary":
        lines = _multiclass_lines(record, learner, names)
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
