"""Computer players."""

from __future__ import annotations

import random

from uno_cli.bots.base import REACTION, Bot, RandomBot

LEVELS: tuple[str, ...] = ("random",)


def make_bot(level: str, seat: int, rng: random.Random) -> Bot:
    """A bot of ``level`` for ``seat``; raises ValueError for an unknown level."""
    if level == "random":
        return RandomBot(seat, rng)
    raise ValueError(level)


__all__ = ["Bot", "LEVELS", "REACTION", "RandomBot", "make_bot"]
