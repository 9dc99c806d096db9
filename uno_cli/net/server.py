"""``uno serve``: the table server process (hub + SSH), its folder, and what it says at start."""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from uno_cli.net import words
from uno_cli.words import net as net_words
from uno_cli.words import messagetypes as mt
from uno_cli.net.hub import Hub
from uno_cli.net.limits import Limits
from uno_cli.net.ssh import Gate, bound_port, host_key, new_passcode, start
from uno_cli.net.table import Clock

#: The address ``uno serve`` listens on unless ``--listen`` says otherwise: this computer only.
DEFAULT_HOST = "127.0.0.1"
LOCAL_HOSTS = ("127.0.0.1", "::1", "localhost")


def server_dir() -> Path:
    """The server's own folder in the data folder: host key and saved tables."""
    from uno_cli.play.settings import data_dir

    return data_dir() / "server"


def parse_listen(text: str) -> tuple[str, int]:
    """``ADDR:PORT``, ``ADDR``, ``:PORT`` or ``[IPv6]:PORT`` (raises ValueError)."""
    from uno_cli.net.client import split_address

    host, port = split_address(text)
    return host or "0.0.0.0", port


def warm_up() -> None:
    """Load what the first command of the first player would load (every language's words), before
    anyone is connected: nobody waits for it then."""
    from uno_cli.play.commands import lobby_words

    lobby_words()


async def serve(host: str, port: int, passcode: str | None, authorized_keys: str | None, folder: Path,
                clock: Clock, say: Callable[[str], None], ready: Callable[[int], None] | None = None,
                stop: asyncio.Event | None = None, show: Callable[[str], None] | None = None,
                limits: Limits | None = None, hub: Hub | None = None,
                roles: Callable[[], dict[str, str]] | None = None, log_file: Path | None = None,
                passcode_from: str | None = None, accounts: str = "on", roles_path: str | None = None) -> int:
    """Run the server until ``stop`` is set (or the process is interrupted, or an operator's
    ``shutdown`` ends); tables are saved then, and everyone connected is told.

    ``accounts``: "on" (accounts and passcode guests), "only" (accounts only) or "off" (the passcode only).
    ``say`` prints and speaks the start lines; ``show`` prints what is only read, not heard
    (the exact OpenSSH fingerprint; its spoken form follows it). ``roles`` reads the
    moderators and operators (again on SIGHUP, and when the file ``roles_path`` changes); ``log_file`` is the operators' log (default
    ``server.log`` in ``folder``); ``passcode_from`` names where a passcode read from a file
    or the environment is (said instead of the passcode, which stays off the screen). The exit status: 0, or 1 when a table could not be
    saved (the reason is said). Raises KeysFileError for an unusable ``authorized_keys``
    file, RolesError for unusable roles and StoreError when the store cannot be opened.
    """
    from uno_cli.net import oplog

    key = host_key(folder / "host_key")
    if passcode is None and authorized_keys is None and accounts != "only":
        passcode = new_passcode()  # with accounts only and no passcode, anyone may register
        passcode_from = None
    limits = limits or Limits()
    gate = Gate(passcode, authorized_keys, limits=limits)
    hub = hub or Hub(clock, save_dir=folder / "tables", limits=limits)
    hub.accounts_mode = accounts
    if roles is not None:
        hub.moderation.watch_roles(roles, roles_path)
    log = oplog.open_log(log_file or folder / oplog.LOG_NAME)
    try:
        return await _run(hub, gate, key, host, port, passcode, passcode_from, say, ready, stop, show, roles, log)
    finally:
        oplog.close_log(log)


async def _run(hub: Hub, gate: Gate, key: Any, host: str, port: int, passcode: str | None, passcode_from: str | None,
               say: Callable[[str], None], ready: Callable[[int], None] | None, stop: asyncio.Event | None,
               show: Callable[[str], None] | None, roles: Callable[[], dict[str, str]] | None, log: Any) -> int:
    from uno_cli.net import oplog
    from uno_cli.net.moderation import tell_everyone

    resumed = hub.resume()
    if hub.store is not None:
        hub.moderation.load(hub.store, hub.tables)
    warm_up()
    server = await start(hub, host, port, key, gate)
    port = bound_port(server)
    say(net_words.listening(host, port))
    if host in LOCAL_HOSTS:
        say(net_words.local_only("--listen 0.0.0.0:%d" % port))
    else:
        say(net_words.open_to_others())
    (show or say)(net_words.fingerprint(key.get_fingerprint()))
    say(net_words.fingerprint_aloud(key.get_fingerprint()))
    if passcode is not None and passcode_from is not None:
        say(net_words.passcode_from(passcode_from))
    elif passcode is not None:
        say(net_words.passcode(passcode))
    elif hub.accounts_mode == "only":
        say(net_words.open_registration())
    if hub.accounts_mode == "on":
        say(words.may_register())
    shown = host if host not in ("0.0.0.0", "::") else "HOST"
    from uno_cli.net.client import join_line

    # One line to give a friend: address, port and the key's fingerprint (uno join checks it strictly).
    say(net_words.join_with_ssh(port, shown))
    (show or say)(net_words.join_with(join_line(shown, port, key.get_fingerprint())))  # printed: to copy and paste
    oplog.event("server started on %s port %d; %d tables resumed", host, port, resumed)
    if ready is not None:
        ready(port)
    stop = stop or asyncio.Event()
    hub.moderation.stop = stop.set
    loop = asyncio.get_running_loop()

    def reread() -> None:
        """SIGHUP: the log file opened again (after logrotate), the keys and the roles read again."""
        log.reopen()
        gate.reload_keys(force=True)
        hub.moderation.fresh_roles(force=True)

    for sig, action in ((signal.SIGINT, stop.set), (signal.SIGTERM, stop.set),
                        (getattr(signal, "SIGHUP", None), reread)):
        try:
            if sig is not None:  # Windows has no SIGHUP: the keys file is read again when it changes
                loop.add_signal_handler(sig, action)
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # Windows: Ctrl+C raises KeyboardInterrupt instead
    try:
        await stop.wait()
    finally:
        stopping = net_words.restarting_now if hub.moderation.restarting else net_words.stopping_now
        tell_everyone(hub, stopping, mt.SHUTDOWN, {"seconds": 0})
        count = len(hub.tables)
        saved = hub.close()
        oplog.event("server stopping: %d tables %s", count, "saved" if saved else "NOT saved: " + oplog.safe(
            hub.save_failure or ""))
        for member in list(hub.members.values()):
            try:
                member.close()  # what it was told is written first
            except Exception:  # noqa: BLE001 - the connection ended meanwhile
                pass
        server.close()
        try:
            await asyncio.sleep(0.2)  # the last lines reach the sockets
        except asyncio.CancelledError:
            pass
    if not saved:
        say(net_words.store_failed(hub.save_failure or ""))
        return 1
    return 0
