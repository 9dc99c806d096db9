"""The gauntlet reference players (bench/players/gauntlet_*.py) play whole matches over the real protocol without a fault."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ("careful", "aggressive", "switcher", "hoarder", "chainer", "bluffer")
PAIRS = (("careful", "aggressive"), ("switcher", "hoarder"), ("chainer", "bluffer"))
PRESETS = ("classic", "playroom")


def start(pair: tuple[str, str], preset: str, home: Path, seed: int = 7) -> subprocess.Popen:
    """One two-player match of a single hand between two gauntlet players (seats 1 and 2)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), UNO_CLI_HOME=str(home))
    cmd = [sys.executable, "-m", "uno_cli", "simulate", "--games", "1", "--players", "2", "--preset", preset,
           "--seed", str(seed), "--rule", "hands=1", "--check", "--bots", "normal,normal", "--json"]
    for seat, player in enumerate(pair, 1):
        program = ROOT / "bench" / "players" / f"gauntlet_{player}.py"
        cmd += ["--external", f"{seat}={sys.executable} {program} --seed {seat}"]
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    return json.loads(out)


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], dict]:
    home = tmp_path_factory.mktemp("home")
    procs = {(pair, pre): start(pair, pre, home) for pair in PAIRS for pre in PRESETS}
    return {key: finish(proc) for key, proc in procs.items()}


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("player", PLAYERS)
def test_a_gauntlet_player_finishes_a_match_with_no_fault_and_no_error_output(
        reports: dict[tuple[tuple[str, str], str], dict], player: str, preset: str) -> None:
    pair = next(p for p in PAIRS if player in p)
    report = reports[(pair, preset)]
    assert report["games"] == 1 and report["hands"] >= 1 and report["actions"] > 0
    assert report["violations"] == []
    faults = dict(report["faults"][str(pair.index(player) + 1)])
    log = faults.pop("log")
    assert faults == {"crash": 0, "timeout": 0, "invalid": 0, "late": 0}
    assert log is None  # no error output (an empty log is removed): no swallowed exception either


def test_gauntlet_players_play_the_same_match_for_the_same_seed(
        reports: dict[tuple[tuple[str, str], str], dict], tmp_path: Path) -> None:
    again = finish(start(PAIRS[2], "playroom", tmp_path))
    first = reports[(PAIRS[2], "playroom")]
    assert (first["points"], first["actions"]) == (again["points"], again["actions"])
    assert [again["faults"][seat]["log"] for seat in ("1", "2")] == [None, None]  # empty logs are removed


def prompt(pid: int, legal: list[str], **fields: object) -> dict:
    """A prompt for seat 1 with every field the protocol lists; fields override the defaults."""
    base = {"type": "prompt", "id": pid, "seat": 1, "kind": "turn", "phase": "play", "legal": legal,
            "hand": ["r5", "g3", "b7"], "drawn": None, "top": "r1", "color": "r", "current": 1, "direction": 1,
            "counts": [3, 5, 6], "scores": [0, 0, 0], "eliminated": [], "said_uno": [], "uno_open": None,
            "pending": 0, "pending_kind": None, "beep_waiting": [], "sequence": None, "hand_number": 1,
            "dealer": 2, "draw_pile": 80, "discard_pile": 5, "text": None}
    base.update(fields)
    return base


DECISIONS = [  # (prompt, the answers a reference player may give)
    (prompt(1, ["color r", "color y", "color g", "color b"], phase="color", hand=["g1", "g2", "b3"], top="w",
            color=None), {"color g"}),
    (prompt(2, ["beep"], phase="beep", beep_waiting=[1, 3]), {"beep"}),
    (prompt(3, ["uno", "wait"], kind="race", hand=["r1"], counts=[1, 5, 6], uno_open=1, current=2), {"uno"}),
    (prompt(4, ["catch 2", "uno", "wait"], kind="race", counts=[3, 1, 6], uno_open=2, current=3), {"catch 2"}),
    (prompt(5, ["play r5", "draw", "uno"], hand=["r5", "g3"], counts=[2, 5, 6]), {"uno"}),
    (prompt(6, ["accept", "challenge"], phase="pending", top="w+4", color="b", pending=4, pending_kind="w+4"),
     {"accept", "challenge"}),
    (prompt(7, ["play r9", "pass", "draw"], phase="drawn", drawn="r9", hand=["r9", "g3", "b7"]),
     {"play r9", "pass", "draw"}),
    (prompt(8, ["play r7 2", "play r7 3", "play g1", "draw"], hand=["r7", "g3", "b7", "y2"], top="g7", color="g",
            counts=[4, 2, 6]), {"play r7 2", "play r7 3", "play g1", "draw"}),
    (prompt(9, ["accept", "play r+2", "play w+4 r", "play w+4 y", "play w+4 g", "play w+4 b"], phase="pending",
            hand=["r+2", "w+4", "r3"], top="r+2", pending=2, pending_kind="+2"),
     {"accept", "play r+2", "play w+4 r", "play w+4 y", "play w+4 g", "play w+4 b"}),
    (prompt(10, ["jump r1", "play beep", "wait"], kind="race", hand=["r1", "beep", "g4"], current=2),
     {"jump r1", "play beep", "wait"}),
    (prompt(11, ["wait"], kind="race", phase="hand_over", current=2), {"wait"}),
]


@pytest.mark.parametrize("player", PLAYERS)
def test_a_gauntlet_player_answers_every_kind_of_decision_with_a_legal_command(player: str) -> None:
    lines = [{"type": "hello", "protocol": 1, "players": 3, "names": ["A", "B", "C"], "seat": 1, "scripted": [1],
              "text": None},
             {"type": "match_start", "players": 3, "options": {"beep": True, "seven_o": True, "stacking": True},
              "text": None}]
    lines += [p for p, _ in DECISIONS]
    program = ROOT / "bench" / "players" / f"gauntlet_{player}.py"
    done = subprocess.run([sys.executable, str(program)], input="".join(json.dumps(x) + "\n" for x in lines),
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and done.stderr == ""
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in answers] == [p["id"] for p, _ in DECISIONS]
    for answer, (p, allowed) in zip(answers, DECISIONS):
        assert answer["cmd"] in allowed, (p["id"], answer["cmd"])
