"""The part every learner page shares: controls, Step/Play/Reset, the trial's math, live bounds.

A page calls :func:`learner_page` with the learners it offers.  Controls that
change the run (learner, parameters, order, passes, seed) live outside the
fragment; the trial panel — buttons, metrics, figures — is an ``st.fragment``
so Step and Reset rerun only it.  Play computes the whole rest of the run at
once and hands the browser a Plotly figure with frames: the animation plays
without any rerun.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from components.plotly_view import plotly_view
from lab import catalog
from lab.runner import ORDERS, Run
from ui import state
from ui.controls import literal, param_widgets
from viz import runs as figures

ORDER_LABELS = {"drawn": "as drawn", "shuffled": "shuffled (seeded)",
                "adversarial": "adversarial: a misclassified point first"}


def label_name(label, names) -> str:
    """The class name of a learner's label (an index into the point set's names), as Markdown text."""
    try:
        index = int(label)
    except (TypeError, ValueError):
        return literal(str(label))
    return literal(names[index]) if 0 <= index < len(names) else literal(str(label))


def need_points(points, *, min_classes: int = 2, max_classes: int | None = None) -> bool:
    """Explain what is missing and link to the Data page; True when the data can be used."""
    used = len(points.used_classes) if len(points) else 0
    problem = None
    if len(points) == 0:
        problem = "There are no points yet."
    elif used < min_classes:
        problem = f"This page needs points of at least {min_classes} classes; there are points of {used}."
    elif max_classes is not None and used > max_classes:
        problem = (f"These learners are binary: they need exactly {max_classes} classes, "
                   f"but the points hold {used}.")
    if problem:
        st.info(problem + " Draw or generate points on the Data page, or open a story on Home.")
        st.page_link("views/data.py", label="Go to the Data page", icon=":material/draw:")
        return False
    return True


def run_controls(page: str, names: list[str]) -> tuple[str, dict, dict]:
    """Learner choice, its parameters, and the order/passes/seed of presentation."""
    name = st.selectbox("Learner", names, key=f"{page}_learner")
    spec = catalog.LEARNERS[name]
    st.caption(spec.summary)
    values = param_widgets(spec.params, f"{page}_{spec.cls_name}")
    order = st.radio("Order of presentation", ORDERS, key=f"{page}_order",
                     format_func=ORDER_LABELS.get)
    passes = st.slider("Passes", 1, 20, 1, key=f"{page}_passes")
    seed = st.number_input("Seed", 0, 10_000, 0, step=1, key=f"{page}_seed")
    return name, values, {"order": order, "n_passes": int(passes), "seed": int(seed)}


def current_run(page: str, name: str, values: dict, presentation: dict, points) -> Run:
    spec = (points.fingerprint(), name, repr(sorted(values.items())), tuple(sorted(presentation.items())))

    def make():
        X, labels, weights = points.to_arrays()
        return Run(catalog.build(name, values), X, labels, weights,
                   classes=np.unique(labels), **presentation)

    return state.run_for(page, spec, make)


def step_run(page: str) -> None:
    """Step's callback: one more trial of the page's run."""
    run = state.current_run(page)
    if not run.finished:
        state.clear_animation(page)
        run.step()


def play_run(page: str, points) -> None:
    """Play's callback: every remaining trial at once, kept as the animated figure of those trials."""
    run = state.current_run(page)
    if not run.finished:
        start = run.trial
        run.play()
        state.set_animation(page, figures.animated_run(run, points, start))


def trial_panel(page: str, points, *, show_weighted: bool) -> None:
    """Buttons, metrics, boundary, math and bound curves of the page's current run."""
    run = state.current_run(page)
    # one row: the three buttons, then the metrics (the boundary stays as high on the page as it can)
    row = st.columns(7 if show_weighted else 6, vertical_alignment="center")
    buttons, metrics = row[:3], row[3:]
    # the buttons act in their callbacks, before this panel reruns: the panel then draws the run as
    # it is after the click (a run that Play finished shows Step and Play disabled at once)
    buttons[0].button("Step", key=f"{page}_step", type="primary", disabled=run.finished, width="stretch",
                      on_click=step_run, args=(page,))
    buttons[1].button("Play", key=f"{page}_play", disabled=run.finished, width="stretch",
                      on_click=play_run, args=(page, points))
    buttons[2].button("Reset", key=f"{page}_reset", width="stretch", on_click=state.reset_run, args=(page,))

    metrics[0].metric("Trial", run.trial, help=f"of {run.total_trials} ({run.n_passes} passes)")
    metrics[1].metric("Mistakes", run.mistakes)
    if show_weighted:
        metrics[2].metric("Weighted loss", f"{run.weighted_loss:.3g}")
    metrics[-1].metric("Updates", len(run.snapshots) - 1)

    animation = state.animation(page)
    left, right = st.columns([7, 5])
    with left:      # the boundary first: it is what a Step is for, and the browser can draw it meanwhile
        plotly_view(animation if animation is not None else figures.step_boundary(run, points),
                    key=f"{page}_boundary")
    with right:
        if run.trials:
            last = run.trials[-1]
            st.markdown(f"**Trial {last.record.trial}** — point #{last.index}, "
                        f"class **{label_name(last.record.truth, points.class_names)}**, "
                        f"weight {last.record.weight:g}")
            spec = catalog.spec_for(run.learner)
            for formula in spec.trial_math(last.record, run.learner, names=points.class_names):
                st.latex(r"\small " + formula.tex)
        else:
            st.markdown("Press **Step** to show the first point to the learner, or **Play** "
                        "to run every trial and watch the boundary move.")
        curves, notes = figures.bound_panel(run)
        if curves is not None:
            plotly_view(curves, key=f"{page}_curves", later=True)
        for note in notes:
            st.caption(note)
        if figures.has_invariants(run) and st.toggle(
                "Show the proof's invariants: w·u ≥ γM and ‖w‖² ≤ R²M", key=f"{page}_show_invariants",
                help="Novikoff's proof, trial by trial (drawn on request: it is one more chart per Step)."):
            invariants = figures.invariants_figure_of(run)
            if invariants is None:
                st.caption("The invariants need data separable so far (Novikoff's bound applies on every trial).")
            else:
                plotly_view(invariants, key=f"{page}_invariants", later=True)


def learner_page(page: str, names: list[str], *, min_classes=2, max_classes=None, extra=None) -> None:
    """Render a complete learner page offering the learners ``names``.

    ``extra`` holds parameter values the page sets itself (e.g. θ on the Priority page).
    """
    points = state.points()
    if not need_points(points, min_classes=min_classes, max_classes=max_classes):
        return
    # the run's settings in the sidebar under the navigation: the page keeps its full width for the
    # boundary beside the trial's math (a narrow settings column cut labels and formulas short)
    with st.sidebar:
        st.subheader("Run settings", divider="gray")
        name, values, presentation = run_controls(page, names)
    values = {**values, **(extra or {})}
    try:
        current_run(page, name, values, presentation, points)
    except ValueError as error:
        st.error(f"This run cannot start: {error}")
        return
    st.fragment(trial_panel)(page, points,
                             show_weighted=catalog.LEARNERS[name].uses_weights or points.has_weights)
