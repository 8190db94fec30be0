"""What a browser sends to a v2 component is decoded safely: bad JSON costs the message, not the page.

Every v2 custom component (``st.components.v2.component``) registers two widgets: its state
(a ``json_value``) and its list of events (a ``json_trigger_value``).  Streamlit 1.67 decodes
both with ``json.loads``: the state in ``unpack_widget_state_value``
(``streamlit.runtime.state.common``), which catches nothing, the events in
``handle_deserialize`` (``streamlit.components.v2.bidi_component.serialization``), which
catches only ``json.JSONDecodeError``.  Valid JSON that Python cannot decode still raises:
arrays nested a few thousand deep (``RecursionError``), an integer of more than 4,300 digits
(``ValueError``, Python's limit on int parsing).  Streamlit decodes a changed widget *before*
the page's script runs (to decide which callbacks to call), so no page can catch it: the
page is replaced by an exception, and the only way out is a reload — a new session, without
the user's points.  Only a forged message carries such values (the lab's components send
flat numbers), but one message is enough.

:func:`install` wraps those two decoders (and ``BidiComponentSerde.deserialize``, which
decodes state text it is given): a value that fails to decode, or that nests lists and
objects deeper than ``MAX_DEPTH`` levels (deep values parse, but Streamlit copies and
compares widget values recursively later), is logged on the server and read as no value,
as if the browser had sent nothing.  Everything else is decoded exactly as before.
``components/__init__.py`` installs it, so it is in place before any component of the lab
is mounted.
"""

from __future__ import annotations

import json
import logging

import sys

from streamlit.components.v2.bidi_component import serialization
from streamlit.runtime.state import common

MAX_DEPTH = 32                    # levels of lists and objects in one value (the lab's components use 3)
_LOGGER = logging.getLogger(__name__)
_MARK = "_mistake_bound_lab_guard"


class Undecodable:
    """Marks a value :func:`decode` refused."""


def too_deep(value, limit: int = MAX_DEPTH) -> bool:
    """True when lists or dicts in ``value`` nest more than ``limit`` levels (checked without recursion).

    >>> too_deep([[[]]], 3), too_deep([[[]]], 2), too_deep({"a": [1, {"b": 2}]}, 3)
    (False, True, False)
    """
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, (list, dict)):
            if depth > limit:
                return True
            pending.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return False


def decode(text):
    """``json.loads(text)``, or ``Undecodable`` when the text is JSON Python cannot decode safely.

    Invalid JSON still raises ``json.JSONDecodeError`` (Streamlit's decoders handle it themselves).

    >>> decode('[1, {"a": 2}]')
    [1, {'a': 2}]
    >>> decode("9" * 5000) is Undecodable, decode("[" * 5000 + "]" * 5000) is Undecodable
    (True, True)
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        raise
    except (ValueError, RecursionError, MemoryError) as error:
        _LOGGER.warning("A component value from a browser could not be decoded and was dropped: %s: %.200s",
                        type(error).__name__, error)
        return Undecodable
    if too_deep(value):
        _LOGGER.warning("A component value from a browser nested deeper than %d levels and was dropped.", MAX_DEPTH)
        return Undecodable
    return value


def install() -> bool:
    """Wrap Streamlit's component decoders (once per process); True when they are wrapped.

    False (with a warning in the log) when this Streamlit has no such decoders to wrap.
    """
    serde = getattr(serialization, "BidiComponentSerde", None)
    original_handle = getattr(serialization, "handle_deserialize", None)
    original_deserialize = getattr(serde, "deserialize", None)
    original_unpack = getattr(common, "unpack_widget_state_value", None)
    if original_handle is None or original_deserialize is None or original_unpack is None:
        _LOGGER.warning("Streamlit's component decoders were not found; forged component values are not guarded.")
        return False
    if getattr(original_handle, _MARK, False):
        return True

    def handle_deserialize(s):
        if s is None:
            return None
        try:
            value = decode(s)
        except json.JSONDecodeError:
            return s                                # as Streamlit does: the text itself
        return None if value is Undecodable else value

    def deserialize(self, ui_value):
        if isinstance(ui_value, str):
            try:
                value = decode(ui_value)
            except json.JSONDecodeError:
                pass                                # Streamlit's own handling (logged, empty state)
            else:
                ui_value = value if isinstance(value, dict) else None    # not a mapping: the defaults
        return original_deserialize(self, ui_value)

    def unpack_widget_state_value(widget_state):
        if widget_state.WhichOneof("value") != "json_value":
            return original_unpack(widget_state)
        try:
            value = decode(widget_state.json_value)
        except json.JSONDecodeError as error:
            _LOGGER.warning("A component value from a browser is not JSON and was dropped: %.200s", error)
            return None
        return None if value is Undecodable else value

    wrappers = ((handle_deserialize, original_handle), (deserialize, original_deserialize),
                (unpack_widget_state_value, original_unpack))
    for wrapper, original in wrappers:
        wrapper.__doc__ = original.__doc__
        wrapper.__wrapped__ = original
        setattr(wrapper, _MARK, True)
    serialization.handle_deserialize = handle_deserialize
    serde.deserialize = deserialize
    # Streamlit's session-state module (and any other loaded so far) imported it by name: replace it there too
    for name, module in list(sys.modules.items()):
        if name.startswith("streamlit.") and getattr(module, "unpack_widget_state_value", None) is original_unpack:
            module.unpack_widget_state_value = unpack_widget_state_value
    return True
