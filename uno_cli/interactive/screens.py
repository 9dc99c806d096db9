"""The modal screens of the interactive game: while one is open, every key goes to it.

The controller's ``mode`` (a :class:`Mode`) says which screen is open; in ``Mode.PLAY``
the game keys (uno_cli.interactive.keys) act. Each screen is a small class with ``key(name)``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from uno_cli.words.cards_text import color_name
from uno_cli.engine.game import Phase
from uno_cli.words.i18n import _
from uno_cli.words import interactive as words
from uno_cli.interactive.setup import PLAYER_SEAT, make_session
from uno_cli.interactive.keys import COLOR_ORDER, color_keys_help, color_of_key, is_no, is_yes

if TYPE_CHECKING:
    from uno_cli.interactive.controller import Controller


#: Answers to yes/no questions, typed in any of the five languages (without diacritics).
YES_WORDS = frozenset({"y", "yes", "s", "sim", "si", "d", "da"})
NO_WORDS = frozenset({"n", "no", "nao", "ne", "nu"})



class Mode(StrEnum):
    """What the keys do now: the game keys (PLAY) or one modal screen."""

    START = "start"
    PLAY = "play"
    COLOR = "color"
    TARGET = "target"
    RULES = "rules"
    MENU = "menu"
    QUIT = "quit"
    RESUME = "resume"
    BETWEEN = "between"
    OVER = "over"


#: Screens during which the bots wait.
HOLDING_MODES = frozenset({Mode.MENU, Mode.QUIT, Mode.RULES})
#: Modes in which a typed line is a game command (elsewhere it names a key).
TYPING_MODES = frozenset({Mode.PLAY, Mode.BETWEEN, Mode.COLOR, Mode.TARGET})


def parse_color(text: str) -> str | None:
    """r/y/g/b from 1-4 or what the commands parser takes for a colour: a colour word in any
    language and form ("rosu", "roșie"), alone or after the colour verb ("/color red")."""
    from uno_cli.play.commands import parse

    text = text.strip().strip(".,")
    if text in ("1", "2", "3", "4"):
        return COLOR_ORDER[int(text) - 1]
    if not text:
        return None
    for line in (text, "color " + text):
        cmd = parse(line, PLAYER_SEAT)
        if cmd.error is None and cmd.verb == "color":
            return cmd.color
    return None


class Screen:
    """A modal screen: while the controller is in its mode, every key goes to :meth:`key`."""

    mode: ClassVar[Mode]

    def __init__(self, controller: Controller) -> None:
        self.c = controller

    def key(self, name: str) -> None:
        """One key pressed while this screen is open."""
        raise NotImplementedError


class ColorScreen(Screen):
    """The colour choice after a wild card."""

    mode = Mode.COLOR

    def __init__(self, controller: Controller) -> None:
        super().__init__(controller)
        self.actions: list[Any] = []
        self.focus = 0

    def open(self, actions: list[Any]) -> None:
        """Ask for a colour among these actions (the same card, one per colour)."""
        c = self.c
        if c.mode == Mode.COLOR and self.actions == actions:
            return
        self.actions = actions
        self.focus = 0
        if c.mode != Mode.COLOR:
            c.previous_mode = Mode.PLAY if c.mode == Mode.TARGET else c.mode
        c.mode = Mode.COLOR
        from uno_cli.words.interactive import COLOR_MENU, COLOR_QUESTION

        c.say(_(COLOR_QUESTION), important=True)
        c.say(_(COLOR_MENU), important=True)

    def key(self, name: str) -> None:
        c = self.c
        if name in ("left", "up"):
            self.focus = (self.focus - 1) % 4
            c.answer(color_name(COLOR_ORDER[self.focus]))
        elif name in ("right", "down"):
            self.focus = (self.focus + 1) % 4
            c.answer(color_name(COLOR_ORDER[self.focus]))
        elif name == "enter":
            self.choose(COLOR_ORDER[self.focus])
        elif color_of_key(name) is not None:
            self.choose(color_of_key(name))  # type: ignore[arg-type]
        elif name == "escape":
            if c.game.phase == Phase.CHOOSE_COLOR:
                c.answer(_(words.MUST_CHOOSE_COLOR), important=True)
            else:
                c.mode = Mode.PLAY
                c.answer(_(words.CANCELLED))
        elif name == "f1":
            c.answer(color_keys_help())
        elif not c.info_key(name):
            c.answer(_(words.COLOR_CHOICE_SHORT))

    def choose(self, color: str) -> None:
        """Play the action of this colour."""
        c = self.c
        actions = [a for a in self.actions if a.color == color]
        c.mode = Mode.PLAY
        if not actions:
            from uno_cli.words.describe import describe_error
            from uno_cli.engine.errors import IllegalAction

            c.answer(describe_error(IllegalAction("not_now"), c.table.names))
            return
        c.act(actions[0])


class TargetScreen(Screen):
    """Whose hand to take after a 7 (Seven-O)."""

    mode = Mode.TARGET

    def __init__(self, controller: Controller) -> None:
        super().__init__(controller)
        self.actions: list[Any] = []
        self.focus = 0

    def open(self, actions: list[Any]) -> None:
        """Ask whose hand to take among these actions (one per target)."""
        self.actions = actions
        self.focus = 0
        self.c.mode = Mode.TARGET
        self.c.answer(_(words.SWAP_WHOM) + " " + self._name(), important=True)

    def _name(self) -> str:
        return self.c.table.name(self.actions[self.focus].target)

    def key(self, name: str) -> None:
        c = self.c
        if name in ("left", "up"):
            self.focus = (self.focus - 1) % len(self.actions)
            c.answer(self._name())
        elif name in ("right", "down"):
            self.focus = (self.focus + 1) % len(self.actions)
            c.answer(self._name())
        elif name == "enter":
            c.mode = Mode.PLAY
            c.act(self.actions[self.focus])
        elif name == "escape":
            c.mode = Mode.PLAY
            c.answer(_(words.CANCELLED))
        elif not c.info_key(name):
            c.answer(_(words.SWAP_KEYS))


class RuleBookScreen(Screen):
    """The rule book, read one section at a time."""

    mode = Mode.RULES

    def __init__(self, controller: Controller) -> None:
        super().__init__(controller)
        self.sections: list[tuple[str, str]] = []
        self.index = -1

    def open(self) -> None:
        """Open the rule book of the rules in play and list its sections."""
        from uno_cli.words.rulebook import sections

        c = self.c
        options = c.game.options if c.table else c.config.options
        self.sections = sections(c.config.preset, options)
        self.index = -1
        if c.mode != Mode.RULES:
            c.previous_mode = c.mode
        c.mode = Mode.RULES
        c.answer(_(words.RULE_BOOK_OPEN))

    def key(self, name: str) -> None:
        from uno_cli.words.interactive import RULE_BOOK_HELP

        c = self.c
        if name in ("down", "right", "pagedown", "space", "enter"):
            self.index = min(len(self.sections) - 1, self.index + 1)
        elif name in ("up", "left", "pageup"):
            self.index = max(0, self.index - 1)
        elif name == "home":
            self.index = 0
        elif name == "end":
            self.index = len(self.sections) - 1
        elif name == "t":
            c.answer(words.sections([h for h, _b in self.sections]))
            return
        elif name in ("escape", "q", "f2", "c-f1"):
            c.mode = c.previous_mode if c.previous_mode != Mode.RULES else Mode.PLAY
            c.answer(_(words.BACK_TO_GAME))
            c.wake()
            return
        else:
            c.answer(_(RULE_BOOK_HELP))
            return
        heading, body = self.sections[self.index]
        c.answer(heading + ".\n" + body.replace("\n\n", "\n"))


class MenuScreen(Screen):
    """The options menu (uno_cli.interactive.menu), before the match and between hands."""

    mode = Mode.MENU

    def __init__(self, controller: Controller) -> None:
        super().__init__(controller)
        self.menu: Any = None

    def open(self) -> None:
        """Open the options, when they may be changed."""
        from uno_cli.words.i18n import COMPLETE_LANGUAGES
        from uno_cli.interactive.menu import Menu

        c = self.c
        if c.table is not None and c.mode not in (Mode.START, Mode.BETWEEN, Mode.OVER):
            c.answer(_(words.OPTIONS_NOT_NOW))
            return
        from uno_cli.interactive.setup import effective_settings

        self.menu = Menu(effective_settings(c.config, c.settings), COMPLETE_LANGUAGES)
        c.previous_mode = c.mode
        c.mode = Mode.MENU
        c.answer(self.menu.intro() + " " + self.menu.line())

    def key(self, name: str) -> None:
        c = self.c
        menu = self.menu
        if name == "up":
            c.answer(menu.move(-1))
        elif name == "down":
            c.answer(menu.move(1))
        elif name in ("right", "enter", "space"):
            c.answer(menu.change(1))
            self._time_rate()
        elif name == "left":
            c.answer(menu.change(-1))
            self._time_rate()
        elif name == "home":
            c.answer(menu.move(-len(menu.items)))
        elif name == "end":
            c.answer(menu.move(len(menu.items)))
        elif name in ("escape", "o", "O"):
            self.close()
        else:
            c.answer(menu.intro())

    def _time_rate(self) -> None:
        """After a speech-rate change: "Stop" cuts in where that rate expects the test sentence to end."""
        from uno_cli.interactive.clock import speaking_time

        c = self.c
        item = self.menu.items[self.menu.index]
        rate = self.menu.settings.speech_rate
        if item.key != "speech_rate" or not rate or c.event_loop is None:
            return
        answer = c.out.answers[-1] if c.out.answers else ""
        delay = speaking_time(answer, rate)
        version = len(c.out.answers)

        def stop() -> None:
            if c.mode == Mode.MENU and len(c.out.answers) == version:
                c.answer(_(words.RATE_STOP))

        c.event_loop.call_later(delay, stop)

    def close(self) -> None:
        """Leave the menu; save and apply what changed."""
        from uno_cli.play import settings as settings_mod
        from uno_cli.interactive.announcer import close_speaker, start_speaker

        c = self.c
        menu = self.menu
        c.mode = c.previous_mode
        if menu is not None and menu.changed:
            old_speech = c.config.speech
            # Saved: only what the player changed, over the saved settings (a command line's
            # --players 3 is not made the default); in play: everything the menu showed.
            saved = settings_mod.load().to_dict()
            saved.update({k: v for k, v in menu.settings.to_dict().items() if k in menu.touched})
            settings_mod.save(settings_mod.Settings.from_dict(saved))
            c.settings = menu.settings
            c.out.verbosity = c.config.verbosity = c.settings.verbosity
            c.out.braille = c.settings.braille
            c.config.pace = c.settings.pace
            c.config.think_time = c.settings.think_time
            c.config.speech_rate = c.settings.speech_rate
            c.out.rate = c.settings.speech_rate
            if c.settings.speech != old_speech:
                c.config.speech = c.settings.speech
                close_speaker(c.out)
                c.out.speaker = None
                start_speaker(c.settings.speech, c.out, c.config.lang)
            from uno_cli.sound import apply_settings

            apply_settings(c.out, c.config, c.settings, players=lambda: c.game.players)
            if c.mode in (Mode.START, Mode.OVER):
                c.apply_settings()
                c.mode = Mode.START
                c.answer(_(words.OPTIONS_SAVED_START))
            else:
                c.answer(_(words.OPTIONS_SAVED_NEXT_MATCH))
        else:
            c.answer(_(words.OPTIONS_CLOSED))
        c.wake()


class QuitScreen(Screen):
    """The question before quitting (Ctrl+C, Ctrl+D, /quit)."""

    mode = Mode.QUIT

    def open(self) -> None:
        """Ask; asking again quits."""
        c = self.c
        if c.mode == Mode.QUIT:
            c.quit_now()
            return
        c.previous_mode = c.mode
        c.mode = Mode.QUIT
        if not c.has_game_to_save():
            question = words.QUIT_NOTHING_TO_SAVE  # before any match: no save to promise
        else:
            question = words.QUIT_UNSAVED_QUESTION if c.save_failed else words.QUIT_QUESTION
        c.answer(words.question(question), important=True)

    def key(self, name: str) -> None:
        c = self.c
        if is_yes(name) or name in ("c-c", "c-d"):
            c.quit_now()
        else:
            c.mode = c.previous_mode
            c.answer(_(words.GOES_ON))
            c.wake()


class ResumeScreen(Screen):
    """The question at start-up when a game was left unfinished."""

    mode = Mode.RESUME

    def __init__(self, controller: Controller) -> None:
        super().__init__(controller)
        self.deleting = False
        """True while asking whether to delete the saved game."""

    def key(self, name: str) -> None:
        from uno_cli.play import autosave

        c = self.c
        if name == "escape":
            # Escape stops speech, as everywhere; it never deletes anything.
            c.command("silence")
            return
        if self.deleting:
            self.deleting = False
            if is_yes(name) and name != "enter":
                autosave.clear()
                c.resume_data = None
                c.mode = Mode.START
                c.answer(_(words.SAVE_DELETED) + " " + _(words.START_PROMPT))
                c.wake()
            else:
                c.answer(words.question(words.RESUME_AGAIN), important=True)
            return
        if is_yes(name):
            try:
                c.config.resume = str(autosave.path())
                c.config.setup = None
                c.attach(make_session(c.config, c.on_message))
                c.sort = str(autosave.ui_state(c.resume_data or {}).get("sort", "color"))
            except Exception:  # noqa: BLE001 - any unreadable save starts a new game
                c.config.resume = None
                c.answer(_(words.SAVE_UNREADABLE))
                c.resume_data = None
                c.mode = Mode.START
                c.answer(_(words.START_PROMPT))
                return
            c.resume_data = None
            c.mode = Mode.PLAY
        elif is_no(name):
            self.deleting = True
            c.answer(words.question(words.DELETE_SAVE_QUESTION), important=True)
            return
        else:
            c.answer(words.question(words.RESUME_AGAIN), important=True)
            return
        c.wake()


class StartScreen(Screen):
    """Before the match: Enter starts, O opens the options."""

    mode = Mode.START

    def key(self, name: str) -> None:
        c = self.c
        if name in ("enter", "space"):
            c.mode = Mode.PLAY
            c.wake()
        elif name in ("o", "O"):
            c.menu.open()
        elif name == "f1":
            c.command("help")
        elif name in ("f2", "c-f1"):
            c.rule_book.open()
        else:
            c.answer(_(words.START_PROMPT))


class BetweenScreen(Screen):
    """The pause between hands: Enter starts the next hand now; the game keys still work."""

    mode = Mode.BETWEEN

    def key(self, name: str) -> None:
        c = self.c
        if name == "enter":
            c.mode = Mode.PLAY
            c.wake()
        else:
            c.game_key(name)


class OverScreen(Screen):
    """After the match: Enter leaves, O opens the options to play again."""

    mode = Mode.OVER

    def key(self, name: str) -> None:
        c = self.c
        if name in ("enter", "escape", "q"):
            c.quit_done()
        elif name in ("o", "O"):
            c.menu.open()
        else:
            c.answer(_(words.OVER_PROMPT))
