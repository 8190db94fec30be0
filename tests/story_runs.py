"""The run a story's page shows, computed as the page computes it: its settings read from the page's table
(lab.settings) — the story's presets where it sets them, the rows' defaults elsewhere — its data made by the
story, and the run played by lab.runner.Run with the learner the catalog builds (as lab.timeline does)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lab import catalog
from lab.runner import Run
from lab.settings import learner_params, page_settings, run_settings
from lab.stories import make_points


@dataclass
class PageRun:
    """A played run: the learner's name and values, the data's arrays, and the run itself."""

    name: str
    values: dict
    X: np.ndarray
    labels: np.ndarray
    weights: np.ndarray
    run: Run

    @property
    def spec(self):
        return catalog.LEARNERS[self.name]

    def curves(self) -> dict:
        """The learner's bound curves on the trials as shown, by key (what the page draws)."""
        shown = self.run.shown()
        if self.spec.bound_curves is None:
            return {}
        found = self.spec.bound_curves(self.run.learner, self.X[shown], self.labels[shown], self.weights[shown])
        return {curve.key: curve for curve in found}

    def mistakes_per_pass(self) -> list[int]:
        mistake = np.array([t.record.mistake for t in self.run.trials], dtype=bool)
        n = self.run.n_points
        return [int(mistake[i:i + n].sum()) for i in range(0, len(mistake), n)]


def chosen(story, learner: str | None = None) -> dict:
    """Every setting of the story's page as its widgets read them: the story's presets, the defaults
    elsewhere; ``learner`` replaces the story's learner (its parameters then take their defaults)."""
    page = story.page_key
    settings = dict(story.settings)
    if learner is not None and settings.get("learner") != learner:
        settings = {key: value for key, value in settings.items()
                    if key not in {p.key for p in learner_params(page, settings.get("learner"))}}
        settings["learner"] = learner
    rows = page_settings(page, settings.get("learner"))
    return {row.key: row.parse(settings[row.key]) if row.key in settings else row.default for row in rows}


def page_inputs(story, learner: str | None = None) -> dict:
    """What the story's page hands to its player (with ``learner`` chosen instead of the story's, when
    given): the learner's ``name`` and parameter ``values``, the ``data`` (points or advice), ``order``,
    ``n_passes`` and ``seed``."""
    page = story.page_key
    values = chosen(story, learner)
    name = values["learner"]
    params = {p.key: values[p.key] for p in learner_params(page, name)}
    if page == "experts":
        from datasets.advice import make_stream
        low, high = values["rates"]
        data = make_stream(values["advice"], values["experts"], values["trials"], low, high, values["seed"],
                           catalog.build(name, params, seed=values["seed"]))
        order, passes, seed = "drawn", 1, values["seed"]
    else:
        data = make_points(story)
        order, passes, seed = (values[row.key] for row in run_settings(page))
        if "theta" in catalog.build(name).get_params():          # the Priority page passes the points' θ
            params["theta"] = tuple(float(v) for v in data.theta)
    return {"name": name, "values": params, "data": data, "order": order, "n_passes": int(passes),
            "seed": int(seed)}


def page_run(story, learner: str | None = None) -> PageRun:
    """Play the run the story's page shows (with ``learner`` chosen instead of the story's, when given)."""
    inputs = page_inputs(story, learner)
    X, labels, weights = inputs["data"].to_arrays()
    run = Run(catalog.build(inputs["name"], inputs["values"]), X, labels, weights, classes=np.unique(labels),
              order=inputs["order"], n_passes=inputs["n_passes"], seed=inputs["seed"])
    run.play()
    return PageRun(inputs["name"], inputs["values"], np.asarray(X), np.asarray(labels),
                   np.asarray(weights, dtype=float), run)
