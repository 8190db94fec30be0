"""Paper lab: the sources' experiments, run here, beside the published numbers."""

import json

import numpy as np
import pandas as pd
import streamlit as st

from components.figure import lab_figure
from components.plotly_assets import PLOTLY_CONFIG
from experiments import lemma4, winnow_scaling
from experiments.priority import observation, table2_rows
from experiments.registry import EXPERIMENTS
from lab.jobs import shared_pool
from lab.paper import job_key, paper_result
from lab.numbers import number_text
from learners.consistency import MAX_THETA, MAX_THETA_SPAN, examine
from learners.sources import credit, readable
from ui import state
from lab import settings
from ui.controls import literal, setting_widget
from ui.progress import bar_callback
from viz.experiments import (committee_figure, epsilon_figure, ours_vs_published_figure, scaling_figure,
                             sparsification_figure)

st.title("Paper lab")
st.markdown(
    "Each experiment of the sources that can run offline, run here with a seed, beside the "
    "numbers the paper published. Data sets that are not available offline are named as such — "
    "never invented. Results are cached per parameter set."
)

names = list(EXPERIMENTS)
#: Table 1's columns as the page heads them
IWP_HEADERS = {"dataset": "data set", "algorithm": "algorithm", "mistake_rate": "mistake rate (ours)",
               "published_mistake_rate": "mistake rate (published)", "cost_share": "cost share (ours)",
               "published_cost_share": "cost share (published)"}
#: why the small version's rates sit far above the published ones (experiments/iwp_table1.py: quick = the
#: first 2,000 rows of LETTER)
QUICK_IWP = ("**Small version:** each learner makes one pass over only the first 2,000 of LETTER's 20,000 "
             "examples, where the paper passes over all of them. A perceptron makes most of its mistakes early, "
             "while its weights are still far from any good separator, so over a tenth of the stream its mistake "
             "rate and cost share are well above the published ones. Turn *Small version* off for the "
             "paper's size (about a minute).")
name = st.selectbox("Experiment", names, format_func=lambda n: f"{n} — {readable(EXPERIMENTS[n].source)}",
                    key="paper_experiment")
st.caption(readable(EXPERIMENTS[name].summary))


def lemma4_panel() -> None:
    """Seed 002's Lemma 4, examined at the user's k, θ and P: recomputed on every change, no Run button."""
    st.markdown(
        rf"{credit('002', '§3.1, Lemma 4')} claim that, at a point $x$ with class probabilities $P_j$, the expected "
        r"apportioned loss is minimised on $\sum_j f_j = 0$ by the closed form below, whose decision "
        r"$\arg\max_j f_j/\theta_j$ is the Bayes decision $\arg\max_j \theta_j P_j$ for the costs $\theta$. "
        r"**As printed it is false**, and more deeply than a wrong formula: the closed form is not even on "
        r"$\sum_j f_j = 0$ unless $\theta_{j^*}$ is the mean of the other $\theta_j$, and already at $k = 2$ the "
        r"true minimiser ignores $\theta$. Set $k$, $\theta$ and $P$ and compare; the default is the two-class "
        r"example $\theta = (1, 10)$, $P = (0.6, 0.4)$.")
    st.markdown(r"**Lemma 4, as printed.** With $\sum_j f_j = 0$ imposed, the minimiser of the expected loss is")
    st.latex(r"\arg\min_{\sum_j f_j = 0}\ \sum_l P_l \sum_j \left[\theta_l - \bar\delta(l,j)\, f_j\right]_+ "
             r"\;=\; f,\qquad f_j = \begin{cases} \theta_j & j = \arg\max_i \theta_i P_i \\ "
             r"-\theta_j/(k-1) & \text{otherwise} \end{cases}")
    rows = {row.key: row for row in settings.page_settings("paper-lab")}
    k_row, theta_row, p_row = rows["k"], rows["costs"], rows["p"]
    k = int(st.number_input(k_row.label, int(k_row.low), int(k_row.high), step=1, key=k_row.widget,
                            on_change=_lemma4_k_changed, **state.default_unless_set(k_row.widget, k_row.default)))
    theta_default, p_default = lemma4.defaults(k)
    left, right = st.columns(2)
    theta_text = left.text_input(theta_row.label, key=theta_row.widget, help=theta_row.help,
                                 **state.default_unless_set(theta_row.widget, theta_default))
    p_text = right.text_input(p_row.label, key=p_row.widget, help=p_row.help,
                              **state.default_unless_set(p_row.widget, p_default))
    try:
        theta, p, said = lemma4.inputs(k, theta_text, p_text)
        check = examine(theta, p)
    except ValueError as error:
        st.error(literal(str(error)), icon=":material/error:")
        return
    for message in said:
        st.info(message, icon=":material/info:")
    first, second, third, fourth = st.columns(4)
    first.metric("Σ f of the closed form", number_text(check.closed_form_sum))
    second.metric("exact minimiser", "unique" if check.unique else "not unique")
    third.metric("argmax f*_j/θ_j", _classes(check.decided))
    fourth.metric("argmax θ_j P_j", _classes(check.bayes_tied))
    for kind, text in lemma4.explanation(check):
        if kind == "latex":
            st.latex(text)
        else:
            st.markdown(readable(text))
    st.caption("Exact minimiser: the linear program in f_1..f_k with Σ_j f_j = 0, solved exactly in fractions "
               "through its one multiplier (the loss is a sum of one convex piecewise-linear function per f_j); the "
               "whole set of minimisers comes with it, so uniqueness and ties are decided exactly, on the numbers "
               f"as typed. θ's largest may be up to {number_text(MAX_THETA)}, and up to {number_text(MAX_THETA_SPAN)} "
               "times its smallest. "
               "Classes are numbered from 0.")


def _classes(classes) -> str:
    """Classes in a metric: "1", or "0 = 1 (tie)"."""
    return str(classes[0]) if len(classes) == 1 else " = ".join(map(str, classes)) + " (tie)"


def _lemma4_k_changed() -> None:
    """A new k starts θ and P from that k's example (the old texts have the wrong count)."""
    rows = {row.key: row for row in settings.page_settings("paper-lab")}
    theta_default, p_default = lemma4.defaults(int(state.widget_value(rows["k"].widget, rows["k"].default)))
    state.preset({rows["costs"].widget: theta_default, rows["p"].widget: p_default})


@st.cache_data(show_spinner=False, max_entries=32, ttl=6 * 3600)   # full runs take minutes: kept 6 h
def cached(name, runs, seed, quick, _progress=None):
    """The result of one run, per parameter set, computed in the server's job pool (lab/jobs.py): in a
    worker process at lower priority, full-size runs at most one per core, queued in order; sessions
    asking for the same run share it, and a run nobody waits for any more is cancelled."""
    return shared_pool().run(job_key(name, runs, seed, quick), paper_result, name, runs, seed, quick,
                             heavy=not quick, progress=_progress)




def experiment_panel() -> None:
    """The settings, Run and Stop of an experiment with a Run button, and its result once run."""
    left, middle, right = st.columns(3)
    runs, seed, quick = (setting_widget(settings.setting("paper-lab", widget), where=column)
                         for widget, column in (("paper_runs", left), ("paper_seed", middle), ("paper_quick", right)))
    params = (name, runs, seed, quick)

    buttons = st.columns([1, 1, 6])
    run_clicked = buttons[0].button("Run", type="primary", key="paper_run", icon=":material/play_arrow:")
    stopped = state.pop_unfinished_experiment()
    will_run = run_clicked or state.experiment_done() == params
    buttons[1].button("Stop", key="paper_stop", icon=":material/stop:", disabled=not will_run,
                      help="Stops a running experiment; nothing of it is kept.")
    if stopped is not None and not run_clicked:
        stopped_name, stopped_runs, stopped_seed, stopped_quick = stopped
        st.warning(f"Stopped: {stopped_name} ({'small' if stopped_quick else 'full'} version, seed {stopped_seed}, "
                   f"{stopped_runs} runs) did not finish, so nothing of it was cached. Press Run to start again.",
                   icon=":material/stop_circle:")
        will_run = False

    if will_run:
        state.experiment_started(params)
        bar = st.progress(0.0, text=f"{name}: starting…")
        try:
            result = cached(name, runs, seed, quick, _progress=bar_callback(bar, f"{name}: "))
        except RuntimeError as error:
            bar.empty()
            state.experiment_finished(None)
            st.error(f"{name} stopped with an error: {literal(str(error))}", icon=":material/error:")
            return
        bar.empty()
        state.experiment_finished(params)

        if name == "iwp-table1":
            rows = pd.DataFrame(result["rows"])[list(IWP_HEADERS)].rename(columns=IWP_HEADERS)
            st.dataframe(rows, hide_index=True)
            if quick:
                st.markdown(QUICK_IWP)
            st.plotly_chart(ours_vs_published_figure(result["rows"], "mistake_rate", "published_mistake_rate",
                                                     "mistake rate"), key="paper_iwp_mistakes", config=PLOTLY_CONFIG)
            st.plotly_chart(ours_vs_published_figure(result["rows"], "cost_share", "published_cost_share",
                                                     "cost share"), key="paper_iwp_cost", config=PLOTLY_CONFIG)
            for claim, holds in result["claims"].items():
                st.markdown(f"- The paper's claim *{claim}*: **{'holds' if holds else 'does not hold'}** on our run.")
            for dataset, reason in result["unavailable"].items():
                st.caption(f"{dataset}: not available — {reason}")
        elif name == "winnow-scaling":
            st.markdown(
                f"{credit('003', '§4')} compares *bounds*: Perceptron nk/γ² against Winnow 2k² ln n/γ² (Example 1, sparse "
                "target) and kn/γ² against 2n² ln n/γ² (Example 2, dense), Winnow's for its tuned rate η*. Here "
                "each learner's mistakes stand beside the bound of the parameters it actually ran (dashed, its "
                "colour): Novikoff for the Perceptron, Theorem 3.1 with its own η for Winnow — at η = 0.5 and at "
                f"the construction's η*. The η* form of {credit('003')} is a grey dotted reference, not a bound of η = 0.5; "
                "∞ marks a vacuous bound, ▲ a count that reached the cap of the stream.")
            a, b = st.columns(2)
            a.plotly_chart(scaling_figure(result, "sparse"), key="paper_sparse", config=PLOTLY_CONFIG)
            b.plotly_chart(scaling_figure(result, "dense"), key="paper_dense", config=PLOTLY_CONFIG)
            st.dataframe(winnow_scaling.display_rows(result), hide_index=True)
        elif name == "rwm-epsilon":
            st.plotly_chart(epsilon_figure(result["rows"], result["best_epsilon"], result["best_bound"]), key="paper_eps",
                            config=PLOTLY_CONFIG)
            doubling = result["doubling"]
            phases = pd.DataFrame(doubling["phases"], columns=["first trial", "m̂", "ε"])
            phases["best expert's mistakes in the phase"] = [row["best_expert_mistakes"] for row in doubling["phase_bounds"]]
            phases["the phase's bound (1+ε)m + ln N/ε"] = [row["bound"] for row in doubling["phase_bounds"]]
            st.dataframe(phases, hide_index=True)
            reference = doubling["reference_tuned_in_hindsight"]["value"]
            crossed = (" — here the doubling run's expected mistakes exceed it" if doubling["expected_mistakes"] > reference
                       else "")
            st.markdown(f"Doubling trick over {doubling['trials']:,} trials: expected mistakes "
                        f"**{doubling['expected_mistakes']:.1f}**; best expert {doubling['best_expert_mistakes']}. "
                        f"Its own bound, the sum over the phases of each phase's RWM bound (m_i: the best expert's "
                        f"mistakes within phase i, since the weights restart): **{doubling['bound']:.1f}** "
                        f"(exact per-phase form {doubling['bound_exact']:.1f}).  \n"
                        f"Reference, not a bound of this run: ε tuned in hindsight to the final m = "
                        f"{doubling['best_expert_mistakes']} gives {reference:.1f}{crossed} (see the note below).")
        elif name == "priority-figures":
            st.markdown(f"{credit('002')} draw four Gaussian classes and shows how each method splits the plane "
                        "for several priority vectors θ (Figure 3), the support lines w_j·x + b_j = θ_j of "
                        "its classifier (Figure 4) and the baselines for θ = {10, 10, 1, 1} (Figure 5). "
                        "Ours below: trained on the points shown, costs measured on fresh test points.")
            for index, (theta, figure) in enumerate(result["figures"]):
                st.subheader(f"θ = ({', '.join(f'{t:g}' for t in theta)})")
                paper, ours = st.columns(2)
                paper.markdown("**What the paper says**  \n" + readable(result["paper_words"][str(list(theta))]))
                ours.markdown("**What we see**  \n" + readable(observation(result["rows"], theta)))
                lab_figure(figure, key=f"paper_priority_{index}",
                           label=f"Regions of every method for θ = ({', '.join(f'{t:g}' for t in theta)})")
            st.caption("'exact': the model predicts the argmax of affine scores, so its regions are convex "
                       "polygons, computed exactly; 'grid': one-vs-one voting, drawn cell by cell on a 120 × 120 "
                       f"grid. Dotted: our support lines w_j·x + b_j = θ_j ({credit('002', 'Figure 4')}).")
            table = pd.DataFrame([{"θ": str(tuple(r["theta"])), "method": r["method"],
                                   "θ-weighted cost (test)": r.get("expected_risk"),
                                   **{f"recall {c}": v for c, v in zip(("top left", "bottom left", "top right",
                                                                        "bottom right"), r.get("recall", []))}}
                                  for r in result["rows"]])
            st.dataframe(table, hide_index=True)
        elif name == "priority-table2":
            st.dataframe(pd.DataFrame(table2_rows(result)), hide_index=True)
        elif name == "manyclass":
            committee, curve = result["committee"], result["sparsification"]
            st.markdown(
                f"PA-II against OOZ on {result['n_classes']:,} synthetic Zipf classes, **{result['passes']} "
                f"pass{'' if result['passes'] == 1 else 'es'}** "
                f"each (a fresh permutation per pass, as in {credit('004')}). Times are of warm models: numba's compilation "
                "is excluded (the compiled loops first ran on a few rows), and they cover training only.")
            st.dataframe(pd.DataFrame(result["rows"]), hide_index=True)
            left, right = st.columns(2)
            left.markdown("**Sparsification** — keep only the largest-|w| edges of the trained PA-II")
            left.plotly_chart(sparsification_figure(curve), key="paper_sparsification", config=PLOTLY_CONFIG)
            right.markdown(f"**Committee** — {committee['members']} {committee['member']} members against each alone")
            right.plotly_chart(committee_figure(committee), key="paper_committee", config=PLOTLY_CONFIG)
            gain = committee["committee"] - float(np.mean(committee["member_accuracy"]))
            right.caption(f"Majority vote {committee['committee']:.3f}: {100 * gain:+.1f} percentage points against the "
                          f"members' mean ({credit('004')} report about a 0.5% accuracy boost from 12 PA models on its "
                          "12,000-class task).")
        else:
            st.dataframe(pd.DataFrame(result["rows"]), hide_index=True)
        for note in result.get("notes", []):
            st.caption(readable(note))
        download = {key: value for key, value in result.items() if key != "figures"}
        st.download_button("Download the result (JSON)", json.dumps(download, default=str, indent=2),
                           file_name=f"{name}.json", mime="application/json")


# No st.stop() here: after the page the app writes the link and draws the Share panel (app.py).
if EXPERIMENTS[name].interactive:
    lemma4_panel()
else:
    experiment_panel()
