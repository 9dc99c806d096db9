"""Turning sound on and off: settings, options menu, command line, and the notice when it cannot play."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from uno_cli.words import i18n
from uno_cli.interactive.announcer import Announcer
from uno_cli.interactive.menu import Menu
from uno_cli.play.playconfig import PlayConfig
from uno_cli.play.settings import Settings
from uno_cli import sound as sound_mod
from uno_cli.words import sound as words


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    return tmp_path


def _wait_sound_thread() -> None:
    for thread in threading.enumerate():
        if thread.name == "uno-sound":
            thread.join(30)


def test_settings_keep_sound_volume_and_panning_and_refuse_nonsense() -> None:
    s = Settings.from_dict({"sound": "off", "sound_volume": 30, "sound_panning": "off"})
    assert (s.sound, s.sound_volume, s.sound_panning) == ("off", 30, "off")
    bad = Settings.from_dict({"sound": "loud", "sound_volume": 900, "sound_panning": True})
    assert (bad.sound, bad.sound_volume, bad.sound_panning) == ("on", 80, "on")
    assert Settings.from_dict({"sound_volume": 0}).sound_volume == 0


def test_the_command_line_wins_over_the_settings() -> None:
    settings = Settings(sound="on", sound_volume=50, sound_panning="on")
    assert sound_mod.choice(PlayConfig(), settings) == ("on", 50, True)
    assert sound_mod.choice(PlayConfig(sound="off", volume=20, panning="off"), settings) == ("off", 20, False)
    assert sound_mod.choice(PlayConfig(volume=0), settings)[1] == 0


def test_the_options_menu_changes_sound_volume_and_panning() -> None:
    menu = Menu(Settings())
    keys = [item.key for item in menu.items]
    menu.index = keys.index("sound")
    assert menu.line() == "Sound: on. A short sound for each move, before the words: on or off."
    assert menu.change(1) == "Sound: off."
    menu.index = keys.index("sound_volume")
    assert menu.change(1) == "Sound volume: 90 percent."
    assert menu.change(1) == "Sound volume: 100 percent."
    assert menu.change(1) == "Sound volume: 10 percent."
    menu.index = keys.index("sound_panning")
    assert menu.change(-1) == "Sound panning: off."
    s = menu.settings
    assert (s.sound, s.sound_volume, s.sound_panning) == ("off", 10, "off")


def test_the_options_menu_speaks_sound_in_the_players_language() -> None:
    i18n.set_language("pt")
    try:
        menu = Menu(Settings())
        menu.index = [item.key for item in menu.items].index("sound_volume")
        assert menu.line(full=False) == "Volume do som: 80 por cento."
    finally:
        i18n.set_language("en")


def test_without_the_library_the_game_says_once_that_sound_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "miniaudio", None)  # import fails as when the extra is missing
    lines: list[str] = []
    announcer = Announcer(lines.append)
    got = sound_mod.start(PlayConfig(), Settings(), announcer)
    _wait_sound_thread()
    assert got is not None and got.problem == "library" and not got.available
    assert lines == [words.NO_SOUND_LIBRARY.format(command=words.INSTALL)]
    got.event("turn", {"seat": 1, "text": "Your turn."})  # and the game goes on, silent
    assert lines == [words.NO_SOUND_LIBRARY.format(command=words.INSTALL)]


def test_without_an_audio_device_the_game_says_so_in_the_players_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from uno_cli.sound import player

    def no_device(*_args: object, **_kw: object) -> None:
        raise RuntimeError("failed to init device")

    monkeypatch.setattr(player, "Device", no_device)
    lines: list[str] = []
    i18n.set_language("it")
    try:
        sound_mod.start(PlayConfig(), Settings(), Announcer(lines.append))
        _wait_sound_thread()
    finally:
        i18n.set_language("en")
    with i18n.use_language("it"):
        expected = i18n._(words.NO_SOUND_DEVICE)
    assert expected != words.NO_SOUND_DEVICE and "audio" in expected  # the Italian sentence, not the English
    assert lines == [expected]


def test_sound_off_opens_nothing_and_says_nothing() -> None:
    lines: list[str] = []
    announcer = Announcer(lines.append)
    assert sound_mod.start(PlayConfig(sound="off"), Settings(), announcer) is None
    assert announcer.sound is None and lines == []


def test_closing_the_menu_turns_sound_off_and_on_and_changes_the_volume() -> None:
    pytest.importorskip("miniaudio")
    announcer = Announcer([].append)
    config = PlayConfig(sound="off")
    sound_mod.apply_settings(announcer, config, Settings(sound="on", sound_volume=40, sound_panning="off"))
    first = announcer.sound
    assert first is not None and config.sound is None  # the menu's choice now rules
    _wait_sound_thread()
    sound_mod.apply_settings(announcer, config, Settings(sound="on", sound_volume=70, sound_panning="on"))
    assert announcer.sound is first and first.mixer.volume == 0.7 and first.panning
    sound_mod.apply_settings(announcer, config, Settings(sound="off"))
    assert announcer.sound is None and not first.available


def test_asking_for_a_sound_never_waits_for_the_device() -> None:
    """Sound.event only queues: the event loop goes on while the audio thread is busy or absent."""
    s = sound_mod.Sound(viewer=1)
    s.available = True  # as if open, but no device pulls the queue
    for _ in range(1000):
        s.event("turn", {"seat": 1, "text": "Your turn."})
    assert len(s.mixer._queue) == 1000
    s.silence()
    assert not s.mixer._queue


def test_a_game_that_ends_while_sound_opens_hears_nothing_more(monkeypatch: pytest.MonkeyPatch) -> None:
    from uno_cli.sound import player

    opening = threading.Event()
    release = threading.Event()

    def slow_failure(*_args: object, **_kw: object) -> None:
        opening.set()
        release.wait(10)
        raise RuntimeError("no device")

    monkeypatch.setattr(player, "Device", slow_failure)
    lines: list[str] = []
    announcer = Announcer(lines.append)
    got = sound_mod.start(PlayConfig(), Settings(), announcer)
    assert opening.wait(30)
    got.close()  # the game ends (close_speaker) before the device answered
    release.set()
    _wait_sound_thread()
    assert lines == [] and got.closed and not got.available
