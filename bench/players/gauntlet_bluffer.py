#!/usr/bin/env python3
"""Gauntlet player "bluffer": plays a Wild Draw Four even while holding the colour in play (about
half the times it could), challenges others' Wild Draw Fours about 70% of the time, says UNO and
catches. Usage: python3 gauntlet_bluffer.py [--seed N]"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _gauntlet_core import Player, run  # noqa: E402


class Bluffer(Player):
    name = "bluffer"

    def turn(self, p, v):
        w4 = [o for o in v.get("play", []) if o.card == "w+4"]
        if w4 and self.holds_color(p, p["color"], without="w+4") and self.rng.random() < 0.5:
            return self.complete(p, v["play"], "w+4") or w4[0].cmd
        return super().turn(p, v)

    def card_score(self, p, card, target=None):
        score = super().card_score(p, card, target)
        if card == "w+4" and self.holds_color(p, p["color"], without=card):
            return -30.0  # the coin said no bluff this time
        return score

    def bluff_stack(self, p):
        return self.rng.random() < 0.5

    def wants_challenge(self, p):
        return self.rng.random() < 0.7


if __name__ == "__main__":
    run(Bluffer, 606)
