"""Engine events and state as short sentences in the current language.

``describe(event, viewer, names)`` gives one line for one event as seen by ``viewer``
(a 0-based seat, or None for an onlooker): the viewer's own seat is said in "You ..."
forms, and secrets (the cards a seat drew) only when ``viewer == event.secret_to``.
``None`` means "nothing to say to this viewer". ``listener(viewer, names).line(event)`` is the
same sentence, each line made once per language and listener and kept (:class:`Listener`).

Also: :func:`describe_error` (an IllegalAction as a sentence), the summaries
:func:`hand_text`, :func:`status_text`, :func:`scores_text`, :func:`counts_text`,
:func:`top_text`, :func:`color_text`, :func:`pending_text`, :func:`turn_text` used by the
read-only commands and the interactive keys, and the other sentences both interfaces say
(:func:`card_text`, :func:`beaten_text`, :func:`too_late_text`, :func:`prompt_text`).
"""

from __future__ import annotations

from operator import itemgetter
from collections.abc import Callable
from typing import Any, Sequence

from uno_cli.words.cards_text import ARTICLE, OBJECT, WITH, card_name, cards_list, color_name, sort_hand
from uno_cli.engine.seats import all_seats, Seat, seat_number
from uno_cli.engine.cards import WILD, WILD4
from uno_cli.engine.errors import IllegalAction
from uno_cli.engine.events import Event
from uno_cli.engine.game import IN_TURN_PHASES, Phase
from uno_cli.words.i18n import _, get_translator, ngettext
from uno_cli.words.messagetypes import COLOR_CHOSEN, DRAW, DRAWN_CARDS, FIRST_CARD, PENDING, PLAY, REVERSE, SKIP, TURN

#: A drawn-card list longer than this is said as a count, the cards in a line of their own.
LISTED_DRAW = 3

__all__ = [
    "FOLDS_INTO", "KEPT_LINES", "LISTED_DRAW", "Listener", "beaten_text", "card_text", "cards_line_text", "color_chosen_text", "color_text",
    "counts_text", "describe", "describe_error", "forget_lines", "hand_text", "listener", "name_of", "pending_text", "points_text",
    "prompt_text", "revealed_text", "rules_text", "scores_text", "status_text", "too_late_text", "top_text",
    "turn_text",
]


def name_of(seat: Seat | None, names: Sequence[str]) -> str:
    """The name of ``seat`` (1-based "Player N" when there is no name)."""
    if seat is None:
        return "?"
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("Player {number}").format(number=seat_number(seat))


def _list(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return get_translator().format_list(items)


def _int(value: Any) -> int:
    """A count from an event field (0 when it is missing or not a number)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _sentence(text: str) -> str:
    """``text`` with its first letter capitalized (a sentence may begin with a card: "a red 5 ...")."""
    return text[:1].upper() + text[1:]


def _you(seat: Seat | None, viewer: Seat | None) -> bool:
    return seat is not None and viewer is not None and seat == viewer


def describe(event: Event, viewer: Seat | None, names: Sequence[str]) -> str | None:
    """One sentence for ``event`` as ``viewer`` sees it (None: nothing to say)."""
    secret = event.secret if (event.secret and viewer is not None and viewer == event.secret_to) else None
    return _described(event, event.data, viewer, names, secret)


def _described(event: Any, data: Any, viewer: Seat | None, names: Sequence[str], secret: Any) -> str | None:
    """:func:`describe`'s sentence of ``event``, given its fields and the secret the viewer sees."""
    fn = _DESCRIBERS.get(event.type)
    if fn is None:
        return None
    seat = event.seat
    return fn(event, data, _you(seat, viewer), name_of(seat, names), viewer, names, secret)


#: How many lines :class:`Listener` keeps per language, all listeners together (then all are
#: forgotten at once, and kept again as they are said).
KEPT_LINES = 8192
#: The key of the current language's kept lines in :attr:`Translator.memo`.
_KEPT = ("describe's kept lines",)
#: A field the event does not have, as :class:`_Reading` notes it.
_ABSENT = object()
_MISSING = object()


#: The key of a line whose sentence read no field: the same for every event (the type of its
#: fields, a dict; a call in C, where a function of Python's own would be a Python call a line).
_no_fields: Callable[[dict[str, Any]], Any] = type


class _Reading:
    """An event as a sentence reads it when its line is to be kept: its type and seat, and its
    fields (``data``, this object), each field read noted with its value (or :data:`_ABSENT`) in
    the order read. Nothing else of the event is here (no secret: a line with a secret for its
    listener is never kept), and any other use of the fields (iterating over them, say) fails,
    so that no line is kept that depends on more than what was noted."""

    __slots__ = ("type", "seat", "data", "event_fields", "read")
    # Made by Listener.other_line, one per line made (a thread's reading is its own), its
    # attributes set there without an __init__ call: type, seat, data (itself), event_fields
    # (the event's data) and read (empty).
    type: str
    seat: Seat | None
    data: _Reading
    event_fields: dict[str, Any]
    read: dict[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        value = self.event_fields.get(key, _ABSENT)
        self.read.setdefault(key, value)
        return default if value is _ABSENT else value

    def __getitem__(self, key: str) -> Any:
        value = self.get(key, _ABSENT)
        if value is _ABSENT:
            raise KeyError(key)
        return value

    def __contains__(self, key: str) -> bool:
        return self.get(key, _ABSENT) is not _ABSENT


_new_reading = object.__new__


class _Kept:
    """One language's kept lines: each listener's, and how many in all."""

    __slots__ = ("listeners", "count")

    def __init__(self) -> None:
        self.listeners: dict[tuple[Seat | None, tuple[str, ...]], Listener] = {}
        self.count = 0

    def forget(self) -> None:
        """Forget every line kept: each listener is emptied and retired (whoever holds one asks
        :func:`listener` for a new one), so that no line outlives the bound."""
        for found in self.listeners.values():
            found.retire()
        self.listeners.clear()
        self.count = 0


#: A way of reading an event type's fields: the fields read, their key (``operator.itemgetter``
#: of them) and the lines kept, by seat then by that key.
Way = tuple[tuple[str, ...], Callable[[dict[str, Any]], Any], dict[Any, dict[Any, Any]]]


class Listener:
    """Who hears a narration, in one language: :meth:`line` is :func:`describe` for them, each
    line made once and kept (get one with :func:`listener`).

    A line is kept under what made it: the event's type and seat, and the value of each field
    its sentence read (a sentence that reads only ``card`` and ``how`` says the same for every
    event with that card and way of playing, whatever else the event holds); the listener
    (``viewer``, ``names``) and the language (``translator``) are this object's. A line is
    never kept when the event has a secret for the viewer, when its sentence used the fields
    otherwise than by reading one (then it is made each time), read a field the event does not
    have, or read a value that cannot be a key (a list). Values are keys as Python compares
    them (``True == 1``): the engine gives each field one type.
    """

    __slots__ = ("viewer", "names", "translator", "secrets", "first", "retired", "_ways", "_kept")

    def __init__(self, viewer: Seat | None, names: tuple[str, ...], translator: Any, kept: _Kept) -> None:
        self.viewer = viewer
        self.names = names
        self.translator = translator
        #: Whether an event may have a secret for this listener (an onlooker sees none).
        self.secrets = viewer is not None
        #: type -> its ways of reading, first read first (a sentence reads other fields for
        #: some values: a Beep played).
        self._ways: dict[str, list[Way]] = {}
        #: type -> the first of its ways (the common case, looked up first).
        self.first: dict[str, Way] = {}
        #: True once its language's lines were forgotten (:meth:`_Kept.forget`): it keeps nothing more.
        self.retired = False
        self._kept = kept

    def retire(self) -> None:
        """Forget this listener's lines and keep no more (:meth:`_Kept.forget`)."""
        self.retired = True
        self._ways.clear()
        self.first.clear()

    def line(self, event: Event) -> str | None:
        """``describe(event, viewer, names)``, kept."""
        if self.secrets and event.secret and event.secret_to == self.viewer:
            return describe(event, self.viewer, self.names)  # the secret is not in the key
        try:
            _, key, lines = self.first[event.type]
            return lines[event.seat][key(event.data)]  # type: ignore[no-any-return]
        except (KeyError, TypeError):  # not kept under its type's first way of reading
            return self.other_line(event)

    def other_line(self, event: Event) -> str | None:
        """:meth:`line` for an event with no secret for the viewer, which the first way of reading
        its type's fields has not kept: kept another way, or made (and kept if it can be)."""
        seat, data = event.seat, event.data
        ways = self._ways.get(event.type)
        for _read, key, lines in ways[1:] if ways is not None and len(ways) > 1 else ():
            by_seat = lines.get(seat)
            if by_seat is not None:
                try:
                    line = by_seat.get(key(data), _MISSING)
                except (KeyError, TypeError):  # a field absent, or a value that cannot be a key
                    continue
                if line is not _MISSING:
                    return line  # type: ignore[no-any-return]
        viewer, names, kind = self.viewer, self.names, event.type
        reading = _new_reading(_Reading)
        reading.type, reading.seat, reading.data, reading.event_fields, reading.read = kind, seat, reading, data, {}
        try:
            line = _described(reading, reading, viewer, names, None)
        except Exception:  # noqa: BLE001 - the fields used otherwise than read: made each time
            return describe(event, viewer, names)
        read = reading.read
        if _ABSENT in read.values():
            return line
        if self.retired:
            return line
        kept = self._kept
        if kept.count >= KEPT_LINES:
            kept.forget()  # every listener's lines, this one's too
            return line
        fields = tuple(read)
        ways = self._ways.get(kind)
        if ways is None:
            ways = self._ways[kind] = []
        for way in ways:
            if way[0] == fields:
                break
        else:
            way = (fields, itemgetter(*fields) if fields else _no_fields, {})
            ways.append(way)
            if len(ways) == 1:
                self.first[kind] = way
        by_seat = way[2].get(seat)
        if by_seat is None:
            by_seat = way[2][seat] = {}
        try:
            by_seat[way[1](data)] = line
        except TypeError:  # a value that cannot be a key
            return line
        kept.count += 1
        return line


def listener(viewer: Seat | None, names: Sequence[str]) -> Listener:
    """The :class:`Listener` of ``viewer`` with these ``names`` in the current language (made once,
    kept with the language's other words in :attr:`Translator.memo`)."""
    translator = get_translator()
    memo = translator.memo
    kept = memo.get(_KEPT)
    if kept is None:
        kept = memo[_KEPT] = _Kept()
    key = (viewer, tuple(names))
    found = kept.listeners.get(key)
    if found is None:
        found = kept.listeners[key] = Listener(viewer, key[1], translator, kept)
    return found


def forget_lines() -> None:
    """Forget the current language's kept lines (a benchmark's game as a fresh process plays it)."""
    kept = get_translator().memo.pop(_KEPT, None)
    if kept is not None:
        kept.forget()


# ----------------------------------------------------------------- per event type

def _match_start(e: Event, d: dict[str, Any], you: bool, p: str, v: int | None, names: Sequence[str], s: Any) -> str:
    n = _int(d.get("players", 0))
    return ngettext("The game starts with {count} player.", "The game starts with {count} players.", n).format(count=n)


def _dealer_draw(e, d, you, p, v, names, s):
    from uno_cli.engine.cards import is_number

    code = d.get("card", "")
    card = card_name(code, form=OBJECT)
    if code and not is_number(code):
        # Only numbers count for the dealer: the redraw says why.
        if you:
            return _("You draw {card}: not a number, you draw again.").format(card=card)
        return _("{player} draws {card}: not a number, draws again.").format(player=p, card=card)
    if you:
        return _("You draw {card} to choose the dealer.").format(card=card)
    return _("{player} draws {card} to choose the dealer.").format(player=p, card=card)


def _dealer_tie(e, d, you, p, v, names, s):
    seats = list(d.get("seats", []))
    others = [name_of(x, names) for x in seats if not _you(x, v)]
    if len(others) < len(seats):
        return _("A tie between you and {players}: you draw again.").format(players=_list(others))
    return _("A tie between {players}: they draw again.").format(players=_list(others))


def _dealer_chosen(e, d, you, p, v, names, s):
    if you:
        return _("You are the dealer.")
    return _("{player} is the dealer.").format(player=p)


def _hand_start(e, d, you, p, v, names, s):
    return _("Hand {number} begins.").format(number=d.get("hand", 0))


def _deal(e, d, you, p, v, names, s):
    n = _int(d.get("count", 0))
    if you:
        return ngettext("You deal {count} card to each player.", "You deal {count} cards to each player.", n).format(count=n)
    return ngettext(
        "{player} deals {count} card to each player.", "{player} deals {count} cards to each player.", n
    ).format(player=p, count=n)


def _hand_dealt(e, d, you, p, v, names, s):
    # The cards follow in a line of their own (said at full verbosity; asked for at short).
    if s is None:
        return None
    n = len(s.get("cards", []))
    return ngettext("You have {count} card.", "You have {count} cards.", n).format(count=n)


def _first_card(e, d, you, p, v, names, s):
    return _("First card: {card}.").format(card=card_name(d.get("card", "")))


def _first_card_returned(e, d, you, p, v, names, s):
    # TRANSLATORS: a first card that cannot start the pile goes back into the deck.
    return _("First card: {card}, sent back.").format(card=card_name(d.get("card", "")))


def _turn(e, d, you, p, v, names, s):
    if you:
        return _("Your turn.")
    return _("{player}'s turn.").format(player=p)


#: The ways of playing a card said with the card as what one plays with ("jumps in with a red 5").
_PLAYED_WITH = frozenset({"jump_in", "sequence", "stack"})


def _play(e, d, you, p, v, names, s):
    how = d.get("how", "turn")
    if how == "beep":
        return _("You play a Beep!") if you else _("{player} plays a Beep!").format(player=p)
    code = d.get("card", "")
    # A chosen colour follows in a line of its own: color_chosen_text.
    if how not in _PLAYED_WITH:  # in turn, or the card just drawn
        card = card_name(code, form=OBJECT)
        if you:
            return _("You play {card}.").format(card=card)
        return _("{player} plays {card}.").format(player=p, card=card)
    card = card_name(code, form=WITH)  # Serbian "crvenom peticom"
    if how == "jump_in":
        if you:
            return _("You jump in with {card}.").format(card=card)
        return _("{player} jumps in with {card}.").format(player=p, card=card)
    if how == "sequence":
        if you:
            return _("You continue the sequence with {card}.").format(card=card)
        return _("{player} continues the sequence with {card}.").format(player=p, card=card)
    if you:
        return _("You stack {card}.").format(card=card)
    return _("{player} stacks {card}.").format(player=p, card=card)


def _color_chosen(e, d, you, p, v, names, s):
    return color_chosen_text(e.seat, d.get("color"), v, names)


def color_chosen_text(seat: Seat | None, color: str | None, viewer: Seat | None, names: Sequence[str]) -> str:
    """The colour a player chose (also after a wild played with its colour)."""
    you = _you(seat, viewer)
    p = name_of(seat, names)
    color = color_name(color, form=OBJECT)
    if you:
        return _("You choose {color}.").format(color=color)
    return _("{player} chooses {color}.").format(player=p, color=color)


def _draw(e, d, you, p, v, names, s):
    n = _int(d.get("count", 0))
    if n == 0:
        if you:
            return _("You cannot draw: there are no cards left.")
        return _("{player} cannot draw: there are no cards left.").format(player=p)
    if s is not None and s.get("cards"):
        cards = list(s["cards"])
        if len(cards) == 1:
            return _("You draw {card}.").format(card=card_name(cards[0], form=OBJECT))
        if len(cards) > LISTED_DRAW:
            return ngettext("You draw a card.", "You draw {count} cards.", n).format(count=n)  # the cards: a line of their own
        return ngettext("You draw {count} card: {cards}.", "You draw {count} cards: {cards}.", n).format(
            count=n, cards=cards_list(cards)
        )
    if you:
        return ngettext("You draw a card.", "You draw {count} cards.", n).format(count=n)
    return ngettext("{player} draws a card.", "{player} draws {count} cards.", n).format(player=p, count=n)


def _cannot_draw(e, d, you, p, v, names, s):
    if you:
        return _("You cannot draw: there are no cards left.")
    return _("{player} cannot draw: there are no cards left.").format(player=p)


def _playable_drawn(e, d, you, p, v, names, s):
    if s is not None and s.get("card"):
        return _("You can play it.")  # the card was said as it was drawn; passing goes without saying
    if you:
        return _("You can play the card you drew, or pass.")
    return None  # only the drawing player is told


def _pass(e, d, you, p, v, names, s):
    if you:
        return _("You keep the card.")
    return _("{player} keeps the card.").format(player=p)


def _cannot_play(e, d, you, p, v, names, s):
    if you:
        return _("You can't play.")
    return _("{player} can't play.").format(player=p)


def _skip(e, d, you, p, v, names, s):
    if you:
        return _("Your turn is skipped.")
    return _("{player}'s turn is skipped.").format(player=p)


def _reverse(e, d, you, p, v, names, s):
    return _("Direction changes.")


def _pending(e, d, you, p, v, names, s):
    n = _int(d.get("total", 0))
    if you:
        # TRANSLATORS: a draw penalty waiting, as short as players say it ("You must take 4.").
        return ngettext("You must take {count} card.", "You must take {count}.", n).format(count=n)
    # TRANSLATORS: a draw penalty waiting, as short as players say it ("Bruno must take 4.").
    return ngettext("{player} must take {count} card.", "{player} must take {count}.", n).format(player=p, count=n)


def _uno(e, d, you, p, v, names, s):
    if you:
        return _("You say UNO!")
    return _("{player} says UNO!").format(player=p)


def _false_uno(e, d, you, p, v, names, s):
    # The cards drawn follow in the draw event's own line.
    if you:
        return _("You say UNO too soon: you are not about to have one card left.")
    return _("{player} says UNO too soon, without being about to have one card left.").format(player=p)


def _caught(e, d, you, p, v, names, s):
    # The cards drawn follow in the draw event's own line.
    by = d.get("by")
    if you:
        return _("{catcher} catches you without UNO.").format(catcher=name_of(by, names))
    if _you(by, v):
        return _("You catch {player} without UNO.").format(player=p)
    return _("{catcher} catches {player} without UNO.").format(catcher=name_of(by, names), player=p)


def _challenge(e, d, you, p, v, names, s):
    target = d.get("target")
    # Only a Wild Draw Four can be challenged: the card goes without saying.
    if you:
        return _("You challenge {target}.").format(target=name_of(target, names))
    if _you(target, v):
        return _("{player} challenges you.").format(player=p)
    return _("{player} challenges {target}.").format(player=p, target=name_of(target, names))


def _challenge_result(e, d, you, p, v, names, s):
    guilty = bool(d.get("guilty"))
    if you:
        line = _("You bluffed!") if guilty else _("You didn't bluff.")
    elif guilty:
        line = _("{player} bluffed!").format(player=p)
    else:
        line = _("{player} didn't bluff.").format(player=p)
    return line  # the revealed hand has its own line: revealed_text


def _card_returned(e, d, you, p, v, names, s):
    card = card_name(d.get("card", ""), form=OBJECT)
    if you:
        return _("You take back {card}.").format(card=card)
    return _("{player} takes back {card}.").format(player=p, card=card)


def _reshuffle(e, d, you, p, v, names, s):
    n = _int(d.get("count", 0))
    return ngettext(
        "The discard pile is shuffled into a new draw pile of {count} card.",
        "The discard pile is shuffled into a new draw pile of {count} cards.", n,
    ).format(count=n)


def _jump_in(e, d, you, p, v, names, s):
    card = card_name(d.get("card", ""), form=WITH)
    if you:
        return _("You jump in with {card}.").format(card=card)
    return _("{player} jumps in with {card}.").format(player=p, card=card)


def _missed_jump_in(e, d, you, p, v, names, s):
    if d.get("wrong"):
        if you:
            return _("You didn't choose the right card.")
        return _("{player} didn't choose the right card.").format(player=p)
    n = _int(d.get("points", 0))
    if you:
        return ngettext(
            "Too late! You take {count} penalty point.", "Too late! You take {count} penalty points.", n
        ).format(count=n)
    return ngettext(
        "{player} jumps in too late and takes {count} penalty point.",
        "{player} jumps in too late and takes {count} penalty points.", n,
    ).format(player=p, count=n)


def _swap(e, d, you, p, v, names, s):
    target = d.get("target")
    if you:
        return _("You swap hands with {target}.").format(target=name_of(target, names))
    if _you(target, v):
        return _("{player} swaps hands with you.").format(player=p)
    return _("{player} swaps hands with {target}.").format(player=p, target=name_of(target, names))


def _rotate(e, d, you, p, v, names, s):
    return _("Every hand passes to the next player.")


def _beep_race(e, d, you, p, v, names, s):
    return _("Beep! Everyone must answer.")


def _beep_answer(e, d, you, p, v, names, s):
    if you:
        return _("You answer.")
    return _("{player} answers.").format(player=p)


def _beep_slowest(e, d, you, p, v, names, s):
    if you:
        return _("You are the slowest.")
    return _("{player} is the slowest.").format(player=p)


def _hand_end(e, d, you, p, v, names, s):
    # Each player's points follow in lines of their own: points_text.
    if d.get("block"):
        if you:
            return _("Nobody can play or draw: you win the hand with the fewest points.")
        return _("Nobody can play or draw: {player} wins the hand with the fewest points.").format(player=p)
    if you:
        return _("You win the hand.")
    return _("{player} wins the hand.").format(player=p)


def _eliminated(e, d, you, p, v, names, s):
    n = _int(d.get("score", 0))
    if you:
        return ngettext("You are out, with {count} point.", "You are out, with {count} points.", n).format(count=_number(n))
    return ngettext("{player} is out, with {count} point.", "{player} is out, with {count} points.", n).format(
        player=p, count=_number(n)
    )


def _match_end(e, d, you, p, v, names, s):
    winners = list(d.get("winners", []))
    if len(winners) == 1:
        if _you(winners[0], v):
            return _("You win the game!")
        return _("{player} wins the game!").format(player=name_of(winners[0], names))
    others = [name_of(x, names) for x in winners if not _you(x, v)]
    if len(others) < len(winners):
        return _("You and {players} win the game!").format(players=_list(others))
    return _("{players} win the game!").format(players=_list(others))


_DESCRIBERS: dict[str, Any] = {
    "match_start": _match_start,
    "dealer_draw": _dealer_draw,
    "dealer_tie": _dealer_tie,
    "dealer_chosen": _dealer_chosen,
    "hand_start": _hand_start,
    "deal": _deal,
    "hand_dealt": _hand_dealt,
    "first_card": _first_card,
    "first_card_returned": _first_card_returned,
    "turn": _turn,
    "play": _play,
    "color_chosen": _color_chosen,
    "draw": _draw,
    "cannot_draw": _cannot_draw,
    "playable_drawn": _playable_drawn,
    "pass": _pass,
    "cannot_play": _cannot_play,
    "skip": _skip,
    "reverse": _reverse,
    "pending": _pending,
    "uno": _uno,
    "caught": _caught,
    "false_uno": _false_uno,
    "challenge": _challenge,
    "challenge_result": _challenge_result,
    "card_returned": _card_returned,
    "reshuffle": _reshuffle,
    "jump_in": _jump_in,
    "missed_jump_in": _missed_jump_in,
    "swap": _swap,
    "rotate": _rotate,
    "beep_race": _beep_race,
    "beep_answer": _beep_answer,
    "beep_slowest": _beep_slowest,
    "hand_end": _hand_end,
    "eliminated": _eliminated,
    "match_end": _match_end,
}


# ------------------------------------------------------------------------ errors

def describe_error(exc: IllegalAction, names: Sequence[str]) -> str:
    """What was wrong with an action, as one sentence."""
    code = exc.code
    d = exc.detail
    card = d.get("card")
    if code == "not_in_hand":
        return _sentence(_("You don't have {card}.").format(card=card_name(card or "", form=ARTICLE)))
    if code == "not_your_turn":
        current = d.get("current")
        if current is not None:
            return _("It's {player}'s turn, not yours.").format(player=name_of(current, names))
        return _("It's not your turn.")
    if code == "does_not_match":
        top = d.get("top")
        color = d.get("color")
        if top in (WILD, WILD4) or color is not None and top and top[:1] != color:
            return _sentence(_("{card} does not match: the colour is {color}.").format(
                card=card_name(card or "", form=ARTICLE), color=color_name(color)
            ))
        return _sentence(_("{card} does not match {top}.").format(
            card=card_name(card or "", form=ARTICLE), top=card_name(top or "", form=ARTICLE)))
    if code == "needs_color":
        return _("Name a colour for the wild card: red, yellow, green or blue.")
    if code == "needs_target":
        if d.get("target") is not None:
            return _("A 7 swaps hands with someone else, not with you: add another seat number.")
        return _("Say whose hand to swap with: add a seat number.")
    if code == "bad_target":
        return _("That seat cannot be chosen.")
    if code == "no_color_needed":
        return _("Only a wild card takes a colour.")
    if code == "choose_color":
        return _("First choose the colour: red, yellow, green or blue.")
    if code == "no_color_to_choose":
        return _("There is no colour to choose now.")
    if code == "must_answer_draw":
        n = _int(d.get("total", 0))
        return ngettext(
            "You must first take the {count} card or answer the draw.",
            "You must first take the {count} cards or answer the draw.", n,
        ).format(count=n)
    if code == "nothing_to_challenge":
        return _("Only a Wild Draw Four can be challenged.")
    if code == "cannot_challenge_stack":
        return _("A stacked Wild Draw Four cannot be challenged.")
    if code == "nothing_to_answer":
        return _("There is no draw penalty to answer.")
    if code == "already_drawn":
        return _("You have already drawn: play the drawn card or pass.")
    if code == "only_drawn_card":
        return _("After drawing you may only play the card you drew.")
    if code == "draw_first":
        return _("You can only pass after drawing a card.")
    if code == "must_play_legal":
        return _("You must play a card that matches.")
    if code == "wild_draw_four_condition":
        return _("You may play a Wild Draw Four only when you have no card of the colour in play.")
    if code == "uno_not_now":
        return _("You can say UNO only as you are about to play your next-to-last card, or just after playing it.")
    if code == "nobody_to_catch":
        return _("Nobody has UNO to catch.")
    if code == "option_off":
        if d.get("option") == "challenge":
            return _("Challenges are off in this game.")
        if d.get("option") == "jump_in":
            return _("Jumping in is off in this game.")
        return _("That rule is off in this game.")
    if code == "cannot_jump_in":
        return _("You can jump in only with the very card on top of the pile.")
    if code == "swap_without_seven":
        return _("Play a 7 first, then say whose hand to swap with.")
    if code == "not_now":
        return _("You can't do that now.")
    if code == "answer_beep":
        return _("First answer the Beep.")
    if code == "no_beep":
        return _("There is no Beep to answer.")
    if code == "already_answered":
        return _("You have already answered the Beep.")
    if code in ("hand_over", "hand_in_progress", "already_started"):
        return _("The hand is over.")
    if code == "game_over":
        return _("The game is over.")
    if code == "no_such_seat":
        return _("There is no such seat.")
    if code == "eliminated":
        return _("You are out of the game.")
    return _("That is not allowed now.")


# ----------------------------------------------------------------- lines of their own

def points_text(seat: Seat, points: int, viewer: Seat | None, names: Sequence[str]) -> str:
    """A player's points for the hand: "Ana gets 45 points."."""
    if _you(seat, viewer):
        return ngettext("You get {count} point.", "You get {count} points.", points).format(count=_number(points))
    return ngettext("{player} gets {count} point.", "{player} gets {count} points.", points).format(
        player=name_of(seat, names), count=_number(points))


def revealed_text(seat: Seat, hand: Sequence[str], names: Sequence[str]) -> str:
    """A challenged player's hand, shown to the challenger."""
    return _("{player}'s cards: {cards}.").format(player=name_of(seat, names), cards=cards_list(sort_hand(list(hand))))


def cards_line_text(cards: Sequence[str], sort: bool = False) -> str:
    """Cards in a line of their own, after their count (a hand dealt, a draw of more than LISTED_DRAW)."""
    return cards_list(sort_hand(list(cards)) if sort else list(cards)) + "."


def rules_text(preset_label: str, changed: bool, target: int, hands: int) -> str:
    """The rules in one line at the start of a match: "Rules: Playroom; to 500 points."."""
    rules = _("{preset}, changed").format(preset=preset_label) if changed else preset_label
    if hands:
        return ngettext("Rules: {rules}; {count} hand.", "Rules: {rules}; {count} hands.", hands).format(
            rules=rules, count=hands)
    return ngettext("Rules: {rules}; to {count} point.", "Rules: {rules}; to {count} points.", target).format(
        rules=rules, count=_number(target))


# --------------------------------------------------------------------- summaries

def hand_text(hand: Sequence[str], sort: bool = True) -> str:
    """The cards of a hand: "You have 3 cards: red 5, blue 7 and Wild." (in the given order unless ``sort``)."""
    cards = sort_hand(list(hand)) if sort else list(hand)
    n = len(cards)
    if n == 0:
        return _("You have no cards.")
    return ngettext("You have {count} card: {cards}.", "You have {count} cards: {cards}.", n).format(
        count=n, cards=cards_list(cards)
    )


def top_text(top: str | None, color: str | None) -> str:
    """The top card and, when it differs from the card's own, the colour in play."""
    if top is None:
        return _("The discard pile is empty.")
    if top in (WILD, WILD4) and color:
        return _("The top card is {card}; the colour is {color}.").format(
            card=card_name(top, form=ARTICLE), color=color_name(color))
    if top == "beep":
        return _("The top card is a Beep: any card may follow.")
    return _("The top card is {card}.").format(card=card_name(top, form=ARTICLE))


def counts_text(counts: Sequence[int], names: Sequence[str], viewer: Seat | None = None,
                eliminated: Sequence[bool] | None = None) -> str:
    """How many cards each player holds: "Ana: 3 cards. You: 5 cards."."""
    parts = []
    for seat, n in zip(all_seats(len(counts)), counts):
        if eliminated is not None and seat < len(eliminated) and eliminated[seat]:
            continue
        if _you(seat, viewer):
            parts.append(ngettext("You: {count} card.", "You: {count} cards.", n).format(count=n))
        else:
            parts.append(ngettext("{player}: {count} card.", "{player}: {count} cards.", n).format(
                player=name_of(seat, names), count=n))
    return " ".join(parts)


def _number(n: int) -> str:
    """A number with the current language's separators (1,500 / 1.500)."""
    return get_translator().format_number(n) if abs(n) >= 1000 else str(n)


def scores_text(scores: Sequence[int], names: Sequence[str], viewer: Seat | None = None,
                eliminated: Sequence[bool] | None = None) -> str:
    """The scores: "Scores: Ana 12, Bruno 0."."""
    parts = []
    for seat, n in zip(all_seats(len(scores)), scores):
        out = eliminated is not None and seat < len(eliminated) and eliminated[seat]
        if _you(seat, viewer):
            # TRANSLATORS: the player's own entry in the list of scores ("Scores: you 12, Ana 0.").
            parts.append(_("you {score} (out)").format(score=_number(n)) if out
                         else _("you {score}").format(score=_number(n)))
        elif out:
            parts.append(_("{player} {score} (out)").format(player=name_of(seat, names), score=_number(n)))
        else:
            parts.append(_("{player} {score}").format(player=name_of(seat, names), score=_number(n)))
    return _("Scores: {scores}.").format(scores=", ".join(parts))


def final_scores_text(scores: Sequence[int], names: Sequence[str], viewer: Seat | None = None,
                      eliminated: Sequence[bool] | None = None) -> str:
    """The scores at the end of the match: "Final scores: Ana 12, Bruno 0."."""
    text = scores_text(scores, names, viewer, eliminated)
    return _("The game is over.") + " " + text


def color_text(color: str | None) -> str:
    """The colour in play."""
    if not color:
        return _("No colour is in play yet.")
    return _("The colour in play is {color}.").format(color=color_name(color))


def deck_text(count: int) -> str:
    """How many cards are left in the draw pile."""
    return ngettext("{count} card left in the draw pile.", "{count} cards left in the draw pile.",
                    count).format(count=count)


def pending_text(view: Any, names: Sequence[str], viewer: Seat | None = None) -> str:
    """The draw penalty waiting, and for whom."""
    if view.phase != Phase.PENDING or not view.pending:
        return _("No draw penalty is waiting.")
    if _you(view.current, viewer):
        return ngettext(
            "A penalty of {count} card waits for you.", "A penalty of {count} cards waits for you.", view.pending
        ).format(count=view.pending)
    return ngettext(
        "A penalty of {count} card waits for {name}.", "A penalty of {count} cards waits for {name}.", view.pending
    ).format(count=view.pending, name=name_of(view.current, names))


def turn_text(view: Any, names: Sequence[str], viewer: Seat | None = None) -> str:
    """Whose turn it is, or what the game waits for instead (a turn to take a penalty: the
    penalty's line, "You must take 4.", as the game says that turn)."""
    if view.phase in IN_TURN_PHASES:
        waiting = view.pending if view.phase == Phase.PENDING else 0
        return (_pending if waiting else _turn)(None, {"total": waiting}, _you(view.current, viewer),
                                                name_of(view.current, names), viewer, names, None)
    if view.phase == Phase.BEEP_RACE:
        return _("Everyone must answer the Beep.")
    if view.phase == Phase.MATCH_OVER:
        return _("The game is over.")
    return _("The hand is over.")


def status_text(view: Any, names: Sequence[str], viewer: Seat | None = None, turn: bool = True) -> str:
    """The whole situation in a few sentences: top card, turn (with the penalty waiting; not with
    ``turn=False``, when the turn's own line follows), counts, piles."""
    parts = [top_text(view.top, view.color)]
    if turn and view.phase != Phase.SETUP:
        parts.append(turn_text(view, names, viewer))
    if view.direction == -1:
        parts.append(_("Play goes counter-clockwise."))
    parts.append(counts_text(view.counts, names, viewer, view.eliminated))
    parts.append(_("Deck: {deck}. Pile: {pile}.").format(deck=view.draw_pile, pile=view.discard_pile))
    return " ".join(parts)


def card_text(card: str, position: int, count: int, playable: bool, full: bool = True) -> str:
    """One card of the hand as the player moves onto it: "red 5, 1 of 5, playable"."""
    text = card_name(card)
    if full:
        text = _("{card}, {position} of {count}").format(card=text, position=position, count=count)
    if playable:
        text = _("{card}, playable").format(card=text)
    return text


def beaten_text(seat: Seat, names: Sequence[str]) -> str:
    """The player won a race against ``seat``."""
    return _("You beat {name}.").format(name=name_of(seat, names))


def too_late_text(seat: Seat, names: Sequence[str]) -> str:
    """The player lost a race against ``seat``."""
    return _("Too late! {name} was faster.").format(name=name_of(seat, names))


def prompt_text(commands: Sequence[str], race: bool, seat: Seat, viewer: Seat | None, names: Sequence[str]) -> str:
    """What ``seat`` may do now: "Your move: play, draw." (a race: "You may act now: ...")."""
    listed = ", ".join(commands)
    if race:
        if _you(seat, viewer):
            return _("You may act now: {commands}.").format(commands=listed)
        return _("{player}, you may act now: {commands}.").format(player=name_of(seat, names), commands=listed)
    if _you(seat, viewer):
        return _("Your move: {commands}.").format(commands=listed)
    return _("{player}, your move: {commands}.").format(player=name_of(seat, names), commands=listed)


# ----------------------------------------------------------------- commands

def resumed_text() -> str:
    """A saved game or a setup goes on."""
    return _("The game continues.")


def you_can_text(commands: str) -> str:
    """What a seat may do now, after an error (``commands`` already listed)."""
    return _("You can: {commands}.").format(commands=commands)


def no_moves_text() -> str:
    """``moves`` when the seat cannot act now."""
    return _("You have nothing to do now.")


def no_seat_text() -> str:
    """A command line with no seat it could be for."""
    return _("No seat is played from here.")


def computer_seat_text(seat: Seat, names: Sequence[str]) -> str:
    """A command for a seat the computer plays."""
    return _("{player} (seat {seat}) is played by the computer.").format(player=name_of(seat, names), seat=seat_number(seat))


def interface_only_text(command: str) -> str:
    """A verb of the interactive game typed in script mode."""
    return _("{command} works only in the interactive game.").format(command=command)


def must_act_text() -> str:
    """``wait`` when the game waits for that seat."""
    return _("The game is waiting for you: you must act now.")


def choose_color_text() -> str:
    """The second line a wild played without a colour needs."""
    return _("Choose a colour: red, yellow, green or blue.")


def choose_target_text() -> str:
    """The second line a 7 played without a seat needs (seven_o)."""
    return _("Choose whose hand to swap with: give a seat number.")


def help_text(lines: Sequence[str], seat_prefix: bool = True) -> str:
    """The commands' help: a heading, one line per command, how to act for another seat (if one can)."""
    return "\n".join([_("Commands:"), *lines] + ([_("@N before a command acts for seat N.")] if seat_prefix else []))


def parse_error_text(code: str | None, det: dict[str, Any], localize: Callable[[str], str]) -> str:
    """What was wrong with a command line that could not be understood; ``localize`` writes a
    canonical command as the player types it (:func:`uno_cli.play.commands.localize_command`)."""
    if code == "invalid_text":
        return _("That line is not readable text.")
    if code == "too_long":
        return _("That line is too long.")
    if code == "bad_seat_prefix":
        n = _int(det.get("players", 0))
        return ngettext("{text} is not a seat: write @1 to @{count}, then the command.",
                        "{text} is not a seat: write @1 to @{count}, then the command.", n).format(
            text=det.get("text", "@"), count=n)
    if code == "unknown_verb":
        return _("I don't know the word {word}. Type help for the commands.").format(word=det.get("word", ""))
    if code == "missing_card":
        # TRANSLATORS: {example} is a command in the player's language, such as "play red 5".
        return _("Say which card: for example {example}.").format(example=localize("play r5"))
    if code == "unknown_card":
        from uno_cli.words.cards_text import card_name

        # TRANSLATORS: {examples} lists card names such as red 5, green Draw Two or Wild.
        return _("{text} is not a card. Write cards like {examples}.").format(
            text=det.get("text", ""),
            examples=get_translator().format_list([card_name(c) for c in ("r5", "g+2", "bs", WILD, WILD4)], style="or"),
        )
    if code == "missing_color":
        return _("Say which colour: red, yellow, green or blue.")
    if code == "unknown_color":
        return _("{text} is not a colour: say red, yellow, green or blue.").format(text=det.get("text", ""))
    if code == "missing_seat":
        return _("Say which seat: a number.")
    if code == "unknown_seat":
        n = _int(det.get("players", 0))
        return ngettext("{text} is not a seat: give a number from 1 to {count}.",
                        "{text} is not a seat: give a number from 1 to {count}.", n).format(
            text=det.get("text", ""), count=n)
    if code == "extra_words":
        return _("I don't understand {text} in that command.").format(text=det.get("text", ""))
    return _("I don't understand that line.")


# ----------------------------------------------------------------- saving and stopping

def program_replaced_text(seat: Seat) -> str:
    """A file's outside-program seat, played by a bot in the interactive game."""
    return _("Seat {seat} was played by an outside program in the file; a bot of level normal "
             "plays it now.").format(seat=seat_number(seat))


def save_needs_file_text() -> str:
    """``save`` without a file name."""
    return _("Say where to save: save FILE.")


def save_refused_text(reason: str, file: str, force_command: str) -> str:
    """Why ``save FILE`` would not write there (``reason`` from uno_cli.play.savefile); ``force_command``
    is ``save FILE force`` as the player types it."""
    if reason == "not_a_save":
        # TRANSLATORS: {command} is "save FILE force" in the player's language.
        return _("{file} already exists and is not a saved game; to replace it, write: "
                 "{command}").format(file=file, command=force_command)
    if reason == "symlink":
        return _("{file} is a symbolic link; the game is not saved through links.").format(file=file)
    return _("{file} is not a regular file; the game cannot be saved there.").format(file=file)


def cannot_save_text(file: str) -> str:
    """``save FILE`` failed."""
    return _("The game cannot be saved to {file}.").format(file=file)


def saved_text(file: str) -> str:
    """``save FILE`` wrote the game."""
    return _("The game is saved in {file}.").format(file=file)


def wrong_prompt_text(answer_id: int, prompt_id: int) -> str:
    """An answer naming another prompt than the one the game waits for."""
    return _("That answer is for prompt {id}, but the game waits for the answer to prompt {prompt}.").format(
        id=answer_id, prompt=prompt_id)


def unstartable_text(command: str) -> str:
    """An outside program that cannot be started."""
    return _("The program {command} cannot be started.").format(command=command)


def stopped_text(why: str, file: str | None) -> str:
    """Script mode stopped before the game ended (``why``: quit, input_ended, output, endless), and where it is saved."""
    if why == "output":
        if file is None:
            return _("Standard output cannot be written, and the game could not be saved.")
        return _("Standard output cannot be written. The game is saved in {file}; continue it with: "
                 "uno play --resume {file}").format(file=file)
    if file is None:
        return _("The game could not be saved.")
    if why == "quit":
        return _("You quit. The game is saved in {file}; continue it with: uno play --resume {file}").format(file=file)
    if why == "endless":
        return _("The game went on too long without an end, so it stops here. It is saved in {file}.").format(file=file)
    return _("The input ended before the end of the game, so the game is saved in {file}. "
             "To continue it: uno play --resume {file}").format(file=file)


# ------------------------------------------------------------------ one change, one line

def _clause(text: str) -> str | None:
    """A sentence without its final full stop, to go on with; None if it does not end with one."""
    return text[:-1] if text.endswith(".") else None


def _drawn_and_skipped(ev: Event, viewer: Seat | None, names: Sequence[str]) -> str:
    """A draw and the skipped turn that follows it, as one sentence."""
    n = _int(ev.data.get("count", 0))
    secret = ev.secret if ev.secret and viewer is not None and viewer == ev.secret_to else None
    cards = list(secret.get("cards", [])) if secret else []
    if cards and len(cards) <= LISTED_DRAW:
        # TRANSLATORS: the cards drawn (their names alone, a list), then the turn lost to the draw, in the
        # order of "You draw 2, skipped.".
        return _("You draw {cards}, skipped.").format(cards=cards_list(cards))
    if _you(ev.seat, viewer):
        # TRANSLATORS: a draw and the turn it loses, as short as a player says it ("You draw 2, skipped.").
        return ngettext("You draw a card, skipped.", "You draw {count}, skipped.", n).format(count=n)
    # TRANSLATORS: a draw and the turn it loses, as short as a player says it ("Ana draws 2, skipped.").
    return ngettext("{player} draws a card, skipped.", "{player} draws {count}, skipped.",
                    n).format(player=name_of(ev.seat, names), count=n)


def joins_the_draw(a_type: str, a_seat: Seat | None, b_type: str, seat: Seat | None, viewer: Seat | None) -> bool:
    """Whether the turn ``b_type`` that stays after the list of cards drawn ``a`` is said with the draw
    before that list ("You draw 6 cards. Your turn.", then the cards), not seconds after them."""
    return a_type == DRAWN_CARDS and b_type == TURN and a_seat == seat and _you(seat, viewer)


#: The message types of the lines :func:`fold` may fold into the line before them (and
#: :func:`joins_the_draw` only a turn): a line of any other type starts a line of its own, and
#: the narration does not ask.
FOLDS_INTO = frozenset({TURN, PENDING, COLOR_CHOSEN, SKIP, REVERSE})


def fold(a_type: str, a_seat: Seat | None, a_text: str, b_type: str, seat: Seat | None, text: str,
         ea: Event, eb: Event, behind: bool, viewer: Seat | None, names: Sequence[str]) -> str | None:
    """The line ``a`` (its message type, seat and text) with the later line ``b`` of the same change folded
    in, or None when they stay two lines: a move and what it does as one line where a listener would ("Bruno plays a red Skip;
    you are skipped."): a Wild and its colour, a draw and the turn it skips, a Skip and whom it
    skips, a Reverse and the new direction; and the player's own turn, when it would wait behind
    two lines or more, as a sentence of the last ("Your turn."), or of the draw before a list of the cards drawn
    (:func:`joins_the_draw`); a turn and the penalty waiting
    for it as the penalty's line ("Bruno must take 4."). ``ea`` made ``a`` and ``eb`` made ``b``;
    ``behind``: ``a`` waits behind another line of the change. The narration folds only lines
    said at the same verbosities, and the lines folded in keep their place (their JSON and
    sound) with no text."""
    if b_type not in FOLDS_INTO:
        return None
    if b_type == TURN:
        # The player's turn waits behind one line at most: after a longer change it is
        # said as a sentence of the last line ("Ana draws 2, skipped. Your turn.").
        # After a penalty taken, the turn that stays ends the draw's line ("You draw 2
        # cards: red 5 and blue 3. Your turn.").
        if (behind or a_type == DRAW and a_seat == seat) and _you(seat, viewer):
            return a_text + " " + text
        return None
    if b_type == PENDING:
        # A turn to take a penalty: "Bruno must take 4." says both (only the player
        # whose turn it is takes, or answers, a penalty).
        return text if a_type == TURN and a_seat == seat else None
    first = _clause(a_text)
    if first is None:
        return None
    same = a_seat == seat
    if b_type == COLOR_CHOSEN and a_type == PLAY and same and eb.data.get("color"):
        # TRANSLATORS: a Wild and the colour its player chose: "Ana plays a Wild: blue."
        return _("{move}: {color}.").format(move=first, color=color_name(eb.data["color"]))
    if b_type == SKIP and a_type == DRAW and same and ea.data.get("count"):
        return _drawn_and_skipped(ea, viewer, names)
    if b_type == SKIP and a_type == PLAY and not same and ea.data.get("how", "turn") in ("turn", "drawn"):
        # (a card just drawn is said as one played in turn; after a jump-in the line would be
        # 9 words and more: the skip keeps its own)
        if _you(seat, viewer):
            return _("{move}; you're skipped.").format(move=first)
        return _("{move}; {player} is skipped.").format(move=first, player=name_of(seat, names))
    if b_type == REVERSE and a_type in (PLAY, FIRST_CARD):
        # TRANSLATORS: a Reverse and what it does: "Ana plays a red Reverse; direction changes."
        return _("{move}; direction changes.").format(move=first)
    return None
