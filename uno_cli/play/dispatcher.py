"""The command lines typed for a match's seats: the :class:`Dispatcher` and its :class:`LineResult`.

The dispatcher of a match (``session.dispatcher``, see :mod:`uno_cli.play.session`) parses a
line (``handle_line(text, seat)``), carries out a parsed command (``handle_command``) and says
an error with what the seat may do now (``error``); the game is unchanged on error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from uno_cli.engine.actions import Action
from uno_cli.engine.cards import WILD, WILD4
from uno_cli.engine.errors import IllegalAction
from uno_cli.engine.seats import Seat, all_seats, seat_number
from uno_cli.play.commands import (
    BY_NAME, INTERFACE, QUERIES, Asking, Command, Partial, ask, force_words, help_lines, label, localize_command, normalize,
    parse, resolve, save_force_command, spoken_moves,
)
from uno_cli.play.savefile import SaveRefused, typed_path, write_typed
from uno_cli.words import describe as d
from uno_cli.words import messagetypes as mt
from uno_cli.words.i18n import get_translator
from uno_cli.words.names import clean_text

if TYPE_CHECKING:
    from uno_cli.play.session import Match

__all__ = ["Dispatcher", "LineResult", "help_text"]


@dataclass
class LineResult:
    """What one command line did."""

    ok: bool
    changed: bool = False
    verb: str = ""
    seat: Seat | None = None
    quit: bool = False
    waived: bool = False
    error: str | None = None


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
        self.match.narrator.emit(mt.ERROR, line, data, seat, True)
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
                self.match.narrator.emit(mt.CHOOSE, d.choose_color_text(),
                          {"seat": seat_number(seat), "card": pend.card, "legal": self.match.legal_commands(seat)}, seat, True)
            else:
                self.match.narrator.emit(mt.CHOOSE, d.choose_target_text(),
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
        self.match.narrator.emit(mt.SAVED, d.saved_text(shown), {"file": str(path)}, seat)
        return LineResult(True, verb="save", seat=seat)


def _save_argument(arg: str) -> tuple[str, bool]:
    """The file of ``save FILE``, and whether the player consented to replace it (``force``,
    or that word in any language)."""
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
