"""Be the adversary: choose the trials that force the most mistakes; scored against the best possible under the
rules, the theorem's bound beside it (lab/challenges.py)."""

import numpy as np
import pandas as pd
import streamlit as st

from components.plotly_assets import PLOTLY_CONFIG
from datasets.advice import AdviceStream
from datasets.pointset import PointSet
from lab import challenges
from ui import state
from ui.controls import literal, page_header
from ui.learner_page import show_run
from viz.challenges import perceptron_plane

PAGE = "challenges"
page_header(
    "Be the adversary",
    "Choose the trials — points, instances, the experts' advice — to force as many mistakes as the rules allow. "
    "No sequence passes the theorem's bound, and under these rules none even reaches it: your score is measured "
    "against the best possible, found exactly.",
    "A mistake bound holds for **every** sequence that keeps its conditions: its proof plays against an adversary "
    "who picks each trial to hurt the learner most. Here you are that adversary. Each challenge fixes the "
    "conditions (a margin and a radius, a sparse target, a best expert with few mistakes) and a budget of "
    "trials. The bound is a worst case over far more than these rules allow, so the lab also searches every "
    "sequence the rules allow (exhaustively, in exact arithmetic) for the most mistakes possible: your score is "
    "your mistakes as a fraction of that best, with the bound beside it, and “Show me a worst case” plays a "
    "sequence that reaches it. Input that breaks a rule is refused, with the line and the reason. Your best "
    "score per challenge is kept for the session and in the address bar.")

keys = list(challenges.CHALLENGES)
current = state.challenge_choice(keys)
key = st.segmented_control("Challenge", keys, format_func=lambda k: challenges.CHALLENGES[k].title,
                           key="challenge_choice", **state.default_unless_set("challenge_choice", current, "default")) or current
challenge = challenges.CHALLENGES[key]
st.markdown(f"**Rules.** {challenge.rules}")
st.markdown(f"**The ceiling.** {challenge.bound_text}")
with st.spinner("Finding the most mistakes these rules allow (once for everyone)…"):
    best_possible = challenges.best_possible(key)
st.markdown(f"**The best possible: {best_possible.mistakes} mistakes.** {challenges.gap_text(key)}")

text_key = f"challenge_{key}_text"
before = state.widget_value(text_key, "")
left, right = st.columns([2, 3], gap="large")
with left:
    if key == "perceptron":
        with st.form("challenge_add_point", border=True):
            st.caption("Place the next point (or type the list below, one point per line).")
            first, second = st.columns(2)
            x1 = first.number_input("x₁", -5.0, 5.0, 0.0, 0.1, key="challenge_x1")
            x2 = second.number_input("x₂", -5.0, 5.0, 0.0, 0.1, key="challenge_x2")
            placed = st.form_submit_button("Place this point")
        if placed:
            typed = (f"{x1:g}", f"{x2:g}")                 # what goes into the list, checked as written
            problem = challenges.point_problem(challenges.line_count(before) + 1, *typed)
            if problem:
                st.error(f"Not placed. {problem}")
            else:
                state.preset({text_key: challenges.appended(before, ", ".join(typed))})
    start, clear = st.columns(2)
    if start.button("Example", key=f"challenge_{key}_example"):
        state.preset({text_key: challenges.EXAMPLES[key]})
    if clear.button("Clear", key=f"challenge_{key}_clear"):
        state.preset({text_key: ""})
    if st.button("Show me a worst case", key=f"challenge_{key}_worst", use_container_width=True,
                 help=f"A sequence forcing {best_possible.mistakes} mistakes, the most these rules allow"):
        state.preset({text_key: best_possible.text})
    label = {"perceptron": "Your points, in order (x₁, x₂ per line)",
             "winnow": "Your instances, in order (one per line)",
             "experts": "Your rounds, in order (advice, a space, the outcome)"}[key]
    text = st.text_area(label, key=text_key, height=260, **state.default_unless_set(text_key, ""))

result = challenges.outcome(key, text)
with left:
    if not challenges.line_count(text):
        st.info("Nothing played yet: " + {"perceptron": "place your first point",
                                          "winnow": "write your first instance",
                                          "experts": "write your first round"}[key] + ", or start from the example.")
    elif not result.valid:
        listed = "\n".join(f"- {literal(p)}" for p in result.problems)          # they quote the typed lines
        st.error("Not scored yet — every line must keep the rules:\n\n" + listed)
    else:
        improved = state.record_challenge(key, result.mistakes)
        best = state.best_challenge(key)
        # two metrics per row: a percentage needs the width of four characters at the metric's size
        columns = st.columns(2) + st.columns(2) + st.columns(2)
        columns[0].metric("Mistakes", result.mistakes)
        columns[1].metric("Score", f"{result.score:.0%}", help="your mistakes ÷ the best possible under these rules")
        columns[2].metric("Best possible", result.best, help="the most mistakes any sequence keeping the rules forces "
                                                             "(exact search)")
        columns[3].metric("Bound", result.bound, help="the theorem's ceiling, in whole mistakes")
        columns[4].metric("Your best", f"{min(best, result.best) / result.best:.0%}",
                          help=f"{best} mistakes, the most you forced this session")
        st.progress(min(result.score, 1.0), text=f"{result.mistakes} of the {result.best} possible "
                                                 f"({result.score:.0%}); the bound allows {result.bound}")
        if best > result.best:
            st.caption(f"Your link claims {best} mistakes; these rules allow at most {result.best}.")
        if improved and result.mistakes > 0:
            st.success(f"A new best for this challenge: {result.mistakes} mistake{'s' if result.mistakes != 1 else ''}."
                       + (" That is the most possible." if result.mistakes == result.best else ""))
state.write_challenge_url(key)

with right:
    if key == "perceptron":
        X = result.state.get("X", np.zeros((0, 2)))
        labels = result.state.get("labels", np.zeros(0, int))
        mistakes = [trial["mistake"] for trial in result.trials]
        w = result.state.get("w", np.zeros(2))
        st.plotly_chart(perceptron_plane(X, labels, mistakes, w, challenges.U, challenges.MARGIN, challenges.RADIUS),
                        key="challenge_plane", theme=None, config=PLOTLY_CONFIG)
        if result.valid:
            st.caption(f"The perceptron now: w = ({w[0]:.3g}, {w[1]:.3g}). A point x of class y is a mistake "
                       "next when y·w·x ≤ 0 — on the wrong side of the solid line, or on it.")
    elif key == "winnow" and result.valid:
        names = [f"x{j + 1}" for j in range(challenges.N_VARIABLES)]
        columns = names + ["1"] + [f"−{name}" for name in names] + ["−1"]
        st.markdown("**Winnow's weights now** (on the balanced features):")
        st.dataframe(pd.DataFrame([result.state["weights"]], columns=columns).round(4), hide_index=True)
        wrong = result.state["wrong_now"]
        st.markdown(f"**Instances Winnow gets wrong now** ({len(wrong)} of {2 ** challenges.N_VARIABLES}): "
                    + (", ".join(f"`{w}`" for w in wrong) if wrong else "none — it has learned the target"))
    elif key == "experts" and result.valid:
        weights = result.state["weights"]
        st.markdown("**Weighted Majority's weights now**, and each expert's mistakes so far:")
        st.dataframe(pd.DataFrame({"expert": [f"E{i + 1}" for i in range(len(weights))], "weight w_i": weights,
                                   "mistakes": result.state["expert_mistakes"]}), hide_index=True)
        st.caption(f"W = Σ w_i = {weights.sum():.4g}. The next round's vote picks 1 when the weight advising 1 is at "
                   "least half of W.")

if result.valid:
    with st.expander("Trial by trial", expanded=False):
        st.dataframe(pd.DataFrame(result.trials), hide_index=True)
    if key == "perceptron":
        st.subheader("Your sequence in the player")
        if len(set(result.state["labels"].tolist())) < 2:
            # the player's learner needs a point of each class; the score above needs no player
            st.info("The player opens once your points include both classes (one on each side of u·x = 0).")
        else:
            points = PointSet.from_arrays(result.state["X"], result.state["labels"], class_names=["−1", "+1"])
            show_run(PAGE, "Perceptron", {"fit_intercept": False}, points, key="challenge_timeline")
    elif key == "experts":
        st.subheader("Your rounds in the player")
        show_run(PAGE, "Weighted Majority", {"beta": challenges.BETA},
                 AdviceStream(result.state["advice"], result.state["outcomes"]), key="challenge_timeline")
