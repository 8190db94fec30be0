"""Streamlit's decoding of component values, as the lab installs it (components/guard.py): JSON that Python
cannot decode safely (thousands of levels deep, integers of thousands of digits) reads as no value instead of
raising before the page's script runs; every other value decodes as before.

The browser side (forged websocket messages on the Data page) is tests/browser/test_forged_messages.py.
"""

import pytest
from streamlit.components.v2.bidi_component import serialization
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.runtime.state import session_state

import components  # noqa: F401  (importing the package installs the guard)

DEEP = "[" * 5000 + "]" * 5000
FORGED = {"arrays 5,000 deep": DEEP, "5,000 digits": "9" * 5000, "arrays 100 deep": "[" * 100 + "]" * 100,
          "objects 5,000 deep": '{"a":' * 5000 + "1" + "}" * 5000}


@pytest.mark.parametrize("text", FORGED.values(), ids=FORGED.keys())
def test_a_forged_event_list_reads_as_no_events(text):
    assert serialization.deserialize_trigger_list(text) is None
    assert serialization.deserialize_trigger_list(f'[{{"event": "event", "value": {text}}}]') is None


@pytest.mark.parametrize("text", FORGED.values(), ids=FORGED.keys())
def test_a_forged_component_state_reads_as_the_default_state(text):
    state = WidgetState(id="$$ID-abc-canvas", json_value=f'{{"event": {text}}}')
    assert session_state.unpack_widget_state_value(state) is None          # what the deserializer then gets
    serde = serialization.BidiComponentSerde(default={"zoom": 1})
    assert dict(serde.deserialize(None)) == {"zoom": 1}
    assert dict(serde.deserialize(f'{{"event": {text}}}')) == {"zoom": 1}


def test_state_text_that_is_not_json_reads_as_no_value_and_ordinary_values_decode_as_before():
    assert session_state.unpack_widget_state_value(WidgetState(id="x", json_value="{not json")) is None
    payload = '[{"event": "event", "value": {"type": "lasso", "xs": [0, 1.5, 0], "ys": [0, 0, 2], "id": "s-1"}}]'
    assert serialization.deserialize_trigger_list(payload) == [
        {"event": "event", "value": {"type": "lasso", "xs": [0, 1.5, 0], "ys": [0, 0, 2], "id": "s-1"}}]
    assert serialization.deserialize_trigger_list('{"event": "a"}') == [{"event": "a"}]
    assert serialization.deserialize_trigger_list("not json") == ["not json"]       # Streamlit's own rule
    assert serialization.deserialize_trigger_list(None) is None
    state = WidgetState(id="x", json_value='{"value": {"zoom": [1, 2, {"deep": [[[3]]]}]}}')
    assert session_state.unpack_widget_state_value(state) == {"value": {"zoom": [1, 2, {"deep": [[[3]]]}]}}
    assert session_state.unpack_widget_state_value(WidgetState(id="y", double_value=2.5)) == 2.5
    assert dict(serialization.BidiComponentSerde().deserialize('{"a": 1}')) == {"a": 1}
