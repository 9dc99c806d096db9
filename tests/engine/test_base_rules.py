"""Base rules of RULES.md: deck, dealer, deal, first card, the turn, special cards, errors."""

from __future__ import annotations

from collections import Counter

import pytest

from uno_cli.engine import Action, Game, IllegalAction, RuleOptions
from uno_cli.engine.cards import CARD_POINTS, CARD_RANK, hand_points, is_number, new_deck
from tests.engine.helpers import act, find, make_game, ok, one, play, snapshot, types


# ------------------------------------------------------------------ the deck


def test_deck_has_108_cards_with_classic_composition():
    deck = new_deck()
    assert len(deck) == 108
    c = Counter(deck)
    for col in "rygb":
        assert c[col + "0"] == 1
        for n in range(1, 10):
            assert c[f"{col}{n}"] == 2
        for a in ("s", "r", "+2"):
            assert c[col + a] == 2
        assert sum(v for k, v in c.items() if k[0] == col and k not in ("w", "w+4")) == 25
    assert c["w"] == 4 and c["w+4"] == 4 and c["beep"] == 0


def test_deck_with_beep_has_116_cards():
    deck = new_deck(beep=True)
    assert len(deck) == 116
    assert Counter(deck)["beep"] == 8


def test_card_points_numbers_face_value_actions_20_wilds_50_beep_20():
    for n in range(10):
        assert CARD_POINTS[f"g{n}"] == n
    for a in ("rs", "yr", "b+2"):
        assert CARD_POINTS[a] == 20
    assert CARD_POINTS["w"] == 50 and CARD_POINTS["w+4"] == 50
    assert CARD_POINTS["beep"] == 20
    assert hand_points(["r5", "gs", "w", "beep", "b0"]) == 5 + 20 + 50 + 20


# ------------------------------------------------------- dealer choice, deal


def _dealer_rounds(events):
    draws = [e for e in events if e.type in ("dealer_draw", "dealer_tie", "dealer_chosen")]
    return draws


@pytest.mark.parametrize("seed", range(40))
def test_dealer_choice_numbers_only_highest_deals_ties_redraw(seed):
    players = 4
    g = Game(players, RuleOptions(), seed=seed)
    events = g.start()
    seq = _dealer_rounds(events)
    candidates = list(range(players))
    i = 0
    while True:
        best = {}
        for s in candidates:
            # Non-number cards are drawn again by the same seat.
            while True:
                e = seq[i]
                i += 1
                assert e.type == "dealer_draw" and e.seat == s
                if is_number(e.data["card"]):
                    best[s] = int(CARD_RANK[e.data["card"]])
                    break
        high = max(best.values())
        tied = [s for s in candidates if best[s] == high]
        e = seq[i]
        i += 1
        if len(tied) == 1:
            assert e.type == "dealer_chosen" and e.seat == tied[0]
            assert g.dealer == tied[0]
            break
        assert e.type == "dealer_tie" and e.data["seats"] == tied
        candidates = tied
    assert i == len(seq)


def test_dealer_choice_seeds_cover_ties_and_redraws():
    """Some of the seeds above really show a tie and a redrawn action card."""
    ties = redraws = 0
    for seed in range(40):
        ev = Game(4, RuleOptions(), seed=seed).start()
        ties += bool(find(ev, "dealer_tie"))
        redraws += any(e.type == "dealer_draw" and not is_number(e.data["card"]) for e in ev)
    assert ties and redraws


class PatchableGame(Game):
    """A Game with an instance dict (Game has slots), so a test may replace its shuffle."""


def test_deal_seven_each_one_at_a_time_from_dealers_left():
    g = PatchableGame(4, RuleOptions(), seed=3)
    g.dealer = 2
    order_deck = new_deck()
    g.shuffle_cards = lambda cards, rng=None: None  # keep the deck in its known order
    events = g.start()
    deal = one(events, "deal")
    assert deal.seat == 2 and deal.data["count"] == 7
    assert deal.data["seats"] == [3, 0, 1, 2]
    popped = list(reversed(order_deck))
    for k, s in enumerate([3, 0, 1, 2]):
        assert g.hands[s] == [popped[k + 4 * r] for r in range(7)]
    # Each seat is told only its own cards.
    dealt = find(events, "hand_dealt")
    assert [e.seat for e in dealt] == [3, 0, 1, 2]
    for e in dealt:
        assert e.visible_to(e.seat)["cards"] == [popped[[3, 0, 1, 2].index(e.seat) + 4 * r] for r in range(7)]
        other = (e.seat + 1) % 4
        assert "cards" not in e.visible_to(other)
        assert "cards" not in e.visible_to(None)


def test_deal_passes_to_next_player_after_a_hand():
    g = make_game([["r5"], ["g1", "g2"], ["b1"]], discard=["r3"], dealer=1, hands=0)
    g.apply(play(0, "r5"))
    assert g.phase == "hand_over"
    ev = g.start_hand()
    assert g.dealer == 2
    assert one(ev, "hand_start").data["dealer"] == 2
    assert one(ev, "deal").data["seats"] == [0, 1, 2]
    assert all(len(h) == 7 for h in g.hands) or find(ev, "draw")
    assert g.hand_number == 2
    ok(g)


# --------------------------------------------------------------- first card


def start_with_first(first: list[str], players: int = 4, dealer: int = 0, **opts) -> tuple[Game, list]:
    """Start a hand whose turned-up card is ``first[0]`` (then ``first[1]``...)."""
    g = PatchableGame(players, RuleOptions().with_values(**opts) if opts else RuleOptions(), seed=5)
    g.dealer = dealer

    def arrange(cards: list[str], rng: object = None) -> None:
        import random

        random.Random(11).shuffle(cards)
        pos = len(cards) - players * 7 - 1
        for k, want in enumerate(first):
            j = max(i for i, c in enumerate(cards[: pos - k + 1]) if c == want) if k else cards.index(want)
            cards[j], cards[pos - k] = cards[pos - k], cards[j]

    g.shuffle_cards = arrange
    return g, g.start()


def test_first_card_number_first_player_left_of_dealer():
    g, ev = start_with_first(["g5"])
    assert one(ev, "first_card").data == {"card": "g5", "color": "g"}
    assert g.current == 1 and g.direction == 1 and g.phase == "play"
    ok(g)


def test_first_card_wild_draw_four_is_returned_and_another_turned():
    g, ev = start_with_first(["w+4", "y7"])
    returned = find(ev, "first_card_returned")
    assert returned and all(e.data["card"] == "w+4" for e in returned)
    assert g.discard == [one(ev, "first_card").data["card"]] and g.discard != ["w+4"]
    assert types(ev).index("first_card_returned") < types(ev).index("first_card")
    assert "w+4" in g.draw_pile
    assert g.current == 1
    ok(g)


def test_first_card_wild_first_player_chooses_colour_then_plays():
    g, ev = start_with_first(["w"])
    assert g.phase == "color" and g.current == 1
    assert [a.kind for a in g.legal_actions(1)] == ["color"] * 4
    # Nobody else can act while the colour is being chosen.
    assert g.legal_actions(2) == ()
    ev = g.apply(Action("color", 1, None, "b"))
    assert one(ev, "color_chosen", 1).data["color"] == "b"
    assert g.color == "b" and g.phase == "play" and g.current == 1
    ok(g)


def test_first_card_draw_two_first_player_draws_two_and_loses_turn():
    g, ev = start_with_first(["r+2"])
    d = one(ev, "draw", 1)
    assert d.data["count"] == 2 and len(g.hands[1]) == 9
    assert one(ev, "skip").seat == 1
    assert g.current == 2
    ok(g)


def test_first_card_draw_two_without_draw_skips_first_player_draws_then_plays():
    g, ev = start_with_first(["r+2"], draw_skips=False)
    assert len(g.hands[1]) == 9 and not find(ev, "skip")
    assert g.current == 1 and g.phase == "play"


@pytest.mark.parametrize("draw_skips", [True, False])
def test_first_card_draw_two_the_draw_comes_before_any_turn_event(draw_skips):
    g, ev = start_with_first(["r+2"], draw_skips=draw_skips)
    kinds = [(e.type, e.seat) for e in ev[types(ev).index("first_card"):]]
    # What happens, in order: the first player draws 2, then has the turn (or is skipped).
    expected = [("skip", 1), ("turn", 2)] if draw_skips else [("turn", 1)]
    assert kinds == [("first_card", None), ("draw", 1), *expected]


def test_first_card_reverse_dealer_plays_first_other_way():
    g, ev = start_with_first(["br"], dealer=2)
    assert one(ev, "reverse").data["direction"] == -1
    assert g.current == 2 and g.direction == -1
    assert g.next_seat(2) == 1


def test_first_card_skip_first_player_skipped():
    g, ev = start_with_first(["ys"], dealer=3)
    assert one(ev, "skip").seat == 0
    assert g.current == 1


# ------------------------------------------------------------------ matching


def test_match_by_colour_number_symbol_and_wild_anytime():
    g = make_game([["r9", "g3", "b7", "w", "w+4", "gs"], ["g1"]], discard=["r3"])
    legal = {(a.kind, a.card) for a in g.legal_actions(0) if a.kind == "play"}
    assert ("play", "r9") in legal  # colour
    assert ("play", "g3") in legal  # number
    assert ("play", "b7") not in legal
    assert ("play", "gs") not in legal
    assert ("play", "w") in legal
    g2 = make_game([["rs", "gs", "b7"], ["g1"]], discard=["ys"])
    legal2 = {a.card for a in g2.legal_actions(0) if a.kind == "play"}
    assert legal2 == {"rs", "gs"}  # symbol


def test_wild_names_any_colour_including_current():
    g = make_game([["w", "r1"], ["g1", "g2"]], discard=["r3"])
    colours = {a.color for a in g.legal_actions(0) if a.card == "w"}
    assert colours == {"r", "y", "g", "b"}
    ev = g.apply(play(0, "w", "r"))
    assert g.color == "r" and one(ev, "play", 0).data["color"] == "r"
    assert g.current == 1


def test_unmatched_card_raises_does_not_match():
    g = make_game([["b7", "r1"], ["g1", "g2"]], discard=["r3"])
    before = snapshot(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(0, "b7"))
    assert exc.value.code == "does_not_match"
    assert snapshot(g) == before


# ------------------------------------------------------------ draw and pass


def test_draw_playable_card_then_only_the_drawn_card_may_be_played():
    g = make_game([["r5", "g1"], ["g2", "g3"]], discard=["r3"], draw=["r7"])
    ev = g.apply(act("draw", 0))
    d = one(ev, "draw", 0)
    assert d.data["count"] == 1 and d.data["reason"] == "choice"
    assert d.visible_to(0)["cards"] == ["r7"] and "cards" not in d.visible_to(1)
    pd = one(ev, "playable_drawn", 0)
    assert pd.visible_to(0)["card"] == "r7" and "card" not in pd.visible_to(1)
    assert g.phase == "drawn" and g.drawn == "r7"
    legal = g.legal_actions(0)
    assert {(a.kind, a.card) for a in legal if a.kind in ("play", "pass")} == {("play", "r7"), ("pass", None)}
    before = snapshot(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply(play(0, "r5"))
    assert exc.value.code == "only_drawn_card"
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("draw", 0))
    assert exc.value.code == "already_drawn"
    assert snapshot(g) == before
    ev = g.apply(play(0, "r7"))
    assert one(ev, "play", 0).data["how"] == "drawn"
    assert g.current == 1
    ok(g)


def test_pass_after_drawing_keeps_the_card():
    g = make_game([["r5", "g1"], ["g2", "g3"]], discard=["r3"], draw=["r7"])
    g.apply(act("draw", 0))
    ev = g.apply(act("pass", 0))
    assert types(ev) == ["pass", "turn"]
    assert "r7" in g.hands[0] and g.current == 1
    ok(g)


def test_pass_without_drawing_is_illegal():
    g = make_game([["r5", "g1"], ["g2", "g3"]], discard=["r3"])
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("pass", 0))
    assert exc.value.code == "draw_first"


def test_drawn_unplayable_card_turn_passes():
    g = make_game([["r5", "g1"], ["g2", "g3"]], discard=["r3"], draw=["b8"])
    ev = g.apply(act("draw", 0))
    assert "cannot_play" in types(ev)
    assert g.current == 1 and g.phase == "play" and "b8" in g.hands[0]
    ok(g)


def test_reshuffle_discard_pile_except_top_when_draw_pile_empty():
    g = make_game([["r5", "g1"], ["g2", "g3"]], discard=["r3"], rest="discard")
    assert g.draw_pile == []
    n = len(g.discard)
    ev = g.apply(act("draw", 0))
    assert one(ev, "reshuffle").data["count"] == n - 1
    assert g.discard == ["r3"]
    assert len(g.draw_pile) == n - 2 and len(g.hands[0]) == 3
    ok(g)


def _unplayable_rest(g, seat):
    """Keep in ``seat``'s hand only cards that cannot follow the top (cards leave the game)."""
    g.hands[seat] = [c for c in g.hands[seat] if c[0] in "gb" and c[1:] != g.discard[-1][1:]]
    g.version += 1
    g._legal_cache = None


def test_both_piles_empty_a_player_who_can_play_may_not_draw():
    g = make_game([["r1", "g2"], ["b9"]], discard=["r3"], rest=1, current=0)
    assert g.draw_pile == [] and g.discard == ["r3"]
    kinds = {a.kind for a in g.legal_actions(0)}
    assert "play" in kinds and "draw" not in kinds
    with pytest.raises(IllegalAction):
        g.apply(act("draw", 0))
    ok(g)


def test_both_piles_empty_cannot_draw_turn_passes_then_block_lowest_hand_wins():
    # The block is a safety net: with a whole deck somebody can always play, so this state
    # is built by taking the playable cards out of the game.
    g = make_game([["g1", "g2"], ["b9"]], discard=["r3"], rest=1, current=0)
    _unplayable_rest(g, 1)
    assert g.draw_pile == [] and g.discard == ["r3"]
    ev = g.apply(act("draw", 0))
    assert "cannot_draw" in types(ev)
    assert one(ev, "cannot_draw").seat == 0 and g.current == 1
    ev = g.apply(act("draw", 1))
    end = one(ev, "hand_end")
    assert end.data["block"] is True and end.seat == 0
    assert end.data["gained"][0] == hand_points(g.hands[1])  # winner_takes: scored as usual
    assert g.phase in ("hand_over", "match_over")


def test_block_counter_resets_when_a_card_is_played():
    g = make_game([["g1", "g2"], ["g3", "r4"], ["b9"]], discard=["r3"], rest=2)
    _unplayable_rest(g, 2)
    g.hands[2].append("r2")
    g.version += 1
    assert "cannot_draw" in types(g.apply(act("draw", 0)))
    g.apply(play(1, "r4"))  # the play resets the count; r3 can now be reshuffled
    g.apply(play(2, "r2"))
    g.apply(act("draw", 0))  # reshuffles r3 and r4 and draws one
    assert g.phase in ("drawn", "play")


def test_block_under_lowest_wins_everyone_adds_own_points():
    g = make_game([["g1", "g2"], ["b9"]], discard=["r3"], rest=1, scoring="lowest_wins")
    _unplayable_rest(g, 1)
    g.apply(act("draw", 0))
    ev = g.apply(act("draw", 1))
    end = one(ev, "hand_end")
    assert end.seat == 0 and end.data["block"]
    assert end.data["gained"] == {0: 3, 1: hand_points(g.hands[1])}


def test_block_tie_goes_to_first_in_turn_order():
    g = make_game([["g1", "g2"], ["b9", "b8"], ["b1", "g2"]], discard=["r3"], rest=1, current=0)
    _unplayable_rest(g, 1)
    g.hands[2] = ["g1", "b2"]
    g.version += 1
    g.apply(act("draw", 0))
    g.apply(act("draw", 1))
    ev = g.apply(act("draw", 2))
    end = one(ev, "hand_end")
    assert end.data["block"] and end.data["points"][0] == end.data["points"][2] == 3
    # The order starts at the seat whose pass ended the hand: 2, then 0.
    assert end.seat == 2


# ----------------------------------------------------------- special cards


def test_skip_next_player_loses_turn():
    g = make_game([["rs", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"])
    ev = g.apply(play(0, "rs"))
    assert one(ev, "skip").seat == 1 and g.current == 2


def test_skip_two_players_same_player_goes_again():
    g = make_game([["rs", "g1"], ["g2", "g3"]], discard=["r3"])
    ev = g.apply(play(0, "rs"))
    assert one(ev, "skip").seat == 1 and g.current == 0


def test_reverse_changes_direction():
    g = make_game([["rr", "g1"], ["g2", "g3"], ["b1", "b2"], ["y1", "y2"]], discard=["r3"])
    ev = g.apply(play(0, "rr"))
    assert one(ev, "reverse").data["direction"] == -1
    assert g.current == 3 and g.direction == -1


def test_two_player_reverse_acts_as_skip():
    g = make_game([["rr", "g1"], ["g2", "g3"]], discard=["r3"])
    ev = g.apply(play(0, "rr"))
    assert one(ev, "skip").seat == 1 and g.current == 0


def test_draw_two_next_draws_two_and_loses_turn():
    g = make_game([["r+2", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], draw=["y1", "y2"])
    ev = g.apply(play(0, "r+2"))
    d = one(ev, "draw", 1)
    assert d.data["count"] == 2 and d.data["reason"] == "draw_two"
    assert sorted(g.hands[1]) == ["g2", "g3", "y1", "y2"]
    assert one(ev, "skip").seat == 1 and g.current == 2
    ok(g)


def test_wild_draw_four_without_challenge_next_draws_four_loses_turn():
    g = make_game([["w+4", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], challenge=False)
    ev = g.apply(play(0, "w+4", "g"))
    assert one(ev, "draw", 1).data["count"] == 4
    assert g.current == 2 and g.color == "g"
    ok(g)


def test_last_card_draw_two_next_player_still_draws_and_cards_count():
    g = make_game([["r+2"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], draw=["y9", "y8"])
    ev = g.apply(play(0, "r+2"))
    assert one(ev, "draw", 1).data["count"] == 2
    end = one(ev, "hand_end")
    assert end.seat == 0
    assert end.data["points"][1] == 2 + 3 + 9 + 8
    assert end.data["gained"][0] == 2 + 3 + 9 + 8 + 1 + 2
    ok(g)


def test_last_card_wild_draw_four_next_player_still_draws_four():
    g = make_game([["w+4"], ["g2"], ["b1"]], discard=["r3"], draw=["y9", "y8", "y7", "y6"])
    ev = g.apply(play(0, "w+4", "b"))
    assert one(ev, "draw", 1).data["count"] == 4
    end = one(ev, "hand_end")
    assert end.data["points"][1] == 2 + 9 + 8 + 7 + 6
    assert not find(ev, "pending")
    ok(g)


def test_hand_ends_when_last_card_played():
    g = make_game([["r5"], ["g2", "gs"], ["w"]], discard=["r3"], hands=1)
    ev = g.apply(play(0, "r5"))
    end = one(ev, "hand_end")
    assert end.seat == 0 and end.data["block"] is False
    assert end.data["gained"] == {0: 2 + 20 + 50, 1: 0, 2: 0}
    assert g.phase == "match_over" and g.winners == [0]


# ------------------------------------------------------ illegal actions


ILLEGAL_CASES = [
    (play(1, "g2"), "not_your_turn"),
    (play(0, "b9"), "not_in_hand"),
    (play(0, "w"), "needs_color"),
    (play(0, "r5", "g"), "no_color_needed"),
    (act("accept", 0), "nothing_to_answer"),
    (act("challenge", 0), "nothing_to_answer"),
    (act("color", 0, None, "r"), "no_color_to_choose"),
    (act("catch", 1, None, None, 0), "nobody_to_catch"),
    (act("answer", 0), "no_beep"),
    (act("jump_in", 1, "r3"), "option_off"),
    (act("uno", 1), "uno_not_now"),
    (act("draw", 5), "no_such_seat"),
]


@pytest.mark.parametrize("action,code", ILLEGAL_CASES, ids=[c for _, c in ILLEGAL_CASES])
def test_illegal_action_raises_with_code_and_changes_nothing(action, code):
    g = make_game([["r5", "w", "g1"], ["g2", "g3", "y4"]], discard=["r3"])
    before = snapshot(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply(action)
    assert exc.value.code == code
    assert snapshot(g) == before


def test_actions_after_hand_over_are_refused():
    g = make_game([["r5"], ["g2", "g3"]], discard=["r3"], hands=0, target=10_000)
    g.apply(play(0, "r5"))
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("draw", 1))
    assert exc.value.code == "hand_over"
    with pytest.raises(IllegalAction):
        g.start()


def test_start_hand_during_a_hand_is_refused():
    g = make_game([["r5", "g1"], ["g2", "g3"]])
    with pytest.raises(IllegalAction) as exc:
        g.start_hand()
    assert exc.value.code == "hand_in_progress"


def test_match_over_refuses_actions():
    g = make_game([["r5"], ["g2", "g3"]], discard=["r3"], hands=1)
    g.apply(play(0, "r5"))
    assert g.is_over
    with pytest.raises(IllegalAction) as exc:
        g.apply(act("draw", 1))
    assert exc.value.code == "game_over"


# --------------------------------------------------------- views, secrets


def test_view_shows_own_hand_and_only_counts_of_others():
    g = make_game([["r5", "g1"], ["g2", "g3", "y4"]], discard=["r3"], draw=["r7"])
    v = g.view(1)
    assert v.hand == ("g2", "g3", "y4")
    assert v.counts == (2, 3)
    assert "r5" not in repr(v.hand)
    fields = {f for f in v.__dataclass_fields__}
    # No field carries another seat's cards or the draw pile's content.
    assert isinstance(v.draw_pile, int) and isinstance(v.discard_pile, int)
    assert "hands" not in fields
    g.apply(act("draw", 0))
    assert g.view(0).drawn == "r7"
    assert g.view(1).drawn is None
    assert all(a.seat == 1 for a in g.view(1).legal)


def test_event_secret_visible_only_to_its_seat():
    g = make_game([["r5", "g1"], ["g2", "g3"], ["b1", "b2"]], discard=["r3"], draw=["b8"])
    ev = g.apply(act("draw", 0))
    d = one(ev, "draw", 0)
    assert d.visible_to(0)["cards"] == ["b8"]
    for viewer in (1, 2, None):
        seen = d.visible_to(viewer)
        assert "cards" not in seen and seen["count"] == 1 and seen["seat"] == 0


def test_first_card_beep_any_card_may_follow():
    g, ev = start_with_first(["beep"], beep=True)
    assert one(ev, "first_card").data["card"] == "beep"
    assert g.color is None and g.current == 1 and g.phase == "play"
    hand = g.hands[1]
    plays = {a.card for a in g.legal_actions(1) if a.kind == "play"}
    assert plays == {c for c in hand if c != "beep"} | ({"beep"} if "beep" in hand else set())
    ok(g)


def test_first_card_can_be_jumped_in_on():
    g, ev = start_with_first(["g5"], jump_in=True)
    if "g5" not in g.hands[3]:
        holder = next(h for h in g.hands + [g.draw_pile] if "g5" in h)
        holder.remove("g5")
        g.hands[3].append("g5")
    g.version += 1
    g._legal_cache = None
    assert Action("jump_in", 3, "g5") in g.legal_actions(3)
    g.apply(Action("jump_in", 3, "g5"))
    assert g.current == 0
    ok(g)


