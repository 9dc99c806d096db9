"""Events: what an action changed, with what is needed to describe it."""

from __future__ import annotations

from typing import Any


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
        seat: int | None = None,
        data: dict[str, Any] | None = None,
        secret: dict[str, Any] | None = None,
        secret_to: int | None = None,
    ) -> None:
        self.type = type
        self.seat = seat
        self.data = {} if data is None else data
        self.secret = secret
        self.secret_to = seat if secret_to is None and secret else secret_to

    def visible_to(self, viewer: int | None) -> dict[str, Any]:
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


# Every event type, with its public fields (secret fields in brackets).
EVENT_TYPES: dict[str, str] = {
    "match_start": "players, options",
    "dealer_draw": "seat, card: a card drawn to choose the dealer",
    "dealer_tie": "seats: they draw again",
    "dealer_chosen": "seat",
    "hand_start": "hand (number), dealer",
    "shuffle": "count: the draw pile was shuffled",
    "deal": "count (cards each), seats (in dealing order)",
    "hand_dealt": "seat, count; [cards: the seat's own hand]",
    "first_card": "card, color",
    "first_card_returned": "card: a Wild Draw Four went back into the deck",
    "turn": "seat: whose turn it is",
    "play": "seat, card, color (wilds), left (cards left), how: turn|drawn|stack|sequence|jump_in|beep; instead_of (the turn holder, for a jump_in)",
    "color_chosen": "seat, color",
    "draw": "seat, count, reason, left; [cards]",
    "cannot_draw": "seat, wanted: both piles are empty",
    "playable_drawn": "seat: the drawn card can be played (only its owner is told which)",
    "pass": "seat: keeps the drawn card",
    "cannot_play": "seat: drew a card that cannot be played; the turn passes",
    "skip": "seat: loses the turn",
    "reverse": "direction",
    "pending": "seat, total, kind: a draw penalty waits for seat's answer",
    "uno": "seat",
    "caught": "seat, by, count",
    "challenge": "seat (challenger), target",
    "challenge_result": "guilty, target, challenger; [hand: shown to the challenger]",
    "card_returned": "seat, card: a bluffed Wild Draw Four goes back",
    "reshuffle": "count: the discard pile became the draw pile",
    "missed_jump_in": "seat, card, points, score",
    "swap": "seat, target: hands swapped",
    "rotate": "direction: every hand passed on",
    "beep_race": "seat: who played the Beep; everyone must answer",
    "beep_answer": "seat",
    "beep_slowest": "seat",
    "hand_end": "winner, points (per seat), scores, block (bool), gained",
    "eliminated": "seat, score",
    "match_end": "winners, scores",
}
