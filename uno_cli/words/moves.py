"""The sentences that list a seat's moves; the command words ("play", "moves") come in as arguments
from the verbs' registry (uno_cli.play.commands.spoken_moves)."""

from __future__ import annotations

from uno_cli.words.i18n import _, ngettext


def play_and_choose(play: str, cards: str) -> str:
    """The plays that end with a colour choice (the wilds last)."""
    # TRANSLATORS: {play} is the command word "play", {cards} the cards that may be played, the wilds last.
    return _("{play} {cards} and choose a colour").format(play=play, cards=cards)


def some_moves(moves: str, command: str) -> str:
    """A short list of moves, then the command that says them all."""
    # TRANSLATORS: {moves} is a short list of moves, {command} the command that says them all.
    return _("{moves}; {command} lists them all").format(moves=moves, command=command)


def play_count(play: str, n: int) -> str:
    """ "play one of 6 cards", said when the cards themselves would be too long to hear."""
    # TRANSLATORS: {play} is the command word "play"; the cards are too many to list here.
    return ngettext("{play} your one playable card", "{play} one of {count} cards", n).format(play=play, count=n)
