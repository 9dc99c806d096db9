"""The random policy: what the random bot plays, from the legal list alone.

A module of its own so that the opt-in compiled build (setup.py) compiles it with the
engine: the simulator asks it for nearly every action of a random game.
"""

from __future__ import annotations

import random
from typing import Final, Sequence

from uno_cli.engine.actions import DRAW, PASS, Action
from uno_cli.engine.seats import Seat

#: How often the random policy acts when it may act out of turn (the coin is tossed first).
OUT_OF_TURN_CHANCE: Final = 0.5


def random_choice(rng: random.Random, legal: Sequence[Action], seat: Seat, in_turn: bool) -> Action | None:
    """The random policy: any legal play, drawing only when no card can be played.

    In turn it plays uniformly among its plays (or draws / passes when it has none);
    out of turn it takes one of its out-of-turn actions half of the time.
    """
    if not in_turn:
        return rng.choice(legal) if legal and rng.random() < OUT_OF_TURN_CHANCE else None
    if len(legal) < 2:
        # The only thing to do (a play, drawing or passing): no need to draw lots.
        return legal[0] if legal else None
    kind = legal[-1].kind
    if kind == DRAW or kind == PASS:
        # Drawing (or passing) comes last when nothing follows it: the plays are all before.
        plays = legal
        n = len(legal) - 1
    else:
        plays = []
        for a in legal:
            kind = a.kind
            if kind != DRAW and kind != PASS:
                plays.append(a)
        n = len(plays)
    if n == 1:
        return plays[0]
    if n:
        # rng.choice(plays) with its own draws (_randbelow by rejection), without its calls.
        k = n.bit_length()
        i = rng.getrandbits(k)
        while i >= n:
            i = rng.getrandbits(k)
        return plays[i]
    return rng.choice(legal)
