"""Script mode when output cannot be written, input is interrupted, or games save at once."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from uno_cli.play import script
from tests.script.helpers import config


class FullOutput(io.RawIOBase):
    """A stdout that takes ``room`` writes, then fails like a full disk."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def writable(self) -> bool:
        return True

    def write(self, b: bytes) -> int:  # type: ignore[override]
        if self.room <= 0:
            raise OSError(28, "No space left on device")
        self.room -= 1
        return len(b)


class Lines(io.BytesIO):
    pass


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    monkeypatch.setattr(script, "silence_stdout", lambda: None)
    return tmp_path


@pytest.mark.parametrize("room", [0, 3, 8])
def test_full_stdout_saves_the_game_and_exits_5(home, room, capsys):
    status = script.run(config(kinds="se"), stdin=Lines(b"draw\n" * 20), stdout=FullOutput(room))
    assert status == script.EXIT_OUTPUT_FAILED
    saved = list((home / "data").glob("unfinished-*.json"))
    assert len(saved) == 1 and json.loads(saved[0].read_text())["format"].startswith("uno-cli/")
    assert str(saved[0]) in capsys.readouterr().err


def test_ctrl_c_in_script_mode_saves_like_quit(home):
    class Interrupting(io.BytesIO):
        def readline(self, *a):  # type: ignore[override]
            raise KeyboardInterrupt

    out = io.BytesIO()
    status = script.run(config(kinds="se"), stdin=Interrupting(), stdout=out)
    assert status == script.EXIT_QUIT
    assert list((home / "data").glob("unfinished-*.json"))
    assert b'"type": "quit"' in out.getvalue()


def test_unfinished_files_are_taken_exclusively_by_parallel_games(tmp_path):
    got: list[Path] = []
    lock = threading.Lock()

    def take() -> None:
        p = script.unfinished_path(tmp_path)
        with lock:
            got.append(p)

    threads = [threading.Thread(target=take) for _ in range(30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(got)) == 30


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_dev_full_stdout_in_a_real_process_has_no_traceback(tmp_path):
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path), UNO_CLI_IGNORE_SETTINGS="1")
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "uno_cli", "--script", "--seed", "1"], input=b"draw\n" * 5,
                              stdout=full, stderr=subprocess.PIPE, env=env, timeout=60)
    err = done.stderr.decode()
    assert done.returncode == script.EXIT_OUTPUT_FAILED, err
    assert "Traceback" not in err and "Exception ignored" not in err
    assert list((tmp_path / "data").glob("unfinished-*.json"))


def test_closed_stdout_in_a_real_process_saves(tmp_path):
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path), UNO_CLI_IGNORE_SETTINGS="1")
    code = "import os, sys; os.close(1); sys.stdout = None; sys.argv = ['uno', '--script', '--seed', '1']; " \
           "from uno_cli.entry import main; main()"
    done = subprocess.run([sys.executable, "-c", code], input=b"draw\n", stderr=subprocess.PIPE, env=env, timeout=60)
    err = done.stderr.decode()
    assert done.returncode == script.EXIT_OUTPUT_FAILED, err
    assert "Traceback" not in err
