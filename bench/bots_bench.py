"""How long a bot takes to decide: percentiles of ``choose()`` per level.

    python3 bench/bots_bench.py                 # 40 four-player playroom hands, 2-player classic too
    python3 bench/bots_bench.py --hands 200

The targets are a 99th percentile under 5 ms for ``hard`` and under 50 ms for ``expert``
(the other levels: 5 ms); the script prints the 50th and 99th percentiles and the maximum,
and says whether the 99th is under the level's target.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_cli.bots import make_bot  # noqa: E402
from uno_cli.engine import Game, preset  # noqa: E402
from uno_cli.engine.game import HAND_OVER  # noqa: E402


#: The 99th-percentile target of each level, in milliseconds (5 ms for the others).
TARGET_MS = {"expert": 50.0}


class Timed:
    def __init__(self, bot, times):
        self.bot, self.times = bot, times

    def observe(self, events):
        self.bot.observe(events)

    def choose(self, view):
        t = time.perf_counter()
        a = self.bot.choose(view)
        self.times.append(time.perf_counter() - t)
        return a

    def reaction_time(self):
        return self.bot.reaction_time()


def run(name: str, levels: tuple[str, ...], hands: int, seed: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    for h in range(hands):
        game = Game(len(levels), preset(name).with_values(hands=1), seed=seed + h)
        rng = random.Random(seed + h)
        bots = [Timed(make_bot(lv, s, random.Random(rng.getrandbits(64))), times[lv]) for s, lv in enumerate(levels)]
        start = game.start()
        for b in bots:
            b.observe(start)
        while not game.is_over:
            if game.phase == HAND_OVER:
                break
            offers = []
            for seat in game.actors():
                if seat == game.current and game.phase != "beep":
                    continue
                a = bots[seat].choose(game.view(seat))
                if a is not None:
                    offers.append((bots[seat].reaction_time(), seat, a))
            if offers:
                a = min(offers, key=lambda o: (o[0], o[1]))[2]
            else:
                seat = game.current if game.phase != "beep" else game.beep_waiting[0]
                a = bots[seat].choose(game.view(seat))
            events = game.apply(a)
            for b in bots:
                b.observe(events)
    return times


def pct(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return 0.0
    k = min(len(sorted_values) - 1, int(round(p / 100 * (len(sorted_values) - 1))))
    return sorted_values[k]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables = (
        ("playroom", ("hard", "normal", "easy", "expert")),
        ("classic", ("hard", "expert")),
        ("classic", ("expert", "normal", "hard", "normal")),
    )
    for name, levels in tables:
        times = run(name, levels, args.hands, args.seed)
        for level, values in times.items():
            values.sort()
            p99 = pct(values, 99) * 1000
            target = TARGET_MS.get(level, 5.0)
            print(
                f"{name} {len(levels)}p {level}: {len(values)} decisions, median {pct(values, 50) * 1000:.3f} ms, "
                f"99th percentile {p99:.3f} ms, max {values[-1] * 1000:.3f} ms, "
                f"99th under {target:g} ms: {'yes' if p99 < target else 'NO'}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
