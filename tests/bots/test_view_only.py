"""Bots decide only from their View and the events their seat may see.

Two proofs, over many positions of real games:

1. Shuffling what a seat cannot see (the other hands and the draw pile) in a copy of the
   game does not change the bot's choice.
2. A bot fed events whose other-seat secrets are replaced by made-up cards chooses exactly
   what a bot fed the true events chooses, all game long.
"""

from __future__ import annotations

import copy
import random

import pytest

from uno_cli.engine import Event, Game, preset
from uno_cli.engine.cards import new_deck

from tests.bots.helpers import drive, make_bots

CASES = [
    ("classic", ("hard", "normal")),
    ("playroom", ("hard", "easy", "normal", "hard")),
    ("partners", ("hard", "normal", "hard", "normal")),
    ("strict", ("hard", "random", "normal")),
]


def shuffled_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` where every card ``seat`` cannot see is dealt anew."""
    other = copy.deepcopy(game)
    pool = list(other.draw_pile)
    for s, hand in enumerate(other.hands):
        if s != seat:
            pool.extend(hand)
    rng.shuffle(pool)
    for s, hand in enumerate(other.hands):
        if s != seat:
            n = len(hand)
            other.hands[s] = pool[:n]
            del pool[:n]
    other.draw_pile = pool
    other._legal_cache = None
    return other


@pytest.mark.parametrize("name,levels", CASES)
def test_choice_ignores_hidden_cards(name, levels):
    rng = random.Random(99)
    checked = [0]
    changed_positions = [0]

    def on_decision(seat, game, bot):
        if rng.random() > 0.5:
            return
        other = shuffled_hidden(game, seat, rng)
        if any(a != b for a, b in zip(other.hands, game.hands)):
            changed_positions[0] += 1
        b1, b2 = copy.deepcopy(bot), copy.deepcopy(bot)
        assert b1.choose(game.view(seat)) == b2.choose(other.view(seat))
        checked[0] += 1

    for seed in range(6):
        game = Game(len(levels), preset(name).with_values(hands=2), seed=seed)
        drive(game, make_bots(levels, seed), on_decision)
    assert checked[0] > 200
    assert changed_positions[0] > 100


def poisoned(events, seat: int, rng: random.Random):
    """The events with every secret not meant for ``seat`` replaced by made-up cards."""
    deck = new_deck(True)
    out = []
    for e in events:
        secret = e.secret
        if secret and e.secret_to != seat:
            secret = {k: ([rng.choice(deck) for _ in v] if isinstance(v, list) else rng.choice(deck))
                      for k, v in secret.items()}
        out.append(Event(e.type, e.seat, dict(e.data), secret, e.secret_to))
    return out


class Twin:
    """Drives a true bot and a twin that only gets poisoned events; both must agree."""

    def __init__(self, bot, seat: int, rng: random.Random):
        self.bot, self.twin, self.seat, self.rng = bot, copy.deepcopy(bot), seat, rng
        self.decisions = 0

    def observe(self, events):
        self.bot.observe(events)
        self.twin.observe(poisoned(events, self.seat, self.rng))

    def choose(self, view):
        a = self.bot.choose(view)
        b = self.twin.choose(view)
        assert a == b, (a, b)
        self.decisions += 1
        return a

    def reaction_time(self):
        t = self.bot.reaction_time()
        assert self.twin.reaction_time() == t
        return t


@pytest.mark.parametrize("name,levels", CASES)
def test_choice_ignores_other_seats_secrets(name, levels):
    rng = random.Random(7)
    for seed in range(2):
        game = Game(len(levels), preset(name).with_values(hands=2), seed=seed)
        twins = [Twin(b, s, rng) for s, b in enumerate(make_bots(levels, seed))]
        drive(game, twins)
        assert game.is_over
        assert all(t.decisions > 0 for t in twins)


def test_partners_never_catch_partner():
    from uno_cli.engine.actions import CATCH

    caught = []

    class Spy:
        def __init__(self, bot):
            self.bot = bot

        def observe(self, events):
            self.bot.observe(events)

        def choose(self, view):
            a = self.bot.choose(view)
            if a is not None and a.kind == CATCH:
                caught.append((a.seat, a.target))
            return a

        def reaction_time(self):
            return self.bot.reaction_time()

    levels = ("easy", "easy", "easy", "easy")  # easy forgets UNO: something to catch
    for seed in range(6):
        game = Game(4, preset("partners").with_values(hands=3), seed=seed)
        drive(game, [Spy(b) for b in make_bots(levels, seed)])
    assert caught, "nobody was ever caught"
    assert all(seat % 2 != target % 2 for seat, target in caught)
