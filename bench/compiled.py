#!/usr/bin/env python3
"""The engine and referee compiled with mypyc against the pure-Python package, in one interleaved run (issue 27).

Nothing here changes how uno-cli installs: the package is pure Python. This script copies
``uno_cli`` into a temporary folder, compiles ``engine/game.py``, ``engine/cards.py``,
``race.py`` and ``sim.py`` there with mypyc (it needs mypy and a C compiler; the events, the
actions and the bots stay interpreted: the engine builds events without ``__init__`` and the
bots are subclassed), checks that ``uno simulate`` gives the same results with the compiled
modules for several presets, seeds and bot levels, then times
``simulate`` (4 random players, one hand a game) with each tree in turn, in subprocesses,
in CPU time (``time.process_time``) beside wall time, with the load average.

    python3 bench/compiled.py                  # 3 rounds, 400 classic and 200 playroom games
    python3 bench/compiled.py --rounds 5 --games 600
    python3 bench/compiled.py --keep DIR       # leave the compiled tree in DIR
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("uno_cli/engine/game.py", "uno_cli/engine/cards.py", "uno_cli/race.py", "uno_cli/sim.py")

TIMED = r"""
import json, sys, time
from dataclasses import replace
from uno_cli.engine import PRESETS
from uno_cli.sim import simulate
preset, games = sys.argv[1], int(sys.argv[2])
opts = replace(PRESETS[preset], hands=1)
simulate(max(5, games // 20), 4, opts, seed=7)
cpu, wall = time.process_time(), time.perf_counter()
result = simulate(games, 4, opts, seed=1)
print(json.dumps({"games": games, "actions": result.actions, "cpu": time.process_time() - cpu,
                  "wall": time.perf_counter() - wall}))
"""

SAME = r"""
import json, sys
from uno_cli.engine import PRESETS
from uno_cli.sim import simulate
out = []
for preset in ("classic", "playroom", "playroom_all", "strict", "house"):
    for seed in (1, 7):
        r = simulate(10, 4, PRESETS[preset], seed=seed)
        out.append([preset, seed, r.actions, r.turns, r.hands, list(r.wins), list(r.points), r.usage])
r = simulate(10, 3, PRESETS["playroom_all"], seed=5, check=True)
out.append(["check", r.actions, r.violations])
r = simulate(6, 4, PRESETS["playroom"], seed=3, levels=["hard", "normal", "easy", "hard"])
out.append(["bots", r.actions, list(r.wins), r.usage])
print(json.dumps(out, sort_keys=True))
"""


#: The searching bot copies games (Game.copy makes a bare instance with Game.__new__, which a
#: compiled class refuses): compiled, its searches fail and it plays its safe default.
EXPERT = SAME.replace('levels=["hard", "normal", "easy", "hard"]', 'levels=["expert", "hard", "expert", "hard"]')


def _run(tree: Path, code: str, *args: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=tree)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip()[-2000:])
    return done.stdout.strip().splitlines()[-1]


def compile_tree(folder: Path) -> Path:
    """A copy of the package with MODULES compiled by mypyc; returns the tree's root."""
    tree = folder / "tree"
    # Linked folders (a checkout's locales) are copied as folders.
    shutil.copytree(ROOT / "uno_cli", tree / "uno_cli", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    # Only the compiled modules must type-check; the rest of the package stays interpreted.
    (tree / "mypy.ini").write_text("[mypy]\nfollow_imports = silent\nignore_missing_imports = True\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-m", "mypyc", "--config-file", "mypy.ini", *MODULES], cwd=tree,
                          capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise RuntimeError("mypyc failed:\n" + (done.stdout + done.stderr)[-3000:])
    return tree


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=400, help="classic games per measurement (playroom: half)")
    parser.add_argument("--keep", metavar="DIR", help="build in DIR and leave it there")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="uno-compiled-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        tree = compile_tree(folder)
        same = _run(ROOT, SAME) == _run(tree, SAME)
        same_expert = _run(ROOT, EXPERT) == _run(tree, EXPERT)
        rows: dict[str, list[dict]] = {}
        for _ in range(args.rounds):
            for preset, games in (("classic", args.games), ("playroom", args.games // 2)):
                for name, where in (("pure Python", ROOT), ("mypyc", tree)):
                    rows.setdefault(f"{preset}, {name}", []).append(json.loads(_run(where, TIMED, preset, str(games))))
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    report: dict = {"load_average": _load(), "same_results": same, "same_with_expert": same_expert, "rows": {}}
    for name, runs in rows.items():
        best = min(runs, key=lambda r: r["cpu"] / r["games"])
        report["rows"][name] = {"games_per_cpu_second": round(best["games"] / best["cpu"], 1),
                                "actions_per_cpu_second": round(best["actions"] / best["cpu"]),
                                "games_per_wall_second": round(best["games"] / best["wall"], 1),
                                "all_games_per_cpu_second": [round(r["games"] / r["cpu"], 1) for r in runs]}
    for preset in ("classic", "playroom"):
        pure, fast = report["rows"][f"{preset}, pure Python"], report["rows"][f"{preset}, mypyc"]
        report[f"{preset} speed-up"] = round(fast["games_per_cpu_second"] / pure["games_per_cpu_second"], 2)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0 if same else 1
    print(f"CPU time, best of {args.rounds} rounds; load average {report['load_average']}")
    print(f"simulate gives the same results compiled: {'yes' if same else 'NO'}"
          f" (with expert bots: {'yes' if same_expert else 'no, Game.copy does not work compiled'})")
    print(f"{'row':<24}{'games/s CPU':>12}{'actions/s CPU':>15}{'games/s wall':>14}")
    for name, r in report["rows"].items():
        print(f"{name:<24}{r['games_per_cpu_second']:>12}{r['actions_per_cpu_second']:>15}{r['games_per_wall_second']:>14}")
    for preset in ("classic", "playroom"):
        print(f"{preset}: mypyc {report[f'{preset} speed-up']}x the pure-Python games per CPU second")
    return 0 if same else 1


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


if __name__ == "__main__":
    sys.exit(main())
