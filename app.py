"""Mistake Bound Lab — entry point: ``streamlit run app.py``.

Declares the pages (stable url paths) and the shared layout; every page is a
thin file under ``pages/`` that draws widgets and calls the layers below
(``learners``, ``datasets``, ``lab``, ``viz``), with per-user state owned by
``ui.state``.
"""

import streamlit as st

from ui import state

st.set_page_config(page_title="Mistake Bound Lab", page_icon="🧮", layout="wide")

PAGES = [
    st.Page("pages/home.py", title="Home", icon="🏠", url_path="", default=True),
    st.Page("pages/data.py", title="Data", icon="✏️", url_path="data"),
    st.Page("pages/perceptron.py", title="Perceptron", icon="📈", url_path="perceptron"),
    st.Page("pages/winnow.py", title="Winnow", icon="✖️", url_path="winnow"),
    st.Page("pages/experts.py", title="Experts", icon="🧑‍🏫", url_path="experts"),
    st.Page("pages/multiclass.py", title="Multiclass", icon="🎨", url_path="multiclass"),
    st.Page("pages/priority.py", title="Priority", icon="⚖️", url_path="priority"),
]

page = st.navigation(PAGES)
for kind, text in state.pop_notices():   # messages queued by the previous run (e.g. a story)
    getattr(st, kind)(text)
page.run()
