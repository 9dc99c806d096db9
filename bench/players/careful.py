#!/usr/bin/env python3
"""An outside UNO player with a careful, human-like heuristic: the yardstick for the bots.

It keeps its Wilds for when nothing else goes, follows the colour it holds most of, hits a
short-handed next player with action cards, never bluffs a Wild Draw Four, passes a draw
penalty on when it can, challenges a Wild Draw Four only when a bluff is more likely than
not, always says UNO and catches, and jumps in with a matching coloured card.

It knows only what the protocol tells its seat (docs/protocol.md): the prompts and the
events it saw. Standard library only; shares no code with uno_cli.

    python3 bench/players/careful.py [--seed N]
"""

import json
import math
import sys

COLORS = "rygb"
SHORT = 2  # a next player with this many cards or fewer is hit with action cards


def color_of(card):
    """The card's colour letter, or None for Wild, Wild Draw Four and Beep."""
    return None if card in ("w", "w+4", "beep") else card[0]


def deck_colors(beep):
    """How many cards of each colour a full deck holds (19 numbers + 6 actions)."""
    return {c: 25 for c in COLORS}, 108 + (8 if beep else 0)


class Memory:
    """What the seat saw: colours played and seats known to lack a colour."""

    def __init__(self):
        self.seat = None
        self.beep = False
        self.seen = {c: 0 for c in COLORS}  # coloured cards seen played this deck
        self.seen_total = 0
        self.color = None  # the colour in play, from events
        self.color_before = {}  # seat -> colour in play when it played its last Wild Draw Four
        self.lacks = {}  # seat -> colours it showed it does not hold
        self.drew_on = {}  # seat -> colour in play when it last drew by choice
        self.guilty = {}  # seat -> (bluffs found, challenges seen)

    def note(self, m):
        """Update from one event."""
        kind, seat = m.get("type"), m.get("seat")
        if kind == "hello":
            self.seat = m.get("seat")
        elif kind == "match_start":
            self.beep = bool(m.get("options", {}).get("beep"))
        elif kind in ("hand_start", "reshuffle"):
            self.seen = {c: 0 for c in COLORS}
            self.seen_total = 0
            if kind == "hand_start":
                self.lacks = {}
        elif kind == "first_card":
            self._saw(m["card"])
            self.color = m.get("color") or color_of(m["card"])
        elif kind == "play":
            card = m["card"]
            self._saw(card)
            if card == "w+4":
                self.color_before[seat] = self.color
            if color_of(card) is not None:
                self.lacks.get(seat, set()).discard(color_of(card))
                self.color = color_of(card)
            elif m.get("color"):
                self.color = m["color"]
        elif kind == "color_chosen":
            self.color = m["color"]
        elif kind == "draw":
            if m.get("reason") == "choice" and self.color:
                self.drew_on[seat] = self.color
                self.lacks.setdefault(seat, set()).add(self.color)
            else:
                self.lacks.pop(seat, None)  # new unknown cards
        elif kind in ("playable_drawn", "pass"):
            # The drawn card was playable: it may be of the colour it seemed to lack.
            self.lacks.get(seat, set()).discard(self.drew_on.get(seat))
        elif kind == "swap" or kind == "rotate":
            self.lacks = {}
        elif kind == "challenge_result":
            found, total = self.guilty.get(seat, (0, 0))
            self.guilty[seat] = (found + bool(m.get("guilty")), total + 1)

    def _saw(self, card):
        c = color_of(card)
        if c is not None:
            self.seen[c] += 1
        self.seen_total += 1

    def bluff_chance(self, prompt, bluffer):
        """How likely the Wild Draw Four waiting on us was a bluff."""
        before = self.color_before.get(bluffer)
        if before is None or before in self.lacks.get(bluffer, set()):
            return 0.0
        per_color, total = deck_colors(self.beep)
        mine = prompt["hand"]
        unseen = total - self.seen_total - len(mine)
        unseen_c = per_color[before] - self.seen[before] - sum(color_of(c) == before for c in mine)
        n = prompt["counts"][bluffer - 1]
        if unseen <= 0 or n <= 0:
            return 0.0
        unseen_c = max(0, min(unseen_c, unseen))
        # Chance its n cards hold at least one of the colour (drawn blind from the unseen).
        none = math.comb(unseen - unseen_c, n) / math.comb(unseen, n) if n <= unseen else 0.0
        holds = 1.0 - none
        found, seen = self.guilty.get(bluffer, (0, 0))
        dares = (found + 1) / (seen + 2)  # how often it plays one while holding the colour
        return holds * dares / (holds * dares + (1.0 - holds))


def next_seat(prompt):
    """The seat that plays after ours."""
    n = len(prompt["counts"])
    seat = prompt["seat"]
    for _ in range(n):
        seat = (seat - 1 + prompt["direction"]) % n + 1
        if seat not in prompt["eliminated"]:
            return seat
    return seat


def best_color(hand):
    """The colour we hold most of (ties broken by card points)."""
    score = {c: 0.0 for c in COLORS}
    for card in hand:
        c = color_of(card)
        if c is not None:
            score[c] += 1 + (0.01 if card[1:] in ("s", "r", "+2") else 0.001 * int(card[1:]))
    return max(COLORS, key=lambda c: score[c])


def rate(command, prompt, rest):
    """How much we like a play command (higher is better); None refuses it."""
    words = command.split()
    card = words[1]
    hand = prompt["hand"]
    color = prompt["color"]
    nxt = next_seat(prompt)
    short = prompt["counts"][nxt - 1] <= SHORT
    if card == "w+4" and any(color_of(c) == color for c in hand):
        return None  # a bluff
    if card in ("w", "w+4"):
        named = words[2]
        if named != best_color(rest):
            return None
        return 30 if (card == "w+4" and short) else (-50 if card == "w" else -40)
    c = color_of(card)
    score = 10.0 * sum(color_of(x) == c for x in rest)  # follow the longest colour
    if card == "beep":
        return 5.0 + (20 if short else 0)
    if card[1:] in ("s", "r", "+2"):
        score += 40 if short else -3  # hit a short hand, else keep for defence
    else:
        score += int(card[1:]) * 0.3  # shed points
    if len(words) == 3:  # a 7 that swaps hands: gain only if the other hand is smaller
        score += 20 * (len(rest) - prompt["counts"][int(words[2]) - 1])
    return score


def choose(prompt, memory):
    """The command to send for one prompt."""
    legal = prompt["legal"]
    if "uno" in legal:
        return "uno"
    catches = [c for c in legal if c.startswith("catch ")]
    if catches:
        return catches[0]
    phase = prompt["phase"]
    if phase == "beep":
        return "beep"
    if phase == "color":
        return "color " + best_color(prompt["hand"])
    hand = prompt["hand"]
    options = []
    for command in legal:
        words = command.split()
        if words[0] not in ("play", "jump"):
            continue
        rest = list(hand)
        if words[1] in rest:
            rest.remove(words[1])
        if words[0] == "jump" and words[1] in ("w", "w+4"):
            continue
        if phase == "drawn" and words[1] in ("w", "w+4") and len(hand) > 2:
            continue  # keep a drawn Wild
        score = rate(command, prompt, rest)
        if score is not None:
            options.append((score, command))
    if prompt["kind"] == "race":
        return max(options)[1] if options else "wait"
    if phase == "pending":
        if options:
            return max(options)[1]
        if "challenge" in legal and prompt["pending_kind"] == "w+4":
            bluffer = memory.last_wild4
            if bluffer and memory.bluff_chance(prompt, bluffer) > 0.5:
                return "challenge"
        return "accept" if "accept" in legal else legal[0]
    if options:
        return max(options)[1]
    for fallback in ("pass", "draw", "accept"):
        if fallback in legal:
            return fallback
    return legal[0]


def main():
    """Read the game line by line and answer every prompt."""
    memory = Memory()
    memory.last_wild4 = None
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        kind = message.get("type")
        if kind == "pending" and message.get("kind") == "w+4":
            memory.last_wild4 = message.get("by")
        if kind != "prompt":
            memory.note(message)
            continue
        try:
            answer = choose(message, memory)
        except Exception as error:  # never leave a prompt unanswered
            print(f"careful: {error!r}", file=sys.stderr)
            answer = "wait" if message["kind"] == "race" else message["legal"][0]
        sys.stdout.write(f"#{message['id']} {answer}\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
