"""Issue 31's "How it is checked" as one story, against a real ``uno serve`` process with real SSH
clients (asyncssh and the system ssh): players register (a key, a password), play a rated match,
read ``stats`` and ``top``, a private table seats the invited, a moderator kicks, an operator bans
and restarts the server with notice, and afterwards accounts, ratings, history, the ban and the
private table with its code are all still there."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
from pathlib import Path

import asyncssh
import pytest

from tests.net.helpers import PASSCODE, Client, play_to_the_end
from tests.net.test_moderation import _serve
from uno_cli.net.ssh import JSON_CHANNEL


def run(coro, timeout: float = 180):
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def login(port: int, name: str, key: asyncssh.SSHKey | None = None, password: str | None = PASSCODE) -> Client:
    conn = await asyncssh.connect("127.0.0.1", port, username=name, password=None if key else password,
                                  client_keys=[key] if key else None, known_hosts=None, agent_path=None,
                                  config=None, preferred_auth="publickey" if key else "password")
    return Client(conn, await conn.create_process(JSON_CHANNEL), True)


async def answers(client: Client, line: str, kind: str, count: int = 1) -> list[dict]:
    """Send ``line``; the next ``count`` objects of type ``kind``."""
    start = len(client.objects)
    client.send(line)
    await client.read_until(lambda o: sum(1 for x in client.objects[start:] if x["type"] == kind) >= count)
    return [o for o in client.objects[start:] if o["type"] == kind][:count]


async def system_ssh(port: int, name: str, text: bytes, tmp_path: Path, key_file: Path | None = None,
                     password: str | None = None) -> str:
    """What the OpenSSH client prints for a session fed ``text`` (a key, or a password through askpass)."""
    env = dict(os.environ)
    args = ["-o", "BatchMode=yes", "-i", str(key_file), "-o", "IdentitiesOnly=yes"] if key_file else []
    if password is not None:
        askpass = tmp_path / "askpass"
        askpass.write_text(f"#!/bin/sh\necho {password}\n")
        os.chmod(askpass, 0o700)
        env.update(SSH_ASKPASS=str(askpass), SSH_ASKPASS_REQUIRE="force", DISPLAY=":0")
        args = ["-o", "PubkeyAuthentication=no", "-o", "PreferredAuthentications=password",
                "-o", "NumberOfPasswordPrompts=1"]
    proc = await asyncio.create_subprocess_exec(
        "ssh", "-T", "-p", str(port), *args, "-o", "StrictHostKeyChecking=no",
        "-o", f"UserKnownHostsFile={tmp_path / 'kh'}", "-F", "/dev/null", f"{name}@127.0.0.1",
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out, _err = await asyncio.wait_for(proc.communicate(text), 60)
    return out.decode()


def code(c: str):
    return lambda o: o.get("code") == c


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client installed")
def test_a_community_server_keeps_accounts_ratings_history_bans_and_private_tables_across_a_restart(tmp_path):
    ana_key, op_key, mo_key = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(3))
    dee_file = tmp_path / "id_dee"
    dee_file.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    os.chmod(dee_file, 0o600)
    secret = tmp_path / "passcode"
    secret.write_text(PASSCODE + "\n", encoding="utf-8")
    home = tmp_path / "home"
    args = ("--operator", "Op", "--moderator", "Mo", "--passcode-file", str(secret))
    seen: dict = {}

    async def before(port: int) -> None:
        # Register: keys (asyncssh and the system ssh) with the passcode, a guest with a password.
        ana, op, mo = await login(port, "Ana", ana_key), await login(port, "Op", op_key), await login(port, "Mo", mo_key)
        for client in (ana, op, mo):
            seen.setdefault("registered", []).append((await answers(client, "register " + PASSCODE, "registered"))[0])
        seen["dee"] = await system_ssh(port, "Dee", b"register " + PASSCODE.encode() + b"\n", tmp_path, dee_file)
        bo = await login(port, "Bo")
        seen["bo_invited"] = await bo.read_until(code("may_register"))
        seen["bo_registered"] = (await answers(bo, "register bo-secret-1", "registered"))[0]
        # A rated match: two accounts and a bot.
        ana.send("create t players=3 bots=easy hands=1")
        await ana.read_until(lambda o: o["type"] == "joined")
        bo.send("join 1")
        await bo.read_until(lambda o: o["type"] == "joined")
        ana.send("start")
        await asyncio.gather(play_to_the_end(ana), play_to_the_end(bo))
        seen["rating"] = await ana.read_until(lambda o: o["type"] == "rating")
        seen["bo_rating"] = await bo.read_until(lambda o: o["type"] == "rating")
        for client in (ana, bo):
            client.send("leave")
            await client.read_until(lambda o: o["type"] == "left")
        seen["stats"] = await answers(ana, "stats", "stats", 2)
        seen["top"] = await answers(ana, "top", "top", 4)
        seen["history"] = await answers(ana, "history", "history")
        # A private table: a guest without the code is refused; the invited player sits without it.
        cy = await login(port, "Cy")
        ana.send("create friday players=4 code=owl")
        await ana.read_until(code("owl"))
        cy.send("join 2")
        seen["cy_private"] = await cy.read_until(lambda o: o["type"] == "error" and o.get("code") == "private")
        ana.send("invite Bo")
        seen["invited"] = await bo.read_until(lambda o: o["type"] == "invited")
        bo.send("join 2")
        await bo.read_until(lambda o: o["type"] == "joined" and o["number"] == 2)
        # A moderator kicks; an operator bans the name, which is refused at the next login.
        mo.send("kick Cy")
        seen["kicked"] = await cy.read_until(code("kicked"))
        cy = await login(port, "Cy")
        op.send("ban Cy")
        seen["banned_told"] = await cy.read_until(code("banned"))
        await op.read_until(code("banned"))
        # A restart with notice: everyone hears it; the server saves and stops.
        op.send("shutdown 1")
        seen["notice"] = await asyncio.gather(*(c.read_until(lambda o: o["type"] == "shutdown" and o["seconds"] == 1)
                                                for c in (ana, bo, op, mo)))
        seen["now"] = await bo.read_until(lambda o: o["type"] == "shutdown" and o["seconds"] == 0, 30)

    async def after(port: int) -> None:
        ana = await login(port, "ana", ana_key)
        seen["ana_back"] = await ana.read_until(lambda o: o["type"] == "welcome")
        seen["stats_after"] = await answers(ana, "stats", "stats", 2)
        seen["top_after"] = await answers(ana, "top", "top", 4)
        seen["history_after"] = await answers(ana, "history", "history")
        seen["tables_after"] = await answers(ana, "tables", "table", 1)
        seen["bo_ssh"] = await system_ssh(port, "Bo", b"stats\ntop\n", tmp_path, password="bo-secret-1")
        seen["dee_ssh"] = await system_ssh(port, "dee", b"stats\n", tmp_path, dee_file)
        with pytest.raises(asyncssh.PermissionDenied):  # the passcode is no password of an account
            await login(port, "Bo", password="wrong-password")
        cy = await login(port, "Cy")
        seen["cy_banned"] = await cy.read_until(code("banned"))
        eve = await login(port, "Eve")
        eve.send("join 2 owl")
        seen["eve_joined"] = await eve.read_until(lambda o: o["type"] in ("joined", "error"))

    proc, port, started = _serve(home, *args)
    try:
        run(before(port))
        status = proc.wait(30)
        proc, port, _again = _serve(home, *args)
        run(after(port))
    finally:
        proc.kill()
        proc.wait(10)
    assert status == 0
    assert "Players may keep their name: once in, they type register.\n" in started
    assert seen["bo_invited"]["text"] == "To keep your name here, type register and a password of your own."
    assert [r["key"] for r in seen["registered"]] == [True, True, True] and seen["bo_registered"]["key"] is False
    assert "The name Dee is yours now, with this key. Log in with it next time." in seen["dee"]
    assert seen["rating"]["text"].startswith("Match recorded. Your rating at Classic: ")
    assert seen["stats"][0]["text"].startswith("Ana: 1 match, ")
    assert seen["top"][0]["text"] == "Best ratings, Classic:"
    assert {o["name"] for o in seen["top"][1:]} == {"Ana", "Bo", "Bots, easy"}
    assert seen["history"][0]["players"] == 3
    assert seen["cy_private"]["text"].startswith("Table 2 is private: type its code after the number")
    assert seen["invited"]["number"] == 2 and seen["invited"]["from"] == "Ana"
    assert seen["kicked"]["text"] == "Mo sends you off the server."
    assert seen["banned_told"]["text"] == "You are banned from this server."
    assert all(n["text"].startswith("The server restarts in 1 second.") for n in seen["notice"])
    # After the restart: the same account, the same records, the ban, the private table and its code.
    assert seen["ana_back"]["name"] == "Ana"
    assert [o["text"] for o in seen["stats_after"]] == [o["text"] for o in seen["stats"]]
    assert [o["text"] for o in seen["top_after"]] == [o["text"] for o in seen["top"]]
    assert seen["history_after"][0]["text"] == seen["history"][0]["text"]
    assert (seen["tables_after"][0]["number"], seen["tables_after"][0]["taken"]) == (2, 2)  # Ana's and Bo's seats
    assert "Welcome, Bo." in seen["bo_ssh"] and "Bo: 1 match, " in seen["bo_ssh"]
    assert "Best ratings, Classic:" in seen["bo_ssh"]
    assert "Welcome, Dee." in seen["dee_ssh"] and "Dee has no finished match here yet." in seen["dee_ssh"]
    assert seen["cy_banned"]["text"] == "You are banned from this server."
    assert seen["eve_joined"]["type"] == "joined" and seen["eve_joined"]["number"] == 2


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client installed")
def test_the_system_ssh_asks_a_guest_for_the_servers_passcode_and_an_account_for_its_password(tmp_path):
    import pexpect

    secret = tmp_path / "passcode"
    secret.write_text(PASSCODE + "\n", encoding="utf-8")
    proc, port, _started = _serve(tmp_path / "home", "--passcode-file", str(secret))

    async def register() -> None:
        bo = await login(port, "Bo")
        await answers(bo, "register bo-secret-1", "registered")
        bo.close()

    def prompt_for(name: str, answer: str) -> tuple[str, str]:
        child = pexpect.spawn("ssh", ["-p", str(port), "-o", "StrictHostKeyChecking=no", "-o",
                                      f"UserKnownHostsFile={tmp_path / 'kh'}", "-o", "PubkeyAuthentication=no",
                                      "-F", "/dev/null", f"{name}@127.0.0.1"],
                              encoding="utf-8", timeout=30, env={"TERM": "xterm", "PATH": os.environ["PATH"]})
        try:
            child.expect(r"(\S[^\n]*): $")
            asked = child.match.group(1).strip()
            child.sendline(answer)
            child.expect(r"Welcome, [^.]+\.")
            return asked, child.after
        finally:
            child.terminate(force=True)

    try:
        run(register())
        guest = prompt_for("Cy", PASSCODE)
        account = prompt_for("bo", "bo-secret-1")
    finally:
        proc.kill()
        proc.wait(10)
    assert guest == ("(Cy@127.0.0.1) The server's passcode", "Welcome, Cy.")
    assert account == ("(bo@127.0.0.1) Your password", "Welcome, Bo.")
