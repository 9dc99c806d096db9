"""The SSH side of the server (asyncssh): host key, logins and their limits, one Member per channel.

A shell session with a terminal (``ssh -p PORT name@host``) is the interactive game's prompt:
prompt_toolkit runs on the channel with the local game's key bindings
(:func:`uno_cli.interactive.bindings.make_prompt_session`), a short stable prompt, and every
message printed once above it; the keys go to the connection's key layer
(:class:`uno_cli.net.keys.SeatKeys`). Without a terminal (a script piped into ``ssh -T``)
each input line is a typed line. The command or subsystem ``uno-json`` speaks JSON Lines
(programs), ``uno-keys`` the frames of ``uno join`` (keys and typed lines in, a person's
lines out as JSON objects). The SSH user name is the player's name.
"""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import Callable
import os
import secrets
import time
from collections import deque
from functools import partial
from pathlib import Path
from typing import Any

import asyncssh

from uno_cli.words.i18n import negotiate
from uno_cli.words import messagetypes as mt
from uno_cli.net import DEFAULT_PORT, JSON_CHANNEL, KEYS_CHANNEL, PASSCODE, file_stamp, words  # noqa: F401 - importable from here
from uno_cli.net.accounts import key_kind_of
from uno_cli.net.hub import MAX_LINE, Hub, Member
from uno_cli.net.limits import Limits, address_share
from uno_cli.words import net as net_words

#: Failed logins from one address within :data:`FAIL_WINDOW` seconds before it is refused.
MAX_FAILURES = 5
FAIL_WINDOW = 60.0
#: Characters waiting to be sent to one connection before it is dropped (a client that never reads).
MAX_BUFFER = 256 * 1024
#: The ciphers the server offers: AES-GCM, then AES-CTR with a SHA-2 MAC computed over the encrypted
#: packet (EtM). The client's order picks among them (OpenSSH's ``ssh`` takes AES-CTR, ``uno join``
#: AES-GCM). chacha20-poly1305, every client's first choice, is left out: asyncssh computes it in Python
#: (about 15 microseconds a packet against under 3 for these, which OpenSSL computes), and the server
#: encrypts two packets for each line a player gets. See docs/server.md, "Security".
ENCRYPTION_ALGS = ("aes256-gcm@openssh.com", "aes128-gcm@openssh.com", "aes256-ctr", "aes192-ctr", "aes128-ctr")
#: The MACs for AES-CTR (AES-GCM has its own): SHA-2, over the encrypted packet first.
MAC_ALGS = ("hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com", "hmac-sha2-256", "hmac-sha2-512")
#: Sessions (channels) one connection may have open at once: each costs what a connection costs, and
#: the limits count connections.
MAX_SESSIONS = 4
#: Environment variables a session keeps (the game reads a few; OpenSSH sends LANG and every LC_*
#: by default), and the characters of each.
MAX_ENV = 64
MAX_ENV_TEXT = 300
#: The smallest packet a session's client may take, in bytes (OpenSSH takes 32 KB, PuTTY 16 KB).
MIN_PACKET = 1024
#: The most columns (and rows) a terminal is drawn with, whatever size its client says.
MAX_TERMINAL = 1000
#: The most characters of a refused ``ssh HOST COMMAND`` said back.
MAX_SHOWN_COMMAND = 60
#: Seconds a terminal's new size waits before its redraw, so a burst of sizes costs one redraw.
RESIZE_WAIT = 0.05


def host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key, created (private to its owner) the first time."""
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    return key


def _end(conn: Any) -> None:
    """Close a connection that is still logging in."""
    try:
        conn.abort()
    except Exception:  # noqa: BLE001 - it ended meanwhile
        pass


class KeysFileError(Exception):
    """An authorized-keys file the server cannot use; the message says why, in the current language."""


def read_authorized_keys(path: str) -> Any:
    """The keys of an authorized-keys file, read with the limits of every file the server is given
    (:func:`uno_cli.play.savefile.read_text`); raises KeysFileError naming the problem (and the line)."""
    from uno_cli.engine.errors import InvalidSetup
    from uno_cli.words.names import clean_text
    from uno_cli.words import net as net_words
    from uno_cli.play.savefile import read_text

    shown = clean_text(str(path))[:200]
    try:
        text = read_text(path)
    except OSError as exc:
        raise KeysFileError(net_words.keys_file_unreadable(shown, clean_text(exc.strerror or str(exc)))) from None
    except InvalidSetup as exc:
        raise KeysFileError(net_words.keys_file_problem(shown, exc.code, exc.detail)) from None
    count = 0
    for number, line in enumerate(text.splitlines(), 1):
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        try:
            asyncssh.import_authorized_keys(entry)
        except (ValueError, asyncssh.Error):
            raise KeysFileError(net_words.keys_file_problem(shown, "bad_line", {"line": number})) from None
        count += 1
    if not count:
        raise KeysFileError(net_words.keys_file_problem(shown, "no_keys", {}))
    return asyncssh.import_authorized_keys(text)


def new_passcode() -> str:
    """A passcode easy to read aloud: three groups of four lower-case letters and digits."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "-".join("".join(secrets.choice(alphabet) for _ in range(4)) for _ in range(3))


class Gate:
    """Who may log in: the passcode and/or authorized keys, the failures per address, and the
    connections still logging in (per address and in all: strangers never lock players out).
    Each method counts its address as :func:`address_share` says (an IPv6 address by its /64)."""

    def __init__(self, passcode: str | None, authorized_keys: str | None = None,
                 max_connections: int | None = None, limits: Limits | None = None) -> None:
        self.passcode = passcode
        self.authorized_keys = read_authorized_keys(authorized_keys) if authorized_keys else None
        #: The authorized-keys file, read again when it changes (:meth:`reload_keys`).
        self.keys_path = authorized_keys
        self._keys_stamp = file_stamp(authorized_keys)
        self.limits = limits or Limits()
        self.max_connections = self.limits.connections if max_connections is None else max_connections
        #: Logged-in connections.
        self.connections = 0
        #: Logged-in connections by address.
        self.logged: dict[str, int] = {}
        #: Connections still logging in, by address, oldest first.
        self.pending: dict[str, list[Any]] = {}
        self._failures: dict[str, deque[float]] = {}

    def reload_keys(self, force: bool = False) -> bool:
        """Read the authorized-keys file again if it changed (``force``: in any case, as on SIGHUP);
        a file that cannot be used now leaves the keys as they were (logged). True if read again."""
        from uno_cli.net.oplog import log, safe

        path = self.keys_path
        if not path:
            return False
        stamp = file_stamp(path)
        if not force and stamp == self._keys_stamp:
            return False
        self._keys_stamp = stamp
        try:
            self.authorized_keys = read_authorized_keys(path)
        except KeysFileError as exc:
            log.error("the authorized keys were not read again: %s", safe(exc))
            return False
        log.info("authorized keys read again from %s", safe(path))
        return True

    @property
    def logging_in(self) -> int:
        """Connections still logging in."""
        return sum(len(c) for c in self.pending.values())

    def arrived(self, address: str, conn: Any) -> bool:
        """A new connection from ``address``: False if it is refused (it is closed by the caller).

        Past the limit of its address, or of all, the oldest connection still logging in from
        the address that has the most of them is closed instead: a stranger's idle connections
        make room, never a player's.
        """
        address = address_share(address)
        if self.blocked(address):
            return False
        mine = self.pending.setdefault(address, [])
        if len(mine) >= self.limits.logins_per_address:
            _end(mine.pop(0))
        elif self.logging_in >= self.limits.logins:
            busiest = max(self.pending.values(), key=len)
            _end(busiest.pop(0))
        mine.append(conn)
        return True

    def logged_in(self, address: str, conn: Any) -> bool:
        """A connection logged in: False when the room is full (it is closed by the caller)."""
        address = address_share(address)
        self.left(address, conn)
        if self.connections >= self.max_connections or (
                self.logged.get(address, 0) >= self.limits.connections_per_address):
            return False
        self.connections += 1
        self.logged[address] = self.logged.get(address, 0) + 1
        return True

    def logged_out(self, address: str) -> None:
        """A logged-in connection ended."""
        address = address_share(address)
        self.connections -= 1
        left = self.logged.get(address, 0) - 1
        if left > 0:
            self.logged[address] = left
        else:
            self.logged.pop(address, None)

    def left(self, address: str, conn: Any) -> None:
        """A connection that was logging in ended or logged in."""
        address = address_share(address)
        mine = self.pending.get(address)
        if mine is not None:
            if conn in mine:
                mine.remove(conn)
            if not mine:
                del self.pending[address]

    def blocked(self, address: str) -> bool:
        """True while ``address`` has failed too often lately."""
        times = self._failures.get(address_share(address))
        if not times:
            return False
        now = time.monotonic()
        while times and now - times[0] > FAIL_WINDOW:
            times.popleft()
        return len(times) >= MAX_FAILURES

    def failed(self, address: str) -> None:
        """Count a failed login of ``address``."""
        self._failures.setdefault(address_share(address), deque(maxlen=MAX_FAILURES)).append(time.monotonic())
        if len(self._failures) > 10_000:  # forget the oldest addresses
            self._failures.pop(next(iter(self._failures)))

    def check(self, address: str, password: str) -> bool:
        """True for the right passcode from an address that is not blocked."""
        if self.passcode is None or self.blocked(address):
            return False
        ok = hmac.compare_digest(password.encode("utf-8", "replace"), self.passcode.encode("utf-8"))
        if not ok:
            self.failed(address)
        return ok


class _Server(asyncssh.SSHServer):
    def __init__(self, hub: Hub, gate: Gate) -> None:
        self.hub = hub
        self.gate = gate
        self.address = ""
        self._counted = False
        self._conn: Any = None
        #: The name a login was tried with, until it succeeds (then None).
        self._trying: str | None = None
        #: What the login proved: PASSCODE or "key " and the key's fingerprint (the last one
        #: validated: asyncssh validates the signing key again just before the login succeeds).
        self.credential: str | None = None
        #: The account logged in (uno_cli.net.accounts.Account), the key's fingerprint, and whether the
        #: login may only register (a newcomer) and holds the invitation (the passcode, or none needed).
        self.account: Any = None
        self.login_key: str | None = None
        self.key_kind = ""
        self.newcomer = False
        self.invited = True
        #: Sessions open on this connection (at most MAX_SESSIONS).
        self.sessions = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername") or ("",)
        self.address = str(peer[0])
        self._conn = conn
        if self.hub.moderation.address_ban(self.address) is not None:
            from uno_cli.net.oplog import event, safe

            event("connection refused (banned address): %s", safe(self.address))
            conn.abort()  # before the version line: a closed connection, not a packet ssh calls an invalid banner
            return
        if not self.gate.arrived(self.address, conn):
            conn.abort()

    def auth_completed(self) -> None:
        self._trying = None
        full = self.gate.connections >= self.gate.max_connections
        if self.gate.logged_in(self.address, self._conn):
            self._counted = True
        else:
            # Said (ssh shows a disconnect's reason), in the server's language: the player's is not known yet.
            from uno_cli.words.i18n import use_language

            with use_language(self.hub.lang):
                reason = net_words.server_full() if full else net_words.address_full()
            self._conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, reason)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._trying is not None:
            from uno_cli.net.oplog import event, safe

            event("failed login: %s from %s (no credential accepted)", safe(self._trying), safe(self.address))
        self.gate.left(self.address, self._conn)
        if self._counted:
            self.gate.logged_out(self.address)
            self._counted = False

    def begin_auth(self, username: str) -> bool:
        self.gate.reload_keys()  # a changed authorized-keys file counts from the next login (no signal needed)
        self._trying = username
        return True

    # Logins (docs/server.md, "Players: accounts and ratings"): a registered name logs in only with
    # its account's key or password; other names with the passcode or a listed key (guests), or,
    # on a server with accounts, with any key (and, without a passcode, any password) as newcomers,
    # who may only register until they do.

    def _accounts(self) -> Any:
        try:
            return self.hub.accounts
        except Exception:  # noqa: BLE001 - a store that cannot be read: no account logs in
            import logging

            logging.getLogger("uno_cli.net").exception("accounts could not be read")
            return None

    def password_auth_supported(self) -> bool:
        return self.gate.passcode is not None or self.hub.accounts_mode != "off"

    # OpenSSH asks by keyboard-interactive first: its prompt names what this name needs.

    def kbdint_auth_supported(self) -> bool:
        return self.password_auth_supported()

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        from uno_cli.words import net as net_words

        accounts = self._accounts()
        account = accounts.named(username) if accounts is not None else None
        return "", "", "", [(net_words.login_prompt(account is not None and account.password is not None,
                                                self.gate.passcode is not None), False)]

    def validate_kbdint_response(self, username: str, responses: Any) -> Any:
        return len(responses) == 1 and self.validate_password(username, responses[0])

    def validate_password(self, username: str, password: str) -> Any:
        if self.gate.blocked(self.address):
            return False
        accounts = self._accounts()
        account = accounts.named(username) if accounts is not None else None
        if account is not None:
            return self._account_password(account, password, username)  # asyncssh awaits it
        if self.gate.passcode is not None:
            ok = self.gate.check(self.address, password)
            if ok:
                self.credential = PASSCODE
                self.newcomer = self.hub.accounts_mode == "only"
            else:
                _failed_login(username, self.address, "passcode refused")
            return ok
        if accounts is not None and self._open_registration():
            self.credential, self.newcomer = PASSCODE, True
            return True
        return False

    def _open_registration(self) -> bool:
        """Anyone may register: accounts only, and no passcode to invite with."""
        return self.hub.accounts_mode == "only" and self.gate.passcode is None

    async def _account_password(self, account: Any, password: str, username: str = "") -> bool:
        """The password of a registered name: the account's own (or, to be told the name is taken, the passcode)."""
        from uno_cli.net.accounts import check_password

        # scrypt is slow on purpose: it runs on a worker thread, never on the tables' loop.
        ok = await asyncio.get_running_loop().run_in_executor(None, check_password, password, account.password)
        if ok:
            self.credential, self.account = account.credential, account
        elif self.gate.passcode is not None:
            # A guest under a registered name: let in to hear, in their language, that it is taken
            # (a wrong passcode counts as a failure there).
            if self.gate.check(self.address, password):
                self.credential, ok = PASSCODE, True
        else:
            self.gate.failed(self.address)
        if not ok:
            _failed_login(username, self.address, "account password refused")
        return ok

    def public_key_auth_supported(self) -> bool:
        return self.gate.authorized_keys is not None or self.hub.accounts_mode != "off"

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.gate.blocked(self.address):
            return False
        fingerprint = key.get_fingerprint()
        self.key_kind = key_kind_of(key)
        accounts = self._accounts()
        account = accounts.named(username) if accounts is not None else None
        if account is not None:
            ok = fingerprint in accounts.keys(account)
            if ok:
                self.credential, self.account, self.login_key = account.credential, account, fingerprint
            return ok
        keys = self.gate.authorized_keys
        if keys is not None and keys.validate(key, "", self.address) is not None:
            self.credential, self.login_key = "key " + fingerprint, fingerprint
            self.newcomer = self.hub.accounts_mode == "only"
            return True
        if accounts is not None and (self.gate.passcode is not None or self._open_registration()):
            # Any other key comes in as a newcomer, who may register it (with the passcode, if there is one).
            self.credential, self.login_key, self.newcomer = PASSCODE, fingerprint, True
            self.invited = self._open_registration()
            return True
        return False

    def session_requested(self) -> Any:
        if self.sessions >= MAX_SESSIONS:
            return False  # the channel is refused; the sessions open go on
        self.sessions += 1
        session = _Session(self.hub, self.credential)
        session.address = self.address
        session.login = self
        return session


class _Session(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    def __init__(self, hub: Hub, credential: str | None = None) -> None:
        self.hub = hub
        #: What the login proved (see _Server.credential); the member carries it to the hub.
        self.credential = credential
        self.chan: Any = None
        #: The address the connection comes from.
        self.address = ""
        #: The login that opened this session (_Server: its account, key and newcomer state).
        self.login: Any = None
        self.json = False
        self.frames = False
        self.member: Member | None = None
        self._buffer = ""
        self._skipping = False
        self._input: Any = None
        self._cutter: Any = None
        self._inbox: Any = None
        self._app: Any = None
        self._task: Any = None
        self._loop: Any = None
        #: Lines queued in this loop tick, and their characters.
        self._outbox: list[str] = []
        self._queued = 0
        #: Room left in the channel's buffer when this tick's first line was queued (see :meth:`_write`).
        self._room = MAX_BUFFER
        self._flushing = False
        #: A redraw for a new terminal size is waiting (see :meth:`terminal_size_changed`).
        self._resize_due = False
        #: The command an ``ssh HOST COMMAND`` asked for, which no server runs (None: none asked).
        self._refused: str | None = None

    def connection_made(self, chan: Any) -> None:
        self.chan = chan
        _bounded_environment(chan)
        if getattr(getattr(chan, "_orig_chan", chan), "_send_pktsize", MIN_PACKET) < MIN_PACKET:
            # Every line would go out a few bytes a packet, each encrypted and sent on its own: the
            # tables' loop would wait seconds for one answer. No real client asks this.
            self.chan = None
            chan.close()

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def _channel(self, name: str) -> bool:
        self.json = name == JSON_CHANNEL
        self.frames = name == KEYS_CHANNEL
        return self.json or self.frames

    def exec_requested(self, command: str) -> bool:
        if not self._channel(command.strip()):
            # Nothing is run: the session only says so, in the player's language, then ends.
            self._refused = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return self._channel(subsystem)

    def session_started(self) -> None:
        chan = self.chan
        if chan is None:
            return
        env = dict(chan.get_environment() or {})
        lang = env.get("UNO_LANG") or ""
        sent = {k: v for k, v in env.items() if k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
        try:
            from uno_cli.words.i18n import parse_language

            # The joiner's language, else the server's (friends often share it).
            lang = parse_language(lang) if lang else negotiate(sent) if sent else self.hub.lang
        except ValueError:
            lang = self.hub.lang
        if self._refused is not None:
            from uno_cli.words.i18n import use_language
            from uno_cli.words.names import clean_text

            with use_language(lang):
                text = net_words.no_command(clean_text(self._refused)[:MAX_SHOWN_COMMAND])
            chan.write_stderr(text + "\r\n")
            chan.exit(1)
            return
        verbosity = "short" if env.get("UNO_VERBOSITY") == "short" else "full"
        name = chan.get_extra_info("username") or "Player"
        self.member = member = Member(name, self._write, json_lines=self.json, lang=lang, verbosity=verbosity,
                                      close=self._close, frames=self.frames)
        member.credential = self.credential
        sock = chan.get_extra_info("sockname")
        if isinstance(sock, tuple) and len(sock) >= 2:
            member.reached = (str(sock[0]), int(sock[1]))  # what a friend reaches too (the line to give them)
        member.address = self.address
        login = getattr(self, "login", None)
        if login is not None:
            if login.account is not None:
                member.name = login.account.name  # the name as registered ("ana" logs in as "Ana")
            member.account, member.login_key, member.login_key_kind = login.account, login.login_key, login.key_kind
            member.newcomer, member.invited = login.newcomer, login.invited
            gate, address = login.gate, login.address
            member.check_passcode = lambda code: gate.check(address, code)
        member.bell = env.get("UNO_BELL") == "1" and not (self.json or self.frames)
        loop = asyncio.get_running_loop()
        self._loop = loop
        term = None
        if not self.json:
            from uno_cli.net.keys import SeatKeys

            term = chan.get_terminal_type() if not self.frames else None
            keys = SeatKeys(self.hub, member, speech_here=self.frames, keyed=bool(term))
            if term:
                from uno_cli.net.channel import ChannelInput, LineCutter

                chan.set_line_mode(False)  # prompt_toolkit edits the line, not asyncssh
                self._input = ChannelInput(keys.key, loop)
                self._cutter = LineCutter()
                self._task = loop.create_task(self._interact(keys, term))
        from uno_cli.net.channel import Inbox

        self._inbox = Inbox(self._take, self._pause, loop,
                            busy=(lambda: self._input is not None and self._input.waiting() > 0) if term else None,
                            lines=not term)
        self.hub.connect(member)

    def _pause(self, stop: bool) -> None:
        """Stop reading the channel while too much waits (the SSH window holds the client back)."""
        chan = self.chan
        if chan is not None:
            try:
                chan.pause_reading() if stop else chan.resume_reading()
            except Exception:  # noqa: BLE001 - the channel closed meanwhile
                pass

    async def _interact(self, keys: Any, term: str) -> None:
        """The local game's prompt on this channel (prompt_toolkit edits the line, not asyncssh)."""
        from prompt_toolkit.application.current import create_app_session
        from prompt_toolkit.output.vt100 import Vt100_Output

        from uno_cli.interactive.bindings import make_prompt_session

        chan = self.chan
        if chan is None or self.member is None:
            return
        output = Vt100_Output(_Screen(self), self._size, term=term, enable_cpr=False)
        pipe = self._input
        try:
            with create_app_session(input=pipe, output=output):
                with self.member.language():  # the colour letters of the joiner's language
                    session = make_prompt_session(keys, input=pipe, output=output)
                self._app = session.app
                buffer = session.default_buffer
                keys.buffer = buffer  # a letter that begins typing takes the quick letters before it
                pipe.typing = lambda: bool(buffer.text) or not keys.keys_on
                limit = MAX_LINE + 1
                session.default_buffer.on_text_changed += lambda buf: (
                    setattr(buf, "text", buf.text[:limit]) if len(buf.text) > limit else None)
                failures = 0
                while self.chan is not None and not self.member.gone:
                    try:
                        # No "Press ENTER to continue" screen: an error ends this one prompt.
                        text = await session.prompt_async(set_exception_handler=False, handle_sigint=False)
                        failures = 0
                    except KeyboardInterrupt:
                        continue
                    except EOFError:
                        break  # the channel's input ended
                    except Exception:  # noqa: BLE001 - a line the editor could not take
                        import logging

                        logging.getLogger("uno_cli.net").exception("prompt of %s", self.member.name)
                        failures += 1
                        if failures >= 3:
                            raise
                        continue
                    if text:
                        keys.typed(text)
        except Exception:  # noqa: BLE001 - one broken session must not reach the server
            import logging

            logging.getLogger("uno_cli.net").exception("session of %s", self.member.name if self.member else "?")
            self._close()
        finally:
            self._app = None
            self._flush()

    def _size(self) -> Any:
        from prompt_toolkit.data_structures import Size

        width, height = (self.chan.get_terminal_size()[:2] if self.chan is not None else (0, 0))
        # A client may claim billions of columns; a redraw costs time and memory by the width.
        return Size(rows=min(height or 24, MAX_TERMINAL), columns=min(width or 80, MAX_TERMINAL))

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        # One redraw for a burst of sizes: a client sending thousands stopped every table for seconds.
        if self._resize_due or self._loop is None or self._app is None or not self._app.is_running:
            return
        self._resize_due = True
        self._loop.call_later(RESIZE_WAIT, self._resized)

    def _resized(self) -> None:
        self._resize_due = False
        if self._app is not None and self._app.is_running:
            self._app._on_resize()

    def _write(self, line: str) -> None:
        """Queue one line; every line queued in this loop tick is written at once (:meth:`_flush`)."""
        chan = self.chan
        if chan is None:
            raise ConnectionError("closed")
        if not self._flushing:
            # The channel's buffer is read once a tick (it only shrinks as the client reads, but for a
            # terminal's redraws, and the next tick reads it again).
            self._room = MAX_BUFFER - chan.get_write_buffer_size()
        self._outbox.append(line)
        self._queued += len(line)
        if self._queued > self._room:
            # A client that does not read is dropped rather than kept in memory; its seat waits.
            self._outbox.clear()
            self._queued = 0
            self._close()
            raise ConnectionError("not reading")
        if not self._flushing:
            self._flushing = True
            self._loop.call_soon(self._flush)

    def _flush(self) -> None:
        """Write the lines queued: one channel write (one redraw of the prompt) for all of them."""
        self._flushing = False
        # What a player hears is saved first (the hub's changes of this tick, one transaction).
        self.hub.commit()
        lines, self._outbox = self._outbox, []
        self._queued = 0
        chan = self.chan
        if not lines or chan is None:
            return
        app = self._app
        try:
            if app is None and self._task is None:  # a program, or lines piped in: no prompt to draw again
                _one_send(chan, partial(chan.write, "\n".join(lines) + "\n"))
            else:
                _one_send(chan, partial(self._write_above, app, chan, lines))
        except Exception:  # noqa: BLE001 - the channel closed meanwhile
            pass

    def _write_above(self, app: Any, chan: Any, lines: list[str]) -> None:
        """A terminal's lines, printed above its prompt."""
        if app is not None and app.is_running:
            text = "\n".join(lines) + "\n"
            # Printed above the prompt, as the local game prints: the prompt is erased, the lines
            # written, and the prompt drawn again on the editor's next redraw (one for the tick).
            app.renderer.erase()
            _Screen(self).write(text)
            app.invalidate()
        else:
            chan.write("\r\n".join(line.replace("\n", "\r\n") for line in lines) + "\r\n")

    def _close(self) -> None:
        """End the connection; what it was told is written first."""
        if self.chan is not None:
            self._flush()
            try:
                self.chan.close()
            except Exception:  # noqa: BLE001
                pass

    def data_received(self, data: str, datatype: Any) -> None:
        if self.member is None or self._inbox is None:
            return
        if self._cutter is not None:
            refused = self._cutter.refused
            data = self._cutter(data)
            if self._cutter.refused != refused:
                self.member.say(net_words.too_long, mt.ERROR, {"code": "too_long"})
        self._inbox.put(data)

    def _take(self, data: str) -> None:
        """A bounded piece of what the connection sent (see uno_cli.net.channel.Inbox)."""
        member = self.member
        if member is None:
            return
        if self._input is not None:
            self._input.feed(data)
            return
        self._buffer += data
        while True:
            cut = self._buffer.find("\n")
            cr = self._buffer.find("\r")
            if cut < 0 or (0 <= cr < cut):
                cut = cr
            if cut < 0:
                break
            line, self._buffer = self._buffer[:cut], self._buffer[cut + 1:]
            if self._skipping:
                self._skipping = False
                continue
            if line:
                self._line(member, line)
        if len(self._buffer) > MAX_LINE:
            self._buffer = ""
            if not self._skipping:  # said once a line, however many pieces of it come
                self._skipping = True
                self._line(member, "x" * (MAX_LINE + 1))

    def _line(self, member: Member, line: str) -> None:
        try:
            keys = member.keys
            if keys is None or len(line) > MAX_LINE:
                self.hub.line(member, line)
            elif not self.frames:
                keys.typed(line)
            else:
                _frame(keys, line)
        except Exception:  # noqa: BLE001 - one broken line must not end the connection or the server
            import logging

            logging.getLogger("uno_cli.net").exception("line from %s", member.name)

    def eof_received(self) -> bool:
        # Input ended (a script piped into ssh): the session ends once what it sent was handled
        # and what it was told was written.
        if self._input is not None:
            self._input.close()
        self._end_when_read()
        return True

    def _end_when_read(self) -> None:
        if self.chan is None:
            return
        if (self._inbox is not None and self._inbox.size) or (self._input is not None and self._input.waiting()):
            self._loop.call_later(0.01, self._end_when_read)
            return
        self._flush()
        try:
            self.chan.exit(0)
        except Exception:  # noqa: BLE001
            pass

    def break_received(self, msec: int) -> bool:
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.login is not None:
            self.login.sessions -= 1
            self.login = None
        if self._inbox is not None:
            self._inbox.close()
        if self._input is not None:
            self._input.close()
        if self.member is not None:
            self.hub.disconnect(self.member, dropped=True)
            self.member = None
        self.chan = None
        app = self._app
        if app is not None and app.is_running and not app.future.done():
            app.exit()


def _bounded_environment(chan: Any) -> None:
    """Keep at most MAX_ENV variables of a session, each of at most MAX_ENV_TEXT characters: asyncssh
    keeps every one a client sends, of any number and size (a stranger's way to fill the memory)."""
    chan = getattr(chan, "_orig_chan", chan)  # the channel under asyncssh's line editor
    env = getattr(chan, "_env", None)
    take = getattr(chan, "_process_env_request", None)
    if not isinstance(env, dict) or take is None:  # another asyncssh: its own handling
        return

    def process(packet: Any) -> bool:
        if len(env) >= MAX_ENV:
            return False  # refused (a client goes on without it)
        ok = bool(take(packet))
        for key in [k for k, v in env.items() if len(k) + len(v) > MAX_ENV_TEXT]:
            del env[key]
        return ok

    chan._process_env_request = process


def _frame(keys: Any, line: str) -> None:
    """One line of the ``uno-keys`` channel: ``{"key": NAME}``, ``{"line": TEXT}``, or a typed line."""
    import json

    try:
        obj = json.loads(line) if line.startswith("{") else None
    except ValueError:
        obj = None
    if isinstance(obj, dict) and isinstance(obj.get("key"), str) and len(obj["key"]) <= 20:
        keys.key(obj["key"])
    elif isinstance(obj, dict) and isinstance(obj.get("line"), str):
        keys.typed(obj["line"])
    else:
        keys.typed(line)


def _one_send(chan: Any, write: Callable[[], None]) -> None:
    """``write()``, what it makes the channel's connection send going to the socket as one write: asyncssh
    puts an empty "ignore" packet before each data packet, and each would otherwise be a system call of its own."""
    conn = chan.get_connection() if hasattr(chan, "get_connection") else None
    send = getattr(conn, "_send", None)
    if send is None:
        write()
        return
    pieces: list[bytes] = []
    conn._send = pieces.append
    try:
        write()
    finally:
        del conn._send  # the method of its class again
        if pieces:
            send(b"".join(pieces))


class _Screen:
    """What prompt_toolkit writes, to the channel (a terminal needs CR LF)."""

    def __init__(self, session: _Session) -> None:
        self.session = session

    def write(self, data: str) -> None:
        """Write ``data`` to the channel, if it is open."""
        chan = self.session.chan
        if chan is not None:
            try:
                chan.write(data.replace("\n", "\r\n"))
            except Exception:  # noqa: BLE001 - the channel closed meanwhile
                pass

    def flush(self) -> None:
        """Nothing is buffered here."""

    def isatty(self) -> bool:
        """A terminal is at the other end."""
        return True

    @property
    def encoding(self) -> str:
        """The channel's encoding."""
        return "utf-8"


async def start(hub: Hub, host: str, port: int, key: asyncssh.SSHKey, gate: Gate) -> Any:
    """Listen on ``host``:``port``; the asyncssh server (``.sockets`` gives the port taken)."""
    hub.fingerprint = key.get_fingerprint()
    return await asyncssh.create_server(
        lambda: _Server(hub, gate), host, port,
        server_host_keys=[key],
        encryption_algs=list(ENCRYPTION_ALGS), mac_algs=list(MAC_ALGS),
        encoding="utf-8", errors="replace",
        # One character over the limit reaches the hub, which refuses the line as a whole (the
        # editor would otherwise cut a longer line to the limit and pass it on).
        line_editor=True, line_history=100, max_line_length=MAX_LINE + 1,
        login_timeout=gate.limits.login_timeout, keepalive_interval=30, keepalive_count_max=4,
        allow_scp=False, sftp_factory=None, agent_forwarding=False,
        x11_forwarding=False, allow_pty=True,
    )


def bound_port(server: Any) -> int:
    """The port a server listens on (for port 0: the one the system chose)."""
    return int(server.sockets[0].getsockname()[1])


def _failed_login(username: str, address: Any, why: str) -> None:
    """One line of the operators' log for a refused login."""
    from uno_cli.net.oplog import event, safe

    event("failed login: %s from %s (%s)", safe(username), safe(address), why)
