"""The SSH side of the server (asyncssh): host key, logins and their limits, one Member per channel.

A shell session (``ssh -p PORT name@host``) is a line-based text session: asyncssh's line
editor echoes and edits what the player types (with a terminal), each line is handed to
the hub, and every message is written once as a line. F1 says the commands, as in the
local game. The command or subsystem ``uno-json`` speaks JSON Lines instead (``uno join``
and programs). The SSH user name is the player's name.
"""

from __future__ import annotations

import hmac
import os
import secrets
import time
from collections import deque
from functools import partial
from pathlib import Path
from typing import Any

import asyncssh

from uno_cli.i18n import negotiate
from uno_cli.net import DEFAULT_PORT  # noqa: F401 - importable from here
from uno_cli.net.hub import MAX_LINE, PASSCODE, Hub, Member

#: Connections open at once, at most.
MAX_CONNECTIONS = 1000
#: Failed logins from one address within :data:`FAIL_WINDOW` seconds before it is refused.
MAX_FAILURES = 5
FAIL_WINDOW = 60.0
#: Characters waiting to be sent to one connection before it is dropped (a client that never reads).
MAX_BUFFER = 256 * 1024
#: The name of the JSON Lines channel (an SSH command or subsystem).
JSON_CHANNEL = "uno-json"
#: The escape codes of the function keys a terminal may send (xterm, VT100, the Linux console).
FUNCTION_KEYS = {
    "f1": ("\x1bOP", "\x1b[11~", "\x1b[[A"),
    "f2": ("\x1bOQ", "\x1b[12~", "\x1b[[B"),
}


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


def new_passcode() -> str:
    """A passcode easy to read aloud: three groups of four lower-case letters and digits."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "-".join("".join(secrets.choice(alphabet) for _ in range(4)) for _ in range(3))


class Gate:
    """Who may log in: the passcode and/or authorized keys, and the failures per address."""

    def __init__(self, passcode: str | None, authorized_keys: str | None = None,
                 max_connections: int = MAX_CONNECTIONS) -> None:
        self.passcode = passcode
        self.authorized_keys = asyncssh.read_authorized_keys(authorized_keys) if authorized_keys else None
        self.max_connections = max_connections
        self.connections = 0
        self._failures: dict[str, deque[float]] = {}

    def blocked(self, address: str) -> bool:
        """True while ``address`` has failed too often lately."""
        times = self._failures.get(address)
        if not times:
            return False
        now = time.monotonic()
        while times and now - times[0] > FAIL_WINDOW:
            times.popleft()
        return len(times) >= MAX_FAILURES

    def failed(self, address: str) -> None:
        """Count a failed login of ``address``."""
        self._failures.setdefault(address, deque(maxlen=MAX_FAILURES)).append(time.monotonic())
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


class _Login:
    """The hub as one login sees it: its member carries the credential the login proved."""

    def __init__(self, hub: Hub, credential: str | None) -> None:
        self._hub = hub
        self._credential = credential

    def connect(self, member: Member) -> None:
        """Hand the member to the hub with this login's credential."""
        member.credential = self._credential
        self._hub.connect(member)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._hub, name)


class _Server(asyncssh.SSHServer):
    def __init__(self, hub: Hub, gate: Gate) -> None:
        self.hub = hub
        self.gate = gate
        self.address = ""
        self._counted = False
        #: What the login proved: PASSCODE or "key " and the key's fingerprint (the last one
        #: validated: asyncssh validates the signing key again just before the login succeeds).
        self.credential: str | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        peer = conn.get_extra_info("peername") or ("",)
        self.address = str(peer[0])
        if self.gate.blocked(self.address) or self.gate.connections >= self.gate.max_connections:
            conn.close()
            return
        self.gate.connections += 1
        self._counted = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self._counted:
            self.gate.connections -= 1
            self._counted = False

    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return self.gate.passcode is not None

    def validate_password(self, username: str, password: str) -> bool:
        ok = self.gate.check(self.address, password)
        if ok:
            self.credential = PASSCODE
        return ok

    def public_key_auth_supported(self) -> bool:
        return self.gate.authorized_keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keys = self.gate.authorized_keys
        if keys is None or self.gate.blocked(self.address):
            return False
        ok = keys.validate(key, "", self.address) is not None
        if ok:
            self.credential = "key " + key.get_fingerprint()
        return ok

    def session_requested(self) -> asyncssh.SSHServerSession:
        return _Session(_Login(self.hub, self.credential))  # type: ignore[arg-type]


class _Session(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.chan: Any = None
        self.json = False
        self.member: Member | None = None
        self._buffer = ""
        self._skipping = False

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.json = command.strip() == JSON_CHANNEL
        return self.json

    def subsystem_requested(self, subsystem: str) -> bool:
        self.json = subsystem == JSON_CHANNEL
        return self.json

    def session_started(self) -> None:
        chan = self.chan
        env = dict(chan.get_environment() or {})
        lang = env.get("UNO_LANG") or ""
        sent = {k: v for k, v in env.items() if k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
        try:
            from uno_cli.i18n import parse_language

            # The joiner's language, else the server's (friends often share it).
            lang = parse_language(lang) if lang else negotiate(sent) if sent else self.hub.lang
        except ValueError:
            lang = self.hub.lang
        name = chan.get_extra_info("username") or "Player"
        self.member = Member(name, self._write, json_lines=self.json, lang=lang, close=self._close)
        if not self.json and hasattr(chan, "register_key"):
            # The local game's function keys (uno_cli.keys), where the terminal sends them.
            from uno_cli.keys import GAME_KEYS

            for binding in GAME_KEYS:
                for name in binding.keys:
                    for code in FUNCTION_KEYS.get(name, ()):
                        try:
                            chan.register_key(code, partial(self._key, binding.verb))
                        except Exception:  # noqa: BLE001 - a key the editor does not take
                            pass
        self.hub.connect(self.member)

    def _key(self, verb: str, line: str, pos: int) -> tuple[str, int]:
        """A function key runs its verb (F1: help, F2: the rules); the line being typed stays."""
        if self.member is not None:
            self._line(self.member, verb)
        return line, pos

    def _write(self, line: str) -> None:
        chan = self.chan
        if chan is None:
            raise ConnectionError("closed")
        if chan.get_write_buffer_size() > MAX_BUFFER:
            # A client that does not read is dropped rather than kept in memory; its seat waits.
            self._close()
            raise ConnectionError("not reading")
        chan.write(line + "\n")

    def _close(self) -> None:
        if self.chan is not None:
            try:
                self.chan.close()
            except Exception:  # noqa: BLE001
                pass

    def data_received(self, data: str, datatype: Any) -> None:
        member = self.member
        if member is None:
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
            self._skipping = True
            self._line(member, "x" * (MAX_LINE + 1))  # said once: the line is too long

    def _line(self, member: Member, line: str) -> None:
        try:
            self.hub.line(member, line)
        except Exception:  # noqa: BLE001 - one broken line must not end the connection or the server
            import logging

            logging.getLogger("uno_cli.net").exception("line from %s", member.name)

    def eof_received(self) -> bool:
        # Input ended (a script piped into ssh): the session ends; what was sent is flushed first.
        if self.chan is not None:
            self.chan.exit(0)
        return True

    def break_received(self, msec: int) -> bool:
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        if self.member is not None:
            self.hub.disconnect(self.member, dropped=True)
            self.member = None
        self.chan = None


async def start(hub: Hub, host: str, port: int, key: asyncssh.SSHKey, gate: Gate) -> Any:
    """Listen on ``host``:``port``; the asyncssh server (``.sockets`` gives the port taken)."""
    return await asyncssh.create_server(
        lambda: _Server(hub, gate), host, port,
        server_host_keys=[key],
        encoding="utf-8", errors="replace",
        # One character over the limit reaches the hub, which refuses the line as a whole (the
        # editor would otherwise cut a longer line to the limit and pass it on).
        line_editor=True, line_history=100, max_line_length=MAX_LINE + 1,
        login_timeout=60, keepalive_interval=30, keepalive_count_max=4,
        allow_scp=False, sftp_factory=None, agent_forwarding=False,
        x11_forwarding=False, allow_pty=True,
    )


def bound_port(server: Any) -> int:
    """The port a server listens on (for port 0: the one the system chose)."""
    return int(server.sockets[0].getsockname()[1])
