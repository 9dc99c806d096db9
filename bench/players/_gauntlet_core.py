"""Shared loop and game memory of the gauntlet_*.py reference players (standard library only).

Written from docs/protocol.md alone: it reads the JSON Lines of its seat, remembers what the
events show, and answers every prompt with one of its ``legal`` strings. A style subclasses
``Player`` and overrides the hooks it cares about; every answer falls back to a legal one.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass

PROTOCOL = 1
COLORS = "rygb"
ACTIONS = ("s", "r", "+2")


def card_color(card: str) -> str | None:
    """The printed colour of a card, None for Wilds and Beeps."""
    if card in ("w", "w+4", "beep") or not card or card[0] not in COLORS:
        return None
    return card[0]


def card_rank(card: str) -> str:
    """The number or symbol of a card: '5', 's', 'r', '+2', 'w', 'w+4', 'beep'."""
    return card if card_color(card) is None else card[1:]


def is_wild(card: str) -> bool:
    return card in ("w", "w+4")


def is_action(card: str) -> bool:
    return card == "w+4" or card_rank(card) in ACTIONS


def points(card: str) -> int:
    """Card points: numbers their face value, Skip/Reverse/Draw Two 20, Wilds 50 (Beep taken as 20)."""
    rank = card_rank(card)
    if rank.isdigit():
        return int(rank)
    return 50 if is_wild(card) else 20


def full_deck(beep: bool) -> dict[str, int]:
    """How many copies of each card the deck holds."""
    deck: dict[str, int] = {}
    for c in COLORS:
        deck[c + "0"] = 1
        for rank in [str(n) for n in range(1, 10)] + list(ACTIONS):
            deck[c + rank] = 2
    deck["w"] = 4
    deck["w+4"] = 4
    if beep:
        deck["beep"] = 8
    return deck


@dataclass
class Option:
    """One legal command, split into its parts."""

    cmd: str
    verb: str
    card: str | None = None
    color: str | None = None
    target: int | None = None

    @property
    def result_color(self) -> str | None:
        """The colour in play after this card (the named colour of a Wild)."""
        if self.card is None:
            return None
        return self.color if is_wild(self.card) else card_color(self.card)


def parse(cmd: str) -> Option:
    parts = cmd.split()
    verb = parts[0] if parts else ""
    opt = Option(cmd=cmd, verb=verb)
    if verb in ("play", "jump") and len(parts) > 1:
        opt.card = parts[1]
        for extra in parts[2:]:
            if extra in COLORS and len(extra) == 1:
                opt.color = extra
            elif extra.isdigit():
                opt.target = int(extra)
    elif verb in ("catch", "color") and len(parts) > 1:
        if parts[1].isdigit():
            opt.target = int(parts[1])
        else:
            opt.color = parts[1]
    return opt


class Player:
    """Game memory and the decisions every style shares; styles override the hooks."""

    name = "base"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seat = 0
        self.players = 2
        self.options: dict = {}
        self.color: str | None = None  # colour in play, as the events show it
        self.seen: dict[str, int] = {}  # cards seen on the pile since the last reshuffle
        self.lacks: dict[int, set[str]] = {}  # colours a seat drew or passed on
        self.last_w4: tuple[int, str | None] | None = None  # (seat, colour before it)
        self.last_answer: tuple | None = None

    # ----- memory -------------------------------------------------------------------------
    def on_event(self, m: dict) -> None:
        kind = m.get("type")
        if kind == "hello":
            self.seat = m.get("seat") or 0
            self.players = m.get("players", 2)
        elif kind == "match_start":
            self.options = m.get("options", {}) or {}
            self.players = m.get("players", self.players)
        elif kind == "hand_start":
            self.seen = {}
            self.lacks = {}
            self.color = None
            self.last_w4 = None
        elif kind == "first_card":
            self._see(m.get("card"))
            self.color = m.get("color") or card_color(m.get("card") or "") or self.color
        elif kind == "play":
            card = m.get("card") or ""
            seat = m.get("seat")
            self._see(card)
            if card == "w+4":
                self.last_w4 = (seat, self.color)
            new = m.get("color") if is_wild(card) else card_color(card)
            if new:
                self.color = new
                self.lacks.get(seat, set()).discard(new)
        elif kind == "color_chosen":
            self.color = m.get("color") or self.color
        elif kind == "draw":
            if m.get("reason") == "choice" and self.color and m.get("seat") != self.seat:
                self.lacks.setdefault(m.get("seat"), set()).add(self.color)
        elif kind == "pass":
            if self.color and m.get("seat") != self.seat:
                self.lacks.setdefault(m.get("seat"), set()).add(self.color)
        elif kind == "card_returned":
            card = m.get("card") or ""
            if self.seen.get(card):
                self.seen[card] -= 1
            if m.get("color"):
                self.color = m.get("color")
        elif kind == "reshuffle":
            self.seen = {}
        elif kind in ("swap", "rotate"):
            self.lacks = {}

    def _see(self, card: str | None) -> None:
        if card:
            self.seen[card] = self.seen.get(card, 0) + 1

    # ----- what a prompt tells ------------------------------------------------------------
    def active(self, p: dict) -> list[int]:
        out = set(p.get("eliminated") or [])
        return [s for s in range(1, len(p["counts"]) + 1) if s not in out]

    def partner(self, p: dict) -> int | None:
        if self.options.get("partners") and len(p["counts"]) == 4:
            return (self.seat + 1) % 4 + 1
        return None

    def is_opponent(self, p: dict, seat: int) -> bool:
        return seat != self.seat and seat != self.partner(p)

    def next_seat(self, p: dict, skip: int = 0) -> int:
        """The seat after mine in the direction of play (skip: seats passed over)."""
        alive = self.active(p)
        n = len(p["counts"])
        s = self.seat
        for _ in range(skip + 1):
            for _ in range(n):
                s = (s - 1 + p["direction"]) % n + 1
                if s in alive:
                    break
        return s

    def two_player(self, p: dict) -> bool:
        return len(self.active(p)) == 2

    def holds_color(self, p: dict, color: str | None, without: str | None = None) -> bool:
        hand = list(p["hand"])
        if without in hand:
            hand.remove(without)
        return color is not None and any(card_color(c) == color for c in hand)

    def color_counts(self, hand: list[str]) -> dict[str, int]:
        counts = {c: 0 for c in COLORS}
        for card in hand:
            col = card_color(card)
            if col:
                counts[col] += 1
        return counts

    def best_color(self, hand: list[str], without: str | None = None) -> str:
        """The colour held most (ties: most points in it, then r, y, g, b)."""
        hand = list(hand)
        if without in hand:
            hand.remove(without)
        counts = self.color_counts(hand)
        pts = {c: sum(points(x) for x in hand if card_color(x) == c) for c in COLORS}
        return max(COLORS, key=lambda c: (counts[c], pts[c], -COLORS.index(c)))

    def unseen_share(self, p: dict, color: str) -> float:
        """The share of cards I have not seen that are of this colour."""
        deck = full_deck(bool(self.options.get("beep")))
        known = dict(self.seen)
        for c in p["hand"]:
            known[c] = known.get(c, 0) + 1
        left = {c: max(0, n - known.get(c, 0)) for c, n in deck.items()}
        total = sum(left.values())
        if total <= 0:
            return 0.25
        return sum(n for c, n in left.items() if card_color(c) == color) / total

    def bluff_probability(self, p: dict, bluff_rate: float = 0.3) -> float:
        """How likely the Wild Draw Four on me was a bluff, from what I have seen."""
        if not self.last_w4:
            return 0.0
        seat, before = self.last_w4
        if not before or seat is None or seat < 1 or seat > len(p["counts"]):
            return 0.0
        if before in self.lacks.get(seat, set()):
            return 0.0
        held = p["counts"][seat - 1] + 1  # cards held when it was played
        share = self.unseen_share(p, before)
        has = 1.0 - (1.0 - share) ** held
        return has * bluff_rate / (has * bluff_rate + (1.0 - has))

    def swap_target(self, p: dict, targets: list[int]) -> int:
        """The seat to swap hands with: the opponent with fewest cards."""
        def key(s: int) -> tuple:
            return (not self.is_opponent(p, s), p["counts"][s - 1], s)
        return min(targets, key=key)

    # ----- the answer ---------------------------------------------------------------------
    def decide(self, p: dict) -> str:
        legal = list(p.get("legal") or [])
        if not legal:
            return "wait"
        opts = [parse(c) for c in legal]
        by_verb: dict[str, list[Option]] = {}
        for o in opts:
            by_verb.setdefault(o.verb, []).append(o)
        state = (p["kind"], p["phase"], tuple(p["hand"]), tuple(p["counts"]), p["top"], p["current"])
        repeated = self.last_answer is not None and self.last_answer[0] == state
        said = self.last_answer[1] if repeated else set()

        def fresh(cmd: str) -> bool:
            return cmd in legal and cmd not in said

        answer = self._decide(p, by_verb, fresh)
        if answer not in legal:
            answer = self.fallback(p, legal)
        self.last_answer = (state, (said | {answer}) if answer in ("uno",) or answer.startswith("catch") else said)
        return answer

    def fallback(self, p: dict, legal: list[str]) -> str:
        for safe in ("wait", "beep", "accept", "pass", "draw"):
            if safe in legal:
                return safe
        return legal[0]

    def _decide(self, p: dict, v: dict[str, list[Option]], fresh) -> str:
        phase, kind = p["phase"], p["kind"]
        if phase == "beep" and "beep" in v:
            return "beep"
        # Say UNO for myself first (before playing my next-to-last card, or when forgotten).
        if fresh("uno") and self.wants_uno(p):
            mine = p.get("uno_open") == self.seat or (
                self.seat not in (p.get("said_uno") or []) and len(p["hand"]) <= 2
                and p.get("uno_open") in (None, self.seat))
            if mine:
                return "uno"
        for o in v.get("catch", []):
            if o.target and self.is_opponent(p, o.target) and fresh(o.cmd) and self.wants_catch(p, o.target):
                return o.cmd
        if phase == "color" and "color" in v:
            col = self.choose_color(p, None)
            for o in v["color"]:
                if o.color == col:
                    return o.cmd
            return v["color"][0].cmd
        if kind == "race":
            return self.race(p, v)
        if phase == "pending":
            return self.pending(p, v)
        if phase == "drawn":
            return self.drawn(p, v)
        if phase == "play":
            return self.turn(p, v)
        return self.fallback(p, [o.cmd for vs in v.values() for o in vs])

    def complete(self, p: dict, card_opts: list[Option], card: str) -> str | None:
        """The command that plays this card with my colour or swap choice."""
        mine = [o for o in card_opts if o.card == card]
        if not mine:
            return None
        if any(o.color for o in mine):
            col = self.choose_color(p, card)
            for o in mine:
                if o.color == col:
                    return o.cmd
        if any(o.target for o in mine):
            t = self.swap_target(p, [o.target for o in mine if o.target])
            for o in mine:
                if o.target == t:
                    return o.cmd
        return mine[0].cmd

    # ----- hooks (a style overrides these) ------------------------------------------------
    def wants_uno(self, p: dict) -> bool:
        return True

    def wants_catch(self, p: dict, seat: int) -> bool:
        return True

    def choose_color(self, p: dict, card: str | None) -> str:
        return self.best_color(p["hand"], without=card)

    def card_score(self, p: dict, card: str, target: int | None = None) -> float:
        """How much I like playing this card now (higher first): follow the longest colour."""
        counts = self.color_counts(p["hand"])
        col = card_color(card)
        score = float(counts[col]) if col else -5.0
        score += points(card) / 100.0
        if card_rank(card) == "7" and self.options.get("seven_o") and target:
            score += 3 if p["counts"][target - 1] < len(p["hand"]) - 1 else -6
        if card_rank(card) == "0" and self.options.get("seven_o"):
            score -= 2
        if card == "beep":
            score = -3.0 if len(p["hand"]) > 1 else 100.0
        nxt = self.next_seat(p)
        if self.is_opponent(p, nxt) and p["counts"][nxt - 1] <= 2 and is_action(card):
            score += 10
        return score

    def play_cards(self, p: dict, v: dict[str, list[Option]]) -> list[Option]:
        """The play options, one per card (the colour or seat chosen later)."""
        out: dict[str, Option] = {}
        for o in v.get("play", []):
            if o.card is not None and o.card not in out:
                out[o.card] = o
        return list(out.values())

    def pick(self, p: dict, v: dict[str, list[Option]], allow_draw: bool = True) -> str:
        plays = v.get("play", [])
        cards = self.play_cards(p, v)
        if not cards:
            return self.no_play(p, v)
        best = None
        for o in cards:
            target = None
            if any(x.target for x in plays if x.card == o.card):
                target = self.swap_target(p, [x.target for x in plays if x.card == o.card and x.target])
            s = self.card_score(p, o.card, target)
            if best is None or s > best[0]:
                best = (s, o.card)
        if allow_draw and best[0] <= self.draw_threshold(p) and "draw" in v:
            return "draw"
        return self.complete(p, plays, best[1]) or plays[0].cmd

    def draw_threshold(self, p: dict) -> float:
        """Play nothing scoring at or below this; draw instead."""
        return -1000.0

    def no_play(self, p: dict, v: dict[str, list[Option]]) -> str:
        for verb in ("draw", "pass", "accept", "wait"):
            if verb in v:
                return verb
        return next(iter(v.values()))[0].cmd

    def turn(self, p: dict, v: dict[str, list[Option]]) -> str:
        return self.pick(p, v)

    def drawn(self, p: dict, v: dict[str, list[Option]]) -> str:
        if v.get("play"):
            card = v["play"][0].card or ""
            if self.keep_drawn(p, card) and "pass" in v:
                return "pass"
            return self.complete(p, v["play"], card) or v["play"][0].cmd
        return "pass" if "pass" in v else self.no_play(p, v)

    def keep_drawn(self, p: dict, card: str) -> bool:
        return False

    def pending(self, p: dict, v: dict[str, list[Option]]) -> str:
        if "challenge" in v and self.wants_challenge(p):
            return "challenge"
        if v.get("play") and self.wants_stack(p):
            honest = {k: list(x) for k, x in v.items()}
            if not self.bluff_stack(p):  # a Wild Draw Four stacked while holding the colour is a bluff too
                honest["play"] = [o for o in v["play"] if not (
                    o.card == "w+4" and self.holds_color(p, p["color"], without=o.card))]
            if honest["play"]:
                return self.pick(p, honest, allow_draw=False)
        return "accept" if "accept" in v else self.no_play(p, v)

    def bluff_stack(self, p: dict) -> bool:
        return False

    def wants_challenge(self, p: dict) -> bool:
        return self.bluff_probability(p) > 0.5

    def wants_stack(self, p: dict) -> bool:
        return True

    def race(self, p: dict, v: dict[str, list[Option]]) -> str:
        """Out of turn: continue a sequence or jump in when the style likes it, else wait."""
        for o in v.get("play", []) + v.get("jump", []):
            if o.card and o.card != "beep" and not is_wild(o.card) and self.wants_out_of_turn(p, o):
                return self.complete(p, v.get(o.verb, []), o.card) or o.cmd
        return "wait" if "wait" in v else self.fallback(p, [o.cmd for vs in v.values() for o in vs])

    def wants_out_of_turn(self, p: dict, o: Option) -> bool:
        if len(p["hand"]) == 2 and self.seat not in (p.get("said_uno") or []):
            return False  # out of turn there is no saying UNO first: a catch would cost more
        if card_rank(o.card or "") == "7" and self.options.get("seven_o") and o.target:
            return p["counts"][o.target - 1] < len(p["hand"]) - 1
        if card_rank(o.card or "") == "0" and self.options.get("seven_o"):
            return False
        return True


def run(cls: type[Player], default_seed: int) -> None:
    """Read the JSON Lines of my seat and answer every prompt."""
    seed = default_seed
    if "--seed" in sys.argv:
        try:
            seed = int(sys.argv[sys.argv.index("--seed") + 1])
        except (IndexError, ValueError):
            pass
    player = cls(seed)
    for line in sys.stdin:
        try:
            m = json.loads(line)
        except ValueError:
            continue
        if not isinstance(m, dict):
            continue
        if m.get("type") == "hello" and m.get("protocol") != PROTOCOL:
            print(f"protocol {m.get('protocol')} is not {PROTOCOL}", file=sys.stderr)
        if m.get("type") != "prompt":
            try:
                player.on_event(m)
            except Exception as exc:  # a surprise in memory must never cost an answer
                print(f"event {m.get('type')}: {exc!r}", file=sys.stderr)
            continue
        if not player.seat:
            player.seat = m.get("seat") or 0
        try:
            answer = player.decide(m)
        except Exception as exc:
            print(f"prompt {m.get('id')}: {exc!r}", file=sys.stderr)
            answer = player.fallback(m, list(m.get("legal") or ["wait"]))
        print(json.dumps({"id": m.get("id"), "cmd": answer}), flush=True)
