"""Names bound to credentials, over real SSH connections: a connected name cannot be taken,
a key's name comes back only with that key, a passcode name only with the passcode."""

from __future__ import annotations

import asyncio

import asyncssh

from tests.net.helpers import PASSCODE, Client, open_server
from uno_cli.net.hub import Hub, Member
from uno_cli.net.ssh import JSON_CHANNEL


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


async def _login(port: int, name: str, key: asyncssh.SSHKey | None = None, passcode: str | None = PASSCODE,
                 lang: str | None = None) -> Client:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, password=None if key else passcode,
                                  client_keys=[key] if key else None, known_hosts=None, agent_path=None,
                                  config=None, preferred_auth="publickey" if key else "password")
    process = await conn.create_process(JSON_CHANNEL, env={"UNO_LANG": lang} if lang else None)
    return Client(conn, process, True)


async def _until(condition, timeout: float = 10.0) -> None:
    """Wait until the server has seen what a client did (a closed connection)."""
    async def go() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(go(), timeout)


async def _first(client: Client) -> dict:
    return await client.read_until(lambda o: o["type"] in ("welcome", "error"), 10)


async def _closed(client: Client) -> bool:
    try:
        await asyncio.wait_for(client.read_until(lambda o: False), 5)
    except EOFError:
        return True
    return False


def _keys(tmp_path, count: int) -> tuple[list[asyncssh.SSHKey], str]:
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(count)]
    path = tmp_path / "authorized_keys"
    path.write_bytes(b"".join(k.export_public_key() for k in keys))
    return keys, str(path)


def test_a_second_passcode_login_under_a_connected_name_is_refused_in_its_language(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        ana = await _login(port, "Ana")
        await _first(ana)
        impostor = await _login(port, "Ana", lang="pt")
        refused = await _first(impostor)
        closed = await _closed(impostor)
        ana.send("who")
        who = await ana.read_until(lambda o: o["type"] == "who")
        server.close()
        return refused, closed, who

    refused, closed, who = run(go())
    assert refused["code"] == "name_in_use"
    assert refused["text"] == ("Já existe uma conexão com o nome Ana aqui. Entre com outro nome ou espere essa conexão terminar.")
    assert closed
    assert who["names"] == ["Ana"]


def test_a_name_first_used_with_a_key_comes_back_only_with_that_key(tmp_path):
    (mine, other), auth = _keys(tmp_path, 2)

    async def go():
        server, hub, port = await open_server(tmp_path, authorized_keys=auth)
        ana = await _login(port, "Ana", key=mine)
        await _first(ana)
        ana.close()
        await _until(lambda: "Ana" not in hub.members)
        by_other_key = await _login(port, "Ana", key=other)
        other_answer = await _first(by_other_key)
        by_passcode = await _login(port, "Ana")
        passcode_answer = await _first(by_passcode)
        back = await _login(port, "Ana", key=mine)
        back_answer = await _first(back)
        # The same key replaces its own connection that has not ended yet.
        again = await _login(port, "Ana", key=mine)
        again_answer = await _first(again)
        replaced = await _closed(back)
        server.close()
        return other_answer, passcode_answer, back_answer, again_answer, replaced

    other_answer, passcode_answer, back_answer, again_answer, replaced = run(go())
    assert other_answer["code"] == "name_taken"
    assert other_answer["text"] == "The name Ana belongs to another player here. Log in with another name."
    assert passcode_answer["code"] == "name_taken"
    assert back_answer["type"] == "welcome" and again_answer["type"] == "welcome"
    assert replaced


def test_a_passcode_name_cannot_be_taken_with_a_key_while_it_holds_a_seat(tmp_path):
    (key,), auth = _keys(tmp_path, 1)

    async def go():
        server, hub, port = await open_server(tmp_path, authorized_keys=auth)
        bo = await _login(port, "Bo")
        await _first(bo)
        bo.send("create t players=3")
        await bo.read_until(lambda o: o["type"] == "joined")
        bo.send("start")
        await bo.read_until(lambda o: o["type"] == "hello")
        bo.close()
        await _until(lambda: "Bo" not in hub.members)
        thief = await _login(port, "Bo", key=key)
        stolen = await _first(thief)
        bo2 = await _login(port, "Bo")
        hello = await bo2.read_until(lambda o: o["type"] == "hello")
        server.close()
        return stolen, hello

    stolen, hello = run(go())
    assert stolen["code"] == "name_taken"
    assert hello["seat"] == 1


def test_the_names_credentials_of_a_saved_table_are_bound_again_after_a_restart(tmp_path):
    out: list[str] = []

    async def go():
        hub = Hub(save_dir=tmp_path)
        ana = Member("Ana", out.append)
        ana.credential = "key SHA256:abc"
        hub.connect(ana)
        hub.line(ana, "create t players=2 hands=1")
        hub.line(ana, "start")
        hub.close()
        again = Hub(save_dir=tmp_path)
        resumed = again.resume()
        thief = Member("Ana", out.append)
        thief.credential = "passcode"
        again.connect(thief)
        again.close()
        return resumed, again

    resumed, again = run(go())
    assert resumed == 1
    assert out[-1] == "The name Ana belongs to another player here. Log in with another name."
    assert "Ana" not in again.members


def test_look_alike_names_are_refused_beside_a_connected_or_key_bound_name(tmp_path):
    (mine,), auth = _keys(tmp_path, 1)

    async def go():
        server, hub, port = await open_server(tmp_path, authorized_keys=auth)
        ana = await _login(port, "Ana")
        await _first(ana)
        refused = []
        # Lower case, upper case, a Cyrillic А, an accent, fullwidth letters.
        for name in ("ana", "ANA", "\u0410na", "\u00c1na", "\uff21\uff4e\uff41"):
            other = await _login(port, name)
            refused.append(await _first(other))
        keyed = await _login(port, "Bo", key=mine)
        await _first(keyed)
        keyed.close()
        await _until(lambda: "Bo" not in hub.members)
        like_key = await _first(await _login(port, "B\u043e"))  # Cyrillic o, beside a name bound to a key
        fine = await _first(await _login(port, "Anna"))
        server.close()
        return refused, like_key, fine

    refused, like_key, fine = run(go())
    assert [r["code"] for r in refused[:4]] == ["name_look_alike"] * 4
    assert refused[4]["code"] in ("name_look_alike", "name_in_use")  # SSH itself may fold fullwidth letters
    assert refused[1]["text"] == "The name ANA looks too much like Ana, a player here. Log in with another name."
    assert like_key["code"] == "name_look_alike"
    assert fine["type"] == "welcome"
