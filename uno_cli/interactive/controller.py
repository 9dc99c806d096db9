"""The controller: what the keys and typed commands do, and the loop that plays the match."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import Any

from uno_cli.words import describe as d
from uno_cli.engine.actions import ActionKind
from uno_cli.engine.cards import WILD, WILD4
from uno_cli.engine.game import Phase
from uno_cli.words.i18n import _
from uno_cli.words import interactive as words
from uno_cli.words.messagetypes import (BEEP_RACE, DEAL, DEALER_CHOSEN, DEALER_DRAW, DEALER_TIE, FIRST_CARD_RETURNED, HAND,
                                         HAND_DEALT, HAND_START, MATCH_START, PENDING, PLAY, PLAYABLE_DRAWN, RULES_SUMMARY, TURN)
from uno_cli.interactive.announcer import Announcer
from uno_cli.interactive.cursor import HandCursor
from uno_cli.interactive.races import RaceTimers
from uno_cli.interactive.screens import (
    HOLDING_MODES,
    NO_WORDS,
    TYPING_MODES,
    YES_WORDS,
    BetweenScreen,
    ColorScreen,
    MenuScreen,
    Mode,
    OverScreen,
    QuitScreen,
    ResumeScreen,
    RuleBookScreen,
    Screen,
    StartScreen,
    TargetScreen,
    parse_color,
)
from uno_cli.interactive.setup import PLAYER_SEAT, configure_from_settings, default_names, make_session, merge_settings, seats_for

#: Verbs that work before a game exists.
WITHOUT_GAME = frozenset({"help", "rules", "repeat", "history_back", "history_forward", "silence", "options"})


#: Said on request only (Page Up, F2 for the rules, H for the hand), at every verbosity: the
#: start of a hand is short to hear. The rules were chosen before Enter (O: options), the
#: dealer draw is said by its result ("Ana is the dealer."), the players'
#: count by the start-up line ("Against 2 bots."), the dealt cards and their count by H, the
#: deal by the first card, the dealer and the first cards sent back by the first card and the
#: first turn (at full they were up to 8 lines at once; the first card waited 4-6 s).
ON_REQUEST = frozenset({MATCH_START, RULES_SUMMARY, DEALER_DRAW, DEALER_TIE, HAND, DEAL, DEALER_CHOSEN,
                        FIRST_CARD_RETURNED, HAND_DEALT})


class Controller:
    """What the keys and typed commands do, and the loop that plays the match."""

    def __init__(self, config: Any, settings: Any, announcer: Announcer, table: Any = None) -> None:
        self.config = config
        self.settings = settings
        self.out = announcer
        self.table = table
        self.mode = Mode.START
        self.previous_mode = Mode.PLAY
        #: Single keys act on an empty input line (always, in the local game).
        self.keys_on = True
        self.cursor = HandCursor(PLAYER_SEAT, lambda: self.table.game if self.table is not None else None,
                                 self.answer, lambda: self.out.verbosity == "full")
        self.paused = False
        self.done = False
        self.exit_code = 0
        self.resume_data: dict[str, Any] | None = None
        self.on_exit: Callable[[], None] | None = None
        self.races = RaceTimers(self)
        self.colors = ColorScreen(self)
        self.targets = TargetScreen(self)
        self.rule_book = RuleBookScreen(self)
        self.menu = MenuScreen(self)
        self.quit_question = QuitScreen(self)
        screens: list[Screen] = [self.colors, self.targets, self.rule_book, self.menu, self.quit_question,
                                 ResumeScreen(self), StartScreen(self), BetweenScreen(self), OverScreen(self)]
        self.screens: dict[Mode, Screen] = {s.mode: s for s in screens}
        self.commands: dict[str, Callable[[], None]] = self.command_table()
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._was_mine = False
        self._turn_said = False
        self._first_turn = False
        self._challenge_said: int | None = None
        self.save_failed = False
        self._save_failure_said = False

    def command_table(self) -> dict[str, Callable[[], None]]:
        """What each verb of the command registry does here (keys and typed words run them).

        Verbs that act in the game (draw, uno, beep, challenge...) resolve through the
        registry (:meth:`run_verb`); queries say the registry's answer (:meth:`ask`); the
        others work the interface.
        """
        from uno_cli.play.commands import GAME, REGISTRY

        table: dict[str, Callable[[], None]] = {
            v.name: partial(self.run_verb, v.name)
            for v in REGISTRY if v.scope == GAME and not v.query and v.name not in ("save", "quit")
        }
        table.update({v.name: self._asker(v.name) for v in REGISTRY if v.answer is not None})
        table.update({
            "prev_card": self.cursor.prev_card,
            "next_card": self.cursor.next_card,
            "first_card": self.cursor.first_card,
            "last_card": self.cursor.last_card,
            "play_focused": self.play_focused,
            "next_playable": self.cursor.next_playable,
            "prev_playable": self.cursor.prev_playable,
            "sort_color": self.cursor.sort_by_color,
            "sort_number": self.cursor.sort_by_number,
            "repeat": self.out.repeat,
            "history_back": self.history_back,
            "history_forward": self.history_forward,
            "silence": self.out.silence,
            "pause": self.pause,
            "options": self.menu.open,
            "save": self.save_command,
            "help": self.keys_help,
            "rules": self.rule_book.open,
            "quit": self.ask_quit,
        })
        return table

    def _asker(self, verb: str) -> Callable[[], None]:
        return self._reader(lambda: self.ask(verb))

    def _reader(self, text: Callable[[], str]) -> Callable[[], None]:
        def read() -> None:
            self.answer(text())

        return read

    # ---------------------------------------------------------------- helpers
    @property
    def event_loop(self) -> asyncio.AbstractEventLoop | None:
        """The asyncio loop the match runs in, once it runs."""
        return self._loop

    @property
    def game(self) -> Any:
        """The engine's game of the session being played."""
        assert self.table is not None
        return self.table.game

    def say(self, text: str, important: bool = False, interrupt: bool = False, turn: Any = None) -> None:
        """Print and speak a message (``turn``: the seat whose turn it says)."""
        self.out.say(text, important=important, interrupt=interrupt, turn=turn)

    def answer(self, text: str, important: bool = False) -> None:
        """The answer to a key: interrupts what is being said (unless protected)."""
        self.out.say(text, important=important, interrupt=True)

    def wake(self) -> None:
        """Let the match loop look at the game again."""
        if self._wake is not None:
            self._wake.set()

    @property
    def sort(self) -> str:
        """The hand's order: dealt, color or number."""
        return self.cursor.sort

    @sort.setter
    def sort(self, value: str) -> None:
        self.cursor.sort = value

    @property
    def focus(self) -> int:
        """The index of the focused card in :meth:`hand`."""
        return self.cursor.focus

    @focus.setter
    def focus(self, value: int) -> None:
        self.cursor.focus = value

    def legal(self) -> list[Any]:
        """The player's legal actions now."""
        return self.cursor.legal()

    def hand(self) -> list[str]:
        """The player's hand in the chosen order."""
        return self.cursor.hand()

    def my_turn(self) -> bool:
        """True when the game waits for the player's turn."""
        return self.cursor.my_turn()

    def save(self) -> bool:
        """Save the game for the next start; False if it could not be."""
        from uno_cli.play import autosave

        if self.table is None or not self.table.started:
            return False
        return self._saved(autosave.write(self.table.save_dict(), {"sort": self.sort}))

    def _autosave(self, data: dict[str, Any]) -> None:
        from uno_cli.play import autosave

        if self.table is not None and self.game.phase == Phase.MATCH_OVER:
            autosave.clear()
        else:
            self._saved(autosave.write(data, {"sort": self.sort}))

    def _saved(self, ok: bool) -> bool:
        """Remember whether the last save worked; the first failure is said once."""
        from uno_cli.play import autosave

        self.save_failed = not ok
        if not ok and not self._save_failure_said:
            self._save_failure_said = True
            self.say(words.autosave_failed(str(autosave.path().parent)), important=True)
        return ok

    def on_message(self, message: Any) -> None:
        """A message from the Session: printed and spoken, unless the verbosity leaves it out."""
        from uno_cli.play.narrator import important, said

        text = message.text
        self.out.cue(message.type, message.data)  # sounds even when the words are left out
        if message.type == TURN:
            # A turn line still waiting to be heard is stale now (the player moved before hearing it).
            self.out.withdraw_turns(message.seat)
        if message.seat == PLAYER_SEAT and message.type in (TURN, BEEP_RACE, PENDING, PLAYABLE_DRAWN):
            self._turn_said = True  # said, or folded into the line of the move before it
        if message.type in (HAND_START, MATCH_START):
            self._first_turn = True
        # The first card begins the match, at every verbosity: the first hand's number is in the
        # history only.
        if not said(message, self.out.verbosity) or message.type in ON_REQUEST or (
                message.type == HAND_START and not message.brief):
            if message.text:
                self.out.keep(message.text)  # left out at short, still one Page Up away
            return
        if message.type == TURN and message.seat != PLAYER_SEAT:
            first, self._first_turn = self._first_turn, False
            if not message.brief and not first:
                return  # an opponent's turn in order: T says it; only the player's and out-of-order turns are said
        if self._challenge_said is not None and self._challenge_said == self.game.version and (
                message.seat == PLAYER_SEAT and message.type in (TURN, PENDING)):
            return  # the Wild Draw Four choice said it already
        if message.type == PLAY and self._challenge_first():
            return
        if message.type == BEEP_RACE:
            self._turn_said = True
        self.say(text, important=important(message), turn=message.seat if message.type == TURN else None)

    def _challenge_first(self) -> bool:
        """A Wild Draw Four against the player: the choice first, then the card's lines."""
        from uno_cli.engine.actions import CHALLENGE

        g = self.game
        if g.current != PLAYER_SEAT or self._challenge_said == g.version:
            return False
        if not any(a.kind == CHALLENGE for a in g.legal_actions(PLAYER_SEAT)):
            return False
        self._challenge_said = g.version
        self._turn_said = True
        self.say(words.challenge_choice(g.pending), important=True)
        return False

    def attach(self, session: Any) -> None:
        """Play this session (new, resumed, or rebuilt from the options)."""
        self.table = session
        session.narrator.output = self.on_message
        session.autosave = self._autosave

    # ---------------------------------------------------------------- acting
    def _focused_card(self) -> str | None:
        return self.cursor.focused()

    def after_change(self, focused: str | None) -> None:
        """After any change: keep the focus on the same card, time the bots, open questions."""
        g = self.game
        mine = PLAYER_SEAT in g.awaited()  # its turn, a colour, or a Beep to answer
        if mine and not self._was_mine and not self._turn_said:
            # Some changes (the end of a Beep race) give the turn back without a turn event.
            self.say(self.turn_text() if self.my_turn() else _(words.ANSWER_BEEP), important=True)
        self._was_mine = mine
        self._turn_said = False
        self.cursor.keep(focused)
        if g.phase == Phase.MATCH_OVER:
            from uno_cli.play import autosave

            autosave.clear()
        self.races.schedule()
        if g.current == PLAYER_SEAT and g.phase == Phase.CHOOSE_COLOR and not g.eliminated[PLAYER_SEAT]:
            self.colors.open([a for a in g.legal_actions(PLAYER_SEAT) if a.kind == ActionKind.COLOR])
        self.wake()

    def apply(self, action: Any) -> list[Any]:
        """Apply an action (any seat) through the Session, then time what follows."""
        focused = self._focused_card()
        beaten = self.races.outrun(action) if action.seat == PLAYER_SEAT else None
        events = self.table.apply(action)  # type: ignore[union-attr]
        if beaten is not None:
            self.say(d.beaten_text(beaten, self.table.names))  # type: ignore[union-attr]
        self.after_change(focused)
        return events

    def act(self, action: Any) -> bool:
        """The player's action: applied now if legal, else the reason is said."""
        if self.table is None:
            return False
        g = self.game
        if action in g.legal_actions(PLAYER_SEAT):
            self.apply(action)
            return True
        winner = self.races.too_late(action)
        if winner is not None:
            self.answer(d.too_late_text(winner, self.table.names))
        else:
            self.answer(d.describe_error(g.why_illegal(action), self.table.names))
        return False

    # ---------------------------------------------------------------- the match loop
    async def play(self) -> None:
        """Play hands until the match ends (or the player quits)."""
        self._loop = asyncio.get_running_loop()
        self.out.loop = self._loop
        self._wake = asyncio.Event()
        if self.mode == Mode.RESUME:
            await self._wait_mode_not(Mode.RESUME)
        while not self.done:
            if self.mode == Mode.START:
                await self._wait_mode_not(Mode.START)
                continue
            session = self.table
            g = self.game
            if not session.started:  # type: ignore[union-attr]
                self.focus = 0
                session.start()  # type: ignore[union-attr]
                self.after_change(None)
                continue
            if g.phase == Phase.MATCH_OVER:
                self.mode = Mode.OVER
                self.say(_(words.OVER_PROMPT), important=True)  # the game_over line said the end and the scores
                await self._wait_mode_not(Mode.OVER)
                continue
            if g.phase == Phase.HAND_OVER:
                await self.between_hands()
                if self.done:
                    break
                if self.game.phase == Phase.HAND_OVER:
                    self.focus = 0
                    self.table.next_hand()  # type: ignore[union-attr]
                    self.after_change(None)
                continue
            if self.paused or self.mode in HOLDING_MODES:
                await self.sleep_until_change(0.5)
                continue
            if not self.races.scheduled:
                self.races.schedule()
            await self.sleep_until_change(None)

    async def sleep_until_change(self, timeout: float | None) -> None:
        """Wait until something changes (``wake``), or ``timeout`` seconds."""
        assert self._wake is not None
        self._wake.clear()
        try:
            if timeout is None:
                await self._wake.wait()
            else:
                await asyncio.wait_for(self._wake.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    async def _wait_mode_not(self, mode: Mode) -> None:
        while self.mode == mode and not self.done:
            await self.sleep_until_change(None)

    def next_hand_delay(self) -> float:
        """Seconds until the next hand: the five seconds said, counted from when they are heard."""
        return self.races.next_hand_delay()

    async def between_hands(self) -> None:
        """The pause between hands: the driver deals the next hand after it, unless paused or in a
        menu (then it counts again when play goes on); Enter ends it now."""
        while self.game.phase == Phase.HAND_OVER and not self.done:
            if self.races.held() or not self.races.scheduled:
                self.races.schedule()  # says the pause once a hand; held, it is counted again later
            if self.mode not in (Mode.BETWEEN, Mode.MENU, Mode.RULES, Mode.QUIT):
                break
            await self.sleep_until_change(0.5)
        if self.mode == Mode.BETWEEN:
            self.mode = Mode.PLAY

    # ---------------------------------------------------------------- information
    def ask(self, verb: str) -> str:
        """The registry's answer to the query ``verb`` for the player (the hand in the cursor's order)."""
        from uno_cli.play.commands import Asking, ask

        return ask(verb, Asking(self.table, PLAYER_SEAT, hand=self.cursor.hand())).text

    def turn_text(self) -> str:
        """Whose turn it is."""
        return self.ask("turn")

    # ---------------------------------------------------------------- key commands
    def command(self, name: str) -> None:
        """Run one key command (see uno_cli.interactive.keys and :meth:`command_table`)."""
        handler = self.commands.get(name)
        if handler is None:
            self.answer(_(words.KEY_DOES_NOTHING))
            return
        if self.table is None and name not in WITHOUT_GAME:
            self.answer(_(words.NOT_STARTED))
            return
        handler()

    def run_verb(self, name: str) -> None:
        """A verb that acts (a key, or a typed word alone): what the registry says it means now."""
        from uno_cli.play.commands import Command, Partial, resolve
        from uno_cli.engine.errors import IllegalAction

        try:
            action = resolve(Command(verb=name, seat=PLAYER_SEAT), self.game, PLAYER_SEAT)
        except IllegalAction as exc:
            self.answer(d.describe_error(exc, self.table.names))  # type: ignore[union-attr]
            return
        if isinstance(action, Partial):
            return
        self.act(action)

    def play_focused(self) -> None:
        """Enter: play the card the focus is on."""
        card = self.cursor.card_to_play()
        if card is not None:
            self.play_card(card)

    def play_card(self, card: str, color: str | None = None, target: int | None = None) -> None:
        """Play a card (in turn, as a jump-in, a sequence or a Beep), asking what is missing."""
        from uno_cli.engine.actions import PLAY, Action

        options = [a for a in self.legal() if a.card == card and a.kind in (ActionKind.PLAY, ActionKind.JUMP_IN)]
        if color is not None:
            options = [a for a in options if a.color == color] or options
        if target is not None:
            options = [a for a in options if a.target == target] or options
        if not options:
            self.act(Action(PLAY, PLAYER_SEAT, card, "r" if card in (WILD, WILD4) else None))
            return
        if len({a.color for a in options}) > 1:
            bare = Action(options[0].kind, PLAYER_SEAT, card)
            if self.game.is_legal(bare):  # a last Wild needs no colour: the hand ends with it
                self.apply(bare)
                return
            self.colors.open(options)
            return
        if len({a.target for a in options}) > 1:
            self.targets.open(options)
            return
        self.act(options[0])

    def history_back(self) -> None:
        """Page Up: an earlier message."""
        self.out.walk(-1)

    def history_forward(self) -> None:
        """Page Down: a later message."""
        self.out.walk(1)

    def pause(self) -> None:
        """P: pause or resume the bots."""
        self.paused = not self.paused
        if self.paused:
            self.races.hold()
            self.answer(_(words.PAUSED), important=True)
        else:
            self.answer(_(words.GOES_ON))
            self.races.schedule()
        self.wake()

    def save_command(self) -> None:
        """Ctrl+S: save the game."""
        from uno_cli.play import autosave

        if not self.table.started:  # type: ignore[union-attr]
            self.answer(_(words.NOT_STARTED))
        elif self.save():
            self.answer(_(words.SAVED))
        else:
            self.answer(words.not_saved(str(autosave.path())))

    def keys_help(self) -> None:
        """F1: the keys that matter now; pressed again, every key and the typed commands."""
        from uno_cli.interactive.keys import help_lines, keys_now, start_keys_now

        started = self.table is not None and self.table.started
        short = keys_now(self.keys_that_matter()) if started else start_keys_now()
        if self.out.answers and self.out.answers[-1] == short:
            self.answer("\n".join(help_lines()))
        else:
            self.answer(short)

    def keys_that_matter(self) -> list[str]:
        """The verbs of the keys worth naming now (F1's short answer)."""
        from uno_cli.engine.actions import ACCEPT, ANSWER, CATCH, CHALLENGE, DRAW, JUMP_IN, PLAY, UNO

        if self.mode == Mode.BETWEEN:
            return ["pause", "options", "scores", "repeat", "history_back"]
        kinds = {a.kind for a in self.legal()}
        verbs: list[str] = []
        if ANSWER in kinds:
            verbs.append("beep")
        if CHALLENGE in kinds:
            verbs.append("challenge")
        if PLAY in kinds or JUMP_IN in kinds:
            verbs += ["next_playable", "play_focused"]
        if DRAW in kinds or ACCEPT in kinds:
            verbs.append("draw")
        if UNO in kinds or CATCH in kinds:
            verbs.append("uno")
        return verbs + ["hand", "top", "turn", "repeat", "history_back"]

    def apply_settings(self) -> None:
        """Rebuild the match to come from the settings (before a match starts)."""
        if configure_from_settings(self.config, self.settings):
            self.attach(make_session(self.config, self.on_message))

    # ---------------------------------------------------------------- quitting
    def ask_quit(self) -> None:
        """Ask before quitting (asking again quits)."""
        self.quit_question.open()

    def has_game_to_save(self) -> bool:
        """True while a match is under way (quitting saves it)."""
        return self.table is not None and self.table.started and self.game.phase != Phase.MATCH_OVER

    def quit_now(self) -> None:
        """Save and leave."""
        if self.has_game_to_save():
            self.save()
        self.say(_(words.GOODBYE))
        self.quit_done()

    def quit_done(self) -> None:
        """Leave without a word."""
        self.done = True
        self.wake()
        if self.on_exit is not None:
            self.on_exit()

    # ---------------------------------------------------------------- entry points
    def key(self, key: str) -> None:
        """One key pressed on an empty line (prompt_toolkit key name, or the character)."""
        if key in ("c-c", "c-d") and self.mode != Mode.QUIT:
            self.ask_quit()
            return
        screen = self.screens.get(self.mode)
        if screen is None:
            self.game_key(key)
        else:
            screen.key(key)

    def escape_followed(self) -> None:
        """Escape with another key right behind it, as a terminal sends Alt with a key: Escape, but in
        play it says nothing of its own (no "Nothing to stop": the next key's answer comes at once)."""
        screen = self.screens.get(self.mode)
        if screen is None:
            self.out.silence(quiet=True)
        else:
            screen.key("escape")

    def info_key(self, key: str) -> bool:
        """Run a key that only tells (the hand, the top card, the counts, repeat...) if ``key`` is one:
        a question such as the colour choice leaves them working, since they help to answer it."""
        from uno_cli.interactive.keys import GAME_KEYS
        from uno_cli.play.commands import QUERIES

        telling = (QUERIES - {"help", "rules"}) | {"repeat", "history_back", "history_forward"}
        for binding in GAME_KEYS:
            if key in binding.keys and binding.verb in telling:
                self.command(binding.verb)
                return True
        return False

    def game_key(self, key: str) -> None:
        """A key of the game (uno_cli.interactive.keys.GAME_KEYS)."""
        from uno_cli.interactive.keys import GAME_KEYS

        for binding in GAME_KEYS:
            if key in binding.keys:
                self.command(binding.verb)
                return
        self.answer(_(words.NO_SUCH_KEY))

    def typing_started(self, letter: str) -> None:
        """A character that is no key began a typed line: say so, so the player is never left in silence."""
        self.answer(words.typing_started(letter))

    def line_cleared(self) -> None:
        """Escape emptied the typed line: said, so the key is never silent."""
        self.answer(_(words.LINE_CLEARED))

    def typed(self, text: str) -> None:
        """A typed command line (``/play red 5``, ``draw``, ``uno``, ``help``...)."""
        text = text.strip()
        if text.startswith("/"):
            text = text[1:].strip()
        if not text:
            return
        if self.mode not in TYPING_MODES:
            self._typed_key(text)
            return
        from uno_cli.play.commands import BY_NAME, INTERFACE, parse

        cmd = parse(text, PLAYER_SEAT, self.game if self.table is not None else None, names=self._names())
        verb = cmd.verb
        if cmd.error is None and verb in self.commands and (
            BY_NAME[verb].scope == INTERFACE or BY_NAME[verb].query or verb == "quit"
            or (verb == "save" and not cmd.arg)
        ):
            # The interface's own verbs, reading the game, saving for next time, quitting.
            self.command(verb)
            if verb == "help":
                from uno_cli.play.dispatcher import help_text

                self.say(help_text())
            return
        if self.table is None:
            self.answer(_(words.NOT_STARTED))
            return
        color = parse_color(text)
        if self.mode == Mode.COLOR and color is not None:
            self.colors.choose(color)
            return
        focused = self._focused_card()
        result = self.table.dispatcher.handle_line(text, PLAYER_SEAT)
        if result.quit:
            self.ask_quit()
        elif result.changed:
            self.after_change(focused)

    def _names(self) -> list[str]:
        return list(self.table.names) if self.table is not None else []

    def _typed_key(self, text: str) -> None:
        """A word typed while a screen is open: yes or no, or the key of the verb it names."""
        from uno_cli.play.commands import normalize, parse
        from uno_cli.interactive.keys import by_verb

        word = normalize(text.split()[0])
        if word in YES_WORDS:
            self.key("y")
            return
        if word in NO_WORDS:
            self.key("n")
            return
        verb = parse(text, PLAYER_SEAT).verb
        if verb == "quit":
            self.key("c-c")
        elif verb == "start":
            self.key("enter")
        elif verb in by_verb():
            self.key(by_verb()[verb].keys[-1])
        else:
            self.key(word)


def build_controller(config: Any, write: Callable[[str], None], settings: Any = None) -> Controller:
    """The controller for a configuration, with its session (a new match or ``--resume``)."""
    from uno_cli.play import settings as settings_mod

    settings = settings if settings is not None else settings_mod.load()
    levels = merge_settings(config, settings)
    config.seats = seats_for(levels)
    config.players = len(levels)
    config.names = default_names(config, settings)
    announcer = Announcer(write, None, config.verbosity, settings.braille, rate=config.speech_rate)
    controller = Controller(config, settings, announcer)
    controller.attach(make_session(config, controller.on_message))
    if config.resume:
        controller.mode = Mode.PLAY
    return controller
