"""Widgets drawn from parameter specs (``lab.catalog.Param``), and user text made safe for labels.

A parameter's widget enforces its declared range in the browser, and Streamlit
itself replaces a value outside [low, high] (or a non-finite one) that reaches
the server by the widget's default; the learners validate their parameters as
well, so a bad value ends as a clear ``ValueError`` shown by the page.
"""

from __future__ import annotations

import re

import streamlit as st

from lab.catalog import Param

# Every ASCII punctuation character may be backslash-escaped in CommonMark; these are the ones
# that start Markdown, LaTeX ($), colour/icon directives (:red[…], :material/…:) or HTML in labels.
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&=])")
# GitHub's autolinks (https://…, www.…, a@b.c) are found in the text after escapes are resolved,
# so escaping cannot stop them: an invisible WORD JOINER (U+2060) breaks the pattern instead.
_AUTOLINK = re.compile(r"(?i)(?<=https)(?=:)|(?<=http)(?=:)|(?<=www)(?=\.)|(?=@)")
WORD_JOINER = "\u2060"


def literal(text) -> str:
    """``text`` escaped so that a Streamlit label or Markdown shows it character for character.

    Widget labels and radio options render Markdown (bold, links, images, LaTeX,
    colour directives, bare URLs made into links); a class name read from a
    user's CSV must show as typed.  Markdown characters get a backslash; a
    word joiner (invisible) goes before ``:`` of ``http(s):``, the ``.`` of
    ``www.`` and every ``@``.

    >>> print(literal("**bold** [x](y) $a$ :red[b]"))
    \\*\\*bold\\*\\* \\[x\\]\\(y\\) \\$a\\$ \\:red\\[b\\]
    >>> print(literal("<script>"))
    \\<script\\>
    >>> print(literal("https://x www.x.org a@b.co").replace(WORD_JOINER, "|"))
    https|\\://x www|\\.x\\.org a|@b\\.co
    """
    return _MARKDOWN.sub(r"\\\1", _AUTOLINK.sub(WORD_JOINER, str(text)))


def param_widget(param: Param, key: str, *, disabled: bool = False):
    """Draw the widget of one parameter and return its value.

    A float parameter whose default is a pair draws a range slider and returns ``(low, high)``.
    """
    common = {"key": key, "help": param.help or None, "disabled": disabled}
    if param.kind == "bool":
        return st.checkbox(param.label, value=bool(param.default), **common)
    if param.kind == "choice":
        options = list(param.options)
        return st.selectbox(param.label, options, index=options.index(param.default), **common)
    if param.kind == "int":
        return int(st.slider(param.label, int(param.low), int(param.high), int(param.default),
                             int(param.step or 1), **common))
    if isinstance(param.default, tuple):
        low, high = st.slider(param.label, float(param.low), float(param.high),
                              tuple(float(v) for v in param.default), float(param.step or 0.01), **common)
        return float(low), float(high)
    return float(st.slider(param.label, float(param.low), float(param.high), float(param.default),
                           float(param.step or 0.01), **common))


def param_widgets(params, prefix: str) -> dict:
    """Draw every parameter of a learner; return ``{name: value}``."""
    return {p.name: param_widget(p, f"{prefix}_{p.name}") for p in params}


def page_header(title: str, lede: str, details: str = "") -> None:
    """A stepping page's header: its title, one line saying what it shows, and the longer explanation
    folded away, so the player starts high on the screen."""
    st.title(title)
    st.caption(lede)
    if details:
        with st.expander("What this page shows, and the math behind it"):
            st.markdown(details)
