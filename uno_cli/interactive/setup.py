"""The match to play: the command line completed from the saved settings, and its session."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from uno_cli.engine.seats import Seat

#: The seat of the person at the keyboard (the interactive game's player); not playconfig.HUMAN, a kind of seat.
PLAYER_SEAT = Seat(0)


def _explicit(name: str) -> bool:
    """True if a command-line option was given (not left to its default)."""
    try:
        import click
        from click.core import ParameterSource

        ctx = click.get_current_context(silent=True)
        if ctx is None:
            return False
        return ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)
    except Exception:  # noqa: BLE001 - no click context: nothing was given
        return False


def merge_settings(config: Any, settings: Any) -> list[str | None]:
    """Fill what the command line left open from the saved settings; the seat levels."""
    from uno_cli.play.playconfig import BOT, build_options

    if not _explicit("lang") and settings.lang:
        try:
            from uno_cli.words import i18n

            code = i18n.parse_language(settings.lang)
            i18n.set_language(code)
            config.lang = code
        except Exception:  # noqa: BLE001 - a bad saved language keeps the current one
            pass
    if not _explicit("speech") and config.speech == "auto":
        config.speech = settings.speech
    if not _explicit("verbosity") and config.verbosity == "full":
        config.verbosity = settings.verbosity
    if not _explicit("pace") and config.pace is None:
        config.pace = settings.pace
    if not _explicit("think_time") and config.think_time is None:
        config.think_time = settings.think_time
    if getattr(config, "speech_rate", None) is None:
        config.speech_rate = settings.speech_rate
    if not _explicit("preset") and not _explicit("rules") and not config.setup:
        try:
            options = build_options(settings.preset, [])
            if settings.rules:
                options = options.with_values(**settings.rules)
            players = config.players if _explicit("players") else settings.players
            options.validate(players)
            config.options = options
            config.preset = settings.preset
            if not _explicit("players"):
                config.players = players
        except Exception:  # noqa: BLE001 - saved rules that no longer fit are left out
            pass
    if config.setup:
        try:
            from uno_cli.play.savefile import read_json  # within limits: never waits on a pipe

            config.players = int(read_json(config.setup).get("players", config.players))
        except Exception:  # noqa: BLE001 - the Session reports a bad setup file
            pass
    if config.seats and (_explicit("bots") or _explicit("players") or _explicit("seats")):
        seats = list(config.seats)
        while len(seats) < config.players:
            seats.append(seats[-1])
        levels: list[str | None] = [s.level if s.kind == BOT else None for s in seats[: config.players]]
        levels[PLAYER_SEAT] = None
        return levels
    return _levels(settings.bots, config.players)


def effective_settings(config: Any, settings: Any) -> Any:
    """The settings as this run plays them: the saved ones, with what the command line set instead
    (the options menu shows these, so ``--players 3`` reads "Players: 3", not the saved 4)."""
    import dataclasses

    from uno_cli.engine.errors import InvalidOptions
    from uno_cli.play.playconfig import BOT, build_options
    from uno_cli.play.settings import Settings

    out = Settings.from_dict(settings.to_dict())
    out.players, out.speech, out.verbosity = config.players, config.speech, config.verbosity
    for field_name, value in (("pace", config.pace), ("think_time", config.think_time),
                              ("speech_rate", config.speech_rate), ("sound", config.sound),
                              ("sound_volume", config.volume), ("sound_panning", config.panning)):
        if value is not None:
            setattr(out, field_name, value)
    try:
        base = build_options(config.preset, [])
        out.preset = config.preset
        out.rules = {f.name: getattr(config.options, f.name) for f in dataclasses.fields(config.options)
                     if getattr(config.options, f.name) != getattr(base, f.name)}
    except InvalidOptions:  # a preset the menu does not know: the saved rules stand
        pass
    others = [seat for index, seat in enumerate(config.seats) if index != PLAYER_SEAT]
    levels = [seat.level for seat in others if seat.kind == BOT]
    if levels and len(levels) == len(others):
        out.bots = levels[0] if len(set(levels)) == 1 else ",".join(levels)
    return out


def _levels(bots: str, players: int) -> list[str | None]:
    """The player, then the bots' levels from the settings (repeated as needed)."""
    bot_levels = [lv for lv in bots.split(",") if lv] or ["normal"]
    return [None] + [bot_levels[i % len(bot_levels)] for i in range(players - 1)]


def configure_from_settings(config: Any, settings: Any) -> bool:
    """Set the match to come from the settings alone; False (nothing changed) if they do not fit."""
    from uno_cli.play.playconfig import build_options

    try:
        options = build_options(settings.preset, [])
        if settings.rules:
            options = options.with_values(**settings.rules)
        options.validate(settings.players)
    except Exception:  # noqa: BLE001 - the menu only offers valid rules; keep the match as it is
        return False
    config.options = options
    config.preset = settings.preset
    config.players = settings.players
    config.seats = seats_for(_levels(settings.bots, settings.players))
    config.names = default_names(config, settings)
    return True


def default_names(config: Any, settings: Any) -> list[str]:
    """Names given on the command line, or the player's own name from the settings."""
    given = [n for n in (getattr(config, "names", []) or []) if n]
    if given:
        return given
    return [settings.name] if settings.name else []


def seats_for(levels: list[str | None]) -> list[Any]:
    """SeatSpecs: the player for None, a bot of that level otherwise."""
    from uno_cli.play.playconfig import BOT, HUMAN, SeatSpec

    return [SeatSpec(HUMAN) if lv is None else SeatSpec(BOT, lv) for lv in levels]


def make_session(config: Any, output: Callable[[Any], None]) -> Any:
    """The Session for a configuration: seat 0 is the player, the others bots."""
    from uno_cli.play.playconfig import HUMAN
    from uno_cli.play.session import Session

    return Session(config, output=output, viewer=PLAYER_SEAT, auto_next_hand=False, script_kind=HUMAN)
