"""The part every stepping page shares: the run's settings, and the timeline player of that run.

A page calls :func:`learner_page` with its key (``lab.catalog.PAGES`` names the learners it
offers).  The run's settings live in the sidebar; when they change, the whole run is computed
once (:func:`lab.timeline.build_timeline`, cached across sessions by its inputs, so a class
opening the same story computes it once) and handed to the player, which steps, goes back,
scrubs and plays in the browser without a rerun.  A page opened with no points starts with the
data of its first story (:mod:`lab.stories`), and says so.  A page that sets its run itself (the
Experts page, a lesson's screen, a challenge) shows it with :func:`show_run`, the same path: a
classifier's run on a point set, or an expert learner's on an advice stream.
"""

from __future__ import annotations

import streamlit as st

from components.timeline import timeline
from lab import catalog
from lab.stories import example_for, make_points
from lab.limits import SHARED_RUN_POINTS, refusal
from lab.settings import learner_widget
from lab.timeline import build_timeline, payload_json, run_key
from ui import state
from ui.controls import literal, run_settings
from ui.progress import progress_bar

#: runs kept across sessions (a class opening one story computes it once); an hour without use drops one
CACHE_ENTRIES, CACHE_SECONDS = 48, 3600
#: what a page keeps of its run (ui.state.timeline_for)
ENTRY = ("payload", "id", "T", "cut", "cut_reason")


def need_points(points, *, min_classes: int = 2, max_classes: int | None = None) -> bool:
    """Explain what is missing and link to the Data page; True when the data can be used."""
    used = len(points.used_classes) if len(points) else 0
    problem = None
    if len(points) == 0:
        problem = "There are no points yet."
    elif used < min_classes:
        problem = f"This page needs points of at least {min_classes} classes; there are points of {used}."
    elif max_classes is not None and used > max_classes:
        problem = (f"These learners are binary: they need exactly {max_classes} classes, "
                   f"but the points hold {used}.")
    if problem:
        st.info(problem + " Draw or generate points on the Data page, or open a story on Home.")
        st.page_link("views/data.py", label="Go to the Data page", icon=":material/draw:")
        return False
    return True


def example_points(page: str):
    """A page opened with no points gets its example (:func:`lab.stories.example_for`: the chosen learner's
    own, else the page's first story) — its data and its run settings — with a note that says so; returns the
    point set to use."""
    points = state.points()
    widget = learner_widget(page)
    learner = state.widget_value(widget) if widget else None          # a link's learner is preset by now
    story = example_for(page, learner)
    if len(points) or story is None:
        return points
    _open_example(page, story)
    if story.on_home:
        st.info(f"No points yet, so this page shows the example of the story “{story.title}”. "
                "Draw your own on the Data page.")
    else:
        st.info(f"No points yet, so this page shows an example {learner} runs on: {story.title.lower()}. "
                "Draw your own on the Data page.")
    return state.points()


def _open_example(page: str, story) -> None:
    """Make ``story``'s points the session's (the old ones one Undo away) and preset its run settings."""
    state.set_points(make_points(story), origin=story.origin)
    # the page's widgets come after this call: a preset here is their value in this very run (no rerun,
    # which would also wipe what this run showed above, such as a link's warnings)
    state.preset({key: value for key, value in story.presets.items()
                  if key.startswith(f"{page}_") and not key.endswith("_section")})


def say_refusal(page: str, name: str, problem: str) -> None:
    """A run that cannot start on these points: why and what to do, in the page's words, with a button that
    opens the learner's own example (the points stay one Undo away)."""
    st.error(f"This run cannot start: {problem} Your points are unchanged.")
    story = example_for(page, name)
    if story is not None and not story.on_home:
        # a callback: it runs before the next run draws the widgets whose values the example presets
        st.button(f"Open an example {name} runs on", key=f"{page}_open_example", icon=":material/lightbulb:",
                  on_click=_example_opened, args=(page, name, story))
    st.page_link("views/data.py", label="Go to the Data page", icon=":material/draw:")


def _example_opened(page: str, name: str, story) -> None:
    _open_example(page, story)
    state.notify("success", f"Example loaded for {name}: {story.title.lower()}. Undo brings your points back.")


def _built(name: str, values_items: tuple, presentation_items: tuple, data, progress) -> tuple:
    """(payload JSON, run id, trials, trials asked for when cut, why cut) of one run: see :data:`ENTRY`
    (an expert learner's run is never cut)."""
    payload = build_timeline(name, dict(values_items), data, progress=progress, **dict(presentation_items))
    return payload_json(payload), payload["id"], payload["T"], payload.get("cut"), payload.get("cut_reason")


@st.cache_data(show_spinner=False, max_entries=CACHE_ENTRIES, ttl=CACHE_SECONDS)
def _shared_timeline_json(key: str, name: str, values_items: tuple, presentation_items: tuple, _data,
                          _progress=None) -> tuple:
    """:func:`_built`, kept across sessions; the cache key is the run's inputs (``key`` holds the data's
    fingerprint, ``_data`` is the point set or advice stream itself, not hashed)."""
    return _built(name, values_items, presentation_items, _data, _progress)


def _timeline_json(key: str, name: str, values_items: tuple, presentation_items: tuple, data) -> tuple:
    """The run's payload, built with a progress bar (where a Stop, a new setting or a closed tab interrupts
    it).  Runs on small data go through the cache that sessions share; a run on more than
    ``SHARED_RUN_POINTS`` points (or trials of advice) belongs to its session alone, so it goes when the
    session goes."""
    bar, progress = progress_bar("Computing the run…")
    try:
        if len(data) > SHARED_RUN_POINTS:
            return _built(name, values_items, presentation_items, data, progress)
        return _shared_timeline_json(key, name, values_items, presentation_items, data, _progress=progress)
    finally:
        bar.empty()


def say_cut(entry: dict) -> None:
    """Say that a run was cut at its trial limit, why, and where it runs whole."""
    cut = entry.get("cut")
    if cut:
        st.warning(f"This run shows its first {entry['T']:,} trials of {cut:,}: {entry.get('cut_reason')}. "
                   "Run it whole in Python: `Run(...).play()` in `lab.runner`, or fit the learner from `learners` "
                   "on the points exported from the Data page (`python -m experiments` runs the papers' "
                   "experiments without limits).", icon=":material/info:")


def learner_page(page: str, *, min_classes=2, max_classes=None, extra=None) -> None:
    """Render the run settings and the player of page ``page``.

    ``extra`` holds parameter values the page sets itself (e.g. θ on the Priority page)."""
    points = example_points(page)
    if not need_points(points, min_classes=min_classes, max_classes=max_classes):
        return
    with st.sidebar:
        st.subheader("Run settings", divider="gray")
        name, values, presentation = run_settings(page)
    problem = refusal(name, points)
    if problem:
        say_refusal(page, name, problem)
        return
    link = state.link_state(page)
    show_run(page, name, {**values, **(extra or {})}, points, key=f"{page}_timeline", start=link.get("t"),
             present=link.get("present", False), kept="Your points are unchanged.", **presentation)


def show_run(page: str, name: str, values: dict, data, *, key: str, order: str = "drawn", n_passes: int = 1,
             seed: int = 0, start: int | None = None, present: bool = False, kept: str = "") -> bool:
    """The player of one run of ``page``: learner ``name`` of the catalog with parameter ``values`` on ``data``
    (a classifier on a :class:`datasets.pointset.PointSet`, an expert learner on a
    :class:`datasets.advice.AdviceStream`), built once per change of its inputs (cached as every page's run
    is) and kept as ``page``'s run.  ``start`` and ``present``: the player's first trial and presentation mode
    (a link's).  False, with the reason shown (and ``kept``, a sentence on what is unchanged), when the run
    cannot start."""
    presentation = {"order": order, "n_passes": int(n_passes), "seed": int(seed)}
    run = run_key(name, values, data, **presentation)
    try:
        entry = state.timeline_for(page, (run,), lambda: dict(zip(ENTRY, _timeline_json(
            run, name, tuple(sorted(values.items())), tuple(sorted(presentation.items())), data))))
    except ValueError as error:
        st.error(f"This run cannot start: {literal(str(error))}" + (f" {kept}" if kept else ""))
        return False
    say_cut(entry)
    timeline(entry["payload"], entry["id"], key=key, start=start, present=present)
    return True
