"""The modal screens: a key in each screen says or does what the player expects."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.interactive.helpers import write_setup
from uno_cli.engine.options import CLASSIC
from uno_cli.interactive import Mode, build_controller
from uno_cli.interactive.keys import GAME_KEYS
from uno_cli.play.playconfig import PlayConfig
from uno_cli.play.settings import Settings

SETUP = {
    "players": 2,
    "hands": [["r5", "w", "g3"], ["y1", "y2", "y3", "y4", "y5", "y6", "y7"]],
    "discard": ["r1"],
    "current": 1,
    "dealer": 2,
    "hand": 1,
}


@pytest.fixture
def started(tmp_path: Path):
    """A controller whose match has started on the player's turn (no event loop: no bot moves)."""
    lines: list[str] = []
    config = PlayConfig(speech="off", pace=30.0, seed=7, options=CLASSIC,
                        setup=write_setup(tmp_path / "setup.json", SETUP))
    controller = build_controller(config, lines.append, Settings())
    controller.key("enter")
    controller.table.start()
    controller.after_change(None)
    return controller, lines


def test_start_screen_repeats_how_to_start_then_enter_plays(tmp_path: Path) -> None:
    lines: list[str] = []
    controller = build_controller(PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC), lines.append, Settings())
    controller.key("x")
    assert lines[-1] == "Enter starts; O: options."
    controller.key("enter")
    assert controller.mode == Mode.PLAY


def test_f1_before_the_match_says_enter_starts_it_not_that_it_plays_a_card(tmp_path: Path) -> None:
    lines: list[str] = []
    controller = build_controller(PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC), lines.append, Settings())
    controller.key("f1")
    assert lines[-1] == "Keys now: Enter: start; O: options; Ctrl+F1 or F2: rules. F1 again: every key."
    controller.key("f1")
    assert "start with a slash" in lines[-1]  # then every key, as in the game


def test_colour_screen_plays_the_wild_in_the_colour_of_the_number_key(started) -> None:
    controller, lines = started
    controller.play_card("w")
    assert controller.mode == Mode.COLOR
    # Short: it comes with every wild; the question, then its menu.
    assert lines[-2:] == ["Which colour?", "1 red, 2 yellow, 3 green, 4 blue."]
    controller.key("f1")
    assert lines[-1].startswith("Choose a colour: Left and Right arrows")  # the rest, one key away
    controller.key("3")
    assert controller.mode == Mode.PLAY
    assert controller.game.color == "g"
    assert "You play Wild: green." in lines  # the colour in the card's line


def test_colour_screen_still_reads_the_hand_and_the_counts_and_keeps_the_question(started) -> None:
    # The hand is what a player weighs to choose a colour: H, E and C tell, the question stays open.
    controller, lines = started
    controller.play_card("w")
    controller.key("h")
    assert lines[-1] == "You have 3 cards: red 5, green 3, and Wild."
    controller.key("e")
    assert lines[-1].startswith("You: 3 cards.")
    controller.key("c")
    assert lines[-1].startswith("The top card is a red 1")
    assert controller.mode == Mode.COLOR
    controller.key("x")  # a key that tells nothing still gets the question's keys
    assert lines[-1] == "Choose a colour: 1 red, 2 yellow, 3 green, 4 blue."
    controller.key("r")  # a colour letter is the colour, not "repeat"
    assert controller.game.color == "r"


def test_a_last_wild_is_played_without_the_colour_screen(tmp_path: Path) -> None:
    """The hand ends with a last Wild, so the engine needs no colour: none is asked."""
    lines: list[str] = []
    setup = dict(SETUP, hands=[["w"], ["y1", "y2", "y3", "y4", "y5", "y6", "y7"]])
    config = PlayConfig(speech="off", pace=30.0, seed=7, options=CLASSIC, setup=write_setup(tmp_path / "s.json", setup))
    controller = build_controller(config, lines.append, Settings())
    controller.key("enter")
    controller.table.start()
    controller.after_change(None)
    controller.play_card("w")
    assert controller.mode != Mode.COLOR
    assert not any(line.startswith(("Choose a colour", "Colour?")) for line in lines)
    assert "You play Wild." in lines and "You win the hand." in lines


def test_a_wild_that_is_not_the_last_card_still_opens_the_colour_screen(started) -> None:
    controller, lines = started
    controller.play_card("w")
    assert controller.mode == Mode.COLOR


def test_colour_screen_escape_cancels_a_wild_not_yet_played(started) -> None:
    controller, lines = started
    controller.play_card("w")
    controller.key("right")
    assert lines[-1] == "yellow"
    controller.key("escape")
    assert (controller.mode, lines[-1]) == (Mode.PLAY, "Cancelled.")
    assert "w" in controller.game.hands[0]


def test_quit_screen_no_goes_back_and_a_second_ctrl_c_quits(started) -> None:
    controller, lines = started
    controller.key("c-c")
    assert controller.mode == Mode.QUIT and lines[-1].startswith("Quit the game?")
    controller.key("n")
    assert (controller.mode, lines[-1]) == (Mode.PLAY, "The game goes on.")
    controller.key("c-c")
    controller.key("c-c")
    assert controller.done and lines[-1] == "Goodbye."


def test_rule_book_screen_reads_sections_and_escape_goes_back(started) -> None:
    controller, lines = started
    controller.key("f2")
    # Issue 26: a list a player hears is under 15 words, the whole list one key away (T).
    assert controller.mode == Mode.RULES and lines[-1].startswith("Rule book. ")
    assert len(lines[-1].split()) < 15
    controller.key("t")
    assert lines[-1].startswith("Sections: About these rules, ")
    controller.key("down")
    assert lines[-1].startswith("About these rules.")
    controller.key("escape")
    assert (controller.mode, lines[-1]) == (Mode.PLAY, "Back to the game.")


def test_between_hands_enter_starts_now_and_game_keys_still_read(started) -> None:
    controller, lines = started
    controller.mode = Mode.BETWEEN
    controller.key("s")
    assert lines[-1].startswith("Scores:")
    controller.key("enter")
    assert controller.mode == Mode.PLAY


def test_options_refused_during_a_hand(started) -> None:
    controller, lines = started
    controller.key("o")
    assert (controller.mode, lines[-1]) == (Mode.PLAY, "The options open before the match and between hands.")


def test_every_registry_verb_runs_here_and_every_game_key_names_one(started) -> None:
    from uno_cli.play.commands import REGISTRY

    controller, lines = started
    assert {v.name for v in REGISTRY} - {"start"} <= set(controller.commands)
    assert {k.verb for k in GAME_KEYS} <= set(controller.commands)
    for binding in GAME_KEYS:
        if binding.verb in ("pause", "rules", "options", "silence"):
            continue  # they open screens, stop the bots or stop speech; tested elsewhere
        before = len(lines)
        controller.key(binding.keys[0])
        assert len(lines) > before, binding.verb  # every key says something
        assert "That key does nothing" not in lines[-1], binding.verb


@pytest.fixture
def resuming(tmp_path: Path):
    """A controller asking whether to resume, with a saved game on disk."""
    from uno_cli.play import autosave

    autosave.path().parent.mkdir(parents=True, exist_ok=True)
    autosave.path().write_text("{}", encoding="utf-8")
    lines: list[str] = []
    controller = build_controller(PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC), lines.append, Settings())
    controller.resume_data = {}
    controller.mode = Mode.RESUME
    return controller, lines


def test_resume_question_escape_stops_speech_and_keeps_the_save(resuming) -> None:
    from uno_cli.play import autosave

    controller, _lines = resuming
    controller.key("escape")
    assert controller.mode == Mode.RESUME
    assert autosave.path().exists()


def test_resume_question_no_asks_before_deleting_and_no_keeps_the_save(resuming) -> None:
    from uno_cli.play import autosave

    controller, lines = resuming
    controller.key("n")
    assert lines[-1] == "Delete the saved game and start a new one? Y deletes it, N keeps it."
    assert autosave.path().exists()
    controller.key("enter")  # Enter never confirms deleting
    assert lines[-1].startswith("Resume the saved game?")
    controller.key("n")
    controller.key("escape")  # stops speech; the question stays
    assert controller.mode == Mode.RESUME and autosave.path().exists()
    controller.key("n")  # keeps it
    assert lines[-1].startswith("Resume the saved game?") and autosave.path().exists()
    controller.key("n")
    controller.key("y")
    assert not autosave.path().exists()
    assert (controller.mode, lines[-1]) == (Mode.START, "The saved game is deleted. Enter starts; O: options.")


@pytest.mark.parametrize("lang, yes", [("pt", "S"), ("it", "S"), ("ro", "D"), ("sr_Latn", "D"), ("sr_Cyrl", "D")])
def test_yes_no_questions_name_the_language_s_own_keys_never_y(lang: str, yes: str) -> None:
    import re

    from uno_cli.words import i18n
    from uno_cli.words import interactive as words
    from uno_cli.interactive.keys import is_no, is_yes

    with i18n.use_language(lang):
        questions = [words.question(m) for m in (words.RESUME_AGAIN, words.DELETE_SAVE_QUESTION,
                                                 words.QUIT_QUESTION, words.QUIT_UNSAVED_QUESTION,
                                                 words.QUIT_NOTHING_TO_SAVE)]
        questions.append(words.interrupted(2))
        for text in questions:
            assert not re.search(r"\bY\b", text), (lang, text)
            assert re.search(rf"\b{yes}\b", text), (lang, text)
        assert is_yes(yes.lower()) and is_yes(yes) and is_no("n") and not is_no("escape")


@pytest.mark.parametrize("lang, yes", [("pt", "s"), ("ro", "d")])
def test_resume_question_accepts_the_language_s_yes_key(tmp_path: Path, lang: str, yes: str) -> None:
    from uno_cli.play import autosave
    from uno_cli.words import i18n

    with i18n.use_language(lang):
        autosave.path().parent.mkdir(parents=True, exist_ok=True)
        autosave.path().write_text("{}", encoding="utf-8")
        lines: list[str] = []
        controller = build_controller(PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC), lines.append,
                                      Settings())
        controller.resume_data = {}
        controller.mode = Mode.RESUME
        controller.key("n")
        controller.key(yes)
        assert not autosave.path().exists() and controller.mode == Mode.START


def test_ctrl_d_before_any_match_does_not_claim_a_save(tmp_path: Path) -> None:
    from uno_cli.play import autosave

    lines: list[str] = []
    controller = build_controller(PlayConfig(speech="off", pace=30.0, seed=1, options=CLASSIC), lines.append, Settings())
    controller.key("c-d")
    assert controller.mode == Mode.QUIT and lines[-1] == "Quit? Y quits, N goes on."
    assert "saved" not in lines[-1]
    controller.key("c-d")
    assert controller.done and not autosave.path().exists()


def test_ctrl_d_during_a_match_says_the_game_is_saved(started) -> None:
    controller, lines = started
    controller.key("c-d")
    assert "The game is saved and offered next time." in lines[-1]
