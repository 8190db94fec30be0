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
    "timelines": dict,    # page key -> {"settings", "payload" (JSON), "id"}: the run the page's player shows
    "links": set,         # page keys whose link (?t=…&present=…) was read already this session
    "notices": list,      # (kind, text) shown once on the next rerun
    "experiment": dict,   # Paper lab: "running" / "done" -> the parameters of that run
    "lessons": dict,      # Lessons: lesson key -> {screen index: {"answer", "right", "text"}} of the last check
    "lesson_at": lambda: None,        # (lesson index, screen index) shown; None until the URL was read
    "challenge_best": dict,           # Challenges: key -> the most mistakes forced under the rules
    "challenge_read": lambda: False,  # whether the URL's ?challenge=… was read this session
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


# ------------------------------------------------------------------ timelines
def timeline_for(page: str, settings: tuple, make) -> dict:
    """The timeline of ``page`` made with ``settings``: {"payload", "id"}; ``make()`` builds a new one
    (returning that dict) when the settings change.  One per page: a new run replaces the old."""
    timelines = _get("timelines")
    entry = timelines.get(page)
    if entry is None or entry["settings"] != settings:
        entry = {"settings": settings, **make()}
        timelines[page] = entry
    return entry


def forget_runs() -> None:
    """Drop every page's run (the points changed)."""
    _get("timelines").clear()


def link_state(page: str) -> dict:
    """What a shared link asks of ``page`` — the trial ``t`` and presentation ``present`` from the URL —
    the first time the page runs in this session; an empty dict afterwards (the player then keeps its
    own trial).  Bad values are ignored (a link never breaks a page)."""
    links = _get("links")
    if page in links:
        return {}
    links.add(page)
    found = {}
    trial = st.query_params.get("t")
    if trial is not None and trial.isdigit() and len(trial) <= 7:
        found["t"] = int(trial)
    if st.query_params.get("present") == "1":
        found["present"] = True
    return found


# -------------------------------------------------------------------- widgets
def preset(values: dict) -> None:
    """Set widget values before their widgets are drawn (stories use this)."""
    for key, value in values.items():
        st.session_state[key] = value


def default_unless_set(key: str, default, argument: str = "value") -> dict:
    """``{"value": default}`` for a widget whose key holds no value yet, else ``{}`` (Streamlit warns
    when a widget gets a default and a value set through the session state).  ``argument``: the name of
    the widget's default (``"default"`` for a segmented control)."""
    return {} if key in st.session_state else {argument: default}


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


# ------------------------------------------------------------------ self-study: lessons
def _whole(text, low: int, high: int) -> int | None:
    """A whole number in [low, high] from a URL value, or None (a link never breaks a page)."""
    if text is None or not str(text).isdigit() or len(str(text)) > 4:
        return None
    value = int(text)
    return value if low <= value <= high else None


def lesson_position(screens_per_lesson: list[int]) -> tuple[int, int]:
    """The lesson and screen shown (0-based).  The first time in a session they come from the URL
    (``?lesson=2&screen=3``, 1-based; bad values are ignored), afterwards from the session."""
    at = _get("lesson_at")
    if at is None:
        lesson = _whole(st.query_params.get("lesson"), 1, len(screens_per_lesson))
        lesson = 0 if lesson is None else lesson - 1
        screen = _whole(st.query_params.get("screen"), 1, screens_per_lesson[lesson])
        at = (lesson, 0 if screen is None else screen - 1)
        st.session_state["lesson_at"] = at
    return at


def set_lesson_position(lesson: int, screen: int) -> None:
    """Show ``lesson``'s ``screen`` (0-based) and put it in the URL (``?lesson=…&screen=…``, 1-based)."""
    st.session_state["lesson_at"] = (int(lesson), int(screen))
    for name, value in (("lesson", lesson), ("screen", screen)):
        if st.query_params.get(name) != str(int(value) + 1):
            st.query_params[name] = str(int(value) + 1)


def lesson_result(lesson_key: str, screen: int) -> dict | None:
    """The last check of a screen this session: {"answer", "right", "text"}, or None."""
    return _get("lessons").get(lesson_key, {}).get(int(screen))


def set_lesson_result(lesson_key: str, screen: int, result: dict) -> None:
    """Keep the check of a screen (a right answer marks the screen done; a later wrong one does not undo it)."""
    screens = _get("lessons").setdefault(lesson_key, {})
    before = screens.get(int(screen))
    done = bool(result.get("right")) or bool(before and before.get("done"))
    screens[int(screen)] = {**result, "done": done}


def screens_done(lesson_key: str) -> set[int]:
    """The screens of a lesson answered right this session."""
    return {screen for screen, result in _get("lessons").get(lesson_key, {}).items() if result.get("done")}


# ------------------------------------------------------------------ self-study: challenges
def _read_challenge_url(keys) -> None:
    """Once per session: ``?challenge=winnow,perceptron=7,winnow=4`` — the challenge shown, then best scores
    (mistakes forced) per challenge.  The current one presets the page's choice; bad parts are ignored."""
    if _get("challenge_read"):
        return
    st.session_state["challenge_read"] = True
    parts = [part.strip() for part in str(st.query_params.get("challenge", "")).split(",") if part.strip()]
    best = _get("challenge_best")
    for part in parts:
        name, _, value = part.partition("=")
        if name not in keys:
            continue
        if not value:
            st.session_state.setdefault("challenge_choice", name)
        elif _whole(value, 0, 10_000) is not None:
            best[name] = max(best.get(name, 0), int(value))


def challenge_choice(keys) -> str:
    """The challenge the page shows: the URL's the first time, then the choice's widget value."""
    _read_challenge_url(keys)
    choice = st.session_state.get("challenge_choice")
    return choice if choice in keys else keys[0]


def best_challenge(key: str) -> int | None:
    """The most mistakes forced in challenge ``key`` this session (or brought by the URL), or None."""
    return _get("challenge_best").get(key)


def record_challenge(key: str, mistakes: int) -> bool:
    """Keep ``mistakes`` as challenge ``key``'s best when it beats it; True when it did."""
    best = _get("challenge_best")
    if mistakes <= best.get(key, -1):
        return False
    best[key] = int(mistakes)
    return True


def write_challenge_url(current: str) -> None:
    """``?challenge=current,key=best,…``: the challenge shown and every best score, for a reload or a bookmark."""
    best = _get("challenge_best")
    value = ",".join([current] + [f"{key}={mistakes}" for key, mistakes in sorted(best.items())])
    if st.query_params.get("challenge") != value:
        st.query_params["challenge"] = value
