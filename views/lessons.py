"""Lessons: short paths through the ideas, each screen on the real lab (content in lab/lessons.py)."""

import streamlit as st

from datasets.advice import AdviceStream
from lab import lessons
from ui import state
from ui.controls import literal
from ui.learner_page import show_run

PAGE = "lessons"
LESSONS = lessons.LESSONS


@st.cache_data(show_spinner=False, max_entries=64, ttl=6 * 3600)
def facts_of(lesson_key: str, screen_index: int) -> dict:
    """The numbers of a screen (its right answer and explanation), computed once with the real learners."""
    return lessons.BY_KEY[lesson_key].screens[screen_index].facts()


@st.cache_data(show_spinner=False, max_entries=64, ttl=6 * 3600)
def opening_of(lesson_key: str, screen_index: int) -> int | None:
    """The trial a screen's player opens at (:func:`lab.lessons.opening_trial`)."""
    screen = lessons.BY_KEY[lesson_key].screens[screen_index]
    return lessons.opening_trial(screen, facts_of(lesson_key, screen_index))


def go_to(lesson: int, screen: int) -> None:
    """A button's callback: show ``lesson``'s ``screen`` in the run the click starts (the screen shown before
    is not drawn again first)."""
    state.set_lesson_position(lesson, screen)


KEYS = tuple(lesson.key for lesson in LESSONS)
lesson_index, screen_index = state.lesson_position([len(lesson.screens) for lesson in LESSONS], KEYS)
lesson = LESSONS[lesson_index]
screen = lesson.screens[screen_index]
facts = facts_of(lesson.key, screen_index)

# the list of lessons is filled at the end of the script, so that a Check just made counts in it
with st.sidebar:
    st.subheader("Lessons", divider="gray")
    lesson_list = st.container()

st.title(f"Lesson {lesson_index + 1}: {lesson.title}")
progress_line = st.empty()          # filled at the end, with this run's Check counted

left, right = st.columns([3, 2], gap="large")
with left:
    st.subheader(screen.title)
    st.markdown(lessons.text_of(screen, facts))
with right:
    answer_key = f"lesson_{lesson.key}_{screen_index}_answer"
    prompt = lessons.prompt_of(screen, facts)
    with st.form(f"lesson_{lesson.key}_{screen_index}_form", border=True):
        if screen.question.kind == "choice":
            given = st.radio(prompt, lessons.options_of(screen, facts), index=None, key=answer_key)
        else:
            given = st.text_input(prompt, key=answer_key, placeholder="(1, −2, 0.5)" if screen.question.kind == "vector"
                                  else "a number")
        checked = st.form_submit_button("Check", type="primary")
    if checked:
        result = lessons.check(screen, given, facts)
        if result.problem:
            st.warning(literal(result.problem))
        else:
            state.set_lesson_result(lesson.key, screen_index, {"given": str(given), "right": result.right,
                                                               "answer": result.answer, "text": result.explanation})
            state.write_lessons_done(KEYS)             # progress survives a reload: ?done=…
    shown = state.lesson_result(lesson.key, screen_index)
    if shown:
        if shown["right"]:
            st.success(f"Right: {shown['answer']}.")
        elif lessons.reveals(shown["wrong"]):
            st.error(f"Not quite — you answered {shown['given']}; the answer is {shown['answer']}.")
        else:
            st.warning(f"Not quite — you answered {shown['given']}. Look again and try once more: a second "
                       "wrong answer shows the answer and why.")
        if shown["right"] or lessons.reveals(shown["wrong"]):
            st.markdown(shown["text"])
    back, forward = st.columns(2)
    last_screen = screen_index == len(lesson.screens) - 1
    previous = (lesson_index, screen_index - 1) if screen_index else \
        (lesson_index - 1, len(LESSONS[lesson_index - 1].screens) - 1)
    back.button("◀ Previous", key="lesson_back", disabled=lesson_index == 0 and screen_index == 0,
                use_container_width=True, on_click=go_to, args=previous)
    at_end = last_screen and lesson_index == len(LESSONS) - 1
    forward.button("Next lesson ▶" if last_screen else "Next screen ▶", key="lesson_next", disabled=at_end,
                   type="primary" if shown and shown["right"] else "secondary", use_container_width=True,
                   on_click=go_to, args=(lesson_index + 1, 0) if last_screen else (lesson_index, screen_index + 1))
    if last_screen and len(state.screens_done(lesson.key)) == len(lesson.screens):     # this Check included
        st.success(f"Lesson {lesson_index + 1} done: every screen answered right.")
state.set_lesson_position(lesson_index, screen_index)

setup = screen.setup
st.subheader("The lab", divider="gray")
readings = lessons.panel_of(screen, facts)          # the screen's own numbers, above its player (if it has one)
with st.container():        # a block even when empty: the player has the same place on the page on every screen
    for start in range(0, len(readings), 4):
        for column, reading in zip(st.columns(4), readings[start:start + 4]):
            column.metric(reading.label, reading.text, help=reading.help or None)
if setup is not None:
    # one player per screen (its key): a screen opens its own player at the trial it asks about, wherever the
    # student left the previous screen's; a rerun of the same screen (a Check) leaves the player where it is
    player = {"key": f"lesson_timeline_{lesson_index}_{screen_index}", "start": opening_of(lesson.key, screen_index),
              "seed": setup.seed}
    if setup.experts:
        show_run(PAGE, setup.learner, setup.parameters, AdviceStream(*setup.data.stream(setup.learner)), **player)
        settings = setup.parameters
    else:
        # the very settings the screen's numbers were computed with (θ of the data included): lab.lessons.run_inputs
        inputs = lessons.run_inputs(setup)
        show_run(PAGE, inputs["name"], inputs["values"], inputs["points"], order=inputs["order"],
                 n_passes=inputs["n_passes"], **player)
        settings = inputs["values"]
    st.caption(f"{setup.learner}" + (f", {lessons.settings_text(settings)}" if settings else "")
               + ("" if setup.experts else f"; order: {setup.order}, {setup.n_passes} pass{'es' if setup.n_passes > 1 else ''}")
               + f". The player opens at trial {player['start']}. Step with →, back with ←, play with Space; "
               "Q turns on the quiz.")
if screen.places:
    st.markdown("  \n".join(f"Elsewhere in the lab: [{place.label}]({place.href})" for place in screen.places))


def list_lessons() -> None:
    """One button per lesson with its progress (screens answered right)."""
    for index, item in enumerate(LESSONS):
        done, total = len(state.screens_done(item.key)), len(item.screens)
        label = f"{index + 1}. {item.title} — {done}/{total}" + (" ✓" if done == total else "")
        st.button(label, key=f"lesson_pick_{index}", type="primary" if index == lesson_index else "secondary",
                  use_container_width=True, help=item.summary, on_click=go_to, args=(index, 0))


with lesson_list:
    list_lessons()
done = state.screens_done(lesson.key)
marks = " ".join("✓" if i in done else ("●" if i == screen_index else "○") for i in range(len(lesson.screens)))
progress_line.caption(f"{lesson.summary} · Screen {screen_index + 1} of {len(lesson.screens)} · {marks} "
                      "(✓ answered right, ● this screen)")
