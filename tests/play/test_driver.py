"""The one real-time driver: timers, the listener's clock, holds, the pause between hands, workers."""

from __future__ import annotations

import heapq
import itertools
import queue
import threading
from typing import Any

import pytest

from uno_cli.play.driver import HEARD_SLACK, NEXT_HAND_SECONDS, TOO_LATE, Driver, Pacing
from uno_cli.engine import Action, Game
from uno_cli.engine.actions import CATCH, DRAW, UNO
from uno_cli.play.race import Referee
from tests.engine.helpers import make_game


class FakeLoop:
    """An event loop on a clock of its own: timers run in order when the test says."""

    def __init__(self) -> None:
        self.now = 0.0
        self._timers: list[tuple[float, int, Any]] = []
        self._count = itertools.count()
        self._soon: queue.Queue[tuple[Any, tuple[Any, ...]]] = queue.Queue()
        self.thread = threading.current_thread()

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Any, *args: Any) -> Any:
        handle = _Handle(self.now + delay, callback, args)
        heapq.heappush(self._timers, (handle.when, next(self._count), handle))
        return handle

    def call_soon_threadsafe(self, callback: Any, *args: Any) -> None:
        self._soon.put((callback, args))

    def run_until(self, moment: float) -> None:
        """Run every timer due by ``moment`` (and what workers handed back), in order."""
        while True:
            self._drain()
            if not self._timers or self._timers[0][0] > moment:
                break
            when, _n, handle = heapq.heappop(self._timers)
            self.now = max(self.now, when)
            if not handle.cancelled:
                handle.callback(*handle.args)
        self.now = max(self.now, moment)

    def wait_for_worker(self, timeout: float = 10.0) -> None:
        """Take what a worker hands back (blocks until it does)."""
        callback, args = self._soon.get(timeout=timeout)
        callback(*args)

    def _drain(self) -> None:
        while True:
            try:
                callback, args = self._soon.get_nowait()
            except queue.Empty:
                return
            callback(*args)


class _Handle:
    def __init__(self, when: float, callback: Any, args: tuple[Any, ...]) -> None:
        self.when, self.callback, self.args = when, callback, args
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class Front(Driver):
    """A front end for tests: what it applies, holds and says is recorded."""

    def __init__(self, referee: Referee, loop: FakeLoop, pace: float = 2.0, think: float = 0.0) -> None:
        super().__init__()
        self._referee = referee
        self.loop = loop
        self.pace = pace
        self.think = think
        self.is_held = False
        self.heard = 0.0
        self.said: list[str] = []
        self.applied: list[Action] = []

    def referee(self) -> Referee | None:
        return self._referee

    def event_loop(self) -> Any:
        return self.loop

    def pacing(self) -> Pacing:
        return Pacing(self.pace, 2.0, self.think)

    def apply_move(self, action: Action) -> None:
        self._referee.apply(action)
        self.applied.append(action)
        self.schedule()

    def deal_next(self) -> None:
        self.said.append("dealt")
        self._referee.deal(self._referee.game.start_hand())
        self.schedule()

    def held(self) -> bool:
        return self.is_held

    def heard_delay(self) -> float:
        return max(0.0, self.heard - self.loop.now)

    def hand_over(self) -> None:
        self.said.append("next hand")

    def time_warning(self, seconds: int) -> None:
        self.said.append(f"{seconds} left")

    def time_up(self) -> None:
        self.said.append("time up")


class Turn:
    """A bot that draws in its turn, out of turn does nothing."""

    level = "test"

    def choose(self, view: Any) -> Action | None:
        return next((a for a in view.legal if a.kind == DRAW), None)

    def reaction_time(self) -> float:
        return 1.0


def _uno_window_game() -> Game:
    # Seat 0 just played down to one card without saying UNO; it is seat 1's turn.
    g = make_game([["r5"], ["g7", "g8"], ["b1", "b2"]], discard=("r3", "r4"), current=1)
    g.uno_open = 0
    g.version += 1
    return g


def test_a_bots_turn_fires_at_the_pace_and_not_before():
    g = _uno_window_game()
    loop = FakeLoop()
    front = Front(Referee(g, {1: Turn(), 2: Turn()}), loop, pace=3.0)
    front.schedule()
    loop.run_until(2.9)
    assert front.applied == []
    loop.run_until(3.0)
    assert [(a.kind, a.seat) for a in front.applied] == [(DRAW, 1)]


def test_a_bots_move_waits_until_the_change_has_been_heard():
    """The listener's clock: an entry counts from when the change is heard, and a timer that
    comes while speech is still going on counts its own time again from when it ends."""
    g = _uno_window_game()
    loop = FakeLoop()
    front = Front(Referee(g, {1: Turn(), 2: Turn()}), loop, pace=2.0)
    front.heard = 1.0  # one second of speech to hear
    front.schedule()
    loop.run_until(2.9)
    assert front.applied == []
    front.heard = 5.0  # speech took longer than the clock expected: more was said
    loop.run_until(3.0)
    assert front.applied == []  # due now, but the change is not heard yet
    loop.run_until(3.0 + 2.0 + 2.0 - 0.01)
    assert front.applied == []
    loop.run_until(7.0)
    assert [a.seat for a in front.applied] == [1]
    assert HEARD_SLACK < 1.0



def test_a_bots_timer_follows_the_clock_when_speech_starts_late_and_is_quicker_than_guessed():
    """Speech was not ready when the change was said: the clock guessed 10 s at a slow rate.
    When the backend arrives (at 2 s) and the lines are re-timed to be heard by 5 s, the bot
    moves its pace after that (7 s), not after the old guess (12 s)."""
    g = _uno_window_game()
    loop = FakeLoop()
    front = Front(Referee(g, {1: Turn(), 2: Turn()}), loop, pace=2.0)
    front.heard = 10.0
    front.schedule()
    loop.run_until(2.0)
    front.heard = 5.0  # re-timed: spoken from now, heard by 5 s
    front.heard_changed()
    front.heard_changed()  # told twice before the loop looks: followed once
    loop.run_until(7.0 - 0.01)
    assert front.applied == []
    loop.run_until(7.0)
    assert [a.seat for a in front.applied] == [1]


def test_a_bots_timer_follows_the_clock_when_the_lines_are_heard_later_than_guessed():
    """Re-timed later than the guess: the bot waits its whole pace after the new estimate,
    and a change of the estimate within the clock's rounding leaves the timer where it is."""
    g = _uno_window_game()
    loop = FakeLoop()
    front = Front(Referee(g, {1: Turn(), 2: Turn()}), loop, pace=2.0)
    front.heard = 1.0
    front.schedule()
    loop.run_until(0.5)
    front.heard = 6.0
    front.heard_changed()
    loop.run_until(5.0)
    front.heard = 6.0 + HEARD_SLACK / 2
    front.heard_changed()
    loop.run_until(8.0 - 0.01)
    assert front.applied == []
    loop.run_until(8.0)
    assert [a.seat for a in front.applied] == [1]


def test_a_change_heard_already_is_not_counted_again_when_the_clock_has_nothing_left():
    """The estimate moves (a report) after the change was heard: the pace already running
    goes on from when it was heard, it does not start again."""
    g = _uno_window_game()
    loop = FakeLoop()
    front = Front(Referee(g, {1: Turn(), 2: Turn()}), loop, pace=2.0)
    front.heard = 1.0
    front.schedule()
    loop.run_until(2.0)
    front.heard_changed()  # nothing left to hear
    loop.run_until(3.0)
    assert [a.seat for a in front.applied] == [1]


def test_the_thinking_time_and_the_pause_between_hands_follow_the_clock_too():
    g = _uno_window_game()
    g.current, g.version = 0, g.version + 1
    g.uno_open = None
    loop = FakeLoop()
    front = Front(Referee(g, {1: Turn(), 2: Turn()}, controlled=[0]), loop, think=8.0)
    front.heard = 10.0
    front.schedule()
    loop.run_until(1.0)
    front.heard = 3.0
    front.heard_changed()
    loop.run_until(3.0 + 4.0 - 0.01)
    assert front.said == []
    loop.run_until(3.0 + 8.0)
    assert front.said == ["4 left", "time up"]

    g, referee = _hand_over_game()
    loop = FakeLoop()
    front = Front(referee, loop)
    front.heard = 9.0
    front.schedule()
    loop.run_until(1.0)
    front.heard = 2.0
    front.heard_changed()
    loop.run_until(2.0 + NEXT_HAND_SECONDS - 0.01)
    assert "dealt" not in front.said
    front.schedule()  # the front end looks again: the pause keeps the followed time
    loop.run_until(2.0 + NEXT_HAND_SECONDS)
    assert front.said == ["next hand", "dealt"]


def test_a_hold_stops_every_timer_and_play_goes_on_when_it_ends():
    g = _uno_window_game()
    loop = FakeLoop()
    front = Front(Referee(g, {1: Turn(), 2: Turn()}), loop, pace=1.0)
    front.schedule()
    front.is_held = True
    loop.run_until(5.0)
    assert front.applied == [] and not front.scheduled
    front.is_held = False
    front.schedule()
    loop.run_until(6.0)
    assert [a.seat for a in front.applied] == [1]


def test_the_thinking_time_warns_then_plays_the_referees_default_for_the_person():
    g = _uno_window_game()
    g.current, g.version = 0, g.version + 1
    g.uno_open = None
    loop = FakeLoop()
    referee = Referee(g, {1: Turn(), 2: Turn()}, controlled=[0])
    front = Front(referee, loop, think=8.0)
    default = referee.default_action(0)
    front.schedule()
    loop.run_until(3.9)
    assert front.said == []
    loop.run_until(4.0)
    assert front.said == ["4 left"]  # at most half the time, whole seconds
    loop.run_until(8.0)
    assert front.said == ["4 left", "time up"]
    assert front.applied == [default] and default == Action(DRAW, 0)


def _hand_over_game() -> tuple[Game, Referee]:
    g = make_game([["r5"], ["g7", "g8"]], discard=("r3",), current=0)
    referee = Referee(g, {1: Turn()}, controlled=[0], auto_next_hand=False)
    referee.apply(Action("play", 0, "r5"))
    assert g.phase == "hand_over"
    return g, referee


def test_the_pause_between_hands_counts_from_when_it_is_heard_and_again_after_a_hold():
    g, referee = _hand_over_game()
    loop = FakeLoop()
    front = Front(referee, loop)
    front.heard = 1.5
    front.schedule()
    front.schedule()  # said once a hand, however often the front end looks
    assert front.said == ["next hand"]
    loop.run_until(1.5 + NEXT_HAND_SECONDS - 0.01)
    assert "dealt" not in front.said
    front.is_held = True  # a menu opens just before the deal
    front.schedule()
    loop.run_until(20.0)
    assert "dealt" not in front.said
    front.is_held = False
    front.schedule()  # counted again, from when play goes on
    loop.run_until(20.0 + NEXT_HAND_SECONDS - 0.01)
    assert "dealt" not in front.said
    loop.run_until(20.0 + NEXT_HAND_SECONDS)
    assert front.said == ["next hand", "dealt"] and g.phase != "hand_over"


class Searching:
    """A bot that searches (on the driver's worker): its first decision waits until the test
    lets it go, so that a move is applied on the loop while it thinks."""

    level = "test"
    searches = True

    def __init__(self, go: threading.Event, log: dict[str, Any]) -> None:
        self.go = go
        self.log = log
        self.choosing = False
        self.seen: list[Any] = []

    def __deepcopy__(self, memo: dict[int, Any]) -> Searching:
        # The test's event and log are shared; what the bot remembers is copied.
        twin = Searching(self.go, self.log)
        twin.seen = list(self.seen)
        return twin

    def observe(self, events: Any) -> None:
        if self.choosing:
            self.log["told while choosing"] = True
        self.seen.append(len(events))

    def choose(self, view: Any) -> Action | None:
        self.choosing = True
        try:
            self.log.setdefault("threads", []).append(threading.current_thread().name)
            self.log.setdefault("views", []).append(view)
            if not self.go.is_set():
                self.log["waiting"].set()
                self.go.wait(10)
            return next((a for a in view.legal if a.kind == DRAW), None)
        finally:
            self.choosing = False

    def reaction_time(self) -> float:
        return 1.0


def test_a_worker_never_reads_the_live_game_nor_a_live_bot_while_a_move_is_applied(monkeypatch):
    """A searching bot thinks on a worker, on copies made on the loop thread: a move applied on
    the loop meanwhile changes nothing it reads, and its stale answer is dropped."""
    g = _uno_window_game()
    loop = FakeLoop()
    off_loop_reads: list[str] = []
    for name in ("view", "legal_actions", "actors", "is_legal", "copy"):
        original = getattr(Game, name)

        def watched(self: Game, *args: Any, _original: Any = original, _name: str = name) -> Any:
            if self is g and threading.current_thread() is not loop.thread:
                off_loop_reads.append(_name)
            return _original(self, *args)

        monkeypatch.setattr(Game, name, watched)
    go = threading.Event()
    log: dict[str, Any] = {"waiting": threading.Event()}
    live = Searching(go, log)
    referee = Referee(g, {1: live, 2: Turn()}, controlled=[0])
    front = Front(referee, loop, pace=1.0)
    try:
        front.schedule()
        assert log["waiting"].wait(10)  # the bot is thinking on the worker
        assert front.applied == []  # nothing timed while it thinks
        # The person says the forgotten UNO, applied on the loop while the worker thinks.
        referee.apply(Action(UNO, 0))
        front.schedule()
        assert live.seen  # the live bot was told the move
        go.set()
        loop.wait_for_worker()  # the stale answer: dropped, the bots' copies with it
        assert not referee.offers_known() or referee.bots[1] is not live
        loop.wait_for_worker()  # the answer for the game as it is now: kept
        assert referee.offers_known()
        loop.run_until(loop.now + 1.0)  # the pace: the bot draws
    finally:
        go.set()
        front.close()
    assert off_loop_reads == []
    assert "told while choosing" not in log
    assert all(name.startswith("uno-bot") for name in log["threads"])
    first = log["views"][0]
    assert first.uno_open == 0 and not first.said_uno[0]  # the copy made before the move, not a half-applied game
    assert [(a.kind, a.seat) for a in front.applied] == [(DRAW, 1)]
    assert referee.bots[1] is not live  # the copy that chose took the bot's place, with its memory
    assert referee.bots[1].seen[: len(live.seen)] == live.seen  # it remembers what the bot was told


def test_a_stand_in_plays_its_legal_choice_else_the_referees_default():
    g = _uno_window_game()
    referee = Referee(g, {2: Turn()}, controlled=[0, 1])

    class Broken:
        def choose(self, view: Any) -> Action:
            raise RuntimeError("broken")

    assert referee.choice(1, Turn()) == Action(DRAW, 1)
    assert referee.choice(1, Broken()) == referee.default_action(1)
    assert referee.choice(2, Broken()) is None  # out of turn: nothing


@pytest.mark.parametrize("scale", [1.0, 0.01])
def test_timers_follow_the_scale_of_time(scale):
    g = _uno_window_game()
    loop = FakeLoop()
    front = Front(Referee(g, {1: Turn(), 2: Turn()}), loop, pace=2.0)
    front.scale = lambda: scale  # type: ignore[method-assign]
    front.schedule()
    loop.run_until(2.0 * scale - 1e-6)
    assert front.applied == []
    loop.run_until(2.0 * scale)
    assert [a.seat for a in front.applied] == [1]


class Catcher(Turn):
    """A bot that catches seat 0's forgotten UNO after half a second."""

    def choose(self, view: Any) -> Action | None:
        return next((a for a in view.legal if a.kind == CATCH), None) or super().choose(view)

    def reaction_time(self) -> float:
        return 0.5


def test_a_persons_catch_outruns_the_bots_timed_catch():
    g = _uno_window_game()
    loop = FakeLoop()
    front = Front(Referee(g, {2: Catcher()}, controlled=[0, 1]), loop)
    front.schedule()
    assert front.outrun(Action(CATCH, 1, target=0)) == 2
    assert front.outrun(Action(DRAW, 1)) is None


def test_a_late_uno_just_after_a_bot_caught_it_is_too_late_for_three_seconds():
    g = _uno_window_game()
    loop = FakeLoop()
    front = Front(Referee(g, {1: Turn(), 2: Catcher()}, controlled=[0]), loop, pace=10.0)
    front.schedule()
    assert front.too_late(Action(UNO, 0)) is None  # nobody won a race yet
    loop.run_until(0.5)
    assert [(a.kind, a.seat) for a in front.applied] == [(CATCH, 2)]
    assert front.too_late(Action(UNO, 0)) == 2
    assert front.too_late(Action(DRAW, 0)) is None  # a draw is no race the catch won
    loop.run_until(0.5 + TOO_LATE)
    assert front.too_late(Action(UNO, 0)) is None


def test_a_searching_bot_that_cannot_be_copied_is_asked_on_the_loop_thread():
    g = _uno_window_game()
    loop = FakeLoop()

    class Uncopyable(Turn):
        searches = True

        def __init__(self) -> None:
            self.lock = threading.Lock()  # no copy of it can be made
            self.threads: list[threading.Thread] = []

        def choose(self, view: Any) -> Action | None:
            self.threads.append(threading.current_thread())
            return super().choose(view)

    bot = Uncopyable()
    front = Front(Referee(g, {1: bot, 2: Turn()}), loop, pace=1.0)
    try:
        front.schedule()
        loop.run_until(1.0)
    finally:
        front.close()
    assert bot.threads and all(t is loop.thread for t in bot.threads)
    assert [(a.kind, a.seat) for a in front.applied] == [(DRAW, 1)]
