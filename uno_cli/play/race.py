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
- **real time** (the interactive game and the network tables, :mod:`uno_cli.play.driver`): each
  bot's entry is put on a timer, and a person's key press is applied the moment it arrives.

So the simulator plays exactly the game a person plays at the default pace.

The referee is also the one place that says who is awaited (:meth:`Referee.awaited`), what
counts as a race (:func:`is_race`) and what a seat that let its time run out does
(:func:`default_action`). Its common case, one bot alone may act, asks that bot and applies
its answer without timing anything.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any, Final

from uno_cli.bots.base import Bot
from uno_cli.engine import Action, Event, Game, View
from uno_cli.engine.game import BEEP_RACE, HAND_OVER, IN_TURN_PHASES, MATCH_OVER, SETUP
from uno_cli.engine.actions import ACCEPT, ANSWER, CATCH, COLOR, DRAW, JUMP_IN, PASS, PLAY, UNO
from uno_cli.engine.cards import BEEP
from uno_cli.engine.errors import IllegalAction
from uno_cli.engine.seats import Seat

__all__ = [
    "ANSWER_TIME", "DEFAULT_PACE", "RACE_WINDOW", "Entry", "Offer", "Referee", "Wait", "bot_rng",
    "default_action", "is_race", "race_chances",
]

#: Seconds a bot takes to play in its turn, unless the player sets another pace.
DEFAULT_PACE: Final = 2.0
#: While a person may act out of turn, a bot's turn waits at least this long.
RACE_WINDOW: Final = 2.0
#: Virtual seconds a scripted seat takes to answer (script mode).
ANSWER_TIME: Final = 1.0

# Module constants (an enum member read from its class costs a metaclass lookup every time),
# Final: compiled with mypyc, each is a C variable, not a lookup by name.
_STOPPED: Final = (HAND_OVER, MATCH_OVER, SETUP)
# Order of entries at the same moment: a person, then a bot's turn, then a bot's race.
_PERSON: Final = 0
_TURN: Final = 1
_RACE: Final = 2
_BEEP_RACE: Final = BEEP_RACE
_HAND_OVER: Final = HAND_OVER
_MATCH_OVER: Final = MATCH_OVER


def _entry_key(entry: Entry) -> tuple[float, int, int]:
    return (entry.time, entry.order, entry.seat)


def bot_rng(seed: int, seat: Seat) -> random.Random:
    """The generator of the bot in ``seat`` of a game played with ``seed``."""
    return random.Random(seed * 1009 + seat * 7919 + 1)


class Offer:
    """A bot's wish to take ``action`` ``delay`` seconds after the state ``version``."""

    # A plain slotted class: one is made for every bot asked, every change.
    __slots__ = ("delay", "seat", "action", "version", "in_turn", "hand")

    def __init__(self, delay: float, seat: Seat, action: Action, version: int, in_turn: bool = False,
                 hand: int = 0) -> None:
        self.delay = delay
        self.seat = seat
        self.action = action
        self.version = version
        self.in_turn = in_turn
        #: The hand number the offer was made in (``version`` does not change between hands).
        self.hand = hand

    def _key(self) -> tuple[Any, ...]:
        return (self.delay, self.seat, self.action, self.version, self.in_turn, self.hand)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Offer) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return "Offer(delay=%r, seat=%r, action=%r, version=%r, in_turn=%r, hand=%r)" % self._key()


@dataclass(frozen=True)
class Wait:
    """What the game waits for: ``seat`` must answer (``turn``) or may race (``race``)."""

    seat: Seat
    kind: str


class Entry:
    """One thing that happens ``time`` seconds after the last change, if nothing comes first."""

    __slots__ = ("time", "order", "seat", "offer", "wait")

    def __init__(self, time: float, order: int, seat: Seat, offer: Offer | None = None,
                 wait: Wait | None = None) -> None:
        self.time = time
        self.order = order
        self.seat = seat
        #: A bot's offer, or None for a person's answer (virtual time only).
        self.offer = offer
        #: What a person is asked, for a person's entry.
        self.wait = wait

    def _key(self) -> tuple[Any, ...]:
        return (self.time, self.order, self.seat, self.offer, self.wait)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # equal by value, and not frozen

    def __repr__(self) -> str:
        return f"Entry({self.time!r}, {self.order!r}, {self.seat!r}, {self.offer!r}, {self.wait!r})"


def is_race(game: Game, action: Action) -> bool:
    """True if ``action`` (legal now) is a race: a catch, a jump-in, a sequence card, a forgotten UNO.

    A race is an out-of-turn action that only the quickest gets to make; a Beep answer is
    owed by everyone and is not one.
    """
    kind = action.kind
    if kind == CATCH or kind == JUMP_IN:
        return True
    if kind == UNO:
        return game.uno_open == action.seat
    return kind == PLAY and action.seat != game.current and action.card != BEEP


def race_chances(game: Game, seat: Seat) -> list[Action]:
    """Out-of-turn actions of ``seat`` worth stopping for (the legal ones that are races)."""
    return [a for a in game.legal_actions(seat) if is_race(game, a)]


def default_action(view: View) -> Action | None:
    """What a seat that did not choose does (a silent or broken bot, a program's fault, a
    person's thinking time run out): answer a Beep; in turn take the penalty, name the first
    colour, keep a drawn card, draw, else play; out of turn nothing (None)."""
    legal = view.legal
    if not legal:
        return None
    kinds = {a.kind: a for a in reversed(legal)}
    if ANSWER in kinds:
        return kinds[ANSWER]
    if not view.must_act:
        return None
    for kind in (ACCEPT, COLOR, PASS, DRAW):
        if kind in kinds:
            return kinds[kind]
    for action in legal:
        if action.kind == PLAY:
            return action
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
    ``remember_states`` keeps the bots' states from before they choose, for saving, in the
    states where the game can stop (see :meth:`saved_bot_states`).
    """

    def __init__(
        self,
        game: Game,
        bots: dict[Seat, Any],
        controlled: Collection[Seat] = (),
        *,
        pace: float = DEFAULT_PACE,
        race_window: float = RACE_WINDOW,
        auto_next_hand: bool = True,
        on_events: Callable[[Action | None, list[Event]], None] | None = None,
        on_decision: Callable[[Seat, Game, Any], None] | None = None,
        remember_states: bool = False,
    ) -> None:
        self.game = game
        self.bots = bots
        self.controlled = frozenset(controlled)
        self.pace = pace
        self.race_window = race_window
        #: Seconds a person has to act in real time (0: no limit); then :func:`default_action` is played.
        self.think_time = 0.0
        #: Real time only: seconds from a change to when the person has heard it; every bot's
        #: entry counts from then (virtual time has no listener: 0 there).
        self.heard_delay = 0.0
        self.auto_next_hand = auto_next_hand
        self.on_events = on_events
        self.on_decision = on_decision
        #: Keep the bots' states from before each choice, for saving (see saved_bot_states).
        self.remember_states = remember_states
        # (stamp, offers, the bots' states from just before they chose them, or {}).
        self._offers: tuple[tuple[int, int, str], list[Offer], dict[int, dict[str, Any]]] | None = None
        self._waived: set[tuple[int, int, int]] = set()
        self._seats: list[tuple[int, Any]] = []
        self._observers: list[Any] = []
        self._legal_only: frozenset[int] = frozenset()
        self._policies: dict[int, Callable[..., Action | None]] = {}
        self._index_bots()

    def _index_bots(self) -> None:
        self._seats = sorted(self.bots.items())
        # Only bots that look at events are told them (RandomBot does not).
        self._observers = [
            bot for _seat, bot in self._seats if getattr(type(bot), "observe", Bot.observe) is not Bot.observe
        ]
        # Bots that choose from the legal list alone get no view built for them.
        self._legal_only = frozenset(seat for seat, bot in self._seats if not getattr(bot, "needs_view", True))
        # Of those, the ones whose choice is a policy function: called directly (Bot.policy).
        self._policies = {seat: policy for seat, bot in self._seats
                          if seat in self._legal_only and (policy := getattr(type(bot), "policy", None)) is not None
                          and type(bot).choose_legal is Bot.choose_legal}

    @property
    def observed(self) -> bool:
        """True if some bot looks at the events (so the game must make them)."""
        return bool(self._observers)

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
        if self._observers:
            self.tell_bots(events)
        if self.on_events is not None:
            self.on_events(action, events)

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` (raises IllegalAction, nothing changed) and deal on if the hand ended."""
        g = self.game
        events = g.apply(action)
        self._changed(action, events)
        if g.phase == _HAND_OVER and self.auto_next_hand:
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

    def waive(self, seat: Seat) -> None:
        """``seat`` lets the current race chance go by."""
        g = self.game
        self._waived.add((g.version, g.hand_number, seat))

    def waived(self, seat: Seat) -> bool:
        """True if ``seat`` let the current race chance go by."""
        g = self.game
        return (g.version, g.hand_number, seat) in self._waived

    # ------------------------------------------------------------------ who may act

    def awaited(self) -> Seat | None:
        """The controlled seat the game waits for now (its turn, a colour, a Beep answer), or None.

        The first such seat in the engine's order (:meth:`Game.awaited`).
        """
        for s in self.game.awaited():
            if s in self.controlled:
                return s
        return None

    def prompt_seat(self) -> Seat | None:
        """The controlled seat that must act now: :meth:`awaited` (the older name)."""
        return self.awaited()

    def must_act(self, seat: Seat) -> bool:
        """True if the game waits for ``seat`` (controlled or not)."""
        return seat in self.game.awaited()

    def is_race(self, action: Action) -> bool:
        """True if ``action`` is a race now (see :func:`is_race`)."""
        return is_race(self.game, action)

    def race_chances(self, seat: Seat) -> list[Action]:
        """Out-of-turn actions of ``seat`` worth stopping for."""
        return race_chances(self.game, seat)

    def may_race(self, seat: Seat) -> bool:
        """True if ``seat`` has a race chance now that it has not let go by."""
        return not self.waived(seat) and bool(race_chances(self.game, seat))

    def race_open(self) -> bool:
        """True while a controlled seat could act out of turn."""
        g = self.game
        return any(race_chances(g, s) for s in self.controlled)

    def default_action(self, seat: Seat) -> Action | None:
        """What ``seat`` does when it does not choose (:func:`default_action` of its view)."""
        return default_action(self.game.view(seat))

    # ------------------------------------------------------------------ the bots

    def _decide(self, g: Game, seat: Seat, bot: Any, in_turn: bool, beep: bool) -> Action | None:
        """The bot's choice for ``seat`` in game ``g``: legal, or None."""
        if self.on_decision is not None:
            self.on_decision(seat, g, bot)
        try:
            if seat in self._legal_only:
                # Chosen from the legal list itself: nothing to check.
                legal, owed = g.legal_actions(seat), in_turn or (beep and seat in g.beep_waiting)
                policy = self._policies.get(seat)
                if policy is not None:
                    return policy(bot.rng, legal, seat, owed)  # Bot.choose_legal without the method call
                return bot.choose_legal(legal, owed)
            action = bot.choose(g.view(seat))
            if action is not None and not g.is_legal(action):
                return None
            return action
        except Exception:  # noqa: BLE001 - a broken bot plays safe
            return None

    def _ask(self, g: Game, bots: dict[Seat, Any] | None = None) -> list[Offer]:
        """Every bot that may act in ``g`` says what it wants to do (in seat order).

        ``bots``: the bots to ask (copies, on a worker thread); by default the referee's own.
        """
        offers: list[Offer] = []
        in_turn_phase = g.phase in IN_TURN_PHASES
        beep = g.phase == _BEEP_RACE
        if bots is None:
            bots = self.bots
        version, hand = g.version, g.hand_number
        for seat in g.actors():
            bot = bots.get(seat)
            if bot is None:
                continue
            in_turn = in_turn_phase and g.current == seat
            action = self._decide(g, seat, bot, in_turn, beep)
            if in_turn:
                offers.append(Offer(self.pace, seat, action or default_action(g.view(seat)),  # type: ignore[arg-type]
                                    version, True, hand))
                continue
            if action is None and beep:
                # Everyone must answer a Beep, bots too (the default answers it).
                action = default_action(g.view(seat))
            if action is not None:
                offers.append(Offer(_reaction(bot), seat, action, version, False, hand))
        return offers

    def _stamp(self) -> tuple[int, int, str]:
        g = self.game
        return (g.version, g.hand_number, g.phase)

    def offers(self, remember: bool | None = None) -> list[Offer]:
        """What the bots want to do now, with their delays (the same until the game changes).

        ``remember`` (default: ``remember_states``) keeps the bots' states from before they
        choose, for :meth:`saved_bot_states`.
        """
        stamp = self._stamp()
        cached = self._offers
        if cached is not None and cached[0] == stamp:
            return cached[1]
        before: dict[int, dict[str, Any]] = {}
        offers: list[Offer] = []
        if self.game.phase not in _STOPPED:
            if self.remember_states if remember is None else remember:
                before = self.bot_states()
            offers = self._ask(self.game)
        self._offers = (stamp, offers, before)
        return offers

    def offers_known(self) -> bool:
        """True if the bots were asked since the last change (:meth:`offers` costs nothing now)."""
        cached = self._offers
        return cached is not None and cached[0] == self._stamp()

    def offers_job(self) -> Callable[[], tuple[Any, ...]]:
        """Made on the thread that owns the game: a job for a worker thread that asks the bots
        on copies of the game and of the bots that may act (made here, so the worker never
        reads the live game, nor a bot's memory while it is told a move); give its result to
        :meth:`keep_offers` on the owning thread. Raises what copying a bot raises (a bot
        that cannot be copied is asked on the owning thread: :meth:`offers`)."""
        stamp = self._stamp()
        snapshot = self.game.copy()
        before = self.bot_states() if self.remember_states else {}
        stopped = snapshot.phase in _STOPPED
        bots: dict[Seat, Any] = {} if stopped else {s: copy.deepcopy(self.bots[s]) for s in snapshot.actors() if s in self.bots}

        def job() -> tuple[Any, ...]:
            offers = [] if stopped else self._ask(snapshot, bots)
            return (stamp, offers, before, bots)

        return job

    def keep_offers(self, result: tuple[Any, ...]) -> bool:
        """Keep offers a worker made (:meth:`offers_job`) if the game has not changed since; True if kept.

        The bots' copies that chose them take the place of the bots (they remember the choice
        and drew from their generators); a stale result is dropped with its copies.
        """
        if result[0] != self._stamp():
            return False
        self._offers = (result[0], result[1], result[2])
        chose = result[3] if len(result) > 3 else {}
        if chose:
            self.bots.update(chose)
            self._index_bots()
        return True

    def choice(self, seat: Seat, bot: Any) -> Action | None:
        """What ``bot`` plays for ``seat`` now (a stand-in for a person away or too slow): its
        choice if legal, else :func:`default_action`."""
        g = self.game
        in_turn = g.phase in IN_TURN_PHASES and g.current == seat
        action = self._decide(g, seat, bot, in_turn, g.phase == _BEEP_RACE)
        return action if action is not None else default_action(g.view(seat))

    def bot_states(self) -> dict[int, dict[str, Any]]:
        """What each bot remembers, with its generator (saved with the game)."""
        return {seat: bot.state() for seat, bot in self._seats if hasattr(bot, "state")}

    def saved_bot_states(self) -> dict[int, dict[str, Any]]:
        """The bots' states to save: from before they chose for this moment, if they did.

        A resumed game then asks them again and they make the same choices. The states are
        kept only where a game can stop (a person awaited or racing, or real time): in
        between, nobody can save.
        """
        cached = self._offers
        if cached is not None and cached[0] == self._stamp() and cached[2]:
            return cached[2]
        return self.bot_states()

    # ------------------------------------------------------------------ the clock

    def _person_entry(self) -> Entry | None:
        """Virtual time: the scripted seat asked now (its turn, else its first race chance), or None."""
        g = self.game
        if not self.controlled or g.phase in _STOPPED:
            return None
        seat = self.awaited()
        if seat is not None:
            return Entry(ANSWER_TIME, _PERSON, seat, None, Wait(seat, "turn"))
        for s in sorted(self.controlled):
            if (g.version, g.hand_number, s) not in self._waived and race_chances(g, s):
                return Entry(ANSWER_TIME, _PERSON, s, None, Wait(s, "race"))
        return None

    def schedule(self, virtual: bool = True) -> list[Entry]:
        """What happens next, earliest first, if nothing else comes first.

        In virtual time a scripted seat's answer is an entry at :data:`ANSWER_TIME`; in
        real time people are not scheduled (their keys arrive when they arrive), and every
        entry (the bots', the thinking time's) counts from when the person heard the change
        (:attr:`heard_delay`): the one place that offset is added.
        """
        g = self.game
        person = self._person_entry() if virtual else None
        # Saving is possible only where the game stops for a person (or in real time).
        offers = self.offers(self.remember_states and (person is not None or not virtual))
        entries: list[Entry] = []
        turn_time = self.pace
        if self.controlled and any(o.in_turn for o in offers) and self.race_open():
            turn_time = max(self.pace, self.race_window)
        shift = 0.0 if virtual else self.heard_delay
        for o in offers:
            if o.in_turn:
                entries.append(Entry(turn_time + shift, _TURN, o.seat, o))
            else:
                entries.append(Entry(o.delay + shift, _RACE, o.seat, o))
        if not virtual and self.think_time > 0 and g.phase not in _STOPPED:
            seat = self.awaited()
            if seat is not None:
                # The thinking time: the safe default a silent bot gets, played for the person.
                action = default_action(g.view(seat))
                if action is not None:
                    # Thinking time counts from when the person heard the change, too.
                    offer = Offer(self.think_time, seat, action, g.version, True, g.hand_number)
                    entries.append(Entry(self.think_time + shift, _PERSON, seat, offer, Wait(seat, "turn")))
        if person is not None:
            entries.append(person)
        if len(entries) > 1:
            entries.sort(key=_entry_key)
        return entries

    def advance(self, limit: int = 100_000) -> Wait | None:
        """Virtual time: let bots act until a controlled seat is awaited (None: match over).

        Also None when ``limit`` actions went by without that (an endless game) or when the
        hand is over and hands are not dealt on automatically.
        """
        g = self.game
        policies, on_decision, bots = self._policies, self.on_decision, self.bots
        for _ in range(limit):
            phase = g.phase
            if phase == _MATCH_OVER:
                return None
            if phase == _HAND_OVER:
                if not self.auto_next_hand:
                    return None
                self.deal(g.start_hand())
                continue
            if not self.controlled:
                # The turn holder alone may act and a bot plays it: every simulated action, nearly.
                seat = g.current
                if phase in IN_TURN_PHASES and seat in bots and not g.out_of_turn_seats():
                    # One bot alone may act, and nobody is awaited: it comes first, whenever,
                    # so nothing is timed (the same choice offers() would get).
                    policy = policies.get(seat) if on_decision is None else None
                    if policy is not None:
                        # Bot.choose_legal without the method call: its policy with its generator.
                        try:
                            action = policy(bots[seat].rng, g.legal_actions(seat), seat, True)
                        except Exception:  # noqa: BLE001 - a broken bot plays safe
                            action = None
                    else:
                        action = self._decide(g, seat, bots[seat], True, False)
                    if action is None:
                        action = default_action(g.view(seat))
                    # self.apply(action), inline; a finished hand is dealt on at the loop's top.
                    self._changed(action, g.apply(action))  # type: ignore[arg-type]
                    continue
                offers = self.offers(False)  # nobody to wait for: the game cannot stop here
                if len(offers) == 1:
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
