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


#: What a hostile server puts in its text: the clipboard (OSC 52), the title, a clear screen, a
#: question to the terminal (its answer would come back as typed input), 8-bit CSI, a bell.
HOSTILE = ("\x1b]52;c;aGVsbG8=\x07clip \x1b]0;pwned\x07title \x1b[2J\x1b[Hclear \x1b[6n\x1b[cquery "
           "\x9b2Jcsi\x07 \u202eend")


class _HostileServer(asyncssh.SSHServer):
    def begin_auth(self, username: str) -> bool:
        return True

    def password_auth_supported(self) -> bool:
        return True

    def validate_password(self, username: str, password: str) -> bool:
        return True


async def _hostile_session(process) -> None:
    import json

    text = HOSTILE + "\nsecond line " + HOSTILE
    process.stdout.write(json.dumps({"type": "info", "text": text, HOSTILE: HOSTILE}) + "\n")
    process.stdout.write(HOSTILE + "\n")  # not even JSON
    await asyncio.sleep(0.3)
    process.exit(0)


def _join_against_a_hostile_server(tmp_path, fmt: str) -> bytes:
    import os
    import subprocess
    import sys

    from tests.interactive.helpers import ROOT

    async def go():
        server = await asyncssh.create_server(
            _HostileServer, "127.0.0.1", 0, server_host_keys=[asyncssh.generate_private_key("ssh-ed25519")],
            process_factory=_hostile_session, encoding="utf-8")
        port = server.sockets[0].getsockname()[1]
        env = dict(os.environ, UNO_CLI_HOME=str(tmp_path), PYTHONPATH=str(ROOT), UNO_CLI_IGNORE_SETTINGS="1")
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "uno_cli", "join", f"127.0.0.1:{port}", "--name", "Ana", "--passcode", "x",
            "--speech", "off", "--lang", "en", "--format", fmt, env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        out, _err = await asyncio.wait_for(proc.communicate(b""), 60)
        server.close()
        return out

    return asyncio.run(go())


def test_uno_join_cleans_every_line_a_hostile_server_sends_before_printing_or_speaking_it(tmp_path):
    out = _join_against_a_hostile_server(tmp_path, "text")
    text = out.decode("utf-8")
    assert "clip title clear query csi end" in text
    assert "second line clip title clear query csi end" in text
    for bad in ("\x1b", "\x9b", "\x07", "\u202e"):
        assert bad not in text


def test_uno_join_with_json_prints_a_hostile_servers_objects_with_their_text_cleaned(tmp_path):
    import json

    out = _join_against_a_hostile_server(tmp_path, "json")
    text = out.decode("utf-8")
    for bad in ("\x1b", "\x9b", "\x07", "\u202e"):
        assert bad not in text
    objects = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert objects[0]["text"] == "clip title clear query csi end\nsecond line clip title clear query csi end"
    assert len(objects) == 1  # the line that was no JSON is dropped
