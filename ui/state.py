"""The only module that reads or writes per-user state (``st.session_state``).

Everything a user owns lives here, under keys declared once in ``DEFAULTS``:
their point set (with an undo history), the run of each learner page, and
notices for the next rerun.  Nothing per-user lives in module globals or in
``st.cache_resource``; pages call these functions instead of touching
``st.session_state`` themselves (widget keys aside, which Streamlit keeps there).
"""

from __future__ import annotations

import streamlit as st

from datasets.pointset import PointSet, UndoStack

#: key -> factory of its default value (one place for every piece of state)
DEFAULTS = {
    "undo": lambda: UndoStack(PointSet.empty()),
    "runs": dict,         # page key -> lab.runner.Run
    "run_specs": dict,    # page key -> the settings the run was made with
    "animations": dict,   # page key -> the Play figure of the current run, if any
    "notices": list,      # (kind, text) shown once on the next rerun
}


def _get(key):
    if key not in st.session_state:
        st.session_state[key] = DEFAULTS[key]()
    return st.session_state[key]


# --------------------------------------------------------------------- points
def points() -> PointSet:
    """The user's current point set (shared by every page)."""
    return _get("undo").current


def set_points(new_points: PointSet) -> None:
    """Replace the point set (kept for undo) and forget runs made on the old one."""
    undo = _get("undo")
    if new_points == undo.current:
        return
    undo.push(new_points)
    forget_runs()


def undo() -> bool:
    """Go back one edit; False when there is nothing to undo."""
    done = _get("undo").undo()
    if done:
        forget_runs()
    return done


def redo() -> bool:
    done = _get("undo").redo()
    if done:
        forget_runs()
    return done


def can_undo() -> bool:
    return _get("undo").can_undo


def can_redo() -> bool:
    return _get("undo").can_redo


# ----------------------------------------------------------------------- runs
def run_for(page: str, spec: tuple, make):
    """The run of ``page`` made with settings ``spec``; a new one (``make()``) when they change."""
    runs, specs = _get("runs"), _get("run_specs")
    if specs.get(page) != spec or page not in runs:
        runs[page] = make()
        specs[page] = spec
        _get("animations").pop(page, None)
    return runs[page]


def current_run(page: str):
    """The run ``run_for`` made last for ``page``."""
    return _get("runs")[page]


def reset_run(page: str) -> None:
    """Forget the run of ``page`` so that the next ``run_for`` starts fresh."""
    _get("runs").pop(page, None)
    _get("run_specs").pop(page, None)
    _get("animations").pop(page, None)


def forget_runs() -> None:
    _get("runs").clear()
    _get("run_specs").clear()
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
