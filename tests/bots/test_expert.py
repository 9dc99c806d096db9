"""The expert bot: hidden hands sampled from what its seat knows, searched plays, reproducible."""

from __future__ import annotations

import random
from collections import Counter

from uno_cli.bots import ExpertBot, make_bot
from uno_cli.bots.expert import race_action, rollout_action
from uno_cli.engine import preset
from uno_cli.engine.actions import JUMP_IN, PLAY
from uno_cli.play.sim import simulate

from tests.engine.helpers import make_game


def test_sampled_deal_keeps_every_count_and_this_seats_hand():
    g = make_game([["r5", "g9", "b2"], ["b1", "b2", "b3", "y4"], ["g1", "g2"]], discard=["r3"])
    bot = ExpertBot(0, random.Random(1))
    view = g.view(0)
    world = bot.sample(view, random.Random(2))
    assert world is not None
    assert world.hands[0] == list(view.hand)
    assert [len(h) for h in world.hands] == list(view.counts)
    assert len(world.draw_pile) == view.draw_pile and world.discard[-1] == view.top
    total = Counter(c for h in world.hands for c in h) + Counter(world.draw_pile) + Counter(world.discard)
    assert sum(total.values()) == 108


def test_sampled_deal_puts_known_cards_in_their_hand():
    g = make_game([["r5", "g9", "b2"], ["b1", "b7", "y4"]], discard=["r3"])
    bot = ExpertBot(0, random.Random(1))
    bot.known[1] = Counter({"b7": 1, "y4": 1})
    for k in range(10):
        world = bot.sample(g.view(0), random.Random(k))
        assert {"b7", "y4"} <= set(world.hands[1])


def test_sampled_deal_avoids_a_colour_an_opponent_lacks():
    g = make_game([["r5", "g9", "b2"], ["b1", "b7", "y4", "y5", "g2"]], discard=["r3"])
    bot = ExpertBot(0, random.Random(1))
    bot.lack[1] = {"r": 1.0, "y": 0.0, "g": 0.0, "b": 0.0}
    for k in range(10):
        world = bot.sample(g.view(0), random.Random(k))
        assert not any(c.startswith("r") for c in world.hands[1])


def test_expert_searches_and_answers_a_legal_play():
    g = make_game([["r5", "r9", "g3", "rs", "w"], ["b1", "b2", "b3"]], discard=["r3"])
    view = g.view(0)
    action = make_bot("expert", 0, random.Random(4)).choose(view)
    assert action in view.legal and action.kind == PLAY


def test_expert_is_reproducible_and_plays_cleanly():
    args = (2, 2, preset("classic").with_values(hands=1))
    a = simulate(*args, seed=4, levels=("expert", "hard"), swap_seats=True, check=True).to_dict()
    b = simulate(*args, seed=4, levels=("expert", "hard"), swap_seats=True, check=True).to_dict()
    assert a["violations"] == [] and a["wins"] == b["wins"] and a["points"] == b["points"]
    assert a["actions"] == b["actions"]


def test_expert_plays_a_playroom_table_cleanly():
    result = simulate(1, 4, preset("playroom").with_values(hands=1), seed=6, check=True,
                      levels=("expert", "normal", "hard", "random"))
    assert result.violations == [] and result.games == 1


def test_rollout_seat_jumps_in_before_the_turn_holder_plays():
    # Playroom: a seat holding the top card's rank intercepts in a rollout, as every level does.
    g = make_game([["r5", "g9", "b2"], ["g1", "y7", "y8"], ["b5", "y1", "y2"]], discard=["r3"],
                  options=preset("playroom"))
    g.apply(next(a for a in g.legal_actions(0) if a.kind == PLAY and a.card == "r5"))
    action = race_action(g, random.Random(1))
    assert action is not None and action.kind == JUMP_IN and action.seat == 2 and action.card == "b5"


def test_rollout_seat_continues_a_sequence_out_of_turn():
    g = make_game([["r5", "r6", "b2"], ["g1", "y7", "y8"]], discard=["r3"], options=preset("playroom"))
    g.apply(next(a for a in g.legal_actions(0) if a.kind == PLAY and a.card == "r5"))
    action = race_action(g, random.Random(1))
    assert action is not None and action.kind == PLAY and action.seat == 0 and action.card == "r6"


def test_rollout_without_races_in_classic():
    g = make_game([["r5", "g9", "b2"], ["r5", "r6", "y8"]], discard=["r3"])
    g.apply(next(a for a in g.legal_actions(0) if a.kind == PLAY and a.card == "r5"))
    assert race_action(g, random.Random(1)) is None


def test_penalty_scoring_values_points_not_only_the_hand():
    # Lowest points win: a seat far behind on points values the match, not the hand won.
    bot = ExpertBot(0, random.Random(1))
    ahead = bot._standing(500, 100, 300, True)
    level = bot._standing(500, 200, 200, True)
    behind = bot._standing(500, 300, 100, True)
    assert behind < level < ahead and abs(level - 0.5) < 1e-9
    assert bot._standing(500, 499, 10, True) > 0.0 and bot._standing(500, 500, 10, True) == 0.0


def test_penalty_scoring_opponent_reaching_the_target_wins_a_duel():
    bot = ExpertBot(0, random.Random(1))
    assert bot._standing(500, 450, 510, True) == 1.0
    assert bot._standing(500, 450, 510, False) < 1.0


def test_penalty_scoring_cut_rollout_prefers_fewer_cards_and_fewer_points():
    opts = preset("playroom")
    bot = ExpertBot(0, random.Random(1))
    short = make_game([["r5"], ["b1", "b2", "b3", "y4"]], discard=["r3"], options=opts)
    long = make_game([["r5", "r6", "r7", "r8"], ["b1"]], discard=["r3"], options=opts)
    assert bot._match_value(short) > 0.5 > bot._match_value(long)
    cheap = make_game([["r1", "r2"], ["b1", "b2"]], discard=["r3"], options=opts)
    dear = make_game([["w", "w+4"], ["b1", "b2"]], discard=["r3"], options=opts)
    assert bot._match_value(cheap) > bot._match_value(dear)


def test_expert_is_reproducible_with_races_in_the_playroom():
    args = (1, 2, preset("playroom").with_values(hands=1))
    a = simulate(*args, seed=5, levels=("expert", "hard"), check=True).to_dict()
    b = simulate(*args, seed=5, levels=("expert", "hard"), check=True).to_dict()
    assert a["violations"] == [] and a["actions"] == b["actions"] and a["points"] == b["points"]


def test_two_player_rollout_chains_an_action_card_over_its_longest_colour():
    # Two players: a Skip gives another turn, so a rollout seat plays it (as a chainer would).
    hand = ["g5", "g6", "rs", "b9"]
    g = make_game([hand, ["y1", "y2", "y3", "y4", "y6"]], discard=["r5"])
    for k in range(20):
        action = rollout_action(g, random.Random(k))
        assert action.kind == PLAY and action.card == "rs"


def test_four_player_rollout_follows_its_longest_colour_when_no_one_is_short():
    hand = ["g5", "g6", "rs", "b9"]
    others = [["y1", "y2", "y3", "y4", "y6"], ["y1", "y2", "y3", "y4", "y7"], ["b1", "b2", "b3", "b4", "b6"]]
    g = make_game([hand, *others], discard=["r5"])
    for k in range(20):
        action = rollout_action(g, random.Random(k))
        assert action.kind == PLAY and action.card == "g5"


def test_table_search_keeps_hards_favourite_when_the_gain_is_within_its_noise():
    from uno_cli.bots.expert import overrules

    base = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]
    noisy = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0]  # better on average, by less than two errors
    assert overrules([base, noisy], 0.0, 2.0) == 0


def test_table_search_overrules_hards_favourite_on_a_gain_larger_than_its_noise():
    from uno_cli.bots.expert import overrules

    base = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0]
    better = [v + 0.5 + 0.01 * (i % 3) for i, v in enumerate(base)]  # paired: better in every deal
    worse = [v - 0.2 for v in base]
    assert overrules([base, worse, better], 0.0, 2.0) == 2
    assert overrules([base, worse, better], 0.6, 2.0) == 0  # the prior of hard's favourite is larger


def test_table_search_compares_options_over_the_same_deals():
    from uno_cli.bots.expert import overrules

    base = [float(i) for i in range(20)]
    shifted = [v + 0.1 for v in base]  # a small gain, the same in every deal: paired, it is sure
    assert overrules([base, shifted], 0.0, 2.0) == 1


class _Searched(ExpertBot):
    """An expert that records the options it searches and plays hard's favourite."""

    def search(self, view, options):
        self.searched = list(options)
        return options[0]


def test_table_search_weighs_keeping_a_playable_card_just_drawn():
    from uno_cli.engine import Phase
    from uno_cli.engine.actions import DRAW, PASS

    g = make_game([["g5", "y7", "b2"], ["b1", "b7", "y4"], ["g1", "g2", "y9"]], discard=["r3"], draw=["r8"])
    g.apply(next(a for a in g.legal_actions(0) if a.kind == DRAW))
    view = g.view(0)
    assert view.phase == Phase.DRAWN
    bot = _Searched(0, random.Random(1))
    action = bot.choose(view)
    assert [a.kind for a in bot.searched] == [PLAY, PASS] and bot.searched[0].card == "r8"
    assert action == bot.searched[0]


def test_two_player_expert_plays_a_card_just_drawn_as_hard_does():
    from uno_cli.engine.actions import DRAW

    g = make_game([["g5", "y7", "b2"], ["b1", "b7", "y4"]], discard=["r3"], draw=["r8"])
    g.apply(next(a for a in g.legal_actions(0) if a.kind == DRAW))
    bot = _Searched(0, random.Random(1))
    action = bot.choose(g.view(0))
    assert not hasattr(bot, "searched") and action.kind == PLAY and action.card == "r8"


def test_table_search_weighs_drawing_against_spending_a_wild_that_hard_prefers():
    from uno_cli.engine.actions import DRAW

    # The next player is down to two cards: hard's favourite is the Wild Draw Four, a 3 also goes.
    g = make_game([["w+4", "g3", "y7", "b2"], ["b1", "b7"], ["g1", "g2", "y9"]], discard=["r3"])
    bot = _Searched(0, random.Random(1))
    bot.choose(g.view(0))
    assert bot.searched[0].card == "w+4" and any(a.card == "g3" for a in bot.searched)
    assert bot.searched[-1].kind == DRAW


def test_four_player_expert_with_its_table_search_is_reproducible():
    args = (2, 4, preset("classic").with_values(hands=1))
    levels = ("expert", "hard", "normal", "hard")
    a = simulate(*args, seed=5, levels=levels, swap_seats=True, check=True).to_dict()
    b = simulate(*args, seed=5, levels=levels, swap_seats=True, check=True).to_dict()
    assert a["violations"] == [] and a["wins"] == b["wins"] and a["points"] == b["points"]
    assert a["actions"] == b["actions"]
