"""Reading save and setup files safely, and writing a save where the player typed ``save FILE``.

Reading (:func:`read_json`): the file must be a regular file (a FIFO, a device or a folder is
refused without waiting: it is opened with ``O_NONBLOCK`` where the platform has it) of at
most :data:`MAX_BYTES`; it is read as UTF-8 (a leading byte-order mark is allowed) and parsed
by :func:`uno_cli.engine.state_io.parse_json`. Every problem is an InvalidSetup naming it;
a file that cannot be opened is an OSError.

Writing (:func:`write_typed`): ``~`` is expanded; the folder must exist (none is created);
the path must not be a symbolic link or anything but a regular file; an existing file is
replaced only if it is a save of this game or ``force`` is given, and keeps its permissions.
The file is replaced atomically (:func:`atomic_write`, which the settings and the autosave use too:
a temporary file in the same folder, then a rename).

What a file says (:func:`read_save`, :func:`file_seats`, :func:`file_names`, :func:`file_bots`):
the save or setup object in the current format, who plays its seats (a file never starts a
program), its names and the bots' memories, each checked; every problem is an InvalidSetup
naming the field. Every name is cleaned later by :func:`uno_cli.words.names.clean_name`.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from uno_cli.engine import state_io
from uno_cli.engine.errors import InvalidSetup
from uno_cli.engine.seats import Seat, seat_index
from uno_cli.play.playconfig import BOT, COMMAND, HUMAN, SCRIPT, SeatSpec
from uno_cli.words.names import repeated_name

#: The largest save or setup file read, in bytes (real saves are a few kilobytes).
MAX_BYTES = 1_000_000
_BOM = b"\xef\xbb\xbf"


def atomic_write(path: Path, text: str, mode: int | None = None, make_folder: bool = True) -> None:
    """Write text to path so that a crash leaves either the old or the new file, never half.

    ``mode`` gives the file those permissions (a file replaced keeps its own this way);
    without it the file is private to the player, as the game's own files are.
    ``make_folder`` False refuses a folder that does not exist (FileNotFoundError).
    """
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    elif not path.parent.is_dir():
        raise FileNotFoundError(str(path.parent))
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        _replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _replace(source: str, target: Path, attempts: int = 5) -> None:
    # On Windows the replace fails while another program (a virus scanner, a second game
    # reading the file) holds the target open; that lasts moments, so try again shortly.
    import time

    for attempt in range(attempts):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if attempt == attempts - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


def read_json(path: str | Path) -> Any:
    """The JSON value of a save or setup file (raises InvalidSetup, or OSError if unopenable)."""
    return state_io.parse_json(read_text(path))


def read_text(path: str | Path) -> str:
    """The text of a file given to the game, read with the limits above (raises InvalidSetup or OSError)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(os.fspath(path), flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise InvalidSetup("not_a_file")
        chunks = []
        size = 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > MAX_BYTES:
        raise InvalidSetup("too_big", limit=MAX_BYTES // 1000)
    raw = raw.removeprefix(_BOM)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidSetup("not_utf8", offset=exc.start) from None
    return text


class SaveRefused(Exception):
    """``save FILE`` will not write there; ``code`` says why."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(code)


def typed_path(text: str) -> Path:
    """The file a player's ``save FILE`` names: ``~`` expanded, relative to the current folder."""
    return Path(os.path.expanduser(text))


def is_save(path: Path) -> bool:
    """True if ``path`` holds a save of this game (an object with a format this version reads)."""
    try:
        data = read_json(path)
    except (InvalidSetup, OSError):
        return False
    return isinstance(data, dict) and data.get("format") in state_io.READ_FORMATS


def write_typed(path: Path, text: str, force: bool = False) -> None:
    """Write a save where the player asked (raises SaveRefused or OSError)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    mode = None
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise SaveRefused("symlink")
        if not stat.S_ISREG(info.st_mode):
            raise SaveRefused("not_a_file")
        if not force and not is_save(path):
            raise SaveRefused("not_a_save")
        mode = stat.S_IMODE(info.st_mode)
    if mode is None:  # a new file gets the usual permissions (mkstemp makes it private)
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    atomic_write(path, text, mode=mode, make_folder=False)


def read_save(path: str) -> dict[str, Any]:
    """The JSON object of a save or setup file, in the current format (seats from 1).

    The file is read within limits (see :mod:`uno_cli.play.savefile`). Raises InvalidSetup if it
    is not a JSON object or its format is unknown (or OSError if it cannot be opened); an
    old uno-cli/1 save is renumbered (see :func:`uno_cli.engine.state_io.upgrade`).
    """
    data = read_json(path)
    if not isinstance(data, dict):
        raise InvalidSetup("not_an_object")
    return state_io.upgrade(data)  # type: ignore[no-any-return]


def file_seats(
    data: dict[str, Any], command_line: list[SeatSpec], players: int, script_kind: str = SCRIPT,
) -> tuple[list[SeatSpec], list[Seat]]:
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
    replaced: list[Seat] = []
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
            replaced.append(Seat(i))
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
