"""RLCard's UNO in CPU time: ``env.run`` (random agents) and its game core alone.

Runs *inside* the RLCard virtual environment that ``bench/rlcard_bench.py`` creates
(``bench/.rlcard-venv``); ``bench/speed.py`` calls it once per round and reads the one JSON
line it prints. The game core is ``rlcard.games.uno.game.UnoGame`` driven by a uniform
choice among ``get_legal_actions()``: RLCard's rules and state without the numpy encoding
of ``env.run``.

    bench/.rlcard-venv/bin/python bench/rlcard_core.py --games 300
    bench/.rlcard-venv/bin/python bench/rlcard_core.py --play core_4p --games 60   # play only, untimed

``--play`` plays 3 warm-up games and then ``--games`` games of one row, timing nothing and
printing nothing: ``bench/compiled.py --instructions`` counts its machine instructions with
callgrind (that many games minus none).
"""

from __future__ import annotations

import argparse
import json
import random
import time


def _env(players: int, seed: int):
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    np.random.seed(seed)
    env = rlcard.make("uno", config={"seed": seed})
    if env.num_players != players:
        # RLCard 1.2.0's UNO env ignores game_num_players (see rlcard_runner.py).
        env.game.configure({"game_num_players": players})
        env.num_players = players
        env.state_shape = [[4, 4, 15] for _ in range(players)]
        env.action_shape = [None for _ in range(players)]
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(players)])
    return env


def measure_env(players: int, games: int, seed: int, warmup: int | None = None, timed: bool = True) -> dict:
    env = _env(players, seed)
    for _ in range(max(3, games // 10) if warmup is None else warmup):
        env.run(is_training=False)
    if not timed:
        for _ in range(games):
            env.run(is_training=False)
        return {}
    actions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(games):
        env.run(is_training=False)
        actions += len(env.action_recorder)
    return _result(games, actions, time.process_time() - cpu, time.perf_counter() - wall)


def measure_core(players: int, games: int, seed: int, warmup: int | None = None, timed: bool = True) -> dict:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)
    rng = random.Random(seed)

    def one() -> int:
        game.init_game()
        n = 0
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            n += 1
        return n

    for _ in range(max(3, games // 10) if warmup is None else warmup):
        one()
    if not timed:
        for _ in range(games):
            one()
        return {}
    actions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(games):
        actions += one()
    return _result(games, actions, time.process_time() - cpu, time.perf_counter() - wall)


def _result(games: int, actions: int, cpu: float, wall: float) -> dict:
    return {"games": games, "actions": actions, "cpu": cpu, "wall": wall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--play", choices=("env_4p", "core_4p"), help="play 3 warm-up games and --games games, untimed")
    args = parser.parse_args()
    if args.play == "env_4p":
        measure_env(4, args.games, args.seed, warmup=3, timed=False)
        return
    if args.play == "core_4p":
        measure_core(4, args.games, args.seed, warmup=3, timed=False)
        return
    print(json.dumps({
        "env_2p": measure_env(2, args.games, args.seed),
        "env_4p": measure_env(4, args.games, args.seed),
        "core_4p": measure_core(4, args.games, args.seed),
    }))


if __name__ == "__main__":
    main()
