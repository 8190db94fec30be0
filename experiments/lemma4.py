r"""Seed 002, Lemma 4, examined: the lemma's closed form against the exact population minimiser.

The Paper lab's entry is interactive (k, θ and P set by hand, recomputed at once); the command line
(``python -m experiments lemma4``) examines a few named cases and seeded random ones, k = 2..6.
The mathematics is in :mod:`learners.consistency`; this module turns it into rows, notes, the
page's input checks and the page's text with the numbers written out.

Examples
--------
>>> theta, p, said = inputs(2, "1, 10", "0.6, 0.4")
>>> [float(t) for t in theta], [float(q) for q in p], said
([1.0, 10.0], [0.6, 0.4], [])
>>> [str(q) for q in inputs(3, "3; 2 1", "3 2 1")[1]], inputs(3, "3, 2, 1", "3, 2, 1")[2]
(['1/2', '1/3', '1/6'], ['P summed to 6; divided by it, it sums to 1.'])
>>> inputs(2, "1, 10, 3", "0.6, 0.4")
Traceback (most recent call last):
...
ValueError: θ has 3 numbers; k = 2 needs exactly 2, one per class.
"""

from __future__ import annotations

import re

import numpy as np

from lab.numbers import NumberTooLarge, read_number
from learners.consistency import examine

from .progress import Steps

K_RANGE = (2, 6)


def defaults(k: int) -> tuple[str, str]:
    """The inputs a page starts from: the k = 2 example θ = (1, 10), P = (0.6, 0.4), and for larger k
    θ = (1, 10, 1, …) with P ∝ (k, k − 1, …, 1).

    >>> defaults(2), defaults(3)
    (('1, 10', '0.6, 0.4'), ('1, 10, 1', '3, 2, 1'))
    """
    if k == 2:
        return "1, 10", "0.6, 0.4"
    return ", ".join(["1", "10"] + ["1"] * (k - 2)), ", ".join(str(j) for j in range(k, 0, -1))


def _numbers(text: str, k: int, name: str) -> np.ndarray:
    pieces = [piece for piece in re.split(r"[,;\s]+", str(text).strip()) if piece]
    if not pieces:
        raise ValueError(f"{name} is empty: give k = {k} numbers, one per class, e.g. {defaults(k)[name == 'P']}.")
    values = []
    for piece in pieces:
        try:                               # the lab's one reader (a comma separates the numbers here)
            values.append(read_number(piece, comma=False))
        except NumberTooLarge:
            values.append(np.inf)          # refused below, with the others that are not finite
        except ValueError:
            raise ValueError(f"{name}: {piece!r} is not a number.") from None
    if len(values) != k:
        raise ValueError(f"{name} has {len(values)} number{'s' if len(values) != 1 else ''}; k = {k} needs "
                         f"exactly {k}, one per class.")
    values = np.array(values)
    if not np.all(np.isfinite(values)):
        raise ValueError(f"{name} must hold finite numbers; got {text!r}.")
    return values


def inputs(k, theta_text: str, p_text: str):
    """θ and P from the page's text (numbers split by commas, semicolons or spaces), P normalised.

    Returns (θ, P, messages): θ and P exact (:func:`learners.consistency.exact`, each number the decimal
    typed), P divided by its exact sum — so P = (0.6, 0.2) is (3/4, 1/4), and with θ = (1, 3) θ_j P_j ties
    exactly; the messages say what was changed (P rescaled to sum 1).  Or raises a ValueError that says
    what is wrong and how to fix it (:func:`learners.consistency.examine` adds θ's accepted range).
    """
    if not isinstance(k, (int, np.integer)) or not K_RANGE[0] <= k <= K_RANGE[1]:
        raise ValueError(f"k must be a whole number from {K_RANGE[0]} to {K_RANGE[1]}; got {k!r}.")
    theta = _numbers(theta_text, k, "θ")
    if np.any(theta <= 0):
        j = int(np.flatnonzero(theta <= 0)[0])
        raise ValueError(f"θ must be positive — the cost of an error on each class; class {j} has {theta[j]:g}.")
    p = _numbers(p_text, k, "P")
    if np.any(p < 0):
        j = int(np.flatnonzero(p < 0)[0])
        raise ValueError(f"P must be non-negative — probabilities of the classes; class {j} has {p[j]:g}.")
    from learners.consistency import exact

    p_exact = exact(p)
    total = sum(p_exact)
    if total <= 0:
        raise ValueError("P sums to 0: give at least one positive number.")
    said = []
    if total != 1:
        said.append(f"P summed to {_n(total)}; divided by it, it sums to 1.")
    return exact(theta), tuple(q / total for q in p_exact), said


# ------------------------------------------------------------------------- text
def _n(value) -> str:
    """A number of the page's text: a whole number as it is (below 10¹⁵), else 4 significant digits, a power of
    ten written ·10^e; a true minus; ∞ for an unbounded end."""
    from lab.numbers import significant_parts

    value = float(value) + 0.0
    if np.isinf(value):
        return "∞" if value > 0 else "−∞"
    if abs(value) < 1e15 and value == round(value):
        return str(int(round(value))).replace("-", "−")
    negative, mantissa, exponent = significant_parts(value, 4)
    return ("−" if negative else "") + mantissa + ("" if exponent is None else f"·10^{exponent}".replace("-", "−"))


def _latex_tuple(values) -> str:
    return r"\left(" + ", ".join(_m(v) for v in values) + r"\right)"


def _m(value) -> str:
    r"""A number for LaTeX (ASCII minus, 10^{e}, \infty).

    >>> _m(-2.5), _m(1e20), _m(-1.5e-300), _m(float("inf")), _m(12)
    ('-2.5', '1 \\cdot 10^{20}', '-1.5 \\cdot 10^{-300}', '\\infty', '12')
    """
    text = _n(value).replace("−", "-").replace("∞", r"\infty")
    if "·10^" in text:
        mantissa, exponent = text.split("·10^")
        text = rf"{mantissa} \cdot 10^{{{exponent}}}"
    return text


def _classes(classes) -> str:
    """Classes in words: "class 1", "classes 0 and 2", "classes 0, 1 and 3"."""
    classes = [str(c) for c in classes]
    if len(classes) == 1:
        return f"class {classes[0]}"
    return f"classes {', '.join(classes[:-1])} and {classes[-1]}"


def explanation(check) -> list[tuple[str, str]]:
    r"""The page's text for one :class:`~learners.consistency.Lemma4Check`: ("markdown" | "latex", text) pairs,
    every formula with the case's numbers (markdown with inline $…$ math, as Streamlit renders it).

    >>> from learners.consistency import examine
    >>> parts = explanation(examine([1, 10], [0.6, 0.4]))
    >>> any("2(P_0[\\theta_0 - a]_+ + P_1[\\theta_1 + a]_+)" in text for kind, text in parts)
    True
    >>> [text for kind, text in parts if kind == "markdown" and text.startswith("**Verdict")][0][:60]
    '**Verdict: the two decisions differ.** The exact minimiser d'
    """
    theta, p, k = check.theta, check.p, check.k
    star, tied = check.bayes, check.bayes_tied
    others = np.delete(theta, star)
    bayes = (f"{star}" if len(tied) == 1 else
             rf"\{{{', '.join(map(str, tied))}\}}\ \text{{(a tie)}}")
    parts = [("markdown", r"**1. The lemma's closed form at these numbers.** It puts $\theta_j$ on "
                          r"$j^* = \arg\max_j \theta_j P_j$ and $-\theta_j/(k-1)$ on every other class:")]
    parts.append(("latex", rf"\theta \circ P = {_latex_tuple(check.weighted)} \;\Rightarrow\; j^* = {star}, \qquad "
                           rf"f^{{\text{{lemma}}}} = {_latex_tuple(check.closed_form)}"))
    if len(tied) > 1:
        parts.append(("markdown", rf"$\theta_j P_j$ is largest at {_classes(tied)} alike — a tie, decided exactly "
                                  r"on the numbers typed — so the lemma leaves $j^*$ open; its closed form is "
                                  rf"written with the first, $j^* = {star}$."))
    parts.append(("latex", rf"\sum_j f^{{\text{{lemma}}}}_j = \theta_{{{star}}} - \frac{{1}}{{k-1}}\sum_{{j \ne {star}}}"
                           rf"\theta_j = {_m(theta[star])} - {_m(others.mean())} = {_m(check.closed_form_sum)}"))
    if check.closed_form_feasible:
        parts.append(("markdown", rf"Here $\theta_{{j^*}} = {_m(theta[star])}$ equals the mean of the other "
                                  r"$\theta_j$, so the closed form does satisfy $\sum_j f_j = 0$."))
    else:
        parts.append(("markdown", rf"$\sum_j f_j = {_m(check.closed_form_sum)} \ne 0$: **the closed form is not on "
                                  r"the constraint** $\sum_j f_j = 0$ (that needs $\theta_{j^*} = "
                                  rf"{_m(theta[star])}$ to equal the mean of the other $\theta_j$, "
                                  rf"${_m(others.mean())}$). Moved onto it (its mean subtracted): "
                                  rf"$\tilde f = {_latex_tuple(check.projected)}$, with expected loss "
                                  rf"$L(\tilde f) = {_m(check.projected_loss)}$."))
    parts.append(("markdown", r"**2. The exact minimiser** of the expected loss on $\sum_j f_j = 0$, a linear "
                              r"program solved exactly, in fractions, through its one multiplier:"))
    parts.append(("latex", r"L(f) = \sum_l P_l \sum_j \left[\theta_l - \bar\delta(l,j)\, f_j\right]_+, \qquad "
                           r"\bar\delta(l,j) = \begin{cases} +1 & j = l \\ -1 & j \ne l \end{cases}"))
    parts.append(("latex", rf"f^* = {_latex_tuple(check.minimizer)}, \qquad L(f^*) = {_m(check.minimum)} \;\le\; "
                           rf"L(\tilde f) = {_m(check.projected_loss)}"))
    if k == 2:
        slope = 2 * (p[1] - p[0])
        parts.append(("latex", r"k = 2,\ f = (a, -a):\quad L = 2(P_0[\theta_0 - a]_+ + P_1[\theta_1 + a]_+)"))
        parts.append(("latex", rf"= 2({_m(p[0])}\,[{_m(theta[0])} - a]_+ + {_m(p[1])}\,[{_m(theta[1])} + a]_+)"))
        if not check.p_equal:
            # P₀ > P₁ exactly when the unique minimiser is a = θ₀ > 0 (read off the exact answer, not the floats)
            end = (rf"a = \theta_0 = {_m(theta[0])}" if check.minimizer[0] > 0 else rf"a = -\theta_1 = {_m(-theta[1])}")
            parts.append(("markdown", r"On $[-\theta_1, \theta_0]$ this is linear with slope "
                                      rf"$2(P_1 - P_0) = {_m(slope)}$, and it rises outside: the minimum is at ${end}$ "
                                      r"— set by which $P_j$ is larger, **whatever θ is**."))
        else:
            parts.append(("markdown", r"$P_0 = P_1$: the loss is flat on $[-\theta_1, \theta_0]$; every $a$ there is a "
                                      "minimiser."))
    if check.unique:
        parts.append(("markdown", "The minimiser is **unique**: over the whole set of minimisers every $f_j$ has a "
                                  "single value."))
    else:
        spans = ", ".join(rf"$f_{j} \in {'(' if np.isinf(low) else '['}{_m(low)}, {_m(high)}{')' if np.isinf(high) else ']'}$"
                          for j, (low, high) in enumerate(check.ranges) if high > low)
        parts.append(("markdown", f"The minimiser is **not unique**: the minimisers fill a set where {spans}. "
                                  "Shown: one vertex of it. Classes some minimiser decides: "
                                  f"{', '.join(map(str, check.predictable))}."))
    parts.append(("markdown", "**3. The two decisions.**"))
    parts.append(("latex", rf"f^*/\theta = {_latex_tuple(check.ratio)} \;\Rightarrow\; \arg\max_j f^*_j/\theta_j = "
                           + (f"{check.decided[0]}" if len(check.decided) == 1 else
                              rf"\{{{', '.join(map(str, check.decided))}\}}\ \text{{(a tie)}}")))
    parts.append(("latex", rf"\theta \circ P = {_latex_tuple(check.weighted)} \;\Rightarrow\; "
                           rf"\arg\max_j \theta_j P_j = {bayes}"))
    promised = (f"class {star}" if len(tied) == 1 else
                f"one of {_classes(tied)} (a tie of θ_j·P_j: each is a Bayes decision)")
    if check.differ:
        decides = (f"class {check.predicted}" if len(check.decided) == 1 else
                   f"no single class — a tie between {_classes(check.decided)} (the lab breaks it "
                   f"to class {check.predicted})")
        parts.append(("markdown", f"**Verdict: the two decisions differ.** The exact minimiser decides {decides}; "
                                  f"Lemma 4 promises {promised}. Its conclusion fails at these numbers."))
    else:
        decides = (f"class {check.predicted}" if len(check.decided) == 1 else
                   f"a tie between {_classes(check.decided)}")
        parts.append(("markdown", f"**Verdict: the two decisions agree** at these numbers: the exact minimiser decides "
                                  f"{decides}, and Lemma 4 promises {promised}"
                                  + (" — though the lemma's closed form is not a minimiser." if not
                                     check.closed_form_optimal else ".")))
    return parts


# ---------------------------------------------------------------- command line
NAMED = (("k = 2, θ = (1, 10), P = (0.6, 0.4): cost-blind", [1, 10], [0.6, 0.4]),
         ("k = 2, θ = 1: ordinary consistency", [1, 1], [0.6, 0.4]),
         ("k = 3, θ = 1, P = (0.8, 0.1, 0.1)", [1, 1, 1], [0.8, 0.1, 0.1]),
         ("k = 4, θ = 1: a tie", [1, 1, 1, 1], [0.25, 0.2, 0.15, 0.4]),
         ("k = 3, θ_{j⋆} = mean of the others: closed form on Σf = 0", [2, 1, 3], [0.5, 0.3, 0.2]))


def _row(case: str, check) -> dict:
    return {"case": case, "k": check.k, "theta": check.theta.tolist(), "P": check.p.round(6).tolist(),
            "argmax θP": check.bayes_tied, "closed form": check.closed_form.round(6).tolist(),
            "Σ closed form": round(check.closed_form_sum, 9), "closed form on Σf = 0": check.closed_form_feasible,
            "L(closed form moved onto Σf = 0)": round(check.projected_loss, 9),
            "minimiser": (check.minimizer.round(6) + 0.0).tolist(), "L(minimiser)": round(check.minimum, 9),
            "unique": check.unique, "argmax f/θ": check.decided, "differ": check.differ}


def run(runs: int = 1, seed: int = 0, quick: bool = False, progress=None) -> dict:
    per_k = 4 if quick else 40
    ks = range(K_RANGE[0], K_RANGE[1] + 1)
    steps = Steps(progress, len(NAMED) + per_k * len(ks), "Lemma 4 against the exact minimiser")
    rows = []
    for case, theta, p in NAMED:
        rows.append(_row(case, examine(theta, p)))
        steps.step(case)
    rng = np.random.default_rng(seed)
    randoms = []
    for k in ks:
        for index in range(per_k):
            theta = np.round(rng.uniform(0.2, 10.0, k), 2)
            p = rng.dirichlet(np.ones(k))
            randoms.append(_row(f"random, k = {k}", examine(theta, p)))
            steps.step(f"random case {index + 1}/{per_k}, k = {k}")
    rows += randoms
    steps.finish()
    differ = sum(r["differ"] for r in randoms)
    off = sum(not r["closed form on Σf = 0"] for r in randoms)
    lower = sum(r["L(minimiser)"] < r["L(closed form moved onto Σf = 0)"] - 1e-9 for r in randoms)
    return {"rows": rows, "random_cases": len(randoms), "differ": differ,
            "notes": [
                "Seed 002's Lemma 4 claims the minimiser of Σ_l P_l Σ_j [θ_l − δ̄(l,j) f_j]₊ on Σ_j f_j = 0 is "
                "f_j = θ_j for j⋆ = argmax θ_j P_j and −θ_j/(k−1) otherwise. Each row sets it beside the exact "
                "minimiser (a linear program); 'unique' explores the program's optimal face.",
                f"Random cases (seed {seed}; θ_j uniform on [0.2, 10], P uniform on the simplex, k = 2..6, "
                f"{per_k} per k): the closed form is off Σf = 0 in {off} of {len(randoms)}; moved onto it, it "
                f"loses to the exact minimiser in {lower}; the minimiser's decision argmax f_j/θ_j is not "
                f"argmax θ_j P_j in {differ}.",
                "At k = 2 the expected loss of f = (a, −a) is 2(P₀[θ₀ − a]₊ + P₁[θ₁ + a]₊): minimised at a = θ₀ "
                "whenever P₀ > P₁, whatever θ is — the loss is cost-insensitive already for two classes.",
            ]}
