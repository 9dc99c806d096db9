"""One table of the server: seats, watchers and a match on the one race clock, in real time.

A table owns a :class:`uno_cli.play.session.Session` (the same game as everywhere: engine,
bots, the :class:`uno_cli.play.race.Referee`). Each change is rendered for every member
separately: in the member's language and verbosity, from its seat's point of view
(:func:`uno_cli.play.wire.event_json` keeps a seat's secrets to that seat; a watcher sees only
public events). The match is played on the one real-time driver (:mod:`uno_cli.play.driver`), as
the interactive game is; a player's line is applied the moment it arrives at the server
(races are decided on arrival). A seat whose player is away waits ``away_timeout``
seconds, then a bot plays it until the player is back.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from uno_cli.words import describe as d
from uno_cli.words import messagetypes as mt
from uno_cli.engine.seats import Seat, all_seats, seat_number
from uno_cli.play.commands import parse, spoken_moves
from uno_cli.play.driver import NEXT_HAND_SECONDS, Driver, Pacing
from uno_cli.engine import Action, Phase
from uno_cli.engine.events import EventKind
from uno_cli.engine.errors import IllegalAction
from uno_cli.words import net as net_words
from uno_cli.words.i18n import get_translator
from uno_cli.play.playconfig import BOT, SCRIPT, PlayConfig, SeatSpec
from uno_cli.play.race import Referee, bot_rng
from uno_cli.play.narrator import Message, important, said
from uno_cli.play.session import Session
from uno_cli.play.wire import hello_json, json_line, json_text, prompt_json, prompt_legal, seats_in

if TYPE_CHECKING:
    from uno_cli.net.hub import Member

WAITING, PLAYING, OVER = "waiting", "playing", "over"
#: Seconds a player who is connected may take to act before a bot makes that move for them.
TURN_LIMIT = 120.0
#: Commands a table refuses below (no files on the server; a seat leaves with the lobby's
#: "leave"): its help leaves them out.
REFUSED_AT_TABLE = frozenset({"save", "quit"})
#: A turn limit's timer that comes this close to the limit (seconds) ends it: the loop runs a timer
#: up to its clock's resolution early.
LIMIT_SLACK = 0.001


class Table:
    """A table: who sits where, who watches, and the match once it has started."""

    def __init__(self, number: int, name: str, creator: str, config: PlayConfig, bot_level: str,
                 clock: Any) -> None:
        self.number = number
        self.name = name
        self.creator = creator
        self.config = config
        self.bot_level = bot_level
        self.clock = clock
        #: Seconds a bot takes in its turn at this table (``create ... pace=S``; else the server's).
        self.pace: float = clock.pace if config.pace is None else config.pace
        #: The name of the player owning each seat (None: a bot's seat).
        self.owners: list[str | None] = [None] * config.players
        self.members: list[Member] = []
        self.session: Session | None = None
        self.state = WAITING
        self.driver = TableDriver(self)
        """The match's timers: bots, the pause between hands, turn limits, seats away."""
        self._speaker: Member | None = None
        #: Seats whose player is away, with the loop time the bot takes over.
        self.away: dict[Seat, float] = {}
        self._takeover_bots: dict[Seat, Any] = {}
        self._stand_ins: dict[Seat, Any] = {}
        self._prompted: dict[int, tuple[Any, ...]] = {}
        #: Each seat's turn limit: (the loop time it runs out, the game's version and hand then), and
        #: the timer that comes at or before it (moved when it comes, not at every change).
        self._limits: dict[Seat, tuple[float, int, int]] = {}
        self._limit_timers: dict[Seat, asyncio.TimerHandle] = {}
        self.saved: Any = None
        """Called with the table after a change worth saving (the hub's saver), or None."""
        #: The engine's actions applied since the hub last saved this table, in order (the hub
        #: appends them to the table's log); None once the game changed otherwise (a deal).
        self.moves: list[Action] | None = None
        #: Whether a name belongs to a player of the server (connected or registered): no bot gets it.
        self.name_in_use: Any = lambda name: False
        #: A private table's code (``create NAME code=WORD``): without it, only its seats and the invited enter.
        self.code: str | None = None
        #: Names the creator invited (they enter without the code), and names the creator removed
        #: (they enter again only when invited again).
        self.invited: set[str] = set()
        self.removed: set[str] = set()

    # ------------------------------------------------------------------ seats

    @property
    def taken(self) -> int:
        """Seats with an owner."""
        return sum(1 for o in self.owners if o is not None)

    def seat_of(self, name: str) -> Seat | None:
        """The seat owned by ``name``, or None."""
        return next((s for s, o in zip(all_seats(len(self.owners)), self.owners) if o == name), None)

    def admits(self, name: str, code: str = "") -> bool:
        """Whether ``name`` may sit at or watch this table: its seats, the invited, then (unless removed)
        anyone at a public table, or with the private table's code."""
        import hmac

        from uno_cli.play.commands import normalize

        if name == self.creator or self.seat_of(name) is not None or name in self.invited:
            return True
        if name in self.removed:
            return False
        if self.code is None:
            return True
        # Codes are said aloud: case and accents do not matter.
        return hmac.compare_digest(normalize(code).encode("utf-8"), normalize(self.code).encode("utf-8"))

    def sit(self, member: Member) -> Seat | None:
        """Give ``member`` its seat (again) or a free one before the start; None if none."""
        seat = self.seat_of(member.name)
        returning = seat is not None and self.state == PLAYING
        if seat is None:
            if self.state != WAITING or self.taken >= len(self.owners):
                return None
            seat = Seat(self.owners.index(None))
            self.owners[seat] = member.name
        if seat in self.away:
            del self.away[seat]
            self._takeover_bots.pop(seat, None)
            self.announce(lambda: net_words.back(member.name))
        self._attach(member, seat, returning)
        return seat

    def catch_up(self, member: Member) -> None:
        """A player back at their seat hears at once where the game stands (their hand one key away)."""
        session = self.session
        if session is None or member.seat is None:
            return
        from uno_cli.words.i18n import key_name
        from uno_cli.interactive.keys import by_verb

        g = session.game
        with member.language():
            text = net_words.welcome_back(self.number, session.status_text(member.seat),
                                      key_name(by_verb()["hand"].label))
            member.send(mt.STATUS, text, {"number": self.number, "card": g.top, "color": g.color,
                                         "current": seat_number(g.current), "cards": len(g.hands[member.seat])},
                        important=True)

    def watch(self, member: Member) -> None:
        """``member`` watches: public events only; a match in progress is said at once, as to a returning player."""
        self._attach(member, None)
        if self.session is not None and self.state == PLAYING:
            with member.language():
                member.send(mt.STATUS, self.session.status_text(None), {"number": self.number})

    def _attach(self, member: Member, seat: Seat | None, returning: bool = False) -> None:
        if member not in self.members:
            self.members.append(member)
        member.table = self
        member.seat = seat
        member.prompt_id = 0
        self._prompted.pop(id(member), None)
        if self.session is not None:
            self._hello(member)
            if returning:
                self.catch_up(member)  # before the prompt: where the game stands, then what to do
            self.after_change()

    def detach(self, member: Member, dropped: bool) -> None:
        """``member`` leaves (``dropped``: the connection was lost; the seat is kept for it)."""
        if member in self.members:
            self.members.remove(member)
        seat = member.seat
        member.table = None
        member.seat = None
        if seat is None:
            return
        if self.state == WAITING:
            self.owners[seat] = None
            if self.creator == member.name:
                # The next person seated may start the match instead.
                self.creator = next((o for o in self.owners if o is not None), self.creator)
            return
        if self.state == PLAYING:
            self.away[seat] = self.clock.now() + self.clock.scaled(self.clock.away_timeout)
            if dropped:
                self.announce(lambda: net_words.away(member.name))
            self.after_change()

    def close(self) -> None:
        """Stop the timers (the server stops, or the table is removed)."""
        self.driver.close()
        self._stop_limits()
        if self.session is not None:
            self.session.close()

    # ------------------------------------------------------------------ the match

    def start(self, resume: str | None = None) -> None:
        """Deal (or resume a saved match): people's seats are scripted, empty seats bots."""
        cfg = self.config
        if resume is None:
            cfg.seats = [SeatSpec(SCRIPT) if o is not None else SeatSpec(BOT, self.bot_level) for o in self.owners]
            cfg.names = _names(self.owners, self.name_in_use)
        else:
            cfg.seats, cfg.names, cfg.resume = [], [], resume  # the save says who sits where
        # Hands are dealt after a pause (the driver, uno_cli.play.driver), as the local game pauses between hands.
        self.session = session = Session(cfg, self._output, viewer=None, script_kind=SCRIPT, auto_next_hand=False)
        session.help_skip, session.seat_prefix = REFUSED_AT_TABLE, False
        if resume is not None:
            self.owners = [session.names[s] if session.controlled(s) else None for s in all_seats(session.game.players)]
            for s, o in zip(all_seats(len(self.owners)), self.owners):
                if o is not None and all(m.seat != s for m in self.members):
                    self.away[s] = self.clock.now() + self.clock.scaled(self.clock.away_timeout)
        session.referee.on_events = self._on_events
        self.state = PLAYING
        for member in self.members:
            self._hello(member)
        if resume is None:
            session.start()
        elif session.game.phase == Phase.HAND_OVER:
            session.next_hand()
        self.after_change()

    def _hello(self, member: Member) -> None:
        session = self.session
        assert session is not None
        if member.json:
            member.send(mt.HELLO, None, hello_json(session.game.players, session.names, member.seat,
                                                  [] if member.seat is None else [member.seat]))

    def _on_events(self, action: Any, events: list[Any]) -> None:
        session = self.session
        assert session is not None
        moves = self.moves
        if moves is not None:
            if action is None:
                self.moves = None
            else:
                moves.append(action)
        # As the session does after a change, but each member hears the events its own way.
        session.settle()
        self._render(events)
        if self.saved is not None:
            self.saved(self)

    def _output(self, message: Message) -> None:
        """The session's own messages: events are rendered per member instead; answers go to the asker."""
        target = self._speaker
        if target is None:
            target = next((m for m in self.members if m.seat is not None and m.seat == message.seat), None)
        if target is not None:
            if target.json and message.type in (mt.ERROR, mt.CHOOSE):
                self._prompted.pop(id(target), None)  # a JSON driver reads up to the next prompt
            target.send(message.type, message.text, message.data, important=important(message))

    def _render(self, events: list[Any]) -> None:
        session = self.session
        assert session is not None
        g = session.game
        # The session's own narration, made once per language and seat; the turn state it keeps
        # does not depend on who hears it.
        cache: dict[tuple[str, int | None], list[Message]] = {}
        # A program's lines are the same for every program told the same messages: made once.
        lines: dict[tuple[str, int | None], list[str]] = {}
        # An event's fields are written as JSON once per change for every seat that sees the same of them.
        shared: dict[tuple[Any, ...], str | None] = {}
        state = None
        # The seats the change names are told it their own way ("you"); every other seat hears what
        # a seat it does not name hears: narrated once per language.
        named = _named(events, g.current)
        for member in list(self.members):
            seat = member.seat
            key = (member.lang, seat if seat is None or named is None or seat in named else _BYSTANDER)
            if key not in cache:
                with member.language():
                    cache[key], state = session.narrator.narrate(events, member.seat)
            told = cache[key]
            if member.json:
                made = lines.get(key)
                if made is None:
                    made = lines[key] = [_event_line(m, shared) for m in told]
                for line, message in zip(made, told):
                    member.send_line(line, message.text)
                continue
            for index, message in enumerate(told):
                if member.json or said(message, member.verbosity) or member.frames and _folded(message, member.verbosity):
                    member.send(message.type, message.text, message.data, important=important(message),
                                turn=bool(message.text) and _turn_folded_in(told, index, member.seat))
        session.narrator.turn_state = state if state is not None else session.narrator.narrate(events, None)[1]
        if g.is_over:
            self.state = OVER

    # ------------------------------------------------------------------ lines

    def handle_line(self, member: Member, line: str) -> None:
        """A game line from a seated member (answers and queries); applied on arrival."""
        session = self.session
        seat = member.seat
        if session is None or seat is None or self.state != PLAYING:
            member.send(mt.ERROR, net_words.not_at_table() if seat is None else d.no_seat_text(), {"code": "no_game"})
            return
        self._speaker = member
        try:
            with member.language():
                text = line
                if member.json:
                    from uno_cli.play.script import answer_line

                    answer = answer_line(session, line, seat, member.prompt_id)
                    if answer is None:
                        return
                    text = answer
                cmd = parse(text, seat, session.game, member.lang, session.names)
                if cmd.error is None and cmd.seat != seat:
                    # Nobody acts for another seat over the network.
                    session.dispatcher.error("not_your_seat", d.computer_seat_text(cmd.seat, session.names)
                                   if cmd.seat is not None else d.no_seat_text(), seat)
                    return
                if cmd.error is None and cmd.verb in REFUSED_AT_TABLE:
                    if cmd.verb == "save":
                        session.dispatcher.error("no_files", net_words.no_files(), seat)
                    else:  # quit
                        member.say(net_words.quit_at_table, mt.INFO, {"code": "quit_at_table"})
                    return
                result = session.dispatcher.handle_command(cmd)
                if result.ok and not result.changed and member.json:
                    self._prompted.pop(id(member), None)  # a JSON driver reads up to the next prompt
                if result.waived:
                    self._prompted.pop(id(member), None)
        finally:
            self._speaker = None
        self.after_change()

    def watcher_line(self, member: Member, line: str) -> bool:
        """A watcher's public question (commands.PUBLIC_QUERIES); False if the line is none."""
        from uno_cli.play.commands import PUBLIC_QUERIES, Asking, ask

        session = self.session
        if session is None:
            return False
        with member.language():
            cmd = parse(line, None, session.game, member.lang, session.names)
            if cmd.error is not None or cmd.verb not in PUBLIC_QUERIES:
                return False
            answer = ask(cmd.verb, Asking(session, None))
            member.send(answer.type, answer.text, answer.data)
        return True

    def announce(self, sentence: Any, data: dict[str, Any] | None = None) -> None:
        """Say ``sentence()`` (rendered in each member's language) to everyone at the table."""
        for member in list(self.members):
            with member.language():
                member.send(mt.INFO, sentence(), data or {})

    # ------------------------------------------------------------------ the clock

    def after_change(self) -> None:
        """After any change: prompts for the seats that may act, and every timer again."""
        session = self.session
        if session is None or self.state != PLAYING:
            self.driver.cancel()
            self._stop_limits()
            return
        self._prompt_all()
        driver = self.driver
        driver.schedule()  # the bots, and the pause between hands
        g = session.game
        loop = driver.event_loop()
        for seat in all_seats(g.players):
            # A player who is here but does not answer (or does not read) must not hold up the
            # table: after the turn limit a bot makes this one move for them.
            if seat not in self.away and session.controlled(seat) and self._must_act(seat):
                if loop is not None:
                    self._limit(loop, seat, driver.scaled(self.clock.turn_limit), g.version, g.hand_number)
            else:
                self._limits.pop(seat, None)
        now = self.clock.now()
        for seat, until in self.away.items():
            if seat in self._takeover_bots:
                if self._must_act(seat):
                    driver.arm(self.pace, self._takeover, seat, g.version, g.hand_number)
            else:
                driver.arm(max(0.0, until - now), self._away_over, seat, real=True)

    def _limit(self, loop: asyncio.AbstractEventLoop, seat: Seat, delay: float, version: int, hand: int) -> None:
        """``seat``'s turn limit counted from now (its timer, if one is set, moves when it comes)."""
        at = loop.time() + max(0.0, delay)
        self._limits[seat] = (at, version, hand)
        timer = self._limit_timers.get(seat)
        if timer is None or timer.when() > at:
            if timer is not None:
                timer.cancel()
            self._limit_timers[seat] = loop.call_at(at, self._limit_due, seat)

    def _limit_due(self, seat: Seat) -> None:
        self._limit_timers.pop(seat, None)
        entry = self._limits.get(seat)
        loop = self.driver.event_loop()
        if entry is None or loop is None:
            return
        at, version, hand = entry
        if at - loop.time() > LIMIT_SLACK:  # counted again since this timer was set
            self._limit_timers[seat] = loop.call_at(at, self._limit_due, seat)
            return
        del self._limits[seat]
        self._takeover(seat, version, hand)

    def _stop_limits(self) -> None:
        for handle in self._limit_timers.values():
            handle.cancel()
        self._limit_timers.clear()
        self._limits.clear()

    def _must_act(self, seat: Seat) -> bool:
        return self.session.referee.must_act(seat)  # type: ignore[union-attr]

    @property
    def attended(self) -> bool:
        """Someone sits at this table and is connected."""
        return any(m.seat is not None and not m.gone for m in self.members)

    def _away_over(self, seat: Seat) -> None:
        session = self.session
        if session is None or seat not in self.away or seat in self._takeover_bots:
            return
        self._takeover_bots[seat] = self._stand_in(seat)
        name = session.names[seat]
        self.announce(lambda: net_words.bot_plays(name))
        self.after_change()

    def _stand_in(self, seat: Seat) -> Any:
        """The bot that plays for ``seat`` while its player is away or too slow (one per seat)."""
        from uno_cli.bots import make_bot

        bot = self._stand_ins.get(seat)
        if bot is None:
            bot = self._stand_ins[seat] = make_bot("normal", seat, bot_rng(self.session.seed + 7, seat))  # type: ignore[union-attr]
        return bot

    def _takeover(self, seat: Seat, version: int, hand: int) -> None:
        """A bot makes the move of a player who is away (or past the turn limit)."""
        session = self.session
        if session is None or self.state != PLAYING:
            return
        bot = self._takeover_bots.get(seat) or self._stand_in(seat)
        g = session.game
        if g.version != version or g.hand_number != hand or not self._must_act(seat):
            return
        if self.driver.budget_wait(self._takeover, seat, version, hand):
            return
        if seat not in self._takeover_bots:
            # The player is here but did not act in time: everyone hears why the server moves for them.
            name = session.names[seat]
            self.announce(lambda: net_words.idle_move(name), {"code": "idle", "seat": seat_number(seat)})
        action = session.referee.choice(seat, bot)
        if action is not None:
            try:
                session.apply(action)
            except IllegalAction:
                pass
        self.after_change()

    # ------------------------------------------------------------------ prompts

    def _prompt_all(self) -> None:
        session = self.session
        assert session is not None
        g = session.game
        referee = session.referee
        racing: list[Seat] | None = None  # the seats besides the turn holder with an action now
        for member in list(self.members):
            seat = member.seat
            if seat is None:
                continue
            race = False
            if not referee.must_act(seat):
                if not member.json:
                    continue
                if racing is None:
                    racing = g.out_of_turn_seats()
                # A seat with no action at all has no race chance (asked of the engine once per change).
                if (seat not in racing and seat != g.current) or not referee.may_race(seat):
                    continue
                race = True
            stamp = (g.version, g.hand_number, race)
            if self._prompted.get(id(member)) == stamp:
                continue
            self._prompted[id(member)] = stamp
            with member.language():
                legal = prompt_legal(session.legal_commands(seat), race)
                text = d.prompt_text([_spoken(legal)], race, seat, seat, session.names)
                if member.json:
                    member.prompt_id += 1
                    member.send(mt.PROMPT, text, prompt_json(g.view(seat), member.prompt_id, race, legal, text))
                else:
                    member.send(mt.PROMPT, text, {}, important=True)


#: The key of the seats a change does not name (:meth:`Table._render`).
_BYSTANDER = -1
#: Events whose lines speak of every seat (each one's points and scores): told to each seat its own way.
_EVERY_SEAT = frozenset({EventKind.HAND_END, EventKind.MATCH_END})


def _named(events: list[Any], current: Seat) -> set[Any] | None:
    """The seats ``events`` name (the turn they end on too), or None when they speak of every seat."""
    named: set[Any] = {current}
    for ev in events:
        if ev.type in _EVERY_SEAT:
            return None
        named.add(ev.seat)
        named.add(ev.secret_to)
        named |= seats_in(ev.data)
    return named


#: Spoken lists of moves made, by language and moves (a table's prompts come back to the same few).
_SPOKEN: dict[tuple[Any, tuple[str, ...]], str] = {}
_SPOKEN_KEPT = 4096


def _spoken(legal: list[str]) -> str:
    """:func:`spoken_moves` in the current language, made once per language and list of moves."""
    key = (get_translator(), tuple(legal))
    text = _SPOKEN.get(key)
    if text is None:
        if len(_SPOKEN) >= _SPOKEN_KEPT:
            _SPOKEN.clear()
        text = _SPOKEN[key] = spoken_moves(legal)
    return text


def _event_line(message: Message, shared: dict[tuple[Any, ...], str | None]) -> str:
    """``message`` as a JSON line: an event's fields are written once per change for every seat that
    sees the same of them, then each seat's sentence."""
    key = message.shared_key()
    if key is None:
        return json_line(message.type, message.text, message.data)
    key = (message.type, *key)
    head = shared.get(key, "")
    if head == "":
        payload = dict(message.data)
        payload["type"] = message.type
        head = None
        if next(reversed(payload)) == "text":  # the sentence comes last (event_json): the rest is the same
            del payload["text"]
            head = json_text(payload)[:-1] + ', "text": '
        shared[key] = head
    if head is None:
        return json_line(message.type, message.text, message.data)
    return head + json_text(message.text) + "}"


class TableDriver(Driver):
    """A table on the one real-time driver: the table's pace, the server's race window and time
    scale, nobody listened for (a client says the lines), a budget for bots nobody watches."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def referee(self) -> Referee | None:
        """The referee of the match, while it is played."""
        t = self.table
        return t.session.referee if t.session is not None and t.state == PLAYING else None

    def event_loop(self) -> asyncio.AbstractEventLoop | None:
        """The server's loop."""
        try:
            return self.table.clock.loop
        except RuntimeError:
            return None

    def pacing(self) -> Pacing:
        """The table's pace and the server's race window; no thinking time (a turn limit instead)."""
        return Pacing(self.table.pace, self.table.clock.race_window)

    def scale(self) -> float:
        """The server's time scale."""
        return float(self.table.clock.scale)

    def apply_move(self, action: Action) -> None:
        """Applied, said to every member, then the prompts and timers again."""
        t = self.table
        t.session.apply(action)  # type: ignore[union-attr]
        t.after_change()

    def bot_wait(self) -> float:
        """A table nobody sits at waits for the server's bot budget."""
        return 0.0 if self.table.attended else self.table.clock.unattended_wait()

    def hand_over(self) -> None:
        """Everyone hears that the next hand is dealt in a few seconds (as the local game says)."""
        seconds = int(NEXT_HAND_SECONDS)
        self.table.announce(lambda: net_words.next_hand(seconds), {"code": "next_hand", "seconds": seconds})

    def deal_next(self) -> None:
        """The next hand, then the prompts and timers."""
        t = self.table
        t.session.next_hand()  # type: ignore[union-attr]
        t.after_change()

    def again(self) -> None:
        """The bots' timers, and the table's turn limits and seats away."""
        self.table.after_change()


def _folded(message: Message, verbosity: str) -> bool:
    """A line said inside the one before it (describe.fold): no text of its own, but it had one."""
    return not message.text and bool((message.data or {}).get("text")) and (verbosity != "short" or message.brief)


def _turn_folded_in(messages: list[Message], index: int, seat: Seat | None) -> bool:
    """Whether the line ``messages[index]`` carries ``seat``'s turn, folded into it (describe.fold)."""
    for message in messages[index + 1:]:
        if message.text:
            return False
        if message.type == mt.TURN and seat is not None and message.seat == seat:
            return True
    return False


def _names(owners: list[str | None], in_use: Any = lambda name: False) -> list[str]:
    """People keep their names; bots get the usual bot names that no player of the server has."""
    from uno_cli.words.i18n import pgettext
    from uno_cli.words.names import BOT_NAMES

    free = [n for n in BOT_NAMES if n not in owners and not in_use(n) and not in_use(pgettext("bot name", n))]
    free += [n for n in BOT_NAMES if n not in owners and n not in free]  # more bots than free names: as before
    out = []
    for owner in owners:
        if owner is not None:
            out.append(owner)
        else:
            out.append(free.pop(0) if free else "")
    return out


class Clock:
    """The server's real-time settings shared by its tables (``scale`` < 1 speeds everything up, for tests)."""

    def __init__(self, pace: float = 2.0, race_window: float = 2.0, away_timeout: float = 60.0,
                 scale: float = 1.0, loop: asyncio.AbstractEventLoop | None = None,
                 turn_limit: float = TURN_LIMIT) -> None:
        self.pace = pace
        self.turn_limit = turn_limit
        self.race_window = race_window
        self.away_timeout = away_timeout
        self.scale = scale
        self._loop = loop
        #: Bots' moves per second, at most, over the tables nobody sits at (uno_cli.net.limits).
        self.unattended_rate = 40.0
        self._tokens = 0.0
        self._stamp: float | None = None

    def unattended_wait(self) -> float:
        """0 when a bot at a table nobody sits at may move now (the move is counted); else the seconds to wait."""
        now = time.monotonic()
        rate = max(self.unattended_rate, 0.01)
        burst = max(1.0, rate / 10)
        self._tokens = burst if self._stamp is None else min(burst, self._tokens + (now - self._stamp) * rate)
        self._stamp = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return 0.0
        return (1.0 - self._tokens) / rate

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The event loop the timers run on."""
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        return self._loop

    def scaled(self, seconds: float) -> float:
        """Real seconds for ``seconds`` of game time."""
        return seconds * self.scale

    def now(self) -> float:
        """The loop's time."""
        try:
            return self.loop.time()
        except RuntimeError:
            return time.monotonic()
