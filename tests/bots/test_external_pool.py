"""`uno simulate --jobs N` with outside programs always ends, with every child process gone."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

#: Runs in one test: a hang that comes once in 15 runs shows with 95% probability (1 - (14/15)**45).
RUNS = 45

#: Writes its process id to a file, then answers every prompt with its first legal command.
PROGRAM = """
import json, os, sys
open(os.path.join(sys.argv[1], str(os.getpid())), "w").close()
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "prompt":
        sys.stdout.write(json.dumps({"id": m["id"], "cmd": m["legal"][0]}) + "\\n")
        sys.stdout.flush()
"""

#: The runs, in a process of their own so that a hang fails the test instead of stopping it.
DRIVER = """
import multiprocessing, shlex, sys
from uno_cli.play import sim
from uno_cli.engine import preset

program, pids, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
if "fork" in multiprocessing.get_all_start_methods():
    sim.POOL_START_METHOD = "fork"  # the hang does not depend on it; forking is faster
level = "external:" + shlex.join([sys.executable, "-S", program, pids])
for run in range(runs):
    result = sim.simulate(4, 2, preset("classic").with_values(hands=1), seed=run, levels=("random", level),
                          jobs=2, log_folder=pids + "-logs")
    assert result.games == 4 and not result.faults.get(1), result.faults
    assert multiprocessing.active_children() == [], multiprocessing.active_children()
print("done", flush=True)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    if Path(f"/proc/{pid}/stat").is_file():  # a zombie is gone for our purpose
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[-1][:1] != "Z"
    return True


@pytest.mark.skipif(sys.platform == "win32", reason="process ids are checked with os.kill(pid, 0)")
def test_simulate_with_jobs_and_programs_always_ends_with_every_child_gone(tmp_path):
    program = tmp_path / "echo.py"
    program.write_text(textwrap.dedent(PROGRAM))
    pids = tmp_path / "pids"
    pids.mkdir()
    (tmp_path / "pids-logs").mkdir()
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    try:
        done = subprocess.run([sys.executable, "-c", DRIVER, str(program), str(pids), str(RUNS)], env=env,
                              capture_output=True, text=True, timeout=40 + 3 * RUNS)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"a run never ended: {exc.stdout!r} {exc.stderr!r}") from None
    assert done.returncode == 0 and done.stdout == "done\n", done.stderr
    started = [int(p.name) for p in pids.iterdir()]
    assert len(started) == 4 * RUNS  # one program per game
    assert [pid for pid in started if _alive(pid)] == []


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM and SIGHUP")
def test_the_signal_guard_is_set_only_while_a_program_runs(tmp_path):
    """A Python handler cannot run while the main thread waits on a lock (a pool worker idle between games).

    Left in place it would let such a process miss the SIGTERM of Pool.terminate(), so the
    default action must be back as soon as no program runs.
    """
    import random
    import signal

    from uno_cli.play.external import ExternalBot

    program = tmp_path / "echo.py"
    program.write_text(textwrap.dedent(PROGRAM))
    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)
    bot = ExternalBot(1, random.Random(2), [sys.executable, "-S", str(program), str(tmp_path)], players=2)
    bot._start()
    try:
        assert getattr(signal.getsignal(signal.SIGTERM), "_uno_guard", False)
        assert getattr(signal.getsignal(signal.SIGHUP), "_uno_guard", False)
    finally:
        bot.close()
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)) == before
