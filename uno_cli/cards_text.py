"""Card and colour names in the current language.

Every card name is a whole template with the context ``card`` ("red {number}", "red
Skip", "Wild Draw Four"), so each language orders colour and rank its own way
("5 vermelho", "Salta il turno rosso"). Colour names alone have the context ``color``.
"""

from __future__ import annotations

from uno_cli.engine.cards import BEEP, CARD_COLOR, CARD_RANK, WILD, WILD4
from uno_cli.i18n import pgettext


def color_name(color: str | None) -> str:
    """The colour ``r``/``y``/``g``/``b`` as a word ("red")."""
    if color == "r":
        return pgettext("color", "red")
    if color == "y":
        return pgettext("color", "yellow")
    if color == "g":
        return pgettext("color", "green")
    if color == "b":
        return pgettext("color", "blue")
    return pgettext("color", "any colour")


def _number(color: str) -> str:
    if color == "r":
        return pgettext("card", "red {number}")
    if color == "y":
        return pgettext("card", "yellow {number}")
    if color == "g":
        return pgettext("card", "green {number}")
    return pgettext("card", "blue {number}")


def _action(color: str, rank: str) -> str:
    table = {
        ("r", "s"): lambda: pgettext("card", "red Skip"),
        ("y", "s"): lambda: pgettext("card", "yellow Skip"),
        ("g", "s"): lambda: pgettext("card", "green Skip"),
        ("b", "s"): lambda: pgettext("card", "blue Skip"),
        ("r", "r"): lambda: pgettext("card", "red Reverse"),
        ("y", "r"): lambda: pgettext("card", "yellow Reverse"),
        ("g", "r"): lambda: pgettext("card", "green Reverse"),
        ("b", "r"): lambda: pgettext("card", "blue Reverse"),
        ("r", "+2"): lambda: pgettext("card", "red Draw Two"),
        ("y", "+2"): lambda: pgettext("card", "yellow Draw Two"),
        ("g", "+2"): lambda: pgettext("card", "green Draw Two"),
        ("b", "+2"): lambda: pgettext("card", "blue Draw Two"),
    }
    return table[(color, rank)]()


def card_name(code: str, color: str | None = None) -> str:
    """The card ``code`` in words ("red 5", "Wild Draw Four"); ``color`` names the colour
    chosen for a wild ("Wild Draw Four, red")."""
    if code == WILD or code == WILD4:
        base = pgettext("card", "Wild") if code == WILD else pgettext("card", "Wild Draw Four")
        if color:
            return pgettext("card", "{card}, {color}").format(card=base, color=color_name(color))
        return base
    if code == BEEP:
        return pgettext("card", "Beep")
    c = CARD_COLOR.get(code)
    rank = CARD_RANK.get(code)
    if c is None or rank is None:
        return code
    if rank.isdigit():
        return _number(c).format(number=rank)
    return _action(c, rank)


def cards_list(codes: list[str] | tuple[str, ...]) -> str:
    """Several cards joined the way the language joins a list."""
    from uno_cli.i18n import get_translator

    names = [card_name(c) for c in codes]
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return get_translator().format_list(names)


SORT_ORDER = {code: i for i, code in enumerate(
    [c + r for c in "rygb" for r in ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "s", "r", "+2")]
    + [WILD, WILD4, BEEP]
)}


def sort_hand(hand: list[str] | tuple[str, ...]) -> list[str]:
    """The hand sorted by colour, then number, then action cards, wilds last."""
    return sorted(hand, key=lambda c: SORT_ORDER.get(c, 999))
