"""What a game is started with: seats, names, rules, seed, language and output choices."""

from __future__ import annotations

from dataclasses import dataclass, field

from uno_cli.engine.options import CLASSIC, RuleOptions, parse_value, preset
from uno_cli.engine.seats import seat_index, seat_number

#: The kinds of seat: a person at the keyboard, a script or JSON program on stdin, a bot, an outside program.
HUMAN = "human"
SCRIPT = "script"
BOT = "bot"
COMMAND = "cmd"
BOT_LEVELS = ("easy", "normal", "hard", "expert", "random")
DEFAULT_LEVEL = "normal"


class ConfigError(ValueError):
    """A command-line or settings value that cannot start a game; ``code`` names the problem."""

    def __init__(self, code: str, **detail: object) -> None:
        self.code = code
        self.detail = detail
        super().__init__(f"{code}: {detail}")


@dataclass(frozen=True)
class SeatSpec:
    """Who plays a seat: a person (``human``), a script line reader, a bot or a program."""

    kind: str
    level: str = DEFAULT_LEVEL
    command: str = ""
    reaction: tuple[float, float] | None = None
    """A program's race reaction time, (low, high) seconds; None: the default."""


@dataclass
class PlayConfig:
    """Everything needed to start (or resume) a game."""

    players: int = 4
    seats: list[SeatSpec] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    options: RuleOptions = CLASSIC
    preset: str = "classic"
    seed: int | None = None
    setup: str | None = None
    resume: str | None = None
    lang: str = "en"
    format: str = "text"
    script: bool = False
    speech: str = "auto"
    verbosity: str = "full"
    pace: float | None = None
    think_time: float | None = None
    """Seconds a person has to act in the interactive game (None: the settings'; 0: no limit)."""
    speech_rate: int | None = None
    """Words a minute of the player's speech (None: the settings'; 0: never wait for speech)."""
    save: str | None = None
    sound: str | None = None
    """Earcons on or off (None: the settings'); ``volume`` (percent) and ``panning`` likewise."""
    volume: int | None = None
    panning: str | None = None


def parse_seat(text: str) -> tuple[int, SeatSpec]:
    """Parse ``N=human``, ``N=script``, ``N=bot:LEVEL`` or ``N=cmd:PROGRAM ARGS`` (N counts from 1).

    ``N=cmd@REACTION:PROGRAM`` gives the program's race reaction time
    (:func:`uno_cli.play.external.parse_reaction`: ``0.4-1.1``, ``1.0`` or a level such as ``hard``).
    """
    number, sep, spec = text.partition("=")
    if not sep or not (number.strip().isascii() and number.strip().isdigit()):
        raise ConfigError("bad_seat_spec", value=text)
    seat = seat_index(int(number.strip()))
    spec = spec.strip()
    kind, _, rest = spec.partition(":")
    kind = _typed_kind(kind)
    if kind in (HUMAN, SCRIPT) and not rest:
        return seat, SeatSpec(kind)
    if kind == BOT:
        level = _typed_level(rest or DEFAULT_LEVEL)
        if level not in BOT_LEVELS:
            raise ConfigError("bad_bot_level", value=level, allowed=BOT_LEVELS)
        return seat, SeatSpec(BOT, level)
    kind, at, reaction_text = kind.partition("@")
    if kind == COMMAND and rest.strip():
        check_command(rest.strip())
        reaction = None
        if at:
            from uno_cli.play.external import parse_reaction

            try:
                reaction = parse_reaction(reaction_text)
            except ValueError:
                raise ConfigError("bad_reaction", value=reaction_text) from None
        return seat, SeatSpec(COMMAND, command=rest.strip(), reaction=reaction)
    raise ConfigError("bad_seat_spec", value=text)


def check_command(command: str) -> None:
    """Raise ConfigError if ``command`` cannot be split into a program and its arguments
    (an unclosed quotation mark)."""
    from uno_cli.play.external import split_command

    try:
        words = split_command(command)
    except ValueError:
        raise ConfigError("unclosed_quote", value=command) from None
    if not words:
        raise ConfigError("unclosed_quote", value=command)


def _typed_kind(word: str) -> str:
    """A seat kind as typed in any language ("humano", "бот") -> human, script, bot, cmd."""
    from uno_cli.words.clicktext import SEAT_KINDS
    from uno_cli.words.i18n import typed_choice

    return typed_choice(word, SEAT_KINDS, "keyword") or word.strip().lower()


def _typed_level(word: str) -> str:
    """A bots' level as typed in any language ("difícil", "težak") -> its key."""
    from uno_cli.words.i18n import typed_choice
    from uno_cli.words.optioninfo import LEVEL_NAMES

    return typed_choice(word, LEVEL_NAMES) or word.strip().lower()


def typed_preset(word: str) -> str:
    """A preset as typed in any language, by key or label ("Clássico", "Playroom with everything") -> its key."""
    from uno_cli.words.i18n import typed_choice
    from uno_cli.words.optioninfo import PRESET_INFO

    return typed_choice(word, {k: v.label for k, v in PRESET_INFO.items()}) or word


def parse_levels(text: str, budgets: bool = False) -> list[str]:
    """Parse ``--bots normal`` or ``--bots easy,hard,normal`` into a list of levels.

    With ``budgets`` (``uno simulate``) ``expert@N`` is a level too: the expert with a rollout
    budget of N sampled deals per search.
    """
    levels = [_typed_level(part) for part in text.split(",") if part.strip()]
    for level in levels:
        if budgets and level.startswith("expert@"):
            from uno_cli.bots import expert_budget

            try:
                expert_budget(level)
                continue
            except ValueError:
                raise ConfigError("bad_bot_level", value=level, allowed=BOT_LEVELS) from None
        if level not in BOT_LEVELS:
            raise ConfigError("bad_bot_level", value=level, allowed=BOT_LEVELS)
    if not levels:
        raise ConfigError("bad_bot_level", value=text, allowed=BOT_LEVELS)
    return levels


def build_options(preset_name: str, rules: tuple[str, ...] | list[str], base: RuleOptions | None = None) -> RuleOptions:
    """Options from a preset (or ``base``) and ``KEY=VALUE`` overrides, typed in any language."""
    options = base if base is not None else preset(typed_preset(preset_name))
    from uno_cli.words.optioninfo import typed_rule

    changes: dict[str, object] = {}
    for item in rules:
        key, sep, value = typed_rule(item).partition("=")
        if not sep:
            raise ConfigError("bad_rule", value=item)
        key = key.strip().replace("-", "_")
        changes[key] = parse_value(key, value)
    if changes:
        options = options.with_values(**changes)
    return options


def build_seats(
    players: int,
    human_seats: int,
    bots: str | None,
    seat_specs: tuple[str, ...] | list[str],
    default_kind: str,
) -> list[SeatSpec]:
    """Seat list: the first ``human_seats`` are ``default_kind``, the rest bots, then overrides."""
    levels = parse_levels(bots) if bots else [DEFAULT_LEVEL]
    seats: list[SeatSpec] = []
    for s in range(players):
        if s < human_seats:
            seats.append(SeatSpec(default_kind))
        else:
            level = levels[(s - human_seats) % len(levels)] if len(levels) > 1 else levels[0]
            seats.append(SeatSpec(BOT, level))
    for text in seat_specs:
        seat, spec = parse_seat(text)
        if not 0 <= seat < players:
            raise ConfigError("seat_out_of_range", seat=seat_number(seat), players=players)
        seats[seat] = spec
    return seats
