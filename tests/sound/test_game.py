"""The interactive game with sound on: started by the game itself, played through miniaudio's null device."""

from __future__ import annotations

import time
from array import array
from pathlib import Path

import pytest

from tests.interactive.helpers import PipeGame, write_setup
from uno_cli.engine.options import CLASSIC
from uno_cli.play.playconfig import PlayConfig
from uno_cli.sound import Sound, synth

pytest.importorskip("miniaudio")

SETUP = {
    "players": 2,
    "hands": [["r5", "g3", "b9"], ["y1", "y2", "y3", "y4", "y5", "y6", "y7"]],
    "discard": ["r1"],
    "current": 1,
    "dealer": 2,
    "hand": 1,
}


@pytest.fixture
def null_device(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The game's own sound start, with the null backend instead of a sound card."""
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("PROMPT_TOOLKIT_NO_CPR", "1")
    real_open = Sound.open
    monkeypatch.setattr(Sound, "open", lambda self, null=False: real_open(self, null=True))
    return tmp_path


def _sounds(game: PipeGame) -> list[str]:
    sound = game.controller.out.sound
    return [name for name, _asked, _start in sound.mixer.started] if sound is not None else []


def _wait_sound(game: PipeGame, name: str, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while name not in _sounds(game):
        assert time.monotonic() < end, _sounds(game)
        time.sleep(0.02)


def test_the_game_sounds_its_turn_the_thinking_time_warning_and_the_draw_made_for_the_player(null_device: Path) -> None:
    game = PipeGame(PlayConfig(speech="off", speech_rate=0, sound="on", pace=30.0, seed=1, options=CLASSIC, think_time=2.0,
                               setup=write_setup(null_device / "s.json", SETUP)))
    try:
        game.wait_for("Enter starts")
        deadline = time.monotonic() + 20
        while not (game.controller.out.sound and game.controller.out.sound.available):
            assert time.monotonic() < deadline
            time.sleep(0.02)
        since = game.mark()
        game.press("\r", "Your turn.")
        game.wait_for("1 second left.", since, timeout=5)
        game.wait_for("You draw", since, timeout=5)
        _wait_sound(game, "draw:1")
        assert _sounds(game)[:3] == ["your_turn", "time_warning", "draw:1"]
        assert not any("sound is off" in line for line in game.lines)
    finally:
        game.close()


def test_escape_in_the_game_silences_the_sounds(null_device: Path) -> None:
    game = PipeGame(PlayConfig(speech="off", speech_rate=0, sound="on", pace=30.0, seed=1, options=CLASSIC,
                               setup=write_setup(null_device / "s.json", SETUP)))
    try:
        game.wait_for("Enter starts")
        end = time.monotonic() + 20
        while not (game.controller.out.sound is not None and game.controller.out.sound.available):
            assert time.monotonic() < end, "sound did not open"  # it opens on its own thread
            time.sleep(0.02)
        game.press("\r", "Your turn.")
        _wait_sound(game, "your_turn")
        sound = game.controller.out.sound
        cuts = sound.mixer._cut
        sound.mixer.add("long", array("f", [0.1] * (synth.RATE * 10)), 0.5, 0.5)  # ten seconds
        time.sleep(0.1)
        assert sound.mixer._voices
        game.press("\x1b")  # prompt_toolkit waits a moment to tell Escape from a key's sequence
        end = time.monotonic() + 3
        while sound.mixer._cut == cuts:
            assert time.monotonic() < end
            time.sleep(0.01)
        time.sleep(0.06)  # the audio thread's next period
        assert not sound.mixer._voices  # cut short, seconds before its end
    finally:
        game.close()


def test_sound_off_on_the_command_line_starts_no_sound(null_device: Path) -> None:
    game = PipeGame(PlayConfig(speech="off", speech_rate=0, pace=30.0, seed=1, options=CLASSIC, sound="off",
                               setup=write_setup(null_device / "s.json", SETUP)))
    try:
        game.wait_for("Enter starts")
        game.press("\r", "Your turn.")
        assert game.controller.out.sound is None
    finally:
        game.close()
