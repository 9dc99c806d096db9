"""The one output point: every message is printed as a line, spoken, and kept in a history."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from uno_cli.i18n import _
from uno_cli.interactive import words


class Announcer:
    """The one output point: prints each message as a line, speaks it, keeps the history.

    Messages marked important (the player's own turn, questions) are never cut off by a
    later message: until their estimated speaking time is over, later messages queue
    behind them instead of interrupting.
    """

    def __init__(self, write: Callable[[str], None], speaker: Any = None, verbosity: str = "full",
                 braille: str = "important") -> None:
        self.write = write
        self.speaker = speaker
        self.verbosity = verbosity
        self.braille = braille
        self.history: list[str] = []
        self.position = 0
        self._protected_until = 0.0
        self._backlog: list[str] = []
        #: The earcons (uno_cli.sound.Sound), when sound is on.
        self.sound: Any = None

    def cue(self, type: str, data: dict[str, Any]) -> None:
        """A message's earcon (uno_cli.sound): started at once, never waited for."""
        if self.sound is not None:
            self.sound.event(type, data)

    def set_speaker(self, speaker: Any) -> None:
        """Attach the speaker once it is ready and say what was printed meanwhile."""
        self.speaker = speaker
        backlog, self._backlog = self._backlog, []
        if backlog and speaker is not None and speaker.available:
            speaker.speak(" ".join(backlog[-3:]), interrupt=False)

    def say(self, text: str, important: bool = False, interrupt: bool = False, record: bool = True) -> None:
        """Print and speak text; interrupt cuts off earlier speech unless it is protected."""
        if not text:
            return
        self.write(text)
        if record:
            self.record(text)
        self._speak(text, important, interrupt)

    def record(self, text: str) -> None:
        """Keep ``text`` in the history (for repeat and the history walk), as the newest message."""
        self.history.append(text)
        # The walk starts at the message just heard: the first Page Up says the one before it.
        self.position = len(self.history) - 1

    def _speak(self, text: str, important: bool, interrupt: bool) -> None:
        speaker = self.speaker
        now = time.monotonic()
        if speaker is None:
            self._backlog.append(text)
            return
        if not speaker.available:
            return
        answer = interrupt  # an answer to the player's key (even when it may not cut in)
        if interrupt and now < self._protected_until:
            interrupt = False
        speaker.speak(text, interrupt=interrupt)
        if self.braille == "all" or (self.braille == "important" and (important or answer)):
            # A braille display keeps one flash message: only what the player must read
            # (own turn, questions, errors, answers to keys), so bots' moves do not wipe it.
            speaker.braille(text)
        if important:
            self._protected_until = max(now, self._protected_until) + 0.3 + 0.065 * len(text)

    def silence(self) -> None:
        """Stop speaking now (the player asked)."""
        self._protected_until = 0.0
        if self.sound is not None:
            self.sound.silence()
        if self.speaker is not None and self.speaker.available:
            self.speaker.silence()

    def repeat(self) -> None:
        """Say the last message again."""
        if self.history:
            self.say(self.history[-1], interrupt=True, record=False)
        else:
            self.say(_(words.NOTHING_SAID), interrupt=True, record=False)

    def walk(self, delta: int) -> None:
        """Say an earlier (-1) or later (+1) message of the history."""
        if not self.history:
            self.say(_(words.NOTHING_SAID), interrupt=True, record=False)
            return
        pos = self.position + delta
        if pos < 0:
            pos = 0
            self.say(_(words.FIRST_MESSAGE) + " " + self.history[0], interrupt=True, record=False)
        elif pos >= len(self.history):
            pos = len(self.history) - 1
            self.say(_(words.LAST_MESSAGE) + " " + self.history[-1], interrupt=True, record=False)
        else:
            self.say(self.history[pos], interrupt=True, record=False)
        self.position = pos


def output_lock() -> Any:
    """Held while speech starts: its backends are muted at the descriptor level then, and a
    line printed meanwhile would be lost, so printing waits for the start to finish."""
    from uno_cli import speech

    return speech._quiet_lock


def start_speaker(mode: str, announcer: Announcer, lang: str) -> None:
    """Start speech on its own thread (which creates and alone uses the backend) so the first
    line is printed at once; the announcer gets the speaker when it has answered."""
    from uno_cli.speech import SpeechThread

    def ready(speaker: SpeechThread) -> None:
        if not speaker.available:
            # Said once, in both "auto" and "on"; "off" never looks for speech.
            announcer.say(_(words.NO_SPEECH))
        announcer.set_speaker(speaker)

    if mode == "off":
        announcer.speaker = Mute()
        return
    SpeechThread(mode, ready=ready, language=lang)


def close_speaker(announcer: Announcer) -> None:
    """Stop the announcer's speaker and sound, if it has them."""
    if getattr(announcer, "sound", None) is not None:
        announcer.sound.close()
    speaker = announcer.speaker
    if speaker is not None and hasattr(speaker, "close"):
        try:
            speaker.close()
        except Exception:  # noqa: BLE001 - leaving the game must not fail on speech
            pass


class Mute:
    """The speaker when speech is off."""

    available = False

    def speak(self, text: str, interrupt: bool = False) -> None:  # pragma: no cover - trivial
        pass

    def braille(self, text: str) -> None:  # pragma: no cover
        pass

    def silence(self) -> None:  # pragma: no cover
        pass

    def close(self) -> None:
        pass
