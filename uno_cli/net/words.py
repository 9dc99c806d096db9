"""The server's sentences that name a command as typed: they read its label from the verbs' registry (uno_cli.play.commands)."""

from __future__ import annotations

from uno_cli.words import net as net_words
from uno_cli.words.i18n import _, pgettext


def welcome(name: str) -> str:
    """The first line after logging in."""
    return _("Welcome, {name}. Type {command} for the commands.").format(name=name, command=_help_word())


def _help_word() -> str:
    from uno_cli.play.commands import label

    return label("help")


def server_help() -> str:
    """The lobby and table commands, one per line, derived from uno_cli.play.commands.LOBBY."""
    from uno_cli.play.commands import LOBBY, lobby_usage

    # TRANSLATORS: one line of the server's help: {command} is typed as it is, {meaning} says what it does.
    lines = [_("{command}: {meaning}").format(command=lobby_usage(v), meaning=_(v.help)) for v in LOBBY]
    return "\n".join([*lines, net_words.typing_rule()])


def no_tables() -> str:
    """The table list when there is none."""
    from uno_cli.play.commands import ARG_NAMES, label

    return _("No tables yet. Create one with: {command}").format(
        command=label("create") + " " + pgettext("argument", ARG_NAMES["name"]))


def unknown(text: str) -> str:
    """A line that is no command."""
    return _("Unknown command: {text}. Type {command} for the commands.").format(text=text, command=_help_word())


# ------------------------------------------------------------------ private tables, coming back (issue 31)


def _typed(verb: str, *args: str) -> str:
    """A lobby command as the player types it in their language: ``join 3 dragon``."""
    return " ".join((pgettext("command", _lobby_label(verb)), *args))


def _lobby_label(verb: str) -> str:
    from uno_cli.play.commands import LOBBY_BY_NAME

    return LOBBY_BY_NAME[verb].label


def _argument(kind: str) -> str:
    from uno_cli.play.commands import ARG_NAMES

    return pgettext("argument", ARG_NAMES[kind])


def private_created(number: int, code: str) -> str:
    """The creator of a private table hears how others come in."""
    # TRANSLATORS: {command} is "join 3 CODE" and {invite} "invite NAME", as typed in your language.
    return _("Table {number} is private. Friends sit with {command}, or when you invite them: {invite}.").format(
        number=number, command=_typed("join", str(number), code), invite=_typed("invite", _argument("name")))


def needs_code(number: int) -> str:
    """``join``/``watch`` of a private table without its code (or with a wrong one)."""
    return _("Table {number} is private: type its code after the number ({command}), or ask its creator to "
             "invite you.").format(number=number, command=_typed("join", str(number), _argument("code")))


def invited(name: str, number: int, table: str) -> str:
    """A connected player hears who invites them where, and how to accept."""
    return _("{name} invites you to table {number}, {table}. To sit there, type {command}.").format(
        name=name, number=number, table=table, command=_typed("join", str(number)))
# ------------------------------------------------------------------ accounts and records


def _command(name: str) -> str:
    from uno_cli.play.commands import LOBBY_BY_NAME

    return pgettext("command", LOBBY_BY_NAME[name].label)


def may_register() -> str:
    """Said when the server starts with accounts beside guests (``--accounts on``)."""
    return _("Players may keep their name: once in, they type {command}.").format(command=_command("register"))


def register_first(invited: bool) -> str:
    """A newcomer (a key or a name nobody registered) tried something other than registering."""
    if invited:
        return _("To play here, keep your name: type {command}.").format(command=_command("register"))
    return _("To play here, keep your name: type {command} and the server's passcode.").format(
        command=_command("register"))


def guest_may_register() -> str:
    """Said to a guest (logged in with the passcode) on a server with accounts, after the welcome."""
    return _("To keep your name here, type {command} and a password of your own.").format(
        command=_command("register"))


def choose_password() -> str:
    """``register`` without a key and without a password."""
    return _("Type {command} and a password of your own.").format(command=_command("register"))


def not_registered() -> str:
    """``password`` from a guest."""
    return _("You have no account yet: type {command} first.").format(command=_command("register"))


def keys_list(keys: list[str]) -> str:
    """The keys of an account, numbered."""
    from uno_cli.words.i18n import get_translator

    if not keys:
        return _("No key opens your account; add one with {command}.").format(command=_command("add_key"))
    items = [_("{number}: {key}").format(number=n, key=key) for n, key in enumerate(keys, 1)]
    return _("Your keys: {keys}.").format(keys=get_translator().format_list(items))


def no_such_key(number: str) -> str:
    """``remove key`` with a number not in the list."""
    return _("You have no key {number}; type {command} to hear them.").format(number=number, command=_command("my_keys"))
