"""Start-up time of the interactive game against the bare imports it needs.

Measures, in a pseudo-terminal (TERM=xterm, PROMPT_TOOLKIT_NO_CPR=1, speech off, a
temporary UNO_CLI_HOME), the time from starting ``python -m uno_cli`` to its first line
on the screen, and the time Python takes just to import the packages the interactive
game uses (prompt_toolkit, click, babel, accessible_output2). Prints both medians and
their ratio; the target is a ratio of at most 1.5.

    python bench/startup.py [--runs 7] [--speech off|auto]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIRST_LINE = b"Press F1"
IMPORTS = (
    "import prompt_toolkit, prompt_toolkit.shortcuts, prompt_toolkit.key_binding, click, babel, "
    "accessible_output2"
)


def env(home: str) -> dict[str, str]:
    e = dict(os.environ)
    e.update(TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1", UNO_CLI_HOME=home,
             PYTHONPATH=str(ROOT) + os.pathsep + e.get("PYTHONPATH", ""))
    return e


def time_first_line(speech: str) -> float:
    """Seconds from spawning the game to its first printed line."""
    import pexpect

    with tempfile.TemporaryDirectory() as home:
        start = time.perf_counter()
        child = pexpect.spawn(sys.executable, ["-m", "uno_cli", "--speech", speech], env=env(home), timeout=30)
        child.expect(FIRST_LINE)
        elapsed = time.perf_counter() - start
        child.sendcontrol("c")
        child.send("y")
        child.expect(pexpect.EOF)
        child.close()
        return elapsed


def time_imports() -> float:
    """Seconds for a Python process that only imports the game's packages."""
    with tempfile.TemporaryDirectory() as home:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", IMPORTS], env=env(home), check=True)
        return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--speech", default="off", choices=("off", "auto", "on"))
    args = parser.parse_args()
    time_imports()  # warm the file cache
    time_first_line(args.speech)
    imports = statistics.median(time_imports() for _ in range(args.runs))
    first = statistics.median(time_first_line(args.speech) for _ in range(args.runs))
    ratio = first / imports if imports else float("inf")
    print(f"imports only:      {imports * 1000:7.1f} ms  ({IMPORTS})")
    print(f"uno to first line: {first * 1000:7.1f} ms  (speech {args.speech})")
    print(f"ratio:             {ratio:7.2f}  (target <= 1.5)")
    return 0 if ratio <= 1.5 else 1


if __name__ == "__main__":
    sys.exit(main())
