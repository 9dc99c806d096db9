"""The earcons, synthesized here from tones, noise bursts and envelopes (no sound files).

Every earcon is a mono array of floats in [-1, 1] at :data:`RATE` samples a second, made
once on first use and kept. The set is data (:data:`EARCONS`): a name and the function
that builds it; draws take their card count. Levels: ordinary earcons peak near
:data:`QUIET`, the two that must stand out ("your turn", "you were caught") near
:data:`LOUD` and last longer.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable

#: Samples a second (earcons hold nothing above 5 kHz; half of CD rate keeps them cheap).
RATE = 22050
#: Peak level of ordinary earcons.
QUIET = 0.5
#: Peak level of the earcons that must stand out.
LOUD = 0.9
#: Loudness (root mean square) no ordinary earcon goes above; the two that stand out are louder.
QUIET_RMS = 0.15
#: Most cards a draw earcon counts out (more sound the same as this many).
MAX_COUNT = 10
#: The colours' pitches: one a colour, a major chord apart (C5, E5, G5, C6).
COLOR_PITCH = {"r": 523.25, "y": 659.26, "g": 783.99, "b": 1046.50}

Samples = array  # array("f")


def _silence(seconds: float) -> array:
    return array("f", bytes(4 * int(RATE * seconds)))


def _tone(freq: float, seconds: float, wave: str = "sine", attack: float = 0.005, decay: float = 6.0,
          partials: tuple[float, ...] = (), glide_to: float | None = None, vibrato: float = 0.0) -> array:
    """A tone with a linear attack and an exponential decay (``decay``: e-folds over its length).

    ``partials`` adds overtones (relative levels of harmonics 2, 3...); ``glide_to`` sweeps the
    pitch; ``vibrato`` is a depth in semitones at 7 Hz.
    """
    n = int(RATE * seconds)
    out = array("f", bytes(4 * n))
    phase = 0.0
    attack_n = max(1, int(RATE * attack))
    for i in range(n):
        t = i / n
        f = freq if glide_to is None else freq * (glide_to / freq) ** t
        if vibrato:
            f *= 2 ** (vibrato * math.sin(2 * math.pi * 7 * i / RATE) / 12)
        phase += f / RATE
        p = phase % 1.0
        if wave == "sine":
            v = math.sin(2 * math.pi * p)
            for k, level in enumerate(partials, start=2):
                v += level * math.sin(2 * math.pi * k * p)
        elif wave == "square":
            v = 1.0 if p < 0.5 else -1.0
        elif wave == "saw":
            v = 2.0 * p - 1.0
        else:  # triangle
            v = 4.0 * abs(p - 0.5) - 1.0
        env = min(1.0, i / attack_n) * math.exp(-decay * t)
        # The last 5 ms fade to zero: no click at the end.
        tail = n - i
        if tail < RATE * 0.005:
            env *= tail / (RATE * 0.005)
        out[i] = v * env
    return out


def _noise(seconds: float, seed: int, colour: float = 0.0, decay: float = 8.0, bright: bool = False) -> array:
    """A burst of noise: ``colour`` (0-1) low-passes it, ``bright`` takes only its high part."""
    rng = random.Random(seed)  # fixed seeds: the same earcon every run
    n = int(RATE * seconds)
    out = array("f", bytes(4 * n))
    low = 0.0
    for i in range(n):
        white = rng.uniform(-1.0, 1.0)
        low = colour * low + (1.0 - colour) * white
        v = white - low if bright else low
        env = min(1.0, i / (RATE * 0.002)) * math.exp(-decay * i / n)
        out[i] = v * env
    return out


def _mix(*parts: tuple[float, array, float]) -> array:
    """Parts as (start seconds, samples, gain), added together."""
    end = max(int(RATE * start) + len(s) for start, s, _g in parts)
    out = array("f", bytes(4 * end))
    for start, samples, gain in parts:
        offset = int(RATE * start)
        for i, v in enumerate(samples):
            out[offset + i] += v * gain
    return out


def _seq(notes: list[array], gap: float = 0.0) -> array:
    """Notes one after another."""
    parts = []
    t = 0.0
    for note in notes:
        parts.append((t, note, 1.0))
        t += len(note) / RATE + gap
    return _mix(*parts)


def rms(samples: array) -> float:
    """The root mean square level of the samples."""
    return math.sqrt(sum(v * v for v in samples) / len(samples)) if samples else 0.0


def normalize(samples: array, peak: float, loudness: float | None = None) -> array:
    """The samples scaled so their loudest one is ``peak`` (and their RMS at most ``loudness``)."""
    top = max((abs(v) for v in samples), default=0.0)
    if top <= 0:
        return samples
    scale = peak / top
    if loudness is not None:
        scale = min(scale, loudness / max(rms(samples), 1e-9))
    return array("f", (v * scale for v in samples))


def _slap(seed: int = 1) -> array:
    """A card put down: a short bright noise burst."""
    return _noise(0.045, seed, colour=0.3, decay=9.0, bright=True)


# ------------------------------------------------------------------ the set
def play_number() -> array:
    """A number card: the slap and a soft note."""
    return _mix((0, _slap(), 0.8), (0.01, _tone(660, 0.07, "triangle", decay=5), 0.5))


def play_action() -> array:
    """A Skip, Reverse or Draw Two: the slap and two quick square notes up."""
    return _mix((0, _slap(), 0.8), (0.01, _seq([_tone(660, 0.06, "square", decay=3),
                                                 _tone(990, 0.08, "square", decay=4)]), 0.35))


def play_wild() -> array:
    """A Wild: the slap and a shimmering glide up."""
    return _mix((0, _slap(), 0.7), (0.01, _tone(440, 0.26, "sine", decay=3, glide_to=1320, vibrato=0.4,
                                                partials=(0.4, 0.2)), 0.7))


def play_wild4() -> array:
    """A Wild Draw Four: the slap and four low pulses."""
    pulse = _tone(196, 0.07, "square", decay=2)
    return _mix((0, _slap(), 0.7), (0.01, _seq([pulse] * 4, gap=0.02), 0.45))


def draw(count: int) -> array:
    """A card drawn: soft ticks, one a card, pitch rising."""
    count = max(1, min(MAX_COUNT, count))
    parts = []
    for k in range(count):
        parts.append((k * 0.075, _noise(0.035, 10 + k, colour=0.6, decay=6), 0.6))
        parts.append((k * 0.075, _tone(880 * 2 ** (k / 24), 0.035, "sine", decay=6), 0.3))
    return _mix(*parts)


def penalty(count: int) -> array:
    """Cards drawn as a penalty: low, heavier thuds, one a card."""
    count = max(1, min(MAX_COUNT, count))
    parts = []
    for k in range(count):
        parts.append((k * 0.085, _tone(150, 0.06, "square", decay=5), 0.5))
        parts.append((k * 0.085, _noise(0.05, 30 + k, colour=0.85, decay=5), 0.8))
    return _mix(*parts)


def your_turn() -> array:
    """Stands out: a loud high two-note bell, longer than the rest."""
    bell = (0.5, 0.3, 0.15)
    return _seq([_tone(1318.5, 0.17, "sine", decay=1, partials=bell),
                 _tone(1760.0, 0.38, "sine", decay=2, partials=bell)])


def uno() -> array:
    """UNO said: three bright notes up."""
    return _seq([_tone(f, 0.07, "triangle", decay=2) for f in (1046.5, 1318.5, 1568.0)])


def caught() -> array:
    """Somebody else was caught: a falling two-note 'uh-oh'."""
    return _seq([_tone(587.3, 0.1, "triangle", decay=2), _tone(440.0, 0.16, "triangle", decay=3)])


def you_caught() -> array:
    """Stands out: a loud, rough low buzzer in three pulses."""
    buzz = _mix((0, _tone(110, 0.14, "saw", decay=1), 0.6), (0, _tone(116.5, 0.14, "square", decay=1), 0.4))
    return _seq([buzz, buzz, buzz], gap=0.04)


def challenge() -> array:
    """A question: a rising glide."""
    return _tone(392, 0.26, "triangle", decay=1.5, glide_to=784)


def challenge_guilty() -> array:
    """The Wild Draw Four was a bluff: two quick high stabs, then a low one."""
    return _seq([_tone(1174.7, 0.06, "square", decay=3), _tone(1174.7, 0.06, "square", decay=3),
                 _tone(293.7, 0.16, "square", decay=4)], gap=0.02)


def challenge_clear() -> array:
    """The Wild Draw Four was honest: the challenge fails, a falling glide."""
    return _tone(784, 0.3, "triangle", decay=2, glide_to=262)


def jump_in() -> array:
    """An interception: a fast whoosh and a ping."""
    return _mix((0, _noise(0.12, 50, colour=0.2, decay=2, bright=True), 0.5),
                (0.09, _tone(1568, 0.12, "sine", decay=6, partials=(0.3,)), 0.6))


def sequence() -> array:
    """A straight card: a quick run of steps up."""
    return _seq([_tone(f, 0.045, "sine", decay=2, partials=(0.2,)) for f in (523.25, 587.33, 659.26, 698.46)])


def beep() -> array:
    """A Beep: the buzzer itself, two square beeps at 1 kHz."""
    b = _tone(1000, 0.08, "square", decay=0.5)
    return _seq([b, b], gap=0.05)


def color(code: str) -> array:
    """A colour named: its own pitch, one soft note with a fifth above."""
    f = COLOR_PITCH[code]
    return _mix((0, _tone(f, 0.18, "sine", decay=4, partials=(0.3,)), 0.8),
                (0, _tone(f * 1.5, 0.18, "sine", decay=5), 0.25))


def time_warning() -> array:
    """The thinking time runs out: three woodblock ticks, quickening."""
    tick = _mix((0, _tone(1900, 0.03, "sine", decay=10), 1.0), (0, _noise(0.01, 70, bright=True), 0.3))
    return _mix((0, tick, 1.0), (0.2, tick, 1.0), (0.34, tick, 1.0))


def hand_won() -> array:
    """The player won the hand: a major arpeggio up."""
    return _seq([_tone(f, 0.11, "triangle", decay=2) for f in (523.25, 659.26, 783.99)]
                + [_tone(1046.5, 0.25, "triangle", decay=3)])


def hand_lost() -> array:
    """Somebody else won the hand: three notes down."""
    return _seq([_tone(f, 0.13, "triangle", decay=2) for f in (392.0, 311.13)] + [_tone(261.63, 0.3, "triangle", decay=3)])


def match_won() -> array:
    """The player won the match: four notes up, then a chord."""
    notes = (523.25, 659.26, 783.99, 1046.5)
    chord = _mix(*((0, _tone(f, 0.45, "sine", decay=2.5, partials=(0.3, 0.1)), 0.4) for f in notes))
    return _seq([_tone(f, 0.09, "square", decay=2) for f in notes] + [chord])


def match_lost() -> array:
    """The player lost the match: a slow, low fall."""
    return _mix((0, _tone(392, 0.9, "saw", decay=3, glide_to=196), 0.5),
                (0, _tone(311.13, 0.9, "sine", decay=3, glide_to=155.6), 0.5))


#: Every earcon by name, with the function that makes it; ``draw:N`` and ``penalty:N`` take a count.
EARCONS: dict[str, Callable[[], array]] = {
    "play_number": play_number,
    "play_action": play_action,
    "play_wild": play_wild,
    "play_wild4": play_wild4,
    "your_turn": your_turn,
    "uno": uno,
    "caught": caught,
    "you_caught": you_caught,
    "challenge": challenge,
    "challenge_guilty": challenge_guilty,
    "challenge_clear": challenge_clear,
    "jump_in": jump_in,
    "sequence": sequence,
    "beep": beep,
    "color_r": lambda: color("r"),
    "color_y": lambda: color("y"),
    "color_g": lambda: color("g"),
    "color_b": lambda: color("b"),
    "time_warning": time_warning,
    "hand_won": hand_won,
    "hand_lost": hand_lost,
    "match_won": match_won,
    "match_lost": match_lost,
}
#: The earcons that must stand out from the rest.
STANDOUT = frozenset({"your_turn", "you_caught"})
COUNTED = ("draw", "penalty")

_cache: dict[str, array] = {}


def names() -> list[str]:
    """Every earcon name: the fixed ones and the draws of 1 to MAX_COUNT cards."""
    return list(EARCONS) + [f"{kind}:{n}" for kind in COUNTED for n in range(1, MAX_COUNT + 1)]


def render(name: str) -> array:
    """The samples of an earcon (made once, then kept); KeyError for an unknown name."""
    got = _cache.get(name)
    if got is not None:
        return got
    kind, _sep, count = name.partition(":")
    if kind in COUNTED and count.isdigit():
        raw = (draw if kind == "draw" else penalty)(int(count))
    else:
        raw = EARCONS[name]()
    got = normalize(raw, LOUD) if name in STANDOUT else normalize(raw, QUIET, QUIET_RMS)
    _cache[name] = got
    return got
