"""A stranger's terminal and connection as the SSH protocol lets them be, not as real ones are: a window
millions of columns wide, many sessions on one connection. The other players never wait for them."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from tests.net.helpers import PASSCODE, Client, open_server, worst_answer
from tests.net.test_hostile import PATIENCE, run


async def _connect(port: int, name: str) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect("127.0.0.1", port, username=name, password=PASSCODE, known_hosts=None,
                                  client_keys=None, agent_path=None, config=None)


def test_a_terminal_ten_million_columns_wide_is_drawn_as_a_narrower_one_and_nobody_waits(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        other = await Client.open(port, "Bo")
        await other.read_until(lambda o: o["type"] == "welcome")
        conn = await _connect(port, "Wide")
        process = await conn.create_process(term_type="xterm", term_size=(10_000_000, 24))
        wide = Client(conn, process, json_lines=False)
        await wide.read_until(lambda line: line.startswith("Welcome"), 60)
        worst = await worst_answer(other, 1.0)
        process.change_terminal_size(10_000_000, 10_000_000)
        await asyncio.sleep(0.2)
        worst = max(worst, await worst_answer(other, 1.0))
        wide.send("who")
        here = await wide.read_until(lambda line: line.startswith("Here:"), 60)
        server.close()
        return worst, here

    worst, here = run(go())
    assert here.strip() == "Here: Bo and Wide."
    assert worst < PATIENCE  # ten million columns stopped every table for about 20 seconds a redraw


def test_a_storm_of_terminal_sizes_is_drawn_once_and_the_last_size_wins():
    # 20,000 window changes from one client kept another player's answer waiting 6 seconds:
    # each was a full redraw of that client's screen on the server's loop.
    from uno_cli.net import ssh
    from uno_cli.net.ssh import _Session

    wait = getattr(ssh, "RESIZE_WAIT", 0.05)

    class App:
        is_running = True
        redraws = 0

        def _on_resize(self) -> None:
            App.redraws += 1

    async def go():
        session = _Session(None)  # type: ignore[arg-type]
        session._loop, session._app = asyncio.get_running_loop(), App()
        for _ in range(20_000):
            session.terminal_size_changed(80, 24, 0, 0)
        await asyncio.sleep(wait * 3)
        session.terminal_size_changed(100, 30, 0, 0)  # a later size is drawn too
        await asyncio.sleep(wait * 3)

    run(go())
    assert App.redraws == 2


def test_ssh_with_a_command_runs_nothing_and_says_how_to_come_in_in_the_player_s_language(tmp_path):
    # "ssh -p PORT ana@host uno" was refused with the client's own "exec request failed on channel 0".
    marker = tmp_path / "ran"

    async def go():
        server, hub, port = await open_server(tmp_path)
        conn = await _connect(port, "Ana")
        english = await conn.run(f"touch {marker}; uno", check=False)
        portuguese = await conn.run("\x1b]0;title\x07play", env={"UNO_LANG": "pt"}, check=False)
        still = await conn.create_process("uno-json")  # the connection still plays
        client = Client(conn, still, json_lines=True)
        welcome = await client.read_until(lambda o: o["type"] == "welcome", 60)
        server.close()
        return english, portuguese, welcome, list(hub.members)

    english, portuguese, welcome, members = run(go())
    assert (english.exit_status, english.stdout) == (1, "")
    said = english.stderr.strip()
    assert said.startswith("This server runs no command (touch /") and said.endswith("): to play, connect without one.")
    assert len(said) <= 130  # the command said back is cut short (60 characters)
    assert portuguese.exit_status == 1
    assert portuguese.stderr.strip() == "Este servidor não executa comandos (play): para jogar, conecte sem nenhum."
    assert not marker.exists() and welcome["name"] == "Ana" and members == ["Ana"]


def test_one_connection_opens_a_few_sessions_at_once_and_a_closed_one_makes_room():
    # Each session costs what a connection costs (a terminal's line editor, a member), and the server's
    # limits count connections: without this, one login opened thousands.
    from uno_cli.net.hub import Hub
    from uno_cli.net.ssh import MAX_SESSIONS, Gate, _Server

    login = _Server(Hub(), Gate(PASSCODE))
    sessions = [login.session_requested() for _ in range(MAX_SESSIONS + 20)]
    opened = [s for s in sessions if s]
    opened[0].connection_lost(None)
    again = login.session_requested()
    assert (len(opened), sessions.count(False), bool(again), login.session_requested()) == (
        MAX_SESSIONS, 20, True, False)


def test_a_session_keeps_a_bounded_number_of_short_environment_variables_of_those_a_client_sends(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        conn = await _connect(port, "Env")
        env = {"UNO_LANG": "pt", **{f"K{n}": "v" * 30_000 for n in range(300)}}  # 9 MB kept per session before
        process = await conn.create_process("uno-json", env=env)
        client = Client(conn, process, json_lines=True)
        welcome = await client.read_until(lambda o: o["type"] == "welcome", 60)
        kept = hub.members["Env"].write.__self__.chan.get_environment()
        server.close()
        return welcome["text"], len(kept), sum(len(k) + len(v) for k, v in kept.items())

    text, count, size = run(go())
    assert text.startswith("Boas-vindas")  # the variables the game reads still count
    from uno_cli.net.ssh import MAX_ENV, MAX_ENV_TEXT

    assert count <= MAX_ENV < 300 and size <= MAX_ENV * MAX_ENV_TEXT


def test_a_session_whose_client_takes_packets_of_a_few_bytes_is_closed_before_it_costs_the_others(tmp_path):
    # Every answer would go out a byte a packet: one list of the tables stopped the server for seconds.
    from uno_cli.net.ssh import MAX_SESSIONS

    async def go():
        server, hub, port = await open_server(tmp_path)
        conn = await _connect(port, "Tiny")
        try:
            process = await conn.create_process("uno-json", max_pktsize=16)
            process.stdin.write("tables\n")
            got = await asyncio.wait_for(process.stdout.read(), 20)
        except asyncssh.ChannelOpenError:
            got = ""  # refused as it opens
        for _ in range(MAX_SESSIONS):  # a refused session leaves its place free
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.create_process("uno-json", max_pktsize=16)
        normal = await conn.create_process("uno-json")  # the same connection, ordinary packets: plays
        client = Client(conn, normal, json_lines=True)
        welcome = await client.read_until(lambda o: o["type"] == "welcome")
        server.close()
        return got, welcome["name"]

    assert run(go()) == ("", "Tiny")
