"""Mistake Bound Lab learners: online classifiers and their mistake bounds.

Pure NumPy/scikit-learn; usable from a notebook without Streamlit::

    from learners import Perceptron, Winnow, WeightedMajority
    from learners import bounds

Every classifier steps one trial at a time (``learn_one``) and also follows
scikit-learn's conventions (``fit``, ``partial_fit``, ``predict``, ...).
Names are imported lazily, so importing one learner does not import all.
"""

from importlib import import_module

_EXPORTS = {
    "OnlineClassifier": "._base",
    "TrialRecord": "._base",
    "Perceptron": ".perceptron",
    "ImportanceWeightedPerceptron": ".perceptron",
    "KernelPerceptron": ".kernel_perceptron",
    "PassiveAggressive": ".passive_aggressive",
    "MultiVectorPerceptron": ".multiclass",
    "AllPairPerceptron": ".multiclass",
    "Winnow": ".winnow",
    "PNormPerceptron": ".p_norm",
    "WeightedMajority": ".experts",
    "RandomizedWeightedMajority": ".experts",
    "ApportionedMargin": ".apportioned",
    "OOZ": ".ooz",
    "WeightBoundedPerceptron": ".weight_bounded",
    "Committee": ".committee",
}
_SUBMODULES = ("bounds", "comparators", "kernels", "sparsify", "baselines", "consistency")

__all__ = sorted(_EXPORTS) + list(_SUBMODULES)


def __getattr__(name):
    if name in _EXPORTS:
        value = getattr(import_module(_EXPORTS[name], __name__), name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        module = import_module("." + name, __name__)
        globals()[name] = module
        return module
    raise AttributeError(f"module 'learners' has no attribute {name!r}")


def __dir__():
    return __all__
