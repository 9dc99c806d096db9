"""Card codes, the deck and card points.

A card is its canonical code, a short string: colour letter (r, y, g, b) and then a digit
0-9, ``s`` (Skip), ``r`` (Reverse) or ``+2`` (Draw Two); or ``w`` (Wild), ``w+4`` (Wild Draw
Four) and ``beep``. Identical cards are interchangeable, so a hand is a list of codes.
"""

from __future__ import annotations

from typing import Final

COLORS: Final[tuple[str, ...]] = ("r", "y", "g", "b")
NUMBERS: Final[tuple[str, ...]] = tuple(str(n) for n in range(10))
ACTIONS: Final[tuple[str, ...]] = ("s", "r", "+2")
WILD: Final = "w"
WILD4: Final = "w+4"
BEEP: Final = "beep"

#: Points a card left in a hand is worth (Beep: 20, like the other action cards).
BEEP_POINTS: Final = 20


def _build() -> tuple[dict[str, str | None], dict[str, str], dict[str, int], dict[str, int]]:
    color: dict[str, str | None] = {}
    rank: dict[str, str] = {}
    points: dict[str, int] = {}
    copies: dict[str, int] = {}
    for c in COLORS:
        for n in NUMBERS:
            code = c + n
            color[code], rank[code], points[code] = c, n, int(n)
            copies[code] = 1 if n == "0" else 2
        for a in ACTIONS:
            code = c + a
            color[code], rank[code], points[code] = c, a, 20
            copies[code] = 2
    for code, pts, count in ((WILD, 50, 4), (WILD4, 50, 4), (BEEP, BEEP_POINTS, 8)):
        color[code], rank[code], points[code] = None, code, pts
        copies[code] = count
    return color, rank, points, copies


# Final module constants: compiled with mypyc, each is a C variable, not a lookup by name.
_TABLES = _build()
CARD_COLOR: Final = _TABLES[0]
CARD_RANK: Final = _TABLES[1]
CARD_POINTS: Final = _TABLES[2]
COPIES: Final = _TABLES[3]
#: Every valid code, in a stable order (colours, then wilds, then Beep).
ALL_CODES: Final[tuple[str, ...]] = tuple(COPIES)


def is_card(code: str) -> bool:
    """True if ``code`` is a canonical card code."""
    return code in COPIES


def is_wild(code: str) -> bool:
    """True for Wild and Wild Draw Four (the cards that name a colour)."""
    return code == WILD or code == WILD4


def is_number(code: str) -> bool:
    """True for number cards 0-9."""
    return CARD_RANK.get(code, "") in NUMBERS


def new_deck(beep: bool = False) -> list[str]:
    """Return an unshuffled deck: 108 cards, or 116 with the Beep cards."""
    deck: list[str] = []
    for code, n in COPIES.items():
        if code == BEEP and not beep:
            continue
        deck.extend([code] * n)
    return deck


def hand_points(hand: list[str]) -> int:
    """Total points of the cards in ``hand``."""
    return sum(map(CARD_POINTS.__getitem__, hand))
