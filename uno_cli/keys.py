"""The keys of the interactive game: what each does, in the order the help reads them.

Single keys act at once while the input line is empty (the keys of the accessible
online UNO come first: Space draws, U or 1 says UNO, B answers a Beep). Typing any
other text, or starting with a slash, types a command instead (``/play red 5``).
"""

from __future__ import annotations

from dataclasses import dataclass

from uno_cli.i18n import N_, NP_, _, key_name


@dataclass(frozen=True, slots=True)
class Key:
    """One binding: prompt_toolkit key names, the command it runs, and its help line."""

    keys: tuple[str, ...]
    """prompt_toolkit key names (``"space"``, ``"left"``, ``"c-s"``, ``"U"``...)."""
    command: str
    """The command name the interactive game runs."""
    label: str
    """How the key is named in the help (English source, marked N_)."""
    help: str
    """What it does (English source, marked N_)."""


#: Keys that work whenever the input line is empty, in help order.
GAME_KEYS: tuple[Key, ...] = (
    Key(("space",), "draw", NP_("key", "Space"), N_("draw a card; after drawing, keep it; with a penalty waiting, take it")),
    Key(("u", "U", "1"), "uno", NP_("key", "U or 1"), N_("say UNO, or catch a player who forgot to"),),
    Key(("b", "B"), "answer", NP_("key", "B"), N_("answer a Beep")),
    Key(("left",), "prev_card", NP_("key", "Left arrow"), N_("previous card of your hand")),
    Key(("right",), "next_card", NP_("key", "Right arrow"), N_("next card of your hand")),
    Key(("home",), "first_card", NP_("key", "Home"), N_("first card of your hand")),
    Key(("end",), "last_card", NP_("key", "End"), N_("last card of your hand")),
    Key(("enter",), "play_focused", NP_("key", "Enter"), N_("play the card you are on")),
    Key(("z",), "next_playable", NP_("key", "Z"), N_("next card you can play")),
    Key(("Z",), "prev_playable", NP_("key", "Shift+Z"), N_("previous card you can play")),
    Key(("C",), "sort_color", NP_("key", "Shift+C"), N_("sort your hand by colour")),
    Key(("N",), "sort_number", NP_("key", "Shift+N"), N_("sort your hand by number")),
    Key(("h", "H"), "hand", NP_("key", "H"), N_("read your whole hand")),
    Key(("c",), "top", NP_("key", "C"), N_("read the top card of the pile")),
    Key(("v", "V"), "color", NP_("key", "V"), N_("say the colour in play")),
    Key(("e", "E"), "counts", NP_("key", "E"), N_("everyone's number of cards")),
    Key(("g", "G"), "pending", NP_("key", "G"), N_("the draw penalty waiting")),
    Key(("s", "S"), "scores", NP_("key", "S"), N_("the scores")),
    Key(("t", "T"), "turn", NP_("key", "T"), N_("whose turn it is")),
    Key(("i", "I"), "status", NP_("key", "I"), N_("the whole state of the game")),
    Key(("f", "F"), "challenge", NP_("key", "F"), N_("challenge a Wild Draw Four played on you")),
    Key(("r", "R"), "repeat", NP_("key", "R"), N_("repeat the last message")),
    Key(("pageup",), "history_back", NP_("key", "Page Up"), N_("earlier message")),
    Key(("pagedown",), "history_forward", NP_("key", "Page Down"), N_("later message")),
    Key(("escape",), "silence", NP_("key", "Escape"), N_("stop speech")),
    Key(("p", "P"), "pause", NP_("key", "P"), N_("pause or resume the game")),
    Key(("o", "O"), "options", NP_("key", "O"), N_("options (between hands and before the match)")),
    Key(("c-s",), "save", NP_("key", "Ctrl+S"), N_("save the game")),
    Key(("f1",), "keys_help", NP_("key", "F1"), N_("this list of keys")),
    Key(("c-f1", "f2"), "rule_book", NP_("key", "Ctrl+F1 or F2"), N_("the rule book")),
)

#: Keys while choosing a colour after a wild.
COLOR_KEYS_HELP = N_(
    "Choose a colour: Left and Right arrows then Enter, or 1 red, 2 yellow, 3 green, 4 blue, "
    "or the English initials R, Y, G, B."
)

#: Keys while reading the rule book.
RULE_BOOK_HELP = N_("Rule book: Down arrow for the next section, Up arrow for the previous one, Escape to go back.")


def by_command() -> dict[str, Key]:
    """The bindings indexed by command name."""
    return {k.command: k for k in GAME_KEYS}


def help_lines() -> list[str]:
    """The summary of all keys, one localized line per key, then how to type commands."""
    lines = [_("Keys, while the input line is empty:")]
    for key in GAME_KEYS:
        lines.append(_("{key}: {action}.").format(key=key_name(key.label), action=_(key.help)))
    lines.append(_(COLOR_KEYS_HELP))
    lines.append(
        _(
            "To type a command, start with a slash, for example /play red 5, /draw or /uno; "
            "then press Enter. /help lists the commands. Ctrl+C or Ctrl+D asks before quitting."
        )
    )
    return lines


def short_hint() -> str:
    """The one line said at start-up on how to get help."""
    return _("Press F1 for the keys, F2 for the rules.")
