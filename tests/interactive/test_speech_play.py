"""Playing speaks: messages reach a real Speech Dispatcher through accessible_output2."""

from __future__ import annotations

import contextlib
import io
import re
import socket
import threading
import time
from collections import Counter
from pathlib import Path

import pexpect

from tests.interactive.test_pty import TURN, spawn
from tests.speechd_fixture import SpeechDaemon


def test_playing_speaks_through_speech_dispatcher(uno_home: Path, speech_daemon: SpeechDaemon) -> None:
    # Short verbosity: fewer messages for the capturing synthesiser (espeak-ng per sentence).
    child = spawn(uno_home, "--speech", "on", "--verbosity", "short", "--pace", "0.2", "--seed", "3")
    child.expect("Enter starts")
    assert speech_daemon.wait_for("Enter starts", timeout=30), speech_daemon.spoken_text()
    child.send("\r")
    child.expect(TURN, timeout=30)
    assert speech_daemon.wait_for(TURN, timeout=60), speech_daemon.spoken_text()
    child.send("c")
    child.expect("The top card is ")
    assert speech_daemon.wait_for("The top card is a", timeout=30)
    assert speech_daemon.wait_for_wav() > 1024
    child.send("\x03")
    child.expect("Quit the game")
    child.send("y")
    child.expect(pexpect.EOF)
    assert "Speech is not available" not in (child.before or "")


def test_no_speech_backend_is_said_once_and_play_goes_on(uno_home: Path) -> None:
    child = spawn(uno_home, "--speech", "on", "--pace", "0", "--seed", "3",
                  SPEECHD_CMD="/bin/false", SPEECHD_ADDRESS="unix_socket:/nonexistent")
    child.expect("Enter starts")
    child.expect("Speech is not available", timeout=30)
    child.send("\r")
    child.expect(TURN, timeout=30)
    child.send("\x03")
    child.expect("Quit the game")
    child.send("y")
    child.expect(pexpect.EOF)
    assert "Speech is not available" not in (child.before or "")



class SlowDoor:
    """A door to the speech daemon that stays shut until :meth:`open`: a speech backend slow to
    start (its client waits for the daemon's first answer), so the game's first lines are said
    before it has answered."""

    def __init__(self, daemon: SpeechDaemon) -> None:
        self.daemon = daemon
        self.path = daemon.dir / "door.sock"
        self.address = f"unix_socket:{self.path}"
        self.opened = threading.Event()
        self.knocked = threading.Event()
        self._server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._server.bind(str(self.path))
        self._server.listen(4)
        self._sockets: list[socket.socket] = [self._server]
        threading.Thread(target=self._accept, daemon=True).start()

    def open(self) -> None:
        """Let the waiting connections through to the daemon."""
        self.opened.set()

    def _accept(self) -> None:
        while True:
            try:
                client, _address = self._server.accept()
            except OSError:
                return
            self._sockets.append(client)
            self.knocked.set()
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client: socket.socket) -> None:
        self.opened.wait(60)
        upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._sockets.append(upstream)
        try:
            upstream.connect(str(self.daemon.socket))
        except OSError:
            client.close()
            return
        threading.Thread(target=_pump, args=(upstream, client), daemon=True).start()
        _pump(client, upstream)

    def close(self) -> None:
        """Shut the door and every connection through it."""
        self.opened.set()
        for s in self._sockets:
            with contextlib.suppress(OSError):
                s.close()


def _pump(source: socket.socket, sink: socket.socket) -> None:
    """Copy bytes one way until either end closes."""
    with contextlib.suppress(OSError):
        while data := source.recv(65536):
            sink.sendall(data)
    for s in (source, sink):
        with contextlib.suppress(OSError):
            s.shutdown(socket.SHUT_RDWR)


def _printed(screen: str) -> list[str]:
    """The game's whole lines in what reached the terminal (the prompt's drawing left out)."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x08", "", screen)
    whole = text.split("\r\n")[:-1]
    lines = (re.sub(r"^(>\s*)+", "", line).strip() for line in whole)  # the prompt's ">", redrawn
    return [line for line in lines if line]


def test_every_line_said_before_a_slow_speech_backend_answers_is_spoken_once_and_not_again(
        uno_home: Path, speech_daemon: SpeechDaemon) -> None:
    door = SlowDoor(speech_daemon)
    screen = io.StringIO()
    # The listener's clock at 100 words a minute: it would count the opening lines unheard for
    # many seconds, had it counted from their printing.
    child = spawn(uno_home, "--speech", "on", "--speech-rate", "100", "--seed", "3", "--sound", "off",
                  SPEECHD_ADDRESS=door.address)
    child.logfile_read = screen
    try:
        child.expect("Enter starts")
        child.send("\r")  # the hand begins before the speech backend has answered
        child.expect(r"First card: [^\n]*\n(.*\n)*.*turn\.")
        opening = _printed(screen.getvalue())
        assert len(opening) > 3 and any(line.startswith("First card: ") for line in opening), opening
        assert speech_daemon.messages() == []  # nothing could be spoken yet: the door is shut
        door.open()
        heard = speech_daemon.heard_all(at_least=1)
        # Each line, in order, its own message: none dropped, none joined to another.
        assert heard[:len(opening)] == opening, heard
        # The first key, once all was heard, says its answer only: no "Meanwhile" repeats the opening.
        child.send("c")
        child.expect("The top card is ")
        after = speech_daemon.heard_all(at_least=1)[len(heard):]
        assert [m for m in after if m.startswith("The top card is ")], after
        assert not [m for m in after if m.startswith("Meanwhile")], after
        spoken = Counter(speech_daemon.messages())
        assert {line: spoken[line] for line in opening} == dict.fromkeys(opening, 1), speech_daemon.messages()
        child.send("\x03")
        child.expect("Quit the game")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
        door.close()


def test_the_first_bot_moves_once_the_opening_was_heard_when_the_speech_backend_answers_late(
        uno_home: Path, speech_daemon: SpeechDaemon) -> None:
    """The bot's timer was set from the clock's guess before speech was ready (100 words a
    minute: many seconds); when the backend answers, the lines are re-timed and heard, and the
    bot moves its pace after they were heard (the daemon's END reports), not by the old guess."""
    door = SlowDoor(speech_daemon)
    pace = 1.0
    child = spawn(uno_home, "--speech", "on", "--speech-rate", "100", "--seed", "3", "--sound", "off",
                  "--pace", str(pace), SPEECHD_ADDRESS=door.address)
    ends: list[tuple[float, int]] = []  # (when, how many messages the daemon had ended by then)
    watching = threading.Event()

    def watch() -> None:
        while not watching.is_set():
            ends.append((time.monotonic(), speech_daemon.ended()))
            time.sleep(0.02)

    watcher = threading.Thread(target=watch, daemon=True)
    try:
        child.expect("Enter starts")
        child.send("\r")
        child.expect("Carla's turn.")  # seed 3: a bot plays first
        time.sleep(2.0)  # the speech backend answers 2 s late
        assert speech_daemon.messages() == []
        watcher.start()
        door.open()
        child.expect("Carla plays", timeout=30)
        moved = time.monotonic()
        watching.set()
        watcher.join()
        said = speech_daemon.messages()
        opening = said.index("Carla's turn.") + 1
        heard = next((at for at, ended in ends if ended >= opening), None)
        assert heard is not None, (said, ends[-1:])  # every line before the move heard to the end...
        assert heard <= moved  # ...before the move was printed
        # Its pace after they were heard (the watcher sees an END up to 20 ms late), not the old guess.
        assert pace - 0.3 < moved - heard < pace + 2.0, (moved - heard, said)
        child.send("\x03")
        child.expect("Quit the game")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        watching.set()
        child.close(force=True)
        door.close()
