"""Computer players."""

from __future__ import annotations

import random

from uno_cli.bots.base import REACTION, Bot, RandomBot
from uno_cli.bots.expert import ExpertBot
from uno_cli.bots.smart import PROFILES, SmartBot

#: Every bot level, weakest first.
LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard", "expert")


def make_bot(level: str, seat: int, rng: random.Random) -> Bot:
    """A bot of ``level`` for ``seat``; raises ValueError for an unknown level.

    ``external:COMMAND`` (or ``external@REACTION:COMMAND``) makes a seat played by an outside
    program (see :mod:`uno_cli.external`); the program starts when the seat is first used.
    """
    if level.startswith("external"):
        from uno_cli.external import ExternalBot, external_level

        program = external_level(level)
        if program is not None:
            return ExternalBot(seat, rng, program[0], reaction=program[1])
    if level == "random":
        return RandomBot(seat, rng)
    if level == "expert":
        return ExpertBot(seat, rng)
    if level in PROFILES:
        return SmartBot(seat, rng, level)
    raise ValueError(level)


__all__ = ["Bot", "ExpertBot", "LEVELS", "REACTION", "RandomBot", "SmartBot", "make_bot"]
