"""Learning from expert advice: Weighted Majority and Randomized Weighted Majority (seed 001), on the player."""

import json

import numpy as np
import pandas as pd
import streamlit as st

from components.plotly_assets import PLOTLY_CONFIG
from datasets.advice import AdviceStream, make_stream
from lab import catalog
from lab.settings import page_settings
from learners import RandomizedWeightedMajority, bounds
from learners.sources import credit
from ui import state
from ui.controls import learner_widgets, page_header, setting_widget
from ui.learner_page import show_run
from viz.experts import rwm_epsilon_figure

PAGE = "experts"
page_header(
    "Learning from expert advice",
    "N experts advise 0 or 1, the learner predicts, then sees the outcome. Step with → and ←, play with Space.",
    "**Weighted Majority** follows the weighted vote and multiplies the weight of every wrong expert by β; it "
    "makes at most (m ln(1/β) + ln N)/ln(2/(1+β)) mistakes — 2.41(m + log₂N) for β = ½ — where m is the best "
    "expert's count. **Randomized WM** follows one expert drawn by weight: its *expected* mistakes stay below "
    "(1+ε)m + ln N/ε. With the **doubling trick** it guesses m̂, doubles the guess whenever every expert has "
    "made m̂ mistakes in the phase, retunes ε and restarts the weights: its own bound is the sum of each "
    f"phase's bound ({credit('001')}).")

with st.sidebar:
    st.subheader("Run settings", divider="gray")
    rows = {row.key: row for row in page_settings(PAGE)}
    name = setting_widget(rows["learner"])
    spec = catalog.LEARNERS[name]
    st.caption(spec.summary)
    values = learner_widgets(PAGE, name)
    if values.get("doubling"):
        values.pop("epsilon", None)
        st.caption("The doubling trick chooses ε itself (½ in the first phase).")
    generator = setting_widget(rows["advice"])
    lecture = generator == "lecture table"
    n_experts = setting_widget(rows["experts"], disabled=lecture)
    n_trials = setting_widget(rows["trials"], disabled=lecture)
    low, high = setting_widget(rows["rates"], disabled=lecture or generator == "adversary")
    seed = setting_widget(rows["seed"])

# the adversary plays against the chosen learner, built as the run builds it
advice, outcomes = make_stream(generator, n_experts, n_trials, low, high, seed, catalog.build(name, values, seed=seed))
with st.expander("Edit the advice table"):
    table = pd.DataFrame(np.column_stack([advice, outcomes]).astype(int),
                         columns=[f"E{i + 1}" for i in range(advice.shape[1])] + ["outcome"])
    edited = st.data_editor(table, key=f"experts_table_{generator}_{n_experts}_{n_trials}_{seed}",
                            num_rows="dynamic", height=240)
    cells = edited.to_numpy(dtype=float, na_value=np.nan)
    if cells.size and cells.shape[0] > 0 and np.all(np.isin(cells, (0.0, 1.0))):
        advice, outcomes = cells[:, :-1].astype(int), cells[:, -1].astype(int)
    else:
        st.error("Every cell must be 0 or 1 and the table needs a row; the table above is not used until it is.")


link = state.link_state(PAGE)
shown = show_run(PAGE, name, values, AdviceStream(advice, outcomes), key=f"{PAGE}_timeline", seed=seed,
                 start=link.get("t"), present=link.get("present", False))

if shown and issubclass(spec.cls, RandomizedWeightedMajority):
    st.subheader("RWM's bound against ε")
    best = json.loads(state.current_run(PAGE)["payload"])["trials"]["best"]     # the run's own count
    m = best[-1] if best else 0
    st.plotly_chart(rwm_epsilon_figure(advice.shape[1], max(m, 1), np.linspace(0.01, 0.5, 50),
                                       current_epsilon=None if values.get("doubling") else values.get("epsilon")),
                    key="experts_epsilon_curve", theme=None, config=PLOTLY_CONFIG)
    st.caption(f"For the best expert's final m = {max(m, 1)}: the lecture's best ε = "
               f"{bounds.rwm_best_epsilon(max(m, 1), advice.shape[1]):.3f}. A curve for another ε is what RWM run "
               "with that ε would be promised, not a bound of this run.")
