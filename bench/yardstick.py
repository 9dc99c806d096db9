"""A minimal integer-coded UNO loop: the yardstick for the engine's speed (bench/speed.py).

Not a second copy of the rules: nothing in uno-cli uses it. It plays what RLCard's game
plays (random players, one hand, 4 players): match the colour or the symbol, Skip,
Reverse, Draw Two, Wild and Wild Draw Four (always allowed, never challenged), draw one
card when nothing can be played and play it if it can go, reshuffle the discards when the
pile runs out; no UNO call, no scoring, no events, no checks. Cards are small integers:
``colour * 16 + rank`` (ranks 0-9, 10 Skip, 11 Reverse, 12 Draw Two), 64 Wild, 65 Wild
Draw Four.
"""

from __future__ import annotations

import random

WILD, WILD4 = 64, 65
SKIP, REVERSE, DRAW2 = 10, 11, 12
DECK = tuple(
    [c * 16 + r for c in range(4) for r in range(13) for _ in range(1 if r == 0 else 2)] + [WILD] * 4 + [WILD4] * 4
)


def play_hand(rng: random.Random, players: int = 4) -> int:
    """Play one hand between random players; return the number of actions."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * 7:(i + 1) * 7] for i in range(players)]
    pile = deck[players * 7:]
    top = pile.pop()
    while top >= WILD:  # the first card is a coloured one
        pile.insert(0, top)
        top = pile.pop()
    discard = [top]
    color, rank = top >> 4, top & 15
    seat, step = 0, 1
    actions = 0
    randbelow = rng.randrange
    while True:
        hand = hands[seat]
        playable = [i for i, c in enumerate(hand) if c >= WILD or c >> 4 == color or c & 15 == rank]
        actions += 1
        if not playable:
            if not pile:
                pile = discard[:-1]
                del discard[:-1]
                rng.shuffle(pile)
                if not pile:
                    seat = (seat + step) % players
                    continue
            card = pile.pop()
            if not (card >= WILD or card >> 4 == color or card & 15 == rank):
                hand.append(card)
                seat = (seat + step) % players
                continue
            actions += 1
        else:
            card = hand.pop(playable[randbelow(len(playable))] if len(playable) > 1 else playable[0])
        discard.append(card)
        if not hand:
            return actions
        if card >= WILD:
            color, rank = randbelow(4), 15
        else:
            color, rank = card >> 4, card & 15
        nxt = (seat + step) % players
        if rank == SKIP:
            seat = (nxt + step) % players
        elif rank == REVERSE:
            step = -step
            seat = (seat + step) % players if players > 2 else seat
        elif rank == DRAW2 or card == WILD4:
            count = 2 if rank == DRAW2 else 4
            for _ in range(count):
                if not pile:
                    pile = discard[:-1]
                    del discard[:-1]
                    rng.shuffle(pile)
                if pile:
                    hands[nxt].append(pile.pop())
            seat = (nxt + step) % players
        else:
            seat = nxt


def run(games: int, seed: int = 1, players: int = 4) -> int:
    """Play ``games`` hands; return the actions played."""
    rng = random.Random(seed)
    return sum(play_hand(rng, players) for _ in range(games))
