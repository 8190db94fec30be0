"""The only module that reads or writes per-user state (``st.session_state``).

Everything a user owns lives here, under keys declared once in ``DEFAULTS``:
their point set (with an undo history), the points they selected on the Data
page, the run of each learner page, and notices for the next rerun.  Nothing
per-user lives in module globals or in ``st.cache_resource``; pages call these
functions instead of touching ``st.session_state`` themselves (widget keys
aside, which Streamlit keeps there).
"""

from __future__ import annotations

import streamlit as st

from datasets.pointset import PointSet, UndoStack

#: key -> factory of its default value (one place for every piece of state)
DEFAULTS = {
    "undo": lambda: UndoStack(PointSet.empty()),
    "selection": lambda: ("", ()),   # (fingerprint of the point set, sorted point indices selected in it)
    "runs": dict,         # page key -> lab.runner.Run
    "run_specs": dict,    # page key -> the settings the run was made with
    "run_makers": dict,   # page key -> the function that made the run (Reset calls it again)
    "animations": dict,   # page key -> the Play figure of the current run, if any
    "notices": list,      # (kind, text) shown once on the next rerun
    "experiment": dict,   # Paper lab: "running" / "done" -> the parameters of that run
}


def _get(key):
    if key not in st.session_state:
        st.session_state[key] = DEFAULTS[key]()
    return st.session_state[key]


# --------------------------------------------------------------------- points
def points() -> PointSet:
    """The user's current point set (shared by every page)."""
    return _get("undo").current


def set_points(new_points: PointSet, *, keep_selection: bool = False) -> None:
    """Replace the point set (kept for undo) and forget runs made on the old one.

    The selection is dropped, unless ``keep_selection`` and the new set has as
    many points as the old (an edit of weights or classes that keeps every
    point in its place, e.g. "Apply to selection").
    """
    undo = _get("undo")
    if new_points == undo.current:
        return
    selected = selection()
    same_places = keep_selection and len(new_points) == len(undo.current)
    undo.push(new_points)
    forget_runs()
    st.session_state["selection"] = (new_points.fingerprint(), selected) if same_places else ("", ())


def undo() -> bool:
    """Go back one edit (dropping the selection); False when there is nothing to undo."""
    done = _get("undo").undo()
    if done:
        forget_runs()
        clear_selection()
    return done


def redo() -> bool:
    done = _get("undo").redo()
    if done:
        forget_runs()
        clear_selection()
    return done


def can_undo() -> bool:
    return _get("undo").can_undo


def can_redo() -> bool:
    return _get("undo").can_redo


# ------------------------------------------------------------------ selection
def selection() -> tuple:
    """Sorted indices of the selected points of the current point set (empty once the set changed)."""
    fingerprint, indices = _get("selection")
    return tuple(indices) if fingerprint == points().fingerprint() else ()


def set_selection(indices) -> None:
    """Select the points ``indices`` (any order, repeats merged) of the current point set.

    Raises ValueError for indices that name no point (the selection is then unchanged).
    """
    current = points()
    chosen = tuple(int(i) for i in current.indices_of(indices))
    st.session_state["selection"] = (current.fingerprint(), chosen)


def clear_selection() -> None:
    st.session_state["selection"] = ("", ())


# ----------------------------------------------------------------------- runs
def run_for(page: str, spec: tuple, make):
    """The run of ``page`` made with settings ``spec``; a new one (``make()``) when they change."""
    runs, specs = _get("runs"), _get("run_specs")
    if specs.get(page) != spec or page not in runs:
        runs[page] = make()
        specs[page] = spec
        _get("run_makers")[page] = make           # Reset makes the same run again (reset_run)
        _get("animations").pop(page, None)
    return runs[page]


def current_run(page: str):
    """The run ``run_for`` made last for ``page``."""
    return _get("runs")[page]


def reset_run(page: str) -> None:
    """Start the run of ``page`` again from trial 0 with the same settings (a button callback, so
    only the trial panel needs to rerun); without settings to repeat, forget it."""
    make = _get("run_makers").get(page)
    _get("animations").pop(page, None)
    if make is not None and page in _get("runs"):
        _get("runs")[page] = make()
        return
    _get("runs").pop(page, None)
    _get("run_specs").pop(page, None)


def forget_runs() -> None:
    _get("runs").clear()
    _get("run_specs").clear()
    _get("run_makers").clear()
    _get("animations").clear()


def animation(page: str):
    return _get("animations").get(page)


def set_animation(page: str, figure) -> None:
    _get("animations")[page] = figure


def clear_animation(page: str) -> None:
    _get("animations").pop(page, None)


# -------------------------------------------------------------------- widgets
def preset(values: dict) -> None:
    """Set widget values before their widgets are drawn (stories use this)."""
    for key, value in values.items():
        st.session_state[key] = value


def widget_value(key: str, default=None):
    return st.session_state.get(key, default)


# -------------------------------------------------------------------- notices
def notify(kind: str, text: str) -> None:
    """Queue a message ("success", "info", "warning", "error") for the next rerun."""
    _get("notices").append((kind, text))


def pop_notices() -> list[tuple[str, str]]:
    notices = list(_get("notices"))
    _get("notices").clear()
    return notices


# ---------------------------------------------------------------- experiments
def experiment_started(params: tuple) -> None:
    """Note that the Paper lab started a run with ``params`` (cleared by ``experiment_finished``)."""
    _get("experiment")["running"] = params


def experiment_finished(params: tuple) -> None:
    """The run with ``params`` completed: remember it as the one whose results the page shows."""
    record = _get("experiment")
    record["running"] = None
    record["done"] = params


def experiment_done():
    """The parameters of the last completed run, or None."""
    return _get("experiment").get("done")


def pop_unfinished_experiment():
    """The parameters of a run that started but never finished, or None (and forget it).

    A script run interrupted by a widget (the Stop button, or any other) leaves its
    ``running`` mark behind: the next run of the page reports it as stopped.
    """
    record = _get("experiment")
    params, record["running"] = record.get("running"), None
    return params
