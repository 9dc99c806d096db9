"""The ``uno`` command's own sentences (usage problems, progress, the server's files), in the current language.

Its options' help texts are in uno_cli/cli.py, where click takes them when the commands are defined.
"""

from __future__ import annotations

from typing import Any

from uno_cli.words.i18n import _


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


def not_seconds(value: Any) -> str:
    """A number of seconds that is none (NaN)."""
    return _("{value} is not a number of seconds.").format(value=value)


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
