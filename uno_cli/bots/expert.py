"""The ``expert`` bot: ``hard``'s memory, plus a search of its own turns.

When it has a real choice of plays in its turn, it samples hidden hands consistent with
what its seat knows (the cards it has seen, the cards known to be in a hand after a swap or
a challenge, the colours an opponent showed it lacks), plays each candidate a few actions
ahead on a copy of the engine's game with a fast greedy policy for every seat (out-of-turn
jump-ins and sequences included, as every level plays them), and picks the candidate with
the best average outcome: under penalty scoring (the Playroom) the chance of winning the
match from the points, under winner-takes scoring the hand won and its points. At a table
of three or more it also weighs keeping a card just drawn and drawing instead of a Wild, and
overrules ``hard``'s favourite only on a gain larger than the search's noise. Every other
decision is ``hard``'s. The number of rollouts is fixed (no clock), so the same seed gives
the same game.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Sequence

from uno_cli.bots.smart import SmartBot
from uno_cli.engine import Action, Game, Phase, View
from uno_cli.engine.seats import Seat
from uno_cli.engine.actions import ACCEPT, ANSWER, CATCH, COLOR, DRAW, JUMP_IN, PASS, PLAY, UNO
from uno_cli.engine.cards import BEEP, CARD_COLOR, CARD_POINTS, CARD_RANK, COLORS, COPIES, WILD, WILD4, hand_points
from uno_cli.engine.game import SEATS

#: Sampled deals per decision by default (the rollout budget; ``ExpertBot(worlds=N)`` or the
#: level ``expert@N`` sets another): each candidate is played out once in each (common deals
#: make the comparison fair). Chosen so that 99% of decisions take under 50 ms of CPU
#: (bench/expert_budget.py: 31.6 ms at 64 deals, 58 ms at 128, on a loaded 2-core machine).
WORLDS = 64
#: The largest rollout budget a level ``expert@N`` may ask for.
MAX_WORLDS = 1024
#: At most this many candidates are searched (the best by ``hard``'s own scores).
MAX_CANDIDATES = 3
#: A rollout longer than this many actions is judged on the cards left.
ROLLOUT_LIMIT = 400
#: Actions a rollout plays before the position is judged (0: to the end of the hand).
DEPTH = 12
#: Worth of one card fewer than the closest opponent, and of a Wild still held, in a judged position.
LEAF_CARD = 0.12
LEAF_WILD = 0.05
#: Bonus of hard's own favourite, so that the search overrules it only on clear evidence
#: (penalty scoring: worth PRIOR_POINTS points at the present scores).
PRIOR = 0.03
PRIOR_POINTS = 2.0
#: At a table of three or more, a searched option overrules hard's favourite only when its mean
#: gain over it (paired over the same deals) is larger than this many standard errors (0: the
#: best mean always wins, as at two players).
CONFIDENCE = 1.5
#: At a table of three or more the search also weighs keeping a playable card just drawn
#: (pass) against playing it, and drawing against spending a Wild that is hard's favourite.
SEARCH_DRAWN = True
WILD_DRAW = True
#: Penalty scoring (Playroom): points the leading seat adds in a typical hand, and the
#: spread of one hand's point difference, which size the chance of winning the match.
HAND_POINTS = 50.0
HAND_SPREAD = 40.0
#: Penalty scoring: how much one card fewer than the closest opponent raises the chance of
#: going out first, in a position judged before the hand ends (logistic slope).
LEAF_SLOPE = 0.5

_LIVE = (Phase.PLAYING, Phase.DRAWN, Phase.PENDING, Phase.CHOOSE_COLOR, Phase.BEEP_RACE)
#: Phases in which other seats may play out of turn (jump-ins, sequences).
_RACE_PHASES = (Phase.PLAYING, Phase.DRAWN, Phase.PENDING)


_INDEX = {c: i for i, c in enumerate(COLORS)}
#: Colour index of each coloured card (Wilds and Beeps have none).
_CARD_INDEX = {card: _INDEX[c] for card, c in CARD_COLOR.items() if c is not None}
_ACTION_RANKS = frozenset(("s", "+2", "r"))
#: Two players: bonus of a Skip, Reverse or Draw Two in a rollout (each gives another turn,
#: so every seat chains them, as a two-player specialist does).
DUEL_CHAIN = 4.0
#: A rollout seat spends action cards and Wild Draw Fours on a neighbour with at most this many cards.
SHORT = 2


def rollout_action(game: Game, rng: random.Random) -> Action:
    """The fast policy every seat follows in a rollout: a greedy, colour-following player."""
    phase = game.phase
    if phase == Phase.BEEP_RACE:
        seat = game.beep_waiting[0]
        for a in game.legal_actions(seat):
            if a.kind == ANSWER:
                return a
    seat = game.current
    legal = game.legal_actions(seat)
    hand = game.hands[seat]
    counts = [0, 0, 0, 0]
    index = _CARD_INDEX
    for held in hand:
        i = index.get(held)
        if i is not None:
            counts[i] += 1
    best_color = COLORS[counts.index(max(counts))]
    if phase == Phase.CHOOSE_COLOR:
        return next(a for a in legal if a.kind == COLOR and a.color == best_color)
    if phase == Phase.PENDING:
        for a in legal:
            if a.kind == PLAY and a.card != BEEP and (a.color is None or a.color == best_color):
                return a
        return next(a for a in legal if a.kind == ACCEPT)
    n = game.players
    hands = game.hands
    nxt_short = len(hands[(seat + 1) % n]) <= SHORT or len(hands[(seat - 1) % n]) <= SHORT
    chain = DUEL_CHAIN if n == 2 else 0.0
    choice: Action | None = None
    fallback: Action | None = None
    top = -1e9
    noise = rng.random
    for a in legal:
        kind = a.kind
        if kind == PLAY:
            card = a.card
            if card == BEEP:
                continue
            i = index.get(card)  # type: ignore[arg-type]
            if i is None:
                if a.color != best_color:
                    continue
                s = -6.0 if card == WILD else (3.0 if nxt_short else -5.0)
            else:
                s = 2.0 * counts[i] + CARD_POINTS[card] / 20.0  # type: ignore[index]
                if CARD_RANK[card] in _ACTION_RANKS:  # type: ignore[index]
                    s += (4.0 if nxt_short else 0.0) + chain
            if a.target is not None:
                s -= len(hands[a.target])
            s += noise()
            if s > top:
                top, choice = s, a
        elif fallback is None and (kind == DRAW or kind == PASS or kind == ACCEPT):
            fallback = a
    if choice is not None:
        return choice
    return fallback if fallback is not None else legal[0]


def race_action(game: Game, rng: random.Random) -> Action | None:
    """The out-of-turn play a rollout makes before the turn holder, if any seat has one.

    Every level and the reference players jump in and continue sequences whenever they can,
    and they react faster than the turn holder's pace: so in a rollout a seat that can race
    does, a jump-in (which plays again) before a sequence card, the most points first; among
    several seats that can, a random one is the quickest.
    """
    if game.phase not in _RACE_PHASES:
        return None
    current = game.current
    eliminated = game.eliminated
    found: list[Action] = []
    for seat in SEATS[game.players]:
        if seat == current or eliminated[seat]:
            continue
        choice: Action | None = None
        top = -1.0
        for a in game.legal_actions(seat):
            kind = a.kind
            if kind == JUMP_IN:
                s = 10.0 + CARD_POINTS[a.card]  # type: ignore[index]
            elif kind == PLAY and a.card != BEEP:
                s = float(CARD_POINTS[a.card])  # type: ignore[index]
            else:
                continue
            if s > top:
                top, choice = s, a
        if choice is not None:
            found.append(choice)
    if not found:
        return None
    return found[0] if len(found) == 1 else found[int(rng.random() * len(found))]


def play_out(game: Game, rng: random.Random, limit: int = ROLLOUT_LIMIT) -> bool:
    """Play ``game`` on with :func:`rollout_action` (and races) for ``limit`` actions; True if the hand ended."""
    live = _LIVE
    opts = game.options
    races = opts.jumping or opts.sequences
    for _ in range(limit):
        if game.phase not in live:
            return True
        action = race_action(game, rng) if races else None
        game.apply(action if action is not None else rollout_action(game, rng))
    return game.phase not in live


def overrules(values: Sequence[Sequence[float]], prior: float, z: float) -> int:
    """The option to play: the best by mean among those whose gain over option 0 clears ``z`` standard errors.

    ``values[i][w]`` is option ``i``'s rollout value in deal ``w`` (every option played in the
    same deals, so the gains are paired); option 0, ``hard``'s favourite, keeps the bonus
    ``prior`` per deal. Another option wins only if its mean paired gain over option 0, less
    the prior, is larger than ``z`` times the gain's standard error; else option 0 is played.
    """
    base = values[0]
    n = len(base)
    best, top = 0, 0.0
    if n < 2:
        return 0
    for i in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[i], base)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        gain = mean - prior
        if gain > 0 and gain * gain * n > z * z * var and gain > top:
            best, top = i, gain
    return best


class ExpertBot(SmartBot):
    """``hard`` with a determinized Monte Carlo search of its in-turn plays."""

    searches = True
    """Its turns take milliseconds: the interactive game asks it on a worker thread."""

    def __init__(self, seat: Seat, rng: random.Random, level: str = "expert", worlds: int | None = None) -> None:
        super().__init__(seat, rng, "expert" if level.startswith("expert") else level)
        self.worlds = worlds if worlds is not None else WORLDS
        """The rollout budget: sampled deals per search (each candidate played once in each)."""

    # ------------------------------------------------------------ sampling

    def sample(self, view: View, rng: random.Random) -> Game | None:
        """A game consistent with what this seat knows, hidden cards drawn at random (None: cannot)."""
        me = self.seat
        n = len(view.counts)
        pool: Counter[str] = Counter()
        for code, copies in COPIES.items():
            if code == BEEP and not view.options.beep:
                continue
            pool[code] = copies
        pool.subtract(view.hand)
        seen = self.discard.copy()
        if view.top is not None:
            seen[view.top] = max(seen[view.top], 1)
        discard: list[str] = []
        for code, k in seen.items():
            take = min(k, pool[code])
            if take > 0:
                pool[code] -= take
                discard.extend([code] * take)
        if view.top is not None:
            discard.remove(view.top)
            discard.append(view.top)
        cards = list(pool.elements())
        need = sum(view.counts[s] for s in range(n) if s != me) + view.draw_pile
        if len(cards) < need:
            return None
        rng.shuffle(cards)
        if len(cards) > need:
            # Cards this seat lost track of (an old discard pile): they are under the top card.
            extra, cards = cards[need:], cards[:need]
            discard[:0] = extra
        hands: list[list[str]] = [[] for _ in range(n)]
        hands[me] = list(view.hand)
        order = [s for s in range(n) if s != me]
        # Cards known to be in a hand go there first.
        for s in order:
            known = self.known.get(s)
            if not known:
                continue
            for code, k in known.items():
                for _ in range(k):
                    if len(hands[s]) < view.counts[s] and code in cards:
                        cards.remove(code)
                        hands[s].append(code)
        for s in order:
            want = view.counts[s] - len(hands[s])
            if want <= 0:
                continue
            lack = self.lack.get(s)
            if lack:
                kept: list[str] = []
                rest: list[str] = []
                for card in cards:
                    c = CARD_COLOR.get(card)
                    if len(kept) < want and (c is None or rng.random() >= lack[c]):
                        kept.append(card)
                    else:
                        rest.append(card)
                while len(kept) < want:
                    kept.append(rest.pop())
                hands[s].extend(kept)
                cards = rest
            else:
                hands[s].extend(cards[-want:])
                del cards[-want:]
        return Game.from_view(view, hands, cards, discard, rng.getrandbits(64))

    # ------------------------------------------------------------ judging

    def _value(self, before: Sequence[int], game: Game) -> float:
        """What a rollout is worth to this seat's side: the chance of winning the match, or the hand and points."""
        if game.options.scoring != "winner_takes":
            return self._match_value(game)
        me = self.seat
        side = set(game.team(me))
        gained = [game.scores[s] - before[s] for s in range(game.players)]
        if game.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            # Cut short: judged on the cards left (fewer than the closest opponent is better).
            mine = min(len(game.hands[s]) for s in side)
            others = [len(game.hands[s]) for s in range(game.players) if s not in side and not game.eliminated[s]]
            closest = min(others, default=mine)
            wilds = sum(1 for s in side for c in game.hands[s] if c == WILD or c == WILD4)
            return LEAF_CARD * (closest - mine) + LEAF_WILD * wilds
        others = [s for s in range(game.players) if s not in side and not game.eliminated[s]]
        mine = sum(gained[s] for s in side)
        won = mine > 0 or not any(gained[s] > 0 for s in others)
        theirs = max((gained[s] for s in others), default=0)
        return (1.0 if won else 0.0) + (mine - theirs) / 100.0

    @staticmethod
    def _standing(target: int, mine: float, theirs: float, out: bool) -> float:
        """Penalty scoring: the chance of winning the match with ``mine`` points against ``theirs`` (their mean)."""
        if mine >= target:
            return 0.0
        if out and theirs >= target:
            return 1.0
        # The match's remaining hands add up one spread each: a logistic in the point lead.
        left = max(1.0, (target - max(mine, theirs)) / HAND_POINTS)
        return 1.0 / (1.0 + math.exp((mine - theirs) / (HAND_SPREAD * math.sqrt(left))))

    def _match_value(self, game: Game) -> float:
        """Penalty scoring (lowest wins, elimination): the chance of winning the match after this rollout.

        Points are what decide the match, so a hand is worth what it does to the scores; a
        position cut short is judged by the chance of going out first (from the cards left)
        and the points each side would then add.
        """
        me = self.seat
        side = game.team(me)
        others = [s for s in range(game.players) if s not in side and not game.eliminated[s]]
        scores = game.scores
        target = game.options.target
        if not others:
            return 1.0
        mine = sum(scores[s] for s in side) / len(side)
        theirs = sum(scores[s] for s in others) / len(others)
        # With two sides, an opponent reaching the target ends the match in this seat's favour.
        duel = len(others) == 1 or game.options.partners
        if game.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            if game.eliminated[me]:
                return 0.0
            return self._standing(target, mine, theirs, duel)
        hands = game.hands
        cards = min(len(hands[s]) for s in side)
        closest = min(len(hands[s]) for s in others)
        first = 1.0 / (1.0 + math.exp(-LEAF_SLOPE * (closest - cards)))
        my_points = sum(hand_points(hands[s]) for s in side) / len(side)
        their_points = sum(hand_points(hands[s]) for s in others) / len(others)
        return first * self._standing(target, mine, theirs + their_points, duel) + (1.0 - first) * self._standing(
            target, mine + my_points, theirs, duel
        )

    def _prior(self, view: View) -> float:
        """The bonus of ``hard``'s favourite in :meth:`_value`'s units, per sampled deal."""
        if view.options.scoring == "winner_takes":
            return PRIOR
        side = [s for s in SEATS[len(view.counts)] if s == self.seat or self._partner(view, s)]
        others = self._opponents(view)
        if not others:
            return 0.0
        mine = sum(view.scores[s] for s in side) / len(side)
        theirs = sum(view.scores[s] for s in others) / len(others)
        target = view.options.target
        return self._standing(target, mine, theirs + PRIOR_POINTS, False) - self._standing(target, mine, theirs, False)

    def candidates(self, view: View, plays: Sequence[Action]) -> list[Action]:
        """The plays worth searching: wilds naming their best colour, ``hard``'s favourites."""
        best = self.best_color(view, [c for c in view.hand if c not in (WILD, WILD4)] or view.hand)
        out = [a for a in plays if a.card not in (WILD, WILD4) or a.color == best]
        out.sort(key=lambda a: -self._score(view, a, True))
        return out[:MAX_CANDIDATES]

    def search(self, view: View, options: Sequence[Action]) -> Action:
        """The option with the best average rollout value over :attr:`worlds` sampled deals.

        At a table of three or more another option overrules ``hard``'s favourite
        (``options[0]``) only when it is better by more than its noise (:func:`overrules`).
        """
        rng = random.Random(self.rng.getrandbits(64))
        values: list[list[float]] = [[] for _ in options]
        before = list(view.scores)
        worlds = self.worlds
        for _ in range(worlds):
            world = self.sample(view, rng)
            if world is None:
                return options[0]
            seed = rng.getrandbits(64)
            limit = DEPTH or ROLLOUT_LIMIT
            for i, a in enumerate(options):
                game = world.copy()
                game.apply(a)
                play_out(game, random.Random(seed), limit)
                values[i].append(self._value(before, game))
        prior = self._prior(view)
        active = len(view.counts) - sum(view.eliminated)
        if active > 2 and CONFIDENCE > 0:
            return options[overrules(values, prior, CONFIDENCE)]
        totals = [sum(v) for v in values]
        totals[0] += worlds * prior  # options[0] is hard's favourite
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best]

    # ------------------------------------------------------------ choosing

    def choose(self, view: View) -> Action | None:
        """Search in-turn plays when there is a real choice; otherwise decide as ``hard``."""
        legal = view.legal
        table = len(view.counts) - sum(view.eliminated) > 2
        if (
            view.current != self.seat
            or view.phase not in (Phase.PLAYING, Phase.DRAWN)
            or (view.phase == Phase.DRAWN and not (table and SEARCH_DRAWN))
            or any(a.kind in (ANSWER, CATCH, UNO) or a.card == BEEP for a in legal)
        ):
            return super().choose(view)
        plays = [a for a in legal if a.kind == PLAY]
        options = self.candidates(view, plays)
        if view.phase == Phase.DRAWN:
            options = options[:1] + [a for a in legal if a.kind == PASS]
        elif all(a.card in (WILD, WILD4) for a in options) or (table and WILD_DRAW and options
                                                              and options[0].card in (WILD, WILD4)):
            options += [a for a in legal if a.kind == DRAW]
        if len(options) < 2:
            return super().choose(view)
        self.last_hand = view.hand
        return self.search(view, options)
