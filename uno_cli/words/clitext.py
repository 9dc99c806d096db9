"""The ``uno`` command's own sentences (its commands' and options' help, usage problems, progress,
the server's files), in the current language.

Click takes a help text when cli.py defines the commands, at import; the program chooses the
language before it imports cli.py (uno_cli/entry.py, uno_cli/startlang.py), so the help is
translated there, in that language.
"""

from __future__ import annotations

from typing import Any

from uno_cli.words import sound as sound_words
from uno_cli.words.clicktext import HOST, address_form, bound_text
from uno_cli.words.i18n import COMPLETE_LANGUAGES, N_, _, pgettext

#: The language codes ``--lang`` takes, as its help lists them.
LANGUAGE_CODES = ", ".join(COMPLETE_LANGUAGES)

#: The help of each command and option of ``uno``, by a key :func:`help_text` takes. The fields
#: {levels}, {presets} and {forms} are filled only when the help is shown (clicktext.HELP_FIELDS).
HELP: dict[str, str] = {
    # uno
    "uno": N_("An accessible UNO card game for the terminal."),
    "uno_alone": N_("{command} alone starts a game, as {play} does."),
    # uno play (and the options it shares with the others)
    "players": N_("Number of players, 2 to 10."),
    "bots": N_("Bot level for the other seats ({levels}), or a comma list."),
    "seat": N_("Who plays a seat: {forms}."),
    "names": N_("Player names, separated by commas."),
    "preset": N_("Rule preset: {presets}."),
    "rule": N_("Set one rule option: NAME=VALUE (repeatable)."),
    "seed": N_("Random seed: the same seed and input give the same game."),
    "setup": N_("Start from a setup or saved game ({format} file)."),
    "resume": N_("Continue a saved game."),
    "lang": N_("Language: {languages}."),
    "sound": sound_words.SOUND_OPTION,
    "volume": sound_words.VOLUME_OPTION,
    "panning": sound_words.PANNING_OPTION,
    "play": N_("Play a game (interactive on a terminal, scripted otherwise)."),
    "script": N_("Read commands from standard input even on a terminal."),
    "interactive": N_("Play the interactive game even when standard input is not a console (Git Bash, mintty)."),
    "format": N_("Script output: text lines or {format}."),
    "speech": N_("Speech through the screen reader."),
    "verbosity": N_("How much is said."),
    "pace": N_("Seconds between opponents' moves."),
    "think_time": N_("Seconds you have to act in the interactive game, then the game draws or passes for you "
                     "(0: no limit)."),
    "speech_rate": N_("Words a minute your speech says: the game waits until you have heard each move "
                      "(0: never waits)."),
    # uno rules
    "rules": N_("Print the rule book."),
    "rules_preset": N_("Mark which options are on in this preset."),
    # uno simulate
    "simulate": N_("Play many games between bots and report the results."),
    "games": N_("Number of matches."),
    "sim_players": N_("Players per match."),
    "sim_seed": N_("Random seed."),
    "sim_preset": N_("Rule preset."),
    "sim_bots": N_("One bot level per seat, separated by commas (default: random)."),
    "jobs": N_("Processes to use."),
    "swap_seats": N_("Rotate the seating every game so seat advantage cancels out."),
    "external": N_("A seat played by a program: {form} (repeatable, seats from 1)."),
    "external_timeout": N_("Seconds an external program may think."),
    "check": N_("Check the invariants after every action."),
    "json": N_("Print one {format} object."),
    "sim_lang": N_("Language of the report."),
    # uno serve
    "serve": N_("Run a table server that friends join over SSH."),
    "listen": N_("Address and port to listen on (default: this computer only, port {port})."),
    "passcode": N_("The passcode players log in with (default: a new one, printed)."),
    "passcode_file": N_("Read the passcode from the first line of FILE (also: the {variable} environment variable); "
                        "it is not shown to other users of this computer, as a command line is."),
    "operator": N_("NAME is an operator: kick, mute, close tables, ban, broadcast, shut down (repeatable)."),
    "moderator": N_("NAME is a moderator: kick, mute, close tables (repeatable)."),
    "roles": N_("A file of roles, one per line: operator NAME or moderator NAME (read again on SIGHUP)."),
    "log": N_("The operators' log (default: server.log in the server's folder)."),
    "backup": N_("Copy the store (tables, accounts, ratings, bans) to FILE (safe while the server runs), then end."),
    "authorized_keys": N_("A file of public keys allowed to log in."),
    "away": N_("Seconds the game waits for a player who lost the connection before a bot plays for them."),
    "max_players": N_("Players connected at once, at most."),
    "max_tables": N_("Tables on the server, at most."),
    "tables_per_player": N_("Tables one player may open that are not over."),
    "connections_per_address": N_("Players connected at once from one address, at most (raise it for many players "
                                  "behind one router, or for a benchmark)."),
    "logins_per_address": N_("Connections still logging in from one address; a new one ends the oldest."),
    "bot_moves": N_("Bots' moves per second, at most, over all the tables where nobody sits."),
    "accounts": N_("Players' accounts: on (beside guests with the passcode), only (a guest may only register; "
                   "without a passcode anyone may), off (the passcode only)."),
    # uno join
    "join": N_("Join a table server: {host} or {address}."),
    "name": N_("Your name at the tables (default: your login name)."),
    "join_passcode": N_("The server's passcode (asked when not given)."),
    "key": N_("Your private key file, for a server that accepts keys."),
}

#: The fields of help texts filled as the commands are defined: names, never translated.
_FIELDS: dict[str, dict[str, str]] = {
    "uno_alone": {"command": "uno", "play": "uno play"},
    "setup": {"format": "JSON"},
    "lang": {"languages": LANGUAGE_CODES},
    "format": {"format": "JSON Lines"},
    "external": {"form": "SEAT[@REACTION]=COMMAND"},
    "json": {"format": "JSON"},
    "passcode_file": {"variable": "UNO_PASSCODE"},
}


def help_text(key: str, **fields: Any) -> str:
    """The help of a command or option of ``uno`` (a key of :data:`HELP`) in the current language."""
    text = _(HELP[key])
    values = {**_FIELDS.get(key, {}), **fields}
    return text.format(**values) if values else text


def program_help() -> str:
    """``uno --help``'s paragraphs: what the program is, and that ``uno`` alone plays."""
    return help_text("uno") + "\n\n" + help_text("uno_alone")


def host_metavar() -> str:
    """The placeholder of ``uno join``'s address: HOST in the current language."""
    return pgettext("argument", HOST)


def join_help() -> str:
    """``uno join``'s help: the forms its address takes."""
    return help_text("join", host=host_metavar(), address=address_form())


def server_state(folder: Any, variable: str, key: Any, store: Any, backup: str, log: Any) -> str:
    """``uno serve --help``'s last paragraph: where the server keeps its state."""
    return _("The server keeps its state in {folder} ({variable} moves it): the host key "
             "{key}, the store (tables, accounts, ratings, bans) {store} (copy it safely with {backup}), "
             "and the operators' log {log} (rotated by size; opened again on SIGHUP).").format(
        folder=folder, variable=variable, key=key, store=store, backup=backup, log=log)


def no_such_command(name: str) -> str:
    """``uno NAME`` with no such command."""
    return _("No such command {name!r}.").format(name=name)


def did_you_mean(possibility: str) -> str:
    """One close command name."""
    return _("Did you mean {possibility}?").format(possibility=possibility)


def did_you_mean_one_of(possibilities: str) -> str:
    """Several close command names."""
    return _("(Did you mean one of: {possibilities}?)").format(possibilities=possibilities)


def seat_not_interactive(option: str, script: str) -> str:
    """``--seat`` that the interactive game cannot honour."""
    return _("In the interactive game you play seat 1 and bots play the other seats, so {option} cannot be used; "
             "it works with {script}.").format(option=option, script=script)


#: An option's value refused, by (a whole number, the range has a lower end, and an upper end too):
#: what is said (a range with only an upper end is said as none: no option has one).
_OUT_OF_RANGE = {
    (True, True, True): N_("{value} is not a whole number from {low} to {high}."),
    (True, True, False): N_("{value} is not a whole number of {low} or more."),
    (True, False, False): N_("{value} is not a whole number."),
    (False, True, True): N_("{value} is not a number from {low} to {high}."),
    (False, True, False): N_("{value} is not a number of {low} or more."),
    (False, False, False): N_("{value} is not a number."),
}


def out_of_range(value: Any, low: float | None, high: float | None, whole: bool) -> str:
    """An option's value that is no number (``whole``: no whole number) in its range, NaN included."""
    key = (whole, low is not None, low is not None and high is not None)
    return _(_OUT_OF_RANGE[key]).format(value=value, low=bound_text(low) if low is not None else "",
                                        high=bound_text(high) if high is not None else "")


def pipes_not_console(winpty: str, interactive: str) -> str:
    """A terminal that gives the game pipes (MSYS): it plays as a script."""
    return _("This terminal gives the game pipes, not a console, so it reads commands as a script. "
             "For the interactive game start it with: {winpty} or {interactive}").format(
                 winpty=winpty, interactive=interactive)


def one_level_per_seat(count: int) -> str:
    """``--bots`` with a list that does not fit the seats."""
    return _("Give one bot level per seat: {count} seats.").format(count=count)


def cannot_start(command: str) -> str:
    """An outside program that cannot be found."""
    return _("The program {command} cannot be started.").format(command=command)


def games_played(done: int, total: int) -> str:
    """``uno sim``'s progress."""
    return _("{done} of {total} games played.").format(done=done, total=total)


def address_as(form: str) -> str:
    """An address that cannot be read."""
    return _("Give the address as {form}.").format(form=form)


def passcode_one_way(option: str, other: str) -> str:
    """Two passcodes given."""
    return _("Give the passcode one way: {option} or {other}.").format(option=option, other=other)


def log_unwritable(file: Any, reason: Any) -> str:
    """The operators' log cannot be written."""
    return _("Cannot write the log file {file}: {reason}.").format(file=file, reason=reason)


def no_store(folder: Any) -> str:
    """``uno serve --backup`` with no store yet (said inside the store's failure sentence)."""
    return _("there is no store in {folder} yet").format(folder=folder)


def file_exists(file: Any) -> str:
    """A backup's target that exists already."""
    return _("{file} already exists; give a new file.").format(file=file)


def store_copied(file: Any) -> str:
    """A backup made."""
    return _("The store is copied to {file}.").format(file=file)
