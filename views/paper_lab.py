"""Paper lab: the sources' experiments, run here, beside the published numbers."""

import json

import pandas as pd
import streamlit as st

from experiments.registry import EXPERIMENTS, run_experiment
from viz.experiments import epsilon_figure, ours_vs_published_figure, scaling_figure

st.title("Paper lab")
st.markdown(
    "Each experiment of the sources that can run offline, run here with a seed, beside the "
    "numbers the paper published. Data sets that are not available offline are named as such — "
    "never invented. Results are cached per parameter set."
)

names = list(EXPERIMENTS)
name = st.selectbox("Experiment", names, format_func=lambda n: f"{n} — {EXPERIMENTS[n].source}",
                    key="paper_experiment")
st.caption(EXPERIMENTS[name].summary)
left, middle, right = st.columns(3)
runs = left.slider("Runs (permutations)", 1, 10, 3, key="paper_runs")
seed = int(middle.number_input("Seed", 0, 10_000, 0, key="paper_seed"))
quick = right.toggle("Small version (seconds)", value=True, key="paper_quick",
                     help="The full versions of priority-table2 and manyclass take minutes on two cores.")


@st.cache_data(show_spinner=False, max_entries=32)
def cached(name, runs, seed, quick):
    return run_experiment(name, runs=runs, seed=seed, quick=quick)


if st.button("Run", type="primary", key="paper_run") or st.session_state.get("paper_last") == (name, runs, seed, quick):
    with st.spinner(f"Running {name}…"):
        result = cached(name, runs, seed, quick)
    st.session_state["paper_last"] = (name, runs, seed, quick)

    if name == "iwp-table1":
        rows = pd.DataFrame(result["rows"])
        st.dataframe(rows[["dataset", "algorithm", "mistake_rate", "published_mistake_rate", "cost_share",
                           "published_cost_share"]], hide_index=True)
        st.plotly_chart(ours_vs_published_figure(result["rows"], "mistake_rate", "published_mistake_rate",
                                                 "mistake rate"), key="paper_iwp_mistakes")
        st.plotly_chart(ours_vs_published_figure(result["rows"], "cost_share", "published_cost_share",
                                                 "cost share"), key="paper_iwp_cost")
        for claim, holds in result["claims"].items():
            st.markdown(f"- The paper's claim *{claim}*: **{'holds' if holds else 'does not hold'}** on our run.")
        for dataset, reason in result["unavailable"].items():
            st.caption(f"{dataset}: not available — {reason}")
    elif name == "winnow-scaling":
        a, b = st.columns(2)
        a.plotly_chart(scaling_figure(result["rows"], "sparse"), key="paper_sparse")
        b.plotly_chart(scaling_figure(result["rows"], "dense"), key="paper_dense")
    elif name == "rwm-epsilon":
        st.plotly_chart(epsilon_figure(result["rows"], result["best_epsilon"], result["best_bound"]), key="paper_eps")
        st.dataframe(pd.DataFrame(result["doubling"]["phases"], columns=["first trial", "m̂", "ε"]), hide_index=True)
        st.markdown(f"Doubling trick over {result['doubling']['trials']:,} trials: expected mistakes "
                    f"{result['doubling']['expected_mistakes']:.1f}; best expert {result['doubling']['best_expert_mistakes']}.")
    elif name == "priority-table2":
        table = []
        for row in result["rows"]:
            if not row["available"]:
                table.append({"dataset": row["dataset"], "ours": "not available", "published ours": row["published"][0]})
                continue
            risk = row["expected_risk"]
            table.append({"dataset": row["dataset"], "ours": risk["ours"], "published ours": row["published"][0],
                          "SVM": risk["SVM"], "published SVM": row["published"][1], "CSOVA": risk["CSOVA"],
                          "CSCS": risk["CSCS"], "CSOVO": risk["CSOVO"],
                          "sensitivity (ours)": row["sensitivity"]["ours"], "published sensitivity": row["published"][4]})
        st.dataframe(pd.DataFrame(table), hide_index=True)
    else:
        st.dataframe(pd.DataFrame(result["rows"]), hide_index=True)
        if "committee" in result:
            st.markdown(f"Committee of {result['committee']['members']}: accuracy "
                        f"{result['committee']['committee']:.3f} against {result['committee']['single']:.3f} "
                        "for its first member.")
    for note in result.get("notes", []):
        st.caption(note)
    st.download_button("Download the result (JSON)", json.dumps(result, default=str, indent=2),
                       file_name=f"{name}.json", mime="application/json")
