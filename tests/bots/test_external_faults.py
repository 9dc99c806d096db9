"""Outside programs cannot hang or fool the game: prompt ids, late answers, banners, slow,
crashing, deaf and flooding programs, process groups, threads and pipes that end with the program."""

from __future__ import annotations

import json
import os
import random
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from uno_cli.play.commands import action_to_command
from uno_cli.engine import Event, Game, preset
from uno_cli.play.external import MAX_LINE, ExternalBot, answer_action, split_command

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX process groups")


def program(tmp_path: Path, body: str, name: str = "player.py") -> list[str]:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


def turn_view(seed: int = 2):
    """A view of the seat whose turn it is, with at least two different legal commands."""
    for s in range(seed, seed + 50):
        game = Game(2, preset("classic"), seed=s)
        game.start()
        view = game.view(game.current)
        commands = [action_to_command(a) for a in view.legal]
        if len(set(commands)) > 2:
            return view, commands
    raise AssertionError("no seed with a choice")


def choices(argv: list[str], count: int):
    """A program's ``count`` choices in one turn view, its bot's fault counts, and the last legal command's action."""
    view, commands = turn_view()
    bot = ExternalBot(view.seat, random.Random(1), argv, timeout=5)
    try:
        answers = [bot.choose(view) for _ in range(count)]
    finally:
        bot.close()
    return answers, bot.counts, answer_action(commands[-1], view.legal)


def test_a_late_answer_is_counted_and_never_taken_for_the_next_prompt(tmp_path):
    argv = program(tmp_path, """
        import json, sys, time
        n = 0
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] == "prompt":
                n += 1
                if n == 1:
                    time.sleep(0.6)
                    print(m["legal"][1], flush=True)
                else:
                    print(m["legal"][0], flush=True)
    """)
    view, commands = turn_view()
    bot = ExternalBot(view.seat, random.Random(1), argv, timeout=0.3)
    try:
        bot.choose(view)  # times out: the safe default
        assert bot.counts["timeout"] == 1
        bot.timeout = 5.0
        second = bot.choose(view)  # the late answer to the first prompt arrives while it waits
    finally:
        bot.close()
    assert second == answer_action(commands[0], view.legal) != answer_action(commands[1], view.legal)
    assert bot.counts["late"] == 1 and not bot.dead, (bot.counts, bot.faults)


def test_an_answer_naming_an_older_prompt_is_late(tmp_path):
    argv = program(tmp_path, """
        import json, sys
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] == "prompt":
                print("#%d %s" % (m["id"] - 1, m["legal"][0]), flush=True)
                print(json.dumps({"id": m["id"], "cmd": m["legal"][-1]}), flush=True)
    """)
    answers, counts, last = choices(argv, 3)
    assert answers == [last] * 3
    assert counts["late"] == 2 and counts["invalid"] == 1  # "#0 ..." names no prompt


def test_a_banner_line_does_not_shift_the_answers(tmp_path):
    argv = program(tmp_path, """
        import json, sys
        print("SuperBot 2000 ready", flush=True)
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] == "prompt":
                print(m["legal"][-1], flush=True)
    """)
    answers, counts, last = choices(argv, 4)
    assert answers == [last] * 4
    assert dict(counts) == {"invalid": 1}


def test_a_huge_line_or_an_answer_to_no_prompt_is_counted_and_the_prompt_still_waits(tmp_path):
    """docs/protocol.md, "Faults": only a command that is not legal uses the prompt up."""
    argv = program(tmp_path, """
        import json, sys
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] == "prompt":
                print("x" * %d, flush=True)
                print("#%%d draw" %% (m["id"] + 5), flush=True)
                print("#%%d %%s" %% (m["id"], m["legal"][-1]), flush=True)
    """ % (MAX_LINE + 10))
    answers, counts, last = choices(argv, 2)
    assert answers == [last] * 2
    assert dict(counts) == {"invalid": 4}


def test_an_always_slow_program_is_stopped_after_three_time_outs(tmp_path):
    argv = program(tmp_path, """
        import json, sys, time
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] == "prompt":
                time.sleep(0.35)
                print(m["legal"][0], flush=True)
    """)
    view, _commands = turn_view()
    bot = ExternalBot(view.seat, random.Random(1), argv, timeout=0.2)
    try:
        for _ in range(5):
            bot.choose(view)
    finally:
        bot.close()
    assert bot.dead and bot.counts["timeout"] == 3


def test_a_program_that_never_reads_cannot_hang_the_game(tmp_path):
    argv = program(tmp_path, """
        import time
        time.sleep(60)
    """)
    bot = ExternalBot(0, random.Random(1), argv, timeout=0.3)
    start = time.monotonic()
    try:
        for _ in range(3000):  # far more than a pipe and the queue hold
            bot.observe([Event("turn", 1)])
            if bot.dead:
                break
    finally:
        bot.close()
    assert bot.dead and bot.counts["crash"] == 1 and time.monotonic() - start < 10


def test_a_flooding_program_with_huge_lines_is_stopped(tmp_path):
    argv = program(tmp_path, """
        import sys
        sys.stdout.write("x" * 10_000_000 + "\\n")
        while True:
            sys.stdout.write("spam spam spam\\n")
    """)
    view, _commands = turn_view()
    bot = ExternalBot(view.seat, random.Random(1), argv, timeout=5)
    start = time.monotonic()
    try:
        action = bot.choose(view)
    finally:
        bot.close()
    assert bot.dead and time.monotonic() - start < 10
    assert any(f"longer than {MAX_LINE}" in detail for _k, detail in bot.faults) or bot.counts["invalid"] >= 50
    assert action is not None  # the safe default in turn


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@posix_only
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
def test_grandchildren_and_programs_that_ignore_end_of_input_are_ended(tmp_path):
    pids = tmp_path / "pids"
    argv = program(tmp_path, f"""
        import os, signal, subprocess, sys, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        open({str(pids)!r}, "w").write("%d %d" % (os.getpid(), child.pid))
        while True:
            time.sleep(1)  # ignores end of input and SIGTERM
    """)
    bot = ExternalBot(0, random.Random(1), argv, timeout=1)
    bot.observe([Event("turn", 1)])
    for _ in range(100):
        if pids.exists() and pids.read_text().count(" ") == 1:
            break
        time.sleep(0.05)
    parent, child = map(int, pids.read_text().split())
    threads = threading.active_count()
    bot.close()
    deadline = time.monotonic() + 3
    while (_alive(parent) or _alive(child)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(parent) and not _alive(child)
    assert threading.active_count() <= threads - 2  # its reader and writer ended with it


def test_an_eliminated_seat_gets_no_more_events(tmp_path):
    log = tmp_path / "log.jsonl"
    argv = program(tmp_path, f"""
        import sys
        out = open({str(log)!r}, "w")
        for line in sys.stdin:
            out.write(line)
            out.flush()
    """)
    bot = ExternalBot(1, random.Random(1), argv)
    bot.observe([Event("turn", 0), Event("eliminated", 1, {"score": 60}), Event("turn", 2)])
    bot.observe([Event("turn", 0)])
    bot.close()
    types = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    assert types == ["hello", "turn", "eliminated"]


def test_windows_command_lines_keep_their_backslashes(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    assert split_command(r'"C:\Program Files\Python\python.exe" C:\bots\uno_bot.py --seed 1') == [
        r"C:\Program Files\Python\python.exe", r"C:\bots\uno_bot.py", "--seed", "1"]
    monkeypatch.setattr(sys, "platform", "linux")
    assert split_command(r"python3 'my bot.py' a\ b") == ["python3", "my bot.py", "a b"]


def test_stderr_goes_to_the_log_file(tmp_path):
    log = tmp_path / "err.log"
    argv = program(tmp_path, """
        import sys
        print("thinking hard", file=sys.stderr, flush=True)
        for line in sys.stdin:
            pass
    """)
    bot = ExternalBot(0, random.Random(1), argv, stderr_log=str(log))
    bot.observe([Event("turn", 1)])
    bot.close()
    assert "thinking hard" in log.read_text()


CRASHER = """
    import sys
    print("boom", file=sys.stderr, flush=True)
    for line in sys.stdin:
        if '"prompt"' in line:
            sys.exit(3)
"""


def test_simulate_reports_a_crashing_program_and_keeps_its_error_output(tmp_path):
    import shlex

    from uno_cli.play.sim import format_report, simulate

    level = "external:" + shlex.join(program(tmp_path, CRASHER))
    result = simulate(3, 2, preset("classic").with_values(hands=1), seed=1, levels=("normal", level),
                      external_timeout=1.0, log_folder=str(tmp_path))
    assert result.faults[1]["crash"] == 3 and result.violations == []
    data = result.to_dict()["faults"]["2"]
    assert data["crash"] == 3 and data["timeout"] == data["invalid"] == data["late"] == 0
    assert "boom" in Path(data["log"]).read_text()
    report = format_report(result)
    assert f"Seat 2 (program): crashes 3, time-outs 0, invalid answers 0, late answers 0. Its error output is in {data['log']}." in report


def test_simulate_with_a_program_that_cannot_start_exits_2(tmp_path):
    from click.testing import CliRunner

    from uno_cli.cli import main

    result = CliRunner().invoke(main, ["simulate", "--games", "2", "--players", "2", "--lang", "en",
                                       "--external", f"2={tmp_path / 'no-such-program'}"])
    assert result.exit_code == 2
    assert "cannot be started" in result.output


def test_uno_play_ends_with_a_fault_line_per_program(tmp_path, monkeypatch, capsys):
    import io
    import shlex

    from uno_cli.play import script as script_mode
    from uno_cli.play.playconfig import SeatSpec

    from tests.script.helpers import Output, config

    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))  # the program's error log
    cfg = config(kinds="sn", seed=3, fmt="text")
    cfg.seats[1] = SeatSpec("cmd", command=shlex.join(program(tmp_path, CRASHER)))
    rc = script_mode.run(cfg, io.BytesIO(b"draw\n" * 40), Output())
    assert rc in (script_mode.EXIT_OK, script_mode.EXIT_INPUT_ENDED)
    err = capsys.readouterr().err
    assert "Seat 2 (program): crashes 1, time-outs 0, invalid answers 0, late answers 0." in err
    log = err.split("Its error output is in ")[1].strip().rstrip(".")
    assert "boom" in Path(log).read_text()


def test_many_short_games_cross_no_byte_and_leave_no_thread(tmp_path):
    """A byte of one game's program read in another game would be an invalid or late answer.

    40 games here, 39 boundaries between games (UNO_CROSS_GAMES to change it); bench/external_cross.py
    runs 10,000.
    """
    import shlex

    from uno_cli.play.sim import simulate

    path = tmp_path / "echo.py"
    path.write_text(ECHO)
    level = "external:" + shlex.join([sys.executable, "-S", str(path)])  # -S: a faster start
    threads = threading.active_count()
    games = int(os.environ.get("UNO_CROSS_GAMES", "40"))
    result = simulate(games, 2, preset("classic").with_values(hands=1), seed=5, levels=("random", level),
                      external_timeout=5.0, log_folder=str(tmp_path))
    assert result.games == games and result.violations == []
    assert result.faults[1] == {}, result.faults
    assert threading.active_count() == threads


#: Answers every prompt with its id; a byte from another game's pipe would be an invalid or late answer.
ECHO = """
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "prompt":
        sys.stdout.write(json.dumps({"id": m["id"], "cmd": m["legal"][0]}) + "\\n")
        sys.stdout.flush()
"""


@posix_only
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_signal_to_uno_ends_its_programs_and_their_children(tmp_path, signame):
    import shlex
    import signal
    import subprocess

    pids = tmp_path / "pids"
    argv = program(tmp_path, f"""
        import os, signal, subprocess, sys, time
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        open({str(pids)!r}, "w").write("%d %d" % (os.getpid(), child.pid))
        for line in sys.stdin:
            if '"prompt"' in line:
                print("wait" if '"race"' in line else "draw", flush=True)
        time.sleep(60)  # ignores end of input
    """)
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "UNO_CLI_HOME": str(tmp_path / "home"), "TMPDIR": str(tmp_path)}
    uno = subprocess.Popen([sys.executable, "-m", "uno_cli", "play", "--script", "--seed", "1",
                            "--seat", "2=cmd:" + shlex.join(argv)],
                           stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        deadline = time.monotonic() + 20
        while not (pids.exists() and pids.read_text().count(" ") == 1) and time.monotonic() < deadline:
            time.sleep(0.05)
        parent, child = map(int, pids.read_text().split())
        uno.send_signal(getattr(signal, signame))
        uno.wait(timeout=10)
        deadline = time.monotonic() + 3
        while (_alive(parent) or _alive(child)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(parent) and not _alive(child)
    finally:
        uno.kill()
        uno.wait()


def test_uno_play_with_a_program_that_cannot_start_exits_2(tmp_path, monkeypatch, capsys):
    import io

    from uno_cli.play import script as script_mode
    from uno_cli.play.playconfig import SeatSpec

    from tests.script.helpers import Output, config

    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    cfg = config(kinds="sn", seed=3, fmt="text")
    cfg.seats[1] = SeatSpec("cmd", command=str(tmp_path / "no-such-program"))
    assert script_mode.run(cfg, io.BytesIO(b"draw\n"), Output()) == script_mode.EXIT_BAD_SETUP
    assert "cannot be started" in capsys.readouterr().err


ILLEGAL = """
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("type") == "prompt":
        print(f"#{m['id']} play zz", flush=True)
"""


def test_simulate_reports_illegal_answers_of_a_program_that_plays_on(tmp_path):
    import shlex

    from uno_cli.play.sim import format_report, simulate

    level = "external:" + shlex.join(program(tmp_path, ILLEGAL))
    result = simulate(2, 2, preset("classic").with_values(hands=1), seed=1, levels=("normal", level),
                      external_timeout=2.0, log_folder=str(tmp_path))
    invalid = result.faults[1]["invalid"]
    assert invalid > 0 and result.faults[1].get("crash", 0) == 0 and result.violations == []
    assert result.to_dict()["faults"]["2"]["invalid"] == invalid
    assert f"Seat 2 (program): crashes 0, time-outs 0, invalid answers {invalid}, late answers 0." in format_report(result)
