"""Translations: language choice, catalogs, plural forms, lists and numbers.

Messages are ``str.format`` templates with named fields ("{player} plays {card}.");
the caller formats them. Mark strings with ``_``, ``ngettext``, ``pgettext``,
``npgettext`` (translated now, in the current language) or ``N_`` (marked only, to be
passed to ``_`` later).

Catalogs are the ``locales/<lang>/LC_MESSAGES/uno_cli.po`` files, shipped as data of the
package ``uno_cli.locales``. They are read with a small .po reader of this module rather
than with babel: it needs no import of babel at start-up and reads a catalog in a few
milliseconds (tests check it against babel's reader). ``sr_Cyrl`` has no file: it is the
``sr_Latn`` catalog transliterated at load time. Fuzzy and untranslated entries fall back
to English. Babel itself is imported only for :meth:`Translator.format_list` and
:meth:`Translator.format_number`.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
import string
import sys
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal
from importlib import resources
from pathlib import Path

__all__ = [
    "CATALOG_LANGUAGES", "COMPLETE_LANGUAGES", "DEFAULT_LANGUAGE", "DOMAIN", "LANGUAGES", "LANGUAGE_LIST",
    "Language", "Translator", "context_messages", "language",
    "UnknownLanguage", "N_", "_", "get_translator", "negotiate", "ngettext",
    "npgettext", "parse_language", "pgettext", "read_po", "set_language", "use_language",
]

DOMAIN = "uno_cli"
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Language:
    """One language the game speaks: every table about languages is derived from these records."""

    code: str
    """The code of ``--lang``, the settings and the catalog folder (``sr_Latn``)."""
    name: str
    """Its name in itself, as the language menu says it."""
    english_names: tuple[str, ...]
    """English words that name it in ``--lang`` ("portuguese", "brazilian")."""
    locale: str
    """The babel/CLDR locale of lists and numbers (``pt_BR``)."""
    plural: str
    """The Plural-Forms header of its catalog (English: none); tests check the catalog agrees."""
    yes: str
    """The letter key that answers yes ("s" for "sim"), as printed on the key."""
    no: str
    """The letter key that answers no."""
    color_letters: tuple[str, ...]
    """The colour choice's letter keys, red yellow green blue; () when initials clash."""
    catalog: str | None = None
    """Whose .po file it reads: its own code, another's (sr_Cyrl reads sr_Latn), None for English."""
    tag: str = ""
    """The ISO 639 language of locale names (``sr`` for both Serbian scripts); default: the code."""
    script: str | None = None
    """``Latn`` or ``Cyrl`` when the language comes in two scripts; None otherwise."""
    cyrillic: bool = False
    """Its catalog is the Latin one transliterated at load time."""
    zero_takes_plural: bool = False
    """CLDR puts 0 with 1 ("0 ponto") where speakers say the plural ("0 pontos")."""
    complete: bool = True
    """Every message translated and checked. A partial language ships (``--lang`` takes it,
    untranslated messages are English) but is not offered in the menu or listed as complete."""

    @property
    def iso(self) -> str:
        """The ISO 639 language (``sr``), from :attr:`tag` or the code."""
        return self.tag or self.code


#: Every language, in menu order. A new language is one record here plus its catalog.
LANGUAGE_LIST: tuple[Language, ...] = (
    Language("en", "English", ("english",), "en", "", "y", "n", ("r", "y", "g", "b")),
    Language("pt", "Português (Brasil)", ("portuguese", "brazilian"), "pt_BR",
             "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;",
             # vermelho and verde, amarelo and azul share initials: 1-4 or the word.
             "s", "n", (), catalog="pt", zero_takes_plural=True),
    Language("sr_Latn", "Srpski (latinica)", (), "sr_Latn",
             "nplurals=3; plural=n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && "
             "(n % 100 < 12 || n % 100 > 14) ? 1 : 2;",
             "d", "n", ("c", "ž", "z", "p"), catalog="sr_Latn", tag="sr", script="Latn"),
    Language("sr_Cyrl", "Српски (ћирилица)", ("serbian",), "sr_Cyrl",
             "nplurals=3; plural=n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && "
             "(n % 100 < 12 || n % 100 > 14) ? 1 : 2;",
             # Letters printed on keys stay Latin (translit.KEY_WORDS); the colour letters
             # are Cyrillic, and both alphabets' work.
             "d", "n", ("ц", "ж", "з", "п"), catalog="sr_Latn", tag="sr", script="Cyrl", cyrillic=True),
    Language("ro", "Română", ("romanian",), "ro",
             "nplurals=3; plural=(n == 1 ? 0 : n == 0 || n != 1 && n % 100 >= 1 && n % 100 <= 19 ? 1 : 2);",
             "d", "n", ("r", "g", "v", "a"), catalog="ro"),
    Language("it", "Italiano", ("italian",), "it",
             "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);",
             "s", "n", ("r", "g", "v", "b"), catalog="it"),
)

BY_CODE: dict[str, Language] = {lang.code: lang for lang in LANGUAGE_LIST}
"""Every language by code."""

LANGUAGES: dict[str, str] = {lang.code: lang.name for lang in LANGUAGE_LIST}
"""Every shipped language in menu order: code -> name in that language (partial ones too)."""

COMPLETE_LANGUAGES: tuple[str, ...] = tuple(lang.code for lang in LANGUAGE_LIST if lang.complete)
"""The languages offered as complete: the menu, ``--lang``'s help, the golden transcripts."""

CATALOG_LANGUAGES: tuple[str, ...] = tuple(lang.code for lang in LANGUAGE_LIST if lang.catalog == lang.code)
"""Languages with a .po file of their own (en is the source, sr_Cyrl is derived)."""

COMPLETE_CATALOGS: tuple[str, ...] = tuple(code for code in CATALOG_LANGUAGES if BY_CODE[code].complete)
"""The catalogs that must translate every message (a partial language's may leave some out)."""

LOCALE_NAMES: dict[str, str] = {lang.code: lang.locale for lang in LANGUAGE_LIST}
"""Language code -> babel/CLDR locale identifier used for lists and numbers."""

ZERO_TAKES_PLURAL: frozenset[str] = frozenset(lang.code for lang in LANGUAGE_LIST if lang.zero_takes_plural)
"""Languages whose messages take the plural form for a count of 0 (:attr:`Language.zero_takes_plural`)."""

_ENGLISH_NAMES = {word: lang.code for lang in LANGUAGE_LIST for word in lang.english_names}


def language(code: str | None = None) -> Language:
    """The record of ``code``, or of the current language when None."""
    return BY_CODE[get_translator().language if code is None else code]


class UnknownLanguage(ValueError):
    """A language name or code that is not one of :data:`LANGUAGES`."""

    def __init__(self, text: str, available: tuple[str, ...] = tuple(LANGUAGES)) -> None:
        self.text = text
        self.available = tuple(available)
        # TRANSLATORS: an error for the --lang option. {text} is what the player typed,
        # {languages} a comma-separated list of codes such as "en, pt, sr_Latn".
        message = _('Unknown language "{text}". Available languages: {languages}.')
        super().__init__(message.format(text=text, languages=", ".join(self.available)))


# --- choosing a language -------------------------------------------------------------

def _from_tag(tag: str) -> str | None:
    """Map one POSIX locale name or BCP 47 tag to a language code, or None."""
    tag = tag.strip()
    modifier = ""
    if "@" in tag:
        tag, _sep, modifier = tag.partition("@")
    tag = tag.partition(".")[0]  # drop the encoding: ro_RO.UTF-8
    parts = [p for p in re.split(r"[-_]", tag.lower()) if p]
    if not parts:
        return None
    iso, subtags = parts[0], set(parts[1:])
    modifier = modifier.partition(".")[0].lower()
    matching = [lang for lang in LANGUAGE_LIST if lang.iso == iso]
    if any(lang.script for lang in matching):
        # Locale.parse("sr@latin") would drop the script, so the script is read here.
        latin = modifier == "latin" or "latn" in subtags
        for lang in matching:
            if (lang.script == "Latn") == latin:
                return lang.code  # Serbian with no script named is written in Cyrillic (CLDR)
    return matching[0].code if matching else None


def windows_ui_language() -> str | None:
    """The Windows user's interface language as a locale name (e.g. "pt_BR"); None elsewhere."""
    if not sys.platform.startswith("win"):
        return None
    try:
        import ctypes
        import locale

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
        return locale.windows_locale.get(int(lcid))
    except Exception:  # noqa: BLE001 - no answer: the variables (or English) decide
        return None


def negotiate(env: Mapping[str, str] | None = None) -> str:
    """Choose the language from LANGUAGE, LC_ALL, LC_MESSAGES and LANG (on Windows, when
    none is set, the user's interface language); "en" if none fits.

    Every entry of the colon-separated LANGUAGE list is tried in order, then the first
    set one of LC_ALL, LC_MESSAGES, LANG. "C" and "POSIX" mean English.
    """
    use_system = env is None
    env = os.environ if env is None else env
    candidates = [c for c in env.get("LANGUAGE", "").split(":") if c.strip()]
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "").strip()
        if value:
            candidates.append(value)
            break
    if not candidates and use_system:
        # Windows sets none of these variables: ask for the user's interface language.
        system = windows_ui_language()
        if system:
            candidates.append(system)
    for candidate in candidates:
        if candidate.partition(".")[0].upper() in ("C", "POSIX"):
            return DEFAULT_LANGUAGE
        code = _from_tag(candidate)
        if code is not None:
            return code
    return DEFAULT_LANGUAGE


def parse_language(text: str) -> str:
    """Return the language code for a ``--lang`` value (code, tag or name, any case)."""
    cleaned = text.strip()
    lowered = cleaned.casefold()
    for code, name in LANGUAGES.items():
        if lowered in (code.casefold(), name.casefold()):
            return code
    if lowered in _ENGLISH_NAMES:
        return _ENGLISH_NAMES[lowered]
    if re.fullmatch(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*(?:\.[\w-]+)?(?:@\w+)?", cleaned):
        tagged = _from_tag(cleaned)
        if tagged is not None:
            return tagged
    raise UnknownLanguage(text, tuple(LANGUAGES))


# --- reading catalogs ----------------------------------------------------------------

class PoEntry:
    """One message of a .po file (a plain class: dataclasses would slow the import)."""

    __slots__ = ("msgid", "msgstr", "msgid_plural", "context", "flags", "obsolete")

    def __init__(self, msgid: str, msgstr: tuple[str, ...], msgid_plural: str | None = None,
                 context: str | None = None, flags: frozenset[str] = frozenset(),
                 obsolete: bool = False) -> None:
        self.msgid = msgid
        self.msgstr = msgstr
        """The translation: one string, or one per plural form."""
        self.msgid_plural = msgid_plural
        self.context = context
        self.flags = flags
        self.obsolete = obsolete

    def __repr__(self) -> str:
        return (f"PoEntry({self.msgid!r}, {self.msgstr!r}, msgid_plural={self.msgid_plural!r},"
                f" context={self.context!r}, flags={set(self.flags)!r})")

    @property
    def usable(self) -> bool:
        """True when translated in full and not fuzzy."""
        return "fuzzy" not in self.flags and not self.obsolete and all(self.msgstr)


class PoFile:
    """A parsed .po file: header fields and entries, header entry excluded."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.entries: list[PoEntry] = []
        self.header_flags: frozenset[str] = frozenset()

    @property
    def plural_forms(self) -> tuple[int, str]:
        """(nplurals, plural expression) from the Plural-Forms header."""
        return parse_plural_forms(self.headers.get("Plural-Forms", ""))


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f",
            "v": "\v", "\\": "\\", '"': '"', "'": "'", "?": "?"}
_ESCAPE_RE = re.compile(r"\\(x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|.)", re.DOTALL)
_KEYWORD_RE = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*)$")


def _unescape(body: str) -> str:
    def repl(m: re.Match[str]) -> str:
        s = m.group(1)
        if s[0] == "x" and len(s) > 1:
            return chr(int(s[1:], 16))
        if s[0] in "01234567":
            return chr(int(s, 8))
        return _ESCAPES.get(s, s)
    return _ESCAPE_RE.sub(repl, body)


def _quoted(text: str, lineno: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"line {lineno}: expected a quoted string, got {text!r}")
    return _unescape(text[1:-1])


def read_po(text: str) -> PoFile:
    """Parse the text of a .po file (msgctxt, msgid, msgid_plural, msgstr[n], flags)."""
    po = PoFile()
    flags: set[str] = set()
    fields: dict[str, str] = {}
    plurals: dict[int, str] = {}
    current: str | None = None
    obsolete = False

    def finish() -> None:
        nonlocal flags, fields, plurals, current, obsolete
        if "msgid" in fields:
            if "msgid_plural" in fields:
                forms = tuple(plurals[i] for i in sorted(plurals)) if plurals else ("",)
            else:
                forms = (fields.get("msgstr", ""),)
            if fields["msgid"] == "" and "msgctxt" not in fields and not obsolete:
                po.header_flags = frozenset(flags)
                for line in forms[0].splitlines():
                    key, sep, value = line.partition(":")
                    if sep:
                        po.headers[key.strip()] = value.strip()
            else:
                po.entries.append(PoEntry(
                    msgid=fields["msgid"], msgstr=forms,
                    msgid_plural=fields.get("msgid_plural"),
                    context=fields.get("msgctxt"), flags=frozenset(flags),
                    obsolete=obsolete,
                ))
        flags, fields, plurals, current, obsolete = set(), {}, {}, None, False

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        is_obsolete = line.startswith("#~")
        if is_obsolete:
            line = line[2:].strip()
            if line.startswith("|"):
                continue  # previous msgid of an obsolete entry
        elif line.startswith("#"):
            if "msgid" in fields:
                finish()
            if line.startswith("#,"):
                flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            continue
        if not line:
            continue
        m = _KEYWORD_RE.match(line)
        if m:
            keyword, index, rest = m.groups()
            if keyword in ("msgctxt", "msgid") and (
                "msgid" in fields or (keyword == "msgctxt" and "msgctxt" in fields)
            ):
                finish()
            obsolete = obsolete or is_obsolete
            value = _quoted(rest, lineno)
            if index is not None:
                plurals[int(index)] = value
                current = f"msgstr[{index}]"
            else:
                fields[keyword] = value
                current = keyword
        elif line.startswith('"') and current is not None:
            value = _quoted(line, lineno)
            if current.startswith("msgstr["):
                idx = int(current[7:-1])
                plurals[idx] += value
            else:
                fields[current] += value
        else:
            raise ValueError(f"line {lineno}: cannot parse {raw!r}")
    finish()
    return po


def parse_plural_forms(header: str) -> tuple[int, str]:
    """Return (nplurals, expression) from a Plural-Forms header value."""
    m = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+);?", header)
    if not m:
        return 2, "(n != 1)"
    return int(m.group(1)), m.group(2).strip()


def catalog_text(language: str) -> str | None:
    """The .po text shipped for ``language``, or None when the package holds none."""
    data = _catalog_bytes(language)
    return None if data is None else data.decode("utf-8")


def _catalog_bytes(language: str) -> bytes | None:
    """The .po file shipped for ``language`` as UTF-8 bytes, newlines as ``read_text`` makes them."""
    parts = (language, "LC_MESSAGES", f"{DOMAIN}.po")
    try:
        ref = resources.files("uno_cli.locales").joinpath(*parts)
    except ModuleNotFoundError:
        # A source checkout that is not installed: the folder the package maps to.
        ref = Path(__file__).resolve().parent.parent.parent.joinpath("locales", *parts)
    try:
        data = ref.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return None
    # Read as bytes, without read_text's line-by-line decoder (a third of the first typed
    # command, which reads every language's command words); in UTF-8 no other character
    # holds a CR or LF byte.
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in data else data


# --- translators ---------------------------------------------------------------------

def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


#: The list styles babel joins with ("a, b and c"; "or": "a, b or c").
ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short", "unit-narrow"]


#: The key of babel's Locale in :attr:`Translator.memo`.
_BABEL_LOCALE = ("babel locale",)


class Translator:
    """Messages, plurals, lists and numbers in one language."""

    def __init__(self, language: str, po_text: str | None = None) -> None:
        """Load ``language``'s shipped catalog, or the .po text ``po_text`` instead."""
        if language not in LANGUAGES:
            raise UnknownLanguage(language, tuple(LANGUAGES))
        self.language: str = language
        """Language code, one of :data:`LANGUAGES`."""
        record = BY_CODE[language]
        self.locale_name: str = record.locale
        """CLDR locale identifier, e.g. ``pt_BR``."""
        self.nplurals: int = 2
        self._plural: Callable[[int], int] = _english_plural
        self._messages: dict[tuple[str | None, str], tuple[str, ...]] = {}
        self._convert: Callable[..., str] | None = None
        self._converted: set[tuple[str | None, str]] = set()
        self._zero_plural = record.zero_takes_plural
        self._number_source: str = ""
        self._number_words: dict[str, dict[int, str]] | None = None
        self._texts: dict[str, str] = {}
        """gettext's answers, kept: every line of every event looks its sentence up."""
        self.memo: dict[Any, Any] = {}
        """Words made from this language's messages, kept by the module that makes them (card names)."""
        # The translations of this language are of this class: ``.format`` says a count
        # as words where a field asks for a form of the catalog's number words.
        self._template = type("Template", (Template,), {"__slots__": (), "translator": self})
        if record.catalog is not None:
            text = catalog_text(record.catalog) if po_text is None else po_text
            if text is not None:
                self._load(read_po(text), cyrillic=record.cyrillic)

    def _load(self, po: PoFile, cyrillic: bool) -> None:
        header = po.headers.get("Plural-Forms") or BY_CODE[self.language].plural
        self.nplurals, expression = parse_plural_forms(header)
        self._plural = _gettext.c2py(expression)
        if cyrillic:
            # Transliterated on first use of each message, so loading stays fast.
            from uno_cli.words.translit import latin_to_cyrillic
            self._convert = latin_to_cyrillic
        template = self._template
        for entry in po.entries:
            if entry.usable and (entry.msgid_plural is None
                                 or len(entry.msgstr) == self.nplurals):
                forms = entry.msgstr
                if entry.context == NUMBER_WORDS_CONTEXT:
                    self._number_source = forms[0]
                elif any(_WORD_FIELD.search(f) for f in forms):
                    forms = tuple(template(f) if _WORD_FIELD.search(f) else f for f in forms)
                self._messages[(entry.context, entry.msgid)] = forms

    def _lookup(self, key: tuple[str | None, str]) -> tuple[str, ...] | None:
        forms = self._messages.get(key)
        if forms is not None and self._convert is not None and key not in self._converted:
            convert = self._convert
            if key[0] == KEY_CONTEXT:
                from uno_cli.words.translit import KEY_WORDS

                # Letters printed on the keys stay Latin; the words around them do not.
                def convert(text: str, _c: Callable[..., str] = self._convert) -> str:  # type: ignore[misc]
                    return _c(text, keep=KEY_WORDS)

            forms = self._messages[key] = tuple(
                self._template(convert(f)) if isinstance(f, Template) else convert(f) for f in forms)
            self._converted.add(key)
        return forms

    def __len__(self) -> int:
        """Number of translated messages loaded."""
        return len(self._messages)

    def __repr__(self) -> str:
        return f"Translator({self.language!r})"

    def plural_index(self, n: int) -> int:
        """Which plural form this language uses for the count ``n``."""
        return self._plural(n)

    def _form(self, n: int) -> int:
        """The plural form a message uses for ``n`` (CLDR's, except 0 in ZERO_TAKES_PLURAL)."""
        if n == 0 and self._zero_plural:
            return self._plural(2)
        return self._plural(n)

    def gettext(self, msgid: str) -> str:
        """Translate ``msgid``; English when there is no usable translation."""
        text = self._texts.get(msgid)
        if text is None:
            forms = self._lookup((None, msgid))
            text = self._texts[msgid] = forms[0] if forms else msgid
        return text

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Translate the form of a message that goes with the count ``n``."""
        return self.npgettext(None, singular, plural, n)

    def pgettext(self, context: str | None, msgid: str) -> str:
        """Translate ``msgid`` in ``context`` (which tells apart equal English words; None: no context)."""
        forms = self._lookup((context, msgid))
        return forms[0] if forms else msgid

    def npgettext(self, context: str | None, singular: str, plural: str, n: int) -> str:
        """Plural form for the count ``n`` of a message in ``context`` (None: no context)."""
        forms = self._lookup((context, singular))
        if forms and len(forms) > 1:
            return forms[self._form(n)]
        if n == 1:
            return forms[0] if forms else singular
        # No plural entry: the catalog may hold the two English sentences apart (as it does
        # click's "Did you mean" pair), so the plural is looked up on its own.
        return self.pgettext(context, plural)

    @property
    def number_words(self) -> dict[str, dict[int, str]]:
        """The catalog's number words: form name -> {count: words} (see :data:`NUMBER_WORDS`)."""
        if self._number_words is None:
            self._number_words = parse_number_words(self._number_source, self._convert)
        return self._number_words

    def count(self, n: int, form: str = "") -> str:
        """``n`` as this language says it before a noun of ``form`` (digits when not listed)."""
        return self.number_words.get(form, {}).get(n, str(n))

    def _babel_locale(self) -> Any:
        """babel's Locale of this language, made once (made from its name, it checks its file every time)."""
        locale = self.memo.get(_BABEL_LOCALE)
        if locale is None:
            from babel import Locale

            locale = self.memo[_BABEL_LOCALE] = Locale.parse(self.locale_name)
        return locale

    def format_list(self, items: list[str], style: ListStyle = "standard") -> str:
        """Join items as this language does: "a, b și c"; ``style="or"`` for "a, b sau c"."""
        from babel.lists import format_list
        return format_list(list(items), style=style, locale=self._babel_locale())

    def format_number(self, n: int | float) -> str:
        """A number with this language's separators: 1,000 / 1.000."""
        from babel.numbers import format_decimal
        return format_decimal(n, locale=self._babel_locale())


NUMBER_WORDS_CONTEXT = "number words"


_FORM_NAME = re.compile(r"[A-Za-z_]\w*")
_WORD_FIELD = re.compile(r"\{[^{}:!]*(?:![rsa])?:(?!d\})[A-Za-z_]\w*\}")


def parse_number_words(text: str, convert: Callable[[str], str] | None = None) -> dict[str, dict[int, str]]:
    """The forms of a number-words entry: {"f": {1: "uma", 2: "duas"}} (see NUMBER_WORDS)."""
    forms: dict[str, dict[int, str]] = {}
    for line in text.splitlines():
        name, sep, pairs = line.partition(":")
        if not sep or not name.strip():
            continue
        words = forms.setdefault(name.strip(), {})
        for pair in pairs.split(";"):
            number, eq, said = pair.partition("=")
            if eq and number.strip().isdigit() and said.strip():
                words[int(number)] = convert(said.strip()) if convert else said.strip()
    return forms


class _CountFormatter(string.Formatter):
    """Formats a template, saying counts as words where a field names a form of number words."""

    def __init__(self, translator: "Translator") -> None:
        self.translator = translator

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec != "d" and _FORM_NAME.fullmatch(format_spec):
            # A form of the number words ("f"), even one the catalog does not list.
            words = self.translator.number_words.get(format_spec, {})
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if isinstance(value, int) and not isinstance(value, bool):
                return words.get(value, str(value))
            return str(value)
        if format_spec == "d" and isinstance(value, str):
            return value
        return format(value, format_spec)


class Template(str):
    """A translation whose fields may say a count in words ("{count:f}"): its ``format``
    uses the number words of the translator it came from."""

    __slots__ = ()
    translator: "Translator"

    def format(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        return _CountFormatter(self.translator).vformat(self, args, kwargs)


_cache: dict[str, Translator] = {}
_current: Translator | None = None
_context_cache: dict[tuple[str, str], dict[str, str]] = {}


def context_messages(language: str, context: str) -> dict[str, str]:
    """``language``'s usable translations of the messages in ``context`` (msgid -> text).

    The same texts as ``get_translator(language).pgettext(context, msgid)``, read without
    loading the whole catalog when that language is not loaded yet (the command words of
    every language are needed to read a typed command; the other messages are not).
    """
    key = (language, context)
    found = _context_cache.get(key)
    if found is not None:
        return found
    translator = _cache.get(language)
    if translator is None and language not in LANGUAGES:
        raise UnknownLanguage(language, tuple(LANGUAGES))
    source = BY_CODE[language].catalog
    text = None if translator is not None or source is None else _catalog_bytes(source)
    if translator is None and text is not None:
        marker = f'msgctxt "{context}"'.encode("utf-8")
        # Only the entries of that context (entries are separated by blank lines), found in
        # the bytes: only they are decoded.
        blocks = []
        at = text.find(marker)
        while at >= 0:
            start = text.rfind(b"\n\n", 0, at) + 2
            end = text.find(b"\n\n", at)
            end = len(text) if end < 0 else end
            blocks.append(text[start:end])
            at = text.find(marker, end)
        messages = {}
        convert: Callable[[str], str] | None = None
        if BY_CODE[language].cyrillic:
            from uno_cli.words.translit import latin_to_cyrillic

            convert = latin_to_cyrillic
        for entry in read_po(b"\n\n".join(blocks).decode("utf-8")).entries:
            # Single messages only: a plural needs the catalog's plural rule.
            if entry.context == context and entry.usable and entry.msgid_plural is None:
                messages[entry.msgid] = convert(entry.msgstr[0]) if convert else entry.msgstr[0]
        found = messages
    elif translator is None:
        found = {}  # English, or a language with no catalog shipped: no translations
    else:
        tr = translator
        found = {msgid: forms[0] for (ctx, msgid) in list(tr._messages) if ctx == context
                 for forms in [tr._lookup((ctx, msgid))] if forms}
    _context_cache[key] = found
    return found


def get_translator(language: str | None = None) -> Translator:
    """The translator for ``language`` (cached), or the current one when None."""
    if language is None:
        global _current
        if _current is None:
            _current = get_translator(DEFAULT_LANGUAGE)
        return _current
    translator = _cache.get(language)
    if translator is None:
        translator = _cache[language] = Translator(language)
    return translator


def set_language(language: str) -> Translator:
    """Make ``language`` current for ``_`` and friends (English until this is called)."""
    global _current
    _current = get_translator(language)
    return _current


@contextmanager
def use_language(language: str) -> Iterator[Translator]:
    """Make ``language`` current inside a ``with`` block, then restore the previous one."""
    global _current
    previous = _current
    _current = get_translator(language)
    try:
        yield _current
    finally:
        _current = previous


def _(msgid: str) -> str:
    """Translate ``msgid`` into the current language."""
    translator = _current if _current is not None else get_translator()
    # The translator's kept answer, without a call (every narrated line comes here).
    text = translator._texts.get(msgid)
    return text if text is not None else translator.gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate the plural form for ``n`` into the current language."""
    return get_translator().ngettext(singular, plural, n)


def pgettext(context: str, msgid: str) -> str:
    """Translate ``msgid`` in ``context`` into the current language."""
    return get_translator().pgettext(context, msgid)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """Translate the plural form for ``n`` of a message in ``context``."""
    return get_translator().npgettext(context, singular, plural, n)


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction without translating it (translate later with ``_``)."""
    return msgid


KEY_CONTEXT = "key"
"""Context of key names (Space, U, Shift+Z): in Serbian Cyrillic the letters and names
printed on the keys stay in Latin letters."""


def NP_(context: str, msgid: str) -> str:
    """Mark ``msgid`` for extraction in ``context`` without translating it."""
    return msgid


def key_name(msgid: str) -> str:
    """A key's name in the current language (never transliterated)."""
    return get_translator().pgettext(KEY_CONTEXT, msgid)


# TRANSLATORS: counts said as words where a voice would read the digit in the wrong
# gender or case ("1 carta" heard "um carta"). One line per form: a name you choose, a
# colon, then number=words pairs separated by semicolons, for example
# "f: 1=uma; 2=duas; 21=vinte e uma; 22=vinte e duas". A message then writes its count as
# {count:f} to say it in that form; counts not listed stay digits, and a form may list
# nothing ("m:"). {count:d} keeps digits on purpose. Write "none" if every digit reads
# right in your language.
NUMBER_WORDS = NP_("number words", "none")


# ----------------------------------------------------------------- words as typed

_CYRILLIC = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "ђ": "dj", "е": "e", "ж": "z", "з": "z", "и": "i",
    "ј": "j", "к": "k", "л": "l", "љ": "lj", "м": "m", "н": "n", "њ": "nj", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "ћ": "c", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "c", "џ": "dz", "ш": "s",
}
_SPECIAL = str.maketrans({"đ": "dj", "ß": "ss", "ø": "o", "ł": "l", "æ": "ae", "œ": "oe", "ı": "i",
                          # Quotation marks around card names ("„Stai o tură” roșu") are not words.
                          "„": " ", "”": " ", "“": " ", "«": " ", "»": " ", '"': " "})


def normalize(text: str) -> str:
    """Lower case, Serbian Cyrillic in Latin letters, diacritics removed: "Roșu" -> "rosu"."""
    text = text.lower().translate(_SPECIAL)
    if any("\u0400" <= ch <= "\u04ff" for ch in text):
        text = "".join(_CYRILLIC.get(ch, ch) for ch in text)
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def _squash(text: str) -> str:
    return "".join(ch for ch in normalize(text) if ch.isalnum())


def typed_choice(word: str, names: dict[str, str], context: str | None = None) -> str | None:
    """The key of ``names`` (key -> English msgid) that ``word`` means: the key itself, or the
    msgid's translation in the current language or any other; case, diacritics, spaces,
    hyphens and the Serbian script do not matter ("Acúmulo", "odgovor-kartom")."""
    typed = _squash(word)
    if not typed:
        return None
    for key in names:
        if _squash(key) == typed:
            return key
    for tr in (get_translator(), *(get_translator(lang) for lang in LANGUAGES)):
        for key, msgid in names.items():
            said = tr.pgettext(context, msgid) if context else tr.gettext(msgid)
            if _squash(said) == typed:
                return key
    return None
