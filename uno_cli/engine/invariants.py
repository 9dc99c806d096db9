"""Checks that hold after every action of every game."""

from __future__ import annotations

from collections import Counter

from uno_cli.engine.cards import new_deck
from uno_cli.engine.game import HAND_OVER, MATCH_OVER, SETUP, Game


def check_invariants(game: Game, hand_gains: list[int] | None = None) -> list[str]:
    """Return a description of every broken invariant (empty when all hold)."""
    problems: list[str] = []
    if game.phase != SETUP:
        held = Counter()
        for hand in game.hands:
            held.update(hand)
        held.update(game.draw_pile)
        held.update(game.discard)
        deck = Counter(new_deck(game.options.beep))
        if held != deck:
            extra = held - deck
            missing = deck - held
            problems.append(f"cards not accounted for: extra {dict(extra)}, missing {dict(missing)}")
    if game.phase not in (SETUP, HAND_OVER, MATCH_OVER):
        if not 0 <= game.current < game.players or game.eliminated[game.current]:
            problems.append(f"turn holder {game.current} is not an active seat")
        for s in range(game.players):
            if game.eliminated[s] and game.hands[s]:
                problems.append(f"eliminated seat {s} holds cards")
        if not game.discard:
            problems.append("no card on the discard pile")
        if game.pending < 0:
            problems.append("negative pending draw")
    if hand_gains is not None:
        expected = [g + p for g, p in zip(hand_gains, game.penalties)]
        if expected != game.scores:
            problems.append(f"scores {game.scores} do not add up to {expected}")
    if game.phase == MATCH_OVER and not game.winners:
        problems.append("match over without a winner")
    return problems
