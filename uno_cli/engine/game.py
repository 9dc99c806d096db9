"""The game state and its rules: legal actions in, events out."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, cast

from uno_cli.engine.actions import (
    ACCEPT,
    ANSWER,
    CATCH,
    CHALLENGE,
    COLOR,
    DRAW,
    JUMP_IN,
    MISSED_JUMP_IN,
    PASS,
    PLAY,
    TURN_KINDS,
    UNO,
    Action,
)
from uno_cli.engine.cards import (
    ALL_CODES,
    BEEP,
    CARD_COLOR,
    CARD_RANK,
    COLORS,
    NUMBERS,
    WILD,
    WILD4,
    hand_points,
    is_number,
    new_deck,
)
from uno_cli.engine.errors import IllegalAction, InvalidSetup
from uno_cli.engine.events import Event
from uno_cli.engine.options import CLASSIC, RuleOptions
from uno_cli.engine.seats import Seat, all_seats

# Module constants are Final: compiled with mypyc, each is a C variable, not a lookup by name.
HAND_SIZE: Final = 7
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
#: Every seat of a game of n players, for each n (hot loops index this, calling nothing).
SEATS: Final[tuple[tuple[Seat, ...], ...]] = tuple(tuple(all_seats(n)) for n in range(MAX_PLAYERS + 1))
_MASK: Final = (1 << 64) - 1



class Phase(StrEnum):
    """What the game waits for; the values are the words saves and JSON use."""

    SETUP = "setup"
    """Not dealt yet."""
    PLAYING = "play"
    """The turn holder plays or draws."""
    DRAWN = "drawn"
    """The turn holder drew a playable card: play it or pass."""
    PENDING = "pending"
    """A draw penalty waits for the turn holder's answer."""
    CHOOSE_COLOR = "color"
    """The turn holder names the colour of a Wild turned up first."""
    BEEP_RACE = "beep"
    """Everyone must answer a Beep."""
    HAND_OVER = "hand_over"
    """Between hands."""
    MATCH_OVER = "match_over"
    """The match has winners."""


SETUP: Final = Phase.SETUP
PLAYING: Final = Phase.PLAYING
DRAWN: Final = Phase.DRAWN
PENDING: Final = Phase.PENDING
CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR
BEEP_RACE: Final = Phase.BEEP_RACE
HAND_OVER: Final = Phase.HAND_OVER
MATCH_OVER: Final = Phase.MATCH_OVER
#: Phases in which the turn holder must act.
IN_TURN_PHASES: Final = frozenset({PLAYING, DRAWN, PENDING, CHOOSE_COLOR})
#: Phases of a hand in play (someone may act).
LIVE_PHASES: Final = frozenset({PLAYING, DRAWN, PENDING, CHOOSE_COLOR, BEEP_RACE})


def awaited_seats(phase: Phase, current: Seat, beep_waiting: list[Seat] | tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats the game waits for: the turn holder, or in a Beep race those still to answer."""
    if phase == BEEP_RACE:
        return tuple(beep_waiting)
    if phase in IN_TURN_PHASES:
        return (current,)
    return ()

_ACTIONS: Final[dict[tuple[str, int, str | None, str | None, int | None], Action]] = {}


def _act(kind: str, seat: Seat, card: str | None = None, color: str | None = None, target: Seat | None = None) -> Action:
    # Actions are immutable values: share one instance per value (legal lists are hot).
    key = (kind, seat, card, color, target)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(kind, seat, card, color, target)
    return action


def _play_variants(kind: str, seat: Seat, card: str) -> tuple[Action, ...]:
    # A wild names its colour as it goes down (the target of a seven_o 7 is added by Game._variants).
    if card == WILD or card == WILD4:
        return tuple(_act(kind, seat, card, c) for c in COLORS)
    return (_act(kind, seat, card),)


#: For PLAY and JUMP_IN, for each seat, the actions that put each card down.
_VARIANTS: Final[dict[str, list[dict[str, tuple[Action, ...]]]]] = {
    kind: [{code: _play_variants(kind, seat, code) for code in ALL_CODES} for seat in SEATS[MAX_PLAYERS]]
    for kind in (PLAY, JUMP_IN)
}
_PLAYS: Final = _VARIANTS[PLAY]
#: The actions that only name a seat (or a seat and a target or colour).
def _by_seat(kind: str) -> tuple[Action, ...]:
    return tuple(_act(kind, seat) for seat in SEATS[MAX_PLAYERS])


_DRAWS: Final = _by_seat(DRAW)
_PASSES: Final = _by_seat(PASS)
_ACCEPTS: Final = _by_seat(ACCEPT)
_CHALLENGES: Final = _by_seat(CHALLENGE)
_UNOS: Final = _by_seat(UNO)
_ANSWERS: Final = _by_seat(ANSWER)
_CATCHES: Final = tuple(tuple(_act(CATCH, seat, None, None, t) for t in SEATS[MAX_PLAYERS]) for seat in SEATS[MAX_PLAYERS])
_COLORS: Final = tuple(tuple(_act(COLOR, seat, None, c) for c in COLORS) for seat in SEATS[MAX_PLAYERS])
_NUMBER_RANKS: Final = frozenset(NUMBERS)
#: Every card of the same rank (number or symbol) as each card, and each card alone.
_SAME_RANK: Final = {c: frozenset(d for d in ALL_CODES if CARD_RANK[d] == CARD_RANK[c]) for c in ALL_CODES}
_ITSELF: Final = {c: frozenset((c,)) for c in ALL_CODES}
_SEVENS: Final = frozenset(c + "7" for c in COLORS)
_FOLLOW: Final[dict[tuple[str | None, str], frozenset[str]]] = {}


def _followers(color: str | None, top: str) -> frozenset[str]:
    """The cards, Wild included but not Wild Draw Four nor Beep, that may be played on ``top`` under ``color``."""
    key = (color, top)
    cards = _FOLLOW.get(key)
    if cards is None:
        rank = CARD_RANK[top]
        cards = _FOLLOW[key] = frozenset(
            c
            for c in ALL_CODES
            if c == WILD
            or (CARD_COLOR[c] is not None and (color is None or CARD_COLOR[c] == color or CARD_RANK[c] == rank))
        )
    return cards


def _any_of(same: frozenset[str], nexts: frozenset[str], beep: bool) -> frozenset[str]:
    """Every card that lets a seat put something down out of turn (see Game._interruptions)."""
    return same | nexts | ({BEEP} if beep else set())


#: _any_of by what Game._interruptions returned.
_ANY_OF: Final[dict[tuple[frozenset[str], frozenset[str], bool], frozenset[str]]] = {}


def _sequence_next(top: str, seq_step: int, seven_o: bool) -> list[str]:
    """The cards that may continue a sequence on ``top``: its colour, one up or down (9 wraps to 0)."""
    last = int(CARD_RANK[top])
    color = CARD_COLOR[top]
    cards = []
    for card in ALL_CODES:
        if CARD_COLOR[card] != color or not is_number(card):
            continue
        if seven_o and CARD_RANK[card] in ("7", "0"):
            continue
        step = (int(CARD_RANK[card]) - last) % 10
        if step == 9:
            step = -1
        if step in (1, -1) and seq_step in (0, step):
            cards.append(card)
    return cards


_SEQ_NEXT: Final[dict[tuple[str, int, bool], frozenset[str]]] = {}
_NONE: Final[frozenset[str]] = frozenset()
#: Game._legal_cache while only the first seat asked has a list (never written to).
_NO_OTHERS: Final[dict[int | None, tuple[Any, ...]]] = {}

#: Deck order before the shuffle, without and with the Beep cards.
_DECKS: Final = (tuple(new_deck(False)), tuple(new_deck(True)))
#: For each pile size, the Fisher-Yates steps of a shuffle: (index, bits to draw).
_SHUFFLE_STEPS: Final[dict[int, tuple[tuple[int, int], ...]]] = {}
#: Number cards (the only ones that count when choosing the dealer).
_NUMBER_CARDS: Final = frozenset(c for c in ALL_CODES if is_number(c))
#: RuleOptions.to_dict() of options already seen (all values are immutable scalars).
_OPTION_DICTS: Final[dict[RuleOptions, dict[str, Any]]] = {}
_new: Final = object.__new__


def _event(type: str, seat: Seat | None, data: dict[str, Any], secret: dict[str, Any] | None = None) -> Event:
    # Event(type, seat, data, secret) without Event.__init__ (hot paths); a secret is the seat's.
    e = _new(Event)
    e.type = type
    e.seat = seat
    e.data = data
    e.secret = secret
    e.secret_to = seat if secret else None
    return e


@dataclass(frozen=True)
class View:
    """What one seat may know of the game."""

    seat: Seat
    hand: tuple[str, ...]
    counts: tuple[int, ...]
    top: str | None
    color: str | None
    current: Seat
    direction: int
    phase: Phase
    pending: int
    pending_kind: str | None
    drawn: str | None
    dealer: Seat | None
    hand_number: int
    scores: tuple[int, ...]
    eliminated: tuple[bool, ...]
    draw_pile: int
    discard_pile: int
    uno_open: Seat | None
    said_uno: tuple[bool, ...]
    beep_waiting: tuple[Seat, ...]
    sequence_seat: Seat | None
    options: RuleOptions
    legal: tuple[Action, ...] = field(default=())
    winners: tuple[Seat, ...] = ()

    @property
    def must_act(self) -> bool:
        """True if the game waits for this seat (its turn, or a Beep it has still to answer)."""
        return self.seat in awaited_seats(self.phase, self.current, self.beep_waiting)


#: Game's attributes (__init__ copies them all for copy()).
_GAME_SLOTS = (
    "options", "players", "_no_interrupts", "_jumping", "rng_state",
    "hands", "draw_pile", "discard", "color", "current", "direction", "dealer", "hand_number",
    "scores", "penalties", "eliminated", "phase", "pending", "pending_kind", "pending_cards",
    "bluffer", "bluff", "prev_color", "drawn", "must_play", "uno_open", "said", "jump_open",
    "seq_seat", "seq_step", "beep_waiting", "beep_resume", "stuck", "winners", "version",
    "turn_events", "_legal_cache", "_legal_version", "_legal_seat", "_legal_one", "listening", "played_how",
)


class Game:
    """One match of UNO between ``players`` seats, under ``options``.

    Drive it with :meth:`start`, then :meth:`apply` actions taken from
    :meth:`legal_actions`; between hands call :meth:`start_hand`. ``_source`` is
    :meth:`copy`'s: the new game copies that one.
    """

    # Fixed attributes: faster to reach than those of an instance dict this large.
    __slots__ = _GAME_SLOTS

    def __init__(self, players: int, options: RuleOptions = CLASSIC, seed: int = 0, _source: Game | None = None) -> None:
        source = _source
        if source is None:
            if not MIN_PLAYERS <= players <= MAX_PLAYERS:
                raise InvalidSetup("players", players=players, allowed=f"{MIN_PLAYERS}-{MAX_PLAYERS}")
            options.validate(players)
            self.options = options
            self.players = players
            # No Beeps, jump-ins or sequences: legal_actions (and so out_of_turn_seats) need
            # not look for interruptions, only for UNO and catch.
            self._no_interrupts = not (options.beep or options.jumping or options.sequences)
            self._jumping = options.jumping
            self.rng_state = seed & _MASK
            self.hands: list[list[str]] = [[] for _ in range(players)]
            self.draw_pile: list[str] = []  # top of the pile is the end of the list
            self.discard: list[str] = []  # top card is the end of the list
            self.color: str | None = None
            self.current = Seat(0)
            self.direction = 1
            self.dealer: Seat | None = None
            self.hand_number = 0
            self.scores = [0] * players
            self.penalties = [0] * players  # points from missed jump-ins, already in scores
            self.eliminated = [False] * players
            self.phase = SETUP
            self.pending = 0
            self.pending_kind: str | None = None
            self.pending_cards = 0  # how many cards make the pending penalty
            self.bluffer: Seat | None = None
            self.bluff = False
            self.prev_color: str | None = None
            self.drawn: str | None = None
            self.must_play = False
            self.uno_open: Seat | None = None
            self.said = [False] * players
            self.jump_open = False
            self.seq_seat: Seat | None = None
            self.seq_step = 0
            self.beep_waiting: list[Seat] = []
            self.beep_resume: Phase | None = None
            self.stuck = 0
            self.winners: list[Seat] = []
            self.version = 0
            #: "turn" events so far, from every call (the simulator counts turns with it).
            self.turn_events = 0
            # The legal lists of the state at version _legal_version (None: nothing cached):
            # the first seat asked (nearly always the only one) in _legal_seat/_legal_one, any
            # other seat's, and out_of_turn_seats under None, in the dict (_NO_OTHERS: none yet).
            self._legal_cache: dict[int | None, tuple[Any, ...]] | None = None
            self._legal_version = -1
            self._legal_seat = -1
            self._legal_one: tuple[Action, ...] = ()
            #: False: nobody listens, so apply, start and start_hand build no events (return []).
            self.listening = True
            #: How the last card played went down (the ``how`` of its play event).
            self.played_how = ""
        else:
            # copy(): made through __init__, since a class compiled with mypyc has no bare
            # instances (its __new__ runs __init__). Lists copied, immutable values shared.
            self.options = source.options
            self.players = source.players
            self._no_interrupts = source._no_interrupts
            self._jumping = source._jumping
            self.rng_state = source.rng_state
            self.hands = [h[:] for h in source.hands]
            self.draw_pile = source.draw_pile[:]
            self.discard = source.discard[:]
            self.color = source.color
            self.current = source.current
            self.direction = source.direction
            self.dealer = source.dealer
            self.hand_number = source.hand_number
            self.scores = source.scores[:]
            self.penalties = source.penalties[:]
            self.eliminated = source.eliminated[:]
            self.phase = source.phase
            self.pending = source.pending
            self.pending_kind = source.pending_kind
            self.pending_cards = source.pending_cards
            self.bluffer = source.bluffer
            self.bluff = source.bluff
            self.prev_color = source.prev_color
            self.drawn = source.drawn
            self.must_play = source.must_play
            self.uno_open = source.uno_open
            self.said = source.said[:]
            self.jump_open = source.jump_open
            self.seq_seat = source.seq_seat
            self.seq_step = source.seq_step
            self.beep_waiting = source.beep_waiting[:]
            self.beep_resume = source.beep_resume
            self.stuck = source.stuck
            self.winners = source.winners[:]
            self.version = source.version
            self.turn_events = source.turn_events
            self._legal_cache = None
            self._legal_version = -1
            self._legal_seat = -1
            self._legal_one = ()
            self.listening = source.listening
            self.played_how = source.played_how

    # ----------------------------------------------------------------- helpers

    def _rng(self) -> random.Random:
        return random.Random(self.rng_state)

    def shuffle_cards(self, cards: list[str], rng: random.Random | None = None) -> None:
        """Shuffle ``cards`` in place with the game's random state (or ``rng``), which moves on."""
        if rng is None:
            rng = self._rng()
        # random.shuffle's own draws (Fisher-Yates, _randbelow by rejection), without its calls.
        getrandbits = rng.getrandbits
        n = len(cards)
        steps = _SHUFFLE_STEPS.get(n)
        if steps is None:
            steps = _SHUFFLE_STEPS[n] = tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
        for i, k in steps:
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            cards[i], cards[j] = cards[j], cards[i]
        self.rng_state = getrandbits(64)

    def _randbelow(self, n: int) -> int:
        rng = self._rng()
        value = rng.randrange(n)
        self.rng_state = rng.getrandbits(64)
        return value

    @property
    def active(self) -> list[Seat]:
        """Seats still in the match."""
        return cast(list[Seat], [s for s in range(self.players) if not self.eliminated[s]])

    @property
    def is_over(self) -> bool:
        """True when the match has a winner."""
        return self.phase == MATCH_OVER

    @property
    def top(self) -> str | None:
        """The top card of the discard pile."""
        return self.discard[-1] if self.discard else None

    def next_seat(self, seat: Seat, steps: int = 1) -> Seat:
        """The seat ``steps`` places after ``seat`` in the direction of play."""
        n, d, out = self.players, self.direction, self.eliminated
        s: int = seat
        for _ in range(steps):
            s = (s + d) % n
            while out[s]:
                s = (s + d) % n
        return Seat(s)

    def team(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats on ``seat``'s side: the seat and, with partners, the one opposite."""
        if self.options.partners:
            return (Seat(seat % 2), Seat(seat % 2 + 2))
        return (Seat(seat),)

    def _n_active(self) -> int:
        return self.players - sum(self.eliminated)

    def _can_follow(self, card: str) -> bool:
        """True if ``card`` matches the top card (a Wild Draw Four's own condition aside)."""
        if card == WILD4 or card == BEEP:
            return True
        color, top = self.color, self.discard[-1]
        return card in (_FOLLOW.get((color, top)) or _followers(color, top))

    def _holds_color(self, seat: Seat) -> bool:
        color = self.color
        if color is None:
            return False
        return any(CARD_COLOR[c] == color for c in self.hands[seat])

    def _wild4_allowed(self, seat: Seat) -> bool:
        # Without the challenge there is no bluffing: the condition is enforced.
        return self.options.challenge or not self._holds_color(seat)

    def _variants(self, kind: str, seat: Seat, card: str, out: list[Action]) -> None:
        """Add the ways ``seat`` may put ``card`` down as ``kind`` (PLAY or JUMP_IN)."""
        if card in _SEVENS and self.options.seven_o:
            # A 7 names the seat it swaps with; who is still in changes, so this is not cached.
            for t in SEATS[self.players]:
                if t != seat and not self.eliminated[t]:
                    out.append(_act(kind, seat, card, None, t))
        else:
            out += _VARIANTS[kind][seat][card]

    # ------------------------------------------------------------ legality

    def legal_actions(self, seat: Seat) -> tuple[Action, ...]:
        """Every action ``seat`` may take now, in turn or out of turn (made when first asked)."""
        cache = self._legal_cache
        if cache is None or self._legal_version != self.version:
            # The first seat asked in this state: kept beside the dict, which stays empty.
            self._legal_cache = _NO_OTHERS
            self._legal_version = self.version
            self._legal_seat = seat
            # Kept until the game changes, so immutable: nobody can change what is legal.
            legal = self._legal_one = tuple(self._list_legal(seat))
            return legal
        if seat == self._legal_seat:
            return self._legal_one
        other = cache.get(seat)
        if other is None:
            if cache is _NO_OTHERS:
                cache = self._legal_cache = {}
            other = cache[seat] = tuple(self._list_legal(seat))
        return other

    def _list_legal(self, seat: Seat) -> list[Action]:
        """The legal actions of ``seat``, computed (the one statement of who may do what)."""
        out: list[Action] = []
        phase = self.phase
        current = self.current
        # The turn holder in play is always a seat still in (the common case).
        if (phase != PLAYING or seat != current) and (
            phase not in LIVE_PHASES or not 0 <= seat < self.players or self.eliminated[seat]
        ):
            return out
        hand = self.hands[seat]
        opts = self.options
        if phase == BEEP_RACE:
            if seat in self.beep_waiting:
                out.append(_ANSWERS[seat])
            return out
        if self._no_interrupts:
            same = nexts = _NONE
            beep = False
        else:
            same, nexts, beep = self._interruptions(seat)
            beep = beep and BEEP in hand
        if seat == current:
            if phase == PLAYING:
                color, top = self.color, self.discard[-1]
                follow = _FOLLOW.get((color, top)) or _followers(color, top)
                seen: list[str] = []  # each card once, in hand order (cheaper than a dict)
                plays = _PLAYS[seat]
                sevens = _SEVENS if opts.seven_o else ()
                for card in hand:
                    if card in follow:
                        if card in seen:
                            continue
                        seen.append(card)
                        if card in sevens:
                            self._variants(PLAY, seat, card, out)
                        else:
                            out += plays[card]
                    elif card == WILD4 and card not in seen and not self.must_play and self._wild4_allowed(seat):
                        seen.append(card)
                        out += _PLAYS[seat][card]
                # With both piles empty, drawing is only for a player who cannot play.
                if not out or (not self.must_play and (self.draw_pile or len(self.discard) > 1)):
                    out.append(_DRAWS[seat])
            elif phase == DRAWN:
                drawn = self.drawn
                if drawn is not None and drawn != BEEP and drawn in hand and self._can_follow(drawn):
                    if drawn != WILD4 or self._wild4_allowed(seat):
                        self._variants(PLAY, seat, drawn, out)
                out.append(_PASSES[seat])
                if opts.draw_again and (self.draw_pile or len(self.discard) > 1):
                    out.append(_DRAWS[seat])
            elif phase == PENDING:
                out.append(_ACCEPTS[seat])
                if self.pending_kind == WILD4 and opts.challenge and (self.pending_cards == 1 or opts.challenge_stacked):
                    out.append(_CHALLENGES[seat])
                if opts.stacking:
                    if self.pending_kind == WILD4:
                        if WILD4 in hand and self._wild4_allowed(seat):
                            out += _PLAYS[seat][WILD4]
                    else:
                        for card in dict.fromkeys(hand):
                            if CARD_RANK[card] == "+2":
                                out += _PLAYS[seat][card]
            else:  # CHOOSE_COLOR
                out += _COLORS[seat]
                return out
        elif phase == CHOOSE_COLOR:
            return out
        # Out-of-turn actions (and in-turn ones that need no turn).
        n_cards = len(hand)
        uno_open = self.uno_open
        # UNO goes with the next-to-last card: in turn just before playing it (two cards and
        # a play to make), or just after (one card, until caught or too late).
        if n_cards < 3 and not self.said[seat] and (
            (n_cards == 1 and uno_open == seat)
            or (n_cards == 2 and seat == current and (beep or any(a.kind == PLAY for a in out)))
        ):
            out.append(_UNOS[seat])
        if uno_open is not None and uno_open != seat:
            out.append(_CATCHES[seat][uno_open])
        if self._no_interrupts:
            return out
        if same and not same.isdisjoint(hand):
            seen = []
            for card in hand:
                if card in same and card not in seen:
                    seen.append(card)
                    self._variants(JUMP_IN, seat, card, out)
        if nexts and not nexts.isdisjoint(hand):
            plays = _PLAYS[seat]
            for card in dict.fromkeys(hand):
                if card in nexts:
                    out += plays[card]
        if beep:
            out += _PLAYS[seat][BEEP]
        return out

    def _interruptions(self, seat: Seat | None) -> tuple[frozenset[str], frozenset[str], bool]:
        """What ``seat`` may put down besides a turn's play: the cards that may intercept the top
        card and those that may continue a sequence (only for a seat other than the turn holder),
        and whether a Beep may be played now. ``seat`` None: any seat but the turn holder and
        the player of the last sequence card."""
        phase = self.phase
        opts = self.options
        # Anyone may play a Beep at any moment of a turn, a waiting draw penalty included
        # (seed 000); not while the colour of a Wild turned up first is chosen.
        beep = opts.beep and phase != CHOOSE_COLOR
        same = nexts = _NONE
        if seat != self.current and (
            # While the turn holder holds a drawn card, others may still play a straight
            # (open_sequences) or intercept (jump_in_after_draw keeps jump_open); a waiting
            # Draw Two penalty grows by an intercepting one.
            phase == PLAYING
            or phase == DRAWN
            or (phase == PENDING and self.pending_kind == "+2" and opts.jump_in_after_draw)
        ):
            # The turn holder's identical card is an ordinary play, not an interception (which
            # would let it play again under jump_in_again).
            if self.jump_open and opts.jumping:
                top = self.discard[-1]
                same = _SAME_RANK[top] if opts.super_jump_in else _ITSELF[top]
            if opts.open_sequences or (seat is not None and self.seq_seat == seat):
                nexts = self._sequence_cards()
        return same, nexts, beep

    def _sequence_cards(self) -> frozenset[str]:
        """The cards that may continue a sequence on the top card now."""
        top = self.discard[-1]
        if self.options.open_sequences:
            # A race open to everyone on any number card, up or down each time; 7s and 0s
            # always count.
            if top not in _NUMBER_CARDS or not self.options.sequences:
                return _NONE
            key = (top, 0, False)
        else:
            key = (top, self.seq_step, self.options.seven_o)
        nexts = _SEQ_NEXT.get(key)
        if nexts is None:
            nexts = _SEQ_NEXT[key] = frozenset(_sequence_next(*key))
        return nexts

    def is_legal(self, action: Action) -> bool:
        """True if :meth:`apply` accepts ``action`` now."""
        legal = self.legal_actions(action.seat)
        for known in legal:
            if known is action:  # legal actions are shared instances: no comparisons needed
                return True
        # A missed interception is the one legal action never listed (see MISSED_JUMP_IN);
        # a last Wild without a colour is accepted for any listed colour.
        return (
            action in legal
            or self.missed_jump_in_allowed(action)
            or self._last_wild_uncolored(action, legal)
            or self._false_uno(action, legal)
        )

    def _false_uno(self, action: Action, legal: tuple[Action, ...]) -> bool:
        """True if ``action`` is an UNO call that false_uno_penalty punishes: the seat is not
        about to hold one card (not listed, like a missed interception)."""
        seat = action.seat
        return (
            self.options.false_uno_penalty > 0
            and action.kind == UNO
            and action.card is None and action.color is None and action.target is None
            and self.phase in (PLAYING, DRAWN, PENDING)
            and 0 <= seat < self.players
            and not self.eliminated[seat]
            and not self.said[seat]
            and len(self.hands[seat]) >= 2
            and action not in legal
        )

    def _last_wild_uncolored(self, action: Action, legal: tuple[Action, ...]) -> bool:
        """True if ``action`` plays a Wild or Wild Draw Four that is the seat's last card, with no colour."""
        # The hand ends with it, so there is no colour to choose (the Playroom asks none).
        card = action.card
        return (
            action.kind == PLAY
            and (card == WILD or card == WILD4)
            and action.color is None
            and action.target is None
            and any(a.kind == PLAY and a.card == card for a in legal)  # empty for a bad seat
            and len(self.hands[action.seat]) == 1
        )

    def missed_jump_in_allowed(self, action: Action) -> bool:
        """True if ``action`` is a valid (costly) missed interception: the card is held."""
        return (
            self.options.jumping
            # Not during a Beep race (only answers) nor while a first Wild's colour is chosen.
            and self.phase in (PLAYING, DRAWN, PENDING)
            and action.kind == MISSED_JUMP_IN
            and 0 <= action.seat < self.players
            and not self.eliminated[action.seat]
            and action.card is not None
            and action.card in self.hands[action.seat]
            and action.card not in (WILD, WILD4, BEEP)
            # A card that may jump in now is neither wrong nor late: it costs nothing.
            and not any(a.kind == JUMP_IN and a.card == action.card for a in self.legal_actions(action.seat))
        )

    def _wrong_jump_in(self, card: str | None) -> bool:
        """True if ``card`` could not have intercepted the top card nor the one it covered (wrong, not late)."""
        super_jump = self.options.super_jump_in
        for top in self.discard[-2:]:
            if top not in (WILD, WILD4, BEEP) and card in (_SAME_RANK[top] if super_jump else _ITSELF[top]):
                return False
        return True

    def awaited(self) -> tuple[Seat, ...]:
        """The seats the game waits for now: the turn holder, or in a Beep race those still to answer."""
        return awaited_seats(self.phase, self.current, self.beep_waiting)

    def actors(self) -> list[Seat]:
        """Seats that have at least one legal action now."""
        others = self.out_of_turn_seats()
        if self.phase in IN_TURN_PHASES:
            return sorted([self.current, *others]) if others else [self.current]
        return others

    def out_of_turn_seats(self) -> list[Seat]:
        """Seats other than the turn holder with a legal action now (in a Beep race: those still to answer)."""
        if self.phase == BEEP_RACE:
            holder = -1  # nobody holds the turn during the race: everyone answers
        elif self._no_interrupts and self.uno_open is None:
            # Nothing to list: without these options legal_actions offers nobody but the
            # turn holder anything except UNO and catch, which need an UNO window.
            return []
        else:
            holder = self.current
        cache = self._legal_cache
        if cache is not None and self._legal_version == self.version:
            known = cache.get(None)
            if known is not None:
                return list(known)  # asked already since the last change
        legal = self.legal_actions
        if holder < 0 or self.uno_open is not None:
            out = [s for s in SEATS[self.players] if s != holder and legal(s)]
        else:
            # Without an UNO window a seat out of turn may only put a card down (_interruptions):
            # only the seats that hold such a card, and the last sequence card's player, are asked.
            key = self._interruptions(None)
            cards = _ANY_OF.get(key)
            if cards is None:
                cards = _ANY_OF[key] = _any_of(*key)
            seq = self.seq_seat
            out = []
            hands = self.hands
            for s in SEATS[self.players]:
                if s != holder and (s == seq or not cards.isdisjoint(hands[s])) and legal(s):
                    out.append(s)
        # Kept with the legal lists of this state (key None), and dropped with them.
        cache = self._legal_cache
        if cache is None or self._legal_version != self.version:
            cache = self._legal_cache = {}
            self._legal_version = self.version
            self._legal_seat = -1
        elif cache is _NO_OTHERS:
            cache = self._legal_cache = {}
        cache[None] = tuple(out)
        return out

    def why_illegal(self, action: Action) -> IllegalAction:
        """An IllegalAction naming the reason ``action`` is not allowed now."""
        seat = action.seat
        if self.phase in (HAND_OVER, SETUP):
            return IllegalAction("hand_over", action)
        if self.phase == MATCH_OVER:
            return IllegalAction("game_over", action)
        if not 0 <= seat < self.players:
            return IllegalAction("no_such_seat", action)
        if self.eliminated[seat]:
            return IllegalAction("eliminated", action)
        kind = action.kind
        hand = self.hands[seat]
        if self.phase == BEEP_RACE and kind != ANSWER:
            return IllegalAction("answer_beep", action)
        if kind == ANSWER:
            return IllegalAction("no_beep" if self.phase != BEEP_RACE else "already_answered", action)
        if kind == UNO:
            return IllegalAction("uno_not_now", action, cards=len(hand))
        if kind == CATCH:
            return IllegalAction("nobody_to_catch", action)
        if kind in (JUMP_IN, MISSED_JUMP_IN):
            if not self.options.jumping:
                return IllegalAction("option_off", action, option="jump_in")
            if action.card not in hand:
                return IllegalAction("not_in_hand", action, card=action.card)
            return IllegalAction("cannot_jump_in", action, card=action.card, top=self.top)
        if kind == PLAY and action.card is not None:
            if action.card not in hand:
                return IllegalAction("not_in_hand", action, card=action.card)
            if action.card == BEEP:
                return IllegalAction("no_beep", action)
            if seat != self.current:
                return IllegalAction("not_your_turn", action, current=self.current)
            if action.card in (WILD, WILD4) and action.color not in COLORS:
                return IllegalAction("needs_color", action)
            if (
                self.options.seven_o
                and CARD_RANK[action.card] == "7"
                and self.phase == PLAYING
                and (action.target is None or action.target == seat)
            ):
                # Named: the seat itself (a hand swapped with itself), said apart from no seat at all.
                named = {} if action.target is None else {"target": action.target}
                return IllegalAction("needs_target", action, **named)
        if seat != self.current:
            return IllegalAction("not_your_turn", action, current=self.current)
        if self.phase == CHOOSE_COLOR:
            return IllegalAction("choose_color", action)
        if self.phase == PENDING:
            if kind == CHALLENGE and self.pending_kind != WILD4:
                return IllegalAction("nothing_to_challenge", action)
            if kind == CHALLENGE:
                return IllegalAction("option_off" if not self.options.challenge else "cannot_challenge_stack", action, option="challenge")
            if kind == PLAY:
                return IllegalAction("must_answer_draw", action, total=self.pending, kind=self.pending_kind)
            return IllegalAction("must_answer_draw", action, total=self.pending, kind=self.pending_kind)
        if kind in (ACCEPT, CHALLENGE):
            return IllegalAction("nothing_to_answer", action)
        if kind == COLOR:
            return IllegalAction("no_color_to_choose", action)
        if self.phase == DRAWN:
            if kind == DRAW:
                return IllegalAction("already_drawn", action)
            if kind == PLAY:
                return IllegalAction("only_drawn_card", action, card=self.drawn)
        if kind == PASS:
            return IllegalAction("draw_first", action)
        if kind == DRAW and self.must_play:
            return IllegalAction("must_play_legal", action)
        if kind == PLAY and action.card is not None:
            card = action.card
            if card == WILD4 and self.must_play:
                return IllegalAction("must_play_legal", action)
            if card == WILD4 and not self._wild4_allowed(seat):
                return IllegalAction("wild_draw_four_condition", action, color=self.color)
            if not self._can_follow(card):
                return IllegalAction("does_not_match", action, card=card, top=self.top, color=self.color)
            if card not in (WILD, WILD4) and action.color is not None:
                return IllegalAction("no_color_needed", action)
            if action.target is not None:
                return IllegalAction("bad_target", action, target=action.target)
        return IllegalAction("not_allowed", action)

    # ---------------------------------------------------------------- actions

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` and return the events it caused; raise if it is illegal."""
        cache = self._legal_cache
        known: tuple[Action, ...] | None = None
        if cache is not None and self._legal_version == self.version:
            seat = action.seat
            known = self._legal_one if seat == self._legal_seat else cache.get(seat)
        # Taken from the legal list just made (the common case): the same instance is in it,
        # found by identity (``in`` would compare every action before it field by field).
        if known is not None:
            for listed in known:
                if listed is action:
                    break
            else:
                known = None
        if known is None and not self.is_legal(action):
            raise self.why_illegal(action)
        kind = action.kind
        seat = action.seat
        # An UNO call that is not listed is a false one (false_uno_penalty); decided before
        # anything changes, while the cached legal list is this state's.
        false_uno = kind == UNO and self.options.false_uno_penalty > 0 and action not in self.legal_actions(seat)
        self.version += 1  # which also makes the cached legal list stale
        ev: list[Event] | None = [] if self.listening else None
        if kind in TURN_KINDS:
            if self.uno_open is not None and self.uno_open != seat:
                self.uno_open = None
            if self.seq_seat is not None and self.seq_seat != seat:
                self.seq_seat = None
        if kind == PLAY:
            self._do_play(action, ev)
        elif kind == DRAW:
            self._do_draw(seat, ev)
        elif kind == PASS:
            if ev is not None:
                ev.append(Event("pass", seat))
            self._end_turn(seat, ev)
        elif kind == ACCEPT:
            self._do_accept(seat, ev)
        elif kind == CHALLENGE:
            self._do_challenge(seat, ev)
        elif kind == COLOR:
            self.color = action.color
            if ev is not None:
                ev.append(Event("color_chosen", seat, {"color": action.color}))
            self.phase = PLAYING
            self.jump_open = False
        elif false_uno:
            # false_uno_penalty: a call by a seat not about to hold one card.
            n = self.options.false_uno_penalty
            if ev is not None:
                ev.append(_event("false_uno", seat, {"count": n}))
            self._draw_cards(seat, n, "false_uno", ev)
        elif kind == UNO:
            self.said[seat] = True
            if self.uno_open == seat:
                self.uno_open = None
            if ev is not None:
                ev.append(_event("uno", seat, {}))
        elif kind == CATCH:
            target = self.uno_open
            assert target is not None
            self.uno_open = None
            n = self.options.uno_penalty
            if ev is not None:
                ev.append(Event("caught", target, {"by": seat, "count": n}))
            self._draw_cards(target, n, "uno", ev)
        elif kind == JUMP_IN:
            self._do_jump_in(action, ev)
        elif kind == MISSED_JUMP_IN:
            if self.options.wrong_jump_in_free and self._wrong_jump_in(action.card):
                # wrong_jump_in_free: only a late interception costs points, a wrong card nothing.
                if ev is not None:
                    ev.append(Event("missed_jump_in", seat, {"card": action.card, "points": 0, "score": self.scores[seat], "wrong": True}))
                return ev if ev is not None else []
            pts = self.options.jump_in_penalty
            delta = -pts if self.options.scoring == "winner_takes" else pts
            self.scores[seat] += delta
            self.penalties[seat] += delta
            if ev is not None:
                ev.append(Event("missed_jump_in", seat, {"card": action.card, "points": pts, "score": self.scores[seat]}))
        elif kind == ANSWER:
            self.beep_waiting.remove(Seat(seat))
            if ev is not None:
                ev.append(Event("beep_answer", seat))
            if len(self.beep_waiting) == 1:
                slow = self.beep_waiting.pop()
                if ev is not None:
                    ev.append(Event("beep_slowest", slow))
                self._draw_cards(slow, 2, "beep", ev)
                self.phase = self.beep_resume or PLAYING
                self.beep_resume = None
                # The race is over: say again whose turn it is.
                if ev is not None:
                    ev.append(Event("turn", self.current))
                self.turn_events += 1
        return ev if ev is not None else []

    def _card_down(self, seat: Seat, card: str) -> int:
        """Move ``card`` from ``seat``'s hand to the discard pile; return the cards left."""
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        if card != WILD4 or self.options.challenge_penalty != "return":
            self.stuck = 0
        # else a won challenge may give the card back: it counts as down once answered (_do_accept)
        left = len(hand)
        # The UNO window: down to one card without having said UNO, the seat may be caught.
        # A call is kept with one card left or two (said just before the next-to-last card).
        if left == 1:
            if not self.said[seat]:
                self.uno_open = seat
        elif left != 2:
            self.said[seat] = False
        return left

    def _do_play(self, action: Action, ev: list[Event] | None) -> None:
        seat, card = action.seat, action.card
        assert card is not None
        if card == BEEP:
            self._play_beep(seat, ev)
            return
        phase = self.phase
        if seat != self.current:
            how = "sequence"
        elif phase == PENDING:
            how = "stack"
        elif phase == DRAWN:
            how = "drawn"
        else:
            how = "turn"
        self.played_how = how
        prev_color = self.color
        had_color = card == WILD4 and self._holds_color(seat)
        left = self._card_down(seat, card)
        color = action.color if left else None  # a last card names no colour: the hand ends
        if color is None:
            self.color = CARD_COLOR[card]
            if ev is not None:
                ev.append(_event("play", seat, {"card": card, "left": left, "how": how}))
        else:
            self.color = color
            if ev is not None:
                ev.append(_event("play", seat, {"card": card, "left": left, "how": how, "color": color}))
        if how == "sequence":
            # Out of turn: the turn holder keeps a drawn card and a duty to play.
            step = (int(CARD_RANK[card]) - int(CARD_RANK[self.discard[-2]])) % 10
            self.seq_step = 1 if step == 1 else -1
            self.open_jump(card)
            if left == 0:
                self._end_hand(seat, ev)
            return
        self.drawn = None
        self.must_play = False
        self._card_effect(seat, card, action.target, prev_color, had_color, ev)

    def _card_effect(
        self,
        seat: Seat,
        card: str,
        target: Seat | None,
        prev_color: str | None,
        had_color: bool,
        ev: list[Event] | None,
        again: bool = False,
    ) -> None:
        """Apply ``card``'s effect; with ``again`` a card that would pass the turn on gives it back to ``seat``."""
        opts = self.options
        rank = CARD_RANK[card]
        left = len(self.hands[seat])
        self.open_jump(card)
        self.seq_seat = None
        if left == 0:
            if rank == "+2" or rank == WILD4:
                # The last card still makes the next player draw; those cards count.
                victim = self.next_seat(seat)
                total = self.pending + (2 if rank == "+2" else 4)
                self.pending = 0
                self._draw_cards(victim, total, "draw_two" if rank == "+2" else "wild_draw_four", ev)
            self._end_hand(seat, ev)
            return
        if rank == "s":
            victim = self.next_seat(seat)
            if ev is not None:
                ev.append(_event("skip", victim, {}))
            self._set_turn(victim, ev, PLAYING, True)
        elif rank == "r":
            self.direction = -self.direction
            if ev is not None:
                ev.append(_event("reverse", seat, {"direction": self.direction}))
            if self._n_active() == 2:
                # Two players: Reverse acts like Skip.
                victim = self.next_seat(seat)
                if ev is not None:
                    ev.append(_event("skip", victim, {}))
                self._set_turn(seat, ev)
            else:
                self._set_turn(seat, ev, PLAYING, True)
        elif rank == "+2":
            victim = self.next_seat(seat)
            if opts.stacking:
                self._make_pending(seat, victim, "+2", 2, ev)
            else:
                self._forced_draw(victim, 2, "draw_two", ev)
        elif rank == WILD4:
            victim = self.next_seat(seat)
            if opts.stacking or opts.challenge:
                stacked = self.phase == PENDING
                self.bluffer = seat
                self.bluff = had_color
                self.prev_color = prev_color
                self.pending_cards = self.pending_cards + 1 if stacked else 1
                self._make_pending(seat, victim, WILD4, 4, ev)
            else:
                self._forced_draw(victim, 4, "wild_draw_four", ev)
        elif opts.seven_o and rank == "7" and target is not None:
            self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
            self.said[seat] = self.said[target] = False
            self.uno_open = None
            if ev is not None:
                ev.append(
                    Event(
                        "swap",
                        seat,
                        {"target": target, "left": len(self.hands[seat]), "target_left": len(self.hands[target])},
                    )
                )
            self._set_turn(seat, ev, PLAYING, not again)
        elif opts.seven_o and rank == "0":
            seats = [s for s in self.active]
            if self.direction == -1:
                seats.reverse()
            moved = [self.hands[s] for s in seats]
            # Every hand passes to the next player in the direction of play.
            for i in range(len(seats)):
                self.hands[seats[(i + 1) % len(seats)]] = moved[i]
            for s in seats:
                self.said[s] = False
            self.uno_open = None
            if ev is not None:
                ev.append(Event("rotate", seat, {"direction": self.direction, "counts": [len(h) for h in self.hands]}))
            self._set_turn(seat, ev, PLAYING, not again)
        else:
            self._set_turn(seat, ev, PLAYING, not again)
            # A sequence is for out of turn: a seat playing again needs none.
            if opts.sequences and rank in _NUMBER_RANKS and not again:
                self.seq_seat = seat
                self.seq_step = 0

    def open_jump(self, card: str) -> None:
        """Open (or close) interceptions for ``card`` gone down, as the rules say."""
        # Interceptions open on every card that goes down but a Wild, a Wild Draw Four or a Beep.
        self.jump_open = self._jumping and card != WILD and card != WILD4 and card != BEEP

    def _make_pending(self, seat: Seat, victim: Seat, kind: str, amount: int, ev: list[Event] | None) -> None:
        if kind != WILD4:
            self.pending_cards = 0
        self.pending += amount
        self.pending_kind = kind
        self._set_turn(victim, ev, PENDING)
        if ev is not None:
            ev.append(_event("pending", victim, {"total": self.pending, "kind": kind, "by": seat}))

    def _forced_draw(self, victim: Seat, count: int, reason: str, ev: list[Event] | None) -> None:
        self._draw_cards(victim, count, reason, ev)
        if self.options.draw_skips:
            if ev is not None:
                ev.append(_event("skip", victim, {}))
            self._set_turn(victim, ev, PLAYING, True)
        else:
            self._set_turn(victim, ev)
            if reason != "challenge_lost" and self.options.penalty_then_pass and not self._can_play(victim):
                # penalty_then_pass: with nothing to play after the penalty, the turn ends.
                if ev is not None:
                    ev.append(_event("cannot_play", victim, {}))
                self._set_turn(victim, ev, PLAYING, True)

    def _can_play(self, seat: Seat) -> bool:
        """True if ``seat`` holds a card it could play in turn now (a Beep aside)."""
        return any(
            (card == WILD4 and self._wild4_allowed(seat)) or (card != WILD4 and card != BEEP and self._can_follow(card))
            for card in self.hands[seat]
        )

    def _clear_pending(self) -> None:
        self.pending = 0
        self.pending_kind = None
        self.pending_cards = 0
        self.bluffer = None
        self.bluff = False
        self.prev_color = None

    def reset_turn_state(self) -> None:
        """Close every window and decision (penalty, drawn card, UNO, jump-in, sequence, Beep)."""
        self._clear_pending()
        self.drawn = None
        self.must_play = False
        self.uno_open = None
        self.said = [False] * self.players
        self.jump_open = False
        self.seq_seat = None
        self.seq_step = 0
        self.beep_waiting = []
        self.beep_resume = None
        self.stuck = 0
        self.version += 1
        self._legal_cache = None

    def _set_turn(self, seat: Seat, ev: list[Event] | None, phase: Phase = PLAYING, after: bool = False) -> None:
        s: int = seat
        if after:
            # next_seat(seat), inline: every turn passes here.
            n, d, out = self.players, self.direction, self.eliminated
            s = (s + d) % n
            while out[s]:
                s = (s + d) % n
        self.current = seat = Seat(s)
        self.phase = phase
        self.drawn = None
        if ev is not None:
            ev.append(_event("turn", seat, {}))
        self.turn_events += 1

    def _end_turn(self, seat: Seat, ev: list[Event] | None) -> None:
        self._close_jump()
        self._set_turn(seat, ev, PLAYING, True)

    def _close_jump(self) -> None:
        # The turn holder drew or passed: interceptions end, unless jump_in_after_draw keeps
        # them open until another card covers the top one.
        if not self.options.jump_in_after_draw:
            self.jump_open = False

    def _play_beep(self, seat: Seat, ev: list[Event] | None) -> None:
        self.played_how = "beep"
        left = self._card_down(seat, BEEP)
        self.color = None  # any card may follow a Beep
        self.jump_open = False
        self.seq_seat = None
        if self.uno_open is not None and self.uno_open != seat:
            self.uno_open = None
        if ev is not None:
            ev.append(Event("play", seat, {"card": BEEP, "left": left, "how": "beep"}))
        if left == 0:
            self._end_hand(seat, ev)
            return
        self.beep_resume = self.phase
        self.phase = BEEP_RACE
        self.beep_waiting = self.active
        if ev is not None:
            ev.append(Event("beep_race", seat, {"seats": list(self.beep_waiting)}))

    def _do_draw(self, seat: Seat, ev: list[Event] | None) -> None:
        self._close_jump()
        cards = self._draw_cards(seat, 1, "choice", ev)
        if not cards:
            self.stuck += 1
            if ev is not None:
                ev.append(_event("cannot_draw", seat, {}))
            if self.stuck >= self._n_active():
                self._end_hand(None, ev)
            else:
                self._set_turn(seat, ev, PLAYING, True)
            return
        card = cards[0]
        self.stuck = 0
        if card != BEEP and self._can_follow(card) and (card != WILD4 or self._wild4_allowed(seat)):
            self.phase = DRAWN
            self.drawn = card
            if ev is not None:
                ev.append(_event("playable_drawn", seat, {}, {"card": card}))
        else:
            if ev is not None:
                ev.append(_event("cannot_play", seat, {}))
            self._set_turn(seat, ev, PLAYING, True)

    def _do_accept(self, seat: Seat, ev: list[Event] | None) -> None:
        total, kind = self.pending, self.pending_kind
        self.stuck = 0  # the card that made the penalty stays down
        self._clear_pending()
        self._close_jump()
        self._forced_draw(seat, total, "draw_two" if kind == "+2" else "wild_draw_four", ev)

    def _do_challenge(self, seat: Seat, ev: list[Event] | None) -> None:
        bluffer = self.bluffer
        assert bluffer is not None
        guilty = self.bluff
        total = self.pending
        prev_color = self.prev_color
        back = self._returnable_wild4()
        self._clear_pending()
        self.jump_open = False
        if ev is not None:
            ev.append(Event("challenge", seat, {"target": bluffer}))
            ev.append(
                Event(
                    "challenge_result",
                    bluffer,
                    {"guilty": guilty, "challenger": seat},
                    {"hand": list(self.hands[bluffer])},
                    secret_to=seat,
                )
            )
        if not guilty:
            self.stuck = 0  # the Wild Draw Four stays down
            self._forced_draw(seat, total + 2, "challenge_lost", ev)
            return
        mode = self.options.challenge_penalty
        if mode == "return":
            card = self.discard.pop(len(self.discard) - 1 if back is None else back)
            self.hands[bluffer].append(card)
            # A Beep played on it while the penalty waited stays on top: any card follows.
            self.color = prev_color if self.discard[-1] != BEEP else None
            self.said[bluffer] = False
            if ev is not None:
                ev.append(Event("card_returned", bluffer, {"card": card, "color": self.color}))
            if not self._draw_cards(bluffer, 4, "bluff", ev):
                # Both piles empty: the bluffer cannot draw and the turn passes, as for any
                # player who cannot draw (a bluff that costs nothing must not keep the turn).
                self.stuck += 1
                if ev is not None:
                    ev.append(_event("cannot_draw", bluffer, {}))
                if self.stuck >= self._n_active():
                    self._end_hand(None, ev)
                else:
                    self._set_turn(bluffer, ev, PLAYING, True)
                return
            self.must_play = True
            self._set_turn(bluffer, ev)
            return
        self._draw_cards(bluffer, total + (2 if mode == "six" else 0), "bluff", ev)
        self.phase = PLAYING
        if ev is not None:
            ev.append(Event("turn", seat))
        self.turn_events += 1

    def _do_jump_in(self, action: Action, ev: list[Event] | None) -> None:
        seat, card = action.seat, action.card
        assert card is not None
        left = self._card_down(seat, card)
        prev_current = self.current
        self.played_how = "jump_in"
        self.color = CARD_COLOR[card]
        if ev is not None:
            ev.append(Event("play", seat, {"card": card, "left": left, "how": "jump_in", "instead_of": prev_current}))
        self.current = Seat(seat)
        self.drawn = None
        self._card_effect(seat, card, action.target, self.color, False, ev, self.options.jump_in_again)

    def _draw_cards(self, seat: Seat, count: int, reason: str, ev: list[Event] | None) -> list[str]:
        pile = self.draw_pile
        if 0 < count <= len(pile):
            got = pile[-1 : -count - 1 : -1]  # taken one by one from the top
            del pile[-count:]
        else:
            got = []
            for _ in range(count):
                if not pile:
                    keep = self._kept_on_reshuffle()
                    if len(self.discard) > keep:
                        pile[:] = self.discard[:-keep]
                        del self.discard[:-keep]
                        self.shuffle_cards(pile)
                        if ev is not None:
                            ev.append(Event("reshuffle", None, {"count": len(pile)}))
                    else:
                        break
                got.append(pile.pop())
        if got:
            hand = self.hands[seat]
            hand.extend(got)
            self.said[seat] = False
            if self.uno_open == seat:
                self.uno_open = None
            if ev is not None:
                data = {"count": len(got), "reason": reason, "left": len(hand)}
                if len(got) < count:
                    data["wanted"] = count
                ev.append(_event("draw", seat, data, {"cards": got}))
        elif count and ev is not None:
            ev.append(Event("draw", seat, {"count": 0, "reason": reason, "wanted": count, "left": len(self.hands[seat])}, {"cards": []}))
        return got

    def _penalty_card(self) -> int | None:
        """The discard index of the card that made the waiting draw penalty (Beeps may lie on it)."""
        if self.pending_kind is None:
            return None
        discard = self.discard
        for i in range(len(discard) - 1, -1, -1):
            if discard[i] != BEEP:
                return i
        return None

    def _returnable_wild4(self) -> int | None:
        """The discard index of a Wild Draw Four a won challenge would give back (challenge_penalty=return)."""
        i = self._penalty_card()
        if i is None or self.pending_kind != WILD4 or self.options.challenge_penalty != "return":
            return None
        return i if self.discard[i] == WILD4 else None

    def _kept_on_reshuffle(self) -> int:
        """How many cards of the discard pile a reshuffle leaves: the top one; while a penalty
        waits, the card that made it (and the Beeps on it); and the card a returnable Wild Draw
        Four covers (it becomes the top card again)."""
        i = self._penalty_card()
        if i is None:
            return 1
        if self._returnable_wild4() is not None and i > 0:
            i -= 1
        return len(self.discard) - i

    # ------------------------------------------------------------ match flow

    def start(self) -> list[Event]:
        """Start the match: choose the dealer (unless set), deal the first hand."""
        if self.phase != SETUP:
            raise IllegalAction("already_started")
        options = _OPTION_DICTS.get(self.options)
        if options is None:
            options = _OPTION_DICTS[self.options] = self.options.to_dict()
        ev = [_event("match_start", None, {"players": self.players, "options": dict(options)})] if self.listening else None
        # One generator serves the dealer's draws and the first deal.
        rng = self._rng()
        if self.dealer is None:
            self._choose_dealer(ev, rng)
        more = self._start_hand(False, rng)
        if ev is not None:
            ev.extend(more)
        return ev if ev is not None else []

    def _choose_dealer(self, ev: list[Event] | None, rng: random.Random) -> None:
        # Drawing from a freshly shuffled deck is drawing uniformly among the cards not yet
        # drawn: each draw picks one, so the deck is never shuffled whole for a few cards.
        pool = list(_DECKS[1 if self.options.beep else 0])
        under: list[str] = []  # cards put back under the deck, the first one on top of them
        getrandbits = rng.getrandbits
        candidates = self.active
        while True:
            best: dict[int, int] = {}
            for seat in candidates:
                while True:
                    if pool:
                        n = len(pool)
                        k = n.bit_length()
                        j = getrandbits(k)
                        while j >= n:
                            j = getrandbits(k)
                        card = pool[j]
                        pool[j] = pool[-1]
                        pool.pop()
                    else:
                        card = under.pop(0)
                    if ev is not None:
                        ev.append(_event("dealer_draw", seat, {"card": card}))
                    # Only number cards count; others go back under the deck.
                    under.append(card)
                    if card in _NUMBER_CARDS:
                        best[seat] = int(CARD_RANK[card])
                        break
            high = max(best.values())
            tied = [s for s in candidates if best[s] == high]
            if len(tied) == 1:
                self.dealer = tied[0]
                if ev is not None:
                    ev.append(_event("dealer_chosen", tied[0], {}))
                return
            if ev is not None:
                ev.append(Event("dealer_tie", None, {"seats": tied}))
            candidates = tied

    def start_hand(self, pass_deal: bool = True) -> list[Event]:
        """Deal a new hand (the deal passes to the next player)."""
        return self._start_hand(pass_deal, None)

    def _start_hand(self, pass_deal: bool, rng: random.Random | None) -> list[Event]:
        if self.phase not in (SETUP, HAND_OVER):
            raise IllegalAction("hand_in_progress")
        self.version += 1
        self._legal_cache = None
        ev: list[Event] | None = [] if self.listening else None
        n = self.players
        if self.dealer is None:
            self.dealer = self.active[0]
        elif pass_deal:
            d = (self.dealer + 1) % n
            while self.eliminated[d]:
                d = (d + 1) % n
            self.dealer = Seat(d)
        self.hand_number += 1
        self.direction = 1
        self.reset_turn_state()
        if ev is not None:
            ev.append(_event("hand_start", None, {"hand": self.hand_number, "dealer": self.dealer}))
        deck = list(_DECKS[1 if self.options.beep else 0])
        self.shuffle_cards(deck, rng)
        hands: list[list[str]] = [[] for _ in range(n)]
        self.hands = hands
        order = []
        s = self.dealer
        for _ in range(self._n_active()):
            s = self.next_seat(s)
            order.append(s)
        # One card at a time round the table from the top of the deck (the end of the list).
        k = len(order)
        top = len(deck) - 1
        for i, s in enumerate(order):
            hands[s] = deck[top - i : top - i - HAND_SIZE * k : -k]
        del deck[len(deck) - HAND_SIZE * k :]
        self.draw_pile = deck
        self.discard = []
        if ev is not None:
            ev.append(_event("deal", self.dealer, {"count": HAND_SIZE, "seats": order}))
        for s in order:
            if ev is not None:
                ev.append(Event("hand_dealt", s, {"count": HAND_SIZE}, {"cards": list(self.hands[s])}))
        self._turn_first_card(ev)
        return ev if ev is not None else []

    def _turn_first_card(self, ev: list[Event] | None) -> None:
        while True:
            card = self.draw_pile.pop()
            if card != WILD4 and (card in _NUMBER_CARDS or not self.options.first_card_number):
                break
            # A Wild Draw Four (with first_card_number, any card but a number) goes back
            # into the deck and another card is turned.
            if ev is not None:
                ev.append(Event("first_card_returned", None, {"card": card}))
            self.draw_pile.insert(self._randbelow(len(self.draw_pile) + 1), card)
        self.discard = [card]
        self.color = CARD_COLOR[card]
        assert self.dealer is not None
        first = self.next_seat(self.dealer)
        if ev is not None:
            ev.append(_event("first_card", None, {"card": card, "color": self.color}))
        self.phase = PLAYING
        self.open_jump(card)
        rank = CARD_RANK[card]
        if card == WILD:
            self._set_turn(first, ev, CHOOSE_COLOR)
        elif rank == "+2":
            # The first player draws 2, then has the turn (or, with draw_skips, is skipped):
            # the events say it in that order, as a Draw Two played later does.
            self._draw_cards(first, 2, "first_card", ev)
            if self.options.draw_skips:
                if ev is not None:
                    ev.append(Event("skip", first))
                self._set_turn(first, ev, PLAYING, True)
            else:
                self._set_turn(first, ev)
        elif rank == "r":
            # The dealer plays first and play goes the other way.
            self.direction = -1
            if ev is not None:
                ev.append(Event("reverse", None, {"direction": -1}))
            self._set_turn(self.dealer, ev)
        elif rank == "s":
            if ev is not None:
                ev.append(Event("skip", first))
            self._set_turn(first, ev, PLAYING, True)
        else:
            self._set_turn(first, ev)

    def _end_hand(self, winner: Seat | None, ev: list[Event] | None) -> None:
        opts = self.options
        active = self.active
        points = {s: hand_points(self.hands[s]) for s in active}
        block = winner is None
        if winner is None:
            # Nobody can play or draw: the lowest hand wins it (first in turn order on ties).
            order = [self.current]
            s = self.current
            for _ in range(len(active) - 1):
                s = self.next_seat(s)
                order.append(s)
            winner = min(order, key=lambda x: points[x])
        side = self.team(winner)
        gained: dict[int, int] = {s: 0 for s in active}
        if opts.scoring == "winner_takes":
            gained[winner] = sum(p for s, p in points.items() if s not in side)
        else:
            for s in active:
                if block or s not in side:
                    gained[s] = points[s]
        for seat, g in gained.items():
            self.scores[seat] += g
        self.phase = HAND_OVER
        self.jump_open = False
        self.uno_open = None
        self.seq_seat = None
        if ev is not None:
            ev.append(
                Event(
                    "hand_end",
                    winner,
                    {
                        "hand": self.hand_number,
                        "points": points,
                        "gained": gained,
                        "scores": list(self.scores),
                        "block": block,
                        "hands": {s: list(self.hands[s]) for s in active},
                    },
                )
            )
        self._check_match_end(ev)

    def side_scores(self) -> dict[Seat, int]:
        """Scores by side: each seat, or each team (keyed by its lower seat) with partners."""
        if self.options.partners:
            return {Seat(0): self.scores[0] + self.scores[2], Seat(1): self.scores[1] + self.scores[3]}
        return {s: self.scores[s] for s in all_seats(self.players) if not self.eliminated[s]}

    def _check_match_end(self, ev: list[Event] | None) -> None:
        opts = self.options
        done_hands = opts.hands > 0 and self.hand_number >= opts.hands
        winners: list[Seat] = []
        if opts.scoring == "elimination":
            out = [s for s in self.active if self.scores[s] >= opts.target]
            before = self.active
            for s in out:
                self.eliminated[s] = True
                if ev is not None:
                    ev.append(Event("eliminated", s, {"score": self.scores[s]}))
            left = self.active
            if len(left) == 1:
                winners = left
            elif not left:
                low = min(self.scores[s] for s in before)
                winners = [s for s in before if self.scores[s] == low]
            elif done_hands:
                low = min(self.scores[s] for s in left)
                winners = [s for s in left if self.scores[s] == low]
        else:
            sides = self.side_scores()
            if done_hands or max(sides.values()) >= opts.target:
                pick = max if opts.scoring == "winner_takes" else min
                best = pick(sides.values())
                for side, score in sides.items():
                    if score == best:
                        winners.extend(self.team(side))
                winners.sort()
        if winners:
            self.winners = winners
            self.phase = MATCH_OVER
            if ev is not None:
                ev.append(Event("match_end", None, {"winners": winners, "scores": list(self.scores)}))

    # ------------------------------------------------------------------ copies

    def copy(self) -> Game:
        """An independent copy of this game (lists copied, immutable values shared)."""
        return Game(self.players, self.options, 0, self)

    @classmethod
    def from_view(
        cls, view: View, hands: list[list[str]], draw_pile: list[str], discard: list[str], seed: int = 0
    ) -> Game:
        """A game in the state ``view`` shows, with the hidden cards as given (for searching bots).

        ``hands`` has every seat's hand (``view.hand`` at ``view.seat``); ``discard`` ends with
        ``view.top``. What a view does not show starts as in a fresh turn (no jump-in open,
        no penalty to challenge).
        """
        game = cls(len(view.counts), view.options, seed)
        game.hands = hands
        game.draw_pile = draw_pile
        game.discard = discard
        game.color = view.color
        game.current = view.current
        game.direction = view.direction
        game.dealer = view.dealer
        game.hand_number = view.hand_number
        game.scores = list(view.scores)
        game.eliminated = list(view.eliminated)
        game.phase = view.phase
        game.pending = view.pending
        game.pending_kind = view.pending_kind
        game.pending_cards = 1 if view.pending else 0
        game.drawn = view.drawn
        game.uno_open = view.uno_open
        game.said = list(view.said_uno)
        game.beep_waiting = list(view.beep_waiting)
        game.seq_seat = view.sequence_seat
        # A turn holder who may neither draw nor play a Wild Draw Four was found bluffing.
        game.must_play = view.phase == PLAYING and not any(a.kind == DRAW for a in view.legal)
        return game

    # ------------------------------------------------------------------ views

    def view(self, seat: Seat) -> View:
        """What ``seat`` may know now."""
        return View(
            seat=seat,
            hand=tuple(self.hands[seat]),
            counts=tuple(len(h) for h in self.hands),
            top=self.top,
            color=self.color,
            current=self.current,
            direction=self.direction,
            phase=self.phase,
            pending=self.pending,
            pending_kind=self.pending_kind,
            drawn=self.drawn if seat == self.current else None,
            dealer=self.dealer,
            hand_number=self.hand_number,
            scores=tuple(self.scores),
            eliminated=tuple(self.eliminated),
            draw_pile=len(self.draw_pile),
            discard_pile=len(self.discard),
            uno_open=self.uno_open,
            said_uno=tuple(self.said),
            beep_waiting=tuple(self.beep_waiting),
            sequence_seat=self.seq_seat,
            options=self.options,
            legal=tuple(self.legal_actions(seat)),
            winners=tuple(self.winners),
        )
