#!/usr/bin/env python3
"""Throughput comparison: uno-cli's engine against RLCard's UNO environment.

Usage::

    python3 bench/rlcard_bench.py [--seconds S] [--games N] [--rounds R]
                                  [--skip-install] [--only rlcard|uno-cli]
                                  [--json] [--strict]

What it does, in one run:

1. Makes sure a separate virtual environment exists at ``bench/.rlcard-venv``
   (``python3 -m venv``) with the pinned RLCard and numpy below installed by
   pip.  It is created once and reused; it is rebuilt only when the pins in
   this file change.  RLCard is never installed into the main environment.
2. Measures RLCard's UNO (``rlcard.make('uno')``, one ``RandomAgent`` per
   player, ``env.run(is_training=False)`` in a loop) inside that venv via
   ``bench/rlcard_runner.py``, at its default 2 players and at 4 players.
3. Measures uno-cli's full engine with random players, 4 players, using
   ``python3 -m uno_cli simulate --games N --players 4 --preset classic
   --seed 1 --json --rule hands=1`` and again with ``--preset playroom``.
   RLCard's ``env.run`` plays a single hand, so each uno-cli game is made one
   hand long (``hands=1``): games per second then compare like with like.
4. Prints both figures, their ratios and the issue's targets (classic >= 5x,
   playroom >= 2x RLCard) with PASS/BELOW.  A ratio passes only if it holds
   against *both* RLCard figures (2-player default and 4 players).

Timings depend on the machine and on whatever else runs on it; they belong
here, never in unit tests.  The standard library is all this script needs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

# Pinned, tested on Python 3.11: rlcard 1.2.0 is the newest RLCard release;
# it works with numpy 2.x for the UNO environment.
RLCARD_REQUIREMENTS = ("rlcard==1.2.0", "numpy==2.4.6")

TARGETS = {"classic": 5.0, "playroom": 2.0}
UNO_PLAYERS = 4
RLCARD_PLAYER_COUNTS = (2, 4)
SEED = 1

BENCH_DIR = Path(__file__).resolve().parent
REPO_ROOT = BENCH_DIR.parent
VENV_DIR = BENCH_DIR / ".rlcard-venv"
RUNNER = BENCH_DIR / "rlcard_runner.py"
MARKER = VENV_DIR / ".uno-cli-bench-requirements"


class BenchError(Exception):
    """A part of the benchmark could not run; the message says why."""


# --------------------------------------------------------------------------
# RLCard virtual environment
# --------------------------------------------------------------------------

def venv_python() -> Path:
    if os.name == "nt":
        return VENV_DIR / "Scripts" / "python.exe"
    return VENV_DIR / "bin" / "python"


def _venv_ready() -> bool:
    py = venv_python()
    if not py.exists() or not MARKER.exists():
        return False
    if MARKER.read_text().split() != list(RLCARD_REQUIREMENTS):
        return False
    probe = subprocess.run(
        [str(py), "-c", "import rlcard, numpy"],
        capture_output=True,
        text=True,
    )
    return probe.returncode == 0


def ensure_venv(skip_install: bool, quiet: bool) -> None:
    if _venv_ready():
        return
    if skip_install:
        raise BenchError(
            f"--skip-install given but {VENV_DIR.relative_to(REPO_ROOT)} is "
            "missing, incomplete or has other pins; run once without "
            "--skip-install to create it"
        )

    def say(msg: str) -> None:
        if not quiet:
            print(msg, file=sys.stderr, flush=True)

    if not venv_python().exists():
        say(f"creating {VENV_DIR.relative_to(REPO_ROOT)} ...")
        made = subprocess.run(
            [sys.executable, "-m", "venv", "--clear", str(VENV_DIR)],
            capture_output=True,
            text=True,
        )
        if made.returncode != 0:
            raise BenchError(
                "could not create the RLCard virtual environment with "
                f"'{Path(sys.executable).name} -m venv' (on Debian/Ubuntu the "
                "python3-venv package provides it):\n" + made.stderr.strip()
            )
    say("installing " + " ".join(RLCARD_REQUIREMENTS) + " into it ...")
    pip = subprocess.run(
        [str(venv_python()), "-m", "pip", "install", "--quiet",
         "--disable-pip-version-check", *RLCARD_REQUIREMENTS],
        capture_output=True,
        text=True,
    )
    if pip.returncode != 0:
        raise BenchError(
            "pip could not install " + " ".join(RLCARD_REQUIREMENTS)
            + " into the RLCard venv:\n" + _tail(pip.stderr or pip.stdout)
        )
    MARKER.write_text("\n".join(RLCARD_REQUIREMENTS) + "\n")
    if not _venv_ready():
        raise BenchError("RLCard was installed but 'import rlcard' still fails")


# --------------------------------------------------------------------------
# Measurements
# --------------------------------------------------------------------------

def _tail(text: str, lines: int = 12) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def _parse_json_output(stdout: str) -> dict:
    stdout = stdout.strip()
    try:
        value = json.loads(stdout)
        if isinstance(value, dict):
            return value
    except ValueError:
        pass
    for line in reversed(stdout.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict):
                return value
    raise ValueError("no JSON object in output")


def measure_rlcard(players: int, games: int | None, seconds: float) -> dict:
    cmd = [str(venv_python()), str(RUNNER), "--players", str(players),
           "--seed", str(SEED)]
    cmd += ["--games", str(games)] if games else ["--seconds", str(seconds)]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=BENCH_DIR)
    if done.returncode != 0:
        raise BenchError(
            f"RLCard runner failed ({players} players):\n"
            + _tail(done.stderr or done.stdout)
        )
    try:
        result = _parse_json_output(done.stdout)
    except ValueError:
        raise BenchError("RLCard runner printed no JSON:\n" + _tail(done.stdout)) from None
    if "error" in result:
        raise BenchError("RLCard runner: " + str(result["error"]))
    return result


def run_uno_cli(preset: str, games: int) -> dict:
    cmd = [sys.executable, "-m", "uno_cli", "simulate",
           "--games", str(games), "--players", str(UNO_PLAYERS),
           "--preset", preset, "--seed", str(SEED), "--json",
           # An RLCard "game" is one hand: make each uno-cli game one hand too.
           "--rule", "hands=1"]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p
    )
    shown = "python3 -m uno_cli " + " ".join(cmd[3:])
    started = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT,
                          env=env)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        raise BenchError(
            f"uno-cli simulator not available or failed: '{shown}' exited "
            f"with status {done.returncode}.\n"
            "This benchmark needs the 'simulate' subcommand that prints one "
            "JSON object with 'games_per_second'.\n"
            + _tail(done.stderr or done.stdout)
        )
    try:
        result = _parse_json_output(done.stdout)
    except ValueError:
        raise BenchError(
            f"'{shown}' printed no JSON object:\n" + _tail(done.stdout)
        ) from None
    gps = result.get("games_per_second")
    if not isinstance(gps, (int, float)) or gps <= 0:
        raise BenchError(
            f"'{shown}' printed JSON without a positive 'games_per_second' "
            f"(keys: {sorted(result)})"
        )
    return {
        "implementation": "uno-cli",
        "preset": preset,
        "players": UNO_PLAYERS,
        "games": result.get("games", games),
        "seconds": result.get("seconds", result.get("elapsed_seconds")),
        "games_per_second": float(gps),
        "process_wall_seconds": wall,
        "command": shown,
        "simulator_output": result,
    }


def measure_uno_cli(preset: str, games: int | None, seconds: float) -> dict:
    if games:
        return run_uno_cli(preset, games)
    # Calibrate N from a short warm-up so this side runs about `seconds`.
    warm = run_uno_cli(preset, 50)
    n = max(50, int(round(warm["games_per_second"] * seconds)))
    result = run_uno_cli(preset, n)
    result["calibrated_from_warmup_games_per_second"] = warm["games_per_second"]
    return result


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------

def best(results: list[dict]) -> dict:
    return max(results, key=lambda r: r["games_per_second"])


def build_report(args, rl_runs, uno_runs, error) -> dict:
    report: dict = {
        "machine": {
            "cpu_count": os.cpu_count(),
            "load_average_at_end": _loadavg(),
            "python": platform.python_version(),
            "platform": platform.platform(),
        },
        "settings": {
            "seconds_per_measurement": None if args.games else args.seconds,
            "games": args.games,
            "rounds": args.rounds,
            "seed": SEED,
            "rlcard_requirements": list(RLCARD_REQUIREMENTS),
            "aggregation": "best of rounds (highest games/s)",
        },
        "rlcard": {},
        "uno_cli": {},
        "ratios": {},
        "error": error,
    }
    for players, runs in rl_runs.items():
        if runs:
            entry = dict(best(runs))
            entry["all_games_per_second"] = [r["games_per_second"] for r in runs]
            report["rlcard"][f"{players}p"] = entry
    for preset, runs in uno_runs.items():
        if runs:
            entry = dict(best(runs))
            entry["all_games_per_second"] = [r["games_per_second"] for r in runs]
            report["uno_cli"][preset] = entry
    for preset, entry in report["uno_cli"].items():
        vs = {}
        for key, rl in report["rlcard"].items():
            vs[key] = entry["games_per_second"] / rl["games_per_second"]
        if not vs:
            continue
        worst = min(vs.values())
        target = TARGETS[preset]
        report["ratios"][preset] = {
            "vs_rlcard": vs,
            "ratio": worst,
            "target": target,
            "result": "PASS" if worst >= target else "BELOW",
        }
    return report


def _loadavg():
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def print_table(report: dict) -> None:
    m = report["machine"]
    rl_version = next(
        (e.get("rlcard_version") for e in report["rlcard"].values()), None
    )
    print(f"uno-cli vs RLCard UNO, random players - Python {m['python']}, "
          f"{m['cpu_count']} CPUs, load average {m['load_average_at_end']}"
          + (f", rlcard {rl_version}" if rl_version else ""))
    print()
    print(f"{'measurement':<44}{'players':>8}{'games':>9}{'seconds':>9}"
          f"{'games/s':>10}")
    rows = []
    for e in report["rlcard"].values():
        mode = e.get("player_count_mode")
        label = "RLCard env.run"
        label += " (default)" if e["players"] == 2 else f" ({mode} {e['players']}p)"
        rows.append((label, e))
    for preset, e in report["uno_cli"].items():
        rows.append((f"uno-cli simulate --preset {preset}", e))
    for label, e in rows:
        secs = e.get("seconds")
        secs_s = f"{secs:.2f}" if isinstance(secs, (int, float)) else "?"
        print(f"{label:<44}{e['players']:>8}{e['games']:>9}{secs_s:>9}"
              f"{e['games_per_second']:>10.1f}")
    if report["ratios"]:
        print()
        keys = list(report["rlcard"])
        head = "".join(f"{'vs RLCard ' + k:>15}" for k in keys)
        print(f"{'ratio uno-cli / RLCard':<28}{head}{'target':>9}{'result':>8}")
        for preset, r in report["ratios"].items():
            cells = "".join(f"{r['vs_rlcard'][k]:>14.2f}x" for k in keys)
            print(f"{preset:<28}{cells}{r['target']:>8.0f}x{r['result']:>8}")
        print("(PASS needs the target against every RLCard figure shown.)")
    if any(e.get("player_count_mode") == "forced"
           for e in report["rlcard"].values()):
        print("Note: RLCard's UNO env ignores game_num_players and plays 2 "
              "players by default;\n      its 4-player figure forces the "
              "player count on RLCard's own UNO game.")
    if report["settings"]["rounds"] > 1:
        print(f"Best of {report['settings']['rounds']} rounds per row.")
    if report["error"]:
        print()
        print("ERROR: " + report["error"])


# --------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Compare uno-cli's simulator throughput with RLCard's "
                    "UNO environment (random players).")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="target duration of each measurement (default 5)")
    parser.add_argument("--games", type=int, default=None,
                        help="play exactly N games per measurement instead "
                             "of calibrating to --seconds")
    parser.add_argument("--rounds", type=int, default=1,
                        help="repeat all measurements R times, report the "
                             "best of each (default 1)")
    parser.add_argument("--skip-install", action="store_true",
                        help="do not create or update bench/.rlcard-venv; "
                             "fail if it is not ready")
    parser.add_argument("--only", choices=("rlcard", "uno-cli"),
                        help="measure one side only (no ratios)")
    parser.add_argument("--json", action="store_true",
                        help="print the report as one JSON object")
    parser.add_argument("--strict", action="store_true",
                        help="exit with status 1 when a target is BELOW")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.games is not None and args.games <= 0:
        parser.error("--games must be positive")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")

    rl_runs: dict[int, list[dict]] = {}
    uno_runs: dict[str, list[dict]] = {}
    error = None
    status = 0
    try:
        if args.only != "uno-cli":
            ensure_venv(args.skip_install, quiet=args.json)
        for _ in range(args.rounds):
            if args.only != "uno-cli":
                for players in RLCARD_PLAYER_COUNTS:
                    rl_runs.setdefault(players, []).append(
                        measure_rlcard(players, args.games, args.seconds))
            if args.only != "rlcard":
                for preset in TARGETS:
                    uno_runs.setdefault(preset, []).append(
                        measure_uno_cli(preset, args.games, args.seconds))
    except BenchError as exc:
        error = str(exc)
        status = 2

    report = build_report(args, rl_runs, uno_runs, error)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    if status == 0 and args.strict and any(
            r["result"] != "PASS" for r in report["ratios"].values()):
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
