"""A game being played: the engine, who sits where, names, bots, races, saving.

Shared by script mode (``uno_cli.play.script``), the interactive game and network tables. The
engine stays the only judge of what is legal. A session is three objects that hold one another,
each in its own module, with public methods a server, script mode and the interactive game use:
the :class:`Match` (here: the session itself: the game, seats, referee, ``settle()`` after a
change, saving, summaries), its :class:`~uno_cli.play.narrator.Narrator` (``session.narrator``,
:mod:`uno_cli.play.narrator`: engine events into :class:`~uno_cli.play.narrator.Message` objects
for an output callback) and its :class:`~uno_cli.play.dispatcher.Dispatcher`
(``session.dispatcher``, :mod:`uno_cli.play.dispatcher`: typed command lines into engine
actions). ``Session`` is the name callers build a match by.

API (stable)
------------

``Session(config, output=None, viewer=AUTO, auto_next_hand=True)``
    ``config`` is a :class:`~uno_cli.play.playconfig.PlayConfig`. ``output`` is called with
    every :class:`~uno_cli.play.narrator.Message`. ``viewer`` is the seat whose point of view
    the text takes ("You play ...", own draws); by default the only human/script seat, else None.
    Raises InvalidSetup / OSError for a bad ``--setup`` / ``--resume`` file.
``session.start()``
    Deal (or, for a setup or a save, announce the state) and emit the first messages.
``session.game``, ``session.names``, ``session.seats`` (SeatSpec list), ``session.bots``
    (seat -> Bot), ``session.narrator.viewer``, ``session.controlled(seat)`` (human or script).
``session.apply(action) -> list[Event]``
    Apply an engine action (raises IllegalAction, nothing changed), tell the bots, emit
    the messages, start the next hand when ``auto_next_hand``.
``session.dispatcher.handle_line(text, seat) -> LineResult``
    Parse and carry out one command line for ``seat`` (``@N`` overrides it). Errors and
    read-only answers are emitted as messages; the game is unchanged on error.
``session.prompt_seat()`` / ``session.legal_commands(seat)``
    The controlled seat that must act now (turn, colour, Beep answer) or None; the
    canonical commands legal for a seat now (what a prompt lists).
``session.referee``
    The game with its bots on the one race clock (:class:`uno_cli.play.race.Referee`):
    ``referee.schedule()`` says who acts first, ``referee.advance()`` runs virtual time.
``session.bot_offers()``, ``session.fire(offer)``, ``session.advance() -> Wait | None``
    The referee's offers, firing an offer, and virtual time (see docs/protocol.md, "Races
    in virtual time").
``session.save(path)``, ``session.save_dict()``, ``session.autosave`` (a callable taking
    the save dict, called after every change, or None). ``save FILE`` typed by a player goes
    through :func:`uno_cli.play.savefile.write_typed` (no clobbering, links or special files).
    A save or setup file is read by :mod:`uno_cli.play.savefile` (``read_save``, ``file_seats``,
    ``file_names``, ``file_bots``).
``session.hand_text(seat)``, ``status_text(seat)``, ``scores_text(seat)``, ``counts_text(seat)``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable

from uno_cli.engine import state_io
from uno_cli.engine.actions import Action
from uno_cli.engine.events import Event
from uno_cli.engine.game import IN_TURN_PHASES, Game, Phase
from uno_cli.engine.seats import Seat, all_seats, seat_number
from uno_cli.play.commands import action_to_command, localize_command
from uno_cli.play.dispatcher import Dispatcher
from uno_cli.play.narrator import Message, Narrator
from uno_cli.play.playconfig import BOT, COMMAND, HUMAN, SCRIPT, PlayConfig, SeatSpec
from uno_cli.play.race import DEFAULT_PACE, Offer, Referee, Wait, bot_rng
from uno_cli.play.savefile import file_bots, file_names, file_seats, read_save
from uno_cli.words import describe as d
from uno_cli.words import messagetypes as mt
from uno_cli.words.names import bot_name, clean_name, player_name, you

__all__ = ["AUTO", "Match", "Offer", "Session", "Wait", "default_names", "distinct_names"]

AUTO = object()


def default_names(seats: list[SeatSpec]) -> list[str]:
    """Names for seats without one: "You" for the only person, bot names, "Player N".

    "You" only when one seat alone is played from here and it is a person's: with several
    (a script beside a person), the text is told to an onlooker and "You" would read as a
    name ("You draws a card").
    """
    people = [i for i, s in enumerate(seats) if s.kind in (HUMAN, SCRIPT)]
    names = []
    b = 0
    for seat, spec in enumerate(seats):
        if spec.kind == HUMAN and len(people) == 1:
            names.append(you())
        elif spec.kind in (BOT, COMMAND):
            names.append(bot_name(b))
            b += 1
        else:
            names.append(player_name(seat_number(seat)))
    return names


def distinct_names(given: list[str], defaults: list[str]) -> list[str]:
    """``given`` names ("" for none) completed by ``defaults``; a default never repeats a given name."""
    taken = {name for name in given if name}
    out = []
    for i, name in enumerate(given):
        if not name:
            name = defaults[i]
            number = i + 1
            while name in taken:
                name = player_name(number)
                number += 1
        taken.add(name)
        out.append(name)
    return out


def _make_bot(spec: SeatSpec, seat: Seat, rng: random.Random, names: list[str]) -> Any:
    if spec.kind == COMMAND:
        from uno_cli.play.external import ExternalBot

        return ExternalBot(seat, rng, spec.command, names=names, reaction=spec.reaction)
    from uno_cli.bots import make_bot

    return make_bot(spec.level or "normal", seat, rng)


class Match:
    """The game of a session: the engine, who sits where, names, bots, the referee, saving.

    It holds its :class:`Narrator` (``narrator``: what the match's events say, to whom) and
    its :class:`Dispatcher` (``dispatcher``: the command lines typed for its seats).
    """

    def __init__(
        self,
        config: PlayConfig,
        output: Callable[[Message], None] | None = None,
        viewer: Any = AUTO,
        auto_next_hand: bool = True,
        script_kind: str = SCRIPT,
    ) -> None:
        self.config = config
        self.help_skip: frozenset[str] = frozenset()
        """Verbs the help leaves out because they do not work here (a network table sets them)."""
        self.seat_prefix = True
        """Whether a line may act for another seat with ``@N`` (not at a network table)."""
        self.auto_next_hand = auto_next_hand
        self.autosave: Callable[[dict[str, Any]], Any] | None = None
        seed = config.seed if config.seed is not None else random.SystemRandom().randrange(1 << 31)
        self.seed = seed
        seats = list(config.seats)
        names: list[Any] = list(config.names)
        source = config.resume or config.setup
        self.from_file = source is not None
        #: Seats a file gave to an outside program, played by a normal bot instead (interactive).
        self.replaced_programs: list[Seat] = []
        bot_states: dict[int, dict[str, Any]] = {}
        if source is not None:
            data = read_save(source)
            self.game = state_io.from_dict(data, seed=seed, base=config.options)
            players = self.game.players
            seats, self.replaced_programs = file_seats(data, seats, players, script_kind)
            saved_names = file_names(data, players)
            if not names:
                names = saved_names
            bot_states = file_bots(data, players)
        else:
            self.game = Game(config.players, config.options, seed)
        n = self.game.players
        while len(seats) < n:
            seats.append(SeatSpec(script_kind))
        self.seats = seats[:n]
        # Every name, from any source, is cleaned before anyone sees or hears it.
        self.names = distinct_names([clean_name(names[i] if i < len(names) else None, "") for i in range(n)],
                                    default_names(self.seats))
        self.bots: dict[Seat, Any] = {}
        for seat, spec in zip(all_seats(n), self.seats):
            if spec.kind in (BOT, COMMAND):
                self.bots[seat] = _make_bot(spec, seat, bot_rng(seed, seat), self.names)
        for at, state in bot_states.items():
            bot = self.bots.get(Seat(at))
            if bot is not None and hasattr(bot, "restore"):
                try:
                    bot.restore(state)
                except Exception:  # noqa: BLE001 - a memory that does not fit is forgotten
                    pass
        ctrl = [s for s in all_seats(n) if self.controlled(s)]
        self.narrator = Narrator(self, output, (ctrl[0] if len(ctrl) == 1 else None) if viewer is AUTO else viewer)
        self.dispatcher = Dispatcher(self)
        self.partial: dict[int, Action] = {}
        #: The game with its bots on the one race clock (see uno_cli.play.race).
        self.referee = Referee(
            self.game,
            self.bots,
            [s for s in all_seats(n) if self.controlled(s)],
            pace=config.pace if config.pace is not None else DEFAULT_PACE,
            auto_next_hand=auto_next_hand,
            on_events=self._changed,
            remember_states=True,
        )
        self.started = False

    # ------------------------------------------------------------------ seats

    def controlled(self, seat: Seat) -> bool:
        """True for seats played by a person or a script (not a bot or a program)."""
        return self.seats[seat].kind in (HUMAN, SCRIPT)

    def name(self, seat: Seat | None) -> str:
        """The name of ``seat``."""
        return d.name_of(seat, self.names)

    # ---------------------------------------------------------------- flow

    def start(self) -> None:
        """Begin: deal the first hand, or announce a loaded game."""
        self.started = True
        g = self.game
        narrator = self.narrator
        for seat in self.replaced_programs:
            narrator.emit(mt.INFO, d.program_replaced_text(seat),
                      {"state": "program_replaced", "seat": seat_number(seat)}, important=True)
        if not self.from_file:
            self.referee.deal(g.start())
            return
        if g.phase == Phase.HAND_OVER and self.auto_next_hand:
            self.referee.deal(g.start_hand())
            return
        # A game from a file is saved before its first action: killed now, it is still offered.
        self._autosave_now()
        viewer = narrator.viewer
        view = g.view(viewer if viewer is not None else Seat(0))
        narrator.emit(mt.INFO, d.resumed_text(), {"state": "resumed"})
        # The viewer's own turn is said by its own line below, not twice; another seat's stays
        # here too (its turn line may go unsaid by ear).
        own_turn = g.phase in IN_TURN_PHASES and viewer is not None and g.current == viewer
        narrator.emit(mt.STATUS, d.status_text(view, self.names, viewer, turn=not own_turn))
        if viewer is not None:
            narrator.emit(mt.HAND, d.hand_text(g.hands[viewer]), {"seat": viewer + 1, "cards": list(g.hands[viewer])})
        if g.phase in IN_TURN_PHASES:
            again = [Event("turn", g.current)]
            if g.phase == Phase.DRAWN and g.drawn is not None:
                again.append(Event("playable_drawn", g.current, {}, {"card": g.drawn}))
            elif g.phase == Phase.PENDING:
                again.append(Event("pending", g.current, {"total": g.pending, "kind": g.pending_kind}))
            narrator.say(again)
        elif g.phase == Phase.BEEP_RACE:
            narrator.say([Event("beep_race", None, {"seats": list(g.beep_waiting)})])
        self.referee.tell_bots([])

    def _changed(self, action: Action | None, events: list[Event]) -> None:
        """After every change (the referee calls it): forget half-made plays, autosave, say it."""
        # Saved before it is said: a game killed right after a line was printed keeps that move.
        self.settle()
        self.narrator.say(events)

    def settle(self) -> None:
        """After a change, before it is said: forget half-made plays, autosave."""
        if self.partial:
            self.partial = {}
        if self.autosave is not None:
            self._autosave_now()

    def _autosave_now(self) -> None:
        if self.autosave is not None:
            try:
                self.autosave(self.save_dict())
            except Exception:  # noqa: BLE001 - saving must never stop the game
                pass

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` (raises IllegalAction; nothing changed then) and emit its messages."""
        return self.referee.apply(action)

    def next_hand(self) -> list[Event]:
        """Deal the next hand (when ``auto_next_hand`` is off)."""
        events = self.game.start_hand()
        self.referee.deal(events)
        return events

    # ------------------------------------------------------------- legality

    def legal_commands(self, seat: Seat) -> list[str]:
        """Every command ``seat`` may send now, canonical and without duplicates."""
        out: list[str] = []
        pend = self.partial.get(seat)
        if pend is not None:
            for a in self.game.legal_actions(seat):
                if a.kind == pend.kind and a.card == pend.card:
                    if a.color is not None:
                        out.append(f"color {a.color}")
                    elif a.target is not None:
                        out.append(f"swap {seat_number(a.target)}")
        for a in self.game.legal_actions(seat):
            out.append(action_to_command(a, self.names))
        return list(dict.fromkeys(out))

    def moves_text(self, seat: Seat) -> str:
        """Every move ``seat`` may make now, in full (the ``moves`` command)."""
        legal = self.legal_commands(seat)
        return d.you_can_text(", ".join(localize_command(c) for c in legal)) if legal else d.no_moves_text()

    def prompt_seat(self) -> int | None:
        """The controlled seat that must act now, or None."""
        return self.referee.prompt_seat()

    def race_chances(self, seat: Seat) -> list[Action]:
        """Out-of-turn actions worth stopping for: catch, jump-in, sequence, a forgotten UNO."""
        return self.referee.race_chances(seat)

    def bot_offers(self) -> list[Offer]:
        """What the bots want to do now, with their delays (see uno_cli.play.race)."""
        return self.referee.offers()

    def fire(self, offer: Offer) -> bool:
        """Apply a bot's offer if the game has not changed since; True if applied."""
        return self.referee.fire(offer)

    def advance(self) -> Wait | None:
        """Run the bots in virtual time until a controlled seat is awaited (or the match ends)."""
        return self.referee.advance()

    def waive(self, seat: Seat) -> None:
        """``seat`` lets the current race chance go by."""
        self.referee.waive(seat)

    # ---------------------------------------------------------------- saving

    def save_dict(self) -> dict[str, Any]:
        """The game as a JSON-ready dict, with names and seat kinds."""
        data = state_io.to_dict(self.game)
        data["names"] = list(self.names)
        data["seats"] = [
            {"kind": s.kind, **({"level": s.level} if s.kind == BOT else {}), **({"command": s.command} if s.kind == COMMAND else {})}
            for s in self.seats
        ]
        # What the bots remember and their generators, so a resumed game goes on exactly.
        # Once the bots have chosen for this moment (drawing from their generators), the
        # states from before they chose are kept: the resumed game makes the same choices.
        states = self.referee.saved_bot_states()
        data["bots"] = {str(seat_number(seat)): state for seat, state in states.items()}  # seat numbers from 1
        return data

    def save_text(self) -> str:
        """The save file's text."""
        return json.dumps(self.save_dict(), ensure_ascii=False, indent=1) + "\n"

    def save(self, path: str | Path) -> Path:
        """Write the save file in a place the game chose (raises OSError); see ``_save_command``."""
        p = Path(path)
        text = self.save_text()
        try:
            from uno_cli.play.savefile import atomic_write

            atomic_write(p, text)
        except ImportError:  # pragma: no cover
            p.write_text(text, encoding="utf-8")
        return p

    def close(self) -> None:
        """Stop the programs behind ``cmd:`` seats."""
        for bot in self.bots.values():
            close = getattr(bot, "close", None)
            if close is not None:
                try:
                    close()
                except Exception:  # noqa: BLE001
                    pass

    # ------------------------------------------------------------- summaries

    def hand_text(self, seat: Seat) -> str:
        """The cards of ``seat``."""
        return d.hand_text(self.game.hands[seat])

    def status_text(self, seat: Seat | None) -> str:
        """Top card, turn, counts and piles as ``seat`` sees them."""
        return d.status_text(self.game.view(seat if seat is not None else Seat(0)), self.names, seat)

    def scores_text(self, seat: Seat | None = None) -> str:
        """The scores."""
        return d.scores_text(self.game.scores, self.names, seat, self.game.eliminated)

    def counts_text(self, seat: Seat | None = None) -> str:
        """Everyone's card count."""
        return d.counts_text([len(h) for h in self.game.hands], self.names, seat, self.game.eliminated)


class Session(Match):
    """One match with its seats, its narrator and its dispatcher; see the module documentation."""


