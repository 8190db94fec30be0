"""Widgets drawn from parameter specs (``lab.catalog.Param``)."""

from __future__ import annotations

import streamlit as st

from lab.catalog import Param


def param_widget(param: Param, key: str):
    """Draw the widget of one parameter and return its value."""
    if param.kind == "bool":
        return st.checkbox(param.label, value=bool(param.default), key=key, help=param.help or None)
    if param.kind == "choice":
        options = list(param.options)
        return st.selectbox(param.label, options, index=options.index(param.default), key=key,
                            help=param.help or None)
    if param.kind == "int":
        return int(st.slider(param.label, int(param.low), int(param.high), int(param.default),
                             int(param.step or 1), key=key, help=param.help or None))
    return float(st.slider(param.label, float(param.low), float(param.high), float(param.default),
                           float(param.step or 0.01), key=key, help=param.help or None))


def param_widgets(params, prefix: str) -> dict:
    """Draw every parameter of a learner; return ``{name: value}``."""
    return {p.name: param_widget(p, f"{prefix}_{p.name}") for p in params}
