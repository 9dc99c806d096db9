"""Language choice, the .po reader, translators, transliteration, and a wheel install."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest

from uno_cli.words import i18n
from uno_cli.words.i18n import (
    LANGUAGES, Translator, UnknownLanguage, N_, get_translator, negotiate, parse_language,
    read_po, set_language, use_language,
)
from uno_cli.words.translit import latin_to_cyrillic

ROOT = Path(__file__).resolve().parent.parent.parent


# --- negotiate -----------------------------------------------------------------------

@pytest.mark.parametrize("value, expected", [
    ("pt_BR.UTF-8", "pt"), ("pt_PT.UTF-8", "pt"), ("pt", "pt"), ("pt_BR", "pt"),
    ("sr_RS@latin", "sr_Latn"), ("sr_RS.UTF-8@latin", "sr_Latn"), ("sr_Latn_RS", "sr_Latn"),
    ("sr@latin", "sr_Latn"), ("sr_RS", "sr_Cyrl"), ("sr", "sr_Cyrl"), ("sr_Cyrl", "sr_Cyrl"),
    ("sr_RS.UTF-8", "sr_Cyrl"), ("sr_RS@cyrillic", "sr_Cyrl"), ("ro_RO.UTF-8", "ro"),
    ("ro", "ro"), ("it_IT.UTF-8", "it"), ("it_CH", "it"), ("en_GB.UTF-8", "en"),
    ("C", "en"), ("C.UTF-8", "en"), ("POSIX", "en"), ("de_DE.UTF-8", "en"), ("", "en"),
    ("xx", "en"),
])
@pytest.mark.parametrize("variable", ["LANG", "LC_MESSAGES", "LC_ALL", "LANGUAGE"])
def test_negotiate_each_variable(variable, value, expected):
    assert negotiate({variable: value}) == expected


def test_negotiate_priority_and_language_list():
    assert negotiate({}) == "en"
    assert negotiate({"LANG": "it_IT.UTF-8", "LC_ALL": "ro_RO.UTF-8"}) == "ro"
    assert negotiate({"LANG": "it_IT.UTF-8", "LC_MESSAGES": "pt_BR.UTF-8"}) == "pt"
    assert negotiate({"LC_ALL": "it_IT.UTF-8", "LC_MESSAGES": "pt_BR"}) == "it"
    assert negotiate({"LANGUAGE": "sr@latin:sr", "LANG": "it_IT.UTF-8"}) == "sr_Latn"
    # Unsupported entries of LANGUAGE are skipped, then the locale decides.
    assert negotiate({"LANGUAGE": "de:fr", "LANG": "it_IT.UTF-8"}) == "it"
    assert negotiate({"LANGUAGE": "de:ro:it", "LANG": "pt_BR"}) == "ro"
    assert negotiate({"LANGUAGE": "", "LC_ALL": "", "LANG": "ro_RO.UTF-8"}) == "ro"


def test_negotiate_reads_the_environment(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "sr_RS.UTF-8@latin")
    assert negotiate() == "sr_Latn"


# --- parse_language ------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("en", "en"), ("EN", "en"), ("pt", "pt"), ("pt-BR", "pt"), ("pt_BR", "pt"),
    ("pt-br", "pt"), ("PT_br", "pt"), ("sr_Latn", "sr_Latn"), ("sr-Latn", "sr_Latn"),
    ("sr-latn", "sr_Latn"), ("sr@latin", "sr_Latn"), ("SR_LATN", "sr_Latn"),
    ("sr-Latn-RS", "sr_Latn"), ("sr", "sr_Cyrl"), ("sr-Cyrl", "sr_Cyrl"),
    ("sr_cyrl", "sr_Cyrl"), ("sr@cyrillic", "sr_Cyrl"), ("ro", "ro"), ("RO", "ro"),
    ("ro-RO", "ro"), ("it", "it"), ("it_IT", "it"), (" it ", "it"),
    ("Italiano", "it"), ("română", "ro"), ("Português (Brasil)", "pt"),
    ("Српски (ћирилица)", "sr_Cyrl"), ("italian", "it"),
])
def test_parse_language_aliases(text, expected):
    assert parse_language(text) == expected


@pytest.mark.parametrize("text", ["", "xx", "de", "fr_FR", "C", "sr_Latn; rm -rf", "123"])
def test_parse_language_rejects_unknown_and_lists_languages(text):
    with use_language("en"), pytest.raises(UnknownLanguage) as info:
        parse_language(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.text == text
    assert error.available == tuple(LANGUAGES)
    for code in LANGUAGES:
        assert code in str(error)


def test_unknown_language_message_is_translated():
    with use_language("ro"), pytest.raises(UnknownLanguage, match="Limbă necunoscută"):
        parse_language("xx")
    with use_language("sr_Cyrl"), pytest.raises(UnknownLanguage, match="Непознат језик"):
        parse_language("xx")


def test_languages_order_and_names():
    assert list(LANGUAGES)[:6] == ["en", "pt", "sr_Latn", "sr_Cyrl", "ro", "it"]
    assert LANGUAGES["sr_Cyrl"] == "Српски (ћирилица)"
    assert LANGUAGES["ro"] == "Română"


def test_every_language_table_derives_from_the_records():
    """A new language is one Language record plus its catalog: every table follows."""
    from uno_cli.words.clitext import LANGUAGE_CODES
    from uno_cli.words.i18n import CATALOG_LANGUAGES, COMPLETE_LANGUAGES, LANGUAGE_LIST, LOCALE_NAMES
    from uno_cli.interactive.keys import COLOR_LETTERS

    codes = [lang.code for lang in LANGUAGE_LIST]
    assert list(LANGUAGES) == list(LOCALE_NAMES) == list(COLOR_LETTERS) == codes
    assert LANGUAGE_CODES == ", ".join(COMPLETE_LANGUAGES)
    for lang in LANGUAGE_LIST:
        assert parse_language(lang.code) == lang.code
        assert lang.catalog is None or lang.catalog in CATALOG_LANGUAGES
        assert len(lang.color_letters) in (0, 4)
        assert len(lang.yes) == len(lang.no) == 1 and lang.yes != lang.no


def test_a_partial_language_ships_marked_and_falls_back_to_english(monkeypatch):
    """A stub record (complete=False) with no catalog is usable but not offered as complete."""
    import dataclasses

    from uno_cli.words import i18n

    stub = dataclasses.replace(i18n.BY_CODE["it"], code="xx", name="Stub", english_names=("stubbish",),
                               catalog=None, tag="xx", complete=False)
    monkeypatch.setitem(i18n.BY_CODE, "xx", stub)
    monkeypatch.setitem(i18n.LANGUAGES, "xx", stub.name)
    monkeypatch.setattr(i18n, "LANGUAGE_LIST", (*i18n.LANGUAGE_LIST, stub))
    assert "xx" not in i18n.COMPLETE_LANGUAGES
    assert parse_language("xx") == "xx" and negotiate({"LANG": "xx_XX.UTF-8"}) == "xx"
    tr = i18n.Translator("xx")
    assert tr.gettext("Draw a card.") == "Draw a card."  # untranslated: the English source
    assert tr.locale_name == "it"


# --- the .po reader and translators ---------------------------------------------------

SAMPLE_PO = r'''# A comment
msgid ""
msgstr ""
"Language: ro\n"
"Plural-Forms: nplurals=3; plural=(n == 1 ? 0 : n == 0 || n != 1 && n % 100 >= 1 "
"&& n % 100 <= 19 ? 1 : 2);\n"
"Content-Type: text/plain; charset=utf-8\n"

#. TRANSLATORS: a comment
#: uno_cli/x.py
#, python-brace-format
msgid "{player} plays {card}."
msgstr "{player} joacă {card}."

msgid "Tab\tand \"quotes\" and \\ back"
msgstr "Tab\tși \"ghilimele\" și \\ "
"înapoi\n"

msgid "Fuzzy one"
msgstr "Neclar"

#, fuzzy
msgid "Fuzzy two"
msgstr "Aproximativ"

msgid "Empty"
msgstr ""

msgctxt "colour"
msgid "Red"
msgstr "Roșu"

msgctxt "verb"
msgid "Draw"
msgstr "Trage"

msgid "Draw"
msgstr "Tragere"

msgid "{count} card"
msgid_plural "{count} cards"
msgstr[0] "{count} carte"
msgstr[1] "{count} cărți"
msgstr[2] "{count} de cărți"

msgctxt "hand"
msgid "{count} card left"
msgid_plural "{count} cards left"
msgstr[0] "a rămas {count} carte"
msgstr[1] "au rămas {count} cărți"
msgstr[2] "au rămas {count} de cărți"

msgid "{count} point"
msgid_plural "{count} points"
msgstr[0] "{count} punct"
msgstr[1] ""
msgstr[2] "{count} de puncte"

#~ msgid "Old"
#~ msgstr "Vechi"
'''


def test_read_po_fields_escapes_and_flags():
    po = read_po(SAMPLE_PO)
    assert po.headers["Language"] == "ro"
    assert po.plural_forms[0] == 3
    by_key = {(e.context, e.msgid): e for e in po.entries}
    assert by_key[(None, "{player} plays {card}.")].flags == {"python-brace-format"}
    assert by_key[(None, 'Tab\tand "quotes" and \\ back')].msgstr == (
        'Tab\tși "ghilimele" și \\ înapoi\n',)
    assert by_key[(None, "Fuzzy two")].flags == {"fuzzy"}
    assert by_key[("colour", "Red")].msgstr == ("Roșu",)
    assert by_key[(None, "{count} card")].msgid_plural == "{count} cards"
    assert by_key[(None, "Old")].obsolete


def test_read_po_matches_babel_on_the_sample():
    import io

    from babel.messages.pofile import read_po as babel_read_po
    ours = {(e.context, e.msgid): e.msgstr for e in read_po(SAMPLE_PO).entries
            if not e.obsolete}
    theirs = {(m.context, m.id[0] if m.pluralizable else m.id):
              tuple(m.string) if m.pluralizable else (m.string,)
              for m in babel_read_po(io.StringIO(SAMPLE_PO)) if m.id}
    assert ours == theirs


def test_translator_from_text_translates_and_falls_back_to_english():
    t = Translator("ro", po_text=SAMPLE_PO)
    assert t.gettext("{player} plays {card}.") == "{player} joacă {card}."
    assert t.gettext("Fuzzy one") == "Neclar"
    assert t.gettext("Fuzzy two") == "Fuzzy two"          # fuzzy -> English
    assert t.gettext("Empty") == "Empty"                  # untranslated -> English
    assert t.gettext("Not in the catalog") == "Not in the catalog"
    assert t.gettext("Old") == "Old"                      # obsolete -> English
    assert t.gettext("") == ""
    assert t.pgettext("colour", "Red") == "Roșu"
    assert t.pgettext("verb", "Draw") == "Trage"
    assert t.gettext("Draw") == "Tragere"
    assert t.pgettext("other", "Red") == "Red"
    assert t.gettext("Red") == "Red"


def test_translator_plurals():
    t = Translator("ro", po_text=SAMPLE_PO)
    got = {n: t.ngettext("{count} card", "{count} cards", n) for n in (0, 1, 2, 20, 101)}
    assert got == {0: "{count} cărți", 1: "{count} carte", 2: "{count} cărți",
                   20: "{count} de cărți", 101: "{count} cărți"}
    assert t.npgettext("hand", "{count} card left", "{count} cards left", 21).format(
        count=21) == "au rămas 21 de cărți"
    # One form empty: the whole entry falls back to English, never to "".
    assert t.ngettext("{count} point", "{count} points", 2) == "{count} points"
    assert t.ngettext("{count} point", "{count} points", 1) == "{count} point"
    assert t.ngettext("{n} x", "{n} xs", 1) == "{n} x"
    assert t.ngettext("{n} x", "{n} xs", 0) == "{n} xs"


def test_a_plural_asked_of_two_messages_the_catalog_keeps_apart_takes_each_own_translation():
    po = SAMPLE_PO + """
msgid "Did you mean {x}?"
msgstr "Te-ai referit la {x}?"

msgid "(Did you mean one of: {x}?)"
msgstr "(Te-ai referit la una dintre: {x}?)"
"""
    t = Translator("ro", po_text=po)
    # click asks these as one plural pair; the catalog holds them as two messages, not one with forms.
    assert t.ngettext("Did you mean {x}?", "(Did you mean one of: {x}?)", 1) == "Te-ai referit la {x}?"
    for n in (2, 20, 101):
        assert t.ngettext("Did you mean {x}?", "(Did you mean one of: {x}?)", n) == "(Te-ai referit la una dintre: {x}?)"
    assert t.npgettext("c", "Did you mean {x}?", "(Did you mean one of: {x}?)", 3) == "(Did you mean one of: {x}?)"


def test_english_translator_is_the_identity():
    t = Translator("en")
    assert len(t) == 0
    assert t.gettext("Hello {player}.") == "Hello {player}."
    assert t.ngettext("{n} card", "{n} cards", 1) == "{n} card"
    assert t.ngettext("{n} card", "{n} cards", 0) == "{n} cards"
    assert t.pgettext("c", "Red") == "Red"
    assert t.npgettext("c", "a", "b", 2) == "b"


def test_cyrillic_is_derived_from_latin_with_placeholders_kept():
    latin = SAMPLE_PO.replace('"Language: ro\\n"', '"Language: sr_Latn\\n"').replace(
        "{player} joacă {card}.", "{player} igra {card}, džoker nije ljut.")
    t = Translator("sr_Cyrl", po_text=latin)
    assert t.gettext("{player} plays {card}.") == "{player} игра {card}, џокер није љут."
    assert t.pgettext("colour", "Red") == "Роșу"  # ș is not Serbian: kept as it is
    assert t.gettext("Fuzzy two") == "Fuzzy two"


def test_unknown_translator_language():
    with pytest.raises(UnknownLanguage):
        Translator("fr")


def test_format_list_per_language():
    items = ["a", "b", "c"]
    assert Translator("en").format_list(items) == "a, b, and c"
    assert Translator("pt").format_list(items) == "a, b e c"
    assert Translator("sr_Latn").format_list(items) == "a, b i c"
    assert Translator("sr_Cyrl").format_list(items) == "a, b и c"
    assert Translator("ro").format_list(items) == "a, b și c"
    assert Translator("it").format_list(items) == "a, b e c"
    assert Translator("ro").format_list(["a", "b"]) == "a și b"
    assert Translator("it").format_list(["a"]) == "a"
    assert Translator("it").format_list([]) == ""
    assert Translator("ro").format_list(items, style="or") == "a, b sau c"


def test_format_number_per_language():
    assert Translator("en").format_number(1234) == "1,234"
    assert Translator("pt").format_number(1234) == "1.234"
    assert Translator("it").format_number(7) == "7"
    assert Translator("pt").locale_name == "pt_BR"
    assert Translator("sr_Cyrl").language == "sr_Cyrl"


def test_module_level_functions_follow_the_current_language():
    previous = get_translator()
    try:
        assert set_language("en") is get_translator("en")
        assert i18n._("anything") == "anything"
        assert i18n.ngettext("{n} card", "{n} cards", 2) == "{n} cards"
        with use_language("it") as t:
            assert get_translator() is t and t.language == "it"
            assert i18n.pgettext("ctx", "x") == "x"
            assert i18n.npgettext("ctx", "a", "b", 1) == "a"
        assert get_translator().language == "en"
        assert N_("mark only") == "mark only"
        set_language("pt")
        assert "desconhecido" in str(UnknownLanguage("xx"))
    finally:
        set_language(previous.language)


def test_translators_are_cached():
    assert get_translator("ro") is get_translator("ro")


def test_shipped_catalogs_load():
    for code in i18n.COMPLETE_LANGUAGES:
        t = Translator(code)
        assert (len(t) > 0) == (code != "en"), code


# --- transliteration -----------------------------------------------------------------

@pytest.mark.parametrize("latin, cyrillic", [
    ("Ljubav, njiva i džep.", "Љубав, њива и џеп."),
    ("LJUBAV, NJIVA I DŽEP", "ЉУБАВ, ЊИВА И ЏЕП"),
    ("Ljiljana, Njegoš, Džoker", "Љиљана, Његош, Џокер"),
    ("Đorđe Ćirić šuti, Čačak, Žabalj", "Ђорђе Ћирић шути, Чачак, Жабаљ"),
    ("abcčćddžđefghijklljmnnjoprsštuvzž", "абцчћдџђефгхијклљмнњопрсштувзж"),
    ("Preskoči, Obrni smer, Vuci dve, Džoker vuci četiri",
     "Прескочи, Обрни смер, Вуци две, Џокер вуци четири"),
    ("konjunkcija, Konjugacija, injekcija, nadživeti, podžanr",
     "конјункција, Конјугација, инјекција, надживети, поджанр"),
    ("konj, panj, ljudi", "коњ, пањ, људи"),
])
def test_transliteration(latin, cyrillic):
    assert latin_to_cyrillic(latin) == cyrillic


def test_transliteration_keeps_placeholders_and_codes():
    text = ("{player} vuče {count:d} karte, {{zagrade}} {a:{width}} {x[0]} %(ime)s %d; "
            "igraj r5 ili +4, --lang sr_Latn, Uno! uno play https://primer.rs/karta Wild")
    expected = ("{player} вуче {count:d} карте, {{заграде}} {a:{width}} {x[0]} %(ime)s %d; "
                "играј r5 или +4, --lang sr_Latn, Уно! uno play https://primer.rs/karta Wild")
    assert latin_to_cyrillic(text) == expected


def test_transliteration_keep_words_and_decomposed_input():
    assert latin_to_cyrillic("reci pas ili vuci", keep=["PAS"]) == "реци pas или вуци"
    assert latin_to_cyrillic("c\u030cetiri") == "четири"  # č as c + combining caron


# --- an installed wheel --------------------------------------------------------------

WHEEL_CHECK = textwrap.dedent('''
    import sys, time
    start = time.perf_counter()
    from uno_cli.words.i18n import COMPLETE_LANGUAGES, Translator, parse_language, UnknownLanguage
    import uno_cli.words.i18n
    assert "site-packages" in uno_cli.words.i18n.__file__, uno_cli.words.i18n.__file__
    expected = {"pt": (0, 0, 2), "it": (2, 0, 2), "ro": (1, 0, 1), "sr_Latn": (2, 0, 1),
                "sr_Cyrl": (2, 0, 1), "en": (1, 0, 1)}
    for code in COMPLETE_LANGUAGES:
        t = Translator(code)
        assert (len(t) > 0) == (code != "en"), (code, len(t))
        assert tuple(t.plural_index(n) for n in (0, 1, 2)) == expected[code], code
        text = t.gettext('Unknown language "{text}". Available languages: {languages}.')
        assert (text.startswith("Unknown")) == (code == "en"), (code, text)
        assert "{text}" in text and "{languages}" in text
    print("ok", round((time.perf_counter() - start) * 1000, 1))
''')


def test_catalogs_load_from_an_installed_wheel(tmp_path):
    # Build from a copy, so that build/ and *.egg-info never land in the shared checkout.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".*", "__pycache__", "build", "dist", "*.egg-info", "bench", "tests", "*.mo"))
    if not (source / "README.md").exists():
        (source / "README.md").write_text("uno-cli\n", encoding="utf-8")
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(wheels)],
        capture_output=True, text=True, timeout=300,
    )
    assert build.returncode == 0, build.stderr
    wheel = next(wheels.glob("uno_cli-*.whl"))
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(tmp_path / "venv")
    python = tmp_path / "venv" / "bin" / "python"
    # The venv has no pip of its own; with system site-packages it runs the system pip.
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-index", "-q", str(wheel)],
        capture_output=True, text=True, timeout=300,
    )
    assert install.returncode == 0, install.stderr
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run([str(python), "-c", WHEEL_CHECK], cwd="/", env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("ok")


def test_portuguese_says_zero_with_the_plural() -> None:
    """CLDR puts 0 with 1 in Portuguese, but players say "0 pontos", not "0 ponto"."""
    from uno_cli.words.i18n import Translator

    pt = Translator("pt")
    assert pt.plural_index(0) == 0  # CLDR's category stays as it is
    assert pt.ngettext("{count} point", "{count} points", 0).format(count=0) == "0 pontos"
    assert pt.ngettext("{count} point", "{count} points", 1).format(count=1) == "1 ponto"
    assert Translator("it").ngettext("{count} point", "{count} points", 0).format(count=0) == "0 punti"


def test_small_wording_fixes_of_issue_17() -> None:
    from uno_cli.words.describe import scores_text, turn_text
    from uno_cli.engine.game import Phase
    from uno_cli.words.optioninfo import describe_value
    from types import SimpleNamespace

    with use_language("it"):
        assert turn_text(SimpleNamespace(phase=Phase.PLAYING, current=1), ["Mia", "Ana"], 0) == "Tocca a Ana."
    with use_language("ro"):
        assert scores_text([1, 2], ["Mia", "Ana"], None) == "Scor: Mia 1, Ana 2."
    with use_language("pt"):
        # Option labels have either gender: the values do not agree with any.
        assert [describe_value("stacking", True), describe_value("stacking", False)] == ["sim", "não"]


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_context_messages_are_the_translators_own_without_loading_the_catalog(language):
    """The command words read alone are what the whole catalog's pgettext gives."""
    from uno_cli.play.commands import REGISTRY

    i18n._context_cache.pop((language, "command"), None)
    loaded = i18n._cache.pop(language, None)
    try:
        alone = i18n.context_messages(language, "command")
        assert language not in i18n._cache  # read without loading the whole catalog
    finally:
        if loaded is not None:
            i18n._cache[language] = loaded
    full = i18n.Translator(language)
    for verb in REGISTRY:
        assert alone.get(verb.label, verb.label) == full.pgettext("command", verb.label)


def test_serbian_cyrillic_command_words_normalize_to_the_latin_ones():
    """The phrase table leaves sr_Cyrl out because normalize() reads its words as sr_Latn's."""
    from uno_cli.play.commands import REGISTRY, normalize

    latin = i18n.context_messages("sr_Latn", "command")
    for verb in REGISTRY:
        word = latin.get(verb.label, verb.label)
        assert normalize(latin_to_cyrillic(word)) == normalize(word)


def test_each_catalog_has_its_records_plural_rule():
    from uno_cli.words.i18n import LANGUAGE_LIST, catalog_text

    for lang in LANGUAGE_LIST:
        if lang.catalog is not None:
            text = catalog_text(lang.catalog)
            assert text is not None, lang.code
            assert read_po(text).headers.get("Plural-Forms") == lang.plural, lang.code
