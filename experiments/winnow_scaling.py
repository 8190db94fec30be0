"""Seed 003, Examples 1–2: Perceptron against Winnow as the dimension n grows, each against its own bound.

Targets (:class:`datasets.winnow_streams.TargetSource`):

* sparse — Example 1 exactly: u ∈ {0,1}ⁿ with k ones, x ∈ {±1}ⁿ, y = sign(u·x);
  k odd gives γ = 1.  Both learners run on x itself (Winnow with d = n weights).
* dense — Example 2 needs a threshold (with x ≥ 0 and u = 1, sign(u·x) labels every
  trial +1), so ours is y = sign(u·x − k/2), x ∈ {0,1}ⁿ with at most k ones, learnt
  through the constant feature; Winnow runs balanced on (x, 1, −x, −1) (d = 2(n + 1)).
  On those vectors the target is ũ = (1, …, 1, −k/2) (Perceptron) and its non-negative
  form (1, …, 1, 0, 0, k/2) (Winnow): ‖ũ‖₁ = n + k/2, ‖ũ‖₂² = n + k²/4, γ = ½ (k odd),
  R² = k + 1, R∞ = 1.

Learners and the bound drawn for each — the bound of the parameters actually run:

* Perceptron: Novikoff, M ≤ R²‖u‖₂²/γ² (seed 003, Thm 2.1);
* Winnow at η = 0.5 and Winnow at the construction's η* = ln((R∞‖u‖₁ + γ)/(R∞‖u‖₁ − γ))/(2R∞):
  Theorem 3.1 of seed 003 with that η, M ≤ ‖u‖₁ ln d / (ηγ − ‖u‖₁ ln cosh(ηR∞)), where u is
  *not* normalised: the theorem asks y_t(u·x_t) ≥ γ of the very u whose ‖u‖₁ it uses (the
  bound is unchanged when u and γ are scaled together).  Where the denominator is ≤ 0 the
  theorem says nothing: the row says the bound is vacuous (``bound`` None).

The seed's tuned closed form 2R∞²‖u‖₁² ln d/γ² (Examples 1–2: 2k² ln n/γ² for the sparse
target) is a bound for Winnow at η* only; it is returned as a *reference* (``references``),
never as the bound of the η = 0.5 run — for k = 3 on the sparse target it is 18 ln n, below
Theorem 3.1 at η = 0.5 (≈ 21.5 ln n).

Trials: every learner sees the same endless stream until its last mistake, at trial m, is
followed by max(Q, m) trials without one (a mistake-free stretch at least Q long and at least
as long as everything before it), or until the cap T.  A count that reached T is *capped*:
the rows say so (``runs_capped``), and more trials could only raise it.

Examples
--------
>>> import math
>>> from learners import bounds
>>> round(bounds.winnow(3, 100, 0.5, 1.0, 1.0) / math.log(100), 2)    # Thm 3.1 at η = 0.5, k = 3
21.48
>>> round(bounds.winnow_tuned(3, 100, 1.0, 1.0) / math.log(100), 2)   # the seed's form for η*
18.0
>>> from datasets.winnow_streams import TargetSource
>>> from learners import Winnow
>>> count = present_until_quiet(Winnow(eta=0.5, balanced=False, fit_intercept=False),
...                             TargetSource("sparse", n=32, k=3, seed=0), quiet=200, cap=20_000)
>>> count["capped"], count["trials"] == count["last_mistake"] + max(200, count["last_mistake"])
(False, True)
"""

from __future__ import annotations

import numpy as np

from datasets.winnow_streams import TargetSource
from learners import Perceptron, Winnow, bounds
from learners.sources import credit

from .progress import Steps

#: the learners, in the order of the figures' legends
LEARNERS = ("Perceptron", "Winnow η = 0.5", "Winnow η*")
FIXED_ETA = 0.5
#: trials presented to a learner at a time (the stream is the same however it is cut)
CHUNK = 5000


def present_until_quiet(model, source: TargetSource, quiet: int, cap: int) -> dict:
    """Show ``model`` trials of ``source`` until max(quiet, m) mistake-free trials follow its last
    mistake (at trial m, 0 if none), or until ``cap`` trials.

    Returns the mistakes, the trials shown, the last mistake's trial (1-based; 0 for none) and
    whether the cap ended the run (``capped``: the count may be short of the stream's total).
    """
    seen, last, mistakes = 0, 0, 0
    stop_at = quiet
    while seen < min(stop_at, cap):
        X, y = source.take(min(CHUNK, min(stop_at, cap) - seen))
        model.partial_fit(X, y, classes=[-1, 1])
        flags = np.asarray(model.history_["mistake"][seen:], dtype=bool)
        where = np.flatnonzero(flags)
        if where.size:
            mistakes += int(where.size)
            last = seen + int(where[-1]) + 1
        seen += len(y)
        stop_at = last + max(quiet, last)
    return {"mistakes": mistakes, "trials": seen, "last_mistake": last, "capped": stop_at > cap}


def _learner(name: str, source: TargetSource, eta_star: float):
    if name == "Perceptron":
        return Perceptron(fit_intercept=source.fit_intercept), None
    eta = FIXED_ETA if name == "Winnow η = 0.5" else eta_star
    # dense target: balanced features (x, 1, −x, −1) express the threshold with non-negative weights
    return Winnow(eta=eta, balanced=source.fit_intercept, fit_intercept=source.fit_intercept), eta


def _bound(name: str, source: TargetSource, eta):
    """(value or None when vacuous, the formula with its numbers)."""
    if name == "Perceptron":
        value = bounds.novikoff(source.R, source.u_l2, source.gamma)
        return value, (f"Novikoff R²‖u‖₂²/γ² = {source.R ** 2:g}·{source.u_l2 ** 2:g}/{source.gamma:g}² "
                       f"= {value:,.0f}")
    d = source.winnow_dimension
    value = bounds.winnow(source.u_l1, d, eta, source.gamma, source.R_inf)
    denominator = eta * source.gamma - source.u_l1 * float(bounds.log_cosh(eta * source.R_inf))
    formula = (f"Thm 3.1 at η = {eta:.4g}: ‖u‖₁ ln d/(ηγ − ‖u‖₁ ln cosh ηR∞) = "
               f"{source.u_l1:g}·ln {d}/({eta * source.gamma:.4g} − {source.u_l1:g}·"
               f"{float(bounds.log_cosh(eta * source.R_inf)):.4g})")
    if not np.isfinite(value):
        return None, formula + f": denominator {denominator:.4g} ≤ 0, vacuous"
    return value, formula + f" = {value:,.1f}"


def run(runs: int = 1, seed: int = 0, quick: bool = False, k: int = 3, progress=None) -> dict:
    if k % 2 == 0:
        raise ValueError("k must be odd (it gives the sparse target the margin γ = 1).")
    sizes = [16, 64, 256] if quick else [16, 32, 64, 128, 256, 512, 1024]
    quiet, cap = (1_000, 20_000) if quick else (2_000, 300_000)
    steps = Steps(progress, 2 * len(sizes) * runs * len(LEARNERS), "Perceptron against Winnow")
    rows, references = [], []
    for target in ("sparse", "dense"):
        for n in sizes:
            construction = TargetSource(target, n, k, seed=0)
            eta_star = float(bounds.winnow_best_eta(construction.u_l1, construction.gamma, construction.R_inf))
            for name in LEARNERS:
                counts = []
                for r in range(runs):
                    # the same trials for every learner: one seed per (target, n, run)
                    source = TargetSource(target, n, k, seed=seed + 1000 * r + n)
                    model, eta = _learner(name, source, eta_star)
                    counts.append(present_until_quiet(model, source, quiet, cap))
                    steps.step(f"{target} target, n = {n}: {name}, run {r + 1}/{runs}")
                bound, formula = _bound(name, construction, eta)
                mistakes = [c["mistakes"] for c in counts]
                rows.append({
                    "target": target, "n": n, "k": k, "learner": name, "eta": eta,
                    "mistakes": float(np.mean(mistakes)), "mistakes_min": int(min(mistakes)),
                    "mistakes_max": int(max(mistakes)),
                    "trials": float(np.mean([c["trials"] for c in counts])),
                    "trials_max": int(max(c["trials"] for c in counts)),
                    "runs": runs, "runs_capped": int(sum(c["capped"] for c in counts)),
                    "bound": None if bound is None else float(bound), "bound_vacuous": bound is None,
                    "bound_formula": formula,
                    "d": construction.winnow_dimension if name != "Perceptron" else n + int(construction.fit_intercept),
                    "gamma": construction.gamma, "R": construction.R, "R_inf": construction.R_inf,
                    "u_l1": construction.u_l1, "u_l2": construction.u_l2})
            references.append({
                "target": target, "n": n, "eta_star": eta_star,
                "value": float(bounds.winnow_tuned(construction.u_l1, construction.winnow_dimension,
                                                   construction.gamma, construction.R_inf)),
                "name": f"2R∞²‖u‖₁² ln d/γ², the tuned form of {credit('003')} for η*"})
    steps.finish()
    return {"rows": rows, "references": references, "sizes": sizes, "k": k, "quiet": quiet,
            "trials_cap": cap, "notes": _notes(rows, references, k, quiet, cap)}


def _notes(rows, references, k, quiet, cap) -> list[str]:
    sparse = TargetSource("sparse", 16, k, seed=0)
    at_fixed = sparse.u_l1 / (FIXED_ETA * sparse.gamma - sparse.u_l1 * float(bounds.log_cosh(FIXED_ETA)))
    tuned = 2 * sparse.u_l1 ** 2 / sparse.gamma ** 2
    notes = [
        f"Trials: each learner sees one seeded stream until its last mistake, at trial m, is followed by "
        f"max({quiet:,}, m) trials without a mistake, or until {cap:,} trials; every learner of a run sees the "
        "same trials.",
        "Each dashed curve bounds the run of its own colour, with the parameters actually run: Perceptron — "
        "Novikoff R²‖u‖₂²/γ²; Winnow — Theorem 3.1 of seed 003 with the η it ran, ‖u‖₁ ln d/(ηγ − ‖u‖₁ ln "
        "cosh ηR∞), u the construction's own target (not normalised; γ = min y·u·x of that u), d Winnow's "
        "number of weights.",
        f"Dotted grey (a reference, not a bound of the η = {FIXED_ETA} run): the tuned form "
        f"2R∞²‖u‖₁² ln d/γ² of {credit('003', 'Examples 1–2')}, a bound for Winnow at η* only. For k = {k} on the sparse target "
        f"it is {tuned:g} ln n, below Theorem 3.1 at η = {FIXED_ETA} ({at_fixed:.1f} ln n).",
        f"Sparse target: Example 1 exactly (u ∈ {{0,1}}ⁿ with k = {k} ones, x ∈ {{±1}}ⁿ, γ = 1, R∞ = 1, "
        f"η* = {references[0]['eta_star']:.4f}). Dense target: Example 2 needs a threshold — with x ≥ 0 and "
        "u = 1, sign(u·x) labels every trial +1 — so ours is y = sign(u·x − k/2), learnt through the constant "
        "feature; Winnow runs balanced on (x, 1, −x, −1) with d = 2(n + 1) weights; ‖ũ‖₁ = n + k/2, "
        "‖ũ‖₂² = n + k²/4, γ = ½, R² = k + 1, and η* ≈ 1/(2(n + k/2)) shrinks with n.",
    ]
    vacuous = [r for r in rows if r["bound_vacuous"]]
    for target in ("sparse", "dense"):
        for learner in LEARNERS:
            where = [r["n"] for r in vacuous if r["target"] == target and r["learner"] == learner]
            if where:
                notes.append(f"Vacuous: {learner} on the {target} target — Theorem 3.1's denominator "
                             f"ηγ − ‖u‖₁ ln cosh(ηR∞) ≤ 0 at n = {', '.join(map(str, where))}, so it gives no "
                             "bound there: the legend says so, and no line is drawn.")
    capped = [r for r in rows if r["runs_capped"]]
    if capped:
        listed = "; ".join(f"{r['learner']}, {r['target']}, n = {r['n']} ({r['runs_capped']} of {r['runs']} "
                           f"run{'s' if r['runs'] > 1 else ''})" for r in capped)
        notes.append(f"Capped at {cap:,} trials (the count is a lower bound of what more trials would give; "
                     f"marked ▲ on the figures): {listed}.")
    else:
        notes.append(f"No count reached the cap of {cap:,} trials.")
    return notes


def display_rows(result: dict) -> list[dict]:
    """The rows of a result as a table to read: one line per target, n and learner.

    >>> result = {"rows": [dict(target="dense", n=16, learner="Winnow η = 0.5", eta=0.5, mistakes=9436.0,
    ...                         mistakes_min=9436, mistakes_max=9436, trials=119154.0, runs=1, runs_capped=0,
    ...                         bound=None, bound_vacuous=True, bound_formula="…: vacuous")]}
    >>> line = display_rows(result)[0]
    >>> line["bound"], line["capped runs"], line["η"]
    ('vacuous (∞)', '0 of 1', '0.5')
    >>> display_rows({"rows": [dict(result["rows"][0], learner="Perceptron", eta=None)]})[0]["η"]  # no rate
    '—'
    """
    from lab.numbers import number_text

    return [{"target": r["target"], "n": r["n"], "learner": r["learner"],
             "η": "—" if r["eta"] is None else number_text(r["eta"]),
             "mistakes (mean)": r["mistakes"], "fewest": r["mistakes_min"], "most": r["mistakes_max"],
             "trials shown (mean)": r["trials"], "capped runs": f"{r['runs_capped']} of {r['runs']}",
             "bound": "vacuous (∞)" if r["bound_vacuous"] else f"{r['bound']:,.1f}", "how": r["bound_formula"]}
            for r in result["rows"]]
