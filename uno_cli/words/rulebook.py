"""The complete rules, written to be listened to, in the current language.

The text is plain: a section is a short heading line (no final punctuation), a blank
line, then short paragraphs separated by blank lines. No markdown, tables or bullet
characters, which screen readers read out or braille displays garble. Each paragraph is
one message, and the text follows the options of the game being played.
"""

from __future__ import annotations

from uno_cli.engine.options import PRESETS, RuleOptions
from uno_cli.engine.options import preset as preset_options
from uno_cli.words.i18n import _, get_translator, ngettext, pgettext
from uno_cli.words.optioninfo import (
    describe_value,
    option_help,
    option_label,
    preset_description,
    preset_name,
    scoring_mode_help,
    scoring_mode_name,
)

__all__ = ["OPTION_ORDER", "rule_book", "sections"]

#: The order in which the option sections follow the core rules.
OPTION_ORDER: tuple[str, ...] = (
    "scoring", "target", "hands", "partners", "draw_skips", "challenge",
    "challenge_penalty", "uno_penalty", "false_uno_penalty", "stacking", "sequences", "jump_in",
    "super_jump_in", "jump_in_penalty", "jump_in_again", "first_card_number",
    "penalty_then_pass", "draw_again", "challenge_stacked", "jump_in_after_draw",
    "wrong_jump_in_free", "open_sequences",
    "seven_o", "beep",
)


def _num(n: int) -> str:
    return get_translator().format_number(n)


def _in_this_game(key: str, opts: RuleOptions) -> str:
    # TRANSLATORS: closes an option's section of the rule book; {value} is "on", "off",
    # "2 cards", "500 points", "The bluffer draws 6" and so on.
    return _("In this game: {value}.").format(value=describe_value(key, getattr(opts, key)))


def _intro(name: str, opts: RuleOptions) -> list[str]:
    out = [
        _("These are the rules of UNO as this game plays them. They are written to be "
          "listened to: each section begins with a short heading line, and in the game you "
          "can jump from one heading to the next, or back."),
    ]
    if name in PRESETS and PRESETS[name] == opts:
        # TRANSLATORS: {preset} is the name of a set of rules, such as "Classic".
        out.append(_("This game uses the rules called {preset}.").format(preset=preset_name(name)))
        description = preset_description(name)
        if description:
            out.append(description)
    else:
        # TRANSLATORS: {preset} is the name of a set of rules, such as "Classic".
        out.append(_("This game starts from the rules called {preset}, with some options "
                     "changed.").format(preset=preset_name(name)))
    out.append(_("The first sections explain the rules every game shares. The last sections "
                 "explain each rule option: what it changes, and whether it is on in this "
                 "game."))
    return out


def _aim(opts: RuleOptions) -> list[str]:
    out = [
        _("Be the first to get rid of all the cards in your hand. A game is made of several "
          "hands. Each time a player plays their last card, the hand ends and the points "
          "left in the other hands are counted."),
    ]
    if opts.hands > 0:
        out.append(ngettext(
            "In this game, the scores decide the winner after {count} hand.",
            "In this game, the scores decide the winner after {count} hands.",
            opts.hands).format(count=_num(opts.hands)))
    else:
        out.append(ngettext(
            "In this game, the scores decide the winner once someone reaches {count} point.",
            "In this game, the scores decide the winner once someone reaches {count} points.",
            opts.target).format(count=_num(opts.target)))
    return out


def _cards(opts: RuleOptions) -> list[str]:
    out = [
        _("The deck has 108 cards in four colours: red, yellow, green and blue. Each colour "
          "has one 0 and two of every number from 1 to 9, which makes 19 number cards, and "
          "two each of Skip, Reverse and Draw Two."),
        _("There are also four Wild cards and four Wild Draw Four cards. They have no colour: "
          "whoever plays one names the colour to continue with."),
    ]
    if opts.beep:
        out.append(_("In this game, eight Beep cards are added, which makes 116 cards. Beep "
                     "cards have no colour either."))
    else:
        out.append(_("With the Beep cards option, eight Beep cards are added, which makes 116 "
                     "cards. This game does not use them."))
    out.append(_("Skip, Reverse, Draw Two, Wild, Wild Draw Four and Beep are the special "
                 "cards. Each one is explained in its own section."))
    return out


def _dealing(opts: RuleOptions) -> list[str]:
    return [
        _("Before the first hand, every player draws a card. Only number cards count: anyone "
          "who draws another card puts it back and draws again. The highest number deals. "
          "If several players tie for the highest number, only they draw again."),
        _("The dealer shuffles and deals 7 cards to each player, one at a time, starting with "
          "the player after the dealer. The remaining cards, face down, are the draw pile."),
        _("The top card of the draw pile is turned face up to start the discard pile. The "
          "player after the dealer plays first. After each hand, the deal passes to the next "
          "player."),
    ]


def _first_card(opts: RuleOptions) -> list[str]:
    out = [
        _("If the first card turned up is a number card, play simply begins. A special card "
          "takes effect at once, as follows."),
        _("A Wild Draw Four goes back into the deck, and another card is turned up."),
        _("After a Wild, the first player names the colour and then plays."),
    ]
    if opts.draw_skips:
        out.append(_("After a Draw Two, the first player draws 2 cards and loses the turn."))
    else:
        out.append(_("After a Draw Two, the first player draws 2 cards and then plays."))
    out.append(_("After a Reverse, the dealer plays first and play goes the other way."))
    out.append(_("After a Skip, the first player is skipped and the next player starts."))
    if opts.beep:
        out.append(_("After a Beep, nobody has to answer it, and the first player may play "
                     "any card."))
    return out


def _turn(opts: RuleOptions) -> list[str]:
    return [
        _("On your turn, play one card from your hand onto the discard pile. It must match "
          "the card on top by colour, by number or by symbol. For example, a red 7 may follow "
          "any red card or any 7, and a green Skip may follow any green card or any Skip."),
        _("After a Wild or a Wild Draw Four, the next card must be of the colour that was "
          "named, unless it is itself a wild card."),
        _("Play goes around the table in one direction, until a Reverse turns it the other "
          "way."),
    ]


def _drawing(opts: RuleOptions) -> list[str]:
    return [
        _("If you cannot play, or do not want to, draw one card from the draw pile. If the "
          "card you drew can be played, you may play it at once; otherwise your turn ends. "
          "After drawing, only the card you drew may be played, never one you already held."),
        _("When the draw pile runs out, the discard pile, except its top card, is shuffled to "
          "make a new draw pile. If both piles are empty, a player who has to draw cannot, "
          "and the turn simply passes."),
        _("If every player in a row can neither play nor draw, the hand ends, and the player "
          "whose cards are worth the fewest points wins it."),
    ]


def _skip(opts: RuleOptions) -> list[str]:
    return [_("The next player loses their turn. With two players, you play again at once.")]


def _reverse(opts: RuleOptions) -> list[str]:
    return [_("The direction of play changes. With two players, a Reverse works like a Skip: "
              "you play again at once.")]


def _draw_two(opts: RuleOptions) -> list[str]:
    if opts.draw_skips:
        out = [_("The next player draws 2 cards and loses the turn.")]
    else:
        out = [_("The next player draws 2 cards and then plays as usual.")]
    if opts.stacking:
        out.append(_("In this game stacking is on: instead of drawing, the next player may "
                     "answer with a Draw Two of their own, as the section on stacking "
                     "explains."))
    return out


def _wild(opts: RuleOptions) -> list[str]:
    return [_("A Wild may be played on any card. You name the colour to continue with, which "
              "may also be the colour already in play."),
            _("A Wild or a Wild Draw Four played as your last card needs no colour: the hand "
              "ends.")]


def _wild4(opts: RuleOptions) -> list[str]:
    if opts.draw_skips:
        out = [_("A Wild Draw Four names the colour, like a Wild, and the next player draws 4 "
                 "cards and loses the turn.")]
    else:
        out = [_("A Wild Draw Four names the colour, like a Wild, and the next player draws 4 "
                 "cards and then plays as usual.")]
    out.append(_("You may play it only when you hold no card of the colour in play. Cards that "
                 "match only by number or symbol do not count, and neither do wild cards."))
    if not opts.challenge:
        out.append(_("In this game there is no challenge, so a Wild Draw Four that breaks "
                     "this rule cannot be played at all."))
        return out
    out.append(_("In this game you may bluff: play a Wild Draw Four even though you hold a "
                 "card of the colour in play. The player who must draw may then challenge "
                 "you instead of drawing, and you show your hand to the challenger."))
    penalty = opts.challenge_penalty
    if penalty == "six":
        out.append(_("If you were bluffing, you draw 6 cards yourself, and the challenger "
                     "draws nothing and plays."))
    elif penalty == "return":
        out.append(_("If you were bluffing, the Wild Draw Four goes back into your hand, you "
                     "draw 4 cards, and you must play a card that follows the rules. The "
                     "challenger draws nothing."))
    else:
        out.append(_("If you were bluffing, you draw the 4 cards yourself, and the challenger "
                     "draws nothing and plays."))
    if opts.draw_skips:
        out.append(_("If you were not bluffing, the challenger draws 6 cards instead of 4 and "
                     "loses the turn."))
    else:
        out.append(_("If you were not bluffing, the challenger draws 6 cards instead of 4 and "
                     "then plays."))
    if opts.stacking and opts.challenge_stacked:
        out.append(_("A Wild Draw Four that answered another one may be challenged as well; "
                     "whoever loses draws the whole total."))
    elif opts.stacking:
        out.append(_("Only a single Wild Draw Four can be challenged. Once it has been "
                     "answered with another one, nobody can challenge."))
    return out


def _uno(opts: RuleOptions) -> list[str]:
    n = opts.uno_penalty
    return [
        _("When you play your next-to-last card, say UNO. You may also say it just before, "
          "in your turn, while you still hold two cards."),
        ngettext(
            "Until the next player acts, any other player may catch someone who has one card "
            "left and did not say UNO. In this game, a caught player draws {count} card.",
            "Until the next player acts, any other player may catch someone who has one card "
            "left and did not say UNO. In this game, a caught player draws {count} cards.",
            n).format(count=_num(n)),
        _("Once the next player has acted, it is too late to catch anyone, and there is no "
          "penalty."),
    ]


def _end_of_hand(opts: RuleOptions) -> list[str]:
    return [
        _("A hand ends as soon as a player plays their last card. If that card is a Draw Two "
          "or a Wild Draw Four, the next player still draws the cards, and they count in the "
          "score."),
        _("Cards left in the hands are worth points. A number card is worth its number. A "
          "Skip, a Reverse, a Draw Two and a Beep are worth 20 points each. A Wild and a Wild "
          "Draw Four are worth 50 points each."),
        # TRANSLATORS: {mode} is the name of a scoring mode, such as "Lowest total wins".
        _("What happens to these points depends on the scoring mode. This game uses {mode}; "
          "the section on scoring explains all three modes.").format(
              mode=scoring_mode_name(opts.scoring)),
    ]


def _two_players(opts: RuleOptions) -> list[str]:
    out = [_("With two players, a Skip or a Reverse lets you play again at once.")]
    if opts.draw_skips:
        out.append(_("A Draw Two or a Wild Draw Four makes your opponent draw and lose the "
                     "turn, so you play again as well."))
    else:
        out.append(_("A Draw Two or a Wild Draw Four makes your opponent draw, and then your "
                     "opponent plays."))
    return out


def _options_intro(opts: RuleOptions) -> list[str]:
    return [_("The following sections explain each rule option: what it changes, and whether "
              "it is on in this game. Options are chosen before a game begins.")]


# --- option sections (each ends with "In this game: ...") ---------------------------

def _opt_scoring(opts: RuleOptions) -> list[str]:
    out = [option_help("scoring"), _("There are three scoring modes.")]
    for mode in ("winner_takes", "lowest_wins", "elimination"):
        # TRANSLATORS: {mode} is the name of a scoring mode, {explanation} what it does.
        out.append(_("{mode}: {explanation}").format(
            mode=scoring_mode_name(mode), explanation=scoring_mode_help(mode)))
    out.append(_("Under lowest total wins and elimination, points count against you, so a low "
                 "total is good. Under these two modes, if a hand ends because nobody can play "
                 "or draw, every player adds the points of their own hand, the winner of the "
                 "hand included."))
    return out


def _opt_target(opts: RuleOptions) -> list[str]:
    return [option_help("target"),
            _("The target is not used when a fixed number of hands is set, except to eliminate "
              "players under elimination.")]


def _opt_hands(opts: RuleOptions) -> list[str]:
    return [option_help("hands"),
            _("After the last hand, the best total wins: the highest under winner takes the "
              "points, the lowest under the other modes.")]


def _opt_partners(opts: RuleOptions) -> list[str]:
    return [option_help("partners"),
            _("Because partners sit opposite each other, the turn passes from one team to the "
              "other. A team's score is the sum of both partners' scores."),
            _("Under winner takes the points, the team of the player who went out scores the "
              "cards left in both opponents' hands. Under lowest total wins, each opponent adds "
              "the points of their own hand, and the team that went out adds nothing."),
            _("Partners need exactly four players, and cannot be combined with elimination.")]


def _opt_draw_skips(opts: RuleOptions) -> list[str]:
    return [option_help("draw_skips"),
            _("This also applies to a Draw Two turned up as the first card, and to a "
              "challenger who loses a challenge.")]


def _opt_challenge(opts: RuleOptions) -> list[str]:
    return [option_help("challenge"),
            _("The section on Wild Draw Four and the challenge explains how a challenge goes.")]


def _opt_challenge_penalty(opts: RuleOptions) -> list[str]:
    return [
        option_help("challenge_penalty"),
        # TRANSLATORS: {choice} is one value of "Penalty for a caught bluff".
        _("{choice}: the bluffer draws the 4 cards instead of the challenger.").format(
            choice=describe_value("challenge_penalty", "four")),
        _("{choice}: the bluffer draws 6 cards, the 4 and 2 more as a penalty.").format(
            choice=describe_value("challenge_penalty", "six")),
        _("{choice}: the bluffer takes the Wild Draw Four back, draws 4 cards, and must play a "
          "card that follows the rules.").format(
              choice=describe_value("challenge_penalty", "return")),
        _("In every case, a challenger who was wrong draws 6 cards. This option matters only "
          "when challenging is on."),
    ]


def _opt_uno_penalty(opts: RuleOptions) -> list[str]:
    return [option_help("uno_penalty"), _("It may be 1, 2 or 4 cards.")]


def _opt_stacking(opts: RuleOptions) -> list[str]:
    return [
        _("Instead of drawing for a Draw Two, you may answer with another Draw Two, and "
          "instead of drawing for a Wild Draw Four, with another Wild Draw Four. The total "
          "grows by 2 or by 4 each time, and the first player who cannot or will not answer "
          "draws all of it."),
        _("A Draw Two cannot answer a Wild Draw Four, nor the other way round. A Wild Draw "
          "Four that has been answered can no longer be challenged."),
    ]


def _opt_sequences(opts: RuleOptions) -> list[str]:
    return [
        _("After you play a number card, you may add more cards of the same colour, one at a "
          "time, each one number higher or lower than the last, for example yellow 2, yellow "
          "3, yellow 4. Your second card sets the direction, up or down, for the rest of the "
          "run."),
        _("A run wraps round from 9 to 0 and from 0 to 9. You may keep adding cards until the "
          "next player acts."),
        _("When sevens and zeros is on, 7s and 0s cannot start or continue a sequence."),
    ]


def _opt_jump_in(opts: RuleOptions) -> list[str]:
    return [
        _("If you hold exactly the card on top of the pile, the same colour and the same "
          "number or symbol, you may play it at once, even when it is not your turn. You may "
          "do this only while the player whose turn it is has not acted yet, and not while a "
          "draw penalty is waiting for an answer."),
        _("Your card then acts as if you had played it in turn, and play continues from you, "
          "so the players in between lose their turn. Nobody can jump in on a Wild, a Wild "
          "Draw Four or a Beep."),
        _("A jump-in that comes too late, or with a card that does not match, costs points, "
          "as the section on the penalty for a wrong jump-in explains."),
    ]


def _opt_super_jump_in(opts: RuleOptions) -> list[str]:
    return [
        _("Like a jump-in, but the same number or symbol in any colour is enough: a blue 5 "
          "may jump in on a red 5, and any Skip on a Skip. The same limits apply."),
        _("This works even when plain jump-ins are off."),
    ]


def _opt_jump_in_penalty(opts: RuleOptions) -> list[str]:
    return [
        _("A jump-in that comes too late, or with a card that does not match, costs this many "
          "points. They always count against the player who tried: they are added to the "
          "total under lowest total wins and elimination, and taken away from it under winner "
          "takes the points."),
        _("It matters only when jump-ins or super jump-ins are on."),
    ]


def _opt_seven_o(opts: RuleOptions) -> list[str]:
    return [
        _("When you play a 7, you choose another player and swap your whole hand with theirs. "
          "When you play a 0, every player passes their whole hand to the next player in the "
          "direction of play."),
        _("Nobody can be caught for not saying UNO because of a swap or a pass."),
    ]


def _opt_beep(opts: RuleOptions) -> list[str]:
    return [
        _("Eight Beep cards are added to the deck, which makes 116 cards. A Beep has no colour "
          "and is worth 20 points."),
        _("Anyone may play a Beep at any moment, in turn or not, even while a draw penalty is "
          "waiting for an answer, but not while the colour of a Wild turned up first is being "
          "chosen. A Beep does not change whose turn it is, and any card may follow it."),
        # TRANSLATORS: {key} is the key to press (B) and {command} the typed command (beep).
        _("As soon as a Beep is played, every player, including the one who played it, must "
          "answer it, with the key {key} or the command {command}. The slowest to answer "
          "draws 2 cards.").format(key="B", command=pgettext("command", "beep")),
    ]


def _opt_jump_in_again(opts: RuleOptions) -> list[str]:
    return [option_help("jump_in_again"),
            _("It matters only when jump-ins or super jump-ins are on.")]


def _opt_first_card_number(opts: RuleOptions) -> list[str]:
    return [option_help("first_card_number")]


def _opt_penalty_then_pass(opts: RuleOptions) -> list[str]:
    return [option_help("penalty_then_pass"),
            _("It matters only when a draw penalty does not also skip the turn. A challenger "
              "who was wrong still plays or draws as usual.")]


def _opt_challenge_stacked(opts: RuleOptions) -> list[str]:
    return [option_help("challenge_stacked"),
            _("It matters only when both challenging and stacking are on.")]


def _opt_jump_in_after_draw(opts: RuleOptions) -> list[str]:
    return [option_help("jump_in_after_draw"),
            _("When this is on, it replaces the limits given in the section on jump-ins. It "
              "matters only when jump-ins or super jump-ins are on.")]


def _opt_wrong_jump_in_free(opts: RuleOptions) -> list[str]:
    return [option_help("wrong_jump_in_free"),
            _("It matters only when jump-ins or super jump-ins are on.")]


def _opt_open_sequences(opts: RuleOptions) -> list[str]:
    return [option_help("open_sequences"),
            _("Each card may go up or down, and the player whose turn it is keeps the turn. "
              "It matters only when sequences are on.")]


def _opt_false_uno_penalty(opts: RuleOptions) -> list[str]:
    return [option_help("false_uno_penalty"), _("It may be 0 (off), 1, 2 or 4 cards.")]


def _opt_draw_again(opts: RuleOptions) -> list[str]:
    return [option_help("draw_again")]


_OPTION_SECTIONS = {
    "scoring": _opt_scoring, "target": _opt_target, "hands": _opt_hands,
    "partners": _opt_partners, "draw_skips": _opt_draw_skips, "challenge": _opt_challenge,
    "challenge_penalty": _opt_challenge_penalty, "uno_penalty": _opt_uno_penalty,
    "false_uno_penalty": _opt_false_uno_penalty,
    "stacking": _opt_stacking, "sequences": _opt_sequences, "jump_in": _opt_jump_in,
    "super_jump_in": _opt_super_jump_in, "jump_in_penalty": _opt_jump_in_penalty,
    "jump_in_again": _opt_jump_in_again, "first_card_number": _opt_first_card_number,
    "penalty_then_pass": _opt_penalty_then_pass, "draw_again": _opt_draw_again,
    "challenge_stacked": _opt_challenge_stacked, "jump_in_after_draw": _opt_jump_in_after_draw,
    "wrong_jump_in_free": _opt_wrong_jump_in_free, "open_sequences": _opt_open_sequences,
    "seven_o": _opt_seven_o, "beep": _opt_beep,
}


def sections(preset: str = "classic", options: RuleOptions | None = None
             ) -> list[tuple[str, str]]:
    """The rule book as (heading, body) pairs; paragraphs in a body are separated by a blank line.

    ``options`` defaults to the preset's own options; the text follows ``options``.
    """
    opts = options if options is not None else preset_options(preset)
    core = (
        (_("About these rules"), lambda o: _intro(preset, o)),
        (_("The aim of the game"), _aim),
        (_("The cards"), _cards),
        (_("Choosing the dealer and dealing"), _dealing),
        (_("The first card"), _first_card),
        (_("Your turn"), _turn),
        (_("Drawing"), _drawing),
        (_("Skip"), _skip),
        (_("Reverse"), _reverse),
        (_("Draw Two"), _draw_two),
        (_("Wild"), _wild),
        (_("Wild Draw Four and the challenge"), _wild4),
        (_("Saying UNO and catching"), _uno),
        (_("End of a hand and card points"), _end_of_hand),
        (_("Two players"), _two_players),
        (_("Rule options"), _options_intro),
    )
    out = [(heading, "\n\n".join(make(opts))) for heading, make in core]
    for key in OPTION_ORDER:
        paragraphs = _OPTION_SECTIONS[key](opts) + [_in_this_game(key, opts)]
        out.append((option_label(key), "\n\n".join(paragraphs)))
    return out


def rule_book(preset: str = "classic", options: RuleOptions | None = None) -> str:
    """The complete rules as plain text: heading line, blank line, paragraphs, per section."""
    return "\n\n".join(f"{heading}\n\n{body}" for heading, body in sections(preset, options)) + "\n"
