"""What a player has heard is saved before the next prompt: a killed server resumes exactly there,
tables waiting for their players come back, and a store that cannot be written is said and
makes ``uno serve`` end with a failure status."""

from __future__ import annotations

import asyncio
import signal
import subprocess
from pathlib import Path

from tests.net.helpers import PASSCODE, Client, serve_process
from uno_cli.net.hub import Hub
from uno_cli.net.server import serve
from uno_cli.net.table import Clock

STATE = ("hand", "top", "color", "current", "counts", "scores", "legal")


def run(coro, timeout: float = 120):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def _serve(home: Path) -> tuple[subprocess.Popen, int]:
    """A real ``uno serve`` process and its port, its bots moving fast."""
    return serve_process(home, "--pace", "0.2")


def _schema_pages(folder: Path) -> int:
    """The pages of an empty store (its schema): a store that may not grow past them holds a few short lines."""
    from uno_cli.net.store import TableStore

    store = TableStore(folder / "empty.sqlite3")
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store.close()
    return pages


def _kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)


def test_a_server_killed_at_any_prompt_resumes_at_exactly_what_the_player_last_heard(tmp_path):
    async def first(port: int, proc: subprocess.Popen) -> dict:
        ana = await Client.open(port, "Ana")
        ana.send("create t players=2 hands=0 target=100000")
        await ana.read_until(lambda o: o["type"] == "joined")
        ana.send("start")
        answered = 0
        while True:
            prompt = await ana.read_until(lambda o: o["type"] == "prompt" and o["id"] > answered)
            answered = prompt["id"]
            if answered >= 6:
                _kill(proc)  # at once: nothing more is written after the player heard the prompt
                return prompt
            ana.send("#%d %s" % (answered, prompt["legal"][-1]))

    async def second(port: int) -> dict:
        ana = await Client.open(port, "Ana")
        return await ana.read_until(lambda o: o["type"] == "prompt")

    proc, port = _serve(tmp_path)
    try:
        heard = run(first(port, proc))
        proc, port = _serve(tmp_path)
        resumed = run(second(port))
    finally:
        proc.kill()
        proc.wait(10)
    assert {k: resumed[k] for k in STATE} == {k: heard[k] for k in STATE}


def test_a_table_waiting_for_its_players_comes_back_with_their_seats_after_a_kill(tmp_path):
    async def first(port: int, proc: subprocess.Popen) -> None:
        ana, bo = await Client.open(port, "Ana"), await Client.open(port, "Bo")
        ana.send("create friday players=3")
        await ana.read_until(lambda o: o["type"] == "joined")
        bo.send("join 1")
        await bo.read_until(lambda o: o["type"] == "joined")
        _kill(proc)

    async def second(port: int) -> tuple[dict, dict]:
        ana = await Client.open(port, "Ana")
        seat = await ana.read_until(lambda o: o["type"] == "joined")
        ana.send("tables")
        return seat, await ana.read_until(lambda o: o["type"] == "table")

    proc, port = _serve(tmp_path)
    try:
        run(first(port, proc))
        proc, port = _serve(tmp_path)
        seat, table = run(second(port))
    finally:
        proc.kill()
        proc.wait(10)
    assert seat["number"] == 1 and seat["seat"] == 1
    assert table["name"] == "friday" and table["taken"] == 2 and table["state"] == "waiting"


def test_a_store_that_cannot_be_written_is_said_to_the_table_and_the_server_ends_with_a_failure(tmp_path, caplog):
    said: list[str] = []

    async def go():
        clock = Clock(pace=2.0, scale=0.002)
        # A disk that is full once the store holds its schema and a few lines: a match's save fails.
        hub = Hub(clock, save_dir=tmp_path / "tables", seed=3, store_pages=_schema_pages(tmp_path / "scratch"))
        stop = asyncio.Event()
        ready: asyncio.Future = asyncio.get_running_loop().create_future()
        task = asyncio.ensure_future(serve("127.0.0.1", 0, PASSCODE, None, tmp_path, clock, said.append,
                                           ready=ready.set_result, stop=stop, hub=hub))
        port = await ready
        ana = await Client.open(port, "Ana")
        ana.send("create t players=2")
        await ana.read_until(lambda o: o["type"] == "joined")
        ana.send("start")  # a match in progress does not fit any more
        error = await ana.read_until(lambda o: o.get("code") == "save_failed")
        stop.set()
        return error, await task

    error, status = run(go())
    assert error["text"].startswith("The server could not save this table (database or disk is full).")
    assert status == 1
    assert said[-1] == "The tables could not be saved: database or disk is full."
    assert any("could not be saved: database or disk is full" in r.getMessage() for r in caplog.records)


def test_a_table_saved_as_a_file_by_an_earlier_version_is_moved_into_the_store_and_resumed(tmp_path):
    out: list[str] = []

    async def go():
        from uno_cli.net.hub import Member

        hub = Hub(save_dir=tmp_path / "tables", seed=4)
        ana = Member("Ana", out.append)
        hub.connect(ana)
        hub.line(ana, "create t players=2 hands=1")
        hub.line(ana, "start")
        table = hub.tables[1]
        import json as json_module

        legacy = {"net": {"name": "t", "creator": "Ana", "bots": "normal", "preset": "classic", "pace": None},
                  "game": table.session.save_dict()}
        hub.close()
        (tmp_path / "tables" / "tables.sqlite3").unlink()
        (tmp_path / "tables" / "table-7.json").write_text(json_module.dumps(legacy), encoding="utf-8")
        again = Hub(save_dir=tmp_path / "tables")
        resumed = again.resume()
        numbers = list(again.tables)
        again.close()
        return resumed, numbers

    resumed, numbers = run(go())
    assert resumed == 1 and numbers == [7]
    assert not (tmp_path / "tables" / "table-7.json").exists()
