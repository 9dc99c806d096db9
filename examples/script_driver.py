#!/usr/bin/env python3
"""Drive ``uno play --format json`` from a program: read each line, answer every prompt.

    python3 examples/script_driver.py --seed 3 --bots normal

Every argument is passed on to ``uno play``. Every seat without ``--bots`` or ``--seat`` is
scripted, and this program plays them all: after each line it sends, the game writes what
happened and then the next ``prompt`` (or ``game_over``), so reading up to the next prompt
is always enough. Answers name the prompt's id, so none is ever taken for another prompt.
The exit status is uno's: 0 when the game ended (docs/protocol.md lists the others).
"""

import json
import random
import subprocess
import sys

#: Commands worth sending first when a prompt lists them (then a random legal one).
EAGER = ("uno", "catch", "challenge", "beep")


def choose(prompt: dict, rng: random.Random) -> str:
    """One of the prompt's legal commands: say UNO, catch, challenge or answer a Beep first."""
    legal = prompt["legal"]
    eager = [c for c in legal if c.split()[0] in EAGER]
    if eager:
        return eager[0]
    plays = [c for c in legal if c.startswith("play ")]
    return rng.choice(plays if plays and rng.random() < 0.8 else legal)


def main(args: list[str]) -> int:
    rng = random.Random(0)
    game = subprocess.Popen([sys.executable, "-m", "uno_cli", "play", "--format", "json", *args],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
    assert game.stdin is not None and game.stdout is not None
    for line in game.stdout:
        message = json.loads(line)
        if message["type"] == "prompt":
            answer = {"id": message["id"], "cmd": choose(message, rng)}
            game.stdin.write(json.dumps(answer) + "\n")
            game.stdin.flush()
        elif message["type"] in ("error", "game_over"):
            print(message["text"])
    game.stdin.close()
    return game.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
