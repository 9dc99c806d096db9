"""Events: what an action changed, with what is needed to describe it."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from uno_cli.engine.seats import Seat


class Event:
    """One change of state.

    ``type`` names it; ``seat`` is the seat it is about (or None); ``data`` holds what
    everybody may know; ``secret`` holds what only ``secret_to`` may know (the cards a
    seat drew, for instance).
    """

    __slots__ = ("type", "seat", "data", "secret", "secret_to")

    def __init__(
        self,
        type: str,
        seat: Seat | None = None,
        data: dict[str, Any] | None = None,
        secret: dict[str, Any] | None = None,
        secret_to: Seat | None = None,
    ) -> None:
        self.type = type
        self.seat = seat
        self.data = {} if data is None else data
        self.secret = secret
        self.secret_to = seat if secret_to is None and secret else secret_to

    def visible_to(self, viewer: Seat | None) -> dict[str, Any]:
        """The event as a dict, with secrets only for the seat allowed to see them."""
        out: dict[str, Any] = {"type": self.type}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(self.data)
        if self.secret and viewer is not None and viewer == self.secret_to:
            out.update(self.secret)
        return out

    def get(self, key: str, default: Any = None) -> Any:
        """A public field of the event."""
        return self.data.get(key, default)

    def __repr__(self) -> str:
        return f"Event({self.type!r}, seat={self.seat!r}, {self.data!r}, secret={self.secret!r})"


@dataclass(frozen=True, slots=True)
class EventFields:
    """The fields of one event type, as :meth:`Event.visible_to` gives them (without ``type``).

    ``seat`` counts as a field (it is the Event's own attribute); the others are keys of
    ``data`` or, for ``secret``, of ``secret``.
    """

    required: tuple[str, ...]
    """Public fields every event of the type has."""
    optional: tuple[str, ...] = ()
    """Public fields some events of the type have."""
    secret: tuple[str, ...] = ()
    """Fields only ``secret_to`` may see."""
    doc: str = ""
    """What the event says, in one line."""


def _f(required: str, optional: str = "", secret: str = "", doc: str = "") -> EventFields:
    return EventFields(tuple(required.split()), tuple(optional.split()), tuple(secret.split()), doc)


#: Every event type the engine emits, with its fields.
EVENT_FIELDS: dict[str, EventFields] = {
    "match_start": _f("players options", doc="The match begins under these rule options."),
    "dealer_draw": _f("seat card", doc="A card turned to choose the dealer."),
    "dealer_tie": _f("seats", doc="These seats tied for dealer and draw again."),
    "dealer_chosen": _f("seat", doc="The seat deals the first hand."),
    "hand_start": _f("hand dealer", doc="Hand number ``hand`` begins, dealt by ``dealer``."),
    "deal": _f("seat count seats", doc="The dealer deals ``count`` cards to each of ``seats``, in order."),
    "hand_dealt": _f("seat count", secret="cards", doc="The seat's own hand was dealt."),
    "first_card": _f("card color", doc="The first card turned up (``color`` is None for a Wild)."),
    "first_card_returned": _f("card", doc="A Wild Draw Four turned up first goes back into the deck."),
    "turn": _f("seat", doc="It is the seat's turn."),
    "play": _f(
        "seat card left how",
        "color instead_of",
        doc="A card played: ``how`` is turn, drawn, stack, sequence, jump_in or beep; ``color`` for a wild, "
        "``instead_of`` (whose turn it was) for a jump_in.",
    ),
    "color_chosen": _f("seat color", doc="The colour named for a Wild turned up first."),
    "draw": _f(
        "seat count reason left",
        "wanted",
        "cards",
        doc="The seat draws; ``wanted`` when the piles held fewer cards than it had to draw.",
    ),
    "cannot_draw": _f("seat", doc="Both piles are empty: the seat cannot draw and the turn passes."),
    "playable_drawn": _f("seat", secret="card", doc="The card drawn can be played: play it or pass."),
    "pass": _f("seat", doc="The seat keeps the card drawn."),
    "cannot_play": _f("seat", doc="The card drawn cannot be played; the turn passes."),
    "skip": _f("seat", doc="The seat loses its turn."),
    "reverse": _f("direction", "seat", doc="Play changes direction (``seat`` who played it; none for a first card)."),
    "pending": _f("seat total kind by", doc="A draw penalty of ``total`` (``kind`` +2 or w+4) waits for the seat."),
    "uno": _f("seat", doc="The seat says UNO."),
    "caught": _f("seat by count", doc="The seat, caught without saying UNO by ``by``, draws ``count``."),
    "false_uno": _f("seat count", doc="The seat said UNO without being about to hold one card and draws ``count`` (``false_uno_penalty``)."),
    "challenge": _f("seat target", doc="The seat challenges ``target``'s Wild Draw Four."),
    "challenge_result": _f(
        "seat guilty challenger",
        secret="hand",
        doc="The challenged seat was ``guilty`` or not; its hand is shown to the challenger.",
    ),
    "card_returned": _f("seat card color", doc="A bluffed Wild Draw Four goes back; ``color`` is the colour before it."),
    "reshuffle": _f("count", doc="The discard pile became the draw pile."),
    "missed_jump_in": _f(
        "seat card points score",
        "wrong",
        doc="A late or wrong interception costs ``points``; ``wrong`` (under ``wrong_jump_in_free``): a card that matches nothing, free.",
    ),
    "swap": _f("seat target left target_left", doc="A 7: the seat swaps hands with ``target``."),
    "rotate": _f("seat direction counts", doc="A 0: every hand passes on in ``direction``; ``counts`` after it."),
    "beep_race": _f("seat seats", doc="The seat played a Beep: ``seats`` must answer."),
    "beep_answer": _f("seat", doc="The seat answers the Beep."),
    "beep_slowest": _f("seat", doc="The seat answered the Beep last and draws 2."),
    "hand_end": _f(
        "seat hand points gained scores block hands",
        doc="The seat won the hand (``block``: nobody could play or draw); points, gains, scores, hands left.",
    ),
    "eliminated": _f("seat score", doc="The seat reached the target under elimination."),
    "match_end": _f("winners scores", doc="The match is over."),
}
#: The event type names alone.
EVENT_TYPES: tuple[str, ...] = tuple(EVENT_FIELDS)



class EventKind(StrEnum):
    """The event kinds (``EventKind.PLAY == "play"``): a StrEnum, so events stay the strings
    saves and the wire carry. The same kinds as :data:`EVENT_FIELDS` (tests check it)."""

    MATCH_START = "match_start"
    DEALER_DRAW = "dealer_draw"
    DEALER_TIE = "dealer_tie"
    DEALER_CHOSEN = "dealer_chosen"
    HAND_START = "hand_start"
    DEAL = "deal"
    HAND_DEALT = "hand_dealt"
    FIRST_CARD = "first_card"
    FIRST_CARD_RETURNED = "first_card_returned"
    TURN = "turn"
    PLAY = "play"
    COLOR_CHOSEN = "color_chosen"
    DRAW = "draw"
    CANNOT_DRAW = "cannot_draw"
    PLAYABLE_DRAWN = "playable_drawn"
    PASS = "pass"
    CANNOT_PLAY = "cannot_play"
    SKIP = "skip"
    REVERSE = "reverse"
    PENDING = "pending"
    UNO = "uno"
    CAUGHT = "caught"
    FALSE_UNO = "false_uno"
    CHALLENGE = "challenge"
    CHALLENGE_RESULT = "challenge_result"
    CARD_RETURNED = "card_returned"
    RESHUFFLE = "reshuffle"
    MISSED_JUMP_IN = "missed_jump_in"
    SWAP = "swap"
    ROTATE = "rotate"
    BEEP_RACE = "beep_race"
    BEEP_ANSWER = "beep_answer"
    BEEP_SLOWEST = "beep_slowest"
    HAND_END = "hand_end"
    ELIMINATED = "eliminated"
    MATCH_END = "match_end"
