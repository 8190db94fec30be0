"""Class rooms: a teacher drives, every student's lab follows, and the class answers a question together.

A room is a few small records in the shared store (:mod:`lab.room_store`), never in a session:

* its **state** — the page and the link the lab already writes (``lab.links``: data, settings), the trial,
  presentation mode and whether the teacher is playing — with a **version** that grows at every change, so a
  follower asks "anything newer than version v?" and rebuilds the run from the link through the run cache;
* its **poll** — the question the teacher posed about the next trial (the quiz's own question, from the
  run's payload), a first and, for Peer Instruction, a second round of answers.  A room keeps **counts, not
  identities**: an answer adds one to its option's count; to refuse a second answer to the same round the room
  keeps, per round, a keyed hash of the answering participant (keyed with the room's secret and the round, so
  the hashes of one student in two rounds cannot be matched), which goes with the room.

Who may answer is the server's to say, not the client's: a student's tab that joins is handed a
**participant token** (:func:`participant_token`: a random participant id and an expiry, signed with HMAC-SHA256
under the room's own secret), and an answer counts only with a valid token, once per round.  A script that
wants more answers must join again for each, and joins are limited (:data:`LOOKUPS_PER_SECOND`).

Only the holder of the room's **token** drives it (the store keeps the token's SHA-256, never the token).
A room nobody touches for :data:`IDLE_SECONDS` expires; none lives longer than :data:`MAX_SECONDS`.

Codes are :data:`CODE_LENGTH` characters from :data:`CODE_ALPHABET` (no 0/O, 1/I/L to misread):
31⁷ ≈ 2.75·10¹⁰ codes.  Looking codes up is limited per server process (:data:`LOOKUPS_PER_SECOND`), so
even 100 live rooms at that rate over a whole deployment of 10 processes take on average
2.75·10¹⁰ / (100 · 10 · 20 /s) ≈ 1.4·10⁶ s — 16 days — to hit one by guessing, far beyond a room's 12 hours.

This module is pure (no Streamlit, no web server): ``ui.room_routes`` serves it over HTTP and
``ui.room_panel`` draws it.

>>> from lab.room_store import MemoryStore
>>> store = MemoryStore()
>>> code, token = create_room(store, "perceptron", {"story": "wide-margin"}, trial=3)
>>> len(code), public_state(store, code)["t"]
(7, 3)
>>> _ = drive(store, code, token, {"t": 4})
>>> public_state(store, code)["t"], version(store, code)
(4, 2)
>>> drive(store, code, "not-the-token", {"t": 9})
Traceback (most recent call last):
...
lab.rooms.RoomError: Only the teacher's link drives this room.
>>> _ = drive(store, code, token, {"pose": {"kind": "choice", "prompt": "Mistake?", "options": ["yes", "no"],
...                                          "answer": 0, "trial": 5}})
>>> student = participant_token(store, code)          # handed to a student's tab when it joins
>>> answer(store, code, student, poll=1, round_=1, value=0)
'counted'
>>> answer(store, code, student, poll=1, round_=1, value=1)
Traceback (most recent call last):
...
lab.rooms.RoomError: You have answered this question already.
>>> results(store, code)["rounds"][0]["counts"]
[1, 0]
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import re
import secrets
import time

from . import grading
from .room_store import StoreUnavailable

__all__ = ["RoomError", "StoreUnavailable", "create_room", "public_state", "version", "drive", "answer",
           "results", "close_room", "check_token", "valid_code", "participant_token", "participant"]

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 7
#: a room nobody drives or joins for this long expires (its keys' time to live)
IDLE_SECONDS = 2 * 3600
#: and none lives longer than this
MAX_SECONDS = 12 * 3600
#: code look-ups (joins, follows of unknown codes) one server process answers per second at most
LOOKUPS_PER_SECOND = 20
#: a closed room's keys live this long more, then go
CLOSED_SECONDS = 60
#: joins one tab may try per minute
JOINS_PER_MINUTE = 20
#: longest a participant token is (a room's code, an id, an expiry and a signature are far shorter)
MAX_PARTICIPANT_TOKEN = 120
#: largest link (query) a room carries: the lab's own link limit with room for packed points
MAX_QUERY_TEXT = 64_000
MAX_PROMPT = 240
MAX_OPTION = 80
MAX_OPTIONS = 8
#: pages a room may show (url paths): the stepping pages, lessons and challenges
ROOM_PAGES = ("perceptron", "winnow", "experts", "multiclass", "priority", "lessons", "challenges")
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_QUERY_KEY = re.compile(r"[A-Za-z0-9_.]{1,40}")


class RoomError(ValueError):
    """A request the room refuses, with the sentence to show; ``forbidden``: refused for want of the token."""

    def __init__(self, sentence: str, *, forbidden: bool = False):
        super().__init__(sentence)
        self.forbidden = forbidden


def _key(code: str, part: str) -> str:
    return f"room:{code}:{part}"


def valid_code(text) -> str | None:
    """``text`` as a room code (upper-cased, spaces and dashes dropped), or None when it cannot be one."""
    if not isinstance(text, str) or len(text) > 3 * CODE_LENGTH:
        return None
    cleaned = text.upper().replace("-", "").replace(" ", "")
    return cleaned if _CODE.fullmatch(cleaned) else None


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# ------------------------------------------------------------------ validation of what a room carries
def _clean_query(query) -> dict:
    if not isinstance(query, dict) or len(query) > 64:
        raise RoomError("A room carries a link of at most 64 settings.")
    out, size = {}, 0
    for key, value in query.items():
        if not isinstance(key, str) or not _QUERY_KEY.fullmatch(key) or not isinstance(value, str):
            raise RoomError("A room's link holds only short names and text values.")
        size += len(key) + len(value)
        if size > MAX_QUERY_TEXT:
            raise RoomError("This link is too long for a room: share a smaller point set (or a story).")
        out[key] = value
    return out


def _clean_text(text, limit: int, what: str) -> str:
    if not isinstance(text, str) or not text.strip() or len(text) > limit:
        raise RoomError(f"The {what} must be a text of at most {limit} characters.")
    return text.strip()


def _clean_question(question) -> dict:
    """A question the teacher poses: one of the quiz's own (lab/quiz.py), with its right answer and the trial.

    ``{"kind": "choice", "prompt", "options", "answer": index}``, ``{"kind": "multi", "prompt", "options",
    "answer": [indices]}`` or ``{"kind": "numbers", "prompt", "labels", "answer": [numbers], "tolerance":
    {"abs", "rel"}}``."""
    if not isinstance(question, dict):
        raise RoomError("A question is a table of kind, prompt and answer.")
    kind, trial = question.get("kind"), question.get("trial")
    if not isinstance(trial, int) or isinstance(trial, bool) or not 0 <= trial <= 10**9:
        raise RoomError("A question names the trial it asks about.")
    clean = {"kind": kind, "prompt": _clean_text(question.get("prompt"), MAX_PROMPT, "question"), "trial": trial}
    right = question.get("answer")
    if kind in ("choice", "multi"):
        options = question.get("options")
        if not isinstance(options, list) or not 2 <= len(options) <= MAX_OPTIONS:
            raise RoomError(f"A choice question has 2 to {MAX_OPTIONS} options.")
        clean["options"] = [_clean_text(o, MAX_OPTION, "option") for o in options]
        clean["answer"] = _choice_value(clean, right)
    elif kind == "numbers":
        labels = question.get("labels")
        if not isinstance(labels, list) or not 1 <= len(labels) <= MAX_OPTIONS:
            raise RoomError(f"A number question asks for 1 to {MAX_OPTIONS} numbers.")
        clean["labels"] = [_clean_text(label, MAX_OPTION, "label") for label in labels]
        tolerance = question.get("tolerance") or {}
        if not isinstance(tolerance, dict) or not all(_finite(tolerance.get(k, 0)) and tolerance.get(k, 0) >= 0
                                                      for k in ("abs", "rel")):
            raise RoomError("A number question's tolerance is two numbers, abs and rel, from 0.")
        clean["tolerance"] = {"abs": float(tolerance.get("abs", 0)), "rel": float(tolerance.get("rel", 0))}
        clean["answer"] = _numbers_value(clean, right)
    else:
        raise RoomError("A question is of kind 'choice', 'multi' or 'numbers'.")
    return clean


def _finite(value) -> bool:
    """Whether ``value`` is a JSON number a float can hold (a 400-digit integer is a number, but not one)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _choice_value(question: dict, value):
    """``value`` as an answer to a choice question (an option's index) or a multi one (a sorted list of them)."""
    count = len(question["options"])
    if question["kind"] == "choice":
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < count:
            raise RoomError("Choose one of the options.")
        return value
    if not isinstance(value, list) or len(value) > count or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v < count for v in value) \
            or len(set(value)) != len(value):
        raise RoomError("Choose any of the options, each once.")
    return sorted(value)


def _numbers_value(question: dict, value) -> list:
    if not isinstance(value, list) or len(value) != len(question["labels"]) or \
            not all(_finite(v) and abs(v) <= 1e12 for v in value):
        raise RoomError(f"Write {len(question['labels'])} number(s).")
    return [float(v) for v in value]


# ------------------------------------------------------------------ the room's state
def _load(store, code: str) -> dict | None:
    text = store.get(_key(code, "state"))
    return None if text is None else json.loads(text)


#: the room's keys that live as long as the room: each change of the state renews them all (the poll counter
#: too: were it to expire while the room lives, poll numbers would start again at 1 and meet old answers)
_LASTING = ("token", "secret", "version", "polls")


def _save(store, code: str, state: dict) -> int:
    ttl = _ttl(state)
    store.set(_key(code, "state"), json.dumps(state, separators=(",", ":")), ttl=ttl)
    number = store.incr(_key(code, "version"), ttl=ttl)
    store.expire([_key(code, part) for part in _LASTING], ttl=ttl)
    return number


def _ttl(state: dict) -> float:
    left = state["created"] + MAX_SECONDS - time.time()
    return max(1.0, min(IDLE_SECONDS, left))


def create_room(store, page: str, query: dict, *, trial: int = 0, present: bool = False) -> tuple[str, str]:
    """Open a room showing ``page`` with link ``query`` at ``trial``; returns its code and the teacher's token."""
    if page not in ROOM_PAGES:
        raise RoomError("A class room starts from a stepping page, a lesson or a challenge.")
    state = {"page": page, "query": _clean_query(query), "t": _trial(trial), "present": bool(present),
             "playing": False, "speed": 1.0, "poll": None, "closed": False, "created": time.time(), "run": 1}
    for _ in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        token = secrets.token_urlsafe(24)
        if store.set(_key(code, "token"), _hash(token), ttl=IDLE_SECONDS, only_new=True):
            store.set(_key(code, "secret"), secrets.token_hex(32), ttl=IDLE_SECONDS)
            _save(store, code, state)
            return code, token
    raise RoomError("No free room code was found; try again.")   # 20 collisions in 2.75·10¹⁰: practically never


def _trial(value) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
        raise RoomError("A trial is a whole number from 0.")
    return value


def check_token(store, code: str, token) -> bool:
    """Whether ``token`` drives room ``code`` (compared in constant time; the store keeps only its hash)."""
    stored = store.get(_key(code, "token"))
    return bool(stored) and isinstance(token, str) and len(token) < 100 and hmac.compare_digest(stored, _hash(token))


def _secret(store, code: str) -> bytes | None:
    secret = store.get(_key(code, "secret"))
    return secret.encode("ascii") if secret else None


def _signature(secret: bytes, text: str) -> str:
    return hmac.new(secret, text.encode("ascii"), hashlib.sha256).hexdigest()[:32]


def participant_token(store, code: str) -> str:
    """A new participant token of room ``code`` for one joining tab: ``<id>.<expiry>.<signature>``, the id random,
    the expiry the room's longest life from now, signed with the room's secret.  Raises RoomError when there is no
    such room."""
    secret = _secret(store, code)
    if secret is None:
        raise RoomError("There is no class room with this code (it may have closed or expired).")
    body = f"{secrets.token_hex(12)}.{int(time.time() + MAX_SECONDS)}"
    return f"{body}.{_signature(secret, f'{code}.{body}')}"


def participant(store, code: str, token) -> str | None:
    """The participant id ``token`` was issued to in room ``code``, or None when it is not a valid, unexpired
    token of that room (its signature compared in constant time)."""
    if not isinstance(token, str) or len(token) > MAX_PARTICIPANT_TOKEN or not token.isascii():
        return None
    parts = token.split(".")
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    secret = _secret(store, code)
    if secret is None:
        return None
    identity, expiry, signature = parts
    if not hmac.compare_digest(_signature(secret, f"{code}.{identity}.{expiry}"), signature):
        return None
    return identity if int(expiry) > time.time() else None


def version(store, code: str) -> int:
    """The room's version (0 when there is no such room): it grows at every change the teacher makes."""
    return int(store.get(_key(code, "version")) or 0)


def public_state(store, code: str) -> dict | None:
    """What every follower may see: page, link, trial, presentation, play, the poll without its answer until
    it is revealed (and the counts only then), and the version.  None when there is no such room."""
    state = _load(store, code)
    if state is None:
        return None
    poll = state.get("poll")
    if poll is not None:
        poll = dict(poll)
        question = dict(poll["question"])
        if not poll.get("revealed"):
            question.pop("answer", None)
            question.pop("tolerance", None)
        poll["question"] = question
        if poll.get("revealed"):
            poll["results"] = _rounds(store, code, state["poll"])
            poll["bins"] = binned_rounds(state["poll"]["question"], poll["results"])
    return {"code": code, "page": state["page"], "query": state["query"], "run": state["run"], "t": state["t"],
            "present": state["present"], "playing": state["playing"], "speed": state["speed"], "poll": poll,
            "closed": state["closed"], "version": version(store, code)}


def drive(store, code: str, token, changes: dict) -> dict:
    """Apply the teacher's ``changes`` and return the new public state.

    ``changes`` may set ``page``/``query`` (a new run: ``run`` counts them, so a follower knows to open it), ``t``, ``present``, ``playing``, ``speed``, and act on the
    poll: ``pose`` (a question: opens round 1), ``second_round`` (True: round 2 of the same question),
    ``close_poll`` (stop taking answers), ``reveal`` (show the right answer and the counts), ``clear_poll``;
    ``close`` (True) ends the room."""
    if store.get(_key(code, "token")) is None:            # expired, closed, or lost by its store: say so
        raise RoomError("This class room no longer exists (it expired, was closed, or its store lost it); "
                        "start a new one.")
    if not check_token(store, code, token):
        raise RoomError("Only the teacher's link drives this room.", forbidden=True)
    state = _load(store, code)
    if state is None or state["closed"]:
        raise RoomError("This room has closed.")
    if not isinstance(changes, dict) or len(changes) > 12:
        raise RoomError("Nothing to change.")
    shown = (state["page"], state["query"])
    if "page" in changes:
        if changes["page"] not in ROOM_PAGES:
            raise RoomError("A room shows a stepping page, a lesson or a challenge.")
        state["page"] = changes["page"]
    if "query" in changes:
        state["query"] = _clean_query(changes["query"])
    if (state["page"], state["query"]) != shown:
        state["run"] += 1                      # followers open the new page or run
    if "t" in changes:
        state["t"] = _trial(changes["t"])
    for flag in ("present", "playing"):
        if flag in changes:
            state[flag] = bool(changes[flag])
    if "speed" in changes:
        speed = changes["speed"]
        if not isinstance(speed, (int, float)) or isinstance(speed, bool) or not 0.1 <= speed <= 100:
            raise RoomError("The speed is a number of trials per second from 0.1 to 100.")
        state["speed"] = float(speed)
    _drive_poll(store, code, state, changes)
    if changes.get("close") is True:
        state["closed"] = True
        state["poll"] = None
    _save(store, code, state)
    return public_state(store, code)


def _drive_poll(store, code: str, state: dict, changes: dict) -> None:
    poll = state.get("poll")
    if "pose" in changes:
        question = _clean_question(changes["pose"])            # a refused question uses up no poll number
        number = int(store.incr(_key(code, "polls"), ttl=_ttl(state)))
        state["poll"] = {"id": number, "round": 1, "open": True, "revealed": False, "question": question}
        return
    if poll is None:
        if any(k in changes for k in ("second_round", "close_poll", "reveal")):
            raise RoomError("No question has been posed.")
        return
    if changes.get("second_round") is True:
        if poll["round"] != 1:
            raise RoomError("The second round has begun already.")
        poll.update(round=2, open=True, revealed=False)
    if changes.get("close_poll") is True:
        poll["open"] = False
    if changes.get("reveal") is True:
        poll.update(open=False, revealed=True)
    if changes.get("clear_poll") is True:
        state["poll"] = None


# ------------------------------------------------------------------ answers
def answer(store, code: str, token, *, poll: int, round_: int, value) -> str:
    """Count one student's answer to the open round of the poll; raises RoomError to refuse it.

    ``token``: the participant token the tab was handed when it joined (:func:`participant_token`); each token
    answers each round once.  ``value``: an option's index, the chosen options, or the numbers."""
    who = participant(store, code, token)
    if who is None:
        raise RoomError("This page has not joined the class room; open the room's link again.", forbidden=True)
    state = _load(store, code)
    current = state and state.get("poll")
    if not current or current["id"] != poll or current["round"] != round_ or not current["open"]:
        raise RoomError("This question is not open for answers now.")
    field = _answer_field(current["question"], value)
    # keyed with the room's secret and the round: one participant's two rounds give two unrelated members
    member = _signature(_secret(store, code) or b"", f"{code}.{poll}.{round_}.{who}")
    if not store.add_member(_key(code, f"poll:{poll}:r{round_}:who"), member, ttl=_ttl(state)):
        raise RoomError("You have answered this question already.")
    store.hincr(_key(code, f"poll:{poll}:r{round_}:counts"), field, ttl=_ttl(state))
    return "counted"


def _answer_field(question: dict, value) -> str:
    """The counter an answer adds one to: the option's index, the chosen set ("0,2"; "" for none), or the
    numbers to six significant digits ("1.5,-2")."""
    if question["kind"] in ("choice", "multi"):
        chosen = _choice_value(question, value)
        return str(chosen) if question["kind"] == "choice" else ",".join(map(str, chosen))
    return ",".join(format(v, ".6g") for v in _numbers_value(question, value))


def _rounds(store, code: str, poll: dict) -> list[dict]:
    """Each round's counts: per option (choice), per chosen set or per answered vector (pairs answer → count,
    in a stable order), with the number of answers and how many were right."""
    question, out = poll["question"], []
    for round_ in range(1, poll["round"] + 1):
        counts = store.hgetall(_key(code, f"poll:{poll['id']}:r{round_}:counts"))
        if question["kind"] == "choice":
            shown = [int(counts.get(str(i), 0)) for i in range(len(question["options"]))]
            right = shown[question["answer"]]
        else:
            parse = (lambda f: [int(v) for v in f.split(",") if v]) if question["kind"] == "multi" else \
                (lambda f: [float(v) for v in f.split(",")])
            shown = sorted(([parse(field), int(n)] for field, n in counts.items()), key=lambda pair: pair[0])
            right = sum(n for given, n in shown if graded(question, given))
        out.append({"round": round_, "counts": shown, "answers": int(sum(counts.values())), "right": int(right)})
    return out


def results(store, code: str) -> dict | None:
    """The poll's counts per round (the teacher's live view): a list per option, or (value, count) pairs."""
    state = _load(store, code)
    poll = state and state.get("poll")
    if not poll:
        return None
    rounds = _rounds(store, code, poll)
    return {"poll": poll["id"], "question": poll["question"], "round": poll["round"], "open": poll["open"],
            "revealed": poll["revealed"], "rounds": rounds, "bins": binned_rounds(poll["question"], rounds)}


def graded(question: dict, value) -> bool:
    """Whether ``value`` answers ``question`` right: the same option, the same set, or every number close to
    the right one by :func:`lab.grading.is_close` (the quiz's rule) with the question's tolerance."""
    right = question["answer"]
    if question["kind"] == "choice":
        return value == right
    if question["kind"] == "multi":
        return sorted(value) == sorted(right)
    tolerance = question["tolerance"]
    return len(value) == len(right) and all(
        grading.is_close(given, expected, relative=tolerance["rel"], absolute=tolerance["abs"])
        for given, expected in zip(value, right))


def close_room(store, code: str, token) -> None:
    """End the room (the teacher's "Close the room"): followers are told, and all its keys — the polls' answers
    too — expire within :data:`CLOSED_SECONDS` (long enough for every follower's next poll to read "closed")."""
    drive(store, code, token, {"close": True})
    polls = int(store.get(_key(code, "polls")) or 0)
    answers = [_key(code, f"poll:{n}:r{r}:{part}") for n in range(1, polls + 1) for r in (1, 2)
               for part in ("who", "counts")]
    store.expire([_key(code, part) for part in ("state",) + _LASTING] + answers, ttl=CLOSED_SECONDS)


def histogram(values_counts, bins: int = 8, *, low=None, high=None) -> list[dict]:
    """Numbers answered, binned for a chart: ``[(value, count), …]`` → ``bins`` bins of equal width over
    [low, high] (the values' own range when not given), each with its count.

    >>> [b["count"] for b in histogram([(1.0, 2), (1.5, 1), (3.0, 4)], bins=4)]
    [2, 1, 0, 4]
    """
    pairs = [(float(v), int(n)) for v, n in values_counts if n > 0]
    if not pairs:
        return []
    low = min(v for v, _ in pairs) if low is None else float(low)
    high = max(v for v, _ in pairs) if high is None else float(high)
    if high <= low:
        return [{"low": low, "high": low, "count": sum(n for _, n in pairs)}]
    width = (high - low) / bins
    counts = [0] * bins
    for value, n in pairs:
        counts[min(max(int((value - low) / width), 0), bins - 1)] += n
    return [{"low": low + i * width, "high": low + (i + 1) * width, "count": c} for i, c in enumerate(counts)]


def binned_rounds(question: dict, rounds: list[dict], bins: int = 8) -> list[list[list[dict]]]:
    """For a numbers question: per round, per number asked, its histogram — with the same bins in every
    round (the range of all rounds' answers and the right answer), so the rounds can stand side by side."""
    if question["kind"] != "numbers":
        return []
    out = [[] for _ in rounds]
    for index in range(len(question["labels"])):
        values = [given[index] for r in rounds for given, _ in r["counts"]]
        if "answer" in question:
            values.append(question["answer"][index])
        low, high = (min(values), max(values)) if values else (0.0, 0.0)
        for r, binned in zip(rounds, out):
            binned.append(histogram([(given[index], n) for given, n in r["counts"]], bins, low=low, high=high))
    return out
