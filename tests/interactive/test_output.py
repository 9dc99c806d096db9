"""Nothing the game prints is lost while speech loads or fails: `uno serve`'s start lines, the input line."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pexpect

from tests.interactive.helpers import ROOT, child_env
from tests.interactive.test_pty import spawn
from tests.speechd_fixture import SpeechDaemon

NO_SPEECH = {"SPEECHD_ADDRESS": "unix_socket:/nonexistent", "SPEECHD_CMD": "/bin/false"}


def _lines_until(process: subprocess.Popen[str], last: str, timeout: float) -> list[str]:
    """The lines the process prints, until one containing ``last`` (or the timeout)."""
    lines: list[str] = []
    done = threading.Event()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip("\n"))
            if last in line:
                done.set()
        done.set()

    threading.Thread(target=read, daemon=True).start()
    done.wait(timeout)
    return lines


def test_uno_serve_prints_all_its_start_lines_with_default_speech_and_none_available(uno_home: Path) -> None:
    env = child_env(uno_home, **NO_SPEECH)
    env.pop("TERM", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "uno_cli", "serve", "--listen", "127.0.0.1:0"],  # default speech: auto
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        env=env, text=True, cwd=str(ROOT),
    )
    try:
        lines = _lines_until(process, "Join with", timeout=30)
        # Speech has failed by now (said once); anything printed after is still there.
        time.sleep(1.0)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
    text = "\n".join(lines)
    assert re.search(r"The server is listening on 127\.0\.0\.1, port \d+\.", text), text
    assert "Host key fingerprint: SHA256:" in text, text
    assert "Host key fingerprint, group by group:" in text, text
    assert re.search(r"Passcode: \S+", text), text
    assert "Join with: ssh -p" in text, text


def test_the_input_line_is_echoed_with_speech_on(uno_home: Path, speech_daemon: SpeechDaemon) -> None:
    child = spawn(uno_home, "--speech", "on", "--pace", "30", "--seed", "3")
    child.expect("Enter starts")
    # Speech has loaded (it said the first lines): the prompt must still reach the screen.
    assert speech_daemon.wait_for("Enter starts", timeout=30), speech_daemon.spoken_text()
    child.send("\r")
    child.expect("First card: ", timeout=30)
    time.sleep(0.5)
    child.send("x")
    child.expect("x: not a key; you are typing a command")  # a letter that is no key says what it does
    child.send("yz")
    child.expect("z")
    time.sleep(0.5)
    try:
        child.read_nonblocking(100000, timeout=0.5)
    except pexpect.TIMEOUT:
        pass
    screen = child.before + (child.after if isinstance(child.after, str) else "") + (child.buffer or "")
    # The prompt and what was typed are drawn: "> xyz" (escapes between the characters aside).
    visible = re.sub(r"\x1b\[[?0-9;]*[a-zA-Z]|[\r\x08]", "", screen)
    assert "xyz" in visible or "> xyz" in visible, repr(screen[-400:])
    child.send("\r")
    child.expect("xyz")  # the typed line reaches the game
    child.send("\x03")
    child.expect("Quit the game")
    child.send("y")
    child.expect(pexpect.EOF)


def test_speech_loading_silences_only_its_own_thread(capfd) -> None:
    from uno_cli.interactive import speech

    printed = threading.Event()
    release = threading.Event()

    def other() -> None:
        printed.wait(5)
        print("the game's own line")
        release.set()

    helper = threading.Thread(target=other)
    helper.start()
    with speech._quiet():
        print("a library's noise")
        os.write(1, b"")  # the descriptors are untouched
        printed.set()
        release.wait(5)
    helper.join()
    out = capfd.readouterr().out
    assert "the game's own line" in out
    assert "a library's noise" not in out
