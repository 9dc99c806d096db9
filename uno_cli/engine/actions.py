"""Actions: what a seat asks the engine to do."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from uno_cli.engine.seats import Seat


class ActionKind(StrEnum):
    """What an action does. A StrEnum: each kind is its own string, so saves, the wire and
    every ``kind == "play"`` stay byte for byte what they were."""

    PLAY = "play"
    """Play ``card`` (with ``color`` for a wild, ``target`` for a 7 under seven_o); also used to
    stack, to continue a sequence and to play a Beep."""
    DRAW = "draw"
    """Draw a card instead of playing."""
    PASS = "pass"
    """Keep the card just drawn and end the turn."""
    ACCEPT = "accept"
    """Take the pending draw penalty."""
    CHALLENGE = "challenge"
    """Challenge the Wild Draw Four just played on you."""
    COLOR = "color"
    """Name the colour when the first card of a hand is a Wild."""
    UNO = "uno"
    """Say UNO: in turn with two cards, just before playing one; or with one card, until caught."""
    CATCH = "catch"
    """Catch ``target``, who has one card and has not said UNO."""
    JUMP_IN = "jump_in"
    """Play ``card`` out of turn on the identical (or, super, the same-symbol) top card."""
    MISSED_JUMP_IN = "missed_jump_in"
    """An interception that came too late or with the wrong card; it costs points. The one legal
    action never listed by ``Game.legal_actions`` (listing it would offer every held card as a
    costly mistake): ``Game.is_legal`` accepts it while the seat holds the card and jumping is on."""
    ANSWER = "answer"
    """Answer a Beep."""


PLAY: Final = ActionKind.PLAY
DRAW: Final = ActionKind.DRAW
PASS: Final = ActionKind.PASS
ACCEPT: Final = ActionKind.ACCEPT
CHALLENGE: Final = ActionKind.CHALLENGE
COLOR: Final = ActionKind.COLOR
UNO: Final = ActionKind.UNO
CATCH: Final = ActionKind.CATCH
JUMP_IN: Final = ActionKind.JUMP_IN
MISSED_JUMP_IN: Final = ActionKind.MISSED_JUMP_IN
ANSWER: Final = ActionKind.ANSWER

TURN_KINDS: Final = frozenset({PLAY, DRAW, PASS, ACCEPT, CHALLENGE, COLOR, JUMP_IN})
ALL_KINDS: Final = tuple(ActionKind)


@dataclass(frozen=True, slots=True)
class Action:
    """One thing a seat does; the choices of a play travel inside it."""

    kind: str
    """One of the kinds above."""
    seat: Seat
    """The seat acting."""
    card: str | None = None
    """The card played (canonical code)."""
    color: str | None = None
    """The colour named (r, y, g, b) for a wild or a COLOR action."""
    target: Seat | None = None
    """The seat caught, or the seat a 7 swaps hands with."""

    def __str__(self) -> str:
        parts = [self.kind]
        if self.card is not None:
            parts.append(self.card)
        if self.color is not None:
            parts.append(self.color)
        if self.target is not None:
            parts.append(str(self.target))
        return " ".join(parts)
