"""Serbian Latin to Cyrillic transliteration, used to derive the sr_Cyrl catalog.

The standard alphabet maps one to one: 30 Latin letters (lj, nj and dž count as one
letter each) to 30 Cyrillic letters. Some parts of a message are never transliterated,
because they are not Serbian words or because a player types them in Latin letters:

- ``str.format`` fields: ``{player}``, ``{count:d}``, ``{x[0]}``, nested ``{a:{w}}``;
  escaped braces ``{{`` and ``}}`` are copied as they are;
- printf placeholders: ``%s``, ``%d``, ``%(name)s``;
- words with a digit, ``+`` or ``#`` in them (card codes such as ``r5``, ``+4``, ``#2``);
- command-line options (``-h``, ``--lang``), identifiers with ``_`` (``sr_Latn``) and
  anything that looks like a URL;
- words with q, w, x or y, which Serbian does not use (foreign names such as "Wild");
- the words in :data:`KEEP_WORDS` and in the ``keep`` argument, compared case-insensitively;
- the program's name in lower case, ``uno`` (the call "Uno!" is a Serbian word: "Уно!");
- card codes typed by players (``g+2``, ``bs``, the colour after ``w``);
- key names: a capital letter standing alone (``O za opcije``), except a one-letter
  Serbian word opening a sentence (``U redu``), and combinations such as ``Ctrl+C``.

Command words and card codes that players type should reach a message through a
placeholder; then nothing needs protecting by name.

In a few words "nj" and "dž" are two letters, not one (konjunkcija -> конјункција,
nadživeti -> надживети); :data:`DIGRAPH_EXCEPTIONS` lists the usual stems.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

__all__ = ["DIGRAPH_EXCEPTIONS", "KEEP_WORDS", "KEY_WORDS", "latin_to_cyrillic"]

_LETTERS = {
    "a": "а", "b": "б", "c": "ц", "č": "ч", "ć": "ћ", "d": "д", "đ": "ђ", "e": "е",
    "f": "ф", "g": "г", "h": "х", "i": "и", "j": "ј", "k": "к", "l": "л", "m": "м",
    "n": "н", "o": "о", "p": "п", "r": "р", "s": "с", "š": "ш", "t": "т", "u": "у",
    "v": "в", "z": "з", "ž": "ж",
}
_DIGRAPHS = {"lj": "љ", "nj": "њ", "dž": "џ"}

_KEY_NAMES = frozenset({
    "alt", "ctrl", "shift", "enter", "escape", "esc", "home", "end", "page", "up", "down",
    "tab", "space", "backspace", "delete", "insert",
})

#: Names of programs and formats, written in Latin letters in Serbian Cyrillic text too (a
#: player types "json" after --format; "Git Bash" is what the program's window says).
_FOREIGN_NAMES = frozenset({"json", "lines", "git", "bash", "openssh", "ssh", "macos", "nvda"})

KEEP_WORDS: frozenset[str] = _KEY_NAMES | _FOREIGN_NAMES
"""Words always left in Latin letters (lower case): key names, program and format names.
The program's name "uno" (lower case: a command a player types) stays Latin too; the call
"Uno!" does not."""

KEY_WORDS: frozenset[str] = _KEY_NAMES | frozenset("abcdefghijklmnopqrstuvwxyz")
"""In key names, single letters too stay Latin: they are what is printed on the key."""

DIGRAPH_EXCEPTIONS: tuple[str, ...] = (
    "kon|jug", "kon|junk", "in|jek", "in|junk", "van|jez", "tan|jug",
    "nad|živ", "nad|žnj", "nad|žet", "pod|žan", "pod|žup", "od|živ",
)
"""Word stems (lower case) where ``|`` splits a pair that is not a digraph."""

# Parts that stay as they are; the text between them is transliterated in bulk.
_PROTECTED = re.compile(
    r"""
    (?P<escape>\{\{|\}\})
  | (?P<field>\{)
  | (?P<printf>%(?:\([^)]*\))?[-\#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGcoa%])
  | (?P<url>\b(?:https?://|www\.)\S+)
  | (?P<option>(?<![\w-])--?[A-Za-z][\w-]*)
  | (?P<identifier>(?<!\w)\w*_\w*)
  | (?P<foreign>(?<![^\W_])[^\W_]*[qwxyQWXY0-9][^\W_]*(?:[+\#][^\W_]*)*
               |(?<![^\W_])[+\#][^\W_]+)
  | (?P<keep>(?<![^\W_])(?:KEEP)(?![^\W_]))
  | (?P<program>(?<![^\W_])(?-i:uno)(?![^\W_]))
  | (?P<combo>(?<![^\W_])(?:ctrl|shift|alt)\+[^\W_]+)
  | (?P<letter>(?<![^\W_])(?-i:[A-Z])(?![^\W_+]))
  | (?P<card>(?<![^\W_])(?-i:[rygb](?:\+2|[sr](?![.\w])))(?![^\W_])|(?<=w\+4\ )(?-i:[rygb])(?![^\W_])|(?<=\bw\ )(?-i:[rygb])(?![^\W_]))
    """,
    re.VERBOSE,
)


@functools.lru_cache(maxsize=16)
def _protected(keep: frozenset[str]) -> re.Pattern[str]:
    words = "|".join(re.escape(w) for w in sorted(keep, key=len, reverse=True)) or "(?!)"
    return re.compile(_PROTECTED.pattern.replace("KEEP", words),
                      re.VERBOSE | re.IGNORECASE)


_BREAK_MARK = "\ue000"  # private-use character that keeps two letters apart
_EXCEPTIONS = re.compile(
    "|".join(re.escape(stem.replace("|", "")) for stem in DIGRAPH_EXCEPTIONS), re.IGNORECASE
)
_EXCEPTION_SPLIT = {stem.replace("|", ""): len(stem.partition("|")[0])
                    for stem in DIGRAPH_EXCEPTIONS}
_DIGRAPH_RE = re.compile(r"[Ll][Jj]|[Nn][Jj]|[Dd][Žž]")
_SINGLE = str.maketrans({**_LETTERS, **{k.upper(): v.upper() for k, v in _LETTERS.items()},
                         _BREAK_MARK: None})


def _split_exception(m: re.Match[str]) -> str:
    stem = m.group()
    cut = _EXCEPTION_SPLIT[stem.lower()]
    return stem[:cut] + _BREAK_MARK + stem[cut:]


def _digraph(m: re.Match[str]) -> str:
    pair = m.group()
    cyr = _DIGRAPHS[pair.lower()]
    # "Lj" and "LJ" both start with a capital: so does the single letter.
    return cyr.upper() if pair[0].isupper() else cyr


def _convert(text: str) -> str:
    """Transliterate plain text (no protected parts), keeping each letter's case."""
    if _DIGRAPH_RE.search(text):
        text = _DIGRAPH_RE.sub(_digraph, _EXCEPTIONS.sub(_split_exception, text))
    return text.translate(_SINGLE)


def _field_end(text: str, start: int) -> int:
    """Index just past the ``}`` closing the format field opened at ``start``."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


#: Capital letters that are Serbian words of their own at the start of a sentence.
_LETTER_WORDS = frozenset("AIOUSK")


def _starts_sentence(text: str, index: int) -> bool:
    """True if ``text[index]`` begins the text or a sentence."""
    head = text[:index].rstrip()
    return not head or head[-1] in ".!?:"


def latin_to_cyrillic(text: str, keep: Iterable[str] = ()) -> str:
    """Return Serbian Latin ``text`` in Cyrillic, leaving protected parts as they are."""
    text = unicodedata.normalize("NFC", text)
    pattern = _protected(KEEP_WORDS | frozenset(w.lower() for w in keep))
    shouting = not any(ch.islower() for ch in text)  # all capitals: lone letters are words
    out = []
    pos = 0
    while True:
        m = pattern.search(text, pos)
        if m is None:
            out.append(_convert(text[pos:]))
            return "".join(out)
        before = text[pos:m.start()]
        if m.lastgroup == "letter" and (
            shouting or (_starts_sentence(text, m.start()) and m.group() in _LETTER_WORDS)
        ):
            # A one-letter Serbian word opening a sentence ("U redu", "I onda"), not a key.
            out.append(_convert(before + m.group()))
            pos = m.end()
            continue
        out.append(_convert(before))
        end = _field_end(text, m.start()) if m.lastgroup == "field" else m.end()
        out.append(text[m.start():end])
        pos = end
