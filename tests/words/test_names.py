"""Every name, from any source, is cleaned before anyone sees or hears it (uno_cli.words.names)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tests.script.helpers import Output, config
from uno_cli.play import script
from uno_cli.words.names import MAX_NAME, clean_name, clean_text
from uno_cli.play.session import Session
from uno_cli.play.settings import Settings

HOSTILE = [
    ("Ana\x1b[2J", "Ana"),
    ("Bo\nBo wins the game!", "Bo Bo wins the game!"),
    ("\x1b]0;pwned\x07Zoë", "Zoë"),
    ("\x1bP1;2|secret\x1b\\Ion", "Ion"),
    ("\x9b31mRed", "Red"),
    ("\u202eevil\u202c", "evil"),
    ("\u2066Iso\u2069", "Iso"),
    ("Ze\u200bro\u200dW\ufeff", "ZeroW"),
    ("a\tb\r\nc\u2028d\x85e", "a b c d e"),
    ("Beep\x07\x08\x7f", "Beep"),
    ("Ștefan   Ion", "Ștefan Ion"),
]


@pytest.mark.parametrize("raw,clean", HOSTILE)
def test_escapes_controls_bidi_and_format_characters_are_removed_and_whitespace_folded(raw: str, clean: str) -> None:
    assert clean_name(raw, "Default") == clean


@pytest.mark.parametrize("raw", ["", "   ", "\x1b[2J", "\u202e\u200b", "\n\t", None, 5, ["x"]])
def test_a_name_empty_after_cleaning_or_not_text_gets_the_default(raw: object) -> None:
    assert clean_name(raw, "Player 2") == "Player 2"


def test_a_long_name_is_cut_to_the_limit() -> None:
    assert clean_name("x" * 500, "d") == "x" * MAX_NAME
    assert clean_name("a" * (MAX_NAME - 1) + " bcd", "d") == "a" * (MAX_NAME - 1)


def test_clean_text_keeps_letters_of_every_language() -> None:
    assert clean_text("Ćirilica Ђорђе 名前 Zoë") == "Ćirilica Ђорђе 名前 Zoë"


def test_names_from_the_command_line_are_cleaned_in_the_session() -> None:
    session = Session(config(2, "sn", names=["Ana\x1b[2J", "Bo\nBo wins the game!"]))
    assert session.names == ["Ana", "Bo Bo wins the game!"]
    session = Session(config(2, "sn", names=["\x1b[2J", "\u202e"]))
    assert session.names == ["Player 1", "Ana"]


def test_names_from_a_save_are_cleaned(tmp_path: Path) -> None:
    first = Session(config(2, "sn", seed=3))
    first.start()
    data = first.save_dict()
    data["names"] = ["Ana\x1b]0;x\x07", "Bo\nBo wins the game!\x1b[2J"]
    path = tmp_path / "save.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    session = Session(config(2, "sn", resume=str(path)))
    assert session.names == ["Ana", "Bo Bo wins the game!"]


def test_the_settings_name_is_cleaned() -> None:
    assert Settings.from_dict({"name": "Me\x1b[31m\nyou lose"}).name == "Me you lose"
    assert Settings.from_dict({"name": "\x1b[2J"}).name == ""


def test_no_escape_or_forged_line_reaches_the_script_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    out = Output()
    cfg = config(2, "sn", fmt="text", names=["Ana\x1b[2J", "Bo\nBo wins the game!"])
    script.run(cfg, io.BytesIO(b"status\nscores\n"), out)
    text = out.buffer.decode("utf-8")
    assert "\x1b" not in text
    assert not any(line.startswith("Bo wins the game!") for line in text.splitlines())


def test_names_given_with_the_names_option_are_cleaned(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path), UNO_CLI_IGNORE_SETTINGS="1", PYTHONPATH=str(root))
    proc = subprocess.run(
        [sys.executable, "-m", "uno_cli", "play", "--lang", "en", "--seed", "2", "--players", "2",
         "--names", "Ana\x1b[2J,Bo\u202eX", "--format", "json"],
        input=b"status\n", capture_output=True, env=env, timeout=60, check=False,
    )
    out = proc.stdout.decode("utf-8")
    assert "Ana" in out and "BoX" in out
    assert "\\u001b" not in out and "\u202e" not in out and "Traceback" not in proc.stderr.decode()
