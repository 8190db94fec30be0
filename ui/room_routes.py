"""Class rooms over HTTP: the few routes the player's room script (components/room.js) calls.

Streamlit has no push from one session to another, and a Step in the player costs no server round trip, so
rooms do not go through Streamlit's script runs at all: the server of ``streamlit run app.py`` (an ``st.App``,
see app.py) answers these routes beside its own, from the shared store (:mod:`lab.room_store`):

``GET  /room/{code}/state?since=V``  the room's public state as soon as its version is above V (a long poll:
                                     held up to :data:`LONG_POLL_SECONDS`, checked every :data:`POLL_EVERY` s);
``POST /room/{code}/drive``          the teacher's change (header ``X-Room-Token``): trial, play, presentation,
                                     a new run's link, the poll's actions;
``POST /room/{code}/answer``         a student's answer to the open round (JSON ``participant``: the token the
                                     tab was handed when it joined, ``poll``, ``round``, ``value``);
``GET  /room/{code}/results``        the teacher's live counts (header ``X-Room-Token``).

A POST is taken only from the lab's own pages: its ``Origin`` names this server, and its body is JSON (the
media type parsed: ``application/json`` and nothing else — ``text/plain; application/json`` is what another site
may send without asking, and is refused) of at most :data:`MAX_BODY` bytes.  A state request that does not
carry the room's teacher token or one of its participant tokens (``X-Room-Participant``) is a look-up: it takes
from the server's look-up budget *before* the room is looked up, so a refused look-up says the same whether the
room exists or not, and codes cannot be told apart by guessing.  Every refusal is a JSON ``{"error": sentence}``.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time

from starlette.responses import JSONResponse
from starlette.routing import Route

from lab import rooms
from lab.room_store import StoreFull, StoreUnavailable, shared_store

LONG_POLL_SECONDS = 20.0
POLL_EVERY = 0.1
MAX_BODY = 70_000


class _LookupBudget:
    """At most ``rate`` look-ups of room codes by whoever holds none of the room's tokens, per second in this
    process (a token bucket): guessing codes is slow whatever the number of browsers a guesser uses."""

    def __init__(self, rate: float):
        self.rate, self.tokens, self.stamp, self.lock = rate, rate, time.monotonic(), threading.Lock()

    def take(self) -> bool:
        with self.lock:
            now = time.monotonic()
            self.tokens = min(self.rate, self.tokens + (now - self.stamp) * self.rate)
            self.stamp = now
            if self.tokens < 1:
                return False
            self.tokens -= 1
            return True


LOOKUPS = _LookupBudget(rooms.LOOKUPS_PER_SECOND)


def _refuse(sentence: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": sentence}, status_code=status, headers={"Cache-Control": "no-store"})


def _code(request):
    return rooms.valid_code(request.path_params.get("code"))


def media_type(header: str | None) -> str:
    """The media type of a ``Content-Type`` header, parameters dropped and lower-cased ("" when there is none).

    >>> media_type("Application/JSON; charset=utf-8"), media_type("text/plain; application/json"), media_type(None)
    ('application/json', 'text/plain', '')
    """
    return (header or "").split(";", 1)[0].strip().lower()


def same_origin(request) -> bool:
    """Whether the request says it comes from a page of this server: its ``Origin`` names the host it was sent to
    (the ``Host`` header, kept by HAProxy, or ``X-Forwarded-Host`` where a proxy in front rewrites ``Host``: no
    other site's page can set that header without a CORS preflight, which these routes never grant).  Browsers send
    ``Origin`` with every POST; a request without one is not from the lab's pages."""
    origin = request.headers.get("origin")
    hosts = {h.strip().lower() for h in (request.headers.get("host"), request.headers.get("x-forwarded-host")) if h}
    if not origin or not hosts:
        return False
    scheme, _, rest = origin.partition("://")
    return scheme in ("http", "https") and rest.lower() in hosts


async def _body(request) -> dict:
    if not same_origin(request):
        raise rooms.RoomError("Only the lab's own pages may send this.", forbidden=True)
    if media_type(request.headers.get("content-type")) != "application/json":
        raise rooms.RoomError("Send JSON.")
    declared = request.headers.get("content-length")
    if declared is None or not declared.isascii() or not declared.isdigit() or int(declared) > MAX_BODY:
        raise rooms.RoomError("The request is too large.")
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise rooms.RoomError("The request is too large.")
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        raise rooms.RoomError("The request is not JSON.") from None
    if not isinstance(body, dict):
        raise rooms.RoomError("The request is not a JSON object.")
    return body


def _guarded(handler):
    async def route(request):
        code = _code(request)
        if code is None:
            return _refuse("That is not a room code.", 404)
        try:
            return await handler(request, code, shared_store())
        except rooms.RoomError as error:
            return _refuse(str(error), 403 if error.forbidden else 400)
        except StoreFull:
            return _refuse("The class rooms are full right now; the lab itself works.", 503)
        except StoreUnavailable:
            return _refuse("Class rooms are unavailable right now (their store cannot be reached); "
                           "the lab itself works.", 503)
    return route


async def _state(request, code, store):
    try:
        since = int(request.query_params.get("since", "-1")[:12])
    except ValueError:
        since = -1
    deadline = time.monotonic() + LONG_POLL_SECONDS
    known = rooms.participant(store, code, request.headers.get("x-room-participant")) is not None \
        or rooms.check_token(store, code, request.headers.get("x-room-token"))
    if not known and not LOOKUPS.take():            # before the look-up: the refusal tells nothing about the code
        return _refuse("Too many look-ups; wait a moment.", 429)
    current = rooms.version(store, code)
    if current == 0:
        return _refuse("There is no room with this code (it may have expired).", 404)
    while current <= since and time.monotonic() < deadline:
        if await request.is_disconnected():
            return _refuse("gone", 499)
        await asyncio.sleep(POLL_EVERY)
        current = rooms.version(store, code)
    state = rooms.public_state(store, code)
    if state is None:
        return _refuse("This room has closed.", 404)
    return JSONResponse(state, headers={"Cache-Control": "no-store"})


async def _drive(request, code, store):
    body = await _body(request)
    return JSONResponse(rooms.drive(store, code, request.headers.get("x-room-token"), body),
                        headers={"Cache-Control": "no-store"})


async def _answer(request, code, store):
    body = await _body(request)
    verdict = rooms.answer(store, code, body.get("participant"), poll=body.get("poll"), round_=body.get("round"),
                           value=body.get("value"))
    return JSONResponse({"answer": verdict}, headers={"Cache-Control": "no-store"})


async def _results(request, code, store):
    if not rooms.check_token(store, code, request.headers.get("x-room-token")):
        raise rooms.RoomError("Only the teacher's link sees the answers before they are revealed.", forbidden=True)
    return JSONResponse(rooms.results(store, code) or {}, headers={"Cache-Control": "no-store"})


ROUTES = [
    Route("/room/{code}/state", _guarded(_state), methods=["GET"]),
    Route("/room/{code}/drive", _guarded(_drive), methods=["POST"]),
    Route("/room/{code}/answer", _guarded(_answer), methods=["POST"]),
    Route("/room/{code}/results", _guarded(_results), methods=["GET"]),
]
