"""Click's own messages (usage errors, help headings) in the player's language.

Click looks its messages up through the standard ``gettext`` functions it imported; we
point those names at our catalogs, and list the messages here so extraction finds them.
"""

from __future__ import annotations

import sys
from typing import Any

from uno_cli.words.i18n import N_, NP_, get_translator, pgettext

# TRANSLATORS: these are the command-line parser's messages; keep {name!r}-style fields as they are.
CLICK_MESSAGES = (
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("No such option {name!r}."),
    N_("No such option: {name}"),
    N_("No such command {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not {choice}."),
    N_("{value!r} is not one of {choices}."),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("file"),
    N_("integer"),
    N_("float"),
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("Aborted!"),
    N_("Missing command."),
    N_("Did you mean {possibility}?"),
    N_("(Did you mean one of: {possibilities}?)"),
    N_("Missing parameter: {param_name}"),
    N_("Missing {param_type}"),
    N_("Could not open file {filename!r}: {message}"),
    N_("default: {default}"),
    N_("required"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is not writable."),
    N_("Argument {name!r} takes {nargs} values."),
    N_("unknown error"),
    # TRANSLATORS: the line --version prints; keep %(prog)s and %(version)s.
    N_("%(prog)s, version %(version)s"),
)

#: The placeholders click's help shows for option values, by click's type name.
METAVARS: dict[str, str] = {
    "text": NP_("argument", "TEXT"),
    "integer": NP_("argument", "INTEGER"),
    "integer range": NP_("argument", "INTEGER RANGE"),
    "float": NP_("argument", "FLOAT"),
    "float range": NP_("argument", "FLOAT RANGE"),
}
#: The usage line's placeholders for options and for a subcommand.
OPTIONS_METAVAR = NP_("argument", "[OPTIONS]")
SUBCOMMAND_METAVAR = NP_("argument", "COMMAND [ARGS]...")


#: The kinds of seat ``--seat N=KIND`` takes, as players of each language type them.
SEAT_KINDS: dict[str, str] = {
    "human": NP_("keyword", "human"),
    "script": NP_("keyword", "script"),
    "bot": NP_("keyword", "bot"),
    "cmd": NP_("keyword", "cmd"),
}
HOST = NP_("argument", "HOST")
PORT = NP_("argument", "PORT")
PROGRAM = NP_("argument", "PROGRAM")
# TRANSLATORS: the range of numbers an option takes, shown after its help: "[2 to 10]".
RANGE = N_("{low} to {high}")
# TRANSLATORS: the range of an option that takes any number from one up: "[1 or more]".
RANGE_FROM = N_("{low} or more")


#: What ``--format`` writes, as players of each language type it.
FORMAT_NAMES: dict[str, str] = {
    # TRANSLATORS: a value of --format: script output as plain text lines.
    "text": NP_("keyword", "text"),
    "json": NP_("keyword", "json"),
}

#: The values of the options said_choice shows in the player's language, in order.
SAID_CHOICES = {"speech": ("auto", "on", "off"), "verbosity": ("short", "full"), "format": ("text", "json"),
                "switch": ("on", "off")}
#: The message context of a said_choice's words (None: no context).
_SAID_CONTEXTS = {"format": "keyword"}


def said_choice(kind: str) -> Any:
    """A click choice shown and typed in the player's language: ``--speech [automático|ligado|
    desligado]``; the English keys and every language's words are understood. ``kind``:
    a key of :data:`SAID_CHOICES` (the words are the settings menu's, or FORMAT_NAMES;
    ``switch`` is on/off, as ``--sound`` and ``--panning`` take it)."""
    import click

    def names() -> dict[str, str]:
        from uno_cli.words.optioninfo import SPEECH_NAMES, VERBOSITY_NAMES

        switch = {key: SPEECH_NAMES[key] for key in SAID_CHOICES["switch"]}
        return {"speech": SPEECH_NAMES, "verbosity": VERBOSITY_NAMES, "format": FORMAT_NAMES, "switch": switch}[kind]

    context = _SAID_CONTEXTS.get(kind)

    def said(msgid: str) -> str:
        from uno_cli.words.i18n import _

        return pgettext(context, msgid) if context else _(msgid)

    class SaidChoice(click.Choice):
        def get_metavar(self, *args: Any, **kwargs: Any) -> str:
            return "[" + "|".join(said(v) for v in names().values()) + "]"

        def convert(self, value: Any, param: Any, ctx: Any) -> Any:
            from uno_cli.words.i18n import _, typed_choice

            key = typed_choice(str(value), names(), context)
            if key is None:
                self.fail(_("{value!r} is not one of {choices}.").format(
                    value=value, choices=", ".join(said(v) for v in names().values())), param, ctx)
            return key

    return SaidChoice(list(SAID_CHOICES[kind]))


def seat_forms() -> str:
    """``N=human, N=script, N=bot:LEVEL, N=cmd:PROGRAM`` in the current language."""
    def kind(name: str) -> str:
        return pgettext("keyword", SEAT_KINDS[name])

    level = pgettext("argument", "LEVEL")
    program = pgettext("argument", PROGRAM)
    return (f"N={kind('human')}, N={kind('script')}, N={kind('bot')}:{level}, "
            f"N={kind('cmd')}:{program}")


def address_form() -> str:
    """``HOST:PORT`` in the current language."""
    return f"{pgettext('argument', HOST)}:{pgettext('argument', PORT)}"


def level_names(levels: tuple[str, ...] | list[str] | None = None) -> str:
    """The bots' levels as the menu says them, listed the language's way ("a, b e c")."""
    from uno_cli.words.i18n import _
    from uno_cli.words.optioninfo import LEVEL_NAMES

    return get_translator().format_list([_(LEVEL_NAMES[v]) if v in LEVEL_NAMES else v
                                         for v in (levels or LEVEL_NAMES)])


def preset_names(presets: tuple[str, ...] | list[str] | None = None) -> str:
    """The rule presets as the menu says them, listed the language's way ("a, b e c")."""
    from uno_cli.words.i18n import _
    from uno_cli.words.optioninfo import PRESET_INFO

    return get_translator().format_list([_(PRESET_INFO[k].label) if k in PRESET_INFO else k
                                         for k in (presets or PRESET_INFO)])


def _plural_messages() -> None:  # pragma: no cover - never called: lists click's plurals for extraction
    from uno_cli.words.i18n import ngettext

    ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 1)
    ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 1)


_MODULES = ("core", "exceptions", "types", "parser", "formatting", "decorators", "termui", "utils")


def localize_click() -> None:
    """Make click speak the current language (call after choosing the language)."""

    def gettext(message: str) -> str:
        return get_translator().gettext(message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        return get_translator().ngettext(singular, plural, n)

    for name in _MODULES:
        module: Any = sys.modules.get(f"click.{name}")
        if module is None:
            continue
        if hasattr(module, "_"):
            module._ = gettext
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext


def localize_metavars(group: Any) -> None:
    """Name the placeholders of ``group``'s help ([OPTIONS], TEXT, INTEGER RANGE...) in the
    current language (call once the commands are defined)."""
    import click

    commands = [group, *getattr(group, "commands", {}).values()]
    for command in commands:
        _fill_help_when_shown(command)
        command.options_metavar = pgettext("argument", OPTIONS_METAVAR)
        if isinstance(command, click.Group):
            command.subcommand_metavar = pgettext("argument", SUBCOMMAND_METAVAR)
        for param in command.params:
            name = getattr(param.type, "name", "")
            if hasattr(param.type, "_describe_range"):
                _say_range(param.type)
            if param.metavar is None and not getattr(param, "is_flag", False) and name in METAVARS:
                param.metavar = pgettext("argument", METAVARS[name]) + ("..." if param.nargs != 1 else "")


def bound_text(x: float) -> str:
    """An end of an option's range as it is typed and said: "60", not "60.0"; "0.1" as it is."""
    return str(int(x)) if x == int(x) else str(x)


def _say_range(kind: Any) -> None:
    """Show a number range as words ("2 to 10", "1 or more"), not "2<=x<=10", which a voice reads as
    symbols; a range without ends shows none."""
    low, high = getattr(kind, "min", None), getattr(kind, "max", None)
    from uno_cli.words.i18n import _

    if low is not None and high is not None:
        kind._describe_range = lambda: _(RANGE).format(low=bound_text(low), high=bound_text(high))
    elif low is not None:
        kind._describe_range = lambda: _(RANGE_FROM).format(low=bound_text(low))
    elif high is None:
        kind._describe_range = lambda: ""


#: Fields of options' help filled only when the help is shown (they need the menu's words).
HELP_FIELDS = {"{levels}": lambda: level_names(), "{presets}": lambda: preset_names(), "{forms}": lambda: seat_forms()}


def _fill_help_when_shown(command: Any) -> None:
    """Name the levels, presets and seat forms in ``command``'s help as it is shown, so that
    starting the program does not read the menu and the rule options for them."""
    original = command.format_help

    def format_help(ctx: Any, formatter: Any) -> None:
        for param in command.params:
            text = getattr(param, "help", None)
            if text:
                for field, words in HELP_FIELDS.items():
                    if field in text:
                        text = text.replace(field, words())
                param.help = text
        original(ctx, formatter)

    command.format_help = format_help
