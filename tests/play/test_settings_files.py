"""The settings file and the autosave are strangers: read with the limits of save files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from uno_cli.play import autosave, settings

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    monkeypatch.delenv("UNO_CLI_IGNORE_SETTINGS", raising=False)


def _write_settings(text: str) -> Path:
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_deeply_nested_settings_start_with_defaults_and_say_why():
    _write_settings("[" * 100_000 + "]" * 100_000)
    loaded, problem = settings.read()
    assert loaded == settings.Settings()
    assert problem is not None and problem.code == "too_deep"  # type: ignore[attr-defined]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_settings_linked_to_dev_zero_are_refused_without_reading_it():
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.symlink("/dev/zero", path)
    loaded, problem = settings.read()
    assert loaded == settings.Settings() and problem.code == "not_a_file"  # type: ignore[union-attr]


def test_missing_settings_are_the_defaults_without_a_problem():
    assert settings.read() == (settings.Settings(), None)


def test_settings_never_name_a_program():
    _write_settings(json.dumps({"bots": "external:touch /tmp/owned", "players": 3}))
    loaded, problem = settings.read()
    assert problem is None and loaded.bots == "normal" and loaded.players == 3
    _write_settings(json.dumps({"bots": "easy,hard"}))
    assert settings.load().bots == "easy,hard"


def test_deeply_nested_autosave_is_no_save():
    path = autosave.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{\"a\":" * 50_000 + "1" + "}" * 50_000, encoding="utf-8")
    assert autosave.read() is None


def test_uno_help_and_a_game_start_with_nested_settings_say_so_without_a_traceback(tmp_path):
    _write_settings("[" * 100_000 + "]" * 100_000)
    env = dict(os.environ, PYTHONPATH=str(ROOT), UNO_CLI_HOME=str(tmp_path))
    env.pop("UNO_CLI_IGNORE_SETTINGS", None)
    done = subprocess.run([sys.executable, "-m", "uno_cli", "--help"], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    from uno_cli.words.errtext import settings_unreadable
    from uno_cli.engine.errors import InvalidSetup

    text = settings_unreadable(Path("s.json"), InvalidSetup("too_deep", limit=32))
    assert "default settings" in text and "32 levels" in text


def test_the_interactive_start_says_the_settings_could_not_be_read(capsys):
    from uno_cli import cli

    _write_settings('{"players": ')
    cli._say_unreadable_settings()
    err = capsys.readouterr().err
    assert "could not be read, so the game starts with the default settings" in err
    assert "line 1" in err  # the reason: where the JSON breaks
    _write_settings('{"players": 3}')
    cli._say_unreadable_settings()
    assert capsys.readouterr().err == ""
