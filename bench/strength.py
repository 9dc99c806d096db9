"""Bot strength table: which level beats which, measured by the simulator.

Every row plays whole matches under a preset's own rules (a "game" is a match), with the
seats rotated one place per game so seat advantage cancels out, and reports the first
level's share of games won with its 95% Wilson interval.

    python3 bench/strength.py          # 10,000 games for the target rows, 2,000 other 2-player, 1,000 4-player
    python3 bench/strength.py --games 2000 --games4 500 --jobs 2
    python3 bench/strength.py --hands            # one hand per game (hands=1) instead of matches
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from uno_cli.engine import preset  # noqa: E402
from uno_cli.play.sim import simulate  # noqa: E402

#: (preset, seats' levels, kind); the first level is the one reported. Kind ``main`` rows
#: carry the targets and get ``--games``; ``extra`` two-player rows get ``--games-extra``;
#: four-player rows get ``--games4``; ``expert`` rows (slow: the expert searches) get
#: ``--games-expert``.
ROWS: list[tuple[str, tuple[str, ...], str]] = [
    ("classic", ("normal", "random"), "main"),
    ("classic", ("hard", "normal"), "main"),
    ("playroom", ("normal", "random"), "main"),
    ("playroom", ("hard", "normal"), "main"),
    ("classic", ("expert", "hard"), "expert"),
    ("playroom", ("expert", "hard"), "expert"),
    ("classic", ("hard", "random"), "extra"),
    ("classic", ("easy", "random"), "extra"),
    ("classic", ("normal", "easy"), "extra"),
    ("playroom", ("hard", "random"), "extra"),
    ("playroom", ("easy", "random"), "extra"),
    ("playroom", ("normal", "easy"), "extra"),
    ("classic", ("normal", "random", "random", "random"), "four"),
    ("classic", ("hard", "normal", "normal", "normal"), "four"),
    ("playroom", ("normal", "random", "random", "random"), "four"),
    ("playroom", ("hard", "normal", "normal", "normal"), "four"),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="games per two-player row")
    parser.add_argument("--games-extra", type=int, default=2_000, help="games per extra two-player row")
    parser.add_argument("--games4", type=int, default=1_000, help="games per four-player row")
    parser.add_argument("--games-expert", type=int, default=600, help="games per expert row")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", action="store_true", help="one hand per game (hands=1)")
    parser.add_argument("--only", default=None, help="run rows whose preset or levels contain this text")
    args = parser.parse_args()
    print("| preset | table | games | first level wins | 95% CI | fair share | games/s |")
    print("| --- | --- | ---: | ---: | --- | ---: | ---: |")
    for name, levels, kind in ROWS:
        label = f"{levels[0]} vs " + (levels[1] if len(levels) == 2 else f"3x {levels[1]}")
        if args.only and args.only not in f"{name} {label}":
            continue
        options = preset(name)
        if args.hands:
            options = options.with_values(hands=1)
        games = {"main": args.games, "extra": args.games_extra, "four": args.games4, "expert": args.games_expert}[kind]
        start = time.perf_counter()
        result = simulate(games, len(levels), options, seed=args.seed, levels=levels, jobs=args.jobs, swap_seats=True)
        stats = result.level_stats[levels[0]]
        low, high = stats.interval()
        print(
            f"| {name} | {label} | {games} | {stats.win_rate() * 100:.1f}% | "
            f"{low * 100:.1f}-{high * 100:.1f}% | {100 / len(levels):.0f}% | "
            f"{games / (time.perf_counter() - start):.1f} |",
            flush=True,
        )
        if result.violations:
            print(f"violations: {len(result.violations)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
