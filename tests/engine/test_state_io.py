"""The save/setup format: uno-cli/2 numbers seats from 1; uno-cli/1 saves still load."""

from __future__ import annotations

import random
from typing import Any

import pytest

from uno_cli.engine import Game, preset, state_io
from uno_cli.engine.errors import InvalidSetup


def _random_game(name: str, players: int, seed: int, steps: int) -> tuple[Game, list[Game]]:
    """A game after ``steps`` random legal actions (starting new hands), and a copy per step."""
    game = Game(players, preset(name).with_values(hands=3), seed=seed)
    game.start()
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        if game.is_over:
            break
        if game.phase == "hand_over":
            game.start_hand()
            continue
        actors = game.actors()
        seat = rng.choice(actors)
        game.apply(rng.choice(game.legal_actions(seat)))
        seen.append(state_io.from_dict(state_io.to_dict(game)))
    return game, seen


def _old_to_dict(game: Game) -> dict[str, Any]:
    """What the uno-cli/1 code wrote: the same fields with seats counted from 0."""
    return {
        "format": "uno-cli/1",
        "players": game.players,
        "options": game.options.to_dict(),
        "hand": game.hand_number,
        "dealer": game.dealer,
        "scores": list(game.scores),
        "penalties": list(game.penalties),
        "eliminated": list(game.eliminated),
        "hands": [list(h) for h in game.hands],
        "discard": list(game.discard),
        "draw": list(reversed(game.draw_pile)),
        "color": game.color,
        "current": game.current,
        "direction": game.direction,
        "phase": game.phase.value,
        "pending": {"total": game.pending, "kind": game.pending_kind, "cards": game.pending_cards,
                    "bluffer": game.bluffer, "bluff": game.bluff, "prev_color": game.prev_color},
        "drawn": game.drawn,
        "must_play": game.must_play,
        "uno_open": game.uno_open,
        "said": list(game.said),
        "jump_open": game.jump_open,
        "sequence": {"seat": game.seq_seat, "step": game.seq_step},
        "beep": {"waiting": list(game.beep_waiting), "resume": game.beep_resume},
        "stuck": game.stuck,
        "winners": list(game.winners),
        "rng": game.rng_state,
    }


def _continue(game: Game, seed: int, steps: int = 60) -> list[str]:
    """The events of ``steps`` more random legal actions, as text."""
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if game.is_over:
            break
        if game.phase == "hand_over":
            events = game.start_hand()
        else:
            seat = rng.choice(game.actors())
            events = game.apply(rng.choice(game.legal_actions(seat)))
        out.extend(repr(e) for e in events)
    return out


@pytest.mark.parametrize("name,players", [("classic", 2), ("playroom", 3), ("partners", 4), ("playroom", 5)])
def test_save_load_round_trip_in_every_reached_state(name: str, players: int) -> None:
    game, copies = _random_game(name, players, seed=players * 13, steps=300)
    assert copies
    for copy in copies:
        data = state_io.to_dict(copy)
        assert state_io.to_dict(state_io.from_dict(data)) == data
    assert state_io.loads(state_io.dumps(game)).legal_actions(game.current) == game.legal_actions(game.current)


def test_saves_are_format_2_with_every_seat_from_1() -> None:
    game, _ = _random_game("playroom", 3, seed=4, steps=40)
    game.uno_open, game.bluffer, game.seq_seat = 0, 1, 2
    game.beep_waiting, game.winners = [0, 2], [1]
    data = state_io.to_dict(game)
    assert data["format"] == "uno-cli/2"
    assert data["current"] == game.current + 1 and data["dealer"] == game.dealer + 1
    assert data["uno_open"] == 1 and data["pending"]["bluffer"] == 2 and data["sequence"]["seat"] == 3
    assert data["beep"]["waiting"] == [1, 3] and data["winners"] == [2]
    assert len(data["hands"]) == len(data["scores"]) == len(data["said"]) == 3  # lists by seat stay lists


@pytest.mark.parametrize("name,players", [("classic", 2), ("playroom", 3), ("playroom", 4)])
def test_uno_cli_1_save_loads_and_continues_identically(name: str, players: int) -> None:
    game, copies = _random_game(name, players, seed=players * 5 + 1, steps=120)
    for copy in copies[::7]:
        old = _old_to_dict(copy)
        loaded = state_io.from_dict(old)
        assert state_io.to_dict(loaded) == state_io.to_dict(copy)
        twin = state_io.from_dict(state_io.to_dict(copy))
        assert _continue(loaded, seed=9) == _continue(twin, seed=9)


def test_upgrade_renumbers_every_seat_field_and_the_bots_keys() -> None:
    old = {"format": "uno-cli/1", "current": 0, "dealer": 2, "uno_open": None,
           "pending": {"bluffer": 1}, "sequence": {"seat": 0, "step": 1},
           "beep": {"waiting": [0, 2], "resume": "play"}, "winners": [1], "bots": {"1": {}, "2": {"x": 1}},
           "hands": [["r1"], ["r2"], ["r3"]]}
    new = state_io.upgrade(old)
    assert new["format"] == "uno-cli/2"
    assert (new["current"], new["dealer"], new["uno_open"]) == (1, 3, None)
    assert new["pending"] == {"bluffer": 2} and new["sequence"] == {"seat": 1, "step": 1}
    assert new["beep"] == {"waiting": [1, 3], "resume": "play"} and new["winners"] == [2]
    assert new["bots"] == {"2": {}, "3": {"x": 1}}
    assert new["hands"] == old["hands"] and old["current"] == 0  # the input is not changed
    assert state_io.upgrade(new) is new


def test_a_setup_without_format_counts_seats_from_1() -> None:
    game = state_io.from_dict({"players": 3, "current": 3, "dealer": 1})
    assert game.current == 2 and game.dealer == 0
    assert state_io.from_dict({"players": 3, "dealer": 1}).current == 1  # after the dealer
    assert state_io.from_dict({"players": 3}).dealer == 2  # the last seat


@pytest.mark.parametrize("fmt", ["uno-cli/3", "uno-cli/0", 2, None])
def test_unknown_format_is_refused(fmt: Any) -> None:
    with pytest.raises(InvalidSetup) as info:
        state_io.from_dict({"format": fmt, "players": 2})
    assert info.value.code == "unknown_format"
    assert info.value.detail == {"format": fmt, "formats": ["uno-cli/2", "uno-cli/1"]}


@pytest.mark.parametrize("field,value", [("current", 0), ("current", 4), ("dealer", 0), ("current", True),
                                         ("current", "1")])
def test_a_seat_outside_1_to_players_is_refused(field: str, value: Any) -> None:
    with pytest.raises(InvalidSetup) as info:
        state_io.from_dict({"players": 3, field: value})
    assert info.value.code == "bad_seat"
    assert info.value.detail == {"field": field, "value": value, "players": 3}


def test_seat_errors_in_a_complete_save_name_the_file_seat() -> None:
    game, _ = _random_game("playroom", 3, seed=2, steps=10)
    data = state_io.to_dict(game)
    data["beep"] = {"waiting": [1, 4], "resume": None}
    with pytest.raises(InvalidSetup) as info:
        state_io.from_dict(data)
    assert info.value.detail == {"field": "beep.waiting", "value": 4, "players": 3}
    old = _old_to_dict(game)
    old["current"] = 3  # seat 4 counted from 1
    with pytest.raises(InvalidSetup) as info:
        state_io.from_dict(old)
    assert info.value.detail == {"field": "current", "value": 4, "players": 3}


def test_seat_problems_other_than_range_count_from_1() -> None:
    with pytest.raises(InvalidSetup) as info:
        state_io.from_dict({"players": 2, "hands": [["r1"], ["r2"], ["r3"]]})
    assert (info.value.code, info.value.detail) == ("too_many_hands", {"count": 3, "players": 2})
    with pytest.raises(InvalidSetup) as info:
        state_io.from_dict({"players": 3, "eliminated": [False, True, False], "current": 2})
    assert (info.value.code, info.value.detail) == ("seat_eliminated", {"field": "current", "seat": 1})
    with pytest.raises(InvalidSetup) as info:
        state_io.from_dict({"players": 3, "eliminated": [False, False, True], "hands": [None, None, ["r1"]]})
    assert (info.value.code, info.value.detail) == ("eliminated_holds_cards", {"seat": 2})
    with pytest.raises(InvalidSetup) as info:
        state_io.from_dict({"players": 2, "hands": [[], None]})
    assert (info.value.code, info.value.detail) == ("empty_hand", {"seat": 0})
