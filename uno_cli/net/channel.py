"""What comes in on a connection, in bounded time and memory: input queued with back-pressure,
terminal keys parsed without a pipe, and the keys that would swallow the next input taken out.

A terminal session's keys never go through an operating-system pipe (a blocking write to a
full pipe on the loop that reads it stops every table). :class:`ChannelInput` is a
prompt_toolkit input fed directly: the bytes are parsed by prompt_toolkit's own VT100 parser
and handed to the line editor a bounded number of keys at a time. :class:`Inbox` holds what
the connection sent and has not been read yet: past :data:`MAX_PENDING` characters the
channel stops reading (the SSH window makes the client wait), and each loop tick takes at
most :data:`LINES_PER_TICK` lines (or :data:`KEYS_PER_TICK` characters of a terminal).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from prompt_toolkit.input.base import Input
from prompt_toolkit.input.vt100_parser import Vt100Parser
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

#: Characters a connection may have sent that are not read yet before its channel stops reading.
MAX_PENDING = 16 * 1024
#: Lines of one connection handled per loop tick (the other connections and the tables go between).
LINES_PER_TICK = 4
#: Lines of one connection handled per second, at most, after a burst of LINE_BURST: far more than a
#: person or a program playing needs; a connection sending more waits (its window fills, then SSH holds it).
LINES_PER_SECOND = 40.0
LINE_BURST = 80.0
#: Characters of one terminal connection parsed per loop tick.
KEYS_PER_TICK = 512
#: Keys handed to a terminal's line editor at once (a key costs the editor about half a millisecond;
#: typed text is handed over as one piece instead, see ChannelInput.read_keys).
EDITOR_KEYS = 8
#: Characters of one line a terminal may send (escape sequences of editing keys included).
#: Past it the line is refused at once: the editor's line is cleared (Ctrl+U), the rest of
#: the line is dropped, and so is the Enter that ends it.
RAW_LINE = 1024 + 100
#: Ctrl+U: the line editor clears the line.
CLEAR_LINE = "\x15"

#: Bracketed paste: the terminal marks a paste; the pasted text is read as typed instead, so an
#: endless paste never waits in the parser.
_PASTE_MARKS = ("\x1b[200~", "\x1b[201~")
#: PuTTY's SCO function-key mode sends F1 as ``ESC [M``, which a parser reads as the start of a
#: mouse report (and waits for three more characters): read as F1 (no mouse is ever asked for).
_SCO_F1 = ("\x1b[M", "\x1bOP")
#: Keys whose prompt_toolkit meaning waits for more keys (a search, a prefix, a quoted insert,
#: a suspend): at a table they are keys like others, said to do nothing.
MODAL_KEYS = frozenset({Keys.ControlR, Keys.ControlS, Keys.ControlX, Keys.ControlZ, Keys.ControlQ, Keys.ControlV,
                        Keys.ControlSquareClose, Keys.ControlAt})


#: Seconds of line editing (prompt_toolkit's keys, over every terminal) done per loop tick at most;
#: the rest waits for the next tick, after the tables' timers.
EDITING_PER_TICK = 0.004


class _Editors:
    """The terminals whose keys wait for their line editor, served in turn within a time budget per tick."""

    def __init__(self) -> None:
        self._waiting: dict[int, ChannelInput] = {}
        self._scheduled = False
        self._loop: asyncio.AbstractEventLoop | None = None

    def ready(self, source: ChannelInput, loop: asyncio.AbstractEventLoop) -> None:
        if loop is not self._loop:  # another event loop (a server started again in this process)
            self._loop, self._waiting, self._scheduled = loop, {}, False
        self._waiting[id(source)] = source
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._tick, loop)

    def _tick(self, loop: asyncio.AbstractEventLoop) -> None:
        self._scheduled = False
        start = time.perf_counter()
        while self._waiting and time.perf_counter() - start < EDITING_PER_TICK:
            key = next(iter(self._waiting))
            source = self._waiting.pop(key)
            try:
                source._ready()
            except Exception:  # noqa: BLE001 - one editor's failure is its session's, never the others'
                import logging

                logging.getLogger("uno_cli.net").exception("line editor")
        if self._waiting and not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._tick, loop)


_EDITORS = _Editors()


class ChannelInput(Input):
    """A prompt_toolkit input fed by the SSH channel (no pipe, no file descriptor)."""

    def __init__(self, on_key: Callable[[str], None], loop: asyncio.AbstractEventLoop) -> None:
        #: True while a printable key only types (the line is not empty, or no single key acts):
        #: then a run of them goes to the editor as one piece of text.
        self.typing: Callable[[], bool] = lambda: False
        self._keys: list[KeyPress] = []
        self._parser = Vt100Parser(self._parsed)
        self._callback: Callable[[], None] | None = None
        self._closed = False
        self._scheduled = False
        self._loop = loop
        self._on_key = on_key
        self._escape: KeyPress | None = None

    # ------------------------------------------------------------------ feeding

    def feed(self, text: str) -> None:
        """Characters from the channel (already cut by :class:`LineCutter`)."""
        self._parser.feed(text)
        if text.endswith("\x1b"):
            # Escape alone at the chunk's end: the parser would hold it, waiting for more, until a key
            # the editor reads came; the chunk's end is the key's end (an Alt key comes in one chunk).
            self._parser.flush()
        self._end_of_chunk()
        self._schedule()

    def waiting(self) -> int:
        """Keys parsed and not yet read by the editor."""
        return len(self._keys)

    def _parsed(self, key: KeyPress) -> None:
        if self._escape is not None:
            # Escape and another key in one chunk: a Meta (Alt) key. prompt_toolkit would wait for
            # the rest of a Meta binding; here it is one key that does nothing.
            self._escape = None
            if key.key != Keys.Escape:
                name = key.key if isinstance(key.key, str) and len(key.key) == 1 else str(key.key)
                self._on_key("m-" + name)
                return
            self._keys.append(key)
            return
        if key.key == Keys.Escape:
            self._escape = key
            return
        if key.key in MODAL_KEYS:
            self._on_key(str(key.key.value if isinstance(key.key, Keys) else key.key))
            return
        if key.key == Keys.BracketedPaste:  # only when a mark was split between two chunks
            for ch in key.data:
                if ch in "\r\n":
                    self._keys.append(KeyPress(Keys.ControlM, "\r"))
                elif ch >= " ":
                    self._keys.append(KeyPress(ch, ch))
            return
        self._keys.append(key)

    def _end_of_chunk(self) -> None:
        if self._escape is not None:  # Escape alone in its chunk: the Escape key
            self._keys.append(self._escape)
            self._escape = None

    def _schedule(self) -> None:
        if self._callback is not None and not self._scheduled and (self._keys or self._closed):
            self._scheduled = True
            _EDITORS.ready(self, self._loop)

    def _ready(self) -> None:
        self._scheduled = False
        if self._callback is not None:
            self._callback()

    # ------------------------------------------------------------------ prompt_toolkit's side

    def fileno(self) -> int:
        """No file descriptor: the channel feeds this input."""
        raise NotImplementedError

    def typeahead_hash(self) -> str:
        """This input's own typeahead."""
        return f"uno-channel-{id(self)}"

    def read_keys(self) -> list[KeyPress]:
        """A few keys, or a run of typed characters as one piece of text; the rest on the next tick."""
        keys = self._keys
        run = 0
        if keys and self.typing():
            while run < len(keys) and run < RAW_LINE and _printable(keys[run]):
                run += 1
        if run > 1:
            # One key press for the whole run: the editor inserts it as pasted text.
            batch = [KeyPress(Keys.BracketedPaste, "".join(k.data for k in keys[:run]))]
            del keys[:run]
        else:
            batch = keys[:EDITOR_KEYS]
            del keys[:EDITOR_KEYS]
        self._schedule()
        return batch

    def flush_keys(self) -> list[KeyPress]:
        """What the parser still holds (a lone Escape), then the keys."""
        self._parser.flush()
        self._end_of_chunk()
        return self.read_keys()

    @property
    def closed(self) -> bool:
        """True once the channel's input ended and every key was read."""
        return self._closed and not self._keys

    def close(self) -> None:
        """The channel's input ended."""
        self._closed = True
        self._schedule()

    @contextmanager
    def raw_mode(self) -> Iterator[None]:
        """Nothing to do: the client's terminal is raw already."""
        yield

    cooked_mode = raw_mode

    @contextmanager
    def attach(self, input_ready_callback: Callable[[], None]) -> Iterator[None]:
        """The editor reads from here while inside."""
        previous = self._callback
        self._callback = input_ready_callback
        self._schedule()
        try:
            yield
        finally:
            self._callback = previous

    @contextmanager
    def detach(self) -> Iterator[None]:
        """The editor does not read while inside."""
        previous = self._callback
        self._callback = None
        try:
            yield
        finally:
            self._callback = previous
            self._schedule()


def _printable(key: KeyPress) -> bool:
    k = key.key
    return not isinstance(k, Keys) and len(k) == 1 and k >= " " and k != "\x7f"


class LineCutter:
    """Cuts a terminal's raw input: a line longer than :data:`RAW_LINE` characters is refused (see there),
    paste marks out, ``ESC [M`` read as F1. Returns what may go on to the parser."""

    def __init__(self) -> None:
        self.length = 0
        self.cut = False
        #: Lines refused so far (each is said to be too long once).
        self.refused = 0
        self._carry = ""

    def __call__(self, data: str) -> str:
        data = self._carry + data
        self._carry = ""
        # A mark split between two chunks waits for the rest (only a partial "ESC [ 2 0 ..." waits).
        for mark in _PASTE_MARKS:
            for size in range(len(mark) - 1, 2, -1):
                if data.endswith(mark[:size]):
                    self._carry, data = data[-size:], data[:-size]
                    break
            if self._carry:
                break
        for mark in _PASTE_MARKS:
            data = data.replace(mark, "")
        data = data.replace(*_SCO_F1)
        out = []
        pos, size = 0, len(data)
        while pos < size:
            # The next line end, found at C speed (a paste is hundreds of kilobytes).
            ends = [e for e in (data.find("\r", pos), data.find("\n", pos)) if e >= 0]
            end = min(ends) if ends else size
            segment = data[pos:end]
            if not self.cut:
                room = RAW_LINE - self.length
                if len(segment) > room:
                    out.append(CLEAR_LINE)
                    self.cut = True
                    self.refused += 1
                else:
                    out.append(segment)
                    self.length += len(segment)
            if end < size:
                if not self.cut:
                    out.append(data[end])
                self.cut = False
                self.length = 0
            pos = end + 1
        return "".join(out)


class Inbox:
    """What one connection sent and was not handled yet, handled a bounded amount per tick."""

    def __init__(self, handle: Callable[[str], None], pause: Callable[[bool], None],
                 loop: asyncio.AbstractEventLoop, busy: Callable[[], bool] | None = None,
                 lines: bool = True) -> None:
        self._handle = handle
        self._pause = pause
        self._loop = loop
        #: True while the consumer still has enough to do (the editor's keys): nothing more is fed.
        self._busy = busy or (lambda: False)
        self._lines = lines
        self._pending: list[str] = []
        self._size = 0
        self._paused = False
        self._scheduled = False
        self.closed = False
        self._tokens = LINE_BURST
        self._stamp = loop.time()

    @property
    def size(self) -> int:
        """Characters waiting."""
        return self._size

    def put(self, data: str) -> None:
        """Data from the channel."""
        if self.closed or not data:
            return
        self._pending.append(data)
        self._size += len(data)
        if self._size > MAX_PENDING and not self._paused:
            self._paused = True
            self._pause(True)
        self._schedule()

    def _schedule(self) -> None:
        if not self._scheduled and self._pending and not self.closed:
            self._scheduled = True
            self._loop.call_soon(self._drain)

    def _drain(self) -> None:
        self._scheduled = False
        if self.closed:
            return
        if self._busy():
            self._loop.call_later(0.005, self._schedule)
            return
        text = "".join(self._pending)
        if self._lines:
            now = self._loop.time()
            self._tokens = min(LINE_BURST, self._tokens + (now - self._stamp) * LINES_PER_SECOND)
            self._stamp = now
            allowed = min(LINES_PER_TICK, int(self._tokens))
            if allowed < 1:
                self._loop.call_later((1.0 - self._tokens) / LINES_PER_SECOND, self._schedule)
                return
            cut, count = 0, 0
            while count < allowed:
                ends = [n for n in (text.find("\n", cut), text.find("\r", cut)) if n >= 0]
                if not ends:
                    cut = len(text)  # a partial line: the session keeps it (and cuts it when too long)
                    break
                cut, count = min(ends) + 1, count + 1
        else:
            cut = KEYS_PER_TICK
        taken, rest = text[:cut], text[cut:]
        if self._lines:
            self._tokens -= max(1, taken.count("\n") + taken.count("\r") - taken.count("\r\n"))
        self._pending = [rest] if rest else []
        self._size = len(rest)
        self._resume()
        self._handle(taken)
        self._schedule()

    def _resume(self) -> None:
        if self._paused and self._size <= MAX_PENDING // 2:
            self._paused = False
            self._pause(False)

    def close(self) -> None:
        """Nothing more is handled."""
        self.closed = True
        self._pending = []
        self._size = 0
