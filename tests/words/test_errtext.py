"""Setup and save errors are sentences that count seats from 1 and name what is allowed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from uno_cli.words import i18n
from uno_cli.play import script
from uno_cli.engine import state_io
from uno_cli.engine.errors import InvalidSetup
from uno_cli.words.errtext import setup_error

from tests.script.helpers import Output, config


def _error(data: dict) -> str:
    with pytest.raises(InvalidSetup) as info:
        state_io.from_dict(data)
    return setup_error(info.value)


def test_a_seat_out_of_range_says_the_range_from_1() -> None:
    assert _error({"players": 3, "current": 0}) == "current must be a seat from 1 to 3, not 0."
    assert _error({"players": 3, "dealer": 4}) == "dealer must be a seat from 1 to 3, not 4."
    assert _error({"players": 2, "current": "me"}) == 'current must be a seat from 1 to 2, not "me".'


def test_other_seat_problems_name_seats_from_1() -> None:
    assert _error({"players": 2, "hands": [["r1"], ["r2"], ["r3"]]}) == (
        "The file gives hands for 3 seats, but the game has 2 seats.")
    assert _error({"players": 3, "eliminated": [True, False, False], "current": 1}) == (
        "current names seat 1, which is out of the game.")
    assert _error({"players": 3, "eliminated": [False, True, False], "hands": [None, ["r1"]]}) == (
        "Seat 2 is out of the game but holds cards.")
    assert _error({"players": 2, "hands": [None, []]}) == "Seat 2 has no cards."


def test_an_unknown_format_is_named_with_the_formats_read() -> None:
    assert _error({"format": "uno-cli/9", "players": 2}) == (
        'The file is in the format "uno-cli/9", which this version cannot read; it reads uno-cli/2 and uno-cli/1.')


def test_the_sentences_are_translated() -> None:
    i18n.set_language("it")
    try:
        assert _error({"players": 3, "current": 0}) == "current deve essere un posto da 1 a 3, non 0."
        assert _error({"format": "x", "players": 2}).startswith('Il file è nel formato "x"')
    finally:
        i18n.set_language("en")


def test_play_refuses_an_unknown_format_with_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    path = tmp_path / "future.json"
    path.write_text(json.dumps({"format": "uno-cli/3", "players": 2}), encoding="utf-8")
    out = Output()
    rc = script.run(config(setup=str(path)), io.BytesIO(b""), out)
    assert rc == script.EXIT_BAD_SETUP and out.lines() == []
    assert '"uno-cli/3"' in capsys.readouterr().err
