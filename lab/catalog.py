"""Which learners each page offers, with their parameters as data.

A page renders its controls from :class:`Param` specs (sliders, select boxes,
check boxes) and builds the learner with :func:`build`.  Ranges here are the
ranges of the app's controls; the learners validate their own parameters too.

Examples
--------
>>> spec = LEARNERS["Importance-Weighted Perceptron"]
>>> [p.name for p in spec.params]
['eta', 'fit_intercept']
>>> type(build("Importance-Weighted Perceptron", {"eta": 0.5})).__name__
'ImportanceWeightedPerceptron'
"""

from __future__ import annotations

from dataclasses import dataclass, field

import learners


@dataclass(frozen=True)
class Param:
    """One parameter of a learner as the app shows it."""

    name: str
    label: str
    kind: str                      # "float", "int", "choice" or "bool"
    default: object
    low: float | None = None
    high: float | None = None
    step: float | None = None
    options: tuple = ()
    help: str = ""


@dataclass(frozen=True)
class LearnerSpec:
    """A learner of the lab: its class, its parameters, and what it needs."""

    name: str
    cls_name: str                  # a class exported by ``learners``
    params: tuple = ()
    fixed: dict = field(default_factory=dict)
    binary_only: bool = False
    uses_weights: bool = False      # the update depends on importance weights
    bounds: str = ""                # key of its bound family in lab.bound_curves
    summary: str = ""

    @property
    def cls(self) -> type:
        return getattr(learners, self.cls_name)


ETA = Param("eta", "learning rate η", "float", 1.0, 0.01, 5.0, 0.01,
            help="From w₁ = 0 the perceptron's η only rescales w: mistakes do not change.")
INTERCEPT = Param("fit_intercept", "intercept (constant feature 1)", "bool", True,
                  help="Append x₀ = 1 so the boundary need not pass through the origin.")
NORMALIZE = Param("normalize", "scale every x to unit length (seed 001)", "bool", False)
KERNEL = Param("kernel", "kernel", "choice", "rbf", options=("rbf", "poly", "linear", "laplace"))
GAMMA = Param("gamma", "kernel width γ", "float", 1.0, 0.01, 10.0, 0.01)
DEGREE = Param("degree", "polynomial degree", "int", 3, 1, 6, 1)
PA_VARIANT = Param("variant", "variant", "choice", "PA-II", options=("PA", "PA-I", "PA-II"))
PA_C = Param("C", "aggressiveness C", "float", 1.0, 0.01, 10.0, 0.01)
WINNOW_ETA = Param("eta", "learning rate η", "float", 0.5, 0.01, 5.0, 0.01,
                   help="Winnow's rate matters (unlike the perceptron's): see the tuned η* of seed 003.")

LEARNERS = {spec.name: spec for spec in (
    LearnerSpec("Perceptron", "Perceptron", (ETA, INTERCEPT, NORMALIZE), binary_only=True,
                bounds="perceptron", summary="On a mistake, w ← w + η·y·x (seeds 001, 003)."),
    LearnerSpec("Importance-Weighted Perceptron", "ImportanceWeightedPerceptron",
                (ETA, INTERCEPT), binary_only=True, uses_weights=True, bounds="iwp",
                summary="On a mistake, w ← w + c·y·x: costly points move w further (seed 000)."),
    LearnerSpec("Kernel Perceptron", "KernelPerceptron", (KERNEL, GAMMA, DEGREE, INTERCEPT),
                binary_only=True, bounds="kernel",
                summary="Keeps α_r = y_r for mistake trials; predicts sign Σ α_r K(x_r, x) (seed 003)."),
    LearnerSpec("Winnow", "Winnow", (WINNOW_ETA, INTERCEPT),
                fixed={"balanced": True}, binary_only=True, bounds="winnow",
                summary="Multiplicative update w_i ← w_i·e^{ηyx_i}/Z on the balanced features (x, −x) (seed 003)."),
    LearnerSpec("Passive-Aggressive", "PassiveAggressive", (PA_VARIANT, PA_C, INTERCEPT),
                bounds="", summary="Moves just enough to reach margin 1 on the current point (seed 004)."),
    LearnerSpec("Multi-vector Perceptron", "MultiVectorPerceptron", (INTERCEPT,),
                fixed={"importance_weighted": False}, summary="w_y += x, w_ŷ −= x on a mistake (seed 000 §2.3)."),
    LearnerSpec("Multi-vector IWP", "MultiVectorPerceptron", (INTERCEPT,),
                fixed={"importance_weighted": True}, uses_weights=True,
                summary="w_y += c·x, w_ŷ −= c·x on a mistake (seed 000 §2.3)."),
    LearnerSpec("Apportioned margin", "ApportionedMargin",
                (Param("solver", "solver", "choice", "sgd", options=("sgd", "perceptron"),
                       help="sgd: the paper's Pegasos steps; perceptron: the authors' published code"),
                 Param("kernel", "kernel", "choice", "linear", options=("linear", "rbf", "laplace", "poly")),
                 Param("lam", "regularisation λ (sgd)", "float", 0.01, 0.001, 1.0, 0.001),
                 GAMMA, INTERCEPT),
                fixed={"shuffle": False, "n_passes": 1},
                summary="Predict argmax_j f_j(x)/θ_j; for every class j with θ_y − δ̄(y,j)f_j(x) > 0, "
                        "w_j moves by ±x (seed 002)."),
    LearnerSpec("All-pair Perceptron", "AllPairPerceptron", (INTERCEPT,),
                summary="Antisymmetric pair vectors; scores are k × the multi-vector ones (seed 000 Lemma 3)."),
)}


#: The Experts page's controls (seed 001): WM's β, RWM's ε, and the advice stream's size and error rates.
EXPERT_PARAMS = {p.name: p for p in (
    Param("beta", "β (penalty factor)", "float", 0.5, 0.05, 0.95, 0.05,
          help="Weighted Majority multiplies a wrong expert's weight by β (0 < β < 1)."),
    Param("epsilon", "ε", "float", 0.5, 0.01, 0.5, 0.01,
          help="Randomized WM uses β = 1 − ε; its bound (1+ε)m + ln N/ε needs 0 < ε ≤ ½."),
    Param("n_experts", "Experts N", "int", 16, 2, 64, 1),
    Param("n_trials", "Trials", "int", 200, 10, 2000, 10),
    Param("error_rates", "Error rates from … to", "float", (0.1, 0.5), 0.0, 1.0, 0.05),
)}


def build(name: str, values: dict | None = None):
    """A fresh learner ``name`` with parameter ``values`` (defaults for the rest)."""
    spec = LEARNERS[name]
    params = {p.name: p.default for p in spec.params}
    params.update(values or {})
    params.update(spec.fixed)
    return getattr(learners, spec.cls_name)(**params)
