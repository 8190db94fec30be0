"""Mistake Bound Lab — entry point: ``streamlit run app.py``.

Declares the pages (stable url paths) and the shared layout; every page is a
thin file under ``views/`` that draws widgets and calls the layers below
(``learners``, ``datasets``, ``lab``, ``viz``), with per-user state owned by
``ui.state``.

``streamlit run app.py`` first imports this file to find its server: an ``st.App`` that answers the class
rooms' few HTTP routes (``ui/room_routes.py``) beside Streamlit's own.  Every session then runs the file as
its script (``__name__ == "__main__"``), which draws the lab.
"""

import streamlit as st



def lab() -> None:
    """One run of the lab's script: navigation, the page, the link and the Share panel."""
    from components.embed import embed_layout
    from components.figure_saver import figure_saver
    from ui import janitor, preload, state
    from ui.room_panel import room_entry, room_panel
    from ui.share import share_panel

    # the favicon is a file of the project: a Material icon would make the browser fetch it from Google
    st.set_page_config(page_title="Mistake Bound Lab", page_icon="assets/icon.png", layout="wide")

    # The page scripts live in views/, not pages/: with a top-level pages/ folder Streamlit 1.67
    # runs its legacy directory navigation on a server's first run (PagesManager.uses_pages_directory),
    # and the url paths below would show the wrong sidebar.
    pages = [
        st.Page("views/home.py", title="Home", icon=":material/home:", url_path="", default=True),
        st.Page("views/data.py", title="Data", icon=":material/draw:", url_path="data"),
        st.Page("views/perceptron.py", title="Perceptron", icon=":material/show_chart:", url_path="perceptron"),
        st.Page("views/winnow.py", title="Winnow", icon=":material/bolt:", url_path="winnow"),
        st.Page("views/experts.py", title="Experts", icon=":material/groups:", url_path="experts"),
        st.Page("views/multiclass.py", title="Multiclass", icon=":material/category:", url_path="multiclass"),
        st.Page("views/priority.py", title="Priority", icon=":material/balance:", url_path="priority"),
        st.Page("views/paper_lab.py", title="Paper lab", icon=":material/science:", url_path="paper-lab"),
        st.Page("views/lessons.py", title="Lessons", icon=":material/school:", url_path="lessons"),
        st.Page("views/challenges.py", title="Challenges", icon=":material/sports_esports:", url_path="challenges"),
    ]

    preload.start_once()       # imports in the background, then gc.freeze (see ui/preload.py)
    janitor.start_once()       # frees what ended sessions held (see ui/janitor.py)

    # an embed (Streamlit's ?embed=true: a page in a slide or a course's web page) is the page alone, its player and
    # figures: no navigation and no sidebar (its settings and Share panel; the link that embeds the page sets them)
    embedded = bool(st.context.is_embedded)
    page = st.navigation(pages, position="hidden" if embedded else "sidebar")
    if embedded:
        embed_layout()                       # no sidebar and no opener (components/embed.py)
    room_entry(page.url_path)                # a student's first run: the room's page and link
    state.open_link(page.url_path)           # once per session: the data, settings and trial of the URL
    for kind, text in state.pop_notices():   # messages queued by the previous run (e.g. a story)
        getattr(st, kind)(text)
    state.keep_widget("share_open")         # the panel stays open across a change of page
    share_slot = st.sidebar.container()      # Share and export: first in the sidebar, filled once the page ran
    page.run()
    state.write_link(page.url_path)          # the URL follows every change (the player adds the trial)
    share_panel(page.url_path, share_slot)
    room_panel(page.url_path)                # the class room: start, join, follow (ui/room_panel.py)
    with st.sidebar:                         # an invisible element: SVG and PNG buttons under every figure
        figure_saver()


if __name__ == "__main__":            # a session's script run
    lab()
else:                                 # imported by `streamlit run`: the server, with the class rooms' routes
    from ui import cache_guard
    from ui.room_routes import ROUTES

    cache_guard.install()             # no browser empties the caches the whole server shares (ui/cache_guard.py)

    app = st.App(__file__, routes=ROUTES)
