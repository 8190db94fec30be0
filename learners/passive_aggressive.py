"""Passive–Aggressive learners (Crammer et al. 2006, as used in seed 004).

Binary: hinge loss ℓ = max(0, 1 − y·w·x); if ℓ > 0, w ← w + τ·y·x with
  PA:    τ = ℓ / ‖x‖²
  PA-I:  τ = min(C, ℓ / ‖x‖²)
  PA-II: τ = ℓ / (‖x‖² + 1/(2C))

Multiclass (two prototypes, seed 004 Fig. 2): ℓ = max(0, 1 − s_y + s_y′) with
y′ = argmax_{r≠y} s_r; if ℓ > 0, w_y += τ·x and w_y′ −= τ·x.

**Convention** (docs/SPECIFICATION.md): moving two prototypes changes the margin
s_y − s_y′ by 2τ‖x‖², so the multiclass τ uses 2‖x‖² where the binary one uses
‖x‖².  Seed 004's figure writes ‖x‖²; with it a PA step would overshoot the
margin it aims for by a factor of two.

A zero instance (‖x‖ = 0) cannot change any score: no update is made.
"""

from __future__ import annotations

import math

import numpy as np

from ._fast import PA_CODES, binary_pa_pass, multiclass_pa_pass
from ._linear import LinearOnlineClassifier, binary_sign
from ._validation import MAX_STEP, check_bound, check_choice, check_flag, check_number, frobenius, largest_abs

VARIANTS = ("PA", "PA-I", "PA-II")


class PassiveAggressive(LinearOnlineClassifier):
    """Passive–Aggressive classifier, binary (one vector) or multiclass (prototypes).

    Unlike the perceptron it also updates on correct predictions whose
    margin is below 1, moving just far enough (PA) or at most C (PA-I), or a
    softened amount (PA-II).  ``sample_weight`` only enters the loss accounting.

    Parameters
    ----------
    variant : {"PA", "PA-I", "PA-II"}, default="PA"
    C : float, default=1.0
        Aggressiveness of PA-I and PA-II, C ∈ (0, 10⁶].
    fit_intercept : bool, default=True
    n_passes, shuffle, random_state
        Online passes made by ``fit`` and their order.

    Notes
    -----
    A PA step τ ≤ ℓ/‖x‖² grows with 1/‖x‖², yet an update adds at most 2τ_max
    (τ_max = 2/‖x‖²_min, or C for PA-I, 4C for PA-II if smaller) to ‖W‖², since
    it lands on the margin rather than beyond it.  Before a block of trials the
    learner bounds the scores, (‖W‖ + √(2n·τ_max))·max‖x‖, and the step τ
    itself; it refuses the block with a ``ValueError`` when either could pass
    10³⁰⁰ (very large rows, or non-zero rows so short that 1/‖x‖² overflows).

    Examples
    --------
    >>> import numpy as np
    >>> from learners import PassiveAggressive
    >>> model = PassiveAggressive(fit_intercept=False)
    >>> record = model.learn_one([2.0, 0.0], 1, classes=[0, 1])
    >>> record.update["tau"], model.decision_function([[2.0, 0.0]]).tolist()
    (0.25, [1.0])
    """

    def __init__(self, variant="PA", C=1.0, fit_intercept=True, n_passes=1, shuffle=False,
                 random_state=None):
        self.variant = variant
        self.C = C
        self.fit_intercept = fit_intercept
        self.n_passes = n_passes
        self.shuffle = shuffle
        self.random_state = random_state

    def _check_params(self):
        super()._check_params()
        check_choice("variant", self.variant, VARIANTS)
        check_number("C", self.C, low=0, high=MAX_STEP, low_open=True)
        check_flag("fit_intercept", self.fit_intercept)

    def _check_block(self, F, weights):
        """Bound ‖W‖, the scores and τ over the block (see the class's Notes) before running it."""
        with np.errstate(over="ignore", under="ignore", invalid="ignore", divide="ignore"):
            norm_sq = np.einsum("ij,ij->i", F, F)          # ‖x‖² as the compiled loop sums it
            moving = norm_sq[norm_sq > 0.0]
            if moving.size == 0:
                return                                     # zero rows never move W
            shortest, longest = float(moving.min()), float(moving.max())
            tau = 2.0 / shortest
            if self.variant == "PA-I":
                tau = min(tau, float(self.C))
            elif self.variant == "PA-II":
                tau = min(tau, 4.0 * float(self.C))
            score = (frobenius(self._W) + math.sqrt(2.0 * F.shape[0] * tau)) * math.sqrt(longest)
            loss = 1.0 + 2.0 * score                       # ℓ = 1 − margin, |margin| ≤ 2·score
            step = loss / shortest
            if self.variant == "PA-I":
                step = min(step, float(self.C))
            elif self.variant == "PA-II":
                step = min(step, 2.0 * float(self.C) * loss)

        def detail():
            return (f"largest |x| = {largest_abs(F):g}, smallest non-zero ‖x‖² = {shortest:g} "
                    f"over {F.shape[0]} trial(s)")

        advice = "Rescale the features to a moderate range (e.g. within ±1e9, rows not shorter than 1e-100)."
        check_bound(score, "The passive-aggressive scores w·x", detail, advice)
        check_bound(step, "The passive-aggressive step τ = ℓ/‖x‖²", detail, advice)

    def _compiled_pass(self, F, y_index, weights, out):
        variant, C = PA_CODES[self.variant], float(self.C)
        if self._kind == "binary":
            y_sign = np.where(y_index == 1, 1.0, -1.0)
            binary_pa_pass(F, y_sign, self._W, variant, C,
                           out["prediction"], out["margin"], out["mistake"], out["step"])
            return
        out["demoted"] = np.empty(F.shape[0], dtype=np.int64)
        multiclass_pa_pass(F, y_index, self._W, variant, C, out["prediction"], out["margin"],
                           out["mistake"], out["step"], out["demoted"])

    def _trial_info(self, y_index, outcome, step, out):
        info = super()._trial_info(y_index, outcome, step, out)
        info["tau"] = step
        info["loss"] = max(0.0, 1.0 - outcome[1])
        return info
