"""Playback: earcons mixed into one stereo stream that miniaudio's own thread pulls.

Asking for a sound only appends to a queue (never waits); the audio thread takes it at its
next period (:data:`PERIOD_MS`), mixes every voice in stereo, and notes when each began,
so tests can check the delay between an event and its sound.
"""

from __future__ import annotations

import collections
import sys
import time
from array import array
from collections.abc import Generator
from typing import Any

from uno_cli.sound import synth

#: The length of the device's buffer in milliseconds: about the longest wait before a sound is heard.
PERIOD_MS = 20
#: The buffer is filled in this many parts: a sound asked for is mixed into the next part.
PERIODS = 2
_FULL = 32767


class Mixer:
    """Voices added from any thread, mixed into 16-bit stereo frames on the audio thread."""

    def __init__(self, volume: float = 0.8) -> None:
        self.volume = volume
        self._queue: collections.deque[tuple[str, array, float, float, float]] = collections.deque()
        self._voices: list[list[Any]] = []
        self._cut = 0
        self._cut_seen = 0
        #: (name, asked, started) of the latest sounds, monotonic seconds: when the game asked
        #: for each and when the audio thread first mixed it.
        self.started: collections.deque[tuple[str, float, float]] = collections.deque(maxlen=512)

    def add(self, name: str, samples: array, left: float, right: float, asked: float | None = None) -> None:
        """Start a sound at the next period (thread-safe, never blocks)."""
        self._queue.append((name, samples, left, right, time.monotonic() if asked is None else asked))

    def silence(self) -> None:
        """Stop every sound now, and those asked for but not started."""
        self._queue.clear()
        self._cut += 1

    def frames(self, count: int) -> array:
        """The next ``count`` stereo frames (the audio thread)."""
        if self._cut != self._cut_seen:
            self._cut_seen = self._cut
            self._voices = []
        now = time.monotonic()
        while self._queue:
            try:
                name, samples, left, right, asked = self._queue.popleft()
            except IndexError:
                break
            self._voices.append([samples, 0, left * self.volume, right * self.volume])
            self.started.append((name, asked, now))
        if not self._voices:
            return array("h", bytes(4 * count))
        mix = [0.0] * (2 * count)
        alive = []
        for voice in self._voices:
            samples, pos, gl, gr = voice
            chunk = samples[pos:pos + count]
            j = 0
            for v in chunk:
                mix[j] += v * gl
                mix[j + 1] += v * gr
                j += 2
            voice[1] = pos + len(chunk)
            if voice[1] < len(samples):
                alive.append(voice)
        self._voices = alive
        return array("h", (_FULL if v >= 1.0 else -_FULL if v <= -1.0 else int(v * _FULL) for v in mix))

    def generator(self) -> Generator[array, int, None]:
        """miniaudio's stream: sent the frames wanted, yields them."""
        count = yield array("h")
        while True:
            try:
                out = self.frames(count)
            except Exception:  # noqa: BLE001 - the audio thread must never die: silence instead
                out = array("h", bytes(4 * count))
            count = yield out


class Device:
    """The sound card (or miniaudio's null device), playing a :class:`Mixer`."""

    def __init__(self, mixer: Mixer, null: bool = False) -> None:
        import miniaudio

        stream = mixer.generator()
        next(stream)
        if null:
            self._device = self._open(miniaudio, [miniaudio.Backend.NULL])
        else:
            # ALSA and JACK print their failures on the process's standard error (the player's
            # terminal): they are tried only when the quiet backends found nothing, and muted.
            noisy = [miniaudio.Backend.ALSA, miniaudio.Backend.JACK]
            quiet = [b for b in miniaudio.Backend if b not in noisy and b != miniaudio.Backend.NULL]
            try:
                self._device = self._open(miniaudio, quiet)
            except miniaudio.MiniaudioError:
                _mute_native_audio_errors()
                self._device = self._open(miniaudio, noisy)
        self._device.start(stream)
        self.backend = str(self._device.backend)

    @staticmethod
    def _open(miniaudio: Any, backends: list[Any]) -> Any:
        return miniaudio.PlaybackDevice(
            output_format=miniaudio.SampleFormat.SIGNED16, nchannels=2, sample_rate=synth.RATE,
            buffersize_msec=PERIOD_MS, callback_periods=PERIODS, backends=backends, app_name="uno-cli",
            # The audio thread first in line for the processor, as audio threads are (miniaudio
            # falls back to the normal priority where the system refuses it).
            thread_prio=miniaudio.ThreadPriority.REALTIME)

    def close(self) -> None:
        """Stop the device."""
        try:
            self._device.close()
        except Exception:  # noqa: BLE001 - leaving the game must not fail on sound
            pass


#: The C callbacks given to ALSA and JACK (kept alive for as long as the libraries may call them).
_MUTED: list[Any] = []


def _mute_native_audio_errors() -> None:
    """Give ALSA and JACK error handlers that say nothing, instead of printing on standard error.

    Redirecting the process's standard error would hide the game's own output meanwhile; the
    libraries' own hooks silence only them. Linux only (elsewhere these libraries are not used).
    """
    if _MUTED or not sys.platform.startswith("linux"):
        return
    import ctypes
    import ctypes.util

    def quiet(*_args: Any) -> None:
        return None

    for lib_name, setters, argtypes in (
        # void handler(const char *file, int line, const char *function, int err, const char *fmt, ...)
        ("asound", ("snd_lib_error_set_handler",),
         (ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p)),
        # void handler(const char *message)
        ("jack", ("jack_set_error_function", "jack_set_info_function"), (ctypes.c_char_p,)),
    ):
        found = ctypes.util.find_library(lib_name)
        if not found:
            continue
        try:
            lib = ctypes.CDLL(found)
            handler = ctypes.CFUNCTYPE(None, *argtypes)(quiet)
            for setter in setters:
                getattr(lib, setter)(handler)
            _MUTED.append(handler)
        except (OSError, AttributeError):  # another build of the library: it may print, nothing worse
            continue
    if not _MUTED:
        _MUTED.append(None)  # looked once
