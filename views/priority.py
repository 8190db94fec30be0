"""Priorities between classes: the apportioned-margin classifier against cost-sensitive baselines."""

import numpy as np
import pandas as pd
import streamlit as st

from components.figure import lab_figure
from datasets.pointset import THETA_RANGE, THETA_STEPS
from experiments.priority import BASELINE_NAMES, OURS
from lab.compare import fit_priority
from lab.limits import SHARED_RUN_POINTS
from lab.settings import learner_params
from learners.baselines import sensitivity
from learners.sources import credit
from ui import state
from ui.controls import literal, page_header
from ui.learner_page import example_points, learner_page, need_points
from viz.priority import regions_side_by_side, theta_weighted_cost

page_header(
    "Priorities between classes",
    "Set each class's priority θ_j; the apportioned-margin classifier gives important classes more of the "
    "plane. Step with → and ←, play with Space.",
    "Give each class a priority θ_j — the cost of an error on it. The **apportioned-margin** "
    "classifier predicts argmax_j f_j(x)/θ_j and asks the true class's score to reach θ_y: an "
    f"important class claims more of the plane ({credit('002')}). The paper reports that baselines which only "
    "reweight the training points barely move (its Figure 5); compare them below."
)


def cheaper_note(ours_rows: list, rows: list) -> None:
    """Say why a baseline can cost less than ours (sgd) on the θ-weighted cost, when one does."""
    ours = next((r["θ-weighted cost"] for r in ours_rows if r.get("method") == "ours (sgd)"), None)
    cheaper = [r["method"] for r in rows if ours is not None and r.get("θ-weighted cost") is not None
               and r["θ-weighted cost"] < ours]
    if not cheaper:
        return
    st.caption(
        f"Here {', '.join(cheaper)} cost{'s' if len(cheaper) == 1 else ''} less than ours, and nothing forbids it. "
        "The SVMs minimise a hinge loss solved exactly on these points, and for CSOVA, CSOVO and CSCS a "
        "θ-weighted one: a convex stand-in for this very cost; ours is an online learner (a few passes of steps) whose apportioned margin "
        "is not such a stand-in. The paper ties it to the cost-minimising decision argmax_j θ_j·P_j through "
        "its Lemma 4, which is false as printed (Paper lab, \"Lemma 4, examined\"). Its Table 2 reports "
        "ours 10–20% cheaper on its data sets under 10-fold cross-validation; this table is the training "
        "cost on one set of drawn points.")


#: the baselines (SVMs: quadratic or worse in the points) are fitted on at most this many points, a seeded
#: sample stated on the page; ours is fitted on every point (a compiled online pass: milliseconds)
BASELINE_SAMPLE = 2000


def method_rows(fitted: dict, X, labels, names, theta) -> list:
    """One table row per method: its θ-weighted cost and the sensitivity of each class, on (X, labels)."""
    used = np.unique(labels)
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
    return rows


def _sample(points, which: str, kernel: str) -> tuple:
    """(X, labels, weights) a group is fitted on: every point for ours with a linear kernel, a seeded sample of
    at most BASELINE_SAMPLE points for the baselines and for a kernel model (its cost grows with the points
    squared)."""
    X, labels, weights = points.to_arrays()
    if (which == "baselines" or kernel != "linear") and len(X) > BASELINE_SAMPLE:
        keep = np.sort(np.random.default_rng(0).choice(len(X), BASELINE_SAMPLE, replace=False))
        X, labels, weights = X[keep], labels[keep], weights[keep]
    return X, labels, weights


def _fit(points, theta: tuple, which: str, kernel: str, gamma: float) -> tuple:
    """(fitted models, table rows) of ours (``which="ours"``, both solvers) or the baselines (``"baselines"``),
    with the player's kernel (lab.compare.fit_priority)."""
    X, labels, _ = _sample(points, which, kernel)
    theta = np.asarray(theta, dtype=float)
    used = np.unique(labels)
    fitted = fit_priority(X, labels, theta[used], which, kernel=kernel, gamma=gamma)
    return fitted, method_rows(fitted, X, labels, points.class_names, theta)


@st.cache_data(show_spinner=False, max_entries=32, ttl=3600)
def _shared_fit(fingerprint: str, theta: tuple, which: str, kernel: str, gamma: float, _points) -> tuple:
    """:func:`_fit`, kept across sessions (a class opening one story fits it once), keyed by the points'
    fingerprint, θ, the group and the kernel (``_points`` is not hashed).  Only for sets of at most
    SHARED_RUN_POINTS points — the fitted models may hold some of them (an SVM's support vectors) — and never a
    figure."""
    return _fit(_points, theta, which, kernel, gamma)


def compare(points, theta: tuple, which: str, kernel: str = "linear", gamma: float = 1.0) -> tuple:
    """(table rows, regions figure, points used) of one group.  The fit is shared between sessions for a set of
    at most SHARED_RUN_POINTS points and kept in the session otherwise; the figure, which holds every point,
    is always the session's own."""
    key = (points.fingerprint(), tuple(theta), which, kernel, float(gamma))
    if len(points) <= SHARED_RUN_POINTS:
        fitted, rows = _shared_fit(*key, points)
    else:
        fitted, rows = state.kept(f"priority_fit_{which}", key, lambda: _fit(points, theta, which, kernel, gamma))

    def figure():
        X, labels, weights = _sample(points, which, kernel)
        return regions_side_by_side(X, labels, points.class_names, fitted, np.asarray(theta, dtype=float),
                                    weights=weights, columns=len(OURS if which == "ours" else BASELINE_NAMES),
                                    title="ours" if which == "ours" else "the baselines")
    used = min(len(points), BASELINE_SAMPLE) if which == "baselines" or kernel != "linear" else len(points)
    return rows, state.kept(f"priority_figure_{which}", key, figure), used


def kernel_words(kernel: str, gamma: float) -> str:
    """What the comparison's kernel is, for its captions."""
    if kernel == "linear":
        return ("Every method here is linear, as the player's run is. The baselines see the coordinates "
                "standardised (mean 0, variance 1 per axis), as SVMs need; ours sees them as drawn.")
    return (f"Every method here uses the player's {kernel} kernel with γ = {gamma:g}, on the points as drawn "
            "(the baselines through scikit-learn's SVC with the very kernel function ours uses); CSCS "
            "(Crammer–Singer) is linear only, so it is left out.")


points = example_points("priority")
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
    # A new θ shows our refitted regions first (a compiled fit, milliseconds), then the player's run
    # (every trial of it, built once), then the baselines (cached; SVMs are slow): each is sent as
    # soon as it is computed, so the slow ones never hold up the fast ones.
    player = st.container()
    # the comparison follows the player's kernel (its sidebar widgets, drawn in the player's container below)
    learner = {row.key: state.widget_value(row.widget, row.default)
               for row in learner_params("priority", "Apportioned margin")}
    kernel, gamma = str(learner["kernel"]), float(learner["gamma"])
    st.subheader("Ours and the baselines with the same priorities")
    st.caption(kernel_words(kernel, gamma))
    ours_slot, baselines_slot = st.container(), st.container()
    key = tuple(theta.tolist())
    try:
        ours_rows, ours_figure, ours_used = compare(points, key, "ours", kernel, gamma)
    except ValueError as error:
        ours_slot.error(f"Ours could not be fitted on these points: {literal(error)} Your points are unchanged.")
        ours_rows, ours_used = [], len(points)
    else:
        with ours_slot:
            lab_figure(ours_figure, key="priority_ours", label="Regions of our classifier for the θ above")
    with player:
        learner_page("priority", extra={"theta": tuple(theta.tolist())})
    with baselines_slot, st.spinner("Fitting the baselines on your points…"):
        try:
            rows, figure, used = compare(points, key, "baselines", kernel, gamma)
        except ValueError as error:
            st.error(f"The baselines could not be fitted on these points: {literal(error)} Your points are unchanged.")
        else:
            st.dataframe(pd.DataFrame(ours_rows + rows), hide_index=True)
            cheaper_note(ours_rows, rows)
            sample = "" if used == len(points) else (
                f" The baselines are fitted on a seeded sample of {used:,} of the {len(points):,} points (SVMs grow "
                "quadratically with the points); ours on "
                + ("every point." if ours_used == len(points) else "the same sample (a kernel model grows so too)."))
            st.caption("On the drawn points (training data). θ-weighted cost: (1/n)·Σ θ_y·[wrong]; sensitivity: the "
                       "share of a class's points predicted as it. Ours: 10 passes, both solvers. CSOVA fits one "
                       "θ-weighted binary SVM per class; CSOVO one per pair of classes, then votes (the same model as "
                       "scikit-learn's SVC with class_weight=θ); CSCS is Crammer–Singer (linear); the plain SVM ignores "
                       "θ." + sample)
            lab_figure(figure, key="priority_regions", label="Regions of every baseline for the θ above")
            st.caption("Regions of every method for the θ above, on the same axes. 'exact': the model predicts the "
                       "argmax of affine scores, so each class owns a convex polygon, computed exactly; ours also shows "
                       "its support lines w_j·x + b_j = θ_j (dotted, class colour). 'grid': a kernel model or one-vs-one "
                       "voting has no such polygons; its regions are its predictions on a 120 × 120 grid, exact to one cell. On "
                       "overlapping classes the weighted baselines do move; the paper's 'they barely move' is about its "
                       "own example.")
