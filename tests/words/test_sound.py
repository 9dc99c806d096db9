"""The sentences about sound say why it is off, in the player's language."""

from __future__ import annotations

import pytest

from uno_cli.words.i18n import use_language
from uno_cli.words.sound import INSTALL, sound_off


def test_sound_off_says_how_to_install_the_extra_or_that_there_is_no_device():
    assert sound_off("library") == f"Sound is off: the sound extra is not installed. To add it: {INSTALL}"
    assert sound_off("device") == "No audio device: sound is off."
    with use_language("pt"):
        assert INSTALL in sound_off("library") and "Sound is off" not in sound_off("library")


@pytest.mark.parametrize("lang", ["en", "pt", "sr_Latn", "sr_Cyrl", "ro", "it"])
def test_the_panning_help_names_off_with_the_word_the_menu_says_for_off(lang: str) -> None:
    # pt said "Não:" beside the value "desligado", sr_Latn "Isključeno:" beside "ne", ro "Dezactivat:" beside "nu".
    from uno_cli.words import i18n
    from uno_cli.words.interactive import setting_value
    from uno_cli.words.sound import PANNING_HELP

    with i18n.use_language(lang):
        off = setting_value("sound_panning", "off")
        help_text = i18n._(PANNING_HELP)
    assert f" {off[0].upper()}{off[1:]}: " in help_text
