"""The hand cursor of one seat: the hand's order, the focused card, moving and reading it.

The interactive game (seat 0) and the network tables' key layer (any seat) both use it, so
Left, Right, Home, End, Z, Shift+Z, Shift+C, Shift+N and Enter mean the same everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from uno_cli.words import describe as d
from uno_cli.engine.actions import ActionKind
from uno_cli.engine.cards import ACTIONS, BEEP, NUMBERS, WILD, WILD4
from uno_cli.engine.game import IN_TURN_PHASES, Phase
from uno_cli.engine.seats import Seat
from uno_cli.words.i18n import _
from uno_cli.words import interactive as words
from uno_cli.interactive.keys import COLOR_ORDER

_RANKS = [*NUMBERS, *ACTIONS, WILD, WILD4, BEEP]


def sort_key_color(code: str) -> tuple[int, int]:
    """Sort by colour, then rank; wilds and Beeps last."""
    from uno_cli.engine.cards import CARD_COLOR, CARD_RANK

    c = CARD_COLOR.get(code)
    return (COLOR_ORDER.index(c) if c in COLOR_ORDER else 4, _RANKS.index(CARD_RANK.get(code, BEEP)))


def sort_key_number(code: str) -> tuple[int, int]:
    """Sort by rank, then colour."""
    a, b = sort_key_color(code)
    return (b, a)


class HandCursor:
    """One seat's hand cursor; ``game()`` gives the game (or None), ``answer`` says a reply."""

    def __init__(self, seat: Seat, game: Callable[[], Any], answer: Callable[[str], None],
                 full: Callable[[], bool]) -> None:
        self.seat = seat
        self.game = game
        self.answer = answer
        self.full = full
        self.sort = "color"  # the order the dealt hand is read in
        self.focus = 0
        #: True once the focused card was said since the hand last changed: until then the
        #: first Z takes the focused card itself if it can be played.
        self.moved = False
        self._seen: tuple[str, ...] = ()

    def legal(self) -> list[Any]:
        """The seat's legal actions now."""
        g = self.game()
        return list(g.legal_actions(self.seat)) if g is not None else []

    def hand(self) -> list[str]:
        """The seat's hand in the chosen order."""
        g = self.game()
        hand = list(g.hands[self.seat]) if g is not None else []
        if self.sort == "color":
            hand.sort(key=sort_key_color)
        elif self.sort == "number":
            hand.sort(key=sort_key_number)
        return hand

    def my_turn(self) -> bool:
        """True when the game waits for this seat's turn."""
        g = self.game()
        return g is not None and g.current == self.seat and g.phase in IN_TURN_PHASES and not g.eliminated[self.seat]

    def focused(self) -> str | None:
        """The card the focus is on, or None."""
        hand = self.hand()
        if hand and 0 <= self.focus < len(hand):
            return hand[self.focus]
        return None

    def keep(self, focused: str | None) -> None:
        """After a change: the focus stays on the same card (or the nearest place)."""
        hand = self.hand()
        if tuple(hand) != self._seen:
            self._seen = tuple(hand)
            self.moved = False  # a new hand, or cards came or went: the focused card is news again
        if focused in hand:
            self.focus = hand.index(focused)  # type: ignore[arg-type]
        else:
            self.focus = min(self.focus, max(0, len(hand) - 1))

    def hand_text(self) -> str:
        """The hand, in the chosen order."""
        return d.hand_text(self.hand(), sort=False)

    def card_text(self, index: int, position: bool = True) -> str:
        """The card at ``index`` of the hand, its position (at full verbosity) and whether it can be played."""
        hand = self.hand()
        card = hand[index]
        playable = position and any(
            a.card == card and a.kind in (ActionKind.PLAY, ActionKind.JUMP_IN) for a in self.legal())
        return d.card_text(card, index + 1, len(hand), playable, position and self.full())

    def move(self, index: int, position: bool = True) -> None:
        """Focus the card at ``index`` (kept inside the hand) and say it (``position``: where it is and
        whether it plays; Z goes only to cards that play, so it names the card alone)."""
        hand = self.hand()
        if not hand:
            self.answer(self.hand_text())
            return
        self.focus = max(0, min(len(hand) - 1, index))
        self.moved = True
        self.answer(self.card_text(self.focus, position))

    def prev_card(self) -> None:
        """Left: the previous card of the hand."""
        self.move(self.focus - 1)

    def next_card(self) -> None:
        """Right: the next card of the hand."""
        self.move(self.focus + 1)

    def first_card(self) -> None:
        """Home: the first card of the hand."""
        self.move(0)

    def last_card(self) -> None:
        """End: the last card of the hand."""
        self.move(len(self.hand()) - 1)

    def _playable_indexes(self) -> list[int]:
        cards = {a.card for a in self.legal() if a.kind in (ActionKind.PLAY, ActionKind.JUMP_IN) and a.card}
        return [i for i, c in enumerate(self.hand()) if c in cards]

    def next_playable(self) -> None:
        """Z: the next card that can be played."""
        self._jump(1)

    def prev_playable(self) -> None:
        """Shift+Z: the previous card that can be played."""
        self._jump(-1)

    def _jump(self, step: int) -> None:
        idx = self._playable_indexes()
        if not idx:
            g = self.game()
            if self.my_turn() and g.phase == Phase.PLAYING:
                self.answer(_(words.NOTHING_PLAYABLE_DRAW))
            else:
                self.answer(_(words.NOTHING_PLAYABLE))
            return
        # Z names the card alone: never its place in the hand nor that it plays (the arrows say
        # both; Z goes only to cards that play). It is heard at every turn, so it is short.
        if not self.moved and self.focus in idx:
            self.move(self.focus, position=False)  # the card under the cursor, not yet said, can be played
            return
        after = [i for i in idx if (i > self.focus if step > 0 else i < self.focus)]
        if after:
            target = after[0] if step > 0 else after[-1]
        else:
            target = idx[0] if step > 0 else idx[-1]
        self.move(target, position=False)

    def sort_by_color(self) -> None:
        """Shift+C: sort the hand by colour and read it."""
        self.sort = "color"
        self.focus = 0
        self.answer(_(words.SORTED_BY_COLOR) + " " + self.hand_text())

    def sort_by_number(self) -> None:
        """Shift+N: sort the hand by number and read it."""
        self.sort = "number"
        self.focus = 0
        self.answer(_(words.SORTED_BY_NUMBER) + " " + self.hand_text())

    def card_to_play(self) -> str | None:
        """The card Enter plays: the focused one (after drawing, the drawn card); None with no hand."""
        hand = self.hand()
        if not hand:
            self.answer(self.hand_text())
            return None
        self.focus = min(self.focus, len(hand) - 1)
        g = self.game()
        if g.phase == Phase.DRAWN and g.current == self.seat and g.drawn and hand[self.focus] != g.drawn:
            # After drawing only the drawn card can be played: Enter plays it.
            return g.drawn
        return hand[self.focus]
