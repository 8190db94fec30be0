"""Priorities between classes: the apportioned-margin classifier against cost-sensitive baselines."""

import numpy as np
import pandas as pd
import streamlit as st

from datasets.pointset import THETA_RANGE, THETA_STEPS
from experiments.priority import fit_methods
from learners.baselines import sensitivity
from ui import state
from ui.controls import literal, page_header
from ui.learner_page import learner_page, need_points
from viz.priority import regions_side_by_side, theta_weighted_cost

page_header(
    "Priorities between classes",
    "Set each class's priority θ_j; the apportioned-margin classifier gives important classes more of the "
    "plane. Step with → and ←, play with Space.",
    "Give each class a priority θ_j — the cost of an error on it. The **apportioned-margin** "
    "classifier predicts argmax_j f_j(x)/θ_j and asks the true class's score to reach θ_y: an "
    "important class claims more of the plane (seed 002). Seed 002 reports that baselines which only "
    "reweight the training points barely move (its Figure 5); compare them below."
)


@st.cache_data(show_spinner="Fitting every method on your points…", max_entries=16)
def compare_methods(fingerprint: str, theta: tuple, _points):
    """(table rows, regions figure) of ours (both solvers) and the baselines on the user's points.

    Keyed by the points' fingerprint and θ: a pure function of the inputs, so the cache is shared
    safely (``_points`` is not hashed; the fingerprint stands for it)."""
    X, labels, weights = _points.to_arrays()
    names = _points.class_names
    theta = np.asarray(theta, dtype=float)
    used = np.unique(labels)
    fitted = fit_methods(X, labels, theta[used], seed=0)
    rows = []
    for method, model in fitted.items():
        if isinstance(model, str):
            rows.append({"method": method, "note": model})
            continue
        predicted = model.predict(X)
        row = {"method": method, "θ-weighted cost": theta_weighted_cost(labels, predicted, theta)}
        for j in used:
            row[f"sensitivity {names[j]}"] = sensitivity(labels, predicted, j)
        rows.append(row)
    figure = regions_side_by_side(X, labels, names, fitted, theta, weights=weights)
    return rows, figure


points = state.points()
if need_points(points, min_classes=2):
    names = points.class_names
    columns = st.columns(len(names))
    theta = []
    for j, (column, name) in enumerate(zip(columns, names)):
        current = float(points.theta[j])
        steps = sorted(set(THETA_STEPS) | {current})          # a θ typed on the Data page stays selectable
        theta.append(float(column.select_slider(f"θ for {literal(name)}", steps, value=current,
                                                key=f"priority_theta_{j}",
                                                help=f"from {THETA_RANGE[0]:g} to {THETA_RANGE[1]:g}, on a log scale")))
    theta = np.array(theta)
    if not np.array_equal(theta, points.theta):
        state.set_points(points.set_theta(theta))
        points = state.points()
    learner_page("priority", extra={"theta": tuple(theta.tolist())})

    st.subheader("Ours and the baselines with the same priorities")
    try:
        rows, figure = compare_methods(points.fingerprint(), tuple(theta.tolist()), points)
    except ValueError as error:
        st.error(f"The methods could not be compared on these points: {error} "
                 "Your points are unchanged; edit them on the Data page.")
    else:
        st.dataframe(pd.DataFrame(rows), hide_index=True)
        st.caption("On the drawn points (training data). θ-weighted cost: (1/n)·Σ θ_y·[wrong]; sensitivity: "
                   "the share of a class's points predicted as it. Ours: 10 passes, both solvers. CSOVA fits "
                   "one θ-weighted binary SVM per class; CSOVO one per pair of classes, then votes (the same "
                   "model as scikit-learn's SVC with class_weight=θ); CSCS is Crammer–Singer (linear); the "
                   "plain SVM ignores θ.")
        st.plotly_chart(figure, key="priority_regions", theme=None)
        st.caption("Regions of every method for the θ above, side by side on the same axes. 'exact': the "
                   "model predicts the argmax of affine scores, so each class owns a convex polygon, computed "
                   "exactly; ours also shows its support lines w_j·x + b_j = θ_j (dotted, class colour). "
                   "'grid': one-vs-one voting has no such polygons; its regions are its predictions on a "
                   "120 × 120 grid, exact to one cell. On overlapping classes the weighted baselines do "
                   "move; seed 002's 'they barely move' is about its own example.")
