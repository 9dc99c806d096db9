"""The one output point: every message is printed as a line, spoken, and kept in a history."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import Any

from uno_cli.words.i18n import _
from uno_cli.words import interactive as words
from uno_cli.interactive.clock import DEFAULT_RATE, Item, SpeechClock

#: A line of news waiting for the one before it is printed and spoken this many seconds before
#: that one will have been heard to the end (the synthesizer's start-up, so speech flows on).
LEAD = 0.3


class Announcer:
    """The one output point: prints each message as a line, speaks it, keeps the history.

    Every message goes on the listener's clock (:class:`~.clock.SpeechClock`), which knows
    when it will have been heard. The game's messages ("news") are queued, never cut by
    later news. An answer to a key cuts in at once, unless a message marked important
    (the player's own turn, questions) is still being spoken: then it waits its turn. News
    the answer cut is said after it, in one line ("Meanwhile: ..."), so nothing unheard is
    lost; a "Meanwhile" the next key cuts once begun is not said again, but kept for the repeat
    key. Escape silences, and keeps the news it cut for the repeat key. The history (Page
    Up) holds the game's messages; answers to keys are kept apart.

    News is also printed on the listener's clock: while speech works and an event loop runs,
    a line that comes while others are still being heard waits (on the clock already, so
    bots and races count it) and is printed and spoken when the one before it is nearly
    heard. Screen and speech then go together, and several lines of one change are not
    printed seconds before they can be heard. A key's answer prints the waiting lines first.
    """

    def __init__(self, write: Callable[[str], None], speaker: Any = None, verbosity: str = "full",
                 braille: str = "important", rate: float = DEFAULT_RATE) -> None:
        self.write = write
        self.speaker = speaker
        self.verbosity = verbosity
        self.braille = braille
        self.clock = SpeechClock(rate)
        self.history: list[str] = []
        self.position = 0
        self.answers: list[str] = []
        self.last = ""
        #: What was said before the speaker was ready, and whether it goes to braille.
        self._backlog: list[tuple[Item, bool]] = []
        self._attaching = threading.Lock()
        #: The earcons (uno_cli.sound.Sound), when sound is on.
        self.sound: Any = None
        #: News cut by an answer and not yet heard again (said after the next answer).
        self._missed: list[Item] = []
        #: News cut by Escape: said by the repeat key.
        self._kept: list[Item] = []
        #: News on the clock waiting to be printed (when ``write``) and spoken, in order.
        self._held: list[tuple[Item, bool]] = []
        #: Lines saying whose turn it is that were held, with that seat (some may have gone out since).
        self._turn_lines: list[tuple[Item, Any]] = []
        self._last_sent: Item | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        #: The game's event loop, once it runs: a line said from another thread (speech or sound
        #: starting up) is handed to it, so lines are printed and spoken in one order.
        self.loop: asyncio.AbstractEventLoop | None = None

    def cue(self, type: str, data: dict[str, Any]) -> None:
        """A message's earcon (uno_cli.sound): started at once, never waited for."""
        if self.sound is not None:
            self.sound.event(type, data)

    @property
    def rate(self) -> float:
        """The player's speech rate in words a minute (0: the game never waits for speech)."""
        return self.clock.rate

    @rate.setter
    def rate(self, value: float) -> None:
        self.clock.rate = float(value)

    def heard_delay(self) -> float:
        """Seconds until the player has heard everything said so far."""
        return self.clock.heard_delay()

    def set_speaker(self, speaker: Any) -> None:
        """Attach the speaker once it is ready (from any thread) and say what was printed meanwhile:
        each line once, in order, on the listener's clock from now (it was not heard when printed)."""
        if self._handed_over(self.set_speaker, speaker):
            return  # on the game's loop, between its keys and lines; before it runs, the lock orders them
        with self._attaching:
            backlog, self._backlog = self._backlog, []
            if speaker is not None and speaker.available:
                waiting = [(item, braille) for item, braille in backlog if not item.cancelled]  # a cut one is in its summary
                self.clock.retime([item for item, _braille in waiting], reported=bool(getattr(speaker, "reports_timing", False)))
                for item, braille in waiting:
                    self._deliver(speaker, item, False, braille)
            self.speaker = speaker  # last: a line said meanwhile waits for the lock, then follows these

    def say(self, text: str, important: bool = False, interrupt: bool = False, record: bool = True,
            turn: Any = None) -> None:
        """Print and speak text: news (queued), or with ``interrupt`` the answer to a key; ``turn``: the
        seat whose turn the line says (a turn given to another seat leaves it out while it waits:
        :meth:`withdraw_turns`)."""
        if not text or self._handed_over(self.say, text, important, interrupt, record, turn):
            return
        if record:
            self.last = text
        if interrupt:
            # The waiting news first: on screen before the answer, and spoken before it when
            # an important line among it must not be cut (else the answer cuts it: "Meanwhile").
            self.flush(speak=self._protected())
            self.write(text)
            if record:
                self.answers.append(text)
            self._answer(text, important)
            return
        if record:
            self.record(text)
        self._news(text, important, write=True, turn=turn)

    def speak(self, text: str, important: bool = True) -> None:
        """Speak a line something else has printed (a prompt of the terminal), on the clock."""
        if text and not self._handed_over(self.speak, text, important):
            self._news(text, important, write=False)

    def _handed_over(self, method: Callable[..., None], *args: Any) -> bool:
        """True when called off the game's loop: ``method`` then runs on the loop, in turn."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return False
        try:
            if asyncio.get_running_loop() is loop:
                return False
        except RuntimeError:
            pass
        try:
            loop.call_soon_threadsafe(method, *args)
        except RuntimeError:
            return False  # the loop has just closed: say it here
        return True

    def record(self, text: str) -> None:
        """Keep ``text`` in the history (for repeat and the history walk), as the newest message."""
        self.history.append(text)
        self.last = text
        # The walk starts at the message just heard: the first Page Up says the one before it.
        self.position = len(self.history) - 1

    def keep(self, text: str) -> None:
        """Keep a message the verbosity leaves unsaid in the history only (Page Up finds it)."""
        self.history.append(text)
        self.position = len(self.history) - 1

    # ---------------------------------------------------------------- speaking on the clock
    def _timed(self) -> bool:
        speaker = self.speaker
        return speaker is not None and bool(getattr(speaker, "reports_timing", False))

    def _speak(self, text: str, kind: str, important: bool, interrupt: bool,
               covers: list[Item] | None = None, braille: bool = True) -> Item:
        item = self.clock.add(text, kind, important, reported=self._timed())
        if covers:
            item.covers = list(covers)
        self._send(item, interrupt, braille)
        return item

    def _send(self, item: Item, interrupt: bool, braille: bool = True) -> None:
        """Hand an item on the clock to the speaker (kept for it while it is starting)."""
        speaker = self.speaker
        if speaker is None:
            with self._attaching:
                speaker = self.speaker
                if speaker is None:
                    self._backlog.append((item, braille))
                    return
        self._deliver(speaker, item, interrupt, braille)

    def _deliver(self, speaker: Any, item: Item, interrupt: bool, braille: bool) -> None:
        """Speak an item (and braille it, if it is for the display) through ``speaker``."""
        text = item.text
        if not speaker.available:
            return
        self._last_sent = item
        if item.reported:
            speaker.speak(text, interrupt=interrupt, on_event=lambda kind, at: self._report(item, kind, at))
        else:
            speaker.speak(text, interrupt=interrupt)
        answer = item.kind == "answer"
        if braille and (self.braille == "all" or (self.braille == "important" and (item.important or answer))):
            # A braille display keeps one flash message: only what the player must read
            # (own turn, questions, errors, answers to keys), so bots' moves do not wipe it.
            speaker.braille(text)

    def _report(self, item: Item, kind: str, at: float) -> None:
        """The backend's word on an item (its thread): on the clock, and the next line may go."""
        self.clock.report(item, kind, at)
        loop = self._loop
        if kind != "begin" and self._held and loop is not None:
            try:
                loop.call_soon_threadsafe(self._pump)
            except RuntimeError:
                pass  # the game's event loop has closed

    # ---------------------------------------------------------------- news on the listener's clock
    def _pacing_loop(self) -> asyncio.AbstractEventLoop | None:
        """The event loop news waits on, or None when lines go out at once (no speech, no loop)."""
        speaker = self.speaker
        if speaker is None or not speaker.available or self.rate <= 0:
            return None
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    def _news(self, text: str, important: bool, write: bool, turn: Any = None) -> None:
        """A line of the game: out now if nothing is left to hear, else waiting its turn."""
        loop = self._pacing_loop()
        item = self.clock.add(text, "news", important, reported=self._timed())
        if loop is not None and (self._held or self._busy_for(item)):
            self._loop = loop
            self._held.append((item, write))
            if turn is not None:
                self._turn_lines.append((item, turn))
            self._arm()
            return
        if self._held:
            self.flush(speak=True)  # no loop to wait on any more: the waiting lines first, in order
        if write:
            self.write(text)
        self._send(item, interrupt=False)

    def _busy_for(self, item: Item) -> bool:
        """True while what was sent before ``item`` will not be heard within :data:`LEAD`."""
        last = self._last_sent
        if last is None or last.done:
            return False
        now = time.monotonic()
        return self.clock.end_of(last, now) - now > LEAD

    def _arm(self) -> None:
        """Wake :meth:`_pump` when the last line sent is nearly heard (reports wake it sooner)."""
        if self._timer is not None or self._loop is None:
            return
        last = self._last_sent
        now = time.monotonic()
        wait = 0.0 if last is None or last.done else max(0.0, self.clock.end_of(last, now) - now - LEAD)
        self._timer = self._loop.call_later(wait, self._pump)

    def _pump(self) -> None:
        """Send the waiting news, each line when the one before it is nearly heard."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        while self._held:
            item, write = self._held[0]
            if not item.cancelled and self._busy_for(item):
                self._arm()
                return
            self._held.pop(0)
            if write:
                self.write(item.text)
            if not item.cancelled:
                self._send(item, interrupt=False)

    def withdraw_turns(self, seat: Any) -> None:
        """The turn is ``seat``'s now: a line giving it to another seat that still waits (neither printed
        nor spoken) is left out, as it would be heard untrue (the player's own move, made before hearing
        it, gave the turn on). The history keeps it."""
        if self._handed_over(self.withdraw_turns, seat):
            return
        held = {id(item) for item, _write in self._held}
        waiting = [(item, other) for item, other in self._turn_lines if id(item) in held]
        stale = {id(item) for item, other in waiting if other != seat}
        self._turn_lines = [(item, other) for item, other in waiting if id(item) not in stale]
        if not stale:
            return
        kept = []
        for item, write in self._held:
            if id(item) in stale:
                self.clock.withdraw(item)
            else:
                kept.append((item, write))
        self._held = kept

    def flush(self, speak: bool = False) -> None:
        """Print the waiting news now; with ``speak`` also queue it for speech, else it stays to be cut."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        held, self._held = self._held, []
        for item, write in held:
            if write:
                self.write(item.text)
            if speak and not item.cancelled:
                self._send(item, interrupt=False)

    def _protected(self) -> bool:
        """True while a message marked important is still to be heard (it is never cut)."""
        return any(item.important and item.kind == "news" for item in self.clock.pending())

    def _cut(self, keep_begun: bool = False) -> list[Item]:
        """Interrupt speech: the news not yet heard (a cut summary gives back what it covered). With
        ``keep_begun``, a summary the player had begun to hear gives its news to the repeat key instead
        (keys pressed one after another do not each say the same "Meanwhile" again)."""
        lost: list[Item] = []
        for position, item in enumerate(self.clock.cut()):
            if item.kind == "news":
                lost.append(item)
            elif item.kind == "summary":
                begun = item.begin is not None or (position == 0 and not item.reported)
                if keep_begun and begun:
                    self._kept = _unique(self._kept + item.covers)
                else:
                    lost.extend(item.covers)
        return lost

    def _answer(self, text: str, important: bool) -> None:
        if self._protected():
            self._speak(text, "answer", important, interrupt=False)
            return
        self._missed = _unique(self._missed + self._cut(keep_begun=True))
        self._speak(text, "answer", important, interrupt=True)
        if self._missed:
            missed, self._missed = self._missed, []
            self._speak(words.meanwhile([m.text for m in missed]), "summary", False, interrupt=False,
                        covers=missed, braille=False)

    def silence(self, quiet: bool = False) -> None:
        """Stop speaking now (the player asked); the news cut is kept for the repeat key. With nothing
        being said, says so (every key is heard), and how to hear the last message again; ``quiet``:
        says nothing (another key's answer follows at once)."""
        speaking = bool(self._held or self.clock.pending())
        self.flush()
        with self._attaching:
            self._backlog = []  # said before speech had started: silenced too (the cut news is kept below)
        self._kept = _unique(self._kept + self._missed + self._cut())
        self._missed = []
        if self.sound is not None:
            self.sound.silence()
        if self.speaker is not None and self.speaker.available:
            self.speaker.silence()
        if not speaking and not quiet:
            from uno_cli.interactive.keys import by_verb
            from uno_cli.words.i18n import key_name

            self.say(words.nothing_to_stop(key_name(by_verb()["repeat"].label)), interrupt=True, record=False)

    def repeat(self) -> None:
        """Say the news Escape cut, if any; else the last message again."""
        if self._kept:
            self.flush()
            items = _unique(self._kept + self._missed + self._cut())
            self._kept, self._missed = [], []
            self._speak(words.meanwhile([m.text for m in items]), "summary", True, interrupt=True, covers=items)
            return
        if self.last:
            self.say(self.last, interrupt=True, record=False)
        else:
            self.say(_(words.NOTHING_SAID), interrupt=True, record=False)

    def walk(self, delta: int) -> None:
        """Say an earlier (-1) or later (+1) message of the game's history."""
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


def _unique(items: list[Item]) -> list[Item]:
    """Items in order, each once."""
    seen: set[int] = set()
    out = []
    for item in items:
        if id(item) not in seen:
            seen.add(id(item))
            out.append(item)
    return out


def start_speaker(mode: str, announcer: Announcer, lang: str) -> None:
    """Start speech on its own thread (which creates and alone uses the backend) so the first
    line is printed at once; the announcer gets the speaker when it has answered."""
    from uno_cli.interactive.speech import SpeechThread

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
    """Stop the announcer's speaker and sound, if it has them (news still waiting is printed)."""
    announcer.flush()
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
