"""Mistake Bound Lab learners: online classifiers and their mistake bounds.

Pure NumPy/scikit-learn; usable from a notebook without Streamlit.
"""

from ._base import OnlineClassifier, TrialRecord
from .kernel_perceptron import KernelPerceptron
from .multiclass import AllPairPerceptron, MultiVectorPerceptron
from .passive_aggressive import PassiveAggressive
from .perceptron import ImportanceWeightedPerceptron, Perceptron

__all__ = [
    "OnlineClassifier",
    "TrialRecord",
    "Perceptron",
    "ImportanceWeightedPerceptron",
    "KernelPerceptron",
    "PassiveAggressive",
    "MultiVectorPerceptron",
    "AllPairPerceptron",
]
