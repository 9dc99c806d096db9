"""Speech (and, where the backend has it, braille) output through a screen reader or TTS.

Everything spoken must also be printed by the interface: on Linux there is no braille
output here, braille users read the terminal through BRLTTY.

Backends come from accessible_output2 (NVDA, JAWS, SAPI and others on Windows, VoiceOver
on macOS, Speech Dispatcher on Linux). It is imported lazily, only when speech is wanted.

Linux notes:
- The Speech Dispatcher client (the ``speechd`` module) is not on PyPI; distributions
  ship it for their system Python only. When it cannot be imported (pyenv, venv, pipx),
  the ``speechd`` folder of the system's dist-packages/site-packages is loaded, and
  nothing else from there.
- If no Speech Dispatcher daemon runs, the client asks it to autospawn. The daemon
  honours that unless ``DisableAutoSpawn`` is set in its speechd.conf, and exits on its
  own a few seconds (its ``Timeout``, 5 by default) after the game disconnects.
- ``SPEECHD_ADDRESS`` (e.g. ``unix_socket:/path/to/speechd.sock``) selects the daemon.

Speaking never raises: a failing backend marks the speaker unavailable and sets
``problem`` to a short code the interface turns into a sentence for the player.
"""

from __future__ import annotations

import contextlib
import glob
import importlib.util
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

# "auto" and "on" try the same backends; they differ in what the interface does with a
# failure ("on" tells the player, "auto" stays quiet). "off" loads nothing.
MODES = ("auto", "on", "off")

# Codes for Speaker.problem (machine-readable; never shown as they are).
PROBLEM_DISABLED = "disabled"  # mode "off"
PROBLEM_IMPORT_FAILED = "import-failed"  # accessible_output2 missing or broken
PROBLEM_NO_BACKEND = "no-backend"  # no screen reader or speech engine answered
PROBLEM_BACKEND_ERROR = "backend-error"  # the backend failed while speaking
PROBLEM_CLOSED = "closed"  # close() was called

_quiet_lock = threading.RLock()


class _Routed:
    """sys.stdout or sys.stderr while a backend loads: what the loading thread writes is dropped,
    every other thread's writes go through to the real stream."""

    def __init__(self, real: Any, muted: threading.Thread) -> None:
        self._real = real
        self._muted = muted

    def write(self, text: str) -> int:
        if threading.current_thread() is self._muted or self._real is None:
            return len(text)
        return self._real.write(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._real is not None and threading.current_thread() is not self._muted:
            self._real.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Drop what this thread writes to sys.stdout/sys.stderr; other threads print as ever.

    accessible_output2 prints "Cannot find Speech Dispatcher..." and exception texts with
    print(). Only the calling thread (the speech thread) is silenced, never the process's
    file descriptors: the game's lines, the prompt and a server's start lines printed
    meanwhile must all reach the terminal. (Speech Dispatcher's autospawn reads its
    child's output through pipes; Windows screen reader DLLs write nothing to the console.)
    """
    with _quiet_lock:
        me = threading.current_thread()
        saved = (sys.stdout, sys.stderr)
        sys.stdout = _Routed(saved[0], me)  # type: ignore[assignment]
        sys.stderr = _Routed(saved[1], me)  # type: ignore[assignment]
    try:
        yield
    finally:
        with _quiet_lock:
            # Put back only what is still ours (another thread may have set its own since).
            if isinstance(sys.stdout, _Routed) and sys.stdout._muted is me:
                sys.stdout = saved[0]
            if isinstance(sys.stderr, _Routed) and sys.stderr._muted is me:
                sys.stderr = saved[1]


def _speechd_events() -> tuple[str, ...] | None:
    """The Speech Dispatcher events a message's timing is known from, or None without the client."""
    module = sys.modules.get("speechd")
    kinds = getattr(module, "CallbackType", None)
    if kinds is None:
        return None
    return (kinds.BEGIN, kinds.END, kinds.CANCEL)


def _system_speechd_dirs() -> list[str]:
    """Candidate folders holding a distribution's ``speechd`` package, best match first."""
    major, minor = sys.version_info[:2]
    patterns = [
        "/usr/lib/python3/dist-packages/speechd",  # Debian, Ubuntu
        f"/usr/lib/python{major}.{minor}/dist-packages/speechd",
        f"/usr/lib/python{major}.{minor}/site-packages/speechd",  # Fedora, Arch
        f"/usr/lib64/python{major}.{minor}/site-packages/speechd",
        "/usr/lib/python3*/dist-packages/speechd",
        "/usr/lib/python3*/site-packages/speechd",
        "/usr/lib64/python3*/site-packages/speechd",
        "/usr/local/lib/python3*/dist-packages/speechd",
        "/usr/local/lib/python3*/site-packages/speechd",
    ]
    found: list[str] = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern), reverse=True):
            if os.path.isfile(os.path.join(path, "__init__.py")) and path not in found:
                found.append(path)
    return found


def load_speechd() -> ModuleType | None:
    """Import the Speech Dispatcher client, from the system's packages if need be."""
    try:
        import speechd  # type: ignore[import-not-found]

        return speechd
    except ImportError:
        pass
    if not sys.platform.startswith("linux"):
        return None
    for folder in _system_speechd_dirs():
        spec = importlib.util.spec_from_file_location(
            "speechd",
            os.path.join(folder, "__init__.py"),
            submodule_search_locations=[folder],
        )
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules["speechd"] = module
        try:
            spec.loader.exec_module(module)
        except Exception:
            for name in [n for n in sys.modules if n == "speechd" or n.startswith("speechd.")]:
                del sys.modules[name]
            continue
        return module
    return None


class Speaker:
    """Speaks (and brailles, where possible) through the player's screen reader or TTS."""

    def __init__(self, mode: str = "auto") -> None:
        """Set up speech: "off" never loads a backend; "auto" and "on" look for one."""
        if mode not in MODES:
            raise ValueError(f"speech mode must be one of {MODES}, not {mode!r}")
        self.mode = mode
        self.available = False
        self.problem: str | None = PROBLEM_DISABLED
        self._auto: Any = None
        if mode != "off":
            self._start()

    def _start(self) -> None:
        """Load accessible_output2 and pick the first output that answers."""
        try:
            with _quiet():
                if sys.platform.startswith("linux"):
                    load_speechd()  # so accessible_output2's "import speechd" succeeds
                from accessible_output2.outputs.auto import Auto

                self._auto = Auto()
                output = self._auto.get_first_available_output()
        except Exception:
            self._auto = None
            self.problem = PROBLEM_IMPORT_FAILED
            return
        if output is None:
            self.problem = PROBLEM_NO_BACKEND
            return
        self.available = True
        self.problem = None

    def _output(self) -> Any:
        """The backend output in use, or None."""
        if not self.available or self._auto is None:
            return None
        return self._auto.get_first_available_output()

    def _call(self, method: str, *args: Any, **kwargs: Any) -> None:
        """Call a backend method; on any failure go quiet for good and record why."""
        # Not muted like start-up: the backends print nothing here, and muting the
        # descriptors for every message could swallow the game's own output.
        try:
            output = self._output()
            if output is not None and hasattr(output, method):
                getattr(output, method)(*args, **kwargs)
        except Exception:
            self.available = False
            self.problem = PROBLEM_BACKEND_ERROR

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Say text; interrupt=True cuts off what is being said first."""
        if text:
            self._call("speak", text, interrupt=interrupt)

    @property
    def reports_timing(self) -> bool:
        """True when the backend tells when each message begins and ends (Speech Dispatcher)."""
        client = getattr(self._output(), "_client", None)
        return client is not None and hasattr(client, "speak") and _speechd_events() is not None

    def speak_timed(self, text: str, interrupt: bool = False,
                    on_event: Callable[[str, float], None] | None = None) -> None:
        """Say text; ``on_event(kind, time)`` hears "begin", "end" or "cancel" when the backend reports it."""
        events = _speechd_events()
        client = getattr(self._output(), "_client", None)
        if not text:
            return
        if on_event is None or client is None or events is None:
            self.speak(text, interrupt)
            return

        def report(kind: str, **_kwargs: Any) -> None:
            # On speechd's reader thread: only note the time (no SSIP call may be made here).
            with contextlib.suppress(Exception):
                on_event(str(kind), time.monotonic())

        try:
            if interrupt:
                client.cancel()
            client.speak(text, callback=report, event_types=events)
        except Exception:
            self.available = False
            self.problem = PROBLEM_BACKEND_ERROR

    def braille(self, text: str) -> None:
        """Show text on the braille display, if the backend drives one (Windows)."""
        if text:
            self._call("braille", text)

    def silence(self) -> None:
        """Stop speaking now."""
        self._call("silence")

    def set_language(self, language: str) -> None:
        """Ask the speech engine for a voice of language (e.g. "pt", "sr"), if it can choose."""
        # Only Speech Dispatcher takes a language from us; Windows screen readers
        # choose their own voice.
        try:
            client = getattr(self._output(), "_client", None)
            if client is None or not hasattr(client, "set_language"):
                return
            client.set_language(language.replace("_", "-").split("-")[0].lower())
        except Exception:
            self.available = False
            self.problem = PROBLEM_BACKEND_ERROR

    def close(self) -> None:
        """Release the backend (the Speech Dispatcher connection); speaking stops working."""
        auto, self._auto = self._auto, None
        self.available = False
        if self.problem is None:
            self.problem = PROBLEM_CLOSED
        if auto is None:
            return
        for output in getattr(auto, "outputs", []):
            close = getattr(output, "close", None)
            if close is None:
                continue
            with contextlib.suppress(Exception):
                if output.is_active():
                    with _quiet():
                        close()

    def __enter__(self) -> Speaker:
        """Use as a context manager that closes on exit."""
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Close on leaving the with block."""
        self.close()


class SpeechThread:
    """A Speaker that lives on one thread of its own: created there and called only there.

    Windows screen readers and SAPI are COM objects, which must be used on the thread that
    created them; the game calls from its event loop and from timers, so every call is put
    on a queue this thread works through. Same methods as :class:`Speaker`.
    """

    def __init__(self, mode: str = "auto", ready: Any = None, language: str | None = None) -> None:
        """Start the thread; ``ready(self)`` is called on it once the backend has answered."""
        import queue

        if mode not in MODES:
            raise ValueError(f"speech mode must be one of {MODES}, not {mode!r}")
        self.mode = mode
        self._speaker: Speaker | None = None
        self._queue: queue.Queue[tuple[str, tuple[Any, ...], dict[str, Any]] | None] = queue.Queue()
        self._ready = ready
        self._language = language
        self._closed = False
        self.thread = threading.Thread(target=self._work, name="speech", daemon=True)
        self.thread.start()

    @property
    def available(self) -> bool:
        """True while speech works (False until the backend has answered)."""
        speaker = self._speaker
        return speaker is not None and speaker.available and not self._closed

    @property
    def problem(self) -> str | None:
        """Why speech does not work (see :class:`Speaker`), None when it does."""
        speaker = self._speaker
        return speaker.problem if speaker is not None else None

    def _work(self) -> None:
        speaker = Speaker(self.mode)
        if speaker.available and self._language:
            speaker.set_language(self._language)
        self._speaker = speaker
        if self._ready is not None:
            with contextlib.suppress(Exception):
                self._ready(self)
        while True:
            item = self._queue.get()
            if item is None:
                speaker.close()
                return
            method, args, kwargs = item
            if not hasattr(speaker, method):  # a speaker without timing: speak plainly
                method = "speak"
                kwargs.pop("on_event", None)
            getattr(speaker, method)(*args, **kwargs)

    def _put(self, method: str, *args: Any, **kwargs: Any) -> None:
        if not self._closed:
            self._queue.put((method, args, kwargs))

    def _drop_pending(self) -> None:
        import queue

        with contextlib.suppress(queue.Empty):
            while True:
                self._queue.get_nowait()

    def speak(self, text: str, interrupt: bool = False,
              on_event: Callable[[str, float], None] | None = None) -> None:
        """Say text (queued); interrupt=True also drops what is still waiting to be said.

        ``on_event(kind, time)`` hears when the message begins and ends being spoken, where
        the backend reports it (:attr:`reports_timing`).
        """
        if interrupt:
            self._drop_pending()
        if on_event is None:
            self._put("speak", text, interrupt=interrupt)
        else:
            self._put("speak_timed", text, interrupt=interrupt, on_event=on_event)

    @property
    def reports_timing(self) -> bool:
        """True when the backend reports when each message begins and ends."""
        speaker = self._speaker
        return self.available and bool(getattr(speaker, "reports_timing", False))

    def braille(self, text: str) -> None:
        """Show text on the braille display (queued)."""
        self._put("braille", text)

    def silence(self) -> None:
        """Stop speaking now, and drop what waits."""
        self._drop_pending()
        self._put("silence")

    def set_language(self, language: str) -> None:
        """Ask for a voice of ``language`` (queued)."""
        self._put("set_language", language)

    def close(self, timeout: float = 2.0) -> None:
        """Finish what is queued, release the backend on its own thread, and stop."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        if threading.current_thread() is not self.thread:
            self.thread.join(timeout)
