"""The sentences about sound say why it is off, in the player's language."""

from __future__ import annotations

from uno_cli.words.i18n import use_language
from uno_cli.words.sound import INSTALL, sound_off


def test_sound_off_says_how_to_install_the_extra_or_that_there_is_no_device():
    assert sound_off("library") == f"Sound is off: the sound extra is not installed. To add it: {INSTALL}"
    assert sound_off("device") == "No audio device: sound is off."
    with use_language("pt"):
        assert INSTALL in sound_off("library") and "Sound is off" not in sound_off("library")
