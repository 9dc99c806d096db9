#!/usr/bin/env python3
"""Gauntlet player "aggressive": plays Skips, Reverses, Draw Twos and Wild Draw Fours as early as
it can, sheds its highest-point cards first, stacks whenever allowed and names the colour it
holds most. Usage: python3 gauntlet_aggressive.py [--seed N]"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _gauntlet_core import Player, card_rank, is_action, points, run  # noqa: E402

ORDER = {"w+4": 4, "+2": 3, "s": 2, "r": 1}


class Aggressive(Player):
    name = "aggressive"

    def card_score(self, p, card, target=None):
        if card == "beep":
            return 0.5
        if card == "w+4" and self.holds_color(p, p["color"], without=card):
            return -1000.0  # as early as the rules allow: never as a bluff (draw instead)
        score = points(card) / 10.0  # highest points first
        if is_action(card):
            score += 100 + 10 * ORDER.get(card if card == "w+4" else card_rank(card), 0)
        if card_rank(card) == "7" and self.options.get("seven_o") and target:
            score += 2 if p["counts"][target - 1] < len(p["hand"]) - 1 else -3
        return score

    def keep_drawn(self, p, card):
        return card == "w+4" and self.holds_color(p, p["color"], without=card)

    def wants_stack(self, p):
        return True

    def draw_threshold(self, p):
        return -900.0


if __name__ == "__main__":
    run(Aggressive, 202)
