"""What a match's events say, to whom: the :class:`Narrator` and the :class:`Message` it makes.

The narrator of a match (``session.narrator``, see :mod:`uno_cli.play.session`) turns engine
events into messages for an output callback: ``narrate(events, viewer)``, its plain-tuple form
``lines(events, viewer)`` for an output that writes lines without making a Message each
(script mode's), ``turn_state``, ``say(events)`` (an output with a ``write_lines`` method is
given each change's lines at once; one whose ``text_only`` is true reads only their text and
``brief``, and gets lines without their JSON object), ``emit``, ``output``, ``viewer``.

Messages
--------
``Message(type, text, data, seat, important)``: ``type`` is an event type or one of
``prompt``, ``error``, ``info``, ``scores``, ``game_over``, ``saved``, ``input_ended``;
``text`` the sentence (None when there is nothing to say to the viewer); ``data`` the
JSON object (seats 1-based, cards as codes); ``seat`` the 0-based seat concerned;
``important`` is True for the viewer's own turn and what needs the viewer's answer.
:func:`said` and :func:`important` are the one filter and the one rule of every interface.
"""

from __future__ import annotations

import functools
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Callable, Sequence

from uno_cli.engine.events import Event, EventKind
from uno_cli.engine.game import IN_TURN_PHASES, Game, Phase
from uno_cli.engine.seats import Seat, all_seats, seat_number
from uno_cli.play.playconfig import PlayConfig
from uno_cli.play.wire import event_json
from uno_cli.words import describe as d
from uno_cli.words import messagetypes as mt
from uno_cli.words.describe import FOLDS_INTO
from uno_cli.words.i18n import get_translator

if TYPE_CHECKING:
    from uno_cli.play.session import Match

__all__ = ["IMPORTANT", "SHORT_SKIP", "Message", "Narrator", "heard", "important", "said"]

#: The event kinds as plain strings: a member read from an Enum class costs a metaclass lookup
#: (``EnumType.__getattr__``), and the narration reads about twenty of them per event.
E = SimpleNamespace(**{kind.name: kind.value for kind in EventKind})


#: Message types left out at the short verbosity (they can be asked for by key or command): the
#: start of a hand says only the rules (once a match), the hand's number, the first card and the
#: first turn; the dealer, the deal and the count of cards dealt are for the full verbosity, and
#: the first cards sent back for the history (the card that starts the pile is what matters).
SHORT_SKIP = frozenset({mt.MATCH_START, mt.DEALER_DRAW, mt.DEALER_TIE, mt.DEALER_CHOSEN, mt.RESHUFFLE, mt.DEAL,
                        mt.HAND_DEALT, mt.BEEP_ANSWER, mt.SCORES, mt.FIRST_CARD_RETURNED})


def said(message: Message, verbosity: str) -> bool:
    """True if ``message`` is said at ``verbosity`` (short or full): the one filter of both modes."""
    return heard(message.text, message.brief, verbosity)


def heard(text: str | None, brief: bool, verbosity: str) -> bool:
    """True if a line of ``text`` (``brief``: said at short too) is said at ``verbosity``; see :func:`said`."""
    if not text:
        return False
    return verbosity != "short" or brief


#: Message types never cut off by later speech (errors, questions, the end of a hand or match).
IMPORTANT = frozenset({mt.ERROR, mt.CHOOSE, mt.GAME_OVER, mt.HAND_END})


def important(message: Message) -> bool:
    """True if ``message`` must not be cut off by later speech: the one rule of every interface."""
    return message.important or message.type in IMPORTANT


def _int_or(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _payload(ev: Event, viewer: Seat | None, names: Sequence[str], scripted: Sequence[int],
             text: str | None) -> dict[str, Any]:
    """The JSON object of a narrated event, made when it is first read (JSON output only)."""
    return event_json(ev, viewer, names, scripted, text=text)


def _line(type: str, text: str | None, data: dict[str, Any] | None = None, seat: Seat | None = None,
          important: bool = False, brief: bool = True) -> tuple[Any, ...]:
    """A line of narration as a plain tuple, the arguments of its :class:`Message` (see :meth:`Narrator.lines`)."""
    payload: dict[str, Any] = {"type": type}
    if data:
        payload.update(data)
    payload["text"] = text
    return (type, text, payload, seat, important, brief, None)


def _message(type: str, text: str | None, data: dict[str, Any] | None = None, seat: Seat | None = None,
             important: bool = False, brief: bool = True) -> Message:
    return Message(*_line(type, text, data, seat, important, brief))


class Message:
    """One thing to tell the player(s).

    ``data`` is the message's JSON object; a narrated event's is built only when it is first
    read (``make``: a function and its arguments, a tuple, cheaper to make than a partial),
    so text output never builds one.
    """

    __slots__ = ("type", "text", "_data", "_make", "seat", "important", "brief")

    def __init__(self, type: str, text: str | None, data: dict[str, Any] | None = None, seat: Seat | None = None,
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

    def shared_key(self) -> tuple[Any, ...] | None:
        """For a narrated event's object not made yet: a key equal for every viewer who sees the same
        fields of the same event (its secrets or not); None for any other line."""
        make = self._make
        if self._data is not None or make is None or make[0] is not _payload or make[4]:
            return None
        ev, viewer = make[1], make[2]
        return id(ev), id(make[3]), bool(ev.secret) and viewer is not None and viewer == ev.secret_to

    def _key(self) -> tuple[Any, ...]:
        return (self.type, self.text, self.data, self.seat, self.important, self.brief)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment] # mutable, like the dataclass it was

    def __repr__(self) -> str:
        return "Message(type=%r, text=%r, data=%r, seat=%r, important=%r, brief=%r)" % self._key()


_STARTS = frozenset({E.HAND_START, E.MATCH_START})
#: No line kept (None is a line: nothing said).
_UNKEPT = object()
# The kinds the narration tests, as module names (a global read, not an attribute's too).
_TURN, _PLAY, _DRAW, _REVERSE, _SKIP, _HAND_START, _BEEP_RACE = (
    E.TURN, E.PLAY, E.DRAW, E.REVERSE, E.SKIP, E.HAND_START, E.BEEP_RACE)
#: The ways of playing a card out of turn (then whose turn it is is said after it).
_OUT_OF_TURN_HOWS = ("jump_in", "sequence")
#: Events said as described, at both verbosities, that change nothing of what was said of the
#: turn but a play's (said first in the narration's loop, the common case).
_PLAIN = frozenset(k.value for k in EventKind) - SHORT_SKIP - {
    E.TURN, E.REVERSE, E.SKIP, E.HAND_START, E.MATCH_START}
#: Events that ask a controlled seat to act (an important line when that seat is asked).
_ASKING = frozenset({E.TURN, E.PENDING, E.BEEP_RACE, E.PLAYABLE_DRAWN})
#: Draws that take a penalty: where taking does not skip (draw_skips off), the turn that stays is said.
_PENALTY_DRAWS = frozenset({"draw_two", "wild_draw_four", "challenge_lost"})


def _seat_field(seat: Seat | None) -> int | None:
    return seat_number(seat) if seat is not None else None


def _color_line(n: Narrator, ev: Event, viewer: Seat | None) -> list[tuple[Any, ...]] | None:
    """A wild played with its colour: the colour in a line of its own (folded into the play's)."""
    color = ev.data.get("color")
    if not color:
        return None
    return [_line(mt.COLOR_CHOSEN, d.color_chosen_text(ev.seat, color, viewer, n.names),
                     {"seat": _seat_field(ev.seat), "color": color}, ev.seat)]


def _secret(ev: Event, viewer: Seat | None) -> Any:
    """What ``ev`` tells ``viewer`` alone (None: nothing)."""
    return ev.secret if ev.secret and viewer is not None and viewer == ev.secret_to else None


def _dealt_line(n: Narrator, ev: Event, viewer: Seat | None) -> list[tuple[Any, ...]] | None:
    """The viewer's own hand as dealt (said at full verbosity)."""
    secret = _secret(ev, viewer)
    if not secret:
        return None
    return [_line(mt.HAND, d.cards_line_text(secret.get("cards", []), sort=True),
                     {"seat": _seat_field(ev.seat), "cards": list(secret.get("cards", []))}, ev.seat, brief=False)]


def _drawn_line(n: Narrator, ev: Event, viewer: Seat | None) -> list[tuple[Any, ...]] | None:
    """The cards of a long draw, in a line of their own (the draw's line says their count)."""
    secret = _secret(ev, viewer)
    if not secret or len(secret.get("cards", ())) <= d.LISTED_DRAW:
        return None
    return [_line(mt.DRAWN_CARDS, d.cards_line_text(secret["cards"]),
                     {"seat": _seat_field(ev.seat), "cards": list(secret["cards"])}, ev.seat, brief=False)]


def _revealed_line(n: Narrator, ev: Event, viewer: Seat | None) -> list[tuple[Any, ...]] | None:
    """The hand a challenge showed to the challenger."""
    secret = _secret(ev, viewer)
    if not (secret and "hand" in secret and ev.seat is not None and ev.seat != viewer):
        return None
    return [_line(mt.REVEALED, d.revealed_text(ev.seat, secret["hand"], n.names),
                     {"seat": _seat_field(ev.seat), "cards": list(secret["hand"])}, ev.seat)]


def _rules_line(n: Narrator, ev: Event, viewer: Seat | None) -> list[tuple[Any, ...]] | None:
    """The rules of the match (at short they are one key away, F2, Page Up)."""
    from uno_cli.engine.options import PRESETS
    from uno_cli.words.optioninfo import preset_name

    name = n.config.preset if n.config.preset in PRESETS else "classic"
    o = n.game.options
    return [_line(mt.RULES_SUMMARY, d.rules_text(preset_name(name), o != PRESETS[name], o.target, o.hands),
                     {"preset": name}, brief=False)]


def _points_lines(n: Narrator, ev: Event, viewer: Seat | None) -> list[tuple[Any, ...]] | None:
    """Each player's points after a hand, then the scores."""
    g = n.game
    gained = ev.data.get("gained") or {}
    lines: list[tuple[Any, ...]] = []
    for seat in sorted(Seat(int(s)) for s in gained):
        points = int(gained.get(seat, gained.get(str(seat), 0)) or 0)  # type: ignore[call-overload]
        # No points, nothing said (the message stays): by ear a line per player who scored none
        # only delayed the scores, which follow and say every total.
        said = d.points_text(seat, points, viewer, n.names) if points else None
        lines.append(_line(mt.POINTS, said,
                              {"seat": seat_number(seat), "points": points}, seat))
    # After the last hand the final scores say them: the message stays, with nothing to say.
    said = d.scores_text(g.scores, n.names, viewer, g.eliminated) if g.phase != Phase.MATCH_OVER else None
    lines.append(_line(mt.SCORES, said, {"scores": list(g.scores)}, brief=False))
    return lines


def _final_line(n: Narrator, ev: Event, viewer: Seat | None) -> list[tuple[Any, ...]] | None:
    """The final scores."""
    g = n.game
    return [_line(mt.GAME_OVER, d.final_scores_text(g.scores, n.names, viewer, g.eliminated),
                     {"winners": [w + 1 for w in g.winners], "scores": list(g.scores),
                      "names": list(n.names), "hands": g.hand_number})]


#: The lines of their own that follow an event of these kinds (drawn cards, a revealed hand,
#: points, totals), each made by its function (None: none this time).
_LINES_AFTER: dict[str, Callable[[Narrator, Event, Seat | None], list[tuple[Any, ...]] | None]] = {
    E.PLAY: _color_line, E.HAND_DEALT: _dealt_line, E.DRAW: _drawn_line, E.CHALLENGE_RESULT: _revealed_line,
    E.MATCH_START: _rules_line, E.HAND_END: _points_lines, E.MATCH_END: _final_line,
}
#: The functions of :data:`_LINES_AFTER` whose lines tell what an event tells its listener alone
#: (a hand dealt, the cards drawn, a revealed hand: :func:`_secret`).
_OWN_LINES = frozenset({_dealt_line, _drawn_line, _revealed_line})
#: :data:`_LINES_AFTER` for a listener who sees no secret (an onlooker): without those.
_PUBLIC_LINES_AFTER = {kind: made for kind, made in _LINES_AFTER.items() if made not in _OWN_LINES}


class Narrator:
    """What a match's events say to each listener, in order, with the turn state between them.

    The one narration of script mode, the interactive game and network tables; a server says
    the same events to each member with :meth:`narrate` and keeps :attr:`turn_state`. It
    holds its :class:`Match` and reads the game, names and settings there.
    """

    def __init__(self, match: Match, output: Callable[[Message], None] | None = None,
                 viewer: Seat | None = None) -> None:
        self.match = match
        self.output: Callable[[Message], None] = output or (lambda m: None)
        """Called with every message said to the match's own listener."""
        self.viewer = viewer
        """The seat whose point of view the text takes ("You play ..."), or None."""
        #: What the output takes, read once per output: (output, its write_lines, whether it reads
        #: only text, the list it holds text lines on and how many it holds before writing them, and
        #: its write_held) (see :meth:`say`).
        self._sink: tuple[Any, ...] = (None, None, False, None, 0, None)
        #: The listener of the last lines (kept lines), the names it was taken for (a copy, compared
        #: without making a tuple), and its parts read once: line, other_line, first, secrets.
        self._hearing: tuple[Any, ...] = (None, None, None, None, None, False)
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
             seat: Seat | None = None, important: bool = False, brief: bool = True) -> None:
        """Send one message to the output callback."""
        self.output(_message(type, text, data, seat, important, brief))

    @functools.cached_property
    def scripted_seats(self) -> list[Seat]:
        """The seats a person or a script plays (the seats are fixed when the match is made)."""
        return [s for s in all_seats(self.game.players) if self.controlled(s)]

    def say(self, events: list[Event]) -> None:
        """Say ``events`` to the session's own output (from its viewer's point of view)."""
        output = self.output
        sink = self._sink
        if sink[0] is not output:  # what the output takes, read once per output
            write = getattr(output, "write_lines", None)
            text_only = write is not None and getattr(output, "text_only", False)
            held = getattr(output, "held_lines", None) if text_only else None
            sink = self._sink = (output, write, text_only, held, getattr(output, "hold_lines", 0),
                                 getattr(output, "write_held", None))
        held = sink[3]
        # Several scripted seats: the script controls them all, so it sees their secrets.
        if held is not None:
            # An output holding text lines (script mode's writer): each change's lines are put on
            # its list, written once it holds enough (no call, no list of their own a change).
            self.turn_state = self.lines(events, self.viewer, self.scripted_seats, True, held)[1]
            if len(held) >= sink[4]:
                sink[5]()
            return
        write = sink[1]
        lines, self.turn_state = self.lines(events, self.viewer, self.scripted_seats, sink[2])
        if write is not None:
            write(lines)  # an output that takes the plain lines (script mode's writer)
            return
        for line in lines:
            output(Message(*line))

    def narrate(self, events: list[Event], viewer: Seat | None,
                scripted: Sequence[int] = ()) -> tuple[list[Message], tuple[int | None, bool]]:
        """What ``events`` say to ``viewer``, in order, and the turn state after them (the caller keeps
        it): the one narration of script mode, the interactive game and network tables."""
        lines, state = self.lines(events, viewer, scripted)
        return [Message(*line) for line in lines], state

    def lines(self, events: list[Event], viewer: Seat | None, scripted: Sequence[int] = (),
              text_only: bool = False, out: list[tuple[Any, ...]] | None = None
              ) -> tuple[list[tuple[Any, ...]], tuple[int | None, bool]]:
        """:meth:`narrate`'s lines as plain tuples, the arguments of each :class:`Message` (type, text,
        data, seat, important, brief, make), for an output that writes them without the objects;
        ``text_only``: for an output that reads only their text and ``brief`` (an event's line
        is then never important, and has no JSON object); ``out``: a list to put them on (the
        lines given before stay as they are), by default a new one.

        One pass: each event's line is decided (said or not, at which verbosity, important) and
        folded into the line before it where a listener hears them as one (:func:`describe.fold`)
        as it is made, then the lines of its own that follow it."""
        match = self.match
        g = match.game
        turn_said, out_of_turn = self.turn_state
        reversed_duo = False
        names = match.names
        hearing = self._hearing  # describe, each line made once and kept
        listener = hearing[0]
        if (listener is None or listener.retired or listener.viewer != viewer
                or listener.translator is not get_translator() or hearing[1] != names):
            listener = d.listener(viewer, names)
            hearing = self._hearing = (listener, list(names), listener.line, listener.other_line,
                                       listener.first, listener.secrets)
        _, _, said, other, first, secrets = hearing
        lines_after = _LINES_AFTER if secrets else _PUBLIC_LINES_AFTER
        # Their asking lines are important (read for a line's importance alone).
        asked: Sequence[int] = () if text_only else self.scripted_seats
        if out is None:
            out = []
        # The fold: where the line later lines may join is in ``out`` (its index, -1: none), the
        # event that made it, and the said line before it (-1: none; else the head waits behind it).
        head = prior = -1
        head_ev: Event | None = None
        pending = list(events)
        for index, ev in enumerate(pending):
            kind = ev.type
            seat = ev.seat
            text: Any
            if kind == _TURN:
                brief = True
                if seat == turn_said and not (
                    index and pending[index - 1].type == _DRAW and pending[index - 1].data.get("reason") in _PENALTY_DRAWS
                    and seat == pending[index - 1].seat and not any(e.type == _TURN for e in pending[index + 1:])
                ):
                    # The turn did not change (a draw): not said again. After a penalty taken it is:
                    # "You must take 2." was its line, and the player still has the turn.
                    text = None
                else:
                    brief = seat == viewer or out_of_turn or reversed_duo
                    text = _UNKEPT
                turn_said = seat
                out_of_turn = reversed_duo = False
            elif kind in _PLAIN:
                # No turn bookkeeping, said at both verbosities (most plays, draws).
                brief = True
                text = _UNKEPT
                if kind == _PLAY:
                    turn_said = None
                    out_of_turn = ev.data.get("how") in _OUT_OF_TURN_HOWS
            else:
                brief = kind not in SHORT_SKIP
                text = _UNKEPT  # (None: the event's line stays, its JSON, its sound, with nothing said)
                if kind == _REVERSE:
                    if g.players - sum(g.eliminated) == 2:
                        # With two players a Reverse is said as the turn it gives.
                        reversed_duo = True
                        text = None
                elif kind == _SKIP:
                    if reversed_duo:
                        text = None
                elif kind in _STARTS:
                    turn_said, out_of_turn = None, False
                    if kind == _HAND_START and _int_or(ev.data.get("hand"), 0) == 1:
                        brief = False  # at short the first card begins the match
            if text is _UNKEPT:
                if secrets and ev.secret:
                    text = said(ev)  # maybe the listener's own secret
                else:
                    # The line kept under its type's first way of reading (Listener.line's first step, without a call).
                    try:
                        _, key, known = first[kind]
                        text = known[seat].get(key(ev.data), _UNKEPT)
                    except (KeyError, TypeError):
                        pass
                    if text is _UNKEPT:
                        text = other(ev)
            # The JSON object is made only when it is read (JSON output).
            line: tuple[Any, ...] = (kind, text, None, seat, False, brief, None) if text_only else (
                kind, text, None, seat, kind in _ASKING and (seat in asked or kind == _BEEP_RACE), brief,
                (_payload, ev, viewer, names, scripted, text))
            after = lines_after.get(kind)
            more = None if after is None else after(self, ev, viewer)
            while True:  # the event's line, then the lines of their own after it
                if text:
                    if head >= 0 and line[0] in FOLDS_INTO:
                        # A line that may join the one before it (see describe.fold).
                        h = out[head]
                        if (prior >= 0 and (p := out[prior])[5] == line[5]
                                and d.joins_the_draw(h[0], h[3], line[0], line[3], viewer)):
                            out[prior] = (p[0], p[1] + " " + text, p[2], p[3], p[4] or line[4], p[5], p[6])
                            text = None
                        elif h[5] == line[5] and (joined := d.fold(h[0], h[3], h[1], line[0], line[3], text, head_ev,  # type: ignore[arg-type]
                                                                   ev, prior >= 0, viewer, names)) is not None:
                            out[head] = (h[0], joined, h[2], h[3], h[4] or line[4], h[5], h[6])
                            text = None
                        if text is None:  # folded: the line keeps its place (its JSON, its sound), said by another
                            line = (line[0], None, line[2], line[3], line[4], line[5], line[6])
                    if text:
                        prior, head, head_ev = head, len(out), ev
                out.append(line)
                if not more:
                    break
                line = more.pop(0)
                text = line[1]
            if out_of_turn and index == len(pending) - 1 and g.phase in IN_TURN_PHASES:
                # After every out-of-turn card, whose turn it is (the engine said no turn: it stayed).
                pending.append(Event(_TURN, g.current))
        return out, (turn_said, out_of_turn)
