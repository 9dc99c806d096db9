"""The thinking-time limit of the interactive game: a warning, then the safe default."""

from __future__ import annotations

from pathlib import Path

from tests.interactive.helpers import PipeGame, write_setup
from uno_cli.play import settings
from uno_cli.engine.options import CLASSIC
from uno_cli.interactive.menu import Menu
from uno_cli.play.playconfig import PlayConfig

SETUP = {
    "players": 2,
    "hands": [["r5", "g3", "b9"], ["y1", "y2", "y3", "y4", "y5", "y6", "y7"]],
    "discard": ["r1"],
    "current": 1,
    "dealer": 2,
    "hand": 1,
}


def test_when_the_thinking_time_runs_out_a_warning_comes_then_the_game_draws_for_the_player(tmp_path: Path) -> None:
    game = PipeGame(PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC, think_time=2.0, speech_rate=0,
                               setup=write_setup(tmp_path / "s.json", SETUP)))
    try:
        game.wait_for("Enter starts")
        since = game.mark()
        game.press("\r", "Your turn.")
        game.wait_for("1 second left.", since, timeout=5)
        game.wait_for("Time is up.", since, timeout=5)
        game.wait_for("You draw", since, timeout=5)
        assert len(game.controller.game.hands[0]) == 4
    finally:
        game.close()


def test_without_a_thinking_time_the_game_waits(tmp_path: Path) -> None:
    import time

    game = PipeGame(PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC,
                               setup=write_setup(tmp_path / "s.json", SETUP)))
    try:
        game.wait_for("Enter starts")
        game.press("\r", "Your turn.")
        time.sleep(1.5)
        assert "Time is up." not in game.text()
        assert len(game.controller.game.hands[0]) == 3
    finally:
        game.close()


def test_the_thinking_time_is_off_by_default_and_set_in_the_options_menu() -> None:
    assert settings.Settings().think_time == 0.0
    menu = Menu(settings.Settings())
    menu.index = [item.key for item in menu.items].index("think_time")
    assert menu.line(full=False).startswith("Thinking time: no limit")
    assert menu.change(1) == "Thinking time: 5 seconds."
    assert menu.settings.think_time == 5.0
