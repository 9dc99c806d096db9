"""Prompts in text say the command verbs in the player's language, and those words work."""

from __future__ import annotations

import pytest

from uno_cli.words import i18n
from uno_cli.play.commands import COMMAND_VERBS, localize_command, normalize, parse, verb_of
from uno_cli.engine.cards import ALL_CODES, BEEP, COLORS, WILD, WILD4
from uno_cli.words.i18n import LANGUAGES

LANGS = tuple(LANGUAGES)


@pytest.mark.parametrize("lang", LANGS)
def test_every_localized_command_verb_is_understood(lang: str) -> None:
    with i18n.use_language(lang):
        for verb in COMMAND_VERBS:
            word = localize_command(verb)
            assert verb_of(normalize(word)) == verb, (lang, verb, word)


def test_localize_command_keeps_seat_prefix_and_arguments() -> None:
    with i18n.use_language("pt"):
        assert localize_command("@2 play w r") == "@2 jogar Curinga vermelho"
        assert localize_command("uno") == "uno"
    with i18n.use_language("sr_Cyrl"):
        assert localize_command("draw") == "вуци"


def _canonical_moves() -> list[str]:
    """Every move a prompt can list: each card played and jumped, wilds with each colour, targets."""
    moves = ["draw", "pass", "accept", "challenge", "uno", "beep", "catch 2", "swap 3"]
    for code in ALL_CODES:
        if code in (WILD, WILD4):
            moves += [f"play {code} {c}" for c in COLORS]
        elif code != BEEP:
            moves += [f"play {code}", f"jump {code}"]
    moves += [f"color {c}" for c in COLORS] + ["play r7 2", "play b7 3", "@2 play g+2"]
    return moves


@pytest.mark.parametrize("lang", LANGS)
def test_listed_moves_name_cards_and_parse_back_to_the_same_move(lang: str) -> None:
    with i18n.use_language(lang):
        for canonical in _canonical_moves():
            spoken = localize_command(canonical)
            want = parse(canonical, 0, lang="en")
            got = parse(spoken, 0, lang=lang)
            assert got.error is None, (lang, canonical, spoken, got.error)
            assert (got.verb, got.card, got.color, got.target, got.seat) == (
                want.verb, want.card, want.color, want.target, want.seat), (lang, canonical, spoken)


@pytest.mark.parametrize("lang", LANGS)
def test_listed_moves_carry_no_card_code(lang: str) -> None:
    with i18n.use_language(lang):
        for canonical in _canonical_moves():
            words = normalize(localize_command(canonical)).split()
            codes = set(ALL_CODES) - {BEEP}
            assert not codes & set(words[1:]), (lang, canonical, words)
