"""Issue 34: every story's run shows what its headline says (lab.stories: each story lists its claims in the
words of CLAIMS).  "XOR needs a kernel" made 49 mistakes in 3 passes and never converged; "One perfect
expert" made 0 mistakes in 200 trials, so there was nothing to step.

Each claim is checked on the run the story's page shows (tests/story_runs.py: the page's settings with the
story's presets, the run played as lab.timeline plays it), for the stories on Home and the learners' own
examples (lab.stories.EXAMPLES)."""

from __future__ import annotations

import numpy as np
import pytest

from lab.stories import CLAIMS, EXAMPLES, STORIES
from tests.story_runs import page_run

ALL = {**STORIES, **EXAMPLES}
RUNS: dict = {}


def played(key: str):
    """The story's run, played once per test session (a claim may compare two stories)."""
    if key not in RUNS:
        RUNS[key] = page_run(ALL[key])
    return RUNS[key]


def test_every_story_makes_claims_in_the_words_of_the_vocabulary():
    for key, story in ALL.items():
        assert story.claims, f"{key} says nothing its run could show"
        for claim in story.claims:
            assert claim.split(":")[0] in CLAIMS, (key, claim)


def check(key: str, claim: str) -> None:
    word, _, argument = claim.partition(":")
    if word == "winnow-wins":
        return check_winnow_wins()
    found = played(key)
    counts = found.mistakes_per_pass()
    cumulative = found.run.cumulative()
    if word == "mistakes":
        assert found.run.mistakes >= 2, f"{key}: {found.run.mistakes} mistakes, nothing to step"
    elif word == "converges":
        assert 0 in counts, f"{key}: no pass without a mistake, {counts}"
    elif word == "settles":
        trials = np.flatnonzero([t.record.mistake for t in found.run.trials]) + 1
        assert trials.size and trials[-1] <= found.run.total_trials / 4, (key, trials.tolist())
    elif word == "not-separable":
        from learners import Perceptron
        from learners.comparators import novikoff_of, perceptron_bound_curves
        novikoff = novikoff_of(perceptron_bound_curves(Perceptron(), found.X, found.labels, found.weights))
        assert novikoff is not None and not novikoff.applies[-1], f"{key}: a line separates its points"
    elif word == "bound":
        curve = found.curves().get(argument)
        assert curve is not None, (key, argument, sorted(found.curves()))
        assert curve.applies.all() and curve.bounds_this_run, (key, argument, curve.reason)
        counted = {"mistakes": cumulative["cum_mistakes"],
                   "weighted loss": cumulative["cum_weighted_loss"]}[curve.measures]
        assert np.all(counted <= np.asarray(curve.values) * (1 + 1e-9)), (key, argument)
    elif word == "more-mistakes-than":
        assert found.run.mistakes > played(argument).run.mistakes, (key, argument)
    elif word == "all-pair-agrees":
        from lab.compare import all_pair_agreement
        run = found.run
        agreement = all_pair_agreement(found.X, found.labels, found.weights, order=run.order,
                                       n_passes=run.n_passes, seed=run.seed)
        assert agreement["disagreements"][-1] == 0 and len(agreement["trial"]) == run.total_trials
    elif word == "priorities-grow":
        from lab import catalog
        from lab.runner import Run
        theta = np.asarray(found.values["theta"], dtype=float)
        important = np.flatnonzero(theta == theta.max())
        assert important.size < theta.size, f"{key}: every class has the same priority"
        equal = Run(catalog.build(found.name, {**found.values, "theta": tuple(np.ones_like(theta))}), found.X,
                    found.labels, found.weights, order=found.run.order, n_passes=found.run.n_passes,
                    seed=found.run.seed)
        equal.play()
        share = [np.isin(run.learner.predict(found.X), important).mean() for run in (found.run, equal)]
        assert share[0] > share[1], (key, share)
    else:
        raise AssertionError(f"no check for the claim {claim!r}")


#: the sparse target's sizes, mistake-free stretch and cap the claim is checked at: the ends of the Winnow
#: page's small version of the experiment, which the story opens
WINNOW_SIZES, WINNOW_QUIET, WINNOW_CAP = (16, 256), 1_000, 20_000


def check_winnow_wins() -> None:
    """On the sparse target (the experiment's own stream and stopping rule, for its two learners at two
    sizes: a few seconds instead of the whole table's), Winnow's count grows by less than the Perceptron's
    from the smallest n to the largest, and ends below it."""
    from datasets.winnow_streams import TargetSource
    from experiments.winnow_scaling import FIXED_ETA, present_until_quiet
    from learners import Perceptron, Winnow

    counts = {}
    for n in WINNOW_SIZES:
        for name, model in (("Perceptron", Perceptron(fit_intercept=False)),
                            ("Winnow", Winnow(eta=FIXED_ETA, balanced=False, fit_intercept=False))):
            source = TargetSource("sparse", n, 3, seed=n)
            counts[name, n] = present_until_quiet(model, source, WINNOW_QUIET, WINNOW_CAP)["mistakes"]
    small, large = WINNOW_SIZES
    assert counts["Winnow", large] < counts["Perceptron", large], counts
    assert counts["Winnow", large] / counts["Winnow", small] < \
        counts["Perceptron", large] / counts["Perceptron", small], counts


@pytest.mark.parametrize("key, claim", [(key, claim) for key, story in ALL.items() for claim in story.claims])
def test_the_storys_run_shows_what_its_headline_says(key, claim):
    check(key, claim)
