"""Which earcon a message calls for, and where around the table it sounds.

One mapping for the local game and ``uno join``: both hand over the message's type and
its JSON object (1-based seats, cards as codes, as docs/protocol.md gives them).
"""

from __future__ import annotations

import math
from typing import Any

from uno_cli.engine.cards import BEEP, WILD, WILD4
from uno_cli.words.messagetypes import (CAUGHT, CHALLENGE, CHALLENGE_RESULT, COLOR_CHOSEN, DRAW, HAND_END, MATCH_END, PLAY,
                                         TIME_WARNING, TURN, UNO)

#: Draw reasons that are not penalties (a card drawn by choice).
PLAIN_DRAWS = frozenset({"choice"})
#: Draw reasons whose own earcon already sounded (the catch): no second sound.
COVERED_DRAWS = frozenset({"uno"})
#: The seat of a message whose earcon sounds where the listener sits (centre), whoever it names.
CENTRED = frozenset({"your_turn", "you_caught", "time_warning", "match_won", "match_lost"})


def _seat(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def earcon(type: str, data: dict[str, Any], viewer: int | None) -> str | None:
    """The earcon name for a message (``viewer``: the listener's 1-based seat), or None for none."""
    seat = _seat(data.get("seat"))
    mine = viewer is not None and seat == viewer
    if type == PLAY:
        card = data.get("card")
        how = data.get("how")
        if how == "jump_in":
            return "jump_in"
        if how == "sequence":
            return "sequence"
        if card == BEEP:
            return "beep"
        if card == WILD4:
            return "play_wild4"
        if card == WILD:
            return "play_wild"
        if isinstance(card, str) and card[1:].isdigit():
            return "play_number"
        return "play_action" if isinstance(card, str) and card else None
    if type == COLOR_CHOSEN:
        color = data.get("named_color", data.get("color"))  # uno-keys frames: ``color`` is a flag there
        return f"color_{color}" if color in ("r", "y", "g", "b") else None
    if type == DRAW:
        count = data.get("count")
        if not isinstance(count, int) or count <= 0 or data.get("reason") in COVERED_DRAWS:
            return None
        kind = "draw" if data.get("reason") in PLAIN_DRAWS else "penalty"
        return f"{kind}:{count}"
    if type == TURN:
        # A turn without words did not change hands (the player drew and plays on): no sound again.
        return "your_turn" if mine and data.get("text", "") is not None else None
    if type == UNO:
        return "uno"
    if type == CAUGHT:
        return "you_caught" if mine else "caught"
    if type == CHALLENGE:
        return "challenge"
    if type == CHALLENGE_RESULT:
        return "challenge_guilty" if data.get("guilty") else "challenge_clear"
    if type == HAND_END:
        return "hand_lost" if viewer is not None and seat != viewer else "hand_won"
    if type == MATCH_END:
        winners = data.get("winners")
        lost = viewer is not None and isinstance(winners, list) and viewer not in winners
        return "match_lost" if lost else "match_won"
    if type == TIME_WARNING:
        return "time_warning"
    return None


def pan(seat: int | None, viewer: int | None, players: int) -> float:
    """Where ``seat`` sits for the listener, from -1 (left) to 1 (right).

    The listener sits at the near side; the seats follow round the table in the order of
    play (seat numbers rising), starting on the listener's left, as cards are passed to the
    left: the next seat is on the left, the one across in the middle, the previous on the right.
    """
    if seat is None or players < 2:
        return 0.0
    base = viewer if viewer is not None else 1
    k = (seat - base) % players
    if k == 0:
        return 0.0
    value = -math.sin(2 * math.pi * k / players)
    return 0.0 if abs(value) < 1e-9 else value


def gains(position: float) -> tuple[float, float]:
    """Left and right gains for a position (-1 to 1), at equal power (the centre is not quieter)."""
    angle = (max(-1.0, min(1.0, position)) + 1.0) * math.pi / 4
    return math.cos(angle), math.sin(angle)
