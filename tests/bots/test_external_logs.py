"""Outside programs' error logs are made safely, bounded and tidied; every process a program starts ends with it."""

from __future__ import annotations

import os
import random
import shlex
import stat
import sys
import textwrap
import time
from pathlib import Path

import pytest

from uno_cli.play import external
from uno_cli.engine import preset
from uno_cli.play.external import ExternalBot, finish_log, log_path
from uno_cli.play.sim import format_report, simulate

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes, links and sessions")

ECHO = """
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "prompt":
        print(json.dumps({"id": m["id"], "cmd": m["legal"][0]}), flush=True)
"""


def program(tmp_path: Path, body: str, name: str = "player.py") -> list[str]:
    """A program doing ``body`` first, then answering every prompt."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(body) + ECHO)
    return [sys.executable, "-S", str(path)]


def gone(pid: int, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        stat_file = Path(f"/proc/{pid}/stat")
        if stat_file.is_file() and stat_file.read_text().rsplit(") ", 1)[-1].startswith("Z"):
            return True  # ended, waiting for its parent to collect it
        time.sleep(0.05)
    return False


@posix_only
def test_logs_are_new_private_files_with_unguessable_names_in_a_private_folder(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    first, second = log_path(1), log_path(1)
    assert first and second and first != second
    folder = Path(first).parent
    assert folder.parent == tmp_path and folder == Path(second).parent
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(Path(first).stat().st_mode) == 0o600
    assert str(os.getpid()) not in Path(first).name  # nothing another user could predict


@posix_only
def test_a_link_planted_at_a_log_path_is_never_followed(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "err.log"
    link.symlink_to(target)
    argv = program(tmp_path, """
        import sys
        sys.stderr.write("overwrite!" * 100)
        sys.stderr.flush()
    """)
    bot = ExternalBot(0, random.Random(1), argv, stderr_log=str(link), players=2)
    bot._start()
    time.sleep(0.3)
    bot.close()
    assert target.read_text() == "keep me"


def test_a_program_flooding_its_error_output_fills_its_log_only_up_to_the_bound(tmp_path, monkeypatch):
    monkeypatch.setattr(external, "MAX_LOG", 10_000)
    argv = program(tmp_path, """
        import sys
        for _ in range(100):
            sys.stderr.write("x" * 10_000)
        sys.stderr.flush()
    """)
    result = simulate(1, 2, preset("classic").with_values(hands=1), seed=3,
                      levels=("random", "external:" + shlex.join(argv)), log_folder=str(tmp_path))
    assert result.games == 1 and not result.faults.get(1)  # read to the end: the program never blocks
    assert Path(result.logs[1]).stat().st_size == 10_000


def test_empty_logs_are_removed_and_not_named_in_the_report(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    argv = program(tmp_path, "")
    result = simulate(2, 2, preset("classic").with_values(hands=1), seed=3,
                      levels=("random", "external:" + shlex.join(argv)))
    assert result.logs == {1: None}
    assert result.to_dict()["faults"]["2"]["log"] is None
    assert "Seat 2 (program): crashes 0, time-outs 0, invalid answers 0, late answers 0.\n" in format_report(result)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["player.py"]  # no log, no folder left
    assert finish_log(None) is None


@posix_only
@pytest.mark.parametrize("how", ["setsid", "double fork"])
def test_a_descendant_that_leaves_the_programs_session_still_ends_with_the_game(tmp_path, how):
    pid_file = tmp_path / "pid"
    argv = program(tmp_path, f"""
        import os, sys, time
        if os.fork() == 0:
            if {how == "double fork"!r} and os.fork() != 0:
                os._exit(0)  # the middle process goes: the last one is nobody's child of ours
            os.setsid()
            with open({str(pid_file)!r} + ".tmp", "w") as f:
                f.write(str(os.getpid()))
            os.rename({str(pid_file)!r} + ".tmp", {str(pid_file)!r})
            for fd in (0, 1, 2):
                os.close(fd)
            while True:
                time.sleep(1)
    """)
    bot = ExternalBot(0, random.Random(1), argv, players=2)
    bot._start()
    deadline = time.monotonic() + 10
    while not pid_file.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    pid = int(pid_file.read_text())
    assert os.getsid(pid) == pid  # it left the program's session
    bot.close()
    assert gone(pid)
