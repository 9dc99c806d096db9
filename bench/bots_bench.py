"""How long a bot takes to decide: percentiles of ``choose()`` per level.

    python3 bench/bots_bench.py                 # 40 four-player playroom hands, 2-player classic too
    python3 bench/bots_bench.py --hands 200

For the expert it also prints how many rollouts a search plays and what one costs (the
figure issue 12 asks to raise: rollouts per decision within the time limit).

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

import uno_cli.bots.expert as expert  # noqa: E402
from uno_cli.bots import make_bot  # noqa: E402
from uno_cli.engine import Game, preset  # noqa: E402
from uno_cli.engine.game import HAND_OVER  # noqa: E402


#: The 99th-percentile target of each level, in milliseconds (5 ms for the others).
TARGET_MS = {"expert": 50.0}


#: Rollouts played by the expert's searches: [count, seconds inside them].
ROLLOUTS = [0, 0.0]
_play_out = expert.play_out


def _counted_play_out(game, rng, limit=expert.ROLLOUT_LIMIT):
    t = time.perf_counter()
    try:
        return _play_out(game, rng, limit)
    finally:
        ROLLOUTS[0] += 1
        ROLLOUTS[1] += time.perf_counter() - t


expert.play_out = _counted_play_out


class Timed:
    def __init__(self, bot, times, searched=None):
        self.bot, self.times, self.searched = bot, times, searched

    def observe(self, events):
        self.bot.observe(events)

    def choose(self, view):
        before = ROLLOUTS[0]
        t = time.perf_counter()
        a = self.bot.choose(view)
        self.times.append(time.perf_counter() - t)
        if self.searched is not None and ROLLOUTS[0] > before:
            self.searched.append(ROLLOUTS[0] - before)
        return a

    def reaction_time(self):
        return self.bot.reaction_time()


def run(name: str, levels: tuple[str, ...], hands: int, seed: int, searched: list[int] | None = None) -> dict[str, list[float]]:
    """Decision times per level over ``hands`` hands; the expert's rollouts per search go to ``searched``."""
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    for h in range(hands):
        game = Game(len(levels), preset(name).with_values(hands=1), seed=seed + h)
        rng = random.Random(seed + h)
        bots = [Timed(make_bot(lv, s, random.Random(rng.getrandbits(64))), times[lv], searched if lv == "expert" else None)
                for s, lv in enumerate(levels)]
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
        searched: list[int] = []
        ROLLOUTS[:] = [0, 0.0]
        times = run(name, levels, args.hands, args.seed, searched)
        for level, values in times.items():
            values.sort()
            p99 = pct(values, 99) * 1000
            target = TARGET_MS.get(level, 5.0)
            print(
                f"{name} {len(levels)}p {level}: {len(values)} decisions, median {pct(values, 50) * 1000:.3f} ms, "
                f"99th percentile {p99:.3f} ms, max {values[-1] * 1000:.3f} ms, "
                f"99th under {target:g} ms: {'yes' if p99 < target else 'NO'}"
            )
        if searched:
            print(
                f"{name} {len(levels)}p expert searches: {len(searched)}, rollouts per search {sum(searched) / len(searched):.0f} "
                f"(at most {expert.WORLDS} deals x {expert.MAX_CANDIDATES + 1} plays), "
                f"{ROLLOUTS[1] / ROLLOUTS[0] * 1e6:.0f} us per rollout, {ROLLOUTS[0] / ROLLOUTS[1]:.0f} rollouts/s"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
