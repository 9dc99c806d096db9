"""A whole scripted hand through the real playback path (miniaudio's null backend)."""

from __future__ import annotations

import time
from array import array
from pathlib import Path

import pytest

from tests.interactive.helpers import write_setup
from uno_cli.engine.actions import ANSWER, DRAW, PASS, PLAY, UNO, Action
from uno_cli.engine.options import CLASSIC
from uno_cli.interactive import Mode, build_controller
from uno_cli.play.playconfig import PlayConfig
from uno_cli.play.settings import Settings
from uno_cli.sound import Sound, cues
from uno_cli.sound.player import PERIOD_MS, Mixer

pytest.importorskip("miniaudio")

#: The longest an earcon may start after its event (the issue's bound).
LATENCY = 0.030

SETUP = {
    "players": 3,
    "hands": [["r5", "r7", "w"], ["r+2", "r3", "g9", "y2"], ["b1", "b2", "b3", "b4"]],
    "discard": ["r1"],
    "current": 1,
    "dealer": 3,
    "hand": 1,
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    return tmp_path


def test_a_scripted_hand_sounds_in_order_each_within_30_ms_of_its_event(home: Path) -> None:
    config = PlayConfig(speech="off", pace=30.0, seed=5, options=CLASSIC, setup=write_setup(home / "s.json", SETUP))
    lines: list[str] = []
    controller = build_controller(config, lines.append, Settings(sound="off"))
    sound = Sound(volume=80, panning=True, viewer=1, players=lambda: controller.game.players)
    assert sound.open(null=True) is None, sound.problem
    controller.out.sound = sound
    heard: list[tuple[str, float]] = []
    cue = controller.out.cue

    def timed_cue(type: str, data: dict) -> None:
        """The announcer's hook, noting when each message that has an earcon came."""
        at = time.monotonic()
        cue(type, data)
        earcon = cues.earcon(type, data, sound.viewer)
        if earcon is not None:
            heard.append((earcon, at))

    controller.out.cue = timed_cue  # type: ignore[method-assign]
    try:
        controller.table.start()
        game = controller.game

        def act(action: Action) -> None:
            controller.apply(action)
            time.sleep(0.06)  # the next move a few periods later, as a bot's pace would be

        act(Action(PLAY, 0, "r5"))
        act(Action(PLAY, 1, "r+2"))  # Bruno draws two and loses his turn: the player's turn
        act(Action(PLAY, 0, "r7"))
        act(Action(UNO, 0))
        act(Action(PLAY, 1, "r3"))
        act(Action(DRAW, 2))
        if Action(PASS, 2) in game.legal_actions(2):
            act(Action(PASS, 2))
        act(Action(PLAY, 0, "w"))  # a last Wild names no colour: the hand ends
        time.sleep(0.1)
    finally:
        sound.close()
    expected = ["your_turn", "play_number", "play_action", "penalty:2", "your_turn", "play_number", "uno", "play_number",
                "draw:1", "your_turn", "play_wild", "hand_won"]
    assert [name for name, _at in heard] == expected
    started = list(sound.mixer.started)
    assert [name for name, _asked, _start in started] == expected
    for (name, at), (_name, asked, begun) in zip(heard, started):
        assert 0 <= asked - at < LATENCY and 0 <= begun - at <= LATENCY, (name, begun - at)


def _played(home: Path, setup: dict, options: object, moves: list[Action]) -> list[str]:
    """The earcons a scripted game sounded through the null device, in the order they started."""
    config = PlayConfig(speech="off", pace=30.0, seed=5, options=options, setup=write_setup(home / "s.json", setup))
    controller = build_controller(config, [].append, Settings(sound="off"))
    sound = Sound(viewer=1, players=lambda: controller.game.players)
    assert sound.open(null=True) is None
    controller.out.sound = sound
    try:
        controller.table.start()
        for action in moves:
            controller.apply(action)
            time.sleep(0.03)
        time.sleep(0.1)
    finally:
        sound.close()
    return [name for name, _asked, _start in sound.mixer.started]


def test_the_turn_given_back_after_a_beep_race_sounds_as_your_turn(home: Path) -> None:
    setup = {"players": 3, "hands": [["r5", "g1"], ["g2", "g3"], ["beep", "b2"]], "discard": ["r3"],
             "current": 1, "dealer": 3, "hand": 1}
    moves = [Action(PLAY, 2, "beep"), Action(ANSWER, 0), Action(ANSWER, 1)]
    played = _played(home, setup, CLASSIC.with_values(beep=True), moves)
    # Bruno answers last and draws two; the turn comes back to the player, said and sounded again.
    assert played == ["your_turn", "beep", "penalty:2", "your_turn"]


def test_the_mixer_pans_and_silences() -> None:
    mixer = Mixer(volume=1.0)
    mixer.add("tone", array("f", [0.5] * 1000), 1.0, 0.0)
    frames = mixer.frames(100)
    assert frames[0] == int(0.5 * 32767) and frames[1] == 0  # all in the left ear
    mixer.silence()
    assert not any(mixer.frames(100))
    assert [name for name, _a, _s in mixer.started] == ["tone"]


def test_the_mixer_never_clips_when_sounds_pile_up() -> None:
    mixer = Mixer(volume=1.0)
    for _ in range(5):
        mixer.add("loud", array("f", [0.9] * 200), 1.0, 1.0)
    frames = mixer.frames(100)
    assert max(frames) == 32767 and min(frames) >= -32767


def test_escape_silences_sound_with_the_speech(home: Path) -> None:
    config = PlayConfig(speech="off", pace=30.0, seed=5, options=CLASSIC)
    controller = build_controller(config, [].append, Settings(sound="off"))
    sound = Sound(viewer=1)
    assert sound.open(null=True) is None
    try:
        controller.out.sound = sound
        controller.table.start()
        controller.mode = Mode.PLAY
        sound.play("match_lost")
        time.sleep(3 * PERIOD_MS / 1000)
        assert sound.mixer._voices  # playing
        controller.key("escape")
        time.sleep(3 * PERIOD_MS / 1000)
        assert not sound.mixer._voices
    finally:
        sound.close()
