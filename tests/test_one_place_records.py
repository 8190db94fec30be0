"""Trial math reads the numbers the learner recorded (issue 26): Winnow's normaliser Z, PA's loss ℓ and step τ.  Each test changes the number in the record and checks that the
math shows the changed one — math that computed it again would still show the learner's."""

import dataclasses

import numpy as np

from lab.explain import passive_aggressive_math, winnow_math
from learners import PassiveAggressive, Winnow

MARK = 0.123456           # shown as 0.123


def _tex(lines) -> str:
    return " ".join(line.tex for line in lines)


def _with_update(record, **changes):
    return dataclasses.replace(record, update={**record.update, **changes})


def test_winnow_math_shows_the_recorded_normaliser():
    learner = Winnow(eta=0.5)
    record = learner.learn_one([1.0, -2.0], 1, classes=[0, 1])
    assert record.updated
    assert "0.123" not in _tex(winnow_math(record, learner))
    shown = _tex(winnow_math(_with_update(record, log_Z=float(np.log(MARK)), Z=MARK), learner))
    assert "0.123" in shown


def test_multiclass_pa_math_shows_the_recorded_loss_and_step():
    learner = PassiveAggressive(variant="PA")
    learner.start([0, 1, 2], 2)
    learner.learn_one([1.0, 0.5], 0)
    record = learner.learn_one([0.5, 1.0], 2)
    assert record.updated
    assert "0.123" not in _tex(passive_aggressive_math(record, learner))
    assert "0.123" in _tex(passive_aggressive_math(_with_update(record, loss=MARK), learner))
