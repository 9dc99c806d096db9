"""The JSON Lines protocol as a contract: every object script mode writes matches docs/protocol.schema.json."""

from __future__ import annotations

import json
import os
import random

import pytest

from uno_cli.play import script as script_mode
from uno_cli.engine import PRESETS, Game, preset
from uno_cli.play.wire import PROTOCOL, answer_parts, prompt_json, prompt_legal, seat_json, seats_in

from tests.schema_subset import load_schema, validate
from tests.script.helpers import Input, Output, config

SCHEMA = load_schema()
#: Games per preset: 20, by which every object type random games make has appeared (the
#: coverage test below checks that); UNO_SCHEMA_GAMES for more (bench runs use thousands).
GAMES = int(os.environ.get("UNO_SCHEMA_GAMES", "20"))
#: Object types random games never make. test_objects_of_rare_moments_match_the_schema
#: checks all of them against the schema (cannot_draw is made since a caught bluffer under
#: challenge_penalty=return cannot draw on empty piles).
RARE = {"choose", "deck", "endless", "false_uno", "info", "input_ended", "missed_jump_in", "moves", "quit", "rules", "saved"}
QUERIES = ["hand", "top", "status", "scores", "counts", "in play", "penalty", "turn", "help"]


def chooser(rng: random.Random, limit: int = 4000):
    """A random player for every scripted seat that mostly plays, now and then errs or asks."""
    state = {"n": 0}

    def answer(prompt: dict | None) -> bytes | None:
        state["n"] += 1
        if prompt is None or state["n"] > limit:
            return None
        legal = prompt["legal"]
        roll = rng.random()
        if roll < 0.02:
            line = rng.choice(QUERIES + ["play x9", "draw draw", "#999 draw", "{bad", "wait"])
        elif roll < 0.04:
            line = "#%d %s" % (prompt["id"], rng.choice(legal))
        else:
            plays = [c for c in legal if c.startswith(("play", "uno", "catch", "beep", "challenge"))]
            line = rng.choice(plays if plays and rng.random() < 0.9 else legal)
            line = "@%d %s" % (prompt["seat"], line)
        return line.encode()

    return answer


def run_game(name: str, seed: int) -> list[dict]:
    """The objects of one random script-mode game of preset ``name`` with several scripted seats."""
    rng = random.Random(seed)
    players = 4 if PRESETS[name].partners else rng.choice([2, 3, 4, 5])
    kinds = "s" + "".join(rng.choice("ssn") for _ in range(players - 1))
    cfg = config(kinds=kinds, preset_name=name, seed=seed)
    # Short matches: one or two hands; under elimination a low target, so seats drop out.
    if name == "elimination":
        cfg.options = preset(name).with_values(target=60)
    else:
        cfg.options = preset(name).with_values(hands=1 + seed % 2)
    out = Output()
    script_mode.run(cfg, Input(out, chooser(rng)), out)
    return [json.loads(line) for line in out.lines()]


@pytest.fixture(scope="module")
def transcripts(tmp_path_factory) -> dict[str, list[list[dict]]]:
    """The objects of GAMES random games of every preset, played once for every test here."""
    home = tmp_path_factory.mktemp("home")
    old = os.environ.get("UNO_CLI_HOME")
    os.environ["UNO_CLI_HOME"] = str(home)
    try:
        return {name: [run_game(name, seed) for seed in range(GAMES)] for name in sorted(PRESETS)}
    finally:
        if old is None:
            del os.environ["UNO_CLI_HOME"]
        else:
            os.environ["UNO_CLI_HOME"] = old


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_object_of_random_games_matches_the_schema(name, transcripts):
    seen: set[str] = set()
    for seed, objects in enumerate(transcripts[name]):
        assert objects[0]["type"] == "hello" and objects[0]["protocol"] == PROTOCOL
        ids = [o["id"] for o in objects if o["type"] == "prompt"]
        assert ids == list(range(1, len(ids) + 1))
        for obj in objects:
            problems = validate(obj, SCHEMA)
            assert not problems, (name, seed, obj, problems[:5])
            seen.add(obj["type"])
            if obj["type"] == "prompt":
                check_prompt_list(obj)
    assert {"hello", "prompt", "turn", "play", "draw", "error", "game_over"} <= seen


def _schema_types() -> set[str]:
    return {d["properties"]["type"]["const"] for d in SCHEMA["$defs"].values()
            if isinstance(d.get("properties", {}).get("type"), dict) and "const" in d["properties"]["type"]}


def test_the_schema_describes_every_json_object_type():
    """Every type uno-json writes (messagetypes.JSON_TYPES: events, narration, session objects,
    query answers such as moves and deck) has its definition in the schema, and no other."""
    from uno_cli.words import messagetypes as mt

    assert _schema_types() == mt.JSON_TYPES, _schema_types() ^ mt.JSON_TYPES


def test_random_games_make_every_object_type_but_the_rare_ones(transcripts):
    """The random games are enough: every type of the schema appears, but those listed in RARE."""
    seen = {o["type"] for games in transcripts.values() for objects in games for o in objects}
    assert _schema_types() - seen == RARE


def test_objects_of_rare_moments_match_the_schema(tmp_path, monkeypatch):
    import io

    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    setup = tmp_path / "s.json"
    setup.write_text(json.dumps({"players": 2, "hands": [["w", "r5", "b2"], ["r5", "g3", "y4"]], "discard": ["r3"],
                                 "current": 1, "options": {"jump_in": True, "false_uno_penalty": 1}}))
    lines = ["rules", "moves", "deck", "play w", "color red", "@2 jump g3", "@2 uno", "save s1.json", "quit"]
    out = Output()
    script_mode.run(config(kinds="ss", seed=1, setup=str(setup)), io.BytesIO("".join(line + "\n" for line in lines).encode()), out)
    objects = [json.loads(line) for line in out.lines()]
    out2 = Output()
    script_mode.run(config(kinds="ss", seed=1, setup=str(setup)), io.BytesIO(b"hand\n"), out2)
    objects += [json.loads(line) for line in out2.lines()]
    # An endless game: the referee's limit of moves, made short.
    from uno_cli.play.race import Referee

    real = Referee.advance
    monkeypatch.setattr(Referee, "advance", lambda self, limit=3: real(self, limit))
    out3 = Output()
    script_mode.run(config(kinds="nn", seed=1), io.BytesIO(b""), out3)
    objects += [json.loads(line) for line in out3.lines()]
    for obj in objects:
        assert not validate(obj, SCHEMA), obj
    seen = {o["type"] for o in objects}
    assert {"rules", "choose", "missed_jump_in", "false_uno", "saved", "quit", "input_ended", "info",
            "endless", "moves", "deck"} <= seen, seen


def check_prompt_list(prompt: dict) -> None:
    """A race prompt ends with ``wait``, a turn's has none; no ``jump X`` beside ``play X``."""
    legal = prompt["legal"]
    assert len(legal) == len(set(legal))
    if prompt["kind"] == "race":
        assert legal[-1] == "wait" and prompt["phase"] != "beep"
    else:
        assert "wait" not in legal
    plays = {c[5:] for c in legal if c.startswith("play ")}
    assert not [c for c in legal if c.startswith("jump ") and c[5:] in plays], legal


def test_prompt_lists_drop_jump_beside_the_same_play_and_end_races_with_wait():
    assert prompt_legal(["play g5", "play gs", "draw", "jump gs", "jump g7 2"], race=False) == [
        "play g5", "play gs", "draw", "jump g7 2"]
    assert prompt_legal(["catch 2", "jump r5", "catch 2"], race=True) == ["catch 2", "jump r5", "wait"]


def test_the_seats_an_event_names_are_the_fields_written_from_1():
    data = {"seat": 0, "by": 2, "target": 1, "count": 3, "winners": [3], "gained": {"2": 40}, "card": "r5",
            "points": {1: 5}, "hand": 1}
    assert seats_in(data) == {0, 1, 2, 3}
    written = seat_json(data)
    assert {k for k in data if written[k] != data[k]} == {"seat", "by", "target", "winners", "gained", "points"}
    assert seats_in({"count": 2, "hand": 3}) == set()


def test_answers_may_name_their_prompt():
    assert answer_parts("play r5") == (None, "play r5")
    assert answer_parts("#17 play r5") == (17, "play r5")
    assert answer_parts(' {"id": 17, "cmd": "play r5"} ') == (17, "play r5")
    assert answer_parts('{"cmd": "draw"}') == (None, "draw")
    assert answer_parts('{"id": 4, "cmd": "draw", "note": "my 4th"}') == (4, "draw")  # other keys are ignored
    assert answer_parts("# a comment") == (None, "# a comment")
    for broken in ('{"id": "17", "cmd": "draw"}', '{"id": 1}', "{play", '{"id": true, "cmd": "draw"}',
                   '{"id": 1.0, "cmd": "draw"}', '{"id": 1, "cmd": ["draw"]}'):
        assert answer_parts(broken) is None


def test_a_byte_order_mark_before_an_answer_is_dropped_as_before_a_command():
    """Windows tools (PowerShell, Notepad) start their output with one; a plain command already skips it."""
    assert answer_parts('\ufeff{"id": 3, "cmd": "draw"}') == (3, "draw")
    assert answer_parts("\ufeff#3 draw") == (3, "draw")
    assert answer_parts("\ufeffdraw") == (None, "draw")


def test_prompt_carries_the_public_state_with_seats_from_1():
    game = Game(3, preset("classic"), seed=4)
    game.start()
    view = game.view(game.current)
    data = prompt_json(view, 7, False, ["draw"], "Your move: draw.")
    assert data["id"] == 7 and data["seat"] == game.current + 1 and data["current"] == game.current + 1
    assert data["direction"] == game.direction and data["scores"] == [0, 0, 0] and data["eliminated"] == []
    assert data["counts"] == [len(h) for h in game.hands] and data["dealer"] == game.dealer + 1
    assert not validate(data, SCHEMA)


def _script(lines: list[str], tmp_path) -> list[dict]:
    import io

    cfg = config(kinds="sn", seed=3)
    out = Output()
    script_mode.run(cfg, io.BytesIO("".join(line + "\n" for line in lines).encode()), out)
    return [json.loads(line) for line in out.lines()]


def test_script_mode_takes_answers_with_the_prompt_id_and_refuses_older_ones(tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    plain = _script(["draw", "pass", "draw"], tmp_path)
    first = next(o for o in plain if o["type"] == "prompt")
    tagged = _script(["#%d draw" % first["id"], "pass", '{"id": 3, "cmd": "draw"}'], tmp_path)
    def game(objects: list[dict]) -> list[dict]:
        return [o for o in objects if o["type"] not in ("prompt", "input_ended")]

    assert game(tagged) == game(plain)  # the same game with or without ids
    refused = _script(["draw", "#1 pass"], tmp_path)
    error = next(o for o in refused if o["type"] == "error")
    assert (error["code"], error["id"], error["prompt"]) == ("wrong_prompt", 1, 2)
    assert error["text"].startswith("That answer is for prompt 1, but the game waits for the answer to prompt 2.")


def test_an_outside_program_reads_the_same_prompt_fields_as_script_mode(tmp_path, monkeypatch):
    import shlex
    import sys

    from uno_cli.play.playconfig import SeatSpec

    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))  # the program's error log
    log = tmp_path / "log.jsonl"
    prog = tmp_path / "p.py"
    prog.write_text(
        "import json, sys\n"
        f"out = open({str(log)!r}, 'w')\n"
        "for line in sys.stdin:\n"
        "    out.write(line); out.flush()\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'prompt':\n"
        "        print(json.dumps({'id': m['id'], 'cmd': m['legal'][0]}), flush=True)\n"
    )
    import io

    cfg = config(kinds="ss", seed=3, preset_name="playroom")
    cfg.seats[1] = SeatSpec("cmd", command=shlex.join([sys.executable, str(prog)]))
    out = Output()
    script_mode.run(cfg, io.BytesIO(b"draw\npass\n" * 30), out)
    script_prompts = [json.loads(line) for line in out.lines() if line.startswith('{"type": "prompt"')]
    theirs = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert theirs[0]["type"] == "hello" and theirs[0]["seat"] == 2 and theirs[0]["scripted"] == [2]
    prompts = [o for o in theirs if o["type"] == "prompt"]
    assert prompts and script_prompts
    assert {tuple(p) for p in prompts} == {tuple(k for k in p if k != "others") for p in script_prompts}
    for obj in theirs:
        assert not validate(obj, SCHEMA), obj
