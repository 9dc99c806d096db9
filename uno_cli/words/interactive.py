"""The sentences about the interactive interface itself: keys, questions, menus, pauses.

Sentences about the game (cards, turns, scores, errors) are made by uno_cli.words.describe;
these are marked with ``N_`` and translated where they are said (``_(words.PAUSED)``).
"""

from __future__ import annotations

from typing import Any

from uno_cli.words.i18n import N_, _, language, ngettext

# ---------------------------------------------------------------- start, end and questions
UNO = N_("UNO.")
START_PROMPT = N_("Enter starts; O: options.")
PLAIN_INTRO = N_("Type one key name or command per line: draw, uno, play red 5, help.")
NO_SPEECH = N_("Speech is not available: the game goes on in text only.")
CRASHED = N_("Sorry, the game stopped because of an error. It is saved: start again to resume it.")
# TRANSLATORS: {yes} and {no} are the names of the yes and no keys in your language (see the key "Y").
RESUME_AGAIN = N_("Resume the saved game? {yes} or Enter resumes, {no} starts a new one.")
# TRANSLATORS: {yes} and {no} are the names of the yes and no keys in your language.
DELETE_SAVE_QUESTION = N_("Delete the saved game and start a new one? {yes} deletes it, {no} keeps it.")
SAVE_UNREADABLE = N_("The saved game cannot be read; a new game starts.")
SAVE_DELETED = N_("The saved game is deleted.")
# TRANSLATORS: {yes} and {no} are the names of the yes and no keys in your language.
QUIT_QUESTION = N_("Quit the game? The game is saved and offered next time. {yes} quits, {no} goes on.")
# TRANSLATORS: {yes} and {no} are the names of the yes and no keys in your language.
QUIT_NOTHING_TO_SAVE = N_("Quit? {yes} quits, {no} goes on.")
OUTPUT_FAILED_SAVED = N_("Standard output cannot be written. The game is saved and will be offered when you start again ({file}).")
OUTPUT_FAILED_UNSAVED = N_("Standard output cannot be written, and the game could not be saved.")
# TRANSLATORS: {yes} and {no} are the names of the yes and no keys in your language.
QUIT_UNSAVED_QUESTION = N_("Quit the game? It could not be saved, so it will be lost. {yes} quits, {no} goes on.")
GOODBYE = N_("Goodbye.")
OVER_PROMPT = N_("Press Enter to leave, or O for options to play again.")
# Short: said after every hand (F1 then names Enter, P and O).
NEXT_HAND = N_("Next hand in 5 seconds; P pauses.")

# ---------------------------------------------------------------- keys
KEY_DOES_NOTHING = N_("That key does nothing.")
NO_SUCH_KEY = N_("That key does nothing. F1 lists the keys.")
NOT_STARTED = N_("The game has not started yet.")
ANSWER_BEEP = N_("Answer the Beep with B!")
NOTHING_PLAYABLE_DRAW = N_("Nothing to play: Space draws.")
NOTHING_PLAYABLE = N_("Nothing to play now.")
SORTED_BY_COLOR = N_("Your cards are sorted by colour.")
SORTED_BY_NUMBER = N_("Your cards are sorted by number.")
PAUSED = N_("Paused. Press P to go on.")
GOES_ON = N_("The game goes on.")
TIME_UP = N_("Time is up.")
# TRANSLATORS: one short word said where the chosen speech rate expects the test sentence to end.
RATE_STOP = N_("Stop.")


def seconds_left(n: int) -> str:
    """The thinking-time warning."""
    return ngettext("{count} second left.", "{count} seconds left.", n).format(count=n)
SAVED = N_("Game saved. It will be offered when you start again.")

# ---------------------------------------------------------------- choices
MUST_CHOOSE_COLOR = N_("You must choose a colour.")
COLOR_CHOICE_SHORT = N_("Choose a colour: 1 red, 2 yellow, 3 green, 4 blue.")
CANCELLED = N_("Cancelled.")
SWAP_WHOM = N_("Swap hands with whom? Left and Right arrows, then Enter.")
SWAP_KEYS = N_("Left and Right arrows choose a player, Enter swaps, Escape cancels.")

# ---------------------------------------------------------------- rule book and options
BACK_TO_GAME = N_("Back to the game.")
OPTIONS_NOT_NOW = N_("The options open before the match and between hands.")
OPTIONS_SAVED_START = N_("Options saved. Press Enter to start.")
OPTIONS_SAVED_NEXT_MATCH = N_("Options saved. Rule changes apply from the next match.")
OPTIONS_CLOSED = N_("Options closed.")

# ---------------------------------------------------------------- message history
NOTHING_SAID = N_("Nothing has been said yet.")
FIRST_MESSAGE = N_("First message.")
LAST_MESSAGE = N_("Last message.")


#: The most cut messages said again after an answer; the rest are in the history (Page Up).
MEANWHILE_MOST = 4


def meanwhile(news: list[str]) -> str:
    """What the game said while an answer cut in, said again after it, shortest first."""
    shown = news[-MEANWHILE_MOST:]
    text = " ".join(shown)
    more = len(news) - len(shown)
    if more:
        # TRANSLATORS: said after the answer to a key when it cut off messages of the game;
        # {news} are the last few of them, the others are in the message history (Page Up).
        return ngettext("Meanwhile, {count} earlier message, then: {news}",
                        "Meanwhile, {count} earlier messages, then: {news}", more).format(count=more, news=text)
    # TRANSLATORS: said after the answer to a key when it cut off messages of the game ({news}).
    return _("Meanwhile: {news}").format(news=text)


#: Escape pressed while a command was being typed: the line is emptied.
LINE_CLEARED = N_("Typed line cleared.")


def nothing_to_stop(repeat_key: str) -> str:
    """Escape pressed while nothing is being said: so, and the key that says the last message again."""
    # TRANSLATORS: Escape pressed while nothing is being said; {key} is the repeat key ("R").
    return _("Nothing to stop. {key} repeats the last message.").format(key=repeat_key)


#: A slash on the empty line: the start of a typed command, as the help teaches (no "not a key").
TYPING_COMMAND = N_("You are typing a command: Enter sends it, Backspace erases it.")


def typing_started(letter: str) -> str:
    """A letter that is no key was pressed on the empty line: it starts a typed command."""
    if letter == "/":
        return _(TYPING_COMMAND)
    # TRANSLATORS: {letter} is the character just typed.
    return _("{letter}: not a key; you are typing a command. Enter sends it, Backspace erases it.").format(
        letter=letter)


def challenge_choice(count: int) -> str:
    """A Wild Draw Four played on the player: the choice, before anything else is said."""
    # TRANSLATORS: said first when a Wild Draw Four is played on you; Space and F are keys.
    return ngettext("Wild Draw Four on you: Space takes {count} card, F challenges.",
                    "Wild Draw Four on you: Space takes {count} cards, F challenges.", count).format(count=count)


def not_saved(path: str) -> str:
    """The game could not be saved to ``path``."""
    return _("The game could not be saved to {path}.").format(path=path)


def autosave_failed(folder: str) -> str:
    """Saving the running game failed (said once)."""
    return _("The game cannot be saved in {folder}, so it will not be offered next time. To keep games, start uno "
             "with the variable {variable} set to a folder you can write to.").format(folder=folder, variable="UNO_CLI_HOME")


def other_instance(path: str) -> str:
    """Another game runs with the usual autosave: this one has its own file."""
    return _("Another game of uno is running, so this game is saved in {file}.").format(file=path)


def sections(titles: list[str]) -> str:
    """The titles of the rule book's sections (T in the rule book: the whole list, on request)."""
    return _("Sections: {titles}.").format(titles=", ".join(titles))


#: F2: the rule book is open; how to walk it (under 15 words: the titles are one key away, T).
RULE_BOOK_OPEN = N_("Rule book. Down arrow: next section; T: titles; Escape: back.")


def yes_no() -> dict[str, str]:
    """The names of the yes and no keys in the current language, for questions' ``{yes}``/``{no}``."""
    lang = language()
    return {"yes": lang.yes.upper(), "no": lang.no.upper()}


def interrupted(hand_number: int) -> str:
    """The question asked at start-up when a game was left unfinished."""
    # TRANSLATORS: {yes} and {no} are the names of the yes and no keys in your language.
    return _("A game was interrupted in hand {number}. Resume it? {yes} or Enter resumes, {no} starts a new one.").format(
        number=hand_number, **yes_no()
    )


def question(msgid: str) -> str:
    """A yes/no question of this module, with the language's yes and no keys."""
    return _(msgid).format(**yes_no())


def opponents(bots: int) -> str:
    """How many bots the player meets (before "Enter starts", in the same line)."""
    return ngettext("Against {count} bot.", "Against {count} bots.", bots).format(count=bots)


# ---------------------------------------------------------------- the keys' help
#: Keys while choosing a colour after a wild (languages without colour letters).
COLOR_KEYS_HELP = N_("Choose a colour: Left and Right arrows then Enter, or 1 red, 2 yellow, 3 green, 4 blue.")
# TRANSLATORS: {initials} lists the letter keys of red, yellow, green and blue in your
# language, such as "R, G, V, B" (uno_cli/words/i18n.py, Language.color_letters, says which).
COLOR_KEYS_INITIALS_HELP = N_(
    "Choose a colour: Left and Right arrows then Enter, or 1 red, 2 yellow, 3 green, 4 blue, "
    "or the initials {initials}."
)


def color_keys(initials: list[str]) -> str:
    """How to choose a colour, with the language's colour letter keys if it has them (``initials``)."""
    if not initials:
        return _(COLOR_KEYS_HELP)
    from uno_cli.words.i18n import get_translator

    return _(COLOR_KEYS_INITIALS_HELP).format(initials=get_translator().format_list(initials, style="or"))


#: Keys while reading the rule book.
RULE_BOOK_HELP = N_("Rule book: Down arrow for the next section, Up arrow for the previous one, Escape to go back.")
#: The first line of F1's list of every key.
KEYS_HEADING = N_("Keys, while the input line is empty:")
#: The last line of F1's list: typing a command instead.
TYPING_HELP = N_("To type a command, start with a slash, for example /play red 5, /draw or /uno; "
                 "then press Enter. /help lists the commands. Ctrl+C or Ctrl+D asks before quitting.")


def key_line(key: str, action: str) -> str:
    """One line of a help list: a key (or a command as typed), and what it does."""
    return _("{key}: {action}.").format(key=key, action=action)


def keys_now(pairs: list[tuple[str, str]]) -> str:
    """F1's first answer: the keys that matter now (key name, command word), and how to hear them all."""
    parts = [_("{key}: {action}").format(key=key, action=action) for key, action in pairs]
    # TRANSLATORS: {keys} lists "key: what it does" pairs, separated by semicolons.
    return _("Keys now: {keys}. F1 again: every key.").format(keys="; ".join(parts))


#: The colour question after a wild, as two short lines since it comes with every wild
#: (the question, then its menu; F1 gives the rest).
COLOR_QUESTION = N_("Which colour?")
# TRANSLATORS: the keys of the colour question, said after "Which colour?"
COLOR_MENU = N_("1 red, 2 yellow, 3 green, 4 blue.")


def short_hint() -> str:
    """The one line said at start-up on how to get help."""
    # TRANSLATORS: said at start-up, after "UNO."; F1 and F2 are key names.
    return _("F1: keys; F2: rules.")


# ---------------------------------------------------------------- the options menu
#: What is said on opening the options menu.
MENU_INTRO = N_("Options. Up and Down arrows move, Left and Right change, Escape closes and saves.")
PLAYERS_REFUSED = N_("These rules need another number of players.")
#: The speech-rate test sentence: ten words, timed by the player against the rate chosen.
RATE_TEST = N_("This test sentence has ten words to time your speech.")
BRAILLE_NAMES = {"off": N_("off"), "important": N_("important messages"), "all": N_("everything")}
#: The names of the settings that are not rule options.
SETTING_LABELS = {
    "preset": N_("Rule preset"),
    "players": N_("Players"),
    "bots": N_("Bot level"),
    "lang": N_("Language"),
    "speech": N_("Speech"),
    "speech_rate": N_("Speech rate"),
    "verbosity": N_("Verbosity"),
    "braille": N_("Braille"),
    "pace": N_("Pause between opponents' moves"),
    "race_window": N_("Extra time for races"),
    "think_time": N_("Thinking time"),
    "sound": N_("Sound"),
    "sound_volume": N_("Sound volume"),
    "sound_panning": N_("Sound panning"),
}
#: The explanations of the settings that are not rule options (the preset's and sound's are elsewhere).
SETTING_HELPS = {
    "players": N_("How many seats at the table, yours included: 2 to 10."),
    "bots": N_("How well the computer players play and how fast they react."),
    "lang": N_("The language of the game; it changes at the next start."),
    "speech": N_("Speak through the screen reader or speech engine: automatic, on or off."),
    "speech_rate": N_("How fast your speech speaks, so the game waits until you have heard each move. "
                      "Each change says a test sentence, then Stop where this rate expects its end: "
                      "choose the fastest rate whose Stop does not cut the sentence."),
    "verbosity": N_("Full says every move; short leaves out what you can ask for."),
    "braille": N_("What your screen reader shows on a braille display: off, important messages "
                  "(your turn, questions, errors, answers to your keys) or everything."),
    "pace": N_("How long the game waits between two opponents' moves, so you can hear them."),
    "race_window": N_("How long jump-ins, catches and Beep answers stay open for you at least."),
    "think_time": N_("How long you have to act when the game waits for you; a warning comes before "
                     "the time runs out, then the game draws, passes or takes the penalty for you."),
}


def setting_line(label: str, value: str) -> str:
    """A setting as it is said when read or changed: "Verbosity: short."."""
    return _("{label}: {value}.").format(label=label, value=value)


def setting_help(key: str) -> str:
    """The explanation of a setting that is not a rule option."""
    if key.startswith("sound"):
        from uno_cli.words import sound as sound_words

        helps = {"sound": sound_words.SOUND_HELP, "sound_volume": sound_words.VOLUME_HELP,
                 "sound_panning": sound_words.PANNING_HELP}
        return _(helps[key])
    return _(SETTING_HELPS[key])


def setting_value(key: str, value: Any) -> str:
    """The value of a setting that is not a rule option, as it is said."""
    from uno_cli.words.i18n import get_translator
    from uno_cli.words.optioninfo import LEVEL_NAMES, SPEECH_NAMES, VERBOSITY_NAMES

    if key == "bots":
        return ", ".join(_(LEVEL_NAMES.get(v, v)) for v in str(value).split(","))
    if key == "lang":
        from uno_cli.words.i18n import LANGUAGES

        # Each language by its own name, so a player finds theirs whatever the current one.
        return LANGUAGES.get(str(value), str(value)) if value else _("as the system")
    if key == "speech":
        return _(SPEECH_NAMES.get(str(value), str(value)))
    if key == "verbosity":
        return _(VERBOSITY_NAMES.get(str(value), str(value)))
    if key == "speech_rate":
        if not value:
            return _("the game does not wait for speech")
        count = int(value)
        return ngettext("{count} word a minute", "{count} words a minute", count).format(count=count)
    if key == "braille":
        return _(BRAILLE_NAMES.get(str(value), str(value)))
    if key in ("sound", "sound_panning"):
        return _(SPEECH_NAMES.get(str(value), str(value)))
    if key == "sound_volume":
        from uno_cli.words.sound import PERCENT

        return _(PERCENT).format(volume=get_translator().format_number(value))
    if key == "think_time" and not value:
        return _("no limit")
    if key in ("pace", "race_window", "think_time"):
        # Whole numbers choose their own plural form; fractions read as plural ("1,5 seconds").
        seconds = float(value)
        whole = seconds.is_integer()
        text = get_translator().format_number(int(seconds) if whole else seconds)
        return ngettext("{seconds} second", "{seconds} seconds", int(seconds) if whole else 2).format(seconds=text)
    return str(value)
