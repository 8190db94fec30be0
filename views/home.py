"""Home: what the lab teaches, how to use it in two minutes, and one-click stories."""

import streamlit as st

from lab.links import DataRef
from lab.stories import STORIES, make_points
from learners.sources import SOURCES, SOURCES_LINK, sources_page
from ui import state
from ui.controls import literal


def open_story(key: str) -> None:
    story = STORIES[key]
    if story.uses_points:           # a page that runs on data of its own leaves the user's points alone
        try:
            points = make_points(story)
        except ValueError as error:
            state.notify("error", f"The story could not be loaded: {literal(error)}")
            return
        state.set_points(points, origin=DataRef(story=key))
    state.preset(story.presets)
    state.notify("success", f"Story loaded: {story.title}. {story.hint}")
    st.switch_page(story.page)


st.title("Mistake Bound Lab")
st.markdown(
    "An online learner sees one example at a time, predicts its label, is told the truth — "
    "and pays for every **mistake**. A *mistake bound* says how many mistakes it can make at "
    "most, whatever the order of the examples. This lab lets you watch the learners of five "
    "papers and lecture notes move their boundaries, trial by trial, and compare the mistakes "
    "they make with each theorem's bound."
)

st.subheader("In two minutes")
st.markdown(
    "1. **Data** — pick a class and click in the plot to add points, drag a box to spray a "
    "cloud, or generate one (Gaussian clouds, a chosen margin γ, XOR, …). Give points "
    "importance weights and classes priorities.\n"
    "2. **A learner page** — choose the learner and its parameters, the order of presentation, "
    "then press **Step** for one trial (its math is written out with numbers) or **Play** for "
    "the whole run as an animation.\n"
    "3. **Read the curves** — cumulative mistakes against every bound of that learner, each "
    "computed from the data seen so far. A bound that does not apply says why."
)

st.subheader("Stories")
st.caption("Each opens a page with data and parameters ready to play.")
keys = list(STORIES)
for row in range(0, len(keys), 3):
    columns = st.columns(3)
    for column, key in zip(columns, keys[row:row + 3]):
        story = STORIES[key]
        with column.container(border=True):
            st.markdown(f"**{story.title}**")
            st.caption(story.blurb)
            if st.button("Open", key=f"story_{key}"):
                open_story(key)

st.subheader("The sources")
TOPICS = {"000": "importance-weighted online learning: the IWP, multi-vector and all-pair perceptrons",
          "001": "Weighted Majority, Randomized WM and the Perceptron",
          "002": "the apportioned-margin classifier for priorities between classes",
          "003": "the Perceptron, its kernel form, and Winnow",
          "004": "many-class learning: OOZ, Passive–Aggressive, committees"}
st.markdown("\n".join(f"- **{source.name}**, *{source.title}* — {TOPICS[key]}" for key, source in SOURCES.items()))
with st.expander(f"Full citations, what the lab takes from each source and where it departs ({SOURCES_LINK})"):
    st.markdown(sources_page())
