"""The server's sentences that name a command as typed, with that command read from the verbs'
registry (uno_cli.play.commands); the sentences themselves are in uno_cli.words.net."""

from __future__ import annotations

from uno_cli.words import net as net_words
from uno_cli.words.i18n import _, pgettext


def _help_word() -> str:
    from uno_cli.play.commands import label

    return label("help")


def _typed(verb: str, *args: str) -> str:
    """A lobby command as the player types it in their language: ``join 3 dragon``."""
    from uno_cli.play.commands import LOBBY_BY_NAME

    return " ".join((pgettext("command", LOBBY_BY_NAME[verb].label), *args))


def _argument(kind: str) -> str:
    from uno_cli.play.commands import ARG_NAMES

    return pgettext("argument", ARG_NAMES[kind])


def welcome(name: str) -> str:
    """The first line after logging in."""
    return net_words.welcome(name, _help_word())


def server_help() -> str:
    """The lobby and table commands, one per line, derived from uno_cli.play.commands.LOBBY."""
    from uno_cli.play.commands import LOBBY, lobby_usage

    return net_words.server_help([(lobby_usage(v), _(v.help)) for v in LOBBY])


def no_tables() -> str:
    """The table list when there is none."""
    from uno_cli.play.commands import label

    return net_words.no_tables(label("create") + " " + _argument("name"))


def unknown(text: str) -> str:
    """A line that is no command."""
    return net_words.unknown(text, _help_word())


def private_created(number: int, code: str) -> str:
    """The creator of a private table hears how others come in."""
    return net_words.private_created(number, _typed("join", str(number), code), _typed("invite", _argument("name")))


def needs_code(number: int) -> str:
    """``join``/``watch`` of a private table without its code (or with a wrong one)."""
    return net_words.needs_code(number, _typed("join", str(number), _argument("code")))


def invited(name: str, number: int, table: str) -> str:
    """A connected player hears who invites them where, and how to accept."""
    return net_words.invited(name, number, table, _typed("join", str(number)))


def may_register() -> str:
    """Said when the server starts with accounts beside guests (``--accounts on``)."""
    return net_words.may_register(_typed("register"))


def register_first(invited: bool) -> str:
    """A newcomer (a key or a name nobody registered) tried something other than registering."""
    return net_words.register_first(invited, _typed("register"))


def guest_may_register() -> str:
    """Said to a guest (logged in with the passcode) on a server with accounts, after the welcome."""
    return net_words.guest_may_register(_typed("register"))


def choose_password() -> str:
    """``register`` without a key and without a password."""
    return net_words.choose_password(_typed("register"))


def not_registered() -> str:
    """``password`` from a guest."""
    return net_words.not_registered(_typed("register"))


def keys_list(keys: list[str]) -> str:
    """The keys of an account, numbered."""
    return net_words.keys_list(keys, _typed("add_key"))


def no_such_key(number: str) -> str:
    """``remove key`` with a number not in the list."""
    return net_words.no_such_key(number, _typed("my_keys"))
