"""The server under hostile and heavy load, over real SSH connections: a paste of any size, chat from
many members, idle connections of strangers and tables of bots alone never stop the other tables."""

from __future__ import annotations

import asyncio
import socket
import time


from tests.net.helpers import Client, lobby, open_server, open_table, play_to_the_end, worst_answer
from uno_cli.net.channel import MAX_PENDING
from uno_cli.net.hub import CHAT_BACKLOG, CHAT_MEMBERS_PER_TICK
from uno_cli.net.limits import Limits

#: How long the server may keep a reference player waiting during an attack, in a test on a shared
#: machine (the bench, bench/net_attack.py, measures the real figures).
PATIENCE = 2.0


def run(coro, timeout: float = 120):
    return asyncio.run(asyncio.wait_for(coro, timeout))


async def _terminal(port: int, name: str) -> Client:
    c = await Client.open(port, name, json_lines=False, term="xterm")
    await c.read_until(lambda line: line.startswith("Welcome"))
    return c


def test_a_paste_of_any_size_into_a_terminal_costs_bounded_time_and_the_server_keeps_answering(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        other = await Client.open(port, "Bo")
        await other.read_until(lambda o: o["type"] == "welcome")
        ana = await _terminal(port, "Ana")
        cpu = time.process_time()
        # 300 KB on one line, a bracketed paste of 200 KB, and 1,000 short lines: far over the pipe's 64 KB.
        ana.process.stdin.write("say " + "x" * 300_000 + "\r")
        ana.process.stdin.write("\x1b[200~" + "y" * 200_000 + "\x1b[201~\r")
        ana.process.stdin.write("who\r" * 1000)
        worst = await worst_answer(other, 1.0)
        ana.process.stdin.write("\rsay still here\r")
        await ana.read_until(lambda line: "Ana says: still here" in line, 60)
        used = time.process_time() - cpu
        lines = [line.strip() for line in ana.lines]
        server.close()
        return worst, used, lines

    worst, used, lines = run(go())
    assert worst < PATIENCE
    assert lines.count("That line is too long.") == 2  # each long line refused as a whole, once
    assert not any(" says: x" in line or " says: y" in line for line in lines)
    assert used < 60  # bounded: the old pipe stopped the loop for good past 64 KB


def test_lines_from_a_program_are_read_a_few_per_tick_and_the_channel_stops_reading_past_the_limit(tmp_path):
    async def go():
        server, hub, port = await open_server(tmp_path)
        other = await Client.open(port, "Bo")
        await other.read_until(lambda o: o["type"] == "welcome")
        flood = await Client.open(port, "Cy")
        await flood.read_until(lambda o: o["type"] == "welcome")
        flood.process.stdin.write("who\n" * 50_000)  # 200 KB of commands at once
        worst = await worst_answer(other, 1.0)
        waiting = max(s._inbox.size for s in _sessions(hub))
        server.close()
        return worst, waiting

    worst, waiting = run(go())
    assert worst < PATIENCE
    assert waiting <= MAX_PENDING + 64 * 1024  # at most the limit and one SSH window's worth


def _sessions(hub):
    return [m.write.__self__ for m in hub.members.values()]


def test_chat_from_many_members_is_batched_and_does_not_stop_a_table(tmp_path):
    # Counted, not timed (a loaded machine stretches every wall-clock figure): the tables' moves are timers
    # on the server's loop, and a timer that falls due while chat is handed out waits for one batch at most.
    async def go():
        server, hub, port = await open_server(tmp_path)
        chatters = [await _terminal(port, f"c{i}") for i in range(30)]
        (ref,) = await lobby(port, "Ref")
        await open_table(ref, "players=2 hands=0 target=100000")  # Ref and a bot, playing all along
        playing = asyncio.create_task(play_to_the_end(ref, 600))
        handed = [0]  # chat lines handed out to members other than their author
        reached = set()  # the members handed chat lines since the timer below last ran
        written = dict.fromkeys(hub.members, 0)  # chat lines written to each member, their own included

        def counting(member):
            write = member.write

            def counted(line):
                if " says: line " in line:
                    written[member.name] += 1
                    if f"{member.name} says:" not in line:
                        handed[0] += 1
                        reached.add(member.name)
                write(line)
            return counted

        for member in hub.members.values():
            member.write = counting(member)
        loop = asyncio.get_running_loop()
        between = []  # (chat lines, members) handed out between two runs of a timer that is always due

        def probe(last=None):
            if last is not None:
                between.append((handed[0] - last, len(reached)))
                reached.clear()
            if not done.is_set():
                loop.call_later(0, probe, handed[0])

        done = asyncio.Event()
        probe()
        game = hub.tables[1].session.game
        before = game.version
        for c in chatters:  # each within the chat limit: 5 lines
            c.process.stdin.write("".join(f"say line {n} from {id(c) % 97}\r" for n in range(5)))
        for i, c in enumerate(chatters):  # every line was said (each author hears their own)
            await c.read_until(lambda line, i=i: line.startswith(f"c{i} says: line 4"), 120)
        while len(between) < 50 or any(n for n, _m in between[-50:]):  # then handed out, until 50 passes hand none
            await asyncio.sleep(0)
        moves = game.version - before  # the table's moves while the chat was handed out
        done.set()
        playing.cancel()
        last = chatters[-1]
        await last.read_until(lambda _line: sum(" says: line " in x for x in last.lines) >= written["c29"], 120)
        server.close()
        return between, moves, last.lines

    between, moves, lines = run(go())
    # Each pass of the loop hands chat to one batch of members at most (a line is not written to the whole
    # lobby at once), so a table's move that falls due waits for that batch only.
    assert max(m for _n, m in between) <= CHAT_MEMBERS_PER_TICK, sorted(between)[-5:]
    assert max(n for n, _m in between) <= CHAT_MEMBERS_PER_TICK * CHAT_BACKLOG
    assert sum(n for n, _m in between) >= 30 * CHAT_BACKLOG  # the chat went out meanwhile: each the latest lines
    assert moves > 0  # the table went on while the chat was handed out
    said = [line for line in lines if " says: line " in line]
    skipped = [line for line in lines if "chat lines were skipped" in line]
    # 150 lines were written to the lobby: each member gets the latest, and hears how many were skipped.
    assert len(said) >= CHAT_BACKLOG
    assert said and (len(said) == 150 or skipped)


def test_idle_connections_of_strangers_never_lock_players_out(tmp_path):
    limits = Limits(connections=40, logins=16, logins_per_address=4, login_timeout=5.0)

    async def go():
        server, hub, port = await open_server(tmp_path, limits=limits)
        playing = await Client.open(port, "Ana")
        await playing.read_until(lambda o: o["type"] == "welcome")
        idle = []
        # 60 connections that never log in: 20 from this address, 40 from ten other addresses.
        for n in range(60):
            source = "127.0.0.1" if n < 20 else f"127.0.0.{2 + n % 10}"
            s = socket.socket()
            s.bind((source, 0))
            s.setblocking(False)
            await asyncio.get_running_loop().sock_connect(s, ("127.0.0.1", port))
            idle.append(s)
        await asyncio.sleep(0.5)
        pending = server.gate.logging_in
        bo = await Client.open(port, "Bo")  # a player still logs in, from the busiest address
        welcome = await bo.read_until(lambda o: o["type"] == "welcome")
        worst = await worst_answer(playing, 0.5)
        server.close()
        for s in idle:
            s.close()
        return pending, welcome, worst

    pending, welcome, worst = run(go())
    assert pending <= limits.logins
    assert welcome["name"] == "Bo"
    assert worst < PATIENCE


def test_one_player_opens_a_limited_number_of_tables_and_bots_alone_share_a_bounded_budget(tmp_path):
    limits = Limits(tables_per_player=2, unattended_moves=30.0)

    async def go():
        server, hub, port = await open_server(tmp_path, limits=limits)
        ana = await Client.open(port, "Ana")
        await ana.read_until(lambda o: o["type"] == "welcome")
        for n in range(2):
            ana.send(f"create bots{n} players=4 hands=0 target=100000 pace=0")
            await ana.read_until(lambda o: o["type"] == "joined" and o.get("number") == n + 1)
            ana.send("start")
            await ana.read_until(lambda o: o["type"] == "hello")
            ana.send("leave")
            await ana.read_until(lambda o: o["type"] == "left")
        ana.send("create third players=4")
        refused = await ana.read_until(lambda o: o.get("code") == "too_many_yours")
        ref = await Client.open(port, "Ref")
        await ref.read_until(lambda o: o["type"] == "welcome")
        before = sum(t.session.game.version for t in hub.tables.values())
        worst = await worst_answer(ref, 2.0)
        moves = sum(t.session.game.version for t in hub.tables.values()) - before
        server.close()
        return refused, worst, moves

    refused, worst, moves = run(go())
    assert refused["text"] == "You already opened 2 tables that are not over, as many as one player may open."
    assert worst < PATIENCE
    assert moves <= 2.0 * limits.unattended_moves * 1.5 + 10  # the budget, not thousands of moves
