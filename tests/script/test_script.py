"""Script mode: whole games through prompts, robustness, determinism, saving and encodings."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from uno_cli.play import script
from uno_cli.play.commands import action_to_command, normalize, parse, verb_words
from uno_cli.engine.options import PRESETS
from uno_cli.play.session import Session
from tests.script.helpers import Input, Output, config, random_player

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("UNO_CLI_IGNORE_SETTINGS", "1")
    monkeypatch.chdir(tmp_path)


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _play(cfg, seed: int = 0) -> tuple[int, list[dict]]:
    out = Output()
    rc = script.run(cfg, Input(out, random_player(random.Random(seed))), out)
    return rc, [json.loads(line) for line in out.lines()]


# ------------------------------------------------------------ whole games

@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_prompt_answer_is_accepted(name: str) -> None:
    """Answering each prompt with one of its legal commands always works, to the end."""
    kinds_list = ["snnh"] if name == "partners" else ["ss", "sre", "snnh"]
    for i, kinds in enumerate(kinds_list):
        cfg = config(kinds=kinds, preset_name=name, seed=20 + i)
        cfg.options = cfg.options.with_values(target=120 if cfg.options.scoring != "elimination" else 100)
        rc, objs = _play(cfg, seed=i)
        errors = [o for o in objs if o["type"] == "error"]
        assert not errors, errors[:3]
        assert rc == 0
        assert objs[-1]["type"] == "game_over"
        assert sum(1 for o in objs if o["type"] == "game_over") == 1
        turn_seat = None
        for o in objs:
            assert isinstance(o.get("text"), (str, type(None)))
            if o["type"] in ("play", "hand_start"):
                turn_seat = None
            if o["type"] == "turn":
                # A turn that stays with the same seat (after a draw) is not said again.
                assert o["text"] or o["seat"] == turn_seat, o
                turn_seat = o["seat"]
            elif o["type"] in ("play", "draw", "prompt", "game_over"):
                assert o["text"], o


def test_commands_round_trip() -> None:
    """Every canonical command of every legal action parses back to that action."""
    cfg = config(kinds="sss", preset_name="playroom", seed=4)
    session = Session(cfg)
    session.start()
    rng = random.Random(1)
    for _ in range(300):
        wait = session.advance()
        if wait is None:
            break
        for a in session.game.legal_actions(wait.seat):
            cmd = parse(action_to_command(a), wait.seat, session.game)
            assert cmd.error is None, (a, cmd)
            assert cmd.card == a.card
            if a.color is not None:
                assert cmd.color == a.color
            if a.target is not None:
                assert cmd.target == a.target
        legal = session.legal_commands(wait.seat)
        res = session.dispatcher.handle_line(rng.choice(legal), wait.seat)
        assert res.ok


def test_two_line_plays_and_words(tmp_path: Path) -> None:
    setup = {"players": 3, "hands": [["w", "r7", "r5", "w", "y7"], ["r5", "y3", "g7"], ["b1", "b2", "b3"]],
             "discard": ["r1"], "current": 1, "options": {"seven_o": True}}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(setup))
    cfg = config(kinds="sss", seed=1, setup=str(path))
    msgs = []
    session = Session(cfg, msgs.append)
    session.start()
    assert session.dispatcher.handle_line("play w", 0).ok and session.partial
    res = session.dispatcher.handle_line("color red", 0)
    assert res.changed and session.game.color == "r"
    assert session.dispatcher.handle_line("@2 vermelho cinco", None).changed
    assert session.dispatcher.handle_line("@3 draw", None).changed
    assert session.dispatcher.handle_line("@3 pass", None).ok
    # seat 1 again: a 7 then the seat on the next line
    g = session.game
    assert g.current == 0
    assert session.dispatcher.handle_line("play r7", 0).ok and not session.dispatcher.handle_line("hand", 0).changed
    assert session.partial  # a query keeps the half-made play
    assert session.dispatcher.handle_line("swap 2", 0).changed
    assert msgs[-2].type == "swap" or any(m.type == "swap" for m in msgs[-4:])


def test_parse_languages_and_diacritics() -> None:
    assert parse("play r5", 0).card == "r5"
    assert parse("Jogar 5 vermelho", 0).card == "r5"
    assert parse("joacă roșu 5", 0).card == "r5"
    assert parse("joaca rosu cinci", 0).card == "r5"
    assert parse("gioca Jolly pesca quattro blu", 0).card == "w+4"
    assert parse("gioca Jolly pesca quattro blu", 0).color == "b"
    assert parse("играј црвена 5", 0).card == "r5"
    assert parse("play w red", 0).color == "r"
    assert parse("play green skip", 0).card == "gs"
    assert parse("p yellow draw two", 0).card == "y+2"
    assert parse("@2 catch", 0).seat == 1
    assert parse("r5", 3).card == "r5"
    assert parse("pesca", 0).verb == "draw"
    assert parse("vuci", 0).verb == "draw"
    assert normalize("Ștefan Đorđe") == "stefan djordje"
    for bad in ("play", "play xyz", "@0 draw", "@x", "color purple", "draw now", "swap", "zzz", "play r5 r5 r5"):
        assert parse(bad, 0).error is not None, bad
    assert all(isinstance(v, str) for v in verb_words().values())


# ------------------------------------------------------------ bad input

_WORDS = ["play", "p", "draw", "pass", "uno", "catch", "challenge", "accept", "swap", "color", "beep", "jump",
          "hand", "top", "status", "scores", "help", "wait", "r5", "w", "w+4", "red", "5", "vermelho", "@1",
          "@2", "@3", "@0", "@99", "rosu", "jolly", "+2", "g7", "b", "2", "3", "xyzzy", "", "  ", "#", "\t",
          "ß", "ĳ", "🙂", "\u202e", "\x00", "\x1b[2J", "-1", "99999999999999999999"]


def _random_line(rng: random.Random) -> bytes:
    r = rng.random()
    if r < 0.15:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 30))).replace(b"\n", b"")
    if r < 0.25:
        return rng.choice([b"\xff\xfe draw", b"play r\xc3", b"\xc3\x28", b"\xed\xa0\x80", b"draw\xff"])
    words = [rng.choice(_WORDS) for _ in range(rng.randrange(1, 5))]
    return " ".join(words).encode("utf-8")


def test_thousands_of_bad_lines_change_nothing_on_error() -> None:
    rng = random.Random(99)
    cfg = config(kinds="ssn", preset_name="playroom", seed=8)
    session = Session(cfg)
    session.start()
    wait = session.advance()
    count = 0
    while count < 3000:
        assert wait is not None
        raw = _random_line(rng)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = "\ufffd"
        cmd = parse(line, wait.seat, session.game)
        if cmd.verb in ("save", "quit", "rules"):
            continue
        before = json.dumps(session.save_dict(), sort_keys=True)
        res = session.dispatcher.handle_line(line, wait.seat)
        count += 1
        if not res.changed:
            assert json.dumps(session.save_dict(), sort_keys=True) == before, line
        if res.changed or res.waived:
            wait = session.advance()
        if wait is None or count % 50 == 0:
            # keep the game going with a legal move now and then
            if wait is None:
                session = Session(config(kinds="ssn", preset_name="playroom", seed=count))
                session.start()
                wait = session.advance()
                continue
            session.dispatcher.handle_line(rng.choice(session.legal_commands(wait.seat)), wait.seat)
            wait = session.advance()
            if wait is None:
                session = Session(config(kinds="ssn", preset_name="playroom", seed=count))
                session.start()
                wait = session.advance()


def test_bad_lines_subprocess() -> None:
    rng = random.Random(3)
    data = b"\n".join(_random_line(rng) for _ in range(400)) + b"\n"
    proc = subprocess.run(
        [sys.executable, "-m", "uno_cli", "play", "--seed", "3", "--bots", "normal", "--preset", "playroom"],
        input=data, capture_output=True, env=_env(), timeout=120,
    )
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
    assert proc.returncode in (0, 3)
    out = proc.stdout.decode("utf-8")
    assert "\x1b" not in out


# ------------------------------------------------------------ determinism

def test_same_input_same_bytes(tmp_path: Path) -> None:
    golden = ROOT / "tests" / "golden" / "playroom-3p.input"
    data = golden.read_bytes() if golden.exists() else b"draw\n" * 50
    args = [sys.executable, "-m", "uno_cli", "play", "--format", "json", "--preset", "playroom", "--players", "4",
            "--seat", "2=bot:hard", "--seat", "3=bot:easy", "--seat", "4=bot:random", "--seed", "11"]
    runs = []
    for _ in range(2):
        home = tmp_path / "same-home"
        runs.append(subprocess.run(args, input=data, capture_output=True, env=_env(UNO_CLI_HOME=str(home)), timeout=120))
        for f in (home / "data").glob("unfinished-*.json"):
            f.unlink()
    assert runs[0].stdout == runs[1].stdout
    assert runs[0].stdout
    allbots = [sys.executable, "-m", "uno_cli", "play", "--players", "4", "--bots", "easy,normal,random",
               "--seat", "1=bot:hard",
               "--preset", "house", "--seed", "5", "--rule", "target=200"]
    runs = [subprocess.run(allbots, input=b"", capture_output=True, env=_env(), timeout=120) for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout


def test_no_interactive_imports() -> None:
    code = (
        "import sys; from uno_cli.play import script; from tests.script.helpers import config, Output, Input;"
        "out = Output(); rc = script.run(config(kinds='nn', seed=2), Input(out, lambda p: None), out);"
        "bad = [m for m in ('prompt_toolkit', 'accessible_output2', 'uno_cli.interactive.speech', 'uno_cli.interactive')"
        " if m in sys.modules]; print(rc, bad)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, env=_env(), timeout=60, cwd=ROOT)
    assert proc.stdout.decode().strip() == "0 []", proc.stderr.decode()


# ------------------------------------------------------------ saving

def test_a_game_that_never_ends_stops_saved_with_its_own_status(tmp_path: Path, monkeypatch) -> None:
    # The referee gives up on an endless game after its limit of moves (here 5): script mode
    # must not call that a success (it used to exit 0 without game_over).
    from uno_cli.play.race import Referee

    real = Referee.advance
    monkeypatch.setattr(Referee, "advance", lambda self, limit=5: real(self, limit))
    out = Output()
    rc = script.run(config(kinds="nn", seed=2, fmt="json"), Input(out, lambda p: None), out)
    assert rc == script.EXIT_ENDLESS
    objects = [json.loads(line) for line in out.lines()]
    assert "game_over" not in {o["type"] for o in objects}
    last = objects[-1]
    assert last["type"] == "endless" and "stops here" in last["text"]
    saved = Path(last["file"])
    assert saved.exists() and saved.parent == tmp_path / "home" / "data"


def test_end_of_input_saves_and_resume_continues(tmp_path: Path) -> None:
    cfg = config(kinds="sn", seed=12, names=["Mia", "Otto"], fmt="json")
    out = Output()
    lines = iter([b"draw", b"pass", b"status"])
    rc = script.run(cfg, Input(out, lambda p: next(lines, None)), out)
    assert rc == script.EXIT_INPUT_ENDED
    last = json.loads(out.lines()[-1])
    assert last["type"] == "input_ended"
    saved = Path(last["file"])
    assert saved.exists() and saved.parent == tmp_path / "home" / "data"
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["names"] == ["Mia", "Otto"]
    assert [s["kind"] for s in data["seats"]] == ["script", "bot"]

    resumed = config(kinds="ss", seed=99, resume=str(saved))
    session = Session(resumed)
    assert session.names == ["Mia", "Otto"]
    assert session.seats[1].kind == "bot"
    from uno_cli.engine import state_io

    before = dict(data)
    before.pop("names"), before.pop("seats"), before.pop("bots")
    assert state_io.to_dict(session.game) == before
    assert session.save_dict()["bots"] == data["bots"]  # the bot remembers what it saw
    rc, objs = _play(resumed, seed=1)
    assert rc == 0 and [o["type"] for o in objs[:2]] == ["hello", "info"] and objs[-1]["type"] == "game_over"


def test_bad_setup_file_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "uno_cli", "play", "--setup", str(bad)], input=b"",
                          capture_output=True, env=_env(), timeout=60)
    assert proc.returncode == 2
    assert b"JSON" in proc.stderr and b"Traceback" not in proc.stderr


def test_lang_c_pipe(tmp_path: Path) -> None:
    env = _env(LANG="C", LC_ALL="C")
    env.pop("PYTHONIOENCODING", None)
    env.pop("PYTHONUTF8", None)
    proc = subprocess.run(
        [sys.executable, "-m", "uno_cli", "play", "--lang", "ro", "--names", "Zoë,Ștefan", "--bots", "easy",
         "--seed", "1", "--rule", "hands=1"],
        input=b"hand\n" + b"draw\npass\n" * 40, capture_output=True, env=env, timeout=120,
    )
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
    text = proc.stdout.decode("utf-8")
    assert "Zoë" in text or "Ștefan" in text


# ------------------------------------------------------------ sentences

def test_every_event_type_has_a_sentence() -> None:
    from uno_cli.words.describe import describe
    from uno_cli.engine.events import EVENT_TYPES, Event

    sample = {"players": 2, "card": "r5", "seats": [0, 1], "hand": 1, "dealer": 0, "count": 2, "color": "r",
              "left": 3, "how": "turn", "total": 2, "kind": "+2", "by": 1, "target": 1, "guilty": True,
              "challenger": 1, "points": {0: 0, 1: 12}, "gained": {0: 12, 1: 0}, "scores": [12, 0],
              "block": False, "winners": [0], "score": 500, "direction": -1}
    names = ["Mia", "Ana"]
    for kind in EVENT_TYPES:
        for viewer in (0, 1, None):
            text = describe(Event(kind, 0, dict(sample), {"cards": ["r5"]} if kind == "hand_dealt" else None), viewer, names)
            if kind in ("hand_dealt", "playable_drawn") and viewer != 0:
                assert text is None  # only the owner hears the cards dealt, or that a drawn card fits
                continue
            assert text and text.strip() == text and "{" not in text, (kind, text)
    assert describe(Event("turn", 0), 0, names) == "Your turn."
    assert describe(Event("turn", 1), 0, names) == "Ana's turn."
    assert describe(Event("play", 1, {"card": "r5"}), 0, names) == "Ana plays red 5."
    assert describe(Event("play", 0, {"card": "r5"}), 0, names) == "You play red 5."
    drew = Event("draw", 0, {"count": 1}, {"cards": ["b7"]})
    assert describe(drew, 0, names) == "You draw blue 7."
    assert describe(drew, 1, names) == "Mia draws a card."


@pytest.mark.parametrize("code", [
    "hand_over", "game_over", "no_such_seat", "eliminated", "answer_beep", "no_beep", "already_answered",
    "uno_not_now", "nobody_to_catch", "option_off", "not_in_hand", "cannot_jump_in", "not_now", "not_your_turn",
    "needs_color", "needs_target", "choose_color", "nothing_to_challenge", "cannot_challenge_stack",
    "must_answer_draw", "nothing_to_answer", "no_color_to_choose", "already_drawn", "only_drawn_card",
    "draw_first", "must_play_legal", "wild_draw_four_condition", "does_not_match", "no_color_needed",
    "bad_target", "swap_without_seven",
])
def test_every_illegal_action_has_its_own_sentence(code: str) -> None:
    from uno_cli.words.describe import describe_error
    from uno_cli.engine.errors import IllegalAction

    exc = IllegalAction(code, None, card="r5", top="b7", color="b", current=1, total=4)
    assert describe_error(exc, ["Mia", "Ana"]) != describe_error(IllegalAction("not_allowed"), [])


def test_a_huge_line_is_refused_as_too_long_without_being_held_whole() -> None:
    import io

    class Counting(io.BytesIO):
        largest = 0

        def readline(self, size: int = -1) -> bytes:  # type: ignore[override]
            line = super().readline(size)
            Counting.largest = max(Counting.largest, len(line))
            return line

    data = b"draw " + b"x" * 3_000_000 + b"\nhand\n"
    out = Output()
    rc = script.run(config(kinds="ss", seed=7, fmt="json"), Counting(data), out)
    objs = [json.loads(line) for line in out.lines()]
    errors = [o for o in objs if o["type"] == "error"]
    assert rc == 3 and errors[0]["code"] == "too_long"
    assert Counting.largest <= 1 << 16  # read piece by piece, never the 3 MB line whole
    assert any(o["type"] == "hand" for o in objs[objs.index(errors[0]):])  # the next line still counts


@pytest.mark.parametrize("line", ['"draw"', '["draw"]', '"play r5"'])
def test_a_json_line_that_is_not_an_answer_object_is_refused_as_invalid_answer(line: str) -> None:
    import io

    out = Output()
    script.run(config(kinds="ss", seed=7, fmt="json"), io.BytesIO(line.encode() + b"\n"), out)
    objs = [json.loads(line) for line in out.lines()]
    errors = [o for o in objs if o["type"] == "error"]
    assert [e["code"] for e in errors] == ["invalid_answer"]
    assert not any(o["type"] == "draw" for o in objs)


def test_uno_is_said_before_the_next_to_last_card_or_raced_after_it(tmp_path: Path) -> None:
    """docs/protocol.md, "Saying UNO": in turn with two cards, then as a race once one is left."""
    import io

    setup = tmp_path / "s.json"
    setup.write_text(json.dumps({"players": 2, "hands": [["r5", "r6"], ["g1", "g2", "g3"]], "discard": ["r1"],
                                 "current": 1}))

    def prompts(data: bytes) -> list[dict]:
        out = Output()
        script.run(config(kinds="sn", seed=1, setup=str(setup)), io.BytesIO(data), out)
        return [o for o in map(json.loads, out.lines()) if o["type"] == "prompt"]

    before = prompts(b"uno\nplay r5\n")
    assert "uno" in before[0]["legal"] and before[0]["said_uno"] == []
    assert "uno" not in before[1]["legal"] and before[1]["said_uno"] == [1] and "play r5" in before[1]["legal"]
    after = prompts(b"play r5\nuno\n")
    assert (after[1]["kind"], after[1]["legal"], after[1]["uno_open"]) == ("race", ["uno", "wait"], 1)


def test_blank_lines_and_comments_write_nothing_not_even_the_prompt_again() -> None:
    """docs/protocol.md: they are ignored; the game writes after every other line. A prompt
    written again would take a new id and break a script's #N answers."""
    import io

    def transcript(data: bytes) -> list[str]:
        out = Output()
        script.run(config(kinds="sn", seed=7, fmt="json"), io.BytesIO(data), out)
        return out.lines()[:-1]  # but the input_ended line, which names its own file

    plain = transcript(b"draw\n#2 draw\n")
    assert transcript(b"# my first move\n\n   \n#1\n  # indented\ndraw\n\n#2 draw\n") == plain


@pytest.mark.parametrize("line", [b'\xef\xbb\xbf{"cmd": "draw"}', b'\xef\xbb\xbf{"id": 1, "cmd": "draw"}', b"\xef\xbb\xbf#1 draw"])
def test_an_answer_after_a_byte_order_mark_is_taken(line: bytes) -> None:
    import io

    out = Output()
    script.run(config(kinds="sn", seed=7, fmt="json"), io.BytesIO(line + b"\n"), out)
    objs = [json.loads(text) for text in out.lines()]
    assert not [o for o in objs if o["type"] == "error"]
    assert any(o["type"] == "draw" and o["seat"] == 1 for o in objs)


@pytest.mark.parametrize("line", ['{"id": 1, "cmd": ""}', '{"cmd": "  "}', '{"id": 1, "cmd": "# draw"}'])
def test_an_answer_object_without_a_command_is_refused_as_invalid_answer(line: str) -> None:
    """A program that sends an object waits for what it did: never silence."""
    import io

    out = Output()
    script.run(config(kinds="sn", seed=7, fmt="json"), io.BytesIO(line.encode() + b"\n"), out)
    objs = [json.loads(text) for text in out.lines()]
    assert [o["code"] for o in objs if o["type"] == "error"] == ["invalid_answer"]
    assert [o["id"] for o in objs if o["type"] == "prompt"] == [1, 2]


@pytest.mark.parametrize("char", ["\u202e", "\u200b", "\u2066", "\x1b"])
def test_control_and_bidi_characters_are_never_echoed_back(char: str) -> None:
    import io

    out = Output()
    script.run(config(kinds="ss", seed=7, fmt="text"), io.BytesIO(f"fo{char}o\n".encode()), out)
    text = out.buffer.decode()
    assert char not in text
    assert "not readable text" in text


# ------------------------------------------------------------ the held lines

@pytest.mark.parametrize("verbosity", ["full", "short"])
def test_held_lines_give_the_same_bytes_whatever_the_bound(monkeypatch: pytest.MonkeyPatch, verbosity: str) -> None:
    """The narrator puts each change's lines on the writer's held list; written one change at a
    time or many at once, an all-bot game says the same bytes."""
    import io
    from dataclasses import replace

    from uno_cli.play.playconfig import BOT, PlayConfig, SeatSpec

    def run(bound: int) -> bytes:
        monkeypatch.setattr(script, "HELD_LINES", bound)
        cfg = PlayConfig(players=4, seats=[SeatSpec(BOT, "random")] * 4, options=replace(PRESETS["classic"], hands=2),
                         seed=11, verbosity=verbosity)
        out = io.BytesIO()
        assert script.run(cfg, io.BytesIO(b""), out) == script.EXIT_OK
        return out.getvalue()

    one_at_a_time, many = run(1), run(100_000)
    assert one_at_a_time == many and one_at_a_time.count(b"\n") > 50


def test_the_example_json_driver_plays_whole_games(tmp_path: Path) -> None:
    """examples/script_driver.py, the README's JSON example, plays every seat to game_over."""
    example = Path(__file__).resolve().parents[2] / "examples" / "script_driver.py"
    for args in (["--seed", "3", "--bots", "normal"], ["--seed", "4", "--players", "3", "--preset", "playroom"]):
        done = subprocess.run([sys.executable, str(example), *args, "--rule", "hands=1"], capture_output=True,
                              text=True, encoding="utf-8", timeout=120, env=_env(UNO_CLI_HOME=str(tmp_path)))
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[-1].startswith("The game is over.")


def test_a_command_of_more_than_500_characters_is_too_long_as_the_doc_says() -> None:
    """docs/protocol.md: 4,096 bytes a line, 500 characters a command (both too_long)."""
    import io

    doc = " ".join((ROOT / "docs" / "protocol.md").read_text("utf-8").split())
    assert "longer than 4,096 bytes" in doc and "more than 500 characters" in doc
    out = Output()
    script.run(config(kinds="sn", seed=7, fmt="json"), io.BytesIO(b"draw " + b"x" * 600 + b"\n"), out)
    assert [o["code"] for o in map(json.loads, out.lines()) if o["type"] == "error"] == ["too_long"]
