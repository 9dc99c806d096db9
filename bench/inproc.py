"""Tuning aid: the careful reference player run inside this process, fed the same messages.

Final figures come from bench/vs_reference.py (the real outside program over the
protocol); this only makes tuning runs faster. The player's own code is imported
unchanged from bench/players/careful.py.

    python3 bench/inproc.py --level hard --players 4 --games 400 --preset classic
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

from uno_cli.bots.base import REACTION, Bot  # noqa: E402
from uno_cli.play.commands import action_to_command  # noqa: E402
from uno_cli.engine import IN_TURN_PHASES, Game, Phase, preset  # noqa: E402
from uno_cli.play.external import answer_action, safe_default  # noqa: E402
from uno_cli.play.race import Referee, bot_rng  # noqa: E402
from uno_cli.play.sim import game_seed, seating, wilson  # noqa: E402
from uno_cli.bots import make_bot  # noqa: E402
from uno_cli.play.wire import event_json, hello_json, prompt_json, prompt_legal  # noqa: E402

_spec = importlib.util.spec_from_file_location("careful", ROOT / "bench" / "players" / "careful.py")
careful = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(careful)  # type: ignore[union-attr]


class InCareful(Bot):
    """careful.py's choose() and Memory, given the protocol's messages as JSON round trips."""

    level = "external"

    def __init__(self, seat: int, rng: random.Random, players: int) -> None:
        super().__init__(seat, rng)
        self.memory = careful.Memory()
        self.memory.last_wild4 = None
        self.pid = 0
        self._msg(hello_json(players, [], seat, [seat]))

    def _msg(self, obj) -> None:
        m = json.loads(json.dumps(obj))
        if m.get("type") == "pending" and m.get("kind") == "w+4":
            self.memory.last_wild4 = m.get("by")
        if m.get("type") != "prompt":
            self.memory.note(m)

    def observe(self, events) -> None:
        for e in events:
            self._msg(event_json(e, self.seat, []))

    def choose(self, view):
        if not view.legal:
            return None
        if view.eliminated[self.seat]:
            return safe_default(view)
        in_turn = view.current == self.seat and view.phase in IN_TURN_PHASES
        race = not in_turn and view.phase != Phase.BEEP_RACE
        commands = prompt_legal([action_to_command(a) for a in view.legal], race)
        self.pid += 1
        m = json.loads(json.dumps(prompt_json(view, self.pid, race, commands, "")))
        answer = careful.choose(m, self.memory)
        if answer == "wait":
            return None
        action = answer_action(answer, view.legal)
        return action if action is not None else safe_default(view)

    def reaction_time(self) -> float:
        low, high = REACTION["normal"]
        return self.rng.uniform(low, high)


CHEAT = False


def _peek(seat, game, bot) -> None:
    """Cheating expert (an upper bound for the search): it samples the true deal."""
    if hasattr(bot, "sample"):
        true = game.copy()

        def sample(view, rng):
            pile = list(true.draw_pile)
            rng.shuffle(pile)  # the hands are known, the pile's order is not
            return Game.from_view(view, [list(h) for h in true.hands], pile, list(true.discard), rng.getrandbits(64))

        bot.sample = sample


def play(level: str, players: int, name: str, games: int, seed: int, other: str = "careful", hands: int = 0,
         on_decision=None) -> tuple[float, int]:
    """Wins of ``level`` against ``players - 1`` others, seats rotated (``on_decision``: the Referee's hook)."""
    wins = 0.0
    for g in range(games):
        gs = game_seed(seed, g)
        seated = seating((level,) + (other,) * (players - 1), g, True)
        options = preset(name).with_values(hands=hands) if hands else preset(name)
        game = Game(players, options, seed=gs)
        bots = [InCareful(s, bot_rng(gs, s), players) if lv in ("careful", "careful2") else make_bot(lv, s, bot_rng(gs, s))
                for s, lv in enumerate(seated)]
        ref = Referee(game, dict(enumerate(bots)), on_decision=on_decision or (_peek if CHEAT else None))
        ref.deal(game.start())
        ref.advance(limit=200_000)
        mine = [s for s, lv in enumerate(seated) if lv == level]
        won = [w for w in game.winners if w in mine]
        if game.winners:
            wins += len(won) / len(game.winners)
    return wins, games


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--level", default="hard")
    p.add_argument("--other", default="careful")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--preset", default="classic")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hands", type=int, default=0, help="hands per match (0: the preset's)")
    p.add_argument("--set", action="append", default=[], help="profile value for tuning: name=value")
    p.add_argument("--cheat", action="store_true")
    a = p.parse_args()
    global CHEAT
    CHEAT = a.cheat
    from uno_cli.bots.smart import PROFILES

    for item in a.set:
        key, value = item.split("=")
        if key.isupper():
            import uno_cli.bots.expert as expert

            setattr(expert, key, type(getattr(expert, key))(float(value)))
        else:
            setattr(PROFILES[a.level], key, float(value))
    t = time.perf_counter()
    wins, n = play(a.level, a.players, a.preset, a.games, a.seed, a.other, a.hands)
    lo, hi = wilson(wins, n)
    print(f"{a.preset} {a.level} {a.set} vs {a.other} {a.players}p: {wins / n * 100:.1f}% ({lo * 100:.1f}-{hi * 100:.1f}) "
          f"of {n}, {n / (time.perf_counter() - t):.1f} games/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
