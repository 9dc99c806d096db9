"""The options menu: every rule option with its explanation, the bots, language and speech.

A list walked with Up and Down; Left and Right (or Enter) change the value; every change
is checked (a combination the rules do not allow is refused with the reason) and saved
by the caller when the menu closes. The menu is text only: it returns the sentences to
say, so the interactive game and tests drive it the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from uno_cli.words.i18n import N_, _, get_translator, ngettext
from uno_cli.words.optioninfo import LEVEL_NAMES, SPEECH_NAMES, VERBOSITY_NAMES
from uno_cli.play.settings import BRAILLE_MODES, SPEECH_MODES, Settings

PACES = (0.0, 0.3, 0.6, 1.0, 1.5, 2.0, 3.0)
WINDOWS = (1.0, 2.0, 3.0, 5.0, 8.0)
#: Thinking times (0: no limit), as the Playroom's "Thinking time is limited to 5 seconds."
SPEECH_RATES = (0, 150, 200, 250, 300, 350, 400, 450, 500, 600, 700)
#: The speech-rate test sentence: ten words, timed by the player against the rate chosen.
RATE_TEST = N_("This test sentence has ten words to time your speech.")
THINK_TIMES = (0.0, 5.0, 10.0, 15.0, 20.0, 30.0, 60.0)
TARGETS = (100, 200, 250, 300, 500, 750, 1000)
HANDS = tuple(range(0, 11))
JUMP_PENALTIES = (0, 1, 2, 3, 5, 10)
LEVELS = ("easy", "normal", "hard", "expert", "random")

_BRAILLE_NAMES = {"off": N_("off"), "important": N_("important messages"), "all": N_("everything")}
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


def setting_line(label: str, value: str) -> str:
    """A setting as it is said when read or changed: "Verbosity: short."."""
    return _("{label}: {value}.").format(label=label, value=value)


@dataclass
class Item:
    """One line of the menu: a settings field or a rule option."""

    key: str
    rule: bool = False


def _cycle(values: tuple[Any, ...] | list[Any], current: Any, delta: int) -> Any:
    values = list(values)
    if current in values:
        return values[(values.index(current) + delta) % len(values)]
    return values[0]


class Menu:
    """The options menu over a copy of the settings."""

    def __init__(self, settings: Settings, languages: tuple[str, ...] = ()) -> None:
        self.settings = Settings.from_dict(settings.to_dict())
        self.languages = languages
        self.index = 0
        self.changed = False
        from uno_cli.words.optioninfo import OPTION_INFO

        self.items = [Item(k) for k in ("preset", "players", "bots", "lang", "speech", "speech_rate", "verbosity", "braille",
                                         "sound", "sound_volume", "sound_panning", "pace", "race_window", "think_time")]
        self.items += [Item(k, rule=True) for k in OPTION_INFO]

    # ------------------------------------------------------------ rule options
    def options(self) -> Any:
        """The rule options these settings give (preset plus changes)."""
        from uno_cli.play.playconfig import build_options

        base = build_options(self.settings.preset, [])
        return base.with_values(**self.settings.rules) if self.settings.rules else base

    def _value(self, item: Item) -> Any:
        if item.rule:
            return getattr(self.options(), item.key)
        return getattr(self.settings, item.key)

    def _say_value(self, item: Item) -> str:
        value = self._value(item)
        if item.rule:
            from uno_cli.words.optioninfo import describe_value

            return describe_value(item.key, value)
        key = item.key
        if key == "preset":
            from uno_cli.words.optioninfo import preset_name

            return preset_name(value)
        if key == "bots":
            return ", ".join(_(LEVEL_NAMES.get(v, v)) for v in str(value).split(","))
        if key == "lang":
            from uno_cli.words.i18n import LANGUAGES

            # Each language by its own name, so a player finds theirs whatever the current one.
            return LANGUAGES.get(value, value) if value else _("as the system")
        if key == "speech":
            return _(SPEECH_NAMES.get(value, value))
        if key == "verbosity":
            return _(VERBOSITY_NAMES.get(value, value))
        if key == "speech_rate":
            if not value:
                return _("the game does not wait for speech")
            return ngettext("{count} word a minute", "{count} words a minute", int(value)).format(count=int(value))
        if key == "braille":
            return _(_BRAILLE_NAMES.get(value, value))
        if key in ("sound", "sound_panning"):
            return _(SPEECH_NAMES.get(value, value))
        if key == "sound_volume":
            from uno_cli.words.sound import PERCENT

            return _(PERCENT).format(volume=get_translator().format_number(value))
        if key == "think_time" and not value:
            return _("no limit")
        if key in ("pace", "race_window", "think_time"):
            # Whole numbers choose their own plural form; fractions read as plural ("1,5 seconds").
            whole = float(value).is_integer()
            count = int(value) if whole else 2
            text = get_translator().format_number(int(value) if whole else float(value))
            return ngettext("{seconds} second", "{seconds} seconds", count).format(seconds=text)
        return str(value)

    def _label(self, item: Item) -> str:
        if item.rule:
            from uno_cli.words.optioninfo import option_label

            return option_label(item.key)
        return _(SETTING_LABELS[item.key])

    def _help(self, item: Item) -> str:
        if item.rule:
            from uno_cli.words.optioninfo import option_help

            return option_help(item.key)
        if item.key == "preset":
            from uno_cli.words.optioninfo import preset_description

            return preset_description(self.settings.preset)
        if item.key.startswith("sound"):
            from uno_cli.words import sound as sound_words

            helps = {"sound": sound_words.SOUND_HELP, "sound_volume": sound_words.VOLUME_HELP,
                     "sound_panning": sound_words.PANNING_HELP}
            return _(helps[item.key])
        return {
            "players": _("How many seats at the table, yours included: 2 to 10."),
            "bots": _("How well the computer players play and how fast they react."),
            "lang": _("The language of the game; it changes at the next start."),
            "speech": _("Speak through the screen reader or speech engine: automatic, on or off."),
            "speech_rate": _("How fast your speech speaks, so the game waits until you have heard each move. "
                             "Each change says a test sentence, then Stop where this rate expects its end: "
                             "choose the fastest rate whose Stop does not cut the sentence."),
            "verbosity": _("Full says every move; short leaves out what you can ask for."),
            "braille": _("What your screen reader shows on a braille display: off, important messages "
                         "(your turn, questions, errors, answers to your keys) or everything."),
            "pace": _("How long the game waits between two opponents' moves, so you can hear them."),
            "race_window": _("How long jump-ins, catches and Beep answers stay open for you at least."),
            "think_time": _("How long you have to act when the game waits for you; a warning comes before "
                            "the time runs out, then the game draws, passes or takes the penalty for you."),
        }[item.key]

    # ----------------------------------------------------------------- reading
    def line(self, full: bool = True) -> str:
        """The focused item: its name, value and (full) explanation."""
        item = self.items[self.index]
        text = setting_line(self._label(item), self._say_value(item))
        if full:
            extra = self._help(item)
            if extra:
                text += " " + extra
        return text

    def intro(self) -> str:
        """What is said on opening the menu."""
        return _("Options. Up and Down arrows move, Left and Right change, Escape closes and saves.")

    def move(self, delta: int) -> str:
        """Move the focus and say the new item."""
        self.index = max(0, min(len(self.items) - 1, self.index + delta))
        return self.line()

    def change(self, delta: int = 1) -> str:
        """Change the focused value; the new value, or why it cannot change."""
        item = self.items[self.index]
        s = self.settings
        if item.rule:
            from uno_cli.engine.errors import InvalidOptions
            from uno_cli.words.optioninfo import OPTION_INFO

            info = OPTION_INFO[item.key]
            current = self._value(item)
            if info.values:
                values: tuple[Any, ...] = info.values
            else:
                values = {"target": TARGETS, "hands": HANDS, "jump_in_penalty": JUMP_PENALTIES}.get(item.key, (current,))
            new = _cycle(values, current, delta)
            rules = dict(s.rules)
            rules[item.key] = new
            from uno_cli.play.playconfig import build_options

            try:
                build_options(s.preset, []).with_values(**rules).validate(s.players)
            except InvalidOptions as exc:
                from uno_cli.words.errtext import option_error

                return option_error(exc)
            s.rules = rules
        elif item.key == "preset":
            from uno_cli.engine.options import PRESETS

            s.preset = _cycle(tuple(PRESETS), s.preset, delta)
            s.rules = {}
        elif item.key == "players":
            new_players = _cycle(tuple(range(2, 11)), s.players, delta)
            try:
                self.options().validate(new_players)
            except Exception:
                return _("These rules need another number of players.")
            s.players = new_players
        elif item.key == "bots":
            s.bots = _cycle(LEVELS, s.bots if s.bots in LEVELS else "normal", delta)
        elif item.key == "lang":
            langs = (None, *self.languages)
            s.lang = _cycle(langs, s.lang, delta)
        elif item.key == "speech":
            s.speech = _cycle(SPEECH_MODES, s.speech, delta)
        elif item.key == "speech_rate":
            s.speech_rate = _cycle(SPEECH_RATES, s.speech_rate, delta)
            self.changed = True
            # Said at the new rate's pace by the player's own speech: the calibration.
            return setting_line(self._label(item), self._say_value(item)) + " " + _(RATE_TEST)
        elif item.key == "verbosity":
            s.verbosity = _cycle(("short", "full"), s.verbosity, delta)
        elif item.key == "braille":
            s.braille = _cycle(BRAILLE_MODES, s.braille, delta)
        elif item.key == "pace":
            s.pace = _cycle(PACES, s.pace, delta)
        elif item.key == "race_window":
            s.race_window = _cycle(WINDOWS, s.race_window, delta)
        elif item.key == "think_time":
            s.think_time = _cycle(THINK_TIMES, s.think_time, delta)
        elif item.key in ("sound", "sound_panning"):
            setattr(s, item.key, _cycle(("on", "off"), getattr(s, item.key), delta))
        elif item.key == "sound_volume":
            from uno_cli.sound import VOLUMES

            s.sound_volume = _cycle(VOLUMES, s.sound_volume, delta)
        self.changed = True
        return setting_line(self._label(item), self._say_value(item))

    def all_lines(self) -> list[str]:
        """Every item, numbered, for the typed menu (``/options``)."""
        out = []
        for i in range(len(self.items)):
            saved, self.index = self.index, i
            out.append(f"{i + 1}. " + self.line(full=False))
            self.index = saved
        return out
