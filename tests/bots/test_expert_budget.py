"""The expert's rollout budget is a setting: ``ExpertBot(worlds=N)``, the level ``expert@N`` in simulate."""

from __future__ import annotations

import random

import pytest

from uno_cli.bots import ExpertBot, expert_budget, make_bot
from uno_cli.bots.expert import WORLDS
from uno_cli.engine import Game, Phase, preset
from uno_cli.engine.actions import PLAY
from uno_cli.play.playconfig import ConfigError, parse_levels


def test_expert_levels_name_their_budget():
    assert expert_budget("expert@64") == 64
    assert make_bot("expert", 0, random.Random(1)).worlds == WORLDS
    bot = make_bot("expert@8", 0, random.Random(1))
    assert isinstance(bot, ExpertBot) and bot.worlds == 8 and bot.level == "expert"
    for bad in ("expert@0", "expert@x", "expert@", "expert@99999", "hard@8"):
        with pytest.raises(ValueError):
            make_bot(bad, 0, random.Random(1))


def test_simulate_accepts_a_budget_and_play_does_not():
    assert parse_levels("expert@16,hard", budgets=True) == ["expert@16", "hard"]
    with pytest.raises(ConfigError):
        parse_levels("expert@16")
    with pytest.raises(ConfigError):
        parse_levels("expert@0", budgets=True)


@pytest.mark.parametrize("worlds", [3, 7])
def test_a_search_samples_as_many_deals_as_its_budget(worlds, monkeypatch):
    for seed in range(200):
        game = Game(2, preset("classic"), seed=seed)
        game.start()
        seat = game.current
        view = game.view(seat)
        plays = [a for a in view.legal if a.kind == PLAY]
        if game.phase == Phase.PLAYING and len({a.card for a in plays}) >= 3:
            break
    bot = ExpertBot(seat, random.Random(5), worlds=worlds)
    calls = []
    sample = bot.sample
    monkeypatch.setattr(bot, "sample", lambda v, rng: calls.append(1) or sample(v, rng))
    bot.choose(view)
    assert len(calls) == worlds
