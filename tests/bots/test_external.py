"""External-program seats: 1-based JSON like script mode's, a whole game against the example player, every fault."""

from __future__ import annotations

import io
import json
import random
import shlex
import sys
import textwrap
from pathlib import Path

import pytest

from uno_cli.play import script as script_mode
from uno_cli.play.commands import action_to_command
from uno_cli.engine import Action, Event, Game, preset
from uno_cli.engine.actions import ACCEPT, COLOR, DRAW, PASS
from uno_cli.play.external import ExternalBot, answer_action, safe_default
from uno_cli.play.playconfig import SeatSpec
from uno_cli.play.sim import GameRecord, play_bot_game
from uno_cli.play.wire import event_json

from tests.bots.helpers import make_bots
from tests.script.helpers import Output, config

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "external_player.py"


def play(levels, externals, name="classic", seed=1, hands=1, players=None):
    n = players or len(levels)
    game = Game(n, preset(name).with_values(hands=hands), seed=seed)
    bots = make_bots(["random" if lv == "external" else lv for lv in levels], seed)
    for seat, bot in externals.items():
        bots[seat] = bot
    rec = GameRecord(0, seed, tuple(levels), (), (), 0, 0, 0)
    play_bot_game(game, True, rec, tuple(levels), bots=bots)
    return game, rec


def script(tmp_path, body: str) -> list[str]:
    path = tmp_path / "player.py"
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


LOGGER = """
    import json, sys
    log = open(sys.argv[1], "w", encoding="utf-8")
    for line in sys.stdin:
        log.write(line)
        log.flush()
        message = json.loads(line)
        if message["type"] == "prompt":
            print(message["legal"][0], flush=True)
"""


def test_answers_are_the_script_protocol_commands_with_seats_from_1():
    cases = {
        Action("play", 0, "r5"): "play r5",
        Action("play", 0, "w", "r"): "play w r",
        Action("play", 0, "r7", None, 1): "play r7 2",
        Action("play", 0, "beep"): "play beep",
        Action("jump_in", 1, "g5"): "jump g5",
        Action("catch", 1, None, None, 2): "catch 3",
        Action("color", 0, None, "b"): "color b",
        Action("answer", 3): "beep",
        Action("uno", 0): "uno",
        Action("draw", 0): "draw",
    }
    legal = list(cases)
    for action, text in cases.items():
        assert action_to_command(action) == text
        assert answer_action(f"  {text.upper().replace(' ', '   ')} ", legal) == action
    assert answer_action("play x9", legal) is None
    assert answer_action("catch 2", legal) is None  # seat 2 is not the one to catch


def test_events_are_the_script_mode_json_for_the_seat(tmp_path):
    log = tmp_path / "log.jsonl"
    argv = script(tmp_path, LOGGER) + [str(log)]
    names = ["Mia", "Otto", "Ivo"]
    ext = ExternalBot(1, random.Random(1), argv, names=names)
    events = [
        Event("draw", 1, {"count": 1, "reason": "choice", "left": 5}, {"cards": ["r5"]}),
        Event("draw", 2, {"count": 1, "reason": "choice", "left": 5}, {"cards": ["g2"]}),
        Event("caught", 0, {"by": 1, "count": 2}),
        Event("hand_end", 2, {"hand": 1, "points": {0: 0, 1: 0, 2: 12}, "gained": {0: 0, 1: 0, 2: 12},
                              "scores": [0, 0, 12], "hands": {0: ["r1"], 1: [], 2: []}}),
    ]
    ext.observe(events)
    ext.close()
    hello, *got = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert hello == {"type": "hello", "protocol": 1, "players": 3, "names": names, "seat": 2, "scripted": [2],
                     "text": None}
    assert got == [event_json(e, 1, names) for e in events]
    assert got[0] == {"type": "draw", "seat": 2, "count": 1, "reason": "choice", "left": 5, "cards": ["r5"],
                      "text": "You draw red 5."}
    assert "cards" not in got[1] and got[1]["seat"] == 3 and got[1]["text"] == "Ivo draws a card."
    assert (got[2]["seat"], got[2]["by"]) == (1, 2) and got[3]["points"] == {"1": 0, "2": 0, "3": 12}


def test_names_default_to_player_n(tmp_path):
    log = tmp_path / "log.jsonl"
    ext = ExternalBot(0, random.Random(1), script(tmp_path, LOGGER) + [str(log)])
    ext.observe([Event("turn", 1)])
    ext.close()
    assert json.loads(log.read_text(encoding="utf-8").splitlines()[1])["text"] == "Player 2's turn."


def test_prompts_count_seats_from_1_and_list_canonical_commands(tmp_path):
    log = tmp_path / "log.jsonl"
    ext = ExternalBot(1, random.Random(3), script(tmp_path, LOGGER) + [str(log)])
    game, rec = play(("normal", "external", "normal"), {1: ext}, name="playroom", hands=1)
    assert game.is_over and rec.violations == [] and ext.faults == []
    prompts = [m for m in map(json.loads, log.read_text(encoding="utf-8").splitlines()) if m["type"] == "prompt"]
    assert prompts and all(p["seat"] == 2 for p in prompts)
    assert {p["current"] for p in prompts} <= {1, 2, 3}
    assert all(p["current"] == 2 for p in prompts if p["kind"] == "turn" and p["phase"] != "beep")
    assert [p["id"] for p in prompts] == list(range(1, len(prompts) + 1))
    assert all(p["legal"][-1] == "wait" for p in prompts if p["kind"] == "race")
    catches = [c for p in prompts for c in p["legal"] if c.startswith("catch ")]
    assert all(c in ("catch 1", "catch 3") for c in catches)


def test_a_cmd_seat_in_play_gets_the_players_names(tmp_path, monkeypatch):
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))  # the program's error log
    log = tmp_path / "log.jsonl"
    program = shlex.join(script(tmp_path, LOGGER) + [str(log)])
    cfg = config(kinds="sn", seed=3, names=["Mia", "Otto"])
    cfg.seats[1] = SeatSpec("cmd", command=program)
    out = Output()
    rc = script_mode.run(cfg, io.BytesIO(b"draw\n" * 3), out)
    assert rc == script_mode.EXIT_INPUT_ENDED
    texts = [m["text"] for m in map(json.loads, log.read_text(encoding="utf-8").splitlines()) if m.get("text")]
    assert any("Mia" in t for t in texts) and not any("Player 1" in t for t in texts)


def test_the_program_reads_hello_events_and_prompts_only_each_valid_in_the_schema(tmp_path):
    """docs/protocol.md, "What it reads": no narration lines (hand, scores, game_over ...)."""
    from tests.schema_subset import load_schema, validate
    from uno_cli.words import messagetypes as mt

    log = tmp_path / "log.jsonl"
    ext = ExternalBot(1, random.Random(3), script(tmp_path, LOGGER) + [str(log)])
    game, rec = play(("normal", "external", "normal"), {1: ext}, name="classic", hands=2)
    assert game.is_over and ext.faults == []
    got = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    schema = load_schema()
    assert all(not validate(obj, schema) for obj in got)
    types = {obj["type"] for obj in got}
    assert {mt.HELLO, mt.PROMPT, mt.HAND_END, mt.MATCH_END} <= types
    assert types <= mt.EVENTS | {mt.HELLO, mt.PROMPT}, types - mt.EVENTS
    assert got[-1]["type"] == mt.MATCH_END


@pytest.mark.parametrize("name", ["classic", "playroom"])
def test_whole_game_against_example_player(name):
    ext = ExternalBot(1, random.Random(3), [sys.executable, str(EXAMPLE), "--seed", "4"])
    game, rec = play(("hard", "external"), {1: ext}, name=name, hands=2)
    assert game.is_over
    assert rec.violations == []
    assert ext.faults == []
    assert rec.usage.get("external", {}).get("play", 0) > 0
    assert ext.proc is None  # closed at the end of the game


def test_crash_falls_back_and_game_goes_on(tmp_path):
    argv = script(tmp_path, """
        import sys
        for line in sys.stdin:
            if '"prompt"' in line:
                sys.exit(3)
    """)
    ext = ExternalBot(0, random.Random(1), argv)
    game, rec = play(("external", "normal"), {0: ext}, hands=1)
    assert game.is_over and rec.violations == []
    assert ext.dead and ext.faults and ext.faults[0][0] == "crash"


def test_hang_times_out_and_game_goes_on(tmp_path):
    argv = script(tmp_path, """
        import sys, time
        for line in sys.stdin:
            if '"prompt"' in line:
                time.sleep(30)
    """)
    ext = ExternalBot(0, random.Random(1), argv, timeout=0.2)
    game, rec = play(("external", "normal"), {0: ext}, hands=1)
    assert game.is_over and rec.violations == []
    kinds = [k for k, _ in ext.faults]
    assert kinds[:3] == ["timeout", "timeout", "timeout"] and ext.dead


def test_nonsense_answers_take_the_safe_default(tmp_path):
    argv = script(tmp_path, """
        import sys
        for line in sys.stdin:
            if '"prompt"' in line:
                print("play the ace of spades", flush=True)
    """)
    ext = ExternalBot(0, random.Random(1), argv)
    game, rec = play(("external", "normal"), {0: ext}, hands=1)
    assert game.is_over and rec.violations == []
    assert ext.counts["invalid"] > 0 and set(ext.counts) == {"invalid"}
    assert not ext.dead


def test_missing_program_is_a_crash():
    ext = ExternalBot(0, random.Random(1), ["/nonexistent/uno-player"])
    game, rec = play(("external", "normal"), {0: ext}, hands=1)
    assert game.is_over and ext.dead and ext.faults[0][0] == "crash"


def test_safe_defaults():
    game = Game(2, preset("classic"), seed=1)
    game.start()
    seat = game.current
    view = game.view(seat)
    assert safe_default(view).kind in (DRAW, COLOR)
    assert safe_default(game.view(1 - seat)) is None
    # The defaults named in the module documentation exist as kinds.
    assert {ACCEPT, PASS, DRAW, COLOR}


def test_simulator_seat_from_level_string(tmp_path):
    from uno_cli.play.sim import simulate

    level = "external:" + shlex.join([sys.executable, str(EXAMPLE), "--seed", "2"])
    result = simulate(2, 2, preset("classic").with_values(hands=1), seed=1, check=True,
                      levels=("normal", level), log_folder=str(tmp_path))
    assert result.games == 2 and result.violations == []
    assert level in result.usage


def test_simulator_external_timeout(tmp_path):
    from uno_cli.play.sim import simulate

    argv = script(tmp_path, """
        import sys, time
        for line in sys.stdin:
            if '"prompt"' in line:
                time.sleep(30)
    """)
    level = "external:" + shlex.join(argv)
    result = simulate(1, 2, preset("classic").with_values(hands=1), seed=1, check=True,
                      levels=("normal", level), external_timeout=0.1, log_folder=str(tmp_path))
    assert result.games == 1 and result.violations == []
