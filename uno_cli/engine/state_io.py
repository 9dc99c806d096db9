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

Saving then loading continues the game identically. Loading checks every field (type,
range, one entry per seat) and that the whole is a state a game can reach, and raises
InvalidSetup with a ``code`` and a ``field`` naming what is wrong; :func:`parse_json` reads
JSON text refusing NaN, Infinity, huge numbers, repeated keys and deep nesting.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from typing import Any, Literal, overload

from uno_cli.engine.cards import CARD_COLOR, COLORS, COPIES, WILD, WILD4, is_card, new_deck
from uno_cli.engine.seats import Seat, all_seats, seat_index, seat_number
from uno_cli.engine.errors import EngineError, InvalidOptions, InvalidSetup
from uno_cli.engine.game import (
    BEEP_RACE,
    CHOOSE_COLOR,
    DRAWN,
    HAND_OVER,
    LIVE_PHASES,
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
_PHASES = tuple(str(p) for p in (PLAYING, DRAWN, PENDING, CHOOSE_COLOR, BEEP_RACE, HAND_OVER, MATCH_OVER))
_MASK = (1 << 64) - 1


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
        "beep": {"waiting": [seat_number(s) for s in game.beep_waiting], "resume": game.beep_resume},
        "stuck": game.stuck,
        "winners": [seat_number(s) for s in game.winners],
        "rng": game.rng_state,
    }


def _out(seat: Seat | None) -> int | None:
    """A seat as the file writes it (from 1)."""
    return None if seat is None else seat_number(seat)


def _plus1(value: Any) -> Any:
    return value + 1 if isinstance(value, int) and not isinstance(value, bool) else value


#: The deepest nesting of arrays and objects a file may have (real saves need about 5).
MAX_DEPTH = 32
#: Bounds for numbers in a file.
_BIG = 1_000_000_000
_MAX_INT_DIGITS = 24


class _Refused(str):
    """A number no save holds (NaN, Infinity, too many digits), kept to name its field."""


class _Object(dict):  # type: ignore[type-arg]
    """A JSON object that remembers a key it was given twice."""

    duplicate: str | None = None


def parse_json(text: str) -> Any:
    """The JSON value of ``text``, refusing what no save holds; raises InvalidSetup.

    Refused, naming the field: NaN and Infinity (``bad_constant``), numbers too big to be a
    real value (``number_too_big``), a key given twice in one object (``duplicate_field``);
    and nesting deeper than :data:`MAX_DEPTH` (``too_deep``).
    """

    def integer(digits: str) -> Any:
        return _Refused(digits) if len(digits.lstrip("-")) > _MAX_INT_DIGITS else int(digits)

    def real(digits: str) -> Any:
        value = float(digits)
        return value if math.isfinite(value) else _Refused(digits)

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out = _Object()
        for key, value in items:
            if key in out and out.duplicate is None:
                out.duplicate = key
            out[key] = value
        return out

    try:
        data = json.loads(text, parse_constant=_Refused, parse_int=integer, parse_float=real,
                          object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        raise InvalidSetup("bad_json", line=exc.lineno, column=exc.colno, message=exc.msg) from None
    except RecursionError:
        raise InvalidSetup("too_deep", limit=MAX_DEPTH) from None
    _walk(data)
    return data


def _walk(value: Any) -> None:
    """Refuse what :func:`parse_json` marked, naming where it is (without recursion)."""
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    while stack:
        item, level, path = stack.pop()
        if isinstance(item, _Refused):
            constant = item in ("NaN", "Infinity", "-Infinity")
            shown = str(item) if len(item) <= 12 else item[:12] + "..."
            raise InvalidSetup("bad_constant" if constant else "number_too_big", field=path or "(file)", value=shown)
        if isinstance(item, dict):
            if isinstance(item, _Object) and item.duplicate is not None:
                raise InvalidSetup("duplicate_field", field=_join(path, item.duplicate))
            children: Any = ((_join(path, k), v) for k, v in item.items())
        elif isinstance(item, list):
            children = ((f"{path}[{i}]", v) for i, v in enumerate(item))
        else:
            continue
        if level > MAX_DEPTH:
            raise InvalidSetup("too_deep", limit=MAX_DEPTH)
        stack.extend((child, level + 1, where) for where, child in children)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


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
        out["bots"] = {(str(int(k) + 1) if k.isascii() and k.isdigit() and len(k) < 4 else k): v
                       for k, v in out["bots"].items()}
    return out


def dumps(game: Game) -> str:
    """The game as JSON text (stable key order, one line per top-level field)."""
    return json.dumps(to_dict(game), ensure_ascii=False, indent=1)


@overload
def _seat(value: Any, players: int, field: str, allow_none: Literal[False] = False) -> Seat: ...
@overload
def _seat(value: Any, players: int, field: str, allow_none: Literal[True]) -> Seat | None: ...
def _seat(value: Any, players: int, field: str, allow_none: bool = False) -> Seat | None:
    """A seat number as written in the file (from 1), as the engine counts it (from 0)."""
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= players:
        raise InvalidSetup("bad_seat", field=field, value=value, players=players)
    return seat_index(value)


def _int(value: Any, field: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` (not a float, not true/false)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidSetup("bad_number", field=field, value=value, low=low, high=high)
    return value


def _bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidSetup("bad_bool", field=field, value=value)
    return value


def _choice(value: Any, field: str, choices: tuple[Any, ...]) -> Any:
    if not any(_same(value, c) for c in choices):
        raise InvalidSetup("bad_choice", field=field, value=value, choices=list(choices))
    return value


def _same(value: Any, choice: Any) -> bool:
    """Equal and of the same kind: true is not 1, 1.0 is not 1."""
    if isinstance(value, (bool, float)) or isinstance(choice, bool):
        return type(value) is type(choice) and value == choice
    return bool(value == choice)


def _object(value: Any, field: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """An object (null counts as empty) whose keys are all in ``keys``."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InvalidSetup("not_an_object", field=field, value=value)
    for key in value:
        if key not in keys:
            raise InvalidSetup("unknown_field", field=f"{field}.{key}")
    return value


def _cards(value: Any, field: str) -> list[str]:
    if not isinstance(value, list):
        raise InvalidSetup("not_a_list", field=field, value=value)
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


def _card_or_none(value: Any, field: str) -> str | None:
    if value is not None and (not isinstance(value, str) or not is_card(value)):
        raise InvalidSetup("unknown_card", field=field, card=value)
    return value


_COLOR_OR_NONE = (None, *COLORS)
#: Fields that only a complete save (one with ``phase``) may give.
_SAVE_ONLY = ("pending", "drawn", "must_play", "uno_open", "said", "jump_open", "sequence", "beep", "stuck",
              "winners")


def from_dict(data: Any, seed: int = 0, base: RuleOptions = CLASSIC) -> Game:
    """Build a game from a saved game or a partial setup; raise InvalidSetup if impossible.

    A partial setup (no ``phase``) gets the unnamed cards shuffled from ``seed`` and is ready
    to play: call nothing else. A complete save continues exactly where it stopped. Every
    field is checked (type, range, and that the whole is a state a real game can reach);
    the error names the field.
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
    hands_in = data.get("hands")
    if hands_in is None:
        hands_in = []
    if not isinstance(hands_in, list):
        raise InvalidSetup("not_a_list", field="hands", value=hands_in)
    if "players" in data:
        players = _int(data["players"], "players", 2, 10)
    elif hands_in:
        players = len(hands_in)
    else:
        raise InvalidSetup("players_missing")
    if len(hands_in) > players:
        raise InvalidSetup("too_many_hands", count=len(hands_in), players=players)
    raw_options = data.get("options")
    if raw_options is None:
        raw_options = {}
    if not isinstance(raw_options, dict):
        raise InvalidSetup("not_an_object", field="options", value=raw_options)
    try:
        options = RuleOptions.from_dict(raw_options, base=base)
        game = Game(players, options, seed=seed)
    except InvalidSetup:
        raise
    except InvalidOptions as exc:
        raise InvalidSetup("bad_option", field=f"options.{exc.key}" if exc.key != "partners" else "options",
                           error=exc) from None
    except EngineError as exc:
        raise InvalidSetup("bad_option", detail=str(exc)) from exc
    rng = _int(data.get("rng", seed & _MASK), "rng", 0, _MASK)
    game.rng_state = rng

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

    game.scores = [_int(x, f"scores[{i}]", -_BIG, _BIG)
                   for i, x in enumerate(_flags(data.get("scores"), players, "scores", 0))]
    game.penalties = [_int(x, f"penalties[{i}]", -_BIG, _BIG)
                      for i, x in enumerate(_flags(data.get("penalties"), players, "penalties", 0))]
    game.eliminated = [_bool(x, f"eliminated[{i}]")
                       for i, x in enumerate(_flags(data.get("eliminated"), players, "eliminated", False))]
    if sum(not e for e in game.eliminated) < 2 and data.get("phase") != MATCH_OVER:
        raise InvalidSetup("too_few_active")
    game.hand_number = _int(data.get("hand", 1), "hand", 1, _BIG)
    game.dealer = _seat(data["dealer"], players, "dealer") if "dealer" in data else Seat(players - 1)
    game.direction = _choice(data.get("direction", 1), "direction", (1, -1))

    if complete:
        _load_complete(game, data, hands, discard, draw_top_first)
    else:
        for key in _SAVE_ONLY:
            if key in data:
                raise InvalidSetup("needs_phase", field=key)
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
    game.shuffle_cards(pool)
    for seat in range(players):
        if game.eliminated[seat]:
            if hands[seat]:
                raise InvalidSetup("eliminated_holds_cards", seat=seat)
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
    color = _choice(data.get("color", CARD_COLOR[top]), "color", _COLOR_OR_NONE)
    if top in (WILD, WILD4) and color not in COLORS:
        raise InvalidSetup("color_needed", top=top)
    if top == "beep":
        color = None
    game.discard = discard
    game.color = color
    game.draw_pile = pool + list(reversed(draw_top_first))
    if "current" in data:
        game.current = _seat(data["current"], players, "current")
    else:
        game.current = game.next_seat(game.dealer or Seat(0))
    if game.eliminated[game.current]:
        raise InvalidSetup("seat_eliminated", field="current", seat=game.current)
    game.phase = PLAYING
    # The top card of a setup opens interceptions by the rule of a dealt first card.
    game.open_jump(discard[-1])
    for seat in range(players):
        if not game.eliminated[seat] and not game.hands[seat]:
            raise InvalidSetup("empty_hand", seat=seat)


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
    phase = Phase(_choice(data["phase"], "phase", _PHASES))
    game.phase = phase
    live = phase in LIVE_PHASES
    game.color = _choice(data.get("color"), "color", _COLOR_OR_NONE)
    if phase not in (HAND_OVER, MATCH_OVER) and not discard:
        raise InvalidSetup("discard_empty")
    game.current = _seat(data.get("current", 1), players, "current")
    pending = _object(data.get("pending"), "pending", ("total", "kind", "cards", "bluffer", "bluff", "prev_color"))
    deck_size = len(new_deck(game.options.beep))
    # Only a waiting penalty has a size: at least one card, from a +2 or a Wild Draw Four.
    in_pending = phase == PENDING
    game.pending = _int(pending.get("total", 0), "pending.total", 1 if in_pending else 0, deck_size)
    kinds = ("+2", WILD4) if in_pending else (None, "+2", WILD4)
    game.pending_kind = _choice(pending.get("kind"), "pending.kind", kinds)
    game.pending_cards = _int(pending.get("cards", 0), "pending.cards", 0, deck_size)
    game.bluffer = _seat(pending.get("bluffer"), players, "pending.bluffer", allow_none=True)
    game.bluff = _bool(pending.get("bluff", False), "pending.bluff")
    game.prev_color = _choice(pending.get("prev_color"), "pending.prev_color", _COLOR_OR_NONE)
    game.drawn = _card_or_none(data.get("drawn"), "drawn")
    game.must_play = _bool(data.get("must_play", False), "must_play")
    game.uno_open = _seat(data.get("uno_open"), players, "uno_open", allow_none=True)
    game.said = [_bool(x, f"said[{i}]") for i, x in enumerate(_flags(data.get("said"), players, "said", False))]
    game.jump_open = _bool(data.get("jump_open", False), "jump_open")
    seq = _object(data.get("sequence"), "sequence", ("seat", "step"))
    game.seq_seat = _seat(seq.get("seat"), players, "sequence.seat", allow_none=True)
    game.seq_step = _choice(seq.get("step", 0), "sequence.step", (-1, 0, 1))
    beep = _object(data.get("beep"), "beep", ("waiting", "resume"))
    waiting = beep.get("waiting", [])
    if not isinstance(waiting, list):
        raise InvalidSetup("not_a_list", field="beep.waiting", value=waiting)
    game.beep_waiting = [_seat(s, players, "beep.waiting") for s in waiting]
    resumes = (None, *(str(p) for p in (PLAYING, DRAWN, PENDING, CHOOSE_COLOR)))
    resume = _choice(beep.get("resume"), "beep.resume", resumes)
    game.beep_resume = None if resume is None else Phase(resume)
    game.stuck = _int(data.get("stuck", 0), "stuck", 0, players)
    winners = data.get("winners", [])
    if not isinstance(winners, list):
        raise InvalidSetup("not_a_list", field="winners", value=winners)
    game.winners = [_seat(s, players, "winners") for s in winners]
    _check_reachable(game, live)


def _check_reachable(game: Game, live: bool) -> None:
    """Refuse a state no game can reach, in which nobody could act or the rules break."""
    phase = game.phase
    active = [s for s in range(game.players) if not game.eliminated[s]]
    if live:
        if game.eliminated[game.current]:
            raise InvalidSetup("seat_eliminated", field="current", seat=game.current)
        for seat in all_seats(game.players):
            if game.eliminated[seat] and game.hands[seat]:
                raise InvalidSetup("eliminated_holds_cards", seat=seat)
        for field, maybe in (("uno_open", game.uno_open), ("pending.bluffer", game.bluffer),
                            ("sequence.seat", game.seq_seat)):
            if maybe is not None and game.eliminated[maybe]:
                raise InvalidSetup("seat_eliminated", field=field, seat=maybe)
    if phase == BEEP_RACE:
        if not game.options.beep:
            raise InvalidSetup("phase_needs_option", phase=str(phase), option="beep")
        waiting = game.beep_waiting
        for seat in waiting:
            if seat not in active:
                raise InvalidSetup("seat_eliminated", field="beep.waiting", seat=seat)
        if len(set(waiting)) != len(waiting) or len(waiting) < 2:
            raise InvalidSetup("beep_waiting")
    elif game.beep_waiting:
        raise InvalidSetup("only_in_phase", field="beep.waiting", phase=str(BEEP_RACE))
    if len(set(game.winners)) != len(game.winners):
        raise InvalidSetup("repeated_seat", field="winners")
    if phase == MATCH_OVER and not game.winners:
        raise InvalidSetup("winners_missing")
    if phase != MATCH_OVER and game.winners:
        raise InvalidSetup("only_in_phase", field="winners", phase=str(MATCH_OVER))
    from uno_cli.engine.invariants import find_problems

    # The engine's own invariants, refused by their code (the checks above name a field first).
    problems = find_problems(game)
    if problems:
        code, text = problems[0]
        raise InvalidSetup("impossible_state", rule=code, problem=text)


def loads(text: str, seed: int = 0, base: RuleOptions = CLASSIC) -> Game:
    """Build a game from JSON text (see :func:`from_dict`)."""
    return from_dict(parse_json(text), seed=seed, base=base)
