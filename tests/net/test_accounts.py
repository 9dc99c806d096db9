"""Accounts, records and ratings over real SSH connections (asyncssh and the system ssh client):
register with a key and with a password, log in again, a guest refused a registered name, a
rated match, ``stats``, ``top`` and ``history``, and all of it still there after a restart."""

from __future__ import annotations

import asyncio
import os
import shutil

import asyncssh
import pytest

from tests.net.helpers import PASSCODE, Client, open_server, play_to_the_end, private_key_file, open_table, system_ssh
from uno_cli.net.ssh import JSON_CHANNEL


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


async def _login(port: int, name: str, key: asyncssh.SSHKey | None = None, password: str | None = PASSCODE,
                 lang: str | None = None) -> Client:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, password=None if key else password,
                                  client_keys=[key] if key else None, known_hosts=None, agent_path=None,
                                  config=None, preferred_auth="publickey" if key else "password")
    process = await conn.create_process(JSON_CHANNEL, env={"UNO_LANG": lang} if lang else None)
    return Client(conn, process, True)


async def _first(client: Client) -> dict:
    return await client.read_until(lambda o: o["type"] in ("welcome", "error"), 10)


async def _answers(client: Client, line: str, kind: str, count: int = 1) -> list[dict]:
    """Send ``line``; the next ``count`` objects of type ``kind``."""
    start = len(client.objects)
    client.send(line)
    await client.read_until(lambda o: sum(1 for x in client.objects[start:] if x["type"] == kind) >= count)
    return [o for o in client.objects[start:] if o["type"] == kind][:count]


async def _until(condition, timeout: float = 10.0) -> None:
    async def go() -> None:
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(go(), timeout)


def test_register_with_a_key_and_a_password_play_a_rated_match_and_find_it_all_after_a_restart(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def go():
        seen: dict = {}
        server, hub, port = await open_server(tmp_path, accounts="on")
        # A key nobody registered comes in as a newcomer: it may only register, with the passcode.
        ana = await _login(port, "Ana", key=key)
        seen["ana_first"] = await _first(ana)
        seen["ana_invite"] = await ana.read_until(lambda o: o.get("code") == "register_first")
        ana.send("create t")
        seen["ana_create"] = await ana.read_until(lambda o: o["type"] == "error")
        ana.send("'hello, anyone?")  # no chat before registering either
        seen["ana_chat"] = await ana.read_until(lambda o: o["type"] in ("error", "chat") and o is not seen["ana_create"])
        ana.send("register wrong-code")
        seen["ana_wrong"] = await ana.read_until(lambda o: o.get("code") == "wrong_passcode")
        ana.send("register " + PASSCODE)
        seen["ana_registered"] = await ana.read_until(lambda o: o["type"] == "registered")
        # A guest with the passcode registers with a personal password.
        bo = await _login(port, "Bo")
        await _first(bo)
        bo.send("register short")
        seen["bo_short"] = await bo.read_until(lambda o: o.get("code") == "bad_password")
        bo.send("register bo-secret")
        seen["bo_registered"] = await bo.read_until(lambda o: o["type"] == "registered")
        bo.send("password bo-secret-2")
        await bo.read_until(lambda o: o.get("code") == "password_changed")
        bo.close()
        await _until(lambda: "Bo" not in hub.members)
        # A guest cannot take a registered name, nor a name that looks like it.
        guest = await _login(port, "ANA")
        seen["guest"] = await _first(guest)
        # The passcode is no password of an account; the old password no longer either.
        seen["bo_guest"] = await _first(await _login(port, "Bo"))
        with pytest.raises(asyncssh.PermissionDenied):
            await _login(port, "Bo", password="bo-secret")
        bo = await _login(port, "bo", password="bo-secret-2")
        seen["bo_back"] = await _first(bo)
        # A rated match: two accounts and a bot, one hand.
        await open_table(ana, "players=3 bots=easy hands=1", bo, start=False)
        ana.send("start")
        results = await asyncio.gather(play_to_the_end(ana), play_to_the_end(bo))
        seen["rating_now"] = await ana.read_until(lambda o: o["type"] == "rating")
        ana.send("leave")
        await ana.read_until(lambda o: o["type"] == "left")
        seen["stats"] = await _answers(ana, "stats", "stats", 2)
        seen["stats_bot"] = await _answers(ana, "stats easy", "stats", 2)
        seen["top"] = await _answers(ana, "top", "top", 4)
        seen["history"] = await _answers(ana, "history", "history")
        seen["bo_pt"] = await _answers(bo, "lang pt", "welcome")
        seen["bo_stats_pt"] = await _answers(bo, "estatísticas", "stats", 2)
        server.close()
        hub.close()
        await server.wait_closed()
        # The same folder, a new server: accounts, history and ratings are still there.
        server, hub, port = await open_server(tmp_path, accounts="on")
        ana = await _login(port, "ana", key=key)
        seen["ana_again"] = await _first(ana)
        seen["stats_again"] = await _answers(ana, "stats", "stats", 2)
        seen["top_again"] = await _answers(ana, "top 2", "top", 3)
        seen["history_again"] = await _answers(ana, "history", "history")
        with pytest.raises(asyncssh.PermissionDenied):
            await _login(port, "Ana", key=asyncssh.generate_private_key("ssh-ed25519"))
        server.close()
        hub.close()
        return seen, results

    seen, results = run(go())
    assert seen["ana_first"]["type"] == "welcome"
    assert seen["ana_invite"]["text"] == "To play here, keep your name: type register and the server's passcode."
    assert seen["ana_create"]["code"] == "register_first"
    assert seen["ana_chat"]["code"] == "register_first"
    assert seen["ana_registered"]["text"] == "The name Ana is yours now, with this key. Log in with it next time."
    assert seen["bo_short"]["text"] == "A password has at least 6 characters."
    assert seen["bo_registered"]["key"] is False
    assert seen["guest"]["code"] == "name_look_alike"
    assert seen["bo_guest"]["text"] == "The name Bo belongs to another player here. Log in with another name."
    assert seen["bo_back"]["name"] == "Bo"  # the name as registered
    winners = results[0]["winners"]
    assert results[1]["winners"] == winners
    ana_won = 1 in winners
    assert seen["rating_now"]["text"].startswith("Match recorded. Your rating at Classic: ")
    stats = [o["text"] for o in seen["stats"]]
    assert stats[0].startswith("Ana: 1 match, ")
    assert seen["stats"][0]["wins"] == (1 if ana_won else 0)
    assert stats[1].startswith("Rating: Classic ")
    assert seen["stats_bot"][0]["text"].startswith("Bots, easy: 1 match, ")
    top = seen["top"]
    assert top[0]["text"] == "Best ratings, Classic:"
    assert {o["name"] for o in top[1:]} == {"Ana", "Bo", "Bots, easy"}
    assert [o["rating"] for o in top[1:]] == sorted((o["rating"] for o in top[1:]), reverse=True)
    assert seen["history"][0]["text"].startswith("Classic: place ")
    assert seen["history"][0]["players"] == 3
    assert seen["bo_stats_pt"][0]["text"].startswith("Bo: uma partida, ")
    # After the restart: the same account (the name as registered), the same records.
    assert seen["ana_again"]["name"] == "Ana"
    assert [o["text"] for o in seen["stats_again"]] == stats
    assert [o["text"] for o in seen["top_again"]] == [o["text"] for o in top[:3]]
    assert seen["history_again"][0]["text"] == seen["history"][0]["text"]


def test_with_accounts_only_and_no_passcode_anyone_may_register_but_only_accounts_play(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path, passcode=None, accounts="only")
        cy = await _login(port, "Cy", password="anything")
        invite = await cy.read_until(lambda o: o.get("code") == "register_first")
        cy.send("join 1")
        refused = await cy.read_until(lambda o: o["type"] == "error")
        cy.send("register cy-password")
        registered = await cy.read_until(lambda o: o["type"] == "registered")
        cy.send("create t players=2")
        joined = await cy.read_until(lambda o: o["type"] == "joined")
        cy.close()
        await _until(lambda: "Cy" not in hub.members)
        with pytest.raises(asyncssh.PermissionDenied):
            await _login(port, "Cy", password="anything")
        back = await _login(port, "Cy", password="cy-password")
        welcome = await _first(back)
        server.close()
        return invite, refused, registered, joined, welcome

    invite, refused, registered, joined, welcome = run(go())
    assert invite["text"] == "To play here, keep your name: type register."
    assert refused["code"] == "register_first"
    assert registered["text"] == "The name Cy is yours now. Next time, log in with it and your password."
    assert joined["number"] == 1
    assert welcome["type"] == "welcome"


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client installed")
def test_the_system_ssh_client_registers_its_key_and_logs_in_with_it_again(tmp_path):
    _key, key_file = private_key_file(tmp_path)

    async def ssh(port: int, name: str, text: bytes) -> str:
        return await system_ssh(port, name, text, tmp_path, key_file)

    async def go():
        server, hub, port = await open_server(tmp_path, accounts="on")
        first = await ssh(port, "Dee", b"register " + PASSCODE.encode() + b"\n")
        await _until(lambda: "Dee" not in hub.members)
        again = await ssh(port, "dee", b"stats\nhistory\n")
        server.close()
        return first, again

    first, again = run(go())
    assert "To play here, keep your name: type register and the server's passcode." in first
    assert "The name Dee is yours now, with this key. Log in with it next time." in first
    assert "Welcome, Dee." in again
    assert "Dee has no finished match here yet." in again


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client installed")
def test_the_system_ssh_client_logs_in_with_an_account_password_and_reads_the_leaderboard(tmp_path):
    askpass = tmp_path / "askpass"
    askpass.write_text("#!/bin/sh\necho eve-secret-1\n")
    os.chmod(askpass, 0o700)

    async def go():
        server, hub, port = await open_server(tmp_path, accounts="on")
        eve = await _login(port, "Eve")
        await _first(eve)
        eve.send("register eve-secret-1")
        await eve.read_until(lambda o: o["type"] == "registered")
        eve.close()
        await _until(lambda: "Eve" not in hub.members)
        env = dict(os.environ, SSH_ASKPASS=str(askpass), SSH_ASKPASS_REQUIRE="force", DISPLAY=":0")
        out = await system_ssh(port, "eve", b"top\nhistory\n", tmp_path, env=env, options=(
            "-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password",
            "-o", "NumberOfPasswordPrompts=1"))
        server.close()
        return out

    out = run(go())
    assert "Welcome, Eve." in out
    assert "No rated match at Classic yet." in out
    assert "Eve has no finished match here yet." in out


async def _play_until(client: Client, done, timeout: float = 60.0) -> dict:
    """Answer every prompt with its first legal command until ``done(object)``; that object."""
    async def go() -> dict:
        while True:
            obj = await client.next()
            if done(obj):
                return obj
            if obj["type"] == "prompt" and obj["id"] > client.answered:
                client.answered = obj["id"]
                client.send("#%d %s" % (obj["id"], obj["legal"][0]))

    return await asyncio.wait_for(go(), timeout)


def test_a_match_cut_by_a_restart_keeps_its_hands_points_and_is_recorded_once_for_its_account(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def go():
        server, hub, port = await open_server(tmp_path, accounts="on")
        ana = await _login(port, "Ana", key=key)
        await _first(ana)
        ana.send("register " + PASSCODE)
        await ana.read_until(lambda o: o["type"] == "registered")
        await open_table(ana, "players=2 bots=easy hands=2", start=False)
        ana.send("start")
        first = await _play_until(ana, lambda o: o["type"] == "scores")
        table = hub.tables[1]
        await _until(lambda: len(table.hand_points) == 1)
        server.close()
        hub.close()
        await server.wait_closed()
        server, hub, port = await open_server(tmp_path, accounts="on")
        assert hub.resume() == 1
        ana = await _login(port, "Ana", key=key)
        over = await play_to_the_end(ana)
        await ana.read_until(lambda o: o["type"] == "rating")
        records = hub.records
        history = records.history("account 1", 5)
        hands = records.hands(history[0][0])
        stats = records.stats("account 1")
        server.close()
        hub.close()
        return first, over, history, hands, stats

    first, over, history, hands, stats = run(go())
    assert len(history) == 1 and stats[0] == 1
    assert len(hands) == 2 and all(len(points) == 2 for points in hands)
    # Each seat's final score is the sum of its hands' points.
    assert [sum(h[s] for h in hands) for s in range(2)] == over["scores"]
    assert first["scores"] == [hands[0][0], hands[0][1]]


def test_a_server_of_listed_keys_without_a_passcode_lets_only_those_keys_register(tmp_path):
    listed, stranger = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(listed.export_public_key())

    async def go():
        server, hub, port = await open_server(tmp_path, passcode=None, authorized_keys=str(auth), accounts="on")
        for attempt in (dict(key=stranger), dict(password="anything")):
            with pytest.raises(asyncssh.PermissionDenied):
                await _login(port, "Zed", **attempt)
        fay = await _login(port, "Fay", key=listed)
        await _first(fay)
        fay.send("register")
        registered = await fay.read_until(lambda o: o["type"] in ("registered", "error"))
        server.close()
        return registered

    registered = run(go())
    assert registered["text"] == "The name Fay is yours now, with this key. Log in with it next time."


def test_uno_serve_with_accounts_only_and_no_passcode_says_that_anyone_may_register(tmp_path):
    from uno_cli.net.hub import Hub
    from uno_cli.net.server import serve
    from uno_cli.net.table import Clock

    said: list[str] = []

    async def go():
        clock = Clock(pace=2.0, scale=0.002)
        hub = Hub(clock, save_dir=tmp_path / "tables")
        hub.lang = "en"
        stop = asyncio.Event()
        ready: asyncio.Future = asyncio.get_running_loop().create_future()
        task = asyncio.ensure_future(serve("127.0.0.1", 0, None, None, tmp_path, clock, said.append,
                                           ready=ready.set_result, stop=stop, hub=hub, accounts="only"))
        port = await ready
        gus = await _login(port, "Gus", password="whatever")
        invite = await gus.read_until(lambda o: o.get("code") == "register_first")
        stop.set()
        return invite, await task

    invite, status = run(go())
    assert "No passcode: anyone may log in with a new name and register it." in said
    assert not any(line.startswith("Passcode") for line in said)
    assert invite["text"] == "To play here, keep your name: type register."
    assert status == 0


def test_a_pasted_public_key_opens_the_account_until_removed_but_never_the_last_way_in(tmp_path):
    laptop, only = asyncssh.generate_private_key("ssh-ed25519", comment="bo@laptop"), \
        asyncssh.generate_private_key("ssh-ed25519")

    async def go():
        seen: dict = {}
        server, hub, port = await open_server(tmp_path, accounts="on")
        bo = await _login(port, "Bo")
        await _first(bo)
        bo.send("register bo-secret")
        await bo.read_until(lambda o: o["type"] == "registered")
        seen["none"] = (await _answers(bo, "my keys", "keys"))[0]
        bo.send("add key not a key")
        seen["bad"] = await bo.read_until(lambda o: o.get("code") == "bad_key")
        bo.send("add key " + laptop.export_public_key().decode().strip())
        seen["added"] = await bo.read_until(lambda o: o.get("code") == "key_added")
        bo.close()
        await _until(lambda: "Bo" not in hub.members)
        bo = await _login(port, "bo", key=laptop)
        seen["by_key"] = await _first(bo)
        seen["listed"] = (await _answers(bo, "minhas chaves", "keys"))[0]
        bo.send("remove key 2")
        seen["no_such"] = await bo.read_until(lambda o: o.get("code") == "no_key")
        bo.send("remove key 1")
        seen["removed"] = await bo.read_until(lambda o: o.get("code") == "key_removed")
        with pytest.raises(asyncssh.PermissionDenied):
            await _login(port, "Bo", key=laptop)
        cy = await _login(port, "Cy", key=only)
        await _first(cy)
        cy.send("register " + PASSCODE)
        await cy.read_until(lambda o: o["type"] == "registered")
        cy.send("remove key 1")
        seen["last"] = await cy.read_until(lambda o: o.get("code") == "last_way_in")
        server.close()
        return seen

    seen = run(go())
    assert seen["none"]["text"] == "No key opens your account; add one with add key."
    assert seen["bad"]["text"].startswith("That is not a public key")
    assert seen["added"]["text"] == "Key added: ed25519 bo@laptop. Log in with it as Bo."
    assert seen["by_key"]["name"] == "Bo"
    assert seen["listed"]["text"] == "Your keys: 1: ed25519 bo@laptop."
    assert seen["removed"]["text"] == "Key removed: ed25519 bo@laptop."
    assert seen["last"]["text"] == "That key is your only way in: set a password or add a key first."


def test_top_is_the_leaderboard_in_the_lobby_and_the_top_card_to_a_seated_player_or_a_watcher_of_a_match(tmp_path):
    from uno_cli.net.hub import Hub, Member
    from uno_cli.net.table import Clock

    async def go():
        hub = Hub(Clock(scale=0.002), save_dir=tmp_path / "tables")
        hub.lang = "en"
        out: dict[str, list[str]] = {"Ana": [], "Bo": []}
        ana, bo = Member("Ana", out["Ana"].append), Member("Bo", out["Bo"].append)
        hub.connect(ana)
        hub.connect(bo)
        hub.line(ana, "create t players=2")
        hub.line(bo, "top")
        lobby = out["Bo"][-1]
        hub.line(ana, "start")
        await asyncio.sleep(0.05)
        hub.line(bo, "watch 1")
        hub.line(bo, "top")
        hub.line(ana, "top")
        hub.close()
        return lobby, out["Bo"][-1], out["Ana"][-1]

    lobby, watcher, seated = run(go())
    assert lobby == "No rated match at Classic yet."
    assert watcher.startswith("The top card is ") and seated == watcher
