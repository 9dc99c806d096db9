"""``uno join HOST[:PORT]``: play at a table server from here, with this computer's speech.

The connection is SSH (asyncssh). The server's host key is checked before anything is
sent: the first time it is remembered in ``known_hosts`` in the data folder (and its
fingerprint said), afterwards a different key stops the connection. The channel speaks
JSON Lines (``uno-json``): every message's ``text`` is printed and spoken through the
speech layer in the player's language and verbosity; every line typed is sent. With
``--format json`` the objects themselves are printed, for programs.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from pathlib import Path
from typing import Any

import asyncssh

from uno_cli.net import words
from uno_cli.net.ssh import DEFAULT_PORT, JSON_CHANNEL

#: Message types said at once, cutting nothing off (the player's turn, questions, chat).
IMPORTANT = frozenset({"prompt", "error", "choose", "chat", "game_over", "welcome"})
#: Answers to queries and messages beside the game: the game has not moved.
ANSWERS = frozenset({"hand", "top", "status", "counts", "scores", "in_play", "penalty", "whose_turn", "help",
                     "rules", "error", "chat", "info", "who", "table", "tables"})


def split_address(text: str) -> tuple[str, int]:
    """``HOST``, ``HOST:PORT`` or ``[IPv6]:PORT`` as (host, port)."""
    text = text.strip()
    if text.startswith("["):
        host, _sep, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, _sep, port = text.partition(":")
    else:
        host, port = text, ""
    if port and not (port.isascii() and port.isdigit() and int(port) < 65536):
        raise ValueError(port)
    return host, int(port) if port else DEFAULT_PORT


def known_hosts_path() -> Path:
    """Where ``uno join`` remembers host keys."""
    from uno_cli.settings import data_dir

    return data_dir() / "known_hosts"


class KnownHosts:
    """Host keys remembered by ``host:port`` (trust on first use)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _entries(self) -> dict[str, str]:
        out = {}
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError:
            return out
        for line in text.splitlines():
            parts = line.split(None, 1)
            if len(parts) == 2:
                out[parts[0]] = parts[1].strip()
        return out

    def check(self, where: str, key: asyncssh.SSHKey) -> str:
        """``known``, ``new`` (now remembered) or ``changed``."""
        data = key.export_public_key("openssh").decode("ascii").strip()
        stored = self._entries().get(where)
        if stored is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(f"{where} {data}\n")
            return "new"
        return "known" if stored.split()[:2] == data.split()[:2] else "changed"


class _Client(asyncssh.SSHClient):
    def __init__(self, known: KnownHosts, where: str, say: Any) -> None:
        self.known = known
        self.where = where
        self.say = say
        self.refused = False

    def validate_host_public_key(self, host: str, addr: str, port: int, key: asyncssh.SSHKey) -> bool:
        result = self.known.check(self.where, key)
        if result == "new":
            self.say(words.new_host(self.where, key.get_fingerprint()))
        if result == "changed":
            self.refused = True
            self.say(words.changed_host(self.where, str(self.known.path)))
            return False
        return True


async def connect(host: str, port: int, name: str, passcode: str | None, key_file: str | None,
                  known: KnownHosts, say: Any, lang: str | None = None) -> tuple[Any, Any]:
    """The SSH connection and its JSON Lines process (raises OSError / asyncssh.Error)."""
    where = f"[{host}]:{port}"
    client = _Client(known, where, say)
    conn = await asyncssh.connect(
        host, port, username=name, password=passcode,
        client_keys=[key_file] if key_file else None,
        known_hosts=([], [], []), client_factory=lambda: client,
        agent_path=None, config=None, preferred_auth="publickey,password" if key_file else "password",
    )
    process = await conn.create_process(JSON_CHANNEL, encoding="utf-8", errors="replace",
                                        env={"UNO_LANG": lang} if lang else None)
    return conn, process


async def play(host: str, port: int, name: str, passcode: str | None, key_file: str | None, lang: str,
               fmt: str = "text", speech: str = "auto", verbosity: str = "full") -> int:
    """Play until the connection ends; the exit status (0, or 1 when it cannot connect)."""
    from uno_cli.interactive.announcer import Announcer, close_speaker, start_speaker
    from uno_cli.net.table import SHORT_SKIP

    def write(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    announcer = Announcer(write, verbosity=verbosity)
    if fmt == "text":
        start_speaker(speech, announcer, lang)
    say = announcer.say if fmt == "text" else (lambda text, **kw: sys.stderr.write(text + "\n"))
    try:
        conn, process = await connect(host, port, name, passcode, key_file, KnownHosts(known_hosts_path()), say,
                                      lang)
    except (OSError, asyncssh.Error) as exc:
        say(words.cannot_connect(host, str(exc) or type(exc).__name__), important=True)
        close_speaker(announcer)
        return 1
    seat: list[int | None] = [None]
    last_prompt: list[Any] = [None]

    loop = asyncio.get_running_loop()

    def send(line: str | None) -> None:
        if line is None:
            process.stdin.write_eof()
        else:
            process.stdin.write(line.rstrip("\r\n")[:1000] + "\n")

    def typed() -> None:
        # A daemon thread: a blocked read of the keyboard never keeps the program from ending.
        while True:
            line = sys.stdin.readline()
            try:
                loop.call_soon_threadsafe(send, line or None)
            except RuntimeError:
                return
            if not line:
                return

    threading.Thread(target=typed, daemon=True).start()
    try:
        async for line in process.stdout:
            if fmt == "json":
                write(line.rstrip("\n"))
                continue
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if not isinstance(obj, dict):
                continue
            kind, text = obj.get("type"), obj.get("text")
            if kind == "hello":
                seat[0] = obj.get("seat")
            if not isinstance(text, str) or not text:
                continue
            if verbosity == "short" and (kind in SHORT_SKIP or (kind == "turn" and obj.get("seat") != seat[0])):
                continue
            if kind == "prompt":
                # The protocol repeats a prompt after each answer to a query: said once.
                if last_prompt[0] == text:
                    continue
                last_prompt[0] = text
            elif kind not in ANSWERS:
                last_prompt[0] = None
            announcer.say(text, important=kind in IMPORTANT)
    finally:
        conn.close()
        say(words.connection_closed())
        close_speaker(announcer)
    return 0
