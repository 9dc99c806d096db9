"""Shared helpers for the bot tests."""

from __future__ import annotations

import random

from uno_cli.bots import make_bot
from uno_cli.engine import Game
from uno_cli.play.sim import GameRecord, play_bot_game


def drive(game: Game, bots, on_decision=None) -> int:
    """Play ``game`` to its end with the simulator's bot loop; return the number of actions.

    ``on_decision(seat, game, bot)`` is called before each bot is asked to choose.
    """
    levels = tuple(getattr(bot, "level", "test") for bot in bots)
    rec = GameRecord(0, 0, levels, (), (), 0, 0, 0)
    play_bot_game(game, False, rec, levels, bots=bots, on_decision=on_decision)
    assert not rec.violations, rec.violations
    return rec.actions


def make_bots(levels, seed: int):
    rng = random.Random(seed)
    return [make_bot(level, s, random.Random(rng.getrandbits(64))) for s, level in enumerate(levels)]
