#!/usr/bin/env python3
"""How one table server copes with many tables: latency to every other player, CPU per action, memory.

Starts one ``uno serve`` process (its own data folder, 127.0.0.1, a free port), then
``--workers`` client processes (the clients never share the server's core budget with
the measuring process), each opening 4 SSH connections per table of its share on the
``uno-json`` channel: scripted players that create, join and start 4-player tables and
answer every prompt with its first legal command after ``--think`` seconds. For every
action, the time from sending it to each of the three other players receiving its event
is recorded (the 4 players of a table are in one process, on one clock). The server's
CPU time over the measured window, divided by the actions in it, is its CPU per action.
Memory: the server's resident size before the clients and with every table playing.

    python3 bench/net_scale.py                  # 200 tables, 30 s of play
    python3 bench/net_scale.py --tables 50 --seconds 10 --json
    python3 bench/net_scale.py --find 100       # the most tables holding p99 < 100 ms
    python3 bench/net_scale.py --hub --tables 40 --actions 4000 --parts   # the hub alone, no SSH

With ``--hub`` the hub runs in this process without SSH: every table's four members are JSON
members whose lines go to a list, answering each turn prompt with its first legal command after
a think time, as the SSH players do. Its CPU per action is the hub's own part of the server's
(lobby, tables, narration, prompts, timers, the store), without the transport; ``--parts`` times
each part, and the members' own reading of their lines (hashing them, parsing each prompt), which
the figure includes though it is not the hub's. Each table plays its share of the actions, then stops, and the lines every member
received are hashed (each table's lines depend only on its seed and answers: two trees telling
members the same lines give the same digest).

Without ``--hub``, ``--parts`` times the parts of the server process itself over the measured
window: this script starts ``uno serve`` with process-time counters around a few methods
(receiving from asyncssh, handling a line, narration, prompts, saving, the channel writes, asyncssh's
packet log lines and keepalive timer, the event loop's steps), told to count and to stop on its
standard input; it also counts the calls of each, and the SSH packets sent, per action. The
counters add a few microseconds to each call.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import asyncssh  # noqa: E402

PASSCODE = "bench-pass"
THINK_RNG = random.Random(14)
#: With ``--hub --parts``: the benchmark's members reading their lines, inside the hub's figure.
MEMBERS = "the members reading their lines (this benchmark's, not the hub's)"
#: The event a command's verb makes, naming the seat that sent it (accept: that seat draws).
VERB_EVENTS = {"play": ("play",), "draw": ("draw", "cannot_draw"), "pass": ("pass",), "accept": ("draw",),
               "color": ("color_chosen",), "challenge": ("challenge",), "uno": ("uno",), "catch": ("caught",),
               "jump": ("jump_in",), "beep": ("beep_answer", "play"), "swap": ("swap",)}
ACTION_EVENTS = frozenset(e for events in VERB_EVENTS.values() for e in events)


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux), 0 when unknown."""
    return sum(cpu_split(pid))


def cpu_split(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of a process (Linux), zeros when unknown."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        tick = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / tick, int(fields[12]) / tick
    except (OSError, IndexError, ValueError):
        return 0.0, 0.0


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
        #: Actions sent inside the measured window.
        self.measured = 0

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
        if self.run.sent[seat] >= self.run.measure_from:
            self.measured += 1
        self.process.stdin.write("#%d %s\n" % (prompt["id"], command))


async def open_player(port: int, name: str, run: TableRun, think: float, latencies: list[float],
                      gate: asyncio.Semaphore, source: str | None = None) -> Player:
    async with gate:
        conn = await asyncssh.connect("127.0.0.1", port, username=name, password=PASSCODE, known_hosts=None,
                                      client_keys=None, agent_path=None, config=None,
                                      local_addr=(source, 0) if source else None)
        process = await conn.create_process("uno-json", encoding="utf-8")
    player = Player(conn, process, run, think, latencies)
    await player.until("welcome")
    return player


async def worker(args: argparse.Namespace) -> dict:
    """One client process: its tables, set up, then played between the times the parent sends."""
    latencies: list[float] = []
    gate = asyncio.Semaphore(4)
    tables: list[list[Player]] = []
    for t in range(args.first, args.first + args.count):
        run = TableRun()
        players = await asyncio.gather(*(open_player(args.port, f"p{t}x{i}", run, args.think, latencies, gate,
                                                     args.source) for i in range(4)))
        first = players[0]
        first.process.stdin.write(f"create bench{t} players=4 hands=0 target=100000\n")
        number = (await first.until("joined"))["number"]
        for p in players[1:]:
            p.process.stdin.write(f"join {number}\n")
            await p.until("joined")
        tables.append(list(players))
    print("ready", flush=True)
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    measure_from, stop = (float(x) for x in line.split()[1:3])
    for players in tables:
        players[0].run.measure_from = measure_from
    tasks = [asyncio.ensure_future(p.play(stop)) for players in tables for p in players]
    for players in tables:
        players[0].process.stdin.write("start\n")
    cpu0 = time.process_time()
    _done, pending = await asyncio.wait(tasks, timeout=max(0.0, stop - time.monotonic()) + 10)
    for task in pending:
        task.cancel()
    for players in tables:
        for p in players:
            p.conn.close()
    return {"latencies": latencies, "actions": sum(p.measured for players in tables for p in players),
            "cpu": time.process_time() - cpu0}


def spread(tables: int, workers: int) -> list[tuple[int, int]]:
    """(first table, count) for each worker."""
    base, extra = divmod(tables, workers)
    out, first = [], 0
    for w in range(workers):
        count = base + (1 if w < extra else 0)
        if count:
            out.append((first, count))
        first += count
    return out


def bench(args: argparse.Namespace, port: int, server_pid: int) -> dict:
    """The parent: workers set up their tables, then play one measured window."""
    started = time.monotonic()
    procs = []
    for first, count in spread(args.tables, args.workers):
        cmd = [sys.executable, __file__, "--worker", "--port", str(port), "--first", str(first), "--count",
               str(count), "--think", str(args.think)]
        procs.append(subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                      env=dict(os.environ, PYTHONPATH=str(ROOT))))
    for proc in procs:
        assert proc.stdout is not None
        if proc.stdout.readline().strip() != "ready":
            raise SystemExit("a client process did not get its tables ready")
    connect_seconds = time.monotonic() - started
    measure_from = time.monotonic() + args.warmup
    stop = measure_from + args.seconds
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write(f"go {measure_from} {stop}\n")
        proc.stdin.flush()
    time.sleep(max(0.0, args.warmup - 0.5))
    memory_playing = rss_kib(server_pid)
    time.sleep(max(0.0, measure_from - time.monotonic()))
    control = getattr(args, "control", None)
    (user0, sys0), wall0, load0 = cpu_split(server_pid), time.monotonic(), os.getloadavg()[0]
    if control is not None:  # --parts: the server's counters count this window
        control.write("start\n")
        control.flush()
    time.sleep(max(0.0, stop - time.monotonic()))
    wall = time.monotonic() - wall0
    if control is not None:
        control.write("stop\n")
        control.flush()
    user1, sys1 = cpu_split(server_pid)
    server_user, server_system = user1 - user0, sys1 - sys0
    server_cpu = server_user + server_system
    load = round((load0 + os.getloadavg()[0]) / 2, 2)
    latencies: list[float] = []
    actions, client_cpu = 0, 0.0
    for proc in procs:
        out, _err = proc.communicate(timeout=120)
        result = json.loads(out.strip().splitlines()[-1])
        latencies += result["latencies"]
        actions += result["actions"]
        client_cpu += result["cpu"]
    latencies.sort()

    def pct(q: float) -> float:
        return round(1000 * latencies[min(len(latencies) - 1, int(q * len(latencies)))], 1) if latencies else 0.0

    return {
        "tables": args.tables, "players": 4 * args.tables, "seconds": args.seconds, "think": args.think,
        "workers": len(procs), "connect_seconds": round(connect_seconds, 1), "actions": actions,
        "deliveries": len(latencies),
        "latency_ms": {"p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99), "max": pct(1.0)},
        "warmup": args.warmup, "load_average": load,
        "cpu": {"server_seconds": round(server_cpu, 2), "server_percent": round(100 * server_cpu / wall),
                "server_ms_per_action": round(1000 * server_cpu / max(1, actions), 3),
                "server_user_ms_per_action": round(1000 * server_user / max(1, actions), 3),
                "server_system_ms_per_action": round(1000 * server_system / max(1, actions), 3),
                "clients_seconds": round(client_cpu, 2)},
        "memory_kib": {"idle": args.idle_kib, "playing": memory_playing,
                       "per_table": round((memory_playing - args.idle_kib) / max(1, args.tables), 1)},
    }


#: With ``--parts`` over SSH: the server's methods timed, (module, class, method, label); a part inside
#: another is counted in both.
SERVER_PARTS = (
    ("asyncssh.connection", "SSHConnection", "data_received", "receiving (asyncssh: decrypt, dispatch; the line is handled later)"),
    ("uno_cli.net.channel", "Inbox", "_drain", "a line handled (parse, engine, referee, narration, prompts)"),
    ("uno_cli.net.table", "Table", "_render", "  of it: narration for every member (Table._render)"),
    ("uno_cli.net.table", "Table", "after_change", "  of it: prompts and timers (Table.after_change)"),
    ("uno_cli.net.ssh", "_Session", "_flush", "a member's lines written (_Session._flush: saving, then the channel)"),
    ("uno_cli.net.hub", "Hub", "commit", "  of it: saving (Hub.commit)"),
    ("uno_cli.net.store", "TableStore", "write", "    of it: the SQLite transaction (TableStore.write)"),
    ("asyncssh.channel", "SSHChannel", "write", "  of it: the channel write (asyncssh: two packets, encrypted)"),
    ("asyncssh.connection", "SSHConnection", "_send", "  of it: the socket write (both packets in one)"),
    ("asyncssh.packet", "SSHPacketLogger", "_log_packet",
     "asyncssh's log line of each packet, made before its level is read (inside the parts above)"),
    ("asyncssh.connection", "SSHConnection", "_reset_keepalive_timer",
     "asyncssh's keepalive timer, made again at each read (inside receiving)"),
    ("asyncio.base_events", "BaseEventLoop", "_run_once", "the event loop's steps (everything; the line below is the rest)"),
    ("asyncio.events", "Handle", "_run", "  of it: the callbacks run (the loop's own part is the difference)"),
)
#: With ``--parts`` over SSH: calls counted, not timed (the ignore packet is sent from inside its data
#: packet's call, so a time would count it twice).
SERVER_COUNTS = (
    ("asyncssh.connection", "SSHConnection", "send_packet", "SSH packets sent (an ignore packet before each data packet)"),
)


def timed_server(argv: list[str], out: str) -> int:
    """``uno serve`` with :data:`SERVER_PARTS` timed: "start" on standard input starts the counters,
    "stop" writes them to ``out`` as JSON (with the process's CPU time between the two)."""
    import importlib
    import threading

    parts: dict[str, float] = {}
    calls: dict[str, int] = {}
    counting = [False]
    clock = time.process_time

    def timed(owner: Any, name: str, label: str) -> None:
        inner = getattr(owner, name)

        def wrapper(*a: Any, **k: Any) -> Any:
            if not counting[0]:
                return inner(*a, **k)
            t0 = clock()
            try:
                return inner(*a, **k)
            finally:
                parts[label] = parts.get(label, 0.0) + clock() - t0
                calls[label] = calls.get(label, 0) + 1
        setattr(owner, name, wrapper)

    def counted(owner: Any, name: str, label: str) -> None:
        inner = getattr(owner, name)

        def wrapper(*a: Any, **k: Any) -> Any:
            if counting[0]:
                calls[label] = calls.get(label, 0) + 1
            return inner(*a, **k)
        setattr(owner, name, wrapper)

    for module, cls, name, label in SERVER_PARTS:
        timed(getattr(importlib.import_module(module), cls), name, label)
    for module, cls, name, label in SERVER_COUNTS:
        counted(getattr(importlib.import_module(module), cls), name, label)

    def control() -> None:
        started = 0.0
        for line in sys.stdin:
            if line.strip() == "start":
                parts.clear()
                calls.clear()
                started, counting[0] = clock(), True
            elif line.strip() == "stop":
                counting[0] = False
                Path(out).write_text(json.dumps({"cpu": clock() - started, "parts": parts, "calls": calls}))

    threading.Thread(target=control, daemon=True).start()
    from uno_cli.entry import main as uno_main

    sys.argv = ["uno", "serve", *argv]
    uno_main()
    return 0


@contextlib.contextmanager
def running_server(extra: list[str] | None = None, crowd: bool = True,
                   parts: str | None = None) -> Iterator[tuple[subprocess.Popen, int]]:
    """A ``uno serve`` process in a data folder of its own, and its port (``crowd``: limits raised for
    hundreds of players logging in from this one address); stopped and its folder removed on leaving."""
    home = tempfile.mkdtemp(prefix="uno-net-bench-")
    try:
        server, port = _start(home, extra, crowd, parts)
        try:
            yield server, port
        finally:
            server.terminate()
            server.wait(10)
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _start(home: str, extra: list[str] | None, crowd: bool, parts: str | None) -> tuple[subprocess.Popen, int]:
    """Start ``uno serve`` with ``home`` as its data folder; the process and its port."""
    env = dict(os.environ, UNO_CLI_HOME=home, PYTHONPATH=str(ROOT), UNO_CLI_IGNORE_SETTINGS="1")
    command = [sys.executable, __file__, "--timed-server", parts] if parts else [sys.executable, "-m", "uno_cli", "serve"]
    server = subprocess.Popen([*command, "--listen", "127.0.0.1:0",
                               "--passcode", PASSCODE, "--lang", "en", "--speech", "off",
                               *(["--max-players", "5000", "--max-tables", "5000", "--connections-per-address", "5000",
                                   "--logins-per-address", "256"]
                                 if crowd else []),
                               *(extra or [])],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True,
                              stdin=subprocess.PIPE if parts else None)
    assert server.stdout is not None
    first = ""
    for _ in range(5):  # the listening line comes first; a line about speech may come before it
        line = server.stdout.readline()
        first += line
        match = re.search(r"port (\d+)", line)
        if match:
            return server, int(match.group(1))
        if not line:
            break
    server.kill()
    raise SystemExit("the server did not start: " + first)


def measure(args: argparse.Namespace) -> dict:
    """One run: a server, its tables, the figures."""
    parts = tempfile.mktemp(prefix="uno-net-parts-", suffix=".json") if args.parts else None
    with running_server(parts=parts) as (server, port):
        args.control = server.stdin
        time.sleep(0.5)
        args.idle_kib = rss_kib(server.pid)
        result = bench(args, port, server.pid)
        if parts:
            for _ in range(50):
                if os.path.exists(parts):
                    break
                time.sleep(0.1)
            timed = json.loads(Path(parts).read_text())
            os.remove(parts)
            n = max(1, result["actions"])
            result["server_parts_ms_per_action"] = {
                "the server's CPU, counted in the process (the counters' own cost included)": round(1000 * timed["cpu"] / n, 4),
                **{label: round(1000 * timed["parts"][label] / n, 4)
                   for *_where, label in SERVER_PARTS if label in timed["parts"]}}
            result["server_calls_per_action"] = {
                label.strip(): round(timed["calls"][label] / n, 2)
                for *_where, label in (*SERVER_PARTS, *SERVER_COUNTS) if label in timed["calls"]}
        return result


def show(result: dict) -> None:
    """The figures as lines."""
    lat, mem, cpu = result["latency_ms"], result["memory_kib"], result["cpu"]
    print(f"{result['tables']} tables, {result['players']} players over SSH in {result['workers']} client "
          f"processes, {result['seconds']} s of play after {result['warmup']} s of warm-up, answers after "
          f"{result['think']} s (connecting took {result['connect_seconds']} s)")
    print(f"actions measured: {result['actions']}; deliveries to the other players: {result['deliveries']}")
    print(f"action -> every other player's event: p50 {lat['p50']} ms, p90 {lat['p90']} ms, "
          f"p99 {lat['p99']} ms, max {lat['max']} ms")
    print(f"server CPU: {cpu['server_seconds']} s ({cpu['server_percent']}% of a core), "
          f"{cpu['server_ms_per_action']} ms per action (user {cpu['server_user_ms_per_action']}, system "
          f"{cpu['server_system_ms_per_action']}); clients {cpu['clients_seconds']} s; "
          f"load average {result['load_average']}")
    print(f"server memory: {mem['idle']} KiB idle, {mem['playing']} KiB playing, "
          f"{mem['per_table']} KiB per table")
    for label, ms in result.get("server_parts_ms_per_action", {}).items():
        print(f"  {label}: {ms} ms per action")
    for label, count in result.get("server_calls_per_action", {}).items():
        print(f"  calls per action: {label}: {count}")


async def hub_run(args: argparse.Namespace) -> dict:
    """The hub alone in this process: ``--tables`` tables of four JSON members, ``--actions`` actions measured."""
    import hashlib

    from uno_cli.net import PASSCODE as NET_PASSCODE
    from uno_cli.net.hub import Hub, Member
    from uno_cli.net.server import warm_up
    from uno_cli.net.table import Clock, Table

    home = Path(tempfile.mkdtemp(prefix="uno-hub-bench-"))
    # As ``uno serve`` makes its clock (pace 2, the race window the pace), one seed for the tables' deals.
    hub = Hub(Clock(pace=2.0, race_window=2.0, away_timeout=60.0), save_dir=home / "tables", seed=7)
    hub.accounts_mode = "on"
    hub.lang = "en"
    warm_up()
    loop = asyncio.get_running_loop()
    rng = random.Random(14)
    boxes: list[dict] = []
    count = {"actions": 0}
    done = loop.create_future()
    warm_actions = max(0, args.actions // 10)
    marks: dict[str, float] = {}
    parts: dict[str, float] = {}
    if args.parts:
        def timed(owner: Any, name: str, label: str) -> None:
            inner = getattr(owner, name)

            def wrapper(*a: Any, **k: Any) -> Any:
                t0 = time.process_time()
                try:
                    return inner(*a, **k)
                finally:
                    parts[label] = parts.get(label, 0.0) + time.process_time() - t0
            setattr(owner, name, wrapper)
        timed(Hub, "line", "line (parse, engine, referee, narration, prompts)")
        timed(Table, "_render", "narration for every member (Table._render)")
        timed(Table, "after_change", "prompts and timers (Table.after_change)")
        timed(Hub, "commit", "saving (Hub.commit)")
        timed(Hub, "_row", "saving: each table as JSON (Hub._row)")
        from uno_cli.net.store import TableStore

        timed(TableStore, "write", "saving: the SQLite transaction (TableStore.write)")

    # Each table answers its share of the actions, then stops: its lines depend only on its seed.
    quota = -(-(warm_actions + args.actions) // args.tables)
    answered: dict[int, int] = {}
    finished = loop.create_future()

    def answer(member: Member, prompt: dict) -> None:
        number = member.table.number if member.table is not None else 0
        if answered.get(number, 0) >= quota:
            return
        answered[number] = answered.get(number, 0) + 1
        if answered[number] == quota and len([n for n, a in answered.items() if a >= quota]) == args.tables:
            finished.set_result(None)
        count["actions"] += 1
        if count["actions"] == warm_actions:
            marks["cpu0"], marks["wall0"] = time.process_time(), time.monotonic()
            parts.clear()
        elif count["actions"] == warm_actions + args.actions and not done.done():
            marks["cpu1"], marks["wall1"] = time.process_time(), time.monotonic()
            done.set_result(None)
        hub.line(member, "#%d %s" % (prompt["id"], prompt["legal"][0]))

    def writer(box: dict) -> Any:
        box["digest"] = hashlib.sha256()

        def write(line: str) -> None:
            box["digest"].update(line.encode("utf-8"))
            if '"prompt"' in line:
                obj = json.loads(line)
                if obj.get("type") == "prompt" and obj["kind"] == "turn" and obj["id"] > box["answered"]:
                    box["answered"] = obj["id"]
                    delay = args.think * rng.uniform(0.5, 1.5)
                    loop.call_later(delay, answer, box["member"], obj)

        if args.parts:  # the members' own reading (hashing every line, parsing prompts) is not the hub's
            read = write

            def write(line: str) -> None:
                t0 = time.process_time()
                try:
                    read(line)
                finally:
                    parts[MEMBERS] = parts.get(MEMBERS, 0.0) + time.process_time() - t0
        return write

    for t in range(args.tables):
        members = []
        for i in range(4):
            box: dict = {"answered": 0}
            boxes.append(box)
            member = Member(f"p{t}x{i}", writer(box), json_lines=True, lang="en")
            member.credential = NET_PASSCODE
            box["member"] = member
            hub.connect(member)
            members.append(member)
        hub.line(members[0], f"create bench{t} players=4 hands=0 target=100000")
        number = members[0].table.number
        for m in members[1:]:
            hub.line(m, f"join {number}")
        hub.line(members[0], "start")
    await asyncio.wait_for(done, timeout=600)
    await asyncio.wait_for(finished, timeout=600)
    await asyncio.sleep(0.1)
    cpu, wall = marks["cpu1"] - marks["cpu0"], marks["wall1"] - marks["wall0"]
    hub.close()
    shutil.rmtree(home, ignore_errors=True)
    digest = hashlib.sha256("".join(sorted(b["digest"].hexdigest() for b in boxes)).encode())
    return {"tables": args.tables, "actions": args.actions, "think": args.think,
            "hub_cpu_seconds": round(cpu, 3), "wall_seconds": round(wall, 2),
            "hub_ms_per_action": round(1000 * cpu / args.actions, 4),
            "parts_ms_per_action": {k: round(1000 * v / args.actions, 4) for k, v in parts.items()},
            "lines_digest": digest.hexdigest()[:16], "load_average": round(os.getloadavg()[0], 2)}


def show_hub(result: dict) -> None:
    """The hub-only figures as lines."""
    print(f"the hub alone (no SSH): {result['tables']} tables of 4 JSON members, {result['actions']} actions "
          f"measured, answers after {result['think']} s")
    print(f"hub CPU: {result['hub_cpu_seconds']} s, {result['hub_ms_per_action']} ms per action "
          f"(wall {result['wall_seconds']} s); load average {result['load_average']}")
    for label, ms in result["parts_ms_per_action"].items():
        print(f"  {label}: {ms} ms per action")
    print(f"lines received (sha256, first 16): {result['lines_digest']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="4-player tables played at once (default 200)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play measured (default 30)")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a player takes to answer, on average (default 1; each answer 0.5 to 1.5 times it)")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds after the start of every table left out of the latency (default 5)")
    parser.add_argument("--workers", type=int, default=4, help="client processes (default 4)")
    parser.add_argument("--find", type=float, default=None, metavar="MS",
                        help="double, then halve, the table count to find the most tables whose p99 stays under MS")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--hub", action="store_true", help="the hub alone in this process, no SSH (see above)")
    parser.add_argument("--actions", type=int, default=4000, help="with --hub: actions measured (default 4000)")
    parser.add_argument("--parts", action="store_true",
                        help="CPU of each part of the hub (with --hub) or of the server process (over SSH)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--source", default=None, help=argparse.SUPPRESS)
    if sys.argv[1:2] == ["--timed-server"]:  # the server process of --parts: the rest is uno serve's
        return timed_server(sys.argv[3:], sys.argv[2])
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(asyncio.run(worker(args))))
        return 0
    if args.hub:
        result = asyncio.run(hub_run(args))
        print(json.dumps(result)) if args.json else show_hub(result)
        return 0
    if args.find is not None:
        return find(args)
    result = measure(args)
    print(json.dumps(result)) if args.json else show(result)
    return 0


def find(args: argparse.Namespace) -> int:
    """The largest table count whose p99 stays under ``--find`` milliseconds (each count run once)."""
    good, bad = 0, None
    tables = args.tables
    runs = []
    while True:
        args.tables = tables
        result = measure(args)
        runs.append(result)
        ok = result["latency_ms"]["p99"] < args.find
        print(f"{tables} tables: p99 {result['latency_ms']['p99']} ms, server "
              f"{result['cpu']['server_ms_per_action']} ms CPU per action, load {result['load_average']}"
              f" -> {'holds' if ok else 'does not hold'}", flush=True)
        if ok:
            good = tables
        else:
            bad = tables
        if bad is None:
            tables *= 2
        elif bad - good <= max(10, good // 10):
            break
        else:
            tables = (good + bad) // 2
    print(f"largest table count holding p99 < {args.find} ms: {good}")
    if args.json:
        print(json.dumps({"largest": good, "runs": runs}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
