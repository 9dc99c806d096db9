"""The two-player expert's planned rollouts: its own later choices by UCT over the sampled deals."""

from __future__ import annotations

import random

import uno_cli.bots.expert as expert
from uno_cli.bots import make_bot
from uno_cli.bots.expert import _plan_plays, plan_out
from uno_cli.engine.actions import PLAY

from tests.engine.helpers import make_game


def _position():
    # Seat 0 to play on a red 3 with a red Skip, a red 9 and a green 4; seat 1 holds five cards.
    return make_game([["rs", "r9", "g4", "b1"], ["y1", "y2", "y6", "b7", "g8"]], discard=["r3"])


def test_planned_decision_follows_the_rollout_policy_until_met_often_enough(monkeypatch):
    monkeypatch.setattr(expert, "PLAN", 1)
    monkeypatch.setattr(expert, "PLAN_MIN", 8)
    g = _position()
    first = _plan_plays(g, 0)[0]
    tree: dict = {}
    path: list = []
    plan_out(g, 0, random.Random(1), tree, "root", 1, path)
    node = tree[("root", "r3", "r")]
    assert g.discard[-1] == first.card and path == [node[first]]
    assert node[first][2] == 1 and all(st[2] == 1 for st in node.values())


def test_planned_decision_met_often_enough_plays_the_best_by_its_value(monkeypatch):
    monkeypatch.setattr(expert, "PLAN", 1)
    monkeypatch.setattr(expert, "PLAN_MIN", 8)
    g = _position()
    plays = _plan_plays(g, 0)
    assert len(plays) >= 2
    # Ten visits each; the second play's rollouts were worth more.
    tree = {("root", "r3", "r"): {a: [10, (1.0 if i == 1 else 0.0) * 10, 10] for i, a in enumerate(plays)}}
    plan_out(g, 0, random.Random(1), tree, "root", 1, [])
    assert g.discard[-1] == plays[1].card


def test_planned_decision_tries_each_play_once_met_often_enough(monkeypatch):
    monkeypatch.setattr(expert, "PLAN", 1)
    monkeypatch.setattr(expert, "PLAN_MIN", 8)
    g = _position()
    plays = _plan_plays(g, 0)
    tree = {("root", "r3", "r"): {plays[0]: [9, 9.0, 9]}}
    plan_out(g, 0, random.Random(1), tree, "root", 1, [])
    assert g.discard[-1] == plays[1].card


def test_planned_plays_name_the_colour_held_most_with_a_wild():
    g = make_game([["w", "g4", "g5", "r9"], ["y1", "y2"]], discard=["r3"])
    plays = _plan_plays(g, 0)
    assert all(a.kind == PLAY for a in plays)
    assert [a.color for a in plays if a.card == "w"] == ["g"]


def test_two_player_planned_search_is_reproducible(monkeypatch):
    monkeypatch.setattr(expert, "PLAN", 4)
    monkeypatch.setattr(expert, "PLAN_MIN", 8)
    g = _position()
    view = g.view(0)
    a = make_bot("expert", 0, random.Random(7)).choose(view)
    b = make_bot("expert", 0, random.Random(7)).choose(view)
    assert a == b and a in view.legal


def test_a_chain_of_the_experts_own_turns_is_one_planned_decision_in_every_deal(monkeypatch):
    # A Skip at two players plays again: the decision after it is met in every deal, so its
    # statistics gather every rollout's value (the plan learns the chain).
    monkeypatch.setattr(expert, "PLAN", 2)
    monkeypatch.setattr(expert, "PLAN_MIN", 4)
    g = make_game([["rs", "r9", "r2", "b1"], ["y1", "y2", "y6", "b7", "g8"]], discard=["r3"])
    g.apply(next(a for a in g.legal_actions(0) if a.kind == PLAY and a.card == "rs"))
    bot = make_bot("expert", 0, random.Random(3))
    view = g.view(0)
    tree: dict = {}
    rng = random.Random(5)
    for _ in range(12):
        world = bot.sample(view, rng)
        bot._planned(world, list(view.scores), random.Random(rng.getrandbits(64)), tree, 12)
    node = tree[(None, "rs", "r")]
    assert {a.card for a in node} == {"r9", "r2"}
    assert sum(st[0] for st in node.values()) == 12 and all(st[2] == 12 for st in node.values())
    assert all(st[0] >= 1 for st in node.values())
