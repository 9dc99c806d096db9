"""Computer players."""

from __future__ import annotations

import random

from uno_cli.engine.seats import Seat

from uno_cli.bots.base import REACTION, Bot, RandomBot
from uno_cli.bots.expert import ExpertBot
from uno_cli.bots.smart import PROFILES, SmartBot

#: Every bot level, weakest first.
LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard", "expert")


def expert_budget(level: str) -> int:
    """The rollout budget of a level ``expert@N`` (N sampled deals per search, 1 to MAX_WORLDS); ValueError otherwise."""
    from uno_cli.bots.expert import MAX_WORLDS

    name, _, budget = level.partition("@")
    if name != "expert" or not (budget.isascii() and budget.isdigit()) or not 1 <= int(budget) <= MAX_WORLDS:
        raise ValueError(level)
    return int(budget)


def make_bot(level: str, seat: Seat, rng: random.Random) -> Bot:
    """A bot of ``level`` for ``seat``; raises ValueError for an unknown level.

    A seat played by an outside program is no bot level: :func:`uno_cli.play.sim.make_seat` makes one.
    """
    if level == "random":
        return RandomBot(seat, rng)
    if level == "expert":
        return ExpertBot(seat, rng)
    if level.startswith("expert@"):
        return ExpertBot(seat, rng, worlds=expert_budget(level))
    if level in PROFILES:
        return SmartBot(seat, rng, level)
    raise ValueError(level)


__all__ = ["Bot", "ExpertBot", "LEVELS", "REACTION", "RandomBot", "SmartBot", "expert_budget", "make_bot"]
