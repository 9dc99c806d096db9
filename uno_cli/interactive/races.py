"""The interactive game's side of the real-time driver (uno_cli.play.driver).

The driver puts the referee's schedule on timers of the event loop; here is what the local
game gives it: the pace, race window and thinking time of the settings, the listener's clock
(the announcer's), the holds (a pause, a menu, the quit question), and what is said when the
thinking time runs low or out and when a hand is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from uno_cli.play.driver import Driver, Pacing
from uno_cli.words.i18n import _
from uno_cli.words import interactive as words
from uno_cli.words.messagetypes import TIME_WARNING
from uno_cli.interactive.screens import HOLDING_MODES, Mode

if TYPE_CHECKING:
    import asyncio

    from uno_cli.interactive.controller import Controller
    from uno_cli.play.race import Referee


class RaceTimers(Driver):
    """The local game on the one real-time driver."""

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.c = controller
        controller.out.clock.listen(self.heard_changed)  # speech late, quicker or slower: timers follow

    def referee(self) -> Referee | None:
        """The referee of the session being played."""
        return self.c.table.referee if self.c.table is not None else None

    def event_loop(self) -> asyncio.AbstractEventLoop | None:
        """The game's event loop, once the match loop runs."""
        return self.c.event_loop

    def pacing(self) -> Pacing:
        """The settings' pace, race window and thinking time (the command line's first)."""
        c = self.c
        pace = c.config.pace if c.config.pace is not None else c.settings.pace
        think = c.config.think_time if c.config.think_time is not None else c.settings.think_time
        return Pacing(pace, c.settings.race_window, think or 0.0)

    def apply_move(self, action: Any) -> None:
        """Through the controller: who was beaten is said, the focus kept, questions opened."""
        self.c.apply(action)

    def deal_next(self) -> None:
        """The next hand, from the start of the hand."""
        c = self.c
        if c.mode == Mode.BETWEEN:
            c.mode = Mode.PLAY
        c.focus = 0
        c.table.next_hand()  # type: ignore[union-attr]
        c.after_change(None)

    def held(self) -> bool:
        """Paused, or a menu, the rule book or the quit question open."""
        return self.c.paused or self.c.mode in HOLDING_MODES

    def heard_delay(self) -> float:
        """Until the player has heard all that was said (the announcer's clock)."""
        return self.c.out.heard_delay()

    def hand_over(self) -> None:
        """ "Next hand in 5 seconds": Enter deals it now."""
        c = self.c
        c.say(_(words.NEXT_HAND))
        c.mode = Mode.BETWEEN

    def time_warning(self, seconds: int) -> None:
        """A sound and the seconds left."""
        self.c.out.cue(TIME_WARNING, {})
        self.c.say(words.seconds_left(seconds), important=True)

    def time_up(self) -> None:
        """ "Time is up.": a colour or target question is over, the default is played instead."""
        c = self.c
        c.say(_(words.TIME_UP), important=True)
        if c.mode in (Mode.COLOR, Mode.TARGET):
            c.mode = Mode.PLAY

    def wake(self) -> None:
        """The match loop looks at the game again."""
        self.c.wake()
