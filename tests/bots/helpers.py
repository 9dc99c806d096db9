"""Shared helpers for the bot tests."""

from __future__ import annotations

import random

from uno_cli.bots import make_bot
from uno_cli.engine import Game
from uno_cli.engine.game import HAND_OVER


def drive(game: Game, bots, on_decision=None, max_actions: int = 100_000) -> int:
    """Play ``game`` to its end like the simulator does; call ``on_decision(seat, view, action)``."""
    def tell(events):
        for bot in bots:
            bot.observe(events)

    tell(game.start())
    actions = 0
    while not game.is_over and actions < max_actions:
        if game.phase == HAND_OVER:
            tell(game.start_hand())
            continue
        offers = []
        for seat in game.actors():
            if seat == game.current and game.phase != "beep":
                continue
            view = game.view(seat)
            if on_decision is not None:
                on_decision(seat, game, bots[seat])
            action = bots[seat].choose(view)
            if action is not None:
                offers.append((bots[seat].reaction_time(), seat, action))
        if offers:
            offers.sort(key=lambda o: (o[0], o[1]))
            action = offers[0][2]
        else:
            seat = game.current if game.phase != "beep" else game.beep_waiting[0]
            if on_decision is not None:
                on_decision(seat, game, bots[seat])
            action = bots[seat].choose(game.view(seat))
            assert action is not None
        tell(game.apply(action))
        actions += 1
    return actions


def make_bots(levels, seed: int):
    rng = random.Random(seed)
    return [make_bot(level, s, random.Random(rng.getrandbits(64))) for s, level in enumerate(levels)]
