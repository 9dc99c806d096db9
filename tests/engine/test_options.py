"""Every rule option of RuleOptions, on and off, with exact hands."""

from __future__ import annotations

import pytest

from uno_cli.engine import Game, IllegalAction, InvalidOptions, RuleOptions
from uno_cli.engine.invariants import check_invariants
from tests.engine.helpers import act, find, make_game, ok, one, play, snapshot, types


def kinds(g, seat):
    return [(a.kind, a.card) for a in g.legal_actions(seat)]


# ---------------------------------------------------------------- draw_skips


def test_draw_skips_on_victim_draws_and_loses_turn():
    g = make_game([["r+2", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], draw_skips=True)
    ev = g.apply(play(0, "r+2"))
    assert one(ev, "skip").seat == 1 and g.current == 2


def test_draw_skips_off_victim_draws_then_plays():
    g = make_game([["r+2", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], draw_skips=False)
    ev = g.apply(play(0, "r+2"))
    assert one(ev, "draw", 1).data["count"] == 2
    assert not find(ev, "skip")
    assert g.current == 1 and g.phase == "play" and len(g.hands[1]) == 4
    ok(g)


def test_draw_skips_off_wild_draw_four_accepted_victim_then_plays():
    g = make_game([["w+4", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["b3"], draw_skips=False)
    g.apply(play(0, "w+4", "g"))
    ev = g.apply(act("accept", 1))
    assert one(ev, "draw", 1).data["count"] == 4 and not find(ev, "skip")
    assert g.current == 1 and g.phase == "play"


# ----------------------------------------------------------------- challenge


def bluff_game(**opts):
    # Seat 0 holds a red card on a red top: its Wild Draw Four is a bluff.
    return make_game([["w+4", "r5", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], **opts)


def honest_game(**opts):
    return make_game([["w+4", "b5", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], **opts)


def test_challenge_on_victim_may_accept_or_challenge():
    g = bluff_game()
    ev = g.apply(play(0, "w+4", "g"))
    p = one(ev, "pending", 1)
    assert p.data["total"] == 4 and p.data["kind"] == "w+4"
    assert g.phase == "pending" and g.current == 1
    assert set(a.kind for a in g.legal_actions(1)) >= {"accept", "challenge"}
    ok(g)


def test_challenge_only_the_victim_may_challenge():
    g = bluff_game()
    g.apply(play(0, "w+4", "g"))
    before = snapshot(g)
    for seat in (0, 2):
        assert "challenge" not in [a.kind for a in g.legal_actions(seat)]
        with pytest.raises(IllegalAction) as exc:
            g.apply(act("challenge", seat))
        assert exc.value.code == "not_your_turn"
    assert snapshot(g) == before


def test_challenge_accept_victim_draws_four_and_loses_turn():
    g = bluff_game()
    g.apply(play(0, "w+4", "g"))
    ev = g.apply(act("accept", 1))
    assert one(ev, "draw", 1).data["count"] == 4
    assert g.current == 2 and g.color == "g"
    ok(g)


def test_challenge_guilty_penalty_four_bluffer_draws_four_challenger_plays():
    g = bluff_game(challenge_penalty="four")
    g.apply(play(0, "w+4", "g"))
    ev = g.apply(act("challenge", 1))
    res = one(ev, "challenge_result")
    assert res.data["guilty"] is True and res.seat == 0 and res.data["challenger"] == 1
    # The bluffer's hand is shown to the challenger only.
    assert sorted(res.visible_to(1)["hand"]) == ["g1", "r5"]
    assert "hand" not in res.visible_to(2) and "hand" not in res.visible_to(0)
    assert one(ev, "draw", 0).data["count"] == 4 and len(g.hands[0]) == 6
    assert not find(ev, "draw", 1)
    assert g.current == 1 and g.phase == "play" and g.color == "g"
    ok(g)


def test_challenge_guilty_penalty_six_bluffer_draws_six():
    g = bluff_game(challenge_penalty="six")
    g.apply(play(0, "w+4", "g"))
    ev = g.apply(act("challenge", 1))
    assert one(ev, "draw", 0).data["count"] == 6 and len(g.hands[0]) == 8
    assert g.current == 1 and g.phase == "play"
    ok(g)


def test_challenge_guilty_penalty_return_card_back_draws_four_must_play_legal():
    g = bluff_game(challenge_penalty="return")
    g.apply(play(0, "w+4", "g"))
    ev = g.apply(act("challenge", 1))
    ret = one(ev, "card_returned", 0)
    assert ret.data["card"] == "w+4"
    assert one(ev, "draw", 0).data["count"] == 4
    assert "w+4" in g.hands[0] and len(g.hands[0]) == 7
    assert g.discard[-1] == "r3" and g.color == "r"
    assert g.current == 0 and g.phase == "play"
    legal = g.legal_actions(0)
    assert not any(a.card == "w+4" for a in legal)
    assert not any(a.kind == "draw" for a in legal)
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(0, "w+4", "b"))
    assert exc.value.code == "must_play_legal"
    g.apply(play(0, "r5"))
    assert g.current == 1 and not g.must_play
    ok(g)


@pytest.mark.parametrize("penalty", ["four", "six", "return"])
def test_challenge_innocent_challenger_draws_six_and_loses_turn(penalty):
    g = honest_game(challenge_penalty=penalty)
    g.apply(play(0, "w+4", "g"))
    ev = g.apply(act("challenge", 1))
    assert one(ev, "challenge_result").data["guilty"] is False
    assert one(ev, "draw", 1).data["count"] == 6 and len(g.hands[1]) == 8
    assert not find(ev, "draw", 0)
    assert g.current == 2 and g.color == "g"
    ok(g)


def test_challenge_innocent_with_draw_skips_off_challenger_then_plays():
    g = honest_game(draw_skips=False)
    g.apply(play(0, "w+4", "g"))
    g.apply(act("challenge", 1))
    assert g.current == 1 and g.phase == "play" and len(g.hands[1]) == 8


def test_challenge_off_condition_enforced_bluff_refused():
    g = bluff_game(challenge=False)
    assert not any(a.card == "w+4" for a in g.legal_actions(0))
    before = snapshot(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(0, "w+4", "g"))
    assert exc.value.code == "wild_draw_four_condition"
    assert snapshot(g) == before


def test_challenge_off_condition_only_colour_counts_not_number():
    # Holding a card of the same number (g3 on r3) does not forbid the Wild Draw Four.
    g = make_game([["w+4", "g3"], ["g2", "g1"]], discard=["r3"], challenge=False)
    assert any(a.card == "w+4" for a in g.legal_actions(0))
    ev = g.apply(play(0, "w+4", "b"))
    assert one(ev, "draw", 1).data["count"] == 4 and not find(ev, "pending")
    assert "challenge" not in [a.kind for a in g.legal_actions(1)]


def test_challenge_on_bluff_is_allowed():
    g = bluff_game(challenge=True)
    assert any(a.card == "w+4" for a in g.legal_actions(0))


def test_challenge_impossible_against_a_stacked_wild_draw_four():
    g = make_game([["w+4", "r5"], ["w+4", "g3"], ["b1", "b2"]], discard=["r3"], stacking=True)
    g.apply(play(0, "w+4", "g"))
    assert "challenge" in [a.kind for a in g.legal_actions(1)]
    ev = g.apply(play(1, "w+4", "b"))
    assert one(ev, "pending", 2).data["total"] == 8
    assert "challenge" not in [a.kind for a in g.legal_actions(2)]
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("challenge", 2))
    assert exc.value.code == "cannot_challenge_stack"


def test_challenge_against_draw_two_is_refused():
    g = make_game([["r+2", "r5"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], stacking=True)
    g.apply(play(0, "r+2"))
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("challenge", 1))
    assert exc.value.code == "nothing_to_challenge"


# ---------------------------------------------------------------------- UNO


@pytest.mark.parametrize("penalty", [1, 2, 4])
def test_uno_penalty_caught_draws_penalty(penalty):
    g = make_game([["r5", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], uno_penalty=penalty)
    ev = g.apply(play(0, "r5"))
    assert g.uno_open == 0
    assert not find(ev, "uno")
    catch = act("catch", 2, None, None, 0)
    assert catch in g.legal_actions(2) and act("catch", 1, None, None, 0) in g.legal_actions(1)
    ev = g.apply(catch)
    c = one(ev, "caught", 0)
    assert c.data == {"by": 2, "count": penalty}
    assert one(ev, "draw", 0).data == {"count": penalty, "reason": "uno", "left": 1 + penalty}
    assert g.uno_open is None and g.current == 1
    ok(g)


def test_uno_catch_window_closes_when_next_player_acts():
    g = make_game([["r5", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"])
    g.apply(play(0, "r5"))
    g.apply(act("draw", 1))
    assert g.uno_open is None
    before = snapshot(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("catch", 2, None, None, 0))
    assert exc.value.code == "nobody_to_catch"
    assert snapshot(g) == before


def test_uno_said_before_playing_no_window():
    g = make_game([["r5", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"])
    assert act("uno", 0) in g.legal_actions(0)
    ev = g.apply(act("uno", 0))
    assert types(ev) == ["uno"] and g.current == 0
    g.apply(play(0, "r5"))
    assert g.uno_open is None
    assert not any(a.kind == "catch" for a in g.legal_actions(2))


def test_uno_with_two_cards_only_in_turn_not_while_waiting():
    # UNO goes with the next-to-last card: in your turn before you play it, or just after.
    g = make_game([["r5", "g1"], ["r2", "g3"], ["b1", "b2"]], discard=["r3"])
    assert act("uno", 0) in g.legal_actions(0)
    assert act("uno", 1) not in g.legal_actions(1)
    assert g.out_of_turn_seats() == [] and g.legal_actions(1) == ()
    before = snapshot(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("uno", 1))
    assert exc.value.code == "uno_not_now"
    assert snapshot(g) == before
    g.apply(play(0, "r5"))
    assert g.current == 1 and act("uno", 1) in g.legal_actions(1)


def test_uno_with_two_cards_needs_a_card_to_play():
    g = make_game([["b5", "g9"], ["r2", "g3"]], discard=["r3"])
    assert g.legal_actions(0) == (act("draw", 0),)
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("uno", 0))
    assert exc.value.code == "uno_not_now"
    g.apply(act("draw", 0))  # three cards now, whatever was drawn
    assert act("uno", 0) not in g.legal_actions(0)


def test_uno_with_two_cards_and_a_beep_to_play():
    g = make_game([["b5", "beep"], ["r2", "g3"]], discard=["r3"], beep=True)
    assert act("uno", 0) in g.legal_actions(0)


def test_uno_after_a_jump_in_to_one_card_is_said_out_of_turn():
    g = make_game([["r5", "g1"], ["g2", "g3", "g4"], ["r5", "b2"]], discard=["r3"], jump_in=True)
    g.apply(play(0, "r5"))
    assert act("uno", 2) not in g.legal_actions(2)  # two cards, not in turn
    g.apply(act("jump_in", 2, "r5"))
    assert g.uno_open == 2 and act("uno", 2) in g.legal_actions(2)
    assert g.current == 0 and 2 in g.out_of_turn_seats()
    g.apply(act("uno", 2))
    assert g.uno_open is None and g.said[2]


def test_uno_said_after_playing_before_catch_closes_window():
    g = make_game([["r5", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"])
    g.apply(play(0, "r5"))
    assert act("uno", 0) in g.legal_actions(0)
    g.apply(act("uno", 0))
    assert g.uno_open is None
    with pytest.raises(IllegalAction):
        g.apply(act("catch", 2, None, None, 0))


def test_uno_cannot_catch_yourself_and_not_said_with_three_cards():
    g = make_game([["r5", "g1", "g7"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"])
    assert act("uno", 0) not in g.legal_actions(0)
    g.apply(play(0, "r5"))
    assert g.uno_open is None  # two cards left: nothing to catch
    g2 = make_game([["r5", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"])
    g2.apply(play(0, "r5"))
    assert not any(a.kind == "catch" for a in g2.legal_actions(0))


# ------------------------------------------------------------------- scoring


def test_scoring_winner_takes_scores_everyone_elses_cards():
    g = make_game([["r5"], ["g2", "gs"], ["w", "b9"]], discard=["r3"])
    ev = g.apply(play(0, "r5"))
    end = one(ev, "hand_end")
    assert end.data["gained"] == {0: 2 + 20 + 50 + 9, 1: 0, 2: 0}
    assert g.scores == [81, 0, 0] and g.phase == "hand_over"


def test_scoring_winner_takes_target_reached_ends_match():
    g = make_game([["r5"], ["g2", "gs"], ["w", "b9"]], discard=["r3"], target=100)
    g.scores = [20, 90, 0]
    ev = g.apply(play(0, "r5"))
    end = one(ev, "match_end")
    assert end.data["winners"] == [0] and g.scores[0] == 101 and g.is_over


def test_scoring_lowest_wins_each_adds_own_points_lowest_wins_at_target():
    g = make_game([["r5"], ["g2", "gs"], ["w", "beep"]], discard=["r3"], scoring="lowest_wins", target=100, beep=True)
    g.scores = [40, 10, 0]
    ev = g.apply(play(0, "r5"))
    end = one(ev, "hand_end")
    assert end.data["gained"] == {0: 0, 1: 22, 2: 70}
    assert g.scores == [40, 32, 70]
    assert not g.is_over
    g2 = make_game([["r5"], ["g2", "gs"], ["w", "w+4"]], discard=["r3"], scoring="lowest_wins", target=100)
    g2.scores = [40, 10, 0]
    ev = g2.apply(play(0, "r5"))
    assert g2.scores == [40, 32, 100]
    assert one(ev, "match_end").data["winners"] == [1]


def test_scoring_fixed_number_of_hands_ends_match():
    g = make_game([["r5"], ["g2", "gs"]], discard=["r3"], hands=2, target=10_000)
    g.apply(play(0, "r5"))
    assert g.phase == "hand_over"
    g.start_hand()
    assert g.hand_number == 2
    for _ in range(5000):  # play the second hand out: first legal play, else draw/pass
        if g.is_over:
            break
        legal = g.legal_actions(g.current)
        plays = [x for x in legal if x.kind in ("play", "color", "accept")]
        g.apply(plays[0] if plays else legal[0])
    assert g.is_over and g.hand_number == 2 and g.winners
    assert max(g.scores) < 10_000


def test_scoring_tie_gives_several_winners():
    g = make_game([["r5"], ["g2", "gs"], ["w", "b9"]], discard=["r3"], scoring="lowest_wins", hands=1)
    g.scores = [22, 0, 0]
    ev = g.apply(play(0, "r5"))
    assert g.scores == [22, 22, 59]
    assert one(ev, "match_end").data["winners"] == [0, 1]


def test_scoring_elimination_player_reaching_target_is_out_others_play_on():
    g = make_game([["r5"], ["g2", "gs"], ["w", "b9"]], discard=["r3"], scoring="elimination", target=100)
    g.scores = [0, 90, 10]
    ev = g.apply(play(0, "r5"))
    assert one(ev, "eliminated").seat == 1
    assert g.eliminated == [False, True, False] and not g.is_over
    ev = g.start_hand()
    assert g.hands[1] == [] and one(ev, "deal").data["seats"] in ([2, 0], [0, 2])
    assert g.dealer != 1
    assert g.next_seat(0) == 2 and g.next_seat(2) == 0
    ok(g)


def test_scoring_elimination_down_to_one_other_wins():
    g = make_game([["r5"], [], ["w", "b9"]], discard=["r3"], scoring="elimination", target=100, rest="draw",
                  eliminated=(1,))
    g.scores = [0, 120, 50]
    ok(g)
    ev = g.apply(play(0, "r5"))
    assert one(ev, "eliminated").seat == 2
    assert one(ev, "match_end").data["winners"] == [0]


def test_scoring_elimination_two_players_left_reverse_is_skip():
    g = make_game([["rr", "g1"], [], ["b1", "b2"]], discard=["r3"], scoring="elimination", eliminated=(1,))
    ev = g.apply(play(0, "rr"))
    assert one(ev, "skip").seat == 2 and g.current == 0


# ------------------------------------------------------------------ partners


def test_partners_winner_takes_opponents_cards_only():
    g = make_game([["g2", "g3"], ["b1", "bs"], ["r5"], ["w", "y9"]], discard=["r3"], current=2, partners=True)
    ev = g.apply(play(2, "r5"))
    end = one(ev, "hand_end")
    assert end.seat == 2
    assert end.data["gained"] == {0: 0, 1: 0, 2: 1 + 20 + 50 + 9, 3: 0}


def test_partners_team_wins_match_together():
    g = make_game([["g2", "g3"], ["b1", "bs"], ["r5"], ["w", "y9"]], discard=["r3"], current=2, partners=True, target=100)
    g.scores = [30, 0, 0, 90]
    ev = g.apply(play(2, "r5"))
    assert one(ev, "match_end").data["winners"] == [0, 2]


def test_partners_lowest_wins_losing_side_adds_own_cards():
    g = make_game([["g2", "g3"], ["b1", "bs"], ["r5"], ["w", "y9"]], discard=["r3"], current=2, partners=True, scoring="lowest_wins")
    ev = g.apply(play(2, "r5"))
    assert one(ev, "hand_end").data["gained"] == {0: 0, 1: 21, 2: 0, 3: 59}


def test_partners_with_elimination_or_other_player_count_refused():
    with pytest.raises(InvalidOptions):
        RuleOptions(partners=True, scoring="elimination").validate(4)
    with pytest.raises(InvalidOptions):
        RuleOptions().with_values(partners=True, scoring="elimination")
    with pytest.raises(InvalidOptions):
        Game(3, RuleOptions(partners=True))
    Game(4, RuleOptions(partners=True))


def test_partners_off_no_teams():
    g = Game(4, RuleOptions())
    assert g.team(0) == (0,) and g.team(2) == (2,)
    gp = Game(4, RuleOptions(partners=True))
    assert gp.team(0) == (0, 2) and gp.team(3) == (1, 3)


# ------------------------------------------------------------------ stacking


def test_stacking_on_draw_two_on_draw_two_sum_passed_on():
    g = make_game([["r+2", "g1"], ["b+2", "g3"], ["w+4", "b2"], ["y1", "y2"]], discard=["r3"], stacking=True)
    g.apply(play(0, "r+2"))
    assert ("play", "b+2") in kinds(g, 1) and ("accept", None) in kinds(g, 1)
    ev = g.apply(play(1, "b+2"))
    assert one(ev, "play", 1).data["how"] == "stack"
    assert one(ev, "pending", 2).data["total"] == 4
    # A Wild Draw Four cannot answer a Draw Two.
    assert not any(a.card == "w+4" for a in g.legal_actions(2))
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(2, "w+4", "r"))
    assert exc.value.code == "must_answer_draw"
    ev = g.apply(act("accept", 2))
    assert one(ev, "draw", 2).data["count"] == 4
    assert g.current == 3 and g.pending == 0
    ok(g)


def test_stacking_wild_draw_four_on_wild_draw_four_not_draw_two():
    g = make_game([["w+4", "g1"], ["w+4", "r+2", "g3"], ["b1", "b2"]], discard=["y3"], stacking=True)
    g.apply(play(0, "w+4", "r"))
    assert not any(a.card == "r+2" for a in g.legal_actions(1))
    g.apply(play(1, "w+4", "b"))
    assert g.pending == 8 and g.current == 2
    ev = g.apply(act("accept", 2))
    assert one(ev, "draw", 2).data["count"] == 8


def test_stacking_reset_after_drawing_new_count_of_two():
    g2 = make_game([["r+2", "g1"], ["b+2", "g3"], ["y1", "y2"]], discard=["r3"], stacking=True, draw_skips=False)
    g2.apply(play(0, "r+2"))
    g2.apply(act("accept", 1))
    assert g2.pending == 0 and g2.current == 1 and g2.phase == "play"
    ev = g2.apply(play(1, "b+2"))
    assert one(ev, "play", 1).data["how"] == "turn"
    assert one(ev, "pending", 2).data["total"] == 2


def test_stacking_off_draw_two_cannot_be_answered():
    g = make_game([["r+2", "g1"], ["b+2", "g3"], ["y1", "y2"]], discard=["r3"], stacking=False)
    ev = g.apply(play(0, "r+2"))
    assert not find(ev, "pending")
    assert one(ev, "draw", 1).data["count"] == 2 and g.current == 2


def test_stacking_last_card_stacked_next_draws_the_sum():
    g = make_game([["r+2", "g1"], ["b+2"], ["y1", "y2"]], discard=["r3"], stacking=True)
    g.apply(play(0, "r+2"))
    ev = g.apply(play(1, "b+2"))
    assert one(ev, "draw", 2).data["count"] == 4
    assert one(ev, "hand_end").seat == 1


# ----------------------------------------------------------------- sequences


def test_sequences_ascending_in_one_turn():
    g = make_game([["r4", "r5", "r6", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], sequences=True)
    g.apply(play(0, "r4"))
    assert g.current == 1 and g.seq_seat == 0
    assert ("play", "r5") in kinds(g, 0)
    ev = g.apply(play(0, "r5"))
    assert one(ev, "play", 0).data["how"] == "sequence"
    assert g.current == 1
    g.apply(play(0, "r6"))
    assert g.discard[-3:] == ["r4", "r5", "r6"]
    ok(g)


def test_sequences_descending_and_direction_kept():
    g = make_game([["r4", "r3", "r5", "r2", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r9", "r7"], sequences=True)
    g.apply(play(0, "r4"))
    legal = {c for k, c in kinds(g, 0) if k == "play"}
    assert legal == {"r3", "r5"}
    g.apply(play(0, "r3"))
    legal = {c for k, c in kinds(g, 0) if k == "play"}
    assert legal == {"r2"}  # once descending, only down


@pytest.mark.parametrize("first,second", [("r9", "r0"), ("r0", "r9")])
def test_sequences_wrap_9_to_0(first, second):
    g = make_game([[first, second, "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], sequences=True)
    g.apply(play(0, first))
    assert ("play", second) in kinds(g, 0)
    g.apply(play(0, second))
    assert g.discard[-1] == second


def test_sequences_only_same_colour():
    g = make_game([["r4", "g5", "ys", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], sequences=True)
    g.apply(play(0, "r4"))
    assert not any(k == "play" for k, _ in kinds(g, 0))


def test_sequences_window_closes_when_next_player_acts():
    g = make_game([["r4", "r5", "g1"], ["g2", "r3"], ["b1", "b2"]], discard=["r3"], sequences=True)
    g.apply(play(0, "r4"))
    g.apply(act("draw", 1))
    assert not any(k == "play" for k, _ in kinds(g, 0))
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(0, "r5"))
    assert exc.value.code == "not_your_turn"


def test_sequences_next_player_starts_own_sequence():
    g = make_game([["r4", "r5", "g1"], ["r3", "r2", "g9"], ["b1", "b2"]], discard=["r1"], sequences=True)
    g.apply(play(0, "r4"))
    g.apply(play(1, "r3"))
    assert not any(k == "play" for k, _ in kinds(g, 0))
    assert ("play", "r2") in kinds(g, 1)


def test_sequences_excludes_seven_and_zero_with_seven_o():
    g = make_game([["r6", "r7", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r5"], sequences=True, seven_o=True)
    g.apply(play(0, "r6"))
    assert not any(k == "play" for k, _ in kinds(g, 0))
    g2 = make_game([["r6", "r7", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r5"], sequences=True)
    g2.apply(play(0, "r6"))
    assert ("play", "r7") in kinds(g2, 0)


def test_sequences_off_no_second_card():
    g = make_game([["r4", "r5", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], sequences=False)
    g.apply(play(0, "r4"))
    assert not any(k == "play" for k, _ in kinds(g, 0))
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(0, "r5"))
    assert exc.value.code == "not_your_turn"


def test_sequences_last_card_ends_hand_and_one_card_opens_uno():
    g = make_game([["r4", "r5", "r6"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], sequences=True)
    g.apply(play(0, "r4"))
    g.apply(play(0, "r5"))
    assert g.uno_open == 0
    ev = g.apply(play(0, "r6"))
    assert one(ev, "hand_end").seat == 0


# ------------------------------------------------------------------- jump-in


def jump_game(**opts):
    # Seat 0 plays r5; seat 3 holds another r5 and a g5.
    return make_game(
        [["r5", "g1"], ["g2", "g3"], ["b1", "b2"], ["r5", "g5", "y1"]], discard=["r3"], **opts
    )


def test_jump_in_identical_card_play_continues_from_interceptor():
    g = jump_game(jump_in=True)
    g.apply(play(0, "r5"))
    assert g.current == 1
    legal3 = g.legal_actions(3)
    assert act("jump_in", 3, "r5") in legal3
    assert act("jump_in", 3, "g5") not in legal3
    ev = g.apply(act("jump_in", 3, "r5"))
    p = one(ev, "play", 3)
    assert p.data["how"] == "jump_in" and p.data["instead_of"] == 1
    # Seats 1 and 2 lost their turn; play continues after seat 3.
    assert g.current == 0
    ok(g)


def test_jump_in_off_not_offered():
    g = jump_game(jump_in=False)
    g.apply(play(0, "r5"))
    assert not any(a.kind == "jump_in" for a in g.legal_actions(3))
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("jump_in", 3, "r5"))
    assert exc.value.code == "option_off"


def test_super_jump_in_same_number_any_colour():
    g = jump_game(super_jump_in=True)
    g.apply(play(0, "r5"))
    legal3 = g.legal_actions(3)
    assert act("jump_in", 3, "g5") in legal3 and act("jump_in", 3, "r5") in legal3
    g.apply(act("jump_in", 3, "g5"))
    assert g.color == "g" and g.current == 0


def test_jump_in_with_skip_skips_after_interceptor():
    g = make_game([["rs", "g1"], ["g2", "g3"], ["b1", "b2"], ["rs", "y1"]], discard=["r3"], jump_in=True)
    g.apply(play(0, "rs"))
    assert g.current == 2
    ev = g.apply(act("jump_in", 3, "rs"))
    assert one(ev, "skip").seat == 0 and g.current == 1


def test_jump_in_not_on_wilds():
    g = make_game([["w", "g1"], ["g2", "g3"], ["w", "y1"]], discard=["r3"], super_jump_in=True)
    g.apply(play(0, "w", "b"))
    assert not any(a.kind == "jump_in" for a in g.legal_actions(2))


def test_jump_in_closed_once_turn_holder_acted():
    g = jump_game(jump_in=True)
    g.apply(play(0, "r5"))
    g.apply(act("draw", 1))
    assert not any(a.kind == "jump_in" for a in g.legal_actions(3))
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("jump_in", 3, "r5"))
    assert exc.value.code == "cannot_jump_in"


def test_jump_in_not_while_draw_penalty_waits():
    g = make_game([["r+2", "g1"], ["g2", "g3"], ["r+2", "y1"]], discard=["r3"], jump_in=True, stacking=True)
    g.apply(play(0, "r+2"))
    assert g.phase == "pending"
    assert not any(a.kind == "jump_in" for a in g.legal_actions(2))


@pytest.mark.parametrize("scoring,delta", [("winner_takes", -3), ("lowest_wins", 3), ("elimination", 3)])
def test_missed_jump_in_costs_penalty_points(scoring, delta):
    g = jump_game(jump_in=True, scoring=scoring)
    g.apply(play(0, "r5"))
    ev = g.apply(act("missed_jump_in", 2, "b1"))
    m = one(ev, "missed_jump_in", 2)
    assert m.data["points"] == 3 and m.data["card"] == "b1"
    assert g.scores[2] == delta and g.penalties[2] == delta
    assert g.current == 1
    assert check_invariants(g, [0, 0, 0, 0]) == []


def test_is_legal_accepts_a_missed_jump_in_though_it_is_never_listed():
    g = jump_game(jump_in=True)
    g.apply(play(0, "r5"))
    missed = act("missed_jump_in", 2, "b1")
    assert all(a.kind != "missed_jump_in" for s in range(4) for a in g.legal_actions(s))
    assert g.is_legal(missed)
    assert not g.is_legal(act("missed_jump_in", 2, "r9"))  # not held
    assert all(g.is_legal(a) for a in g.legal_actions(g.current))
    assert not g.is_legal(act("draw", 2))  # not listed


def test_missed_jump_in_penalty_amount_is_an_option():
    g = jump_game(jump_in=True, scoring="lowest_wins", jump_in_penalty=7)
    g.apply(play(0, "r5"))
    g.apply(act("missed_jump_in", 2, "b1"))
    assert g.scores[2] == 7


def test_missed_jump_in_refused_when_jump_in_off_or_card_not_held():
    g = jump_game(jump_in=False)
    g.apply(play(0, "r5"))
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("missed_jump_in", 2, "b1"))
    assert exc.value.code == "option_off"
    g2 = jump_game(jump_in=True)
    g2.apply(play(0, "r5"))
    before = snapshot(g2)
    with pytest.raises(IllegalAction) as exc:
        g2.apply(act("missed_jump_in", 2, "r9"))
    assert exc.value.code == "not_in_hand"
    assert snapshot(g2) == before


# -------------------------------------------------------------------- seven_o


def test_seven_o_seven_swaps_hands_with_chosen_target():
    g = make_game([["r7", "g1", "g4"], ["g2", "g3"], ["b1", "b2", "b3", "b4"]], discard=["r3"], seven_o=True)
    targets = sorted(a.target for a in g.legal_actions(0) if a.card == "r7")
    assert targets == [1, 2]
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(0, "r7"))
    assert exc.value.code == "needs_target" and "target" not in exc.value.detail
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(0, "r7", None, 0))
    assert exc.value.code == "needs_target" and exc.value.detail["target"] == 0
    ev = g.apply(play(0, "r7", None, 2))
    sw = one(ev, "swap", 0)
    assert sw.data["target"] == 2
    assert g.hands[0] == ["b1", "b2", "b3", "b4"] and g.hands[2] == ["g1", "g4"]
    assert g.current == 1
    ok(g)


def test_seven_o_swap_opens_no_uno_window():
    g = make_game([["r7", "g1"], ["g2"], ["b1", "b2", "b3"]], discard=["r3"], seven_o=True)
    g.apply(play(0, "r7", None, 2))
    assert g.hands[2] == ["g1"]
    assert g.uno_open is None
    assert not any(a.kind == "catch" for a in g.legal_actions(1))


@pytest.mark.parametrize("direction", [1, -1])
def test_seven_o_zero_rotates_hands_in_direction_of_play(direction):
    hands = [["r0", "g1"], ["g2", "g3"], ["b1", "b2", "b4"], ["y1"]]
    g = make_game(hands, discard=["r3"], seven_o=True, direction=direction)
    ev = g.apply(play(0, "r0"))
    assert one(ev, "rotate").data["direction"] == direction
    after = [["g1"], ["g2", "g3"], ["b1", "b2", "b4"], ["y1"]]
    for s in range(4):
        assert g.hands[(s + direction) % 4] == after[s]
    assert g.current == (0 + direction) % 4
    ok(g)


def test_seven_o_off_seven_and_zero_are_plain_numbers():
    g = make_game([["r7", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], seven_o=False)
    assert [a for a in g.legal_actions(0) if a.card == "r7"] == [play(0, "r7")]
    ev = g.apply(play(0, "r7"))
    assert not find(ev, "swap") and g.hands[0] == ["g1"]
    g2 = make_game([["r0", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], seven_o=False)
    ev = g2.apply(play(0, "r0"))
    assert not find(ev, "rotate") and g2.hands[1] == ["g2", "g3"]


# ----------------------------------------------------------------------- beep


def beep_game(**opts):
    return make_game([["r5", "g1"], ["g2", "g3"], ["beep", "b2"]], discard=["r3"], beep=True, **opts)


def test_beep_playable_out_of_turn_race_slowest_draws_two_turn_unchanged():
    g = beep_game()
    assert act("play", 2, "beep") in g.legal_actions(2)
    ev = g.apply(play(2, "beep"))
    assert one(ev, "play", 2).data["how"] == "beep"
    race = one(ev, "beep_race", 2)
    assert race.data["seats"] == [0, 1, 2]
    assert g.phase == "beep" and g.current == 0
    # During the race only answers are legal.
    for s in range(3):
        assert [a.kind for a in g.legal_actions(s)] == ["answer"]
    before = snapshot(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(0, "r5"))
    assert exc.value.code == "answer_beep"
    assert snapshot(g) == before
    g.apply(act("answer", 2))
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("answer", 2))
    assert exc.value.code == "already_answered"
    ev = g.apply(act("answer", 0))
    assert one(ev, "beep_slowest").seat == 1
    assert one(ev, "draw", 1).data["count"] == 2 and len(g.hands[1]) == 4
    assert g.phase == "play" and g.current == 0
    ok(g)


def test_beep_any_card_follows():
    g = make_game([["b9", "y1"], ["g2", "g3"], ["beep", "b2"]], discard=["r3"], beep=True)
    assert not any(a.kind == "play" for a in g.legal_actions(0))
    g.apply(play(2, "beep"))
    for s in (0, 1):
        g.apply(act("answer", s))
    plays = {a.card for a in g.legal_actions(0) if a.kind == "play"}
    assert plays == {"b9", "y1"}
    g.apply(play(0, "y1"))
    assert g.color == "y"


def test_beep_off_no_beep_cards_in_deck():
    g = Game(3, RuleOptions(beep=False), seed=3)
    g.start()
    assert "beep" not in g.draw_pile + g.discard + sum(g.hands, [])
    gb = Game(3, RuleOptions(beep=True), seed=3)
    gb.start()
    assert (gb.draw_pile + gb.discard + sum(gb.hands, [])).count("beep") == 8


def test_beep_last_card_ends_the_hand():
    g = make_game([["r5", "g1"], ["g2", "g3"], ["beep"]], discard=["r3"], beep=True)
    ev = g.apply(play(2, "beep"))
    assert one(ev, "hand_end").seat == 2 and not find(ev, "beep_race")


def test_missed_jump_in_refused_during_beep_race_only_answers_legal():
    g = make_game(
        [["r5", "g1"], ["g2", "g3"], ["beep", "b2"], ["r5", "y1"]], discard=["r3"], beep=True, jump_in=True,
        scoring="lowest_wins",
    )
    g.apply(play(2, "beep"))
    assert g.phase == "beep"
    before = snapshot(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("missed_jump_in", 3, "y1"))
    assert exc.value.code == "answer_beep"
    assert snapshot(g) == before


def test_missed_jump_in_refused_when_the_jump_in_is_valid():
    g = jump_game(jump_in=True, scoring="lowest_wins")
    g.apply(play(0, "r5"))
    assert act("jump_in", 3, "r5") in g.legal_actions(3)
    before = snapshot(g)
    with pytest.raises(IllegalAction):
        g.apply(act("missed_jump_in", 3, "r5"))
    assert snapshot(g) == before


def test_uno_window_stays_open_through_a_forced_draw_until_next_player_acts():
    g = make_game([["r+2", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"])
    g.apply(play(0, "r+2"))
    assert g.current == 2 and g.uno_open == 0
    ev = g.apply(act("catch", 1, None, None, 0))
    assert one(ev, "caught", 0).data["by"] == 1


def test_scoring_elimination_with_fixed_hands_lowest_remaining_wins():
    g = make_game([["r5"], ["g2", "gs"], ["w", "b9"]], discard=["r3"], scoring="elimination", target=100, hands=1)
    g.scores = [50, 10, 0]
    ev = g.apply(play(0, "r5"))
    assert g.scores == [50, 32, 59]
    assert one(ev, "match_end").data["winners"] == [1]


def test_a_rule_number_is_ascii_digits_only_as_every_other_number_typed():
    from uno_cli.engine.errors import InvalidOptions
    from uno_cli.engine.options import parse_value

    assert parse_value("target", " 300 ") == 300
    assert parse_value("target", "+300") == 300
    for text in ("١٠٠", "1_000", "3.0", "", "0x10", "１００"):
        with pytest.raises(InvalidOptions):
            parse_value("target", text)


@pytest.mark.parametrize("key", ["target", "hands", "jump_in_penalty", "uno_penalty", "false_uno_penalty"])
def test_a_rule_number_of_more_than_twelve_digits_gets_the_options_range_as_any_out_of_range_number(key):
    from uno_cli.engine.errors import InvalidOptions
    from uno_cli.engine.options import parse_value

    with pytest.raises(InvalidOptions) as out_of_range:
        RuleOptions().with_values(**{key: "999999999999"})  # 12 digits: parsed, then refused by its range
    for text in ("9" * 13, "-" + "9" * 13, "1" * 5000):
        with pytest.raises(InvalidOptions) as long:
            parse_value(key, text)
        assert long.value.allowed == out_of_range.value.allowed != ("a whole number",)
        assert long.value.value == text[:12] + "..."
    with pytest.raises(InvalidOptions) as not_a_number:
        parse_value(key, "9" * 12 + "x")
    assert not_a_number.value.allowed == ("a whole number",)


def test_every_number_option_has_its_choices_or_its_range():
    from dataclasses import fields

    from uno_cli.engine.options import NUMBER_CHOICES, NUMBER_RANGES

    numbers = {f.name for f in fields(RuleOptions) if f.type == "int"}
    assert numbers == set(NUMBER_CHOICES) | set(NUMBER_RANGES) and not set(NUMBER_CHOICES) & set(NUMBER_RANGES)
