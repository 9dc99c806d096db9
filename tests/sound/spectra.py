"""Measuring earcons in the tests: spectrograms in log bands, distances, the strongest pitch."""

from __future__ import annotations

import cmath
import math
from array import array

from uno_cli.sound.synth import RATE

FRAME = 512
#: Band edges, log-spaced from 100 Hz to 8 kHz (24 bands).
EDGES = [100 * (80 ** (k / 24)) for k in range(25)]
FLOOR = -60.0


def fft(x: list[complex]) -> list[complex]:
    """Radix-2 FFT (len(x) a power of two)."""
    n = len(x)
    if n == 1:
        return x
    even, odd = fft(x[0::2]), fft(x[1::2])
    out = [0j] * n
    for k in range(n // 2):
        t = cmath.exp(-2j * math.pi * k / n) * odd[k]
        out[k], out[k + n // 2] = even[k] + t, even[k] - t
    return out


_WINDOW = [0.5 - 0.5 * math.cos(2 * math.pi * i / (FRAME - 1)) for i in range(FRAME)]


def spectrum(frame: list[float]) -> list[float]:
    """Magnitudes of one windowed frame (FRAME samples, zero-padded)."""
    frame = frame + [0.0] * (FRAME - len(frame))
    return [abs(v) for v in fft([complex(a * w) for a, w in zip(frame, _WINDOW)])[: FRAME // 2]]


def bands(samples: array) -> list[list[float]]:
    """The spectrogram: per frame, the level (dB) in each band."""
    out = []
    hz = RATE / FRAME
    for start in range(0, len(samples), FRAME):
        mags = spectrum(list(samples[start:start + FRAME]))
        row = []
        for lo, hi in zip(EDGES, EDGES[1:]):
            energy = sum(m * m for i, m in enumerate(mags) if lo <= i * hz < hi)
            row.append(max(FLOOR, 10 * math.log10(energy + 1e-12)))
        out.append(row)
    return out


def distance(a: list[list[float]], b: list[list[float]]) -> float:
    """The root mean square difference (dB) of two spectrograms, the shorter padded with silence."""
    frames = max(len(a), len(b))
    silent = [FLOOR] * (len(EDGES) - 1)
    total = 0.0
    for i in range(frames):
        ra = a[i] if i < len(a) else silent
        rb = b[i] if i < len(b) else silent
        total += sum((x - y) ** 2 for x, y in zip(ra, rb))
    return math.sqrt(total / (frames * len(silent)))


def strongest_pitch(samples: array) -> float:
    """The frequency (Hz) of the strongest component over the first FRAME*4 samples."""
    n = FRAME * 4
    chunk = list(samples[:n]) + [0.0] * max(0, n - len(samples))
    mags = [abs(v) for v in fft([complex(v) for v in chunk])[: n // 2]]
    peak = max(range(1, len(mags)), key=mags.__getitem__)
    return peak * RATE / n
