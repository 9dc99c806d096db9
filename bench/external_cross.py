#!/usr/bin/env python3
"""Many short games against an outside program: no byte crosses from one game to the next.

Each game starts its own copy of a tiny program that answers every prompt with the prompt's
id. A byte of one game's program taken by another game's reader would show as an invalid
or late answer, or a time-out; threads left over would show in the thread count.

    python3 bench/external_cross.py --games 10000 [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uno_cli.engine import preset  # noqa: E402
from uno_cli.play.sim import simulate  # noqa: E402

ECHO = """
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "prompt":
        sys.stdout.write(json.dumps({"id": m["id"], "cmd": m["legal"][0]}) + "\\n")
        sys.stdout.flush()
"""


def main() -> int:
    """Run the games and print one JSON report; exit 1 on any fault or left-over thread."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "echo.py"
        path.write_text(ECHO)
        level = "external:" + shlex.join([sys.executable, "-S", str(path)])
        threads = threading.active_count()
        start = time.perf_counter()
        result = simulate(args.games, 2, preset("classic").with_values(hands=1), seed=args.seed,
                          levels=("random", level), jobs=args.jobs, external_timeout=5.0, log_folder=folder)
        seconds = time.perf_counter() - start
        faults = result.to_dict()["faults"]["2"]
        report = {
            "games": result.games,
            "actions": result.actions,
            "seconds": round(seconds, 1),
            "faults": {k: v for k, v in faults.items() if k != "log"},
            "threads_left": threading.active_count() - threads,
            "violations": len(result.violations),
        }
    print(json.dumps(report))
    bad = any(report["faults"].values()) or report["threads_left"] or report["violations"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
