"""scikit-learn's own estimator checks on every classifier of the lab.

Only the two sample-weight-equivalence checks may fail: they require that a
weight of 2 equals the row given twice, which no online learner can promise
(the second copy is seen by an already-updated model).  The expert learners
(WeightedMajority, RandomizedWeightedMajority) take advice matrices rather than
features, so the issue exempts them; Committee is exempt too but passes anyway.
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
    learners.AllPairPerceptron(importance_weighted=True, fit_intercept=False),
    learners.Winnow(),
    learners.Winnow(eta=2.0, fit_intercept=False),
    learners.Winnow(balanced=False),
    learners.Winnow(balanced=False, fit_intercept=False, eta=0.5),
    learners.ApportionedMargin(),
    learners.ApportionedMargin(solver="perceptron"),
    learners.ApportionedMargin(kernel="rbf", gamma=0.5),
    learners.ApportionedMargin(kernel="laplace", solver="perceptron"),
    learners.OOZ(),
    learners.OOZ(fit_intercept=True, max_degree=3, normalize=False),
    learners.WeightBoundedPerceptron(),
    learners.WeightBoundedPerceptron(fit_intercept=True),
    learners.Committee(learners.MultiVectorPerceptron(), n_members=3, random_state=0),
    learners.Committee(learners.OOZ(), n_members=3, random_state=0),
]


@parametrize_with_checks(ESTIMATORS, expected_failed_checks=lambda est: EXPECTED_FAILURES)
def test_scikit_learn_estimator_checks(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(estimator)
