"""uno_cli.interactive.keys: each language's own key letters and key names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uno_cli.words import i18n
from uno_cli.words.cards_text import color_name
from uno_cli.words.i18n import COMPLETE_CATALOGS, COMPLETE_LANGUAGES, LANGUAGES, read_po
from uno_cli.interactive.keys import (
    COLOR_LETTERS,
    COLOR_ORDER,
    color_keys_help,
    color_of_key,
    help_lines,
    is_no,
    is_yes,
    yes_no,
)

LOCALES = Path(__file__).resolve().parent.parent.parent / "locales"

#: English key words each language names otherwise on its keyboards (decided per language:
#: pt, ro and sr keep "Enter" and "Shift" as printed on their keys; it says Invio and Maiusc;
#: all say Esc, and the space bar by its own name).
FOREIGN_KEY_WORDS = {
    "pt": ("Escape", "Space"),
    "ro": ("Escape", "Space"),
    "sr_Latn": ("Escape", "Space"),
    "it": ("Enter", "Escape", "Space", "Shift", "Page Up", "Page Down"),
}


def _translations(lang: str) -> list[str]:
    po = read_po((LOCALES / lang / "LC_MESSAGES" / "uno_cli.po").read_text(encoding="utf-8"))
    return [s for e in po.entries if not e.obsolete for s in e.msgstr]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_colour_letters_are_the_initials_of_the_colour_names_and_distinct(lang: str) -> None:
    letters = COLOR_LETTERS[lang]
    assert len(set(letters)) == len(letters)
    with i18n.use_language(lang):
        for color, letter in zip(COLOR_ORDER, letters):
            assert color_name(color).lower().startswith(letter), (lang, color, letter)
            assert color_of_key(letter) == color and color_of_key(letter.upper()) == color
        for n, color in enumerate(COLOR_ORDER, 1):
            assert color_of_key(str(n)) == color


def test_portuguese_has_no_colour_letters_because_its_initials_clash() -> None:
    with i18n.use_language("pt"):
        initials = [color_name(c)[0] for c in COLOR_ORDER]
        assert len(set(initials)) < 4
        assert COLOR_LETTERS["pt"] == () and color_of_key("v") is None
        assert "{initials}" not in color_keys_help() and "1" in color_keys_help()


@pytest.mark.parametrize("lang", [lang for lang in COMPLETE_LANGUAGES if lang != "en"])
def test_no_english_colour_initials_or_yes_key_in_other_languages(lang: str) -> None:
    with i18n.use_language(lang):
        text = color_keys_help() + "\n" + "\n".join(help_lines())
        assert "R, Y, G" not in text and "English" not in text
        assert yes_no()["yes"] != "Y"
        assert is_yes(yes_no()["yes"].lower()) and is_no(yes_no()["no"].lower())


@pytest.mark.parametrize("lang", sorted(FOREIGN_KEY_WORDS))
def test_translations_name_keys_as_the_language_does(lang: str) -> None:
    assert set(FOREIGN_KEY_WORDS) >= set(COMPLETE_CATALOGS)
    for text in _translations(lang):
        for word in FOREIGN_KEY_WORDS[lang]:
            assert not re.search(rf"\b{word}\b", text), (lang, word, text)


@pytest.mark.parametrize("lang", [lang for lang in COMPLETE_LANGUAGES if lang != "en"])
def test_no_bare_y_key_in_any_translation(lang: str) -> None:
    with i18n.use_language(lang):
        lines = help_lines()
    po_lang = "sr_Latn" if lang == "sr_Cyrl" else lang
    for text in _translations(po_lang) + lines:
        assert not re.search(r"(^|[\s(])Y([\s,.)]|$)", text), (lang, text)
