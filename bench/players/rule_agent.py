#!/usr/bin/env python3
"""An outside UNO player: a port, in our own words, of RLCard's UNO rule agent (UNORuleAgentV1).

RLCard's agent (rlcard/models/uno_rule_models.py) draws when nothing is playable, plays a
Wild Draw Four whenever its game allows one (only when no other card, plain Wild included,
can be played) naming the colour it holds most of, and otherwise plays a random playable card,
keeping Wilds unless nothing else can go (then a Wild with a random colour). RLCard's game
plays a drawn card at once when it is a Wild or has the colour in play (a Wild's colour at
random). uno-cli's rules have more than RLCard's game; those prompts get the plain answer:
take every penalty (no stacking, no challenge), no jump-ins, answer a Beep, say UNO and catch
when offered, name a random colour for a first-card Wild, swap with a random seat on a 7.

Speaks the external-seat protocol (docs/protocol.md): JSON lines on stdin, one
``#ID COMMAND`` line per prompt on stdout. Standard library only; shares no code with uno_cli.

    python3 bench/players/rule_agent.py [--seed N]
"""

import json
import random
import sys

COLORS = "rygb"


def color_of(card):
    """The card's colour letter, or None for Wild, Wild Draw Four and Beep."""
    return None if card in ("w", "w+4", "beep") else card[0]


def rank_of(card):
    """What a card shows besides its colour (5, s, r, +2, w, w+4, beep)."""
    return card if color_of(card) is None else card[1:]


def most_held_color(hand, rng):
    """The colour of most non-wild cards in the hand (RLCard counts the first letter)."""
    counts = {}
    for card in hand:
        c = color_of(card)
        if c is not None:
            counts[c] = counts.get(c, 0) + 1
    if not counts:
        return rng.choice(COLORS)
    return max(counts, key=counts.get)


def choose(prompt, rng):
    """The command to send for one prompt."""
    legal = prompt["legal"]
    for word in ("uno",):
        if word in legal:
            return word
    catches = [c for c in legal if c.startswith("catch ")]
    if catches:
        return catches[0]
    if prompt["kind"] == "race":
        return "wait"
    phase = prompt["phase"]
    if phase == "beep":
        return "beep"
    if phase == "color":
        return rng.choice([c for c in legal if c.startswith("color ")])
    if phase == "pending":
        return "accept" if "accept" in legal else legal[0]
    plays = [c for c in legal if c.startswith("play ")]
    if phase == "drawn":
        drawn = prompt["drawn"]
        takes = [c for c in plays if c.split()[1] == drawn]
        if takes and (color_of(drawn) in (None, prompt["color"]) and drawn != "beep"):
            return rng.choice(takes)
        return "pass" if "pass" in legal else legal[0]
    # RLCard's legal set: cards matching colour or sign, plain Wilds; a Wild Draw Four only
    # when nothing else matches.
    color = prompt["color"]
    top = prompt["top"]
    cards = set(c.split()[1] for c in plays)
    own = [c for c in plays if c.split()[1] != "w+4"]
    matching = [c for c in own if c.split()[1] == "w" or c.split()[1] == "beep"
                or color_of(c.split()[1]) == color or rank_of(c.split()[1]) == rank_of(top)]
    if not matching:
        matching = own  # a sequence or other uno-cli rule allows a card RLCard would not
    if not matching and "w+4" in cards:
        target = most_held_color([c for c in prompt["hand"] if c != "w+4"], rng)
        wanted = [c for c in plays if c.split()[1] == "w+4" and c.split()[2:] == [target]]
        return wanted[0] if wanted else rng.choice([c for c in plays if c.split()[1] == "w+4"])
    if not matching:
        return "draw" if "draw" in legal else legal[0]
    plain = [c for c in matching if c.split()[1] != "w"]
    return rng.choice(plain or matching)


def main():
    """Read the game line by line and answer every prompt."""
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 0
    rng = random.Random(seed)
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if message.get("type") == "hand_dealt" and message.get("cards"):
            # A new stream of choices each deal, the same for the same deal and seed.
            rng = random.Random(f"{seed}:{','.join(message['cards'])}")
        if message.get("type") != "prompt":
            continue
        try:
            answer = choose(message, rng)
        except Exception as error:  # never leave a prompt unanswered
            print(f"rule_agent: {error!r}", file=sys.stderr)
            answer = "wait" if message["kind"] == "race" else message["legal"][0]
        sys.stdout.write(f"#{message['id']} {answer}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
