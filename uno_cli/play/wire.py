"""The JSON objects of the protocol, as script mode (``--format json``) and external programs read them.

Seats are numbered from 1, cards are codes, ``text`` is the sentence the point of view
hears in the current language (None when there is nothing to say to it), and secret
fields appear only for the seats allowed to see them (see docs/protocol.md, "JSON output").
"""

from __future__ import annotations

import json
import re

from collections.abc import Collection, Sequence
from typing import Any

from uno_cli.words.describe import describe
from uno_cli.engine.seats import Seat, seat_number
from uno_cli.engine.events import Event, EventKind

__all__ = ["PROTOCOL", "answer_parts", "event_json", "hello_json", "json_line", "json_text", "prompt_json", "prompt_legal", "seat_json", "seats_in"]

#: The protocol version, announced by the first object (``hello``); raised on incompatible changes.
PROTOCOL = 1

#: ``json.dumps(obj, ensure_ascii=False)`` without making an encoder for each line.
json_text = json.JSONEncoder(ensure_ascii=False).encode


def json_line(type: str, text: str | None, data: dict[str, Any] | None) -> str:
    """A message as one JSON Lines object: its fields, then ``type`` and ``text``."""
    payload = dict(data or {})
    payload["type"] = type
    payload["text"] = text
    return json_text(payload)


_SEAT_KEYS = ("seat", "by", "target", "challenger", "instead_of", "dealer", "current", "bluffer", "secret_to")
_SEAT_LISTS = ("seats", "winners", "waiting")
_SEAT_DICTS = ("points", "gained", "hands")


def seat_json(data: dict[str, Any]) -> dict[str, Any]:
    """An event dict with every seat number made 1-based."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in _SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            out[key] = value + 1
        elif key in _SEAT_LISTS and isinstance(value, list):
            out[key] = [v + 1 if isinstance(v, int) else v for v in value]
        elif key in _SEAT_DICTS and isinstance(value, dict):
            out[key] = {str(int(k) + 1): v for k, v in value.items()}
        else:
            out[key] = value
    return out


def seats_in(data: dict[str, Any]) -> set[int]:
    """Every seat an event's fields name (the fields :func:`seat_json` numbers from 1)."""
    out: set[int] = set()
    for key, value in data.items():
        if key in _SEAT_KEYS and isinstance(value, int):
            out.add(value)
        elif key in _SEAT_LISTS and isinstance(value, list):
            out.update(v for v in value if isinstance(v, int))
        elif key in _SEAT_DICTS and isinstance(value, dict):
            out.update(int(k) for k in value if isinstance(k, int) or isinstance(k, str) and k.isdigit())
    return out


def event_json(
    event: Event,
    viewer: Seat | None,
    names: Sequence[str],
    also_secret_to: Collection[int] = (),
    text: Any = ...,
) -> dict[str, Any]:
    """The JSON object of ``event`` for ``viewer``: 1-based seats, ``text``, the viewer's secrets.

    ``also_secret_to`` lists other seats whose secrets are shown too, marked with
    ``secret_to`` (script mode with several scripted seats: the script plays them all).
    ``text``, when given, is the sentence already made for it (or None: nothing said).
    """
    data = event.visible_to(viewer)
    to = event.secret_to
    if event.secret and to is not None and to != viewer and to in also_secret_to:
        data.update(event.secret)
        data.setdefault("secret_to", to)
    if event.type != EventKind.MATCH_START:
        data.pop("options", None)
    payload = seat_json(data)
    payload["text"] = describe(event, viewer, names) if text is ... else text
    return payload


def hello_json(players: int | None, names: Sequence[str], seat: Seat | None, scripted: Sequence[Seat] = ()) -> dict[str, Any]:
    """The first object of a session: protocol version, players, names, whose seat it is (1-based)."""
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "players": players,
        "names": list(names),
        "seat": None if seat is None else seat_number(seat),
        "scripted": [seat_number(s) for s in scripted],
        "text": None,
    }


def prompt_legal(commands: Sequence[str], race: bool) -> list[str]:
    """What a prompt lists: canonical commands once each, no ``jump X`` beside ``play X``, ``wait`` last in a race."""
    out = list(dict.fromkeys(commands))
    plays = {c[len("play "):] for c in out if c.startswith("play ")}
    out = [c for c in out if not (c.startswith("jump ") and c[len("jump "):] in plays)]
    if race:
        out.append("wait")
    return out


def _seats(flags: Sequence[bool]) -> list[int]:
    return [seat_number(s) for s, on in enumerate(flags) if on]


def prompt_json(view: Any, prompt_id: int, race: bool, legal: Sequence[str], text: str | None) -> dict[str, Any]:
    """The prompt for ``view.seat`` (see docs/protocol.md, "Prompts"): the public state and ``legal``.

    ``race`` is True when the seat may act out of turn and may let the chance go by (``wait``).
    """
    seat = view.seat
    pending = view.pending if view.phase == "pending" else 0
    return {
        "type": "prompt",
        "id": prompt_id,
        "seat": seat_number(seat),
        "kind": "race" if race else "turn",
        "phase": str(view.phase),
        "legal": list(legal),
        "hand": list(view.hand),
        "drawn": view.drawn if view.current == seat else None,
        "top": view.top,
        "color": view.color,
        "current": seat_number(view.current),
        "direction": view.direction,
        "counts": list(view.counts),
        "scores": list(view.scores),
        "eliminated": _seats(view.eliminated),
        "said_uno": _seats(view.said_uno),
        "uno_open": None if view.uno_open is None else view.uno_open + 1,
        "pending": pending,
        "pending_kind": view.pending_kind if pending else None,
        "beep_waiting": [seat_number(s) for s in view.beep_waiting],
        "sequence": None if view.sequence_seat is None else seat_number(view.sequence_seat),
        "hand_number": view.hand_number,
        "dealer": None if view.dealer is None else view.dealer + 1,
        "draw_pile": view.draw_pile,
        "discard_pile": view.discard_pile,
        "text": text,
    }


def bare_line(line: str) -> str:
    """A line without surrounding spaces and the byte-order mark some tools write first."""
    return line.strip().removeprefix("\ufeff")


def answer_parts(line: str) -> tuple[int | None, str] | None:
    """The prompt id an answer names (None: none) and its command; None for a broken JSON answer.

    Answers are a command (``play r5``), ``#ID COMMAND`` (``#17 play r5``) or a JSON
    object ``{"id": 17, "cmd": "play r5"}`` (``id`` optional).
    """
    text = bare_line(line)
    # A line that starts as JSON text does ("draw" in quotes, a list) is a JSON answer, and
    # only an object is one.
    if text.startswith(("{", "[", '"')):
        try:
            obj = json.loads(text)
        except ValueError:
            return None
        if not isinstance(obj, dict) or not isinstance(obj.get("cmd"), str):
            return None
        pid = obj.get("id")
        if pid is not None and (not isinstance(pid, int) or isinstance(pid, bool)):
            return None
        return pid, obj["cmd"]
    match = _TAGGED.match(text)
    if match:
        return int(match.group(1)), match.group(2)
    return None, text


_TAGGED = re.compile(r"#(\d{1,18})\s+(\S.*)\Z", re.S)
