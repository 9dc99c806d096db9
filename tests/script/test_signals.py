"""SIGTERM and SIGHUP stop a script-mode game as Ctrl+C does: saved, said, status 4."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.parametrize("name", [n for n in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, n)])
def test_a_stop_signal_saves_a_script_mode_game(name, tmp_path):
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path), UNO_CLI_IGNORE_SETTINGS="1", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "uno_cli", "play", "--players", "2", "--seed", "7"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        assert proc.stdout is not None
        for _ in range(100):
            line = proc.stdout.readline().decode()
            if "your move" in line:
                break
        else:
            pytest.fail("no prompt")
        proc.send_signal(getattr(signal, name))
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 4, err.decode()
    assert b"Traceback" not in err
    saved = list((tmp_path / "data").glob("unfinished-*.json"))
    assert len(saved) == 1 and saved[0].stat().st_size > 0
    assert str(saved[0]).encode() in out
