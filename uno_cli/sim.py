"""Simulate whole matches between bots, optionally checking invariants after every action."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from uno_cli.bots import make_bot
from uno_cli.bots.base import random_choice
from uno_cli.engine import Game, RuleOptions
from uno_cli.engine.game import HAND_OVER
from uno_cli.engine.invariants import check_invariants

#: A game longer than this many actions is reported as a violation (an endless loop).
MAX_ACTIONS = 200_000


@dataclass
class SimResult:
    """Totals of a simulation run."""

    games: int = 0
    players: int = 0
    hands: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: list[float] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        """Whole matches per second."""
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def hands_per_second(self) -> float:
        """Hands per second."""
        return self.hands / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, object]:
        """The result as a JSON-ready dict."""
        return {
            "games": self.games,
            "players": self.players,
            "hands": self.hands,
            "actions": self.actions,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games_per_second, 2),
            "hands_per_second": round(self.hands_per_second, 2),
            "wins": self.wins,
            "points": self.points,
            "violations": self.violations,
        }


def play_random_game(game: Game, rng: random.Random, check: bool, result: SimResult, tag: str) -> None:
    """Play ``game`` to the end with random-legal players (the fast path, no views)."""
    gains = [0] * game.players if check else None
    game.start()
    actions = 0
    while not game.is_over:
        if game.phase == HAND_OVER:
            game.start_hand()
            continue
        current = game.current
        acted = False
        for seat in game.actors():
            if seat == current and game.phase != "beep":
                continue
            legal = game.legal_actions(seat)
            action = random_choice(rng, legal, seat, False)
            if action is not None:
                events = game.apply(action)
                acted = True
                break
        if not acted:
            seat = current if game.phase != "beep" else game.beep_waiting[0]
            action = random_choice(rng, game.legal_actions(seat), seat, True)
            assert action is not None
            events = game.apply(action)
        actions += 1
        if check:
            assert gains is not None
            for e in events:
                if e.type == "hand_end":
                    for s, g in e.data["gained"].items():
                        gains[s] += g
            for problem in check_invariants(game, gains):
                result.violations.append(f"{tag} action {actions}: {problem}")
        if actions > MAX_ACTIONS:
            result.violations.append(f"{tag}: no end after {MAX_ACTIONS} actions")
            break
    result.actions += actions
    result.hands += game.hand_number


def simulate(
    games: int,
    players: int,
    options: RuleOptions,
    seed: int = 0,
    check: bool = False,
    progress: Callable[[int], None] | None = None,
    levels: Sequence[str] | None = None,
) -> SimResult:
    """Play ``games`` matches and total the results."""
    result = SimResult(players=players, wins=[0.0] * players, points=[0] * players)
    start = time.perf_counter()
    for g in range(games):
        game_seed = (seed * 1_000_003 + g) & ((1 << 64) - 1)
        rng = random.Random(game_seed ^ 0x5EED)
        game = Game(players, options, seed=game_seed)
        tag = f"game {g} (seed {game_seed})"
        if levels is None or all(level == "random" for level in levels):
            play_random_game(game, rng, check, result, tag)
        else:
            play_bot_game(game, rng, check, result, tag, levels)
        result.games += 1
        if game.winners:
            share = 1.0 / len(game.winners)
            for w in game.winners:
                result.wins[w] += share
        for s in range(players):
            result.points[s] += game.scores[s]
        if progress is not None:
            progress(g + 1)
    result.seconds = time.perf_counter() - start
    return result


def play_bot_game(
    game: Game, rng: random.Random, check: bool, result: SimResult, tag: str, levels: Sequence[str]
) -> None:
    """Play ``game`` with one bot per seat, each seeing only its own view and events."""
    bots = [make_bot(levels[s], s, random.Random(rng.getrandbits(64))) for s in range(game.players)]
    gains = [0] * game.players if check else None

    def tell(events: list) -> None:
        for bot in bots:
            bot.observe(events)

    tell(game.start())
    actions = 0
    while not game.is_over:
        if game.phase == HAND_OVER:
            tell(game.start_hand())
            continue
        # Out-of-turn actions race first: the fastest willing bot acts.
        offers = []
        for seat in game.actors():
            if seat == game.current and game.phase != "beep":
                continue
            action = bots[seat].choose(game.view(seat))
            if action is not None:
                offers.append((bots[seat].reaction_time(), seat, action))
        if offers:
            offers.sort()
            action = offers[0][2]
        else:
            seat = game.current if game.phase != "beep" else game.beep_waiting[0]
            action = bots[seat].choose(game.view(seat))
            assert action is not None, f"bot {seat} did not act in turn"
        events = game.apply(action)
        tell(events)
        actions += 1
        if check:
            assert gains is not None
            for e in events:
                if e.type == "hand_end":
                    for s, g in e.data["gained"].items():
                        gains[s] += g
            for problem in check_invariants(game, gains):
                result.violations.append(f"{tag} action {actions}: {problem}")
        if actions > MAX_ACTIONS:
            result.violations.append(f"{tag}: no end after {MAX_ACTIONS} actions")
            break
    result.actions += actions
    result.hands += game.hand_number
