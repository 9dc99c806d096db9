"""The rule gaps of issue 29, each with exact hands, on and off."""

from __future__ import annotations

import pytest

from uno_cli.engine import IllegalAction
from tests.engine.helpers import act, find, make_game, ok, one, play


# ------------------------------------------- challenge_penalty=return and a reshuffle


def _caught_bluffer_on_empty_pile(penalty: str):
    # Seat 0 bluffs a Wild Draw Four down to one card without UNO; the draw pile is empty.
    g = make_game([["w+4", "r5"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], rest="discard",
                  challenge_penalty=penalty)
    assert g.draw_pile == []
    g.apply(play(0, "w+4", "g"))
    ev = g.apply(act("catch", 2, target=0))
    assert find(ev, "reshuffle")
    return g


def test_return_penalty_reshuffle_keeps_the_card_the_wild_draw_four_covers():
    g = _caught_bluffer_on_empty_pile("return")
    assert g.discard == ["r3", "w+4"]
    ok(g)
    ev = g.apply(act("challenge", 1))
    assert one(ev, "card_returned", 0).data["card"] == "w+4"
    assert g.discard == ["r3"] and g.color == "r" and g.current == 0
    assert g.legal_actions(0)  # raised IndexError before
    ok(g)


@pytest.mark.parametrize("penalty", ["four", "six"])
def test_other_challenge_penalties_reshuffle_all_but_the_top_card(penalty):
    g = _caught_bluffer_on_empty_pile(penalty)
    assert g.discard == ["w+4"]
    g.apply(act("challenge", 1))
    assert g.top == "w+4"
    ok(g)
