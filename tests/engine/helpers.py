"""Build games in an exact position for scenario tests.

``make_game`` starts a real game, then overwrites hands, discard pile and draw pile. Every
card of the deck that the scenario does not place goes to the BOTTOM of the draw pile (or
to the discard pile under its top card, or to a seat's hand), so the card accounting of
``check_invariants`` still holds.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from uno_cli.engine import Action, Game, RuleOptions
from uno_cli.engine.cards import CARD_COLOR, new_deck
from uno_cli.engine.invariants import check_invariants


def make_game(
    seat_hands: list[list[str]],
    discard: list[str] | tuple[str, ...] = ("r3",),
    draw: list[str] | tuple[str, ...] = (),
    options: RuleOptions | None = None,
    current: int = 0,
    color: str | None = None,
    direction: int = 1,
    rest: str | int = "draw",
    dealer: int | None = None,
    seed: int = 1,
    eliminated: tuple[int, ...] = (),
    phase: str = "play",
    **option_values,
) -> Game:
    """A game with exactly these hands; ``draw`` lists the draw pile with its top LAST.

    ``rest`` says where the unused cards go: ``"draw"`` (bottom of the draw pile),
    ``"discard"`` (under the top of the discard pile) or a seat number (into that hand).
    ``eliminated`` lists the seats already out (their hands must be empty); ``phase`` is
    ``"play"`` or ``"color"`` (a Wild turned up first, ``color`` None).
    """
    opts = options or RuleOptions()
    if option_values:
        opts = opts.with_values(**option_values)
    players = len(seat_hands)
    g = Game(players, opts, seed=seed)
    g.dealer = dealer if dealer is not None else players - 1
    g.start()
    remaining = Counter(new_deck(opts.beep))
    placed = Counter()
    for h in seat_hands:
        placed.update(h)
    placed.update(discard)
    placed.update(draw)
    over = placed - remaining
    assert not over, f"more copies than the deck has: {dict(over)}"
    left = remaining - placed
    rest_cards = sorted(left.elements())
    g.hands = [list(h) for h in seat_hands]
    g.discard = list(discard)
    g.draw_pile = list(draw)
    if rest == "draw":
        g.draw_pile = rest_cards + g.draw_pile
    elif rest == "discard":
        g.discard = rest_cards + g.discard
    else:
        g.hands[int(rest)].extend(rest_cards)
    top = g.discard[-1]
    g.color = color if color is not None else CARD_COLOR[top]
    g.current = current
    g.direction = direction
    for s in eliminated:
        g.eliminated[s] = True
    g.phase = phase
    g.reset_turn_state()
    assert check_invariants(g) == []
    return g


def ok(g: Game) -> None:
    """Assert that every invariant holds."""
    assert check_invariants(g) == []


def types(events) -> list[str]:
    """The event types, in order."""
    return [e.type for e in events]


def find(events, type_: str, seat: int | None = None):
    """Every event of ``type_`` (about ``seat`` if given)."""
    return [e for e in events if e.type == type_ and (seat is None or e.seat == seat)]


def one(events, type_: str, seat: int | None = None):
    """The single event of ``type_``."""
    found = find(events, type_, seat)
    assert len(found) == 1, (type_, events)
    return found[0]


def snapshot(g: Game) -> dict:
    """A deep copy of the game's whole state (without caches)."""
    skip = ("_legal_cache", "_legal_version", "_legal_seat", "_legal_one")
    return {k: copy.deepcopy(getattr(g, k)) for k in Game.__slots__ if k not in skip}


def play(seat: int, card: str, color: str | None = None, target: int | None = None) -> Action:
    return Action("play", seat, card, color, target)


def act(kind: str, seat: int, card: str | None = None, color: str | None = None, target: int | None = None) -> Action:
    return Action(kind, seat, card, color, target)


def preset_setups() -> list[tuple[str, int]]:
    """Every preset with every player count it allows (partners: 4 only)."""
    from uno_cli.engine.options import PRESETS

    return [
        (name, players)
        for name in sorted(PRESETS)
        for players in ([4] if PRESETS[name].partners else range(2, 11))
    ]


def random_game(options: RuleOptions, players: int, seed: int, max_actions: int = 3000):
    """Play one seeded random game; yield ``(game, action, events)`` after each action.

    Each step a seat with a legal action is picked (an out-of-turn one about a third of
    the time), then one of its legal actions; now and then a seat tries a missed
    interception with a card it holds. The start and each new hand yield ``action`` None.
    """
    rng = random.Random(seed)
    g = Game(players, options, seed=seed)
    yield g, None, g.start()
    for _ in range(max_actions):
        if g.is_over:
            return
        if g.phase == "hand_over":
            yield g, None, g.start_hand()
            continue
        seats = [s for s in range(players) if g.legal_actions(s)]
        others = [s for s in seats if s != g.current or g.phase == "beep"]
        action = None
        if options.jumping and rng.random() < 0.02:
            seat = rng.randrange(players)
            if g.hands[seat]:
                missed = Action("missed_jump_in", seat, rng.choice(g.hands[seat]))
                if g.is_legal(missed):
                    action = missed
        if action is None:
            if others and (g.current not in seats or rng.random() < 0.3):
                seat = rng.choice(others)
            else:
                seat = g.current
            action = rng.choice(g.legal_actions(seat))
        yield g, action, g.apply(action)
