#!/usr/bin/env python3
"""How one table server copes with many tables: latency to every other player, memory per table.

Starts one ``uno serve`` process (its own data folder, 127.0.0.1, a free port), then from
this process opens 4 SSH connections per table on the ``uno-json`` channel: scripted
players that create, join and start N 4-player tables and answer every prompt with its
first legal command after ``--think`` seconds. For every action, the time from sending it
to each of the three other players receiving its event is recorded (the clients share
this process's clock). Memory: the server's resident size before the clients and with
every table playing, divided by the number of tables.

    python3 bench/net_scale.py                  # 200 tables, 30 s of play
    python3 bench/net_scale.py --tables 50 --seconds 10 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402

PASSCODE = "bench-pass"
THINK_RNG = random.Random(14)
#: The event a command's verb makes, naming the seat that sent it (accept: that seat draws).
VERB_EVENTS = {"play": ("play",), "draw": ("draw", "cannot_draw"), "pass": ("pass",), "accept": ("draw",),
               "color": ("color_chosen",), "challenge": ("challenge",), "uno": ("uno",), "catch": ("caught",),
               "jump": ("jump_in",), "beep": ("beep_answer", "play"), "swap": ("swap",)}
ACTION_EVENTS = frozenset(e for events in VERB_EVENTS.values() for e in events)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux), 0 when unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def rss_kib(pid: int) -> int:
    """Resident memory of a process in KiB (Linux), 0 when unknown."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class TableRun:
    """The 4 players of one table and the send times of their pending actions."""

    def __init__(self) -> None:
        self.sent: dict[int, float] = {}  # seat (1-based) -> when its last action was sent
        self.waiting: dict[int, set[int]] = {}  # seat -> the other seats still to receive it
        self.measure_from = 0.0
        self.expected: dict[int, tuple[str, ...]] = {}  # seat -> the event types its action makes


class Player:
    """One scripted player over SSH."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess, run: TableRun,
                 think: float, latencies: list[float]) -> None:
        self.conn = conn
        self.process = process
        self.run = run
        self.think = think
        self.latencies = latencies
        self.seat: int | None = None
        self.actions = 0

    async def read(self) -> dict:
        line = await self.process.stdout.readline()
        if not line:
            raise EOFError
        return json.loads(line)

    async def until(self, kind: str) -> dict:
        while True:
            obj = await self.read()
            if obj.get("type") == kind:
                return obj

    async def play(self, stop: float) -> None:
        run = self.run
        answered = 0
        while time.monotonic() < stop:
            obj = await self.read()
            kind = obj.get("type")
            if kind == "hello":
                self.seat = obj["seat"]
            elif kind in ACTION_EVENTS:
                by = obj.get("seat")
                waiting = run.waiting.get(by)
                if by != self.seat and waiting and self.seat in waiting and kind in run.expected.get(by, ()):
                    waiting.discard(self.seat)
                    now = time.monotonic()
                    if now >= run.measure_from:
                        self.latencies.append(now - run.sent[by])
            elif kind == "prompt" and obj["id"] > answered and obj["kind"] == "turn":
                answered = obj["id"]
                # People do not answer in step: a think time spread around --think.
                asyncio.get_running_loop().call_later(self.think * THINK_RNG.uniform(0.5, 1.5), self._answer, obj)
            elif kind == "game_over":
                return

    def _answer(self, prompt: dict) -> None:
        seat = prompt["seat"]
        self.run.sent[seat] = time.monotonic()
        self.run.waiting[seat] = {1, 2, 3, 4} - {seat}
        command = prompt["legal"][0]
        self.run.expected[seat] = VERB_EVENTS.get(command.split()[0], ())
        self.actions += 1
        self.process.stdin.write("#%d %s\n" % (prompt["id"], command))


async def open_player(port: int, name: str, run: TableRun, think: float, latencies: list[float],
                      gate: asyncio.Semaphore) -> Player:
    async with gate:
        conn = await asyncssh.connect("127.0.0.1", port, username=name, password=PASSCODE, known_hosts=None,
                                      client_keys=None, agent_path=None, config=None)
        process = await conn.create_process("uno-json", encoding="utf-8")
    player = Player(conn, process, run, think, latencies)
    await player.until("welcome")
    return player


async def bench(args: argparse.Namespace, port: int, server_pid: int) -> dict:
    latencies: list[float] = []
    gate = asyncio.Semaphore(32)
    tables: list[list[Player]] = []
    started = time.monotonic()
    for t in range(args.tables):
        run = TableRun()
        players = await asyncio.gather(*(open_player(port, f"p{t}x{i}", run, args.think, latencies, gate)
                                         for i in range(4)))
        first = players[0]
        first.process.stdin.write(f"create bench{t} players=4 hands=0 target=100000\n")
        number = (await first.until("joined"))["number"]
        for p in players[1:]:
            p.process.stdin.write(f"join {number}\n")
            await p.until("joined")
        tables.append(list(players))
    connect_seconds = time.monotonic() - started
    # Every table starts at once: the deal of all of them is a burst, left out of the figures.
    measure_from = time.monotonic() + args.warmup
    for players in tables:
        players[0].run.measure_from = measure_from
    stop = measure_from + args.seconds
    tasks = [asyncio.ensure_future(p.play(stop)) for players in tables for p in players]
    for players in tables:
        players[0].process.stdin.write("start\n")
    await asyncio.sleep(args.warmup)
    memory_playing = rss_kib(server_pid)
    cpu0, client0, wall0 = cpu_seconds(server_pid), time.process_time(), time.monotonic()
    done, pending = await asyncio.wait(tasks, timeout=args.seconds + 10)
    wall = time.monotonic() - wall0
    server_cpu = round(100 * (cpu_seconds(server_pid) - cpu0) / wall)
    client_cpu = round(100 * (time.process_time() - client0) / wall)
    for task in pending:
        task.cancel()
    actions = sum(p.actions for players in tables for p in players)  # warm-up included
    for players in tables:
        for p in players:
            p.conn.close()
    latencies.sort()

    def pct(q: float) -> float:
        return round(1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))], 1) if latencies else 0.0

    return {
        "tables": args.tables, "players": 4 * args.tables, "seconds": args.seconds, "think": args.think,
        "connect_seconds": round(connect_seconds, 1), "actions": actions, "deliveries": len(latencies),
        "latency_ms": {"p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99), "max": pct(1.0)},
        "warmup": args.warmup, "cpu_percent": {"server": server_cpu, "clients": client_cpu},
        "memory_kib": {"idle": args.idle_kib, "playing": memory_playing,
                       "per_table": round((memory_playing - args.idle_kib) / max(1, args.tables), 1)},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="4-player tables played at once (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play measured (default 30)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a player takes to answer, on average (default 1; each answer 0.5 to 1.5 times it)")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds after the start of every table left out of the latency (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    home = tempfile.mkdtemp(prefix="uno-net-bench-")
    env = dict(os.environ, UNO_CLI_HOME=home, PYTHONPATH=str(ROOT), UNO_CLI_IGNORE_SETTINGS="1")
    server = subprocess.Popen([sys.executable, "-m", "uno_cli", "serve", "--listen", "127.0.0.1:0",
                               "--passcode", PASSCODE, "--lang", "en", "--speech", "off"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    try:
        assert server.stdout is not None
        first, match = "", None
        for _ in range(5):  # the listening line comes first; a line about speech may come before it
            line = server.stdout.readline()
            first += line
            match = re.search(r"port (\d+)", line)
            if match or not line:
                break
        if not match:
            print("the server did not start: " + first + server.stdout.read(), file=sys.stderr)
            return 2
        port = int(match.group(1))
        time.sleep(0.5)
        args.idle_kib = rss_kib(server.pid)
        result = asyncio.run(bench(args, port, server.pid))
    finally:
        server.terminate()
        server.wait(10)
    if args.json:
        print(json.dumps(result))
    else:
        lat, mem = result["latency_ms"], result["memory_kib"]
        print(f"{result['tables']} tables, {result['players']} players over SSH, {result['seconds']} s of play "
              f"after {result['warmup']} s of warm-up, "
              f"answers after {result['think']} s (connecting took {result['connect_seconds']} s)")
        print(f"actions: {result['actions']}; deliveries to the other players: {result['deliveries']}")
        print(f"action -> every other player's event: p50 {lat['p50']} ms, p90 {lat['p90']} ms, "
              f"p99 {lat['p99']} ms, max {lat['max']} ms")
        print(f"CPU while measured: server {result['cpu_percent']['server']}% of a core, "
              f"clients {result['cpu_percent']['clients']}%")
        print(f"server memory: {mem['idle']} KiB idle, {mem['playing']} KiB playing, "
              f"{mem['per_table']} KiB per table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
