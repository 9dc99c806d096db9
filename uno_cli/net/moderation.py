"""Roles, bans and mutes of the table server, and the commands of its moderators and operators.

Roles are granted by the person running the server (``uno serve --operator NAME
--moderator NAME`` or ``--roles FILE``), never by a player. A role belongs to a name,
compared as :func:`uno_cli.words.names.name_key` compares names, and counts only for a login
with a personal credential (a key, or an account's own): everyone holding the shared
passcode could log in under the name otherwise.

Moderators: ``kick`` (off the server), ``unseat`` (off their table), ``mute NAME``,
``unmute NAME``, ``close`` (a table). Operators also: ``ban``, ``unban``, ``broadcast``,
``shutdown``. Bans (of a name or of an address or network, for a time or for good) are kept
in the server's store, and so are mutes.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from uno_cli.engine.seats import Seat, all_seats
from uno_cli.words import net as net_words
from uno_cli.words import messagetypes as mt
from uno_cli.words.i18n import N_, NP_, _, pgettext
from uno_cli.words.names import clean_name, clean_text, name_key
from uno_cli.net import PASSCODE, file_stamp, oplog

if TYPE_CHECKING:
    from uno_cli.net.hub import Hub, Member

MODERATOR, OPERATOR = "moderator", "operator"
ROLES = (OPERATOR, MODERATOR)
_RANK = {None: 0, MODERATOR: 1, OPERATOR: 2}
#: The role each command needs (``mute``/``unmute`` with a name).
NEEDS: dict[str, str] = {
    "kick": MODERATOR, "unseat": MODERATOR, "mute": MODERATOR, "unmute": MODERATOR, "close": MODERATOR,
    "ban": OPERATOR, "unban": OPERATOR, "broadcast": OPERATOR, "shutdown": OPERATOR,
}
#: Seconds of notice a ``shutdown`` gives unless told otherwise, and at most.
NOTICE = 60
MAX_NOTICE = 3600
#: The longest ban or mute (ten years); longer is for good.
MAX_DURATION = 3650 * 86400
_UNITS = {"m": 60, "min": 60, "h": 3600, "d": 86400}
#: The longest broadcast message, in characters.
MAX_BROADCAST = 300
#: The word after ``shutdown`` that calls off a pending one, in English and as each language types it.
CANCEL_WORDS = ("cancel", "cancelar", "otkazi", "откажи", "anuleaza", "anulează", "annulla")

#: How each command is typed after its word, and (``mute``, ``unmute``) what it does with a name;
#: the others say what they do in uno_cli.play.commands.MODERATION.
HELP: tuple[tuple[str, str, str], ...] = (
    ("kick", NP_("argument", "NAME"), ""),
    ("unseat", NP_("argument", "NAME"), ""),
    ("mute", NP_("argument", "NAME [TIME]"), N_("turn a player's chat off, for a time (30m, 2h, 7d) or until unmuted")),
    ("unmute", NP_("argument", "NAME"), N_("turn a player's chat on again")),
    ("close", NP_("argument", "NUMBER"), ""),
    ("ban", NP_("argument", "NAME|ADDRESS [TIME]"), ""),
    ("unban", NP_("argument", "NAME|ADDRESS"), ""),
    ("broadcast", NP_("argument", "TEXT"), ""),
    ("shutdown", NP_("argument", "[SECONDS|cancel]"), ""),
)


# ------------------------------------------------------------------ roles given to the server


class RolesError(Exception):
    """A roles file or option the server cannot use; the message says why, in the current language."""


def _role_name(text: str, where: Callable[[], str]) -> str:
    """A name given a role, refused when cleaning would change it (control characters, too long)."""
    name = clean_name(text, "")
    if not name or name != text:
        raise RolesError(net_words.role_name_refused(where(), clean_text(text)[:40]))
    return name


def parse_roles(text: str, shown: str) -> dict[str, str]:
    """The roles of a roles file: one ``operator NAME`` or ``moderator NAME`` per line, ``#`` comments."""
    roles: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        def where(number: int = number) -> str:
            return net_words.roles_line(number, shown)
        word, _sep, name = entry.partition(" ")
        if word.lower() not in ROLES:
            raise RolesError(net_words.not_a_role(where(), clean_text(word)[:40]))
        if not name.strip():
            raise RolesError(net_words.no_name_after_role(where()))
        grant(roles, _role_name(name.strip(), where), word.lower())
    return roles


def grant(roles: dict[str, str], name: str, role: str) -> None:
    """Give ``name`` ``role`` (an operator stays an operator when also named a moderator)."""
    key = name_key(name)
    if _RANK[role] > _RANK[roles.get(key)]:
        roles[key] = role


def read_given(path: str) -> tuple[str, str]:
    """The text of a file given to ``uno serve`` (roles, passcode) and its name as shown, read with the
    limits of every file the program is given; raises RolesError naming the problem."""
    from uno_cli.engine.errors import InvalidSetup
    from uno_cli.play.savefile import MAX_BYTES, read_text

    shown = clean_text(str(path))[:200]
    try:
        return read_text(path), shown
    except OSError as exc:
        raise RolesError(net_words.cannot_read_given(shown, clean_text(exc.strerror or str(exc)))) from None
    except InvalidSetup:
        raise RolesError(net_words.given_not_text(shown, MAX_BYTES // 1000)) from None


def read_passcode(path: str) -> str:
    """The passcode in the first line of a file (``--passcode-file``); raises RolesError."""
    text, shown = read_given(path)
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    if not line:
        raise RolesError(net_words.no_passcode(shown))
    return line


def read_roles(operators: tuple[str, ...] = (), moderators: tuple[str, ...] = (),
               path: str | None = None) -> dict[str, str]:
    """Roles from ``--operator``, ``--moderator`` and ``--roles FILE``; raises RolesError."""
    roles: dict[str, str] = {}
    if path:
        text, shown = read_given(path)
        roles.update(parse_roles(text, shown))
    for role, names in ((MODERATOR, moderators), (OPERATOR, operators)):
        option = "--" + role
        for name in names:
            grant(roles, _role_name(name, lambda: option), role)
    return roles


# ------------------------------------------------------------------ durations and bans


def parse_duration(text: str) -> float:
    """Seconds of ``30m``, ``2h``, ``7d`` or ``45`` (minutes); raises ValueError."""
    word = text.strip().lower()
    digits = word.rstrip("abcdefghijklmnopqrstuvwxyz")
    unit = word[len(digits):] or "m"
    if not (digits.isascii() and digits.isdigit() and len(digits) < 8) or unit not in _UNITS:
        raise ValueError(text)
    seconds = int(digits) * _UNITS[unit]
    if not 0 < seconds <= MAX_DURATION:
        raise ValueError(text)
    return float(seconds)


@dataclass
class Ban:
    """One ban: of a name (its key) or of an address or network; ``until`` None is for good."""

    kind: str
    target: str
    until: float | None
    by: str

    def over(self, now: float) -> bool:
        """True once the ban has run out."""
        return self.until is not None and now >= self.until


def _network(text: str) -> Any:
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        return None


# ------------------------------------------------------------------ what players hear


def _usage(verb: str) -> str:
    from uno_cli.play.commands import label

    arg = next(a for v, a, _m in HELP if v == verb)
    return net_words.write_it_as(label(verb) + " " + pgettext("argument", arg))


def help_lines(role: str) -> str:
    """The commands of ``role``, one per line (said after ``help`` to those with a role)."""
    from uno_cli.play.commands import LOBBY_BY_NAME, label

    return "\n".join(net_words.command_line(label(v) + " " + pgettext("argument", a), _(m or LOBBY_BY_NAME[v].help))
                     for v, a, m in HELP if _RANK[NEEDS[v]] <= _RANK[role])


# ------------------------------------------------------------------ the moderation of one server


class Moderation:
    """The roles, bans and mutes of one server, and its moderators' commands (see :data:`VERBS`)."""

    def __init__(self, roles: dict[str, str] | None = None) -> None:
        #: Name key -> OPERATOR or MODERATOR.
        self.roles: dict[str, str] = dict(roles or {})
        #: (kind, target) -> Ban; kind "name" (target: the name's key) or "address" (an address or network).
        self.bans: dict[tuple[str, str], Ban] = {}
        #: Name key -> when the mute ends (None: until unmuted).
        self.muted: dict[str, float | None] = {}
        #: Table number -> name keys taken off it by a moderator (they cannot sit there again).
        self.barred: dict[int, set[str]] = {}
        #: Sets the server's stop event (``uno serve``); None: ``shutdown`` only tells.
        self.stop: Callable[[], None] | None = None
        self._shutdown: Any = None
        #: True once an operator's ``shutdown`` stopped the server (it is expected back).
        self.restarting = False
        self._read_roles: Callable[[], dict[str, str]] | None = None
        self._roles_path: str | None = None
        self._roles_stamp: tuple[int, int] | None = None

    def watch_roles(self, read: Callable[[], dict[str, str]], path: str | None) -> None:
        """Read the roles with ``read`` now, and again whenever the file ``path`` changes (or on SIGHUP)."""
        self._read_roles, self._roles_path, self._roles_stamp = read, path, file_stamp(path)
        self.roles = read()

    def fresh_roles(self, force: bool = False) -> None:
        """Read the roles again if their file changed (``force``: in any case); a file that cannot be
        used now leaves the roles as they were (logged)."""
        if self._read_roles is None:
            return
        stamp = file_stamp(self._roles_path)
        if not force and stamp == self._roles_stamp:
            return
        self._roles_stamp = stamp
        try:
            self.roles = self._read_roles()
            oplog.event("roles read again: %d names", len(self.roles))
        except RolesError as exc:
            oplog.log.error("the roles were not read again: %s", oplog.safe(exc))

    # ---------------------------------------------------------------- roles

    def role_of(self, member: Member) -> str | None:
        """The role ``member`` has now (none for a login with the shared passcode)."""
        role = self.roles.get(name_key(member.name))
        return None if member.credential == PASSCODE else role

    def allowed(self, member: Member, verb: str) -> bool:
        """True when ``member`` may use ``verb``; otherwise it is told why."""
        need = NEEDS[verb]
        self.fresh_roles()  # a changed roles file counts at once (no signal needed: Windows has none)
        if _RANK[self.role_of(member)] >= _RANK[need]:
            return True
        if member.credential == PASSCODE and _RANK[self.roles.get(name_key(member.name))] >= _RANK[need]:
            member.say(net_words.role_needs_key, mt.ERROR, {"code": "role_needs_key"})
        else:
            member.say(lambda: net_words.refused(need == OPERATOR), mt.ERROR, {"code": "not_allowed"})
        oplog.event("refused %s to %s (no role)", verb, oplog.safe(member.name))
        return False

    def _target(self, hub: Hub, member: Member, verb: str, rest: str) -> tuple[Member | None, str, str]:
        """The member a command names (connected, or not), its cleaned name, and the rest of the line.

        A name may hold spaces: the longest start of ``rest`` that is a connected member's name
        wins. Otherwise, for ``mute`` and ``ban``, a last word starting with a digit is the time.
        """
        words = rest.split()
        by_key = {name_key(m.name): m for m in hub.members.values()}
        for size in range(len(words), 0, -1):
            found = by_key.get(name_key(clean_name(" ".join(words[:size]), "")))
            if found is not None:
                return found, found.name, " ".join(words[size:])
        timed = verb in ("mute", "ban") and len(words) > 1 and words[-1][:1].isdigit()
        name = clean_name(" ".join(words[:-1] if timed else words), "")
        if not name:
            member.say(lambda: _usage(verb), mt.ERROR, {"code": "usage"})
        return None, name, words[-1] if timed else ""

    def _above(self, member: Member, name: str) -> bool:
        """True (and said) when ``name`` holds a role as high as ``member``'s, or is ``member``."""
        if name_key(name) == name_key(member.name) or _RANK[self.roles.get(name_key(name))] >= _RANK[
                self.role_of(member)]:
            member.say(lambda: net_words.protected(name), mt.ERROR, {"code": "protected"})
            return True
        return False

    # ---------------------------------------------------------------- what logins and lines meet

    def admit(self, member: Member) -> Ban | None:
        """A login (logged): the ban that refuses its name or address, or None."""
        now = time.time()
        address = member.address
        self.fresh_roles()
        ban = self.ban_of("name", name_key(member.name), now) or (self.address_ban(address, now) if address else None)
        if ban is not None:
            oplog.event("login refused (banned %s): %s from %s", ban.kind, oplog.safe(member.name), oplog.safe(address))
            return ban
        role = self.role_of(member)
        oplog.event("login: %s from %s with %s%s", oplog.safe(member.name), oplog.safe(address or "here"),
                    oplog.safe(member.credential or "no credential"), f" ({role})" if role else "")
        return None

    def help(self, member: Member) -> None:
        """After ``help``: the commands of ``member``'s role, if it has one."""
        self.fresh_roles()
        role = self.role_of(member)
        if role is not None:
            member.say(lambda: help_lines(role), mt.HELP)

    def ban_of(self, kind: str, target: str, now: float | None = None) -> Ban | None:
        """The ban in force on ``target`` (a name key, or an address or network as typed), or None."""
        ban = self.bans.get((kind, target))
        if ban is not None and ban.over(time.time() if now is None else now):
            return None
        return ban

    def address_ban(self, address: str, now: float | None = None) -> Ban | None:
        """The ban in force on ``address`` (an address ban, or a network holding it), or None."""
        try:
            ip = ipaddress.ip_address(address.split("%")[0])
        except ValueError:
            return None
        now = time.time() if now is None else now
        for (kind, target), ban in self.bans.items():
            if kind == "address" and not ban.over(now):
                net = _network(target)
                if net is not None and ip.version == net.version and ip in net:
                    return ban
        return None

    def silenced(self, member: Member) -> bool:
        """True (and said) when a moderator muted ``member``'s chat."""
        key = name_key(member.name)
        if key not in self.muted:
            return False
        until = self.muted[key]
        if until is not None and time.time() >= until:
            del self.muted[key]
            return False
        member.say(net_words.muted_line, mt.ERROR, {"code": "muted"})
        return True

    def is_barred(self, number: int, name: str) -> bool:
        """True when a moderator took ``name`` off table ``number``."""
        return name_key(name) in self.barred.get(number, ())

    def barred_from(self, member: Member, number: int) -> bool:
        """True (and said) when a moderator took ``member`` off table ``number``."""
        if not self.is_barred(number, member.name):
            return False
        member.say(lambda: net_words.barred(number), mt.ERROR, {"code": "barred"})
        return True

    # ---------------------------------------------------------------- the store

    def load(self, store: Any, tables: Collection[int] = ()) -> None:
        """The bans kept in ``store`` (uno_cli.net.store.TableStore), and who was taken off which of
        ``tables`` (the tables resumed); bans run out and seats of tables gone are dropped."""
        from uno_cli.net.store import StoreError

        now = time.time()
        for kind, target, until, by in store.bans():
            ban = Ban(str(kind), str(target)[:100], None if until is None else float(until), clean_name(by, ""))
            number, _sep, key = ban.target.partition(" ")
            if ban.kind in ("name", "address") and not ban.over(now):
                self.bans[(ban.kind, ban.target)] = ban
            elif ban.kind == "mute" and not ban.over(now):
                self.muted[ban.target] = ban.until
            elif ban.kind == "seat" and number.isdigit() and int(number) in tables:
                self.barred.setdefault(int(number), set()).add(key)
            else:
                try:
                    store.remove_ban(kind, target)
                except StoreError:
                    pass

    def _keep(self, hub: Hub, ban: Ban, gone: bool = False) -> None:
        from uno_cli.net.store import StoreError

        try:
            if hub.store is None and hub.save_dir is not None:
                hub.open_store()
            if hub.store is not None:
                if gone:
                    hub.store.remove_ban(ban.kind, ban.target)
                else:
                    hub.store.put_ban(ban.kind, ban.target, ban.until, ban.by)
        except StoreError as exc:
            oplog.log.error("the ban of %s could not be saved: %s", oplog.safe(ban.target), exc.reason)

    # ---------------------------------------------------------------- moderators' commands

    def kick(self, hub: Hub, member: Member, rest: str) -> None:
        """``kick NAME``: the player's connection ends (their seat waits as after a drop)."""
        if not self.allowed(member, "kick"):
            return
        target, name, _more = self._target(hub, member, "kick", rest)
        if not name or self._above(member, name):
            return
        if target is None:
            member.say(lambda: net_words.nobody_connected(name), mt.ERROR, {"code": "no_player"})
            return
        by = member.name
        target.say(lambda: net_words.kicked_by(by), mt.ERROR, {"code": "kicked"})
        hub.disconnect(target, dropped=True)
        _close(target)
        member.say(lambda: net_words.kicked(name), mt.INFO, {"code": "kicked"})
        oplog.event("kick: %s by %s", oplog.safe(name), oplog.safe(by))

    def unseat(self, hub: Hub, member: Member, rest: str) -> None:
        """``unseat NAME``: the player goes back to the lobby and cannot sit at that table again."""
        from uno_cli.net.table import PLAYING

        if not self.allowed(member, "unseat"):
            return
        target, name, _more = self._target(hub, member, "unseat", rest)
        if not name or self._above(member, name):
            return
        table = target.table if target is not None else None
        seat = target.seat if target is not None and table is not None else None
        if table is None:  # not connected, or in the lobby: a seat waiting for them at a match
            table, seat = _waiting_seat(hub, name)
        if table is None:
            member.say(lambda: net_words.not_at_a_table(name), mt.ERROR, {"code": "not_at_table"})
            return
        number = table.number
        self.barred.setdefault(number, set()).add(name_key(name))
        self._keep(hub, Ban("seat", f"{number} {name_key(name)}", None, member.name))  # after a restart too
        sentence = lambda: net_words.unseated(name, number)
        table.announce(sentence)
        if target is not None and target.table is not None and target.table.number == number:
            hub.leave_table(target)
        if seat is not None and table is not None and table.state == PLAYING and seat < len(table.owners):
            table.owners[seat] = None  # nobody gets this seat back: a bot plays it from now on
            table.away[seat] = table.clock.now()
            table.after_change()
        hub.mark_changed(number)
        if member.table is not table:
            member.say(sentence, mt.INFO, {"code": "unseated"})
        oplog.event("unseat: %s from table %d by %s", oplog.safe(name), number, oplog.safe(member.name))

    def mute(self, hub: Hub, member: Member, rest: str) -> None:
        """``mute NAME [TIME]``: the player's chat lines reach nobody."""
        if not self.allowed(member, "mute"):
            return
        target, name, more = self._target(hub, member, "mute", rest)
        if not name or self._above(member, name):
            return
        seconds = self._duration(member, more)
        if seconds is False:
            return
        self.muted[name_key(name)] = until = None if seconds is None else time.time() + seconds
        by = member.name
        self._keep(hub, Ban("mute", name_key(name), until, by))  # after a restart too
        done = lambda: net_words.muted(name, seconds)
        told = lambda: net_words.muted_by(by, seconds)
        if target is not None:
            target.say(told, mt.INFO, {"code": "muted"})
        member.say(done, mt.INFO, {"code": "muted"})
        oplog.event("mute: %s by %s for %s", oplog.safe(name), oplog.safe(by),
                    "good" if seconds is None else "%ds" % seconds)

    def unmute(self, hub: Hub, member: Member, rest: str) -> None:
        """``unmute NAME``: the player's chat reaches others again."""
        if not self.allowed(member, "unmute"):
            return
        target, name, _more = self._target(hub, member, "unmute", rest)
        if not name:
            return
        self.muted.pop(name_key(name), None)
        by = member.name
        self._keep(hub, Ban("mute", name_key(name), None, by), gone=True)
        if target is not None:
            target.say(lambda: net_words.unmuted_by(by), mt.INFO, {"code": "unmuted"})
        member.say(lambda: net_words.unmuted(name), mt.INFO, {"code": "unmuted"})
        oplog.event("unmute: %s by %s", oplog.safe(name), oplog.safe(by))

    def close(self, hub: Hub, member: Member, rest: str) -> None:
        """``close NUMBER``: everyone at the table goes back to the lobby; the table is gone."""
        if not self.allowed(member, "close"):
            return
        table = hub.table_arg(member, rest)
        if table is None:
            return
        number, by = table.number, member.name
        for other in list(table.members):
            other.say(lambda: net_words.table_closed_by(by, number), mt.LEFT, {"number": number, "code": "closed"})
            table.detach(other, dropped=False)
        table.close()
        hub.tables.pop(number, None)
        for key in self.barred.pop(number, set()):
            self._keep(hub, Ban("seat", f"{number} {key}", None, by), gone=True)
        hub.mark_changed(number)
        if member.table is None:
            member.say(lambda: net_words.table_closed(number), mt.INFO, {"code": "closed"})
        oplog.event("table %d closed by %s", number, oplog.safe(by))

    # ---------------------------------------------------------------- operators' commands

    def ban(self, hub: Hub, member: Member, rest: str) -> None:
        """``ban NAME|ADDRESS [TIME]``: refused at every login from now on (and sent off now)."""
        if not self.allowed(member, "ban"):
            return
        word, _sep, more = rest.strip().partition(" ")
        net = _network(word) if word else None
        if net is None:
            _found, name, more = self._target(hub, member, "ban", rest)
            if not name or self._above(member, name):
                return
            kind, key, shown = "name", name_key(name), name
        else:
            kind, key, shown = "address", str(net) if net.num_addresses > 1 else str(net.network_address), word
            shown = clean_text(shown)[:50]
        seconds = self._duration(member, more.strip())
        if seconds is False:
            return
        ban = Ban(kind, key, None if seconds is None else time.time() + seconds, member.name)
        self.bans[(kind, key)] = ban
        self._keep(hub, ban)
        member.say(lambda: net_words.banned(shown, seconds), mt.INFO, {"code": "banned"})
        oplog.event("ban: %s %s by %s for %s", kind, oplog.safe(shown), oplog.safe(member.name),
                    "good" if seconds is None else "%ds" % seconds)
        now = time.time()
        for other in list(hub.members.values()):
            hit = (name_key(other.name) == key) if kind == "name" else self.address_ban(other.address, now) is ban
            if hit and other is not member:
                other.say(partial(net_words.banned_sentence, ban.until), mt.ERROR, {"code": "banned"})
                hub.disconnect(other, dropped=True)
                _close(other)

    def unban(self, hub: Hub, member: Member, rest: str) -> None:
        """``unban NAME|ADDRESS``."""
        if not self.allowed(member, "unban"):
            return
        word = rest.strip().split(" ")[0] if rest.strip() else ""
        if not word:
            member.say(lambda: _usage("unban"), mt.ERROR, {"code": "usage"})
            return
        net = _network(word)
        key = ("address", str(net) if net.num_addresses > 1 else str(net.network_address)) if net is not None else (
            "name", name_key(clean_name(word, "")))
        shown = clean_text(word)[:50]
        ban = self.bans.pop(key, None)
        if ban is None:
            member.say(lambda: net_words.not_banned(shown), mt.ERROR, {"code": "not_banned"})
            return
        self._keep(hub, ban, gone=True)
        member.say(lambda: net_words.unbanned(shown), mt.INFO, {"code": "unbanned"})
        oplog.event("unban: %s %s by %s", ban.kind, oplog.safe(shown), oplog.safe(member.name))

    def broadcast(self, hub: Hub, member: Member, rest: str) -> None:
        """``broadcast TEXT``: one line to everyone connected, at a table or not."""
        if not self.allowed(member, "broadcast"):
            return
        text = clean_text(rest)[:MAX_BROADCAST]
        if not text:
            member.say(lambda: _usage("broadcast"), mt.ERROR, {"code": "usage"})
            return
        by = member.name
        tell_everyone(hub, lambda: net_words.announcement(by, text), mt.BROADCAST,
                      {"from": by, "message": text})
        oplog.event("broadcast by %s: %s", oplog.safe(by), oplog.safe(text))

    def shutdown(self, hub: Hub, member: Member, rest: str) -> None:
        """``shutdown [SECONDS]``: everyone is told; then every table is saved and the server stops."""
        if not self.allowed(member, "shutdown"):
            return
        word = rest.strip()
        if word.lower() in CANCEL_WORDS:
            self.cancel_shutdown(hub, member)
            return
        if word and not (word.isascii() and word.isdigit() and int(word) <= MAX_NOTICE):
            member.say(lambda: _usage("shutdown"), mt.ERROR, {"code": "usage"})
            return
        seconds = int(word) if word else NOTICE
        self.schedule_shutdown(hub, seconds, member.name)

    def schedule_shutdown(self, hub: Hub, seconds: float, by: str = "") -> None:
        """Tell everyone the server restarts in ``seconds``, then stop it (a new notice replaces an earlier one)."""
        import asyncio

        tell_everyone(hub, lambda: net_words.restarts_in(seconds), mt.SHUTDOWN, {"seconds": seconds})
        oplog.event("shutdown in %ds by %s", seconds, oplog.safe(by) or "the operator")
        if self._shutdown is not None:
            self._shutdown.cancel()
        if self.stop is not None:
            self._shutdown = asyncio.get_running_loop().call_later(seconds, self._stop_now)

    def cancel_shutdown(self, hub: Hub, member: Member) -> None:
        """``shutdown cancel``: the pending shutdown is called off, and everyone hears it."""
        if self._shutdown is None or self.restarting:
            member.say(net_words.no_shutdown, mt.ERROR, {"code": "no_shutdown"})
            return
        self._shutdown.cancel()
        self._shutdown = None
        by = member.name
        tell_everyone(hub, lambda: net_words.shutdown_cancelled(by),
                      mt.SHUTDOWN, {"seconds": None, "code": "cancelled"})
        oplog.event("shutdown cancelled by %s", oplog.safe(by))

    def _stop_now(self) -> None:
        self.restarting = True
        if self.stop is not None:
            self.stop()

    def _duration(self, member: Member, text: str) -> float | None | bool:
        """Seconds of an optional duration (None: for good); False when it cannot be read (said)."""
        word = text.split(" ")[0] if text else ""
        if not word:
            return None
        try:
            return parse_duration(word)
        except ValueError:
            shown = clean_text(word)[:20]
            member.say(lambda: net_words.not_a_time(shown), mt.ERROR, {"code": "bad_time"})
            return False


def _waiting_seat(hub: Hub, name: str) -> tuple[Any, Seat | None]:
    """The table and seat of a match that waits for ``name`` (who dropped, or left it), or (None, None)."""
    key = name_key(name)
    for table in hub.tables.values():
        for seat, owner in zip(all_seats(len(table.owners)), table.owners):
            if owner is not None and name_key(owner) == key and all(m.seat != seat for m in table.members):
                return table, seat
    return None, None


def tell_everyone(hub: Hub, sentence: Callable[[], str], type: str, data: dict[str, Any]) -> None:
    """Say ``sentence()`` to every member, at a table or in the lobby, each in their language; never cut off."""
    for other in list(hub.members.values()):
        with other.language():
            other.send(type, sentence(), data, important=True)


def _close(member: Member) -> None:
    member.gone = True
    try:
        member.close()
    except Exception:  # noqa: BLE001 - the connection ended meanwhile
        pass


#: The commands of :data:`uno_cli.play.commands.MODERATION`, as the hub calls them.
def _verb(name: str) -> Callable[[Hub, Member, str], None]:
    def run(hub: Hub, member: Member, rest: str) -> None:
        getattr(hub.moderation, name)(hub, member, rest)

    return run


VERBS: dict[str, Callable[[Hub, Member, str], None]] = {
    name: _verb(name) for name in ("kick", "unseat", "close", "ban", "unban", "broadcast", "shutdown")}
