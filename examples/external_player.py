#!/usr/bin/env python3
"""A tiny external UNO player: reads JSON Lines on stdin, answers prompts at random.

Run a seat with it, e.g. from Python::

    from uno_cli.external import ExternalBot
    bot = ExternalBot(seat, rng, "python3 examples/external_player.py --seed 1")

Every line it reads is one JSON object: an event its seat may see (as ``uno play
--format json`` writes it, seats numbered from 1), or a prompt
``{"type": "prompt", "seat": 2, "in_turn": ..., "current": 2, "legal": [...]}``. It
answers each prompt with one line, one of the ``legal`` commands (``play r5``, ``draw``,
``uno``, ``catch 3``, ``wait``...), copied exactly.
"""

import json
import random
import sys


def main() -> None:
    seed = 0
    if "--seed" in sys.argv:
        seed = int(sys.argv[sys.argv.index("--seed") + 1])
    rng = random.Random(seed)
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") != "prompt":
            continue  # an event: a real player would remember it
        legal = message["legal"]
        if not message["in_turn"] and "wait" in legal:
            # Out of turn: say UNO or catch when possible, otherwise mostly wait.
            eager = [c for c in legal if c == "uno" or c.startswith("catch") or c == "beep"]
            answer = eager[0] if eager else ("wait" if rng.random() < 0.8 else rng.choice(legal))
        else:
            plays = [c for c in legal if c.startswith("play") or c == "uno"]
            answer = rng.choice(plays) if plays else rng.choice(legal)
        print(answer, flush=True)


if __name__ == "__main__":
    main()
