"""The ``uno`` command line: rules in every language, localized usage errors, help values."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from uno_cli import cli
from uno_cli.engine.options import PRESETS
from uno_cli.words.i18n import COMPLETE_LANGUAGES, LANGUAGES

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


@pytest.mark.parametrize("lang", list(COMPLETE_LANGUAGES))
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
    from uno_cli.words.clicktext import preset_names
    from uno_cli.words.optioninfo import PRESET_INFO

    assert list(PRESET_INFO) == list(PRESETS)
    assert preset_names().startswith(", ".join(info.label for info in list(PRESET_INFO.values())[:-1]))
    from uno_cli.words.clitext import LANGUAGE_CODES

    assert LANGUAGE_CODES == ", ".join(COMPLETE_LANGUAGES)


def test_command_line_values_are_typed_in_the_players_language() -> None:
    """--seat, --bots and --preset take the words the help says, in every language."""
    from uno_cli.words.i18n import use_language
    from uno_cli.play.playconfig import build_options, parse_levels, parse_seat

    with use_language("pt"):
        assert parse_seat("2=bot:difícil")[1].level == "hard"
        assert parse_seat("3=pessoa")[1].kind == "human"
        assert parse_levels("fácil,especialista") == ["easy", "expert"]
        assert build_options("Clássico", []) == PRESETS["classic"]
    assert parse_seat("2=бот:тежак")[1].level == "hard"
    assert parse_seat("2=bot:hard")[1].level == "hard"


@pytest.mark.parametrize("typed", ["Playroom with everything", "PLAYROOM_ALL"])
def test_a_preset_typed_by_its_label_is_that_preset_in_the_rules_line_and_the_rule_book(typed, tmp_path) -> None:
    """--preset takes the label the help lists; the game then names that preset, unchanged
    (not "Classic, changed"), and uno rules does not call it changed either."""
    env = dict(os.environ, UNO_CLI_IGNORE_SETTINGS="1", UNO_CLI_HOME=str(tmp_path), PYTHONIOENCODING="utf-8")
    env.pop("LANGUAGE", None)
    done = subprocess.run([sys.executable, "-m", "uno_cli", "play", "--format", "json", "--preset", typed,
                           "--seed", "1"], input="quit\n", capture_output=True, text=True, env=env, timeout=60,
                          encoding="utf-8")
    summary = next(line for line in done.stdout.splitlines() if '"rules_summary"' in line)
    assert '"preset": "playroom_all"' in summary and "changed" not in summary, summary
    book = _uno("rules", "--preset", typed)
    assert book.returncode == 0 and book.stdout == _uno("rules", "--preset", "playroom_all").stdout


#: click's English words that must not reach a player of another language.
CLICK_ENGLISH = ("[OPTIONS]", "COMMAND [ARGS]", " TEXT ", "INTEGER", "FLOAT", "Usage:", "Options:",
                 "Show this message and exit.", "Commands:")


def _uno_in(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, UNO_CLI_IGNORE_SETTINGS="1", PYTHONIOENCODING="utf-8", LANGUAGE=lang, LC_ALL="")
    return subprocess.run([sys.executable, "-m", "uno_cli", *args], capture_output=True, text=True,
                          env=env, timeout=60, encoding="utf-8", check=False)


@pytest.mark.parametrize("lang", [lang for lang in COMPLETE_LANGUAGES if lang != "en"])
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


def _run(*args: str, input: str = "") -> "Any":
    """``uno ARGS`` in this process (click's runner), settings ignored."""
    from click.testing import CliRunner

    return CliRunner().invoke(cli.main, list(args), prog_name="uno", input=input, env={"UNO_CLI_IGNORE_SETTINGS": "1"})


def test_duplicate_names_are_refused_with_the_servers_folding(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    for names in ("Ana,Ana", "Ana,Ana\u202e", "Ana, Ana"):
        done = _run("play", "--players", "2", "--names", names, "--seed", "1", input="quit\n")
        assert done.exit_code == 2, done.output
        assert "same name" in done.output and "Ana" in done.output
    done = _run("play", "--players", "2", "--names", "Ana,Bea", "--seed", "1", input="quit\n")
    assert "same name" not in done.output


def test_unknown_subcommands_are_refused_with_did_you_mean() -> None:
    done = _run("jion", "example.org")
    assert done.exit_code == 2
    assert "No such command 'jion'" in done.output and "Did you mean 'join'?" in done.output
    done = _run("foo")
    assert done.exit_code == 2 and "No such command 'foo'" in done.output
    assert "unexpected extra argument" not in done.output


def test_uno_help_says_a_bare_uno_starts_a_game_and_uno_help_is_help() -> None:
    for args in (["--help"], ["help"]):
        done = _run(*args)
        assert done.exit_code == 0
        assert "uno alone starts a game, as uno play does." in done.output


def test_uno_join_help_names_its_argument_as_a_host() -> None:
    done = _run("join", "--help")
    assert "join [OPTIONS] HOST [SHA256:...]\n" in done.output


def test_the_readmes_script_example_is_true(tmp_path) -> None:
    import re

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    line = next(s.strip() for s in readme.splitlines() if s.strip().startswith("printf "))
    found = re.fullmatch(r"printf '(.*)' \| uno (.*)", line)
    assert found, line
    text = found.group(1).encode().decode("unicode_escape")
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path), UNO_CLI_IGNORE_SETTINGS="1",
               PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    done = subprocess.run([sys.executable, "-m", "uno_cli", *found.group(2).split()], input=text,
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 3, done.stderr
    out = done.stdout
    assert "You can only" not in out and "can't" not in out.split("Player 2 plays")[-1]
    assert "Player 2 plays red 5." in out
    assert "so the game is saved in" in out.splitlines()[-1]
    assert list((tmp_path / "data").glob("unfinished-*.json"))


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("rules",), ("simulate", "--games", "1", "--json")])
def test_a_full_standard_output_is_a_sentence_and_status_5_not_a_traceback(args, tmp_path) -> None:
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path), UNO_CLI_IGNORE_SETTINGS="1",
               PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "uno_cli", *args], stdout=full, stderr=subprocess.PIPE,
                              text=True, env=env, timeout=120)
    assert done.returncode == 5 and "Traceback" not in done.stderr
    assert "Standard output cannot be written" in done.stderr


@pytest.mark.parametrize(("args", "said"), [
    (("play", "--seat", '2=cmd:python3 "x'), "quotation mark that is not closed"),
    (("simulate", "--games", "1", "--external", '2=python3 "x'), "quotation mark that is not closed"),
    (("play", "--rule", "target=" + "9" * 4000), "target"),
    (("play", "--rule", "target=99999999"), "1-1000000"),
    (("play", "--pace", "inf"), "--pace"),
    (("play", "--pace", "nan"), "nan is not a number from 0 to 60."),
    (("play", "--think-time", "nan"), "nan is not a number from 0 to 60."),
])
def test_bad_command_line_values_are_sentences_not_tracebacks(args, said, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    done = _run(*args, input="")
    assert done.exit_code == 2, done.output
    assert said in done.output and done.exception is None or isinstance(done.exception, SystemExit)


@pytest.mark.parametrize(("lang", "args", "said"), [
    ("pt", ("simulate", "--games", "abc"), "abc não é um número inteiro de 1 ou mais."),
    ("pt", ("simulate", "--seed", "x"), "x não é um número inteiro."),
    ("it", ("simulate", "--players", "x"), "x non è un numero intero da 2 a 10."),
    ("ro", ("play", "--pace", "x"), "x nu este un număr de la 0 la 60."),
    ("sr_Latn", ("simulate", "--external-timeout", "0"), "0 nije broj od 0.1 naviše."),
    ("en", ("play", "--volume", "101"), "101 is not a whole number from 0 to 100."),
])
def test_every_number_option_refuses_a_bad_value_in_one_sentence_of_the_players_language(
        lang, args, said, tmp_path) -> None:
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path), UNO_CLI_IGNORE_SETTINGS="1", LANG="C.UTF-8",
               PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    done = subprocess.run([sys.executable, "-m", "uno_cli", args[0], "--lang", lang, *args[1:]],
                          capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.endswith(said), last
    assert "integer" not in last and "float" not in last and "x>=" not in last


@pytest.mark.parametrize("typed", ["--lan", "--lnag"])
def test_a_mistyped_option_is_answered_with_the_options_it_may_mean_in_the_players_language(typed, tmp_path) -> None:
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path), UNO_CLI_IGNORE_SETTINGS="1", LANG="pt_BR.UTF-8",
               PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    done = subprocess.run([sys.executable, "-m", "uno_cli", typed], capture_output=True, text=True, env=env,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    # One close option takes the singular sentence, two the plural one: each translated.
    expected = "Você quis dizer '--lang'?" if typed == "--lan" else "(Você quis dizer um destes: '--lang', '--names'?)"
    assert done.stderr.strip().endswith(expected), done.stderr


def test_jobs_are_capped_to_the_games(monkeypatch, tmp_path) -> None:
    from uno_cli.play import sim

    seen = {}
    real = sim.simulate

    def spy(*args, **kw):
        seen.update(kw)
        return real(*args, **{k: v for k, v in kw.items() if k != "jobs"})

    monkeypatch.setattr(sim, "simulate", spy)
    done = _run("simulate", "--games", "2", "--jobs", "200", "--json")
    assert done.exit_code == 0, done.output
    assert seen["jobs"] == 2


def test_speech_and_verbosity_values_are_said_and_typed_in_the_players_language() -> None:
    from uno_cli.words.clicktext import said_choice
    from uno_cli.words.i18n import use_language
    choice = said_choice("speech")
    with use_language("ro"):
        assert choice.get_metavar(None) == "[automat|da|nu]"
        assert choice.convert("nu", None, None) == "off"
    assert choice.convert("desligado", None, None) == "off"
    assert choice.convert("auto", None, None) == "auto"


def test_format_values_are_said_and_typed_in_the_players_language() -> None:
    from uno_cli.words.clicktext import said_choice
    from uno_cli.words.i18n import use_language
    choice = said_choice("format")
    with use_language("it"):
        assert choice.get_metavar(None) == "[testo|json]"
        assert choice.convert("testo", None, None) == "text"
    assert choice.convert("texto", None, None) == "text"
    assert choice.convert("JSON", None, None) == "json"


@pytest.mark.parametrize("lang, rule, said", [
    ("pt", "Contra-ataque=sim", "stacking=on"),
    ("sr_Latn", "odgovor-kartom=da", "stacking=on"),
    ("ro", "Cumulare=nu", "stacking=off"),
    ("it", "stacking=on", "stacking=on"),
])
def test_rule_names_and_values_are_typed_in_any_language(lang: str, rule: str, said: str) -> None:
    from uno_cli.play.playconfig import build_options

    key, value = said.split("=")
    assert getattr(build_options("classic", [rule]), key) is (value == "on")


@pytest.fixture
def language_given_back():
    """A run of ``uno`` in this process makes its language current: give the previous one back."""
    from uno_cli.words.i18n import use_language

    with use_language("en"):
        yield


@pytest.mark.usefixtures("language_given_back")
def test_a_badly_written_rule_shows_an_example_in_the_players_language() -> None:
    done = _run("play", "--lang", "pt", "--rule", "foo", "--seed", "1", input="quit\n")
    assert done.exit_code == 2 and "Contra-ataque=sim" in done.output, done.output
    done = _run("play", "--lang", "pt", "--rule", "Contra-ataque=sim", "--format", "texto",
                "--seed", "1", input="quit\n")
    assert "A partida começa" in done.output, done.output


@pytest.mark.usefixtures("language_given_back")
def test_a_wrong_typed_rule_is_explained_in_the_rule_books_words() -> None:
    done = _run("play", "--lang", "pt", "--rule", "penalidade por não dizer uno=3", "--seed", "1", input="quit\n")
    assert done.exit_code == 2 and "Penalidade por não dizer Uno" in done.output and "1, 2 ou 4" in done.output, done.output
    done = _run("play", "--lang", "it", "--rule", "target=x", "--seed", "1", input="quit\n")
    assert "un numero intero" in done.output and "whole" not in done.output, done.output
    done = _run("play", "--lang", "ro", "--rule", "foo=1", "--seed", "1", input="quit\n")
    assert "uno rules" in done.output and "draw_skips" not in done.output, done.output


@pytest.mark.usefixtures("language_given_back")
def test_a_typed_rule_number_too_long_or_out_of_range_says_the_options_range() -> None:
    said = []
    for value in ("0", "1234567890123", "-99999999999999", "x"):
        done = _run("play", "--rule", f"target={value}", "--seed", "1", input="quit\n")
        assert done.exit_code == 2, done.output
        said.append(done.output.split("cannot be ")[1].split(". Allowed: ")[1])
    assert said == ["a whole number from 1 to 1000000.\n"] * 4, said
    done = _run("play", "--rule", "uno_penalty=99999999999999", "--seed", "1", input="quit\n")
    assert "Allowed: 1, 2, or 4." in done.output, done.output


def test_every_help_of_the_uno_command_is_taken_from_the_words_layer() -> None:
    """cli.py writes no sentence: each help= is a call of uno_cli.words.clitext, and each of its
    help texts is used."""
    import ast

    from uno_cli.words.clitext import HELP

    tree = ast.parse(Path(cli.__file__).read_text(encoding="utf-8"))
    used, written_here = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "help_text":
            used.add(node.args[0].value)  # type: ignore[attr-defined]
        for keyword in getattr(node, "keywords", []) if isinstance(node, ast.Call) else []:
            value = keyword.value
            if keyword.arg == "help" and not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
                                              and ast.unparse(value.func.value) == "cli_words"):
                written_here.append(ast.unparse(value))
    assert not written_here, written_here
    assert used | {"uno", "uno_alone", "join"} == set(HELP)


@pytest.mark.parametrize("lang", ["pt", "sr_Cyrl"])
def test_uno_help_says_every_command_and_option_in_the_players_language(lang: str) -> None:
    """The help is translated as cli.py defines the commands, after the language is chosen."""
    from uno_cli.net import DEFAULT_PORT
    from uno_cli.words.clicktext import HELP_FIELDS
    from uno_cli.words.clitext import HELP, help_text, join_help, program_help
    from uno_cli.words.i18n import use_language

    shown = _uno_in(lang, "--help").stdout + "".join(
        _uno(command, "--help", "--lang", lang).stdout for command in ("play", "rules", "simulate", "serve", "join"))
    shown = "".join(shown.split())  # click wraps the lines
    with use_language(lang):
        expected = [program_help(), join_help()] + [help_text(key, port=DEFAULT_PORT) if key == "listen" else help_text(key)
                                                    for key in HELP if key not in ("uno", "uno_alone", "join")]
        for field, words in HELP_FIELDS.items():
            expected = [text.replace(field, words()) for text in expected]
        assert help_text("play") != HELP["play"]  # said in the language, not in English
    missing = [text for text in expected if "".join(text.split()) not in shown]
    assert not missing, missing
    # Ranges are said in words ("2 to 10", "1 or more"), never as symbols a voice reads out, and a
    # number without a range shows none.
    assert "x>=" not in shown and "<=x" not in shown and "None]" not in shown


def test_script_mode_bots_take_every_seat_but_the_first_in_turn_and_seat_options_win() -> None:
    """docs/protocol.md, "Seats": the levels of --bots go round seats 2, 3, 4 ...; --seat sets its seat."""
    from uno_cli.play.playconfig import build_seats

    seats = build_seats(4, 1, "easy,hard", [], "script")
    assert [(s.kind, s.level if s.kind == "bot" else None) for s in seats] == [
        ("script", None), ("bot", "easy"), ("bot", "hard"), ("bot", "easy")]
    seats = build_seats(4, 1, "easy,hard", ["1=bot:hard", "2=cmd:prog"], "script")
    assert [s.kind for s in seats] == ["bot", "cmd", "bot", "bot"] and seats[0].level == "hard"
