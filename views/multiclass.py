"""Multiclass perceptrons: multi-vector and all-pair side by side, MV-IWP against MV-Perceptron, PA-II."""

import numpy as np
import streamlit as st

from lab.compare import all_pair_agreement, weighted_comparison
from lab.limits import SHARED_RUN_POINTS, trial_limit
from lab.settings import run_settings
from learners import MultiVectorPerceptron
from learners.sources import credit
from ui import state
from ui.controls import page_header
from ui.learner_page import learner_page

page_header(
    "Multiclass perceptrons",
    "Multi-vector and all-pair perceptrons, MV-IWP and PA-II on your classes: step with → and ←, play with Space.",
    "The **multi-vector** perceptron keeps one w_r per class and on a mistake moves w_y towards x and "
    "w_ŷ away; the **all-pair** perceptron keeps a vector for every pair of classes. "
    f"{credit('000', 'Lemma 3')}: from zero weights the all-pair scores are exactly k times the multi-vector scores, so "
    "they predict alike forever. **MV-IWP** scales the step by the importance weight c; "
    "**Passive–Aggressive** moves just enough to reach margin 1."
)


def _compared(order: str, passes: int, seed: int, max_trials: int, points) -> tuple:
    """(MV ≡ AP agreement, MV-IWP against MV-Perceptron) on the first ``max_trials`` trials — the same trials
    as the page's run."""
    X, labels, weights = points.to_arrays()
    settings = {"order": order, "n_passes": passes, "seed": seed, "max_trials": max_trials}
    agreement = all_pair_agreement(X, labels, weights, **settings)
    comparison = weighted_comparison(MultiVectorPerceptron(importance_weighted=True), MultiVectorPerceptron(),
                                     X, labels, weights, **settings)
    return agreement, comparison


@st.cache_data(show_spinner="Comparing the learners…", max_entries=32, ttl=3600)
def _shared_comparisons(fingerprint: str, order: str, passes: int, seed: int, max_trials: int, _points) -> tuple:
    """:func:`_compared`, kept across sessions, keyed by the points' fingerprint (``_points`` is not hashed)."""
    return _compared(order, passes, seed, max_trials, _points)


def comparisons(order: str, passes: int, seed: int, max_trials: int, points) -> tuple:
    """The comparisons, shared between sessions for a set of at most SHARED_RUN_POINTS points and kept in the
    session otherwise (README, "What one session may cost")."""
    inputs = (points.fingerprint(), order, passes, seed, max_trials)
    if len(points) <= SHARED_RUN_POINTS:
        return _shared_comparisons(*inputs, points)
    with st.spinner("Comparing the learners…"):
        return state.kept("multiclass_comparisons", inputs, lambda: _compared(*inputs[1:], points))


learner_page("multiclass", min_classes=2)

points = state.points()
if len(points) and len(points.used_classes) >= 2:
    run = {row.key: state.widget_value(row.widget, row.default) for row in run_settings("multiclass")}
    order, passes, seed = run["order"], int(run["passes"]), int(run["seed"])
    limit = trial_limit("All-pair Perceptron", len(points), order).trials
    agreement, comparison = comparisons(order, passes, seed, limit, points)
    if passes * len(points) > limit:
        st.caption(f"Both comparisons below cover the first {limit:,} trials, like the run above.")
    left, right = st.columns(2)
    with left:
        st.subheader("Multi-vector ≡ all-pair")
        ratios = agreement["score_ratio"][np.isfinite(agreement["score_ratio"])]
        cols = st.columns(2)            # two metrics a row: three in half the page cut their labels
        cols[0].metric("Disagreements", int(agreement["disagreements"][-1]),
                       help="trials where the two predicted different classes")
        cols[1].metric("Mistakes MV / AP", "{} / {}".format(*agreement["mistakes"]))
        cols = st.columns(2)
        cols[0].metric("Score ratio", f"{np.median(ratios):.6g}" if ratios.size else "—",
                       help=f"the all-pair scores ÷ the multi-vector ones, median over the trials; "
                            f"k = {agreement['k']} classes")
    with right:
        st.subheader("MV-IWP against MV-Perceptron")
        iwp, plain = comparison["first"], comparison["second"]
        # one metric a row: "Weighted loss IWP / plain" is cut in a quarter of a 1024-pixel page
        st.metric("Mistakes IWP / plain", f"{iwp['cum_mistakes'][-1]} / {plain['cum_mistakes'][-1]}")
        st.metric("Weighted loss IWP / plain",
                  f"{iwp['cum_weighted_loss'][-1]:.3g} / {plain['cum_weighted_loss'][-1]:.3g}")
        if not points.has_weights:
            st.caption("All points weigh 1: give some points larger weights on the Data page to see "
                       "the IWP trade mistakes for cost.")
