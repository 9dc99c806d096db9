"""Measure RLCard's UNO environment (random agents, ``env.run``).

This script runs *inside* the RLCard virtual environment
(``bench/.rlcard-venv``) that ``bench/rlcard_bench.py`` creates; it is not
part of the uno-cli package and it needs ``rlcard`` and ``numpy``, which the
main environment deliberately does not have.

Usage (normally called by rlcard_bench.py)::

    bench/.rlcard-venv/bin/python bench/rlcard_runner.py --players 2 --seconds 5
    bench/.rlcard-venv/bin/python bench/rlcard_runner.py --players 4 --games 3000

It prints one JSON object on standard output, for example::

    {"players": 4, "player_count_mode": "forced", "games": 3712,
     "seconds": 5.0, "games_per_second": 742.4, ...}

About the player count: ``rlcard.make('uno', config={'game_num_players': 4})``
silently ignores the setting in RLCard 1.2.0 (``Env.__init__`` only applies
``game_*`` options to blackjack and the hold'em games), so its UNO environment
is always 2 players by default.  RLCard's UNO *game* (``UnoGame``/``UnoRound``)
does handle any number of players, so for N != 2 this script calls
``env.game.configure({'game_num_players': N})`` and sets ``env.num_players``
itself ("forced" mode).  Only ``get_payoffs`` is 2-player shaped (it writes
-1 at index ``1 - winner``), which does not affect the game loop or the timing.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time


def build_env(players: int, seed: int):
    import numpy as np
    import rlcard
    from rlcard.agents import RandomAgent

    # RandomAgent draws from numpy's global generator.
    np.random.seed(seed)
    env = rlcard.make("uno", config={"seed": seed, "game_num_players": players})
    mode = "native"  # RLCard honoured the requested player count
    if env.num_players != players:
        # See the module docstring: the UNO env ignores game_num_players.
        env.game.configure({"game_num_players": players})
        env.num_players = players
        env.state_shape = [[4, 4, 15] for _ in range(players)]
        env.action_shape = [None for _ in range(players)]
        mode = "forced"
    agents = [RandomAgent(num_actions=env.num_actions) for _ in range(players)]
    env.set_agents(agents)
    return env, mode


def run_games(env, *, games: int | None, seconds: float | None) -> dict:
    """Play games with env.run until the count or the time budget is reached."""
    played = 0
    actions = 0
    errors = 0
    first_error = None
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds if seconds is not None else None
    while True:
        if games is not None and played >= games:
            break
        if deadline is not None and played > 0 and clock() >= deadline:
            break
        try:
            env.run(is_training=False)
        except Exception as exc:  # pragma: no cover - RLCard edge cases
            errors += 1
            if first_error is None:
                first_error = repr(exc)
        played += 1
        actions += len(env.action_recorder)
    elapsed = clock() - start
    return {
        "games": played,
        "seconds": elapsed,
        "games_per_second": played / elapsed if elapsed > 0 else 0.0,
        "mean_actions_per_game": actions / played if played else 0.0,
        "errors": errors,
        "first_error": first_error,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--games", type=int, help="play exactly this many games")
    group.add_argument("--seconds", type=float, help="play for about this long")
    parser.add_argument("--warmup", type=float, default=0.5,
                        help="seconds of untimed warm-up games (default 0.5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games is None and args.seconds is None:
        args.seconds = 5.0
    if args.players < 2 or args.players > 10:
        parser.error("--players must be between 2 and 10")

    try:
        import numpy
        import rlcard
    except ImportError as exc:
        print(json.dumps({"error": f"cannot import RLCard here: {exc}"}))
        return 2

    env, mode = build_env(args.players, args.seed)
    if args.warmup > 0:
        run_games(env, games=None, seconds=args.warmup)
    result = run_games(env, games=args.games, seconds=args.seconds)
    result.update(
        {
            "implementation": "rlcard",
            "rlcard_version": getattr(rlcard, "__version__", None)
            or _dist_version("rlcard"),
            "numpy_version": numpy.__version__,
            "python": platform.python_version(),
            "players": args.players,
            "player_count_mode": mode,
            "agents": "RandomAgent",
            "seed": args.seed,
        }
    )
    print(json.dumps(result))
    return 0


def _dist_version(name: str) -> str | None:
    try:
        from importlib.metadata import version

        return version(name)
    except Exception:
        return None


if __name__ == "__main__":
    sys.exit(main())
