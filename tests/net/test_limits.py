"""The server's limits: connections, failed logins (passcode and keys), line and chat length,
and text cleaned before anyone sees it."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from tests.net.helpers import PASSCODE, Client, serve_process
from uno_cli.net import ssh as net_ssh
from uno_cli.net.hub import MAX_CHAT, MAX_LINE, Hub, Member
from uno_cli.net.ssh import Gate, bound_port, host_key, start
from uno_cli.net.table import Clock


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


def test_connections_over_the_limit_are_closed_before_a_login(tmp_path):
    async def go():
        hub = Hub(Clock())
        gate = Gate(PASSCODE, max_connections=1)
        server = await start(hub, "127.0.0.1", 0, host_key(tmp_path / "host_key"), gate)
        port = bound_port(server)
        first = await Client.open(port, "Ana")
        await first.read_until(lambda o: o["type"] == "welcome")
        with pytest.raises((asyncssh.Error, OSError)):
            await Client.open(port, "Bo")
        first.close()
        while gate.connections:  # until the server has seen the connection end
            await asyncio.sleep(0.01)
        again = await Client.open(port, "Bo")  # the place is free again
        welcome = await again.read_until(lambda o: o["type"] == "welcome")
        server.close()
        return welcome

    assert run(go())["name"] == "Bo"


def test_an_address_that_failed_too_often_cannot_log_in_with_a_key_either(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(key.export_public_key())
    gate = Gate(PASSCODE, str(auth))
    server = net_ssh._Server(Hub(), gate)
    server.address = "192.0.2.7"
    assert server.validate_public_key("Ana", key.convert_to_public())
    for _ in range(net_ssh.MAX_FAILURES):
        assert not server.validate_password("Ana", "wrong")
    assert not server.validate_public_key("Ana", key.convert_to_public())
    assert not server.validate_password("Ana", PASSCODE)
    other = net_ssh._Server(Hub(), gate)
    other.address = "192.0.2.8"  # the limit is per address
    assert other.validate_password("Ana", PASSCODE)


def test_a_line_over_the_limit_is_refused_whole_in_a_plain_text_session(tmp_path):
    async def go():
        from tests.net.helpers import open_server

        server, hub, port = await open_server(tmp_path)
        c = await Client.open(port, "Ana", json_lines=False, term="xterm")
        await c.read_until(lambda line: line.startswith("Welcome, Ana."))
        c.send("say " + "x" * (MAX_LINE + 50))
        c.send("who")
        await c.read_until(lambda line: line.startswith("Here: "))
        server.close()
        return c.lines

    # A terminal session draws the local prompt: what it prints is read with the prompt's
    # own cursor moves taken out, so a line may keep a leading space.
    lines = [line.strip() for line in run(go())]
    assert "That line is too long." in lines
    assert not any(" says: " in line for line in lines)


def test_a_line_of_megabytes_from_a_program_is_refused_once_and_the_next_line_is_read(tmp_path):
    # An 8 MB line was answered "That line is too long." about 200 times, once per piece of it read.
    async def go():
        from tests.net.helpers import open_server

        server, hub, port = await open_server(tmp_path)
        c = await Client.open(port, "Ana")
        await c.read_until(lambda o: o["type"] == "welcome")
        c.send("say " + "x" * (MAX_LINE * 200))
        c.send("who")
        await c.read_until(lambda o: o["type"] == "who", 60)
        server.close()
        return c.objects

    objects = run(go())
    assert [o.get("code") for o in objects].count("too_long") == 1
    assert not any(o["type"] == "chat" for o in objects)


def test_a_chat_message_is_cut_to_the_longest_kept():
    out: list[str] = []
    hub = Hub()
    ana = Member("Ana", out.append)
    hub.connect(ana)
    hub.line(ana, "say " + "y" * (MAX_CHAT + 100))
    assert out[-1] == "Ana says: " + "y" * MAX_CHAT


def test_table_names_are_cleaned_before_the_list_says_them():
    out: list[str] = []
    hub = Hub()
    ana = Member("Ana", out.append)
    hub.connect(ana)
    hub.line(ana, "create fri\x1b[2Jday\u202e\u200b players=2")
    hub.line(ana, "tables")
    assert hub.tables[1].name == "friday"
    assert out[-1].startswith("Table 1, friday: ")


def test_colour_codes_typed_at_a_terminal_session_are_dropped_and_the_session_goes_on(tmp_path):
    async def go():
        from tests.net.helpers import open_server

        server, hub, port = await open_server(tmp_path)
        c = await Client.open(port, "Ana", json_lines=False, term="xterm")
        await c.read_until(lambda line: line.startswith("Welcome, Ana."))
        # Pasted coloured text: prompt_toolkit reads "ESC [31m" as a mouse report.
        c.process.stdin.write("say \x1b[31mred\x1b[0m text\r")
        c.process.stdin.write("who\r")
        await c.read_until(lambda line: line.startswith("Here: "))
        server.close()
        return [line.strip() for line in c.lines]

    lines = run(go())
    assert "Ana says: red text" in lines


def test_uno_serve_refuses_an_authorized_keys_file_that_is_a_device_too_big_or_garbage_with_a_sentence(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    big = tmp_path / "big"
    big.write_text("x" * 1_100_000)
    garbage = tmp_path / "garbage"
    garbage.write_text("# friends\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ\n")
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path / "home"), PYTHONPATH=str(root), UNO_CLI_IGNORE_SETTINGS="1")
    said = {}
    for name, path in (("device", "/dev/zero" if os.path.exists("/dev/zero") else str(tmp_path)),
                       ("big", str(big)), ("garbage", str(garbage))):
        proc = subprocess.run([sys.executable, "-m", "uno_cli", "serve", "--listen", "127.0.0.1:0", "--speech", "off",
                               "--lang", "en", "--authorized-keys", path], env=env, capture_output=True, text=True,
                              timeout=60)
        said[name] = (proc.returncode, proc.stderr.strip(), proc.stdout)
    assert said["device"][1].endswith("is not a regular file (a folder, a pipe or a device cannot hold keys).")
    assert said["big"][1].endswith("is larger than 1000 kB; it should hold one public key per line.")
    assert said["garbage"][1] == (f"Line 2 of the authorized keys file {garbage} is not a public key in the "
                                  "OpenSSH format.")
    for returncode, _err, out in said.values():
        assert returncode == 2 and "Traceback" not in out and "listening" not in out


class _Peer:
    """A connection as asyncssh hands it to the server's callbacks: its peer address, and whether it was ended."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.ended = False

    def get_extra_info(self, name: str, default=None):
        return (self.address, 50000, 0, 0) if name == "peername" else default

    def abort(self) -> None:
        self.ended = True

    close = abort

    def disconnect(self, code: int, reason: str, lang: str = "en-US") -> None:
        self.ended = True


def _logged_in(gate: Gate, address: str) -> _Peer:
    """A connection from ``address`` that arrives and logs in, through the server's callbacks."""
    conn = _Peer(address)
    server = net_ssh._Server(Hub(), gate)
    server.connection_made(conn)
    if not conn.ended:
        server.auth_completed()
    return conn


def test_connections_from_one_ipv6_64_count_as_one_address_and_another_64_still_gets_in():
    from uno_cli.net.limits import Limits

    gate = Gate(PASSCODE, limits=Limits(connections=10, connections_per_address=2))
    # One client holds a /64: each connection from another of its addresses still counts in one share.
    assert not _logged_in(gate, "2001:db8:1:2::1").ended
    assert not _logged_in(gate, "2001:db8:1:2:ffff:ffff:ffff:fffe").ended
    assert _logged_in(gate, "2001:db8:1:2::abcd").ended
    assert not _logged_in(gate, "2001:db8:1:3::1").ended  # the next /64 is someone else
    assert gate.connections == 3


def test_an_ipv4_mapped_ipv6_address_counts_as_its_ipv4_address():
    from uno_cli.net.limits import Limits

    gate = Gate(PASSCODE, limits=Limits(connections=10, connections_per_address=1))
    assert not _logged_in(gate, "192.0.2.7").ended
    assert _logged_in(gate, "::ffff:192.0.2.7").ended
    assert not _logged_in(gate, "::ffff:192.0.2.8").ended


def test_connections_logging_in_from_one_ipv6_64_share_one_addresss_limit():
    from uno_cli.net.limits import Limits

    gate = Gate(PASSCODE, limits=Limits(logins=64, logins_per_address=2))
    first, second, third = (_Peer(f"2001:db8::{n}") for n in (1, 2, 3))
    for conn in (first, second, third):
        net_ssh._Server(Hub(), gate).connection_made(conn)
    # The third of one /64 ends the oldest of that /64, as a third from one address would.
    assert (first.ended, second.ended, third.ended) == (True, False, False)
    assert gate.logging_in == 2


def test_failed_logins_from_one_ipv6_64_block_the_whole_64_and_no_other():
    gate = Gate(PASSCODE)
    for n in range(net_ssh.MAX_FAILURES):
        server = net_ssh._Server(Hub(), gate)
        server.address = f"2001:db8:5:6::{n + 1:x}"
        assert not server.validate_password("Ana", "wrong")
    another = net_ssh._Server(Hub(), gate)
    another.address = "2001:db8:5:6:1:2:3:4"
    assert not another.validate_password("Ana", PASSCODE)
    elsewhere = net_ssh._Server(Hub(), gate)
    elsewhere.address = "2001:db8:5:7::1"
    assert elsewhere.validate_password("Ana", PASSCODE)


def test_the_share_an_address_counts_in():
    from uno_cli.net.limits import address_share

    assert address_share("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert address_share("fe80::1%eth0") == "fe80::/64"
    assert address_share("::ffff:203.0.113.9") == "203.0.113.9"
    assert address_share("203.0.113.9") == "203.0.113.9"
    assert address_share("") == ""  # no transport said


def test_uno_serve_connections_per_address_lets_more_players_than_the_default_in_from_one_address(tmp_path):
    from uno_cli.net.limits import Limits

    allowed = Limits().connections_per_address + 1  # one more than the default lets in

    async def go(port):
        held = []
        for n in range(allowed):
            client = await Client.open(port, f"P{n}")
            await client.read_until(lambda o: o["type"] == "welcome")
            held.append(client)
        with pytest.raises((asyncssh.Error, OSError)):
            extra = await Client.open(port, "Extra")
            await extra.read_until(lambda o: o["type"] == "welcome")
        for client in held:
            client.close()
        return len(held)

    proc, port = serve_process(tmp_path, "--connections-per-address", str(allowed))
    try:
        assert run(go(port)) == allowed
    finally:
        proc.terminate()
        proc.wait(30)


def test_uno_serve_per_address_options_reach_the_server_and_their_defaults_stay(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from uno_cli import cli
    from uno_cli.net import server as net_server
    from uno_cli.net.limits import Limits

    given = []

    async def spy(*args, limits, **kw):
        given.append(limits)
        return 0

    monkeypatch.setenv("UNO_CLI_HOME", str(tmp_path))
    monkeypatch.setattr(net_server, "serve", spy)
    for options in ((), ("--connections-per-address", "5000", "--logins-per-address", "256")):
        done = CliRunner().invoke(cli.main, ["serve", "--speech", "off", "--lang", "en", *options],
                                  env={"UNO_CLI_IGNORE_SETTINGS": "1"})
        assert done.exit_code == 0, done.output
    assert (given[0].connections_per_address, given[0].logins_per_address) == (
        Limits().connections_per_address, Limits().logins_per_address) == (50, 8)
    assert (given[1].connections_per_address, given[1].logins_per_address) == (5000, 256)


@pytest.mark.parametrize(("value", "lang", "said"), [
    ("0", "en", "Invalid value for '--connections-per-address': 0 is not a whole number from 1 to 100000."),
    ("many", "pt", "Valor inválido para '--connections-per-address': many não é um número inteiro de 1 a 100000."),
    ("2.5", "it", "Valore non valido per '--connections-per-address': 2.5 non è un numero intero da 1 a 100000."),
])
def test_uno_serve_refuses_a_per_address_limit_that_is_no_positive_whole_number_in_the_players_language(
        value, lang, said, tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, UNO_CLI_HOME=str(tmp_path), PYTHONPATH=str(root), UNO_CLI_IGNORE_SETTINGS="1")
    done = subprocess.run([sys.executable, "-m", "uno_cli", "serve", "--lang", lang, "--speech", "off",
                           "--connections-per-address", value], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].endswith(said)
