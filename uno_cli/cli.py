"""The ``uno`` command: play (interactive or scripted), read the rules, simulate."""

from __future__ import annotations

import os
from pathlib import Path
import sys
from typing import Any

import click

from uno_cli import __version__
from uno_cli.engine.seats import seat_index, seat_number
from uno_cli.words import clitext as cli_words
from uno_cli.words.clicktext import address_form, said_choice

EXIT_BAD_USAGE = 2


class DefaultGroup(click.Group):
    """A group that runs ``play`` when no subcommand is named (only options follow ``uno``);
    an unknown word where a subcommand goes is refused with the nearest commands."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] == "help":
            args = ["--help", *args[1:]]
        if args and not args[0].startswith("-") and args[0] not in self.commands:
            import difflib


            message = cli_words.no_such_command(args[0])
            close = difflib.get_close_matches(args[0], list(self.commands), n=3, cutoff=0.5)
            if len(close) == 1:
                message += " " + cli_words.did_you_mean(repr(close[0]))
            elif close:
                message += " " + cli_words.did_you_mean_one_of(", ".join(map(repr, close)))
            ctx.fail(message)
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h", "--version")):
            args = ["play", *args]
        return super().parse_args(ctx, args)


def _set_language(lang: str | None) -> str:
    from uno_cli.words import i18n

    if lang:
        code = i18n.parse_language(lang)
    else:
        from uno_cli.startlang import early_language

        code = early_language([])
    i18n.set_language(code)
    return code


def _ascii_number(text: str) -> bool:
    """True for a number written in ASCII digits (``str.isdigit`` also accepts "²", which ``int`` refuses)."""
    text = text.strip()
    return text.isascii() and text.isdigit()


def _isatty(stream: Any) -> bool:
    """True for a terminal; a closed stream (None) is not one."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def msys_terminal() -> bool:
    """True in Git Bash / MSYS2 / mintty, which give programs pipes instead of a console."""
    import os

    return bool(os.environ.get("MSYSTEM")) or os.environ.get("TERM_PROGRAM") == "mintty"


def _interactive_seats_or_exit(seat_specs: tuple[str, ...]) -> None:
    # The interactive game has one person, at seat 1; every other seat must be a bot, or
    # the game would wait for it forever.
    from uno_cli.play.playconfig import BOT, HUMAN, parse_seat

    for text in seat_specs:
        seat, spec = parse_seat(text)
        if (seat == 0 and spec.kind != HUMAN) or (seat > 0 and spec.kind != BOT):
            _fail(cli_words.seat_not_interactive("--seat " + text, "--script"))


def _say_unreadable_settings() -> None:
    """Say so when the settings file exists but cannot be read (the game uses the defaults)."""
    if "UNO_CLI_IGNORE_SETTINGS" in os.environ:
        return
    from uno_cli.play import settings

    _settings, problem = settings.read()
    if problem is not None:
        from uno_cli.words.errtext import settings_unreadable

        click.echo(settings_unreadable(settings.settings_path(), problem), err=True)


class _Whole(click.IntRange):
    """A whole number, in its range if it has one, refused in one sentence of the player's language
    (click's own message names its type in English)."""

    def __init__(self, min: int | None = None, max: int | None = None) -> None:  # noqa: A002 (click's names)
        super().__init__(min, max)
        if min is None and max is None:
            self.name = "integer"  # no range to show: the help names it as a plain whole number

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            self.fail(cli_words.out_of_range(value, self.min, self.max, whole=True), param, ctx)


class _Number(click.FloatRange):
    """A number, in its range, refused in one sentence of the player's language; NaN, which every range
    lets through, is refused too."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            number = super().convert(value, param, ctx)
        except click.BadParameter:
            number = None
        if number is None or number != number:
            self.fail(cli_words.out_of_range(value, self.min, self.max, whole=False), param, ctx)
        return number


def _fail(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(EXIT_BAD_USAGE)


def _language_or_exit(lang: str | None) -> str:
    from uno_cli.words import i18n

    try:
        return _set_language(lang)
    except i18n.UnknownLanguage as exc:
        _fail(str(exc))
    raise AssertionError  # unreachable


def _options_or_exit(preset_name: str, rules: tuple[str, ...], players: int | None = None) -> Any:
    from uno_cli.engine.errors import InvalidOptions
    from uno_cli.words.errtext import config_error, option_error
    from uno_cli.play.playconfig import ConfigError, build_options

    try:
        options = build_options(preset_name, rules)
        options.validate(players)
        return options
    except InvalidOptions as exc:
        _fail(option_error(exc, typed=True))
    except ConfigError as exc:
        _fail(config_error(exc))


def _ensure_text_streams() -> None:
    # A pipe or a non-UTF-8 locale must never turn a card name into a traceback.
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass


@click.group(
    cls=DefaultGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=cli_words.program_help(),
)
@click.version_option(__version__, prog_name="uno")
def main() -> None:
    """An accessible UNO card game for the terminal."""
    _ensure_text_streams()


def _players_in_file(path: str | None) -> int | None:
    # A setup or saved game fixes the number of seats; a broken file is reported later.
    if not path:
        return None
    from uno_cli.engine.errors import InvalidSetup
    from uno_cli.play.savefile import read_json

    try:
        data = read_json(path)
        players = data.get("players") or len(data.get("hands") or [])
        return players if isinstance(players, int) and 2 <= players <= 10 else None
    except (OSError, InvalidSetup, AttributeError, TypeError):
        return None


def _check_file_or_exit(config: Any) -> None:
    """Refuse a ``--setup``/``--resume`` file that is not a real game before the interactive game starts."""
    path = config.resume or config.setup
    if not path:
        return
    from uno_cli.engine import state_io
    from uno_cli.engine.errors import EngineError, InvalidOptions, InvalidSetup
    from uno_cli.words.errtext import file_unreadable, option_error, setup_error
    from uno_cli.words.names import clean_text
    from uno_cli.play.savefile import file_bots, file_names, file_seats, read_save

    try:
        data = read_save(path)
        game = state_io.from_dict(data, base=config.options)
        file_seats(data, list(config.seats), game.players, "human")
        file_names(data, game.players)
        file_bots(data, game.players)
    except InvalidOptions as exc:
        _fail(option_error(exc))
    except InvalidSetup as exc:
        _fail(setup_error(exc))
    except EngineError as exc:
        _fail(setup_error(InvalidSetup("impossible", problem=str(exc))))
    except OSError:
        _fail(file_unreadable(clean_text(path)))


def _play_options(func: Any) -> Any:
    options = [
        click.option("--players", type=_Whole(2, 10), default=None, help=cli_words.help_text("players")),
        click.option("--bots", default=None, help=cli_words.help_text("bots")),
        click.option("--seat", "seats", multiple=True, help=cli_words.help_text("seat")),
        click.option("--names", default=None, help=cli_words.help_text("names")),
        click.option("--preset", default=None, help=cli_words.help_text("preset")),
        click.option("--rule", "rules", multiple=True, help=cli_words.help_text("rule")),
        click.option("--seed", type=_Whole(), default=None, help=cli_words.help_text("seed")),
        click.option("--setup", type=click.Path(dir_okay=False), default=None, help=cli_words.help_text("setup")),
        click.option("--resume", "resume", type=click.Path(dir_okay=False), default=None, help=cli_words.help_text("resume")),
        click.option("--lang", default=None, help=cli_words.help_text("lang")),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _sound_options(func: Any) -> Any:
    """``--sound``, ``--volume`` and ``--panning`` (uno_cli.sound): None when not given (the settings')."""
    func = click.option("--panning", type=said_choice("switch"), default=None, help=cli_words.help_text("panning"))(func)
    func = click.option("--volume", type=_Whole(0, 100), default=None, help=cli_words.help_text("volume"))(func)
    return click.option("--sound", type=said_choice("switch"), default=None, help=cli_words.help_text("sound"))(func)


@main.command(help=cli_words.help_text("play"))
@_play_options
@_sound_options
@click.option("--script", is_flag=True, help=cli_words.help_text("script"))
@click.option("--interactive", is_flag=True, help=cli_words.help_text("interactive"))
@click.option("--format", "fmt", type=said_choice("format"), default="text", help=cli_words.help_text("format"))
@click.option("--speech", type=said_choice("speech"), default=None, help=cli_words.help_text("speech"))
@click.option("--verbosity", type=said_choice("verbosity"), default=None, help=cli_words.help_text("verbosity"))
@click.option("--pace", type=_Number(0.0, 60.0), default=None,
              help=cli_words.help_text("pace"))
@click.option("--think-time", "think_time", type=_Number(min=0, max=60), default=None,
              help=cli_words.help_text("think_time"))
@click.option("--speech-rate", "speech_rate", type=_Whole(0, 1000), default=None,
              help=cli_words.help_text("speech_rate"))
def play(**kw: Any) -> None:
    """Play a game (interactive on a terminal, scripted otherwise)."""
    from uno_cli.play.playconfig import ConfigError, PlayConfig, build_seats

    lang = _language_or_exit(kw["lang"])
    on_console = _isatty(sys.stdin)
    scripted = kw["script"] or kw["fmt"] == "json" or not (on_console or kw["interactive"])
    if scripted and not kw["script"] and not on_console and msys_terminal():
        click.echo(cli_words.pipes_not_console("winpty uno", "uno --interactive"), err=True)
    from uno_cli.play.playconfig import typed_preset

    preset_name = typed_preset(kw["preset"] or "classic")  # its key: the rules line names it
    options = _options_or_exit(preset_name, kw["rules"])
    players = kw["players"] or _players_in_file(kw["resume"] or kw["setup"]) or (4 if options.partners or not scripted else 2)
    try:
        options.validate(players)
    except Exception as exc:  # noqa: BLE001 - turned into a localized message
        from uno_cli.engine.errors import InvalidOptions
        from uno_cli.words.errtext import option_error

        if isinstance(exc, InvalidOptions):
            _fail(option_error(exc))
        raise
    default_kind = "script" if scripted else "human"
    try:
        seats = build_seats(players, players if scripted and not kw["bots"] else 1, kw["bots"], kw["seats"], default_kind)
    except ConfigError as exc:
        from uno_cli.words.errtext import config_error

        _fail(config_error(exc))
    if not scripted:
        _interactive_seats_or_exit(kw["seats"])
    names = [n.strip() for n in (kw["names"] or "").split(",") if n.strip()]
    from uno_cli.words.names import repeated_name

    if repeated_name(names) is not None:  # type: ignore[arg-type]
        from uno_cli.words.errtext import config_error

        _fail(config_error(ConfigError("duplicate_name", name=repeated_name(names))))  # type: ignore[arg-type]
    config = PlayConfig(
        players=players,
        seats=seats,
        names=names,
        options=options,
        preset=preset_name,
        seed=kw["seed"],
        setup=kw["setup"],
        resume=kw["resume"],
        lang=lang,
        format=kw["fmt"],
        script=scripted,
        speech=kw["speech"] or "auto",
        verbosity=kw["verbosity"] or "full",
        pace=kw["pace"],
        think_time=kw["think_time"],
        sound=kw["sound"],
        volume=kw["volume"],
        panning=kw["panning"],
        speech_rate=kw["speech_rate"],
    )
    if scripted:
        from uno_cli.play.script import run as run_script
    else:
        _check_file_or_exit(config)
        _say_unreadable_settings()
        from uno_cli.interactive import run as run_script  # type: ignore[no-redef,assignment]
    sys.exit(run_script(config))


@main.command(help=cli_words.help_text("rules"))
@click.option("--lang", default=None, help=cli_words.help_text("lang"))
@click.option("--preset", default="classic", help=cli_words.help_text("rules_preset"))
@click.option("--rule", "rules", multiple=True, help=cli_words.help_text("rule"))
def rules(lang: str | None, preset: str, rules: tuple[str, ...]) -> None:
    """Print the rule book."""
    from uno_cli.play.playconfig import typed_preset

    _language_or_exit(lang)
    preset = typed_preset(preset)
    options = _options_or_exit(preset, rules)
    from uno_cli.words.rulebook import rule_book

    click.echo(rule_book(preset, options))


@main.command(help=cli_words.help_text("simulate"))
@click.option("--games", type=_Whole(1), default=100, help=cli_words.help_text("games"))
@click.option("--players", type=_Whole(2, 10), default=4, help=cli_words.help_text("sim_players"))
@click.option("--seed", type=_Whole(), default=0, help=cli_words.help_text("sim_seed"))
@click.option("--preset", default="classic", help=cli_words.help_text("sim_preset"))
@click.option("--rule", "rules", multiple=True, help=cli_words.help_text("rule"))
@click.option("--bots", default=None, help=cli_words.help_text("sim_bots"))
@click.option("--jobs", type=_Whole(1), default=1, help=cli_words.help_text("jobs"))
@click.option("--swap-seats", is_flag=True, help=cli_words.help_text("swap_seats"))
@click.option("--external", "externals", multiple=True, help=cli_words.help_text("external"))
@click.option("--external-timeout", type=_Number(0.1), default=5.0, help=cli_words.help_text("external_timeout"))
@click.option("--check", is_flag=True, help=cli_words.help_text("check"))
@click.option("--json", "as_json", is_flag=True, help=cli_words.help_text("json"))
@click.option("--lang", default=None, help=cli_words.help_text("sim_lang"))
def simulate(**kw: Any) -> None:
    """Play many games between bots and report the results."""
    import json

    _language_or_exit(kw["lang"])
    options = _options_or_exit(kw["preset"], kw["rules"], kw["players"])
    from uno_cli.play import sim
    from uno_cli.play.playconfig import ConfigError, parse_levels

    levels = None
    if kw["bots"]:
        try:
            levels = parse_levels(kw["bots"], budgets=True)
        except ConfigError as exc:
            from uno_cli.words.errtext import config_error

            _fail(config_error(exc))
        assert levels is not None  # _fail() exits
        if len(levels) == 1:
            levels = levels * kw["players"]
        if len(levels) != kw["players"]:

            _fail(cli_words.one_level_per_seat(kw["players"]))
    for item in kw["externals"]:
        number, sep, command = item.partition("=")
        number, at, reaction = number.partition("@")
        if not sep or not _ascii_number(number) or not command.strip():
            from uno_cli.words.errtext import config_error

            _fail(config_error(ConfigError("bad_seat_spec", value=item)))
        if at:
            from uno_cli.play.external import parse_reaction

            try:
                low, high = parse_reaction(reaction)
            except ValueError:
                from uno_cli.words.errtext import config_error

                _fail(config_error(ConfigError("bad_reaction", value=reaction)))
            at = f"@{low:g}-{high:g}"
        seat = seat_index(int(number.strip()))
        if not 0 <= seat < kw["players"]:
            from uno_cli.words.errtext import config_error

            _fail(config_error(ConfigError("seat_out_of_range", seat=seat_number(seat), players=kw["players"])))
        try:
            from uno_cli.play.playconfig import check_command

            check_command(command.strip())
        except ConfigError as exc:
            from uno_cli.words.errtext import config_error

            _fail(config_error(exc))
        if levels is None:
            levels = ["random"] * kw["players"]
        levels[seat] = "external" + at + ":" + command.strip()
        from uno_cli.play.external import cannot_start

        if cannot_start(command.strip()):
            _fail(cli_words.cannot_start(command.strip()))
    if kw["externals"]:
        extra_timeout = {"external_timeout": kw["external_timeout"]}
    else:
        extra_timeout = {}
    # Progress lines (one every 5%, no redrawn bar) only when a person watches a terminal.
    show_progress = not kw["as_json"] and sys.stdout.isatty() and sys.stderr.isatty()
    progress = None
    if show_progress:
        total = kw["games"]
        step = max(1, total // 20)

        def progress(done: int) -> None:
            if done % step == 0 or done == total:
                click.echo(cli_words.games_played(done, total), err=True)

    extra: dict[str, Any] = dict(extra_timeout)
    # Never more processes than games to play.
    jobs = min(kw["jobs"], kw["games"])
    if jobs != 1:
        extra["jobs"] = jobs
    if kw["swap_seats"]:
        extra["swap_seats"] = True
    result = sim.simulate(
        kw["games"], kw["players"], options, seed=kw["seed"], check=kw["check"], progress=progress, levels=levels, **extra
    )
    if kw["as_json"]:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        formatter = getattr(sim, "format_report", None)
        if formatter is not None:
            click.echo(formatter(result))
        else:
            data = result.to_dict()
            for key in ("games", "players", "hands", "seconds", "games_per_second", "hands_per_second", "wins", "violations"):
                click.echo(f"{key}: {data[key]}")
    sys.exit(1 if result.violations else 0)


def _default_port() -> int:
    from uno_cli.net import DEFAULT_PORT

    return DEFAULT_PORT


class _ServeCommand(click.Command):
    """``uno serve``: its help ends with where the server keeps its state (worked out when asked)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from uno_cli.net.hub import STORE_NAME
        from uno_cli.net.oplog import LOG_NAME
        from uno_cli.net.server import server_dir

        folder = server_dir()
        formatter.write_paragraph()
        formatter.write_text(cli_words.server_state(
            folder=folder, variable="UNO_CLI_HOME", key=folder / "host_key", store=folder / "tables" / STORE_NAME,
            backup="--backup FILE", log=folder / LOG_NAME))


@main.command(cls=_ServeCommand, help=cli_words.help_text("serve"))
@click.option("--listen", default=None, metavar="ADDR:PORT",
              help=cli_words.help_text("listen", port=_default_port()))
@click.option("--passcode", default=None, help=cli_words.help_text("passcode"))
@click.option("--passcode-file", default=None, metavar="FILE",
              help=cli_words.help_text("passcode_file"))
@click.option("--operator", multiple=True, metavar="NAME",
              help=cli_words.help_text("operator"))
@click.option("--moderator", multiple=True, metavar="NAME",
              help=cli_words.help_text("moderator"))
@click.option("--roles", default=None, metavar="FILE",
              help=cli_words.help_text("roles"))
@click.option("--log", "log_file", default=None, metavar="FILE",
              help=cli_words.help_text("log"))
@click.option("--backup", default=None, metavar="FILE",
              help=cli_words.help_text("backup"))
@click.option("--authorized-keys", type=click.Path(exists=True, dir_okay=False), default=None,
              help=cli_words.help_text("authorized_keys"))
@click.option("--pace", type=_Number(0.0, 60.0), default=2.0, help=cli_words.help_text("pace"))
@click.option("--away", type=_Number(0.0, 3600.0), default=60.0,
              help=cli_words.help_text("away"))
@click.option("--lang", default=None, help=cli_words.help_text("lang"))
@click.option("--speech", type=said_choice("speech"), default="auto", help=cli_words.help_text("speech"))
@click.option("--max-players", type=_Whole(1, 100_000), default=1000, show_default=True,
              help=cli_words.help_text("max_players"))
@click.option("--max-tables", type=_Whole(1, 100_000), default=300, show_default=True,
              help=cli_words.help_text("max_tables"))
@click.option("--tables-per-player", type=_Whole(1, 1000), default=2, show_default=True,
              help=cli_words.help_text("tables_per_player"))
@click.option("--connections-per-address", type=_Whole(1, 100_000), default=50, show_default=True,
              help=cli_words.help_text("connections_per_address"))
@click.option("--logins-per-address", type=_Whole(1, 10_000), default=8, show_default=True,
              help=cli_words.help_text("logins_per_address"))
@click.option("--bot-moves", type=_Number(0.1, 100_000.0), default=40.0, show_default=True,
              help=cli_words.help_text("bot_moves"))
@click.option("--accounts", type=click.Choice(["on", "only", "off"]), default="on", show_default=True,
              help=cli_words.help_text("accounts"))
def serve(**kw: Any) -> None:
    """Run the table server until Ctrl+C; tables in progress are saved and resumed."""
    import asyncio

    from uno_cli.net import DEFAULT_PORT
    from uno_cli.net.server import DEFAULT_HOST, parse_listen, server_dir
    from uno_cli.net.server import serve as run
    from uno_cli.net.table import Clock

    from uno_cli.interactive.announcer import Announcer, close_speaker, start_speaker

    lang = _language_or_exit(kw["lang"])
    host, port = DEFAULT_HOST, DEFAULT_PORT
    if kw["listen"]:
        try:
            host, port = parse_listen(kw["listen"])
        except ValueError:
            _fail(cli_words.address_as("ADDR:PORT"))
    from uno_cli.words import net as net_words
    from uno_cli.net.limits import Limits
    from uno_cli.net.moderation import RolesError, read_passcode, read_roles
    from uno_cli.net.ssh import KeysFileError
    from uno_cli.net.store import StoreError

    if kw["backup"]:
        _backup(kw["backup"])
        return
    passcode, source = kw["passcode"], None
    try:
        if kw["passcode_file"]:
            if passcode is not None:
                _fail(cli_words.passcode_one_way("--passcode", "--passcode-file"))
            passcode, source = read_passcode(kw["passcode_file"]), kw["passcode_file"]
        elif passcode is None and os.environ.get("UNO_PASSCODE"):
            passcode, source = os.environ["UNO_PASSCODE"], "UNO_PASSCODE"
        operators, moderators, roles_file = tuple(kw["operator"]), tuple(kw["moderator"]), kw["roles"]
        read_roles(operators, moderators, roles_file)  # a problem is said now, before the server starts
    except RolesError as exc:
        _fail(str(exc))
    from uno_cli.net.oplog import LOG_NAME

    log_file = Path(kw["log_file"]) if kw["log_file"] else server_dir() / LOG_NAME
    try:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        with open(log_file, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        _fail(cli_words.log_unwritable(log_file, exc.strerror or exc))

    clock = Clock(pace=kw["pace"], race_window=max(kw["pace"], 0.5), away_timeout=kw["away"])
    limits = Limits(connections=kw["max_players"], tables=kw["max_tables"], tables_per_player=kw["tables_per_player"],
                    connections_per_address=kw["connections_per_address"], logins_per_address=kw["logins_per_address"],
                    unattended_moves=kw["bot_moves"])
    # The start lines are printed and spoken, as the game speaks (the fingerprint group by group).
    announcer = Announcer(lambda text: click.echo(text))
    start_speaker(kw["speech"], announcer, lang)
    status = 0
    try:
        status = asyncio.run(run(host, port, passcode, kw["authorized_keys"], server_dir(), clock,
                                 lambda text: announcer.say(text, important=True), show=announcer.write,
                                 limits=limits, roles=lambda: read_roles(operators, moderators, roles_file),
                                 roles_path=roles_file,
                                 log_file=log_file, passcode_from=source, accounts=kw["accounts"]))
    except KeyboardInterrupt:
        pass
    except (KeysFileError, StoreError) as exc:
        close_speaker(announcer)
        _fail(net_words.store_failed(exc.reason) if isinstance(exc, StoreError) else str(exc))
    except OSError as exc:
        close_speaker(announcer)
        _fail(net_words.cannot_connect(f"{host}:{port}", exc.strerror or str(exc)))
    close_speaker(announcer)
    sys.exit(status)


def _backup(target: str) -> None:
    """``uno serve --backup FILE``: a consistent copy of the server's store (SQLite's online backup)."""
    from uno_cli.words import net as net_words
    from uno_cli.net.hub import STORE_NAME
    from uno_cli.net.server import server_dir
    from uno_cli.net.store import StoreError, TableStore

    source = server_dir() / "tables" / STORE_NAME
    if not source.is_file():
        _fail(net_words.store_failed(cli_words.no_store(source.parent)))
    path = Path(target)
    if path.exists():
        _fail(cli_words.file_exists(target))
    try:
        store = TableStore(source)
        try:
            store.backup(path)
        finally:
            store.close()
    except StoreError as exc:
        _fail(net_words.store_failed(exc.reason))
    click.echo(cli_words.store_copied(target))


@main.command(help=cli_words.join_help())
@click.argument("address", metavar=cli_words.host_metavar())
@click.argument("fingerprint", required=False, metavar="[SHA256:...]")
@click.option("--name", default=None, help=cli_words.help_text("name"))
@click.option("--passcode", default=None, help=cli_words.help_text("join_passcode"))
@click.option("--key", "key_file", type=click.Path(exists=True, dir_okay=False), default=None,
              help=cli_words.help_text("key"))
@click.option("--format", "fmt", type=said_choice("format"), default="text",
              help=cli_words.help_text("format"))
@click.option("--lang", default=None, help=cli_words.help_text("lang"))
@click.option("--speech", type=said_choice("speech"), default="auto", help=cli_words.help_text("speech"))
@click.option("--verbosity", type=said_choice("verbosity"), default="full", help=cli_words.help_text("verbosity"))
@_sound_options
def join(**kw: Any) -> None:
    """Play at a table server with this computer's speech, language and verbosity."""
    import asyncio
    import getpass
    import os

    from uno_cli.net.client import password_prompt, play, split_join_line
    from uno_cli.play.playconfig import PlayConfig

    lang = _language_or_exit(kw["lang"])
    try:
        # The line a server gives (uno join HOST:PORT SHA256:...), whole or as two arguments.
        host, port, fingerprint = split_join_line(kw["address"], kw["fingerprint"])
    except ValueError:
        _fail(cli_words.address_as(address_form() + " [SHA256:...]"))
    name = kw["name"]
    if not name:
        try:
            name = getpass.getuser()
        except Exception:  # noqa: BLE001 - no login name: the server names the player
            name = "Player"
    from uno_cli.words.names import clean_name

    name = clean_name(name, "Player")  # as the server would clean it
    passcode = kw["passcode"] or os.environ.get("UNO_PASSCODE")

    def ask() -> str | None:
        # Asked only once the server's key is checked (and the first time, its fingerprint said).
        # The same word as spoken (uno_cli.net.client.password_prompt): the name may be an account's.
        return click.prompt(password_prompt(), hide_input=True, default="", show_default=False) or None

    try:
        status = asyncio.run(play(host, port, name, passcode, kw["key_file"], lang, kw["fmt"], kw["speech"],
                                  kw["verbosity"], ask if _isatty(sys.stdin) else None,
                                  sound=PlayConfig(sound=kw["sound"], volume=kw["volume"], panning=kw["panning"]),
                                  fingerprint=fingerprint))
    except KeyboardInterrupt:
        status = 0
    sys.exit(status)


# After every command is defined, so each of their placeholders is named.
from uno_cli.words.clicktext import localize_metavars  # noqa: E402

localize_metavars(main)

if __name__ == "__main__":  # pragma: no cover
    main()
