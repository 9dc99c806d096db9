#!/usr/bin/env python3
"""How soon an earcon starts after the game asks for it, and what sound costs, on miniaudio's null device.

    python3 bench/sound_latency.py              # 200 sounds (about 6 s)
    python3 bench/sound_latency.py --sounds 500

Prints the start-up cost (making every earcon, opening the device: wall and CPU time), the
delay from asking to the first period that holds each sound (median, 95th percentile, most;
the issue's bound is 30 ms), and the CPU the audio thread's mixing takes a period.
A real device adds its own output latency on top; this measures the game's part.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_cli.sound import Sound, synth  # noqa: E402
from uno_cli.sound.player import PERIOD_MS, Mixer  # noqa: E402


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sounds", type=int, default=200)
    args = parser.parse_args()
    wall, cpu = time.perf_counter(), time.process_time()
    sound = Sound(viewer=1, players=lambda: 4)
    problem = sound.open(null=True)
    if problem is not None:
        sys.exit(f"no sound: {problem} (install the sound extra)")
    print(f"start (every earcon made, device open): {time.perf_counter() - wall:.2f} s wall, "
          f"{time.process_time() - cpu:.2f} s CPU")
    names = list(synth.EARCONS)
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(args.sounds):
        sound.play(names[i % len(names)], seat=i % 4 + 1)
        time.sleep(0.013 * (1 + i % 5))  # spread over the period, as events come
    time.sleep(0.2)
    sound.close()
    print(f"playing {args.sounds} sounds: {time.perf_counter() - wall:.2f} s wall, "
          f"{time.process_time() - cpu:.2f} s CPU (both threads)")
    delays = sorted((begun - asked) * 1000 for _n, asked, begun in sound.mixer.started)
    print(f"delay ask -> first period ({PERIOD_MS} ms periods), {len(delays)} sounds: median "
          f"{statistics.median(delays):.1f} ms, 95th percentile {delays[int(0.95 * len(delays))]:.1f} ms, "
          f"most {delays[-1]:.1f} ms (bound 30 ms)")
    mixer = Mixer(0.8)
    frames = synth.RATE * PERIOD_MS // 1000
    cost = 0.0
    for _ in range(50):
        mixer._voices = []
        for name in ("match_won", "match_lost", "your_turn", "you_caught"):
            mixer.add(name, synth.render(name), 0.7, 0.7)
        cpu = time.process_time()
        mixer.frames(frames)
        cost += time.process_time() - cpu
    print(f"mixing four sounds: {cost / 50 * 1000:.2f} ms CPU a {PERIOD_MS} ms period")


if __name__ == "__main__":
    main()
