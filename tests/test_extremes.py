"""Extreme parameter values never put NaN or ±inf into a figure.

Every learner of ``lab.catalog.LEARNERS`` is run with each numeric parameter at
the low and at the high end of its slider (the other parameters at their
defaults; a kernel width or degree with every kernel it matters for, C with
every PA variant), on small awkward point sets: separable, overlapping,
duplicates (the same point with both labels), and every point at the origin
(zero vectors).  The whole run is built as the player receives it — ``lab.timeline.build_timeline``:
every trial, the model after every update, the bound curves, the invariants, the
math — and every number of the payload must be finite: its JSON is written with
``allow_nan=False`` and every figure inside it (typed arrays included) is walked.
``None`` is allowed: Plotly uses it for gaps.  The same holds for the Experts page at
the ends of β, ε, N, the number of trials and the error rates
(``lab.catalog.EXPERT_PARAMS``), and for every data generator at the ends of its
sliders (``datasets.generators``).
"""

from __future__ import annotations

import base64
import itertools
import math

import numpy as np
import plotly.graph_objects as go
import pytest

from datasets import generators
from datasets.pointset import MAX_VALUE, PointSet
import json

from lab import catalog
from datasets.advice import GENERATORS, AdviceStream, make_stream
from lab.timeline import build_timeline, payload_json
from learners import bounds
from viz.boundary import point_traces
from viz.experts import rwm_epsilon_figure


# ------------------------------------------------------------------ the JSON walk
def _decoded(value: dict) -> np.ndarray:
    """A Plotly typed array ``{"dtype", "bdata", "shape"?}`` as a NumPy array."""
    return np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))


def non_finite(node, path: str = "figure"):
    """Paths of every NaN or ±inf number in a figure's ``to_dict()`` (typed arrays decoded)."""
    if isinstance(node, dict):
        if "bdata" in node and "dtype" in node:
            values = _decoded(node)
            if values.dtype.kind == "f" and not np.all(np.isfinite(values)):
                yield f"{path} (typed array, {int(np.sum(~np.isfinite(values)))} bad)"
            return
        for key, value in node.items():
            yield from non_finite(value, f"{path}.{key}")
    elif isinstance(node, (list, tuple)):
        for index, value in enumerate(node):
            yield from non_finite(value, f"{path}[{index}]")
    elif isinstance(node, np.ndarray):
        if node.dtype == object:
            yield from non_finite(node.tolist(), path)
        elif node.dtype.kind in "fc" and not np.all(np.isfinite(node)):
            yield path
    elif isinstance(node, (float, np.floating)) and not math.isfinite(node):
        yield path


def numbers_in(node) -> int:
    """How many numbers the walk saw (so a test knows it did look at something)."""
    if isinstance(node, dict):
        if "bdata" in node and "dtype" in node:
            return _decoded(node).size
        return sum(numbers_in(value) for value in node.values())
    if isinstance(node, (list, tuple)):
        return sum(numbers_in(value) for value in node)
    if isinstance(node, np.ndarray):
        return node.size
    return int(isinstance(node, (int, float, np.number)) and not isinstance(node, bool))


def assert_finite(*built):
    """Every figure given (None skipped) holds only finite numbers (or None)."""
    seen = 0
    for figure in built:
        if figure is None:
            continue
        content = figure.to_dict()
        bad = list(itertools.islice(non_finite(content), 5))
        assert not bad, f"non-finite numbers at {bad}"
        seen += numbers_in(content)
    assert seen > 0, "the figures hold no numbers at all"


def assert_finite_payload(payload: dict) -> None:
    """A timeline payload: JSON without NaN or infinity (``allow_nan=False`` raises on them), and every
    figure in it finite, typed arrays included."""
    text = payload_json(payload)
    assert text
    figures = [payload["curves"]["figure"]] + [payload[k]["figure"] for k in ("boundary",) if k in payload]
    if payload.get("invariants"):
        figures.append(payload["invariants"])
    seen = 0
    for figure in figures:
        content = json.loads(figure)
        bad = list(itertools.islice(non_finite(content), 5))
        assert not bad, f"non-finite numbers at {bad}"
        seen += numbers_in(content)
    assert seen > 0, "the figures hold no numbers at all"


def test_the_walk_finds_nan_and_inf_in_plain_and_typed_arrays():
    import plotly.graph_objects as go

    assert list(non_finite(go.Figure(go.Scatter(x=[1.0, None], y=[2.0, 3.0])).to_dict())) == []
    assert list(non_finite(go.Figure(go.Scatter(x=[1.0, float("nan")], y=[2.0, 3.0])).to_dict()))
    assert list(non_finite(go.Figure(go.Scatter(x=np.array([1.0, np.inf]), y=[2.0, 3.0])).to_dict()))
    assert list(non_finite(go.Figure(go.Heatmap(z=np.array([[1.0, np.nan], [0.0, 1.0]]))).to_dict()))
    frame = go.Figure(frames=[go.Frame(data=[go.Scatter(x=[0.0], y=[-np.inf])])]).to_dict()
    assert list(non_finite(frame))


# ------------------------------------------------------------------ point sets
def awkward_sets(n_classes: int) -> dict:
    """Three small point sets with ``n_classes`` classes (labels cycle 0, 1, …).

    ``huge``: points at the corners ±10⁹ (the largest coordinates a set may hold) with
    weights 10⁹, the same points again with their mirror images; ``separable``: round clouds far apart, each point twice (same label), one class
    holding a zero vector; ``contradictory``: one overlapping cloud, the same
    points again with the next label, zero vectors of every class, weights from
    0 to 10⁶; ``origin``: every point at the origin (a view of zero extent).
    """
    rng = np.random.default_rng(11)
    labels = np.arange(2 * n_classes) % n_classes
    angles = 2 * np.pi * np.arange(n_classes) / n_classes
    centres = 3.0 * np.c_[np.cos(angles), np.sin(angles)]
    cloud = centres[labels] + 0.3 * rng.normal(size=(labels.size, 2))
    separable = np.r_[cloud, cloud, [[0.0, 0.0]]]
    overlap = rng.normal(size=(labels.size, 2))
    zeros = np.zeros((n_classes, 2))
    contradictory = np.r_[overlap, overlap, zeros]
    c_labels = np.r_[labels, (labels + 1) % n_classes, np.arange(n_classes)]
    c_weights = np.r_[np.zeros(labels.size), np.full(labels.size, 1e6), np.ones(n_classes)]
    huge = np.r_[MAX_VALUE * np.sign(centres[labels] + 0.01), -MAX_VALUE * np.sign(centres[labels] + 0.01)]
    return {
        "huge": PointSet.from_arrays(huge, np.r_[labels, labels], weights=np.full(2 * labels.size, MAX_VALUE)),
        "separable": PointSet.from_arrays(separable, np.r_[labels, labels, 0]),
        "contradictory": PointSet.from_arrays(contradictory, c_labels, weights=c_weights),
        "origin": PointSet.from_arrays(np.zeros((2 * n_classes, 2)), labels),
    }


SETS = {2: awkward_sets(2), 3: awkward_sets(3)}

#: the classifiers the pages step through (the Experts page has its own test below)
PAGE_LEARNERS = sorted({name for page, names in catalog.PAGES.items() if page != "experts" for name in names})
#: a numeric parameter and the choice values it matters with
PAIRED_WITH = {("gamma", "kernel"): ("rbf", "laplace", "poly"), ("degree", "kernel"): ("poly",),
               ("C", "variant"): ("PA-I", "PA-II")}


def extreme_settings():
    """(learner, parameter values) for every numeric parameter at both ends of its slider."""
    cases = []
    for name in PAGE_LEARNERS:
        spec = catalog.LEARNERS[name]
        numeric = [p for p in spec.params if p.kind in ("int", "float")]
        choices = {p.name: p for p in spec.params if p.kind == "choice"}
        if not numeric:
            cases.append(pytest.param(name, {}, id=f"{name}-defaults"))
        for param in numeric:
            partners = [(choice, option) for (numeric_name, choice), options in PAIRED_WITH.items()
                        if numeric_name == param.name and choice in choices for option in options] or [(None, None)]
            for end, value in (("low", param.low), ("high", param.high)):
                for choice, option in partners:
                    values = {param.name: int(value) if param.kind == "int" else float(value)}
                    if choice:
                        values[choice] = option
                    label = f"{name}-{param.name}-{end}" + (f"-{option}" if choice else "")
                    cases.append(pytest.param(name, values, id=label))
    cases.append(pytest.param("Perceptron", {"normalize": True}, id="Perceptron-normalize"))
    return cases


@pytest.mark.parametrize("name, values", extreme_settings())
def test_every_learner_at_the_ends_of_its_sliders_draws_finite_figures(name, values):
    spec = catalog.LEARNERS[name]
    k = 2 if spec.binary_only else 3
    if name == "Apportioned margin":
        values = {**values, "theta": (10.0, 1.0, 0.1)}            # unequal priorities, as on that page
    for set_name, points in SETS[k].items():
        points = non_negative_if_needed(points, name)
        payload = build_timeline(name, values, points, order="adversarial", n_passes=2)
        assert payload["T"] == 2 * len(points), set_name
        assert_finite_payload(payload)


def non_negative_if_needed(points: PointSet, name: str) -> PointSet:
    """A learner that needs x ≥ 0 (OOZ, the weight-bounded perceptron) plays the set reflected into x ≥ 0."""
    if not catalog.LEARNERS[name].cls._positive_only:
        return points
    X, labels, weights = points.to_arrays()
    return PointSet.from_arrays(np.abs(X), labels, weights=weights, class_names=points.class_names, theta=points.theta)


def test_the_extreme_settings_cover_every_numeric_parameter_of_every_learner():
    covered = {(case.values[0], key) for case in extreme_settings() for key in case.values[1]}
    for name in PAGE_LEARNERS:
        for param in catalog.LEARNERS[name].params:
            if param.kind in ("int", "float"):
                assert (name, param.name) in covered


# ------------------------------------------------------------------ experts
def expert_settings(generator: str) -> list:
    """Six settings of the Experts page for ``generator`` that between them put every slider at
    both ends: β low/high, ε low/high, the doubling trick; (N, trials) both low or, for the
    second and fifth setting, both high (2,000 trials: weights underflow); error rates both 0,
    both 1, or from 0 to 1."""
    P = catalog.EXPERT_PARAMS
    wm, rwm = catalog.PAGES["experts"]
    learners_at_ends = [(wm, {"beta": P["beta"].low}), (wm, {"beta": P["beta"].high}),
                        (rwm, {"epsilon": P["epsilon"].low, "doubling": False}),
                        (rwm, {"epsilon": P["epsilon"].high, "doubling": False}),
                        (rwm, {"epsilon": P["epsilon"].low, "doubling": True})]
    sizes = [(int(P["n_experts"].low), int(P["n_trials"].low)), (int(P["n_experts"].high), int(P["n_trials"].high))]
    low, high = P["error_rates"].low, P["error_rates"].high
    rates = [(low, low), (high, high), (low, high)]
    return [(*learners_at_ends[i % 5], *sizes[i in (1, 4)], rates[i % 3]) for i in range(6)]


@pytest.mark.parametrize("generator", GENERATORS)
def test_the_experts_page_at_the_ends_of_its_sliders_draws_finite_figures(generator):
    for algorithm, params, n_experts, n_trials, (low, high) in expert_settings(generator):
        advice, outcomes = make_stream(generator, n_experts, n_trials, low, high, 0,
                                       catalog.build(algorithm, params, seed=0))
        values = {k: v for k, v in params.items() if not (k == "epsilon" and params.get("doubling"))}
        payload = build_timeline(algorithm, values, AdviceStream(advice, outcomes), seed=0)
        assert payload["T"] == len(outcomes)
        assert_finite_payload(payload)
        if algorithm != catalog.PAGES["experts"][0]:
            m = max(int((advice != outcomes[:, None]).sum(axis=0).min()), 1)
            assert_finite(rwm_epsilon_figure(advice.shape[1], m, np.linspace(0.01, 0.5, 50)))
            assert math.isfinite(bounds.rwm_best_epsilon(m, advice.shape[1]))


# ------------------------------------------------------------------ generators
def generator_settings():
    """Each slider of each generator at each end (the others at their defaults), and all at once."""
    cases = []
    for name, spec in generators.GENERATORS.items():
        for param in spec.params:
            for end in ("low", "high"):
                value = getattr(param, end)
                cases.append(pytest.param(name, {param.name: int(value) if param.kind == "int" else float(value)},
                                          id=f"{name}-{param.name}-{end}"))
        for end in ("low", "high"):
            cases.append(pytest.param(name, {p.name: int(getattr(p, end)) if p.kind == "int" else
                                             float(getattr(p, end)) for p in spec.params}, id=f"{name}-all-{end}"))
    return cases


@pytest.mark.parametrize("name, arguments", generator_settings())
def test_every_generator_at_the_ends_of_its_sliders_gives_finite_data_and_figures(name, arguments, request):
    points = generators.make(name, seed=0, **arguments)
    X, labels, weights = points.to_arrays()
    assert len(points) > 0 and np.all(np.isfinite(X)) and np.all(np.isfinite(weights))
    assert_finite(go.Figure(point_traces(X, labels, points.class_names, weights)))
    if "-all-" not in request.node.callspec.id or len(points.used_classes) < 2:
        return                                       # a run's figures: with every slider at one end
    learner = "Perceptron" if len(points.used_classes) == 2 else "Multi-vector Perceptron"
    shown = min(len(points), 40)                     # the first points in their seeded order
    sample = PointSet(X[:shown], labels[:shown], weights[:shown], points.class_names, points.theta)
    if len(sample.used_classes) < 2:
        return
    assert_finite_payload(build_timeline(learner, {}, sample, order="adversarial"))
