"""Tuning aid: the gauntlet's reference players run inside this process, fed the same messages.

Final figures come from bench/gauntlet.py (the real outside programs over the protocol);
this only makes tuning runs faster (no processes, no pipes). With the same seed and preset a
whole match here is the same match as bench/gauntlet.py's (the copies get their programs'
seeds), so its figures are the protocol's, match for match. Each player's own code is
imported unchanged from bench/players/gauntlet_NAME.py and given the JSON objects its seat
would read (without the ``text`` sentences, which no player reads).

    python3 bench/ingauntlet.py --level expert --player careful --players 4 --games 200 --hands 1
    python3 bench/ingauntlet.py --level hard --player chainer,hoarder --players 4 --games 100
    python3 bench/ingauntlet.py --level expert --player careful --hands 1 --games 300 --dump base.json
    python3 bench/ingauntlet.py --level expert --player careful --hands 1 --games 300 --set LIKE_KEEP=0.6 --against base.json
    python3 bench/ingauntlet.py --level hard --player hoarder --games 600 --set hard.table_shed=0 --against base.json
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench" / "players"))

from uno_cli.bots import make_bot  # noqa: E402
from uno_cli.bots.base import Bot  # noqa: E402
from uno_cli.play.commands import action_to_command  # noqa: E402
from uno_cli.engine import Game, preset  # noqa: E402
from uno_cli.play.external import DEFAULT_REACTION, answer_action, safe_default  # noqa: E402
from uno_cli.play.race import Referee, bot_rng  # noqa: E402
from uno_cli.play.sim import game_seed, seating, wilson  # noqa: E402
from uno_cli.play.wire import event_json, hello_json, prompt_json, prompt_legal  # noqa: E402

PLAYERS = ("careful", "aggressive", "switcher", "hoarder", "chainer", "bluffer")
_CLASSES: dict[str, type] = {}


def player_class(name: str) -> type:
    """The Player subclass of bench/players/gauntlet_NAME.py."""
    if name not in _CLASSES:
        spec = importlib.util.spec_from_file_location(f"gauntlet_{name}", ROOT / "bench" / "players" / f"gauntlet_{name}.py")
        module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
        spec.loader.exec_module(module)  # type: ignore[union-attr]
        _CLASSES[name] = next(v for v in vars(module).values()
                              if isinstance(v, type) and getattr(v, "name", None) == name)
    return _CLASSES[name]


class InGauntlet(Bot):
    """A gauntlet player's decide() and memory, given the protocol's messages as JSON round trips."""

    level = "external"

    def __init__(self, seat: int, rng: random.Random, players: int, name: str, seed: int) -> None:
        super().__init__(seat, rng)
        self.player = player_class(name)(seed)
        self.pid = 0
        self.player.on_event(json.loads(json.dumps(hello_json(players, [], seat, [seat]))))

    def observe(self, events) -> None:
        for e in events:
            self.player.on_event(json.loads(json.dumps(event_json(e, self.seat, [], text=None))))

    def choose(self, view):
        if not view.legal:
            return None
        if view.eliminated[self.seat]:
            return safe_default(view)
        race = not view.must_act
        commands = prompt_legal([action_to_command(a) for a in view.legal], race)
        self.pid += 1
        m = json.loads(json.dumps(prompt_json(view, self.pid, race, commands, None)))
        answer = self.player.decide(m)
        if answer == "wait":
            return None
        action = answer_action(answer, view.legal)
        return action if action is not None else safe_default(view)

    def reaction_time(self) -> float:
        low, high = DEFAULT_REACTION
        return self.rng.uniform(low, high)


def play(level: str, player: str, players: int, name: str, games: int, seed: int, hands: int = 0,
         start: int = 0, each: list[float] | None = None, scores: list[tuple[int, ...]] | None = None) -> tuple[float, int]:
    """Wins of ``level`` against ``players - 1`` copies of ``player``, seats rotated every game.

    ``each``, if given, gets each game's share of the win (for paired comparisons of two runs);
    ``scores`` each game's final scores by seat.
    """
    wins = 0.0
    for g in range(start, start + games):
        gs = game_seed(seed, g)
        seated = seating((level,) + (player,) * (players - 1), g, True)
        # Each copy gets the seed bench/gauntlet.py gives its program (--seed k, its place k in
        # the level list, whatever seat the rotation gives it), so a match here is the same
        # match, byte for byte, as over the protocol.
        place = seating(range(players), g, True)
        options = preset(name).with_values(hands=hands) if hands else preset(name)
        game = Game(players, options, seed=gs)
        bots = [make_bot(lv, s, bot_rng(gs, s)) if lv == level else InGauntlet(s, bot_rng(gs, s), players, player, place[s])
                for s, lv in enumerate(seated)]
        ref = Referee(game, dict(enumerate(bots)))
        ref.deal(game.start())
        ref.advance(limit=200_000)
        mine = seated.index(level)
        won = (mine in game.winners) / len(game.winners) if game.winners else 0.0
        wins += won
        if each is not None:
            each.append(won)
        if scores is not None:
            scores.append(tuple(game.scores))
    return wins, games


def paired(before: list[float], after: list[float]) -> str:
    """The mean paired difference of two runs' results over the same games, with its 95% interval."""
    n = min(len(before), len(after))
    d = [y - x for x, y in zip(before[:n], after[:n])]
    mean = sum(d) / n
    sd = (sum((x - mean) ** 2 for x in d) / (n - 1)) ** 0.5 if n > 1 else 0.0
    return (f"paired with the earlier run: {mean * 100:+.2f} points ({1.96 * sd / n ** 0.5 * 100:.2f} either side), "
            f"{sum(1 for x in d if x)} of {n} games differ")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--level", default="hard")
    p.add_argument("--player", default=",".join(PLAYERS), help="comma list of gauntlet players")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--preset", default="classic")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hands", type=int, default=0, help="hands per match (0: the preset's)")
    p.add_argument("--set", action="append", default=[],
                   help="an expert constant for tuning: NAME=value; hard.NAME=value sets a weight of hard's profile")
    p.add_argument("--dump", help="write each game's result here (JSON: player -> list), to pair two runs")
    p.add_argument("--against", help="a --dump of an earlier run on the same seed: print the paired difference")
    a = p.parse_args()
    earlier = json.loads(Path(a.against).read_text()) if a.against else {}
    import uno_cli.bots.expert as expert

    from uno_cli.bots.smart import PROFILES

    for item in a.set:
        key, value = item.split("=")
        # "hard.NAME" sets a weight of hard's profile (which expert shares); else an expert constant.
        target = PROFILES["hard"] if key.startswith("hard.") else expert
        key = key.removeprefix("hard.")
        setattr(target, key, type(getattr(target, key))(float(value)))
    total, count = 0.0, 0
    dump: dict[str, list[float]] = {}
    for player in a.player.split(","):
        t = time.perf_counter()
        wins, n = play(a.level, player, a.players, a.preset, a.games, a.seed, a.hands, each=dump.setdefault(player, []))
        total, count = total + wins, count + n
        lo, hi = wilson(wins, n)
        print(f"{a.preset} {a.players}p {a.level} {a.set} vs {player}: {wins / n * 100:.1f}% "
              f"({lo * 100:.1f}-{hi * 100:.1f}) of {n}, {n / (time.perf_counter() - t):.2f} games/s", flush=True)
        if a.dump:
            Path(a.dump).write_text(json.dumps(dump))
        if player in earlier:
            print("  " + paired(earlier[player], dump[player]), flush=True)
    if len(dump) > 1 and all(k in earlier for k in dump):
        print("together: " + paired([x for k in dump for x in earlier[k][:len(dump[k])]],
                                   [x for k in dump for x in dump[k][:len(earlier[k])]]), flush=True)
    if count > n:
        lo, hi = wilson(total, count)
        print(f"together: {total / count * 100:.1f}% ({lo * 100:.1f}-{hi * 100:.1f}) of {count}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
