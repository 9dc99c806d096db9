"""The JSON format of a whole game, used to save, to load and to set up a game.

A saved game is a JSON object; a *setup* is the same object with parts left out. Seats are
numbered from 1 in every field that names a seat (``current``, ``dealer``, ``uno_open``,
``pending.bluffer``, ``sequence.seat``, ``beep.waiting``, ``winners``); fields that hold
one entry per seat (``hands``, ``scores``, ``penalties``, ``eliminated``, ``said``) are
lists whose first entry is seat 1. Fields:

- ``format``: ``"uno-cli/2"``. A file without it is read as this format (a hand-written
  setup). A ``"uno-cli/1"`` file (the first format: the same fields, seats numbered from 0)
  is read and converted (:func:`upgrade`); any other value is refused.
- ``players``: number of seats (2-10). Required unless ``hands`` gives it.
- ``options``: rule options by name (see RuleOptions); missing ones keep the preset's value.
- ``hands``: a list with one entry per seat: a list of card codes, or null for "deal 7 at
  random". A setup may give fewer entries than seats.
- ``discard``: the discard pile, bottom first (its last card is the top card).
- ``draw``: the draw pile, TOP FIRST; cards not placed anywhere are shuffled (from the seed)
  and put under the given ones.
- ``color``: the colour in play (r, y, g, b) or null (after a Beep); defaults to the top
  card's colour. Required when the top card is a Wild.
- ``current`` (the seat to play; defaults to the one after the dealer), ``direction``
  (1 or -1), ``dealer`` (defaults to the last seat), ``hand`` (hand number), ``scores``,
  ``penalties``, ``eliminated``: the match state.
- ``phase``: play, drawn, pending, color, beep, hand_over or match_over.
- ``pending``: ``{"total", "kind", "cards", "bluffer", "bluff", "prev_color"}``.
- ``drawn``, ``must_play``, ``uno_open``, ``said``, ``jump_open``,
  ``sequence``: ``{"seat", "step"}``, ``beep``: ``{"waiting", "resume"}``, ``stuck``,
  ``winners``: the open windows and decisions.
- ``rng``: the state of the game's random generator (an integer).

The interface adds ``names``, ``seats`` and ``bots`` (bot memories keyed by seat number,
``"1"``, ``"2"`` ...); this module accepts them and leaves them alone, except that
:func:`upgrade` renumbers the keys of ``bots`` too.

Saving then loading continues the game identically.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from uno_cli.engine.cards import CARD_COLOR, COLORS, COPIES, WILD, WILD4, is_card, new_deck
from uno_cli.engine.errors import EngineError, InvalidSetup
from uno_cli.engine.game import (
    BEEP_RACE,
    CHOOSE_COLOR,
    DRAWN,
    HAND_OVER,
    MATCH_OVER,
    PENDING,
    PLAYING,
    Game,
    Phase,
)
from uno_cli.engine.options import CLASSIC, RuleOptions

#: The format this version writes.
FORMAT = "uno-cli/2"
#: The first format, seats numbered from 0: still read, and converted.
FORMAT_V1 = "uno-cli/1"
#: Every format this version reads.
READ_FORMATS = (FORMAT, FORMAT_V1)
_PHASES = (PLAYING, DRAWN, PENDING, CHOOSE_COLOR, BEEP_RACE, HAND_OVER, MATCH_OVER)


def to_dict(game: Game) -> dict[str, Any]:
    """The whole game as a JSON-ready dict."""
    return {
        "format": FORMAT,
        "players": game.players,
        "options": game.options.to_dict(),
        "hand": game.hand_number,
        "dealer": _out(game.dealer),
        "scores": list(game.scores),
        "penalties": list(game.penalties),
        "eliminated": list(game.eliminated),
        "hands": [list(h) for h in game.hands],
        "discard": list(game.discard),
        "draw": list(reversed(game.draw_pile)),
        "color": game.color,
        "current": _out(game.current),
        "direction": game.direction,
        "phase": game.phase,
        "pending": {
            "total": game.pending,
            "kind": game.pending_kind,
            "cards": game.pending_cards,
            "bluffer": _out(game.bluffer),
            "bluff": game.bluff,
            "prev_color": game.prev_color,
        },
        "drawn": game.drawn,
        "must_play": game.must_play,
        "uno_open": _out(game.uno_open),
        "said": list(game.said),
        "jump_open": game.jump_open,
        "sequence": {"seat": _out(game.seq_seat), "step": game.seq_step},
        "beep": {"waiting": [s + 1 for s in game.beep_waiting], "resume": game.beep_resume},
        "stuck": game.stuck,
        "winners": [s + 1 for s in game.winners],
        "rng": game.rng_state,
    }


def _out(seat: int | None) -> int | None:
    """A seat as the file writes it (from 1)."""
    return None if seat is None else seat + 1


def _plus1(value: Any) -> Any:
    return value + 1 if isinstance(value, int) and not isinstance(value, bool) else value


def upgrade(data: Any) -> Any:
    """``data`` in the current format: a uno-cli/1 object renumbered from 1, others as they are.

    Raises InvalidSetup for a ``format`` this version does not read. Anything that is not
    an object is returned unchanged (:func:`from_dict` refuses it).
    """
    if not isinstance(data, dict):
        return data
    fmt = data.get("format", FORMAT)
    if fmt not in READ_FORMATS:
        raise InvalidSetup("unknown_format", format=fmt, formats=list(READ_FORMATS))
    if fmt == FORMAT:
        return data
    out = dict(data, format=FORMAT)
    for key in ("current", "dealer", "uno_open"):
        if key in out:
            out[key] = _plus1(out[key])
    for key, inner in (("pending", "bluffer"), ("sequence", "seat")):
        if isinstance(out.get(key), dict) and inner in out[key]:
            out[key] = dict(out[key], **{inner: _plus1(out[key][inner])})
    if isinstance(out.get("beep"), dict) and isinstance(out["beep"].get("waiting"), list):
        out["beep"] = dict(out["beep"], waiting=[_plus1(s) for s in out["beep"]["waiting"]])
    if isinstance(out.get("winners"), list):
        out["winners"] = [_plus1(s) for s in out["winners"]]
    if isinstance(out.get("bots"), dict):
        out["bots"] = {(str(int(k) + 1) if str(k).isdigit() else k): v for k, v in out["bots"].items()}
    return out


def dumps(game: Game) -> str:
    """The game as JSON text (stable key order, one line per top-level field)."""
    return json.dumps(to_dict(game), ensure_ascii=False, indent=1)


def _seat(value: Any, players: int, field: str, allow_none: bool = False) -> int | None:
    """A seat number as written in the file (from 1), as the engine counts it (from 0)."""
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= players:
        raise InvalidSetup("bad_seat", field=field, value=value, players=players)
    return value - 1


def _cards(value: Any, field: str) -> list[str]:
    if not isinstance(value, list):
        raise InvalidSetup("not_a_list", field=field)
    for card in value:
        if not isinstance(card, str) or not is_card(card):
            raise InvalidSetup("unknown_card", field=field, card=card)
    return list(value)


def _flags(value: Any, players: int, field: str, default: Any) -> list[Any]:
    if value is None:
        return [default] * players
    if not isinstance(value, list) or len(value) != players:
        raise InvalidSetup("wrong_length", field=field, expected=players)
    return list(value)


def from_dict(data: Any, seed: int = 0, base: RuleOptions = CLASSIC) -> Game:
    """Build a game from a saved game or a partial setup; raise InvalidSetup if impossible.

    A partial setup (no ``phase``) gets the unnamed cards shuffled from ``seed`` and is ready
    to play: call nothing else. A complete save continues exactly where it stopped.
    """
    data = upgrade(data)
    if not isinstance(data, dict):
        raise InvalidSetup("not_an_object")
    known = {
        "format", "players", "options", "hand", "dealer", "scores", "penalties", "eliminated",
        "hands", "discard", "draw", "color", "current", "direction", "phase", "pending",
        "drawn", "must_play", "uno_open", "said", "jump_open", "sequence", "beep", "stuck",
        "winners", "rng", "names", "seats", "bots", "comment",
    }
    for key in data:
        if key not in known:
            raise InvalidSetup("unknown_field", field=key)
    hands_in = data.get("hands") or []
    if not isinstance(hands_in, list):
        raise InvalidSetup("not_a_list", field="hands")
    players = data.get("players", len(hands_in) or None)
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidSetup("players_missing")
    if len(hands_in) > players:
        raise InvalidSetup("too_many_hands", count=len(hands_in), players=players)
    raw_options = data.get("options") or {}
    if not isinstance(raw_options, dict):
        raise InvalidSetup("not_an_object", field="options")
    try:
        options = RuleOptions.from_dict(raw_options, base=base)
        game = Game(players, options, seed=seed)
    except InvalidSetup:
        raise
    except EngineError as exc:
        raise InvalidSetup("bad_option", detail=str(exc)) from exc
    rng = data.get("rng", seed)
    if isinstance(rng, bool) or not isinstance(rng, int):
        raise InvalidSetup("bad_value", field="rng", value=rng)
    game.rng_state = rng & ((1 << 64) - 1)

    hands: list[list[str] | None] = [None] * players
    for seat, hand in enumerate(hands_in):
        if hand is not None:
            hands[seat] = _cards(hand, f"hands[{seat}]")
    discard = _cards(data.get("discard", []), "discard")
    draw_top_first = _cards(data.get("draw", []), "draw")
    complete = "phase" in data

    # Every card exactly as often as the deck holds it.
    deck = Counter(new_deck(options.beep))
    placed: Counter[str] = Counter()
    for hand in hands:
        if hand:
            placed.update(hand)
    placed.update(discard)
    placed.update(draw_top_first)
    for card, n in placed.items():
        if card not in deck:
            raise InvalidSetup("card_needs_option", card=card, option="beep")
        if n > deck[card]:
            raise InvalidSetup("too_many", card=card, count=n, allowed=COPIES[card])
    if complete and placed != deck:
        raise InvalidSetup("cards_missing", missing=dict(deck - placed))

    game.scores = [int(x) for x in _flags(data.get("scores"), players, "scores", 0)]
    game.penalties = [int(x) for x in _flags(data.get("penalties"), players, "penalties", 0)]
    game.eliminated = [bool(x) for x in _flags(data.get("eliminated"), players, "eliminated", False)]
    if sum(not e for e in game.eliminated) < 2 and data.get("phase") != MATCH_OVER:
        raise InvalidSetup("too_few_active")
    game.hand_number = data.get("hand", 1)
    if not isinstance(game.hand_number, int) or game.hand_number < 1:
        raise InvalidSetup("bad_value", field="hand", value=game.hand_number)
    game.dealer = _seat(data["dealer"], players, "dealer") if "dealer" in data else players - 1  # type: ignore[assignment]
    direction = data.get("direction", 1)
    if direction not in (1, -1):
        raise InvalidSetup("bad_value", field="direction", value=direction)
    game.direction = direction

    if complete:
        _load_complete(game, data, hands, discard, draw_top_first)
    else:
        _fill_setup(game, data, hands, discard, draw_top_first, deck - placed)
    return game


def _fill_setup(
    game: Game,
    data: dict[str, Any],
    hands: list[list[str] | None],
    discard: list[str],
    draw_top_first: list[str],
    rest: Counter[str],
) -> None:
    players = game.players
    loose = [c for c in new_deck(game.options.beep) if rest[c] > 0]
    # new_deck lists every copy; keep only as many as are left.
    pool: list[str] = []
    left = Counter(rest)
    for card in loose:
        if left[card] > 0:
            pool.append(card)
            left[card] -= 1
    game._shuffle(pool)
    for seat in range(players):
        if game.eliminated[seat]:
            if hands[seat]:
                raise InvalidSetup("eliminated_holds_cards", seat=seat + 1)
            game.hands[seat] = []
            continue
        if hands[seat] is None:
            if len(pool) < 7:
                raise InvalidSetup("not_enough_cards")
            game.hands[seat] = [pool.pop() for _ in range(7)]
        else:
            game.hands[seat] = list(hands[seat] or [])
    if not discard:
        # Turn a first card that needs no decision: a number card from the pool.
        for i in range(len(pool) - 1, -1, -1):
            if pool[i][1:].isdigit():
                discard = [pool.pop(i)]
                break
        else:
            raise InvalidSetup("not_enough_cards")
    top = discard[-1]
    color = data.get("color", CARD_COLOR[top])
    if top in (WILD, WILD4) and color not in COLORS:
        raise InvalidSetup("color_needed", top=top)
    if color is not None and color not in COLORS:
        raise InvalidSetup("bad_value", field="color", value=color)
    if top == "beep":
        color = None
    game.discard = discard
    game.color = color
    game.draw_pile = pool + list(reversed(draw_top_first))
    if "current" in data:
        game.current = _seat(data["current"], players, "current")  # type: ignore[assignment]
    else:
        game.current = game.next_seat(game.dealer or 0)
    if game.eliminated[game.current]:
        raise InvalidSetup("seat_eliminated", field="current", seat=game.current + 1)
    game.phase = PLAYING
    game.jump_open = False
    for seat in range(players):
        if not game.eliminated[seat] and not game.hands[seat]:
            raise InvalidSetup("empty_hand", seat=seat + 1)


def _load_complete(
    game: Game,
    data: dict[str, Any],
    hands: list[list[str] | None],
    discard: list[str],
    draw_top_first: list[str],
) -> None:
    players = game.players
    game.hands = [list(h or []) for h in hands] + [[] for _ in range(players - len(hands))]
    game.discard = discard
    game.draw_pile = list(reversed(draw_top_first))
    phase = data["phase"]
    if not isinstance(phase, str) or phase not in _PHASES:
        raise InvalidSetup("bad_value", field="phase", value=phase)
    phase = Phase(phase)
    game.phase = phase
    color = data.get("color")
    if color is not None and color not in COLORS:
        raise InvalidSetup("bad_value", field="color", value=color)
    game.color = color
    if phase not in (HAND_OVER, MATCH_OVER) and not discard:
        raise InvalidSetup("discard_empty")
    game.current = _seat(data.get("current", 1), players, "current")  # type: ignore[assignment]
    pending = data.get("pending") or {}
    if not isinstance(pending, dict):
        raise InvalidSetup("not_an_object", field="pending")
    game.pending = int(pending.get("total", 0))
    game.pending_kind = pending.get("kind")
    if game.pending_kind not in (None, "+2", WILD4):
        raise InvalidSetup("bad_value", field="pending.kind", value=game.pending_kind)
    game.pending_cards = int(pending.get("cards", 0))
    game.bluffer = _seat(pending.get("bluffer"), players, "pending.bluffer", allow_none=True)
    game.bluff = bool(pending.get("bluff", False))
    game.prev_color = pending.get("prev_color")
    drawn = data.get("drawn")
    if drawn is not None and not is_card(drawn):
        raise InvalidSetup("unknown_card", field="drawn", card=drawn)
    game.drawn = drawn
    game.must_play = bool(data.get("must_play", False))
    game.uno_open = _seat(data.get("uno_open"), players, "uno_open", allow_none=True)
    game.said = [bool(x) for x in _flags(data.get("said"), players, "said", False)]
    game.jump_open = bool(data.get("jump_open", False))
    seq = data.get("sequence") or {}
    game.seq_seat = _seat(seq.get("seat"), players, "sequence.seat", allow_none=True)
    game.seq_step = int(seq.get("step", 0))
    beep = data.get("beep") or {}
    game.beep_waiting = [_seat(s, players, "beep.waiting") for s in beep.get("waiting", [])]  # type: ignore[misc]
    game.beep_resume = beep.get("resume")
    game.stuck = int(data.get("stuck", 0))
    game.winners = [_seat(s, players, "winners") for s in data.get("winners", [])]  # type: ignore[misc]


def loads(text: str, seed: int = 0, base: RuleOptions = CLASSIC) -> Game:
    """Build a game from JSON text (see :func:`from_dict`)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidSetup("bad_json", line=exc.lineno, column=exc.colno, message=exc.msg) from None
    return from_dict(data, seed=seed, base=base)
