"""Session files: saves are uno-cli/2 (seats from 1, bots keyed "1", "2" ...); uno-cli/1 saves resume."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from uno_cli.play import script
from uno_cli.play.savefile import read_save
from uno_cli.play.session import Session

from tests.script.helpers import Input, Output, config, random_player


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("UNO_CLI_IGNORE_SETTINGS", "1")


def _as_uno_cli_1(data: dict[str, Any]) -> dict[str, Any]:
    """The same save as the uno-cli/1 code wrote it: every seat number counted from 0."""
    old = json.loads(json.dumps(data))
    old["format"] = "uno-cli/1"
    for key in ("current", "dealer", "uno_open"):
        old[key] = None if old[key] is None else old[key] - 1
    if old["pending"]["bluffer"] is not None:
        old["pending"]["bluffer"] -= 1
    if old["sequence"]["seat"] is not None:
        old["sequence"]["seat"] -= 1
    old["beep"]["waiting"] = [s - 1 for s in old["beep"]["waiting"]]
    old["winners"] = [s - 1 for s in old["winners"]]
    old["bots"] = {str(int(k) - 1): v for k, v in old["bots"].items()}
    return old


def _run(cfg: Any, seed: int, limit: int) -> tuple[int, list[str]]:
    out = Output()
    rc = script.run(cfg, Input(out, random_player(random.Random(seed), limit)), out)
    return rc, out.lines()


def _saved_midway(tmp_path: Path) -> dict[str, Any]:
    rc, lines = _run(config(kinds="snh", preset_name="playroom", seed=21, names=["Mia", "Otto", "Ivo"]), 3, 25)
    assert rc == script.EXIT_INPUT_ENDED
    return json.loads(Path(json.loads(lines[-1])["file"]).read_text(encoding="utf-8"))


def test_a_save_numbers_seats_and_bots_from_1(tmp_path: Path) -> None:
    data = _saved_midway(tmp_path)
    assert data["format"] == "uno-cli/2"
    assert sorted(data["bots"]) == ["2", "3"]  # seats 2 and 3 are bots
    assert 1 <= data["current"] <= 3 and 1 <= data["dealer"] <= 3


def test_an_old_uno_cli_1_save_resumes_exactly_like_the_new_one(tmp_path: Path) -> None:
    data = _saved_midway(tmp_path)
    new, old = tmp_path / "new.json", tmp_path / "old.json"
    new.write_text(json.dumps(data), encoding="utf-8")
    old.write_text(json.dumps(_as_uno_cli_1(data)), encoding="utf-8")
    assert read_save(str(old)) == read_save(str(new))
    session = Session(config(kinds="sss", seed=5, resume=str(old)))
    assert session.save_dict() == data  # the bots got their memories back, seat for seat
    rc_new, from_new = _run(config(kinds="sss", seed=5, resume=str(new)), 8, 4000)
    rc_old, from_old = _run(config(kinds="sss", seed=5, resume=str(old)), 8, 4000)
    assert rc_new == rc_old == script.EXIT_OK
    assert from_old == from_new and json.loads(from_old[-1])["type"] == "game_over"


def test_you_is_a_name_only_for_the_one_seat_played_from_here():
    from uno_cli.play.playconfig import BOT, HUMAN, SCRIPT, SeatSpec
    from uno_cli.play.session import default_names

    assert default_names([SeatSpec(HUMAN), SeatSpec(BOT)])[0] == "You"
    names = default_names([SeatSpec(SCRIPT), SeatSpec(HUMAN)])
    assert names == ["Player 1", "Player 2"]


def test_bot_names_are_written_in_cyrillic_in_serbian_cyrillic() -> None:
    from uno_cli.words.i18n import use_language
    from uno_cli.words.names import bot_name

    with use_language("sr_Cyrl"):
        assert [bot_name(0), bot_name(3)] == ["Ана", "Дарио"]
    with use_language("sr_Latn"):
        assert bot_name(0) == "Ana"


def test_default_names_never_repeat_a_given_name():
    from uno_cli.play.session import distinct_names

    assert distinct_names(["Bruno", "", ""], ["You", "Ana", "Bruno"]) == ["Bruno", "Ana", "Player 3"]
    assert distinct_names(["", "Player 2", ""], ["Ana", "Bruno", "Player 2"]) == ["Ana", "Player 2", "Player 3"]


def test_a_file_naming_two_seats_alike_is_refused_by_name():
    from uno_cli.engine.errors import InvalidSetup
    from uno_cli.play.savefile import file_names

    with pytest.raises(InvalidSetup) as info:
        file_names({"names": ["Ana", "Ana\u202e"]}, 2)
    assert info.value.code == "duplicate_name" and info.value.detail["name"] == "Ana"
    assert file_names({"names": ["Ana", None, "Bea"]}, 3) == ["Ana", None, "Bea"]


def test_the_match_the_narrator_and_the_dispatcher_are_three_objects_that_hold_one_another() -> None:
    from uno_cli.engine import Action
    from uno_cli.engine.actions import DRAW
    from uno_cli.play.dispatcher import Dispatcher
    from uno_cli.play.narrator import Narrator
    from uno_cli.play.session import Match

    for part in (Match, Narrator, Dispatcher):
        assert part.__bases__ == (object,), part  # no part inherits another
    said: list[Any] = []
    session = Session(config(kinds="ss", seed=3), said.append)
    match, narrator, dispatcher = session, session.narrator, session.dispatcher
    assert isinstance(narrator, Narrator) and isinstance(dispatcher, Dispatcher)
    assert narrator.match is match and dispatcher.match is match
    assert narrator.game is match.game and narrator.names is match.names and narrator.viewer is None
    session.start()
    # The match's change is said by its narrator; a line typed goes through its dispatcher.
    before = len(said)
    match.apply(Action(DRAW, match.game.current))
    assert len(said) > before and narrator.turn_state[0] is not None
    assert not dispatcher.handle_line("swap 2", match.game.current).ok
    assert said[-1].type == "error" and said[-1].data["code"] == "swap_without_seven"


#: Where each part of a session lives, and the names that moved out of ``play/session.py`` with it.
SESSION_PARTS = {
    "uno_cli.play.session": ("Match", "Session", "default_names", "distinct_names"),
    "uno_cli.play.narrator": ("Narrator", "Message", "said", "heard", "important", "IMPORTANT", "SHORT_SKIP"),
    "uno_cli.play.dispatcher": ("Dispatcher", "LineResult", "help_text"),
    "uno_cli.play.savefile": ("read_save", "file_seats", "file_names", "file_bots"),
}


def test_the_match_the_narrator_and_the_dispatcher_live_in_their_own_modules() -> None:
    """Each part is defined in its module, and every caller imports it from there, not from play.session."""
    import ast
    import importlib

    root = Path(__file__).resolve().parents[2]
    for module_name, names in SESSION_PARTS.items():
        module = importlib.import_module(module_name)
        for name in names:
            value = getattr(module, name)
            if callable(value):
                assert value.__module__ == module_name, (name, value.__module__)
    session_file = root / "uno_cli" / "play" / "session.py"
    defined = {node.name for node in ast.parse(session_file.read_text(encoding="utf-8")).body
               if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    assert defined == {"Match", "Session", "default_names", "distinct_names", "_make_bot"}
    moved = {name for module, names in SESSION_PARTS.items() if module != "uno_cli.play.session" for name in names}
    stale = []
    for folder in ("uno_cli", "tests", "bench", "scripts"):
        for path in sorted((root / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module == "uno_cli.play.session":
                    stale += [f"{path.relative_to(root)}:{node.lineno}: {a.name}" for a in node.names if a.name in moved]
    assert not stale, stale
