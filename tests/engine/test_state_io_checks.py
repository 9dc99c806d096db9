"""The checks of every field never refuse a state a real game reaches (every preset, to the end)."""

from __future__ import annotations

import json
import random

import pytest

from uno_cli.engine import Game, preset, state_io
from uno_cli.engine.options import PRESETS


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_reached_state_passes_the_checks_through_json_text(name: str, players: int) -> None:
    if name == "partners" and players != 4:
        pytest.skip("partners need four players")
    seed = players * 31 + len(name)
    options = preset(name)
    # Short matches, so that the end (and, with elimination, seats going out) is reached.
    options = options.with_values(target=50) if options.scoring == "elimination" else options.with_values(hands=2)
    game = Game(players, options, seed=seed)
    game.start()
    rng = random.Random(seed)
    for _ in range(3000):
        text = json.dumps(state_io.to_dict(game))
        again = state_io.from_dict(state_io.parse_json(text))
        assert state_io.to_dict(again) == json.loads(text)
        if game.is_over:
            break
        if game.phase == "hand_over":
            game.start_hand()
            continue
        seat = rng.choice(game.actors())
        game.apply(rng.choice(game.legal_actions(seat)))


def test_integers_in_the_text_may_not_hide_as_floats_or_flags() -> None:
    game = Game(2, preset("classic"), seed=1)
    game.start()
    data = state_io.to_dict(game)
    for field, value in (("hand", 1.0), ("hand", True), ("stuck", 0.0), ("direction", 1.0)):
        with pytest.raises(state_io.InvalidSetup) as info:
            state_io.from_dict(dict(data, **{field: value}))
        assert info.value.detail["field"] == field
