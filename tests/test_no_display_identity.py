"""No module decides by a display name (issue 26): code recognises a bound curve by its ``key`` and a learner
by its catalog entry or class, never by comparing with (or looking up) the name a page shows — renaming
"Novikoff" or "Weighted Majority" on screen must not change what the lab does.

Static scan of lab/, ui/, views/, viz/ and learners/: no comparison (==, !=, in, not in) has an operand that
is a learner's catalog name or a curve's display name, and no subscript looks a curve up by its display name.
"""

import ast
from pathlib import Path

from lab import catalog

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("lab", "ui", "views", "viz", "learners")
CURVE_MODULES = ("learners/comparators.py", "learners/multiclass_bounds.py")
#: places known to decide by a display name, each with the fix asked for; the test below fails once a place is
#: fixed, so that it leaves this list (empty since issue 26's follow-ups fixed the Experts page and the Winnow plot)
KNOWN = {}


def _strings(node) -> list:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for element in node.elts for s in _strings(element)]
    return []


def curve_names() -> set:
    """Every curve's display name: the (name, formula, credit) constants and the names written in the calls."""
    names = set()
    for relative in CURVE_MODULES:
        for node in ast.walk(ast.parse((ROOT / relative).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple) and len(node.value.elts) == 3:
                names.update(_strings(node.value.elts[0]))
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("BoundCurve", "_not_applicable") \
                    and node.args:
                names.update(_strings(node.args[0]))
            elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "name" for t in node.targets) \
                    and isinstance(node.value, ast.Tuple):
                names.update(_strings(node.value.elts[0]))
    return names


def display_identities(source: str, learner_names: set, curves: set) -> list:
    """(line, name) of every comparison with, or curve look-up by, a display name in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                found += [(node.lineno, s) for s in _strings(operand) if s in learner_names | curves]
        elif isinstance(node, ast.Subscript):
            found += [(node.lineno, s) for s in _strings(node.slice) if s in curves]
    return found


def _violations():
    learner_names, curves = set(catalog.LEARNERS), curve_names()
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            for line, name in display_identities(path.read_text(encoding="utf-8"), learner_names, curves):
                yield relative, line, name


def test_the_scan_knows_the_names_a_page_shows():
    names = curve_names()
    assert {"Novikoff", "Freund–Schapire", "Gentile", "IWP Theorem 3", "Multiclass Novikoff", "Kernel Novikoff",
            "Weighted Majority"} <= names
    source = 'if c.name == "Novikoff": pass\nif name in ("Weighted Majority", "x"): pass\nv = curves["Gentile"]\n'
    assert [n for _, n in display_identities(source, set(catalog.LEARNERS), names)] == [
        "Novikoff", "Weighted Majority", "Gentile"]


def test_no_module_decides_by_a_display_name():
    found = [(relative, line, name) for relative, line, name in _violations() if (relative, name) not in KNOWN]
    assert not found, found


def test_every_known_place_is_still_there():
    seen = {(relative, name) for relative, _, name in _violations()}
    assert set(KNOWN) <= seen, f"fixed, remove from KNOWN: {set(KNOWN) - seen}"


def test_every_curve_has_a_key_of_its_own():
    """Code recognises a curve by its key: every builder sets one, and no two curves of a run share it."""
    import numpy as np

    from learners import ImportanceWeightedPerceptron, KernelPerceptron, MultiVectorPerceptron, PNormPerceptron
    from learners import WeightBoundedPerceptron, Winnow
    from learners.comparators import (expert_bound_curves, kernel_bound_curve, p_norm_bound_curves,
                                      perceptron_bound_curves, weight_bounded_bound_curves, winnow_bound_curves)
    from learners.multiclass_bounds import multiclass_bound_curves

    X = np.array([[1.0, 0.2], [0.1, 1.0], [0.9, 0.3], [0.2, 0.8]] * 3)
    y, c = np.array([1, 0, 1, 0] * 3), np.arange(1.0, 13.0)
    advice, outcomes = [[1, 0], [1, 1], [0, 1]], [1, 1, 0]
    runs = [perceptron_bound_curves(ImportanceWeightedPerceptron(normalize=True), X, y, sample_weight=c),
            winnow_bound_curves(Winnow(), X, y), kernel_bound_curve(KernelPerceptron(), X, y),
            p_norm_bound_curves(PNormPerceptron(p=3.0), X, y),
            weight_bounded_bound_curves(WeightBoundedPerceptron(), X, y),
            multiclass_bound_curves(MultiVectorPerceptron(importance_weighted=True), X, np.arange(12) % 3, c),
            expert_bound_curves(advice, outcomes, beta=0.5), expert_bound_curves(advice, outcomes, epsilon=0.3),
            expert_bound_curves(advice, outcomes, doubling=True)]
    for curves in runs:
        keys = [curve.key for curve in curves]
        assert all(keys) and len(set(keys)) == len(keys), keys


def test_a_model_is_recognised_by_its_class_not_by_its_class_name():
    """viz.priority.linear_rule reads the linear rule of a model of a known class, so a subclass (same rule,
    another ``type(model).__name__``) is drawn exactly too."""
    import numpy as np
    from sklearn.svm import SVC, LinearSVC

    from learners.baselines import WeightedOneVsOne, WeightedOneVsRest
    from viz.priority import linear_rule

    class RenamedLinearSVC(LinearSVC):
        pass

    class RenamedSVC(SVC):
        pass

    class RenamedOneVsRest(WeightedOneVsRest):
        pass

    class RenamedOneVsOne(WeightedOneVsOne):
        pass

    X = np.array([[0.0, 0.0], [0.2, 0.1], [3.0, 0.0], [3.1, 0.2], [0.0, 3.0], [0.1, 3.2]])
    y = np.array([0, 0, 1, 1, 2, 2])
    two = y < 2
    linear = SVC(kernel="linear")
    for model, data in ((RenamedLinearSVC(), (X, y)), (RenamedSVC(kernel="linear"), (X[two], y[two])),
                        (RenamedOneVsRest(estimator=linear), (X, y)),
                        (RenamedOneVsOne(estimator=linear), (X[two], y[two]))):
        rule = linear_rule(model.fit(*data))
        assert rule is not None, type(model).__bases__[0].__name__
        assert rule[3].tolist() == np.unique(data[1]).tolist()
