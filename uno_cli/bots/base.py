"""What every bot is: it sees what its seat may see, and picks one legal action."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from uno_cli.engine import Action, Event, View
from uno_cli.engine.seats import Seat
from uno_cli.bots.policy import random_choice

#: Seconds a bot of each level takes to react in a race (jump-ins, catches, Beep answers,
#: sequences): a uniform draw between the two bounds, from the bot's seeded generator.
REACTION: dict[str, tuple[float, float]] = {
    "random": (0.2, 3.0),
    "easy": (1.2, 3.0),
    "normal": (0.7, 1.8),
    "hard": (0.4, 1.1),
    "expert": (0.4, 1.1),
}

class Bot:
    """Base bot: override :meth:`choose`; :meth:`observe` gets the events its seat may see."""

    level = "base"
    needs_view = True
    """False for a bot that chooses from the legal actions alone (:meth:`choose_legal`)."""
    policy: Callable[[random.Random, Sequence[Action], Seat, bool], Action | None] | None = None
    """For such a bot, what it plays: ``policy(rng, legal, seat, in_turn)`` with its generator
    (:meth:`choose_legal` applies it; the referee calls it without a method call per action)."""

    def __init__(self, seat: Seat, rng: random.Random) -> None:
        self.seat: Seat = Seat(seat)
        self.rng = rng

    def choose_legal(self, legal: Sequence[Action], in_turn: bool) -> Action | None:
        """The choice of a bot that needs no view (``needs_view`` False): its :attr:`policy`."""
        assert self.policy is not None
        return self.policy(self.rng, legal, self.seat, in_turn)

    def observe(self, events: Sequence[Event]) -> None:
        """Take note of events (as this seat may see them)."""

    def choose(self, view: View) -> Action | None:
        """Pick one of ``view.legal``; None means "do nothing now" (only when out of turn)."""
        raise NotImplementedError

    def state(self) -> dict[str, Any]:
        """What this bot remembers, as JSON-ready data (saved with the game)."""
        version, internal, gauss = self.rng.getstate()
        return {"rng": [version, list(internal), gauss]}

    def restore(self, state: dict[str, Any]) -> None:
        """Take back what :meth:`state` gave; ignores what it does not understand."""
        rng = state.get("rng")
        if isinstance(rng, list) and len(rng) == 3 and isinstance(rng[1], list):
            try:
                self.rng.setstate((rng[0], tuple(rng[1]), rng[2]))
            except (TypeError, ValueError):
                pass

    def reaction_time(self) -> float:
        """Seconds this bot needs to react in a race (drawn from its seeded generator)."""
        low, high = REACTION.get(self.level, REACTION["normal"])
        return self.rng.uniform(low, high)


class RandomBot(Bot):
    """Plays a random legal card; draws only when it has no play."""

    level = "random"
    needs_view = False
    policy = staticmethod(random_choice)

    def choose(self, view: View) -> Action | None:
        """A random legal action."""
        return random_choice(self.rng, view.legal, self.seat, view.must_act)
