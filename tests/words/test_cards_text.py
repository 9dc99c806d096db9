"""Card names in every language and every grammatical form the sentences choose."""

from __future__ import annotations

import re

import pytest

from uno_cli.words.cards_text import ARTICLE, BARE, FORMS, OBJECT, card_name
from uno_cli.words.describe import describe
from uno_cli.engine.cards import ALL_CODES
from uno_cli.engine.events import Event
from uno_cli.words.i18n import LANGUAGES, use_language

CODE = re.compile(r"\b(?:[rygb](?:\d|s|r|\+2)|w\+4|w)\b")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("form", FORMS)
def test_every_card_has_a_whole_name_in_every_form(lang: str, form: str) -> None:
    with use_language(lang):
        for code in ALL_CODES:
            name = card_name(code, form=form)
            assert name and "{" not in name and not CODE.search(name), (lang, form, code, name)


def test_english_forms_keep_the_natural_article() -> None:
    assert card_name("r5") == "red 5"
    assert card_name("r5", form=ARTICLE) == "a red 5"
    # A card in play is named as players name it, without an article ("Ana plays red 5.").
    assert card_name("w+4", form=OBJECT) == "Wild Draw Four"


@pytest.mark.parametrize(("lang", "code", "form", "expected"), [
    ("pt", "g8", OBJECT, "8 verde"),
    ("pt", "br", ARTICLE, "uma Inversão azul"),
    ("it", "r0", OBJECT, "0 rosso"),
    ("it", "r8", OBJECT, "8 rosso"),
    ("it", "bs", ARTICLE, "un Salta il turno blu"),
    ("ro", "w+4", OBJECT, "o carte neagră +4"),
    ("ro", "r8", OBJECT, "8 roșu"),
    ("sr_Latn", "r7", OBJECT, "crvenu sedmicu"),
    ("sr_Latn", "r7", ARTICLE, "crvena sedmica"),
    ("sr_Cyrl", "r7", OBJECT, "црвену седмицу"),
    ("pt", "g8", BARE, "8 verde"),
])
def test_each_language_gives_the_card_its_article_or_case(lang: str, code: str, form: str, expected: str) -> None:
    with use_language(lang):
        assert card_name(code, form=form) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("pt", "Ana joga 8 verde."),
    ("it", "Ana gioca 8 verde."),
    ("ro", "Ana joacă 8 verde."),
    ("sr_Latn", "Ana igra zelenu osmicu."),
])
def test_a_played_card_is_the_object_of_the_verb(lang: str, expected: str) -> None:
    with use_language(lang):
        assert describe(Event("play", 1, {"card": "g8"}), 0, ["Mia", "Ana"]) == expected


@pytest.mark.parametrize(("code", "form", "name"), [
    ("g2", BARE, "zelena dvojka"), ("g2", OBJECT, "zelenu dvojku"), ("r0", ARTICLE, "crvena nula"),
    ("b1", OBJECT, "plavu jedinicu"), ("y9", BARE, "žuta devetka"),
])
def test_serbian_names_number_cards_with_their_nouns_in_the_case_of_the_sentence(code, form, name) -> None:
    """Serbian players say "crvena trojka" (the seed), so a voice never reads "zelenu dva"."""
    from uno_cli.words.i18n import use_language

    with use_language("sr_Latn"):
        assert card_name(code, form=form) == name


@pytest.mark.parametrize("line", ["igraj zelenu dvojku", "zelena dvojka", "igraj kartu Džoker vuci četiri", "zelenu 2",
                                  "igraj kartu Džoker vuci četiri plavu"])
def test_serbian_card_names_as_said_are_read_back_as_the_card(line) -> None:
    from uno_cli.play.commands import parse

    with use_language("sr_Latn"):
        cmd = parse(line, 0)
    assert cmd.verb == "play" and cmd.card == ("w+4" if "Džoker" in line else "g2"), cmd


@pytest.mark.parametrize(("lang", "said"), [
    ("sr_Latn", "igraj crvenu trojku ili zelenu dvojku"), ("sr_Cyrl", "играј црвену тројку или зелену двојку"),
    ("pt", "jogar 3 vermelho ou 2 verde"),
])
def test_a_card_after_the_play_command_takes_the_case_the_verb_needs(lang, said) -> None:
    """Serbian "igraj crvenu trojku" (accusative), not "igraj crvena trojka"."""
    from uno_cli.play.commands import spoken_moves

    with use_language(lang):
        assert spoken_moves(["play r3", "play g2"]) == said


def test_a_wilds_colour_in_a_serbian_move_is_chosen_in_words() -> None:
    from uno_cli.play.commands import localize_command

    with use_language("sr_Latn"):
        assert localize_command("play w r") == "igraj Džokera i izaberi crvenu"
    with use_language("pt"):
        assert localize_command("play w r") == "jogar Curinga vermelho"
