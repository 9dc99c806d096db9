"""The server's core, independent of SSH: members, the lobby, tables, chat and their limits.

A transport (``uno_cli.net.ssh``, or a test) makes a :class:`Member` for each connection
with a ``write`` function that never blocks, hands it to :meth:`Hub.connect`, feeds its
input lines to :meth:`Hub.line` and calls :meth:`Hub.disconnect` when it is gone.
Everything runs on one event loop: a line is applied the moment it arrives.

Text a person typed (names, chat) is cleaned by :func:`uno_cli.words.names.clean_text` before
anyone else sees it. Nothing here reads or writes files except the hub's own saves in
``save_dir`` (one JSON file per table in progress, resumed when the server starts again).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from uno_cli.play.commands import LOBBY_BY_NAME, TABLE_KEYWORDS, lobby_verb, typed_choice
from uno_cli.engine.seats import Seat, seat_number
from uno_cli.engine.errors import EngineError, InvalidOptions, InvalidSetup
from uno_cli.words.i18n import _, get_translator, parse_language, use_language
from uno_cli.words import messagetypes as mt
from uno_cli.words.interactive import SETTING_LABELS, setting_line
from uno_cli.words.optioninfo import LEVEL_NAMES, VERBOSITY_NAMES
from uno_cli.words.names import clean_name, clean_text, name_key
from uno_cli.net import PASSCODE, words
from uno_cli.words import net as net_words
from uno_cli.net.limits import Limits
from uno_cli.net.moderation import VERBS as MODERATION_VERBS, Moderation
from uno_cli.net.oplog import event as log_event, safe as log_safe
from uno_cli.net.table import OVER, PLAYING, WAITING, Clock, Table
from uno_cli.words.optioninfo import typed_preset, typed_rule
from uno_cli.play.wire import json_line, json_text
from uno_cli.play.playconfig import BOT_LEVELS, ConfigError, PlayConfig, build_options

#: The longest line read from a connection, in characters.
MAX_LINE = 1000
#: The longest chat message kept, in characters.
MAX_CHAT = 300
#: Chat lines a member may write within :data:`CHAT_WINDOW` seconds.
CHAT_LINES = 5
CHAT_WINDOW = 10.0
#: Members whose chat lines are written per loop tick (each gets every chat line waiting for it at once):
#: chat never holds up the tables' moves for long.
CHAT_MEMBERS_PER_TICK = 16
#: Chat lines handed out to their audience per loop tick (line x member).
CHAT_FANOUT_PER_TICK = 2000
#: Chat lines waiting for one member beyond which the oldest are skipped (and the count said).
CHAT_BACKLOG = 20
#: The store's file in the server's folder.
STORE_NAME = "tables.sqlite3"
#: Moves appended to a table's log before its whole row is written again (a shorter log to apply
#: on resuming).
SNAPSHOT_EVERY = 64


#: How a program's answer to a prompt starts ("#17 play r5", a JSON object): never a lobby word.
ANSWER_STARTS = ("#", "{")


class Member:
    """One connection: a person (text), a program (JSON Lines) or ``uno join`` (``frames``), in the lobby or at a table."""

    def __init__(self, name: str, write: Callable[[str], None], json_lines: bool = False,
                 lang: str = "en", verbosity: str = "full", close: Callable[[], None] | None = None,
                 frames: bool = False) -> None:
        self.name = name
        self.write = write
        self.json = json_lines
        #: Told as a person is (in the verbosity, prompts said once), each line a JSON object
        #: with ``important`` and ``reply`` for the client's speech (the ``uno-keys`` channel).
        self.frames = frames
        self.lang = lang
        self.verbosity = verbosity
        self.close = close or (lambda: None)
        self.table: Table | None = None
        self.seat: Seat | None = None
        self.prompt_id = 0
        self.muted = False
        self.chat_times: deque[float] = deque(maxlen=CHAT_LINES)
        #: Chat lines (sender, text) not written to this member yet, and how many were skipped.
        self.chat_waiting: deque[tuple[str, str]] = deque()
        self.chat_skipped = 0
        self.gone = False
        #: What the member logged in with (:data:`PASSCODE`, or ``key `` and the key's
        #: fingerprint); None for a member no transport vouches for (tests, in-process use).
        self.credential: str | None = None
        #: The connection's key layer (uno_cli.net.keys.SeatKeys), if it has keys.
        self.keys: Any = None
        #: The address the connection comes from ("" when no transport says).
        self.address = ""
        self._replying = 0
        #: A plain terminal asked for the bell on its own turn (``UNO_BELL=1``; uno_cli.sound for ``uno join``).
        self.bell = False
        #: The server's (host, port) as this connection reached it (the line given to a friend), if known.
        self.reached: tuple[str, int] | None = None
        #: The account logged in (uno_cli.net.accounts.Account), or None (a guest); the key the login
        #: proved; a newcomer may only register; ``invited``: holds the passcode (or none is needed).
        self.account: Any = None
        self.login_key: str | None = None
        self.login_key_kind = ""
        self.newcomer = False
        self.invited = True
        self.check_passcode: Callable[[str], bool] = lambda code: False

    def language(self) -> AbstractContextManager[Any]:
        """Inside: sentences come in this member's language."""
        return use_language(self.lang)

    @contextmanager
    def replying(self) -> Iterator[None]:
        """Inside: what this member is sent answers its own key or line."""
        self._replying += 1
        try:
            yield
        finally:
            self._replying -= 1

    def send(self, type: str, text: str | None, data: dict[str, Any] | None = None,
             important: bool | None = None, heard: bool = True, reply: bool = False, turn: bool = False) -> None:
        """One message: a line of text, or one JSON object for programs (``important``: by its type if None;
        ``turn``: the line says this member's turn, folded into it)."""
        if self.gone:
            return
        if self.json:
            line = json_line(type, text, data)
        elif self.frames:  # a line folded into the one before it is a frame too: it still sounds
            from uno_cli.play.narrator import IMPORTANT

            payload = dict(data or {})
            if isinstance(payload.get("color"), str):  # the event's colour, kept beside the ``color`` flag
                payload["named_color"] = payload["color"]
            keys = self.keys
            # A line folded into the one before it (its own text was said there) still sounds: its
            # frame has an empty text; a line never said keeps None.
            shown = text or ("" if payload.get("text") else None)
            payload.update(type=type, text=shown, important=type in IMPORTANT if important is None else important,
                           reply=reply or self._replying > 0, keys=bool(keys and keys.keys_on),
                           watching=self.table is not None and self.seat is None,
                           color=bool(keys and keys.color_actions()))
            session = self.table.session if self.table is not None else None
            if self.seat is not None and session is not None:  # for the client's sounds: whose seat, how many
                payload.update(you=seat_number(self.seat), players=session.game.players)
            line = json.dumps(payload, ensure_ascii=False)
        elif not text:
            return
        else:
            mine = turn or type == mt.TURN and self.seat is not None and (data or {}).get("seat") == seat_number(self.seat)
            line = "\a" + text if self.bell and mine else text
        self._put(line, text if heard else None)

    def send_line(self, line: str, text: str | None) -> None:
        """A JSON line made once for every member it is the same for (:func:`json_line`)."""
        if not self.gone:
            self._put(line, text)

    def _put(self, line: str, heard: str | None) -> None:
        try:
            self.write(line)
        except Exception:  # noqa: BLE001 - a broken connection is dropped by its transport
            self.gone = True
            return
        if heard and self.keys is not None:
            self.keys.heard(heard)

    def say(self, sentence: Callable[[], str], type: str = mt.INFO, data: dict[str, Any] | None = None) -> None:
        """Send ``sentence()`` made in this member's language."""
        with self.language():
            self.send(type, sentence(), data or {})


class Hub:
    """Members, tables and chat of one server process."""

    def __init__(self, clock: Clock | None = None, save_dir: Path | None = None, seed: int | None = None,
                 limits: Limits | None = None, store_pages: int | None = None) -> None:
        self.clock = clock or Clock()
        self.limits = limits or Limits()
        self.clock.unattended_rate = self.limits.unattended_moves
        #: The saved tables (uno_cli.net.store), opened by :meth:`open_store` or :meth:`resume`.
        self.store: Any = None
        #: The most pages the store may grow to (tests: a disk that fills up); None: no limit.
        self._max_pages = store_pages
        self._dirty: set[int] = set()
        #: Each table whose row was written by this hub: (its ``net`` part then, a copy read back from
        #: its JSON, compared as data at each move; moves logged since).
        self._written: dict[int, tuple[dict[str, Any], int]] = {}
        self._committing = False
        self._unsynced = False
        self._closed = False
        self._sync_handle: Any = None
        #: Tables told that their save failed (told again only after a save worked).
        self._failing: set[int] = set()
        #: Why the last save failed (None: every save worked).
        self.save_failure: str | None = None
        #: Members with chat lines waiting, in the order they got them.
        self._chat_ready: dict[int, Member] = {}
        #: Chat lines not yet handed out: (sender, text, the members still to get it).
        self._chat_lines: deque[tuple[str, str, list[Member]]] = deque()
        self._chat_pumping = False
        self.save_dir = save_dir
        #: The language of a member whose client says none (the server's own).
        self.lang = get_translator().language
        self.members: dict[str, Member] = {}
        #: Each name used with a credential -> that credential (kept in the saves of the tables).
        self.credentials: dict[str, str] = {}
        self.tables: dict[int, Table] = {}
        #: The host key's fingerprint (``SHA256:...``), for the line a player gives a friend (set by the transport).
        self.fingerprint: str | None = None
        self._next = 1
        self._seed = seed
        #: Roles, bans and mutes (uno_cli.net.moderation); ``uno serve`` gives the roles.
        self.moderation = Moderation()
        self._accounts: Any = None
        self._records: Any = None

    # ------------------------------------------------------------------ connections

    def connect(self, member: Member) -> None:
        """A member logged in; a member of the same name already here is replaced (a reconnect)
        only when the new login proves the same key (see docs/server.md, Security)."""
        member.name = clean_name(member.name, "Player")
        name, credential = member.name, member.credential
        ban = self.moderation.admit(member)
        if ban is not None:
            self._refuse(member, lambda: net_words.banned_sentence(ban.until), "banned")
            return
        like = self._look_alike(name)
        if like is not None:
            # "ana", "ANA", Cyrillic "Аna" or "Ána" beside a connected or bound "Ana".
            self._refuse(member, lambda: net_words.name_look_alike(name, like), "name_look_alike")
            return
        if self._registered_elsewhere(member):
            self._refuse(member, lambda: net_words.name_taken(name), "name_taken")
            return
        old = self.members.get(name)
        if credential is not None:
            # A name belongs to the credential it was first used with: a key, or the passcode.
            if self.credentials.get(name, credential) != credential:
                self._refuse(member, lambda: net_words.name_taken(name), "name_taken")
                return
            if old is not None and old is not member and not (
                    credential != PASSCODE and old.credential == credential):
                self._refuse(member, lambda: net_words.name_in_use(name), "name_in_use")
                return
            self.credentials[name] = credential
        if old is not None and old is not member:
            self.disconnect(old, dropped=True)
            old.gone = True
            try:
                old.close()
            except Exception:  # noqa: BLE001
                pass
        self.members[member.name] = member
        member.say(lambda: words.welcome(member.name), mt.WELCOME, {"name": member.name})
        if member.newcomer:
            member.say(lambda: words.register_first(member.invited), mt.INFO, {"code": "register_first"})
        elif self.accounts_mode == "on" and member.credential == PASSCODE and member.account is None:
            member.say(words.guest_may_register, mt.INFO, {"code": "may_register"})  # the passcode invites
        for table in self.tables.values():
            if table.state in (PLAYING, WAITING) and table.seat_of(member.name) is not None and not any(
                    m.seat is not None and m.name == member.name for m in table.members) and not (
                    self.moderation.is_barred(table.number, member.name)):
                seat = table.sit(member)  # a seat kept for this name (a match, or a table saved while it waited)
                self.mark_changed(table.number)
                if table.state == WAITING and seat is not None:
                    member.say(lambda: net_words.joined(member.name, table.number), mt.JOINED,
                               {"number": table.number, "seat": seat_number(seat)})
                break

    def _look_alike(self, name: str) -> str | None:
        """A name connected or bound to a credential that looks like ``name`` without being it."""
        key = name_key(name)
        for other in (*self.members, *self.credentials):
            if other != name and name_key(other) == key:
                return other
        return None

    def _refuse(self, member: Member, sentence: Callable[[], str], code: str) -> None:
        """Say why a login cannot have its name, then end that connection (never the other's)."""
        member.say(sentence, mt.ERROR, {"code": code})
        member.gone = True
        try:
            member.close()
        except Exception:  # noqa: BLE001
            pass

    def _holds_seat(self, name: str) -> bool:
        return any(table.seat_of(name) is not None for table in self.tables.values())

    def disconnect(self, member: Member, dropped: bool = True) -> None:
        """A member's connection ended."""
        if self.members.get(member.name) is member:
            del self.members[member.name]
        table = member.table
        if table is not None:
            table.detach(member, dropped)
            self.mark_changed(table.number)
            self._tidy(table)
        member.gone = True
        if (self.credentials.get(member.name) == PASSCODE and member.name not in self.members
                and not self._holds_seat(member.name)):
            # A passcode name that holds no seat is free again; a key's name stays with its key.
            del self.credentials[member.name]

    # ------------------------------------------------------------------ lines

    def line(self, member: Member, text: str) -> None:
        """One input line of ``member``."""
        if member.gone:
            return
        if len(text) > MAX_LINE:
            member.say(net_words.too_long, mt.ERROR, {"code": "too_long"})
            return
        text = text.replace("\ufeff", "").strip()
        if not text:
            return
        if text.startswith("'") and not member.newcomer:
            self.chat(member, text[1:])
            return
        verb, rest = (None if text.startswith(ANSWER_STARTS) else lobby_verb(text)) or ("", "")
        table = member.table
        playing = table is not None and table.state == PLAYING and member.seat is not None
        handler = _SERVER_VERBS.get(verb)
        if member.newcomer and verb not in _NEWCOMER_VERBS:
            member.say(lambda: words.register_first(member.invited), mt.ERROR, {"code": "register_first"})
            return
        if handler is not None and not (playing and verb in _GAME_FIRST):
            handler(self, member, rest)
            return
        if playing:
            assert table is not None
            table.handle_line(member, text)
            if verb == "help" and not member.json:
                member.say(words.server_help, mt.HELP)
                self.moderation.help(member)
            return
        if table is not None and member.seat is None and table.watcher_line(member, text):
            return
        if verb == "help":
            member.say(words.server_help, mt.HELP)
            self.moderation.help(member)
            return
        if member.json and text.startswith(("{", "#")):
            member.say(net_words.not_at_table, mt.ERROR, {"code": "no_game"})
            return
        member.say(lambda: words.unknown(clean_text(text)[:80]), mt.ERROR, {"code": "unknown_command"})

    # ------------------------------------------------------------------ the lobby

    def list_tables(self, member: Member, _rest: str = "") -> None:
        """``tables``: one line per table."""
        if not self.tables:
            member.say(words.no_tables, mt.TABLES, {"tables": []})
            return
        with member.language():
            for table in self.tables.values():
                if not table.admits(member.name):  # a private table: no name, no rules
                    member.send("table", net_words.private_line(table.number, table.taken, len(table.owners),
                                                            net_words.state_name(table.state)),
                                {"number": table.number, "private": True, "players": len(table.owners),
                                 "taken": table.taken, "state": table.state})
                    continue
                member.send("table", net_words.table_line(table.number, table.name, rules_line(table.config),
                                                      table.taken, len(table.owners), net_words.level_name(table.bot_level),
                                                      net_words.state_name(table.state)),
                            {"number": table.number, "name": table.name, "players": len(table.owners),
                             "taken": table.taken, "bots": table.bot_level, "pace": table.pace, "state": table.state})

    def create(self, member: Member, rest: str) -> None:
        """``create NAME [players=N] [bots=LEVEL] [preset=NAME] [pace=S] [RULE=VALUE ...]``: open a table and sit at it."""
        parts = rest.split()
        name_words = [p for p in parts if "=" not in p]
        settings = [p for p in parts if "=" in p]
        players, level, preset_name, rules = 4, "normal", "classic", []
        pace: float | None = None
        code: str | None = None
        try:
            for item in settings:
                word, _sep, value = item.partition("=")
                # The keywords, levels, presets and rules in any language (as the rule book says them).
                key = typed_choice(word, TABLE_KEYWORDS, "keyword")
                if key == "players":
                    if not (value.isascii() and value.isdigit() and 2 <= int(value) <= 10):
                        raise InvalidSetup("players", players=clean_text(value)[:20])
                    players = int(value)
                elif key == "bots":
                    found = typed_choice(value, LEVEL_NAMES)
                    if found is None:
                        raise ConfigError("bad_bot_level", value=clean_text(value)[:20], allowed=BOT_LEVELS)
                    level = found
                elif key == "preset":
                    preset_name = typed_preset(value)
                elif key == "pace":
                    pace = _seconds(value)
                elif key == "code":  # a private table
                    code = clean_name(value, "")[:24] or None
                else:
                    rules.append(typed_rule(item))
            options = build_options(preset_name, rules)
            options.validate(players)
        except (ConfigError, InvalidOptions, InvalidSetup, EngineError, ValueError) as exc:
            problem: BaseException = exc
            member.say(lambda: net_words.bad_table_options(_problem(problem)), mt.ERROR, {"code": "bad_table"})
            return
        if len(self.tables) >= self.limits.tables:
            count = len(self.tables)
            member.say(lambda: net_words.too_many_tables(count), mt.ERROR, {"code": "too_many_tables"})
            return
        mine = sum(1 for t in self.tables.values() if t.creator == member.name and t.state != OVER)
        if mine >= self.limits.tables_per_player:
            member.say(lambda: net_words.your_tables(mine), mt.ERROR, {"code": "too_many_yours"})
            return
        number = self._next
        self._next += 1
        title = clean_name(" ".join(name_words), str(number))
        seed = None if self._seed is None else self._seed + number
        config = PlayConfig(players=players, options=options, preset=preset_name, seed=seed, script=True, pace=pace)
        table = Table(number, title, member.name, config, level, self.clock)
        table.code = code
        table.name_in_use = self.name_in_use
        table.saved = self._changed
        self.tables[number] = table
        self.leave_table(member)
        self.broadcast_lobby(lambda: net_words.created(member.name, number), {"number": number})
        log_event("table %d opened by %s", number, log_safe(member.name))
        table.sit(member)
        self.mark_changed(number)
        member.say(lambda: net_words.joined(member.name, number), mt.JOINED, {"number": number, "seat": 1})
        if code is not None:
            member.say(lambda: words.private_created(number, code), mt.INFO, {"number": number, "code": code})

    def table_arg(self, member: Member, rest: str) -> Table | None:
        """The table numbered first in ``rest``; else said to ``member`` that there is none, and None."""
        key = rest.strip().split(" ")[0] if rest.strip() else ""
        table = self.tables.get(int(key)) if key.isascii() and key.isdigit() and len(key) < 6 else None
        if table is None:
            member.say(lambda: net_words.no_such_table(clean_text(key)[:20]), mt.ERROR, {"code": "no_table"})
        return table

    def _admitted(self, member: Member, table: Table, rest: str) -> bool:
        """``join``/``watch`` of a private table: its code after the number, or an invitation; else said why."""
        code = rest.strip().split(None, 1)[1] if len(rest.split()) > 1 else ""
        if table.admits(member.name, code):
            return True
        if member.name in table.removed:
            member.say(lambda: net_words.not_welcome(table.number), mt.ERROR, {"code": "removed"})
        else:
            member.say(lambda: words.needs_code(table.number), mt.ERROR, {"code": "private"})
        return False

    def join(self, member: Member, rest: str) -> None:
        """``join NUMBER [CODE]``: take a seat."""
        table = self.table_arg(member, rest)
        if table is None or not self._admitted(member, table, rest):
            return
        if self.moderation.barred_from(member, table.number):
            return
        if member.table is table and member.seat is not None:
            return
        if table.seat_of(member.name) is None:
            if table.state != WAITING:
                member.say(net_words.already_started, mt.ERROR, {"code": "started"})
                return
            if table.taken >= len(table.owners):
                member.say(net_words.table_full, mt.ERROR, {"code": "full"})
                return
        self.leave_table(member)
        seat = table.sit(member)
        if seat is None:
            member.say(net_words.table_full, mt.ERROR, {"code": "full"})
            return
        self.mark_changed(table.number)
        for other in table.members:
            other.say(lambda: net_words.joined(member.name, table.number), mt.JOINED,
                      {"number": table.number, "seat": seat_number(seat), "name": member.name})

    def watch(self, member: Member, rest: str) -> None:
        """``watch NUMBER [CODE]``: public events only."""
        table = self.table_arg(member, rest)
        if table is None or not self._admitted(member, table, rest):
            return
        self.leave_table(member)
        for other in table.members:
            other.say(lambda: net_words.watching(member.name, table.number), mt.WATCHING, {"number": table.number})
        table.watch(member)
        member.say(lambda: net_words.watching(member.name, table.number), mt.WATCHING, {"number": table.number})

    def leave(self, member: Member, _rest: str = "") -> None:
        """``leave``: back to the lobby (a seat in a match is kept for its player)."""
        if member.table is None:
            member.say(net_words.not_at_table, mt.ERROR, {"code": "not_at_table"})
            return
        self.leave_table(member)

    def leave_table(self, member: Member) -> None:
        """``member`` leaves its table (if any): the table and the others are told."""
        table = member.table
        if table is None:
            return
        number = table.number
        table.detach(member, dropped=False)
        self.mark_changed(number)
        member.say(lambda: net_words.left(member.name, number), mt.LEFT, {"number": number})
        for other in table.members:
            other.say(lambda: net_words.left(member.name, number), mt.LEFT, {"number": number, "name": member.name})
        self._tidy(table)

    def _tidy(self, table: Table) -> None:
        """A table nobody is at any more goes away unless its match is going on."""
        if not table.members and table.state != PLAYING and self.tables.get(table.number) is table:
            table.close()
            del self.tables[table.number]
            self.mark_changed(table.number)
            if not self._closed:
                log_event("table %d closed: nobody is at it", table.number)

    def start(self, member: Member, _rest: str = "") -> None:
        """``start``: the creator begins the match; empty seats are bots."""
        table = member.table
        if table is None:
            member.say(net_words.not_at_table, mt.ERROR, {"code": "not_at_table"})
            return
        if table.state != WAITING:
            sentence = net_words.under_way if member.seat is not None else net_words.already_started
            member.say(sentence, mt.ERROR, {"code": "started"})
            return
        if table.creator != member.name:
            member.say(lambda: net_words.only_creator(table.creator), mt.ERROR, {"code": "not_creator"})
            return
        table.start()
        self._watch_hands(table)

    def who(self, member: Member, _rest: str = "") -> None:
        """``who``: the names connected (at the table, or everyone in the lobby)."""
        people = [m.name for m in (member.table.members if member.table else self.members.values())]
        member.say(lambda: net_words.who(sorted(people)), mt.WHO, {"names": sorted(people)})

    # ------------------------------------------------------------------ private tables (issue 31)

    def _own_table(self, member: Member) -> Table | None:
        """The table ``member`` opened and sits at; else None, said why."""
        table = member.table
        if table is None:
            member.say(net_words.not_at_table, mt.ERROR, {"code": "not_at_table"})
            return None
        if table.creator != member.name:
            member.say(lambda: net_words.only_creator_may(table.creator), mt.ERROR, {"code": "not_creator"})
            return None
        return table

    def invite(self, member: Member, rest: str) -> None:
        """``invite NAME``: a connected player hears who invites them where; they sit without the code."""
        table = self._own_table(member)
        if table is None:
            return
        name = clean_name(rest.strip(), "")
        other = self.members.get(name) or next(
            (m for n, m in self.members.items() if name and name_key(n) == name_key(name)), None)
        if other is None or other is member:
            member.say(lambda: net_words.nobody_called(name or "?"), mt.ERROR, {"code": "no_player"})
            return
        table.invited.add(other.name)
        table.removed.discard(other.name)
        self.mark_changed(table.number)
        number, title = table.number, table.name
        other.say(lambda: words.invited(member.name, number, title), mt.INVITED,
                  {"number": number, "from": member.name})
        member.say(lambda: net_words.invite_sent(other.name, number), mt.INFO, {"number": number, "name": other.name})

    def remove(self, member: Member, rest: str) -> None:
        """``remove NAME``: the creator removes a player from the table before its match."""
        table = self._own_table(member)
        if table is None:
            return
        if table.state != WAITING:
            member.say(net_words.already_started, mt.ERROR, {"code": "started"})
            return
        name = clean_name(rest.strip(), "")
        other = next((m for m in table.members if m.name == name or (name and name_key(m.name) == name_key(name))),
                     None)
        if other is None or other is member:
            member.say(lambda: net_words.nobody_called(name or "?"), mt.ERROR, {"code": "no_player"})
            return
        number, gone = table.number, other.name
        for m in list(table.members):
            m.say(lambda: net_words.removed(member.name, gone, number), mt.REMOVED, {"number": number, "name": gone})
        table.invited.discard(gone)
        table.removed.add(gone)
        table.detach(other, dropped=False)  # back in the lobby (told above, with the table)
        self.mark_changed(number)

    def address(self, member: Member, _rest: str = "") -> None:
        """``address``: the line a player gives a friend (host, port and the server's key in one)."""
        from uno_cli.net.client import join_line

        host, port = member.reached if member.reached is not None else ("HOST", 0)
        line = join_line(host, port, self.fingerprint or "")
        member.say(lambda: net_words.join_with(line), mt.ADDRESS, {"line": line})

    # ------------------------------------------------------------------ chat

    def chat(self, member: Member, rest: str) -> None:
        """``say TEXT`` (or a line starting with an apostrophe): to the table, or to the lobby."""
        text = clean_text(rest)[:MAX_CHAT]
        if not text:
            member.say(net_words.empty_chat, mt.ERROR, {"code": "empty_chat"})
            return
        if self.moderation.silenced(member):
            return
        now = time.monotonic()
        times = member.chat_times
        if len(times) == CHAT_LINES and now - times[0] < CHAT_WINDOW:
            member.say(net_words.too_fast, mt.ERROR, {"code": "chat_rate"})
            return
        times.append(now)
        audience = member.table.members if member.table is not None else [
            m for m in self.members.values() if m.table is None]
        member.say(lambda: net_words.chat(member.name, text), mt.CHAT, {"from": member.name, "message": text})
        # Handed out to the audience a bounded number at a time (see _chat_tick).
        self._chat_lines.append((member.name, text, [m for m in audience if m is not member and not m.muted]))
        self._pump_chat()

    def _pump_chat(self) -> None:
        """Write the chat lines waiting, to at most CHAT_MEMBERS_PER_TICK members; the rest next tick."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None and not self._chat_pumping:
            # On the loop: after what is already waiting to run (the tables' moves come first).
            self._chat_pumping = True
            loop.call_soon(self._chat_tick)
        elif loop is None:
            while self._chat_ready or self._chat_lines:
                self._chat_tick()

    def _chat_tick(self) -> None:
        self._chat_pumping = False
        budget = CHAT_FANOUT_PER_TICK
        lines = self._chat_lines
        while lines and budget > 0:
            name, text, audience = lines[0]
            part, rest = audience[:budget], audience[budget:]
            for other in part:
                waiting = other.chat_waiting
                waiting.append((name, text))
                if len(waiting) > CHAT_BACKLOG:
                    waiting.popleft()
                    other.chat_skipped += 1
                self._chat_ready[id(other)] = other
            budget -= len(part)
            if rest:
                lines[0] = (name, text, rest)
            else:
                lines.popleft()
        for _n in range(min(CHAT_MEMBERS_PER_TICK, len(self._chat_ready))):
            key = next(iter(self._chat_ready))
            member = self._chat_ready.pop(key)
            lines, member.chat_waiting = member.chat_waiting, deque()
            skipped, member.chat_skipped = member.chat_skipped, 0
            if member.gone:
                continue
            with member.language():
                if skipped:
                    member.send(mt.INFO, net_words.chat_skipped(skipped), {"code": "chat_skipped", "count": skipped})
                for name, text in lines:
                    member.send(mt.CHAT, net_words.chat(name, text), {"from": name, "message": text})
        if self._chat_ready or self._chat_lines:
            self._pump_chat()

    def mute(self, member: Member, _rest: str = "") -> None:
        """``mute``: no chat lines for this member (``mute NAME``: a moderator mutes a player)."""
        if _rest.strip():
            self.moderation.mute(self, member, _rest)
            return
        member.muted = True
        member.say(lambda: net_words.chat_muted(True), mt.INFO)

    def unmute(self, member: Member, _rest: str = "") -> None:
        """``unmute``: chat lines again (``unmute NAME``: a moderator's mute ends)."""
        if _rest.strip():
            self.moderation.unmute(self, member, _rest)
            return
        member.muted = False
        member.say(lambda: net_words.chat_muted(False), mt.INFO)

    def set_lang(self, member: Member, rest: str) -> None:
        """``lang CODE``: the member's language."""
        try:
            member.lang = parse_language(rest.strip())
        except ValueError:
            from uno_cli.words.i18n import UnknownLanguage

            typed = clean_text(rest.strip())[:20]
            member.say(lambda: str(UnknownLanguage(typed)), mt.ERROR, {"code": "bad_language"})
            return
        member.say(lambda: words.welcome(member.name), mt.WELCOME, {"name": member.name})

    def set_verbosity(self, member: Member, rest: str) -> None:
        """``verbosity short|full`` (the words in any language)."""
        value = typed_choice(rest, VERBOSITY_NAMES)
        if value is None:
            from uno_cli.play.commands import lobby_usage

            # How the command is typed, in the member's words ("verbosity short, verbosity full").
            member.say(lambda: lobby_usage(LOBBY_BY_NAME["verbosity"]) + ".", mt.ERROR, {"code": "bad_verbosity"})
            return
        member.verbosity = value
        # Said as the options menu says a setting: "Verbosity: short."
        member.say(lambda: setting_line(_(SETTING_LABELS["verbosity"]), _(VERBOSITY_NAMES[value])),
                   mt.INFO, {"verbosity": value})

    def broadcast_lobby(self, sentence: Callable[[], str], data: dict[str, Any]) -> None:
        """Tell everyone in the lobby."""
        for m in list(self.members.values()):
            if m.table is None:
                m.say(sentence, mt.LOBBY, data)

    # ------------------------------------------------------------------ accounts and records

    #: "on": accounts and guests; "only": accounts only (a guest may only register); "off": no accounts.
    accounts_mode = "off"

    def name_in_use(self, name: str) -> bool:
        """Whether ``name`` is a connected player's or an account's (bots get other names)."""
        key = name_key(name)
        if any(name_key(m.name) == key for m in self.members.values()):
            return True
        try:
            accounts = self.accounts
            return accounts is not None and accounts.named(name) is not None
        except Exception:  # noqa: BLE001 - a store that cannot be read: connected names only
            return False

    @property
    def accounts(self) -> Any:
        """The accounts (uno_cli.net.accounts.Accounts) kept in the store; None when there are none."""
        from uno_cli.net.accounts import Accounts

        if self.accounts_mode == "off":
            return None
        if self.store is None and self.save_dir is not None and not self._closed:
            self.open_store()
        if self.store is None:
            return None
        if self._accounts is None or self._accounts.store is not self.store:
            self._accounts = Accounts(self.store)
        return self._accounts

    @property
    def records(self) -> Any:
        """The finished matches and ratings (uno_cli.net.ratings.Records); None without a store."""
        from uno_cli.net.ratings import Records

        if self.store is None and self.save_dir is not None and not self._closed:
            self.open_store()
        if self.store is None:
            return None
        if self._records is None or self._records.store is not self.store:
            self._records = Records(self.store)
        return self._records

    def _registered_elsewhere(self, member: Member) -> bool:
        """True when the member's name (or one like it) is an account this login did not prove."""
        from uno_cli.net.store import StoreError

        try:
            accounts = self.accounts
            account = accounts.named(member.name) if accounts is not None else None
        except StoreError:
            return False
        return account is not None and member.credential != account.credential

    def register(self, member: Member, rest: str) -> None:
        """``register [PASSWORD]``: the member's name becomes theirs for good (uno_cli.net.accounts)."""
        from uno_cli.net.accounts import register_command

        register_command(self, member, rest)

    def password(self, member: Member, rest: str) -> None:
        """``password NEW``: a new password for the member's account."""
        from uno_cli.net.accounts import password_command

        password_command(self, member, rest)

    def keys_of(self, member: Member, rest: str) -> None:
        """``keys``, ``add key LINE``, ``remove key N``: the keys of the member's account."""
        from uno_cli.net.accounts import keys_command

        keys_command(self, member, rest)

    def add_key(self, member: Member, rest: str) -> None:
        """``add key LINE``: one more key opens the member's account."""
        from uno_cli.net.accounts import add_key_command

        add_key_command(self, member, rest)

    def remove_key(self, member: Member, rest: str) -> None:
        """``remove key N``: that key no longer opens the member's account."""
        from uno_cli.net.accounts import remove_key_command

        remove_key_command(self, member, rest)

    def stats(self, member: Member, rest: str) -> None:
        """``stats [NAME]``: games, wins, points and ratings (uno_cli.net.ratings)."""
        from uno_cli.net.ratings import stats_command

        stats_command(self, member, rest)

    def top(self, member: Member, rest: str) -> None:
        """``top [N] [PRESET]``: the leaderboard (a watcher of a match hears the top card instead)."""
        table = member.table
        if table is not None and table.state == PLAYING and member.seat is None:
            if not table.watcher_line(member, "top"):
                member.say(lambda: words.unknown("top"), mt.ERROR, {"code": "unknown_command"})
            return
        from uno_cli.net.ratings import top_command

        top_command(self, member, rest)

    def history(self, member: Member, rest: str) -> None:
        """``history``: the member's last matches."""
        from uno_cli.net.ratings import history_command

        history_command(self, member, rest)

    def _watch_hands(self, table: Table, saved: Any = None) -> None:
        """Keep each hand's points of a match (and record the match once it is over)."""
        from uno_cli.net.ratings import watch_hands

        watch_hands(table, saved)

    def _record(self, table: Table) -> None:
        from uno_cli.net.ratings import record_table

        record_table(self, table)

    # ------------------------------------------------------------------ saving

    def _changed(self, table: Table) -> None:
        """A table changed: it is written to the store in this loop tick, before anyone hears of it."""
        if table.state == OVER and not getattr(table, "recorded", True):
            self._record(table)
        if table.state == OVER and not table.members:
            try:
                self.clock.loop.call_soon(self._tidy, table)  # a match the bots finished alone
            except RuntimeError:
                pass
        self.mark_changed(table.number)

    def mark_changed(self, number: int) -> None:
        """Table ``number`` changed (or is gone): committed in this loop tick."""
        if self.store is None and self.save_dir is not None and not self._closed:
            self.open_store()
        if self.store is None:
            return
        self._dirty.add(number)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.commit()
            return
        if not self._committing:
            self._committing = True
            loop.call_soon(self.commit)

    def _net(self, table: Table) -> dict[str, Any]:
        """The server's part of a table's row (the game's is the session's save)."""
        seated = {name for name in table.owners if name}
        net = {"name": table.name, "creator": table.creator, "bots": table.bot_level, "preset": table.config.preset,
               "pace": table.config.pace, "state": table.state, "code": table.code,
               "invited": sorted(table.invited), "removed": sorted(table.removed),
               "credentials": {n: self.credentials[n] for n in sorted(seated) if n in self.credentials},
               "hand_points": getattr(table, "hand_points", [])}
        if table.state == WAITING or table.session is None:
            net.update(owners=list(table.owners), options=table.config.options.to_dict())
        return net

    def _row(self, number: int) -> str | None:
        """What the store keeps of a table: a match in progress, or a table waiting (seated or not); else None."""
        table = self.tables.get(number)
        if table is None or table.state == OVER:  # a table waiting, seated or not, is kept
            return None
        net = self._net(table)
        if table.state == WAITING or table.session is None:
            return json_text({"net": net})
        return json_text({"net": net, "game": table.session.save_dict()})

    def _logged(self, number: int) -> tuple[list[tuple[int, str]], tuple[dict[str, Any], int]] | None:
        """A table changed only by moves of its game since its row was written: the moves to append to
        its log (seq, action) and what is then written; None if the whole row must be written."""
        table = self.tables.get(number)
        written = self._written.get(number)
        if table is None or written is None or table.state != PLAYING or table.session is None:
            return None
        moves = table.moves
        net, count = written
        # Bots remember what they saw and draw from their generators (saved in the row): written whole.
        if not moves or table.session.bots or count + len(moves) > SNAPSHOT_EVERY:
            return None
        if self._net(table) != net:
            return None
        logged = [(count + i, json_text([a.kind, a.seat, a.card, a.color, a.target])) for i, a in enumerate(moves)]
        return logged, (net, count + len(moves))

    def commit(self) -> bool:
        """Write every table changed since the last commit, in one transaction; False if it failed
        (then it is logged, and said to the tables concerned). A table changed only by moves of its
        game gets them appended to its log; any other change (a deal, a seat, a bot's memory, every
        :data:`SNAPSHOT_EVERY` moves) writes its whole row."""
        self._committing = False
        if self.store is None or not self._dirty:
            return True
        numbers, self._dirty = self._dirty, set()
        from uno_cli.net.store import StoreError

        rows: dict[int, str | None] = {}
        moves: dict[int, list[tuple[int, str]]] = {}
        written: dict[int, tuple[dict[str, Any], int]] = {}
        for n in sorted(numbers):
            logged = self._logged(n)
            if logged is not None:
                moves[n], written[n] = logged
                continue
            rows[n] = self._row(n)
            table = self.tables.get(n)
            if rows[n] is not None and table is not None and table.state == PLAYING:
                written[n] = (json.loads(json_text(self._net(table))), 0)
        try:
            self.store.write(rows, moves)
        except StoreError as exc:
            self._dirty |= numbers  # tried again with the next change, each table written whole
            for n in numbers:
                self._written.pop(n, None)
            self._save_failed(numbers, exc.reason)
            return False
        for n in numbers:
            table = self.tables.get(n)
            if n in written and table is not None:
                self._written[n] = written[n]
                table.moves = []
            else:
                self._written.pop(n, None)
        self._unsynced = True
        for n in numbers:
            self._failing.discard(n)
        return True

    def _save_failed(self, numbers: set[int], reason: str) -> None:
        import logging

        self.save_failure = reason
        logging.getLogger("uno_cli.net").error("the tables %s could not be saved: %s", sorted(numbers), reason)
        for n in sorted(numbers - self._failing):
            table = self.tables.get(n)
            if table is not None:
                self._failing.add(n)
                # Said once per table until a save works again (members' lines do not wait for it).
                for member in list(table.members):
                    member.say(lambda: net_words.save_failed(clean_text(reason)[:200]), mt.ERROR, {"code": "save_failed"})

    def _sync_later(self) -> None:
        """About once a second, the store's log goes to the disk on a worker thread."""
        loop = self.clock.loop
        if self.store is not None and self._unsynced:
            self._unsynced = False
            loop.run_in_executor(None, self.store.sync)
        self._sync_handle = loop.call_later(1.0, self._sync_later)

    def open_store(self) -> None:
        """Open the store in ``save_dir`` (raises uno_cli.net.store.StoreError)."""
        from uno_cli.net.store import TableStore

        if self.save_dir is not None and self.store is None:
            self.store = TableStore(self.save_dir / STORE_NAME, max_pages=self._max_pages)
            try:
                self._sync_handle = self.clock.loop.call_later(1.0, self._sync_later)
            except RuntimeError:
                pass

    def save_all(self) -> bool:
        """Write every table now (the server stops); False if that failed."""
        if self.store is None and self.save_dir is not None and self.tables:
            self.open_store()
        if self.store is None:
            return True
        self._dirty |= set(self.tables)
        ok = self.commit()
        if ok:
            self.store.sync()
        return ok

    def resume(self) -> int:
        """Start again every table saved in the store; the number of tables resumed."""
        if self.save_dir is None:
            return 0
        self.open_store()
        assert self.store is not None
        self._import_files()
        count = 0
        logs = self.store.moves()
        for number, text in self.store.tables():
            try:
                data = json.loads(text)
                game = data.get("game")
                if game is not None and logs.get(number):
                    game = _replay(number, game, logs[number])
                table = self._rebuild(number, data["net"], game)
            except Exception:  # noqa: BLE001 - a row that cannot be resumed is left where it is
                import logging

                logging.getLogger("uno_cli.net").exception("table %s could not be resumed", number)
                continue
            _private(table, data["net"])
            table.saved = self._changed
            self.tables[number] = table
            self._next = max(self._next, number + 1)
            self._watch_hands(table, data["net"].get("hand_points"))
            bound = data["net"].get("credentials")
            if isinstance(bound, dict):
                for name, credential in bound.items():
                    if isinstance(name, str) and isinstance(credential, str):
                        self.credentials.setdefault(clean_name(name, ""), credential[:200])
            count += 1
        return count

    def _import_files(self) -> None:
        """Tables saved as files by an earlier version (``table-N.json``) move into the store."""
        from uno_cli.engine.errors import InvalidSetup
        from uno_cli.net.store import StoreError
        from uno_cli.play.savefile import read_json

        assert self.save_dir is not None and self.store is not None
        for path in sorted(self.save_dir.glob("table-*.json")):
            stem = path.stem[len("table-"):]
            if not (stem.isascii() and stem.isdigit()):
                continue
            try:
                data = read_json(str(path))
                self.store.write({int(stem): json.dumps(data, ensure_ascii=False)})
            except (InvalidSetup, OSError, StoreError, TypeError, ValueError):
                continue  # left where it is
            path.unlink()

    def _rebuild(self, number: int, net: dict[str, Any], game: Any) -> Table:
        from uno_cli.engine.game import MAX_PLAYERS, MIN_PLAYERS
        from uno_cli.engine.options import RuleOptions, preset

        pace = net.get("pace")
        pace = _seconds(str(pace)) if isinstance(pace, (int, float)) else None
        level = net.get("bots") if net.get("bots") in BOT_LEVELS else "normal"
        preset_name = str(net.get("preset", "classic"))
        name, creator = clean_name(net.get("name"), str(number)), clean_name(net.get("creator"), "")
        if game is None:  # a table waiting for its players: its seats are kept for them
            owners = [clean_name(o, "") or None for o in net["owners"]] if isinstance(net["owners"], list) else []
            named = [name_key(o) for o in owners if o is not None]
            if not MIN_PLAYERS <= len(owners) <= MAX_PLAYERS or len(set(named)) != len(named):
                raise ValueError("seats no table can have")  # a tampered row: left where it is
            options = RuleOptions.from_dict(net.get("options") or {}, base=preset(preset_name))
            config = PlayConfig(players=len(owners), options=options, preset=preset_name, script=True, pace=pace,
                                seed=None if self._seed is None else self._seed + number)
            table = Table(number, name, creator, config, level, self.clock)
            table.owners = owners
            table.name_in_use = self.name_in_use
            return table
        assert self.save_dir is not None
        import os
        import tempfile

        # A new file of its own (created exclusively: a link planted in the folder is never followed).
        names = game.get("names") if isinstance(game, dict) else None
        if not isinstance(names, list) or not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise ValueError("seats no table can have")  # a tampered row: left where it is
        fd, path = tempfile.mkstemp(prefix=f".resume-{number}-", suffix=".json", dir=str(self.save_dir))
        game_path = Path(path)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(game))
        try:
            config = PlayConfig(players=len(names), preset=preset_name, script=True, pace=pace)
            table = Table(number, name, creator, config, level, self.clock)
            table.owners = [None] * config.players
            table.start(resume=str(game_path))
        finally:
            game_path.unlink()
        return table

    def close(self) -> bool:
        """Save and stop every table; False if the save failed."""
        if self._sync_handle is not None:
            self._sync_handle.cancel()
        from uno_cli.net.store import StoreError

        try:
            ok = self.save_all()
        except StoreError as exc:  # the store could not even be opened
            self.save_failure, ok = exc.reason, False
        self._closed = True
        for table in self.tables.values():
            table.close()
        if self.store is not None:
            self.store.close()
            self.store = None  # the connections that end now change nothing saved
        return ok


def _replay(number: int, game: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    """A saved game with the moves of its table's log applied, as the row written after them would
    hold it. A move that cannot be read or applied ends the log there (logged)."""
    from uno_cli.engine import state_io
    from uno_cli.engine.actions import ALL_KINDS, Action
    from uno_cli.engine.seats import Seat

    state = state_io.from_dict(game)
    for text in moves:
        try:
            kind, seat, card, color, target = json.loads(text)
            if kind not in ALL_KINDS or type(seat) is not int or not all(
                    v is None or isinstance(v, str) and len(v) <= 8 for v in (card, color)) or not (
                    target is None or type(target) is int):
                raise ValueError("not an action")
            state.apply(Action(kind, Seat(seat), card, color, None if target is None else Seat(target)))
        except (EngineError, IndexError, KeyError, TypeError, ValueError):
            import logging

            logging.getLogger("uno_cli.net").error("table %s: a move of its log could not be applied: %s",
                                                   number, log_safe(text[:200]))
            break
    out = dict(game)
    out.update(state_io.to_dict(state))
    return out


def _private(table: Table, net: dict[str, Any]) -> None:
    """A saved table's code, invitations and removals (a stranger's file: cleaned, bounded)."""
    code = net.get("code")
    table.code = (clean_name(code, "")[:24] or None) if isinstance(code, str) else None
    for attr in ("invited", "removed"):
        names = net.get(attr)
        if isinstance(names, list):
            getattr(table, attr).update(clean_name(n, "") for n in names[:100] if isinstance(n, str))


def _seconds(value: str) -> float:
    """A table's pace typed as seconds (``1.5`` or ``1,5``), from 0 to 60."""
    text = value.strip().replace(",", ".")
    try:
        seconds = float(text) if text.isascii() and len(text) < 8 else -1.0
    except ValueError:
        seconds = -1.0
    if not 0.0 <= seconds <= 60.0:  # also refuses nan
        raise ConfigError("bad_pace", value=clean_text(value)[:20])
    return seconds


def _problem(exc: BaseException) -> str:
    from uno_cli.words.errtext import config_error, option_error, setup_error

    if isinstance(exc, InvalidOptions):
        return option_error(exc)
    if isinstance(exc, InvalidSetup):
        return setup_error(exc)
    if isinstance(exc, ConfigError):
        if exc.code == "bad_bot_level":  # the levels as the member types them
            exc = ConfigError(exc.code, value=exc.detail.get("value"),
                              allowed=tuple(net_words.level_name(level) for level in BOT_LEVELS))
        return clean_text(config_error(exc))[:300]
    return clean_text(str(exc))[:120]


def rules_line(config: PlayConfig) -> str:
    """A table's rules in one line: the preset's name, then each option set otherwise."""
    from uno_cli.engine.options import OPTION_NAMES, preset
    from uno_cli.words.optioninfo import describe_value, option_label, preset_name

    try:
        base = preset(config.preset)
    except Exception:  # noqa: BLE001
        base = None
    changes = [f"{option_label(k)}: {describe_value(k, getattr(config.options, k))}"
               for k in OPTION_NAMES
               if base is None or getattr(config.options, k) != getattr(base, k)]
    return ", ".join([preset_name(config.preset), *changes])


#: What each lobby verb (uno_cli.play.commands.LOBBY) does; ``help`` is answered in :meth:`Hub.line`.
_SERVER_VERBS: dict[str, Callable[[Hub, Member, str], None]] = {
    "tables": Hub.list_tables,
    "create": Hub.create,
    "join": Hub.join,
    "watch": Hub.watch,
    "leave": Hub.leave,
    "start": Hub.start,
    "who": Hub.who,
    "say": Hub.chat,
    "mute": Hub.mute, "unmute": Hub.unmute,
    "lang": Hub.set_lang,
    "verbosity": Hub.set_verbosity,
    "invite": Hub.invite, "remove": Hub.remove, "address": Hub.address,
    "register": Hub.register, "password": Hub.password,
    "my_keys": Hub.keys_of, "add_key": Hub.add_key, "remove_key": Hub.remove_key,
    "stats": Hub.stats, "top": Hub.top, "history": Hub.history,
}
_SERVER_VERBS.update(MODERATION_VERBS)
#: Server words that are also game verbs: during a match, the game has them. (``start`` is the
#: server's: the game's is the interactive game's key, which a table's line never means.)
_GAME_FIRST = frozenset({"top"})
#: What a newcomer (logged in with a key or password nobody registered) may do before registering.
_NEWCOMER_VERBS = frozenset({"register", "help", "lang", "verbosity", "stats", "top", "history"})

