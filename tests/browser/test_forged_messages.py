"""Forged canvas messages in headless Chromium: the Data page keeps working and keeps every point.

A script running in the page (an extension, injected code) can send the server anything the
canvas could send, and more: it can replace the bytes of the page's own websocket messages.
This test does the same from outside the page: it routes the app's websocket through
Playwright (``page.route_web_socket``), and when the canvas reports a click it rewrites that
message (a ``BackMsg`` protobuf) before the server sees it:

* the canvas's trigger value (the gesture) becomes JSON arrays nested 5,000 deep, or a
  5,000-digit integer: both fail inside Streamlit's own JSON decoding (``RecursionError``,
  Python's 4,300-digit limit), before the page's script runs;
* the same two values as the canvas's state value (a second widget of every v2 component);
* a well-formed click far beyond the coordinate limit (x = 5e9): the page says why nothing
  changed.

After each (all in turn on one page), the page must show no exception, still hold every point it
had, and draw the canvas, and a real click must still add a point.  Before the fix the first forged
message replaced the page with a traceback (and a reload starts a new session without the
points).
"""

from __future__ import annotations

import re

import pytest
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

from .conftest import metric, screenshot, wait_for_idle, wait_for_metric

pytestmark = pytest.mark.browser

SVG = ".st-key-canvas svg.mbl-svg"
TRIGGER_PREFIX, TRIGGER_SUFFIX = "$$STREAMLIT_INTERNAL_KEY_", "__events"
DEEP = "[" * 5000 + "]" * 5000
DIGITS = "9" * 5000


class Forger:
    """Routes the page's websocket; rewrites the next canvas gesture the page sends."""

    def __init__(self):
        self.pending = None           # (channel, JSON text) to put into the next canvas message
        self.forged = 0

    def handle(self, route):
        server = route.connect_to_server()
        route.on_message(lambda message: server.send(self.rewrite(message)))
        server.on_message(route.send)

    def rewrite(self, message):
        if self.pending is None or not isinstance(message, (bytes, bytearray)):
            return message
        back = BackMsg()
        back.ParseFromString(bytes(message))
        if back.WhichOneof("type") != "rerun_script":
            return message
        widgets = back.rerun_script.widget_states.widgets
        trigger = next((w for w in widgets if w.WhichOneof("value") == "json_trigger_value"
                        and w.id.endswith("-canvas" + TRIGGER_SUFFIX)), None)
        if trigger is None:
            return message
        channel, text = self.pending
        if channel == "trigger":
            trigger.json_trigger_value = text
        else:                         # the component's state value, beside an empty gesture list
            trigger.json_trigger_value = "[]"
            state_id = trigger.id[len(TRIGGER_PREFIX):-len(TRIGGER_SUFFIX)]
            widgets.append(WidgetState(id=state_id, json_value=text))
        self.pending = None
        self.forged += 1
        return back.SerializeToString()


def click_canvas(page, fx: float = 0.3, fy: float = 0.3):
    svg = page.locator(SVG).first
    svg.scroll_into_view_if_needed()
    frame = svg.locator("rect.frame").evaluate(
        "e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }")
    page.mouse.click(frame[0] + fx * frame[2], frame[1] + fy * frame[3])


#: (what is forged, where it goes, the text): the gesture or the state value, nested 5,000 deep or 5,000 digits long
FORGERIES = [
    ("gesture 5,000 deep", "trigger", '[{"event": "event", "value": ' + DEEP + "}]"),
    ("gesture of 5,000 digits", "trigger", '[{"event": "event", "value": ' + DIGITS + "}]"),
    ("gesture list 5,000 deep", "trigger", DEEP),
    ("state 5,000 deep", "state", '{"event": ' + DEEP + "}"),
    ("state of 5,000 digits", "state", '{"event": ' + DIGITS + "}"),
]


def test_a_forged_canvas_message_leaves_the_page_working_with_every_point(page, server_url):
    """Each forgery in turn, on one page (as one script in a page would send them): after each, no exception,
    every point kept, the canvas drawn, and a real click still adds a point."""
    forger = Forger()
    page.route_web_socket(re.compile(r".*/_stcore/stream"), forger.handle)
    page.goto(f"{server_url}/data")
    wait_for_idle(page)
    page.get_by_role("button", name="Generate", exact=True).click()
    wait_for_metric(page, "Points", 120)
    points = 120
    for forged, (name, channel, text) in enumerate(FORGERIES, start=1):
        forger.pending = (channel, text)
        click_canvas(page)
        wait_for_idle(page)                           # the click's rerun has run (fails when the page shows an exception)
        assert forger.forged == forged, f"{name}: the click's message was not rewritten"
        assert metric(page, "Points") == str(points), name
        assert page.locator(SVG).count() == 1, name
        screenshot(page, "forged-" + channel)

        click_canvas(page, 0.5 + 0.05 * forged, 0.6)  # the page still works: a real click adds a point
        points += 1
        wait_for_metric(page, "Points", points)


def test_a_forged_click_beyond_the_coordinate_limit_is_refused_with_its_reason(page, server_url):
    forger = Forger()
    page.route_web_socket(re.compile(r".*/_stcore/stream"), forger.handle)
    page.goto(f"{server_url}/data")
    wait_for_idle(page)
    page.get_by_role("button", name="Generate", exact=True).click()
    wait_for_metric(page, "Points", 120)
    forger.pending = ("trigger", '[{"event": "event", "value": {"type": "add", "x": 5e9, "y": 0, "label": 0, '
                                 '"id": "forged-1"}}]')
    click_canvas(page)
    alert = page.locator('[data-testid="stAlert"]', has_text="That gesture changed nothing")
    alert.wait_for(timeout=20_000)
    wait_for_idle(page)
    assert "within ±1e+09" in alert.inner_text()
    assert metric(page, "Points") == "120"
