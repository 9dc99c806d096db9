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


def _saved(**opts) -> dict:
    from tests.engine.helpers import make_game

    g = make_game([["r5", "g1", "b2"], ["g2", "g3", "y4", "y5", "y6", "y7", "y8"], ["b1", "b4"]],
                  discard=["y7", "r3"], **opts)
    data = state_io.to_dict(g)
    state_io.from_dict(json.loads(json.dumps(data)))  # the state itself loads
    return data


def _move(data: dict, card: str, where: str) -> None:
    """Move one ``card`` from the draw pile to the top of ``where`` (keeps the card count)."""
    data["draw"].remove(card)
    data[where].append(card)


def _wild4_on_draw_two(d):
    _move(d, "r+2", "discard")
    d.update(phase="pending", pending={"total": 4, "kind": "w+4", "cards": 1, "bluffer": 3})


def _catch_window_on_seven_cards(d):
    d["uno_open"] = 2


def _empty_hand(d):
    d["draw"] += d["hands"][2]
    d["hands"][2] = []


def _wild_without_colour(d):
    _move(d, "w", "discard")
    d["color"] = None


def _drawn_not_in_hand(d):
    d.update(phase="drawn", drawn="b9")


def _colour_phase_after_three_discards(d):
    _move(d, "w", "discard")
    d.update(phase="color", color=None)


def _scores_over_target(d):
    d["scores"] = [0, 700, 0]


def _eliminated_under_classic(d):
    d["draw"] += d["hands"][2]
    d["hands"][2] = []
    d["eliminated"] = [False, False, True]


def _match_won_with_no_points(d):
    d.update(phase="match_over", winners=[1])


@pytest.mark.parametrize(("break_it", "code"), [
    (_wild4_on_draw_two, "pending_on_wrong_card"),
    (_catch_window_on_seven_cards, "uno_window_wrong"),
    (_empty_hand, "empty_hand"),
    (_wild_without_colour, "no_color"),
    (_drawn_not_in_hand, "drawn_not_held"),
    (_colour_phase_after_three_discards, "color_phase_late"),
    (_scores_over_target, "score_over_target"),
    (_eliminated_under_classic, "eliminated_without_elimination"),
    (_match_won_with_no_points, "match_not_over"),
])
def test_impossible_saved_states_are_refused_by_name(break_it, code) -> None:
    from uno_cli.engine.errors import InvalidSetup
    from uno_cli.words.errtext import setup_error

    data = _saved()
    break_it(data)
    with pytest.raises(InvalidSetup) as info:
        state_io.from_dict(state_io.parse_json(json.dumps(data)))
    assert info.value.code == "impossible_state" and info.value.detail["rule"] == code
    assert code in setup_error(info.value)
