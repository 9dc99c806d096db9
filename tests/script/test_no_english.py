"""A whole scripted game in each language says no English sentence.

The golden transcripts play the same game in every language, line for line, so each
translated line is compared with the English one: a line that stays the same must hold no
words at all beyond player names, card codes and numbers.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uno_cli.words.i18n import COMPLETE_LANGUAGES, DEFAULT_LANGUAGE

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
CASES = sorted(p.name.split(".")[0] for p in GOLDEN.glob("*.en.txt"))
#: Every complete language but the source's (a partial one says English where untranslated).
LANGS = tuple(code for code in COMPLETE_LANGUAGES if code != DEFAULT_LANGUAGE)
NAMES = {"Mia", "Ana", "Zoë", "Ștefan", "Bruno", "Carla", "Dario", "Eva", "Filip", "Greta", "Hugo", "Iris", "Jonas"}
WORD = re.compile(r"[^\W\d_]{3,}")


def _words(line: str) -> list[str]:
    return [w for w in WORD.findall(line) if w not in NAMES and w.upper() != "UNO"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", CASES)
def test_scripted_game_has_no_english_sentence(case: str, lang: str) -> None:
    english = (GOLDEN / f"{case}.en.txt").read_text(encoding="utf-8").splitlines()
    path = GOLDEN / f"{case}.{lang}.txt"
    assert path.exists(), f"missing golden transcript {path.name} (UPDATE_GOLDEN=all pytest tests/script/test_golden.py)"
    other = path.read_text(encoding="utf-8").splitlines()
    assert len(other) == len(english)
    untranslated = [e for e, o in zip(english, other) if e == o and _words(e)]
    assert not untranslated, untranslated[:10]
