"""Figures of a :class:`lab.runner.Run`: the boundary now, the whole run animated, live bounds.

Pure functions of the run (no Streamlit): each gathers what the figure
builders of this package need — regions clipped to the view, the current
point, the previous boundary, the bound curves of the data seen so far — and
calls them.
"""

from __future__ import annotations

import numpy as np

from learners import comparators

from . import animation, boundary, curves, geometry

#: learners whose invariants (Novikoff's proof, seed 003 Thm 2.1) the lab draws
INVARIANT_LEARNERS = ("Perceptron",)
BINARY_FAMILIES = {"Perceptron": "perceptron", "ImportanceWeightedPerceptron": "perceptron",
                   "KernelPerceptron": "kernel", "Winnow": "winnow"}


def view_of(run) -> tuple:
    """The view box of the run's points (computed once per run)."""
    return _fixed(run, "view", lambda: geometry.view_box(run.X, 0.15))


def _memo(run, key, compute):
    """``run.memo`` when the run offers it (lab.runner.Run), else just ``compute()``."""
    memo = getattr(run, "memo", None)
    return memo(key, compute) if memo is not None else compute()


def _fixed(run, key, compute):
    fixed = getattr(run, "fixed", None)
    return fixed(key, compute) if fixed is not None else compute()


def regions_of(snapshot: dict, box, theta=None) -> list | None:
    """Polygons of each class for a linear snapshot; None for a rule drawn as a contour."""
    if snapshot is None or snapshot["kind"] != "linear":
        return None
    W, b = snapshot["W"], snapshot["b"]
    if W.shape[0] == 1:
        return geometry.halfplane_regions(W[0], b[0], box)
    return geometry.argmax_regions(W, b, box)


def arrow_of(snapshot: dict):
    """(w₁, w₂, b) of a binary rule: the arrow starts on the boundary, nearest the origin."""
    if snapshot is None or snapshot["kind"] != "linear" or snapshot["W"].shape[0] != 1:
        return None
    return np.r_[snapshot["W"][0][:2], snapshot["b"][0]]


def region_classes_of(run) -> list:
    """Class index (into the point set's names) of each region: the learner's classes, in order."""
    return [int(c) for c in run.learner.classes_]


def current_boundary(run, points, comparator=None):
    """The boundary after the last trial, the previous one as a ghost, the current point ringed,
    and (if given) the hindsight comparator of the bounds as a dashed line."""
    box = view_of(run)
    X, labels, weights = points.to_arrays()
    now = run.boundary_at(run.trial)
    current = run.trials[-1].index if run.trials else None
    title = f"after trial {run.trial}" if run.trial else "before the first trial"
    if now["kind"] != "linear":
        return boundary.contour_figure(X, labels, points.class_names, weights, model=now["model"], box=box,
                                       region_classes=region_classes_of(run), current_index=current, title=title)
    return boundary.boundary_figure(
        X, labels, points.class_names, weights, regions=regions_of(now, box),
        region_classes=region_classes_of(run), current_index=current, ghost_regions=regions_of(run.previous_boundary(), box),
        arrow=arrow_of(now), support_lines=support_lines_of(run.learner), comparator=comparator, title=title)


def support_lines_of(learner) -> list:
    """The apportioned classifier's lines w_j·x + b_j = θ_j (seed 002, Figure 4) as (j, w_j, b_j, θ_j)."""
    if not hasattr(learner, "theta_") or getattr(learner, "kernel", "linear") != "linear":
        return []
    return [(j, w, b, level) for j, (w, b, level) in
            enumerate(zip(learner.class_coef_, learner.class_intercept_, learner.theta_))]


def comparator_of(run, curves) -> dict | None:
    """The hindsight separator u behind the first bound that has one, as a line in the plane."""
    for curve in curves:
        u = curve.details.get("u") if curve.details else None
        if u is None or not np.all(np.isfinite(u)):
            continue
        u = np.asarray(u, dtype=float)
        if type(run.learner).__name__ == "Winnow" and getattr(run.learner, "balanced", False):
            half = len(u) // 2
            u = u[:half] - u[half:]
        if u.shape[0] == 3 and np.any(u[:2]):
            return {"w": u[:2], "b": float(u[2]), "name": f"comparator u ({curve.name})"}
    return None


def has_invariants(run) -> bool:
    """Whether the run's learner is one whose proof invariants the lab draws (the Perceptron)."""
    return type(run.learner).__name__ in INVARIANT_LEARNERS and bool(run.trials)


def invariants_of(run, found):
    """Novikoff's proof invariants after every trial (Perceptron family, separable data), or None."""
    novikoff = next((c for c in found if c.name == "Novikoff" and c.applies.all()), None)
    if novikoff is None or not run.trials or type(run.learner).__name__ not in INVARIANT_LEARNERS:
        return None
    after = np.array([np.asarray(t.record.weights_after).reshape(-1) for t in run.trials])
    values = comparators.perceptron_invariants(after, _memo(run, "cumulative", run.cumulative)["mistakes"],
                                               novikoff.details["u"],
                                               novikoff.details["gamma"], novikoff.details["R"],
                                               eta=float(run.learner.eta))
    return curves.invariants_figure(np.arange(1, len(after) + 1), values["w_dot_u"], values["gamma_M"],
                                    values["w_norm_sq"], values["R2_M"])


def trial_figures(run, points, *, invariants: bool = True):
    """(boundary figure, bound-curve figure or None, notes, invariants figure or None) for the run now.

    ``invariants=False`` skips the invariants figure (the page draws it only on request)."""
    boundary_figure = step_boundary(run, points)
    curves_figure, notes = bound_panel(run)
    return boundary_figure, curves_figure, notes, invariants_figure_of(run) if invariants else None


def step_boundary(run, points):
    """The boundary after the last trial with the hindsight comparator of the bounds (see
    :func:`current_boundary`)."""
    return current_boundary(run, points, comparator=comparator_of(run, _curves_for(run)))


def invariants_figure_of(run):
    """Novikoff's proof invariants of the run so far (see :func:`invariants_of`), or None."""
    return invariants_of(run, _curves_for(run))


def animated_run(run, points, start: int = 0, autoplay: bool = True):
    """The trials after ``start`` as Plotly frames, one per update (at most ~200), set to start
    playing as soon as the lab's chart has drawn them (``autoplay``)."""
    box = view_of(run)
    X, labels, weights = points.to_arrays()
    cumulative = run.cumulative()["mistakes"]
    snapshots = []
    for number, snapshot in run.snapshots:
        if number < start or snapshot["kind"] != "linear":
            continue
        snapshots.append({"trial": number, "regions": regions_of(snapshot, box),
                          "current_index": run.trials[number - 1].index if number else None,
                          "cum_mistakes": int(cumulative[number - 1]) if number else 0,
                          "arrow": arrow_of(snapshot)})
    if len(snapshots) < 2:
        return current_boundary(run, points)
    return animation.animated_boundary_figure(X, labels, points.class_names, weights, snapshots, box,
                                              region_classes=region_classes_of(run), autoplay=autoplay)


def _curves_for(run):
    """The bound curves of the run's learner on the trials seen so far (fitted once per trial)."""
    return _memo(run, "bound curves", lambda: _fit_curves(run))


def _fit_curves(run):
    if not run.trials:
        return []
    shown = run.shown()
    X, y, c = run.X[shown], run.y[shown], run.weights[shown]
    family = BINARY_FAMILIES.get(type(run.learner).__name__)
    if family == "perceptron":
        return comparators.perceptron_bound_curves(run.learner, X, y, sample_weight=c)
    if family == "winnow":
        return comparators.winnow_bound_curves(run.learner, X, y)
    if family == "kernel":
        return comparators.kernel_bound_curve(run.learner, X, y)
    return []


def bound_panel(run):
    """(figure or None, notes): cumulative mistakes and weighted loss against every bound of the
    learner computed from the trials seen so far, and plain-words reasons for those that do not apply."""
    if not run.trials:
        return None, []
    found = _curves_for(run)
    cumulative = _memo(run, "cumulative", run.cumulative)
    figure = curves.bound_curves_figure(cumulative["trial"], cumulative["mistakes"], found,
                                        weighted_loss=cumulative["weighted_loss"])
    notes = [f"{c.name} ({c.source}): {c.reason}." for c in found if c.reason]
    return figure, notes
