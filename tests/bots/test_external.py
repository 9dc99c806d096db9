"""External-program seats: a whole game against the example player, and every fault."""

from __future__ import annotations

import random
import shlex
import sys
import textwrap
from pathlib import Path

import pytest

from uno_cli.engine import Action, Game, preset
from uno_cli.engine.actions import ACCEPT, COLOR, DRAW, PASS
from uno_cli.external import ExternalBot, action_to_command, parse_command, safe_default
from uno_cli.sim import GameRecord, play_bot_game

from tests.bots.helpers import make_bots

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "external_player.py"


def play(levels, externals, name="classic", seed=1, hands=1, players=None):
    n = players or len(levels)
    game = Game(n, preset(name).with_values(hands=hands), seed=seed)
    bots = make_bots(["random" if lv == "external" else lv for lv in levels], seed)
    for seat, bot in externals.items():
        bots[seat] = bot
    rec = GameRecord(0, seed, tuple(levels), (), (), 0, 0, 0)
    play_bot_game(game, random.Random(seed), True, rec, tuple(levels), bots=bots)
    return game, rec


def script(tmp_path, body: str) -> list[str]:
    path = tmp_path / "player.py"
    path.write_text(textwrap.dedent(body))
    return [sys.executable, str(path)]


def test_commands_round_trip():
    cases = {
        Action("play", 0, "r5"): "play r5",
        Action("play", 0, "w", "r"): "play w r",
        Action("play", 0, "r7", None, 2): "play r7 2",
        Action("jump_in", 1, "g5"): "jump g5",
        Action("catch", 1, None, None, 2): "catch 2",
        Action("color", 0, None, "b"): "color b",
        Action("answer", 3): "beep",
        Action("uno", 0): "uno",
        Action("draw", 0): "draw",
    }
    for action, text in cases.items():
        assert action_to_command(action) == text
        assert parse_command(f"  {text.upper()} ", list(cases)) == action
    assert parse_command("play x9", list(cases)) is None


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
    assert ext.faults and all(k == "nonsense" for k, _ in ext.faults)
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


def test_simulator_seat_from_level_string():
    from uno_cli.sim import simulate

    level = "external:" + shlex.join([sys.executable, str(EXAMPLE), "--seed", "2"])
    result = simulate(2, 2, preset("classic").with_values(hands=1), seed=1, check=True,
                      levels=("normal", level))
    assert result.games == 2 and result.violations == []
    assert level in result.usage


def test_simulator_external_timeout(tmp_path):
    from uno_cli.sim import simulate

    argv = script(tmp_path, """
        import sys, time
        for line in sys.stdin:
            if '"prompt"' in line:
                time.sleep(30)
    """)
    level = "external:" + shlex.join(argv)
    result = simulate(1, 2, preset("classic").with_values(hands=1), seed=1, check=True,
                      levels=("normal", level), external_timeout=0.1)
    assert result.games == 1 and result.violations == []
