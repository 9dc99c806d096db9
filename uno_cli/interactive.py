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
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from uno_cli.i18n import _, ngettext

HUMAN = 0
IN_TURN_PHASES = ("play", "drawn", "pending", "color")
COLOR_ORDER = ("r", "y", "g", "b")
BOT_NAMES = ("Ana", "Ben", "Carla", "Dan", "Eva", "Filip", "Greta", "Hugo", "Iris")
ECHO_ENV = "UNO_CLI_ECHO_KEYS"


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


# --------------------------------------------------------------------------- the table


class Table:
    """The game, its seats (seat 0 is the player), names and bots, and their save."""

    def __init__(self, game: Any, names: list[str], levels: list[str | None], seed: int) -> None:
        from uno_cli.bots import make_bot

        self.game = game
        self.names = names
        self.levels = levels
        self.seed = seed
        self.bots: dict[int, Any] = {}
        for seat, level in enumerate(levels):
            if level is not None:
                self.bots[seat] = make_bot(level, seat, random.Random(seed * 1009 + seat))

    @classmethod
    def new(cls, config: Any, levels: list[str | None], names: list[str]) -> Table:
        """A new match from the play configuration."""
        from uno_cli.engine import Game

        seed = config.seed if config.seed is not None else random.SystemRandom().randrange(1 << 31)
        if config.setup:
            from uno_cli.engine import state_io

            with open(config.setup, encoding="utf-8") as f:
                game = state_io.loads(f.read(), seed=seed, base=config.options)
        else:
            game = Game(len(levels), config.options, seed)
        return cls(game, names, levels, seed)

    def name(self, seat: int | None) -> str:
        """A seat's name."""
        if seat is None:
            return ""
        return self.names[seat] if seat < len(self.names) else str(seat + 1)

    def to_payload(self, extra: dict[str, Any]) -> dict[str, Any]:
        """Everything needed to continue exactly: game, seats, names, bots' generators."""
        from uno_cli.engine import state_io

        rng = {}
        for seat, bot in self.bots.items():
            version, internal, gauss = bot.rng.getstate()
            rng[str(seat)] = [version, list(internal), gauss]
        return {
            "game": state_io.to_dict(self.game),
            "names": self.names,
            "levels": self.levels,
            "seed": self.seed,
            "bot_rng": rng,
            **extra,
        }

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> Table:
        """The table saved by :meth:`to_payload`."""
        from uno_cli.engine import state_io

        game = state_io.from_dict(data["game"])
        table = cls(game, list(data["names"]), list(data["levels"]), int(data.get("seed", 0)))
        for seat, state in (data.get("bot_rng") or {}).items():
            bot = table.bots.get(int(seat))
            if bot is not None:
                bot.rng.setstate((state[0], tuple(state[1]), state[2]))
        return table


# --------------------------------------------------------------------------- describing events


def describe_events(events: list[Any], table: Table, viewer: int, verbosity: str) -> list[tuple[str, bool]]:
    """(sentence, important) for each event the player should hear."""
    out: list[tuple[str, bool]] = []
    for ev in events:
        text, important = _describe(ev, table, viewer, verbosity)
        if text:
            out.append((text, important))
    return out


def _describe(ev: Any, table: Table, viewer: int, verbosity: str) -> tuple[str, bool]:
    d = ev.visible_to(viewer)
    kind = ev.type
    seat = ev.seat
    you = seat == viewer
    name = table.name(seat)
    full = verbosity == "full"
    if kind == "hand_start":
        return _("Hand {number}.").format(number=d.get("hand")), False
    if kind == "dealer_chosen":
        if you:
            return _("You deal."), False
        return _("{name} deals.").format(name=name), False
    if kind == "hand_dealt":
        if you and "cards" in d:
            from uno_cli.engine.cards import CARD_COLOR  # noqa: F401

            cards = ", ".join(card_name(c) for c in sorted(d["cards"], key=sort_key_color))
            return _("Your cards: {cards}.").format(cards=cards), False
        return "", False
    if kind == "first_card":
        return _("The first card is a {card}.").format(card=card_name(d["card"])), False
    if kind == "first_card_returned":
        return _("A Wild Draw Four goes back into the deck."), False
    if kind == "turn":
        if you:
            return _("It's your turn."), True
        return (_("It's {name}'s turn.").format(name=name), False) if full else ("", False)
    if kind == "play":
        card = card_name(d["card"], d.get("color") if d["card"] in ("w", "w+4") else None)
        how = d.get("how")
        if how == "jump_in":
            if you:
                return _("You jump in with a {card}.").format(card=card), False
            return _("{name} jumps in with a {card}!").format(name=name, card=card), False
        if you:
            return _("You play a {card}.").format(card=card), False
        return _("{name} plays a {card}.").format(name=name, card=card), False
    if kind == "color_chosen":
        if you:
            return _("You choose {color}.").format(color=color_name(d["color"])), False
        return _("{name} chooses {color}.").format(name=name, color=color_name(d["color"])), False
    if kind == "draw":
        n = d.get("count", 1)
        if you and "cards" in d:
            cards = ", ".join(card_name(c) for c in d["cards"])
            return ngettext("You draw a {cards}.", "You draw {count} cards: {cards}.", n).format(
                count=n, cards=cards
            ), False
        return ngettext("{name} draws a card.", "{name} draws {count} cards.", n).format(name=name, count=n), False
    if kind == "cannot_draw":
        return _("There are no cards left to draw."), False
    if kind == "playable_drawn":
        if you:
            return _("You can play it: Enter plays it, Space keeps it."), True
        return "", False
    if kind == "pass":
        if you:
            return _("You keep the card."), False
        return _("{name} keeps the card.").format(name=name), False
    if kind == "cannot_play":
        if you:
            return _("You can't play."), False
        return _("{name} can't play.").format(name=name), False
    if kind == "skip":
        if you:
            return _("Your turn is skipped."), True
        return _("{name}'s turn is skipped.").format(name=name), False
    if kind == "reverse":
        return _("The direction of play is reversed."), False
    if kind == "pending":
        total = d.get("total", 0)
        if you:
            return ngettext(
                "You must draw {count} card, unless you can answer.",
                "You must draw {count} cards, unless you can answer.",
                total,
            ).format(count=total), True
        return "", False
    if kind == "uno":
        if you:
            return _("You say UNO!"), False
        return _("{name} says UNO!").format(name=name), False
    if kind == "uno_missed":
        if you:
            return _("You have one card and did not say UNO! Press U quickly."), True
        return _("{name} has one card and did not say UNO!").format(name=name), True
    if kind == "caught":
        by = d.get("by")
        n = d.get("count", 2)
        if you:
            return ngettext(
                "{by} catches you without UNO! You draw {count} card.",
                "{by} catches you without UNO! You draw {count} cards.",
                n,
            ).format(by=table.name(by), count=n), False
        if by == viewer:
            return _("You catch {name} without UNO!").format(name=name), False
        return _("{by} catches {name} without UNO!").format(by=table.name(by), name=name), False
    if kind == "challenge":
        target = table.name(d.get("target"))
        if you:
            return _("You challenge {name}'s Wild Draw Four.").format(name=target), False
        return _("{name} challenges the Wild Draw Four.").format(name=name), False
    if kind == "challenge_result":
        guilty = d.get("guilty")
        target = d.get("target")
        who = _("You") if target == viewer else table.name(target)
        if guilty:
            return _("{name} bluffed!").format(name=who), False
        return _("{name} did not bluff.").format(name=who), False
    if kind == "card_returned":
        return _("The Wild Draw Four goes back to {name}.").format(name=_("you") if you else name), False
    if kind in ("reshuffle", "shuffle"):
        return (_("The pile is shuffled."), False) if full else ("", False)
    if kind == "missed_jump_in":
        pts = d.get("points", 0)
        if you:
            return ngettext("Too late! You take {count} penalty point.", "Too late! You take {count} penalty points.", pts).format(count=pts), False
        return ngettext("{name} jumps in too late and takes {count} penalty point.", "{name} jumps in too late and takes {count} penalty points.", pts).format(name=name, count=pts), False
    if kind == "swap":
        target = d.get("target")
        if you:
            return _("You swap hands with {name}.").format(name=table.name(target)), False
        if target == viewer:
            return _("{name} swaps hands with you.").format(name=name), False
        return _("{name} swaps hands with {other}.").format(name=name, other=table.name(target)), False
    if kind == "rotate":
        return _("Every hand passes on to the next player."), False
    if kind == "beep_race":
        if you:
            return _("You play a Beep! Everyone must answer."), False
        return _("Beep! Press B now!"), True
    if kind == "beep_answer":
        if you:
            return _("You answer the Beep."), False
        return (_("{name} answers.").format(name=name), False) if full else ("", False)
    if kind == "beep_slowest":
        if you:
            return _("You were the slowest to answer and draw 2 cards."), False
        return _("{name} was the slowest to answer.").format(name=name), False
    if kind == "hand_end":
        winner = d.get("winner")
        if winner is None:
            return _("Nobody can play: the hand is over."), True
        gained = d.get("gained")
        if winner == viewer:
            text = _("You win the hand!")
        else:
            text = _("{name} wins the hand.").format(name=table.name(winner))
        if isinstance(gained, int) and gained:
            text += " " + ngettext("{count} point.", "{count} points.", gained).format(count=gained)
        return text, True
    if kind == "eliminated":
        if you:
            return _("You are out of the match."), True
        return _("{name} is out of the match.").format(name=name), False
    if kind == "match_end":
        winners = d.get("winners", [])
        if viewer in winners:
            return _("You win the match!"), True
        return _("{names} wins the match.").format(names=", ".join(table.name(w) for w in winners)), True
    return "", False


def why_text(exc: Any, table: Table) -> str:
    """A sentence for an IllegalAction: you can't do that now, and why."""
    code = getattr(exc, "code", "")
    d = getattr(exc, "detail", {}) or {}
    g = table.game
    if code == "not_your_turn":
        return _("You can't do that now: it's {name}'s turn.").format(name=table.name(g.current))
    if code == "does_not_match":
        return _("You can't play that card: it matches neither the colour {color} nor the {top}.").format(
            color=color_name(g.color), top=card_name(g.top) if g.top else ""
        )
    if code == "wild_draw_four_condition":
        return _("You can't play the Wild Draw Four while you hold a card of the colour in play.")
    if code == "must_answer_draw":
        return ngettext(
            "You can't do that now: first take the {count} card (Space) or answer it.",
            "You can't do that now: first take the {count} cards (Space) or answer them.",
            g.pending,
        ).format(count=g.pending)
    if code == "already_drawn":
        return _("You have already drawn: Enter plays the drawn card, Space keeps it.")
    if code == "only_drawn_card":
        return _("After drawing you can only play the card you drew: the {card}.").format(card=card_name(d.get("card") or ""))
    if code == "uno_not_now":
        return _("Nobody to catch, and you can say UNO only with two cards, or one before anyone catches you.")
    if code == "nobody_to_catch":
        return _("Nobody has UNO to catch.")
    if code in ("no_beep", "already_answered"):
        return _("There is no Beep to answer.")
    if code == "answer_beep":
        return _("You can't do that now: answer the Beep first with B.")
    if code in ("nothing_to_challenge", "nothing_to_answer", "cannot_challenge_stack"):
        return _("There is no Wild Draw Four to challenge.")
    if code == "option_off":
        return _("That rule is off in this game.")
    if code in ("hand_over", "game_over"):
        return _("You can't do that now: the hand is over.")
    if code == "choose_color":
        return _("Choose a colour first.")
    if code == "must_play_legal":
        return _("You must play a card that matches.")
    if code == "cannot_jump_in":
        return _("You can't jump in with that card now.")
    if code == "not_in_hand":
        return _("You don't have that card.")
    if code == "draw_first":
        return _("You can't do that now.")
    return _("You can't do that now.")


# --------------------------------------------------------------------------- the controller


class Controller:
    """What the keys and typed commands do, and the loop that plays the match."""

    def __init__(self, config: Any, settings: Any, announcer: Announcer, table: Table | None = None) -> None:
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

        if self.table is None:
            return False
        return autosave.write(self.table.to_payload({"sort": self.sort}))

    # ---------------------------------------------------------------- acting
    def apply(self, action: Any) -> list[Any]:
        """Apply an action (any seat) and announce, save and schedule what follows."""
        from uno_cli.engine.actions import ANSWER, CATCH, JUMP_IN, PLAY, UNO

        g = self.game
        focused = None
        hand = self.hand()
        if hand and 0 <= self.focus < len(hand):
            focused = hand[self.focus]
        events = g.apply(action)
        for bot in self.table.bots.values():  # type: ignore[union-attr]
            bot.observe(events)
        if action.seat != HUMAN and action.kind in (ANSWER, CATCH, JUMP_IN, UNO) or (
            action.seat != HUMAN and action.kind == PLAY and action.seat != g.current
        ):
            self.last_race = (action.kind, action.seat, time.monotonic())
        if action.seat == HUMAN:
            beaten = [s for s, (a, _t) in self.race_offers.items() if a.kind == action.kind and a.kind in (ANSWER, CATCH, JUMP_IN)]
            if beaten:
                self.say(_("You were faster than {name}.").format(name=self.table.name(beaten[0])))  # type: ignore[union-attr]
        for text, important in describe_events(events, self.table, HUMAN, self.out.verbosity):  # type: ignore[arg-type]
            self.say(text, important=important)
        # Keep the focus on the same card when the hand changes.
        hand = self.hand()
        if focused in hand:
            self.focus = hand.index(focused)
        else:
            self.focus = min(self.focus, max(0, len(hand) - 1))
        self.save()
        if g.phase == "match_over":
            from uno_cli import autosave

            autosave.clear()
        self.schedule_races()
        if g.current == HUMAN and g.phase == "color" and not g.eliminated[HUMAN]:
            self.open_color_choice([a for a in g.legal_actions(HUMAN) if a.kind == "color"])
        self.wake()
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
        if self.last_race and time.monotonic() - self.last_race[2] < 4 and self.last_race[0] in (
            action.kind,
            "play" if action.kind == "jump_in" else "",
        ):
            text = _("Too late! {name} was faster.").format(name=self.table.name(self.last_race[1]))
        self.answer(text)
        return False

    def schedule_races(self) -> None:
        """Ask every bot whether it reacts out of turn, and time its reaction."""
        if self._loop is None or self.table is None:
            return
        for handle in self._handles:
            handle.cancel()
        self._handles = []
        self.race_offers = {}
        g = self.game
        if g.phase not in IN_TURN_PHASES and g.phase != "beep":
            return
        for seat, bot in self.table.bots.items():
            if g.eliminated[seat]:
                continue
            if seat == g.current and g.phase in IN_TURN_PHASES:
                continue  # its turn: played by the main loop
            legal = g.legal_actions(seat)
            if not legal:
                continue
            choice = bot.choose(g.view(seat))
            if choice is None:
                continue
            delay = bot.reaction_time()
            self.race_offers[seat] = (choice, delay)
            self._handles.append(self._loop.call_later(delay, self._bot_race, seat, choice))

    def _bot_race(self, seat: int, action: Any) -> None:
        self.race_offers.pop(seat, None)
        if self.table is None or self.paused or self.mode == "quit":
            return
        if action in self.game.legal_actions(seat):
            try:
                self.apply(action)
            except Exception:  # pragma: no cover - a bot must never stop the game
                pass

    # ---------------------------------------------------------------- the match loop
    async def play(self) -> None:
        """Play hands until the match ends (or the player quits)."""
        from uno_cli.engine.actions import TURN_KINDS

        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        if self.resume_data is not None or self.mode == "resume":
            await self._wait_mode_not("resume")
        if self.mode == "start":
            await self._wait_mode_not("start")
        while not self.done:
            g = self.game
            if g.phase == "match_over":
                self.say(self.scores_text(), important=True)
                self.say(_("The match is over. Press Enter to leave, or O for options to play again."), important=True)
                self.mode = "over"
                await self._wait_mode_not("over")
                continue
            if g.phase == "setup":
                self.after_start(g.start())
                continue
            if g.phase == "hand_over":
                await self.between_hands()
                if self.done:
                    break
                if self.game.phase == "hand_over":
                    self.after_start(self.game.start_hand())
                continue
            if self.paused or self.mode in ("menu", "quit", "rules"):
                await self._sleep_until_change(0.5)
                continue
            if g.phase == "beep" or self.my_turn():
                if self.my_turn() and self.mode == "play" and g.phase == "color":
                    self.open_color_choice([a for a in g.legal_actions(HUMAN) if a.kind == "color"])
                await self._sleep_until_change(None)
                continue
            bot = self.table.bots.get(g.current)  # type: ignore[union-attr]
            if bot is None:
                await self._sleep_until_change(None)
                continue
            version = g.version
            await self._sleep_until_change(self.bot_delay())
            if self.game.version != version or self.paused or self.mode in ("menu", "quit") or self.done:
                continue
            seat = g.current
            choice = bot.choose(g.view(seat))
            legal = g.legal_actions(seat)
            if choice is None or choice not in legal:
                turn = [a for a in legal if a.kind in TURN_KINDS]
                choice = turn[0] if turn else (legal[0] if legal else None)
            if choice is not None:
                self.apply(choice)

    def bot_delay(self) -> float:
        """Seconds before the next bot move: the pace, longer while a race is open for the player."""
        pace = self.config.pace if self.config.pace is not None else self.settings.pace
        g = self.game
        mine = [a for a in g.legal_actions(HUMAN) if a.kind in ("uno", "catch", "jump_in", "play")]
        if mine and not self.my_turn():
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

    def after_start(self, events: list[Any]) -> None:
        """Announce the events of a new match or hand, then save."""
        for bot in self.table.bots.values():  # type: ignore[union-attr]
            bot.observe(events)
        self.focus = 0
        for text, important in describe_events(events, self.table, HUMAN, self.out.verbosity):  # type: ignore[arg-type]
            self.say(text, important=important)
        self.save()
        self.schedule_races()
        g = self.game
        if g.current == HUMAN and g.phase == "color":
            self.open_color_choice([a for a in g.legal_actions(HUMAN) if a.kind == "color"])

    async def between_hands(self) -> None:
        """The pause between hands: the scores, then the next hand after a few seconds."""
        self.say(self.scores_text())
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
        g = self.game
        if not g.top:
            return _("There is no card on the pile yet.")
        return _("Top card: {card}.").format(card=card_name(g.top))

    def color_text(self) -> str:
        g = self.game
        if not g.color:
            return _("No colour is in play yet.")
        return _("The colour in play is {color}.").format(color=color_name(g.color))

    def counts_text(self) -> str:
        g = self.game
        parts = []
        for seat in range(g.players):
            if g.eliminated[seat]:
                continue
            n = len(g.hands[seat])
            who = _("You") if seat == HUMAN else self.table.name(seat)  # type: ignore[union-attr]
            parts.append(ngettext("{name}: {count} card", "{name}: {count} cards", n).format(name=who, count=n))
        return "; ".join(parts) + "."

    def pending_text(self) -> str:
        g = self.game
        if g.phase != "pending" or not g.pending:
            return _("No draw penalty is waiting.")
        who = _("you") if g.current == HUMAN else self.table.name(g.current)  # type: ignore[union-attr]
        return ngettext(
            "A penalty of {count} card waits for {name}.", "A penalty of {count} cards waits for {name}.", g.pending
        ).format(count=g.pending, name=who)

    def scores_text(self) -> str:
        g = self.game
        parts = []
        for seat in range(g.players):
            who = _("You") if seat == HUMAN else self.table.name(seat)  # type: ignore[union-attr]
            parts.append(_("{name} {points}").format(name=who, points=g.scores[seat]))
        return _("Scores: {scores}.").format(scores=", ".join(parts))

    def turn_text(self) -> str:
        g = self.game
        if g.phase in ("hand_over", "setup"):
            return _("The hand is over.")
        if g.phase == "match_over":
            return _("The match is over.")
        if g.phase == "beep":
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
        return " ".join([self.turn_text(), self.top_text(), self.color_text(), self.counts_text(), self.pending_text()])

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
        if g.phase == "pending" and g.current == HUMAN:
            self.act(Action(ACCEPT, HUMAN))
        elif g.phase == "drawn" and g.current == HUMAN:
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
            if self.my_turn() and self.game.phase == "play":
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
        from uno_cli.engine.actions import PLAY, Action

        hand = self.hand()
        if not hand:
            self.answer(_("You have no cards."))
            return
        self.focus = min(self.focus, len(hand) - 1)
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
            if self.game.phase == "color":
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

    def cmd_hand(self) -> None:
        self.answer(self.hand_text())

    def cmd_top(self) -> None:
        self.answer(self.top_text())

    def cmd_color(self) -> None:
        self.answer(self.color_text())

    def cmd_counts(self) -> None:
        self.answer(self.counts_text())

    def cmd_pending(self) -> None:
        self.answer(self.pending_text())

    def cmd_scores(self) -> None:
        self.answer(self.scores_text())

    def cmd_turn(self) -> None:
        self.answer(self.turn_text())

    def cmd_status(self) -> None:
        self.answer(self.status_text())

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

        if self.save():
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
            self.settings = menu.settings
            settings_mod.save(self.settings)
            self.out.verbosity = self.settings.verbosity
            if self.mode in ("start", "over"):
                self.apply_settings()
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
        levels = [l for l in s.bots.split(",") if l] or ["normal"]
        seat_levels: list[str | None] = [None] + [levels[i % len(levels)] for i in range(s.players - 1)]
        self.table = Table.new(self.config, seat_levels, default_names(self.config, s, s.players))

    # ---------------------------------------------------------------- quitting and questions
    def ask_quit(self) -> None:
        if self.mode == "quit":
            self.quit_now()
            return
        self.previous_mode = self.mode
        self.mode = "quit"
        self.answer(_("Quit the game? The game is saved and offered next time. Y quits, N goes on."), important=True)

    def quit_key(self, key: str) -> None:
        if key.lower() in ("y", "enter", "c-c", "c-d"):
            self.quit_now()
        else:
            self.mode = self.previous_mode
            self.answer(_("The game goes on."))
            self.wake()

    def quit_now(self) -> None:
        if self.table is not None and self.game.phase != "match_over":
            self.save()
        self.say(_("Goodbye."))
        self.done = True
        self.wake()
        if self.on_exit is not None:
            self.on_exit()

    def resume_key(self, key: str) -> None:
        from uno_cli import autosave

        if key.lower() in ("y", "enter"):
            try:
                self.table = Table.from_payload(self.resume_data or {})
                self.sort = str((self.resume_data or {}).get("sort", "dealt"))
            except Exception:
                self.answer(_("The saved game cannot be read; a new game starts."))
                self.resume_data = None
                self.mode = "start"
                self.answer(self.start_prompt())
                return
            self.resume_data = None
            self.mode = "play"
            self.answer(_("The saved game goes on.") + " " + self.status_text() + " " + self.hand_text(), important=True)
            self.schedule_races()
            g = self.game
            if g.current == HUMAN and g.phase == "color":
                self.open_color_choice([a for a in g.legal_actions(HUMAN) if a.kind == "color"])
        elif key.lower() in ("n", "escape"):
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
            if key in ("r", "R") and False:
                pass
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
            word = text.split()[0].lower()
            mapping = {"y": "y", "yes": "y", "n": "n", "no": "n", "start": "enter", "enter": "enter", "options": "o", "quit": "c-c", "help": "f1", "rules": "f2"}
            self.key(mapping.get(word, word))
            return
        words = text.lower().split()
        verb, args = words[0], words[1:]
        simple = {
            "draw": "draw", "d": "draw", "pass": "draw", "keep": "draw", "accept": "draw", "take": "draw",
            "uno": "uno", "catch": "uno", "answer": "answer", "beep": "answer", "challenge": "challenge",
            "hand": "hand", "cards": "hand", "top": "top", "colour": "color", "color": "color" if not args else "",
            "counts": "counts", "pending": "pending", "scores": "scores", "score": "scores", "turn": "turn",
            "status": "status", "repeat": "repeat", "pause": "pause", "save": "save", "help": "keys_help", "keys": "keys_help",
            "rules": "rule_book", "options": "options", "menu": "options",
        }
        if verb in ("quit", "exit", "q"):
            self.ask_quit()
            return
        if verb in ("color", "colour", "choose") and args:
            color = parse_color(args[0])
            if color is None:
                self.answer(_("Name a colour: red, yellow, green or blue."))
            elif self.mode == "color":
                self.choose_color(color)
            else:
                from uno_cli.engine.actions import COLOR, Action

                self.act(Action(COLOR, HUMAN, None, color))
            return
        if simple.get(verb):
            self.command(simple[verb])
            return
        if verb in ("play", "p", "jump") or parse_card(words) is not None:
            card_words = args if verb in ("play", "p", "jump") else words
            parsed = parse_card(card_words)
            if parsed is None:
                self.answer(_("Which card? For example: play red 5, play wild blue, play r+2."))
                return
            card, color, target = parsed
            if card not in self.game.hands[HUMAN]:
                self.answer(_("You don't have a {card}.").format(card=card_name(card)))
                return
            self.play_card(card, color, target)
            return
        self.answer(_("I don't know the command {command}. /help lists the keys and commands.").format(command=text))


_COLOR_WORDS = {"r": "r", "red": "r", "y": "y", "yellow": "y", "g": "g", "green": "g", "b": "b", "blue": "b"}
_RANK_WORDS = {"skip": "s", "s": "s", "reverse": "r", "rev": "r", "+2": "+2", "draw2": "+2", "drawtwo": "+2"}


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


def parse_card(words: list[str]) -> tuple[str, str | None, int | None] | None:
    """A card code (and a wild's colour, a 7's target) from typed words: ``r5``, ``red 5``, ``wild blue``."""
    from uno_cli.engine.cards import is_card

    if not words:
        return None
    joined = "".join(words)
    if is_card(joined):
        return joined, None, None
    first = words[0]
    if is_card(first):
        rest = words[1:]
        color = parse_color(rest[0]) if rest else None
        target = int(rest[0]) - 1 if rest and rest[0].isdigit() and first not in ("w", "w+4") else None
        return first, color, target
    if first in ("wild", "w", "+4", "w+4", "wild+4", "wd4"):
        rest = words[1:]
        code = "w"
        if first in ("+4", "w+4", "wild+4", "wd4") or (rest and rest[0] in ("+4", "draw4", "four")):
            code = "w+4"
            if rest and rest[0] in ("+4", "draw4", "four"):
                rest = rest[1:]
        color = parse_color(rest[0]) if rest else None
        return code, color, None
    if first == "beep":
        return "beep", None, None
    color = parse_color(first)
    if color is not None and len(words) >= 2:
        rank = words[1]
        rank = _RANK_WORDS.get(rank, rank)
        code = color + rank
        if is_card(code):
            target = int(words[2]) - 1 if len(words) > 2 and words[2].isdigit() else None
            return code, None, target
    return None


def default_names(config: Any, settings: Any, players: int) -> list[str]:
    """The names at the table: the player's, then the bots'."""
    given = list(getattr(config, "names", []) or [])
    me = given[0] if given else (settings.name or _("You"))
    others = given[1:] + [n for n in BOT_NAMES if n not in given]
    return [me] + others[: players - 1]


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
    if _explicit("bots") or _explicit("players") or _explicit("seats") or config.setup:
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
        elif mode == "on":
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
        try:
            game = saved["game"]
            hand_number = game.get("hand", 1)
        except Exception:
            hand_number = 1
        controller.resume_data = saved
        controller.mode = "resume"
        controller.say(
            _("A game was interrupted in hand {number}. Resume it? Y or Enter resumes, N starts a new one.").format(number=hand_number),
            important=True,
        )
        return
    if controller.table is not None:
        n = controller.game.players
        controller.say(
            ngettext("You play against {count} bot.", "You play against {count} bots.", n - 1).format(count=n - 1)
            + " "
            + controller.start_prompt(),
            important=True,
        )


def build_controller(config: Any, write: Callable[[str], None], settings: Any = None) -> Controller:
    """The controller for a configuration, with its table (or the resumed one)."""
    from uno_cli import settings as settings_mod

    settings = settings if settings is not None else settings_mod.load()
    levels = merge_settings(config, settings)
    announcer = Announcer(write, None, config.verbosity)
    names = default_names(config, settings, len(levels))
    controller = Controller(config, settings, announcer)
    if config.resume:
        import json

        with open(config.resume, encoding="utf-8") as f:
            data = json.load(f)
        if "game" in data and "levels" in data:
            controller.table = Table.from_payload(data)
        else:
            from uno_cli.engine import state_io

            game = state_io.from_dict(data)
            controller.table = Table(game, default_names(config, settings, game.players), [None] + ["normal"] * (game.players - 1), config.seed or 0)
        controller.mode = "play"
    else:
        controller.table = Table.new(config, levels, names)
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
    _start_speaker(config.speech, controller.out, config.lang)
    controller.say(_("Type one key name or command per line: draw, uno, play red 5, help."))
    welcome(controller)

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
        task = asyncio.create_task(reader())
        try:
            await controller.play()
        finally:
            task.cancel()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        controller.save()
    _close(controller)
    return controller.exit_code


def _close(controller: Controller) -> None:
    speaker = controller.out.speaker
    if speaker is not None and hasattr(speaker, "close"):
        try:
            speaker.close()
        except Exception:
            pass


# --------------------------------------------------------------------------- prompt_toolkit


PROMPT = "> "


def make_session(controller: Controller, input: Any = None, output: Any = None) -> Any:
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

    @Condition
    def special_mode() -> bool:
        return controller.mode not in ("play", "between")

    def bind(key: str, name: str, flt: Any = empty) -> None:
        @kb.add(key, filter=flt, eager=True)
        def _(event: Any) -> None:
            controller.key(name)

    names: set[str] = set()
    for binding in GAME_KEYS:
        names.update(binding.keys)
    names.update({"up", "down", "escape", "y", "Y", "n", "N", "2", "3", "4", "q", "o", "O", "enter"})
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
    _start_speaker(config.speech, controller.out, config.lang)
    session = make_session(controller, input=input, output=output)
    welcome(controller)

    def leave() -> None:
        app = session.app
        if app.is_running and not app.future.done():
            app.exit(result=None)

    controller.on_exit = leave

    async def main() -> None:
        game = asyncio.create_task(controller.play())
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
