"""Prompts in text say the command verbs in the player's language, and those words work."""

from __future__ import annotations

import pytest

from uno_cli import i18n
from uno_cli.commands import COMMAND_VERBS, localize_command, normalize, verb_of

LANGS = ("en", "pt", "sr_Latn", "sr_Cyrl", "ro", "it")


@pytest.mark.parametrize("lang", LANGS)
def test_every_localized_command_verb_is_understood(lang: str) -> None:
    with i18n.use_language(lang):
        for verb in COMMAND_VERBS:
            word = localize_command(verb)
            assert verb_of(normalize(word)) == verb, (lang, verb, word)


def test_localize_command_keeps_seat_prefix_and_arguments() -> None:
    with i18n.use_language("pt"):
        assert localize_command("@2 play w r") == "@2 jogar w r"
        assert localize_command("uno") == "uno"
    with i18n.use_language("sr_Cyrl"):
        assert localize_command("draw") == "вуци"
