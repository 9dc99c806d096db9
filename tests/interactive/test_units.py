"""Settings folders, atomic saves, the announcer's speech rules, the options menu."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.interactive.helpers import PipeGame, write_setup
from uno_cli.play import autosave, settings
from uno_cli.engine.options import CLASSIC
from uno_cli.interactive import Announcer, parse_color
from uno_cli.words.interactive import meanwhile
from uno_cli.interactive.menu import Menu
from uno_cli.play.playconfig import PlayConfig


@pytest.mark.parametrize(
    "platform, env, config_end, data_end",
    [
        ("win32", {"APPDATA": "/roam"}, "/roam/uno-cli", "/roam/uno-cli"),
        ("darwin", {}, "Library/Application Support/uno-cli", "Library/Application Support/uno-cli"),
        ("linux", {"XDG_CONFIG_HOME": "/cfg", "XDG_DATA_HOME": "/dat"}, "/cfg/uno-cli", "/dat/uno-cli"),
        ("linux", {}, ".config/uno-cli", ".local/share/uno-cli"),
    ],
)
def test_folders_follow_the_platform_convention(monkeypatch, platform, env, config_end, data_end) -> None:
    monkeypatch.delenv("UNO_CLI_HOME", raising=False)
    for key in ("APPDATA", "XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(sys, "platform", platform)
    assert settings.config_dir().as_posix().endswith(config_end)
    assert settings.data_dir().as_posix().endswith(data_end)


def test_uno_cli_home_overrides_both(uno_home: Path) -> None:
    assert settings.config_dir() == uno_home / "config"
    assert settings.data_dir() == uno_home / "data"


def test_settings_round_trip_and_bad_values_fall_back(uno_home: Path) -> None:
    assert settings.load() == settings.Settings()
    s = settings.Settings(players=3, bots="hard", speech="off", verbosity="short", pace=0.5, rules={"stacking": True})
    assert settings.save(s)
    assert settings.load() == s
    settings.settings_path().write_text(json.dumps({"players": 99, "speech": "loud", "pace": "x", "verbosity": 3}))
    assert settings.load() == settings.Settings()
    settings.settings_path().write_text("{not json")
    assert settings.load() == settings.Settings()


def test_autosave_is_atomic_and_marked(uno_home: Path) -> None:
    assert autosave.read() is None
    assert autosave.write({"players": 2}, {"sort": "color"})
    data = autosave.read()
    assert data is not None and autosave.ui_state(data)["sort"] == "color"
    assert [p.name for p in autosave.path().parent.iterdir()] == ["autosave.json"]  # no temporary files left
    autosave.path().write_text(json.dumps({"players": 2}))  # a save that is not ours
    assert autosave.read() is None
    autosave.clear()
    assert not autosave.path().exists()


class FakeSpeaker:
    available = True

    def __init__(self) -> None:
        self.calls: list[tuple[str, bool]] = []

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls.append((text, interrupt))

    def braille(self, text: str) -> None:
        pass

    def silence(self) -> None:
        self.calls.append(("<silence>", True))


def test_important_messages_are_not_cut_off_by_later_ones() -> None:
    lines: list[str] = []
    speaker = FakeSpeaker()
    out = Announcer(lines.append, speaker)
    out.say("It's your turn.", important=True)
    out.say("The top card is a red 5.", interrupt=True)
    assert speaker.calls[-1] == ("The top card is a red 5.", False)
    out.silence()  # the player may always stop speech
    out.say("The top card is a red 5.", interrupt=True)
    assert speaker.calls[-1] == ("The top card is a red 5.", True)
    assert lines == ["It's your turn.", "The top card is a red 5.", "The top card is a red 5."]


class TimedSpeaker(FakeSpeaker):
    """A speaker that reports when each message begins and ends, as Speech Dispatcher does."""

    reports_timing = True

    def __init__(self) -> None:
        super().__init__()
        self.reports: list = []

    def speak(self, text: str, interrupt: bool = False, on_event=None) -> None:
        super().speak(text, interrupt)
        self.reports.append(on_event)


OPENING = ["UNO. F1: keys.", "Against 3 bots. Enter starts.", "Rules: Classic.", "Hand 1 begins.",
           "You have 7 cards.", "First card: a red 3."]


def test_lines_said_before_speech_is_ready_are_each_spoken_once_when_it_is() -> None:
    out = Announcer(lambda line: None, None)
    out.say(OPENING[0])
    out.say(OPENING[1], important=True)
    for line in OPENING[2:]:
        out.say(line)
    speaker = FakeSpeaker()
    out.set_speaker(speaker)
    # Every line, in order, each its own message (none dropped, none joined to another).
    assert speaker.calls == [(line, False) for line in OPENING]
    out.say("It's Carla's turn.")
    assert speaker.calls[-1] == ("It's Carla's turn.", False)
    assert len(speaker.calls) == len(OPENING) + 1  # the opening is not said again


def test_lines_said_before_speech_is_ready_are_heard_when_the_backend_says_so() -> None:
    import time

    out = Announcer(lambda line: None, None)
    for line in OPENING:
        out.say(line)
    # Speech was slow to start: the estimate counted the lines heard, though nothing spoke them.
    assert out.clock.pending(now=time.monotonic() + 60) == []
    speaker = TimedSpeaker()
    out.set_speaker(speaker)
    # On the clock from now, reported by the backend: unheard until it says so.
    assert [item.text for item in out.clock.pending()] == OPENING
    assert len(speaker.reports) == len(OPENING) and None not in speaker.reports
    for report in speaker.reports:
        report("begin", time.monotonic())
        report("end", time.monotonic())
    assert out.heard_delay() == 0.0
    out.say("The top card is a red 3.", interrupt=True)  # the first key, once all was heard
    assert speaker.calls[len(OPENING):] == [("The top card is a red 3.", True)]  # no "Meanwhile"
    # A key while they are still being heard cuts them: said again once, after its answer.
    out2 = Announcer(lambda line: None, None)
    for line in OPENING[:2]:
        out2.say(line)
    speaker2 = TimedSpeaker()
    out2.set_speaker(speaker2)
    out2.say("The top card is a red 3.", interrupt=True)
    assert speaker2.calls[2:] == [("The top card is a red 3.", True),
                                  ("Meanwhile: UNO. F1: keys. Against 3 bots. Enter starts.", False)]



def test_the_clock_tells_its_listeners_when_lines_are_re_timed_or_reported_over() -> None:
    """What waits on "heard by" (the bots' timers) learns when the speaker arrives and re-times
    the lines said before it, and when the backend says a line is over; a line added does not
    tell (who adds it looks at the clock itself), nor a begin."""
    import time

    out = Announcer(lambda line: None, None)
    told: list[float] = []
    out.clock.listen(lambda: told.append(out.heard_delay()))
    for line in OPENING:
        out.say(line)
    assert told == []
    speaker = TimedSpeaker()
    out.set_speaker(speaker)
    assert len(told) == 1 and told[0] > 0  # re-timed: heard from now
    for report in speaker.reports:
        report("begin", time.monotonic())
        report("end", time.monotonic())
    assert len(told) == 1 + len(OPENING) and told[-1] == 0.0


def test_a_key_before_speech_is_ready_answers_then_says_what_it_cut_once() -> None:
    out = Announcer(lambda line: None, None, rate=60)
    for line in OPENING[:2]:
        out.say(line)
    out.say("The top card is a red 3.", interrupt=True)
    speaker = FakeSpeaker()
    out.set_speaker(speaker)
    # Queued, not cutting in: nothing was being spoken yet.
    assert speaker.calls == [("The top card is a red 3.", False),
                             ("Meanwhile: UNO. F1: keys. Against 3 bots. Enter starts.", False)]


def test_a_speaker_ready_on_its_own_thread_is_attached_on_the_game_s_loop_in_turn() -> None:
    import asyncio
    import threading

    out = Announcer(lambda line: None, None, rate=0)
    speaker = FakeSpeaker()

    async def main() -> None:
        out.loop = asyncio.get_running_loop()
        out.say("one")
        ready = threading.Thread(target=out.set_speaker, args=(speaker,))  # as the speech thread calls it
        ready.start()
        ready.join()
        assert out.speaker is None  # it waits its turn on the game's loop
        out.say("two")
        await asyncio.sleep(0.05)
        assert out.speaker is speaker
        out.say("three")

    asyncio.run(main())
    assert speaker.calls == [("one", False), ("two", False), ("three", False)]


def test_escape_before_speech_is_ready_leaves_nothing_to_say_when_it_is() -> None:
    out = Announcer(lambda line: None, None, rate=60)
    for line in OPENING:
        out.say(line)
    out.silence()
    speaker = FakeSpeaker()
    out.set_speaker(speaker)
    assert speaker.calls == []
    out.repeat()  # the repeat key says what Escape cut
    assert [text for text, _interrupt in speaker.calls] == [meanwhile(OPENING)]


def test_history_walk() -> None:
    lines: list[str] = []
    out = Announcer(lines.append, None)
    for text in ("one", "two", "three"):
        out.say(text)
    # The newest message was just heard: Page Up starts with the one before it.
    out.walk(-1)
    out.walk(-1)
    out.walk(-1)
    out.walk(1)
    out.walk(1)
    out.walk(1)
    assert lines[3:] == ["two", "one", "First message. one", "two", "three", "Last message. three"]
    out.say("four")
    out.walk(-1)
    assert lines[-1] == "three"
    out.repeat()  # repeat says the newest message, wherever the walk is
    assert lines[-1] == "four"


def test_colour_words_numbers_and_initials() -> None:
    assert [parse_color(w) for w in ("1", "4", "r", "Y", "green", "blue")] == ["r", "b", "r", "y", "g", "b"]
    assert parse_color("purple") is None


def test_menu_refuses_impossible_rules_with_the_reason() -> None:
    menu = Menu(settings.Settings(players=3))
    keys = [item.key for item in menu.items]
    menu.index = keys.index("partners")
    text = menu.change(1)
    assert "Partners need exactly four players" in text
    assert menu.settings.rules == {}
    menu.index = keys.index("stacking")
    assert menu.change(1) == "Stacking: on."
    assert menu.options().stacking is True


@pytest.mark.parametrize("current", ["en", "pt", "it"])
def test_menu_names_each_language_in_that_language_never_by_its_code(current: str) -> None:
    from uno_cli.words import i18n

    with i18n.use_language(current):
        menu = Menu(settings.Settings(), tuple(i18n.LANGUAGES))
        menu.index = [item.key for item in menu.items].index("lang")
        said = [menu.change(1) for _ in i18n.LANGUAGES]
    for name in ("English", "Português (Brasil)", "Srpski (latinica)", "Српски (ћирилица)", "Română", "Italiano"):
        assert any(name + "." in line for line in said), (name, said)
    for code in i18n.LANGUAGES:
        assert not any(f": {code}." in line for line in said), (code, said)


JUMP_SETUP = {
    "players": 2,
    "options": {"jump_in": True},
    "hands": [["g5", "r2", "b9"], ["g1", "y2", "y3", "y4", "y5", "y6", "y7"]],
    "discard": ["g5"],
    "current": 2,
    "dealer": 1,
    "hand": 1,
}


def test_enter_jumps_in_out_of_turn(tmp_path: Path) -> None:
    game = PipeGame(PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC,
                               setup=write_setup(tmp_path / "s.json", JUMP_SETUP)))
    try:
        game.wait_for("Enter starts")
        game.press("\r", "Ana's turn")
        # A setup cannot open the jump-in window; open it as a green 5 just played would.
        engine = game.controller.game
        engine.jump_open = True
        engine._legal_cache = None
        game.press("\x1b[H\x1b[C", "green 5, 2 of 3, playable")
        game.press("\r", "You jump in")
        assert game.controller.game.hands[0] == ["r2", "b9"]
    finally:
        game.close()


def test_short_verbosity_leaves_out_what_can_be_asked(tmp_path: Path) -> None:
    game = PipeGame(PlayConfig(speech="off", pace=0.0, seed=3, verbosity="short", options=CLASSIC))
    try:
        game.wait_for("Enter starts")
        game.press("\r", "Your turn.", timeout=20)
        text = game.text()
        assert "to choose the dealer" not in text
        assert "Ana's turn." not in text
    finally:
        game.close()


SEVEN_SETUP = {
    "players": 3,
    "options": {"seven_o": True},
    "hands": [["r7", "g2", "b9"], ["g1", "y2", "y3", "y4", "y5", "y6", "y7"], ["b1", "b2"]],
    "discard": ["r1"],
    "current": 1,
    "dealer": 3,
    "hand": 1,
}


def test_a_seven_asks_whose_hand_to_take(tmp_path: Path) -> None:
    game = PipeGame(PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC,
                               setup=write_setup(tmp_path / "s.json", SEVEN_SETUP)))
    try:
        game.wait_for("Enter starts")
        game.press("\r", "Your turn.")
        game.press("\x1b[H", "red 7")
        game.press("\r", "Swap hands with whom?")
        game.press("\x1b[C", "Bruno")
        game.press("\r", "You swap hands with Bruno")
        assert sorted(game.controller.game.hands[0]) == ["b1", "b2"]
    finally:
        game.close()


def test_a_game_taken_up_from_a_file_says_your_turn_once(tmp_path: Path) -> None:
    """The situation, then "Your turn." once: the situation's line said it too (heard twice on resuming)."""
    setup = dict(JUMP_SETUP, current=1)
    game = PipeGame(PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC,
                               setup=write_setup(tmp_path / "s.json", setup)))
    try:
        game.wait_for("Enter starts")
        game.press("\r", "Your turn")
        game.press("h", "blue 9")  # a key answered: whatever the resumed game said first is in
        heard = "\n".join(game.lines)
        assert heard.count("Your turn") == 1 and "The top card is a green 5." in heard
    finally:
        game.close()
