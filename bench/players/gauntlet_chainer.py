#!/usr/bin/env python3
"""Gauntlet player "chainer": with two players it chains Skips, Reverses and Draw Twos (each one
gives it the turn again) and orders them so the chain ends with a card that lets it go on or go
out; with more players it follows the colour it holds most.
Usage: python3 gauntlet_chainer.py [--seed N]"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _gauntlet_core import COLORS, Player, card_color, card_rank, is_wild, run  # noqa: E402

BUDGET = 1500  # plan positions searched per decision: answers stay fast


class Chainer(Player):
    name = "chainer"

    def keeps_turn(self, card):
        """In a two-player game this card gives me the turn again."""
        rank = card_rank(card)
        if rank in ("s", "r"):
            return True
        if rank in ("+2", "w+4"):
            return bool(self.options.get("draw_skips", True))
        return False

    @staticmethod
    def matches(card, color, rank):
        if is_wild(card):
            return True
        if card == "beep":
            return False
        return card_color(card) == color or card_rank(card) == rank

    def plan_value(self, hand, color, rank, depth):
        """The best value of going on from here with this hand (the turn is mine)."""
        if not hand:
            return 1000.0 - depth
        key = (tuple(sorted(hand)), color, rank, depth)
        if key in self.memo:
            return self.memo[key]
        self.nodes += 1
        best = -10.0 * (depth == 0)  # nothing to play: I draw
        if self.nodes > BUDGET:
            return best
        tried = set()
        for i, card in enumerate(hand):
            if card in tried or not self.matches(card, color, rank):
                continue
            tried.add(card)
            rest = hand[:i] + hand[i + 1:]
            colors = [card_color(card)] if not is_wild(card) else self.plan_colors(rest)
            for col in colors:
                best = max(best, self.after(card, rest, col, depth))
        self.memo[key] = best
        return best

    def plan_colors(self, rest):
        counts = self.color_counts(rest)
        held = [c for c in COLORS if counts[c]]
        return held or [max(COLORS, key=lambda c: counts[c])]

    def after(self, card, rest, col, depth):
        """The value of playing card (naming col for a Wild) with rest left."""
        penalty = 15.0 if is_wild(card) else 0.0
        if not rest:
            return 1000.0 - depth - penalty
        if self.keeps_turn(card):
            follow = self.plan_value(rest, col, card_rank(card), depth + 1)
            if follow <= 0:  # the chain stops here with nothing to go on with
                return 10.0 * (depth + 1) - 40.0 - penalty
            return follow - penalty
        same = sum(1 for c in rest if card_color(c) == col or is_wild(c))
        return 10.0 * depth + 20.0 + same - penalty

    def turn(self, p, v):
        if not self.two_player(p):
            return super().turn(p, v)
        plays = v.get("play", [])
        if not plays:
            return self.no_play(p, v)
        best = None
        self.nodes, self.memo = 0, {}
        for o in self.play_cards(p, v):
            card = o.card
            if card == "beep" or card == "w+4" and self.holds_color(p, p["color"], without=card):
                continue  # no Beeps in a plan, and never a bluff
            hand = list(p["hand"])
            hand.remove(card) if card in hand else None
            if is_wild(card):
                value = max(self.after(card, hand, c, 0) for c in self.plan_colors(hand))
            else:
                value = self.after(card, hand, card_color(card), 0)
            value += self.card_score(p, card) / 100.0
            if best is None or value > best[0]:
                best = (value, card)
        if best is None:
            return super().turn(p, v)
        return self.complete(p, plays, best[1]) or plays[0].cmd

    def choose_color(self, p, card):
        if not self.two_player(p) or card is None:
            return super().choose_color(p, card)
        hand = list(p["hand"])
        if card in hand:
            hand.remove(card)
        self.nodes, self.memo = 0, {}
        return max(self.plan_colors(hand), key=lambda c: (self.after(card, hand, c, 0), -COLORS.index(c)))


if __name__ == "__main__":
    run(Chainer, 505)
