"""Localized sentences for errors in options, setups and command-line values."""

from __future__ import annotations

import json

from uno_cli.engine.errors import InvalidOptions, InvalidSetup
from uno_cli.i18n import _, get_translator
from uno_cli.playconfig import ConfigError


def _list(items: object) -> str:
    return get_translator().format_list([str(x) for x in items])  # type: ignore[union-attr]


def option_error(exc: InvalidOptions) -> str:
    """A sentence saying what is wrong with a rule option."""
    if exc.key == "preset":
        return _("There is no preset called {name}. Presets: {presets}.").format(
            name=exc.value, presets=_list(exc.allowed)
        )
    if exc.unknown:
        return _("There is no rule option called {name}. Options: {options}.").format(
            name=exc.key, options=_list(exc.allowed)
        )
    if exc.key == "partners":
        return _("Partners need exactly four players and cannot be combined with elimination scoring.")
    return _("The rule option {name} cannot be {value}. Allowed: {allowed}.").format(
        name=exc.key, value=exc.value, allowed=_list(exc.allowed)
    )


def setup_error(exc: InvalidSetup) -> str:
    """A sentence saying exactly what makes a setup or saved game impossible."""
    d = exc.detail
    code = exc.code
    if code == "bad_json":
        return _("The file is not valid {format}: line {line}, column {column}.").format(
            format="JSON", line=d.get("line"), column=d.get("column")
        )
    if code == "unknown_card":
        return _("{field} holds {card}, which is not a card code.").format(field=d.get("field"), card=d.get("card"))
    if code == "too_many":
        return _("There are too many {card} cards: {count}, but the deck has only {allowed}.").format(
            card=d.get("card"), count=d.get("count"), allowed=d.get("allowed")
        )
    if code == "bad_seat":
        # TRANSLATORS: {field} is a field of the file, such as current or dealer; it stays as it is.
        return _("{field} must be a seat from 1 to {players}, not {value}.").format(
            field=d.get("field"), value=json.dumps(d.get("value"), ensure_ascii=False), players=d.get("players")
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
            format=json.dumps(d.get("format"), ensure_ascii=False), formats=_list(d.get("formats", ()))
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
    if code == "bad_option":
        return _("A rule option in the file is wrong: {detail}.").format(detail=d.get("detail"))
    if code == "players_missing":
        return _("The file must say how many players there are.")
    if code == "empty_hand":
        return _("Seat {seat} has no cards.").format(seat=d.get("seat"))
    return _("The file cannot be a real game ({problem}).").format(
        problem=", ".join([code] + [f"{k}={v}" for k, v in d.items()])
    )


def config_error(exc: ConfigError) -> str:
    """A sentence for a wrong command-line value."""
    d = exc.detail
    if exc.code == "bad_bot_level":
        return _("There is no bot level {level}. Levels: {levels}.").format(
            level=d.get("value"), levels=_list(d.get("allowed", ()))
        )
    if exc.code == "seat_out_of_range":
        return _("Seat {seat} does not exist in a game of {players} players.").format(
            seat=d.get("seat"), players=d.get("players")
        )
    if exc.code == "bad_rule":
        # TRANSLATORS: {example} is typed text such as stacking=on; it stays as it is.
        return _("Write rule options as name=value, for example {example}; got {value}.").format(
            example="stacking=on", value=d.get("value")
        )
    # TRANSLATORS: {forms} lists what may be typed, such as 2=human; it stays as it is.
    return _("Write a seat as one of {forms}; got {value}.").format(
        forms="N=human, N=script, N=bot:LEVEL, N=cmd:PROGRAM", value=d.get("value")
    )
