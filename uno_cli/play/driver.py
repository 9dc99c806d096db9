"""The one real-time driver: the race rule (:mod:`uno_cli.play.race`) on an event loop's timers.

The interactive game and every network table play in real time through a :class:`Driver`.
After each change the front end calls :meth:`Driver.schedule`: the driver asks the referee
what happens next (:meth:`uno_cli.play.race.Referee.schedule` in real time) and puts each entry on
a timer of the event loop; a person's move is applied by the front end the moment it arrives.
Each decision of real-time play is written here, once:

- the referee's clock: the pace, the race window and the thinking time the front end gives
  (:class:`Pacing`), and the listener's clock: every entry counts from when the change has
  been heard (:meth:`Driver.heard_delay`); when the clock's estimate moves (speech started
  late, or was quicker or slower than guessed: :meth:`Driver.heard_changed`) the timers counted
  from it follow, and a bot's timer that comes while speech is still going on waits again
  (:data:`HEARD_SLACK`);
- a bot that searches (expert) thinks on one worker thread, on copies of the game and of
  the bots made on the loop thread (:meth:`uno_cli.play.race.Referee.offers_job`): the worker
  never reads the live game; its answer is kept only if nothing changed meanwhile;
- a thinking time: a warning (:data:`THINK_WARNING`), then the referee's default action;
- the pause between hands (:data:`NEXT_HAND_SECONDS`), counted from when it has been heard,
  and counted again after a hold;
- a hold (a pause, a menu, a table that stopped) stops every timer; a timer of a game that
  has changed since does nothing; bots of a table nobody sits at wait for a budget;
- who was quicker: a person's move that beat a bot's timed move (:meth:`Driver.outrun`), or
  came just after a bot won the race (:meth:`Driver.too_late`).

A front end subclasses :class:`Driver` and says what differs: how a move is applied and
said, when play is held, how long until the player has heard everything (0 at a table: the
server hears nothing), the scale of time (tests speed tables up), what is said when the
thinking time runs low or out and when a hand is over, and how the next hand is dealt.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from uno_cli.engine import Action, Phase
from uno_cli.engine.seats import Seat
from uno_cli.engine.actions import ANSWER, CATCH, JUMP_IN, PLAY, UNO
from uno_cli.engine.errors import IllegalAction
from uno_cli.play.race import Offer, Referee

__all__ = ["HEARD_SLACK", "NEXT_HAND_SECONDS", "THINK_WARNING", "TOO_LATE", "Driver", "Pacing"]

#: The pause between hands ("Next hand in 5 seconds"), from when it has been heard.
NEXT_HAND_SECONDS = 5.0
#: Seconds of speech still to hear that let a bot's timer fire anyway (the clock's own rounding).
HEARD_SLACK = 0.25
#: Seconds before the thinking time runs out that the player is warned (at most half of it).
THINK_WARNING = 5.0

#: Seconds after a bot won a race that a person's move it made impossible is told "too late".
TOO_LATE = 3.0

_HAND_OVER = Phase.HAND_OVER
# A person's move that beats a bot's timed move of the same kind.
_OUTRUN = (ANSWER, CATCH, JUMP_IN)
# The bot's races that make a person's move of each kind too late (a catch, a late UNO...).
_LOST_TO: dict[str, tuple[str, ...]] = {
    UNO: (CATCH,), CATCH: (CATCH,), JUMP_IN: (JUMP_IN, PLAY), PLAY: (JUMP_IN, PLAY),
}


@dataclass(frozen=True)
class Pacing:
    """The real-time settings of a match, read again at every change (a menu may change them)."""

    pace: float
    """Seconds a bot takes in its turn."""
    race_window: float
    """While a person may act out of turn, a bot's turn waits at least this long."""
    think_time: float = 0.0
    """Seconds a person has to act (0: no limit); then the default action is played for them."""


@dataclass
class _FromHeard:
    """A timer counted from when the change is heard: it fires ``after`` real seconds past ``heard``."""

    heard: float
    after: float
    callback: Callable[..., None]
    args: tuple[Any, ...]
    handle: asyncio.Handle | None = None

    @property
    def at(self) -> float:
        """The loop time it fires."""
        return self.heard + self.after


class Driver:
    """The referee's schedule as timers of an event loop (subclassed by each real-time front end)."""

    def __init__(self) -> None:
        self.offers: dict[int, Offer] = {}
        """The bots' out-of-turn offers on a timer now, by seat (to tell a person who beat them)."""
        self._handles: list[asyncio.Handle] = []
        # The timers among them counted from when the change is heard (they follow the clock).
        self._from_heard: list[_FromHeard] = []
        self._following = False
        self._version: tuple[int, int] | None = None
        self._thinking: tuple[int, int, str] | None = None
        self._unthinkable: tuple[int, int, str] | None = None
        # (hand, the loop time it is dealt, or None while it is not counted)
        self._next_hand: tuple[int, float | None] | None = None
        # One worker: a searching bot's decisions never overlap.
        self._worker: ThreadPoolExecutor | None = None
        # The last race a bot won: (kind, seat, loop time).
        self._last_race: tuple[str, Seat, float] | None = None

    # ------------------------------------------------------------ what a front end says

    def referee(self) -> Referee | None:
        """The referee of the match being played (None: none is)."""
        raise NotImplementedError

    def event_loop(self) -> asyncio.AbstractEventLoop | None:
        """The loop the timers run on (None: not running yet)."""
        raise NotImplementedError

    def pacing(self) -> Pacing:
        """The pace, race window and thinking time now."""
        raise NotImplementedError

    def apply_move(self, action: Action) -> None:
        """Apply a timed move (a bot's, or the default played for a person) and say it; raises IllegalAction."""
        raise NotImplementedError

    def deal_next(self) -> None:
        """The pause between hands is over: deal the next hand."""
        raise NotImplementedError

    def held(self) -> bool:
        """True while play is held (paused, a menu open): no timer runs."""
        return False

    def heard_delay(self) -> float:
        """Seconds until the person has heard everything said so far (0: nobody is listened for)."""
        return 0.0

    def scale(self) -> float:
        """Real seconds per second of game time (below 1 speeds the game up, for tests)."""
        return 1.0

    def bot_wait(self) -> float:
        """Seconds a bot's move must wait for a budget (0: it may move now)."""
        return 0.0

    def hand_over(self) -> None:
        """A hand is over: say the pause (once a hand)."""

    def time_warning(self, seconds: int) -> None:
        """``seconds`` of the person's thinking time are left."""

    def time_up(self) -> None:
        """The person's thinking time ran out: the default is played for them next."""

    def wake(self) -> None:
        """Something the front end waits for may have changed (a hold met by a timer)."""

    def again(self) -> None:
        """Put every timer on again (a searching bot's answer came back): :meth:`schedule`, and
        the front end's own timers."""
        self.schedule()

    # ------------------------------------------------------------ the timers

    def schedule(self) -> None:
        """Put every bot's next move on a timer (after any change, or when play goes on)."""
        self.cancel()
        self.offers = {}
        referee = self.referee()
        loop = self.event_loop()
        if referee is None or loop is None:
            return
        g = referee.game
        if g.phase == _HAND_OVER:
            self._between_hands(loop, g.hand_number)
            return
        self._next_hand = None
        if self.held():
            return
        pacing = self.pacing()
        referee.pace = pacing.pace
        referee.race_window = pacing.race_window
        referee.think_time = pacing.think_time or 0.0
        referee.heard_delay = heard = self.heard_delay()
        if self._think_first(referee, loop):
            return
        for entry in referee.schedule(virtual=False):
            offer = entry.offer
            assert offer is not None
            base = entry.time - heard
            heard_at = loop.time() + heard
            if entry.wait is not None:  # the person's thinking time: a warning, then the default
                warn = min(THINK_WARNING, float(int(base // 2)))  # whole seconds, at most half
                if warn >= 1:
                    self._after_heard(loop, heard_at, self.scaled(base - warn), self._warn, offer, int(warn))
                self._after_heard(loop, heard_at, self.scaled(base), self._time_up, offer)
                continue
            if not offer.in_turn:
                self.offers[offer.seat] = offer
            self._after_heard(loop, heard_at, self.scaled(base), self._fire, offer, base)
        self._version = (g.version, g.hand_number)

    def arm(self, seconds: float, callback: Callable[..., None], *args: Any, real: bool = False) -> None:
        """A front end's own timer, in ``seconds`` of game time (``real``: real seconds), stopped
        with the others at the next change."""
        loop = self.event_loop()
        if loop is not None:
            self._at(loop, seconds if real else self.scaled(seconds), callback, *args)

    def scaled(self, seconds: float) -> float:
        """Real seconds for ``seconds`` of game time."""
        return seconds * self.scale()

    def _at(self, loop: asyncio.AbstractEventLoop, delay: float, callback: Callable[..., None], *args: Any) -> asyncio.Handle:
        handle = loop.call_later(max(0.0, delay), callback, *args)
        self._handles.append(handle)
        return handle

    def _after_heard(self, loop: asyncio.AbstractEventLoop, heard: float, after: float,
                     callback: Callable[..., None], *args: Any) -> None:
        """A timer ``after`` real seconds past ``heard`` (a loop time), following the clock's estimate."""
        timer = _FromHeard(heard, after, callback, args)
        timer.handle = self._at(loop, timer.at - loop.time(), callback, *args)
        self._from_heard.append(timer)

    # ------------------------------------------------------------ following the listener's clock

    def heard_changed(self) -> None:
        """The listener's clock moved its estimate (from any thread): the timers counted from
        when the change is heard are put where the new estimate says, on the loop."""
        loop = self.event_loop()
        if loop is None or self._following or not self._from_heard:
            return
        self._following = True
        try:
            loop.call_soon_threadsafe(self._follow_clock)
        except RuntimeError:
            self._following = False  # the loop has closed

    def _follow_clock(self) -> None:
        self._following = False
        loop = self.event_loop()
        if loop is None or self.held():
            return
        now = loop.time()
        delay = self.heard_delay()
        for timer in self._from_heard:
            if timer.handle is None or timer.at <= now:
                continue  # fired (or firing now: it looks at the clock itself)
            # Nothing left to hear: heard by now, or by the time it was heard already.
            heard = now + delay if delay > 0 else min(timer.heard, now)
            if abs(heard - timer.heard) <= HEARD_SLACK:
                continue
            timer.handle.cancel()
            timer.heard = heard
            timer.handle = self._at(loop, timer.at - now, timer.callback, *timer.args)
            if timer.callback == self._deal and self._next_hand is not None:
                self._next_hand = (self._next_hand[0], timer.at)

    @property
    def scheduled(self) -> bool:
        """True while the timers belong to the game as it is now."""
        referee = self.referee()
        if referee is None or not self._handles:
            return False
        g = referee.game
        return self._version == (g.version, g.hand_number)

    def cancel(self) -> None:
        """Stop every timer (a hold, a change)."""
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        self._from_heard = []
        self._version = None

    def hold(self) -> None:
        """Play is held: stop every timer, and count the pause between hands again when play goes on."""
        self.cancel()
        if self._next_hand is not None:
            self._next_hand = (self._next_hand[0], None)

    def close(self) -> None:
        """Stop every timer and the worker (the match is left)."""
        self.cancel()
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)
            self._worker = None

    def _current(self, offer: Offer) -> bool:
        referee = self.referee()
        if referee is None or self.held():
            return False
        g = referee.game
        return offer.version == g.version and offer.hand == g.hand_number

    def _warn(self, offer: Offer, seconds: int) -> None:
        if self._current(offer):
            self.time_warning(seconds)

    def _time_up(self, offer: Offer) -> None:
        if self._current(offer):
            self.time_up()
            self._fire(offer)

    def _fire(self, offer: Offer, base: float | None = None) -> None:
        loop = self.event_loop()
        if base is not None and loop is not None and self._current(offer):
            late = self.heard_delay()
            if late > HEARD_SLACK:
                # Speech is slower than the clock expected: the change is not heard yet. The
                # offer counts its own time again from when it will have been heard.
                self._after_heard(loop, loop.time() + late, self.scaled(base), self._fire, offer, base)
                return
        self.offers.pop(offer.seat, None)
        referee = self.referee()
        if referee is None or self.held():
            self.cancel()  # the front end schedules again when play goes on
            self.wake()
            return
        g = referee.game
        if offer.version != g.version or offer.hand != g.hand_number:
            return
        if self.budget_wait(self._fire, offer):
            return
        action = offer.action
        race = action.seat not in referee.controlled and referee.is_race(action)
        try:
            self.apply_move(action)
        except IllegalAction:
            return
        if race and loop is not None:
            self._last_race = (action.kind, action.seat, loop.time())

    # ------------------------------------------------------------ who was quicker

    def outrun(self, action: Action) -> Seat | None:
        """The bot whose timed move of the same kind a person's ``action`` comes before (a Beep
        answer, a catch, a jump-in), or None; asked before ``action`` is applied."""
        if action.kind not in _OUTRUN:
            return None
        return next((o.seat for o in self.offers.values() if o.action.kind == action.kind), None)

    def too_late(self, action: Action) -> Seat | None:
        """The bot that just won the race a person's illegal ``action`` came too late for, or None."""
        referee = self.referee()
        loop = self.event_loop()
        last = self._last_race
        if referee is None or loop is None or last is None or referee.game.current == action.seat:
            return None
        kind, seat, at = last
        if loop.time() - at < TOO_LATE and kind in _LOST_TO.get(action.kind, ()):
            return seat
        return None

    def budget_wait(self, retry: Callable[..., None], *args: Any) -> bool:
        """True when a move must wait for the bots' budget (``retry(*args)`` is called then)."""
        wait = self.bot_wait()
        loop = self.event_loop()
        if wait <= 0 or loop is None:
            return False
        self._at(loop, wait, retry, *args)
        return True

    # ------------------------------------------------------------ between hands

    def next_hand_delay(self) -> float:
        """Seconds until the next hand: the pause said, counted from when it is heard."""
        return self.heard_delay() + self.scaled(NEXT_HAND_SECONDS)

    def _between_hands(self, loop: asyncio.AbstractEventLoop, hand: int) -> None:
        if self._next_hand is None or self._next_hand[0] != hand:
            self._next_hand = (hand, None)
            self.hand_over()
        if self.held():
            self._next_hand = (hand, None)
            return
        deal_at = self._next_hand[1]
        if deal_at is None:
            deal_at = loop.time() + self.next_hand_delay()
            self._next_hand = (hand, deal_at)
        pause = self.scaled(NEXT_HAND_SECONDS)
        self._after_heard(loop, deal_at - pause, pause, self._deal, hand)
        self._version = (self.referee().game.version, hand)  # type: ignore[union-attr]

    def _deal(self, hand: int) -> None:
        referee = self.referee()
        if referee is None or referee.game.phase != _HAND_OVER or referee.game.hand_number != hand:
            return
        if self.held():
            self.hold()
            self.wake()
            return
        self._next_hand = None
        self.deal_next()

    # ------------------------------------------------------------ searching bots

    def _think_first(self, referee: Referee, loop: asyncio.AbstractEventLoop) -> bool:
        """A bot that searches decides on a worker thread, so the loop never waits; True while it does."""
        g = referee.game
        stamp = (g.version, g.hand_number, g.phase)
        if referee.offers_known() or self._unthinkable == stamp:
            return False
        if not any(getattr(referee.bots.get(s), "searches", False) for s in g.actors()):
            return False
        if self._thinking != stamp:
            try:
                # The copies are made here, on the loop thread: the worker never reads the live
                # game nor a bot's memory; its offers are kept only if nothing changed meanwhile.
                job = referee.offers_job()
            except Exception:  # noqa: BLE001 - a bot that cannot be copied is asked here
                self._unthinkable = stamp
                return False
            self._thinking = stamp
            if self._worker is None:
                self._worker = ThreadPoolExecutor(1, thread_name_prefix="uno-bot")
            future = self._worker.submit(job)
            future.add_done_callback(lambda f: self._back_on_loop(loop, stamp, f))
        return True

    def _back_on_loop(self, loop: asyncio.AbstractEventLoop, stamp: tuple[int, int, str],
                      future: Future[tuple[Any, ...]]) -> None:
        try:
            loop.call_soon_threadsafe(self._thought, stamp, future)
        except RuntimeError:
            pass  # the loop has closed

    def _thought(self, stamp: tuple[int, int, str], future: Future[tuple[Any, ...]]) -> None:
        if self._thinking == stamp:
            self._thinking = None
        referee = self.referee()
        if referee is None or future.cancelled():
            return
        g = referee.game
        if stamp != (g.version, g.hand_number, g.phase):
            return
        if future.exception() is None:
            referee.keep_offers(future.result())
        else:
            self._unthinkable = stamp  # asked on the loop thread instead
        self.again()
