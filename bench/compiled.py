#!/usr/bin/env python3
"""The opt-in compiled engine (UNO_CLI_COMPILE=1) checked and timed against the pure-Python package (issue 27).

It builds the compiled engine the way a user does: this checkout's build files and package
are copied into a folder, ``UNO_CLI_COMPILE=1 python3 -m pip wheel`` builds a wheel there
(setup.py compiles ``setup.COMPILED`` with mypyc; the build needs a C compiler, and pip
fetches mypy for it), and the wheel is unpacked into ``tree/``, which is what an install puts
in site-packages. Then it checks that ``uno simulate`` gives the same results compiled
(five presets, two seeds, ``check=True``, the heuristic bot levels, and ``expert``, whose
searches copy games), and times ``simulate`` (4 random players, one hand a game) with each
tree in turn in subprocesses (and the engine alone, ``speed._core``, the like-with-like row for
RLCard's game core), interleaved in each round with the anchors of
``bench/speed.py`` (the integer-coded yardstick, RLCard's ``env.run`` and game core), in CPU
time (``time.process_time``) beside wall time, with the load average.

    python3 bench/compiled.py --check              # build and compare results only
    python3 bench/compiled.py                      # build, compare, 3 rounds of 400 classic, 200 playroom games
    python3 bench/compiled.py --rounds 5 --games 600
    python3 bench/compiled.py --keep DIR           # leave the build in DIR (DIR/tree: the installed files)
    python3 bench/compiled.py --tree DIR/tree      # use a tree built before, without building
    python3 bench/compiled.py --no-build-isolation # build with this Python's setuptools, wheel and mypy
    python3 bench/compiled.py --tree DIR/tree --instructions   # machine instructions per game (callgrind)
    python3 bench/compiled.py --tree DIR/tree --instructions --cache-sim   # with cache misses and branches

``--instructions`` counts, with ``valgrind --tool=callgrind`` (the same method for every row,
so it does not move with the machine's load), the instructions one game takes: a process
that plays 3 warm-up games and then N games, minus the same process with 0 games after the
warm-up, divided by N (``PYTHONHASHSEED=0``). The rows: ``simulate`` classic and playroom and
the engine core, pure and compiled, and RLCard's game core and ``env.run`` (4 players).
``--cache-sim`` also simulates the caches and branch prediction (about twice as slow) and
adds callgrind's cycle estimate (instructions + 10 x (L1 misses + mispredicted branches) +
100 x last-level misses), which is closer to CPU time than instructions alone.

``DIR/tree/bench/`` holds a copy of the bench scripts, so ``python3 DIR/tree/bench/expert_budget.py``
times the expert compiled; ``python3 bench/speed.py --tree DIR/tree`` runs every row of
speed.py against it.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import speed  # noqa: E402  (the anchors, the targets and the load average: one copy, in speed.py)

#: What a build needs from the checkout (the package's locales are a folder of their own).
BUILD_FILES = ("pyproject.toml", "setup.py", "setup.cfg", "MANIFEST.in", "README.md", "_build_backend", "locales")

TIMED = r"""
import json, sys, time
from dataclasses import replace
from uno_cli.engine import PRESETS
from uno_cli.play.sim import simulate
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
from uno_cli.play.sim import simulate
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

#: The searching bot copies games (Game.copy) for every sampled deal and candidate.
EXPERT = r"""
import json
from dataclasses import replace
from uno_cli.engine import PRESETS
from uno_cli.play.sim import simulate
out = []
for preset, levels in (("classic", ["expert", "hard"]), ("playroom", ["expert", "hard", "expert", "hard"])):
    r = simulate(8, len(levels), replace(PRESETS[preset], hands=1), seed=3, levels=levels)
    out.append([preset, r.actions, r.turns, list(r.wins), list(r.points), r.usage])
print(json.dumps(out, sort_keys=True))
"""

#: The engine alone, as RLCard's game core is driven (speed._core: the like-with-like row).
TIMED_CORE = r"""
import json, sys
sys.path.insert(0, "bench")
import speed
print(json.dumps(speed._core(sys.argv[1], int(sys.argv[2]))))
"""

#: One row played untimed for the instruction counts: 3 warm-up games, then argv[3] games.
PLAYED = r"""
import sys
from dataclasses import replace
from uno_cli.engine import PRESETS
kind, preset, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
if kind == "simulate":
    from uno_cli.play.sim import simulate
    opts = replace(PRESETS[preset], hands=1)
    simulate(3, 4, opts, seed=7)
    simulate(games, 4, opts, seed=1)
else:
    sys.path.insert(0, "bench")
    import speed
    speed._core(preset, games, warmup=3)
"""

#: callgrind's events, in the order of its "Collected" line with --cache-sim and --branch-sim.
EVENTS = ("Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw", "Bc", "Bcm", "Bi", "Bim")

WHERE = r"""
import importlib.machinery, json
import uno_cli.engine.game, uno_cli.engine.cards, uno_cli.engine.actions, uno_cli.play.race, uno_cli.play.sim, uno_cli.bots.policy
mods = (uno_cli.engine.game, uno_cli.engine.cards, uno_cli.engine.actions, uno_cli.play.race, uno_cli.play.sim,
        uno_cli.bots.policy)
print(json.dumps({m.__name__: m.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) for m in mods}))
"""


def _run(tree: Path, code: str, *args: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, cwd=tree)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip()[-2000:])
    return done.stdout.strip().splitlines()[-1]


def _callgrind(command: list[str], cwd: Path, env: dict[str, str], cache: bool) -> dict[str, int]:
    """callgrind's event totals for one process (Ir alone without ``cache``)."""
    options = ["--cache-sim=yes", "--branch-sim=yes"] if cache else []
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/out", *options, *command],
                              capture_output=True, text=True, cwd=cwd, env=dict(env, PYTHONHASHSEED="0"))
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip()[-2000:])
    [line] = [x for x in done.stderr.splitlines() if "Collected :" in x]
    counts = [int(x) for x in line.split(":", 1)[1].split()]
    return dict(zip(EVENTS if cache else ("Ir",), counts))


def _per_game(command: list[str], cwd: Path, env: dict[str, str], games: int, cache: bool) -> dict[str, float]:
    """Events per game: ``command + [games]`` minus ``command + ["0"]``, divided by ``games``."""
    full = _callgrind([*command, str(games)], cwd, env, cache)
    none = _callgrind([*command, "0"], cwd, env, cache)
    per = {k: (full[k] - none[k]) / games for k in full}
    if cache:
        l1 = per["I1mr"] + per["D1mr"] + per["D1mw"]
        ll = per["ILmr"] + per["DLmr"] + per["DLmw"]
        per["cycles (estimate)"] = per["Ir"] + 10 * (l1 + per["Bcm"] + per["Bim"]) + 100 * ll
    return per


def instructions(tree: Path, games: int, rlcard: bool, cache: bool) -> dict[str, dict[str, float]]:
    """Machine instructions (and with ``cache`` misses and a cycle estimate) per one-hand 4-player game, by row."""
    python = sys.executable
    rows: dict[str, dict[str, float]] = {}
    for kind, preset in (("simulate", "classic"), ("simulate", "playroom"), ("core", "classic")):
        label = f"uno-cli {preset}" if kind == "simulate" else f"uno-cli core {preset}"
        for name, where in (("pure Python", ROOT), ("mypyc", tree)):
            env = dict(os.environ, PYTHONPATH=str(where))
            rows[f"{label}, {name}"] = _per_game([python, "-c", PLAYED, kind, preset], where, env, games, cache)
    if rlcard:
        venv = BENCH / ".rlcard-venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
        for row, label in (("core_4p", "RLCard core 4p"), ("env_4p", "RLCard env.run 4p")):
            rows[label] = _per_game([str(venv), str(BENCH / "rlcard_core.py"), "--play", row, "--games"], BENCH,
                                    dict(os.environ), games, cache)
    return rows


def print_instructions(rows: dict[str, dict[str, float]], games: int) -> None:
    cache = any("Bcm" in r for r in rows.values())
    print(f"per one-hand 4-player game (callgrind, {games} games minus 0 after 3 warm-up games)")
    head = f"{'row':<32}{'instructions':>14}"
    if cache:
        head += f"{'D1 misses':>11}{'LL misses':>11}{'mispredicts':>13}{'cycles (est.)':>15}{'est./instr.':>12}"
    print(head)
    for name, r in rows.items():
        line = f"{name:<32}{r['Ir'] / 1e6:>13.3f}M"
        if cache:
            line += (f"{(r['D1mr'] + r['D1mw']) / 1e3:>10.1f}k{(r['ILmr'] + r['DLmr'] + r['DLmw']) / 1e3:>10.2f}k"
                     f"{(r['Bcm'] + r['Bim']) / 1e3:>12.1f}k{r['cycles (estimate)'] / 1e6:>14.3f}M"
                     f"{r['cycles (estimate)'] / r['Ir']:>12.2f}")
        print(line)
    anchor = rows.get("RLCard core 4p")
    if anchor:
        for name, r in rows.items():
            if name.startswith("uno-cli") and "playroom" not in name:
                ratio = f"RLCard core / {name}: {anchor['Ir'] / r['Ir']:.2f}x in instructions"
                if cache:
                    ratio += f", {anchor['cycles (estimate)'] / r['cycles (estimate)']:.2f}x in estimated cycles"
                print(ratio)


def build_tree(folder: Path, isolation: bool = True) -> tuple[Path, list[str]]:
    """Build the compiled wheel from a copy of this checkout and unpack it; returns the tree and the build's lines."""
    src, wheels, tree = folder / "src", folder / "wheel", folder / "tree"
    for path in (src, wheels, tree):
        shutil.rmtree(path, ignore_errors=True)
    src.mkdir(parents=True)
    for name in BUILD_FILES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name)
        else:
            shutil.copy2(ROOT / name, src / name)
    # Without caches, stray compiled files and the checkout's link to its locales.
    shutil.copytree(ROOT / "uno_cli", src / "uno_cli", ignore=shutil.ignore_patterns(
        "__pycache__", "locales", *(f"*{suffix}" for suffix in importlib.machinery.EXTENSION_SUFFIXES)))
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(wheels), str(src)]
    if not isolation:
        command.insert(4, "--no-build-isolation")
    done = subprocess.run(command, capture_output=True, text=True, env=dict(os.environ, UNO_CLI_COMPILE="1"))
    output = done.stdout + done.stderr
    said = [line.strip() for line in output.splitlines() if line.strip().startswith("uno-cli:")]
    if done.returncode != 0:
        raise RuntimeError("the build failed:\n" + output[-3000:])
    [wheel] = wheels.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tree)
    compiled = [p for p in tree.rglob("*") if p.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))]
    if not compiled:
        raise RuntimeError("the build compiled nothing: " + (" ".join(said) or output[-2000:]))
    shutil.copytree(BENCH, tree / "bench", ignore=shutil.ignore_patterns("__pycache__", ".*", "players"))
    return tree, said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="build and compare results; no timing")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=400, help="classic games per measurement (playroom: half)")
    parser.add_argument("--keep", metavar="DIR", help="build in DIR and leave it there")
    parser.add_argument("--tree", metavar="DIR", help="a compiled tree built before (DIR/tree of --keep)")
    parser.add_argument("--no-build-isolation", action="store_true", help="build with this Python's packages")
    parser.add_argument("--no-rlcard", action="store_true", help="without RLCard's anchors")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--instructions", action="store_true", help="count instructions per game with callgrind; no timing")
    parser.add_argument("--cache-sim", action="store_true", help="with --instructions: cache misses, branches, a cycle estimate")
    parser.add_argument("--count-games", type=int, default=60, help="games per instruction count")
    args = parser.parse_args()
    folder = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="uno-compiled-"))
    said: list[str] = []
    try:
        if args.tree:
            tree = Path(args.tree).resolve()
        else:
            folder.mkdir(parents=True, exist_ok=True)
            tree, said = build_tree(folder, isolation=not args.no_build_isolation)
        report: dict = {"build": said, "compiled_modules": json.loads(_run(tree, WHERE)),
                        "same_results": _run(ROOT, SAME) == _run(tree, SAME),
                        "same_with_expert": _run(ROOT, EXPERT) == _run(tree, EXPERT)}
        if args.instructions:
            report["instructions"] = instructions(tree, args.count_games, not args.no_rlcard, args.cache_sim)
        elif not args.check:
            report.update(measure(tree, args.rounds, args.games, not args.no_rlcard))
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    same = report["same_results"] and report["same_with_expert"] and all(report["compiled_modules"].values())
    if args.json:
        print(json.dumps(report, indent=2))
        return 0 if same else 1
    for line in said:
        print(f"build: {line}")
    print("compiled: " + ", ".join(f"{name} {'yes' if yes else 'NO'}" for name, yes in report["compiled_modules"].items()))
    print(f"simulate gives the same results compiled: {'yes' if report['same_results'] else 'NO'}"
          f"; with expert bots (their searches copy games): {'yes' if report['same_with_expert'] else 'NO'}")
    if args.instructions:
        print_instructions(report["instructions"], args.count_games)
    elif not args.check:
        print_times(report, args.rounds)
    return 0 if same else 1


def measure(tree: Path, rounds: int, games: int, rlcard: bool) -> dict:
    """Rounds of both trees and the anchors, interleaved; the best round per row (lowest CPU per game)."""
    rows: dict[str, list[dict]] = {}
    for _ in range(rounds):
        for preset, count in (("classic", games), ("playroom", games // 2)):
            for name, where in (("pure Python", ROOT), ("mypyc", tree)):
                rows.setdefault(f"uno-cli {preset}, {name}", []).append(
                    json.loads(_run(where, TIMED, preset, str(count))))
        for name, where in (("pure Python", ROOT), ("mypyc", tree)):
            rows.setdefault(f"uno-cli core classic, {name}", []).append(
                json.loads(_run(where, TIMED_CORE, "classic", str(games))))
        rows.setdefault("yardstick (integer loop)", []).append(speed._yardstick(games * 4))
        if rlcard:
            for key, value in speed._rlcard(games // 2).items():
                name = {"env_2p": "RLCard env.run 2p", "env_4p": "RLCard env.run 4p", "core_4p": "RLCard core 4p"}[key]
                rows.setdefault(name, []).append(value)
    report: dict = {"load_average": speed._load(), "rows": {}, "ratios": {}}
    rate = {}
    for name, runs in rows.items():
        best = speed._best(runs)
        rate[name] = best["games"] / best["cpu"]
        report["rows"][name] = {"games_per_cpu_second": round(rate[name], 1),
                                "actions_per_cpu_second": round(best["actions"] / best["cpu"]),
                                "games_per_wall_second": round(best["games"] / best["wall"], 1),
                                "all_games_per_cpu_second": [round(r["games"] / r["cpu"], 1) for r in runs]}
    for label, (mine, anchor, target) in speed.TARGETS.items():
        for name in ("pure Python", "mypyc"):
            if anchor in rate:
                ratio = rate[f"{mine}, {name}"] / rate[anchor]
                report["ratios"][f"{label}, {name}"] = {"ratio": round(ratio, 2), "target": target,
                                                        "result": "PASS" if ratio >= target else "BELOW"}
    for preset in ("classic", "playroom"):
        report[f"{preset} speed-up"] = round(rate[f"uno-cli {preset}, mypyc"] / rate[f"uno-cli {preset}, pure Python"], 2)
    return report


def print_times(report: dict, rounds: int) -> None:
    print(f"CPU time, best of {rounds} rounds; load average {report['load_average']}")
    print(f"{'row':<32}{'games/s CPU':>12}{'actions/s CPU':>15}{'games/s wall':>14}")
    for name, r in report["rows"].items():
        print(f"{name:<32}{r['games_per_cpu_second']:>12}{r['actions_per_cpu_second']:>15}{r['games_per_wall_second']:>14}")
    for label, r in report["ratios"].items():
        print(f"{label}: {r['ratio']}x (target {r['target']}x: {r['result']})")
    for preset in ("classic", "playroom"):
        print(f"{preset}: mypyc {report[f'{preset} speed-up']}x the pure-Python games per CPU second")


if __name__ == "__main__":
    sys.exit(main())
