"""RLCard's UNO in CPU time: ``env.run`` (random agents) and its game core alone.

Runs *inside* the RLCard virtual environment that ``bench/rlcard_bench.py`` creates
(``bench/.rlcard-venv``); ``bench/speed.py`` calls it once per round and reads the one JSON
line it prints. The game core is ``rlcard.games.uno.game.UnoGame`` driven by a uniform
choice among ``get_legal_actions()``: RLCard's rules and state without the numpy encoding
of ``env.run``.

    bench/.rlcard-venv/bin/python bench/rlcard_core.py --games 300
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


def measure_env(players: int, games: int, seed: int) -> dict:
    env = _env(players, seed)
    for _ in range(max(3, games // 10)):
        env.run(is_training=False)
    actions = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(games):
        env.run(is_training=False)
        actions += len(env.action_recorder)
    return _result(games, actions, time.process_time() - cpu, time.perf_counter() - wall)


def measure_core(players: int, games: int, seed: int) -> dict:
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

    for _ in range(max(3, games // 10)):
        one()
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
    args = parser.parse_args()
    print(json.dumps({
        "env_2p": measure_env(2, args.games, args.seed),
        "env_4p": measure_env(4, args.games, args.seed),
        "core_4p": measure_core(4, args.games, args.seed),
    }))


if __name__ == "__main__":
    main()
