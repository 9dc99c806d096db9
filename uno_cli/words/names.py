"""Player names made safe to print and to speak: one function for every name that enters.

A name can come from ``--names``, a save or setup file, or the settings file. Before anyone
sees or hears it, :func:`clean_name` removes terminal escape sequences (CSI, OSC, DCS and
the rest), control characters, bidirectional overrides and isolates, zero-width and other
format characters, letters that show as nothing (Hangul fillers...) and floods of combining
marks; folds runs of whitespace (line breaks included) into one space; and caps the length. :func:`clean_text` does the same without the cap, for other text a file
supplies that reaches the screen (a value quoted in an error message).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from uno_cli.words.i18n import NP_, _, get_translator

#: The longest name kept, in characters (what is longer is cut).
MAX_NAME = 24

# ESC followed by: CSI "[" params final; OSC/DCS/SOS/PM/APC strings up to BEL or ST; or a
# single character (two-character sequences such as ESC c). The 8-bit forms (U+009B CSI,
# U+009D OSC ...) likewise.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[\x20-\x3f]*[\x40-\x7e]?"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]?"
)
# Categories never shown: controls, format characters (bidi controls, zero-width, BOM,
# soft hyphen), surrogates, private use, unassigned.
_DROP = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
#: Combining marks that stack on a letter, and how many one letter keeps (real words use up to three:
#: Vietnamese "ệ" written as e and two marks, pointed Hebrew).
_MARKS = frozenset({"Mn", "Me"})
MAX_MARKS = 3
#: Letters and marks that show as nothing (Unicode's Default_Ignorable_Code_Point outside the
#: format characters already left out): Hangul fillers, Khmer inherent vowels, Mongolian and other
#: variation selectors, the combining grapheme joiner. A name with one looks like the name without.
_INVISIBLE = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164"
                        "\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]")
#: The braille blank shows as a space (on a braille display, an empty cell).
_BLANK = "\u2800"


def clean_text(text: str) -> str:
    """``text`` without escape sequences, control, format or invisible characters, whitespace folded,
    and at most :data:`MAX_MARKS` combining marks on a letter (none without one)."""
    text = _INVISIBLE.sub("", _ESCAPES.sub("", text))
    kept = []
    marks = MAX_MARKS  # no letter yet: a mark here belongs to none
    for ch in text:
        if ch in "\t\n\r\v\f\x1c\x1d\x1e\x1f\x85\u2028\u2029" or ch == _BLANK or ch.isspace():
            kept.append(" ")
            marks = MAX_MARKS
            continue
        category = unicodedata.category(ch)
        if category in _MARKS:
            # A flood of marks is read, and shown in braille, as a string of cells for each.
            if marks < MAX_MARKS:
                kept.append(ch)
                marks += 1
        elif category not in _DROP:
            kept.append(ch)
            marks = 0
    return " ".join("".join(kept).split())


def repeated_name(names: list[object]) -> str | None:
    """The first name given twice, as :func:`clean_name` shows both (None: all differ)."""
    seen: set[str] = set()
    for name in names:
        if name is None:
            continue
        shown = clean_name(name, "")
        if shown in seen:
            return shown
        seen.add(shown)
    return None


def clean_lines(text: str) -> str:
    """``text`` cleaned as :func:`clean_text`, line by line: its line breaks are kept (a help of several lines)."""
    return "\n".join(clean_text(line) for line in text.replace("\r\n", "\n").split("\n"))


def clean_value(value: object) -> object:
    """Every string in a JSON value cleaned by :func:`clean_lines` (keys too); other values as they are."""
    if isinstance(value, str):
        return clean_lines(value)
    if isinstance(value, list):
        return [clean_value(v) for v in value]
    if isinstance(value, dict):
        return {clean_lines(str(k)): clean_value(v) for k, v in value.items()}
    return value


def clean_name(name: object, default: str) -> str:
    """``name`` cleaned and cut to :data:`MAX_NAME` characters; ``default`` if nothing is left."""
    if not isinstance(name, str):
        return default
    # Only the start can survive the cut; escape sequences longer than this are hostile anyway.
    text = clean_text(name[: MAX_NAME * 40])[:MAX_NAME].rstrip()
    return text or default


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """What two names are compared by: case folded, NFKC, accents left out, and every character
    that Unicode's confusables data says looks like an ASCII letter or digit replaced by it
    ("Ana", "ANA", Cyrillic "Аna" and "Ána" have the same key)."""
    text = unicodedata.normalize("NFKC", name.casefold())
    text = "".join(ch for ch in unicodedata.normalize("NFD", text) if not unicodedata.combining(ch))
    groups = _confusable_groups()
    return unicodedata.normalize("NFC", "".join(groups.get(ch, ch) for ch in text))


@lru_cache(maxsize=1)
def _confusable_groups() -> dict[str, str]:
    """Each non-ASCII character that Unicode's confusables data (as the confusable-homoglyphs
    package ships it) says looks like an ASCII letter or digit -> that character (a letter
    before a digit, then the first). ASCII characters stay themselves: "Al" and "AI" are
    different names (they sound different)."""
    try:
        from confusable_homoglyphs.confusables import confusables_data
    except ImportError:  # an install without it: names are still compared folded and without accents
        return {}

    out: dict[str, str] = {}
    for ch, homoglyphs in confusables_data.items():
        if len(ch) != 1 or ch.isascii():
            continue
        folded = ch.casefold()
        likes = {g["c"].strip("\u200e\u200f").casefold() for g in homoglyphs}
        ascii_likes = sorted((c for c in likes if len(c) == 1 and c.isascii() and c.isalnum()),
                             key=lambda c: (not c.isalpha(), c))
        if ascii_likes:
            out[ch] = ascii_likes[0]
            if len(folded) == 1 and not folded.isascii():
                out.setdefault(folded, ascii_likes[0])
    return out


# ------------------------------------------------------------------ the names the game gives


#: Names given to bots, in seat order.
# TRANSLATORS: a bot's name, written so your language's voices say it right (Serbian "Karla").
BOT_NAMES = (NP_("bot name", "Ana"), NP_("bot name", "Bruno"), NP_("bot name", "Carla"), NP_("bot name", "Dario"),
             NP_("bot name", "Elena"), NP_("bot name", "Filip"), NP_("bot name", "Greta"), NP_("bot name", "Hugo"),
             NP_("bot name", "Ivana"), NP_("bot name", "Jonas"))


def bot_name(index: int) -> str:
    """The name of the ``index``-th bot as the current language writes it (Serbian "Karla", Cyrillic "Карла")."""
    return get_translator().pgettext("bot name", BOT_NAMES[index % len(BOT_NAMES)])


def you() -> str:
    """The name of the only person played from here."""
    return _("You")


def player_name(number: int) -> str:
    """The name of a seat without one (numbered from 1)."""
    return _("Player {number}").format(number=number)
