"""When the bots act: each bot's out-of-turn reaction on a timer, and the pace of bot turns.

Kept in one place so the rule that decides the timing can be replaced as one piece.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from uno_cli.interactive.screens import HOLDING_MODES, HUMAN, Mode

if TYPE_CHECKING:
    from uno_cli.interactive.controller import Controller


class RaceTimers:
    """The bots' races as timers on the event loop, and the delay before a bot's turn."""

    def __init__(self, controller: Controller) -> None:
        self.c = controller
        self.offers: dict[int, Any] = {}
        """The bots' scheduled race reactions (Session offers), by seat."""
        self._handles: list[Any] = []

    def schedule(self) -> None:
        """Time every bot's out-of-turn reaction (the Session's offers) on the event loop."""
        c = self.c
        if c._loop is None or c.table is None:
            return
        self.cancel()
        self.offers = {}
        if c.paused:
            return
        for offer in c.table.bot_offers():
            if offer.in_turn:
                continue  # played by the match loop at the player's pace
            self.offers[offer.seat] = offer
            self._handles.append(c._loop.call_later(offer.delay, self._fire, offer))

    def cancel(self) -> None:
        """Stop every scheduled reaction (pause)."""
        for handle in self._handles:
            handle.cancel()
        self._handles = []

    def _fire(self, offer: Any) -> None:
        from uno_cli.engine.errors import IllegalAction

        c = self.c
        self.offers.pop(offer.seat, None)
        if c.table is None or c.paused or c.mode == Mode.QUIT or offer.version != c.game.version:
            return
        try:
            c.apply(offer.action)
        except IllegalAction:
            pass

    def delay(self) -> float:
        """Seconds before the next bot move: the pace, longer while a race is open for the player."""
        c = self.c
        pace = c.config.pace if c.config.pace is not None else c.settings.pace
        if c.table is not None and c.table.race_chances(HUMAN):
            return max(pace, c.settings.race_window)
        return pace

    async def bot_turn(self) -> None:
        """Play the bot whose turn it is after the delay, or wait for a change when none is."""
        from uno_cli.engine.errors import IllegalAction

        c = self.c
        turn = next((o for o in c.table.bot_offers() if o.in_turn), None)  # type: ignore[union-attr]
        if turn is None:
            await c.sleep_until_change(None)
            return
        version = c.game.version
        await c.sleep_until_change(self.delay())
        if c.game.version != version or c.paused or c.mode in HOLDING_MODES or c.done:
            return
        try:
            c.apply(turn.action)
        except IllegalAction:
            await asyncio.sleep(0)
