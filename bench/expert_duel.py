#!/usr/bin/env python3
"""Duplicate deals: the two-player expert against ``hard``, each deal played twice (the expert in each seat).

A tuning aid for the two-player expert. Every deal (``game_seed(seed, i)``) is played once with
the expert in seat 1 and once in seat 2, so the luck of the deal cancels out of a comparison; a
setting of the expert's module constants (``--set NAME=value``, several allowed) is played on
the same deals as the expert as shipped, and the paired difference of hands (or matches) won is
printed with its standard error. A difference smaller than about two standard errors is noise.

    python3 bench/expert_duel.py --deals 200                               # the expert as shipped
    python3 bench/expert_duel.py --deals 200 --set DEPTH=0                 # and rollouts to the end of the hand
    python3 bench/expert_duel.py --deals 100 --matches --set MAX_CANDIDATES=4
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import uno_cli.bots.expert as expert  # noqa: E402
from uno_cli.engine import Game, preset  # noqa: E402
from uno_cli.play.sim import GameRecord, game_seed, play_bot_game  # noqa: E402


def play(deals: int, start: int, seed: int, name: str, matches: bool, opponent: str) -> list[float]:
    """The expert's result (1 won, 0 lost, 1/k shared) in each game: deal i with the expert in seat 1, then seat 2."""
    opts = preset(name) if matches else preset(name).with_values(hands=1)
    out: list[float] = []
    for i in range(start, start + deals):
        gs = game_seed(seed, i)
        for me in (0, 1):
            levels = ("expert", opponent) if me == 0 else (opponent, "expert")
            game = Game(2, opts, seed=gs)
            play_bot_game(game, False, GameRecord(i, gs, levels, (), (), 0, 0, 0), levels)
            out.append((me in game.winners) / max(1, len(game.winners)))
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=200, help="deals, each played twice")
    p.add_argument("--start", type=int, default=0, help="index of the first deal")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--preset", default="classic")
    p.add_argument("--opponent", default="hard")
    p.add_argument("--matches", action="store_true", help="whole matches, not single hands")
    p.add_argument("--set", action="append", default=[], help="an expert constant for the second run: NAME=value")
    a = p.parse_args()
    unit = "matches" if a.matches else "hands"
    runs = [("as shipped", [])] + ([(" ".join(a.set), a.set)] if a.set else [])
    base: list[float] = []
    for label, sets in runs:
        saved = {}
        for item in sets:
            key, value = item.split("=")
            saved[key] = getattr(expert, key)
            setattr(expert, key, type(saved[key])(float(value)))
        t = time.process_time()
        res = play(a.deals, a.start, a.seed, a.preset, a.matches, a.opponent)
        cpu = time.process_time() - t
        for key, value in saved.items():
            setattr(expert, key, value)
        n = len(res)
        rate = sum(res) / n
        line = f"{a.preset}, 2 players, expert ({label}) vs {a.opponent}: {rate * 100:.1f}% of {n} {unit}"
        if base:
            diff = [x - y for x, y in zip(res, base)]
            mean = sum(diff) / n
            sd = math.sqrt(sum((d - mean) ** 2 for d in diff) / (n - 1)) if n > 1 else 0.0
            line += f"; paired difference {mean * 100:+.2f} points, standard error {sd / math.sqrt(n) * 100:.2f}"
        else:
            base = res
        print(f"{line} (CPU {cpu:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
