#!/usr/bin/env python3
"""The engine's speed against its anchors, in CPU time, from one interleaved run (issue 27).

Each round measures, one after the other in this process tree:

- uno-cli ``simulate``, 4 random players, one hand a game (``hands=1``), ``classic`` and
  ``playroom`` presets: the whole referee, every event and every legality check;
- uno-cli's engine core alone (``_core``): the random policy for the seat awaited, no
  referee, no bots, no events: the like-with-like row for RLCard's game core;
- the yardstick (``bench/yardstick.py``): a minimal integer-coded UNO loop, RLCard's rules;
- RLCard 1.2.0 (``bench/rlcard_core.py`` in ``bench/.rlcard-venv``, made by
  ``bench/rlcard_bench.py``): ``env.run`` with random agents at 2 and 4 players, and its game
  core alone (4 players, no numpy state encoding);
- script mode against ``simulate`` per game (all seats bots, text output, one hand);
- the first typed command in a fresh process (the command words of every language).

CPU time (``time.process_time``) is the figure; wall time is printed beside it, with the
load average, because the machine may be shared. Best of the rounds (the lowest CPU time)
per row; ratios are made from those.

    python3 bench/speed.py                 # 3 rounds, about a minute on a quiet machine
    python3 bench/speed.py --rounds 5 --games 600
    python3 bench/speed.py --no-rlcard     # without the RLCard venv
    python3 bench/speed.py --json
    python3 bench/speed.py --tree DIR      # uno-cli from another tree (bench/compiled.py --keep DIR makes one)
    python3 bench/speed.py --only-script   # script mode against simulate alone
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH))
#: Where uno_cli is imported from (--tree changes it).
UNO_ROOT = ROOT

TARGETS = {  # issue 27: (row, anchor, at least)
    "classic vs RLCard env.run 4p": ("uno-cli classic", "RLCard env.run 4p", 5.0),
    "classic vs RLCard game core 4p": ("uno-cli classic", "RLCard core 4p", 2.0),
    # Like with like: the engine alone, as RLCard's core is (see _core).
    "classic engine core vs RLCard game core 4p": ("uno-cli core classic", "RLCard core 4p", 2.0),
    "playroom vs RLCard env.run 4p": ("uno-cli playroom", "RLCard env.run 4p", 2.0),
}

FIRST_COMMAND = r"""
import sys, time
from uno_cli.engine import PRESETS
from uno_cli.words.i18n import set_language
from uno_cli.play.playconfig import BOT, SCRIPT, PlayConfig, SeatSpec
from uno_cli.play.session import Session
set_language(sys.argv[1])
cfg = PlayConfig(players=2, seats=[SeatSpec(SCRIPT, None), SeatSpec(BOT, "random")], options=PRESETS["classic"],
                 preset="classic", seed=3)
s = Session(cfg, lambda m: None)
s.start()
w = s.advance()
cpu, wall = time.process_time(), time.perf_counter()
s.dispatcher.handle_line("hand", w.seat)
print((time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000)
"""


def _uno(preset: str, games: int) -> dict:
    from uno_cli.engine import PRESETS
    from uno_cli.play.sim import simulate

    opts = replace(PRESETS[preset], hands=1)
    simulate(max(5, games // 20), 4, opts, seed=7)  # warm-up
    cpu, wall = time.process_time(), time.perf_counter()
    result = simulate(games, 4, opts, seed=1)
    return {"games": games, "actions": result.actions, "cpu": time.process_time() - cpu,
            "wall": time.perf_counter() - wall}


def _core(preset: str, games: int, seed: int = 1, warmup: int | None = None) -> dict:
    """uno-cli's engine alone, driven as ``bench/rlcard_core.py`` drives RLCard's game core.

    Like with like: the seat the game waits for picks with the random policy (the random
    bot's: a uniform choice among its plays, drawing only when it has none, as RLCard's
    core offers "draw" only then) from ``legal_actions``, one generator for the whole run, no
    referee (so nobody acts out of turn: no catches, no races), no bots, no tallies, and the
    engine builds no events (``listening`` off: nobody reads them). ``apply`` still checks
    each action against the legal list, which RLCard's ``step`` does not. ``warmup``: the
    games played first (default: a twentieth, at least 5).
    """
    import random

    try:
        from uno_cli.bots.policy import random_choice
    except ImportError:  # a tree from before the policy had a module of its own (--tree)
        from uno_cli.bots.base import random_choice
    from uno_cli.engine import PRESETS, Game
    from uno_cli.play.sim import game_seed

    opts = replace(PRESETS[preset], hands=1)

    def play(first: int, count: int, rng: random.Random) -> int:
        actions = 0
        for g in range(first, first + count):
            game = Game(4, opts, seed=game_seed(seed, g))
            game.listening = False
            game.start()
            while not game.is_over:
                who = game.awaited()[0]
                game.apply(random_choice(rng, game.legal_actions(who), who, True))  # type: ignore[arg-type]
                actions += 1
        return actions

    play(games, max(5, games // 20) if warmup is None else warmup, random.Random(7))  # warm-up, other games
    cpu, wall = time.process_time(), time.perf_counter()
    actions = play(0, games, random.Random(seed))
    return {"games": games, "actions": actions, "cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}


def _yardstick(games: int) -> dict:
    import yardstick

    yardstick.run(max(5, games // 20), seed=7)
    cpu, wall = time.process_time(), time.perf_counter()
    actions = yardstick.run(games, seed=1)
    return {"games": games, "actions": actions, "cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}


def _script(games: int) -> dict:
    from uno_cli.play import script
    from uno_cli.engine import PRESETS
    from uno_cli.play.playconfig import BOT, PlayConfig, SeatSpec
    from uno_cli.play.sim import game_seed

    opts = replace(PRESETS["classic"], hands=1)
    sim = _uno("classic", games)

    def play(first: int, count: int) -> None:
        for g in range(first, first + count):
            config = PlayConfig(players=4, seats=[SeatSpec(BOT, "random")] * 4, options=opts, preset="classic",
                                seed=game_seed(1, g))
            script.run(config, io.BytesIO(b""), io.BytesIO())

    play(games, max(5, games // 20))  # warm-up, as simulate has (other games: the one-time loads)
    # The lines each listener hears are kept (words.describe.Listener): the measured games start
    # with none kept, as a process playing that many games does; "each game new" forgets them
    # before every game, as a process playing one game does (a tree without kept lines: no-op).
    forget = getattr(importlib.import_module("uno_cli.words.describe"), "forget_lines", lambda: None)
    forget()
    cpu, wall = time.process_time(), time.perf_counter()
    play(0, games)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    first_cpu = time.process_time()
    for g in range(games):
        forget()
        play(g, 1)
    first_cpu = time.process_time() - first_cpu
    return {"games": games, "cpu": cpu, "wall": wall, "simulate_cpu": sim["cpu"], "first_cpu": first_cpu}


def _rlcard(games: int) -> dict:
    python = BENCH / ".rlcard-venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        raise RuntimeError("no bench/.rlcard-venv: run python3 bench/rlcard_bench.py once to make it")
    done = subprocess.run([str(python), str(BENCH / "rlcard_core.py"), "--games", str(games)],
                          capture_output=True, text=True, cwd=BENCH)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip()[-2000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def _first_command(language: str) -> dict:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(UNO_ROOT), os.environ.get("PYTHONPATH")) if p))
    done = subprocess.run([sys.executable, "-c", FIRST_COMMAND, language], capture_output=True, text=True,
                          env=env, cwd=UNO_ROOT)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip()[-2000:])
    cpu, wall = map(float, done.stdout.split())
    return {"cpu_ms": cpu, "wall_ms": wall}


def _best(runs: list[dict]) -> dict:
    return min(runs, key=lambda r: r["cpu"] / r["games"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=400, help="one-hand games per measurement")
    parser.add_argument("--no-rlcard", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only-script", action="store_true",
                        help="only script mode against simulate (and the first typed command)")
    parser.add_argument("--tree", metavar="DIR", help="import uno_cli from DIR (e.g. a compiled copy) instead of this checkout")
    args = parser.parse_args()
    if args.tree:
        global UNO_ROOT
        UNO_ROOT = Path(args.tree).resolve()
        sys.path.insert(0, str(UNO_ROOT))
    rows: dict[str, list[dict]] = {}
    script_runs: list[dict] = []
    first: dict[str, list[dict]] = {}
    for _ in range(args.rounds):
        if args.only_script:
            script_runs.append(_script(max(20, args.games // 4)))
            for language in ("en", "pt", "sr_Cyrl"):
                first.setdefault(language, []).append(_first_command(language))
            continue
        rows.setdefault("uno-cli classic", []).append(_uno("classic", args.games))
        rows.setdefault("uno-cli playroom", []).append(_uno("playroom", args.games // 2))
        rows.setdefault("uno-cli core classic", []).append(_core("classic", args.games))
        rows.setdefault("yardstick (integer loop)", []).append(_yardstick(args.games * 4))
        if not args.no_rlcard:
            for key, value in _rlcard(args.games // 2).items():
                name = {"env_2p": "RLCard env.run 2p", "env_4p": "RLCard env.run 4p", "core_4p": "RLCard core 4p"}[key]
                rows.setdefault(name, []).append(value)
        script_runs.append(_script(max(20, args.games // 4)))
        for language in ("en", "pt", "sr_Cyrl"):
            first.setdefault(language, []).append(_first_command(language))
    best = {name: _best(runs) for name, runs in rows.items()}
    report: dict = {"load_average": _load(), "rounds": args.rounds, "rows": {}, "ratios": {}}
    for name, r in best.items():
        report["rows"][name] = {
            "games_per_cpu_second": round(r["games"] / r["cpu"], 1),
            "actions_per_cpu_second": round(r["actions"] / r["cpu"]),
            "actions_per_game": round(r["actions"] / r["games"], 1),
            "games_per_wall_second": round(r["games"] / r["wall"], 1),
            "all_games_per_cpu_second": [round(x["games"] / x["cpu"], 1) for x in rows[name]],
        }
    rate = {name: r["games"] / r["cpu"] for name, r in best.items()}
    for label, (mine, anchor, target) in TARGETS.items():
        if mine in rate and anchor in rate:
            ratio = rate[mine] / rate[anchor]
            report["ratios"][label] = {"ratio": round(ratio, 2), "target": target,
                                       "result": "PASS" if ratio >= target else "BELOW"}
    yard = "yardstick (integer loop)"
    for mine in ("uno-cli classic", "uno-cli playroom") if yard in best else ():
        report["ratios"][f"{yard} / {mine} (actions/s)"] = {
            "ratio": round(best[yard]["actions"] / best[yard]["cpu"] / (best[mine]["actions"] / best[mine]["cpu"]), 2)}
    s = min(script_runs, key=lambda r: r["cpu"] / r["simulate_cpu"])
    fresh = min(script_runs, key=lambda r: r["first_cpu"] / r["simulate_cpu"])
    report["script_vs_simulate"] = {"script_ms_per_game": round(s["cpu"] / s["games"] * 1000, 2),
                                    "simulate_ms_per_game": round(s["simulate_cpu"] / s["games"] * 1000, 2),
                                    "ratio": round(s["cpu"] / s["simulate_cpu"], 2), "target": 2.0,
                                    "each_game_new_ms_per_game": round(fresh["first_cpu"] / fresh["games"] * 1000, 2),
                                    "each_game_new_ratio": round(fresh["first_cpu"] / fresh["simulate_cpu"], 2)}
    report["first_command_ms"] = {lang: round(min(r["cpu_ms"] for r in runs), 2) for lang, runs in first.items()}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"CPU time, best of {args.rounds} rounds; load average {report['load_average']}")
    print(f"{'row':<28}{'games/s CPU':>12}{'actions/s CPU':>15}{'actions/game':>14}{'games/s wall':>14}")
    for name, r in report["rows"].items():
        print(f"{name:<28}{r['games_per_cpu_second']:>12}{r['actions_per_cpu_second']:>15}"
              f"{r['actions_per_game']:>14}{r['games_per_wall_second']:>14}")
    for label, r in report["ratios"].items():
        extra = f" (target {r['target']}x: {r['result']})" if "target" in r else ""
        print(f"{label}: {r['ratio']}x{extra}")
    sv = report["script_vs_simulate"]
    print(f"script mode {sv['script_ms_per_game']} ms/game CPU, simulate {sv['simulate_ms_per_game']}: "
          f"{sv['ratio']}x (target at most 2x); each game's lines new (one game a process): "
          f"{sv['each_game_new_ms_per_game']} ms/game, {sv['each_game_new_ratio']}x")
    print("first typed command, ms CPU: " + ", ".join(f"{k} {v}" for k, v in report["first_command_ms"].items())
          + " (target at most 10)")
    return 0


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


if __name__ == "__main__":
    sys.exit(main())
