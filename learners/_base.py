"""The online-learning contract shared by every classifier of the lab.

An online learner sees trials t = 1, 2, ... one at a time: it predicts the
label of x_t, is told the truth y_t (and an importance weight c_t), counts a
mistake, and maybe updates.  ``OnlineLearner`` keeps the count of every learner
of the lab — the classifiers and the expert learners (:mod:`learners.experts`)
alike: its history, mistakes, weighted loss and passes.  ``OnlineClassifier``
implements the trial loop once, with scikit-learn's conventions around it:

* ``fit`` starts fresh and makes ``n_passes`` passes over the rows in the given
  order (or shuffled with ``random_state``); ``partial_fit`` continues;
* ``learn_one`` performs one trial and returns a :class:`TrialRecord` holding
  everything the app needs to show the math of that trial;
* ``history_`` holds per-trial arrays (prediction, mistake, cumulative mistakes
  and weighted loss, ...) of every trial seen since the last ``fit``.

A concrete learner says how it starts (``_setup``), turns rows into feature
vectors (``_features``) and scores them (``_scores``), runs its trials over
many rows (``_run``, usually one compiled loop) and performs one trial while
recording the numbers of its update (``_trial``, through that same loop, so
that stepping and fitting agree bit for bit).

Conventions (docs/SPECIFICATION.md): a binary trial is a mistake iff y·(w·x) <= 0, so a
point on the boundary counts as a mistake; multiclass prediction is the argmax
of the scores with ties going to the lowest class index.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.multiclass import check_classification_targets, type_of_target
from sklearn.utils.validation import check_is_fitted, check_non_negative, validate_data

from ._validation import (MAX_FEATURES, MAX_PASSES, MAX_STATE_BYTES, check_flag, check_instance, check_label,
                          check_labels, check_number, check_random_state, check_sample_weight, check_state_size,
                          check_weight, describe, largest_abs, numbers_as_floats)

HISTORY_FIELDS = (
    "trial", "pass_index", "sample_index", "truth", "prediction", "weight",
    "margin", "mistake", "updated", "cum_mistakes", "cum_weighted_loss",
)


@dataclass(frozen=True)
class TrialRecord:
    """What happened in one trial of an online learner.

    Attributes
    ----------
    trial : int
        1-based number of this trial since the learner was (re)started.
    x : ndarray
        The instance as given.
    features : ndarray
        The vector the learner actually used (with the constant 1 of the
        intercept appended, normalised or balanced where the learner does so).
    truth, prediction : label
        True and predicted label (from ``classes_``).
    weight : float
        Importance weight c_t of the trial.
    scores : ndarray
        Raw scores before the update: one score w·x for a binary learner,
        one per class otherwise.
    margin : float
        Binary: y·(w·x) with y in {-1, +1}.  Multiclass: s_y - max_{r != y} s_r.
    mistake : bool
        Whether the trial counts as a mistake.
    updated : bool
        Whether the model changed.
    update : dict
        The numbers of the update rule that was applied (step size, loss, ...).
    weights_before, weights_after : ndarray
        The learner's full internal weights before and after the trial.
    """

    trial: int
    x: np.ndarray
    features: np.ndarray
    truth: object
    prediction: object
    weight: float
    scores: np.ndarray
    margin: float
    mistake: bool
    updated: bool
    update: dict = field(default_factory=dict)
    weights_before: np.ndarray | None = None
    weights_after: np.ndarray | None = None


def check_class_labels(y) -> None:
    """scikit-learn's check that ``y`` holds class labels (not continuous or multi-output values).

    A 1-dimensional array of integers or booleans always does (``type_of_target``
    calls it "binary" or "multiclass"), so only other targets pay for the full check;
    labels of an object array must not be None, NaN or a mix of strings and numbers.
    """
    y = np.asarray(y)
    if y.ndim == 1 and y.dtype.kind in "biu":
        return
    if y.dtype.kind == "O":
        check_labels(y, "y")                      # None, NaN or a mix of strings and numbers
    check_classification_targets(y)


def encode_labels(y) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(y, return_inverse=True)``: the sorted distinct labels and each row's index into them.

    Integer labels spanning a modest range are counted with ``np.bincount`` (one
    linear sweep instead of a sort); other labels go through ``np.unique``.

    >>> classes, index = encode_labels(np.array([7, 3, 7, 5]))
    >>> classes.tolist(), index.tolist()
    ([3, 5, 7], [2, 0, 2, 1])
    """
    y = np.asarray(y)
    if y.ndim == 1 and y.size and y.dtype.kind in "iu":
        low, high = int(y.min()), int(y.max())
        if high - low <= 4 * y.size + 1024:
            shifted = (y - low).astype(np.intp, copy=False) if low else y.astype(np.intp, copy=False)
            present = np.bincount(shifted, minlength=high - low + 1) > 0
            classes = (np.flatnonzero(present) + low).astype(y.dtype)
            return classes, (np.cumsum(present) - 1)[shifted]
    classes, index = np.unique(y, return_inverse=True)
    return classes, index.reshape(-1)


class TrialLog:
    """Per-trial arrays of a run, grown block by block (a pass) or row by row (a step).

    A block never changes once added (its arrays are read-only), so a copy of
    the log (``copy.deepcopy`` of a learner, e.g. a snapshot after every
    update) shares the blocks and copies at most ``ROWS_PER_BLOCK`` pending
    rows: its cost grows with the number of blocks, not of trials.  A block may
    carry a learner's own columns beside the common ones (every block of that
    learner the same); :meth:`as_dict` passes them through.
    """

    #: rows added one by one are gathered into a block this large
    ROWS_PER_BLOCK = 256

    def __init__(self):
        self._blocks: list[dict] = []
        self._rows: list[tuple] = []
        self._cache: dict | None = None

    def __deepcopy__(self, memo) -> "TrialLog":
        copied = TrialLog()
        copied._blocks = list(self._blocks)      # read-only blocks, shared
        copied._rows = list(self._rows)          # tuples of scalars
        return copied

    def add_block(self, block: dict) -> None:
        self._flush_rows()
        for values in block.values():
            values.flags.writeable = False
        self._blocks.append(block)
        self._cache = None

    def add_row(self, *values) -> None:
        self._rows.append(values)
        self._cache = None
        if len(self._rows) >= self.ROWS_PER_BLOCK:
            self._flush_rows()

    def _flush_rows(self) -> None:
        if not self._rows:
            return
        columns = list(zip(*self._rows))
        names = ("pass_index", "sample_index", "truth", "prediction", "weight", "margin", "mistake", "updated")
        block = {name: np.asarray(col) for name, col in zip(names, columns)}
        for values in block.values():
            values.flags.writeable = False
        self._blocks.append(block)
        self._rows = []

    def __len__(self) -> int:
        return sum(len(b["mistake"]) for b in self._blocks) + len(self._rows)

    def as_dict(self, classes) -> dict:
        if self._cache is not None:
            return self._cache
        self._flush_rows()
        names = ("pass_index", "sample_index", "truth", "prediction", "weight", "margin", "mistake", "updated")
        if self._blocks:
            out = {name: np.concatenate([np.asarray(b[name]) for b in self._blocks]) for name in names}
        else:
            out = {name: np.empty(0) for name in names}
        out["mistake"] = out["mistake"].astype(bool)
        out["updated"] = out["updated"].astype(bool)
        out["weight"] = out["weight"].astype(float)
        out["margin"] = out["margin"].astype(float)
        out["pass_index"] = out["pass_index"].astype(int)
        out["sample_index"] = out["sample_index"].astype(int)
        classes = np.asarray(classes)
        out["truth"] = classes[out["truth"].astype(int)] if len(out["truth"]) else classes[:0]
        out["prediction"] = classes[out["prediction"].astype(int)] if len(out["prediction"]) else classes[:0]
        out["trial"] = np.arange(1, len(out["mistake"]) + 1)
        out["cum_mistakes"] = np.cumsum(out["mistake"].astype(int))
        out["cum_weighted_loss"] = np.cumsum(np.where(out["mistake"], out["weight"], 0.0))
        # a learner's own columns (blocks of one learner all have the same), passed through as recorded
        extra = [name for name in (self._blocks[0] if self._blocks else ()) if name not in names]
        self._cache = {name: out[name] for name in HISTORY_FIELDS}
        self._cache.update({name: np.concatenate([np.asarray(b[name]) for b in self._blocks]) for name in extra})
        return self._cache


class OnlineLearner(BaseEstimator):
    """The bookkeeping every online learner of the lab shares: classifiers and expert learners alike.

    A learner keeps a :class:`TrialLog` in ``self._log`` and the number of passes made in
    ``self._passes_done`` (both reset by :meth:`_new_log` when it starts) and sets ``classes_``;
    from the log come ``history_``, ``mistakes_`` (M = Σ_t [ŷ_t ≠ y_t]), ``weighted_loss_``
    (Σ_t c_t·[ŷ_t ≠ y_t]) and ``n_trials_``, counted here once.  ``fit``'s passes come from
    :meth:`_pass_orders`: the rows as given, or a fresh permutation on every pass with
    ``shuffle=True`` (seeded by ``random_state`` through ``self._rng``).
    """

    def _check_params(self) -> None:
        """Validate constructor parameters (override and call super)."""
        check_number("n_passes", getattr(self, "n_passes", 1), low=1, high=MAX_PASSES, integer=True)
        if hasattr(self, "shuffle"):
            check_flag("shuffle", self.shuffle)

    def _new_log(self) -> None:
        """An empty history: trial 0, no pass made."""
        self._log = TrialLog()
        self._passes_done = 0

    def _pass_orders(self, n: int, n_passes: int):
        """For each of ``n_passes`` passes over n rows: None (the rows as given) or, with ``shuffle``,
        a fresh permutation drawn from ``self._rng`` when the pass begins."""
        for _ in range(n_passes):
            yield self._rng.permutation(n) if getattr(self, "shuffle", False) else None

    @property
    def history_(self) -> dict:
        """Per-trial arrays since the last fit/start (see ``HISTORY_FIELDS``; a learner may add its own)."""
        check_is_fitted(self, "classes_")
        return self._log.as_dict(self.classes_)

    @property
    def mistakes_(self) -> int:
        """Number of mistake trials so far."""
        history = self.history_
        return int(history["cum_mistakes"][-1]) if len(history["trial"]) else 0

    @property
    def weighted_loss_(self) -> float:
        """Sum of the importance weights of the mistake trials so far."""
        history = self.history_
        return float(history["cum_weighted_loss"][-1]) if len(history["trial"]) else 0.0

    @property
    def n_trials_(self) -> int:
        """Number of trials seen since the last fit/start."""
        check_is_fitted(self, "classes_")
        return len(self._log)


class OnlineClassifier(ClassifierMixin, OnlineLearner):
    """Base of every online classifier: the trial loop and scikit-learn plumbing.

    Subclasses define ``_setup(n_features)``, ``_features(X)``, ``_scores(F)``,
    ``_weights()``, ``_run(F, y_index, weights)`` and ``_trial(f, y_index, weight)``,
    and set ``self._kind`` to ``"binary"`` (one score, positive class
    ``classes_[1]``) or ``"multi"`` (one score per class) in ``_setup``.
    """

    #: learners that only handle two classes set this
    _binary_only = False
    #: learners that need non-negative features set this
    _positive_only = False

    # ------------------------------------------------------------------ hooks
    #: what ``_setup`` allocates, for the message of ``_state_bytes``' cap
    _state_what = "one weight vector per class"

    def _state_bytes(self, n_features: int, n_classes: int) -> float:
        """Bytes ``_setup`` allocates (checked against ``MAX_STATE_BYTES`` before it does)."""
        return 8.0 * n_classes * (n_features + 1)

    def _check_state_size(self, n_features: int, n_classes: int) -> None:
        """Refuse, before allocating, a state beyond ``MAX_STATE_BYTES``; say how many features
        (with these classes) and how many classes (with these features) would fit."""
        need = self._state_bytes(n_features, n_classes)
        if need <= MAX_STATE_BYTES:
            return

        def most(fits, top):
            low, high = 0, top                  # the largest m in [0, top] with fits(m) (fits is monotone)
            while low < high:
                middle = (low + high + 1) // 2
                low, high = (middle, high) if fits(middle) else (low, middle - 1)
            return low

        features = most(lambda d: d >= 1 and self._state_bytes(d, n_classes) <= MAX_STATE_BYTES, MAX_FEATURES)
        classes = most(lambda k: k >= 2 and self._state_bytes(n_features, k) <= MAX_STATE_BYTES, 10**9)
        plural = "s" * (features != 1)
        advice = [f"with {n_classes:,} classes at most {features:,} feature{plural} fit" if features
                  else f"{n_classes:,} classes do not fit with any number of features"]
        if classes >= 2:
            advice.append(f"with {n_features:,} features at most {classes:,} classes")
        check_state_size(type(self).__name__, need,
                         f"{self._state_what} (n_features = {n_features:,}, {n_classes:,} classes)",
                         "; ".join(advice))

    def _setup(self, n_features: int) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _features(self, X: np.ndarray) -> np.ndarray:
        return X

    def _scores(self, F: np.ndarray) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def _weights(self) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def _run(self, F: np.ndarray, y_index: np.ndarray, weights: np.ndarray) -> dict:  # pragma: no cover
        """Run trials over the rows of F in order (updating the model); return per-trial arrays
        ``prediction`` (class index), ``margin``, ``mistake`` and ``updated``."""
        raise NotImplementedError

    def _trial(self, f: np.ndarray, y_index: int, weight: float):  # pragma: no cover - abstract
        """Perform one trial on the feature vector f; return ``(scores, (prediction, margin, mistake),
        updated, info)`` where ``info`` holds the numbers of the update rule (shown by the lab)."""
        raise NotImplementedError

    # ------------------------------------------------------- scikit-learn API
    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = not self._binary_only
        tags.input_tags.positive_only = self._positive_only
        return tags

    def _check_X(self, X, reset: bool):
        if not reset and self._plain_valid_rows(X):
            return X                    # what validate_data would return; skipping it saves ~0.5 ms a call
        with numbers_as_floats("X"):
            X = validate_data(self, X, reset=reset, dtype=np.float64)
        if self._positive_only:
            check_non_negative(X, type(self).__name__)
        return X

    def _plain_valid_rows(self, X) -> bool:
        """Whether X is already what validation makes of it: a finite float64 matrix with at least one row,
        the fitted number of columns, non-negative where the learner needs it, and a model fitted without
        feature names.  The lab's adversarial order scores blocks of points thousands of times a run; for
        anything else (lists, frames, NaN, a wrong width) validation runs and gives its message."""
        return (type(X) is np.ndarray and X.dtype == np.float64 and X.ndim == 2 and X.shape[0] > 0
                and X.shape[1] == getattr(self, "n_features_in_", -1)
                and not hasattr(self, "feature_names_in_")
                and bool(np.isfinite(X).all()) and not (self._positive_only and bool((X < 0).any())))

    def _check_targets(self, X, y, reset: bool):
        with numbers_as_floats("X"):
            X, y = validate_data(self, X, y, reset=reset, dtype=np.float64)
        check_class_labels(y)
        self._check_binary(y)
        if self._positive_only:
            check_non_negative(X, type(self).__name__)
        return X, y

    def _check_binary(self, y) -> None:
        """A binary-only learner refuses a multiclass target (scikit-learn's wording)."""
        if self._binary_only and np.unique(y).size > 2:
            y_type = type_of_target(y, input_name="y")
            if y_type == "multiclass":
                raise ValueError(
                    "Only binary classification is supported. The type of the target "
                    f"is {y_type}."
                )

    def _check_classes(self, classes) -> np.ndarray:
        classes = np.unique(check_labels(classes))
        if classes.size < 2:
            raise ValueError(
                f"{type(self).__name__} needs at least two classes to learn from, but the "
                f"labels hold one class only ({classes.tolist()}). Add points of another class."
            )
        if self._binary_only and classes.size > 2:
            raise ValueError(
                "Only binary classification is supported. The type of the target is "
                f"multiclass ({classes.size} classes); {type(self).__name__} learns two classes."
            )
        return classes

    def _encode(self, y) -> np.ndarray:
        index = np.searchsorted(self.classes_, y)
        index = np.clip(index, 0, len(self.classes_) - 1)
        unknown = self.classes_[index] != y
        if np.any(unknown):
            bad = np.asarray(y)[unknown][0]
            raise ValueError(
                f"label {bad!r} is not one of the learner's classes {self.classes_.tolist()}; "
                "pass every label in `classes` on the first call."
            )
        return index

    def _label_index(self, y) -> int:
        """Index of one label in ``classes_`` (a dict lookup; ``_encode`` explains unknown labels)."""
        try:
            index = self._class_positions.get(y)
        except (AttributeError, TypeError):     # not started through start(), or an unhashable label
            index = None
        if index is None or self.classes_[index] != y:
            index = int(self._encode(np.asarray([y]))[0])
        return index

    def start(self, classes, n_features: int):
        """Reset the learner for stepping: trial 0, zero history, initial weights.

        Parameters
        ----------
        classes : array-like
            Every label the stream may contain.
        n_features : int
            Length of an instance x, at most 10⁶ (``MAX_FEATURES``).  A state
            beyond 512 MiB (``MAX_STATE_BYTES``: e.g. the all-pair tensor of
            many classes) is refused before it is allocated.
        """
        self._check_params()
        check_number("n_features", n_features, low=1, high=MAX_FEATURES, integer=True)
        classes = self._check_classes(classes)
        self._check_state_size(int(n_features), len(classes))
        self._rng = check_random_state(getattr(self, "random_state", None))
        self.classes_ = classes
        self._class_positions = {label: i for i, label in enumerate(self.classes_.tolist())}
        self.n_features_in_ = int(n_features)
        self._new_log()
        self._setup(self.n_features_in_)
        return self

    def fit(self, X, y, sample_weight=None):
        """Start fresh and make ``n_passes`` online passes over (X, y).

        Rows are presented in the given order, or in a fresh random order on
        every pass when ``shuffle=True`` (seeded by ``random_state``).
        ``sample_weight`` holds the importance weights c_t.
        """
        self._check_params()
        X, y = self._check_targets(X, y, reset=True)
        weights = check_sample_weight(sample_weight, X.shape[0])
        classes, y_index = encode_labels(y)
        classes = self._check_classes(classes)
        if weights.min(initial=1.0) <= 0 and np.unique(y_index[weights > 0]).size < 2:
            raise ValueError(
                "Only one class has a positive sample weight; the learner needs at least "
                "two classes with weight > 0."
            )
        n_features = self.n_features_in_
        feature_names = getattr(self, "feature_names_in_", None)
        self.start(classes, n_features)
        if feature_names is not None:
            self.feature_names_in_ = feature_names
        self._learn_rows(X, y_index.reshape(-1), weights, getattr(self, "n_passes", 1))
        return self

    def partial_fit(self, X, y, classes=None, sample_weight=None):
        """Continue learning with one pass over (X, y) in the given order.

        On the first call ``classes`` lists every label of the stream (it
        defaults to the labels present in ``y``).
        """
        first = not hasattr(self, "classes_")
        if not first:
            self._check_params()                  # set_params may have changed them since the start
        X, y = self._check_targets(X, y, reset=first)
        weights = check_sample_weight(sample_weight, X.shape[0])
        if first:
            feature_names = getattr(self, "feature_names_in_", None)
            self.start(y if classes is None else classes, X.shape[1])
            if feature_names is not None:
                self.feature_names_in_ = feature_names
        elif classes is not None and not np.array_equal(np.unique(check_labels(classes)), self.classes_):
            raise ValueError(
                f"classes={np.unique(check_labels(classes)).tolist()} differs from the classes of the first "
                f"call {self.classes_.tolist()}."
            )
        self._learn_rows(X, self._encode(y), weights, 1)
        return self

    def _learn_rows(self, X, y_index, weights, n_passes: int) -> None:
        n = X.shape[0]
        for order in self._pass_orders(n, n_passes):
            if order is not None:
                F, truth, weight = self._features(X[order]), y_index[order], weights[order]
            else:
                order = np.arange(n)
                F, truth, weight = self._features(X), y_index, weights
            out = self._run(F, truth, weight)
            done = len(out["mistake"])          # fewer than n when the learner had to stop
            self._log.add_block({
                "pass_index": np.full(done, self._passes_done), "sample_index": order[:done],
                "truth": truth[:done], "prediction": out["prediction"], "weight": weight[:done],
                "margin": out["margin"], "mistake": out["mistake"], "updated": out["updated"],
            })
            self._passes_done += 1
            if done < n:
                raise ValueError(out["stopped"])

    def learn_one(self, x, y, weight=1.0, classes=None) -> TrialRecord:
        """Perform one trial on instance ``x`` with true label ``y``; return its record.

        On a learner that has not been started, ``classes`` must list the
        labels of the stream (or call :meth:`start` first).
        """
        check_label(y)
        if not hasattr(self, "classes_"):
            if classes is None:
                raise ValueError(
                    "The learner has not been started: pass classes=[...] to the first "
                    "learn_one call, or call start(classes, n_features)."
                )
            try:
                n_features = np.asarray(x, dtype=object).reshape(-1).shape[0]
            except (TypeError, ValueError):
                n_features = 0
            if n_features < 1:
                raise ValueError(f"x must be a non-empty vector of numbers; got {describe(x)}.")
            self.start(classes, n_features)
        x = check_instance(x, self.n_features_in_)
        if self._positive_only and np.any(x < 0):
            raise ValueError(f"Negative values in data passed to {type(self).__name__}: "
                             "this learner needs non-negative features.")
        weight = check_weight(weight)
        y_index = self._label_index(y)
        f = self._features(x[None, :])[0]
        before = self._weights()
        scores, outcome, updated, info = self._trial(f, y_index, weight)
        prediction, margin, mistake = outcome
        self._log.add_row(0, -1, y_index, prediction, weight, margin, mistake, updated)
        return TrialRecord(
            trial=len(self._log), x=x, features=f, truth=self.classes_[y_index],
            prediction=self.classes_[prediction], weight=weight, scores=np.array(scores, dtype=float),
            margin=float(margin), mistake=bool(mistake), updated=bool(updated), update=info,
            weights_before=before, weights_after=self._weights(),
        )

    def predict_one(self, x):
        """Predict the label of one instance without learning from it."""
        check_is_fitted(self, "classes_")
        x = check_instance(x, self.n_features_in_)
        return self.predict_from_scores(self._finite_scores(x[None, :]))[0]

    def _finite_scores(self, X) -> np.ndarray:
        """``_scores`` of the rows of X, refused when one is not finite (instances too large for
        the learned weights: the score would be ±inf or NaN)."""
        with np.errstate(over="ignore", invalid="ignore"):     # refused below, with a reason
            scores = self._scores(self._features(X))
        if not np.all(np.isfinite(scores)):
            raise ValueError(f"The scores of these instances overflow (largest |x| = {largest_abs(X):g}); "
                             "scale the features down (as the training data were).")
        return scores

    def predict_from_scores(self, scores: np.ndarray) -> np.ndarray:
        """Map raw score rows (as from ``_scores``) to labels."""
        scores = np.asarray(scores)
        if self._kind == "binary":
            return self.classes_[(scores.reshape(-1) > 0).astype(int)]
        return self.classes_[np.argmax(scores, axis=1)]

    def decision_function(self, X):
        """Scores of X: binary, one signed score (> 0 means ``classes_[1]``);
        multiclass, one column per class whose argmax is the prediction."""
        check_is_fitted(self, "classes_")
        X = self._check_X(X, reset=False)
        scores = self._finite_scores(X)
        if self._kind == "binary":
            return scores.reshape(-1)
        if scores.shape[1] == 2:
            return scores[:, 1] - scores[:, 0]
        return scores

    def predict(self, X):
        """Predicted labels of the rows of X."""
        check_is_fitted(self, "classes_")
        X = self._check_X(X, reset=False)
        return self.predict_from_scores(self._finite_scores(X))
