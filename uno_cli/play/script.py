"""Script mode: a whole game through standard input and output (see docs/protocol.md).

Commands are read from stdin as bytes, one per line (each line decoded as UTF-8; a line
that is not valid UTF-8 is an error line, never a crash). Every message is written to
stdout as one line of UTF-8, text or (``--format json``) one JSON object per line,
whatever the locale. Exit status: 0 the game ended, 3 input ended first (the game is
saved, see :func:`unfinished_path`), 4 a ``quit`` command, Ctrl+C, SIGTERM or SIGHUP (saved the same way),
5 standard output cannot be written (closed, or a full disk; saved the same way, the
file named on standard error), 6 the game did not end within the referee's limit of moves
(an endless game; saved the same way).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import IO, Any, Callable

from uno_cli.words import describe
from uno_cli.words import messagetypes as mt
from uno_cli.engine.seats import Seat, seat_number
from uno_cli.play.playconfig import PlayConfig

EXIT_OK = 0
EXIT_BAD_SETUP = 2
EXIT_INPUT_ENDED = 3
EXIT_QUIT = 4
EXIT_OUTPUT_FAILED = 5
EXIT_ENDLESS = 6
#: The longest input line read, in bytes: a longer one is refused as too long, and the rest of
#: it is read and dropped piece by piece, never held whole.
MAX_LINE_BYTES = 4096
#: Lines held before they are written in one piece (about the 8 KiB a buffered standard
#: output holds anyway); everything held is written before a prompt, any other message, and
#: at every flush.
HELD_LINES = 128


class OutputGone(Exception):
    """Standard output cannot be written any more (closed, a broken pipe, a full disk)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP (the terminal closed): stopped as Ctrl+C stops a game (saved)."""


def _terminate(signum: int, frame: Any) -> None:
    raise Terminated(signum)


def _set_handler() -> Callable[[int, Any], Any]:
    """``signal.signal`` without its conversion of every handler to an enum on the way out (an
    exception raised and caught for each Python handler): CPython's ``_signal.signal``, where
    there is one."""
    try:
        from _signal import signal as set_handler
    except ImportError:  # pragma: no cover - another Python
        from signal import signal as set_handler
    return set_handler  # type: ignore[return-value]


def _stop_signals() -> dict[int, Any]:
    """Make SIGTERM and SIGHUP (where the platform has them) stop the game as Ctrl+C does;
    the handlers they replace, to put back (none outside the main thread)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return {}
    set_handler = _set_handler()
    old = {}
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None:
            try:
                old[signum] = set_handler(signum, _terminate)
            except (OSError, ValueError):
                pass
    return old


def _restore_signals(old: dict[int, Any]) -> None:
    set_handler = _set_handler()
    for signum, handler in old.items():
        try:
            set_handler(signum, handler)
        except (OSError, ValueError, TypeError):
            pass


def save_folder() -> Path:
    """Where an unfinished game is saved: the platform's data folder (``UNO_CLI_HOME``
    overrides it), or the current folder when that cannot be written."""
    try:
        from uno_cli.play.settings import data_dir

        return data_dir()
    except Exception:  # noqa: BLE001
        return Path.cwd()


def unfinished_path(folder: Path) -> Path:
    """The first free ``unfinished-N.json`` in ``folder``, created empty so that games saving
    at the same moment never take the same N (the caller writes the game into it)."""
    folder.mkdir(parents=True, exist_ok=True)
    n = 1
    while True:
        candidate = folder / f"unfinished-{n}.json"
        try:
            os.close(os.open(candidate, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
            return candidate
        except FileExistsError:
            n += 1


def setup_problem(exc: BaseException, file: str | None) -> str:
    """The sentence for a ``--setup``/``--resume`` file (or options) that cannot start a game."""
    from uno_cli.engine.errors import InvalidOptions, InvalidSetup
    from uno_cli.words.errtext import file_unreadable, option_error, setup_error

    if isinstance(exc, InvalidOptions):
        return option_error(exc)
    if isinstance(exc, InvalidSetup):
        return setup_error(exc)
    return file_unreadable(file)


def _no_stream(data: bytes) -> int:
    raise AttributeError("no standard output")


class _Writer:
    def __init__(self, stream: IO[bytes], fmt: str, verbosity: str = "full") -> None:
        from uno_cli.play.narrator import heard, said

        self.stream = stream
        self.json = fmt == "json"
        #: Text output reads only a line's text and whether it is brief (see :meth:`Narrator.lines`).
        self.text_only = not self.json
        self.verbosity = verbosity
        self._said = said
        #: Whether a line with text is heard at this verbosity, by its ``brief`` (False, True):
        #: the one filter, :func:`heard`, asked once per session.
        self._hears = (heard("-", False, verbosity), heard("-", True, verbosity))
        self._write = getattr(stream, "write", None) or _no_stream
        #: Text output's lines given and not written yet, written once there are ``hold_lines`` (the
        #: narrator puts each change's lines on this list: :meth:`Narrator.say`).
        self.held_lines: list[tuple[Any, ...]] = []
        self.hold_lines = HELD_LINES

    def __call__(self, message: Any) -> None:
        # One frame a line: this is called for every message of every event.
        if self.held_lines:
            self.write_held()
        try:
            if self.json:
                line = json.dumps(message.data, ensure_ascii=False, separators=(", ", ": "))
            else:
                line = message.text
                if line is None or not self._said(message, self.verbosity):
                    return
            self._write(line.encode("utf-8", "replace") + b"\n")
        except (OSError, ValueError, AttributeError) as exc:
            raise OutputGone from exc

    def write_lines(self, lines: list[tuple[Any, ...]]) -> None:
        """Write the lines of a change, plain tuples as :meth:`Narrator.lines` makes them (type, text,
        data, seat, important, brief, make): text output reads their text alone."""
        if self.json:
            from uno_cli.play.narrator import Message

            for line in lines:
                self(Message(*line))
            return
        # Held as they are (a change's lines are final once given), then the lines heard written
        # many changes in one piece (the same bytes as a write a line).
        held = self.held_lines
        held += lines
        if len(held) >= HELD_LINES:
            self.write_held()

    def write_held(self) -> None:
        """Write the text lines held that are heard at this verbosity."""
        held = self.held_lines
        if held:
            hears = self._hears
            texts = [text for line in held if (text := line[1]) and hears[line[5]]]
            held.clear()  # (the same list: the narrator puts the next lines on it)
            if texts:
                texts.append("")  # the last line's newline
                try:
                    self._write("\n".join(texts).encode("utf-8", "replace"))
                except (OSError, ValueError, AttributeError) as exc:
                    raise OutputGone from exc

    def flush(self) -> None:
        self.write_held()
        try:
            self.stream.flush()
        except (OSError, ValueError, AttributeError) as exc:
            raise OutputGone from exc


def _prompt(session: Any, wait: Any, writer: _Writer, prompt_id: int = 0) -> None:
    from uno_cli.play.commands import localize_command
    from uno_cli.words.describe import prompt_text
    from uno_cli.play.narrator import Message
    from uno_cli.play.wire import prompt_legal

    seat = wait.seat
    race = wait.kind == "race"
    legal = prompt_legal(session.legal_commands(seat), race)
    # The text says the verbs in the player's language; the JSON "legal" list stays canonical.
    text = prompt_text([localize_command(c) for c in legal], race, seat, session.narrator.viewer, session.names)
    # The JSON object is made only when it is written (JSON output), before anything changes.
    writer(Message(mt.PROMPT, text, None, seat, True, make=(_prompt_json, session, seat, prompt_id, race, legal, text)))


def _prompt_json(session: Any, seat: Seat, prompt_id: int, race: bool, legal: list[str], text: str) -> dict[str, Any]:
    """The prompt's JSON object: the seat's view, its legal commands, the other scripted seats' chances."""
    from uno_cli.play.wire import prompt_json

    data = prompt_json(session.game.view(seat), prompt_id, race, legal, text)
    others = {}
    for s in range(session.game.players):
        if s != seat and session.controlled(s):
            cmds = [_cmd(session, a) for a in session.race_chances(s)]
            if cmds:
                others[str(seat_number(s))] = ["@%d %s" % (seat_number(s), c) for c in cmds]
    if others:
        data["others"] = others
    data["text"] = data.pop("text")
    return data


def _hello(session: Any, writer: _Writer) -> None:
    from uno_cli.play.narrator import Message
    from uno_cli.play.wire import hello_json

    players = session.game.players
    scripted = [s for s in range(players) if session.controlled(s)]
    writer(Message(mt.HELLO, None, None, make=(hello_json, players, session.names, session.narrator.viewer, scripted)))


def answer_line(session: Any, line: str, seat: Seat, prompt_id: int) -> str | None:
    """The command of an answer line, its prompt id checked (None: refused, an error written)."""
    from uno_cli.play.commands import localize_command
    from uno_cli.play.wire import answer_parts, bare_line

    parts = answer_parts(line)
    tagged = parts is not None and (parts[0] is not None or bare_line(line).startswith("{"))
    if parts is None or tagged and _ignored(parts[1]):  # an answer object or #N must hold a command
        session.dispatcher.error("invalid_answer", describe.parse_error_text(None, {}, localize_command), seat)
        return None
    pid, command = parts
    if pid is not None and pid != prompt_id:
        session.dispatcher.error("wrong_prompt", describe.wrong_prompt_text(pid, prompt_id), seat, id=pid, prompt=prompt_id)
        return None
    return command if tagged else line


def _ignored(line: str) -> bool:
    """A blank line or a comment (``#`` not followed by a prompt id and a command)."""
    from uno_cli.play.wire import bare_line

    text = bare_line(line)
    return not text or text.startswith("#")


def _next_line(stdin: IO[bytes]) -> bytes | None:
    """The next input line that is not blank or a comment (see :func:`_read_line`): those are
    skipped without a word, not even the prompt again."""
    from uno_cli.play.wire import answer_parts, bare_line

    while True:
        raw = _read_line(stdin)
        if not raw:
            return raw
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw
        if not (_ignored(line) and answer_parts(line) == (None, bare_line(line))):
            return raw


def _cmd(session: Any, action: Any) -> str:
    from uno_cli.play.commands import action_to_command

    return action_to_command(action, session.names)


def run(config: PlayConfig, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> int:
    """Play a whole game from ``stdin`` to ``stdout`` (binary streams); return the exit status."""
    from uno_cli.engine.errors import EngineError, InvalidSetup
    from uno_cli.play.session import Session

    if stdin is None:
        stdin = sys.stdin.buffer if sys.stdin is not None else open(os.devnull, "rb")
    real_stdout = stdout is None
    if stdout is None:
        stdout = sys.stdout.buffer if sys.stdout is not None else None
    writer = _Writer(stdout, config.format, config.verbosity)  # type: ignore[arg-type]
    try:
        session = Session(config, writer)
    except (InvalidSetup, EngineError, OSError) as exc:
        _to_stderr(setup_problem(exc, config.resume or config.setup))
        return EXIT_BAD_SETUP
    from uno_cli.play.external import attach_logs, report_faults, unstartable

    missing = unstartable(session.bots)
    if missing is not None:
        sys.stderr.write(describe.unstartable_text(missing) + "\n")
        session.close()
        return EXIT_BAD_SETUP
    attach_logs(session.bots)
    old_signals = _stop_signals()
    try:
        return _loop(session, stdin, writer)
    except OutputGone:
        path = _save_unfinished(session)
        if path is None:
            _to_stderr(describe.stopped_text("output", None))
        else:
            _to_stderr(describe.stopped_text("output", str(path)))
        if real_stdout:
            silence_stdout()
        return EXIT_OUTPUT_FAILED
    except KeyboardInterrupt:
        # Ctrl+C, SIGTERM, SIGHUP: like a quit command (saved, said, status 4).
        _restore_signals(old_signals)
        try:
            return _stop(session, writer, quit=True)
        except OutputGone:
            if real_stdout:
                silence_stdout()
            return EXIT_OUTPUT_FAILED
    finally:
        try:
            writer.write_held()  # (after an unforeseen error: what was said before it)
        except OutputGone:
            pass
        _restore_signals(old_signals)
        session.close()
        report_faults(session.bots, sys.stderr)


def _to_stderr(text: str) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass


def silence_stdout() -> None:
    """Point standard output at the null device, so that Python's final flush of a closed or
    full stdout does not print an error at exit."""
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1)
        os.close(fd)
    except OSError:
        pass


def _save_unfinished(session: Any) -> Path | None:
    """Save the game as the next ``unfinished-N.json``; None if no folder takes it."""
    for folder in (save_folder(), Path.cwd()):
        try:
            candidate = unfinished_path(folder)
        except OSError:
            continue
        try:
            session.save(candidate)
            return candidate
        except OSError:
            try:
                candidate.unlink()
            except OSError:
                pass
    return None


def _read_line(stdin: IO[bytes]) -> bytes | None:
    """One input line of at most :data:`MAX_LINE_BYTES` (b"" at the end of the input), or None
    for a longer line, which is read to its end and dropped."""
    raw = stdin.readline(MAX_LINE_BYTES + 1)
    if len(raw) <= MAX_LINE_BYTES or raw.endswith(b"\n"):
        return raw
    while True:
        chunk = stdin.readline(1 << 16)
        if not chunk or chunk.endswith(b"\n"):
            return None


def _loop(session: Any, stdin: IO[bytes], writer: _Writer) -> int:
    from uno_cli.play.commands import localize_command

    _hello(session, writer)
    session.start()
    wait = session.advance()
    prompt_id = 0
    while wait is not None:
        prompt_id += 1
        _prompt(session, wait, writer, prompt_id)
        writer.flush()
        raw = _next_line(stdin)
        if raw is None:
            session.dispatcher.error("too_long", describe.parse_error_text("too_long", {}, localize_command), wait.seat)
            continue
        if not raw:
            return _stop(session, writer, quit=False)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = "\ufffd"
        line = line.rstrip("\r\n")
        answer = answer_line(session, line, wait.seat, prompt_id)
        if answer is None:
            continue  # an answer to another prompt: refused
        result = session.dispatcher.handle_line(answer, wait.seat)
        if result.quit:
            return _stop(session, writer, quit=True)
        if result.changed or result.waived:
            wait = session.advance()
    if not session.game.is_over:
        # The referee stopped an endless game (its limit of moves): never a silent success.
        return _stop(session, writer, quit=False, why="endless")
    writer.flush()
    return EXIT_OK


def _stop(session: Any, writer: _Writer, quit: bool, why: str | None = None) -> int:

    path = _save_unfinished(session)
    kind = why or (mt.QUIT if quit else mt.INPUT_ENDED)
    file = None if path is None else str(path)
    session.narrator.emit(kind, describe.stopped_text(kind, file), {"file": file})
    writer.flush()
    if kind == mt.ENDLESS:
        return EXIT_ENDLESS
    return EXIT_QUIT if quit else EXIT_INPUT_ENDED
