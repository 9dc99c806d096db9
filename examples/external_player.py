#!/usr/bin/env python3
"""A tiny external UNO player: reads JSON Lines on stdin, answers prompts at random.

Run a seat with it::

    uno play --seat 2=cmd:"python3 examples/external_player.py --seed 1"

Every line it reads is one JSON object, as ``uno play --format json`` writes it for its
seat (docs/protocol.md, without the lines that only retell events to a listener): first ``{"type": "hello", "protocol": 1, ...}``, then the
events its seat may see (seats numbered from 1) and a prompt whenever it may act::

    {"type": "prompt", "id": 17, "seat": 2, "kind": "turn", "legal": ["play r5", "draw"], ...}

It answers each prompt with one line naming the prompt's id and one of the ``legal``
commands, copied exactly: ``{"id": 17, "cmd": "play r5"}`` (``#17 play r5`` and a bare
``play r5`` work too). A race prompt (``"kind": "race"``) may be answered ``wait``.
"""

import json
import random
import sys

PROTOCOL = 1


def main() -> None:
    seed = 0
    if "--seed" in sys.argv:
        seed = int(sys.argv[sys.argv.index("--seed") + 1])
    rng = random.Random(seed)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello" and message["protocol"] != PROTOCOL:
            print(f"protocol {message['protocol']} is not {PROTOCOL}", file=sys.stderr)
        if message["type"] != "prompt":
            continue  # an event: a real player would remember it
        legal = message["legal"]
        if message["kind"] == "race":
            # Out of turn: say UNO or catch when possible, otherwise mostly wait.
            eager = [c for c in legal if c == "uno" or c.startswith("catch")]
            answer = eager[0] if eager else ("wait" if rng.random() < 0.8 else rng.choice(legal))
        else:
            plays = [c for c in legal if c.startswith("play") or c in ("uno", "beep")]
            answer = rng.choice(plays) if plays else rng.choice(legal)
        print(json.dumps({"id": message["id"], "cmd": answer}), flush=True)


if __name__ == "__main__":
    main()
