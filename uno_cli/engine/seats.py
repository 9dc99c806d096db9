"""Seats: the engine counts them from 0; people and programs count them from 1.

A :data:`Seat` is an index into the game's seats (0 is the first). Only the edges, the wire
(JSON, commands such as ``@2`` or ``catch 2``, saves) and the words players hear, number
them from 1, and they convert with :func:`seat_number` and :func:`seat_index`. Every engine
error (``IllegalAction``, ``InvalidSetup``) carries 0-based seats.
"""

from __future__ import annotations

from typing import NewType, Sequence, cast

Seat = NewType("Seat", int)
"""A seat of the game, counted from 0."""


def all_seats(players: int) -> Sequence[Seat]:
    """Every seat of a game of ``players``, from 0 (a range: nothing is built)."""
    return cast("Sequence[Seat]", range(players))  # (a string: Sequence[Seat] is not built per call)


def seat_number(seat: int) -> int:
    """The seat as people and programs number it (from 1)."""
    return seat + 1


def seat_index(number: int) -> Seat:
    """The seat a 1-based number names."""
    return Seat(number - 1)
