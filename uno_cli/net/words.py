"""Every sentence the table server says, in the current language (one place per sentence)."""

from __future__ import annotations

from uno_cli.i18n import N_, _, pgettext


def welcome(name: str) -> str:
    """The first line after logging in."""
    return _("Welcome, {name}. Type help for the commands.").format(name=name)


#: The server's own commands (typed as they are, in every language) and what they do.
SERVER_COMMANDS = (
    ("tables", N_("list the tables")),
    ("create NAME [players=N] [bots=LEVEL] [preset=NAME] [RULE=VALUE ...]", N_("open a table and sit at it")),
    ("join NUMBER", N_("sit at a table")),
    ("watch NUMBER", N_("watch a table without playing")),
    ("leave", N_("leave the table")),
    ("start", N_("begin the match (the table's creator); empty seats are bots")),
    ("who", N_("who is here")),
    ("say TEXT, 'TEXT", N_("write a line to the table, or in the lobby to the lobby")),
    ("mute, unmute", N_("chat off or on")),
    ("lang CODE", N_("your language")),
    ("verbosity short, verbosity full", N_("how much is said")),
    ("F1, help", N_("the commands; during a match the game's commands work too")),
)


def server_help() -> str:
    """The lobby and table commands, one per line."""
    # TRANSLATORS: one line of the server's help: {command} is typed as it is, {meaning} says what it does.
    return "\n".join(_("{command}: {meaning}").format(command=c, meaning=_(m)) for c, m in SERVER_COMMANDS)


def no_tables() -> str:
    """The table list when there is none."""
    return _("No tables yet. Create one with: {command}").format(command="create NAME")


def table_line(number: int, name: str, rules: str, taken: int, players: int, bots: str, state: str) -> str:
    """One table of the list."""
    return _("Table {number}, {name}: {rules}; {taken} of {players} seats taken; bots {bots}; {state}.").format(
        number=number, name=name, rules=rules, taken=taken, players=players, bots=bots, state=state)


def state_name(state: str) -> str:
    """A table's state: waiting, playing or over."""
    if state == "playing":
        return pgettext("table", "playing")
    if state == "over":
        return pgettext("table", "over")
    return pgettext("table", "waiting for players")


def created(name: str, number: int) -> str:
    """Someone opened a table."""
    return _("{name} opened table {number}.").format(name=name, number=number)


def joined(name: str, number: int) -> str:
    """Someone sat down."""
    return _("{name} sits at table {number}.").format(name=name, number=number)


def watching(name: str, number: int) -> str:
    """Someone watches."""
    return _("{name} watches table {number}.").format(name=name, number=number)


def left(name: str, number: int) -> str:
    """Someone left a table."""
    return _("{name} leaves table {number}.").format(name=name, number=number)


def no_such_table(number: str) -> str:
    """A table number that does not exist."""
    return _("There is no table {number}.").format(number=number)


def table_full() -> str:
    """No free seat."""
    return _("That table is full; you can watch it.")


def only_creator(name: str) -> str:
    """Someone else tried to start."""
    return _("Only {name}, who opened the table, can start the match.").format(name=name)


def not_at_table() -> str:
    """A table command in the lobby."""
    return _("You are not at a table.")


def already_started() -> str:
    """Joining or starting a match that is going on."""
    return _("The match has already begun; you can watch it.")


def chat(name: str, text: str) -> str:
    """A chat line with its sender."""
    return _("{name} says: {text}").format(name=name, text=text)


def chat_muted(on: bool) -> str:
    """Chat switched off or on."""
    return _("Chat is off.") if on else _("Chat is on.")


def too_fast() -> str:
    """Chat rate limit."""
    return _("You are writing too fast; wait a moment.")


def away(name: str) -> str:
    """A player's connection dropped."""
    return _("{name} lost the connection; the game waits for them.").format(name=name)


def back(name: str) -> str:
    """A player came back."""
    return _("{name} is back.").format(name=name)


def bot_plays(name: str) -> str:
    """The away time ran out."""
    return _("{name} did not come back; a bot plays their seat.").format(name=name)


def too_long() -> str:
    """A line over the limit."""
    return _("That line is too long.")


def no_files() -> str:
    """``save`` over the network."""
    return _("Saving to a file is not possible over the network; the server keeps the game.")


def unknown(text: str) -> str:
    """A line that is no command."""
    return _("Unknown command: {text}. Type help for the commands.").format(text=text)


def bad_table_options(problem: str) -> str:
    """``create`` with options that cannot make a game."""
    return _("That table cannot be opened: {problem}").format(problem=problem)


def who(names: list[str]) -> str:
    """Who is connected."""
    from uno_cli.i18n import get_translator

    return _("Here: {names}.").format(names=get_translator().format_list(names))


def listening(address: str, port: int) -> str:
    """Said when the server starts."""
    return _("The server is listening on {address}, port {port}.").format(address=address, port=port)


def local_only(option: str) -> str:
    """Said when the server only accepts this computer."""
    return _("Only this computer can join. To let others join, start it with {option}.").format(option=option)


def open_to_others() -> str:
    """Said when the server accepts other computers."""
    return _("Other computers can join: check your firewall and share the address, the port and the passcode.")


def fingerprint(text: str) -> str:
    """The host key fingerprint line."""
    return _("Host key fingerprint: {fingerprint}").format(fingerprint=text)


def passcode(code: str) -> str:
    """The passcode line."""
    return _("Passcode: {code}").format(code=code)


def join_with(command: str) -> str:
    """How to join."""
    return _("Join with: {command}").format(command=command)


def new_host(host: str, text: str) -> str:
    """``uno join`` meets a server for the first time."""
    return _("First connection to {host}. Its host key fingerprint is {fingerprint}; it is remembered now.").format(
        host=host, fingerprint=text)


def changed_host(host: str, file: str) -> str:
    """``uno join`` finds another host key than the remembered one."""
    return _("The host key of {host} is not the one remembered! Someone may be pretending to be it. "
             "If its owner changed the key, remove its line from {file}.").format(host=host, file=file)


def cannot_connect(host: str, reason: str) -> str:
    """``uno join`` fails."""
    return _("Cannot connect to {host}: {reason}").format(host=host, reason=reason)


def connection_closed() -> str:
    """The server went away."""
    return _("The connection to the server is closed.")
