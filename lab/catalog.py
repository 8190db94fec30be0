"""Every learner of the lab in one place: its parameters, its trial math, its bound curves, its invariants.

One :class:`LearnerSpec` per learner, as data.  Pages draw their controls from ``params``
(rows, :class:`lab.settings.Setting`), build the learner with :func:`build`, and everything that depends on
which learner it is comes from the entry's callables — never from a learner's class
name:

``trial_math(record, learner, names)``
    the trial's math, the learner's own rule with that trial's numbers (:mod:`lab.explain`);
``bound_curves(learner, X, y, weights)``
    the bound curves of the trials (X, y, weights) in the order presented, each a
    :class:`learners.comparators.BoundCurve` that says whether it bounds this very run
    (``bounds_this_run``) or is a reference; ``None`` for a learner the sources give no bound;
``invariants(learner, weights_after, cum_mistakes, curves)``
    the proof's invariants after every trial (the Perceptron: w·u ≥ ηγM and ‖w‖² ≤ η²R²M),
    or ``None``;
``quiz``
    what one trial moves, as the quiz asks it (:class:`QuizFacts`; :mod:`lab.quiz` reads it, never the
    shape of a record): a line's normal, class rows, dual coefficients or the classes pushed;
``novikoff_applies(learner, weights)``
    whether Novikoff's bound (R‖u‖/γ)² (seed 003, Thm 2.1) bounds the mistakes of this learner's run
    on trials with importance weights ``weights``: the Perceptron always, the importance-weighted
    perceptron only while every weight is equal (then it is the Perceptron with η = c); ``None``
    where it never does.  Drag u (:mod:`lab.drag`) is offered only where it says True;
``dual_change(record, learner)``
    for a model kept as a kernel expansion f(x) = Σ_i a_i K(x_i, x) (one column of a per class):
    what an updating trial adds to the coefficients of its own point x_t — the timeline draws
    such a model from these changes instead of copying the learner after every update.

Adding a learner means adding one entry here (and its rule in :mod:`lab.explain`).

Examples
--------
>>> spec = LEARNERS["Importance-Weighted Perceptron"]
>>> [p.name for p in spec.params]
['eta', 'fit_intercept']
>>> type(build("Importance-Weighted Perceptron", {"eta": 0.5})).__name__
'ImportanceWeightedPerceptron'
>>> spec_for(build("Multi-vector IWP")).name
'Multi-vector IWP'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

import numpy as np

import learners
from learners.sources import credit

from . import explain
# a parameter is a row of a page's settings (lab.settings.Setting); Param makes one in the catalog's order
from .settings import Param


# ------------------------------------------------------------------ bound curves
def _perceptron_curves(learner, X, y, weights):
    from learners.comparators import perceptron_bound_curves
    return perceptron_bound_curves(learner, X, y, sample_weight=weights)


def _kernel_curves(learner, X, y, weights):
    from learners.comparators import kernel_bound_curve
    return kernel_bound_curve(learner, X, y)


def _winnow_curves(learner, X, y, weights):
    from learners.comparators import winnow_bound_curves
    return winnow_bound_curves(learner, X, y)


def _p_norm_curves(learner, X, y, weights):
    from learners.comparators import p_norm_bound_curves
    return p_norm_bound_curves(learner, X, y)


def _weight_bounded_curves(learner, X, y, weights):
    from learners.comparators import weight_bounded_bound_curves
    return weight_bounded_bound_curves(learner, X, y)


def _multiclass_curves(learner, X, y, weights):
    from learners.multiclass_bounds import multiclass_bound_curves
    return multiclass_bound_curves(learner, X, y, sample_weight=weights)


def _expert_curves(learner, advice, outcomes, weights):
    from learners.comparators import expert_bound_curves
    if isinstance(learner, learners.WeightedMajority):
        return expert_bound_curves(advice, outcomes, beta=float(learner.beta))
    if getattr(learner, "doubling", False):
        return expert_bound_curves(advice, outcomes, doubling=True)
    return expert_bound_curves(advice, outcomes, epsilon=float(learner.epsilon))


def _kernel_perceptron_change(record, learner):
    """The kernel perceptron adds y_t (·c_t) to x_t's α (seed 003 §2): one column."""
    return [float(record.update.get("alpha", 0.0))]


def _apportioned_change(record, learner):
    """An apportioned-margin trial pushes every class that fired by ±c_t·x (+ for the true class, − for the
    others): for a kernel model, ±c_t on x_t's dual count of that class (seed 002, Lemma 5).  c_t = 0
    pushes nothing, whatever fired."""
    classes = list(learner.classes_)
    y = classes.index(record.truth)
    fired = np.asarray(record.update["fired"], dtype=bool)
    signs = np.where(np.arange(len(classes)) == y, 1.0, -1.0)
    return (fired * signs * float(record.weight)).tolist()


# ------------------------------------------------------------------ quiz facts
@dataclass(frozen=True)
class QuizFacts:
    """What a trial of the learner moves, for the quiz (:func:`lab.quiz.classifier_quiz`).

    ``moves``: ``"line"`` — one weight vector, the boundary's normal turns (seed 001, 003); ``"rows"`` — one
    vector per class, one is pushed away from x (seed 000 §2.3, seed 004); ``"classes"`` — several classes
    get a push ±c_t·x at once (seed 002); ``"alpha"`` — the trial adds to x_t's one dual coefficient
    (seed 003 §2).  A callable ``moves(learner)`` where it depends on the learner (PA: a line with two
    classes, rows with more).  ``"classes"`` and ``"alpha"`` read what changed from the entry's
    ``dual_change(record, learner)`` — what the trial actually added, so c_t = 0 adds nothing.
    ``"weights"`` — an expert learner: the wrong experts' weights shrink (seed 001); with ``draws`` it
    predicts with an expert drawn by weight (Randomized WM), so the quiz asks F_t, its chance of a
    mistake, instead of whether it errs.

    ``normal(w)``: the weights of the score on the learner's features (default w itself; the weight-bounded
    perceptron scores with 2w − 1), and ``normal_name`` how the quiz writes its first two coordinates.
    ``rows(learner, W)``: one score row per class from the recorded weights (all-pair: h_r = Σ_j w^{rj};
    OOZ: its class columns), ``None`` when the model is a kernel expansion; ``row_symbol`` names the row.
    """

    moves: object = "line"
    normal: Callable | None = None
    normal_name: str = "(w₁, w₂)"
    rows: Callable | None = None
    row_symbol: str = "w_y"
    draws: bool = False

    def kind(self, learner) -> str:
        return self.moves(learner) if callable(self.moves) else self.moves

    def score_weights(self, w) -> np.ndarray:
        w = np.asarray(w, dtype=float).reshape(-1)
        return w if self.normal is None else np.asarray(self.normal(w), dtype=float)


def _class_rows(learner, W):
    """One weight vector per class, as recorded (k × d)."""
    return np.asarray(W, dtype=float)


def _pair_rows(learner, W):
    """The all-pair perceptron scores class r with h_r = Σ_j w^{rj} (seed 000, Lemma 3)."""
    return np.asarray(W, dtype=float).sum(axis=1)


def _linear_rows(learner, W):
    """The apportioned margin's class rows when linear; a kernel model keeps dual counts, not rows."""
    return np.asarray(W, dtype=float) if learner.kernel == "linear" else None


def _ooz_columns(learner, W):
    """OOZ records W as features × (classes, free source): class c's weights are column c."""
    return np.asarray(W, dtype=float)[:, : len(learner.classes_)].T


def _shares_normal(w):
    """The weight-bounded perceptron scores with 2w − 1 (seed 004, appendix): the line's normal."""
    return 2.0 * np.asarray(w, dtype=float) - 1.0


def _pa_moves(learner) -> str:
    """PA keeps one vector with two classes (binary PA), one per class with more (seed 004)."""
    return "line" if len(learner.classes_) == 2 else "rows"


LINE = QuizFacts("line")
ROWS = QuizFacts("rows", rows=_class_rows)


def _novikoff_always(learner, weights) -> bool:
    """The Perceptron: Novikoff bounds its mistakes whatever the weights (they only enter its loss)."""
    return True


def _novikoff_while_equal(learner, weights) -> bool:
    """IWP moves by c_t·y·x: it is the Perceptron (η = c) only when every weight of the run is the same c > 0."""
    from learners.comparators import equal_weight_prefix
    return bool(equal_weight_prefix(weights).all())


def _perceptron_invariants(learner, weights_after, cum_mistakes, curves):
    """Novikoff's proof after every trial (seed 003, Thm 2.1), while the data seen is separable."""
    from learners.comparators import novikoff_of, perceptron_invariants
    novikoff = novikoff_of(curves)
    if novikoff is None or not novikoff.applies.all():
        return None
    return perceptron_invariants(weights_after, cum_mistakes, novikoff.details["u"], novikoff.details["gamma"],
                                 novikoff.details["R"], eta=float(learner.eta))


# ------------------------------------------------------------------ entries
@dataclass(frozen=True)
class LearnerSpec:
    """A learner of the lab: its class, parameters, needs, and the callables that explain it."""

    name: str
    cls_name: str                  # a class exported by ``learners``
    trial_math: Callable
    params: tuple = ()
    fixed: dict = field(default_factory=dict)
    binary_only: bool = False
    bound_curves: Callable | None = None
    invariants: Callable | None = None
    novikoff_applies: Callable | None = None
    dual_change: Callable | None = None
    quiz: QuizFacts | None = None
    summary: str = ""
    kind: str = "classifier"        # "classifier" (points) or "experts" (advice)
    max_trials: int | None = None   # a browser run's trial limit where its kind's (lab.limits.TRIALS) is too many
    #: the learner's own example (a key of lab.stories.EXAMPLES): its page opens with it when this learner is
    #: chosen, where the page's first story holds points the learner refuses
    example: str | None = None

    @property
    def cls(self) -> type:
        return getattr(learners, self.cls_name)

    @property
    def has_bounds(self) -> bool:
        return self.bound_curves is not None

    @property
    def non_negative(self) -> bool:
        """Whether the learner needs every feature non-negative: the learner class's own flag (OOZ and the
        weight-bounded perceptron, built for word weights), never a second copy of it here."""
        return bool(getattr(self.cls, "_positive_only", False))

    @property
    def importance_weighted(self) -> bool:
        """Whether the update depends on importance weights: the learner's own ``importance_weighted`` flag
        (fixed by the entry, or its class's), never a second copy of it here."""
        return bool(self.fixed.get("importance_weighted", getattr(self.cls, "importance_weighted", False)))


ETA = Param("eta", "learning rate η", "float", 1.0, 0.01, 5.0, 0.01,
            help="From w₁ = 0 the perceptron's η only rescales w: mistakes do not change.")
INTERCEPT = Param("fit_intercept", "intercept (constant feature 1)", "bool", True,
                  help="Append x₀ = 1 so the boundary need not pass through the origin.")
NORMALIZE = Param("normalize", f"scale every x to unit length (as in {credit('001')})", "bool", False)
KERNEL = Param("kernel", "kernel", "choice", "rbf", options=("rbf", "poly", "linear", "laplace"))
GAMMA = Param("gamma", "kernel width γ", "float", 1.0, 0.01, 10.0, 0.01)
DEGREE = Param("degree", "polynomial degree", "int", 3, 1, 6, 1)
PA_VARIANT = Param("variant", "variant", "choice", "PA-II", options=("PA", "PA-I", "PA-II"))
PA_C = Param("C", "aggressiveness C", "float", 1.0, 0.01, 10.0, 0.01)
WINNOW_ETA = Param("eta", "learning rate η", "float", 0.5, 0.01, 5.0, 0.01,
                   help="Winnow's rate matters (unlike the perceptron's): see the tuned η* of "
                        f"{credit('003', 'Thm 3.1')}.")
BETA = Param("beta", "β (penalty factor)", "float", 0.5, 0.05, 0.95, 0.05,
             help="Weighted Majority multiplies a wrong expert's weight by β (0 < β < 1).")
EPSILON = Param("epsilon", "ε", "float", 0.5, 0.01, 0.5, 0.01,
                help="Randomized WM uses β = 1 − ε; its bound (1+ε)m + ln N/ε needs 0 < ε ≤ ½.")
DOUBLING = Param("doubling", "doubling trick", "bool", False,
                 help="Guess m̂ = 4 ln N with ε = ½; when every expert reaches m̂ mistakes, double m̂, "
                      f"retune ε = √(ln N/m̂) and restart the weights ({credit('001')}).")

P_EXPONENT = Param("p", "exponent p", "float", 2.0, 2.0, 20.0, 0.1,
                   help="p = 2 is the Perceptron; p ≈ 2 ln n (n weights) behaves like Winnow. "
                        "Its bound is (p − 1)·X_p²·‖u‖_q²/γ² with 1/p + 1/q = 1.")
#: the weight-bounded perceptron normalises by default: its bound (Madani & Huang) needs ‖x‖₂ ≤ 1
UNIT_LENGTH = replace(NORMALIZE, default=True, label="scale every x to unit length (its bound needs ‖x‖₂ ≤ 1)")

LEARNERS = {spec.name: spec for spec in (
    LearnerSpec("Perceptron", "Perceptron", explain.perceptron_math, (ETA, INTERCEPT, NORMALIZE), binary_only=True,
                bound_curves=_perceptron_curves, invariants=_perceptron_invariants,
                novikoff_applies=_novikoff_always, quiz=LINE,
                summary=f"On a mistake, w ← w + η·y·x. {credit('001')} and {credit('003')} state it with η = 1; "
                        "from w = 0 a rate η only rescales w, so every prediction and mistake is the same."),
    LearnerSpec("Importance-Weighted Perceptron", "ImportanceWeightedPerceptron", explain.perceptron_math,
                (ETA, INTERCEPT), binary_only=True, bound_curves=_perceptron_curves,
                novikoff_applies=_novikoff_while_equal, quiz=LINE,
                summary=f"On a mistake, w ← w + c·y·x: costly points move w further ({credit('000')})."),
    LearnerSpec("p-norm", "PNormPerceptron", explain.p_norm_math, (P_EXPONENT, INTERCEPT), binary_only=True,
                bound_curves=_p_norm_curves, quiz=LINE,
                summary="Keeps θ; predicts with w = ∇(½‖θ‖_p²); on a mistake θ ← θ + y·x (Gentile; Grove, "
                        "Littlestone & Schuurmans). p = 2 is the Perceptron, large p behaves like Winnow."),
    LearnerSpec("Kernel Perceptron", "KernelPerceptron", explain.kernel_perceptron_math,
                (KERNEL, GAMMA, DEGREE, INTERCEPT), binary_only=True, bound_curves=_kernel_curves,
                dual_change=_kernel_perceptron_change, quiz=QuizFacts("alpha"),
                summary="Keeps α_r = y_r for mistake trials; predicts sign Σ α_r K(x_r, x) "
                        f"({credit('003', '§2')})."),
    LearnerSpec("Winnow", "Winnow", explain.winnow_math, (WINNOW_ETA, INTERCEPT),
                fixed={"balanced": True}, binary_only=True, bound_curves=_winnow_curves, quiz=LINE,
                summary="Multiplicative update w_i ← w_i·e^{ηyx_i}/Z on the balanced features (x, −x) "
                        f"({credit('003', '§3')})."),
    LearnerSpec("Passive-Aggressive", "PassiveAggressive", explain.passive_aggressive_math,
                (PA_VARIANT, PA_C, INTERCEPT), quiz=QuizFacts(_pa_moves, rows=_class_rows),
                summary=f"Moves just enough to reach margin 1 on the current point ({credit('004')}). "
                        "The sources give it no mistake bound."),
    LearnerSpec("Multi-vector Perceptron", "MultiVectorPerceptron", explain.multivector_math, (INTERCEPT,),
                fixed={"importance_weighted": False}, bound_curves=_multiclass_curves, quiz=ROWS,
                summary=f"w_y += x, w_ŷ −= x on a mistake ({credit('000', '§2.3')})."),
    LearnerSpec("Multi-vector IWP", "MultiVectorPerceptron", explain.multivector_math, (INTERCEPT,),
                fixed={"importance_weighted": True}, bound_curves=_multiclass_curves, quiz=ROWS,
                summary=f"w_y += c·x, w_ŷ −= c·x on a mistake ({credit('000', '§2.3')})."),
    LearnerSpec("All-pair Perceptron", "AllPairPerceptron", explain.all_pair_math, (INTERCEPT,),
                bound_curves=_multiclass_curves, quiz=QuizFacts("rows", rows=_pair_rows, row_symbol="h_y = Σ_j w^{yj}"),
                summary="Antisymmetric pair vectors; scores are k × the multi-vector ones "
                        f"({credit('000', 'Lemma 3')})."),
    LearnerSpec("Apportioned margin", "ApportionedMargin", explain.apportioned_math,
                (Param("solver", "solver", "choice", "sgd", options=("sgd", "perceptron"),
                       help="sgd: the paper's Pegasos steps; perceptron: the authors' published code"),
                 Param("kernel", "kernel", "choice", "linear", options=("linear", "rbf", "laplace", "poly")),
                 Param("lam", "regularisation λ (sgd)", "float", 0.01, 0.001, 1.0, 0.001),
                 GAMMA, INTERCEPT),
                fixed={"shuffle": False, "n_passes": 1}, dual_change=_apportioned_change,
                quiz=QuizFacts("classes", rows=_linear_rows),
                summary="Predict argmax_j f_j(x)/θ_j; for every class j with θ_y − δ̄(y,j)f_j(x) > 0, "
                        f"w_j moves by ±x ({credit('002')}). The source gives it no mistake bound."),
    LearnerSpec("Weight-bounded perceptron", "WeightBoundedPerceptron", explain.weight_bounded_math,
                (Param("beta", "rate β", "float", 0.1, 0.01, 1.0, 0.01), UNIT_LENGTH),
                binary_only=True, bound_curves=_weight_bounded_curves,
                quiz=QuizFacts("line", normal=_shares_normal, normal_name="(2w₁ − 1, 2w₂ − 1)"),
                example="bounded-weights",
                summary="Weights in [0, 1]; on a mistake w_i ← clip(w_i + yβx_i, 0, 1) "
                        f"({credit('004', 'appendix')}). "
                        "Needs non-negative features."),
    LearnerSpec("OOZ", "OOZ", explain.ooz_math,
                (Param("margin", "margin δ", "float", 0.5, 0.05, 2.0, 0.05),
                 Param("rate", "rate β", "float", 0.1, 0.01, 1.0, 0.01),
                 Param("max_degree", "edges per feature d", "int", 20, 1, 200, 1)),
                quiz=QuizFacts("rows", rows=_ooz_columns), max_trials=700, example="ooz-sectors",
                summary="A sparse index of feature → class edges, moved by deductions "
                        f"({credit('004', 'Fig. 1')}). "
                        "Needs non-negative features."),
    LearnerSpec("Weighted Majority", "WeightedMajority", explain.weighted_majority_math, (BETA,),
                bound_curves=_expert_curves, kind="experts", quiz=QuizFacts("weights"),
                summary="Follow the weighted vote; multiply every wrong expert's weight by β "
                        f"({credit('001')} halves it: β = ½)."),
    LearnerSpec("Randomized Weighted Majority", "RandomizedWeightedMajority",
                explain.randomized_weighted_majority_math, (EPSILON, DOUBLING), bound_curves=_expert_curves,
                kind="experts", quiz=QuizFacts("weights", draws=True),
                summary="Follow one expert drawn by weight; multiply every wrong one's weight by 1 − ε "
                        f"({credit('001')})."),
)}

#: The learners each stepping page offers, in the order of its select box.
PAGES = {
    "perceptron": ("Perceptron", "Importance-Weighted Perceptron", "Kernel Perceptron", "p-norm",
                   "Weight-bounded perceptron"),
    "winnow": ("Winnow", "Perceptron", "p-norm"),
    "multiclass": ("Multi-vector Perceptron", "All-pair Perceptron", "Multi-vector IWP", "Passive-Aggressive", "OOZ"),
    "priority": ("Apportioned margin",),
    "experts": ("Weighted Majority", "Randomized Weighted Majority"),
}

#: The Experts page's stream controls (seed 001): the advice stream's size and error rates.
EXPERT_PARAMS = {p.name: p for p in (
    BETA, EPSILON,
    Param("n_experts", "Experts N", "int", 16, 2, 64, 1),
    Param("n_trials", "Trials", "int", 200, 10, 2000, 10),
    Param("error_rates", "Error rates from … to", "float", (0.1, 0.5), 0.0, 1.0, 0.05),
)}


def build(name: str, values: dict | None = None, *, seed: int | None = None):
    """A fresh learner ``name`` with parameter ``values`` (defaults for the rest); ``seed`` seeds its own
    random choices (``random_state``) where it makes any."""
    spec = LEARNERS[name]
    params = {p.name: p.default for p in spec.params}
    params.update(values or {})
    params.update(spec.fixed)
    learner = spec.cls(**params)
    if seed is not None and "random_state" in learner.get_params():
        learner.set_params(random_state=int(seed))
    return learner


def spec_for(learner) -> LearnerSpec:
    """The entry a learner belongs to: same class and the entry's fixed parameters (the multi-vector
    perceptron is two entries, with and without importance weights)."""
    params = learner.get_params()
    for spec in LEARNERS.values():
        if type(learner) is spec.cls and all(params.get(k) == v for k, v in spec.fixed.items()
                                              if k not in ("shuffle", "n_passes")):
            return spec
    raise ValueError(f"{type(learner).__name__} with these parameters is not a learner of the lab's catalog.")
