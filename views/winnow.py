"""Winnow against the Perceptron: in 2D (balanced features) and in high dimension (seed 003 §4)."""

import streamlit as st

from experiments import winnow_scaling
from ui import state
from ui.controls import page_header
from ui.learner_page import learner_page
from viz.experiments import scaling_figure

page_header(
    "Winnow against the Perceptron",
    "Multiplicative against additive updates: in the plane (step with → and ←, play with Space) and as the "
    "dimension grows.",
    "**Winnow** keeps a probability vector and multiplies the weights of the features that voted "
    "wrong: w_i ← w_i·e^{ηyx_i}/Z (seed 003 §3). Its bound grows with ln n where the perceptron's "
    "grows with n — Winnow wins when few features matter (a sparse target), the perceptron when "
    "the target is dense and the instances sparse. In 2D the balanced features (x, −x) let the "
    "non-negative weights draw any line."
)

section = st.segmented_control("Section", ["2D: step and play", "High-dimensional experiment"],
                               default="2D: step and play", key="winnow_section")
if section == "High-dimensional experiment":
    quick = st.toggle("Small version (seconds)", value=True, key="winnow_quick")
    runs = st.slider("Runs per size", 1, 5, 1, key="winnow_runs")
    result = st.cache_data(winnow_scaling.run, show_spinner="Running the experiment…")(runs=runs, quick=quick)
    left, right = st.columns(2)
    left.plotly_chart(scaling_figure(result["rows"], "sparse"), key="winnow_sparse")
    right.plotly_chart(scaling_figure(result["rows"], "dense"), key="winnow_dense")
    for note in result["notes"]:
        st.caption(note)
else:
    learner_page("winnow", max_classes=2)
