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
PRESETS = ("classic", "playroom")


def start(player: str, preset: str, home: Path, seed: int = 7) -> subprocess.Popen:
    """One two-player match of a single hand: the player in seat 1 against a normal bot."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), UNO_CLI_HOME=str(home))
    program = f"{sys.executable} {ROOT / 'bench' / 'players' / f'gauntlet_{player}.py'} --seed 3"
    cmd = [sys.executable, "-m", "uno_cli", "simulate", "--games", "1", "--players", "2", "--preset", preset,
           "--seed", str(seed), "--rule", "hands=1", "--check", "--bots", "normal,normal",
           "--external", f"1={program}", "--json"]
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    return json.loads(out)


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], dict]:
    home = tmp_path_factory.mktemp("home")
    procs = {(pl, pre): start(pl, pre, home) for pl in PLAYERS for pre in PRESETS}
    return {key: finish(proc) for key, proc in procs.items()}


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("player", PLAYERS)
def test_a_gauntlet_player_finishes_a_match_with_no_fault_and_no_error_output(
        reports: dict[tuple[str, str], dict], player: str, preset: str) -> None:
    report = reports[(player, preset)]
    assert report["games"] == 1 and report["hands"] >= 1
    assert report["violations"] == []
    faults = dict(report["faults"]["1"])
    log = Path(faults.pop("log"))
    assert faults == {"crash": 0, "timeout": 0, "invalid": 0, "late": 0}
    assert not log.exists() or log.read_text(encoding="utf-8") == ""  # no swallowed exception either
    log.unlink(missing_ok=True)
    assert report["actions"] > 0


def test_a_gauntlet_player_plays_the_same_match_for_the_same_seed(tmp_path: Path) -> None:
    first, second = (finish(start("bluffer", "playroom", tmp_path, seed=12)) for _ in range(2))
    assert (first["points"], first["actions"]) == (second["points"], second["actions"])
