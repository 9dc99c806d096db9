"""``uno join HOST[:PORT]``: play at a table server from here, with this computer's speech.

The connection is SSH (asyncssh). The server's host key is checked before anything is
sent: the first time it is remembered in ``known_hosts`` in the data folder (and its
fingerprint said), afterwards a different key stops the connection. On a terminal the
local game's prompt runs here (the same key bindings) and sends each key and typed line
over the ``uno-keys`` channel, where the server's key layer for the player's seat runs
them (uno_cli.net.keys); what comes back is printed and spoken through the speech layer,
already in the player's language and verbosity, with the server's word on what is
important and what answers the player. Escape also silences the speech here. With
``--format json`` the ``uno-json`` channel's objects are printed, for programs.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh

from uno_cli.words.names import clean_lines, clean_value
from uno_cli.words import net as net_words
from uno_cli.net import DEFAULT_PORT, JSON_CHANNEL, KEYS_CHANNEL


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


#: A host key fingerprint as OpenSSH, PuTTY and ``uno serve`` print it: ``SHA256:`` and 43 base64 characters.
FINGERPRINT_PREFIX = "SHA256:"


def join_line(host: str, port: int, fingerprint: str) -> str:
    """The line a player gives a friend: ``uno join HOST:PORT SHA256:...`` (host, port and the key in one)."""
    shown = f"[{host}]" if ":" in host else host
    return f"uno join {shown}:{port} {fingerprint}".rstrip()


def split_join_line(address: str, fingerprint: str | None = None) -> tuple[str, int, str | None]:
    """(host, port, fingerprint or None) from ``uno join``'s arguments: ``HOST[:PORT] [SHA256:...]``, also
    pasted whole as one argument (``uno join`` in front is skipped); raises ValueError."""
    parts = address.split()
    if parts[:2] == ["uno", "join"]:
        parts = parts[2:]
    if fingerprint is not None:
        parts.append(fingerprint)
    if not parts or len(parts) > 2:
        raise ValueError(address)
    host, port = split_address(parts[0])
    found = parts[1] if len(parts) == 2 else None
    if found is not None:
        digest = found[len(FINGERPRINT_PREFIX):]
        if not (found.startswith(FINGERPRINT_PREFIX) and len(digest) == 43 and digest.isascii()
                and all(ch.isalnum() or ch in "+/" for ch in digest)):
            raise ValueError(found)
    return host, port, found


def known_hosts_path() -> Path:
    """Where ``uno join`` remembers host keys."""
    from uno_cli.play.settings import data_dir

    return data_dir() / "known_hosts"


class KnownHosts:
    """Host keys remembered by ``host:port`` (trust on first use)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _entries(self) -> dict[str, str]:
        out: dict[str, str] = {}
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

    def replace(self, where: str, key: asyncssh.SSHKey) -> None:
        """Remember ``key`` for ``where`` instead of the key remembered (the fingerprint given matched it)."""
        data = key.export_public_key("openssh").decode("ascii").strip()
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except OSError:
            lines = []
        kept = [line for line in lines if line.split(None, 1)[:1] != [where]]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("".join(f"{line}\n" for line in [*kept, f"{where} {data}"]), encoding="utf-8")


class _Client(asyncssh.SSHClient):
    def __init__(self, known: KnownHosts, where: str, say: Any, passcode: str | None = None,
                 ask: Callable[[], str | None] | None = None, fingerprint: str | None = None) -> None:
        self.known = known
        #: The fingerprint the player was given with the address: the key must be that one, exactly.
        self.fingerprint = fingerprint
        self.where = where
        self.say = say
        self.refused = False
        self._passcode = passcode
        self._ask = ask
        self._tries = 0

    async def password_auth_requested(self) -> str | None:
        """The passcode: the one given, else asked here, after the host key was checked and said."""
        self._tries += 1
        if self._passcode is not None:
            return self._passcode if self._tries == 1 else None
        if self._ask is None or self._tries > 3:
            return None
        return await asyncio.get_running_loop().run_in_executor(None, self._ask)

    def validate_host_public_key(self, host: str, addr: str, port: int, key: asyncssh.SSHKey) -> bool:
        if self.fingerprint is not None:
            found = key.get_fingerprint()
            if found != self.fingerprint:  # case-sensitive, as OpenSSH compares it
                self.refused = True
                self.say(net_words.fingerprint_mismatch(self.where, self.fingerprint, found))
                return False
            if self.known.check(self.where, key) == "changed":
                self.known.replace(self.where, key)  # the line given is newer than what was remembered
            return True
        result = self.known.check(self.where, key)
        if result == "new":
            self.say(net_words.new_host(self.where, key.get_fingerprint()))
        if result == "changed":
            self.refused = True
            self.say(net_words.changed_host(self.where, str(self.known.path)))
            return False
        return True


async def connect(host: str, port: int, name: str, passcode: str | None, key_file: str | None,
                  known: KnownHosts, say: Any, lang: str | None = None, channel: str = JSON_CHANNEL,
                  verbosity: str | None = None, ask: Callable[[], str | None] | None = None,
                  fingerprint: str | None = None) -> tuple[Any, Any]:
    """The SSH connection and its process on ``channel`` (raises OSError / asyncssh.Error / ValueError).

    Without ``passcode``, ``ask`` is called for it once the server's key has been checked (and,
    the first time, its fingerprint said), so the passcode never goes to an unchecked server.
    """
    where = f"[{host}]:{port}"
    client = _Client(known, where, say, passcode, ask, fingerprint)
    conn = await asyncssh.connect(
        host, port, username=name, password=None,
        client_keys=[key_file] if key_file else None,
        known_hosts=([], [], []), client_factory=lambda: client,
        agent_path=None, config=None, preferred_auth="publickey,password" if key_file else "password",
    )
    env = {"UNO_LANG": lang} if lang else {}
    if verbosity:
        env["UNO_VERBOSITY"] = verbosity
    process = await conn.create_process(channel, encoding="utf-8", errors="replace", env=env or None)
    return conn, process


async def play(host: str, port: int, name: str, passcode: str | None, key_file: str | None, lang: str,
               fmt: str = "text", speech: str = "auto", verbosity: str = "full",
               ask: Callable[[], str | None] | None = None, sound: Any = None, fingerprint: str | None = None) -> int:
    """Play until the connection ends; the exit status (0, or 1 when it cannot connect).

    ``sound`` holds the command line's ``sound``, ``volume`` and ``panning`` (uno_cli.sound)."""
    from uno_cli.interactive.announcer import Announcer, close_speaker, start_speaker
    from uno_cli.interactive.app import (
        use_prompt_toolkit,
        disable_cpr,
        print_above_prompt,
    )

    keys = fmt == "text" and use_prompt_toolkit()
    if keys:
        disable_cpr()
    stream = sys.stdout

    def write(text: str) -> None:
        if keys:
            print_above_prompt(text, stream)
        else:
            stream.write(text + "\n")
            stream.flush()

    announcer = Announcer(write, verbosity=verbosity)
    if fmt == "text":
        from uno_cli.play import settings
        from uno_cli.sound import start as start_sound

        start_speaker(speech, announcer, lang)
        start_sound(sound, settings.load(), announcer, viewer=None)  # the frames' "you" tells the seat
        await _speech_answered(announcer)
    say = announcer.say if fmt == "text" else (lambda text, **kw: sys.stderr.write(text + "\n"))
    if ask is not None and fmt == "text":
        ask = _spoken(ask, announcer)
    try:
        conn, process = await connect(host, port, name, passcode, key_file, KnownHosts(known_hosts_path()), say,
                                      lang, JSON_CHANNEL if fmt == "json" else KEYS_CHANNEL,
                                      verbosity if fmt == "text" else None, ask, fingerprint)
    except (OSError, asyncssh.Error, ValueError) as exc:  # ValueError: a name SSH cannot send
        from uno_cli.words.names import clean_text

        say(net_words.cannot_connect(host, clean_text(str(exc))[:200] or type(exc).__name__), important=True)
        close_speaker(announcer)
        return 1
    remote = _Remote(process, announcer)
    try:
        if keys:
            await _with_keys(process, remote)
        else:
            _read_lines(remote, fmt == "json")
            await _receive(process, remote, fmt == "json")
    finally:
        conn.close()
        say(net_words.connection_closed())
        close_speaker(announcer)
    return 0


#: Seconds ``uno join`` waits for the speech backend to answer before it connects.
SPEECH_START = 5.0


async def _speech_answered(announcer: Any) -> None:
    """Wait (a few seconds at most) until the speech backend has answered, so the first lines (the host
    key's fingerprint) are spoken on the listener's clock like the rest: said before it, they are spoken
    together once it answers while the clock still guesses them unheard, and the first key said them again."""
    end = time.monotonic() + SPEECH_START
    while announcer.speaker is None and time.monotonic() < end:
        await asyncio.sleep(0.02)


def password_prompt() -> str:
    """What ``uno join`` asks for: the server's passcode, or the password of the name's account
    (which of the two the server wants, the client cannot know before logging in)."""
    return net_words.passcode_or_password()


def _spoken(ask: Callable[[], str | None], announcer: Any) -> Callable[[], str | None]:
    """``ask`` with its prompt also spoken (the terminal prints it; speech would not say it)."""

    def asking() -> str | None:
        announcer.speak(password_prompt())
        return ask()

    return asking


#: Frames marked as replies this close together answer one key: only the first cuts in.
REPLY_BURST = 0.5


class _Remote:
    """What the local game's key bindings drive here: every key and typed line goes to the server."""

    def __init__(self, process: Any, announcer: Any) -> None:
        self.process = process
        self.out = announcer
        #: The server's word, with its latest message: single keys act (at a table in play), a colour is chosen.
        self.keys_on = False
        self.mode: Any = None
        #: The server's word: this player watches (no card keys).
        self.watching = False
        #: The prompt's input line, and the letters just pressed as keys (uno_cli.net.keys.KeyRun).
        self.buffer: Any = None
        from uno_cli.net.keys import KeyRun

        self.run_of_keys = KeyRun()
        self._last_reply = -REPLY_BURST

    def _send(self, obj: dict[str, str]) -> None:
        try:
            self.process.stdin.write(json.dumps(obj, ensure_ascii=False) + "\n")
        except (OSError, asyncssh.Error):
            pass

    def takes_key(self, name: str) -> bool:
        """Whether ``name`` on the empty line is a key at the server's table (the server's one rule)."""
        from uno_cli.interactive.screens import Mode
        from uno_cli.net.keys import is_key

        return self.mode == Mode.COLOR or is_key(name, self.watching)

    def typing_started(self, letter: str) -> None:
        """A letter that is no key began a typed line: said here at once, as in the local game."""
        from uno_cli.words import interactive as words

        self.out.say(words.typing_started(self.run_of_keys.begin_typing(self.buffer, letter)), interrupt=True)

    def line_cleared(self) -> None:
        """Escape emptied the typed line: said here at once, as in the local game."""
        self.out.say(net_words.line_cleared(), interrupt=True)

    def key(self, name: str) -> None:
        """A key on the empty line: Escape silences the speech here at once; the server does the rest."""
        self.run_of_keys.press(name)
        if name == "escape":
            self.out.silence()
        self._send({"key": name})

    def typed(self, text: str) -> None:
        """A typed line, to the server's key layer."""
        self._send({"line": text[:1000]})

    def send_raw(self, line: str | None) -> None:
        """A line of standard input as it is (programs, and input that is not a terminal); None: the end."""
        if line is None:
            self.process.stdin.write_eof()
        else:
            self.process.stdin.write(line.rstrip("\r\n")[:1000] + "\n")

    def heard(self, line: str) -> None:
        """One frame of the ``uno-keys`` channel: said as the server marks it."""
        from uno_cli.interactive.screens import Mode

        try:
            obj = json.loads(line)
        except ValueError:
            return
        if not isinstance(obj, dict):
            return
        self.out.cue(obj.get("type"), obj)  # a line folded into the one before it (no text) still sounds
        if not isinstance(obj.get("text"), str):
            return
        self.keys_on = bool(obj.get("keys"))
        self.watching = bool(obj.get("watching"))
        self.mode = Mode.COLOR if obj.get("color") else Mode.PLAY
        # A server is a stranger: what it sends reaches the screen and the speech cleaned
        # (no escape sequences, control or format characters), as the server cleans names and chat.
        text = clean_lines(obj["text"])
        reply = bool(obj.get("reply"))
        now = time.monotonic()
        # A key's answer may be several lines (a challenge and its result): the later ones queue.
        cut = reply and now - self._last_reply > REPLY_BURST
        if reply:
            self._last_reply = now
        if text.strip():
            self.out.say(text, important=bool(obj.get("important")), interrupt=cut)


async def _receive(process: Any, remote: _Remote, json_lines: bool) -> None:
    async for line in process.stdout:
        if json_lines:
            # Each object printed again, its strings cleaned; a line that is no JSON is dropped.
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            sys.stdout.write(json.dumps(clean_value(obj), ensure_ascii=False) + "\n")
            sys.stdout.flush()
        else:
            remote.heard(line)


def _read_lines(remote: _Remote, raw: bool) -> None:
    """Standard input on a daemon thread (a blocked read never keeps the program from ending)."""
    loop = asyncio.get_running_loop()

    def typed() -> None:
        while True:
            line = sys.stdin.readline()
            try:
                if raw or not line:
                    loop.call_soon_threadsafe(remote.send_raw, line or None)
                else:
                    loop.call_soon_threadsafe(remote.typed, line.rstrip("\r\n"))
            except RuntimeError:
                return
            if not line:
                return

    threading.Thread(target=typed, daemon=True).start()


async def _with_keys(process: Any, remote: _Remote) -> None:
    """The local game's prompt until the connection ends."""
    from uno_cli.interactive.bindings import make_prompt_session

    session = make_prompt_session(remote)
    remote.buffer = session.default_buffer
    receiving = asyncio.create_task(_receive(process, remote, False))

    def ended(_task: Any) -> None:
        app = session.app
        if app.is_running and not app.future.done():
            app.exit(result=None)

    receiving.add_done_callback(ended)
    try:
        while not receiving.done():
            try:
                text = await session.prompt_async()
            except KeyboardInterrupt:
                remote.key("c-c")
                continue
            except EOFError:  # input closed: as in the local game, the same as Ctrl+D
                remote.key("c-d")
                break
            if text:
                remote.typed(text)
    finally:
        receiving.cancel()
