"""Priorities between classes: the apportioned-margin classifier against cost-sensitive baselines."""

import numpy as np
import pandas as pd
import streamlit as st

from learners import ApportionedMargin
from learners.baselines import BASELINES, expected_risk, sensitivity
from ui import state
from ui.learner_page import learner_page, need_points

st.title("Priorities between classes")
st.markdown(
    "Give each class a priority θ_j — the cost of an error on it. The **apportioned-margin** "
    "classifier predicts argmax_j f_j(x)/θ_j and asks the true class's score to reach θ_y: an "
    "important class claims more of the plane (seed 002). Baselines that only reweight the "
    "training points barely move (seed 002, Figure 5)."
)

points = state.points()
if need_points(points, min_classes=2):
    names = points.class_names
    columns = st.columns(len(names))
    theta = []
    for j, (column, name) in enumerate(zip(columns, names)):
        theta.append(column.slider(f"θ for {name}", 0.1, 20.0, float(points.theta[j]), 0.1,
                                   key=f"priority_theta_{j}"))
    theta = np.array(theta)
    if not np.array_equal(theta, points.theta):
        state.set_points(points.set_theta(theta))
        points = state.points()
    learner_page("priority", ["Apportioned margin"], extra={"theta": tuple(theta.tolist())})

    st.subheader("Baselines with the same priorities")
    X, labels, _ = points.to_arrays()
    classes = np.arange(len(names))
    rows = []
    ours = ApportionedMargin(theta=theta, n_passes=10, random_state=0).fit(X, labels).predict(X)
    row = {"method": "apportioned margin (10 passes)", "θ-weighted cost": expected_risk(labels, ours, theta, classes)}
    row.update({f"sensitivity {n}": sensitivity(labels, ours, j) for j, n in enumerate(names)})
    rows.append(row)
    for name, baseline in BASELINES.items():
        try:
            predicted = baseline.build(theta, classes, kernel="linear").fit(X, labels).predict(X)
        except ValueError as error:
            rows.append({"method": name, "note": str(error)})
            continue
        row = {"method": name, "θ-weighted cost": expected_risk(labels, predicted, theta, classes)}
        for j, class_name in enumerate(names):
            row[f"sensitivity {class_name}"] = sensitivity(labels, predicted, j)
        rows.append(row)
    st.dataframe(pd.DataFrame(rows), hide_index=True)
    st.caption("On the drawn points (training data). CSOVA fits one θ-weighted binary SVM per class; "
               "CSOVO one θ-weighted SVM per pair of classes; 'weighted SVC' is scikit-learn's SVC with "
               "class weights (always one-vs-one); CSCS is Crammer–Singer (linear). On overlapping "
               "clouds the weighted baselines do move; seed 002's 'they barely move' is about its example.")
