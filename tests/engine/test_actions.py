"""An action is an immutable value: equal and hashed by its five fields, copied and pickled as itself."""

from __future__ import annotations

import copy
import pickle

import pytest

from uno_cli.engine import Action
from uno_cli.engine.actions import CATCH, PLAY, UNO
from uno_cli.engine.game import Game


def test_actions_are_equal_and_hash_alike_by_their_fields():
    a, b = Action(PLAY, 1, "r5"), Action("play", 1, "r5", None, None)
    assert a == b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert a != Action(PLAY, 2, "r5") and a != Action(PLAY, 1, "r5", "r") and a != Action(CATCH, 1, None, None, 0)
    assert a != "play r5" and (a == 3) is False


def test_an_action_cannot_change():
    action = Action(UNO, 0)
    for name in ("kind", "seat", "card", "color", "target"):
        with pytest.raises(AttributeError):
            setattr(action, name, None)
    with pytest.raises(AttributeError):
        action.extra = 1  # type: ignore[attr-defined]
    assert action == Action(UNO, 0)


def test_copies_and_pickles_are_the_same_value():
    action = Action(PLAY, 3, "w4", "g")
    assert copy.copy(action) is action and copy.deepcopy([action])[0] is action
    assert pickle.loads(pickle.dumps(action)) == action


def test_repr_names_every_field_as_the_dataclass_did():
    assert repr(Action("play", 1, "r5")) == "Action(kind='play', seat=1, card='r5', color=None, target=None)"


def test_the_engine_shares_one_instance_per_value():
    game = Game(4, seed=3)
    game.start()
    seat = game.current
    listed = game.legal_actions(seat)
    assert listed and all(x is y for x, y in zip(listed, game.copy().legal_actions(seat)))
