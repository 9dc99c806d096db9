"""Whole games in every language and every preset read as the language, not as codes.

Every preset is played by bots alone in each language, and the golden transcripts add the
"You ..." sentences of a person at the table. Each line must hold no card code (outside
the command lists of prompts, which list typed commands), no English game word, and no
pronoun standing where a name goes ("Pontuação: você, Ana").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from uno_cli.words import i18n
from uno_cli.engine.options import PRESETS
from uno_cli.words.i18n import COMPLETE_LANGUAGES, DEFAULT_LANGUAGE
from tests.script.test_golden import run_cli

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
#: Every complete language but the source's (a partial one says English where untranslated).
LANGS = tuple(code for code in COMPLETE_LANGUAGES if code != DEFAULT_LANGUAGE)
CODE = re.compile(r"(?<![\w@+])(?:[rygb](?:\d|s|r|\+2)|w\+4|w)(?![\w+])")
#: English game words that must not reach a player of another language. "Beep" is left
#: out: the Portuguese and Italian seeds keep it as the card's name.
ENGLISH = re.compile(r"\b(?:Skip|Reverse|Draw|Wild|turn|player|players|cards?|hand|deck|pile|colou?r|red|"
                     r"yellow|green|blue|plays|draws|you|your|points?|scores?|wins?|game)\b", re.IGNORECASE)
#: The word each language used for "you" when it was put into a name slot.
PRONOUN_IN_SLOT = re.compile(r"(?:[,:(]|^)\s*(?:você|ti|tu|te|ти)\s*(?:[,)]|\s(?:e|i|și|и)\s)", re.IGNORECASE)
#: Latin words a Cyrillic transcript may hold: names, UNO, and a word the golden input typed.
NAMES_LATIN = re.compile(r"\b(?:UNO|Mia|Ana|Zoë|Ștefan|Bo|Bruno|Carla|Dario|frobnicate)\b")


def _command_list_starts(lang: str) -> list[str]:
    """The words before the list of commands in prompts and errors, in ``lang``."""
    with i18n.use_language(lang):
        templates = [i18n._(t) for t in ("Your move: {commands}.", "{player}, your move: {commands}.",
                                          "You may act now: {commands}.", "{player}, you may act now: {commands}.",
                                          "You can: {commands}.", "{text} is not a card. Write cards like {examples}.")]
    starts = []
    for t in templates:
        head = t.split("{commands}")[0].split("{examples}")[0]
        head = head.split("}")[-1]  # after {player} or {text}
        if head.strip():
            starts.append(head)
    return starts


def _spoken(line: str, starts: list[str]) -> str:
    for s in starts:
        i = line.find(s)
        if i >= 0:
            line = line[:i]
    return line


def _games(lang: str, tmp: Path) -> list[str]:
    lines = []
    for case in sorted(GOLDEN.glob(f"*.{lang}.txt")):
        lines += case.read_text(encoding="utf-8").splitlines()
    for preset in sorted(PRESETS):
        args = ["play", "--script", "--lang", lang, "--preset", preset, "--players", "4", "--seed", "3",
                "--rule", "hands=1"] + [a for seat in range(1, 5) for a in ("--seat", f"{seat}=bot:normal")]
        code, out = run_cli(args, b"")
        assert code == 0, (preset, out[-300:])
        lines += out.decode("utf-8").splitlines()
    return lines


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("UNO_CLI_IGNORE_SETTINGS", "1")


@pytest.mark.parametrize("lang", LANGS)
def test_every_preset_reads_as_the_language(lang: str, tmp_path: Path) -> None:
    starts = _command_list_starts(lang)
    codes, english, pronouns, latin = [], [], [], []
    for line in _games(lang, tmp_path):
        spoken = _spoken(line, starts)
        if CODE.search(spoken):
            codes.append(line)
        if ENGLISH.search(spoken):
            english.append(line)
        if PRONOUN_IN_SLOT.search(spoken):
            pronouns.append(line)
        if lang == "sr_Cyrl" and re.search(r"[A-Za-z]{2,}", NAMES_LATIN.sub("", spoken)):
            latin.append(line)
    assert not codes, codes[:5]
    assert not english, english[:5]
    assert not pronouns, pronouns[:5]
    assert not latin, latin[:5]
