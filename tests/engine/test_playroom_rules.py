"""The Playroom's own rules (issue 16), each option on and off, from exact positions."""

from __future__ import annotations

import pytest

from uno_cli.engine.errors import IllegalAction
from uno_cli.engine.options import PRESETS
from tests.engine.helpers import act, find, make_game, ok, one, play, types
from tests.engine.test_base_rules import start_with_first


# ------------------------------------------------------------ jump_in_again


def jump_game(**opts):
    # Seat 0 plays r5; seat 2 holds another r5, a red Skip and a Draw Two.
    return make_game(
        [["r5", "g1"], ["g2", "g3"], ["r5", "rs", "g5", "y1"], ["b1", "b2"]], discard=["r3"], jump_in=True, **opts
    )


def test_jump_in_again_on_interceptor_plays_again_after_a_number():
    g = jump_game(jump_in_again=True)
    g.apply(play(0, "r5"))
    ev = g.apply(act("jump_in", 2, "r5"))
    assert one(ev, "turn").seat == 2
    assert g.current == 2 and g.phase == "play"
    assert play(2, "g5") in g.legal_actions(2)
    g.apply(play(2, "g5"))
    # Then play continues to the player after the interceptor.
    assert g.current == 3
    ok(g)


def test_jump_in_again_off_play_continues_after_interceptor():
    g = jump_game(jump_in_again=False)
    g.apply(play(0, "r5"))
    g.apply(act("jump_in", 2, "r5"))
    assert g.current == 3
    ok(g)


def test_jump_in_again_on_skip_still_skips_the_next_player():
    g = make_game(
        [["rs", "g1"], ["g2", "g3"], ["g5", "y1"], ["rs", "b1", "b2"]], discard=["r3"], jump_in=True, jump_in_again=True
    )
    g.apply(play(0, "rs"))
    ev = g.apply(act("jump_in", 3, "rs"))
    assert one(ev, "skip").seat == 0
    assert g.current == 1
    ok(g)


def test_the_turn_holders_identical_card_is_a_play_not_an_interception():
    g = make_game(
        [["rs", "g1"], ["g2", "g3"], ["rs", "g5", "y1"], ["b1", "b2"]], discard=["r3"], jump_in=True, jump_in_again=True
    )
    g.apply(play(0, "rs"))
    assert g.current == 2
    assert act("jump_in", 2, "rs") not in g.legal_actions(2)
    with pytest.raises(IllegalAction):
        g.apply(act("jump_in", 2, "rs"))
    g.apply(play(2, "rs"))
    assert g.current == 0  # seat 3 skipped; no second play for seat 2
    ok(g)


def test_jump_in_again_with_sequences_the_interceptor_holds_the_turn_not_a_run():
    g = jump_game(jump_in_again=True, sequences=True)
    g.apply(play(0, "r5"))
    g.apply(act("jump_in", 2, "r5"))
    assert g.seq_seat is None and g.current == 2
    ok(g)


# --------------------------------------------------------- first_card_number


def test_first_card_number_on_special_cards_go_back_into_the_deck():
    g, ev = start_with_first(["rs", "y+2", "g7"], first_card_number=True)
    # Each returned card goes back at a random place, so it may be turned up again.
    returned = [e.data["card"] for e in find(ev, "first_card_returned")]
    assert returned[0] == "rs" and "y+2" in returned and set(returned) <= {"rs", "y+2"}
    assert one(ev, "first_card").data["card"] == "g7"
    assert not find(ev, "skip") and g.current == 1
    ok(g)


def test_first_card_number_on_wild_goes_back_too():
    g, ev = start_with_first(["w", "b4"], first_card_number=True)
    assert {e.data["card"] for e in find(ev, "first_card_returned")} == {"w"}
    assert g.discard == ["b4"] and g.phase == "play"
    ok(g)


def test_first_card_number_off_special_card_takes_effect():
    g, ev = start_with_first(["rs", "g7"], first_card_number=False)
    assert not find(ev, "first_card_returned")
    assert one(ev, "first_card").data["card"] == "rs"
    assert one(ev, "skip").seat == 1 and g.current == 2
    ok(g)


# --------------------------------------------------------- penalty_then_pass


def penalty_game(**opts):
    # Seat 0 plays r+2 on r3; seat 1 holds nothing red, no 2, no Draw Two, no wild.
    return make_game(
        [["r+2", "g1", "g2"], ["b5", "y6"], ["b1", "b2"]], discard=["r3"], draw=["b9", "y7"], draw_skips=False, **opts
    )


def test_penalty_then_pass_on_nothing_playable_ends_the_turn():
    g = penalty_game(penalty_then_pass=True)
    ev = g.apply(play(0, "r+2"))
    assert types(ev)[-4:] == ["draw", "turn", "cannot_play", "turn"]
    assert one(ev, "cannot_play").seat == 1
    assert g.current == 2 and len(g.hands[1]) == 4
    ok(g)


def test_penalty_then_pass_on_a_playable_card_keeps_the_turn():
    g = make_game(
        [["r+2", "g1", "g2"], ["b5", "y6"], ["b1", "b2"]], discard=["r3"], draw=["r9", "y7"],
        draw_skips=False, penalty_then_pass=True,
    )
    ev = g.apply(play(0, "r+2"))
    assert not find(ev, "cannot_play")
    assert g.current == 1 and play(1, "r9") in g.legal_actions(1)
    ok(g)


def test_penalty_then_pass_off_player_must_draw_again():
    g = penalty_game(penalty_then_pass=False)
    ev = g.apply(play(0, "r+2"))
    assert not find(ev, "cannot_play")
    assert g.current == 1 and g.legal_actions(1) == (act("draw", 1),)
    ok(g)


def test_penalty_then_pass_not_after_a_lost_challenge():
    # The Playroom's logs: a challenger who was wrong draws 6 and then plays or draws on.
    g = make_game(
        [["w+4", "g1", "g2"], ["b5", "y6"], ["b1", "b2"]], discard=["r3"], draw_skips=False,
        penalty_then_pass=True, challenge=True,
    )
    g.apply(play(0, "w+4", "y"))
    ev = g.apply(act("challenge", 1))
    assert one(ev, "challenge_result").data["guilty"] is False
    assert not find(ev, "cannot_play") and g.current == 1
    ok(g)


# ---------------------------------------------------------------- draw_again


def drawn_game(**opts):
    # Seat 0 holds nothing red; the draw pile gives r9 (playable) then b1 (not).
    return make_game([["g1", "g2"], ["b5", "y6"]], discard=["r3"], draw=["b1", "r9"], **opts)


def test_draw_again_on_may_draw_after_a_playable_card():
    g = drawn_game(draw_again=True)
    g.apply(act("draw", 0))
    assert g.phase == "drawn" and act("draw", 0) in g.legal_actions(0)
    ev = g.apply(act("draw", 0))
    # The second card (b1) cannot be played: the turn ends, both cards kept.
    assert one(ev, "cannot_play").seat == 0
    assert g.current == 1 and {"r9", "b1"} <= set(g.hands[0])
    ok(g)


def test_draw_again_off_only_play_or_pass():
    g = drawn_game(draw_again=False)
    g.apply(act("draw", 0))
    assert act("draw", 0) not in g.legal_actions(0)
    assert set(g.legal_actions(0)) == {play(0, "r9"), act("pass", 0)}
    ok(g)


# ------------------------------------------------------------------- presets


def test_playroom_preset_is_the_playrooms_defaults():
    opts = PRESETS["playroom"]
    assert not opts.seven_o and not opts.beep
    assert opts.jump_in_again and opts.first_card_number and opts.penalty_then_pass and opts.draw_again
    assert opts.challenge_stacked and opts.jump_in_after_draw and opts.wrong_jump_in_free and opts.open_sequences
    assert opts.stacking and opts.sequences and opts.jump_in and opts.super_jump_in and opts.challenge


def test_playroom_all_preset_turns_everything_on():
    opts = PRESETS["playroom_all"]
    assert opts.seven_o and opts.beep
    assert opts.with_values(seven_o=False, beep=False) == PRESETS["playroom"]


def test_classic_preset_has_the_playroom_rules_off():
    opts = PRESETS["classic"]
    assert not (opts.jump_in_again or opts.first_card_number or opts.penalty_then_pass or opts.draw_again)
    assert not (opts.challenge_stacked or opts.jump_in_after_draw or opts.wrong_jump_in_free or opts.open_sequences)


# ------------------------------------------------------- last Wild, no colour


def test_last_card_wild_needs_no_colour():
    g = make_game([["w"], ["b5", "y6"]], discard=["r3"])
    ev = g.apply(play(0, "w"))
    p = one(ev, "play", 0)
    assert "color" not in p.data and p.data["left"] == 0
    assert g.phase == "hand_over"
    ok(g)


def test_last_card_wild_draw_four_needs_no_colour_and_the_next_player_draws():
    g = make_game([["w+4"], ["b5", "y6"]], discard=["r3"])
    ev = g.apply(play(0, "w+4"))
    assert "color" not in one(ev, "play", 0).data
    assert one(ev, "draw", 1).data["count"] == 4
    assert g.phase == "hand_over"
    ok(g)


def test_last_card_wild_with_a_colour_still_accepted_but_names_none():
    g = make_game([["w"], ["b5", "y6"]], discard=["r3"])
    ev = g.apply(play(0, "w", "g"))
    assert "color" not in one(ev, "play", 0).data
    ok(g)


def test_wild_that_is_not_the_last_card_still_needs_a_colour():
    g = make_game([["w", "g1"], ["b5", "y6"]], discard=["r3"])
    assert not g.is_legal(play(0, "w"))
    assert g.why_illegal(play(0, "w")).code == "needs_color"


# --------------------------------------------------------- challenge_stacked


def stacked_w4_game(**opts):
    # Seat 0 plays w+4 (holding red: a bluff), seat 1 answers with w+4 (holding yellow, the
    # colour named: a bluff too), seat 2 must answer the stack of 8.
    g = make_game(
        [["w+4", "r1", "g1"], ["w+4", "y5", "b2"], ["b1", "b2", "g2"]], discard=["r3"],
        stacking=True, challenge=True, challenge_penalty="six", draw_skips=False, **opts,
    )
    g.apply(play(0, "w+4", "y"))
    g.apply(play(1, "w+4", "g"))
    return g


def test_challenge_stacked_on_guilty_bluffer_draws_whole_stack_and_penalty():
    g = stacked_w4_game(challenge_stacked=True)
    assert act("challenge", 2) in g.legal_actions(2)
    ev = g.apply(act("challenge", 2))
    assert one(ev, "challenge_result").data["guilty"] is True
    assert one(ev, "draw", 1).data["count"] == 10  # 8 of the stack + 2
    assert g.current == 2
    ok(g)


def test_challenge_stacked_on_wrong_challenger_draws_whole_stack_and_two():
    g = make_game(
        [["w+4", "r1", "g1"], ["w+4", "b2"], ["b1", "b2", "g2"]], discard=["r3"],
        stacking=True, challenge=True, challenge_penalty="six", draw_skips=False, challenge_stacked=True,
    )
    g.apply(play(0, "w+4", "y"))
    g.apply(play(1, "w+4", "g"))
    ev = g.apply(act("challenge", 2))
    assert one(ev, "challenge_result").data["guilty"] is False
    assert one(ev, "draw", 2).data["count"] == 10
    ok(g)


def test_challenge_stacked_off_stack_cannot_be_challenged():
    g = stacked_w4_game(challenge_stacked=False)
    assert act("challenge", 2) not in g.legal_actions(2)
    assert g.why_illegal(act("challenge", 2)).code == "cannot_challenge_stack"


# ------------------------------------------------------- jump_in_after_draw


def after_draw_game(**opts):
    # Seat 0 plays r5; seat 1 draws r9 (playable); seat 2 holds another r5.
    return make_game(
        [["r5", "g1"], ["g2", "g3"], ["r5", "b1", "y1"]], discard=["r3"], draw=["r9"], jump_in=True, **opts
    )


def test_jump_in_after_draw_on_interception_after_the_turn_holder_drew():
    g = after_draw_game(jump_in_after_draw=True)
    g.apply(play(0, "r5"))
    g.apply(act("draw", 1))
    assert g.phase == "drawn"
    assert act("jump_in", 2, "r5") in g.legal_actions(2)
    ev = g.apply(act("jump_in", 2, "r5"))
    assert one(ev, "play", 2).data["how"] == "jump_in"
    assert g.current == 0 and g.drawn is None
    ok(g)


def test_jump_in_after_draw_off_window_closes_when_the_turn_holder_draws():
    g = after_draw_game(jump_in_after_draw=False)
    g.apply(play(0, "r5"))
    g.apply(act("draw", 1))
    assert act("jump_in", 2, "r5") not in g.legal_actions(2)


def draw_two_game(**opts):
    # Seat 0 plays r+2 with stacking; seat 2 holds the other r+2.
    return make_game(
        [["r+2", "g1"], ["g2", "g3"], ["r+2", "b1", "y1"], ["b2", "y2"]], discard=["r3"], jump_in=True,
        stacking=True, draw_skips=False, **opts,
    )


def test_jump_in_after_draw_on_draw_two_interception_adds_to_waiting_penalty():
    g = draw_two_game(jump_in_after_draw=True)
    g.apply(play(0, "r+2"))
    assert g.phase == "pending" and g.current == 1
    ev = g.apply(act("jump_in", 2, "r+2"))
    assert one(ev, "pending").data == {"total": 4, "kind": "+2", "by": 2}
    assert g.current == 3
    ok(g)


def test_jump_in_after_draw_on_draw_two_interception_after_penalty_drawn_starts_new_one():
    g = draw_two_game(jump_in_after_draw=True)
    g.apply(play(0, "r+2"))
    g.apply(act("accept", 1))
    assert g.current == 1 and len(g.hands[1]) == 4
    ev = g.apply(act("jump_in", 2, "r+2"))
    assert one(ev, "pending").data["total"] == 2 and g.current == 3
    ok(g)


def test_jump_in_after_draw_off_no_interception_on_waiting_penalty():
    g = draw_two_game(jump_in_after_draw=False)
    g.apply(play(0, "r+2"))
    assert act("jump_in", 2, "r+2") not in g.legal_actions(2)
    g.apply(act("accept", 1))
    assert act("jump_in", 2, "r+2") not in g.legal_actions(2)


# ------------------------------------------------------- wrong_jump_in_free


def wrong_game(**opts):
    # Top card r5 (covering r3); seat 2 holds a g8 (matches nothing), an r3 and an r5.
    g = make_game(
        [["r5", "g1"], ["g2", "g3"], ["g8", "r3", "y1"]], discard=["r3"], jump_in=True, scoring="lowest_wins", **opts
    )
    g.apply(play(0, "r5"))
    g.apply(act("draw", 1))  # the turn holder acted: the window is closed
    return g


def test_wrong_jump_in_free_on_a_card_matching_nothing_costs_nothing():
    g = wrong_game(wrong_jump_in_free=True)
    ev = g.apply(act("missed_jump_in", 2, "g8"))
    e = one(ev, "missed_jump_in", 2)
    assert e.data["wrong"] is True and e.data["points"] == 0 and g.scores[2] == 0
    ok(g)


def test_wrong_jump_in_free_on_a_late_card_still_costs_points():
    # r3 would have intercepted the card now covered: late, not wrong.
    g = wrong_game(wrong_jump_in_free=True)
    ev = g.apply(act("missed_jump_in", 2, "r3"))
    e = one(ev, "missed_jump_in", 2)
    assert "wrong" not in e.data and e.data["points"] == 3 and g.scores[2] == 3
    ok(g)


def test_wrong_jump_in_free_off_a_wrong_card_costs_points():
    g = wrong_game(wrong_jump_in_free=False)
    ev = g.apply(act("missed_jump_in", 2, "g8"))
    assert one(ev, "missed_jump_in", 2).data["points"] == 3 and g.scores[2] == 3


# ------------------------------------------------------------ open_sequences


def straight_game(**opts):
    # Seat 0 plays r5 on r3; seat 2 holds r6 and r4 (the next numbers), seat 1 holds r7.
    return make_game(
        [["r5", "g1"], ["r7", "g3"], ["r6", "r4", "b1"], ["b2", "y2"]], discard=["r3"], draw=["g9"],
        sequences=True, **opts,
    )


def test_open_sequences_on_anyone_may_play_the_next_number_out_of_turn():
    g = straight_game(open_sequences=True)
    g.apply(play(0, "r5"))
    assert g.current == 1
    assert {play(2, "r6"), play(2, "r4")} <= set(g.legal_actions(2))
    ev = g.apply(play(2, "r6"))
    assert one(ev, "play", 2).data["how"] == "sequence"
    # Seat 1 may now answer the r6 with its r7, out of turn or in turn.
    assert play(1, "r7") in g.legal_actions(1)
    ok(g)


def test_open_sequences_off_only_the_player_of_the_card_continues():
    g = straight_game(open_sequences=False)
    g.apply(play(0, "r5"))
    assert play(2, "r6") not in g.legal_actions(2)


def test_open_sequences_on_the_first_card_and_after_a_draw():
    g = make_game(
        [["g1", "g2"], ["b3", "g3"], ["r4", "b1"]], discard=["r3"], draw=["r9"], sequences=True, open_sequences=True
    )
    assert play(2, "r4") in g.legal_actions(2)
    g.apply(act("draw", 0))
    assert g.phase == "drawn" and play(2, "r4") in g.legal_actions(2)
    g.apply(play(2, "r4"))
    # The turn holder keeps the drawn card and its turn.
    assert g.current == 0 and g.phase == "drawn" and g.drawn == "r9"
    ok(g)


def test_open_sequences_sevens_zeros_and_the_nine_zero_wrap_count():
    g = make_game(
        [["g1", "g2"], ["b3", "g3"], ["r0", "r8", "b1"]], discard=["r9"], sequences=True, open_sequences=True,
        seven_o=True,
    )
    assert {play(2, "r0"), play(2, "r8")} <= set(g.legal_actions(2))
    g2 = make_game(
        [["g1", "g2"], ["b3", "g3"], ["r7", "b1"]], discard=["r6"], sequences=True, open_sequences=True, seven_o=True,
    )
    assert play(2, "r7") in g2.legal_actions(2)
