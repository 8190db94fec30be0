"""A light student for the proxy's load test: Streamlit's own websocket protocol, no browser.

A browser tab costs this 2-core machine far more than the lab does (twenty Chromium tabs opening the lab at
once kept the load average above 20 and every page waiting for a core), so most of a simulated class talks
to the server the way the browser does, without rendering: it takes the proxy's affinity cookie, opens
``/_stcore/stream`` with it, asks for a page run with the link's query string (``BackMsg.rerun_script``,
what the browser sends when a tab opens a link) and reads Streamlit's ``ForwardMsg``s until the script has
finished.  The server does the same work as for a browser — a new session, the link read, the run built,
the page's elements and the player's payload sent — so its cost is measured; stepping happens in the
browser and costs the server nothing, so it is measured by the Chromium students of the test.
"""

from __future__ import annotations

import re
import time
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlsplit

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import connect

from deploy.haproxy import COOKIE, WORKER_HEADER

TIMEOUT = 180.0
#: a participant token in the room component's data (lab/rooms.py participant_token: id.expiry.signature)
PARTICIPANT = re.compile(rb'"participant":\s*"([0-9a-f]{24}\.[0-9]+\.[0-9a-f]{32})"')


@dataclass
class Opened:
    """What one open of a link cost and brought back."""

    seconds: float          # from the request for the page run to the script finished
    worker: str
    received: int           # bytes of ForwardMsgs
    exceptions: list        # texts of exceptions the page showed
    player: bool            # the player's payload arrived
    participant: str = ""   # the participant token the room handed this tab (lab/rooms.py), when in a room


def affinity_cookie(url: str, cookie: str | None) -> tuple[str, str]:
    """(cookie, worker): the proxy's cookie for this student (asked for once, then kept)."""
    request = urllib.request.Request(url + "/_stcore/health", headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        worker = response.headers.get(WORKER_HEADER, "")
        set_cookie = response.headers.get("Set-Cookie", "")
    if set_cookie.startswith(COOKIE + "="):
        cookie = set_cookie.split(";", 1)[0]
    return cookie or f"{COOKIE}={worker}", worker


async def open_link(url: str, link: str, cookie: str) -> Opened:
    """Open ``link`` (a path with its query) as a new tab would, through the proxy at ``url``."""
    path, _, query = link.partition("?")
    parts = urlsplit(url)
    message = BackMsg()
    message.rerun_script.query_string = query
    message.rerun_script.page_name = path.strip("/")
    received, exceptions, player, participant = 0, [], False, ""
    async with connect(f"ws://{parts.netloc}/_stcore/stream", subprotocols=["streamlit"],
                       additional_headers={"Cookie": cookie}, max_size=None, open_timeout=TIMEOUT,
                       origin=f"http://{parts.netloc}") as socket:
        began = time.perf_counter()
        await socket.send(message.SerializeToString())
        while True:
            data = await socket.recv()
            received += len(data)
            forward = ForwardMsg.FromString(data)
            kind = forward.WhichOneof("type")
            if kind == "delta" and forward.delta.WhichOneof("type") == "new_element":
                element = forward.delta.new_element
                if element.WhichOneof("type") == "exception":
                    exceptions.append(f"{element.exception.type}: {element.exception.message}")
                if b'n_points' in data:
                    player = True
                handed = PARTICIPANT.search(data)
                if handed:
                    participant = handed.group(1).decode("ascii")
            if kind == "script_finished":
                return Opened(time.perf_counter() - began, "", received, exceptions, player, participant)
