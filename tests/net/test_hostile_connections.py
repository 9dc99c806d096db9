"""Many logged-in connections from one address: past its share that address is refused, and players
from other addresses still get in (one stranger never fills the room)."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from tests.net.helpers import PASSCODE, Client, open_server
from uno_cli.net.limits import Limits


async def _from(port: int, address: str, name: str) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", port, username=name, password=PASSCODE, known_hosts=None,
                                  client_keys=None, agent_path=None, config=None, local_addr=(address, 0))


def test_one_address_holds_at_most_its_share_of_the_connections_and_others_still_get_in(tmp_path):
    async def go():
        limits = Limits(connections=10, connections_per_address=3)
        server, hub, port = await open_server(tmp_path, limits=limits)
        held = []
        for n in range(3):
            conn = await _from(port, "127.0.0.2", f"S{n}")
            held.append(conn)
        with pytest.raises((asyncssh.Error, OSError)):
            extra = await _from(port, "127.0.0.2", "S9")
            await extra.create_process("uno-json")
        player = await Client.open(port, "Ana")  # from 127.0.0.1
        welcome = await player.read_until(lambda o: o["type"] == "welcome")
        held[0].close()
        while server.gate.connections > 3:  # until the server has seen that connection end
            await asyncio.sleep(0.01)
        again = await _from(port, "127.0.0.2", "S9")  # its share has room again
        process = await again.create_process("uno-json")
        back = Client(again, process, json_lines=True)
        welcome_again = await back.read_until(lambda o: o["type"] == "welcome")
        server.close()
        return welcome["name"], welcome_again["name"]

    assert asyncio.run(asyncio.wait_for(go(), 60)) == ("Ana", "S9")


def test_a_login_past_the_limits_is_told_why_as_ssh_shows_a_disconnect_s_reason(tmp_path):
    # It was closed without a word (OpenSSH: "Connection closed by 127.0.0.1 port ...").
    class Told(asyncssh.SSHClient):
        def connection_lost(self, exc: Exception | None) -> None:
            told.set_result(str(getattr(exc, "reason", "")).split(" (error")[0])  # asyncssh adds the code

    async def go():
        nonlocal told
        limits = Limits(connections=3, connections_per_address=2)
        server, hub, port = await open_server(tmp_path, limits=limits)
        held = [await _from(port, "127.0.0.2", f"S{n}") for n in range(2)]
        reasons = []
        for address in ("127.0.0.2", "127.0.0.3", "127.0.0.4"):
            told = asyncio.get_running_loop().create_future()
            conn, _client = await asyncssh.create_connection(
                Told, "127.0.0.1", port, username="T" + address[-1], password=PASSCODE, known_hosts=None,
                client_keys=None, agent_path=None, config=None, local_addr=(address, 0))
            held.append(conn)
            try:
                reasons.append(await asyncio.wait_for(asyncio.shield(told), 1.0))
            except asyncio.TimeoutError:
                reasons.append("in")
        server.close()
        return reasons

    told: asyncio.Future[str]
    assert asyncio.run(asyncio.wait_for(go(), 60)) == [
        "Too many connections from your address; close one, then try again.",
        "in",  # another address gets in: the third connection of the server
        "The server is full; try again later.",
    ]
