"""Actions: what a seat asks the engine to do."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, final

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


# Typed as the strings they are: compiled with mypyc, ``kind == PLAY`` is then a string
# comparison (the same object: at once) instead of a generic one.
PLAY: Final[str] = ActionKind.PLAY
DRAW: Final[str] = ActionKind.DRAW
PASS: Final[str] = ActionKind.PASS
ACCEPT: Final[str] = ActionKind.ACCEPT
CHALLENGE: Final[str] = ActionKind.CHALLENGE
COLOR: Final[str] = ActionKind.COLOR
UNO: Final[str] = ActionKind.UNO
CATCH: Final[str] = ActionKind.CATCH
JUMP_IN: Final[str] = ActionKind.JUMP_IN
MISSED_JUMP_IN: Final[str] = ActionKind.MISSED_JUMP_IN
ANSWER: Final[str] = ActionKind.ANSWER

TURN_KINDS: Final = frozenset({PLAY, DRAW, PASS, ACCEPT, CHALLENGE, COLOR, JUMP_IN})
ALL_KINDS: Final = tuple(ActionKind)


@final
class Action:
    """One thing a seat does; the choices of a play travel inside it. Immutable: the engine
    shares one instance per value, and an action equals and hashes as its five fields."""

    # A plain class, not a frozen dataclass: compiled with mypyc (setup.COMPILED) it is a
    # native class whose fields compiled code reads directly, and that interpreted code can
    # make (a compiled frozen dataclass cannot be). Final fields are read-only compiled;
    # __setattr__ refuses a change in pure Python.
    __slots__ = ("kind", "seat", "card", "color", "target")

    kind: Final[str]
    """One of the kinds above."""
    seat: Final[Seat]
    """The seat acting."""
    card: Final[str | None]
    """The card played (canonical code)."""
    color: Final[str | None]
    """The colour named (r, y, g, b) for a wild or a COLOR action."""
    target: Final[Seat | None]
    """The seat caught, or the seat a 7 swaps hands with."""

    def __init__(self, kind: str, seat: Seat, card: str | None = None, color: str | None = None,
                 target: Seat | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self.card = card
        self.color = color
        self.target = target

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, name):
            raise AttributeError(f"an Action cannot change: {name}")
        object.__setattr__(self, name, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return (self.kind == other.kind and self.seat == other.seat and self.card == other.card
                and self.color == other.color and self.target == other.target)

    def __hash__(self) -> int:
        return hash((self.kind, self.seat, self.card, self.color, self.target))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, self.seat, self.card, self.color, self.target))

    def __copy__(self) -> Action:
        return self  # immutable: a copy is the same value

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def __repr__(self) -> str:
        return (f"Action(kind={self.kind!r}, seat={self.seat!r}, card={self.card!r}, color={self.color!r}, "
                f"target={self.target!r})")

    def __str__(self) -> str:
        parts = [self.kind]
        if self.card is not None:
            parts.append(self.card)
        if self.color is not None:
            parts.append(self.color)
        if self.target is not None:
            parts.append(str(self.target))
        return " ".join(parts)
