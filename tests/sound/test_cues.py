"""Which earcon each message calls for, and where around the table it sounds."""

from __future__ import annotations

import math

import pytest

from uno_cli.engine.events import EVENT_TYPES
from uno_cli.sound import cues, synth

ME = 1


@pytest.mark.parametrize(("type", "data", "name"), [
    ("play", {"seat": 2, "card": "r5", "how": "turn"}, "play_number"),
    ("play", {"seat": 2, "card": "g0", "how": "drawn"}, "play_number"),
    ("play", {"seat": 2, "card": "bs", "how": "turn"}, "play_action"),
    ("play", {"seat": 2, "card": "yr", "how": "turn"}, "play_action"),
    ("play", {"seat": 2, "card": "r+2", "how": "stack"}, "play_action"),
    ("play", {"seat": 2, "card": "w", "how": "turn", "color": "g"}, "play_wild"),
    ("play", {"seat": 2, "card": "w+4", "how": "turn", "color": "b"}, "play_wild4"),
    ("play", {"seat": 2, "card": "beep", "how": "turn"}, "beep"),
    ("play", {"seat": 3, "card": "r5", "how": "jump_in", "instead_of": 2}, "jump_in"),
    ("play", {"seat": 2, "card": "r6", "how": "sequence"}, "sequence"),
    ("color_chosen", {"seat": 2, "color": "r"}, "color_r"),
    ("color_chosen", {"seat": 2, "color": "y"}, "color_y"),
    ("color_chosen", {"seat": 2, "color": "g"}, "color_g"),
    ("color_chosen", {"seat": 2, "color": "b"}, "color_b"),
    ("draw", {"seat": 2, "count": 1, "reason": "choice", "left": 5}, "draw:1"),
    ("draw", {"seat": 2, "count": 4, "reason": "wild_draw_four", "left": 9}, "penalty:4"),
    ("draw", {"seat": 2, "count": 2, "reason": "draw_two", "left": 9}, "penalty:2"),
    ("draw", {"seat": 2, "count": 6, "reason": "bluff", "left": 9}, "penalty:6"),
    ("draw", {"seat": 2, "count": 2, "reason": "beep", "left": 9}, "penalty:2"),
    ("turn", {"seat": ME, "text": "Your turn."}, "your_turn"),
    ("uno", {"seat": 2}, "uno"),
    ("caught", {"seat": 2, "by": ME, "count": 2}, "caught"),
    ("caught", {"seat": ME, "by": 2, "count": 2}, "you_caught"),
    ("challenge", {"seat": ME, "target": 2}, "challenge"),
    ("challenge_result", {"seat": 2, "guilty": True, "challenger": ME}, "challenge_guilty"),
    ("challenge_result", {"seat": 2, "guilty": False, "challenger": ME}, "challenge_clear"),
    ("hand_end", {"seat": ME, "points": 30}, "hand_won"),
    ("hand_end", {"seat": 3, "points": 30}, "hand_lost"),
    ("match_end", {"winners": [ME], "scores": [0, 10]}, "match_won"),
    ("match_end", {"winners": [2], "scores": [10, 0]}, "match_lost"),
    ("time_warning", {}, "time_warning"),
])
def test_each_event_kind_has_its_earcon(type: str, data: dict, name: str) -> None:
    assert cues.earcon(type, data, ME) == name
    assert len(synth.render(name)) > 0


@pytest.mark.parametrize(("type", "data"), [
    ("turn", {"seat": 2, "text": "Ana's turn."}),  # only the listener's own turn sounds
    ("turn", {"seat": ME, "text": None}),  # the turn stayed (a card drawn): said and sounded once
    ("draw", {"seat": ME, "count": 2, "reason": "uno", "left": 3}),  # the catch already sounded
    ("draw", {"seat": ME, "count": 0, "reason": "choice", "wanted": 1, "left": 3}),
    ("beep_race", {"seat": 2, "seats": [1, 3]}),  # the Beep card's own sound covers it
    ("scores", {"scores": [1, 2]}),
    ("play", {"seat": 2, "card": None, "how": "turn"}),
    ("color_chosen", {"seat": 2, "color": "purple"}),
])
def test_what_has_no_earcon(type: str, data: dict) -> None:
    assert cues.earcon(type, data, ME) is None


def test_the_sounded_types_are_the_engines_event_types() -> None:
    sounded = {"play", "color_chosen", "draw", "turn", "uno", "caught", "challenge", "challenge_result",
               "hand_end", "match_end"}
    assert sounded <= set(EVENT_TYPES)


def test_an_onlooker_hears_the_hand_and_match_as_won() -> None:
    assert cues.earcon("hand_end", {"seat": 3}, None) == "hand_won"
    assert cues.earcon("match_end", {"winners": [2]}, None) == "match_won"


def test_seats_sit_round_the_table_next_on_the_left_previous_on_the_right() -> None:
    assert cues.pan(2, 1, 4) == pytest.approx(-1.0)  # next in play: left
    assert cues.pan(3, 1, 4) == 0.0  # across
    assert cues.pan(4, 1, 4) == pytest.approx(1.0)  # before the player: right
    assert cues.pan(1, 1, 4) == 0.0  # the player's own
    assert cues.pan(1, 3, 4) == 0.0  # relative to the player's seat, whichever it is
    assert cues.pan(4, 3, 4) == pytest.approx(-1.0)
    assert cues.pan(2, 1, 2) == 0.0  # two players: face to face
    assert cues.pan(None, 1, 4) == 0.0
    three = [cues.pan(s, 1, 3) for s in (2, 3)]
    assert three[0] < 0 < three[1] and three[0] == pytest.approx(-three[1])


def test_panning_keeps_equal_power() -> None:
    for position in (-1.0, -0.5, 0.0, 0.3, 1.0):
        left, right = cues.gains(position)
        assert left * left + right * right == pytest.approx(1.0)
    assert cues.gains(-1.0) == pytest.approx((1.0, 0.0))
    assert cues.gains(0.0)[0] == pytest.approx(math.sqrt(0.5))
