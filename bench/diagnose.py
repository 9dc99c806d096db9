"""Hybrid diagnosis: ``hard`` that hands ONE kind of decision to the careful player's code.

A hybrid seat runs ``hard`` (or another smart level) and, beside it, careful.py's own code
in-process (``bench/inproc.py``'s :class:`InCareful`, fed the same messages). Both decide
every time; in the decisions of the chosen categories the seat does what careful would do,
elsewhere what ``hard`` does. If a hybrid wins clearly more than ``hard`` alone against the
same careful players, careful's choice in that category is the better one.

Categories (a decision belongs to exactly one):

- ``uno``: UNO or a catch is among the legal actions;
- ``color``: the colour named (for a Wild played, or a Wild turned up first) when both
  pick the same card or in the colour phase;
- ``wild``: in turn, several plays, and one of the two picks a Wild or Wild Draw Four;
- ``action``: in turn, one of the two picks a Skip, Reverse or Draw Two (no Wild);
- ``number``: in turn, both pick number cards (which number, i.e. colour and points);
- ``drawn``: play or keep the card just drawn;
- ``stack``: a draw penalty waits and a card could pass it on;
- ``challenge``: a Wild Draw Four waits and may be challenged (no card to stack);
- ``race``: out of turn: jump-ins and sequence cards;
- ``beep``: the Beep race.

    python3 bench/diagnose.py --category color --players 4 --preset classic --games 600
    python3 bench/diagnose.py --category none --players 2 --preset playroom --games 600

``--category none`` is ``hard`` itself with careful's code beside it (the baseline); the
run prints how often careful would have decided otherwise in each category.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from inproc import InCareful, careful  # noqa: E402
from uno_cli.bots import make_bot  # noqa: E402
from uno_cli.bots.base import Bot  # noqa: E402
from uno_cli.engine import IN_TURN_PHASES, Action, Game, Phase, View, preset  # noqa: E402
from uno_cli.engine.actions import CATCH, CHALLENGE, PLAY, UNO  # noqa: E402
from uno_cli.engine.cards import CARD_RANK, WILD, WILD4  # noqa: E402
from uno_cli.play.race import Referee, bot_rng  # noqa: E402
from uno_cli.play.sim import game_seed, seating, wilson  # noqa: E402

CATEGORIES = ("uno", "color", "wild", "action", "number", "drawn", "stack", "challenge", "race", "beep")
WILDS = (WILD, WILD4)


def category(view: View, mine: Action | None, theirs: Action | None) -> str:
    """The category of one decision (see the module's docstring)."""
    kinds = {a.kind for a in view.legal}
    if UNO in kinds or CATCH in kinds:
        return "uno"
    if view.phase == Phase.BEEP_RACE:
        return "beep"
    in_turn = view.current == view.seat and view.phase in IN_TURN_PHASES
    if not in_turn:
        return "race"
    phase = view.phase
    if phase == Phase.CHOOSE_COLOR:
        return "color"
    if phase == Phase.DRAWN:
        return "drawn"
    if phase == Phase.PENDING:
        return "challenge" if CHALLENGE in kinds and PLAY not in kinds else "stack"
    cards = [a.card for a in (mine, theirs) if a is not None and a.kind == PLAY]
    if len(cards) == 2 and cards[0] == cards[1]:
        return "color"
    if any(c in WILDS for c in cards):
        return "wild"
    if any(c is not None and CARD_RANK.get(c) in ("s", "r", "+2") for c in cards):
        return "action"
    return "number"


class Hybrid(Bot):
    """``level``'s decisions, except careful's in the chosen categories."""

    def __init__(self, seat: int, rng: random.Random, players: int, level: str, categories: set[str],
                 tally: Counter[str]) -> None:
        super().__init__(seat, rng)
        self.level = level
        self.own = make_bot(level, seat, rng)
        self.care = InCareful(seat, random.Random(rng.random()), players)
        self.categories = categories
        self.tally = tally

    def observe(self, events) -> None:
        self.own.observe(events)
        self.care.observe(events)

    def choose(self, view: View) -> Action | None:
        mine = self.own.choose(view)
        theirs = self.care.choose(view)
        cat = category(view, mine, theirs)
        if mine != theirs:
            self.tally[cat] += 1
        if cat not in self.categories:
            return mine
        if cat == "color" and mine is not None and mine.kind == PLAY and mine.card in WILDS:
            rest = list(view.hand)
            rest.remove(mine.card)
            return Action(PLAY, mine.seat, mine.card, careful.best_color(rest), mine.target)
        return theirs

    def reaction_time(self) -> float:
        return self.own.reaction_time()


def play(level: str, categories: set[str], players: int, name: str, games: int, seed: int,
         hands: int = 0) -> tuple[float, int, Counter[str]]:
    """Wins of the hybrid seat against ``players - 1`` careful players, seats rotated."""
    wins = 0.0
    tally: Counter[str] = Counter()
    for g in range(games):
        gs = game_seed(seed, g)
        seated = seating(("hybrid",) + ("careful",) * (players - 1), g, True)
        options = preset(name).with_values(hands=hands) if hands else preset(name)
        game = Game(players, options, seed=gs)
        bots: list[Bot] = [
            Hybrid(s, bot_rng(gs, s), players, level, categories, tally) if lv == "hybrid"
            else InCareful(s, bot_rng(gs, s), players)
            for s, lv in enumerate(seated)
        ]
        ref = Referee(game, dict(enumerate(bots)))
        ref.deal(game.start())
        ref.advance(limit=200_000)
        mine = seated.index("hybrid")
        if game.winners:
            wins += (mine in game.winners) / len(game.winners)
    return wins, games, tally


def main() -> int:
    """Run one hybrid and print its share of wins with the 95% interval."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--level", default="hard")
    p.add_argument("--category", default="none", help="comma-separated categories careful decides, or none")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--preset", default="classic")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hands", type=int, default=0, help="hands per match (0: the preset's)")
    a = p.parse_args()
    cats = set() if a.category == "none" else set(a.category.split(","))
    unknown = cats - set(CATEGORIES)
    if unknown:
        p.error(f"unknown categories: {sorted(unknown)}")
    t = time.perf_counter()
    wins, n, tally = play(a.level, cats, a.players, a.preset, a.games, a.seed, a.hands)
    lo, hi = wilson(wins, n)
    differ = " ".join(f"{c}={tally[c]}" for c in CATEGORIES if tally[c])
    print(f"{a.preset} {a.players}p {a.level}+careful[{a.category}]: {wins / n * 100:.1f}% "
          f"({lo * 100:.1f}-{hi * 100:.1f}) of {n}, {n / (time.perf_counter() - t):.1f} games/s; differ: {differ}",
          flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
