"""Seats played by an outside program speaking JSON Lines over its stdin and stdout.

The program is started once per game. Seats are numbered from 1 in everything it reads
and writes, as in script mode (docs/protocol.md). It receives, one JSON object per line:

* every event its seat may see, exactly as ``uno play --format json`` writes it for that
  seat (:func:`uno_cli.wire.event_json`: 1-based seats, ``text`` the sentence in the
  current language, the seat's own secrets such as the cards it draws);
* a prompt when the seat may act::

    {"type": "prompt", "seat": 2, "in_turn": true, "phase": "play", "hand": ["r5", "w"],
     "top": "r7", "color": "r", "counts": [3, 2], "current": 2, "pending": 0,
     "legal": ["play r5", "play w r", "play w y", "play w g", "play w b", "draw"]}

and answers each prompt with one line holding one of the ``legal`` strings (spaces and
case do not matter). They are the script protocol's canonical commands
(:func:`uno_cli.commands.action_to_command`): ``play r5`` (``play w r`` a wild with its
colour, ``play r7 2`` a 7 swapping with seat 2 under seven_o, ``play beep`` a Beep card),
``draw``, ``pass``, ``accept``, ``challenge``, ``color r``, ``uno``, ``catch 3`` (catch
seat 3), ``jump r5`` (``jump r7 2``), ``beep`` (answer a Beep). Out of turn
(``"in_turn": false``) the list also holds ``wait``: do nothing now.

Faults never stop the game. If the program crashes (or closes its output), does not answer
within the time limit (default 5 seconds), or answers something not in ``legal``, the seat
takes the safe default for that prompt:

* a draw penalty waiting: ``accept`` (take the cards);
* choosing the first card's colour: the first colour, red;
* after drawing a playable card: ``pass``;
* in turn otherwise: ``draw`` (or, when drawing is not allowed, the first legal play);
* a Beep race: ``beep`` (answer, late);
* out of turn: nothing.

Answers that arrive after their time limit are thrown away before the next prompt. After
three time-outs in a row, or a crash, the program is stopped and the seat plays the safe
default for the rest of the game. Every fault is recorded in :attr:`ExternalBot.faults`.
"""

from __future__ import annotations

import json
import queue
import random
import shlex
import subprocess
import threading
from typing import Any, Sequence

from uno_cli.bots.base import REACTION, Bot
from uno_cli.commands import action_to_command
from uno_cli.engine import IN_TURN_PHASES, Action, Event, Phase, View
from uno_cli.engine.actions import ACCEPT, ANSWER, COLOR, DRAW, PASS, PLAY
from uno_cli.wire import event_json

#: Seconds an external program has to answer a prompt.
DEFAULT_TIMEOUT = 5.0
#: Time-outs in a row after which the program is stopped.
MAX_STRIKES = 3
#: The answer meaning "nothing now" (out of turn only).
WAIT = "wait"


def answer_action(text: str, legal: Sequence[Action]) -> Action | None:
    """The legal action whose canonical command ``text`` is (spaces and case do not matter), or None."""
    wanted = " ".join(text.strip().lower().split())
    return next((a for a in legal if action_to_command(a) == wanted), None)


def safe_default(view: View) -> Action | None:
    """The action a faulty seat takes (see the module documentation)."""
    legal = view.legal
    if not legal:
        return None
    kinds = {a.kind: a for a in reversed(legal)}
    if ANSWER in kinds:
        return kinds[ANSWER]
    in_turn = view.current == view.seat and view.phase in IN_TURN_PHASES
    if not in_turn:
        return None
    for kind in (ACCEPT, COLOR, PASS, DRAW):
        if kind in kinds:
            return kinds[kind]
    for action in legal:
        if action.kind == PLAY:
            return action
    return legal[0]


class ExternalBot(Bot):
    """A seat whose moves come from an outside program (see the module documentation).

    ``command`` is a command line (split like a shell does) or an argument list. Race
    times (jump-ins, catches, Beep answers) are drawn like a ``normal`` bot's, from the
    seeded generator, so games stay reproducible whatever the program's real speed.
    ``names`` (by seat) are used in the events' sentences; by default "Player N".
    """

    level = "external"

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        command: str | Sequence[str],
        timeout: float = DEFAULT_TIMEOUT,
        names: Sequence[str] | None = None,
    ) -> None:
        super().__init__(seat, rng)
        self.names: list[str] = list(names) if names is not None else []
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.timeout = timeout
        self.proc: subprocess.Popen[bytes] | None = None
        self.dead = False
        self.strikes = 0
        self.faults: list[tuple[str, str]] = []
        self._lines: queue.Queue[bytes | None] = queue.Queue()

    # ------------------------------------------------------------ the process

    def _start(self) -> None:
        if self.proc is not None or self.dead:
            return
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                bufsize=0,
            )
        except OSError as exc:
            self._fault("crash", f"cannot start: {exc}")
            self.dead = True
            return
        # A reader thread instead of select(): pipes cannot be polled on Windows.
        self._lines = queue.Queue()
        threading.Thread(target=self._reader, args=(self.proc, self._lines), daemon=True).start()

    @staticmethod
    def _reader(proc: subprocess.Popen[bytes], lines: queue.Queue[bytes | None]) -> None:
        stream = proc.stdout
        try:
            assert stream is not None
            for line in iter(stream.readline, b""):
                lines.put(line)
        except (OSError, ValueError):
            pass
        lines.put(None)  # the program closed its output

    def _fault(self, kind: str, detail: str) -> None:
        self.faults.append((kind, detail))

    def _die(self, kind: str, detail: str) -> None:
        self._fault(kind, detail)
        self.dead = True
        self.close()

    def _send(self, obj: dict[str, Any]) -> None:
        self._start()
        if self.dead or self.proc is None or self.proc.stdin is None:
            return
        line = json.dumps(obj, ensure_ascii=False) + "\n"
        try:
            self.proc.stdin.write(line.encode("utf-8"))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            self._die("crash", f"exit status {self.proc.poll()}")

    def _drain(self) -> None:
        """Throw away whatever arrived late (answers to earlier prompts)."""
        proc = self.proc
        if proc is None:
            return
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self._die("crash", f"output closed, exit status {proc.poll()}")
                return

    def _read_line(self) -> str | None:
        """One line from the program, or None on a crash or a time-out."""
        proc = self.proc
        if proc is None:
            return None
        try:
            line = self._lines.get(timeout=max(self.timeout, 0.0))
        except queue.Empty:
            self.strikes += 1
            if self.strikes >= MAX_STRIKES:
                self._die("timeout", f"no answer within {self.timeout:g} s, {self.strikes} times in a row")
            else:
                self._fault("timeout", f"no answer within {self.timeout:g} s")
            return None
        if line is None:
            try:
                status = proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                status = None
            self._die("crash", f"output closed, exit status {status}")
            return None
        self.strikes = 0
        return line.rstrip(b"\r\n").decode("utf-8", "replace")

    def close(self) -> None:
        """Stop the program (it also gets end of input)."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()

    # ------------------------------------------------------------ the Bot API

    def observe(self, events: Sequence[Event]) -> None:
        """Send the events this seat may see."""
        if self.dead:
            return
        for event in events:
            self._send(event_json(event, self.seat, self.names))
            if self.dead:
                return

    def choose(self, view: View) -> Action | None:
        """Ask the program; fall back to :func:`safe_default` on any fault."""
        if not view.legal:
            return None
        in_turn = view.current == self.seat and view.phase in IN_TURN_PHASES
        if self.dead:
            return safe_default(view)
        commands = list(dict.fromkeys(action_to_command(a) for a in view.legal))
        if not in_turn and view.phase != Phase.BEEP_RACE:
            commands.append(WAIT)
        self._start()
        self._drain()
        if self.dead:
            return safe_default(view)
        self._send({
            "type": "prompt",
            "seat": self.seat + 1,
            "in_turn": in_turn,
            "phase": view.phase,
            "hand": list(view.hand),
            "top": view.top,
            "color": view.color,
            "counts": list(view.counts),
            "current": view.current + 1,
            "pending": view.pending,
            "legal": commands,
        })
        if self.dead:
            return safe_default(view)
        answer = self._read_line()
        if answer is None:
            return safe_default(view)
        if answer.strip().lower() == WAIT and WAIT in commands:
            return None
        action = answer_action(answer, view.legal)
        if action is None:
            self._fault("nonsense", answer[:200])
            return safe_default(view)
        return action

    def reaction_time(self) -> float:
        """Race time, drawn like a ``normal`` bot's (reproducible)."""
        low, high = REACTION["normal"]
        return self.rng.uniform(low, high)
