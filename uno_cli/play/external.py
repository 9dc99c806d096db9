"""Seats played by an outside program speaking JSON Lines over its stdin and stdout.

The program is started once per game, in its own process group. It reads exactly what
``uno play --format json`` writes for its seat (docs/protocol.md, "External programs"):
first a ``hello`` object (the protocol version, the players, its seat), then every event its
seat may see (:func:`uno_cli.play.wire.event_json`) and a prompt (:func:`uno_cli.play.wire.prompt_json`)
whenever the seat may act. Seats are numbered from 1.

It answers each prompt with one line: one of the prompt's ``legal`` commands, bare
(``play r5``), tagged with the prompt's id (``#17 play r5``) or as JSON
(``{"id": 17, "cmd": "play r5"}``). A bare line answers the oldest prompt it has not
answered yet, so a slow program's late answer is never taken for the next prompt.

Faults never stop the game. The seat takes the safe default for the prompt when:

* ``crash``: the program cannot start, exits, closes its output or does not read its
  input (a line cannot be written within the time limit);
* ``timeout``: no answer within the time limit (default 5 seconds);
* ``invalid``: the answer to the prompt is not in ``legal``, names a prompt that does not
  exist, or is longer than :data:`MAX_LINE` bytes. A bare line that does not start with a
  command's verb (a banner, a log line) is counted but does not use up the prompt;
* ``late``: an answer to an older prompt (thrown away, counted).

The safe defaults: a draw penalty waiting: ``accept``; choosing the first card's colour:
red; after drawing a playable card: ``pass``; in turn otherwise ``draw`` (or the first
legal play); a Beep race: ``beep``; out of turn: nothing.

After a crash, three time-outs in a row (late answers do not break the row) or
:data:`MAX_INVALID` invalid lines in a row, the program is stopped (its whole process
group) and the seat plays the safe default for the rest of the game. An eliminated seat
gets nothing more. Its standard error goes to ``stderr_log`` when given (at most
:data:`MAX_LOG` bytes a file; :func:`log_path` makes such files safely). The reader and
writer threads belong to one program: they end, and its pipes are closed, before
:meth:`ExternalBot.close` returns. Ending a program ends everything it started, including
descendants that left its process group (:func:`_strays`).
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import random
import shlex
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections import Counter, deque
from collections.abc import Iterator
from typing import IO, Any, Sequence

from uno_cli.bots.base import REACTION, Bot
from uno_cli.engine.seats import Seat, seat_number
from uno_cli.play.commands import REGISTRY, action_to_command
from uno_cli.words.describe import prompt_text
from uno_cli.words.simreport import fault_line
from uno_cli.engine import Action, Event, View
from uno_cli.engine.events import EventKind
from uno_cli.play.wire import answer_parts, event_json, hello_json, prompt_json, prompt_legal

#: Seconds an external program has to answer a prompt (and to take a line we write).
DEFAULT_TIMEOUT = 5.0
#: Time-outs in a row after which the program is stopped.
MAX_STRIKES = 3
#: Invalid lines in a row after which the program is stopped (a flood).
MAX_INVALID = 50
#: The longest line read from a program, in bytes; longer lines are thrown away.
MAX_LINE = 64 * 1024
#: Lines waiting to be written to, or read from, a program.
QUEUE_LINES = 256
#: The answer meaning "nothing now" (race prompts only).
WAIT = "wait"
#: The first words of the commands a prompt may list: the registry's verbs that stand for an
#: engine action, and ``wait``.
ANSWER_VERBS = frozenset(v.name for v in REGISTRY if v.kinds) | {WAIT}
#: Seconds an outside program takes to react in a race (low, high), unless told otherwise: a normal bot's.
DEFAULT_REACTION: tuple[float, float] = REACTION["normal"]
#: The kinds of fault, in report order.
FAULT_KINDS = ("crash", "timeout", "invalid", "late")
#: The most bytes of standard error kept in one program's log file; the rest is thrown away.
MAX_LOG = 1024 * 1024
#: The environment variable that marks a program and everything it starts (to find them at the end).
MARK = "UNO_CLI_PROGRAM"
#: Fault details kept (the counts are complete).
KEEP_DETAILS = 20

_CLOSED = object()
_TOO_LONG = b"\0too long"
#: Output pipes whose reader still waits on a grandchild that keeps them open.
_STUCK: list[Any] = []


def split_command(command: str) -> list[str]:
    """A command line as an argument list: shell rules on POSIX, Windows rules on Windows.

    On Windows backslashes are path separators, not escapes (``C:\\Python\\python.exe``).
    """
    if sys.platform == "win32":
        parts = shlex.split(command, posix=False)
        return [p[1:-1] if len(p) >= 2 and p[0] == p[-1] == '"' else p for p in parts]
    return shlex.split(command)


def parse_reaction(text: str) -> tuple[float, float]:
    """A race reaction time: ``LOW-HIGH`` seconds, one number of seconds, or a bot level's (``hard``).

    Raises ValueError for anything else (negative, not finite, low above high, over 60 s).
    """
    text = text.strip().lower()
    if text in REACTION:
        return REACTION[text]
    low_text, sep, high_text = text.partition("-")
    low = float(low_text)
    high = float(high_text) if sep else low
    if not (0.0 <= low <= high <= 60.0):
        raise ValueError(text)
    return low, high


def external_level(level: str) -> tuple[str, tuple[float, float] | None] | None:
    """The command and reaction time of a level ``external:COMMAND`` or ``external@REACTION:COMMAND``, else None.

    Raises ValueError for a reaction time :func:`parse_reaction` refuses.
    """
    head, sep, command = level.partition(":")
    if not sep or not command.strip():
        return None
    if head == "external":
        return command, None
    name, at, reaction = head.partition("@")
    if name != "external" or not at:
        return None
    return command, parse_reaction(reaction)


def answer_action(text: str, legal: Sequence[Action]) -> Action | None:
    """The legal action whose canonical command ``text`` is (spaces and case do not matter), or None."""
    wanted = " ".join(text.strip().lower().split())
    return next((a for a in legal if action_to_command(a) == wanted), None)


def safe_default(view: View) -> Action | None:
    """The action a faulty seat takes: the referee's one default (:func:`uno_cli.play.race.default_action`)."""
    from uno_cli.play.race import default_action

    return default_action(view)


def _chunks(fd: int, stop: threading.Event) -> Iterator[bytes]:
    """What the program writes on ``fd``, chunk by chunk, until it closes it or ``stop`` is set."""
    while not stop.is_set():
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return
        if not chunk:
            return
        yield chunk


def _reader(fd: int, lines: queue.Queue[Any], stop: threading.Event) -> None:
    """Split the program's output into lines of at most MAX_LINE bytes (longer ones marked)."""
    buf = b""
    skipping = False
    for chunk in _chunks(fd, stop):
        buf += chunk
        while True:
            end = buf.find(b"\n")
            if end < 0:
                if len(buf) > MAX_LINE:
                    if not skipping:
                        _put(lines, _TOO_LONG, stop)
                    skipping, buf = True, b""
                break
            line, buf = buf[:end], buf[end + 1:]
            if skipping or len(line) > MAX_LINE:
                if not skipping:
                    _put(lines, _TOO_LONG, stop)
                skipping = False
                continue
            _put(lines, line, stop)
    _put(lines, _CLOSED, stop)


def _put(lines: queue.Queue[Any], item: Any, stop: threading.Event) -> None:
    # A full queue blocks the reader (and so the program's writes), never memory.
    while not stop.is_set():
        try:
            lines.put(item, timeout=0.1)
            return
        except queue.Full:
            continue


def _copy_errors(fd: int, path: str, stop: threading.Event) -> None:
    """Append the program's standard error to ``path``, up to MAX_LOG bytes in the file; the rest is read and dropped."""
    try:
        log = _open_log(path)
    except OSError:
        log = None
    try:
        for chunk in _chunks(fd, stop):
            if log is None:
                continue
            try:
                room = MAX_LOG - os.fstat(log).st_size
                if room > 0:
                    os.write(log, chunk[:room])
            except OSError:
                pass
    finally:
        if log is not None:
            os.close(log)


def _open_log(path: str) -> int:
    """Open a log file to append to it (made, private, when missing), never through a symbolic link."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    return os.open(path, flags, 0o600)


def _writer(stream: IO[bytes], out: queue.Queue[Any], stop: threading.Event) -> None:
    """Write queued lines to the program until told to stop; end of input when done."""
    while not stop.is_set():
        try:
            data = out.get(timeout=0.1)
        except queue.Empty:
            continue
        if data is _CLOSED:
            break
        try:
            stream.write(data)
            stream.flush()
        except (OSError, ValueError):
            break
    try:
        stream.close()
    except (OSError, ValueError):
        pass


class ExternalBot(Bot):
    """A seat whose moves come from an outside program (see the module documentation).

    ``command`` is a command line (:func:`split_command`) or an argument list. Race times
    (jump-ins, catches, Beep answers) are drawn uniformly from ``reaction`` (low, high
    seconds; default a ``normal`` bot's, :data:`DEFAULT_REACTION`) with the seeded generator,
    so games stay reproducible whatever the program's real speed. ``names``
    (by seat) are used in the sentences; by default "Player N". ``stderr_log`` is a file the
    program's standard error is appended to (None: thrown away).
    """

    level = "external"

    def __init__(
        self,
        seat: Seat,
        rng: random.Random,
        command: str | Sequence[str],
        timeout: float = DEFAULT_TIMEOUT,
        names: Sequence[str] | None = None,
        players: int | None = None,
        stderr_log: str | None = None,
        reaction: tuple[float, float] | None = None,
    ) -> None:
        super().__init__(seat, rng)
        self.reaction = reaction if reaction is not None else DEFAULT_REACTION
        self.names: list[str] = list(names) if names is not None else []
        self.players = players if players is not None else (len(self.names) or None)
        self.argv = split_command(command) if isinstance(command, str) else list(command)
        self.timeout = timeout
        self.stderr_log = stderr_log
        self.proc: subprocess.Popen[bytes] | None = None
        self.dead = False
        self.eliminated = False
        self.strikes = 0
        self.invalid_row = 0
        self.counts: Counter[str] = Counter()
        self.details: deque[tuple[str, str]] = deque(maxlen=KEEP_DETAILS)
        self.prompt_id = 0
        self._answered = 0  # prompts up to this id have been answered or given up on
        self._owed: deque[int] = deque()  # ids of prompts that timed out, oldest first
        self._lines: queue.Queue[Any] = queue.Queue(QUEUE_LINES)
        self._out: queue.Queue[Any] = queue.Queue(QUEUE_LINES)
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._stdout_fd: int | None = None
        self._closing: subprocess.Popen[bytes] | None = None

    @property
    def faults(self) -> list[tuple[str, str]]:
        """The last faults, as (kind, detail); :attr:`counts` has them all."""
        return list(self.details)

    # ------------------------------------------------------------ the process

    def _start(self) -> None:
        if self.proc is not None or self.dead:
            return
        kwargs: dict[str, Any] = {}
        if sys.platform == "win32":
            kwargs["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        else:
            kwargs["start_new_session"] = True
        err: Any = subprocess.PIPE if self.stderr_log else subprocess.DEVNULL
        env = dict(os.environ)
        mark = env[MARK] = _mark()
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, bufsize=0, env=env, **kwargs
            )
        except (OSError, ValueError) as exc:
            self._die("crash", f"cannot start: {exc}")
            return
        _MARKS[self.proc.pid] = (mark, _process_table(self.proc.pid).get(self.proc.pid, (0, 0))[1])
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self._stop = threading.Event()
        self._lines = queue.Queue(QUEUE_LINES)
        self._out = queue.Queue(QUEUE_LINES)
        self._stdout_fd = self.proc.stdout.fileno()
        # Threads instead of select(): pipes cannot be polled on Windows.
        self._threads = [
            threading.Thread(target=_reader, args=(self._stdout_fd, self._lines, self._stop), daemon=True),
            threading.Thread(target=_writer, args=(self.proc.stdin, self._out, self._stop), daemon=True),
        ]
        if self.proc.stderr is not None and self.stderr_log:
            self._threads.append(threading.Thread(
                target=_copy_errors, args=(self.proc.stderr.fileno(), self.stderr_log, self._stop), daemon=True))
        for thread in self._threads:
            thread.start()
        _LIVE.add(self)
        _guard_exit()
        self._send(hello_json(self.players, self.names, self.seat, [self.seat]), start=False)

    def _fault(self, kind: str, detail: str) -> None:
        self.counts[kind] += 1
        self.details.append((kind, detail))

    def _die(self, kind: str, detail: str) -> None:
        self._fault(kind, detail)
        self.dead = True
        self.close()

    def _send(self, obj: dict[str, Any], start: bool = True) -> None:
        if start:
            self._start()
        if self.dead or self.proc is None:
            return
        line = (json.dumps(obj, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            self._out.put(line, timeout=max(self.timeout, 0.0))
        except queue.Full:
            self._die("crash", f"does not read its input (nothing taken for {self.timeout:g} s)")

    def _crashed(self) -> None:
        proc = self.proc
        status = None
        if proc is not None:
            try:
                status = proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                status = None
        self._die("crash", f"output closed, exit status {status}")

    def _take(self, line: Any, legal: Sequence[Action] | None, commands: Sequence[str]) -> tuple[str, Action | None]:
        """Judge one line: ``("answer", action)``, ``("fault", None)`` (the prompt is used up) or ``("skip", None)``.

        ``legal`` is None between prompts: any line then is late or unsolicited.
        """
        if line is _CLOSED:
            self._crashed()
            return "fault", None
        if line == _TOO_LONG:
            return self._invalid(f"a line longer than {MAX_LINE} bytes", "skip")
        text = line.rstrip(b"\r").decode("utf-8", "replace")
        parts = answer_parts(text)
        if parts is None:
            return self._invalid(text[:200], "skip")
        pid, command = parts
        if pid is None and self._owed:
            self._owed.popleft()  # a bare line answers the oldest prompt not answered yet
            self._fault("late", text[:200])
            return "skip", None
        if pid is not None and pid != self.prompt_id:
            if pid in self._owed:
                self._owed.remove(pid)
            if 0 < pid <= self.prompt_id:
                self._fault("late", text[:200])
                return "skip", None
            return self._invalid(text[:200], "skip")
        if legal is None:
            return self._invalid(text[:200], "skip")
        if command.strip().lower() == WAIT and WAIT in commands:
            return "answer", None
        action = answer_action(command, legal)
        if action is None:
            # A bare line that is not even a command (a banner, a log line) does not use up the prompt.
            words = command.split()
            command_like = pid is not None or (words and words[0].lower() in ANSWER_VERBS)
            return self._invalid(text[:200], "fault" if command_like else "skip")
        return "answer", action

    def _invalid(self, detail: str, outcome: str) -> tuple[str, None]:
        self._fault("invalid", detail)
        self.invalid_row += 1
        if self.invalid_row >= MAX_INVALID:
            self._die("invalid", f"{MAX_INVALID} lines in a row that are not answers")
            return "fault", None
        return outcome, None

    def _drain(self) -> None:
        """Judge what arrived between prompts (late answers, stray lines)."""
        while not self.dead:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return
            self._take(line, None, ())

    def _ask(self, view: View, commands: list[str]) -> tuple[bool, Action | None]:
        """Wait for the answer to the current prompt: (answered with a legal command, action)."""
        deadline = time.monotonic() + max(self.timeout, 0.0)
        while not self.dead:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=left) if left > 0 else self._lines.get_nowait()
            except queue.Empty:
                self._owed.append(self.prompt_id)
                while len(self._owed) > QUEUE_LINES:
                    self._owed.popleft()
                self.strikes += 1
                if self.strikes >= MAX_STRIKES:
                    self._die("timeout", f"no answer within {self.timeout:g} s, {self.strikes} times in a row")
                else:
                    self._fault("timeout", f"no answer within {self.timeout:g} s")
                return False, None
            outcome, action = self._take(line, view.legal, commands)
            if outcome == "skip":
                continue
            if not self.dead:
                self.strikes = 0  # only an answer in time breaks a row of time-outs
                self.invalid_row = 0
            return outcome == "answer", action
        return False, None

    def close(self) -> None:
        """Stop the program and its process group; end its threads and close its pipes."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        self._closing = proc  # still ended by a signal that comes while it closes
        strays = _strays(proc.pid) if sys.platform != "win32" else set()  # before the program's end orphans them
        try:
            self._out.put_nowait(_CLOSED)  # end of input once the queued lines are written
        except queue.Full:
            pass
        try:
            proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            pass
        _end_group(proc, strays=strays)
        _LIVE.discard(self)
        self._closing = None
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=2)
        # The output pipe is closed only once its reader has stopped: a file descriptor
        # closed under a running reader can be reused by the next game's program.
        reading = any(t.is_alive() for t in self._threads)
        self._threads = []
        for stream in (proc.stdout, proc.stderr):
            if stream is None:
                continue
            if reading:
                _STUCK.append(stream)  # kept open (never reused) while its reader waits
            else:
                try:
                    stream.close()
                except OSError:
                    pass
        if proc.stdin is not None:
            try:
                proc.stdin.close()
            except (OSError, ValueError):
                pass
        _unguard()

    # ------------------------------------------------------------ the Bot API

    def observe(self, events: Sequence[Event]) -> None:
        """Send the events this seat may see (nothing once it is eliminated)."""
        if self.dead or self.eliminated:
            return
        for event in events:
            self._send(event_json(event, self.seat, self.names))
            if event.type == EventKind.ELIMINATED and event.seat == self.seat:
                self.eliminated = True
            if self.dead or self.eliminated:
                return

    def choose(self, view: View) -> Action | None:
        """Ask the program; fall back to :func:`safe_default` on any fault."""
        if not view.legal:
            return None
        if self.dead or self.eliminated or view.eliminated[self.seat]:
            return safe_default(view)
        race = not view.must_act  # the game does not wait for this seat: a race chance
        commands = prompt_legal([action_to_command(a) for a in view.legal], race)
        self._start()
        self._drain()
        if self.dead:
            return safe_default(view)
        self.prompt_id += 1
        self.invalid_row = 0
        text = prompt_text(commands, race, self.seat, self.seat, self.names)
        self._send(prompt_json(view, self.prompt_id, race, commands, text))
        if self.dead:
            return safe_default(view)
        answered, action = self._ask(view, commands)
        return action if answered else safe_default(view)

    def reaction_time(self) -> float:
        """Race time, drawn from :attr:`reaction` (reproducible)."""
        low, high = self.reaction
        return self.rng.uniform(low, high)


#: Programs running now: ended when uno exits or gets SIGTERM or SIGHUP.
_LIVE: weakref.WeakSet[ExternalBot] = weakref.WeakSet()
_GUARDED: list[bool] = []
#: The handlers our guard replaced, by signal, while programs run.
_SAVED: dict[int, Any] = {}


def _end_all(wait: bool = True) -> None:
    for bot in list(_LIVE):
        proc = bot.proc or bot._closing
        if proc is not None:
            try:
                _end_group(proc, wait)
            except Exception:  # noqa: BLE001 - exiting anyway
                pass


def _guard_exit() -> None:
    """End every program's process group at exit, and on SIGTERM / SIGHUP while programs run.

    The signal handlers are set only while a program runs and put back when the last one
    ends: a Python handler cannot run while the main thread waits on a lock between games
    (a process pool's worker idle in its task queue), so a handler left in place would make
    such a process ignore the SIGTERM that ends it.
    """
    if not _GUARDED:
        _GUARDED.append(True)
        atexit.register(_end_all)
    if _SAVED or threading.current_thread() is not threading.main_thread():
        return
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        try:
            previous = signal.getsignal(signum)
            signal.signal(signum, _on_signal(signum, previous))
            _SAVED[signum] = previous
        except (OSError, ValueError):
            continue


def _unguard() -> None:
    """Put back the signal handlers our guard replaced (the last program has ended)."""
    if not _SAVED or _LIVE or threading.current_thread() is not threading.main_thread():
        return
    for signum, previous in list(_SAVED.items()):
        try:
            if getattr(signal.getsignal(signum), "_uno_guard", False):
                signal.signal(signum, previous if previous is not None else signal.SIG_DFL)
        except (OSError, ValueError, TypeError):
            pass
        del _SAVED[signum]


def _on_signal(signum: int, previous: Any) -> Any:
    def handler(sig: int, frame: Any) -> None:
        _end_all(wait=False)
        if callable(previous):
            previous(sig, frame)
        elif previous == signal.SIG_DFL or previous is None:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)

    handler._uno_guard = True  # type: ignore[attr-defined]
    return handler


def _end_group(proc: subprocess.Popen[bytes], wait: bool = True, strays: set[int] = frozenset()) -> None:  # type: ignore[assignment]
    """End the program and everything it started (its process group).

    ``wait`` False (in a signal handler) never blocks on the process: it may be waited on
    by the code the signal interrupted.
    """
    if sys.platform == "win32":
        _end_tree_windows(proc)
        if proc.poll() is None:
            try:
                proc.send_signal(getattr(signal, "CTRL_BREAK_EVENT"))
                proc.wait(timeout=0.5)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        if proc.poll() is None:
            proc.kill()
        if wait:
            proc.wait()
        return
    # Descendants that left the group (setsid) are found by the mark in their environment
    # and by parentage, before the group's end makes orphans of them.
    strays = set(strays) | _strays(proc.pid)
    try:
        os.killpg(proc.pid, signal.SIGTERM)  # grandchildren too, even after the program exited
    except OSError:
        pass
    _signal_all(strays, signal.SIGTERM)
    if wait:
        try:
            proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            pass
    else:
        deadline = time.monotonic() + 0.5
        while proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass
    if strays:
        strays |= _strays(proc.pid)  # and what they started meanwhile
    _signal_all(strays, signal.SIGKILL)
    if wait:
        proc.wait()
        _MARKS.pop(proc.pid, None)


#: The mark (:data:`MARK`) given to each running program and its start time, by process id.
_MARKS: dict[int, tuple[str, int]] = {}


def _mark() -> str:
    """A new mark for a program's environment, unguessable and unique to this start."""
    import secrets

    return f"{os.getpid()}-{secrets.token_hex(8)}"


def _strays(root: int) -> set[int]:
    """The processes a program started, whatever their group or session: by parentage and by mark.

    Parentage comes from /proc (Linux) or ``ps``; the mark (:data:`MARK` in the environment,
    Linux only) also finds descendants whose parent has exited (a daemon's double fork).
    Only processes started since the program are read for the mark.
    """
    table = _process_table()
    children: dict[int, list[int]] = {}
    for pid, (parent, _start) in table.items():
        children.setdefault(parent, []).append(pid)
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    mark, since = _MARKS.get(root, ("", 0))
    if mark:
        needle = f"{MARK}={mark}".encode() + b"\0"
        me = os.getpid()
        for pid, (_parent, start) in table.items():
            if start < since or pid in found or pid in (root, me):
                continue
            try:
                with open(f"/proc/{pid}/environ", "rb") as env:
                    if needle in env.read(1 << 20):
                        found.add(pid)
            except OSError:
                continue
    return found


def _process_table(only: int | None = None) -> dict[int, tuple[int, int]]:
    """Every process (or process ``only``): pid -> (parent pid, start time; 0 where unknown)."""
    table: dict[int, tuple[int, int]] = {}
    try:
        entries = [str(only)] if only is not None else [name for name in os.listdir("/proc") if name.isdigit()]
        if not os.path.isdir("/proc/self"):
            entries = []
    except OSError:
        entries = []
    if entries:
        for name in entries:
            try:
                with open(f"/proc/{name}/stat", "rb") as stat:
                    fields = stat.read().rsplit(b")", 1)[1].split()
                table[int(name)] = (int(fields[1]), int(fields[19]))
            except (OSError, IndexError, ValueError):
                continue
        return table
    try:
        out = subprocess.run(["ps", "-A", "-o", "pid=,ppid="], capture_output=True, timeout=5, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return table
    for line in out.decode("ascii", "replace").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0].isdigit() and parts[1].isdigit():
            table[int(parts[0])] = (int(parts[1]), 0)
    return table


def _signal_all(pids: set[int], signum: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, signum)
        except OSError:
            pass


def _end_tree_windows(proc: subprocess.Popen[bytes]) -> None:
    """Windows has no sessions to leave: end the program's whole tree by parentage (taskkill /T)."""
    try:
        subprocess.run(["taskkill", "/T", "/F", "/PID", str(proc.pid)], capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        pass


def cannot_start(command: str | Sequence[str]) -> bool:
    """True when the program of ``command`` cannot be found (nothing is run)."""
    import shutil

    try:
        argv = split_command(command) if isinstance(command, str) else list(command)
    except ValueError:
        return True
    if not argv:
        return True
    program = argv[0]
    if os.sep in program or (os.altsep and os.altsep in program):
        return not (os.path.isfile(program) and os.access(program, os.X_OK))
    return shutil.which(program) is None


#: This process's private folder for program logs, by temporary folder (made on first use).
_LOG_FOLDERS: dict[str, str] = {}


def log_folder() -> str:
    """A folder only this user may enter, made once per process under the temporary folder."""
    import tempfile

    base = tempfile.gettempdir()
    folder = _LOG_FOLDERS.get(base)
    if folder is None or not os.path.isdir(folder):
        folder = _LOG_FOLDERS[base] = tempfile.mkdtemp(prefix="uno-programs-")  # mode 0700, an unguessable name
    return folder


def log_path(seat: Seat, folder: str | None = None) -> str | None:
    """A new, empty file for the standard error of the program at ``seat`` (0-based), or None.

    Made exclusively (never an existing file or a symbolic link), readable by this user
    alone, with an unpredictable name, in ``folder`` or this process's private :func:`log_folder`.
    """
    import tempfile

    try:
        fd, path = tempfile.mkstemp(prefix=f"seat{seat_number(seat)}-", suffix=".log", dir=folder or log_folder())
    except OSError:
        return None
    os.close(fd)
    return path


def finish_log(path: str | None) -> str | None:
    """The log if the program wrote to it; an empty one is removed (and its private folder, once empty): None."""
    if not path:
        return None
    try:
        if os.path.getsize(path) > 0:
            return path
        os.remove(path)
    except OSError:
        return None
    folder = os.path.dirname(path)
    for base, mine in list(_LOG_FOLDERS.items()):
        if mine == folder:
            try:
                os.rmdir(folder)  # only when empty
                del _LOG_FOLDERS[base]
            except OSError:
                pass
    return None


def unstartable(bots: dict[Seat, Any]) -> str | None:
    """The command line of the first outside program among ``bots`` that cannot be found, or None."""
    for _seat, bot in sorted(bots.items()):
        if isinstance(bot, ExternalBot) and cannot_start(bot.argv):
            return shlex.join(bot.argv)
    return None


def attach_logs(bots: dict[Seat, Any]) -> None:
    """Give every outside program among ``bots`` (by seat) a standard error log (before it starts)."""
    for seat, bot in bots.items():
        if isinstance(bot, ExternalBot) and bot.proc is None and not bot.stderr_log:
            bot.stderr_log = log_path(Seat(seat))


def report_faults(bots: dict[Seat, Any], stream: IO[str]) -> None:
    """Write one :func:`fault_line` per outside program among ``bots`` (by seat); empty logs are removed first."""
    for seat, bot in sorted(bots.items()):
        if isinstance(bot, ExternalBot):
            bot.stderr_log = finish_log(bot.stderr_log)
            stream.write(fault_line(seat, bot.counts, bot.stderr_log) + "\n")
