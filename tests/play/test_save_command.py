"""The ``save FILE`` command: ``~`` expanded, no clobbering without ``force``, links and special
files refused, the file's mode kept (see docs/protocol.md, "Saving")."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from tests.script.helpers import config
from uno_cli.play.session import Session


def _session() -> tuple[Session, list[Any]]:
    said: list[Any] = []
    session = Session(config(2, "sn", seed=5), said.append)
    session.start()
    return session, said


def _last(said: list[Any]) -> Any:
    return said[-1].data


def test_save_refuses_to_overwrite_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    session, said = _session()
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me\n")
    session.dispatcher.handle_line(f"save {notes}", 0)
    assert _last(said)["code"] == "save_refused" and notes.read_text() == "keep me\n"
    assert f"save {notes} force" in said[-1].text


@pytest.mark.parametrize("form", ["save {path} force", "save --force {path}"])
def test_force_replaces_it_and_keeps_its_mode(tmp_path: Path, form: str) -> None:
    session, said = _session()
    notes = tmp_path / "notes.txt"
    notes.write_text("old\n")
    notes.chmod(0o604)
    session.dispatcher.handle_line(form.format(path=notes), 0)
    assert _last(said)["type"] == "saved"
    assert json.loads(notes.read_text())["format"] == "uno-cli/2"
    assert stat.S_IMODE(notes.stat().st_mode) == 0o604


def test_save_replaces_an_earlier_save_without_asking(tmp_path: Path) -> None:
    session, said = _session()
    path = tmp_path / "game.json"
    session.dispatcher.handle_line(f"save {path}", 0)
    session.dispatcher.handle_line(f"save {path}", 0)
    assert [m.type for m in said[-2:]] == ["saved", "saved"]


def test_save_expands_the_home_folder_and_makes_no_folder_named_tilde(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    monkeypatch.chdir(tmp_path)
    session, said = _session()
    session.dispatcher.handle_line("save ~/game.json", 0)
    assert (tmp_path / "home" / "game.json").is_file() and not (tmp_path / "~").exists()
    assert _last(said)["file"] == str(tmp_path / "home" / "game.json")


def test_save_into_a_missing_folder_fails_without_creating_it(tmp_path: Path) -> None:
    session, said = _session()
    session.dispatcher.handle_line(f"save {tmp_path / 'no' / 'game.json'}", 0)
    assert _last(said)["code"] == "cannot_save" and not (tmp_path / "no").exists()


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="symbolic links")
def test_save_refuses_a_symbolic_link(tmp_path: Path) -> None:
    session, said = _session()
    target = tmp_path / "target.txt"
    target.write_text("x")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    session.dispatcher.handle_line(f"save {link} force", 0)
    assert _last(said)["reason"] == "symlink" and target.read_text() == "x" and link.is_symlink()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_save_refuses_a_special_file(tmp_path: Path) -> None:
    session, said = _session()
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    session.dispatcher.handle_line(f"save {fifo} force", 0)
    assert _last(said)["reason"] == "not_a_file" and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_file_name_with_escapes_is_shown_cleaned(tmp_path: Path) -> None:
    session, said = _session()
    session.dispatcher.handle_line(f"save {tmp_path}/a\x1b[2Jb.json", 0)
    assert "\x1b" not in said[-1].text
