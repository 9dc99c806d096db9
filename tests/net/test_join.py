"""``uno join``: the host key is remembered on first use and a changed one stops the connection."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from tests.net.helpers import PASSCODE, open_server
from uno_cli.net.client import KnownHosts, connect, split_address
from uno_cli.net.server import parse_listen


def test_addresses_with_and_without_a_port():
    assert split_address("example.org") == ("example.org", 8662)
    assert split_address("example.org:2200") == ("example.org", 2200)
    assert split_address("[::1]:2200") == ("::1", 2200)
    assert parse_listen("0.0.0.0:9000") == ("0.0.0.0", 9000)
    assert parse_listen(":9000") == ("0.0.0.0", 9000)
    with pytest.raises(ValueError):
        split_address("host:port")


def test_the_host_key_is_remembered_the_first_time_and_a_changed_key_is_refused(tmp_path):
    said: list[str] = []
    known = KnownHosts(tmp_path / "known_hosts")

    async def go():
        server, hub, port = await open_server(tmp_path / "server")
        for _ in range(2):
            conn, process = await connect("127.0.0.1", port, "Ana", PASSCODE, None, known, said.append)
            welcome = await process.stdout.readline()
            conn.close()
        server.close()
        # Another server (another host key) answering on the remembered address.
        other, _hub, port2 = await open_server(tmp_path / "other")
        where = f"[127.0.0.1]:{port2}"
        first = (tmp_path / "known_hosts").read_text().split(" ", 1)[1]
        with open(tmp_path / "known_hosts", "a", encoding="utf-8") as f:
            f.write(f"{where} {first}")
        with pytest.raises((asyncssh.Error, OSError)):
            await connect("127.0.0.1", port2, "Ana", PASSCODE, None, known, said.append)
        other.close()
        return welcome

    welcome = asyncio.run(go())
    assert '"type": "welcome"' in welcome
    assert sum("First connection to" in s for s in said) == 1
    assert any("is not the one remembered" in s for s in said)


def test_the_passcode_is_asked_only_after_the_fingerprint_is_said_and_a_refused_key_never_asks(tmp_path):
    events: list[str] = []
    known = KnownHosts(tmp_path / "known_hosts")

    def ask() -> str:
        events.append("asked")
        return PASSCODE

    async def go():
        server, _hub, port = await open_server(tmp_path / "server")
        conn, process = await connect("127.0.0.1", port, "Ana", None, None, known, events.append, ask=ask)
        welcome = await process.stdout.readline()
        conn.close()
        server.close()
        other, _hub, port2 = await open_server(tmp_path / "other")
        first = (tmp_path / "known_hosts").read_text().split(" ", 1)[1]
        with open(tmp_path / "known_hosts", "a", encoding="utf-8") as f:
            f.write(f"[127.0.0.1]:{port2} {first}")
        before = events.count("asked")
        with pytest.raises((asyncssh.Error, OSError)):
            await connect("127.0.0.1", port2, "Ana", None, None, known, events.append, ask=ask)
        other.close()
        return welcome, before

    welcome, before = asyncio.run(go())
    assert '"type": "welcome"' in welcome
    assert events[0].startswith("First connection to") and events[1] == "asked"
    assert events.count("asked") == before == 1  # the changed key was refused before any passcode


def test_a_name_ssh_cannot_carry_is_a_clear_line_not_a_traceback(tmp_path, capsys):
    from uno_cli.net.client import play

    async def go():
        server, _hub, port = await open_server(tmp_path / "server")
        status = await play("127.0.0.1", port, "Fay\u202eX\u0085", PASSCODE, None, "en", speech="off")
        server.close()
        return status

    status = asyncio.run(go())
    out = capsys.readouterr().out
    assert status == 1 and "Traceback" not in out and "\u202e" not in out
