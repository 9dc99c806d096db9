#!/usr/bin/env python3
"""Duplicate deals: the two-player expert against ``hard``, each deal played twice (the expert in each seat).

A tuning aid for the two-player expert. Every deal (``game_seed(seed, i)``) is played once with
the expert in seat 1 and once in seat 2, so the luck of the deal cancels out of a comparison; a
setting of the expert's module constants (``--set NAME=value``, several allowed) is played on
the same deals as the expert as shipped, and the paired difference of hands (or matches) won is
printed with its standard error, with the difference in points a game (the expert's points less
the other's: what whole matches to 500 are won by). A difference smaller than about two
standard errors is noise. ``--jobs`` spreads the deals over processes (the results do not
change); ``--base FILE`` keeps the as-shipped results of a set of deals, so comparing several
settings on them plays the as-shipped expert once.

    python3 bench/expert_duel.py --deals 200                               # the expert as shipped
    python3 bench/expert_duel.py --deals 200 --set DEPTH=0                 # and rollouts to the end of the hand
    python3 bench/expert_duel.py --deals 100 --matches --set MAX_CANDIDATES=4
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import uno_cli.bots.expert as expert  # noqa: E402
from uno_cli.engine import Game, preset  # noqa: E402
from uno_cli.play.sim import GameRecord, game_seed, play_bot_game  # noqa: E402


def play(deals: int, start: int, seed: int, name: str, matches: bool, opponent: str) -> list[list[float]]:
    """The expert's result in each game, deal i with the expert in seat 1, then seat 2: [won (1, 0, 1/k shared), its points less the other's]."""
    opts = preset(name) if matches else preset(name).with_values(hands=1)
    out: list[list[float]] = []
    for i in range(start, start + deals):
        gs = game_seed(seed, i)
        for me in (0, 1):
            levels = ("expert", opponent) if me == 0 else (opponent, "expert")
            game = Game(2, opts, seed=gs)
            play_bot_game(game, False, GameRecord(i, gs, levels, (), (), 0, 0, 0), levels)
            out.append([(me in game.winners) / max(1, len(game.winners)), game.scores[me] - game.scores[1 - me]])
    return out


def _apply(sets: list[str]) -> dict[str, object]:
    """Set the expert's module constants ``NAME=value``; the old values."""
    saved = {}
    for item in sets:
        key, value = item.split("=")
        saved[key] = getattr(expert, key)
        setattr(expert, key, type(saved[key])(float(value)))
    return saved


def _part(args: tuple[list[str], int, int, int, str, bool, str]) -> tuple[list[list[float]], float]:
    """One worker's share of the deals, with the settings applied; the results and the CPU seconds."""
    sets, deals, start, seed, name, matches, opponent = args
    _apply(sets)
    t = time.process_time()
    res = play(deals, start, seed, name, matches, opponent)
    return res, time.process_time() - t


def run(sets: list[str], a: argparse.Namespace) -> tuple[list[list[float]], float]:
    """Every game of the run (in deal order) and its CPU seconds, over ``a.jobs`` processes."""
    if a.jobs <= 1:
        return _part((sets, a.deals, a.start, a.seed, a.preset, a.matches, a.opponent))
    import multiprocessing

    step = -(-a.deals // a.jobs)
    parts = [(sets, min(step, a.deals - k), a.start + k, a.seed, a.preset, a.matches, a.opponent)
             for k in range(0, a.deals, step)]
    with multiprocessing.get_context("spawn").Pool(a.jobs) as pool:
        done = pool.map(_part, parts)
    return [x for res, _ in done for x in res], sum(cpu for _, cpu in done)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=200, help="deals, each played twice")
    p.add_argument("--start", type=int, default=0, help="index of the first deal")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--preset", default="classic")
    p.add_argument("--opponent", default="hard")
    p.add_argument("--matches", action="store_true", help="whole matches, not single hands")
    p.add_argument("--set", action="append", default=[], help="an expert constant for the second run: NAME=value")
    p.add_argument("--jobs", type=int, default=1, help="processes (results do not depend on it)")
    p.add_argument("--base", help="a JSON file keeping the as-shipped results of these deals (read if present, else written)")
    a = p.parse_args()
    unit = "matches" if a.matches else "hands"
    runs = [("as shipped", [])] + ([(" ".join(a.set), a.set)] if a.set else [])
    base: list[list[float]] = []
    for label, sets in runs:
        key = f"{a.preset} {a.opponent} {a.seed} {a.start} {a.deals} {a.matches} points"
        cached = json.loads(Path(a.base).read_text()) if a.base and Path(a.base).exists() else {}
        if not sets and key in cached:
            res, cpu = cached[key]
        else:
            res, cpu = run(sets, a)
            if not sets and a.base:
                cached[key] = [res, cpu]
                Path(a.base).write_text(json.dumps(cached))
        n = len(res)
        rate = sum(r[0] for r in res) / n
        points = sum(r[1] for r in res) / n
        line = (f"{a.preset}, 2 players, expert ({label}) vs {a.opponent}: {rate * 100:.1f}% of {n} {unit}, "
                f"{points:+.1f} points a game")
        if base:
            for k, what, scale in ((0, "wins", 100), (1, "points", 1)):
                diff = [x[k] - y[k] for x, y in zip(res, base)]
                mean = sum(diff) / n
                sd = math.sqrt(sum((d - mean) ** 2 for d in diff) / (n - 1)) if n > 1 else 0.0
                line += f"; paired difference in {what} {mean * scale:+.2f}, standard error {sd / math.sqrt(n) * scale:.2f}"
        else:
            base = res
        print(f"{line} (CPU {cpu:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
