"""Every key of the interactive game, driven through prompt_toolkit's pipe input."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.interactive.helpers import PipeGame, write_setup
from uno_cli.engine.options import CLASSIC
from uno_cli.play.playconfig import PlayConfig

LEFT, RIGHT, HOME, END = "\x1b[D", "\x1b[C", "\x1b[H", "\x1b[F"
PAGE_UP, PAGE_DOWN = "\x1b[5~", "\x1b[6~"
F1, F2, CTRL_F1 = "\x1bOP", "\x1bOQ", "\x1b[1;5P"
CTRL_S, CTRL_C, CTRL_D = "\x13", "\x03", "\x04"

MY_HAND = ["r5", "r7", "w", "g3", "b+2"]
SETUP = {
    "players": 2,
    "hands": [MY_HAND, ["y1", "y2", "y3", "y4", "y5", "y6", "y7"]],
    "discard": ["r1"],
    "current": 1,
    "dealer": 2,
    "hand": 1,
}


def config(setup: str | None = None, pace: float = 30.0, **kw) -> PlayConfig:
    return PlayConfig(**{"speech": "off", "pace": pace, "seed": 7, "setup": setup, "options": CLASSIC, **kw})


@pytest.fixture
def game(tmp_path: Path):
    g = PipeGame(config(write_setup(tmp_path / "setup.json", SETUP)))
    g.wait_for("Enter starts")
    g.press("\r", "Your turn.")
    yield g
    g.close()


def test_start_says_the_opponents_then_how_to_get_help_and_start(game: PipeGame) -> None:
    # Two short lines: the second is heard soon after the program starts.
    assert game.lines[:2] == ["UNO. Against 1 bot.", "F1: keys; F2: rules. Enter starts; O: options."]


def test_arrows_home_end_read_the_hand(game: PipeGame) -> None:
    assert game.press(HOME, "of 5").startswith("red 5, 1 of 5, playable")
    assert game.press(RIGHT, "of 5").startswith("red 7, 2 of 5, playable")
    line = game.press(RIGHT, "of 5")  # the hand is read sorted by colour, as it was dealt out loud
    assert line.startswith("green 3, 3 of 5")
    assert "playable" not in line
    assert game.press(LEFT, "of 5").startswith("red 7")
    assert game.press(END, "of 5").startswith("Wild, 5 of 5, playable")


def test_z_and_shift_z_jump_between_playable_cards_and_name_the_card_alone(game: PipeGame) -> None:
    game.press(END, "5 of 5")
    # Z goes only to cards that play: it names the card, not that it plays nor where it is.
    assert game.press("z", "red 5") == "red 5"
    assert game.press("z", "red 7") == "red 7"
    assert game.press("Z", "red 5") == "red 5"
    assert game.press("Z", "Wild") == "Wild"


def test_sorting_by_colour_and_number(game: PipeGame) -> None:
    line = game.press("C", "sorted by colour")
    assert "You have 5 cards: red 5, red 7, green 3, blue Draw Two, and Wild." in line
    line = game.press("N", "sorted by number")
    assert line.index("green 3") < line.index("red 5") < line.index("red 7")


@pytest.mark.parametrize(
    "key, expected",
    [
        ("c", "The top card is a red 1"),
        ("v", "The colour in play is red."),
        ("e", "Ana: 7 cards"),
        ("g", "No draw penalty is waiting."),
        ("s", "Scores:"),
        ("t", "Your turn."),
        ("i", "The top card is a red 1"),
        ("h", "You have 5 cards: red 5, red 7, green 3, blue Draw Two, and Wild."),
    ],
)
def test_information_keys(game: PipeGame, key: str, expected: str) -> None:
    game.press(key, expected)


def test_keys_that_cannot_act_now_say_why(game: PipeGame) -> None:
    # F sends the challenge to the engine and says its refusal (no penalty waits here).
    assert game.press("f", "There is no draw penalty to answer.")
    assert "Beep" in game.press("b", "Beep")
    game.press("u", "UNO")


def test_enter_plays_the_focused_card(game: PipeGame) -> None:
    game.press(HOME, "red 5")
    game.press("\r", "You play red 5.")
    assert game.controller.game.hands[0] == ["r7", "w", "g3", "b+2"]


def test_a_card_that_does_not_match_is_refused_with_the_reason(game: PipeGame) -> None:
    game.press(END + LEFT, "blue Draw Two")
    line = game.press("\r", "does not match")
    assert "blue Draw Two" in line
    assert len(game.controller.game.hands[0]) == 5


@pytest.mark.parametrize(
    "keys, color",
    [("1", "red"), ("4", "blue"), ("y", "yellow"), ("G", "green"), (RIGHT + RIGHT, "green")],
)
def test_colour_choice_by_number_initial_or_arrows(game: PipeGame, keys: str, color: str) -> None:
    game.press(END, "Wild")
    game.press("\r", "1 red, 2 yellow")
    if keys.startswith("\x1b"):
        game.press(RIGHT, "yellow")
        game.press(RIGHT, "green")
        game.press("\r", f"Wild: {color}")  # the colour is said in the card's line
    else:
        game.press(keys, f"{color}")
    assert game.controller.game.color == color[0]


def test_space_draws(game: PipeGame) -> None:
    game.press(" ", "You draw")
    assert len(game.controller.game.hands[0]) == 6


def test_repeat_and_history(game: PipeGame) -> None:
    game.press("c", "The top card")
    since = game.mark()
    game.press("r", "The top card")
    game.press(PAGE_UP, "")
    game.wait_for("", since)
    before = game.mark()
    game.press(PAGE_UP)
    game.press(PAGE_DOWN)
    game.wait_for("", before)


def test_first_f1_names_the_keys_that_matter_now_in_short(game: PipeGame) -> None:
    line = game.press(F1, "Keys now:")
    assert "Z: next playable" in line and "Enter: play this" in line and "Space: draw" in line
    assert "F1 again: every key." in line
    assert len(line.split()) <= 40  # was one message of 64-77 seconds


def test_help_lists_every_key_and_how_to_type_commands(game: PipeGame) -> None:
    game.press(F1, "Keys now:")
    game.press(F1, "start with a slash")
    text = game.text()
    for label in ("Space:", "U or 1:", "B:", "Left arrow:", "Enter:", "Z:", "Shift+Z:", "Shift+C:", "Shift+N:",
                  "C:", "V:", "E:", "G:", "S:", "T:", "F:", "R:", "Page Up:", "P:", "Ctrl+S:", "F1:", "Ctrl+F1"):
        assert label in text, label


def test_rule_book_is_one_key_away(game: PipeGame) -> None:
    game.press(F2, "Rule book")
    game.press("\x1b[B", "About these rules.")
    game.press("\x1b[B", "The aim of the game.")
    game.press("\x1b", "Back to the game.")
    game.press(CTRL_F1, "Rule book")


def test_pause_and_save(game: PipeGame, uno_home: Path) -> None:
    game.press("p", "Paused")
    game.press("p", "goes on")
    game.press(CTRL_S, "Game saved")
    assert (uno_home / "data" / "autosave.json").exists()


def test_typed_commands_after_a_slash(game: PipeGame) -> None:
    game.press("/hand\r", "You have 5 cards")
    game.press("/play r7\r", "You play red 7.")


def test_a_letter_that_is_no_key_answers_the_quit_question_and_types_nothing(game: PipeGame) -> None:
    # It began a typed line ("x: not a key; you are typing a command") under the question, and the
    # N pressed next was typed into that line, silently, instead of answering.
    game.press(CTRL_C, "Quit the game?")
    game.press("x", "The game goes on.")
    game.press(CTRL_C, "Quit the game?")
    game.press("n", "The game goes on.")
    assert not any("not a key" in line for line in game.lines)
    game.press("h", "You have 5 cards")  # a key again: nothing was left typed


def test_ctrl_c_and_ctrl_d_ask_before_quitting(game: PipeGame) -> None:
    game.press(CTRL_C, "Quit the game?")
    game.press("n", "goes on")
    game.press(CTRL_D, "Quit the game?")
    game.press("n", "goes on")
    game.press(CTRL_C, "Quit the game?")
    game.press("y", "Goodbye.")
    game.thread.join(5)
    assert game.result == [0]


def test_options_menu_before_the_match(tmp_path: Path, uno_home: Path) -> None:
    g = PipeGame(config())
    try:
        g.wait_for("Enter starts")
        g.press("o", "Options.")
        g.press("\x1b[B", "Players: 4")
        g.press(RIGHT, "Players: 5")
        for _ in range(14):  # the twelve settings after Players (speech rate, braille, sound, thinking time among them), then rule options
            g.press("\x1b[B")
        g.press("", None)
        g.wait_for("Challenging a Wild Draw Four")
        g.press("\x1b", "Options saved")
        assert '"players": 5' in (uno_home / "config" / "settings.json").read_text()
        g.press("\r", "First card: ")
        g.press("e", "Dario")  # the fourth bot: five players (the count of players is one Page Up away)
    finally:
        g.close()


@pytest.fixture
def game_in(tmp_path: Path):
    """Start the game in a language (the key bindings are made in it); back to English after."""
    from uno_cli.words import i18n

    games: list[PipeGame] = []

    def start(lang: str) -> PipeGame:
        i18n.set_language(lang)
        g = PipeGame(config(write_setup(tmp_path / "setup.json", SETUP), lang=lang))
        games.append(g)
        _wait_until(lambda: g.controller is not None and g.lines)
        g.press("\r")
        _wait_until(lambda: g.controller.table is not None and g.controller.table.started
                    and g.controller.game.current == 0 and g.controller.mode == "play")
        return g

    yield start
    for g in games:
        g.close()
    i18n.set_language("en")


@pytest.mark.parametrize("lang, key, color, initials", [
    ("it", "v", "g", "R, G, V o B"),
    ("it", "G", "y", "R, G, V o B"),
    ("ro", "a", "b", "R, G, V sau A"),
    ("sr_Latn", "ž", "y", "C, Ž, Z ili P"),
    ("sr_Cyrl", "п", "b", "Ц, Ж, З или П"),
    ("sr_Cyrl", "c", "r", "Ц, Ж, З или П"),
    ("sr_Cyrl", "з", "g", "Ц, Ж, З или П"),
    ("it", "в", "g", "R, G, V o B"),  # a Cyrillic layout's В is the V key, whatever the language
    ("ro", "а", "b", "R, G, V sau A"),
])
def test_colour_choice_takes_the_language_s_own_initials(game_in, lang: str, key: str, color: str,
                                                           initials: str) -> None:
    from uno_cli.words.cards_text import card_name

    game = game_in(lang)
    game.press(END, card_name("w"))
    game.press("\r")
    _wait_until(lambda: game.controller.mode == "color")
    line = game.press(F1, initials)  # the short question first; F1 tells the initials too
    assert "Y, G" not in line and "R, Y" not in line
    game.press(key)
    _wait_until(lambda: game.controller.game.color == color)


def test_portuguese_colour_choice_is_by_number_since_the_initials_clash(game_in) -> None:
    from uno_cli.words.cards_text import card_name

    game = game_in("pt")
    game.press(END, card_name("w"))
    line = game.press("\r", "4 azul")
    assert "inicia" not in line
    game.press("3")
    _wait_until(lambda: game.controller.game.color == "g")


@pytest.mark.parametrize("lang, typed, color", [
    ("ro", "/rosu", "r"), ("ro", "/roșie", "r"), ("it", "/color red", "r"), ("pt", "/cor amarela", "y"),
    ("sr_Latn", "/plavu", "b"), ("sr_Cyrl", "/зелена", "g"),
])
def test_colour_choice_understands_typed_colour_words_through_the_parser(game_in, lang: str, typed: str,
                                                                          color: str) -> None:
    from uno_cli.words.cards_text import card_name

    game = game_in(lang)
    game.press(END, card_name("w"))
    game.press("\r")
    _wait_until(lambda: game.controller.mode == "color")
    game.press(typed + "\r")
    _wait_until(lambda: game.controller.game.color == color)


def _wait_until(check, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if check():
            return
        time.sleep(0.02)
    raise AssertionError("not reached")


# ---------------------------------------------------------------- a Cyrillic keyboard layout


def test_every_letter_key_has_one_cyrillic_twin_and_no_twin_is_another_key() -> None:
    from uno_cli.interactive.bindings import SCREEN_KEYS
    from uno_cli.interactive.keys import GAME_KEYS, cyrillic_keys, cyrillic_twin

    names = set(SCREEN_KEYS) | {k for b in GAME_KEYS for k in b.keys}
    twins = cyrillic_keys(names)
    letters = {n for n in names if len(n) == 1 and n.isalpha()}
    assert set(twins.values()) == letters - {"q", "y", "Y"}  # Serbian has no q, w, x, y
    assert not set(twins) & names
    assert (cyrillic_twin("h"), cyrillic_twin("C"), cyrillic_twin("Z")) == ("х", "Ц", "З")
    assert cyrillic_twin("1") is None and cyrillic_twin("space") is None


@pytest.mark.parametrize("lang", ["en", "sr_Cyrl", "ro"])
def test_a_cyrillic_letter_is_a_key_on_the_empty_line_exactly_when_its_latin_twin_is(lang: str) -> None:
    from types import SimpleNamespace

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from uno_cli.interactive.bindings import make_prompt_session
    from uno_cli.interactive.keys import cyrillic_twin
    from uno_cli.words import i18n

    pressed: list[str] = []
    controller = SimpleNamespace(keys_on=True, mode="play", key=pressed.append)
    with i18n.use_language(lang), create_pipe_input() as pipe:
        session = make_prompt_session(controller, input=pipe, output=DummyOutput())
    bound: dict[str, object] = {}
    for binding in session.key_bindings.bindings:
        if len(binding.keys) == 1 and isinstance(binding.keys[0], str) and len(binding.keys[0]) == 1:
            bound.setdefault(binding.keys[0], binding)
    for latin in "abcdefghijklmnoprstuvzABCDEFGHIJKLMNOPRSTUVZ":
        twin = cyrillic_twin(latin)
        assert (twin in bound) == (latin in bound), (lang, latin, twin)
        if latin in bound:
            bound[twin].handler(None)  # type: ignore[attr-defined]
            assert pressed[-1] == latin  # the same key: the game sees its Latin name
    assert "ј" not in bound and "љ" not in bound  # no Latin twin that is a key: they begin typing


def _spawn_in(home: Path, lang: str, setup: str):
    import pexpect

    from tests.interactive.helpers import child_env, uno_command

    cmd, argv = uno_command("--lang", lang, "--speech", "off", "--pace", "30", "--setup", setup, "--speech-rate", "0")
    return pexpect.spawn(cmd, argv, env=child_env(home), encoding="utf-8", timeout=20, dimensions=(50, 200))


def test_sr_cyrl_keys_typed_on_a_cyrillic_layout_say_the_hand_and_the_top_card(uno_home: Path, tmp_path: Path) -> None:
    import re

    from uno_cli.words import interactive as words
    from uno_cli.words import i18n
    from uno_cli.words.cards_text import card_name
    from uno_cli.words.i18n import _

    with i18n.use_language("sr_Cyrl"):
        start, turn, green3, red1 = _(words.START_PROMPT), _("Your turn."), card_name("g3"), card_name("r1")
        typing = words.typing_started("х").split(":")[1].strip()
    child = _spawn_in(uno_home, "sr_Cyrl", write_setup(tmp_path / "setup.json", SETUP))
    try:
        child.expect(re.escape(start))
        child.send("\r")
        child.expect(re.escape(turn))
        child.send("х")  # the H key on the Serbian Cyrillic layout: the hand
        child.expect(re.escape(green3))
        said = child.before + child.after
        child.send("ц")  # the C key: the top card
        child.expect(re.escape(red1))
        said += child.before + child.after
        assert typing not in said  # neither letter began a typed line
        child.send("ј")  # J is no key: it begins a typed line, in Cyrillic, as before
        child.expect(re.escape(typing))
        child.send("\x03")
    finally:
        child.close(force=True)


def test_alt_and_a_letter_on_the_empty_line_says_only_the_letters_answer(uno_home: Path, tmp_path: Path) -> None:
    """A terminal sends Alt+H as Escape then H, at once: the Escape says nothing of its own (with nothing
    being said, Escape alone says "Nothing to stop"), and the H's answer is all that is heard."""
    import re

    from uno_cli.words import interactive as words
    from uno_cli.words.i18n import _

    child = _spawn_in(uno_home, "en", write_setup(tmp_path / "setup.json", SETUP))
    try:
        child.expect(re.escape(_(words.START_PROMPT)))
        child.send("\r")
        child.expect(re.escape("Your turn."))
        child.send("\x1bh")  # Alt+H, in one write as a terminal sends it
        child.expect("You have 5 cards")
        said = child.before
        child.send("c")  # the next key's answer: everything Alt+H made is on the screen before it
        child.expect(re.escape("The top card is a red 1."))
        said += child.before
        assert "Nothing to stop" not in said, said
        time.sleep(0.2)
        child.send("\x1b")  # Escape alone still says there is nothing to stop
        child.expect(re.escape("Nothing to stop"))
        child.send("\x03")
    finally:
        child.close(force=True)


def test_escape_on_a_typed_line_clears_it_and_says_so(game: PipeGame) -> None:
    game.press("/han")
    game.press("\x1b", "Typed line cleared.")
    game.press("h", "You have 5 cards")  # the line is empty again: H is the key


def test_t_during_a_penalty_waiting_says_the_penalty_as_the_turn_line_does(tmp_path: Path) -> None:
    setup = {**SETUP, "hands": [MY_HAND, ["r+2", "g9", "g8"]], "current": 2}
    import dataclasses

    stacking = dataclasses.replace(CLASSIC, stacking=True)  # a penalty waits for its taker
    g = PipeGame(config(write_setup(tmp_path / "setup.json", setup), pace=0.2, options=stacking))
    try:
        g.wait_for("Enter starts")
        g.press("\r", "You must take 2.")
        time.sleep(0.3)
        assert g.press("t", "must take") == "You must take 2."  # not "Your turn." alone
    finally:
        g.close()


def test_escape_with_nothing_being_said_says_so_and_how_to_hear_the_last_message_again(tmp_path: Path) -> None:
    # Speech rate 0: every line is heard as soon as it is said, so Escape has nothing to stop.
    g = PipeGame(config(write_setup(tmp_path / "setup.json", SETUP), speech_rate=0))
    try:
        g.wait_for("Enter starts")
        g.press("\r", "Your turn.")
        assert g.press("\x1b", "Nothing to stop") == "Nothing to stop. R repeats the last message."
        g.press("r", "Your turn.")  # the answer is not the last message: R repeats the game's
    finally:
        g.close()


def test_escape_while_lines_are_being_said_stops_them_without_a_word(tmp_path: Path) -> None:
    g = PipeGame(config(write_setup(tmp_path / "setup.json", SETUP), speech_rate=60))  # a word a second
    try:
        g.wait_for("Enter starts")
        g.press("\r", "Your turn.")
        mark = g.mark()
        g.press("\x1b")
        time.sleep(0.5)
        assert g.lines[mark:] == []
    finally:
        g.close()


def test_alt_and_a_letter_on_a_typed_line_keeps_the_line_and_says_it_does_nothing(game: PipeGame) -> None:
    # A terminal sends Alt+Q as Escape then Q: not Escape's clearing, and not a Q typed.
    game.press("/han")
    game.press("\x1bq", "That key does nothing.")
    time.sleep(0.3)
    game.press("d\r", "You have 5 cards")  # the line was "/han" still: "/hand"
    assert not [line for line in game.lines if "cleared" in line]


def test_a_meanwhile_begun_is_not_said_again_after_the_next_key_but_kept_for_r(tmp_path: Path) -> None:
    """A key's answer cuts a bot's move: "Meanwhile" says it after the answer. The next key, pressed
    once that "Meanwhile" has begun, does not say it again (keys in a row would each repeat it); R does."""
    setup = {**SETUP, "players": 3, "dealer": 3, "current": 2,
             "hands": [MY_HAND, ["r9", "g9", "g8"], ["y1", "y2", "y3", "y4"]]}
    g = PipeGame(config(write_setup(tmp_path / "setup.json", setup), speech_rate=300, pace=0.2))
    try:
        g.wait_for("Enter starts")
        clock = g.controller.out.clock
        clock.keep_log = True
        g.press("\r", "Ana plays red 9.", timeout=20)
        g.press("e", "Ana: 2 cards")  # cuts Ana's move, said again after the answer
        end = time.monotonic() + 10
        while time.monotonic() < end and not [i for i in clock.pending()[:1] if i.kind == "summary"]:
            time.sleep(0.01)  # until the answer is heard and the "Meanwhile" has begun
        g.press("c", "The top card is a red 9.")
        time.sleep(0.3)
        summaries = [i.text for i in clock.log if i.kind == "summary"]
        assert summaries == ["Meanwhile: Ana plays red 9."], summaries
        g.press("r")
        time.sleep(0.3)
        summaries = [i.text for i in clock.log if i.kind == "summary"]
        assert summaries == ["Meanwhile: Ana plays red 9."] * 2, summaries
    finally:
        g.close()


def test_four_cards_taken_that_keep_the_turn_say_the_turn_with_the_draw_then_the_cards(tmp_path: Path) -> None:
    from uno_cli.engine.options import preset

    # The Playroom: a penalty taken keeps the turn (draw_skips off); a Wild Draw Four on the player.
    setup = {**SETUP, "hands": [MY_HAND, ["w+4", "g9", "g8"]], "current": 2}
    g = PipeGame(config(write_setup(tmp_path / "setup.json", setup), pace=0.2, options=preset("playroom")))
    try:
        g.wait_for("Enter starts")
        g.press("\r", "Space takes", timeout=20)
        mark = g.mark()
        g.press(" ", "You draw 4 cards")
        g.wait_for(", and ", since=mark)  # the cards, in a line of their own
        time.sleep(0.3)
        said = [line for line in g.lines[mark:] if line.strip()]
        assert said[0] == "You draw 4 cards. Your turn.", said
        assert ", and " in said[1] and not [line for line in said if line == "Your turn."], said
    finally:
        g.close()
