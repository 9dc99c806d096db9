"""Words for the rule options: labels, explanations, values, presets and scoring modes; the settings' values.

Everything here is English source text marked with ``N_`` and translated at call time,
so the options menu, the rule book and ``--rule`` help all say the same thing in the
current language. The engine's :mod:`uno_cli.engine.options` stays free of text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from uno_cli.engine.options import (
    CHALLENGE_PENALTIES,
    FALSE_UNO_PENALTIES,
    OPTION_NAMES,
    SCORING_MODES,
    UNO_PENALTIES,
)
from uno_cli.words.i18n import N_, _, get_translator, ngettext, pgettext, typed_choice

__all__ = [
    "LEVEL_NAMES", "OPTION_INFO", "PRESET_INFO", "SPEECH_NAMES", "VERBOSITY_NAMES", "OptionInfo", "PresetInfo",
    "describe_value",
    "option_help", "option_label", "option_line", "preset_description", "preset_name",
    "rule_example", "scoring_mode_help", "scoring_mode_name", "typed_preset", "typed_rule", "value_choices",
]


#: The settings' values as the menu and the command line say them (bots' levels, speech, verbosity).
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard"), "expert": N_("expert"), "random": N_("random")}
SPEECH_NAMES = {"auto": N_("automatic"), "on": N_("on"), "off": N_("off")}
VERBOSITY_NAMES = {"short": N_("short"), "full": N_("full")}


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """What a person is told about one rule option (English source, marked with N_)."""

    key: str
    """The RuleOptions field name."""
    label: str
    """A short name, also used as the option's heading in the rule book."""
    help: str
    """One or two sentences saying what the option changes."""
    values: tuple[Any, ...] | None
    """The allowed values in menu order, or None for a free whole number."""


@dataclass(frozen=True, slots=True)
class PresetInfo:
    """The name and description of one preset of PRESETS (English source)."""

    key: str
    label: str
    help: str


_BOOL = (False, True)

OPTION_INFO: dict[str, OptionInfo] = {
    info.key: info
    for info in (
        OptionInfo(
            "draw_skips",
            N_("Draw Two and Wild Draw Four also skip the turn"),
            N_("When this is on, a player who draws the cards of a Draw Two or a Wild Draw "
               "Four also loses the turn. When it is off, that player draws and then plays "
               "as usual."),
            _BOOL,
        ),
        OptionInfo(
            "challenge",
            N_("Challenging a Wild Draw Four"),
            N_("When this is on, a Wild Draw Four may be played even when it breaks the "
               "rule, as a bluff, and the player who must draw may challenge it. When it "
               "is off, a Wild Draw Four that breaks the rule cannot be played at all."),
            _BOOL,
        ),
        OptionInfo(
            "challenge_penalty",
            N_("Penalty for a caught bluff"),
            N_("What happens to a player whose Wild Draw Four is challenged and who did "
               "hold a card of the colour in play."),
            CHALLENGE_PENALTIES,
        ),
        OptionInfo(
            "uno_penalty",
            N_("Penalty for not saying UNO"),
            N_("How many cards a player draws when caught with one card left without "
               "having said UNO."),
            UNO_PENALTIES,
        ),
        OptionInfo(
            "false_uno_penalty",
            N_("Penalty for a false UNO"),
            N_("How many cards a player draws for saying UNO without being about to have "
               "one card left. Zero means no penalty: such a call is refused."),
            FALSE_UNO_PENALTIES,
        ),
        OptionInfo(
            "scoring",
            N_("Scoring"),
            N_("How the points of each hand are counted and who wins the game."),
            SCORING_MODES,
        ),
        OptionInfo(
            "target",
            N_("Target score"),
            N_("The score that ends the game. Under elimination, a player who reaches it "
               "is out."),
            None,
        ),
        OptionInfo(
            "hands",
            N_("Fixed number of hands"),
            N_("Play exactly this many hands instead of playing to the target score. Zero "
               "means off."),
            None,
        ),
        OptionInfo(
            "partners",
            N_("Partners"),
            N_("Four players in two teams, partners sitting opposite each other. When "
               "either partner goes out, the team wins the hand."),
            _BOOL,
        ),
        OptionInfo(
            "stacking",
            N_("Stacking"),
            N_("Answer a Draw Two with another Draw Two, or a Wild Draw Four with another "
               "Wild Draw Four, and pass the growing total on to the next player."),
            _BOOL,
        ),
        OptionInfo(
            "sequences",
            N_("Sequences"),
            N_("After playing a number card, you may add more cards of the same colour, "
               "each one number up or one number down, until the next player acts."),
            _BOOL,
        ),
        OptionInfo(
            "jump_in",
            N_("Jump-ins"),
            N_("A player holding exactly the card on top of the pile, same colour and "
               "same number or symbol, may play it out of turn. Play then goes on from "
               "that player."),
            _BOOL,
        ),
        OptionInfo(
            "super_jump_in",
            N_("Super jump-ins"),
            N_("Like jump-ins, but the same number or symbol in any colour is enough. "
               "This works even when plain jump-ins are off."),
            _BOOL,
        ),
        OptionInfo(
            "seven_o",
            N_("Sevens and zeros"),
            N_("A 7 swaps your hand with the hand of a player you choose. A 0 passes "
               "every hand to the next player in the direction of play."),
            _BOOL,
        ),
        OptionInfo(
            "beep",
            N_("Beep cards"),
            N_("Eight Beep cards are added to the deck. Anyone may play a Beep at almost "
               "any moment, and then everyone must answer it; the slowest draws 2 cards."),
            _BOOL,
        ),
        OptionInfo(
            "jump_in_penalty",
            N_("Penalty for a wrong jump-in"),
            N_("The points a late or wrong jump-in costs. They always count against the "
               "player who made it."),
            None,
        ),
        OptionInfo(
            "jump_in_again",
            N_("Play again after a jump-in"),
            N_("After jumping in with a number card, you play again at once, and then play "
               "continues to the player after you. A Skip, a Reverse or a Draw Two acts as "
               "usual."),
            _BOOL,
        ),
        OptionInfo(
            "first_card_number",
            N_("The first card is a number"),
            N_("The card turned up to start a hand is always a number card: any other card "
               "goes back into the deck and another one is turned up."),
            _BOOL,
        ),
        OptionInfo(
            "penalty_then_pass",
            N_("Pass after a draw penalty"),
            N_("A player who has drawn the cards of a Draw Two or a Wild Draw Four and has "
               "nothing to play passes at once, without drawing another card."),
            _BOOL,
        ),
        OptionInfo(
            "jump_in_after_draw",
            N_("Jump-ins after a draw"),
            N_("Jump-ins stay possible after the player whose turn it is has drawn, until "
               "another card covers the top one. A Draw Two that jumps in on a Draw Two "
               "adds 2 to a penalty still waiting for an answer."),
            _BOOL,
        ),
        OptionInfo(
            "wrong_jump_in_free",
            N_("A wrong jump-in is free"),
            N_("A jump-in with a card that matches neither the top card nor the card it just "
               "covered costs nothing. Only a jump-in that comes too late costs points."),
            _BOOL,
        ),
        OptionInfo(
            "open_sequences",
            N_("Sequences open to everyone"),
            N_("Any player holding the next number of the same colour, one up or one down, "
               "may play it out of turn on the number card on top, whoever played it, even "
               "after the player whose turn it is has drawn. Sevens and zeros count, and 9 "
               "and 0 follow each other."),
            _BOOL,
        ),
        OptionInfo(
            "challenge_stacked",
            N_("Challenging a stacked Wild Draw Four"),
            N_("A Wild Draw Four that answered another one may be challenged too. Whoever "
               "loses the challenge draws the whole total, and the penalty as well."),
            _BOOL,
        ),
        OptionInfo(
            "draw_again",
            N_("Draw again"),
            N_("After drawing a card you could play, you may draw another one instead of "
               "playing it or keeping it. A card you cannot play still ends your turn."),
            _BOOL,
        ),
    )
}

_CHALLENGE_PENALTY_NAMES = {
    "four": N_("The bluffer draws 4"),
    "six": N_("The bluffer draws 6"),
    "return": N_("The card goes back and the bluffer draws 4"),
}

_SCORING_NAMES = {
    "winner_takes": N_("Winner takes the points"),
    "lowest_wins": N_("Lowest total wins"),
    "elimination": N_("Elimination"),
}

_SCORING_HELP = {
    "winner_takes": N_("The player who goes out scores the points of the cards left in "
                       "everyone else's hands. The first to reach the target score wins "
                       "the game."),
    "lowest_wins": N_("Every player adds the points of the cards left in their own hand to "
                      "their total. When someone reaches the target score, the game ends "
                      "and the lowest total wins."),
    "elimination": N_("Every player adds the points left in their own hand, as with lowest "
                      "total wins, but a player who reaches the target score is out. The "
                      "others play on; when only two remain and one of them reaches the "
                      "target, the other wins."),
}

PRESET_INFO: dict[str, PresetInfo] = {
    info.key: info
    for info in (
        PresetInfo("classic", N_("Classic"),
                   N_("The rules printed with the cards: drawing for a Draw Two or Wild "
                      "Draw Four loses the turn, a Wild Draw Four may be challenged, and the "
                      "winner of each hand scores the others' cards, up to 500.")),
        PresetInfo("playroom", N_("Playroom"),
                   N_("The rules of the popular accessible online game as its players set "
                      "them: stacking, sequences, jump-ins and super jump-ins, and you play "
                      "again after a jump-in; the first card is a number, a player with "
                      "nothing to play after a draw penalty passes, and you may draw again; "
                      "a caught bluffer draws 6, forgetting UNO costs 4 cards, and players "
                      "are eliminated at 500 points.")),
        PresetInfo("playroom_all", N_("Playroom with everything"),
                   N_("The Playroom rules with its two rules that are usually left off "
                      "turned on as well: sevens and zeros, and Beep cards.")),
        PresetInfo("strict", N_("Strict"),
                   N_("The classic rules, except that a caught bluffer takes the Wild Draw "
                      "Four back, draws 4 and must play a legal card.")),
        PresetInfo("lowest", N_("Lowest total"),
                   N_("The classic rules, except that each player scores the cards left in "
                      "their own hand and the lowest total wins.")),
        PresetInfo("elimination", N_("Elimination"),
                   N_("The classic rules, except that each player scores the cards left in "
                      "their own hand and a player who reaches 500 is out; the last player "
                      "left wins.")),
        PresetInfo("partners", N_("Partners"),
                   N_("The classic rules for four players in two teams, partners sitting "
                      "opposite each other.")),
        PresetInfo("house", N_("House rules"),
                   N_("The classic rules with three popular house rules: stacking, "
                      "jump-ins, and sevens and zeros.")),
    )
}


def option_label(key: str) -> str:
    """The option's short name in the current language."""
    return _(OPTION_INFO[key].label)


def option_help(key: str) -> str:
    """The option's explanation in the current language."""
    return _(OPTION_INFO[key].help)


def scoring_mode_name(mode: str) -> str:
    """The name of a scoring mode (``winner_takes``, ...) in the current language."""
    return _(_SCORING_NAMES[mode])


def scoring_mode_help(mode: str) -> str:
    """How a scoring mode works, in the current language."""
    return _(_SCORING_HELP[mode])


def preset_name(name: str) -> str:
    """The name of a preset in the current language (the key itself if it has none)."""
    info = PRESET_INFO.get(name)
    return _(info.label) if info else name


def preset_description(name: str) -> str:
    """What a preset changes, in the current language ("" if it has no description)."""
    info = PRESET_INFO.get(name)
    return _(info.help) if info else ""


def _number(n: int) -> str:
    return get_translator().format_number(n)


def describe_value(key: str, value: Any) -> str:
    """How ``value`` of option ``key`` is said: "on", "2 cards", "The bluffer draws 6"."""
    if key not in OPTION_INFO:
        raise KeyError(key)
    if OPTION_INFO[key].values == _BOOL:
        # TRANSLATORS: the value of a rule option that is switched on / off.
        return pgettext("option", "on") if value else pgettext("option", "off")
    if key == "challenge_penalty":
        return _(_CHALLENGE_PENALTY_NAMES[value])
    if key == "scoring":
        return scoring_mode_name(value)
    n = int(value)
    if key == "false_uno_penalty" and n == 0:
        # TRANSLATORS: the value of the option "Penalty for a false UNO" when it is 0.
        return _("off, the call is refused")
    if key in ("uno_penalty", "false_uno_penalty"):
        # TRANSLATORS: the value of the option "Penalty for not saying UNO" (or for a false UNO).
        return ngettext("{count} card", "{count} cards", n).format(count=_number(n))
    if key == "hands":
        if n == 0:
            # TRANSLATORS: the value of "Fixed number of hands" when it is 0.
            return _("off, play to the target score")
        # TRANSLATORS: the value of the option "Fixed number of hands".
        return ngettext("{count} hand", "{count} hands", n).format(count=_number(n))
    # target and jump_in_penalty
    # TRANSLATORS: the value of "Target score" or "Penalty for a wrong jump-in".
    return ngettext("{count} point", "{count} points", n).format(count=_number(n))


def value_choices(key: str) -> list[tuple[Any, str]]:
    """(value, how it is said) for every allowed value; empty for free whole numbers."""
    values = OPTION_INFO[key].values
    return [(v, describe_value(key, v)) for v in values] if values else []


def option_line(key: str, value: Any) -> str:
    """One line for menus and summaries: "Stacking: on. Answer a Draw Two with ..."."""
    # TRANSLATORS: {label} is an option name such as "Stacking", {value} its value such
    # as "on" or "2 cards", {help} one or two sentences explaining the option.
    return _("{label}: {value}. {help}").format(
        label=option_label(key), value=describe_value(key, value), help=option_help(key))


def typed_preset(word: str) -> str:
    """The preset a typed word names: its key or its name in any language ("clássico"); else the word."""
    return typed_choice(word, {k: info.label for k, info in PRESET_INFO.items()}) or word.strip().lower()


def rule_example() -> str:
    """``Stacking=on`` as a player of the current language types it (``Contra-ataque=sim``)."""
    return f"{option_label('stacking')}={pgettext('option', 'on')}".replace(" ", "-")


def typed_rule(item: str) -> str:
    """A typed ``RULE=VALUE`` as ``--rule`` reads it: the option and its value may be said as
    the rule book says them, in any language ("Acúmulo=sim" -> "stacking=on")."""
    name, sep, value = item.partition("=")
    key = typed_choice(name, {k: info.label for k, info in OPTION_INFO.items()})
    if not sep or key is None:
        return item
    values = OPTION_INFO[key].values
    if values == _BOOL:
        value = typed_choice(value, {"on": "on", "off": "off"}, "option") or value
    elif key == "challenge_penalty":
        value = typed_choice(value, _CHALLENGE_PENALTY_NAMES) or value
    elif key == "scoring":
        value = typed_choice(value, _SCORING_NAMES) or value
    return f"{key}={value}"


def _check_complete() -> None:
    missing = set(OPTION_NAMES) ^ set(OPTION_INFO)
    if missing:  # pragma: no cover - caught by the tests on import
        raise RuntimeError(f"OPTION_INFO out of step with RuleOptions: {sorted(missing)}")


_check_complete()
