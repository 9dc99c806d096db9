"""Pytest fixture ``speech_daemon``: a private Speech Dispatcher that records what it is told.

The daemon gets its own configuration folder and socket, and its only output module
("capture", sd_generic) appends each spoken text to spoken.txt and renders it with
espeak-ng into last.wav, so a test can prove a message really went out without audio
hardware. Tests skip when speech-dispatcher, espeak-ng or the ``speechd`` client are
missing, and fail instead when UNO_REQUIRE_SPEECH=1 (as in CI).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from uno_cli.interactive.speech import load_speechd

START_TIMEOUT = 15.0

# Game language -> espeak-ng voice. Speech Dispatcher's language codes are the keys.
VOICES = {"en": "en", "pt": "pt-br", "sr": "sr", "ro": "ro", "it": "it"}

SPEECHD_CONF = """\
LogLevel 3
LogDir "{d}/log"
CustomLogFile "protocol" "{d}/log/protocol.log"
Timeout 0
AudioOutputMethod "alsa"
AudioALSADevice "null"
DefaultLanguage "en"
AddModule "capture" "sd_generic" "capture.conf"
DefaultModule capture
"""

# sd_generic runs this through /bin/sh once per sentence, with $DATA (its quotes escaped
# by sd_generic; the \' below are dotconf's escapes for ') and $VOICE filled in.
CAPTURE_CONF = (
    'GenericExecuteSynth "'
    "printf %s \\'$DATA\\' >> {d}/spoken.txt; echo >> {d}/spoken.txt; "
    "echo $VOICE >> {d}/voices.txt; "
    "printf %s \\'$DATA\\' | espeak-ng -v $VOICE -w {d}/last.wav --stdin"
    '"\n'
    'GenericCmdDependency "espeak-ng"\n'
    "{voices}\n"
    'DefaultVoice "en"\n'
)


# Closing a speechd connection ends its reader thread with sys.exit(), which pytest
# would report for whichever test closed it.
SSIP_THREAD_EXIT_FILTER = (
    "ignore:Exception in thread SSIP client communication thread"
    ":pytest.PytestUnhandledThreadExceptionWarning"
)


def pytest_configure(config: pytest.Config) -> None:
    """Ignore the speechd reader thread's exit (only that thread's) in every test."""
    config.addinivalue_line("filterwarnings", SSIP_THREAD_EXIT_FILTER)


def _require(reason: str) -> NoReturn:
    """Skip the test, or fail it when speech is required (UNO_REQUIRE_SPEECH=1)."""
    if os.environ.get("UNO_REQUIRE_SPEECH") == "1":
        pytest.fail(f"speech required but unavailable: {reason}", pytrace=False)
    pytest.skip(reason)


class SpeechDaemon:
    """A running private speech-dispatcher and what it has recorded."""

    def __init__(self, directory: Path) -> None:
        """Lay out the configuration in directory (nothing is started yet)."""
        self.dir = directory
        self.socket = directory / "speechd.sock"
        self.address = f"unix_socket:{self.socket}"
        self.spoken_file = directory / "spoken.txt"
        self.voices_file = directory / "voices.txt"
        self.wav_file = directory / "last.wav"
        self.log_file = directory / "log" / "protocol.log"
        self.process: subprocess.Popen[bytes] | None = None
        d = str(directory)
        (directory / "log").mkdir()
        (directory / "conf" / "modules").mkdir(parents=True)
        (directory / "conf" / "speechd.conf").write_text(
            SPEECHD_CONF.format(d=d), encoding="utf-8"
        )
        voices = "\n".join(
            f'AddVoice "{lang}" "MALE1" "{voice}"\nGenericLanguage "{lang}" "{voice}" "utf-8"'
            for lang, voice in VOICES.items()
        )
        (directory / "conf" / "modules" / "capture.conf").write_text(
            CAPTURE_CONF.format(d=d, voices=voices), encoding="utf-8"
        )

    def start(self, binary: str) -> None:
        """Start the daemon and wait until its socket accepts connections."""
        d = self.dir
        with open(d / "daemon.out", "wb") as out:
            self.process = subprocess.Popen(
                [binary, "-s", "-t", "0", "-C", str(d / "conf"), "-S", str(self.socket),
                 "-P", str(d / "pid")],
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            if self.socket.exists():
                return
            time.sleep(0.05)
        output = (d / "daemon.out").read_text(encoding="utf-8", errors="replace")
        self.stop()
        pytest.fail(f"private speech-dispatcher did not start:\n{output}", pytrace=False)

    def stop(self) -> None:
        """Stop the daemon (politely, then not)."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)

    def spoken_text(self) -> str:
        """Everything synthesised so far, joined with single spaces."""
        try:
            text = self.spoken_file.read_text(encoding="utf-8")
        except FileNotFoundError:
            return ""
        return " ".join(text.split())

    def voices(self) -> list[str]:
        """The espeak-ng voice used for each synthesised piece, in order."""
        try:
            return self.voices_file.read_text(encoding="utf-8").split()
        except FileNotFoundError:
            return []

    def protocol_log(self) -> str:
        """The daemon's SSIP protocol log."""
        try:
            return self.log_file.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def wav_size(self) -> int:
        """Size in bytes of the last rendered wav (0 if none)."""
        try:
            return self.wav_file.stat().st_size
        except FileNotFoundError:
            return 0

    def wait_for(self, text: str, timeout: float = 10.0) -> bool:
        """Poll until text (whitespace-normalised) appears in the spoken text."""
        wanted = " ".join(text.split())
        deadline = time.monotonic() + timeout
        while True:
            if wanted in self.spoken_text():
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)

    def wait_for_wav(self, min_size: int = 1024, timeout: float = 10.0) -> int:
        """Poll until last.wav is at least min_size bytes; return its size."""
        deadline = time.monotonic() + timeout
        while self.wav_size() < min_size and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.wav_size()

    def protocol_data(self) -> list[str]:
        """Every line the daemon received, as its protocol log shows it ("DATA:|<line>")."""
        # The log has "...DATA:|<line>", then the line's CRLF, then "| (<length>)".
        return re.findall(r"DATA:\|([^\r\n]*)\r?\n\|", self.protocol_log())

    def ended(self) -> int:
        """How many messages have been heard to the end or cut (the daemon's END and CANCEL notifications)."""
        return len(re.findall(r"REPLY:\|70[23]-", self.protocol_log()))

    def heard_all(self, at_least: int = 0, quiet: float = 0.5, timeout: float = 60.0) -> list[str]:
        """Wait until at least ``at_least`` messages were said, every one heard to the end (or cut),
        and nothing new came for ``quiet`` seconds; every message so far."""
        end = time.monotonic() + timeout
        said, still = self.messages(), time.monotonic()
        while time.monotonic() < end:
            time.sleep(0.05)
            now = self.messages()
            if now != said or self.ended() < len(now):
                said, still = now, time.monotonic()
            elif len(now) >= at_least and time.monotonic() - still >= quiet:
                return said
        raise AssertionError("the speech never went quiet:\n" + "\n".join(said[-20:]))

    def messages(self) -> list[str]:
        """Each message the daemon was asked to speak (SPEAK ... "."), its lines joined by a space."""
        out: list[str] = []
        text: list[str] | None = None
        for line in self.protocol_data():
            if text is None:
                if line == "SPEAK":
                    text = []
            elif line == ".":
                out.append(" ".join(text))
                text = None
            else:
                text.append(line[1:] if line.startswith("..") else line)  # SSIP doubles a leading dot
        return out


@pytest.fixture
def speech_daemon(monkeypatch: pytest.MonkeyPatch) -> Iterator[SpeechDaemon]:
    """A private speech-dispatcher; SPEECHD_ADDRESS points the code under test at it."""
    if not sys.platform.startswith("linux"):
        _require("a private Speech Dispatcher needs Linux")
    binary = shutil.which("speech-dispatcher")
    if binary is None:
        _require("speech-dispatcher is not installed")
    if shutil.which("espeak-ng") is None:
        _require("espeak-ng is not installed")
    if load_speechd() is None:
        _require("the speechd Python module (python3-speechd) is not installed")
    # Short path: unix socket paths are limited to about 107 bytes.
    base = "/tmp" if os.path.isdir("/tmp") else None
    directory = Path(tempfile.mkdtemp(prefix="sd", dir=base))
    daemon = SpeechDaemon(directory)
    # Keep a real daemon or a stray autospawn out of it.
    monkeypatch.setenv("SPEECHD_ADDRESS", daemon.address)
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    try:
        daemon.start(binary)
        yield daemon
    finally:
        daemon.stop()
        shutil.rmtree(directory, ignore_errors=True)
