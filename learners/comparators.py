"""What the bounds need, computed from the data seen so far, as curves over trials.

Every mistake bound of the sources holds for *any* fixed comparator u: "if
some u has margin γ (or hinge loss L) on the trials, the learner makes at
most ... mistakes".  So the lab picks one comparator in hindsight from all T
trials seen so far — the max-margin separator, a hinge-loss separator, a
non-negative separator for Winnow, the best expert — and evaluates every
bound on each prefix 1..t with *prefix statistics of that same u*:

* R_t = max_{s≤t} ‖x_s‖ (R∞ for Winnow), a running maximum;
* γ_t = min_{s≤t} y_s u·x_s, a running minimum of u's margins;
* L_t = Σ_{s≤t} c_s(1 − y_s u·x_s)₊ and D_t² = Σ_{s≤t} ((γ − y_s u·x_s)₊)², running sums.

Why each value is valid: the learner's first t trials depend on x_1..x_t
only, and a theorem applied to that sequence holds for *every* u — nothing in
it asks how u was chosen, so a u chosen by looking at all T trials will do,
measured on the first t.  Where a curve takes the
minimum over a finite grid (Freund–Schapire's γ, the scale of u in Gentile's
bound) it is the minimum of finitely many valid bounds, so it is valid too.
Because R_t only grows and γ_t only shrinks, the separable curves never
decrease.  The whole curve costs one or two comparator fits and a few
cumulative sums (10–100 ms for 2,000 trials in 2D on a laptop core).

Separability is decided per prefix: when the whole stream is not separable,
the longest separable prefix 1..t* is found by a search with one linear
program per probe (once a prefix is not separable, no longer prefix is), the
comparator is fitted on that prefix, and the curve says from which trial on
it stops applying and why.  An importance-weighted perceptron is the plain
Perceptron only while its weights are equal, so the mistake-count bounds
stop applying to it where they first differ (its weighted loss has
Theorems 3 and 2 of seed 000).

Statistics are measured where the learner works: on its own feature vectors
(``learner._features``: the constant 1 of ``fit_intercept`` appended, unit
length when it ``normalize``-s, the balanced (x, 1, −x, −1) of Winnow).  The
curve builders therefore take the learner itself (fitted or not; only its
parameters are read) rather than ``fit_intercept``/``normalize`` flags.

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
from sklearn.base import clone
from sklearn.svm import LinearSVC

from . import bounds
from .sources import credit
from ._fast import njit
from ._linear import safe_row_norms
from ._validation import SAFE_SMALLEST
from .max_margin import nearest_point

#: scales of u tried by Gentile's and Theorem 3's bounds, relative to 1/median|margin|
SCALE_GRID = np.geomspace(1e-3, 1e3, 61)
#: margins γ tried by Freund–Schapire's bound, relative to the largest margin
GAMMA_GRID = np.geomspace(1e-3, 1.0, 40)
#: a separator must beat this fraction of R to count as one (guards against LP round-off)
MARGIN_TOLERANCE = 1e-12
#: the grids' anchor (largest or median |margin|) is at least this fraction of the longest feature vector (and at
#: least SMALLEST_LENGTH), so an all-zero prefix divides by no 0 and the grids look alike at every scale of the data
SMALLEST_ANCHOR = 1e-12
#: R is at least this where a margin is compared with a fraction of it (R = 0 when every vector is 0)
SMALLEST_LENGTH = 1e-300
#: entries below this fraction of the largest are 0 for the solvers (subnormal numbers stall them)
NEGLIGIBLE = 1e-100
#: liblinear's iteration limit for the soft-margin comparators
SOLVER_ITERATIONS = 5000
#: C of the near-hard squared-hinge comparator tried on data no u separates
NEAR_HARD_C = 1e4
#: cyclic passes of the dual perceptron that finds the kernel comparator
KERNEL_PASSES = 200
#: liblinear's coordinate descent visits the rows in a random order: seeded, so a comparator (and every
#: bound drawn with it) is the same whatever ran before it in the process
SOLVER_SEED = 0


@dataclass
class BoundCurve:
    """A bound evaluated after every trial 1..T.

    Attributes
    ----------
    name, latex, source : str
        Display name, the formula in LaTeX, and where it comes from (``learners.sources.credit``: "Agarwal's notes, Thm 2.1").
    values : ndarray of shape (T,)
        The bound on the first t trials; ``inf`` where it does not apply.
    applies : ndarray of bool, shape (T,)
        Where the bound applies.
    reason : str
        Why it does not apply where it does not (empty when it applies everywhere),
        or what it is about when that differs from the learner's own run.
    measures : str
        What it bounds: "mistakes", "weighted loss" or "expected mistakes".
    details : dict
        The comparator and constants behind the last value (``u``, ``gamma``, ``R`` ...).
    bounds_this_run : bool
        True when, where it ``applies``, the curve bounds the very run it is drawn with (the
        learner, its parameters and its order of trials).  False for a *reference*: what a
        theorem would promise another run — Winnow with the tuned η*, RWM with an ε chosen in
        hindsight — which the measured count may cross.  Figures draw references in their own
        style and never call them bounds.
    key : str
        Which bound this is, for code to recognise a curve (never by its display ``name``): the name of the
        :mod:`learners.bounds` function that computes it ("novikoff", "gentile", "rwm_tuned", ...), with
        "multiclass_" before it for a multiclass form and "_exact"/"_lecture"/"_half" after it where one
        function draws two curves.
    """

    name: str
    latex: str
    source: str
    values: np.ndarray
    applies: np.ndarray
    reason: str = ""
    measures: str = "mistakes"
    details: dict = field(default_factory=dict)
    bounds_this_run: bool = True
    key: str = ""


@dataclass
class Separator:
    """A comparator u and its statistics on the feature vectors F it was fitted on.

    Attributes
    ----------
    u : ndarray of shape (d,)
        Unit Euclidean norm (unit ℓ1 norm for :func:`non_negative_separator`).
    margins : ndarray of shape (T,)
        y_t u·f_t, computed from this very u (so bounds built on it are valid
        whatever the solver's accuracy).
    separable : bool
        Whether every margin is positive.
    R, R_inf : float
        max_t ‖f_t‖₂ and max_t ‖f_t‖∞.
    """

    u: np.ndarray
    margins: np.ndarray
    separable: bool
    R: float = 0.0
    R_inf: float = 0.0

    @property
    def gamma(self) -> float:
        """min_t y_t u·f_t (0 when there is no trial)."""
        return float(self.margins.min()) if self.margins.size else 0.0

    def hinge_losses(self, scale: float = 1.0) -> np.ndarray:
        """Per-trial hinge losses (1 − y_t (s·u)·f_t)₊ of the scaled comparator s·u."""
        return np.maximum(0.0, 1.0 - scale * self.margins)


def _separator(u, F, y_sign) -> Separator:
    F = np.asarray(F, dtype=float)
    u = np.asarray(u, dtype=float)
    margins = np.asarray(y_sign, dtype=float) * (F @ u) if F.shape[0] else np.zeros(0)
    R = float(safe_row_norms(F).max()) if F.shape[0] else 0.0
    R_inf = float(np.abs(F).max()) if F.size else 0.0
    separable = bool(margins.size) and bool(margins.min() > MARGIN_TOLERANCE * max(R, SMALLEST_LENGTH))
    return Separator(u, margins, separable, R, R_inf)


def _unit(u):
    u = np.asarray(u, dtype=float)
    norm = float(safe_row_norms(u)[0]) if u.size else 0.0
    return u / norm if norm > 0 else u


def _check_stream(F, y_sign):
    F = np.asarray(F, dtype=float)
    y_sign = np.asarray(y_sign, dtype=float).reshape(-1)
    if F.ndim != 2 or F.shape[0] != y_sign.shape[0]:
        raise ValueError(f"F must be a (T, d) array with one row per label; got F of shape {F.shape} "
                         f"and {y_sign.shape[0]} labels.")
    if not np.all(np.isin(y_sign, (-1.0, 1.0))):
        raise ValueError("y_sign must hold the labels as −1 or +1 (y = +1 for the positive class).")
    return F, y_sign


# ----------------------------------------------------------------- comparators
def max_margin_separator(F, y_sign) -> Separator:
    """The maximum-margin separator through the origin of the feature space, solved exactly.

    The hard-margin SVM without a free intercept (the constant feature of ``fit_intercept``, if
    any, is a column of F): u* = p*/‖p*‖ for the point p* of conv{y_t f_t} nearest the origin, and
    no unit u has a larger margin than γ* = ‖p*‖ (:mod:`learners.max_margin`: Wolfe's finite
    algorithm, with an optimality certificate).  A prefix of one class is no special case.  γ is
    computed from the u returned, so every bound built on it is valid whatever the round-off.  When
    that u does not separate, a linear program decides whether any u does (and returns one if so);
    otherwise ``separable`` is False.

    Examples
    --------
    >>> import numpy as np
    >>> F = np.array([[1.0, 1.0], [2.0, 1.0], [-1.0, 1.0], [-2.0, 1.0]])
    >>> sep = max_margin_separator(F, np.array([1, 1, -1, -1]))
    >>> sep.separable, np.round(sep.u, 3).tolist(), round(sep.gamma, 3)
    (True, [1.0, 0.0], 1.0)

    Two points of one class: the u of largest margin is not their mean direction.

    >>> sep = max_margin_separator(np.array([[3.0, 0.0], [0.0, 0.5]]), np.array([-1, -1]))
    >>> np.round(sep.u, 4).tolist(), round(sep.gamma, 4)
    ([-0.1644, -0.9864], 0.4932)
    """
    F, y_sign = _check_stream(F, y_sign)
    if F.shape[0] == 0:
        return Separator(np.zeros(F.shape[1]), np.zeros(0), False)
    nearest = nearest_point(y_sign[:, None] * F)
    sep = _separator(nearest.u, F, y_sign)
    if not sep.separable and nearest.separable:     # round-off only: the exact answer says some u separates
        u = _lp_separator(F, y_sign)
        if u is not None:
            sep = _separator(u, F, y_sign)
    return sep


def _solvable(F):
    """F as the solvers get it: scaled to largest |entry| 1 (the direction of the hard-margin u does not
    change) and entries below 1e-100 of that set to 0.  Subnormal numbers (below ~2e-308) slow the
    solvers' arithmetic a hundredfold and more: on four points at 1e-300 liblinear did not return.  The
    margins are measured on the true F afterwards, so the bounds stay exact."""
    scale = float(np.abs(F).max()) if F.size else 0.0
    if scale == 0.0:
        return F
    G = F / scale
    G[np.abs(G) < NEGLIGIBLE] = 0.0
    return G


def _lp_separator(F, y_sign):
    """A unit u with y_t u·f_t > 0 for all t (max γ under |u_i| ≤ 1), or None if none exists."""
    u = _lp_box(F, y_sign)
    return u if u is not None and _separator(u, F, y_sign).separable else None


def _lp_box(F, y_sign):
    """The LP's u (unit norm) maximising min_t y_t u·f_t under |u_i| ≤ 1; None if the solver fails."""
    n, d = F.shape
    # variables (u_1..u_d, γ): maximise γ subject to γ − y_t u·f_t ≤ 0, |u_i| ≤ 1, γ ≤ 1
    A = np.hstack([-(y_sign[:, None] * _solvable(F)), np.ones((n, 1))])
    result = linprog(np.r_[np.zeros(d), -1.0], A_ub=A, b_ub=np.zeros(n),
                     bounds=[(-1, 1)] * d + [(None, 1)], method="highs")
    return _unit(result.x[:d]) if result.success else None


def _lp_non_negative(F, y_sign):
    """The LP of :func:`non_negative_separator`: (u, γ) or None when it fails."""
    n, d = F.shape
    A = np.hstack([-(y_sign[:, None] * _solvable(F)), np.ones((n, 1))])
    result = linprog(np.r_[np.zeros(d), -1.0], A_ub=A, b_ub=np.zeros(n),
                     A_eq=np.r_[np.ones(d), 0.0][None, :], b_eq=[1.0],
                     bounds=[(0, None)] * d + [(None, None)], method="highs")
    if not result.success:
        return None
    u = np.maximum(result.x[:d], 0.0)
    return u / u.sum() if u.sum() > 0 else None


def hinge_separator(F, y_sign, sample_weight=None, C=1.0) -> Separator:
    """A soft-margin comparator for non-separable data: hinge-loss linear SVM through the origin.

    Minimises ½‖v‖² + C·Σ_t c_t(1 − y_t v·f_t)₊ on the rows scaled to largest entry 1 and the weights
    c_t scaled to mean 1, and returns u = v/‖v‖ (unit norm); the bounds then rescale u themselves.  Any
    u gives valid bounds; the scaling keeps liblinear quick on coordinates near 1e9 and weights up to
    1e9, where it otherwise sweeps to its iteration limit.  Per-trial hinge losses of
    a scaled copy s·u are ``Separator.hinge_losses(s)``.

    Examples
    --------
    >>> import numpy as np
    >>> F = np.array([[1.0, 1.0], [2.0, 1.0], [-1.0, 1.0], [-2.0, 1.0], [1.5, 1.0]])
    >>> sep = hinge_separator(F, np.array([1, 1, -1, -1, -1]))
    >>> sep.separable, bool(sep.u[0] > 0), sep.hinge_losses(1.0).shape
    (False, True, (5,))
    """
    F, y_sign = _check_stream(F, y_sign)
    if F.shape[0] == 0 or np.all(y_sign == y_sign[0]):
        return max_margin_separator(F, y_sign)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        svm = LinearSVC(C=C, fit_intercept=False, loss="hinge", dual=True, max_iter=SOLVER_ITERATIONS,
                        random_state=SOLVER_SEED)
        if sample_weight is not None:
            sample_weight = np.asarray(sample_weight, dtype=float)
            mean = float(sample_weight.mean())
            sample_weight = sample_weight / mean if mean > 0 else sample_weight
        svm.fit(_solvable(F), y_sign, sample_weight=sample_weight)
    return _separator(_unit(svm.coef_[0]), F, y_sign)


def _squared_hinge_separator(F, y_sign, C=NEAR_HARD_C) -> Separator:
    """A near-hard soft margin for data no u separates: squared-hinge linear SVM through the origin with a large
    C (on the rows scaled to largest entry 1), unit norm.  One more comparator for the soft bounds; any u is valid."""
    if F.shape[0] == 0 or np.all(y_sign == y_sign[0]):
        return max_margin_separator(F, y_sign)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        svm = LinearSVC(C=C, fit_intercept=False, dual=False, tol=1e-6, max_iter=SOLVER_ITERATIONS,
                        random_state=SOLVER_SEED).fit(_solvable(F), y_sign)
    return _separator(_unit(svm.coef_[0]), F, y_sign)


def non_negative_separator(F_balanced, y_sign) -> Separator:
    """Winnow's comparator: max γ s.t. y_t u·f_t ≥ γ, u ≥ 0, ‖u‖₁ = 1 (a linear program).

    Here ``u`` has unit ℓ1 norm (not Euclidean), as Theorem 3.1 of seed 003
    uses it.  On balanced features (x, 1, −x, −1) any linear separator
    v·x + b has such a u (split v and b into positive and negative parts).

    Examples
    --------
    >>> import numpy as np
    >>> F = np.array([[1.0, 0.0], [0.5, -1.0], [-1.0, 0.5], [-0.2, 1.0]])
    >>> sep = non_negative_separator(np.hstack([F, -F]), np.array([1, 1, -1, -1]))
    >>> sep.separable, round(float(sep.u.sum()), 9), bool(np.all(sep.u >= 0))
    (True, 1.0, True)
    """
    F, y_sign = _check_stream(F_balanced, y_sign)
    n, d = F.shape
    if n == 0:
        return Separator(np.full(d, 1.0 / d), np.zeros(0), False)
    u = _lp_non_negative(F, y_sign)
    return _separator(u if u is not None else np.full(d, 1.0 / d), F, y_sign)


def largest_separable_prefix(F, y_sign, non_negative=False, hint=None):
    """The largest t such that trials 1..t are separable with a positive margin, and a u doing it.

    Separability of a prefix is monotone (a separator of 1..t separates every
    shorter prefix), so a search with one linear program per probe finds t*:
    it starts from the prefix that ``hint`` (say an SVM's u) or the LP's u of
    the whole stream already separates, gallops forward (probes +1, +2,
    +4, …; every u found may reach further than its probe), then bisects —
    a few programs when the stream stops being separable soon after the
    hint does, about log₂ T at most.  ``non_negative=True`` asks for u ≥ 0
    with ‖u‖₁ = 1 (Winnow).  Returns ``(t_star, u)`` with ``u = None`` when t* = 0.

    Examples
    --------
    >>> import numpy as np
    >>> F = np.array([[1.0], [2.0], [-1.0], [3.0]])
    >>> t, u = largest_separable_prefix(F, np.array([1, 1, 1, 1]))
    >>> t, u.tolist()
    (2, [1.0])
    """
    F, y_sign = _check_stream(F, y_sign)
    if F.shape[0] == 0:
        return 0, None
    solve = _lp_non_negative if non_negative else _lp_box
    return _longest_prefix(solve, F, y_sign, hints=[hint])


def _reach(u, F, y_sign) -> int:
    """How many leading trials u separates (margins above the tolerance, as in :class:`Separator`)."""
    if u is None:
        return 0
    gamma_t = _prefix_min(y_sign * (F @ u))
    R_t = _prefix_max(safe_row_norms(F))
    return _first_false(gamma_t > MARGIN_TOLERANCE * np.maximum(R_t, SMALLEST_LENGTH))


def _longest_prefix(solve, F, y_sign, hints=(), whole_known_inseparable=False):
    """Galloping-then-bisection search for the longest prefix some u of ``solve`` separates."""
    T = F.shape[0]
    candidates = [u for u in hints if u is not None]
    if not whole_known_inseparable:
        u = solve(F, y_sign)
        if _reach(u, F, y_sign) == T:
            return T, u
        candidates.append(u)
    low, best = 0, None
    for u in candidates:
        reach = _reach(u, F, y_sign)
        if reach > low:
            low, best = reach, u
    high, step, galloping = T, 1, True      # the whole stream is known not to be separable
    while high - low > 1:
        probe = min(low + step, high - 1) if galloping else (low + high) // 2
        u = solve(F[:probe], y_sign[:probe])
        reach = _reach(u, F, y_sign)
        if reach >= probe:
            low, best = min(reach, high - 1), u
            step *= 2
        else:
            high, galloping = probe, False
    return low, best


def best_expert_mistakes(advice, outcomes) -> np.ndarray:
    """m_t: mistakes of the best expert over trials 1..t — cummin over experts of their cumulative mistakes.

    Parameters
    ----------
    advice : array of shape (T, N)
        Prediction of every expert at every trial.
    outcomes : array of shape (T,)
        What happened.

    Examples
    --------
    >>> best_expert_mistakes([[1, 0], [1, 0], [0, 0]], [1, 1, 1]).tolist()
    [0, 0, 1]
    """
    advice = np.asarray(advice)
    outcomes = np.asarray(outcomes).reshape(-1)
    if advice.ndim != 2 or advice.shape[0] != outcomes.shape[0]:
        raise ValueError(f"advice must be a (T, N) array with one row per outcome; got advice of shape "
                         f"{advice.shape} and {outcomes.shape[0]} outcomes.")
    if advice.shape[0] == 0:
        return np.zeros(0, dtype=int)
    wrong = advice != outcomes[:, None]
    return np.cumsum(wrong, axis=0).min(axis=1)


# ----------------------------------------------------------------- curve helpers
def learner_features(learner, X) -> np.ndarray:
    """The vectors the learner works on (constant 1 appended, normalised, balanced...)."""
    X = np.asarray(X, dtype=float)
    if not hasattr(learner, "classes_"):
        learner = clone(learner)
        learner.start([0, 1], X.shape[1])
    return learner._features(X)


def comparator_line(learner, u):
    """The comparator u (a vector on the learner's features) as a line v·x + b = 0 of the input plane.

    The learner's feature map is affine — a constant appended, the balanced (x, 1, −x, −1)
    of Winnow — up to a positive rescaling of each vector (``normalize``), which moves no
    point across u's zero set.  So v and b follow from the features of 0 and of the unit
    vectors, whatever the learner: b = u·φ(0), v_i = u·φ(e_i) − b.  Returns ``(v, b)``.

    >>> from learners import Winnow
    >>> v, b = comparator_line(Winnow(), np.array([0.5, 0.0, 0.1, 0.0, 0.3, 0.1]))
    >>> v.round(3).tolist(), round(b, 3)
    ([0.5, -0.3], 0.0)
    """
    u = np.asarray(u, dtype=float)
    plain = clone(learner)
    if "normalize" in plain.get_params():
        plain.set_params(normalize=False)
    d = getattr(learner, "n_features_in_", 2)
    probes = np.vstack([np.zeros(d), np.eye(d)])
    values = learner_features(plain, probes) @ u
    return values[1:] - values[0], float(values[0])


def _signs(learner, y) -> np.ndarray:
    """y as ±1: +1 for the learner's positive class ``classes_[1]``."""
    y = np.asarray(y).reshape(-1)
    classes = learner.classes_ if hasattr(learner, "classes_") else np.unique(y)
    if len(classes) > 2:
        raise ValueError(f"these bounds are for two classes; the labels hold {len(classes)}.")
    if len(classes) < 2:
        return np.ones(len(y))
    return np.where(y == classes[1], 1.0, -1.0)


def _prefix_max(values):
    return np.maximum.accumulate(values) if len(values) else values


def _prefix_min(values):
    return np.minimum.accumulate(values) if len(values) else values


def _first_false(mask) -> int:
    """Index of the first False in mask (len(mask) when none)."""
    off = np.flatnonzero(~np.asarray(mask, dtype=bool))
    return int(off[0]) if off.size else len(mask)


def _not_applicable(name, latex, source, T, reason, measures="mistakes", key=""):
    return BoundCurve(name, latex, source, np.full(T, np.inf), np.zeros(T, bool), reason, measures, key=key)


def _exact_margin(margins):
    """γ_t = min_{s≤t} margin, and where it is positive (u separates the prefix)."""
    gamma_t = _prefix_min(margins)
    return gamma_t, gamma_t > 0


def _where_defined(bound, defined, *args):
    """``bound(*args)`` where ``defined`` holds, ``inf`` (vacuous) elsewhere, all broadcast together.

    The functions of :mod:`learners.bounds` refuse arguments outside their theorem (γ ≤ 0, an
    overflowed ``inf``); a curve says nothing there, so only the defined entries are passed.
    """
    arrays = np.broadcast_arrays(*(np.asarray(a, dtype=float) for a in args))
    defined = np.broadcast_to(defined, arrays[0].shape)
    for a in arrays:
        defined = defined & np.isfinite(a)
    values = np.full(arrays[0].shape, np.inf)
    if defined.any():
        values[defined] = bound(*(a[defined] for a in arrays))
    return values


def _separable_values(margins, bound, *args):
    """The bound of a u that separates the prefix (γ_t > 0) with no loss, ``inf`` where it does not.

    ``bound(gamma_t, *args)``; rescaling u to margin 1 turns the loss-based bounds into this.
    """
    gamma_t, positive = _exact_margin(margins)
    return _where_defined(bound, positive, gamma_t, *args)


def _freund_schapire_values(margins, R):
    """min over a γ grid (and the prefix margin γ_t itself) of ``bounds.freund_schapire``, u unit."""
    gammas = _gammas(margins, float(R[-1]) if len(R) else 0.0)
    d2 = np.cumsum(np.maximum(0.0, gammas[:, None] - margins[None, :]) ** 2, axis=1)
    grid = _where_defined(bounds.freund_schapire, True, R[None, :], 1.0, gammas[:, None], d2)
    return np.minimum(grid.min(axis=0), _novikoff_values(margins, R))


def _novikoff_values(margins, R):
    """``bounds.novikoff`` with a unit u of prefix margin γ_t, ``inf`` where u does not separate the prefix."""
    return _separable_values(margins, lambda g, r: bounds.novikoff(r, 1.0, g), R)


def _scaled_hinge(margins, weights, scales):
    """L_t(s) = Σ_{r≤t} c_r(1 − s·m_r)₊ for every scale s; shape (S, T)."""
    hinge = np.maximum(0.0, 1.0 - scales[:, None] * margins[None, :]) * weights[None, :]
    return np.cumsum(hinge, axis=1)


def _anchor(value, length):
    """A grid's anchor: ``value`` (a typical |margin|), at least SMALLEST_ANCHOR of the longest vector ``length``."""
    return max(value, SMALLEST_ANCHOR * length, SMALLEST_LENGTH)


def _scales(margins, length=1.0):
    """The scales s of u the grids try: SCALE_GRID relative to 1/median |margin| (``length``: the longest vector)."""
    return SCALE_GRID / _anchor(float(np.median(np.abs(margins))), length)


def _gammas(margins, length=1.0):
    """The margins γ the grids try: GAMMA_GRID relative to the largest |margin| (``length``: the longest vector)."""
    return _anchor(float(np.abs(margins).max()), length) * GAMMA_GRID


def _gentile_family(margins, R, weights, bound, per_trial=(), defined=True):
    """min over the scale s of u of ``bound(L, C, *per_trial)``, L = Σ c(1 − s·m)₊, C = R_t²s²‖u‖² (u unit).

    ``bound`` is Gentile's bound or Theorem 3's or 2's of seed 000 (:mod:`learners.bounds`), with
    ``per_trial`` its further arguments per trial (c_max, c_min) and ``inf`` where ``defined`` is
    False.  The scale s_t = 1/γ_t (where u separates the prefix) adds the separable value
    ``bound(0, R_t²/γ_t², ...)``.
    """
    scales = _scales(margins, float(R[-1]) if len(R) else 0.0)
    L = _scaled_hinge(margins, weights, scales)
    C = (R[None, :] * scales[:, None]) ** 2
    per_trial = [np.asarray(a, dtype=float) for a in per_trial]
    grid = _where_defined(bound, defined, L, C, *(a[None, :] for a in per_trial))
    gamma_t, positive = _exact_margin(margins)
    with np.errstate(divide="ignore", over="ignore"):
        C_separable = (R / np.where(positive, gamma_t, 1.0)) ** 2
    exact = _where_defined(bound, positive & defined, 0.0, C_separable, *per_trial)
    return np.minimum(grid.min(axis=0), exact)


def _theorem3_values(margins, R, weights):
    """Theorem 3 of seed 000 (:func:`_gentile_family` with c_max = max_{r≤t} c_r); 0 while every weight is 0."""
    c_max = _prefix_max(weights)
    values = _gentile_family(margins, R, weights, bounds.iwp_theorem3, (c_max,), c_max > 0)
    return np.where(c_max > 0, values, 0.0)        # no weighted loss yet


def _seed001_values(margins):
    """min over γ of ``bounds.seed001_unit`` with TD_t(γ) = Σ_{r≤t}(γ − m_r)₊ (unit x and u)."""
    gammas = _gammas(margins)
    td = np.cumsum(np.maximum(0.0, gammas[:, None] - margins[None, :]), axis=1)
    grid = _where_defined(bounds.seed001_unit, True, gammas[:, None], td)
    exact = _separable_values(margins, lambda g: bounds.seed001_unit(g, 0.0))
    return np.minimum(grid.min(axis=0), exact)


def _best_of(candidates, compute):
    """Elementwise minimum over comparators of ``compute(margins)``, and the comparator of the last value."""
    values = np.array([compute(sep.margins) for sep in candidates])
    best = int(np.argmin(values[:, -1]))
    return values.min(axis=0), candidates[best]


def _check_weights(sample_weight, T):
    if sample_weight is None:
        return np.ones(T)
    c = np.asarray(sample_weight, dtype=float).reshape(-1)
    if c.shape[0] != T or not np.all(np.isfinite(c)) or np.any(c < 0):
        raise ValueError(f"sample_weight must hold {T} finite importance weights >= 0, one per trial.")
    return c


# ------------------------------------------------------------- perceptron family
NOVIKOFF = ("Novikoff", r"R^2\|u\|^2/\gamma^2", credit("003", "Thm 2.1"))
FREUND_SCHAPIRE = ("Freund–Schapire", r"\big((R\|u\| + D_\gamma)/\gamma\big)^2", credit("003", "Thm 2.2"))
GENTILE = ("Gentile", r"L + C + \sqrt{LC}", credit("000", "Thm 1"))
SEED001 = ("Perceptron on unit vectors", r"1/\gamma^2 + (2/\gamma)\,TD_\gamma", credit("001", "Perceptron"))
IWP3 = ("IWP Theorem 3", r"L + c_{\max}C + \sqrt{c_{\max} L C}", credit("000", "Thm 3"))
IWP2 = ("IWP Theorem 2", r"\theta_r L + c_{\max}\theta_r^2 C + \theta_r^2\sqrt{c_{\min}LC}", credit("000", "Thm 2"))
NOT_SEPARABLE = ("the points seen so far are not linearly separable through the origin of the "
                 "augmented space (no u has a margin γ > 0)")


def _novikoff_curve(F, y_sign, R, T):
    """Novikoff on the longest separable prefix, with the exact max-margin u of that prefix.

    The prefix search probes with the exact separator itself (:func:`_max_margin_u`: a prefix is
    separable iff its max-margin u separates it), so the u of the longest prefix is the one of
    largest margin there and the curve is never looser than Novikoff's bound allows.  Also returns
    the comparators found on the way (that u), for the other bounds to try.
    """
    whole = max_margin_separator(F, y_sign)
    if whole.separable:
        until, sep = T, whole
    else:
        until, u = _longest_prefix(_max_margin_u, F, y_sign, whole_known_inseparable=True)
        if until == 0:
            return _not_applicable(*NOVIKOFF, T, NOT_SEPARABLE, key="novikoff"), []
        sep = max_margin_separator(F[:until], y_sign[:until])
        if not sep.separable:
            sep = _separator(u, F[:until], y_sign[:until])
    values = np.full(T, np.inf)
    gamma_t = _prefix_min(sep.margins)
    values[:until] = bounds.novikoff(R[:until], 1.0, gamma_t)
    applies = np.arange(T) < until
    reason = "" if until == T else f"from trial {until + 1} on, {NOT_SEPARABLE}"
    details = {"u": sep.u, "gamma": float(gamma_t[-1]), "R": float(R[until - 1]), "until": until}
    return BoundCurve(*NOVIKOFF, values, applies, reason, details=details, key="novikoff"), [sep.u]


def _max_margin_u(F, y_sign):
    """The exact max-margin u of (F, y_sign), or None when no u separates them (a probe of the search)."""
    nearest = nearest_point(y_sign[:, None] * F)
    return nearest.u if nearest.separable else None


def novikoff_of(curves) -> BoundCurve | None:
    """The Novikoff curve among a run's bound curves (the one :func:`_novikoff_curve` made), or None."""
    return next((c for c in curves if c.key == "novikoff"), None)


def perceptron_bound_curves(learner, X, y, sample_weight=None) -> list[BoundCurve]:
    """Bounds on the perceptron family after every trial of the stream (X, y), in order.

    Parameters
    ----------
    learner : Perceptron or ImportanceWeightedPerceptron
        Only its parameters are read (``fit_intercept``, ``normalize``): the
        bounds are measured on its feature vectors.  Fitted or not.
    X, y : the trials in the order presented.
    sample_weight : importance weights c_t, optional.

    Returns
    -------
    list of BoundCurve
        Novikoff (max-margin u of the longest separable prefix), Freund–Schapire
        (γ chosen per t from a grid), Gentile (scale of u chosen per t from a
        grid), seed 001's unit-vector form when the learner normalises, and,
        for an importance-weighted learner given ``sample_weight``, Theorems 3
        and 2 of seed 000 on its weighted loss.  For such a learner the
        mistake-count bounds apply only while the weights seen are all equal
        (IWP is then the Perceptron with η = c).

    Notes
    -----
    Comparators (all unit-norm; the minimum over them is taken per trial):
    the exact max-margin u of the longest separable prefix (the whole stream
    when it is separable; :mod:`learners.max_margin`), and when the stream is
    not separable also a hinge-loss SVM and a squared-hinge SVM with C = 10⁴
    (and a hinge-loss SVM weighted by c, for Theorems 3 and 2).
    """
    X = np.asarray(X, dtype=float)
    T = X.shape[0]
    if T == 0:
        return []
    y_sign = _signs(learner, y)
    c = _check_weights(sample_weight, T)
    F = learner_features(learner, X)
    R = _prefix_max(safe_row_norms(F))
    importance = sample_weight is not None and bool(getattr(learner, "importance_weighted", False))

    novikoff, found = _novikoff_curve(F, y_sign, R, T)
    candidates = [_separator(u, F, y_sign) for u in found]
    if not candidates or not candidates[0].separable:
        candidates += [hinge_separator(F, y_sign), _squared_hinge_separator(F, y_sign)]
    fs_values, fs_sep = _best_of(candidates, lambda m: _freund_schapire_values(m, R))
    ones = np.ones(T)
    gentile_values, gentile_sep = _best_of(candidates, lambda m: _gentile_family(m, R, ones, bounds.gentile))
    curves = [novikoff,
              BoundCurve(*FREUND_SCHAPIRE, fs_values, np.ones(T, bool), details={"u": fs_sep.u}, key="freund_schapire"),
              BoundCurve(*GENTILE, gentile_values, np.ones(T, bool), details={"u": gentile_sep.u}, key="gentile")]
    if getattr(learner, "normalize", False):
        values, sep = _best_of(candidates, _seed001_values)
        curves.append(BoundCurve(*SEED001, values, np.ones(T, bool), details={"u": sep.u}, key="seed001_unit"))

    if importance:
        c_max, c_min = _prefix_max(c), _prefix_min(c)
        _restrict_to_equal_weights(curves, c)
        if np.any(c != c[0]):
            candidates.append(hinge_separator(F, y_sign, sample_weight=c))
        t3, sep3 = _best_of(candidates, lambda m: _theorem3_values(m, R, c))
        curves.append(BoundCurve(*IWP3, t3, np.ones(T, bool), measures="weighted loss", details={"u": sep3.u},
                                 key="iwp_theorem3"))
        positive = c_min > 0
        t2, sep2 = _best_of(candidates, lambda m: _gentile_family(m, R, c, bounds.iwp_theorem2,
                                                                         (c_max, c_min), positive))
        reason = "" if positive.all() else (f"from trial {_first_false(positive) + 1} on, a weight c_t = 0 "
                                            "makes θ_r = c_max/c_min infinite")
        curves.append(BoundCurve(*IWP2, np.where(positive, t2, np.inf), positive, reason,
                                 measures="weighted loss", details={"u": sep2.u}, key="iwp_theorem2"))
    eta = float(getattr(learner, "eta", 1.0))
    if importance:
        restrict_to_float_range(curves, eta * _smallest_positive(c), R, "η·c·R²")
    else:
        restrict_to_float_range(curves, eta, R)
    return curves


def _smallest_positive(c):
    """min_{s≤t} of the positive weights c_s (inf while there is none): the smallest step a weighted run took."""
    return _prefix_min(np.where(c > 0, c, np.inf))


def in_float_range(step, R) -> np.ndarray:
    """Per trial: whether an additive learner's float run still follows the exact algorithm.

    ``step`` is the smallest step a of its updates so far (η, η·c), ``R`` the length of the longest feature vector
    so far (per trial).  Its scores are of the order a·R² and its updates of a·R; while both stay above
    ``SAFE_SMALLEST`` (1e-300; :mod:`learners._validation`) underflow moves the quantities of a mistake bound by a
    relative d·1e-23 at most.  Below, products such as w·x round to 0 — a tie, counted as a mistake, where exact
    arithmetic has none: the run is no longer the one the theorems are about.  A zero vector (R = 0) scores 0
    exactly, with no underflow.

    >>> in_float_range(1.0, np.array([0.0, 1e-160, 1e-140, 1e200])).tolist()
    [True, False, True, True]
    """
    R = np.asarray(R, dtype=float)
    with np.errstate(under="ignore", over="ignore", invalid="ignore"):
        return (R == 0) | (np.asarray(step, dtype=float) * R * np.minimum(R, 1.0) >= SAFE_SMALLEST)


def restrict_to_float_range(curves, step, R, what="η·R²", length="R"):
    """The curves stop applying where :func:`in_float_range` fails, and their reason says why, in words."""
    R = np.broadcast_to(np.asarray(R, dtype=float), (len(curves[0].values),) if curves else np.shape(R))
    inside = in_float_range(step, R)
    if inside.all() or not curves:
        return
    first = _first_false(inside)
    _stop_applying(curves, inside, (
        f"on {int((~inside).sum())} trial(s) from trial {first + 1} on the numbers are too small for double "
        f"precision: the longest feature vector so far has {length} = {R[first]:.3g}, so {what} < {SAFE_SMALLEST:g} "
        "and the scores w·x underflow to 0 — a tie, counted as a mistake, where exact arithmetic has none (the "
        "theorem is about the exact algorithm); scale the data up"))


def _stop_applying(curves, where, why: str) -> None:
    """The curves apply only ``where`` (``inf`` elsewhere), and their reasons add ``why``."""
    for curve in curves:
        curve.values = np.where(where, curve.values, np.inf)
        curve.applies = curve.applies & where
        curve.reason = "; ".join(part for part in (curve.reason, why) if part)


def equal_weight_prefix(sample_weight) -> np.ndarray:
    """Per trial t: whether c_1 = … = c_t > 0 — where IWP (which moves by c_t·y·x) is the plain Perceptron
    with η = c, so the Perceptron's mistake bounds (Novikoff's among them) bound its mistakes.

    >>> equal_weight_prefix([2.0, 2.0, 1.0, 2.0]).tolist()
    [True, True, False, False]
    """
    c = np.asarray(sample_weight, dtype=float).reshape(-1)
    if c.size == 0:
        return np.zeros(0, bool)
    return (_prefix_max(c) == _prefix_min(c)) & (_prefix_min(c) > 0)


def _restrict_to_equal_weights(curves, c, why=None):
    """IWP moves by c_t·y·x: bounds on the plain Perceptron's mistakes hold only while every c_t is equal.

    ``why(start)`` says so from trial ``start`` on (the binary IWP's words by default)."""
    equal = equal_weight_prefix(c)
    if equal.all():
        return
    start = _first_false(equal)
    why = why(start) if why else (f"from trial {start + 1} on the importance weights differ, and IWP (which moves by "
                                  "c_t·y·x) is no longer the plain Perceptron this bound counts mistakes of; IWP "
                                  "Theorem 3 bounds its weighted loss")
    _stop_applying(curves, equal, why)


def perceptron_invariants(weights_after, cumulative_mistakes, u, gamma, R, eta=1.0) -> dict:
    """The two facts of Novikoff's proof after every trial (seed 003, Thm 2.1; seed 001, Claims 1–2).

    Designed for the app's live view: pass the learner's weights after each
    trial (``TrialRecord.weights_after`` of every ``learn_one``, stacked) and
    its ``history_["cum_mistakes"]``, with the comparator of the Novikoff
    curve (``details["u"]``, ``details["gamma"]``, ``details["R"]``).  For a
    unit u with margin γ on every trial so far and R ≥ every ‖f_t‖:

    * w·u ≥ η·γ·M (every mistake moves w at least ηγ towards u), and
    * ‖w‖² ≤ η²·R²·M (a mistake adds at most η²R², because y·w·f ≤ 0),

    hence ηγM ≤ w·u ≤ ‖w‖ ≤ ηR√M, i.e. M ≤ R²/γ².

    Returns
    -------
    dict of arrays of shape (T,)
        ``w_dot_u`` and ``gamma_M`` (first fact), ``w_norm_sq`` and ``R2_M`` (second fact).

    Examples
    --------
    >>> inv = perceptron_invariants([[0.0, 1.0], [0.0, 1.0]], [1, 1], [0.0, 1.0], 0.5, 1.0)
    >>> inv["w_dot_u"].tolist(), inv["gamma_M"].tolist(), inv["w_norm_sq"].tolist()
    ([1.0, 1.0], [0.5, 0.5], [1.0, 1.0])
    """
    M = np.asarray(cumulative_mistakes, dtype=float).reshape(-1)
    W = np.asarray(weights_after, dtype=float).reshape(len(M), -1)
    u = np.asarray(u, dtype=float).reshape(-1)
    if W.shape[1] != u.shape[0]:
        raise ValueError(f"u has {u.shape[0]} coordinates but the weights have {W.shape[1]}; "
                         "use the comparator measured on the learner's own feature vectors.")
    return {"w_dot_u": W @ u, "gamma_M": eta * gamma * M,
            "w_norm_sq": np.einsum("ij,ij->i", W, W), "R2_M": eta**2 * R**2 * M}


# ------------------------------------------------------------------------ winnow
WINNOW = ("Winnow", r"\frac{\|u\|_1\ln n}{\eta\gamma - \|u\|_1\ln\cosh(\eta R_\infty)}",
          credit("003", "Thm 3.1"))
# the player marks a curve that bounds another run "reference — …" itself (viz.curves): not in the name
WINNOW_TUNED = ("Winnow run with η*", r"2R_\infty^2\|u\|_1^2\ln n/\gamma^2", credit("003", "Thm 3.1"))


def winnow_bound_curves(learner, X, y) -> list[BoundCurve]:
    """Theorem 3.1 of seed 003 with the learner's η, and the tuned bound with η* as a reference, per trial.

    The comparator is the non-negative, ℓ1-unit u of largest margin on the
    learner's feature vectors (balanced or not), fitted on the longest prefix
    it separates; n is the number of Winnow's weights.  Where ηγ_t −
    ln cosh(ηR∞_t) ≤ 0 the bound with the learner's η says nothing (``inf``).

    The second curve, 2R∞²‖u‖₁² ln n/γ², is what Theorem 3.1 promises Winnow run
    with the tuned rate η* = ln((R∞ + γ)/(R∞ − γ))/(2R∞) (‖u‖₁ = 1) — another run,
    unless the learner's η happens to be η*.  It is therefore returned with
    ``bounds_this_run=False``: this learner's mistakes may cross it (they did, in
    15 of 240 random sparse-target runs, before it was marked so).  Its reason
    quotes η* once, for the comparator of the whole prefix; ``details["eta_star"]``
    holds η* per trial.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import Winnow
    >>> X = np.array([[1.0, -1.0], [-1.0, 1.0], [2.0, 0.5], [-0.5, 1.0]] * 5)
    >>> y = np.array([1, 0, 1, 0] * 5)
    >>> theorem, tuned = winnow_bound_curves(Winnow(eta=0.2), X, y)
    >>> model = Winnow(eta=0.2).fit(X, y)
    >>> bool(theorem.applies.all()), bool(np.all(model.history_["cum_mistakes"] <= theorem.values))
    (True, True)
    """
    X = np.asarray(X, dtype=float)
    T = X.shape[0]
    if T == 0:
        return []
    y_sign = _signs(learner, y)
    F = learner_features(learner, X)
    n = F.shape[1]
    eta = float(learner.eta)
    until, u = largest_separable_prefix(F, y_sign, non_negative=True)
    no_separator = ("no non-negative u separates the points seen so far with a margin γ > 0 "
                    "(Theorem 3.1 needs u ≥ 0 with y_t u·x_t ≥ γ)")
    if until == 0:
        return [_not_applicable(*WINNOW, T, no_separator, key="winnow"),
                _not_applicable(*WINNOW_TUNED, T, no_separator, key="winnow_tuned")]
    if until < T:   # the u found may be another prefix's optimum: take the best one for 1..t*
        best = _lp_non_negative(F[:until], y_sign[:until])
        u = best if _reach(best, F[:until], y_sign[:until]) == until else u
    sep = _separator(u, F[:until], y_sign[:until])
    R_inf = _prefix_max(np.abs(F[:until]).max(axis=1))
    gamma_t = _prefix_min(sep.margins)
    theorem = np.full(T, np.inf)
    theorem[:until] = bounds.winnow(1.0, n, eta, gamma_t, R_inf)
    tuned = np.full(T, np.inf)
    tuned[:until] = bounds.winnow_tuned(1.0, n, gamma_t, R_inf)
    eta_star = np.full(T, np.nan)
    eta_star[:until] = bounds.winnow_best_eta(1.0, np.minimum(gamma_t, R_inf), R_inf)
    prefix_reason = "" if until == T else f"from trial {until + 1} on, {no_separator}"
    applies = np.isfinite(theorem)
    reasons = [prefix_reason]
    if not applies[:until].all():
        first = _first_false(applies[:until])
        reasons.insert(0, f"from trial {first + 1} on, η = {eta:g} is too large for the margin: the "
                          f"denominator ηγ − ‖u‖₁ ln cosh(ηR∞) ≤ 0 (γ = {gamma_t[first]:.3g}, "
                          f"R∞ = {R_inf[first]:.3g})")
    details = {"u": sep.u, "gamma": float(gamma_t[-1]), "R_inf": float(R_inf[-1]), "n": n, "until": until,
               "eta_star": float(eta_star[until - 1])}
    tuned_note = (f"a reference, not a bound of this run: what Theorem 3.1 promises Winnow run with the "
                  f"tuned rate η* = {eta_star[until - 1]:.3g} (this learner uses η = {eta:g})")
    return [BoundCurve(*WINNOW, theorem, applies, "; ".join(r for r in reasons if r), details=details, key="winnow"),
            BoundCurve(*WINNOW_TUNED, tuned, np.arange(T) < until,
                       "; ".join(r for r in (prefix_reason, tuned_note) if r),
                       details={**details, "eta_star_per_trial": eta_star}, bounds_this_run=False, key="winnow_tuned")]


# ------------------------------------------------------------------------ kernel
def kernel_bound_curve(learner, X, y, max_passes=KERNEL_PASSES) -> list[BoundCurve]:
    """R²K(u,u)/γ² (seed 003, Thm 2.3) with u = Σ α_i φ(x_i) found in hindsight.

    The comparator is the dual perceptron run to convergence on the points
    seen (at most ``max_passes`` cyclic passes over the Gram matrix): it lies
    in the learner's own function class (no free intercept), and when it makes
    a pass without mistakes it separates every point, so γ > 0.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import KernelPerceptron
    >>> X = np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]] * 3)
    >>> y = np.array([1, 1, 0, 0] * 3)
    >>> curve = kernel_bound_curve(KernelPerceptron(kernel="rbf", gamma=1.0), X, y)[0]
    >>> bool(curve.applies.all())
    True
    """
    X = np.asarray(X, dtype=float)
    T = X.shape[0]
    name, latex, source = "Kernel Novikoff", r"R^2 K(u,u)/\gamma^2", credit("003", "Thm 2.3")
    if T == 0 or np.unique(y).size < 2:
        return [_not_applicable(name, latex, source, T, "needs points of both classes", key="kernel_perceptron")]
    y_sign = _signs(learner, y)
    F = learner_features(learner, X)
    K = np.ascontiguousarray(learner.gram(F, F), dtype=float)
    alpha, scores, clean = _dual_perceptron(K, y_sign, int(max_passes))
    norm_sq = float(alpha @ K @ alpha)
    margins = y_sign * scores
    if not clean or norm_sq <= 0 or margins.min() <= 0:
        return [_not_applicable(name, latex, source, T,
                                "no separator found in the kernel's feature space for the points seen",
                                key="kernel_perceptron")]
    margins = margins / np.sqrt(norm_sq)
    R_sq = _prefix_max(np.diag(K).copy())
    curves = [BoundCurve(name, latex, source, bounds.kernel_perceptron(R_sq, 1.0, _prefix_min(margins)),
                         np.ones(T, bool), details={"alpha": alpha}, key="kernel_perceptron")]
    restrict_to_float_range(curves, 1.0, np.sqrt(np.maximum(R_sq, 0.0)), "R² = max K(x, x)", "R")
    return curves


@njit(cache=True)
def _dual_perceptron(K, y_sign, max_passes):
    """Cyclic kernel-perceptron passes over the Gram matrix until one pass makes no mistake."""
    T = K.shape[0]
    alpha = np.zeros(T)
    scores = np.zeros(T)
    clean = False
    for _ in range(max_passes):
        clean = True
        for t in range(T):
            if y_sign[t] * scores[t] <= 0.0:
                alpha[t] += y_sign[t]
                for r in range(T):
                    scores[r] += y_sign[t] * K[t, r]
                clean = False
        if clean:
            break
    return alpha, scores, clean


# ----------------------------------------------------------------------- experts
RWM_LECTURE = ("RWM (1+ε)m + ln N/ε", r"(1+\epsilon)m + \ln N/\epsilon", credit("001"))
RWM_EXACT = ("RWM exact", r"\frac{-\ln(1-\epsilon)}{\epsilon}m + \frac{\ln N}{\epsilon}", credit("001"))
DOUBLING_LECTURE = ("RWM doubling trick, Σ over phases",
                    r"\sum_i (1+\epsilon_i)m_i + \ln N/\epsilon_i", credit("001", "per phase"))
DOUBLING_EXACT = ("RWM doubling trick, exact per phase",
                  r"\sum_i \frac{-\ln(1-\epsilon_i)}{\epsilon_i}m_i + \frac{\ln N}{\epsilon_i}", credit("001", "per phase"))
FIXED_HALF = ("RWM with ε = ½ fixed (the first phase's ε)", r"1.5\,m + 2\ln N", credit("001"))
HINDSIGHT = ("ε tuned in hindsight to the final m", r"\min_{0<\epsilon\le 1/2}(1+\epsilon)m + \ln N/\epsilon",
             credit("001"))


def expert_bound_curves(advice, outcomes, *, beta=None, epsilon=None, doubling=False) -> list[BoundCurve]:
    """Bounds after every trial of an expert learner on the stream (advice, outcomes), in order.

    Give one of

    * ``beta``: Weighted Majority's bound (m ln(1/β) + ln N)/ln(2/(1+β)), with
      β = ½ also the lecture's rounded 2.41(m + log₂ N) (mistakes);
    * ``epsilon``: RWM's (1+ε)m + ln N/ε and the proof's exact
      (−ln(1−ε)/ε)m + ln N/ε (expected mistakes);
    * ``doubling=True``: RWM with the doubling trick (seed 001), which picks its
      own ε per phase — so ``epsilon`` (and ``beta``) must then be left out.

    m_t is the best expert's mistakes over trials 1..t.  Every curve returned
    for ``beta`` or ``epsilon`` bounds the run it describes (``bounds_this_run``).

    With the doubling trick the weights restart at every phase, so each phase
    is a fresh RWM run with its own ε_i, and the run's bound is the sum over
    the phases so far of (1+ε_i)m_i + ln N/ε_i (and of the exact form), m_i
    the best expert's mistakes *within* phase i (:func:`bounds.rwm_doubling`).
    The phases depend on the advice and outcomes only, never on RWM's random
    draws; they are read from the learner itself, fitted on the stream, so
    they are the learner's own phases.  Two *references* follow
    (``bounds_this_run=False``): RWM with ε = ½ for the whole run, and RWM
    with ε tuned in hindsight to m_t (:func:`bounds.rwm_tuned`).  They bound
    other runs; the doubling run's expected mistakes may cross them.

    Examples
    --------
    >>> advice, outcomes = [[1, 0], [1, 0], [0, 0]], [1, 1, 1]
    >>> [c.name for c in expert_bound_curves(advice, outcomes, beta=0.5)]
    ['Weighted Majority', 'WM, lecture form']
    >>> expert_bound_curves(advice, outcomes, epsilon=0.5)[0].values.round(3).tolist()
    [1.386, 1.386, 2.886]
    >>> [(c.name, c.bounds_this_run) for c in expert_bound_curves(advice, outcomes, doubling=True)]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('RWM doubling trick, Σ over phases', True), ('RWM doubling trick, exact per phase', True),
     ("RWM with ε = ½ fixed (the first phase's ε)", False), ('ε tuned in hindsight to the final m', False)]

    Both experts err by trial 3, when m̂ = 4 ln 2 ≈ 2.77 is not yet reached:
    one phase, and the doubling bound is RWM's with ε = ½.

    >>> expert_bound_curves(advice, outcomes, doubling=True)[0].values.round(3).tolist()
    [1.386, 1.386, 2.886]
    """
    if not isinstance(doubling, (bool, np.bool_)):
        raise ValueError(f"doubling must be True or False; got {doubling!r}.")
    if doubling:
        if beta is not None:
            raise ValueError("doubling=True asks for Randomized WM's doubling trick; Weighted Majority "
                             "(beta) has none — give beta or doubling=True, not both.")
        if epsilon is not None:
            raise ValueError("with doubling=True the doubling trick chooses ε itself (½, then √(ln N/m̂) "
                             "after every restart): give no epsilon.")
        return _doubling_curves(advice, outcomes)
    if (beta is None) == (epsilon is None):
        raise ValueError("give exactly one of beta (Weighted Majority) or epsilon (Randomized WM), "
                         "or doubling=True (RWM's doubling trick).")
    m = best_expert_mistakes(advice, outcomes)
    T, N = np.asarray(advice).shape
    ones = np.ones(T, bool)
    if beta is not None:
        # the lecture prints the β = ½ case (its 2.4(m + log N)); the general-β form is the standard
        # generalisation of its proof, derived in Lesson 5 — credited as such, not to the lecture
        curves = [BoundCurve("Weighted Majority", r"\frac{m\ln(1/\beta) + \ln N}{\ln(2/(1+\beta))}",
                             f"{credit('001')}'s β = ½ bound, for any β", bounds.weighted_majority(m, N, beta), ones,
                             key="weighted_majority")]
        if beta == 0.5:
            curves.append(BoundCurve("WM, lecture form", r"2.41\,(m + \log_2 N)", credit("001"),
                                     bounds.weighted_majority_lecture(m, N), ones, key="weighted_majority_lecture"))
        return curves
    return [BoundCurve(*RWM_LECTURE, bounds.randomized_weighted_majority(m, N, epsilon), ones,
                       measures="expected mistakes", key="randomized_weighted_majority"),
            BoundCurve(*RWM_EXACT, bounds.randomized_weighted_majority(m, N, epsilon, form="exact"), ones,
                       measures="expected mistakes", key="randomized_weighted_majority_exact")]


def doubling_phases(advice, outcomes) -> dict:
    """The doubling trick's phases on a stream, per trial, as RWM(doubling=True) itself runs them.

    The restart rule looks only at the experts' mistakes, never at RWM's
    random draws, so the learner is fitted on the stream (any seed would do)
    and its ``history_`` read: no second implementation to drift from it.

    Returns
    -------
    dict of arrays of shape (T,)
        ``phase``, ``epsilon``, ``m_hat``, ``restarted`` (from the learner), and
        ``m_phase``: the best expert's mistakes within the trial's phase, up to
        and including the trial (what the phase's RWM bound needs).  Also
        ``phases``: the learner's ``phases_``, (first trial, m̂, ε) per phase.

    Two experts, one of them wrong on every trial: by trial 6 both have erred
    3 ≥ m̂ = 4 ln 2 times, the weights restart and phase 1 counts from 0.

    >>> phases = doubling_phases([[1, 0]] * 8, [0, 1] * 4)
    >>> phases["phase"].tolist(), phases["m_phase"].tolist(), phases["restarted"].tolist()[5]
    ([0, 0, 0, 0, 0, 0, 1, 1], [0, 1, 1, 2, 2, 3, 0, 1], True)
    """
    from .experts import RandomizedWeightedMajority, check_advice

    advice = np.asarray(advice)
    if advice.ndim == 2 and advice.shape[0] == 0:
        empty = np.zeros(0, dtype=np.int64)
        return {"phase": empty, "epsilon": np.zeros(0), "m_hat": np.zeros(0), "restarted": np.zeros(0, bool),
                "m_phase": empty, "phases": []}
    advice, outcomes = check_advice(advice, outcomes)
    model = RandomizedWeightedMajority(doubling=True, random_state=0).fit(advice, outcomes)
    history = model.history_
    phase = history["phase"]
    new = np.r_[True, phase[1:] != phase[:-1]]
    counts = np.cumsum(advice != outcomes[:, None], axis=0, dtype=np.int64)   # every expert's mistakes so far
    before = np.vstack([np.zeros((1, advice.shape[1]), np.int64), counts[:-1]])[new]  # … when each phase began
    m_phase = (counts - before[np.cumsum(new) - 1]).min(axis=1)
    return {"phase": phase, "epsilon": history["epsilon"], "m_hat": history["m_hat"],
            "restarted": history["restarted"], "m_phase": m_phase, "phases": model.phases_}


def _doubling_curves(advice, outcomes) -> list[BoundCurve]:
    """The doubling trick's own bound (two forms), then the two references (see expert_bound_curves)."""
    m = best_expert_mistakes(advice, outcomes)
    phases = doubling_phases(advice, outcomes)
    T, N = np.asarray(advice).shape
    ones = np.ones(T, bool)
    per_phase = (phases["m_phase"], phases["phase"], phases["epsilon"], N)
    details = {"phases": phases["phases"], "phase": phases["phase"], "m_phase": phases["m_phase"],
               "epsilon": phases["epsilon"]}
    fixed_note = ("a reference, not a bound of this run: it bounds RWM run with ε = ½ on every trial; the "
                  "doubling trick restarts with smaller ε, and its expected mistakes may cross this curve")
    hindsight_note = ("a reference, not a bound of this run: it bounds RWM run with ε tuned to m_t, known in "
                      "advance (min over ε ≤ ½ of (1+ε)m_t + ln N/ε); the doubling trick does not know m, "
                      "and its expected mistakes may cross this curve")
    return [BoundCurve(*DOUBLING_LECTURE, bounds.rwm_doubling(*per_phase), ones,
                       measures="expected mistakes", details=details, key="rwm_doubling"),
            BoundCurve(*DOUBLING_EXACT, bounds.rwm_doubling(*per_phase, form="exact"), ones,
                       measures="expected mistakes", details=details, key="rwm_doubling_exact"),
            BoundCurve(*FIXED_HALF, bounds.randomized_weighted_majority(m, N, 0.5), ones, fixed_note,
                       measures="expected mistakes", bounds_this_run=False, key="randomized_weighted_majority_half"),
            BoundCurve(*HINDSIGHT, bounds.rwm_tuned(m, N), ones, hindsight_note,
                       measures="expected mistakes", bounds_this_run=False, key="rwm_tuned")]


# ------------------------------------------------------------------------ p-norm
P_NORM = ("p-norm", r"(p-1)\,X_p^2\|u\|_q^2/\gamma^2",
          "Grove, Littlestone & Schuurmans; Gentile (Supeesun & Fakcharoenphol's ref. [7])")


def _l1_separator(F, y_sign):
    """The u of largest margin under ‖u‖₁ = 1 (an LP on the features split as (f, −f)), or None."""
    found = _lp_non_negative(np.hstack([F, -F]), y_sign)
    if found is None:
        return None
    d = F.shape[1]
    return found[:d] - found[d:]


def p_norm_bound_curves(learner, X, y) -> list[BoundCurve]:
    """(p − 1)·X_p²·‖u‖_q²/γ² (:func:`learners.bounds.p_norm`) after every trial, for the learner's p.

    The comparator is chosen in hindsight on the longest separable prefix (any u that separates gives a
    valid bound): the exact ℓ2 max-margin u (:func:`max_margin_separator`, the best u for q = 2) and the
    ℓ1 max-margin u (an LP, the best for q = 1).  For 2 ≤ p the dual exponent q lies in (1, 2], between
    the two, and the curve takes the smaller value of the two per trial — a valid bound, possibly looser
    than the best u for this q.  X_p = max_{s≤t} ‖x_s‖_p and γ_t = min_{s≤t} y_s u·x_s on the learner's
    features (the constant 1 of ``fit_intercept`` appended).

    Examples
    --------
    >>> import numpy as np
    >>> from learners import PNormPerceptron
    >>> X = np.array([[2.0, 1.0], [-1.0, -2.0], [1.5, 2.0], [-2.0, -0.5]] * 5)
    >>> y = np.array([1, 0, 1, 0] * 5)
    >>> curve = p_norm_bound_curves(PNormPerceptron(p=3.0), X, y)[0]
    >>> model = PNormPerceptron(p=3.0).fit(X, y)
    >>> bool(curve.applies.all()), bool(np.all(model.history_["cum_mistakes"] <= curve.values))
    (True, True)
    """
    X = np.asarray(X, dtype=float)
    T = X.shape[0]
    if T == 0:
        return []
    p = float(learner.p)
    q = bounds.dual_exponent(p)
    y_sign = _signs(learner, y)
    F = learner_features(learner, X)
    R = _prefix_max(safe_row_norms(F))
    novikoff, found = _novikoff_curve(F, y_sign, R, T)
    until = int(novikoff.details.get("until", 0)) if novikoff.details else 0
    # θ moves by y·x (step 1); its scores w·x are of the order X_p², ‖w‖_q = ‖θ‖_p
    X_p = _prefix_max(safe_row_norms(F, ord=p))
    curves = _p_norm_curves(F, y_sign, until, found, p, q) if until else []
    if not curves:       # no separator found: not separable, unless the first trial's numbers already underflow
        why = NOT_SEPARABLE if in_float_range(1.0, X_p[:1]).all() else ""
        curves = [_not_applicable(*P_NORM, T, why, key="p_norm")]
    restrict_to_float_range(curves, 1.0, X_p, "X_p²", "X_p")
    return curves


def _p_norm_curves(F, y_sign, until, found, p, q) -> list[BoundCurve]:
    """The p-norm curve on a separable prefix of ``until`` trials (``found``: its ℓ2 max-margin separators), or []
    when no candidate u has a positive margin."""
    T = F.shape[0]
    head, signs = F[:until], y_sign[:until]
    candidates = [u for u in (*found, _l1_separator(head, signs)) if u is not None]
    X_p = _prefix_max(safe_row_norms(head, ord=p))
    best, best_u, best_gamma = np.full(until, np.inf), None, 0.0
    for u in candidates:
        gamma_t = _prefix_min(signs * (head @ u))
        if gamma_t[-1] <= 0:
            continue
        values = bounds.p_norm(p, X_p, float(safe_row_norms(u, ord=q)[0]), gamma_t)
        if best_u is None or values[-1] < best[-1]:
            best_u, best_gamma = u, float(gamma_t[-1])
        best = np.minimum(best, values)
    if best_u is None:
        return []
    values = np.full(T, np.inf)
    values[:until] = best
    reason = "" if until == T else f"from trial {until + 1} on, {NOT_SEPARABLE}"
    details = {"u": best_u, "gamma": best_gamma, "X_p": float(X_p[-1]), "p": p, "q": float(q), "until": until}
    return [BoundCurve(*P_NORM, values, np.arange(T) < until, reason, details=details, key="p_norm")]


# -------------------------------------------------------------- weight-bounded
WEIGHT_BOUNDED = ("Weight-bounded", r"\|\tfrac12 - W^*\|^2/\big((u-2)\beta^2\big)",
                  credit("004", "appendix A"))
#: a feature vector counts as unit length (the appendix's ‖x‖₂ ≤ 1) up to this round-off
UNIT_TOLERANCE = 1e-9


def weight_bounded_bound_curves(learner, X, y) -> list[BoundCurve]:
    """Madani & Huang's appendix bound ‖½ − W*‖²/((u − 2)β²) after every trial, only where it holds.

    Its conditions, checked on the learner's own features f_t (normalised when it normalises): f_t ≥ 0
    with ‖f_t‖₂ ≤ 1, and a W* ∈ [0, 1]ⁿ whose score difference y_t·v·f_t, v = 2W* − 1, is at least
    u·β with u > 2 on every trial so far.  For a direction v with ‖v‖∞ = 1 and prefix margin γ_t,
    W* = ½ + s·v/2 (0 < s ≤ 1) has ‖½ − W*‖² = s²‖v‖²/4 and u = s·γ_t/β, so the bound is
    s²‖v‖²/(4β(sγ_t − 2β)); it is smallest at s = min(1, 4β/γ_t) and exists iff γ_t > 2β.  The
    directions tried (any W* that meets the conditions gives a valid bound) are the exact ℓ2 max-margin
    u and the box LP's u (largest margin under ‖v‖∞ ≤ 1, the best for "γ > 2β") of the longest
    separable prefix, each scaled to ‖v‖∞ = 1; per trial the smaller value.  Where a condition fails
    the curve does not apply and its reason says which.

    Examples
    --------
    >>> import numpy as np
    >>> from learners import WeightBoundedPerceptron
    >>> X = np.array([[1.0, 0.05], [0.05, 1.0], [0.9, 0.1], [0.1, 0.8]] * 5)
    >>> y = np.array([1, 0, 1, 0] * 5)
    >>> curve = weight_bounded_bound_curves(WeightBoundedPerceptron(beta=0.1), X, y)[0]
    >>> model = WeightBoundedPerceptron(beta=0.1).fit(X, y)
    >>> bool(curve.applies.all()), bool(np.all(model.history_["cum_mistakes"] <= curve.values))
    (True, True)
    >>> bool(weight_bounded_bound_curves(WeightBoundedPerceptron(beta=0.9), X, y)[0].applies.any())   # γ ≤ 2β
    False
    """
    X = np.asarray(X, dtype=float)
    T = X.shape[0]
    if T == 0:
        return []
    beta = float(learner.beta)
    y_sign = _signs(learner, y)
    F = learner_features(learner, X)
    problems = []
    non_negative = np.all(F >= 0, axis=1)
    lengths = safe_row_norms(F)
    unit = lengths <= 1.0 + UNIT_TOLERANCE
    valid = np.logical_and.accumulate(non_negative & unit)
    until = _first_false(valid)
    if until < T:
        problems.append(f"from trial {until + 1} on, a feature vector is "
                        + ("negative" if not non_negative[until] else
                           f"longer than 1 (‖x‖₂ = {float(lengths[until]):.3g}; the appendix needs "
                           "‖x‖₂ ≤ 1: turn on normalize)"))
    if until == 0:
        return [_not_applicable(*WEIGHT_BOUNDED, T, problems[0], key="weight_bounded")]
    R = _prefix_max(lengths[:until])
    novikoff, found = _novikoff_curve(F[:until], y_sign[:until], R, until)
    separable = int(novikoff.details.get("until", 0)) if novikoff.details else 0
    if separable < until:
        problems.insert(0, f"from trial {separable + 1} on, {NOT_SEPARABLE}")
    head, signs = F[:separable], y_sign[:separable]
    best = np.full(separable, np.inf)
    details = {}
    for u in (*found, _lp_box(head, signs) if separable else None):
        if u is None or not np.any(u):
            continue
        v = np.asarray(u, dtype=float) / float(np.abs(u).max())         # ‖v‖∞ = 1: W* = ½ + s·v/2 in [0, 1]
        gamma_t = _prefix_min(signs * (head @ v))
        with np.errstate(divide="ignore", invalid="ignore"):
            s = np.minimum(1.0, 4.0 * beta / np.where(gamma_t > 0, gamma_t, np.inf))
        distance_sq = s**2 * float(v @ v) / 4.0
        values = bounds.weight_bounded(distance_sq, np.maximum(s * gamma_t / beta, 0.0), beta)
        if np.isfinite(values[-1]) and (not details or values[-1] < best[-1]):
            # "u" is the comparator's normal 2W* − 1 on the features (as every curve's u, so the player can
            # draw its line); the appendix's u, the separation in units of β, is "u_margin"
            details = {"u": s[-1] * v, "W_star": 0.5 + s[-1] * v / 2.0, "u_margin": float(s[-1] * gamma_t[-1] / beta),
                       "distance_sq": float(distance_sq[-1]), "beta": beta, "until": separable}
        best = np.minimum(best, values)
    values = np.full(T, np.inf)
    values[:separable] = best
    applies = np.isfinite(values)
    if separable and not applies[:separable].all():
        first = _first_false(applies[:separable])
        problems.insert(0, f"from trial {first + 1} on, no W* in [0, 1]ⁿ found separates the trials with "
                           f"a score difference above 2β = {2 * beta:g} (the appendix needs u > 2)")
    return [BoundCurve(*WEIGHT_BOUNDED, values, applies, "; ".join(problems), details=details,
                       key="weight_bounded")]
