"""The listener's clock: when each message is heard, not when it was printed.

Every message said goes on the clock as an :class:`Item`. Where the speech backend reports
when a message begins and ends (Speech Dispatcher), those times are used; otherwise each
message is assumed to start when the one before it has ended and to last as long as its
words take at the player's speech rate (:func:`speaking_time`). Speech Dispatcher's
reports also calibrate the rate: every message heard to the end tells how long a word
takes on this voice.

The game asks :meth:`SpeechClock.heard_delay` (how long until the player has heard all that
was said) to let bots and races wait for the player's ears, and :meth:`SpeechClock.cut`
when speech is interrupted, to learn what was not heard. What waits on the estimate listens
(:meth:`SpeechClock.listen`): it is told when the backend's word or a re-timing moves it.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

#: Words a minute assumed until the player sets their own rate (settings ``speech_rate``).
DEFAULT_RATE = 250
#: The pause a speech engine makes between two messages, in seconds.
GAP = 0.15
#: A reported message whose end never came is taken as heard this long after its estimate.
LOST_REPORT = 5.0
#: The test sentence said to calibrate the rate: ten words (see words.RATE_TEST).
RATE_TEST_WORDS = 10
#: A file the clock appends "wall time, kind, text" to for every message put on it (for
#: bench/listen.py: when the game produced each line, whenever it is printed).
LOG_ENV = "UNO_CLI_CLOCK_LOG"


def word_count(text: str) -> int:
    """How many words a synthesizer says for ``text`` (a number or a name counts as one)."""
    return max(1, len(text.split()))


def speaking_time(text: str, rate: float) -> float:
    """Seconds ``text`` takes to say at ``rate`` words a minute (0: not waited for)."""
    if rate <= 0:
        return 0.0
    return word_count(text) * 60.0 / rate + GAP


@dataclass(eq=False)
class Item:
    """One message on the clock."""

    text: str
    kind: str  # "news" (the game's), "answer" (to a key), "summary" (what was cut)
    queued: float
    important: bool = False
    reported: bool = False
    """True when the backend will report its begin and end."""
    begin: float | None = None
    end: float | None = None
    cancelled: bool = False
    covers: list[Item] = field(default_factory=list)
    """For a summary: the news it says again."""

    @property
    def done(self) -> bool:
        """Heard to the end, or cut."""
        return self.end is not None or self.cancelled

    @property
    def heard(self) -> bool:
        """Heard to the end."""
        return self.end is not None and not self.cancelled


class SpeechClock:
    """The timeline of what is being said (thread-safe: backend reports come from its thread)."""

    def __init__(self, rate: float = DEFAULT_RATE) -> None:
        self.rate = float(rate)
        self._lock = threading.Lock()
        self._items: list[Item] = []
        self._free_at = 0.0  # when the last finished message ended
        #: Every item, in order, when ``keep_log`` (the listening bench and tests read it).
        self.log: list[Item] = []
        self.keep_log = False
        self._measured: float | None = None  # seconds per word the backend showed
        self._log_file = os.environ.get(LOG_ENV) or None
        self._listeners: list[Callable[[], None]] = []

    def listen(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` (on the thread that moved it) each time "heard by" may have moved
        for another reason than a message added: a message's end or cut reported, a re-timing."""
        self._listeners.append(callback)

    def _tell(self) -> None:
        for callback in list(self._listeners):
            callback()

    # ---------------------------------------------------------------- adding and reports
    def add(self, text: str, kind: str, important: bool = False, reported: bool = False,
            now: float | None = None) -> Item:
        """Put a message said now on the clock."""
        item = Item(text, kind, time.monotonic() if now is None else now, important, reported)
        with self._lock:
            self._items.append(item)
            if self.keep_log:
                self.log.append(item)
        if self._log_file:
            self._append_log(item)
        return item

    def _append_log(self, item: Item) -> None:
        line = "{:.3f}\t{}\t{}\n".format(time.time(), item.kind, " ".join(item.text.split()))
        try:
            with open(self._log_file or "", "a", encoding="utf-8") as f:
                f.write(line)
        except OSError:
            self._log_file = None

    def report(self, item: Item, kind: str, at: float) -> None:
        """The backend's word on ``item``: "begin", "end" or "cancel" at ``at``."""
        with self._lock:
            if kind == "begin":
                item.begin = at
            elif kind == "end" and not item.cancelled:
                item.end = at
                self._free_at = max(self._free_at, at)
                if item.begin is not None:
                    self._learn(item, at - item.begin)
            elif kind == "cancel" and item.end is None:
                item.cancelled = True
                self._free_at = max(self._free_at, at)
        if kind != "begin":  # a later begin than guessed is caught when a bot's timer fires
            self._tell()

    def withdraw(self, item: Item) -> None:
        """``item``, said but not yet sent to speech, is left out: never heard (logged as "withdrawn")."""
        with self._lock:
            item.cancelled = True
        if self._log_file:
            self._append_log(Item(item.text, "withdrawn", item.queued))
        self._tell()

    def retime(self, items: list[Item], reported: bool, now: float | None = None) -> None:
        """``items`` were said before speech had started and are spoken now: heard from now on, in order,
        before anything still to hear (``reported``: the backend will report their begin and end)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            for item in items:
                item.queued, item.begin, item.end, item.reported = now, None, None, reported
            again = {id(item) for item in items}
            self._items = list(items) + [item for item in self._items if id(item) not in again]
        self._tell()

    def _learn(self, item: Item, seconds: float) -> None:
        """Calibrate the rate from a message heard to the end (long enough to tell)."""
        words = word_count(item.text)
        if words < 3 or seconds <= 0:
            return
        per_word = max(0.0, seconds - GAP) / words
        self._measured = per_word if self._measured is None else 0.7 * self._measured + 0.3 * per_word

    @property
    def measured_rate(self) -> float | None:
        """Words a minute the backend's reports show, once a message was heard to the end."""
        return None if not self._measured else 60.0 / self._measured

    def _duration(self, item: Item) -> float:
        if self._measured and item.reported:
            return word_count(item.text) * self._measured + GAP
        return speaking_time(item.text, self.rate)

    # ---------------------------------------------------------------- the timeline
    def _settle(self, now: float) -> list[tuple[Item, float]]:
        """Mark what has been heard by now; the items still to hear with their expected ends."""
        ahead: list[tuple[Item, float]] = []
        t = self._free_at
        for item in self._items:
            if item.done:
                continue
            start = item.begin if item.begin is not None else max(item.queued, t)
            end = start + self._duration(item)
            if item.reported:
                if end + LOST_REPORT < now:
                    item.end = end  # the report never came: take it as heard
                else:
                    end = max(end, now + 0.05) if item.begin is not None else end
            elif end <= now:
                item.end = end
            if item.done:
                self._free_at = max(self._free_at, item.end or end)
                t = max(t, item.end or end)
                continue
            ahead.append((item, end))
            t = end
        self._items = [i for i in self._items if not i.done]
        return ahead

    def pending(self, now: float | None = None) -> list[Item]:
        """What is said but not yet heard to the end, in order."""
        now = time.monotonic() if now is None else now
        with self._lock:
            return [item for item, _end in self._settle(now)]

    def heard_at(self, now: float | None = None) -> float:
        """When everything said so far will have been heard."""
        now = time.monotonic() if now is None else now
        with self._lock:
            ahead = self._settle(now)
            return max(now, ahead[-1][1]) if ahead else now

    def heard_delay(self, now: float | None = None) -> float:
        """Seconds from now until everything said so far has been heard (0: nothing left)."""
        now = time.monotonic() if now is None else now
        return max(0.0, self.heard_at(now) - now)

    def end_of(self, item: Item, now: float | None = None) -> float:
        """When ``item`` will have been heard (its end, if heard already)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            for other, end in self._settle(now):
                if other is item:
                    return end
        return item.end if item.end is not None else now

    def cut(self, now: float | None = None) -> list[Item]:
        """Speech was interrupted now: everything not yet heard is cancelled; those items."""
        now = time.monotonic() if now is None else now
        with self._lock:
            ahead = [item for item, _end in self._settle(now)]
            for item in ahead:
                item.cancelled = True
            self._items = []
            self._free_at = now
        return ahead
