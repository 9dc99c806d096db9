"""Speech objects are created and used on one thread (COM backends on Windows need it)."""

from __future__ import annotations

import threading

from uno_cli.interactive import speech
from uno_cli.interactive.announcer import Announcer, start_speaker


class RecordingSpeaker:
    """A Speaker stand-in that notes the thread of every call."""

    def __init__(self, mode: str) -> None:
        self.threads = {threading.get_ident()}
        self.calls: list[tuple[str, tuple]] = []
        self.available = True
        self.problem = None

    def _note(self, name: str, *args) -> None:
        self.threads.add(threading.get_ident())
        self.calls.append((name, args))

    def speak(self, text, interrupt=False):
        self._note("speak", text)

    def braille(self, text):
        self._note("braille", text)

    def silence(self):
        self._note("silence")

    def set_language(self, language):
        self._note("set_language", language)

    def close(self):
        self._note("close")


def test_the_speaker_is_created_and_used_on_one_thread_only(monkeypatch):
    made: list[RecordingSpeaker] = []

    def make(mode: str) -> RecordingSpeaker:
        made.append(RecordingSpeaker(mode))
        return made[-1]

    monkeypatch.setattr(speech, "Speaker", make)
    ready = threading.Event()
    lines: list[str] = []
    announcer = Announcer(lines.append)
    original = announcer.set_speaker

    def set_speaker(speaker):
        original(speaker)
        ready.set()

    announcer.set_speaker = set_speaker  # type: ignore[method-assign]
    announcer.say("before speech was ready")
    start_speaker("on", announcer, "pt")
    assert ready.wait(5)
    # Calls from this thread and from another (like a timer) both run on the speech thread.
    announcer.say("from the main thread")
    other = threading.Thread(target=lambda: announcer.say("from another thread"))
    other.start()
    other.join()
    announcer.speaker.close()
    (speaker,) = made
    assert len(speaker.threads) == 1
    assert threading.get_ident() not in speaker.threads
    names = [name for name, _ in speaker.calls]
    assert names[0] == "set_language" and names[-1] == "close"
    spoken = " ".join(str(args) for name, args in speaker.calls if name == "speak")
    assert "before speech was ready" in spoken and "from another thread" in spoken


def test_silence_drops_what_is_still_waiting(monkeypatch):
    gate = threading.Event()

    class Slow(RecordingSpeaker):
        def speak(self, text, interrupt=False):
            gate.wait(5)
            super().speak(text)

    monkeypatch.setattr(speech, "Speaker", Slow)
    box: list = []
    thread = speech.SpeechThread("on", ready=box.append)
    for n in range(5):
        thread.speak(f"line {n}")
    thread.silence()
    gate.set()
    thread.close()
    said = [args[0] for name, args in thread._speaker.calls if name == "speak"]  # type: ignore[union-attr]
    assert len(said) <= 1 and thread._speaker.calls[-2][0] == "silence"  # type: ignore[union-attr]
