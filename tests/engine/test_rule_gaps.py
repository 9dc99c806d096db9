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


# ------------------------------------------------- a Beep while a draw penalty waits


def test_beep_may_be_played_while_a_stacked_penalty_waits_and_the_penalty_still_waits():
    g = make_game([["r+2", "g1"], ["g+2", "g3"], ["beep", "b2"]], discard=["r3"], beep=True, stacking=True)
    g.apply(play(0, "r+2"))
    assert g.phase == "pending" and g.current == 1
    assert act("play", 2, "beep") in g.legal_actions(2)
    assert act("play", 1, "beep") not in g.legal_actions(1)  # seat 1 holds none
    ev = g.apply(play(2, "beep"))
    assert one(ev, "beep_race", 2) and g.phase == "beep"
    for seat in (0, 1):
        g.apply(act("answer", seat))
    assert g.phase == "pending" and g.current == 1 and g.pending == 2
    ev = g.apply(play(1, "g+2"))  # stacking goes on over the Beep
    assert one(ev, "pending", 2).data["total"] == 4
    ok(g)


def test_beep_refused_while_a_first_wild_colour_is_chosen_with_code_no_beep():
    g = make_game([["w", "beep"], ["g2", "g3"]], discard=["w"], color="r", beep=True)
    g.phase = "color"
    g.color = None
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(0, "beep"))
    assert exc.value.code == "no_beep"


def test_beep_off_means_no_beep_to_play_during_a_penalty():
    g = make_game([["r+2", "g1"], ["g+2", "g3"], ["b9", "b2"]], discard=["r3"], stacking=True)
    g.apply(play(0, "r+2"))
    assert all(a.card != "beep" for s in range(3) for a in g.legal_actions(s))


def test_return_challenge_under_a_beep_takes_back_the_wild_draw_four_not_the_beep():
    g = make_game([["w+4", "r5", "g1"], ["g2", "g3"], ["beep", "b2"]], discard=["r3"], beep=True,
                  challenge_penalty="return")
    g.apply(play(0, "w+4", "g"))
    g.apply(play(2, "beep"))
    for seat in (0, 1):
        g.apply(act("answer", seat))
    assert g.phase == "pending"
    ev = g.apply(act("challenge", 1))
    assert one(ev, "card_returned", 0).data["card"] == "w+4"
    assert g.top == "beep" and g.color is None and "w+4" in g.hands[0]
    ok(g)


# ------------------------------------- one rule for a setup's top card and a dealt first card


@pytest.mark.parametrize("jump_in", [True, False])
def test_the_top_card_of_a_setup_opens_interceptions_as_a_dealt_first_card_does(jump_in):
    from uno_cli.engine import Game, state_io

    setup = {"players": 3, "hands": [["g1", "b2"], ["g3", "b4"], ["r5", "y6"]], "discard": ["r5"],
             "current": 1, "options": {"jump_in": jump_in}}
    g = state_io.from_dict(setup, seed=3)
    assert (act("jump_in", 2, "r5") in g.legal_actions(2)) is jump_in
    # The dealt first card follows the same rule: find a deal whose first card seat 2 holds.
    for seed in range(200):
        d = Game(3, g.options, seed=seed)
        d.start()
        top = d.top
        holder = next((s for s in range(3) if s != d.current and top in d.hands[s]), None)
        if d.phase == "play" and holder is not None and top not in ("w", "w+4"):
            assert (act("jump_in", holder, top) in d.legal_actions(holder)) is jump_in
            break
    else:
        pytest.fail("no deal with a first card held by another seat")


@pytest.mark.parametrize("card", ["w", "w+4"])
def test_setup_top_wild_opens_no_interception_as_a_dealt_wild(card):
    from uno_cli.engine import state_io

    g = state_io.from_dict({"players": 2, "hands": [["g1"], ["g3"]], "discard": [card], "color": "r",
                            "options": {"jump_in": True}}, seed=1)
    assert g.jump_open is False


# ------------------------------------------------------------ false_uno_penalty


def test_false_uno_penalty_is_off_in_every_preset():
    from uno_cli.engine.options import PRESETS

    assert all(p.false_uno_penalty == 0 for p in PRESETS.values())


@pytest.mark.parametrize("n", [1, 2, 4])
def test_false_uno_call_on_draws_the_penalty(n):
    g = make_game([["r5", "g1", "b7"], ["g2", "g3", "y4"]], discard=["r3"], false_uno_penalty=n)
    assert act("uno", 1) not in g.legal_actions(1)  # not listed, like a missed interception
    ev = g.apply(act("uno", 1))
    assert one(ev, "false_uno", 1).data["count"] == n
    assert one(ev, "draw", 1).data["reason"] == "false_uno"
    assert len(g.hands[1]) == 3 + n and not g.said[1] and g.current == 0
    ok(g)


def test_false_uno_call_off_is_refused_and_changes_nothing():
    g = make_game([["r5", "g1", "b7"], ["g2", "g3", "y4"]], discard=["r3"])
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("uno", 1))
    assert exc.value.code == "uno_not_now" and len(g.hands[1]) == 3


def test_true_uno_calls_cost_nothing_with_the_false_uno_penalty_on():
    # In turn with two cards and a play to make; and after the next-to-last card.
    g = make_game([["r5", "g1"], ["g2", "g3", "y4"]], discard=["r3"], false_uno_penalty=2)
    ev = g.apply(act("uno", 0))
    assert one(ev, "uno", 0) and not find(ev, "false_uno")
    g.apply(play(0, "r5"))
    assert len(g.hands[0]) == 1
    # A repeated call after UNO was said is refused, not punished.
    with pytest.raises(IllegalAction):
        g.apply(act("uno", 0))
    g2 = make_game([["r5", "g1"], ["g2", "g3", "y4"]], discard=["r3"], false_uno_penalty=2)
    g2.apply(play(0, "r5"))
    ev = g2.apply(act("uno", 0))  # one card, window open: a forgotten call said late
    assert one(ev, "uno", 0) and not find(ev, "false_uno")


def test_false_uno_with_two_cards_and_nothing_to_play_in_turn_is_false():
    g = make_game([["b5", "g1"], ["g2", "g3", "y4"]], discard=["r3"], false_uno_penalty=1)
    ev = g.apply(act("uno", 0))
    assert one(ev, "false_uno", 0) and len(g.hands[0]) == 3


# ------------------- challenge_penalty=return on empty piles: a bluff never keeps the turn free


def test_return_bluffer_who_cannot_draw_the_penalty_cannot_draw_and_the_turn_passes():
    g = make_game([["w+4", "rs", "rs"], []], discard=["r5"], rest=1, challenge_penalty="return")
    assert g.draw_pile == [] and g.discard == ["r5"]
    g.apply(play(0, "w+4", "g"))
    ev = g.apply(act("challenge", 1))
    assert one(ev, "card_returned", 0).data["card"] == "w+4"
    assert one(ev, "draw", 0).data["count"] == 0
    assert one(ev, "cannot_draw", 0)
    assert g.current == 1 and g.phase == "play" and not g.must_play
    assert g.hands[0] == ["rs", "rs", "w+4"]
    ok(g)


def test_return_bluffer_who_draws_some_penalty_cards_must_still_play_a_legal_card():
    g = make_game([["w+4", "rs", "r7"], []], discard=["r4", "r5"], rest=1, challenge_penalty="return")
    g.apply(play(0, "w+4", "g"))
    ev = g.apply(act("challenge", 1))
    assert one(ev, "draw", 0).data["count"] == 1  # the reshuffle gives what there is
    assert not find(ev, "cannot_draw")
    assert g.current == 0 and g.must_play
    assert {a.kind for a in g.legal_actions(0)} == {"play"}
    assert all(a.card != "w+4" for a in g.legal_actions(0))
    ok(g)


def test_return_always_bluffing_on_empty_piles_ends_the_hand():
    # Seat 0 bluffs whenever it can and keeps the turn with Skips; seat 1 always challenges.
    # Before, the penalty cards were seat 0's own Skips from the reshuffle and the hand never ended.
    g = make_game([["w+4", "rs", "rs"], []], discard=["r5"], rest=1, challenge_penalty="return")
    for _ in range(200):
        if g.phase in ("hand_over", "match_over"):
            break
        legal = g.legal_actions(g.current)
        if g.current == 0:
            action = min(legal, key=lambda a: (a.card != "w+4", a.card != "rs", a.kind != "play"))
        else:
            action = min(legal, key=lambda a: (a.kind != "challenge", a.kind != "play" or a.card == "w+4"))
        g.apply(action)
        ok(g)
    assert g.phase in ("hand_over", "match_over")


def test_return_bluffers_on_empty_piles_end_the_hand_as_a_block():
    # Every seat bluffs and every seat challenges: a Wild Draw Four given back is no card put
    # down, so seats that cannot draw their penalty in a row make a block.
    g = make_game([["w+4", "r1"], ["w+4", "r2"], []], discard=["r5"], rest=2, challenge_penalty="return")
    assert g.draw_pile == []
    ends = []
    for _ in range(50):
        if g.phase in ("hand_over", "match_over"):
            break
        legal = g.legal_actions(g.current)
        ends += find(g.apply(min(legal, key=lambda a: (a.card != "w+4", a.kind != "challenge"))), "hand_end")
        ok(g)
    assert [e.data["block"] for e in ends] == [True]
