"""Widgets drawn from the pages' tables of settings (:mod:`lab.settings`), and user text made safe for labels.

A setting's widget enforces its declared range in the browser, and Streamlit
itself replaces a value outside [low, high] (or a non-finite one) that reaches
the server by the widget's default; the learners validate their parameters as
well, so a bad value ends as a clear ``ValueError`` shown by the page.
"""

from __future__ import annotations

import re

import streamlit as st

from lab import catalog, settings
from lab.settings import Setting
from ui import state

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


def setting_widget(setting: Setting, *, key: str | None = None, label: str | None = None, disabled: bool = False,
                   where=st):
    """Draw the widget of one row of a page's settings (:mod:`lab.settings`) and return its value.

    The row says everything: its kind and range or options, default, label, help and which widget
    (``control``).  ``key`` and ``label`` replace the row's for a row drawn more than once (one per class);
    ``where`` is the container drawn in.  The default goes to the widget only while its key holds no value
    (a value preset by a story or a link is the widget's value: no default beside it, which Streamlit would
    warn about), and otherwise always: Streamlit puts it in place of a value outside the range (a forged
    message's).  An int returns an int, a float a float, a "range" a pair of floats."""
    key = key or setting.widget
    common = {"key": key, "help": setting.help or None, "disabled": disabled}
    label = setting.label if label is None else label
    if setting.kind == "bool":
        draw = where.toggle if setting.control == "toggle" else where.checkbox
        return bool(draw(label, **common, **state.default_unless_set(key, bool(setting.default))))
    if setting.kind == "choice":
        options = list(setting.options)
        if setting.control == "segmented":
            return where.segmented_control(label, options, format_func=setting.shown_option, **common,
                                           **state.default_unless_set(key, setting.default, "default"))
        index = state.default_unless_set(key, options.index(setting.default), "index")
        draw = where.radio if setting.control == "radio" else where.selectbox
        return draw(label, options, format_func=setting.shown_option, **common, **index)
    number = int if setting.kind == "int" else float
    low, high = number(setting.low), number(setting.high)
    step = number(setting.step or (1 if setting.kind == "int" else 0.01))
    if setting.kind == "range":
        default = state.default_unless_set(key, tuple(float(v) for v in setting.default))
        first, last = where.slider(label, low, high, step=step, **common, **default)
        return float(first), float(last)
    default = state.default_unless_set(key, number(setting.default))
    draw = where.number_input if setting.control == "number" else where.slider
    return number(draw(label, low, high, step=step, **common, **default))


def learner_widgets(page: str, learner: str) -> dict:
    """Draw ``learner``'s parameters as ``page`` places them; return ``{name: value}``."""
    return {row.key: setting_widget(row) for row in settings.learner_params(page, learner)}


def run_settings(page: str) -> tuple[str, dict, dict]:
    """Draw a stepping page's run settings from its table — the learner, its parameters, the order, passes
    and seed of presentation — and return (learner, parameter values, presentation)."""
    name = setting_widget(settings.learner_setting(page, f"{page}_learner"))
    st.caption(catalog.LEARNERS[name].summary)
    values = learner_widgets(page, name)
    order, passes, seed = (setting_widget(row) for row in settings.run_settings(page))
    return name, values, {"order": order, "n_passes": int(passes), "seed": int(seed)}


def page_header(title: str, lede: str, details: str = "") -> None:
    """A stepping page's header: its title, one line saying what it shows, and the longer explanation
    folded away, so the player starts high on the screen."""
    st.title(title)
    st.caption(lede)
    if details:
        with st.expander("What this page shows, and the math behind it"):
            st.markdown(details)
