#!/usr/bin/env python3
"""Gauntlet player "hoarder": plays a Wild only when it has no other play, keeps Wild Draw Fours
for an opponent down to two cards or for its own last cards, and otherwise plays its lowest card.
Usage: python3 gauntlet_hoarder.py [--seed N]"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _gauntlet_core import Player, card_rank, points, run  # noqa: E402


class Hoarder(Player):
    name = "hoarder"

    def w4_time(self, p):
        short = any(self.is_opponent(p, s) and p["counts"][s - 1] <= 2 for s in self.active(p))
        return short or len(p["hand"]) <= 2

    def card_score(self, p, card, target=None):
        if card == "w+4":
            if self.holds_color(p, p["color"], without=card):
                return -1000.0
            return 10.0 if self.w4_time(p) else -1000.0
        if card == "w":
            return -100.0  # only with no other play
        if card == "beep":
            return -50.0 if len(p["hand"]) > 1 else 100.0
        score = -points(card)  # lowest first
        if card_rank(card) == "7" and self.options.get("seven_o") and target:
            score += 5 if p["counts"][target - 1] < len(p["hand"]) - 1 else -30
        if card_rank(card) == "0" and self.options.get("seven_o"):
            score -= 15
        return score

    def draw_threshold(self, p):
        return -900.0

    def keep_drawn(self, p, card):
        return card == "w+4" and (not self.w4_time(p) or self.holds_color(p, p["color"], without=card))

    def wants_stack(self, p):
        return True

    def pick(self, p, v, allow_draw=True):
        if not allow_draw:  # stacking on a penalty: a Draw Two first, a Wild Draw Four when it is time
            cards = [o.card for o in self.play_cards(p, v)]
            if any(c != "w+4" for c in cards) or self.w4_time(p):
                return super().pick(p, v, allow_draw=False)
            return "accept" if "accept" in v else super().pick(p, v, allow_draw=False)
        return super().pick(p, v, allow_draw)


if __name__ == "__main__":
    run(Hoarder, 404)
