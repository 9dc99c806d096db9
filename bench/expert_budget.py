#!/usr/bin/env python3
"""The expert's strength curve: its rollout budget (sampled deals per search) against decision CPU time and wins.

For each budget it prints the expert's decision CPU time (``time.process_time``, so a busy
machine's preemption is not counted) at the 50th and 99th percentiles over single hands of
2- and 4-player classic and playroom, and its share of whole matches won against ``hard`` in
2-player classic (seats rotated), with the 95% interval. The target of issue 27: the 99th
percentile at most 50 ms, and the strength bought with it. A second table gives the p50 and
p99 of each timed table apart (2 and 4 players, classic and playroom).

    python3 bench/expert_budget.py                          # budgets 8,16,32,64; 30 hands; 200 matches
    python3 bench/expert_budget.py --budgets 32,64 --matches 400 --jobs 2
    python3 bench/expert_budget.py --budgets 64 --hands 8 --matches 0 --set DEPTH=0  # an expert constant set
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_cli.bots import make_bot  # noqa: E402
from uno_cli.engine import Game, preset  # noqa: E402
from uno_cli.play.race import Referee, bot_rng  # noqa: E402
from uno_cli.play.sim import simulate  # noqa: E402

#: Tables whose expert decisions are timed: (preset, seats' levels).
TIMED = (
    ("classic", ("expert", "hard")),
    ("playroom", ("expert", "hard")),
    ("classic", ("expert", "hard", "normal", "hard")),
    ("playroom", ("expert", "hard", "normal", "hard")),
)


class CpuTimed:
    """A bot whose ``choose`` CPU time is recorded."""

    def __init__(self, bot, times: list[float]) -> None:
        self.bot, self.times = bot, times

    def __getattr__(self, name):
        return getattr(self.bot, name)

    def choose(self, view):
        t = time.process_time()
        try:
            return self.bot.choose(view)
        finally:
            self.times.append(time.process_time() - t)


def decision_times(budget: str, hands: int, seed: int, tables: dict[str, list[float]] | None = None) -> list[float]:
    """CPU seconds of every expert decision over ``hands`` single hands of each timed table (``tables``: per table too)."""
    times: list[float] = []
    for name, levels in TIMED:
        mine: list[float] = []
        if tables is not None:
            tables[f"{len(levels)}-player {name}"] = mine
        for h in range(hands):
            gs = seed * 7919 + h
            seated = tuple(budget if lv == "expert" else lv for lv in levels)
            game = Game(len(levels), preset(name).with_values(hands=1), seed=gs)
            bots = {s: make_bot(lv, s, bot_rng(gs, s)) for s, lv in enumerate(seated)}
            bots[0] = CpuTimed(bots[0], mine)
            referee = Referee(game, bots)
            referee.deal(game.start())
            referee.advance(limit=100_000)
        times.extend(mine)
    return times


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budgets", default="8,16,32,64", help="sampled deals per search, comma list")
    parser.add_argument("--hands", type=int, default=30, help="single hands per timed table")
    parser.add_argument("--matches", type=int, default=200, help="2-player classic matches against hard (0: none)")
    parser.add_argument("--single-hands", action="store_true", help="strength over single hands (hands=1), not matches")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", action="append", default=[],
                        help="an expert constant for the timed hands: NAME=value (bench/expert_duel.py's --set)")
    args = parser.parse_args()
    if args.set:
        if args.matches:
            parser.error("--set applies to the timed hands only: use it with --matches 0")
        from expert_duel import _apply
        _apply(args.set)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load {load:.1f} at start")
    print("| deals per search | decisions | CPU ms p50 | CPU ms p99 | p99 at most 50 ms | vs hard, 2p classic matches | 95% CI |")
    print("| ---: | ---: | ---: | ---: | --- | ---: | --- |")
    per_table: dict[str, dict[str, list[float]]] = {}
    for budget in args.budgets.split(","):
        level = f"expert@{int(budget)}"
        per_table[budget] = {}
        times = decision_times(level, args.hands, args.seed, per_table[budget])
        p50, p99 = pct(times, 50) * 1000, pct(times, 99) * 1000
        strength, ci = "-", "-"
        if args.matches:
            options = preset("classic").with_values(hands=1) if args.single_hands else preset("classic")
            result = simulate(args.matches, 2, options, seed=args.seed, levels=(level, "hard"),
                              jobs=args.jobs, swap_seats=True)
            stats = result.level_stats[level]
            low, high = stats.interval()
            unit = "hands" if args.single_hands else "matches"
            strength, ci = f"{stats.win_rate() * 100:.1f}% of {args.matches} {unit}", f"{low * 100:.1f}-{high * 100:.1f}%"
        print(f"| {budget} | {len(times)} | {p50:.1f} | {p99:.1f} | {'yes' if p99 <= 50 else 'NO'} | {strength} | {ci} |",
              flush=True)
    print()
    print("| deals per search | table | decisions | CPU ms p50 | CPU ms p99 |")
    print("| ---: | --- | ---: | ---: | ---: |")
    for budget, tables in per_table.items():
        for table, t in tables.items():
            print(f"| {budget} | {table} | {len(t)} | {pct(t, 50) * 1000:.1f} | {pct(t, 99) * 1000:.1f} |")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load {load:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
