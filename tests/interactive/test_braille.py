"""Braille gets what the player must read, as the setting says; bots' moves do not wipe it."""

from __future__ import annotations

import pytest

from uno_cli.interactive.announcer import Announcer
from uno_cli.interactive.menu import Menu
from uno_cli.play.settings import Settings


class BrailleSpeaker:
    available = True

    def __init__(self) -> None:
        self.brailled: list[str] = []

    def speak(self, text: str, interrupt: bool = False) -> None:
        pass

    def braille(self, text: str) -> None:
        self.brailled.append(text)

    def silence(self) -> None:
        pass


def _announce(mode: str) -> list[str]:
    speaker = BrailleSpeaker()
    out = Announcer(lambda line: None, speaker, braille=mode)
    out.say("Ana plays a red 7.")
    out.say("It's your turn.", important=True)
    out.say("Your hand: red 2.", interrupt=True)  # the answer to a key
    out.say("Bruno draws a card.")
    return speaker.brailled


@pytest.mark.parametrize("mode, expected", [
    ("important", ["It's your turn.", "Your hand: red 2."]),
    ("all", ["Ana plays a red 7.", "It's your turn.", "Your hand: red 2.", "Bruno draws a card."]),
    ("off", []),
])
def test_braille_setting_chooses_what_reaches_the_display(mode, expected):
    assert _announce(mode) == expected


def test_braille_defaults_to_important_and_bad_values_fall_back():
    assert Settings().braille == "important"
    assert Settings.from_dict({"braille": "loud"}).braille == "important"
    assert Settings.from_dict({"braille": "all"}).braille == "all"


def test_braille_is_in_the_options_menu():
    menu = Menu(Settings())
    menu.index = [item.key for item in menu.items].index("braille")
    assert menu.line().startswith("Braille: important messages.")
    assert menu.change(1) == "Braille: everything."
    assert menu.settings.braille == "all"
    assert menu.change(1) == "Braille: off."
