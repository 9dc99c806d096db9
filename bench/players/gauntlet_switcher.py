#!/usr/bin/env python3
"""Gauntlet player "switcher": remembers the colours each opponent drew or passed on, changes the
colour whenever it can to one the next player lacks, and names that colour with Wilds.
Usage: python3 gauntlet_switcher.py [--seed N]"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _gauntlet_core import COLORS, Player, card_color, is_wild, run  # noqa: E402


class Switcher(Player):
    name = "switcher"

    def target_colors(self, p):
        """The colours the next player (an opponent) could not follow."""
        nxt = self.next_seat(p)
        if not self.is_opponent(p, nxt):
            return set()
        return set(self.lacks.get(nxt, set()))

    def choose_color(self, p, card):
        lacked = self.target_colors(p)
        if lacked:
            counts = self.color_counts([c for c in p["hand"] if c != card])
            return max(sorted(lacked), key=lambda c: (counts[c], -COLORS.index(c)))
        return super().choose_color(p, card)

    def card_score(self, p, card, target=None):
        score = super().card_score(p, card, target)
        lacked = self.target_colors(p)
        col = card_color(card)
        if col and col in lacked:
            score += 30  # a colour the next player cannot follow
        if card == "w+4" and self.holds_color(p, p["color"], without=card):
            return -1000.0  # no bluffs: draw instead
        if is_wild(card) and lacked:
            score += 25
        if col and p["color"] and col != p["color"]:
            score += 1  # a change of colour
        return score

    def draw_threshold(self, p):
        return -900.0

    def keep_drawn(self, p, card):
        return card == "w+4" and self.holds_color(p, p["color"], without=card)


if __name__ == "__main__":
    run(Switcher, 303)
