r"""Formulas written once, rendered two ways: LaTeX (KaTeX, ``st.latex``) and MathML (the browser).

A :class:`Formula` holds the same expression as LaTeX source and as MathML markup.  The
combinators below build both side by side, so the two can never say different things:
the trial math of every learner (:mod:`lab.explain`) is written with them, its LaTeX is
checked by KaTeX in the tests, and its MathML is what the timeline player inserts into
the page (Chromium, Firefox and Safari render MathML natively: nothing to download).

Numbers are typeset by :func:`num`: integers plainly, others with as many significant digits
as the lab's prose (:data:`lab.numbers.TEXT_DIGITS`: the math beside a quiz or a lesson says the digits
its words say), and very large or small ones as a×10ᵏ (never ``4.66e-10``, which reads as a
subtraction).  Text from users (class names) goes through :func:`text`, which escapes
it for both languages, so it is always shown, never interpreted.

Examples
--------
>>> f = row(sub(sym("w"), 2), op("="), num(4.66e-10))
>>> print(f.tex)
{w}_{2}=4.66 \times 10^{-10}
>>> f.mml
'<msub><mi>w</mi><mn>2</mn></msub><mo>=</mo><mn>4.66</mn><mo>×</mo><msup><mn>10</mn><mn>−10</mn></msup>'
>>> print(math_element(text("a<b")))
<math display="block"><mtext>a&lt;b</mtext></math>
"""

from __future__ import annotations

import contextlib
import contextvars
import html
import math
from typing import NamedTuple

import numpy as np

from lab.numbers import TEXT_DIGITS, significant_parts


class Formula(NamedTuple):
    """One expression as LaTeX (``tex``) and as MathML content (``mml``, without ``<math>``).

    A named tuple rather than a dataclass: the timeline builds some 100,000 of them for a
    2,000-trial run, and a tuple is made several times faster."""

    tex: str
    mml: str

    def __add__(self, other: "Formula") -> "Formula":      # type: ignore[override]
        return row(self, other)


EMPTY = Formula("", "")

# A build of many trials' math (the timeline) repeats numbers, vectors and subscripts: within
# ``remembering()`` they are made once.  The memo belongs to that block of code in that thread
# (a context variable), so nothing is kept between builds or seen by another session.
_MEMO: contextvars.ContextVar = contextvars.ContextVar("lab_formula_memo", default=None)


@contextlib.contextmanager
def remembering():
    """Within this block, numbers, vectors and subscripts already made are reused."""
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def remembered(key, make):
    """``make()``, or the value made for ``key`` earlier in the same :func:`remembering` block."""
    memo = _MEMO.get()
    if memo is None:
        return make()
    value = memo.get(key)
    if value is None:
        value = memo[key] = make()
    return value

#: TeX names of the Greek letters and symbols the lab writes, with their characters
SYMBOLS = {
    r"\eta": "η", r"\gamma": "γ", r"\alpha": "α", r"\beta": "β", r"\delta": "δ", r"\epsilon": "ε",
    r"\theta": "θ", r"\tau": "τ", r"\ell": "ℓ", r"\lambda": "λ", r"\bar\delta": "δ̄", r"\infty": "∞",
    r"\hat y": "ŷ", r"\hat m": "m̂", r"\Delta": "Δ", r"\bar\alpha": "ᾱ",
}
#: TeX operators and relations, with their characters
OPERATORS = {
    "=": "=", "+": "+", "-": "−", r"\le": "≤", r"\ge": "≥", "<": "&lt;", ">": "&gt;", r"\cdot": "·",
    r"\times": "×", r"\leftarrow": "←", r"\ne": "≠", r"\approx": "≈", ",": ",", ":": ":",
    r"\mathrel{+}=": "+=", r"\mathrel{-}=": "−=", r"\Rightarrow": "⇒", r"\mid": "|", r"\dots": "…",
    r"\max": "max", r"\min": "min", r"\arg\max": "argmax", r"\exp": "exp", r"\ln": "ln", r"\sum": "∑",
    r"\odot": "⊙", ";": ";", "/": "/",
}

#: LaTeX's special characters, as KaTeX prints them literally inside \text{…}
_TEX_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#",
                "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%", "~": r"\textasciitilde{}"}


def tex_text(text, limit: int = 40) -> str:
    r"""``text`` (a class name from the user) for ``\text{…}``: every LaTeX special character
    escaped, so a name is always printed, never read as a command.

    >>> print(tex_text("a_b {x}"))
    a\_b \{x\}
    """
    return "".join(_TEX_ESCAPES.get(character, character) for character in str(text)[:limit])


# ------------------------------------------------------------------ atoms
def sym(name: str) -> Formula:
    r"""An identifier: a Latin letter (``"w"``) or a TeX Greek name (``r"\eta"``).

    >>> sym(r"\eta").mml, sym("x").tex
    ('<mi>η</mi>', 'x')
    """
    if name.startswith("\\"):
        if name not in SYMBOLS:
            raise ValueError(f"unknown symbol {name!r}; add it to lab.formula.SYMBOLS.")
        return Formula(name + " ", f"<mi>{SYMBOLS[name]}</mi>")
    if not name.isalnum():
        raise ValueError(f"an identifier is letters and digits; got {name!r}.")
    return Formula(name, f"<mi>{name}</mi>")


def op(name: str) -> Formula:
    """An operator or relation (``"="``, ``r"\\le"``, ``r"\\cdot"``...)."""
    if name not in OPERATORS:
        raise ValueError(f"unknown operator {name!r}; add it to lab.formula.OPERATORS.")
    tex = name if name in ("=", "+", "-", ",", ":", ";", "<", ">", "/") else name + " "
    if name in (r"\max", r"\min", r"\arg\max", r"\sum"):
        return Formula(tex, f'<mo movablelimits="true" form="prefix">{OPERATORS[name]}</mo>')
    return Formula(tex, f"<mo>{OPERATORS[name]}</mo>")


def text(words) -> Formula:
    """Words inside a formula, escaped for both languages (a user's class name is shown as typed)."""
    words = str(words)
    return remembered(("text", words), lambda: _text(words))


def _text(words: str) -> Formula:
    words = words[:200].replace("\u0001", "")      # U+0001 marks numbers in the timeline's templates
    shown = html.escape(words)
    # MathML collapses the spaces at the ends of <mtext>: keep them as no-break spaces
    stripped = shown.strip(" ")
    if stripped != shown:
        lead, trail = len(shown) - len(shown.lstrip(" ")), len(shown) - len(shown.rstrip(" "))
        shown = "\u00a0" * lead + stripped + "\u00a0" * trail
    return Formula(r"\text{" + tex_text(words, limit=200) + "}", f"<mtext>{shown}</mtext>")


def space(width: str = "quad") -> Formula:
    """Horizontal space: ``"quad"`` (1em), ``"qquad"`` (2em) or ``"thin"``."""
    tex, em = {"quad": (r"\quad ", "1em"), "qquad": (r"\qquad ", "2em"), "thin": (r"\, ", "0.167em")}[width]
    return Formula(tex, f'<mspace width="{em}"></mspace>')


def num(value, digits: int = TEXT_DIGITS) -> Formula:
    r"""A number: integers as such, others with ``digits`` significant digits, and those that
    Python's ``g`` format would write with an exponent as a×10ᵏ.

    >>> num(3.0).tex, num(-0.125).tex, num(1234.5).tex, num(12345.6).tex, num(-2.5e-7).tex
    ('3', '-0.125', '1234', '1.235 \\times 10^{4}', '-2.5 \\times 10^{-7}')
    >>> num(float("inf")).mml, num(1e-12).tex
    ('<mi>∞</mi>', '10^{-12}')
    """
    value, digits = float(value), int(digits)
    return remembered(("num", value, digits), lambda: _num(value, digits))


def _num(value: float, digits: int) -> Formula:
    """:func:`num` of a float (cached: runs repeat many numbers)."""
    value = float(value)
    if math.isnan(value):
        return text("undefined")
    if math.isinf(value):
        return Formula(r"\infty" if value > 0 else r"-\infty", "<mi>∞</mi>" if value > 0 else "<mo>−</mo><mi>∞</mi>")
    # the sign goes inside <mn>: as an <mo> it would be spaced like a subtraction
    sign_tex, sign_mml = ("-", "−") if value < 0 else ("", "")
    magnitude = abs(value)
    if magnitude == int(magnitude) and magnitude < 1e9:
        body = str(int(magnitude))
        return Formula(sign_tex + body, f"<mn>{sign_mml}{body}</mn>")
    _, mantissa, exponent = significant_parts(magnitude, digits)      # the lab's one rule (lab.numbers)
    if exponent is None:
        return Formula(sign_tex + mantissa, f"<mn>{sign_mml}{mantissa}</mn>")
    power = Formula(f"10^{{{exponent}}}", "<msup><mn>10</mn>" + _exponent_mml(exponent) + "</msup>")
    if mantissa == "1":
        return Formula(sign_tex + power.tex, (f"<mn>{sign_mml}</mn>" if sign_mml else "") + power.mml)
    return Formula(rf"{sign_tex}{mantissa} \times {power.tex}",
                   f"<mn>{sign_mml}{mantissa}</mn><mo>×</mo>{power.mml}")


def _exponent_mml(exponent: int) -> str:
    return f"<mn>−{-exponent}</mn>" if exponent < 0 else f"<mn>{exponent}</mn>"


def signed(value, digits: int = TEXT_DIGITS) -> Formula:
    """A number with its sign always written (``+1``, ``−1``), as a factor in a product."""
    value = float(value)
    if value >= 0 or math.isnan(value):
        inner = num(value, digits)
        if inner.mml.startswith("<mn>"):
            return Formula("+" + inner.tex, "<mn>+" + inner.mml[4:])
        return Formula("+" + inner.tex, "<mo>+</mo>" + inner.mml)
    return num(value, digits)


# ------------------------------------------------------------------ structure
def row(*parts: Formula) -> Formula:
    """Parts side by side.  (Every TeX command this module writes ends in a space or a brace,
    so no command can run into the letter that follows it.)"""
    return Formula("".join(p[0] for p in parts), "".join(p[1] for p in parts))


def group(f: Formula) -> Formula:
    """One MathML row (a unit for sub/superscripts and fractions)."""
    return Formula("{" + f.tex + "}", f"<mrow>{f.mml}</mrow>")


def _as_formula(part) -> Formula:
    if isinstance(part, Formula):
        return part
    if isinstance(part, str):
        return sym(part) if (part.isalnum() or part in SYMBOLS) else text(part)
    if isinstance(part, (int, np.integer)):
        return num(int(part))
    raise TypeError(f"cannot turn {part!r} into a formula")


def sub(base, index) -> Formula:
    """``base`` with a subscript (an int, a name or a formula)."""
    base, index = _as_formula(base), _as_formula(index)
    return Formula(f"{{{base.tex}}}_{{{index.tex}}}", f"<msub>{_unit(base.mml)}{_unit(index.mml)}</msub>")


def sup(base, exponent) -> Formula:
    """``base`` with a superscript."""
    base, exponent = _as_formula(base), _as_formula(exponent)
    return Formula(f"{{{base.tex}}}^{{{exponent.tex}}}", f"<msup>{_unit(base.mml)}{_unit(exponent.mml)}</msup>")


def _unit(mml: str) -> str:
    """A MathML child that counts as one argument (wrapped in mrow unless it is a single element)."""
    if mml.count("<") == 2 and mml.startswith("<m") and not mml.startswith("<mrow"):
        return mml
    return f"<mrow>{mml}</mrow>"


def frac(numerator, denominator) -> Formula:
    numerator, denominator = _as_formula(numerator), _as_formula(denominator)
    return Formula(rf"\frac{{{numerator.tex}}}{{{denominator.tex}}}",
                   f"<mfrac>{_unit(numerator.mml)}{_unit(denominator.mml)}</mfrac>")


def paren(f: Formula, kind: str = "()") -> Formula:
    """``f`` in parentheses (``"()"``), brackets (``"[]"``) or bars (``"||"``), growing with it."""
    left, right = kind[0], kind[1]
    tex_left = {"(": r"\left(", "[": r"\left[", "|": r"\left|"}[left]
    tex_right = {")": r"\right)", "]": r"\right]", "|": r"\right|"}[right]
    return Formula(f"{tex_left} {f.tex} {tex_right}",
                   f'<mrow><mo fence="true">{left}</mo>{f.mml}<mo fence="true">{right}</mo></mrow>')


def under(operator: Formula, below) -> Formula:
    """An operator with a limit below it (max over r, argmax over j): ``\\max_{r}``."""
    below = _as_formula(below)
    return Formula(f"{operator.tex.rstrip()}_{{{below.tex}}}", f"<munder>{_unit(operator.mml)}{_unit(below.mml)}</munder>")


def total(below, above=None) -> Formula:
    """The summation sign with its range: Σ_{below}^{above}."""
    below = _as_formula(below)
    if above is None:
        return Formula(rf"\sum_{{{below.tex}}}", f"<munder><mo>∑</mo>{_unit(below.mml)}</munder>")
    above = _as_formula(above)
    return Formula(rf"\sum_{{{below.tex}}}^{{{above.tex}}}",
                   f"<munderover><mo>∑</mo>{_unit(below.mml)}{_unit(above.mml)}</munderover>")


def prime(base) -> Formula:
    """``base`` with a prime: y′, x′."""
    base = _as_formula(base)
    return Formula(f"{{{base.tex}}}'", f"<msup>{_unit(base.mml)}<mo>′</mo></msup>")


def norm(f: Formula) -> Formula:
    """The Euclidean norm ‖f‖."""
    return Formula(rf"\lVert {f.tex} \rVert", f'<mrow><mo fence="true">‖</mo>{f.mml}<mo fence="true">‖</mo></mrow>')


def sqrt(f: Formula) -> Formula:
    return Formula(rf"\sqrt{{{f.tex}}}", f"<msqrt>{f.mml}</msqrt>")


def join(parts, separator: Formula) -> Formula:
    parts = list(parts)
    out = []
    for i, part in enumerate(parts):
        if i:
            out.append(separator)
        out.append(part)
    return row(*out)


def numbers(values, digits: int = TEXT_DIGITS) -> list[Formula]:
    return [num(v, digits) for v in np.asarray(values, dtype=float).reshape(-1)]


def vector(values, digits: int = TEXT_DIGITS, limit: int = 6) -> Formula:
    """A row vector (a, b, c), elided in the middle beyond ``limit`` entries."""
    key = (tuple(np.asarray(values, dtype=float).reshape(-1).tolist()), int(digits), int(limit))
    return remembered(("vector",) + key, lambda: _vector(*key))


def _vector(values: tuple, digits: int, limit: int) -> Formula:
    items = [num(v, digits) for v in values]
    if len(items) > limit:
        items = items[: limit - 2] + [op(r"\dots")] + items[-1:]
    return paren(join(items, row(op(","), space("thin"))))


def column(values, digits: int = TEXT_DIGITS, limit: int = 4) -> Formula:
    """A column vector (pmatrix) of at most ``limit`` entries, else :func:`vector`."""
    key = (tuple(np.asarray(values, dtype=float).reshape(-1).tolist()), int(digits), int(limit))
    return remembered(("column",) + key, lambda: _column(*key))


def _column(values: tuple, digits: int, limit: int) -> Formula:
    if len(values) > limit:
        return _vector(values, digits, 6)
    return matrix([[num(v, digits)] for v in values])


def matrix(rows) -> Formula:
    """A matrix in parentheses from rows of formulas."""
    tex = r"\begin{pmatrix}" + r" \\ ".join(" & ".join(cell.tex for cell in r) for r in rows) + r"\end{pmatrix}"
    body = "".join("<mtr>" + "".join(f"<mtd>{cell.mml}</mtd>" for cell in r) + "</mtr>" for r in rows)
    # its parentheses are drawn by CSS (MATH_CSS): a stretched "(" needs an OpenType math font,
    # which many machines (Debian's Chromium among them) do not have
    return Formula(tex, f'<mtable class="mbl-matrix">{body}</mtable>')


def aligned(lines) -> Formula:
    """Equations aligned at their relation: ``lines`` is a list of (left, right) pairs where
    ``right`` begins with the relation (``=``, ``≤``...); ``left`` may be ``EMPTY``."""
    tex_rows, mml_rows = [], []
    for left, right in lines:
        tex_rows.append(f"{left.tex} &{right.tex}")
        mml_rows.append('<mtr><mtd class="mbl-right">' + left.mml + '</mtd><mtd class="mbl-left">'
                        + right.mml + "</mtd></mtr>")
    return Formula(r"\begin{aligned} " + r" \\ ".join(tex_rows) + r" \end{aligned}",
                   '<mtable class="mbl-aligned" columnalign="right left">' + "".join(mml_rows) + "</mtable>")


def math_element(f: Formula, display: bool = True) -> str:
    """``f`` as a complete ``<math>`` element."""
    return f'<math display="{"block" if display else "inline"}">{f.mml}</math>'


#: CSS the page needs beside the MathML: aligned rows (MathML Core does not implement
#: ``columnalign``) and the parentheses of a matrix (curved side borders)
MATH_CSS = (
    "mtable.mbl-aligned > mtr > mtd.mbl-right { text-align: right; padding: 0.1em 0.2em 0.1em 0 } "
    "mtable.mbl-aligned > mtr > mtd.mbl-left { text-align: left; padding: 0.1em 0 0.1em 0.1em } "
    "mtable.mbl-matrix { border-left: 0.09em solid currentColor; border-right: 0.09em solid currentColor; "
    "border-radius: 0.5em / 1.2em; padding: 0.05em 0.3em; margin: 0 0.15em } "
    "mtable.mbl-matrix > mtr > mtd { padding: 0.05em 0.1em }")
