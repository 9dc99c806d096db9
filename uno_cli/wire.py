"""The JSON objects of events, as script mode (``--format json``) and external programs read them.

Seats are numbered from 1, cards are codes, ``text`` is the sentence the point of view
hears in the current language (None when there is nothing to say to it), and secret
fields appear only for the seats allowed to see them (see docs/protocol.md, "JSON output").
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from uno_cli.describe import describe
from uno_cli.engine.events import Event

__all__ = ["event_json", "seat_json"]

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


def event_json(
    event: Event,
    viewer: int | None,
    names: Sequence[str],
    also_secret_to: Collection[int] = (),
) -> dict[str, Any]:
    """The JSON object of ``event`` for ``viewer``: 1-based seats, ``text``, the viewer's secrets.

    ``also_secret_to`` lists other seats whose secrets are shown too, marked with
    ``secret_to`` (script mode with several scripted seats: the script plays them all).
    """
    data = event.visible_to(viewer)
    to = event.secret_to
    if event.secret and to is not None and to != viewer and to in also_secret_to:
        data.update(event.secret)
        data.setdefault("secret_to", to)
    if event.type != "match_start":
        data.pop("options", None)
    payload = seat_json(data)
    payload["text"] = describe(event, viewer, names)
    return payload
