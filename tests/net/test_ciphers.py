"""The ciphers the server offers: AES-GCM and AES-CTR with SHA-2 MACs, never chacha20-poly1305
(computed in Python by the server's SSH library); OpenSSH's ``ssh`` and ``uno join`` both connect."""

from __future__ import annotations

import asyncio
import subprocess

import asyncssh
import pytest

from tests.net.helpers import PASSCODE, open_server
from uno_cli.net.client import KnownHosts, connect
from uno_cli.net.ssh import ENCRYPTION_ALGS, MAC_ALGS


def test_the_server_offers_aes_gcm_first_and_no_chacha20():
    assert ENCRYPTION_ALGS[0] == "aes256-gcm@openssh.com"
    assert not any("chacha20" in alg for alg in ENCRYPTION_ALGS)
    assert not any("cbc" in alg for alg in ENCRYPTION_ALGS)
    assert all("sha2" in mac for mac in MAC_ALGS)


def test_uno_join_gets_aes_gcm_both_ways(tmp_path):
    async def go():
        server, _hub, port = await open_server(tmp_path / "server")
        try:
            conn, process = await connect("127.0.0.1", port, "Ana", PASSCODE, None,
                                          KnownHosts(tmp_path / "known_hosts"), lambda text: None)
            welcome = await process.stdout.readline()
            ciphers = conn.get_extra_info("send_cipher"), conn.get_extra_info("recv_cipher")
            conn.close()
            return welcome, ciphers
        finally:
            server.close()

    welcome, ciphers = asyncio.run(go())
    assert '"type": "welcome"' in welcome
    assert ciphers == ("aes256-gcm@openssh.com", "aes256-gcm@openssh.com")


def test_a_client_offering_only_chacha20_is_refused(tmp_path):
    async def go():
        server, _hub, port = await open_server(tmp_path / "server")
        try:
            with pytest.raises(asyncssh.Error):
                await asyncssh.connect("127.0.0.1", port, username="Ana", password=PASSCODE, known_hosts=None,
                                       client_keys=None, agent_path=None, config=None,
                                       encryption_algs=["chacha20-poly1305@openssh.com"])
        finally:
            server.close()

    asyncio.run(go())


def test_the_system_ssh_client_gets_aes_ctr_with_an_sha2_etm_mac(tmp_path):
    async def go():
        server, _hub, port = await open_server(tmp_path / "server")
        try:
            proc = await asyncio.create_subprocess_exec(
                "ssh", "-v", "-T", "-p", str(port), "-o", "StrictHostKeyChecking=no",
                "-o", f"UserKnownHostsFile={tmp_path / 'kh'}", "-o", "BatchMode=yes", "-F", "/dev/null",
                "Ana@127.0.0.1", stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            _out, err = await asyncio.wait_for(proc.communicate(b""), 30)
            return err.decode(errors="replace")
        finally:
            server.close()

    # BatchMode: no password is asked, so the login fails; the ciphers are agreed before it.
    err = asyncio.run(go())
    assert "kex: server->client cipher: aes128-ctr MAC: hmac-sha2-256-etm@openssh.com" in err
    assert "kex: client->server cipher: aes128-ctr MAC: hmac-sha2-256-etm@openssh.com" in err
