"""A run computed once, as one object the browser moves through: the timeline payload.

When the inputs of a run change (points, learner, parameters, order, passes, seed), the
server plays the whole run and writes down everything any trial shows: which point each
trial presents, mistakes and updates, the model in force after every update (its regions,
the previous boundary, w's arrow, support lines, or a kernel model's support points and
dual coefficients), every trial's math with its numbers, the bound curves and the proof's
invariants over all trials.  The player (components/timeline.js) then steps, goes back,
scrubs and plays in the browser with no server round trip, and every panel always shows
the same trial.

The payload is a plain dict of JSON-ready values (figures as Plotly JSON strings).  Its
math is packed: every trial's MathML is cut into a template (shared by the many trials of
the same shape) and the numbers that fill it.  Pure Python: no Streamlit.

Examples
--------
>>> import numpy as np
>>> from datasets.pointset import PointSet
>>> points = PointSet.from_arrays([[1.0, 2.0], [-1.0, -1.5], [2.0, 0.5], [-2.0, 0.5]], [1, 0, 1, 0])
>>> payload = build_timeline("Perceptron", {}, points, order="drawn", n_passes=2, seed=0)
>>> payload["T"], payload["trials"]["mistake"], payload["trials"]["cum_mistakes"]
(8, '10010000', [1, 1, 1, 2, 2, 2, 2, 2])
>>> len(payload["math"]["use"]) == payload["T"]
True
"""

from __future__ import annotations

import hashlib
import json

import numpy as np
import plotly.io as pio

from viz import curves as curve_figures
from viz.boundary import plain
from viz.geometry import argmax_regions, border_segments, halfplane_regions, line_segment_in_box, view_box
from viz.timeline import grid_axes_of, timeline_boundary_figure, with_cursor

from . import catalog
from .formula import math_element, remembering
from .drag import comparator_drag
from .limits import TRIALS, trial_limit
from .quiz import classifier_quiz, feature_names
from .runner import Run, boundary_snapshot

VERSION = 1
#: the most trials any run built for the browser holds; each learner's own limit (lab.limits, from
#: measurements) is lower still.  Longer runs are cut and say so: the library and ``python -m experiments``
#: have no limit
MAX_TRIALS = max(TRIALS.values())
#: trials between two progress reports of a build (each report is also where a page's Stop lands)
PROGRESS_EVERY = 100
GRID = 64                 # cells per side of a kernel model's score grid (computed by the player)
PLACEHOLDER = "\u0001"    # where a number goes in a math template (never in a text: see lab.formula.text)


# ------------------------------------------------------------------ small encoders
def bits(flags) -> str:
    """A boolean series as a string of 0s and 1s (compact and exact).

    >>> bits([True, False, True])
    '101'
    """
    return "".join("1" if flag else "0" for flag in np.asarray(flags, dtype=bool))


def rounded(values, scale: float, digits: int = 4) -> list:
    """Coordinates rounded to ``digits`` significant digits of ``scale`` (the view's size), NaN → None."""
    values = np.asarray(values, dtype=float)
    decimals = max(0, digits - int(np.floor(np.log10(max(scale, 1e-300)))))
    out = np.round(values, min(decimals, 12))
    return [None if not np.isfinite(v) else float(v) for v in out.reshape(-1)]


def _xy(segments_or_polygon, scale, closed=False):
    """(xs, ys) lists of a polygon (closed when asked) or of segments joined by None gaps."""
    xs, ys = [], []
    if closed:
        polygon = np.asarray(segments_or_polygon, dtype=float).reshape(-1, 2)
        if len(polygon):
            polygon = np.vstack([polygon, polygon[:1]])
        return rounded(polygon[:, 0], scale), rounded(polygon[:, 1], scale)
    for segment in segments_or_polygon:
        segment = np.asarray(segment, dtype=float).reshape(-1, 2)
        if xs:
            xs.append(None)
            ys.append(None)
        xs += rounded(segment[:, 0], scale)
        ys += rounded(segment[:, 1], scale)
    return xs, ys


def pack_math(blocks: list[str]) -> dict:
    """Cut each trial's MathML into a template and its numbers; templates are shared.

    >>> packed = pack_math(["<mn>1</mn><mo>+</mo><mn>2</mn>", "<mn>5</mn><mo>+</mo><mn>7</mn>"])
    >>> len(packed["templates"]), packed["use"], packed["numbers"]
    (1, [0, 0], [['1', '2'], ['5', '7']])
    """
    templates, index, use, numbers = [], {}, [], []
    for block in blocks:
        pieces = block.split("<mn>")
        texts, found = [pieces[0] + "<mn>"], []
        for piece in pieces[1:]:
            value, rest = piece.split("</mn>", 1)
            found.append(value)
            texts.append("</mn>" + rest + "<mn>")
        texts[-1] = texts[-1][:-4]
        template = PLACEHOLDER.join(texts)
        if template not in index:
            index[template] = len(templates)
            templates.append(template)
        use.append(index[template])
        numbers.append(found)
    return {"templates": templates, "use": use, "numbers": numbers}


def figure_json(figure) -> str:
    """A Plotly figure as JSON (NumPy arrays as compact typed arrays), for the player to parse."""
    return pio.to_json(figure, validate=False, remove_uids=True)


# ------------------------------------------------------------------ boundaries
def _linear_state(snapshot: dict, box, classes, scale, memo: dict) -> dict:
    """What the player draws for one linear model: its shape — a polygon per class, the borders
    (the next trial's ghost), w's arrow (binary) — as an index into ``memo["shapes"]``, and the
    support lines w_j·x + b_j = θ_j (θ-scaled rows at 1).

    Regions, borders and the arrow depend on (W, b) only up to a positive factor: the SGD solver
    of the apportioned margin shrinks W at every trial without moving them, so ``memo`` (one
    build's) keeps them by the normalised model and the support lines alone are recomputed."""
    from viz.boundary import arrow_trace_xy

    W, b = snapshot["W"], snapshot["b"]
    k = len(classes)
    flat = np.r_[W.ravel(), b]
    size = float(np.abs(flat).max())
    key = (W.shape, np.round(flat / size, 12).tobytes() if size > 0 else b"zero")
    index = memo.get(key)
    if index is None:
        if W.shape[0] == 1:
            polygons = halfplane_regions(W[0], b[0], box)          # [class 0's side, class 1's side]
        else:
            polygons = argmax_regions(W, b, box)
        polygons = list(polygons) + [np.zeros((0, 2))] * (k - len(polygons))
        shape = {"regions": [_xy(polygon, scale, closed=True) for polygon in polygons[:k]],
                 "borders": _xy(border_segments([p for p in polygons if len(p)], box), scale)}
        if W.shape[0] == 1:
            xs, ys = arrow_trace_xy(np.r_[W[0][:2], b[0]], box)
            shape["arrow"] = [rounded(xs, scale), rounded(ys, scale)]
        index = memo[key] = len(memo["shapes"])
        memo["shapes"].append(shape)
    state = {"shape": index}
    if snapshot.get("support"):
        lines = []
        for w, offset in zip(W, b):
            segment = line_segment_in_box(w, offset, box, 1.0)
            lines.append(_xy([segment] if segment is not None else [], scale))
        state["support"] = lines
    return state


def _snapshot_with_support(learner) -> dict:
    snapshot = boundary_snapshot(learner)
    if snapshot["kind"] == "linear" and getattr(learner, "theta_", None) is not None and snapshot["W"].shape[0] > 1:
        snapshot["support"] = True        # the apportioned classifier's θ-scaled rows: w_j·x + b_j = θ_j at 1
    return snapshot


def _dual_payload(learner, spec, records, box) -> dict:
    """A kernel model for the player: grid features, kernel, and per update (support point, Δ coefficients)."""
    gx, gy = grid_axes_of(box, GRID)
    grid = np.column_stack([np.tile(gx, len(gy)), np.repeat(gy, len(gx))])
    grid_features = learner._features(grid)
    supports, deltas = [], []
    for record in records:
        if not record.updated:
            continue
        supports.append(np.asarray(record.features, dtype=float).round(12).tolist())
        deltas.append(np.asarray(spec.dual_change(record, learner), dtype=float).round(15).tolist())
    theta = getattr(learner, "theta_", None)
    return {"grid": {"x": gx.tolist(), "y": gy.tolist(), "features": grid_features.round(12).tolist()},
            "kernel": {"kind": learner.kernel, "gamma": float(learner.gamma), "degree": float(learner.degree),
                       "coef0": float(learner.coef0)},
            "supports": supports, "deltas": deltas,
            "theta": None if theta is None else np.asarray(theta, dtype=float).tolist(),
            "binary": len(learner.classes_) == 2 and theta is None}


def class_vectors(spec, learner, records) -> dict | None:
    """The vectors of a model with one per class (multiclass, priority), as the figure's description names
    them: the catalog's symbol of a class's vector (:class:`lab.catalog.QuizFacts` ``row_symbol``, e.g.
    ``w_y``), what each coordinate is (:func:`lab.quiz.feature_names`), and every class's vector before the
    first trial and after each update (``after[k]``: after the k-th update), read from the learner's records
    by the catalog's ``rows``, 4 significant digits.  None for a model of one vector (a binary line, whose w
    the quiz's answers hold) or a kernel expansion (no vectors to name).

    >>> from datasets.pointset import PointSet
    >>> points = PointSet.from_arrays([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]], [0, 1, 2])
    >>> run = Run(catalog.build("Multi-vector Perceptron", {}), *points.to_arrays(), classes=np.arange(3))
    >>> records = [run.step().record for _ in range(3)]
    >>> vectors = class_vectors(catalog.LEARNERS["Multi-vector Perceptron"], run.learner, records)
    >>> vectors["symbol"], vectors["coordinates"], len(vectors["after"][0])
    ('w_y', ['x₁', 'x₂', '1'], 3)
    >>> len(vectors["after"]) == 1 + sum(record.updated for record in records)
    True
    >>> for name in ("All-pair Perceptron", "Apportioned margin", "Perceptron"):
    ...     labels = points.labels if name != "Perceptron" else np.array([0, 1, 1])
    ...     run = Run(catalog.build(name, {}), points.X, labels, np.ones(3), classes=np.unique(labels))
    ...     found = class_vectors(catalog.LEARNERS[name], run.learner, [run.step().record])
    ...     print(name, "—", found and found["symbol"])
    All-pair Perceptron — h_y = Σ_j w^{yj}
    Apportioned margin — w_y
    Perceptron — None
    """
    facts = spec.quiz
    if facts is None or facts.rows is None or not records or facts.kind(learner) not in ("rows", "classes"):
        return None
    first = facts.rows(learner, records[0].weights_before)
    if first is None:
        return None

    def written(rows) -> list:
        return [[float(f"{float(v):.4g}") + 0.0 for v in row] for row in np.asarray(rows, dtype=float)]
    after = [written(first)] + [written(facts.rows(learner, record.weights_after))
                                for record in records if record.updated]
    return {"symbol": facts.row_symbol, "coordinates": feature_names(learner), "after": after}


# ------------------------------------------------------------------ the builder
def run_key(name: str, values: dict, data, order: str = "drawn", n_passes: int = 1, seed: int = 0) -> str:
    """A short identity of a run's inputs (``data``: a point set or an advice stream, by its fingerprint):
    equal inputs, equal run (the player keeps its trial)."""
    text = json.dumps([name, sorted((k, repr(v)) for k, v in values.items()), data.fingerprint(), order,
                       int(n_passes), int(seed)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _play(run, planned: int, progress, after_trial=None) -> list:
    """The records of the first ``planned`` trials of ``run`` (``after_trial(trial)`` is called after each)."""
    records = []
    for index in range(planned):
        if progress is not None and index % PROGRESS_EVERY == 0:
            progress(0.9 * index / max(planned, 1), f"trial {index:,} of {planned:,}")
        trial = run.step()
        records.append(trial.record)
        if after_trial is not None:
            after_trial(trial)
    if progress is not None:
        progress(0.9, "bounds, figures and math")
    return records


def _common(spec, key: str, start: int, records, learner, curves, found, names=None) -> dict:
    """What every payload holds, whatever the learner: its name and summary, the trials, the bound curves
    with their notes, every trial's math and the quiz (both from the learner's catalog entry)."""
    T = len(records)
    with remembering():
        math = pack_math(["".join(math_element(f) for f in spec.trial_math(record, learner, names=names))
                          for record in records])
    return {
        "version": VERSION, "kind": "experts" if spec.kind == "experts" else "points", "id": key,
        "learner": spec.name, "summary": spec.summary, "T": T, "start": int(min(max(int(start), 0), T)),
        "curves": {"figure": figure_json(curves), "notes": [f"{c.name} ({c.source}): {c.reason}."   # text, not markup
                                                           for c in found if c.reason]},
        "math": math, "quiz": classifier_quiz(records, learner, names),
    }


def build_timeline(name: str, values: dict, data, *, order: str = "drawn", n_passes: int = 1, seed: int = 0,
                   start: int = 0, max_trials: int | None = None, progress=None) -> dict:
    """Play the run of learner ``name`` (with parameter ``values``) on ``data`` and return its payload.

    Parameters
    ----------
    name : a learner of :data:`lab.catalog.LEARNERS`.
    values : its parameter values (defaults for the rest).
    data : for a classifier, a :class:`datasets.pointset.PointSet` with at least two classes; for an expert
        learner (its entry's ``kind`` is ``"experts"``), a :class:`datasets.advice.AdviceStream`.
    order, n_passes, seed : the presentation (see :class:`lab.runner.Run`).
    start : the trial the player shows first (clamped to the run).
    max_trials : the run stops after this many trials (``payload["cut"]`` then says how many the
        settings asked for, ``payload["cut_reason"]`` why); None: the learner's limit in the browser lab
        (:func:`lab.limits.trial_limit`).
    progress : None, or ``progress(fraction, text)`` called every :data:`PROGRESS_EVERY` trials and once
        before the figures are made (a page moves a progress bar with it; an exception it raises
        stops the build).  An expert learner's run has no trial limit (its stream is the page's).
    """
    spec = catalog.LEARNERS[name]
    X, labels, weights = data.to_arrays()
    classes = np.unique(labels)
    run = Run(catalog.build(name, values), X, labels, weights, classes=classes, order=order,
              n_passes=n_passes, seed=seed)
    key = run_key(name, values, data, order, n_passes, seed)
    if spec.kind == "experts":
        return _experts_payload(spec, key, start, run, X, labels, _play(run, run.total_trials, progress))
    points = data
    learner = run.learner
    box = view_box(X, 0.15)
    scale = max(box[1] - box[0], box[3] - box[2])
    snapshots, shapes = [], {"shapes": []}
    dual = boundary_snapshot(learner)["kind"] != "linear"
    if not dual:
        snapshots.append(_linear_state(_snapshot_with_support(learner), box, classes, scale, shapes))
    asked = run.total_trials
    limit = trial_limit(name, len(X), order)
    if max_trials is not None:
        limit = limit.__class__(int(max_trials), f"this run was asked for at most {int(max_trials):,} trials")
    planned = min(asked, limit.trials)

    def after_trial(trial):
        if trial.record.updated and not dual:
            snapshots.append(_linear_state(_snapshot_with_support(learner), box, classes, scale, shapes))
    records = _play(run, planned, progress, after_trial)
    T = len(records)
    mistake = np.array([r.mistake for r in records], dtype=bool)
    updated = np.array([r.updated for r in records], dtype=bool)
    trial_weights = np.array([r.weight for r in records], dtype=float)
    cum_loss = np.cumsum(np.where(mistake, trial_weights, 0.0))
    shown = run.shown()
    names = points.class_names
    region_classes = [int(c) for c in classes]

    figure = timeline_boundary_figure(X, labels, names, weights, box=box, region_classes=region_classes,
                                      n_support=len(classes) if snapshots and "support" in snapshots[0] else 0,
                                      dual=dual, binary=len(classes) == 2, title="before the first trial")
    found = spec.bound_curves(learner, X[shown], labels[shown], weights[shown]) if spec.bound_curves else []
    trials_axis = np.arange(1, T + 1)
    curves = with_cursor(curve_figures.bound_curves_figure(
        trials_axis, np.cumsum(mistake), found, weighted_loss=cum_loss), T)
    comparators, comparator_use = _comparators(learner, found, T, box, scale)
    invariants = None
    if spec.invariants is not None:
        after = np.array([np.asarray(r.weights_after, dtype=float).reshape(-1) for r in records])
        values_at = spec.invariants(learner, after, np.cumsum(mistake), found)
        if values_at is not None:
            invariants = figure_json(with_cursor(curve_figures.invariants_figure(
                trials_axis, values_at["w_dot_u"], values_at["gamma_M"], values_at["w_norm_sq"], values_at["R2_M"]), T))
    payload = _common(spec, key, start, records, learner, curves, found, names)
    payload.update({
        "n_passes": int(n_passes), "n_points": len(X), "cut": int(asked) if asked > T else None,
        "cut_reason": limit.reason if asked > T else None,
        "class_names": [str(n) for n in names], "labels": labels.astype(int).tolist(),
        "point_weights": [float(w) for w in weights],
        "X": [rounded(X[:, 0], scale, 6), rounded(X[:, 1], scale, 6)],
        "show_weighted": bool(spec.importance_weighted or points.has_weights),
        "trials": {"point": shown.astype(int).tolist(), "mistake": bits(mistake), "updated": bits(updated),
                   "cum_mistakes": np.cumsum(mistake).astype(int).tolist(),
                   "cum_loss": rounded(cum_loss, max(float(cum_loss[-1]) if T else 1.0, 1.0), 6),
                   "weight": [float(w) for w in trial_weights]},
        "boundary": {"figure": figure_json(figure), "box": list(box), "states": snapshots,
                     "shapes": shapes["shapes"], "dual": None,
                     "comparators": comparators, "comparator_use": comparator_use},
        "invariants": invariants,
    })
    vectors = class_vectors(spec, learner, records)
    if vectors is not None:           # a model of one vector per class: the figure's description names each
        payload["class_vectors"] = vectors
    if dual:
        payload["boundary"]["dual"] = _dual_payload(learner, spec, records, box)
    payload["drag"] = None if dual else comparator_drag(learner, X, labels, found, trial_weights)
    return payload


def _experts_payload(spec, key: str, start: int, run, advice, outcomes, records) -> dict:
    """The payload of an expert learner's run (seed 001): beside what every payload holds, the scene —
    every trial's advice and outcome, the vote before the update, the prediction (RWM: the followed
    expert), mistakes and expected mistakes, the best expert's mistakes so far, restarts of the doubling
    trick, and the factor (β or 1 − ε) of every trial.  The weights are not sent: the player rebuilds them
    as the learner keeps them — w_i = f^{c_i}, c_i the penalties of expert i in the current phase (reset
    by a restart) — from the advice, the outcomes and the phases."""
    learner = run.learner
    advice = np.asarray(advice)
    T, N = advice.shape
    randomized = bool(spec.quiz.draws)
    mistakes = np.cumsum([r.mistake for r in records]).astype(int)
    expected = np.cumsum([r.expected_loss for r in records])
    found = spec.bound_curves(learner, advice, outcomes, None)
    curves = with_cursor(curve_figures.bound_curves_figure(
        np.arange(1, T + 1), expected if randomized else mistakes, found,
        y_label="expected mistakes" if randomized else "mistakes"), T)
    payload = _common(spec, key, start, records, learner, curves, found)
    payload.update({
        "N": int(N), "randomized": randomized,
        "expert_names": [f"E{i + 1}" for i in range(N)],
        "advice": ["".join("1" if a else "0" for a in row) for row in advice.astype(bool)],
        "outcomes": bits(np.asarray(outcomes).astype(bool)),
        "factors": [float(r.update.get("factor", 1.0)) for r in records],
        "trials": {"prediction": bits([r.prediction == 1 for r in records]),
                   "mistake": bits([r.mistake for r in records]),
                   "restarted": bits([r.restarted for r in records]),
                   "cum_mistakes": mistakes.tolist(),
                   "cum_expected": rounded(expected, max(float(expected[-1]) if T else 1.0, 1.0), 6),
                   "best": np.asarray(learner.history_["best_expert_mistakes"], dtype=int).tolist(),
                   "vote_one": [round(float(r.vote_for_one), 6) for r in records],
                   "expected_loss": [round(float(r.expected_loss), 6) for r in records],
                   "followed": [int(r.followed_expert) if randomized else -1 for r in records],
                   "phase": [int(r.phase) for r in records],
                   "epsilon": [float(r.epsilon) if randomized else None for r in records]},
    })
    return payload


def _comparators(learner, found, T: int, box, scale) -> tuple[list, str]:
    """The comparator lines of the bounds (those that bound this run, have a u, and are drawn on the
    curves: not those applying on under :data:`viz.curves.RARE` of the trials), and for every trial
    which of them to draw ('.' for none): the first whose bound applies at that trial."""
    from learners.comparators import comparator_line

    lines, owners = [], []
    for index, curve in enumerate(found):
        u = (curve.details or {}).get("u")
        if u is None or not curve.bounds_this_run or not np.all(np.isfinite(u)):
            continue
        if np.count_nonzero(curve.applies) < curve_figures.RARE * T:
            continue
        v, b = comparator_line(learner, u)
        segment = line_segment_in_box(v, b, box) if v.shape[0] == 2 and np.any(v) else None
        if segment is None:
            continue
        xs, ys = _xy([segment], scale)
        lines.append({"x": xs, "y": ys, "name": f"comparator u ({plain(curve.name)})"})
        owners.append(curve)
    use = []
    for t in range(T):
        chosen = next((i for i, curve in enumerate(owners) if curve.applies[t]), None)
        use.append("." if chosen is None else str(chosen))
    return lines, "".join(use)


def payload_json(payload: dict) -> str:
    """The payload as compact JSON (what the component sends to the browser)."""
    return json.dumps(payload, separators=(",", ":"), allow_nan=False)
