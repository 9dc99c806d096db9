"""Game.copy and Game.from_view: independent copies and games rebuilt from a seat's view."""

from __future__ import annotations

from uno_cli.engine import Game, preset
from uno_cli.engine.invariants import check_invariants


def started(seed: int = 3, players: int = 3, name: str = "classic") -> Game:
    game = Game(players, preset(name), seed=seed)
    game.start()
    return game


def test_copy_is_independent_of_the_original():
    game = started()
    clone = game.copy()
    seat = game.current
    before = [list(h) for h in game.hands]
    clone.apply(clone.legal_actions(seat)[0])
    assert game.hands == before and game.version != clone.version
    # The copy plays on by itself without touching the original.
    for _ in range(50):
        if clone.phase not in ("play", "drawn", "pending", "color"):
            break
        clone.apply(clone.legal_actions(clone.current)[0])
    assert game.hands == before


def test_copy_offers_the_same_actions():
    game = started(seed=8, players=4, name="playroom")
    clone = game.copy()
    for seat in range(4):
        assert clone.legal_actions(seat) == game.legal_actions(seat)


def test_from_view_with_the_true_hidden_cards_is_the_same_position():
    game = started(seed=5, players=3)
    seat = game.current
    view = game.view(seat)
    rebuilt = Game.from_view(view, [list(h) for h in game.hands], list(game.draw_pile), list(game.discard), seed=1)
    assert rebuilt.legal_actions(seat) == game.legal_actions(seat)
    assert rebuilt.view(seat) == view
    assert check_invariants(rebuilt, [0] * 3) == []


def test_copy_has_every_attribute_with_its_own_lists():
    game = started(seed=4, players=4, name="playroom_all")
    game.legal_actions(game.current)  # fills the legal-action cache, which a copy starts without
    clone = game.copy()
    for name in Game.__slots__:
        mine, theirs = getattr(clone, name), getattr(game, name)
        if name in ("_legal_cache", "_legal_version", "_legal_seat", "_legal_one"):
            continue
        assert mine == theirs, name
        if isinstance(theirs, list):
            assert mine is not theirs, name
    assert [h is g for h, g in zip(clone.hands, game.hands)] == [False] * 4
    assert clone._legal_cache is None
