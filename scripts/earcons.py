#!/usr/bin/env python3
"""The earcons outside the game: measure them, write them as WAV files, run the listening check.

    python3 scripts/earcons.py report            # length, peak, loudness, nearest other earcon
    python3 scripts/earcons.py wav DIR           # every earcon as a 16-bit mono WAV file in DIR
    python3 scripts/earcons.py check [--seed N]  # the listening check of docs/sound.md (needs the sound extra)

The check plays each earcon twice, in a shuffled order, and asks the listener to name it;
the answers are written to earcons-check-SEED.txt for docs/sound.md's form.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_cli.sound import synth  # noqa: E402

#: What the listening check plays: every kind, and three draw lengths of each sort.
CHECKED = [*synth.EARCONS, "draw:1", "draw:4", "penalty:2", "penalty:4"]


def report() -> None:
    """Print every earcon's length, peak, loudness and nearest other earcon."""
    from tests.sound import spectra

    names = synth.names()
    grams = {n: spectra.bands(synth.render(n)) for n in names}
    print(f"{'earcon':18} {'seconds':>7} {'peak dBFS':>9} {'RMS dBFS':>8}  nearest (spectrogram distance, dB)")
    for name in names:
        s = synth.render(name)
        near = min((spectra.distance(grams[name], grams[o]), o) for o in names if o != name)
        print(f"{name:18} {len(s) / synth.RATE:7.3f} {20 * math.log10(max(abs(v) for v in s)):9.1f} "
              f"{20 * math.log10(synth.rms(s)):8.1f}  {near[1]} ({near[0]:.1f})")
    kinds = min((spectra.distance(grams[a], grams[b]), a, b) for a, b in itertools.combinations(names, 2)
                if a.split(":")[0] != b.split(":")[0])
    print(f"closest two kinds: {kinds[1]} and {kinds[2]}, {kinds[0]:.1f} dB")


def write_wavs(folder: Path) -> None:
    """Write every earcon as a 16-bit mono WAV file in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in synth.names():
        samples = synth.render(name)
        with wave.open(str(folder / (name.replace(":", "-") + ".wav")), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(synth.RATE)
            out.writeframes(b"".join(int(v * 32767).to_bytes(2, "little", signed=True) for v in samples))
    print(f"{len(synth.names())} files in {folder}")


def check(seed: int) -> None:
    """The listening check: each earcon twice, shuffled by ``seed``; the answers to a file."""
    from uno_cli.sound import Sound

    sound = Sound(volume=80, panning=False)
    problem = sound.open()
    if problem is not None:
        sys.exit(f"No sound: {problem}.")
    order = CHECKED[:]
    random.Random(seed).shuffle(order)
    print("Listening check: each sound plays twice. Type what you think it means, then Enter "
          "(an empty line plays it again).")
    answers = []
    try:
        for number, name in enumerate(order, start=1):
            while True:
                print(f"Sound {number} of {len(order)}.")
                for _ in range(2):
                    sound.play(name)
                    time.sleep(len(synth.render(name)) / synth.RATE + 0.6)
                answer = input("> ").strip()
                if answer:
                    break
            answers.append((number, name, answer))
    finally:
        sound.close()
    path = Path(f"earcons-check-{seed}.txt")
    with open(path, "w", encoding="utf-8") as f:
        for number, name, answer in answers:
            f.write(f"{number}\t{name}\t{answer}\n")
    print(f"Answers written to {path}: copy them into the form of docs/sound.md.")


def main() -> None:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("report")
    wav = sub.add_parser("wav")
    wav.add_argument("folder", type=Path)
    chk = sub.add_parser("check")
    chk.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.command == "report":
        report()
    elif args.command == "wav":
        write_wavs(args.folder)
    else:
        check(args.seed)


if __name__ == "__main__":
    main()
