"""Save and setup files are read within limits, and ``save FILE`` never clobbers (uno_cli.play.savefile)."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path

import pytest

from uno_cli.engine.errors import InvalidSetup
from uno_cli.play.savefile import (
    MAX_BYTES,
    SaveRefused,
    is_save,
    read_json,
    typed_path,
    write_typed,
)

SAVE = json.dumps({"format": "uno-cli/2", "players": 2})


def _code(path: Path | str) -> str:
    with pytest.raises(InvalidSetup) as info:
        read_json(path)
    return info.value.code


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_at_once_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    started = time.monotonic()
    assert _code(fifo) == "not_a_file"
    assert time.monotonic() - started < 5


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_a_device_is_refused_without_reading_it() -> None:
    assert _code("/dev/zero") == "not_a_file"


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert _code(tmp_path) == "not_a_file"


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b" " * MAX_BYTES + b"]")
    assert _code(big) == "too_big"


def test_bad_utf8_is_refused_with_its_byte(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"names": ["\xff"]}')
    with pytest.raises(InvalidSetup) as info:
        read_json(bad)
    assert (info.value.code, info.value.detail) == ("not_utf8", {"offset": 12})


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + SAVE.encode())
    assert read_json(path) == {"format": "uno-cli/2", "players": 2}


def test_a_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        read_json(tmp_path / "none.json")


# ------------------------------------------------------------------ writing


def test_save_writes_a_new_file_with_the_usual_permissions(tmp_path: Path) -> None:
    path = tmp_path / "new.json"
    write_typed(path, SAVE)
    assert json.loads(path.read_text()) == json.loads(SAVE)
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask


def test_save_replaces_an_earlier_save_and_keeps_its_mode(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "uno-cli/1", "players": 3}))
    path.chmod(0o600)
    write_typed(path, SAVE)
    assert json.loads(path.read_text())["players"] == 2
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_save_never_overwrites_a_file_that_is_not_a_save_without_force(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    path.chmod(0o640)
    with pytest.raises(SaveRefused) as info:
        write_typed(path, SAVE)
    assert info.value.code == "not_a_save" and path.read_text() == "my notes\n"
    write_typed(path, SAVE, force=True)
    assert is_save(path) and stat.S_IMODE(path.stat().st_mode) == 0o640


@pytest.mark.skipif(sys.platform.startswith("win"), reason="symbolic links need privileges")
def test_save_refuses_a_symbolic_link_even_to_a_save(tmp_path: Path) -> None:
    target = tmp_path / "target.json"
    target.write_text(SAVE)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    for force in (False, True):
        with pytest.raises(SaveRefused) as info:
            write_typed(link, SAVE, force=force)
        assert info.value.code == "symlink"
    assert link.is_symlink()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_save_refuses_special_files_and_folders(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        with pytest.raises(SaveRefused) as info:
            write_typed(path, SAVE, force=True)
        assert info.value.code == "not_a_file"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_save_creates_no_folder(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        write_typed(tmp_path / "missing" / "x.json", SAVE)
    assert not (tmp_path / "missing").exists()


def test_a_typed_tilde_is_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))
    assert typed_path("~/game.json") == tmp_path / "game.json"
    assert typed_path("game.json") == Path("game.json")
