"""Who acts first: the one race rule of every way the game is played.

After every change of the game each bot says what it wants to do now: an :class:`Offer`.
An out-of-turn offer (a catch, a jump-in, a sequence card, a late UNO, a Beep answer)
comes after the bot's reaction time, drawn from its seeded generator by level; the bot
whose turn it is plays after the pace (:data:`DEFAULT_PACE`), or after the race window
(:data:`RACE_WINDOW`) while a person could act out of turn. The earliest comes first;
at the same moment a person comes before a bot's turn, and a bot's turn before a bot's
race (then the lower seat first). Every change starts the clock again.

The same :meth:`Referee.schedule` serves two clocks:

- **virtual time** (script mode and the simulator, :meth:`Referee.advance`): a person,
  that is a scripted seat, answers in exactly :data:`ANSWER_TIME` seconds;
- **real time** (the interactive game): each bot's entry is put on a timer, and the
  person's key press is applied the moment it arrives.

So the simulator plays exactly the game a person plays at the default pace.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from typing import Any

from uno_cli.bots.base import Bot
from uno_cli.engine import IN_TURN_PHASES, Action, Event, Game, Phase
from uno_cli.engine.actions import ACCEPT, ANSWER, CATCH, DRAW, JUMP_IN, PASS, PLAY, UNO
from uno_cli.engine.cards import BEEP
from uno_cli.engine.errors import IllegalAction

__all__ = [
    "ANSWER_TIME", "DEFAULT_PACE", "RACE_WINDOW", "Entry", "Offer", "Referee", "Wait", "bot_rng",
]

#: Seconds a bot takes to play in its turn, unless the player sets another pace.
DEFAULT_PACE = 2.0
#: While a person may act out of turn, a bot's turn waits at least this long.
RACE_WINDOW = 2.0
#: Virtual seconds a scripted seat takes to answer (script mode).
ANSWER_TIME = 1.0

_STOPPED = (Phase.HAND_OVER, Phase.MATCH_OVER, Phase.SETUP)
# Order of entries at the same moment: a person, then a bot's turn, then a bot's race.
_PERSON, _TURN, _RACE = 0, 1, 2


def _entry_key(entry: Entry) -> tuple[float, int, int]:
    return (entry.time, entry.order, entry.seat)


def bot_rng(seed: int, seat: int) -> random.Random:
    """The generator of the bot in ``seat`` of a game played with ``seed``."""
    return random.Random(seed * 1009 + seat * 7919 + 1)


@dataclass(frozen=True)
class Offer:
    """A bot's wish to take ``action`` ``delay`` seconds after the state ``version``."""

    delay: float
    seat: int
    action: Action
    version: int
    in_turn: bool = False
    hand: int = 0
    """The hand number the offer was made in (``version`` does not change between hands)."""


@dataclass(frozen=True)
class Wait:
    """What the game waits for: ``seat`` must answer (``turn``) or may race (``race``)."""

    seat: int
    kind: str


@dataclass(frozen=True)
class Entry:
    """One thing that happens ``time`` seconds after the last change, if nothing comes first."""

    time: float
    order: int
    seat: int
    offer: Offer | None = None
    """A bot's offer, or None for a person's answer (virtual time only)."""
    wait: Wait | None = None
    """What a person is asked, for a person's entry."""


def race_chances(game: Game, seat: int) -> list[Action]:
    """Out-of-turn actions worth stopping for: catch, jump-in, sequence, a forgotten UNO."""
    out = []
    for a in game.legal_actions(seat):
        kind = a.kind
        if kind == CATCH or kind == JUMP_IN:
            out.append(a)
        elif kind == UNO and game.uno_open == seat:
            out.append(a)
        elif kind == PLAY and seat != game.current and a.card != BEEP:
            out.append(a)
    return out


def fallback(legal: list[Action]) -> Action:
    """What a bot that failed to choose does in its turn: draw, pass or take the penalty."""
    for kind in (DRAW, PASS, ACCEPT):
        for a in legal:
            if a.kind == kind:
                return a
    return legal[0]


def _reaction(bot: Any) -> float:
    try:
        return round(float(bot.reaction_time()), 3)
    except Exception:  # noqa: BLE001 - a broken bot races slowly
        return 1.5


class Referee:
    """A game with its bots, run on the race rule (no text, no I/O).

    ``controlled`` are the seats of people (or a script); every other seat in ``bots``.
    ``on_events(action, events)`` is called after every change (``action`` None for a new
    hand); ``on_decision(seat, game, bot)`` before a bot is asked to choose;
    ``remember_states`` keeps the bots' states from before they choose, for saving.
    """

    def __init__(
        self,
        game: Game,
        bots: dict[int, Any],
        controlled: Collection[int] = (),
        *,
        pace: float = DEFAULT_PACE,
        race_window: float = RACE_WINDOW,
        auto_next_hand: bool = True,
        on_events: Callable[[Action | None, list[Event]], None] | None = None,
        on_decision: Callable[[int, Game, Any], None] | None = None,
        remember_states: bool = False,
    ) -> None:
        self.game = game
        self.bots = bots
        self.controlled = frozenset(controlled)
        self.pace = pace
        self.race_window = race_window
        #: Seconds a person has to act in real time (0: no limit); then :func:`fallback` is played.
        self.think_time = 0.0
        #: Real time only: seconds after the latest change until the person has heard it (set by
        #: the driver from the speech clock); every entry then counts from that moment.
        self.heard_delay = 0.0
        self.auto_next_hand = auto_next_hand
        self.on_events = on_events
        self.on_decision = on_decision
        #: Keep the bots' states from before each choice, for saving (see saved_bot_states).
        self.remember_states = remember_states
        # (stamp, offers, the bots' states from just before they chose them).
        self._offers: tuple[tuple[int, int, str], list[Offer], dict[int, dict[str, Any]]] | None = None
        self._waived: set[tuple[int, int, int]] = set()
        self._seats = sorted(bots.items())
        # Only bots that look at events are told them (RandomBot does not).
        self._observers = [
            bot for _seat, bot in self._seats if getattr(type(bot), "observe", Bot.observe) is not Bot.observe
        ]
        # Bots that choose from the legal list alone get no view built for them.
        self._legal_only = frozenset(seat for seat, bot in self._seats if not getattr(bot, "needs_view", True))

    # ------------------------------------------------------------------ changes

    def tell_bots(self, events: list[Event]) -> None:
        """Let every bot see the events (as its seat may)."""
        for bot in self._observers:
            try:
                bot.observe(events)
            except Exception:  # noqa: BLE001 - a bot must never stop the game
                pass

    def _changed(self, action: Action | None, events: list[Event]) -> None:
        self._offers = None
        self.tell_bots(events)
        if self.on_events is not None:
            self.on_events(action, events)

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` (raises IllegalAction, nothing changed) and deal on if the hand ended."""
        events = self.game.apply(action)
        self._changed(action, events)
        g = self.game
        if g.phase == Phase.HAND_OVER and self.auto_next_hand:
            more = g.start_hand()
            self._changed(None, more)
            events = events + more
        return events

    def deal(self, events: list[Event]) -> None:
        """Report events made outside :meth:`apply` (the start of the match, a new hand)."""
        self._changed(None, events)

    def fire(self, offer: Offer) -> bool:
        """Apply a bot's offer if the game has not changed since; True if applied."""
        g = self.game
        if offer.version != g.version or offer.hand != g.hand_number:
            return False
        try:
            self.apply(offer.action)
        except IllegalAction:
            return False
        return True

    def waive(self, seat: int) -> None:
        """``seat`` lets the current race chance go by."""
        g = self.game
        self._waived.add((g.version, g.hand_number, seat))

    # ------------------------------------------------------------------ who may act

    def prompt_seat(self) -> int | None:
        """The controlled seat that must act now (turn, colour, Beep answer), or None."""
        g = self.game
        if g.phase == Phase.BEEP_RACE:
            for s in g.beep_waiting:
                if s in self.controlled:
                    return s
            return None
        if g.phase in IN_TURN_PHASES and g.current in self.controlled:
            return g.current
        return None

    def race_chances(self, seat: int) -> list[Action]:
        """Out-of-turn actions of ``seat`` worth stopping for."""
        return race_chances(self.game, seat)

    def race_open(self) -> bool:
        """True while a controlled seat could act out of turn."""
        return any(race_chances(self.game, s) for s in self.controlled)

    # ------------------------------------------------------------------ the bots

    def offers(self) -> list[Offer]:
        """What the bots want to do now, with their delays (the same until the game changes)."""
        g = self.game
        stamp = (g.version, g.hand_number, g.phase)
        cached = self._offers
        if cached is not None and cached[0] == stamp:
            return cached[1]
        offers: list[Offer] = []
        before: dict[int, dict[str, Any]] = {}
        if g.phase not in _STOPPED:
            if self.remember_states:
                before = self.bot_states()
            in_turn_phase = g.phase in IN_TURN_PHASES
            beep = g.phase == Phase.BEEP_RACE
            bots = self.bots
            for seat in g.actors():
                bot = bots.get(seat)
                if bot is None:
                    continue
                legal = g.legal_actions(seat)
                in_turn = in_turn_phase and g.current == seat
                if self.on_decision is not None:
                    self.on_decision(seat, g, bot)
                try:
                    if seat in self._legal_only:
                        # Chosen from the legal list itself: nothing to check.
                        action = bot.choose_legal(legal, in_turn or (beep and seat in g.beep_waiting))
                    else:
                        action = bot.choose(g.view(seat))
                        if action is not None and not g.is_legal(action):
                            action = None
                except Exception:  # noqa: BLE001 - a broken bot plays safe
                    action = None
                if in_turn:
                    offers.append(Offer(self.pace, seat, action or fallback(legal), g.version, True, g.hand_number))
                    continue
                if action is None and beep and any(a.kind == ANSWER for a in legal):
                    action = Action(ANSWER, seat)  # everyone must answer a Beep, bots too
                if action is not None:
                    offers.append(Offer(_reaction(bot), seat, action, g.version, False, g.hand_number))
        self._offers = (stamp, offers, before)
        return offers

    def bot_states(self) -> dict[int, dict[str, Any]]:
        """What each bot remembers, with its generator (saved with the game)."""
        return {seat: bot.state() for seat, bot in self._seats if hasattr(bot, "state")}

    def saved_bot_states(self) -> dict[int, dict[str, Any]]:
        """The bots' states to save: from before they chose for this moment, if they did.

        A resumed game then asks them again and they make the same choices.
        """
        g = self.game
        cached = self._offers
        if cached is not None and cached[0] == (g.version, g.hand_number, g.phase) and cached[2]:
            return cached[2]
        return self.bot_states()

    # ------------------------------------------------------------------ the clock

    def schedule(self, virtual: bool = True) -> list[Entry]:
        """What happens next, earliest first, if nothing else comes first.

        In virtual time a scripted seat's answer is an entry at :data:`ANSWER_TIME`; in
        real time people are not scheduled (their keys arrive when they arrive).
        """
        g = self.game
        offers = self.offers()
        entries: list[Entry] = []
        turn_time = self.pace
        if self.controlled and any(o.in_turn for o in offers) and self.race_open():
            turn_time = max(self.pace, self.race_window)
        for o in offers:
            if o.in_turn:
                entries.append(Entry(turn_time, _TURN, o.seat, o))
            else:
                entries.append(Entry(o.delay, _RACE, o.seat, o))
        if not virtual and self.think_time > 0 and g.phase not in _STOPPED:
            seat = self.prompt_seat()
            if seat is not None:
                # The thinking time: the safe default a silent bot gets, played for the person.
                action = fallback(g.legal_actions(seat))
                offer = Offer(self.think_time, seat, action, g.version, True, g.hand_number)
                entries.append(Entry(self.think_time, _PERSON, seat, offer, Wait(seat, "turn")))
        if virtual and self.controlled and g.phase not in _STOPPED:
            seat = self.prompt_seat()
            if seat is not None:
                entries.append(Entry(ANSWER_TIME, _PERSON, seat, None, Wait(seat, "turn")))
            else:
                for s in sorted(self.controlled):
                    if (g.version, g.hand_number, s) not in self._waived and race_chances(g, s):
                        entries.append(Entry(ANSWER_TIME, _PERSON, s, None, Wait(s, "race")))
                        break
        if not virtual and self.heard_delay > 0:
            # The listener's clock: nobody acts on a change before the person has heard it.
            entries = [replace(e, time=e.time + self.heard_delay) for e in entries]
        if len(entries) > 1:
            entries.sort(key=_entry_key)
        return entries

    def advance(self, limit: int = 100_000) -> Wait | None:
        """Virtual time: let bots act until a controlled seat is awaited (None: match over).

        Also None when ``limit`` actions went by without that (an endless game) or when the
        hand is over and hands are not dealt on automatically.
        """
        g = self.game
        for _ in range(limit):
            if g.is_over:
                return None
            if g.phase == Phase.HAND_OVER:
                if not self.auto_next_hand:
                    return None
                self.deal(g.start_hand())
                continue
            if not self.controlled:
                offers = self.offers()
                if len(offers) == 1:
                    # One bot alone may act, and nobody is awaited: it comes first, whenever.
                    if not self.fire(offers[0]):
                        self._offers = None
                    continue
            entries = self.schedule(virtual=True)
            if not entries:
                return None
            first = entries[0]
            if first.wait is not None:
                return first.wait
            assert first.offer is not None
            if not self.fire(first.offer):
                self._offers = None
        return None
