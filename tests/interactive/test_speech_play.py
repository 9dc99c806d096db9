"""Playing speaks: messages reach a real Speech Dispatcher through accessible_output2."""

from __future__ import annotations

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
    child.expect("The top card is a")
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
