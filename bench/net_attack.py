#!/usr/bin/env python3
"""A reference table under attack: how long its players wait while strangers attack the server.

The attackers connect from 127.0.0.1, the reference players from 127.0.0.2 (other people).

Starts one ``uno serve`` process (default limits), then for each attack: an attacker process
starts it, and once it is under way (and two seconds more) a reference table of 4 scripted players (another process,
bench/net_scale.py's players) logs in, sits and plays for ``--seconds``. Its figures are
those of bench/net_scale.py: the time from each action to each of the three other players
receiving its event. The attacks (``--attacks``):

- ``paste``: a terminal session pastes 300 KB lines and bracketed pastes, again and again;
- ``flood``: a program writes 200 KB of commands at once, again and again;
- ``chat``: 100 members in the lobby, each writing its 5 chat lines per 10 s (the limit);
- ``lockout``: 1,000 connections that never log in, from this address, renewed as they close;
- ``bots``: 30 names open as many tables of bots alone at pace 0 as they may.

    python3 bench/net_attack.py
    python3 bench/net_attack.py --attacks chat,bots --seconds 20 --json
    python3 bench/net_attack.py --probe          # the server's own loop lag during each attack
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import asyncssh  # noqa: E402

from net_scale import PASSCODE, cpu_seconds, running_server  # noqa: E402

ATTACKS = ("paste", "flood", "chat", "lockout", "bots")


async def _connect(port: int, name: str, **kw):
    conn = await asyncssh.connect("127.0.0.1", port, username=name, password=PASSCODE, known_hosts=None,
                                  client_keys=None, agent_path=None, config=None)
    return conn, await conn.create_process(**kw)


async def _drain(process) -> None:
    try:
        while await process.stdout.read(65536):
            pass
    except (asyncssh.Error, OSError):
        pass


def _ready() -> None:
    print("ready", flush=True)


async def attack(name: str, port: int) -> None:
    """Run one attack until the process is ended (it prints ``ready`` once it is under way)."""
    if name == "paste":
        conn, proc = await _connect(port, "paster", term_type="xterm")
        asyncio.ensure_future(_drain(proc))
        _ready()
        while True:
            proc.stdin.write("say " + "x" * 300_000 + "\r")
            proc.stdin.write("\x1b[200~" + "y" * 200_000 + "\x1b[201~\r")
            await asyncio.sleep(0.5)
    elif name == "flood":
        conn, proc = await _connect(port, "flooder", command="uno-json")
        asyncio.ensure_future(_drain(proc))
        _ready()
        while True:
            proc.stdin.write("who\n" * 50_000)
            await proc.stdin.drain()
    elif name == "chat":
        members = []
        for n in range(100):
            conn, proc = await _connect(port, f"chat{n}", command="uno-json")
            asyncio.ensure_future(_drain(proc))
            members.append(proc)
        _ready()
        while True:
            for n, proc in enumerate(members):
                proc.stdin.write("".join(f"say chat line {k} from {n}\n" for k in range(5)))
            await asyncio.sleep(10.2)
    elif name == "lockout":
        loop = asyncio.get_running_loop()
        open_: list[socket.socket] = []
        said = False
        while True:
            open_ = [s for s in open_ if _alive(s)]
            while len(open_) < 1000:
                s = socket.socket()
                s.setblocking(False)
                try:
                    await loop.sock_connect(s, ("127.0.0.1", port))
                except OSError:
                    s.close()
                    break
                open_.append(s)
            if open_ and not said:
                said = True
                _ready()
            await asyncio.sleep(0.5)
    elif name == "bots":
        for n in range(30):
            conn, proc = await _connect(port, f"bots{n}", command="uno-json")
            asyncio.ensure_future(_drain(proc))
            for t in range(5):  # more than allowed: the rest are refused
                proc.stdin.write(f"create b{n}x{t} players=4 hands=0 target=100000 pace=0\nstart\nleave\n")
        _ready()
        await asyncio.Event().wait()


def _alive(s: socket.socket) -> bool:
    try:
        if s.recv(1, socket.MSG_PEEK) == b"":
            s.close()
            return False
    except BlockingIOError:
        return True
    except OSError:
        s.close()
        return False
    return True


def reference(port: int, seconds: float, think: float, number: int) -> dict:
    """A reference table of 4 players (bench/net_scale.py's worker), played for ``seconds``."""
    cmd = [sys.executable, str(ROOT / "bench" / "net_scale.py"), "--worker", "--port", str(port), "--first",
           str(9000 + number), "--count", "1", "--think", str(think), "--source", "127.0.0.2"]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.stdin is not None and proc.stdout is not None
    started = time.monotonic()
    ready = proc.stdout.readline().strip() == "ready"
    login = time.monotonic() - started
    if not ready:
        proc.kill()
        return {"ready": False}
    measure_from = time.monotonic() + 2.0
    proc.stdin.write(f"go {measure_from} {measure_from + seconds}\n")
    proc.stdin.flush()
    out, _err = proc.communicate(timeout=seconds + 120)
    result = json.loads(out.strip().splitlines()[-1])
    lat = sorted(result["latencies"])

    def pct(q: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(q * len(lat)))], 1) if lat else 0.0

    return {"ready": True, "login_seconds": round(login, 2), "actions": result["actions"],
            "latency_ms": {"p50": pct(0.5), "p99": pct(0.99), "max": pct(1.0)}}


async def probe(name: str, seconds: float) -> dict:
    """The server in this process with a lag probe on its loop (a 5 ms sleep, timed) while ``name`` runs
    in another process: the server's own stalls, apart from the machine's."""
    import tempfile

    from uno_cli.net.hub import Hub
    from uno_cli.net.server import warm_up
    from uno_cli.net.ssh import Gate, bound_port, host_key, start
    from uno_cli.net.table import Clock

    folder = Path(tempfile.mkdtemp(prefix="uno-net-probe-"))
    hub = Hub(Clock(), save_dir=folder / "tables")
    warm_up()
    server = await start(hub, "127.0.0.1", 0, host_key(folder / "host_key"), Gate(PASSCODE))
    attacker = None
    loop = asyncio.get_running_loop()
    if name != "none":
        attacker = subprocess.Popen([sys.executable, __file__, "--attack", name, "--port", str(bound_port(server))],
                                    env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True)
        await loop.run_in_executor(None, attacker.stdout.readline)  # type: ignore[union-attr]
    lags: list[float] = []
    cpu0, end = time.process_time(), loop.time() + seconds
    while loop.time() < end:
        t = loop.time()
        await asyncio.sleep(0.005)
        lags.append(loop.time() - t - 0.005)
    cpu = time.process_time() - cpu0
    if attacker is not None:
        attacker.kill()
        attacker.wait(10)
    server.close()
    hub.close()
    lags.sort()
    return {"lag_ms": {"p50": round(1000 * lags[len(lags) // 2], 1), "p99": round(1000 * lags[int(0.99 * len(lags))], 1),
                       "max": round(1000 * lags[-1], 1)},
            "server_cpu_percent": round(100 * cpu / seconds), "load_average": round(os.getloadavg()[0], 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attacks", default=",".join(("none",) + ATTACKS),
                        help="comma-separated: none (no attack, the anchor), " + ", ".join(ATTACKS))
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds the reference table plays (default 15)")
    parser.add_argument("--think", type=float, default=1.0, help="reference players' average answer time (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--probe", action="store_true",
                        help="instead of a reference table, time the server's own event loop (the server runs in "
                             "this process, a 5 ms sleep is timed): its stalls apart from the machine's")
    parser.add_argument("--attack", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        asyncio.run(attack(args.attack, args.port))
        return 0
    if args.probe:
        found = {}
        for name in args.attacks.split(","):
            found[name] = asyncio.run(probe(name, args.seconds))
            if not args.json:
                lag = found[name]["lag_ms"]
                print(f"{name}: server loop lag p50 {lag['p50']} ms, p99 {lag['p99']} ms, max {lag['max']} ms; "
                      f"server {found[name]['server_cpu_percent']}% of a core; load average "
                      f"{found[name]['load_average']}", flush=True)
        if args.json:
            print(json.dumps(found))
        return 0
    results = {}
    with running_server(crowd=False) as (server, port):  # the default limits
        for number, name in enumerate(args.attacks.split(",")):
            attacker = None
            if name != "none":
                attacker = subprocess.Popen([sys.executable, __file__, "--attack", name, "--port", str(port)],
                                            env=dict(os.environ, PYTHONPATH=str(ROOT)),
                                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
                assert attacker.stdout is not None
                attacker.stdout.readline()  # under way
                time.sleep(2.0)
            cpu0, wall0, load0 = cpu_seconds(server.pid), time.monotonic(), os.getloadavg()[0]
            result = reference(port, args.seconds, args.think, number)
            wall = time.monotonic() - wall0
            result["server_cpu_percent"] = round(100 * (cpu_seconds(server.pid) - cpu0) / wall)
            result["load_average"] = round((load0 + os.getloadavg()[0]) / 2, 2)
            if attacker is not None:
                attacker.kill()
                attacker.wait(10)
                time.sleep(1.0)
            results[name] = result
            if not args.json:
                if not result["ready"]:
                    print(f"{name}: the reference table could not sit down", flush=True)
                else:
                    lat = result["latency_ms"]
                    print(f"{name}: reference table p50 {lat['p50']} ms, p99 {lat['p99']} ms, max {lat['max']} ms; "
                          f"{result['actions']} actions; its players logged in and sat in {result['login_seconds']} s; "
                          f"server {result['server_cpu_percent']}% of a core; load average {result['load_average']}",
                          flush=True)
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
