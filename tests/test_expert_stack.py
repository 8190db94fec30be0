"""Issue 26, "experts share the stack": the expert learners (Weighted Majority, Randomized WM, seed 001) run
on the classifiers' stack — one bookkeeping base, one runner, one timeline builder, one page path, one quiz
entry point that asks the catalog."""

from __future__ import annotations

import json

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from datasets.advice import GENERATORS, AdviceStream, lecture_table, make_stream, noisy_experts
from lab import catalog
from lab.quiz import classifier_quiz, experts_quiz
from lab.runner import Run
from lab.timeline import build_timeline, run_key
from learners import RandomizedWeightedMajority, WeightedMajority
from learners._base import OnlineClassifier, OnlineLearner, TrialRecord

EXPERTS = catalog.PAGES["experts"]


@pytest.fixture
def stream():
    return AdviceStream(*noisy_experts(120, np.linspace(0.1, 0.6, 7), seed=4))


# ------------------------------------------------------------------ one bookkeeping base
@pytest.mark.parametrize("cls", [WeightedMajority, RandomizedWeightedMajority])
def test_the_expert_learners_count_on_the_classifiers_base(cls, stream):
    assert issubclass(cls, OnlineLearner) and not issubclass(cls, OnlineClassifier)
    for name in ("mistakes_", "weighted_loss_", "n_trials_", "_pass_orders", "_new_log"):
        assert getattr(cls, name) is getattr(OnlineLearner, name), name       # counted once, in learners/_base.py
    advice, outcomes = stream
    weights = np.linspace(0.5, 2.0, len(outcomes))
    model = cls(random_state=0).fit(advice, outcomes, sample_weight=weights) if cls is RandomizedWeightedMajority \
        else cls().fit(advice, outcomes, sample_weight=weights)
    wrong = model.history_["prediction"] != outcomes
    assert model.mistakes_ == int(wrong.sum()) and model.n_trials_ == len(outcomes)
    assert model.weighted_loss_ == pytest.approx(float(weights[wrong].sum()))


def test_an_expert_record_is_a_trial_record_with_the_experts_numbers():
    advice, outcomes = lecture_table()
    record = WeightedMajority().learn_one(advice[1], int(outcomes[1]))
    assert isinstance(record, TrialRecord)
    assert record.x.tolist() == record.advice.tolist() == advice[1].tolist()
    assert record.truth == record.outcome == int(outcomes[1])
    assert record.scores.tolist() == pytest.approx([record.vote_for_zero, record.vote_for_one])
    assert record.margin == pytest.approx(1 - 2 * record.expected_loss)


# ------------------------------------------------------------------ one runner
@pytest.mark.parametrize("name", EXPERTS)
def test_lab_runner_steps_an_expert_learner_as_its_own_loop_does(name, stream):
    advice, outcomes = stream
    run = Run(catalog.build(name), advice, outcomes, seed=3)
    trials = run.play()
    alone = catalog.build(name, seed=3)
    records = [alone.learn_one(a, int(o)) for a, o in zip(advice, outcomes)]
    assert [t.index for t in trials] == list(range(len(outcomes)))
    assert [t.record.prediction for t in trials] == [r.prediction for r in records]
    assert [t.record.expected_loss for t in trials] == pytest.approx([r.expected_loss for r in records])
    assert run.mistakes == alone.mistakes_


def test_the_catalog_builds_a_seeded_expert_learner():
    for name in EXPERTS:
        assert catalog.build(name, seed=5).random_state == 5
        assert catalog.build(name).random_state is None
    with pytest.raises(ValueError, match="n_passes"):        # the shared check of the passes
        catalog.build("Weighted Majority", {"n_passes": 0}).fit(*lecture_table())


# ------------------------------------------------------------------ streams
def test_the_advice_streams_are_made_in_datasets_and_the_adversary_plays_the_given_learner():
    assert set(GENERATORS) == {"noisy experts", "perfect expert", "adversary", "lecture table"}
    advice, outcomes = make_stream("adversary", 6, 50, 0.1, 0.5, 2, catalog.build("Weighted Majority"))
    assert WeightedMajority().fit(advice, outcomes).mistakes_ == 50          # WM errs on every trial
    table = make_stream("lecture table", 3, 10, 0.0, 1.0, 0)
    assert [a.tolist() for a in table] == [a.tolist() for a in lecture_table()]
    with pytest.raises(ValueError, match="against a learner"):
        make_stream("adversary", 6, 50, 0.1, 0.5, 2)
    with pytest.raises(ValueError, match="unknown generator"):
        make_stream("coin flips", 6, 50, 0.1, 0.5, 2)


def test_an_advice_stream_has_a_fingerprint_of_its_numbers(stream):
    advice, outcomes = stream
    assert AdviceStream(advice.copy(), outcomes.copy()).fingerprint() == stream.fingerprint()
    flipped = outcomes.copy()
    flipped[-1] ^= 1
    assert AdviceStream(advice, flipped).fingerprint() != stream.fingerprint()
    assert AdviceStream(advice.reshape(-1, 1)[: advice.size], np.zeros(advice.size)).fingerprint() \
        != AdviceStream(advice, np.zeros(len(outcomes))).fingerprint()


# ------------------------------------------------------------------ one timeline builder, one quiz
@pytest.mark.parametrize("name, values", [("Weighted Majority", {"beta": 0.7}),
                                          ("Randomized Weighted Majority", {"epsilon": 0.2}),
                                          ("Randomized Weighted Majority", {"doubling": True})])
def test_build_timeline_plays_an_expert_learner_on_an_advice_stream(name, values, stream):
    payload = build_timeline(name, values, stream, seed=9)
    advice, outcomes = stream
    fitted = catalog.build(name, values, seed=9)
    records = [fitted.learn_one(a, int(o)) for a, o in zip(advice, outcomes)]
    assert payload["kind"] == "experts" and payload["T"] == len(outcomes) == len(payload["math"]["use"])
    assert payload["id"] == run_key(name, values, stream, seed=9) != run_key(name, values, stream, seed=8)
    assert payload["trials"]["prediction"] == "".join(str(r.prediction) for r in records)
    assert payload["trials"]["cum_mistakes"] == np.cumsum([r.mistake for r in records]).tolist()
    assert payload["randomized"] == name.startswith("Randomized")
    assert payload["quiz"] == experts_quiz(records, randomized=payload["randomized"])


@pytest.mark.parametrize("name", EXPERTS)
def test_the_quiz_asks_the_expert_learners_catalog_entry(name, stream):
    advice, outcomes = stream
    learner = catalog.build(name, seed=1)
    records = [learner.learn_one(a, int(o)) for a, o in zip(advice, outcomes)]
    quiz = classifier_quiz(records, learner)
    assert quiz == experts_quiz(records, randomized=catalog.LEARNERS[name].quiz.draws)
    assert ("F" in quiz["answers"]) == name.startswith("Randomized")


# ------------------------------------------------------------------ one page path
def _page(advice, outcomes):
    import streamlit as st

    from datasets.advice import AdviceStream
    from ui.learner_page import show_run

    st.session_state["shown"] = show_run("experts", "Weighted Majority", {"beta": 0.5},
                                         AdviceStream(advice, outcomes), key="probe_timeline")


def _payloads(at) -> list[dict]:
    return [json.loads(json.loads(e.proto.json)["payload"]) for e in at.main
            if getattr(e, "type", "") == "bidi_component" and e.proto.component_name.endswith("timeline")]


def test_show_run_is_the_page_path_of_an_expert_learner_too():
    import ui.learner_page as page

    assert not hasattr(page, "show_experts_run") and not hasattr(page, "experts_entry")
    advice, outcomes = lecture_table()
    at = AppTest.from_function(_page, kwargs={"advice": advice, "outcomes": outcomes}, default_timeout=60).run()
    assert not at.exception and at.session_state["shown"] is True
    (payload,) = _payloads(at)
    assert payload["kind"] == "experts" and payload["trials"]["prediction"] == "01"     # seed 001's table


def test_show_run_says_why_an_expert_run_cannot_start():
    at = AppTest.from_function(_page, kwargs={"advice": np.zeros((3, 0), dtype=np.int8),
                                              "outcomes": np.zeros(3, dtype=np.int8)}, default_timeout=60).run()
    assert not at.exception and at.session_state["shown"] is False
    assert any("This run cannot start" in e.value and "expert" in e.value for e in at.error)
    assert not _payloads(at)
