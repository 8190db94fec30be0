"""What the bounds need, computed from the data seen so far, as curves over trials.

A mistake bound holds for *any* fixed comparator u.  So the lab fits one
comparator in hindsight on the T trials seen so far (the max-margin separator,
a hinge-loss separator, a non-negative separator for Winnow, the best expert)
and then evaluates every bound on each prefix 1..t with prefix statistics of
that same u: R_t = max_{s≤t} ‖x_s‖, γ_t = min_{s≤t} y_s u·x_s, running sums of
hinge losses.  Each value is a valid bound for the first t trials, and the
whole curve costs one fit plus a few cumulative sums.

Statistics are measured where the learner works: on the feature vectors it
uses (with the constant 1 of the intercept, unit-scaled when it normalises,
balanced for Winnow), obtained from the learner's own ``_features``.

Examples
--------
>>> import numpy as np
>>> from learners import Perceptron
>>> X = np.array([[2.0, 1.0], [-1.0, -2.0], [1.5, 2.0], [-2.0, -0.5]] * 5)
>>> y = np.array([1, 0, 1, 0] * 5)
>>> curves = perceptron_bound_curves(Perceptron(), X, y)
>>> [c.name for c in curves]
['Novikoff', 'Freund–Schapire', 'Gentile']
>>> model = Perceptron().fit(X, y)
>>> bool(np.all(model.history_["cum_mistakes"] <= curves[0].values))
True
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linprog
from sklearn.svm import LinearSVC

from . import bounds

SCALE_GRID = np.geomspace(1e-3, 1e3, 61)


@dataclass
class BoundCurve:
    """A bound evaluated after every trial 1..T.

    ``values`` is ``inf`` where the bound does not apply; ``reason`` then says why.
    """

    name: str
    latex: str
    source: str
    values: np.ndarray
    applies: np.ndarray
    reason: str = ""
    measures: str = "mistakes"            # or "weighted loss", "expected mistakes"
    details: dict = field(default_factory=dict)


@dataclass
class Separator:
    """A comparator u (unit Euclidean norm) and its statistics on the data."""

    u: np.ndarray
    margins: np.ndarray                    # y_t u·x_t
    separable: bool

    @property
    def gamma(self) -> float:
        return float(self.margins.min()) if self.margins.size else 0.0


def _signs(y, classes) -> np.ndarray:
    return np.where(np.asarray(y) == classes[1], 1.0, -1.0)


def learner_features(learner, X) -> np.ndarray:
    """The vectors the learner works on (constant 1 appended, normalised, balanced...)."""
    if not hasattr(learner, "classes_"):
        learner = learner.__class__(**learner.get_params())
        learner.start([0, 1], np.asarray(X).shape[1])
    return learner._features(np.asarray(X, dtype=float))


def _unit(u):
    norm = np.linalg.norm(u)
    return u / norm if norm > 0 else u


def max_margin_separator(F, y_sign, C=1e4) -> Separator:
    """The (near) maximum-margin separator through the origin of the feature space.

    A linear SVM without a free intercept (the constant feature, if any, is in
    F) with a large C approximates the hard-margin solution; γ is computed
    from the u returned, so every bound built on it is valid whatever the
    solver's accuracy.  When the SVM does not separate, a linear program
    decides whether any separator exists (and returns one if so).
    """
    F = np.asarray(F, dtype=float)
    y_sign = np.asarray(y_sign, dtype=float)
    if F.shape[0] == 0:
        return Separator(np.zeros(F.shape[1]), np.zeros(0), False)
    if np.all(y_sign == y_sign[0]):
        u = _unit(y_sign[0] * F.mean(axis=0))
        margins = y_sign * (F @ u)
        if margins.min() <= 0:
            u = _lp_separator(F, y_sign)
            margins = y_sign * (F @ u) if u is not None else margins
        return Separator(u if u is not None else np.zeros(F.shape[1]), margins,
                         bool(margins.size and margins.min() > 0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        svm = LinearSVC(C=C, fit_intercept=False, dual=False, tol=1e-6, max_iter=5000).fit(F, y_sign)
    u = _unit(svm.coef_[0])
    margins = y_sign * (F @ u)
    if margins.min() <= 0:
        lp = _lp_separator(F, y_sign)
        if lp is not None:
            u, margins = lp, y_sign * (F @ lp)
    return Separator(u, margins, bool(margins.min() > 0))


def _lp_separator(F, y_sign):
    """A u with y_t u·f_t ≥ γ > 0 maximising γ under |u_i| ≤ 1, or None if none exists."""
    n, d = F.shape
    # variables (u_1..u_d, γ): maximise γ subject to γ − y_t u·f_t ≤ 0, |u_i| ≤ 1, γ ≤ 1
    A = np.hstack([-(y_sign[:, None] * F), np.ones((n, 1))])
    result = linprog(np.r_[np.zeros(d), -1.0], A_ub=A, b_ub=np.zeros(n),
                     bounds=[(-1, 1)] * d + [(None, 1)], method="highs")
    if not result.success or -result.fun <= 1e-12:
        return None
    return _unit(result.x[:d])


def hinge_separator(F, y_sign, sample_weight=None, C=1.0) -> Separator:
    """A soft-margin comparator (hinge-loss linear SVM through the origin), unit norm."""
    F = np.asarray(F, dtype=float)
    if len(np.unique(y_sign)) < 2:
        return max_margin_separator(F, y_sign)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        svm = LinearSVC(C=C, fit_intercept=False, loss="hinge", dual=True, max_iter=5000)
        svm.fit(F, y_sign, sample_weight=sample_weight)
    u = _unit(svm.coef_[0])
    margins = y_sign * (F @ u)
    return Separator(u, margins, bool(margins.min() > 0))


def non_negative_separator(F, y_sign) -> Separator:
    """Winnow's comparator: max γ s.t. y_t u·f_t ≥ γ, u ≥ 0, ‖u‖₁ = 1 (a linear program).

    Here ``u`` has unit ℓ1 norm (not Euclidean), as Theorem 3.1 of seed 003 uses it.
    """
    F = np.asarray(F, dtype=float)
    n, d = F.shape
    if n == 0:
        return Separator(np.full(d, 1.0 / d), np.zeros(0), False)
    A = np.hstack([-(np.asarray(y_sign)[:, None] * F), np.ones((n, 1))])
    result = linprog(np.r_[np.zeros(d), -1.0], A_ub=A, b_ub=np.zeros(n),
                     A_eq=np.r_[np.ones(d), 0.0][None, :], b_eq=[1.0],
                     bounds=[(0, None)] * d + [(None, None)], method="highs")
    u = result.x[:d] if result.success else np.full(d, 1.0 / d)
    margins = np.asarray(y_sign) * (F @ u)
    return Separator(u, margins, bool(margins.min() > 0))


def best_expert_mistakes(advice, outcomes) -> np.ndarray:
    """m_t: the mistakes of the best expert over trials 1..t, for every t."""
    advice = np.asarray(advice)
    wrong = advice != np.asarray(outcomes)[:, None]
    return np.cumsum(wrong, axis=0).min(axis=1) if len(advice) else np.zeros(0)


# ----------------------------------------------------------------- curve helpers
def _prefix_max(values):
    return np.maximum.accumulate(values) if len(values) else values


def _prefix_min(values):
    return np.minimum.accumulate(values) if len(values) else values


def _scaled_hinge_curves(margins, R, weights, scales):
    """For each scale s: L_t(s) = Σ_{r≤t} c_r(1 − s·m_r)₊ and C_t(s) = R_t² s²; shapes (S, T)."""
    hinge = np.maximum(0.0, 1.0 - scales[:, None] * margins[None, :]) * weights[None, :]
    return np.cumsum(hinge, axis=1), (R[None, :] ** 2) * (scales[:, None] ** 2)


def _not_applicable(name, latex, source, T, reason, measures="mistakes"):
    return BoundCurve(name, latex, source, np.full(T, np.inf), np.zeros(T, bool), reason, measures)


def perceptron_bound_curves(learner, X, y, sample_weight=None) -> list[BoundCurve]:
    """Bounds on the perceptron family after every trial of the stream (X, y) in order.

    Novikoff (hindsight max-margin u), Freund–Schapire (soft-margin u, best γ
    of a grid at each t) and Gentile (scale of u chosen at each t); with
    ``sample_weight`` and an importance-weighted learner also Theorems 3 and 2
    of seed 000 for the weighted loss.
    """
    X = np.asarray(X, dtype=float)
    T = X.shape[0]
    if T == 0:
        return []
    classes = np.unique(y) if not hasattr(learner, "classes_") else learner.classes_
    y_sign = _signs(y, classes) if len(classes) > 1 else np.ones(T)
    F = learner_features(learner, X)
    R = _prefix_max(np.linalg.norm(F, axis=1))
    curves = []

    hard = max_margin_separator(F, y_sign)
    if hard.separable:
        gamma_t = _prefix_min(hard.margins)
        values = bounds.novikoff(R, 1.0, gamma_t)
        curves.append(BoundCurve("Novikoff", r"R^2\|u\|^2/\gamma^2", "seed 003, Thm 2.1", values,
                                 np.ones(T, bool), details={"u": hard.u, "gamma": hard.gamma, "R": R[-1]}))
    else:
        curves.append(_not_applicable("Novikoff", r"R^2\|u\|^2/\gamma^2", "seed 003, Thm 2.1", T,
                                      "not linearly separable (in the learner's feature space): "
                                      "no margin γ > 0 exists"))

    soft = hard if hard.separable else hinge_separator(F, y_sign)
    m = soft.margins
    top = max(float(np.abs(m).max()), 1e-12)
    gammas = np.geomspace(top * 1e-3, top, 40)
    d2 = np.cumsum(np.maximum(0.0, gammas[:, None] - m[None, :]) ** 2, axis=1)
    fs = ((R[None, :] + np.sqrt(d2)) / gammas[:, None]) ** 2
    best = fs.argmin(axis=0)
    curves.append(BoundCurve("Freund–Schapire", r"\big((R\|u\| + D_\gamma)/\gamma\big)^2",
                             "seed 003, Thm 2.2", fs[best, np.arange(T)], np.ones(T, bool),
                             details={"u": soft.u, "gamma": gammas[best]}))

    scales = SCALE_GRID / max(float(np.median(np.abs(m))), 1e-12)
    ones = np.ones(T)
    L, C = _scaled_hinge_curves(m, R, ones, scales)
    gentile = L + C + np.sqrt(L * C)
    curves.append(BoundCurve("Gentile", r"L + C + \sqrt{LC}", "seed 000, Thm 1",
                             gentile.min(axis=0), np.ones(T, bool), details={"u": soft.u}))

    if sample_weight is not None and getattr(learner, "_importance_weighted",
                                             getattr(learner, "importance_weighted", False)):
        c = np.asarray(sample_weight, dtype=float)
        c_max, c_min = _prefix_max(c), np.maximum(_prefix_min(c), 1e-300)
        L, C = _scaled_hinge_curves(m, R, c, scales)
        t3 = L + c_max[None, :] * C + np.sqrt(c_max[None, :] * L * C)
        curves.append(BoundCurve("IWP Theorem 3", r"L + c_{\max}C + \sqrt{c_{\max} L C}",
                                 "seed 000, Thm 3", t3.min(axis=0), np.ones(T, bool),
                                 measures="weighted loss"))
        ratio = c_max / c_min
        t2 = (ratio[None, :] * L + c_max[None, :] * ratio[None, :] ** 2 * C
              + ratio[None, :] ** 2 * np.sqrt(c_min[None, :] * L * C))
        applies = c_min > 1e-300
        curves.append(BoundCurve("IWP Theorem 2", r"\theta_r L + c_{\max}\theta_r^2 C + \theta_r^2\sqrt{c_{\min}LC}",
                                 "seed 000, Thm 2", np.where(applies, t2.min(axis=0), np.inf), applies,
                                 "" if applies.all() else "a weight of 0 makes θ_r = c_max/c_min infinite",
                                 measures="weighted loss"))
    return curves


def perceptron_invariants(weights_after, cumulative_mistakes, u, gamma, R, eta=1.0) -> dict:
    """The two facts of Novikoff's proof, after every trial (seed 003; seed 001 Claims 1–2).

    ``weights_after`` holds w after each trial (rows); with the comparator u
    (unit norm) of margin γ and radius R: w·u ≥ η·γ·M and ‖w‖² ≤ η²·R²·M.
    """
    W = np.asarray(weights_after, dtype=float).reshape(len(cumulative_mistakes), -1)
    M = np.asarray(cumulative_mistakes, dtype=float)
    return {"w_dot_u": W @ np.asarray(u, dtype=float), "gamma_M": eta * gamma * M,
            "w_norm_sq": np.einsum("ij,ij->i", W, W), "R2_M": eta**2 * R**2 * M}


def winnow_bound_curves(learner, X, y) -> list[BoundCurve]:
    """Theorem 3.1 of seed 003 with the learner's η, and the tuned bound with η*, per trial."""
    X = np.asarray(X, dtype=float)
    T = X.shape[0]
    if T == 0:
        return []
    classes = np.unique(y) if not hasattr(learner, "classes_") else learner.classes_
    y_sign = _signs(y, classes) if len(classes) > 1 else np.ones(T)
    F = learner_features(learner, X)
    n = F.shape[1]
    sep = non_negative_separator(F, y_sign)
    name, latex = "Winnow (Thm 3.1)", r"\frac{\|u\|_1\ln n}{\eta\gamma - \|u\|_1\ln\cosh(\eta R_\infty)}"
    if not sep.separable:
        reason = "no non-negative separator with margin γ > 0 exists for the points seen"
        return [_not_applicable(name, latex, "seed 003, Thm 3.1", T, reason),
                _not_applicable("Winnow with η*", r"2R_\infty^2\|u\|_1^2\ln n/\gamma^2", "seed 003, Thm 3.1", T, reason)]
    R_inf = _prefix_max(np.abs(F).max(axis=1))
    gamma_t = _prefix_min(sep.margins)
    values = bounds.winnow(1.0, n, float(learner.eta), gamma_t, R_inf)
    applies = np.isfinite(values)
    reason = "" if applies.all() else (f"η = {learner.eta:g} is too large for this margin: "
                                       "the denominator ηγ − ‖u‖₁ ln cosh(ηR∞) is not positive")
    tuned = bounds.winnow_tuned(1.0, n, gamma_t, R_inf)
    return [BoundCurve(name, latex, "seed 003, Thm 3.1", values, applies, reason,
                       details={"u": sep.u, "gamma": sep.gamma}),
            BoundCurve("Winnow with η*", r"2R_\infty^2\|u\|_1^2\ln n/\gamma^2", "seed 003, Thm 3.1",
                       tuned, np.ones(T, bool), details={"eta_star": bounds.winnow_best_eta(1.0, gamma_t[-1], R_inf[-1])})]


def kernel_bound_curve(learner, X, y, max_passes=200) -> list[BoundCurve]:
    """R²K(u,u)/γ² (seed 003, Thm 2.3) with u = Σ α_i φ(x_i) found in hindsight.

    The comparator is the dual perceptron run to convergence on the points
    seen (at most ``max_passes`` cyclic passes over the Gram matrix): it lies
    in the learner's own function class (no free intercept), and when it makes
    a pass without mistakes it separates every point, so γ > 0.
    """
    X = np.asarray(X, dtype=float)
    T = X.shape[0]
    name, latex, source = "Kernel Novikoff", r"R^2 K(u,u)/\gamma^2", "seed 003, Thm 2.3"
    classes = np.unique(y)
    if T == 0 or len(classes) < 2:
        return [_not_applicable(name, latex, source, T, "needs points of both classes")]
    y_sign = _signs(y, classes)
    F = learner_features(learner, X)
    K = learner.gram(F, F)
    alpha = np.zeros(T)
    scores = np.zeros(T)
    for _ in range(max_passes):
        clean = True
        for t in range(T):
            if y_sign[t] * scores[t] <= 0:
                alpha[t] += y_sign[t]
                scores += y_sign[t] * K[t]
                clean = False
        if clean:
            break
    norm_sq = float(alpha @ K @ alpha)
    margins = y_sign * scores
    if not clean or norm_sq <= 0 or margins.min() <= 0:
        return [_not_applicable(name, latex, source, T,
                                "no separator found in the kernel's feature space for the points seen")]
    margins = margins / np.sqrt(norm_sq)
    R_sq = _prefix_max(np.diag(K).copy())
    return [BoundCurve(name, latex, source, bounds.kernel_perceptron(R_sq, 1.0, _prefix_min(margins)),
                       np.ones(T, bool), details={"alpha": alpha})]


def expert_bound_curves(advice, outcomes, *, beta=None, epsilon=None) -> list[BoundCurve]:
    """WM's bound (with ``beta``) or RWM's two forms (with ``epsilon``), m_t the best expert so far."""
    m = best_expert_mistakes(advice, outcomes)
    T, N = np.asarray(advice).shape
    ones = np.ones(T, bool)
    if beta is not None:
        return [BoundCurve("Weighted Majority", r"\frac{m\ln(1/\beta) + \ln N}{\ln(2/(1+\beta))}",
                           "seed 001", bounds.weighted_majority(m, N, beta), ones)]
    return [BoundCurve("RWM (1+ε)m + ln N/ε", r"(1+\epsilon)m + \ln N/\epsilon", "seed 001",
                       bounds.randomized_weighted_majority(m, N, epsilon), ones, measures="expected mistakes"),
            BoundCurve("RWM exact", r"\frac{-\ln(1-\epsilon)}{\epsilon}m + \frac{\ln N}{\epsilon}", "seed 001",
                       bounds.randomized_weighted_majority(m, N, epsilon, form="exact"), ones,
                       measures="expected mistakes")]
