"""The shipped catalogs: complete, placeholders intact, plural rules right, .pot in sync.

Generic over whatever the catalogs hold, so the checks grow with the strings.
"""

from __future__ import annotations

import gettext
import importlib.util
import io
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po as babel_read_po

from uno_cli.words.i18n import BY_CODE, CATALOG_LANGUAGES, COMPLETE_CATALOGS, LOCALE_NAMES, Translator, read_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
POT = LOCALES / "uno_cli.pot"
COUNTS = (0, 1, 2, 5, 21, 22, 25, 101)


def _load_script():
    spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("i18n_script", module)
    spec.loader.exec_module(module)
    return module


script = _load_script()


def po_text(language: str) -> str:
    return (LOCALES / language / "LC_MESSAGES" / "uno_cli.po").read_text(encoding="utf-8")


def template_entries():
    return read_po(POT.read_text(encoding="utf-8")).entries


def entry_id(entry) -> str:
    return f"{entry.context}|{entry.msgid}" if entry.context else entry.msgid


# CLDR category -> gettext form index, in the order the Plural-Forms expressions use.
FORM_OF_CATEGORY = {
    "en": {"one": 0, "other": 1},
    "pt": {"one": 0, "many": 1, "other": 2},
    "it": {"one": 0, "many": 1, "other": 2},
    "ro": {"one": 0, "few": 1, "other": 2},
    "sr_Latn": {"one": 0, "few": 1, "other": 2},
}
#: From each language's record (tests/words/test_i18n.py checks the catalog's header agrees).
NPLURALS = {code: int(lang.plural.split(";")[0].split("=")[1]) if lang.plural else 2 for code, lang in BY_CODE.items()}

# Hand-checked forms: pt and it use form 2 for ordinary plurals (form 1 is for whole
# millions); ro uses "de" (form 2) from 20 up, but not for 101-119 ("101 cărți");
# sr: 1, 21, 101 karta / 2, 22 karte / 5, 11-14, 25 karata.
EXPECTED_FORMS = {
    "pt": {0: 0, 1: 0, 2: 2, 5: 2, 21: 2, 101: 2, 1_000_000: 1},
    "it": {0: 2, 1: 0, 2: 2, 5: 2, 21: 2, 101: 2, 1_000_000: 1},
    "ro": {0: 1, 1: 0, 2: 1, 19: 1, 20: 2, 21: 2, 25: 2, 100: 2, 101: 1, 119: 1, 120: 2},
    "sr_Latn": {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 0, 22: 1, 25: 2,
                101: 0, 111: 2, 112: 2},
}


def test_pot_exists_and_parses_the_same_with_babel():
    ours = {(e.context, e.msgid, e.msgid_plural) for e in template_entries()}
    with open(POT, "rb") as f:
        theirs = {(m.context, m.id[0] if m.pluralizable else m.id,
                   m.id[1] if m.pluralizable else None) for m in babel_read_po(f) if m.id}
    assert ours == theirs


def test_pot_is_in_sync_with_the_code():
    fresh = script.message_keys(script.extract_catalog())
    with open(POT, "rb") as f:
        stored = script.message_keys(babel_read_po(f))
    added, removed = sorted(fresh - stored, key=str), sorted(stored - fresh, key=str)
    assert not added and not removed, (
        "locales/uno_cli.pot is out of date; run `python3 scripts/i18n.py extract` and "
        f"`python3 scripts/i18n.py update`.\nNew in code: {added}\nGone from code: {removed}"
    )


@pytest.mark.parametrize("language", CATALOG_LANGUAGES)
def test_catalog_reader_agrees_with_babel(language):
    ours = {(e.context, e.msgid): e.msgstr for e in read_po(po_text(language)).entries
            if not e.obsolete}
    catalog = babel_read_po(io.StringIO(po_text(language)))
    theirs = {(m.context, m.id[0] if m.pluralizable else m.id):
              tuple(m.string) if m.pluralizable else (m.string,) for m in catalog if m.id}
    assert ours == theirs


@pytest.mark.parametrize("language", CATALOG_LANGUAGES)
def test_catalog_header(language):
    po = read_po(po_text(language))
    assert po.headers.get("Language") == LOCALE_NAMES[language]
    assert "charset=utf-8" in po.headers.get("Content-Type", "").lower()
    nplurals, expression = po.plural_forms
    assert "Plural-Forms" in po.headers
    assert nplurals == NPLURALS[language]


def test_every_complete_catalog_has_hand_checked_plural_forms():
    """A partial language may ship before its forms are checked by hand; a complete one may not."""
    assert set(COMPLETE_CATALOGS) <= set(FORM_OF_CATEGORY) & set(EXPECTED_FORMS)


@pytest.mark.parametrize("language", sorted(set(CATALOG_LANGUAGES) & set(FORM_OF_CATEGORY)))
def test_plural_forms_match_cldr(language):
    nplurals, expression = read_po(po_text(language)).plural_forms
    plural = gettext.c2py(expression)
    rule = Locale.parse(LOCALE_NAMES[language]).plural_form
    forms = FORM_OF_CATEGORY[language]
    for n in [*range(0, 1201), 1_000_000, 2_000_000, 1_000_001]:
        assert plural(n) == forms[rule(n)], f"{language}: n={n}"
        assert 0 <= plural(n) < nplurals


@pytest.mark.parametrize("language", sorted(set(CATALOG_LANGUAGES) & set(EXPECTED_FORMS)))
def test_plural_form_selection_by_hand(language):
    translator = Translator(language)
    for n, form in EXPECTED_FORMS[language].items():
        assert translator.plural_index(n) == form, f"{language}: n={n}"


def test_english_and_cyrillic_plural_selection():
    english = Translator("en")
    assert [english.plural_index(n) for n in (0, 1, 2, 21)] == [1, 0, 1, 1]
    latin, cyrillic = Translator("sr_Latn"), Translator("sr_Cyrl")
    assert [cyrillic.plural_index(n) for n in range(200)] == \
        [latin.plural_index(n) for n in range(200)]


@pytest.mark.parametrize("language", COMPLETE_CATALOGS)
def test_catalog_is_complete(language):
    po = {(e.context, e.msgid): e for e in read_po(po_text(language)).entries
          if not e.obsolete}
    missing, empty, fuzzy, wrong_kind = [], [], [], []
    for entry in template_entries():
        got = po.get((entry.context, entry.msgid))
        if got is None:
            missing.append(entry_id(entry))
        elif got.msgid_plural != entry.msgid_plural:
            wrong_kind.append(entry_id(entry))
        elif "fuzzy" in got.flags:
            fuzzy.append(entry_id(entry))
        elif not all(got.msgstr):
            empty.append(entry_id(entry))
    assert not (missing or empty or fuzzy or wrong_kind), (
        f"{language}: run `python3 scripts/i18n.py update`, then translate.\n"
        f"missing: {missing}\nuntranslated: {empty}\nfuzzy: {fuzzy}\n"
        f"msgid_plural differs: {wrong_kind}"
    )


@pytest.mark.parametrize("language", CATALOG_LANGUAGES)
def test_placeholders_match(language):
    po = read_po(po_text(language))
    nplurals, expression = po.plural_forms
    problems = []
    for entry in po.entries:
        if entry.obsolete:
            continue
        if entry.msgid_plural is not None and len(entry.msgstr) != nplurals:
            problems.append(f"{entry_id(entry)}: {len(entry.msgstr)} forms, not {nplurals}")
        for problem in script.message_problems(
                entry.msgid, entry.msgid_plural, entry.msgstr, expression, nplurals,
                "python-format" in entry.flags):
            problems.append(f"{entry_id(entry)}: {problem}")
    assert not problems, f"{language}:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", [*CATALOG_LANGUAGES, "sr_Cyrl"])
def test_every_plural_entry_gives_a_usable_string_for_each_count(language):
    translator = Translator(language)
    for entry in template_entries():
        if entry.msgid_plural is None:
            continue
        for n in COUNTS:
            if entry.context is None:
                text = translator.ngettext(entry.msgid, entry.msgid_plural, n)
            else:
                text = translator.npgettext(entry.context, entry.msgid, entry.msgid_plural, n)
            assert text, f"{language} n={n}: {entry.msgid!r} is empty"
            fields = script.placeholders(entry.msgid_plural if n != 1 else entry.msgid)
            assert fields <= script.placeholders(text), f"{language} n={n}: {text!r}"


@pytest.mark.parametrize("language", [code for code in BY_CODE if code != "en" and BY_CODE[code].complete])
def test_every_message_is_translated_when_loaded(language):
    translator = Translator(language)
    entries = template_entries()
    assert len(translator) == len(entries)
    for entry in entries:
        if entry.msgid_plural is None:
            text = (translator.gettext(entry.msgid) if entry.context is None
                    else translator.pgettext(entry.context, entry.msgid))
            assert text and script.placeholders(text) == script.placeholders(entry.msgid)


def test_check_command_passes():
    assert script.main(["check"]) == 0


NAME_SLOT = r"\{(?:player|target|catcher|name)\}"  # {players} is also a count


def test_serbian_names_never_need_a_case_ending():
    """A name cannot be declined by the catalog ("igrača Ana" is wrong for Ana): Serbian
    sentences keep names in the nominative, never after a noun that governs a case."""
    import re

    po = read_po(po_text("sr_Latn"))
    wrong = [form for e in po.entries if not e.obsolete for form in e.msgstr
             if re.search(r"\b(?:igrač\w*|od|sa|s|kod|za|protiv|pre|posle|između)\s+" + NAME_SLOT, form)]
    assert not wrong, wrong
