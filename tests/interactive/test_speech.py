"""Tests for uno_cli.interactive.speech: real speech through a private Speech Dispatcher, and failing quietly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.speechd_fixture import VOICES, SpeechDaemon
from uno_cli.interactive import speech
from uno_cli.interactive.speech import Speaker

ROOT = Path(__file__).resolve().parents[2]

def assert_spoken(daemon: SpeechDaemon, text: str) -> None:
    """Assert text was synthesised, received verbatim, and rendered to audio."""
    assert daemon.wait_for(text), f"not spoken: {text!r}; got {daemon.spoken_text()!r}"
    assert text in daemon.protocol_data(), daemon.protocol_log()[-2000:]
    assert daemon.wait_for_wav(1024) > 1024


def test_speak_reaches_the_daemon(speech_daemon: SpeechDaemon) -> None:
    with Speaker("on") as speaker:
        assert speaker.available
        assert speaker.problem is None
        speaker.speak("You play a yellow 6.")
        assert_spoken(speech_daemon, "You play a yellow 6.")


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("sr_Latn", "Đorđe kaže: uno! Žuta šestica."),
        ("ro", "Ștefan joacă un șase roșu; ăsta e ultimul."),
        ("pt", "Ação: você joga um curinga; a cor é laranja, não açúcar."),
        ("it", "Perché è così? Tocca a Niccolò."),
    ],
    ids=["sr", "ro", "pt", "it"],
)
def test_non_ascii_text_arrives_intact(
    speech_daemon: SpeechDaemon, language: str, text: str
) -> None:
    with Speaker("auto") as speaker:
        speaker.set_language(language)
        speaker.speak(text)
        assert_spoken(speech_daemon, text)
    assert speech_daemon.voices()[-1] == VOICES[language.split("_")[0]]


def test_no_backend_is_silent_and_reported(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setenv("SPEECHD_ADDRESS", "unix_socket:/nonexistent")
    for mode in ("on", "auto"):
        speaker = Speaker(mode)
        assert not speaker.available
        assert speaker.problem == speech.PROBLEM_NO_BACKEND
        speaker.speak("Nobody hears this.")
        speaker.speak("Nor this.", interrupt=True)
        speaker.braille("Nor this.")
        speaker.silence()
        speaker.set_language("pt")
        speaker.close()
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


def test_missing_library_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    speaker = Speaker("on")
    assert not speaker.available
    assert speaker.problem == speech.PROBLEM_IMPORT_FAILED
    speaker.speak("Nobody hears this.")


class FakeOutput:
    """A backend output that records calls and can be made to fail."""

    def __init__(self, fail: bool) -> None:
        self.fail = fail
        self.calls: list[tuple[str, Any]] = []

    def is_active(self) -> bool:
        return True

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls.append(("speak", (text, interrupt)))
        if self.fail:
            raise OSError("broken pipe")

    def braille(self, text: str) -> None:
        self.calls.append(("braille", text))

    def silence(self) -> None:
        self.calls.append(("silence", None))

    def close(self) -> None:
        self.calls.append(("close", None))


def fake_auto(output: FakeOutput) -> type:
    """An accessible_output2 Auto stand-in whose only output is output."""

    class FakeAuto:
        def __init__(self) -> None:
            self.outputs = [output]

        def get_first_available_output(self) -> FakeOutput:
            return output

    return FakeAuto


def test_calls_reach_the_backend(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("accessible_output2.outputs.auto")
    output = FakeOutput(fail=False)
    monkeypatch.setattr("accessible_output2.outputs.auto.Auto", fake_auto(output))
    speaker = Speaker("on")
    assert speaker.available
    speaker.speak("Red 5.", interrupt=True)
    speaker.speak("")
    speaker.braille("Red 5.")
    speaker.silence()
    speaker.close()
    assert output.calls == [
        ("speak", ("Red 5.", True)),
        ("braille", "Red 5."),
        ("silence", None),
        ("close", None),
    ]
    assert not speaker.available


def test_backend_failure_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("accessible_output2.outputs.auto")
    output = FakeOutput(fail=True)
    monkeypatch.setattr("accessible_output2.outputs.auto.Auto", fake_auto(output))
    speaker = Speaker("on")
    speaker.speak("Red 5.")
    assert not speaker.available
    assert speaker.problem == speech.PROBLEM_BACKEND_ERROR
    speaker.speak("Blue 2.")  # no longer sent to the broken backend
    assert [name for name, _ in output.calls] == ["speak"]


def test_off_loads_no_backend() -> None:
    code = (
        "import sys\n"
        "from uno_cli.interactive.speech import Speaker\n"
        "s = Speaker('off')\n"
        "s.speak('x'); s.braille('x'); s.silence(); s.close()\n"
        "assert not s.available and s.problem == 'disabled'\n"
        "print(sorted(m for m in sys.modules"
        " if m.split('.')[0] in ('accessible_output2', 'speechd', 'libloader')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_unknown_mode_is_rejected() -> None:
    with pytest.raises(ValueError):
        Speaker("loud")
