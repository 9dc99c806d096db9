#!/usr/bin/env python3
"""Gauntlet player "careful": keeps Wilds for last, follows its longest colour, hits a short-handed
next player with action cards, never bluffs a Wild Draw Four, challenges a likely bluff, always
says UNO and catches. Usage: python3 gauntlet_careful.py [--seed N]"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _gauntlet_core import Player, is_wild, run  # noqa: E402


class Careful(Player):
    name = "careful"

    def card_score(self, p, card, target=None):
        score = super().card_score(p, card, target)
        if card == "w+4" and self.holds_color(p, p["color"], without=card):
            return -1000.0  # never a bluff
        if is_wild(card):
            nxt = self.next_seat(p)
            short = self.is_opponent(p, nxt) and p["counts"][nxt - 1] <= 2
            if not short and len(p["hand"]) > 4:
                return -500.0  # keep Wilds for the last cards: draw instead
            score = 12.0 if short and card == "w+4" else -20.0
        return score

    def draw_threshold(self, p):
        return -400.0

    def keep_drawn(self, p, card):
        return is_wild(card) and len(p["hand"]) > 5 or (
            card == "w+4" and self.holds_color(p, p["color"], without=card))

    def wants_stack(self, p):
        return True


if __name__ == "__main__":
    run(Careful, 101)
