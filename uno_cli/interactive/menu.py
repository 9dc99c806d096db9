"""The options menu: every rule option with its explanation, the bots, language and speech.

A list walked with Up and Down; Left and Right (or Enter) change the value; every change
is checked (a combination the rules do not allow is refused with the reason) and saved
by the caller when the menu closes. The menu is text only: it returns the sentences to
say, so the interactive game and tests drive it the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from uno_cli.words.i18n import _
from uno_cli.words.interactive import (
    MENU_INTRO,
    PLAYERS_REFUSED,
    RATE_TEST,
    SETTING_LABELS,
    setting_help,
    setting_line,
    setting_value,
)
from uno_cli.play.settings import BRAILLE_MODES, SPEECH_MODES, Settings

PACES = (0.0, 0.3, 0.6, 1.0, 1.5, 2.0, 3.0)
WINDOWS = (1.0, 2.0, 3.0, 5.0, 8.0)
#: Thinking times (0: no limit), as the Playroom's "Thinking time is limited to 5 seconds."
SPEECH_RATES = (0, 150, 200, 250, 300, 350, 400, 450, 500, 600, 700)
THINK_TIMES = (0.0, 5.0, 10.0, 15.0, 20.0, 30.0, 60.0)
TARGETS = (100, 200, 250, 300, 500, 750, 1000)
HANDS = tuple(range(0, 11))
JUMP_PENALTIES = (0, 1, 2, 3, 5, 10)
LEVELS = ("easy", "normal", "hard", "expert", "random")

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
        self.touched: set[str] = set()
        """The settings fields the player changed (only these are saved over the saved ones)."""
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
        if item.key == "preset":
            from uno_cli.words.optioninfo import preset_name

            return preset_name(value)
        return setting_value(item.key, value)

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
        return setting_help(item.key)

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
        return _(MENU_INTRO)

    def move(self, delta: int) -> str:
        """Move the focus and say the new item."""
        self.index = max(0, min(len(self.items) - 1, self.index + delta))
        return self.line()

    def change(self, delta: int = 1) -> str:
        """Change the focused value; the new value, or why it cannot change."""
        item = self.items[self.index]
        s = self.settings
        before = s.to_dict()
        try:
            return self._change(item, delta)
        finally:
            after = s.to_dict()
            self.touched.update(k for k in after if after[k] != before[k])

    def _change(self, item: Item, delta: int) -> str:
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
                return _(PLAYERS_REFUSED)
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
