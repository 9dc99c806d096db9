"""The interactive game: a keyboard-only UNO that prints and speaks every change.

Every message is a plain line printed above a short, stable prompt (never a full-screen
layout, toolbar or right prompt) and, when speech is on, sent to the screen reader.
While the input line is empty single keys act at once (F1 lists them); any other text,
or a line starting with a slash, is a typed command. On a terminal prompt_toolkit cannot
drive (``TERM=dumb``) a plain line-reading loop takes the same commands.

Bots act on the event loop after a pace the player sets; races (jump-ins, catches, Beep
answers, sequences) are timers: each bot's reaction is scheduled after its level's
delay, and the player's key press is applied the moment it arrives. The game is saved
after every action (uno_cli.autosave) and offered for resumption on the next start.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from uno_cli.engine.game import IN_TURN_PHASES, Phase
from uno_cli.i18n import _, ngettext

HUMAN = 0
COLOR_ORDER = ("r", "y", "g", "b")


# --------------------------------------------------------------------------- words


def card_name(code: str, color: str | None = None) -> str:
    """A card in words, in the current language."""
    try:
        from uno_cli.cards_text import card_name as name

        return name(code, color)
    except ImportError:  # pragma: no cover - cards_text is part of the package
        return code


def color_name(color: str | None) -> str:
    """A colour in words."""
    try:
        from uno_cli.cards_text import color_name as name

        return name(color)
    except ImportError:  # pragma: no cover
        return color or ""


def sort_key_color(code: str) -> tuple[int, int]:
    """Sort by colour, then rank; wilds and Beeps last."""
    from uno_cli.engine.cards import CARD_COLOR, CARD_RANK

    ranks = [str(n) for n in range(10)] + ["s", "r", "+2", "w", "w+4", "beep"]
    c = CARD_COLOR.get(code)
    return (COLOR_ORDER.index(c) if c in COLOR_ORDER else 4, ranks.index(CARD_RANK.get(code, "beep")))


def sort_key_number(code: str) -> tuple[int, int]:
    """Sort by rank, then colour."""
    a, b = sort_key_color(code)
    return (b, a)


# --------------------------------------------------------------------------- output


class Announcer:
    """The one output point: prints each message as a line, speaks it, keeps the history.

    Messages marked important (the player's own turn, questions) are never cut off by a
    later message: until their estimated speaking time is over, later messages queue
    behind them instead of interrupting.
    """

    def __init__(self, write: Callable[[str], None], speaker: Any = None, verbosity: str = "full") -> None:
        self.write = write
        self.speaker = speaker
        self.verbosity = verbosity
        self.history: list[str] = []
        self.position = 0
        self._protected_until = 0.0
        self._backlog: list[str] = []

    def set_speaker(self, speaker: Any) -> None:
        """Attach the speaker once it is ready and say what was printed meanwhile."""
        self.speaker = speaker
        backlog, self._backlog = self._backlog, []
        if backlog and speaker is not None and speaker.available:
            speaker.speak(" ".join(backlog[-3:]), interrupt=False)

    def say(self, text: str, important: bool = False, interrupt: bool = False, record: bool = True) -> None:
        """Print and speak text; interrupt cuts off earlier speech unless it is protected."""
        if not text:
            return
        self.write(text)
        if record:
            self.history.append(text)
            self.position = len(self.history)
        self._speak(text, important, interrupt)

    def _speak(self, text: str, important: bool, interrupt: bool) -> None:
        speaker = self.speaker
        now = time.monotonic()
        if speaker is None:
            self._backlog.append(text)
            return
        if not speaker.available:
            return
        if interrupt and now < self._protected_until:
            interrupt = False
        speaker.speak(text, interrupt=interrupt)
        speaker.braille(text)
        if important:
            self._protected_until = max(now, self._protected_until) + 0.3 + 0.065 * len(text)

    def silence(self) -> None:
        """Stop speaking now (the player asked)."""
        self._protected_until = 0.0
        if self.speaker is not None and self.speaker.available:
            self.speaker.silence()

    def repeat(self) -> None:
        """Say the last message again."""
        if self.history:
            self.say(self.history[-1], interrupt=True, record=False)
        else:
            self.say(_("Nothing has been said yet."), interrupt=True, record=False)

    def walk(self, delta: int) -> None:
        """Say an earlier (-1) or later (+1) message of the history."""
        if not self.history:
            self.say(_("Nothing has been said yet."), interrupt=True, record=False)
            return
        pos = self.position + delta
        if pos < 0:
            pos = 0
            self.say(_("First message.") + " " + self.history[0], interrupt=True, record=False)
        elif pos >= len(self.history):
            pos = len(self.history)
            self.say(_("Last message.") + " " + self.history[-1], interrupt=True, record=False)
        else:
            self.say(self.history[pos], interrupt=True, record=False)
        self.position = min(pos, len(self.history) - 1) if delta < 0 else pos


# --------------------------------------------------------------------------- the session


#: Message types left out at the short verbosity (they can be asked for by key).
SHORT_SKIP = frozenset({"dealer_draw", "dealer_tie", "shuffle", "reshuffle", "deal", "beep_answer", "scores"})


def make_session(config: Any, output: Callable[[Any], None]) -> Any:
    """The Session for a configuration: seat 0 is the player, the others bots."""
    from uno_cli.playconfig import HUMAN as HUMAN_KIND
    from uno_cli.session import Session

    return Session(config, output=output, viewer=HUMAN, auto_next_hand=False, script_kind=HUMAN_KIND)


def why_text(exc: Any, session: Any) -> str:
    """A sentence for an IllegalAction: you can't do that now, and why."""
    from uno_cli.describe import describe_error

    return describe_error(exc, session.names)


# --------------------------------------------------------------------------- the controller


class Controller:
    """What the keys and typed commands do, and the loop that plays the match."""

    def __init__(self, config: Any, settings: Any, announcer: Announcer, table: Any = None) -> None:
        self.config = config
        self.settings = settings
        self.out = announcer
        self.table = table
        self.mode = "start"  # start, play, color, target, rules, menu, quit, resume
        self.sort = "dealt"
        self.focus = 0
        self.paused = False
        self.done = False
        self.exit_code = 0
        self.color_focus = 0
        self.color_actions: list[Any] = []
        self.target_actions: list[Any] = []
        self.target_focus = 0
        self.rule_sections: list[tuple[str, str]] = []
        self.rule_index = -1
        self.menu: Any = None
        self.previous_mode = "play"
        self.resume_data: dict[str, Any] | None = None
        self.race_offers: dict[int, tuple[Any, float]] = {}
        self.last_race: tuple[str, int, float] | None = None
        self._wake: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._handles: list[Any] = []
        self.on_exit: Callable[[], None] | None = None
        self._was_mine = False
        self._turn_said = False

    # ---------------------------------------------------------------- helpers
    @property
    def game(self) -> Any:
        assert self.table is not None
        return self.table.game

    def say(self, text: str, important: bool = False, interrupt: bool = False) -> None:
        self.out.say(text, important=important, interrupt=interrupt)

    def answer(self, text: str, important: bool = False) -> None:
        """The answer to a key: interrupts what is being said (unless protected)."""
        self.out.say(text, important=important, interrupt=True)

    def wake(self) -> None:
        if self._wake is not None:
            self._wake.set()

    def legal(self) -> list[Any]:
        return list(self.game.legal_actions(HUMAN)) if self.table else []

    def hand(self) -> list[str]:
        hand = list(self.game.hands[HUMAN])
        if self.sort == "color":
            hand.sort(key=sort_key_color)
        elif self.sort == "number":
            hand.sort(key=sort_key_number)
        return hand

    def my_turn(self) -> bool:
        g = self.game
        return g.current == HUMAN and g.phase in IN_TURN_PHASES and not g.eliminated[HUMAN]

    def save(self) -> bool:
        from uno_cli import autosave

        if self.table is None or not self.table.started:
            return False
        return autosave.write(self.table.save_dict(), {"sort": self.sort})

    def _autosave(self, data: dict[str, Any]) -> None:
        from uno_cli import autosave

        if self.table is not None and self.game.phase == Phase.MATCH_OVER:
            autosave.clear()
        else:
            autosave.write(data, {"sort": self.sort})

    def on_message(self, message: Any) -> None:
        """A message from the Session: printed and spoken, unless the verbosity leaves it out."""
        text = message.text
        if not text:
            return
        if self.out.verbosity == "short":
            if message.type in SHORT_SKIP or (message.type == "turn" and message.seat != HUMAN):
                return
        if message.seat == HUMAN and message.type in ("turn", "beep_race", "pending", "playable_drawn"):
            self._turn_said = True
        if message.type == "beep_race":
            self._turn_said = True
        important = message.important or message.type in ("error", "choose", "game_over", "hand_end", "uno_missed")
        self.say(text, important=important)

    def attach(self, session: Any) -> None:
        """Play this session (new, resumed, or rebuilt from the options)."""
        self.table = session
        session.output = self.on_message
        session.autosave = self._autosave

    # ---------------------------------------------------------------- acting
    def _focused_card(self) -> str | None:
        hand = self.hand()
        if hand and 0 <= self.focus < len(hand):
            return hand[self.focus]
        return None

    def _after_change(self, focused: str | None) -> None:
        """After any change: keep the focus on the same card, time the bots, open questions."""
        mine = self.my_turn() or (self.game.phase == Phase.BEEP_RACE and HUMAN in self.game.beep_waiting)
        if mine and not self._was_mine and not self._turn_said:
            # Some changes (the end of a Beep race) give the turn back without a turn event.
            self.say(_("It's your turn.") if self.my_turn() else _("Answer the Beep with B!"), important=True)
        self._was_mine = mine
        self._turn_said = False
        hand = self.hand()
        if focused in hand:
            self.focus = hand.index(focused)  # type: ignore[arg-type]
        else:
            self.focus = min(self.focus, max(0, len(hand) - 1))
        g = self.game
        if g.phase == Phase.MATCH_OVER:
            from uno_cli import autosave

            autosave.clear()
        self.schedule_races()
        if g.current == HUMAN and g.phase == Phase.CHOOSE_COLOR and not g.eliminated[HUMAN]:
            self.open_color_choice([a for a in g.legal_actions(HUMAN) if a.kind == "color"])
        self.wake()

    def apply(self, action: Any) -> list[Any]:
        """Apply an action (any seat) through the Session, then time what follows."""
        from uno_cli.engine.actions import ANSWER, CATCH, JUMP_IN, PLAY

        g = self.game
        focused = self._focused_card()
        was_current = g.current
        if action.seat == HUMAN:
            beaten = [o.seat for o in self.race_offers.values() if o.action.kind == action.kind and action.kind in (ANSWER, CATCH, JUMP_IN)]
        else:
            beaten = []
        events = self.table.apply(action)  # type: ignore[union-attr]
        if action.seat != HUMAN and (
            action.kind in (CATCH, JUMP_IN) or (action.kind == PLAY and action.seat != was_current)
        ):
            self.last_race = (action.kind, action.seat, time.monotonic())
        if beaten:
            self.say(_("You were faster than {name}.").format(name=self.table.name(beaten[0])))  # type: ignore[union-attr]
        self._after_change(focused)
        return events

    def act(self, action: Any) -> bool:
        """The player's action: applied now if legal, else the reason is said."""
        if self.table is None:
            return False
        g = self.game
        if action in g.legal_actions(HUMAN):
            self.apply(action)
            return True
        err = g.why_illegal(action)
        text = why_text(err, self.table)
        races = {"uno": ("catch",), "catch": ("catch",), "jump_in": ("jump_in", "play"), "play": ("jump_in", "play")}
        if (
            self.last_race
            and time.monotonic() - self.last_race[2] < 3
            and self.last_race[0] in races.get(action.kind, ())
            and g.current != HUMAN
        ):
            text = _("Too late! {name} was faster.").format(name=self.table.name(self.last_race[1]))
        self.answer(text)
        return False

    def schedule_races(self) -> None:
        """Time every bot's out-of-turn reaction (the Session's offers) on the event loop."""
        if self._loop is None or self.table is None:
            return
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        self.race_offers = {}
        if self.paused:
            return
        for offer in self.table.bot_offers():
            if offer.in_turn:
                continue  # played by the main loop at the player's pace
            self.race_offers[offer.seat] = offer
            self._handles.append(self._loop.call_later(offer.delay, self._bot_race, offer))

    def _bot_race(self, offer: Any) -> None:
        from uno_cli.engine.errors import IllegalAction

        self.race_offers.pop(offer.seat, None)
        if self.table is None or self.paused or self.mode == "quit" or offer.version != self.game.version:
            return
        try:
            self.apply(offer.action)
        except IllegalAction:
            pass

    # ---------------------------------------------------------------- the match loop
    async def play(self) -> None:
        """Play hands until the match ends (or the player quits)."""
        from uno_cli.engine.errors import IllegalAction

        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        if self.mode == "resume":
            await self._wait_mode_not("resume")
        if self.mode == "start":
            await self._wait_mode_not("start")
        while not self.done:
            if self.mode == "start":
                await self._wait_mode_not("start")
                continue
            session = self.table
            g = self.game
            if not session.started:  # type: ignore[union-attr]
                self.focus = 0
                session.start()  # type: ignore[union-attr]
                self._after_change(None)
                continue
            if g.phase == Phase.MATCH_OVER:
                self.mode = "over"
                self.say(_("The match is over. Press Enter to leave, or O for options to play again."), important=True)
                await self._wait_mode_not("over")
                continue
            if g.phase == Phase.HAND_OVER:
                await self.between_hands()
                if self.done:
                    break
                if self.game.phase == Phase.HAND_OVER:
                    self.focus = 0
                    self.table.next_hand()  # type: ignore[union-attr]
                    self._after_change(None)
                continue
            if self.paused or self.mode in ("menu", "quit", "rules"):
                await self._sleep_until_change(0.5)
                continue
            turn = next((o for o in session.bot_offers() if o.in_turn), None)  # type: ignore[union-attr]
            if turn is None:
                await self._sleep_until_change(None)
                continue
            version = g.version
            await self._sleep_until_change(self.bot_delay())
            if self.game.version != version or self.paused or self.mode in ("menu", "quit", "rules") or self.done:
                continue
            try:
                self.apply(turn.action)
            except IllegalAction:
                await asyncio.sleep(0)

    def bot_delay(self) -> float:
        """Seconds before the next bot move: the pace, longer while a race is open for the player."""
        pace = self.config.pace if self.config.pace is not None else self.settings.pace
        if self.table is not None and self.table.race_chances(HUMAN):
            return max(pace, self.settings.race_window)
        return pace

    async def _sleep_until_change(self, timeout: float | None) -> None:
        assert self._wake is not None
        self._wake.clear()
        try:
            if timeout is None:
                await self._wake.wait()
            else:
                await asyncio.wait_for(self._wake.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    async def _wait_mode_not(self, mode: str) -> None:
        while self.mode == mode and not self.done:
            await self._sleep_until_change(None)

    async def between_hands(self) -> None:
        """The pause between hands: the next hand after a few seconds, unless paused."""
        self.say(_("Next hand in 5 seconds. P pauses, O opens the options, Enter starts now."))
        self.mode = "between"
        deadline = time.monotonic() + 5.0
        while self.mode in ("between", "menu", "rules", "quit") and not self.done:
            if self.paused or self.mode != "between":
                deadline = time.monotonic() + 5.0
            left = deadline - time.monotonic()
            if left <= 0:
                break
            await self._sleep_until_change(min(left, 0.5))
        if self.mode == "between":
            self.mode = "play"

    # ---------------------------------------------------------------- information
    def top_text(self) -> str:
        from uno_cli.describe import top_text

        return top_text(self.game.top, self.game.color)

    def color_text(self) -> str:
        g = self.game
        if not g.color:
            return _("No colour is in play yet.")
        return _("The colour in play is {color}.").format(color=color_name(g.color))

    def counts_text(self) -> str:
        return self.table.counts_text(HUMAN)  # type: ignore[union-attr]

    def pending_text(self) -> str:
        g = self.game
        if g.phase != Phase.PENDING or not g.pending:
            return _("No draw penalty is waiting.")
        who = _("you") if g.current == HUMAN else self.table.name(g.current)  # type: ignore[union-attr]
        return ngettext(
            "A penalty of {count} card waits for {name}.", "A penalty of {count} cards waits for {name}.", g.pending
        ).format(count=g.pending, name=who)

    def scores_text(self) -> str:
        return self.table.scores_text(HUMAN)  # type: ignore[union-attr]

    def turn_text(self) -> str:
        g = self.game
        if g.phase in (Phase.HAND_OVER, Phase.SETUP):
            return _("The hand is over.")
        if g.phase == Phase.MATCH_OVER:
            return _("The match is over.")
        if g.phase == Phase.BEEP_RACE:
            return _("Beep! Everyone must answer with B.")
        if g.current == HUMAN:
            return _("It's your turn.")
        return _("It's {name}'s turn.").format(name=self.table.name(g.current))  # type: ignore[union-attr]

    def hand_text(self) -> str:
        hand = self.hand()
        if not hand:
            return _("You have no cards.")
        return ngettext("Your card: {cards}.", "Your {count} cards: {cards}.", len(hand)).format(
            count=len(hand), cards=", ".join(card_name(c) for c in hand)
        )

    def status_text(self) -> str:
        text = self.table.status_text(HUMAN)  # type: ignore[union-attr]
        if self.game.phase == Phase.PENDING:
            text += " " + self.pending_text()
        return text

    def card_text(self, index: int) -> str:
        hand = self.hand()
        card = hand[index]
        playable = any(a.card == card and a.kind in ("play", "jump_in") for a in self.legal())
        text = card_name(card)
        if self.out.verbosity == "full":
            text = _("{card}, {position} of {count}").format(card=text, position=index + 1, count=len(hand))
        if playable:
            text = _("{card}, playable").format(card=text)
        return text

    # ---------------------------------------------------------------- commands
    def command(self, name: str) -> None:
        """Run one key command (see uno_cli.keys)."""
        handler = getattr(self, "cmd_" + name, None)
        if handler is None and name in _READ_KEYS:
            # Keys that only read something out: hand, top, color, counts, pending...
            reader = getattr(self, name + "_text")

            def handler() -> None:
                self.answer(reader())

        if handler is None:
            self.answer(_("That key does nothing."))
            return
        if self.table is None and name not in ("keys_help", "rule_book", "repeat", "history_back", "history_forward", "silence", "options"):
            self.answer(_("The game has not started yet."))
            return
        handler()

    def cmd_draw(self) -> None:
        from uno_cli.engine.actions import ACCEPT, DRAW, PASS, Action

        g = self.game
        if g.phase == Phase.PENDING and g.current == HUMAN:
            self.act(Action(ACCEPT, HUMAN))
        elif g.phase == Phase.DRAWN and g.current == HUMAN:
            self.act(Action(PASS, HUMAN))
        else:
            self.act(Action(DRAW, HUMAN))

    def cmd_uno(self) -> None:
        from uno_cli.engine.actions import CATCH, UNO, Action

        for a in self.legal():
            if a.kind == CATCH:
                self.act(a)
                return
        for a in self.legal():
            if a.kind == UNO:
                self.act(a)
                return
        self.act(Action(UNO, HUMAN))

    def cmd_answer(self) -> None:
        from uno_cli.engine.actions import ANSWER, Action

        self.act(Action(ANSWER, HUMAN))

    def cmd_challenge(self) -> None:
        from uno_cli.engine.actions import CHALLENGE, Action

        g = self.game
        if not (g.phase == Phase.PENDING and g.pending_kind == "w+4" and g.current == HUMAN):
            self.answer(_("There is no Wild Draw Four to challenge."))
            return
        self.act(Action(CHALLENGE, HUMAN))

    def _move(self, index: int) -> None:
        hand = self.hand()
        if not hand:
            self.answer(_("You have no cards."))
            return
        self.focus = max(0, min(len(hand) - 1, index))
        self.answer(self.card_text(self.focus))

    def cmd_prev_card(self) -> None:
        self._move(self.focus - 1)

    def cmd_next_card(self) -> None:
        self._move(self.focus + 1)

    def cmd_first_card(self) -> None:
        self._move(0)

    def cmd_last_card(self) -> None:
        self._move(len(self.hand()) - 1)

    def _playable_indexes(self) -> list[int]:
        cards = {a.card for a in self.legal() if a.kind in ("play", "jump_in") and a.card}
        return [i for i, c in enumerate(self.hand()) if c in cards]

    def cmd_next_playable(self) -> None:
        self._jump(1)

    def cmd_prev_playable(self) -> None:
        self._jump(-1)

    def _jump(self, step: int) -> None:
        idx = self._playable_indexes()
        if not idx:
            if self.my_turn() and self.game.phase == Phase.PLAYING:
                self.answer(_("You have no card you can play: Space draws."))
            else:
                self.answer(_("You have no card you can play now."))
            return
        after = [i for i in idx if (i > self.focus if step > 0 else i < self.focus)]
        if after:
            target = after[0] if step > 0 else after[-1]
        else:
            target = idx[0] if step > 0 else idx[-1]
        self._move(target)

    def cmd_sort_color(self) -> None:
        self.sort = "color"
        self.focus = 0
        self.answer(_("Your cards are sorted by colour.") + " " + self.hand_text())

    def cmd_sort_number(self) -> None:
        self.sort = "number"
        self.focus = 0
        self.answer(_("Your cards are sorted by number.") + " " + self.hand_text())

    def cmd_play_focused(self) -> None:
        hand = self.hand()
        if not hand:
            self.answer(_("You have no cards."))
            return
        self.focus = min(self.focus, len(hand) - 1)
        g = self.game
        if g.phase == Phase.DRAWN and g.current == HUMAN and g.drawn and hand[self.focus] != g.drawn:
            # After drawing only the drawn card can be played: Enter plays it.
            self.play_card(g.drawn)
            return
        self.play_card(hand[self.focus])

    def play_card(self, card: str, color: str | None = None, target: int | None = None) -> None:
        """Play a card (in turn, as a jump-in, a sequence or a Beep), asking what is missing."""
        from uno_cli.engine.actions import PLAY, Action

        options = [a for a in self.legal() if a.card == card and a.kind in ("play", "jump_in")]
        if color is not None:
            options = [a for a in options if a.color == color] or options
        if target is not None:
            options = [a for a in options if a.target == target] or options
        if not options:
            self.act(Action(PLAY, HUMAN, card, "r" if card in ("w", "w+4") else None))
            return
        if len({a.color for a in options}) > 1:
            self.open_color_choice(options)
            return
        if len({a.target for a in options}) > 1:
            self.target_actions = options
            self.target_focus = 0
            self.mode = "target"
            self.answer(_("Swap hands with whom? Left and Right arrows, then Enter.") + " " + self._target_text(), important=True)
            return
        self.act(options[0])

    def open_color_choice(self, actions: list[Any]) -> None:
        if self.mode == "color" and self.color_actions == actions:
            return
        self.color_actions = actions
        self.color_focus = 0
        if self.mode != "color":
            self.previous_mode = self.mode if self.mode not in ("color", "target") else "play"
        self.mode = "color"
        from uno_cli.keys import COLOR_KEYS_HELP

        self.say(_(COLOR_KEYS_HELP), important=True)

    def color_key(self, key: str) -> None:
        """A key while choosing a colour."""
        if key in ("left", "up"):
            self.color_focus = (self.color_focus - 1) % 4
            self.answer(color_name(COLOR_ORDER[self.color_focus]))
        elif key in ("right", "down"):
            self.color_focus = (self.color_focus + 1) % 4
            self.answer(color_name(COLOR_ORDER[self.color_focus]))
        elif key == "enter":
            self.choose_color(COLOR_ORDER[self.color_focus])
        elif key in ("1", "2", "3", "4"):
            self.choose_color(COLOR_ORDER[int(key) - 1])
        elif key.lower() in COLOR_ORDER:
            self.choose_color(key.lower())
        elif key == "escape":
            if self.game.phase == Phase.CHOOSE_COLOR:
                self.answer(_("You must choose a colour."), important=True)
            else:
                self.mode = "play"
                self.answer(_("Cancelled."))
        elif key == "f1":
            from uno_cli.keys import COLOR_KEYS_HELP

            self.answer(_(COLOR_KEYS_HELP))
        else:
            self.answer(_("Choose a colour: 1 red, 2 yellow, 3 green, 4 blue."))

    def choose_color(self, color: str) -> None:
        actions = [a for a in self.color_actions if a.color == color]
        self.mode = "play"
        if not actions:
            self.answer(_("You can't do that now."))
            return
        self.act(actions[0])

    def _target_text(self) -> str:
        a = self.target_actions[self.target_focus]
        return self.table.name(a.target)  # type: ignore[union-attr]

    def target_key(self, key: str) -> None:
        if key in ("left", "up"):
            self.target_focus = (self.target_focus - 1) % len(self.target_actions)
            self.answer(self._target_text())
        elif key in ("right", "down"):
            self.target_focus = (self.target_focus + 1) % len(self.target_actions)
            self.answer(self._target_text())
        elif key == "enter":
            self.mode = "play"
            self.act(self.target_actions[self.target_focus])
        elif key == "escape":
            self.mode = "play"
            self.answer(_("Cancelled."))
        else:
            self.answer(_("Left and Right arrows choose a player, Enter swaps, Escape cancels."))


    def cmd_repeat(self) -> None:
        self.out.repeat()

    def cmd_history_back(self) -> None:
        self.out.walk(-1)

    def cmd_history_forward(self) -> None:
        self.out.walk(1)

    def cmd_silence(self) -> None:
        self.out.silence()

    def cmd_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            for handle in self._handles:
                handle.cancel()
            self._handles = []
            self.answer(_("Paused. Press P to go on."), important=True)
        else:
            self.answer(_("The game goes on."))
            self.schedule_races()
        self.wake()

    def cmd_save(self) -> None:
        from uno_cli import autosave

        if not self.table.started:  # type: ignore[union-attr]
            self.answer(_("The game has not started yet."))
        elif self.save():
            self.answer(_("Game saved. It will be offered when you start again."))
        else:
            self.answer(_("The game could not be saved to {path}.").format(path=str(autosave.path())))

    def cmd_keys_help(self) -> None:
        from uno_cli.keys import help_lines

        self.answer("\n".join(help_lines()))

    def cmd_rule_book(self) -> None:
        from uno_cli.keys import RULE_BOOK_HELP
        from uno_cli.rulebook import sections

        options = self.game.options if self.table else self.config.options
        self.rule_sections = sections(self.config.preset, options)
        self.rule_index = -1
        if self.mode != "rules":
            self.previous_mode = self.mode
        self.mode = "rules"
        titles = ", ".join(h for h, _b in self.rule_sections)
        self.answer(_(RULE_BOOK_HELP) + " " + _("Sections: {titles}.").format(titles=titles))

    def rules_key(self, key: str) -> None:
        from uno_cli.keys import RULE_BOOK_HELP

        if key in ("down", "right", "pagedown", "space", "enter"):
            self.rule_index = min(len(self.rule_sections) - 1, self.rule_index + 1)
        elif key in ("up", "left", "pageup"):
            self.rule_index = max(0, self.rule_index - 1)
        elif key == "home":
            self.rule_index = 0
        elif key == "end":
            self.rule_index = len(self.rule_sections) - 1
        elif key in ("escape", "q", "f2", "c-f1"):
            self.mode = self.previous_mode if self.previous_mode != "rules" else "play"
            self.answer(_("Back to the game."))
            self.wake()
            return
        else:
            self.answer(_(RULE_BOOK_HELP))
            return
        heading, body = self.rule_sections[self.rule_index]
        self.answer(heading + ".\n" + body.replace("\n\n", "\n"))

    def cmd_options(self) -> None:
        from uno_cli.i18n import LANGUAGES
        from uno_cli.menu import Menu

        if self.table is not None and self.mode not in ("start", "between", "over"):
            self.answer(_("The options open before the match and between hands."))
            return
        self.menu = Menu(self.settings, tuple(LANGUAGES))
        self.previous_mode = self.mode
        self.mode = "menu"
        self.answer(self.menu.intro() + " " + self.menu.line())

    def menu_key(self, key: str) -> None:
        menu = self.menu
        if key in ("up",):
            self.answer(menu.move(-1))
        elif key in ("down",):
            self.answer(menu.move(1))
        elif key in ("right", "enter", "space"):
            self.answer(menu.change(1))
        elif key == "left":
            self.answer(menu.change(-1))
        elif key == "home":
            self.answer(menu.move(-len(menu.items)))
        elif key == "end":
            self.answer(menu.move(len(menu.items)))
        elif key in ("escape", "o", "O"):
            self.close_menu()
        else:
            self.answer(menu.intro())

    def close_menu(self) -> None:
        from uno_cli import settings as settings_mod

        menu = self.menu
        self.mode = self.previous_mode
        if menu is not None and menu.changed:
            old_speech = self.config.speech
            self.settings = menu.settings
            settings_mod.save(self.settings)
            self.out.verbosity = self.config.verbosity = self.settings.verbosity
            self.config.pace = self.settings.pace
            if self.settings.speech != old_speech:
                self.config.speech = self.settings.speech
                speaker = self.out.speaker
                if speaker is not None and hasattr(speaker, "close"):
                    speaker.close()
                self.out.speaker = None
                _start_speaker(self.settings.speech, self.out, self.config.lang)
            if self.mode in ("start", "over"):
                self.apply_settings()
                self.mode = "start"
                self.answer(_("Options saved. Press Enter to start."))
            else:
                self.answer(_("Options saved. Rule changes apply from the next match."))
        else:
            self.answer(_("Options closed."))
        self.wake()

    def apply_settings(self) -> None:
        """Rebuild the match to come from the settings (before a match starts)."""
        from uno_cli.playconfig import build_options

        s = self.settings
        try:
            options = build_options(s.preset, [])
            if s.rules:
                options = options.with_values(**s.rules)
            options.validate(s.players)
        except Exception:
            return
        self.config.options = options
        self.config.preset = s.preset
        self.config.players = s.players
        levels = [lv for lv in s.bots.split(",") if lv] or ["normal"]
        seat_levels: list[str | None] = [None] + [levels[i % len(levels)] for i in range(s.players - 1)]
        self.config.seats = seats_for(seat_levels)
        self.config.names = default_names(self.config, s)
        self.attach(make_session(self.config, self.on_message))

    # ---------------------------------------------------------------- quitting and questions
    def ask_quit(self) -> None:
        if self.mode == "quit":
            self.quit_now()
            return
        self.previous_mode = self.mode
        self.mode = "quit"
        self.answer(_("Quit the game? The game is saved and offered next time. Y quits, N goes on."), important=True)

    def quit_key(self, key: str) -> None:
        if key.lower() in YES_KEYS or key in ("c-c", "c-d"):
            self.quit_now()
        else:
            self.mode = self.previous_mode
            self.answer(_("The game goes on."))
            self.wake()

    def quit_now(self) -> None:
        if self.table is not None and self.table.started and self.game.phase != Phase.MATCH_OVER:
            self.save()
        self.say(_("Goodbye."))
        self.done = True
        self.wake()
        if self.on_exit is not None:
            self.on_exit()

    def resume_key(self, key: str) -> None:
        from uno_cli import autosave

        if key.lower() in YES_KEYS:
            try:
                self.config.resume = str(autosave.path())
                self.config.setup = None
                self.attach(make_session(self.config, self.on_message))
                self.sort = str(autosave.ui_state(self.resume_data or {}).get("sort", "dealt"))
            except Exception:
                self.config.resume = None
                self.answer(_("The saved game cannot be read; a new game starts."))
                self.resume_data = None
                self.mode = "start"
                self.answer(self.start_prompt())
                return
            self.resume_data = None
            self.mode = "play"
        elif key.lower() in NO_KEYS:
            autosave.clear()
            self.resume_data = None
            self.mode = "start"
            self.answer(_("The saved game is deleted.") + " " + self.start_prompt())
        else:
            self.answer(_("Resume the saved game? Y or Enter resumes, N starts a new one."), important=True)
            return
        self.wake()

    def start_prompt(self) -> str:
        return _("Press Enter to start, O for options.")

    def start_key(self, key: str) -> None:
        if key in ("enter", "space"):
            self.mode = "play"
            self.wake()
        elif key in ("o", "O"):
            self.cmd_options()
        elif key == "f1":
            self.cmd_keys_help()
        elif key in ("f2", "c-f1"):
            self.cmd_rule_book()
        else:
            self.answer(self.start_prompt())

    def between_key(self, key: str) -> bool:
        if key == "enter":
            self.mode = "play"
            self.wake()
            return True
        return False

    def over_key(self, key: str) -> None:
        if key in ("enter", "escape", "q"):
            self.quit_done()
        elif key in ("o", "O"):
            self.cmd_options()
        else:
            self.answer(_("Press Enter to leave, or O for options to play again."))

    def quit_done(self) -> None:
        self.done = True
        self.wake()
        if self.on_exit is not None:
            self.on_exit()

    # ---------------------------------------------------------------- the key dispatcher
    def key(self, key: str) -> None:
        """One key pressed on an empty line (prompt_toolkit key name, or the character)."""
        if key in ("c-c", "c-d") and self.mode != "quit":
            self.ask_quit()
            return
        mode = self.mode
        if mode == "quit":
            self.quit_key(key)
        elif mode == "resume":
            self.resume_key(key)
        elif mode == "start":
            self.start_key(key)
        elif mode == "menu":
            self.menu_key(key)
        elif mode == "rules":
            self.rules_key(key)
        elif mode == "color":
            self.color_key(key)
        elif mode == "target":
            self.target_key(key)
        elif mode == "over":
            self.over_key(key)
        else:
            if mode == "between" and self.between_key(key):
                return
            from uno_cli.keys import GAME_KEYS

            for binding in GAME_KEYS:
                if key in binding.keys:
                    self.command(binding.command)
                    return
            self.answer(_("That key does nothing. F1 lists the keys."))

    # ---------------------------------------------------------------- typed commands
    def typed(self, text: str) -> None:
        """A typed command line (``/play red 5``, ``draw``, ``uno``, ``help``...)."""
        text = text.strip()
        if text.startswith("/"):
            text = text[1:].strip()
        if not text:
            return
        if self.mode not in ("play", "between", "color", "target"):
            from uno_cli.commands import VERBS, normalize

            word = normalize(text.split()[0])
            mapping = {"start": "enter", "enter": "enter", "options": "o", "opcoes": "o", "opcije": "o",
                       "optiuni": "o", "opzioni": "o", "menu": "o"}
            verb_keys = {"quit": "c-c", "help": "f1", "rules": "f2"}
            if word in YES_WORDS:
                self.key("y")
            elif word in NO_WORDS:
                self.key("n")
            elif word in mapping:
                self.key(mapping[word])
            else:
                self.key(verb_keys.get(VERBS.get(word, ""), word))
            return
        words = text.lower().split()
        verb = words[0]
        ui = {
            "help": "keys_help", "keys": "keys_help", "?": "keys_help", "options": "options", "menu": "options",
            "pause": "pause", "repeat": "repeat", "again": "repeat", "turn": "turn", "pending": "pending",
            "colour": "color", "color": "color", "sort": "sort_color",
        }
        if verb in ("quit", "exit", "q"):
            self.ask_quit()
            return
        if verb in ("rules", "rulebook"):
            self.command("rule_book")
            return
        if verb == "save" and len(words) == 1:
            self.command("save")
            return
        if verb in ui and (len(words) == 1 or verb == "help"):
            self.command(ui[verb])
            if verb == "help":
                from uno_cli.session import help_text

                self.say(help_text())
            return
        if self.table is None:
            self.answer(_("The game has not started yet."))
            return
        if self.mode == "color" and len(words) == 1 and parse_color(verb) is not None:
            self.choose_color(parse_color(verb))  # type: ignore[arg-type]
            return
        focused = self._focused_card()
        result = self.table.handle_line(text, HUMAN)
        if result.quit:
            self.ask_quit()
        elif result.changed:
            self._after_change(focused)


#: Key commands that only read out a summary, each through the controller's ``<name>_text``.
_READ_KEYS = frozenset({"hand", "top", "color", "counts", "pending", "scores", "turn", "status"})

#: Answers to yes/no questions, typed in any of the five languages (without diacritics).
YES_WORDS = frozenset({"y", "yes", "s", "sim", "si", "d", "da"})
NO_WORDS = frozenset({"n", "no", "nao", "ne", "nu"})
#: Single keys that answer yes or no: Y or the initial of yes in pt/it (S) and ro/sr (D).
YES_KEYS = frozenset({"y", "s", "d", "enter"})
NO_KEYS = frozenset({"n", "escape"})

_COLOR_WORDS = {"r": "r", "red": "r", "y": "y", "yellow": "y", "g": "g", "green": "g", "b": "b", "blue": "b"}
def parse_color(word: str) -> str | None:
    """r/y/g/b from a colour word, an initial or 1-4 (English and the current language)."""
    word = word.lower().strip(".,")
    if word in ("1", "2", "3", "4"):
        return COLOR_ORDER[int(word) - 1]
    if word in _COLOR_WORDS:
        return _COLOR_WORDS[word]
    for c in COLOR_ORDER:
        if color_name(c).lower() == word:
            return c
    return None


def default_names(config: Any, settings: Any) -> list[str]:
    """Names given on the command line, or the player's own name from the settings."""
    given = [n for n in (getattr(config, "names", []) or []) if n]
    if given:
        return given
    return [settings.name] if settings.name else []


# --------------------------------------------------------------------------- start-up


def _explicit(name: str) -> bool:
    """True if a command-line option was given (not left to its default)."""
    try:
        import click
        from click.core import ParameterSource

        ctx = click.get_current_context(silent=True)
        if ctx is None:
            return False
        return ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)
    except Exception:
        return False


def merge_settings(config: Any, settings: Any) -> list[str | None]:
    """Fill what the command line left open from the saved settings; the seat levels."""
    from uno_cli.playconfig import BOT, build_options

    if not _explicit("lang") and settings.lang:
        try:
            from uno_cli import i18n

            code = i18n.parse_language(settings.lang)
            i18n.set_language(code)
            config.lang = code
        except Exception:
            pass
    if not _explicit("speech") and config.speech == "auto":
        config.speech = settings.speech
    if not _explicit("verbosity") and config.verbosity == "full":
        config.verbosity = settings.verbosity
    if not _explicit("pace") and config.pace is None:
        config.pace = settings.pace
    if not _explicit("preset") and not _explicit("rules") and not config.setup:
        try:
            options = build_options(settings.preset, [])
            if settings.rules:
                options = options.with_values(**settings.rules)
            players = config.players if _explicit("players") else settings.players
            options.validate(players)
            config.options = options
            config.preset = settings.preset
            if not _explicit("players"):
                config.players = players
        except Exception:
            pass
    if config.setup:
        try:
            import json

            with open(config.setup, encoding="utf-8") as f:
                config.players = int(json.load(f).get("players", config.players))
        except Exception:
            pass
    if config.seats and (_explicit("bots") or _explicit("players") or _explicit("seats")):
        seats = list(config.seats)
        while len(seats) < config.players:
            seats.append(seats[-1])
        levels: list[str | None] = [s.level if s.kind == BOT else None for s in seats[: config.players]]
        levels[HUMAN] = None
        return levels
    bot_levels = [l for l in settings.bots.split(",") if l] or ["normal"]
    return [None] + [bot_levels[i % len(bot_levels)] for i in range(config.players - 1)]


def _output_lock() -> Any:
    """Held while speech starts: its backends are muted at the descriptor level then, and a
    line printed meanwhile would be lost, so printing waits for the start to finish."""
    from uno_cli import speech

    return speech._quiet_lock


def _start_speaker(mode: str, announcer: Announcer, lang: str) -> None:
    """Start speech in the background so the first line is printed at once."""
    import threading

    def work() -> None:
        from uno_cli.speech import Speaker

        speaker = Speaker(mode)
        if speaker.available:
            speaker.set_language(lang)
        else:
            # Said once, in both "auto" and "on"; "off" never looks for speech.
            announcer.say(_("Speech is not available: the game goes on in text only."))
        announcer.set_speaker(speaker)

    if mode == "off":
        announcer.speaker = _Mute()
        return
    threading.Thread(target=work, name="speech-start", daemon=True).start()


class _Mute:
    available = False

    def speak(self, text: str, interrupt: bool = False) -> None:  # pragma: no cover - trivial
        pass

    def braille(self, text: str) -> None:  # pragma: no cover
        pass

    def silence(self) -> None:  # pragma: no cover
        pass

    def close(self) -> None:
        pass


def welcome(controller: Controller) -> None:
    """The first lines: what game, how to get help, and the first question."""
    from uno_cli import autosave
    from uno_cli.keys import short_hint

    controller.say(_("UNO.") + " " + short_hint())
    saved = autosave.read()
    if saved is not None and controller.config.resume is None and not controller.config.setup:
        hand_number = saved.get("hand", 1)
        controller.resume_data = saved
        controller.mode = "resume"
        controller.say(
            _("A game was interrupted in hand {number}. Resume it? Y or Enter resumes, N starts a new one.").format(number=hand_number),
            important=True,
        )
        return
    if controller.mode == "play":  # --resume FILE: no question, the game goes on
        return
    if controller.table is not None:
        n = controller.game.players
        controller.say(
            ngettext("You play against {count} bot.", "You play against {count} bots.", n - 1).format(count=n - 1)
            + " "
            + controller.start_prompt(),
            important=True,
        )


def seats_for(levels: list[str | None]) -> list[Any]:
    """SeatSpecs: the player for None, a bot of that level otherwise."""
    from uno_cli.playconfig import BOT, HUMAN as HUMAN_KIND, SeatSpec

    return [SeatSpec(HUMAN_KIND) if lv is None else SeatSpec(BOT, lv) for lv in levels]


def build_controller(config: Any, write: Callable[[str], None], settings: Any = None) -> Controller:
    """The controller for a configuration, with its session (a new match or ``--resume``)."""
    from uno_cli import settings as settings_mod

    settings = settings if settings is not None else settings_mod.load()
    levels = merge_settings(config, settings)
    config.seats = seats_for(levels)
    config.players = len(levels)
    config.names = default_names(config, settings)
    announcer = Announcer(write, None, config.verbosity)
    controller = Controller(config, settings, announcer)
    controller.attach(make_session(config, controller.on_message))
    if config.resume:
        controller.mode = "play"
    return controller


def _use_prompt_toolkit() -> bool:
    term = os.environ.get("TERM", "")
    if term in ("dumb", "unknown") or os.environ.get("UNO_CLI_PLAIN"):
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def run(config: Any) -> int:
    """Play interactively on this terminal; the exit code."""
    if _use_prompt_toolkit():
        return run_prompt(config)
    return run_plain(config)


# --------------------------------------------------------------------------- plain loop


def run_plain(config: Any, stdin: Any = None, stdout: Any = None) -> int:
    """The same game for terminals prompt_toolkit cannot drive: one command per line."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout

    def write(line: str) -> None:
        with _output_lock():
            stdout.write(line + "\n")
            stdout.flush()

    controller = build_controller(config, write)
    controller.say(_("Type one key name or command per line: draw, uno, play red 5, help."))
    welcome(controller)
    _start_speaker(config.speech, controller.out, config.lang)

    async def reader() -> None:
        loop = asyncio.get_running_loop()
        names = {"": "enter", "space": "space", " ": "space", "left": "left", "right": "right", "enter": "enter"}
        while not controller.done:
            line = await loop.run_in_executor(None, stdin.readline)
            if not line:
                controller.key("c-d")
                if controller.mode == "quit":
                    controller.quit_now()
                break
            raw = line.rstrip("\r\n")
            word = raw.strip()
            if word.lower() in names:
                controller.key(names[word.lower()])
            elif len(word) == 1:
                controller.key(word)
            else:
                controller.typed(word)

    async def main() -> None:
        import signal

        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGINT, lambda: controller.key("c-c"))
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # Windows: Ctrl-C ends the game, which is saved
        task = asyncio.create_task(reader())
        try:
            await _guarded(controller)
        finally:
            task.cancel()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        controller.save()
    _close(controller)
    return controller.exit_code


async def _guarded(controller: Controller) -> None:
    """Play; a bug ends the game with the game saved and the error on standard error."""
    try:
        await controller.play()
    except asyncio.CancelledError:
        raise
    except Exception:
        _report_crash(controller)


def _game_ended(controller: Controller, task: Any) -> None:
    if task.cancelled():
        return
    if task.exception() is not None:
        try:
            raise task.exception()
        except Exception:
            _report_crash(controller)


def _report_crash(controller: Controller) -> None:
    import traceback

    traceback.print_exc(file=sys.stderr)
    controller.exit_code = 1
    controller.say(_("Sorry, the game stopped because of an error. It is saved: start again to resume it."), important=True)
    controller.quit_done()


def _close(controller: Controller) -> None:
    speaker = controller.out.speaker
    if speaker is not None and hasattr(speaker, "close"):
        try:
            speaker.close()
        except Exception:
            pass


# --------------------------------------------------------------------------- prompt_toolkit


PROMPT = "> "


def make_prompt_session(controller: Controller, input: Any = None, output: Any = None) -> Any:
    """The prompt_toolkit session: a short stable prompt, keys bound on the empty line."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys

    from uno_cli.keys import GAME_KEYS

    kb = KeyBindings()
    holder: dict[str, Any] = {}

    @Condition
    def empty() -> bool:
        session = holder.get("session")
        return session is None or not session.default_buffer.text

    def bind(key: str, name: str, flt: Any = empty) -> None:
        @kb.add(key, filter=flt, eager=True)
        def _(event: Any) -> None:
            controller.key(name)

    names: set[str] = set()
    for binding in GAME_KEYS:
        names.update(binding.keys)
    names.update({"up", "down", "escape", "y", "Y", "n", "N", "d", "D", "2", "3", "4", "q", "o", "O", "enter"})
    names.update("ryg")
    for name in sorted(names):
        if name == "enter":
            continue
        bind(name, name)

    @kb.add("enter", filter=empty, eager=True)
    def _enter(event: Any) -> None:
        controller.key("enter")

    @kb.add("enter", filter=~empty, eager=True)
    def _typed(event: Any) -> None:
        buffer = event.app.current_buffer
        text = buffer.text
        buffer.reset()
        controller.typed(text)

    @kb.add("c-c", eager=True)
    def _cc(event: Any) -> None:
        event.app.current_buffer.reset()
        controller.key("c-c")

    @kb.add("c-d", eager=True)
    def _cd(event: Any) -> None:
        if event.app.current_buffer.text:
            event.app.current_buffer.delete()
            return
        controller.key("c-d")

    @kb.add("c-s", eager=True)
    def _cs(event: Any) -> None:
        controller.key("c-s")

    @kb.add(Keys.ControlF1, eager=True)
    def _cf1(event: Any) -> None:
        controller.key("c-f1")

    @kb.add(Keys.F1, eager=True)
    def _f1(event: Any) -> None:
        controller.key("f1")

    @kb.add(Keys.F2, eager=True)
    def _f2(event: Any) -> None:
        controller.key("f2")

    session = PromptSession(
        PROMPT,
        key_bindings=kb,
        input=input,
        output=output,
        reserve_space_for_menu=0,
        complete_while_typing=False,
        enable_history_search=False,
        mouse_support=False,
        erase_when_done=True,
        color_depth=None,
    )
    holder["session"] = session
    return session


def run_prompt(config: Any, input: Any = None, output: Any = None, write: Callable[[str], None] | None = None) -> int:
    """Play on a terminal with prompt_toolkit (also driven by tests through a pipe input)."""
    from prompt_toolkit.application import run_in_terminal
    from prompt_toolkit.application.current import get_app_or_none

    out_stream = sys.stdout

    def default_write(line: str) -> None:
        app = get_app_or_none()

        def emit() -> None:
            with _output_lock():
                out_stream.write(line + "\n")
                out_stream.flush()

        if app is not None and app.is_running:
            run_in_terminal(emit, in_executor=False)
        else:
            emit()

    controller = build_controller(config, write or default_write)
    welcome(controller)
    _start_speaker(config.speech, controller.out, config.lang)
    session = make_prompt_session(controller, input=input, output=output)

    def leave() -> None:
        app = session.app
        if app.is_running and not app.future.done():
            app.exit(result=None)

    controller.on_exit = leave

    async def main() -> None:
        game = asyncio.create_task(controller.play())
        game.add_done_callback(lambda task: _game_ended(controller, task))
        try:
            while not controller.done:
                try:
                    await session.prompt_async()
                except KeyboardInterrupt:
                    controller.key("c-c")
                except EOFError:
                    controller.key("c-d")
                if game.done():
                    break
        finally:
            game.cancel()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        controller.save()
    _close(controller)
    return controller.exit_code
