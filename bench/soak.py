"""Soak runs: the long versions of the test suite's random-game checks, with CPU time.

The test suite keeps short runs of these (tests/engine/test_properties.py, tests/play/test_wire.py);
this script plays as many games as asked and prints figures:

    python3 bench/soak.py                       # 2,000 games of random rule combinations
    python3 bench/soak.py --games 20000 --schema 300

``--games``: matches of random option combinations (2-10 players), every invariant checked
after every action (uno_cli.play.sim with check=True). ``--schema N``: N script-mode games per
preset, every JSON object checked against docs/protocol.schema.json. Exit status 1 when
anything is broken (the first problems are printed).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _clock() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


def invariants(games: int, seed: int) -> tuple[int, list[str]]:
    """Play ``games`` matches of random option combinations, every invariant checked."""
    from tests.engine.test_properties import random_options
    from uno_cli.play.sim import simulate

    rng = random.Random(seed)
    played, problems = 0, []
    while played < games:
        players = rng.randint(2, 10)
        opts = random_options(rng, players)
        n = min(10, games - played)
        result = simulate(n, players, opts, seed=rng.getrandbits(32), check=True)
        played += result.games
        problems += [f"{players}p {opts}: {v}" for v in result.violations]
    return played, problems


def schema(per_preset: int) -> tuple[int, list[str]]:
    """Script-mode games of every preset, every object checked against the protocol schema."""
    os.environ.setdefault("UNO_CLI_HOME", tempfile.mkdtemp(prefix="uno-soak-"))
    from tests.schema_subset import load_schema, validate
    from tests.play.test_wire import run_game
    from uno_cli.engine import PRESETS

    root = load_schema()
    played, problems = 0, []
    for name in sorted(PRESETS):
        for seed in range(per_preset):
            for obj in run_game(name, seed):
                for problem in validate(obj, root)[:1]:
                    problems.append(f"{name} seed {seed}: {problem}")
            played += 1
    return played, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="matches of random rule combinations")
    parser.add_argument("--schema", type=int, default=0, help="script-mode games per preset checked against the schema")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    status = 0
    for label, run in (("invariants", lambda: invariants(args.games, args.seed)),
                       ("schema", lambda: schema(args.schema))):
        if label == "schema" and not args.schema:
            continue
        cpu0, wall0 = _clock()
        played, problems = run()
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        print(f"{label}: {played} games, {len(problems)} problems, CPU {cpu:.1f} s, wall {wall:.1f} s")
        for problem in problems[:5]:
            print("  " + problem)
        status = status or (1 if problems else 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
