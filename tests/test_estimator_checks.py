"""scikit-learn's own estimator checks on every classifier of the lab.

Only the two sample-weight-equivalence checks may fail: they require that a
weight of 2 equals the row given twice, which no online learner can promise
(the second copy is seen by an already-updated model).
"""

import warnings

from sklearn.utils.estimator_checks import parametrize_with_checks

import learners

ONLINE_REASON = (
    "an online learner sees a duplicated row twice with an updated model in between, "
    "so weight 2 cannot equal the row given twice"
)
EXPECTED_FAILURES = {
    "check_sample_weight_equivalence_on_dense_data": ONLINE_REASON,
    "check_sample_weight_equivalence_on_sparse_data": ONLINE_REASON,
}

ESTIMATORS = [
    learners.Perceptron(),
    learners.ImportanceWeightedPerceptron(),
    learners.KernelPerceptron(),
    learners.KernelPerceptron(kernel="linear", importance_weighted=True),
    learners.PassiveAggressive(),
    learners.PassiveAggressive(variant="PA-II", C=0.5),
    learners.MultiVectorPerceptron(),
    learners.MultiVectorPerceptron(importance_weighted=True),
    learners.AllPairPerceptron(),
]


@parametrize_with_checks(ESTIMATORS, expected_failed_checks=lambda est: EXPECTED_FAILURES)
def test_scikit_learn_estimator_checks(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(estimator)
