"""A server on 127.0.0.1 (an ephemeral port) and asyncssh clients for the network tests."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncssh

from uno_cli.net.hub import Hub
from uno_cli.net.server import warm_up
from uno_cli.net.limits import Limits
from uno_cli.net.ssh import JSON_CHANNEL, Gate, bound_port, host_key, start
from uno_cli.net.table import Clock

PASSCODE = "table-pass"
#: What a terminal session adds around the lines: prompt_toolkit's escape codes, carriage returns, the prompt.
TERMINAL_CODES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|[\r\x08]")
#: Game seconds become 1/500 of a real second: a bot's 2-second turn takes 4 ms.
FAST = 0.002


async def open_server(folder: Path, passcode: str | None = PASSCODE, authorized_keys: str | None = None,
                      away: float = 30.0, seed: int = 5, turn_limit: float = 120.0,
                      limits: Limits | None = None, accounts: str = "off") -> tuple[Any, Hub, int]:
    """A running server: (asyncssh server, hub, port); ``accounts`` as ``uno serve --accounts``."""
    hub = Hub(Clock(pace=2.0, race_window=2.0, away_timeout=away, scale=FAST, turn_limit=turn_limit),
              save_dir=folder / "tables", seed=seed, limits=limits)
    hub.accounts_mode = accounts
    hub.lang = "en"  # whatever language an earlier test left current
    warm_up()
    gate = Gate(passcode, authorized_keys, limits=limits)
    server = await start(hub, "127.0.0.1", 0, host_key(folder / "host_key"), gate)
    server.gate = gate  # what the tests look at
    return server, hub, bound_port(server)


async def worst_answer(client: Client, seconds: float) -> float:
    """The longest a JSON client waited for the answer to ``who`` over ``seconds``: how long the server
    kept a reference player waiting."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    worst = 0.0
    while loop.time() < end:
        sent = loop.time()
        client.send("who")
        while True:
            obj = await asyncio.wait_for(client.next(), 60)
            if obj["type"] == "who":
                break
        worst = max(worst, loop.time() - sent)
        await asyncio.sleep(0.02)
    return worst


class Client:
    """One connection: every line received is kept in ``lines`` (JSON objects in ``objects``)."""

    def __init__(self, conn: Any, process: Any, json_lines: bool) -> None:
        self.conn = conn
        self.process = process
        self.json = json_lines
        self.lines: list[str] = []
        self.objects: list[dict[str, Any]] = []
        self.answered = 0

    @classmethod
    async def open(cls, port: int, name: str, json_lines: bool = True, passcode: str = PASSCODE,
                   term: str | None = None, window: int | None = None) -> Client:
        conn = await asyncssh.connect("127.0.0.1", port, username=name, password=passcode, known_hosts=None,
                                      client_keys=None, agent_path=None, config=None)
        if json_lines:
            extra = {"window": window} if window else {}
            process = await conn.create_process(JSON_CHANNEL, **extra)
        else:
            process = await conn.create_process(term_type=term) if term else await conn.create_process()
        return cls(conn, process, json_lines)

    def send(self, line: str) -> None:
        """Write one line."""
        self.process.stdin.write(line + "\n")

    async def read_until(self, predicate: Any, timeout: float = 20.0) -> Any:
        """Read lines until ``predicate(line_or_object)`` is true; that item."""
        async def go() -> Any:
            for item in (self.objects if self.json else self.lines):
                if predicate(item):
                    return item
            while True:
                item = await self.next()
                if predicate(item):
                    return item

        return await asyncio.wait_for(go(), timeout)

    async def next(self) -> Any:
        """The next line (an object for JSON clients)."""
        line = await self.process.stdout.readline()
        if not line:
            raise EOFError
        line = line.rstrip("\r\n")
        if not self.json:
            # What was drawn before the last "erase down" is gone from the screen (a half-typed line).
            line = TERMINAL_CODES.sub("", line.rsplit("\x1b[J", 1)[-1])
            while line.startswith(">"):  # the prompt, erased before each line
                line = line[1:]
        self.lines.append(line)
        if not self.json:
            return line
        obj = json.loads(line)
        self.objects.append(obj)
        return obj

    def close(self) -> None:
        """Drop the connection."""
        self.conn.close()


async def play_to_the_end(client: Client, timeout: float = 60.0) -> dict[str, Any]:
    """Answer every prompt with its first legal command until the match is over; the game_over object."""
    def answer(obj: dict[str, Any]) -> None:
        if obj["id"] > client.answered:
            client.answered = obj["id"]
            client.send("#%d %s" % (obj["id"], obj["legal"][0]))

    async def go() -> dict[str, Any]:
        for obj in client.objects:
            if obj["type"] == "game_over":
                return obj
        prompts = [o for o in client.objects if o["type"] == "prompt"]
        if prompts:
            answer(prompts[-1])
        while True:
            obj = await client.next()
            if obj["type"] == "game_over":
                return obj
            if obj["type"] == "prompt":
                answer(obj)

    return await asyncio.wait_for(go(), timeout)


async def lobby(port: int, *names: str) -> list[Client]:
    """JSON clients for ``names``, each welcomed in the lobby."""
    clients = []
    for name in names:
        c = await Client.open(port, name)
        await c.read_until(lambda o: o["type"] == "welcome")
        clients.append(c)
    return clients


async def open_table(creator: Client, options: str, *others: Client, start: bool = True) -> None:
    """``creator`` creates table 1 with ``options`` ("players=2 hands=1"), ``others`` sit at it, and with
    ``start`` the match starts (every seated client has been greeted)."""
    creator.send(f"create t {options}".rstrip())
    await creator.read_until(lambda o: o["type"] == "joined")
    for other in others:
        other.send("join 1")
        await other.read_until(lambda o: o["type"] == "joined")
    if start:
        creator.send("start")
        for c in (creator, *others):
            await c.read_until(lambda o: o["type"] == "hello")


def private_key_file(folder: Path) -> tuple[asyncssh.SSHKey, Path]:
    """A new ed25519 key and its private key file in ``folder`` (readable by its owner only, as OpenSSH wants)."""
    import os

    key = asyncssh.generate_private_key("ssh-ed25519")
    path = folder / "id"
    path.write_bytes(key.export_private_key())
    os.chmod(path, 0o600)
    return key, path


async def system_ssh(port: int, name: str, text: bytes, folder: Path, key_file: Path | None = None,
                     options: tuple[str, ...] = (), env: dict[str, str] | None = None) -> str:
    """The system ssh client (OpenSSH, no terminal) as ``name``, logging in with ``key_file`` (else as
    ``options`` say), given ``text`` as its input; all it printed."""
    import subprocess

    login = ("-i", str(key_file), "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes") if key_file else ()
    proc = await asyncio.create_subprocess_exec(
        "ssh", "-T", "-p", str(port), *login, *options, "-o", "StrictHostKeyChecking=no",
        "-o", f"UserKnownHostsFile={folder / 'kh'}", "-F", "/dev/null", f"{name}@127.0.0.1",
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out, _err = await asyncio.wait_for(proc.communicate(text), 30)
    return out.decode()


def join_in_terminal(home: Path, port: int, *args: str, timeout: float = 20) -> Any:
    """``uno join`` as Ana in a pseudo-terminal (pexpect), with the passcode in its environment and ``args``
    (``--speech off --lang it``...)."""
    import pexpect

    from tests.interactive.helpers import child_env, uno_command

    cmd, argv = uno_command("join", f"127.0.0.1:{port}", "--name", "Ana", *args)
    return pexpect.spawn(cmd, argv, env=child_env(home, UNO_PASSCODE=PASSCODE), encoding="utf-8",
                         timeout=timeout, dimensions=(50, 200))


def beside_a_server(folder: Path, drive: Any, **options: Any) -> Any:
    """``drive(port, hub)``, on a thread (a pseudo-terminal blocks), while a server (``open_server(folder,
    **options)``) runs on this one; what it returns."""
    async def go() -> Any:
        server, hub, port = await open_server(folder, **options)
        try:
            return await asyncio.get_running_loop().run_in_executor(None, drive, port, hub)
        finally:
            server.close()

    return asyncio.run(go())


def serve_process(home: Path, *options: str) -> tuple[subprocess.Popen, int]:
    """A real ``uno serve`` process in its own data folder, on a free port, with ``options`` added: (process, port)."""
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, UNO_CLI_HOME=str(home), PYTHONPATH=str(root), UNO_CLI_IGNORE_SETTINGS="1")
    proc = subprocess.Popen([sys.executable, "-m", "uno_cli", "serve", "--listen", "127.0.0.1:0", "--passcode",
                             PASSCODE, "--lang", "en", "--speech", "off", *options],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    assert proc.stdout is not None
    for _ in range(5):
        match = re.search(r"port (\d+)", proc.stdout.readline())
        if match:
            return proc, int(match.group(1))
    proc.kill()
    raise AssertionError("the server did not start")
