"""legal_actions keeps what it computed until the game changes, and nobody can change it."""

from __future__ import annotations

import pytest

from uno_cli.engine import Game, preset


def test_legal_actions_is_a_tuple_kept_until_the_game_changes():
    game = Game(3, preset("classic"), seed=5)
    game.start()
    seat = game.current
    legal = game.legal_actions(seat)
    assert isinstance(legal, tuple) and legal
    assert game.legal_actions(seat) is legal  # asked again: the same answer, not computed again
    with pytest.raises(AttributeError):
        legal.append(legal[0])  # type: ignore[attr-defined]
    game.apply(legal[0])
    assert game.legal_actions(seat) is not legal  # the game changed: computed afresh

