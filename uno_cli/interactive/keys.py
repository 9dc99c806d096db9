"""The keys of the interactive game: what each does, in the order the help reads them.

Single keys act at once while the input line is empty (the keys of the accessible
online UNO come first: Space draws, U or 1 says UNO, B answers a Beep). Typing any
other text, or starting with a slash, types a command instead (``/play red 5``). On a
Cyrillic keyboard layout a letter key is the same key (Х on the H key: :func:`cyrillic_keys`).
"""

from __future__ import annotations

from dataclasses import dataclass

from uno_cli.play.commands import BY_NAME
from uno_cli.words.i18n import LANGUAGE_LIST, NP_, _, key_name, language
from uno_cli.words import interactive as words
from uno_cli.words.interactive import yes_no


@dataclass(frozen=True, slots=True)
class Key:
    """One binding: prompt_toolkit key names, the registry verb it runs, and how it is named."""

    keys: tuple[str, ...]
    """prompt_toolkit key names (``"space"``, ``"left"``, ``"c-s"``, ``"U"``...)."""
    verb: str
    """The name of the verb of uno_cli.play.commands.REGISTRY that the key runs."""
    label: str
    """How the key is named in the help (English source, marked NP_)."""

    @property
    def help(self) -> str:
        """What the key does: its verb's help (English source, marked N_)."""
        return BY_NAME[self.verb].help


#: Keys that work whenever the input line is empty, in help order.
GAME_KEYS: tuple[Key, ...] = (
    Key(("space",), "draw", NP_("key", "Space")),
    Key(("u", "U", "1"), "uno", NP_("key", "U or 1")),
    Key(("b", "B"), "beep", NP_("key", "B")),
    Key(("left",), "prev_card", NP_("key", "Left arrow")),
    Key(("right",), "next_card", NP_("key", "Right arrow")),
    Key(("home",), "first_card", NP_("key", "Home")),
    Key(("end",), "last_card", NP_("key", "End")),
    Key(("enter",), "play_focused", NP_("key", "Enter")),
    Key(("z",), "next_playable", NP_("key", "Z")),
    Key(("Z",), "prev_playable", NP_("key", "Shift+Z")),
    Key(("C",), "sort_color", NP_("key", "Shift+C")),
    Key(("N",), "sort_number", NP_("key", "Shift+N")),
    Key(("h", "H"), "hand", NP_("key", "H")),
    Key(("c",), "top", NP_("key", "C")),
    Key(("v", "V"), "in_play", NP_("key", "V")),
    Key(("e", "E"), "counts", NP_("key", "E")),
    Key(("g", "G"), "penalty", NP_("key", "G")),
    Key(("s", "S"), "scores", NP_("key", "S")),
    Key(("t", "T"), "turn", NP_("key", "T")),
    Key(("i", "I"), "status", NP_("key", "I")),
    Key(("f", "F"), "challenge", NP_("key", "F")),
    Key(("r", "R"), "repeat", NP_("key", "R")),
    Key(("pageup",), "history_back", NP_("key", "Page Up")),
    Key(("pagedown",), "history_forward", NP_("key", "Page Down")),
    Key(("escape",), "silence", NP_("key", "Escape")),
    Key(("p", "P"), "pause", NP_("key", "P")),
    Key(("o", "O"), "options", NP_("key", "O")),
    Key(("c-s",), "save", NP_("key", "Ctrl+S")),
    Key(("f1",), "help", NP_("key", "F1")),
    Key(("c-f1", "f2"), "rules", NP_("key", "Ctrl+F1 or F2")),
)

#: Yes keys of every language (Language.yes: pt and it S for "sim"/"sì", ro and sr D for
#: "da"), still understood whatever the language, and Enter.
_ANY_YES = frozenset({lang.yes for lang in LANGUAGE_LIST} | {"enter"})


def _key_letter(name: str) -> str:
    from uno_cli.play.commands import normalize

    return normalize(name)


def is_yes(key: str) -> bool:
    """True for a key that answers yes: the language's own letter, any language's, or Enter."""
    letter = _key_letter(key)
    return letter in _ANY_YES or letter == _key_letter(language().yes)


def is_no(key: str) -> bool:
    """True for a key that answers no (Escape is not one: it stops speech)."""
    return _key_letter(key) in ("n", _key_letter(language().no))


#: The colours in the order the colour choice offers them (keys 1-4).
COLOR_ORDER = ("r", "y", "g", "b")

#: The colour choice's letter keys in each language, in COLOR_ORDER (Language.color_letters:
#: the initials of the colour names where they differ; none in pt, where they clash).
COLOR_LETTERS: dict[str, tuple[str, ...]] = {lang.code: lang.color_letters for lang in LANGUAGE_LIST}

def _language() -> str:
    from uno_cli.words.i18n import get_translator

    return getattr(get_translator(), "language", "en")


def _script_siblings() -> list[tuple[str, ...]]:
    """The colour letters of the current language in each of its scripts (Serbian: Latin and
    Cyrillic, so either keyboard layout works); [] for a language in one script."""
    current = language(_language())
    if current.script is None:
        return []
    return [lang.color_letters for lang in LANGUAGE_LIST if lang.iso == current.iso]


def color_letters() -> tuple[str, ...]:
    """The colour choice's letter keys in the current language (empty: digits only)."""
    return COLOR_LETTERS.get(_language(), ())


def color_of_key(key: str) -> str | None:
    """The colour a key chooses: 1-4, or the current language's colour letter (either case,
    either Serbian alphabet)."""
    if key in ("1", "2", "3", "4"):
        return COLOR_ORDER[int(key) - 1]
    letters = [color_letters(), *_script_siblings()]
    for table in letters:
        if key.lower() in table:
            return COLOR_ORDER[table.index(key.lower())]
    return None


def color_keys_help() -> str:
    """How to choose a colour, with the current language's letter keys if it has them."""
    return words.color_keys([c.upper() for c in color_letters()])


def _both_cases(keys: set[str]) -> set[str]:
    return {k for key in keys if len(key) == 1 for k in (key.lower(), key.upper())}


def cyrillic_twin(key: str) -> str | None:
    """The Cyrillic letter a Serbian Cyrillic keyboard layout types on the key of the Latin letter ``key``
    (the layout puts each letter on the key of its transliteration: H -> Х), case kept; None for other keys."""
    if len(key) != 1 or not key.isascii() or not key.isalpha():
        return None
    from uno_cli.words.translit import latin_to_cyrillic

    twin = latin_to_cyrillic(key.lower())
    if len(twin) != 1 or twin == key.lower():
        return None  # q, w, x, y: no Serbian letter
    return twin.upper() if key.isupper() else twin


def cyrillic_keys(names: set[str]) -> dict[str, str]:
    """The Cyrillic twin of each Latin letter key in ``names`` -> that key: the same key on a Cyrillic
    layout, whatever the game's language (a Cyrillic letter is a key exactly when its Latin twin is)."""
    twins = {cyrillic_twin(name): name for name in names}
    twins.pop(None, None)
    return twins  # type: ignore[return-value]


def yes_no_letters() -> set[str]:
    """The yes and no letter keys of the current language, in both cases (Serbian: both alphabets,
    so a Cyrillic keyboard layout types them too)."""
    letters = _both_cases(set(yes_no().values()))
    if language(_language()).script is not None:
        letters |= set(cyrillic_keys(letters))
    return letters


def color_letter_keys() -> set[str]:
    """Every letter key the colour choice takes in the current language, in both cases."""
    keys = set(color_letters())
    for letters in _script_siblings():
        keys.update(letters)
    return _both_cases(keys)



def by_verb() -> dict[str, Key]:
    """The bindings indexed by verb name."""
    return {k.verb: k for k in GAME_KEYS}


def help_lines() -> list[str]:
    """The summary of all keys, one localized line per key, then how to type commands."""
    lines = [_(words.KEYS_HEADING)]
    for key in GAME_KEYS:
        lines.append(words.key_line(key_name(key.label), _(key.help)))
    lines.append(color_keys_help())
    lines.append(_(words.TYPING_HELP))
    return lines


def keys_now(verbs: list[str], first: tuple[tuple[str, str], ...] = ()) -> str:
    """F1's first answer: only the keys that matter now (after ``first``, pairs of a key's name and
    what it does), and how to hear them all."""
    from uno_cli.play.commands import label

    table = by_verb()
    # Each key with its typed command's word: short, and the word also works typed.
    return words.keys_now([*first, *((key_name(table[v].label), label(v)) for v in dict.fromkeys(verbs) if v in table)])


def start_keys_now() -> str:
    """F1's first answer before the match starts: Enter starts it (it plays no card yet), O, F2."""
    from uno_cli.play.commands import label

    return keys_now(["options", "rules"], first=((key_name(by_verb()["play_focused"].label), label("start")),))
