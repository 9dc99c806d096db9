"""Which in-turn decisions cost a level hands: its choice against a deep search of the same position.

A level (``hard`` by default) plays single hands against the careful reference player
(careful.py's own code, in-process as in bench/inproc.py). At each of its in-turn decisions
with two plays or more to choose from, every candidate (each card, a Wild with the colour
the level or the careful player would name, and drawing) is played out to the end of the
hand in ``--worlds`` deals of the hidden cards, drawn at random from the cards the seat has
not seen, with every seat then following careful's rules; a deal plays all candidates with
the same random numbers. The candidate's value is the share of deals in which the seat
wins the hand.

The deals are split in two halves: the best candidate by one half is scored by the other
(and the other way round), so the noise of picking a maximum does not show up as a gain.
The report gives, per kind of disagreement (the level's choice -> the search's), the
decisions and their mean held-out gain in points of hands won, and the mean gain per
decision overall: an estimate of how much a level choosing like the search would add,
against players like the careful one.

    python3 bench/regret.py --hands 250 --worlds 300 --seed 21
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import inproc  # noqa: E402
from inproc import careful  # noqa: E402 - careful.py's own code
from uno_cli.bots.expert import ExpertBot  # noqa: E402
from uno_cli.bots.smart import SmartBot  # noqa: E402
from uno_cli.engine import Action, Game, Phase  # noqa: E402
from uno_cli.engine.actions import ACCEPT, COLOR, DRAW, PASS, PLAY  # noqa: E402
from uno_cli.engine.cards import CARD_COLOR, CARD_RANK, WILD, WILD4  # noqa: E402

_LIVE = (Phase.PLAYING, Phase.DRAWN, Phase.PENDING, Phase.CHOOSE_COLOR)
_ACTIONS = ("s", "r", "+2")


def careful_action(game: Game, rng: random.Random) -> Action:
    """careful.py's own rules (its ``rate`` and ``best_color``) on the engine's game: every seat's rollout policy."""
    seat = game.current
    legal = game.legal_actions(seat)
    hand = game.hands[seat]
    if game.phase == Phase.CHOOSE_COLOR:
        best = careful.best_color(hand)
        return next(a for a in legal if a.kind == COLOR and a.color == best)
    if game.phase == Phase.PENDING:
        return next(a for a in legal if a.kind == ACCEPT)
    prompt = {"hand": hand, "color": game.color, "counts": [len(h) for h in game.hands], "seat": seat + 1,
              "direction": game.direction, "eliminated": [s + 1 for s in range(game.players) if game.eliminated[s]]}
    choice, top, fallback = None, -1e9, None
    for a in legal:
        if a.kind == PLAY:
            rest = list(hand)
            rest.remove(a.card)
            if a.card in (WILD, WILD4) and game.phase == Phase.DRAWN and len(hand) > 2:
                continue  # careful keeps a drawn Wild
            s = careful.rate(f"play {a.card} {a.color}" if a.color else f"play {a.card}", prompt, rest)
            if s is None:
                continue
            s += 0.01 * rng.random()
            if s > top:
                choice, top = a, s
        elif fallback is None and a.kind in (DRAW, PASS, ACCEPT):
            fallback = a
    return choice or fallback or legal[0]


def kind_of(a: Action, color: str | None) -> str:
    """A decision's kind: draw, w, w+4, or act/num played on the same colour or switching it."""
    if a.kind == DRAW:
        return "draw"
    if a.card in (WILD, WILD4):
        return a.card
    rank = CARD_RANK[a.card]
    return ("act" if rank in _ACTIONS else "num") + ("-same" if CARD_COLOR[a.card] == color else "-switch")


class Regret:
    """The decisions measured and their held-out gains."""

    def __init__(self, worlds: int, seed: int) -> None:
        self.worlds = worlds
        self.seed = seed
        self.decisions = 0
        self.total = 0.0
        self.by_kind: dict[tuple[str, str], list[float]] = defaultdict(list)

    def candidates(self, game: Game, seat: int, bot: SmartBot) -> list[Action]:
        """The plays worth comparing: each card, Wilds with a colour either player would name, drawing."""
        legal = game.legal_actions(seat)
        hand = game.hands[seat]
        view = game.view(seat)
        out: list[Action] = []
        for a in legal:
            if a.kind != PLAY or a in out:
                continue
            if a.card in (WILD, WILD4):
                rest = list(hand)
                rest.remove(a.card)
                if a.color not in (careful.best_color(rest), bot.best_color(view, rest)):
                    continue
            out.append(a)
        return out + [a for a in legal if a.kind == DRAW]

    def measure(self, seat: int, game: Game, bot: object) -> None:
        """Called before a seat decides: measure the level's in-turn choices."""
        if not isinstance(bot, SmartBot) or game.current != seat or game.phase != Phase.PLAYING:
            return
        options = self.candidates(game, seat, bot)
        if sum(a.kind == PLAY for a in options) < 2:
            return
        view = game.view(seat)
        choice = bot.choose(view)
        if choice not in options:
            return
        rng = random.Random(hash((game.version, game.hand_number, seat, self.seed)) & 0xFFFFFFFF)
        lack, bot.lack = bot.lack, {}  # uniform deals: no guess at what a seat lacks
        halves = [[0.0, 0.0] for _ in options]
        try:
            for w in range(self.worlds):
                world = ExpertBot.sample(bot, view, rng)  # type: ignore[arg-type]
                if world is None:
                    return
                seed = rng.getrandbits(32)
                for i, a in enumerate(options):
                    g = world.copy()
                    g.apply(a)
                    roll = random.Random(seed)
                    for _ in range(600):
                        if g.phase not in _LIVE:
                            break
                        g.apply(careful_action(g, roll))
                    halves[i][w % 2] += g.scores[seat] > game.scores[seat]
        finally:
            bot.lack = lack
        mine = options.index(choice)
        half = self.worlds / 2
        self.decisions += 1
        for pick, judge in ((0, 1), (1, 0)):
            best = max(range(len(options)), key=lambda i: halves[i][pick])
            gain = (halves[best][judge] - halves[mine][judge]) / half / 2
            self.total += gain
            key = ("same", "same") if best == mine else (kind_of(choice, game.color), kind_of(options[best], game.color))
            self.by_kind[key].append(gain * 2)

    def report(self, hands: int, won: float, seconds: float) -> str:
        """The table of gains by kind of disagreement."""
        lines = [
            f"{hands} hands, the level won {won / hands * 100:.1f}%; {self.decisions} decisions measured "
            f"({self.worlds} deals each), {seconds:.0f} s",
            f"mean held-out gain of the search: {self.total / max(1, self.decisions) * 100:.2f} points of hands "
            f"per decision, {self.total / hands * 100:.2f} per hand",
            "",
            "| level's choice | search's choice | cases (two halves a decision) | mean gain (points of hands) |",
            "| --- | --- | ---: | ---: |",
        ]
        rows = sorted(self.by_kind.items(), key=lambda kv: -sum(kv[1]))
        for (mine, best), gains in rows:
            if mine == "same":
                continue
            lines.append(f"| {mine} | {best} | {len(gains)} | {sum(gains) / len(gains) * 100:+.2f} |")
        return "\n".join(lines)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--level", default="hard")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--preset", default="classic")
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--worlds", type=int, default=300, help="deals per decision (split in two halves)")
    p.add_argument("--seed", type=int, default=21)
    a = p.parse_args()
    regret = Regret(a.worlds, a.seed)
    start = time.perf_counter()
    won, n = inproc.play(a.level, a.players, a.preset, a.hands, a.seed, "careful", 1, on_decision=regret.measure)
    print(regret.report(n, won, time.perf_counter() - start))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
