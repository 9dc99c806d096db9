"""The race rule (uno_cli.race) on real time: every bot's next move on a timer.

The session's Referee says what each bot will do and when (a race at the bot's reaction
time, a turn at the pace, or at least the race window while the player may act); each of
its entries is put on a timer of the event loop, and the player's key press is applied
the moment it arrives. Every change starts the clock again.

With a thinking time (settings ``think_time`` or ``--think-time``), the referee also gives
the player's own entry: a spoken warning before it, then the safe default played for them.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from uno_cli.engine.errors import IllegalAction
from uno_cli.i18n import _
from uno_cli.interactive import words
from uno_cli.interactive.screens import HOLDING_MODES, Mode

#: Seconds of speech still to hear that let a bot's timer fire anyway (the clock's own rounding).
HEARD_SLACK = 0.25
#: Seconds before the thinking time runs out that the player is warned (at most half of it).
THINK_WARNING = 5.0

if TYPE_CHECKING:
    from uno_cli.interactive.controller import Controller


class RaceTimers:
    """The referee's schedule as timers on the event loop."""

    def __init__(self, controller: Controller) -> None:
        self.c = controller
        self.offers: dict[int, Any] = {}
        """The bots' scheduled out-of-turn offers, by seat (to tell the player they were beaten)."""
        self._handles: list[Any] = []
        self._version: tuple[int, int] | None = None
        self._thinking: tuple[int, int, str] | None = None
        # One worker: a searching bot's decisions never overlap.
        self._worker: ThreadPoolExecutor | None = None

    def schedule(self) -> None:
        """Put every bot's next move on a timer (after any change, or when play resumes)."""
        c = self.c
        self.cancel()
        self.offers = {}
        if c._loop is None or c.table is None or c.paused or c.mode in HOLDING_MODES:
            return
        referee = c.table.referee
        referee.pace = c.config.pace if c.config.pace is not None else c.settings.pace
        referee.race_window = c.settings.race_window
        think = c.config.think_time if c.config.think_time is not None else c.settings.think_time
        referee.think_time = think or 0.0
        referee.heard_delay = c.out.heard_delay()
        if self._think_first(referee):
            return
        for entry in referee.schedule(virtual=False):
            offer = entry.offer
            if entry.wait is not None:  # the player's thinking time: a warning, then the safe default
                warn = min(THINK_WARNING, float(int(entry.time // 2)))  # whole seconds, at most half
                if warn >= 1:
                    self._handles.append(c._loop.call_later(entry.time - warn, self._warn, offer, int(warn)))
                self._handles.append(c._loop.call_later(entry.time, self._time_up, offer))
                continue
            if not offer.in_turn:
                self.offers[offer.seat] = offer
            base = max(0.0, entry.time - referee.heard_delay)
            self._handles.append(c._loop.call_later(entry.time, self._fire, offer, base))
        self._version = (c.game.version, c.game.hand_number)

    def _think_first(self, referee: Any) -> bool:
        """A bot that searches (expert) decides on a worker thread, so keys never wait; True while it does."""
        g = self.c.game
        stamp = (g.version, g.hand_number, g.phase)
        if referee.offers_known():
            return False
        if not any(getattr(referee.bots.get(s), "searches", False) for s in g.actors()):
            return False
        if self._thinking != stamp:
            self._thinking = stamp
            if self._worker is None:
                self._worker = ThreadPoolExecutor(1, thread_name_prefix="uno-bot")
            loop = self.c._loop
            assert loop is not None
            # The worker asks the bots on a copy made here: it never reads the live game. The
            # offers are kept only if nothing changed meanwhile.
            future = self._worker.submit(referee.offers_job())
            future.add_done_callback(lambda f: self._wake_loop(loop, stamp, f))
        return True

    def _wake_loop(self, loop: Any, stamp: tuple[int, int, str], future: Any) -> None:
        try:
            loop.call_soon_threadsafe(self._thought, stamp, future)
        except RuntimeError:
            pass  # the game has closed its event loop

    def _thought(self, stamp: tuple[int, int, str], future: Any) -> None:
        if self._thinking == stamp:
            self._thinking = None
        g = self.c.game
        if self.c.table is not None and stamp == (g.version, g.hand_number, g.phase):
            if future.exception() is None:
                self.c.table.referee.keep_offers(future.result())
            self.schedule()

    @property
    def scheduled(self) -> bool:
        """True while the timers belong to the game as it is now."""
        c = self.c
        return self._version == (c.game.version, c.game.hand_number) and bool(self._handles)

    def cancel(self) -> None:
        """Stop every timer (pause, a menu, a change)."""
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        self._version = None

    def _current(self, offer: Any) -> bool:
        c = self.c
        return (c.table is not None and not c.paused and c.mode not in HOLDING_MODES
                and offer.version == c.game.version and offer.hand == c.game.hand_number)

    def _warn(self, offer: Any, seconds: int) -> None:
        if self._current(offer):
            self.c.out.cue("time_warning", {})
            self.c.say(words.seconds_left(seconds), important=True)

    def _time_up(self, offer: Any) -> None:
        c = self.c
        if not self._current(offer):
            return
        c.say(_(words.TIME_UP), important=True)
        if c.mode in (Mode.COLOR, Mode.TARGET):
            c.mode = Mode.PLAY  # the question is over: the default is played instead
        self._fire(offer)

    def _fire(self, offer: Any, base: float | None = None) -> None:
        c = self.c
        if base is not None and c._loop is not None and self._current(offer):
            late = c.out.heard_delay()
            if late > HEARD_SLACK:
                # Speech is slower than the clock expected: the change is not heard yet. The
                # offer counts its own time again from when it will have been heard.
                self._handles.append(c._loop.call_later(late + base, self._fire, offer, base))
                return
        self.offers.pop(offer.seat, None)
        if c.table is None or c.paused or c.mode == Mode.QUIT or c.mode in HOLDING_MODES:
            self.cancel()  # the match loop schedules again when play goes on
            c.wake()
            return
        if offer.version != c.game.version or offer.hand != c.game.hand_number:
            return
        try:
            c.apply(offer.action)
        except IllegalAction:
            pass
