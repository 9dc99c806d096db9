#!/usr/bin/env python3
"""The gauntlet: hard, expert and normal against each reference player of bench/players/, over the protocol.

Every row plays whole matches under a preset's own rules with the seats rotated one place per
match, the bot level against outside programs only (two players: one program; four players:
three copies of it, each with its own seed). It reports the level's share of matches won with
its 95% Wilson interval, the fair share, the outside programs' faults and their race reaction
time, and prints one Markdown table for bench/README.md.

    python3 bench/gauntlet.py                                   # every row: 200 matches 2p, 100 at 4p
    python3 bench/gauntlet.py --levels hard --tables classic2 --games 400 --jobs 2
    python3 bench/gauntlet.py --players careful,chainer --reaction hard   # programs react like hard

Tables: ``classic2`` (2-player classic), ``playroom2`` (2-player playroom), ``classic4``
(4-player classic). Players: the ``gauntlet_*.py`` programs (their descriptions are in
bench/players/GAUNTLET.md) and ``careful`` (bench/players/careful.py, issue 12's yardstick).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_cli.engine import preset  # noqa: E402
from uno_cli.play.external import DEFAULT_REACTION, FAULT_KINDS, parse_reaction  # noqa: E402
from uno_cli.play.sim import simulate  # noqa: E402

PLAYERS_DIR = ROOT / "bench" / "players"
#: The gauntlet of issue 30, in the order of bench/players/GAUNTLET.md.
GAUNTLET = ("careful", "aggressive", "switcher", "hoarder", "chainer", "bluffer")
#: Table name -> (preset, players).
TABLES = {"classic2": ("classic", 2), "playroom2": ("playroom", 2), "classic4": ("classic", 4)}
LEVELS = ("hard", "expert", "normal")


def program(player: str) -> Path:
    """The file of a reference player: ``gauntlet_NAME.py``, else ``NAME.py`` (careful.py of issue 12 is ``ours``)."""
    if player == "ours":
        return PLAYERS_DIR / "careful.py"
    path = PLAYERS_DIR / f"gauntlet_{player}.py"
    return path if path.is_file() else PLAYERS_DIR / f"{player}.py"


def row(level: str, player: str, table: str, games: int, seed: int, jobs: int, reaction: tuple[float, float],
        timeout: float, folder: str) -> dict:
    """Play one row and return its figures."""
    name, players = TABLES[table]
    at = f"@{reaction[0]:g}-{reaction[1]:g}"
    outside = [f"external{at}:" + shlex.join([sys.executable, str(program(player)), "--seed", str(seat)])
               for seat in range(1, players)]
    start, cpu = time.perf_counter(), time.process_time()
    result = simulate(games, players, preset(name), seed=seed, levels=(level, *outside), jobs=jobs, swap_seats=True,
                      external_timeout=timeout, log_folder=folder)
    stats = result.level_stats[level]
    low, high = stats.interval()
    faults = {k: sum(f.get(k, 0) for f in result.faults.values()) for k in FAULT_KINDS}
    return {"table": table, "level": level, "player": player, "games": games, "rate": stats.win_rate(),
            "low": low, "high": high, "fair": 1 / players, "faults": faults, "reaction": reaction,
            "violations": len(result.violations), "seconds": time.perf_counter() - start,
            "cpu": time.process_time() - cpu, "logs": [p for p in result.logs.values() if p]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma list of bot levels")
    parser.add_argument("--players", default=",".join(GAUNTLET), help="comma list of reference players")
    parser.add_argument("--tables", default=",".join(TABLES), help="comma list of: " + ", ".join(TABLES))
    parser.add_argument("--games", type=int, default=200, help="matches per two-player row")
    parser.add_argument("--games4", type=int, default=100, help="matches per four-player row")
    parser.add_argument("--games-expert", type=int, default=0, help="matches per expert row (0: as the others)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--reaction", default="normal",
                        help="the programs' race reaction time: LOW-HIGH seconds, SECONDS or a level (default normal's)")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds a program may think")
    args = parser.parse_args()
    reaction = parse_reaction(args.reaction) if args.reaction else DEFAULT_REACTION
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"seed {args.seed}, programs react in {reaction[0]:g}-{reaction[1]:g} s, load {load:.1f} at start")
    print("| table | level | player | matches | level wins | 95% CI | fair share | faults | s/match |")
    print("| --- | --- | --- | ---: | ---: | --- | ---: | --- | ---: |")
    bad = False
    with tempfile.TemporaryDirectory(prefix="uno-gauntlet-") as folder:
        for table in args.tables.split(","):
            for level in args.levels.split(","):
                for player in args.players.split(","):
                    games = args.games4 if TABLES[table][1] > 2 else args.games
                    if level == "expert" and args.games_expert:
                        games = args.games_expert
                    r = row(level, player, table, games, args.seed, args.jobs, reaction, args.timeout, folder)
                    faults = ", ".join(f"{k} {v}" for k, v in r["faults"].items() if v) or "0"
                    bad = bad or faults != "0" or r["violations"] > 0
                    print(f"| {table} | {level} | {player} | {games} | {r['rate'] * 100:.1f}% | "
                          f"{r['low'] * 100:.1f}-{r['high'] * 100:.1f}% | {r['fair'] * 100:.0f}% | {faults} | "
                          f"{r['seconds'] / games:.2f} |", flush=True)
                    for log in r["logs"]:
                        print(f"error output: {log}: {Path(log).read_text(errors='replace')[:300]!r}", flush=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load {load:.1f} at the end")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
