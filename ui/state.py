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
from lab import links as lab_links

#: key -> factory of its default value (one place for every piece of state)
DEFAULTS = {
    "undo": lambda: UndoStack(PointSet.empty()),
    "selection": lambda: ("", ()),   # (fingerprint of the point set, sorted point indices selected in it)
    "timelines": dict,    # page key -> {"settings", "payload" (JSON), "id"}: the run the page's player shows
    "link": dict,         # the URL read once per session: {"read": True, page: {"t", "present"}} (see open_link)
    "origin": lambda: (None, None),   # (lab.links.DataRef, the PointSet it made): how a link names the data
    "notices": list,      # (kind, text) shown once on the next rerun
    "experiment": dict,   # Paper lab: "running" / "done" -> the parameters of that run
    "lessons": dict,      # Lessons: lesson key -> {screen index: {"answer", "right", "text"}} of the last check
    "lesson_at": lambda: None,        # (lesson index, screen index) shown; None until the URL was read
    "challenge_best": dict,           # Challenges: key -> the most mistakes forced under the rules
    "challenge_read": lambda: False,  # whether the URL's ?challenge=… was read this session
    "kept": dict,         # name -> (inputs, value): a page's result on a set too large for a shared cache (kept)
    "room": lambda: None,  # class room: {"code", "role" ("teacher" or "student"), "token", "sent"} or None
    "room_joins": list,    # when this session (a browser tab) tried to join a room, for the per-tab rate limit
    "preset": set,         # widget keys given a value by preset() whose widget has not been drawn since
}


def _get(key):
    if key not in st.session_state:
        st.session_state[key] = DEFAULTS[key]()
    return st.session_state[key]


# --------------------------------------------------------------------- points
def points() -> PointSet:
    """The user's current point set (shared by every page)."""
    return _get("undo").current


def set_points(new_points: PointSet, *, keep_selection: bool = False, origin=None) -> None:
    """Replace the point set (kept for undo) and forget runs made on the old one.

    ``origin``: the story or generator (a :class:`lab.links.DataRef`) that made ``new_points``, so
    that a link names it instead of carrying every point (kept until another origin is given; a
    link checks the points are still what it made).

    The selection is dropped, unless ``keep_selection`` and the new set has as
    many points as the old (an edit of weights or classes that keeps every
    point in its place, e.g. "Apply to selection").
    """
    undo = _get("undo")
    if origin is not None:
        st.session_state["origin"] = (origin, new_points)
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


def kept(name: str, inputs: tuple, make):
    """``make()``, kept in this session under ``name`` until ``inputs`` change (one value per name).

    For a page's results on more than ``lab.limits.SHARED_RUN_POINTS`` points, which no cache shared
    between sessions may hold (README, "What one session may cost"): they go when the session goes."""
    store = _get("kept")
    entry = store.get(name)
    if entry is None or entry[0] != inputs:
        store.pop(name, None)                       # the old value is freed before the new one is made
        entry = (inputs, make())
        store[name] = entry
    return entry[1]


def forget_runs() -> None:
    """Drop every page's run (the points changed)."""
    _get("timelines").clear()


def link_state(page: str) -> dict:
    """What the link this session was opened with asks of ``page``'s player — the trial ``t`` and
    presentation ``present`` — the first time the page asks; an empty dict afterwards (the player
    then keeps its own trial).  See :func:`open_link`."""
    return _get("link").pop(page, {})


# ---------------------------------------------------------------------- links
def _write_url(values: dict, *, whole: bool = False) -> None:
    """The one writer of the URL's query (``st.query_params``) in the lab's Python.

    Each key of ``values`` is set to its text, or removed when its value is None; a key whose text is
    already there is left alone (every change is an entry in the browser's history).  ``whole``: the query
    becomes ``values`` exactly (a page's link replaces the old one, its trial included)."""
    if whole:
        st.query_params.from_dict(values)
        return
    for key, value in values.items():
        if value is None:
            if key in st.query_params:
                del st.query_params[key]
        elif st.query_params.get(key) != value:
            st.query_params[key] = value


def open_link(page: str) -> None:
    """Apply the URL this session was opened with, once, before the first page draws its widgets.

    The URL's data replace the (empty) point set, its settings preset the page's widgets, its
    trial and presentation mode wait for the page's player (:func:`link_state`).  What cannot be
    used is said in a warning; nothing of it can lose points (a session opened by a link has none,
    and a replaced set stays one Undo away)."""
    record = _get("link")
    if record.get("read"):
        return
    record["read"] = True
    query = st.query_params.to_dict()
    if not query:
        return
    apply_link(lab_links.read_query(page, {key: st.query_params.get_all(key) for key in query}))


def apply_link(link) -> None:
    """Make the session what ``link`` (:class:`lab.links.Link`, from a URL or a lab file) asks for."""
    problems = list(link.problems)
    if link.data is not None:
        try:
            made = link.data.make()
        except ValueError as error:
            problems.append(f"The link's data could not be made: {error}")
        else:
            if link.data.story is not None:
                from lab.stories import STORIES
                preset(STORIES[link.data.story].presets)
            set_points(made, origin=None if link.data.points is not None else link.data)
    preset(link.widgets)
    record = _get("link")
    record[link.page] = {key: value for key, value in (("t", link.trial), ("present", link.present)) if value}
    from ui.controls import literal             # the problems quote the link: shown as typed, never as Markdown
    for problem in problems:
        notify("warning", literal(problem))


def link_query(page: str) -> dict:
    """The query string (key → text) that restores ``page`` as it is now (settings and data; the player
    adds the trial), and whether the data fit in it: ``(query, fits)``.  Data too large for a link
    (:data:`lab.links.MAX_LINK`) are left out and travel as a lab file."""
    widgets = _page_widgets(page)
    data = None
    if len(points()):
        origin, made = _get("origin")
        data = lab_links.describe(points(), origin, made)
    if data is not None and data.points is not None and len(points()) > 3 * lab_links.MAX_POINTS_TEXT:
        return lab_links.query_of(page, widgets, None, defaults=True), False   # hopeless: not even packed
    query = lab_links.query_of(page, widgets, data, defaults=True)
    if data is not None and not lab_links.fits_link(query):
        return lab_links.query_of(page, widgets, None, defaults=True), False
    return query, True


def _page_widgets(page: str) -> dict:
    learner_key = lab_links.learner_widget(page)
    fields = lab_links.page_fields(page, st.session_state.get(learner_key) if learner_key else None)
    return {f.widget: st.session_state[f.widget] for f in fields if f.widget in st.session_state}


def write_link(page: str) -> bool:
    """Put ``page``'s state in the URL (after the page ran, so every widget has its value); returns
    whether the data fit.  The URL changes only when the state did (each change is one entry in
    the browser's history)."""
    query, fits = link_query(page)
    current = {key: value for key, value in st.query_params.to_dict().items()
               if key not in ("t", "present") and key not in lab_links.FOREIGN_KEYS}
    foreign = {key: st.query_params[key] for key in lab_links.FOREIGN_KEYS if key in st.query_params}
    if current != query:
        _write_url({**query, **foreign}, whole=True)
    _get("link")["fits"] = fits
    return fits


def link_fits() -> bool:
    """Whether the data fitted in the link written last (:func:`write_link`)."""
    return _get("link").get("fits", True)


def lab_file_text(page: str) -> str:
    """The lab file of ``page`` as it is now (its trial is filled in by the browser, which knows it)."""
    return lab_links.lab_file(page, _page_widgets(page), points())


def current_run(page: str) -> dict | None:
    """The run ``page``'s player shows ({"payload", "id", …}), or None."""
    return _get("timelines").get(page)


# -------------------------------------------------------------------- widgets
def preset(values: dict) -> None:
    """Set widget values before their widgets are drawn (stories and links use this)."""
    for key, value in values.items():
        st.session_state[key] = value
    _get("preset").update(values)


def default_unless_set(key: str, default, argument: str = "value") -> dict:
    """``{"value": default}`` for a widget, unless :func:`preset` gave its key a value that no widget has
    drawn yet: then ``{}`` (Streamlit warns when a widget gets a default beside a value set through the
    session state), once.  Otherwise the default goes with the widget, also when the widget holds a value
    of its own: Streamlit puts the default in place of a value outside the widget's range (a forged
    message's).  ``argument``: the name of the widget's default (``"default"`` for a segmented control)."""
    waiting = _get("preset")
    if key in waiting:
        waiting.discard(key)
        if key in st.session_state:
            return {}
    return {argument: default}


def keep_widget(key: str) -> None:
    """Keep the value of a widget drawn on every page across a change of page.  Streamlit forgets the state
    of a widget the last run did not finish drawing: a run that switches page (opening a lab file) left the
    "Share and export" toggle shown on but read as off, its panel empty.  Writing the value back makes it
    the session's own."""
    if key in st.session_state:
        st.session_state[key] = st.session_state[key]


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
    """A whole number in [low, high] from a URL value, or None (a link never breaks a page).

    Length first, then ASCII digits only: ``str.isdigit`` also accepts '²' or '١', which ``int`` refuses."""
    if text is None or not 0 < len(str(text)) <= 5 or not all("0" <= c <= "9" for c in str(text)):
        return None
    value = int(str(text))
    return value if low <= value <= high else None


def lesson_position(screens_per_lesson: list[int], keys: tuple = ()) -> tuple[int, int]:
    """The lesson and screen shown (0-based).  The first time in a session they come from the URL
    (``?lesson=2&screen=3``, 1-based; bad values are ignored), afterwards from the session; so does the
    progress of the lessons ``keys`` (in order), ``?done=1-1.3-2`` (:func:`lab.lessons.read_done`)."""
    at = _get("lesson_at")
    if at is None:
        from lab.lessons import read_done

        done = st.query_params.get_all("done")
        for lesson, screens in read_done(done[0] if len(done) == 1 else "", screens_per_lesson).items():
            if lesson < len(keys):
                record = _get("lessons").setdefault(keys[lesson], {})
                for screen in screens:
                    record.setdefault(screen, {"done": True})      # counted, with nothing to show
        lesson = _whole(st.query_params.get("lesson"), 1, len(screens_per_lesson))
        lesson = 0 if lesson is None else lesson - 1
        screen = _whole(st.query_params.get("screen"), 1, screens_per_lesson[lesson])
        at = (lesson, 0 if screen is None else screen - 1)
        st.session_state["lesson_at"] = at
    return at


def set_lesson_position(lesson: int, screen: int) -> None:
    """Show ``lesson``'s ``screen`` (0-based) and put it in the URL (``?lesson=…&screen=…``, 1-based)."""
    st.session_state["lesson_at"] = (int(lesson), int(screen))
    _write_url({"lesson": str(int(lesson) + 1), "screen": str(int(screen) + 1)})


def lesson_result(lesson_key: str, screen: int) -> dict | None:
    """The last check of a screen this session: {"given", "answer", "right", "text", "wrong"} ("wrong": the
    wrong answers given so far), or None (also for a screen a link only marked done)."""
    record = _get("lessons").get(lesson_key, {}).get(int(screen))
    return record if record and "text" in record else None


def set_lesson_result(lesson_key: str, screen: int, result: dict) -> None:
    """Keep the check of a screen (a right answer marks the screen done; a later wrong one does not undo it)
    and count its wrong answers."""
    screens = _get("lessons").setdefault(lesson_key, {})
    before = screens.get(int(screen)) or {}
    done = bool(result.get("right")) or bool(before.get("done"))
    wrong = before.get("wrong", 0) + (0 if result.get("right") else 1)
    screens[int(screen)] = {**result, "done": done, "wrong": wrong}


def write_lessons_done(keys) -> None:
    """Put the progress of the lessons ``keys`` (in order) in the URL, ``?done=1-1.3-2`` (none: no ``done``)."""
    from lab.lessons import done_text

    text = done_text({index: screens_done(key) for index, key in enumerate(keys) if screens_done(key)})
    _write_url({"done": text or None})


def screens_done(lesson_key: str) -> set[int]:
    """The screens of a lesson answered right this session."""
    return {screen for screen, result in _get("lessons").get(lesson_key, {}).items() if result.get("done")}


# ------------------------------------------------------------------ self-study: challenges
#: longest ``?challenge=…`` read (a few challenges, each with a score of at most five digits)
MAX_CHALLENGE_TEXT = 2_000


def _read_challenge_url(keys) -> None:
    """Once per session: ``?challenge=winnow,perceptron=7,winnow=4`` — the challenge shown, then best scores
    (mistakes forced) per challenge.  The current one presets the page's choice; bad parts are ignored."""
    if _get("challenge_read"):
        return
    st.session_state["challenge_read"] = True
    text = str(st.query_params.get("challenge", ""))
    if len(text) > MAX_CHALLENGE_TEXT:            # longer than every challenge with a score: not read
        text = ""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    best = _get("challenge_best")
    for part in parts:
        name, _, value = part.partition("=")
        if name not in keys:
            continue
        if not value:
            if "challenge_choice" not in st.session_state:
                preset({"challenge_choice": name})
        elif (mistakes := _whole(value, 0, 10_000)) is not None:
            best[name] = max(best.get(name, 0), mistakes)


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
    _write_url({"challenge": value})


# ------------------------------------------------------------------ class rooms
def class_room() -> dict | None:
    """The class room this session is in (``{"code", "role", "token", "sent"}``), or None."""
    return _get("room")


def set_class_room(room: dict | None) -> None:
    """Enter a class room (or leave it with None); the URL keeps its code (``?room=…``), never the token."""
    st.session_state["room"] = room
    _write_url({"room": None if room is None else room["code"], "key": None})


def room_join_allowed(limit: int, window: float = 60.0) -> bool:
    """Whether this tab may try to join a class room once more (at most ``limit`` tries in ``window`` s)."""
    import time

    now = time.monotonic()
    recent = [stamp for stamp in _get("room_joins") if now - stamp < window]
    allowed = len(recent) < limit
    st.session_state["room_joins"] = recent + [now] if allowed else recent
    return allowed


def room_link_sent(shown: tuple) -> None:
    """Remember the (page, link) handed to the teacher's room last, so an unchanged run sends nothing."""
    if _get("room") is not None:
        st.session_state["room"] = {**_get("room"), "sent": shown}


def page_origin() -> str:
    """The lab's address as this browser reached it (scheme and host), for links shown to others: ``""``
    when Streamlit does not know it."""
    url = st.context.url or ""
    if "://" not in url:
        return ""
    scheme, rest = url.split("://", 1)
    return f"{scheme}://{rest.split('/', 1)[0]}"


def switch_to_link(script: str, query: dict) -> None:
    """Run the page ``script`` with the URL ``query`` instead of this one, before the link is read (a class
    room's student arrives on the room's page); it stops this run."""
    st.switch_page(script, query_params=query)


def link_read() -> bool:
    """Whether this session has read the URL it was opened with (:func:`open_link`)."""
    return bool(_get("link").get("read"))


def room_requested() -> tuple[str | None, str | None]:
    """The room code and teacher's key the URL names (``?room=…&key=…``), as typed."""
    return st.query_params.get("room"), st.query_params.get("key")


def room_link(page: str) -> dict:
    """What a class room carries of ``page``: its link (data and settings) and the lesson, screen or challenge
    shown — not the trial, presentation or quiz, which the room carries itself or leaves to each student."""
    query, _ = link_query(page)
    own = {name: st.query_params[name] for name in ("lesson", "screen", "challenge") if name in st.query_params}
    return {**query, **own}
