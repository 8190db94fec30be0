"""Learning from expert advice: Weighted Majority and Randomized Weighted Majority (seed 001)."""

import numpy as np
import pandas as pd
import streamlit as st

from lab.catalog import EXPERT_PARAMS
from lab.experts_run import ALGORITHMS, GENERATORS, ExpertsRun, make_stream
from learners import bounds
from learners.comparators import expert_bound_curves
from ui import state
from ui.controls import param_widget
from viz.curves import bound_curves_figure
from viz.experts import expert_weights_figure, rwm_epsilon_figure, vote_figure

PAGE = "experts"
st.title("Learning from expert advice")
st.markdown(
    "N experts advise 0 or 1; the learner predicts, then sees the outcome. **Weighted Majority** "
    "follows the weighted vote and multiplies the weight of every wrong expert by β; it makes at "
    "most (m ln(1/β) + ln N)/ln(2/(1+β)) mistakes — 2.41(m + log₂N) for β = ½ — where m is the best "
    "expert's count. **Randomized WM** follows one expert drawn by weight: its *expected* mistakes "
    "stay below (1+ε)m + ln N/ε."
)

controls, panel = st.columns([1, 4])
with controls:
    algorithm = st.selectbox("Learner", ALGORITHMS, key="experts_algorithm")
    params = {}
    if algorithm == ALGORITHMS[0]:
        params["beta"] = param_widget(EXPERT_PARAMS["beta"], "experts_beta")
    else:
        params["doubling"] = st.toggle("doubling trick", key="experts_doubling")
        params["epsilon"] = param_widget(EXPERT_PARAMS["epsilon"], "experts_epsilon", disabled=params["doubling"])
    generator = st.selectbox("Advice", GENERATORS, key="experts_generator")
    lecture = generator == "lecture table"
    n_experts = param_widget(EXPERT_PARAMS["n_experts"], "experts_n", disabled=lecture)
    n_trials = param_widget(EXPERT_PARAMS["n_trials"], "experts_trials", disabled=lecture)
    low, high = param_widget(EXPERT_PARAMS["error_rates"], "experts_rates",
                             disabled=lecture or generator == "adversary")
    seed = int(st.number_input("Seed", 0, 10_000, 0, key="experts_seed"))

advice, outcomes = make_stream(generator, n_experts, n_trials, low, high, seed, algorithm, params)
with controls.expander("Edit the advice table"):
    table = pd.DataFrame(np.column_stack([advice, outcomes]).astype(int),
                         columns=[f"E{i + 1}" for i in range(advice.shape[1])] + ["outcome"])
    edited = st.data_editor(table, key=f"experts_table_{generator}_{n_experts}_{n_trials}_{seed}",
                            num_rows="dynamic", height=240)
    values = edited.to_numpy(dtype=float, na_value=np.nan)
    if values.size and np.all(np.isin(values, (0.0, 1.0))):
        advice, outcomes = values[:, :-1].astype(int), values[:, -1].astype(int)
    else:
        st.error("Every cell must be 0 or 1; the table above is not used until it is.")

spec = (algorithm, repr(sorted(params.items())), advice.tobytes(), outcomes.tobytes(), seed)
run = state.run_for(PAGE, spec, lambda: ExpertsRun(algorithm, params, advice, outcomes, seed))


@st.fragment
def trial_panel():
    run = state.current_run(PAGE)
    buttons = st.columns(3)
    if buttons[0].button("Step", key="experts_step", type="primary", disabled=run.finished, width="stretch"):
        run.step()
    if buttons[1].button("Play", key="experts_play", disabled=run.finished, width="stretch"):
        run.play()
    if buttons[2].button("Reset", key="experts_reset", width="stretch"):
        state.reset_run(PAGE)
        st.rerun()
    metrics = st.columns(4)
    metrics[0].metric("Trial", run.trial, help=f"of {run.total_trials}")
    metrics[1].metric("Mistakes", run.mistakes)
    best = int(run.learner.expert_mistakes_.min()) if run.trial else 0
    metrics[2].metric("Best expert's mistakes", best)
    if algorithm != ALGORITHMS[0]:
        metrics[3].metric("Expected mistakes", f"{run.expected_mistakes:.2f}")
    left, right = st.columns(2)
    last = run.records[-1] if run.records else None
    with left:
        wrong = last.wrong_experts if last is not None else None
        st.plotly_chart(expert_weights_figure(run.weight_history[-1], wrong_mask=wrong),
                        key="experts_weights")
        if last is not None:
            st.markdown(f"**Trial {last.trial}**: advice {''.join(map(str, last.advice.tolist()))}, "
                        f"prediction **{last.prediction}**, outcome **{last.outcome}**"
                        + (" — a mistake." if last.mistake else "."))
            st.latex(rf"\text{{vote}}\;0 : 1 = {last.vote_for_zero:.3g} : {last.vote_for_one:.3g}"
                     rf",\qquad F_t = {last.expected_loss:.3g}")
            st.plotly_chart(vote_figure(last.vote_for_zero, last.vote_for_one), key="experts_vote")
    with right:
        if run.trial:
            shown = slice(0, run.trial)
            kind = {"beta": params["beta"]} if algorithm == ALGORITHMS[0] else \
                {"doubling": True} if params.get("doubling") else {"epsilon": params["epsilon"]}
            curves = expert_bound_curves(run.advice[shown], run.outcomes[shown], **kind)
            # bound_curves_figure has no reference style yet: it draws only the curves that bound this run
            references = [c for c in curves if not c.bounds_this_run]
            curves = [c for c in curves if c.bounds_this_run]
            history = run.learner.history_
            measured = history["cum_mistakes"] if algorithm == ALGORITHMS[0] else history["cum_expected_mistakes"]
            st.plotly_chart(bound_curves_figure(history["trial"], measured, curves,
                                                y_label="mistakes" if algorithm == ALGORITHMS[0]
                                                else "expected mistakes"), key="experts_curves")
            if params.get("doubling"):
                st.dataframe(pd.DataFrame(run.learner.phases_, columns=["first trial", "m̂", "ε"]),
                             hide_index=True)
                st.caption("With the doubling trick the weights restart at every phase, so the bound drawn is "
                           "the sum over the phases of (1+ε_i)m_i + ln N/ε_i, m_i the best expert's mistakes "
                           "within phase i. References, not bounds of this run (it may cross them): "
                           + "; ".join(f"{c.name}: {c.values[-1]:.2f}" for c in references) + ".")
        if algorithm != ALGORITHMS[0]:
            m = int(run.learner.expert_mistakes_.min()) if run.trial else 10
            st.plotly_chart(rwm_epsilon_figure(run.advice.shape[1], max(m, 1), np.linspace(0.01, 0.5, 50)),
                            key="experts_epsilon_curve")
            st.caption(f"Best ε for m = {max(m, 1)}: {bounds.rwm_best_epsilon(max(m, 1), run.advice.shape[1]):.3f}.")


with panel:
    trial_panel()
