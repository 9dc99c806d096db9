"""The listener's clock (issue 24): what counts is when the player has heard a thing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.interactive.helpers import write_setup
from uno_cli.engine.options import CLASSIC
from uno_cli.interactive import build_controller
from uno_cli.interactive.announcer import LEAD, Announcer
from uno_cli.interactive.clock import GAP, SpeechClock, speaking_time
from uno_cli.play.playconfig import PlayConfig
from uno_cli.play.settings import Settings


class Recorder:
    """A speaker that notes every call; ``timed`` makes it report begin/end like Speech Dispatcher."""

    available = True

    def __init__(self, timed: bool = False) -> None:
        self.calls: list[tuple[str, bool]] = []
        self.reports_timing = timed
        self.events: list = []

    def speak(self, text: str, interrupt: bool = False, on_event=None) -> None:
        self.calls.append((text, interrupt))
        if on_event is not None:
            self.events.append(on_event)

    def braille(self, text: str) -> None:
        pass

    def silence(self) -> None:
        self.calls.append(("<silence>", True))


def _heard_all(out: Announcer) -> None:
    """Everything said so far has been heard to the end."""
    import time

    for item in out.clock.pending():
        out.clock.report(item, "end", time.monotonic())


# ---------------------------------------------------------------- the clock


def test_speaking_time_follows_words_and_rate() -> None:
    assert speaking_time("one two three four five", 300) == pytest.approx(1.0 + GAP)
    assert speaking_time("one two three four five", 150) == pytest.approx(2.0 + GAP)
    assert speaking_time("anything at all", 0) == 0.0  # rate 0: the game never waits


def test_estimated_messages_queue_one_after_another() -> None:
    clock = SpeechClock(rate=60)  # one word a second
    clock.add("a b", "news", now=100.0)
    clock.add("c d e", "news", now=100.5)
    assert clock.heard_at(now=100.5) == pytest.approx(100.0 + 2 + GAP + 3 + GAP)
    assert [i.text for i in clock.pending(now=102.5)] == ["c d e"]  # the first was heard
    assert clock.heard_delay(now=200.0) == 0.0


def test_backend_reports_win_over_the_estimate_and_calibrate_the_rate() -> None:
    clock = SpeechClock(rate=600)  # a wrong guess: ten words a second
    item = clock.add("one two three four five six", "news", reported=True, now=10.0)
    clock.report(item, "begin", 10.2)
    # Past its estimate but not reported ended: still being heard.
    assert clock.heard_delay(now=12.0) > 0
    clock.report(item, "end", 13.2)  # six words in three seconds: 120 a minute
    assert clock.heard_delay(now=13.2) == 0.0
    assert clock.measured_rate == pytest.approx(60 / ((3.0 - GAP) / 6))
    nxt = clock.add("a b c d e f", "news", reported=True, now=14.0)
    assert clock.end_of(nxt, now=14.0) == pytest.approx(14.0 + 3.0, abs=0.01)


def test_a_cut_returns_what_was_not_heard() -> None:
    clock = SpeechClock(rate=60)
    clock.add("a", "news", now=0.0)
    second = clock.add("b c d", "news", now=0.0)
    assert clock.cut(now=2.0) == [second]
    assert clock.heard_delay(now=2.0) == 0.0


# ---------------------------------------------------------------- nothing unheard is lost


def test_a_key_answers_first_then_says_what_it_cut_in_short() -> None:
    speaker = Recorder()
    out = Announcer(lambda line: None, speaker)
    out.say("Bruno plays red 5.")
    out.say("Carla draws a card.")
    out.say("The top card is a red 5.", interrupt=True)
    assert speaker.calls[-2] == ("The top card is a red 5.", True)
    assert speaker.calls[-1] == ("Meanwhile: Bruno plays red 5. Carla draws a card.", False)


def test_a_cut_summary_is_said_again_after_the_next_answer() -> None:
    speaker = Recorder()
    out = Announcer(lambda line: None, speaker)
    out.say("Bruno plays red 5.")
    out.say("red 5, 1 of 3.", interrupt=True)
    out.say("red 7, 2 of 3.", interrupt=True)  # cuts the summary too
    assert speaker.calls[-1] == ("Meanwhile: Bruno plays red 5.", False)


def test_a_summary_begun_is_not_said_again_after_the_next_answer_but_kept_for_the_repeat_key() -> None:
    import time

    speaker = Recorder()
    out = Announcer(lambda line: None, speaker)
    out.say("Bruno plays red 5.")
    out.say("red 5, 1 of 3.", interrupt=True)
    answer = out.clock.pending()[0]
    out.clock.report(answer, "end", time.monotonic())  # heard: the "Meanwhile" is being heard now
    out.say("red 7, 2 of 3.", interrupt=True)
    assert speaker.calls[-1] == ("red 7, 2 of 3.", True)
    out.repeat()
    assert speaker.calls[-1] == ("Meanwhile: Bruno plays red 5.", True)


def test_many_cut_messages_say_the_latest_and_how_many_more() -> None:
    speaker = Recorder()
    out = Announcer(lambda line: None, speaker)
    for n in range(6):
        out.say(f"Line {n}.")
    out.say("Your hand.", interrupt=True)
    assert speaker.calls[-1][0] == "Meanwhile, 2 earlier messages, then: Line 2. Line 3. Line 4. Line 5."


def test_escape_silences_and_keeps_the_news_for_the_repeat_key() -> None:
    speaker = Recorder()
    out = Announcer(lambda line: None, speaker)
    out.say("Bruno wins the hand.")
    out.silence()
    out.say("red 5, 1 of 3.", interrupt=True)
    assert speaker.calls[-1] == ("red 5, 1 of 3.", True)  # Escape's news is not pushed on the player
    out.repeat()
    assert speaker.calls[-1] == ("Meanwhile: Bruno wins the hand.", True)
    _heard_all(out)
    out.repeat()  # heard now: R repeats the last message again
    assert speaker.calls[-1] == ("red 5, 1 of 3.", True)


def test_page_up_walks_the_game_messages_and_keeps_answers_apart() -> None:
    lines: list[str] = []
    out = Announcer(lines.append, None)
    out.say("Ana plays red 7.")
    out.say("The top card is a red 7.", interrupt=True)
    out.say("Bruno draws a card.")
    out.walk(-1)
    assert lines[-1] == "Ana plays red 7."
    assert out.history == ["Ana plays red 7.", "Bruno draws a card."]
    assert out.answers == ["The top card is a red 7."]


def test_protection_counts_from_speaking_not_printing() -> None:
    """An important line queued behind others is protected until it has been heard."""
    speaker = Recorder()
    out = Announcer(lambda line: None, speaker, rate=60)
    out.say("one two three four five six seven eight nine ten")  # ten seconds of speech
    out.say("Your turn.", important=True)
    out.say("The top card is a red 5.", interrupt=True)
    assert speaker.calls[-1] == ("The top card is a red 5.", False)  # queued, never cuts the turn


def test_timed_speaker_reports_reach_the_clock() -> None:
    speaker = Recorder(timed=True)
    out = Announcer(lambda line: None, speaker, rate=60)
    out.say("one two three")
    assert out.heard_delay() > 2
    report = speaker.events[-1]
    import time

    report("begin", time.monotonic() - 1)
    report("end", time.monotonic())
    assert out.heard_delay() == 0.0


# ---------------------------------------------------------------- news printed on the listener's clock


def test_lines_of_one_change_are_printed_and_spoken_each_when_the_one_before_is_nearly_heard() -> None:
    """Three lines at once: the second and third wait (on the clock already), then follow in order."""
    import asyncio
    import time

    written: list[tuple[float, str]] = []
    speaker = Recorder()

    async def main() -> float:
        out = Announcer(lambda line: written.append((time.monotonic(), line)), speaker, rate=300)
        out.say("Bruno plays red Draw Two.")  # five words at 300 a minute: 1.15 s
        out.say("Carla draws 2 cards.")
        out.say("Your turn.", important=True)
        assert [line for _t, line in written] == ["Bruno plays red Draw Two."]
        assert [text for text, _i in speaker.calls] == ["Bruno plays red Draw Two."]
        delay = out.heard_delay()  # the waiting lines count: bots wait for all three
        start = time.monotonic()
        while len(written) < 3 and time.monotonic() - start < 5:
            await asyncio.sleep(0.02)
        return delay

    delay = asyncio.run(main())
    assert delay == pytest.approx(speaking_time("Bruno plays red Draw Two.", 300) + speaking_time(
        "Carla draws 2 cards.", 300) + speaking_time("Your turn.", 300), abs=0.1)
    assert [line for _t, line in written] == ["Bruno plays red Draw Two.", "Carla draws 2 cards.", "Your turn."]
    assert [text for text, _i in speaker.calls] == [line for _t, line in written]
    # Each goes out when the one before it is nearly heard (never sooner; later only by the
    # event loop's own delay on a busy machine).
    first_end = written[0][0] + speaking_time("Bruno plays red Draw Two.", 300)
    assert first_end - LEAD - 0.05 <= written[1][0] <= first_end - LEAD + 0.5
    second_end = first_end + speaking_time("Carla draws 2 cards.", 300)
    assert second_end - LEAD - 0.05 <= written[2][0] <= second_end - LEAD + 0.5


def test_a_key_prints_the_waiting_lines_first_and_says_them_after_its_answer() -> None:
    import asyncio

    written: list[str] = []
    speaker = Recorder()

    async def main() -> Announcer:
        out = Announcer(written.append, speaker, rate=300)
        out.say("Bruno plays red 5.")
        out.say("Carla draws a card.")
        out.say("red 7, 1 of 3", interrupt=True)
        await asyncio.sleep(0.1)
        return out

    out = asyncio.run(main())
    assert written == ["Bruno plays red 5.", "Carla draws a card.", "red 7, 1 of 3"]
    assert speaker.calls == [("Bruno plays red 5.", False), ("red 7, 1 of 3", True),
                             ("Meanwhile: Bruno plays red 5. Carla draws a card.", False)]
    assert out.history == ["Bruno plays red 5.", "Carla draws a card."]


def test_waiting_lines_behind_an_important_one_are_spoken_before_a_key_s_answer() -> None:
    import asyncio

    written: list[str] = []
    speaker = Recorder()

    async def main() -> None:
        out = Announcer(written.append, speaker, rate=300)
        out.say("Your turn.", important=True)
        out.say("Carla says UNO.")
        out.say("red 7, 1 of 3", interrupt=True)

    asyncio.run(main())
    assert written == ["Your turn.", "Carla says UNO.", "red 7, 1 of 3"]
    assert speaker.calls == [("Your turn.", False), ("Carla says UNO.", False), ("red 7, 1 of 3", False)]


def test_a_turn_line_still_waiting_when_a_newer_turn_comes_is_never_printed_nor_spoken() -> None:
    """Ana's card out of turn, and "Your turn." waiting behind it; the player plays before hearing
    it: that "Your turn." would be heard after the player's own move, untrue. It is left out (the
    history keeps it); a turn line already out is not touched."""
    import asyncio

    written: list[str] = []
    speaker = Recorder()

    async def main() -> Announcer:
        out = Announcer(written.append, speaker, rate=300)
        out.say("Ana continues the sequence with blue 8.")
        out.say("Your turn.", important=True, turn=0)
        out.say("You play blue 3.")
        out.withdraw_turns(1)  # the controller, at the next turn's message
        out.say("Ana's turn.", turn=1)
        waited = 0.0
        while len(written) < 3 and waited < 8:
            await asyncio.sleep(0.05)
            waited += 0.05
        out.withdraw_turns(0)  # "Ana's turn." is out: nothing to leave out
        await asyncio.sleep(0.1)
        return out

    out = asyncio.run(main())
    assert written == ["Ana continues the sequence with blue 8.", "You play blue 3.", "Ana's turn."]
    assert [text for text, _i in speaker.calls] == written
    assert "Your turn." in out.history
    assert all(item.text != "Your turn." for item in out.clock.pending())  # no time counted for it


def test_a_turn_line_still_waiting_stays_while_the_turn_stays_and_goes_when_it_passes_on() -> None:
    """The player draws before hearing "Your turn." and keeps the turn: the line is still true; when
    the turn then passes on before it was heard, it is left out."""
    import asyncio

    def run(passes_on: bool) -> list[str]:
        written: list[str] = []

        async def main() -> None:
            out = Announcer(written.append, Recorder(), rate=300)
            out.say("Ana jumps in with blue 8.")
            out.say("Your turn.", important=True, turn=0)
            out.withdraw_turns(0)  # the draw keeps the turn
            out.say("You draw red 5.")
            if passes_on:
                out.withdraw_turns(1)
                out.say("Ana's turn.", turn=1)
            waited = 0.0
            while len(written) < 3 and waited < 8:
                await asyncio.sleep(0.05)
                waited += 0.05

        asyncio.run(main())
        return written

    assert run(passes_on=False) == ["Ana jumps in with blue 8.", "Your turn.", "You draw red 5."]
    assert run(passes_on=True) == ["Ana jumps in with blue 8.", "You draw red 5.", "Ana's turn."]


def test_a_line_said_from_another_thread_is_printed_and_spoken_in_the_same_order() -> None:
    """Speech or sound starting up says its line from its own thread: it takes its turn on the
    game's loop, so the screen never shows it after a line spoken later than it."""
    import asyncio
    import io
    import threading

    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from uno_cli.interactive.app import print_above_prompt

    stream = io.StringIO()
    speaker = Recorder()

    async def main() -> None:
        with create_pipe_input() as pipe:
            session = PromptSession(input=pipe, output=DummyOutput())
            prompt = asyncio.ensure_future(session.prompt_async())
            await asyncio.sleep(0.05)
            out = Announcer(lambda line: print_above_prompt(line, stream), speaker, rate=0)
            out.loop = asyncio.get_running_loop()
            out.say("Ana plays red 7.")
            other = threading.Thread(target=out.say, args=("No audio device: sound is off.",))
            other.start()
            other.join()
            out.say("Your turn.")
            await asyncio.sleep(0.2)
            session.app.exit(result="")
            await prompt

    asyncio.run(main())
    printed = stream.getvalue().splitlines()
    assert sorted(printed) == sorted(text for text, _i in speaker.calls)
    assert printed == [text for text, _i in speaker.calls]


# ---------------------------------------------------------------- the referee hook


def test_bot_entries_count_from_when_the_change_was_heard_in_real_time_only() -> None:
    from uno_cli.play.playconfig import SeatSpec
    from uno_cli.play.session import Session

    config = PlayConfig(players=3, seats=[SeatSpec("human"), SeatSpec("bot", "normal"), SeatSpec("bot", "normal")],
                        seed=5, options=CLASSIC)
    session = Session(config, viewer=0, auto_next_hand=False, script_kind="human")
    session.start()
    referee = session.referee
    before = referee.schedule(virtual=False)
    virtual = referee.schedule(virtual=True)
    referee.heard_delay = 3.5
    after = referee.schedule(virtual=False)
    assert [e.time + 3.5 for e in before] == pytest.approx([e.time for e in after])
    assert referee.schedule(virtual=True) == virtual  # script mode and the simulator are unchanged


# ---------------------------------------------------------------- the controller

SETUP = {
    "players": 2,
    "hands": [["r5", "r7", "g3"], ["y1", "y2", "y3", "y4", "y5", "y6", "w+4"]],
    "discard": ["r1"],
    "current": 1,
    "dealer": 2,
    "hand": 1,
}


def _controller(tmp_path: Path, setup: dict, **rules):
    lines: list[str] = []
    options = CLASSIC.with_values(**rules) if rules else CLASSIC
    config = PlayConfig(speech="off", pace=30.0, seed=7, options=options, speech_rate=0,
                        setup=write_setup(tmp_path / "setup.json", setup))
    controller = build_controller(config, lines.append, Settings())
    controller.key("enter")
    controller.table.start()
    controller.after_change(None)
    return controller, lines


def test_the_first_z_takes_a_playable_card_under_the_cursor(tmp_path: Path) -> None:
    controller, lines = _controller(tmp_path, SETUP)
    assert controller.cursor.focused() == "r5"
    controller.key("z")
    assert lines[-1] == "red 5"
    controller.key("z")
    assert lines[-1] == "red 7"  # Z is heard at every turn: the card alone (Z goes only to cards that play)
    controller.key("right")
    assert lines[-1] == "green 3, 3 of 3"  # the arrows say where it is (full verbosity)


def test_a_wild_draw_four_on_the_player_says_the_choice_first(tmp_path: Path) -> None:
    from uno_cli.engine.actions import PLAY, Action

    setup = dict(SETUP, current=2)
    controller, lines = _controller(tmp_path, setup)
    mark = len(lines)
    controller.apply(Action(PLAY, 1, "w+4", "g"))
    said = lines[mark:]
    assert said[0] == "Wild Draw Four on you: Space takes 4 cards, F challenges."
    assert "Your turn." not in said
    assert any("Wild Draw Four" in line and line != said[0] for line in said[1:])
    controller.key("space")  # what the choice says Space does
    assert len(controller.game.hands[0]) == 3 + 4


def test_opponents_turns_in_order_are_not_said(tmp_path: Path) -> None:
    from uno_cli.engine.actions import PLAY, Action

    setup = dict(SETUP, players=3, hands=[["r5", "r7", "g3"], ["y1", "y2"], ["y3", "y4"]], dealer=3)
    controller, lines = _controller(tmp_path, setup)
    mark = len(lines)
    controller.apply(Action(PLAY, 0, "r5"))
    assert lines[mark:] == ["You play red 5."]  # not "Ana's turn."
    controller.key("t")
    assert lines[-1] == "Ana's turn."


def test_a_letter_that_is_no_key_says_it_starts_a_typed_command(tmp_path: Path) -> None:
    controller, lines = _controller(tmp_path, SETUP)
    controller.typing_started("x")
    assert lines[-1] == "x: not a key; you are typing a command. Enter sends it, Backspace erases it."


def test_a_slash_starts_a_typed_command_as_the_help_teaches_without_not_a_key(tmp_path: Path) -> None:
    controller, lines = _controller(tmp_path, SETUP)
    controller.typing_started("/")
    assert lines[-1] == "You are typing a command: Enter sends it, Backspace erases it."


def test_the_pause_between_hands_counts_from_when_it_was_heard(tmp_path: Path) -> None:
    from uno_cli.words import interactive as words

    controller, lines = _controller(tmp_path, SETUP)
    controller.out.rate = 60  # a word a second
    _heard_all(controller.out)
    assert controller.next_hand_delay() == pytest.approx(5.0)
    controller.say(words._(words.NEXT_HAND))  # 6 words: about 6 seconds to hear
    assert controller.next_hand_delay() > 5.0 + 5.5


@pytest.mark.parametrize("letter, answer", [("д", "yes"), ("Д", "yes"), ("н", "no")])
def test_serbian_yes_and_no_keys_work_on_a_cyrillic_layout(letter: str, answer: str) -> None:
    from uno_cli.words import i18n
    from uno_cli.interactive.keys import is_no, is_yes, yes_no_letters

    try:
        i18n.set_language(i18n.parse_language("sr_Cyrl"))
        assert letter in yes_no_letters()  # bound as keys, not typed into the line
        assert (is_yes if answer == "yes" else is_no)(letter)
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------- uno join


def test_join_speaks_every_line_of_a_key_s_answer_and_its_passcode_prompt() -> None:
    import json

    from uno_cli.net.client import _Remote, _spoken

    speaker = Recorder()
    out = Announcer(lambda line: None, speaker)
    remote = _Remote(process=None, announcer=out)
    remote.heard(json.dumps({"text": "You challenge Ana.", "reply": True}))
    remote.heard(json.dumps({"text": "Ana bluffed: Ana draws 4 cards.", "reply": True}))
    assert speaker.calls == [("You challenge Ana.", True), ("Ana bluffed: Ana draws 4 cards.", False)]
    assert _spoken(lambda: "secret", out)() == "secret"
    assert speaker.calls[-1] == ("Passcode or password", False)


def test_the_speech_rate_is_a_setting_in_the_options_menu_with_a_test_sentence() -> None:
    from uno_cli.interactive.menu import Menu

    assert Settings().speech_rate == 250
    assert Settings.from_dict({"speech_rate": 400}).speech_rate == 400
    assert Settings.from_dict({"speech_rate": 0}).speech_rate == 0  # never wait for speech
    assert Settings.from_dict({"speech_rate": 5000}).speech_rate == 250
    menu = Menu(Settings())
    menu.index = [item.key for item in menu.items].index("speech_rate")
    assert menu.line(full=False) == "Speech rate: 250 words a minute."
    assert menu.change(1) == ("Speech rate: 300 words a minute. "
                              "This test sentence has ten words to time your speech.")
    assert menu.settings.speech_rate == 300


def test_the_command_line_speech_rate_reaches_the_clock(tmp_path: Path) -> None:
    lines: list[str] = []
    config = PlayConfig(speech="off", pace=30.0, seed=7, options=CLASSIC, speech_rate=420)
    controller = build_controller(config, lines.append, Settings(speech_rate=200))
    assert controller.out.rate == 420
    controller = build_controller(PlayConfig(speech="off", seed=7, options=CLASSIC), lines.append,
                                  Settings(speech_rate=200))
    assert controller.out.rate == 200


def test_what_the_short_verbosity_leaves_unsaid_is_one_page_up_away(tmp_path: Path) -> None:
    lines: list[str] = []
    config = PlayConfig(speech="off", pace=30.0, seed=7, options=CLASSIC, speech_rate=0, verbosity="short")
    controller = build_controller(config, lines.append, Settings())
    controller.key("enter")
    controller.table.start()
    # The start of a hand is short to hear: no dealer draw, dealer, deal or count dealt is printed.
    assert not any("dealer" in line or "to each player" in line or line.startswith("You have") for line in lines)
    assert any(line.startswith("First card: ") for line in lines)
    # ...but every one of them is in the message history, in order.
    history = controller.out.history
    assert any("to choose the dealer" in line for line in history)
    assert any(line.endswith("is the dealer.") or line == "You are the dealer." for line in history)
    assert any("7 cards to each player" in line for line in history)
    assert "You have 7 cards." in history


def test_the_start_of_a_hand_at_full_leaves_the_deal_and_the_dealer_to_the_history(tmp_path: Path) -> None:
    # Issue 24: at full the start of a hand was 6-8 lines at once (the last heard 5-11 s late), then
    # 4-5 (the rules, "Hand 1 begins.", the count: the first card heard 2-4 s late). The first card
    # begins the match at every verbosity; the rules are one key away (F2), the count too (H).
    lines: list[str] = []
    config = PlayConfig(speech="off", pace=30.0, seed=7, options=CLASSIC, speech_rate=0, verbosity="full")
    controller = build_controller(config, lines.append, Settings())
    controller.key("enter")
    controller.table.start()
    assert not any("to each player" in line or "dealer" in line or "sent back" in line for line in lines)
    assert not any(line.startswith(("Rules:", "Hand 1 begins", "You have")) for line in lines)
    assert lines[0].startswith("First card: ")
    history = controller.out.history
    assert any(line.startswith("Rules: ") for line in history) and "Hand 1 begins." in history
    assert "You have 7 cards." in history
    assert any("7 cards to each player" in line for line in history)
    assert any(line.endswith("is the dealer.") or line == "You are the dealer." for line in history)
