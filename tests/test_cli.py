"""The ``uno`` command line: rules in every language, localized usage errors, help values."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from uno_cli import cli
from uno_cli.engine.options import PRESETS
from uno_cli.i18n import LANGUAGES

HEADINGS = {
    "en": "Wild Draw Four",
    "pt": "Curinga Mais Quatro",
    "sr_Latn": "Džoker vuci četiri",
    "sr_Cyrl": "Џокер вуци четири",
    "ro": "carte neagră +4",
    "it": "Jolly pesca quattro",
}


def _uno(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, UNO_CLI_IGNORE_SETTINGS="1", PYTHONIOENCODING="utf-8")
    env.pop("LANGUAGE", None)
    return subprocess.run([sys.executable, "-m", "uno_cli", *args], capture_output=True, text=True,
                          env=env, timeout=60, encoding="utf-8")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_uno_rules_prints_the_whole_rule_book_in_each_language(lang: str) -> None:
    done = _uno("rules", "--lang", lang, "--preset", "playroom")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert HEADINGS[lang].lower() in text.lower()
    assert len(text.split("\n\n")) > 40  # every section and option, paragraph by paragraph


def test_bad_option_is_a_localized_usage_error_with_status_2() -> None:
    done = _uno("play", "--players", "11", "--lang", "it")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "Valore non valido" in done.stderr or "non è" in done.stderr


def test_unknown_language_lists_the_available_ones() -> None:
    done = _uno("rules", "--lang", "xx")
    assert done.returncode == 2
    for code in LANGUAGES:
        assert code in done.stderr


def test_help_lists_every_preset_and_language() -> None:
    from uno_cli.clicktext import preset_names
    from uno_cli.optioninfo import PRESET_INFO

    assert list(PRESET_INFO) == list(PRESETS)
    assert preset_names().startswith(", ".join(info.label for info in list(PRESET_INFO.values())[:-1]))
    assert cli._LANGUAGE_CODES == ", ".join(LANGUAGES)


def test_command_line_values_are_typed_in_the_players_language() -> None:
    """--seat, --bots and --preset take the words the help says, in every language."""
    from uno_cli.i18n import use_language
    from uno_cli.playconfig import build_options, parse_levels, parse_seat

    with use_language("pt"):
        assert parse_seat("2=bot:difícil")[1].level == "hard"
        assert parse_seat("3=pessoa")[1].kind == "human"
        assert parse_levels("fácil,especialista") == ["easy", "expert"]
        assert build_options("Clássico", []) == PRESETS["classic"]
    assert parse_seat("2=бот:тежак")[1].level == "hard"
    assert parse_seat("2=bot:hard")[1].level == "hard"


#: click's English words that must not reach a player of another language.
CLICK_ENGLISH = ("[OPTIONS]", "COMMAND [ARGS]", " TEXT ", "INTEGER", "FLOAT", "Usage:", "Options:",
                 "Show this message and exit.", "Commands:")


def _uno_in(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, UNO_CLI_IGNORE_SETTINGS="1", PYTHONIOENCODING="utf-8", LANGUAGE=lang, LC_ALL="")
    return subprocess.run([sys.executable, "-m", "uno_cli", *args], capture_output=True, text=True,
                          env=env, timeout=60, encoding="utf-8", check=False)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_click_help_words_and_placeholders_are_localized(lang: str) -> None:
    texts = [_uno("play", "--help", "--lang", lang).stdout, _uno("simulate", "--help", "--lang", lang).stdout,
             _uno_in(lang, "--help").stdout]
    for text in texts:
        assert text.strip()
        for word in CLICK_ENGLISH:
            if lang == "ro" and word == " TEXT ":
                continue  # Romanian says "text" too
            assert word not in text + " ", (lang, word, text)
    done = _uno("play", "--lang", lang, "--bogus")
    assert done.returncode == 2 and "No such option" not in done.stderr and "Usage:" not in done.stderr


def test_click_help_in_english_keeps_click_s_words() -> None:
    text = _uno("play", "--help", "--lang", "en").stdout
    assert "Usage: uno play [OPTIONS]" in text and "--players INTEGER RANGE" in text and "--bots TEXT" in text


def test_speech_and_verbosity_values_are_said_and_typed_in_the_players_language() -> None:
    from uno_cli.clicktext import said_choice
    from uno_cli.i18n import use_language
    choice = said_choice("speech")
    with use_language("ro"):
        assert choice.get_metavar(None) == "[automat|da|nu]"
        assert choice.convert("nu", None, None) == "off"
    assert choice.convert("desligado", None, None) == "off"
    assert choice.convert("auto", None, None) == "auto"
