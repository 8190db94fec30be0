"""An embed is its page alone: no sidebar and no control that opens it (``app.py`` mounts this with ``?embed=true``).

Streamlit 1.67 leaves the sidebar (the page's settings, Share, the class room) and its opener in an embed; the
lab's navigation is left out by ``st.navigation(position="hidden")``, and this component's unisolated styles hide
the rest.  A component and not ``st.html``: the lab writes no raw HTML from Python (tests/test_shared_state.py).
"""

from __future__ import annotations

import streamlit as st

#: what an embed hides: the sidebar and the controls that open it (on several lines: Streamlit reads a one-line
#: string with brackets as a file's glob, and CSS with a line break as CSS)
EMBED_CSS = """
[data-testid='stSidebar'], [data-testid='stSidebarCollapsedControl'], [data-testid='stExpandSidebarButton'] {
  display: none !important;
}
"""

_COMPONENT = st.components.v2.component("mistake_bound_lab_embed", html="<span></span>", isolate_styles=False,
                                        css=EMBED_CSS)


def embed_layout() -> None:
    """Hide the sidebar and its opener for the rest of this page (an embed)."""
    _COMPONENT(key="embed_layout")
