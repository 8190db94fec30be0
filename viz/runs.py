"""Figures of a :class:`lab.runner.Run`: the boundary now, the whole run animated, live bounds.

Pure functions of the run (no Streamlit): each gathers what the figure
builders of this package need — regions clipped to the view, the current
point, the previous boundary, the bound curves of the data seen so far — and
calls them.
"""

from __future__ import annotations

import numpy as np

from lab import catalog
from learners import comparators

from . import animation, boundary, curves, geometry


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
        return boundary.contour_figure(X, labels, points.class_names, weights, model=run.learner, box=box,
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


def comparator_of(learner, found, trial: int) -> dict | None:
    """The hindsight comparator u of the first bound that bounds this run and applies at ``trial``,
    as a line of the plane; None when no such bound has one (a line is drawn only while its bound
    applies: a comparator through a cloud where its bound has stopped would tell nothing true)."""
    for curve in found:
        u = curve.details.get("u") if curve.details else None
        if u is None or curves.is_reference(curve) or not np.all(np.isfinite(u)):
            continue
        if trial < 1 or trial > len(curve.applies) or not curve.applies[trial - 1]:
            continue
        v, b = comparators.comparator_line(learner, u)
        if v.shape[0] == 2 and np.any(v):
            return {"w": v, "b": b, "name": f"comparator u ({curve.name})"}
    return None


def has_invariants(run) -> bool:
    """Whether the run's learner has proof invariants the lab draws (its catalog entry says)."""
    return catalog.spec_for(run.learner).invariants is not None and bool(run.trials)


def invariants_of(run, found):
    """The proof's invariants after every trial (from the learner's catalog entry) as a figure, or None."""
    spec = catalog.spec_for(run.learner)
    if spec.invariants is None or not run.trials:
        return None
    after = np.array([np.asarray(t.record.weights_after).reshape(-1) for t in run.trials])
    values = spec.invariants(run.learner, after, _memo(run, "cumulative", run.cumulative)["mistakes"], found)
    if values is None:
        return None
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
    return current_boundary(run, points, comparator=comparator_of(run.learner, _curves_for(run), run.trial))


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
    spec = catalog.spec_for(run.learner)
    if not run.trials or spec.bound_curves is None:
        return []
    shown = run.shown()
    return spec.bound_curves(run.learner, run.X[shown], run.y[shown], run.weights[shown])


def bound_panel(run):
    """(figure or None, notes): cumulative mistakes and weighted loss against every bound of the
    learner computed from the trials seen so far, and plain-words reasons for those that do not apply
    (or, for a reference, what it is about)."""
    if not run.trials:
        return None, []
    found = _curves_for(run)
    cumulative = _memo(run, "cumulative", run.cumulative)
    figure = curves.bound_curves_figure(cumulative["trial"], cumulative["mistakes"], found,
                                        weighted_loss=cumulative["weighted_loss"])
    notes = [f"{c.name} ({c.source}): {c.reason}." for c in found if c.reason]
    return figure, notes
