"""Rule options: one frozen record, and named presets that are instances of it."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
import re
from typing import Any

from uno_cli.engine.errors import InvalidOptions

SCORING_MODES = ("winner_takes", "lowest_wins", "elimination")
CHALLENGE_PENALTIES = ("four", "six", "return")
UNO_PENALTIES = (1, 2, 4)
FALSE_UNO_PENALTIES = (0, 1, 2, 4)
#: The largest target, number of hands and jump-in penalty (far above any real game's).
MAX_TARGET = 1_000_000
MAX_HANDS = 10_000
MAX_JUMP_IN_PENALTY = 10_000
#: The options that take any whole number in a range: (lowest, highest).
NUMBER_RANGES: dict[str, tuple[int, int]] = {
    "target": (1, MAX_TARGET),
    "hands": (0, MAX_HANDS),
    "jump_in_penalty": (0, MAX_JUMP_IN_PENALTY),
}
#: The options that take one of a few numbers.
NUMBER_CHOICES: dict[str, tuple[int, ...]] = {
    "uno_penalty": UNO_PENALTIES,
    "false_uno_penalty": FALSE_UNO_PENALTIES,
}


def allowed_numbers(key: str) -> tuple[Any, ...]:
    """What a number option may be, as InvalidOptions says it: its choices, or its range ("1-500")."""
    if key in NUMBER_CHOICES:
        return NUMBER_CHOICES[key]
    low, high = NUMBER_RANGES[key]
    return (f"{low}-{high}",)


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """Every rule that differs between the seeds, as a value."""

    draw_skips: bool = True
    """A player who draws for a Draw Two or Wild Draw Four also loses the turn."""

    challenge: bool = True
    """A Wild Draw Four may be challenged (and so may be played as a bluff)."""

    challenge_penalty: str = "four"
    """A caught bluffer: ``four`` draws 4; ``six`` draws 6; ``return`` takes the card back,
    draws 4 and must play a legal card."""

    uno_penalty: int = 2
    """Cards drawn by a player caught not saying UNO: 1, 2 or 4."""

    scoring: str = "winner_takes"
    """``winner_takes``, ``lowest_wins`` or ``elimination``."""

    target: int = 500
    """The score that ends the match (or eliminates, under ``elimination``)."""

    hands: int = 0
    """Play exactly this many hands instead of playing to ``target`` (0: off)."""

    partners: bool = False
    """Four players in two teams, partners sitting opposite each other."""

    stacking: bool = False
    """Answer a Draw Two with a Draw Two, or a Wild Draw Four with a Wild Draw Four."""

    sequences: bool = False
    """After a number card, play more cards of its colour in a run up or down (9 wraps to 0)."""

    jump_in: bool = False
    """A player holding the very card on top of the pile may play it out of turn."""

    super_jump_in: bool = False
    """Jump in with the same number or symbol in any colour (needs nothing else)."""

    seven_o: bool = False
    """A 7 swaps hands with a chosen player; a 0 passes every hand on in the direction of play."""

    beep: bool = False
    """Add 8 Beep cards: anyone may play one at any moment; the slowest to answer draws 2."""

    jump_in_penalty: int = 3
    """Points a wrong or late interception costs."""

    jump_in_again: bool = False
    """After jumping in with a card that would pass the turn on (a number), the interceptor plays again."""

    first_card_number: bool = False
    """The first card of a hand is always a number card: any other card goes back into the deck."""

    penalty_then_pass: bool = False
    """A player who has drawn a Draw Two or Wild Draw Four penalty and cannot play passes at once."""

    draw_again: bool = False
    """A player who drew a playable card may draw another instead of playing or keeping it."""

    jump_in_after_draw: bool = False
    """Interceptions stay open after the turn holder draws, and a Draw Two one adds to a waiting Draw Two penalty."""

    wrong_jump_in_free: bool = False
    """An interception with a card that matches neither the top card nor the one it covered costs nothing."""

    open_sequences: bool = False
    """Sequences are a race: anyone holding the next number of the top number card's colour may play it out of turn."""

    challenge_stacked: bool = False
    """A stacked Wild Draw Four may be challenged too: the loser draws the whole stack (and the penalty)."""

    false_uno_penalty: int = 0
    """Cards drawn by a player who says UNO without being about to hold one card: 1, 2 or 4 (0: off)."""

    @property
    def jumping(self) -> bool:
        """True when any kind of interception is allowed."""
        return self.jump_in or self.super_jump_in

    def validate(self, players: int | None = None) -> None:
        """Raise InvalidOptions if the values cannot make a game."""
        if self.challenge_penalty not in CHALLENGE_PENALTIES:
            raise InvalidOptions("challenge_penalty", self.challenge_penalty, CHALLENGE_PENALTIES)
        for key, choices in NUMBER_CHOICES.items():
            if getattr(self, key) not in choices:
                raise InvalidOptions(key, getattr(self, key), choices)
        if self.scoring not in SCORING_MODES:
            raise InvalidOptions("scoring", self.scoring, SCORING_MODES)
        for key, (low, high) in NUMBER_RANGES.items():
            if not low <= getattr(self, key) <= high:
                raise InvalidOptions(key, getattr(self, key), allowed_numbers(key))
        if self.partners and self.scoring == "elimination":
            raise InvalidOptions("partners", True, ("scoring != elimination",))
        if self.partners and players is not None and players != 4:
            raise InvalidOptions("partners", True, ("players = 4",))

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict (for JSON): every value is an immutable scalar, so no deep copy
        (``dataclasses.asdict`` cost most of a table's save at each move)."""
        return {name: getattr(self, name) for name in OPTION_NAMES}

    @classmethod
    def from_dict(cls, data: dict[str, Any], base: "RuleOptions | None" = None) -> "RuleOptions":
        """Build options from a dict of (possibly textual) values over ``base``."""
        values = {}
        for key, raw in data.items():
            values[key] = parse_value(key, raw)
        opts = replace(base or cls(), **values)
        opts.validate()
        return opts

    def with_values(self, **changes: Any) -> "RuleOptions":
        """A copy with some options changed (values checked)."""
        return RuleOptions.from_dict(changes, base=self)


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(RuleOptions))
_TYPES = {f.name: f.type for f in fields(RuleOptions)}
_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}
#: A rule number as players type it: ASCII digits, a sign at most (int() would also take other
#: scripts' digits and underscores, which players= and every other number refuse).
_WHOLE = re.compile(r"[+-]?[0-9]+")


def parse_value(key: str, raw: Any) -> Any:
    """Convert a value given as text (``--rule stacking=on``) or JSON to the option's type."""
    if key not in _TYPES:
        raise InvalidOptions(key, raw, OPTION_NAMES, unknown=True)
    kind = _TYPES[key]
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise InvalidOptions(key, raw, ("on", "off"))
    if kind == "int":
        if isinstance(raw, bool):
            raise InvalidOptions(key, raw, ("a whole number",))
        text = str(raw).strip()
        if _WHOLE.fullmatch(text) is None:
            raise InvalidOptions(key, text[:12] + "..." if len(text) > 12 else raw, ("a whole number",))
        if len(text) > 12:
            # A whole number, out of every option's range: said as any other out-of-range value
            # (int() is not asked: it refuses over 4,300 digits).
            raise InvalidOptions(key, text[:12] + "...", allowed_numbers(key))
        return int(text)
    return str(raw).strip()


CLASSIC = RuleOptions()
PLAYROOM = RuleOptions(
    draw_skips=False,
    challenge=True,
    challenge_penalty="six",
    uno_penalty=4,
    scoring="elimination",
    target=500,
    stacking=True,
    sequences=True,
    jump_in=True,
    super_jump_in=True,
    jump_in_again=True,
    first_card_number=True,
    penalty_then_pass=True,
    draw_again=True,
    challenge_stacked=True,
    jump_in_after_draw=True,
    wrong_jump_in_free=True,
    open_sequences=True,
)
#: The Playroom's rules with its two rules that its players leave off (sevens and zeros, Beep cards).
PLAYROOM_ALL = replace(PLAYROOM, seven_o=True, beep=True)
#: Named presets; each is only a set of option values.
PRESETS: dict[str, RuleOptions] = {
    "classic": CLASSIC,
    "playroom": PLAYROOM,
    "playroom_all": PLAYROOM_ALL,
    "strict": RuleOptions(challenge_penalty="return"),
    "lowest": RuleOptions(scoring="lowest_wins"),
    "elimination": RuleOptions(scoring="elimination"),
    "partners": RuleOptions(partners=True),
    "house": RuleOptions(stacking=True, jump_in=True, seven_o=True),
}


def preset(name: str) -> RuleOptions:
    """The preset called ``name``; raises InvalidOptions if there is none."""
    try:
        return PRESETS[name]
    except KeyError:
        raise InvalidOptions("preset", name, tuple(PRESETS), unknown=True) from None
