"""Hostile save and setup files: every one is refused with exit status 2 and a sentence naming
what is wrong, never a traceback; a file never starts a program."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.script.helpers import Output, config
from uno_cli.play import script
from uno_cli.engine.errors import InvalidSetup
from uno_cli.play.playconfig import BOT, COMMAND, SeatSpec
from uno_cli.play.savefile import file_seats
from uno_cli.play.session import Session

ROOT = Path(__file__).resolve().parents[2]
PLAYER = ROOT / "examples" / "external_player.py"


def _save(preset_name: str = "playroom_all", seed: int = 4, steps: int = 6) -> dict[str, Any]:
    """A real save of a game between a script seat and two bots, a few moves in."""
    session = Session(config(3, "snh", preset_name, seed=seed))
    session.start()
    for _ in range(steps):
        wait = session.advance()
        if wait is None:
            break
        session.dispatcher.handle_line(session.legal_commands(wait.seat)[0], wait.seat)
    return json.loads(json.dumps(session.save_dict()))


BASE = _save()
SETUP = {"players": 3, "hands": [["r1", "r2"], None, None], "discard": ["g5"], "current": 1,
         "names": ["A", "B", "C"]}
FIELDS = [key for key in BASE if key != "comment"]
# Values no field accepts (the few a field does accept are left out below).
WRONG: list[Any] = ["x", 1.5, True, -7, {"zz": 1}, [1.5], [[["deep"]]], ""]
VALID = [("must_play", True), ("jump_open", True)]


def _run(data: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None = None,
         **kw: Any) -> tuple[int, str]:
    path = tmp_path / "hostile.json"
    path.write_text(text if text is not None else json.dumps(data, ensure_ascii=False), encoding="utf-8")
    out = Output()
    rc = script.run(config(3, "snh", "playroom_all", resume=str(path), **kw), io.BytesIO(b""), out)
    return rc, capsys.readouterr().err


def _cases() -> Iterator[tuple[str, str, Any]]:
    for field in FIELDS:
        for value in WRONG:
            if not any(f == field and v is value for f, v in VALID):
                yield field, field, value


@pytest.mark.parametrize("field,named,value", list(_cases()))
def test_a_wrong_value_in_any_field_is_refused_naming_the_field(
    field: str, named: str, value: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    rc, err = _run(dict(BASE, **{field: value}), tmp_path, capsys)
    assert rc == script.EXIT_BAD_SETUP, err
    assert named in err and "Traceback" not in err and "(" not in err.split(".")[0]


def _impossible() -> Iterator[tuple[str, dict[str, Any], str]]:
    b = BASE
    live = dict(b, phase="play")
    yield "negative pending", dict(b, pending=dict(b["pending"], total=-2)), "pending.total"
    yield "huge pending", dict(b, pending=dict(b["pending"], total=10**9)), "pending.total"
    yield "pending without a size", dict(b, phase="pending", pending=dict(b["pending"], total=0)), "pending.total"
    yield "pending without a kind", dict(b, phase="pending", pending=dict(b["pending"], total=2, kind=None)), \
        "pending.kind"
    yield "float in pending", dict(b, pending=dict(b["pending"], cards=1.0)), "pending.cards"
    yield "unknown key in pending", dict(b, pending=dict(b["pending"], extra=1)), "pending.extra"
    yield "Beep race with nobody", dict(b, phase="beep", beep={"waiting": [], "resume": "play"}), "beep.waiting"
    yield "Beep race with one", dict(b, phase="beep", beep={"waiting": [2], "resume": "play"}), "beep.waiting"
    yield "Beep race twice one seat", dict(b, phase="beep", beep={"waiting": [2, 2], "resume": "play"}), \
        "beep.waiting"
    yield "Beep race without Beep cards", dict(b, options=dict(b["options"], beep=False), phase="beep"), "beep"
    yield "Beep waiting out of a race", dict(live, beep={"waiting": [1, 2], "resume": None}), "beep.waiting"
    yield "Beep resume unknown", dict(b, beep={"waiting": [], "resume": "beep"}), "beep.resume"
    # Seat 3 is out and its cards went to seat 2; the turn stays with seat 1 or 2.
    yield "Beep waiting an eliminated seat", dict(
        b, phase="beep", eliminated=[False, False, True], hands=[b["hands"][0], b["hands"][1] + b["hands"][2], []],
        current=1 if b["current"] == 3 else b["current"],
        beep={"waiting": [1, 3], "resume": "play"}), "beep.waiting"
    holder = b["current"] - 1
    out = [s == holder for s in range(3)]
    hands = [[] if s == holder else list(b["hands"][s]) for s in range(3)]
    hands[(holder + 1) % 3] += b["hands"][holder]
    yield "eliminated turn holder", dict(live, eliminated=out, hands=hands), "current"
    yield "one seat left in a live game", dict(live, eliminated=[True, True, False]), "two seats"
    yield "eliminated seat holding cards", dict(live, eliminated=[s == (holder + 1) % 3 for s in range(3)]), "Seat"
    other = (holder + 1) % 3
    gone = [s == other for s in range(3)]
    moved = [list(b["hands"][s]) if s != other else [] for s in range(3)]
    moved[holder] += b["hands"][other]
    yield "UNO window of an eliminated seat", dict(live, eliminated=gone, hands=moved, uno_open=other + 1), "uno_open"
    yield "sequence of an eliminated seat", dict(live, eliminated=gone, hands=moved,
                                                 sequence={"seat": other + 1, "step": 0}), "sequence.seat"
    yield "winners outside the end", dict(live, winners=[1]), "winners"
    yield "match over without winners", dict(b, phase="match_over", winners=[]), "winners"
    yield "winners twice", dict(b, phase="match_over", winners=[1, 1]), "winners"
    yield "card not in the deck", dict(b, discard=b["discard"] + ["x9"]), "x9"
    yield "too many copies", dict(b, discard=b["discard"] + ["w"]), "w"
    yield "a card missing", dict(b, discard=b["discard"][:-1]), "missing"
    yield "a drawn card that is no card", dict(b, drawn="r10"), "drawn"
    yield "sequence step 2", dict(b, sequence={"seat": None, "step": 2}), "sequence.step"
    yield "stuck more than the seats", dict(b, stuck=9), "stuck"
    yield "rng negative", dict(b, rng=-1), "rng"
    yield "rng float", dict(b, rng=1.0), "rng"
    yield "scores float", dict(b, scores=[0, 0.5, 0]), "scores[1]"
    yield "scores too short", dict(b, scores=[0, 0]), "scores"
    yield "eliminated as numbers", dict(b, eliminated=[0, 0, 0]), "eliminated[0]"
    yield "said as text", dict(b, said=["no", False, False]), "said[0]"
    yield "hand zero", dict(b, hand=0), "hand"
    yield "players 11", dict(b, players=11), "players"
    yield "players text", dict(b, players="3"), "players"
    yield "seats not a list", dict(b, seats="bots"), "seats"
    yield "seats too short", dict(b, seats=b["seats"][:2]), "seats"
    yield "seat kind unknown", dict(b, seats=[{"kind": "alien"}] + b["seats"][1:]), "seats[0].kind"
    yield "seat level unknown", dict(b, seats=b["seats"][:1] + [{"kind": "bot", "level": "god"}] + b["seats"][2:]), \
        "seats[1].level"
    yield "seat level not text", dict(b, seats=b["seats"][:1] + [{"kind": "bot", "level": 3}] + b["seats"][2:]), \
        "seats[1].level"
    yield "seat with extra key", dict(b, seats=[{"kind": "script", "x": 1}] + b["seats"][1:]), "seats[0].x"
    yield "names not text", dict(b, names=["a", 5, "c"]), "names[1]"
    yield "too many names", dict(b, names=["a", "b", "c", "d"]), "names"
    yield "bots key not a seat", dict(b, bots={"9": {}}), "bots"
    yield "bots memory not an object", dict(b, bots={"2": [1]}), "bots.2"
    yield "unknown option", dict(b, options={"turbo": True}), "options.turbo"
    yield "option of a wrong type", dict(b, options=dict(b["options"], target="far")), "options.target"
    yield "unknown field", dict(b, cheat=True), "cheat"
    yield "unknown format", dict(b, format="uno-cli/99"), "uno-cli/99"
    yield "format not text", dict(b, format=[2]), "format"
    yield "setup with a save-only field", dict(SETUP, pending={"total": -3}), "pending"
    yield "setup with negative scores list", dict(SETUP, scores=[0, -1.5, 0]), "scores[1]"
    yield "setup hands not a list", dict(SETUP, hands={"1": ["r1"]}), "hands"
    yield "setup colour unknown", dict(SETUP, color="purple"), "color"
    yield "setup direction 2", dict(SETUP, direction=2), "direction"
    yield "setup current eliminated", dict(SETUP, eliminated=[True, False, False], hands=[[], None, None]), "current"
    yield "setup not an object", [1, 2, 3], "object"  # type: ignore[misc]


IMPOSSIBLE = list(_impossible())


@pytest.mark.parametrize("name,data,named", IMPOSSIBLE, ids=[c[0] for c in IMPOSSIBLE])
def test_an_impossible_state_is_refused_with_a_sentence_naming_it(
    name: str, data: Any, named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    rc, err = _run(data, tmp_path, capsys)
    assert rc == script.EXIT_BAD_SETUP, err
    assert named in err, err
    assert "cannot be a real game" not in err and "Traceback" not in err


def _texts() -> Iterator[tuple[str, str, str]]:
    text = json.dumps(BASE)
    yield "NaN", text.replace(f'"hand": {BASE["hand"]}', '"hand": NaN'), "hand"
    yield "Infinity", text.replace('"stuck": 0', '"stuck": Infinity'), "stuck"
    yield "-Infinity in a list", text.replace('"scores": [', '"scores": [-Infinity, '), "scores[0]"
    yield "NaN deep in bots", text.replace('"bots": {', '"bots": {"9": NaN, '), "bots.9"
    yield "1e999", text.replace('"stuck": 0', '"stuck": 1e999'), "stuck"
    yield "a number of 5000 digits", text.replace('"stuck": 0', '"stuck": ' + "9" * 5000), "stuck"
    yield "a key twice", text.replace('"stuck": 0', '"stuck": 0, "stuck": 1'), "stuck"
    yield "a key twice inside", text.replace('"beep": {', '"beep": {"resume": null, '), "beep.resume"
    yield "nesting 10,000 deep", '{"comment": ' + "[" * 10000 + "]" * 10000 + "}", "32"
    yield "nesting 40 deep", '{"comment": ' + "[" * 40 + "]" * 40 + "}", "32"
    yield "not JSON", text[:-5], "JSON"
    yield "empty", "", "JSON"


TEXTS = list(_texts())


@pytest.mark.parametrize("name,text,named", TEXTS, ids=[c[0] for c in TEXTS])
def test_json_that_no_save_holds_is_refused_naming_the_field(
    name: str, text: str, named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    rc, err = _run(None, tmp_path, capsys, text=text)
    assert rc == script.EXIT_BAD_SETUP, err
    assert named in err and "Traceback" not in err


def test_the_real_save_and_its_bom_form_load(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(BASE).encode())
    out = Output()
    rc = script.run(config(3, "snh", "playroom_all", resume=str(path)), io.BytesIO(b""), out)
    assert rc == script.EXIT_INPUT_ENDED, capsys.readouterr().err


def test_error_messages_quote_file_text_without_escapes(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    rc, err = _run(dict(BASE, **{"x\x1b[2J\u202e": 1}), tmp_path, capsys)
    assert rc == 2 and "\x1b" not in err and "\u202e" not in err
    rc, err = _run(dict(BASE, color="\x1b]0;t\x07" + "r" * 200), tmp_path, capsys)
    assert rc == 2 and "\x07" not in err and len(err) < 300


# ------------------------------------------------------------ programs


def _program_save(kind: dict[str, Any]) -> dict[str, Any]:
    return dict(BASE, seats=[BASE["seats"][0], kind, BASE["seats"][2]])


@pytest.mark.parametrize("seat", [{"kind": "cmd", "command": "touch pwned"},
                                  {"kind": "bot", "level": "external:touch pwned"}])
def test_script_mode_refuses_a_file_seat_that_names_a_program(
    seat: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    rc, err = _run(_program_save(seat), tmp_path, capsys)
    assert rc == script.EXIT_BAD_SETUP
    assert "Seat 2" in err and "--seat 2=cmd:" in err
    assert not (tmp_path / "pwned").exists()


def test_a_program_named_again_on_the_command_line_plays_the_seat(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text(json.dumps(_program_save({"kind": "cmd", "command": "touch pwned"})), encoding="utf-8")
    program = f"{sys.executable} {PLAYER}"
    ours = [SeatSpec("script"), SeatSpec(COMMAND, command=program), SeatSpec(BOT, "hard")]
    cfg = config(3, "snh", "playroom_all", resume=str(path))
    cfg.seats = ours
    session = Session(cfg)
    try:
        assert session.seats[1] == SeatSpec(COMMAND, command=program)
    finally:
        session.close()
    assert not (tmp_path / "pwned").exists()


def test_the_interactive_game_gives_a_program_seat_to_a_normal_bot_and_says_so(tmp_path: Path) -> None:
    data = _program_save({"kind": "cmd", "command": "touch pwned"})
    seats, replaced = file_seats(data, [], 3, "human")
    assert seats[1] == SeatSpec(BOT, "normal") and replaced == [1]
    path = tmp_path / "save.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    said: list[Any] = []
    session = Session(config(3, "snh", "playroom_all", resume=str(path)), said.append, script_kind="human")
    session.start()
    notes = [m for m in said if m.data.get("state") == "program_replaced"]
    assert len(notes) == 1 and "Seat 2" in notes[0].text and "normal" in notes[0].text


def test_file_seats_refuses_programs_in_script_mode_naming_the_seat() -> None:
    with pytest.raises(InvalidSetup) as info:
        file_seats(_program_save({"kind": "cmd", "command": "x"}), [], 3, "script")
    assert (info.value.code, info.value.detail) == ("program_seat", {"seat": 1})


# ------------------------------------------------------------ the command line


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ, UNO_CLI_HOME=str(home), UNO_CLI_IGNORE_SETTINGS="1", PYTHONPATH=str(ROOT))
    env.pop("LANGUAGE", None)
    return env


def _cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "uno_cli", "play", "--lang", "en", *args], input=b"",
                          capture_output=True, env=_env(tmp_path / "home"), timeout=60, cwd=tmp_path, check=False)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_setup_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "setup.json"
    os.mkfifo(fifo)
    proc = _cli(tmp_path, "--setup", str(fifo))
    assert proc.returncode == 2 and b"regular file" in proc.stderr and b"Traceback" not in proc.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_as_resume_is_refused(tmp_path: Path) -> None:
    proc = _cli(tmp_path, "--resume", "/dev/zero")
    assert proc.returncode == 2 and b"regular file" in proc.stderr and b"Traceback" not in proc.stderr


def test_deep_nesting_and_bad_utf8_are_refused_by_the_command(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 10000 + "]" * 10000)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b'{"players": 2, "names": ["\xc3\x28"]}')
    for path, words in ((deep, b"levels deep"), (bad, b"UTF-8")):
        proc = _cli(tmp_path, "--setup", str(path))
        assert proc.returncode == 2 and words in proc.stderr and b"Traceback" not in proc.stderr


def test_the_interactive_game_refuses_a_bad_file_before_it_starts(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(dict(BASE, stuck=-1)))
    env = dict(_env(tmp_path / "home"), UNO_CLI_PLAIN="1")
    code = "import sys; sys.stdin.isatty = lambda: True; from uno_cli.cli import main; main()"
    proc = subprocess.run([sys.executable, "-c", code, "play", "--lang", "en", "--speech", "off",
                           "--resume", str(path)], input=b"", capture_output=True, env=env, timeout=60, check=False)
    assert proc.returncode == 2 and b"stuck" in proc.stderr and b"Traceback" not in proc.stderr


@pytest.mark.parametrize("lang,words", [("pt", "programa externo"), ("it", "programma esterno"),
                                        ("ro", "program extern"), ("sr_Latn", "spoljni program")])
def test_the_refusals_are_translated(lang: str, words: str) -> None:
    from uno_cli.words import i18n
    from uno_cli.words.errtext import setup_error

    i18n.set_language(lang)
    try:
        text = setup_error(InvalidSetup("program_seat", seat=1))  # seats count from 0 in the engine
        assert words in text and "--seat 2=cmd:PROGRAM" in text
        assert "pending.total" in setup_error(InvalidSetup("bad_number", field="pending.total", value=-1, low=0,
                                                           high=116))
    finally:
        i18n.set_language("en")


def test_an_old_format_save_with_a_huge_bot_key_is_refused_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    rc, err = _run({"format": "uno-cli/1", "players": 3, "bots": {"9" * 5000: {}}}, tmp_path, capsys)
    assert rc == 2 and "bots" in err and "Traceback" not in err
