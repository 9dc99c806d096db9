"""``uno serve``: the table server process (hub + SSH), its folder, and what it says at start."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from pathlib import Path

from uno_cli.net import words
from uno_cli.net.hub import Hub
from uno_cli.net.limits import Limits
from uno_cli.net.ssh import Gate, bound_port, host_key, new_passcode, start
from uno_cli.net.table import Clock

#: The address ``uno serve`` listens on unless ``--listen`` says otherwise: this computer only.
DEFAULT_HOST = "127.0.0.1"
LOCAL_HOSTS = ("127.0.0.1", "::1", "localhost")


def server_dir() -> Path:
    """The server's own folder in the data folder: host key and saved tables."""
    from uno_cli.settings import data_dir

    return data_dir() / "server"


def parse_listen(text: str) -> tuple[str, int]:
    """``ADDR:PORT``, ``ADDR``, ``:PORT`` or ``[IPv6]:PORT`` (raises ValueError)."""
    from uno_cli.net.client import split_address

    host, port = split_address(text)
    return host or "0.0.0.0", port


def warm_up() -> None:
    """Load what the first command of the first player would load (every language's words), before
    anyone is connected: nobody waits for it then."""
    from uno_cli.commands import lobby_words

    lobby_words()


async def serve(host: str, port: int, passcode: str | None, authorized_keys: str | None, folder: Path,
                clock: Clock, say: Callable[[str], None], ready: Callable[[int], None] | None = None,
                stop: asyncio.Event | None = None, show: Callable[[str], None] | None = None,
                limits: Limits | None = None, hub: Hub | None = None, accounts: str = "on") -> int:
    """Run the server until ``stop`` is set (or the process is interrupted); tables are saved then.

    ``accounts``: "on" (accounts and passcode guests), "only" (accounts only) or "off" (the passcode only).
    ``say`` prints and speaks the start lines; ``show`` prints what is only read, not heard
    (the exact OpenSSH fingerprint; its spoken form follows it). The exit status: 0, or 1
    when a table could not be saved (the reason is said). Raises KeysFileError for an
    unusable ``authorized_keys`` file and StoreError when the store cannot be opened.
    """
    key = host_key(folder / "host_key")
    if passcode is None and authorized_keys is None and accounts != "only":
        passcode = new_passcode()  # with accounts only and no passcode, anyone may register
    limits = limits or Limits()
    gate = Gate(passcode, authorized_keys, limits=limits)
    hub = hub or Hub(clock, save_dir=folder / "tables", limits=limits)
    hub.accounts_mode = accounts
    hub.resume()
    warm_up()
    server = await start(hub, host, port, key, gate)
    port = bound_port(server)
    say(words.listening(host, port))
    if host in LOCAL_HOSTS:
        say(words.local_only("--listen 0.0.0.0:%d" % port))
    else:
        say(words.open_to_others())
    (show or say)(words.fingerprint(key.get_fingerprint()))
    say(words.fingerprint_aloud(key.get_fingerprint()))
    if passcode is not None:
        say(words.passcode(passcode))
    elif accounts == "only":
        say(words.open_registration())
    shown = host if host not in ("0.0.0.0", "::") else "HOST"
    say(words.join_with(f"ssh -p {port} NAME@{shown}   uno join {shown}:{port}"))
    if ready is not None:
        ready(port)
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # Windows: Ctrl+C raises KeyboardInterrupt instead
    try:
        await stop.wait()
    finally:
        saved = hub.close()
        server.close()
    if not saved:
        say(words.store_failed(hub.save_failure or ""))
        return 1
    return 0
