"""Localized sentences for errors in options, setups and command-line values."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from uno_cli.engine.errors import InvalidOptions, InvalidSetup
from uno_cli.engine.seats import seat_number
from uno_cli.words.i18n import ListStyle, _, get_translator, ngettext
from uno_cli.words.names import clean_text

if TYPE_CHECKING:  # the words name the play layer's error, never load it
    from uno_cli.play.playconfig import ConfigError


def _list(items: Iterable[Any], style: ListStyle = "standard") -> str:
    shown = [clean_text(x) if isinstance(x, str) else _shown(x) for x in items]
    return get_translator().format_list(shown, style=style)


#: The longest value quoted from a file in a message, in characters.
_SHOWN = 40


def _shown(value: object) -> str:
    """A value from a file as JSON, made safe to print and cut short (files are not trusted)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = str(value)
    text = clean_text(text)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _field(value: object) -> str:
    """A field name, which may come from the file: made safe to print."""
    text = clean_text(str(value))
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def option_error(exc: InvalidOptions, typed: bool = False) -> str:
    """A sentence saying what is wrong with a rule option; ``typed``: one the player typed
    (``--rule``), named and valued as the rule book says them, not as a file writes them."""
    if typed and exc.key != "preset":
        said = _typed_option_error(exc)
        if said is not None:
            return said
    if exc.key == "preset":
        from uno_cli.words.clicktext import preset_names

        return _("There is no preset called {name}. Presets: {presets}.").format(
            name=_field(exc.value), presets=preset_names(list(exc.allowed))
        )
    if exc.unknown:
        return _("There is no rule option called {name}. Options: {options}.").format(
            name=_field(exc.key), options=_list(exc.allowed)
        )
    if exc.key == "partners":
        return _("Partners need exactly four players and cannot be combined with elimination scoring.")
    return _("The rule option {name} cannot be {value}. Allowed: {allowed}.").format(
        name=_field(exc.key), value=_field(exc.value), allowed=_list(exc.allowed)
    )


def _typed_option_error(exc: InvalidOptions) -> str | None:
    """option_error's sentence in the player's words (None: an error of another kind)."""
    from uno_cli.engine.options import NUMBER_RANGES
    from uno_cli.words.optioninfo import OPTION_INFO, describe_value, option_label

    if exc.unknown:
        # TRANSLATORS: {command} is the command that prints the rule book ("uno rules"); it stays as it is.
        return _("There is no rule option called {name}. The rule book names them all: {command}.").format(
            name=_field(exc.key), command="uno rules")
    info = OPTION_INFO.get(exc.key)
    if info is None:
        return None
    if info.values is None:
        low, high = NUMBER_RANGES[exc.key]
        # TRANSLATORS: what a rule option such as the target score may be set to.
        allowed = [_("a whole number from {low} to {high}").format(low=low, high=high)]
    elif all(isinstance(v, int) and not isinstance(v, bool) for v in info.values):
        allowed = [str(v) for v in info.values]
    else:
        allowed = [describe_value(exc.key, v) for v in info.values]
    return _("The rule option {name} cannot be {value}. Allowed: {allowed}.").format(
        name=option_label(exc.key), value=_field(exc.value), allowed=_list(allowed, "or"))


def setup_error(exc: InvalidSetup) -> str:
    """A sentence saying exactly what makes a setup or saved game impossible."""
    d: dict[str, Any] = {k: (_field(v) if k == "field" else v) for k, v in exc.detail.items()}
    seat = exc.detail.get("seat")
    if isinstance(seat, int):
        d["seat"] = seat_number(seat)  # the engine's seats count from 0, people's from 1
    code = exc.code
    if code == "bad_json":
        return _("The file is not valid {format}: line {line}, column {column}.").format(
            format="JSON", line=d.get("line"), column=d.get("column")
        )
    if code == "unknown_card":
        return _("{field} holds {card}, which is not a card code.").format(field=d.get("field"), card=_shown(d.get("card")))
    if code == "too_many":
        return _("There are too many {card} cards: {count}, but the deck has only {allowed}.").format(
            card=d.get("card"), count=d.get("count"), allowed=d.get("allowed")
        )
    if code == "bad_seat":
        # TRANSLATORS: {field} is a field of the file, such as current or dealer; it stays as it is.
        return _("{field} must be a seat from 1 to {players}, not {value}.").format(
            field=d.get("field"), value=_shown(d.get("value")), players=d.get("players")
        )
    if code == "too_many_hands":
        return _("The file gives hands for {count} seats, but the game has {players} seats.").format(
            count=d.get("count"), players=d.get("players")
        )
    if code == "seat_eliminated":
        return _("{field} names seat {seat}, which is out of the game.").format(field=d.get("field"), seat=d.get("seat"))
    if code == "eliminated_holds_cards":
        return _("Seat {seat} is out of the game but holds cards.").format(seat=d.get("seat"))
    if code == "unknown_format":
        # TRANSLATORS: {format} and {formats} are format names such as uno-cli/2; they stay as they are.
        return _("The file is in the format {format}, which this version cannot read; it reads {formats}.").format(
            format=_shown(d.get("format")), formats=_list(d.get("formats", ()))
        )
    if code == "players":
        return _("A game needs 2 to 10 players, not {players}.").format(players=d.get("players"))
    if code == "card_needs_option":
        return _("The card {card} is only in the deck when the {option} option is on.").format(
            card=d.get("card"), option=d.get("option")
        )
    if code == "cards_missing":
        return _("The saved game does not account for every card; missing: {cards}.").format(
            cards=_list(sorted(d.get("missing", {})))
        )
    if code == "unknown_field":
        return _("The file has a field {field} that the game does not know.").format(field=d.get("field"))
    if code == "color_needed":
        return _("The top card is {card}, so the setup must name the colour in play.").format(card=d.get("top"))
    if code == "bad_option" and "detail" in d:
        return _("A rule option in the file is wrong: {detail}.").format(detail=d.get("detail"))
    message = _file_error(code, d)
    if message is not None:
        return message
    if code == "players_missing":
        return _("The file must say how many players there are.")
    if code == "empty_hand":
        return _("Seat {seat} has no cards.").format(seat=d.get("seat"))
    return _("The file cannot be a real game ({problem}).").format(
        problem=", ".join([code] + [f"{k}={_shown(v)}" for k, v in d.items()])
    )


def _file_error(code: str, d: dict[str, object]) -> str | None:
    """Sentences for the checks of every field of a file (None: not one of these codes)."""
    field, value = d.get("field"), _shown(d.get("value"))
    # TRANSLATORS: in these sentences {field} is a field of the file (such as scores[0] or
    # pending.total) and {value} what the file holds; both stay as they are.
    if code == "bad_number":
        return _("{field} must be a whole number from {low} to {high}, not {value}.").format(
            field=field, low=d.get("low"), high=d.get("high"), value=value)
    if code == "bad_bool":
        # TRANSLATORS: {true} and {false} are the words of the file format, written as they are.
        return _("{field} must be {true} or {false}, not {value}.").format(field=field, value=value, true="true",
                                                                           false="false")
    if code == "bad_choice":
        return _("{field} must be one of {choices}, not {value}.").format(
            field=field, choices=_list([_shown(c) for c in d.get("choices", ())], "or"), value=value)  # type: ignore[attr-defined]
    if code == "not_a_list":
        return _("{field} must be a list, not {value}.").format(field=field, value=value)
    if code == "not_an_object":
        if field is None:
            return _("The file must hold one {format} object.").format(format="JSON")
        return _("{field} must be an object, not {value}.").format(field=field, value=value)
    if code == "not_text":
        return _("{field} must be text, not {value}.").format(field=field, value=value)
    if code == "wrong_length":
        n = int(d.get("expected", 0))  # type: ignore[call-overload]
        return ngettext("{field} must have {count} entry, one per seat.",
                        "{field} must have {count} entries, one per seat.", n).format(field=field, count=n)
    if code == "bad_constant":
        return _("{field} holds {value}, which is not a number a saved game can hold.").format(
            field=field, value=_field(d.get("value")))
    if code == "number_too_big":
        return _("{field} holds the number {value}, which is too big for a saved game.").format(
            field=field, value=_field(d.get("value")))
    if code == "bad_option" and isinstance(d.get("error"), InvalidOptions):
        return _("In {field}: {problem}").format(field=field, problem=option_error(d["error"]))  # type: ignore[arg-type]
    if code == "duplicate_field":
        return _("The file gives the field {field} twice.").format(field=field)
    if code == "too_deep":
        return _("The file nests lists and objects more than {limit} levels deep.").format(limit=d.get("limit"))
    if code == "too_big":
        return _("The file is larger than {limit} kB, too large for a saved game.").format(limit=d.get("limit"))
    if code == "not_utf8":
        return _("The file is not {encoding} text (byte {offset}).").format(encoding="UTF-8", offset=d.get("offset"))
    if code == "not_a_file":
        return _("The file is not a regular file (a folder, a pipe or a device cannot be a saved game).")
    if code == "program_seat":
        # TRANSLATORS: {option} is a command-line option such as --seat 2=cmd:PROGRAM; it stays as it is.
        return _("Seat {seat} was played by an outside program. A file cannot start programs; to play that seat "
                 "with a program again, name it on the command line: {option}.").format(
            seat=d.get("seat"), option=f"--seat {d.get('seat')}=cmd:PROGRAM")
    if code == "phase_needs_option":
        return _("The phase {phase} is only possible when the {option} option is on.").format(
            phase=d.get("phase"), option=d.get("option"))
    if code == "beep_waiting":
        return _("During a Beep race, beep.waiting must name at least two different seats still in the game.")
    if code == "only_in_phase":
        return _("{field} must be empty unless the phase is {phase}.").format(field=field, phase=d.get("phase"))
    if code == "repeated_seat":
        return _("{field} names the same seat twice.").format(field=field)
    if code == "winners_missing":
        return _("The phase is match_over, so winners must name at least one seat.")
    if code == "needs_phase":
        return _("{field} can only be given in a complete saved game, one with a phase.").format(field=field)
    if code == "duplicate_name":
        return _duplicate_name(d.get("name"))
    if code == "too_few_active":
        return _("At least two seats must still be in the game.")
    if code == "discard_empty":
        return _("The discard pile is empty, but the hand is being played.")
    if code == "not_enough_cards":
        return _("There are not enough cards left to deal the hands and turn the first card.")
    return None


def settings_unreadable(path: object, problem: Exception) -> str:
    """The settings file exists but cannot be read: the game starts with the defaults."""
    if isinstance(problem, InvalidSetup):
        reason = setup_error(problem)
    else:
        reason = clean_text(getattr(problem, "strerror", None) or str(problem))
    # TRANSLATORS: {file} is the settings file's path; {reason} a sentence saying what is wrong.
    return _("The settings file {file} could not be read, so the game starts with the default settings. {reason}").format(
        file=clean_text(str(path)), reason=reason)


def _duplicate_name(name: object) -> str:
    return _("Two players cannot have the same name: {name}.").format(name=_shown(name))


def config_error(exc: ConfigError) -> str:
    """A sentence for a wrong command-line value."""
    d = exc.detail
    if exc.code == "duplicate_name":
        return _duplicate_name(d.get("name"))
    if exc.code == "unclosed_quote":
        return _("The program's command line {command} has a quotation mark that is not closed.").format(
            command=_shown(d.get("value")))
    if exc.code == "bad_bot_level":
        from uno_cli.words.clicktext import level_names

        return _("There is no bot level {level}. Levels: {levels}.").format(
            level=d.get("value"), levels=level_names(list(d.get("allowed", ())))  # type: ignore[call-overload]
        )
    if exc.code == "bad_pace":
        return _("The pace is a number of seconds from 0 to 60, such as 1.5; got {value}.").format(value=d.get("value"))
    if exc.code == "seat_out_of_range":
        return _("Seat {seat} does not exist in a game of {players} players.").format(
            seat=d.get("seat"), players=d.get("players")
        )
    if exc.code == "bad_reaction":
        # TRANSLATORS: 0.4-1.1, 1.0 and hard are typed text; they stay as they are.
        return _("A reaction time is seconds, such as {range} or {fixed}, or a bot level, such as {level}; got {value}.").format(
            range="0.4-1.1", fixed="1.0", level="hard", value=d.get("value")
        )
    if exc.code == "bad_rule":
        from uno_cli.words.optioninfo import rule_example

        # TRANSLATORS: {example} is typed text such as Stacking=on, in the player's language.
        return _("Write rule options as name=value, for example {example}; got {value}.").format(
            example=rule_example(), value=d.get("value")
        )
    from uno_cli.words.clicktext import seat_forms

    # TRANSLATORS: {forms} lists what may be typed, such as 2=human; it stays as it is.
    return _("Write a seat as one of {forms}; got {value}.").format(
        forms=seat_forms(), value=d.get("value")
    )


def file_unreadable(file: str | None) -> str:
    """A file given to script mode that cannot be read."""
    return _("The file {file} cannot be read.").format(file=file)


def output_failed(reason: object) -> str:
    """Standard output is closed or full (``uno rules >/dev/full``): said on standard error."""
    return _("Standard output cannot be written: {reason}.").format(reason=reason)
