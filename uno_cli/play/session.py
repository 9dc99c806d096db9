"""A game being played: the engine, who sits where, names, bots, races, saving.

Shared by script mode (``uno_cli.play.script``) and the interactive game. The engine stays the
only judge of what is legal; a Session turns engine events into :class:`Message` objects
for an output callback and turns typed command lines into engine actions.

API (stable)
------------

``Session(config, output=None, viewer=AUTO, auto_next_hand=True)``
    ``config`` is a :class:`~uno_cli.play.playconfig.PlayConfig`. ``output`` is called with
    every :class:`Message`. ``viewer`` is the seat whose point of view the text takes
    ("You play ...", own draws); by default the only human/script seat, else None.
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
``read_save(path)``, ``file_seats(data, command_line, players, script_kind)``, ``file_names``, ``file_bots``
    Reading a file within limits; the one decision of who plays a file's seats (a file
    never starts a program); its names and bot memories, checked. Every name is cleaned by
    :func:`uno_cli.words.names.clean_name`.
``session.hand_text(seat)``, ``status_text(seat)``, ``scores_text(seat)``, ``counts_text(seat)``.

A Session is three objects that hold one another, each with public methods a server, script
mode and the interactive game use: the :class:`Match` (the session itself: the game, seats,
referee, ``settle()`` after a change, saving, summaries), its :class:`Narrator`
(``session.narrator``: ``narrate(events, viewer)``, its plain-list form ``lines(events, viewer)``
for an output that writes lines without making a Message each (script mode's), ``turn_state``,
``say(events)``: an output with a ``write_lines`` method is given each change's lines at once,
``emit``, ``output``, ``viewer``) and its :class:`Dispatcher` (``session.dispatcher``:
``handle_line``, ``handle_command``, ``error``). ``Session`` is the name callers build a match by.

Messages
--------
``Message(type, text, data, seat, important)``: ``type`` is an event type or one of
``prompt``, ``error``, ``info``, ``scores``, ``game_over``, ``saved``, ``input_ended``;
``text`` the sentence (None when there is nothing to say to the viewer); ``data`` the
JSON object (seats 1-based, cards as codes); ``seat`` the 0-based seat concerned;
``important`` is True for the viewer's own turn and what needs the viewer's answer.
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Sequence

from uno_cli.words import describe as d
from uno_cli.play.commands import BY_NAME, INTERFACE, QUERIES, Asking, ask, label, Command, Partial, action_to_command, help_lines, localize_command, parse, resolve, save_force_command, spoken_moves
from uno_cli.engine import state_io
from uno_cli.engine.events import EventKind
from uno_cli.engine.seats import Seat, all_seats, seat_index, seat_number
from uno_cli.engine.actions import (
    Action,
)
from uno_cli.engine.cards import WILD, WILD4
from uno_cli.engine.errors import IllegalAction, InvalidSetup
from uno_cli.engine.events import Event
from uno_cli.engine.game import IN_TURN_PHASES, Game, Phase
from uno_cli.words.i18n import get_translator
from uno_cli.words.names import bot_name, clean_name, clean_text, player_name, repeated_name, you
from uno_cli.play.playconfig import BOT, COMMAND, HUMAN, SCRIPT, PlayConfig, SeatSpec
from uno_cli.play.race import DEFAULT_PACE, Offer, Referee, Wait, bot_rng
from uno_cli.words.describe import describe as describe_event
from uno_cli.play.wire import event_json, seat_json  # noqa: F401 - seat_json: kept importable from here

#: The event kinds as plain strings: a member read from an Enum class costs a metaclass lookup
#: (``EnumType.__getattr__``), and the narration reads about twenty of them per event.
E = SimpleNamespace(**{kind.name: kind.value for kind in EventKind})

__all__ = ["AUTO", "IMPORTANT", "SHORT_SKIP", "Dispatcher", "LineResult", "Match", "Message", "Narrator", "Offer", "Session",
           "Wait", "important", "said"]

AUTO = object()
#: Message types left out at the short verbosity (they can be asked for by key or command): the
#: start of a hand says only the rules (once a match), the hand's number, the first card and the
#: first turn; the dealer, the deal and the count of cards dealt are for the full verbosity, and
#: the first cards sent back for the history (the card that starts the pile is what matters).
SHORT_SKIP = frozenset({"match_start", "dealer_draw", "dealer_tie", "dealer_chosen", "reshuffle", "deal",
                        "hand_dealt", "beep_answer", "scores", "first_card_returned"})


def said(message: Message, verbosity: str) -> bool:
    """True if ``message`` is said at ``verbosity`` (short or full): the one filter of both modes."""
    return heard(message.text, message.brief, verbosity)


def heard(text: str | None, brief: bool, verbosity: str) -> bool:
    """True if a line of ``text`` (``brief``: said at short too) is said at ``verbosity``; see :func:`said`."""
    if not text:
        return False
    return verbosity != "short" or brief


#: Message types never cut off by later speech (errors, questions, the end of a hand or match).
IMPORTANT = frozenset({"error", "choose", "game_over", "hand_end"})


def important(message: Message) -> bool:
    """True if ``message`` must not be cut off by later speech: the one rule of every interface."""
    return message.important or message.type in IMPORTANT


def _int_or(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _payload(ev: Event, viewer: int | None, names: Sequence[str], scripted: Sequence[int],
             text: str | None) -> dict[str, Any]:
    """The JSON object of a narrated event, made when it is first read (JSON output only)."""
    return event_json(ev, viewer, names, scripted, text=text)


def _line(type: str, text: str | None, data: dict[str, Any] | None = None, seat: int | None = None,
          important: bool = False, brief: bool = True) -> list[Any]:
    """A line of narration as a plain list, the arguments of its :class:`Message` (see :meth:`Narrator.lines`)."""
    payload: dict[str, Any] = {"type": type}
    if data:
        payload.update(data)
    payload["text"] = text
    return [type, text, payload, seat, important, brief, None]


def _message(type: str, text: str | None, data: dict[str, Any] | None = None, seat: int | None = None,
             important: bool = False, brief: bool = True) -> Message:
    return Message(*_line(type, text, data, seat, important, brief))


class Message:
    """One thing to tell the player(s).

    ``data`` is the message's JSON object; a narrated event's is built only when it is first
    read (``make``: a function and its arguments, a tuple, cheaper to make than a partial),
    so text output never builds one.
    """

    __slots__ = ("type", "text", "_data", "_make", "seat", "important", "brief")

    def __init__(self, type: str, text: str | None, data: dict[str, Any] | None = None, seat: int | None = None,
                 important: bool = False, brief: bool = True,
                 make: tuple[Any, ...] | None = None) -> None:
        self.type = type
        self.text = text
        self._data = data if data is not None or make is not None else {}
        self._make = make
        self.seat = seat
        self.important = important
        #: Said at the short verbosity too (False: only at full; see :func:`said`).
        self.brief = brief

    @property
    def data(self) -> dict[str, Any]:
        """The message as a JSON object (``type``, ``text`` and its fields)."""
        if self._data is None:
            make = self._make
            self._data = make[0](*make[1:]) if make is not None else {}
        return self._data

    @data.setter
    def data(self, value: dict[str, Any]) -> None:
        self._data = value

    def _key(self) -> tuple[Any, ...]:
        return (self.type, self.text, self.data, self.seat, self.important, self.brief)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment] # mutable, like the dataclass it was

    def __repr__(self) -> str:
        return "Message(type=%r, text=%r, data=%r, seat=%r, important=%r, brief=%r)" % self._key()


@dataclass
class LineResult:
    """What one command line did."""

    ok: bool
    changed: bool = False
    verb: str = ""
    seat: int | None = None
    quit: bool = False
    waived: bool = False
    error: str | None = None


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


def _make_bot(spec: SeatSpec, seat: int, rng: random.Random, names: list[str]) -> Any:
    if spec.kind == COMMAND:
        from uno_cli.play.external import ExternalBot

        return ExternalBot(seat, rng, spec.command, names=names, reaction=spec.reaction)
    from uno_cli.bots import make_bot

    return make_bot(spec.level or "normal", seat, rng)


def read_save(path: str) -> dict[str, Any]:
    """The JSON object of a save or setup file, in the current format (seats from 1).

    The file is read within limits (see :mod:`uno_cli.play.savefile`). Raises InvalidSetup if it
    is not a JSON object or its format is unknown (or OSError if it cannot be opened); an
    old uno-cli/1 save is renumbered (see :func:`uno_cli.engine.state_io.upgrade`).
    """
    from uno_cli.play.savefile import read_json

    data = read_json(path)
    if not isinstance(data, dict):
        raise InvalidSetup("not_an_object")
    return state_io.upgrade(data)  # type: ignore[no-any-return]


def file_seats(
    data: dict[str, Any], command_line: list[SeatSpec], players: int, script_kind: str = SCRIPT,
) -> tuple[list[SeatSpec], list[int]]:
    """Who plays each seat of a save or setup file, and the seats changed from an outside program.

    The one place deciding what a file may say about seats (both modes call it). A file
    never starts a program: a seat it marks as played by one (kind ``cmd``, or a level
    ``external:...``) is played by the program the command line gives for that seat
    (``--seat N=cmd:PROGRAM``); without one, script mode (``script_kind`` script) refuses
    with InvalidSetup ``program_seat``, and the interactive game (``script_kind`` human)
    gives the seat to a bot of level normal, listed in the second value. A command-line
    program seat always plays its seat. Without ``seats`` in the file the command line
    decides. Raises InvalidSetup naming the field for anything else that is wrong.
    """
    from uno_cli.play.playconfig import BOT_LEVELS, DEFAULT_LEVEL

    given = data.get("seats")
    if given is None:
        return list(command_line), []
    if not isinstance(given, list):
        raise InvalidSetup("not_a_list", field="seats", value=given)
    if len(given) != players:
        raise InvalidSetup("wrong_length", field="seats", expected=players)
    seats: list[SeatSpec] = []
    replaced: list[int] = []
    for i, item in enumerate(given):
        where = f"seats[{i}]"
        if not isinstance(item, dict):
            raise InvalidSetup("not_an_object", field=where, value=item)
        for key in item:
            if key not in ("kind", "level", "command"):
                raise InvalidSetup("unknown_field", field=f"{where}.{key}")
        kind = item.get("kind")
        if kind not in (HUMAN, SCRIPT, BOT, COMMAND) or not isinstance(kind, str):
            raise InvalidSetup("bad_choice", field=where + ".kind", value=kind, choices=[HUMAN, SCRIPT, BOT, COMMAND])
        level = item.get("level", DEFAULT_LEVEL)
        if not isinstance(level, str):
            raise InvalidSetup("bad_choice", field=where + ".level", value=level, choices=list(BOT_LEVELS))
        program = kind == COMMAND or level.startswith("external:")
        if kind == BOT and not program and level not in BOT_LEVELS:
            raise InvalidSetup("bad_choice", field=where + ".level", value=level, choices=list(BOT_LEVELS))
        if "command" in item and not isinstance(item["command"], str):
            raise InvalidSetup("not_text", field=where + ".command", value=item["command"])
        ours = command_line[i] if i < len(command_line) else None
        if ours is not None and ours.kind == COMMAND:
            seats.append(ours)  # the person starting the game named the program
        elif program and script_kind == SCRIPT:
            raise InvalidSetup("program_seat", seat=i)
        elif program:
            seats.append(SeatSpec(BOT, DEFAULT_LEVEL))
            replaced.append(i)
        elif kind == BOT:
            seats.append(SeatSpec(BOT, level))
        else:
            seats.append(SeatSpec(script_kind))
    return seats, replaced


def file_names(data: dict[str, Any], players: int) -> list[str | None]:
    """The ``names`` of a save or setup file, checked (text or null, one per seat at most)."""
    given = data.get("names")
    if given is None:
        return []
    if not isinstance(given, list):
        raise InvalidSetup("not_a_list", field="names", value=given)
    if len(given) > players:
        raise InvalidSetup("wrong_length", field="names", expected=players)
    for i, name in enumerate(given):
        if name is not None and not isinstance(name, str):
            raise InvalidSetup("not_text", field=f"names[{i}]", value=name)
    repeated = repeated_name(given)
    if repeated is not None:
        raise InvalidSetup("duplicate_name", field="names", name=repeated)
    return list(given)


def file_bots(data: dict[str, Any], players: int) -> dict[int, dict[str, Any]]:
    """The bots' memories of a file by seat (from 0), checked: keys "1" to players, objects."""
    given = data.get("bots")
    if given is None:
        return {}
    if not isinstance(given, dict):
        raise InvalidSetup("not_an_object", field="bots", value=given)
    out: dict[int, dict[str, Any]] = {}
    for key, state in given.items():
        if not (key.isascii() and key.isdigit() and len(key) < 4 and 1 <= int(key) <= players):
            raise InvalidSetup("bad_seat", field="bots", value=key, players=players)
        if not isinstance(state, dict):
            raise InvalidSetup("not_an_object", field=f"bots.{key}", value=state)
        out[seat_index(int(key))] = state
    return out


_STARTS = frozenset({E.HAND_START, E.MATCH_START})
#: Events that ask a controlled seat to act (an important line when that seat is asked).
_ASKING = frozenset({E.TURN, E.PENDING, E.BEEP_RACE, E.PLAYABLE_DRAWN})
#: Draws that take a penalty: where taking does not skip (draw_skips off), the turn that stays is said.
_PENALTY_DRAWS = frozenset({"draw_two", "wild_draw_four", "challenge_lost"})


def _seat_field(seat: int | None) -> int | None:
    return seat_number(seat) if seat is not None else None


def _color_line(n: Narrator, ev: Event, viewer: int | None, secret: Any) -> list[list[Any]]:
    """A wild played with its colour: the colour in a line of its own (folded into the play's)."""
    color = ev.data.get("color")
    if not color:
        return []
    return [_line("color_chosen", d.color_chosen_text(ev.seat, color, viewer, n.names),
                     {"seat": _seat_field(ev.seat), "color": color}, ev.seat)]


def _dealt_line(n: Narrator, ev: Event, viewer: int | None, secret: Any) -> list[list[Any]]:
    """The viewer's own hand as dealt (said at full verbosity)."""
    if not secret:
        return []
    return [_line("hand", d.cards_line_text(secret.get("cards", []), sort=True),
                     {"seat": _seat_field(ev.seat), "cards": list(secret.get("cards", []))}, ev.seat, brief=False)]


def _drawn_line(n: Narrator, ev: Event, viewer: int | None, secret: Any) -> list[list[Any]]:
    """The cards of a long draw, in a line of their own (the draw's line says their count)."""
    if not secret or len(secret.get("cards", ())) <= d.LISTED_DRAW:
        return []
    return [_line("drawn_cards", d.cards_line_text(secret["cards"]),
                     {"seat": _seat_field(ev.seat), "cards": list(secret["cards"])}, ev.seat, brief=False)]


def _revealed_line(n: Narrator, ev: Event, viewer: int | None, secret: Any) -> list[list[Any]]:
    """The hand a challenge showed to the challenger."""
    if not (secret and "hand" in secret and ev.seat is not None and ev.seat != viewer):
        return []
    return [_line("revealed", d.revealed_text(ev.seat, secret["hand"], n.names),
                     {"seat": _seat_field(ev.seat), "cards": list(secret["hand"])}, ev.seat)]


def _rules_line(n: Narrator, ev: Event, viewer: int | None, secret: Any) -> list[list[Any]]:
    """The rules of the match (at short they are one key away, F2, Page Up)."""
    from uno_cli.engine.options import PRESETS
    from uno_cli.words.optioninfo import preset_name

    name = n.config.preset if n.config.preset in PRESETS else "classic"
    o = n.game.options
    return [_line("rules_summary", d.rules_text(preset_name(name), o != PRESETS[name], o.target, o.hands),
                     {"preset": name}, brief=False)]


def _points_lines(n: Narrator, ev: Event, viewer: int | None, secret: Any) -> list[list[Any]]:
    """Each player's points after a hand, then the scores."""
    g = n.game
    gained = ev.data.get("gained") or {}
    lines: list[list[Any]] = []
    for seat in sorted(int(s) for s in gained):
        points = int(gained.get(seat, gained.get(str(seat), 0)) or 0)  # type: ignore[call-overload]
        lines.append(_line("points", d.points_text(seat, points, viewer, n.names),
                              {"seat": seat_number(seat), "points": points}, seat))
    # After the last hand the final scores say them: the message stays, with nothing to say.
    said = d.scores_text(g.scores, n.names, viewer, g.eliminated) if g.phase != Phase.MATCH_OVER else None
    lines.append(_line("scores", said, {"scores": list(g.scores)}, brief=False))
    return lines


def _final_line(n: Narrator, ev: Event, viewer: int | None, secret: Any) -> list[list[Any]]:
    """The final scores."""
    g = n.game
    return [_line("game_over", d.final_scores_text(g.scores, n.names, viewer, g.eliminated),
                     {"winners": [w + 1 for w in g.winners], "scores": list(g.scores),
                      "names": list(n.names), "hands": g.hand_number})]


#: The lines of their own that follow an event of these kinds (drawn cards, a revealed hand,
#: points, totals), each made by its function (an empty list: none this time).
_LINES_AFTER: dict[str, Callable[[Narrator, Event, int | None, Any], list[list[Any]]]] = {
    E.PLAY: _color_line, E.HAND_DEALT: _dealt_line, E.DRAW: _drawn_line, E.CHALLENGE_RESULT: _revealed_line,
    E.MATCH_START: _rules_line, E.HAND_END: _points_lines, E.MATCH_END: _final_line,
}


class Narrator:
    """What a match's events say to each listener, in order, with the turn state between them.

    The one narration of script mode, the interactive game and network tables; a server says
    the same events to each member with :meth:`narrate` and keeps :attr:`turn_state`. It
    holds its :class:`Match` and reads the game, names and settings there.
    """

    def __init__(self, match: Match, output: Callable[[Message], None] | None = None,
                 viewer: int | None = None) -> None:
        self.match = match
        self.output: Callable[[Message], None] = output or (lambda m: None)
        """Called with every message said to the match's own listener."""
        self.viewer = viewer
        """The seat whose point of view the text takes ("You play ..."), or None."""
        self.turn_state: tuple[int | None, bool] = (None, False)
        """What was said of the turn: whose turn was said last, and whether a card was played out
        of turn since (then whose turn it is is said, even at short verbosity)."""

    @property
    def game(self) -> Game:
        """The match's game."""
        return self.match.game

    @property
    def names(self) -> list[str]:
        """The match's names of the seats."""
        return self.match.names

    @property
    def config(self) -> PlayConfig:
        """The match's settings."""
        return self.match.config

    def controlled(self, seat: Seat) -> bool:
        """True for seats played by a person or a script (:meth:`Match.controlled`)."""
        return self.match.controlled(seat)


    # ---------------------------------------------------------------- output

    def emit(self, type: str, text: str | None, data: dict[str, Any] | None = None,
             seat: int | None = None, important: bool = False, brief: bool = True) -> None:
        """Send one message to the output callback."""
        self.output(_message(type, text, data, seat, important, brief))

    @functools.cached_property
    def scripted_seats(self) -> list[Seat]:
        """The seats a person or a script plays (the seats are fixed when the match is made)."""
        return [s for s in all_seats(self.game.players) if self.controlled(s)]

    def _emit_events(self, events: list[Event]) -> None:
        # Several scripted seats: the script controls them all, so it sees their secrets.
        lines, self.turn_state = self.lines(events, self.viewer, self.scripted_seats)
        output = self.output
        write = getattr(output, "write_lines", None)
        if write is not None:
            write(lines)  # an output that takes the plain lines (script mode's writer)
            return
        for line in lines:
            output(Message(*line))

    def say(self, events: list[Event]) -> None:
        """Say ``events`` to the session's own output (from its viewer's point of view)."""
        self._emit_events(events)

    def narrate(self, events: list[Event], viewer: int | None,
                scripted: Sequence[int] = ()) -> tuple[list[Message], tuple[int | None, bool]]:
        """What ``events`` say to ``viewer``, in order, and the turn state after them (the caller keeps
        it): the one narration of script mode, the interactive game and network tables."""
        lines, state = self.lines(events, viewer, scripted)
        return [Message(*line) for line in lines], state

    def lines(self, events: list[Event], viewer: int | None,
              scripted: Sequence[int] = ()) -> tuple[list[list[Any]], tuple[int | None, bool]]:
        """:meth:`narrate`'s lines as plain lists, the arguments of each :class:`Message` (type, text,
        data, seat, important, brief, make), for an output that writes them without the objects.

        One pass: each event's line is decided (said or not, at which verbosity, important) and
        folded into the line before it where a listener hears them as one (:func:`describe.fold`)
        as it is made, then the lines of its own that follow it."""
        g = self.game
        turn_said, out_of_turn = self.turn_state
        reversed_duo = False
        asked = self.scripted_seats  # their asking lines are important
        names = self.names
        out: list[list[Any]] = []
        # The fold: the line later lines may join, the event that made it, and whether it
        # waits behind another line of the change.
        head: list[Any] | None = None
        head_ev: Event | None = None
        prior: list[Any] | None = None  # the said line before the head
        behind = False
        pending = list(events)
        for index, ev in enumerate(pending):
            kind = ev.type
            seat = ev.seat
            brief = kind not in SHORT_SKIP
            silent = False  # the event's line stays (its JSON, its sound), with nothing said
            if kind == E.TURN:
                if seat == turn_said and not (
                    index and pending[index - 1].type == E.DRAW and pending[index - 1].data.get("reason") in _PENALTY_DRAWS
                    and seat == pending[index - 1].seat and not any(e.type == E.TURN for e in pending[index + 1:])
                ):
                    # The turn did not change (a draw): not said again. After a penalty taken it is:
                    # "You must take 2." was its line, and the player still has the turn.
                    silent = True
                else:
                    brief = seat == viewer or out_of_turn or reversed_duo
                turn_said = seat
                out_of_turn = reversed_duo = False
            elif kind == E.PLAY:
                turn_said = None
                out_of_turn = ev.data.get("how") in ("jump_in", "sequence")
            elif kind == E.REVERSE:
                if g.players - sum(g.eliminated) == 2:
                    # With two players a Reverse is said as the turn it gives.
                    reversed_duo = silent = True
            elif kind == E.SKIP:
                silent = reversed_duo
            elif kind in _STARTS:
                turn_said, out_of_turn = None, False
                if kind == E.HAND_START and _int_or(ev.data.get("hand"), 0) == 1:
                    brief = False  # at short the first card begins the match
            text = None if silent else describe_event(ev, viewer, names)
            important = kind in _ASKING and (seat in asked or kind == E.BEEP_RACE)
            # The JSON object is made only when it is read (JSON output).
            line = [kind, text, None, seat, important, brief, (_payload, ev, viewer, names, scripted, text)]
            after = _LINES_AFTER.get(kind)
            if after is None:
                lines: Sequence[list[Any]] = (line,)
            else:
                secret = ev.secret if ev.secret and viewer is not None and viewer == ev.secret_to else None
                lines = [line, *after(self, ev, viewer, secret)]
            for line in lines:
                out.append(line)
                if not line[1]:
                    continue
                if (head is not None and prior is not None and prior[5] == line[5]
                        and d.joins_the_draw(head[0], head[3], line[0], line[3], viewer)):
                    prior[1] = prior[1] + " " + line[1]  # type: ignore[operator]
                    prior[4] = prior[4] or line[4]
                    line[1] = None
                    continue
                joined = d.fold(head[0], head[3], head[1], line[0], line[3], line[1], head_ev, ev, behind, viewer,  # type: ignore[arg-type]
                                names) if head is not None and head[5] == line[5] else None
                if joined is None:
                    behind = head is not None
                    prior, head, head_ev = head, line, ev
                else:
                    head[1] = joined  # type: ignore[index]
                    head[4] = head[4] or line[4]  # type: ignore[index]
                    line[1] = None
            if out_of_turn and index == len(pending) - 1 and g.phase in IN_TURN_PHASES:
                # After every out-of-turn card, whose turn it is (the engine said no turn: it stayed).
                pending.append(Event(E.TURN, g.current))
        return out, (turn_said, out_of_turn)


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
        self.replaced_programs: list[int] = []
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
        self.bots: dict[int, Any] = {}
        for seat, spec in enumerate(self.seats):
            if spec.kind in (BOT, COMMAND):
                self.bots[seat] = _make_bot(spec, seat, bot_rng(seed, seat), self.names)
        for seat, state in bot_states.items():
            bot = self.bots.get(seat)
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
            narrator.emit("info", d.program_replaced_text(seat),
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
        view = g.view(viewer if viewer is not None else 0)
        narrator.emit("info", d.resumed_text(), {"state": "resumed"})
        narrator.emit("status", d.status_text(view, self.names, viewer))
        if viewer is not None:
            narrator.emit("hand", d.hand_text(g.hands[viewer]), {"seat": viewer + 1, "cards": list(g.hands[viewer])})
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
        self.partial = {}
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
        return d.status_text(self.game.view(seat if seat is not None else 0), self.names, seat)

    def scores_text(self, seat: Seat | None = None) -> str:
        """The scores."""
        return d.scores_text(self.game.scores, self.names, seat, self.game.eliminated)

    def counts_text(self, seat: Seat | None = None) -> str:
        """Everyone's card count."""
        return d.counts_text([len(h) for h in self.game.hands], self.names, seat, self.game.eliminated)


class Dispatcher:
    """Command lines of a session: parse, check the seat, answer a query, apply, say errors.

    It holds its :class:`Match` (the game it acts on) and says answers and errors through the
    match's :class:`Narrator`.
    """

    def __init__(self, match: Match) -> None:
        self.match = match

    # ------------------------------------------------------------- commands

    def handle_line(self, text: str, seat: Seat | None) -> LineResult:
        """Carry out one command line for ``seat``; errors and answers become messages."""
        cmd = parse(text, seat, self.match.game, get_translator().language if hasattr(get_translator(), "language") else "en",
                    self.match.names)
        return self.handle_command(cmd)

    def error(self, code: str, message: str, seat: Seat | None, /, **extra: Any) -> LineResult:
        """Say an error to ``seat`` with what it may do now (an ``error`` message); nothing changes."""
        legal = self.match.legal_commands(seat) if seat is not None and 0 <= seat < self.match.game.players else []
        line = message
        if legal:
            line = message + " " + d.you_can_text(spoken_moves(legal))
        data: dict[str, Any] = {"code": code}
        if seat is not None:
            data["seat"] = seat_number(seat)
        for key, value in extra.items():
            data.setdefault(key if key not in ("type", "text", "legal") else "detail_" + key, value)
        data["legal"] = legal
        self.match.narrator.emit("error", line, data, seat, True)
        return LineResult(False, seat=seat, error=code)

    def handle_command(self, cmd: Command) -> LineResult:
        """Carry out a parsed command."""
        g = self.match.game
        seat = cmd.seat
        if cmd.error == "empty":
            return LineResult(True, seat=seat)
        if cmd.error is not None:
            return self.error(cmd.error, d.parse_error_text(cmd.error, cmd.detail, localize_command), seat, **_jsonable(cmd.detail))
        if seat is None:
            seat = next((s for s in all_seats(g.players) if self.match.controlled(s)), None)
            if seat is None:
                return self.error("no_seat", d.no_seat_text(), None)
        if not self.match.controlled(seat):
            return self.error(
                "not_your_seat",
                d.computer_seat_text(seat, self.match.names),
                None, target=seat_number(seat),
            )
        verb = cmd.verb
        if BY_NAME[verb].scope == INTERFACE:
            return self.error("interface_only", d.interface_only_text(label(verb)), seat)
        if verb in QUERIES:
            answer = ask(verb, Asking(self.match, seat))
            self.match.narrator.emit(answer.type, answer.text, answer.data, seat)
            return LineResult(True, verb=verb, seat=seat)
        if verb == "quit":
            return LineResult(True, verb=verb, seat=seat, quit=True)
        if verb == "save":
            return self._save_command(cmd, seat)
        if verb == "wait":
            if self.match.prompt_seat() == seat:
                return self.error("must_act", d.must_act_text(), seat)
            self.match.waive(seat)
            return LineResult(True, verb=verb, seat=seat, waived=True)
        try:
            action = self._to_action(cmd, seat)
        except IllegalAction as exc:
            return self.error(exc.code, d.describe_error(exc, self.match.names), seat, **_jsonable(exc.detail))
        if action is None:  # a partial play: colour or seat still to come
            pend = self.match.partial[seat]
            if pend.card in (WILD, WILD4):
                self.match.narrator.emit("choose", d.choose_color_text(),
                          {"seat": seat_number(seat), "card": pend.card, "legal": self.match.legal_commands(seat)}, seat, True)
            else:
                self.match.narrator.emit("choose", d.choose_target_text(),
                          {"seat": seat_number(seat), "card": pend.card, "legal": self.match.legal_commands(seat)}, seat, True)
            return LineResult(True, verb=verb, seat=seat)
        try:
            self.match.apply(action)
        except IllegalAction as exc:
            return self.error(exc.code, d.describe_error(exc, self.match.names), seat, **_jsonable(exc.detail))
        return LineResult(True, changed=True, verb=verb, seat=seat)

    def _to_action(self, cmd: Command, seat: Seat) -> Action | None:
        """The engine action of a command (None: a half-made play, remembered in ``partial``)."""
        result = resolve(cmd, self.match.game, seat, self.match.partial.pop(seat, None))
        if isinstance(result, Partial):
            self.match.partial[seat] = result.action
            return None
        return result

    def _save_command(self, cmd: Command, seat: Seat) -> LineResult:
        """``save FILE``, ``save FILE force`` or ``save --force FILE`` (see docs/protocol.md)."""
        from uno_cli.play.savefile import SaveRefused, typed_path, write_typed

        text, force = _save_argument(cmd.arg)
        if not text:
            return self.error("missing_file", d.save_needs_file_text(), seat)
        path = typed_path(text)
        shown = clean_text(text)
        try:
            write_typed(path, self.match.save_text(), force=force)
        except SaveRefused as exc:
            return self.error("save_refused", d.save_refused_text(exc.code, shown, save_force_command(shown)), seat, file=text, reason=exc.code)
        except OSError:
            return self.error("cannot_save", d.cannot_save_text(shown), seat, file=text)
        self.match.narrator.emit("saved", d.saved_text(shown), {"file": str(path)}, seat)
        return LineResult(True, verb="save", seat=seat)


class Session(Match):
    """One match with its seats, its narrator and its dispatcher; see the module documentation."""


def _save_argument(arg: str) -> tuple[str, bool]:
    """The file of ``save FILE``, and whether the player consented to replace it (``force``,
    or that word in any language)."""
    from uno_cli.play.commands import force_words, normalize

    text = arg.strip()
    force = False
    if text.startswith("--force ") or text == "--force":
        text, force = text[len("--force"):].strip(), True
    elif " " in text and normalize(text.rsplit(" ", 1)[1]) in force_words():
        text, force = text.rsplit(" ", 1)[0].strip(), True
    return text, force


def _jsonable(detail: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in detail.items():
        if isinstance(v, (str, int, float, bool)) or v is None:
            out[k] = v
        elif isinstance(v, (list, tuple)):
            out[k] = [x if isinstance(x, (str, int, float, bool)) else str(x) for x in v]
    for k in ("current", "target"):
        if isinstance(out.get(k), int) and not isinstance(out.get(k), bool):
            out[k] = seat_number(out[k])
    return out


def help_text(skip: frozenset[str] = frozenset(), seat_prefix: bool = True) -> str:
    """The commands, one per line (from the command registry), without ``skip``."""
    return d.help_text(help_lines(skip=skip), seat_prefix)
