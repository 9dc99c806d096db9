"""uno-cli's bot levels against the outside reference players (bench/players/).

Every row plays whole matches under a preset's own rules with the seats rotated one place per
game (``swap_seats=True``): a level against one reference player, or a level against three
copies of it. It prints the level's share of games won with its 95% Wilson interval, the
fair share, games per second and the reference players' faults (crash, time-out, invalid,
late answers), which must be 0.

    python3 bench/vs_reference.py --games 300 --games4 100 --jobs 2
    python3 bench/vs_reference.py --only "classic hard careful"
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from uno_cli.engine import preset  # noqa: E402
from uno_cli.play.sim import simulate  # noqa: E402

#: Reference players: name -> script under bench/players/.
REFERENCES = {"rule_agent": "rule_agent.py", "careful": "careful.py"}
LEVELS = ("expert", "hard", "normal")
PRESETS = ("classic", "playroom")


def reference_level(name: str, seed: int) -> str:
    """The simulator level that seats reference player ``name``."""
    script = ROOT / "bench" / "players" / REFERENCES[name]
    return "external:" + shlex.join([sys.executable, "-S", str(script), "--seed", str(seed)])


def main() -> int:
    """Play every row asked for and print the table; exit 1 if a reference player faulted."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games per two-player row")
    parser.add_argument("--games4", type=int, default=100, help="games per four-player row")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels to measure, comma-separated")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default=None, help="rows whose 'preset level reference players' contain every word")
    args = parser.parse_args()
    print("| preset | level | reference | players | games | level wins | 95% CI | fair share | games/s | faults |")
    print("| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    faulted = False
    for name in PRESETS:
        for players in (2, 4):
            for level in args.levels.split(","):
                for ref in REFERENCES:
                    key = f"{name} {level} {ref} {players}p"
                    if args.only and not all(word in key for word in args.only.split()):
                        continue
                    levels = (level,) + (reference_level(ref, args.seed),) * (players - 1)
                    games = args.games if players == 2 else args.games4
                    start = time.perf_counter()
                    result = simulate(games, players, preset(name), seed=args.seed, levels=levels,
                                      jobs=args.jobs, swap_seats=True, external_timeout=5.0)
                    seconds = time.perf_counter() - start
                    stats = result.level_stats[level]
                    low, high = stats.interval()
                    faults = sum(sum(kinds.values()) for kinds in result.faults.values())
                    faulted = faulted or bool(faults) or bool(result.violations)
                    print(
                        f"| {name} | {level} | {ref} | {players} | {games} | {stats.win_rate() * 100:.1f}% | "
                        f"{low * 100:.1f}-{high * 100:.1f}% | {100 / players:.0f}% | {games / seconds:.1f} | {faults} |",
                        flush=True,
                    )
                    if result.violations:
                        print(f"violations: {len(result.violations)}", flush=True)
    return 1 if faulted else 0


if __name__ == "__main__":
    raise SystemExit(main())
